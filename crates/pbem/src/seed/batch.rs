//! Many beacons of one chain checked in one batch: what `verify` does with a game
//! folder's beacons before it replays the game, so that each pairing check of the
//! scheme ([`super::drand`]) is not paid once a player-turn.
//!
//! The batch is the random linear combination of the signatures' equations
//! (the small-exponents batch test the BLS libraries offer):
//! the beacons' signatures σᵢ and their rounds' messages hashed to G1, Hᵢ, are each
//! multiplied by a 128-bit scalar rᵢ, and e(Σ rᵢσᵢ, g₂) = e(Σ rᵢHᵢ, key) is checked.
//! Every beacon of a chain is signed under its one key, so both sums are taken in G1
//! first: the whole batch costs one Miller loop over two pairs and one final
//! exponentiation ([`super::drand::closes`]), however many beacons it holds. Every good
//! batch passes. A batch with a bad signature (each signature must lie in the subgroup
//! of prime order) passes only if the scalars fall on one of fewer than one in 2¹²⁸ of
//! their values. The scalars are drawn from SHA-256 of the key and every beacon of the
//! batch, so nobody can know them before every signature is fixed; the check stays a
//! function of the folder's bytes, the same on every machine. A batch that fails marks
//! no beacon as checked: each is then checked alone when its player-turn is replayed,
//! as without a batch, and the bad one is named.

use super::drand::{closes, round_message, signature_point, Beacon, DrandChain, DST_RFC9380};
use blst::min_sig::{AggregateSignature, SecretKey, Signature};
use blst::{blst_p1_affine, blst_p2_affine, blst_scalar, MultiPoint, Pairing};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;

/// The bits of each scalar of the combination.
const SCALAR_BITS: usize = 128;

/// What the scalars' hash begins with: they are drawn for this check alone.
const SCALAR_DOMAIN: &[u8] = b"BLITZ drand batch check v1";

/// Beacons of one chain whose signatures were found good together
/// ([`DrandChain::check_together`]): [`DrandChain::verify_among`] does not check
/// them again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckedBeacons {
    /// The chain's public key (96 bytes) they were checked under.
    key: Vec<u8>,
    /// Each beacon's round and signature.
    signed: BTreeSet<(u64, Vec<u8>)>,
}

impl CheckedBeacons {
    /// No beacon: each is checked alone.
    pub const fn none() -> CheckedBeacons {
        CheckedBeacons {
            key: Vec::new(),
            signed: BTreeSet::new(),
        }
    }

    /// How many beacons were found good.
    pub fn len(&self) -> usize {
        self.signed.len()
    }

    /// Whether no beacon was found good.
    pub fn is_empty(&self) -> bool {
        self.signed.is_empty()
    }

    /// Whether `beacon` was found good under the chain key `key`.
    pub(super) fn holds(&self, key: &[u8], beacon: &Beacon) -> bool {
        !self.signed.is_empty()
            && self.key == key
            && self
                .signed
                .contains(&(beacon.round, beacon.signature.clone()))
    }
}

impl DrandChain {
    /// Checks the signatures of `beacons` in one batch (this module's header): all of
    /// them when every one is this chain's signature of its round, none when any is
    /// not, or is not a compressed curve point of 48 bytes, or the chain's key is bad.
    pub fn check_together(&self, beacons: &[Beacon]) -> CheckedBeacons {
        match self.batch_holds(beacons) {
            true => CheckedBeacons {
                key: self.public_key.clone(),
                signed: beacons
                    .iter()
                    .map(|b| (b.round, b.signature.clone()))
                    .collect(),
            },
            false => CheckedBeacons::none(),
        }
    }

    /// Whether the batch's equation holds, each signature being a point of the subgroup
    /// other than the point at infinity.
    fn batch_holds(&self, beacons: &[Beacon]) -> bool {
        let Ok(key) = self.key() else {
            return false;
        };
        let Some(sigs) = beacons
            .iter()
            .map(|b| signature_point(&b.signature))
            .collect::<Option<Vec<Signature>>>()
        else {
            return false;
        };
        if sigs.is_empty() || sigs.iter().any(|s| s.validate(true).is_err()) {
            return false;
        }
        let scalars = scalars(&self.public_key, beacons);
        let (Some(signed), Some(hashed)) = (
            signature_sum(&sigs, &scalars),
            message_sum(beacons, &scalars),
        ) else {
            return false;
        };
        let mut right = Pairing::new(true, DST_RFC9380);
        right.raw_aggregate(&blst_p2_affine::from(key), &hashed);
        closes(right, &signed)
    }
}

