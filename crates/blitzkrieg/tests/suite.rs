//! Every integration test of the rules crate in one test binary, each file of `tests/` a
//! module of it, so the crate and its dependencies are linked once for all of them
//! instead of once per file (`docs/testing.md`). A test keeps its file's name as its
//! module: `cargo test -p blitzkrieg --test suite board_facts::` runs the tests of
//! `tests/board_facts.rs`. The files that are test binaries of their own are listed in
//! `Cargo.toml` (`[[test]]`), with the reason; [`every_test_file_is_run`] fails when a
//! file of `tests/` is neither, as it would then never run (`autotests = false`).

#[path = "board_facts.rs"]
mod board_facts;
#[path = "board_loader.rs"]
mod board_loader;
#[path = "combat_effects.rs"]
mod combat_effects;
#[path = "combat_rules.rs"]
mod combat_rules;
#[path = "coverage_rules.rs"]
mod coverage_rules;
#[path = "eighty5_costs.rs"]
mod eighty5_costs;
#[path = "embedded_hashes.rs"]
mod embedded_hashes;
#[path = "hex_props.rs"]
mod hex_props;
#[path = "layers.rs"]
mod layers;
#[path = "map_picture.rs"]
mod map_picture;
#[path = "movement_cities.rs"]
mod movement_cities;
#[path = "movement_placement.rs"]
mod movement_placement;
#[path = "movement_props.rs"]
mod movement_props;
#[path = "movement_rules.rs"]
mod movement_rules;
#[path = "movement_support/mod.rs"]
mod movement_support;
#[path = "named_seed.rs"]
mod named_seed;
#[path = "orders_props.rs"]
mod orders_props;
#[path = "pbem_game.rs"]
mod pbem_game;
#[path = "pending_decisions.rs"]
mod pending_decisions;
#[path = "pending_steps.rs"]
mod pending_steps;
#[path = "position_file.rs"]
mod position_file;
#[path = "reach_check.rs"]
mod reach_check;
#[path = "report_glance.rs"]
mod report_glance;
#[path = "rules_coverage_doc.rs"]
mod rules_coverage_doc;
#[path = "strategic_movement.rs"]
mod strategic_movement;
#[path = "tables_crosscheck.rs"]
mod tables_crosscheck;
#[path = "tables_embedded.rs"]
mod tables_embedded;
#[path = "tables_rules.rs"]
mod tables_rules;
#[path = "template_notes.rs"]
mod template_notes;
#[path = "units_data.rs"]
mod units_data;
#[path = "units_loader.rs"]
mod units_loader;
#[path = "victory_rules.rs"]
mod victory_rules;
// 35.31: the push of beach defenders.
#[path = "ascendancy_push.rs"]
mod ascendancy_push;
// The long game decided by drand beacons (issue 29).
#[path = "long_game.rs"]
mod long_game;

/// Every `.rs` file of `tests/` is a module of this suite or a test target of its own
/// in `Cargo.toml`: with `autotests = false`, a file that is neither never runs.
#[test]
fn every_test_file_is_run() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let suite = std::fs::read_to_string(dir.join("suite.rs")).unwrap_or_default();
    let manifest = std::fs::read_to_string(dir.join("../Cargo.toml")).unwrap_or_default();
    let mut lost: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rs") && n != "suite.rs")
        .filter(|n| {
            !suite.contains(&format!("#[path = \"{n}\"]"))
                && !manifest.contains(&format!("path = \"tests/{n}\""))
        })
        .collect();
    lost.sort();
    assert!(
        lost.is_empty(),
        "these files of tests/ never run: add each to tests/suite.rs as a module, or to \
         Cargo.toml as a [[test]]: {lost:?}"
    );
}
