//! Substitute counters in combat (26.2, 26.5): a unit that loses part of its factors
//! is taken off and what it has left is made up, "the same way that money is changed",
//! from the counters of its type that are not in use on the board.

use crate::cite::Rule;
use crate::event::Event;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::units::{make_change, Counter, Factors, UnitId};
use std::collections::BTreeMap;

/// 26.5: the side's substitute counters of the piece's type that are inactive (not on
/// the board), in id order.
fn inactive<'r>(rules: &'r Rules, pos: &Position, piece: &Piece) -> Vec<&'r Counter> {
    rules
        .counters
        .substitute_counters(piece.kind, piece.side)
        .filter(|c| pos.get(&c.id).is_none())
        .collect()
}

/// 26.2: puts on the broken unit's hex the inactive substitutes whose factors (the ones
/// its losses are counted in: attack with `in_attack`, else defence) add up to exactly
/// `factors`, the largest first and each denomination's lowest ids first. `None`, and
/// nothing placed, when no combination adds up (26.5).
pub fn make_up(
    rules: &Rules,
    pos: &mut Position,
    broken: &Piece,
    factors: u32,
    in_attack: bool,
) -> Option<Vec<UnitId>> {
    let worth = |c: &Counter| if in_attack { c.attack } else { c.defence };
    let mut by_worth: BTreeMap<u32, Vec<&Counter>> = BTreeMap::new();
    for c in inactive(rules, pos, broken) {
        by_worth.entry(worth(c)).or_default().push(c);
    }
    let pool: Vec<(Factors, u32)> = by_worth
        .iter()
        .map(|(w, cs)| {
            (
                Factors::same(*w),
                u32::try_from(cs.len()).unwrap_or(u32::MAX),
            )
        })
        .collect();
    let change = make_change(Factors::same(factors), &pool)?;
    let mut taken: BTreeMap<u32, usize> = BTreeMap::new();
    let mut placed = Vec::new();
    for piece in change {
        let next = taken.entry(piece.attack).or_default();
        let c = by_worth.get(&piece.attack)?.get(*next)?;
        *next += 1;
        placed.push(*c);
    }
    for c in &placed {
        pos.put_counter(c, broken.hex);
    }
    Some(placed.into_iter().map(|c| c.id.clone()).collect())
}

/// The event of a broken unit made up (26.2), or lost whole for want of counters (26.5).
pub fn event(broken: &Piece, left: u32, into: Option<Vec<UnitId>>, result: Rule) -> Event {
    let (into, rule) = match into {
        Some(ids) => (ids, para!("26.2")),
        None => (Vec::new(), para!("26.5")),
    };
    let rule = result
        .refs()
        .iter()
        .fold(Rule::para(rule), |r, source| r.and(source.clone()));
    Event::Substituted {
        unit: broken.id.clone(),
        hex: broken.hex,
        factors: left,
        into,
        rule,
    }
}
