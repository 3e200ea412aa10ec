//! The shipped counter and OAC data (rules/blitzkrieg/counters.toml, oac.toml): it
//! loads, and it says what the rules say about counters.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::units::{Counter, Counters, Factors, Side, Size, UnitKind};
use std::collections::BTreeMap;

fn data() -> Counters {
    match Counters::embedded() {
        Ok(c) => c,
        Err(e) => panic!("embedded counter data does not load:\n{e:#?}"),
    }
}

fn count_kind<'a>(it: impl Iterator<Item = &'a Counter>, kind: UnitKind) -> usize {
    it.filter(|c| c.kind == kind).count()
}

#[test]
fn embedded_data_loads_and_says_it_is_reconstructed() {
    let c = data();
    assert!(c.is_reconstructed());
    assert!(c.title().contains("reconstructed"), "{}", c.title());
    // 84 full units and 99 substitutes a side.
    assert_eq!(c.len(), 2 * (84 + 99));
}

#[test]
fn load_from_the_repository_paths_equals_the_embedded_data() {
    let root = env!("CARGO_MANIFEST_DIR");
    let loaded = Counters::load(
        format!("{root}/../../rules/blitzkrieg/counters.toml"),
        format!("{root}/../../rules/blitzkrieg/oac.toml"),
    )
    .unwrap();
    assert_eq!(loaded, data());
}

/// No counter is lost to a repeated id: the number of counters loaded equals the unit
/// rows plus the substitute counts written in the file, counted independently here.
#[test]
fn ids_are_unique_every_row_and_mix_count_gives_counters() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../rules/blitzkrieg/counters.toml"
    ))
    .unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let mut expected = 0;
    for side in ["blue", "red"] {
        let t = doc[side].as_table().unwrap();
        expected += t["units"].as_array().unwrap().len();
        for (_, denoms) in t["mix"].as_table().unwrap() {
            for (_, n) in denoms.as_table().unwrap() {
                expected += usize::try_from(n.as_integer().unwrap()).unwrap();
            }
        }
    }
    assert_eq!(data().len(), expected);
}

#[test]
fn lookup_is_case_insensitive() {
    let c = data();
    let armor = c.lookup("b-13ar").expect("b-13ar");
    assert_eq!(armor.id.as_str(), "B-13AR");
    assert_eq!(armor.name, "13th Armor");
    assert_eq!(armor.kind, UnitKind::Armor);
    let gd = c.lookup("  r-GdAr ").expect("r-gdar");
    assert_eq!(gd.name, "GD Armor");
    assert_eq!(gd.side, Side::Red);
    assert_eq!(c.lookup("b-in2a").unwrap().size, Size::Substitute);
    assert!(c.lookup("B-99IN").is_none());
    assert!(c.lookup("not an id").is_none());
}

/// Side letter prefixes: every Blue id starts `B-`, every Red id `R-`.
#[test]
fn every_id_starts_with_its_side_letter() {
    for c in data().iter() {
        let prefix = if c.side == Side::Blue { "B-" } else { "R-" };
        assert!(c.id.as_str().starts_with(prefix), "{}", c.id);
        assert!(c.id.as_str().len() <= 8, "{} is long to type", c.id);
    }
}

/// 8.3, 13.3 and 14: the units the rules' examples name exist on the right side.
#[test]
fn units_named_in_the_rules_examples_exist() {
    let c = data();
    for (id, name) in [
        ("B-1IN", "1st Infantry"),
        ("B-2IN", "2nd Infantry"),
        ("B-5IN", "5th Infantry"),
        ("B-28IN", "28th Infantry"),
        ("B-4AR", "4th Armor"),
        ("B-13AR", "13th Armor"),
        ("B-17AR", "17th LT Armor"),
        ("B-1MIN", "1st Marine"),
        ("B-2MIN", "2nd Marine"),
        ("B-3MIN", "3rd Marine"),
        ("R-1IN", "1st Infantry"),
        ("R-2IN", "2nd Infantry"),
        ("R-15IN", "15th Infantry"),
        ("R-19IN", "19th Infantry"),
        ("R-20IN", "20th Infantry"),
        ("R-21IN", "21st Infantry"),
        ("R-GDAR", "GD Armor"),
    ] {
        let u = c.lookup(id).unwrap_or_else(|| panic!("{id} missing"));
        assert_eq!(u.name, name);
        assert_eq!(u.size, Size::Division);
    }
}

