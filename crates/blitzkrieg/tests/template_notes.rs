//! What a template tells the player beyond the orders themselves: where the set-up
//! may go (the home country's hexes and cities), the friendly home cities where
//! reinforcements may be placed, the standing orders in force (they persist silently
//! otherwise), and the order guide he has (`blitz help orders`, the opening mail).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::state::GameState;
use blitzkrieg_desk::demo::{self, Step, OPTIONAL_STEPS, STEPS};
use blitzkrieg_desk::game::{self, OrderText, Resolution, RuleFiles, SeedInput, Umpire};

fn umpire() -> Umpire {
    Umpire::load(&RuleFiles::default()).unwrap()
}

/// The demo's first `n` steps, from a new game: each resolution in turn.
fn demo_steps(u: &Umpire, n: usize) -> Vec<Resolution> {
    sample_steps(u, &demo::new_game_spec(), &STEPS, n)
}

/// The first `n` of `steps`, from a new game made by `spec`: each resolution in turn.
fn sample_steps(u: &Umpire, spec: &game::NewGame, steps: &[Step], n: usize) -> Vec<Resolution> {
    let mut state: GameState = game::new_game(u, spec).unwrap();
    let mut bytes = state.to_ron().unwrap().into_bytes();
    let mut out = Vec::new();
    for step in steps.iter().take(n) {
        let orders = OrderText {
            toml: demo::order_file(&state, &bytes, step.orders),
            name: step.file.to_string(),
            source_lines: Vec::new(),
        };
        let seed = step.beacon.map(|b| SeedInput::Beacon(b.to_string()));
        let r = game::resolve(u, &bytes, "s", &orders, seed.as_ref(), None, false).unwrap();
        state = r.state.clone();
        bytes = r.state_ron.clone().into_bytes();
        out.push(r);
    }
    out
}

/// 20.1, 20.2, 19.2: with invasions played, the template lists under each zone with
/// units at sea the beaches they may invade and their hexes next to the sea of that
/// zone or one next to it; the beach the enemy invaded last player-turn is left out
/// and said to be; without rule 20, nothing.
#[test]
fn the_template_lists_the_beaches_units_at_sea_may_invade_20() {
    let u = umpire();
    let spec = demo::optional_game_spec();
    // The optional sample up to 2-Red: Blue's 9th Infantry is at sea in zone A.
    let steps = sample_steps(&u, &spec, &OPTIONAL_STEPS, 6);
    let mut state = steps[5].state.clone();
    let rules = u.rules_for(&state).unwrap();
    let t = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(t.contains("#   zone A: sail to B;"), "{t}");
    assert!(
        t.contains("#   or invade one beach, on a hex listed (20.1;"),
        "{t}"
    );
    // Zone A's own coast and zone B's (next to it): Endor and Koufax, the Blue west
    // coast; never the Red beaches of zones D and E, nor the hex of a beach on zone F
    // only (Vesper's W30).
    assert!(
        t.contains("#   endor: MM20, NN20, OO20, OO21, PP22, QQ22, QQ23, RR24, SS23, SS24"),
        "{t}"
    );
    assert!(t.contains("#   vesper: W33\n"), "{t}");
    assert!(t.contains("#   blue-west: B10,"), "{t}");
    assert!(!t.contains("red-south"), "{t}");
    assert!(!t.contains("20.2"), "{t}");
    // 20.2: the beach Red invaded last player-turn is not offered.
    state.invaded = Some("endor".to_string());
    let t = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(!t.contains("#   endor:"), "{t}");
    assert!(
        t.contains("#   (not `endor`: the enemy invaded it in the last player-turn, 20.2)"),
        "{t}"
    );
    // Without rule 20 the units at sea are offered no beach.
    let mut basic = spec.clone();
    basic.optional.remove(&20);
    let steps = sample_steps(&u, &basic, &OPTIONAL_STEPS, 6);
    let state = &steps[5].state;
    let t = blitzkrieg_desk::template::render(&u.rules_for(state).unwrap(), state, "h");
    assert!(t.contains("#   zone A: sail to B;"), "{t}");
    assert!(!t.contains("invade"), "{t}");
}

#[test]
fn the_set_up_template_lists_the_home_country_hexes_and_cities() {
    let u = umpire();
    let state = game::new_game(&u, &demo::new_game_spec()).unwrap();
    let t = blitzkrieg_desk::template::render(&u.rules_for(&state).unwrap(), &state, "0");
    assert!(t.contains("# The hexes of Great Blue"), "{t}");
    // Column D of Great Blue runs from D1 to D31 without a gap.
    assert!(t.contains("D1-D31"), "{t}");
    assert!(t.contains("Westhaven (D7, D8)"), "{t}");
    assert!(
        !t.contains("docs/orders.md"),
        "the player has no docs/: {t}"
    );
    assert!(t.contains("blitz help"), "{t}");
    assert!(t.contains("None in force"), "{t}");
    // Every listed range is in Great Blue (3.3), and no Big Red city is offered.
    assert!(!t.contains("BBB33"), "{t}");
}

