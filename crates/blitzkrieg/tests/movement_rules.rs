//! Movement rules 7-11 of the 1975 Basic Game, each with a case that passes and one
//! that fails, on small sketch boards. Each test names the paragraph it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::movement_support;

use blitzkrieg::board::{Board, Country, Terrain};
use blitzkrieg::orders::Problem;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::units::{Side, UnitKind};
use movement_support::{h, hexes, Game};

use UnitKind::{AirAssault, Airborne, Armor, Artillery, Infantry, Rangers};

/// 12 columns (A-L) by 14 numbers of clear Great Blue.
fn clear() -> Sketch {
    Sketch::land(1..=12, 1..=14, Country::GreatBlue)
}

fn game(board: Board) -> Game {
    Game::new(board)
}

// ---------------------------------------------------------------------------
// 7: movement in general

/// 7.3: a unit moves as many clear hexes as its movement factor, no more.
#[test]
fn mf_limits_clear_movement_7_3() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 4, "B5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"D5\", \"E5\", \"F5\"]\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-1IN"), Some(h("F5")));
    assert_eq!(r.moved("B-1IN").1, 12);
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"D5\", \"E5\", \"F5\", \"G5\"]\n",
    );
    let e = r.only_error("7.3");
    assert_eq!(
        r.text_at(e),
        "\"G5\"",
        "the caret is under the hex the unit cannot pay for"
    );
    assert!(
        matches!(&e.problem, Problem::TooFar { needed, allowed, .. } if needed == "5" && allowed == "4")
    );
    assert_eq!(
        r.hex_of("B-1IN"),
        Some(h("B5")),
        "an illegal move is not made"
    );
}

/// 7.2: the path may begin with the unit's own hex.
#[test]
fn path_may_name_the_start_hex_7_2() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 4, "B5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"B5\", \"C5\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1IN").0, hexes(&["B5", "C5"]));
    assert_eq!(r.moved("B-1IN").1, 3);
}

/// 7.2: every step is to an adjacent hex; the error names the pair.
#[test]
fn path_steps_must_be_adjacent_7_2() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 4, "B5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"E5\"]\n",
    );
    let e = r.only_error("7.2");
    assert!(
        matches!(&e.problem, Problem::PathGap { from, to, .. } if *from == h("C5") && *to == h("E5"))
    );
    assert_eq!(r.text_at(e), "\"E5\"");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D6\"]\n",
    );
    assert!(
        matches!(r.only_error("7.2").problem, Problem::PathGap { .. }),
        "the first hex entered is next to the start"
    );
}

/// 3.1: a hex that is not on the board.
#[test]
fn off_board_hex_is_refused() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 4, "A5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"A6\", \"A15\"]\n",
    );
    let e = r.only_error("3.1");
    assert_eq!(e.problem, Problem::OffBoard(h("A15")));
    assert_eq!(r.text_at(e), "\"A15\"");
}

/// 7.2: a unit is ordered to move once a player-turn.
#[test]
fn a_unit_moves_once_7_2() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 4, "B5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\"]\n\n[[move]]\nunit = \"B-1IN\"\npath = [\"D5\"]\n",
    );
    let e = r.only_error("7.2");
    assert!(matches!(e.problem, Problem::OrderedTwice { .. }));
    assert_eq!(
        r.hex_of("B-1IN"),
        Some(h("C5")),
        "the first order is carried out"
    );
}

/// 2.1, 4.2, 7.1: unknown units, the enemy's units and units not on the map.
#[test]
fn only_own_units_on_the_map_move() {
    let g = game(clear().build())
        .unit_at("R-1IN", Infantry, 4, "K5")
        .waiting("B-9IN", Infantry, 4, 2);
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-77IN\"\nto = \"C5\"\n\n[[move]]\nunit = \"R-1IN\"\nto = \"K6\"\n\n[[move]]\nunit = \"B-9IN\"\nto = \"C5\"\n",
    );
    assert_eq!(r.rules(), vec!["2.1", "4.2", "7.1"]);
    assert_eq!(r.text_at(&r.errors()[1]), "\"R-1IN\"");
}

