//! Order files: the raw TOML as written (not necessarily legal), the
//! checked orders, and every error with a stable code, the 002 section it
//! breaks and the line and column where it can be found.
//!
//! ```toml
//! game = "g1"
//! turn = 7
//! side = "axis"
//! commitment = "3f1c...64 hex digits"
//!
//! [seed]                    # the turn's seed, named before it exists
//! source = "drand"
//! round = 5000000
//!
//! [[place]]
//! token = "axis-blitz-airforce1-1"
//! theatre = "west"
//! space = 2
//!
//! [[place]]                 # the blitz follow-up, same theatre
//! token = "axis-army3-1"
//! theatre = "west"
//! space = 3
//! strategic = ["east"]      # where its strategic advantage goes
//! ```

use pbem::seed::{spec, Accepted, DrandChain, SeedSpec};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::ruleset::{Ruleset, Side};
use crate::section::Rule;
use crate::state::State;

/// A line and column (both from 1) in an order file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One `[[place]]` table as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlace {
    pub token: Option<Spanned<String>>,
    pub theatre: Option<Spanned<String>>,
    pub campaign: Option<Spanned<i64>>,
    pub space: Option<Spanned<i64>>,
    #[serde(default)]
    pub strategic: Vec<Spanned<String>>,
    #[serde(default)]
    pub open: Vec<Spanned<String>>,
}

/// An order file as written: parsed, not yet checked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOrders {
    pub game: Option<Spanned<String>>,
    pub turn: Option<Spanned<i64>>,
    pub side: Option<Spanned<String>>,
    pub commitment: Option<Spanned<String>>,
    pub concede: Option<Spanned<bool>>,
    /// The seed the turn will be resolved with, named before it exists.
    pub seed: Option<Spanned<SeedSpec>>,
    #[serde(default)]
    pub place: Vec<Spanned<RawPlace>>,
    /// Byte offsets of line starts, for positions.
    #[serde(skip)]
    lines: Vec<usize>,
}

/// The largest order file read, as BLITZKRIEG's (`pbem::files::MAX_ORDER_BYTES`): a
/// turn's orders are a few hundred bytes, and reading and checking any file of this size
/// stays well under a second and a few megabytes, wherever it is read (`check`,
/// `commit`, `resolve`, and the orders kept in a folder that `verify` replays).
pub const MAX_ORDER_BYTES: usize = pbem::files::MAX_ORDER_BYTES;

impl RawOrders {
    /// Parses an order file of at most [`MAX_ORDER_BYTES`] (M150 for a larger one).
    pub fn parse(text: &str) -> Result<RawOrders, Vec<OrderError>> {
        if text.len() > MAX_ORDER_BYTES {
            return Err(vec![OrderError::TooLarge {
                at: Pos { line: 1, col: 1 },
                size: text.len(),
                max: MAX_ORDER_BYTES,
            }]);
        }
        let lines = line_starts(text);
        match toml::from_str::<RawOrders>(text) {
            Ok(mut raw) => {
                raw.lines = lines;
                Ok(raw)
            }
            Err(e) => {
                let at = e
                    .span()
                    .map_or(Pos { line: 1, col: 1 }, |s| pos_in(&lines, s.start));
                Err(vec![OrderError::Syntax {
                    at,
                    msg: e.message().to_string(),
                }])
            }
        }
    }

    /// The position of a byte offset.
    pub fn pos(&self, offset: usize) -> Pos {
        pos_in(&self.lines, offset)
    }

    fn at<T>(&self, s: &Spanned<T>) -> Pos {
        self.pos(s.span().start)
    }
}

fn line_starts(text: &str) -> Vec<usize> {
    let mut v = vec![0];
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            v.push(i + 1);
        }
    }
    v
}

fn pos_in(lines: &[usize], offset: usize) -> Pos {
    let line = lines.partition_point(|&s| s <= offset).max(1);
    let start = lines.get(line - 1).copied().unwrap_or(0);
    Pos {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        col: u32::try_from(offset.saturating_sub(start) + 1).unwrap_or(u32::MAX),
    }
}

