//! Signed orders, a game option (`docs/pbem.md`): a side that registered an OpenSSH
//! public key at `blitz new` (kept in the state, `game.keys`) has its orders taken
//! only with a signature made with that key (`ssh-keygen -Y sign -n blitz-orders`).
//! `check`, `resolve` and `verify` refuse unsigned or wrongly signed orders and name
//! the side. The signature comes as `ORDERS.sig` beside an order file, attached to or
//! pasted in a mail, and is kept in the game folder as `NN-TURN.orders.toml.sig`, so
//! `verify` checks it again; the turn mail carries it too.
//!
//! What is signed: the orders as the umpire reads them, normalised as for commitments
//! ([`pbem::commit::normalise_orders`]), so a signature survives e-mail; a signature
//! over the exact text received is accepted as well.

use crate::game::{read_state, GameError, OrderText};
use blitzkrieg::state::GameState;
use blitzkrieg::units::Side;
use pbem::commit::normalise_orders;
use pbem::files::{self, FileError};
use pbem::mail;
use pbem::sshsig::{self, PlayerKey, SignatureError, ORDERS_NAMESPACE};
use std::path::{Path, PathBuf};

/// What a signature file beside orders is named after: `ORDERS.sig`, as `ssh-keygen -Y
/// sign` writes it.
pub const SIGNATURE_SUFFIX: &str = ".sig";

/// A signature that came with orders, and where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderSignature {
    /// The armored signature (`-----BEGIN SSH SIGNATURE-----` ...).
    pub armored: String,
    /// Where it came from: a file, or a mail's attachment or body lines.
    pub place: String,
}

/// Why signed orders were refused, or a key could not be registered.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum SignatureProblem {
    #[error("{side}'s orders ({orders}) are not signed: this game takes {side}'s orders only signed with the key registered for {side} ({fingerprint})")]
    #[diagnostic(
        code("blitz::signed::unsigned"),
        help("sign the order file with that key, `ssh-keygen -Y sign -n blitz-orders -f KEY ORDERS`, and send ORDERS.sig with it: beside the file, attached to the mail, or its signature block pasted in the mail")
    )]
    Unsigned {
        side: Side,
        orders: String,
        fingerprint: String,
    },
    #[error("{side}'s orders ({orders}) are refused: {reason} (signature: {place})")]
    #[diagnostic(
        code("blitz::signed::refused"),
        help("orders are taken only as their player signed them: sign the orders as sent with the key registered for the side, `ssh-keygen -Y sign -n blitz-orders -f KEY ORDERS`")
    )]
    Refused {
        side: Side,
        orders: String,
        place: String,
        reason: SignatureError,
    },
    #[error("{side}'s key {file}: {reason}")]
    #[diagnostic(
        code("blitz::signed::key"),
        help("give the public key file `ssh-keygen -t ed25519` wrote (the .pub file)")
    )]
    Key {
        side: Side,
        file: String,
        reason: SignatureError,
    },
}

/// Reads the public key a side registers (`blitz new --blue-key FILE`), as kept in the
/// state: `ssh-ed25519 AAAA...`.
pub fn registered_key(side: Side, path: &Path) -> Result<String, GameError> {
    let bytes = files::read_at_most(path, sshsig::MAX_KEY_OR_SIGNATURE_BYTES as u64)?;
    let text = String::from_utf8(bytes).map_err(|_| FileError::NotText {
        path: path.to_path_buf(),
    })?;
    PlayerKey::parse(&text)
        .map(|k| k.openssh())
        .map_err(|reason| {
            SignatureProblem::Key {
                side,
                file: path.display().to_string(),
                reason,
            }
            .into()
        })
}

/// The side whose orders a state waits for and the key it registered, if it did.
fn key_for(state: &GameState) -> Option<(Side, &str)> {
    let side = state.mover()?;
    state.game.keys.get(&side).map(|k| (side, k.as_str()))
}

/// 32.3: [`key_for`] the orders given: a file that resolves a stopped player-turn
/// without the defender's answer (`[answer] none`) is the mover's, signed with his
/// key (`air_combat::no_answer`). A game without registered keys has none to find:
/// its orders are not read for it.
fn key_for_orders<'a>(state: &'a GameState, orders: &OrderText) -> Option<(Side, &'a str)> {
    if state.game.keys.is_empty() {
        return None;
    }
    let parsed = blitzkrieg::orders::parse(&orders.toml).ok();
    let writer = parsed
        .as_ref()
        .and_then(|o| blitzkrieg::air_combat::no_answer::writer(state, o));
    match writer {
        Some(side) => state.game.keys.get(&side).map(|k| (side, k.as_str())),
        None => key_for(state),
    }
}

/// True when the state's next orders must be signed.
pub fn required(state: &GameState) -> bool {
    key_for(state).is_some()
}

