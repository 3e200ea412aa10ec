#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The embedded table files load, hold what seed 000 prints, and record every cell not
//! read directly off the scanned text; a broken table file is refused with every
//! problem listed.

use blitzkrieg::tables::{grid, BgatResult, TableId, TableMode, Tables, TgatCell};
use pbem::dice::{Die, Digit, Roll};

#[test]
fn embedded_tables_load() {
    let t = Tables::embedded().unwrap();
    for id in TableId::ALL {
        for mode in id.modes() {
            assert!(Tables::embedded_source(id, *mode).is_some(), "{id} {mode}");
        }
    }
    assert_eq!(t.bgat.pbm.rows().count(), 10);
    assert_eq!(t.bgat.die.rows().count(), 6);
    assert_eq!(t.act.pbm.columns.len(), 9);
    assert_eq!(t.act.die.columns.len(), 11);
    assert_eq!(t.weather.columns.len(), 9);
}

#[test]
fn reconstructed_cells_are_recorded_in_the_files() {
    let t = Tables::embedded().unwrap();
    let cells = |g: &[blitzkrieg::tables::Reconstructed]| -> usize {
        g.iter().map(|r| r.columns.len()).sum()
    };
    // PBM BGAT: rows 3 and 0 (4 cells each), 7 (10), 8 and 9 (10 each).
    assert_eq!(cells(&t.bgat.pbm.reconstructed), 38);
    // PBM TGAT: row 1 (3 defender halves), row 6 (10 attacker halves), row 7 (9).
    assert_eq!(cells(&t.tgat.pbm.reconstructed), 22);
    for g in [&t.bgat.die.reconstructed, &t.tgat.die.reconstructed] {
        assert!(g.is_empty());
    }
    assert!(t.bbt.pbm.reconstructed.is_empty() && t.act.pbm.reconstructed.is_empty());
    assert!(t.mcrt.pbm.reconstructed.is_empty() && t.weather.reconstructed.is_empty());
    assert!(t.bgat.pbm.is_reconstructed(8, "1-1"));
    assert!(!t.bgat.pbm.is_reconstructed(8, "1-6"));
}

#[test]
fn pbm_bgat_short_rows_are_restored() {
    let t = Tables::embedded().unwrap();
    let row = |d: u8| -> Vec<blitzkrieg::tables::Text> {
        t.bgat
            .pbm
            .rows()
            .find(|(v, _, _)| *v == d)
            .map(|(_, p, _)| p.to_vec())
            .unwrap()
    };
    assert_eq!(
        row(3).join(","),
        "AB2,AB2,AB2,AB2,DB2,DB2,D elim,D elim,D elim,D elim,D elim"
    );
    assert_eq!(row(0), row(3));
    assert_eq!(
        row(7).join(","),
        "A elim,A elim,A elim,A elim,A elim,AB2,EX,EX,D elim,D elim,D elim"
    );
    assert_eq!(
        row(8).join(","),
        "A elim,A elim,A elim,A elim,A elim,A elim,AB2,D elim,D elim,D elim,D elim"
    );
    assert_eq!(row(9), row(8));
}

#[test]
fn printed_cells_and_typed_cells_agree() {
    let t = Tables::embedded().unwrap();
    let (cell, printed) = t
        .bgat
        .pbm
        .cell(Roll::Digit(Digit::new(2).unwrap()), 10)
        .unwrap();
    assert_eq!((*cell, printed), (BgatResult::DefenderEliminated, "D elim"));
    let (cell, printed) = t.tgat.die.cell(Roll::Die(Die::new(5).unwrap()), 8).unwrap();
    assert_eq!(printed, "1 2 / 3 3");
    assert_eq!(cell.to_string(), "1 2 / 3 3");
    // A roll of the other mode finds nothing.
    assert!(t
        .tgat
        .die
        .cell(Roll::Digit(Digit::new(5).unwrap()), 8)
        .is_none());
}

