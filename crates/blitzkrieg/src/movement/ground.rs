//! Ground moves (7-11): one `[[move]]` order moves one unit or a stack together along
//! a path written in full or found by the umpire.

use super::path::{
    check_path, entry_fault, is_engaged, terrain_name, Fault, Mover, PathFault, Walk,
};
use super::search::{find_path, find_path_where};
use super::strategic::{self, Standing};
use super::Turn;
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{Located, Move, OrderError, Problem, Route};
use crate::units::{Counter, UnitId};
use std::ops::Range;

/// A movement factor no unit has, for asking what a path would cost without limit.
const UNLIMITED: u32 = 1000;

/// One unit of a move order, checked.
pub(super) struct Member {
    pub(super) id: Located<UnitId>,
    pub(super) hex: Hex,
    pub(super) mover: Mover,
    /// 22: whether it may have the strategic movement bonus.
    pub(super) strategic: Standing,
}

/// A member's legal walk, and the strategic movement bonus it needed (22), if any.
pub(super) type Walked = (Walk, Option<u32>);

/// What the strategic movement bonus (22) makes of a path too long for a unit.
enum WithBonus {
    /// The path is legal with the bonus.
    Legal(Walked),
    /// It is not, and why.
    Refused(OrderError),
}

/// The route of an order as full hexes (start first) with the span of each.
pub(super) struct Planned {
    pub(super) path: Vec<Hex>,
    pub(super) spans: Vec<Range<usize>>,
    found: bool,
}

impl Turn<'_, '_> {
    /// 7.1-7.5, 8.2-8.3, 9.1-9.2, 10, 11.2: one ground move order (with optional rule
    /// 19, one that ends by going to sea is `move_to_sea`'s).
    pub(super) fn ground(&mut self, m: &Move) {
        if m.by.is_empty() && !m.then.is_empty() {
            self.then_without_flight(m);
            return;
        }
        if let Some(zone) = &m.to_sea {
            self.move_to_sea(m, zone);
            return;
        }
        if let Some((members, plan, walks)) = self.walk_order(m) {
            self.carry_out(&members, &plan, walks);
            // 46.42: the carried infantry's own move after the flight.
            if !m.by.is_empty() {
                self.after_flight(m);
            }
        }
    }

    /// The units of a move order, its path and each unit's walk along it, when the
    /// order is legal; else every problem is reported.
    pub(super) fn walk_order(&mut self, m: &Move) -> Option<(Vec<Member>, Planned, Vec<Walked>)> {
        let mut members = self.members(m)?;
        if !m.by.is_empty() {
            // 46.4: an infantry unit carried by transport helicopters.
            members = self.carried(m, members)?;
            if !self.same_hex(&members) {
                return None;
            }
        }
        let plan = self.plan(m, &members)?;
        if let Some(e) = self.short_of_oil(&members, &plan) {
            self.errors.push(e);
            return None;
        }
        let mut walks = Vec::new();
        let mut faults = Vec::new();
        let mut refused = Vec::new();
        for mb in &members {
            match check_path(self.board(), self.pos, &mb.mover, &plan.path) {
                Ok(w) => walks.push((w, None)),
                Err(fs) => match self.with_bonus(mb, &plan, &fs) {
                    Some(WithBonus::Legal(walked)) => walks.push(walked),
                    Some(WithBonus::Refused(e)) => refused.push(e),
                    None => faults.extend(fs.into_iter().map(|f| (mb.id.value.clone(), f))),
                },
            }
        }
        if !faults.is_empty() || !refused.is_empty() {
            self.errors.extend(refused);
            let first = self.errors.len();
            self.report_faults(&members, &plan, faults);
            if !plan.found {
                if let Some(hint) = self.farthest_hint(&members, &plan.path, "this path") {
                    for e in self.errors.iter_mut().skip(first) {
                        if !matches!(e.problem, Problem::Engaged { .. }) {
                            e.hint = Some(hint.clone());
                        }
                    }
                }
            }
            return None;
        }
        Some((members, plan, walks))
    }

    /// 36.23-36.24: a unit held to one hex for want of oil moves no farther.
    fn short_of_oil(&mut self, members: &[Member], plan: &Planned) -> Option<OrderError> {
        let shortage = crate::resources::shortage(self.ctx.rules, self.pos, self.ctx.side)?;
        let hexes = u32::try_from(plan.path.len().saturating_sub(1)).unwrap_or(u32::MAX);
        for mb in members {
            let unit = &mb.id.value;
            let halves = crate::resources::counted_halves(self.ctx.rules, self.pos, unit);
            let kept = &mut self.infantry_kept;
            if shortage.held_to_short_move(mb.mover.kind, halves, hexes, kept) {
                let span = mb.id.span.clone();
                return Some(super::short::short_move_error(&shortage, unit, span));
            }
        }
        None
    }

