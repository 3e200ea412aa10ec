//! Every fact the sources state about the BLITZKRIEG mapboard (collected in
//! board-facts.md), each as its own test against the embedded reconstruction. Sources:
//! 000 = the 1975 rules, 001 = SPI Module System, 003 = PBEM clarifications,
//! Q&A = the General Q&A of 000, review = the published review.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::{Board, CityRole, Country, Terrain};
use blitzkrieg::hex::Hex;
use blitzkrieg::units::Side;
use std::collections::{BTreeMap, BTreeSet};

fn board() -> Board {
    match Board::try_embedded() {
        Ok(b) => b,
        Err(e) => panic!("{:?}", miette::Report::new(e)),
    }
}

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

/// 8.1: a unit's ZOC is its hex and the six adjacent hexes.
fn zoc(units: &[&str]) -> BTreeSet<Hex> {
    units
        .iter()
        .flat_map(|u| {
            let u = h(u);
            std::iter::once(u).chain(u.neighbours())
        })
        .collect()
}

fn nothing(_: Hex) -> bool {
    false
}

#[test]
fn embedded_board_loads_without_problems() {
    let b = board();
    assert!(b.name().contains("reconstructed"));
    assert!(Board::embedded_source().contains("THIS IS A RECONSTRUCTION"));
    assert_eq!(Board::embedded(), b);
}

/// board-facts "The grid": about 72 columns by 31 rows; every named hex falls in paper
/// rows -1..29 (row = number - column/2), except MM49, a half hex of the bottom edge in
/// row 30 (only odd columns have hexes there).
#[test]
fn grid_is_72_columns_by_rows_minus_1_to_30() {
    let b = board();
    let paper_row = |x: Hex| x.num() - x.col().div_euclid(2);
    let cols: BTreeSet<i16> = b.hexes().map(|(x, _)| x.col()).collect();
    assert_eq!((cols.first(), cols.last()), (Some(&1), Some(&72)));
    let rows: BTreeSet<i16> = b.hexes().map(|(x, _)| paper_row(x)).collect();
    assert_eq!((rows.first(), rows.last()), (Some(&-1), Some(&30)));
    assert!(b
        .hexes()
        .all(|(x, _)| paper_row(x) < 30 || x.col() % 2 == 1));
    assert_eq!(paper_row(h("D1")), -1);
    assert_eq!(paper_row(h("H33")), 29);
    assert_eq!(paper_row(h("MM49")), 30);
    assert!(b.contains(h("TTT41")) && b.contains(h("MM49")));
}

// ---------------------------------------------------------------- adjacency facts

/// 001 port chart: each coastal city hex touches its docking sea hex, and the board's
/// port entry docks there.
macro_rules! port_chart {
    ($($name:ident: $city:literal / $dock:literal;)*) => {$(
        #[test]
        fn $name() {
            let b = board();
            let (city, dock) = (h($city), h($dock));
            assert!(city.is_adjacent(dock), "{city} does not touch {dock}");
            assert!(b.is_city(city), "{city} is not a city");
            assert!(b.is_land(city));
            assert_eq!(b.terrain(dock), Some(Terrain::Sea), "{dock} is not sea");
            let port = b.port_at(city).expect("the city is a port");
            assert_eq!(port.dock, dock);
            assert!(port.inland_river.is_empty());
        }
    )*};
}

port_chart! {
    port_chart_cc15_docks_at_cc14: "CC15" / "CC14";
    port_chart_u11_docks_at_u10: "U11" / "U10";
    port_chart_g4_docks_at_f3: "G4" / "F3";
    port_chart_d7_docks_at_c6: "D7" / "C6";
    port_chart_d8_docks_at_c7: "D8" / "C7";
    port_chart_m14_docks_at_m15: "M14" / "M15";
    port_chart_p16_docks_at_o15: "P16" / "O15";
    port_chart_c20_docks_at_b20: "C20" / "B20";
    port_chart_h32_docks_at_h33: "H32" / "H33";
    port_chart_i33_docks_at_h33: "I33" / "H33";
    port_chart_v33_docks_at_w34: "V33" / "W34";
    port_chart_x27_docks_at_x28: "X27" / "X28";
    port_chart_aa42_docks_at_z42: "AA42" / "Z42";
    port_chart_nn48_docks_at_mm48: "NN48" / "MM48";
    port_chart_nn49_docks_at_mm49: "NN49" / "MM49";
    port_chart_aaa54_docks_at_zz54: "AAA54" / "ZZ54";
    port_chart_bbb55_docks_at_aaa55: "BBB55" / "AAA55";
    port_chart_rrr55_docks_at_sss56: "RRR55" / "SSS56";
    port_chart_rrr54_docks_at_sss55: "RRR54" / "SSS55";
    port_chart_rrr40_docks_at_sss41: "RRR40" / "SSS41";
    port_chart_sss40_docks_at_ttt41: "SSS40" / "TTT41";
}

