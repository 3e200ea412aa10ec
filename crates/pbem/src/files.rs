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
    #[error("{path} is not a write this program left unfinished: {why}; nothing was changed")]
    #[diagnostic(help(
        "a folder received from someone else may carry one planted: look at it, and \
         remove it by hand if you did not leave it there"
    ))]
    NotOurStaging { path: PathBuf, why: String },
    #[error(
        "{dir} holds a write that was interrupted ({stage}): run `blitz repair {dir}` to \
         finish it, then this command again"
    )]
    #[diagnostic(help(
        "a command killed while it wrote (a crash, a full disk) leaves its files staged; \
         until they are in place the folder is not the game as it was written"
    ))]
    Unfinished { dir: PathBuf, stage: PathBuf },
    #[error(
        "{dir} holds the states of two games: {first} is of a `{first_kind}` game, {other} of a `{other_kind}` game"
    )]
    #[diagnostic(help(
        "a game folder holds one game: keep each game's files in a folder of their own"
    ))]
    TwoGames {
        dir: PathBuf,
        first: String,
        first_kind: String,
        other: String,
        other_kind: String,
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
            FileError::TooLarge { .. } => "F004",
            FileError::NotText { .. } => "F005",
            FileError::NotOurStaging { .. } => "F006",
            FileError::Unfinished { .. } => "F007",
            FileError::TwoGames { .. } => "F030",
        }
    }
}

/// No input file (state, orders, mail message, seed, rule data) is larger than this;
/// a larger one is refused before it is read into memory.
pub const MAX_INPUT_BYTES: u64 = 8 * 1024 * 1024;

/// The largest order file read, in every game: sixteen times the template of a full
/// BLITZKRIEG turn, and small enough that reading, checking and reporting any file of
/// this size stays well under 50 MB and a second.
pub const MAX_ORDER_BYTES: usize = 64 * 1024;

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

/// The names of the files in `dir` whose names end in `suffix`, sorted (a game folder's
/// files sort in the order they were written: their names begin with their number).
pub fn names_ending(dir: &Path, suffix: &str) -> Result<Vec<String>, FileError> {
    let listing = fs::read_dir(dir).map_err(|source| FileError::Read {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut names: Vec<String> = listing
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| n.ends_with(suffix))
        .collect();
    names.sort();
    Ok(names)
}

/// The files named `stem` followed by each of `endings`, in that order, as `find` finds
/// them by name (the files that replay a player-turn or step, in the order a mail
/// attaches them).
pub fn stem_files(
    stem: &str,
    endings: &[&str],
    mut find: impl FnMut(&str) -> Option<Vec<u8>>,
) -> Vec<(String, Vec<u8>)> {
    endings
        .iter()
        .filter_map(|ending| {
            let name = format!("{stem}{ending}");
            find(&name).map(|b| (name, b))
        })
        .collect()
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
    write_files(files, force, None)
}

/// A folder in which [`recover`] finished or discarded every interrupted write, kept
/// by the command that ran it before reading the folder: its own write into the same
/// folder ([`write_all_after`]) need not look through it again, as one process writes
/// a game folder at a time.
#[derive(Debug)]
pub struct Recovered {
    dir: PathBuf,
}

/// [`recover`] on `dir`, kept as [`Recovered`] for [`write_all_after`].
pub fn recover_folder(dir: &Path) -> Result<Recovered, FileError> {
    recover(dir)?;
    Ok(Recovered {
        dir: dir.to_path_buf(),
    })
}

/// [`write_all`] by a command that ran [`recover_folder`] first: step 1 is left out
/// when the folder written into is the one recovered, as given (the same folder
/// written otherwise, `./game` for `game`, is looked through again).
pub fn write_all_after(
    recovered: &Recovered,
    files: &[(PathBuf, Vec<u8>)],
    force: bool,
) -> Result<(), FileError> {
    write_files(files, force, Some(&recovered.dir))
}

/// [`write_all`], step 1 left out for the folder `recovered` if it is the one written.
fn write_files(
    files: &[(PathBuf, Vec<u8>)],
    force: bool,
    recovered: Option<&Path>,
) -> Result<(), FileError> {
    let Some(root) = common_folder(files) else {
        return Ok(());
    };
    let write_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Write { path, source }
    };
    fs::create_dir_all(&root).map_err(write_err(&root))?;
    if recovered != Some(root.as_path()) {
        recover(&root)?;
    }
    // What is at each destination now, looked up once for both checks.
    let found: Vec<Option<fs::Metadata>> =
        files.iter().map(|(p, _)| fs::metadata(p).ok()).collect();
    if let Some((p, _)) = files
        .iter()
        .zip(&found)
        .find_map(|(f, m)| m.as_ref().is_some_and(fs::Metadata::is_dir).then_some(f))
    {
        return Err(FileError::Write {
            path: p.clone(),
            source: std::io::Error::other("a folder has this name"),
        });
    }
    if !force {
        if let Some((p, _)) = files
            .iter()
            .zip(&found)
            .find_map(|(f, m)| m.is_some().then_some(f))
        {
            return Err(FileError::Exists(p.clone()));
        }
    }
    let stage = root.join(format!("{STAGING_PREFIX}{}", unique_suffix()));
    match stage_files(&root, &stage, files) {
        Ok(moves) => finish(&root, &stage, &moves),
        Err(e) => {
            let _ = fs::remove_dir_all(&stage);
            Err(e)
        }
    }
}

