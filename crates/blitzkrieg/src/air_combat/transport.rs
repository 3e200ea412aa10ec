//! 32.33: the interception of air transport. The mover's air transports (9.3) and
//! airdrops (9.4) of the player-turn fly to their terminus city or drop hex and may be
//! intercepted there like bombers (32.32: at triple strength, double when escorted);
//! the losses are taken in the factors of the units transported, and every two
//! factors lost cost half a unit of air transport capacity for good, half a unit more
//! for an odd one. Air supply (23.4) is never intercepted (003 32.33 [AH]): it makes
//! no flight here.
//!
//! 47.32, 50.3 (a game of '85 with rule 50): the flight may be met "in any hex of the
//! air transport movement as triggered by Rule 32.31": its way, the straight course from
//! the take-off hex within the intercept range ([`way`]), is kept on the flight, and
//! each interceptor meets it over the hex of it nearest its base. 47.33, 50.4: its losses
//! are transport aircraft, in half stacking units, with the units aboard them
//! ([`shoot_down`]), not 32.33's factors; 50.76: an air supply flight is met as an air
//! transport, and an aircraft shot down delivers no supply ([`unsupplied`]).
//!
//! Readings where the rules are silent:
//! - a transport is intercepted over the hex it landed in (the terminus city, the drop
//!   hex), not over its take-off city;
//! - its intercept range is that of the route least favourable to interception within
//!   the 40 hexes of air transport or the 20 of an airdrop (no route is written for
//!   it, reading `mission-route-32-31`'s default);
//! - over a hex where bombers fly too, the losses come from the escorts, then the
//!   bombers, then the units transported, the fewest factors first, unless the mover's
//!   file chose another order (003 32.31, [`super::losses`]).

use super::route::Triggers;
use super::shot_down::units_text;
use crate::air::AirEvent;
use crate::cite::Rule;
use crate::event::Event;
use crate::marker::Pools;
pub use crate::model::flight::{Carrier, Flight};
use crate::movement::CarrierFlight;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::Side;
use std::collections::BTreeMap;

/// 32.33, 32.31: the mover's air transports and airdrops of the player-turn (`Flown`
/// events of `moved`) added to `flights`, over the hex each landed in, with the
/// intercept range its flight gives (the greatest over a hex, 003 32.31); the flights
/// stay in hex order. Nothing in a game without rule 32.
pub fn add(
    rules: &Rules,
    pos: &Position,
    mover: Side,
    (moved, carried): (&[Event], &[CarrierFlight]),
    flights: &mut Vec<Flight>,
) {
    if !super::in_play(&rules.ruleset) {
        return;
    }
    let triggers = Triggers::new(rules, pos, mover.other());
    let figures = &rules.ruleset.figures;
    for e in moved {
        let Event::Flown {
            unit,
            from,
            to,
            drop,
            ..
        } = e
        else {
            continue;
        };
        let reach = if *drop {
            figures.airdrop_range
        } else {
            figures.air_transport_range
        };
        let range = triggers.least_range(*from, *to, reach);
        let at = match flights.iter().position(|f| f.hex == *to) {
            Some(i) => i,
            None => {
                flights.push(Flight::over(*to));
                flights.len() - 1
            }
        };
        if let Some(f) = flights.get_mut(at) {
            f.transported.push(unit.clone());
            f.range = f.range.max(range);
            if rules.ruleset.plays85(50) {
                f.way.extend(way(rules, (*from, *to), range));
            }
        }
    }
    // 47.33, 50.76: in a game of '85 that records them, the transport aircraft over each
    // hex with what they carry (a game made with 0.9.0 meets none of them).
    if rules
        .ruleset
        .plays85(crate::ruleset::TRANSPORT_LOSSES_47_33)
    {
        add_carriers(rules, (pos, mover), &triggers, carried, flights);
    }
    for f in flights.iter_mut() {
        // 003 32.31: with bombers, hunters or patrollers over its hex the air
        // transport is met there, one group with them.
        if !f.bombers.is_empty() || !f.hunts.is_empty() || !f.patrollers.is_empty() {
            f.way.clear();
        }
        f.way.sort();
        f.way.dedup();
    }
    flights.sort_by_key(|f| f.hex);
    // 32.4: escorts fly over a hex bombers or an air transport fly to (checked with the
    // orders); a flight of escorts alone is none the defender meets.
    flights.retain(|f| {
        !f.bombers.is_empty()
            || !f.hunts.is_empty()
            || !f.patrollers.is_empty()
            || !f.transported.is_empty()
            || !f.carriers.is_empty()
    });
}

/// 47.33, 50.76: the transport aircraft that flew this player-turn added to the flights
/// over the hexes they flew to, each with the units aboard that landed there (or those
/// its air supply is for). An air supply flight (which makes no `Flown` event) gives the
/// intercept range and way of its own flight (47.32); flying alone over its hex, it is
/// offered for interception only when a fighter of the enemy's could meet it, so that
/// a player-turn stops for nothing no one could answer.
fn add_carriers(
    rules: &Rules,
    (pos, mover): (&Position, Side),
    triggers: &Triggers,
    carried: &[CarrierFlight],
    flights: &mut Vec<Flight>,
) {
    for c in carried {
        let mut carrier = c.carrier.clone();
        let supply = !carrier.supplies.is_empty();
        let at = flights.iter().position(|f| f.hex == c.to);
        let at = match at {
            Some(i) => i,
            None if supply => {
                let mut alone = Flight::over(c.to);
                supply_range(rules, triggers, c, &mut alone);
                let none = (pos, &[][..]);
                if super::intercept::reachable(rules, none, mover.other(), &alone).is_empty() {
                    continue;
                }
                flights.push(Flight::over(c.to));
                flights.len() - 1
            }
            None => {
                flights.push(Flight::over(c.to));
                flights.len() - 1
            }
        };
        let Some(f) = flights.get_mut(at) else {
            continue;
        };
        carrier.aboard.retain(|u, _| f.transported.contains(u));
        if supply {
            supply_range(rules, triggers, c, f);
        }
        f.carriers.push(carrier);
        // 47.33: the owner's order of losses written on the `[[air]]`, after a
        // mission's over the hex (003 32.31).
        for u in &c.losses {
            if !f.losses.contains(u) {
                f.losses.push(u.clone());
            }
        }
    }
}

