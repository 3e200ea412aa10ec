//! The turn engine: set-up (002 §5, §8.4) and the four phases of a turn
//! (§6): place a token, carry out the space's effect, move the battle
//! marker, close campaigns and theatres, draw.  Pure: the state, the
//! orders and the published seed in, the next state and events out.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::board::BoardKind;
use crate::events::Event;
use crate::orders::{OrderError, Orders, Placement, Pos};
use crate::ruleset::{Ruleset, Side, Variant};
use crate::section::Rule;
use crate::state::{
    CampaignState, HiddenOp, Occupant, PlayerPublic, State, Status, TheatreState, TurnSeed,
};
use crate::tokens::{Mobility, TokenKind};

/// War victory points that end the war (002 §7.1).
pub const WAR_VP: u32 = 25;
/// Tokens each player draws at the start (002 §5 step 4).
pub const OPENING_RESERVE: u32 = 3;
/// The label of the set-up draws.
pub const SETUP_LABEL: &str = "setup";

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("M001 the game id is empty")]
    NoGameId,
    #[error("M002 no commitment to the {0} player's secret")]
    NoCommitment(Side),
    #[error("M003 the {0} player's commitment is not 64 hex digits")]
    BadCommitment(Side),
    #[error("M004 the game is set up already: its opening draws are made")]
    AlreadySetUp,
}

/// Sets up a game (002 §5; Nippon §8.4).  Both commitments to the players'
/// secrets must exist before the set-up seed is published: [`prepare`], then
/// [`set_up`] with the seed.
pub fn new_game(
    rs: &Ruleset,
    game_id: &str,
    commitments: &BTreeMap<Side, String>,
    seed: &[u8],
) -> Result<(State, Vec<Event>), SetupError> {
    let (prepared, mut events) = prepare(rs, game_id, commitments)?;
    let (state, mut drawn) = set_up(rs, &prepared, seed)?;
    events.append(&mut drawn);
    Ok((state, events))
}

/// 002 §5 steps 1-3 (Nippon §8.4): the game before any seed exists, turn 0:
/// the markers in the middle, the theatres (the Nippon opening campaigns)
/// open, every token in its owner's bag, and both commitments to the
/// players' secrets, so neither can be chosen after the set-up seed is out.
pub fn prepare(
    rs: &Ruleset,
    game_id: &str,
    commitments: &BTreeMap<Side, String>,
) -> Result<(State, Vec<Event>), SetupError> {
    if game_id.trim().is_empty() {
        return Err(SetupError::NoGameId);
    }
    let setup_rule = match rs.variant {
        Variant::Base => Rule::Setup,
        Variant::Nippon => Rule::NipponSetup,
    };
    let mut players = BTreeMap::new();
    for side in rs.sides() {
        let c = commitments
            .get(&side)
            .ok_or(SetupError::NoCommitment(side))?;
        let ok = c.len() == 64 && hex::decode(c).is_ok();
        if !ok {
            return Err(SetupError::BadCommitment(side));
        }
        let set = rs.token_set(side);
        let owned: BTreeSet<String> = rs.starting_tokens(side).into_iter().collect();
        let bag = u32::try_from(owned.len()).unwrap_or(u32::MAX);
        players.insert(
            side,
            PlayerPublic {
                set,
                secret_commitment: c.to_ascii_lowercase(),
                owned,
                reserve: 0,
                bag,
                ledger: Vec::new(),
            },
        );
    }
    let mut theatres = BTreeMap::new();
    let mut events = vec![Event::SetUp {
        first: rs.first(),
        rule: setup_rule,
    }];
    for t in &rs.board.theatres {
        let status = if t.opening {
            Status::Open
        } else {
            Status::Unopened
        };
        if rs.board.kind == BoardKind::Nippon && t.opening {
            events.push(Event::Opened {
                theatre: t.id.clone(),
                marker: 0,
                by: None,
                rule: Rule::NipponSetup,
            });
        }
        theatres.insert(
            t.id.clone(),
            TheatreState {
                status,
                marker: 0,
                campaigns: t
                    .campaigns
                    .iter()
                    .map(|c| CampaignState {
                        spaces: vec![None; c.spaces.len()],
                        closed: false,
                    })
                    .collect(),
            },
        );
    }
    let state = State {
        game_id: game_id.to_string(),
        variant: rs.variant,
        nippon_weapons: rs.nippon_weapons,
        godzilla: rs.godzilla,
        turn: 0,
        to_move: rs.first(),
        theatres,
        vp: rs.sides().iter().map(|s| (*s, 0)).collect(),
        players,
        research_pile: rs.research_pile(),
        last_placed: BTreeMap::new(),
        final_turn: false,
        outcome: None,
        seeds: Vec::new(),
        seeds_used: None,
    };
    Ok((state, events))
}

