//! The layers the crate keeps (`docs/design.md`, "Layers"): the persisted model (the
//! state, the position, the events and `model/`) imports no rule module, so the rules
//! import the model and never the other way round; the setup (the rule data and the
//! optional rules and readings a game was created with) imports the model and nothing
//! of the rules it sets up.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, with its text up to its unit tests.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = fs::read_to_string(&p).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            out.push((p.display().to_string(), code));
        }
    }
}

/// The files of the model: what a state file holds, and nothing that judges it.
fn model_files() -> Vec<(String, String)> {
    let src = src();
    let mut all = Vec::new();
    sources(&src.join("model"), &mut all);
    sources(&src.join("position"), &mut all);
    for f in ["state.rs", "position.rs", "event.rs"] {
        let p = src.join(f);
        let text = fs::read_to_string(&p).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
        all.push((p.display().to_string(), code));
    }
    all
}

/// The modules a model file may name: the model itself and the plain vocabulary under
/// it (hexes, units, markers, the board, odds, tables, rule citations, the orders as
/// written and the aircraft's events).
const BELOW_THE_RULES: &[&str] = &[
    "model", "state", "position", "event", "hex", "units", "marker", "board", "odds", "tables",
    "cite", "orders",
];

/// Every `crate::` path in `text`, from its first segment on.
fn crate_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + "crate::".len()..];
        let end = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(after.len());
        out.push(after[..end].trim_end_matches(':').to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn the_model_imports_no_rule_module() {
    let files = model_files();
    assert!(files.len() >= 8, "read {} model files", files.len());
    let mut wrong = Vec::new();
    for (file, text) in &files {
        for path in crate_paths(text) {
            let first = path.split("::").next().unwrap_or("");
            if !BELOW_THE_RULES.contains(&first) {
                wrong.push(format!("{file} names crate::{path}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the model names a rule module:\n{}",
        wrong.join("\n")
    );
}

/// `files` (paths under `src/`) with their text up to their unit tests.
fn read(files: &[&str]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|f| {
            let p = src().join(f);
            let text = fs::read_to_string(&p).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (p.display().to_string(), code)
        })
        .collect()
}

/// The setup: the rule data (`rules.rs`, the compiled rule book) and the optional
/// rules, readings and figures a game was created with (`ruleset.rs`, `readings.rs`),
/// with the '85 figures the counters of a game of '85 are made from (its helicopters
/// and transport aircraft).
const SETUP: &[&str] = &[
    "rules.rs",
    "ruleset.rs",
    "readings.rs",
    "compiled.rs",
    "eighty5/mod.rs",
    "eighty5/helicopter.rs",
    "eighty5/transport.rs",
];

/// The modules a setup file may name besides the model's: the setup itself.
const SETUP_MODULES: &[&str] = &["rules", "ruleset", "readings", "compiled", "eighty5"];

/// The figures of every rule (32's, 35's and 36's among them) stand in the setup, so
/// the rule book a game holds names no rule module, and no rule calls back into it.
#[test]
fn the_setup_names_no_rule_module() {
    let mut wrong = Vec::new();
    for (file, text) in read(SETUP) {
        for path in crate_paths(&text) {
            let first = path.split("::").next().unwrap_or("");
            let eighty5 = first == "eighty5"
                && !path.starts_with("eighty5::helicopter")
                && !path.starts_with("eighty5::transport");
            if eighty5 || !(BELOW_THE_RULES.contains(&first) || SETUP_MODULES.contains(&first)) {
                wrong.push(format!("{file} names crate::{path}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the setup names a rule module:\n{}",
        wrong.join("\n")
    );
}

/// The roll a rule draws (`roll.rs`) sits under every rule that draws one: it names
/// no module of the crate.
#[test]
fn the_roll_a_rule_draws_names_no_module_of_the_crate() {
    for (file, text) in read(&["roll.rs"]) {
        assert!(text.contains("pub type DrawRoll"), "{file} lost DrawRoll");
        assert_eq!(crate_paths(&text), Vec::<String>::new(), "{file}");
    }
}

/// The plain data that rule modules once held and lower files name: each old path is
/// a re-export of the model's or the setup's type (an arrow down), never the type
/// itself, so the events, the orders and the rule book need no rule module.
#[test]
fn the_types_moved_down_are_re_exported_from_below() {
    let moved = [
        ("air/mod.rs", "pub use crate::model::air::AirEvent;"),
        (
            "air/mod.rs",
            "pub use crate::model::mission::{Mission, MissionKind};",
        ),
        ("air/mission.rs", "pub use crate::model::flight::Flights;"),
        (
            "air_combat/intercept.rs",
            "pub use crate::model::air::AirFire;",
        ),
        (
            "bombing/resolve.rs",
            "pub use crate::model::strike::{Hazard, Strike};",
        ),
        (
            "weather/mod.rs",
            "pub use crate::model::weather::{effects, WeatherEvent};",
        ),
        ("supply.rs", "pub use crate::position::is_cut_off;"),
        ("air/strategic.rs", "pub use crate::roll::DrawRoll;"),
        ("minor/reduce.rs", "pub use crate::roll::DrawRoll;"),
        (
            "air_combat/mod.rs",
            "pub use crate::ruleset::AirCombatFigures;",
        ),
        (
            "ascendancy/mod.rs",
            "pub use crate::ruleset::AscendancyFigures;",
        ),
        (
            "resources/mod.rs",
            "pub use crate::ruleset::ResourceFigures;",
        ),
    ];
    for (file, line) in moved {
        let text = fs::read_to_string(src().join(file)).unwrap();
        assert!(text.contains(line), "{file} lost `{line}`");
    }
    for (file, def) in [
        ("air/mod.rs", "pub enum AirEvent"),
        ("air/mod.rs", "pub struct Mission"),
        ("air/mission.rs", "pub struct Flights"),
        ("air_combat/intercept.rs", "pub struct AirFire"),
        ("bombing/resolve.rs", "pub struct Strike"),
        ("weather/mod.rs", "pub enum WeatherEvent"),
        ("air/strategic.rs", "pub type DrawRoll"),
        ("minor/reduce.rs", "pub type DrawRoll"),
        ("air_combat/mod.rs", "pub struct AirCombatFigures"),
        ("ascendancy/mod.rs", "pub struct AscendancyFigures"),
        ("resources/mod.rs", "pub struct ResourceFigures"),
    ] {
        let text = fs::read_to_string(src().join(file)).unwrap();
        assert!(
            !text.contains(def),
            "{file} defines `{def}` again: it is the model's or the setup's"
        );
    }
}

#[test]
fn the_guard_sees_a_rule_module() {
    let text = "use crate::combat::Outcome;\nuse crate::hex::Hex;\nfn f() { crate::engine::position_of(); }";
    assert_eq!(
        crate_paths(text),
        ["combat::Outcome", "hex::Hex", "engine::position_of"]
    );
}

/// The crates that draw, send mail or read and write files: the desk's business.
const DESK_DEPENDENCIES: &[&str] = &[
    "resvg",
    "usvg",
    "tiny-skia",
    "png",
    "dejavu",
    "lettre",
    "chrono",
    "tempfile",
    "blitzkrieg-desk",
];

/// The names of the `[dependencies]` of `manifest` (not the dev- or build-dependencies).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['.', '=', ' ']).next().unwrap_or("");
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn the_rules_crate_has_no_drawing_mail_or_file_dependency() {
    let manifest =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let deps = dependencies(&manifest);
    assert!(deps.iter().any(|d| d == "pbem"), "read {deps:?}");
    for d in &deps {
        assert!(
            !DESK_DEPENDENCIES.contains(&d.as_str()),
            "the rules crate depends on {d}: drawing, mail and files are blitzkrieg-desk's"
        );
    }
    let sample = "[dependencies]\npbem.workspace = true\nresvg = \"1\"\n[dev-dependencies]\ntempfile = \"3\"\n";
    assert_eq!(dependencies(sample), ["pbem", "resvg"]);
}

#[test]
fn no_rule_module_names_the_desk() {
    let mut all = Vec::new();
    sources(&src(), &mut all);
    assert!(all.len() > 60, "read {} files", all.len());
    for (file, text) in all {
        for desk in ["blitzkrieg_desk", "resvg::", "lettre::", "pbem::mail"] {
            assert!(!text.contains(desk), "{file} names {desk}");
        }
    }
}

/// The engine drives the rules; no rule calls back up into it (supply reads the
/// position a state stands for through `minor::position_of`, not the engine).
#[test]
fn no_module_names_the_engine_but_the_engine() {
    let mut all = Vec::new();
    sources(&src(), &mut all);
    for (file, text) in all {
        if file.ends_with("engine.rs") {
            continue;
        }
        assert!(!text.contains("crate::engine"), "{file} names the engine");
    }
}
