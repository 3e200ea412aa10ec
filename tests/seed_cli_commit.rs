#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `blitz commit --state S --orders O` prints the one-line commitment, and refuses when
//! the seed the orders name may already be known.

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("blitz"))
}

/// A round already published when the player commits is refused: no commitment is
/// printed (PBM ¶2: the value must come after the orders). The same round judged as of
/// a time before it was published (`--at`, a referee with the mail's Date) gives the
/// commitment.
#[test]
fn refuses_a_round_already_published_and_commits_as_of_a_time_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.ron");
    let orders = dir.path().join("orders.toml");
    fs::write(&state, b"state bytes").unwrap();
    let text = "game = \"g1\"\n[seed]\nsource = \"drand\"\nround = 657413\n";
    fs::write(&orders, text).unwrap();
    blitz()
        .args(["commit", "--state"])
        .arg(&state)
        .arg("--orders")
        .arg(&orders)
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains(
            "round 657413 was published at 2023-09-15T11:00:03Z",
        ))
        .stderr(contains("PBM ¶2"))
        .stderr(contains("no commitment was made"));
    let expected = blitz::commit::commitment(b"state bytes", text.as_bytes()).to_string();
    blitz()
        .args(["commit", "--at", "2023-09-15T10:00:00Z", "--state"])
        .arg(&state)
        .arg("--orders")
        .arg(&orders)
        .assert()
        .success()
        .stdout(format!("{expected}\n"));
}

/// Stock sales: the trading date must be still to come (1975: "a future date").
#[test]
fn refuses_a_trading_date_already_begun() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.ron");
    let orders = dir.path().join("orders.toml");
    fs::write(&state, b"s").unwrap();
    fs::write(
        &orders,
        "[seed]\nsource = \"stock\"\ndate = \"2026-03-02\"\n",
    )
    .unwrap();
    let commit = |at: &str| {
        let mut c = blitz();
        c.args(["commit", "--at", at, "--state"])
            .arg(&state)
            .arg("--orders")
            .arg(&orders);
        c
    };
    commit("2026-03-02T09:00:00Z")
        .assert()
        .code(1)
        .stderr(contains(
            "trading date 2026-03-02 may be known: that day began at 2026-03-02T00:00:00Z",
        ));
    commit("2026-03-01T18:00:00Z").assert().success();
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
