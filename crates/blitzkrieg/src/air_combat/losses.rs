//! 003 32.31 ("The owner chooses which mission to take any losses from (except that
//! escorting fighters must be removed before bombers)") and 003 33.7 (the
//! patrolling player with TAC and fighters present chooses which type returns to base
//! and which takes the losses): the mover's choice of losses over a hex. He cannot
//! answer after the defender in a one-mail exchange, so he writes it in his own file:
//! `losses` on a `[[mission]]`, the units over its hex in the order the interceptors'
//! losses come from them.
//!
//! Readings where 003 is silent on the form:
//! - the list names units, not missions: a mission is its units, and naming them lets
//!   him mix two missions or put the units air transported before the bombers;
//! - the escorts always lose first, whatever the list (32.4); the list orders them
//!   among themselves;
//! - the units it does not name follow, in the default order (the escorts as flown,
//!   then the bombers and the units transported, the fewest factors first);
//! - over a patrol hex (33.7), the list is also the order the patrollers answer the
//!   interceptors "1 for 1" in, so the first named are those that return to base;
//! - one list a hex, on any one mission flying there (not a transfer, which has landed,
//!   nor a hunt, whose losses come from the hunters that fired, 32.52).

use crate::air::{Mission, MissionKind};
use crate::hex::Hex;
use crate::orders::{OrderError, Problem};
use crate::units::UnitId;
use std::collections::{BTreeMap, BTreeSet};

/// The units named in `chosen` that are in `default`, in the order chosen, then the
/// others in their default order.
pub fn chosen_first(default: Vec<UnitId>, chosen: &[UnitId]) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = chosen
        .iter()
        .filter(|u| default.contains(u))
        .cloned()
        .collect();
    out.extend(default.into_iter().filter(|u| !chosen.contains(u)));
    out
}

/// 003 32.31, 003 33.7: the lists of the missions, by the hex they fly to.
pub fn by_hex(missions: &[Mission]) -> BTreeMap<Hex, Vec<UnitId>> {
    missions
        .iter()
        .filter(|m| !m.losses.is_empty())
        .map(|m| {
            let list = m.losses.iter().map(|u| u.value.clone()).collect();
            (m.to.value, list)
        })
        .collect()
}

/// Whether a mission of `kind` is met with the others over its hex and may order their
/// losses.
fn may_choose(kind: MissionKind) -> bool {
    !matches!(kind, MissionKind::Transfer | MissionKind::Hunt)
}

/// 003 32.31, 003 33.7: a mission's `losses` checked: on a mission met with the
/// others over its hex (B347), one list a hex (B349), each unit one of the mover's
/// flying a mission there or air transported there (`airlifted`), named once (B348).
pub fn check(
    m: &Mission,
    missions: &[Mission],
    airlifted: &BTreeMap<Hex, BTreeSet<UnitId>>,
) -> Vec<OrderError> {
    let Some(first) = m.losses.first() else {
        return Vec::new();
    };
    let hex = m.to.value;
    if !may_choose(m.kind.value) {
        return vec![OrderError::new(
            Problem::LossesNotChosen {
                kind: m.kind.value.to_string(),
            },
            Some(first.span.clone()),
            cite!("003 32.31"),
        )];
    }
    let earlier = missions
        .iter()
        .take_while(|o| !std::ptr::eq(*o, m))
        .any(|o| o.to.value == hex && !o.losses.is_empty());
    if earlier {
        return vec![OrderError::new(
            Problem::LossesTwice { hex },
            Some(first.span.clone()),
            cite!("003 32.31"),
        )];
    }
    let over: BTreeSet<&UnitId> = missions
        .iter()
        .filter(|o| o.to.value == hex && may_choose(o.kind.value))
        .flat_map(|o| o.units.iter().map(|u| &u.value))
        .chain(airlifted.get(&hex).into_iter().flatten())
        .collect();
    let mut named = BTreeSet::new();
    let mut errors = Vec::new();
    for u in &m.losses {
        let why = if !over.contains(&u.value) {
            Some(
                "no mission of yours flies it there and no air transport of yours lands it there"
                    .to_string(),
            )
        } else if !named.insert(&u.value) {
            Some("it is named twice".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            let problem = Problem::LossesUnit {
                unit: u.value.clone(),
                hex,
                why,
            };
            errors.push(
                OrderError::new(problem, Some(u.span.clone()), cite!("003 32.31")).unit(&u.value),
            );
        }
    }
    errors
}

/// 003 32.31, 003 33.7: the report's line for an order of losses the mover chose over
/// `hex` (`None` when he chose none): `rule` is 003 32.31 for a flight, 003 33.7 for
/// patrollers.
pub fn note(
    hex: Hex,
    chosen: &[UnitId],
    (what, rule): (&str, crate::cite::Rule),
) -> Option<crate::event::Event> {
    if chosen.is_empty() {
        return None;
    }
    let names: Vec<String> = chosen.iter().map(ToString::to_string).collect();
    Some(crate::event::Event::Note {
        text: format!(
            "over {hex} {what} in the order the mover's file chose: {}, then the others",
            names.join(", ")
        ),
        rule,
    })
}

/// 32.33: the transported factors of `transported` lost over `hex` to `hit` factors of
/// the interceptors' fire, read from the eliminations of the interception (`rule`,
/// in the order the factors were taken) in `fought`.
pub fn transported_lost(
    rules: &crate::rules::Rules,
    (hex, transported): (Hex, &[UnitId]),
    fought: &[crate::event::Event],
    (hit, rule): (u32, &crate::cite::Rule),
) -> u32 {
    let mut owed = hit;
    let mut lost = 0;
    for e in fought {
        let crate::event::Event::Eliminated {
            unit,
            hex: at,
            rule: r,
            ..
        } = e
        else {
            continue;
        };
        if *at != hex || r != rule {
            continue;
        }
        let taken = rules.counters.get(unit).map_or(0, |c| c.attack).min(owed);
        owed -= taken;
        if transported.contains(unit) {
            lost += taken;
        }
    }
    lost
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(names: &[&str]) -> Vec<UnitId> {
        names.iter().filter_map(|n| UnitId::new(n).ok()).collect()
    }

    /// 003 32.31: the units chosen come first in the order chosen, the others after in
    /// their default order; a name not among them changes nothing.
    #[test]
    fn the_chosen_units_lose_first_the_others_in_the_default_order() {
        let default = ids(&["B-1TAC", "B-1SAC", "B-1AB"]);
        assert_eq!(
            chosen_first(default.clone(), &ids(&["B-1AB", "R-1FTR"])),
            ids(&["B-1AB", "B-1TAC", "B-1SAC"])
        );
        assert_eq!(chosen_first(default.clone(), &[]), default);
    }
}
