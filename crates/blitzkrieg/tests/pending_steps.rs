//! Pending-decision games whose player-turn stops for the defender's decisions in a
//! step of its own: the PBEM turn sequence of 000 ("the opponent only needs to be
//! consulted when loss, retreat, or advance results of combat can affect unresolved
//! battles") and 003 ("Retreats may require reference to Red"), reading
//! `pending-consult`; and the final step that asks for the decisions owed from the
//! game's last player-turn before victory is judged.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::{Country, Terrain};
use blitzkrieg::builder::StateBuilder;
use blitzkrieg::engine::{self, TurnDice, TurnInput};
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders::{self, OrderError, Problem};
use blitzkrieg::rules::Rules;
use blitzkrieg::ruleset::RuleBook;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::{DecisionMode, GameState, Phase, Place};
use blitzkrieg::tables::{TableMode, Tables};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use pbem::dice::Roll;

struct FixedDice(Vec<u8>);

impl TurnDice for FixedDice {
    fn roll(
        &mut self,
        mode: TableMode,
        roll_id: &str,
        _stock: Option<&str>,
    ) -> Result<(Roll, String), String> {
        if self.0.is_empty() {
            return Err(format!("no roll left for {roll_id}"));
        }
        let d = self.0.remove(0);
        let roll = Roll::in_mode(mode, d).ok_or(format!("{d} is not a roll"))?;
        Ok((roll, format!("{roll_id}: {roll} (fixed)")))
    }
}

