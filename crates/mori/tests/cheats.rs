//! One test per cheat of docs/hidden.md: each cheat is tried and caught.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use mori::demo::{fixed_secret, fixed_seed, orders_text, scripted_orders};
use mori::draw::Secret;
use mori::hidden::{self, check_private, commit_secret, forfeits, verify_hidden, HiddenError};
use mori::legal::legal_targets;
use mori::state::HiddenOp;
use mori::{
    adjudicate, check, new_game, Event, PrivateState, RawOrders, RefereeState, Ruleset, Side, State,
};

struct Game {
    rs: Ruleset,
    state: State,
    privates: BTreeMap<Side, PrivateState>,
    secrets: BTreeMap<Side, Secret>,
}

const GAME: &str = "cheat-test";

fn start() -> Game {
    let rs = Ruleset::base().unwrap();
    let secrets: BTreeMap<Side, Secret> = rs
        .sides()
        .iter()
        .map(|s| (*s, fixed_secret(s.name())))
        .collect();
    let commitments = secrets
        .iter()
        .map(|(s, x)| (*s, commit_secret(GAME, *s, x)))
        .collect();
    let (state, _) = new_game(&rs, GAME, &commitments, &fixed_seed(GAME, "setup")).unwrap();
    let mut privates = BTreeMap::new();
    for side in rs.sides() {
        let mut p = PrivateState::new(&rs, GAME, side, &secrets[&side]);
        hidden::sync(&state, &mut p).unwrap();
        privates.insert(side, p);
    }
    Game {
        rs,
        state,
        privates,
        secrets,
    }
}

impl Game {
    /// One honest turn (the mover's tool syncs, writes, checks, sends).
    fn honest_turn(&mut self) -> Vec<Event> {
        let side = self.state.to_move;
        let p = self.privates.get_mut(&side).unwrap();
        hidden::sync(&self.state, p).unwrap();
        let text = scripted_orders(&self.rs, &self.state, p);
        self.send(&text)
    }

    fn send(&mut self, text: &str) -> Vec<Event> {
        let raw = RawOrders::parse(text).unwrap();
        let orders = check(&self.rs, &self.state, &raw).unwrap();
        let seed = fixed_seed(GAME, &State::label(self.state.turn));
        let (next, events) = adjudicate(&self.rs, &self.state, &orders, &seed).unwrap();
        self.state = next;
        events
    }

    fn sync(&mut self, side: Side) {
        hidden::sync(&self.state, self.privates.get_mut(&side).unwrap()).unwrap();
    }

    fn verify(&self) -> Result<hidden::Verified, Vec<HiddenError>> {
        verify_hidden(&self.rs, &self.state, &self.secrets)
    }
}

#[test]
fn honest_play_verifies() {
    let mut g = start();
    for _ in 0..12 {
        g.honest_turn();
    }
    assert!(g.verify().is_ok());
}

#[test]
fn playing_a_token_never_drawn_is_caught() {
    let mut g = start();
    for _ in 0..4 {
        g.honest_turn();
    }
    let side = g.state.to_move;
    g.sync(side);
    let p = g.privates[&side].clone();
    // A token from his bag, which he never drew, that fits somewhere.
    let (token, target) = p
        .bag
        .iter()
        .find_map(|t| {
            legal_targets(&g.rs, &g.state, side, t)
                .first()
                .map(|x| (t.clone(), x.clone()))
        })
        .unwrap();
    let text = orders_text(&g.state, &p, &[(token.clone(), target, Vec::new())]);
    let raw = RawOrders::parse(&text).unwrap();
    let orders = check(&g.rs, &g.state, &raw).unwrap(); // the public cannot tell
                                                        // His own honest tool would have refused...
    let errs = check_private(&g.state, &p, &orders).unwrap_err();
    assert!(errs.iter().any(|e| e.code() == "M115"), "{errs:?}");
    // ...but a cheating tool sends it, and the reveal catches it.
    g.send(&text);
    let errs = g.verify().unwrap_err();
    assert!(
        errs.iter().any(|e| matches!(e, HiddenError::NotHeld { side: s, token: t, .. } if *s == side && *t == token)),
        "{errs:?}"
    );
    assert_eq!(forfeits(&errs), [side].into_iter().collect());
}