/// Finishes or discards every interrupted [`write_all`] into `dir`: a staging folder
/// with its journal is renamed into place, one without is removed. Returns how many
/// interrupted writes were found.
///
/// Only what [`write_all`] itself leaves is touched, and only once every staging folder
/// of `dir` is found to be one ([`FileError::NotOurStaging`] otherwise, with nothing
/// changed): a folder received from someone else may carry a planted journal naming
/// any file on the machine.
pub fn recover(dir: &Path) -> Result<usize, FileError> {
    let found = staging_folders(dir)?;
    for staging in &found {
        match &staging.journal {
            Some(moves) => finish(dir, &staging.path, moves)?,
            None => {
                let err = |path: &Path| {
                    let path = path.to_path_buf();
                    move |source| FileError::Write { path, source }
                };
                fs::remove_dir_all(&staging.path).map_err(err(&staging.path))?;
                sync_dir(dir).map_err(err(dir))?;
            }
        }
    }
    Ok(found.len())
}

/// Refuses a folder holding an interrupted write that was decided (its journal
/// written) but not finished ([`FileError::Unfinished`]), or a staging folder that is
/// not one [`write_all`] leaves ([`FileError::NotOurStaging`]). Writes nothing: the
/// check of a command that only reads the folder. A write interrupted before its
/// journal changed nothing the reader sees, and is let be.
pub fn check_finished(dir: &Path) -> Result<(), FileError> {
    match staging_folders(dir)?
        .into_iter()
        .find(|s| s.journal.is_some())
    {
        Some(s) => Err(FileError::Unfinished {
            dir: dir.to_path_buf(),
            stage: s.path,
        }),
        None => Ok(()),
    }
}

/// [`check_finished`] on the folder a file is in (the current folder for a bare name).
pub fn check_finished_beside(file: &Path) -> Result<(), FileError> {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => check_finished(d),
        _ => check_finished(Path::new(".")),
    }
}

/// Reads a file of a game folder (a state) as [`read_bytes`] does, once
/// [`check_finished_beside`] finds no unfinished write beside it: a state read while a
/// write is half done may be mailed or played without the files it came with.
pub fn read_game_file(path: &Path) -> Result<Vec<u8>, FileError> {
    check_finished_beside(path)?;
    read_bytes(path)
}

/// The most files one write stages, and the largest journal: a command writes a few
/// files, never near these.
const MAX_STAGED: usize = 1000;
const MAX_JOURNAL_BYTES: u64 = 64 * 1024;

/// A staging folder found in a folder, checked to be one [`write_all`] leaves.
struct Staging {
    path: PathBuf,
    /// The journal's renames (the staged file's name, its destination); none when the
    /// write was interrupted before its journal, so that nothing was decided.
    journal: Option<Vec<(String, PathBuf)>>,
}

