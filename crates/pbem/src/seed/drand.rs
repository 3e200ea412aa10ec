//! drand beacons: the chain a game records (public key, genesis, period), a round's
//! beacon read from the JSON a relay serves, verified offline against the chain's key,
//! and the round named by a UTC time.
//!
//! The signature is checked by `blst` (the BLS library of the Ethereum consensus
//! clients), as the scheme bls-unchained-g1-rfc9380 defines the check: a signature on
//! G1 of SHA-256(round as 8 bytes big-endian), hashed to the curve as RFC 9380's
//! BLS12381G1_XMD:SHA-256_SSWU_RO_ suite with drand's domain tag, against the chain's
//! key on G2. The tests hold its verdict to that of `drand-verify`, the drand project's
//! own checker, on every recorded round and on forgeries of each.

use super::batch::CheckedBeacons;
use super::json::{self, Json};
use super::SeedError;
use blst::min_sig::{PublicKey, Signature};
use blst::{blst_p1_affine, blst_p2_affine, Pairing, BLST_ERROR};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The scheme whose beacons this module verifies (quicknet's).
pub const SCHEME_RFC9380: &str = "bls-unchained-g1-rfc9380";

/// The domain separation tag of the scheme's signatures (hash to G1, RFC 9380).
pub(super) const DST_RFC9380: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// A chain's public key as a curve point. The embedded quicknet key is known good (a
/// test decodes it with every check), so it is read from its uncompressed form
/// ([`QUICKNET_KEY`]), on the curve, without its costly subgroup check or the square
/// root its compressed form needs; any other key is checked in full: on the curve, in
/// the subgroup, not the point at infinity.
pub(super) fn chain_key(key: &[u8; 96]) -> Result<PublicKey, BLST_ERROR> {
    if DrandChain::is_quicknet_key(key) {
        g2_point(QUICKNET_KEY)
    } else {
        PublicKey::key_validate(key)
    }
}

/// The embedded quicknet key (`rules/drand-quicknet.toml`) uncompressed, 192 bytes in
/// hex. A test holds it to the compressed key of that file, checked in full.
const QUICKNET_KEY: [&str; 5] = [
    "03cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3a",
    "c6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5",
    "a6e9c76a4bc09e76eae8991ef5ece45a01a714f2edb74119a2f2b0d5a7c75ba902d163700a61bc22",
    "4ededd8e63aef7be1aaf8e93d7a9718b047ccddb3eb5d68b0e5db2b6bfbb01c867749cadffca88b3",
    "6c24f3012ba09fc4d3022c5c37dce0f977d3adb5d183c7477c442b1f04515273",
];

/// The generator of G2 negated, uncompressed, 192 bytes in hex: the signature's side
/// of the scheme's equation, moved over ([`closes`]). A test derives it as the public
/// key of the secret key r - 1.
const NEG_G2: [&str; 5] = [
    "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57",
    "e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d177",
    "0bac0326a805bbefd48056c8c121bdb813fa4d4a0ad8b1ce186ed5061789213d993923066dddaf10",
    "40bc3ff59f825c78df74f2d75467e25e0f55f8a00fa030ed0d1b3cc2c7027888be51d9ef691d77bc",
    "b679afda66c73f17f9ee3837a55024f78c71363275a75d75d86bab79f74782aa",
];

/// A G2 point from its uncompressed hex, checked to be on the curve.
fn g2_point(hex_lines: [&str; 5]) -> Result<PublicKey, BLST_ERROR> {
    let mut bytes = [0u8; 192];
    hex::decode_to_slice(hex_lines.concat(), &mut bytes)
        .map_err(|_| BLST_ERROR::BLST_BAD_ENCODING)?;
    PublicKey::deserialize(&bytes)
}

/// Closes the scheme's equation e(σ, g₂) = e(H, key) as e(H, key)·e(σ, −g₂) = 1:
/// `pairing` holds the pairs of the messages hashed to G1 with the key, the signature
/// `signed` joins them with the negated generator, and the product of all the pairs
/// takes one Miller loop and one final exponentiation, where blst's own check takes a
/// Miller loop for each side.
pub(super) fn closes(mut pairing: Pairing, signed: &blst_p1_affine) -> bool {
    let Ok(neg_g2) = g2_point(NEG_G2) else {
        return false;
    };
    pairing.raw_aggregate(<&blst_p2_affine>::from(&neg_g2), signed);
    pairing.commit();
    pairing.finalverify(None)
}

/// The message a round's beacon signs in an unchained scheme: SHA-256 of the round as 8
/// bytes, big-endian.
pub(super) fn round_message(round: u64) -> [u8; 32] {
    Sha256::digest(round.to_be_bytes()).into()
}

/// The length of a signature as the scheme writes it: a compressed G1 point.
const SIGNATURE_BYTES: usize = 48;

/// Whether `signature` is the BLS signature of `round` under `key` (bls-unchained-g1-rfc9380):
/// a compressed G1 point in the subgroup other than the point at infinity, whose pairing
/// with the generator of G2 equals that of the round's message hashed to G1 with the key
/// ([`closes`]). Only the compressed form is taken: the randomness is SHA-256 of the
/// signature's bytes, so a second encoding of the same point would give whoever
/// resolves a second roll of the dice.
fn signs_round(key: &PublicKey, beacon: &Beacon) -> bool {
    let Some(sig) = signature_point(&beacon.signature) else {
        return false;
    };
    if sig.validate(true).is_err() {
        return false;
    }
    let msg = round_message(beacon.round);
    let mut pairing = Pairing::new(true, DST_RFC9380);
    // The key's pair only: the signature's side joins it in `closes`.
    let no_signature = ();
    let hashed = pairing.aggregate(
        <&blst_p2_affine>::from(key),
        false,
        &no_signature,
        false,
        &msg,
        &[],
    );
    hashed == BLST_ERROR::BLST_SUCCESS && closes(pairing, <&blst_p1_affine>::from(&sig))
}

/// A signature as the scheme writes it, a compressed G1 point of 48 bytes, read as a
/// point on the curve (whether it lies in the subgroup is checked apart, by
/// `Signature::validate`, before its pairing).
pub(super) fn signature_point(signature: &[u8]) -> Option<Signature> {
    if signature.len() != SIGNATURE_BYTES {
        return None;
    }
    Signature::from_bytes(signature).ok()
}

const QUICKNET_TOML: &str = include_str!("../../../../rules/drand-quicknet.toml");

/// A drand chain as a game file records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrandChain {
    pub name: String,
    /// The chain hash (hex), naming the chain on relays.
    pub hash: String,
    pub scheme: String,
    /// The chain's public key (96 bytes, a G2 point).
    pub public_key: Vec<u8>,
    /// Unix time of round 1.
    pub genesis: u64,
    /// Seconds between rounds.
    pub period: u64,
    pub relays: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChainFile {
    chain: RawChain,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChain {
    name: String,
    hash: String,
    scheme: String,
    public_key: String,
    genesis_time: u64,
    period: u64,
    #[serde(default)]
    relays: Vec<String>,
}

impl DrandChain {
    /// The League of Entropy's quicknet chain (`rules/drand-quicknet.toml`, embedded).
    pub fn quicknet() -> Result<DrandChain, SeedError> {
        DrandChain::from_toml(QUICKNET_TOML)
    }

    /// Whether this chain's public key is the embedded quicknet key.
    fn is_quicknet_key(key: &[u8; 96]) -> bool {
        DrandChain::quicknet().is_ok_and(|q| q.public_key.as_slice() == key.as_slice())
    }

    /// A chain file like `rules/drand-quicknet.toml`.
    pub fn from_toml(src: &str) -> Result<DrandChain, SeedError> {
        let raw: RawChainFile = toml::from_str(src).map_err(|e| SeedError::ChainFile {
            problem: e.message().to_string(),
        })?;
        let c = raw.chain;
        let mut chain = DrandChain::new(&c.name, &c.hash, &c.public_key, c.genesis_time, c.period)?;
        chain.scheme = c.scheme;
        chain.relays = c.relays;
        if chain.scheme != SCHEME_RFC9380 {
            return Err(SeedError::ChainFile {
                problem: format!(
                    "scheme \"{}\" is not supported; only {SCHEME_RFC9380} (quicknet) is",
                    chain.scheme
                ),
            });
        }
        Ok(chain)
    }

    /// A chain of the quicknet scheme from the values a game file records.
    pub fn new(
        name: &str,
        hash: &str,
        public_key_hex: &str,
        genesis: u64,
        period: u64,
    ) -> Result<DrandChain, SeedError> {
        let public_key = decode_hex("public key", public_key_hex.trim())?;
        if public_key.len() != 96 {
            return Err(SeedError::ChainKey {
                problem: format!(
                    "the public key is {} bytes; a {SCHEME_RFC9380} key is 96",
                    public_key.len()
                ),
            });
        }
        if period == 0 {
            return Err(SeedError::ChainFile {
                problem: "the period must be at least 1 second".to_string(),
            });
        }
        Ok(DrandChain {
            name: name.to_string(),
            hash: hash.to_string(),
            scheme: SCHEME_RFC9380.to_string(),
            public_key,
            genesis,
            period,
            relays: Vec::new(),
        })
    }

    pub fn public_key_hex(&self) -> String {
        hex::encode(&self.public_key)
    }

    /// Unix time at which a round is published: genesis + (round - 1) × period.
    pub fn round_time(&self, round: u64) -> u64 {
        self.genesis
            .saturating_add(round.saturating_sub(1).saturating_mul(self.period))
    }

    /// The first round published strictly after a Unix time (round 1 for any time
    /// before genesis): floor((t - genesis) / period) + 2.
    pub fn first_round_after(&self, unix: i64) -> u64 {
        let genesis = i64::try_from(self.genesis).unwrap_or(i64::MAX);
        if unix < genesis {
            return 1;
        }
        let since = u64::try_from(unix - genesis).unwrap_or(0);
        since / self.period + 2
    }

    /// The first round after a UTC time written as RFC 3339 ("2026-11-23T18:00:00Z").
    pub fn round_for_time(&self, time: &str) -> Result<u64, SeedError> {
        let t =
            chrono::DateTime::parse_from_rfc3339(time.trim()).map_err(|e| SeedError::BadTime {
                time: time.to_string(),
                problem: e.to_string(),
            })?;
        Ok(self.first_round_after(t.timestamp()))
    }

    /// A relay address serving `round` as JSON.
    pub fn round_url(&self, round: u64) -> Option<String> {
        self.relays
            .first()
            .map(|r| format!("{r}/{}/public/{round}", self.hash))
    }

    /// The chain's public key as a curve point ([`chain_key`]).
    pub(super) fn key(&self) -> Result<PublicKey, SeedError> {
        let key: [u8; 96] =
            self.public_key
                .as_slice()
                .try_into()
                .map_err(|_| SeedError::ChainKey {
                    problem: "the public key is not 96 bytes".to_string(),
                })?;
        chain_key(&key).map_err(|e| SeedError::ChainKey {
            problem: format!("not a valid public key: {}", key_problem(e)),
        })
    }

    /// Verifies a beacon against this chain: the signature must be the chain's BLS
    /// signature of the beacon's round; a randomness field, if present, must be
    /// SHA-256 of the signature. Returns the randomness.
    pub fn verify(&self, beacon: &Beacon) -> Result<[u8; 32], SeedError> {
        self.verify_among(beacon, &CheckedBeacons::none())
    }

    /// [`DrandChain::verify`], without checking the signature again when `checked`
    /// holds the beacon, found good under this chain's key with others
    /// ([`DrandChain::check_together`]).
    pub fn verify_among(
        &self,
        beacon: &Beacon,
        checked: &CheckedBeacons,
    ) -> Result<[u8; 32], SeedError> {
        if !checked.holds(&self.public_key, beacon) && !signs_round(&self.key()?, beacon) {
            return Err(SeedError::BadSignature {
                round: beacon.round,
                chain: self.name.clone(),
            });
        }
        let randomness: [u8; 32] = Sha256::digest(&beacon.signature).into();
        if let Some(given) = beacon.randomness {
            if given != randomness {
                return Err(SeedError::RandomnessMismatch {
                    round: beacon.round,
                    given: hex::encode(given),
                    computed: hex::encode(randomness),
                });
            }
        }
        Ok(randomness)
    }
}

/// Why a public key was refused, in a player's words.
fn key_problem(e: BLST_ERROR) -> &'static str {
    match e {
        BLST_ERROR::BLST_BAD_ENCODING => "not the encoding of a G2 point",
        BLST_ERROR::BLST_POINT_NOT_ON_CURVE => "not a point on the curve",
        BLST_ERROR::BLST_POINT_NOT_IN_GROUP => "not a point of the right subgroup",
        BLST_ERROR::BLST_PK_IS_INFINITY => "the point at infinity",
        _ => "refused by the BLS library",
    }
}

/// One round of a drand chain, as a relay serves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beacon {
    pub round: u64,
    pub signature: Vec<u8>,
    /// The relay's randomness field, if given (checked against the signature).
    pub randomness: Option<[u8; 32]>,
}

