//! 32.3: standing interception orders, the game option for one mail a player-turn
//! (`blitz new --interception standing`). The defender writes in his own file which
//! fighters meet the enemy's missions over which hexes (`[[standing_intercept]]`); the
//! state keeps them until he writes new ones, and the umpire applies them to the
//! mover's flights without stopping before odds.

use crate::air_combat::intercept::{reachable, Flight, Interception};
use crate::hex::Hex;
use crate::orders::{OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::{InterceptionMode, StandingIntercept};
use crate::units::{Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// Whether the game applies standing interception orders: it plays rule 32 and chose
/// them at `blitz new`.
pub fn in_play(rules: &Rules) -> bool {
    super::in_play(&rules.ruleset) && rules.ruleset.interception == InterceptionMode::Standing
}

/// 32.3: the `[[standing_intercept]]`s of `side`'s file checked: only in a game that
/// chose them (B320), each unit one of his fighters (B318), each hex on the board (B319).
pub fn check(rules: &Rules, orders: &Orders, side: Side) -> Vec<OrderError> {
    let mut errors = Vec::new();
    for o in &orders.standing_intercepts {
        // 32.3: in an exchange game, the fallback of a defender who does not answer.
        if !in_play(rules) && !super::no_answer::chosen(rules) {
            errors.push(OrderError::new(
                Problem::StandingInterceptNotChosen,
                Some(o.span.clone()),
                cite!("32.3"),
            ));
            continue;
        }
        for u in &o.units {
            let fighter = rules
                .counters
                .get(&u.value)
                .is_some_and(|c| c.side == side && c.kind == UnitKind::Ftr);
            if !fighter {
                errors.push(OrderError::new(
                    Problem::StandingInterceptNotFighter {
                        unit: u.value.clone(),
                    },
                    Some(u.span.clone()),
                    cite!("32.3"),
                ));
            }
        }
        for h in o.hexes.iter().chain(&o.base) {
            if !rules.board.contains(h.value) {
                errors.push(OrderError::new(
                    Problem::StandingInterceptOffBoard { hex: h.value },
                    Some(h.span.clone()),
                    cite!("32.3"),
                ));
            }
        }
    }
    errors
}

/// The standing orders of a file as the state keeps them, in file order (`None`: the
/// file writes none, those kept before stay).
pub fn kept(orders: &Orders) -> Option<Vec<StandingIntercept>> {
    if orders.standing_intercepts.is_empty() {
        return None;
    }
    let orders = orders
        .standing_intercepts
        .iter()
        .map(|o| StandingIntercept {
            units: o.units.iter().map(|u| u.value.clone()).collect(),
            hexes: o.hexes.iter().map(|h| h.value).collect(),
            base: o.base.as_ref().map(|b| (b.value, o.within)),
        });
    Some(orders.collect())
}

/// 32.3, 32.31, 32.2: the interceptions the defender's standing orders make against the
/// mover's flights: the orders in file order, each fighter in it meeting the first
/// flight (in hex order) over a hex the order covers and within its reach (as
/// [`reachable`] says: on the ground, not barred by 003 32.35, within the intercept
/// range and its own); a fighter meets one flight at most (32.2: one attack each).
pub fn apply(
    rules: &Rules,
    (pos, barred): (&Position, &[UnitId]),
    defender: Side,
    flights: &[Flight],
    standing: &[StandingIntercept],
) -> Vec<Interception> {
    let mut used: BTreeSet<UnitId> = BTreeSet::new();
    let mut over: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    let reach: Vec<(Hex, Vec<UnitId>)> = flights
        .iter()
        .map(|f| {
            let r = reachable(rules, (pos, barred), defender, f);
            (f.hex, r.into_iter().map(|(u, _)| u).collect())
        })
        .collect();
    for order in standing {
        for unit in &order.units {
            if used.contains(unit) {
                continue;
            }
            let met = reach
                .iter()
                .find(|(hex, units)| order.covers(*hex) && units.contains(unit));
            if let Some((hex, _)) = met {
                used.insert(unit.clone());
                over.entry(*hex).or_default().push(unit.clone());
            }
        }
    }
    over.into_iter()
        .map(|(hex, fighters)| Interception { hex, fighters })
        .collect()
}