/// Every staging folder of `dir`, each checked ([`check_staging`]), in name order.
/// Reads only.
fn staging_folders(dir: &Path) -> Result<Vec<Staging>, FileError> {
    if !may_hold_folders(dir) {
        return Ok(Vec::new());
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| FileError::Read {
            path: dir.to_path_buf(),
            source,
        })?;
        if !entry
            .file_name()
            .to_string_lossy()
            .starts_with(STAGING_PREFIX)
        {
            continue;
        }
        // Only a folder is a staging folder: a file or a symbolic link bearing the name
        // is none, and is never followed, touched or refused (nor seen at all where
        // the folder's link count shows it holds no folder: `may_hold_folders`).
        if entry
            .file_type()
            .map_err(|source| FileError::Read {
                path: entry.path(),
                source,
            })?
            .is_dir()
        {
            found.push(check_staging(dir, &entry.path())?);
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(found)
}

/// Whether `dir` may hold a folder, as a staging folder is: told without listing it
/// (a game folder holds a few hundred files) where its file system counts a folder's
/// subfolders in its link count ([`counts_subfolders`]). There a folder has a link
/// count of 2 (its name in its parent, its own `.`) and one more for each subfolder
/// (the subfolder's `..`), so 2 says it holds no folder. Anywhere else, or when the
/// folder cannot be asked, it may.
#[cfg(target_os = "linux")]
fn may_hold_folders(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    !counts_subfolders(dir) || fs::metadata(dir).map_or(true, |m| m.nlink() != 2)
}

/// Not known off Linux: every folder is listed.
#[cfg(not(target_os = "linux"))]
fn may_hold_folders(_: &Path) -> bool {
    true
}

/// Whether the file system `dir` is on is one known to count a folder's subfolders in
/// its link count: ext2, ext3 and ext4, XFS and tmpfs. Others do not, or not always:
/// btrfs and overlayfs count 1, SMB shares may count 2 whatever the folder holds, a
/// network file system says what its server says.
#[cfg(target_os = "linux")]
fn counts_subfolders(dir: &Path) -> bool {
    /// The `statfs` types of ext2/3/4, XFS and tmpfs (`linux/magic.h`).
    const COUNTING: [u64; 3] = [0xEF53, 0x5846_5342, 0x0102_1994];
    rustix::fs::statfs(dir)
        .is_ok_and(|s| u64::try_from(s.f_type).is_ok_and(|t| COUNTING.contains(&t)))
}

/// Whether `name` is one [`write_all`] gives its staging folder: the prefix, then the
/// process id and the nanoseconds, in decimal.
fn is_staging_name(name: &str) -> bool {
    name.strip_prefix(STAGING_PREFIX)
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(pid, nanos)| is_decimal(pid) && is_decimal(nanos))
}

/// Digits only, without a leading zero (but `0` itself).
fn is_decimal(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 40
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
}

/// Checks a staging folder is what [`write_all`] leaves: so named, a real folder (not
/// a symbolic link) holding only regular files named `0`, `1`, ..., `JOURNAL.tmp` and
/// `JOURNAL`; the journal, if there, of sane size and well-formed lines, naming every
/// staged file, each to a plain relative path inside `root` ([`check_destination`]).
fn check_staging(root: &Path, stage: &Path) -> Result<Staging, FileError> {
    let refuse = |why: String| FileError::NotOurStaging {
        path: stage.to_path_buf(),
        why,
    };
    let read_err = |source| FileError::Read {
        path: stage.to_path_buf(),
        source,
    };
    let name = stage.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !is_staging_name(name) {
        return Err(refuse(format!(
            "the umpire names its staging folders {STAGING_PREFIX}PID-NANOS, in digits"
        )));
    }
    if !fs::symlink_metadata(stage).map_err(read_err)?.is_dir() {
        return Err(refuse(
            "it is not a folder but a symbolic link or a file".to_string(),
        ));
    }
    let mut has_journal = false;
    let mut staged = std::collections::BTreeSet::new();
    for (n, entry) in fs::read_dir(stage).map_err(read_err)?.enumerate() {
        if n >= MAX_STAGED + 2 {
            return Err(refuse(format!(
                "it holds more than {MAX_STAGED} files, more than any write stages"
            )));
        }
        let entry = entry.map_err(read_err)?;
        let file_name = entry.file_name();
        let Some(file) = file_name.to_str() else {
            return Err(refuse(format!(
                "it holds {}, a file the umpire does not stage",
                file_name.to_string_lossy()
            )));
        };
        if !entry.file_type().map_err(read_err)?.is_file() {
            return Err(refuse(format!(
                "{file} in it is not a regular file (a symbolic link or a folder)"
            )));
        }
        match file {
            JOURNAL => has_journal = true,
            JOURNAL_TMP => {}
            i if is_decimal(i) => {
                staged.insert(i.to_string());
            }
            other => {
                return Err(refuse(format!(
                    "it holds {other}, a file the umpire does not stage"
                )))
            }
        }
    }
    let journal = if has_journal {
        Some(read_journal(root, stage, &staged).map_err(refuse)?)
    } else {
        None
    };
    Ok(Staging {
        path: stage.to_path_buf(),
        journal,
    })
}

