//! BLITZKRIEG '85's bombardment of a facility by artillery and attack helicopters
//! (52.2-52.3): a `[[barrage]]` naming a `facility` bombards the port, city-road,
//! city supply and industry, critical resources or airbase of its target hex instead
//! of the units in it. Owns the facility a barrage names ([`facility_of`]), what a
//! facility barrage may bombard ([`check`]: the targets of the aircraft's missions,
//! one barrage a facility, never with aircraft on the same facility) and the damage
//! it leaves ([`strike`]). The barrage itself (25.2's range, ZOC and supply, 46.5's
//! attack helicopters, the BBT roll) is `combat/barrage.rs`'s.
//!
//! Readings where 004 is silent:
//! - **Strength** (24-25, 46.5): the barrage's factors on the BBT as a barrage of the
//!   units (the artillery's attack factors, an attack helicopter's in the weather,
//!   46.21-46.22); the result is 52.41's (1-2 light damage, 3 or more heavy, a blank
//!   nothing), rolled under the barrage's id.
//! - **What it may bombard**: what the aircraft of 33.3-33.5 and 52.2-52.3 may: a port
//!   (`port`), a city's road (`road`) or supply and industry (`industry`) in the great
//!   powers, a city's critical resources (`resource`) or an airbase, a city's or an
//!   enemy airfield (`airbase-facility`, or `airbase`: a barrage never attacks 33.2's
//!   grounded aircraft apart from the units, 25.5), never a hex friendly to the
//!   bombarding side (003 32.6); the hex need hold no enemy unit.
//! - **The units in the hex** are not attacked: the hex is not barraged for 25.3-25.4
//!   (a battle there advances as far as its result allows, and may still be barraged),
//!   and no unit takes a loss.
//! - **One target** (52.3): one barrage a facility a player-turn (the artillery and
//!   helicopters firing at it are named in one barrage); two facilities of one hex are
//!   two bombardments.
//! - **Never with aircraft** (52.2: "air units may never combine their bombardment
//!   with that of naval units, artillery and Attack Helicopters"): a barrage and a
//!   mission of the aircraft on the same facility of one hex are refused. A mission on
//!   another facility of the hex, or on its units (30.42), is another bombardment.
//! - **No A-A** fires at attack helicopters bombarding a facility: helicopters are
//!   ground units "for all ... combat purposes" (46.1), and 48's fire takes losses
//!   from air units (48.21, 48.34: "Air units take half losses").

use super::TargetContext;
use crate::air::{AirEvent, MissionKind};
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::model::raid::{Raid, RaidTarget};
use crate::model::strike::Strike;
use crate::odds::Factor;
use crate::orders::{Barrage, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// 52.2-52.3: the facility a barrage's `facility` names, as a mission names its target
/// (`port`, `road`, `industry`, `resource`, `airbase-facility`; `airbase` too, and
/// `supply` for the city's supply and industry).
pub fn facility_of(name: &str) -> Option<RaidTarget> {
    let name = name.trim().to_ascii_lowercase();
    match name.as_str() {
        "airbase" => Some(RaidTarget::AirbaseFacility),
        "supply" | "city-supply" => Some(RaidTarget::Industry),
        _ => MissionKind::from_name(&name)
            .and_then(MissionKind::target)
            .filter(|t| !matches!(t, RaidTarget::Units | RaidTarget::Airbase)),
    }
}

/// The facility's name for a player: "port facility", "critical resources".
pub fn facility_name(target: RaidTarget) -> &'static str {
    super::marker_of(target).map_or("units", super::damage::facility)
}

/// 52.2 for an airbase, 52.3 for the city's other facilities.
fn rule_of(target: RaidTarget) -> crate::cite::Paragraph {
    if target == RaidTarget::AirbaseFacility {
        para!("52.2")
    } else {
        para!("52.3")
    }
}

