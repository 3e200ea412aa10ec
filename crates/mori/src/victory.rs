//! Closing campaigns and theatres and winning the war (002 §6.4, §6.5,
//! §7, Nippon §8.6, §8.7): who scores what, which campaign opens next, when
//! the war is over.

use crate::board::BoardKind;
use crate::engine::{Choices, Turn, WAR_VP};
use crate::events::Event;
use crate::orders::OrderError;
use crate::ruleset::Side;
use crate::section::Rule;
use crate::state::{Outcome, Status, TurnSeed};

impl Turn<'_> {
    /// The theatre is won on its track: every open campaign closes, the
    /// closer carries out the effects of the free spaces and scores.
    pub(crate) fn close_by_track(
        &mut self,
        ti: usize,
        choices: &mut Choices,
    ) -> Result<(), OrderError> {
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
    pub(crate) fn close_by_occupation(
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
    pub(crate) fn open_next(
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

    pub(crate) fn score(&mut self, side: Side, points: u32, why: &str, rule: Rule) {
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

    pub(crate) fn finish_game(&mut self, winner: Side, rule: Rule, reason: &str) {
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
    pub(crate) fn end_of_turn(&mut self) {
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