/// Checks the signature of orders for a state: in a game where the side to move
/// registered a key, the orders must come with a signature made with it, in the
/// namespace `blitz-orders`, over the orders as the umpire reads them (normalised) or
/// over their exact text. Nothing is asked of a side without a key.
pub fn check(
    state: &GameState,
    orders: &OrderText,
    signature: Option<&OrderSignature>,
) -> Result<(), GameError> {
    let Some((side, key_text)) = key_for_orders(state, orders) else {
        return Ok(());
    };
    let refused = |place: &str, reason| SignatureProblem::Refused {
        side,
        orders: orders.name.clone(),
        place: place.to_string(),
        reason,
    };
    let key = PlayerKey::parse(key_text).map_err(|e| refused("the key kept in the state", e))?;
    let Some(sig) = signature else {
        return Err(SignatureProblem::Unsigned {
            side,
            orders: orders.name.clone(),
            fingerprint: key.fingerprint(),
        }
        .into());
    };
    let normal = normalise_orders(&orders.toml);
    sshsig::verify(
        &key,
        ORDERS_NAMESPACE,
        &[normal.as_bytes(), orders.toml.as_bytes()],
        &sig.armored,
    )
    .map_err(|e| refused(&sig.place, e).into())
}

/// The same check, from the state file's bytes.
pub fn check_for_state_file(
    state_bytes: &[u8],
    state_file: &str,
    orders: &OrderText,
    signature: Option<&OrderSignature>,
) -> Result<(), GameError> {
    // A game without registered keys writes no `keys` field: its state need not be
    // read a second time to know that (the state is read in full by the command).
    // Looked for with the standard library's substring search, which steps many bytes
    // at a time with the instructions every x86-64 processor has. The memchr crate's
    // first asks the processor what it has (`cpuid`, seven times), and in a virtual
    // machine each asking traps to the host, 6 µs a time: more than the search.
    // A state that is not text is read in full, which says why it is refused.
    let has_keys = std::str::from_utf8(state_bytes).map_or(true, |t| t.contains(KEYS_FIELD));
    if !has_keys {
        return Ok(());
    }
    check(&read_state(state_bytes, state_file)?, orders, signature)
}

/// How the players' keys begin in a state file (`game.keys`, absent when empty).
const KEYS_FIELD: &str = "keys:";

/// Reads a signature file (at most a few KiB of text).
pub fn read_signature(path: &Path) -> Result<OrderSignature, GameError> {
    let bytes = files::read_at_most(path, sshsig::MAX_KEY_OR_SIGNATURE_BYTES as u64)?;
    let armored = String::from_utf8(bytes).map_err(|_| FileError::NotText {
        path: path.to_path_buf(),
    })?;
    Ok(OrderSignature {
        armored,
        place: path.display().to_string(),
    })
}

/// `ORDERS.sig` beside an order file.
pub fn beside(orders: &Path) -> PathBuf {
    let mut name = orders.as_os_str().to_os_string();
    name.push(SIGNATURE_SUFFIX);
    PathBuf::from(name)
}

/// The signature that comes with the orders given as `path` (bytes `bytes`): the one a
/// mail carries (a `.sig` attachment or the block pasted in its body), else `ORDERS.sig`
/// beside the file, if there is one.
pub fn signature_with(path: &Path, bytes: &[u8]) -> Result<Option<OrderSignature>, GameError> {
    if mail::is_message(bytes) {
        if let Ok(found) = mail::orders_from_message(bytes) {
            if let Some(s) = found.signature {
                return Ok(Some(OrderSignature {
                    armored: s.armored,
                    place: format!("{} ({})", path.display(), s.source),
                }));
            }
        }
    }
    let file = beside(path);
    if file.is_file() {
        return read_signature(&file).map(Some);
    }
    Ok(None)
}

/// The name a signature is kept under in a game folder, beside the orders of the
/// player-turn whose files are named `stem`: `NN-TURN.orders.toml.sig`.
pub fn kept_name(stem: &str) -> String {
    format!("{stem}.orders.toml{SIGNATURE_SUFFIX}")
}

/// The signature file a resolution adds to the game folder, when the state resolved
/// asked for signed orders.
pub fn resolution_file(
    dir: &Path,
    previous: &GameState,
    signature: Option<&OrderSignature>,
) -> Option<(PathBuf, Vec<u8>)> {
    if !required(previous) {
        return None;
    }
    signature.map(|s| {
        (
            dir.join(kept_name(&previous.file_stem())),
            s.armored.clone().into_bytes(),
        )
    })
}

/// The signature kept in a game folder for the player-turn named `stem`, if any.
pub fn kept(dir: &Path, stem: &str) -> Result<Option<OrderSignature>, GameError> {
    let path = dir.join(kept_name(stem));
    if path.exists() {
        read_signature(&path).map(Some)
    } else {
        Ok(None)
    }
}
