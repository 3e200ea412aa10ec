//! The decisions a battle leaves to the players: which unit a side eliminates, where
//! each retreating unit goes, and who advances after combat. Each is taken from the
//! player's orders when they say, otherwise from these deterministic defaults:
//!
//! - loss: the weakest unit of the battle (lowest factor it fought with, then id);
//! - retreat: the legal end hex furthest from the nearest enemy unit, then nearest a
//!   city hex of the unit's own home country, then first in hex order;
//! - advance: the attacker advances only the units his `advance` names; the defender
//!   advances only when his standing orders say `advance = true`, strongest first.

use super::retreat::RetreatEnd;
use crate::hex::Hex;
use crate::position::Position;
use crate::units::{Side, UnitId};
use std::cmp::Reverse;

/// Who advances after a won battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AdvanceOrder {
    /// These units, in this order (the attacker's conditional advance).
    Listed(Vec<UnitId>),
    /// Up to 3 surviving units of the battle, strongest first (defender, `advance = true`).
    Strongest,
    /// Nobody.
    Never,
}

/// One side's instructions for one battle, and how to name where each came from.
#[derive(Clone, Debug)]
pub(crate) struct Choices {
    pub side: Side,
    /// City hexes of the side's home country (for the default retreat).
    pub homes: Vec<Hex>,
    pub lose: Vec<UnitId>,
    pub lose_by: String,
    pub prefer: Vec<Hex>,
    pub prefer_by: String,
    pub toward: Option<Hex>,
    pub toward_by: String,
    pub advance: AdvanceOrder,
    pub advance_by: String,
}

/// A decision and where it came from ("standing order `lose_first`", "default: ...").
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice<T> {
    pub value: T,
    pub how: String,
}

/// BGAT AE/DE/EX: the unit a side eliminates: the first of its `lose` list that fought
/// in the battle and survives, else the weakest (lowest `factor`, then id).
pub(crate) fn loss(
    choices: &Choices,
    candidates: &[UnitId],
    factor: impl Fn(&UnitId) -> u32,
) -> Option<Choice<UnitId>> {
    if let Some(u) = choices.lose.iter().find(|u| candidates.contains(u)) {
        return Some(Choice {
            value: u.clone(),
            how: choices.lose_by.clone(),
        });
    }
    candidates
        .iter()
        .min_by_key(|u| (factor(u), (*u).clone()))
        .map(|u| Choice {
            value: u.clone(),
            how: "default: the weakest unit (lowest factor, then id)".to_string(),
        })
}

/// TGAT (25.1): the order in which a side gives up units to a loss of factors: the
/// units of its `lose` list that fought and survive, in that order, then the rest
/// weakest first (lowest `factor`, then id), as for a loss of one unit.
pub(crate) fn loss_order(
    choices: &Choices,
    candidates: &[UnitId],
    factor: impl Fn(&UnitId) -> u32,
) -> Vec<Choice<UnitId>> {
    let named = choices
        .lose
        .iter()
        .filter(|u| candidates.contains(u))
        .map(|u| Choice {
            value: u.clone(),
            how: choices.lose_by.clone(),
        });
    let mut rest: Vec<&UnitId> = candidates
        .iter()
        .filter(|u| !choices.lose.contains(u))
        .collect();
    rest.sort_by_key(|u| (factor(u), (*u).clone()));
    named
        .chain(rest.into_iter().map(|u| Choice {
            value: u.clone(),
            how: "default: the weakest unit (lowest factor, then id)".to_string(),
        }))
        .collect()
}

/// BGAT AB2/DB2: where a unit of `side` retreats among the legal `ends`: the first
/// preferred hex that is legal, else the legal end nearest the `toward` hex, else the
/// default (furthest from the enemy, nearest a home city, hex order).
pub(crate) fn retreat<'e>(
    pos: &Position,
    choices: &Choices,
    ends: &'e [RetreatEnd],
) -> Option<Choice<&'e RetreatEnd>> {
    if let Some(e) = choices
        .prefer
        .iter()
        .find_map(|h| ends.iter().find(|e| e.end == *h))
    {
        return Some(Choice {
            value: e,
            how: choices.prefer_by.clone(),
        });
    }
    let key = DefaultKey::new(pos, choices);
    if let Some(t) = choices.toward {
        return ends
            .iter()
            .min_by_key(|e| (e.end.distance(t), key.of(e.end)))
            .map(|e| Choice {
                value: e,
                how: choices.toward_by.clone(),
            });
    }
    ends.iter().min_by_key(|e| key.of(e.end)).map(|e| Choice {
        value: e,
        how: "default: furthest from enemy units, then nearest a home city, then hex order"
            .to_string(),
    })
}

/// The default retreat preference: far from the nearest enemy unit, near the nearest
/// city hex of the side's own home country, then hex order.
struct DefaultKey<'c> {
    enemies: Vec<Hex>,
    homes: &'c [Hex],
}

impl<'c> DefaultKey<'c> {
    fn new(pos: &Position, choices: &'c Choices) -> DefaultKey<'c> {
        DefaultKey {
            enemies: pos
                .pieces()
                .filter(|p| p.side != choices.side)
                .map(|p| p.hex)
                .collect(),
            homes: &choices.homes,
        }
    }

    /// Smaller is better.
    fn of(&self, end: Hex) -> (Reverse<u32>, u32, Hex) {
        let nearest =
            |list: &[Hex], none: u32| list.iter().map(|h| h.distance(end)).min().unwrap_or(none);
        (
            Reverse(nearest(&self.enemies, u32::MAX)),
            nearest(self.homes, 0),
            end,
        )
    }
}

/// Who advances after a won battle: the listed units (only those in `survivors`), or
/// the strongest survivors, at most `most` (15: 3).
pub(crate) fn advancers(
    choices: &Choices,
    most: usize,
    survivors: &[UnitId],
    factor: impl Fn(&UnitId) -> u32,
) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = match &choices.advance {
        AdvanceOrder::Listed(list) => {
            let mut seen: Vec<UnitId> = Vec::new();
            for u in list.iter().filter(|u| survivors.contains(u)) {
                if !seen.contains(u) {
                    seen.push(u.clone());
                }
            }
            seen
        }
        AdvanceOrder::Strongest => {
            let mut all = survivors.to_vec();
            all.sort_by_key(|u| (Reverse(factor(u)), u.clone()));
            all
        }
        AdvanceOrder::Never => Vec::new(),
    };
    out.truncate(most);
    out
}
