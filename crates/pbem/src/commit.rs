//! Commit and reveal: the one-line commitment a player mails before the seed is
//! published, binding the orders to the state they apply to (`docs/dice.md`). Version
//! 3 ([`orders_commitment`]) is made on the canonical form of the orders
//! ([`canonical_orders`]), so the same orders give one commitment whichever way they
//! travel; version 2 ([`orders_commitment_v2`]) and version 1, below, on the file's
//! exact bytes, are still accepted for the games made with them:
//!
//! ```text
//! commitment = SHA-256( lp("blitzkrieg-pbem/commit/v1") ‖ lp(state hash, 32 raw bytes)
//!                       ‖ lp(order file bytes) )
//! ```
//!
//! where the state hash is SHA-256 of the state file's bytes and lp(x) is x's length as
//! a u32 big-endian, then x. No clock here: whether a named drand round is already in
//! the past is the command line's concern.

use crate::dice::lp;
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// The domain tag of commitment version 1.
pub const COMMIT_V1: &str = "blitzkrieg-pbem/commit/v1";

/// SHA-256 of a state file's bytes.
pub fn state_hash(state_bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(state_bytes).into()
}

/// A commitment (32 bytes; shown as 64 lower-case hex digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Commitment(pub [u8; 32]);

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl FromStr for Commitment {
    type Err = CommitError;

    /// 64 hex digits, any case, surrounding whitespace ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || CommitError::Malformed {
            given: s.trim().to_string(),
        };
        let bytes = hex::decode(s.trim()).map_err(|_| bad())?;
        let arr: [u8; 32] = bytes.try_into().map_err(|_| bad())?;
        Ok(Commitment(arr))
    }
}

/// The commitment of orders to a state, from the state's hash.
pub fn commitment_for_hash(state_hash: &[u8; 32], order_bytes: &[u8]) -> Commitment {
    let mut input = Vec::with_capacity(order_bytes.len() + 80);
    lp(&mut input, COMMIT_V1.as_bytes());
    lp(&mut input, state_hash);
    lp(&mut input, order_bytes);
    Commitment(Sha256::digest(&input).into())
}

/// The commitment of an order file to a state file, version 1: over the file's exact
/// bytes. Still accepted by [`check`], for games whose commitments were made so.
pub fn commitment(state_bytes: &[u8], order_bytes: &[u8]) -> Commitment {
    commitment_for_hash(&state_hash(state_bytes), order_bytes)
}

/// The domain tag of commitment version 2.
pub const COMMIT_V2: &str = "blitzkrieg-pbem/commit/v2";

/// The orders as the umpire reads them, whatever a mail program did to their lines:
/// a leading byte-order mark dropped, CRLF and lone CR made LF, spaces and tabs at the
/// end of each line dropped, blank lines at the end dropped, and one final LF. The same
/// orders saved as a file, pasted into a reply or attached to it give the same text.
pub fn normalise_orders(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out: String = unified
        .split('\n')
        .map(|l| l.trim_end_matches([' ', '\t']))
        .collect::<Vec<_>>()
        .join("\n");
    let kept = out.trim_end_matches('\n').len();
    out.truncate(kept);
    out.push('\n');
    out
}

/// The commitment of orders to a state, version 2 (what `blitz commit` printed before
/// version 3, and what the samples were played with): over the orders as the umpire
/// reads them ([`normalise_orders`]), comments included. Still accepted by [`check`].
///
/// ```text
/// commitment = SHA-256( lp("blitzkrieg-pbem/commit/v2") ‖ lp(state hash, 32 raw bytes)
///                       ‖ lp(normalised orders, UTF-8) )
/// ```
pub fn orders_commitment_v2(state_bytes: &[u8], orders_text: &str) -> Commitment {
    tagged(
        COMMIT_V2,
        &state_hash(state_bytes),
        &normalise_orders(orders_text),
    )
}

/// The domain tag of commitment version 3.
pub const COMMIT_V3: &str = "blitzkrieg-pbem/commit/v3";

/// The canonical form of orders, the one the commitment is made on: the orders
/// normalised ([`normalise_orders`]), then every line that holds only a comment (`#`
/// after any spaces) and every blank line dropped. The marker lines are comments, and
/// so are the template's notes, so an order file as filled in, the same file pasted
/// into a reply (where only the lines between the markers are read, their `>` quoting
/// removed), or attached to it give one text. Nothing dropped changes what the orders
/// say: a comment or a blank line means nothing in TOML, except inside a multi-line
/// string (`"""` or `'''`), so orders that hold one keep every line.
pub fn canonical_orders(text: &str) -> String {
    let normal = normalise_orders(text);
    if normal.contains("\"\"\"") || normal.contains("'''") {
        return normal;
    }
    normal
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
        .flat_map(|l| [l, "\n"])
        .collect()
}

/// The commitment of orders to a state, version 3 (what `blitz commit` prints): over
/// the canonical form of the orders ([`canonical_orders`]), so it survives every way
/// orders travel: a file, an attachment, pasted or quoted in a reply.
///
/// ```text
/// commitment = SHA-256( lp("blitzkrieg-pbem/commit/v3") ‖ lp(state hash, 32 raw bytes)
///                       ‖ lp(canonical orders, UTF-8) )
/// ```
pub fn orders_commitment(state_bytes: &[u8], orders_text: &str) -> Commitment {
    orders_commitment_for_hash(&state_hash(state_bytes), orders_text)
}

