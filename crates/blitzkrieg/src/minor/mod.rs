//! 29: the five minor countries of the Tournament Game. This module owns what the state
//! keeps of each (its aggressor, its reduced cities, the aggressor's supply payment),
//! what they add to the map for one player-turn (the unreduced cities' infantry ZOC
//! against the aggressor, the cities closed to him, the cities friendly to the
//! liberator, the hexes his supply may not cross), and who becomes a country's
//! aggressor (29.2). The attacks on cities (MCRT, 29.3-29.4) are in [`reduce`], the BBT
//! against them (003 29.4) in [`bombard`], the
//! guerrilla losses (29.6) in [`guerrilla`], the supply cost (29.7) in [`supply`].
//!
//! Where the rules are silent (docs/rules-coverage.md, 29):
//! - An unreduced city's ZOC holds against its aggressor in both player-turns (his
//!   retreats too), and the city is closed to him. A neutral country's unreduced
//!   cities are closed to both sides and exert their ZOC against the side to move over
//!   the hexes of that country only: entering them violates the country, so the ZOC
//!   stops a unit as it becomes the aggressor; a hex outside the country next to a
//!   neutral country's city is not in its ZOC until the side is the aggressor.
//! - Aggression is judged from the player-turn's events: every hex a unit entered,
//!   crossed, retreated or advanced through, flew from or to, and every city attacked;
//!   the first such hex of a neutral country makes the unit's side its aggressor.
//! - A country is subdued while its aggressor garrisons every one of its city hexes
//!   with a ground unit; retaking one city makes it unsubdued again (Q&A 29.6).

pub mod bombard;
pub mod guerrilla;
pub mod overflight;
pub mod reduce;
pub mod report;
pub mod supply;

use crate::air::AirEvent;
use crate::board::{Board, Country};
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
pub use crate::model::minor::{MinorStatus, Minors};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::{GameState, Phase};
use crate::units::{Side, UnitId};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// 29.1: the minor countries are played in the Tournament Game only.
pub fn in_play(rules: &Rules) -> bool {
    rules.ruleset.tournament()
}

/// The minor country `h` lies in, if any.
pub fn minor_of(board: &Board, h: Hex) -> Option<Country> {
    board.country(h).filter(|c| c.home_of().is_none())
}

/// The city hexes of a minor country, in hex order.
pub fn cities_of(board: &Board, country: Country) -> Vec<Hex> {
    board
        .city_hexes()
        .filter(|&h| board.country(h) == Some(country))
        .collect()
}

/// 29.2: the aggressor of a country, if it has one.
pub fn aggressor(minors: &Minors, country: Country) -> Option<Side> {
    minors.get(&country).and_then(|m| m.aggressor)
}

/// 29.4-29.5: whether a minor country city hex is still unreduced.
pub fn unreduced(minors: &Minors, country: Country, h: Hex) -> bool {
    !minors.get(&country).is_some_and(|m| m.reduced.contains(&h))
}

/// 29.6, 29.7: a country is subdued while its aggressor garrisons every city hex of it
/// with a ground unit (its units in `pos`).
pub fn subdued(board: &Board, pos: &Position, minors: &Minors, country: Country) -> bool {
    let Some(side) = aggressor(minors, country) else {
        return false;
    };
    cities_of(board, country)
        .iter()
        .all(|&h| pos.at(h).any(|p| p.side == side && !p.kind.is_air()))
}

/// 29.6, 29.7: for each minor country and side, whether the side garrisons every city
/// hex of it with a ground unit (the country is subdued when that side is its
/// aggressor), as the map `pos` stands.
pub fn garrisons(board: &Board, pos: &Position) -> BTreeMap<(Country, Side), bool> {
    let mut out = BTreeMap::new();
    for country in Country::MINOR {
        let cities = cities_of(board, country);
        for side in Side::BOTH {
            let all = cities
                .iter()
                .all(|&h| pos.at(h).any(|p| p.side == side && !p.kind.is_air()));
            out.insert((country, side), all);
        }
    }
    out
}

/// 29.4: the side an unreduced city of `country` holds its infantry ZOC against in a
/// player-turn of `mover` (the aggressor; while the country is neutral, the side
/// moving), and the hexes it holds: the city and its six neighbours, or while the
/// country is neutral those of them inside it.
pub fn city_zoc(
    board: &Board,
    minors: &Minors,
    country: Country,
    city: Hex,
    mover: Side,
) -> (Side, Vec<Hex>) {
    let all = std::iter::once(city).chain(city.neighbours());
    match aggressor(minors, country) {
        Some(a) => (a, all.collect()),
        None => (
            mover,
            all.filter(|&h| board.country(h) == Some(country)).collect(),
        ),
    }
}

