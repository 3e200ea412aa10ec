//! Naval ascendancy's limits on the mover at sea (Tournament optional rule 35,
//! 35.31-35.34): the questions are `crate::ascendancy`'s; this asks them of a unit going
//! to sea or invading and reports a refusal where the order is written.

use super::Turn;
use crate::ascendancy::{self, Act, Refusal};
use crate::board::SeaZone;
use crate::event::Event;
use crate::hex::Hex;
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
        let sailed = self
            .events
            .iter()
            .any(|e| matches!(e, Event::Sailed { unit: u, .. } if u == unit));
        let act = Act::Invade {
            moved_in: sailed || from != zone,
        };
        let Some(Refusal { state, cite, .. }) = self.refused_by_ascendancy(zone, act) else {
            return true;
        };
        let problem = Problem::InvasionBarredByAscendancy {
            unit: unit.clone(),
            zone,
            state,
            why: ascendancy::why(cite).to_string(),
        };
        self.fail(problem, span, cite, Some(unit));
        false
    }

    fn refused_by_ascendancy(&self, zone: SeaZone, act: Act) -> Option<Refusal> {
        let ctx = self.ctx;
        ascendancy::refusal(ctx.rules, ctx.ascendancy, ctx.side, zone, act)
    }
}
