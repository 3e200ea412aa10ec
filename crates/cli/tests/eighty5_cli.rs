//! BLITZKRIEG '85's pre-game set-up through the real binary (37.2, 38.7): `blitz new
//! --rules 85`, each side's commitment to its purchase list (`blitz purchase` prints
//! it), both reveals, Blue's placement then Red's, and `blitz verify` replaying the
//! folder. A reveal before both commitments, a doctored reveal, a purchase over the
//! points and one beyond the counter mix are each refused, naming the side, with
//! nothing written.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use blitzkrieg::eighty5::purchase::{commitment, PurchaseList};
use blitzkrieg::units::Side;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn sha(path: &Path) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(fs::read(path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// An order file of the game for `state`, with `body` under its header.
fn orders(dir: &Path, name: &str, side: &str, state: &Path, body: &str) -> PathBuf {
    let path = dir.join(name);
    let text = format!(
        "game = \"g85\"\nside = \"{side}\"\nturn = 0\nstate = \"{}\"\n\n{body}",
        sha(state)
    );
    fs::write(&path, text).unwrap();
    path
}

fn reveal_body(salt: &str, buy: &str) -> String {
    format!("[purchase]\nsalt = \"{salt}\"\nbuy = {{ {buy} }}\n")
}

/// The commitment `blitz purchase` prints for a reveal file (a purchase list's or a
/// war-start die shift's).
fn printed_commitment(state: &Path, reveal: &Path) -> String {
    let out = blitz()
        .arg("purchase")
        .arg(state)
        .arg(reveal)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("commitment = "))
        .unwrap_or_else(|| panic!("no commitment in {text}"));
    line.trim_start_matches("commitment = ")
        .trim_matches('"')
        .to_string()
}

fn resolve(state: &Path, orders: &Path) -> assert_cmd::assert::Assert {
    blitz()
        .args(["resolve", "-q"])
        .arg(state)
        .arg(orders)
        .assert()
}

fn files(dir: &Path) -> usize {
    fs::read_dir(dir).unwrap().count()
}

fn new_game(dir: &Path) -> PathBuf {
    new_game_with(dir, &[])
}

/// A new game of '85 with `extra` arguments to `blitz new` (`--cold-war`).
fn new_game_with(dir: &Path, extra: &[&str]) -> PathBuf {
    blitz()
        .args([
            "new", "-q", "--game", "g85", "--rules", "85", "--seed", "text",
        ])
        .args(extra)
        .args([
            "--blue",
            "Ann <ann@example.org>",
            "--red",
            "Bo <bo@example.org>",
        ])
        .args(["--nonce", "85", "--out"])
        .arg(dir)
        .assert()
        .success();
    dir.join("00-setup-blue.state.ron")
}

const BLUE_SALT: &str = "blue-salt-0123456789abcdef";
const RED_SALT: &str = "red-salt-0123456789abcdef";
const BLUE_BUY: &str = "\"infantry 4-4\" = 6, \"Armor 6-6\" = 3, \"escort 2\" = 1";
const RED_BUY: &str = "\"infantry 4-4\" = 6";

/// Blue's commitment `c` resolved, then Red's to `RED_BUY`: the state after Red's
/// commitment, and Red's reveal file.
fn commit_both(
    game: &Path,
    drafts: &Path,
    s0: &Path,
    c: impl std::fmt::Display,
) -> (PathBuf, PathBuf) {
    let body = |c: &dyn std::fmt::Display| format!("[purchase]\ncommitment = \"{c}\"\n");
    let o0 = orders(drafts, "o0.toml", "blue", s0, &body(&c));
    resolve(s0, &o0).success();
    let s1 = game.join("00-setup-blue.step1.state.ron");
    let red = orders(
        drafts,
        "red.toml",
        "red",
        &s1,
        &reveal_body(RED_SALT, RED_BUY),
    );
    let o1 = orders(
        drafts,
        "o1.toml",
        "red",
        &s1,
        &body(&printed_commitment(&s1, &red)),
    );
    resolve(&s1, &o1).success();
    (game.join("00-setup-blue.step2.state.ron"), red)
}

/// Both sides committed: the state after Red's commitment, and the two reveal files
/// (written outside the game folder, as a player keeps them).
fn both_committed(game: &Path, drafts: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let s0 = new_game(game);
    let template = fs::read_to_string(game.join("00-setup-blue.template.toml")).unwrap();
    assert!(
        template.contains("commitment = \"64 HEX DIGITS\""),
        "{template}"
    );
    assert!(
        template.contains("armor 8-6                  108 points  up to 3 of 3 *"),
        "{template}"
    );
    let blue = orders(
        drafts,
        "blue.toml",
        "blue",
        &s0,
        &reveal_body(BLUE_SALT, BLUE_BUY),
    );
    let c = printed_commitment(&s0, &blue);
    let (s2, red) = commit_both(game, drafts, &s0, &c);
    (s2, blue, red)
}

/// 37.21, 37.211, 37.212, 38.7: commit, commit, reveal, reveal, Blue places, Red
/// places; the points left are in the state and the report; `verify` replays the
/// folder, each reveal checked against its commitment again.
#[test]
fn a_game_of_85_starts_by_commitment_reveal_and_placement_37_2() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let (s2, _, _) = both_committed(game.path(), drafts.path());
    let o2 = orders(
        drafts.path(),
        "o2.toml",
        "blue",
        &s2,
        &reveal_body(BLUE_SALT, BLUE_BUY),
    );
    resolve(&s2, &o2).success();
    let s3 = game.path().join("00-setup-blue.step3.state.ron");
    let o3 = orders(
        drafts.path(),
        "o3.toml",
        "red",
        &s3,
        &reveal_body(RED_SALT, RED_BUY),
    );
    resolve(&s3, &o3).success();
    let s4 = game.path().join("00-setup-blue.step4.state.ron");
    let state = fs::read_to_string(&s4).unwrap();
    // 38.7: 4100 - 6 x 32 - 3 x 72 - 40; 4000 - 6 x 32.
    assert!(state.contains("blue: 3652,"), "{state}");
    assert!(state.contains("red: 3808,"), "{state}");
    let report = fs::read_to_string(game.path().join("00-setup-blue.step3.report.txt")).unwrap();
    assert!(report.contains("3808 points left"), "{report}");
    assert!(
        report.contains("Points      Blue 3652, Red 3808 points (38.7)"),
        "{report}"
    );
    // The template of Blue's placement lists what it bought and what its points buy.
    let template =
        fs::read_to_string(game.path().join("00-setup-blue.step4.template.toml")).unwrap();
    assert!(
        template.contains("place the units you bought; Blue 3652, Red 3808 points (38.7)"),
        "{template}"
    );
    assert!(
        template.contains("1 escort 2 (naval rules 42-45 are not built yet)"),
        "{template}"
    );
    // 37.211: Blue places what it bought; the escort waits for rules 42-45.
    let place = "[[setup]]\nunits = [\"B-1AR\", \"B-2AR\", \"B-3AR\"]\nhex = \"HH19\"\n\n\
                 [[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"JJ21\"\n\n\
                 [[setup]]\nunits = [\"B-4IN\", \"B-5IN\", \"B-6IN\"]\nhex = \"KK22\"\n";
    // 37.211 with 41.6, 42: the escort bought is held; setting it up is refused (B417).
    let naval = orders(
        drafts.path(),
        "o4naval.toml",
        "blue",
        &s4,
        &format!("{place}\n[[setup]]\nunits = [\"B-1ES\"]\nhex = \"JJ21\"\n"),
    );
    resolve(&s4, &naval)
        .code(1)
        .stderr(contains("B-1ES is a naval counter (41.1, 41.4-41.8)"));
    // A unit not bought is not Blue's to place.
    let bad = orders(
        drafts.path(),
        "o4bad.toml",
        "blue",
        &s4,
        &place.replace("B-6IN", "B-7IN"),
    );
    let before = files(game.path());
    resolve(&s4, &bad)
        .code(1)
        .stderr(contains("B-7IN cannot be placed now"));
    assert_eq!(files(game.path()), before, "nothing written");
    let o4 = orders(drafts.path(), "o4.toml", "blue", &s4, place);
    resolve(&s4, &o4).success();
    let s5 = game.path().join("01-setup-red.state.ron");
    let red_place = "[[setup]]\nunits = [\"R-1IN\", \"R-2IN\", \"R-3IN\"]\nhex = \"AAA32\"\n\n\
                     [[setup]]\nunits = [\"R-4IN\", \"R-5IN\", \"R-6IN\"]\nhex = \"AAA31\"\n";
    let o5 = orders(drafts.path(), "o5.toml", "red", &s5, red_place);
    resolve(&s5, &o5).success();
    assert!(game.path().join("02-1-blue.state.ron").exists());
    // 37.3: turn 1 of the Hot War plays: Blue's orders with nothing in them check.
    let s6 = game.path().join("02-1-blue.state.ron");
    let t1 = orders(drafts.path(), "t1.toml", "blue", &s6, "").to_path_buf();
    let t1_text = fs::read_to_string(&t1)
        .unwrap()
        .replace("turn = 0", "turn = 1");
    fs::write(&t1, t1_text).unwrap();
    blitz().arg("check").arg(&s6).arg(&t1).assert().success();
    blitz().arg("verify").arg(game.path()).assert().success();
}

/// A reveal before both commitments are in is refused (Red reveals instead of
/// committing), and a second reveal (Blue's, once it is in) is another side's turn.
#[test]
fn a_reveal_before_both_commitments_is_refused_with_nothing_written() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let s0 = new_game(game.path());
    let blue = orders(
        drafts.path(),
        "blue.toml",
        "blue",
        &s0,
        &reveal_body(BLUE_SALT, BLUE_BUY),
    );
    let before = files(game.path());
    resolve(&s0, &blue)
        .code(1)
        .stderr(contains("Blue may not reveal yet"));
    assert_eq!(files(game.path()), before);
    let (s2, blue, _) = both_committed(&game.path().join("b"), drafts.path());
    let _ = blue;
    let o2 = orders(
        drafts.path(),
        "o2.toml",
        "blue",
        &s2,
        &reveal_body(BLUE_SALT, BLUE_BUY),
    );
    resolve(&s2, &o2).success();
    let s3 = game.path().join("b/00-setup-blue.step3.state.ron");
    let again = orders(
        drafts.path(),
        "again.toml",
        "blue",
        &s3,
        &reveal_body(BLUE_SALT, BLUE_BUY),
    );
    let before = files(&game.path().join("b"));
    resolve(&s3, &again)
        .code(1)
        .stderr(contains("these orders are for Blue, but it is Red's turn"));
    assert_eq!(files(&game.path().join("b")), before);
}

/// A doctored reveal (one more infantry than committed) is refused, naming Blue.
#[test]
fn a_doctored_reveal_is_refused_naming_its_side() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let (s2, _, _) = both_committed(game.path(), drafts.path());
    let doctored = BLUE_BUY.replace("= 6", "= 7");
    let o2 = orders(
        drafts.path(),
        "o2.toml",
        "blue",
        &s2,
        &reveal_body(BLUE_SALT, &doctored),
    );
    let before = files(game.path());
    resolve(&s2, &o2)
        .code(1)
        .stderr(contains("Blue's reveal does not open Blue's commitment"));
    assert_eq!(files(game.path()), before);
}

/// 37.21, 40.8: a list over the side's points, or beyond the counter mix, sealed by
/// hand (`blitz purchase` refuses to seal it), is refused on reveal with nothing
/// written.
#[test]
fn over_budget_and_beyond_the_mix_are_refused_on_reveal_37_21_40_8() {
    let over: &[(&str, u32)] = &[
        ("infantry 4-4", 36),
        ("armor 6-6", 14),
        ("armor 8-6", 3),
        ("artillery 8-4-4", 6),
        ("cv 1", 4),
        ("bb 4", 4),
        ("escort 2", 10),
        ("airborne 4-4", 3),
    ];
    let beyond: &[(&str, u32)] = &[("cv 1", 5)];
    for (items, says) in [
        (over, "Blue's purchase costs 4200 points; Blue has 4100"),
        (
            beyond,
            "Blue's purchase buys 5 of cv 1; the counter mix holds 4",
        ),
    ] {
        let buy: Vec<String> = items
            .iter()
            .map(|(k, n)| format!("\"{k}\" = {n}"))
            .collect();
        let buy = buy.join(", ");
        let game = tempfile::tempdir().unwrap();
        let drafts = tempfile::tempdir().unwrap();
        let s0 = new_game(game.path());
        let list: PurchaseList = items.iter().map(|(k, n)| (k.to_string(), *n)).collect();
        let c = commitment("g85", Side::Blue, BLUE_SALT, &list);
        let (s2, _) = commit_both(game.path(), drafts.path(), &s0, c);
        let o2 = orders(
            drafts.path(),
            "o2.toml",
            "blue",
            &s2,
            &reveal_body(BLUE_SALT, &buy),
        );
        let before = files(game.path());
        resolve(&s2, &o2).code(1).stderr(contains(says));
        assert_eq!(files(game.path()), before);
    }
}

