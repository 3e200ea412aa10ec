//! 30.42: a strategic bombing announced, as the state keeps it while a player-turn waits
//! before its odds. The bombing itself is `air/strategic.rs`.

use crate::hex::Hex;
use crate::units::UnitId;

/// One strategic bombing of a hex.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Raid {
    pub hex: Hex,
    pub bombers: Vec<UnitId>,
    /// The stock its digit is read from, in a game by stock sales.
    pub stock: Option<String>,
}
