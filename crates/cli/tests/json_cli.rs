//! `--format json` through the real `blitz` binary: every document the demo game gives
//! (`show` and `report` of every state, `verify`, `check` with and without problems,
//! failures) is valid against its JSON Schema under `docs/schema/` (draft 2020-12,
//! checked with the `jsonschema` crate), says what the text output says, and is the
//! same bytes every time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample;

use sample::blitz;
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

fn demo() -> (tempfile::TempDir, PathBuf) {
    sample("blitzkrieg")
}

/// The sample game `name` (`blitz demo --sample NAME`) played into a new folder.
fn sample(name: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir, _) = sample::played(name);
    (tmp, dir)
}

fn schema(name: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/schema")
        .join(format!("{name}.schema.json"));
    let schema: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    jsonschema::draft202012::meta::validate(&schema)
        .unwrap_or_else(|e| panic!("{} is not a valid schema: {e}", path.display()));
    jsonschema::draft202012::new(&schema).unwrap()
}

/// Runs `blitz ARGS --format json`, checks the exit code, and returns the document
/// after checking it against `docs/schema/NAME.schema.json`.
fn json(args: &[&Path], sub: &str, code: i32, name: &str) -> Value {
    let mut c = blitz();
    c.arg(sub).args(args).args(["--format", "json"]);
    let out = c.assert().code(code).get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    let doc: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("`blitz {sub}` printed no JSON document ({e}):\n{text}"));
    let errors: Vec<String> = schema(name)
        .iter_errors(&doc)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(
        errors.is_empty(),
        "`blitz {sub}` breaks {name}.schema.json:\n{}\n{text}",
        errors.join("\n")
    );
    doc
}

fn states(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".state.ron"))
        .collect();
    v.sort();
    v
}

/// The sample game with optional rules 19-23: every state shows and
/// reports by the schemas, with the events those rules add (at sea, invasion, automatic
/// victory, supply) typed as the schema says.
#[test]
fn every_state_of_the_optional_sample_shows_and_reports_by_its_schema() {
    let (_tmp, dir) = sample("optional");
    let mut kinds = std::collections::BTreeSet::new();
    for state in &states(&dir) {
        json(&[state], "show", 0, "show");
        let report = json(&[state], "report", 0, "report");
        for e in report["events"].as_array().unwrap() {
            kinds.extend(e.as_object().unwrap().keys().cloned());
        }
    }
    for kind in [
        "SetUpAtSea",
        "Sailed",
        "Landed",
        "AutomaticVictory",
        "Supply",
    ] {
        assert!(kinds.contains(kind), "no {kind} event: {kinds:?}");
    }
}

#[test]
fn every_state_of_the_demo_shows_and_reports_by_its_schema() {
    let (_tmp, dir) = demo();
    let all = states(&dir);
    assert!(all.len() >= 6, "{all:?}");
    let mut kinds = std::collections::BTreeSet::new();
    for state in &all {
        let show = json(&[state], "show", 0, "show");
        assert_eq!(show["game"], "demo");
        assert_eq!(show["sides"][0]["side"], "blue");
        let report = json(&[state], "report", 0, "report");
        for e in report["events"].as_array().unwrap() {
            kinds.extend(e.as_object().unwrap().keys().cloned());
        }
    }
    // The demo's turns move, fight and eliminate: those events are typed as the schema says.
    for kind in ["SetUp", "Moved", "Battle", "TurnBegan"] {
        assert!(
            kinds.contains(kind),
            "no {kind} event in the demo: {kinds:?}"
        );
    }
    let first = json(&[&all[0]], "report", 0, "report");
    assert_eq!(first["resolved"], false);
    assert_eq!(first["events"].as_array().unwrap().len(), 0);

    // A state after a turn: the report's header and the position agree with the text.
    let state = all
        .iter()
        .find(|p| p.ends_with("04-2-blue.state.ron"))
        .unwrap();
    let report = json(&[state], "report", 0, "report");
    assert_eq!(report["turn"], "1-Red");
    assert_eq!(report["next"], "turn 2, Blue to move");
    let show = json(&[state], "show", 0, "show");
    assert_eq!(show["phase"], "2-Blue");
    assert_eq!(show["turn"], 2);
    assert_eq!(show["side_to_move"], "blue");
    let text = blitz().arg("show").arg(state).assert().success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    for stack in show["sides"][0]["on_map"].as_array().unwrap() {
        let hex = stack["hex"].as_str().unwrap();
        let first = stack["units"][0]["id"].as_str().unwrap();
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(hex) && l.contains(first)),
            "{hex} {first} is not in the text:\n{text}"
        );
    }
}

