//! Putting units on the map and flying them: set-up (3.3, 3.4 with 003 3.3),
//! reinforcements (6.2-6.4), air transport (9.3) and airdrop (9.4 with the Q&A).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::movement_support;

use blitzkrieg::board::{Board, Country, Terrain};
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders::Problem;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::units::{Side, UnitKind};
use movement_support::{h, hexes, id, Game};

use UnitKind::{AirAssault, Airborne, Armor, Artillery, Infantry};

fn name(col: i16, num: i16) -> String {
    Hex::new(col, num).unwrap().to_string()
}

/// Hex names of columns `cols`, numbers 1-6.
fn columns(cols: std::ops::RangeInclusive<i16>) -> Vec<String> {
    cols.flat_map(|c| (1..=6).map(move |n| name(c, n)))
        .collect()
}

/// A long board: Great Blue, with Big Red in columns 30-36 (DD-JJ) and Great Blue again
/// beyond. Blue cities: C3 (Alpha), D3-D4 (Bravo), T3 (Tango, 17 hexes from C3),
/// QQ3 (40 hexes from C3), RR3 (41). Red city HH3. Mountain F5, forest F4, sea P5.
fn long() -> Board {
    let red = columns(30..=36);
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    Sketch::land(1..=45, 1..=6, Country::GreatBlue)
        .country(Country::BigRed, &red)
        .terrain(Terrain::Mountain, &["F5"])
        .terrain(Terrain::Forest, &["F4"])
        .terrain(Terrain::Sea, &["P5"])
        .city("Alpha", &["C3"])
        .city("Bravo", &["D3", "D4"])
        .city("Tango", &["T3"])
        .city("Quebec", &["QQ3"])
        .city("Romeo", &["RR3"])
        .city("Hotel", &["HH3"])
        .build()
}