/// 004, introduction: `blitz new --rules 85` makes a game of '85 on the Tournament Game
/// (its figures recorded, with those of '85), in its purchase; `--optional` is refused
/// (R010), nothing written.
#[test]
fn a_new_game_of_85_is_a_tournament_game_in_its_purchase_004() {
    let game = tempfile::tempdir().unwrap();
    let s0 = new_game(game.path());
    let state = fs::read_to_string(&s0).unwrap();
    assert!(state.contains("rules: Eighty5"), "{state}");
    assert!(state.contains("\"tournament\": \""), "{state}");
    assert!(state.contains("\"85\": \""), "{state}");
    assert!(state.contains("blue: 4100,"), "{state}");
    assert!(state.contains("red: 4000,"), "{state}");
    // 38.8: a game not in Cold War writes no Cold War option.
    assert!(!state.contains("cold_war"), "{state}");
    let other = tempfile::tempdir().unwrap();
    blitz()
        .args(["new", "--game", "g85", "--rules", "85", "--optional", "34"])
        .args([
            "--blue",
            "Ann <ann@example.org>",
            "--red",
            "Bo <bo@example.org>",
            "--out",
        ])
        .arg(other.path())
        .assert()
        .code(2)
        .stderr(contains("BLITZKRIEG '85 takes no --optional (given 34)"));
    assert_eq!(files(other.path()), 0);
}

/// 38.8, 37.11: `blitz new --rules 85 --cold-war` keeps the players' agreement in the
/// state's options and buys with a season's points, 1025 and 1000: a list of 1056
/// points, sealed by hand, is refused on reveal; `--cold-war` in a game that is not
/// '85 is refused (R012), nothing written.
#[test]
fn a_cold_war_game_buys_with_a_seasons_points_38_8_37_11() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let s0 = new_game_with(game.path(), &["--cold-war"]);
    let state = fs::read_to_string(&s0).unwrap();
    assert!(state.contains("cold_war: true"), "{state}");
    assert!(state.contains("blue: 1025,"), "{state}");
    assert!(state.contains("red: 1000,"), "{state}");
    // 33 x 32 = 1056: within 37.21's 4100, over 37.11's 1025.
    let buy = "\"infantry 4-4\" = 33";
    let draft = orders(
        drafts.path(),
        "blue.toml",
        "blue",
        &s0,
        &reveal_body(BLUE_SALT, buy),
    );
    blitz()
        .arg("purchase")
        .arg(&s0)
        .arg(&draft)
        .assert()
        .code(2)
        .stderr(contains(
            "this purchase costs 1056 points; Blue has 1025 (37.11)",
        ));
    let list: PurchaseList = [("infantry 4-4".to_string(), 33)].into();
    let c = commitment("g85", Side::Blue, BLUE_SALT, &list);
    let (s2, _) = commit_both(game.path(), drafts.path(), &s0, c);
    let o2 = orders(
        drafts.path(),
        "o2.toml",
        "blue",
        &s2,
        &reveal_body(BLUE_SALT, buy),
    );
    let before = files(game.path());
    resolve(&s2, &o2)
        .code(1)
        .stderr(contains("Blue's purchase costs 1056 points; Blue has 1025"));
    assert_eq!(files(game.path()), before);
    // 38.8: the Cold War is '85's alone.
    let other = tempfile::tempdir().unwrap();
    blitz()
        .args(["new", "--game", "g", "--rules", "tournament", "--cold-war"])
        .args([
            "--blue",
            "Ann <ann@example.org>",
            "--red",
            "Bo <bo@example.org>",
            "--out",
        ])
        .arg(other.path())
        .assert()
        .failure()
        .stderr(contains("blitz::ruleset::cold_war_not_85"))
        .stderr(contains(
            "the Cold War (38.8) is one of BLITZKRIEG '85's rules",
        ));
    assert_eq!(files(other.path()), 0);
}

// 37.12-37.13, 38.81: the Cold War's war-start roll.

const SHIFT_SALT: &str = "shift-salt-0123456789abcdef";

/// A Cold War game whose first season is bought (`BLUE_BUY`, `RED_BUY`) and placed:
/// the state after Red's placement, which waits for Blue's commitment to a die shift.
fn cold_war_season_placed(game: &Path, drafts: &Path) -> PathBuf {
    season_placed(game, drafts, &new_game_with(game, &["--cold-war"]))
}

/// [`cold_war_season_placed`] from the first state `s0` of a Cold War game made.
fn season_placed(game: &Path, drafts: &Path, s0: &Path) -> PathBuf {
    let place = "[[setup]]\nunits = [\"B-1AR\", \"B-2AR\", \"B-3AR\"]\nhex = \"HH19\"\n\n\
                 [[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"JJ21\"\n\n\
                 [[setup]]\nunits = [\"B-4IN\", \"B-5IN\", \"B-6IN\"]\nhex = \"KK22\"\n";
    bought_and_placed(game, drafts, s0, BLUE_BUY, place);
    game.join("01-setup-red.step1.state.ron")
}

/// From the new game's state `s0`: both commit, Blue reveals `blue_buy` and Red
/// `RED_BUY`, Blue places with `blue_place` and Red its six infantry.
fn bought_and_placed(game: &Path, drafts: &Path, s0: &Path, blue_buy: &str, blue_place: &str) {
    let blue = orders(
        drafts,
        "blue.toml",
        "blue",
        s0,
        &reveal_body(BLUE_SALT, blue_buy),
    );
    let (s2, _) = commit_both(game, drafts, s0, printed_commitment(s0, &blue));
    let o2 = orders(
        drafts,
        "o2.toml",
        "blue",
        &s2,
        &reveal_body(BLUE_SALT, blue_buy),
    );
    resolve(&s2, &o2).success();
    let s3 = game.join("00-setup-blue.step3.state.ron");
    let o3 = orders(
        drafts,
        "o3.toml",
        "red",
        &s3,
        &reveal_body(RED_SALT, RED_BUY),
    );
    resolve(&s3, &o3).success();
    let s4 = game.join("00-setup-blue.step4.state.ron");
    let o4 = orders(drafts, "o4.toml", "blue", &s4, blue_place);
    resolve(&s4, &o4).success();
    let s5 = game.join("01-setup-red.state.ron");
    let red_place = "[[setup]]\nunits = [\"R-1IN\", \"R-2IN\", \"R-3IN\"]\nhex = \"AAA32\"\n\n\
                     [[setup]]\nunits = [\"R-4IN\", \"R-5IN\", \"R-6IN\"]\nhex = \"AAA31\"\n";
    let o5 = orders(drafts, "o5.toml", "red", &s5, red_place);
    resolve(&s5, &o5).success();
}

fn shift_body(shift: i64) -> String {
    format!("[war_start]\nsalt = \"{SHIFT_SALT}\"\nshift = {shift}\n")
}

/// Both sides commit to their die shifts from the state after Red's placement `s`
/// (file stem `stem`, its step `step`): the state that waits for Blue's reveal.
fn commit_shifts(
    game: &Path,
    drafts: &Path,
    s: &Path,
    stem: &str,
    step: u32,
    blue: i64,
    red: i64,
) -> PathBuf {
    let commit = |side: &str, state: &Path, shift: i64| {
        let draft = orders(
            drafts,
            &format!("{side}-shift.toml"),
            side,
            state,
            &shift_body(shift),
        );
        let c = printed_commitment(state, &draft);
        let o = orders(
            drafts,
            &format!("{side}-commit.toml"),
            side,
            state,
            &format!("[war_start]\ncommitment = \"{c}\"\n"),
        );
        resolve(state, &o).success();
    };
    commit("blue", s, blue);
    let s1 = game.join(format!("{stem}.step{}.state.ron", step + 1));
    commit("red", &s1, red);
    game.join(format!("{stem}.step{}.state.ron", step + 2))
}

/// Resolves a reveal file that names the seed (`--seed-text`).
fn resolve_seeded(state: &Path, orders: &Path) -> assert_cmd::assert::Assert {
    blitz()
        .args(["resolve", "-q"])
        .arg(state)
        .arg(orders)
        .args(["--seed-text", "the winning numbers 4 8 15 16 23 42"])
        .assert()
}

/// 37.12, 38.81: after the season's placements each side seals a die shift, reveals
/// it (a doctored reveal is refused naming the side, with nothing written), and the
/// die, drawn from the seed Red's reveal names, shifted by -3 and -3 starts the war on
/// any roll; the shifts' points come off the ledger and `verify` replays it all.
#[test]
fn a_cold_war_season_ends_with_the_war_start_roll_38_81() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let s = cold_war_season_placed(g, drafts.path());
    let template = fs::read_to_string(g.join("01-setup-red.step1.template.toml")).unwrap();
    assert!(
        template.contains("Cold War season 1: does war start? (37.12, 38.81)"),
        "{template}"
    );
    let report = fs::read_to_string(g.join("01-setup-red.report.txt")).unwrap();
    assert!(
        report.contains("Blue commits to its war-start die shift (38.81)"),
        "{report}"
    );
    let s3 = commit_shifts(g, drafts.path(), &s, "01-setup-red", 1, -3, -3);
    // A reveal of another shift than the one sealed is refused, naming the side.
    let doctored = orders(drafts.path(), "b-bad.toml", "blue", &s3, &shift_body(-2));
    let before = files(g);
    resolve(&s3, &doctored).code(1).stderr(contains(
        "Blue's reveal does not open Blue's commitment to its war-start",
    ));
    assert_eq!(files(g), before, "nothing written");
    let b = orders(drafts.path(), "b-reveal.toml", "blue", &s3, &shift_body(-3));
    resolve(&s3, &b).success();
    let s4 = g.join("01-setup-red.step4.state.ron");
    // Red's reveal rolls the die: it names the seed.
    let unseeded = orders(drafts.path(), "r-noseed.toml", "red", &s4, &shift_body(-3));
    resolve(&s4, &unseeded)
        .code(1)
        .stderr(contains("the last war-start reveal rolls the die"));
    let r = orders(
        drafts.path(),
        "r-reveal.toml",
        "red",
        &s4,
        &format!("{}{}", shift_body(-3), crate::support::TEXT_SEED),
    );
    resolve_seeded(&s4, &r).success();
    let report = fs::read_to_string(g.join("01-setup-red.step4.report.txt")).unwrap();
    assert!(!report.contains("set-up needs no dice"), "{report}");
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        report.contains("the war-start roll (37.12): war-start: die "),
        "{report}"
    );
    assert!(report.contains("Blue's shift -3, Red's -3"), "{report}");
    assert!(
        report.contains("the war starts; the Hot War begins, turn 1, Blue to move"),
        "{report}"
    );
    // 38.7: 1025 - 448 - 30, 1000 - 192 - 30.
    assert!(
        report.contains("Points Blue 547, Red 778 points (38.7)"),
        "{report}"
    );
    assert!(g.join("02-1-blue.state.ron").exists());
    blitz().arg("verify").arg(g).assert().success();
}

