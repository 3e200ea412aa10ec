//! Air power (30, Tournament Game): bombers based in cities, their missions and what
//! they do. Owns the `[[mission]]` order's checked form ([`Mission`]), the events of
//! aircraft ([`AirEvent`]) and their report lines; [`base`] owns airbases (30.2, 30.9),
//! [`mission`] the checking and flying of missions (30.4-30.8), [`operations`] one
//! operation of each type a hex (003 30.4), [`carrier`] aircraft at sea (30.3) and
//! [`bombing`] what bombers add to a battle (30.41).
//!
//! `movement/air.rs` is something else: air transport and airdrops (9.3, 9.4).
//!
//! The declared readings of rule 30 (`docs/readings.md`) are followed:
//! `tactical-bombing-30-41` (factors compared after halving and doubling, or printed),
//! `suicide-missions-30-5` (landings checked with the orders, or not) and
//! `staging-30-7` (staging cities friendly since the start of the preceding
//! player-turn: friendly at the start of this one and not changed hands in the last;
//! or since the start of this one).
//!
//! Readings where the rules are silent or could be read two ways:
//! - 30.2: aircraft are on the map at their base; grounded aircraft weigh nothing
//!   toward the 3 ground units of a hex, and a base holds at most
//!   `air.units_per_city` full air units (a substitute half of one, 26.4).
//! - 30.4-30.5: a mission's range is counted from the base to the hex flown to; a
//!   tactical or strategic mission's landing base (`land`, by default the base flown
//!   from) within range of that hex (30.8: within half range after bombing at double
//!   strength). The landing is checked when the orders are (003 30.5: no suicide
//!   missions, under the default reading) and made after all combat, at the base named if it is still friendly,
//!   free of enemy ZOC and has room, else at the base flown from, else at the nearest
//!   friendly base within reach, else the aircraft is eliminated (30.5).
//! - 30.41: "undoubles a river defense if the bomber's attack strength equals the
//!   basic strength of the defenders" is read as "at least equals", with the
//!   defenders' basic strength that of the defending units of the hex.
//! - 30.41: of the attacker's factor losses, half (rounded up) come from the bombers
//!   first, as far as they go; the rest from every unit of the attack in the order
//!   the attack's `lose` names them. A bomber at double strength counts its doubled
//!   factors toward the loss, as a doubled defender does (25.1).

pub mod base;
pub mod bombing;
pub mod carrier;
pub mod mission;
pub mod operations;
pub mod strategic;

use crate::cite::Rule;
use crate::hex::Hex;
pub use crate::model::raid::RaidTarget;
use crate::odds::Factor;
use crate::orders::Located;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// 30.4, 30.7: what an air mission does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MissionKind {
    /// 30.41: TAC and MDM support a ground attack on the TGAT.
    Tactical,
    /// 30.42: SAC and MDM bomb a hex on the BBT.
    Strategic,
    /// 30.7: a change of base, staging along friendly cities.
    Transfer,
    // 33: additional bombing missions (optional rule).
    /// 33.2: TAC and MDM bomb an airbase on the BBT.
    Airbase,
    /// 33.3: SAC and MDM bomb a port facility on the BBT.
    Port,
    /// 33.4: SAC and MDM bomb a city-road on the BBT.
    Road,
    /// 33.5: SAC and MDM bomb a city's supply and industry on the BBT.
    Industry,
    // 52.3: BLITZKRIEG '85's city bombardment.
    /// 52.3 ('85): SAC and MDM bomb a city's critical resources on the BBT.
    Resource,
    // 52.2: BLITZKRIEG '85's airbase bombardment.
    /// 52.2 ('85): TAC and MDM bomb an airbase itself (a city's or an airfield) on the BBT.
    AirbaseFacility,
    // 32: air combat (optional rule).
    /// 32.4: fighters escort the bombing missions over a hex.
    Escort,
    /// 32.5: fighters hunt from a search hex (`air_combat::hunt`).
    Hunt,
    // 32.7, 33.7: patrol and patrol/interdiction (air_combat::patrol).
    /// 32.7: fighters patrol a hex through the opponent's player-turn.
    Patrol,
    /// 33.7: TAC and fighters on patrol/interdiction over a hex.
    Interdiction,
}

