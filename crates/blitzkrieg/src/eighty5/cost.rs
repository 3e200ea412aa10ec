//! Rules 40-41: what each counter costs, and a side's price list: every counter type
//! it may buy, with its cost and how many the counter mix holds (40.8).
//!
//! A 1975 counter's cost is computed from its printed values (40.1-40.6). Ours are
//! RECONSTRUCTED (`rules/blitzkrieg/counters.toml`), so every such cost is as
//! reconstructed as the factors it comes from; the price list says so. 41's counters
//! cost what 41 prints.

use super::{CostRules, Figures85};
use crate::units::{Counter, Counters, Side, UnitId, UnitKind};
use std::collections::BTreeMap;

/// 40.1-40.6: the cost of a counter of `kind` with these printed values:
/// (attack + defence) x movement, plus 40.2-40.4's extra for its type and factors,
/// FTR and SAC at the movement of 40.6, elite types doubled (40.5).
pub fn cost(rules: &CostRules, kind: UnitKind, attack: u32, defence: u32, movement: u32) -> u32 {
    // 40.6: FTR are assessed as if movement were "10", SAC as if "12".
    let movement = match kind {
        UnitKind::Ftr => rules.ftr_movement,
        UnitKind::Sac => rules.sac_movement,
        _ => movement,
    };
    let factors = if kind.has_separate_defence() {
        format!("{attack}-{defence}-{movement}")
    } else {
        format!("{attack}-{movement}")
    };
    // 40.2-40.4: the three counters named, by type and printed factors.
    let extra: u32 = rules
        .extra
        .iter()
        .filter(|e| e.kind == kind.name() && e.factors == factors)
        .map(|e| e.points)
        .sum();
    let base = (attack + defence) * movement + extra;
    // 40.5: "All elite (airborne, air assault, and ranger) cost double the basic value."
    if rules.elite.iter().any(|e| e == kind.name()) {
        base * rules.elite_times
    } else {
        base
    }
}

/// [`cost`] of a 1975 counter, from its printed values.
pub fn counter_cost(rules: &CostRules, c: &Counter) -> u32 {
    cost(rules, c.kind, c.attack, c.defence, c.movement)
}

/// How a player names a counter type in a purchase list: its type and its factors as
/// printed, "infantry 4-4", "artillery 8-4-4", "transport-helicopter 2-8".
pub fn item_key(kind: &str, factors: &str) -> String {
    format!("{} {}", kind.trim().to_ascii_lowercase(), factors.trim())
}

/// A name as a player typed it, made the price list's: any case, spaces or `_` for
/// the `-` of a type, "Air Assault 2-6" is "air-assault 2-6".
pub fn normalise_key(typed: &str) -> String {
    let words: Vec<&str> = typed.split_whitespace().collect();
    match words.split_last() {
        Some((factors, kind)) if !kind.is_empty() => {
            let kind = kind.join("-").replace('_', "-").to_ascii_lowercase();
            // "armour" and "ranger" are read as the counters file reads them.
            let kind = UnitKind::from_name(&kind).map_or(kind, |k| k.name().to_string());
            item_key(&kind, factors)
        }
        _ => typed.trim().to_ascii_lowercase(),
    }
}

/// What an item of the price list is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A 1975 counter type: the counters of the side that are of it, in id order.
    Counter { kind: UnitKind, ids: Vec<UnitId> },
    /// One of 41's new counters; `naval` waits for rules 42-45.
    New { naval: bool },
}

/// One line of the price list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// How a purchase list names it ([`item_key`]).
    pub key: String,
    /// The paragraph its cost comes from.
    pub rule: String,
    pub cost: u32,
    /// 40.8: how many the side's counter mix holds.
    pub mix: u32,
    pub what: ItemKind,
}

impl Item {
    /// Whether its cost comes from our reconstructed counters (40.1-40.6), not 41.
    pub fn reconstructed(&self) -> bool {
        matches!(self.what, ItemKind::Counter { .. }) && !self.rule.starts_with("41")
    }

    /// 41.9: whether it is the airfield, which is paid for when it is built (49.1).
    pub fn is_airfield(&self) -> bool {
        matches!(self.what, ItemKind::New { naval: false }) && self.rule == "41.9"
    }
}

