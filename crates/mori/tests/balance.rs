//! How games end (run with --ignored --nocapture to see the spread).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use mori::{Rule, Ruleset};

#[test]
#[ignore]
fn outcome_spread() {
    for rs in [Ruleset::base().unwrap(), Ruleset::nippon().unwrap()] {
        let mut wins = std::collections::BTreeMap::new();
        let mut vp_end = 0;
        let mut turns = 0;
        let n = 300;
        for i in 0..n {
            let r = common::random_game(&rs, "spread", format!("g{i}").as_bytes()).unwrap();
            let last = r.last().unwrap();
            let o = last.outcome.clone().unwrap();
            *wins
                .entry((o.winner, o.rule == Rule::CannotPlace))
                .or_insert(0) += 1;
            vp_end += usize::from(o.rule != Rule::CannotPlace);
            turns += last.turn;
        }
        println!(
            "{:?}: {wins:?} vp-ended {vp_end}/{n} mean turns {}",
            rs.variant,
            turns / n as u32
        );
    }
}