/// 002 §5 step 4: each player's opening draws, from the set-up seed and his
/// secret, on a game [`prepare`] made (turn 0); the first player's turn 1
/// comes next.
pub fn set_up(
    rs: &Ruleset,
    prepared: &State,
    seed: &[u8],
) -> Result<(State, Vec<Event>), SetupError> {
    if prepared.turn != 0 || !prepared.seeds.is_empty() {
        return Err(SetupError::AlreadySetUp);
    }
    let mut state = prepared.clone();
    state.turn = 1;
    state.seeds.push(TurnSeed {
        label: SETUP_LABEL.into(),
        seed: hex::encode(seed),
    });
    let mut t = Turn::new(rs, state, rs.first(), seed, SETUP_LABEL.to_string());
    for side in rs.sides() {
        t.hidden_draw(side, OPENING_RESERVE, Rule::Setup);
    }
    let Turn { st, ev, .. } = t;
    Ok((st, ev))
}

/// Plays checked orders with the turn's published seed.  Returns the next
/// public state and what happened, or the problems if the orders do not
/// fit this state.
pub fn adjudicate(
    rs: &Ruleset,
    state: &State,
    orders: &Orders,
    seed: &[u8],
) -> Result<(State, Vec<Event>), Vec<OrderError>> {
    let mut errs = Vec::new();
    let top = Pos { line: 1, col: 1 };
    if state.outcome.is_some() {
        errs.push(OrderError::GameOver { at: top });
    }
    if orders.game != state.game_id {
        errs.push(OrderError::WrongGame {
            at: top,
            expected: state.game_id.clone(),
            found: orders.game.clone(),
        });
    }
    if orders.turn != state.turn {
        errs.push(OrderError::WrongTurn {
            at: top,
            expected: state.turn,
            found: i64::from(orders.turn),
        });
    }
    if orders.side != state.to_move {
        errs.push(OrderError::WrongSide {
            at: top,
            expected: state.to_move,
            found: orders.side.name().into(),
        });
    }
    let off = state.off_board(orders.side);
    for p in &orders.places {
        if !off.contains(&p.token) {
            errs.push(OrderError::NotYours {
                at: p.at.token,
                token: p.token.clone(),
                side: orders.side,
            });
        }
    }
    if !orders.concede && orders.commitment.is_none() {
        errs.push(OrderError::NoCommitment {
            at: orders.commitment_at,
        });
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let sim = simulate(rs, state, orders, seed);
    if sim.errors.is_empty() {
        Ok((sim.state, sim.events))
    } else {
        Err(sim.errors)
    }
}

/// The result of playing orders through.
pub(crate) struct Sim {
    pub state: State,
    pub events: Vec<Event>,
    pub errors: Vec<OrderError>,
}

pub(crate) fn simulate(rs: &Ruleset, state: &State, orders: &Orders, seed: &[u8]) -> Sim {
    let label = State::label(state.turn);
    let mut t = Turn::new(rs, state.clone(), orders.side, seed, label);
    t.run(orders);
    Sim {
        state: t.st,
        events: t.ev,
        errors: t.errors,
    }
}

/// Choices written in a placement, used in the order effects need them.
pub(crate) struct Choices {
    pub(crate) strategic: VecDeque<(String, Pos)>,
    pub(crate) open: VecDeque<(String, Pos)>,
}

pub(crate) struct Turn<'a> {
    pub(crate) rs: &'a Ruleset,
    pub(crate) st: State,
    pub(crate) ev: Vec<Event>,
    pub(crate) errors: Vec<OrderError>,
    pub(crate) side: Side,
    pub(crate) seed: Vec<u8>,
    pub(crate) seed_hex: String,
    pub(crate) label: String,
    pub(crate) hidden_ix: BTreeMap<Side, u32>,
    pub(crate) research_ix: u32,
}

