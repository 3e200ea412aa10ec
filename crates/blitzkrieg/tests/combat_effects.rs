//! Combat results as general effects (one application for every table): losses of
//! factors made up from substitute counters (25.1, 26.2, 26.5), retreats of k hexes,
//! advances, and the TGAT's results on small sketch boards. The BGAT's own results are
//! in `combat_rules.rs`; they go through the same application.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::{Board, Country};
use blitzkrieg::combat::{resolve_battles, BattleSetup, Outcome, Resolved};
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders::{self, Attack};
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::ruleset::RuleBook;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::StandingOrders;
use blitzkrieg::tables::grid::CellText;
use blitzkrieg::tables::{TgatCell, TgatResult};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

fn id(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

fn side_of(name: &str) -> Side {
    if name.starts_with("B-") {
        Side::Blue
    } else {
        Side::Red
    }
}

/// A counter: id, factor, size. Infantry with attack = defence.
fn counter(name: &str, factor: u32, size: Size) -> Counter {
    Counter {
        id: id(name),
        side: side_of(name),
        kind: UnitKind::Infantry,
        size,
        attack: factor,
        defence: factor,
        movement: 4,
        name: name.to_string().into(),
        enters: if size == Size::Substitute { 0 } else { 1 },
    }
}

struct World {
    rules: Rules,
    pos: Position,
}

/// Clear land A1-J12; `on_map` are (counter, hex); `off_map` are inactive counters.
fn world(on_map: &[(Counter, &str)], off_map: &[Counter]) -> World {
    let board: Board = Sketch::land(1..=10, 1..=12, Country::GreatBlue).build();
    let all = on_map
        .iter()
        .map(|(c, _)| c.clone())
        .chain(off_map.iter().cloned());
    let counters = Counters::from_list(all);
    let mut pos = Position::new();
    for (c, hex) in on_map {
        pos.put_counter(c, h(hex));
    }
    World {
        rules: Rules::new(board, counters, RuleBook::embedded().unwrap()),
        pos,
    }
}

fn tgat(text: &str) -> Outcome {
    Outcome::Tgat(TgatResult::Cell(TgatCell::parse_cell(text).unwrap()))
}

const HEADER: &str = "game = \"g\"\nside = \"blue\"\nturn = 1\nstate = \"ab\"\n";

fn fight(w: &mut World, toml: &str, outcome: Outcome) -> Vec<Event> {
    let attacks: Vec<Attack> = orders::parse(&format!("{HEADER}{toml}")).unwrap().attacks;
    let mut roll = move |s: &BattleSetup| {
        Ok::<_, String>(Resolved {
            result: outcome,
            odds: format!("{}:{}", s.attack, s.defence),
            roll: format!("{}: fixed", s.id),
            table: "fixed".to_string(),
        })
    };
    resolve_battles(
        &w.rules,
        &mut w.pos,
        Side::Blue,
        &attacks,
        &StandingOrders::default(),
        None,
        &mut roll,
    )
    .unwrap()
    .0
}

fn eliminated(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { unit, .. } => Some(unit.to_string()),
            _ => None,
        })
        .collect()
}

const ONE_BATTLE: &str = r#"
[[attack]]
id = "A1"
units = ["B-1IN"]
target = "E6"
advance = ["B-1IN"]
"#;

/// 25.1, 26.2: the defender loses 3 of its 4 factors; the 1 factor left is made up by
/// the inactive 1-factor substitute, which then retreats 2 hexes with the battle's
/// other survivors, and the attacker advances 1 hex into the hex it left.
#[test]
fn a_factor_loss_breaks_a_unit_into_substitutes_that_then_retreat_26_2() {
    let mut w = world(
        &[
            (counter("B-1IN", 8, Size::Division), "E5"),
            (counter("R-1IN", 4, Size::Division), "E6"),
        ],
        &[
            counter("R-S2", 2, Size::Substitute),
            counter("R-S1", 1, Size::Substitute),
        ],
    );
    let events = fight(&mut w, ONE_BATTLE, tgat("- 1 / 3 2"));
    assert_eq!(eliminated(&events), ["R-1IN"]);
    let made_up = events.iter().find_map(|e| match e {
        Event::Substituted {
            unit,
            factors,
            into,
            ..
        } => Some((unit.to_string(), *factors, into.clone())),
        _ => None,
    });
    assert_eq!(made_up, Some(("R-1IN".to_string(), 1, vec![id("R-S1")])));
    let s1 = w
        .pos
        .hex_of(&id("R-S1"))
        .expect("the substitute is on the map");
    assert_eq!(s1.distance(h("E6")), 2, "it retreated 2 hexes: {s1}");
    assert!(
        w.pos.get(&id("R-S2")).is_none(),
        "the 2-factor one stays inactive"
    );
    assert_eq!(
        w.pos.hex_of(&id("B-1IN")),
        Some(h("E6")),
        "attacker advanced"
    );
}