/// 37.13, 38.81: a die shifted +3 never starts the war: another Cold War season, each
/// side's 1025 and 1000 points added to the points saved; its purchase buys counters
/// not yet in play, named on from the first season's (`00-setup-blue.step5`).
#[test]
fn a_roll_without_war_brings_another_season_37_13() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let s = cold_war_season_placed(g, drafts.path());
    let s3 = commit_shifts(g, drafts.path(), &s, "01-setup-red", 1, 3, 0);
    let b = orders(drafts.path(), "b-reveal.toml", "blue", &s3, &shift_body(3));
    resolve(&s3, &b).success();
    let s4 = g.join("01-setup-red.step4.state.ron");
    let r = orders(
        drafts.path(),
        "r-reveal.toml",
        "red",
        &s4,
        &format!("{}{}", shift_body(0), crate::support::TEXT_SEED),
    );
    resolve_seeded(&s4, &r).success();
    let report = fs::read_to_string(g.join("01-setup-red.step4.report.txt")).unwrap();
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        report.contains("no war; another Cold War season (37.13)"),
        "{report}"
    );
    // 38.7: 1025 - 448 - 30 + 1025; 1000 - 192 - 0 + 1000.
    assert!(
        report.contains("Points Blue 1572, Red 1808 points (38.7)"),
        "{report}"
    );
    assert!(!g.join("02-1-blue.state.ron").exists());
    let s5 = g.join("00-setup-blue.step5.state.ron");
    let state = fs::read_to_string(&s5).unwrap();
    assert!(state.contains("season: 1,"), "{state}");
    // The second season's purchase: two more infantry, the first two not in play.
    let buy = "\"infantry 4-4\" = 2";
    let blue = orders(
        drafts.path(),
        "blue2.toml",
        "blue",
        &s5,
        &reveal_body(BLUE_SALT, buy),
    );
    let out = blitz()
        .arg("purchase")
        .arg(&s5)
        .arg(&blue)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("costs 64 of 1572 points; 1508 left (38.7)"),
        "{text}"
    );
    let c = printed_commitment(&s5, &blue);
    let o5 = orders(
        drafts.path(),
        "o5b.toml",
        "blue",
        &s5,
        &format!("[purchase]\ncommitment = \"{c}\"\n"),
    );
    resolve(&s5, &o5).success();
    let s6 = g.join("00-setup-blue.step6.state.ron");
    let red = orders(
        drafts.path(),
        "red2.toml",
        "red",
        &s6,
        &reveal_body(RED_SALT, "\"infantry 4-4\" = 1"),
    );
    let c = printed_commitment(&s6, &red);
    let o6 = orders(
        drafts.path(),
        "o6b.toml",
        "red",
        &s6,
        &format!("[purchase]\ncommitment = \"{c}\"\n"),
    );
    resolve(&s6, &o6).success();
    let s7 = g.join("00-setup-blue.step7.state.ron");
    resolve(
        &s7,
        &orders(
            drafts.path(),
            "o7b.toml",
            "blue",
            &s7,
            &reveal_body(BLUE_SALT, buy),
        ),
    )
    .success();
    let s8 = g.join("00-setup-blue.step8.state.ron");
    let state = fs::read_to_string(&s8).unwrap();
    assert!(state.contains("\"B-7IN\""), "{state}");
    assert!(state.contains("blue: 1508,"), "{state}");
    blitz().arg("verify").arg(g).assert().success();
}

/// 38.81: "spending no more than thirty points per pre-game turn": a shift of 4 is
/// refused on its reveal, naming the side, with nothing written.
#[test]
fn a_shift_beyond_thirty_points_is_refused_38_81() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let s = cold_war_season_placed(g, drafts.path());
    // `blitz purchase` refuses to seal it.
    let draft = orders(drafts.path(), "far.toml", "blue", &s, &shift_body(-4));
    blitz()
        .arg("purchase")
        .arg(&s)
        .arg(&draft)
        .assert()
        .failure()
        .stderr(contains("beyond 38.81's 30 points"));
    // Sealed by hand, it is refused when revealed.
    let c = blitzkrieg::eighty5::war_start::commitment("g85", Side::Blue, 1, SHIFT_SALT, -4);
    let o = orders(
        drafts.path(),
        "b-commit.toml",
        "blue",
        &s,
        &format!("[war_start]\ncommitment = \"{c}\"\n"),
    );
    resolve(&s, &o).success();
    let s2 = g.join("01-setup-red.step2.state.ron");
    let c = blitzkrieg::eighty5::war_start::commitment("g85", Side::Red, 1, SHIFT_SALT, 0);
    let o = orders(
        drafts.path(),
        "r-commit.toml",
        "red",
        &s2,
        &format!("[war_start]\ncommitment = \"{c}\"\n"),
    );
    resolve(&s2, &o).success();
    let s3 = g.join("01-setup-red.step3.state.ron");
    let before = files(g);
    let b = orders(drafts.path(), "b-reveal.toml", "blue", &s3, &shift_body(-4));
    resolve(&s3, &b).code(1).stderr(contains(
        "Blue's war-start die shift of -4 is beyond 38.81's 30",
    ));
    assert_eq!(files(g), before, "nothing written");
}

/// Blue's and Red's reveals of the shifts they committed to (`commit_shifts`) from
/// the state `s3` of the first season, Red's naming the seed: the die is rolled.
fn reveal_shifts(g: &Path, drafts: &Path, s3: &Path, blue: i64, red: i64) {
    let b = orders(drafts, "b-reveal.toml", "blue", s3, &shift_body(blue));
    resolve(s3, &b).success();
    let s4 = g.join("01-setup-red.step4.state.ron");
    let body = format!("{}{}", shift_body(red), crate::support::TEXT_SEED);
    let r = orders(drafts, "r-reveal.toml", "red", &s4, &body);
    resolve_seeded(&s4, &r).success();
}

/// A Cold War season placed, both shifts -3 committed and revealed: the war starts
/// and Blue's turn 1 is to play; its state.
fn hot_war_begun(g: &Path, drafts: &Path) -> std::path::PathBuf {
    let s = cold_war_season_placed(g, drafts);
    war_started(g, drafts, &s)
}

/// [`hot_war_begun`] in the Cold War game already made in `g`.
fn hot_war_begun_from_new(g: &Path, drafts: &Path) -> std::path::PathBuf {
    let s = season_placed(g, drafts, &g.join("00-setup-blue.state.ron"));
    war_started(g, drafts, &s)
}

/// The season placed in state `s`: both shifts -3 committed and revealed, the war
/// starts; the state of Blue's turn 1.
fn war_started(g: &Path, drafts: &Path, s: &Path) -> std::path::PathBuf {
    let s = s.to_path_buf();
    let s3 = commit_shifts(g, drafts, &s, "01-setup-red", 1, -3, -3);
    reveal_shifts(g, drafts, &s3, -3, -3);
    g.join("02-1-blue.state.ron")
}

/// Blue's order file `name` for turn 1 on the state `t1`, with `body`.
fn turn_one_orders(drafts: &Path, t1: &Path, name: &str, body: &str) -> std::path::PathBuf {
    turn_orders(drafts, (t1, name), ("blue", 1), body)
}

/// The order file `name` of `side` for Hot War turn `turn` on `state`, with `body`.
fn turn_orders(
    drafts: &Path,
    (state, name): (&Path, &str),
    (side, turn): (&str, u32),
    body: &str,
) -> std::path::PathBuf {
    let path = orders(drafts, name, side, state, body);
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("turn = 0", &format!("turn = {turn}"));
    fs::write(&path, text).unwrap();
    path
}

/// A report's text, its words joined by single spaces.
fn flat_report(path: &Path) -> String {
    let report = fs::read_to_string(path).unwrap();
    report.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 37.31, 37.311, 38.71, 38.7: the war started (shifts -3 and -3), Blue's turn 1 opens
/// with 400 points added to those saved (547); he buys an infantry openly in his own
/// file and places it in a home country city; the ledger shows what is left. A
/// purchase over the points, and a naval unit (38.3), are refused with nothing written.
#[test]
fn a_hot_war_player_turn_buys_and_places_38_71() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let t1 = hot_war_begun(g, drafts.path());
    let template = fs::read_to_string(g.join("02-1-blue.template.toml")).unwrap();
    assert!(
        template.contains("547 points saved + 400 for turn 1"),
        "{template}"
    );
    // What the points buy: ground counters not in play; no naval unit (38.3).
    assert!(
        template.contains("What 947 points buy (40-41"),
        "{template}"
    );
    assert!(!template.contains("#   escort 2"), "{template}");
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let before = files(g);
    // 947 points: 29 infantry and an armor cost 1000.
    let over = turn(
        "over.toml",
        "[purchase]\nbuy = { \"infantry 4-4\" = 29, \"armor 6-6\" = 1 }\n",
    );
    resolve(&t1, &over)
        .code(1)
        .stderr(contains("Blue's purchase costs 1000 points; Blue has 947"));
    let naval = turn("naval.toml", "[purchase]\nbuy = { \"escort 2\" = 1 }\n");
    resolve(&t1, &naval).code(1).stderr(contains(
        "escort 2 cannot be bought now: naval units are bought only",
    ));
    // 38.2: production replaces 28's replacements.
    let replace = turn(
        "replace.toml",
        "[[replace]]\nunit = \"B-IN2A\"\nhex = \"J28\"\n",
    );
    resolve(&t1, &replace)
        .code(1)
        .stderr(contains("[[replace]] is not played in BLITZKRIEG '85"));
    assert_eq!(files(g), before, "nothing written");
    let buy = turn(
        "buy.toml",
        "[purchase]\nbuy = { \"infantry 4-4\" = 1 }\n\n[[place]]\nunits = [\"B-7IN\"]\nhex = \"J28\"\n",
    );
    resolve(&t1, &buy).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    assert!(
        report.contains("Blue's production: 400 points for turn 1 (38.71); 947 points to spend"),
        "{report}"
    );
    assert!(
        report.contains("Blue buys 1 infantry 4-4 for 32 points; 915 points left (38.7)"),
        "{report}"
    );
    assert!(
        report.contains("Points Blue 915, Red 778 points (38.7)"),
        "{report}"
    );
    assert!(report.contains("B-7IN"), "{report}");
    blitz().arg("verify").arg(g).assert().success();
}

/// 38.21: in the Hot War a side buys one air unit a functioning aircraft city and
/// places it there: a TAC bought and placed in J28 (28.51), the ledger after; a
/// second one in J28 the same player-turn, one placed outside the aircraft cities and
/// more TACs than aircraft cities are refused, nothing written.
#[test]
fn a_hot_war_tac_is_bought_one_an_aircraft_city_38_21() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let t1 = hot_war_begun(g, drafts.path());
    let template = fs::read_to_string(g.join("02-1-blue.template.toml")).unwrap();
    assert!(
        template.contains("one a functioning aircraft city (I12, J28, V33)"),
        "{template}"
    );
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let before = files(g);
    let twice = turn(
        "twice.toml",
        "[purchase]\nbuy = { \"tac 4-8\" = 2 }\n\n[[place]]\nunits = [\"B-1TAC\"]\nhex = \"J28\"\n\n[[place]]\nunits = [\"B-2TAC\"]\nhex = \"J28\"\n",
    );
    resolve(&t1, &twice).code(1).stderr(contains(
        "B-2TAC cannot be placed in J28: a helicopter or air unit is",
    ));
    let elsewhere = turn(
        "elsewhere.toml",
        "[purchase]\nbuy = { \"tac 4-8\" = 1 }\n\n[[place]]\nunits = [\"B-1TAC\"]\nhex = \"O29\"\n",
    );
    resolve(&t1, &elsewhere)
        .code(1)
        .stderr(contains("B-1TAC cannot be placed in O29: it is not one of"));
    let four = turn(
        "four.toml",
        "[purchase]\nbuy = { \"tac 4-8\" = 2, \"tac 2-8\" = 2 }\n",
    );
    resolve(&t1, &four)
        .code(1)
        .stderr(contains("Blue buys 4 helicopter/air units"));
    assert_eq!(files(g), before, "nothing written");
    let buy = turn(
        "buy.toml",
        "[purchase]\nbuy = { \"tac 4-8\" = 1 }\n\n[[place]]\nunits = [\"B-1TAC\"]\nhex = \"J28\"\n",
    );
    resolve(&t1, &buy).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    assert!(
        report.contains("Blue buys 1 tac 4-8 for 64 points; 883 points left (38.7)"),
        "{report}"
    );
    assert!(
        report.contains("Points Blue 883, Red 778 points (38.7)"),
        "{report}"
    );
    assert!(report.contains("B-1TAC enters at J28"), "{report}");
    blitz().arg("verify").arg(g).assert().success();
}

/// 39.2: in the Hot War units are traded in a home country city for a stronger unit
/// at its cost less theirs, paid with the turn's purchases: two infantry 2-4 bought and
/// placed in J28 recombine into a 4-4 at no cost ("2-4 plus 2-4 yields a 4-4 at no
/// point cost"), and a 4-4 is upgraded to an armor 6-6 for 72 - 32 = 40 points. A
/// trade outside a home city, and one into a unit no stronger, are refused with
/// nothing written.
#[test]
fn units_are_traded_in_a_home_city_for_a_stronger_unit_39_2() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let t1 = hot_war_begun(g, drafts.path());
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let buy = "[purchase]\nbuy = { \"infantry 2-4\" = 2, \"infantry 4-4\" = 1 }\n\n\
               [[place]]\nunits = [\"B-IN2A\", \"B-IN2B\", \"B-7IN\"]\nhex = \"J28\"\n";
    let before = files(g);
    let afield = turn(
        "afield.toml",
        &format!("{buy}\n[[recombine]]\nunits = [\"B-1IN\"]\ninto = \"B-4AR\"\n"),
    );
    resolve(&t1, &afield)
        .code(1)
        .stderr(contains("B-1IN cannot be recombined into B-4AR"))
        .stderr(contains("it is not in a city"));
    let same = turn(
        "same.toml",
        &format!("{buy}\n[[recombine]]\nunits = [\"B-7IN\"]\ninto = \"B-8IN\"\n"),
    );
    resolve(&t1, &same)
        .code(1)
        .stderr(contains("B-7IN cannot be recombined into B-8IN"))
        .stderr(contains("a stronger unit"));
    assert_eq!(files(g), before, "nothing written");
    let trades = turn(
        "trades.toml",
        &format!(
            "{buy}\n[[recombine]]\nunits = [\"B-IN2A\", \"B-IN2B\"]\ninto = \"B-8IN\"\n\n\
             [[recombine]]\nunits = [\"B-7IN\"]\ninto = \"B-4AR\"\n"
        ),
    );
    resolve(&t1, &trades).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    for line in [
        "Blue buys 2 infantry 2-4, 1 infantry 4-4 for 64 points; 883 points left (38.7)",
        "Blue trades in B-IN2A + B-IN2B into B-8IN for 0, B-7IN into B-4AR for 40 points; 843 points left (38.7)",
        "B-IN2A, B-IN2B recombine into B-8IN in J28 (39.2)",
        "B-7IN is upgraded to B-4AR in J28 (39.2)",
        "Points Blue 843, Red 778 points (38.7)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    blitz().arg("verify").arg(g).assert().success();
}

