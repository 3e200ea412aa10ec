//! Hostile or broken input gets an answer from the real `blitz` binary: never a panic
//! (exit 101), a hang or a memory blow-up. Each test is named for the crash it guards
//! against; the memory limits are enforced with `ulimit -d` on the child.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use blitzkrieg::state::GameState;
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// A demo game in a fresh folder: (guard, game folder).
fn demo() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    blitz().arg("demo").arg(&dir).assert().success();
    (tmp, dir)
}

/// The last state of the demo, Blue to move in turn 3.
const LAST: &str = "06-3-blue";

fn template(dir: &Path) -> String {
    fs::read_to_string(dir.join(format!("{LAST}.template.toml"))).unwrap()
}

/// Runs `blitz ARGS` with its data segment limited to `mib` MiB; returns the exit code
/// (None when a signal ended it) and standard error.
fn run_limited(mib: u32, args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let bin = assert_cmd::cargo::cargo_bin("blitz");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -d {} && exec \"$0\" \"$@\"", mib * 1024))
        .arg(bin)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_error_beyond_column_65535_gets_an_answer_from_every_command() {
    let (_tmp, dir) = demo();
    let wide = dir.join("wide.toml");
    fs::write(
        &wide,
        format!(
            "{}\n[[move]]\nunit = \"B-1IN\"\nto = \"ZZ\"{}x = \n",
            template(&dir),
            " ".repeat(70_000)
        ),
    )
    .unwrap();
    let state = dir.join(format!("{LAST}.state.ron"));
    for args in [
        vec!["check".as_ref(), state.as_os_str(), wide.as_os_str()],
        vec![
            "commit".as_ref(),
            "--state".as_ref(),
            state.as_os_str(),
            "--orders".as_ref(),
            wide.as_os_str(),
        ],
        vec!["resolve".as_ref(), state.as_os_str(), wide.as_os_str()],
    ] {
        blitz()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("blitz::orders_too_large"));
    }
    // A kept order file that is too long: verify says where the game stops following.
    fs::copy(&wide, dir.join("05-2-red.orders.toml")).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("at most 65536"));
}