/// 7.5: never onto enemy units; over one's own units is fine.
#[test]
fn enemy_units_block_own_units_do_not_7_5() {
    let g = game(clear().build())
        .unit_at("B-1AR", Armor, 6, "B5")
        .unit_at("B-2IN", Infantry, 4, "C5")
        .unit_at("R-1IN", Infantry, 4, "F9");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"C5\", \"D5\", \"E5\"]\n",
    );
    r.ok();
    let g = g.unit_at("R-2IN", Infantry, 4, "D5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"C5\", \"D5\", \"E5\"]\n",
    );
    let e = r.only_error("7.5");
    assert!(matches!(&e.problem, Problem::IllegalHex { hex, .. } if *hex == h("D5")));
}

// ---------------------------------------------------------------------------
// 8: zones of control

/// 8.2: infantry stops on entering enemy ZOC.
#[test]
fn infantry_stops_on_entering_zoc_8_2() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 4, "B5")
        .unit_at("R-1IN", Infantry, 4, "F5");
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"D5\", \"E5\"]\n",
    )
    .ok();
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"D5\", \"E5\", \"E6\"]\n",
    );
    let e = r.only_error("8.2");
    assert!(matches!(&e.problem, Problem::ZocContinue { hex, .. } if *hex == h("E5")));
    assert_eq!(
        r.text_at(e),
        "\"E6\"",
        "the caret is under the first hex past the stop"
    );
}

/// 8.2 with 003: airborne, artillery and rangers follow the infantry rule.
#[test]
fn airborne_artillery_and_rangers_stop_like_infantry_8_2() {
    // 003 8.2, 34 & 36.24: airborne and rangers count as infantry (27.1: rangers are
    // treated as infantry).
    for kind in [Airborne, Artillery, Rangers] {
        let g = game(clear().build())
            .unit_at("B-1X", kind, 4, "B5")
            .unit_at("R-1IN", Infantry, 4, "F5");
        let r = g.run(
            Side::Blue,
            1,
            "[[move]]\nunit = \"B-1X\"\npath = [\"C5\", \"D5\", \"E5\", \"E6\"]\n",
        );
        r.only_error("8.2");
    }
}

/// 8.2: starting in enemy ZOC, infantry is engaged and may not move.
#[test]
fn engaged_infantry_may_not_move_8_2() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 4, "E5")
        .unit_at("R-1IN", Infantry, 4, "F5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D5\"]\n",
    );
    let e = r.only_error("8.2");
    assert!(matches!(e.problem, Problem::Engaged { .. }));
    assert_eq!(r.text_at(e), "\"B-1IN\"");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"C5\"\n");
    assert!(matches!(
        r.only_error("8.2").problem,
        Problem::Engaged { .. }
    ));
}

/// The diagram of 8.3 rebuilt on a sketch board. Red's 15th Infantry at D6, GD Armor
/// at H10. Blue's 13th Armor moves through the 15th Infantry's ZOC to a better attack
/// position; 17th LT Armor, starting in the 15th's ZOC, moves through it but must stop
/// in hex "B" (G9), the first hex of GD Armor's ZOC it enters; 28th Infantry starts in
/// GD Armor's ZOC and is engaged.
fn diagram_8_3() -> Game {
    game(clear().build())
        .unit_at("R-15IN", Infantry, 4, "D6")
        .unit_at("R-GDAR", Armor, 6, "H10")
        .unit_at("B-13AR", Armor, 4, "B4")
        .unit_at("B-17AR", Armor, 6, "E7")
        .unit_at("B-28IN", Infantry, 4, "H11")
}

#[test]
fn diagram_13th_armor_moves_through_infantry_zoc_8_3() {
    let r = diagram_8_3().run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-13AR\"\npath = [\"C5\", \"D5\", \"E6\", \"E7\"]\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-13AR"), Some(h("E7")));
    assert!(r
        .moved("B-13AR")
        .3
        .iter()
        .any(|n| n.contains("through enemy ZOC (8.3)")));
}

#[test]
fn diagram_17th_lt_armor_stops_in_hex_b_of_gd_armor_zoc_8_3() {
    let g = diagram_8_3();
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-17AR\"\npath = [\"E6\", \"F7\", \"G8\", \"G9\"]\n",
    );
    r.ok();
    assert!(r.moved("B-17AR").3.iter().any(|n| n.contains("8.3")));
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-17AR\"\npath = [\"E6\", \"F7\", \"G8\", \"G9\", \"G10\"]\n",
    );
    let e = r.only_error("8.3");
    assert!(matches!(&e.problem, Problem::ZocContinue { hex, .. } if *hex == h("G9")));
    assert_eq!(r.text_at(e), "\"G10\"");
}