fn placed(r: &movement_support::Ran) -> Vec<(String, Hex)> {
    r.out
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Placed { unit, hex, rule } | Event::SetUp { unit, hex, rule } => {
                Some((format!("{unit}@{rule}"), *hex))
            }
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Set-up

/// 3.3: Blue sets up turn-1 units anywhere in Great Blue, 3 a hex at most (11.1).
#[test]
fn blue_sets_up_in_great_blue_3_3() {
    let g = Game::new(long())
        .waiting("B-1IN", Infantry, 4, 1)
        .waiting("B-2IN", Infantry, 4, 1)
        .waiting("B-3AR", Armor, 6, 1)
        .waiting("B-4IN", Infantry, 4, 1);
    let r = g.setup(
        Side::Blue,
        "[[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3AR\"]\nhex = \"E2\"\n",
    );
    r.ok();
    assert_eq!(placed(&r)[0], ("B-1IN@3.3".to_string(), h("E2")));
    assert_eq!(r.hex_of("B-3AR"), Some(h("E2")));
    assert_eq!(
        r.hex_of("B-4IN"),
        None,
        "003 3.3: units not set up come later"
    );
    let r = g.setup(
        Side::Blue,
        "[[setup]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3AR\"]\nhex = \"E2\"\n\n[[setup]]\nunit = \"B-4IN\"\nhex = \"E2\"\n",
    );
    r.only_error("11.1");
}

/// 3.3, 3.4: outside the home country, or a unit below the line, is refused.
#[test]
fn setup_outside_home_or_of_later_units_is_refused_3_3() {
    let g = Game::new(long())
        .waiting("B-1IN", Infantry, 4, 1)
        .waiting("B-5IN", Infantry, 4, 3)
        .waiting("R-1IN", Infantry, 4, 1);
    let r = g.setup(
        Side::Blue,
        "[[setup]]\nunit = \"B-1IN\"\nhex = \"EE2\"\n\n[[setup]]\nunit = \"B-5IN\"\nhex = \"E2\"\n",
    );
    assert_eq!(r.rules(), vec!["3.3", "3.3"]);
    assert_eq!(r.text_at(&r.errors()[0]), "\"EE2\"");
    assert!(matches!(
        r.errors()[0].problem,
        Problem::NotHomeCountry { .. }
    ));
    assert!(matches!(r.errors()[1].problem, Problem::CannotPlace { .. }));
    let r = g.setup(Side::Red, "[[setup]]\nunit = \"R-1IN\"\nhex = \"EE2\"\n");
    r.ok();
    assert_eq!(placed(&r)[0].0, "R-1IN@3.4");
}

/// 10.2: armor is never set up in forest.
#[test]
fn armor_is_not_set_up_in_forest_10_2() {
    let g = Game::new(long()).waiting("B-3AR", Armor, 6, 1);
    g.setup(Side::Blue, "[[setup]]\nunit = \"B-3AR\"\nhex = \"F4\"\n")
        .only_error("10.2");
}

// ---------------------------------------------------------------------------
// Reinforcements

/// 6.2, 6.3: a reinforcement due this turn enters in a friendly home city and may
/// then move.
#[test]
fn reinforcement_enters_a_friendly_home_city_and_moves_6_3() {
    let g = Game::new(long()).waiting("B-9IN", Infantry, 4, 2);
    let r = g.run(
        Side::Blue,
        2,
        "[[place]]\nunit = \"B-9IN\"\nhex = \"C3\"\n\n[[move]]\nunit = \"B-9IN\"\npath = [\"C4\", \"C5\"]\n",
    );
    r.ok();
    assert_eq!(placed(&r), vec![("B-9IN@6.3".to_string(), h("C3"))]);
    assert_eq!(r.moved("B-9IN").0, hexes(&["C3", "C4", "C5"]));
    assert_eq!(r.out.log.start.get(&id("B-9IN")), Some(&h("C3")));
    assert!(r.out.log.placed.contains(&id("B-9IN")));
}

/// 6.2: not before the OAC turn; a unit already in play or eliminated never (6.1).
#[test]
fn only_due_waiting_units_are_placed_6_2() {
    let g = Game::new(long())
        .waiting("B-9IN", Infantry, 4, 3)
        .unit_at("B-1IN", Infantry, 4, "E2")
        .eliminated("B-2IN", Infantry, 4);
    let r = g.run(
        Side::Blue,
        2,
        "[[place]]\nunit = \"B-9IN\"\nhex = \"C3\"\n\n[[place]]\nunit = \"B-1IN\"\nhex = \"T3\"\n\n[[place]]\nunit = \"B-2IN\"\nhex = \"T3\"\n",
    );
    assert_eq!(r.rules(), vec!["6.2", "6.2", "6.2"]);
    let why: Vec<String> = r
        .problems()
        .iter()
        .map(|p| match p {
            Problem::CannotPlace { why, .. } => why.clone(),
            other => panic!("{other}"),
        })
        .collect();
    assert!(why[0].contains("from turn 3"), "{why:?}");
    assert!(why[1].contains("already on the map"), "{why:?}");
    assert!(why[2].contains("eliminated"), "{why:?}");
    assert_eq!(r.hex_of("B-9IN"), None);
    g.run(Side::Blue, 3, "[[place]]\nunit = \"B-9IN\"\nhex = \"C3\"\n")
        .ok();
}

/// 6.3: only cities of the home country, and only friendly ones (5.1: not next to
/// an enemy unit).
#[test]
fn reinforcements_need_a_friendly_home_city_6_3() {
    let g = Game::new(long())
        .waiting("B-9IN", Infantry, 4, 1)
        .waiting("B-8IN", Infantry, 4, 1)
        .waiting("B-7IN", Infantry, 4, 1)
        .unit_at("R-1IN", Infantry, 4, "U3");
    let r = g.run(
        Side::Blue,
        1,
        "[[place]]\nunit = \"B-9IN\"\nhex = \"E2\"\n\n[[place]]\nunit = \"B-8IN\"\nhex = \"HH3\"\n\n[[place]]\nunit = \"B-7IN\"\nhex = \"T3\"\n",
    );
    assert_eq!(r.rules(), vec!["6.3", "6.3", "6.3"]);
    assert!(r
        .problems()
        .iter()
        .all(|p| matches!(p, Problem::NotFriendlyCity { .. })));
    assert!(r.errors()[2].problem.to_string().contains("5.1"));
    let r = g.run(Side::Blue, 1, "[[place]]\nunit = \"B-7IN\"\nhex = \"D4\"\n");
    r.ok();
}

/// 6.4: one placement puts at most 3 units in a hex.
#[test]
fn at_most_three_placed_at_once_6_4() {
    let mut g = Game::new(long());
    for n in 1..=4 {
        g = g.waiting(&format!("B-{n}IN"), Infantry, 4, 1);
    }
    let r = g.run(
        Side::Blue,
        1,
        "[[place]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\", \"B-4IN\"]\nhex = \"C3\"\n",
    );
    assert!(matches!(
        r.only_error("6.4").problem,
        Problem::PlacedStack { count: 4, .. }
    ));
}

/// 6.4: "by moving out already placed reinforcements a player may bring on an
/// unlimited number of units per turn in one city hex"; what stays is held to 3.
#[test]
fn moving_out_placed_units_makes_room_6_4() {
    let mut g = Game::new(long());
    for n in 1..=5 {
        g = g.waiting(&format!("B-{n}IN"), Infantry, 4, 1);
    }
    let body = "[[place]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nhex = \"C3\"\n\n\
                [[place]]\nunits = [\"B-4IN\", \"B-5IN\"]\nhex = \"C3\"\n\n";
    let r = g.run(
        Side::Blue,
        1,
        &format!("{body}[[move]]\nunits = [\"B-1IN\", \"B-2IN\"]\npath = [\"C4\"]\n"),
    );
    r.ok();
    assert_eq!(r.pos.count_at(h("C3")), 3);
    let r = g.run(
        Side::Blue,
        1,
        &format!("{body}[[move]]\nunit = \"B-1IN\"\npath = [\"C4\"]\n"),
    );
    let e = r.only_error("11.1");
    assert_eq!(
        e.problem,
        Problem::Overstacked {
            hex: h("C3"),
            count: 4
        }
    );
}

// ---------------------------------------------------------------------------
// Air transport

/// 9.3: from a friendly city to another within 40 hexes; full MF after landing.
#[test]
fn air_transport_then_full_move_9_3() {
    let g = Game::new(long()).unit_at("B-1IN", Infantry, 4, "C3");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"C3\"\nto = \"QQ3\"\n\n[[move]]\nunit = \"B-1IN\"\npath = [\"QQ4\", \"QQ5\", \"QQ6\", \"PP6\"]\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-1IN"), Some(h("PP6")));
    assert_eq!(
        r.moved("B-1IN").0[0],
        h("QQ3"),
        "the move starts where it landed"
    );
    assert!(r
        .out
        .events
        .iter()
        .any(|e| matches!(e, Event::Flown { drop: false, rule, .. } if rule.cites("9.3"))));
    assert!(r.out.log.flown.contains(&id("B-1IN")));
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"C3\"\nto = \"RR3\"\n",
    );
    let e = r.only_error("9.3");
    assert!(matches!(
        e.problem,
        Problem::FlightTooLong {
            distance: 41,
            limit: 40,
            ..
        }
    ));
}

