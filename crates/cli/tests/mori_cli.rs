//! Mori's BLITZKRIEG! from the command line: `blitz demo --sample mori|nippon` plays a
//! whole game into a folder, every state in the shared envelope with kind `mori`, and a
//! BLITZKRIEG command given such a state refuses it by its kind instead of misreading it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

#[test]
fn the_mori_samples_play_a_whole_game_and_verify_the_hidden_draws() {
    for sample in ["mori", "nippon"] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        blitz()
            .args(["demo", "--sample", sample])
            .arg(&dir)
            .assert()
            .success()
            .stdout(contains("replayed from them and verified"));
        let first = fs::read_to_string(dir.join("00-t001.state.ron")).unwrap();
        assert!(
            first.starts_with("(\n  format: 2,\n  kind: \"mori\","),
            "{first}"
        );
        let secrets = fs::read_to_string(dir.join("secrets-revealed.txt")).unwrap();
        assert_eq!(secrets.lines().count(), 2, "{secrets}");
        // Played again into the same folder without --force: nothing is overwritten.
        blitz()
            .args(["demo", "--sample", sample])
            .arg(&dir)
            .assert()
            .code(2);
    }
}

#[test]
fn a_blitzkrieg_command_refuses_a_mori_state_by_its_kind() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    blitz()
        .args(["demo", "--sample", "mori"])
        .arg(&dir)
        .assert()
        .success();
    blitz()
        .arg("show")
        .arg(dir.join("00-t001.state.ron"))
        .assert()
        .code(2)
        .stderr(contains("is a state of a `mori` game"));
}
