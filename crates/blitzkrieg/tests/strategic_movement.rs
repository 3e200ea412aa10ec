//! Optional rule 22, strategic movement: what the player is told when a move needs the
//! bonus and may not have it, and the bonus with stacks, destinations and
//! reinforcements. The corpus cases `cases/22-*` play whole player-turns.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::movement_support;

use blitzkrieg::board::Country;
use blitzkrieg::orders::Problem;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::units::{Side, UnitKind};
use movement_support::{h, Game};

use UnitKind::{Armor, Infantry};

/// 16 columns (A-P) by 16 numbers of clear Great Blue, a Calaedian city at K8, an
/// enemy unit far off.
fn game() -> Game {
    let board = Sketch::land(1..=16, 1..=16, Country::GreatBlue)
        .country(Country::Calaedia, &["K8"])
        .city("Calaedia City", &["K8"])
        .city("Azure", &["B1"])
        .build();
    Game::new(board)
        .optional(22)
        .unit_at("R-1IN", Infantry, 4, "P16")
}

const EIGHT: &str =
    "path = [\"B2\", \"B3\", \"B4\", \"B5\", \"B6\", \"B7\", \"B8\", \"B9\", \"B10\"]";

/// 22: without the rule, the same long move is too far, and no word of 22 is said.
#[test]
fn without_the_rule_there_is_no_bonus_22() {
    let mut g = game().unit_at("B-1IN", Infantry, 4, "B2");
    g.optional.clear();
    let r = g.run(
        Side::Blue,
        1,
        &format!("[[move]]\nunit = \"B-1IN\"\n{EIGHT}\n"),
    );
    let e = r.only_error("7.3");
    // The hint names the farthest hex along the path (30.1), not strategic movement.
    assert!(
        e.hint
            .as_deref()
            .is_some_and(|h| h.contains("at the farthest")),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "B-1IN needs 8 movement factors for this path but has 4 (rule 7.3)"
    );
}

/// 22: a move within the unit's own MF is an ordinary move: no note, its own allowance.
#[test]
fn a_move_that_needs_no_bonus_is_ordinary_22() {
    let g = game().unit_at("B-1IN", Infantry, 4, "B2");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"B6\"\n");
    r.ok();
    assert!(r.moved("B-1IN").3.is_empty());
    assert!(r.out.log.strategic.is_empty());
}

/// 22: a move too long even with the bonus says both allowances.
#[test]
fn too_far_even_with_the_bonus_says_both_22() {
    let g = game().unit_at("B-1IN", Infantry, 4, "B2");
    let path =
        "path = [\"B2\", \"B3\", \"B4\", \"B5\", \"B6\", \"B7\", \"B8\", \"B9\", \"B10\", \"B11\"]";
    let r = g.run(
        Side::Blue,
        1,
        &format!("[[move]]\nunit = \"B-1IN\"\n{path}\n"),
    );
    let e = r.only_error("7.3");
    assert_eq!(r.text_at(e), "\"B11\"");
    assert!(
        matches!(&e.problem, Problem::TooFar { allowed, .. } if allowed == "4, 8 with strategic movement (22)"),
        "{e}"
    );
}

/// 22: a path into or next to a city not friendly to the mover is not clear; the error
/// points at the first such hex.
#[test]
fn a_path_next_to_an_unfriendly_city_is_not_clear_22() {
    let g = game().unit_at("B-1IN", Infantry, 4, "J2");
    let path = "path = [\"J2\", \"J3\", \"J4\", \"J5\", \"J6\", \"J7\", \"J8\", \"J9\", \"J10\"]";
    let r = g.run(
        Side::Blue,
        1,
        &format!("[[move]]\nunit = \"B-1IN\"\n{path}\n"),
    );
    let e = r.only_error("22");
    assert_eq!(r.text_at(e), "\"J7\"");
    assert_eq!(
        e.problem.to_string(),
        "B-1IN needs 8 movement factors for this path but has 4; strategic movement would add 4, but only on a path clear of the enemy, and J7 is next to K8, a city hex not friendly to you"
    );
    assert_eq!(r.hex_of("B-1IN"), Some(h("J2")));
}

/// 22: a home city of the mover is friendly; moving through it keeps the bonus.
#[test]
fn a_friendly_city_does_not_spoil_the_bonus_22() {
    let g = game().unit_at("B-1IN", Infantry, 4, "A2");
    let path = "path = [\"A2\", \"B2\", \"B3\", \"B4\", \"B5\", \"B6\", \"B7\", \"B8\", \"B9\"]";
    let r = g.run(
        Side::Blue,
        1,
        &format!("[[move]]\nunit = \"B-1IN\"\n{path}\n"),
    );
    r.ok();
    assert_eq!(r.hex_of("B-1IN"), Some(h("B9")));
}

/// 22: a unit that began next to the enemy is told why it has no bonus.
#[test]
fn a_unit_that_began_next_to_the_enemy_is_told_why_22() {
    let g = game()
        .unit_at("B-1AR", Armor, 4, "B2")
        .unit_at("R-2IN", Infantry, 4, "A1");
    let r = g.run(
        Side::Blue,
        1,
        &format!("[[move]]\nunit = \"B-1AR\"\n{EIGHT}\n"),
    );
    let e = r.only_error("7.3");
    assert_eq!(
        e.hint.as_deref(),
        Some(
            "no strategic movement (22) for B-1AR: it began the player-turn next to an enemy unit"
        )
    );
}

/// 11.2, 22: in a stack each unit has its own allowance; only the one that needs the
/// bonus uses it, and the stack's path must be clear for it.
#[test]
fn in_a_stack_only_the_unit_that_needs_it_uses_the_bonus_22() {
    let g = game()
        .unit_at("B-1IN", Infantry, 4, "B2")
        .unit_at("B-2AR", Armor, 8, "B2");
    let r = g.run(
        Side::Blue,
        1,
        &format!("[[move]]\nunits = [\"B-1IN\", \"B-2AR\"]\n{EIGHT}\n"),
    );
    r.ok();
    assert!(r
        .moved("B-1IN")
        .3
        .iter()
        .any(|n| n.contains("strategic movement")));
    assert!(!r
        .moved("B-2AR")
        .3
        .iter()
        .any(|n| n.contains("strategic movement")));
    assert_eq!(r.out.log.strategic.len(), 1);
}

/// 22, 6.3: a reinforcement placed in a friendly home city begins clear of the enemy
/// and may move on with the bonus.
#[test]
fn a_reinforcement_may_move_strategically_22() {
    let g = game().waiting("B-5IN", Infantry, 4, 1);
    let r = g.run(
        Side::Blue,
        1,
        "[[place]]\nunit = \"B-5IN\"\nhex = \"B1\"\n\n[[move]]\nunit = \"B-5IN\"\nto = \"B9\"\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-5IN"), Some(h("B9")));
}

/// 22: a destination-only order finds a clear path round an unfriendly city when the
/// straight way is not clear.
#[test]
fn the_umpire_finds_a_clear_path_22() {
    let g = game().unit_at("B-1IN", Infantry, 4, "K2");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"K14\"\n");
    let e = r.only_error("7.3");
    assert!(e.to_string().contains("no legal path"), "{e}");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"M10\"\n");
    r.ok();
    let (path, _, found, notes) = r.moved("B-1IN");
    assert!(found);
    assert!(
        notes.iter().any(|n| n.contains("strategic movement")),
        "{notes:?}"
    );
    for hex in &path[1..] {
        assert!(hex.distance(h("K8")) > 1, "{path:?} passes next to K8");
    }
}