/// 32.31, 47.32, 50.76: the intercept range and way an air supply flight `c` gives
/// the flight over its hex.
fn supply_range(rules: &Rules, triggers: &Triggers, c: &CarrierFlight, f: &mut Flight) {
    let range = triggers.least_range(c.from, c.to, c.reach);
    f.range = f.range.max(range);
    f.way.extend(way(rules, (c.from, c.to), range));
}

/// 47.32, 50.3: the hexes of an air transport's way from `from` to `to` (its straight
/// course: every hex of a shortest line between them) within the intercept range
/// `range` it gives (no farther from `to` than the range less one, 32.31 with 003
/// 32.31), `to` itself left out. None when no hex starts the range.
pub fn way(
    rules: &Rules,
    (from, to): (crate::hex::Hex, crate::hex::Hex),
    range: u32,
) -> Vec<crate::hex::Hex> {
    let length = from.distance(to);
    from.within(length)
        .into_iter()
        .filter(|h| *h != to && rules.board.contains(*h))
        .filter(|h| from.distance(*h) + h.distance(to) == length)
        .filter(|h| h.distance(to) < range)
        .collect()
}

/// 32.33: the half units of air transport capacity `factors` transported factors lost
/// cost: one for every two, one more for an odd one.
pub fn halves_lost(factors: u32) -> u32 {
    factors.div_ceil(2)
}

/// 32.33: the transported factors each intercepted flight lost, from the interceptors'
/// fire in `fought` (the ACT's factors, taken from the escorts and bombers first), the
/// capacity the mover loses for good kept in his pools, with the events that report
/// it.
pub fn capacity_lost(
    rules: &Rules,
    flights: &[Flight],
    fought: &[Event],
    mover: Side,
    pools: &mut BTreeMap<Side, Pools>,
) -> Vec<Event> {
    // 50: in a game of '85 with transport aircraft the aircraft are the capacity, and
    // 9.3's pool loses nothing (47.33: the aircraft are shot down, `shoot_down`).
    if rules.ruleset.plays85(50) {
        return Vec::new();
    }
    let interceptors_fire = Rule::para(para!("32.32"));
    let mut events = Vec::new();
    for f in flights.iter().filter(|f| !f.transported.is_empty()) {
        let hit = fought.iter().find_map(|e| match e {
            Event::Air(AirEvent::AirCombat(fire))
                if fire.hex == f.hex && fire.rule == interceptors_fire =>
            {
                Some(fire.lost)
            }
            _ => None,
        });
        let Some(hit) = hit else {
            continue;
        };
        // 003 32.31: the factors the transported units gave up, whatever the order of
        // losses the owner chose.
        let factors = super::losses::transported_lost(
            rules,
            (f.hex, &f.transported),
            fought,
            (hit, &interceptors_fire),
        );
        if factors == 0 {
            continue;
        }
        let halves = halves_lost(factors);
        let p = pools.entry(mover).or_default();
        p.air_transport_lost_halves = p.air_transport_lost_halves.saturating_add(halves);
        let capacity = capacity_halves(rules, p.air_transport_halves, p.air_transport_lost_halves);
        events.push(Event::Note {
            text: format!(
                "the air transport intercepted over {} loses {factors} transported factor(s): {mover}'s air transport capacity is {} half unit(s) less for good, {} unit(s) now",
                f.hex,
                halves,
                units_text(capacity),
            ),
            rule: Rule::para(para!("32.33")),
        });
    }
    events
}

/// 9.3, 28.4, 32.33: a side's air transport capacity in half units: the rule set's
/// figure (`halves` 0) or what replacements raised it to (`halves`), less the `lost`
/// half units interceptions cost it.
pub fn capacity_halves(rules: &Rules, halves: u32, lost: u32) -> u32 {
    let base = match halves {
        0 => u32::try_from(rules.ruleset.figures.air_transport_units)
            .unwrap_or(u32::MAX)
            .saturating_mul(2),
        h => h,
    };
    base.saturating_sub(lost)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 32.33: "Every 2 factors lost causes a permanent loss of 1/2 unit of air
    /// transport capacity, plus a 1/2 unit of capacity is lost if an odd number of
    /// factors is lost."
    #[test]
    fn two_factors_a_half_unit_and_an_odd_one_another() {
        assert_eq!(halves_lost(0), 0);
        assert_eq!(halves_lost(1), 1);
        assert_eq!(halves_lost(2), 1);
        assert_eq!(halves_lost(3), 2);
        assert_eq!(halves_lost(6), 3);
        assert_eq!(units_text(7), "3 1/2");
        assert_eq!(units_text(1), "1/2");
        assert_eq!(units_text(8), "4");
    }
}