/// Where the parts of one placement were written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacePos {
    pub table: Pos,
    pub token: Pos,
    pub theatre: Pos,
    pub campaign: Pos,
    pub space: Pos,
    pub strategic: Vec<Pos>,
    pub open: Vec<Pos>,
}

/// One checked placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub token: String,
    pub theatre: String,
    /// Campaign row from 1, if written (needed only for the scientist).
    pub campaign: Option<usize>,
    /// Battle space from 1, left to right.
    pub space: usize,
    /// Theatres for strategic advantages, in the order they happen.
    pub strategic: Vec<String>,
    /// Nippon: campaigns to open, in the order campaigns close.
    pub open: Vec<String>,
    pub at: PlacePos,
}

/// Orders that passed every check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    pub game: String,
    pub turn: u32,
    pub side: Side,
    pub commitment: Option<String>,
    pub concede: bool,
    pub places: Vec<Placement>,
    pub commitment_at: Pos,
}

/// Everything that can be wrong with an order file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum OrderError {
    #[error("{at}: M100 not a valid order file: {msg}")]
    Syntax { at: Pos, msg: String },
    #[error("{at}: M101 orders are for game {found:?}, this is game {expected:?}")]
    WrongGame {
        at: Pos,
        expected: String,
        found: String,
    },
    #[error("{at}: M102 orders are for turn {found}, the game is at turn {expected}")]
    WrongTurn { at: Pos, expected: u32, found: i64 },
    #[error("{at}: M103 it is the {expected} player's turn, not {found:?}")]
    WrongSide {
        at: Pos,
        expected: Side,
        found: String,
    },
    #[error("{at}: M104 the war is over")]
    GameOver { at: Pos },
    #[error("{at}: M105 missing {field}")]
    Missing { at: Pos, field: String },
    #[error("{at}: M106 place a token or concede")]
    NothingToDo { at: Pos },
    #[error("{at}: M107 a player who concedes places nothing")]
    ConcedeAndPlace { at: Pos },
    #[error("{at}: M108 these orders name no [seed]: name the seed the turn will be resolved with, before it is published")]
    NoSeed { at: Pos },
    #[error("{at}: M109 the [seed]: {why}")]
    BadSeed { at: Pos, why: String },
    #[error("{at}: M110 no token {token:?}")]
    UnknownToken { at: Pos, token: String },
    #[error("{at}: M111 {token} is not the {side} player's token")]
    NotYours { at: Pos, token: String, side: Side },
    #[error("{at}: M160 {token} is Godzilla, and Godzilla fights for the Japanese player: he is one of Japan's tokens from the set-up, never in the research pile")]
    GodzillaJapanese { at: Pos, token: String },
    #[error("{at}: M112 {token} is already on the board")]
    OnBoard { at: Pos, token: String },
    #[error("{at}: M113 {token} is placed twice")]
    Twice { at: Pos, token: String },
    #[error("{at}: M114 the reserve is empty")]
    ReserveEmpty { at: Pos },
    #[error("{at}: M115 {token} is not in the reserve")]
    NotInReserve { at: Pos, token: String },
    #[error("{at}: M120 no theatre {theatre:?}")]
    UnknownTheatre { at: Pos, theatre: String },
    #[error("{at}: M121 theatre {theatre} is not open")]
    TheatreNotOpen { at: Pos, theatre: String },
    #[error("{at}: M122 campaign {campaign} of {theatre} is not the active campaign")]
    NotActive {
        at: Pos,
        theatre: String,
        campaign: usize,
    },
    #[error("{at}: M123 {theatre} has no space {space} in campaign {campaign}")]
    NoSuchSpace {
        at: Pos,
        theatre: String,
        campaign: usize,
        space: usize,
    },
    #[error("{at}: M124 space {space} of {theatre} campaign {campaign} is occupied")]
    Occupied {
        at: Pos,
        theatre: String,
        campaign: usize,
        space: usize,
    },
    #[error("{at}: M125 a {kind} cannot stand on a {space_type} space")]
    WrongSpaceType {
        at: Pos,
        kind: String,
        space_type: String,
    },
    #[error("{at}: M126 only a blitz token lets you place another")]
    NoBlitz { at: Pos },
    #[error("{at}: M127 the blitz follow-up must be in theatre {theatre}")]
    OtherTheatre { at: Pos, theatre: String },
    #[error("{at}: M128 the spy has nothing to copy")]
    NothingToCopy { at: Pos },
    #[error("{at}: M130 {theatre:?} cannot take this strategic advantage")]
    BadStrategic { at: Pos, theatre: String },
    #[error("{at}: M131 choice {choice:?} is never used")]
    Unused { at: Pos, choice: String },
    #[error("{at}: M132 {theatre:?} cannot be opened now")]
    BadOpen { at: Pos, theatre: String },
    #[error("{at}: M140 the commitment to the reserve and bag is missing")]
    NoCommitment { at: Pos },
    #[error("{at}: M141 the commitment is not 64 hex digits")]
    BadCommitment { at: Pos },
    #[error("{at}: M142 the commitment does not match the reserve and bag")]
    CommitmentMismatch { at: Pos },
    #[error("{at}: M151 the seed named was used before: {what}")]
    SeedUsed { at: Pos, what: String },
    #[error("{at}: M150 the order file holds {size} bytes; an order file is at most {max} bytes: send the orders only")]
    TooLarge { at: Pos, size: usize, max: usize },
}

