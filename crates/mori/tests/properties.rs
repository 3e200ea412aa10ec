//! Whole random games between two random legal players never break an
//! invariant: tokens are conserved, every placement is in an active
//! campaign (the scientist aside), war victory points only move by scored
//! events, the game ends, and the hidden draws verify.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use mori::events::Event;
use mori::state::Status;
use mori::tokens::TokenKind;
use mori::{Ruleset, State};
use proptest::prelude::*;

fn check_game(rs: &Ruleset, seed: &[u8]) -> Result<(), TestCaseError> {
    let record =
        common::random_game(rs, "prop", seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut prev: Option<&State> = None;
    for (state, events) in &record.history {
        let problems = state.invariant_problems(rs);
        prop_assert!(problems.is_empty(), "{problems:?}");
        if let Some(before) = prev {
            // Placements only in the active campaign of an open theatre.
            // The board before the turn is what the first placement saw;
            // follow-ups go where the checker found them legal.
            let mut first = true;
            for e in events {
                if let Event::Placed {
                    token,
                    acts_as,
                    theatre,
                    campaign,
                    ..
                } = e
                {
                    let t = &before.theatres[theatre];
                    let kind = rs
                        .catalogue
                        .get(acts_as.as_ref().unwrap_or(token))
                        .unwrap()
                        .kind;
                    if first {
                        prop_assert_eq!(t.status, Status::Open);
                        if kind != TokenKind::Scientist {
                            prop_assert_eq!(
                                t.active(),
                                Some(campaign - 1),
                                "{} {}",
                                token,
                                theatre
                            );
                        }
                    }
                    first = false;
                }
            }
            // Score moves only by Scored events, never down.
            for side in rs.sides() {
                let scored: u32 = events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Scored {
                            side: s, points, ..
                        } if *s == side => Some(*points),
                        _ => None,
                    })
                    .sum();
                prop_assert_eq!(state.vp(side), before.vp(side) + scored);
            }
            prop_assert_eq!(state.turn, before.turn + 1);
        }
        prev = Some(state);
    }
    let last = record.last().unwrap();
    prop_assert!(last.outcome.is_some());
    prop_assert!(record.verified.entries.values().all(|n| *n > 0));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        // 48 games per property by default; PROPTEST_CASES=400 for a long run.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_base_games_keep_the_rules(seed in proptest::collection::vec(any::<u8>(), 8)) {
        check_game(&Ruleset::base().unwrap(), &seed)?;
    }

    #[test]
    fn random_classic_base_games_keep_the_rules(seed in proptest::collection::vec(any::<u8>(), 8)) {
        check_game(&Ruleset::base_classic().unwrap(), &seed)?;
    }

    #[test]
    fn random_nippon_games_keep_the_rules(seed in proptest::collection::vec(any::<u8>(), 8)) {
        check_game(&Ruleset::nippon().unwrap(), &seed)?;
    }

    #[test]
    fn state_files_round_trip(seed in proptest::collection::vec(any::<u8>(), 8)) {
        let rs = Ruleset::nippon().unwrap();
        let record = common::random_game(&rs, "ron", &seed).unwrap();
        for (state, _) in record.history.iter().step_by(7) {
            let text = mori::state_to_ron(state).unwrap();
            let back = mori::state_from_ron(&text).unwrap();
            prop_assert_eq!(&back, state);
            prop_assert_eq!(mori::state_to_ron(&back).unwrap(), text);
        }
    }
}

/// Random games reach every rule of 002 that a turn can apply; a rule no
/// game ever reaches is untested by the properties above.
#[test]
fn random_games_reach_every_rule() {
    use mori::Rule;
    let mut seen = std::collections::BTreeSet::new();
    for (i, rs) in [Ruleset::base().unwrap(), Ruleset::nippon().unwrap()]
        .iter()
        .enumerate()
    {
        for g in 0..60 {
            let record = common::random_game(rs, "reach", format!("{i}-{g}").as_bytes()).unwrap();
            for (_, events) in &record.history {
                seen.extend(events.iter().map(|e| e.rule()));
            }
        }
    }
    let wanted = [
        Rule::UnitTypes,
        Rule::BlitzAirforce,
        Rule::GeneralAdmiral,
        Rule::Elite,
        Rule::TaskForce,
        Rule::BlitzForces,
        Rule::BombingToken,
        Rule::Nuclear,
        Rule::Spy,
        Rule::Scientist,
        Rule::Setup,
        Rule::Place,
        Rule::Effect,
        Rule::MoveMarker,
        Rule::CloseCampaign,
        Rule::CloseTheatre,
        Rule::DrawPhase,
        Rule::WarVictory,
        Rule::CannotPlace,
        Rule::Godzilla,
        Rule::Partisans,
        Rule::InspiredLeadership,
        Rule::NipponSetup,
        Rule::NipponClose,
        Rule::NipponVictory,
    ];
    let missing: Vec<_> = wanted.iter().filter(|r| !seen.contains(r)).collect();
    assert!(missing.is_empty(), "never reached: {missing:?}");
}
