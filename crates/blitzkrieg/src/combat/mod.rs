//! Combat (12-15) and its results (the Basic Game Attrition Table): checking the
//! battles a player declares against the position after movement, the factors of each
//! battle with terrain doubling, and applying the results: losses, retreats and
//! advances after combat.
//!
//! The odds, the table and the roll are not this module's business: the engine passes
//! a closure that turns a [`BattleSetup`] into a [`Resolved`] result.
//!
//! - [`check_battles`]: 12.1, 14.31-14.33, 14.4-14.9 against the declared battles.
//! - [`strength`]: 12.4, 13.2, 13.3 (with 003), 14.1-14.2, 14.4: one battle's factors.
//! - [`resolve_battles`]: 15 and the BGAT results, in the order the battles are written.
//! - [`go_ashore`]: 20.33-20.35, combat from assault hexes and going ashore after it.
//! - [`check_barrages`], [`resolve_barrages`]: 25.2-25.5, artillery barrages on the BBT.
//! - [`interleave`]: 003 25.3, barrages resolved after a battle (`after`).

mod assault;
mod barrage;
mod check;
mod choose;
mod effect;
pub mod interleave;
mod pending;
mod resolve;
mod retreat;
mod strength;
mod substitute;

pub use assault::go_ashore;
pub use barrage::{check_barrages, resolve_barrages, BarrageRolled, BarrageSetup};
pub use check::{check_battles, follows_from_refusal, BattleCheck};
pub use effect::{as_code, Effect, Effects, Loss, Outcome};
pub use pending::complete as complete_pending;
pub use resolve::resolve_battles;
pub use retreat::{retreat_ends, RetreatEnd};
pub use strength::{battle_strength, legal_odds, strength, Strength};
pub(crate) use substitute::make_up;
pub use substitute::{event as substituted_event, make_up as make_up_substitutes};

use serde::{Deserialize, Serialize};
use std::fmt;

/// The five results of the Basic Game Attrition Table (BGAT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CombatResult {
    /// AE ("A elim"): the attacker eliminates one unit, the rest retreat 2.
    AttackerEliminated,
    /// DE ("D elim"): the defender eliminates one unit, the rest retreat 2.
    DefenderEliminated,
    /// AB2: the attacker's units retreat 2 hexes.
    AttackerBack2,
    /// DB2: the defender's units retreat 2 hexes.
    DefenderBack2,
    /// EX: each side eliminates one unit; nobody moves.
    Exchange,
}

impl CombatResult {
    /// The code as printed on the face-to-face BGAT.
    pub const fn code(self) -> &'static str {
        match self {
            CombatResult::AttackerEliminated => "AE",
            CombatResult::DefenderEliminated => "DE",
            CombatResult::AttackerBack2 => "AB2",
            CombatResult::DefenderBack2 => "DB2",
            CombatResult::Exchange => "EX",
        }
    }

    /// What the result means, in the words of the "Explanation of Basic Game attrition
    /// results".
    pub const fn meaning(self) -> &'static str {
        match self {
            CombatResult::AttackerEliminated => "attacker eliminated",
            CombatResult::DefenderEliminated => "defender eliminated",
            CombatResult::AttackerBack2 => "attacker back 2",
            CombatResult::DefenderBack2 => "defender back 2",
            CombatResult::Exchange => "exchange",
        }
    }
}

impl fmt::Display for CombatResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for CombatResult {
    type Err = String;

    /// Reads a table cell as printed on either BGAT: `AE`/`A elim`, `DE`/`D elim`,
    /// `AB2`, `DB2`, `EX` (any case, spaces and dashes ignored).
    fn from_str(s: &str) -> Result<CombatResult, String> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_uppercase();
        match key.as_str() {
            "AE" | "AELIM" => Ok(CombatResult::AttackerEliminated),
            "DE" | "DELIM" => Ok(CombatResult::DefenderEliminated),
            "AB2" => Ok(CombatResult::AttackerBack2),
            "DB2" => Ok(CombatResult::DefenderBack2),
            "EX" => Ok(CombatResult::Exchange),
            _ => Err(format!(
                "`{s}` is not a Basic Game result (AE, DE, AB2, DB2, EX)"
            )),
        }
    }
}

/// What the table said, as the engine looked it up: the result, and for the report the
/// odds (`"14:8 reduce to 1-1 (15.1)"`), the roll (`"A1: play-by-mail digit 7"`) and the
/// table cell (`"BGAT (play-by-mail), row 7, column 1-1 -> DB2"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub result: Outcome,
    pub odds: String,
    pub roll: String,
    pub table: String,
}

/// What the engine needs to roll one battle: its id (the roll id), the factors after
/// terrain, and its stock symbol in stock-sales games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleSetup<'a> {
    pub id: &'a str,
    pub attack: crate::odds::Factor,
    pub defence: crate::odds::Factor,
    pub stock: Option<&'a str>,
}

impl From<crate::tables::BgatResult> for CombatResult {
    fn from(r: crate::tables::BgatResult) -> CombatResult {
        use crate::tables::BgatResult as B;
        match r {
            B::AttackerEliminated => CombatResult::AttackerEliminated,
            B::DefenderEliminated => CombatResult::DefenderEliminated,
            B::AttackerBack2 => CombatResult::AttackerBack2,
            B::DefenderBack2 => CombatResult::DefenderBack2,
            B::Exchange => CombatResult::Exchange,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_spellings_read() {
        for (s, r) in [
            ("AE", CombatResult::AttackerEliminated),
            ("A elim", CombatResult::AttackerEliminated),
            ("d-elim", CombatResult::DefenderEliminated),
            ("DE", CombatResult::DefenderEliminated),
            ("ab2", CombatResult::AttackerBack2),
            ("DB2", CombatResult::DefenderBack2),
            (" EX ", CombatResult::Exchange),
        ] {
            assert_eq!(s.parse::<CombatResult>(), Ok(r), "{s}");
        }
        assert!("D3".parse::<CombatResult>().is_err());
        assert_eq!(CombatResult::DefenderBack2.to_string(), "DB2");
    }
}
