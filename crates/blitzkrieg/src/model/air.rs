//! What aircraft did in a player-turn, as the events keep it ([`AirEvent`]), with one
//! fire of an air combat on the ACT ([`AirFire`]) and their report lines. The rules
//! that make them are `air/`, `air_combat/` and `bombing/`; the events of a player-turn
//! (`event.rs`) name these, so they sit under every rule module.

use crate::cite::Rule;
use crate::hex::Hex;
use crate::model::count::counted;
use crate::model::mission::MissionKind;
use crate::model::strike::{Hazard, Strike};
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
    Struck(Strike),
    /// 33.2, 33.6: the bombers' losses before they bomb: the airbase's A-A fire or
    /// night bombing's operational hazards, on the ACT.
    BomberLosses(Hazard),
    /// 33.2: the surviving grounded aircraft of a bombed airbase are inverted.
    Inverted {
        units: Vec<UnitId>,
        hex: Hex,
        rule: Rule,
    },
    // 32: air combat (optional rule).
    /// 32.32, 32.4: one fire of an air combat on the ACT.
    AirCombat(AirFire),
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
                    "Strategic bombing of {hex} by {} with {}; {roll}; {table}: {} removed ({rule})",
                    names.join(", "),
                    counted(factors, "factor"),
                    counted(removed, "factor")
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

/// One fire of the air combat on the ACT, for the report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AirFire {
    pub hex: Hex,
    /// Who fires, with the multiplier: "B-1FTR, B-2FTR intercepting at triple strength".
    pub fire: String,
    pub factors: Factor,
    pub roll: String,
    pub table: String,
    /// Factors eliminated.
    pub lost: u32,
    pub rule: Rule,
}

impl AirFire {
    /// The report's line.
    pub fn line(&self) -> String {
        format!(
            "Air combat over {}: {} with {}; {}; {}: {} lost ({})",
            self.hex,
            self.fire,
            counted(self.factors, "factor"),
            self.roll,
            self.table,
            counted(self.lost, "factor"),
            self.rule
        )
    }
}
