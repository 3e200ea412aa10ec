//! Optional rule 34 (weather) through the real binary: a Tournament Game with weather,
//! started from a position at Red's turn 7. Red's orders name a seed though they attack
//! nothing, since under the default reading `weather-seed-34 = red-previous` that seed
//! rolls the weather of turn 8; the report of Red's turn says the roll, Blue's template
//! says the weather at its top, and the folder verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{new_at_position, TEXT_SEED as SEED};
use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Turn 7, Red to move: one unit a side, far apart.
const POSITION: &str = r#"turn = 7
side = "red"

[held]

[[stack]]
hex = "O29"
units = ["B-12IN"]

[[stack]]
hex = "YY30"
units = ["R-1IN"]
"#;

#[test]
fn reds_seed_rolls_the_weather_of_turn_8_and_blues_template_says_it_34() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ["--rules", "tournament", "--optional", "34"];
    let g = new_at_position(tmp.path(), "g", POSITION, &rules);
    let state = g.join("15-7-red.state.ron");
    let template = fs::read_to_string(g.join("15-7-red.template.toml")).unwrap();
    assert!(
        template.contains("# Weather of complete-turn 7 (34): Clear"),
        "{template}"
    );
    assert!(
        template.contains("also rolls the weather of the next complete-turn"),
        "{template}"
    );
    // Left as it is, the template names no seed: refused, as the seed rolls the weather.
    let untouched = g.join("untouched.toml");
    fs::write(&untouched, &template).unwrap();
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&untouched)
        .assert()
        .code(1)
        .stderr(contains(
            "these orders roll the weather of complete-turn 8 but",
        ));
    let orders = g.join("red.toml");
    fs::write(&orders, format!("{template}\n{SEED}")).unwrap();
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&orders)
        .args(["--seed-text", "7 12 19 23 31 40"])
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let report = fs::read_to_string(g.join("15-7-red.report.txt")).unwrap();
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    let rolled = flat
        .split("weather of complete-turn 8 rolled: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no roll in {report}"));
    assert!(flat.contains("die"), "{report}");
    let next = fs::read_to_string(g.join("16-8-blue.template.toml")).unwrap();
    assert!(
        next.contains(&format!(
            "# Weather of complete-turn 8 (34): {rolled}, for both"
        )),
        "{rolled}: {next}"
    );
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(contains("1 player-turns replayed"));
}

/// 34 with docs/dice.md: stock sales give one digit a battle and no die, so a game with
/// weather resolved by them is refused when it is made (R011), not at its first weather
/// roll, and nothing is written; by an agreed text it is made.
#[test]
fn a_game_with_weather_is_not_resolved_by_stock_sales_34() {
    let tmp = tempfile::tempdir().unwrap();
    let g = tmp.path().join("g");
    let new = |seed: &str| {
        blitz()
            .args(["new", "--game", "g", "--blue", "a@example.org"])
            .args(["--red", "b@example.org", "--seed", seed])
            .args(["--rules", "tournament", "--optional", "34", "--out"])
            .arg(&g)
            .assert()
    };
    new("stock")
        .code(2)
        .stderr(contains("blitz::ruleset::weather_seed"))
        .stderr(contains("optional rule 34 rolls the weather on a die"))
        .stderr(contains("--seed drand"));
    assert!(!g.exists(), "nothing is written");
    new("text").success();
    assert!(g.join("00-setup-blue.state.ron").exists());
}
