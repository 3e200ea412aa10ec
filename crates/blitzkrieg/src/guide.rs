//! The guides a player is given with the program rather than sent to a web page:
//! the order format (`docs/orders.md`, embedded as written), printed by
//! `blitz help orders` and attached to a game's opening mail, which carries the
//! sections of the game's own rules only.

use crate::state::RuleSet;

/// The order file guide, `docs/orders.md`.
pub const ORDERS: &str = include_str!("../../../docs/orders.md");

/// The name the guide carries as a mail attachment.
pub const ORDERS_FILE: &str = "orders-guide.md";

/// The heading mark of a section of the guide that only the Tournament Game plays.
const TOURNAMENT_SECTION: &str = "(Tournament Game";

/// The guide for a game of `rules`: the whole guide for the Tournament Game; for the
/// Basic Game, the guide without the sections of orders only the Tournament Game
/// gives (24-30), so its opening mail stays small.
pub fn orders_for(rules: RuleSet) -> String {
    if rules.is_tournament() {
        return ORDERS.to_string();
    }
    let mut out = String::with_capacity(ORDERS.len());
    let mut skipping = false;
    for line in ORDERS.split_inclusive('\n') {
        if let Some(heading) = line.strip_prefix("## ") {
            skipping = heading.contains(TOURNAMENT_SECTION);
        }
        if !skipping {
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_basic_game_guide_leaves_out_the_tournament_sections_only() {
        let basic = orders_for(RuleSet::Basic);
        assert!(!basic.contains("`[[barrage]]`"));
        assert!(!basic.contains("## Air missions"));
        assert!(basic.contains("## Attacks (12-15)"));
        assert!(basic.contains("## Standing orders"));
        assert!(basic.len() < ORDERS.len());
        assert_eq!(orders_for(RuleSet::Tournament), ORDERS);
    }
}