impl OrderError {
    /// The stable code, e.g. `M101`.
    pub fn code(&self) -> &'static str {
        match self {
            OrderError::Syntax { .. } => "M100",
            OrderError::WrongGame { .. } => "M101",
            OrderError::WrongTurn { .. } => "M102",
            OrderError::WrongSide { .. } => "M103",
            OrderError::GameOver { .. } => "M104",
            OrderError::Missing { .. } => "M105",
            OrderError::NothingToDo { .. } => "M106",
            OrderError::ConcedeAndPlace { .. } => "M107",
            OrderError::NoSeed { .. } => "M108",
            OrderError::BadSeed { .. } => "M109",
            OrderError::UnknownToken { .. } => "M110",
            OrderError::NotYours { .. } => "M111",
            OrderError::GodzillaJapanese { .. } => "M160",
            OrderError::OnBoard { .. } => "M112",
            OrderError::Twice { .. } => "M113",
            OrderError::ReserveEmpty { .. } => "M114",
            OrderError::NotInReserve { .. } => "M115",
            OrderError::UnknownTheatre { .. } => "M120",
            OrderError::TheatreNotOpen { .. } => "M121",
            OrderError::NotActive { .. } => "M122",
            OrderError::NoSuchSpace { .. } => "M123",
            OrderError::Occupied { .. } => "M124",
            OrderError::WrongSpaceType { .. } => "M125",
            OrderError::NoBlitz { .. } => "M126",
            OrderError::OtherTheatre { .. } => "M127",
            OrderError::NothingToCopy { .. } => "M128",
            OrderError::BadStrategic { .. } => "M130",
            OrderError::Unused { .. } => "M131",
            OrderError::BadOpen { .. } => "M132",
            OrderError::NoCommitment { .. } => "M140",
            OrderError::BadCommitment { .. } => "M141",
            OrderError::CommitmentMismatch { .. } => "M142",
            OrderError::TooLarge { .. } => "M150",
            OrderError::SeedUsed { .. } => "M151",
        }
    }

    /// The section of 002 the error breaks.
    pub fn rule(&self) -> Rule {
        match self {
            OrderError::Syntax { .. }
            | OrderError::WrongGame { .. }
            | OrderError::WrongTurn { .. }
            | OrderError::Missing { .. }
            | OrderError::NoSeed { .. }
            | OrderError::BadSeed { .. }
            | OrderError::NoCommitment { .. }
            | OrderError::BadCommitment { .. }
            | OrderError::CommitmentMismatch { .. }
            | OrderError::TooLarge { .. }
            | OrderError::SeedUsed { .. } => Rule::Protocol,
            OrderError::WrongSide { .. } => Rule::Setup,
            OrderError::GameOver { .. } => Rule::WarVictory,
            OrderError::NothingToDo { .. } | OrderError::ConcedeAndPlace { .. } => {
                Rule::CannotPlace
            }
            OrderError::UnknownToken { .. }
            | OrderError::NotYours { .. }
            | OrderError::OnBoard { .. }
            | OrderError::Twice { .. }
            | OrderError::NotInReserve { .. } => Rule::Place,
            OrderError::ReserveEmpty { .. } => Rule::Reserve,
            OrderError::UnknownTheatre { .. }
            | OrderError::TheatreNotOpen { .. }
            | OrderError::NotActive { .. }
            | OrderError::NoSuchSpace { .. }
            | OrderError::Occupied { .. } => Rule::ActiveCampaign,
            OrderError::WrongSpaceType { .. } => Rule::SpaceTypes,
            OrderError::GodzillaJapanese { .. } => Rule::Godzilla,
            OrderError::NoBlitz { .. } | OrderError::OtherTheatre { .. } => Rule::BlitzForces,
            OrderError::NothingToCopy { .. } => Rule::Spy,
            OrderError::BadStrategic { .. } | OrderError::Unused { .. } => Rule::Effect,
            OrderError::BadOpen { .. } => Rule::NipponClose,
        }
    }

    /// Where in the order file.
    pub fn at(&self) -> Pos {
        match self {
            OrderError::Syntax { at, .. }
            | OrderError::WrongGame { at, .. }
            | OrderError::WrongTurn { at, .. }
            | OrderError::WrongSide { at, .. }
            | OrderError::GameOver { at }
            | OrderError::Missing { at, .. }
            | OrderError::NothingToDo { at }
            | OrderError::ConcedeAndPlace { at }
            | OrderError::NoSeed { at }
            | OrderError::BadSeed { at, .. }
            | OrderError::UnknownToken { at, .. }
            | OrderError::NotYours { at, .. }
            | OrderError::GodzillaJapanese { at, .. }
            | OrderError::OnBoard { at, .. }
            | OrderError::Twice { at, .. }
            | OrderError::ReserveEmpty { at }
            | OrderError::NotInReserve { at, .. }
            | OrderError::UnknownTheatre { at, .. }
            | OrderError::TheatreNotOpen { at, .. }
            | OrderError::NotActive { at, .. }
            | OrderError::NoSuchSpace { at, .. }
            | OrderError::Occupied { at, .. }
            | OrderError::WrongSpaceType { at, .. }
            | OrderError::NoBlitz { at }
            | OrderError::OtherTheatre { at, .. }
            | OrderError::NothingToCopy { at }
            | OrderError::BadStrategic { at, .. }
            | OrderError::Unused { at, .. }
            | OrderError::BadOpen { at, .. }
            | OrderError::NoCommitment { at }
            | OrderError::BadCommitment { at }
            | OrderError::CommitmentMismatch { at }
            | OrderError::TooLarge { at, .. }
            | OrderError::SeedUsed { at, .. } => *at,
        }
    }

    /// One line for a player: position, code, message and section.
    pub fn explain(&self) -> String {
        format!("{self} [{}]", self.rule().section())
    }
}

