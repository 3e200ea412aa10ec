//! A player's kept mail: the turn messages of an mbox file or a folder of `.eml`
//! files, and the game folder their attachments rebuild, so that a game can be
//! verified from the mail alone (`docs/pbem.md`).
//!
//! Each turn message carries the files of its player-turn as attachments (the orders
//! as the umpire read them, the seed, the commitment, the new state). Put together they
//! are the game folder. Before that, the thread is checked: every message names the
//! ones before it (`References`), so a message that is missing from the middle is
//! named, never skipped. A correction (`Supersedes`) replaces the message it corrects.
//! Messages that are not turn messages (no `X-Blitz-Game`) are passed over, but a
//! commitment line in one (a player's mail of his `blitz commit` line) is noted with
//! the time the reader's own server stamped the message (its topmost `Received:`).
//!
//! A mailbox is read one message at a time: of a turn message only what the folder and
//! the comparison with the replay need is kept (its body, its attachments' names and
//! digests, each file once however many messages carry it; pictures as digests only),
//! so a mailbox of any size takes little more memory than the game folder itself.

use super::mime;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The largest turn message kept: a turn message is a few hundred KiB.
pub const MAX_KEPT_MESSAGE_BYTES: usize = 8 * 1024 * 1024;

/// The most turn messages read from one mailbox: far more than any game has.
pub const MAX_KEPT_MESSAGES: usize = 2000;

/// The longest line read; the rest of a longer line is passed over (no mail line is
/// near this long).
const MAX_LINE_BYTES: usize = 64 * 1024;

/// The largest header block looked at to tell a turn message from another.
const MAX_HEADER_BYTES: usize = 256 * 1024;

/// The largest other message looked into for a commitment line; a larger one is
/// passed over unread (a commitment is a line of text).
const MAX_SCANNED_BYTES: usize = 1024 * 1024;

/// The most commitment lines noted from one mailbox.
const MAX_COMMITMENT_MAILS: usize = 10_000;

/// One message as given: where it came from (a file, or `FILE` message N) and its
/// bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptMessage {
    pub origin: String,
    pub bytes: Vec<u8>,
}

/// A file a turn message carries: its name and the SHA-256 of its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attached {
    pub name: String,
    pub sha256: String,
    /// A picture (`image/*`): compared by digest, never a file of the game folder.
    pub picture: bool,
}

/// One turn message, as much of it as verifying needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// Where it came from: a file, or `FILE message N`.
    pub origin: String,
    /// The game it names (`X-Blitz-Game`).
    pub game: String,
    /// Its Message-ID.
    pub id: Option<String>,
    names: Vec<String>,
    supersedes: Vec<String>,
    /// The text the umpire wrote (its first plain-text part that is no attachment),
    /// decoded, with LF line ends.
    pub body: Option<String>,
    /// Its attachments, in order.
    pub attachments: Vec<Attached>,
    /// When the reader's own server received it (its topmost `Received:`), in Unix
    /// seconds.
    pub received: Option<i64>,
    /// Why one of its parts could not be read, if one could not.
    problem: Option<String>,
}

/// A commitment line found in a message that is not a turn message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitmentMail {
    /// The commitment, 64 lower-case hex digits.
    pub commitment: String,
    /// Where the message came from.
    pub origin: String,
    /// When the reader's own server received it (topmost `Received:`), Unix seconds.
    pub received: Option<i64>,
}

/// What a mailbox held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mailbox {
    /// The turn messages, in the order they were found.
    pub turns: Vec<TurnRecord>,
    /// The attached files' bytes, by SHA-256 (each once).
    contents: BTreeMap<String, Vec<u8>>,
    /// Commitment lines found in the other messages.
    pub commitments: Vec<CommitmentMail>,
    /// How many other messages were passed over.
    pub passed_over: usize,
}

impl Mailbox {
    /// The mailbox of messages already in memory (each one message, named by its
    /// origin); messages that are not turn messages are passed over.
    pub fn from_messages(messages: &[KeptMessage]) -> Result<Mailbox, ArchiveError> {
        let mut out = Mailbox::default();
        for m in messages {
            if is_turn_message(&m.bytes) {
                out.add_turn(&m.origin, &m.bytes)?;
            } else {
                out.passed_over += 1;
                out.scan_commitments(&m.origin, &m.bytes);
            }
        }
        Ok(out)
    }

