//! The public state of a game: the board, the battle markers, the war
//! victory points, each player's token counts, his commitments and the
//! ledger of his hidden operations.  Ordered maps only, so the RON file is
//! the same bytes on every machine.  Each player's reserve contents are not
//! here: see [`crate::hidden::PrivateState`].

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::ruleset::{Godzilla, Ruleset, Side, Variant};
use crate::section::Rule;
use crate::tokens::TokenSet;

/// Whether a theatre can take tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Nippon: not yet opened.
    Unopened,
    Open,
    Closed,
}

/// A token on a battle space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occupant {
    pub side: Side,
    pub token: String,
    /// A spy: the token it copied (002 §4.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acts_as: Option<String>,
    /// The spaces it moved the battle marker (0 for the scientist).
    pub strength: u32,
}

/// One campaign row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    pub spaces: Vec<Option<Occupant>>,
    pub closed: bool,
}

impl CampaignState {
    pub fn free(&self) -> usize {
        self.spaces.iter().filter(|s| s.is_none()).count()
    }
}

/// One theatre: its battle marker and its campaigns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TheatreState {
    pub status: Status,
    /// Spaces from the middle, positive toward the first player's end.
    pub marker: i32,
    pub campaigns: Vec<CampaignState>,
}

impl TheatreState {
    /// The topmost campaign with a free space, if the theatre is open
    /// (002 §2.1).
    pub fn active(&self) -> Option<usize> {
        if self.status != Status::Open {
            return None;
        }
        self.campaigns
            .iter()
            .position(|c| !c.closed && c.free() > 0)
    }
}

/// A hidden operation on a player's reserve or bag, in the order it
/// happened.  The public state records what happened, never which token
/// a random draw or discard took: only the owner (with his secret) can
/// work that out, and everyone can once the secret is revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HiddenOp {
    /// A random token from the bag into the reserve.
    Draw {
        seed: String,
        label: String,
        index: u32,
        rule: Rule,
    },
    /// A random token from the reserve back into the bag (bombing).
    Discard {
        seed: String,
        label: String,
        index: u32,
        rule: Rule,
    },
    /// A named token from the reserve onto the board.
    Play { token: String },
    /// A research token into the bag (its identity is public).
    ToBag { token: String },
    /// A research token into the reserve (its identity is public).
    ToReserve { token: String },
    /// The owner's commitment to his reserve and bag at this point.
    Commit { label: String, hash: String },
}

/// What the public knows about one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPublic {
    pub set: TokenSet,
    /// SHA-256 commitment to the player's secret (hex).
    pub secret_commitment: String,
    /// Every token he owns: his set and the research tokens he drew.
    pub owned: BTreeSet<String>,
    /// Tokens in his reserve (behind his screen).
    pub reserve: u32,
    /// Tokens in his bag.
    pub bag: u32,
    pub ledger: Vec<HiddenOp>,
}

impl PlayerPublic {
    /// The ledger entries after his last commitment: what his tool owes
    /// (draws, bombing discards) and must apply in his next run.
    pub fn owed(&self) -> &[HiddenOp] {
        let start = self
            .ledger
            .iter()
            .rposition(|op| matches!(op, HiddenOp::Commit { .. }))
            .map_or(0, |i| i + 1);
        self.ledger.get(start..).unwrap_or(&[])
    }
}

/// The end of the war.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Side,
    pub rule: Rule,
    pub reason: String,
}

/// The seed published for one turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnSeed {
    pub label: String,
    pub seed: String,
}

