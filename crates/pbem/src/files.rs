//! Reading input files with a size limit, and writing output files safely: a file is
//! written to a temporary name beside its destination and renamed into place, so a
//! reader never sees half a file, and an existing file is never replaced unless the
//! caller says so.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why files could not be written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum FileError {
    #[error("{0} already exists")]
    #[diagnostic(help("pass --force to replace it, or choose another --out folder"))]
    Exists(PathBuf),
    #[error("could not write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("could not read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is larger than {max} bytes, more than any file of a game")]
    #[diagnostic(help("give the file the game wrote or the player mailed, not another one"))]
    TooLarge { path: PathBuf, max: u64 },
    #[error("{path} is not UTF-8 text")]
    NotText { path: PathBuf },
}

impl FileError {
    /// The stable code of this failure, as `docs/error-codes.md` lists it. Exhaustive:
    /// a new variant needs a new code, and a code never changes meaning. (Not `code`:
    /// miette's `Diagnostic` has a method of that name.)
    pub fn error_code(&self) -> &'static str {
        match self {
            FileError::Exists(_) => "F001",
            FileError::Write { .. } => "F002",
            FileError::Read { .. } => "F003",
            FileError::TooLarge { .. } => "F004",
            FileError::NotText { .. } => "F005",
        }
    }
}

/// No input file (state, orders, mail message, seed, rule data) is larger than this;
/// a larger one is refused before it is read into memory.
pub const MAX_INPUT_BYTES: u64 = 8 * 1024 * 1024;

/// Reads a whole file as text (at most [`MAX_INPUT_BYTES`]).
pub fn read_text(path: &Path) -> Result<String, FileError> {
    String::from_utf8(read_bytes(path)?).map_err(|_| FileError::NotText {
        path: path.to_path_buf(),
    })
}

/// Reads a whole file as bytes (at most [`MAX_INPUT_BYTES`]).
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    read_at_most(path, MAX_INPUT_BYTES)
}

/// Reads a whole file as bytes, refusing one larger than `max` without reading more
/// than `max + 1` bytes of it.
pub fn read_at_most(path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    let err = |source| FileError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = fs::File::open(path).map_err(err)?;
    // Room for the whole file at once, as its size says (a bound on it, not trusted
    // beyond `max`): read in one call rather than in ever larger pieces.
    let size = file.metadata().map_or(0, |m| m.len()).min(max);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(err)?;
    if bytes.len() as u64 > max {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            max,
        });
    }
    Ok(bytes)
}

/// The hidden folder one write stages its files in, inside the folder it writes to:
/// `.blitz-staging-PID-NANOS/`, holding the files as `0`, `1`, ... and, once every
/// one is on disk, the `JOURNAL` naming where each goes.
pub const STAGING_PREFIX: &str = ".blitz-staging-";

const JOURNAL: &str = "JOURNAL";

/// Writes every file or none, even when the program is killed at any moment:
///
/// 1. an interrupted write found in the folder is finished or discarded ([`recover`]);
/// 2. unless `force`, no destination may exist;
/// 3. every file is written into a fresh staging folder and synced;
/// 4. the journal naming every destination is written, synced and renamed into the
///    staging folder: from this moment the write is decided;
/// 5. each file is renamed into place, the folders are synced, and the journal and the
///    staging folder are removed.
///
/// Killed before step 4, the folder is untouched and the next write (or [`recover`])
/// removes the staging folder; killed after it, the next one finishes the renames. A
/// failure before step 4 (a full disk) removes the staging folder, so no temporary file
/// stays. One process writes a game folder at a time.
pub fn write_all(files: &[(PathBuf, Vec<u8>)], force: bool) -> Result<(), FileError> {
    let Some(root) = common_folder(files) else {
        return Ok(());
    };
    let write_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Write { path, source }
    };
    fs::create_dir_all(&root).map_err(write_err(&root))?;
    recover(&root)?;
    if let Some((p, _)) = files.iter().find(|(p, _)| p.is_dir()) {
        return Err(FileError::Write {
            path: p.clone(),
            source: std::io::Error::other("a folder has this name"),
        });
    }
    if !force {
        if let Some((p, _)) = files.iter().find(|(p, _)| p.exists()) {
            return Err(FileError::Exists(p.clone()));
        }
    }
    let stage = root.join(format!("{STAGING_PREFIX}{}", unique_suffix()));
    if let Err(e) = stage_files(&root, &stage, files) {
        let _ = fs::remove_dir_all(&stage);
        return Err(e);
    }
    finish(&root, &stage)
}