/// 001 port chart: "BB31 / CC31 or AA31". Both touch BB31; the reconstruction docks at
/// AA31, in the gulf.
#[test]
fn port_chart_bb31_docks_at_cc31_or_aa31() {
    let b = board();
    assert!(h("BB31").is_adjacent(h("CC31")));
    assert!(h("BB31").is_adjacent(h("AA31")));
    let dock = b.port_at(h("BB31")).unwrap().dock;
    assert!(dock == h("AA31") || dock == h("CC31"));
    assert!(b.is_sea(dock));
}

/// 19.4 "Any coastal city hex is a port": the coastal city hexes of the board are
/// exactly the city hexes of the port chart (001), none missing, none extra.
#[test]
fn coastal_city_hexes_are_exactly_those_of_the_port_chart() {
    let b = board();
    let chart: BTreeSet<Hex> = [
        "CC15", "U11", "G4", "D7", "D8", "M14", "P16", "C20", "H32", "I33", "V33", "X27", "BB31",
        "AA42", "NN48", "NN49", "AAA54", "BBB55", "RRR55", "RRR54", "RRR40", "SSS40",
    ]
    .iter()
    .map(|s| h(s))
    .collect();
    let coastal: BTreeSet<Hex> = b.city_hexes().filter(|&c| b.is_coastal(c)).collect();
    assert_eq!(coastal, chart);
}

/// 003 19.4: W33-X34-Y34-Z34 is a line of adjacent hexes; X34 and Y34 are sea.
#[test]
fn w33_x34_y34_z34_is_a_line_with_sea_at_x34_y34() {
    let b = board();
    let line = [h("W33"), h("X34"), h("Y34"), h("Z34")];
    for w in line.windows(2) {
        assert!(w[0].is_adjacent(w[1]), "{} {}", w[0], w[1]);
    }
    assert!(b.is_sea(h("X34")) && b.is_sea(h("Y34")));
    assert!(b.is_land(h("W33")) && b.is_land(h("Z34")) && b.is_land(h("Z33")));
}

/// 003 13.3: "on a river hex and all the attackers are on a different branch of that
/// river (e.g. EE40 to DD40, but not EE41 to DD40)".
#[test]
fn river_branches_of_003_13_3() {
    let b = board();
    let dd40 = b.river_at(h("DD40")).expect("DD40 is a river hex");
    let ee40 = b.river_at(h("EE40")).expect("EE40 is a river hex");
    let ee41 = b.river_at(h("EE41")).expect("EE41 is a river hex");
    assert!(h("DD40").is_adjacent(h("EE40")) && h("DD40").is_adjacent(h("EE41")));
    assert_eq!(dd40.branch, ee41.branch, "EE41 -> DD40 is the same branch");
    assert_ne!(
        dd40.branch, ee40.branch,
        "EE40 -> DD40 is a different branch"
    );
    // ... and a branch of the same river: EE40's branch flows into DD40's.
    let trib = b.river_branch(&ee40.branch).unwrap();
    assert_eq!(trib.joins.as_deref(), Some(&*dd40.branch));
}

/// 13.3 and the terrain chart: rivers have end-of-river hexes; every branch has at
/// least one, and every tributary touches the branch it joins.
#[test]
fn rivers_have_ends_and_branches() {
    let b = board();
    assert!(b.rivers().len() >= 8);
    assert!(b.rivers().iter().filter(|r| r.joins.is_some()).count() >= 3);
    for r in b.rivers() {
        assert!(!r.ends.is_empty(), "branch {} has no end", r.branch);
        for e in &r.ends {
            assert!(b.river_at(*e).unwrap().end);
        }
    }
}

// ---------------------------------------------------------------- named cities