#[test]
fn diagram_28th_infantry_is_engaged_8_2() {
    let r = diagram_8_3().run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-28IN\"\npath = [\"H12\"]\n",
    );
    assert!(matches!(
        r.only_error("8.2").problem,
        Problem::Engaged { .. }
    ));
}

/// 8.3, reading `armor-zoc-start = same-zoc-stops` (the umpire's before readings, set
/// here explicitly): an armor unit starting in armor ZOC may leave it, but stops on
/// entering any hex of an enemy armor ZOC, even one of the ZOC it began in.
#[test]
fn armor_leaves_armor_zoc_but_stops_on_reentering_8_3() {
    let g = game(clear().build())
        .unit_at("R-1AR", Armor, 4, "F5")
        .unit_at("B-1AR", Armor, 4, "E5")
        .reading("armor-zoc-start", "same-zoc-stops");
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"D5\", \"C5\"]\n",
    )
    .ok();
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E4\", \"E3\"]\n",
    );
    assert!(matches!(
        r.only_error("8.3").problem,
        Problem::ZocContinue { .. }
    ));
}

/// 8.3 ("must stop in the *first* enemy armor or air-assault ZOC that they enter"),
/// 8.1 (each unit has its own ZOC), reading `armor-zoc-start = enters`, the default:
/// armor that begins in R-1AR's ZOC moves along it (E5 -> E4, both in it) and out
/// without stopping; it stops on coming back into that ZOC after leaving it, and on a
/// step into the ZOC of another armor unit, R-2AR, even from a hex of R-1AR's ZOC.
#[test]
fn armor_moves_within_the_armor_zoc_it_began_in_8_3() {
    let g = game(clear().build())
        .unit_at("R-1AR", Armor, 4, "F5")
        .unit_at("B-1AR", Armor, 4, "E5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E4\", \"E3\"]\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-1AR"), Some(h("E3")));
    // Found by destination: the search goes the same way.
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1AR\"\nto = \"E3\"\n");
    r.ok();
    assert_eq!(r.hex_of("B-1AR"), Some(h("E3")));
    // Out (D4) and back in (E4): it entered R-1AR's ZOC and stops there.
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"D4\", \"E4\", \"E3\"]\n",
    );
    assert!(matches!(
        r.only_error("8.3").problem,
        Problem::ZocContinue { .. }
    ));
    // A second armor unit whose ZOC holds E4 but not E5.
    let g = g.unit_at("R-2AR", Armor, 4, "F4");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E4\", \"E3\"]\n",
    );
    assert!(matches!(
        r.only_error("8.3").problem,
        Problem::ZocContinue { .. }
    ));
}

/// 003 8.1: ZOCs (of armor and air-assault too) extend into forest: infantry in a
/// forest hex next to an enemy air-assault unit starts in its ZOC and is engaged.
#[test]
fn zoc_extends_into_forest_003_8_1() {
    let b = clear().terrain(Terrain::Forest, &["E5"]).build();
    let g = game(b)
        .unit_at("R-1AA", AirAssault, 4, "F5")
        .unit_at("B-1IN", Infantry, 4, "E5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D5\"]\n",
    );
    assert!(matches!(
        r.only_error("8.2").problem,
        Problem::Engaged { .. }
    ));
    assert!(r
        .out
        .log
        .engaged_at_start
        .contains(&movement_support::id("B-1IN")));
}

// ---------------------------------------------------------------------------
// 9.1-9.2: road and desert bonus

/// A road down column C from C1 to C14, and a second road E3-E4-E5.
fn roads() -> Board {
    let c: Vec<String> = (1..=14).map(|n| format!("C{n}")).collect();
    let c: Vec<&str> = c.iter().map(String::as_str).collect();
    clear().road(&c).road(&["E3", "E4", "E5"]).build()
}

fn path_toml(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    format!("[{}]", quoted.join(", "))
}