#[test]
fn re_rolling_with_another_secret_is_caught() {
    let mut g = start();
    let side = g.rs.first();
    // The cheat's tool draws with a secret other than the one committed.
    let other = fixed_secret("a better secret");
    let mut p = PrivateState::new(&g.rs, GAME, side, &other);
    hidden::sync(&g.state, &mut p).unwrap();
    g.privates.insert(side, p);
    for _ in 0..6 {
        g.honest_turn();
    }
    // Revealing the secret he used does not match his commitment...
    let mut revealed = g.secrets.clone();
    revealed.insert(side, other);
    let errs = verify_hidden(&g.rs, &g.state, &revealed).unwrap_err();
    assert!(
        errs.contains(&HiddenError::SecretMismatch { side }),
        "{errs:?}"
    );
    // ...and revealing the committed one does not match his play.
    let errs = g.verify().unwrap_err();
    assert!(
        errs.iter()
            .any(|e| matches!(e, HiddenError::CommitmentMismatch { side: s, .. } if *s == side)),
        "{errs:?}"
    );
    assert!(forfeits(&errs).contains(&side));
}

#[test]
fn lying_about_a_bombing_discard_is_caught() {
    let mut g = start();
    // Play until someone is bombed.
    let victim = loop {
        let events = g.honest_turn();
        if let Some(v) = events.iter().find_map(|e| match e {
            Event::Bombed { victim, .. } => Some(*victim),
            _ => None,
        }) {
            break v;
        }
        assert!(
            g.state.outcome.is_none() && g.state.turn < 60,
            "no bombing happened"
        );
    };
    // The victim's tool applies the discard, then lies: it puts the
    // discarded token back (and, if it can, discards another one instead).
    let p = g.privates.get_mut(&victim).unwrap();
    let learned = hidden::sync(&g.state, p).unwrap();
    let discarded = learned
        .iter()
        .find_map(|l| match l {
            hidden::Learned::Discarded { token, .. } => Some(token.clone()),
            _ => None,
        })
        .unwrap();
    let other = p.reserve.iter().next().cloned();
    p.bag.remove(&discarded);
    p.reserve.insert(discarded);
    if let Some(k) = other {
        // He discards another token instead.
        p.reserve.remove(&k);
        p.bag.insert(k);
    }
    // He plays on; his next commitment tells on him.
    while g.state.to_move != victim {
        g.honest_turn();
    }
    let p = g.privates[&victim].clone();
    let text = scripted_orders(&g.rs, &g.state, &p);
    g.send(&text);
    let errs = g.verify().unwrap_err();
    assert!(
        errs.iter()
            .any(|e| matches!(e, HiddenError::CommitmentMismatch { side, .. } if *side == victim)),
        "{errs:?}"
    );
}

#[test]
fn a_draw_that_did_not_follow_the_seed_is_caught() {
    let mut g = start();
    g.honest_turn();
    let side = g.state.to_move;
    g.sync(side);
    // His tool swaps the token he drew for the best one in his bag.
    let p = g.privates.get_mut(&side).unwrap();
    let best = p
        .bag
        .iter()
        .max_by_key(|t| g.rs.catalogue.get(t).map_or(0, |d| d.value))
        .cloned()
        .unwrap();
    let worst = p
        .reserve
        .iter()
        .min_by_key(|t| g.rs.catalogue.get(t).map_or(0, |d| d.value))
        .cloned()
        .unwrap();
    p.bag.remove(&best);
    p.reserve.insert(best.clone());
    p.reserve.remove(&worst);
    p.bag.insert(worst);
    // He plays the token he gave himself.
    let target = legal_targets(&g.rs, &g.state, side, &best)[0].clone();
    let p = g.privates[&side].clone();
    g.send(&orders_text(
        &g.state,
        &p,
        &[(best.clone(), target, Vec::new())],
    ));
    let errs = g.verify().unwrap_err();
    assert!(
        errs.iter()
            .any(|e| matches!(e, HiddenError::CommitmentMismatch { side: s, .. } if *s == side)),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| matches!(e, HiddenError::NotHeld { token, .. } if *token == best)),
        "{errs:?}"
    );
}

