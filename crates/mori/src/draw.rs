//! Deterministic draws and commitments.  Every random choice of the game is
//! SHA-256 over length-prefixed fields with a domain tag, turned into a
//! uniform index by rejection sampling (no modulo bias).  Nothing here
//! reads a clock or an entropy source: the randomness is the turn's
//! published seed and, for hidden draws, the drawer's committed secret.

use sha2::{Digest, Sha256};

use crate::ruleset::Side;

/// Domain tag of a draw from a player's bag into his reserve.
pub const DRAW_DOMAIN: &str = "mori-pbem/draw/v1";
/// Domain tag of a random discard from a player's reserve (bombing).
pub const DISCARD_DOMAIN: &str = "mori-pbem/discard/v1";
/// Domain tag of a draw from the shared research pile (public).
pub const RESEARCH_DOMAIN: &str = "mori-pbem/research/v1";
/// Domain tag of the commitment to a player's secret.
pub const SECRET_DOMAIN: &str = "mori-pbem/secret/v1";
/// Domain tag of the salt of the hidden-state commitments.
pub const SALT_DOMAIN: &str = "mori-pbem/salt/v1";
/// Domain tag of a commitment to a reserve and a bag.
pub const HIDDEN_DOMAIN: &str = "mori-pbem/hidden/v1";

/// A player's secret: 32 bytes made on his own machine.
pub type Secret = [u8; 32];

/// SHA-256 over the fields, each preceded by its length (u32, big end).
pub fn hash_fields(fields: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for f in fields {
        let len = u32::try_from(f.len()).unwrap_or(u32::MAX);
        h.update(len.to_be_bytes());
        h.update(f);
    }
    h.finalize().into()
}

/// A uniform index below `n` from the fields, or `None` when `n` is 0.
/// Takes the first 8 bytes of `hash(fields, counter)` as a u64 and rejects
/// values at or above the largest multiple of `n`, trying the next counter.
pub fn uniform(fields: &[&[u8]], n: u32) -> Option<u32> {
    if n == 0 {
        return None;
    }
    let n64 = u64::from(n);
    let limit = (u64::MAX / n64) * n64;
    let mut counter: u32 = 0;
    loop {
        let c = counter.to_be_bytes();
        let mut all: Vec<&[u8]> = fields.to_vec();
        all.push(&c);
        let h = hash_fields(&all);
        let mut first = [0u8; 8];
        first.copy_from_slice(&h[..8]);
        let x = u64::from_be_bytes(first);
        if x < limit {
            return u32::try_from(x % n64).ok();
        }
        counter = counter.wrapping_add(1);
    }
}

/// The index of a hidden draw (or discard) among `n` tokens: a function of
/// the turn's seed, the drawer's secret, the game, the turn label and the
/// draw's index within that turn.
#[allow(clippy::too_many_arguments)]
pub fn hidden_index(
    domain: &str,
    seed: &[u8],
    secret: &Secret,
    game_id: &str,
    side: Side,
    label: &str,
    index: u32,
    n: u32,
) -> Option<u32> {
    let i = index.to_be_bytes();
    uniform(
        &[
            domain.as_bytes(),
            seed,
            secret,
            game_id.as_bytes(),
            side.name().as_bytes(),
            label.as_bytes(),
            &i,
        ],
        n,
    )
}

/// The index of a public research draw: the seed alone decides it.
pub fn research_index(seed: &[u8], game_id: &str, label: &str, index: u32, n: u32) -> Option<u32> {
    let i = index.to_be_bytes();
    uniform(
        &[
            RESEARCH_DOMAIN.as_bytes(),
            seed,
            game_id.as_bytes(),
            label.as_bytes(),
            &i,
        ],
        n,
    )
}

/// The public commitment to a player's secret, made before any seed exists.
pub fn secret_commitment(game_id: &str, side: Side, secret: &Secret) -> [u8; 32] {
    hash_fields(&[
        SECRET_DOMAIN.as_bytes(),
        game_id.as_bytes(),
        side.name().as_bytes(),
        secret,
    ])
}

/// The salt of a hidden-state commitment, derived from the secret so the
/// opponent cannot test guesses of a reserve against the commitment.
pub fn salt(game_id: &str, side: Side, secret: &Secret, label: &str) -> [u8; 32] {
    hash_fields(&[
        SALT_DOMAIN.as_bytes(),
        secret,
        game_id.as_bytes(),
        side.name().as_bytes(),
        label.as_bytes(),
    ])
}

/// Commitment to a reserve and a bag: hash of the salt and both lists in
/// canonical (sorted) order, each list preceded by its length.
pub fn hidden_commitment<'a>(
    salt: &[u8; 32],
    reserve: impl Iterator<Item = &'a String>,
    bag: impl Iterator<Item = &'a String>,
) -> [u8; 32] {
    let reserve: Vec<&[u8]> = reserve.map(|s| s.as_bytes()).collect();
    let bag: Vec<&[u8]> = bag.map(|s| s.as_bytes()).collect();
    let rn = u32::try_from(reserve.len())
        .unwrap_or(u32::MAX)
        .to_be_bytes();
    let bn = u32::try_from(bag.len()).unwrap_or(u32::MAX).to_be_bytes();
    let mut fields: Vec<&[u8]> = vec![HIDDEN_DOMAIN.as_bytes(), salt, &rn];
    fields.extend(reserve);
    fields.push(&bn);
    fields.extend(bag);
    hash_fields(&fields)
}

/// Parses 64 hex digits into a secret.
pub fn parse_secret(text: &str) -> Option<Secret> {
    let bytes = hex::decode(text.trim()).ok()?;
    bytes.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_is_in_range_and_spread() {
        let mut counts = [0u32; 3];
        for i in 0u32..3000 {
            let b = i.to_be_bytes();
            let k = uniform(&[b"t", &b], 3).unwrap_or(99);
            counts[k as usize] += 1;
        }
        for c in counts {
            assert!((900..1100).contains(&c), "{counts:?}");
        }
        assert_eq!(uniform(&[b"t"], 0), None);
        assert_eq!(uniform(&[b"t"], 1), Some(0));
    }

    #[test]
    fn hidden_index_depends_on_secret_and_seed() {
        let a = [1u8; 32];
        let b = [2u8; 32];
        let differ_secret = (0..32u32).any(|i| {
            hidden_index(DRAW_DOMAIN, b"s", &a, "g", Side::Axis, "t1", i, 20)
                != hidden_index(DRAW_DOMAIN, b"s", &b, "g", Side::Axis, "t1", i, 20)
        });
        let differ_seed = (0..32u32).any(|i| {
            hidden_index(DRAW_DOMAIN, b"s", &a, "g", Side::Axis, "t1", i, 20)
                != hidden_index(DRAW_DOMAIN, b"z", &a, "g", Side::Axis, "t1", i, 20)
        });
        assert!(differ_secret && differ_seed);
    }

    #[test]
    fn length_prefix_separates_fields() {
        assert_ne!(hash_fields(&[b"ab", b"c"]), hash_fields(&[b"a", b"bc"]));
    }
}
