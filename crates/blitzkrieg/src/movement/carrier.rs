//! 30.3: carrier-based aircraft going to sea. In the Tournament Game a TAC or FTR
//! based in a port may go to the At Sea Box of the zone the port opens on by a
//! `[[move]]` with `to_sea` and no path (003 30.3: "they must go to sea from a port";
//! they never stage to a sea zone). A side has at most one full unit or two half units
//! of aircraft at sea, "in addition to the 10 ground units" (the 19.1 limit counts no
//! aircraft), checked when the reading `sea-limit-19-3` checks the 10: after every
//! order, or at the end of movement with the aircraft flying missions not counted (003
//! 19.3 & 30.3); landing back after combat is the missions' (`air/mission.rs`).

use super::Turn;
use crate::air::{self, Mission};
use crate::board::SeaZone;
use crate::cite::Cite;
use crate::cite::Rule;
use crate::event::Event;
use crate::orders::{Located, Move, OrderError, Problem, Route};
use crate::ruleset::SeaLimit;
use crate::sea::Use;
use crate::units::{stack_halves, Counter, UnitId, UnitKind};
use std::collections::BTreeSet;
use std::ops::Range;

impl Turn<'_, '_> {
    /// 30.3: a `[[move]]` to sea made of aircraft only, in the Tournament Game, is a
    /// carrier going to sea: handled here (returns true), every problem reported.
    pub(super) fn carriers_to_sea(&mut self, m: &Move, zone: &Located<SeaZone>) -> bool {
        let rules = self.ctx.rules;
        let all_air = !m.units.is_empty()
            && m.units.iter().all(|u| {
                rules
                    .counters
                    .get(&u.value)
                    .is_some_and(|c| c.kind.is_air())
            });
        if !all_air || !rules.ruleset.tournament() {
            return false;
        }
        let zone_ok = self.zone_ok(zone);
        let not_walked = match m.route {
            Route::Stay => true,
            _ => {
                if let Some(u) = m.units.first() {
                    let why =
                        "aircraft go to sea from the port they are based in: write no path (30.3)";
                    self.refuse_carrier(u, why);
                }
                false
            }
        };
        let Some(counters) = self.all_units(&m.units, |t, u| t.carrier(u, zone.value)) else {
            return true;
        };
        if !zone_ok || !not_walked || !self.carrier_room(&counters, zone) {
            return true;
        }
        for c in counters {
            let Some(port) = self.pos.hex_of(&c.id) else {
                continue;
            };
            self.pos.put_to_sea(&c, zone.value);
            self.log.moved.insert(c.id.clone());
            self.sea.put_to_sea.insert(c.id.clone());
            self.events.push(Event::PutToSea {
                unit: c.id,
                port,
                zone: zone.value,
                rule: Rule::para(para!("30.3")),
            });
        }
        true
    }

    /// 30.3: one aircraft going to sea: a TAC or FTR of the mover's, on the ground in
    /// a port the side may use that opens on `zone`, given no other move.
    fn carrier(&mut self, u: &Located<UnitId>, zone: SeaZone) -> Option<Counter> {
        let c = self.own_counter(u)?;
        if !matches!(c.kind, UnitKind::Tac | UnitKind::Ftr) {
            self.refuse_carrier(u, "only TAC and FTR are based at sea (30.3)");
            return None;
        }
        if !self.first_order("move", u, cite!("7.2")) {
            return None;
        }
        let hex = match self.pos.hex_of(&u.value) {
            Some(h) if !self.pos.is_aloft(&u.value) => h,
            _ => {
                self.refuse_carrier(u, "it is not on the ground in a port (30.3)");
                return None;
            }
        };
        let opens = self.board().port_zone(hex);
        if opens.is_none() {
            self.refuse_carrier(
                u,
                "its base is not a port: aircraft go to sea from a port (30.3, 003 30.3)",
            );
            return None;
        }
        if !self.port_ok(&u.value, hex, u.span.clone(), Use::ToSea) {
            return None;
        }
        if let Some(opens) = opens.filter(|z| *z != zone) {
            let problem = Problem::PortZone {
                port: hex,
                opens,
                zone,
            };
            self.fail(problem, u.span.clone(), cite!("19.3"), Some(&u.value));
            return None;
        }
        // 35.31
        if !self.ascendancy_to_sea(&u.value, hex, zone, u.span.clone()) {
            return None;
        }
        Some(c)
    }

    /// 30.3: "one full unit or up to two 1/2 units of TAC or FTR" at sea per side,
    /// under the reading `sea-limit-19-3=at-all-times` after every order (those in the
    /// At Sea Box count, missions flying after movement); under `stacking-times` at the
    /// end of movement instead ([`Turn::carriers_at_end`]).
    fn carrier_room(&mut self, adding: &[Counter], zone: &Located<SeaZone>) -> bool {
        self.sea.last_carrier = Some(zone.span.clone());
        if self.ctx.rules.ruleset.sea_limit() == SeaLimit::StackingTimes {
            return true;
        }
        let afloat = air::carrier::halves_at_sea(self.pos, self.ctx.side);
        let total = afloat + adding.iter().map(Counter::stack_halves).sum::<u32>();
        self.carriers_fit(total, Some(zone.span.clone()), cite!("30.3"))
    }

    /// 003 19.3 & 30.3 (reading `sea-limit-19-3=stacking-times`): the aircraft limit at
    /// sea is applied when the stacking limits are, at the end of movement; aircraft
    /// named in a `[[mission]]` leave the At Sea Box when the missions fly and do not
    /// count ("Carrier-based aircraft conducting a combat air operation ... do not";
    /// one changing base is no longer at sea).
    pub(super) fn carriers_at_end(&mut self, missions: &[Mission]) {
        let rules = self.ctx.rules;
        if !rules.ruleset.tournament() || rules.ruleset.sea_limit() != SeaLimit::StackingTimes {
            return;
        }
        let flying: BTreeSet<&UnitId> = missions
            .iter()
            .flat_map(|m| m.units.iter().map(|u| &u.value))
            .collect();
        let side = self.ctx.side;
        let total: u32 = self
            .pos
            .at_sea()
            .filter(|a| a.side == side && a.kind.is_air() && !flying.contains(&a.id))
            .map(|a| stack_halves(a.kind, a.substitute))
            .sum();
        let span = self.sea.last_carrier.clone();
        self.carriers_fit(total, span, cite!("003 19.3"));
    }

    /// Whether `total` half units of aircraft at sea are within the 30.3 limit;
    /// reported at `span` if not.
    fn carriers_fit(&mut self, total: u32, span: Option<Range<usize>>, rule: Cite) -> bool {
        if air::carrier::fits_at_sea(self.ctx.rules, total) {
            return true;
        }
        let limit = self.ctx.rules.ruleset.tournament_figures.air.carrier_halves;
        let problem = Problem::TooManyCarriers {
            side: self.ctx.side,
            count: air::carrier::units_words(total),
            limit: air::carrier::units_words(limit),
        };
        self.errors.push(OrderError::new(problem, span, rule));
        false
    }

    fn refuse_carrier(&mut self, u: &Located<UnitId>, why: &str) {
        let problem = Problem::CarrierNotAllowed {
            unit: u.value.clone(),
            why: why.to_string(),
        };
        self.fail(problem, u.span.clone(), cite!("30.3"), Some(&u.value));
    }
}