    /// 7.1-7.2, 11.1-11.2: the units of a move order, every one checked, at most a
    /// stack, all in one hex.
    pub(super) fn members(&mut self, m: &Move) -> Option<Vec<Member>> {
        if m.units.len() > self.figures().move_units {
            let problem = Problem::StackTooLarge {
                count: m.units.len(),
            };
            self.fail(problem, m.span.clone(), cite!("11.1"), None);
        }
        let members = self.all_units(&m.units, |t, u| t.member(u))?;
        if m.units.len() > self.figures().move_units || !self.same_hex(&members) {
            return None;
        }
        Some(members)
    }

    /// 22: a path too long for the unit's movement factor, and for nothing else, walked
    /// again with the strategic movement bonus: legal when the unit may have the bonus,
    /// the path fits it and every hex entered is clear. `None` when the bonus is not
    /// the question (other faults, rule 22 not played, too far even with it for a unit
    /// that may not have it).
    fn with_bonus(&self, mb: &Member, plan: &Planned, faults: &[PathFault]) -> Option<WithBonus> {
        let (needed, at) = only_too_far(faults)?;
        let mf = mb.mover.mf;
        let span = |at: usize| plan.spans.get(at).cloned();
        let unit = &mb.id.value;
        let bonus = match mb.strategic {
            Standing::NotPlayed => return None,
            Standing::Barred { bonus, why } => {
                let helps = needed.fits(mf + bonus);
                let hint = format!("no strategic movement (22) for {unit}: {}", why.text());
                let mut e = too_far(unit, needed, mf.to_string(), span(at)).hint(hint);
                if why == strategic::Barred::ShortOfOil {
                    // 36.22-36.24: the refusal names the shortage.
                    let oil = crate::resources::Resource::Oil;
                    if let Some(s) =
                        crate::resources::shortage(self.ctx.rules, self.pos, self.ctx.side)
                    {
                        e.rule = s.cite(oil);
                        e.hint = Some(format!(
                            "no strategic movement (22) for {unit}: {}",
                            s.why(oil)
                        ));
                    }
                }
                return helps.then_some(WithBonus::Refused(e));
            }
            Standing::May { bonus } => bonus,
        };
        let mover = Mover {
            mf: mf + bonus,
            ..mb.mover.clone()
        };
        let walk = match check_path(self.board(), self.pos, &mover, &plan.path) {
            Ok(w) => w,
            Err(fs) => {
                let (needed, at) = only_too_far(&fs)?;
                let allowed = format!("{mf}, {} with strategic movement (22)", mf + bonus);
                return Some(WithBonus::Refused(too_far(unit, needed, allowed, span(at))));
            }
        };
        let (board, held, side) = (self.board(), self.ctx.holding(), self.ctx.side);
        match strategic::first_unclear(board, self.pos, held, side, &plan.path) {
            None => Some(WithBonus::Legal((walk, Some(bonus)))),
            Some((hex, why)) => {
                let at = plan.path.iter().position(|h| *h == hex).unwrap_or(at);
                let problem = Problem::StrategicNotClear {
                    unit: unit.clone(),
                    needed: needed.needed_text(),
                    allowed: mf,
                    bonus,
                    why: why.text(hex),
                };
                let e = OrderError::new(problem, span(at), cite!("22")).unit(unit);
                Some(WithBonus::Refused(e))
            }
        }
    }

