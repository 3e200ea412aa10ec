//! A whole game between two scripted players from fixed seeds and
//! secrets, both secrets revealed at the end and every hidden draw
//! verified.  Also the driver the tests use for random players.

use std::collections::BTreeMap;

use pbem::seed::Seed;

use crate::draw::{hash_fields, Secret};
use crate::events::Event;
use crate::hidden::{self, commit_secret, PrivateState, Verified};
use crate::legal::{legal_targets, spy_copies, Target};
use crate::orders::{check, OrderError, RawOrders};
use crate::ruleset::{DataError, Ruleset, Side, Variant};
use crate::state::State;
use crate::tokens::TokenKind;
use crate::{adjudicate, new_game, report};

/// Turns after which a game is stopped as runaway (it always ends sooner:
/// every turn fills a space).
pub const MAX_TURNS: u32 = 400;

/// Why a driven game failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DemoError {
    #[error("data: {0}")]
    Data(#[from] DataError),
    #[error("set-up: {0}")]
    Setup(String),
    #[error("turn {turn}: orders rejected: {errors:?}\n{orders}")]
    Rejected {
        turn: u32,
        errors: Vec<OrderError>,
        orders: String,
    },
    #[error("hidden: {0:?}")]
    Hidden(Vec<hidden::HiddenError>),
    #[error("the game did not end in {0} turns")]
    Runaway(u32),
}

/// A game played through.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The state after set-up, then after each turn, with its events.
    pub history: Vec<(State, Vec<Event>)>,
    /// Every order file sent.
    pub orders: Vec<String>,
    /// The reports, one per turn.
    pub reports: Vec<String>,
    pub verified: Verified,
    pub secrets: BTreeMap<Side, Secret>,
}

impl GameRecord {
    pub fn last(&self) -> Option<&State> {
        self.history.last().map(|(s, _)| s)
    }
}

/// A fixed secret for scripted play (never for a real game).
pub fn fixed_secret(name: &str) -> Secret {
    hash_fields(&[b"mori-demo/secret", name.as_bytes()])
}

/// A fixed turn seed for scripted play (a real game uses a public beacon).
pub fn fixed_seed(game: &str, label: &str) -> Vec<u8> {
    hash_fields(&[b"mori-demo/seed", game.as_bytes(), label.as_bytes()]).to_vec()
}

/// The agreed text a scripted game folder's turn is resolved with (`blitz demo`): the
/// fixed seed in hex.
pub fn fixed_seed_text(game: &str, label: &str) -> String {
    hex::encode(fixed_seed(game, label))
}

/// A player: from the public state and his own private state, the text of
/// his order file.
pub type Player<'a> = dyn FnMut(&Ruleset, &State, &PrivateState) -> String + 'a;

