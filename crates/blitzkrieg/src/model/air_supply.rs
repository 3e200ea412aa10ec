//! 50.75: the units BLITZKRIEG '85's air supply keeps supplied, as the state holds
//! them.

use crate::units::Side;
use serde::{Deserialize, Serialize};

/// 50.75: "Units that receive air supply are supplied for the one enemy and friendly
/// player turn following delivery": a unit of `side` supplied by air in its
/// player-turn of turn `through_turn - 1` is supplied through the enemy's next
/// player-turn and its own of turn `through_turn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AirSupplied {
    pub side: Side,
    pub through_turn: u32,
}

impl AirSupplied {
    /// Whether it still supplies its unit at the start of `side`'s player-turn of
    /// `turn` (its own), or in any enemy player-turn before that.
    pub fn lasts(self, side: Side, turn: u32) -> bool {
        side != self.side || turn <= self.through_turn
    }
}