fn id(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

fn counter(name: &str, kind: UnitKind, attack: u32, defence: u32) -> Counter {
    Counter {
        id: id(name),
        side: if name.starts_with('B') {
            Side::Blue
        } else {
            Side::Red
        },
        kind,
        size: Size::Division,
        attack,
        defence,
        movement: 3,
        name: name.to_string(),
        enters: 1,
    }
}

/// Lakes round C3 leave B-2IN one way back, through B3; R-1IN in A2 has B3 in its ZOC.
/// Blue's battle A1 (B-1AR against R-1IN, 8:4 = 2-1, roll 2: DB2) owes Red a retreat;
/// battle A2 (B-2IN against R-2IN, 1:6, roll 3: AB2) sends B-2IN back through B3.
fn rules(consult: &str) -> Rules {
    let board = Sketch::land(1..=8, 1..=8, Country::GreatBlue)
        .terrain(Terrain::Lake, &["B2", "C2", "C4", "D4"])
        .build();
    let counters = Counters::from_list([
        counter("B-1AR", UnitKind::Armor, 8, 8),
        counter("B-2IN", UnitKind::Infantry, 1, 1),
        counter("R-1IN", UnitKind::Infantry, 4, 4),
        counter("R-2IN", UnitKind::Infantry, 6, 6),
    ]);
    let book = RuleBook::embedded().unwrap();
    let mut rules = Rules::new(board, counters, book.clone());
    let names = [("pending-consult".to_string(), consult.to_string())].into();
    rules.ruleset.set_readings(&book, names).unwrap();
    rules
}

fn state(rules: &Rules, turn: u32, side: Side, last_turn: u32) -> GameState {
    StateBuilder::new("case")
        .decisions(DecisionMode::Pending)
        .turn(turn, side)
        .last_turn(last_turn)
        .readings(rules.ruleset.reading_names.clone())
        .units([
            (id("B-1AR"), Place::Map(h("A1"))),
            (id("B-2IN"), Place::Map(h("C3"))),
            (id("R-1IN"), Place::Map(h("A2"))),
            (id("R-2IN"), Place::Map(h("D3"))),
        ])
        .build()
}

fn run(
    rules: &Rules,
    state: &GameState,
    src: &str,
    dice: Vec<u8>,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let orders = orders::parse(src).unwrap();
    let tables = Tables::embedded().unwrap();
    let mut dice = FixedDice(dice);
    let mut input = TurnInput {
        state_hash: "case",
        orders_hash: "orders",
        commitment: None,
        seed_source: "fixed dice",
        seed_value: "case",
        seed_hash: "none",
        dice: &mut dice,
        tables: &tables,
    };
    engine::adjudicate(rules, state, &orders, &mut input)
}

const BLUE_ATTACKS: &str = r#"game = "case"
side = "blue"
turn = 1
state = "case"

[seed]
source = "text"

[[attack]]
id = "A1"
units = ["B-1AR"]
target = "A2"

[[attack]]
id = "A2"
units = ["B-2IN"]
target = "D3"
"#;

const RED_DECIDES: &str = r#"game = "case"
side = "red"
turn = 1
state = "case"

[seed]
source = "text"

[[decision]]
battle = "1-Blue/A1"
retreat = ["A4"]
"#;

fn eliminated(state: &GameState, unit: &str) -> bool {
    matches!(state.units.get(&id(unit)), Some(Place::Eliminated { .. }))
}

/// `pending-consult = defer` (the umpire's only pending mode before readings): R-1IN
/// still stands in A2 when battle A2 is fought, its ZOC closes B3, and B-2IN, with no
/// legal retreat, is eliminated.
#[test]
fn defer_fights_later_battles_with_the_defender_still_standing() {
    let rules = rules("defer");
    let s = state(&rules, 1, Side::Blue, 15);
    let (next, _) = run(&rules, &s, BLUE_ATTACKS, vec![2, 3]).unwrap();
    assert_eq!(next.step, 0);
    assert!(next.resume.is_none());
    assert!(eliminated(&next, "B-2IN"));
    assert!(next.pending.iter().any(|p| p.battle == "1-Blue/A1"));
    assert_eq!(
        next.phase,
        Phase::Turn {
            turn: 1,
            side: Side::Red
        }
    );
}

/// `pending-consult = ask` (the default, PBEM sequence): resolution stops after A1, the
/// owed retreat being within reach of battle A2; Red is asked in step 1 and names a new
/// seed; R-1IN retreats to A4, and B-2IN's retreat from battle A2 is open.
#[test]
fn ask_stops_after_the_battle_and_asks_the_defender_in_a_step_of_its_own() {
    let rules = rules("ask");
    let s = state(&rules, 1, Side::Blue, 15);
    let (step1, events) = run(&rules, &s, BLUE_ATTACKS, vec![2]).unwrap();
    assert_eq!(step1.step, 1);
    assert_eq!(step1.mover(), Some(Side::Red));
    assert_eq!(
        step1.phase,
        Phase::Turn {
            turn: 1,
            side: Side::Blue
        }
    );
    assert_eq!(step1.file_stem(), "02-1-blue.step1");
    assert_eq!(step1.roll_label(), "1-Blue.step1");
    assert!(step1.battles_waiting());
    let resume = step1.resume.as_ref().unwrap();
    assert_eq!(resume.battles.len(), 1);
    assert_eq!(resume.battles[0].id, "A2");
    assert_eq!(step1.pending.len(), 1);
    assert_eq!(step1.hex_of(&id("B-2IN")), Some(h("C3")));
    assert!(
        events.iter().any(|e| matches!(e, Event::Note { text, .. } if text.contains("resolution stops after battle A1"))),
        "{events:?}"
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::VictoryCheck { .. })));
    // Red's template asks for the decision and a new seed, and for nothing else.
    let t = blitzkrieg_desk::template::render(&rules, &step1, "hash");
    assert!(t.contains("[[decision]]\nbattle = \"1-Blue/A1\""), "{t}");
    assert!(
        t.contains("Battles A2 are still to be fought: name a NEW seed"),
        "{t}"
    );
    assert!(!t.contains("[[move]]"), "{t}");
    // `blitz check` reads a step file as a step file.
    let red = orders::parse(RED_DECIDES).unwrap();
    assert!(engine::check(&rules, &step1, &red, "case").is_empty());
    // Red's decision file: its retreat, then battle A2 on the new seed.
    let (next, events) = run(&rules, &step1, RED_DECIDES, vec![3]).unwrap();
    assert_eq!(next.step, 0);
    assert!(next.resume.is_none());
    assert_eq!(next.hex_of(&id("R-1IN")), Some(h("A4")));
    assert!(!eliminated(&next, "B-2IN"), "{events:?}");
    // Only A2's AB2 is left owed (Red may advance into C3): it affects nothing more.
    assert!(next.pending.iter().all(|p| p.battle == "1-Blue/A2"));
    assert_eq!(
        next.phase,
        Phase::Turn {
            turn: 1,
            side: Side::Red
        }
    );
    assert_eq!(next.file_stem(), "03-1-red");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::VictoryCheck { .. })));
}

