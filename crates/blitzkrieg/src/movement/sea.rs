//! Sea movement (optional rule 19) in the movement portion: units set up at sea
//! (19.1), going to sea from a port at the end of a `[[move]]` (19.3), and the
//! `[[sea]]` orders of units at sea: sail to an adjacent zone or land at a port and go
//! on inland (19.2, 19.5), or invade (`invasion`, 20); the limit of units at sea (19.3, reading `sea-limit-19-3`).
//! Which ports a side may use is [`crate::sea`]'s question.
//!
//! `[[move]]` and `[[sea]]` orders are carried out together in the order written, so
//! that units may land before others go to sea (Q&A 19.3 & 20.3) and a landed unit may
//! then be given a `[[move]]` inland. What a unit did at sea this player-turn (went to
//! sea, landed) is kept here for the rest of the movement portion only, never in the
//! state: the next player-turn is another's.
//!
//! Readings where the rules are silent:
//! - 19.2's "either in their sea zone, or in an adjacent zone" covers landing at a port
//!   as well as invading: a unit at sea lands at a port that opens on its zone or on a
//!   zone next to it (19.5: never farther than an adjacent zone).
//! - 19.2: the landing costs 1 MF of the unit's movement factor; the rest is spent from
//!   the port by the movement rules (the road bonus included) along the `path` of the
//!   `[[sea]]` order, or of one later `[[move]]` order for the unit.
//! - Q&A 8.3 & 19.3: no unit, of any type, goes to sea from a port in enemy ZOC.
//! - 003 19.4 (reading `cut-off-sea-19-4=no-naval-activity`): a unit may not sail into
//!   or out of a zone cut off from the open sea; under the default `ports-only` only
//!   the blocked ports are barred.
//! - At set-up (19.1) the limit of units at sea is checked as in a player-turn, under
//!   the same reading.

