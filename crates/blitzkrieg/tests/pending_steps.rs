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
use blitzkrieg::sequence::{Ask, Asked, Step, Stop};
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::{DecisionMode, GameState, Phase, Place};
use blitzkrieg::tables::{TableMode, Tables};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use blitzkrieg_desk::game::OrderText;
use blitzkrieg_desk::preview;
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
        name: name.to_string().into(),
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

/// Red's answer to the stop before odds: the header and the seed of every roll still
/// to come, nothing else.
const RED_ANSWERS: &str = r#"game = "case"
side = "red"
turn = 1
state = "case"

[seed]
source = "text"
"#;

/// A game that plays the stop before odds (`Stop::BeforeOdds`, the step the fighters
/// of 32.3 and the weather of 34 will answer in), with its rules.
fn stopping(consult: &str) -> (Rules, GameState) {
    let mut rules = rules(consult);
    rules.ruleset.stops.insert(Stop::BeforeOdds);
    let s = StateBuilder::from_state(state(&rules, 1, Side::Blue, 15))
        .stops([Stop::BeforeOdds])
        .build();
    (rules, s)
}

/// The stop before odds (003's PBEM sequence, the step 32.3's fighters answer in):
/// Blue's file moves and announces its battles without a seed and without a roll; the
/// player-turn stops in step 1 asking Red; Red's answer names the seed and the battles
/// are fought. The result is the one-file result with the same rolls: the same
/// position, owed decisions and next player-turn, the same events split in two.
#[test]
fn the_stop_before_odds_resumes_to_the_one_file_result() {
    let plain = rules("defer");
    let one_file = state(&plain, 1, Side::Blue, 15);
    let (whole, whole_events) = run(&plain, &one_file, BLUE_ATTACKS, vec![2, 3]).unwrap();

    let (rules, s) = stopping("defer");
    let unseeded = BLUE_ATTACKS.replace("[seed]\nsource = \"text\"\n", "");
    let (stopped, moved) = run(&rules, &s, &unseeded, Vec::new()).unwrap();
    assert_eq!(stopped.step, 1);
    assert_eq!(stopped.mover(), Some(Side::Red));
    assert_eq!(stopped.file_stem(), "02-1-blue.step1");
    assert!(stopped.battles_waiting());
    let carry = stopped.resume.as_ref().unwrap();
    assert_eq!(carry.at, Step::BeforeOdds);
    let ids: Vec<&str> = carry.battles.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["A1", "A2"]);
    let note = moved.last().unwrap();
    assert!(
        matches!(note, Event::Note { text, .. } if text.contains("stops before odds: Red answers") && text.contains("battle A1, battle A2")),
        "{moved:?}"
    );
    assert!(!moved
        .iter()
        .any(|e| matches!(e, Event::Battle(_) | Event::VictoryCheck { .. })));
    // The state says what is asked: of Red, before odds, a new seed and nothing else.
    let ask = Ask::of(&rules.ruleset, &stopped).unwrap();
    assert_eq!(
        (ask.of, ask.what, ask.new_seed, ask.holds().as_str()),
        (Side::Red, Asked::BeforeOdds, true, "[seed]")
    );
    let report = blitzkrieg::report::render_state(&rules, &stopped);
    assert!(
        report.contains("Blue's player-turn stopped before odds: Red answers in")
            && report.contains("the player-turn stops before odds: Red answers"),
        "{report}"
    );
    let t = blitzkrieg_desk::template::render(&rules, &stopped, "hash");
    assert!(
        t.contains("stopped before odds for your answer (step 1)"),
        "{t}"
    );
    assert!(t.contains("Battles A1, A2 are still to be fought"), "{t}");
    // The stopped state is written and read back as it is.
    let ron = stopped.to_ron().unwrap();
    let mut back = GameState::from_ron(&ron, "step1").unwrap();
    back.integrity.clear();
    assert_eq!(back, stopped);

    let (after, fought) = run(&rules, &stopped, RED_ANSWERS, vec![2, 3]).unwrap();
    assert_eq!(after.step, 0);
    assert!(after.resume.is_none());
    assert_eq!(after.units, whole.units);
    assert_eq!(after.pending, whole.pending);
    assert_eq!(after.phase, whole.phase);
    assert_eq!(after.held, whole.held);
    assert_eq!(after.condition_b, whole.condition_b);
    let mut both = moved[..moved.len() - 1].to_vec();
    both.extend(fought);
    assert_eq!(both, whole_events);
}