#[test]
fn check_gives_every_problem_with_code_line_and_column() {
    let (_tmp, dir) = demo();
    let state = dir.join("04-2-blue.state.ron");
    let good = dir.join("04-2-blue.orders.toml");
    let doc = json(&[&state, &good], "check", 0, "check");
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["count"], 0);

    // Last turn's orders against this state: wrong turn and wrong state, where written,
    // first; and every other order checked against the state given, not hidden by them.
    let stale = dir.join("02-1-blue.orders.toml");
    let doc = json(&[&state, &stale], "check", 1, "check");
    assert_eq!(doc["ok"], false);
    let problems = doc["problems"].as_array().unwrap();
    let codes: Vec<&str> = problems
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes[..2], ["B203", "B204"], "{doc}");
    assert!(
        codes.len() > 2,
        "the orders themselves are checked too: {doc}"
    );
    assert_eq!(doc["count"], codes.len());
    let src = fs::read_to_string(&stale).unwrap();
    let turn = &problems[0];
    let line = src
        .lines()
        .nth(turn["line"].as_u64().unwrap() as usize - 1)
        .unwrap();
    let col = turn["column"].as_u64().unwrap() as usize;
    assert!(line.starts_with("turn"), "{line}");
    assert_eq!(&line[col - 1..], "1", "{line}");
    assert_eq!(turn["rule"], "4.1");
    assert_eq!(turn["file"], stale.display().to_string());

    // A unit name that is no name and a hex that is off the board.
    let bad = dir.join("bad.orders.toml");
    let mut text = fs::read_to_string(&good).unwrap();
    text.push_str("\n[[move]]\nunit = \"B 1\"\nto = \"C3\"\n");
    fs::write(&bad, &text).unwrap();
    let doc = json(&[&state, &bad], "check", 1, "check");
    let problems = doc["problems"].as_array().unwrap();
    let b103 = problems.iter().find(|p| p["code"] == "B103").unwrap();
    assert_eq!(
        b103["line"].as_u64().unwrap() as usize,
        text.lines().count() - 1
    );
    assert_eq!(b103["column"], 8);

    // The text output is unchanged, and the document is the same bytes every time.
    let plain = blitz()
        .arg("check")
        .arg(&state)
        .arg(&stale)
        .assert()
        .code(1);
    let as_text = blitz()
        .arg("check")
        .arg(&state)
        .arg(&stale)
        .args(["--format", "text"])
        .assert()
        .code(1);
    assert_eq!(plain.get_output(), as_text.get_output());
    assert!(plain.get_output().stdout.is_empty());
    let once = blitz()
        .args(["check", "--format", "json"])
        .arg(&state)
        .arg(&stale)
        .assert()
        .code(1);
    let twice = blitz()
        .args(["check", "--format", "json"])
        .arg(&state)
        .arg(&stale)
        .assert()
        .code(1);
    assert_eq!(once.get_output().stdout, twice.get_output().stdout);
}

