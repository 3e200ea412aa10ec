//! Hidden information without a trusted referee.
//!
//! Each player keeps a [`PrivateState`]: his secret (32 bytes made on his
//! machine), his reserve and his bag.  The public [`State`] holds only the
//! commitment to the secret, the counts, and a ledger of hidden operations
//! (draws, bombing discards, plays, commitments to the reserve and bag).
//! A draw is a function of the turn's published seed, the drawer's secret,
//! the game id, the turn label and the draw's index, so the opponent cannot
//! compute it and the drawer cannot choose it.  The owner's tool applies
//! the ledger in his next run ([`sync`]); at the end both secrets are
//! revealed and [`verify_hidden`] replays every operation.  See
//! `docs/hidden.md` for the protocol and what each cheat runs into.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::draw::{self, Secret, DISCARD_DOMAIN, DRAW_DOMAIN};
use crate::engine;
use crate::events::Event;
use crate::orders::{OrderError, Orders, RawOrders};
use crate::ruleset::{Ruleset, Side};
use crate::section::Rule;
use crate::state::{HiddenOp, PlayerPublic, State};

/// What a player holds behind his screen, and his secret.  Kept by his
/// own tool, or sent to him encrypted ([`seal`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateState {
    pub game_id: String,
    pub side: Side,
    /// The secret, 64 hex digits.
    pub secret: String,
    pub reserve: BTreeSet<String>,
    pub bag: BTreeSet<String>,
    /// How many ledger entries have been applied.
    pub applied: usize,
}

/// What the owner learns when his tool applies the ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Learned {
    Drew { token: String, label: String },
    Discarded { token: String, label: String },
}

/// A broken promise found in the hidden part of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum HiddenError {
    #[error("H001 the {side} player's secret is not 64 hex digits")]
    BadSecret { side: Side },
    #[error("H002 the {side} player's revealed secret does not match his commitment")]
    SecretMismatch { side: Side },
    #[error("H003 the {side} player did not reveal his secret: he forfeits the game")]
    Unrevealed { side: Side },
    #[error("H004 the {side} player played {token} (ledger entry {entry}) without holding it")]
    NotHeld {
        side: Side,
        token: String,
        entry: usize,
    },
    #[error("H005 the {side} player's commitment at {label} (ledger entry {entry}) does not match his reserve and bag")]
    CommitmentMismatch {
        side: Side,
        label: String,
        entry: usize,
    },
    #[error("H006 the {side} player's counts do not match the replay: public {public:?}, replayed {replayed:?}")]
    CountMismatch {
        side: Side,
        public: (u32, u32),
        replayed: (u32, u32),
    },
    #[error("H007 ledger entry {entry} of the {side} player draws from an empty {from}")]
    EmptyDraw {
        side: Side,
        entry: usize,
        from: String,
    },
    #[error("H008 the private state is for {found}, not {expected}")]
    WrongOwner { expected: String, found: String },
    #[error("H009 the private state has applied {applied} entries but the ledger has {len}")]
    Ahead { applied: usize, len: usize },
    #[error("H010 encryption: {0}")]
    Crypto(String),
    #[error("H011 the private state cannot be read: {0}")]
    Format(String),
    #[error("H012 the set-up failed: {0}")]
    Setup(String),
}

impl HiddenError {
    pub fn code(&self) -> &'static str {
        match self {
            HiddenError::BadSecret { .. } => "H001",
            HiddenError::SecretMismatch { .. } => "H002",
            HiddenError::Unrevealed { .. } => "H003",
            HiddenError::NotHeld { .. } => "H004",
            HiddenError::CommitmentMismatch { .. } => "H005",
            HiddenError::CountMismatch { .. } => "H006",
            HiddenError::EmptyDraw { .. } => "H007",
            HiddenError::WrongOwner { .. } => "H008",
            HiddenError::Ahead { .. } => "H009",
            HiddenError::Crypto(_) => "H010",
            HiddenError::Format(_) => "H011",
            HiddenError::Setup(_) => "H012",
        }
    }

    /// The 002 section the cheat would break.
    pub fn rule(&self) -> Rule {
        match self {
            HiddenError::NotHeld { .. } => Rule::Place,
            HiddenError::EmptyDraw { .. } => Rule::DrawPhase,
            HiddenError::CountMismatch { .. } => Rule::Reserve,
            _ => Rule::Protocol,
        }
    }
}