/// Σ rᵢσᵢ, in one multi-scalar multiplication; `None` at the point at infinity.
fn signature_sum(sigs: &[Signature], scalars: &[blst_scalar]) -> Option<blst_p1_affine> {
    let packed: Vec<u8> = scalars
        .iter()
        .flat_map(|s| s.b[..SCALAR_BITS / 8].iter().copied())
        .collect();
    finite(sigs.mult(&packed, SCALAR_BITS).to_signature())
}

/// Σ rᵢHᵢ: each round's message hashed to G1 (RFC 9380, the scheme's tag) and
/// multiplied by its scalar, which is what signing it with the scalar as a secret key
/// gives; `None` at the point at infinity.
fn message_sum(beacons: &[Beacon], scalars: &[blst_scalar]) -> Option<blst_p1_affine> {
    let hashed = beacons
        .iter()
        .zip(scalars)
        .map(|(b, r)| {
            let mut big_endian = r.b;
            big_endian.reverse();
            let r = SecretKey::from_bytes(&big_endian).ok()?;
            Some(r.sign(&round_message(b.round), DST_RFC9380, &[]))
        })
        .collect::<Option<Vec<Signature>>>()?;
    let refs: Vec<&Signature> = hashed.iter().collect();
    finite(
        AggregateSignature::aggregate(&refs, false)
            .ok()?
            .to_signature(),
    )
}

/// A sum as an affine point, unless it is the point at infinity (a batch whose sum is
/// that point is not taken: each beacon is then checked alone).
fn finite(sum: Signature) -> Option<blst_p1_affine> {
    let point = blst_p1_affine::from(sum);
    (point != blst_p1_affine::default()).then_some(point)
}

/// The combination's scalars: the first 128 bits of SHA-256(seed ‖ i) for the i-th
/// beacon, where the seed is SHA-256 of the domain, the key and every beacon's round
/// and signature with their lengths; never zero.
fn scalars(key: &[u8], beacons: &[Beacon]) -> Vec<blst_scalar> {
    let mut all = Sha256::new();
    all.update(SCALAR_DOMAIN);
    all.update(key);
    all.update((beacons.len() as u64).to_be_bytes());
    for b in beacons {
        all.update(b.round.to_be_bytes());
        all.update((b.signature.len() as u64).to_be_bytes());
        all.update(&b.signature);
    }
    let seed: [u8; 32] = all.finalize().into();
    (0..beacons.len() as u64)
        .map(|i| {
            let mut h = Sha256::new();
            h.update(seed);
            h.update(i.to_be_bytes());
            let digest: [u8; 32] = h.finalize().into();
            let mut b = [0u8; 32];
            b[..SCALAR_BITS / 8].copy_from_slice(&digest[..SCALAR_BITS / 8]);
            if b.iter().all(|&x| x == 0) {
                b[0] = 1;
            }
            blst_scalar { b }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn beacon(round: u64, fill: u8) -> Beacon {
        Beacon {
            round,
            signature: vec![fill; 48],
            randomness: None,
        }
    }

    /// The scalars depend on every beacon's round and signature, and on the key: a
    /// change to any gives other scalars, which nobody could pick in advance.
    #[test]
    fn the_scalars_follow_every_beacon_and_the_key() {
        let key = [7u8; 96];
        let batch = [beacon(1, 1), beacon(2, 2)];
        let s = |key: &[u8], b: &[Beacon]| -> Vec<[u8; 32]> {
            scalars(key, b).iter().map(|s| s.b).collect()
        };
        let first = s(&key, &batch);
        assert_eq!(first.len(), 2);
        assert_ne!(first[0], first[1]);
        assert!(first.iter().all(|b| b[16..].iter().all(|&x| x == 0)));
        assert_eq!(first, s(&key, &batch), "a function of the bytes alone");
        assert_ne!(first, s(&[8u8; 96], &batch));
        assert_ne!(first, s(&key, &[beacon(1, 1), beacon(3, 2)]));
        assert_ne!(first, s(&key, &[beacon(1, 1), beacon(2, 3)]));
    }

    /// A beacon is held only under the key it was checked with.
    #[test]
    fn a_checked_beacon_is_held_under_its_own_key_only() {
        let checked = CheckedBeacons {
            key: vec![1; 96],
            signed: [(5, vec![9; 48])].into_iter().collect(),
        };
        assert!(checked.holds(&[1; 96], &beacon(5, 9)));
        assert!(!checked.holds(&[2; 96], &beacon(5, 9)));
        assert!(!checked.holds(&[1; 96], &beacon(6, 9)));
        assert!(!checked.holds(&[1; 96], &beacon(5, 8)));
        assert!(!CheckedBeacons::none().holds(&[], &beacon(5, 9)));
    }
}
