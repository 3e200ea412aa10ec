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
    // The sample keeps Godzilla in the research pile (`mori::demo::ruleset`).
    assert_eq!(last.godzilla, mori::Godzilla::Drawn);
    assert!(last
        .invariant_problems(&mori::demo::ruleset(Variant::Nippon).unwrap())
        .is_empty());
    println!("{}", r.reports.last().unwrap());
}

/// 002 §8.1, §8.4 (the default option): a Nippon game with Godzilla Japan's plays to its
/// end and verifies with every hidden draw; Godzilla is Japan's in every state and never
/// in the research pile. A private file made under the other option (a secret made
/// before the game) takes its set-up bag from the state.
#[test]
fn a_nippon_game_with_godzilla_japans_ends_and_verifies() {
    use mori::demo::{fixed_secret, fixed_seed, play_game, scripted_orders};
    use mori::{Godzilla, PrivateState, Ruleset, Side};
    use std::collections::BTreeMap;
    let rs = Ruleset::nippon().unwrap();
    let game = "godzilla-japanese";
    let secrets: BTreeMap<Side, _> = rs
        .sides()
        .iter()
        .map(|s| (*s, fixed_secret(s.name())))
        .collect();
    let mut players: BTreeMap<Side, Box<mori::demo::Player<'_>>> = BTreeMap::new();
    for side in rs.sides() {
        players.insert(side, Box::new(scripted_orders));
    }
    let mut seed = |label: &str| fixed_seed(game, label);
    let r = play_game(&rs, game, &secrets, &mut seed, &mut players).unwrap();
    let godzilla = "sw-godzilla-1".to_string();
    for (st, _) in &r.history {
        assert_eq!(st.godzilla, Godzilla::Japanese);
        assert!(st.players[&Side::Japan].owned.contains(&godzilla));
        assert!(!st.players[&Side::Germany].owned.contains(&godzilla));
        assert!(!st.research_pile.contains(&godzilla));
        assert!(st.invariant_problems(&rs).is_empty());
    }
    assert!(r.last().unwrap().outcome.is_some());

    // Its secret's private file made under the other option: the player's view of
    // every state is the one a file made for this game gives.
    let other = Ruleset::nippon_godzilla_drawn().unwrap();
    let made_before = PrivateState::new(&other, game, Side::Japan, &secrets[&Side::Japan]);
    assert!(!made_before.bag.contains(&godzilla));
    let made_here = PrivateState::new(&rs, game, Side::Japan, &secrets[&Side::Japan]);
    for (st, _) in [&r.history[0], &r.history[r.history.len() / 2]] {
        let before = mori::player::view(st, &made_before).unwrap();
        let here = mori::player::view(st, &made_here).unwrap();
        assert_eq!(before, here);
    }
}