/// The public commitment to a secret, hex.
pub fn commit_secret(game_id: &str, side: Side, secret: &Secret) -> String {
    hex::encode(draw::secret_commitment(game_id, side, secret))
}

impl PrivateState {
    /// A player's private state before the set-up draws: every token he
    /// starts with in the bag ([`Ruleset::starting_tokens`]).
    pub fn new(rs: &Ruleset, game_id: &str, side: Side, secret: &Secret) -> PrivateState {
        PrivateState {
            game_id: game_id.to_string(),
            side,
            secret: hex::encode(secret),
            reserve: BTreeSet::new(),
            bag: rs.starting_tokens(side).into_iter().collect(),
            applied: 0,
        }
    }

    fn secret_bytes(&self) -> Result<Secret, HiddenError> {
        draw::parse_secret(&self.secret).ok_or(HiddenError::BadSecret { side: self.side })
    }

    /// The commitment to the reserve and bag as they are now, salted with a
    /// salt derived from the secret and the label.
    pub fn commitment(&self, label: &str) -> Result<String, HiddenError> {
        let secret = self.secret_bytes()?;
        let salt = draw::salt(&self.game_id, self.side, &secret, label);
        Ok(hex::encode(draw::hidden_commitment(
            &salt,
            self.reserve.iter(),
            self.bag.iter(),
        )))
    }

    /// The token of `pool` a hidden draw or discard takes: the one the turn's seed and
    /// this side's secret point at (docs/hidden.md).
    #[allow(clippy::too_many_arguments)]
    fn pick(
        &self,
        domain: &str,
        pool: &BTreeSet<String>,
        from: &str,
        seed: &str,
        label: &str,
        index: u32,
        entry: usize,
    ) -> Result<String, HiddenError> {
        let secret = self.secret_bytes()?;
        let seed = hex::decode(seed).map_err(|e| HiddenError::Format(e.to_string()))?;
        let empty = || HiddenError::EmptyDraw {
            side: self.side,
            entry,
            from: from.into(),
        };
        let n = u32::try_from(pool.len()).unwrap_or(u32::MAX);
        let i = draw::hidden_index(
            domain,
            &seed,
            &secret,
            &self.game_id,
            self.side,
            label,
            index,
            n,
        )
        .ok_or_else(empty)?;
        nth(pool, i).ok_or_else(empty)
    }

    /// Applies one ledger entry.
    fn apply(&mut self, op: &HiddenOp, entry: usize) -> Result<Option<Learned>, HiddenError> {
        // Every entry needs the secret: an entry applied without it is refused.
        self.secret_bytes()?;
        let side = self.side;
        match op {
            HiddenOp::Draw {
                seed, label, index, ..
            } => {
                let token = self.pick(DRAW_DOMAIN, &self.bag, "bag", seed, label, *index, entry)?;
                self.bag.remove(&token);
                self.reserve.insert(token.clone());
                Ok(Some(Learned::Drew {
                    token,
                    label: label.clone(),
                }))
            }
            HiddenOp::Discard {
                seed, label, index, ..
            } => {
                let pool = &self.reserve;
                let token =
                    self.pick(DISCARD_DOMAIN, pool, "reserve", seed, label, *index, entry)?;
                self.reserve.remove(&token);
                self.bag.insert(token.clone());
                Ok(Some(Learned::Discarded {
                    token,
                    label: label.clone(),
                }))
            }
            HiddenOp::Play { token } => {
                if self.reserve.remove(token) {
                    Ok(None)
                } else {
                    // Keep the replay going: the token is on the board now.
                    self.bag.remove(token);
                    Err(HiddenError::NotHeld {
                        side,
                        token: token.clone(),
                        entry,
                    })
                }
            }
            HiddenOp::ToBag { token } => {
                self.bag.insert(token.clone());
                Ok(None)
            }
            HiddenOp::ToReserve { token } => {
                self.reserve.insert(token.clone());
                Ok(None)
            }
            HiddenOp::Commit { label, hash } => {
                if &self.commitment(label)? == hash {
                    Ok(None)
                } else {
                    Err(HiddenError::CommitmentMismatch {
                        side,
                        label: label.clone(),
                        entry,
                    })
                }
            }
        }
    }
}