/// The answer to the stop before odds holds what its step asks and no more (B720), and
/// names the seed of the rolls still to come.
#[test]
fn the_answer_before_odds_holds_the_seed_only() {
    let (rules, s) = stopping("defer");
    let unseeded = BLUE_ATTACKS.replace("[seed]\nsource = \"text\"\n", "");
    let (stopped, _) = run(&rules, &s, &unseeded, Vec::new()).unwrap();
    let with_move = format!("{RED_ANSWERS}\n[[move]]\nunit = \"R-2IN\"\npath = [\"E3\"]\n");
    let errs = run(&rules, &stopped, &with_move, vec![2, 3]).unwrap_err();
    assert!(
        errs.iter().any(|e| matches!(
            &e.problem,
            Problem::AnswerOnly { what, holds } if what == "[[move]]" && holds == "[seed]"
        )),
        "{errs:?}"
    );
    let red = orders::parse(&with_move).unwrap();
    assert_eq!(
        engine::check(&rules, &stopped, &red, "case").len(),
        errs.len()
    );
    let no_seed = RED_ANSWERS.replace("[seed]\nsource = \"text\"\n", "");
    let errs = run(&rules, &stopped, &no_seed, vec![2, 3]).unwrap_err();
    assert!(
        errs.iter().any(|e| matches!(e.problem, Problem::NoSeed)),
        "{errs:?}"
    );
}

/// With `pending-consult = ask` the two stops follow one another: before odds, then
/// after battle A1 for Red's retreat, with the seed Red's answer named for the rest.
#[test]
fn the_stop_before_odds_and_the_stop_after_a_battle_follow_one_another() {
    let (rules, s) = stopping("ask");
    let unseeded = BLUE_ATTACKS.replace("[seed]\nsource = \"text\"\n", "");
    let (stopped, _) = run(&rules, &s, &unseeded, Vec::new()).unwrap();
    let (step2, events) = run(&rules, &stopped, RED_ANSWERS, vec![2]).unwrap();
    assert_eq!(step2.step, 2);
    assert_eq!(step2.file_stem(), "02-1-blue.step2");
    let carry = step2.resume.as_ref().unwrap();
    assert_eq!(carry.at, Step::Battles);
    assert_eq!(carry.battles.len(), 1);
    assert!(carry.events.is_empty());
    assert!(
        events.iter().any(|e| matches!(e, Event::Note { text, .. } if text.contains("resolution stops after battle A1"))),
        "{events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::TurnBegan { .. })));
    let (next, _) = run(&rules, &step2, RED_DECIDES, vec![3]).unwrap();
    assert_eq!(next.step, 0);
    assert_eq!(next.hex_of(&id("R-1IN")), Some(h("A4")));
    assert!(!eliminated(&next, "B-2IN"));
}

/// `blitz check` works once: the battle preview reads the position checking the orders
/// produced (`Checked::position_for_battles`), not a second planning of the movement,
/// and gives what the preview of the order text gives. A later step has no preview.
#[test]
fn the_battle_preview_reads_the_position_checking_produced() {
    let rules = rules("defer");
    let s = state(&rules, 1, Side::Blue, 15);
    let parsed = orders::parse(BLUE_ATTACKS).unwrap();
    let checked = engine::check_orders(&rules, &s, &parsed, "case")
        .ok()
        .unwrap();
    let pos = checked.position_for_battles().unwrap();
    assert_eq!(pos.hex_of(&id("B-2IN")), Some(h("C3")));
    let previews = preview::battles_checked(&rules, &parsed, &checked);
    let odds: Vec<(String, String)> = previews
        .iter()
        .map(|p| (p.id.clone(), p.odds.to_string()))
        .collect();
    assert_eq!(odds[0].0, "A1");
    assert!(odds[0].1.starts_with("8:4 reduce to 2-1"), "{odds:?}");
    let text = OrderText {
        toml: BLUE_ATTACKS.to_string(),
        name: "orders".to_string(),
        source_lines: Vec::new(),
    };
    assert_eq!(preview::battles_in(&rules, &s, "case", &text), previews);
    let (rules, s) = stopping("defer");
    let unseeded = BLUE_ATTACKS.replace("[seed]\nsource = \"text\"\n", "");
    let (stopped, _) = run(&rules, &s, &unseeded, Vec::new()).unwrap();
    let answer = orders::parse(RED_ANSWERS).unwrap();
    let checked = engine::check_orders(&rules, &stopped, &answer, "case")
        .ok()
        .unwrap();
    assert!(checked.position_for_battles().is_none());
}