#[test]
fn verify_names_the_turns_or_the_divergence() {
    let (_tmp, dir) = demo();
    let doc = json(&[&dir], "verify", 0, "verify");
    assert_eq!(doc["ok"], true);
    let turns: Vec<&str> = doc["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(turns[..3], ["setup-Blue", "setup-Red", "1-Blue"]);
    assert!(doc["last"].as_str().unwrap().ends_with(".state.ron"));
    assert_eq!(doc["divergence"], Value::Null);

    // A kept report that is not what the replay writes: G007, at its line.
    let report = dir.join("03-1-red.report.txt");
    let kept = fs::read_to_string(&report).unwrap();
    let mut lines: Vec<String> = kept.lines().map(str::to_string).collect();
    lines[4] = "Seed: something else".to_string();
    fs::write(&report, lines.join("\n") + "\n").unwrap();
    let doc = json(&[&dir], "verify", 1, "verify");
    assert_eq!(doc["ok"], false);
    let d = &doc["divergence"];
    assert_eq!(d["code"], "G007", "{doc}");
    assert_eq!(d["file"], report.display().to_string());
    assert_eq!(d["line"], 5);
    assert_eq!(d["kept"], "Seed: something else");
    assert_eq!(d["replayed"], kept.lines().nth(4).unwrap());
    assert_eq!(
        doc["turns"],
        serde_json::json!(["setup-Blue", "setup-Red", "1-Blue"])
    );

    // The first state edited by hand: refused as such, S002.
    fs::write(&report, kept).unwrap();
    let state = dir.join("00-setup-blue.state.ron");
    let text = fs::read_to_string(&state).unwrap();
    fs::write(&state, text.replacen("demo", "dem0", 1)).unwrap();
    let doc = json(&[&dir], "verify", 1, "verify");
    assert_eq!(doc["divergence"]["code"], "S002", "{doc}");
}

#[test]
fn a_failure_prints_its_code_and_exits_2() {
    let (_tmp, dir) = demo();
    let missing = dir.join("no-such.state.ron");
    let orders = dir.join("04-2-blue.orders.toml");
    let doc = json(&[&missing, &orders], "check", 2, "failure");
    assert_eq!(doc["error"]["code"], "F003");
    assert_eq!(doc["command"], "check");
    let doc = json(&[&missing], "show", 2, "failure");
    assert_eq!(doc["error"]["code"], "F003");

    let state = dir.join("04-2-blue.state.ron");
    let text = fs::read_to_string(&state).unwrap();
    fs::write(&state, text.replacen("demo", "dem0", 1)).unwrap();
    let doc = json(&[&state], "report", 2, "failure");
    assert_eq!(doc["error"]["code"], "S002");
    assert!(doc["error"]["message"]
        .as_str()
        .unwrap()
        .contains("04-2-blue.state.ron"));
}

/// The template of `state` with `orders` written in before its end marker: the header
/// (game, side, turn, state hash) is the template's.
fn fill(state: &Path, orders: &str, out: &Path) {
    let template = state
        .to_string_lossy()
        .replace(".state.ron", ".template.toml");
    let text = fs::read_to_string(template).unwrap();
    let end = "# ---- END BLITZ ORDERS ----";
    fs::write(out, text.replace(end, &format!("{orders}\n{end}"))).unwrap();
}

/// Optional rule 19 through the binary: units set up at sea (19.1), land and move on,
/// go to sea and sail (19.2-19.3); `show` and `report` give them by their schemas.
#[test]
fn a_sea_movement_game_shows_and_reports_by_its_schema_19() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    blitz()
        .args(["new", "--game", "sea", "--blue", "A <a@example.org>"])
        .args(["--red", "B <b@example.org>", "--sender", "u@example.org"])
        .args(["--seed", "text", "--optional", "19", "--out"])
        .arg(&dir)
        .assert()
        .success();
    let orders = tmp.path().join("o.toml");
    let set_up = "[[setup]]\nunits = [\"B-1IN\", \"B-2IN\"]\nat_sea = \"B\"\n\n[[setup]]\nunit = \"B-3IN\"\nhex = \"C20\"\n";
    let moves = "[[sea]]\nunit = \"B-1IN\"\nland = \"C20\"\npath = [\"D20\"]\n\n[[move]]\nunit = \"B-3IN\"\nto_sea = \"B\"\n\n[[sea]]\nunit = \"B-2IN\"\nto = \"A\"\n";
    for (stem, text) in [
        ("00-setup-blue", set_up),
        ("01-setup-red", ""),
        ("02-1-blue", moves),
    ] {
        let state = dir.join(format!("{stem}.state.ron"));
        fill(&state, text, &orders);
        blitz()
            .arg("resolve")
            .arg(&state)
            .arg(&orders)
            .assert()
            .success();
    }
    let state = dir.join("03-1-red.state.ron");
    let shown = json(&[&state], "show", 0, "show");
    let blue = &shown["sides"][0];
    assert_eq!(blue["at_sea"][0]["zone"], "A");
    assert_eq!(blue["at_sea"][0]["units"][0]["id"], "B-2IN");
    assert_eq!(blue["at_sea"][1]["units"][0]["id"], "B-3IN");
    assert!(shown["sides"][1].get("at_sea").is_none(), "{shown}");
    let report = json(&[&state], "report", 0, "report");
    let kinds: Vec<&str> = report["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.as_object().and_then(|o| o.keys().next()))
        .map(String::as_str)
        .collect();
    for kind in ["Landed", "Moved", "PutToSea", "Sailed"] {
        assert!(kinds.contains(&kind), "{kind}: {kinds:?}");
    }
    let setup = json(
        &[&dir.join("01-setup-red.state.ron")],
        "report",
        0,
        "report",
    );
    assert!(setup.to_string().contains("SetUpAtSea"), "{setup}");
    let text = blitz().arg("report").arg(&state).assert().success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("B-1IN     lands from zone B at C20 (1 MF) (19.2)"),
        "{text}"
    );
    assert!(text.contains("    zone A: B-2IN 4-4"), "{text}");
}