/// [`orders_commitment`] of the state whose SHA-256 is `state_hash`.
pub fn orders_commitment_for_hash(state_hash: &[u8; 32], orders_text: &str) -> Commitment {
    tagged(COMMIT_V3, state_hash, &canonical_orders(orders_text))
}

fn tagged(tag: &str, state_hash: &[u8; 32], orders: &str) -> Commitment {
    let mut input = Vec::with_capacity(orders.len() + 80);
    lp(&mut input, tag.as_bytes());
    lp(&mut input, state_hash);
    lp(&mut input, orders.as_bytes());
    Commitment(Sha256::digest(&input).into())
}

/// A commitment that does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    #[error(
        "\"{given}\" is not a commitment: it should be 64 hex digits, as `blitz commit` prints"
    )]
    Malformed { given: String },
    #[error("the orders do not match the commitment {given}: these orders and state give {computed}. The orders were changed after the commitment was mailed (comments, blank lines, line endings and spaces at the end of a line do not count; anything else does), or they apply to another state")]
    Mismatch { given: String, computed: String },
}

/// Checks a mailed commitment against the state and order files given at resolution:
/// version 3, or, for the games whose commitments were made so, version 2 or 1.
pub fn check(
    commitment_hex: &str,
    state_bytes: &[u8],
    order_bytes: &[u8],
) -> Result<(), CommitError> {
    check_for_hash(commitment_hex, &state_hash(state_bytes), order_bytes)
}

/// [`check`] for the state whose SHA-256 ([`state_hash`]) the caller has already
/// computed: the state is not hashed again.
pub fn check_for_hash(
    commitment_hex: &str,
    state_hash: &[u8; 32],
    order_bytes: &[u8],
) -> Result<(), CommitError> {
    let given: Commitment = commitment_hex.parse()?;
    let (computed, v2) = match std::str::from_utf8(order_bytes) {
        Ok(text) => (
            orders_commitment_for_hash(state_hash, text),
            Some(tagged(COMMIT_V2, state_hash, &normalise_orders(text))),
        ),
        Err(_) => (commitment_for_hash(state_hash, order_bytes), None),
    };
    if given == computed
        || Some(given) == v2
        || given == commitment_for_hash(state_hash, order_bytes)
    {
        Ok(())
    } else {
        Err(CommitError::Mismatch {
            given: given.to_string(),
            computed: computed.to_string(),
        })
    }
}

/// A secret choice made simultaneously with the other player's (a purchase list, a
/// die shift), sealed before either is shown: the SHA-256 of the choice with a salt
/// only its maker knows until he reveals, so the opponent can neither read the choice
/// from the commitment nor test guesses against it, and the maker cannot change it
/// after seeing the other's. `tag` names the kind of choice (a domain of its own),
/// `context` what it is bound to (the game, the side, the round), each field
/// length-prefixed:
///
/// ```text
/// commitment = SHA-256( lp(tag) ‖ lp(#context) ‖ lp(context…) ‖ lp(salt) ‖ lp(choice) )
/// ```
pub fn sealed_choice(tag: &str, context: &[&[u8]], salt: &[u8], choice: &[u8]) -> Commitment {
    let mut input = Vec::with_capacity(choice.len() + salt.len() + 128);
    lp(&mut input, tag.as_bytes());
    let count = u32::try_from(context.len()).unwrap_or(u32::MAX);
    lp(&mut input, &count.to_be_bytes());
    for c in context {
        lp(&mut input, c);
    }
    lp(&mut input, salt);
    lp(&mut input, choice);
    Commitment(Sha256::digest(&input).into())
}

/// Whether a revealed choice and salt are the ones `given` sealed ([`sealed_choice`]).
pub fn opens(given: &Commitment, tag: &str, context: &[&[u8]], salt: &[u8], choice: &[u8]) -> bool {
    *given == sealed_choice(tag, context, salt, choice)
}

#[cfg(test)]
mod sealed_tests {
    use super::*;

    /// A sealed choice opens with its own salt and choice only: another choice,
    /// another salt or another context (side, game) gives another commitment.
    #[test]
    fn a_sealed_choice_opens_only_with_what_sealed_it() {
        let ctx: [&[u8]; 2] = [b"game", b"Blue"];
        let c = sealed_choice("t/v1", &ctx, b"salt", b"choice");
        assert!(opens(&c, "t/v1", &ctx, b"salt", b"choice"));
        assert!(!opens(&c, "t/v1", &ctx, b"salt", b"choicf"));
        assert!(!opens(&c, "t/v1", &ctx, b"salu", b"choice"));
        assert!(!opens(&c, "t/v1", &[b"game", b"Red"], b"salt", b"choice"));
        assert!(!opens(&c, "t/v2", &ctx, b"salt", b"choice"));
        // The fields are length-prefixed: moving a byte between them changes it.
        assert!(!opens(&c, "t/v1", &ctx, b"sal", b"tchoice"));
    }
}
