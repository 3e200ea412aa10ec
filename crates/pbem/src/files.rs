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
    let mut bytes = Vec::new();
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

/// Writes every file or none: first checks that no destination exists (unless
/// `force`), then writes each to a temporary name, then renames them all into place.
pub fn write_all(files: &[(PathBuf, Vec<u8>)], force: bool) -> Result<(), FileError> {
    if !force {
        if let Some((p, _)) = files.iter().find(|(p, _)| p.exists()) {
            return Err(FileError::Exists(p.clone()));
        }
    }
    let mut temps = Vec::new();
    for (path, bytes) in files {
        match write_temp(path, bytes) {
            Ok(t) => temps.push((t, path.clone())),
            Err(e) => {
                for (t, _) in &temps {
                    let _ = fs::remove_file(t);
                }
                return Err(e);
            }
        }
    }
    for (tmp, path) in temps {
        fs::rename(&tmp, &path).map_err(|source| FileError::Write {
            path: path.clone(),
            source,
        })?;
    }
    Ok(())
}

fn write_temp(path: &Path, bytes: &[u8]) -> Result<PathBuf, FileError> {
    let err = |source| FileError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(err)?;
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(name);
    let mut f = fs::File::create(&tmp).map_err(err)?;
    f.write_all(bytes).map_err(err)?;
    f.sync_all().map_err(err)?;
    Ok(tmp)
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
        let leftovers = fs::read_dir(dir.path()).unwrap().filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        });
        assert_eq!(leftovers.count(), 0);
    }
}
