//! The few lines at the top of a report that say what the player-turn came to: the
//! battles and their results, what each side lost, the cities that changed hands.
//! Told from the typed events alone: a unit eliminated belongs to the side it fought
//! for in the battle before it (the mover attacks, 12.1), to the mover when it was
//! removed before combat (14.9), and to the other side when an automatic victory beat
//! it (21.1) or a barrage destroyed it (25.2).

use crate::air::AirEvent;
use crate::event::{BattleRecord, Event};
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// The lines of the summary, or none for a set-up (no `TurnBegan`).
pub(super) fn lines(events: &[Event]) -> Vec<String> {
    let Some(mover) = events.iter().find_map(|e| match e {
        Event::TurnBegan { side, .. } => Some(*side),
        // Any other event: only the beginning of a player-turn names its mover.
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut battles = Vec::new();
    let mut lost: BTreeMap<Side, Vec<&UnitId>> = BTreeMap::new();
    let mut unknown = Vec::new();
    let mut cities = Vec::new();
    let mut current: Option<&BattleRecord> = None;
    let mut removed: Vec<&UnitId> = Vec::new();
    let mut avs = Vec::new();
    let mut beaten: Vec<&UnitId> = Vec::new();
    // 25.2, 30.42: between a barrage (or a strategic bombing) and the next battle,
    // units eliminated are the defender's.
    let mut barraging = false;
    // 29.4, 29.6: after an attack on a minor country city or guerrilla losses, units
    // eliminated are that side's, until the next battle or barrage.
    let mut minor: Option<Side> = None;
    for e in events {
        match e {
            Event::AutomaticVictory {
                hex,
                defenders,
                odds,
                ..
            } => {
                avs.push(format!("against {hex} ({odds})"));
                beaten.extend(defenders.iter().map(|d| &d.0));
            }
            Event::Eliminated { unit, .. } if beaten.contains(&unit) || barraging => {
                lost.entry(mover.other()).or_default().push(unit);
            }
            Event::Eliminated { unit, .. } if minor.is_some() => {
                lost.entry(minor.unwrap_or(mover)).or_default().push(unit);
            }
            Event::CityAttacked {
                id,
                side,
                city,
                loss,
                reduced,
                ..
            } => {
                let what = if *reduced { "reduced" } else { "not reduced" };
                battles.push(format!(
                    "{id} against the city {city}: {loss} lost, {what} (MCRT)"
                ));
                barraging = false;
                minor = Some(*side);
            }
            Event::Guerrillas { side, .. } => {
                barraging = false;
                minor = Some(*side);
            }
            Event::Air(AirEvent::Bombed { hex, removed, .. }) => {
                battles.push(format!("{hex} bombed: {removed} factors (BBT)"));
                barraging = true;
                minor = None;
            }
            // 33.2-33.6: the bombers' own losses come first, then the target's.
            Event::Air(AirEvent::BomberLosses(_)) => {
                barraging = false;
                minor = None;
            }
            Event::Air(AirEvent::Struck(s)) => {
                battles.push(s.glance());
                barraging = true;
                minor = None;
            }
            // 32.32: an air combat's fire.
            Event::Air(AirEvent::AirCombat(f)) => {
                battles.push(format!(
                    "air combat over {}: {} factors (ACT)",
                    f.hex, f.lost
                ));
                barraging = false;
                minor = None;
            }
            Event::Barraged {
                id,
                target,
                removed,
                ..
            } => {
                battles.push(format!("{id} barrages {target}: {removed} factors (BBT)"));
                barraging = true;
                minor = None;
            }
            Event::Battle(b) => {
                barraging = false;
                minor = None;
                battles.push(format!(
                    "{} against {}: {}",
                    b.id,
                    b.target,
                    b.result.code()
                ));
                current = Some(b);
            }
            Event::RemovedBeforeCombat { unit, .. } => removed.push(unit),
            Event::Eliminated { unit, .. } => match side_of(unit, mover, current, &removed) {
                Some(side) => lost.entry(side).or_default().push(unit),
                None => unknown.push(unit),
            },
            Event::CityChanged { hex, from, to, .. } => cities.push(format!(
                "{hex} friendly to {} (was {})",
                side_name(*to),
                side_name(*from)
            )),
            Event::CityFromNextPlayerTurn { hex, to, .. } => cities.push(format!(
                "{hex} friendly to {} from the next player-turn",
                side_name(*to)
            )),

            // Every other event, named so that a new one is considered here: none of these
            // removes a unit or changes a city's hands.
            Event::Air(AirEvent::Inverted { .. })
            | Event::TurnBegan { .. }
            | Event::SetUp { .. }
            | Event::Placed { .. }
            | Event::Moved { .. }
            | Event::Flown { .. }
            | Event::SetUpAtSea { .. }
            | Event::PutToSea { .. }
            | Event::Sailed { .. }
            | Event::Landed { .. }
            | Event::Invaded { .. }
            | Event::RangersLanded { .. }
            | Event::LakeCrossed { .. }
            | Event::Replaced { .. }
            | Event::AirTransportReplaced { .. }
            | Event::Resources(_)
            | Event::AssaultPlaced { .. }
            | Event::LandedFromAssault { .. }
            | Event::WentAshore { .. }
            | Event::Supply { .. }
            | Event::Substituted { .. }
            | Event::BrokenDown { .. }
            | Event::Recombined { .. }
            | Event::Retreated { .. }
            | Event::Advanced { .. }
            | Event::Decided { .. }
            | Event::ReinforcementsDue { .. }
            | Event::VictoryCheck { .. }
            | Event::GameOver { .. }
            | Event::Owed { .. }
            | Event::Completed { .. }
            | Event::Note { .. }
            | Event::BarrageWithoutTarget { .. }
            | Event::MinorInvaded { .. }
            | Event::CityBombarded { .. }
            | Event::MinorOverflown { .. }
            | Event::MinorSupply { .. }
            | Event::Weather(_)
            | Event::Air(
                AirEvent::Flew { .. } | AirEvent::Staged { .. } | AirEvent::Landed { .. },
            )
            | Event::Ascendancy(_) => {}
        }
    }
    let mut out = Vec::new();
    out.push(row(
        "Battles",
        &if battles.is_empty() {
            "none".to_string()
        } else {
            format!("{}: {}", battles.len(), battles.join("; "))
        },
    ));
    if !avs.is_empty() {
        out.push(row(
            "AV (21)",
            &format!("{}: {}", avs.len(), avs.join("; ")),
        ));
    }
    // 26.2: units taken off for part of their factors and made up by substitutes.
    let reduced: BTreeSet<&UnitId> = events
        .windows(2)
        .filter_map(|w| match w {
            [Event::Eliminated { unit, .. }, Event::Substituted { unit: u, into, .. }]
                if unit == u && !into.is_empty() =>
            {
                Some(unit)
            }
            // Any other pair of events: no loss made up by substitutes.
            _ => None,
        })
        .collect();
    let name = |u: &&UnitId| {
        if reduced.contains(*u) {
            format!("{u} (reduced)")
        } else {
            u.to_string()
        }
    };
    for side in [mover, mover.other()] {
        let units: Vec<String> = lost
            .get(&side)
            .map(|v| v.iter().map(name).collect())
            .unwrap_or_default();
        let what = if units.is_empty() {
            "nothing".to_string()
        } else {
            units.join(", ")
        };
        out.push(row(&format!("{side} lost"), &what));
    }
    if !unknown.is_empty() {
        let units: Vec<String> = unknown.iter().map(ToString::to_string).collect();
        out.push(row("Eliminated", &units.join(", ")));
    }
    out.push(row(
        "Cities",
        &if cities.is_empty() {
            "none changed hands".to_string()
        } else {
            cities.join("; ")
        },
    ));
    out
}

/// A side, or "neither side" (5.1).
fn side_name(side: Option<Side>) -> String {
    side.map_or("neither side".to_string(), |s| s.to_string())
}

fn row(name: &str, value: &str) -> String {
    format!("  {name:<11} {value}")
}

/// The side an eliminated unit fought for: by the battle it was in, else the mover's
/// when it was removed before combat.
fn side_of(
    unit: &UnitId,
    mover: Side,
    battle: Option<&BattleRecord>,
    removed: &[&UnitId],
) -> Option<Side> {
    if let Some(b) = battle {
        if b.attackers.iter().any(|(u, _, _)| u == unit) {
            return Some(mover);
        }
        if b.defenders.iter().any(|(u, _, _)| u == unit) {
            return Some(mover.other());
        }
    }
    removed.contains(&unit).then_some(mover)
}