/// 2.4: artillery has an attack and a (different) defence factor; no other type does.
#[test]
fn artillery_attack_differs_from_defence_others_equal() {
    let c = data();
    let mut artillery = 0;
    for u in c.iter() {
        if u.kind == UnitKind::Artillery {
            artillery += 1;
            assert!(u.attack > u.defence, "{} {}", u.id, u.factors_text());
        } else {
            assert_eq!(u.attack, u.defence, "{}", u.id);
        }
    }
    assert!(artillery > 0);
    let a = c.lookup("B-1AT").unwrap();
    assert_eq!((a.attack, a.defence, a.movement), (8, 4, 4));
    assert_eq!(a.factors_text(), "8-4-4");
}

/// 24, 30.1: the Tournament Game plays every full unit, rangers and bombers among them;
/// fighters only with optional rule 32; never a substitute (they begin inactive, 26).
#[test]
fn tournament_game_plays_every_full_unit_fighters_only_with_air_combat() {
    let c = data();
    for side in Side::BOTH {
        let without: Vec<&Counter> = c.in_game(side, true, false).collect();
        let with: Vec<&Counter> = c.in_game(side, true, true).collect();
        assert_eq!(with.len(), 84);
        assert!(with.iter().all(|u| !u.is_substitute()));
        let fighters = count_kind(with.iter().copied(), UnitKind::Ftr);
        assert!(fighters > 0);
        assert_eq!(without.len(), 84 - fighters);
        assert_eq!(count_kind(without.iter().copied(), UnitKind::Ftr), 0);
        assert!(count_kind(without.iter().copied(), UnitKind::Rangers) > 0);
        assert!(count_kind(without.iter().copied(), UnitKind::Sac) > 0);
        let basic: Vec<&Counter> = c.in_game(side, false, true).collect();
        assert_eq!(basic, c.basic_game(side).collect::<Vec<_>>());
    }
}

/// 2.2: the Basic Game uses division-size ground counters only: no substitutes, no
/// rangers, no aircraft.
#[test]
fn basic_game_is_division_size_ground_without_rangers() {
    let c = data();
    for side in Side::BOTH {
        let basic: Vec<&Counter> = c.basic_game(side).collect();
        assert_eq!(basic.len(), 71);
        for u in &basic {
            assert_eq!(u.side, side);
            assert_eq!(u.size, Size::Division, "{}", u.id);
            assert!(!u.kind.is_air(), "{}", u.id);
            assert_ne!(u.kind, UnitKind::Rangers, "{}", u.id);
        }
        let it = || c.basic_game(side);
        assert_eq!(count_kind(it(), UnitKind::Infantry), 40);
        assert_eq!(count_kind(it(), UnitKind::Armor), 20);
        assert_eq!(count_kind(it(), UnitKind::Artillery), 6);
        assert_eq!(count_kind(it(), UnitKind::Airborne), 3);
        assert_eq!(count_kind(it(), UnitKind::AirAssault), 2);
        // Everything left out is a ranger, an aircraft or a substitute.
        let left_out = c.of_side(side).filter(|u| !u.in_basic_game());
        for u in left_out {
            assert!(
                u.is_substitute() || u.kind.is_air() || u.kind == UnitKind::Rangers,
                "{} should be in the Basic Game",
                u.id
            );
        }
    }
}

/// 6.2: every full unit has a turn on the OAC; substitutes have none (26.5).
#[test]
fn every_full_unit_has_an_oac_turn_substitutes_none() {
    for u in data().iter() {
        if u.is_substitute() {
            assert_eq!(u.enters, 0, "{}", u.id);
            assert!(!u.on_oac());
        } else {
            assert!((1..=8).contains(&u.enters), "{} enters {}", u.id, u.enters);
        }
    }
}

