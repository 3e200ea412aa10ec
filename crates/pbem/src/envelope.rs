//! The state envelope every game's state file shares: a format version, the kind of
//! game, the umpire release that wrote it, the hash chain to what produced it, and an
//! integrity digest of the file's own content, so a state edited by hand is refused.
//!
//! A game keeps its own state type and lays these fields out flat in it (so files of
//! format 1, written before the envelope existed, still read and write byte for byte);
//! [`Sealed`] is how this module reaches them. The file is RON, written
//! deterministically: the same state gives the same bytes on any machine.

mod layout;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The hashes tying a state to what produced it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Chain {
    /// SHA-256 of the previous state file's bytes.
    pub previous_state: Option<String>,
    /// SHA-256 of the order file's bytes.
    pub orders: Option<String>,
    /// SHA-256 of the seed value's bytes.
    pub seed: Option<String>,
    /// The commitment the mover mailed before the seed was published, if any.
    pub commitment: Option<String>,
}

/// A state type that carries the envelope's fields.
pub trait Sealed: Serialize + DeserializeOwned + Clone {
    /// The format version written in the file.
    fn format(&self) -> u32;
    /// The integrity digest as stored.
    fn integrity(&self) -> &str;
    /// Replaces the integrity digest.
    fn set_integrity(&mut self, digest: String);
}

/// Why a state file was refused.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum EnvelopeError {
    #[error("{file} is not a readable state file: {reason}")]
    #[diagnostic(
        code(pbem::state::unreadable),
        help("state files are written by `blitz new` and `blitz resolve`; do not edit them")
    )]
    Unreadable { file: String, reason: String },
    #[error("{file} was changed after the umpire wrote it (its integrity digest does not match)")]
    #[diagnostic(
        code(pbem::state::tampered),
        help("use the state file exactly as the umpire mailed it")
    )]
    Tampered { file: String },
    #[error("{file} is state format {found}; this umpire reads formats {oldest} to {newest}")]
    #[diagnostic(
        code(pbem::state::format),
        help("a newer state format needs a newer umpire: upgrade `blitz`")
    )]
    Format {
        file: String,
        found: u32,
        oldest: u32,
        newest: u32,
    },
    #[error("{file} is a state of a `{found}` game, not of a `{expected}` game")]
    #[diagnostic(code(pbem::state::kind))]
    Kind {
        file: String,
        found: String,
        expected: String,
    },
}

impl EnvelopeError {
    /// The stable code of this refusal, as `docs/error-codes.md` lists it. (Not `code`:
    /// miette's `Diagnostic` has a method of that name.)
    pub fn error_code(&self) -> &'static str {
        match self {
            EnvelopeError::Unreadable { .. } => "S001",
            EnvelopeError::Tampered { .. } => "S002",
            EnvelopeError::Format { .. } => "S003",
            EnvelopeError::Kind { .. } => "S004",
        }
    }
}

/// What every state file says of itself, read before the game is known.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Header {
    pub format: u32,
    /// The kind of game; empty in files of format 1 (they are all BLITZKRIEG).
    #[serde(default)]
    pub kind: String,
    /// The umpire release that wrote the file; empty before format 2.
    #[serde(default)]
    pub umpire: String,
}

impl Header {
    /// Reads the envelope's header of a state file, ignoring the game's own fields.
    pub fn peek(src: &str, file: &str) -> Result<Header, EnvelopeError> {
        if let Some(h) = Header::as_sealed(src) {
            return Ok(h);
        }
        ron::from_str(src).map_err(|e| EnvelopeError::Unreadable {
            file: file.to_string(),
            reason: e.to_string(),
        })
    }
}

