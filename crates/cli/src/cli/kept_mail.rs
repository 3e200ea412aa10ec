//! A game given as its mail: `blitz verify` on a folder of `.eml` files or an mbox
//! file. The turn messages are put back together into the game folder they carry
//! ([`pbem::mail::game_folder`]), written into a temporary folder that is removed when
//! the command ends, and verified like any game folder. Files are named as members of
//! the mail given (`outbox/03-1-red.orders.toml`), never by the temporary folder.
//!
//! Then what the players read is compared with what the replay renders: each turn
//! message's report text and every file it attaches (the map picture and template
//! included), by digest ([`Rebuilt::compare`]); and each player-turn's commitment mail
//! is dated by the reader's own server against its seed's publication
//! ([`Rebuilt::judge_commitments`]).

use blitzkrieg_desk::game::{Divergence, GameError, NamedSeed};
use blitzkrieg_desk::signed::SignatureProblem;
use pbem::mail::{self, ArchiveError, CommitmentMail, TurnRecord};
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
    /// The turn messages the folder was rebuilt from.
    messages: Vec<TurnRecord>,
    /// The commitment lines found in the other messages.
    commitments: Vec<CommitmentMail>,
}

impl Rebuilt {
    /// Reads the mail at `path` and writes the game folder it carries.
    pub fn from_mail(path: &Path, game: Option<&str>) -> Result<Rebuilt, GameError> {
        let mailbox = mail::read_mailbox(path).map_err(archive_error)?;
        let folder = mail::game_folder(&mailbox, game).map_err(archive_error)?;
        let passed_over = mailbox.passed_over;
        drop(mailbox);
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
        match passed_over {
            0 => {}
            1 => summary.push_str("; 1 other message passed over"),
            n => summary.push_str(&format!("; {n} other messages passed over")),
        }
        Ok(Rebuilt {
            tmp,
            label: path.to_path_buf(),
            origins: folder.origins,
            summary,
            messages: folder.messages,
            commitments: folder.commitments,
        })
    }

    /// Compares every turn message with what the replay renders for the state it
    /// carries (`expected`, given the state's name in the rebuilt folder: what every
    /// mail of that state shows; `None` when another release wrote it, whose wording and
    /// pictures may differ): its report text, and each attachment by SHA-256. The
    /// first message that differs, in the order of the game, is named (G030).
    pub fn compare(
        &self,
        mut expected: impl FnMut(&str) -> Result<Option<Expected>, GameError>,
    ) -> Result<Compared, GameError> {
        let mut in_order: Vec<(&str, &TurnRecord)> = Vec::new();
        for m in &self.messages {
            let state = m
                .attachments
                .iter()
                .find(|a| !a.picture && a.name.ends_with(".state.ron"))
                .ok_or_else(|| {
                    GameError::MailDiffers(format!(
                        "{} carries no state file: every turn message carries the state it reports",
                        m.origin
                    ))
                })?;
            in_order.push((&state.name, m));
        }
        in_order.sort_by(|a, b| a.0.cmp(b.0).then_with(|| a.1.origin.cmp(&b.1.origin)));
        let mut done = Compared::default();
        // Every message carrying a state is compared with one rendering of its mail
        // (a mail sent again, or each player's mail of a Mori step).
        let mut rendered: Option<(&str, Option<Expected>)> = None;
        for (state, m) in in_order {
            if rendered.as_ref().is_none_or(|(n, _)| *n != state) {
                rendered = Some((state, expected(state)?));
            }
            match rendered.as_ref().and_then(|(_, e)| e.as_ref()) {
                Some(want) => {
                    compare_one(m, want)?;
                    done.compared += 1;
                }
                None => done.other_release += 1,
            }
        }
        Ok(done)
    }

