//! 003 29.2 and 29.6 "flown over": aircraft over the minor countries. "Any unit
//! entering a hex of a neutral minor country counts as aggression, including ... an
//! air unit returning to base, or an air unit passing through a coastal hex of the
//! country" (003 29.2); "If the aggressor has simply moved through or flown over the
//! country he must still remove two factors from units that violated it" (29.6).
//!
//! The umpire's reading (the rules write no route for a flight, and count range in
//! hexes "whatever lies between", 30.5): each leg of a flight (base to target, target
//! to landing base, and each leg of a change of base from city to city) enters a minor
//! country when one of its ends is in it (read from the flight's own events,
//! [`super::hexes_entered`]), or when no way of hexes on the board within the leg's
//! budget avoids the country's hexes: the aircraft's range to the target, its reach
//! to the landing base (its range, or less than half of it after bombing at double
//! strength, 30.8), twice its range between staging cities (30.7). The search is made
//! only when a country lies within the budget of both ends of the leg.

use super::{in_play, minor_of};
use crate::air::mission::{staging_limit, Landing};
use crate::air::AirEvent;
use crate::board::Country;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::rules::Rules;
use crate::search;
use crate::units::UnitId;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// One leg of a flight: the aircraft, where it flies from and to, and the most hexes
/// it may fly on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    pub unit: UnitId,
    pub from: Hex,
    pub to: Hex,
    pub budget: u32,
}

/// 30.5, 30.7: the legs of the combat missions (base to target, within range) and of
/// the changes of base (city to city, within twice the range) among `events`.
pub fn mission_legs(rules: &Rules, events: &[Event]) -> Vec<Leg> {
    let mut legs = Vec::new();
    for e in events {
        let Event::Air(a) = e else {
            continue;
        };
        match a {
            AirEvent::Flew { unit, from, to, .. } => {
                if let Some(c) = rules.counters.get(unit) {
                    legs.push(Leg {
                        unit: unit.clone(),
                        from: *from,
                        to: *to,
                        budget: c.movement,
                    });
                }
            }
            AirEvent::Staged { unit, path, .. } => {
                let Some(c) = rules.counters.get(unit) else {
                    continue;
                };
                legs.extend(path.windows(2).map(|w| Leg {
                    unit: unit.clone(),
                    from: w[0],
                    to: w[1],
                    budget: staging_limit(c),
                }));
            }
            _ => {}
        }
    }
    legs
}

/// 30.5, 30.8: the legs of the landings among `events`, from the target to the base
/// landed at, within the reach the mission left (`landing`).
pub fn landing_legs(events: &[Event], landing: &BTreeMap<UnitId, Landing>) -> Vec<Leg> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Air(AirEvent::Landed { unit, hex, .. }) => {
                let l = landing.get(unit)?;
                Some(Leg {
                    unit: unit.clone(),
                    from: l.over,
                    to: *hex,
                    budget: l.reach,
                })
            }

            // Every other event, named so that a new way of landing is considered here:
            // none of these lands an aircraft.
            Event::Air(
                AirEvent::Struck(_)
                | AirEvent::BomberLosses(_)
                | AirEvent::Inverted { .. }
                | AirEvent::AirCombat(_),
            )
            | Event::TurnBegan { .. }
            | Event::SetUp { .. }
            | Event::Placed { .. }
            | Event::Moved { .. }
            | Event::Flown { .. }
            | Event::AutomaticVictory { .. }
            | Event::SetUpAtSea { .. }
            | Event::PutToSea { .. }
            | Event::Sailed { .. }
            | Event::Landed { .. }
            | Event::Invaded { .. }
            | Event::RangersLanded { .. }
            | Event::LakeCrossed { .. }
            | Event::Replaced { .. }
            | Event::AirTransportReplaced { .. }
            | Event::Weather(_)
            | Event::Resources(_)
            | Event::AssaultPlaced { .. }
            | Event::LandedFromAssault { .. }
            | Event::WentAshore { .. }
            | Event::Supply { .. }
            | Event::RemovedBeforeCombat { .. }
            | Event::Battle { .. }
            | Event::Eliminated { .. }
            | Event::Substituted { .. }
            | Event::BrokenDown { .. }
            | Event::Recombined { .. }
            | Event::Retreated { .. }
            | Event::Advanced { .. }
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
            | Event::MinorOverflown { .. }
            | Event::Guerrillas { .. }
            | Event::MinorSupply { .. }
            | Event::Air(
                AirEvent::Flew { .. } | AirEvent::Staged { .. } | AirEvent::Bombed { .. },
            )
            | Event::Ascendancy(_) => None,
        })
        .collect()
}

/// 003 29.2, 29.6 (the umpire's reading): an event for each leg that cannot keep out
/// of a minor country neither of its ends lies in, within its budget.
pub fn overflights(rules: &Rules, legs: &[Leg]) -> Vec<Event> {
    if !in_play(rules) || legs.is_empty() {
        return Vec::new();
    }
    let board = &rules.board;
    let mut countries: BTreeMap<Country, Vec<Hex>> = BTreeMap::new();
    for (h, _) in board.hexes() {
        if let Some(c) = minor_of(board, h) {
            countries.entry(c).or_default().push(h);
        }
    }
    let mut out = Vec::new();
    for leg in legs {
        for (&country, hexes) in &countries {
            let ends_in = [leg.from, leg.to]
                .iter()
                .any(|&h| minor_of(board, h) == Some(country));
            if ends_in {
                continue;
            }
            if let Some(hex) = crossed(rules, leg, country, hexes) {
                out.push(Event::MinorOverflown {
                    unit: leg.unit.clone(),
                    country,
                    from: leg.from,
                    to: leg.to,
                    budget: leg.budget,
                    hex,
                    rule: Rule::para(para!("29.6")).and(Ref::Reading(Cow::Borrowed("29.2"))),
                });
            }
        }
    }
    out
}

/// The hex of `country` a leg passes over when no way within its budget avoids the
/// country (the one nearest the straight way, nearest the start, first in hex order),
/// or `None`. No search when no hex of the country is within the budget of both ends.
fn crossed(rules: &Rules, leg: &Leg, country: Country, hexes: &[Hex]) -> Option<Hex> {
    let detour = |h: &Hex| leg.from.distance(*h) + h.distance(leg.to);
    let near = hexes
        .iter()
        .copied()
        .filter(|h| detour(h) <= leg.budget)
        .min_by_key(|h| (detour(h), leg.from.distance(*h), *h))?;
    let board = &rules.board;
    let around = search::breadth_first(board.extent(), [leg.from], leg.budget, |_, b| {
        board.contains(b) && minor_of(board, b) != Some(country)
    });
    around.get(leg.to).flatten().is_none().then_some(near)
}
