//! Basic Game paragraphs that need the whole umpire or the printed tables to show: the
//! counters a Basic Game uses (2.2), the sequence of play (4.1, 4.6), movement factors that do not carry over (7.4), the end
//! of the game (16), and the Basic Game Attrition Table cell by cell as 000 prints it
//! (BGAT, PBM BGAT). Each test names the paragraph it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::builder::StateBuilder;
use blitzkrieg::ruleset::RuleBook;

use blitzkrieg::board::Country;
use blitzkrieg::engine::{self, TurnDice, TurnInput};
use blitzkrieg::event::Event;
use blitzkrieg::odds::{self, Factor};
use blitzkrieg::orders::{self, OrderError};
use blitzkrieg::rules::Rules;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::{GameState, Phase, Place, TableChoice};
use blitzkrieg::tables::{TableMode, Tables};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use blitzkrieg_desk::demo;
use blitzkrieg_desk::game::{self, RuleFiles, Umpire};
use pbem::dice::{Die, Digit, Roll};

// ---------------------------------------------------------------------------
// A small game run through the whole umpire.

fn id(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

/// The same die for every battle, read on the face-to-face tables.
struct SameDie(u8);

impl TurnDice for SameDie {
    fn roll(
        &mut self,
        mode: TableMode,
        roll_id: &str,
        _stock: Option<&str>,
    ) -> Result<(Roll, String), String> {
        let roll = Roll::in_mode(mode, self.0).ok_or("not a roll")?;
        Ok((roll, format!("{roll_id}: {roll} (fixed by the test)")))
    }
}

/// A game on 10 columns by 12 numbers of clear land, Big Red from column F (6) on.
/// `units`: (id, kind, factor, movement factor, hex); the side is read from the id.
struct Game {
    rules: Rules,
    state: GameState,
}

fn side_of(unit: &str) -> Side {
    if unit.starts_with("B-") {
        Side::Blue
    } else {
        Side::Red
    }
}

fn game(units: &[(&str, UnitKind, u32, u32, &str)], turn: u32, side: Side) -> Game {
    let red: Vec<String> = (6..=10)
        .flat_map(|c| (1..=12).map(move |n| blitzkrieg::hex::Hex::new(c, n).unwrap().to_string()))
        .collect();
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .country(Country::BigRed, &red)
        .build();
    let counters = Counters::from_list(units.iter().map(|(n, kind, f, mf, _)| Counter {
        id: id(n),
        side: side_of(n),
        kind: *kind,
        size: Size::Division,
        attack: *f,
        defence: *f,
        movement: *mf,
        name: n.to_string().into(),
        enters: 1,
    }));
    let state = StateBuilder::new("g")
        .tables(TableChoice::Die)
        .turn(turn, side)
        .units(
            units
                .iter()
                .map(|(n, _, _, _, hex)| (id(n), Place::Map(hex.parse().unwrap()))),
        )
        .build();
    Game {
        rules: Rules::new(board, counters, RuleBook::embedded().unwrap()),
        state,
    }
}

/// Plays the player-turn `state` awaits with the orders `body` (the header is written
/// here), every battle rolling `die` on the face-to-face BGAT.
fn play(
    g: &Game,
    state: &GameState,
    body: &str,
    die: u8,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let side = state.mover().unwrap_or(Side::Blue);
    let src = format!(
        "game = \"g\"\nside = \"{}\"\nturn = {}\nstate = \"s\"\n\n[seed]\nsource = \"text\"\n\n{body}",
        side.name().to_lowercase(),
        state.turn()
    );
    let orders = orders::parse(&src).unwrap();
    let tables = Tables::embedded().unwrap();
    let mut dice = SameDie(die);
    let mut input = TurnInput {
        state_hash: "s",
        orders_hash: "o",
        commitment: None,
        seed_source: "fixed die",
        seed_value: "test",
        seed_hash: "none",
        dice: &mut dice,
        tables: &tables,
    };
    engine::adjudicate(&g.rules, state, &orders, &mut input)
}

fn rules_of(errors: &[OrderError]) -> Vec<String> {
    errors.iter().map(|e| e.rule.to_string()).collect()
}

fn two_armies(turn: u32, side: Side) -> Game {
    game(
        &[
            ("B-1IN", UnitKind::Infantry, 4, 3, "B5"),
            ("R-1IN", UnitKind::Infantry, 4, 3, "I5"),
        ],
        turn,
        side,
    )
}

// ---------------------------------------------------------------------------
// 2.2: the counters of the Basic Game.

/// 2.2: a new Basic Game puts only division-size ground counters in play (no
/// substitutes, rangers or aircraft, 3.2), and orders naming any other counter are
/// refused.
#[test]
fn a_basic_game_uses_division_size_ground_counters_only_2_2() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let state = game::new_game(&u, &demo::new_game_spec()).unwrap();
    assert_eq!(state.units.len(), 142);
    for unit in state.units.keys() {
        let c = u.rules.counters.get(unit).unwrap();
        assert_eq!(c.size, Size::Division, "{unit}");
        assert!(!c.kind.is_air(), "{unit}");
        assert_ne!(c.kind, UnitKind::Rangers, "{unit}");
    }
    let ranger = u
        .rules
        .counters
        .of_side(Side::Blue)
        .find(|c| c.kind == UnitKind::Rangers)
        .unwrap();
    let src = format!(
        "game = \"{}\"\nside = \"blue\"\nturn = 0\nstate = \"s\"\n\n[[setup]]\nunit = \"{}\"\nhex = \"C20\"\n",
        state.game.id, ranger.id
    );
    let orders = orders::parse(&src).unwrap();
    let mut dice = SameDie(1);
    let mut input = TurnInput {
        state_hash: "s",
        orders_hash: "o",
        commitment: None,
        seed_source: "none",
        seed_value: "none",
        seed_hash: "none",
        dice: &mut dice,
        tables: u.tables(),
    };
    let errors = engine::adjudicate(&u.rules, &state, &orders, &mut input).unwrap_err();
    assert_eq!(rules_of(&errors), vec!["2.2"]);
}

