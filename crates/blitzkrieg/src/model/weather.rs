//! What the weather did in a player-turn, as the events keep it ([`WeatherEvent`]), and
//! the Weather Chart's line on a weather ([`effects`]) that its report lines give. The
//! roll and what each weather does are `weather/` (optional rule 34); the events of a
//! player-turn (`event.rs`) name these, so they sit under every rule module.

use crate::cite::Rule;
use crate::tables::Weather;
use serde::{Deserialize, Serialize};

/// What the weather did in a player-turn, for the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeatherEvent {
    /// 34: the weather of complete-turn `turn`, rolled on the Weather Chart: the roll as
    /// drawn ("weather: die 5 (dice recipe v1)") and the cell read.
    Rolled {
        turn: u32,
        weather: Weather,
        roll: String,
        table: String,
        rule: Rule,
    },
    /// 34: the weather in force in this player-turn (its complete-turn's), and what it
    /// does.
    InForce {
        turn: u32,
        weather: Weather,
        rule: Rule,
    },
    /// Weather Chart, Gale: a unit at sea that did not land in a friendly port by the
    /// end of its side's movement is eliminated.
    LostAtSea {
        unit: crate::units::UnitId,
        zone: char,
        rule: Rule,
    },
}

impl WeatherEvent {
    /// The report's section of the event.
    pub fn section(&self) -> &'static str {
        match self {
            WeatherEvent::Rolled { .. } | WeatherEvent::InForce { .. } => "WEATHER (34)",
            WeatherEvent::LostAtSea { .. } => "MOVEMENT",
        }
    }

    /// The report's line of the event.
    pub fn line(&self) -> String {
        match self {
            WeatherEvent::Rolled {
                turn,
                weather,
                roll,
                table,
                rule,
            } => format!(
                "weather of complete-turn {turn} rolled: {weather} ({roll}; {table}): {} ({rule})",
                effects(*weather)
            ),
            WeatherEvent::InForce {
                turn,
                weather,
                rule,
            } => format!(
                "weather of complete-turn {turn}: {weather}: {} ({rule})",
                effects(*weather)
            ),
            WeatherEvent::LostAtSea { unit, zone, rule } => format!(
                "{unit} is eliminated at sea in zone {zone}: it could not land in a friendly port in the gale ({rule})"
            ),
        }
    }
}

/// The Weather Chart's line on a weather, with 003's items on 34, as players read it.
pub fn effects(weather: Weather) -> &'static str {
    match weather {
        Weather::Clear => "all conditions normal",
        Weather::Rain => {
            "air factors halved in all combat but anti-aircraft fire (003 34); off-road movement halved, except in the desert"
        }
        Weather::Gale => {
            "no air operations; off-road movement halved, in the desert too; roads at basic MF (no road bonus); units at sea land in a friendly port or are eliminated; no invasions and no supply by sea"
        }
        Weather::Fog => {
            "no air operations; infantry, airborne and rangers attack at double strength (003 8.2, 34 & 36.24)"
        }
        Weather::Ice => {
            "no air operations; units on mountains may not move and are eliminated if forced to retreat; no road bonus"
        }
        Weather::Snow => {
            "air factors halved in all combat but anti-aircraft fire (003 34); rivers frozen, they do not double; no road or desert bonus; off-road movement halved; no ground unit may move onto mountains"
        }
    }
}
