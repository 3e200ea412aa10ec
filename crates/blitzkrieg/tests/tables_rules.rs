#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The rules that go with the tables: 15.1 odds, illegal and automatic columns, 15.3,
//! the TGAT explanation's examples, the BBT mountain note and night bombing (33.6), the
//! ACT note, the MCRT asterisk, the Weather Chart (34).

use blitzkrieg::odds::{self, Column, Factor, OddsColumn, Ratio};
use blitzkrieg::tables::{
    intercepted_unescorted_bombing, BgatResult, LookupError, Party, TableMode, Tables, TgatResult,
    Weather,
};
use pbem::dice::{Die, Digit, Roll};

fn f(n: u64) -> Factor {
    Factor::whole(n)
}

fn die(n: u8) -> Roll {
    Roll::Die(Die::new(n).unwrap())
}

fn digit(n: u8) -> Roll {
    Roll::Digit(Digit::new(n).unwrap())
}

#[test]
fn odds_15_1_examples_favour_the_defender() {
    // 15.1: 14:8 → 1-1, 8:14 → 1-2, 14:6 → 2-1, 4:14 → 1-4, 4:18 → 1-5; equal → 1-1.
    for (a, d, shown) in [
        (14, 8, "1-1"),
        (8, 14, "1-2"),
        (14, 6, "2-1"),
        (4, 14, "1-4"),
        (4, 18, "1-5"),
        (7, 7, "1-1"),
        (18, 3, "6-1"),
        (3, 18, "1-6"),
    ] {
        assert_eq!(odds::reduce(f(a), f(d)).ratio.to_string(), shown, "{a}:{d}");
    }
    assert_eq!(
        odds::reduce(f(14), f(8)).to_string(),
        "14:8 reduce to 1-1 (15.1)"
    );
}

#[test]
fn odds_with_halved_and_quartered_factors_are_exact() {
    // 003 Rounding: no rounding of halved factors before the odds are taken.
    let half = |n: u64| Factor::whole(n).half();
    // 7½ : 2½ is exactly 3-1; 7½ : 2¾ is 2.72... → 2-1.
    assert_eq!(odds::reduce(half(15), half(5)).ratio, Ratio::Attacker(3));
    assert_eq!(
        odds::reduce(half(15), Factor::whole(11).quarter()).ratio,
        Ratio::Attacker(2)
    );
    // 2½ : 5 is exactly 1-2; 2½ : 5¼ → 1-3 (2.1 rounds against the attacker).
    assert_eq!(odds::reduce(half(5), f(5)).ratio, Ratio::Defender(2));
    assert_eq!(
        odds::reduce(half(5), Factor::whole(21).quarter()).ratio,
        Ratio::Defender(3)
    );
    assert_eq!(
        odds::reduce(half(15), half(5)).to_string(),
        "7½:2½ reduce to 3-1 (15.1)"
    );
}

#[test]
fn odds_worse_than_1_6_are_illegal_and_better_than_6_1_automatic() {
    let t = Tables::embedded().unwrap();
    // 2:13 → 1-7: not allowed on either table, in either version.
    let low = odds::reduce(f(2), f(13));
    assert_eq!(low.column(), Column::TooLow);
    for roll in [die(1), digit(1)] {
        assert!(matches!(
            t.bgat(&low, roll),
            Err(LookupError::OddsTooLow { .. })
        ));
        assert!(matches!(
            t.tgat(&low, roll),
            Err(LookupError::OddsTooLow { .. })
        ));
    }
    let e = t.bgat(&low, die(1)).unwrap_err().to_string();
    assert!(
        e.contains("2:13 reduce to 1-7") && e.contains("not allowed"),
        "{e}"
    );
    // 1:6.5 is 1-7 too (rounded against the attacker).
    assert_eq!(
        odds::reduce(f(2), f(13)).ratio,
        odds::reduce(Factor::ONE, Factor::whole(13).half()).ratio
    );
    // 21:3 → 7-1: D elim whatever the roll; TGAT: attacker advance 4.
    let high = odds::reduce(f(21), f(3));
    assert_eq!(high.column(), Column::Automatic);
    for roll in [die(6), digit(0)] {
        let b = t.bgat(&high, roll).unwrap();
        assert_eq!(b.result, BgatResult::DefenderEliminated);
        let tg = t.tgat(&high, roll).unwrap();
        assert_eq!(
            tg.result,
            TgatResult::DefenderEliminated {
                attacker_advance: 4
            }
        );
    }
    // 20:3 is still 6-1 (6.67 rounds down) and is read from the table.
    assert_eq!(
        odds::reduce(f(20), f(3)).column(),
        Column::Table(OddsColumn::SixToOne)
    );
    // No defence factors: automatic; no attack factors: illegal.
    assert_eq!(odds::reduce(f(3), f(0)).column(), Column::Automatic);
    assert_eq!(odds::reduce(f(0), f(3)).column(), Column::TooLow);
}

