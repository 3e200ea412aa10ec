#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `blitz commit --state S --orders O` prints the one-line commitment, and refuses when
//! the seed the orders name may already be known.

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::Path;

fn blitz() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("blitz"))
}

/// The demo game, turn 3, Blue to move: (temp dir guard, state file, state hash).
fn demo_turn_3() -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    blitz().arg("demo").arg(&game).assert().success();
    let state = game.join("06-3-blue.state.ron");
    let hash = hex::encode(pbem::commit::state_hash(&fs::read(&state).unwrap()));
    (dir, state, hash)
}

/// Blue's orders for turn 3 of the demo: no moves, the given `[seed]` lines.
fn orders_with_seed(hash: &str, seed: &str) -> String {
    format!("game = \"demo\"\nside = \"blue\"\nturn = 3\nstate = \"{hash}\"\n[seed]\n{seed}")
}

fn commit(state: &Path, orders: &Path) -> Command {
    let mut c = blitz();
    c.args(["commit", "--state"])
        .arg(state)
        .arg("--orders")
        .arg(orders);
    c
}

/// A round already published when the player commits is refused (one the demo did not
/// use: a round it used is refused as used, B183): no commitment is
/// printed (PBM ¶2: the value must come after the orders). The same round judged as of
/// a time before it was published (`--at`, a referee with the mail's Date) gives the
/// commitment.
#[test]
fn refuses_a_round_already_published_and_commits_as_of_a_time_before_it() {
    let (dir, state, hash) = demo_turn_3();
    let orders = dir.path().join("orders.toml");
    let text = orders_with_seed(&hash, "source = \"drand\"\nround = 657414\n");
    fs::write(&orders, &text).unwrap();
    commit(&state, &orders)
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains(
            "round 657414 was published at 2023-09-15T11:00:06Z",
        ))
        .stderr(contains("PBM ¶2"))
        .stderr(contains("no commitment was made"));
    let expected = pbem::commit::orders_commitment(&fs::read(&state).unwrap(), &text).to_string();
    commit(&state, &orders)
        .args(["--at", "2023-09-15T10:00:00Z"])
        .assert()
        .success()
        .stdout(format!("{expected}\n"));
}

/// A far-future round (or time) is committed to without a word on standard error about
/// it (these orders hold no order, which `commit` says, B182, and nothing else).
#[test]
fn a_far_future_round_gives_no_warning() {
    let (dir, state, hash) = demo_turn_3();
    let orders = dir.path().join("orders.toml");
    fs::write(
        &orders,
        orders_with_seed(
            &hash,
            "source = \"drand\"\ntime = \"2099-01-01T00:00:00Z\"\n",
        ),
    )
    .unwrap();
    let out = commit(&state, &orders).assert().success();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.lines().all(|l| l.starts_with("warning[B182]: ")),
        "{stderr}"
    );
}

/// Orders `blitz check` refuses get no commitment: every problem is listed, as by
/// `check`, here an unknown unit and a seed time left as text.
#[test]
fn refuses_orders_that_check_refuses() {
    let (dir, state, hash) = demo_turn_3();
    let orders = dir.path().join("orders.toml");
    let text = orders_with_seed(
        &hash,
        "source = \"drand\"\ntime = \"YYYY-MM-DDTHH:MM:SSZ\"\n",
    ) + "\n[[move]]\nunit = \"B-99XX\"\nto = \"U12\"\n";
    fs::write(&orders, text).unwrap();
    commit(&state, &orders)
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("B-99XX"))
        .stderr(contains("is not a UTC time"))
        .stderr(contains("no commitment was made"));
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

/// Orders written for another state get no commitment: they could never be resolved.
#[test]
fn refuses_orders_for_another_state() {
    let (dir, state, _) = demo_turn_3();
    let orders = dir.path().join("orders.toml");
    fs::write(
        &orders,
        orders_with_seed("abc", "source = \"drand\"\nround = 200000000\n"),
    )
    .unwrap();
    commit(&state, &orders)
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("no commitment was made"));
}
