//! `blitz demo DIR --sample war` through the real binary: turns 6-8 of a Tournament
//! Game with the optional rules 33-36, from a position, are written, `verify` accepts
//! them, and the reports and templates show each rule at work: a port, a city-road and
//! (at night) a city's supply and industry bombed and marked (33.3-33.6), a sea zone
//! changing ascendancy (35), a side short of oil (36.2), the weather of turn 8 rolled
//! by Red's seed of turn 7 and named before Blue writes (34).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample;

use sample::{blitz, report};
use std::fs;
use std::path::Path;

/// `text` with every run of white space one space: report lines wrap at 78 columns.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every one of `phrases` is in the report `stem` (its lines joined).
fn report_has(dir: &Path, stem: &str, phrases: &[&str]) {
    let text = flat(&report(dir, stem));
    for p in phrases {
        assert!(text.contains(p), "{stem}: `{p}` not in\n{text}");
    }
}

#[test]
fn war_sample_plays_turns_6_to_8_verifies_and_shows_rules_33_to_36() {
    let (_tmp, dir) = sample::play("war", "8-Blue", "turns 6-8 from a position");
    assert!(dir.join("16-8-blue.orders.toml").exists());
    assert!(dir.join("17-8-red.template.toml").exists());
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains("5 player-turns replayed"));

    // 33.3, 33.4: by day, a port and a city-road bombed and marked; 35.21: zone C of
    // Red naval superiority as Blue's player-turn begins.
    report_has(
        &dir,
        "12-6-blue",
        &[
            "zone C: Blue 1, Red 10: Red naval superiority (35.21)",
            "Bombing of the port facility of NN48 by B-1SAC, B-2SAC with 8 factors",
            "PX placed (33.3)",
            "Bombing of the city-road of NN49 by B-SAC2A, B-SAC2B with 4 factors",
            "RCX placed (33.4)",
        ],
    );
    // 35.1, 35.23: the damaged port and its aircraft give no points: zone C changes;
    // 36.1, 36.22: Zelin in a Blue ZOC leaves Red two oil cities.
    report_has(
        &dir,
        "13-6-red",
        &[
            "Resources Red has 2 oil, 3 basic industry, 3 naval stores cities in use: short of oil (36.22)",
            "zone C: Blue 1, Red 1: uncontrolled, was Red naval superiority (35.23)",
        ],
    );
    let red_template = fs::read_to_string(dir.join("13-6-red.template.toml")).unwrap();
    for line in [
        "# PX on NN48, off after Blue's player-turn 7 (33.3-33.5)",
        "# RCX on NN49, off after Blue's player-turn 7 (33.3-33.5)",
        "#   Red has 2 oil, 3 basic industry, 3 naval stores cities in use: short of oil (36.22)",
    ] {
        assert!(red_template.contains(line), "{line}\n{red_template}");
    }
    // 33.5, 33.6: at night, operational hazards first, then the bombing.
    report_has(
        &dir,
        "14-7-blue",
        &[
            "Bombers over NN48: operational hazards of night bombing",
            "Bombing of the city supply and industry of NN48 at night by",
            "SRIX placed (33.6)",
        ],
    );
    // 33.3 (reading bomb-marker-33-3): the PX comes off after Blue's turn 7, and zone C
    // is Red's again.
    report_has(
        &dir,
        "15-7-red",
        &[
            "zone C: Blue 1, Red 10: Red naval superiority, was uncontrolled (35.21)",
            "weather of complete-turn 8 rolled: Rain",
        ],
    );
    // 34: Blue's template named the weather before he wrote; his report plays in it.
    let blue_template = fs::read_to_string(dir.join("16-8-blue.template.toml")).unwrap();
    assert!(
        blue_template.contains("# Weather of complete-turn 8 (34): Rain, for both"),
        "{blue_template}"
    );
    report_has(&dir, "16-8-blue", &["weather of complete-turn 8: Rain"]);

    // Report lines keep to 78 columns, and every turn mail keeps the size budget.
    for e in fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.to_string_lossy().ends_with(".report.txt") {
            for line in fs::read_to_string(&p).unwrap().lines() {
                assert!(line.chars().count() <= 78, "{}: {line}", p.display());
            }
        }
    }
    // The turn mails, that is: the opening mail carries the orders guide as well.
    for e in fs::read_dir(dir.join("outbox")).unwrap() {
        let m = e.unwrap().path();
        if m.to_string_lossy().ends_with("-new.eml") {
            continue;
        }
        let size = fs::metadata(&m).unwrap().len();
        assert!(size < 300_000, "{} is {size} bytes", m.display());
    }
}
