//! 41.1, 41.4-41.8: BLITZKRIEG '85's naval counters (amphibious groups, CV, BB, escort
//! and naval transport groups, submarine wolfpacks) are bought only before the game
//! (38.3) and held in the state, bought and not placed, until the naval rules (42-45,
//! the next issue) are built. They have no counter on the board yet: an order that
//! names one to place or move it is refused saying so (B417), not as a unit the game
//! does not know.
//!
//! A name is read as a naval counter's when, after an optional side and number
//! (`B-1`), it is a naval type of `85.toml` (`CV`, `NAVAL-TRANSPORT`) or its short form
//! (`AM`, `ES`, `NT`, `SUB`, `SS`): `B-1CV`, `R-2SUB`, `BB`.

use crate::orders::{Located, OrderError, Problem};
use crate::rules::Rules;
use crate::state::RuleSet;
use crate::units::UnitId;

/// The short forms a player may write a naval counter's type in.
const SHORT: [&str; 5] = ["AM", "ES", "NT", "SUB", "SS"];

/// Whether `name` (no counter of the game) names one of 41's naval counters.
pub fn is_naval_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    let rest = ["B-", "R-"]
        .iter()
        .find_map(|p| upper.strip_prefix(p))
        .unwrap_or(&upper);
    let kind = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let data = super::Figures85::embedded().is_some_and(|f| {
        f.counters
            .iter()
            .any(|c| c.naval && c.kind.eq_ignore_ascii_case(kind))
    });
    data || SHORT.contains(&kind)
}

/// 2.1, 41, 42: the refusal of an order naming `u`, which no counter of the game is:
/// in a game of '85 a naval counter's name waits for the naval rules (B417, 42);
/// any other is a unit the game does not have (B208).
pub fn unknown_unit(rules: &Rules, u: &Located<UnitId>) -> OrderError {
    let name = u.value.to_string();
    if rules.ruleset.rules == RuleSet::Eighty5 && is_naval_name(&name) {
        let problem = Problem::NavalCounterWaits { unit: name };
        return OrderError::new(problem, Some(u.span.clone()), cite!("42"));
    }
    OrderError::new(
        Problem::UnknownUnit(name),
        Some(u.span.clone()),
        cite!("2.1"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 41.1, 41.4-41.8: the naval counters' names, with or without side and number;
    /// the 1975 counters' and the helicopters' are none.
    #[test]
    fn naval_counters_are_known_by_their_type_41() {
        for name in [
            "B-1CV",
            "r-2bb",
            "B-3ESCORT",
            "B-1NAVAL-TRANSPORT",
            "SUB",
            "R-1AM",
        ] {
            assert!(is_naval_name(name), "{name}");
        }
        for name in ["B-1IN", "B-1TH", "B-1AH", "R-9AR", "B-99IN", "CVX"] {
            assert!(!is_naval_name(name), "{name}");
        }
    }
}