impl Header {
    /// [`Header::peek`] of a file's bytes, whatever they hold, naming no file: bytes
    /// that are UTF-8 (a state file's always are) are read where they are, checked at
    /// the speed of ASCII; others are read with each bad sequence replaced.
    pub fn peek_bytes(bytes: &[u8]) -> Result<Header, EnvelopeError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Header::peek(text, ""),
            Err(_) => Header::peek(&String::from_utf8_lossy(bytes), ""),
        }
    }

    /// The header as [`seal`] lays it out: `(`, then `format`, and `kind` and `umpire`
    /// when present, one a line before any other field. `None` for any other layout
    /// (then the whole file is read). A file that passes here is still read in full by
    /// [`open`], which refuses anything malformed after the header.
    fn as_sealed(src: &str) -> Option<Header> {
        let mut lines = src.lines();
        if lines.next()? != "(" {
            return None;
        }
        let field = |line: &str, name: &str| -> Option<String> {
            let v = line
                .strip_prefix("  ")?
                .strip_prefix(name)?
                .strip_prefix(": ")?;
            v.strip_suffix(',').map(str::to_string)
        };
        let quoted = |v: String| -> Option<String> {
            let inner = v.strip_prefix('"')?.strip_suffix('"')?;
            (!inner.contains(['"', '\\'])).then(|| inner.to_string())
        };
        let mut rest = lines.peekable();
        let format: u32 = field(rest.next()?, "format")?.parse().ok()?;
        let mut header = Header {
            format,
            kind: String::new(),
            umpire: String::new(),
        };
        if let Some(v) = rest.peek().and_then(|l| field(l, "kind")) {
            header.kind = quoted(v)?;
            rest.next();
        }
        if let Some(v) = rest.peek().and_then(|l| field(l, "umpire")) {
            header.umpire = quoted(v)?;
        }
        Some(header)
    }
}

/// Lower-case hex SHA-256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// How a state file is laid out: two spaces a level, a line feed at the end of each
/// line on every system (ron's default is a carriage return and a line feed on
/// Windows), no struct names. [`layout`] writes the same.
fn pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .indentor("  ".to_string())
        .new_line("\n".to_string())
        .struct_names(false)
}

/// A first guess of a state file's length, so its text is not grown from nothing.
const TEXT_GUESS: usize = 16 * 1024;

/// `value` as a state file lays it out ([`pretty`]): written by [`layout`], or by
/// ron's own printer for a value [`layout`] leaves to it. The same bytes either way.
fn to_text<T: Serialize + ?Sized>(value: &T) -> Result<String, ron::Error> {
    match layout::write(value, TEXT_GUESS) {
        Ok(text) => Ok(text),
        Err(layout::Declined) => ron::ser::to_string_pretty(value, pretty()),
    }
}

/// How an empty digest is written in a state file.
const EMPTY_INTEGRITY: &str = "integrity: \"\"";

/// The state written with its digest empty; a state whose digest is already empty is
/// written as it is, not copied first.
fn body<S: Sealed>(state: &S) -> Result<String, ron::Error> {
    if state.integrity().is_empty() {
        return to_text(state);
    }
    let mut copy = state.clone();
    copy.set_integrity(String::new());
    to_text(&copy)
}

/// Whether `src` is, byte for byte, what [`seal`] writes for a state whose digest is
/// `digest`: the text with the digest taken out (and the last line end) hashes to it.
/// A file that passes was not edited, whatever it holds, without writing the state out
/// again; one that does not (a file written in another layout) is judged by its
/// content, as [`open`] always did. When it passes, the SHA-256 of the whole file,
/// which shares its text before the digest with the digest's: that text is hashed once.
fn as_sealed(src: &str, digest: &str) -> Option<[u8; 32]> {
    const FIELD: &str = "integrity: \"";
    let text = src.strip_suffix('\n').unwrap_or(src);
    let at = text.rfind(FIELD)? + FIELD.len();
    let (head, tail) = text.split_at(at);
    if !tail.starts_with(digest) || digest.is_empty() {
        return None;
    }
    let rest = &tail[digest.len()..];
    let mut hasher = Sha256::new();
    hasher.update(head.as_bytes());
    let mut file = hasher.clone();
    hasher.update(rest.as_bytes());
    if hex::encode(hasher.finalize()) != digest {
        return None;
    }
    file.update(&src.as_bytes()[head.len()..]);
    Some(file.finalize().into())
}

/// Writes a state as RON with its integrity digest filled in: the SHA-256 of the same
/// file written with the digest empty. Deterministic.
pub fn seal<S: Sealed>(state: &S) -> Result<String, ron::Error> {
    seal_hashed(state).map(|(text, _)| text)
}