    /// Keeps what verifying needs of a turn message.
    fn add_turn(&mut self, origin: &str, bytes: &[u8]) -> Result<(), ArchiveError> {
        if self.turns.len() >= MAX_KEPT_MESSAGES {
            return Err(ArchiveError::TooMany {
                max: MAX_KEPT_MESSAGES,
            });
        }
        let part = mime::parse_message(bytes).map_err(|reason| ArchiveError::Unreadable {
            origin: origin.to_string(),
            reason,
        })?;
        let game = part
            .header("x-blitz-game")
            .map(|g| g.trim().to_string())
            .unwrap_or_default();
        let names = ["references", "in-reply-to"]
            .iter()
            .flat_map(|h| part.headers_named(h))
            .flat_map(|v| ids_in(&v))
            .collect();
        let supersedes = part
            .headers_named("supersedes")
            .iter()
            .flat_map(|v| ids_in(v))
            .collect();
        let mut record = TurnRecord {
            origin: origin.to_string(),
            game,
            id: part
                .header("message-id")
                .and_then(|v| ids_in(&v).into_iter().next()),
            names,
            supersedes,
            body: None,
            attachments: Vec::new(),
            received: received_at(&part),
            problem: None,
        };
        for leaf in part.leaves() {
            let decoded = mime::decode_transfer(&leaf.body, &leaf.encoding);
            let Some(name) = leaf.filename.clone() else {
                if record.body.is_none() && leaf.content_type == "text/plain" {
                    record.body = decoded
                        .and_then(|b| mime::decode_charset(&b, charset(&leaf)))
                        .map(|t| t.replace("\r\n", "\n"))
                        .map_err(|reason| record.problem.get_or_insert(reason))
                        .ok();
                }
                continue;
            };
            let bytes = match decoded {
                Ok(b) => b,
                Err(reason) => {
                    record
                        .problem
                        .get_or_insert(format!("the attachment {name}: {reason}"));
                    continue;
                }
            };
            let sha256 = crate::envelope::sha256_hex(&bytes);
            let picture = leaf.content_type.starts_with("image/");
            if !picture {
                self.contents.entry(sha256.clone()).or_insert(bytes);
            }
            record.attachments.push(Attached {
                name,
                sha256,
                picture,
            });
        }
        self.turns.push(record);
        Ok(())
    }

    /// Notes every commitment line (64 hex digits standing alone) of a message that
    /// is not a turn message, in its plain-text parts.
    fn scan_commitments(&mut self, origin: &str, bytes: &[u8]) {
        let Ok(part) = mime::parse_message(bytes) else {
            return;
        };
        let received = received_at(&part);
        for leaf in part.leaves() {
            if !leaf.content_type.starts_with("text/") {
                continue;
            }
            let Ok(text) = mime::decode_transfer(&leaf.body, &leaf.encoding) else {
                continue;
            };
            let text = String::from_utf8_lossy(&text);
            for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
                if self.commitments.len() >= MAX_COMMITMENT_MAILS {
                    return;
                }
                if word.len() == 64 && word.bytes().all(|b| b.is_ascii_hexdigit()) {
                    self.commitments.push(CommitmentMail {
                        commitment: word.to_ascii_lowercase(),
                        origin: origin.to_string(),
                        received,
                    });
                }
            }
        }
    }
}

/// The charset a text part names (UTF-8 when none).
fn charset(leaf: &mime::Leaf) -> &str {
    leaf.params.get("charset").map_or("utf-8", String::as_str)
}

/// When the reader's own server received a message: the date after the last `;` of
/// its topmost `Received:` field (RFC 5322 5.2), in Unix seconds.
fn received_at(part: &mime::Part) -> Option<i64> {
    let first = part.headers_named("received").into_iter().next()?;
    let (_, date) = first.rsplit_once(';')?;
    parse_mail_date(date)
}

/// An RFC 5322 date, a trailing comment such as `(UTC)` allowed, in Unix seconds.
pub fn parse_mail_date(text: &str) -> Option<i64> {
    let text = text.trim();
    let text = text.split('(').next().unwrap_or(text).trim();
    chrono::DateTime::parse_from_rfc2822(text)
        .ok()
        .map(|d| d.timestamp())
}

