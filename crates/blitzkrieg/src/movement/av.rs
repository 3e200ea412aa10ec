//! Automatic victory during movement (optional rule 21): one `[[av]]` order, carried
//! out where it is written among the moves. The rules of it are in
//! [`crate::automatic`]; this is the order checked against the position as it stands.

use super::Turn;
use crate::automatic::{self, AvMade, AvPath};
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::orders::{Av, Located, Problem};
use crate::units::{UnitId, UnitKind};
use std::collections::BTreeMap;

/// An AVing unit of the order, checked: its hex and kind.
type Aver = (UnitId, Hex, UnitKind);

impl Turn<'_, '_> {
    /// 21.1-21.3: one automatic victory. The units named stand next to the enemy in
    /// the hex and make at least the odds needed; the defenders are turned over.
    pub(super) fn av(&mut self, a: &Av) {
        if !self
            .ctx
            .rules
            .ruleset
            .plays(crate::ruleset::OptionalRule::AutomaticVictory)
        {
            let problem = Problem::NotNow {
                what: "[[av]]".into(),
                why: "this game does not play optional rule 21 (automatic victory)".into(),
            };
            self.fail(problem, a.hex.span.clone(), cite!("21"), None);
            return;
        }
        let hex_ok = self.av_hex_ok(&a.hex);
        let units = self.all_units(&a.units, |t, u| t.aver(u, a.hex.value));
        let (Some(units), true) = (units, hex_ok) else {
            return;
        };
        // A faulty advance is reported; the automatic victory is judged all the same,
        // so that what follows from it is checked too.
        self.check_advances(a, &units);
        let ids: Vec<UnitId> = units.iter().map(|u| u.0.clone()).collect();
        let hex = a.hex.value;
        let judged = automatic::judge(self.ctx.rules, self.pos, &ids, hex);
        if !judged.wins() {
            let problem = Problem::AvTooWeak {
                hex,
                odds: judged.odds_text(),
                needed: judged.needed,
                retreat: !judged.no_retreat,
            };
            self.fail(problem, a.hex.span.clone(), cite!("21.1"), None);
            return;
        }
        let beaten: Vec<UnitId> = self.pos.at(hex).map(|p| p.id.clone()).collect();
        for id in &beaten {
            self.pos.mark(id, UnitMarker::AutomaticVictory);
        }
        self.log.av.extend(ids.iter().cloned());
        self.log.avs.push(AvMade {
            hex,
            units: ids,
            advance: a.advance.iter().map(AvPath::of).collect(),
        });
        let s = judged.strength.clone();
        self.events.push(Event::AutomaticVictory {
            hex,
            attackers: s.attackers,
            defenders: s.defenders,
            doubling: s.doubling,
            odds: judged.odds_text(),
            needed: judged.needed,
            no_retreat: judged.no_retreat,
            rule: Rule::para(para!("21.1")),
        });
    }

    /// 21.1: the hex is on the board and holds enemy units not yet beaten.
    fn av_hex_ok(&mut self, hex: &Located<Hex>) -> bool {
        if !self.board().contains(hex.value) {
            self.fail(
                Problem::OffBoard(hex.value),
                hex.span.clone(),
                cite!("3.1"),
                None,
            );
            return false;
        }
        if self.pos.side_at(hex.value) != Some(self.ctx.side.other()) {
            let problem = Problem::NoDefender(hex.value);
            self.fail(problem, hex.span.clone(), cite!("21.1"), None);
            return false;
        }
        true
    }

    /// 21.1, 003 21.1: a unit of the mover's, on the map, next to `hex`, in no other
    /// automatic victory.
    fn aver(&mut self, u: &Located<UnitId>, hex: Hex) -> Option<Aver> {
        let c = self.own_counter(u)?;
        if !self.first_order("av", u, cite!("21.1")) || self.on_assault_hex(u) {
            return None;
        }
        let id = &u.value;
        let Some(at) = self.pos.hex_of(id) else {
            let problem = Problem::NotOnMap { unit: id.clone() };
            self.fail(problem, u.span.clone(), cite!("21.1"), Some(id));
            return None;
        };
        if !at.is_adjacent(hex) {
            let problem = Problem::NotAdjacent {
                unit: id.clone(),
                target: hex,
            };
            self.fail(problem, u.span.clone(), cite!("21.1"), Some(id));
            return None;
        }
        Some((id.clone(), at, c.kind))
    }

    /// 21.3, Q&A 21.3: each advance names units of this automatic victory, once each,
    /// along a path that terrain allows every one of them.
    fn check_advances(&mut self, a: &Av, units: &[Aver]) {
        let by_id: BTreeMap<&UnitId, &Aver> = units.iter().map(|u| (&u.0, u)).collect();
        let allowed = self
            .ctx
            .rules
            .ruleset
            .optional_figures
            .automatic_victory
            .advance_hexes;
        let mut seen = Vec::new();
        for g in &a.advance {
            let path: Vec<Hex> = g.path.iter().map(|h| h.value).collect();
            for u in &g.units {
                let Some(&&(_, from, kind)) = by_id.get(&u.value) else {
                    let problem = Problem::NotAnAver {
                        unit: u.value.clone(),
                        hex: a.hex.value,
                    };
                    self.fail(problem, u.span.clone(), cite!("21.3"), Some(&u.value));
                    continue;
                };
                if seen.contains(&u.value) {
                    let problem = Problem::OrderedTwice {
                        unit: u.value.clone(),
                        what: "advance after the automatic victory".into(),
                    };
                    self.fail(problem, u.span.clone(), cite!("21.3"), Some(&u.value));
                    continue;
                }
                seen.push(u.value.clone());
                let board = self.board();
                let fault = automatic::path_fault(board, kind, from, a.hex.value, &path, allowed);
                if let Some((at, f)) = fault {
                    let (hex, span) = g
                        .path
                        .get(at)
                        .map_or((a.hex.value, g.span.clone()), |h| (h.value, h.span.clone()));
                    let problem = Problem::AvAdvance {
                        unit: u.value.clone(),
                        why: f.text(hex),
                    };
                    self.fail(problem, span, f.rule(), Some(&u.value));
                }
            }
        }
    }
}
