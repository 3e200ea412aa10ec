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
    // 32.7, 33.7: patrol and patrol/interdiction.
    /// 32.72, 33.7: the aircraft sent on patrol or patrol/interdiction over the hex
    /// this player-turn (met at normal strength when no bombers fly over it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patrollers: Vec<UnitId>,
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

// 32.7, 33.7: patrol and patrol/interdiction (the rule is `air_combat::patrol`).
/// 32.7, 33.7: what an aircraft in the air over a patrol hex is doing there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PatrolKind {
    /// 32.7: a fighter on patrol.
    Patrol,
    /// 33.7: a TAC or fighter on patrol/interdiction.
    Interdiction,
}

/// 32.7, 33.7: one aircraft in the air over its patrol hex (it stands at its base on
/// the map, in the air, as bombers do, 30.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Patrol {
    pub hex: Hex,
    pub kind: PatrolKind,
}