/// 29.2-29.4: puts on `pos` what the minor countries add for a player-turn of `mover`:
/// each unreduced city's infantry ZOC against its aggressor (while the country is
/// neutral, against `mover`, inside it), its closure to the aggressor (while the
/// country is neutral, to both sides: entering it would violate the country), and
/// each unreduced city of a country with an aggressor friendly to its liberator when
/// not in the aggressor's ZOC. Nothing outside the Tournament Game.
pub fn overlay(rules: &Rules, minors: &Minors, pos: &mut Position, mover: Side) {
    if !in_play(rules) {
        return;
    }
    let board = &rules.board;
    for city in board.city_hexes() {
        let Some(country) = minor_of(board, city) else {
            continue;
        };
        if !unreduced(minors, country, city) {
            continue;
        }
        match aggressor(minors, country) {
            Some(a) => {
                pos.set_liberator(city, Some(a.other()));
                pos.bar(a, city, true);
            }
            None => {
                pos.bar(Side::Blue, city, true);
                pos.bar(Side::Red, city, true);
            }
        }
        let (against, zoc) = city_zoc(board, minors, country, city, mover);
        pos.count_city_zoc(against.other(), &zoc, true);
    }
}

/// 29.4: a city reduced in the player-turn of `mover` no longer exerts its ZOC nor
/// keeps anyone out, and is no longer the liberator's by 29.2. `minors` are the minor
/// countries as the position was drawn with (before the reduction is recorded).
pub fn lift(rules: &Rules, minors: &Minors, pos: &mut Position, mover: Side, city: Hex) {
    let Some(country) = minor_of(&rules.board, city) else {
        return;
    };
    let (against, zoc) = city_zoc(&rules.board, minors, country, city, mover);
    pos.count_city_zoc(against.other(), &zoc, false);
    pos.bar(Side::Blue, city, false);
    pos.bar(Side::Red, city, false);
    pos.set_liberator(city, None);
}

/// The hexes units entered or crossed in an event of the player-turn, with the unit
/// (29.2 with 003 29.2: a move, a retreat, an advance, a flight's ends, a landing (from
/// the sea, by rangers on a coast, 27.2, or across a lake, 27.5); an
/// aircraft's mission, change of base, landing, or a country it flew over,
/// [`overflight`]).
pub fn hexes_entered(e: &Event) -> Option<(&UnitId, Vec<Hex>)> {
    match e {
        Event::Moved { unit, path, .. }
        | Event::Retreated { unit, path, .. }
        | Event::Advanced { unit, path, .. } => Some((unit, path.clone())),
        Event::Flown { unit, from, to, .. } => Some((unit, vec![*from, *to])),
        Event::Placed { unit, hex, .. }
        | Event::Invaded { unit, hex, .. }
        | Event::RangersLanded { unit, hex, .. }
        | Event::LakeCrossed { unit, hex, .. }
        | Event::LandedFromAssault { unit, hex, .. }
        | Event::WentAshore { unit, hex, .. } => Some((unit, vec![*hex])),
        Event::Landed { unit, port, .. } => Some((unit, vec![*port])),
        Event::MinorOverflown { unit, hex, .. } => Some((unit, vec![*hex])),
        Event::Air(AirEvent::Flew { unit, from, to, .. }) => Some((unit, vec![*from, *to])),
        Event::Air(AirEvent::Staged { unit, path, .. }) => Some((unit, path.clone())),
        Event::Air(AirEvent::Landed { unit, hex, .. }) => Some((unit, vec![*hex])),
        // Every other event, named so that a new way of entering a hex must be
        // considered here: none of these takes a unit into a hex. A replacement (28.1)
        // enters in a home city, a unit at sea (19) is on no land hex, and a battle's
        // losses, decisions, supply and the record of cities move nothing.
        Event::Air(AirEvent::Bombed { .. })
        | Event::Weather(_)
        | Event::Air(
            AirEvent::Struck(_)
            | AirEvent::BomberLosses(_)
            | AirEvent::Inverted { .. }
            | AirEvent::AirCombat(_),
        )
        | Event::Ascendancy(_)
        | Event::TurnBegan { .. }
        | Event::SetUp { .. }
        | Event::AutomaticVictory { .. }
        | Event::SetUpAtSea { .. }
        | Event::PutToSea { .. }
        | Event::Sailed { .. }
        | Event::Replaced { .. }
        | Event::AirTransportReplaced { .. }
        | Event::Resources(_)
        | Event::AssaultPlaced { .. }
        | Event::Supply { .. }
        | Event::RemovedBeforeCombat { .. }
        | Event::Battle(..)
        | Event::Eliminated { .. }
        | Event::Substituted { .. }
        | Event::BrokenDown { .. }
        | Event::Recombined { .. }
        | Event::Decided { .. }
        | Event::CityChanged { .. }
        | Event::CityFromNextPlayerTurn { .. }
        | Event::ReinforcementsDue { .. }
        | Event::VictoryCheck { .. }
        | Event::GameOver { .. }
        | Event::Owed { .. }
        | Event::Completed { .. }
        | Event::Note { .. }
        | Event::Barraged { .. }
        | Event::BarrageWithoutTarget { .. }
        | Event::MinorInvaded { .. }
        | Event::CityAttacked { .. }
        | Event::CityBombarded { .. }
        | Event::Guerrillas { .. }
        | Event::MinorSupply { .. } => None,
    }
}