// ---------------------------------------------------------------------------
// 4: the sequence of play.

/// 4.1, 4.6: a complete-turn is Blue's player-turn, then Red's; after Red's, the next
/// complete-turn begins with Blue's. Orders for the wrong side or turn are refused.
#[test]
fn a_complete_turn_is_blue_then_red_then_the_next_turn_4_1_4_6() {
    let g = two_armies(1, Side::Blue);
    let (after_blue, events) = play(&g, &g.state, "", 1).unwrap();
    assert_eq!(
        after_blue.phase,
        Phase::Turn {
            turn: 1,
            side: Side::Red
        }
    );
    assert_eq!(
        events.first(),
        Some(&Event::TurnBegan {
            turn: 1,
            side: Side::Blue
        })
    );
    let (after_red, _) = play(&g, &after_blue, "", 1).unwrap();
    assert_eq!(
        after_red.phase,
        Phase::Turn {
            turn: 2,
            side: Side::Blue
        }
    );
    // Blue may not give orders in Red's player-turn (4.2, 4.4: no movement by the
    // other side), nor for a turn other than the current one.
    let src = "game = \"g\"\nside = \"blue\"\nturn = 2\nstate = \"s\"\n";
    let orders = orders::parse(src).unwrap();
    let tables = Tables::embedded().unwrap();
    let mut dice = SameDie(1);
    let mut input = TurnInput {
        state_hash: "s",
        orders_hash: "o",
        commitment: None,
        seed_source: "fixed die",
        seed_value: "test",
        seed_hash: "none",
        dice: &mut dice,
        tables: &tables,
    };
    let errors = engine::adjudicate(&g.rules, &after_blue, &orders, &mut input).unwrap_err();
    assert_eq!(rules_of(&errors), vec!["4.1", "4.1"]);
}

