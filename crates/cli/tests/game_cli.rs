//! A game by e-mail through the real `blitz` binary: the demo plays a whole sample game,
//! `verify` accepts it and refuses it after any one byte of any state or order file is
//! changed, `check` and `resolve` exit codes, and the turn report as a snapshot.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Plays the demo into a fresh folder and returns (the temp dir guard, the game folder).
fn demo() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    blitz()
        .arg("demo")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("player-turn 2-Red"))
        .stdout(predicate::str::contains("blitz verify"));
    (tmp, dir)
}

/// `blitz resolve` of a demo state with a demo order file and a demo seed (by stem).
fn resolve(dir: &Path, state: &str, orders: &str, seed: &str) -> Command {
    let mut c = blitz();
    c.arg("resolve")
        .arg(dir.join(format!("{state}.state.ron")))
        .arg(dir.join(format!("{orders}.orders.toml")))
        .arg("--beacon")
        .arg(dir.join(format!("{seed}.seed.json")));
    c
}

fn files_ending(dir: &Path, ending: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(ending))
        .collect();
    v.sort();
    v
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
        }
    }
}

#[test]
fn demo_plays_set_up_and_two_complete_turns_with_battles_from_recorded_beacons() {
    let (_tmp, dir) = demo();
    // 3.3, 3.4, then turns 1 and 2: six player-turns, the seventh state awaits Blue.
    assert_eq!(files_ending(&dir, ".orders.toml").len(), 6);
    assert_eq!(files_ending(&dir, ".state.ron").len(), 7);
    assert!(dir.join("06-3-blue.template.toml").exists());
    // Three player-turns had battles, each decided by a real drand quicknet round.
    assert_eq!(files_ending(&dir, ".seed.json").len(), 3);
    let red1 = fs::read_to_string(dir.join("03-1-red.report.txt")).unwrap();
    assert!(
        red1.contains("Seed        drand quicknet round 123"),
        "{red1}"
    );
    assert!(red1.contains("Battle A1 against WW28"), "{red1}");
    let blue2 = fs::read_to_string(dir.join("04-2-blue.report.txt")).unwrap();
    assert!(blue2.contains("drand quicknet round 1000"), "{blue2}");
    assert!(blue2.contains("Battle A2 against XX28"), "{blue2}");
    let red2 = fs::read_to_string(dir.join("05-2-red.report.txt")).unwrap();
    assert!(red2.contains("drand quicknet round 657413"), "{red2}");
    // 15.2: the player-turn without battles needed no seed.
    let blue1 = fs::read_to_string(dir.join("02-1-blue.report.txt")).unwrap();
    assert!(
        blue1.contains("none: no battles, no dice (15.2)"),
        "{blue1}"
    );
    // The game's opening and every turn went to the outbox, one message each.
    assert_eq!(files_ending(&dir.join("outbox"), ".eml").len(), 7);
    // Every player-turn was committed before its seed.
    assert_eq!(files_ending(&dir, ".commitment.txt").len(), 6);
}

#[test]
fn demo_gives_the_same_bytes_on_every_run() {
    let (_a, one) = demo();
    let (_b, two) = demo();
    let mut names: Vec<_> = fs::read_dir(&one)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    names.extend(files_ending(&one.join("outbox"), ".eml"));
    assert!(names.len() > 30);
    for p in names {
        let rel = p.strip_prefix(&one).unwrap();
        assert_eq!(
            fs::read(&p).unwrap(),
            fs::read(two.join(rel)).unwrap(),
            "{} differs between two runs",
            rel.display()
        );
    }
}

#[test]
fn demo_never_writes_over_an_existing_game_without_force() {
    let (_tmp, dir) = demo();
    let state = dir.join("00-setup-blue.state.ron");
    let before = fs::read(&state).unwrap();
    blitz()
        .arg("demo")
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is there already"))
        .stderr(predicate::str::contains("--force"));
    assert_eq!(fs::read(&state).unwrap(), before);
    // `--force` plays it again over every file, the outbox copies too (one of them
    // here differs from what the demo mails, as after an upgrade of the umpire).
    let mailed = dir.join("outbox/blitz-demo-1-red.eml");
    let kept = fs::read(&mailed).unwrap();
    fs::write(&mailed, b"an older message").unwrap();
    blitz()
        .arg("demo")
        .arg(&dir)
        .arg("--force")
        .assert()
        .success();
    assert_eq!(fs::read(&mailed).unwrap(), kept);
}

#[test]
fn verify_accepts_the_demo_game() {
    let (_tmp, dir) = demo();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "6 player-turns replayed, all of them: every one of its 7 states follows (setup-Blue, setup-Red, 1-Blue, 1-Red, 2-Blue, 2-Red)",
        ));
}