/// 26.5: "You may only use the counters provided in the game ... you may have to lose
/// more than a combat table calls for": no free substitute adds up, the unit goes whole.
#[test]
fn without_free_substitutes_the_whole_unit_is_lost_26_5() {
    let mut w = world(
        &[
            (counter("B-1IN", 8, Size::Division), "E5"),
            (counter("R-1IN", 4, Size::Division), "E6"),
            // The only 1-factor substitute is already in use on the board.
            (counter("R-S1", 1, Size::Substitute), "A1"),
        ],
        &[counter("R-S2", 2, Size::Substitute)],
    );
    let events = fight(&mut w, ONE_BATTLE, tgat("- - / 3 -"));
    assert_eq!(eliminated(&events), ["R-1IN"]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Substituted { into, rule, .. } if into.is_empty() && rule.cites("26.5")
    )));
    assert!(w.pos.get(&id("R-S2")).is_none());
    assert_eq!(w.pos.hex_of(&id("R-S1")), Some(h("A1")));
}

/// 25.1: a loss of factors takes whole units first in the order the loser names
/// (`lose`), then breaks the next one.
#[test]
fn a_factor_loss_takes_the_named_units_first_25_1() {
    let mut w = world(
        &[
            (counter("B-1IN", 4, Size::Division), "E5"),
            (counter("B-2IN", 6, Size::Division), "E5"),
            (counter("R-1IN", 2, Size::Division), "E6"),
        ],
        &[
            counter("B-S2", 2, Size::Substitute),
            counter("B-S1", 1, Size::Substitute),
        ],
    );
    let toml = r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN"]
target = "E6"
lose = ["B-2IN"]
"#;
    // The attacker loses 7: all of B-2IN (6), then 1 of B-1IN's 4, leaving 3 = 2 + 1.
    let events = fight(&mut w, toml, tgat("7 - / - -"));
    assert_eq!(eliminated(&events), ["B-2IN", "B-1IN"]);
    assert_eq!(w.pos.hex_of(&id("B-S2")), Some(h("E5")));
    assert_eq!(w.pos.hex_of(&id("B-S1")), Some(h("E5")));
    // 26.4: substitutes count half a unit for stacking.
    assert_eq!(w.pos.stack_halves_at(h("E5")), 2);
}

/// TGAT: "Odds greater than 6-1 are considered D elim (Attacker Advance 4)": every
/// defender goes, whatever its strength.
#[test]
fn odds_above_6_1_eliminate_every_defender_tgat() {
    let mut w = world(
        &[
            (counter("B-1IN", 8, Size::Division), "E5"),
            (counter("R-1IN", 1, Size::Division), "E6"),
            (counter("R-2IN", 1, Size::Division), "E6"),
        ],
        &[],
    );
    let outcome = Outcome::Tgat(TgatResult::DefenderEliminated {
        attacker_advance: 4,
    });
    let events = fight(&mut w, ONE_BATTLE, outcome);
    assert_eq!(eliminated(&events), ["R-1IN", "R-2IN"]);
    assert_eq!(w.pos.hex_of(&id("B-1IN")), Some(h("E6")));
}

/// TGAT: a retreat of 3 hexes ends exactly 3 steps away along the route, never back in
/// the start hex.
#[test]
fn a_tgat_retreat_is_as_many_hexes_as_printed() {
    let mut w = world(
        &[
            (counter("B-1IN", 8, Size::Division), "E5"),
            (counter("R-1IN", 4, Size::Division), "E6"),
        ],
        &[],
    );
    let events = fight(&mut w, ONE_BATTLE, tgat("- - / - 3"));
    let path = events
        .iter()
        .find_map(|e| match e {
            Event::Retreated { path, .. } => Some(path.clone()),
            _ => None,
        })
        .expect("the defender retreats");
    assert_eq!(path.len(), 4, "{path:?}");
    assert_eq!(path.first(), Some(&h("E6")));
    assert!(path[1..].iter().all(|x| *x != h("E6")));
    assert!(path.windows(2).all(|s| s[0].is_adjacent(s[1])));
    // Nobody advances, though the order asks: the attacker's half shows no hexes.
    assert_eq!(w.pos.hex_of(&id("B-1IN")), Some(h("E5")));
}
