#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Stock-sales seeds, as in the 1975 kit: each battle's digit is the hundreds digit of
//! its stock's volume on the named trading date.

use pbem::dice::TableMode;
use pbem::seed::{hundreds_digit, DrawnFrom, Seed, SeedError, StockProblem};

const SALES: &str = include_str!("data/sales-2026-11-24.csv");
const MALFORMED: &str = include_str!("data/sales-malformed.csv");

#[test]
fn digits_are_the_hundreds_digit_of_each_battles_stock() {
    let seed = Seed::from_stock_csv(SALES, Some("2026-11-24")).unwrap();
    let rolls = seed.rolls("g1", "3-Blue");
    for (battle, stock, digit, volume) in [
        ("A1", "IBM", 2, 4_531_207),
        ("A2", "KO", 9, 12_873_915),
        ("A3", "xom", 9, 998),
        ("A4", "GE", 0, 7_000_042),
        ("A5", "AAPL", 3, 55_012_390),
    ] {
        let d = rolls.roll(TableMode::Pbm, battle, Some(stock)).unwrap();
        assert_eq!(d.roll.value(), digit, "{battle} {stock}");
        assert_eq!(
            d.from,
            DrawnFrom::Stock {
                symbol: stock.to_ascii_uppercase(),
                volume
            }
        );
    }
    let d = rolls.digit("A1", Some("IBM")).unwrap();
    assert_eq!(
        d.to_string(),
        "A1: digit 2 (hundreds digit of IBM's volume 4531207)"
    );
    assert_eq!(hundreds_digit(99).value(), 0);
    assert_eq!(seed.source_display(), "stock sales of 2026-11-24");
}

#[test]
fn a_missing_symbol_names_the_battle_and_the_symbol() {
    let seed = Seed::from_stock_csv(SALES, Some("2026-11-24")).unwrap();
    let e = seed
        .rolls("g1", "3-Blue")
        .digit("A7", Some("MSFT"))
        .unwrap_err();
    assert_eq!(
        e,
        SeedError::MissingStock {
            battle: "A7".into(),
            symbol: "MSFT".into(),
            date: Some("2026-11-24".into())
        }
    );
    assert_eq!(
        e.to_string(),
        "battle A7 names stock MSFT, which is not in the sales figures of 2026-11-24"
    );
    let e = seed.rolls("g1", "3-Blue").digit("A8", None).unwrap_err();
    assert!(matches!(e, SeedError::NoStockNamed { .. }), "{e}");
    // Stock sales give no dice.
    let e = seed.rolls("g1", "3-Blue").die("weather").unwrap_err();
    assert!(matches!(e, SeedError::StockGivesOneDigit { .. }), "{e}");
}

#[test]
fn malformed_volumes_are_reported_with_their_line_numbers() {
    let e = Seed::from_stock_csv(MALFORMED, None).unwrap_err();
    let SeedError::StockFile { problems } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(
        problems,
        &[
            StockProblem::MalformedVolume {
                line: 3,
                symbol: "KO".into(),
                volume: "12,873,915".into()
            },
            StockProblem::NotTwoFields {
                line: 4,
                text: "MSFT,12,873".into()
            },
            StockProblem::MalformedVolume {
                line: 5,
                symbol: "XOM".into(),
                volume: "99.8".into()
            },
            StockProblem::EmptySymbol { line: 6 },
            StockProblem::MalformedVolume {
                line: 7,
                symbol: "GE".into(),
                volume: "-5".into()
            },
            StockProblem::Duplicate {
                line: 8,
                symbol: "IBM".into(),
                first: 2
            },
        ]
    );
    let text = e.to_string();
    assert!(
        text.contains("line 5: the volume of XOM, \"99.8\", is not a whole number"),
        "{text}"
    );
}