/// [`seal`], and the SHA-256 of the file it writes. The file is the text written with
/// the digest empty, the digest put into its empty `integrity`: the text before that
/// place is hashed once for both the digest and the file's hash, so a state is written
/// once and hashed about once. Should the layout ever differ, the state is written
/// again with its digest, and that file hashed.
pub fn seal_hashed<S: Sealed>(state: &S) -> Result<(String, [u8; 32]), ron::Error> {
    sealed(state).map(|(out, hash, _)| (out, hash))
}

/// [`seal_hashed`] of a state that is then given the digest its file holds: its own
/// digest (a stale one, as a state made from its predecessor carries) is taken out
/// first, so the state is written without being copied.
pub fn seal_hashed_in_place<S: Sealed>(state: &mut S) -> Result<(String, [u8; 32]), ron::Error> {
    state.set_integrity(String::new());
    let (out, hash, digest) = sealed(state)?;
    state.set_integrity(digest);
    Ok((out, hash))
}

/// [`seal_hashed`], and the integrity digest written.
fn sealed<S: Sealed>(state: &S) -> Result<(String, [u8; 32], String), ron::Error> {
    let body = body(state)?;
    let Some(at) = body.rfind(EMPTY_INTEGRITY) else {
        let mut copy = state.clone();
        let digest = sha256_hex(body.as_bytes());
        copy.set_integrity(digest.clone());
        let mut out = to_text(&copy)?;
        out.push('\n');
        let hash = Sha256::digest(out.as_bytes()).into();
        return Ok((out, hash, digest));
    };
    let split = at + EMPTY_INTEGRITY.len() - 1;
    let (head, tail) = body.split_at(split);
    let mut before = Sha256::new();
    before.update(head.as_bytes());
    let mut file = before.clone();
    before.update(tail.as_bytes());
    let digest = hex::encode(before.finalize());
    // The digest goes into the text where it lies, before its last few bytes: the
    // file is written from the one text, not from a copy of it.
    let mut out = body;
    out.insert_str(split, &digest);
    out.push('\n');
    file.update(&out.as_bytes()[split..]);
    Ok((out, file.finalize().into(), digest))
}

/// Reads a state of game `kind`, refusing another game's state (before reading the
/// game's own fields), a format outside `formats`, and a state whose digest does not
/// match its content. Format 1 named no kind: an empty kind is read as `kind` there.
pub fn open<S: Sealed>(
    src: &str,
    file: &str,
    kind: &str,
    formats: std::ops::RangeInclusive<u32>,
) -> Result<S, EnvelopeError> {
    opened(src, file, kind, formats).map(|(state, _)| state)
}

/// [`open`], and the SHA-256 of the file's bytes (`src`): for a file laid out as
/// [`seal`] writes it, hashed along with the check of its digest.
pub fn open_hashed<S: Sealed>(
    src: &str,
    file: &str,
    kind: &str,
    formats: std::ops::RangeInclusive<u32>,
) -> Result<(S, [u8; 32]), EnvelopeError> {
    let (state, hash) = opened(src, file, kind, formats)?;
    let hash = hash.unwrap_or_else(|| Sha256::digest(src.as_bytes()).into());
    Ok((state, hash))
}

