//! The turn engine: set-up (002 §5, §8.4) and the four phases of a turn
//! (§6): place a token, carry out the space's effect, move the battle
//! marker, close campaigns and theatres, draw.  Pure: the state, the
//! orders and the published seed in, the next state and events out.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::board::{BoardKind, Effect};
use crate::draw;
use crate::events::{Event, Into};
use crate::orders::{OrderError, Orders, Placement, Pos};
use crate::ruleset::{Ruleset, Side, Variant};
use crate::section::Rule;
use crate::state::{
    CampaignState, HiddenOp, Occupant, Outcome, PlayerPublic, State, Status, TheatreState, TurnSeed,
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
    #[error("S001 the game id is empty")]
    NoGameId,
    #[error("S002 no commitment to the {0} player's secret")]
    NoCommitment(Side),
    #[error("S003 the {0} player's commitment is not 64 hex digits")]
    BadCommitment(Side),
}

/// Sets up a game (002 §5; Nippon §8.4).  Both commitments to the players'
/// secrets must exist before the set-up seed is published.
pub fn new_game(
    rs: &Ruleset,
    game_id: &str,
    commitments: &BTreeMap<Side, String>,
    seed: &[u8],
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
        let owned: BTreeSet<String> = rs.catalogue.set(set).into_iter().collect();
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
        turn: 1,
        to_move: rs.first(),
        theatres,
        vp: rs.sides().iter().map(|s| (*s, 0)).collect(),
        players,
        research_pile: rs.research_pile(),
        last_placed: BTreeMap::new(),
        final_turn: false,
        outcome: None,
        seeds: vec![TurnSeed {
            label: SETUP_LABEL.into(),
            seed: hex::encode(seed),
        }],
    };
    let mut t = Turn::new(rs, state, rs.first(), seed, SETUP_LABEL.to_string());
    for side in rs.sides() {
        t.hidden_draw(side, OPENING_RESERVE, Rule::Setup);
    }
    let Turn { st, mut ev, .. } = t;
    events.append(&mut ev);
    Ok((st, events))
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
struct Choices {
    strategic: VecDeque<(String, Pos)>,
    open: VecDeque<(String, Pos)>,
}

