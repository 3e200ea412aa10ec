//! `game::named_seed`: the seed an order file names and from when anyone may know it,
//! which `blitz commit` compares with the clock (PBM ¶2: the value that decides the
//! battles must come after the orders are committed) and `resolve` names when missing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::orders;
use blitzkrieg::state::GameState;
use blitzkrieg_desk::demo::new_game_spec;
use blitzkrieg_desk::game::{self, named_seed, RuleFiles, SeedKindChoice, Umpire};

const NOW: i64 = 1_800_000_000; // 2027-01-15T08:00:00Z

fn state(seed: SeedKindChoice) -> GameState {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let mut spec = new_game_spec();
    spec.seed = seed;
    game::new_game(&u, &spec).unwrap()
}

/// The orders' `[seed]` lines, read as the game reads them.
fn named(state: &GameState, seed: &str) -> Option<game::NamedSeed> {
    let src = format!("game = \"demo\"\nside = \"blue\"\nturn = 0\nstate = \"s\"\n[seed]\n{seed}");
    named_seed(state, &orders::parse(&src).unwrap()).unwrap()
}

fn known(n: &Option<game::NamedSeed>) -> bool {
    n.as_ref().unwrap().known_from <= NOW
}

#[test]
fn a_past_drand_round_is_known_a_future_one_is_not() {
    let s = state(SeedKindChoice::Drand);
    let past = named(&s, "source = \"drand\"\nround = 10\n");
    let n = past.as_ref().unwrap();
    assert_eq!(n.what, "drand quicknet round 10");
    assert_eq!(n.known_from, 1_692_803_394); // 2023-08-23T15:09:54Z
    assert_eq!(n.flag, "--beacon FILE");
    assert!(known(&past));
    assert!(!known(&named(
        &s,
        "source = \"drand\"\nround = 200000000\n"
    )));
    assert!(!known(&named(
        &s,
        "source = \"drand\"\ntime = \"2030-01-01T00:00:00Z\"\n"
    )));
    assert!(known(&named(
        &s,
        "source = \"drand\"\ntime = \"2020-01-01T00:00:00Z\"\n"
    )));
}

/// 1975 PBM: the stock's sales "on a future date"; a date already begun may be known.
#[test]
fn stock_and_text_dates_are_known_from_the_start_of_their_day() {
    for (kind, src) in [
        (SeedKindChoice::Stock, "stock"),
        (SeedKindChoice::Text, "text"),
    ] {
        let s = state(kind);
        let seed = |date: &str| format!("source = \"{src}\"\ndate = \"{date}\"\n");
        let today = named(&s, &seed("2027-01-15"));
        assert!(known(&today), "{src}");
        assert_eq!(today.unwrap().known_from, 1_799_971_200); // 2027-01-15T00:00:00Z
        assert!(!known(&named(&s, &seed("2027-01-16"))), "{src}");
        assert_eq!(named(&s, &seed("16 Jan")), None, "{src}");
    }
}
