//! Shared by the sample-game tests (`demo_optional.rs`, `demo_tournament.rs`,
//! `json_cli.rs`): play a
//! sample through the real binary into a fresh folder, read its reports, and compare
//! two folders byte for byte.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

pub fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Plays `blitz demo --sample NAME` into a fresh folder and checks that it succeeds:
/// (the temp dir guard, the folder, what the command printed).
pub fn played(name: &str) -> (tempfile::TempDir, PathBuf, assert_cmd::assert::Assert) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    let done = blitz()
        .arg("demo")
        .arg(&dir)
        .args(["--sample", name])
        .assert()
        .success();
    (tmp, dir, done)
}

/// [`played`], checking too that the sample ends with the player-turn `last` and
/// announces `turns` (`"set-up and turns 1-4"`): (the temp dir guard, the folder).
pub fn play(name: &str, last: &str, turns: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir, done) = played(name);
    done.stdout(predicate::str::contains(format!("player-turn {last}")))
        .stdout(predicate::str::contains(format!("({turns})")));
    (tmp, dir)
}

pub fn report(dir: &Path, stem: &str) -> String {
    fs::read_to_string(dir.join(format!("{stem}.report.txt"))).unwrap()
}

/// Every one of `lines` is in the report `text`.
pub fn assert_has(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

/// Every file of the folder `one` is in `two` with the same bytes; returns how many.
pub fn assert_same_files(one: &Path, two: &Path) -> usize {
    let mut compared = 0;
    for e in fs::read_dir(one).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            let name = p.file_name().unwrap();
            assert_eq!(
                fs::read(&p).unwrap(),
                fs::read(two.join(name)).unwrap(),
                "{} differs",
                p.display()
            );
            compared += 1;
        }
    }
    compared
}