fn nth(set: &BTreeSet<String>, i: u32) -> Option<String> {
    set.iter().nth(usize::try_from(i).ok()?).cloned()
}

/// The owner's tool brings his private state up to date with the public
/// ledger: his own draws, and what the opponent did to his reserve
/// (bombing).  Returns what he learned.
pub fn sync(state: &State, private: &mut PrivateState) -> Result<Vec<Learned>, HiddenError> {
    if private.game_id != state.game_id {
        return Err(HiddenError::WrongOwner {
            expected: state.game_id.clone(),
            found: private.game_id.clone(),
        });
    }
    let Some(p) = state.player(private.side) else {
        return Err(HiddenError::WrongOwner {
            expected: format!("{:?}", state.players.keys().collect::<Vec<_>>()),
            found: private.side.name().into(),
        });
    };
    if private.applied > p.ledger.len() {
        return Err(HiddenError::Ahead {
            applied: private.applied,
            len: p.ledger.len(),
        });
    }
    let mut learned = Vec::new();
    for (entry, op) in p.ledger.iter().enumerate().skip(private.applied) {
        if let Some(l) = private.apply(op, entry)? {
            learned.push(l);
        }
        private.applied = entry + 1;
    }
    Ok(learned)
}

/// The tokens a player's bag held at the set-up, as the game's state says: what
/// he owns, less the research tokens his ledger brought him since.  A secret
/// may be made (`blitz secret`) before the game and its options (whose Godzilla
/// is, 002 §8.4) exist; the state decides the bag it starts from.
pub(crate) fn starting_bag(p: &PlayerPublic) -> BTreeSet<String> {
    let researched: BTreeSet<&String> = p
        .ledger
        .iter()
        .filter_map(|op| match op {
            HiddenOp::ToBag { token } | HiddenOp::ToReserve { token } => Some(token),
            _ => None,
        })
        .collect();
    p.owned
        .iter()
        .filter(|t| !researched.contains(t))
        .cloned()
        .collect()
}

