//! Every integration test of Mori's crate in one test binary, each file of `tests/` a
//! module of it, so the crate and its dependencies are linked once for all of them
//! instead of once per file (`docs/testing.md`). A test keeps its file's name as its
//! module: `cargo test -p mori --test suite balance::` runs the tests of
//! `tests/balance.rs`. The files that are test binaries of their own are listed in
//! `Cargo.toml` (`[[test]]`), with the reason; [`every_test_file_is_run`] fails when a
//! file of `tests/` is neither, as it would then never run (`autotests = false`).

#[path = "balance.rs"]
mod balance;
#[path = "cheats.rs"]
mod cheats;
#[path = "common/mod.rs"]
mod common;
#[path = "data.rs"]
mod data;
#[path = "demo.rs"]
mod demo;
#[path = "properties.rs"]
mod properties;
#[path = "snapshots.rs"]
mod snapshots;

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