#[test]
fn withholding_the_reveal_forfeits() {
    let mut g = start();
    for _ in 0..5 {
        g.honest_turn();
    }
    let withholder = g.rs.second();
    let mut revealed = g.secrets.clone();
    revealed.remove(&withholder);
    let errs = verify_hidden(&g.rs, &g.state, &revealed).unwrap_err();
    assert_eq!(errs, vec![HiddenError::Unrevealed { side: withholder }]);
    assert_eq!(forfeits(&errs), [withholder].into_iter().collect());
}

#[test]
fn research_cannot_be_peeked_at_or_chosen() {
    let mut g = start();
    // Find a turn with a research draw.
    let (before, text) = loop {
        let before = g.state.clone();
        let side = g.state.to_move;
        g.sync(side);
        let text = scripted_orders(&g.rs, &g.state, &g.privates[&side]);
        let events = g.send(&text);
        if events.iter().any(|e| matches!(e, Event::Researched { .. })) {
            break (before, text);
        }
        assert!(g.state.outcome.is_none(), "no research happened");
    };
    // The research token is the seed's choice: other seeds pick others, so
    // it cannot be known when the orders are written, and it is the same
    // for both players (it is in the public events and state).
    let raw = RawOrders::parse(&text).unwrap();
    let orders = check(&g.rs, &before, &raw).unwrap();
    let mut drawn = std::collections::BTreeSet::new();
    for i in 0..16u8 {
        let (_, events) = adjudicate(&g.rs, &before, &orders, &[i; 32]).unwrap();
        for e in events {
            if let Event::Researched { token, .. } = e {
                drawn.insert(token);
            }
        }
    }
    assert!(drawn.len() > 1, "{drawn:?}");
    // No secret takes part: the adjudication with the same seed is the same
    // whoever runs it.
    let seed = fixed_seed(GAME, &State::label(before.turn));
    assert_eq!(
        adjudicate(&g.rs, &before, &orders, &seed).unwrap(),
        adjudicate(&g.rs, &before, &orders, &seed).unwrap()
    );
}

#[test]
fn a_secret_must_be_committed_before_the_seed() {
    let rs = Ruleset::base().unwrap();
    let mut commitments = BTreeMap::new();
    commitments.insert(
        Side::Axis,
        commit_secret(GAME, Side::Axis, &fixed_secret("a")),
    );
    let err = new_game(&rs, GAME, &commitments, b"seed").unwrap_err();
    assert_eq!(err, mori::SetupError::NoCommitment(Side::Allied));
    assert_ne!(
        commit_secret(GAME, Side::Axis, &fixed_secret("a")),
        commit_secret(GAME, Side::Axis, &fixed_secret("b"))
    );
}

#[test]
fn the_public_state_does_not_show_a_reserve() {
    let rs = Ruleset::base().unwrap();
    let secrets: BTreeMap<Side, Secret> = rs
        .sides()
        .iter()
        .map(|s| (*s, fixed_secret(s.name())))
        .collect();
    let (r, _) = RefereeState::new(&rs, "view", &secrets, b"seed").unwrap();
    let axis_view = r.view(Side::Axis);
    let text = ron::to_string(&axis_view).unwrap();
    for s in secrets.values() {
        assert!(!text.contains(&hex::encode(s)));
    }
    assert_eq!(axis_view.reserve, r.private[&Side::Axis].reserve);
    // The Allied reserve is one of many sets the public could guess: the
    // ledger names no drawn token.
    let allied = &r.public.players[&Side::Allied];
    assert!(allied
        .ledger
        .iter()
        .all(|op| !matches!(op, HiddenOp::Play { .. } | HiddenOp::ToReserve { .. })));
    assert!(r.public.off_board(Side::Allied).len() > r.private[&Side::Allied].reserve.len());
    let reserve_names: Vec<&String> = r.private[&Side::Allied].reserve.iter().collect();
    let ledger = ron::to_string(&allied.ledger).unwrap();
    assert!(reserve_names.iter().all(|t| !ledger.contains(t.as_str())));
}