/// 40, 41: every counter type one side may buy, by [`item_key`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriceList {
    items: BTreeMap<String, Item>,
}

impl PriceList {
    /// 38.2: "All full strength and replacement units are available for purchase": the
    /// side's 1975 counters, full units and substitutes, by type and printed factors,
    /// at 40's cost; and 41's new counters at 41's.
    pub fn of(figures: &Figures85, counters: &Counters, side: Side) -> PriceList {
        let mut items: BTreeMap<String, Item> = BTreeMap::new();
        for c in counters.of_side(side) {
            let key = item_key(c.kind.name(), &c.factors_text());
            let item = items.entry(key.clone()).or_insert_with(|| Item {
                key,
                rule: rule_of(&figures.cost, c),
                cost: counter_cost(&figures.cost, c),
                mix: 0,
                what: ItemKind::Counter {
                    kind: c.kind,
                    ids: Vec::new(),
                },
            });
            item.mix += 1;
            if let ItemKind::Counter { ids, .. } = &mut item.what {
                ids.push(c.id.clone());
            }
        }
        for n in &figures.counters {
            let key = item_key(&n.kind, &n.strength);
            // 41's counters a game has as counters (its helicopters, 41.2-41.3) are
            // bought as counters, at the cost 41 prints.
            if let Some(item) = items.get_mut(&key) {
                item.rule = n.rule.clone();
                item.cost = n.cost;
                continue;
            }
            items.insert(
                key.clone(),
                Item {
                    key,
                    rule: n.rule.clone(),
                    cost: n.cost,
                    mix: n.mix,
                    what: ItemKind::New { naval: n.naval },
                },
            );
        }
        // The counters of a type in the order players count them (1st, 2nd, ... 10th).
        for item in items.values_mut() {
            if let ItemKind::Counter { ids, .. } = &mut item.what {
                ids.sort_by_cached_key(UnitId::counting_key);
            }
        }
        PriceList { items }
    }

    /// The item a purchase list names, in any case ([`normalise_key`]).
    pub fn get(&self, typed: &str) -> Option<&Item> {
        self.items.get(&normalise_key(typed))
    }

    /// Every item, by key.
    pub fn items(&self) -> impl Iterator<Item = &Item> {
        self.items.values()
    }
}

/// The paragraph a 1975 counter's cost follows: 40.2-40.6 where one applies, else 40.1.
fn rule_of(rules: &CostRules, c: &Counter) -> String {
    let factors = c.factors_text();
    if let Some(e) = rules
        .extra
        .iter()
        .find(|e| e.kind == c.kind.name() && e.factors == factors)
    {
        return e.rule.clone();
    }
    if rules.elite.iter().any(|e| e == c.kind.name()) {
        return "40.5".to_string();
    }
    match c.kind {
        UnitKind::Ftr | UnitKind::Sac => "40.6".to_string(),
        _ => "40.1".to_string(),
    }
}

// 37.13, 38.2: a later purchase.
impl PriceList {
    /// 40.8: the list as the counter mix stands for a later purchase (a later Cold War
    /// season, 37.13; the Hot War, 38.2): the 1975 counters already in play are not
    /// for sale again, and the new counters bought (`held`) come off the mix.
    pub fn less(
        mut self,
        state: &crate::state::GameState,
        held: Option<&BTreeMap<String, u32>>,
    ) -> PriceList {
        for item in self.items.values_mut() {
            match &mut item.what {
                ItemKind::Counter { ids, .. } => {
                    ids.retain(|id| {
                        matches!(
                            state.units.get(id),
                            None | Some(
                                crate::state::Place::Inactive
                                    | crate::state::Place::Waiting
                                    | crate::state::Place::Eliminated { .. }
                            )
                        )
                    });
                    item.mix = u32::try_from(ids.len()).unwrap_or(u32::MAX);
                }
                ItemKind::New { .. } => {
                    let had = held.and_then(|h| h.get(&item.key)).copied().unwrap_or(0);
                    item.mix = item.mix.saturating_sub(had);
                }
            }
        }
        self
    }
}
