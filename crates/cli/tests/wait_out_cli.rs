//! 32.3 with 003 32.3 and 003 32.34 through the real binary: the wait-out in a vacant
//! hex. The position of `air_combat_cli`, Red holding V33 too with R-2IN: Blue's infantry moves
//! next to Red's stack in Azure (P30), where R-1FTR is based, and attacks it with its
//! TAC's support; the player-turn stops before odds. Red's reaction template offers `[[wait_out]]` with
//! the bases its fighters may land at; Red's answer flies R-1FTR to one of them to wait
//! out there, so it meets nothing in the air combat and lands at its new base when
//! Blue's player-turn ends, and the folder verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::air_combat_cli::{BLUE_ATTACKS_P30, POSITION};
use crate::support::{answer, mover_stops, new_at_position, only_state, TEXT_SEED as SEED};
use assert_cmd::Command;
use blitzkrieg::hex::Hex;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// 32.3, 003 32.3, 003 32.34: the template offers the wait-out, the answer flies it,
/// the fighter lands at its new base and `verify` replays both steps.
#[test]
fn a_fighter_waits_out_and_lands_at_its_new_base_through_the_binary_32_3() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ["--rules", "tournament", "--optional", "32"];
    let position = POSITION.replace("P30 = \"red\"", "P30 = \"red\"\nV33 = \"red\"")
        + "\n[[stack]]\nhex = \"V33\"\nunits = [\"R-2IN\"]\n";
    let g = new_at_position(tmp.path(), "g", &position, &rules);
    let stem = only_state(&g);
    let step = mover_stops(&g, &stem, BLUE_ATTACKS_P30, &[]);
    let reaction = fs::read_to_string(g.join(format!("{step}.template.toml"))).unwrap();
    assert!(reaction.contains("# [[wait_out]]"), "{reaction}");
    // The bases the template names, the nearest to P30 taken.
    let line = reaction
        .lines()
        .find(|l| l.starts_with("# 32.34): "))
        .unwrap_or_else(|| panic!("{reaction}"));
    let (bases, fighters) = line
        .trim_start_matches("# 32.34): ")
        .split_once(". Your fighters that may: ")
        .unwrap();
    assert!(fighters.contains("\"R-1FTR\""), "{line}");
    let azure: Hex = "P30".parse().unwrap();
    let base = bases
        .replace(" and ", ", ")
        .split(", ")
        .map(|b| b.parse::<Hex>().unwrap())
        .filter(|b| *b != azure)
        .min_by_key(|b| (b.distance(azure), *b))
        .unwrap();
    assert!(base.distance(azure) <= 12, "{line}");
    // Red's answer: R-1FTR waits out over its new base and lands there.
    let body = format!(
        "{reaction}\n{SEED}\n[[wait_out]]\nunits = [\"R-1FTR\"]\nhex = \"{base}\"\nland = \"{base}\"\n"
    );
    let fought = answer(&g, &step, &body, &[]);
    assert!(
        fought.contains(&format!(
            "R-1FTR flies from P30 to wait out the attack over {base}, to land at {base}"
        )),
        "{fought}"
    );
    assert!(!fought.contains("R-1FTR intercepting"), "{fought}");
    assert!(
        fought.contains(&format!(
            "R-1FTR lands at {base}: its new base, after waiting out over {base} (32.3; 003 32.3)"
        )),
        "{fought}"
    );
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(predicates::str::contains("2 player-turns replayed"));
}
