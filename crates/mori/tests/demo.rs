//! The scripted demonstration games, base and Nippon, end and verify.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mori::demo::demo;
use mori::{Rule, Variant};

#[test]
fn base_demo_ends_and_verifies() {
    let r = demo(Variant::Base).unwrap();
    let last = r.last().unwrap();
    let o = last.outcome.as_ref().unwrap();
    assert!(
        matches!(o.rule, Rule::WarVictory | Rule::CannotPlace),
        "{o:?}"
    );
    assert!(r.history.len() > 10);
    assert!(last
        .invariant_problems(&mori::Ruleset::base().unwrap())
        .is_empty());
    println!("{}", r.reports.last().unwrap());
}

#[test]
fn nippon_demo_ends_and_verifies() {
    let r = demo(Variant::Nippon).unwrap();
    let last = r.last().unwrap();
    assert!(last.outcome.is_some());
    assert!(last
        .invariant_problems(&mori::Ruleset::nippon().unwrap())
        .is_empty());
    println!("{}", r.reports.last().unwrap());
}
