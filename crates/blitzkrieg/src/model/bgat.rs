//! The five results of the Basic Game Attrition Table (15), as the state keeps them:
//! plain data that knows no battle.

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
