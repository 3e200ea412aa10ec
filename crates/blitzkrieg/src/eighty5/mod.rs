//! BLITZKRIEG '85 (004, rules 37-53): its figures (`rules/blitzkrieg/85.toml`), the
//! price list of rules 40-41 ([`cost`]), the secret simultaneous purchase of the
//! pre-game set-up, 37.2 ([`purchase`]), the Cold War's war-start roll (37.1, 38.8,
//! [`war_start`]), the Hot War's production (38, [`production`]) and 39.2's trades
//! ([`upgrade`]); the helicopters of 41.2-41.3 and rule 46 ([`helicopter`]), and 49's
//! airfields ([`airfield`]); the naval counters held until 42-45 ([`naval`]). Rules
//! 42-53 are otherwise still to be built (`docs/85.md`).

pub mod airfield;
pub mod cost;
pub mod helicopter;
// 41.1, 41.4-41.8: the naval counters, held until 42-45.
pub mod naval;
pub mod production;
pub mod purchase;
pub mod setup;
pub mod transport;
pub mod upgrade;
pub mod war_start;

use crate::units::Side;
use serde::Deserialize;

/// The embedded figures of BLITZKRIEG '85.
pub const EMBEDDED_85: &str = include_str!("../../../../rules/blitzkrieg/85.toml");

/// The points of each side, as 37.11 and 37.21 print them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidePoints {
    pub blue: u32,
    pub red: u32,
}

impl SidePoints {
    /// The points of `side`.
    pub fn of(&self, side: Side) -> u32 {
        match side {
            Side::Blue => self.blue,
            Side::Red => self.red,
        }
    }
}

/// 38.71: the points of a Hot War turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Production {
    /// "For each of the first three turns".
    pub first_turns: u32,
    /// "both sides get 400 points per turn".
    pub first_points: u32,
    /// "After that each side gets 200 points per turn".
    pub later_points: u32,
}

/// 40.2-40.4: points added to the value of one counter, by type and printed factors.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostExtra {
    pub rule: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub factors: String,
    pub points: u32,
}

/// Rule 40's figures.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostRules {
    /// 40.5: the elite types, by name.
    pub elite: Vec<String>,
    pub elite_times: u32,
    /// 40.6: the movement FTR and SAC are assessed at.
    pub ftr_movement: u32,
    pub sac_movement: u32,
    pub extra: Vec<CostExtra>,
}

/// One of 41's new counters, as printed.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewCounter {
    pub rule: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub strength: String,
    pub cost: u32,
    /// How many a side has (40.8: purchases are limited by it).
    pub mix: u32,
    /// A naval counter (42-45).
    #[serde(default)]
    pub naval: bool,
}

/// A marker of 41.10 or 41.12: in the counter mix, never bought.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    pub rule: String,
    pub name: String,
    pub mix: u32,
}

/// The figures of BLITZKRIEG '85, as `rules/blitzkrieg/85.toml` gives them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures85 {
    /// 37.21: the pre-game set-up's points.
    pub setup: SidePoints,
    /// 37.11, 38.81: a Cold War season's points.
    pub cold_war: SidePoints,
    pub production: Production,
    pub cost: CostRules,
    #[serde(rename = "counter")]
    pub counters: Vec<NewCounter>,
    #[serde(rename = "marker")]
    pub markers: Vec<Marker>,
    // 37.12, 38.81: the war-start roll; 38.4-38.5: the points of conquest.
    pub war_start: WarStartFigures,
    pub conquest: Conquest,
    /// 48.22, 48.31, 48.33: the A-A values.
    pub aa: AaFigures,
    /// 47.1: the fighters' range at full strength.
    pub fighters: FighterFigures,
    /// 50.1, 50.73-50.74: the transport aircraft's ranges.
    pub air_transport: AirTransportFigures,
}

/// 50: the ranges of '85's transport aircraft.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirTransportFigures {
    /// 50.1: "Range is 20 hexes" (a change of base, an airdrop, 50.6).
    pub range: u32,
    /// 50.73: supplies landed at an airfield or city "up to 40 hexes".
    pub supply_landing_hexes: u32,
    /// 50.74: supplies dropped "up to 20 hexes".
    pub supply_drop_hexes: u32,
}

/// 47: the figures of '85's fighters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FighterFigures {
    /// 47.1: "All fighter strength for activity that takes place beyond 8 hexes range
    /// from their initial base is halved".
    pub full_strength_hexes: u32,
}

/// 48: the A-A values of a full-stacking ground unit and of a city or airfield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AaFigures {
    /// 48.22: "an AA value of two when bombed by TAC and/or MDM".
    pub ground_unit: u32,
    /// 48.31: "All cities and airfields have an AA value of five".
    pub city: u32,
    /// 48.33: "an AA value of one when bombed by SAC".
    pub city_against_sac: u32,
}

/// 38.81: the war-start roll and its die shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarStartFigures {
    /// "War starts on a die roll of 3 or less".
    pub war_on: i32,
    /// "For each 10 points spent die may be modified +1 or -1".
    pub points_per_shift: u32,
    /// "spending no more than thirty points per pre-game turn".
    pub most_points: u32,
}

/// 38.4-38.5: the points of an occupied minor country city.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conquest {
    /// 38.4: a city without a functioning critical resource.
    pub minor_city: u32,
    /// 38.5: a city with a functioning critical resource.
    pub minor_resource: u32,
}

impl Figures85 {
    /// Reads the figures file's text.
    pub fn parse(text: &str) -> Result<Figures85, toml::de::Error> {
        toml::from_str(text)
    }

    /// The embedded figures (read once; a test proves they read).
    pub fn embedded() -> Option<&'static Figures85> {
        static FIGURES: std::sync::OnceLock<Option<Figures85>> = std::sync::OnceLock::new();
        FIGURES
            .get_or_init(|| Figures85::parse(EMBEDDED_85).ok())
            .as_ref()
    }

    /// 41.13: the counters and markers 41 adds to each side, as we count them from
    /// 41.1-41.12. The article says "88"; its own list gives 85 (62 counters, 20
    /// damage markers, 3 point markers): `docs/85.md`.
    pub fn added_per_side(&self) -> u32 {
        let counters: u32 = self.counters.iter().map(|c| c.mix).sum();
        let markers: u32 = self.markers.iter().map(|m| m.mix).sum();
        counters + markers
    }

    /// 38.71: the points a side gets in Hot War turn `turn`.
    pub fn production(&self, turn: u32) -> u32 {
        if turn <= self.production.first_turns {
            self.production.first_points
        } else {
            self.production.later_points
        }
    }
}