// ---------------------------------------------------------------------------
// 7.4: movement factors.

/// 7.4: a movement factor is not accumulated from one turn to the next: a unit that
/// stood still in turn 1 has only its own MF in turn 2. Nor is it transferable: a unit
/// that moves 1 of its 3 hexes lends nothing to another.
#[test]
fn movement_factors_are_not_accumulated_nor_transferable_7_4() {
    let g = game(
        &[
            ("B-1IN", UnitKind::Infantry, 4, 3, "B5"),
            ("B-2IN", UnitKind::Infantry, 4, 3, "B8"),
            ("R-1IN", UnitKind::Infantry, 4, 3, "J12"),
        ],
        1,
        Side::Blue,
    );
    let (t1_red, _) = play(&g, &g.state, "", 1).unwrap();
    let (t2_blue, _) = play(&g, &t1_red, "", 1).unwrap();
    assert_eq!(
        t2_blue.phase,
        Phase::Turn {
            turn: 2,
            side: Side::Blue
        }
    );
    let four = "[[move]]\nunit = \"B-1IN\"\npath = [\"B5\", \"C5\", \"D5\", \"E5\", \"F5\"]\n";
    assert_eq!(
        rules_of(&play(&g, &t2_blue, four, 1).unwrap_err()),
        vec!["7.3"]
    );
    let three = "[[move]]\nunit = \"B-1IN\"\npath = [\"B5\", \"C5\", \"D5\", \"E5\"]\n";
    let (next, _) = play(&g, &t2_blue, three, 1).unwrap();
    assert_eq!(next.units[&id("B-1IN")], Place::Map("E5".parse().unwrap()));
    let lend = "[[move]]\nunit = \"B-1IN\"\npath = [\"B5\", \"C5\"]\n\n\
                [[move]]\nunit = \"B-2IN\"\npath = [\"B8\", \"C8\", \"D8\", \"E8\", \"F8\"]\n";
    assert_eq!(
        rules_of(&play(&g, &t2_blue, lend, 1).unwrap_err()),
        vec!["7.3"]
    );
}

// ---------------------------------------------------------------------------
// 16: the end of the game.

/// 16: "As soon as one player wins, the game is over": Blue eliminates Red's last
/// unit in turn 3 while keeping 14 units, and the game ends there, not at turn 15.
/// Orders for a finished game are refused.
#[test]
fn a_win_ends_the_game_at_once_16() {
    let mut units = vec![("R-1IN", UnitKind::Infantry, 1, 3, "F5")];
    let names: Vec<String> = (1..=14).map(|n| format!("B-{n}IN")).collect();
    let hexes = [
        "E5", "E5", "E5", "A1", "A1", "A1", "A3", "A3", "A3", "A5", "A5", "A5", "A7", "A7",
    ];
    for (n, hex) in names.iter().zip(hexes) {
        units.push((n.as_str(), UnitKind::Infantry, 4, 3, hex));
    }
    let g = game(&units, 3, Side::Blue);
    // 12 against 1 is better than 6-1: the defender is eliminated (BGAT note).
    let attack =
        "[[attack]]\nid = \"A1\"\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\ntarget = \"F5\"\n";
    let (over, events) = play(&g, &g.state, attack, 6).unwrap();
    let Phase::Over { winner, reason } = &over.phase else {
        panic!("{:?}", over.phase)
    };
    assert_eq!(*winner, Some(Side::Blue));
    assert!(reason.contains("16 A"), "{reason}");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::GameOver {
            winner: Some(Side::Blue),
            ..
        }
    )));
    let errors = play(&g, &over, "", 1).unwrap_err();
    assert_eq!(rules_of(&errors), vec!["16"]);
}

