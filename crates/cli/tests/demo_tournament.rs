//! `blitz demo DIR --sample tournament` through the real binary: the Tournament Game
//! sample (rules 24-30) is written, `verify` accepts it, it gives the same bytes on
//! every run, and its reports show each rule at work.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample;

use sample::{assert_has, assert_same_files, blitz, report};
use std::fs;
use std::path::PathBuf;

/// Plays the sample into a fresh folder: (the temp dir guard, the folder).
fn demo_tournament() -> (tempfile::TempDir, PathBuf) {
    sample::play("tournament", "5-Red", "set-up and turns 1-5")
}

#[test]
fn tournament_sample_plays_set_up_and_five_turns_and_verifies() {
    let (_tmp, dir) = demo_tournament();
    assert!(dir.join("11-5-red.orders.toml").exists());
    assert!(dir.join("12-6-blue.template.toml").exists());
    blitz().arg("verify").arg(&dir).assert().success();
    for e in fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.to_string_lossy().ends_with(".report.txt") {
            for line in fs::read_to_string(&p).unwrap().lines() {
                assert!(line.chars().count() <= 78, "{}: {line}", p.display());
            }
        }
    }
}

#[test]
fn tournament_sample_reports_show_tgat_substitutes_barrage_minor_country_bombing_and_replacements()
{
    let (_tmp, dir) = demo_tournament();
    // 29.2, 29.4, 26.2: New Endor invaded, Endmark reduced on the MCRT, a loss made up.
    assert_has(
        &report(&dir, "02-1-blue"),
        &[
            "New Endor is invaded: B-1AR entered LL23; Blue is its aggressor and Red its",
            "Battles     1: M1 against the city PP27: 5 lost, reduced (MCRT)",
            "Blue lost   B-3AR (reduced), B-AR1A, B-1IN (reduced)",
            "the city PP27 of New Endor with 19 factors (MCRT 5*, 29.4)",
            "the attackers lose 5 factors; the city is reduced",
            "B-3AR reduced in OO26: battle M1 against the city PP27 (MCRT): takes 5 of",
            "B-3AR's 1 factor left made up by B-AR1A in OO26 (26.2)",
            "guerrillas in New Endor: Blue removes 2 factors",
        ],
    );
    // 25.1, 26.2, 30.42: TGAT battles with factor losses and substitutes, strategic bombing.
    assert_has(
        &report(&dir, "03-1-red"),
        &[
            "R-1SAC    flies a strategic mission from BBB33 over OO27 (30.42)",
            "Strategic bombing of OO27 by R-1SAC with 4 factors",
            "TGAT PBM, row 1, column 1-1: 2 2 / - - (attacker loses 2 factors and",
            "R-2AR's 4 factors left made up by R-AR2A, R-AR2B in PP27 (26.2",
            "R-1TAC    changes base BBB33-VV25 (30.7)",
        ],
    );
    // 25.2, 30.41: a barrage on the BBT, then a battle with tactical bombing.
    assert_has(
        &report(&dir, "05-2-red"),
        &[
            "Barrage b1 on PP27",
            "the defender loses 2 factors (25.2, BBT)",
            "R-1TAC    flies a tactical mission from VV25 over PP27 supporting battle A1",
            "attacker R-1TAC    from VV25     4",
            "R-1MDM's 3 factors left made up by R-MDM2A, R-MDM1A in VV25 (26.2",
        ],
    );
    // 27.4, 27.2: rangers go to sea from an open coast and land on another.
    assert_has(
        &report(&dir, "06-3-blue"),
        &["B-1RG     goes to sea from B22 into zone B (27.4)"],
    );
    assert_has(
        &report(&dir, "08-4-blue"),
        &["B-1RG     lands from zone B on the coast at B23 (1 MF), rangers, not a beach"],
    );
    // 30.7, 30.8, 30.42: a change of base, then strategic bombing at double strength.
    assert_has(
        &report(&dir, "07-3-red"),
        &["R-1SAC    changes base BBB33-VV25 (30.7)"],
    );
    assert_has(
        &report(&dir, "09-4-red"),
        &[
            "R-1SAC    flies a strategic mission from VV25 over OO27, at double strength",
            "Strategic bombing of OO27 by R-1SAC with 8 factors",
            "B-4AR's 5 factors left made up by B-AR2A, B-AR2B, B-AR1A in OO27 (26.2,",
        ],
    );
    // 28: replacements from turn 5.
    assert_has(
        &report(&dir, "10-5-blue"),
        &[
            "B-IN2B    enters as a replacement in Q17 (28.1, 6.3)",
            "B-TAC2A   enters as a replacement in I12 (28.5, 6.3)",
        ],
    );
    assert_has(
        &report(&dir, "11-5-red"),
        &["R-AR2E    enters as a replacement in III37 (28.1, 6.3)"],
    );
}