    /// Judges, for each player-turn with a seed (`turns`), whether its commitment
    /// reached the reader before the seed was published: the earliest topmost
    /// `Received:` of the messages that carry the commitment line, against the seed's
    /// publication. A commitment that arrived after it fails (G031).
    pub fn judge_commitments(&self, turns: &[TurnSeed]) -> Result<Vec<String>, GameError> {
        let mut lines = Vec::new();
        for t in turns {
            let Some(c) = &t.commitment else {
                lines.push(format!(
                    "commitment of {}: not judged: no commitment is kept for it",
                    t.turn
                ));
                continue;
            };
            let carrying: Vec<&CommitmentMail> = self
                .commitments
                .iter()
                .filter(|m| &m.commitment == c)
                .collect();
            let earliest = carrying
                .iter()
                .filter_map(|m| m.received.map(|at| (at, m)))
                .min_by_key(|(at, _)| *at);
            let seed = &t.seed;
            let published = format!("{} {} {}", seed.what, seed.known_how, utc(seed.known_from));
            match earliest {
                None if carrying.is_empty() => lines.push(format!(
                    "commitment of {}: not judged: no message in the mail carries it",
                    t.turn
                )),
                None => lines.push(format!(
                    "commitment of {}: not judged: the message carrying it ({}) has no Received: header",
                    t.turn, carrying[0].origin
                )),
                Some((at, m)) if at < seed.known_from => lines.push(format!(
                    "commitment of {}: arrived first: received {} ({}); {published}",
                    t.turn,
                    utc(at),
                    m.origin
                )),
                Some((at, m)) => {
                    return Err(GameError::CommitmentLate(format!(
                        "the commitment of player-turn {} arrived late: your server received it at {} ({}), but {published}: the mover could know the seed when he committed",
                        t.turn,
                        utc(at),
                        m.origin
                    )))
                }
            }
        }
        Ok(lines)
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

/// What the replay renders for one turn message.
pub struct Expected {
    /// The report text the message shows.
    pub body: String,
    /// The message's text need only begin with `body` (what follows is private to the
    /// player it was sent to, and cannot be rendered without his private file).
    pub body_prefix: bool,
    /// Each file it attaches, by name and SHA-256.
    pub attachments: Vec<(String, String)>,
    /// Files it may attach that cannot be rendered here (a player's private template).
    pub unchecked: Vec<String>,
}

/// How many turn messages were compared.
#[derive(Default)]
pub struct Compared {
    pub compared: usize,
    /// Messages whose state another release wrote: not compared.
    pub other_release: usize,
}

impl Compared {
    /// The line `verify` prints.
    pub fn line(&self) -> String {
        let mut t = format!(
            "mail: all {} turn messages show the report and carry the files the replay renders",
            self.compared
        );
        if self.other_release > 0 {
            t.push_str(&format!(
                "; {} written by another release not compared",
                self.other_release
            ));
        }
        t
    }
}

/// A player-turn whose dice come from a published seed, and its commitment.
pub struct TurnSeed {
    pub turn: String,
    /// The commitment kept for it, in lower-case hex.
    pub commitment: Option<String>,
    pub seed: NamedSeed,
}

/// A time as players read it: `2026-01-05T12:00:00Z`.
pub fn utc(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

/// One turn message against what the replay renders for it.
fn compare_one(m: &TurnRecord, want: &Expected) -> Result<(), GameError> {
    let differs = |why: String| GameError::MailDiffers(format!("{}: {why}", m.origin));
    let body = m
        .body
        .as_deref()
        .ok_or_else(|| differs("it shows no report text".to_string()))?
        .trim_end();
    let wanted = want.body.replace("\r\n", "\n");
    let wanted = wanted.trim_end();
    let same = if want.body_prefix {
        body.starts_with(wanted)
    } else {
        body == wanted
    };
    if !same {
        let shown = if want.body_prefix {
            body.lines()
                .take(wanted.lines().count())
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            body.to_string()
        };
        let d = pbem::divergence::first_difference(&shown, wanted);
        return Err(differs(format!(
            "the report it shows is not the one the replay renders: first difference at line {}\n  mail:     {}\n  replayed: {}",
            d.line, d.kept, d.replayed
        )));
    }
    for (name, sha) in &want.attachments {
        match m.attachments.iter().find(|a| &a.name == name) {
            None => {
                return Err(differs(format!(
                    "it does not carry {name}, which the replay renders for it"
                )))
            }
            Some(a) if &a.sha256 != sha => {
                return Err(differs(format!(
                    "its attachment {name} is not the one the replay renders (SHA-256 {}, replayed {sha})",
                    a.sha256
                )))
            }
            Some(_) => {}
        }
    }
    if let Some(extra) = m.attachments.iter().find(|a| {
        !want.attachments.iter().any(|(n, _)| *n == a.name) && !want.unchecked.contains(&a.name)
    }) {
        return Err(differs(format!(
            "it carries {}, which the replay does not render for it",
            extra.name
        )));
    }
    Ok(())
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