#[test]
fn standing_orders_in_force_are_shown_until_replaced() {
    let u = umpire();
    let steps = demo_steps(&u, 3);
    // After Blue's turn 1, Red moves: his standing orders from his set-up are in force.
    let red = &steps[2].template;
    assert!(red.contains("In force now"), "{red}");
    assert!(
        red.contains(r#"#   lose_first = ["R-1IN", "R-2IN", "R-3IN", "R-4IN", "R-5IN"]"#),
        "{red}"
    );
    assert!(red.contains(r#"#   retreat_toward = "BBB33""#), "{red}");
    // Blue's set-up template came before he gave any.
    let blue_setup = &steps[0].template;
    assert!(blue_setup.contains("None in force"), "{blue_setup}");
}

#[test]
fn a_turn_template_with_reinforcements_names_the_friendly_home_cities() {
    let u = umpire();
    let steps = demo_steps(&u, 3);
    // Red's turn 1: reinforcements due, and every city of Big Red is free of Blue.
    let red = &steps[2].template;
    assert!(red.contains("Reinforcements you may place"), "{red}");
    assert!(red.contains("# Friendly home cities now (5.1):"), "{red}");
    assert!(red.contains("BBB33 Borov"), "{red}");
    assert!(!red.contains("Not now"), "{red}");
    assert!(!red.contains("Westhaven"), "only Red's own cities: {red}");
}

/// 25.1, 26: a Tournament Game's template shows the orders of its own: factor losses
/// and `advance_path` in `[[attack]]`, `[[breakdown]]`, `[[recombine]]` and (25.2)
/// `[[barrage]]`; a game with
/// the optional rules only does not.
#[test]
fn a_tournament_template_shows_breakdown_recombine_and_advance_paths_25_26() {
    let u = umpire();
    let steps = sample_steps(&u, &demo::optional_game_spec(), &OPTIONAL_STEPS, 6);
    let mut state = steps[5].state.clone();
    let t = blitzkrieg_desk::template::render(&u.rules_for(&state).unwrap(), &state, "h");
    assert!(!t.contains("[[breakdown]]"), "{t}");
    state.game.options.rules = blitzkrieg::state::RuleSet::Tournament;
    let t = blitzkrieg_desk::template::render(&u.rules_for(&state).unwrap(), &state, "h");
    for line in [
        "# advance_path = [{ unit = \"UNIT\", path = [\"TARGET HEX\", \"HEX\"] }]",
        "# [[breakdown]]         # 26.1-26.2",
        "# [[recombine]]         # 26.3",
        "# into = \"UNIT\"",
        "# [[barrage]]           # 25.2",
        "# [[minor]]             # 29.6-29.7",
        "# pay_supply = false",
    ] {
        assert!(t.contains(line), "{line}\n{t}");
    }
}

/// 36.1, 36.22: with critical resources played, the template says what the mover has
/// the use of and what it may still do: a Red unit on the Blue oil city G4 leaves Blue
/// 2 oil cities, so armor loses 2 movement factors and air missions are limited to 40
/// factors; without rule 36 the template says nothing of it.
#[test]
fn the_template_says_what_a_shortage_of_critical_resources_leaves_36() {
    let u = umpire();
    let mut spec = demo::tournament_game_spec();
    spec.optional.insert(36);
    let steps = sample_steps(&u, &spec, &demo::TOURNAMENT_STEPS, 2);
    let mut state = steps[1].state.clone();
    let rules = u.rules_for(&state).unwrap();
    let t = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(
        t.contains(
            "#   Blue has 3 oil, 3 basic industry, 3 naval stores cities in use: operations normal"
        ),
        "{t}"
    );
    let red = state
        .units
        .keys()
        .find(|id| id.as_str().starts_with("R-") && id.as_str().ends_with("IN"))
        .cloned()
        .unwrap();
    state
        .units
        .insert(red, blitzkrieg::state::Place::Map("G4".parse().unwrap()));
    let t = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(
        t.contains("#   Blue has 2 oil, 3 basic industry, 3 naval stores cities in use: short of oil (36.22)"),
        "{t}"
    );
    assert!(
        t.contains(
            "#   air missions, changes of base and air transport: 40 factors at most (36.22)"
        ),
        "{t}"
    );
    assert!(t.contains("#   armor: 2 movement factors fewer"), "{t}");
    let plain = sample_steps(
        &u,
        &demo::tournament_game_spec(),
        &demo::TOURNAMENT_STEPS,
        2,
    );
    let rules = u.rules_for(&plain[1].state).unwrap();
    let t = blitzkrieg_desk::template::render(&rules, &plain[1].state, "h");
    assert!(!t.contains("Critical resources"), "{t}");
}