/// The kinds of seed a Mori turn is resolved by: a drand quicknet round or an agreed
/// text.
pub fn accepted_seeds() -> Vec<Accepted> {
    let mut out: Vec<Accepted> = DrandChain::quicknet()
        .ok()
        .map(|c| Accepted::drand(&c))
        .into_iter()
        .collect();
    out.push(Accepted::Text);
    out
}

/// Protocol: a turn's orders name, in a `[seed]` table, the seed they will be resolved
/// with, before it is published (as BLITZKRIEG's, `docs/dice.md`): a drand round (or
/// the first after a UTC time) or an agreed text (by its SHA-256, or the minute it is
/// published). A player who concedes draws nothing and may name none. The mail's
/// check, not the rules': [`check`] leaves it to the game folder
/// ([`crate::folder::check`], [`crate::folder::resolve`]).
pub fn check_seed(raw: &RawOrders) -> Vec<OrderError> {
    let Some(seed) = &raw.seed else {
        let concede = raw.concede.as_ref().is_some_and(|c| *c.get_ref());
        return if concede {
            Vec::new()
        } else {
            vec![OrderError::NoSeed {
                at: Pos { line: 1, col: 1 },
            }]
        };
    };
    let at = raw.at(seed);
    spec::problems(seed.get_ref(), &accepted_seeds())
        .into_iter()
        .map(|p| OrderError::BadSeed {
            at,
            why: p.to_string(),
        })
        .collect()
}