#[test]
fn bgat_15_3_three_to_one_with_a_six_is_d_elim() {
    let t = Tables::embedded().unwrap();
    let odds = odds::reduce(f(9), f(3));
    let r = t.bgat(&odds, die(6)).unwrap();
    assert_eq!(r.result, BgatResult::DefenderEliminated);
    assert_eq!(r.printed, "DE");
    assert_eq!(r.cite.to_string(), "BGAT face-to-face, row 6, column 3-1");
}

#[test]
fn bgat_pbm_cites_row_and_column() {
    let t = Tables::embedded().unwrap();
    let r = t.bgat(&odds::reduce(f(9), f(3)), digit(7)).unwrap();
    assert_eq!(r.result, BgatResult::Exchange);
    assert_eq!(r.cite.to_string(), "BGAT PBM, row 7, column 3-1");
    let r = t.bgat(&odds::reduce(f(9), f(3)), digit(0)).unwrap();
    assert_eq!(
        (r.result, r.printed.as_str()),
        (BgatResult::DefenderEliminated, "D elim")
    );
}

#[test]
fn tgat_example_four_to_one_die_five() {
    // TGAT explanation: "with a 4-1 attack and a die roll of 5, the defender must lose 3
    // factors ... the defender retreats surviving units 3 hexes ... the attacker must
    // eliminate 1 factor ... the attacker has the option to advance ... 0, 1, or 2 hexes".
    let t = Tables::embedded().unwrap();
    let r = t.tgat(&odds::reduce(f(16), f(4)), die(5)).unwrap();
    let TgatResult::Cell(c) = r.result else {
        panic!("{:?}", r.result)
    };
    assert_eq!(c.defender.factors, 3);
    assert_eq!(c.retreat(Party::Defender), 3);
    assert_eq!(c.attacker.factors, 1);
    assert_eq!(c.advance(Party::Attacker), 2);
    assert_eq!(c.retreat(Party::Attacker), 0);
    assert_eq!(c.advance(Party::Defender), 0);
    assert_eq!(c.retreating(), Some(Party::Defender));
    assert_eq!(r.cite.to_string(), "TGAT face-to-face, row 5, column 4-1");
}

#[test]
fn tgat_example_two_to_one_die_one() {
    // TGAT explanation: the Guards Armored Division attacks at 2 to 1 with a die roll of
    // 1: "Attacker does not lose any factors. Defender loses 2 factors."
    let t = Tables::embedded().unwrap();
    let r = t.tgat(&odds::reduce(f(10), f(5)), die(1)).unwrap();
    let TgatResult::Cell(c) = r.result else {
        panic!("{:?}", r.result)
    };
    assert_eq!((c.attacker.factors, c.defender.factors), (0, 2));
    assert_eq!(c.retreating(), Some(Party::Defender));
}

#[test]
fn tgat_retreat_is_determined_in_every_cell() {
    // The bold face (which number is the retreat) is reconstructed: the larger hex
    // number, or with equal numbers the side losing more. It must never be undecided,
    // and the retreating side never loses fewer factors than the other.
    let t = Tables::embedded().unwrap();
    for mode in [TableMode::Die, TableMode::Pbm] {
        for (row, _, cells) in t.tgat.get(mode).rows() {
            for (i, c) in cells.iter().enumerate() {
                assert!(!c.is_ambiguous(), "{mode} row {row} column {i}: {c}");
                if let Some(loser) = c.retreating() {
                    let winner = match loser {
                        Party::Attacker => Party::Defender,
                        Party::Defender => Party::Attacker,
                    };
                    assert!(
                        c.half(loser).factors >= c.half(winner).factors,
                        "{mode} row {row} column {i}: {c}"
                    );
                }
            }
        }
    }
    // The one cell decided by losses: PBM 4-1 row 4, "- 2 / 2 2".
    let r = t.tgat(&odds::reduce(f(4), f(1)), digit(4)).unwrap();
    let TgatResult::Cell(c) = r.result else {
        panic!()
    };
    assert_eq!(c.to_string(), "- 2 / 2 2");
    assert_eq!(
        (c.retreat(Party::Defender), c.advance(Party::Attacker)),
        (2, 2)
    );
}