/// Changes one byte of `path` (the middle one, to a different printable byte).
fn flip_one_byte(path: &Path) {
    let mut bytes = fs::read(path).unwrap();
    let i = bytes.len() / 2;
    bytes[i] = if bytes[i] == b'7' { b'8' } else { b'7' };
    fs::write(path, bytes).unwrap();
}

#[test]
fn verify_refuses_the_demo_after_any_one_byte_of_any_state_or_order_file_changes() {
    let (tmp, dir) = demo();
    let mut targets = files_ending(&dir, ".state.ron");
    targets.extend(files_ending(&dir, ".orders.toml"));
    assert_eq!(targets.len(), 13);
    for (i, target) in targets.iter().enumerate() {
        let copy = tmp.path().join(format!("tampered-{i}"));
        copy_dir(&dir, &copy);
        let name = target.file_name().unwrap();
        flip_one_byte(&copy.join(name));
        blitz()
            .arg("verify")
            .arg(&copy)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("DIVERGES").or(predicate::str::contains("refused")))
            .stdout(predicate::str::contains("every state follows").not());
    }
}

#[test]
fn check_exit_codes_legal_illegal_and_unreadable() {
    let (tmp, dir) = demo();
    // The demo's own orders for 2-Red, against the state they were made for: legal.
    blitz()
        .arg("check")
        .arg(dir.join("05-2-red.state.ron"))
        .arg(dir.join("05-2-red.orders.toml"))
        .assert()
        .success()
        .stdout(predicate::str::contains("every order is legal"));
    // The same orders against the next state: wrong side, turn and state hash, each
    // reported with file, line and column and the rule (all at once).
    blitz()
        .arg("check")
        .arg(dir.join("06-3-blue.state.ron"))
        .arg(dir.join("05-2-red.orders.toml"))
        .env("NO_COLOR", "1")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("05-2-red.orders.toml:2:"))
        .stderr(predicate::str::contains("05-2-red.orders.toml:3:"))
        .stderr(predicate::str::contains("05-2-red.orders.toml:4:"))
        .stderr(predicate::str::contains("3 problems"));
    // An order file that is not TOML at all.
    let bad = tmp.path().join("bad.toml");
    fs::write(&bad, "game = \"demo\nthis is not toml").unwrap();
    blitz()
        .arg("check")
        .arg(dir.join("06-3-blue.state.ron"))
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.toml:2:"));
    // A state file that is missing: the command fails (2), naming it.
    blitz()
        .arg("check")
        .arg(tmp.path().join("nowhere.state.ron"))
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nowhere.state.ron"));
}

#[test]
fn check_refuses_a_state_file_edited_by_hand() {
    let (_tmp, dir) = demo();
    let state = dir.join("06-3-blue.state.ron");
    let text = fs::read_to_string(&state).unwrap();
    let edited = text.replacen("Map(\"WW28\")", "Map(\"WW27\")", 1);
    assert_ne!(text, edited, "the demo's last state has a unit in WW28");
    fs::write(&state, edited).unwrap();
    blitz()
        .arg("check")
        .arg(&state)
        .arg(dir.join("05-2-red.orders.toml"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("06-3-blue.state.ron"));
}

#[test]
fn resolve_writes_nothing_for_illegal_orders_and_never_overwrites_without_force() {
    let (tmp, dir) = demo();
    let out = tmp.path().join("out");
    // Illegal: the 2-Red orders against the state that awaits Blue.
    resolve(&dir, "06-3-blue", "05-2-red", "05-2-red")
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("nothing was written"));
    assert!(!out.exists());
    // Legal, but the files exist already in the game folder: refused, unchanged.
    let kept = fs::read(dir.join("06-3-blue.state.ron")).unwrap();
    resolve(&dir, "05-2-red", "05-2-red", "05-2-red")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("exists"));
    assert_eq!(fs::read(dir.join("06-3-blue.state.ron")).unwrap(), kept);
    // Into a new folder, with the commitment mailed for it: the same state, byte for
    // byte (anyone can rerun a turn).
    let commitment = fs::read_to_string(dir.join("05-2-red.commitment.txt")).unwrap();
    resolve(&dir, "05-2-red", "05-2-red", "05-2-red")
        .arg("--commitment")
        .arg(commitment.trim())
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let replayed = fs::read_to_string(out.join("06-3-blue.state.ron")).unwrap();
    assert!(replayed == String::from_utf8(kept).unwrap(), "{replayed}");
}