impl MissionKind {
    /// Reads `tactical`, `strategic` or `transfer` (any case; `staging` for a transfer).
    pub fn from_name(text: &str) -> Option<MissionKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "tactical" => Some(MissionKind::Tactical),
            "strategic" => Some(MissionKind::Strategic),
            "transfer" | "staging" => Some(MissionKind::Transfer),
            "airbase" => Some(MissionKind::Airbase),
            "port" => Some(MissionKind::Port),
            "road" | "city-road" => Some(MissionKind::Road),
            "industry" => Some(MissionKind::Industry),
            // 52.3 ('85).
            "resource" | "resources" | "critical-resource" | "critical-resources" => {
                Some(MissionKind::Resource)
            }
            // 52.2 ('85).
            "airbase-facility" => Some(MissionKind::AirbaseFacility),
            // 32: air combat.
            "escort" => Some(MissionKind::Escort),
            "hunt" => Some(MissionKind::Hunt),
            // 32.7, 33.7: patrol, patrol/interdiction.
            "patrol" => Some(MissionKind::Patrol),
            "interdiction" | "patrol-interdiction" | "p/i" => Some(MissionKind::Interdiction),
            _ => None,
        }
    }

    /// Whether it is a combat air operation (003 30: tactical and strategic bombing).
    pub fn is_combat(self) -> bool {
        self != MissionKind::Transfer
    }

    /// 30.42, 33.2-33.5: what a mission bombing on the BBT attacks (`None` for a
    /// tactical mission or a transfer).
    pub fn target(self) -> Option<RaidTarget> {
        match self {
            MissionKind::Tactical
            | MissionKind::Transfer
            | MissionKind::Escort
            | MissionKind::Hunt
            | MissionKind::Patrol
            | MissionKind::Interdiction => None,
            MissionKind::Strategic => Some(RaidTarget::Units),
            MissionKind::Airbase => Some(RaidTarget::Airbase),
            MissionKind::Port => Some(RaidTarget::Port),
            MissionKind::Road => Some(RaidTarget::Road),
            MissionKind::Industry => Some(RaidTarget::Industry),
            MissionKind::Resource => Some(RaidTarget::Resource),
            MissionKind::AirbaseFacility => Some(RaidTarget::AirbaseFacility),
        }
    }

    /// 33.1: whether it is one of the additional bombing missions of rule 33.
    pub fn is_rule_33(self) -> bool {
        self.target().is_some_and(|t| !t.is_units())
    }
}

impl fmt::Display for MissionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MissionKind::Tactical => "tactical",
            MissionKind::Strategic => "strategic",
            MissionKind::Transfer => "transfer",
            MissionKind::Airbase => "airbase",
            MissionKind::Port => "port",
            MissionKind::Road => "road",
            MissionKind::Industry => "industry",
            MissionKind::Resource => "resource",
            MissionKind::AirbaseFacility => "airbase-facility",
            MissionKind::Escort => "escort",
            MissionKind::Hunt => "hunt",
            MissionKind::Patrol => "patrol",
            MissionKind::Interdiction => "patrol/interdiction",
        })
    }
}

/// One `[[mission]]` order, its names read (docs/orders.md, air missions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mission {
    pub units: Vec<Located<UnitId>>,
    pub kind: Located<MissionKind>,
    /// The hex flown to: the target (a hex the battle attacks, or the hex bombed), or
    /// the new base of a transfer.
    pub to: Located<Hex>,
    /// 30.41: the `[[attack]]` a tactical mission supports.
    pub battle: Option<Located<String>>,
    /// 30.5: the base to land at after combat (by default the base flown from).
    pub land: Option<Located<Hex>>,
    /// 30.7: the cities a transfer stages through, in order.
    pub via: Vec<Located<Hex>>,
    /// 30.3: the full sea hex of its zone a carrier-based aircraft flies from.
    pub from: Option<Located<Hex>>,
    /// 30.42: the stock whose sales give a strategic bombing's digit, in a game by
    /// stock sales.
    pub stock: Option<Located<String>>,
    // 33: additional bombing missions (optional rule).
    /// 33.6: `night = true`: a night bombing.
    pub night: Option<Located<bool>>,
    // 32: air combat (optional rule).
    /// 32.31: the hexes flown from the base to `to`, in order (`to` last, written or
    /// not); empty when the orders give none.
    pub route: Vec<Located<Hex>>,
    // 32.5-32.6: a hunt's follow-ups, decided in the mover's file.
    /// 32.6: the airbase next to the search hex the hunters strafe if they attack no
    /// interceptor.
    pub strafe: Option<Located<Hex>>,
    /// 32.52: `fire_excess = true`: hunters intercepted by fewer factors fire with all
    /// their factors instead of holding the excess back.
    pub fire_excess: Option<Located<bool>>,
    // 003 32.31, 003 33.7: the owner's choice of losses.
    /// 003 32.31, 003 33.7: the mover's units over `to` in the order the interceptors'
    /// losses come from them (escorts always first, 32.4); empty: the default order.
    pub losses: Vec<Located<UnitId>>,
    // 003 32.5: hunters switching to patrol.
    /// 003 32.5, 32.7: `then_patrol = true`: the hunters that have not fired patrol
    /// their search hex after combat instead of returning to base.
    pub then_patrol: Option<Located<bool>>,
    // 47.21: an escort joining its bombers on their way.
    /// 47.21: `join = "HEX"`: the hex an escort meets the bombers at, their start hex
    /// or a hex of their route, to fly on with them to `to` (BLITZKRIEG '85).
    pub join: Option<Located<Hex>>,
}