/// Asserts that `lines` appear in `text` in this order.
fn assert_in_order(text: &str, lines: &[&str], what: &str) {
    let places: Vec<usize> = lines
        .iter()
        .map(|l| {
            text.find(l)
                .unwrap_or_else(|| panic!("{what}: the report lacks `{l}`:\n{text}"))
        })
        .collect();
    assert!(
        places.is_sorted(),
        "{what} out of the 003 sequence: {places:?}\n{text}"
    );
}

/// 003's Sequence of Play for the Tournament Game (and its PBEM version, which moves
/// the attacks' announcement and the guerrilla action forward): supply (with 29.7's
/// payment), movement with staging, missions and replacements, recombination, combat
/// (BBT, then TGAT, in the orders' order), return to base, guerrilla action. The
/// phases of weather (34), critical resources (36), naval ascendancy (35) and the
/// fighters' (32) are not built.
#[test]
fn tournament_sample_player_turns_follow_the_003_sequence_of_play() {
    let (_tmp, dir) = demo_tournament();
    let red = report(&dir, "05-2-red");
    let order = [
        "SUPPLY (23)",
        "MOVEMENT",
        "BBT PBM, row 4, column 8-11: 2 (25.2, BBT)",
        "TGAT PBM, row 3, column 2-1: 1 - / 1 1",
        "AIR UNITS RETURN TO BASE (30.5)",
    ];
    assert_in_order(&red, &order, "2-Red");
    let blue = report(&dir, "02-1-blue");
    let order = [
        "SUPPLY (23)",
        "MOVEMENT",
        "Battle M1: B-1AR (3) from OO26",
        "guerrillas in New Endor: Blue removes 2 factors",
    ];
    assert_in_order(&blue, &order, "1-Blue");
}

#[test]
fn tournament_sample_gives_the_same_bytes_on_every_run() {
    let (_a, one) = demo_tournament();
    let (_b, two) = demo_tournament();
    let compared = assert_same_files(&one, &two);
    assert!(compared > 30, "only {compared} files");
}

/// 30.12: the Tournament Game's template is indented as every other (no comment line
/// starts with spaces), and `lose` says what it is in the Tournament Game (the order
/// units give up factors in, 25.1), not the Basic Game's "on AE or EX".
#[test]
fn tournament_template_is_flush_and_words_lose_for_the_tgat() {
    let (_tmp, dir) = demo_tournament();
    let template = std::fs::read_to_string(dir.join("12-6-blue.template.toml")).unwrap();
    let indented: Vec<&str> = template
        .lines()
        .filter(|l| l.starts_with(' ') && l.trim_start().starts_with('#'))
        .collect();
    assert!(indented.is_empty(), "{indented:#?}");
    assert!(template.contains("# [[breakdown]]"), "{template}");
    assert!(
        template.contains(
            "# lose = [\"UNIT\"]        # the order your units give up factors in (25.1, TGAT)"
        ),
        "{template}"
    );
    assert!(!template.contains("on AE or EX"), "{template}");
}
