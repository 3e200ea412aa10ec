//! `blitz reach` gives `check`'s own answer (issue 30, item 1): for a sample position
//! (the demo's player-turn 1-Blue), a move to every hex reach lists passes `check`
//! (with the attack it says the move obliges, when it says one), and a move to each
//! hex it names as out of reach is refused with the problem it gives.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::hex::Hex;
use blitzkrieg_desk::game::{self, RuleFiles, Umpire};
use blitzkrieg_desk::reach::{self, UnitReach};
use std::path::PathBuf;

fn fixture(name: &str) -> Vec<u8> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/fixtures/demo-format-1");
    std::fs::read(dir.join(name)).unwrap()
}

/// Every problem `check` finds in a file of one move of `unit` to `to`.
fn check_move(u: &Umpire, bytes: &[u8], hash: &str, unit: &str, to: Hex) -> Vec<(String, String)> {
    let src = format!(
        "game = \"demo\"\nside = \"blue\"\nturn = 1\nstate = \"{hash}\"\n\n[[move]]\nunits = [\"{unit}\"]\nto = \"{to}\"\n"
    );
    let orders = game::order_text(src.as_bytes(), "o.toml").unwrap();
    game::check(u, bytes, "s.ron", &orders)
        .unwrap()
        .into_iter()
        .map(|e| (e.problem.code().to_string(), e.problem.to_string()))
        .collect()
}

fn reach_of(u: &Umpire, bytes: &[u8], hash: &str, units: &[&str]) -> Vec<UnitReach> {
    let state = game::read_state(bytes, "s.ron").unwrap();
    let rules = u.rules_for(&state).unwrap();
    let names: Vec<String> = units.iter().map(|s| s.to_string()).collect();
    reach::reach(&rules, &state, hash, &names).unwrap()
}

#[test]
fn every_hex_reach_lists_passes_check_and_every_hex_it_bars_is_refused() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let bytes = fixture("02-1-blue.state.ron");
    let hash = pbem::envelope::sha256_hex(&bytes);
    // Armor next to the sea and the forest, infantry that stops in forest and mountain.
    let all = reach_of(&u, &bytes, &hash, &["B-4AR", "B-6IN"]);
    let mut passed = 0;
    let mut obliged = 0;
    for r in &all {
        assert!(
            r.ends.len() > 20,
            "{} reaches {} hexes",
            r.unit,
            r.ends.len()
        );
        for e in &r.ends {
            let problems = check_move(&u, &bytes, &hash, r.unit.as_str(), e.hex);
            if e.then.is_empty() {
                assert!(problems.is_empty(), "{} to {}: {problems:?}", r.unit, e.hex);
                passed += 1;
            } else {
                // The one obligation reach names: attack the enemy next to it (14.32).
                assert!(
                    problems.iter().any(|(code, _)| code == "B605"),
                    "{} to {}: {problems:?}",
                    r.unit,
                    e.hex
                );
                assert!(
                    problems.iter().all(|(code, _)| code.starts_with("B6")),
                    "{} to {}: {problems:?}",
                    r.unit,
                    e.hex
                );
                obliged += 1;
            }
        }
        assert!(!r.limits.is_empty());
        for l in &r.limits {
            let problems = check_move(&u, &bytes, &hash, r.unit.as_str(), l.hex);
            assert!(!problems.is_empty(), "{} to {} passes", r.unit, l.hex);
            if !l.code.is_empty() {
                assert!(
                    problems
                        .iter()
                        .any(|(code, text)| code == l.code && *text == l.message),
                    "{} to {}: {problems:?}, reach says {l:?}",
                    r.unit,
                    l.hex
                );
            }
        }
    }
    assert!(passed > 100, "{passed} moves passed");
    let _ = obliged;
}

/// 7.3: a hex one step past the reach is refused as too far, with what it needs; 10.1:
/// infantry stops on entering forest, and the hex behind says so.
#[test]
fn what_keeps_a_unit_out_is_named() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let bytes = fixture("02-1-blue.state.ron");
    let hash = pbem::envelope::sha256_hex(&bytes);
    let all = reach_of(&u, &bytes, &hash, &["B-6IN"]);
    let r = &all[0];
    let too_far = r.limits.iter().find(|l| l.rule == "7.3").unwrap();
    assert_eq!(too_far.why, "too far");
    assert!(too_far.detail.as_deref().unwrap().starts_with("needs "));
    assert!(r
        .ends
        .iter()
        .any(|e| e.stop.as_deref() == Some("forest (10.1)")));
    assert!(r
        .limits
        .iter()
        .any(|l| l.why == "it must stop before, on entering forest" && l.rule == "10.1"));
    // Every end is within the movement factor, and costs what its path costs.
    assert!(r.ends.iter().all(|e| e.sixths <= r.mf * 6));
    assert!(r.ends.iter().all(|e| e.path.first() == Some(&r.from)));
}