struct Turn<'a> {
    rs: &'a Ruleset,
    st: State,
    ev: Vec<Event>,
    errors: Vec<OrderError>,
    side: Side,
    seed: Vec<u8>,
    seed_hex: String,
    label: String,
    hidden_ix: BTreeMap<Side, u32>,
    research_ix: u32,
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

    fn opp(&self) -> Side {
        self.rs.opponent(self.side)
    }

    fn player(&mut self, side: Side) -> Option<&mut PlayerPublic> {
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
    fn count_units(&self, side: Side, theatre: &str, army: bool) -> u32 {
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

    fn status(&self, ti: usize) -> Status {
        self.rs
            .board
            .theatres
            .get(ti)
            .and_then(|d| self.st.theatres.get(&d.id))
            .map_or(Status::Closed, |t| t.status)
    }

    fn theatre_id(&self, ti: usize) -> String {
        self.rs
            .board
            .theatres
            .get(ti)
            .map(|t| t.id.clone())
            .unwrap_or_default()
    }

    fn effect(
        &mut self,
        effect: Effect,
        ti: usize,
        rule: Rule,
        choices: &mut Choices,
    ) -> Result<(), OrderError> {
        let side = self.side;
        self.ev.push(Event::EffectCarried {
            side,
            effect,
            theatre: self.theatre_id(ti),
            rule,
        });
        match effect {
            Effect::Production => self.hidden_draw(side, 1, Rule::Effect),
            Effect::ImprovedProduction => self.hidden_draw(side, 2, Rule::Effect),
            Effect::Bombing => self.bomb(Rule::Effect),
            Effect::Research => self.research(1, Into::Bag),
            Effect::ImprovedResearch => self.research(2, Into::Bag),
            Effect::ResearchIndustry => self.research(1, Into::Reserve),
            Effect::Tactical(n) => {
                if self.status(ti) == Status::Open {
                    self.advance_own(ti, u32::from(n), Rule::Effect, choices)?;
                }
            }
            Effect::Strategic(n) => {
                let candidates: Vec<usize> = (0..self.rs.board.theatres.len())
                    .filter(|&o| o != ti && self.status(o) == Status::Open)
                    .collect();
                let target = match choices.strategic.pop_front() {
                    Some((name, at)) => {
                        match candidates.iter().find(|&&o| self.theatre_id(o) == name) {
                            Some(&o) => Some(o),
                            None => return Err(OrderError::BadStrategic { at, theatre: name }),
                        }
                    }
                    None => candidates.first().copied(),
                };
                match target {
                    Some(o) => self.advance_other(o, u32::from(n)),
                    None => self.ev.push(Event::NoTarget {
                        side,
                        rule: Rule::Effect,
                    }),
                }
            }
            Effect::Propaganda(n) => self.score(side, u32::from(n), "propaganda", Rule::Effect),
        }
        Ok(())
    }

    /// Moves the marker of the theatre where the token was placed; reaching
    /// the closing space(s) closes the theatre (002 §6.5, §8.6).
    fn advance_own(
        &mut self,
        ti: usize,
        n: u32,
        rule: Rule,
        choices: &mut Choices,
    ) -> Result<(), OrderError> {
        let Some(def) = self.rs.board.theatres.get(ti) else {
            return Ok(());
        };
        let sign = self.rs.sign(self.side);
        let threshold = self.rs.board.threshold(def);
        let half = def.half;
        let id = def.id.clone();
        let Some(t) = self.st.theatres.get_mut(&id) else {
            return Ok(());
        };
        let from = t.marker;
        let step = i32::try_from(n).unwrap_or(i32::MAX).min(2 * half);
        let to = (from + sign * step).clamp(-half, half);
        t.marker = to;
        self.ev.push(Event::MarkerMoved {
            theatre: id,
            toward: self.side,
            by: step,
            from,
            to,
            stopped: false,
            rule,
        });
        if sign * to >= threshold {
            self.close_by_track(ti, choices)?;
        }
        Ok(())
    }

    /// Moves another theatre's marker toward the side, never onto its
    /// closing space(s) (002 §6.2 strategic advantage, §6.5 note).
    fn advance_other(&mut self, ti: usize, n: u32) {
        let side = self.side;
        self.move_capped(ti, side, n, Rule::Effect);
    }

    /// 002 §4.5: the nuclear bomb's retreat of two on another track.
    fn retreat(&mut self, ti: usize, n: u32) {
        let toward = self.opp();
        self.move_capped(ti, toward, n, Rule::Nuclear);
    }

    fn move_capped(&mut self, ti: usize, toward: Side, n: u32, rule: Rule) {
        let Some(def) = self.rs.board.theatres.get(ti) else {
            return;
        };
        let sign = self.rs.sign(toward);
        let limit = self.rs.board.threshold(def) - 1;
        let id = def.id.clone();
        let half = def.half;
        let Some(t) = self.st.theatres.get_mut(&id) else {
            return;
        };
        let from = t.marker;
        let step = i32::try_from(n).unwrap_or(i32::MAX).min(2 * half);
        let mut to = from + sign * step;
        let mut stopped = false;
        if sign * to > limit {
            to = if sign * from > limit {
                from
            } else {
                sign * limit
            };
            stopped = true;
        }
        t.marker = to;
        self.ev.push(Event::MarkerMoved {
            theatre: id,
            toward,
            by: step,
            from,
            to,
            stopped,
            rule,
        });
    }

    /// The theatre is won on its track: every open campaign closes, the
    /// closer carries out the effects of the free spaces and scores.
    fn close_by_track(&mut self, ti: usize, choices: &mut Choices) -> Result<(), OrderError> {
        let rs = self.rs;
        let Some(def) = rs.board.theatres.get(ti) else {
            return Ok(());
        };
        let side = self.side;
        let nippon = rs.board.kind == BoardKind::Nippon;
        let rule = if nippon {
            Rule::NipponClose
        } else {
            Rule::CloseTheatre
        };
        let id = def.id.clone();
        let mut free_effects = Vec::new();
        let mut vp = 0;
        let marker;
        {
            let Some(t) = self.st.theatres.get_mut(&id) else {
                return Ok(());
            };
            t.status = Status::Closed;
            marker = t.marker;
            for (ci, c) in t.campaigns.iter_mut().enumerate() {
                if c.closed {
                    continue;
                }
                c.closed = true;
                vp += def.campaigns.get(ci).map_or(0, |d| d.vp);
                for (si, s) in c.spaces.iter().enumerate() {
                    if s.is_none() {
                        if let Some(e) = def
                            .campaigns
                            .get(ci)
                            .and_then(|d| d.spaces.get(si))
                            .and_then(|d| d.effect)
                        {
                            free_effects.push(e);
                        }
                    }
                }
                self.ev.push(Event::CampaignClosed {
                    theatre: id.clone(),
                    campaign: ci + 1,
                    winners: vec![side],
                    rule,
                });
            }
        }
        self.ev.push(Event::TheatreClosed {
            theatre: id.clone(),
            winner: Some(side),
            rule,
        });
        for e in free_effects {
            self.effect(e, ti, rule, choices)?;
        }
        if nippon {
            self.score(side, vp, &format!("winning {}", def.name), rule);
            let k = rs.sign(side) * marker - rs.board.threshold(def) + 1;
            self.open_next(ti, side, k.clamp(1, 3), choices)?;
        } else {
            let icons = u32::try_from(def.icons.len()).unwrap_or(0);
            self.score(
                side,
                vp + icons,
                &format!("closing the {} theatre", def.name),
                rule,
            );
        }
        Ok(())
    }

    /// The last free space of a campaign was occupied (002 §6.4, §8.6).
    fn close_by_occupation(
        &mut self,
        ti: usize,
        ci: usize,
        choices: &mut Choices,
    ) -> Result<(), OrderError> {
        let rs = self.rs;
        let Some(def) = rs.board.theatres.get(ti) else {
            return Ok(());
        };
        let nippon = rs.board.kind == BoardKind::Nippon;
        let rule = if nippon {
            Rule::NipponClose
        } else {
            Rule::CloseCampaign
        };
        let id = def.id.clone();
        let vp = def.campaigns.get(ci).map_or(0, |c| c.vp);
        let Some(t) = self.st.theatres.get_mut(&id) else {
            return Ok(());
        };
        if let Some(c) = t.campaigns.get_mut(ci) {
            c.closed = true;
        }
        let marker = t.marker;
        let all_closed = t.campaigns.iter().all(|c| c.closed);
        if all_closed {
            t.status = Status::Closed;
        }
        let winners: Vec<Side> = if marker == 0 {
            rs.sides().to_vec()
        } else {
            rs.sides()
                .into_iter()
                .filter(|s| rs.sign(*s) * marker > 0)
                .collect()
        };
        self.ev.push(Event::CampaignClosed {
            theatre: id.clone(),
            campaign: ci + 1,
            winners: winners.clone(),
            rule,
        });
        let cname = def
            .campaigns
            .get(ci)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        for w in winners {
            let icons = if nippon || marker == 0 {
                0
            } else {
                let reach = rs.sign(w) * marker;
                u32::try_from(def.icons.iter().filter(|&&i| reach >= i).count()).unwrap_or(0)
            };
            self.score(w, vp + icons, &format!("winning {cname}"), rule);
        }
        if all_closed {
            self.ev.push(Event::TheatreClosed {
                theatre: id,
                winner: None,
                rule,
            });
            if nippon {
                let side = self.side;
                self.open_next(ti, side, 0, choices)?;
            }
        }
        Ok(())
    }

    /// Nippon: the active player opens a connected campaign (002 §8.6).
    fn open_next(
        &mut self,
        ti: usize,
        by: Side,
        k: i32,
        choices: &mut Choices,
    ) -> Result<(), OrderError> {
        let rs = self.rs;
        let Some(def) = rs.board.theatres.get(ti) else {
            return Ok(());
        };
        let unopened = |o: &usize| self.status(*o) == Status::Unopened;
        let all: Vec<usize> = (0..rs.board.theatres.len()).filter(unopened).collect();
        let linked: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&o| {
                rs.board
                    .theatres
                    .get(o)
                    .is_some_and(|d| def.links.contains(&d.id))
            })
            .collect();
        let candidates = if linked.is_empty() { all } else { linked };
        let chosen = match choices.open.pop_front() {
            Some((name, at)) => match candidates.iter().find(|&&o| self.theatre_id(o) == name) {
                Some(&o) => Some(o),
                None => return Err(OrderError::BadOpen { at, theatre: name }),
            },
            None => candidates.first().copied(),
        };
        if let Some(o) = chosen {
            let id = self.theatre_id(o);
            let marker = rs.sign(by) * k;
            if let Some(t) = self.st.theatres.get_mut(&id) {
                t.status = Status::Open;
                t.marker = marker;
            }
            self.ev.push(Event::Opened {
                theatre: id,
                marker,
                by: Some(by),
                rule: Rule::NipponClose,
            });
        }
        Ok(())
    }

    fn score(&mut self, side: Side, points: u32, why: &str, rule: Rule) {
        if points == 0 {
            return;
        }
        let total = {
            let v = self.st.vp.entry(side).or_insert(0);
            *v += points;
            *v
        };
        self.ev.push(Event::Scored {
            side,
            points,
            total,
            why: why.to_string(),
            rule,
        });
    }

    fn next_ix(&mut self, side: Side) -> u32 {
        let ix = self.hidden_ix.entry(side).or_insert(0);
        let v = *ix;
        *ix += 1;
        v
    }

    /// Hidden draws from a side's bag into his reserve.
    fn hidden_draw(&mut self, side: Side, count: u32, rule: Rule) {
        let mut drawn = 0;
        for _ in 0..count {
            let bag = self.st.player(side).map_or(0, |p| p.bag);
            if bag == 0 {
                self.ev.push(Event::BagEmpty { side, rule });
                break;
            }
            let index = self.next_ix(side);
            let op = HiddenOp::Draw {
                seed: self.seed_hex.clone(),
                label: self.label.clone(),
                index,
                rule,
            };
            if let Some(p) = self.player(side) {
                p.bag -= 1;
                p.reserve += 1;
                p.ledger.push(op);
            }
            drawn += 1;
        }
        if drawn > 0 {
            let rule = if rule == Rule::Setup && self.rs.variant == Variant::Nippon {
                Rule::NipponSetup
            } else {
                rule
            };
            if self.label == SETUP_LABEL {
                self.ev.push(Event::OpeningDraw {
                    side,
                    count: drawn,
                    rule,
                });
            } else {
                self.ev.push(Event::Drew {
                    side,
                    count: drawn,
                    rule,
                });
            }
        }
    }

    /// A bombing: the opponent owes a random discard from his reserve.
    fn bomb(&mut self, rule: Rule) {
        let victim = self.opp();
        let reserve = self.st.player(victim).map_or(0, |p| p.reserve);
        if reserve == 0 {
            self.ev.push(Event::ReserveEmpty { victim, rule });
            return;
        }
        let index = self.next_ix(victim);
        let op = HiddenOp::Discard {
            seed: self.seed_hex.clone(),
            label: self.label.clone(),
            index,
            rule,
        };
        if let Some(p) = self.player(victim) {
            p.reserve -= 1;
            p.bag += 1;
            p.ledger.push(op);
        }
        self.ev.push(Event::Bombed {
            bomber: self.side,
            victim,
            rule,
        });
    }

    /// Public draws from the research pile.
    fn research(&mut self, count: u32, into: Into) {
        let side = self.side;
        for _ in 0..count {
            let n = u32::try_from(self.st.research_pile.len()).unwrap_or(0);
            let ix = self.research_ix;
            self.research_ix += 1;
            let Some(i) = draw::research_index(&self.seed, &self.st.game_id, &self.label, ix, n)
            else {
                self.ev.push(Event::ResearchEmpty {
                    side,
                    rule: Rule::Effect,
                });
                return;
            };
            let i = usize::try_from(i).unwrap_or(0);
            if i >= self.st.research_pile.len() {
                return;
            }
            let token = self.st.research_pile.remove(i);
            if let Some(p) = self.player(side) {
                p.owned.insert(token.clone());
                match into {
                    Into::Bag => {
                        p.bag += 1;
                        p.ledger.push(HiddenOp::ToBag {
                            token: token.clone(),
                        });
                    }
                    Into::Reserve => {
                        p.reserve += 1;
                        p.ledger.push(HiddenOp::ToReserve {
                            token: token.clone(),
                        });
                    }
                }
            }
            self.ev.push(Event::Researched {
                side,
                token,
                into,
                rule: Rule::Effect,
            });
        }
    }

    fn finish_game(&mut self, winner: Side, rule: Rule, reason: &str) {
        if self.st.outcome.is_some() {
            return;
        }
        self.st.outcome = Some(Outcome {
            winner,
            rule,
            reason: reason.to_string(),
        });
        self.ev.push(Event::GameOver {
            winner,
            reason: reason.to_string(),
            rule,
        });
    }

    /// 002 §7: 25 war victory points, the second player's final turn, ties,
    /// and a next player who cannot place.
    fn end_of_turn(&mut self) {
        let rs = self.rs;
        self.st.seeds.push(TurnSeed {
            label: self.label.clone(),
            seed: self.seed_hex.clone(),
        });
        let (f, s) = (rs.first(), rs.second());
        let (a, b) = (self.st.vp(f), self.st.vp(s));
        let rule = rs.victory_rule();
        if self.st.final_turn {
            let w = if a > b { f } else { s };
            self.finish_game(
                w,
                rule,
                "the final turn is over: most war victory points, ties to the second player",
            );
        } else if self.side == f {
            if a >= WAR_VP {
                self.st.final_turn = true;
                self.ev.push(Event::FinalTurn { side: s, rule });
            } else if b >= WAR_VP {
                self.finish_game(s, rule, "reached 25 war victory points");
            }
        } else if a >= WAR_VP || b >= WAR_VP {
            let w = if a > b { f } else { s };
            self.finish_game(w, rule, "reached 25 war victory points");
        }
        self.st.turn += 1;
        self.st.to_move = self.opp();
        if self.st.outcome.is_none() {
            let next = self.st.to_move;
            let reserve = self.st.player(next).map_or(0, |p| p.reserve);
            if reserve == 0 {
                self.finish_game(
                    self.side,
                    Rule::CannotPlace,
                    "the opponent has no token in reserve",
                );
            } else if !self.st.any_free_space() {
                self.finish_game(
                    self.side,
                    Rule::CannotPlace,
                    "no battle space is left for the opponent",
                );
            }
        }
    }
}
