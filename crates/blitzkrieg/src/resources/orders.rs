//! The orders a shortage of critical resources refuses, each with its place in the
//! order file: barrages (36.32-36.34), the factors of air missions (36.22-36.24) and
//! air attacks (36.33-36.34). The limits on movement are checked where a move is
//! (`movement/ground.rs`), asking [`super::limits`].

use super::{shortage, Resource};
use crate::air::{Mission, MissionKind};
use crate::orders::{AirMove, Barrage, Located, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId};

/// 36.32-36.34: "artillery may not attack on the BBT": every barrage of a side short of
/// basic industry is refused, at its first unit.
pub fn check_barrages(
    rules: &Rules,
    pos: &Position,
    side: Side,
    barrages: &[Barrage],
) -> Vec<OrderError> {
    let Some(s) = shortage(rules, pos, side).filter(|s| s.no_artillery_barrage()) else {
        return Vec::new();
    };
    barrages
        .iter()
        .filter_map(|b| b.units.first())
        .map(|u| {
            let problem = Problem::NoBarrageShortOfIndustry {
                unit: u.value.clone(),
                why: s.why(Resource::Industry),
            };
            OrderError::new(problem, Some(u.span.clone()), s.cite(Resource::Industry))
                .unit(&u.value)
        })
        .collect()
}

/// 36.22-36.24 with 003 36.22-36.24: the factors of air missions a side short of oil
/// flies this player-turn, "including air transport and changing bases": the printed
/// attack factors of the aircraft of every `[[mission]]` and of the units carried by
/// every `[[air]]` order, in the order written; the unit that passes the limit is
/// refused. 36.33-36.34: a side with fewer than 2 basic industry cities flies no
/// tactical or strategic mission (air units may not attack).
pub fn check_air(
    rules: &Rules,
    pos: &Position,
    side: Side,
    (missions, air): (&[Mission], &[AirMove]),
) -> Vec<OrderError> {
    let Some(s) = shortage(rules, pos, side) else {
        return Vec::new();
    };
    let mut errors = Vec::new();
    if s.no_air_attack() {
        let attacks = missions
            .iter()
            .filter(|m| m.kind.value != MissionKind::Transfer);
        for u in attacks.filter_map(|m| m.units.first()) {
            let problem = Problem::NoAirAttackShortOfIndustry {
                unit: u.value.clone(),
                why: s.why(Resource::Industry),
            };
            let cite = s.cite(Resource::Industry);
            errors.push(OrderError::new(problem, Some(u.span.clone()), cite).unit(&u.value));
        }
    }
    let Some(limit) = s.air_factors() else {
        return errors;
    };
    let flown: Vec<&Located<UnitId>> = missions
        .iter()
        .flat_map(|m| &m.units)
        .chain(air.iter().flat_map(|a| &a.units))
        .collect();
    let mut factors = 0;
    for u in flown {
        factors += rules.counters.get(&u.value).map_or(0, |c| c.attack);
        if factors > limit {
            let problem = Problem::AirFactorsShortOfOil {
                unit: u.value.clone(),
                factors,
                limit,
                why: s.why(Resource::Oil),
            };
            let cite = s.cite(Resource::Oil);
            errors.push(OrderError::new(problem, Some(u.span.clone()), cite).unit(&u.value));
            break;
        }
    }
    errors
}
