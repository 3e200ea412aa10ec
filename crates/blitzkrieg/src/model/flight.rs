//! 32.3-32.4: the air missions over a hex the defender may intercept, as the state
//! keeps them while a player-turn waits before odds for his answer. The rule itself is
//! `air_combat/`.

use crate::hex::Hex;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};

/// 32.3 with 003 32.31 ("all attacking aircraft in a single hex must be intercepted as
/// a single group"): the mover's aircraft in the air over one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flight {
    /// The hex they fly to.
    pub hex: Hex,
    /// The bombers of every bombing mission over the hex.
    pub bombers: Vec<UnitId>,
    /// 32.4: the fighters escorting them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escorts: Vec<UnitId>,
    /// 32.31 with 003: the intercept range over the hex, in hexes (0: only fighters
    /// based in the hex itself may intercept, 003 32.31).
    pub range: u32,
    // 32.33: air transport interception.
    /// 32.33: the ground units flown to the hex by air transport or airdrop (9.3,
    /// 9.4); never those supplied by air (003 32.33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transported: Vec<UnitId>,
}

impl Flight {
    /// 32.32: whether the bombers fly escorted.
    pub fn escorted(&self) -> bool {
        !self.escorts.is_empty()
    }
}

/// 32.3: one interception the defender answered with: his fighters and the hex of the
/// flight they meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interception {
    pub hex: Hex,
    pub fighters: Vec<UnitId>,
}
