#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `blitz commit --state S --orders O` prints the one-line commitment and warns when the
//! named drand round is already in the past.

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("blitz"))
}

#[test]
fn prints_the_commitment_and_warns_for_a_past_round() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.ron");
    let orders = dir.path().join("orders.toml");
    fs::write(&state, b"state bytes").unwrap();
    let text = "game = \"g1\"\n[seed]\nsource = \"drand\"\nround = 657413\n";
    fs::write(&orders, text).unwrap();
    let expected = blitz::commit::commitment(b"state bytes", text.as_bytes()).to_string();
    blitz()
        .args(["commit", "--state"])
        .arg(&state)
        .arg("--orders")
        .arg(&orders)
        .assert()
        .success()
        .stdout(format!("{expected}\n"))
        .stderr(contains(
            "round 657413 was published at 2023-09-15T11:00:03Z",
        ));
}

#[test]
fn a_far_future_round_gives_no_warning() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.ron");
    let orders = dir.path().join("orders.toml");
    fs::write(&state, b"s").unwrap();
    let hash = hex::encode(blitz::commit::state_hash(b"s"));
    fs::write(
        &orders,
        format!(
            "state = \"{hash}\"\n[seed]\nsource = \"drand\"\ntime = \"2099-01-01T00:00:00Z\"\n"
        ),
    )
    .unwrap();
    blitz()
        .args(["commit", "--state"])
        .arg(&state)
        .arg("--orders")
        .arg(&orders)
        .assert()
        .success()
        .stderr("");
}

#[test]
fn a_missing_file_fails() {
    blitz()
        .args([
            "commit",
            "--state",
            "/nonexistent/s",
            "--orders",
            "/nonexistent/o",
        ])
        .assert()
        .code(2)
        .stderr(contains("cannot read the state file"));
}