/// The renames a staging folder's journal names, checked: one line per file, `I<TAB>
/// PATH` with I counting from 0, every staged file named, no destination twice.
fn read_journal(
    root: &Path,
    stage: &Path,
    staged: &std::collections::BTreeSet<String>,
) -> Result<Vec<(String, PathBuf)>, String> {
    let bytes = match read_at_most(&stage.join(JOURNAL), MAX_JOURNAL_BYTES) {
        Ok(b) => b,
        Err(FileError::TooLarge { .. }) => {
            return Err(format!(
                "its journal is larger than {MAX_JOURNAL_BYTES} bytes, more than any write's"
            ))
        }
        Err(e) => return Err(e.to_string()),
    };
    let text = String::from_utf8(bytes).map_err(|_| "its journal is not text".to_string())?;
    let Some(body) = text.strip_suffix('\n') else {
        return Err("its journal is empty or does not end a line".to_string());
    };
    let mut moves: Vec<(String, PathBuf)> = Vec::new();
    for (n, line) in body.split('\n').enumerate() {
        let bad = |why: &str| format!("line {} of its journal {why}", n + 1);
        let (i, relative) = line
            .split_once('\t')
            .ok_or_else(|| bad("is not NUMBER<TAB>FILE"))?;
        if i != n.to_string() {
            return Err(bad(&format!("numbers its file {i}, not {n}")));
        }
        let dest = check_destination(root, relative).map_err(|why| bad(&why))?;
        if moves.iter().any(|(_, d)| *d == dest) {
            return Err(bad(&format!("names {relative} a second time")));
        }
        moves.push((i.to_string(), dest));
    }
    if let Some(extra) = staged.iter().find(|s| !moves.iter().any(|(i, _)| i == *s)) {
        return Err(format!(
            "it stages a file {extra} its journal does not name"
        ));
    }
    Ok(moves)
}

/// A destination a journal may name: a plain relative path (no root, drive, `.` or
/// `..`, written as the umpire writes it), not into a staging folder, each folder on
/// the way a real folder inside `root` (no symbolic link out of it). The path joined to
/// `root`, or why not.
fn check_destination(root: &Path, relative: &str) -> Result<PathBuf, String> {
    use std::path::Component;
    let path = Path::new(relative);
    let mut parts = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(p) => parts.push(p),
            _ => {
                return Err(format!(
                    "names {relative}, not a plain path inside the folder (an absolute \
                     path, `..` or `.`)"
                ))
            }
        }
    }
    let canonical: PathBuf = parts.iter().collect();
    if parts.is_empty() || canonical.as_os_str() != path.as_os_str() {
        return Err(format!(
            "names {relative}, not a file path as the umpire writes one"
        ));
    }
    if parts[0].to_string_lossy().starts_with(STAGING_PREFIX) {
        return Err(format!("names {relative}, inside a staging folder"));
    }
    let mut folder = root.to_path_buf();
    for part in &parts[..parts.len() - 1] {
        folder.push(part);
        match fs::symlink_metadata(&folder) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(format!(
                    "names {relative}, whose folder {} is a symbolic link or a file",
                    folder.display()
                ))
            }
            Err(_) => {
                return Err(format!(
                    "names {relative}, whose folder {} is missing",
                    folder.display()
                ))
            }
        }
    }
    Ok(root.join(canonical))
}

const JOURNAL_TMP: &str = "JOURNAL.tmp";