const SMALL: &str = r#"
[table]
id = "tgat"
mode = "die"
title = "T"
source = "test"
columns = ["1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]

[rows]
"1" = ["2 3 / - 1", "2 3 / - 1", "1 3 / - 1", "1 2 / - -", "- 1 / 1 2", "- 1 / 2 2", "- 2 / 2 3", "- 2 / 2 3", "- 3 / 3 4", "- 3 / 4 4", "- 4 / 4 5"]
"2" = ["x", "1 3 / - 1", "1 2 / - -", "1 2 / - -", "1 - / 1 -", "1 - / 1 -", "1 - / 1 1", "1 - / 1 -", "1 - / 1 -", "1 - / 2 1", "1 1 / 2 2"]
"3" = ["2 4 / - 1"]
"4" = ["2 2 / - -", "1 2 / - -", "2 2 / - -", "1 2 / - -", "1 2 / - -", "1 1 / - -", "1 1 / - -", "1 2 / 2 3", "- 2 / 2 3", "1 - / 2 1", "1 2 / 2 3"]
"5" = ["2 2 / - -", "2 2 / - -", "2 2 / - -", "2 2 / - -", "2 2 / - -", "1 1 / - -", "1 - / 1 -", "1 - / 1 -", "1 2 / 3 3", "- 1 / 2 2", "- 3 / 2 4"]
"7" = ["3 2 / - -", "3 2 / - -", "2 2 / - -", "2 2 / - -", "2 2 / - -", "2 2 / - -", "2 1 / - -", "- 3 / 2 4", "- 3 / 3 4", "- 3 / 4 4", "- 4 / 4 5"]

[[reconstructed]]
row = "1"
columns = ["9-1"]
text = "t"
why = "w"

[[unmatched]]
row = "1"
column = "1-6"
value = "9 9 / - -"
note = "n"
"#;

#[test]
fn a_broken_table_file_lists_every_problem() {
    let errors =
        grid::parse::<TgatCell>("small.toml", SMALL, TableId::Tgat, TableMode::Die).unwrap_err();
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    let all = text.join("\n");
    assert!(all.contains("the rows must be 1, 2, 3, 4, 5, 6"), "{all}");
    assert!(all.contains("row 2, column 1-6: \"x\""), "{all}");
    assert!(all.contains("row 3 has 1 cells"), "{all}");
    assert!(
        all.contains("[[reconstructed]] row 1, column 9-1: there is no such column"),
        "{all}"
    );
    assert!(all.contains("the record says \"9 9 / - -\""), "{all}");
    assert_eq!(errors.len(), 5, "{all}");
}

#[test]
fn a_table_file_of_the_wrong_table_is_refused() {
    let src = Tables::embedded_source(TableId::Bgat, TableMode::Pbm).unwrap();
    let errors =
        grid::parse::<BgatResult>("x.toml", src, TableId::Bgat, TableMode::Die).unwrap_err();
    assert!(errors
        .iter()
        .any(|e| e.to_string().contains("mode \"pbm\"")));
}

#[test]
fn tables_load_from_a_folder_and_report_every_missing_file() {
    let t = Tables::load_dir(std::path::Path::new("../../tables")).unwrap();
    assert_eq!(t, Tables::embedded().unwrap());
    let e = Tables::load_dir(std::path::Path::new("no-such-folder")).unwrap_err();
    assert_eq!(e.0.len(), 11, "{e}");
    assert!(
        e.to_string().contains("weather-die.toml: cannot be read"),
        "{e}"
    );
}

/// The embedded tables read one at a time, as a turn reads them, give every lookup the
/// tables read whole give: each version of the BGAT, every column and every roll, and
/// the notes beyond either end.
#[test]
fn tables_read_when_first_looked_up_answer_as_the_whole_set() {
    use blitzkrieg::odds::{reduce, Factor};
    use blitzkrieg::tables::{CombatTables, EmbeddedTables};
    let whole = Tables::embedded().unwrap();
    let lazy = EmbeddedTables::default();
    let rolls: Vec<Roll> = (0..10)
        .map(|d| Roll::Digit(Digit::new(d).unwrap()))
        .chain((1..=6).map(|d| Roll::Die(Die::new(d).unwrap())))
        .collect();
    let mut compared = 0;
    for (a, d) in [
        (1, 7),
        (1, 6),
        (1, 2),
        (1, 1),
        (3, 1),
        (6, 1),
        (7, 1),
        (13, 2),
    ] {
        let odds = reduce(Factor::whole(a), Factor::whole(d));
        for &roll in &rolls {
            let got = CombatTables::bgat(&lazy, &odds, roll).map(|l| (l.result, l.printed));
            let want = whole.bgat(&odds, roll).map(|l| (l.result, l.printed));
            assert_eq!(got.is_ok(), want.is_ok(), "{odds} {roll:?}");
            if let (Ok(g), Ok(w)) = (got, want) {
                assert_eq!(g, w, "{odds} {roll:?}");
                compared += 1;
            }
        }
    }
    assert_eq!(
        compared,
        7 * rolls.len(),
        "1-7 is refused, the rest are read"
    );
}
