//! The orders a shortage of critical resources refuses, each with its place in the
//! order file: barrages (36.32-36.34), the factors of air missions (36.22-36.24) and
//! air attacks (36.33-36.34). The limits on movement are checked where a move is
//! (`movement/ground.rs`), asking [`super::limits`].

use super::{shortage, Resource};
use crate::air::{Mission, MissionKind};
use crate::hex::Hex;
use crate::orders::{AirMove, Attack, Av, Barrage, Located, OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::BTreeMap;

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
    let mut halves = 0;
    for u in flown {
        halves += super::counted_halves(rules, pos, &u.value);
        if halves > 2 * limit {
            let problem = Problem::AirFactorsShortOfOil {
                unit: u.value.clone(),
                factors: halves.div_ceil(2),
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

/// 003 36.32: "AVs are not allowed" to a side with the use of fewer than 3 basic
/// industry cities: every `[[av]]` is refused, at its first unit.
pub fn check_avs(rules: &Rules, pos: &Position, side: Side, avs: &[Av]) -> Vec<OrderError> {
    let Some(s) = shortage(rules, pos, side).filter(|s| s.no_automatic_victory()) else {
        return Vec::new();
    };
    avs.iter()
        .filter_map(|av| av.units.first().map(|u| (u, av.hex.value)))
        .map(|(u, hex)| {
            let problem = Problem::NoAvShortOfIndustry {
                unit: u.value.clone(),
                hex,
                why: s.why(Resource::Industry),
            };
            OrderError::new(problem, Some(u.span.clone()), cite!("003 36.32")).unit(&u.value)
        })
        .collect()
}

/// 36.22: armor may not advance after combat with the use of only 2 oil cities;
/// 36.23-36.24: no unit may. Every unit named to advance (`advance`, and the paths of
/// 25.1) that may not is refused where it is named.
pub fn check_advances(
    rules: &Rules,
    pos: &Position,
    side: Side,
    attacks: &[Attack],
) -> Vec<OrderError> {
    let Some(s) = shortage(rules, pos, side) else {
        return Vec::new();
    };
    attacks
        .iter()
        .flat_map(|a| {
            a.advance
                .iter()
                .chain(a.advance_path.iter().flat_map(|p| &p.units))
        })
        .filter(|u| {
            rules
                .counters
                .get(&u.value)
                .is_some_and(|c| s.no_strategic_or_advance(c.kind))
        })
        .map(|u| {
            let problem = Problem::NoAdvanceShortOfOil {
                unit: u.value.clone(),
                why: s.why(Resource::Oil),
            };
            OrderError::new(problem, Some(u.span.clone()), s.cite(Resource::Oil)).unit(&u.value)
        })
        .collect()
}

/// 36.22-36.23, 36.42-36.43: no more than 5 air and ground units at sea, with 1 city
/// only in zones with a friendly port; 36.24, 36.44: none (36.44 lasting once the navy is
/// lost). Checked at the end of movement, as 003 36.4 has excess units comply "by the
/// end of his movement phase": the units at sea then, after the movement (`pos`), are
/// counted, and the refusal points at the last order that put a unit to sea, else at
/// the header's `side`. The units that could not comply and were moved one zone towards
/// the nearest friendly port (003 36.4, [`super::excess`]; `events` are the movement's)
/// are not counted.
pub fn check_at_sea(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    (orders, events): (&Orders, &[crate::event::Event]),
) -> Vec<OrderError> {
    let Some(s) = shortage(rules, pos, side) else {
        return Vec::new();
    };
    let Some((rule, limit, ports_only)) = s.at_sea() else {
        return Vec::new();
    };
    let board = &rules.board;
    let city = rules.ruleset.readings.city_friendly;
    let has_port = |zone| {
        board.ports().iter().any(|p| {
            board.sea_zone(p.dock) == Some(zone)
                && crate::control::is_friendly(board, pos, held, city, side, p.hex)
        })
    };
    let excused = super::excess::excused(board, pos, (held, city), side, events);
    let afloat: Vec<_> = pos
        .at_sea()
        .filter(|a| a.side == side && !excused.contains(&a.id))
        .collect();
    let count = u32::try_from(afloat.len()).unwrap_or(u32::MAX);
    let portless = afloat.iter().find(|a| ports_only && !has_port(a.zone));
    if count <= limit && portless.is_none() {
        return Vec::new();
    }
    let at = orders
        .moves
        .iter()
        .rev()
        .find(|m| m.to_sea.is_some())
        .and_then(|m| m.units.first())
        .map_or(orders.side.span.clone(), |u| u.span.clone());
    let resource = if rule.starts_with("36.4") {
        Resource::NavalStores
    } else {
        Resource::Oil
    };
    let where_ = match portless {
        Some(a) if count <= limit => {
            format!("{} is in zone {}, which has no friendly port", a.id, a.zone)
        }
        _ => format!("{count} at sea; {limit} at most"),
    };
    // 36.44: a navy lost in an earlier player-turn stays lost, whatever the cities now.
    let (why, cite) = if rule == "36.44" && s.rule(resource) != rule {
        let why = format!(
            "{side}'s navy was lost in an earlier player-turn, with no naval stores city, and the loss lasts (36.44)"
        );
        (why, cite!("36.44"))
    } else {
        (s.why(resource), s.cite(resource))
    };
    let problem = Problem::AtSeaShort {
        side,
        what: where_,
        why,
    };
    vec![OrderError::new(problem, Some(at), cite)]
}

/// 36.33 under the reading `fourth-attack-36-33=refused`: with the use of only 1 basic
/// industry city, an attack whose factors give odds above 1-1 when the orders are
/// checked, after three such in the order written, is refused. Under the default it is
/// fought and rolled at 1-1 ([`super::odds`]).
pub fn check_attacks(
    rules: &Rules,
    pos: &Position,
    side: Side,
    attacks: &[Attack],
) -> Vec<OrderError> {
    if rules.ruleset.readings.fourth_attack == crate::readings::FourthAttack::RolledAtOneToOne {
        return Vec::new();
    }
    let Some(s) = shortage(rules, pos, side) else {
        return Vec::new();
    };
    let Some(allowed) = s.attacks_above_even() else {
        return Vec::new();
    };
    let mut above = 0;
    let mut errors = Vec::new();
    for a in attacks {
        let strength = crate::combat::strength(rules, pos, a);
        let odds = crate::odds::reduce(strength.attack, strength.defence);
        if !super::odds::above_even(&odds) {
            continue;
        }
        above += 1;
        if above > allowed {
            let problem = Problem::AttackAboveEvenShortOfIndustry {
                battle: a.id.value.clone(),
                odds: odds.ratio.to_string(),
                allowed,
                why: s.why(Resource::Industry),
            };
            let cite = s.cite(Resource::Industry);
            errors.push(OrderError::new(problem, Some(a.id.span.clone()), cite));
        }
    }
    errors
}
