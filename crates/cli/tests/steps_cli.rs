//! Steps of a player-turn through the real `blitz` binary: in a one-turn game with
//! pending decisions, the decisions Blue owes from Red's last player-turn are asked in a
//! final step of their own (PBEM turn sequence), with files named `03-1-red.step1`, and
//! `verify` replays the folder, step included; so too the stop before odds, answered by
//! the other player in a step of its own.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/demo")
        .join(name)
}

/// Writes the player's `{stem}.orders.toml` beside the game folder: the header for the
/// state `{stem}.state.ron`, then `body`.
fn orders(dir: &Path, stem: &str, side: &str, turn: u32, body: &str) -> PathBuf {
    let state = fs::read(dir.join(format!("{stem}.state.ron"))).unwrap();
    let hash = blitzkrieg::state::sha256_hex(&state);
    let inbox = dir.with_extension("inbox");
    fs::create_dir_all(&inbox).unwrap();
    let path = inbox.join(format!("{stem}.orders.toml"));
    let text =
        format!("game = \"g1\"\nside = \"{side}\"\nturn = {turn}\nstate = \"{hash}\"\n\n{body}");
    fs::write(&path, text).unwrap();
    path
}

fn resolve(dir: &Path, stem: &str, beacon: Option<&str>) -> assert_cmd::assert::Assert {
    let mut c = blitz();
    c.arg("resolve")
        .arg(dir.join(format!("{stem}.state.ron")))
        .arg(
            dir.with_extension("inbox")
                .join(format!("{stem}.orders.toml")),
        );
    if let Some(b) = beacon {
        c.arg("--beacon").arg(example(b));
    }
    c.assert()
}

/// A one-turn game `g1` made by `blitz new` in `tmp/game`, with `options` besides.
fn new_game(tmp: &Path, options: &[&str]) -> PathBuf {
    let game = tmp.join("game");
    fs::create_dir(&game).unwrap();
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--last-turn", "1"])
        .args(options)
        .arg("--out")
        .arg(&game)
        .assert()
        .success();
    game
}

/// The demo's orders of an example file.
fn body(file: &str) -> String {
    fs::read_to_string(example(file)).unwrap()
}

/// The demo's set-ups and Blue's player-turn 1, which rolls nothing.
fn set_up_and_blues_turn(dir: &Path) {
    for (stem, side, turn) in [
        ("00-setup-blue", "blue", 0),
        ("01-setup-red", "red", 0),
        ("02-1-blue", "blue", 1),
    ] {
        orders(dir, stem, side, turn, &body(&format!("{stem}.toml")));
        resolve(dir, stem, None).success();
    }
}

/// The report of step `03-1-red.step1`, which ends the one-turn game; `verify` replays
/// its five player-turns and steps.
fn the_step_ends_the_game_and_verifies(dir: &Path) -> String {
    let last = fs::read_to_string(dir.join("03-1-red.step1.report.txt")).unwrap();
    assert!(last.contains("GAME OVER"), "{last}");
    blitz()
        .arg("verify")
        .arg(dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("5 player-turns"));
    last
}

#[test]
fn the_last_player_turns_owed_decisions_are_a_step_of_their_own_and_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let game = new_game(tmp.path(), &["--decisions", "pending"]);
    let dir = game.as_path();
    set_up_and_blues_turn(dir);
    orders(dir, "03-1-red", "red", 1, &body("03-1-red.toml"));
    resolve(dir, "03-1-red", Some("beacon-round-123.json")).success();
    // Red's battle A1 left Blue a DE to complete: asked before victory is judged.
    let report = fs::read_to_string(dir.join("03-1-red.report.txt")).unwrap();
    assert!(
        report.contains("in a final step before victory is judged"),
        "{report}"
    );
    assert!(!report.contains("GAME OVER"), "{report}");
    let template = fs::read_to_string(dir.join("03-1-red.step1.template.toml")).unwrap();
    assert!(template.contains("side = \"blue\""), "{template}");
    assert!(template.contains("battle = \"1-Red/A1\""), "{template}");
    let decision =
        "[[decision]]\nbattle = \"1-Red/A1\"\nlose = [\"B-1AR\"]\nretreat = [\"UU28\"]\n";
    orders(dir, "03-1-red.step1", "blue", 1, decision);
    blitz()
        .arg("check")
        .arg(dir.join("03-1-red.step1.state.ron"))
        .arg(
            dir.with_extension("inbox")
                .join("03-1-red.step1.orders.toml"),
        )
        .assert()
        .success();
    resolve(dir, "03-1-red.step1", None).success();
    let last = the_step_ends_the_game_and_verifies(dir);
    assert!(last.contains("B-1AR"), "{last}");
}

/// The stop before odds through the real binary: a game that plays it (an option its
/// state records only when chosen; the fighters of 32.3 and the weather of 34 will
/// choose it) stops Red's player-turn after its movement and the announcement of
/// battle A1, before any roll; Red's file names no seed. Blue's answer, in a step of its
/// own (`03-1-red.step1`), names the seed the battle is rolled on; `verify` replays
/// the folder, step included.
#[test]
fn the_stop_before_odds_is_a_step_of_its_own_and_verifies() {
    use blitzkrieg::sequence::Stop;
    use blitzkrieg::state::GameState;
    let tmp = tempfile::tempdir().unwrap();
    let game = new_game(tmp.path(), &[]);
    let dir = game.as_path();
    // The game chooses the stop: its first state records it.
    let first = dir.join("00-setup-blue.state.ron");
    let text = fs::read_to_string(&first).unwrap();
    let mut state = GameState::from_ron(&text, "first").unwrap();
    state.game.options.stops.insert(Stop::BeforeOdds);
    fs::write(&first, state.to_ron().unwrap()).unwrap();
    set_up_and_blues_turn(dir);
    // Red's template says the seed is not Red's to name; Red attacks and names none:
    // nothing is rolled in its file.
    let template = fs::read_to_string(dir.join("03-1-red.template.toml")).unwrap();
    assert!(
        template.contains("This game stops before odds"),
        "{template}"
    );
    assert!(!template.contains("# [seed]"), "{template}");
    let red = body("03-1-red.toml").replace("[seed]\nsource = \"drand\"\nround = 123\n", "");
    assert!(!red.contains("[seed]"));
    orders(dir, "03-1-red", "red", 1, &red);
    resolve(dir, "03-1-red", None).success();
    let report = fs::read_to_string(dir.join("03-1-red.report.txt")).unwrap();
    assert!(report.contains("stopped before odds"), "{report}");
    assert!(
        report.contains("the player-turn stops before odds: Blue answers"),
        "{report}"
    );
    assert!(!report.contains("\nCOMBAT\n"), "{report}");
    let template = fs::read_to_string(dir.join("03-1-red.step1.template.toml")).unwrap();
    assert!(template.contains("side = \"blue\""), "{template}");
    assert!(
        template.contains("stopped before odds for your answer (step 1)"),
        "{template}"
    );
    assert!(
        template.contains("Battles A1 are still to be fought"),
        "{template}"
    );
    // Blue's answer: the seed, and nothing else.
    orders(
        dir,
        "03-1-red.step1",
        "blue",
        1,
        "[seed]\nsource = \"drand\"\nround = 123\n",
    );
    resolve(dir, "03-1-red.step1", Some("beacon-round-123.json")).success();
    let fought = the_step_ends_the_game_and_verifies(dir);
    assert!(fought.contains("\nCOMBAT\n"), "{fought}");
}
