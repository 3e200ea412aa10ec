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
            let error = OrderError::new(problem, Some(after.span.clone()), cite!("003 25.3"));
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

/// 25.2: the barrages resolved before the first battle, as plain data for a
/// player-turn stopped before odds.
pub fn first_waiting(barrages: &[Barrage]) -> Vec<WaitingBarrage> {
    barrages
        .iter()
        .filter(|b| b.after.is_none())
        .map(waiting)
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
        facility: b.facility.as_ref().map(|f| f.value),
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
        facility: w.facility.map(|f| Located::new(f, 0..0)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::UnitId;

    fn battle(id: &str) -> WaitingBattle {
        WaitingBattle {
            id: id.to_string(),
            units: vec![UnitId::new("B-1AR").unwrap()],
            targets: vec!["J10".parse().unwrap()],
            advance: Vec::new(),
            advance_path: Vec::new(),
            lose: Vec::new(),
            retreat: Vec::new(),
            stock: None,
            city: false,
            barrages: Vec::new(),
        }
    }

    fn barrage(id: &str, after: Option<&str>) -> Barrage {
        Barrage {
            id: Located::new(id.to_string(), 0..2),
            units: vec![Located::new(UnitId::new("B-1AT").unwrap(), 3..8)],
            target: Located::new("M10".parse().unwrap(), 9..12),
            stock: None,
            after: after.map(|a| Located::new(a.to_string(), 13..15)),
            facility: None,
        }
    }

    /// 003 25.3, state format: a battle with no barrage after it is written as before
    /// (no `barrages` field), and one with a barrage reads back the same.
    #[test]
    fn a_battle_without_barrages_is_written_as_before() {
        let plain = ron::to_string(&battle("A1")).unwrap();
        assert!(!plain.contains("barrages"), "{plain}");
        let mut battles = vec![battle("A1"), battle("A2")];
        attach(
            &mut battles,
            &[
                barrage("b1", Some("A2")),
                barrage("b2", None),
                barrage("b3", Some("A2")),
            ],
        );
        assert!(battles[0].barrages.is_empty());
        let ids: Vec<&str> = battles[1].barrages.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, ["b1", "b3"]);
        let text = ron::to_string(&battles[1]).unwrap();
        let back: WaitingBattle = ron::from_str(&text).unwrap();
        assert_eq!(back, battles[1]);
    }

    /// 003 25.3: `after` names an attack of the same file, else B967 with its span,
    /// the artillery and the rule.
    #[test]
    fn after_naming_no_attack_is_refused() {
        let barrages = [barrage("b1", Some("A9")), barrage("b2", None)];
        let errors = check_after(&barrages, &[]);
        assert_eq!(errors.len(), 1);
        let e = &errors[0];
        assert_eq!(e.problem.code(), "B967");
        assert_eq!(e.span, Some(13..15));
        assert_eq!(e.rule, cite!("003 25.3"));
        assert_eq!(e.unit, Some(UnitId::new("B-1AT").unwrap()));
        assert_eq!(first(&barrages).len(), 1);
    }
}
