//! Victory conditions (16) on a sketch board: Big Red's home country holds three city
//! hexes (one of them, Rubra, of two hexes), Great Blue's two.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::builder::StateBuilder;
use blitzkrieg::cite::Rule;
use blitzkrieg::readings::VictoryA;
use blitzkrieg::ruleset::RuleBook;

use blitzkrieg::board::Country;
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::{GameState, Place};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use blitzkrieg::victory::{check, tally, Tally, Throughout, VictoryOutcome};
use std::collections::BTreeMap;

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

fn id(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

/// Great Blue in columns A-E, Big Red in F-J. Blue cities: Azure C3, Cyan C9. Red
/// cities: Rubra H3+H4, Scarlet H10.
fn rules(units: &[(&str, Side)]) -> Rules {
    let red = red_hexes();
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .country(Country::BigRed, &red)
        .city("Azure", &["C3"])
        .city("Cyan", &["C9"])
        .city("Rubra", &["H3", "H4"])
        .city("Scarlet", &["H10"])
        .build();
    let counters = Counters::from_list(units.iter().map(|(n, side)| Counter {
        id: id(n),
        side: *side,
        kind: UnitKind::Infantry,
        size: Size::Division,
        attack: 3,
        defence: 3,
        movement: 4,
        name: n.to_string().into(),
        enters: 1,
    }));
    Rules::new(board, counters, RuleBook::embedded().unwrap())
}

fn red_hexes() -> Vec<String> {
    ["F", "G", "H", "I", "J"]
        .iter()
        .flat_map(|c| (1..=12).map(move |n| format!("{c}{n}")))
        .collect()
}

/// A game state with these unit places, B counters and last turn 15.
fn state(places: &[(&str, Place)], condition_b: &[(Side, u32)]) -> GameState {
    StateBuilder::new("g")
        .units(places.iter().map(|(n, p)| (id(n), p.clone())))
        .build_with(|s| s.condition_b = condition_b.iter().copied().collect())
}

/// `n` units of `side` named `B-1`.. or `R-1`.., all placed `at`.
fn many(side: Side, n: usize, at: Place) -> Vec<(String, Place)> {
    let p = if side == Side::Blue { "B" } else { "R" };
    (1..=n).map(|i| (format!("{p}-{i}"), at.clone())).collect()
}

struct Game {
    rules: Rules,
    pos: Position,
    state: GameState,
}

/// Builds the game from unit places; units on the map are put in `pos`.
fn game(places: Vec<(String, Place)>, condition_b: &[(Side, u32)]) -> Game {
    let side = |n: &str| {
        if n.starts_with("B-") {
            Side::Blue
        } else {
            Side::Red
        }
    };
    let names: Vec<(&str, Side)> = places.iter().map(|(n, _)| (n.as_str(), side(n))).collect();
    let rules = rules(&names);
    let mut pos = Position::new();
    for (n, p) in &places {
        if let Place::Map(hex) = p {
            pos.put(id(n), side(n), UnitKind::Infantry, *hex);
        }
    }
    let refs: Vec<(&str, Place)> = places
        .iter()
        .map(|(n, p)| (n.as_str(), p.clone()))
        .collect();
    Game {
        rules,
        pos,
        state: state(&refs, condition_b),
    }
}

/// The check at the end of a player-turn whose position did not change since it began.
fn run(g: &Game, turn: u32, side: Side, friendly: &BTreeMap<Hex, Option<Side>>) -> VictoryOutcome {
    let kept = Throughout::begin(&g.rules, &g.pos);
    check(
        &g.rules,
        &g.pos,
        &g.state,
        turn,
        side,
        friendly,
        (kept.kept(), None),
    )
}

fn lost(turn: u32, by: Side) -> Place {
    Place::Eliminated { turn, by }
}

fn game_over(o: &VictoryOutcome) -> Option<&Event> {
    o.events
        .iter()
        .find(|e| matches!(e, Event::GameOver { .. }))
}

fn none_friendly() -> BTreeMap<Hex, Option<Side>> {
    BTreeMap::new()
}

// ---------------------------------------------------------------------------
// 16 (A)

/// 16 (A): every enemy unit eliminated from the board with 14 or more units left wins;
/// 13 left does not. Under the default reading `victory-a-reinforcements = board`
/// (16 "from the board"; 6.2 lets reinforcements be delayed for ever) an enemy unit
/// still to come does not save him: this case was a non-win before the reading.
#[test]
fn rule_16_a_all_enemy_units_eliminated_with_14_left() {
    let cases: &[(usize, usize, usize, bool)] = &[
        // (blue units on the map, red lost, red waiting, Blue wins)
        (14, 20, 0, true),
        (13, 20, 0, false),
        (14, 20, 1, true),
    ];
    for &(blue, red_lost, red_waiting, wins) in cases {
        let mut places = many(Side::Blue, blue, Place::Map(h("B2")));
        places.extend(many(Side::Red, red_lost, lost(3, Side::Blue)));
        places.extend((1..=red_waiting).map(|i| (format!("R-W{i}"), Place::Waiting)));
        let g = game(places, &[]);
        let o = run(&g, 3, Side::Blue, &none_friendly());
        let expect = wins.then_some(Some(Side::Blue));
        assert_eq!(
            o.over.as_ref().map(|x| x.0),
            expect,
            "{blue} {red_lost} {red_waiting}"
        );
        assert_eq!(game_over(&o).is_some(), wins);
    }
}

/// 16 (A) under each option of `victory-a-reinforcements`: Blue has 13 units on the
/// board and 1 still to come; Red has none on the board and 1 still to come.
#[test]
fn rule_16_a_each_reading_of_units_still_to_come() {
    for (option, blue_wins) in [
        ("board", false),
        ("own-reserves", true),
        ("waiting-units", false),
    ] {
        let mut places = many(Side::Blue, 13, Place::Map(h("B2")));
        places.push(("B-W".into(), Place::Waiting));
        places.extend(many(Side::Red, 20, lost(3, Side::Blue)));
        places.push(("R-W".into(), Place::Waiting));
        let mut g = game(places, &[]);
        g.rules.ruleset.readings.victory_a = VictoryA::parse(option).unwrap();
        let o = run(&g, 3, Side::Blue, &none_friendly());
        assert_eq!(o.over.is_some(), blue_wins, "{option}: {:?}", o.events);
    }
    // With 14 on the board, `board` wins although Red has a unit still to come, and
    // `waiting-units` (the umpire's reading before readings) does not.
    for (option, blue_wins) in [("board", true), ("waiting-units", false)] {
        let mut places = many(Side::Blue, 14, Place::Map(h("B2")));
        places.push(("R-W".into(), Place::Waiting));
        let mut g = game(places, &[]);
        g.rules.ruleset.readings.victory_a = VictoryA::parse(option).unwrap();
        let o = run(&g, 3, Side::Blue, &none_friendly());
        assert_eq!(o.over.is_some(), blue_wins, "{option}: {:?}", o.events);
    }
}

/// 16 (A): the defender can win in the attacker's player-turn too (AE results).
#[test]
fn rule_16_a_the_side_not_moving_can_win() {
    let mut places = many(Side::Red, 15, Place::Map(h("H8")));
    places.extend(many(Side::Blue, 3, lost(4, Side::Blue)));
    let g = game(places, &[]);
    let o = run(&g, 4, Side::Blue, &none_friendly());
    let (winner, reason) = o.over.unwrap();
    assert_eq!(winner, Some(Side::Red));
    assert!(reason.contains("16 A"), "{reason}");
}

/// Units that were on the map in the state and are no longer in the position were
/// lost this player-turn.
#[test]
fn tally_counts_units_gone_from_the_map_as_lost() {
    let mut places = many(Side::Blue, 2, Place::Map(h("B2")));
    places.push(("B-W".into(), Place::Waiting));
    places.push(("R-1".into(), Place::Map(h("H8"))));
    places.push(("R-2".into(), lost(1, Side::Blue)));
    let mut g = game(places, &[]);
    g.pos.remove(&id("B-1"));
    let t = tally(&g.rules, &g.pos, &g.state);
    assert_eq!(
        t[&Side::Blue],
        Tally {
            on_map: 1,
            at_sea: 0,
            waiting: 1,
            lost: 1
        }
    );
    assert_eq!(
        t[&Side::Red],
        Tally {
            on_map: 1,
            at_sea: 0,
            waiting: 0,
            lost: 1
        }
    );
}

// ---------------------------------------------------------------------------
// 16 (B)

/// Blue units next to every Big Red city hex: G3 touches H3 and H4 (H4's neighbours
/// are H3, I4, I5, H5, G4, G3); H10 is occupied.
fn blue_round_red_cities() -> Vec<(String, Place)> {
    vec![
        ("B-1".into(), Place::Map(h("G3"))),
        ("B-2".into(), Place::Map(h("H10"))),
        ("R-1".into(), Place::Map(h("J1"))),
    ]
}

/// 16 (B): occupying or being adjacent to every enemy home city hex at the end of one
/// player-turn counts 1 and does not win; at the end of the next, it wins.
#[test]
fn rule_16_b_two_consecutive_player_turns_win() {
    let g = game(blue_round_red_cities(), &[]);
    let first = run(&g, 5, Side::Blue, &none_friendly());
    assert_eq!(first.condition_b[&Side::Blue], 1);
    assert_eq!(first.condition_b[&Side::Red], 0);
    assert_eq!(first.over, None);
    let g = game(blue_round_red_cities(), &[(Side::Blue, 1)]);
    let second = run(&g, 5, Side::Red, &none_friendly());
    assert_eq!(second.condition_b[&Side::Blue], 2);
    let (winner, reason) = second.over.unwrap();
    assert_eq!(winner, Some(Side::Blue));
    assert!(reason.contains("16 B"), "{reason}");
}

/// 16 (B): one city hex left uncovered resets the count.
#[test]
fn rule_16_b_an_uncovered_city_resets_the_count() {
    let mut places = blue_round_red_cities();
    places[1].1 = Place::Map(h("F10"));
    let g = game(places, &[(Side::Blue, 1)]);
    let o = run(&g, 5, Side::Red, &none_friendly());
    assert_eq!(o.condition_b[&Side::Blue], 0);
    assert_eq!(o.over, None);
    let Event::VictoryCheck { lines, rule } = &o.events[0] else {
        panic!("{:?}", o.events)
    };
    assert_eq!(*rule, Rule::para(blitzkrieg::para!("16")));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("(B) Blue occupies or is adjacent to 2 of 3 Big Red")),
        "{lines:?}"
    );
}