/// 52.2-52.3: every problem of the facility barrages among `barrages` (the others are
/// 25.2's): a game that does not play 52's damage, a facility the aircraft could not
/// bomb either ([`super::target_refusal`]), a facility bombarded by two barrages, or
/// by a barrage and a mission of the aircraft (`raids`, the missions accepted).
pub fn check(
    ctx: (&Rules, &Position, &BTreeMap<Hex, Side>, Side),
    barrages: &[Barrage],
    raids: &[Raid],
) -> Vec<OrderError> {
    let (rules, pos, held, side) = ctx;
    let none = BTreeSet::new();
    let target_ctx = TargetContext {
        rules,
        pos,
        held,
        side,
        raids: &[],
        barraged: &none,
    };
    let mut errors = Vec::new();
    let mut first: BTreeMap<(Hex, RaidTarget), &str> = BTreeMap::new();
    for b in barrages {
        let Some(f) = &b.facility else {
            continue;
        };
        let (hex, target) = (b.target.value, f.value);
        let facility = facility_name(target).to_string();
        let span = Some(f.span.clone());
        let refused = if super::damage::played(rules) {
            super::target_refusal(&target_ctx, MissionKind::bombing(target), false, hex)
                .map(|(w, _)| w)
        } else {
            Some("artillery and attack helicopters bombard a facility in a game of BLITZKRIEG '85 alone, which damages facilities (52.2-52.3)".into())
        };
        let problem = if let Some(why) = refused {
            Some(Problem::FacilityNotTarget {
                id: b.id.value.clone(),
                facility,
                hex,
                why,
            })
        } else if let Some(earlier) = first.get(&(hex, target)) {
            Some(Problem::FacilityBombardedTwice {
                facility,
                hex,
                first: (*earlier).to_string(),
            })
        } else if raids.iter().any(|r| r.hex == hex && r.target == target) {
            Some(Problem::FacilityWithAircraft {
                id: b.id.value.clone(),
                facility,
                hex,
            })
        } else {
            None
        };
        first.entry((hex, target)).or_insert(&b.id.value);
        if let Some(problem) = problem {
            let rule = match problem {
                Problem::FacilityWithAircraft { .. } => cite!("52.2"),
                _ => crate::cite::Cite::Rule(rule_of(target)),
            };
            errors.push(OrderError::new(problem, span, rule));
        }
    }
    errors
}

/// What one facility barrage fired and rolled, for [`strike`].
pub struct Fired<'a> {
    pub id: &'a str,
    pub hex: Hex,
    pub target: RaidTarget,
    pub units: Vec<UnitId>,
    pub factors: Factor,
    pub roll: String,
    pub table: String,
    /// The BBT's number (0 for a blank).
    pub result: u32,
}

/// 52.41-52.44: the facility of a barrage bombarded in `side`'s player-turn of `turn`:
/// light or heavy damage on it (its owner, the enemy, removes a level in each of his
/// player-turns), or nothing for a blank; the report's line.
pub fn strike(pos: &mut Position, fired: Fired, (turn, side): (u32, Side)) -> Event {
    let marker = super::marker_of(fired.target);
    let damage = marker.and_then(|kind| {
        super::damage::bombed(
            pos,
            (fired.hex, kind),
            side.other(),
            fired.result,
            (turn, side),
        )
    });
    let mut rule = Rule::para(para!("25.2")).and(Ref::Para(rule_of(fired.target).into()));
    if damage.is_some() {
        rule = rule.and(Ref::Para(para!("52.41").into()));
    }
    Event::Air(AirEvent::Struck(Strike {
        hex: fired.hex,
        target: fired.target,
        night: false,
        bombers: fired.units,
        factors: fired.factors,
        roll: fired.roll,
        table: fired.table,
        result: fired.result,
        marker: damage.and(marker),
        rule,
        damage,
        barrage: Some(fired.id.to_string()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 52.2-52.3: a barrage names its facility as a mission names its target; the units
    /// and 33.2's aircraft on the ground are no facility.
    #[test]
    fn a_barrage_names_its_facility_as_a_mission_does_52_3() {
        assert_eq!(facility_of("port"), Some(RaidTarget::Port));
        assert_eq!(facility_of(" City-Road "), Some(RaidTarget::Road));
        assert_eq!(facility_of("supply"), Some(RaidTarget::Industry));
        assert_eq!(
            facility_of("critical-resources"),
            Some(RaidTarget::Resource)
        );
        assert_eq!(facility_of("airbase"), Some(RaidTarget::AirbaseFacility));
        assert_eq!(facility_of("strategic"), None);
        assert_eq!(facility_of("tactical"), None);
        assert_eq!(facility_of("docks"), None);
    }
}