/// Finishes or discards every interrupted [`write_all`] into `dir`: a staging folder
/// with its journal is renamed into place, one without is removed. Returns how many
/// interrupted writes were found.
pub fn recover(dir: &Path) -> Result<usize, FileError> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(0);
    };
    let mut found = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let path = entry.path();
        if !name.to_string_lossy().starts_with(STAGING_PREFIX) || !path.is_dir() {
            continue;
        }
        found += 1;
        if path.join(JOURNAL).is_file() {
            finish(dir, &path)?;
        } else {
            fs::remove_dir_all(&path).map_err(|source| FileError::Write {
                path: path.clone(),
                source,
            })?;
            sync_dir(dir).map_err(|source| FileError::Write {
                path: dir.to_path_buf(),
                source,
            })?;
        }
    }
    Ok(found)
}

/// Steps 3 and 4: every file and then the journal into the staging folder, synced.
fn stage_files(root: &Path, stage: &Path, files: &[(PathBuf, Vec<u8>)]) -> Result<(), FileError> {
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Write { path, source }
    };
    fs::create_dir(stage).map_err(err(stage))?;
    let mut journal = String::new();
    for (i, (path, bytes)) in files.iter().enumerate() {
        let relative = relative_to(root, path)
            .and_then(Path::to_str)
            .filter(|r| !r.contains(['\n', '\t']))
            .ok_or_else(|| FileError::Write {
                path: path.clone(),
                source: std::io::Error::other("the file name is not plain UTF-8 text"),
            })?;
        if let Some(parent) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(err(path))?;
        }
        let staged = stage.join(i.to_string());
        let mut f = fs::File::create(&staged).map_err(err(path))?;
        f.write_all(bytes).map_err(err(path))?;
        f.sync_all().map_err(err(path))?;
        journal.push_str(&format!("{i}\t{relative}\n"));
    }
    let pending = stage.join(format!("{JOURNAL}.tmp"));
    let mut f = fs::File::create(&pending).map_err(err(stage))?;
    f.write_all(journal.as_bytes()).map_err(err(stage))?;
    f.sync_all().map_err(err(stage))?;
    sync_dir(stage).map_err(err(stage))?;
    fs::rename(&pending, stage.join(JOURNAL)).map_err(err(stage))?;
    sync_dir(stage).map_err(err(stage))
}

/// Step 5: renames every staged file the journal names into place (one renamed before
/// an interruption is no longer staged and is skipped), syncs, and cleans up.
fn finish(root: &Path, stage: &Path) -> Result<(), FileError> {
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Write { path, source }
    };
    let journal = fs::read_to_string(stage.join(JOURNAL)).map_err(err(stage))?;
    let mut folders: Vec<PathBuf> = vec![root.to_path_buf()];
    for line in journal.lines() {
        let Some((i, relative)) = line.split_once('\t') else {
            continue;
        };
        let staged = stage.join(i);
        let path = root.join(relative);
        if staged.exists() {
            fs::rename(&staged, &path).map_err(err(&path))?;
        }
        if let Some(parent) = path.parent() {
            if !folders.iter().any(|f| f == parent) {
                folders.push(parent.to_path_buf());
            }
        }
    }
    for folder in &folders {
        sync_dir(folder).map_err(err(folder))?;
    }
    fs::remove_file(stage.join(JOURNAL)).map_err(err(stage))?;
    fs::remove_dir_all(stage).map_err(err(stage))?;
    sync_dir(root).map_err(err(root))
}

/// The deepest folder holding every file (the current folder for bare names).
fn common_folder(files: &[(PathBuf, Vec<u8>)]) -> Option<PathBuf> {
    let folder = |p: &Path| match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut iter = files.iter().map(|(p, _)| folder(p));
    let first = iter.next()?;
    let common: PathBuf = iter.fold(first, |common, next| {
        common
            .components()
            .zip(next.components())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a)
            .collect()
    });
    Some(if common.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        common
    })
}

/// `path` from `root`: what follows it, or the path itself when the root is the
/// current folder and the path is relative.
fn relative_to<'a>(root: &Path, path: &'a Path) -> Option<&'a Path> {
    path.strip_prefix(root)
        .ok()
        .or_else(|| (root == Path::new(".") && path.is_relative()).then_some(path))
}