/// 37.34, 39.1, 37.8: the Hot War's player-turns play the Tournament Game's
/// movement: Blue breaks a unit down in the field (39.1, as 26) and moves; Red plays
/// his turn 1 with production of his own; Blue's turn 2 opens with production again
/// (37.8: "return to 37.31"), and its price list sells fighters, which fly in a game
/// of '85 (37.35, 47): one is bought and placed in an aircraft city (38.21).
#[test]
fn the_hot_war_moves_breaks_down_and_returns_to_production_37_8_39_1() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let t1 = hot_war_begun(g, drafts.path());
    let blue = turn_one_orders(
        drafts.path(),
        &t1,
        "b1.toml",
        "[[breakdown]]\nunit = \"B-1IN\"\n\n[[move]]\nunits = [\"B-2IN\"]\nto = \"II20\"\n",
    );
    resolve(&t1, &blue).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    for line in [
        "B-1IN breaks down into B-IN2A, B-IN2B in JJ21 (26.1-26.2)",
        "B-2IN JJ21-II20",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    let t1r = g.join("03-1-red.state.ron");
    let red = turn_orders(drafts.path(), (&t1r, "r1.toml"), ("red", 1), "");
    resolve(&t1r, &red).success();
    let report = flat_report(&g.join("03-1-red.report.txt"));
    assert!(
        report.contains("Red's production: 400 points for turn 1 (38.71); 1178 points to spend"),
        "{report}"
    );
    let template = fs::read_to_string(g.join("04-2-blue.template.toml")).unwrap();
    assert!(
        template.contains("947 points saved + 400 for turn 2"),
        "{template}"
    );
    // 37.35, 47: a game of '85 plays rule 32, so it sells fighters.
    assert!(template.contains("#   tac 4-8"), "{template}");
    assert!(template.contains("#   ftr 4-12"), "{template}");
    let t2 = g.join("04-2-blue.state.ron");
    let ftr = turn_orders(
        drafts.path(),
        (&t2, "ftr.toml"),
        ("blue", 2),
        "[purchase]\nbuy = { \"ftr 4-12\" = 1 }\n\n[[place]]\nunits = [\"B-1FTR\"]\nhex = \"J28\"\n",
    );
    resolve(&t2, &ftr).success();
    let report = flat_report(&g.join("04-2-blue.report.txt"));
    assert!(report.contains("B-1FTR enters at J28"), "{report}");
    blitz().arg("verify").arg(g).assert().success();
}

/// A game of '85 as `blitz new` made it before rule 32 was played in '85 (release
/// 0.7.0): its first state `s0` rewritten with no rule 32 among its options, no fighter
/// or helicopter in the game, no flight routes kept and none of 46, 48, 49, 50 and 52
/// recorded.
fn made_before_47(s0: &Path) {
    let bytes = fs::read(s0).unwrap();
    let mut state = blitzkrieg_desk::game::read_state(&bytes, "s0").unwrap();
    assert!(state.game.options.optional.contains(&32), "made with 32");
    state.game.options.optional.clear();
    state.game.options.flight_routes = false;
    assert!(state.game.options.rules85.contains(&48), "made with 48");
    state.game.options.rules85.clear();
    let later = ["FTR", "TH", "AH", "TA"];
    state
        .units
        .retain(|id, _| !later.iter().any(|k| id.as_str().ends_with(k)));
    fs::write(s0, pbem::envelope::seal(&state).unwrap()).unwrap();
}

/// 37.35: a game of '85 keeps what its state says: one made before rule 32 was played in
/// '85 records no rule 32, and its Hot War sells no fighter (one bought is refused,
/// nothing written: it could never fly); its folder verifies.
#[test]
fn a_game_of_85_made_before_47_plays_without_fighters_37_35() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    made_before_47(&new_game_with(g, &["--cold-war"]));
    let t1 = hot_war_begun_from_new(g, drafts.path());
    let template = fs::read_to_string(g.join("02-1-blue.template.toml")).unwrap();
    assert!(
        template
            .contains("airfields and transport\n# aircraft (41.9, 41.11) wait for their rules."),
        "{template}"
    );
    assert!(template.contains("#   tac 4-8"), "{template}");
    assert!(!template.contains("#   ftr"), "{template}");
    let ftr = turn_one_orders(
        drafts.path(),
        &t1,
        "ftr.toml",
        "[purchase]\nbuy = { \"ftr 4-12\" = 1 }\n",
    );
    let before = files(g);
    resolve(&t1, &ftr)
        .code(1)
        .stderr(contains("fighters fly only with rule 32"));
    assert_eq!(files(g), before, "nothing written");
    blitz().arg("verify").arg(g).assert().success();
}

/// 37.35, 37.3, 47: a game of '85 made now plays rule 32 by the interception exchange:
/// from the position of the Tournament Game's exchange test, Blue's infantry moves next
/// to Red's stack in P30 and attacks it with his TAC's support; the player-turn stops
/// after the ground movement, before combat, and Red's reaction template offers R-1FTR
/// with 47's halvings; Red intercepts at triple strength, the air combat is fought
/// before the battle, and the folder verifies.
#[test]
fn an_85_player_turn_stops_for_the_interception_exchange_37_35() {
    use crate::air_combat_cli::{BLUE_ATTACKS_P30, POSITION};
    use crate::support::{answer, mover_stops, new_at_position, only_state, TEXT_SEED};
    let tmp = tempfile::tempdir().unwrap();
    let g = new_at_position(tmp.path(), "g", POSITION, &["--rules", "85"]);
    let stem = only_state(&g);
    let step = mover_stops(&g, &stem, BLUE_ATTACKS_P30, &[]);
    let report = flat_report(&g.join(format!("{stem}.report.txt")));
    assert!(report.contains("B-12IN P28-P29"), "{report}");
    assert!(
        report.contains("after the interceptions he chooses over P30 (32.3)"),
        "{report}"
    );
    assert!(!report.contains("COMBAT"), "{report}");
    let reaction = fs::read_to_string(g.join(format!("{step}.template.toml"))).unwrap();
    for line in [
        "# P30: B-1TAC unescorted; intercept range 2 hexes; your fighters fire at 3 times their factors",
        "\"R-1FTR\"  (0 hexes)",
        "#   47.1: a fighter flying more than 8 hexes from its base to the hex, or back, fires at half strength",
    ] {
        assert!(reaction.contains(line), "{line}\n{reaction}");
    }
    let body =
        format!("{reaction}\n{TEXT_SEED}\n[[intercept]]\nunits = [\"R-1FTR\"]\nhex = \"P30\"\n");
    let report = answer(&g, &step, &body, &[]);
    assert!(
        report.contains(
            "Air combat over P30: R-1FTR intercepting at triple strength with 12 factors"
        ),
        "{report}"
    );
    assert!(report.contains("COMBAT"), "{report}");
    blitz().arg("verify").arg(&g).assert().success();
}

/// 51.1: a game of '85 that reaches the end of turn 15 with neither (A) nor (B) met is
/// decided by a die from the seed of Red's turn 15: the template says so, orders
/// without a seed are refused (B383) with nothing written; die 2 asks Blue for 35
/// friendly city hexes and he holds 24: Red wins; die 5 asks Red, who holds 24: Blue
/// wins. No stalemate.
#[test]
fn a_die_decides_who_must_hold_35_cities_at_the_end_of_turn_15_51_1() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 15\nside = \"red\"\n\n\
                    [[stack]]\nhex = \"JJ21\"\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\n\n\
                    [[stack]]\nhex = \"AAA32\"\nunits = [\"R-1IN\", \"R-2IN\", \"R-3IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "t15", position, &["--rules", "85"]);
    let s = g.join("31-15-red.state.ron");
    let template = fs::read_to_string(g.join("31-15-red.template.toml")).unwrap();
    assert!(
        template.contains("its\n# seed rolls the die of 51.1 (1-4: Blue, 5-6: Red"),
        "{template}"
    );
    let body = |seed: &str| {
        let text = format!(
            "game = \"t15\"\nside = \"red\"\nturn = 15\nstate = \"{}\"\n{seed}",
            sha(&s)
        );
        let path = dir.path().join("r15.toml");
        fs::write(&path, text).unwrap();
        path
    };
    let before = files(&g);
    blitz()
        .args(["resolve", "-q"])
        .arg(&s)
        .arg(body(""))
        .assert()
        .code(1)
        .stderr(contains("these orders end turn 15, the game's last"));
    assert_eq!(files(&g), before, "nothing written");
    let seeded = body(crate::support::TEXT_SEED);
    for (text, line, over) in [
        (
            "the winning numbers 4 8 15 16 23 42",
            "(C) 51.1: victory-c: die 2 (dice recipe v1): Blue must hold 35 friendly city hexes at the end of turn 15 or lose; Blue holds 24",
            "GAME OVER: Red wins. Blue holds 24 friendly city hexes at the end of turn 15, fewer than the 35 the die of 51.1 asks: Blue loses (51.1)",
        ),
        (
            "red seed 3",
            "(C) 51.1: victory-c: die 5 (dice recipe v1): Red must hold 35",
            "GAME OVER: Blue wins. Red holds 24 friendly city hexes",
        ),
    ] {
        blitz()
            .args(["resolve", "-q", "--force"])
            .arg(&s)
            .arg(&seeded)
            .args(["--seed-text", text])
            .assert()
            .success();
        let report = flat_report(&g.join("31-15-red.report.txt"));
        assert!(report.contains(line), "{line}\n{report}");
        assert!(report.contains(over), "{over}\n{report}");
        assert!(!report.contains("stalemate"), "{report}");
    }
    blitz().arg("verify").arg(&g).assert().success();
}

/// 37.35: Red's answer in game `game` to Blue's turn-2 player-turn stopped in `step`,
/// intercepting nothing, written in `dir` and resolved on the agreed text `seed`.
fn answer_nothing(dir: &Path, game: &str, step: &Path, seed: &str) {
    let answer = dir.join("r.toml");
    let header = format!(
        "game = \"{game}\"\nside = \"red\"\nturn = 2\nstate = \"{}\"\n{}",
        sha(step),
        crate::support::TEXT_SEED
    );
    fs::write(&answer, header).unwrap();
    blitz()
        .args(["resolve", "-q"])
        .arg(step)
        .arg(&answer)
        .args(["--seed-text", seed])
        .assert()
        .success();
}

/// A game of '85 from a position at Blue's turn 2: B-1IN (V29) attacks R-1IN (V30)
/// with B-1MDM from Vesper (V33) in support; the player-turn stops before odds (rule 32,
/// 37.35) and Red answers intercepting nothing, naming the seed resolved on the agreed
/// text `seed`: both reports, their words joined by single spaces.
fn battle_with_a_medium_bomber(seed: &str) -> String {
    battle_with_a_bomber(seed, "\"B-1IN\"", "B-1MDM")
}