impl<'a> Turn<'a> {
    fn new(rs: &'a Ruleset, st: State, side: Side, seed: &[u8], label: String) -> Turn<'a> {
        Turn {
            rs,
            st,
            ev: Vec::new(),
            errors: Vec::new(),
            side,
            seed: seed.to_vec(),
            seed_hex: hex::encode(seed),
            label,
            hidden_ix: BTreeMap::new(),
            research_ix: 0,
        }
    }

    pub(crate) fn opp(&self) -> Side {
        self.rs.opponent(self.side)
    }

    pub(crate) fn player(&mut self, side: Side) -> Option<&mut PlayerPublic> {
        self.st.players.get_mut(&side)
    }

    fn run(&mut self, orders: &Orders) {
        self.ev.push(Event::TurnBegan {
            turn: self.st.turn,
            side: self.side,
            rule: Rule::Place,
        });
        if orders.concede {
            let winner = self.opp();
            self.ev.push(Event::Conceded {
                side: self.side,
                rule: Rule::CannotPlace,
            });
            self.finish_game(
                winner,
                Rule::CannotPlace,
                "the opponent could not place a token",
            );
            self.st.seeds.push(TurnSeed {
                label: self.label.clone(),
                seed: self.seed_hex.clone(),
            });
            self.st.turn += 1;
            self.st.to_move = winner;
            return;
        }
        if let Some(c) = &orders.commitment {
            let label = self.label.clone();
            let c = c.clone();
            if let Some(p) = self.player(self.side) {
                p.ledger.push(HiddenOp::Commit { label, hash: c });
            }
        }
        let mut prev: Option<(String, bool)> = None;
        for (i, p) in orders.places.iter().enumerate() {
            if i > 0 {
                match &prev {
                    Some((theatre, true)) if *theatre == p.theatre => {}
                    Some((theatre, true)) => {
                        self.errors.push(OrderError::OtherTheatre {
                            at: p.at.theatre,
                            theatre: theatre.clone(),
                        });
                        break;
                    }
                    _ => {
                        self.errors.push(OrderError::NoBlitz { at: p.at.table });
                        break;
                    }
                }
            }
            match self.place(p) {
                Ok(blitz) => prev = Some((p.theatre.clone(), blitz)),
                Err(e) => {
                    self.errors.push(e);
                    break;
                }
            }
        }
        self.ev.push(Event::DrawPhase {
            side: self.side,
            rule: Rule::DrawPhase,
        });
        self.hidden_draw(self.side, 1, Rule::DrawPhase);
        self.end_of_turn();
    }

    /// Phases 1-3 for one token; returns whether it lets another be placed.
    fn place(&mut self, p: &Placement) -> Result<bool, OrderError> {
        let rs = self.rs;
        let side = self.side;
        let reserve = self.st.player(side).map_or(0, |pl| pl.reserve);
        if reserve == 0 {
            return Err(OrderError::ReserveEmpty { at: p.at.token });
        }
        let Some((ti, tdef)) = rs.board.theatre(&p.theatre) else {
            return Err(OrderError::UnknownTheatre {
                at: p.at.theatre,
                theatre: p.theatre.clone(),
            });
        };
        let Some(def) = rs.catalogue.get(&p.token) else {
            return Err(OrderError::UnknownToken {
                at: p.at.token,
                token: p.token.clone(),
            });
        };
        if !self.st.off_board(side).contains(&p.token) {
            return Err(OrderError::OnBoard {
                at: p.at.token,
                token: p.token.clone(),
            });
        }
        // 002 §4.6: the spy copies the token the opponent just placed.
        let (acts_as, eff) = if def.kind == TokenKind::Spy {
            let target = self.st.last_placed.get(&self.opp()).cloned();
            match target.and_then(|t| rs.catalogue.get(&t).map(|d| (t, d))) {
                Some((t, d)) if d.kind != TokenKind::Spy => (Some(t), d),
                _ => return Err(OrderError::NothingToCopy { at: p.at.token }),
            }
        } else {
            (None, def)
        };
        let mobility = eff.kind.mobility();
        let ts = self
            .st
            .theatres
            .get(&p.theatre)
            .ok_or(OrderError::UnknownTheatre {
                at: p.at.theatre,
                theatre: p.theatre.clone(),
            })?;
        if ts.status != Status::Open {
            return Err(OrderError::TheatreNotOpen {
                at: p.at.theatre,
                theatre: p.theatre.clone(),
            });
        }
        let active = ts.active();
        let ci = match (p.campaign, active) {
            (Some(c), _) => c.checked_sub(1).ok_or(OrderError::NoSuchSpace {
                at: p.at.campaign,
                theatre: p.theatre.clone(),
                campaign: 0,
                space: p.space,
            })?,
            (None, Some(a)) => a,
            (None, None) => {
                return Err(OrderError::TheatreNotOpen {
                    at: p.at.theatre,
                    theatre: p.theatre.clone(),
                })
            }
        };
        let Some(cs) = ts.campaigns.get(ci) else {
            return Err(OrderError::NoSuchSpace {
                at: p.at.campaign,
                theatre: p.theatre.clone(),
                campaign: ci + 1,
                space: p.space,
            });
        };
        let campaign_ok = if mobility == Mobility::Anywhere {
            // 002 §4.7: the scientist may use any campaign of the theatre.
            !cs.closed
        } else {
            Some(ci) == active
        };
        if !campaign_ok {
            return Err(OrderError::NotActive {
                at: if p.campaign.is_some() {
                    p.at.campaign
                } else {
                    p.at.theatre
                },
                theatre: p.theatre.clone(),
                campaign: ci + 1,
            });
        }
        let si = p.space.checked_sub(1).ok_or(OrderError::NoSuchSpace {
            at: p.at.space,
            theatre: p.theatre.clone(),
            campaign: ci + 1,
            space: 0,
        })?;
        let space_def = tdef.campaigns.get(ci).and_then(|c| c.spaces.get(si));
        let (Some(space_def), Some(slot)) = (space_def, cs.spaces.get(si)) else {
            return Err(OrderError::NoSuchSpace {
                at: p.at.space,
                theatre: p.theatre.clone(),
                campaign: ci + 1,
                space: p.space,
            });
        };
        if slot.is_some() {
            return Err(OrderError::Occupied {
                at: p.at.space,
                theatre: p.theatre.clone(),
                campaign: ci + 1,
                space: p.space,
            });
        }
        if !mobility.fits(space_def.ty) {
            return Err(OrderError::WrongSpaceType {
                at: p.at.space,
                kind: eff.kind.name().into(),
                space_type: format!("{:?}", space_def.ty).to_lowercase(),
            });
        }
        let marker = ts.marker;
        let sign = rs.sign(side);
        // Phase 1: place it.
        let eff_kind = eff.kind;
        let eff_value = u32::from(eff.value);
        let acts_id = acts_as.clone().unwrap_or_else(|| p.token.clone());
        if let Some(pl) = self.player(side) {
            pl.reserve -= 1;
            pl.ledger.push(HiddenOp::Play {
                token: p.token.clone(),
            });
        }
        let occupant = Occupant {
            side,
            token: p.token.clone(),
            acts_as: acts_as.clone(),
            strength: 0,
        };
        if let Some(slot) = self
            .st
            .theatres
            .get_mut(&p.theatre)
            .and_then(|t| t.campaigns.get_mut(ci))
            .and_then(|c| c.spaces.get_mut(si))
        {
            *slot = Some(occupant);
        }
        self.st.last_placed.insert(side, acts_id);
        self.ev.push(Event::Placed {
            side,
            token: p.token.clone(),
            acts_as,
            theatre: p.theatre.clone(),
            campaign: ci + 1,
            space: p.space,
            rule: if def.kind == TokenKind::Spy {
                Rule::Spy
            } else {
                def.kind.rule()
            },
        });
        // A spy copying a general or admiral counts itself too ("include
        // the general"), though as a special weapon nothing else counts it.
        let spy_self = u32::from(def.kind == TokenKind::Spy);
        let strength = match eff_kind {
            TokenKind::General => self.count_units(side, &p.theatre, true) + spy_self,
            TokenKind::Admiral => self.count_units(side, &p.theatre, false) + spy_self,
            // 002 §8.2: 3 if the marker is on the opponent's side when played.
            TokenKind::Partisans => {
                if marker * sign < 0 {
                    3
                } else {
                    1
                }
            }
            TokenKind::Scientist => 0,
            _ => eff_value,
        };
        if let Some(Some(o)) = self
            .st
            .theatres
            .get_mut(&p.theatre)
            .and_then(|t| t.campaigns.get_mut(ci))
            .and_then(|c| c.spaces.get_mut(si))
        {
            o.strength = strength;
        }
        // Phase 2: the effect of the space.
        let mut choices = Choices {
            strategic: p
                .strategic
                .iter()
                .cloned()
                .zip(p.at.strategic.iter().copied())
                .collect(),
            open: p
                .open
                .iter()
                .cloned()
                .zip(p.at.open.iter().copied())
                .collect(),
        };
        if let Some(effect) = space_def.effect {
            if matches!(eff_kind, TokenKind::TaskArmy | TokenKind::TaskNavy) {
                self.ev.push(Event::EffectIgnored {
                    side,
                    effect,
                    rule: Rule::TaskForce,
                });
            } else {
                let (times, rule) = if eff_kind == TokenKind::InspiredLeadership {
                    (2, Rule::InspiredLeadership)
                } else {
                    (1, Rule::Effect)
                };
                for _ in 0..times {
                    self.effect(effect, ti, rule, &mut choices)?;
                }
            }
        }
        if matches!(eff_kind, TokenKind::NavalBombing | TokenKind::AerialBombing) {
            self.bomb(Rule::BombingToken);
        }
        // Phase 3: move the battle marker.
        let rule = match eff_kind {
            TokenKind::General | TokenKind::Admiral => Rule::GeneralAdmiral,
            TokenKind::Partisans => Rule::Partisans,
            TokenKind::NuclearBomb => Rule::Nuclear,
            TokenKind::Godzilla => Rule::Godzilla,
            _ => Rule::MoveMarker,
        };
        if strength > 0 && self.status(ti) == Status::Open {
            self.advance_own(ti, strength, rule, &mut choices)?;
        }
        if eff_kind == TokenKind::NuclearBomb {
            for (oi, _) in rs.board.theatres.iter().enumerate() {
                if oi != ti && self.status(oi) == Status::Open {
                    self.retreat(oi, 2);
                }
            }
        }
        // Closing the campaign by occupying its last space (002 §6.4, §8.6).
        let full = self
            .st
            .theatres
            .get(&p.theatre)
            .and_then(|t| t.campaigns.get(ci))
            .is_some_and(|c| c.free() == 0 && !c.closed);
        if full {
            self.close_by_occupation(ti, ci, &mut choices)?;
        }
        if let Some((c, at)) = choices
            .strategic
            .pop_front()
            .or_else(|| choices.open.pop_front())
        {
            return Err(OrderError::Unused { at, choice: c });
        }
        Ok(matches!(
            eff_kind,
            TokenKind::BlitzAirforce | TokenKind::BlitzArmy | TokenKind::BlitzNavy
        ))
    }

    /// 002 §3.3: armies and airforces (general) or navies and airforces
    /// (admiral) the side has in the theatre, itself included, special
    /// weapons ignored.
    pub(crate) fn count_units(&self, side: Side, theatre: &str, army: bool) -> u32 {
        let Some(t) = self.st.theatres.get(theatre) else {
            return 0;
        };
        let n = t
            .campaigns
            .iter()
            .flat_map(|c| c.spaces.iter().flatten())
            .filter(|o| o.side == side)
            .filter_map(|o| self.rs.catalogue.get(&o.token))
            .filter(|d| !d.special)
            .filter(|d| match d.kind {
                TokenKind::Airforce | TokenKind::BlitzAirforce => true,
                TokenKind::Army | TokenKind::General => army,
                TokenKind::Navy | TokenKind::Admiral => !army,
                _ => false,
            })
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    pub(crate) fn status(&self, ti: usize) -> Status {
        self.rs
            .board
            .theatres
            .get(ti)
            .and_then(|d| self.st.theatres.get(&d.id))
            .map_or(Status::Closed, |t| t.status)
    }

    pub(crate) fn theatre_id(&self, ti: usize) -> String {
        self.rs
            .board
            .theatres
            .get(ti)
            .map(|t| t.id.clone())
            .unwrap_or_default()
    }
}
