//! Rule 39.2 of BLITZKRIEG '85: units upgraded or recombined in a friendly home
//! country city, at the new unit's cost less the purchase cost of the trade-ins. It
//! alters 26.3, which recombines substitutes in the field, for nothing: in '85 the
//! `[[recombine]]` order names the units traded in (one or more, of any type of the
//! new unit's arm) and the inactive counter they become; the points are paid in the
//! production phase of the player-turn ([`charge`]), the trade is made at the end of
//! the movement portion as 26.3's is (`substitutes::recombine`).

use super::cost::counter_cost;
use super::CostRules;
use crate::board::Board;
use crate::hex::Hex;
use crate::orders::Recombine;
use crate::units::{Counter, Counters, Side};

/// 39.2: "in a friendly home country city": a city of `side`'s home country. (The
/// trade-ins stand out of enemy ZOC, 26.3, so no enemy unit is in the city or next
/// to it, and it is friendly, 5.1.)
pub fn in_home_city(board: &Board, side: Side, hex: Hex) -> bool {
    board.is_city(hex) && board.home_of(hex) == Some(side)
}

/// 39.2: a unit is traded in for one of its own arm: ground units for a ground
/// unit, aircraft for an aircraft.
pub fn may_trade_in(c: &Counter, into: &Counter) -> bool {
    c.kind.is_air() == into.kind.is_air()
}

/// 39.2: "to a stronger unit", measured as 40 measures units: the new unit costs no
/// less than the trade-ins together ("2-4 plus 2-4 yields a 4-4 at no point cost"),
/// and more than a single unit traded in for it. The reason it is not, else.
pub fn stronger(rules: &CostRules, into: &Counter, trade_ins: &[&Counter]) -> Result<(), String> {
    let worth = counter_cost(rules, into);
    let given = traded(rules, trade_ins);
    let upgrade = trade_ins.len() == 1;
    if worth < given || (upgrade && worth == given) {
        let what = if upgrade { "the unit" } else { "the units" };
        return Err(format!(
            "{} is worth {worth} points (40) and {what} traded in {given}: 39.2 trades up to a stronger unit",
            into.id
        ));
    }
    Ok(())
}

/// 39.2: "at the cost of the new unit minus the purchase cost of the 'trade-ins'".
pub fn cost(rules: &CostRules, into: &Counter, trade_ins: &[&Counter]) -> u32 {
    counter_cost(rules, into).saturating_sub(traded(rules, trade_ins))
}

/// 40: the purchase cost of the units traded in, together.
fn traded(rules: &CostRules, trade_ins: &[&Counter]) -> u32 {
    trade_ins.iter().map(|c| counter_cost(rules, c)).sum()
}

/// 37.31, 39.2: the points the player-turn's trades cost, and a line for each (for the
/// production phase's note). Orders naming counters that are not `side`'s are left
/// to the trade's own check at the end of movement, which refuses them.
pub fn charge(
    rules: &CostRules,
    counters: &Counters,
    side: Side,
    orders: &[Recombine],
) -> (u32, Vec<String>) {
    let mut points: u32 = 0;
    let mut lines = Vec::new();
    for r in orders {
        let into = counters.get(&r.into.value).filter(|c| c.side == side);
        let trade_ins: Option<Vec<&Counter>> = r
            .units
            .iter()
            .map(|u| counters.get(&u.value).filter(|c| c.side == side))
            .collect();
        let (Some(into), Some(trade_ins)) = (into, trade_ins) else {
            continue;
        };
        let paid = cost(rules, into, &trade_ins);
        points = points.saturating_add(paid);
        let names: Vec<String> = trade_ins.iter().map(|c| c.id.to_string()).collect();
        lines.push(format!("{} into {} for {paid}", names.join(" + "), into.id));
    }
    (points, lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eighty5::Figures85;
    use crate::units::UnitId;

    fn counter(id: &str) -> Counter {
        let counters = Counters::embedded().unwrap();
        counters.get(&UnitId::new(id).unwrap()).unwrap().clone()
    }

    /// 39.2: "2-4 plus 2-4 yields a 4-4 at no point cost"; an infantry 4-4 upgraded
    /// to an armor 6-6 pays 72 - 32 = 40 points; a 4-4 is no upgrade of a 4-4.
    #[test]
    fn the_new_units_cost_less_the_trade_ins_39_2() {
        let rules = &Figures85::embedded().unwrap().cost;
        let (a, b) = (counter("B-IN2A"), counter("B-IN2B"));
        let four = counter("B-7IN");
        assert_eq!((a.attack, a.movement), (2, 4));
        assert_eq!(stronger(rules, &four, &[&a, &b]), Ok(()));
        assert_eq!(cost(rules, &four, &[&a, &b]), 0);
        let armor = counter("B-4AR");
        assert_eq!(cost(rules, &armor, &[&four]), 40);
        let same = counter("B-8IN");
        let refused = stronger(rules, &same, &[&four]).unwrap_err();
        assert!(refused.contains("worth 32 points"), "{refused}");
        assert!(stronger(rules, &four, &[&armor]).is_err());
    }
}
