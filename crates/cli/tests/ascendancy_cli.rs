//! Naval ascendancy (Tournament optional rule 35) through the real binary: a Tournament
//! Game made with `--optional 35` from a position marks each sea zone's naval points
//! and state, the template says what the mover may not do at sea, an order the state
//! forbids is refused naming rule 35 with its place, and the player-turn plays and
//! verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Blue to move in turn 3; three Red armor at sea in zone B (18 naval points) against
/// Blue's 7 ports on it: Red naval superiority there (35.21).
const POSITION: &str = r#"turn = 3
side = "blue"

[[stack]]
hex = "C20"
units = ["B-1IN"]

[[at_sea]]
zone = "B"
units = ["R-1AR", "R-2AR", "R-3AR"]
"#;

#[test]
fn a_game_with_rule_35_marks_the_zones_refuses_going_to_sea_and_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(&pos, POSITION).unwrap();
    let g = tmp.path().join("g");
    blitz()
        .args(["new", "--game", "g35", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--seed", "text"])
        .args(["--rules", "tournament", "--optional", "35", "--position"])
        .arg(&pos)
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let state = g.join("06-3-blue.state.ron");
    let template = g.join("06-3-blue.template.toml");
    let t = fs::read_to_string(&template).unwrap();
    assert!(
        t.contains("#   zone B: Blue 7, Red 18: Red naval superiority\n#   no going to sea from its ports, no invading,"),
        "{t}"
    );
    assert!(t.contains("#   zone C: Blue 0, Red 2: uncontested\n#   no invading by units from the zones next to it (35.34)"), "{t}");

    // 35.31: going to sea from C20 into zone B is refused, with the rule and the place.
    let orders = tmp.path().join("to-sea.toml");
    let text = format!("{t}\n[[move]]\nunit = \"B-1IN\"\nto_sea = \"B\"\n");
    fs::write(&orders, text).unwrap();
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&orders)
        .assert()
        .failure()
        .stderr(contains(
            "B-1IN cannot go to sea from C20: the state of zone B is",
        ))
        .stderr(contains("Red naval superiority (Blue 7, Red 18)"))
        .stderr(contains("rule 35.31"));

    // The untouched template plays, the report lists the zones, and the game verifies.
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&template)
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let report = fs::read_dir(&g)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.to_string_lossy().ends_with("3-blue.report.txt"))
        .map(|p| fs::read_to_string(p).unwrap())
        .unwrap_or_default();
    assert!(
        report.contains("zone B: Blue 7, Red 18: Red naval superiority (35.21)"),
        "{report}"
    );
    blitz().arg("verify").arg(&g).assert().success();
}