#[test]
fn resolve_refuses_a_beacon_of_another_round_than_the_orders_named() {
    let (tmp, dir) = demo();
    // The 2-Red orders name round 657413; the 1-Red beacon is round 123.
    resolve(&dir, "05-2-red", "05-2-red", "03-1-red")
        .arg("--out")
        .arg(tmp.path().join("out"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("123"));
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn report_and_show_print_the_turn_and_the_position() {
    let (_tmp, dir) = demo();
    let kept = fs::read_to_string(dir.join("05-2-red.report.txt")).unwrap();
    blitz()
        .arg("report")
        .arg(dir.join("06-3-blue.state.ron"))
        .assert()
        .success()
        .stdout(predicate::eq(kept));
    blitz()
        .arg("show")
        .arg(dir.join("06-3-blue.state.ron"))
        .assert()
        .success()
        // A stack in counting order; cities held (5); what is still to come, by the
        // turn it may enter (6.2); the units lost.
        .stdout(predicate::str::contains(
            "WW28   B-4AR 6-6, B-5AR 6-6, B-18AR 8-6",
        ))
        .stdout(predicate::str::contains("friendly city hexes: 24 (5)"))
        .stdout(predicate::str::contains(
            "turn 3: B-3MIN, B-28IN, B-29IN, B-17AR, B-5AT",
        ))
        .stdout(predicate::str::contains("eliminated: 2\n    B-3IN, B-1AR"));
}

/// The reports of the sample game, as players receive them (snapshots).
/// The reports read in any mail client: no line is wider than 78 columns.
#[test]
fn demo_reports_fit_a_78_column_page() {
    let (_tmp, dir) = demo();
    for report in files_ending(&dir, ".report.txt") {
        let text = fs::read_to_string(&report).unwrap();
        for line in text.lines() {
            assert!(line.chars().count() <= 78, "{}: {line}", report.display());
        }
    }
}

#[test]
fn snapshot_of_the_demo_reports() {
    // The hash lines (commitment, previous state, orders) change with the state file's
    // format; every other word of a report is the rules' outcome and must not change.
    let (_tmp, dir) = demo();
    let hashes = vec![(
        r"(?m)^(Commitment|From state|Orders)( +)[0-9a-f]{64}$",
        "$1$2[sha256]",
    )];
    for stem in ["02-1-blue", "03-1-red", "04-2-blue", "05-2-red"] {
        let report = fs::read_to_string(dir.join(format!("{stem}.report.txt"))).unwrap();
        insta::with_settings!({filters => hashes.clone()}, {
            insta::assert_snapshot!(format!("report_{stem}"), report);
        });
    }
}

#[test]
fn new_creates_a_pending_decision_game_when_asked() {
    let tmp = tempfile::tempdir().unwrap();
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args([
            "--red",
            "Bo <bo@example.org>",
            "--decisions",
            "pending",
            "--out",
        ])
        .arg(tmp.path())
        .assert()
        .success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(state.contains("decisions: Pending"), "{state}");
}

#[test]
fn template_lists_stacks_by_hex_and_reinforcements_by_type_in_number_order() {
    let (_tmp, dir) = demo();
    let t = fs::read_to_string(dir.join("06-3-blue.template.toml")).unwrap();
    let pos = |s: &str| t.find(s).unwrap_or_else(|| panic!("{s} missing:\n{t}"));
    // Stacks together, west to east; B-9IN before B-10IN in U11.
    assert!(pos("B-9IN     U11") < pos("B-10IN    U11"), "{t}");
    assert!(pos("B-4AR     WW28") < pos("B-18AR    WW28"), "{t}");
    assert!(pos("U11") < pos("TT27"), "{t}");
    // Reinforcements (6.2) grouped by type, numbered in order.
    assert!(pos("B-9AR     armor") < pos("B-10AR    armor"), "{t}");
    assert!(pos("B-20IN    infantry") < pos("B-29IN    infantry"), "{t}");
    // The untouched template is a legal (empty) player-turn for the state it names.
    blitz()
        .arg("check")
        .arg(dir.join("06-3-blue.state.ron"))
        .arg(dir.join("06-3-blue.template.toml"))
        .assert()
        .success();
}

/// `blitz mail --state` mails the player-turn that produced a state file from the game
/// file alone, and for the same date it is the very message the demo mailed when it
/// resolved that turn (same bytes, so the same Message-ID and thread). A new game's
/// state gives the mail that opens the game.
#[test]
fn mail_from_a_state_file_is_the_message_resolve_mailed() {
    let (tmp, dir) = demo();
    for (state, label) in [
        ("00-setup-blue", "new"),
        ("01-setup-red", "setup-blue"),
        ("03-1-red", "1-blue"),
        ("06-3-blue", "2-red"),
    ] {
        let mailed =
            fs::read_to_string(dir.join(format!("outbox/blitz-demo-{label}.eml"))).unwrap();
        let date = mailed
            .lines()
            .find_map(|l| l.strip_prefix("Date: "))
            .unwrap();
        let date = chrono::DateTime::parse_from_rfc2822(date)
            .unwrap()
            .to_rfc3339();
        let outbox = tmp.path().join(format!("again-{label}"));
        blitz()
            .arg("mail")
            .arg("--state")
            .arg(dir.join(format!("{state}.state.ron")))
            .args(["--date", &date, "--outbox"])
            .arg(&outbox)
            .assert()
            .success()
            .stderr(predicate::str::contains("the .eml file is ready"));
        let again = fs::read_to_string(outbox.join(format!("blitz-demo-{label}.eml"))).unwrap();
        assert_eq!(again, mailed, "{state}");
    }
    let opening = fs::read_to_string(dir.join("outbox/blitz-demo-new.eml")).unwrap();
    assert!(opening.contains("Subject: [Blitzkrieg demo] New game: Blue sets up"));
    assert!(opening.contains("Message-ID: <blitz.demo.new@example.org>"));
    assert!(opening.contains("00-setup-blue.template.toml"));
    assert!(
        opening.contains("filename=\"orders-guide.md\""),
        "the order guide"
    );
    let setup = fs::read_to_string(dir.join("outbox/blitz-demo-setup-blue.eml")).unwrap();
    assert!(setup.contains("In-Reply-To: <blitz.demo.new@example.org>"));
}

/// A changed order file is named with its player-turn when `verify` finds it no longer
/// matches the commitment mailed for it.
#[test]
fn verify_names_the_player_turn_and_file_whose_orders_break_the_commitment() {
    let (_tmp, dir) = demo();
    let orders = dir.join("02-1-blue.orders.toml");
    let mut text = fs::read_to_string(&orders).unwrap();
    text.push_str("# a line added after the commitment was mailed\n");
    fs::write(&orders, text).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("player-turn 1-Blue"))
        .stderr(predicate::str::contains("02-1-blue.orders.toml"))
        .stderr(predicate::str::contains("do not match the commitment"));
}

/// Orders that attack, resolved without their seed, are told which seed to give.
#[test]
fn resolve_without_the_seed_says_which_to_give() {
    let (_tmp, dir) = demo();
    let out = dir.join("again");
    blitz()
        .arg("resolve")
        .arg(dir.join("03-1-red.state.ron"))
        .arg(dir.join("03-1-red.orders.toml"))
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("round 123"))
        .stderr(predicate::str::contains("--beacon"));
    assert!(!out.exists());
}