// ---------------------------------------------------------------------------
// 16 (C) and the stalemate

fn friendly(blue: usize, red: usize) -> BTreeMap<Hex, Option<Side>> {
    let mut out = BTreeMap::new();
    let mut hexes = (1..=80).filter_map(|n| Hex::new(20, n));
    for _ in 0..blue {
        out.insert(hexes.next().unwrap(), Some(Side::Blue));
    }
    for _ in 0..red {
        out.insert(hexes.next().unwrap(), Some(Side::Red));
    }
    out.insert(hexes.next().unwrap(), None);
    out
}

fn armies() -> Vec<(String, Place)> {
    let mut places = many(Side::Blue, 3, Place::Map(h("B2")));
    places.push(("B-L1".into(), lost(3, Side::Red)));
    places.push(("B-L2".into(), lost(4, Side::Red)));
    places.extend(many(Side::Red, 3, Place::Map(h("J12"))));
    places.push(("R-L1".into(), lost(5, Side::Blue)));
    places
}

/// 16 (C): 35 friendly city hexes at the end of turn 15 (after Red's player-turn) win.
#[test]
fn rule_16_c_35_friendly_city_hexes_at_the_end_of_turn_15() {
    let g = game(armies(), &[]);
    let o = run(&g, 15, Side::Red, &friendly(35, 20));
    let (winner, reason) = o.over.unwrap();
    assert_eq!(winner, Some(Side::Blue));
    assert_eq!(
        reason,
        "Blue has 35 friendly city hexes at the end of turn 15 (16 C)"
    );
    let o = run(&g, 15, Side::Red, &friendly(10, 36));
    assert_eq!(o.over.unwrap().0, Some(Side::Red));
}

/// 16 (C) is judged only at the end of the 15th turn: not after Blue's half of it,
/// nor earlier.
#[test]
fn rule_16_c_only_at_the_end_of_the_last_turn() {
    let g = game(armies(), &[]);
    assert_eq!(run(&g, 15, Side::Blue, &friendly(40, 0)).over, None);
    assert_eq!(run(&g, 14, Side::Red, &friendly(40, 0)).over, None);
}

/// 16: anything else at the end of turn 15 is a stalemate, a mutual loss; the bigger
/// loser lost more units (Blue lost 2, Red 1).
#[test]
fn rule_16_stalemate_names_the_bigger_loser() {
    let g = game(armies(), &[]);
    let o = run(&g, 15, Side::Red, &friendly(34, 20));
    let (winner, reason) = o.over.clone().unwrap();
    assert_eq!(winner, None);
    assert_eq!(
        reason,
        "stalemate at the end of turn 15, a mutual loss: Blue lost 2 units, Red 1; Blue is the bigger loser (16)"
    );
    assert_eq!(
        game_over(&o),
        Some(&Event::GameOver {
            winner: None,
            reason,
            rule: Rule::para(blitzkrieg::para!("16"))
        })
    );
}