/// A name no other write of this or another process uses at the same time.
fn unique_suffix() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{}-{nanos}", std::process::id())
}

/// Makes a folder's entries (renames, removals) durable.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_or_nothing_and_no_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        let b = dir.path().join("sub/b.txt");
        write_all(
            &[(a.clone(), b"one".to_vec()), (b.clone(), b"two".to_vec())],
            false,
        )
        .unwrap();
        assert_eq!(fs::read_to_string(&b).unwrap(), "two");
        let c = dir.path().join("c.txt");
        let err = write_all(
            &[(c.clone(), b"x".to_vec()), (a.clone(), b"new".to_vec())],
            false,
        );
        assert!(matches!(err, Err(FileError::Exists(_))));
        assert!(
            !c.exists(),
            "nothing is written when one destination exists"
        );
        assert_eq!(fs::read_to_string(&a).unwrap(), "one");
        write_all(&[(a.clone(), b"new".to_vec())], true).unwrap();
        assert_eq!(fs::read_to_string(&a).unwrap(), "new");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }

    /// Temporary files and staging folders left in a folder.
    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp") || n.starts_with(STAGING_PREFIX))
            .collect()
    }

    /// A staging folder as a write killed part way leaves it: `renamed` of the files
    /// already in place, the journal written or not.
    fn interrupted(dir: &Path, journal: bool, renamed: usize) -> PathBuf {
        let stage = dir.join(format!("{STAGING_PREFIX}1-2"));
        fs::create_dir(&stage).unwrap();
        let mut lines = String::new();
        for (i, name) in ["a.txt", "b.txt", "c.txt"].iter().enumerate() {
            lines.push_str(&format!("{i}\t{name}\n"));
            if i < renamed {
                fs::write(dir.join(name), name.as_bytes()).unwrap();
            } else {
                fs::write(stage.join(i.to_string()), name.as_bytes()).unwrap();
            }
        }
        if journal {
            fs::write(stage.join(JOURNAL), lines).unwrap();
        }
        stage
    }

    #[test]
    fn an_interrupted_write_with_its_journal_is_finished_by_the_next() {
        for renamed in 0..3 {
            let dir = tempfile::tempdir().unwrap();
            interrupted(dir.path(), true, renamed);
            assert_eq!(recover(dir.path()).unwrap(), 1);
            for name in ["a.txt", "b.txt", "c.txt"] {
                assert_eq!(fs::read_to_string(dir.path().join(name)).unwrap(), name);
            }
            assert_eq!(leftovers(dir.path()), Vec::<String>::new());
        }
    }

    #[test]
    fn an_interrupted_write_without_its_journal_is_discarded_by_the_next() {
        let dir = tempfile::tempdir().unwrap();
        interrupted(dir.path(), false, 0);
        write_all(&[(dir.path().join("d.txt"), b"d".to_vec())], false).unwrap();
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["d.txt"]);
    }

    #[test]
    fn a_failure_while_staging_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("x"), b"a file, not a folder").unwrap();
        let err = write_all(
            &[
                (dir.path().join("a.txt"), b"a".to_vec()),
                (dir.path().join("x/b.txt"), b"b".to_vec()),
            ],
            false,
        );
        assert!(matches!(err, Err(FileError::Write { .. })), "{err:?}");
        assert!(!dir.path().join("a.txt").exists());
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }

    #[test]
    fn bare_names_write_into_the_current_folder_layout() {
        assert_eq!(
            common_folder(&[(PathBuf::from("a.txt"), Vec::new())]),
            Some(PathBuf::from("."))
        );
        assert_eq!(
            common_folder(&[
                (PathBuf::from("/g/a.txt"), Vec::new()),
                (PathBuf::from("/g/sub/b.txt"), Vec::new())
            ]),
            Some(PathBuf::from("/g"))
        );
        assert_eq!(
            relative_to(Path::new("."), Path::new("a.txt")),
            Some(Path::new("a.txt"))
        );
    }

    #[test]
    fn a_file_larger_than_the_limit_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("big");
        fs::write(&p, vec![b'x'; 101]).unwrap();
        assert!(matches!(
            read_at_most(&p, 100),
            Err(FileError::TooLarge { max: 100, .. })
        ));
        assert_eq!(read_at_most(&p, 101).unwrap().len(), 101);
    }
}
