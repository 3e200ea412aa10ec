//! The board loader reports every broken rule of the format with its kind, line and
//! column. Each bad board under tests/boards/ is the valid board with one thing wrong.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::{Board, BoardErrors, BoardProblem};
use std::path::Path;

fn load(file: &str) -> Result<Board, BoardErrors> {
    Board::load(&Path::new("tests/boards").join(file))
}

/// Loads `file`, expects exactly `count` problems, one of them of kind `variant`
/// (at `line`:`col` when given).
macro_rules! bad {
    ($name:ident, $file:literal, $variant:ident, $count:literal) => {
        #[test]
        fn $name() {
            let errs = load($file).expect_err("the bad board must not load");
            let listed: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            assert_eq!(errs.len(), $count, "{listed:#?}");
            assert!(
                errs.iter()
                    .any(|e| matches!(e.problem, BoardProblem::$variant { .. })),
                "no {} in {listed:#?}",
                stringify!($variant)
            );
        }
    };
    ($name:ident, $file:literal, $variant:ident, $count:literal, $line:literal, $col:literal) => {
        #[test]
        fn $name() {
            let errs = load($file).expect_err("the bad board must not load");
            let listed: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            assert_eq!(errs.len(), $count, "{listed:#?}");
            assert!(
                errs.iter()
                    .any(|e| matches!(e.problem, BoardProblem::$variant { .. })
                        && e.line == $line
                        && e.column == $col),
                "no {} at {}:{} in {listed:#?}",
                stringify!($variant),
                $line,
                $col
            );
        }
    };
}

#[test]
fn the_valid_test_board_loads() {
    let b = load("valid.toml").unwrap();
    assert_eq!(b.hexes().count(), 24);
    assert_eq!(b.cities().len(), 3);
    assert_eq!(b.ports().len(), 2);
    assert_eq!(b.zone_distance('A', 'B'), Some(1));
}

#[test]
fn a_file_that_is_not_there_is_one_readable_problem() {
    let errs = load("no_such_board.toml").unwrap_err();
    assert_eq!(errs.len(), 1);
    assert!(matches!(
        errs.errors[0].problem,
        BoardProblem::Unreadable { .. }
    ));
    assert!(errs.errors[0].file.ends_with("no_such_board.toml"));
}

#[test]
fn every_problem_of_a_file_is_reported_at_once_in_file_order() {
    let errs = load("bad_many.toml").unwrap_err();
    let got: Vec<(String, usize, usize)> = errs
        .iter()
        .map(|e| {
            let kind = format!("{:?}", e.problem);
            let kind = kind.split([' ', '{']).next().unwrap_or("").to_string();
            (kind, e.line, e.column)
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("SeaWithoutZone".to_string(), 20, 8),
            ("RoadNotAdjacent".to_string(), 25, 14),
            ("CityNotAdjacent".to_string(), 33, 16),
        ]
    );
}

#[test]
fn errors_render_with_the_file_a_caret_and_a_hint() {
    let errs = load("bad_road_not_adjacent.toml").unwrap_err();
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, &errs)
        .unwrap();
    assert!(out.contains("bad_road_not_adjacent.toml:25:14"), "{out}");
    assert!(
        out.contains("the road joins A1 and B3, which do not touch"),
        "{out}"
    );
    assert!(out.contains("roads = [\"A1-B3\"]"), "{out}");
    assert!(out.contains("(c+1, n+1)"), "{out}");
}

