//! Basic industry and the sea zones (36.32-36.34 with 003's items on them, reading
//! `industry-sea-zones-36-3`): how a side short of basic industry lowers the naval
//! ascendancy of rule 35 that the points alone decide. Rule 35 asks [`lowered`] where it
//! decides a zone's state, [`no_contested_invasion`] where it judges an invasion, and
//! [`aircraft_points`] where it counts the aircraft in ports.
//!
//! Readings where the sources are silent:
//! - 36.34 as 003 reads it under both options ("regardless of any other conditions"):
//!   a side with no basic industry city has every zone of enemy superiority, except
//!   where the enemy has no naval point (uncontested); with both sides so, every zone is
//!   uncontested. Nothing else lowers such a zone further.
//! - Otherwise each short side's paragraph lowers the state in turn, the side with
//!   superiority first: a zone lowered to contested by the leader's 36.32 is contested
//!   for the other side's 36.33.

use super::limits::Level;
use super::{shortage, Resource};
use crate::cite::{Paragraph, Ref, Rule};
use crate::model::ascendancy::NavalState;
use crate::odds::Factor;
use crate::position::Position;
use crate::readings::IndustrySeaZones;
use crate::rules::Rules;
use crate::units::Side;
use std::borrow::Cow;

/// A zone's state as a shortage of basic industry leaves it, and the paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    pub state: NavalState,
    pub leader: Option<Side>,
    /// The paragraphs applied, with the side short ("36.32: Blue short of basic
    /// industry").
    pub rule: Rule,
}

/// The basic industry level of `side` this player-turn (normal in a game without 36).
fn industry(rules: &Rules, pos: &Position, side: Side) -> Level {
    shortage(rules, pos, side).map_or(Level::Normal, |s| s.level(Resource::Industry))
}

/// 36.32-36.34 (reading `industry-sea-zones-36-3`): the state of a zone where Blue has
/// `blue` and Red `red` naval points and the points decide `decided`, as the shortages
/// of basic industry this player-turn leave it; `None` when they leave it as it is.
pub fn lowered(
    rules: &Rules,
    pos: &Position,
    (blue, red): (u32, u32),
    decided: (NavalState, Option<Side>),
) -> Option<Lowered> {
    let points = |s: Side| match s {
        Side::Blue => blue,
        Side::Red => red,
    };
    let level = |s: Side| industry(rules, pos, s);
    let none: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|&s| level(s) == Level::None)
        .collect();
    let mut applied: Vec<(Side, Paragraph)> = Vec::new();
    let state = match none.as_slice() {
        // 36.34 with 003 36.34: both so, every zone uncontested.
        [_, _] => {
            applied.extend(none.iter().map(|&s| (s, para!("36.34"))));
            (NavalState::Uncontested, None)
        }
        // 36.34 with 003 36.34: enemy superiority, or uncontested where the enemy has
        // no naval point.
        [s] => {
            applied.push((*s, para!("36.34")));
            let enemy = s.other();
            if points(enemy) == 0 {
                (NavalState::Uncontested, None)
            } else {
                (NavalState::Superiority, Some(enemy))
            }
        }
        _ => {
            let first = decided.1.unwrap_or(Side::Blue);
            let mut state = decided;
            for s in [first, first.other()] {
                if let Some((next, para)) = lower_for(rules, level(s), s, points(s.other()), state)
                {
                    state = next;
                    applied.push((s, para));
                }
            }
            state
        }
    };
    if state == decided {
        return None;
    }
    let enemy_points = rules.ruleset.readings.industry_sea_zones == IndustrySeaZones::EnemyPoints;
    let mut refs = Vec::new();
    for &(_, para) in &applied {
        refs.push(Ref::Para(para.into()));
        if enemy_points || para.as_str() == "36.34" {
            refs.push(Ref::Reading(Cow::Borrowed(para.as_str())));
        }
    }
    refs.dedup();
    let mut refs = refs.into_iter();
    let rule = refs
        .next()
        .map(|first| refs.fold(Rule::of(first), Rule::and))?;
    let who = match applied.as_slice() {
        [(s, _)] => format!("{s} short of basic industry"),
        _ => "both sides short of basic industry".to_string(),
    };
    Some(Lowered {
        state: state.0,
        leader: state.1,
        rule: rule.note(who),
    })
}

/// 36.32-36.33 for one side `s` at industry `level`, the enemy having `enemy` naval
/// points: the state it leaves a zone in `state`, and the paragraph; `None` when the
/// paragraph leaves it alone.
fn lower_for(
    rules: &Rules,
    level: Level,
    s: Side,
    enemy: u32,
    state: (NavalState, Option<Side>),
) -> Option<((NavalState, Option<Side>), Paragraph)> {
    let friendly = state == (NavalState::Superiority, Some(s));
    let para = match level {
        Level::Two => para!("36.32"),
        Level::One => para!("36.33"),
        Level::Normal | Level::None => return None,
    };
    let next = match rules.ruleset.readings.industry_sea_zones {
        // 003 36.32-36.33: uncontested if the enemy has no naval point, else contested.
        IndustrySeaZones::EnemyPoints if friendly && enemy == 0 => NavalState::Uncontested,
        IndustrySeaZones::EnemyPoints if friendly => NavalState::Contested,
        // 36.32: "Sea zones of friendly superiority are considered contested instead."
        IndustrySeaZones::Printed if friendly && level == Level::Two => NavalState::Contested,
        // 36.33: "Sea zones otherwise of friendly superiority or contested are
        // uncontrolled instead."
        IndustrySeaZones::Printed
            if level == Level::One && (friendly || state.0 == NavalState::Contested) =>
        {
            NavalState::Uncontrolled
        }
        IndustrySeaZones::EnemyPoints | IndustrySeaZones::Printed => return None,
    };
    Some(((next, None), para))
}

/// 003 36.33 (reading `industry-sea-zones-36-3 = enemy-points`): "the affected player
/// may not invade in contested zones": whether `side`, with the use of only 1 basic
/// industry city, may not invade in a contested zone this player-turn.
pub fn no_contested_invasion(rules: &Rules, pos: &Position, side: Side) -> bool {
    rules.ruleset.readings.industry_sea_zones == IndustrySeaZones::EnemyPoints
        && industry(rules, pos, side) == Level::One
}

/// 35.1 with 003 35.1 and 003 36.33: the naval points the combat aircraft of `side` in
/// the ports of a zone give, `factors` their attack factors: none with fewer than 2
/// basic industry cities (air units may not attack, 36.33-36.34, so none is combat
/// ready; fighters that may still intercept give none, 003 36.33), half with 2 (36.32),
/// exact: the caller combines the fractions and rounds down once (003 35.1).
pub fn aircraft_points(rules: &Rules, pos: &Position, side: Side, factors: Factor) -> Factor {
    let Some(s) = shortage(rules, pos, side) else {
        return factors;
    };
    if s.no_air_attack() {
        Factor::ZERO
    } else if s.air_halved() {
        factors.half()
    } else {
        factors
    }
}