/// [`battle_with_a_medium_bomber`] with `attackers` (ids quoted, in V29) and `bomber`.
fn battle_with_a_bomber(seed: &str, attackers: &str, bomber: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let position = format!(
        "format = 1\nturn = 2\nside = \"blue\"\n\n\
         [[stack]]\nhex = \"V29\"\nunits = [{attackers}]\n\n\
         [[stack]]\nhex = \"V33\"\nunits = [\"{bomber}\"]\n\n\
         [[stack]]\nhex = \"V30\"\nunits = [\"R-1IN\"]\n"
    );
    let g = crate::support::new_at_position(dir.path(), "t521", &position, &["--rules", "85"]);
    let s = g.join("04-2-blue.state.ron");
    let body = format!(
        "game = \"t521\"\nside = \"blue\"\nturn = 2\nstate = \"{}\"\n{}\n\
         [[attack]]\nid = \"a1\"\nunits = [{attackers}]\ntargets = [\"V30\"]\n\n\
         [[mission]]\nunits = [\"{bomber}\"]\nkind = \"tactical\"\nto = \"V30\"\nbattle = \"a1\"\n",
        sha(&s),
        crate::support::TEXT_SEED
    );
    let orders = dir.path().join("o.toml");
    fs::write(&orders, body).unwrap();
    blitz()
        .args(["resolve", "-q"])
        .arg(&s)
        .arg(&orders)
        .assert()
        .success();
    // 37.35: Red's answer, intercepting nothing.
    answer_nothing(
        dir.path(),
        "t521",
        &g.join("04-2-blue.step1.state.ron"),
        seed,
    );
    blitz().arg("verify").arg(&g).assert().success();
    format!(
        "{} {}",
        flat_report(&g.join("04-2-blue.report.txt")),
        flat_report(&g.join("04-2-blue.step1.report.txt"))
    )
}

/// 52.1: in a game of '85 a medium bomber supporting a battle is halved, fractions
/// down: B-1MDM (4) at less than half range adds 8 / 2 = 4 to B-1IN's 4 against
/// R-1IN's 4, odds 2-1 (3-1 in the Tournament Game); the report cites 52.1.
#[test]
fn a_medium_bomber_bombs_at_half_strength_in_a_battle_52_1() {
    let report = battle_with_a_medium_bomber("the winning numbers 4 8 15 16 23 42");
    for line in [
        "at double strength (less than half range) (30.41, 52.1: a medium bomber at half strength, fractions down)",
        "attacker B-1MDM from V33 4",
        "total 8 : 4, odds 8:4 reduce to 2-1",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
}

/// 48.1, 48.21, 48.22: in a game of '85 R-1IN, a full-stacking unit, fires its A-A of
/// 2 at B-1TAC bombing it in battle a1 (B-1IN and B-2IN attacking), on the ACT's 1-4 column: 1 factor, none before
/// the battle (half of 1, fractions down), so B-1TAC strikes with its 4 doubled, and 1
/// after it, the TAC made up into 3; the folder verifies.
#[test]
fn a_tac_in_a_battle_is_fired_at_by_the_full_stacking_units_it_bombs_48_22() {
    let report = battle_with_a_bomber(SEED_AA, "\"B-1IN\", \"B-2IN\"", "B-1TAC");
    for line in [
        "Bombers over V30: A-A fire of 2 factors (1 full-stacking ground unit at 2 each); aa-a1:",
        "ACT PBM, row 2, column 1-4: 1: 1 bomber factor lost (48.22)",
        "of the 1 bomber factor lost over V30, 0 before the strike (half, fractions down) and 1 after it (48.21, 48.34)",
        "attacker B-1TAC from V33 8",
        "B-1TAC reduced in V30: A-A fire over V30 takes 1 factor from it (48.21, 48.34)",
        "Blue lost B-1TAC (reduced)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
}

/// The agreed text whose roll `aa-a1` in game t521's 2-Blue is a 2 (a loss on the ACT's
/// 1-4 column) and whose battle a1 takes nothing from the attackers.
const SEED_AA: &str = "f";

/// 37.36, 37.37, 38.1: a Hot War player-turn resolves its battles and its aircraft
/// return to base after them; no counter is still to come by an order of appearance
/// (points replace reinforcements): a game begun from a position keeps the counters it
/// does not place inactive, for sale, as the set-up's purchase leaves those not bought.
#[test]
fn the_hot_war_resolves_combat_and_lands_its_bombers_with_no_reinforcements_37_36_38_1() {
    let report = battle_with_a_medium_bomber("e");
    for line in [
        "TGAT PBM, row 2, column 2-1: - 2 / 2 3",
        "R-IN2A retreats V30-U30-T29-T30",
        "AIR UNITS RETURN TO BASE (30.5) ------------------------------- B-1MDM lands at V33 (30.5)",
        "(A) Blue: 2 units on the board, 0 to come, 0 lost",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    assert!(!report.contains("may bring on"), "{report}");
}

// 41.2-41.3, 46: helicopters.
/// `orders` on `state` are refused, the message containing `message`.
fn refused(state: &Path, orders: &Path, message: &str) {
    resolve(state, orders).code(1).stderr(contains(message));
}

const HELI_BUY: &str = "\"infantry 4-4\" = 3, \"armor 6-6\" = 2, \"transport-helicopter 2-8\" = 1, \"attack-helicopter 4-2-8\" = 1";

/// A game of '85 without Cold War whose Blue bought `blue_buy` (`HELI_BUY`,
/// `AIRLIFT_BUY`) and placed it with `blue_place`, Red `RED_BUY`: the state of Blue's
/// turn 1.
fn turn_one(g: &Path, drafts: &Path, blue_buy: &str, blue_place: &str) -> PathBuf {
    let s0 = new_game(g);
    bought_and_placed(g, drafts, &s0, blue_buy, blue_place);
    g.join("02-1-blue.state.ron")
}

/// 41.2-41.3, 37.211, 46.3, 38.21: helicopters are counters of a game of '85. Bought
/// at the set-up (a transport 2-8, B-1TH, and an attack 4-2-8, B-1AH), they are placed
/// with `[[setup]]` like the 1975 counters, half a stacking unit each (two armor and
/// both helicopters in HH19: three units); in the Hot War one is bought a functioning
/// aircraft city and placed there, as aircraft are: a helicopter and a TAC in J28 the
/// same player-turn, and more helicopters and aircraft than aircraft cities, are
/// refused with nothing written.
#[test]
fn helicopters_are_bought_placed_and_produced_as_counters_41_2_41_3_38_21() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let place =
        "[[setup]]\nunits = [\"B-1AR\", \"B-2AR\", \"B-1TH\", \"B-1AH\"]\nhex = \"HH19\"\n\n\
                 [[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"JJ21\"\n";
    let t1 = turn_one(g, drafts.path(), HELI_BUY, place);
    let report = flat_report(&g.join("00-setup-blue.step2.report.txt"));
    assert!(
        report.contains("1 attack-helicopter 4-2-8, 3 infantry 4-4, 1 transport-helicopter 2-8"),
        "{report}"
    );
    assert!(!report.contains("not yet placed"), "{report}");
    let setup = flat_report(&g.join("00-setup-blue.step4.report.txt"));
    assert!(setup.contains("B-1TH"), "{setup}");
    let state = fs::read_to_string(&t1).unwrap();
    assert!(state.contains("\"B-1TH\": Map(\"HH19\")"), "{state}");
    assert!(state.contains("\"B-1AH\": Map(\"HH19\")"), "{state}");
    let template = fs::read_to_string(g.join("02-1-blue.template.toml")).unwrap();
    assert!(
        template
            .contains("Helicopters and aircraft: one a functioning aircraft city (I12, J28, V33)"),
        "{template}"
    );
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let before = files(g);
    let both = turn(
        "both.toml",
        "[purchase]\nbuy = { \"attack-helicopter 2-1-8\" = 1, \"tac 4-8\" = 1 }\n\n\
         [[place]]\nunits = [\"B-5AH\"]\nhex = \"J28\"\n\n[[place]]\nunits = [\"B-1TAC\"]\nhex = \"J28\"\n",
    );
    refused(&t1, &both, "B-1TAC cannot be placed in J28: a helicopter");
    let four = turn(
        "four.toml",
        "[purchase]\nbuy = { \"transport-helicopter 1-8\" = 2, \"tac 4-8\" = 2 }\n",
    );
    refused(&t1, &four, "Blue buys 4 helicopter/air units");
    assert_eq!(files(g), before, "nothing written");
    let buy = turn(
        "buy.toml",
        "[purchase]\nbuy = { \"attack-helicopter 2-1-8\" = 1 }\n\n[[place]]\nunits = [\"B-5AH\"]\nhex = \"J28\"\n",
    );
    resolve(&t1, &buy).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    assert!(
        report.contains("Blue buys 1 attack-helicopter 2-1-8 for 24 points"),
        "{report}"
    );
    assert!(report.contains("B-5AH enters at J28"), "{report}");
    blitz().arg("verify").arg(g).assert().success();
}

/// 38.21, 39.2: "Once Hot War begins a player may only produce or upgrade one
/// helicopter/air unit per functioning aircraft city ... placed in a functioning
/// aircraft city". Blue set up a TAC 2-8 in J28 and a transport helicopter in O29 (a
/// home city, no aircraft city). In turn 1 three bought and one upgraded are more
/// than his three aircraft cities (B436); a TAC bought and placed in J28 with the TAC
/// 2-8 upgraded there, and the helicopter upgraded in O29, are each refused (B437,
/// both in one answer); nothing written. A TAC bought for I12 and the 2-8 upgraded to
/// a 4-8 in J28 are accepted, and the folder verifies.
#[test]
fn hot_war_upgrades_of_aircraft_count_one_an_aircraft_city_38_21() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let buy = "\"infantry 4-4\" = 3, \"transport-helicopter 2-8\" = 1, \"tac 2-8\" = 1";
    let place = "[[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"JJ21\"\n\n\
                 [[setup]]\nunits = [\"B-1TH\"]\nhex = \"O29\"\n\n\
                 [[setup]]\nunits = [\"B-TAC2A\"]\nhex = \"J28\"\n";
    let t1 = turn_one(g, drafts.path(), buy, place);
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let upgrade = "[[recombine]]\nunits = [\"B-TAC2A\"]\ninto = \"B-2TAC\"\n";
    let before = files(g);
    let four = turn(
        "four.toml",
        &format!(
            "[purchase]\nbuy = {{ \"tac 4-8\" = 1, \"transport-helicopter 1-8\" = 2 }}\n\n{upgrade}"
        ),
    );
    refused_saying(
        &t1,
        &four,
        "Blue buys 3 and upgrades 1 helicopter/air units; 38.21 allows one produced or upgraded a functioning aircraft city and Blue has 3",
    );
    let misplaced = turn(
        "misplaced.toml",
        &format!(
            "[purchase]\nbuy = {{ \"tac 4-8\" = 1 }}\n\n[[place]]\nunits = [\"B-1TAC\"]\nhex = \"J28\"\n\n\
             {upgrade}\n[[recombine]]\nunits = [\"B-1TH\"]\ninto = \"B-1AH\"\n"
        ),
    );
    let out = resolve(&t1, &misplaced).code(1).get_output().stderr.clone();
    let text = String::from_utf8_lossy(&out).replace('│', " ");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for refusal in [
        "B-2TAC cannot be upgraded in J28: a helicopter or air unit is placed or upgraded there already this player-turn",
        "B-1AH cannot be upgraded in O29: it is not one of Great Blue's functioning aircraft cities",
    ] {
        assert!(flat.contains(refusal), "{refusal}\n{flat}");
    }
    assert_eq!(files(g), before, "nothing written");
    let within = turn(
        "within.toml",
        &format!(
            "[purchase]\nbuy = {{ \"tac 4-8\" = 1 }}\n\n[[place]]\nunits = [\"B-1TAC\"]\nhex = \"I12\"\n\n{upgrade}"
        ),
    );
    resolve(&t1, &within).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    for line in [
        "B-1TAC enters at I12",
        "B-TAC2A is upgraded to B-2TAC in J28 (39.2)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    blitz().arg("verify").arg(g).assert().success();
}

/// 46.2, 46.3: on the real board a transport helicopter set up in HH19 flies over the
/// sea hex JJ19 to KK20 at 1 MF a hex (its movement halved: the set-up leaves it cut off
/// from supply, 23.6); a move ending over JJ19 is refused (B373) with
/// nothing written; `verify` replays the folder.
#[test]
fn a_helicopter_flies_over_water_and_may_not_end_there_46_2() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let place =
        "[[setup]]\nunits = [\"B-1AR\", \"B-2AR\", \"B-1TH\", \"B-1AH\"]\nhex = \"HH19\"\n\n\
                 [[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"JJ21\"\n";
    let t1 = turn_one(g, drafts.path(), HELI_BUY, place);
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let before = files(g);
    let wet = turn(
        "wet.toml",
        "[[move]]\nunit = \"B-1TH\"\npath = [\"HH19\", \"II19\", \"JJ19\"]\n",
    );
    refused(&t1, &wet, "B-1TH may not end its move in JJ19");
    assert_eq!(files(g), before, "nothing written");
    let fly = turn(
        "fly.toml",
        "[[move]]\nunit = \"B-1TH\"\npath = [\"HH19\", \"II19\", \"JJ19\", \"KK20\"]\n",
    );
    resolve(&t1, &fly).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    assert!(
        report.contains("B-1TH HH19-II19-JJ19-KK20 (3 of"),
        "{report}"
    );
    blitz().arg("verify").arg(g).assert().success();
}

// 52: bombardment effect.
/// 52.41-52.44 through the binary: in a game of '85 B-1SAC bombs Red's port of NN48 in
/// Blue's turn 2 and the BBT gives a 3: heavy damage, kept in the state with its PX
/// marker; at the end of Red's player-turn 2 the heavy marker turns to light, the port
/// still inoperative through Blue's turn 3; at the end of Red's player-turn 3 the last
/// level comes off and the state keeps no damage. `blitz verify` replays the folder.
#[test]
fn a_port_bombed_in_85_takes_heavy_damage_that_wears_off_a_level_a_red_player_turn_52_44() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
                    [[stack]]\nhex = \"V33\"\nunits = [\"B-1SAC\"]\n\n\
                    [[stack]]\nhex = \"NN49\"\nunits = [\"R-1IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "t52", position, &["--rules", "85"]);
    let play = |stem: &str, (side, turn): (&str, u32), body: &str| {
        let s = g.join(format!("{stem}.state.ron"));
        let path = turn_orders(
            dir.path(),
            (&s, &format!("{stem}.toml")),
            (side, turn),
            body,
        );
        let text = fs::read_to_string(&path).unwrap().replace("g85", "t52");
        fs::write(&path, text).unwrap();
        blitz()
            .args(["resolve", "-q"])
            .arg(&s)
            .arg(&path)
            .assert()
            .success();
        flat_report(&g.join(format!("{stem}.report.txt")))
    };
    let bomb = format!(
        "{}\n[[mission]]\nunits = [\"B-1SAC\"]\nkind = \"port\"\nto = \"NN48\"\n",
        crate::support::TEXT_SEED
    );
    play("04-2-blue", ("blue", 2), &bomb);
    // 37.35: the player-turn stops for Red's interceptions; Red intercepts nothing, and
    // the agreed text "j" gives the BBT its 3.
    answer_nothing(dir.path(), "t52", &g.join("04-2-blue.step1.state.ron"), "j");
    let report = flat_report(&g.join("04-2-blue.step1.report.txt"));
    for line in [
        "heavy damage to the port facility (PX), now 1 heavy (33.3, 52.41)",
        "Red's port facility at NN48 is inoperative (PX): damage 1 heavy; it works again after 2 more of Red's player-turns (52.42, 52.43)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    assert!(!report.contains("PX placed"), "{report}");
    let state = fs::read_to_string(g.join("05-2-red.state.ron")).unwrap();
    assert!(state.contains("damage: {"), "{state}");
    let report = play("05-2-red", ("red", 2), "");
    assert!(
        report.contains("Red's port facility at NN48: a heavy damage marker turned to light; damage left 1 light (52.44)"),
        "{report}"
    );
    // Blue's template says what is on the port and when a level comes off.
    let template = fs::read_to_string(g.join("06-3-blue.template.toml")).unwrap();
    assert!(
        template.contains("# PX on NN48: damage 1 light, a level off at the end of each of Red's player-turns (52.44)"),
        "{template}"
    );
    let report = play("06-3-blue", ("blue", 3), "");
    assert!(
        report.contains("Red's port facility at NN48 is inoperative (PX): damage 1 light"),
        "{report}"
    );
    let report = play("07-3-red", ("red", 3), "");
    assert!(
        report.contains("Red's port facility at NN48: its last light damage marker comes off; it works again, its PX marker off (52.44)"),
        "{report}"
    );
    let state = fs::read_to_string(g.join("08-4-blue.state.ron")).unwrap();
    assert!(!state.contains("damage: {"), "{state}");
    assert!(!state.contains("kind: PX"), "{state}");
    blitz().arg("verify").arg(&g).assert().success();
}

// 52.3: critical resources as a target.
/// 52.3 ('85): a game of '85 from a position at Blue's turn 2, B-1SAC in Vesper (V33)
/// bombs the critical resources of NN48, Red's naval stores city (`kind = "resource"`);
/// Red intercepts nothing, and the agreed text gives the BBT a number: the resources
/// take damage (CRX), the port and the road of the city none. In Red's player-turn 2
/// Red has the use of two naval stores cities, short of naval stores (36.42); the
/// damage wears off as 52.44 says and the folder verifies.
#[test]
fn a_citys_critical_resources_bombed_in_85_are_out_of_use_for_36_52_3() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
                    [[stack]]\nhex = \"V33\"\nunits = [\"B-1SAC\"]\n\n\
                    [[stack]]\nhex = \"NN49\"\nunits = [\"R-1IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", "85"]);
    let bomb = format!(
        "{}\n[[mission]]\nunits = [\"B-1SAC\"]\nkind = \"resource\"\nto = \"NN48\"\n",
        crate::support::TEXT_SEED
    );
    // The template names the targets of '85 (52.2-52.3).
    let template = fs::read_to_string(g.join("04-2-blue.template.toml")).unwrap();
    assert!(
        template.contains("kind = \"resource\" (SAC, MDM) bombs a city's critical resources"),
        "{template}"
    );
    play_turn(&g, "04-2-blue", ("blue", 2), &bomb);
    answer_nothing(
        dir.path(),
        "af",
        &g.join("04-2-blue.step1.state.ron"),
        RESOURCE_SEED,
    );
    let template = fs::read_to_string(g.join("05-2-red.template.toml")).unwrap();
    assert!(template.contains("# CRX on NN48: damage 1"), "{template}");
    let report = flat_report(&g.join("04-2-blue.step1.report.txt"));
    for line in [
        "Bombing of the critical resources of NN48 by B-1SAC with 4 factors",
        "damage to the critical resources (CRX), now 1",
        "Red's critical resources at NN48 is inoperative (CRX)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    assert!(!report.contains("port facility at NN48"), "{report}");
    let state = fs::read_to_string(g.join("05-2-red.state.ron")).unwrap();
    assert!(state.contains("CRX"), "{state}");
    let report = play_turn(&g, "05-2-red", ("red", 2), "");
    assert!(
        report.contains("2 naval stores cities in use (36.1): short of naval stores (36.42)"),
        "{report}"
    );
    blitz().arg("verify").arg(&g).assert().success();
}