    /// 2.1, 4.2, 7.1-7.2: a unit of the mover's, on the map, not moved before.
    pub(super) fn member(&mut self, u: &Located<UnitId>) -> Option<Member> {
        let c: Counter = self.own_counter(u)?;
        if c.kind.is_air() {
            let problem = Problem::AirMovesByMission {
                unit: u.value.clone(),
            };
            self.fail(problem, u.span.clone(), cite!("30.2"), Some(&u.value));
            return None;
        }
        if !self.first_order("move", u, cite!("7.2")) || self.is_afloat(u) {
            return None;
        }
        if let Some(av) = self.log.avs.iter().find(|a| a.units.contains(&u.value)) {
            let problem = Problem::AvThenMove {
                unit: u.value.clone(),
                hex: av.hex,
            };
            self.fail(problem, u.span.clone(), cite!("21.1"), Some(&u.value));
            return None;
        }
        let Some(hex) = self.pos.hex_of(&u.value) else {
            self.fail(
                Problem::NotOnMap {
                    unit: u.value.clone(),
                },
                u.span.clone(),
                cite!("7.1"),
                Some(&u.value),
            );
            return None;
        };
        // 36.22: armor loses movement factors for want of oil.
        let shortage = crate::resources::shortage(self.ctx.rules, self.pos, self.ctx.side);
        let lost = shortage.map_or(0, |s| s.movement_lost(c.kind));
        let mf = self.after_landing(
            &u.value,
            crate::supply::movement(self.pos, &u.value, c.movement).saturating_sub(lost),
        );
        // 46.42: after helicopter transport, 2 MF of its own, without strategic movement.
        let landed = self.log.heli_landed.contains(&u.value);
        let mf = if landed {
            mf.min(crate::eighty5::helicopter::OWN_MF_AFTER_FLIGHT)
        } else {
            mf
        };
        let mut mover = Mover::new(c.side, c.kind, mf)
            .under(&self.ctx.rules.ruleset.readings)
            .in_weather(self.ctx.weather);
        if let Some(&landing) = self.log.dropped.get(&u.value) {
            mover = mover.after_drop(self.board().terrain(landing));
        }
        let start = self.log.start.get(&u.value).copied().unwrap_or(hex);
        let mut strategic =
            strategic::standing(self.ctx.rules, self.pos, self.ctx.side, &u.value, start);
        if self.invaded(&u.value) {
            // 20.4: neither the road bonus nor strategic movement after invading.
            mover = mover.no_road();
            if let Standing::May { bonus } = strategic {
                strategic = Standing::Barred {
                    bonus,
                    why: strategic::Barred::Invaded,
                };
            }
        }
        if landed {
            strategic = Standing::NotPlayed;
        }
        // 36.22-36.24: no strategic movement for want of oil.
        if let (Some(s), Standing::May { bonus }) = (shortage, strategic) {
            if s.no_strategic_or_advance(c.kind) {
                strategic = Standing::Barred {
                    bonus,
                    why: strategic::Barred::ShortOfOil,
                };
            }
        }
        Some(Member {
            id: u.clone(),
            hex,
            mover,
            strategic,
        })
    }

    /// 11.2: the units of a stack order start in the same hex.
    fn same_hex(&mut self, members: &[Member]) -> bool {
        let Some(first) = members.first() else {
            return false;
        };
        let mut ok = true;
        for mb in members.iter().skip(1).filter(|mb| mb.hex != first.hex) {
            let problem = Problem::NotStacked {
                unit: mb.id.value.clone(),
                hex: mb.hex,
                first: first.id.value.clone(),
                other: first.hex,
            };
            self.fail(
                problem,
                mb.id.span.clone(),
                cite!("11.2"),
                Some(&mb.id.value),
            );
            ok = false;
        }
        ok
    }

    /// The full path of the order: as written (the start hex may be given first), or
    /// the cheapest legal path to the destination.
    fn plan(&mut self, m: &Move, members: &[Member]) -> Option<Planned> {
        let first = members.first()?;
        let start = first.hex;
        let (path, spans, found) = match &m.route {
            Route::Path(list) => {
                let skip = usize::from(list.first().is_some_and(|h| h.value == start));
                let start_span = if skip == 1 {
                    list.first().map(|h| h.span.clone())
                } else {
                    None
                };
                let mut path = vec![start];
                let mut spans = vec![start_span.unwrap_or_else(|| m.span.clone())];
                for h in list.iter().skip(skip) {
                    path.push(h.value);
                    spans.push(h.span.clone());
                }
                (path, spans, false)
            }
            Route::To(to) => {
                if to.value == start {
                    (vec![start], vec![to.span.clone()], true)
                } else {
                    let path = self.search(members, start, to)?;
                    let spans = vec![to.span.clone(); path.len()];
                    (path, spans, true)
                }
            }
            Route::Stay => (vec![start], vec![m.span.clone()], false),
        };
        if path.len() < 2 {
            let problem = Problem::NoMovement {
                unit: first.id.value.clone(),
                hex: start,
            };
            let span = spans.last().cloned().unwrap_or_else(|| m.span.clone());
            self.fail(problem, span, cite!("7.2"), Some(&first.id.value));
            return None;
        }
        Some(Planned { path, spans, found })
    }