use super::Turn;
use crate::board::SeaZone;
use crate::cite::{Cite, Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{Located, Move, Problem, Route, SeaAction, SeaOrder, SeaPlacement};
use crate::ruleset::{CutOffSea, SeaLimit};
use crate::sea::{port_fault, units_text, PortFault, Use};
use crate::units::{stack_halves, Counter, UnitId};
use std::collections::BTreeSet;
use std::ops::Range;

/// What units did at sea in this movement portion.
#[derive(Debug, Default)]
pub(super) struct Voyages {
    /// 19.3: units that went to sea (or were set up at sea): nothing more at sea now.
    pub(super) put_to_sea: BTreeSet<UnitId>,
    /// 19.2: units that landed (at a port or on a beach): not back to sea now.
    pub(super) landed: BTreeSet<UnitId>,
    /// 20.4: units that invaded a beach.
    pub(super) invaded: BTreeSet<UnitId>,
    /// 20.31, 003 20.31: the units placed on each assault hex this movement phase, in
    /// half units (those that went on ashore too: all are placed before any lands).
    pub(super) assault_halves: std::collections::BTreeMap<Hex, u32>,
    /// 003 20.32: units that landed in an opposed invasion, with their beach hex: they
    /// move no further.
    pub(super) stopped: std::collections::BTreeMap<UnitId, Hex>,
    /// The order that last put units to sea, for the limit at the end of movement.
    last_to_sea: Option<Range<usize>>,
    /// 003 19.4: the zones cut off from the open sea, found when first needed (the
    /// enemy does not move in this movement portion).
    pub(super) cut_off: Option<BTreeSet<SeaZone>>,
    /// 27.2: the hexes of coast rangers landed on this player-turn.
    pub(super) ranger_coast: BTreeSet<Hex>,
    /// 30.3: the order that last sent aircraft to sea, for their limit at the end of
    /// movement (003 19.3 & 30.3).
    pub(super) last_carrier: Option<Range<usize>>,
}

impl Turn<'_, '_> {
    /// Whether optional rule 19 is played; an order of it in a game without it is
    /// reported as not allowed.
    fn sea_rule(&mut self, what: &str, span: &Range<usize>) -> bool {
        let played = self.ctx.rules.ruleset.sea_movement();
        self.optional_played(played, (cite!("19"), "sea movement"), what, span)
    }

    /// Whether the optional rule `(number, name)` is `played`; if not, `what` (an
    /// order of it) is reported as not allowed at `span`.
    pub(super) fn optional_played(
        &mut self,
        played: bool,
        (rule, name): (Cite, &str),
        what: &str,
        span: &Range<usize>,
    ) -> bool {
        if played {
            return true;
        }
        let problem = Problem::NotNow {
            what: what.to_string(),
            why: format!("this game is played without optional rule {rule} ({name})"),
        };
        self.fail(problem, span.clone(), rule, None);
        false
    }

    /// 19.1: a zone of the board.
    pub(super) fn zone_ok(&mut self, zone: &Located<SeaZone>) -> bool {
        if self.board().has_zone(zone.value) {
            return true;
        }
        let problem = Problem::BadZone(zone.value.to_string());
        self.fail(problem, zone.span.clone(), cite!("19.1"), None);
        false
    }

    /// 19.1, 19.3 with 26.4, reading `sea-limit-19-3` `at-all-times`: whether `units`
    /// may go to sea now without passing the limit; reported at `span` if not. Under
    /// `stacking-times` the limit is checked at the end of movement instead.
    fn sea_room(&mut self, units: &[Counter], span: &Range<usize>) -> bool {
        if self.ctx.rules.ruleset.sea_limit() == SeaLimit::StackingTimes {
            return true;
        }
        let adding: u32 = units
            .iter()
            .map(|c| stack_halves(c.kind, c.is_substitute()))
            .sum();
        let total = self.pos.sea_halves(self.ctx.side) + adding;
        self.sea_limit_ok(total, Some(span.clone()))
    }

    /// Whether `total` half units at sea are within the limit; reported if not.
    fn sea_limit_ok(&mut self, total: u32, span: Option<Range<usize>>) -> bool {
        let limit = self
            .ctx
            .rules
            .ruleset
            .optional_figures
            .sea_movement
            .at_sea_halves;
        if total <= limit {
            return true;
        }
        let problem = Problem::TooManyAtSea {
            side: self.ctx.side,
            count: units_text(total),
            limit: units_text(limit),
        };
        let rule = if self.ctx.turn == 0 {
            cite!("19.1")
        } else {
            cite!("19.3")
        };
        self.errors
            .push(crate::orders::OrderError::new(problem, span, rule));
        false
    }

    /// 003 19.3 (reading `sea-limit-19-3` `stacking-times`): the limit of units at sea
    /// is checked when the stacking limits are, at the end of movement; units on
    /// assault hexes count (003 19.3).
    pub(super) fn check_sea_limit(&mut self) {
        let rules = self.ctx.rules;
        if !rules.ruleset.sea_movement() || rules.ruleset.sea_limit() != SeaLimit::StackingTimes {
            return;
        }
        let total = self.pos.sea_halves(self.ctx.side);
        let span = self.sea.last_to_sea.clone();
        self.sea_limit_ok(total, span);
    }

    /// 19.1: one set-up order in the At Sea Box of a zone.
    pub(super) fn set_up_at_sea(&mut self, p: &SeaPlacement, rule: Cite) {
        if !self.sea_rule("`at_sea` in [[setup]]", &p.zone.span) {
            return;
        }
        let zone_ok = self.zone_ok(&p.zone);
        let units = self.all_units(&p.units, |t, u| t.waiting_unit(u, "setup", rule, 1));
        let (Some(units), true) = (units, zone_ok) else {
            return;
        };
        let counters: Vec<Counter> = units.into_iter().map(|(_, c)| c).collect();
        if !self.sea_room(&counters, &p.zone.span) {
            return;
        }
        for c in counters {
            self.pos.put_to_sea(&c, p.zone.value);
            self.log.placed.insert(c.id.clone());
            self.sea.put_to_sea.insert(c.id.clone());
            self.events.push(Event::SetUpAtSea {
                unit: c.id,
                zone: p.zone.value,
                rule: Rule::para(para!("19.1")),
            });
        }
        self.sea.last_to_sea = Some(p.zone.span.clone());
    }

    /// 19.2: a unit at sea is given an order for units on the map: reported, pointing
    /// to `[[sea]]` (20.31-20.32: so is one on an assault hex, or one that landed in
    /// an opposed invasion).
    pub(super) fn is_afloat(&mut self, u: &Located<UnitId>) -> bool {
        if self.assault_bound(u) {
            return true;
        }
        let Some(zone) = self.pos.afloat(&u.value).map(|a| a.zone) else {
            return false;
        };
        let problem = Problem::AtSea {
            unit: u.value.clone(),
            zone,
        };
        self.fail(problem, u.span.clone(), cite!("19.2"), Some(&u.value));
        true
    }

    /// 19.2, 20.4: a unit that landed this player-turn moves on from the port or the
    /// beach hex with its movement factor less what the landing cost.
    pub(super) fn after_landing(&self, unit: &UnitId, mf: u32) -> u32 {
        if self.invaded(unit) {
            let first = self
                .ctx
                .rules
                .ruleset
                .optional_figures
                .invasions
                .first_beach_mf;
            mf.saturating_sub(first)
        } else if self.sea.landed.contains(unit) {
            mf.saturating_sub(
                self.ctx
                    .rules
                    .ruleset
                    .optional_figures
                    .sea_movement
                    .landing_mf,
            )
        } else {
            mf
        }
    }

    /// 19.3: a `[[move]]` that ends by going to sea in `zone` from the port it reaches
    /// (or, with no route, from the port the units are in), at no extra MF.
    pub(super) fn move_to_sea(&mut self, m: &Move, zone: &Located<SeaZone>) {
        if !self.sea_rule("`to_sea` in [[move]]", &zone.span) {
            return;
        }
        if self.carriers_to_sea(m, zone) {
            return;
        }
        let landed: Vec<&Located<UnitId>> = m
            .units
            .iter()
            .filter(|u| self.sea.landed.contains(&u.value))
            .collect();
        for u in &landed {
            let problem = Problem::LandedThisTurn {
                unit: u.value.clone(),
            };
            self.fail(problem, u.span.clone(), cite!("19.2"), Some(&u.value));
        }
        if !landed.is_empty() {
            return;
        }
        let walked = match m.route {
            Route::Stay => self.members(m).map(|members| (members, None)),
            _ => self
                .walk_order(m)
                .map(|(members, plan, walks)| (members, Some((plan, walks)))),
        };
        let zone_ok = self.zone_ok(zone);
        let Some((members, walked)) = walked else {
            return;
        };
        // 36.23-36.24: going to sea is one hex more than the way to the port.
        let hexes = walked
            .as_ref()
            .map_or(0, |(plan, _)| plan.path.len().saturating_sub(1));
        let hexes = u32::try_from(hexes).unwrap_or(u32::MAX).saturating_add(1);
        if self.any_held_by_oil(&m.units, hexes, true) {
            return;
        }
        let Some(first) = members.first() else {
            return;
        };
        let port = walked
            .as_ref()
            .and_then(|(plan, _)| plan.path.last().copied())
            .unwrap_or(first.hex);
        let unit = first.id.value.clone();
        let counters: Vec<Counter> = members
            .iter()
            .filter_map(|mb| self.ctx.rules.counters.get(&mb.id.value).cloned())
            .collect();
        let rangers = self.rangers_withdraw(&counters, port);
        let mut ok = zone_ok
            && if rangers {
                self.rangers_to_sea_ok(&unit, port, zone.value, zone.span.clone())
            } else {
                self.port_ok(&unit, port, zone.span.clone(), Use::ToSea)
            };
        if ok && !rangers {
            if let Some(opens) = self.board().port_zone(port).filter(|z| *z != zone.value) {
                let problem = Problem::PortZone {
                    port,
                    opens,
                    zone: zone.value,
                };
                self.fail(problem, zone.span.clone(), cite!("19.3"), None);
                ok = false;
            }
        }
        // 35.31
        ok = ok && (rangers || self.ascendancy_to_sea(&unit, port, zone.value, zone.span.clone()));
        if !ok || !self.sea_room(&counters, &zone.span) {
            return;
        }
        if let Some((plan, walks)) = walked {
            self.carry_out(&members, &plan, walks);
        }
        for c in counters {
            self.pos.put_to_sea(&c, zone.value);
            self.log.moved.insert(c.id.clone());
            self.sea.put_to_sea.insert(c.id.clone());
            let rule = if rangers {
                para!("27.4")
            } else {
                para!("19.3")
            };
            self.events.push(Event::PutToSea {
                unit: c.id,
                port,
                zone: zone.value,
                rule: Rule::para(rule),
            });
        }
        self.sea.last_to_sea = Some(zone.span.clone());
    }

    /// 19.2-19.4, Q&A 8.3 & 19.3: whether the side may use `port` now; reported at
    /// `span` (naming `unit`) if not.
    pub(super) fn port_ok(
        &mut self,
        unit: &UnitId,
        port: Hex,
        span: Range<usize>,
        how: Use,
    ) -> bool {
        let (board, pos) = (self.board(), &*self.pos);
        let Some(fault) = port_fault(board, pos, self.ctx.holding(), self.ctx.side, port, how)
        else {
            return true;
        };
        let (problem, rule) = match fault {
            PortFault::NotAPort => (Problem::NotAPort { hex: port }, cite!("19.4")),
            PortFault::InEnemyZoc => (
                Problem::PortInEnemyZoc {
                    unit: unit.clone(),
                    port,
                },
                cite!("Q&A 8.3 & 19.3"),
            ),
            PortFault::NotFriendly(why) => (
                Problem::PortNotFriendly {
                    port,
                    side: self.ctx.side,
                    why,
                },
                if how == Use::ToSea {
                    cite!("19.3")
                } else {
                    cite!("19.2")
                },
            ),
            PortFault::Blocked(why) => (Problem::PortBlocked { port, why }, cite!("19.4")),
            PortFault::Damaged => (
                Problem::PortBlocked {
                    port,
                    why: crate::sea::fault_why(&PortFault::Damaged),
                },
                cite!("33.3"),
            ),
        };
        self.fail(problem, span, rule, Some(unit));
        false
    }

    /// 19.2, 19.5, 20: one `[[sea]]` order: sail to an adjacent zone, land at a port or
    /// invade a beach and go on inland (`invasion`).
    pub(super) fn sea_order(&mut self, o: &SeaOrder) {
        if !self.sea_rule("[[sea]]", &o.span) {
            return;
        }
        let Some(units) = self.all_units(&o.units, |t, u| t.afloat_member(u)) else {
            return;
        };
        // 36.23-36.24: units held to one hex for want of oil (`short.rs`).
        let hexes = match &o.action {
            SeaAction::Sail(_) => u32::MAX,
            SeaAction::Land { port, path } => 1 + beyond(port, path),
            SeaAction::Invade { beach, path } => 1 + beyond(beach, path),
            SeaAction::Assault { .. } => 1,
        };
        if self.any_held_by_oil(&o.units, hexes, true) {
            return;
        }
        match &o.action {
            SeaAction::Sail(to) => self.sail(&units, to),
            SeaAction::Land { port, path } => self.land_at_port(o, &units, port, path),
            SeaAction::Invade { beach, path } => self.invade(o, &units, beach, path),
            SeaAction::Assault { at, beach, ashore } => {
                self.assault(&units, at, beach.as_ref(), ashore);
            }
        }
    }

    /// 2.1, 4.2, 19.2-19.3: a unit of the mover's at sea, given no other `[[sea]]` order
    /// and not gone to sea this player-turn: its counter and zone.
    fn afloat_member(&mut self, u: &Located<UnitId>) -> Option<(Counter, SeaZone)> {
        let c = self.own_counter(u)?;
        if !self.first_order("sea", u, cite!("19.2")) {
            return None;
        }
        let unit = u.value.clone();
        let (problem, rule) = if self.sea.put_to_sea.contains(&unit) {
            (Problem::PutToSeaThisTurn { unit }, cite!("19.3"))
        } else if let Some(a) = self.pos.afloat(&unit) {
            return Some((c, a.zone));
        } else {
            (Problem::NotAtSea { unit }, cite!("19.2"))
        };
        self.fail(problem, u.span.clone(), rule, Some(&u.value));
        None
    }

    /// 003 19.4, reading `cut-off-sea-19-4` `no-naval-activity`: whether `zone` is cut
    /// off from the open sea by enemy ZOC (never under `ports-only`).
    pub(super) fn zone_cut_off(&mut self, zone: SeaZone) -> bool {
        if self.ctx.rules.ruleset.cut_off_sea() != CutOffSea::NoNavalActivity {
            return false;
        }
        let (board, pos, side) = (self.board(), &*self.pos, self.ctx.side);
        self.sea
            .cut_off
            .get_or_insert_with(|| crate::sea::cut_off_zones(board, pos, side))
            .contains(&zone)
    }

    /// 19.2, 19.5: the units sail to the zone `to`, next to each one's zone.
    fn sail(&mut self, units: &[(Counter, SeaZone)], to: &Located<SeaZone>) {
        if !self.zone_ok(to) {
            return;
        }
        let mut ok = true;
        for (c, from) in units {
            if !self.board().zone_links(*from).any(|z| z == to.value) {
                let problem = Problem::ZoneNotAdjacent {
                    unit: c.id.clone(),
                    from: *from,
                    next: crate::sea::next_zones(self.board(), *from),
                };
                self.fail(problem, to.span.clone(), cite!("19.5"), Some(&c.id));
                ok = false;
            } else if let Some(zone) = [*from, to.value]
                .into_iter()
                .find(|&z| self.zone_cut_off(z))
            {
                self.fail(
                    Problem::ZoneCutOff { zone },
                    to.span.clone(),
                    cite!("003 19.4"),
                    Some(&c.id),
                );
                ok = false;
            }
        }
        if !ok {
            return;
        }
        for (c, from) in units {
            self.pos.put_to_sea(c, to.value);
            self.events.push(Event::Sailed {
                unit: c.id.clone(),
                from: *from,
                to: to.value,
                rule: Rule::para(para!("19.2")).and(Ref::Para(crate::cite::Para::lit("19.5"))),
            });
        }
    }

    /// 19.2: the units land at `port`, which opens on each one's zone or a zone next
    /// to it, for 1 MF, and go on along `path` (the movement rules from the port).
    fn land_at_port(
        &mut self,
        o: &SeaOrder,
        units: &[(Counter, SeaZone)],
        port: &Located<Hex>,
        path: &[Located<Hex>],
    ) {
        let Some((first, _)) = units.first() else {
            return;
        };
        if !self.board().contains(port.value) {
            self.fail(
                Problem::OffBoard(port.value),
                port.span.clone(),
                cite!("3.1"),
                None,
            );
            return;
        }
        if !self.port_ok(&first.id, port.value, port.span.clone(), Use::Land) {
            return;
        }
        let opens = self.board().port_zone(port.value);
        let landing_mf = self
            .ctx
            .rules
            .ruleset
            .optional_figures
            .sea_movement
            .landing_mf;
        let mut ok = true;
        for (c, from) in units {
            let near =
                opens.is_some_and(|z| z == *from || self.board().zone_links(*from).any(|n| n == z));
            if let (false, Some(opens)) = (near, opens) {
                let problem = Problem::PortTooFar {
                    unit: c.id.clone(),
                    from: *from,
                    port: port.value,
                    opens,
                };
                self.fail(problem, port.span.clone(), cite!("19.2"), Some(&c.id));
                ok = false;
            } else if c.movement < landing_mf {
                let problem = Problem::TooFar {
                    unit: c.id.clone(),
                    needed: landing_mf.to_string(),
                    allowed: c.movement.to_string(),
                };
                self.fail(problem, port.span.clone(), cite!("19.2"), Some(&c.id));
                ok = false;
            }
        }
        let on_land: Vec<(UnitId, Counter)> = units
            .iter()
            .map(|(c, _)| (c.id.clone(), c.clone()))
            .collect();
        if !ok || !self.terrain_allows(&on_land, port) {
            return;
        }
        let events = self.events.len();
        for (c, from) in units {
            self.pos.land(&c.id, port.value);
            self.sea.landed.insert(c.id.clone());
            self.log.moved.insert(c.id.clone());
            self.events.push(Event::Landed {
                unit: c.id.clone(),
                zone: *from,
                port: port.value,
                mf: landing_mf,
                rule: Rule::para(para!("19.2")),
            });
        }
        self.last_into.insert(port.value, port.span.clone());
        self.go_inland(o, units, port, path, events);
    }

    /// 19.2, 20.4: the units of `o`, just landed on `at`, move on along `path` (none:
    /// they stay there). If that move is refused the order is refused whole: the units
    /// go back to sea and the events from index `events` on are dropped. Whether they
    /// stay ashore.
    pub(super) fn go_inland(
        &mut self,
        o: &SeaOrder,
        units: &[(Counter, SeaZone)],
        at: &Located<Hex>,
        path: &[Located<Hex>],
        events: usize,
    ) -> bool {
        if path.is_empty() {
            return true;
        }
        let errors = self.errors.len();
        let inland = Move {
            units: o.units.clone(),
            route: Route::Path(path.to_vec()),
            span: at.span.clone(),
            to_sea: None,
            by: Vec::new(),
            then: Vec::new(),
        };
        self.ground(&inland);
        if self.errors.len() == errors {
            return true;
        }
        self.events.truncate(events);
        for (c, from) in units {
            self.pos.put_to_sea(c, *from);
            self.sea.landed.remove(&c.id);
            self.sea.invaded.remove(&c.id);
            self.log.moved.remove(&c.id);
        }
        false
    }
}

/// 36.23-36.24: the hexes of `path` beyond the landing hex `at` (which it may give
/// first).
fn beyond(at: &Located<Hex>, path: &[Located<Hex>]) -> u32 {
    let skip = usize::from(path.first().is_some_and(|h| h.value == at.value));
    u32::try_from(path.len().saturating_sub(skip)).unwrap_or(u32::MAX)
}