/// 52.2 ('85): a game of '85 from a position at Blue's turn 2, two TAC and an MDM in Vesper (V33)
/// bombard the airbase of Cernitz (BB38), a city of Sud Walkure that Red reduced and
/// holds, R-1TAC on the ground there (`kind = "airbase-facility"`); Red intercepts
/// nothing, and the agreed text gives the BBT a number: the airbase takes damage (ABX),
/// R-1TAC is neither lost nor inverted. The template of Red's player-turn shows the
/// damage, Red's report says when it works again, and the folder verifies.
#[test]
fn an_airbase_bombarded_in_85_takes_damage_its_aircraft_untouched_52_2() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n[held]\nBB38 = \"red\"\n\n\
                    [minor.sud-walkure]\naggressor = \"red\"\nreduced = [\"BB38\", \"CC38\", \"CC39\"]\n\n\
                    [[stack]]\nhex = \"V33\"\nunits = [\"B-1TAC\", \"B-2TAC\", \"B-1MDM\"]\n\n\
                    [[stack]]\nhex = \"BB38\"\nunits = [\"R-1TAC\", \"R-1IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", "85"]);
    let bomb = format!(
        "{}\n[[mission]]\nunits = [\"B-1TAC\", \"B-2TAC\", \"B-1MDM\"]\nkind = \"airbase-facility\"\nto = \"BB38\"\n",
        crate::support::TEXT_SEED
    );
    play_turn(&g, "04-2-blue", ("blue", 2), &bomb);
    answer_nothing(
        dir.path(),
        "af",
        &g.join("04-2-blue.step1.state.ron"),
        AIRBASE_SEED,
    );
    let report = flat_report(&g.join("04-2-blue.step1.report.txt"));
    for line in [
        "Bombardment of the airbase of BB38 by B-",
        "damage to the airbase (ABX), now 1",
        "Red's airbase at BB38 is inoperative (ABX)",
    ] {
        assert!(report.contains(line), "{line}\n{report}");
    }
    assert!(!report.contains("R-1TAC eliminated"), "{report}");
    let state = fs::read_to_string(g.join("05-2-red.state.ron")).unwrap();
    assert!(state.contains("ABX") && state.contains("R-1TAC"), "{state}");
    assert!(!state.contains("inverted"), "{state}");
    let template = fs::read_to_string(g.join("05-2-red.template.toml")).unwrap();
    assert!(template.contains("# ABX on BB38: damage 1"), "{template}");
    play_turn(&g, "05-2-red", ("red", 2), "");
    blitz().arg("verify").arg(&g).assert().success();
}

/// 52.52 ('85): a game of '85 from a position at Red's turn 2, Blue holding NN48 (a
/// hex of Red's naval stores city) with B-1IN: nine Red armor attack it at 54 to 8,
/// eliminate it and advance in: the report says the city fell and its critical
/// resources take heavy damage, the state keeps it (CRX), and the folder verifies.
#[test]
fn a_resource_city_taken_in_combat_takes_heavy_damage_52_52() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"red\"\n\n[held]\nNN48 = \"blue\"\n\n\
                    [[stack]]\nhex = \"NN48\"\nunits = [\"B-1IN\"]\n\n\
                    [[stack]]\nhex = \"OO48\"\nunits = [\"R-1AR\", \"R-2AR\", \"R-3AR\"]\n\n\
                    [[stack]]\nhex = \"NN47\"\nunits = [\"R-4AR\", \"R-5AR\", \"R-6AR\"]\n\n\
                    [[stack]]\nhex = \"MM47\"\nunits = [\"R-7AR\", \"R-8AR\", \"R-9AR\"]\n";
    let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", "85"]);
    let s = std::fs::read_dir(&g)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.to_string_lossy().ends_with("-2-red.state.ron"))
        .unwrap();
    let orders = g.with_file_name("r.toml");
    let text = format!(
        "game = \"af\"\nside = \"red\"\nturn = 2\nstate = \"{}\"\n{}\n\
         [[attack]]\nid = \"A1\"\nunits = [\"R-1AR\", \"R-2AR\", \"R-3AR\", \"R-4AR\", \"R-5AR\", \"R-6AR\", \"R-7AR\", \"R-8AR\", \"R-9AR\"]\ntarget = \"NN48\"\nadvance = [\"R-1AR\"]\n",
        sha(&s),
        crate::support::TEXT_SEED
    );
    fs::write(&orders, text).unwrap();
    blitz()
        .args(["resolve", "-q"])
        .arg(&s)
        .arg(&orders)
        .assert()
        .success();
    // The player-turn stops before odds (PBEM): Blue answers, naming the seed.
    let name = s.file_name().unwrap().to_string_lossy().to_string();
    let step = s.with_file_name(name.replace(".state.ron", ".step1.state.ron"));
    let answer = dir.path().join("b.toml");
    let header = format!(
        "game = \"af\"\nside = \"blue\"\nturn = 2\nstate = \"{}\"\n{}",
        sha(&step),
        crate::support::TEXT_SEED
    );
    fs::write(&answer, header).unwrap();
    blitz()
        .args(["resolve", "-q"])
        .arg(&step)
        .arg(&answer)
        .args(["--seed-text", "j"])
        .assert()
        .success();
    let report = flat_report(&s.with_file_name(name.replace(".state.ron", ".step1.report.txt")));
    assert!(
        report.contains("NN48 falls to Red through combat: its critical resources take heavy damage, now 1 heavy (CRX) (52.52)"),
        "{report}"
    );
    blitz().arg("verify").arg(&g).assert().success();
}

/// The agreed text whose rolls give the airbase mission of
/// [`an_airbase_bombarded_in_85_takes_damage_its_aircraft_untouched_52_2`] a number on the
/// BBT.
const AIRBASE_SEED: &str = "j";

/// 52.2-52.3 ('85): a `[[barrage]]` of artillery bombards a facility as the aircraft
/// do, never one friendly to it: Blue's artillery naming its own port of Vesper (V33)
/// is refused through the binary (B393), saying why, and nothing is written (B391, the
/// refusal of every facility barrage before they were built, is raised no more).
#[test]
fn a_barrage_naming_a_friendly_facility_is_refused_52_2() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
                    [[stack]]\nhex = \"V31\"\nunits = [\"B-1AT\"]\n\n\
                    [[stack]]\nhex = \"V33\"\nunits = [\"B-1IN\"]\n\n\
                    [[stack]]\nhex = \"NN49\"\nunits = [\"R-1IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", "85"]);
    let s = g.join("04-2-blue.state.ron");
    let orders = g.with_file_name("b.toml");
    let text = format!(
        "game = \"af\"\nside = \"blue\"\nturn = 2\nstate = \"{}\"\n{}\n\
         [[barrage]]\nid = \"b1\"\nunits = [\"B-1AT\"]\ntarget = \"V33\"\nfacility = \"port\"\n",
        sha(&s),
        crate::support::TEXT_SEED
    );
    fs::write(&orders, text).unwrap();
    let before = files(&g);
    refused(
        &s,
        &orders,
        "barrage b1 cannot bombard the port facility of V33: it is a port",
    );
    resolve(&s, &orders)
        .code(1)
        .stderr(contains("friendly to Blue").and(contains("not built").not()));
    assert_eq!(files(&g), before);
}

