//! Optional rule 32.33 through the real binary: an air transport is a flight the
//! defender may intercept. In a Tournament Game with `--optional 32`, Blue flies an
//! infantry unit from Hallam (J28) to Carrow (C20) and announces nothing else: the
//! player-turn still stops before odds, and Red's reaction template lists the air
//! transport over C20; Red answers with no interception and the seed, and the folder
//! verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{new_at_position, TEXT_SEED as SEED};
use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Turn 5, Blue to move: an infantry unit in Hallam, Red's stack in Azure.
const POSITION: &str = r#"turn = 5
side = "blue"

[held]
P30 = "red"

[[stack]]
hex = "J28"
units = ["B-13IN"]

[[stack]]
hex = "P30"
units = ["R-1IN", "R-1FTR"]
"#;

/// 32.33, 32.3: an air transport alone makes the player-turn stop before odds, and
/// the defender's template lists it as a flight he may meet.
#[test]
fn an_air_transport_alone_stops_before_odds_and_the_template_lists_it_32_33() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ["--rules", "tournament", "--optional", "32"];
    let g = new_at_position(tmp.path(), "g", POSITION, &rules);
    let state = "10-5-blue.state.ron";
    let template = fs::read_to_string(g.join("10-5-blue.template.toml")).unwrap();
    let blue = g.join("blue.toml");
    fs::write(
        &blue,
        format!("{template}\n[[air]]\nunits = [\"B-13IN\"]\nfrom = \"J28\"\nto = \"C20\"\n"),
    )
    .unwrap();
    blitz()
        .arg("resolve")
        .arg(g.join(state))
        .arg(&blue)
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let report = fs::read_to_string(g.join("10-5-blue.report.txt")).unwrap();
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat(&report).contains(
            "names the seed of the air combat, after the interceptions he chooses over C20 (32.3)"
        ),
        "{report}"
    );
    let reaction = fs::read_to_string(g.join("10-5-blue.step1.template.toml")).unwrap();
    assert!(
        reaction.contains(
            "# C20: air transport of B-13IN (32.33: losses in the factors transported) unescorted;"
        ),
        "{reaction}"
    );
    let red = g.join("red.toml");
    fs::write(&red, format!("{reaction}\n{SEED}\n")).unwrap();
    blitz()
        .arg("resolve")
        .arg(g.join("10-5-blue.step1.state.ron"))
        .arg(&red)
        .args(["--seed-text", "7 12 19 23 31 40"])
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(contains("2 player-turns replayed"));
}