/// 29.2 with 003 29.2: the first side whose unit enters a hex of a neutral minor
/// country, by any means, or attacks one of its cities, becomes its aggressor. Reads
/// the events of the player-turn in order; records the aggressors in `minors` and
/// returns an event for each country invaded.
pub fn aggression(rules: &Rules, minors: &mut Minors, events: &[Event]) -> Vec<Event> {
    if !in_play(rules) {
        return Vec::new();
    }
    let board = &rules.board;
    let mut out = Vec::new();
    for e in events {
        let (side, unit, hexes) = match e {
            Event::CityAttacked { side, city, .. } | Event::CityBombarded { side, city, .. } => {
                (*side, None, vec![*city])
            }
            // Any other event: whether it takes a unit into a hex is decided by
            // `hexes_entered`, whose match names every event.
            _ => match hexes_entered(e) {
                Some((unit, hexes)) => match rules.counters.get(unit) {
                    Some(c) => (c.side, Some(unit.clone()), hexes),
                    None => continue,
                },
                None => continue,
            },
        };
        for h in hexes {
            let Some(country) = minor_of(board, h) else {
                continue;
            };
            if aggressor(minors, country).is_some() {
                continue;
            }
            minors.entry(country).or_default().aggressor = Some(side);
            out.push(Event::MinorInvaded {
                country,
                aggressor: side,
                unit: unit.clone(),
                hex: h,
                rule: Rule::para(para!("29.2")).and(Ref::Reading(Cow::Borrowed("29.2"))),
            });
        }
    }
    out
}

/// The report's lines on the minor countries: each that is not neutral, with its
/// aggressor, liberator and reduced cities, and whether it is subdued.
pub fn status_lines(board: &Board, pos: &Position, minors: &Minors) -> Vec<String> {
    minors
        .iter()
        .filter_map(|(&country, m)| {
            let a = m.aggressor?;
            let reduced: Vec<String> = m.reduced.iter().map(Hex::to_string).collect();
            let state = if subdued(board, pos, minors, country) {
                "subdued"
            } else {
                "unsubdued"
            };
            Some(format!(
                "{}: aggressor {a}, liberator {}, {state}; cities reduced: {}",
                country.name(),
                a.other(),
                if reduced.is_empty() {
                    "none".to_string()
                } else {
                    reduced.join(", ")
                }
            ))
        })
        .collect()
}