/// 3.3, 16 (A): most of each side's Basic Game army is above the line, far more than
/// the 14 units victory condition A asks the winner to keep; the rest arrive as a
/// stream of reinforcements on every turn from 2 to 8.
#[test]
fn above_the_line_and_reinforcements_per_side() {
    let c = data();
    for side in Side::BOTH {
        let setup: Vec<&Counter> = c.setup_units(side).filter(|u| u.in_basic_game()).collect();
        assert_eq!(setup.len(), 47);
        assert!(setup.len() >= 14);
        assert!(setup.iter().all(|u| u.enters == 1 && u.side == side));
        let mut per_turn: BTreeMap<u8, usize> = BTreeMap::new();
        for u in c.basic_game(side).filter(|u| u.enters > 1) {
            *per_turn.entry(u.enters).or_default() += 1;
        }
        assert_eq!(per_turn.values().sum::<usize>(), 24);
        assert_eq!(
            per_turn.keys().copied().collect::<Vec<_>>(),
            (2..=8).collect::<Vec<u8>>()
        );
        // Aircraft may be placed at set-up (30.2): some are above the line.
        assert!(c.setup_units(side).any(|u| u.kind.is_air()));
    }
}

/// 6.2: `due_by` grows turn by turn from the set-up units to the whole OAC.
#[test]
fn due_by_grows_from_setup_to_everything() {
    let c = data();
    for side in Side::BOTH {
        let ids =
            |it: &mut dyn Iterator<Item = &Counter>| it.map(|u| u.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&mut c.due_by(side, 1)), ids(&mut c.setup_units(side)));
        assert_eq!(c.due_by(side, 0).count(), 0);
        let mut last = 0;
        for turn in 1..=8 {
            let n = c.due_by(side, turn).count();
            assert!(n > last, "turn {turn} brings nothing");
            assert_eq!(n, last + c.entering_on(side, turn).count());
            last = n;
        }
        assert_eq!(last, c.full_units(side).count());
        assert_eq!(c.due_by(side, 15).count(), last);
        assert!(c.due_by(side, 15).all(|u| u.side == side && u.on_oac()));
        let card = c.oac(side);
        assert_eq!(card.values().map(Vec::len).sum::<usize>(), last);
        assert_eq!(card.keys().next(), Some(&1));
    }
}

/// Balance: the two sides are mirror-equal, type for type, factor for factor, turn for
/// turn, substitute for substitute.
#[test]
fn sides_are_mirror_equal() {
    let c = data();
    let profile = |side: Side| {
        let mut m: BTreeMap<(UnitKind, Size, u32, u32, u32, u8), usize> = BTreeMap::new();
        for u in c.of_side(side) {
            *m.entry((u.kind, u.size, u.attack, u.defence, u.movement, u.enters))
                .or_default() += 1;
        }
        m
    };
    assert_eq!(profile(Side::Blue), profile(Side::Red));
    let strength = |side: Side| {
        c.basic_game(side)
            .filter(|u| u.enters == 1)
            .map(|u| u.attack)
            .sum::<u32>()
    };
    assert_eq!(strength(Side::Blue), 232);
    assert_eq!(strength(Side::Red), 232);
}

/// 30.8: bombers double at "less than half range": 3 hexes for TAC, 4 for MDM, 9 for
/// SAC; the rule does not apply to fighters.
#[test]
fn bomber_half_ranges_are_those_of_30_8() {
    let c = data();
    assert_eq!(c.half_range(UnitKind::Tac), Some(3));
    assert_eq!(c.half_range(UnitKind::Mdm), Some(4));
    assert_eq!(c.half_range(UnitKind::Sac), Some(9));
    assert_eq!(c.half_range(UnitKind::Ftr), None);
    assert_eq!(c.half_range(UnitKind::Infantry), None);
    for u in c.iter().filter(|u| u.kind.is_bomber()) {
        let h = u.half_range().unwrap();
        assert!(2 * h < u.movement && 2 * (h + 1) >= u.movement, "{}", u.id);
    }
}

/// Q&A 30.2 (range is the aircraft's movement factor); 003 28.1 [ARH] ("both your 4-8
/// TAC units", "a 2-8 TAC"); 32.31 (fighters intercept at most 12 hexes away).
#[test]
fn aircraft_figures_attested_by_the_sources() {
    let c = data();
    for side in Side::BOTH {
        let tacs: Vec<&Counter> = c
            .full_units(side)
            .filter(|u| u.kind == UnitKind::Tac)
            .collect();
        assert_eq!(tacs.len(), 2);
        assert!(tacs.iter().all(|u| u.factors_text() == "4-8"));
        let subs = c.substitutes_for(UnitKind::Tac, side);
        assert!(subs
            .iter()
            .any(|d| d.factors == Factors::same(2) && d.movement == 8));
        for u in c.of_side(side).filter(|u| u.kind == UnitKind::Ftr) {
            assert_eq!(u.movement, 12, "{}", u.id);
        }
    }
}

