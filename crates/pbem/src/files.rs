//! Writing output files safely: a file is written to a temporary name beside its
//! destination and renamed into place, so a reader never sees half a file, and an
//! existing file is never replaced unless the caller says so.

use std::fs;
use std::io::Write;
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
        }
    }
}

/// Reads a whole file as text.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    fs::read_to_string(path).map_err(|source| FileError::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads a whole file as bytes.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    fs::read(path).map_err(|source| FileError::Read {
        path: path.to_path_buf(),
        source,
    })
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