    /// A destination-only order: the cheapest legal path, or the reason there is none.
    fn search(&mut self, members: &[Member], start: Hex, to: &Located<Hex>) -> Option<Vec<Hex>> {
        let movers: Vec<Mover> = members.iter().map(|m| m.mover.clone()).collect();
        if let Some((path, _)) = find_path(self.board(), self.pos, &movers, start, to.value) {
            return Some(path);
        }
        if let Some(path) = self.search_strategic(members, start, to.value) {
            return Some(path);
        }
        let first = members.first()?;
        let err = self.why_no_path(first, members, &movers, start, to);
        self.errors.push(err);
        None
    }

    /// 22: the cheapest path to `to` entering only hexes clear of the enemy, each unit
    /// that may have the strategic movement bonus moving with it; `None` when no unit
    /// may have it or there is no such path.
    fn search_strategic(&self, members: &[Member], start: Hex, to: Hex) -> Option<Vec<Hex>> {
        let bonus = |m: &Member| match m.strategic {
            Standing::May { bonus } => bonus,
            _ => 0,
        };
        if members.iter().all(|m| bonus(m) == 0) {
            return None;
        }
        let movers: Vec<Mover> = members
            .iter()
            .map(|m| Mover {
                mf: m.mover.mf + bonus(m),
                ..m.mover.clone()
            })
            .collect();
        let (board, pos, held, side) =
            (self.board(), &*self.pos, self.ctx.holding(), self.ctx.side);
        let clear = |h: Hex| strategic::unclear(board, pos, held, side, h).is_none();
        find_path_where(board, pos, &movers, start, to, &clear).map(|(path, _)| path)
    }

    /// Why no legal path leads to `to`: the destination itself, an engaged unit, the
    /// movement factor (with what the cheapest path would need), or blocked ways.
    fn why_no_path(
        &self,
        first: &Member,
        members: &[Member],
        movers: &[Mover],
        start: Hex,
        to: &Located<Hex>,
    ) -> OrderError {
        if let Some(e) = self.bad_destination(members, start, to) {
            return e;
        }
        let relaxed: Vec<Mover> = movers
            .iter()
            .map(|m| Mover {
                mf: UNLIMITED,
                ..m.clone()
            })
            .collect();
        let way = find_path(self.board(), self.pos, &relaxed, start, to.value);
        let overrun = way.and_then(|(path, _)| self.overrun(members, &path, to));
        overrun.unwrap_or_else(|| {
            let why = "every way there is blocked by enemy units, zones of control that stop the unit, or terrain (7.5, 8.2-8.3, 10)".to_string();
            let unit = first.id.value.clone();
            let problem = Problem::NoPath {
                unit: unit.clone(),
                to: to.value,
                why,
            };
            OrderError::new(problem, Some(to.span.clone()), cite!("7.3")).unit(&unit)
        })
    }

    /// 7.5, 10.2-10.3, 8.2, 9.4: a destination no unit of the order may enter or reach
    /// after an airdrop, or a unit that may not move at all.
    fn bad_destination(
        &self,
        members: &[Member],
        start: Hex,
        to: &Located<Hex>,
    ) -> Option<OrderError> {
        let (board, pos) = (self.board(), &*self.pos);
        for mb in members {
            if let Some(fault) = entry_fault(board, pos, &mb.mover, to.value) {
                let pf = PathFault {
                    at: 1,
                    hex: to.value,
                    fault,
                };
                return Some(fault_error(
                    &mb.id.value,
                    &pf,
                    Some(to.span.clone()),
                    &[start, to.value],
                ));
            }
            if let Some(allowed) = mb.mover.max_hexes.filter(|&n| start.distance(to.value) > n) {
                let problem = Problem::AfterDrop {
                    unit: mb.id.value.clone(),
                    landing: start,
                    allowed,
                };
                return Some(
                    OrderError::new(problem, Some(to.span.clone()), cite!("9.4"))
                        .unit(&mb.id.value),
                );
            }
            if is_engaged(pos, &mb.mover, start) {
                let problem = Problem::Engaged {
                    unit: mb.id.value.clone(),
                };
                return Some(
                    OrderError::new(problem, Some(mb.id.span.clone()), cite!("8.2"))
                        .unit(&mb.id.value),
                );
            }
        }
        None
    }

