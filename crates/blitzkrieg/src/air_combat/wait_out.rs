//! 32.3 with 003 32.3: the wait-out. In his answer before odds the defender may move
//! fighters "to a vacant hex to 'wait out' an attack" (`[[wait_out]]`): any hex with
//! no enemy aircraft in it (003 32.3: "it may contain any units except enemy air
//! units"), within 12 hexes of the base (003: the intercept range of a vacant hex is
//! always 12) and the fighter's range. They fight no air combat, are not at their old
//! base when hunters strafe it or ground units overrun it (30.9), and land at the end
//! of the player-turn (32.34) at the new base the order names, which 003 32.34 must
//! allow ([`super::landing`]), within 12 hexes of the wait-out hex and 24 in all. It is
//! how fighters change base in the opponent's player-turn.

use super::landing::{self, Bases};
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::model::flight::{Flight, Return};
use crate::orders::{OrderError, Orders, Problem, WaitOut};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::BTreeSet;

/// 32.3 with 003 32.3: the rule of the wait-out.
fn rule() -> Rule {
    Rule::para(para!("32.3")).and(Ref::Reading("32.3".into()))
}

/// 32.3: "the defender may move his fighters ... to a vacant hex": the mover's file
/// holds no `[[wait_out]]` (B337).
pub fn not_the_movers(orders: &Orders) -> Vec<OrderError> {
    orders
        .wait_outs
        .iter()
        .map(|w| {
            OrderError::new(
                Problem::WaitOutByMover,
                Some(w.hex.span.clone()),
                cite!("32.3"),
            )
        })
        .collect()
}

/// 32.3, 003 32.3, 003 32.34: the defender's `[[wait_out]]`s checked: the hex holds no
/// enemy aircraft (B338); each unit one of his fighters on the ground, not `barred`
/// (003 32.35) and in no other order of the answer (`used`) (B339); the hex within 12
/// hexes of its base and its range (B340); the base named one 003 32.34 allows, within
/// its reach of the hex (B341). The fighters' returns, or every problem.
pub fn check(
    rules: &Rules,
    (pos, barred, bases): (&Position, &[UnitId], Bases),
    defender: Side,
    flights: &[Flight],
    (wait_outs, used): (&[WaitOut], &BTreeSet<UnitId>),
) -> Result<Vec<Return>, Vec<OrderError>> {
    let leg = rules.ruleset.tournament_figures.air_combat.intercept_hexes;
    let mut errors = Vec::new();
    let mut out = Vec::new();
    let mut seen = used.clone();
    for w in wait_outs {
        let hex = w.hex.value;
        if rules.board.terrain(hex).is_none() {
            let problem = Problem::OffBoard(hex);
            errors.push(OrderError::new(
                problem,
                Some(w.hex.span.clone()),
                cite!("32.3"),
            ));
            continue;
        }
        let enemy_air = flights.iter().any(|f| f.hex == hex)
            || pos.at(hex).any(|p| p.side != defender && p.kind.is_air());
        if enemy_air {
            let problem = Problem::WaitOutNotVacant { hex };
            errors.push(OrderError::new(
                problem,
                Some(w.hex.span.clone()),
                cite!("003 32.3"),
            ));
            continue;
        }
        for u in &w.units {
            let unit = &u.value;
            let piece = pos
                .get(unit)
                .filter(|p| p.side == defender && p.kind == UnitKind::Ftr);
            let why = match piece {
                None => Some((
                    format!("it is not a fighter of {defender}'s on the map"),
                    cite!("32.3"),
                )),
                // 003 32.35: one scrambled from its base may wait out.
                Some(_)
                    if pos.is_aloft(unit)
                        && (pos.patrol_of(unit).is_some() || !super::scramble::in_play(rules)) =>
                {
                    Some(("it is in the air".to_string(), cite!("32.3")))
                }
                Some(_) if barred.contains(unit) => Some((
                    "it began the player-turn at a base in enemy ZOC (003 32.35)".to_string(),
                    cite!("003 32.35"),
                )),
                Some(_) if !seen.insert(unit.clone()) => Some((
                    "it is named in another order of this answer: a fighter flies once (32.2)"
                        .to_string(),
                    cite!("32.2"),
                )),
                Some(_) => None,
            };
            if let Some((why, rule)) = why {
                let problem = Problem::CannotWaitOut {
                    unit: unit.clone(),
                    why,
                };
                errors.push(OrderError::new(problem, Some(u.span.clone()), rule).unit(unit));
                continue;
            }
            let Some(base) = piece.map(|p| p.hex) else {
                continue;
            };
            let own = rules.counters.get(unit).map_or(0, |c| c.movement);
            let distance = base.distance(hex);
            let most = own.min(leg);
            if distance > most {
                let problem = Problem::WaitOutTooFar {
                    unit: unit.clone(),
                    hex,
                    distance,
                    most,
                };
                errors.push(
                    OrderError::new(problem, Some(u.span.clone()), cite!("003 32.3")).unit(unit),
                );
                continue;
            }
            let reach = match landing::check_named(
                rules,
                (pos, bases),
                defender,
                (unit, hex, distance),
                &w.land,
            ) {
                Ok(reach) => reach,
                Err(e) => {
                    errors.push(*e);
                    continue;
                }
            };
            out.push(Return {
                unit: unit.clone(),
                over: hex,
                base: w.land.value,
                reach,
                waited: true,
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// 32.3: the fighters that wait out take to the air (off the ground at their old
/// base), each reported with the hex and the base it will land at.
pub fn take_off(pos: &mut Position, returns: &[Return]) -> Vec<Event> {
    returns
        .iter()
        .filter(|r| r.waited)
        .filter_map(|r| {
            let from = pos.hex_of(&r.unit)?;
            pos.set_aloft(&r.unit, true);
            Some(Event::Note {
                text: format!(
                    "{} flies from {from} to wait out the attack over {}, to land at {} when the player-turn ends",
                    r.unit, r.over, r.base
                ),
                rule: rule(),
            })
        })
        .collect()
}

/// 32.34, 003 32.34: the fighters of `returns` still in the air as landers: at the
/// base they took off from or their order named, from the hex they flew to.
pub fn landers(pos: &Position, returns: &[Return]) -> Vec<landing::Lander> {
    returns
        .iter()
        .filter(|r| pos.is_aloft(&r.unit))
        .map(|r| {
            let (note, rule) = if r.waited {
                (
                    format!("its new base, after waiting out over {}", r.over),
                    rule(),
                )
            } else if pos.hex_of(&r.unit) == Some(r.base) {
                (
                    "the interceptor lands at its base".to_string(),
                    Rule::para(para!("32.34")),
                )
            } else {
                (
                    format!("the base its answer named, after flying to {}", r.over),
                    Rule::of(Ref::Reading("32.34".into())),
                )
            };
            landing::Lander {
                unit: r.unit.clone(),
                base: r.base,
                over: r.over,
                reach: r.reach,
                note,
                rule,
            }
        })
        .collect()
}