/// What the owner's tool checks before sending orders: his private state
/// is up to date, every token he places is in his reserve, and his
/// commitment matches.  Returns every problem.
pub fn check_private(
    state: &State,
    private: &PrivateState,
    orders: &Orders,
) -> Result<(), Vec<OrderError>> {
    let mut errs = Vec::new();
    let pending = state.player(private.side).map_or(0, |p| p.ledger.len());
    if orders.concede {
        return Ok(());
    }
    let expected = private.commitment(&State::label(state.turn)).ok();
    if private.applied != pending || expected.is_none() || orders.commitment != expected {
        errs.push(OrderError::CommitmentMismatch {
            at: orders.commitment_at,
        });
    }
    for p in &orders.places {
        if !private.reserve.contains(&p.token) {
            errs.push(OrderError::NotInReserve {
                at: p.at.token,
                token: p.token.clone(),
            });
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// What a completed verification found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verified {
    /// Ledger entries replayed per side.
    pub entries: BTreeMap<Side, usize>,
    /// Each side's reserve at the end, now public.
    pub reserves: BTreeMap<Side, BTreeSet<String>>,
}

/// After the game: checks each revealed secret against its commitment and
/// replays every hidden operation from the start.  A token played without
/// being held, a draw that did not follow the seed (which shows as a
/// commitment that does not match), a lie about a bombing discard, a
/// changed secret or a withheld one are all reported, every one of them.
pub fn verify_hidden(
    rs: &Ruleset,
    state: &State,
    secrets: &BTreeMap<Side, Secret>,
) -> Result<Verified, Vec<HiddenError>> {
    let mut errs = Vec::new();
    let mut verified = Verified {
        entries: BTreeMap::new(),
        reserves: BTreeMap::new(),
    };
    for side in rs.sides() {
        let Some(p) = state.player(side) else {
            errs.push(HiddenError::WrongOwner {
                expected: side.name().into(),
                found: "nobody".into(),
            });
            continue;
        };
        let Some(secret) = secrets.get(&side) else {
            errs.push(HiddenError::Unrevealed { side });
            continue;
        };
        if commit_secret(&state.game_id, side, secret) != p.secret_commitment {
            errs.push(HiddenError::SecretMismatch { side });
            continue;
        }
        let mut private = PrivateState::new(rs, &state.game_id, side, secret);
        for (entry, op) in p.ledger.iter().enumerate() {
            match private.apply(op, entry) {
                Ok(_) => {}
                Err(e @ (HiddenError::NotHeld { .. } | HiddenError::CommitmentMismatch { .. })) => {
                    errs.push(e)
                }
                Err(e) => {
                    errs.push(e);
                    break;
                }
            }
        }
        let replayed = (
            u32::try_from(private.reserve.len()).unwrap_or(u32::MAX),
            u32::try_from(private.bag.len()).unwrap_or(u32::MAX),
        );
        if replayed != (p.reserve, p.bag) {
            errs.push(HiddenError::CountMismatch {
                side,
                public: (p.reserve, p.bag),
                replayed,
            });
        }
        verified.entries.insert(side, p.ledger.len());
        verified.reserves.insert(side, private.reserve);
    }
    if errs.is_empty() {
        Ok(verified)
    } else {
        Err(errs)
    }
}

/// Who forfeits when the secrets are (not) revealed: a side that withheld
/// his secret or whose replay failed loses, whatever the board says.
pub fn forfeits(errors: &[HiddenError]) -> BTreeSet<Side> {
    errors
        .iter()
        .filter_map(|e| match e {
            HiddenError::Unrevealed { side }
            | HiddenError::SecretMismatch { side }
            | HiddenError::NotHeld { side, .. }
            | HiddenError::CommitmentMismatch { side, .. }
            | HiddenError::CountMismatch { side, .. }
            | HiddenError::EmptyDraw { side, .. }
            | HiddenError::BadSecret { side } => Some(*side),
            _ => None,
        })
        .collect()
}

/// Encrypts a private state to its owner's age x25519 recipient
/// (`age1...`).  The only function of the crate that uses an entropy
/// source: age's ephemeral key.  The game does not depend on it.
pub fn seal(private: &PrivateState, recipient: &str) -> Result<Vec<u8>, HiddenError> {
    let r: age::x25519::Recipient = recipient
        .parse()
        .map_err(|e: &str| HiddenError::Crypto(e.to_string()))?;
    let text = ron::ser::to_string(private).map_err(|e| HiddenError::Format(e.to_string()))?;
    age::encrypt(&r, text.as_bytes()).map_err(|e| HiddenError::Crypto(e.to_string()))
}

/// Decrypts a private state with the owner's age identity
/// (`AGE-SECRET-KEY-1...`).
pub fn unseal(ciphertext: &[u8], identity: &str) -> Result<PrivateState, HiddenError> {
    let id: age::x25519::Identity = identity
        .parse()
        .map_err(|e: &str| HiddenError::Crypto(e.to_string()))?;
    let plain = age::decrypt(&id, ciphertext).map_err(|e| HiddenError::Crypto(e.to_string()))?;
    let text = String::from_utf8(plain).map_err(|e| HiddenError::Format(e.to_string()))?;
    ron::from_str(&text).map_err(|e| HiddenError::Format(e.to_string()))
}

/// Referee mode: one referee holds both secrets and private states and the
/// public state in one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeState {
    pub public: State,
    pub private: BTreeMap<Side, PrivateState>,
}

/// Why the referee could not play a turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    #[error("orders refused: {0:?}")]
    Orders(Vec<OrderError>),
    #[error("{0}")]
    Hidden(#[from] HiddenError),
}

impl From<Vec<OrderError>> for RefereeError {
    fn from(e: Vec<OrderError>) -> RefereeError {
        RefereeError::Orders(e)
    }
}

/// What one player may see in referee mode: the public state and his own
/// reserve and bag, never the opponent's, never a secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub side: Side,
    pub public: State,
    pub reserve: BTreeSet<String>,
    pub bag: BTreeSet<String>,
}

