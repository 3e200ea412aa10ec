#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `blitz roll` prints the published vectors (docs/dice.md) from each kind of seed.

use assert_cmd::Command;
use predicates::str::contains;

const DRAND_657413: &str = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";

fn blitz() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("blitz"))
}

#[test]
fn roll_digits_from_seed_hex() {
    blitz()
        .args([
            "roll",
            "--seed-hex",
            DRAND_657413,
            "--game",
            "g1",
            "--turn",
            "3-Blue",
        ])
        .args(["A1", "A2", "A3", "weather"])
        .assert()
        .success()
        .stdout(contains("A1: 6\nA2: 6\nA3: 0\nweather: 2\n"));
}

#[test]
fn roll_dice_and_several_values() {
    blitz()
        .args([
            "roll",
            "--seed-hex",
            DRAND_657413,
            "--game",
            "g1",
            "--turn",
            "3-Blue",
        ])
        .args(["--d6", "-n", "10", "A1"])
        .assert()
        .success()
        .stdout(contains("A1: 3 3 5 6 6 1 2 2 2 5\n"));
}

#[test]
fn roll_from_agreed_text() {
    blitz()
        .args([
            "roll",
            "--seed-text",
            "Lottery 2026-11-24: 04 11 19 23 37 45",
        ])
        .args(["--game", "demo", "--turn", "1-Red", "-n", "10", "A1"])
        .assert()
        .success()
        .stdout(contains("A1: 7 7 7 4 5 0 8 2 4 5\n"));
}

#[test]
fn roll_from_a_verified_beacon() {
    blitz()
        .args([
            "roll",
            "--beacon",
            "../pbem/tests/data/beacon-quicknet-657413.json",
            "--round",
            "657413",
        ])
        .args(["--game", "g1", "--turn", "3-Blue", "A1"])
        .assert()
        .success()
        .stdout(contains("# seed: drand quicknet round 657413: fc1873a1"))
        .stdout(contains("A1: 6\n"));
}

#[test]
fn a_beacon_under_another_key_is_refused() {
    let fastnet = "a0b862a7527fee3a731bcb59280ab6abd62d5c0b6ea03dc4ddf6612fdfc9d01f01c31542541771903475eb1ec6615f8d0df0b8b6dce385811d6dcf8cbefb8759e5e616a3dfd054c928940766d9a5b9db91e3b697e5d70a975181e007f87fca5e";
    blitz()
        .args([
            "roll",
            "--beacon",
            "../pbem/tests/data/beacon-quicknet-657413.json",
        ])
        .args([
            "--chain-key",
            fastnet,
            "--game",
            "g1",
            "--turn",
            "3-Blue",
            "A1",
        ])
        .assert()
        .code(2)
        .stderr(contains("does not verify for round 657413"));
}

#[test]
fn roll_from_stock_sales() {
    blitz()
        .args(["roll", "--stock", "../pbem/tests/data/sales-2026-11-24.csv"])
        .args(["--game", "g1", "--turn", "3-Blue", "A1=IBM", "A2=MSFT"])
        .assert()
        .code(2)
        .stdout(contains("A1: 2 (hundreds digit of IBM's volume 4531207)"))
        .stderr(contains(
            "battle A2 names stock MSFT, which is not in the sales figures",
        ));
}

#[test]
fn roll_needs_a_seed() {
    blitz()
        .args(["roll", "--game", "g1", "--turn", "3-Blue", "A1"])
        .assert()
        .code(2);
}