/// Plays a whole game: each side's tool syncs its private state, writes
/// orders, they are checked (publicly and against the reserve) and
/// adjudicated with the turn's seed; at the end both secrets are revealed
/// and verified.
pub fn play_game(
    rs: &Ruleset,
    game_id: &str,
    secrets: &BTreeMap<Side, Secret>,
    seed: &mut dyn FnMut(&str) -> Vec<u8>,
    players: &mut BTreeMap<Side, Box<Player<'_>>>,
) -> Result<GameRecord, DemoError> {
    let commitments: BTreeMap<Side, String> = secrets
        .iter()
        .map(|(s, x)| (*s, commit_secret(game_id, *s, x)))
        .collect();
    let (mut state, events) = new_game(rs, game_id, &commitments, &seed("setup"))
        .map_err(|e| DemoError::Setup(e.to_string()))?;
    let mut privates = BTreeMap::new();
    for side in rs.sides() {
        let secret = secrets
            .get(&side)
            .ok_or(DemoError::Setup(format!("no secret for {side}")))?;
        let mut p = PrivateState::new(rs, game_id, side, secret);
        hidden::sync(&state, &mut p).map_err(|e| DemoError::Hidden(vec![e]))?;
        privates.insert(side, p);
    }
    let mut record = GameRecord {
        history: vec![(state.clone(), events.clone())],
        orders: Vec::new(),
        reports: vec![report(rs, &state, &events)],
        verified: hidden::Verified {
            entries: BTreeMap::new(),
            reserves: BTreeMap::new(),
        },
        secrets: secrets.clone(),
    };
    while state.outcome.is_none() {
        if state.turn > MAX_TURNS {
            return Err(DemoError::Runaway(MAX_TURNS));
        }
        let side = state.to_move;
        let Some(private) = privates.get_mut(&side) else {
            return Err(DemoError::Setup(format!("no private state for {side}")));
        };
        hidden::sync(&state, private).map_err(|e| DemoError::Hidden(vec![e]))?;
        let Some(player) = players.get_mut(&side) else {
            return Err(DemoError::Setup(format!("no player for {side}")));
        };
        let text = player(rs, &state, private);
        let rejected = |errors: Vec<OrderError>| DemoError::Rejected {
            turn: state.turn,
            errors,
            orders: text.clone(),
        };
        let raw = RawOrders::parse(&text).map_err(rejected)?;
        let orders = check(rs, &state, &raw).map_err(rejected)?;
        hidden::check_private(&state, private, &orders).map_err(rejected)?;
        let s = seed(&State::label(state.turn));
        let (next, events) = adjudicate(rs, &state, &orders, &s).map_err(rejected)?;
        record.reports.push(report(rs, &next, &events));
        record.orders.push(text);
        record.history.push((next.clone(), events));
        state = next;
    }
    for p in privates.values_mut() {
        hidden::sync(&state, p).map_err(|e| DemoError::Hidden(vec![e]))?;
    }
    record.verified = hidden::verify_hidden(rs, &state, secrets).map_err(DemoError::Hidden)?;
    Ok(record)
}

/// The order file for a list of placements (token, target, choices). Its `[seed]`
/// names, by its SHA-256, the agreed text a scripted game folder resolves the turn
/// with ([`fixed_seed_text`]); a concession names none.
pub fn orders_text(
    state: &State,
    private: &PrivateState,
    places: &[(String, Target, Vec<String>)],
) -> String {
    let mut out = format!(
        "game = {:?}\nturn = {}\nside = {:?}\n",
        state.game_id,
        state.turn,
        private.side.name()
    );
    if places.is_empty() {
        out.push_str("concede = true\n");
        return out;
    }
    if let Ok(c) = private.commitment(&State::label(state.turn)) {
        out.push_str(&format!("commitment = {c:?}\n"));
    }
    let label = State::label(state.turn);
    if let Ok(seed) = Seed::from_text(&fixed_seed_text(&state.game_id, &label)) {
        out.push_str(&format!(
            "\n[seed]\nsource = \"text\"\ndescription = \"the demo's seed for {label}\"\nsha256 = {:?}\n",
            seed.hash_hex()
        ));
    }
    for (token, t, strategic) in places {
        out.push_str(&format!(
            "\n[[place]]\ntoken = {token:?}\ntheatre = {:?}\ncampaign = {}\nspace = {}\n",
            t.theatre, t.campaign, t.space
        ));
        if !strategic.is_empty() {
            let list: Vec<String> = strategic.iter().map(|s| format!("{s:?}")).collect();
            out.push_str(&format!("strategic = [{}]\n", list.join(", ")));
        }
    }
    out
}

