//! Steps of a player-turn through the real `blitz` binary: in a one-turn game with
//! pending decisions, the decisions Blue owes from Red's last player-turn are asked in a
//! final step of their own (PBEM turn sequence), with files named `03-1-red.step1`, and
//! `verify` replays the folder, step included.
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

#[test]
fn the_last_player_turns_owed_decisions_are_a_step_of_their_own_and_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    fs::create_dir(&game).unwrap();
    let dir = game.as_path();
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--decisions", "pending"])
        .args(["--last-turn", "1", "--out"])
        .arg(dir)
        .assert()
        .success();
    let body = |f: &str| fs::read_to_string(example(f)).unwrap();
    for (stem, side, turn, file, beacon) in [
        ("00-setup-blue", "blue", 0, "00-setup-blue.toml", None),
        ("01-setup-red", "red", 0, "01-setup-red.toml", None),
        ("02-1-blue", "blue", 1, "02-1-blue.toml", None),
        (
            "03-1-red",
            "red",
            1,
            "03-1-red.toml",
            Some("beacon-round-123.json"),
        ),
    ] {
        orders(dir, stem, side, turn, &body(file));
        resolve(dir, stem, beacon).success();
    }
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
    let last = fs::read_to_string(dir.join("03-1-red.step1.report.txt")).unwrap();
    assert!(last.contains("GAME OVER"), "{last}");
    assert!(last.contains("B-1AR"), "{last}");
    blitz()
        .arg("verify")
        .arg(dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("5 player-turns"));
}
