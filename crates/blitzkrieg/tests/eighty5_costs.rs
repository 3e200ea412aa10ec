//! BLITZKRIEG '85, rules 40-41: unit costs from the counters' printed values, with the
//! examples 40 gives, a side's price list with its counter mix (40.8, 41), and the
//! figures of 37.11, 37.21 and 38.71 as printed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::eighty5::cost::{cost, ItemKind, PriceList};
use blitzkrieg::eighty5::{CostRules, Figures85};
use blitzkrieg::units::{Counters, Side, UnitKind};

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

/// 37.11, 37.21, 38.71, 41: the embedded figures are the printed ones.
#[test]
fn the_embedded_figures_are_the_printed_ones() {
    let f = Figures85::embedded().unwrap();
    assert_eq!(
        (f.setup.of(Side::Blue), f.setup.of(Side::Red)),
        (4100, 4000)
    );
    assert_eq!((f.cold_war.blue, f.cold_war.red), (1025, 1000));
    // 38.81: a Cold War season is 25% of the Hot War's points.
    assert_eq!(f.cold_war.blue * 4, f.setup.blue);
    assert_eq!(f.cold_war.red * 4, f.setup.red);
    assert_eq!(
        [1, 2, 3, 4, 15].map(|t| f.production(t)),
        [400, 400, 400, 200, 200]
    );
}

/// 41.13: "The above totals 88 additional counters to each side": the list of
/// 41.1-41.12 gives 85 (62 counters, 20 damage markers, 3 point markers).
#[test]
fn the_new_counters_add_up_to_85_not_88_41_13() {
    let f = Figures85::embedded().unwrap();
    let counters: u32 = f.counters.iter().map(|c| c.mix).sum();
    assert_eq!(counters, 62);
    assert_eq!(f.added_per_side(), 85);
}

// 38.4-38.6: the points of conquest.
use blitzkrieg::board::{Board, CityRole};
use blitzkrieg::eighty5::production;
use blitzkrieg::marker::HexMarkerKind;
use std::collections::{BTreeMap, BTreeSet};

/// 38.4-38.6: a minor country city held since the last turn gives 2 points, one
/// with a working critical resource 6 (not 8), one with SRIX in force or its critical
/// resources damaged (CRX, 52.3) 2; an enemy
/// home city, or a minor city held by the enemy, nothing.
#[test]
fn conquest_counts_minor_cities_only_38_4_38_6() {
    let board = Board::from_toml(Board::embedded_source(), "board.toml").unwrap();
    let f = Figures85::embedded().unwrap();
    let minor = |resource: bool| {
        board
            .cities()
            .iter()
            .find(|c| {
                c.hexes.iter().all(|h| board.home_of(*h).is_none())
                    && resource
                        == c.roles.iter().any(|r| {
                            matches!(r, CityRole::Oil | CityRole::Industry | CityRole::Naval)
                        })
            })
            .unwrap()
            .clone()
    };
    let plain = minor(false);
    let rich = minor(true);
    let red_home = board
        .cities()
        .iter()
        .find(|c| c.hexes.iter().all(|h| board.home_of(*h) == Some(Side::Red)))
        .unwrap()
        .clone();
    let mut held = BTreeMap::new();
    for h in plain.hexes.iter().chain(&rich.hexes).chain(&red_home.hexes) {
        held.insert(*h, Side::Blue);
    }
    let none = BTreeMap::new();
    let got = production::conquest(&board, f, &held, &none, Side::Blue);
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u32>(), 2 + 6, "{got:?}");
    assert!(got.iter().all(|(name, _)| *name != red_home.name));
    assert!(production::conquest(&board, f, &held, &none, Side::Red).is_empty());
    // 38.5: with its resource bombed (SRIX), the city still gives 2 (38.4).
    let mut marks = BTreeMap::new();
    marks.insert(
        rich.hexes[0],
        BTreeSet::from([blitzkrieg::marker::HexMarker {
            kind: HexMarkerKind::SRIX,
            until_turn: 9,
            until_side: Side::Blue,
        }]),
    );
    let got = production::conquest(&board, f, &held, &marks, Side::Blue);
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u32>(), 2 + 2);
    // 52.3 ('85): with its critical resources damaged (CRX) on any hex, 2 as well.
    let mut marks = BTreeMap::new();
    marks.insert(
        *rich.hexes.last().unwrap(),
        BTreeSet::from([blitzkrieg::marker::HexMarker {
            kind: HexMarkerKind::CRX,
            until_turn: 9,
            until_side: Side::Blue,
        }]),
    );
    let got = production::conquest(&board, f, &held, &marks, Side::Blue);
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u32>(), 2 + 2);
}

/// 38.21 with 28.5: a side's functioning aircraft cities are its own aircraft cities
/// (28.51: Blue's V33, I12, J28), less one the enemy holds (captured) and one bombed
/// (SRIX in force this player-turn); a marker whose time is up no longer counts; one
/// whose airbase is damaged (ABX, 52.2) while the damage is on it.
#[test]
fn functioning_aircraft_cities_are_neither_captured_nor_bombed_38_21() {
    let board = Board::from_toml(Board::embedded_source(), "board.toml").unwrap();
    let hex = |s: &str| s.parse::<blitzkrieg::hex::Hex>().unwrap();
    let names = |got: BTreeSet<blitzkrieg::hex::Hex>| {
        got.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    let (none, unmarked) = (BTreeMap::new(), BTreeMap::new());
    let all = production::aircraft_cities(&board, &none, &unmarked, 3, Side::Blue);
    assert_eq!(names(all), ["I12", "J28", "V33"]);
    let red = production::aircraft_cities(&board, &none, &unmarked, 3, Side::Red);
    assert_eq!(names(red), ["YY43", "BBB33", "NNN35"]);
    let held = BTreeMap::from([(hex("V33"), Side::Red)]);
    let mut marks = BTreeMap::new();
    marks.insert(
        hex("I12"),
        BTreeSet::from([blitzkrieg::marker::HexMarker {
            kind: HexMarkerKind::SRIX,
            until_turn: 3,
            until_side: Side::Blue,
        }]),
    );
    let now = production::aircraft_cities(&board, &held, &marks, 3, Side::Blue);
    assert_eq!(names(now), ["J28"]);
    // The SRIX marker comes off at the end of Blue's player-turn 3.
    let later = production::aircraft_cities(&board, &held, &marks, 4, Side::Blue);
    assert_eq!(names(later), ["I12", "J28"]);
    // 52.2 ('85): J28's airbase damaged (ABX): it functions no more while it lasts.
    marks.insert(
        hex("J28"),
        BTreeSet::from([blitzkrieg::marker::HexMarker {
            kind: HexMarkerKind::ABX,
            until_turn: 3,
            until_side: Side::Blue,
        }]),
    );
    let damaged = production::aircraft_cities(&board, &held, &marks, 4, Side::Blue);
    assert_eq!(names(damaged), ["I12"]);
}