/// Steps 3 and 4: every file and then the journal into the staging folder, synced.
/// Returns the renames the journal names.
fn stage_files(
    root: &Path,
    stage: &Path,
    files: &[(PathBuf, Vec<u8>)],
) -> Result<Vec<(String, PathBuf)>, FileError> {
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Write { path, source }
    };
    fs::create_dir(stage).map_err(err(stage))?;
    let mut journal = String::new();
    let mut moves = Vec::new();
    // The folders known to be there: the root, made by the caller, and each one made
    // for an earlier file of this write.
    let mut made: Vec<&Path> = vec![root];
    for (i, (path, bytes)) in files.iter().enumerate() {
        let relative = relative_to(root, path)
            .and_then(Path::to_str)
            .filter(|r| !r.contains(['\n', '\t']))
            .ok_or_else(|| FileError::Write {
                path: path.clone(),
                source: std::io::Error::other("the file name is not plain UTF-8 text"),
            })?;
        if let Some(parent) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !made.contains(&parent) {
                fs::create_dir_all(parent).map_err(err(path))?;
                made.push(parent);
            }
        }
        let staged = stage.join(i.to_string());
        let mut f = fs::File::create(&staged).map_err(err(path))?;
        f.write_all(bytes).map_err(err(path))?;
        f.sync_all().map_err(err(path))?;
        journal.push_str(&format!("{i}\t{relative}\n"));
        moves.push((i.to_string(), root.join(relative)));
    }
    let pending = stage.join(JOURNAL_TMP);
    let mut f = fs::File::create(&pending).map_err(err(stage))?;
    f.write_all(journal.as_bytes()).map_err(err(stage))?;
    f.sync_all().map_err(err(stage))?;
    sync_dir(stage).map_err(err(stage))?;
    fs::rename(&pending, stage.join(JOURNAL)).map_err(err(stage))?;
    sync_dir(stage).map_err(err(stage))?;
    Ok(moves)
}