/// Optional rule 20 through the binary: two units at sea are placed on the assault hex
/// FFF56 next to Red's unit on the beach hex FFF55 (20.31), attack it from the sea
/// (20.33) and after combat go ashore or are eliminated (20.34-20.35); the report gives
/// each of those events by its schema.
#[test]
fn an_opposed_invasion_reports_by_its_schema_20_3() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    let position = "turn = 1\nside = \"blue\"\n\n[[stack]]\nhex = \"FFF55\"\nunits = [\"R-1IN\"]\n\n[[stack]]\nhex = \"C20\"\nunits = [\"B-3IN\"]\n\n[[at_sea]]\nzone = \"D\"\nunits = [\"B-1IN\", \"B-2IN\"]\n";
    fs::write(&pos, position).unwrap();
    let dir = tmp.path().join("game");
    blitz()
        .args(["-q", "new", "--game", "beach", "--blue", "a@example.org"])
        .args([
            "--red",
            "b@example.org",
            "--seed",
            "text",
            "--optional",
            "19,20",
        ])
        .arg("--position")
        .arg(&pos)
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    let state = dir.join("02-1-blue.state.ron");
    let orders = tmp.path().join("o.toml");
    let body = "[seed]\nsource = \"text\"\ndescription = \"the winning numbers\"\ntime = \"2026-01-02T20:45:00Z\"\n\n[[sea]]\nunits = [\"B-1IN\", \"B-2IN\"]\nassault = \"FFF56\"\n\n[[attack]]\nid = \"A1\"\nunits = [\"B-1IN\", \"B-2IN\"]\ntarget = \"FFF55\"\n";
    fill(&state, body, &orders);
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&orders)
        .args(["--seed-text", "7 12 19 23 31 40"])
        .assert()
        .success();
    let next = dir.join("03-1-red.state.ron");
    let report = json(&[&next], "report", 0, "report");
    let events = report["events"].as_array().unwrap();
    let of = |kind: &str, unit: &str| events.iter().filter(|e| e[kind]["unit"] == unit).count();
    for unit in ["B-1IN", "B-2IN"] {
        assert_eq!(of("AssaultPlaced", unit), 1, "{report}");
        assert_eq!(
            of("WentAshore", unit) + of("Eliminated", unit),
            1,
            "{report}"
        );
    }
    json(&[&next], "show", 0, "show");
}
