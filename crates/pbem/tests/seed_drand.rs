#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! drand seeds: a real quicknet round verifies offline; the same signature under
//! another round, a flipped byte, another chain's key, a wrong round or an altered
//! randomness are refused with a clear message. No network.

use pbem::seed::json::{self, Json};
use pbem::seed::{Beacon, DrandChain, Seed, SeedError};
use std::collections::BTreeSet;

const ROUND_657413: &str = include_str!("data/beacon-quicknet-657413.json");
const ROUND_123: &str = include_str!("data/beacon-quicknet-123.json");
/// Real quicknet rounds found in public code, one beacon a line (`{"round": N,
/// "signature": "..."}`) with the repository, the path and a commit of the file it was
/// read from. The long game decided by drand beacons (`blitzkrieg/examples/long_game.rs`)
/// is played from them.
const QUICKNET_ROUNDS: &str = include_str!("data/quicknet-rounds.jsonl");
const RANDOMNESS_657413: &str = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";
const SIG_657413: &str = "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b";
/// The public key of drand's retired "fastnet" chain: a valid key of another chain.
const FASTNET_KEY: &str = "a0b862a7527fee3a731bcb59280ab6abd62d5c0b6ea03dc4ddf6612fdfc9d01f01c31542541771903475eb1ec6615f8d0df0b8b6dce385811d6dcf8cbefb8759e5e616a3dfd054c928940766d9a5b9db91e3b697e5d70a975181e007f87fca5e";

fn quicknet() -> DrandChain {
    DrandChain::quicknet().unwrap()
}

#[test]
fn quicknet_chain_file_is_the_published_chain() {
    let c = quicknet();
    assert_eq!(c.name, "quicknet");
    assert_eq!(
        c.hash,
        "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
    );
    assert!(c.public_key_hex().starts_with("83cf0f2896adee7e"));
    assert_eq!((c.genesis, c.period), (1_692_803_367, 3));
}

#[test]
fn a_real_quicknet_round_verifies_offline() {
    let seed = Seed::from_beacon_json(ROUND_657413, &quicknet(), Some(657_413)).unwrap();
    let Seed::Drand {
        round, randomness, ..
    } = &seed
    else {
        panic!("{seed:?}")
    };
    assert_eq!(*round, 657_413);
    assert_eq!(hex::encode(randomness), RANDOMNESS_657413);
    assert_eq!(seed.dice_bytes().unwrap(), randomness);
    assert_eq!(seed.source_display(), "drand quicknet round 657413");
    // Another real round (from the drand-verify test suite), without a randomness field.
    let seed = Seed::from_beacon_json(ROUND_123, &quicknet(), None).unwrap();
    assert!(matches!(seed, Seed::Drand { round: 123, .. }));
}