/// The position on the map, from the state.
pub fn position_of(rules: &Rules, state: &GameState) -> Position {
    let mut pos = state.position(&rules.counters);
    // 29.2-29.4: the minor countries' cities, as they stand for the side moving.
    if let Phase::Turn { side, .. } = state.phase {
        overlay(rules, &state.minors, &mut pos, side);
    }
    // 36.1: the player-turn's use of the critical resources, for a step resumed.
    pos.set_resources(state.resources.clone());
    // 33.7: the ZOC of patrol/interdiction.
    crate::air_combat::interdiction::refresh(rules, &mut pos);
    pos
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::ruleset::RuleBook;
    use crate::sketch::Sketch;
    use crate::state::RuleSet;
    use crate::units::Counters;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// Calaedia: J9-L11, its city K10, on Great Blue land; the Tournament Game.
    fn rules() -> Rules {
        rules_with(&["J9", "J10", "J11", "K9", "K10", "K11", "L9", "L10", "L11"])
    }

    /// Calaedia on the hexes `minor`, its city K10, on Great Blue land.
    fn rules_with(minor: &[&str]) -> Rules {
        let board = Sketch::land(1..=20, 1..=20, Country::GreatBlue)
            .country(Country::Calaedia, minor)
            .city("Mina", &["K10"])
            .build();
        let mut rules = Rules::new(board, Counters::default(), RuleBook::embedded().unwrap());
        rules.ruleset.rules = RuleSet::Tournament;
        rules
    }

    /// 29.2-29.4: against its aggressor an unreduced city is closed and holds the hexes
    /// around it in ZOC, in either player-turn; it is friendly to the liberator; once
    /// reduced (`lift`) none of that is left.
    #[test]
    fn an_unreduced_city_closes_and_holds_zoc_until_it_is_reduced() {
        let rules = rules();
        let mut minors = Minors::new();
        minors.entry(Country::Calaedia).or_default().aggressor = Some(Side::Blue);
        for mover in Side::BOTH {
            let mut pos = Position::new();
            overlay(&rules, &minors, &mut pos, mover);
            assert!(pos.is_barred(Side::Blue, h("K10")));
            assert!(!pos.is_barred(Side::Red, h("K10")));
            assert!(pos.in_zoc_of(Side::Red, h("J10")));
            assert!(!pos.in_zoc_of(Side::Blue, h("J10")));
            assert_eq!(pos.liberator_of(h("K10")), Some(Side::Red));
            lift(&rules, &minors, &mut pos, mover, h("K10"));
            assert!(!pos.is_barred(Side::Blue, h("K10")));
            assert!(!pos.in_zoc_of(Side::Red, h("J10")));
            assert_eq!(pos.liberator_of(h("K10")), None);
        }
    }

    /// 29.2, 29.4: a neutral country's city is closed to both sides, and holds in ZOC
    /// against the side moving only the hexes of the country; outside it nothing.
    #[test]
    fn a_neutral_city_holds_zoc_inside_its_country_only() {
        let rules = rules_with(&["K10", "K11", "L10", "L11"]);
        let mut pos = Position::new();
        overlay(&rules, &Minors::new(), &mut pos, Side::Blue);
        assert!(pos.is_barred(Side::Blue, h("K10")) && pos.is_barred(Side::Red, h("K10")));
        assert!(pos.in_zoc_of(Side::Red, h("K11")));
        assert!(pos.in_zoc_of(Side::Red, h("L10")));
        // J10 and K9 touch the city but lie in Great Blue.
        assert!(!pos.in_zoc_of(Side::Red, h("J10")));
        assert!(!pos.in_zoc_of(Side::Red, h("K9")));
        assert_eq!(pos.liberator_of(h("K10")), None);
    }

    /// 29.2 with 003 29.2: the first entry into a neutral country, a retreat included,
    /// makes the unit's side its aggressor; later entries by the other side do not.
    #[test]
    fn the_first_entry_makes_the_aggressor() {
        let mut rules = rules();
        rules.counters = std::sync::Arc::new(Counters::from_list(["B-1IN", "R-1IN"].map(|id| {
            crate::units::Counter {
                id: UnitId::new(id).unwrap(),
                side: if id.starts_with('B') {
                    Side::Blue
                } else {
                    Side::Red
                },
                kind: crate::units::UnitKind::Infantry,
                size: crate::units::Size::Division,
                attack: 4,
                defence: 4,
                movement: 4,
                name: id.to_string().into(),
                enters: 1,
            }
        })));
        let retreat = Event::Retreated {
            unit: UnitId::new("R-1IN").unwrap(),
            path: vec![h("H10"), h("I10"), h("J10")],
            rule: Rule::para(para!("25.1")),
        };
        let moved = Event::Moved {
            unit: UnitId::new("B-1IN").unwrap(),
            path: vec![h("I11"), h("J11")],
            cost_thirds: 3,
            allowance_thirds: 12,
            found: false,
            notes: Vec::new(),
        };
        let mut minors = Minors::new();
        let events = aggression(&rules, &mut minors, &[retreat, moved]);
        assert_eq!(events.len(), 1);
        assert_eq!(aggressor(&minors, Country::Calaedia), Some(Side::Red));
    }
}