/// 9.3: armor and artillery are never flown.
#[test]
fn armor_and_artillery_do_not_fly_9_3() {
    let g = Game::new(long())
        .unit_at("B-1AR", Armor, 6, "C3")
        .unit_at("B-1AT", Artillery, 3, "C3")
        .unit_at("B-1AA", AirAssault, 6, "C3");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunits = [\"B-1AR\", \"B-1AT\"]\nfrom = \"C3\"\nto = \"T3\"\n",
    );
    assert_eq!(r.rules(), vec!["9.3", "9.3"]);
    assert!(r
        .problems()
        .iter()
        .all(|p| matches!(p, Problem::CannotFly { .. })));
    g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AA\"\nfrom = \"C3\"\nto = \"T3\"\n",
    )
    .ok();
}

/// 9.3, Q&A 9.3 & 9.4: 4 units a player-turn, airdrops included.
#[test]
fn four_units_flown_a_turn_drops_included_9_3() {
    let mut g = Game::new(long());
    for n in 1..=3 {
        g = g.unit_at(&format!("B-{n}IN"), Infantry, 4, "C3");
    }
    g = g
        .unit_at("B-1AB", Airborne, 4, "D3")
        .unit_at("B-2AB", Airborne, 4, "D3");
    let body = "[[air]]\nunits = [\"B-1IN\", \"B-2IN\", \"B-3IN\"]\nfrom = \"C3\"\nto = \"T3\"\n\n\
                [[air]]\nunits = [\"B-1AB\", \"B-2AB\"]\nfrom = \"D3\"\nto = \"M2\"\ndrop = true\n";
    let r = g.run(Side::Blue, 1, body);
    let e = r.only_error("9.3");
    assert!(matches!(e.problem, Problem::AirLimit { count: 5, .. }));
    assert_eq!(r.text_at(e), "\"B-2AB\"");
    assert_eq!(r.out.log.flown.len(), 4);
}

