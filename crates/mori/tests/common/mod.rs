//! Shared helpers: a random (but reproducible) legal player.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use mori::demo::{orders_text, play_game, GameRecord, Player};
use mori::draw::hash_fields;
use mori::legal::legal_targets;
use mori::tokens::TokenKind;
use mori::{check, PrivateState, RawOrders, Ruleset, Side, State};

/// A stream of choices from a seed.
#[derive(Clone)]
pub struct Dice {
    seed: Vec<u8>,
    n: u64,
}

impl Dice {
    pub fn new(seed: &[u8]) -> Dice {
        Dice {
            seed: seed.to_vec(),
            n: 0,
        }
    }
    pub fn below(&mut self, k: usize) -> usize {
        self.n += 1;
        let h = hash_fields(&[b"test-dice", &self.seed, &self.n.to_be_bytes()]);
        let x = u64::from_be_bytes(h[..8].try_into().unwrap());
        (x % k.max(1) as u64) as usize
    }
}

/// A random legal player: a random token of the reserve that can be
/// placed, a random space, sometimes a blitz follow-up and random
/// strategic and opening choices (kept only if the checker accepts them).
pub fn random_orders(
    dice: &mut Dice,
    rs: &Ruleset,
    state: &State,
    private: &PrivateState,
) -> String {
    let side = private.side;
    let options: Vec<(String, Vec<mori::legal::Target>)> = private
        .reserve
        .iter()
        .map(|t| (t.clone(), legal_targets(rs, state, side, t)))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    if options.is_empty() {
        return orders_text(state, private, &[]);
    }
    let (token, targets) = &options[dice.below(options.len())];
    let target = targets[dice.below(targets.len())].clone();
    let theatres: Vec<String> = rs.board.theatres.iter().map(|t| t.id.clone()).collect();
    let strategic = vec![theatres[dice.below(theatres.len())].clone()];
    let mut first = vec![(token.clone(), target.clone(), strategic)];
    let accept = |places: &[(String, mori::legal::Target, Vec<String>)]| {
        let text = orders_text(state, private, places);
        let ok = RawOrders::parse(&text).is_ok_and(|raw| check(rs, state, &raw).is_ok());
        ok.then_some(text)
    };
    if accept(&first).is_none() {
        first[0].2.clear();
    }
    let blitz = rs.catalogue.get(token).is_some_and(|d| {
        matches!(
            d.kind,
            TokenKind::BlitzAirforce | TokenKind::BlitzArmy | TokenKind::BlitzNavy
        )
    });
    if blitz && dice.below(4) != 0 {
        let others: Vec<&String> = private.reserve.iter().filter(|t| *t != token).collect();
        if !others.is_empty() {
            let other = others[dice.below(others.len())];
            let spaces: Vec<_> = legal_targets(rs, state, side, other)
                .into_iter()
                .filter(|t| t.theatre == target.theatre && *t != target)
                .collect();
            if !spaces.is_empty() {
                let mut places = first.clone();
                places.push((
                    other.clone(),
                    spaces[dice.below(spaces.len())].clone(),
                    Vec::new(),
                ));
                if let Some(text) = accept(&places) {
                    return text;
                }
            }
        }
    }
    accept(&first).unwrap_or_else(|| orders_text(state, private, &first))
}

/// Plays a whole random game.
pub fn random_game(
    rs: &Ruleset,
    game: &str,
    seed: &[u8],
) -> Result<GameRecord, mori::demo::DemoError> {
    let secrets: BTreeMap<Side, [u8; 32]> = rs
        .sides()
        .iter()
        .map(|s| (*s, hash_fields(&[b"secret", seed, s.name().as_bytes()])))
        .collect();
    let dice = Rc::new(RefCell::new(Dice::new(seed)));
    let mut players: BTreeMap<Side, Box<Player<'_>>> = BTreeMap::new();
    for side in rs.sides() {
        let d = Rc::clone(&dice);
        players.insert(
            side,
            Box::new(move |rs: &Ruleset, st: &State, p: &PrivateState| {
                random_orders(&mut d.borrow_mut(), rs, st, p)
            }),
        );
    }
    let game_seed = seed.to_vec();
    let mut seeds = |label: &str| hash_fields(&[b"turn", &game_seed, label.as_bytes()]).to_vec();
    play_game(rs, game, &secrets, &mut seeds, &mut players)
}
