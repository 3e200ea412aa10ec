//! The conventions every `blitz` command keeps, through the real binary: shell
//! completions and the man page, `-` for orders on standard input, one argument style
//! (STATE ORDERS, with the older `--state`/`--orders` as aliases), `--quiet` and
//! `--verbose`, `--color` with NO_COLOR and CLICOLOR_FORCE, messages on standard error
//! and data on standard output, the outbox in the game folder, `--sender` where mail is
//! built, every documented exit code, and `--version` as clap prints it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;

use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn blitz() -> Command {
    let mut c = Command::cargo_bin("blitz").unwrap();
    c.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    c
}

/// A new game (Blue to set up) in a fresh folder: (guard, game folder).
fn new_game() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g1");
    blitz()
        .args([
            "new",
            "--game",
            "g1",
            "--blue",
            "Ann <ann@example.org>",
            "--red",
            "Bo <bo@example.org>",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    (tmp, dir)
}

fn state(dir: &Path) -> PathBuf {
    dir.join("00-setup-blue.state.ron")
}

fn template(dir: &Path) -> PathBuf {
    dir.join("00-setup-blue.template.toml")
}

/// The set-up template with one unit placed on a hex that is no hex of the board.
fn bad_orders(dir: &Path) -> PathBuf {
    let path = dir.join("bad.toml");
    let text = fs::read_to_string(template(dir)).unwrap();
    fs::write(
        &path,
        format!("{text}\n[[setup]]\nunit = \"B-1IN\"\nhex = \"ZZ99\"\n"),
    )
    .unwrap();
    path
}

fn stderr_of(c: &mut Command) -> (Option<i32>, String, String) {
    let out = c.output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `blitz --version` alone is answered before the command line parser is built (it
/// is all start-up): it prints what clap prints for the version, which it still does
/// when other options come with it.
#[test]
fn version_alone_prints_what_the_parser_prints() {
    let alone = blitz().arg("--version").assert().success();
    let alone = String::from_utf8(alone.get_output().stdout.clone()).unwrap();
    assert_eq!(alone, format!("blitz {}\n", env!("CARGO_PKG_VERSION")));
    let short = blitz().arg("-V").assert().success();
    assert_eq!(short.get_output().stdout, alone.as_bytes());
    let parsed = blitz().args(["--quiet", "--version"]).assert().success();
    assert_eq!(parsed.get_output().stdout, alone.as_bytes());
}

#[test]
fn completions_for_every_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _blitz"),
        ("zsh", "#compdef blitz"),
        ("fish", "complete -c blitz"),
        ("elvish", "edit:completion:arg-completer[blitz]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = blitz().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("resolve"), "{shell} names the commands");
        assert!(out.stderr.is_empty(), "{shell}");
    }
    blitz().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn the_man_page_is_roff_for_blitz_and_each_command() {
    let page = blitz().arg("man").output().unwrap();
    assert!(page.status.success());
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(page.contains(".TH blitz 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    assert!(page.contains("completions"), "{page}");
    let check = String::from_utf8(blitz().args(["man", "check"]).output().unwrap().stdout).unwrap();
    assert!(check.contains(".TH blitz-check 1"), "{check}");
    assert!(check.contains("STATE"), "{check}");
    blitz()
        .args(["man", "chek"])
        .assert()
        .code(2)
        .stderr(contains("not a blitz command"));
}

#[test]
fn help_orders_prints_the_order_guide_and_help_names_commands() {
    let guide =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/orders.md"))
            .unwrap();
    blitz()
        .args(["help", "orders"])
        .assert()
        .success()
        .stdout(guide);
    blitz()
        .args(["help", "check"])
        .assert()
        .success()
        .stdout(contains("Usage: blitz check"));
    blitz()
        .arg("help")
        .assert()
        .success()
        .stdout(contains("blitz help orders"));
    blitz().args(["help", "nothing"]).assert().code(2);
}

#[test]
fn a_dash_reads_the_orders_from_standard_input() {
    let (_tmp, dir) = new_game();
    let orders = fs::read(template(&dir)).unwrap();
    blitz()
        .arg("check")
        .arg(state(&dir))
        .arg("-")
        .write_stdin(orders.clone())
        .assert()
        .success()
        .stdout(contains("<stdin>: every order is legal"));
    let from_file = blitz()
        .arg("commit")
        .arg(state(&dir))
        .arg(template(&dir))
        .output()
        .unwrap();
    assert!(from_file.status.success());
    blitz()
        .arg("commit")
        .arg(state(&dir))
        .arg("-")
        .write_stdin(orders)
        .assert()
        .success()
        .stdout(String::from_utf8(from_file.stdout).unwrap());
    let bad = fs::read(bad_orders(&dir)).unwrap();
    blitz()
        .arg("check")
        .arg(state(&dir))
        .arg("-")
        .write_stdin(bad.clone())
        .assert()
        .code(1)
        .stderr(contains("<stdin>:"));
    blitz()
        .args(["check", "--format", "json"])
        .arg(state(&dir))
        .arg("-")
        .write_stdin(bad)
        .assert()
        .code(1)
        .stdout(contains("\"ok\": false"));
}

#[test]
fn commit_takes_state_and_orders_as_check_does_and_the_old_flags_too() {
    let (_tmp, dir) = new_game();
    let positional = blitz()
        .arg("commit")
        .arg(state(&dir))
        .arg(template(&dir))
        .output()
        .unwrap();
    let flags = blitz()
        .arg("commit")
        .arg("--state")
        .arg(state(&dir))
        .arg("--orders")
        .arg(template(&dir))
        .output()
        .unwrap();
    assert!(positional.status.success());
    assert_eq!(positional.stdout, flags.stdout);
    assert_eq!(positional.stdout.len(), 65, "one line: the commitment");
    // Giving the state twice is a usage error.
    blitz()
        .arg("commit")
        .arg(state(&dir))
        .arg(template(&dir))
        .arg("--state")
        .arg(state(&dir))
        .assert()
        .code(2);
}

#[test]
fn quiet_silences_messages_and_verbose_adds_what_was_read() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g1");
    let (code, stdout, stderr) = stderr_of(
        blitz()
            .args(["-q", "new", "--game", "g1", "--blue", "a@example.org"])
            .args(["--red", "b@example.org", "--out"])
            .arg(&dir),
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, "", "--quiet prints no messages");
    assert!(state(&dir).exists());
    // Without --quiet the same command says what it wrote, on standard error.
    let again = tmp.path().join("g2");
    let (_, stdout, stderr) = stderr_of(
        blitz()
            .args(["new", "--game", "g2", "--blue", "a@example.org"])
            .args(["--red", "b@example.org", "--out"])
            .arg(&again),
    );
    assert_eq!(stdout, "", "messages are not data");
    assert!(stderr.contains("wrote "), "{stderr}");
    assert!(stderr.contains("Blue sets up first"), "{stderr}");
    // --quiet keeps the errors and the data.
    blitz()
        .arg("check")
        .arg(state(&dir))
        .arg(bad_orders(&dir))
        .arg("--quiet")
        .assert()
        .code(1)
        .stderr(contains("ZZ99"));
    blitz()
        .arg("check")
        .arg(state(&dir))
        .arg(template(&dir))
        .arg("-v")
        .assert()
        .success()
        .stderr(contains("reading the orders from"))
        .stderr(contains("board: the embedded data"));
    blitz()
        .args(["-q", "-v", "show"])
        .arg(state(&dir))
        .assert()
        .code(2);
}

#[test]
fn colour_follows_the_flag_no_color_and_clicolor_force() {
    let (_tmp, dir) = new_game();
    let bad = bad_orders(&dir);
    let run = |env: &[(&str, &str)], args: &[&str]| {
        let mut c = blitz();
        c.arg("check").arg(state(&dir)).arg(&bad).args(args);
        for (k, v) in env {
            c.env(k, v);
        }
        let (code, _, stderr) = stderr_of(&mut c);
        assert_eq!(code, Some(1), "{stderr}");
        stderr.contains('\u{1b}')
    };
    assert!(!run(&[], &[]), "not a terminal: no colour");
    assert!(run(&[("CLICOLOR_FORCE", "1")], &[]));
    assert!(!run(&[("CLICOLOR_FORCE", "0")], &[]));
    assert!(!run(&[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")], &[]));
    assert!(run(&[("NO_COLOR", "1")], &["--color", "always"]));
    assert!(!run(&[("CLICOLOR_FORCE", "1")], &["--color", "never"]));
    assert!(run(&[], &["--color=always"]));
    // A failure's message too (a missing file, exit 2).
    let (code, _, stderr) = stderr_of(
        blitz()
            .args(["--color", "always", "show"])
            .arg(dir.join("missing.state.ron")),
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains('\u{1b}'), "{stderr}");
}

#[test]
fn every_documented_exit_code() {
    let (tmp, dir) = new_game();
    // 0: done.
    blitz()
        .arg("check")
        .arg(state(&dir))
        .arg(template(&dir))
        .assert()
        .code(0);
    // 1: orders illegal (check, commit, resolve), a replay that diverges or is
    // incomplete (verify).
    for cmd in ["check", "commit", "resolve"] {
        blitz()
            .arg(cmd)
            .arg(state(&dir))
            .arg(bad_orders(&dir))
            .assert()
            .code(1)
            .stderr(contains("ZZ99"));
    }
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    blitz()
        .arg("verify")
        .arg(&empty)
        .assert()
        .code(1)
        .stderr(contains("INCOMPLETE"));
    // 2: anything else refused or failed.
    blitz()
        .arg("verify")
        .arg(tmp.path().join("no-such-folder"))
        .assert()
        .code(2)
        .stderr(contains("no-such-folder"));
    blitz()
        .arg("check")
        .arg(dir.join("missing.state.ron"))
        .arg(template(&dir))
        .assert()
        .code(2);
    blitz()
        .arg("check")
        .arg(state(&dir))
        .arg(dir.join("missing.toml"))
        .assert()
        .code(2);
    blitz().arg("no-such-command").assert().code(2);
    blitz().arg("check").assert().code(2);
    blitz()
        .args(["new", "--game", "g1", "--blue", "a@example.org"])
        .args(["--red", "b@example.org", "--out"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(contains("already exists"));
    // 141: standard output closed before everything was written.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("blitz"))
        .args([
            "roll",
            "--seed-text",
            "x",
            "--game",
            "g",
            "--turn",
            "1-Blue",
        ])
        .args(["-n", "10000", "A1", "A2", "A3", "A4", "A5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
}

#[test]
fn mail_of_a_state_goes_to_the_game_folders_outbox_from_the_sender_given() {
    let (tmp, dir) = new_game();
    let (code, stdout, stderr) = stderr_of(
        blitz()
            .current_dir(tmp.path())
            .arg("mail")
            .arg(state(&dir))
            .args(["--sender", "Umpire <umpire@example.net>"])
            .args(["--date", "2026-11-24T18:00:00Z"]),
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("not sent"), "{stderr}");
    assert!(!tmp.path().join("outbox").exists());
    let mails: Vec<_> = fs::read_dir(dir.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(mails.len(), 1, "{mails:?}");
    let eml = fs::read_to_string(&mails[0]).unwrap();
    assert!(
        eml.contains("From: Umpire <umpire@example.net>"),
        "{}",
        &eml[..eml.len().min(800)]
    );
    // The older `--state FILE` says the same.
    blitz()
        .arg("mail")
        .arg("--state")
        .arg(state(&dir))
        .args(["--sender", "Umpire <umpire@example.net>"])
        .args(["--date", "2026-11-24T18:00:00Z"])
        .assert()
        .success()
        .stderr(contains("already in the outbox, unchanged"));
}