    /// 7.3: the cheapest way there, found without the movement factor, is too dear for
    /// some unit of the order: say what it needs.
    fn overrun(&self, members: &[Member], path: &[Hex], to: &Located<Hex>) -> Option<OrderError> {
        members.iter().find_map(|mb| {
            let faults = check_path(self.board(), self.pos, &mb.mover, path).err()?;
            let (needed, allowed) = faults.iter().find_map(|f| match &f.fault {
                Fault::TooFar { needed, allowed } => Some((*needed, *allowed)),
                _ => None,
            })?;
            let unit = mb.id.value.clone();
            let why = format!(
                "the cheapest way, {}, needs {} MF and {unit} has {allowed}",
                path_text(path),
                needed.needed_text()
            );
            let problem = Problem::NoPath {
                unit: unit.clone(),
                to: to.value,
                why,
            };
            let e = OrderError::new(problem, Some(to.span.clone()), cite!("7.3")).unit(&unit);
            Some(
                match self.farthest_hint(members, path, "the cheapest way") {
                    Some(hint) => e.hint(hint),
                    None => e,
                },
            )
        })
    }

    /// The last hex of `path` every member of the order may legally end in (the
    /// start excluded), with what the way there costs the unit that pays most.
    fn farthest(&self, members: &[Member], path: &[Hex]) -> Option<(Hex, String)> {
        (2..path.len()).rev().find_map(|len| {
            let prefix = path.get(..len)?;
            let mut dearest = crate::movement::Spent::default();
            for mb in members {
                let walk = check_path(self.board(), self.pos, &mb.mover, prefix).ok()?;
                if walk.spent.sixths() > dearest.sixths() {
                    dearest = walk.spent;
                }
            }
            Some((*prefix.last()?, dearest.text()))
        })
    }

    /// 7.3, 8.2-8.3, 10.1: what to do about a path that cannot be followed to its end:
    /// the farthest hex along it the order may end in, and where to see them all.
    fn farthest_hint(&self, members: &[Member], path: &[Hex], way: &str) -> Option<String> {
        let (hex, cost) = self.farthest(members, path)?;
        Some(format!(
            "along {way} the move may end at {hex} at the farthest ({cost} MF); `blitz reach STATE UNIT` lists every hex it can end in"
        ))
    }

    fn report_faults(
        &mut self,
        members: &[Member],
        plan: &Planned,
        faults: Vec<(UnitId, PathFault)>,
    ) {
        let mut seen: Vec<PathFault> = Vec::new();
        for (unit, f) in faults {
            if f.fault.is_about_the_hex() {
                if seen.contains(&f) {
                    continue;
                }
                seen.push(f.clone());
            }
            let span = match f.fault {
                Fault::Engaged => members
                    .iter()
                    .find(|m| m.id.value == unit)
                    .map(|m| m.id.span.clone()),
                _ => plan.spans.get(f.at).cloned(),
            };
            self.errors.push(fault_error(&unit, &f, span, &plan.path));
        }
    }

    /// The legal move: every unit goes to the last hex; one `Moved` event each.
    pub(super) fn carry_out(&mut self, members: &[Member], plan: &Planned, walks: Vec<Walked>) {
        let Some(&dest) = plan.path.last() else {
            return;
        };
        for (mb, (walk, bonus)) in members.iter().zip(walks) {
            let others: Vec<String> = members
                .iter()
                .filter(|o| o.id.value != mb.id.value)
                .map(|o| o.id.value.to_string())
                .collect();
            self.pos.move_to(&mb.id.value, dest);
            self.log.moved.insert(mb.id.value.clone());
            let mut notes = notes(mb, &walk, &others);
            if let Some(b) = bonus {
                self.log.strategic.insert(mb.id.value.clone());
                notes.push(strategic::note(b));
            }
            self.events.push(Event::Moved {
                unit: mb.id.value.clone(),
                path: plan.path.clone(),
                cost_thirds: walk.spent.thirds(),
                allowance_thirds: (mb.mover.mf + bonus.unwrap_or(0)) * 3,
                found: plan.found,
                notes,
            });
        }
        if let Some(span) = plan.spans.last() {
            self.last_into.insert(dest, span.clone());
        }
        // 30.9: enemy aircraft caught alone next to the path are lost at once.
        let caught = crate::air::base::overrun_along(self.pos, self.ctx.side, &plan.path);
        self.events.extend(caught);
    }
}

