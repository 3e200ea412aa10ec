//! The plain data of naval ascendancy (Tournament optional rule 35) as the state and
//! the events keep it: each sea zone's naval points and state, the factors each side
//! invaded with, and what the report says of them. The rule that marks them and their
//! effects is `ascendancy/`.

use crate::board::SeaZone;
use crate::cite::Rule;
use crate::units::{Side, UnitId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// 35.2: the four states of naval ascendancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NavalState {
    /// 35.21: one side has naval superiority ([`ZoneAscendancy::leader`]).
    Superiority,
    /// 35.22.
    Contested,
    /// 35.23.
    Uncontrolled,
    /// 35.24.
    Uncontested,
}

impl NavalState {
    /// The paragraph that defines the state.
    pub fn paragraph(self) -> &'static str {
        match self {
            NavalState::Superiority => "35.21",
            NavalState::Contested => "35.22",
            NavalState::Uncontrolled => "35.23",
            NavalState::Uncontested => "35.24",
        }
    }
}

/// One sea zone's naval points and state for the player-turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneAscendancy {
    /// 35.1: each side's naval points.
    pub blue: u32,
    pub red: u32,
    pub state: NavalState,
    /// 35.21: the side with naval superiority; none in the other states.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<Side>,
}

impl ZoneAscendancy {
    /// The naval points of `side`.
    pub fn points(&self, side: Side) -> u32 {
        match side {
            Side::Blue => self.blue,
            Side::Red => self.red,
        }
    }

    /// The state as a player reads it: "Blue naval superiority", "contested".
    pub fn describe(&self) -> String {
        match (self.state, self.leader) {
            (NavalState::Superiority, Some(s)) => format!("{s} naval superiority"),
            (NavalState::Superiority, None) => "naval superiority".into(),
            (NavalState::Contested, _) => "contested".into(),
            (NavalState::Uncontrolled, _) => "uncontrolled".into(),
            (NavalState::Uncontested, _) => "uncontested".into(),
        }
    }

    /// 35.31: whether the zone is one of enemy naval superiority for `side`.
    pub fn enemy_superiority(&self, side: Side) -> bool {
        self.state == NavalState::Superiority && self.leader == Some(side.other())
    }

    /// 35.31: whether the zone is one of `side`'s own naval superiority.
    pub fn friendly_superiority(&self, side: Side) -> bool {
        self.state == NavalState::Superiority && self.leader == Some(side)
    }
}

/// The naval ascendancy of every sea zone, as the state keeps it for the player-turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Ascendancy {
    pub zones: BTreeMap<SeaZone, ZoneAscendancy>,
}

impl Ascendancy {
    pub fn is_empty(&self) -> bool {
        self.zones.is_empty()
    }

    /// The zone's ascendancy; `None` for a zone the board does not have.
    pub fn zone(&self, zone: SeaZone) -> Option<&ZoneAscendancy> {
        self.zones.get(&zone)
    }
}

/// 35.1: per side, the factors it invaded with in each sea zone in its own last
/// player-turn, as the state keeps them until that side's next player-turn.
pub type Invading = BTreeMap<Side, BTreeMap<SeaZone, u32>>;

/// What rule 35 reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AscendancyEvent {
    /// 35.1-35.24: a zone's naval points and state at the start of the player-turn
    /// (a zone where either side has points, or whose state changed); `was` the state
    /// of the player-turn before when it changed.
    Marked {
        zone: SeaZone,
        blue: u32,
        red: u32,
        state: String,
        was: Option<String>,
        rule: Rule,
    },
    /// 35.31: the units of the side to move that begin the player-turn at sea in a
    /// zone of enemy naval superiority, unsupplied this player-turn (23.6).
    UnsuppliedAtSea {
        zone: SeaZone,
        units: Vec<UnitId>,
        rule: Rule,
    },
    /// 35.31: invading units doubled attacking from full sea hexes in a zone of
    /// friendly naval superiority.
    Doubled {
        unit: UnitId,
        zone: SeaZone,
        rule: Rule,
    },
}

impl AscendancyEvent {
    /// The report's line.
    pub fn line(&self) -> String {
        match self {
            AscendancyEvent::Marked {
                zone,
                blue,
                red,
                state,
                was,
                rule,
            } => {
                let was = was
                    .as_ref()
                    .map(|w| format!(", was {w}"))
                    .unwrap_or_default();
                format!("zone {zone}: Blue {blue}, Red {red}: {state}{was} ({rule})")
            }
            AscendancyEvent::UnsuppliedAtSea { zone, units, rule } => {
                let names: Vec<String> = units.iter().map(ToString::to_string).collect();
                format!(
                    "{} began the player-turn at sea in zone {zone}, a zone of enemy naval superiority: unsupplied ({rule})",
                    names.join(", ")
                )
            }
            AscendancyEvent::Doubled { unit, zone, rule } => format!(
                "{unit}, on a full sea hex of zone {zone}, a zone of friendly naval superiority, attacks doubled ({rule})"
            ),
        }
    }

    /// The report's section.
    pub fn section(&self) -> &'static str {
        "NAVAL ASCENDANCY (35)"
    }
}

impl fmt::Display for NavalState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NavalState::Superiority => "naval superiority",
            NavalState::Contested => "contested",
            NavalState::Uncontrolled => "uncontrolled",
            NavalState::Uncontested => "uncontested",
        })
    }
}