/// [`open`], with the file's hash when its digest was checked on its bytes.
fn opened<S: Sealed>(
    src: &str,
    file: &str,
    kind: &str,
    formats: std::ops::RangeInclusive<u32>,
) -> Result<(S, Option<[u8; 32]>), EnvelopeError> {
    let unreadable = |e: ron::Error| EnvelopeError::Unreadable {
        file: file.to_string(),
        reason: e.to_string(),
    };
    let header = Header::peek(src, file)?;
    if !(header.kind == kind || header.kind.is_empty() && header.format < 2) {
        return Err(EnvelopeError::Kind {
            file: file.to_string(),
            found: header.kind,
            expected: kind.to_string(),
        });
    }
    if !formats.contains(&header.format) {
        return Err(EnvelopeError::Format {
            file: file.to_string(),
            found: header.format,
            oldest: *formats.start(),
            newest: *formats.end(),
        });
    }
    let state: S = match layout::read(src) {
        Some(state) => state,
        None => ron::from_str(src).map_err(|e| unreadable(e.into()))?,
    };
    if let Some(hash) = as_sealed(src, state.integrity()) {
        return Ok((state, Some(hash)));
    }
    if sha256_hex(body(&state).map_err(unreadable)?.as_bytes()) != state.integrity() {
        return Err(EnvelopeError::Tampered {
            file: file.to_string(),
        });
    }
    Ok((state, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header of a sealed file is read off its first lines, and says the same as
    /// reading the whole file; any other layout is read whole.
    #[test]
    fn a_sealed_header_is_read_off_its_first_lines() {
        let sealed = seal(&toy()).unwrap();
        let quick = Header::as_sealed(&sealed).unwrap();
        let full: Header = ron::from_str(&sealed).unwrap();
        assert_eq!((quick.format, &quick.kind), (full.format, &full.kind));
        assert_eq!(quick.kind, "toy");
        let one_line = sealed.replace('\n', " ");
        assert!(Header::as_sealed(&one_line).is_none());
        assert_eq!(Header::peek(&one_line, "t").unwrap().kind, "toy");
        let old = "(\n  format: 1,\n  game: (),\n)";
        let h = Header::as_sealed(old).unwrap();
        assert_eq!((h.format, h.kind.as_str(), h.umpire.as_str()), (1, "", ""));
        assert!(Header::as_sealed("(\n  format: x,\n)").is_none());
    }

    /// A file's bytes give the header its text gives; bytes that are not UTF-8 after
    /// the header still give it, and a file not UTF-8 in its header gives none.
    #[test]
    fn a_header_is_read_off_bytes_whatever_they_hold() {
        let sealed = seal(&toy()).unwrap();
        let h = Header::peek_bytes(sealed.as_bytes()).unwrap();
        assert_eq!((h.format, h.kind.as_str()), (2, "toy"));
        let mut bad = sealed.clone().into_bytes();
        bad.extend_from_slice(&[0xff, 0xfe]);
        assert_eq!(Header::peek_bytes(&bad).unwrap().kind, "toy");
        let mut bad_head = sealed.into_bytes();
        bad_head[1] = 0xff;
        assert!(Header::peek_bytes(&bad_head).is_err());
    }

    /// A sealed file opens by the quick check of its bytes; the same state written in
    /// another layout still opens by its content; a changed byte is caught either way.
    #[test]
    fn a_sealed_file_is_judged_by_its_bytes_then_by_its_content() {
        let sealed = seal(&toy()).unwrap();
        let t: &Toy = &toy();
        let (opened, hash) = open_hashed::<Toy>(&sealed, "t", "toy", 1..=2).unwrap();
        assert_eq!(as_sealed(&sealed, &opened.integrity), Some(hash));
        assert_eq!(hex::encode(hash), sha256_hex(sealed.as_bytes()));
        let relaid = sealed.replace("\n  ", "\n    ");
        assert_ne!(relaid, sealed);
        let digest = open::<Toy>(&sealed, "t", "toy", 1..=2).unwrap().integrity;
        assert!(as_sealed(&relaid, &digest).is_none());
        let (_, hash) = open_hashed::<Toy>(&relaid, "t", "toy", 1..=2).unwrap();
        assert_eq!(hex::encode(hash), sha256_hex(relaid.as_bytes()));
        assert_eq!(
            open::<Toy>(&relaid, "t", "toy", 1..=2).unwrap().value,
            t.value
        );
        let edited = sealed.replace("value: 7", "value: 8");
        assert!(matches!(
            open::<Toy>(&edited, "t", "toy", 1..=2),
            Err(EnvelopeError::Tampered { .. })
        ));
    }

    /// The file's hash that sealing returns is the SHA-256 of the file it writes, and
    /// its digest that of the text with the digest empty, in either layout.
    #[test]
    fn sealing_hashes_the_file_it_writes() {
        let (text, hash) = seal_hashed(&toy()).unwrap();
        assert_eq!(hex::encode(hash), sha256_hex(text.as_bytes()));
        let state: Toy = open(&text, "t", "toy", 1..=2).unwrap();
        assert_eq!(
            state.integrity,
            sha256_hex(body(&state).unwrap().as_bytes())
        );
        assert!(text.ends_with(&format!("integrity: \"{}\",\n)\n", state.integrity)));
        let relay = Relaid {
            format: 2,
            integrity: String::new(),
        };
        let (relaid, hash) = seal_hashed(&relay).unwrap();
        assert_eq!(hex::encode(hash), sha256_hex(relaid.as_bytes()));
        let digest = sha256_hex(body(&relay).unwrap().as_bytes());
        assert!(relaid.contains(&format!("digest: \"{digest}\"")));
    }

    /// Sealing in place writes what sealing a copy writes, whatever digest the state
    /// held, and leaves the state with the digest of its file, in either layout.
    #[test]
    fn sealing_in_place_writes_the_same_file_and_keeps_its_digest() {
        let stale = Toy {
            integrity: "0".repeat(64),
            ..toy()
        };
        let mut state = stale.clone();
        let (text, hash) = seal_hashed_in_place(&mut state).unwrap();
        assert_eq!((text.clone(), hash), seal_hashed(&stale).unwrap());
        assert_eq!((text.clone(), hash), seal_hashed(&toy()).unwrap());
        let opened: Toy = open(&text, "t", "toy", 1..=2).unwrap();
        assert_eq!(state, opened);
        let mut relay = Relaid {
            format: 2,
            integrity: "stale".to_string(),
        };
        let (relaid, hash) = seal_hashed_in_place(&mut relay).unwrap();
        let fresh = Relaid {
            format: 2,
            integrity: String::new(),
        };
        assert_eq!((relaid.clone(), hash), seal_hashed(&fresh).unwrap());
        assert!(relaid.contains(&format!("digest: \"{}\"", relay.integrity)));
    }

    /// A state whose digest is written under another name, so [`seal`] does not find
    /// its empty `integrity` and writes the state again.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Relaid {
        format: u32,
        #[serde(rename = "digest")]
        integrity: String,
    }

    impl Sealed for Relaid {
        fn format(&self) -> u32 {
            self.format
        }
        fn integrity(&self) -> &str {
            &self.integrity
        }
        fn set_integrity(&mut self, digest: String) {
            self.integrity = digest;
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Toy {
        format: u32,
        kind: String,
        value: u32,
        integrity: String,
    }

    impl Sealed for Toy {
        fn format(&self) -> u32 {
            self.format
        }
        fn integrity(&self) -> &str {
            &self.integrity
        }
        fn set_integrity(&mut self, digest: String) {
            self.integrity = digest;
        }
    }

    fn toy() -> Toy {
        Toy {
            format: 2,
            kind: "toy".into(),
            value: 7,
            integrity: String::new(),
        }
    }

    #[test]
    fn a_sealed_state_opens_and_an_edited_one_is_refused() {
        let text = seal(&toy()).unwrap();
        let back: Toy = open(&text, "t.ron", "toy", 1..=2).unwrap();
        assert_eq!(back.value, 7);
        assert_eq!(seal(&back).unwrap(), text, "the same bytes again");
        let edited = text.replace("value: 7", "value: 8");
        assert!(matches!(
            open::<Toy>(&edited, "t.ron", "toy", 1..=2),
            Err(EnvelopeError::Tampered { .. })
        ));
    }

    #[test]
    fn a_format_outside_the_range_is_named() {
        let text = seal(&Toy { format: 3, ..toy() }).unwrap();
        match open::<Toy>(&text, "t.ron", "toy", 1..=2) {
            Err(EnvelopeError::Format { found: 3, .. }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn another_games_state_is_refused_by_its_kind() {
        let text = seal(&toy()).unwrap();
        match open::<Toy>(&text, "t.ron", "chess", 1..=2) {
            Err(EnvelopeError::Kind { found, .. }) => assert_eq!(found, "toy"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_header_is_read_whatever_the_game() {
        let text = seal(&toy()).unwrap();
        let h = Header::peek(&text, "t.ron").unwrap();
        assert_eq!((h.format, h.kind.as_str()), (2, "toy"));
    }
}
