//! 32.7-32.75 (optional rule 32) through the real binary: a patrol across two
//! player-turns. A Tournament Game with `--optional 32` starts from a position at
//! Blue's turn 5; Blue sends the fighter at Hallam (J28) on patrol over M28. The
//! patroller is a flight the defender may meet, so the player-turn stops before odds and
//! Red's reaction template lists it (met at normal strength, 32.72); Red meets nothing.
//! The fighter stays in the air through Red's turn 5 (the state keeps it on patrol) and
//! lands at its base at the end of it (32.75); the folder verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{new_at_position, TEXT_SEED as SEED};
use assert_cmd::Command;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Turn 5, Blue to move, in the air combat test's position, with Blue's fighter at
/// Hallam (J28) beside the TAC.
fn position() -> String {
    crate::air_combat_cli::POSITION
        .replace("units = [\"B-1TAC\"]", "units = [\"B-1TAC\", \"B-1FTR\"]")
}

/// Resolves `orders` on the state of `stem` in `g` (with the agreed text as seed when
/// `seed`), and returns the report, its words joined by single spaces.
fn resolve(g: &std::path::Path, stem: &str, orders: &str, seed: bool) -> String {
    let file = g.join("orders.toml");
    fs::write(&file, orders).unwrap();
    let mut cmd = blitz();
    cmd.arg("resolve")
        .arg(g.join(format!("{stem}.state.ron")))
        .arg(&file);
    if seed {
        cmd.args(["--seed-text", "7 12 19 23 31 40"]);
    }
    cmd.arg("--out").arg(g).assert().success();
    let report = fs::read_to_string(g.join(format!("{stem}.report.txt"))).unwrap();
    report.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 32.7, 32.72, 32.75: Blue's patrol is offered to Red's answer, kept through Red's
/// player-turn and landed at its end; `verify` replays every step.
#[test]
fn a_patrol_stays_up_through_the_opponents_player_turn_and_lands_at_its_end_32_7() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ["--rules", "tournament", "--optional", "32"];
    let g = new_at_position(tmp.path(), "g", &position(), &rules);
    let template = fs::read_to_string(g.join("10-5-blue.template.toml")).unwrap();
    let blue =
        format!("{template}\n[[mission]]\nunits = [\"B-1FTR\"]\nkind = \"patrol\"\nto = \"M28\"\n");
    let report = resolve(&g, "10-5-blue", &blue, false);
    assert!(
        report.contains("B-1FTR flies a patrol mission from J28 over M28 (32.7)"),
        "{report}"
    );
    assert!(
        report.contains("after the interceptions he chooses over M28 (32.3)"),
        "{report}"
    );
    let reaction = fs::read_to_string(g.join("10-5-blue.step1.template.toml")).unwrap();
    assert!(
        reaction.contains("# M28: patrollers B-1FTR (they answer 1 for 1, 32.72); intercept range 12 hexes; your fighters fire at 1 times their factors"),
        "{reaction}"
    );
    assert!(reaction.contains("\"R-1FTR\""), "{reaction}");
    // Red meets nothing: his answer names the seed only.
    let report = resolve(
        &g,
        "10-5-blue.step1",
        &format!("{reaction}\n{SEED}\n"),
        true,
    );
    assert!(!report.contains("B-1FTR lands"), "{report}");
    let red_state = fs::read_to_string(g.join("11-5-red.state.ron")).unwrap();
    assert!(red_state.contains("patrols"), "{red_state}");
    // Red's turn 5: the patroller is still up, and lands at its end.
    let template = fs::read_to_string(g.join("11-5-red.template.toml")).unwrap();
    let report = resolve(&g, "11-5-red", &template, false);
    assert!(
        report.contains("B-1FTR lands at J28: back from patrol (32.75)"),
        "{report}"
    );
    let blue_state = fs::read_to_string(g.join("12-6-blue.state.ron")).unwrap();
    assert!(!blue_state.contains("patrols"), "{blue_state}");
    blitz().arg("verify").arg(&g).assert().success();
}
