//! 49: BLITZKRIEG '85's airfields as the state keeps them: each airfield on the board
//! with its owner and builder, and the builds under way. The rules are
//! `eighty5::airfield`'s.

use crate::hex::Hex;
use crate::units::{Side, UnitId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 49: the airfields on the board and those being built, as the state keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Airfields {
    /// The airfields on the board, by hex.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub built: BTreeMap<Hex, Airfield>,
    /// 49.1: the builds ordered and not yet finished, by builder.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub building: BTreeMap<UnitId, Building>,
}

/// One airfield on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Airfield {
    /// Who owns it now (49.5: the enemy who advances onto it).
    pub owner: Side,
    /// Who built it: its counter is of that side's mix (41.9).
    pub builder: Side,
    /// The game turn at whose end it appeared.
    pub built: u32,
    /// 49.4: its owner destroys it at the end of this player-turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub destroy: bool,
}

/// 49.1: an airfield ordered in the builder's player-turn of `turn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub hex: Hex,
    pub side: Side,
    pub turn: u32,
}

impl Airfields {
    /// Nothing on the board and nothing being built: the state writes nothing.
    pub fn is_empty(&self) -> bool {
        self.built.is_empty() && self.building.is_empty()
    }

    /// 49.3, 49.5: each airfield's owner now.
    pub fn owners(&self) -> BTreeMap<Hex, Side> {
        self.built.iter().map(|(h, a)| (*h, a.owner)).collect()
    }

    /// 49.3: the hexes of the airfields `side` owns now.
    pub fn owned_by(&self, side: Side) -> impl Iterator<Item = Hex> + '_ {
        self.built
            .iter()
            .filter(move |(_, a)| a.owner == side)
            .map(|(h, _)| *h)
    }

    /// 41.9: the airfields of `side`'s counter mix on the board or being built.
    pub fn of(&self, side: Side) -> u32 {
        let built = self.built.values().filter(|a| a.builder == side).count();
        let building = self.building.values().filter(|b| b.side == side).count();
        u32::try_from(built + building).unwrap_or(u32::MAX)
    }
}
