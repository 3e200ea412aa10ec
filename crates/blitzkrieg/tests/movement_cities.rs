//! Friendly cities (5.1, 5.2, read as 003 item 5 reads them) through a player-turn's
//! movement: what was held at the start, what is friendly now, and the changes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::movement_support;

use blitzkrieg::board::{Board, Country};
use blitzkrieg::cite::Rule;
use blitzkrieg::control::{changes, friendly_cities, friendly_map, held_at_start, is_friendly};
use blitzkrieg::readings::CityFriendly;

const SO: CityFriendly = CityFriendly::StillOccupied;
use blitzkrieg::event::Event;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::units::{Side, UnitKind};
use movement_support::{h, Game};
use std::collections::BTreeMap;

/// Great Blue in columns A-F, Big Red in G-L. Blue city C5, Red cities I5 and I6
/// (one two-hex city: two cities for every rule, 003 5).
fn board() -> Board {
    let red: Vec<String> = (7..=12)
        .flat_map(|c| (1..=10).map(move |n| blitzkrieg::hex::Hex::new(c, n).unwrap().to_string()))
        .collect();
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    Sketch::land(1..=12, 1..=10, Country::GreatBlue)
        .country(Country::BigRed, &red)
        .city("Azure", &["C5"])
        .city("Crimson", &["I5", "I6"])
        .build()
}

/// 5.1: "You may not enter a city hex and make it friendly in that player-turn": Blue
/// enters Red's I5; it is friendly to neither side for the rest of Blue's player-turn,
/// and friendly to Blue from the start of the next player-turn on.
#[test]
fn entering_a_city_does_not_make_it_friendly_that_turn_5_1() {
    let g = Game::new(board()).unit_at("B-1IN", UnitKind::Infantry, 4, "F5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"G5\", \"H5\", \"I5\"]\n",
    );
    r.ok();
    let b = board();
    let start = BTreeMap::new();
    assert!(!is_friendly(&b, &r.pos, &start, SO, Side::Blue, h("I5")));
    assert!(
        !is_friendly(&b, &r.pos, &start, SO, Side::Red, h("I5")),
        "003 5: neither side's"
    );
    assert!(
        !is_friendly(&b, &r.pos, &start, SO, Side::Red, h("I6")),
        "5.1: enemy adjacent"
    );
    let next = held_at_start(&b, &r.pos);
    assert_eq!(next.get(&h("I5")), Some(&Side::Blue));
    assert!(is_friendly(&b, &r.pos, &next, SO, Side::Blue, h("I5")));
    assert_eq!(
        friendly_cities(&b, &r.pos, &next, SO, Side::Blue),
        [h("C5"), h("I5")].into()
    );
}

/// 5.2: a city stays friendly while occupied and free of enemy ZOC; once the enemy
/// moves next to it at the start of a player-turn it is no longer held.
#[test]
fn held_city_needs_to_be_free_of_enemy_zoc_5_2() {
    let g = Game::new(board())
        .unit_at("B-1IN", UnitKind::Infantry, 4, "I5")
        .unit_at("R-1IN", UnitKind::Infantry, 4, "K5");
    let b = board();
    let held = held_at_start(&b, &g.position());
    assert_eq!(held.get(&h("I5")), Some(&Side::Blue));
    let r = g.run(
        Side::Red,
        1,
        "[[move]]\nunit = \"R-1IN\"\npath = [\"J5\"]\n",
    );
    r.ok();
    assert!(!is_friendly(&b, &r.pos, &held, SO, Side::Blue, h("I5")));
    assert!(!held_at_start(&b, &r.pos).contains_key(&h("I5")));
}

/// 5.2: "If a player moves through or adjacent to a city hex friendly to his opponent
/// without stopping to occupy it, it reverts to being friendly to his opponent the
/// instant his units are no longer adjacent."
#[test]
fn a_city_reverts_when_the_enemy_moves_on_5_2() {
    let b = board();
    let g = Game::new(board()).unit_at("B-1AR", UnitKind::Armor, 6, "F5");
    let held = BTreeMap::new();
    let before = friendly_map(&b, &g.position(), &held, SO);
    assert_eq!(before.get(&h("I6")), Some(&Some(Side::Red)));
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"G5\", \"H5\", \"H4\", \"H3\"]\n",
    );
    r.ok();
    assert_eq!(
        changes(&before, &friendly_map(&b, &r.pos, &held, SO)),
        Vec::<Event>::new()
    );
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"G5\", \"H5\"]\n",
    );
    r.ok();
    let after = friendly_map(&b, &r.pos, &held, SO);
    assert_eq!(
        changes(&before, &after),
        ["I5", "I6"]
            .map(|x| Event::CityChanged {
                hex: h(x),
                from: Some(Side::Red),
                to: None,
                rule: Rule::para(blitzkrieg::para!("5.1-5.2"))
            })
            .to_vec(),
        "H5 is next to both hexes of Crimson"
    );
}

/// 5.1: home cities are friendly unless occupied by or adjacent to enemy units, with
/// no regard to who held them before (003 5).
#[test]
fn home_city_is_friendly_again_when_the_enemy_leaves_5_1() {
    let b = board();
    let g = Game::new(board()).unit_at("R-1IN", UnitKind::Infantry, 4, "C5");
    let held = held_at_start(&b, &g.position());
    assert_eq!(held.get(&h("C5")), Some(&Side::Red));
    assert!(!is_friendly(
        &b,
        &g.position(),
        &held,
        SO,
        Side::Blue,
        h("C5")
    ));
    let r = g.run(
        Side::Red,
        1,
        "[[move]]\nunit = \"R-1IN\"\npath = [\"D5\", \"E5\", \"F5\"]\n",
    );
    r.ok();
    assert!(is_friendly(&b, &r.pos, &held, SO, Side::Blue, h("C5")));
    assert!(!is_friendly(&b, &r.pos, &held, SO, Side::Red, h("C5")));
}
