//! 46.4: helicopter transport. A `[[move]]` of an infantry unit with `by` names the
//! transport helicopters that carry it: they start in its hex and fly with it along
//! the order's path, the infantry moving as a helicopter does (46.2: 1 MF a hex over
//! every terrain, at the slowest helicopter's movement factor) and as armor for ZOC
//! (46.43). What a helicopter may carry (46.41) is checked here; the path is the
//! helicopters' (`path.rs`).

use super::ground::Member;
use super::Turn;
use crate::orders::{Located, Move, Problem, Route};
use crate::units::{UnitId, UnitKind};

impl Turn<'_, '_> {
    /// 46.41: the members of a carried move: the infantry unit, moving as its
    /// transport helicopters do, then the helicopters. Refused: more than one unit
    /// carried, a unit other than infantry (B374), a carrier that is no transport
    /// helicopter (B375), an infantry unit whose combat strength exceeds the
    /// helicopters' together (B376).
    pub(super) fn carried(&mut self, m: &Move, members: Vec<Member>) -> Option<Vec<Member>> {
        let carriers = self.all_units(&m.by, |t, u| t.member(u))?;
        let mut ok = true;
        let mut capacity = 0u32;
        for h in &carriers {
            let kind = self.ctx.rules.counters.get(&h.id.value).map(|c| c.kind);
            if kind == Some(UnitKind::TransportHelicopter) {
                capacity += self.strength_of(&h.id.value);
                continue;
            }
            let problem = Problem::NotATransportHelicopter {
                unit: h.id.value.clone(),
            };
            self.fail(
                problem,
                h.id.span.clone(),
                cite!("46.41"),
                Some(&h.id.value),
            );
            ok = false;
        }
        if let Some(second) = members.get(1) {
            let unit = second.id.clone();
            self.not_carried(&unit, "a transport carries one infantry unit an order");
            return None;
        }
        let mut flown = members.into_iter().next()?;
        let carried = &flown;
        let kind = self
            .ctx
            .rules
            .counters
            .get(&carried.id.value)
            .map(|c| c.kind);
        if kind != Some(UnitKind::Infantry) {
            self.not_carried(
                &carried.id,
                "transport helicopters carry infantry units only",
            );
            return None;
        }
        let strength = self.strength_of(&carried.id.value);
        if ok && strength > capacity {
            let problem = Problem::HelicopterCapacity {
                unit: carried.id.value.clone(),
                strength,
                capacity,
            };
            let span = carried.id.span.clone();
            self.fail(problem, span, cite!("46.41"), Some(&carried.id.value));
            ok = false;
        }
        let mf = carriers.iter().map(|h| h.mover.mf).min()?;
        if !ok {
            return None;
        }
        flown.mover.kind = UnitKind::TransportHelicopter;
        flown.mover.mf = mf;
        flown.strategic = super::strategic::Standing::NotPlayed;
        let mut all = vec![flown];
        all.extend(carriers);
        Some(all)
    }

    /// 46.42: the infantry set down goes on along `then` with its own movement, 2 MF
    /// at most, "only after helicopter transport", as infantry (8.2: not out of an
    /// enemy ZOC it was set down in).
    pub(super) fn after_flight(&mut self, m: &Move) {
        let Some(unit) = m.units.first() else {
            return;
        };
        self.log.heli_landed.insert(unit.value.clone());
        if m.then.is_empty() {
            return;
        }
        // The same order goes on: not a second [[move]] of the unit.
        self.log.moved.remove(&unit.value);
        if let Some(given) = self.given.get_mut("move") {
            given.remove(&unit.value);
        }
        let own = Move {
            units: vec![unit.clone()],
            route: Route::Path(m.then.clone()),
            span: m.span.clone(),
            to_sea: None,
            by: Vec::new(),
            then: Vec::new(),
        };
        self.ground(&own);
    }

    /// 46.42: `then` belongs to a move by transport helicopter.
    pub(super) fn then_without_flight(&mut self, m: &Move) {
        if let Some(unit) = m.units.first() {
            let why = "`then` follows a flight: name the transport helicopters in `by`";
            self.not_carried(unit, why);
        }
    }

    /// 46.41: the combat strength a transport is measured by (the printed attack).
    fn strength_of(&self, id: &UnitId) -> u32 {
        self.ctx.rules.counters.get(id).map_or(0, |c| c.attack)
    }

    fn not_carried(&mut self, unit: &Located<UnitId>, why: &str) {
        let problem = Problem::NotCarried {
            unit: unit.value.clone(),
            why: why.to_string(),
        };
        self.fail(
            problem,
            unit.span.clone(),
            cite!("46.41"),
            Some(&unit.value),
        );
    }
}
