//! 37.2, 38.7: the pre-game purchase of BLITZKRIEG '85 as the state keeps it: each
//! side's commitment and revealed list, the counters bought, and the open record of
//! points. What it means and how a file changes it is `eighty5::purchase`'s.

use crate::units::{Side, UnitId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A list revealed and accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revealed {
    /// The salt the commitment was made with.
    pub salt: String,
    /// What was bought, by price-list key.
    pub buy: BTreeMap<String, u32>,
    /// What it cost.
    pub spent: u32,
}

/// 37.2 and 38.7: where the pre-game purchase stands, and the open record of points.
/// Kept in the state of a game of '85 only.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purchase {
    /// Each side's commitment (64 hex digits), as mailed.
    #[serde(default)]
    pub committed: BTreeMap<Side, String>,
    /// Each side's list, once revealed.
    #[serde(default)]
    pub revealed: BTreeMap<Side, Revealed>,
    /// 38.7: the points each side has left ("Production points may be saved").
    #[serde(default)]
    pub points: BTreeMap<Side, u32>,
    /// 38.2: the 1975 counters bought and not yet placed, by side.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub to_place: BTreeMap<Side, Vec<UnitId>>,
    /// 41: the new counters bought, by side and price-list key, held until the rules
    /// that place them (42-50) are built.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub held: BTreeMap<Side, BTreeMap<String, u32>>,
    // 37.12-37.13, 38.81: the Cold War's seasons.
    /// 37.13: the Cold War seasons played before this one (0 in the first, and in a
    /// game without Cold War).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub season: u32,
    /// 37.12, 38.81: the war-start roll's die shifts, from the end of Red's placement
    /// in a Cold War season to the roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shifts: Option<Shifts>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

// 37.12-37.13, 38.81: the Cold War's war-start roll.
/// A die shift revealed and accepted (38.81).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealedShift {
    /// The salt the commitment was made with.
    pub salt: String,
    /// The shift of the die: -3 to +3, 10 points each.
    pub shift: i32,
}

/// 37.12, 38.81: the war-start roll of a Cold War season while its secret die shifts
/// come in: each side's commitment, then each reveal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shifts {
    #[serde(default)]
    pub committed: BTreeMap<Side, String>,
    #[serde(default)]
    pub revealed: BTreeMap<Side, RevealedShift>,
}