/// 26.2: every full unit can be changed, like money, into substitutes of its own type
/// from its own side's mix, with exactly its combat factors.
#[test]
fn substitutes_make_up_every_full_unit() {
    let c = data();
    for u in c.iter().filter(|u| !u.is_substitute()) {
        let pieces = c
            .breakdown(u)
            .unwrap_or_else(|| panic!("{} cannot break down", u.id));
        assert!(pieces.len() >= 2, "{} breaks into one piece", u.id);
        let attack: u32 = pieces.iter().map(|f| f.attack).sum();
        let defence: u32 = pieces.iter().map(|f| f.defence).sum();
        assert_eq!((attack, defence), (u.attack, u.defence), "{}", u.id);
        let mix = c.substitutes_for(u.kind, u.side);
        for p in &pieces {
            assert!(
                mix.iter().any(|d| d.factors == *p),
                "{}: {p:?} not in the mix",
                u.id
            );
        }
    }
    let infantry = c.lookup("B-1IN").unwrap();
    assert_eq!(c.breakdown(infantry).unwrap(), vec![Factors::same(2); 2]);
    let artillery = c.lookup("R-1AT").unwrap();
    let half = Factors {
        attack: 4,
        defence: 2,
    };
    assert_eq!(c.breakdown(artillery).unwrap(), vec![half; 2]);
}

/// 26.5 and 28.2: the counter mix is what exists, counted per side and type, largest
/// first; each type has substitutes of its own movement.
#[test]
fn counter_mix_per_side_and_type() {
    let c = data();
    for side in Side::BOTH {
        let inf = c.substitutes_for(UnitKind::Infantry, side);
        assert_eq!(inf.len(), 2);
        assert_eq!(
            (inf[0].factors, inf[0].movement, inf[0].count),
            (Factors::same(2), 4, 24)
        );
        assert_eq!((inf[1].factors, inf[1].count), (Factors::same(1), 12));
        for kind in UnitKind::ALL {
            let mix = c.substitutes_for(kind, side);
            assert!(!mix.is_empty(), "{side} has no {kind} substitutes");
            let counters: Vec<&Counter> = c.substitute_counters(kind, side).collect();
            assert_eq!(
                counters.len() as u32,
                mix.iter().map(|d| d.count).sum::<u32>()
            );
            assert!(mix.windows(2).all(|w| w[0].factors > w[1].factors));
            let full_moves: Vec<u32> = c
                .full_units(side)
                .filter(|u| u.kind == kind)
                .map(|u| u.movement)
                .collect();
            for d in mix {
                assert!(full_moves.contains(&d.movement), "{side} {kind} {d:?}");
            }
        }
    }
    assert_eq!(c.lookup("R-AT4C").unwrap().factors_text(), "4-2-4");
    assert!(
        c.lookup("R-AT4D").is_none(),
        "only three 4-2-4 artillery substitutes"
    );
}

/// 26.4: substitutes and rangers are half units for stacking.
#[test]
fn substitutes_and_rangers_stack_as_half_units() {
    let c = data();
    assert_eq!(c.lookup("B-1IN").unwrap().stack_halves(), 2);
    assert_eq!(c.lookup("B-IN2A").unwrap().stack_halves(), 1);
    assert_eq!(c.lookup("R-1RG").unwrap().stack_halves(), 1);
    assert_eq!(c.lookup("R-1TAC").unwrap().stack_halves(), 2);
}

/// 23.6 halves a cut-off unit's movement factor; every ground counter's MF is even, so
/// the half is exact (003 Rounding: nothing is rounded unless the rules say so).
#[test]
fn every_ground_movement_factor_halves_exactly_23_6() {
    let odd: Vec<String> = data()
        .iter()
        .filter(|c| !c.kind.is_air() && c.movement % 2 == 1)
        .map(|c| format!("{} ({})", c.id, c.movement))
        .collect();
    assert!(odd.is_empty(), "odd movement factors: {odd:?}");
}