/// 9.1: "a unit with a movement factor of 4 could move 12 hexes along roads".
#[test]
fn twelve_road_hexes_with_mf_4_9_1() {
    let g = game(roads()).unit_at("B-1IN", Infantry, 4, "C1");
    let twelve: Vec<String> = (2..=13).map(|n| format!("C{n}")).collect();
    let twelve: Vec<&str> = twelve.iter().map(String::as_str).collect();
    let r = g.run(
        Side::Blue,
        1,
        &format!(
            "[[move]]\nunit = \"B-1IN\"\npath = {}\n",
            path_toml(&twelve)
        ),
    );
    r.ok();
    assert_eq!(r.moved("B-1IN").1, 12);
    let mut thirteen = twelve.clone();
    thirteen.push("C14");
    let r = g.run(
        Side::Blue,
        1,
        &format!(
            "[[move]]\nunit = \"B-1IN\"\npath = {}\n",
            path_toml(&thirteen)
        ),
    );
    let e = r.only_error("7.3");
    assert!(
        matches!(&e.problem, Problem::TooFar { needed, allowed, .. } if needed == "4 1/3" && allowed == "4"),
        "{e}"
    );
    assert_eq!(r.text_at(e), "\"C14\"");
}

/// 9.1: road and non-road movement combine: 3 road hexes (1 MF) and 2 clear (2 MF).
#[test]
fn road_and_clear_combine_9_1() {
    let g = game(roads()).unit_at("B-1IN", Infantry, 3, "C1");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C2\", \"C3\", \"C4\", \"D5\", \"E6\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1IN").1, 9);
}

/// 9.1: unused road thirds carry over to another portion of road in the same move.
/// C1-C2 (road, 1/3) D3 (1) E3 (1: not joined by the road to D3) E4 E5 (road, paid
/// by the two thirds left from the first road): 3 MF in all.
#[test]
fn road_fractions_carry_over_9_1() {
    let g = game(roads()).unit_at("B-1IN", Infantry, 3, "C1");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C2\", \"D3\", \"E3\", \"E4\", \"E5\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1IN").1, 9);
}

/// 9.1: a fraction left from the road never pays for a non-road hex.
#[test]
fn road_fraction_cannot_pay_for_clear_9_1() {
    let g = game(roads()).unit_at("B-1IN", Infantry, 1, "C1");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C2\", \"D3\"]\n",
    );
    let e = r.only_error("7.3");
    assert!(
        matches!(&e.problem, Problem::TooFar { needed, allowed, .. } if needed == "1 1/3" && allowed == "1")
    );
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C2\", \"C3\", \"C4\"]\n",
    )
    .ok();
}

/// 9.1: a road hex entered from a road hex not joined to it by the road costs 1 MF.
#[test]
fn road_hex_not_directly_connected_costs_one_mf_9_1() {
    let b = clear()
        .road(&["C3", "C4", "C5"])
        .road(&["D3", "D4", "D5"])
        .build();
    let g = game(b).unit_at("B-1IN", Infantry, 1, "C4");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D4\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1IN").1, 3, "1 MF, not 1/3");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D4\", \"D5\"]\n",
    );
    r.only_error("7.3");
}

/// 9.1 "through cities": two hexes of one city are joined as if by road.
#[test]
fn moving_within_a_city_is_at_road_rate_9_1() {
    let b = clear().city("Azure", &["D4", "D5", "E5"]).build();
    let g = game(b).unit_at("B-1IN", Infantry, 1, "D4");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D5\", \"E5\", \"E6\"]\n",
    );
    let e = r.only_error("7.3");
    assert!(matches!(&e.problem, Problem::TooFar { needed, .. } if needed == "1 2/3"));
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D5\", \"E5\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1IN").1, 2);
}

/// Desert in columns E-L, a road through it along row 3 (E3-F3-G3-H3).
fn desert() -> Board {
    let mut d = Vec::new();
    for c in ["E", "F", "G", "H", "I", "J", "K", "L"] {
        for n in 1..=14 {
            d.push(format!("{c}{n}"));
        }
    }
    let d: Vec<&str> = d.iter().map(String::as_str).collect();
    clear()
        .terrain(Terrain::Desert, &d)
        .road(&["D3", "E3", "F3", "G3", "H3"])
        .build()
}