impl RefereeState {
    /// Sets up a refereed game with both secrets.
    pub fn new(
        rs: &Ruleset,
        game_id: &str,
        secrets: &BTreeMap<Side, Secret>,
        seed: &[u8],
    ) -> Result<(RefereeState, Vec<Event>), HiddenError> {
        let mut commitments = BTreeMap::new();
        for side in rs.sides() {
            let s = secrets.get(&side).ok_or(HiddenError::Unrevealed { side })?;
            commitments.insert(side, commit_secret(game_id, side, s));
        }
        let (public, events) = engine::new_game(rs, game_id, &commitments, seed)
            .map_err(|e| HiddenError::Setup(e.to_string()))?;
        let mut private = BTreeMap::new();
        for side in rs.sides() {
            let s = secrets.get(&side).ok_or(HiddenError::Unrevealed { side })?;
            let mut p = PrivateState::new(rs, game_id, side, s);
            sync(&public, &mut p)?;
            private.insert(side, p);
        }
        Ok((RefereeState { public, private }, events))
    }

    /// One player's view.
    pub fn view(&self, side: Side) -> PlayerView {
        let (reserve, bag) = self
            .private
            .get(&side)
            .map(|p| (p.reserve.clone(), p.bag.clone()))
            .unwrap_or_default();
        PlayerView {
            side,
            public: self.public.clone(),
            reserve,
            bag,
        }
    }

    /// Plays a player's orders: the referee fills in the commitment, checks
    /// the reserve, adjudicates, and brings both private states up to date.
    pub fn play(
        &mut self,
        rs: &Ruleset,
        raw: &RawOrders,
        seed: &[u8],
    ) -> Result<Vec<Event>, RefereeError> {
        let side = self.public.to_move;
        let label = State::label(self.public.turn);
        let private = self
            .private
            .get_mut(&side)
            .ok_or(HiddenError::Unrevealed { side })?;
        sync(&self.public, private)?;
        let commitment = private.commitment(&label)?;
        let mut raw = raw.clone();
        let concede = raw.concede.as_ref().is_some_and(|c| *c.get_ref());
        if !concede {
            raw.commitment = Some(toml::Spanned::new(0..0, commitment));
        }
        let orders = crate::orders::check(rs, &self.public, &raw)?;
        check_private(&self.public, private, &orders)?;
        let (next, events) = engine::adjudicate(rs, &self.public, &orders, seed)?;
        self.public = next;
        for p in self.private.values_mut() {
            sync(&self.public, p)?;
        }
        Ok(events)
    }

    /// The secrets, for [`verify_hidden`] at the end.
    pub fn secrets(&self) -> BTreeMap<Side, Secret> {
        self.private
            .iter()
            .filter_map(|(s, p)| draw::parse_secret(&p.secret).map(|x| (*s, x)))
            .collect()
    }
}
