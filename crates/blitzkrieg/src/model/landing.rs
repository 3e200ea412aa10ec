//! 30.5: where a bomber in the air lands after combat, as the state keeps it while a
//! player-turn waits. The missions themselves are `air/mission.rs`.

use crate::board::SeaZone;
use crate::hex::Hex;
use serde::{Deserialize, Serialize};

/// 30.5: where a bomber in the air lands after combat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    /// The base the mission named (by default the base flown from).
    pub base: Hex,
    /// The base flown from.
    pub from: Hex,
    /// The target hex.
    pub over: Hex,
    /// How far from the target it may land: its range, or less than half of it after
    /// bombing at double strength (30.8).
    pub reach: u32,
    /// 30.3: the sea zone a carrier-based aircraft flew from and lands back in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<SeaZone>,
}
