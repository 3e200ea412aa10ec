//! A game in progress survives an upgrade of the umpire: a folder written by the last
//! release of state format 1 (the demo) verifies, resolves its next player-turn and
//! verifies again with today's umpire, and the game stays in the format it began in.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A copy of the format-1 folder to work in.
fn copy() -> (tempfile::TempDir, PathBuf) {
    copy_of("demo-format-1")
}

/// A copy of a fixture folder to work in (its README left out).
fn copy_of(name: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    fs::create_dir(&dir).unwrap();
    for e in fs::read_dir(fixture(name)).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x != "md") {
            fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    (tmp, dir)
}

#[test]
fn a_format_1_folder_verifies_with_todays_umpire() {
    let (_tmp, dir) = copy();
    let out = blitz().arg("verify").arg(&dir).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("6 player-turns"), "{text}");
}

#[test]
fn a_format_1_game_resolves_its_next_turn_and_stays_in_format_1() {
    let (_tmp, dir) = copy();
    let state = dir.join("06-3-blue.state.ron");
    // The template as mailed is a legal player-turn: no moves, no battles, no seed.
    let orders = dir.join("06-3-blue.template.toml");
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&orders)
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    let next = fs::read_to_string(dir.join("07-3-red.state.ron")).unwrap();
    assert!(next.starts_with("(\n  format: 1,\n  game:"), "{next}");
    assert!(
        !next.contains("umpire:") && !next.contains("readings:"),
        "{next}"
    );
    blitz().arg("verify").arg(&dir).assert().success();
}

#[test]
fn an_edited_format_1_state_is_still_refused() {
    let (_tmp, dir) = copy();
    let state = dir.join("06-3-blue.state.ron");
    let text = fs::read_to_string(&state).unwrap();
    fs::write(&state, text.replacen("last_turn: 15", "last_turn: 16", 1)).unwrap();
    blitz()
        .arg("show")
        .arg(&state)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("integrity"));
}

/// A Tournament Game written by release 0.3.0, whose states record the Tournament figures
/// of then (`tournament.toml`, before the reading `tgat-doubled-defender` was added to
/// it), verifies with today's umpire and resolves its next player-turn; the new state
/// keeps the hash the game was made with (`game::SUPERSEDED`).
#[test]
fn a_tournament_game_of_release_0_3_0_verifies_and_plays_on() {
    let (_tmp, dir) = copy_of("tournament-0.3.0");
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains("12 player-turns replayed"));
    let made = "da6f1cc74248c2fc0521b4fe8d7f374ee885dd472a5b203e7c5e440ab5b571b1";
    blitz()
        .arg("resolve")
        .arg(dir.join("12-6-blue.state.ron"))
        .arg(dir.join("12-6-blue.template.toml"))
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    let next = fs::read_to_string(dir.join("13-6-red.state.ron")).unwrap();
    assert!(next.contains(made), "{next}");
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains("13 player-turns replayed"));
}

/// A game of '85 written by release 0.9.0 (its states record `rules85 = [46, 48, 49,
/// 50, 52, 525]`, none of the rules of '85 built since) verifies with today's umpire
/// and resolves its next player-turn, which records the same rules: the game plays on
/// as it was begun (37.3's order as the Tournament Game's, 32.33's losses of air
/// transport).
#[test]
fn a_game_of_85_of_release_0_9_0_verifies_and_plays_on() {
    let (_tmp, dir) = copy_of("eighty5-0.9.0");
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains("21 player-turns replayed"));
    blitz()
        .arg("resolve")
        .arg(dir.join("10-5-blue.state.ron"))
        .arg(dir.join("10-5-blue.template.toml"))
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    let next = fs::read_to_string(dir.join("11-5-red.state.ron")).unwrap();
    let recorded: String = next
        .split("rules85:")
        .nth(1)
        .and_then(|s| s.split(']').next())
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(recorded, "[46,48,49,50,52,525,");
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains("22 player-turns replayed"));
}