/// Checks the named hexes: each a city hex owned by `owner` (None = a minor country),
/// with `role`, in a city of `size` hexes.
fn named(hexes: &[&str], owner: Option<Side>, role: Option<CityRole>, aircraft: bool, size: usize) {
    let b = board();
    for s in hexes {
        let x = h(s);
        let city = b.city_at(x).unwrap_or_else(|| panic!("{s} is not a city"));
        assert_eq!(b.home_of(x), owner, "{s} owner");
        let country = b.country(x).unwrap();
        if owner.is_none() {
            assert!(
                country.home_of().is_none(),
                "{s} should be in a minor country"
            );
        }
        if let Some(r) = role {
            assert!(city.roles.contains(&r), "{s} ({}) lacks {r:?}", city.name);
        }
        assert_eq!(city.aircraft.contains(&x), aircraft, "{s} aircraft");
        assert_eq!(city.hexes.len(), size, "{s} ({}) size", city.name);
    }
}

/// 28.51: Great Blue aircraft cities V33, I12, J28.
#[test]
fn blue_aircraft_cities_28_51() {
    named(&["V33", "I12", "J28"], Some(Side::Blue), None, true, 1);
}

/// 28.52: Big Red aircraft cities YY43, BBB33, NNN35.
#[test]
fn red_aircraft_cities_28_52() {
    named(&["YY43", "BBB33", "NNN35"], Some(Side::Red), None, true, 1);
}

/// 36.2: Blue petro-chemical cities G4, C20, S25.
#[test]
fn blue_oil_cities_36_2() {
    named(
        &["G4", "C20", "S25"],
        Some(Side::Blue),
        Some(CityRole::Oil),
        false,
        1,
    );
}

/// 36.2: Red petro-chemical cities JJJ56, FFF30, ZZ48.
#[test]
fn red_oil_cities_36_2() {
    named(
        &["JJJ56", "FFF30", "ZZ48"],
        Some(Side::Red),
        Some(CityRole::Oil),
        false,
        1,
    );
}

/// 36.2: CC15, AA42, VV25: petro-chemical, minor countries, usable by either side.
#[test]
fn minor_oil_cities_36_2() {
    named(
        &["CC15", "AA42", "VV25"],
        None,
        Some(CityRole::Oil),
        false,
        1,
    );
}

/// 36.3: Blue 3-hex basic industry cities O29, Q16, C30.
#[test]
fn blue_industry_cities_36_3() {
    named(
        &["O29", "Q16", "C30"],
        Some(Side::Blue),
        Some(CityRole::Industry),
        false,
        3,
    );
}

/// 36.3: Red 3-hex basic industry cities GGG45, RRR39, BBB54.
#[test]
fn red_industry_cities_36_3() {
    named(
        &["GGG45", "RRR39", "BBB54"],
        Some(Side::Red),
        Some(CityRole::Industry),
        false,
        3,
    );
}

/// 36.3: CC39 and OO30, 3-hex basic industry in minor countries.
#[test]
fn minor_industry_cities_36_3() {
    named(&["CC39", "OO30"], None, Some(CityRole::Industry), false, 3);
}

/// 36.4: Blue 2-hex naval stores cities D7, L19, I33.
#[test]
fn blue_naval_cities_36_4() {
    named(
        &["D7", "L19", "I33"],
        Some(Side::Blue),
        Some(CityRole::Naval),
        false,
        2,
    );
}

/// 36.4: Red 2-hex naval stores cities III37, RRR54, NN48.
#[test]
fn red_naval_cities_36_4() {
    named(
        &["III37", "RRR54", "NN48"],
        Some(Side::Red),
        Some(CityRole::Naval),
        false,
        2,
    );
}

/// 36.4: EE34, 2-hex naval stores in a minor country.
#[test]
fn minor_naval_city_36_4() {
    named(&["EE34"], None, Some(CityRole::Naval), false, 2);
}

/// 003 5 and the port chart: the multi-hex cities pair and group up as listed, and
/// the hexes of every city touch each other.
#[test]
fn multi_hex_cities_of_the_port_chart() {
    let b = board();
    for group in [
        &["D7", "D8"][..],
        &["H32", "I33"],
        &["NN48", "NN49"],
        &["RRR54", "RRR55"],
        &["AAA54", "BBB54", "BBB55"],
        &["RRR39", "RRR40", "SSS40"],
    ] {
        let want: BTreeSet<Hex> = group.iter().map(|s| h(s)).collect();
        let city = b.city_at(h(group[0])).unwrap();
        let got: BTreeSet<Hex> = city.hexes.iter().copied().collect();
        assert_eq!(got, want, "{}", city.name);
    }
    for c in b.cities() {
        for a in &c.hexes {
            for x in &c.hexes {
                assert!(a == x || a.is_adjacent(*x), "{}: {a} {x}", c.name);
            }
        }
    }
}

