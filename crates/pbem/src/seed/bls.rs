//! The BLS signature check of a drand beacon of the quicknet scheme
//! (`bls-unchained-g1-rfc9380`): the signature, a G1 point, must be the chain key's (a
//! G2 point) signature of the SHA-256 of the round number, hashed to G1 as RFC 9380
//! says. It is the check of `drand-verify`'s `G2PubkeyRfc` (a test holds the two equal
//! on real and altered beacons), made with the same curve crate, with the work that is
//! the same every time done once:
//! - a key is decompressed and prepared for the pairing once per process, not at each
//!   beacon;
//! - the beacons of a whole game folder are checked together ([`Key::verify_all`]):
//!   one pairing check of a random linear combination of them instead of one per
//!   beacon.

use bls12_381::hash_to_curve::{ExpandMsgXmd, HashToCurve};
use bls12_381::{multi_miller_loop, G1Affine, G1Projective, G2Affine, G2Prepared, Gt, Scalar};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// The domain separation tag of quicknet's hash to G1.
const DOMAIN_G1: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// A chain's public key, decompressed and prepared for the pairing.
pub struct Key {
    prepared: G2Prepared,
}

/// The generator of G2, prepared once per process.
fn generator() -> &'static G2Prepared {
    static GENERATOR: OnceLock<G2Prepared> = OnceLock::new();
    GENERATOR.get_or_init(|| G2Prepared::from(G2Affine::generator()))
}

impl Key {
    /// A compressed G2 point, checked in full (on the curve, in the subgroup).
    pub fn checked(bytes: &[u8; 96]) -> Option<Key> {
        Option::from(G2Affine::from_compressed(bytes)).map(Key::prepare)
    }

    /// A compressed G2 point known good (the embedded quicknet key, checked by a test),
    /// read without the costly subgroup check.
    pub fn known_good(bytes: &[u8; 96]) -> Option<Key> {
        Option::from(G2Affine::from_compressed_unchecked(bytes)).map(Key::prepare)
    }

    fn prepare(point: G2Affine) -> Key {
        Key {
            prepared: G2Prepared::from(point),
        }
    }

    /// Whether `signature` is this key's signature of `round`.
    pub fn verify(&self, round: u64, signature: &[u8]) -> bool {
        match signature_point(signature) {
            Some(sigma) => self.pairs(&sigma, &G1Affine::from(message_point(round))),
            None => false,
        }
    }

    /// Whether every `(round, signature)` is this key's signature of its round, checked
    /// together: with coefficients `r` drawn from a hash of all of them, the sum of `r`
    /// times each signature must pair with the generator as the sum of `r` times each
    /// round's point pairs with the key. A bad signature passes only if the hash's
    /// 128-bit coefficients happen to cancel it (a chance of one in 2^128). `false`
    /// says that some beacon is bad, not which: check each alone to name it.
    pub fn verify_all(&self, beacons: &[(u64, &[u8])]) -> bool {
        let mut transcript = Sha256::new();
        transcript.update(b"blitz drand batch v1");
        for (round, signature) in beacons {
            transcript.update(round.to_be_bytes());
            transcript.update((signature.len() as u64).to_be_bytes());
            transcript.update(signature);
        }
        let seed = transcript.finalize();
        let mut signatures = G1Projective::identity();
        let mut messages = G1Projective::identity();
        for (i, (round, signature)) in beacons.iter().enumerate() {
            let Some(sigma) = signature_point(signature) else {
                return false;
            };
            let r = coefficient(&seed, i);
            signatures += sigma * r;
            messages += message_point(*round) * r;
        }
        self.pairs(&G1Affine::from(signatures), &G1Affine::from(messages))
    }

    /// e(sigma, g2) == e(message, key), as one product of two Miller loops equal to one.
    fn pairs(&self, sigma: &G1Affine, message: &G1Affine) -> bool {
        let minus_sigma = -sigma;
        let looped = multi_miller_loop(&[(&minus_sigma, generator()), (message, &self.prepared)]);
        looped.final_exponentiation() == Gt::identity()
    }
}

/// The signature as a G1 point: 48 bytes, on the curve and in the subgroup.
fn signature_point(signature: &[u8]) -> Option<G1Affine> {
    let bytes: &[u8; 48] = signature.try_into().ok()?;
    Option::from(G1Affine::from_compressed(bytes))
}

/// The point a round's signature signs: SHA-256 of the round number (big-endian),
/// hashed to G1.
fn message_point(round: u64) -> G1Projective {
    let message = Sha256::digest(round.to_be_bytes());
    <G1Projective as HashToCurve<ExpandMsgXmd<sha2_09::Sha256>>>::hash_to_curve(message, DOMAIN_G1)
}

/// The `i`th coefficient of a batch: 128 bits of SHA-256 of the batch's hash and `i`.
fn coefficient(seed: &[u8], i: usize) -> Scalar {
    let digest = Sha256::new()
        .chain_update(seed)
        .chain_update((i as u64).to_be_bytes())
        .finalize();
    let mut lo = [0u8; 8];
    let mut hi = [0u8; 8];
    lo.copy_from_slice(&digest[..8]);
    hi.copy_from_slice(&digest[8..16]);
    Scalar::from_raw([u64::from_le_bytes(lo), u64::from_le_bytes(hi), 0, 0])
}
