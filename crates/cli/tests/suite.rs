//! Every integration test of the `blitz` binary in one test binary, each file of `tests/` a
//! module of it, so the crate and its dependencies are linked once for all of them
//! instead of once per file (`docs/testing.md`). A test keeps its file's name as its
//! module: `cargo test -p blitz --test suite board_cli::` runs the tests of
//! `tests/board_cli.rs`. The files that are test binaries of their own are listed in
//! `Cargo.toml` (`[[test]]`), with the reason; [`every_test_file_is_run`] fails when a
//! file of `tests/` is neither, as it would then never run (`autotests = false`).

#[path = "air_combat_cli.rs"]
mod air_combat_cli;
#[path = "air_desk_cli.rs"]
mod air_desk_cli;
#[path = "air_transport_cli.rs"]
mod air_transport_cli;
#[path = "ascendancy_cli.rs"]
mod ascendancy_cli;
#[path = "board_cli.rs"]
mod board_cli;
#[path = "commit_mail.rs"]
mod commit_mail;
#[path = "conventions_cli.rs"]
mod conventions_cli;
#[path = "correction_mail.rs"]
mod correction_mail;
// 33: the '85 sample.
#[path = "demo_85.rs"]
mod demo_85;
#[path = "demo_optional.rs"]
mod demo_optional;
#[path = "demo_tournament.rs"]
mod demo_tournament;
#[path = "demo_war.rs"]
mod demo_war;
#[path = "dice_cli_roll.rs"]
mod dice_cli_roll;
// 37.2: BLITZKRIEG '85.
#[path = "eighty5_cli.rs"]
mod eighty5_cli;
#[path = "game_cli.rs"]
mod game_cli;
#[path = "game_limits.rs"]
mod game_limits;
#[path = "hostile_input.rs"]
mod hostile_input;
#[path = "html_replay.rs"]
mod html_replay;
#[path = "json_cli.rs"]
mod json_cli;
#[path = "kill_resolve.rs"]
mod kill_resolve;
#[path = "mail_check_roundtrip.rs"]
mod mail_check_roundtrip;
#[path = "mail_roundtrip.rs"]
mod mail_roundtrip;
#[path = "mail_smtp.rs"]
mod mail_smtp;
#[path = "map_mail.rs"]
mod map_mail;
#[path = "messages_cli.rs"]
mod messages_cli;
#[path = "mori_cli.rs"]
mod mori_cli;
#[path = "position_cli.rs"]
mod position_cli;
#[path = "reach_cli.rs"]
mod reach_cli;
#[path = "rulesets.rs"]
mod rulesets;
#[path = "sample/mod.rs"]
mod sample;
#[path = "seed_cli_commit.rs"]
mod seed_cli_commit;
#[path = "seed_fetch.rs"]
mod seed_fetch;
#[path = "seed_trust.rs"]
mod seed_trust;
#[path = "signed_orders.rs"]
mod signed_orders;
#[path = "staging_trust.rs"]
mod staging_trust;
#[path = "steps_cli.rs"]
mod steps_cli;
#[path = "support/mod.rs"]
mod support;
#[path = "tables_cli.rs"]
mod tables_cli;
#[path = "upgrade.rs"]
mod upgrade;
#[path = "verify_cli.rs"]
mod verify_cli;
#[path = "verify_mail.rs"]
mod verify_mail;
// 34 (weather)
#[path = "weather_cli.rs"]
mod weather_cli;
// 32.5-32.6 (hunt and strafe)
#[path = "hunt_cli.rs"]
mod hunt_cli;
// 32.7-32.75: patrol.
#[path = "patrol_cli.rs"]
mod patrol_cli;
// 32.3: a defender who does not answer, and the air sample.
#[path = "demo_air.rs"]
mod demo_air;
#[path = "no_answer_cli.rs"]
mod no_answer_cli;
// 32.3, 003 32.3: the wait-out in a vacant hex.
#[path = "wait_out_cli.rs"]
mod wait_out_cli;

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