/// Why mail could not be turned into a game folder.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ArchiveError {
    #[error("could not read {path}: {reason}")]
    #[diagnostic(help("give an mbox file, one .eml message, or a folder of .eml files"))]
    Read { path: PathBuf, reason: String },
    #[error("{origin} holds no turn message of the umpire (none has an X-Blitz-Game header)")]
    #[diagnostic(help(
        "give the mail the umpire sent for each player-turn, saved as .eml files or an mbox"
    ))]
    NoTurnMail { origin: String },
    #[error("the mail holds turn messages of several games: {}", games.join(", "))]
    #[diagnostic(help("name the game to verify with --game ID"))]
    SeveralGames { games: Vec<String> },
    #[error("the mail holds no turn message of game {game}; it holds games {}", found.join(", "))]
    #[diagnostic(help("name one of the games found with --game ID"))]
    NoSuchGame { game: String, found: Vec<String> },
    #[error("{}", missing_text(missing))]
    #[diagnostic(help(
        "every turn message names the ones before it: find the missing message in your mail \
         (or ask the umpire to send it again) and add it"
    ))]
    Missing { missing: Vec<MissingMail> },
    #[error("{origin} is larger than {max} bytes, more than any turn message")]
    #[diagnostic(help("give the messages the umpire sent, not another file"))]
    TooLarge { origin: String, max: usize },
    #[error("more than {max} turn messages: more than any game sends")]
    #[diagnostic(help("give the mail of one game"))]
    TooMany { max: usize },
    #[error("{origin} carries an attachment named `{name}`, which is no file of a game folder")]
    #[diagnostic(help(
        "a turn message's attachments are plain file names such as 03-1-red.orders.toml"
    ))]
    BadName { origin: String, name: String },
    #[error("{name} differs between {first} and {second}: two messages give the same file with other contents")]
    #[diagnostic(help(
        "one of the messages was changed after the umpire sent it, or both are not of the \
         same game; a correction names the message it replaces (Supersedes) and is taken \
         instead of it"
    ))]
    Conflict {
        name: String,
        first: String,
        second: String,
    },
    #[error("{origin}: {reason}")]
    #[diagnostic(help("the message is not as the umpire sent it"))]
    Unreadable { origin: String, reason: String },
}

impl ArchiveError {
    /// True when a message of the game is missing: the mail does not hold the whole
    /// game, rather than being unreadable.
    pub fn is_incomplete(&self) -> bool {
        matches!(self, ArchiveError::Missing { .. })
    }
}

/// A turn message that other messages name but the mail does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingMail {
    /// Its Message-ID.
    pub message_id: String,
    /// The player-turn it reports, as its Message-ID names it (`1-red`), or `new` for
    /// the message that opened the game.
    pub turn: String,
    /// The first message found that names it.
    pub named_by: String,
}

impl std::fmt::Display for MissingMail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.turn == super::NEW_GAME {
            write!(f, "the mail that opened the game")?;
        } else {
            write!(f, "the mail of player-turn {}", self.turn)?;
        }
        write!(
            f,
            " ({}) is missing; {} replies to it",
            self.message_id, self.named_by
        )
    }
}

fn missing_text(missing: &[MissingMail]) -> String {
    let all: Vec<String> = missing.iter().map(ToString::to_string).collect();
    all.join("\n")
}

/// Reads the turn messages at `path`: a folder of `.eml` files (in name order), or a
/// file holding one message or an mbox of many, one message at a time. Other messages
/// are passed over without being kept (their commitment lines noted), so a whole
/// mailbox can be given.
pub fn read_mailbox(path: &Path) -> Result<Mailbox, ArchiveError> {
    let err = |reason: String| ArchiveError::Read {
        path: path.to_path_buf(),
        reason,
    };
    let mut mailbox = Mailbox::default();
    if path.is_dir() {
        let mut names: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| err(e.to_string()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x.eq_ignore_ascii_case("eml")))
            .collect();
        names.sort();
        for p in names {
            let file = std::fs::File::open(&p).map_err(|e| err(format!("{}: {e}", p.display())))?;
            read_messages(file, &p.display().to_string(), false, &mut mailbox)?;
        }
    } else {
        let file = std::fs::File::open(path).map_err(|e| err(e.to_string()))?;
        read_messages(file, &path.display().to_string(), true, &mut mailbox)?;
    }
    if mailbox.turns.is_empty() {
        return Err(ArchiveError::NoTurnMail {
            origin: path.display().to_string(),
        });
    }
    Ok(mailbox)
}

