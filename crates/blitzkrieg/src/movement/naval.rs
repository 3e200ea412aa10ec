//! Naval ascendancy's limits on the mover at sea (Tournament optional rule 35,
//! 35.31-35.34): the questions are `crate::ascendancy`'s; this asks them of a unit going
//! to sea or invading and reports a refusal where the order is written.

use super::Turn;
use crate::ascendancy::{self, Act, AscendancyEvent, Refusal};
use crate::board::SeaZone;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::orders::Problem;
use crate::units::UnitId;
use std::ops::Range;

impl Turn<'_, '_> {
    /// 35.31: whether the zone's naval ascendancy lets `unit` go to sea from `port`
    /// into `zone`; reported at `span` if not.
    pub(super) fn ascendancy_to_sea(
        &mut self,
        unit: &UnitId,
        port: Hex,
        zone: SeaZone,
        span: Range<usize>,
    ) -> bool {
        let Some(Refusal { state, cite, .. }) = self.refused_by_ascendancy(zone, Act::ToSea) else {
            return true;
        };
        let problem = Problem::ToSeaUnderEnemySuperiority {
            unit: unit.clone(),
            port,
            zone,
            state,
        };
        self.fail(problem, span, cite, Some(unit));
        false
    }

    /// 35.31, 35.33, 35.34, 003 35.32: whether the zone's naval ascendancy lets `unit`,
    /// at sea in `from`, invade from `zone` (the zone of the sea hex it lands from);
    /// reported at `span` if not. It moved in from another zone when it sailed this
    /// player-turn or lands from a zone other than its own (35.34).
    pub(super) fn ascendancy_invasion(
        &mut self,
        unit: &UnitId,
        from: SeaZone,
        zone: SeaZone,
        span: Range<usize>,
    ) -> bool {
        !self.invasion_refused(unit, from, zone, span)
    }

    /// 35.31: [`Self::ascendancy_invasion`] for a unit taking an assault hex (a full sea
    /// hex) of `zone`: allowed in a zone of friendly naval superiority, it is marked to
    /// attack doubled from there.
    pub(super) fn ascendancy_assault(
        &mut self,
        unit: &UnitId,
        from: SeaZone,
        zone: SeaZone,
        span: Range<usize>,
    ) -> bool {
        if self.invasion_refused(unit, from, zone, span) {
            return false;
        }
        let ctx = self.ctx;
        let superior = ctx
            .ascendancy
            .and_then(|a| a.zone(zone))
            .is_some_and(|z| z.friendly_superiority(ctx.side));
        if superior {
            self.pos.mark(unit, UnitMarker::SuperiorInvader);
            self.events
                .push(Event::Ascendancy(AscendancyEvent::Doubled {
                    unit: unit.clone(),
                    zone,
                    rule: Rule::para(crate::para!("35.31")),
                }));
        }
        true
    }

    /// Whether rule 35 refuses the invasion of `unit`; the refusal reported if so.
    fn invasion_refused(
        &mut self,
        unit: &UnitId,
        from: SeaZone,
        zone: SeaZone,
        span: Range<usize>,
    ) -> bool {
        let sailed = self
            .events
            .iter()
            .any(|e| matches!(e, Event::Sailed { unit: u, .. } if u == unit));
        let act = Act::Invade {
            moved_in: sailed || from != zone,
        };
        let Some(Refusal { state, cite, .. }) = self.refused_by_ascendancy(zone, act) else {
            return false;
        };
        let problem = Problem::InvasionBarredByAscendancy {
            unit: unit.clone(),
            zone,
            state,
            why: ascendancy::why(cite).to_string(),
        };
        self.fail(problem, span, cite, Some(unit));
        true
    }

    fn refused_by_ascendancy(&self, zone: SeaZone, act: Act) -> Option<Refusal> {
        let ctx = self.ctx;
        ascendancy::refusal(ctx.rules, self.pos, ctx.ascendancy, ctx.side, zone, act)
    }
}
