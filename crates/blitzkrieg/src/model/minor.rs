//! 29: what the state keeps of the minor countries. The rules are `minor/`.

use crate::board::Country;
use crate::hex::Hex;
use crate::units::Side;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What the state keeps of one minor country (all empty: neutral, nothing reduced).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinorStatus {
    /// 29.2: the side that first crossed its border or attacked it; the other side is
    /// its liberator. `None` while it is neutral.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggressor: Option<Side>,
    /// 29.4-29.5: its city hexes reduced on the MCRT (once a game).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub reduced: BTreeSet<Hex>,
    /// 29.7 with 003 29.7: the aggressor paid (or owed nothing) to trace supply
    /// through it in his last player-turn, so he may trace it in his opponent's next.
    #[serde(default, skip_serializing_if = "is_false")]
    pub supply_paid: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The minor countries' status, as the state keeps it.
pub type Minors = BTreeMap<Country, MinorStatus>;
