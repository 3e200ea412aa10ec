//! Friendly cities (5.1, 5.2, read as 003 item 5 reads them): which side each city hex
//! is friendly to, given the position now and what each side held at the start of the
//! player-turn.
//!
//! Every city hex is a city of its own (003, 5). The rules, as applied here:
//! - a city in your home country is friendly to you whenever no enemy unit occupies it
//!   and it is not in an enemy zone of control (5.1: "unless occupied by, or adjacent
//!   to, enemy units");
//! - any other city hex is friendly to you when (1) at the start of the current
//!   player-turn it was occupied by your units and not in enemy ZOC ("held"), and
//!   (2) it is so now (5.1, 5.2). So you may not enter a city and make it friendly in
//!   the same player-turn (5.1), and a city the enemy moves next to stops being
//!   friendly to you only while he is there (5.2's "reverts ... the instant his units
//!   are no longer adjacent"). Under the reading `city-friendly=held-at-start` (2) is
//!   read as 5.2 alone: held at the start, it stays friendly for the whole
//!   player-turn, its holder gone or not, except while an enemy unit is in it or next
//!   to it;
//! - a city may be friendly to neither side (003, 5);
//! - aircraft on the ground occupy a city as ground units do, aircraft in the air do
//!   not (003, 5): a captured city held only by aircraft is not held while they fly.

use crate::board::Board;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::position::Position;
use crate::readings::CityFriendly;
use crate::units::Side;
use std::collections::{BTreeMap, BTreeSet};

/// 5.1-5.2: what decides, besides the position, whether a captured city is friendly:
/// the cities held at the start of the player-turn ([`held_at_start`]) and the game's
/// reading `city-friendly`.
pub type Holding<'a> = (&'a BTreeMap<Hex, Side>, CityFriendly);

/// 003 5: the side whose units occupy `hex` for the control of a city: "Air units on
/// the ground are sufficient to establish or prevent control of a city, but air units
/// in the air are not."
fn occupier(pos: &Position, hex: Hex) -> Option<Side> {
    pos.at(hex).find(|p| !pos.is_aloft(&p.id)).map(|p| p.side)
}

/// 5.2 with 003 5: who holds each city hex outside the holder's own home country:
/// occupied by that side's units and not in the other side's ZOC. Computed at the end
/// of a player-turn, it is what the next player-turn starts with. Home cities are not
/// listed: they follow 5.1 without regard to the past.
pub fn held_at_start(board: &Board, pos: &Position) -> BTreeMap<Hex, Side> {
    board
        .city_hexes()
        .filter_map(|h| {
            let side = occupier(pos, h)?;
            let holds = board.home_of(h) != Some(side) && !pos.in_zoc_of(side.other(), h);
            holds.then_some((h, side))
        })
        .collect()
}

/// 5.1: a home city is friendly to its owner unless an enemy unit occupies it or is
/// adjacent to it (its hex is in enemy ZOC, 8.1).
fn home_city_is_free(pos: &Position, side: Side, hex: Hex) -> bool {
    occupier(pos, hex) != Some(side.other()) && !pos.in_zoc_of(side.other(), hex)
}

/// 5.1, 5.2 (003 5), reading `city-friendly`: a city hex outside `side`'s home
/// country is friendly to it when it was held at the start of the player-turn, no
/// enemy unit occupies it or is next to it now, and:
/// - under `still-occupied` (003 5 (2)), `side` occupies it now;
/// - under `held-at-start` (5.2), `side` need not: but a city of the enemy's home
///   country (or one he liberated) is his again by 5.1 as soon as none of `side`'s
///   units is in it or next to it, so it stays `side`'s only while one is.
fn captured_city_is_held(
    board: &Board,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    city: CityFriendly,
    side: Side,
    hex: Hex,
) -> bool {
    let enemy = side.other();
    let still = match city {
        CityFriendly::StillOccupied => occupier(pos, hex) == Some(side),
        CityFriendly::HeldAtStart => {
            let owner = board.home_of(hex).or_else(|| pos.liberator_of(hex));
            occupier(pos, hex) != Some(enemy) && (owner != Some(enemy) || pos.in_zoc_of(side, hex))
        }
    };
    held.get(&hex) == Some(&side) && still && !pos.in_zoc_of(enemy, hex)
}

/// 5.1, 5.2 (003 5): whether the city hex `hex` is friendly to `side` now, given
/// `held`, the cities held at the start of the player-turn ([`held_at_start`]), and
/// the game's reading `city-friendly`. A hex that is not a city is never friendly.
pub fn is_friendly(
    board: &Board,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    city: CityFriendly,
    side: Side,
    hex: Hex,
) -> bool {
    if !board.is_city(hex) {
        return false;
    }
    if board.home_of(hex) == Some(side) || pos.liberator_of(hex) == Some(side) {
        home_city_is_free(pos, side, hex)
    } else {
        captured_city_is_held(board, pos, held, city, side, hex)
    }
}