/// The whole public state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub game_id: String,
    pub variant: Variant,
    pub nippon_weapons: bool,
    /// Nippon: whose Godzilla is (002 §8.1, §8.4).  Written only when he is
    /// Japan's: a state without it was played with him in the research pile.
    #[serde(
        default = "Godzilla::unwritten",
        skip_serializing_if = "Godzilla::is_unwritten"
    )]
    pub godzilla: Godzilla,
    /// The number of the turn to be played next, from 1.
    pub turn: u32,
    pub to_move: Side,
    pub theatres: BTreeMap<String, TheatreState>,
    pub vp: BTreeMap<Side, u32>,
    pub players: BTreeMap<Side, PlayerPublic>,
    /// The research pile, face down; public by design (docs/hidden.md).
    pub research_pile: Vec<String>,
    /// The last token each side placed, as it acts (a spy's copy resolved).
    pub last_placed: BTreeMap<Side, String>,
    /// The second player's final turn is under way (002 §7.1).
    pub final_turn: bool,
    pub outcome: Option<Outcome>,
    pub seeds: Vec<TurnSeed>,
    /// PBM ¶2: every name the seeds of the steps played so far are known by (a drand
    /// round, an agreed value's time, each value's SHA-256), with the step each decided
    /// (`pbem::seed::used`), so that `check` and `commit` refuse orders naming one
    /// again. `None` in games begun before the record, whose states keep their bytes
    /// (their seeds are known by their values alone, from [`State::seeds`]); a game made
    /// by `blitz new` starts with an empty record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_used: Option<pbem::seed::used::SeedsUsed>,
}

impl State {
    /// The label of turn `n`, used in draws and commitments.
    pub fn label(turn: u32) -> String {
        format!("t{turn:03}")
    }

    pub fn player(&self, side: Side) -> Option<&PlayerPublic> {
        self.players.get(&side)
    }

    pub fn vp(&self, side: Side) -> u32 {
        self.vp.get(&side).copied().unwrap_or(0)
    }

    /// Whether a token stands on the board.
    pub fn on_board(&self, token: &str) -> bool {
        self.theatres.values().any(|t| {
            t.campaigns
                .iter()
                .any(|c| c.spaces.iter().flatten().any(|o| o.token == token))
        })
    }

    /// All tokens on the board.
    pub fn board_tokens(&self) -> BTreeSet<String> {
        self.theatres
            .values()
            .flat_map(|t| t.campaigns.iter())
            .flat_map(|c| c.spaces.iter().flatten())
            .map(|o| o.token.clone())
            .collect()
    }

    /// Tokens a side owns that are off the board: his reserve and bag
    /// together.  Which are in the reserve only he knows.
    pub fn off_board(&self, side: Side) -> BTreeSet<String> {
        let on = self.board_tokens();
        self.player(side)
            .map(|p| {
                p.owned
                    .iter()
                    .filter(|t| !on.contains(*t))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether any active campaign has a free space.
    pub fn any_free_space(&self) -> bool {
        self.theatres.values().any(|t| t.active().is_some())
    }

    /// Checks the invariants that hold after every turn; returns the broken
    /// ones (used by tests and by `verify_hidden`).
    pub fn invariant_problems(&self, rs: &Ruleset) -> Vec<String> {
        let mut out = Vec::new();
        let on = self.board_tokens();
        let mut all: BTreeSet<String> = self.research_pile.iter().cloned().collect();
        for (side, p) in &self.players {
            let off = p.owned.iter().filter(|t| !on.contains(*t)).count();
            let counted = u64::from(p.reserve) + u64::from(p.bag);
            if counted != off as u64 {
                out.push(format!(
                    "{side}: reserve+bag {counted} but {off} tokens off board"
                ));
            }
            for t in &p.owned {
                if !all.insert(t.clone()) {
                    out.push(format!("token {t} held twice"));
                }
            }
        }
        for t in &on {
            if !self.players.values().any(|p| p.owned.contains(t)) {
                out.push(format!("token {t} on board but owned by nobody"));
            }
        }
        let expected: usize = rs
            .sides()
            .iter()
            .map(|s| rs.starting_tokens(*s).len())
            .sum::<usize>()
            + rs.research_pile().len();
        if all.len() != expected {
            out.push(format!("{} tokens in play, expected {expected}", all.len()));
        }
        for (id, t) in &self.theatres {
            let Some((_, def)) = rs.board.theatre(id) else {
                out.push(format!("unknown theatre {id}"));
                continue;
            };
            if t.marker.abs() > def.half {
                out.push(format!("{id}: marker off the track"));
            }
            for (ci, c) in t.campaigns.iter().enumerate() {
                if c.free() == 0 && !c.closed {
                    out.push(format!("{id} campaign {}: full but not closed", ci + 1));
                }
            }
        }
        out
    }
}
