//! The turn report reads at a glance: a summary at the top (battles, losses of each
//! side, cities that changed hands), a stack that moved together on one line, no
//! result code said twice, and the position the player-turn left at the end. All of
//! it from the typed events of the demo's player-turns.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::state::GameState;
use blitzkrieg_desk::demo::{self, STEPS};
use blitzkrieg_desk::game::{self, OrderText, Resolution, RuleFiles, SeedInput, Umpire};

/// The demo's resolutions, set-ups and turns 1-2.
fn demo_reports() -> Vec<Resolution> {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let mut state: GameState = game::new_game(&u, &demo::new_game_spec()).unwrap();
    let mut bytes = state.to_ron().unwrap().into_bytes();
    let mut out = Vec::new();
    for step in STEPS {
        let orders = OrderText {
            toml: demo::order_file(&state, &bytes, step.orders),
            name: step.file.to_string(),
            source_lines: Vec::new(),
        };
        let seed = step.beacon.map(|b| SeedInput::Beacon(b.to_string()));
        let r = game::resolve(&u, &bytes, "s", &orders, seed.as_ref(), None, false).unwrap();
        state = r.state.clone();
        bytes = r.state_ron.clone().into_bytes();
        out.push(r);
    }
    out
}

#[test]
fn the_report_of_2_red_opens_with_a_summary_and_ends_with_the_position() {
    let reports = demo_reports();
    let red = &reports[5].report;
    let summary = red.find("SUMMARY").expect("a summary");
    let movement = red.find("MOVEMENT").expect("movement");
    assert!(summary < movement, "{red}");
    assert!(
        red.contains("  Battles     1: A1 against WW28: AE\n"),
        "{red}"
    );
    // The attacker's loss in battle A1 is Red's (the mover's); Blue lost nothing.
    assert!(red.contains("  Red lost    R-5AR\n"), "{red}");
    assert!(red.contains("  Blue lost   nothing\n"), "{red}");
    assert!(red.contains("  Cities      none changed hands\n"), "{red}");
    let position = red
        .find("POSITION AFTER THE PLAYER-TURN")
        .expect("the position at the end");
    assert!(position > red.find("REINFORCEMENTS").unwrap(), "{red}");
    assert!(
        red[position..].contains("YY29   R-1AR 6-6, R-2AR 6-6, R-GDAR 8-6"),
        "{red}"
    );
    assert!(red.lines().all(|l| l.chars().count() <= 78), "{red}");
}

#[test]
fn a_stack_that_moves_together_is_one_line() {
    let reports = demo_reports();
    let red = &reports[5].report;
    assert!(
        red.contains("  R-1AR, R-2AR, R-GDAR  YY30-XX29 (1/3 of 6 MF; a stack, 11.2)\n"),
        "{red}"
    );
    assert!(!red.contains("moves as a stack with"), "{red}");
    // The note every unit of the stack has is told once.
    assert_eq!(
        red.matches("stops: the ZOC of enemy armor").count(),
        1,
        "{red}"
    );
}

#[test]
fn no_result_code_is_said_twice() {
    let reports = demo_reports();
    let all: String = reports.iter().map(|r| r.report.as_str()).collect();
    for code in ["AE", "DE", "AB2", "DB2", "EX"] {
        assert!(!all.contains(&format!("{code} -> {code}")), "{code}: {all}");
    }
    // A cell printed as its code is followed by its meaning only; one printed
    // otherwise ("A elim") by the code it reads as.
    assert!(all.contains(": DB2 (defender back 2)"), "{all}");
    assert!(all.contains("A elim -> AE (attacker eliminated)"), "{all}");
}