#[test]
fn the_same_signature_under_another_round_fails() {
    let json = format!(r#"{{"round": 657414, "signature": "{SIG_657413}"}}"#);
    let e = Seed::from_beacon_json(&json, &quicknet(), None).unwrap_err();
    assert_eq!(
        e,
        SeedError::BadSignature {
            round: 657_414,
            chain: "quicknet".into()
        }
    );
    let msg = e.to_string();
    assert!(msg.contains("does not verify for round 657414"), "{msg}");
    assert!(msg.contains("another round"), "{msg}");
}

#[test]
fn a_flipped_byte_fails() {
    let mut sig = hex::decode(SIG_657413).unwrap();
    sig[20] ^= 0x01;
    let json = format!(
        r#"{{"round": 657413, "signature": "{}"}}"#,
        hex::encode(&sig)
    );
    let e = Seed::from_beacon_json(&json, &quicknet(), None).unwrap_err();
    assert!(
        matches!(e, SeedError::BadSignature { round: 657_413, .. }),
        "{e}"
    );
    // A flipped byte in the first (flag) byte is not even a curve point: same message.
    sig = hex::decode(SIG_657413).unwrap();
    sig[0] ^= 0x80;
    let json = format!(
        r#"{{"round": 657413, "signature": "{}"}}"#,
        hex::encode(&sig)
    );
    let e = Seed::from_beacon_json(&json, &quicknet(), None).unwrap_err();
    assert!(matches!(e, SeedError::BadSignature { .. }), "{e}");
}

#[test]
fn another_chains_key_fails() {
    let q = quicknet();
    let other = DrandChain::new("fastnet", "other", FASTNET_KEY, q.genesis, q.period).unwrap();
    let e = Seed::from_beacon_json(ROUND_657413, &other, None).unwrap_err();
    assert_eq!(
        e,
        SeedError::BadSignature {
            round: 657_413,
            chain: "fastnet".into()
        }
    );
    // A key that is not a curve point at all.
    let mut bad = FASTNET_KEY.to_string();
    bad.replace_range(0..2, "00");
    let broken = DrandChain::new("broken", "x", &bad, q.genesis, q.period).unwrap();
    let e = Seed::from_beacon_json(ROUND_657413, &broken, None).unwrap_err();
    assert!(matches!(e, SeedError::ChainKey { .. }), "{e}");
    assert!(matches!(
        DrandChain::new("short", "x", "abcd", 0, 3),
        Err(SeedError::ChainKey { .. })
    ));
}

#[test]
fn a_beacon_of_another_round_than_the_orders_named_fails() {
    let e = Seed::from_beacon_json(ROUND_123, &quicknet(), Some(657_413)).unwrap_err();
    assert_eq!(
        e,
        SeedError::WrongRound {
            named: 657_413,
            found: 123
        }
    );
    assert!(e.to_string().contains("fetch round 657413"));
}

#[test]
fn an_altered_randomness_field_fails() {
    let json = ROUND_657413.replace("fc1873", "fc1874");
    let e = Seed::from_beacon_json(&json, &quicknet(), None).unwrap_err();
    assert!(
        matches!(e, SeedError::RandomnessMismatch { round: 657_413, .. }),
        "{e}"
    );
}

#[test]
fn malformed_beacons_say_what_is_wrong() {
    for (json, expect) in [
        ("not json", "not the JSON a drand relay serves"),
        ("[1, 2]", "expected an object"),
        (r#"{"signature": "ab"}"#, "\"round\" field: missing"),
        (
            r#"{"round": "12", "signature": "ab"}"#,
            "\"round\" field: not a number",
        ),
        (
            r#"{"round": 1.5, "signature": "ab"}"#,
            "not a whole round number",
        ),
        (r#"{"round": 12}"#, "\"signature\" field: missing"),
        (
            r#"{"round": 12, "signature": "zz"}"#,
            "signature is not hex",
        ),
        (
            r#"{"round": 12, "signature": "ab", "randomness": "abcd"}"#,
            "not 32 bytes",
        ),
    ] {
        let e = Beacon::from_json(json).unwrap_err().to_string();
        assert!(e.contains(expect), "{json}: {e}");
    }
}

#[test]
fn round_from_utc_time_is_the_first_round_after_it() {
    let c = quicknet();
    // Round 1 is at genesis, round 2 three seconds later.
    assert_eq!(c.round_time(1), 1_692_803_367);
    assert_eq!(c.round_time(657_413), 1_692_803_367 + 657_412 * 3);
    assert_eq!(c.first_round_after(1_692_803_367), 2);
    assert_eq!(c.first_round_after(1_692_803_368), 2);
    assert_eq!(c.first_round_after(1_692_803_370), 3);
    assert_eq!(c.first_round_after(0), 1);
    // Round 657413 was published at 2023-09-15T11:00:03Z: a time one second before it
    // names it; the time of its publication names the next round.
    assert_eq!(c.round_for_time("2023-09-15T11:00:02Z").unwrap(), 657_413);
    assert_eq!(c.round_for_time("2023-09-15T11:00:03Z").unwrap(), 657_414);
    assert_eq!(
        c.round_for_time("2023-09-15T13:00:02+02:00").unwrap(),
        657_413
    );
    let e = c.round_for_time("next tuesday").unwrap_err();
    assert!(matches!(e, SeedError::BadTime { .. }));
}

/// Every recorded round verifies against quicknet's key as it is written, no round is
/// there twice, and each names where it was found; there are enough for the long game's
/// 27 player-turns with battles, one round each.
#[test]
fn every_recorded_quicknet_round_verifies() {
    let chain = quicknet();
    let mut rounds = BTreeSet::new();
    for line in QUICKNET_ROUNDS.lines() {
        let beacon = Beacon::from_json(line).unwrap();
        if let Err(e) = chain.verify(&beacon) {
            panic!("round {}: {e}", beacon.round);
        }
        assert!(rounds.insert(beacon.round), "round {} twice", beacon.round);
        let v = json::parse(line).unwrap();
        for field in ["repository", "path", "commit"] {
            assert!(
                matches!(v.get(field), Some(Json::String(s)) if !s.is_empty()),
                "round {}: no {field}",
                beacon.round
            );
        }
    }
    assert!(rounds.len() >= 27, "{} rounds", rounds.len());
    assert!(rounds.contains(&123) && rounds.contains(&657_413));
}

/// The umpire's check of a signature (blst) and the drand project's own checker
/// (drand-verify) give the same verdict on every recorded round as written, under the
/// next round, with any one of its bits flipped (one bit in each byte, a different one
/// from byte to byte), written uncompressed (the same point in 96 bytes, whose SHA-256
/// would be another randomness), and on the signature at infinity.
#[test]
fn the_umpire_s_check_agrees_with_drand_verify_on_every_round_and_its_forgeries() {
    use drand_verify::{G2PubkeyRfc, Pubkey};
    let chain = quicknet();
    let key: [u8; 96] = chain.public_key.as_slice().try_into().unwrap();
    let theirs = G2PubkeyRfc::from_fixed(key).unwrap();
    let agree = |round: u64, signature: &[u8]| {
        let beacon = Beacon {
            round,
            signature: signature.to_vec(),
            randomness: None,
        };
        let ours = chain.verify(&beacon).is_ok();
        let expected = matches!(theirs.verify(round, b"", signature), Ok(true));
        assert_eq!(
            ours,
            expected,
            "round {round}, signature {}",
            hex::encode(signature)
        );
        ours
    };
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    let mut accepted = 0;
    for (i, line) in QUICKNET_ROUNDS.lines().enumerate() {
        let beacon = Beacon::from_json(line).unwrap();
        if agree(beacon.round, &beacon.signature) {
            accepted += 1;
        }
        assert!(!agree(beacon.round + 1, &beacon.signature));
        let mut forged = beacon.signature.clone();
        forged[i % 48] ^= 1 << (i % 8);
        assert!(!agree(beacon.round, &forged), "round {}", beacon.round);
        assert!(!agree(beacon.round, &infinity));
        let point = blst::min_sig::Signature::from_bytes(&beacon.signature).unwrap();
        assert!(
            !agree(beacon.round, &point.serialize()),
            "round {}",
            beacon.round
        );
    }
    assert_eq!(accepted, QUICKNET_ROUNDS.lines().count());
}

/// The recorded rounds, as beacons.
fn recorded_beacons() -> Vec<Beacon> {
    QUICKNET_ROUNDS
        .lines()
        .map(|line| Beacon::from_json(line).unwrap())
        .collect()
}

/// Every recorded round checked in one batch is found good, and so are batches of one,
/// two and three of them; each then gives the randomness its own check gives; under
/// another chain's key none is held.
#[test]
fn the_recorded_rounds_checked_together_are_all_good() {
    let chain = quicknet();
    let beacons = recorded_beacons();
    let checked = chain.check_together(&beacons);
    assert_eq!(checked.len(), beacons.len());
    for few in [&beacons[..1], &beacons[3..5], &beacons[7..10]] {
        assert_eq!(chain.check_together(few).len(), few.len());
    }
    for b in &beacons {
        assert_eq!(
            chain.verify_among(b, &checked).unwrap(),
            chain.verify(b).unwrap()
        );
    }
    let mut other = chain.clone();
    other.public_key = hex::decode(FASTNET_KEY).unwrap();
    assert!(other.check_together(&beacons).is_empty());
    let held_elsewhere = other.verify_among(&beacons[0], &checked);
    assert!(
        matches!(held_elsewhere, Err(SeedError::BadSignature { .. })),
        "{held_elsewhere:?}"
    );
}

/// One forgery anywhere in a batch, of each kind the single check refuses (a flipped
/// bit, a round's signature under the next round, two rounds' signatures swapped, the
/// uncompressed form, the point at infinity, a point of the curve outside the
/// subgroup), and the batch holds no beacon; each is
/// then checked alone and the forgery alone is refused.
#[test]
fn a_batch_with_one_forgery_holds_no_beacon() {
    let chain = quicknet();
    let good = recorded_beacons();
    let mut infinity = vec![0u8; 48];
    infinity[0] = 0xc0;
    // The point of the curve whose x is 4: on the curve, outside the subgroup.
    let mut off_subgroup = vec![0u8; 48];
    (off_subgroup[0], off_subgroup[47]) = (0x80, 4);
    let point = blst::min_sig::Signature::from_bytes(&off_subgroup).unwrap();
    assert!(!point.subgroup_check());
    for (i, at) in [0, 7, good.len() / 2, good.len() - 1]
        .into_iter()
        .enumerate()
    {
        let mut forgeries: Vec<Vec<Beacon>> = Vec::new();
        let mut flipped = good.clone();
        flipped[at].signature[(i * 11) % 48] ^= 1 << (i % 8);
        forgeries.push(flipped);
        let mut next = good.clone();
        next[at].round += 1;
        forgeries.push(next);
        let mut swapped = good.clone();
        let other = (at + 1) % good.len();
        let (a, b) = (
            swapped[at].signature.clone(),
            swapped[other].signature.clone(),
        );
        swapped[at].signature = b;
        swapped[other].signature = a;
        forgeries.push(swapped);
        let mut long = good.clone();
        long[at].signature = blst::min_sig::Signature::from_bytes(&good[at].signature)
            .unwrap()
            .serialize()
            .to_vec();
        forgeries.push(long);
        let mut zero = good.clone();
        zero[at].signature = infinity.clone();
        forgeries.push(zero);
        let mut outside = good.clone();
        outside[at].signature = off_subgroup.clone();
        forgeries.push(outside);
        for batch in forgeries {
            let checked = chain.check_together(&batch);
            assert!(checked.is_empty(), "a forgery at {at} passed");
            assert!(chain.verify_among(&batch[at], &checked).is_err());
            assert!(chain
                .verify_among(&batch[(at + 2) % good.len()], &checked)
                .is_ok());
        }
    }
    assert!(chain.check_together(&[]).is_empty());
}

/// Round 2's signature plus a point of order 3, written compressed: it lies on the
/// curve but outside the subgroup of prime order.
const ROUND_2_PLUS_ORDER_3: &str = "b35b89f292f3c0f757e1276cfbebc1706b85cc5594af008cf7dabe1ebea5bf93cfda0ec991336bc80b1ada7d29db4a57";

/// A signature moved off the subgroup by a point of small order still meets the pairing
/// equation, and would give other randomness (its bytes differ): only the subgroup
/// check refuses it. It is refused alone, and a batch holding it holds no beacon.
#[test]
fn a_signature_moved_off_the_subgroup_is_refused_alone_and_in_a_batch() {
    use sha2::{Digest, Sha256};
    let chain = quicknet();
    let good = recorded_beacons();
    assert_eq!(good[0].round, 2);
    let moved = hex::decode(ROUND_2_PLUS_ORDER_3).unwrap();
    let point = blst::min_sig::Signature::from_bytes(&moved).unwrap();
    let key = blst::min_sig::PublicKey::from_bytes(&chain.public_key).unwrap();
    let message = Sha256::digest(2u64.to_be_bytes());
    let dst = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
    assert_eq!(
        point.verify(false, &message, dst, &[], &key, false),
        blst::BLST_ERROR::BLST_SUCCESS,
        "without the subgroup check the moved signature passes"
    );
    let mut batch = good.clone();
    batch[0].signature = moved;
    assert!(chain.verify(&batch[0]).is_err());
    let checked = chain.check_together(&batch);
    assert!(checked.is_empty());
    assert!(chain.verify_among(&batch[0], &checked).is_err());
    assert!(chain.verify_among(&batch[1], &checked).is_ok());
}
