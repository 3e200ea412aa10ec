//! Barrages interleaved with battles, 003 25.3 (Tournament Game): "the attacker does
//! not have to resolve all BBT attacks before beginning his TGAT attacks". A
//! `[[barrage]]` with `after = "A1"` is resolved right after battle A1 instead of
//! before the first battle. This module owns checking `after`, splitting the barrages
//! into those resolved first and those waiting on a battle, and keeping the waiting
//! ones as plain data with their battle (a player-turn may stop between battles).
//!
//! Readings where the rules are silent:
//! - Every attack and barrage is declared, and checked, before any is resolved (003
//!   25.3), so a barrage's target and artillery are checked against the position after
//!   movement, wherever it is resolved.
//! - A barrage whose target holds no enemy unit on the ground when its turn comes (an
//!   earlier battle eliminated or retreated it) is resolved as any other: rolled by its
//!   id, the hex marked as barraged from then on (25.4), the loss falling on no one.
//!   The artillery was committed when it was declared, and its fire still hinders
//!   later advances through the hex.
//! - In a pending-decision game a barrage following the battle a step stops after is
//!   resolved in the next step, once the decisions asked are carried out.

use crate::hex::Hex;
use crate::orders::{Attack, Barrage, Located, OrderError, Problem};
use crate::state::{WaitingBarrage, WaitingBattle};

/// 003 25.3: every barrage whose `after` names no `[[attack]]` of the same file.
pub fn check_after(barrages: &[Barrage], attacks: &[Attack]) -> Vec<OrderError> {
    barrages
        .iter()
        .filter_map(|b| {
            let after = b.after.as_ref()?;
            if attacks.iter().any(|a| a.id.value == after.value) {
                return None;
            }
            let problem = Problem::BarrageAfterNoAttack {
                barrage: b.id.value.clone(),
                after: after.value.clone(),
            };
            let error = OrderError::new(problem, Some(after.span.clone()), "003 25.3");
            Some(match b.units.first() {
                Some(u) => error.unit(&u.value),
                None => error,
            })
        })
        .collect()
}

/// 25.2 with 003 25.3: the barrages resolved before the first battle (no `after`).
pub fn first(barrages: &[Barrage]) -> Vec<Barrage> {
    barrages
        .iter()
        .filter(|b| b.after.is_none())
        .cloned()
        .collect()
}

/// 003 25.3: each battle takes the barrages written to follow it, in the order written.
pub fn attach(battles: &mut [WaitingBattle], barrages: &[Barrage]) {
    for b in barrages {
        let Some(after) = &b.after else {
            continue;
        };
        if let Some(battle) = battles.iter_mut().find(|w| w.id == after.value) {
            battle.barrages.push(waiting(b));
        }
    }
}

/// A declared barrage as plain data, to be resolved after its battle.
fn waiting(b: &Barrage) -> WaitingBarrage {
    WaitingBarrage {
        id: b.id.value.clone(),
        units: b.units.iter().map(|u| u.value.clone()).collect(),
        target: b.target.value,
        stock: b.stock.as_ref().map(|s| s.value.clone()),
    }
}

/// A waiting barrage as the resolution reads it (no place in a file).
pub fn barrage_of(w: &WaitingBarrage) -> Barrage {
    Barrage {
        id: Located::new(w.id.clone(), 0..0),
        units: w
            .units
            .iter()
            .map(|u| Located::new(u.clone(), 0..0))
            .collect(),
        target: Located::new(w.target, 0..0),
        stock: w.stock.clone().map(|s| Located::new(s, 0..0)),
        after: None,
    }
}

/// PBEM sequence with 003 25.3: the hexes of the barrages still to be resolved, after
/// this battle (`now`) or after those still to be fought (`rest`): a decision owed
/// near one of them can affect it as it can a battle.
pub fn targets_waiting(now: &[WaitingBarrage], rest: &[WaitingBattle]) -> Vec<Hex> {
    now.iter()
        .chain(rest.iter().flat_map(|b| &b.barrages))
        .map(|w| w.target)
        .collect()
}