/// Reads one line (with its line end) into `buf`, at most [`MAX_LINE_BYTES`] of it; the
/// rest of a longer line is read and dropped. False at the end of the input.
fn read_line_capped<R: BufRead>(r: &mut R, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    buf.clear();
    let mut any = false;
    loop {
        let available = r.fill_buf()?;
        if available.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        r.consume(used);
        if done {
            return Ok(true);
        }
    }
}

/// A line without its line end.
fn content(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// One message being read: its bytes so far and whether it is kept.
struct Reading {
    bytes: Vec<u8>,
    in_header: bool,
    keep: Option<bool>,
    too_large: bool,
    /// Not a turn message, but small enough to look into for a commitment line.
    scan: bool,
    number: usize,
}

impl Reading {
    fn new(number: usize) -> Reading {
        Reading {
            bytes: Vec::new(),
            in_header: true,
            keep: None,
            too_large: false,
            scan: false,
            number,
        }
    }
}

/// Reads the messages of one input: an mbox (`From ` separator lines, `>From ` escapes
/// undone) when `may_be_mbox` and it starts with `From `, else one message.
fn read_messages<R: Read>(
    input: R,
    origin: &str,
    may_be_mbox: bool,
    out: &mut Mailbox,
) -> Result<(), ArchiveError> {
    let mut r = BufReader::new(input);
    let mut line = Vec::new();
    let mut mbox = None;
    let mut previous_blank = true;
    let mut current = Reading::new(1);
    let mut count = 0usize;
    let io = |e: std::io::Error| ArchiveError::Read {
        path: PathBuf::from(origin),
        reason: e.to_string(),
    };
    while read_line_capped(&mut r, &mut line).map_err(io)? {
        let text = content(&line);
        let is_mbox = *mbox.get_or_insert_with(|| {
            may_be_mbox && text.starts_with(b"From ") && current.bytes.is_empty()
        });
        if is_mbox && previous_blank && text.starts_with(b"From ") {
            if count > 0 {
                finish(current, origin, true, out)?;
            }
            count += 1;
            current = Reading::new(count);
            previous_blank = false;
            continue;
        }
        previous_blank = text.is_empty();
        let kept_line: &[u8] = if is_mbox {
            let gt = text.iter().take_while(|&&b| b == b'>').count();
            if gt > 0 && text[gt..].starts_with(b"From ") {
                &line[1..]
            } else {
                &line
            }
        } else {
            &line
        };
        take_line(&mut current, kept_line);
    }
    finish(current, origin, mbox == Some(true), out)
}

/// Adds a line to the message being read, deciding at the end of its header whether
/// it is a turn message worth keeping.
fn take_line(m: &mut Reading, line: &[u8]) {
    if m.keep == Some(false) {
        if m.scan && m.bytes.len() + line.len() <= MAX_SCANNED_BYTES {
            m.bytes.extend_from_slice(line);
        } else {
            m.scan = false;
            m.bytes = Vec::new();
        }
        return;
    }
    if m.bytes.len() + line.len() > MAX_KEPT_MESSAGE_BYTES {
        m.too_large = true;
        m.bytes = Vec::new();
        m.keep = Some(false);
        return;
    }
    m.bytes.extend_from_slice(line);
    if m.in_header {
        let blank = content(line).is_empty() && m.bytes.len() > line.len();
        if blank || m.bytes.len() > MAX_HEADER_BYTES {
            m.in_header = false;
            let keep = is_turn_message(&m.bytes);
            m.keep = Some(keep);
            m.scan = !keep;
        }
    }
}

/// True when a header block names a game (`X-Blitz-Game`).
fn is_turn_message(header: &[u8]) -> bool {
    mime::parse_message(header)
        .map(|p| {
            p.header("x-blitz-game")
                .is_some_and(|g| !g.trim().is_empty())
        })
        .unwrap_or(false)
}

fn finish(m: Reading, origin: &str, numbered: bool, out: &mut Mailbox) -> Result<(), ArchiveError> {
    let name = if numbered {
        format!("{origin} message {}", m.number)
    } else {
        origin.to_string()
    };
    let keep = m.keep.unwrap_or_else(|| is_turn_message(&m.bytes));
    if m.too_large && numbered {
        // A large message of a whole mailbox is someone else's mail; a turn message is
        // never near the limit.
        out.passed_over += 1;
        return Ok(());
    }
    if m.too_large {
        return Err(ArchiveError::TooLarge {
            origin: name,
            max: MAX_KEPT_MESSAGE_BYTES,
        });
    }
    if !keep {
        if !m.bytes.iter().all(u8::is_ascii_whitespace) || m.keep.is_some() {
            out.passed_over += 1;
        }
        if m.scan || m.keep.is_none() {
            out.scan_commitments(&name, &m.bytes);
        }
        return Ok(());
    }
    out.add_turn(&name, &m.bytes)
}

/// A game folder rebuilt from turn messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailFolder {
    /// The game's id (`X-Blitz-Game`).
    pub game: String,
    /// The folder's files by name, from the attachments (pictures left out).
    pub files: BTreeMap<String, Vec<u8>>,
    /// The messages the files came from, by origin, in the order given.
    pub used: Vec<String>,
    /// Corrected messages left out, by origin: a later message replaces each.
    pub superseded: Vec<String>,
    /// The message each file came from (its origin), by file name.
    pub origins: BTreeMap<String, String>,
    /// The turn messages the files came from, in the order given.
    pub messages: Vec<TurnRecord>,
    /// The commitment lines found in the other messages.
    pub commitments: Vec<CommitmentMail>,
}