/// 9.2: armor moves 2 desert hexes per MF; infantry does not.
#[test]
fn armor_moves_double_in_desert_9_2() {
    let g = game(desert())
        .unit_at("B-1AR", Armor, 2, "D8")
        .unit_at("B-1IN", Infantry, 2, "D9");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E8\", \"F8\", \"G8\", \"H8\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1AR").1, 6);
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E8\", \"F8\", \"G8\", \"H8\", \"I8\"]\n",
    );
    r.only_error("7.3");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"E9\", \"F9\", \"G9\"]\n",
    );
    let e = r.only_error("7.3");
    assert!(matches!(&e.problem, Problem::TooFar { needed, .. } if needed == "3"));
}

/// 9.2: an odd desert hex leaves a half that pays for nothing but desert; the report
/// shows the exact cost.
#[test]
fn desert_half_is_reported_exactly_9_2() {
    let g = game(desert()).unit_at("B-1AR", Armor, 2, "D8");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E8\", \"F8\", \"G8\"]\n",
    );
    r.ok();
    let (_, thirds, _, notes) = r.moved("B-1AR");
    assert_eq!(thirds, 6);
    assert!(
        notes.iter().any(|n| n.contains("exact cost 1 1/2 MF")),
        "{notes:?}"
    );
}

/// 9.2: road and desert fractions never transfer: a road third does not pay for a
/// desert hex (C-D road, then desert E4: 1/3 + 1/2 needs 2 whole MF).
#[test]
fn road_and_desert_fractions_never_mix_9_2() {
    let b = clear()
        .terrain(Terrain::Desert, &["E5", "F5"])
        .road(&["C3", "D4"])
        .build();
    let g = game(b).unit_at("B-1AR", Armor, 1, "C3");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"D4\", \"E5\"]\n",
    );
    let e = r.only_error("7.3");
    assert!(
        matches!(&e.problem, Problem::TooFar { needed, .. } if needed.starts_with("5/6 (2 whole MF")),
        "{e}"
    );
    let g = game(desert()).unit_at("B-1AR", Armor, 1, "E8");
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"F8\", \"G8\"]\n",
    )
    .ok();
}

/// 9.2: in desert-road hexes one bonus or the other: along the road through the
/// desert, armor pays 1/3 a hex (the road bonus), not 1/6.
#[test]
fn desert_road_hex_takes_one_bonus_9_2() {
    let g = game(desert()).unit_at("B-1AR", Armor, 1, "D3");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E3\", \"F3\", \"G3\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1AR").1, 3);
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E3\", \"F3\", \"G3\", \"H3\"]\n",
    );
    r.only_error("7.3");
    // Off the road into desert after a road third: the desert bonus is bought afresh.
    let g = game(desert()).unit_at("B-1AR", Armor, 2, "D3");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"E3\", \"F4\", \"G5\"]\n",
    );
    r.ok();
    assert_eq!(r.moved("B-1AR").1, 4, "1/3 + 1/2 + 1/2");
}

// ---------------------------------------------------------------------------
// 10: terrain

/// 10.1: all units stop on entering mountain or forest, a road into it included.
#[test]
fn mountain_and_forest_stop_every_unit_10_1() {
    let b = clear()
        .terrain(Terrain::Mountain, &["D5"])
        .terrain(Terrain::Forest, &["D8"])
        .road(&["C5", "D5", "E5"])
        .build();
    let g = game(b)
        .unit_at("B-1AR", Armor, 6, "C5")
        .unit_at("B-1IN", Infantry, 4, "C8");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"D5\"]\n",
    );
    r.ok();
    assert!(r
        .moved("B-1AR")
        .3
        .iter()
        .any(|n| n.contains("mountain (10.1)")));
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"D5\", \"E5\"]\n",
    );
    let e = r.only_error("10.1");
    assert!(
        matches!(&e.problem, Problem::TerrainStop { hex, terrain, .. } if *hex == h("D5") && terrain == "mountain")
    );
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D8\", \"E8\"]\n",
    );
    assert!(matches!(
        r.only_error("10.1").problem,
        Problem::TerrainStop { .. }
    ));
}