/// The agreed text whose rolls give the resources mission of
/// [`a_citys_critical_resources_bombed_in_85_are_out_of_use_for_36_52_3`] a number on the
/// BBT.
const RESOURCE_SEED: &str = "j";

// 49: airfields.
/// The state file `stem` of the game in `g`, and an order file of `side` for `turn`
/// on it with `body` (no battle, no seed), resolved through the binary; the report of
/// the player-turn, its words joined by single spaces.
fn play_turn(g: &Path, stem: &str, (side, turn): (&str, u32), body: &str) -> String {
    let s = g.join(format!("{stem}.state.ron"));
    let text = format!(
        "game = \"af\"\nside = \"{side}\"\nturn = {turn}\nstate = \"{}\"\n\n{body}",
        sha(&s),
    );
    let orders = g.with_file_name(format!("{stem}.toml"));
    fs::write(&orders, text).unwrap();
    blitz()
        .args(["resolve", "-q"])
        .arg(&s)
        .arg(&orders)
        .assert()
        .success();
    flat_report(&g.join(format!("{stem}.report.txt")))
}

/// A game of '85 from a position at Blue's turn 2: B-1IN in the clear hex V31,
/// B-1TAC in Vesper (V33), the Red unit `red` at `at`; Blue's turn 2 orders B-1IN to
/// build an airfield and Red's turn 2 does nothing, so the airfield appears at the end
/// of the game turn. The game folder, and Red's turn-2 report.
fn airfield_built(dir: &Path, (red, at): (&str, &str)) -> (PathBuf, String) {
    let position = format!(
        "format = 1\nturn = 2\nside = \"blue\"\n\n\
         [[stack]]\nhex = \"V31\"\nunits = [\"B-1IN\"]\n\n\
         [[stack]]\nhex = \"V33\"\nunits = [\"B-1TAC\"]\n\n\
         [[stack]]\nhex = \"{at}\"\nunits = [\"{red}\"]\n"
    );
    let g = crate::support::new_at_position(dir, "af", &position, &["--rules", "85"]);
    let template = fs::read_to_string(g.join("04-2-blue.template.toml")).unwrap();
    assert!(
        template.contains("41.9): [[airfield]] unit = \"ID\""),
        "{template}"
    );
    let build = play_turn(
        &g,
        "04-2-blue",
        ("blue", 2),
        "[[airfield]]\nunit = \"B-1IN\"\n",
    );
    assert!(!build.contains("builds an airfield"), "{build}");
    let built = play_turn(&g, "05-2-red", ("red", 2), "");
    (g, built)
}

/// 49.1-49.4, 41.9: B-1IN stands in the clear hex V31 through Blue's turn 2 and
/// Red's, its `[[airfield]]` order paid with 41.9's 10 points when the game turn ends;
/// in turn 3 B-1TAC transfers from Vesper (V33) to the new airfield and lands there;
/// in turn 4 it takes off from it back to Vesper, and Blue destroys the airfield, B-1IN
/// still in it, with no points back. The folder verifies.
#[test]
fn an_airfield_is_built_used_by_a_tac_and_destroyed_49_1_49_4() {
    let dir = tempfile::tempdir().unwrap();
    let (g, built) = airfield_built(dir.path(), ("R-1IN", "V25"));
    assert!(
        built.contains("B-1IN builds an airfield at V31, paid with 10 points (41.9; 4490 left, 38.7); from Blue's next player-turn it bases three of Blue's air units (49.3) (49.1)"),
        "{built}"
    );
    assert!(built.contains("Points Blue 4490, Red 4400"), "{built}");
    let landed = play_turn(
        &g,
        "06-3-blue",
        ("blue", 3),
        "[[mission]]\nunits = [\"B-1TAC\"]\nkind = \"transfer\"\nto = \"V31\"\n",
    );
    for line in [
        "B-1TAC changes base V33-V31 (30.7)",
        "V31 B-1IN 4-4, B-1TAC 4-8",
    ] {
        assert!(landed.contains(line), "{line}\n{landed}");
    }
    play_turn(&g, "07-3-red", ("red", 3), "");
    let back = play_turn(
        &g,
        "08-4-blue",
        ("blue", 4),
        "[[mission]]\nunits = [\"B-1TAC\"]\nkind = \"transfer\"\nto = \"V33\"\n\n\
         [[destroy_airfield]]\nhex = \"V31\"\n",
    );
    for line in [
        "B-1TAC changes base V31-V33 (30.7)",
        "Blue destroys its airfield at V31; no points come back (49.4)",
        "Points Blue 5090, Red 4800",
    ] {
        assert!(back.contains(line), "{line}\n{back}");
    }
    let state = fs::read_to_string(g.join("09-4-red.state.ron")).unwrap();
    assert!(!state.contains("airfields:"), "{state}");
    blitz().arg("verify").arg(&g).assert().success();
}

/// 49, 49.3: the desk shows the airfields: Blue's turn-2 report lists the build under
/// way, Red's the airfield that appeared with no aircraft yet, Blue's turn-3 report the
/// TAC based there; Red's template lists it after his units; the replay page draws it
/// in Blue's colour at V31.
#[test]
fn the_report_the_template_and_the_replay_page_show_an_airfield_49() {
    let dir = tempfile::tempdir().unwrap();
    let (g, built) = airfield_built(dir.path(), ("R-1IN", "V25"));
    let ordered = flat_report(&g.join("04-2-blue.report.txt"));
    let field =
        "airfield V31; built at the end of turn 2, a base from Blue's player-turn 3 (49.3); based:";
    assert!(
        ordered.contains("airfield being built at V31 by B-1IN, ordered in turn 2: it appears at the end of Red's next player-turn (49.1)"),
        "{ordered}"
    );
    assert!(built.contains(&format!("{field} none (0 of 3)")), "{built}");
    let landed = play_turn(
        &g,
        "06-3-blue",
        ("blue", 3),
        "[[mission]]\nunits = [\"B-1TAC\"]\nkind = \"transfer\"\nto = \"V31\"\n",
    );
    assert!(
        landed.contains(&format!("{field} B-1TAC (1 of 3)")),
        "{landed}"
    );
    let template = fs::read_to_string(g.join("07-3-red.template.toml")).unwrap();
    let listed = template
        .split("# Airfields (49.3")
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .filter(|w| *w != "#")
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        listed.contains(&format!("Blue: {field} B-1TAC (1 of 3)")),
        "{template}"
    );
    let page = dir.path().join("page.html");
    blitz()
        .arg("html")
        .arg(&g)
        .arg("--out")
        .arg(&page)
        .assert()
        .success();
    let html = fs::read_to_string(&page).unwrap();
    let runway = r##"class=\"airfield\" data-hex=\"V31\" fill=\"#123a8c\""##;
    assert!(html.contains(runway), "no runway at V31 on the replay page");
}

/// 49.1, 49.2, 49.3, 41.9, 49: what `[[airfield]]` may not do, each refused with
/// nothing written: build in a forest (R27) or a city (V33), in enemy ZOC (V26, next to
/// R-1IN), with a unit that moves, three at once (two a side), land at an airfield not
/// yet built, destroy one that is not there, buy one in the Hot War (it is paid when
/// built); and an airfield in a Tournament Game.
#[test]
fn an_airfield_order_is_refused_where_49_forbids_it_49_1_49_2() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
                    [[stack]]\nhex = \"V31\"\nunits = [\"B-1IN\"]\n\n\
                    [[stack]]\nhex = \"V33\"\nunits = [\"B-2IN\", \"B-1TAC\"]\n\n\
                    [[stack]]\nhex = \"R27\"\nunits = [\"B-3IN\"]\n\n\
                    [[stack]]\nhex = \"V26\"\nunits = [\"B-4IN\"]\n\n\
                    [[stack]]\nhex = \"V29\"\nunits = [\"B-5IN\"]\n\n\
                    [[stack]]\nhex = \"U30\"\nunits = [\"B-6IN\"]\n\n\
                    [[stack]]\nhex = \"V25\"\nunits = [\"R-1IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", "85"]);
    let s = g.join("04-2-blue.state.ron");
    let before = files(&g);
    let refused = |body: &str, says: &str| {
        let text = format!(
            "game = \"af\"\nside = \"blue\"\nturn = 2\nstate = \"{}\"\n\n{body}",
            sha(&s)
        );
        let orders = dir.path().join("o.toml");
        fs::write(&orders, text).unwrap();
        resolve(&s, &orders).code(1).stderr(contains(says));
    };
    let build = |unit: &str| format!("[[airfield]]\nunit = \"{unit}\"\n");
    refused(
        &build("B-3IN"),
        "B-3IN cannot build an airfield: R27 is not clear terrain",
    );
    refused(
        &build("B-2IN"),
        "B-2IN cannot build an airfield: V33 is not clear terrain",
    );
    refused(
        &build("B-4IN"),
        "B-4IN cannot build an airfield: V26 is in enemy ZOC (49.1)",
    );
    refused(
        &format!(
            "{}\n[[move]]\nunits = [\"B-1IN\"]\nto = \"V30\"\n",
            build("B-1IN")
        ),
        "B-1IN cannot build an airfield: it moved this player-turn",
    );
    refused(
        &format!("{}\n{}\n{}", build("B-1IN"), build("B-5IN"), build("B-6IN")),
        "Blue would have 3 airfields built",
    );
    refused(
        &format!(
            "{}\n[[mission]]\nunits = [\"B-1TAC\"]\nkind = \"transfer\"\nto = \"V31\"\n",
            build("B-1IN")
        ),
        "B-1TAC cannot land at V31: airbases are cities and airfields",
    );
    refused(
        "[[destroy_airfield]]\nhex = \"V31\"\n",
        "the airfield at V31 cannot be destroyed",
    );
    refused(
        "[purchase]\nbuy = { \"airfield (1)\" = 1 }\n",
        "airfield (1) cannot be bought now: an airfield is paid for",
    );
    assert_eq!(files(&g), before, "nothing written");
    let t = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
                    [[stack]]\nhex = \"V31\"\nunits = [\"B-1IN\"]\n";
    let g = crate::support::new_at_position(t.path(), "af", position, &["--rules", "tournament"]);
    let s = g.join("04-2-blue.state.ron");
    let text = format!(
        "game = \"af\"\nside = \"blue\"\nturn = 2\nstate = \"{}\"\n\n{}",
        sha(&s),
        build("B-1IN")
    );
    let orders = t.path().join("o.toml");
    fs::write(&orders, text).unwrap();
    resolve(&s, &orders).code(1).stderr(contains(
        "[[airfield]] and [[destroy_airfield]] are BLITZKRIEG '85's (49)",
    ));
}

/// 49.5, 49.3: Red's armor ends its movement in Blue's new airfield (B-1IN gone to
/// Vesper) and takes it; Blue may then neither land at it nor destroy it (it is Red's).
#[test]
fn an_enemy_unit_ending_its_move_in_an_airfield_takes_it_49_5() {
    let dir = tempfile::tempdir().unwrap();
    let (g, built) = airfield_built(dir.path(), ("R-1AR", "V28"));
    assert!(built.contains("B-1IN builds an airfield at V31"), "{built}");
    play_turn(
        &g,
        "06-3-blue",
        ("blue", 3),
        "[[move]]\nunits = [\"B-1IN\"]\nto = \"V33\"\n",
    );
    let taken = play_turn(
        &g,
        "07-3-red",
        ("red", 3),
        "[[move]]\nunits = [\"R-1AR\"]\nto = \"V31\"\n",
    );
    assert!(
        taken.contains(
            "Red takes the airfield at V31; it is Red's while a unit of Red is in it (49.5)"
        ),
        "{taken}"
    );
    let s = g.join("08-4-blue.state.ron");
    let before = files(&g);
    for (body, says) in [
        (
            "[[mission]]\nunits = [\"B-1TAC\"]\nkind = \"transfer\"\nto = \"V31\"\n",
            "the airfield there is Red's (49.5)",
        ),
        (
            "[[destroy_airfield]]\nhex = \"V31\"\n",
            "the airfield at V31 cannot be destroyed: it is Red's",
        ),
    ] {
        let orders = turn_orders(dir.path(), (&s, "o.toml"), ("blue", 4), body);
        let text = fs::read_to_string(&orders).unwrap().replace("g85", "af");
        fs::write(&orders, text).unwrap();
        resolve(&s, &orders).code(1).stderr(contains(says));
    }
    assert_eq!(files(&g), before, "nothing written");
    blitz().arg("verify").arg(&g).assert().success();
}

