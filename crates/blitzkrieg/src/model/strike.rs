//! What a bombing of rule 33 did, as the events of a player-turn keep it: a target
//! bombed on the BBT ([`Strike`]) and the bombers' losses on the ACT before they bomb
//! ([`Hazard`]). The bombing itself is `bombing/`; these are its plain results, named
//! by the aircraft's events (`model/air.rs`), so they sit under every rule module.

use crate::cite::Rule;
use crate::hex::Hex;
use crate::marker::{Damage, DamageLevel, HexMarkerKind};
use crate::model::count::{counted, worded};
use crate::model::raid::{kind_name, RaidTarget};
use crate::odds::Factor;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};

/// 33.2-33.6: one target of rule 33 bombed on the BBT.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    pub hex: Hex,
    pub target: RaidTarget,
    pub night: bool,
    pub bombers: Vec<UnitId>,
    pub factors: Factor,
    /// The roll as drawn, or why there was none (no bomber left).
    pub roll: String,
    pub table: String,
    /// The BBT's number (0 for a blank).
    pub result: u32,
    /// 33.3-33.5: the marker placed.
    pub marker: Option<HexMarkerKind>,
    pub rule: Rule,
    // 52: bombardment effect (BLITZKRIEG '85).
    /// 52.41-52.44: the damage level placed, and the facility's damage after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<(DamageLevel, Damage)>,
    /// 52.2-52.3 ('85): the barrage of artillery and attack helicopters that
    /// bombarded the facility (`bombers` are its units); none for aircraft.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barrage: Option<String>,
}

impl Strike {
    /// What was bombed, in a word: "port", "road", "airbase", "industry".
    pub fn kind(&self) -> &'static str {
        kind_name(self.target)
    }

    /// The summary's line: "R10 bombed (road): RCX (BBT)".
    pub fn glance(&self) -> String {
        let outcome = match (self.marker, self.result) {
            (_, 0) => "no effect".to_string(),
            (Some(m), _) if self.damage.is_some() => self.damage_words(m),
            (Some(m), _) => m.to_string(),
            (None, n) => counted(n, "aircraft factor"),
        };
        format!(
            "{} bombed ({}): {outcome} (BBT)",
            self.hex,
            kind_name(self.target)
        )
    }

    /// The report's line.
    pub fn line(&self) -> String {
        let names: Vec<&str> = self.bombers.iter().map(UnitId::as_str).collect();
        let what = match self.target {
            RaidTarget::Units => "Strategic bombing",
            RaidTarget::Airbase => "Airbase attack",
            RaidTarget::Port => "Bombing of the port facility",
            RaidTarget::Road => "Bombing of the city-road",
            RaidTarget::Industry => "Bombing of the city supply and industry",
            RaidTarget::Resource => "Bombing of the critical resources",
            RaidTarget::AirbaseFacility => "Bombardment of the airbase",
        };
        let night = if self.night { " at night" } else { "" };
        let outcome = match (self.marker, self.result, self.target) {
            (_, 0, _) => "no effect".to_string(),
            (Some(m), _, _) if self.damage.is_some() => self.damage_words(m),
            (Some(m), _, _) => format!("{m} placed"),
            (None, n, RaidTarget::Airbase) => {
                format!("{} eliminated", counted(n, "aircraft factor"))
            }
            (None, n, _) => format!("{n}"),
        };
        let rolled = format!("{}; {}: {outcome} ({})", self.roll, self.table, self.rule);
        if let Some(id) = &self.barrage {
            let facility = self.target.marker().map_or("units", facility);
            return format!(
                "Barrage {id} bombards the {facility} of {} with {} ({}); {rolled}",
                self.hex,
                names.join(", "),
                counted(self.factors, "factor"),
            );
        }
        if names.is_empty() {
            return format!(
                "{what} of {}{night}: no bomber left to bomb ({})",
                self.hex, self.rule
            );
        }
        format!(
            "{what} of {}{night} by {} with {}; {rolled}",
            self.hex,
            names.join(", "),
            counted(self.factors, "factor"),
        )
    }

    /// 52.41: "light damage to the port facility (PX), now 1 heavy, 1 light".
    fn damage_words(&self, marker: HexMarkerKind) -> String {
        match self.damage {
            Some((level, now)) => format!(
                "{level} damage to the {} ({marker}), now {now}",
                facility(marker)
            ),
            None => marker.to_string(),
        }
    }
}

/// 33.2, 33.6: a roll on the ACT against bombers before they bomb.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hazard {
    pub hex: Hex,
    /// What fires: "the airbase's A-A fire of 3 factors" or "operational hazards".
    pub fire: String,
    pub roll: String,
    pub table: String,
    /// Bomber factors eliminated.
    pub lost: u32,
    pub rule: Rule,
}

impl Hazard {
    /// The report's line.
    pub fn line(&self) -> String {
        format!(
            "Bombers over {}: {}; {}; {}: {} lost ({})",
            self.hex,
            worded(&self.fire),
            self.roll,
            self.table,
            counted(self.lost, "bomber factor"),
            self.rule
        )
    }
}

/// The facility a marker kind stands for, in words.
pub fn facility(kind: HexMarkerKind) -> &'static str {
    match kind {
        HexMarkerKind::PX => "port facility",
        HexMarkerKind::RCX => "city-road",
        HexMarkerKind::SRIX | HexMarkerKind::Barraged => "city supply and industry",
        HexMarkerKind::CRX => "critical resources",
        HexMarkerKind::ABX => "airbase",
    }
}
