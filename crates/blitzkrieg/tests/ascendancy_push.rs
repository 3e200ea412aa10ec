//! 35.31's push of beach defenders by invaders under friendly naval superiority, and
//! 003 35.31's exception, on a drawn board: on the real one no city is a beach hex
//! (003 20.1), so no corpus case reaches it.
#![allow(clippy::unwrap_used)]

use blitzkrieg::ascendancy::push::pushable;
use blitzkrieg::board::Country;
use blitzkrieg::hex::Hex;
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::ruleset::RuleBook;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::units::{Counters, Side, UnitId, UnitKind};

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

/// 35.31 with 003 35.31: defenders who can go back one hex are pushed; not from an
/// unreduced minor country city closed to the invader (29.4), which the invader may
/// not occupy until it is reduced; nor where no enemy stands.
#[test]
fn no_push_from_an_unreduced_minor_city_003_35_31() {
    let board = Sketch::land(1..=20, 1..=20, Country::GreatBlue)
        .country(Country::Calaedia, &["J9", "J10", "K9", "K10", "K11", "L10"])
        .city("Mina", &["K10"])
        .build();
    let rules = Rules::new(board, Counters::default(), RuleBook::embedded().unwrap());
    let mut pos = Position::new();
    let liberator = UnitId::new("R-1IN").unwrap();
    pos.put(liberator, Side::Red, UnitKind::Infantry, h("K10"));
    assert!(pushable(&rules, &pos, Side::Blue, h("K10")));
    pos.bar(Side::Blue, h("K10"), true);
    assert!(!pushable(&rules, &pos, Side::Blue, h("K10")));
    assert!(!pushable(&rules, &pos, Side::Blue, h("E5")));
}