bad!(no_hex_there, "bad_no_hex_there.toml", NoHexThere, 1, 7, 13);
bad!(syntax, "bad_syntax.toml", Syntax, 1, 3, 19);
bad!(unknown_field, "bad_unknown_field.toml", Syntax, 1, 35, 1);
bad!(header, "bad_header.toml", BadHeader, 1, 5, 11);
bad!(row_count, "bad_row_count.toml", RowCount, 3, 7, 11);
bad!(row_width, "bad_row_width.toml", RowWidth, 1, 9, 3);
bad!(
    unknown_terrain_char,
    "bad_unknown_terrain_char.toml",
    UnknownChar,
    1,
    10,
    7
);
bad!(
    unknown_country_char,
    "bad_unknown_country_char.toml",
    UnknownChar,
    1,
    16,
    6
);
bad!(
    grid_mismatch,
    "bad_grid_mismatch.toml",
    GridMismatch,
    1,
    14,
    9
);
bad!(
    land_without_country,
    "bad_land_without_country.toml",
    LandWithoutCountry,
    1,
    15,
    5
);
bad!(
    sea_without_zone,
    "bad_sea_without_zone.toml",
    SeaWithoutZone,
    1,
    20,
    7
);
bad!(zone_on_land, "bad_zone_on_land.toml", ZoneOnLand, 1, 22, 4);
bad!(unknown_zone, "bad_unknown_zone.toml", UnknownZone, 1, 23, 9);
bad!(
    zone_asymmetric,
    "bad_zone_asymmetric.toml",
    ZoneLinkAsymmetric,
    1,
    28,
    6
);
bad!(
    zone_without_hexes,
    "bad_zone_without_hexes.toml",
    ZoneWithoutHexes,
    1,
    30,
    1
);
bad!(zone_name, "bad_zone_name.toml", BadZoneName, 1, 30, 1);
bad!(bad_hex, "bad_bad_hex.toml", BadHex, 1, 25, 17);
bad!(
    road_not_adjacent,
    "bad_road_not_adjacent.toml",
    RoadNotAdjacent,
    1,
    25,
    14
);
bad!(road_on_sea, "bad_road_on_sea.toml", NotLand, 1, 25, 20);
bad!(
    road_off_board,
    "bad_road_off_board.toml",
    OffBoard,
    1,
    25,
    20
);
bad!(
    road_too_short,
    "bad_road_too_short.toml",
    RoadTooShort,
    1,
    25,
    10
);
bad!(
    city_not_adjacent,
    "bad_city_not_adjacent.toml",
    CityNotAdjacent,
    1,
    43,
    16
);
bad!(city_size, "bad_city_size.toml", CitySize, 2, 43, 9);
bad!(
    city_hex_twice,
    "bad_city_hex_twice.toml",
    HexNamedTwice,
    1,
    43,
    22
);
bad!(
    city_name_twice,
    "bad_city_name_twice.toml",
    NameTwice,
    1,
    38,
    8
);
bad!(city_not_land, "bad_city_not_land.toml", NotLand, 1, 43, 16);
bad!(
    unknown_role,
    "bad_unknown_role.toml",
    UnknownRole,
    1,
    34,
    10
);
bad!(
    aircraft_not_in_city,
    "bad_aircraft_not_in_city.toml",
    AircraftNotInCity,
    1,
    35,
    13
);
bad!(
    port_not_city,
    "bad_port_not_city.toml",
    PortNotCity,
    1,
    71,
    7
);
bad!(dock_not_sea, "bad_dock_not_sea.toml", DockNotSea, 1, 63, 8);
bad!(
    dock_not_adjacent,
    "bad_dock_not_adjacent.toml",
    DockNotAdjacent,
    1,
    63,
    8
);
bad!(
    dock_off_board,
    "bad_dock_off_board.toml",
    OffBoard,
    1,
    63,
    8
);
bad!(
    coastal_city_without_port,
    "bad_coastal_city_without_port.toml",
    CoastalCityWithoutPort,
    1,
    43,
    10
);
bad!(port_twice, "bad_port_twice.toml", HexNamedTwice, 1, 66, 7);
bad!(
    inland_not_river,
    "bad_inland_not_river.toml",
    InlandNotRiver,
    1,
    68,
    10
);
bad!(
    inland_chain_broken,
    "bad_inland_chain_broken.toml",
    InlandChainBroken,
    1,
    68,
    16
);
bad!(
    river_not_chain,
    "bad_river_not_chain.toml",
    RiverNotChain,
    1,
    53,
    16
);
bad!(
    river_end_not_on_branch,
    "bad_river_end_not_on_branch.toml",
    RiverEndNotOnBranch,
    1,
    49,
    9
);
bad!(
    river_joins_unknown,
    "bad_river_joins_unknown.toml",
    RiverJoinsUnknown,
    1,
    55,
    9
);
bad!(
    river_joins_apart,
    "bad_river_joins_apart.toml",
    RiverJoinsApart,
    1,
    53,
    10
);
bad!(
    river_not_land,
    "bad_river_not_land.toml",
    NotLand,
    1,
    53,
    16
);
bad!(
    river_hex_twice,
    "bad_river_hex_twice.toml",
    HexNamedTwice,
    1,
    53,
    10
);
bad!(
    beach_not_coastal,
    "bad_beach_not_coastal.toml",
    BeachNotCoastal,
    1,
    59,
    22
);
bad!(
    beach_broken,
    "bad_beach_broken.toml",
    BeachBroken,
    1,
    59,
    16
);
bad!(
    lake_not_lake,
    "bad_lake_not_lake.toml",
    LakeNotLake,
    1,
    72,
    10
);
