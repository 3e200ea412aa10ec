//! Battle space effects and battle marker moves (002 §6.2, §6.3, the
//! note of §6.5 on other tracks, §4.4, §4.5): production and research
//! draws, bombing, tactical and strategic advantage, propaganda.

use crate::board::Effect;
use crate::draw;
use crate::engine::{Choices, Turn, SETUP_LABEL};
use crate::events::{Event, Pile};
use crate::orders::OrderError;
use crate::ruleset::{Side, Variant};
use crate::section::Rule;
use crate::state::{HiddenOp, Status};

impl Turn<'_> {
    pub(crate) fn effect(
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
            Effect::Research => self.research(1, Pile::Bag),
            Effect::ImprovedResearch => self.research(2, Pile::Bag),
            Effect::ResearchIndustry => self.research(1, Pile::Reserve),
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
    pub(crate) fn advance_own(
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
    pub(crate) fn advance_other(&mut self, ti: usize, n: u32) {
        let side = self.side;
        self.move_capped(ti, side, n, Rule::Effect);
    }

    /// 002 §4.5: the nuclear bomb's retreat of two on another track.
    pub(crate) fn retreat(&mut self, ti: usize, n: u32) {
        let toward = self.opp();
        self.move_capped(ti, toward, n, Rule::Nuclear);
    }

    pub(crate) fn move_capped(&mut self, ti: usize, toward: Side, n: u32, rule: Rule) {
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

    pub(crate) fn next_ix(&mut self, side: Side) -> u32 {
        let ix = self.hidden_ix.entry(side).or_insert(0);
        let v = *ix;
        *ix += 1;
        v
    }

    /// Hidden draws from a side's bag into his reserve.
    pub(crate) fn hidden_draw(&mut self, side: Side, count: u32, rule: Rule) {
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
    pub(crate) fn bomb(&mut self, rule: Rule) {
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
    pub(crate) fn research(&mut self, count: u32, into: Pile) {
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
                    Pile::Bag => {
                        p.bag += 1;
                        p.ledger.push(HiddenOp::ToBag {
                            token: token.clone(),
                        });
                    }
                    Pile::Reserve => {
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
}