/// What aircraft did in a player-turn, each with its rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AirEvent {
    /// 30.4-30.5, 30.8: an aircraft flew a combat mission from its base to a target,
    /// at double strength when the target was at less than half range.
    Flew {
        unit: UnitId,
        kind: MissionKind,
        from: Hex,
        to: Hex,
        battle: Option<String>,
        doubled: bool,
        rule: Rule,
        /// 32.31: the route written for it, base first, target last (empty when the
        /// orders gave none, and in a game without rule 32): the turn map draws it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        route: Vec<Hex>,
    },
    /// 30.7: an aircraft changed base, staging through the cities of `path`.
    Staged {
        unit: UnitId,
        path: Vec<Hex>,
        rule: Rule,
    },
    /// 30.42: a strategic bombing of a hex on the BBT: the bombers, their factors,
    /// the roll, the table's cell and the factors removed.
    Bombed {
        hex: Hex,
        bombers: Vec<UnitId>,
        factors: Factor,
        roll: String,
        table: String,
        removed: u32,
        rule: Rule,
    },
    /// 30.5: an aircraft landed after combat.
    Landed {
        unit: UnitId,
        hex: Hex,
        note: Option<String>,
        rule: Rule,
    },
    // 33: additional bombing missions (optional rule).
    /// 33.2-33.6: an airbase, port, city-road or city's supply and industry bombed on
    /// the BBT: the bombers, their factors, the roll, the table's cell, the result and
    /// the marker placed.
    Struck(crate::bombing::Strike),
    /// 33.2, 33.6: the bombers' losses before they bomb: the airbase's A-A fire or
    /// night bombing's operational hazards, on the ACT.
    BomberLosses(crate::bombing::Hazard),
    /// 33.2: the surviving grounded aircraft of a bombed airbase are inverted.
    Inverted {
        units: Vec<UnitId>,
        hex: Hex,
        rule: Rule,
    },
    // 32: air combat (optional rule).
    /// 32.32, 32.4: one fire of an air combat on the ACT.
    AirCombat(crate::air_combat::intercept::AirFire),
}

impl AirEvent {
    /// The report's line for the event (without its leading indent).
    pub fn line(&self) -> String {
        match self {
            AirEvent::Flew {
                unit,
                kind,
                from,
                to,
                battle,
                doubled,
                rule,
                ..
            } => {
                let what = match battle {
                    Some(b) => {
                        format!("{kind} mission from {from} over {to} supporting battle {b}")
                    }
                    None => format!("{kind} mission from {from} over {to}"),
                };
                let twice = if *doubled {
                    ", at double strength (less than half range)"
                } else {
                    ""
                };
                // 33.2, 33.5: "an airbase mission", "an industry mission".
                let a = match kind {
                    MissionKind::Airbase
                    | MissionKind::Industry
                    | MissionKind::Escort
                    | MissionKind::AirbaseFacility => "an",
                    _ => "a",
                };
                format!("{unit:<9} flies {a} {what}{twice} ({rule})")
            }
            AirEvent::Staged { unit, path, rule } => {
                let path: Vec<String> = path.iter().map(Hex::to_string).collect();
                format!("{unit:<9} changes base {} ({rule})", path.join("-"))
            }
            AirEvent::Bombed {
                hex,
                bombers,
                factors,
                roll,
                table,
                removed,
                rule,
            } => {
                let names: Vec<&str> = bombers.iter().map(UnitId::as_str).collect();
                format!(
                    "Strategic bombing of {hex} by {} with {factors} factors; {roll}; {table}: {removed} factors removed ({rule})",
                    names.join(", ")
                )
            }
            AirEvent::Landed {
                unit,
                hex,
                note,
                rule,
            } => match note {
                Some(n) => format!("{unit:<9} lands at {hex}: {n} ({rule})"),
                None => format!("{unit:<9} lands at {hex} ({rule})"),
            },
            AirEvent::Struck(s) => s.line(),
            AirEvent::BomberLosses(h) => h.line(),
            AirEvent::Inverted { units, hex, rule } => {
                let names: Vec<&str> = units.iter().map(UnitId::as_str).collect();
                format!(
                    "{} at {hex} inverted: no attack next player-turn, but may change base ({rule})",
                    names.join(", ")
                )
            }
            AirEvent::AirCombat(f) => f.line(),
        }
    }

    /// The report section the event belongs to.
    pub fn section(&self) -> &'static str {
        match self {
            AirEvent::Flew { .. } | AirEvent::Staged { .. } => "MOVEMENT",
            AirEvent::Bombed { .. }
            | AirEvent::Struck(_)
            | AirEvent::BomberLosses(_)
            | AirEvent::Inverted { .. }
            | AirEvent::AirCombat(_) => "COMBAT",
            AirEvent::Landed { .. } => "AIR UNITS RETURN TO BASE (30.5)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 30.4, 30.7: the kinds of mission as players write them.
    #[test]
    fn mission_kinds_read_in_any_case() {
        assert_eq!(
            MissionKind::from_name(" Tactical"),
            Some(MissionKind::Tactical)
        );
        assert_eq!(
            MissionKind::from_name("STRATEGIC"),
            Some(MissionKind::Strategic)
        );
        assert_eq!(
            MissionKind::from_name("staging"),
            Some(MissionKind::Transfer)
        );
        assert_eq!(MissionKind::from_name("dive"), None);
        assert!(!MissionKind::Transfer.is_combat());
        assert!(MissionKind::Strategic.is_combat());
    }
}