/// The message ids (`<...>`) in a header value.
fn ids_in(value: &str) -> Vec<String> {
    value
        .split('<')
        .skip(1)
        .filter_map(|rest| {
            rest.split_once('>')
                .map(|(id, _)| format!("<{}>", id.trim()))
        })
        .collect()
}

/// The player-turn a turn message's id names (`<blitz.GAME.TURN@DOMAIN>`, a
/// correction's `TURN.fix-...` included), as written in it: lower case.
fn turn_in(id: &str, prefix: &str) -> Option<String> {
    let rest = id.strip_prefix(prefix)?;
    let turn = rest.split('@').next()?;
    Some(turn.split(".fix-").next().unwrap_or(turn).to_string())
}

/// A file name a game folder can hold: letters, digits, `.`, `-`, `_`, not starting
/// with a dot.
fn plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name.len() <= 200
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// Rebuilds the game folder from turn messages: checks that no message of the thread
/// is missing, leaves out corrected messages, and gathers every attachment but the
/// pictures. With several games in the mail, `game` names the one wanted.
pub fn game_folder(mailbox: &Mailbox, game: Option<&str>) -> Result<MailFolder, ArchiveError> {
    let mut parsed: Vec<&TurnRecord> = mailbox.turns.iter().collect();
    let games: BTreeSet<String> = parsed.iter().map(|m| m.game.clone()).collect();
    let game = match (game, games.len()) {
        (Some(g), _) if games.contains(g) => g.to_string(),
        (Some(g), _) => {
            return Err(ArchiveError::NoSuchGame {
                game: g.to_string(),
                found: games.into_iter().collect(),
            })
        }
        (None, 1) => games.into_iter().next().unwrap_or_default(),
        (None, 0) => {
            return Err(ArchiveError::NoTurnMail {
                origin: "the mail given".to_string(),
            })
        }
        (None, _) => {
            return Err(ArchiveError::SeveralGames {
                games: games.into_iter().collect(),
            })
        }
    };
    parsed.retain(|m| m.game == game);
    let superseded_ids: BTreeSet<String> = parsed
        .iter()
        .flat_map(|m| m.supersedes.iter().cloned())
        .collect();
    let present: BTreeSet<String> = parsed.iter().filter_map(|m| m.id.clone()).collect();
    let prefix = format!("<blitz.{}.", super::turn::id_part(&game));
    let mut missing: Vec<MissingMail> = Vec::new();
    // Earliest in the thread first (fewest messages named), so each missing message is
    // said to be named by the first message after it.
    let mut in_thread: Vec<&TurnRecord> = parsed.clone();
    in_thread.sort_by_key(|m| m.names.len());
    for m in in_thread {
        for id in &m.names {
            let wanted = id.starts_with(&prefix)
                && !present.contains(id)
                && !superseded_ids.contains(id)
                && !missing.iter().any(|x| &x.message_id == id);
            if wanted {
                let named_by = match m.id.as_deref().and_then(|own| turn_in(own, &prefix)) {
                    Some(t) if t == super::NEW_GAME => "the mail that opened the game".to_string(),
                    Some(t) => format!("the mail of player-turn {t}"),
                    None => m.origin.to_string(),
                };
                missing.push(MissingMail {
                    message_id: id.clone(),
                    turn: turn_in(id, &prefix).unwrap_or_default(),
                    named_by,
                });
            }
        }
    }
    if !missing.is_empty() {
        return Err(ArchiveError::Missing { missing });
    }
    let mut folder = MailFolder {
        game,
        files: BTreeMap::new(),
        used: Vec::new(),
        superseded: Vec::new(),
        origins: BTreeMap::new(),
        messages: Vec::new(),
        commitments: mailbox.commitments.clone(),
    };
    let mut from: BTreeMap<String, &str> = BTreeMap::new();
    for m in parsed {
        if m.id.as_ref().is_some_and(|id| superseded_ids.contains(id)) {
            folder.superseded.push(m.origin.clone());
            continue;
        }
        if let Some(reason) = &m.problem {
            return Err(ArchiveError::Unreadable {
                origin: m.origin.clone(),
                reason: reason.clone(),
            });
        }
        for a in m.attachments.iter().filter(|a| !a.picture) {
            let name = a.name.clone();
            if !plain_file_name(&name) {
                return Err(ArchiveError::BadName {
                    origin: m.origin.clone(),
                    name,
                });
            }
            let bytes = mailbox.contents.get(&a.sha256).cloned().unwrap_or_default();
            match folder.files.get(&name) {
                Some(kept) if *kept != bytes => {
                    return Err(ArchiveError::Conflict {
                        first: from.get(&name).copied().unwrap_or_default().to_string(),
                        second: m.origin.clone(),
                        name,
                    })
                }
                Some(_) => {}
                None => {
                    from.insert(name.clone(), &m.origin);
                    folder.files.insert(name, bytes);
                }
            }
        }
        folder.used.push(m.origin.clone());
        folder.messages.push(m.clone());
    }
    folder.origins = from
        .into_iter()
        .map(|(name, origin)| (name, origin.to_string()))
        .collect();
    Ok(folder)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn turn(game: &str, turn: &str, earlier: &[&str], files: &[(&str, &str)]) -> String {
        let refs: Vec<String> = earlier
            .iter()
            .map(|t| format!("<blitz.{game}.{t}@example.org>"))
            .collect();
        let mut m = format!(
            "From: umpire@example.org\r\nMessage-ID: <blitz.{game}.{turn}@example.org>\r\n\
             X-Blitz-Game: {game}\r\nX-Blitz-Turn: {turn}\r\n"
        );
        if !refs.is_empty() {
            m.push_str(&format!(
                "In-Reply-To: {}\r\nReferences: {}\r\n",
                refs.last().unwrap(),
                refs.join("\r\n ")
            ));
        }
        m.push_str("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n");
        m.push_str("--b\r\nContent-Type: text/plain\r\n\r\nreport\r\n");
        for (name, text) in files {
            use base64::Engine as _;
            let b64 = base64::engine::general_purpose::STANDARD.encode(text);
            m.push_str(&format!(
                "--b\r\nContent-Disposition: attachment; filename=\"{name}\"\r\n\
                 Content-Transfer-Encoding: base64\r\n\r\n{b64}\r\n"
            ));
        }
        m.push_str("--b\r\nContent-Type: image/png\r\nContent-Disposition: attachment; filename=\"x.board.png\"\r\nContent-Transfer-Encoding: base64\r\n\r\niVBO\r\n--b--\r\n");
        m
    }

    fn kept(origin: &str, text: &str) -> KeptMessage {
        KeptMessage {
            origin: origin.to_string(),
            bytes: text.as_bytes().to_vec(),
        }
    }

    fn mb(messages: &[KeptMessage]) -> Mailbox {
        Mailbox::from_messages(messages).unwrap()
    }

    fn three() -> Vec<KeptMessage> {
        vec![
            kept("a", &turn("g1", "new", &[], &[("00.state.ron", "s0")])),
            kept(
                "b",
                &turn(
                    "g1",
                    "setup-blue",
                    &["new"],
                    &[("00.orders.toml", "o0"), ("01.state.ron", "s1")],
                ),
            ),
            kept(
                "c",
                &turn(
                    "g1",
                    "setup-red",
                    &["new", "setup-blue"],
                    &[("01.orders.toml", "o1"), ("02.state.ron", "s2")],
                ),
            ),
        ]
    }

    #[test]
    fn attachments_make_the_folder_without_pictures() {
        let f = game_folder(&mb(&three()), None).unwrap();
        assert_eq!(f.game, "g1");
        let names: Vec<&str> = f.files.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            [
                "00.orders.toml",
                "00.state.ron",
                "01.orders.toml",
                "01.state.ron",
                "02.state.ron"
            ]
        );
        assert_eq!(f.files["01.orders.toml"], b"o1");
        assert_eq!(f.used, ["a", "b", "c"]);
    }

    #[test]
    fn a_message_named_by_a_later_one_is_missing() {
        for gone in 0..2 {
            let mut m = three();
            m.remove(gone);
            let e = game_folder(&mb(&m), None).unwrap_err();
            assert!(e.is_incomplete());
            let text = e.to_string();
            let want = if gone == 0 {
                "the mail that opened the game (<blitz.g1.new@example.org>) is missing"
            } else {
                "the mail of player-turn setup-blue (<blitz.g1.setup-blue@example.org>) is missing; the mail of player-turn setup-red replies to it"
            };
            assert!(text.contains(want), "{text}");
        }
    }

    #[test]
    fn a_correction_replaces_the_message_it_supersedes() {
        let mut m = three();
        let fix = turn(
            "g1",
            "setup-blue.fix-abc",
            &["new", "setup-blue"],
            &[("00.orders.toml", "o0"), ("01.state.ron", "s1-fixed")],
        )
        .replacen(
            "MIME-Version",
            "Supersedes: <blitz.g1.setup-blue@example.org>\r\nMIME-Version",
            1,
        );
        m.insert(2, kept("fix", &fix));
        let f = game_folder(&mb(&m), None).unwrap();
        assert_eq!(f.files["01.state.ron"], b"s1-fixed");
        assert_eq!(f.superseded, ["b"]);
        // Without the corrected message the correction stands in for it.
        m.remove(1);
        assert!(game_folder(&mb(&m), None).is_ok());
    }

    #[test]
    fn the_same_file_with_other_bytes_is_a_conflict() {
        let mut m = three();
        m.push(kept(
            "d",
            &turn("g1", "1-blue", &["new"], &[("01.state.ron", "other")]),
        ));
        let e = game_folder(&mb(&m), None).unwrap_err().to_string();
        assert!(e.contains("01.state.ron differs between b and d"), "{e}");
    }

    #[test]
    fn several_games_need_a_choice_and_names_are_plain() {
        let mut m = three();
        m.push(kept("x", &turn("g2", "new", &[], &[("00.state.ron", "t")])));
        assert!(matches!(
            game_folder(&mb(&m), None),
            Err(ArchiveError::SeveralGames { .. })
        ));
        assert_eq!(game_folder(&mb(&m), Some("g2")).unwrap().files.len(), 1);
        assert!(matches!(
            game_folder(&mb(&m), Some("g3")),
            Err(ArchiveError::NoSuchGame { .. })
        ));
        let bad = vec![kept("e", &turn("g1", "new", &[], &[("../x.ron", "s")]))];
        assert!(matches!(
            game_folder(&mb(&bad), None),
            Err(ArchiveError::BadName { .. })
        ));
    }

    #[test]
    fn an_mbox_keeps_turn_messages_only_and_undoes_from_escapes() {
        let with_from = turn("g1", "new", &[], &[("00.state.ron", "s0")])
            .replace("report\r\n", "report\r\n>From the front\r\n");
        let mbox = format!(
            "From a@b Mon Jan  5 12:00:00 2026\r\n{with_from}\r\n\
             From x@y Mon Jan  5 12:00:00 2026\r\nFrom: x@y\r\nSubject: hello\r\n\r\nnot a turn\r\n\r\n\
             From a@b Mon Jan  5 12:00:00 2026\r\n{}",
            turn("g1", "setup-blue", &["new"], &[])
        );
        let mut out = Mailbox::default();
        read_messages(mbox.as_bytes(), "box", true, &mut out).unwrap();
        assert_eq!(out.turns.len(), 2, "{out:?}");
        assert_eq!(out.passed_over, 1);
        assert_eq!(out.turns[0].origin, "box message 1");
        assert_eq!(out.turns[1].origin, "box message 3");
        let first = out.turns[0].body.clone().unwrap();
        assert_eq!(first, "report\nFrom the front");
    }

    #[test]
    fn a_turn_message_keeps_its_report_its_attachments_digests_and_its_arrival() {
        let received = "Received: from mx.example.net\r\n\tby mail.example.org; Tue, 6 Jan 2026 09:30:00 +0100 (CET)\r\n\
                        Received: from umpire by mx.example.net; Mon, 1 Jan 1990 00:00:00 +0000\r\n";
        let one = format!(
            "{received}{}",
            turn("g1", "new", &[], &[("00.state.ron", "s0")])
        );
        // The same message sent again: its file is kept once.
        let mb = mb(&[kept("a", &one), kept("b", &one)]);
        assert_eq!(mb.contents.len(), 1);
        let t = &mb.turns[0];
        assert_eq!(t.body.as_deref(), Some("report"));
        assert_eq!(t.received, Some(1_767_688_200));
        let names: Vec<(&str, bool)> = t
            .attachments
            .iter()
            .map(|a| (a.name.as_str(), a.picture))
            .collect();
        assert_eq!(names, [("00.state.ron", false), ("x.board.png", true)]);
        assert_eq!(t.attachments[0].sha256, crate::envelope::sha256_hex(b"s0"));
        let f = game_folder(&mb, None).unwrap();
        assert_eq!(f.messages.len(), 2);
        assert_eq!(f.files["00.state.ron"], b"s0");
    }

    #[test]
    fn other_mail_is_looked_into_for_commitment_lines_only() {
        let hex = "ab".repeat(32);
        let mbox = format!(
            "From a@b Mon Jan  5 12:00:00 2026\n\
             Received: by mail.example.org; Mon, 5 Jan 2026 12:00:00 +0000\n\
             From: red@example.org\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n\
             My commitment, on a line too long for quoted-printable: {}=\n{}\n\
             and not this: {}x {}\n\n\
             From a@b Mon Jan  5 12:00:00 2026\nFrom: blue@example.org\n\n{}\n",
            &hex[..30],
            &hex[30..],
            hex,
            &hex[..63],
            hex.to_uppercase()
        );
        let mut out = Mailbox::default();
        read_messages(mbox.as_bytes(), "box", true, &mut out).unwrap();
        assert!(out.turns.is_empty());
        assert_eq!(out.passed_over, 2);
        let found: Vec<(&str, &str, Option<i64>)> = out
            .commitments
            .iter()
            .map(|c| (c.commitment.as_str(), c.origin.as_str(), c.received))
            .collect();
        assert_eq!(
            found,
            [
                (hex.as_str(), "box message 1", Some(1_767_614_400)),
                (hex.as_str(), "box message 2", None)
            ]
        );
    }

    #[test]
    fn a_line_longer_than_the_cap_is_cut_not_kept_whole() {
        let long = format!("{}\nnext\n", "x".repeat(MAX_LINE_BYTES * 3));
        let mut r = long.as_bytes();
        let mut buf = Vec::new();
        assert!(read_line_capped(&mut r, &mut buf).unwrap());
        assert_eq!(buf.len(), MAX_LINE_BYTES);
        assert!(read_line_capped(&mut r, &mut buf).unwrap());
        assert_eq!(buf, b"next\n");
        assert!(!read_line_capped(&mut r, &mut buf).unwrap());
    }
}
