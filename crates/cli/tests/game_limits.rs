//! A game's limits and identity through the real binary: absurd turn limits refused at
//! `blitz new`; two games made with the same id, players and keys told apart by their
//! nonce, so orders written for one are refused by the other; a game whose files are
//! numbered past 99 read by `html` as `verify` reads it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::Path;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// `blitz new` of game g1 into `dir`, with `extra` flags.
fn new(dir: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--seed", "text", "--out"])
        .arg(dir)
        .args(extra)
        .assert()
}

#[test]
fn turn_limits_outside_1_to_999_are_refused_at_the_door() {
    let tmp = tempfile::tempdir().unwrap();
    for bad in ["0", "1000", "4294967295"] {
        let dir = tmp.path().join(format!("g{bad}"));
        new(&dir, &["--last-turn", bad])
            .code(2)
            .stderr(contains("--last-turn"));
        assert!(!dir.exists(), "--last-turn {bad} wrote nothing");
    }
    new(&tmp.path().join("g999"), &["--last-turn", "999"]).success();
    // A position's turn past any game's last (once 32 bits wrapped the file number).
    let pos = tmp.path().join("pos.toml");
    fs::write(
        &pos,
        "turn = 4294967295\nside = \"red\"\n\n[[stack]]\nhex = \"YY30\"\nunits = [\"R-1IN\"]\n",
    )
    .unwrap();
    let dir = tmp.path().join("wrap");
    new(&dir, &["--position", pos.to_str().unwrap()]).code(2);
    assert!(!dir.exists());
}

#[test]
fn a_rematch_refuses_the_orders_of_the_game_before() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    new(&a, &[]).success();
    new(&b, &[]).success();
    let first = "00-setup-blue.state.ron";
    assert_ne!(
        fs::read(a.join(first)).unwrap(),
        fs::read(b.join(first)).unwrap(),
        "two games made alike have different first states"
    );
    let orders = a.join("00-setup-blue.template.toml");
    blitz()
        .arg("check")
        .arg(a.join(first))
        .arg(&orders)
        .assert()
        .success();
    blitz()
        .arg("check")
        .arg(b.join(first))
        .arg(&orders)
        .assert()
        .code(1)
        .stderr(contains("state"));
    // A nonce given makes the same files again.
    let (c, d) = (tmp.path().join("c"), tmp.path().join("d"));
    new(&c, &["--nonce", "00C0FFEE"]).success();
    new(&d, &["--nonce", "00c0ffee"]).success();
    let text = fs::read_to_string(c.join(first)).unwrap();
    assert!(text.contains("nonce: Some(\"00c0ffee\")"), "{text}");
    assert_eq!(text, fs::read_to_string(d.join(first)).unwrap());
    new(&tmp.path().join("e"), &["--nonce", "xyz"])
        .code(2)
        .stderr(contains("hex digits"));
}

#[test]
fn html_reads_a_game_numbered_past_99_as_verify_does() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(
        &pos,
        "turn = 49\nside = \"red\"\n\n[[stack]]\nhex = \"O29\"\nunits = [\"B-12IN\"]\n\n\
         [[stack]]\nhex = \"YY30\"\nunits = [\"R-1IN\"]\n",
    )
    .unwrap();
    let g = tmp.path().join("g");
    new(
        &g,
        &["--position", pos.to_str().unwrap(), "--last-turn", "60"],
    )
    .success();
    let state = g.join("99-49-red.state.ron");
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(g.join("99-49-red.template.toml"))
        .assert()
        .success();
    blitz().arg("verify").arg(&g).assert().success();
    blitz()
        .arg("html")
        .arg(&g)
        .arg("--out")
        .arg(tmp.path().join("replay.html"))
        .assert()
        .success()
        .stderr(contains("99-49-red.state.ron to 100-"));
}