#[test]
fn bbt_columns_mountains_and_night_bombing() {
    let t = Tables::embedded().unwrap();
    // 12-15 factors, die 1: 7 eliminated.
    let r = t.bbt(f(12), die(1)).unwrap();
    assert_eq!(r.result.factors, 7);
    assert_eq!(r.cite.to_string(), "BBT face-to-face, row 1, column 12-15");
    // A fraction does not reach the next column: 11½ factors are on 8-11.
    let r = t.bbt(Factor::whole(23).half(), die(1)).unwrap();
    assert_eq!(r.cite.to_string(), "BBT face-to-face, row 1, column 8-11");
    // Mountains: "a loss of 9 would thus mean removal of 5 factors".
    let r = t.bbt(f(16), die(1)).unwrap();
    assert_eq!(r.result.factors, 9);
    assert_eq!(r.result.removed_in_mountains(), 5);
    // 33.6: "a 12-15 attack would be rolled on the 2-3 column instead; a 4-7 attack
    // would have no effect".
    let night = t.bbt_night(f(13), die(1)).unwrap();
    assert_eq!(
        night.cite.to_string(),
        "BBT face-to-face, row 1, column 2-3"
    );
    let night = t.bbt_night(f(5), die(1)).unwrap();
    assert_eq!(night.result.factors, 0);
    assert!(night.cite.to_string().contains("33.6"));
    // Below one factor there is no column.
    assert!(matches!(
        t.bbt(Factor::ONE.half(), die(1)),
        Err(LookupError::TooFewFactors { .. })
    ));
    // PBM: 56+ with digit 1 eliminates 24.
    assert_eq!(t.bbt(f(80), digit(1)).unwrap().result.factors, 24);
}

#[test]
fn act_columns_differ_between_versions_and_the_unescorted_note() {
    let t = Tables::embedded().unwrap();
    // 45 factors: face-to-face 41+ column; PBM 33+ column.
    assert_eq!(
        t.act(f(45), die(1)).unwrap().cite.to_string(),
        "ACT face-to-face, row 1, column 41+"
    );
    assert_eq!(
        t.act(f(45), digit(1)).unwrap().cite.to_string(),
        "ACT PBM, row 1, column 33+"
    );
    assert_eq!(t.act(f(45), digit(1)).unwrap().result.factors, 9);
    // "bomber units bomb at 1/2 factor (convert fractions down)".
    assert_eq!(intercepted_unescorted_bombing(f(7)), f(3));
    assert_eq!(
        intercepted_unescorted_bombing(Factor::whole(9).half()),
        f(2)
    );
}

#[test]
fn mcrt_asterisk_reduces_otherwise_attackers_retreat_two() {
    let t = Tables::embedded().unwrap();
    let r = t.mcrt(f(8), die(2)).unwrap();
    assert_eq!(r.printed, "3*");
    assert!(r.result.city_reduced);
    assert_eq!(
        (r.result.attacker_loss, r.result.attackers_retreat()),
        (3, 0)
    );
    let r = t.mcrt(f(4), die(2)).unwrap();
    assert_eq!(r.printed, "3");
    assert_eq!(
        (r.result.attacker_loss, r.result.attackers_retreat()),
        (3, 2)
    );
    let r = t.mcrt(f(30), die(1)).unwrap();
    assert_eq!((r.printed.as_str(), r.result.attacker_loss), ("-*", 0));
    assert!(matches!(
        t.mcrt(f(3), die(1)),
        Err(LookupError::TooFewFactors { .. })
    ));
}

#[test]
fn bbt_and_act_results_never_fall_as_factors_rise_or_rise_as_rolls_worsen() {
    // A transcription check: along a row results grow with the factors; down a column
    // (rows in printed order) they do not grow.
    let t = Tables::embedded().unwrap();
    for grid in [&t.bbt.pbm, &t.bbt.die, &t.act.pbm, &t.act.die] {
        let rows: Vec<Vec<u32>> = grid
            .rows()
            .map(|(_, _, c)| c.iter().map(|l| l.factors).collect())
            .collect();
        for r in &rows {
            assert!(r.windows(2).all(|w| w[0] <= w[1]), "{} {r:?}", grid.title);
        }
        for pair in rows.windows(2) {
            for (a, b) in pair[0].iter().zip(&pair[1]) {
                assert!(a >= b, "{} {:?}", grid.title, pair);
            }
        }
    }
}

#[test]
fn weather_34_first_seven_turns_clear_then_the_chart() {
    let t = Tables::embedded().unwrap();
    let d6 = Die::new(6).unwrap();
    for turn in 1..=7 {
        assert_eq!(t.weather_column(turn), None);
        assert_eq!(t.weather(turn, d6).unwrap().result, Weather::Clear);
    }
    assert_eq!(t.weather(8, d6).unwrap().result, Weather::Gale);
    assert_eq!(
        t.weather(8, d6).unwrap().cite.to_string(),
        "Weather Chart face-to-face, row 6, column 8(26)"
    );
    assert_eq!(
        t.weather(15, Die::new(2).unwrap()).unwrap().result,
        Weather::Rain
    );
    // Extended game: 16-18 share a column, 19 reads 15(19), 26 reads 8(26), then 7 clear.
    for turn in 16..=18 {
        assert_eq!(
            t.weather(turn, Die::new(2).unwrap()).unwrap().result,
            Weather::Snow
        );
    }
    assert_eq!(t.weather_column(19), t.weather_column(15));
    assert_eq!(t.weather_column(26), t.weather_column(8));
    for turn in 27..=33 {
        assert_eq!(t.weather_column(turn), None);
    }
    assert_eq!(t.weather_column(34), t.weather_column(8));
}