/// 10.1: units leave mountains and forests at their full MF.
#[test]
fn units_leave_mountains_at_full_mf_10_1() {
    let b = clear().terrain(Terrain::Mountain, &["C5"]).build();
    let g = game(b).unit_at("B-1IN", Infantry, 4, "C5");
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D5\", \"E5\", \"F5\", \"G5\"]\n",
    )
    .ok();
}

/// 10.2: armor, air-assault and artillery never enter forest; infantry may.
#[test]
fn armor_types_and_artillery_never_enter_forest_10_2() {
    let b = clear().terrain(Terrain::Forest, &["D5"]).build();
    for kind in [Armor, AirAssault, Artillery] {
        let g = game(b.clone()).unit_at("B-1X", kind, 4, "C5");
        let r = g.run(
            Side::Blue,
            1,
            "[[move]]\nunit = \"B-1X\"\npath = [\"D5\"]\n",
        );
        let e = r.only_error("10.2");
        assert!(matches!(&e.problem, Problem::IllegalHex { hex, .. } if *hex == h("D5")));
    }
    let g = game(b).unit_at("B-1IN", Infantry, 4, "C5");
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"D5\"]\n",
    )
    .ok();
}

/// 10.3: no unit enters sea, lake or the Neutral Country.
#[test]
fn sea_lake_and_neutral_are_closed_10_3() {
    let b = clear()
        .terrain(Terrain::Sea, &["D6"])
        .terrain(Terrain::Lake, &["D7"])
        .terrain(Terrain::Neutral, &["C7"])
        .build();
    let g = game(b).unit_at("B-1IN", Infantry, 4, "C6");
    for hex in ["D6", "D7", "C7"] {
        let r = g.run(
            Side::Blue,
            1,
            &format!("[[move]]\nunit = \"B-1IN\"\npath = [\"{hex}\"]\n"),
        );
        let e = r.only_error("10.3");
        assert_eq!(r.text_at(e), format!("\"{hex}\""));
    }
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\"]\n",
    )
    .ok();
}

// ---------------------------------------------------------------------------
// 11: stacking

/// 11.1: 3 units a hex at the end of movement; moving through a full stack is fine.
#[test]
fn three_units_a_hex_at_the_end_of_movement_11_1() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 4, "D5")
        .unit_at("B-2IN", Infantry, 4, "D5")
        .unit_at("B-3IN", Infantry, 4, "D5")
        .unit_at("B-4IN", Infantry, 4, "C5");
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-4IN\"\npath = [\"D5\", \"E5\"]\n",
    )
    .ok();
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-4IN\"\npath = [\"D5\"]\n",
    );
    let e = r.only_error("11.1");
    assert_eq!(
        e.problem,
        Problem::Overstacked {
            hex: h("D5"),
            count: 4
        }
    );
    assert_eq!(r.text_at(e), "\"D5\"");
    // Overstacked during movement but not at its end: legal.
    g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-4IN\"\npath = [\"D5\"]\n\n[[move]]\nunit = \"B-1IN\"\npath = [\"E5\"]\n",
    )
    .ok();
}

/// 11.2: a stack moves at the slowest unit's rate.
#[test]
fn a_stack_moves_at_the_slowest_rate_11_2() {
    let g = game(clear().build())
        .unit_at("B-1AR", Armor, 6, "B5")
        .unit_at("B-1IN", Infantry, 4, "B5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunits = [\"B-1AR\", \"B-1IN\"]\npath = [\"C5\", \"D5\", \"E5\", \"F5\"]\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-1AR"), Some(h("F5")));
    assert_eq!(r.hex_of("B-1IN"), Some(h("F5")));
    assert!(r
        .moved("B-1AR")
        .3
        .iter()
        .any(|n| n.contains("stack with B-1IN (11.2)")));
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunits = [\"B-1AR\", \"B-1IN\"]\npath = [\"C5\", \"D5\", \"E5\", \"F5\", \"G5\"]\n",
    );
    let e = r.only_error("7.3");
    assert_eq!(e.unit.as_ref().map(|u| u.as_str()), Some("B-1IN"));
    assert_eq!(r.hex_of("B-1AR"), Some(h("B5")), "the stack does not move");
}