#[test]
fn a_commitment_that_does_not_match_is_refused_by_the_owners_tool() {
    let mut g = start();
    let side = g.state.to_move;
    let p = g.privates[&side].clone();
    let text = scripted_orders(&g.rs, &g.state, &p);
    let bad = text.replace(
        &p.commitment(&State::label(g.state.turn)).unwrap(),
        &"0".repeat(64),
    );
    let raw = RawOrders::parse(&bad).unwrap();
    let orders = check(&g.rs, &g.state, &raw).unwrap();
    let errs = check_private(&g.state, &p, &orders).unwrap_err();
    assert_eq!(errs[0].code(), "M142");
    g.send(&bad);
    assert!(g.verify().is_err());
}

#[test]
fn private_states_travel_encrypted() {
    let g = start();
    let id = age::x25519::Identity::generate();
    let recipient = id.to_public().to_string();
    let p = &g.privates[&Side::Axis];
    let sealed = hidden::seal(p, &recipient).unwrap();
    let text = String::from_utf8_lossy(&sealed);
    assert!(!text.contains(p.reserve.iter().next().unwrap().as_str()));
    use age::secrecy::ExposeSecret;
    let key = id.to_string();
    assert_eq!(&hidden::unseal(&sealed, key.expose_secret()).unwrap(), p);
    let other = age::x25519::Identity::generate();
    assert!(hidden::unseal(&sealed, other.to_string().expose_secret()).is_err());
}

#[test]
fn a_refereed_game_runs_to_the_end_and_verifies() {
    let rs = Ruleset::nippon().unwrap();
    let secrets: BTreeMap<Side, Secret> = rs
        .sides()
        .iter()
        .map(|s| (*s, fixed_secret(s.name())))
        .collect();
    let (mut r, _) = RefereeState::new(&rs, "referee", &secrets, b"setup").unwrap();
    while r.public.outcome.is_none() {
        let side = r.public.to_move;
        let text = scripted_orders(&rs, &r.public, &r.private[&side]);
        // Players in referee mode send no commitment: the referee adds it.
        let text: String = text
            .lines()
            .filter(|l| !l.starts_with("commitment"))
            .collect::<Vec<_>>()
            .join("\n");
        let seed = fixed_seed("referee", &State::label(r.public.turn));
        r.play(&rs, &RawOrders::parse(&text).unwrap(), &seed)
            .unwrap();
    }
    assert!(verify_hidden(&rs, &r.public, &r.secrets()).is_ok());
}

#[test]
fn the_referee_refuses_a_token_outside_the_reserve() {
    let rs = Ruleset::base().unwrap();
    let secrets: BTreeMap<Side, Secret> = rs
        .sides()
        .iter()
        .map(|s| (*s, fixed_secret(s.name())))
        .collect();
    let (mut r, _) = RefereeState::new(&rs, "referee", &secrets, b"setup").unwrap();
    let side = r.public.to_move;
    let token = r.private[&side].bag.iter().next().unwrap().clone();
    let target = legal_targets(&rs, &r.public, side, &token)[0].clone();
    let text = format!(
        "game = \"referee\"\nturn = 1\nside = \"{}\"\n\n[[place]]\ntoken = \"{token}\"\ntheatre = \"{}\"\nspace = {}\n",
        side.name(),
        target.theatre,
        target.space
    );
    let before = r.clone();
    let err = r
        .play(&rs, &RawOrders::parse(&text).unwrap(), b"seed")
        .unwrap_err();
    match err {
        mori::RefereeError::Orders(errs) => assert_eq!(errs[0].code(), "M115"),
        other => panic!("{other:?}"),
    }
    assert_eq!(r, before, "a refused turn changes nothing");
}
