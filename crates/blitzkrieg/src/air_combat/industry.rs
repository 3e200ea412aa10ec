//! 36.32-36.34 on air combat (optional rules 32 and 36 played together): what a
//! side short of basic industry fires on the ACT and whether it intercepts at all.
//!
//! - 36.32 with 003 36.32: "air unit factors are halved for all types of combat
//!   (except anti-aircraft fire), regardless of which side is the attacker": with the
//!   use of only 2 basic industry cities, the interceptors' fire and the escorts' and
//!   bombers' return fire are halved; the return fire's own halving (32.4, fractions
//!   up) comes after, rounded once.
//! - 36.33 with 003 36.33: with only 1, "fighters may *intercept only* at 1/2
//!   strength": halved as with 2.
//! - 36.34: with none, "no combat air operations": the side intercepts nothing.

use crate::cite::Cite;
use crate::odds::Factor;
use crate::orders::{OrderError, Problem};
use crate::position::Position;
use crate::resources::Resource;
use crate::rules::Rules;
use crate::units::Side;

/// 36.32, 36.33: `factors` of `side`'s aircraft as they fire on the ACT this
/// player-turn: halved for want of basic industry (with the paragraph), else as
/// they are. Nothing changes in a game without rule 36.
pub fn fire(rules: &Rules, pos: &Position, side: Side, factors: u32) -> (Factor, Option<Cite>) {
    let whole = Factor::from(factors);
    match crate::resources::shortage(rules, pos, side) {
        Some(s) if s.air_halved() => (whole.half(), Some(s.cite(Resource::Industry))),
        _ => (whole, None),
    }
}

/// 36.32-36.33: the factors the aircraft `units` fire with on the ACT, `factors` halved
/// for want of basic industry, with the words the report adds (", halved (36.32)"),
/// none when not halved.
pub fn fire_of(
    rules: &Rules,
    pos: &Position,
    units: &[crate::units::UnitId],
    factors: u32,
) -> (Factor, String) {
    match side_of(rules, units) {
        Some(side) => {
            let (f, short) = fire(rules, pos, side, factors);
            (
                f,
                short.map_or(String::new(), |c| format!(", halved ({c})")),
            )
        }
        None => (Factor::from(factors), String::new()),
    }
}

/// The side of the aircraft `units` (the first the counters know).
pub fn side_of(rules: &Rules, units: &[crate::units::UnitId]) -> Option<Side> {
    units
        .iter()
        .find_map(|id| rules.counters.get(id).map(|c| c.side))
}

/// 36.34: whether `side` has the use of no basic industry city this player-turn, so
/// flies no combat air operation, interception included.
pub fn grounded(rules: &Rules, pos: &Position, side: Side) -> bool {
    crate::resources::shortage(rules, pos, side).is_some_and(|s| s.ground_halved())
}

/// 36.34: every `[[intercept]]` of a side with no basic industry city refused, at its
/// hex (B335).
pub fn refused(
    rules: &Rules,
    pos: &Position,
    side: Side,
    intercepts: &[crate::orders::Intercept],
) -> Vec<OrderError> {
    if !grounded(rules, pos, side) {
        return Vec::new();
    }
    intercepts
        .iter()
        .map(|i| {
            OrderError::new(
                Problem::NoInterceptWithoutIndustry { side },
                Some(i.hex.span.clone()),
                cite!("36.34"),
            )
        })
        .collect()
}
