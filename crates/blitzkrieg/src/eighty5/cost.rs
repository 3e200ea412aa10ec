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
    /// Whether its cost comes from our reconstructed counters (40.1-40.6).
    pub fn reconstructed(&self) -> bool {
        matches!(self.what, ItemKind::Counter { .. })
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
                ids.sort_by_key(UnitId::counting_key);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> &'static CostRules {
        &Figures85::embedded().unwrap().cost
    }

    /// 40.1: "4-4 Infantry = (4 attack + 4 defense) x 4 movement = 32 production points".
    #[test]
    fn a_4_4_infantry_costs_32_40_1() {
        assert_eq!(cost(rules(), UnitKind::Infantry, 4, 4, 4), 32);
        assert_eq!(cost(rules(), UnitKind::Infantry, 2, 2, 4), 16);
        assert_eq!(cost(rules(), UnitKind::Armor, 6, 6, 6), 72);
    }

    /// 40.2: "to produce a new 6-4 costs 52; to produce one from a 4-4 and a 2-4 costs
    /// 4" (39.2: the new unit's cost less the trade-ins').
    #[test]
    fn a_6_4_infantry_costs_52_and_4_from_a_4_4_and_a_2_4_40_2() {
        let r = rules();
        let six_four = cost(r, UnitKind::Infantry, 6, 6, 4);
        assert_eq!(six_four, 52);
        let trade_ins = cost(r, UnitKind::Infantry, 4, 4, 4) + cost(r, UnitKind::Infantry, 2, 2, 4);
        assert_eq!(six_four - trade_ins, 4);
        // 39.2: "2-4 plus 2-4 yields a 4-4 at no cost".
        assert_eq!(cost(r, UnitKind::Infantry, 4, 4, 4) - 2 * 16, 0);
    }

    /// 40.3, 40.4: 8-6 armor +12, 8-4-4 artillery +6; a 4-2-4 artillery substitute
    /// takes no extra.
    #[test]
    fn the_8_6_armor_and_8_4_4_artillery_take_their_extra_40_3_40_4() {
        let r = rules();
        assert_eq!(cost(r, UnitKind::Armor, 8, 8, 6), 16 * 6 + 12);
        assert_eq!(cost(r, UnitKind::Artillery, 8, 4, 4), 12 * 4 + 6);
        assert_eq!(cost(r, UnitKind::Artillery, 4, 2, 4), 24);
    }

    /// 40.5: "to produce a 2-6 Air Assault costs 48"; airborne and rangers double too.
    #[test]
    fn elite_units_cost_double_40_5() {
        let r = rules();
        assert_eq!(cost(r, UnitKind::AirAssault, 2, 2, 6), 48);
        assert_eq!(cost(r, UnitKind::Airborne, 4, 4, 4), 64);
        assert_eq!(cost(r, UnitKind::Rangers, 2, 2, 4), 32);
    }

    /// 40.6: FTR are assessed at movement 10, SAC at 12, whatever their range; TAC and
    /// MDM at their range.
    #[test]
    fn fighters_and_sac_are_costed_at_10_and_12_40_6() {
        let r = rules();
        assert_eq!(cost(r, UnitKind::Ftr, 4, 4, 12), 80);
        assert_eq!(cost(r, UnitKind::Sac, 4, 4, 20), 96);
        assert_eq!(cost(r, UnitKind::Tac, 4, 4, 8), 64);
    }

    /// 41.2-41.3: the helicopters' printed costs are 40.1's formula on their strength
    /// (2-8: 32, 1-8: 16, 4-2-8: 48, 2-1-8: 24).
    #[test]
    fn the_helicopters_printed_costs_follow_40_1_41_2_41_3() {
        let f = Figures85::embedded().unwrap();
        for n in f.counters.iter().filter(|n| n.kind.ends_with("helicopter")) {
            let v: Vec<u32> = n
                .strength
                .split('-')
                .filter_map(|x| x.parse().ok())
                .collect();
            let (a, d, m) = match v[..] {
                [a, m] => (a, a, m),
                [a, d, m] => (a, d, m),
                _ => panic!("{} is no strength", n.strength),
            };
            assert_eq!((a + d) * m, n.cost, "{} {}", n.kind, n.strength);
        }
    }

    /// 38.2, 40.8, 41: a side's price list holds its 1975 counters by type with the
    /// counter mix counted, and 41's counters at their printed cost and mix.
    #[test]
    fn the_price_list_counts_the_counter_mix_38_2_40_8() {
        let f = Figures85::embedded().unwrap();
        let counters = Counters::embedded().unwrap();
        let list = PriceList::of(f, &counters, Side::Blue);
        let inf = list.get("Infantry 4-4").unwrap();
        assert_eq!((inf.cost, inf.rule.as_str()), (32, "40.1"));
        assert!(inf.reconstructed());
        assert!(inf.mix > 0);
        let marines = list.get("infantry 6-4").unwrap();
        assert_eq!((marines.cost, marines.rule.as_str()), (52, "40.2"));
        let heli = list.get("transport helicopter 2-8").unwrap();
        assert_eq!((heli.cost, heli.mix), (32, 4));
        assert!(!heli.reconstructed());
        let escort = list.get("escort 2").unwrap();
        assert_eq!(escort.what, ItemKind::New { naval: true });
        assert_eq!(list.get("naval-transport (3)").map(|i| i.cost), Some(24));
        assert_eq!(
            list.get("transport-aircraft (1/2)").map(|i| i.cost),
            Some(8)
        );
        assert!(list.get("light damage 1").is_none());
        // Every Blue counter is in the mix once.
        let in_mix: u32 = list
            .items()
            .filter(|i| i.reconstructed())
            .map(|i| i.mix)
            .sum();
        assert_eq!(in_mix as usize, counters.of_side(Side::Blue).count());
    }
}
