//! The few lines at the top of a report that say what the player-turn came to: the
//! battles and their results, what each side lost, the cities that changed hands.
//! Told from the typed events alone: a unit eliminated belongs to the side it fought
//! for in the battle before it (the mover attacks, 12.1), to the mover when it was
//! removed before combat (14.9), and to the other side when an automatic victory beat
//! it (21.1) or a barrage destroyed it (25.2); a unit lost in an air combat (32.32)
//! to its own side, since both sides' aircraft fire in it, and so a bomber lost to
//! '85's A-A (48.21). A later step of a
//! player-turn (the answer before odds, `6-Blue.step1`) is summed up too, its mover
//! named by the player-turn's label.

use crate::air::AirEvent;
use crate::event::{BattleRecord, Event};
use crate::state::Phase;
use crate::units::{Counters, Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// The lines of the summary, or none for a set-up (no `TurnBegan`, and `label` names
/// no player-turn). `counters` say whose a unit lost in an air combat is (else its
/// id's `B-` or `R-`).
pub(super) fn lines(events: &[Event], label: &str, counters: Option<&Counters>) -> Vec<String> {
    let began = events.iter().find_map(|e| match e {
        Event::TurnBegan { side, .. } => Some(*side),
        // Any other event: only the beginning of a player-turn names its mover.
        _ => None,
    });
    // A later step has no `TurnBegan`: its player-turn's label names the mover.
    let stepped = || match Phase::from_label(label) {
        Some(Phase::Turn { side, .. }) => Some(side),
        // A set-up, or no label: nothing to sum up.
        _ => None,
    };
    let Some(mover) = began.or_else(stepped) else {
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
    // 32.32: after an air combat's fire, until the next battle, barrage or bombing,
    // units eliminated are their own side's.
    let mut dogfight = false;
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
            // 48.21 ('85): the bombers' losses to A-A are their own side's.
            Event::Eliminated { unit, rule, .. } if rule.cites("48.21") => {
                match own_side(unit, counters) {
                    Some(side) => lost.entry(side).or_default().push(unit),
                    None => unknown.push(unit),
                }
            }
            Event::Eliminated { unit, .. } if beaten.contains(&unit) || barraging => {
                lost.entry(mover.other()).or_default().push(unit);
            }
            Event::Eliminated { unit, .. } if minor.is_some() => {
                lost.entry(minor.unwrap_or(mover)).or_default().push(unit);
            }
            Event::Eliminated { unit, .. } if dogfight => match own_side(unit, counters) {
                Some(side) => lost.entry(side).or_default().push(unit),
                None => unknown.push(unit),
            },
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
                dogfight = false;
            }
            Event::Guerrillas { side, .. } => {
                barraging = false;
                minor = Some(*side);
                dogfight = false;
            }
            Event::Air(AirEvent::Bombed { hex, removed, .. }) => {
                battles.push(format!(
                    "{hex} bombed: {} (BBT)",
                    crate::model::count::counted(removed, "factor")
                ));
                barraging = true;
                minor = None;
                dogfight = false;
            }
            // 33.2-33.6: the bombers' own losses come first, then the target's.
            Event::Air(AirEvent::BomberLosses(_)) => {
                barraging = false;
                minor = None;
                dogfight = false;
            }
            Event::Air(AirEvent::Struck(s)) => {
                battles.push(s.glance());
                barraging = true;
                minor = None;
                dogfight = false;
            }
            // 32.32: an air combat's fire.
            Event::Air(AirEvent::AirCombat(f)) => {
                battles.push(format!(
                    "air combat over {}: {} (ACT)",
                    f.hex,
                    crate::model::count::counted(f.lost, "factor")
                ));
                barraging = false;
                minor = None;
                dogfight = true;
            }
            Event::Barraged {
                id,
                target,
                removed,
                ..
            } => {
                battles.push(format!(
                    "{id} barrages {target}: {} (BBT)",
                    crate::model::count::counted(removed, "factor")
                ));
                barraging = true;
                minor = None;
                dogfight = false;
            }
            Event::Battle(b) => {
                barraging = false;
                minor = None;
                dogfight = false;
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

/// 32.32: the side a unit lost in an air combat fought for, its own: by its counter,
/// else by its id's `B-` or `R-`.
fn own_side(unit: &UnitId, counters: Option<&Counters>) -> Option<Side> {
    if let Some(c) = counters.and_then(|c| c.get(unit)) {
        return Some(c.side);
    }
    let id = unit.as_str();
    if id.starts_with("B-") {
        Some(Side::Blue)
    } else if id.starts_with("R-") {
        Some(Side::Red)
    } else {
        None
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::air_combat::intercept::AirFire;
    use crate::cite::Rule;
    use crate::hex::Hex;
    use crate::odds::Factor;

    fn fire(hex: Hex, fire: &str, lost: u32) -> Event {
        Event::Air(AirEvent::AirCombat(AirFire {
            hex,
            fire: fire.into(),
            factors: Factor::whole(8),
            roll: String::new(),
            table: String::new(),
            lost,
            rule: Rule::para(para!("32.32")),
        }))
    }

    fn eliminated(unit: &str, hex: Hex) -> Event {
        Event::Eliminated {
            unit: UnitId::new(unit).unwrap(),
            hex,
            cause: "the interception".into(),
            rule: Rule::para(para!("32.32")),
        }
    }

    /// 32.32, 32.4: an answer step (no `TurnBegan`, its player-turn's label) is summed
    /// up, and the aircraft both sides lose in its air combat are each their own side's.
    #[test]
    fn an_answer_step_is_summed_up_with_each_sides_air_losses_32_32() {
        let hex: Hex = "NN48".parse().unwrap();
        let events = [
            fire(hex, "R-1FTR intercepting at double strength", 1),
            fire(hex, "B-1FTR, B-1SAC returning fire at half strength", 1),
            eliminated("B-1SAC", hex),
            eliminated("R-1FTR", hex),
        ];
        let out = lines(&events, "6-Blue", None);
        assert_eq!(
            out,
            [
                "  Battles     2: air combat over NN48: 1 factor (ACT); air combat over NN48: 1 factor (ACT)",
                "  Blue lost   B-1SAC",
                "  Red lost    R-1FTR",
                "  Cities      none changed hands",
            ]
        );
        // A set-up's label names no mover: no summary.
        assert!(lines(&events, "setup-Blue", None).is_empty());
    }
}