/// 9.3: the units must begin the turn in the take-off city; a reinforcement placed
/// there this turn counts as having begun there.
#[test]
fn units_take_off_where_they_began_the_turn_9_3() {
    let g = Game::new(long())
        .unit_at("B-1IN", Infantry, 4, "C2")
        .waiting("B-9IN", Infantry, 4, 1);
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"C3\"\nto = \"T3\"\n",
    );
    assert!(matches!(
        r.only_error("9.3").problem,
        Problem::NotThere { .. }
    ));
    let r = g.run(
        Side::Blue,
        1,
        "[[place]]\nunit = \"B-9IN\"\nhex = \"C3\"\n\n[[air]]\nunit = \"B-9IN\"\nfrom = \"C3\"\nto = \"T3\"\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-9IN"), Some(h("T3")));
}

/// 9.3, 5.1: both cities must be friendly. An enemy city occupied since the start of
/// the player-turn is friendly; one not held at the start is not.
#[test]
fn both_cities_must_be_friendly_9_3_5_1() {
    let g = Game::new(long())
        .unit_at("B-1IN", Infantry, 4, "C3")
        .unit_at("B-2IN", Infantry, 4, "HH3");
    let body = "[[air]]\nunit = \"B-1IN\"\nfrom = \"C3\"\nto = \"HH3\"\n";
    let r = g.run(Side::Blue, 1, body);
    assert!(matches!(
        r.only_error("9.3").problem,
        Problem::NotFriendlyCity { .. }
    ));
    let held = g.held("HH3", Side::Blue);
    held.run(Side::Blue, 1, body).ok();
    let r = held.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"C2\"\nto = \"T3\"\n",
    );
    assert!(r
        .problems()
        .iter()
        .any(|p| matches!(p, Problem::NotFriendlyCity { hex, .. } if *hex == h("C2"))));
}

// ---------------------------------------------------------------------------
// Airdrop

/// 9.4: airborne drop within 20 hexes, then 1 hex at most.
#[test]
fn airdrop_then_one_hex_9_4() {
    let g = Game::new(long()).unit_at("B-1AB", Airborne, 4, "C3");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AB\"\nfrom = \"C3\"\nto = \"W3\"\ndrop = true\n\n[[move]]\nunit = \"B-1AB\"\npath = [\"W4\"]\n",
    );
    r.ok();
    assert!(r
        .out
        .events
        .iter()
        .any(|e| matches!(e, Event::Flown { drop: true, rule, .. } if rule.cites("9.4"))));
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AB\"\nfrom = \"C3\"\nto = \"W3\"\ndrop = true\n\n[[move]]\nunit = \"B-1AB\"\npath = [\"W4\", \"W5\"]\n",
    );
    let e = r.only_error("9.4");
    assert!(matches!(e.problem, Problem::AfterDrop { allowed: 1, .. }));
    assert_eq!(r.text_at(e), "\"W5\"");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AB\"\nfrom = \"C3\"\nto = \"X3\"\ndrop = true\n",
    );
    assert!(matches!(
        r.only_error("9.4").problem,
        Problem::FlightTooLong {
            distance: 21,
            limit: 20,
            ..
        }
    ));
}