/// 11.2: the note of a `Moved` event whose unit moved with `others` (in the order of
/// the move order), by which the report knows the units that moved as one stack.
pub fn stack_note(others: &[String]) -> String {
    format!("moves as a stack with {} (11.2)", others.join(", "))
}

/// What the report says about a move besides its path and cost.
fn notes(mb: &Member, walk: &Walk, others: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    if !others.is_empty() {
        out.push(stack_note(others));
    }
    if walk.through_zoc {
        out.push("moves through enemy ZOC (8.3)".to_string());
    }
    if let Some(stop) = walk.stop {
        out.push(format!("stops: {}", stop.describe()));
    }
    if walk.spent.desert_left > 0 {
        out.push(format!(
            "exact cost {} MF; the unused desert half counts as spent (9.2)",
            walk.spent.text()
        ));
    }
    if let Some(n) = mb.mover.max_hexes {
        out.push(format!(
            "airdropped this turn: {n} hex(es) at most after landing (9.4)"
        ));
    }
    out
}

/// 7.3: the faults of a path that is only too long: what it needs, and the index
/// where the movement factor runs out. `None` when anything else is wrong with it.
fn only_too_far(faults: &[PathFault]) -> Option<(crate::movement::Spent, usize)> {
    match faults {
        [PathFault {
            at,
            fault: Fault::TooFar { needed, .. },
            ..
        }] => Some((*needed, *at)),
        _ => None,
    }
}

/// 7.3: the path needs `needed` and `unit` has `allowed`.
fn too_far(
    unit: &UnitId,
    needed: crate::movement::Spent,
    allowed: String,
    span: Option<Range<usize>>,
) -> OrderError {
    let problem = Problem::TooFar {
        unit: unit.clone(),
        needed: needed.needed_text(),
        allowed,
    };
    OrderError::new(problem, span, cite!("7.3")).unit(unit)
}

/// "A1-B2-C2"
fn path_text(path: &[Hex]) -> String {
    path.iter()
        .map(Hex::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// A path fault as an order error naming `unit`, pointing at `span`.
fn fault_error(
    unit: &UnitId,
    f: &PathFault,
    span: Option<Range<usize>>,
    path: &[Hex],
) -> OrderError {
    let u = unit.clone();
    let illegal = |why: String| Problem::IllegalHex {
        unit: u.clone(),
        hex: f.hex,
        why,
    };
    let problem = match &f.fault {
        Fault::OffBoard => Problem::OffBoard(f.hex),
        Fault::Gap { from } => Problem::PathGap {
            unit: u.clone(),
            from: *from,
            to: f.hex,
        },
        Fault::Enemy => illegal("an enemy unit is there".into()),
        Fault::MinorCity => Problem::UnreducedCity {
            unit: u.clone(),
            hex: f.hex,
        },
        Fault::Closed(t) => illegal(format!("no unit may enter {}", terrain_name(*t))),
        Fault::Forest => illegal("armor, air-assault and artillery never enter forest".into()),
        Fault::Engaged => Problem::Engaged { unit: u.clone() },
        Fault::Past {
            stop,
            why: super::Stop::Terrain(t),
        } => Problem::TerrainStop {
            unit: u.clone(),
            hex: *stop,
            terrain: terrain_name(*t).into(),
        },
        Fault::Past { stop, .. } => Problem::ZocContinue {
            unit: u.clone(),
            hex: *stop,
        },
        Fault::PastDrop { allowed } => Problem::AfterDrop {
            unit: u.clone(),
            landing: path.first().copied().unwrap_or(f.hex),
            allowed: *allowed,
        },
        Fault::TooFar { needed, allowed } => Problem::TooFar {
            unit: u.clone(),
            needed: needed.needed_text(),
            allowed: allowed.to_string(),
        },
        Fault::Weather(weather) if f.at == 0 => Problem::WeatherFrozen {
            unit: u.clone(),
            hex: f.hex,
            weather: *weather,
        },
        Fault::Weather(weather) => Problem::WeatherMountain {
            unit: u.clone(),
            hex: f.hex,
            weather: *weather,
        },
        Fault::Grounded(weather) => Problem::HelicopterGrounded {
            unit: u.clone(),
            weather: *weather,
        },
        Fault::EndsOverWater(t) => Problem::HelicopterOverWater {
            unit: u.clone(),
            hex: f.hex,
            terrain: terrain_name(*t).into(),
        },
    };
    OrderError::new(problem, span, f.fault.rule()).unit(unit)
}
