//! `blitz new` turns its options into the rule set stored in the state: readings and
//! optional rules by name, what is not built yet refused by name, and the rule data's
//! hashes recorded so a later command given other data refuses.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::Path;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn new(dir: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--out"])
        .arg(dir)
        .args(extra)
        .assert()
}

#[test]
fn a_new_game_records_every_reading_the_rule_data_and_its_release() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--reading", "armor-zoc-start=same-zoc-stops"]).success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(state.starts_with("(\n  format: 2,\n  kind: \"blitzkrieg\",\n  umpire: \""));
    assert!(
        state.contains("\"armor-zoc-start\": \"same-zoc-stops\""),
        "{state}"
    );
    assert!(
        state.contains("\"victory-a-reinforcements\": \"board\""),
        "{state}"
    );
    for data in ["board", "counters", "oac", "tables", "figures", "readings"] {
        assert!(
            state.contains(&format!("\"{data}\": \"")),
            "{data} hash in {state}"
        );
    }
}

#[test]
fn rules_not_built_yet_and_unknown_readings_are_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--rules", "tournament"])
        .code(2)
        .stderr(contains(
            "the Tournament Game (rules 24-30) is not implemented yet",
        ));
    new(tmp.path(), &["--optional", "19,20"])
        .code(2)
        .stderr(contains(
            "optional rule 20 (invasions) is not implemented yet",
        ));
    new(tmp.path(), &["--optional", "20"])
        .code(2)
        .stderr(contains("optional rule 20 needs optional rule 19"));
    new(tmp.path(), &["--reading", "armor-zoc-start=sideways"])
        .code(2)
        .stderr(contains("`enters`, `same-zoc-stops`"));
    new(tmp.path(), &["--reading", "no-such-reading=x"])
        .code(2)
        .stderr(contains("there is no reading `no-such-reading`"));
    assert!(
        fs::read_dir(tmp.path()).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn a_state_given_other_rule_data_than_it_was_made_with_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &[]).success();
    let state = tmp.path().join("00-setup-blue.state.ron");
    let board = tmp.path().join("board.toml");
    let embedded = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/blitzkrieg/board.toml"),
    )
    .unwrap();
    fs::write(&board, format!("{embedded}\n# a changed copy\n")).unwrap();
    blitz()
        .arg("show")
        .arg(&state)
        .arg("--board")
        .arg(&board)
        .assert()
        .code(2)
        .stderr(contains("this game was made with other board"));
    // The same text as the embedded board is the same data.
    fs::write(&board, &embedded).unwrap();
    blitz()
        .arg("show")
        .arg(&state)
        .arg("--board")
        .arg(&board)
        .assert()
        .success();
}

/// Optional rule 23 (combat supply) is built: a game may choose it and its state records
/// it; a rule that is not built beside it is still refused.
#[test]
fn combat_supply_can_be_chosen_and_is_recorded_23() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--optional", "23"]).success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(
        state.contains("optional: [\n        23,\n      ],"),
        "{state}"
    );
    let other = tempfile::tempdir().unwrap();
    new(other.path(), &["--optional", "22,23"])
        .code(2)
        .stderr(contains(
            "optional rule 22 (strategic movement) is not implemented yet",
        ));
}