/// 16 (C): 35 friendly city hexes win at the end of turn 15, so the board must hold
/// comfortably more than 35.
#[test]
fn more_than_35_city_hexes() {
    let n = board().city_hexes().count();
    assert!(n > 35 + 10, "{n} city hexes");
}

/// Issue 2: Great Blue and Big Red of similar size and city count.
#[test]
fn blue_and_red_are_of_similar_size_and_city_count() {
    let b = board();
    let count = |side: Side| {
        b.hexes()
            .filter(|(x, _)| b.home_of(*x) == Some(side))
            .count()
    };
    let cities = |side: Side| {
        b.city_hexes()
            .filter(|x| b.home_of(*x) == Some(side))
            .count()
    };
    let (blue, red) = (count(Side::Blue), count(Side::Red));
    assert!(
        blue.abs_diff(red) * 10 <= blue.max(red),
        "land {blue} vs {red}"
    );
    let (bc, rc) = (cities(Side::Blue), cities(Side::Red));
    assert!(bc.abs_diff(rc) <= 2, "cities {bc} vs {rc}");
}

/// Issue 2 and 9.1: each home country has a road net joining all its cities.
#[test]
fn each_home_country_has_a_road_net_joining_its_cities() {
    let b = board();
    for side in Side::BOTH {
        let cities: Vec<_> = b
            .cities()
            .iter()
            .filter(|c| b.home_of(c.hexes[0]) == Some(side))
            .collect();
        let start = cities[0].hexes[0];
        let mut seen = BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some(x) = stack.pop() {
            for n in x.neighbours() {
                if b.road_joins(x, n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        for c in cities {
            assert!(
                c.hexes.iter().any(|x| seen.contains(x)),
                "{} is not on {side}'s road net",
                c.name
            );
        }
    }
}

// ---------------------------------------------------------------- ports and the sea

/// 19.4: JJJ56, VV25, D31 and L19 are inland ports joined to the sea by river hexes.
#[test]
fn inland_ports_are_joined_to_the_sea_by_river_hexes() {
    let b = board();
    for s in ["JJJ56", "VV25", "D31", "L19"] {
        let port = b
            .port_at(h(s))
            .unwrap_or_else(|| panic!("{s} is not a port"));
        assert!(b.is_city(port.hex));
        assert!(!b.is_coastal(port.hex), "{s} is on the coast");
        assert!(!port.inland_river.is_empty(), "{s} has no river");
        let mut prev = port.hex;
        for &r in &port.inland_river {
            assert!(b.river_at(r).is_some(), "{s}: {r} is not a river hex");
            assert!(prev.is_adjacent(r), "{s}: {prev} {r}");
            prev = r;
        }
        assert!(prev.is_adjacent(port.dock));
        assert!(b.is_sea(port.dock));
        assert!(b.port_reaches_open_sea(port.hex, &nothing));
        // 19.4: an enemy ZOC on any of those river hexes closes the port.
        for &r in &port.inland_river {
            let blocked = zoc(&[&r.to_string()]);
            let block = |x: Hex| blocked.contains(&x) && !b.is_sea(x);
            assert!(
                !b.port_reaches_open_sea(port.hex, &block),
                "{s} open past {r}"
            );
        }
    }
}

/// Q&A 19.4: "If Blue has units at hexes W33 and Z33, may Red use BB31 (or X27) as a
/// port? A. No; ZOCs block access." Without those units both ports reach the open sea.
#[test]
fn gulf_is_sealed_by_w33_and_z33() {
    let b = board();
    let blocked = zoc(&["W33", "Z33"]);
    let block = |x: Hex| blocked.contains(&x);
    for (port, dock) in [("X27", "X28"), ("BB31", "AA31")] {
        assert!(b.port_reaches_open_sea(h(port), &nothing), "{port} open");
        assert!(!b.port_reaches_open_sea(h(port), &block), "{port} sealed");
        assert!(b.open_sea_path(h(dock), &block).is_none());
    }
}

/// 19.4: the early-stopping reach test of the open sea agrees with the shortest path
/// to it, from every sea hex of the board, with the gulf sealed and with the Q&A's
/// W33-Z33 line and a ring of ZOC around F3 blocking.
#[test]
fn reaching_the_open_sea_agrees_with_the_path_to_it_19_4() {
    let b = board();
    for units in [
        &[][..],
        &["W33", "Z33"][..],
        &["W33", "Z34"][..],
        &["F3", "AA13", "D1"][..],
    ] {
        let blocked = zoc(units);
        let block = |x: Hex| blocked.contains(&x);
        let mut sealed = 0;
        for (hex, _) in b.hexes().filter(|(x, _)| b.is_sea(*x)) {
            let reaches = b.reaches_open_sea(hex, &block);
            assert_eq!(
                reaches,
                b.open_sea_path(hex, &block).is_some(),
                "{hex} {units:?}"
            );
            sealed += usize::from(!reaches);
        }
        assert_eq!(
            sealed > 0,
            !units.is_empty(),
            "{units:?}: {sealed} sea hexes cut off"
        );
    }
}

/// 003 19.4: "if Blue has units in W33 and Z34, Red may not ... anywhere in the gulf
/// north of X34-Y34 (but Red may use sea hexes X34 and Y34 themselves as invasion
/// assault hexes ...)".
#[test]
fn gulf_is_sealed_by_w33_and_z34_while_x34_y34_stay_outside() {
    let b = board();
    let blocked = zoc(&["W33", "Z34"]);
    let block = |x: Hex| blocked.contains(&x);
    for port in ["X27", "BB31"] {
        assert!(!b.port_reaches_open_sea(h(port), &block), "{port} sealed");
    }
    // The gulf: the sea hexes north of X34-Y34 reached from X28 over sea without
    // touching X34 or Y34. X34 and Y34 are not part of it.
    let mut gulf = BTreeSet::from([h("X28")]);
    let mut stack = vec![h("X28")];
    while let Some(x) = stack.pop() {
        for n in b.neighbours(x) {
            if b.is_sea(n) && n != h("X34") && n != h("Y34") && gulf.insert(n) {
                stack.push(n);
            }
        }
    }
    assert!(
        gulf.iter().all(|x| !b.is_board_edge(*x)),
        "the gulf is closed"
    );
    assert!(gulf.contains(&h("AA31")), "BB31 docks in the gulf");
    for s in ["X34", "Y34"] {
        let x = h(s);
        assert!(!gulf.contains(&x));
        // From outside: a sea hex next to it, free of those ZOCs, reaches the board edge.
        assert!(b
            .neighbours(x)
            .any(|n| b.is_sea(n) && !gulf.contains(&n) && b.open_sea_path(n, &block).is_some()));
        // An assault hex: it touches a beach (20.31).
        assert!(
            b.neighbours(x).any(|n| b.beach_at(n).is_some()),
            "{s} touches no beach"
        );
    }
}

/// Q&A 19.4: "If Blue has a unit at D1, may Red move from Sea Zone A to Sea Zone B?
/// A. Yes." and 003 19.1: zones extend beyond the board edge, so ZOC near the edge
/// never blocks movement between zones. D1 stands on the boundary of A and B, its ZOC
/// covering sea of both.
#[test]
fn a_unit_on_d1_does_not_block_zone_a_to_b() {
    let b = board();
    assert!(b.is_land(h("D1")));
    let zones: BTreeSet<char> = zoc(&["D1"])
        .into_iter()
        .filter_map(|x| b.sea_zone(x))
        .collect();
    assert_eq!(zones, BTreeSet::from(['A', 'B']));
    // 003 19.1: one hex between D1 and the board edge: its sea neighbours are edge hexes.
    assert!(b
        .neighbours(h("D1"))
        .filter(|x| b.is_sea(*x))
        .all(|x| b.is_board_edge(x)));
    assert!(b.zone_links('A').any(|z| z == 'B'));
    assert_eq!(b.zone_distance('A', 'B'), Some(1));
}

/// Q&A 19.4: "If Blue has a unit at AA13, does that unit block Red access to Sea Zone A
/// from CC15 or VV25? A. No." AA13's ZOC does cut the north sea on the board in two,
/// yet both ports still reach the board edge of zone A.
#[test]
fn a_unit_on_aa13_does_not_cut_cc15_or_vv25_from_zone_a() {
    let b = board();
    let blocked = zoc(&["AA13"]);
    let block = |x: Hex| blocked.contains(&x);
    for port in ["CC15", "VV25"] {
        assert_eq!(b.port_zone(h(port)), Some('A'), "{port} opens onto A");
        assert!(b.port_reaches_open_sea(h(port), &block), "{port} cut off");
        let dock = b.port_at(h(port)).unwrap().dock;
        let path = b.open_sea_path(dock, &block).unwrap();
        assert_eq!(b.sea_zone(*path.last().unwrap()), Some('A'));
    }
    // The ruling matters: with AA13 held, no sea path on the board joins G4's dock
    // (west of AA13) to CC15's dock (east of it).
    let from_g4 = b.open_sea_path(h("F3"), &|x| blocked.contains(&x) || x == h("F3"));
    assert!(from_g4.is_none());
    let mut west = BTreeSet::from([h("F3")]);
    let mut stack = vec![h("F3")];
    while let Some(x) = stack.pop() {
        for n in b.neighbours(x) {
            if b.is_sea(n) && !blocked.contains(&n) && west.insert(n) {
                stack.push(n);
            }
        }
    }
    assert!(!west.contains(&h("CC14")));
}

/// 19.1 and 19.5: sea zones A-F; sailing from A to E takes four turns, one adjacent
/// zone a turn.
#[test]
fn sailing_from_a_to_e_takes_four_turns() {
    let b = board();
    let zones: Vec<char> = b.zones().collect();
    assert_eq!(zones, vec!['A', 'B', 'C', 'D', 'E', 'F']);
    assert_eq!(b.zone_distance('A', 'E'), Some(4));
    for z in &zones {
        for o in b.zone_links(*z) {
            assert!(b.zone_links(o).any(|x| x == *z), "{z}-{o} not symmetric");
        }
    }
}

/// 001 14: the weather zones put sea zones A and B on the left, C in the middle, D and
/// E on the right (by the mean column of their sea hexes).
#[test]
fn sea_zones_follow_the_weather_zones() {
    let b = board();
    let mut cols: BTreeMap<char, (i64, i64)> = BTreeMap::new();
    for (x, i) in b.hexes() {
        if let Some(z) = i.sea_zone {
            let e = cols.entry(z).or_default();
            e.0 += i64::from(x.col());
            e.1 += 1;
        }
    }
    let mean = |z: char| cols[&z].0 / cols[&z].1;
    assert!(mean('A').max(mean('B')) < mean('C'));
    assert!(mean('C') < mean('D').min(mean('E')));
    // Every zone but the gulf reaches the board edge.
    for z in ['A', 'B', 'C', 'D', 'E'] {
        assert!(b
            .hexes()
            .any(|(x, i)| i.sea_zone == Some(z) && b.is_board_edge(x)));
    }
}

/// 19.3 and Q&A 19.4: CC15 and VV25 open onto zone A.
#[test]
fn cc15_and_vv25_open_onto_zone_a() {
    let b = board();
    assert_eq!(b.port_zone(h("CC15")), Some('A'));
    assert_eq!(b.port_zone(h("VV25")), Some('A'));
}

// ---------------------------------------------------------------- beaches

/// 20.1 and 003 20.1: the entire coast of the Koufax Desert is one beach; CC15, the
/// city on that coast, is not part of it.
#[test]
fn koufax_coast_is_one_beach_without_cc15() {
    let b = board();
    assert_eq!(b.terrain(h("CC15")), Some(Terrain::Desert));
    assert_eq!(b.beach_at(h("CC15")), None);
    let coast: BTreeSet<Hex> = b
        .hexes()
        .filter(|(x, i)| i.terrain == Terrain::Desert && b.is_coastal(*x) && !b.is_city(*x))
        .map(|(x, _)| x)
        .collect();
    let ids: BTreeSet<&str> = coast.iter().filter_map(|x| b.beach_at(*x)).collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert!(coast.iter().all(|x| b.beach_at(*x).is_some()));
    let id = *ids.first().unwrap();
    let beach = b.beaches().iter().find(|x| x.id == id).unwrap();
    assert!(beach.hexes.iter().all(|x| coast.contains(x)));
    // the beach runs on both sides of CC15
    assert!(beach.hexes.iter().any(|x| x.col() < h("CC15").col()));
    assert!(beach.hexes.iter().any(|x| x.col() > h("CC15").col()));
}

/// 20.1: "RRR54 and BB31 divide their adjacent beaches into separate beaches".
#[test]
fn rrr54_and_bb31_divide_beaches() {
    let b = board();
    for s in ["RRR54", "BB31"] {
        let city = b.city_at(h(s)).unwrap();
        assert!(city.hexes.iter().all(|x| b.beach_at(*x).is_none()));
        let ids: BTreeSet<&str> = city
            .hexes
            .iter()
            .flat_map(|x| b.neighbours(*x))
            .filter_map(|x| b.beach_at(x))
            .collect();
        assert!(ids.len() >= 2, "{s}: {ids:?}");
        assert!(b.neighbours(h(s)).any(|x| b.beach_at(x).is_some()));
    }
}

// ---------------------------------------------------------------- countries

/// 001 14: "Lake Frederick" is a lake; 10.3: lakes are closed to ground units.
#[test]
fn lake_frederick_is_a_lake() {
    let b = board();
    let lake = b
        .lakes()
        .iter()
        .find(|l| l.name == "Lake Frederick")
        .unwrap();
    assert!(!lake.hexes.is_empty());
    for x in &lake.hexes {
        assert_eq!(b.terrain(*x), Some(Terrain::Lake));
        assert!(!b.is_land(*x));
    }
}

/// 000 10.3, 001 15, review: a grey Neutral Country in the north-east corner.
#[test]
fn neutral_country_is_in_the_north_east_corner() {
    let b = board();
    let neutral: Vec<Hex> = b
        .hexes()
        .filter(|(_, i)| i.terrain == Terrain::Neutral)
        .map(|(x, _)| x)
        .collect();
    assert!(neutral.len() >= 20);
    for x in &neutral {
        assert!(x.col() > 54 && x.half_row() < 12, "{x}");
        assert_eq!(b.country(*x), None);
        assert!(!b.is_land(*x));
    }
    assert!(neutral.contains(&h("TTT35")), "it reaches the corner");
}

/// Review: Great Blue west, five minor countries in the middle, Big Red east; Nord
/// Walküre north-west, Sud Walküre south-west, Calaedia central, San Estados
/// south-east, New Endor north-east. Koufax Desert in a minor country on the north coast.
#[test]
fn countries_lie_where_the_review_puts_them() {
    let b = board();
    let mut sum: BTreeMap<Country, (i64, i64, i64)> = BTreeMap::new();
    for (x, i) in b.hexes() {
        if let Some(c) = i.country {
            let e = sum.entry(c).or_default();
            e.0 += i64::from(x.col());
            e.1 += i64::from(x.half_row());
            e.2 += 1;
        }
    }
    let col = |c: Country| sum[&c].0 / sum[&c].2;
    let row = |c: Country| sum[&c].1 / sum[&c].2;
    use Country::*;
    assert_eq!(sum.len(), 7);
    for minor in [NordWalkure, SudWalkure, Calaedia, SanEstados, NewEndor] {
        assert!(
            col(GreatBlue) < col(minor) && col(minor) < col(BigRed),
            "{minor:?}"
        );
    }
    assert!(col(NordWalkure) < col(NewEndor) && col(SudWalkure) < col(SanEstados));
    assert!(row(NordWalkure) < row(SudWalkure) && row(NewEndor) < row(SanEstados));
    assert!(row(NordWalkure) < row(Calaedia) && row(Calaedia) < row(SanEstados));
    assert!(col(NordWalkure) < col(Calaedia) && col(Calaedia) < col(NewEndor));
    // the Koufax Desert
    let desert: Vec<Hex> = b
        .hexes()
        .filter(|(_, i)| i.terrain == Terrain::Desert)
        .map(|(x, _)| x)
        .collect();
    assert!(desert.contains(&h("CC15")) && desert.contains(&h("AA13")));
    for x in &desert {
        assert!(b.country(*x).is_some_and(|c| c.home_of().is_none()), "{x}");
    }
}

/// Review: a minor country separates a detached part of Great Blue from the rest.
#[test]
fn a_detached_part_of_great_blue() {
    let b = board();
    let blue: BTreeSet<Hex> = b
        .hexes()
        .filter(|(x, _)| b.home_of(*x) == Some(Side::Blue))
        .map(|(x, _)| x)
        .collect();
    let mut parts: Vec<BTreeSet<Hex>> = Vec::new();
    let mut left = blue.clone();
    while let Some(&start) = left.first() {
        let mut part = BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some(x) = stack.pop() {
            for n in x.neighbours() {
                if blue.contains(&n) && part.insert(n) {
                    stack.push(n);
                }
            }
        }
        left.retain(|x| !part.contains(x));
        parts.push(part);
    }
    assert_eq!(parts.len(), 2);
    parts.sort_by_key(BTreeSet::len);
    let detached = &parts[0];
    let around: BTreeSet<Country> = detached
        .iter()
        .flat_map(|x| b.neighbours(*x))
        .filter_map(|x| b.country(x))
        .filter(|c| *c != Country::GreatBlue)
        .collect();
    assert!(around.contains(&Country::NordWalkure), "{around:?}");
    assert!(around.iter().all(|c| c.home_of().is_none()));
}

// ---------------------------------------------------------------- terrain

/// 000 terrain chart: every kind of terrain it shows is on the board: clear, forest,
/// mountain, the Koufax Desert, sea, lake, the Neutral Country, cities, rivers, roads,
/// beaches and border hexsides.
#[test]
fn terrain_chart_every_kind_of_terrain_is_on_the_board() {
    let b = board();
    let count = |t: Terrain| b.hexes().filter(|(_, i)| i.terrain == t).count();
    for t in [
        Terrain::Clear,
        Terrain::Forest,
        Terrain::Mountain,
        Terrain::Desert,
        Terrain::Sea,
        Terrain::Lake,
        Terrain::Neutral,
    ] {
        assert!(count(t) >= 5, "{t:?}: {}", count(t));
    }
    assert!(b.city_hexes().count() > 35);
    assert!(b.hexes().filter(|(x, _)| b.river_at(*x).is_some()).count() > 100);
    assert!(b.roads().count() > 100);
    assert!(b.beaches().len() >= 3);
    // Borders are the hexsides between land hexes of two different countries.
    let borders = b.borders();
    assert!(borders.len() > 100);
    for (x, y) in borders {
        assert!(x.is_adjacent(y));
        assert_ne!(b.country(x), b.country(y), "{x} {y}");
    }
}

/// 001 14: rivers south of the board's east-west fold freeze in winter (SPI weather
/// module). The board has rivers on both sides of the fold, the middle of its paper
/// rows -1..30, so the rule bites on some rivers and not on others.
#[test]
fn rivers_run_north_and_south_of_the_fold() {
    let b = board();
    let paper_row = |x: Hex| x.num() - x.col().div_euclid(2);
    let rivers: Vec<Hex> = b
        .hexes()
        .filter(|(x, _)| b.river_at(*x).is_some())
        .map(|(x, _)| x)
        .collect();
    let north = rivers.iter().filter(|x| paper_row(**x) < 15).count();
    let south = rivers.len() - north;
    assert!(north >= 20 && south >= 20, "north {north}, south {south}");
}

/// 17 (Commentary on Strategy): the Basic Game "will be decided in a massive battle in
/// the center of the board"; forces are boxed "against a terrain feature" and infantry
/// "must make careful use of terrain-features to secure their fronts". The minor
/// countries in the centre hold forests, mountains and rivers, and the two home road
/// nets are joined through them, so both sides can concentrate there quickly.
#[test]
fn commentary_17_the_centre_has_roads_and_terrain_to_fight_over() {
    let b = board();
    let minor = |x: Hex| b.country(x).is_some_and(|c| c.home_of().is_none());
    let in_centre = |t: Terrain| {
        b.hexes()
            .filter(|(x, i)| minor(*x) && i.terrain == t)
            .count()
    };
    assert!(in_centre(Terrain::Forest) >= 20, "forest");
    assert!(in_centre(Terrain::Mountain) >= 10, "mountain");
    let rivers = b
        .hexes()
        .filter(|(x, _)| minor(*x) && b.river_at(*x).is_some())
        .count();
    assert!(rivers >= 20, "river hexes in the centre: {rivers}");
    // Each home country also has forests and mountains for its own fronts.
    for side in Side::BOTH {
        for t in [Terrain::Forest, Terrain::Mountain] {
            let n = b
                .hexes()
                .filter(|(x, i)| b.home_of(*x) == Some(side) && i.terrain == t)
                .count();
            assert!(n >= 10, "{side} {t:?}: {n}");
        }
    }
    // A road runs from Great Blue's cities through the minor countries to Big Red's.
    let start = b
        .city_hexes()
        .find(|x| b.home_of(*x) == Some(Side::Blue))
        .unwrap();
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    let mut through_minor = false;
    while let Some(x) = stack.pop() {
        through_minor |= minor(x);
        for n in x.neighbours() {
            if b.road_joins(x, n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    assert!(through_minor);
    assert!(
        seen.iter()
            .any(|x| b.is_city(*x) && b.home_of(*x) == Some(Side::Red)),
        "no road from Great Blue to Big Red"
    );
}
