#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Commit and reveal (FORMATS.md "Hashes"): the commitment binds the state hash and the
//! order file's exact bytes; any change to either changes it.

use pbem::commit::{self, CommitError, Commitment};
use pbem::dice::lp;
use sha2::{Digest, Sha256};

const STATE: &[u8] = b"[game]\nid = \"g1\"\n";
const ORDERS: &[u8] =
    b"game = \"g1\"\nside = \"blue\"\nturn = 3\n\n[seed]\nsource = \"drand\"\nround = 30000000\n";

#[test]
fn commitment_is_the_documented_hash() {
    let state_hash: [u8; 32] = Sha256::digest(STATE).into();
    let mut input = Vec::new();
    lp(&mut input, b"blitzkrieg-pbem/commit/v1");
    lp(&mut input, &state_hash);
    lp(&mut input, ORDERS);
    let expected = hex::encode(Sha256::digest(&input));
    assert_eq!(commit::commitment(STATE, ORDERS).to_string(), expected);
    assert_eq!(
        commit::commitment_for_hash(&state_hash, ORDERS).to_string(),
        expected
    );
    // lp("blitzkrieg-pbem/commit/v1") starts with its length, 25, as a u32 big-endian.
    assert_eq!(&input[..4], &[0, 0, 0, 25]);
}

#[test]
fn any_change_to_the_state_hash_or_the_order_bytes_changes_it() {
    let base = commit::commitment(STATE, ORDERS);
    let state_hash: [u8; 32] = Sha256::digest(STATE).into();
    for i in 0..32 {
        let mut h = state_hash;
        h[i] ^= 1;
        assert_ne!(
            commit::commitment_for_hash(&h, ORDERS),
            base,
            "state hash byte {i}"
        );
    }
    for i in 0..ORDERS.len() {
        let mut o = ORDERS.to_vec();
        o[i] ^= 1;
        assert_ne!(commit::commitment(STATE, &o), base, "order byte {i}");
    }
    let mut longer = ORDERS.to_vec();
    longer.push(b'\n');
    assert_ne!(commit::commitment(STATE, &longer), base);
    assert_ne!(commit::commitment(STATE, &ORDERS[..ORDERS.len() - 1]), base);
}

#[test]
fn check_accepts_the_matching_files_and_refuses_others() {
    let c = commit::commitment(STATE, ORDERS).to_string();
    assert_eq!(commit::check(&c, STATE, ORDERS), Ok(()));
    assert_eq!(
        commit::check(&format!("  {}\n", c.to_uppercase()), STATE, ORDERS),
        Ok(())
    );
    let e = commit::check(&c, STATE, b"game = \"g1\"\n").unwrap_err();
    assert!(matches!(e, CommitError::Mismatch { .. }));
    assert!(e
        .to_string()
        .contains("changed after the commitment was mailed"));
    let e = commit::check(&c, b"another state", ORDERS).unwrap_err();
    assert!(matches!(e, CommitError::Mismatch { .. }));
    let e = commit::check("1234", STATE, ORDERS).unwrap_err();
    assert!(matches!(e, CommitError::Malformed { .. }));
    assert!("zz".parse::<Commitment>().is_err());
}

/// docs/dice.md's test vector for commitment version 2 (the orders are already normal).
#[test]
fn version_2_is_the_documented_hash_and_check_accepts_both_versions() {
    let v2 = commit::orders_commitment_v2(STATE, std::str::from_utf8(ORDERS).unwrap());
    assert_eq!(
        v2.to_string(),
        "f11910cd897e532d0d9faebc4a8ad6352ce92620a4f9a3537c312926ce11d03e"
    );
    let crlf = std::str::from_utf8(ORDERS).unwrap().replace('\n', "  \r\n");
    assert_eq!(
        commit::orders_commitment_v2(STATE, &crlf),
        v2,
        "line ends do not count"
    );
    assert_eq!(
        commit::check(&v2.to_string(), STATE, crlf.as_bytes()),
        Ok(())
    );
    let v1 = commit::commitment(STATE, ORDERS).to_string();
    assert_eq!(
        commit::check(&v1, STATE, ORDERS),
        Ok(()),
        "version 1 still holds"
    );
}

/// docs/dice.md's test vector for commitment version 3, and the canonical form: notes
/// and markers (comment lines), blank lines, line ends and trailing spaces do not
/// count; every other character does, and `check` still accepts versions 2 and 1.
#[test]
fn version_3_is_made_on_the_canonical_orders_and_check_accepts_all_three() {
    let text = std::str::from_utf8(ORDERS).unwrap();
    let v3 = commit::orders_commitment(STATE, text);
    let state_hash: [u8; 32] = Sha256::digest(STATE).into();
    let mut input = Vec::new();
    lp(&mut input, b"blitzkrieg-pbem/commit/v3");
    lp(&mut input, &state_hash);
    lp(
        &mut input,
        b"game = \"g1\"\nside = \"blue\"\nturn = 3\n[seed]\nsource = \"drand\"\nround = 30000000\n",
    );
    assert_eq!(v3.to_string(), hex::encode(Sha256::digest(&input)));
    assert_eq!(
        v3.to_string(),
        "e4dbf340460a22568f7e02cccf5d43b57bec833be80f19ddcae36a23a2944c3b"
    );
    let dressed = format!(
        "# Orders for turn 3\r\n# ---- BEGIN BLITZ ORDERS ----\r\n\r\n  # a note\r\n{}\
         # ---- END BLITZ ORDERS ----\r\n\r\n",
        text.replace('\n', " \t\r\n")
    );
    assert_eq!(commit::orders_commitment(STATE, &dressed), v3);
    assert_eq!(
        commit::check(&v3.to_string(), STATE, dressed.as_bytes()),
        Ok(())
    );
    for (i, _) in text.char_indices().filter(|(_, c)| !c.is_whitespace()) {
        let mut changed = text.to_string();
        changed.replace_range(i..=i, "#");
        if changed.lines().any(|l| l.starts_with('#')) {
            continue;
        }
        assert_ne!(commit::orders_commitment(STATE, &changed), v3, "byte {i}");
    }
    assert_ne!(
        commit::orders_commitment(STATE, &text.replace("turn = 3", "turn  = 3")),
        v3
    );
    // A comment inside a multi-line string is text of the orders: it counts.
    let multi = "note = \"\"\"\n# kept\n\"\"\"\n";
    assert_ne!(
        commit::orders_commitment(STATE, multi),
        commit::orders_commitment(STATE, "note = \"\"\"\n\"\"\"\n")
    );
    let v2 = commit::orders_commitment_v2(STATE, text).to_string();
    assert_eq!(commit::check(&v2, STATE, ORDERS), Ok(()), "version 2 holds");
    let v1 = commit::commitment(STATE, ORDERS).to_string();
    assert_eq!(commit::check(&v1, STATE, ORDERS), Ok(()), "version 1 holds");
}
