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
use blst::BLST_ERROR;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The scheme whose beacons this module verifies (quicknet's).
pub const SCHEME_RFC9380: &str = "bls-unchained-g1-rfc9380";

/// The domain separation tag of the scheme's signatures (hash to G1, RFC 9380).
pub(super) const DST_RFC9380: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// A chain's public key as a curve point. The embedded quicknet key is known good (a
/// test decodes it with every check), so its costly subgroup check is not repeated at
/// each resolution (it is still decoded as a point on the curve); any other key is
/// checked in full: on the curve, in the subgroup, not the point at infinity.
pub(super) fn chain_key(key: &[u8; 96]) -> Result<PublicKey, BLST_ERROR> {
    if DrandChain::is_quicknet_key(key) {
        PublicKey::from_bytes(key)
    } else {
        PublicKey::key_validate(key)
    }
}

/// The message a round's beacon signs in an unchained scheme: SHA-256 of the round as 8
/// bytes, big-endian.
pub(super) fn round_message(round: u64) -> [u8; 32] {
    Sha256::digest(round.to_be_bytes()).into()
}

/// The length of a signature as the scheme writes it: a compressed G1 point.
const SIGNATURE_BYTES: usize = 48;

/// Whether `signature` is the BLS signature of `round` under `key` (bls-unchained-g1-rfc9380):
/// a compressed G1 point in the subgroup, whose pairing with the generator of G2 equals
/// that of the round's message hashed to G1 with the key. Only the compressed form is
/// taken: the randomness is SHA-256 of the signature's bytes, so a second encoding of
/// the same point would give whoever resolves a second roll of the dice.
fn signs_round(key: &PublicKey, beacon: &Beacon) -> bool {
    let Some(sig) = signature_point(&beacon.signature) else {
        return false;
    };
    let msg = round_message(beacon.round);
    sig.verify(true, &msg, DST_RFC9380, &[], key, false) == BLST_ERROR::BLST_SUCCESS
}

/// A signature as the scheme writes it, a compressed G1 point of 48 bytes, read as a
/// point on the curve (whether it lies in the subgroup is checked with the pairing).
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

    /// drand's unchained message: SHA-256 of the round's 8 big-endian bytes.
    #[test]
    fn the_message_of_a_round_is_the_hash_of_its_big_endian_bytes() {
        assert_eq!(
            hex::encode(round_message(1)),
            hex::encode(Sha256::digest([0, 0, 0, 0, 0, 0, 0, 1]))
        );
    }
}