/// 11.2: the units of a stack order start together; 11.1: a stack is 3 units.
#[test]
fn stack_orders_start_in_one_hex_11_2() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 4, "B5")
        .unit_at("B-2IN", Infantry, 4, "B6");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunits = [\"B-1IN\", \"B-2IN\"]\nto = \"D5\"\n",
    );
    let e = r.only_error("11.2");
    assert_eq!(r.text_at(e), "\"B-2IN\"");
}

// ---------------------------------------------------------------------------
// Destination-only orders

/// The umpire finds the cheapest path: the road detour (6 hexes, 2 MF) rather than the
/// straight line (4 hexes, 4 MF), and reports it as found.
#[test]
fn destination_only_finds_the_cheapest_path() {
    let b = clear()
        .road(&["B5", "B6", "B7", "C8", "D8", "E8", "F8"])
        .build();
    let g = game(b).unit_at("B-1IN", Infantry, 3, "B5");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"F8\"\n");
    r.ok();
    let (path, thirds, found, _) = r.moved("B-1IN");
    assert!(found);
    assert_eq!(path, hexes(&["B5", "B6", "B7", "C8", "D8", "E8", "F8"]));
    assert_eq!(thirds, 6);
}

/// A destination beyond the unit's reach: the error says what the cheapest way needs.
#[test]
fn destination_out_of_reach_says_what_it_needs() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 2, "B5");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"F5\"\n");
    let e = r.only_error("7.3");
    assert_eq!(
        e.problem.to_string(),
        "B-1IN has no legal path to F5: the cheapest way, B5-C5-D5-E5-F5, needs 4 MF and B-1IN has 2"
    );
    assert_eq!(r.text_at(e), "\"F5\"");
}

/// A destination-only move respects stopping rules: infantry goes round an enemy ZOC
/// rather than through it, and may end in it.
#[test]
fn destination_only_respects_zoc_8_2() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 6, "B5")
        .unit_at("R-1IN", Infantry, 4, "E6");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"G7\"\n");
    r.ok();
    let (path, ..) = r.moved("B-1IN");
    let zoc = hexes(&["E5", "F6", "F7", "E7", "D6", "D5"]);
    let inner = &path[1..path.len() - 1];
    assert!(inner.iter().all(|p| !zoc.contains(p)), "{path:?}");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"D5\"\n");
    r.ok();
    assert!(r
        .moved("B-1IN")
        .3
        .iter()
        .any(|n| n.contains("enemy ZOC (8.2)")));
}

/// A destination the unit may not enter.
#[test]
fn destination_only_into_an_enemy_hex_7_5() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 6, "B5")
        .unit_at("R-1IN", Infantry, 4, "E6");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"E6\"\n");
    r.only_error("7.5");
}

/// Every problem of a file is reported, and the legal orders are carried out.
#[test]
fn every_problem_is_reported_at_once() {
    let g = game(clear().terrain(Terrain::Sea, &["H5"]).build())
        .unit_at("B-1IN", Infantry, 4, "B5")
        .unit_at("B-2IN", Infantry, 4, "B8")
        .unit_at("B-3AR", Armor, 4, "G5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"D5\", \"E5\", \"F5\", \"G5\"]\n\n\
         [[move]]\nunit = \"B-2IN\"\npath = [\"C8\"]\n\n\
         [[move]]\nunit = \"B-3AR\"\npath = [\"H5\"]\n",
    );
    assert_eq!(r.rules(), vec!["7.3", "10.3"]);
    assert_eq!(r.hex_of("B-2IN"), Some(h("C8")));
}

/// 7.2: a route that does not leave the unit's hex is not a move.
#[test]
fn a_route_must_leave_the_start_hex_7_2() {
    let g = game(clear().build()).unit_at("B-1IN", Infantry, 4, "B5");
    for route in ["path = [\"B5\"]", "to = \"B5\""] {
        let r = g.run(
            Side::Blue,
            1,
            &format!("[[move]]\nunit = \"B-1IN\"\n{route}\n"),
        );
        assert!(matches!(
            r.only_error("7.2").problem,
            Problem::NoMovement { .. }
        ));
    }
}

