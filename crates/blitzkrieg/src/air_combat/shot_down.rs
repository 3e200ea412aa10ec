//! 47.33, 50.4, 50.76: the transport aircraft of an intercepted air transport or air
//! supply flight shot down (BLITZKRIEG '85): each number on the ACT half a stacking
//! unit of them, in the owner's order, shot down whole with the units aboard, and the
//! air supply they flew not delivered. How the flights are met is
//! [`super::transport`]'s.

use crate::cite::Rule;
use crate::event::Event;
use crate::model::flight::{Carrier, Flight};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::UnitId;
use std::collections::BTreeMap;

/// 47.33, 50.4: the transport aircraft of `flight` in the order they are shot down:
/// those the owner's list (`losses`) names, or that carry a unit it names, first
/// (47.33: "The owner of the air transport always has the choice"), then the others,
/// the least capacity first (so the number is made up with as little lost beyond it as
/// the order allows), in the order flown among equals.
pub fn shot_down_order<'f>(flight: &'f Flight, chosen: &[UnitId]) -> Vec<&'f Carrier> {
    let mut out: Vec<&Carrier> = Vec::new();
    for name in chosen {
        for c in &flight.carriers {
            let named =
                c.aircraft == *name || c.aboard.contains_key(name) || c.supplies.contains(name);
            if named && !out.iter().any(|o| o.aircraft == c.aircraft) {
                out.push(c);
            }
        }
    }
    let mut rest: Vec<&Carrier> = flight
        .carriers
        .iter()
        .filter(|c| !out.iter().any(|o| o.aircraft == c.aircraft))
        .collect();
    rest.sort_by_key(|c| c.halves);
    out.extend(rest);
    out
}

/// 47.33, 50.4: "Each number obtained on the ACT is the number of half stacking unit
/// transport destroyed": `halves` half units of the transport aircraft over `flight`
/// are shot down, whole aircraft in [`shot_down_order`] until their capacity makes up
/// the number (the last one lost whole though the number ends inside it: 41.11's
/// aircraft are not broken down). "Any ground unit being transported on air transport
/// that is shot down is itself also destroyed": a unit wholly aboard aircraft shot
/// down is eliminated; one loaded over several of which some are shot down is broken
/// down ("Breakdown may occur for ... the units they are transporting"): it loses its
/// factors in the share of it aboard them, fractions up, made up with substitutes (26)
/// as other losses are. 50.76: an aircraft shot down delivers no air supply
/// ([`unsupplied`]).
pub fn shoot_down(rules: &Rules, pos: &mut Position, flight: &Flight, halves: u32) -> Vec<Event> {
    let rule = Rule::para(para!("47.33"));
    let mut events = Vec::new();
    if halves == 0 || flight.carriers.is_empty() {
        return events;
    }
    let hex = flight.hex;
    let mut owed = halves;
    let mut lost: BTreeMap<UnitId, (u32, Vec<UnitId>)> = BTreeMap::new();
    let mut down = Vec::new();
    for c in shot_down_order(flight, &flight.losses) {
        if owed == 0 {
            break;
        }
        owed = owed.saturating_sub(c.halves);
        if pos.remove(&c.aircraft).is_none() {
            continue;
        }
        down.push(c.aircraft.to_string());
        let aboard: Vec<UnitId> = c.aboard.keys().cloned().collect();
        let with = if aboard.is_empty() {
            String::new()
        } else {
            format!(" with {} aboard", crate::units::names(&aboard))
        };
        events.push(Event::Eliminated {
            unit: c.aircraft.clone(),
            hex,
            cause: format!(
                "shot down over {hex}{with}: a transport aircraft ({})",
                units_text(c.halves)
            ),
            rule: rule.clone(),
        });
        for (u, h) in &c.aboard {
            let e = lost.entry(u.clone()).or_default();
            e.0 += h;
            e.1.push(c.aircraft.clone());
        }
        if !c.supplies.is_empty() {
            events.push(Event::Note {
                text: format!(
                    "{} delivers no supplies: {} not supplied by air",
                    c.aircraft,
                    crate::units::names(&c.supplies)
                ),
                rule: Rule::para(para!("50.76")),
            });
        }
    }
    events.insert(
        0,
        Event::Note {
            text: format!(
                "the interceptors' {halves} over {hex} are half stacking units of transport destroyed, the capacity to move {} full-strength unit(s): transport aircraft {} shot down",
                units_text(halves),
                down.join(", ")
            ),
            rule: rule.clone(),
        },
    );
    for (u, (gone, by)) in lost {
        let weight: u32 = flight
            .carriers
            .iter()
            .filter_map(|c| c.aboard.get(&u))
            .sum();
        let by = crate::units::names(&by);
        if gone >= weight {
            if pos.remove(&u).is_some() {
                events.push(Event::Eliminated {
                    unit: u.clone(),
                    hex,
                    cause: format!("aboard {by}, shot down"),
                    rule: rule.clone(),
                });
            }
            continue;
        }
        // Broken down: the share of its factors aboard the aircraft lost, fractions up.
        let attack = rules.counters.get(&u).map_or(0, |c| c.attack);
        let factors = (attack * gone).div_ceil(weight.max(1));
        events.extend(crate::bombing::take_factors(
            rules,
            pos,
            hex,
            vec![u],
            factors,
            &format!("the loss of {by}"),
            &rule,
        ));
    }
    events
}

/// 50.76: the units whose air supply an aircraft shot down in `fought` was flying:
/// they are not supplied by air.
pub fn unsupplied(flights: &[Flight], fought: &[Event]) -> Vec<UnitId> {
    let shot = Rule::para(para!("47.33"));
    let down: Vec<&UnitId> = fought
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { unit, rule, .. } if *rule == shot => Some(unit),
            _ => None,
        })
        .collect();
    flights
        .iter()
        .flat_map(|f| &f.carriers)
        .filter(|c| down.contains(&&c.aircraft))
        .flat_map(|c| c.supplies.iter().cloned())
        .collect()
}

/// "3", "3 1/2", "1/2": half units as units.
pub(crate) fn units_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "1/2".into(),
        (n, 0) => n.to_string(),
        (n, _) => format!("{n} 1/2"),
    }
}