impl Beacon {
    /// Reads `{"round": …, "signature": "…", "randomness": "…"}`; other fields are
    /// ignored.
    pub fn from_json(text: &str) -> Result<Beacon, SeedError> {
        let v = json::parse(text).map_err(|e| SeedError::BeaconJson {
            problem: e.to_string(),
        })?;
        if !matches!(v, Json::Object(_)) {
            return Err(SeedError::BeaconJson {
                problem: "expected an object like {\"round\": 123, \"signature\": \"…\"}"
                    .to_string(),
            });
        }
        let field = |name: &'static str, problem: &str| SeedError::BeaconField {
            field: name,
            problem: problem.to_string(),
        };
        let round = match v.get("round") {
            Some(Json::Number(n)) => n
                .parse::<u64>()
                .map_err(|_| field("round", "not a whole round number"))?,
            Some(_) => return Err(field("round", "not a number")),
            None => return Err(field("round", "missing")),
        };
        let signature = match v.get("signature") {
            Some(Json::String(s)) => decode_hex("signature", s)?,
            Some(_) => return Err(field("signature", "not a hex string")),
            None => return Err(field("signature", "missing")),
        };
        let randomness = match v.get("randomness") {
            None | Some(Json::Null) => None,
            Some(Json::String(s)) => Some(
                decode_hex("randomness", s)?
                    .try_into()
                    .map_err(|_| field("randomness", "not 32 bytes"))?,
            ),
            Some(_) => return Err(field("randomness", "not a hex string")),
        };
        Ok(Beacon {
            round,
            signature,
            randomness,
        })
    }
}