/// 3.3: set-up orders in a player-turn are refused, not ignored.
#[test]
fn setup_orders_after_the_setup_are_refused_3_3() {
    let g = game(clear().build()).waiting("B-1IN", Infantry, 4, 1);
    let r = g.run(Side::Blue, 1, "[[setup]]\nunit = \"B-1IN\"\nhex = \"B5\"\n");
    assert!(matches!(
        r.only_error("3.3").problem,
        Problem::NotNow { .. }
    ));
}

/// The log tells combat which units moved and which began in enemy ZOC (8.2, 14.9).
#[test]
fn the_log_records_starts_moves_and_engagement() {
    let r = diagram_8_3().run(Side::Blue, 1, "[[move]]\nunit = \"B-13AR\"\nto = \"C4\"\n");
    r.ok();
    let log = &r.out.log;
    assert!(log.moved.contains(&movement_support::id("B-13AR")));
    assert_eq!(log.moved.len(), 1);
    assert_eq!(
        log.start.get(&movement_support::id("B-28IN")),
        Some(&h("H11"))
    );
    let engaged: Vec<&str> = log.engaged_at_start.iter().map(|u| u.as_str()).collect();
    assert_eq!(engaged, vec!["B-17AR", "B-28IN"]);
}

/// A destination that cannot be reached at all: the error says the ways are blocked.
#[test]
fn destination_behind_lakes_has_no_path_10_3() {
    let b = clear()
        .terrain(Terrain::Lake, &["C5", "D6", "D7", "C7", "B6", "B5"])
        .build();
    let g = game(b).unit_at("B-1IN", Infantry, 6, "C6");
    let r = g.run(Side::Blue, 1, "[[move]]\nunit = \"B-1IN\"\nto = \"F6\"\n");
    let e = r.only_error("7.3");
    assert!(
        matches!(&e.problem, Problem::NoPath { why, .. } if why.contains("blocked")),
        "{e}"
    );
}

/// Errors render with file, line, column and rule, a caret under the bad hex.
#[test]
fn movement_errors_render_with_line_and_rule() {
    let g = game(clear().build())
        .unit_at("B-1IN", Infantry, 4, "B5")
        .unit_at("R-1IN", Infantry, 4, "F5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\npath = [\"C5\", \"D5\", \"E5\", \"E6\"]\n",
    );
    let text = blitzkrieg::orders::Diagnostics::new("blue-1.toml", &r.src, r.out.errors.clone())
        .render(false);
    assert!(text.contains("blue-1.toml:8:27"), "{text}");
    assert!(text.contains("rule 8.2"), "{text}");
    assert!(
        text.contains("must stop on entering enemy ZOC at E5"),
        "{text}"
    );
}

/// 10.2 before 10.1: a hex the unit may not enter is not also reported as a stop.
#[test]
fn a_barred_hex_is_not_also_a_stop_10_2() {
    let b = clear().terrain(Terrain::Forest, &["C5"]).build();
    let g = game(b).unit_at("B-1AR", Armor, 4, "B5");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1AR\"\npath = [\"C5\", \"D5\"]\n",
    );
    r.only_error("10.2");
}

/// 19.1, 19.3: a board whose only sea zone borders no other still has that zone: the
/// board loads, and a unit goes to sea in it from a port of its own (it may sail
/// nowhere, 19.5, but it is at sea). `tests/boards/one_zone.toml`.
#[test]
fn a_zone_that_borders_no_other_is_a_zone_19_1() {
    let board = Board::load(std::path::Path::new("tests/boards/one_zone.toml")).unwrap();
    assert!(board.has_zone('A'));
    assert_eq!(board.zone_links('A').count(), 0);
    assert_eq!(board.port_zone(h("C3")), Some('A'));
    let g = game(board).optional(19).unit_at("B-1IN", Infantry, 3, "C3");
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\nto_sea = \"A\"\n",
    );
    r.ok();
    assert_eq!(r.hex_of("B-1IN"), None, "at sea, off the map");
    let afloat = r.pos.afloat(&movement_support::id("B-1IN")).unwrap();
    assert_eq!(afloat.zone, 'A');
    // A zone the board has not is still refused.
    let r = g.run(
        Side::Blue,
        1,
        "[[move]]\nunit = \"B-1IN\"\nto_sea = \"B\"\n",
    );
    assert!(
        matches!(r.problems()[..], [Problem::BadZone(ref z)] if z == "B"),
        "{:?}",
        r.problems()
    );
}
