//! A game given as its mail: `blitz verify` on a folder of `.eml` files or an mbox
//! file. The turn messages are put back together into the game folder they carry
//! ([`pbem::mail::game_folder`]), written into a temporary folder that is removed when
//! the command ends, and verified like any game folder. Files are named as members of
//! the mail given (`outbox/03-1-red.orders.toml`), never by the temporary folder.

use blitzkrieg::game::{Divergence, GameError};
use blitzkrieg::signed::SignatureProblem;
use pbem::mail::{self, ArchiveError};
use std::path::{Path, PathBuf};

/// True when `path` is mail rather than a game folder: a file (an mbox, or one `.eml`
/// message), or a folder with `.eml` files and no state file.
pub fn is_mail(path: &Path) -> bool {
    if path.is_file() {
        return true;
    }
    let Ok(listing) = std::fs::read_dir(path) else {
        return false;
    };
    let names: Vec<String> = listing
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_ascii_lowercase))
        .collect();
    names.iter().any(|n| n.ends_with(".eml")) && !names.iter().any(|n| n.ends_with(".state.ron"))
}

/// A game folder rebuilt from mail, in a temporary folder removed when this is dropped.
pub struct Rebuilt {
    tmp: tempfile::TempDir,
    label: PathBuf,
    /// The message each file of the folder came from, by file name.
    origins: std::collections::BTreeMap<String, String>,
    /// What was read, in one line.
    pub summary: String,
}

impl Rebuilt {
    /// Reads the mail at `path` and writes the game folder it carries.
    pub fn from_mail(path: &Path, game: Option<&str>) -> Result<Rebuilt, GameError> {
        let mailbox = mail::read_mailbox(path).map_err(archive_error)?;
        let folder = mail::game_folder(&mailbox.messages, game).map_err(archive_error)?;
        let tmp = tempfile::Builder::new()
            .prefix(".blitz-verify-")
            .tempdir()
            .map_err(|source| pbem::files::FileError::Write {
                path: std::env::temp_dir(),
                source,
            })?;
        for (name, bytes) in &folder.files {
            let file = tmp.path().join(name);
            std::fs::write(&file, bytes)
                .map_err(|source| pbem::files::FileError::Write { path: file, source })?;
        }
        let mut summary = format!(
            "the game folder of game {} rebuilt from {} turn messages",
            folder.game,
            folder.used.len()
        );
        if !folder.superseded.is_empty() {
            summary.push_str(&format!(
                " ({} replaced by a correction)",
                folder.superseded.len()
            ));
        }
        match mailbox.passed_over {
            0 => {}
            1 => summary.push_str("; 1 other message passed over"),
            n => summary.push_str(&format!("; {n} other messages passed over")),
        }
        Ok(Rebuilt {
            tmp,
            label: path.to_path_buf(),
            origins: folder.origins,
            summary,
        })
    }

    /// The rebuilt game folder.
    pub fn dir(&self) -> &Path {
        self.tmp.path()
    }

    /// A text with the temporary folder named as the mail given.
    pub fn relabel(&self, text: &str) -> String {
        let tmp = self.tmp.path().display().to_string();
        text.replace(&tmp, &self.label.display().to_string())
    }

    /// A file of the rebuilt folder named by what exists once the command ends: its
    /// name and the message that carried it ("06-3-blue.state.ron, attached to
    /// mail/blitz-demo-2-red.eml"); any other text as [`Rebuilt::relabel`] gives it.
    pub fn carried(&self, path: &str) -> String {
        let name = Path::new(path)
            .strip_prefix(self.tmp.path())
            .ok()
            .and_then(|rest| rest.to_str());
        match name.and_then(|n| self.origins.get(n).map(|o| (n, o))) {
            Some((name, origin)) => format!("{name}, attached to {origin}"),
            None => self.relabel(path),
        }
    }

    fn relabel_path(&self, p: &Path) -> PathBuf {
        match p.strip_prefix(self.tmp.path()) {
            Ok(rest) => self.label.join(rest),
            Err(_) => p.to_path_buf(),
        }
    }

    /// The same failure, with the temporary folder named as the mail given.
    pub fn relabel_error(&self, e: GameError) -> GameError {
        use pbem::envelope::EnvelopeError as E;
        let t = |s: String| self.relabel(&s);
        match e {
            GameError::Incomplete(s) => GameError::Incomplete(t(s)),
            GameError::Other(s) => GameError::Other(t(s)),
            GameError::Seed(s) => GameError::Seed(t(s)),
            GameError::Mail(s) => GameError::Mail(t(s)),
            GameError::Orders { rendered, errors } => GameError::Orders {
                rendered: t(rendered),
                errors,
            },
            GameError::Diverged(d) => GameError::Diverged(Box::new(Divergence {
                file: self.relabel_path(&d.file),
                orders: self.relabel_path(&d.orders),
                ..*d
            })),
            GameError::State(s) => GameError::State(match s {
                E::Unreadable { file, reason } => E::Unreadable {
                    file: t(file),
                    reason,
                },
                E::Tampered { file } => E::Tampered { file: t(file) },
                E::Format {
                    file,
                    found,
                    oldest,
                    newest,
                } => E::Format {
                    file: t(file),
                    found,
                    oldest,
                    newest,
                },
                E::Kind {
                    file,
                    found,
                    expected,
                } => E::Kind {
                    file: t(file),
                    found,
                    expected,
                },
            }),
            GameError::Signature(p) => GameError::Signature(match p {
                SignatureProblem::Unsigned {
                    side,
                    orders,
                    fingerprint,
                } => SignatureProblem::Unsigned {
                    side,
                    orders: t(orders),
                    fingerprint,
                },
                SignatureProblem::Refused {
                    side,
                    orders,
                    place,
                    reason,
                } => SignatureProblem::Refused {
                    side,
                    orders: t(orders),
                    place: t(place),
                    reason,
                },
                other => other,
            }),
            other => other,
        }
    }
}

/// A message missing from the thread is an incomplete game (exit 1, G011); mail that
/// cannot be read is a failure of the command.
fn archive_error(e: ArchiveError) -> GameError {
    if e.is_incomplete() {
        GameError::Incomplete(e.to_string())
    } else {
        GameError::Mail(e.to_string())
    }
}