/// Step 5: renames every staged file of `moves` into place (one renamed before an
/// interruption is no longer staged and is skipped), syncs, and cleans up.
fn finish(root: &Path, stage: &Path, moves: &[(String, PathBuf)]) -> Result<(), FileError> {
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Write { path, source }
    };
    let mut folders: Vec<PathBuf> = vec![root.to_path_buf()];
    for (i, path) in moves {
        let staged = stage.join(i);
        match fs::rename(&staged, path) {
            Ok(()) => {}
            // Renamed before an interruption: no longer staged.
            Err(e)
                if e.kind() == std::io::ErrorKind::NotFound
                    && fs::symlink_metadata(&staged).is_err() => {}
            Err(e) => return Err(err(path)(e)),
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
    // Empty now, but for anything an interruption left beside the journal.
    if fs::remove_dir(stage).is_err() {
        fs::remove_dir_all(stage).map_err(err(stage))?;
    }
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

    #[test]
    fn one_write_makes_each_new_folder_it_needs_once() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<(PathBuf, Vec<u8>)> = ["a.txt", "out/b.txt", "out/c.txt", "out/deep/d.txt"]
            .iter()
            .map(|n| (dir.path().join(n), n.as_bytes().to_vec()))
            .collect();
        write_all(&files, false).unwrap();
        for (p, bytes) in &files {
            assert_eq!(&fs::read(p).unwrap(), bytes);
        }
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
        // A destination that is a folder is refused before anything is written.
        refused_unwritten(dir.path(), ["e.txt", "out"], true);
    }

    #[test]
    fn a_write_after_recovering_its_folder_does_not_look_through_it_again() {
        let dir = tempfile::tempdir().unwrap();
        let recovered = recover_folder(dir.path()).unwrap();
        // Left by another process after the recovery (which one process writing a
        // folder at a time rules out): the write does not see it, and leaves it.
        let stage = interrupted(dir.path(), true, 0);
        let d = dir.path().join("d.txt");
        write_all_after(&recovered, &[(d.clone(), b"d".to_vec())], false).unwrap();
        assert_eq!(fs::read(&d).unwrap(), b"d");
        assert!(stage.exists());
        assert!(!dir.path().join("a.txt").exists());
        // Into another folder, the write recovers that one first, as write_all does.
        let other = dir.path().join("other");
        fs::create_dir(&other).unwrap();
        interrupted(&other, true, 1);
        write_all_after(&recovered, &[(other.join("e.txt"), b"e".to_vec())], false).unwrap();
        for name in ["a.txt", "b.txt", "c.txt", "e.txt"] {
            assert!(other.join(name).exists(), "{name}");
        }
        assert_eq!(leftovers(&other), Vec::<String>::new());
    }

    /// A write of `names` (each file holding its name) into `dir` fails as a write
    /// error, and its first file is not written.
    fn refused_unwritten(dir: &Path, names: [&str; 2], force: bool) {
        let files = names.map(|n| (dir.join(n), n.as_bytes().to_vec()));
        let err = write_all(&files, force);
        assert!(matches!(err, Err(FileError::Write { .. })), "{err:?}");
        assert!(!files[0].0.exists());
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

    /// Every file under `dir` with its bytes, to show a refused recovery touched nothing.
    fn snapshot(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
        let mut out = Vec::new();
        let mut todo = vec![dir.to_path_buf()];
        while let Some(d) = todo.pop() {
            for e in fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                let meta = fs::symlink_metadata(&p).unwrap();
                if meta.is_dir() {
                    todo.push(p.clone());
                    out.push((p, None));
                } else if meta.is_file() {
                    out.push((p.clone(), Some(fs::read(&p).unwrap())));
                } else {
                    out.push((p, None));
                }
            }
        }
        out.sort();
        out
    }

    /// A game folder `game` beside a `victim.txt` outside it, holding a staging folder
    /// named `stage` with one staged file `0` and the journal `journal`.
    fn planted(stage: &str, journal: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
        let top = tempfile::tempdir().unwrap();
        let game = top.path().join("game");
        let stage = game.join(stage);
        fs::create_dir_all(&stage).unwrap();
        let victim = top.path().join("victim.txt");
        fs::write(&victim, b"the victim's own text").unwrap();
        fs::write(stage.join("0"), b"planted").unwrap();
        fs::write(stage.join(JOURNAL), journal).unwrap();
        (top, game, victim)
    }

    /// Recovery refuses the folder with F006 and changes nothing in it or beside it;
    /// the check of a reading command refuses it too.
    fn assert_refused(top: &Path, game: &Path, victim: &Path) {
        let before = snapshot(top);
        let err = recover(game).unwrap_err();
        assert_eq!(err.error_code(), "F006", "{err}");
        assert!(err.to_string().contains("nothing was changed"), "{err}");
        assert_eq!(check_finished(game).unwrap_err().error_code(), "F006");
        let err = write_all(&[(game.join("x.txt"), b"x".to_vec())], false).unwrap_err();
        assert_eq!(err.error_code(), "F006");
        assert_eq!(snapshot(top), before);
        assert_eq!(fs::read(victim).unwrap(), b"the victim's own text");
    }

    #[test]
    fn a_planted_journal_naming_an_absolute_path_is_refused() {
        let top = tempfile::tempdir().unwrap();
        let victim = top.path().join("victim.txt");
        let journal = format!("0\t{}\n", victim.display());
        let (top2, game, _) = planted(".blitz-staging-1-1", &journal);
        fs::write(&victim, b"the victim's own text").unwrap();
        assert_refused(top2.path(), &game, &victim);
        assert_eq!(fs::read(&victim).unwrap(), b"the victim's own text");
    }

    #[test]
    fn a_planted_journal_climbing_out_is_refused() {
        for journal in [
            "0\t../victim.txt\n",
            "0\tsub/../../victim.txt\n",
            "0\t./x\n",
        ] {
            let (top, game, victim) = planted(".blitz-staging-1-1", journal);
            assert_refused(top.path(), &game, &victim);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_journal_through_a_symbolic_link_is_refused() {
        let (top, game, victim) = planted(".blitz-staging-1-1", "0\tout/victim.txt\n");
        std::os::unix::fs::symlink(top.path(), game.join("out")).unwrap();
        assert_refused(top.path(), &game, &victim);
    }

    #[cfg(unix)]
    #[test]
    fn a_staged_file_that_is_a_symbolic_link_is_refused() {
        let (top, game, victim) = planted(".blitz-staging-1-1", "0\ta.txt\n1\tb.txt\n");
        let stage = game.join(".blitz-staging-1-1");
        std::os::unix::fs::symlink(&victim, stage.join("1")).unwrap();
        assert_refused(top.path(), &game, &victim);
    }

    /// A file or a link named as a staging folder is not one: it is never followed,
    /// and the folder is read and written as if it were not there.
    #[cfg(unix)]
    #[test]
    fn a_staging_name_that_is_no_folder_is_let_be() {
        // The game folder listed (it holds a folder) and, where its link count tells,
        // not listed (it holds none): the same either way.
        for holds_a_folder in [true, false] {
            // A link to a staging folder elsewhere, whose journal would bring its file
            // in, and a file.
            let (top, elsewhere, _) = planted(".blitz-staging-1-1", "0\ta.txt\n");
            let game = top.path().join("game2");
            fs::create_dir(&game).unwrap();
            if holds_a_folder {
                fs::create_dir(game.join("mail")).unwrap();
                assert!(may_hold_folders(&game));
            }
            std::os::unix::fs::symlink(
                elsewhere.join(".blitz-staging-1-1"),
                game.join(".blitz-staging-2-2"),
            )
            .unwrap();
            fs::write(game.join(".blitz-staging-3-3"), b"a file").unwrap();
            let before = snapshot(top.path());
            assert_eq!(recover(&game).unwrap(), 0);
            check_finished(&game).unwrap();
            assert_eq!(snapshot(top.path()), before);
            write_all(&[(game.join("x.txt"), b"x".to_vec())], false).unwrap();
            assert_eq!(fs::read(game.join("x.txt")).unwrap(), b"x");
            assert!(!game.join("a.txt").exists());
            assert_eq!(
                fs::read(elsewhere.join(".blitz-staging-1-1/0")).unwrap(),
                b"planted"
            );
        }
    }

    /// A folder holding no folder is known so without listing it on a file system that
    /// counts subfolders in a folder's link count; one holding a folder never is.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_holding_no_folder_need_not_be_listed() {
        // In tmpfs, which counts them, when the machine has one at /dev/shm (Linux
        // machines do); `/proc` does not count them.
        let shm = Path::new("/dev/shm");
        let dir = if counts_subfolders(shm) {
            tempfile::tempdir_in(shm).unwrap()
        } else {
            tempfile::tempdir().unwrap()
        };
        fs::write(dir.path().join("a.state.ron"), b"x").unwrap();
        assert_eq!(may_hold_folders(dir.path()), !counts_subfolders(dir.path()));
        fs::create_dir(dir.path().join(".blitz-staging-1-1")).unwrap();
        assert!(may_hold_folders(dir.path()));
        assert!(!counts_subfolders(Path::new("/proc")));
        assert!(may_hold_folders(Path::new("/proc")));
    }

    #[test]
    fn a_malformed_journal_or_staging_folder_is_refused() {
        let long = format!("0\t{}\n", "a".repeat(MAX_JOURNAL_BYTES as usize));
        for (stage, journal) in [
            (".blitz-staging-1-1", "garbage\n"),
            (".blitz-staging-1-1", "0\ta.txt"),
            (".blitz-staging-1-1", ""),
            (".blitz-staging-1-1", "1\ta.txt\n"),
            (".blitz-staging-1-1", "0\ta.txt\n0\tb.txt\n"),
            (".blitz-staging-1-1", "0\ta.txt\n1\ta.txt\n"),
            (".blitz-staging-1-1", "0\t\n"),
            (".blitz-staging-1-1", "0\t.blitz-staging-1-1/0\n"),
            (".blitz-staging-1-1", "0\ta//b.txt\n"),
            (".blitz-staging-1-1", "0\tmissing/a.txt\n"),
            (".blitz-staging-1-1", long.as_str()),
            (".blitz-staging-x", "0\ta.txt\n"),
            (".blitz-staging-01-1", "0\ta.txt\n"),
        ] {
            let (top, game, victim) = planted(stage, journal);
            assert_refused(top.path(), &game, &victim);
        }
        // A file the umpire never stages, or a staged file the journal does not name.
        for extra in ["notes", "2"] {
            let (top, game, victim) = planted(".blitz-staging-1-1", "0\ta.txt\n");
            fs::write(game.join(".blitz-staging-1-1").join(extra), b"x").unwrap();
            assert_refused(top.path(), &game, &victim);
        }
    }

    #[test]
    fn checking_a_folder_writes_nothing_and_names_the_command_that_finishes_it() {
        let dir = tempfile::tempdir().unwrap();
        let stage = interrupted(dir.path(), true, 1);
        let before = snapshot(dir.path());
        let err = check_finished(dir.path()).unwrap_err();
        assert_eq!(err.error_code(), "F007");
        assert!(err.to_string().contains("blitz repair"), "{err}");
        assert_eq!(snapshot(dir.path()), before);
        assert!(stage.exists());
        // One interrupted before its journal decided nothing: a reader lets it be.
        let dir = tempfile::tempdir().unwrap();
        interrupted(dir.path(), false, 0);
        check_finished(dir.path()).unwrap();
        check_finished_beside(&dir.path().join("a.state.ron")).unwrap();
    }

    #[test]
    fn a_failure_while_staging_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("x"), b"a file, not a folder").unwrap();
        refused_unwritten(dir.path(), ["a.txt", "x/b.txt"], false);
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