// 41.11, 50: transport aircraft.
const AIRLIFT_PLACE: &str = "[[setup]]\nunits = [\"B-1AR\", \"B-2AR\"]\nhex = \"HH19\"\n\n\
     [[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-5TA\", \"B-1TA\"]\nhex = \"J28\"\n\n\
     [[setup]]\nunits = [\"B-6TA\"]\nhex = \"U11\"\n\n\
     [[setup]]\nunits = [\"B-3IN\", \"B-4IN\"]\nhex = \"JJ21\"\n";

/// Blue's purchase for the air transport tests: transport aircraft B-5TA, B-6TA (1) and
/// B-1TA (1/2) among them.
const AIRLIFT_BUY: &str =
    "\"infantry 4-4\" = 4, \"armor 6-6\" = 2, \"transport-aircraft (1)\" = 2, \"transport-aircraft (1/2)\" = 1";

/// `orders` on `state` are refused, the message, its lines joined, containing `message`.
fn refused_saying(state: &Path, orders: &Path, message: &str) {
    let out = resolve(state, orders).code(1).get_output().stderr.clone();
    let text = String::from_utf8_lossy(&out).replace('│', " ");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(message), "{flat}");
}

/// 41.11, 50.1, 50.5, 38.21: transport aircraft are air units of a game of '85 made
/// now. Bought at the set-up (a (1), B-5TA, and a (1/2), B-1TA), they are placed with
/// `[[setup]]` in a city as aircraft are; in Blue's turn 1 B-5TA carries the infantry
/// B-1IN from J28 to O29 and lands there with it, while B-1TA, half a unit, cannot
/// carry B-2IN (B386), and an `[[air]]` naming no aircraft is refused (B384), nothing
/// written. In the Hot War a transport aircraft is bought one an aircraft city and
/// placed there (38.21). `blitz verify` replays the folder.
#[test]
fn transport_aircraft_are_bought_placed_and_carry_units_41_11_50_1_50_5() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let t1 = turn_one(g, drafts.path(), AIRLIFT_BUY, AIRLIFT_PLACE);
    let state = fs::read_to_string(&t1).unwrap();
    assert!(state.contains("\"B-5TA\": Map(\"J28\")"), "{state}");
    assert!(state.contains("\"B-1TA\": Map(\"J28\")"), "{state}");
    let template = fs::read_to_string(g.join("02-1-blue.template.toml")).unwrap();
    assert!(template.contains("#   B-5TA (1) at J28"), "{template}");
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let before = files(g);
    let small = turn(
        "small.toml",
        "[[air]]\nunit = \"B-2IN\"\nby = [\"B-1TA\"]\nfrom = \"J28\"\nto = \"O29\"\n",
    );
    refused_saying(
        &t1,
        &small,
        "the units flown need 1 of air transport capacity; the transport aircraft in `by` carry 1/2 (50.5)",
    );
    let none = turn(
        "none.toml",
        "[[air]]\nunit = \"B-2IN\"\nfrom = \"J28\"\nto = \"O29\"\n",
    );
    refused_saying(&t1, &none, "the order names none in `by`");
    assert_eq!(files(g), before, "nothing written");
    let fly = turn(
        "fly.toml",
        "[purchase]\nbuy = { \"transport-aircraft (2)\" = 1 }\n\n[[place]]\nunits = [\"B-9TA\"]\nhex = \"V33\"\n\n\
         [[air]]\nunit = \"B-1IN\"\nby = [\"B-5TA\"]\nfrom = \"J28\"\nto = \"O29\"\n",
    );
    resolve(&t1, &fly).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    assert!(
        report.contains(
            "transport aircraft B-5TA fly B-1IN to O29 from J28: 1 of their 1 of capacity (50.5)"
        ),
        "{report}"
    );
    assert!(
        report.contains("Blue buys 1 transport-aircraft (2) for 32 points"),
        "{report}"
    );
    assert!(report.contains("B-9TA enters at V33"), "{report}");
    blitz().arg("verify").arg(g).assert().success();
}

/// 50, 004: a game of '85 made before rule 50 was built (recording 46, 48, 49 and 52)
/// has no transport aircraft among its counters and plays on as it was begun: the
/// Hot War does not sell them, and `by` on an air transport is refused (B387).
#[test]
fn a_game_of_85_made_before_50_has_no_transport_aircraft() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let s0 = new_game(g);
    let bytes = fs::read(&s0).unwrap();
    let mut state = blitzkrieg_desk::game::read_state(&bytes, "s0").unwrap();
    assert!(state.game.options.rules85.remove(&50), "made with 50");
    state.units.retain(|id, _| !id.as_str().ends_with("TA"));
    fs::write(&s0, pbem::envelope::seal(&state).unwrap()).unwrap();
    let place = "[[setup]]\nunits = [\"B-1AR\", \"B-2AR\", \"B-3AR\"]\nhex = \"HH19\"\n\n\
                 [[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"J28\"\n\n\
                 [[setup]]\nunits = [\"B-4IN\", \"B-5IN\", \"B-6IN\"]\nhex = \"KK22\"\n";
    bought_and_placed(g, drafts.path(), &s0, BLUE_BUY, place);
    let t1 = g.join("02-1-blue.state.ron");
    let template = fs::read_to_string(g.join("02-1-blue.template.toml")).unwrap();
    assert!(
        template.contains("transport aircraft (41.11)\n# wait for rule 50."),
        "{template}"
    );
    let turn = |name: &str, body: &str| turn_one_orders(drafts.path(), &t1, name, body);
    let before = files(g);
    let buy = turn(
        "buy.toml",
        "[purchase]\nbuy = { \"transport-aircraft (1)\" = 1 }\n",
    );
    refused_saying(
        &t1,
        &buy,
        "transport-aircraft (1) cannot be bought now: its rule is not built yet",
    );
    let by = turn(
        "by.toml",
        "[[air]]\nunit = \"B-1IN\"\nby = [\"B-5TA\"]\nfrom = \"J28\"\nto = \"O29\"\n",
    );
    refused_saying(
        &t1,
        &by,
        "`by` names transport aircraft of BLITZKRIEG '85 (50.5): this game flies 9.3's air transport capacity",
    );
    assert_eq!(files(g), before, "nothing written");
    blitz().arg("verify").arg(g).assert().success();
}

/// 50.7, 50.74-50.75 through the binary: the armor B-1AR set up in HH19 is cut off at
/// the start of Blue's turn 1 (23.2); B-6TA (1), based in U11 13 hexes away, drops it
/// supplies. The state keeps it supplied; it is still cut off in turn 1, and at the
/// start of Blue's turn 2 it is supplied, the report says by what; the state after
/// Blue's turn 2 no longer keeps it. `blitz verify` replays the folder.
#[test]
fn a_transport_aircraft_supplies_a_cut_off_unit_for_the_next_player_turns_50_7_50_75() {
    let game = tempfile::tempdir().unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let g = game.path();
    let t1 = turn_one(g, drafts.path(), AIRLIFT_BUY, AIRLIFT_PLACE);
    let supply = turn_one_orders(
        drafts.path(),
        &t1,
        "supply.toml",
        "[[air_supply]]\naircraft = \"B-6TA\"\nunits = [\"B-1AR\"]\n",
    );
    resolve(&t1, &supply).success();
    let report = flat_report(&g.join("02-1-blue.report.txt"));
    assert!(
        report.contains("transport aircraft B-6TA drops supplies on HH19: B-1AR supplied by air through the enemy's next player-turn and Blue's own"),
        "{report}"
    );
    assert!(report.contains("cut off from supply: B-1AR"), "{report}");
    let red1 = g.join("03-1-red.state.ron");
    let state = fs::read_to_string(&red1).unwrap();
    assert!(state.contains("air_supplied"), "{state}");
    let red = turn_orders(drafts.path(), (&red1, "red1.toml"), ("red", 1), "");
    resolve(&red1, &red).success();
    let blue2 = g.join("04-2-blue.state.ron");
    let orders = turn_orders(drafts.path(), (&blue2, "blue2.toml"), ("blue", 2), "");
    resolve(&blue2, &orders).success();
    let report = flat_report(&g.join("04-2-blue.report.txt"));
    assert!(
        report.contains("B-1AR supplied by air, delivered in Blue's last player-turn (50.75)"),
        "{report}"
    );
    assert!(!report.contains("cut off from supply: B-1AR"), "{report}");
    let after = fs::read_to_string(g.join("05-2-red.state.ron")).unwrap();
    assert!(!after.contains("air_supplied"), "{after}");
    blitz().arg("verify").arg(g).assert().success();
}

/// 37.3, 37.33-37.34: a game of '85 made now records 37.33's order (`3733` among its
/// `rules85`) and reports its player-turn in the steps' order: the air movement (B-1TAC
/// changing base from Vesper, V33, to O29) before the ground movement (B-1IN), though
/// the file names the ground move first. A Tournament Game given the same orders flies
/// its air missions after the ground movement (30.2) and reports them so.
#[test]
fn the_air_movement_is_reported_before_the_ground_movement_37_33() {
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
         [[stack]]\nhex = \"V31\"\nunits = [\"B-1IN\"]\n\n\
         [[stack]]\nhex = \"V33\"\nunits = [\"B-1TAC\"]\n\n\
         [[stack]]\nhex = \"V25\"\nunits = [\"R-1IN\"]\n";
    let body = "[[move]]\nunit = \"B-1IN\"\npath = [\"V31\", \"V30\"]\n\n\
                [[mission]]\nunits = [\"B-1TAC\"]\nkind = \"transfer\"\nto = \"O29\"\n";
    // Where the change of base and the ground move stand in the report, and the state.
    let played = |rules: &str| {
        let dir = tempfile::tempdir().unwrap();
        let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", rules]);
        let state = fs::read_to_string(g.join("04-2-blue.state.ron")).unwrap();
        let report = play_turn(&g, "04-2-blue", ("blue", 2), body);
        let air = report.find("B-1TAC changes base V33-O29 (30.7)");
        let ground = report.find("B-1IN V31-V30");
        blitz().arg("verify").arg(&g).assert().success();
        (air.zip(ground), state, report)
    };
    let (at, state, report) = played("85");
    assert!(state.contains("3733"), "{state}");
    let (air, ground) = at.unwrap_or_else(|| panic!("{report}"));
    assert!(air < ground, "{report}");
    let (at, state, report) = played("tournament");
    assert!(!state.contains("3733"), "{state}");
    let (air, ground) = at.unwrap_or_else(|| panic!("{report}"));
    assert!(ground < air, "{report}");
}

// 52.6: a player's own damage.
/// 52.6 through the binary: Blue, B-1IN in Vesper (V33), applies light damage to its
/// own port at the end of its turn 2 (`[[demolish]]`); the state keeps it as Blue's;
/// in Blue's turn 3 it keeps the damage (`[[keep_damage]]`), so no level comes off;
/// the folder verifies.
#[test]
fn a_player_damages_his_own_port_and_keeps_the_damage_52_6() {
    let dir = tempfile::tempdir().unwrap();
    let position = "format = 1\nturn = 2\nside = \"blue\"\n\n\
                    [[stack]]\nhex = \"V33\"\nunits = [\"B-1IN\"]\n\n\
                    [[stack]]\nhex = \"V25\"\nunits = [\"R-1IN\"]\n";
    let g = crate::support::new_at_position(dir.path(), "af", position, &["--rules", "85"]);
    let applied = play_turn(
        &g,
        "04-2-blue",
        ("blue", 2),
        "[[demolish]]\nhex = \"V33\"\nfacility = \"port\"\nlevel = \"light\"\n",
    );
    assert!(
        applied.contains(
            "Blue applies light damage to the port facility at V33 it occupies (PX): now 1 light"
        ),
        "{applied}"
    );
    let state = fs::read_to_string(g.join("05-2-red.state.ron")).unwrap();
    assert!(state.contains("PX"), "{state}");
    play_turn(&g, "05-2-red", ("red", 2), "");
    let kept = play_turn(
        &g,
        "06-3-blue",
        ("blue", 3),
        "[[keep_damage]]\nhex = \"V33\"\nfacility = \"port\"\n",
    );
    assert!(
        kept.contains(
            "Blue does not remove damage from its port facility at V33 (52.6): damage left 1 light"
        ),
        "{kept}"
    );
    assert!(
        !kept.contains("its last light damage marker comes off"),
        "{kept}"
    );
    blitz().arg("verify").arg(&g).assert().success();
}
