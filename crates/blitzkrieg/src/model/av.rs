//! 21: an automatic victory made during movement, as the state keeps it until its
//! advance after combat. The rule itself is `automatic.rs`.

use crate::hex::Hex;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};

/// An automatic victory made during movement, kept until its advance after combat
/// (in the state when the player-turn stops for the defender's decisions, PBEM).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvMade {
    /// The hex of the beaten units.
    pub hex: Hex,
    /// The AVing units.
    pub units: Vec<UnitId>,
    /// 21.3: the advances ordered, in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advance: Vec<AvPath>,
}

/// 21.3: units advancing together along `path` (the vacated hex first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvPath {
    pub units: Vec<UnitId>,
    pub path: Vec<Hex>,
}