fn decode_hex(what: &'static str, s: &str) -> Result<Vec<u8>, SeedError> {
    hex::decode(s.trim()).map_err(|e| SeedError::BadHex {
        what,
        problem: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    /// The embedded quicknet key passes every check of a curve point (on the curve, in
    /// the subgroup, not infinity), so reading it without the subgroup check at each
    /// resolution is safe (real rounds verify through that path, `tests/seed_drand.rs`);
    /// a key that is not quicknet's is checked in full, and a bad one refused.
    #[test]
    fn the_quicknet_key_is_checked_once_here_and_others_always() {
        let q = DrandChain::quicknet().unwrap();
        let key: [u8; 96] = q.public_key.as_slice().try_into().unwrap();
        assert!(PublicKey::key_validate(&key).is_ok(), "a valid G2 point");
        assert!(DrandChain::is_quicknet_key(&key) && chain_key(&key).is_ok());
        let mut other = key;
        other[95] ^= 1;
        assert!(!DrandChain::is_quicknet_key(&other));
        assert!(
            chain_key(&other).is_err(),
            "a corrupted key is not a curve point"
        );
        let mut infinity = [0u8; 96];
        infinity[0] = 0xc0;
        assert_eq!(
            chain_key(&infinity).err().map(key_problem),
            Some("the point at infinity")
        );
    }

    /// The uncompressed quicknet key is the point of the file's compressed key,
    /// decoded with every check; the negated generator is the public key of the
    /// secret key r - 1 (the order of the subgroup less one), the point both halves
    /// of which the equation's one Miller loop needs; each is 192 bytes.
    #[test]
    fn the_uncompressed_points_are_the_quicknet_key_and_the_negated_generator() {
        let q = DrandChain::quicknet().unwrap();
        let checked = PublicKey::key_validate(&q.public_key).unwrap();
        assert_eq!(g2_point(QUICKNET_KEY).unwrap(), checked);
        let key: [u8; 96] = q.public_key.as_slice().try_into().unwrap();
        assert_eq!(chain_key(&key).unwrap(), checked);
        let order_less_one =
            hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000")
                .unwrap();
        let secret = blst::min_sig::SecretKey::from_bytes(&order_less_one).unwrap();
        assert_eq!(g2_point(NEG_G2).unwrap(), secret.sk_to_pk());
        let one =
            blst::min_sig::SecretKey::from_bytes(&[[0u8; 31].as_slice(), &[1]].concat()).unwrap();
        assert_ne!(
            g2_point(NEG_G2).unwrap(),
            one.sk_to_pk(),
            "not the generator itself"
        );
        for hex_lines in [QUICKNET_KEY, NEG_G2] {
            assert_eq!(hex_lines.concat().len(), 384);
        }
    }

    /// drand's unchained message: SHA-256 of the round's 8 big-endian bytes.
    #[test]
    fn the_message_of_a_round_is_the_hash_of_its_big_endian_bytes() {
        assert_eq!(
            hex::encode(round_message(1)),
            hex::encode(Sha256::digest([0, 0, 0, 0, 0, 0, 0, 1]))
        );
    }
}
