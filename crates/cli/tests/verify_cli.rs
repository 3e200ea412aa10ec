//! `blitz verify` never says yes to what it did not check: a missing order file, state
//! or whole game is a failure naming what is missing, and success says that every state
//! of the folder was reached and prints the first state's hash, the anchor the opening
//! mail carries.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::PathBuf;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn demo() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    blitz().arg("demo").arg(&dir).assert().success();
    (tmp, dir)
}

fn sha256(path: &std::path::Path) -> String {
    use sha2::Digest as _;
    hex::encode(sha2::Sha256::digest(fs::read(path).unwrap()))
}

#[test]
fn success_says_all_of_them_and_prints_the_anchor_of_the_opening_mail() {
    let (_tmp, dir) = demo();
    let anchor = sha256(&dir.join("00-setup-blue.state.ron"));
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(contains("6 player-turns replayed, all of them"))
        .stdout(contains(format!("first state: SHA-256 {anchor}")));
    let opening = fs::read_dir(dir.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with("-new.eml"))
        .expect("the opening mail");
    let text = fs::read_to_string(opening).unwrap();
    assert!(text.contains(&anchor), "the opening mail names {anchor}");
}

#[test]
fn a_missing_order_file_in_the_middle_fails_naming_it_and_what_was_not_reached() {
    let (_tmp, dir) = demo();
    fs::remove_file(dir.join("03-1-red.orders.toml")).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("03-1-red.orders.toml is missing"))
        .stderr(contains("06-3-blue.state.ron"));
}

#[test]
fn a_missing_state_in_the_middle_fails_naming_it() {
    let (_tmp, dir) = demo();
    fs::remove_file(dir.join("04-2-blue.state.ron")).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("04-2-blue.state.ron is missing"));
}

#[test]
fn a_folder_of_states_only_or_of_nothing_fails() {
    let (_tmp, dir) = demo();
    for e in fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() && !p.to_string_lossy().ends_with(".state.ron") {
            fs::remove_file(p).unwrap();
        }
    }
    blitz().arg("verify").arg(&dir).assert().code(1);
    let empty = dir.parent().unwrap().join("empty");
    fs::create_dir(&empty).unwrap();
    blitz()
        .arg("verify")
        .arg(&empty)
        .assert()
        .code(1)
        .stderr(contains("holds no state file"));
    blitz()
        .arg("verify")
        .arg(dir.parent().unwrap().join("no-such-folder"))
        .assert()
        .code(2);
}
