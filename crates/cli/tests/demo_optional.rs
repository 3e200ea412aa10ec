//! `blitz demo DIR --sample optional` through the real binary: the optional-rules
//! sample game (19 sea movement, 20 invasions, 21 automatic victory, 22 strategic
//! movement, 23 combat supply) is written, `verify` accepts it, and its reports show each rule at work.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample;

use predicates::prelude::*;
use sample::{assert_has, assert_same_files, blitz, report};
use std::fs;
use std::path::{Path, PathBuf};

/// Plays the sample into a fresh folder: (the temp dir guard, the folder).
fn demo_optional() -> (tempfile::TempDir, PathBuf) {
    sample::play("optional", "4-Red", "set-up and turns 1-4")
}

fn count_ending(dir: &Path, ending: &str) -> usize {
    fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .to_string_lossy()
                .ends_with(ending)
        })
        .count()
}

#[test]
fn optional_sample_plays_set_up_and_four_turns_and_verifies() {
    let (_tmp, dir) = demo_optional();
    assert_eq!(count_ending(&dir, ".orders.toml"), 10);
    assert_eq!(count_ending(&dir, ".state.ron"), 11);
    assert!(dir.join("10-5-blue.template.toml").exists());
    // Only 2-Red has a battle, decided by a recorded drand round.
    assert_eq!(count_ending(&dir, ".seed.json"), 1);
    assert_eq!(count_ending(&dir.join("outbox"), ".eml"), 11);
    let red2 = report(&dir, "05-2-red");
    assert!(
        red2.contains("Seed        drand quicknet round 657413"),
        "{red2}"
    );
    assert!(red2.contains("Battle A1 against RR28"), "{red2}");
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "10 player-turns replayed, all of them: every one of its 11 states follows",
        ));
}

#[test]
fn optional_sample_reports_show_sea_invasion_av_strategic_movement_and_supply() {
    let (_tmp, dir) = demo_optional();
    let setup = report(&dir, "00-setup-blue");
    assert!(
        setup.contains("B-1MIN    sets up at sea in zone A (19.1)"),
        "{setup}"
    );
    let blue1 = report(&dir, "02-1-blue");
    assert_has(
        &blue1,
        &[
            "B-1MIN    sails from zone A to zone B (19.2, 19.5)",
            "B-9IN     goes to sea from U11 into zone A (19.3)",
            "S25-S24-S23-S22-S21-S20-S19-S18-S17 (8 of 8 MF",
            "strategic movement: 4 extra MF, clear of the enemy all player-turn",
            "every Blue unit traces a supply route (23.1-23.3)",
        ],
    );
    let red1 = report(&dir, "03-1-red");
    assert_has(
        &red1,
        &[
            "AV (21)     1: against UU27 (38:4 reduce to 9-1)",
            "Automatic victory against UU27",
            "odds 38:4 reduce to 9-1: at least 7-1 (21.1)",
            "B-3IN eliminated in UU27: beaten by automatic victory",
        ],
    );
    let blue2 = report(&dir, "04-2-blue");
    assert_has(
        &blue2,
        &[
            "cut off from supply: B-18AR, B-1AR, B-2AR, B-3AR, B-4AR, B-5AR: half",
            "B-1MIN    lands from zone B at C20 (1 MF) (19.2)",
            "(1 2/3 of 3 MF",
        ],
    );
    let blue3 = report(&dir, "06-3-blue");
    assert_has(
        &blue3,
        &[
            "cut off from supply: B-1AR, B-2AR, B-3AR: half movement",
            "B-9IN     invades beach `endor` from zone A, landing on OO21 (1 MF) (20.4,",
        ],
    );
    // 23.5: the stack still cut off from every road is supplied through the beach hex
    // invaded last player-turn, and moves more than half its 6 MF.
    let blue4 = report(&dir, "08-4-blue");
    assert_has(
        &blue4,
        &[
            "every Blue unit traces a supply route (23.1-23.3)",
            "supplied by sea through beach hex OO21: B-1AR, B-2AR, B-3AR, B-9IN (23.5)",
            "MM24-LL23-KK23-JJ23-II23 (3 1/3 of 6 MF",
        ],
    );
    for stem in [
        "00-setup-blue",
        "02-1-blue",
        "03-1-red",
        "04-2-blue",
        "06-3-blue",
        "08-4-blue",
    ] {
        for line in report(&dir, stem).lines() {
            assert!(line.chars().count() <= 78, "{stem}: {line}");
        }
    }
}

#[test]
fn optional_sample_gives_the_same_bytes_on_every_run() {
    let (_a, one) = demo_optional();
    let (_b, two) = demo_optional();
    assert_same_files(&one, &two);
}

#[test]
fn snapshot_of_the_optional_sample_reports() {
    let (_tmp, dir) = demo_optional();
    let hashes = vec![(
        r"(?m)^(Commitment|From state|Orders)( +)[0-9a-f]{64}$",
        "$1$2[sha256]",
    )];
    for stem in ["03-1-red", "04-2-blue", "06-3-blue", "08-4-blue"] {
        let text = report(&dir, stem);
        insta::with_settings!({filters => hashes.clone()}, {
            insta::assert_snapshot!(format!("optional_report_{stem}"), text);
        });
    }
}

/// 23.6, 30.2: `check` says why a factor is halved, as it says why a defence is
/// doubled: in 3-Blue the armor in PP27 is cut off from supply, and its attack on RR28
/// is read at half, each unit named.
#[test]
fn check_names_the_attackers_halved_for_being_cut_off_from_supply() {
    let (tmp, dir) = demo_optional();
    let template = fs::read_to_string(dir.join("06-3-blue.template.toml")).unwrap();
    let header: String = template
        .lines()
        .filter(|l| {
            ["game", "side", "turn", "state"]
                .iter()
                .any(|k| l.starts_with(&format!("{k} = ")))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let orders = tmp.path().join("a.toml");
    fs::write(
        &orders,
        format!(
            "{header}\n[seed]\nsource = \"drand\"\ntime = \"2030-01-01T18:00:00Z\"\n\n\
             [[move]]\nunits = [\"B-1AR\", \"B-2AR\", \"B-3AR\"]\nto = \"QQ28\"\n\n\
             [[attack]]\nid = \"A1\"\nunits = [\"B-1AR\", \"B-2AR\", \"B-3AR\"]\ntarget = \"RR28\"\n"
        ),
    )
    .unwrap();
    blitz()
        .arg("check")
        .arg(dir.join("06-3-blue.state.ron"))
        .arg(&orders)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "  attack   B-1AR 3 (QQ28), B-2AR 3 (QQ28), B-3AR 3 (QQ28) = 9\n  halved   B-1AR, B-2AR, B-3AR: cut off from supply, attacking at half (23.6)\n",
        ));
}
