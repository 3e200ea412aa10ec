//! 36.23-36.24 beyond the ground moves: a unit held to one hex for want of oil (armor,
//! air-assault and artillery with 1 oil city; with none, every unit but the first 12
//! factors of infantry) is held to it by air and by sea as well. The limits are
//! `crate::resources::limits`'; the ground moves ask them in `ground.rs`.
//!
//! Readings where the rules are silent (every change of place is at least one hex):
//! - air transport and airdrop (9.3, 9.4): the hexes from the take-off city to the
//!   landing hex;
//! - going to sea (19.3): the hexes moved to the port, and one more for going to sea: a
//!   held unit goes to sea only from the port it stands in;
//! - landing at a port or invading (19.2, 20.4): one hex for the landing, one more for
//!   each hex of the `path` beyond: a held unit stays where it lands;
//! - sailing to another zone (19.5): more than one hex, refused;
//! - an assault (20.31-20.32) places the units on a sea hex and, with `invade`, moves
//!   them one hex onto the beach: allowed.

use super::Turn;
use crate::cite::Cite;
use crate::orders::{Located, OrderError, Problem};
use crate::resources::{limits::Shortage, Resource};
use crate::units::UnitId;
use std::ops::Range;

/// 36.23-36.24: the refusal of `unit`, held to one hex by the shortage `s`.
pub(super) fn short_move_error(s: &Shortage<'_>, unit: &UnitId, span: Range<usize>) -> OrderError {
    let oil = Resource::Oil;
    let problem = Problem::ShortMoveOnly {
        unit: unit.clone(),
        hexes: s.figures.short_move_hexes,
        why: s.why(oil),
    };
    let cite: Cite = s.cite(oil);
    OrderError::new(problem, Some(span), cite).unit(unit)
}

impl Turn<'_, '_> {
    /// 36.23-36.24: whether `unit` going `hexes` hexes by air or by sea is held to one
    /// hex for want of oil; reported at `span` if so. With `trial`, 36.24's infantry
    /// factors that keep normal movement are counted but not kept (the unit's move
    /// inland counts them).
    pub(super) fn held_by_oil(&mut self, unit: &Located<UnitId>, hexes: u32, trial: bool) -> bool {
        let rules = self.ctx.rules;
        let Some(s) = crate::resources::shortage(rules, self.pos, self.ctx.side) else {
            return false;
        };
        let Some(kind) = rules.counters.get(&unit.value).map(|c| c.kind) else {
            return false;
        };
        let halves = crate::resources::counted_halves(rules, self.pos, &unit.value);
        let mut copy = self.infantry_kept;
        let kept = if trial {
            &mut copy
        } else {
            &mut self.infantry_kept
        };
        if !s.held_to_short_move(kind, halves, hexes, kept) {
            return false;
        }
        self.errors
            .push(short_move_error(&s, &unit.value, unit.span.clone()));
        true
    }

    /// [`Self::held_by_oil`] for every unit of `units`; true when one is held.
    pub(super) fn any_held_by_oil(
        &mut self,
        units: &[Located<UnitId>],
        hexes: u32,
        trial: bool,
    ) -> bool {
        let mut held = false;
        for u in units {
            held |= self.held_by_oil(u, hexes, trial);
        }
        held
    }
}