/// Every problem at once, even when a hex name cannot be read: the unreadable hex, the
/// unknown unit and the other side's unit are all reported, each at its line.
#[test]
fn check_reports_an_unreadable_hex_together_with_the_unit_problems() {
    let (tmp, dir) = demo();
    let state = dir.join("06-3-blue.state.ron");
    let hash = blitzkrieg::state::sha256_hex(&fs::read(&state).unwrap());
    let orders = tmp.path().join("bad.toml");
    fs::write(
        &orders,
        format!(
            "game = \"demo\"\nside = \"blue\"\nturn = 3\nstate = \"{hash}\"\n\n\
             [[move]]\nunit = \"B-99XX\"\nto = \"U12\"\n\n\
             [[move]]\nunit = \"B-9IN\"\nto = \"Q-29\"\n\n\
             [[move]]\nunit = \"R-1AR\"\nto = \"U12\"\n"
        ),
    )
    .unwrap();
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&orders)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "bad.toml:7:8: there is no unit `B-99XX`",
        ))
        .stderr(predicate::str::contains(
            "bad.toml:12:6: `Q-29` is not a hex name",
        ))
        .stderr(predicate::str::contains(
            "bad.toml:15:8: R-1AR belongs to Red",
        ))
        .stderr(predicate::str::contains("3 problems"));
}

/// 30.9: `resolve` ends by saying what to do next, as `new` does: the `blitz mail`
/// command for the state it wrote, or, with `--mail`, how the mail left and who moves.
#[test]
fn resolve_says_what_to_do_next() {
    let (tmp, dir) = demo();
    let out = tmp.path().join("next");
    let done = resolve(&dir, "05-2-red", "05-2-red", "05-2-red")
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(done.status.success());
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.contains(&format!(
            "Next: mail the turn to both players with `blitz mail {} --smtp HOST`",
            out.join("06-3-blue.state.ron").display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("Blue moves next (3-Blue)"), "{stderr}");
    let mailed = tmp.path().join("mailed");
    let done = resolve(&dir, "05-2-red", "05-2-red", "05-2-red")
        .arg("--out")
        .arg(&mailed)
        .args(["--mail", "--date", "2026-11-24T18:00:00Z"])
        .output()
        .unwrap();
    assert!(done.status.success());
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.contains(&format!(
            "Next: send the outbox copy with `blitz mail --resend {}",
            mailed.join("outbox").join("blitz-demo-2-red.eml").display()
        )),
        "{stderr}"
    );
}
