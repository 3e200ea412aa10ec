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
pub use crate::model::mission::{Mission, MissionKind};
pub use crate::model::raid::RaidTarget;
use crate::odds::Factor;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};

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
    Struck(crate::model::strike::Strike),
    /// 33.2, 33.6: the bombers' losses before they bomb: the airbase's A-A fire or
    /// night bombing's operational hazards, on the ACT.
    BomberLosses(crate::model::strike::Hazard),
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
                    MissionKind::Airbase | MissionKind::Industry | MissionKind::Escort => "an",
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