/// How much the scripted player likes a placement.
fn appeal(rs: &Ruleset, state: &State, side: Side, token: &str, t: &Target) -> i64 {
    let Some(def) = rs.catalogue.get(token) else {
        return i64::MIN;
    };
    let kind_def = if def.kind == TokenKind::Spy {
        spy_copies(rs, state, side)
            .and_then(|c| rs.catalogue.get(&c))
            .unwrap_or(def)
    } else {
        def
    };
    let value = match kind_def.kind {
        TokenKind::General | TokenKind::Admiral | TokenKind::Partisans => 2,
        TokenKind::Scientist => 0,
        _ => i64::from(kind_def.value),
    };
    let Some((_, tdef)) = rs.board.theatre(&t.theatre) else {
        return i64::MIN;
    };
    let effect = tdef
        .campaigns
        .get(t.campaign.saturating_sub(1))
        .and_then(|c| c.spaces.get(t.space.saturating_sub(1)))
        .and_then(|s| s.effect)
        .map_or(0, |e| match e {
            crate::board::Effect::Propaganda(n) => 3 * i64::from(n),
            crate::board::Effect::Tactical(n) => 2 * i64::from(n),
            _ => 2,
        });
    let marker = state.theatres.get(&t.theatre).map_or(0, |x| x.marker) * rs.sign(side);
    let last = state
        .theatres
        .get(&t.theatre)
        .and_then(|x| x.campaigns.get(t.campaign.saturating_sub(1)))
        .is_some_and(|c| c.free() == 1);
    let closing = if last && marker + i32::try_from(value).unwrap_or(0) > 0 {
        6
    } else {
        0
    };
    10 * value + effect + closing
}

/// The scripted player: the placement it likes best, ties to the first
/// token and space in canonical order; after a blitz token, a follow-up in
/// the same theatre if the checker accepts one.
pub fn scripted_orders(rs: &Ruleset, state: &State, private: &PrivateState) -> String {
    let side = private.side;
    let mut best: Option<(i64, String, Target)> = None;
    for token in &private.reserve {
        for t in legal_targets(rs, state, side, token) {
            let a = appeal(rs, state, side, token, &t);
            if best.as_ref().is_none_or(|(b, _, _)| a > *b) {
                best = Some((a, token.clone(), t));
            }
        }
    }
    let Some((_, token, target)) = best else {
        return orders_text(state, private, &[]);
    };
    let first = vec![(token.clone(), target.clone(), Vec::new())];
    let blitz = rs.catalogue.get(&token).is_some_and(|d| {
        matches!(
            d.kind,
            TokenKind::BlitzAirforce | TokenKind::BlitzArmy | TokenKind::BlitzNavy
        )
    });
    if blitz {
        for other in private.reserve.iter().filter(|t| **t != token) {
            for t in legal_targets(rs, state, side, other) {
                if t.theatre != target.theatre || t == target {
                    continue;
                }
                let mut places = first.clone();
                places.push((other.clone(), t, Vec::new()));
                let text = orders_text(state, private, &places);
                let ok = RawOrders::parse(&text).is_ok_and(|raw| check(rs, state, &raw).is_ok());
                if ok {
                    return text;
                }
            }
        }
    }
    orders_text(state, private, &first)
}

/// The ruleset the demonstration game of a variant is played with.  The
/// Nippon sample keeps the game it has always been, Godzilla in the research
/// pile ([`crate::Godzilla::Drawn`]), so the folders it wrote stay the same
/// bytes.
pub fn ruleset(variant: Variant) -> Result<Ruleset, crate::DataError> {
    match variant {
        Variant::Base => Ruleset::base(),
        Variant::Nippon => Ruleset::nippon_godzilla_drawn(),
    }
}

/// Plays the scripted demonstration game of a variant.
pub fn demo(variant: Variant) -> Result<GameRecord, DemoError> {
    let rs = ruleset(variant)?;
    let game_id = match variant {
        Variant::Base => "demo-base",
        Variant::Nippon => "demo-nippon",
    };
    let secrets: BTreeMap<Side, Secret> = rs
        .sides()
        .iter()
        .map(|s| (*s, fixed_secret(s.name())))
        .collect();
    let mut players: BTreeMap<Side, Box<Player<'_>>> = BTreeMap::new();
    for side in rs.sides() {
        players.insert(side, Box::new(scripted_orders));
    }
    let mut seed = |label: &str| fixed_seed(game_id, label);
    play_game(&rs, game_id, &secrets, &mut seed, &mut players)
}