/// 5.1, 5.2: every city hex friendly to `side` now (for 6.3 placement, 9.3 air
/// transport, and victory condition C), in hex order.
pub fn friendly_cities(
    board: &Board,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    city: CityFriendly,
    side: Side,
) -> BTreeSet<Hex> {
    board
        .city_hexes()
        .filter(|&h| is_friendly(board, pos, held, city, side, h))
        .collect()
}

/// 5.1, 5.2: which side every city hex is friendly to now (`None`: neither, 003 5).
pub fn friendly_map(
    board: &Board,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    city: CityFriendly,
) -> BTreeMap<Hex, Option<Side>> {
    board
        .city_hexes()
        .map(|h| {
            let who = Side::BOTH
                .into_iter()
                .find(|&s| is_friendly(board, pos, held, city, s, h));
            (h, who)
        })
        .collect()
}

/// 5.1, 5.2: a `CityChanged` event for every city hex whose friendliness differs
/// between two [`friendly_map`] snapshots, in hex order. A hex missing from `before`
/// counts as friendly to neither side.
pub fn changes(
    before: &BTreeMap<Hex, Option<Side>>,
    after: &BTreeMap<Hex, Option<Side>>,
) -> Vec<Event> {
    after
        .iter()
        .filter_map(|(&hex, &to)| {
            let from = before.get(&hex).copied().flatten();
            (from != to).then(|| Event::CityChanged {
                hex,
                from,
                to,
                rule: Rule::para(para!("5.1-5.2")),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SO: CityFriendly = CityFriendly::StillOccupied;
    use crate::board::Country;
    use crate::sketch::Sketch;
    use crate::units::{UnitId, UnitKind};

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    fn board() -> Board {
        Sketch::land(1..=10, 1..=10, Country::GreatBlue)
            .country(Country::BigRed, &["H5", "H6", "I6"])
            .city("Azure", &["C3"])
            .city("Crimson", &["H5", "H6"])
            .build()
    }

    fn put(p: &mut Position, id: &str, side: Side, hex: &str) {
        p.put(UnitId::new(id).unwrap(), side, UnitKind::Infantry, h(hex));
    }

    /// 5.1: a home city is friendly unless occupied by or adjacent to the enemy.
    #[test]
    fn home_city_follows_5_1() {
        let b = board();
        let mut p = Position::new();
        let held = BTreeMap::new();
        assert!(is_friendly(&b, &p, &held, SO, Side::Blue, h("C3")));
        assert!(!is_friendly(&b, &p, &held, SO, Side::Red, h("C3")));
        put(&mut p, "R-1", Side::Red, "C4");
        assert!(!is_friendly(&b, &p, &held, SO, Side::Blue, h("C3")));
        assert!(
            !is_friendly(&b, &p, &held, SO, Side::Blue, h("D3")),
            "not a city"
        );
    }

    /// 5.1/5.2 (003 5): a captured city is friendly only if held since the start of
    /// the player-turn, and occupied and free of enemy ZOC now.
    #[test]
    fn captured_city_needs_holding_since_the_start() {
        let b = board();
        let mut p = Position::new();
        put(&mut p, "B-1", Side::Blue, "H5");
        let none = BTreeMap::new();
        assert!(!is_friendly(&b, &p, &none, SO, Side::Blue, h("H5")), "5.1");
        let held = held_at_start(&b, &p);
        assert_eq!(held.get(&h("H5")), Some(&Side::Blue));
        assert!(is_friendly(&b, &p, &held, SO, Side::Blue, h("H5")));
        assert!(
            !is_friendly(&b, &p, &held, SO, Side::Red, h("H6")),
            "Blue adjacent"
        );
        p.remove(&UnitId::new("B-1").unwrap());
        assert!(
            !is_friendly(&b, &p, &held, SO, Side::Blue, h("H5")),
            "left it"
        );
        assert!(
            is_friendly(&b, &p, &held, SO, Side::Red, h("H6")),
            "5.2 reverts"
        );
    }

    #[test]
    fn changes_name_each_city_that_changed() {
        let b = board();
        let mut p = Position::new();
        let held = BTreeMap::new();
        let before = friendly_map(&b, &p, &held, SO);
        put(&mut p, "R-1", Side::Red, "C4");
        let after = friendly_map(&b, &p, &held, SO);
        let ev = changes(&before, &after);
        assert_eq!(
            ev,
            vec![Event::CityChanged {
                hex: h("C3"),
                from: Some(Side::Blue),
                to: None,
                rule: Rule::para(para!("5.1-5.2"))
            }]
        );
        assert_eq!(
            friendly_cities(&b, &p, &held, SO, Side::Red),
            BTreeSet::from([h("H5"), h("H6")])
        );
    }
}
