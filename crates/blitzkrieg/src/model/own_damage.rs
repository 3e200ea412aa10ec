//! 52.6 (BLITZKRIEG '85): the damage a player applies to his own facilities, and keeps
//! on them, at the end of his player-turn, as a player-turn carries it to its end
//! (`state::TurnInProgress`). The rule is `bombing/own.rs`.

use crate::hex::Hex;
use crate::marker::{DamageLevel, HexMarkerKind};
use serde::{Deserialize, Serialize};

/// 52.6: what the side's orders apply at the end of its player-turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnDamage {
    /// The facilities damaged, each with the level applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub demolish: Vec<(Hex, HexMarkerKind, DamageLevel)>,
    /// The damaged facilities whose level is not removed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep: Vec<(Hex, HexMarkerKind)>,
}

impl OwnDamage {
    /// Whether the orders apply nothing.
    pub fn is_empty(&self) -> bool {
        self.demolish.is_empty() && self.keep.is_empty()
    }
}
