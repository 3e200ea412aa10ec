//! `blitz board`: the hex description, the board check and the SVG drawing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use blitzkrieg::board::Board;
use blitzkrieg::hex::Hex;
use blitzkrieg::units::Side;
use blitzkrieg_desk::svg::{render, CounterMark};
use predicates::prelude::*;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

#[test]
fn hex_cc15_tells_everything_about_the_hex_and_its_neighbours() {
    blitz()
        .args(["board", "--hex", " cc15 "])
        .assert()
        .success()
        .stdout(predicate::str::contains("CC15: column CC (29), number 15"))
        .stdout(predicate::str::contains("terrain:   desert (Koufax)"))
        .stdout(predicate::str::contains("Nord Walküre (minor country)"))
        .stdout(predicate::str::contains("petro-chemical OIL (36.2)"))
        .stdout(predicate::str::contains(
            "port:      docks at CC14 (sea zone A)",
        ))
        .stdout(predicate::str::contains("roads to:"))
        .stdout(predicate::str::contains(
            "N   CC14   sea, zone A, docking hex of CC15",
        ))
        .stdout(predicate::str::contains("beach koufax"));
}

#[test]
fn hex_describes_rivers_inland_ports_and_aircraft() {
    blitz()
        .args(["board", "--hex", "DD40"])
        .assert()
        .success()
        .stdout(predicate::str::contains("river:     branch R4"));
    blitz()
        .args(["board", "--hex", "EE40"])
        .assert()
        .success()
        .stdout(predicate::str::contains("flows into branch R4"));
    blitz()
        .args(["board", "--hex", "JJJ56"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "inland port (19.4): river JJJ57-JJJ58",
        ));
    blitz()
        .args(["board", "--hex", "V33"])
        .assert()
        .success()
        .stdout(predicate::str::contains("aircraft (28.5)"))
        .stdout(predicate::str::contains("home country of Blue"));
}

#[test]
fn a_hex_off_the_board_or_misspelt_is_refused() {
    blitz()
        .args(["board", "--hex", "ZZZ99"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ZZZ99 is not on the board"));
    blitz()
        .args(["board", "--hex", "C"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a hex name"));
}

#[test]
fn a_bad_board_file_is_reported_with_every_problem() {
    blitz()
        .args([
            "board",
            "--board",
            "../blitzkrieg/tests/boards/bad_many.toml",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("3 problems"))
        .stderr(predicate::str::contains("bad_many.toml:25:14"));
}

#[test]
fn a_good_board_file_is_summarised() {
    blitz()
        .args(["board", "--board", "../blitzkrieg/tests/boards/valid.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("test board"))
        .stdout(predicate::str::contains("24 hexes"));
    blitz()
        .args(["board"])
        .assert()
        .success()
        .stdout(predicate::str::contains("sea zone A: next to B"));
}

#[test]
fn svg_file_is_written_and_identical_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.svg");
    let b = dir.path().join("b.svg");
    for p in [&a, &b] {
        blitz().args(["board", "--svg"]).arg(p).assert().success();
    }
    let (ta, tb) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    assert_eq!(ta, tb);
    assert!(ta.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(ta.trim_end().ends_with("</svg>"));
    for part in [
        "id=\"roads\"",
        "id=\"rivers\"",
        "id=\"borders\"",
        "ZONE A",
        "Sandhaven",
        "OIL",
        "CC15",
    ] {
        assert!(ta.contains(part), "{part}");
    }
}

#[test]
fn svg_draws_counters_stacked_with_side_type_factors_and_id() {
    let board = Board::try_embedded().unwrap();
    let hex: Hex = "CC15".parse().unwrap();
    let mark = |side, kind: &str, factors: &str, id: &str| CounterMark {
        hex,
        side,
        kind_abbrev: kind.to_string(),
        factors: factors.to_string(),
        id: id.to_string(),
    };
    let marks = [
        mark(Side::Blue, "INF", "4-4", "B-13IN"),
        mark(Side::Blue, "ARM", "6-6", "B-2AR"),
        mark(Side::Red, "ART", "6-4-3", "R-<1>"),
    ];
    let with = render(&board, &marks);
    let without = render(&board, &[]);
    assert!(!without.contains("id=\"counters\""));
    assert!(with.contains("id=\"counters\""));
    // The legend explains the counters when there are any.
    assert!(with.contains("Big Red unit") && with.contains("unit id as written in orders"));
    assert!(!without.contains("Big Red unit"));
    for t in [
        "INF",
        "4-4",
        "B-13IN",
        "B-2AR",
        "6-4-3",
        "R-&lt;1&gt;",
        "#2b5cb8",
        "#c0392b",
    ] {
        assert!(with.contains(t), "{t}");
    }
    // three counters on one hex: three different positions
    let rects: Vec<&str> = with
        .split("id=\"counters\"")
        .nth(1)
        .unwrap()
        .split("<rect x=\"")
        .skip(1)
        .map(|r| r.split('"').next().unwrap())
        .collect();
    assert_eq!(rects.len(), 3);
    assert!(rects[0] != rects[1] && rects[1] != rects[2]);
    assert_eq!(with, render(&board, &marks));
}

/// City names stay on land: beside a city on an eastern coast (Rivna, RRR54, whose
/// docking hexes lie east of it) the name goes to the west, elsewhere to the east.
#[test]
fn svg_city_names_do_not_cover_the_sea_east_of_a_coastal_city() {
    let svg = render(&Board::try_embedded().unwrap(), &[]);
    let label = |name: &str| {
        svg.lines()
            .find(|l| l.contains("<text") && l.contains(&format!(">{name} <tspan")))
            .unwrap_or_else(|| panic!("no label {name}"))
            .to_string()
    };
    assert!(label("Rivna").contains("text-anchor=\"end\""));
    assert!(!label("Sandhaven").contains("text-anchor=\"end\""));
}