/// Checks orders against the rules and the public state; returns every
/// problem found.  What only the owner can know (that the token is in his
/// reserve) is checked by [`crate::hidden::check_private`] and, after the
/// game, by [`crate::hidden::verify_hidden`].
pub fn check(rs: &Ruleset, state: &State, raw: &RawOrders) -> Result<Orders, Vec<OrderError>> {
    let mut errs = Vec::new();
    let top = Pos { line: 1, col: 1 };
    if state.outcome.is_some() {
        errs.push(OrderError::GameOver { at: top });
        return Err(errs);
    }
    let game = match &raw.game {
        Some(g) if g.get_ref() != &state.game_id => {
            errs.push(OrderError::WrongGame {
                at: raw.at(g),
                expected: state.game_id.clone(),
                found: g.get_ref().clone(),
            });
            g.get_ref().clone()
        }
        Some(g) => g.get_ref().clone(),
        None => {
            errs.push(OrderError::Missing {
                at: top,
                field: "game".into(),
            });
            String::new()
        }
    };
    let turn = match &raw.turn {
        Some(t) if *t.get_ref() != i64::from(state.turn) => {
            errs.push(OrderError::WrongTurn {
                at: raw.at(t),
                expected: state.turn,
                found: *t.get_ref(),
            });
            0
        }
        Some(_) => state.turn,
        None => {
            errs.push(OrderError::Missing {
                at: top,
                field: "turn".into(),
            });
            0
        }
    };
    let side = match &raw.side {
        Some(s) => match Side::parse(s.get_ref()) {
            Some(side) if side == state.to_move => side,
            _ => {
                errs.push(OrderError::WrongSide {
                    at: raw.at(s),
                    expected: state.to_move,
                    found: s.get_ref().clone(),
                });
                state.to_move
            }
        },
        None => {
            errs.push(OrderError::Missing {
                at: top,
                field: "side".into(),
            });
            state.to_move
        }
    };
    let concede = raw.concede.as_ref().is_some_and(|c| *c.get_ref());
    let mut commitment_at = top;
    let commitment = match &raw.commitment {
        Some(c) => {
            commitment_at = raw.at(c);
            let ok = c.get_ref().len() == 64 && hex::decode(c.get_ref()).is_ok();
            if !ok {
                errs.push(OrderError::BadCommitment { at: raw.at(c) });
            }
            Some(c.get_ref().to_ascii_lowercase())
        }
        None => {
            if !concede {
                errs.push(OrderError::NoCommitment { at: top });
            }
            None
        }
    };
    if concede && !raw.place.is_empty() {
        errs.push(OrderError::ConcedeAndPlace {
            at: raw.at(&raw.place[0]),
        });
    }
    if !concede && raw.place.is_empty() {
        errs.push(OrderError::NothingToDo { at: top });
    }
    let mut places = Vec::new();
    let mut seen: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    let off = state.off_board(side);
    let mut first_bad: Option<usize> = None;
    for (i, p) in raw.place.iter().enumerate() {
        let before = errs.len();
        let table = raw.at(p);
        let r = p.get_ref();
        let mut pp = PlacePos {
            table,
            ..PlacePos::default()
        };
        let token = match &r.token {
            Some(t) => {
                pp.token = raw.at(t);
                let id = t.get_ref().clone();
                match rs.catalogue.get(&id) {
                    None => errs.push(OrderError::UnknownToken {
                        at: pp.token,
                        token: id.clone(),
                    }),
                    Some(def) => {
                        let owned = state.player(side).is_some_and(|pl| pl.owned.contains(&id));
                        let japans = def.kind == crate::tokens::TokenKind::Godzilla
                            && rs.godzilla == crate::ruleset::Godzilla::Japanese;
                        if !owned && japans {
                            errs.push(OrderError::GodzillaJapanese {
                                at: pp.token,
                                token: id.clone(),
                            });
                        } else if !owned {
                            errs.push(OrderError::NotYours {
                                at: pp.token,
                                token: id.clone(),
                                side,
                            });
                        } else if !off.contains(&id) {
                            errs.push(OrderError::OnBoard {
                                at: pp.token,
                                token: id.clone(),
                            });
                        }
                    }
                }
                if !seen.insert(id.clone()) {
                    errs.push(OrderError::Twice {
                        at: pp.token,
                        token: id.clone(),
                    });
                }
                id
            }
            None => {
                errs.push(OrderError::Missing {
                    at: table,
                    field: "token".into(),
                });
                String::new()
            }
        };
        let theatre = match &r.theatre {
            Some(t) => {
                pp.theatre = raw.at(t);
                if rs.board.theatre(t.get_ref()).is_none() {
                    errs.push(OrderError::UnknownTheatre {
                        at: pp.theatre,
                        theatre: t.get_ref().clone(),
                    });
                }
                t.get_ref().clone()
            }
            None => {
                errs.push(OrderError::Missing {
                    at: table,
                    field: "theatre".into(),
                });
                String::new()
            }
        };
        let space = match &r.space {
            Some(s) => {
                pp.space = raw.at(s);
                match usize::try_from(*s.get_ref()) {
                    Ok(v) if v >= 1 => v,
                    _ => {
                        errs.push(OrderError::NoSuchSpace {
                            at: pp.space,
                            theatre: theatre.clone(),
                            campaign: 0,
                            space: 0,
                        });
                        0
                    }
                }
            }
            None => {
                errs.push(OrderError::Missing {
                    at: table,
                    field: "space".into(),
                });
                0
            }
        };
        let campaign = match &r.campaign {
            Some(c) => {
                pp.campaign = raw.at(c);
                match usize::try_from(*c.get_ref()) {
                    Ok(v) if v >= 1 => Some(v),
                    _ => {
                        errs.push(OrderError::NoSuchSpace {
                            at: pp.campaign,
                            theatre: theatre.clone(),
                            campaign: 0,
                            space,
                        });
                        None
                    }
                }
            }
            None => None,
        };
        pp.strategic = r.strategic.iter().map(|s| raw.at(s)).collect();
        pp.open = r.open.iter().map(|s| raw.at(s)).collect();
        places.push(Placement {
            token,
            theatre,
            campaign,
            space,
            strategic: r.strategic.iter().map(|s| s.get_ref().clone()).collect(),
            open: r.open.iter().map(|s| s.get_ref().clone()).collect(),
            at: pp,
        });
        if errs.len() > before && first_bad.is_none() {
            first_bad = Some(i);
        }
    }
    let orders = Orders {
        game,
        turn,
        side,
        commitment,
        concede,
        places,
        commitment_at,
    };
    // Play the turn through on the public state, up to the first placement
    // that is already wrong on its own, so that its problems are reported
    // with the others.  Legality never depends on the seed (hidden draws
    // are not usable in the turn they are drawn, and research draws change
    // no placement rule), so any seed will do.
    let mut playable = orders.clone();
    playable.concede = concede && orders.places.is_empty();
    playable
        .places
        .truncate(first_bad.unwrap_or(orders.places.len()));
    if !playable.concede && !playable.places.is_empty() {
        let sim = crate::engine::simulate(rs, state, &playable, b"check");
        let mut known: std::collections::BTreeSet<String> =
            errs.iter().map(ToString::to_string).collect();
        for e in sim.errors {
            if known.insert(e.to_string()) {
                errs.push(e);
            }
        }
    }
    if errs.is_empty() {
        Ok(orders)
    } else {
        errs.sort_by_key(|e| e.at());
        Err(errs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_lines_and_columns_from_one() {
        let lines = line_starts("ab\ncde\n\nf");
        assert_eq!(pos_in(&lines, 0), Pos { line: 1, col: 1 });
        assert_eq!(pos_in(&lines, 4), Pos { line: 2, col: 2 });
        assert_eq!(pos_in(&lines, 8), Pos { line: 4, col: 1 });
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let errs = RawOrders::parse("game = \"g\"\nturn = = 3\n").unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].code(), "M100");
        assert_eq!(errs[0].at().line, 2);
    }

    #[test]
    fn a_turn_names_its_seed_unless_it_concedes() {
        let head = "game = \"g\"\nturn = 3\nside = \"axis\"\n";
        let none = RawOrders::parse(&format!("{head}\n[[place]]\ntoken = \"t\"\n")).unwrap();
        let errs = check_seed(&none);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].code(), "M108");
        assert_eq!(errs[0].at(), Pos { line: 1, col: 1 });
        let conceded = RawOrders::parse(&format!("{head}concede = true\n")).unwrap();
        assert!(check_seed(&conceded).is_empty());
        let named = RawOrders::parse(&format!(
            "{head}\n[seed]\nsource = \"drand\"\nround = 5000000\n"
        ))
        .unwrap();
        assert!(check_seed(&named).is_empty());
        let text = RawOrders::parse(&format!(
            "{head}\n[seed]\nsource = \"text\"\ntime = \"2030-01-02T20:45:00Z\"\n"
        ))
        .unwrap();
        assert!(check_seed(&text).is_empty());
    }

    #[test]
    fn a_seed_of_another_source_is_refused_where_it_is_written() {
        let raw = RawOrders::parse(
            "game = \"g\"\nturn = 3\nside = \"axis\"\n\n[seed]\nsource = \"stock\"\ndate = \"2030-01-02\"\n",
        )
        .unwrap();
        let errs = check_seed(&raw);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0].code(), "M109");
        assert_eq!(
            errs[0].at(),
            Pos { line: 5, col: 1 },
            "the [seed] line: {errs:?}"
        );
        assert!(
            errs[0]
                .to_string()
                .contains("source = \"drand\" or \"text\""),
            "{}",
            errs[0]
        );
        let sha = RawOrders::parse(
            "game = \"g\"\n[seed]\nsource = \"drand\"\nround = 9\nsha256 = \"00\"\n",
        )
        .unwrap();
        assert_eq!(check_seed(&sha)[0].code(), "M109");
    }

    #[test]
    fn every_code_is_distinct() {
        let at = Pos::default();
        let all = [
            OrderError::Syntax {
                at,
                msg: String::new(),
            },
            OrderError::GameOver { at },
            OrderError::NothingToDo { at },
            OrderError::ConcedeAndPlace { at },
            OrderError::NoSeed { at },
            OrderError::BadSeed {
                at,
                why: String::new(),
            },
            OrderError::ReserveEmpty { at },
            OrderError::NoBlitz { at },
            OrderError::NothingToCopy { at },
            OrderError::NoCommitment { at },
            OrderError::BadCommitment { at },
            OrderError::CommitmentMismatch { at },
            OrderError::TooLarge {
                at,
                size: 0,
                max: 0,
            },
            OrderError::SeedUsed {
                at,
                what: String::new(),
            },
        ];
        let codes: std::collections::BTreeSet<&str> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes.len(), all.len());
        assert!(all.iter().all(|e| e.explain().contains(e.code())));
    }
}
