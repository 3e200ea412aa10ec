//! 30.42: a strategic bombing announced, as the state keeps it while a player-turn waits
//! before its odds. The bombing itself is `air/strategic.rs`; the other targets of the
//! BBT (optional rule 33) are `bombing/`.

use crate::hex::Hex;
use crate::units::UnitId;

/// One strategic bombing of a hex.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Raid {
    pub hex: Hex,
    pub bombers: Vec<UnitId>,
    /// The stock its digit is read from, in a game by stock sales.
    pub stock: Option<String>,
    // 33: additional bombing missions (optional rule).
    /// 33.2-33.5: what the raid bombs (the ground units of 30.42 unless written).
    #[serde(default, skip_serializing_if = "RaidTarget::is_units")]
    pub target: RaidTarget,
    /// 33.6: flown at night.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub night: bool,
}

/// 30.42, 33.2-33.5: what a bombing on the BBT attacks.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum RaidTarget {
    /// 30.42: the enemy ground units in the hex.
    #[default]
    Units,
    /// 33.2: an airbase: the aircraft grounded there.
    Airbase,
    /// 33.3: a port facility (PX).
    Port,
    /// 33.4: a city-road (RCX).
    Road,
    /// 33.5: a city's supply and industry (SRIX).
    Industry,
    // 52.3: BLITZKRIEG '85's city bombardment.
    /// 52.3 ('85): a city's critical resources (CRX).
    Resource,
    // 52.2: BLITZKRIEG '85's airbase bombardment.
    /// 52.2 ('85): the airbase itself, of a city or an airfield (ABX).
    AirbaseFacility,
}

impl RaidTarget {
    /// Whether it is the ground units of 30.42.
    pub fn is_units(&self) -> bool {
        *self == RaidTarget::Units
    }

    /// 33.3-33.5, 52.2-52.3: the marker of the facility it is (PX, RCX, SRIX; CRX and
    /// ABX in '85); none for the units or 33.2's aircraft on the ground.
    pub fn marker(self) -> Option<crate::marker::HexMarkerKind> {
        use crate::marker::HexMarkerKind;
        match self {
            RaidTarget::Units | RaidTarget::Airbase => None,
            RaidTarget::Port => Some(HexMarkerKind::PX),
            RaidTarget::Road => Some(HexMarkerKind::RCX),
            RaidTarget::Industry => Some(HexMarkerKind::SRIX),
            RaidTarget::Resource => Some(HexMarkerKind::CRX),
            RaidTarget::AirbaseFacility => Some(HexMarkerKind::ABX),
        }
    }
}

/// How a roll id names the target.
pub(crate) fn kind_name(target: RaidTarget) -> &'static str {
    match target {
        RaidTarget::Units => "bombing",
        RaidTarget::Airbase => "airbase",
        RaidTarget::Port => "port",
        RaidTarget::Road => "road",
        RaidTarget::Industry => "industry",
        RaidTarget::Resource => "resource",
        RaidTarget::AirbaseFacility => "airbase-facility",
    }
}
