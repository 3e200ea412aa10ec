//! `blitz reach STATE UNIT...` through the real binary (issue 30, item 1): the text, the
//! JSON document (valid against `docs/schema/reach.schema.json`), the picture, the
//! refusals; and `check`'s refusal of a path that cannot be followed to its end names
//! the farthest hex along it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::fs;
use std::path::PathBuf;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/demo-format-1")
        .join(name)
}

#[test]
fn reach_lists_the_hexes_with_their_cost_and_what_keeps_the_unit_out() {
    blitz()
        .args(["reach"])
        .arg(fixture("02-1-blue.state.ron"))
        .arg("B-6IN")
        .assert()
        .success()
        .stdout(predicate::str::contains("B-6IN in HH20, 4 MF: may end in"))
        .stdout(predicate::str::contains("MF used  hexes"))
        .stdout(predicate::str::contains("stops: forest (10.1)"))
        .stdout(predicate::str::contains("too far (7.3):"))
        .stdout(predicate::str::contains("no unit may enter sea (10.3):"))
        .stdout(predicate::str::contains(
            "it must stop before, on entering forest (10.1):",
        ))
        .stdout(
            predicate::str::contains("not judged here")
                .and(predicate::str::contains("air transport (9.3)")),
        );
}

#[test]
fn reach_says_what_a_move_next_to_the_enemy_obliges_and_what_stacking_forbids() {
    blitz()
        .args(["reach"])
        .arg(fixture("04-2-blue.state.ron"))
        .arg("B-1IN")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "VV28   stops: enemy ZOC (8.2); must then attack WW28 (14.32)",
        ))
        .stdout(predicate::str::contains(
            "more than 3 units would end in it (11.1):",
        ))
        .stdout(predicate::str::contains(
            "it must stop before, on entering enemy ZOC (8.2):",
        ))
        .stdout(predicate::str::contains("WW28 (in WW27)"));
}

fn schema(name: &str) -> jsonschema::Validator {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/schema")
        .join(format!("{name}.schema.json"));
    let schema: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

#[test]
fn reach_json_is_one_document_the_schema_describes() {
    let out = blitz()
        .args(["reach", "--format", "json"])
        .arg(fixture("02-1-blue.state.ron"))
        .args(["B-6IN", "B-4AR"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors: Vec<String> = schema("reach")
        .iter_errors(&doc)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(doc["command"], "reach");
    assert_eq!(doc["phase"], "1-Blue");
    let units = doc["units"].as_array().unwrap();
    assert_eq!(units.len(), 2);
    assert_eq!(units[0]["unit"], "B-6IN");
    assert_eq!(units[0]["from"], "HH20");
    let ends = units[0]["ends"].as_array().unwrap();
    let first = &ends[0];
    assert_eq!(first["path"][0], "HH20");
    assert!(units[0]["limits"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["code"] == "B413" && l["why"] == "too far"));
    // A unit of the other side: a failure document with its code, exit 2.
    let out = blitz()
        .args(["reach", "--format", "json"])
        .arg(fixture("02-1-blue.state.ron"))
        .arg("R-1IN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "G081");
    let errors: Vec<String> = schema("failure")
        .iter_errors(&doc)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn reach_refuses_what_it_cannot_answer_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("r.png");
    blitz()
        .args(["reach"])
        .arg(fixture("02-1-blue.state.ron"))
        .arg("B-99XX")
        .arg("--png")
        .arg(&png)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "there is no unit `B-99XX` in this game",
        ));
    assert!(!png.exists());
    blitz()
        .args(["reach"])
        .arg(fixture("00-setup-blue.state.ron"))
        .arg("B-1IN")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "there is no movement to plan in this state",
        ));
    blitz()
        .args(["reach"])
        .arg(fixture("02-1-blue.state.ron"))
        .arg("B-17IN")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("B-17IN is not on the map"));
}

#[test]
fn reach_draws_the_reach_as_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("r.png");
    let svg = dir.path().join("r.svg");
    blitz()
        .args(["reach"])
        .arg(fixture("02-1-blue.state.ron"))
        .arg("B-6IN")
        .arg("--png")
        .arg(&png)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::contains("B-6IN in HH20"));
    let bytes = fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let text = fs::read_to_string(&svg).unwrap();
    assert!(text.contains(r#"data-unit="B-6IN""#));
    assert!(text.contains("data-limit="));
    assert!(text.contains("4-4 B-6IN"));
    // To standard output: the picture alone.
    let out = blitz()
        .args(["reach"])
        .arg(fixture("02-1-blue.state.ron"))
        .args(["B-6IN", "--svg", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("<svg"));
}

#[test]
fn a_path_too_long_is_refused_naming_the_farthest_legal_hex_along_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = fixture("04-2-blue.state.ron");
    let hash = pbem::envelope::sha256_hex(&fs::read(&state).unwrap());
    let orders = dir.path().join("o.toml");
    fs::write(
        &orders,
        format!(
            "game = \"demo\"\nside = \"blue\"\nturn = 2\nstate = \"{hash}\"\n\n[[move]]\nunit = \"B-1IN\"\npath = [\"UU26\", \"VV26\", \"WW27\", \"XX28\"]\n\n[[move]]\nunit = \"B-2AR\"\nto = \"YY28\"\n"
        ),
    )
    .unwrap();
    let out = blitz()
        .args(["check", "--format", "json"])
        .arg(&state)
        .arg(&orders)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let problems = doc["problems"].as_array().unwrap();
    let of = |code: &str| {
        problems
            .iter()
            .find(|p| p["code"] == code)
            .unwrap_or_else(|| panic!("no {code} in {problems:?}"))
    };
    // 8.2: the path goes on past the ZOC hex where the unit must stop.
    let zoc = of("B405");
    assert_eq!(
        zoc["message"],
        "B-1IN must stop on entering enemy ZOC at WW27 and cannot go on"
    );
    assert_eq!(
        zoc["hint"],
        "along this path the move may end at WW27 at the farthest (3 MF); `blitz reach STATE UNIT` lists every hex it can end in"
    );
    // 7.3: a destination too far: the farthest hex along the cheapest way there.
    let far = of("B413");
    assert_eq!(
        far["hint"],
        "along the cheapest way the move may end at YY27 at the farthest (5 1/3 MF); `blitz reach STATE UNIT` lists every hex it can end in"
    );
}