/// 16: with no win by the end of the 15th turn (after Red's player-turn), the game is
/// a stalemate and over; it is not over after Blue's half of turn 15.
#[test]
fn the_game_ends_after_red_s_player_turn_of_turn_15_16() {
    let g = two_armies(15, Side::Blue);
    let (t15_red, _) = play(&g, &g.state, "", 1).unwrap();
    assert_eq!(
        t15_red.phase,
        Phase::Turn {
            turn: 15,
            side: Side::Red
        }
    );
    let (end, _) = play(&g, &t15_red, "", 1).unwrap();
    let Phase::Over { winner, reason } = &end.phase else {
        panic!("{:?}", end.phase)
    };
    assert_eq!(*winner, None);
    assert!(reason.contains("stalemate"), "{reason}");
    assert_eq!(rules_of(&play(&g, &end, "", 1).unwrap_err()), vec!["16"]);
}

// ---------------------------------------------------------------------------
// The Basic Game Attrition Table, as 000 prints it.

/// Odds columns in printed order, each as attack and defence factors that reduce to it.
const COLUMNS: [(u64, u64); 11] = [
    (1, 6),
    (1, 5),
    (1, 4),
    (1, 3),
    (1, 2),
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
    (6, 1),
];

fn printed_row(t: &Tables, roll: Roll) -> Vec<String> {
    COLUMNS
        .iter()
        .map(|&(a, d)| {
            let odds = odds::reduce(Factor::whole(a), Factor::whole(d));
            t.bgat(&odds, roll).unwrap().printed
        })
        .collect()
}

/// BGAT (face to face): every cell, die rolls 1-6 by odds 1-6 to 6-1, as printed in
/// 000's charts.
#[test]
fn face_to_face_bgat_is_the_printed_table_bgat() {
    let printed: [(u8, &str); 6] = [
        (1, "AB2 AB2 AB2 AB2 DB2 DB2 DE DE DE DE DE"),
        (2, "AE AB2 AB2 AB2 EX EX EX EX EX DB2 DB2"),
        (3, "AE AE AB2 AB2 AB2 DB2 DB2 DB2 DB2 DE DE"),
        (4, "AE AE AE AB2 AB2 DB2 DB2 DB2 DB2 DB2 DE"),
        (5, "AE AE AE AE AE AB2 EX EX DE DE DE"),
        (6, "AE AE AE AE AE AE AB2 DE DE DE DE"),
    ];
    let t = Tables::embedded().unwrap();
    for (die, row) in printed {
        let got = printed_row(&t, Roll::Die(Die::new(die).unwrap()));
        assert_eq!(got.join(" "), row, "die roll {die}");
    }
}

/// PBM BGAT: the five rows 000 prints whole (1, 2, 4, 5 and 6; rows 3, 7, 8, 9 and 0
/// lost cells in extraction and are checked in tables_embedded.rs), digit by odds.
#[test]
fn pbm_bgat_rows_printed_whole_are_the_printed_table_pbm_bgat() {
    let printed: [(u8, &str); 5] = [
        (1, "A elim,AB2,AB2,AB2,EX,EX,EX,EX,EX,DB2,DB2"),
        (2, "A elim,A elim,AB2,AB2,AB2,DB2,DB2,DB2,DB2,D elim,D elim"),
        (4, "A elim,AB2,AB2,AB2,EX,EX,EX,EX,EX,DB2,DB2"),
        (5, "A elim,A elim,AB2,AB2,AB2,DB2,DB2,DB2,DB2,D elim,D elim"),
        (6, "A elim,A elim,A elim,AB2,AB2,DB2,DB2,DB2,DB2,DB2,D elim"),
    ];
    let t = Tables::embedded().unwrap();
    for (digit, row) in printed {
        let got = printed_row(&t, Roll::Digit(Digit::new(digit).unwrap()));
        assert_eq!(got.join(","), row, "digit {digit}");
    }
}