/// The order file of a later step answers decisions only; and battles still to come
/// need its new seed.
#[test]
fn a_step_file_gives_decisions_and_a_seed_only() {
    let rules = rules("ask");
    let s = state(&rules, 1, Side::Blue, 15);
    let (step1, _) = run(&rules, &s, BLUE_ATTACKS, vec![2]).unwrap();
    let with_move = format!("{RED_DECIDES}\n[[move]]\nunit = \"R-2IN\"\npath = [\"E3\"]\n");
    let errs = run(&rules, &step1, &with_move, vec![3]).unwrap_err();
    assert!(
        errs.iter()
            .any(|e| matches!(e.problem, Problem::DecisionsOnly { .. })),
        "{errs:?}"
    );
    let no_seed = RED_DECIDES.replace("[seed]\nsource = \"text\"\n", "");
    let errs = run(&rules, &step1, &no_seed, vec![3]).unwrap_err();
    assert!(
        errs.iter().any(|e| matches!(e.problem, Problem::NoSeed)),
        "{errs:?}"
    );
}

/// An owed decision that can affect no battle still to come waits, as before, for the
/// owner's next order file: here A1 is the last battle.
#[test]
fn ask_does_not_stop_when_nothing_is_left_to_affect() {
    let rules = rules("ask");
    let s = state(&rules, 1, Side::Blue, 15);
    let one_battle = BLUE_ATTACKS
        .split("[[attack]]\nid = \"A2\"")
        .next()
        .unwrap();
    // B-2IN must still attack R-2IN (12.1), so it is left out of this position.
    let mut s = s;
    s.units.insert(id("B-2IN"), Place::Waiting);
    let (next, _) = run(&rules, &s, one_battle, vec![2]).unwrap();
    assert_eq!(next.step, 0);
    assert_eq!(next.pending.len(), 1);
}

/// PBEM sequence, the game's last player-turn (Red's player-turn 1 of a one-turn game):
/// the loss Blue owes for Red's battle is asked in a final step, and victory is judged
/// after it, with B-2IN gone.
#[test]
fn the_last_player_turn_asks_for_owed_decisions_before_victory() {
    let rules = rules("ask");
    let mut s = state(&rules, 1, Side::Red, 1);
    s.units.insert(id("B-1AR"), Place::Waiting);
    let red = r#"game = "case"
side = "red"
turn = 1
state = "case"

[seed]
source = "text"

[[attack]]
id = "A1"
units = ["R-2IN"]
target = "C3"
"#;
    // 6:1 = 6-1, roll 2: D elim; B-2IN alone: its loss is owed.
    let (step1, events) = run(&rules, &s, red, vec![2]).unwrap();
    assert_eq!(step1.step, 1, "{events:?}");
    assert_eq!(step1.mover(), Some(Side::Blue));
    assert!(!step1.battles_waiting());
    assert!(!events.iter().any(|e| matches!(e, Event::GameOver { .. })));
    let Phase::Turn { .. } = step1.phase else {
        panic!("the game ended before the decisions owed were made")
    };
    let blue = r#"game = "case"
side = "blue"
turn = 1
state = "case"

[[decision]]
battle = "1-Red/A1"
lose = ["B-2IN"]
"#;
    let (over, events) = run(&rules, &step1, blue, vec![]).unwrap();
    assert!(eliminated(&over, "B-2IN"), "{events:?}");
    assert!(matches!(over.phase, Phase::Over { .. }));
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
}