/// 9.4: no move at all after landing on mountain or forest; air-assault never lands
/// in forest, airborne may.
#[test]
fn airdrop_on_mountain_or_forest_9_4() {
    let g = Game::new(long())
        .unit_at("B-1AB", Airborne, 4, "C3")
        .unit_at("B-1AA", AirAssault, 6, "C3");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AB\"\nfrom = \"C3\"\nto = \"F5\"\ndrop = true\n\n[[move]]\nunit = \"B-1AB\"\npath = [\"F6\"]\n",
    );
    assert!(matches!(
        r.only_error("9.4").problem,
        Problem::AfterDrop { allowed: 0, .. }
    ));
    g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AB\"\nfrom = \"C3\"\nto = \"F4\"\ndrop = true\n",
    )
    .ok();
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AA\"\nfrom = \"C3\"\nto = \"F4\"\ndrop = true\n",
    );
    assert!(matches!(
        r.only_error("9.4").problem,
        Problem::IllegalHex { .. }
    ));
}

/// 9.4, Q&A 9.4: never into enemy ZOC, not even infantry's ZOC for air-assault; only
/// on land; only airborne and air-assault drop.
#[test]
fn airdrop_not_into_enemy_zoc_nor_sea_q_a_9_4() {
    let g = Game::new(long())
        .unit_at("B-1AA", AirAssault, 6, "C3")
        .unit_at("B-1IN", Infantry, 4, "C3")
        .unit_at("R-1IN", Infantry, 4, "M3");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AA\"\nfrom = \"C3\"\nto = \"M4\"\ndrop = true\n",
    );
    assert_eq!(r.rules(), vec!["Q&A 9.4"]);
    assert!(matches!(r.errors()[0].problem, Problem::BadDropZone { .. }));
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AA\"\nfrom = \"C3\"\nto = \"P5\"\ndrop = true\n",
    );
    r.only_error("9.4");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"C3\"\nto = \"M6\"\ndrop = true\n",
    );
    assert!(matches!(
        r.only_error("9.4").problem,
        Problem::CannotFly { .. }
    ));
    g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AA\"\nfrom = \"C3\"\nto = \"M6\"\ndrop = true\n",
    )
    .ok();
}

/// Q&A 20.1: an air-assault unit may land on a beach hex.
#[test]
fn air_assault_may_drop_on_a_beach_q_a_20_1() {
    let b = long();
    let mut hexes: std::collections::BTreeMap<_, _> =
        b.hexes().map(|(x, i)| (x, i.clone())).collect();
    if let Some(i) = hexes.get_mut(&h("M6")) {
        i.beach = Some("koufax".into());
    }
    let b = Board::from_parts(
        "beach",
        hexes,
        b.roads().collect::<Vec<_>>(),
        b.cities().to_vec(),
        Vec::new(),
        Default::default(),
    );
    let g = Game::new(b).unit_at("B-1AA", AirAssault, 6, "C3");
    g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1AA\"\nfrom = \"C3\"\nto = \"M6\"\ndrop = true\n",
    )
    .ok();
}

/// 9.4: a destination-only move after an airdrop is held to 1 hex too.
#[test]
fn destination_after_airdrop_is_one_hex_9_4() {
    let g = Game::new(long()).unit_at("B-1AB", Airborne, 4, "C3");
    let body = "[[air]]\nunit = \"B-1AB\"\nfrom = \"C3\"\nto = \"W3\"\ndrop = true\n\n[[move]]\nunit = \"B-1AB\"\n";
    g.run(Side::Blue, 1, &format!("{body}to = \"V3\"\n")).ok();
    let r = g.run(Side::Blue, 1, &format!("{body}to = \"U3\"\n"));
    assert!(matches!(
        r.only_error("9.4").problem,
        Problem::AfterDrop { allowed: 1, .. }
    ));
}

/// 9.3: air transport goes from one city to another.
#[test]
fn air_transport_goes_to_another_city_9_3() {
    let g = Game::new(long()).unit_at("B-1IN", Infantry, 4, "D3");
    let r = g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"D3\"\nto = \"D3\"\n",
    );
    assert!(matches!(
        r.only_error("9.3").problem,
        Problem::SameCity { .. }
    ));
    g.run(
        Side::Blue,
        1,
        "[[air]]\nunit = \"B-1IN\"\nfrom = \"D3\"\nto = \"D4\"\n",
    )
    .ok();
}