#[test]
fn a_player_name_with_a_line_break_is_refused_before_any_file_is_written() {
    let (tmp, dir) = demo();
    let game = tmp.path().join("forged");
    fs::create_dir(&game).unwrap();
    let text = fs::read_to_string(dir.join(format!("{LAST}.state.ron"))).unwrap();
    let mut state = GameState::from_ron(&text, "s").unwrap();
    for p in state.game.players.values_mut() {
        p.name = "Blue\r\nBcc: everyone@example.org".to_string();
    }
    let ron = state.to_ron().unwrap();
    let state_path = game.join(format!("{LAST}.state.ron"));
    fs::write(&state_path, &ron).unwrap();
    let hash = blitzkrieg::state::sha256_hex(ron.as_bytes());
    let orders: String = template(&dir)
        .lines()
        .map(|l| {
            if l.starts_with("state = ") {
                format!("state = \"{hash}\"\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let orders_path = tmp.path().join("orders.toml");
    fs::write(&orders_path, orders).unwrap();
    blitz()
        .current_dir(tmp.path())
        .arg("resolve")
        .arg(&state_path)
        .arg(&orders_path)
        .args(["--mail", "--date", "2026-11-24T18:00:00Z"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line break"));
    let left: Vec<_> = fs::read_dir(&game).unwrap().collect();
    assert_eq!(left.len(), 1, "only the state stays: {left:?}");
    assert!(!tmp.path().join("outbox").exists());
}

#[test]
fn roll_with_the_largest_count_is_refused_not_a_panic() {
    blitz()
        .args([
            "roll",
            "--seed-text",
            "x",
            "--game",
            "g",
            "--turn",
            "1-Blue",
        ])
        .args(["-n", "18446744073709551615", "A1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("-n"));
    blitz()
        .args([
            "roll",
            "--seed-text",
            "x",
            "--game",
            "g",
            "--turn",
            "1-Blue",
        ])
        .args(["-n", "10001", "A1"])
        .assert()
        .code(2);
    blitz()
        .args([
            "roll",
            "--seed-text",
            "x",
            "--game",
            "g",
            "--turn",
            "1-Blue",
        ])
        .args(["-n", "10000", "A1"])
        .assert()
        .success();
}

/// Runs a command whose standard output is closed before it writes.
fn closed_pipe(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let bin = assert_cmd::cargo::cargo_bin("blitz");
    let mut child = std::process::Command::new(bin)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_output_pipe_ends_quietly_with_exit_141() {
    let (_tmp, dir) = demo();
    // More than a pipe holds, so the write fails even if it begins before the close.
    let roll: Vec<&std::ffi::OsStr> = [
        "roll",
        "--seed-text",
        "x",
        "--game",
        "g",
        "--turn",
        "1-Blue",
        "-n",
        "10000",
        "A1",
        "A2",
        "A3",
        "A4",
        "A5",
    ]
    .iter()
    .map(|s| s.as_ref())
    .collect();
    // 30.12: a picture written to standard output ends as quietly.
    let board: Vec<&std::ffi::OsStr> = ["board", "--svg", "-"].iter().map(|s| s.as_ref()).collect();
    for args in [vec!["verify".as_ref(), dir.as_os_str()], roll, board] {
        let (code, stderr) = closed_pipe(&args);
        assert_eq!(code, Some(141), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

#[test]
fn many_bad_orders_are_counted_and_the_rest_summarised_quickly() {
    let (_tmp, dir) = demo();
    let mut text = template(&dir);
    let mut n = 0;
    while text.len() < 64 * 1024 - 40 {
        text.push_str(&format!("[[move]]\nunit=\"B-1IN\"\nto=\"Z{n}\"\n"));
        n += 1;
    }
    let bad = dir.join("bad.toml");
    fs::write(&bad, text).unwrap();
    let start = Instant::now();
    let (code, stderr) = run_limited(
        50,
        &[
            "check".as_ref(),
            dir.join(format!("{LAST}.state.ron")).as_os_str(),
            bad.as_os_str(),
        ],
    );
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(
        code,
        Some(1),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
    assert!(stderr.contains("more problems not shown"), "{n}");
    assert!(stderr.contains("problems in"), "{n}");
    assert_eq!(
        stderr.matches(" × ").count(),
        50,
        "fifty problems are shown"
    );
}

#[test]
fn ten_mib_of_blank_lines_is_refused_before_it_is_read() {
    let (_tmp, dir) = demo();
    let blank = dir.join("blank.toml");
    fs::write(&blank, "\n".repeat(10 * 1024 * 1024)).unwrap();
    let (code, stderr) = run_limited(
        50,
        &[
            "check".as_ref(),
            dir.join(format!("{LAST}.state.ron")).as_os_str(),
            blank.as_os_str(),
        ],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is larger than 8388608 bytes"), "{stderr}");
}

#[test]
fn one_unit_named_thousands_of_times_on_one_line_stays_under_50_mb() {
    let (_tmp, dir) = demo();
    let mut text = template(&dir);
    text.push_str("[[move]]\nto = \"C3\"\nunits = [");
    while text.len() < 64 * 1024 - 20 {
        text.push_str("\"B-1IN\",");
    }
    text.push_str("]\n");
    let same = dir.join("same.toml");
    fs::write(&same, text).unwrap();
    let (code, stderr) = run_limited(
        50,
        &[
            "check".as_ref(),
            dir.join(format!("{LAST}.state.ron")).as_os_str(),
            same.as_os_str(),
        ],
    );
    assert_eq!(
        code,
        Some(1),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
    assert!(stderr.contains("problems in"), "{stderr}");
}

#[test]
fn a_mail_message_over_the_size_limit_is_refused() {
    let (_tmp, dir) = demo();
    let big = dir.join("big.eml");
    let mut text = String::from("From: a@example.org\nTo: b@example.org\nSubject: x\n");
    while text.len() < 600 * 1024 {
        text.push_str("X-Filler: b\n");
    }
    text.push_str("\nhello\n");
    fs::write(&big, text).unwrap();
    let (code, stderr) = run_limited(
        50,
        &[
            "check".as_ref(),
            dir.join(format!("{LAST}.state.ron")).as_os_str(),
            big.as_os_str(),
        ],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("blitz::orders_too_large"), "{stderr}");
}

#[test]
fn a_state_file_over_a_mebibyte_is_refused_and_one_just_under_stays_small() {
    let (_tmp, dir) = demo();
    let orders = dir.join(format!("{LAST}.template.toml"));
    for (size, says) in [
        (1024 * 1024 + 1, "larger than 1048576 bytes"),
        (1024 * 1024, "is not a readable state"),
    ] {
        let state = dir.join("big.state.ron");
        let mut text = fs::read_to_string(dir.join(format!("{LAST}.state.ron"))).unwrap();
        text.push_str(&"[".repeat(size - text.len()));
        fs::write(&state, text).unwrap();
        let (code, stderr) = run_limited(
            50,
            &["check".as_ref(), state.as_os_str(), orders.as_os_str()],
        );
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("big.state.ron"), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }
}

#[test]
fn a_seed_file_far_too_large_is_refused_as_a_wrong_seed() {
    let (_tmp, dir) = demo();
    let beacon = dir.join("big.json");
    fs::write(&beacon, " ".repeat(100 * 1024)).unwrap();
    blitz()
        .arg("resolve")
        .arg(dir.join("05-2-red.state.ron"))
        .arg(dir.join("05-2-red.orders.toml"))
        .arg("--beacon")
        .arg(&beacon)
        .arg("--out")
        .arg(dir.join("elsewhere"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the drand beacon given is 102400 bytes",
        ));
    assert!(!dir.join("elsewhere").exists());
}
