//! 33.7: tactical patrol/interdiction. TAC and fighters sent to a patrol hex
//! (`kind = "interdiction"`) as patrollers are ([`super::patrol`]) exert, when they are
//! 4 factors or more there, an armor-type ZOC over the hex and the six around it: it
//! stops the enemy's movement, blocks his supply routes, eliminates his units forced to
//! retreat through or into it, makes cities unfriendly to him and starts the intercept
//! range (003 33.7), but eliminates no grounded aircraft (003 33.7). The ZOC is counted
//! into the position's ZOC field, so every rule that asks for enemy ZOC sees it.

use crate::position::Position;
use crate::units::{Counters, Side, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// 33.7: the factors an aircraft on patrol/interdiction counts toward the 4: its attack
/// factors (printed; 003 33.7's halving for weather and doubling for TAC at less than
/// half range are not applied).
fn factors(counters: &Counters, id: &crate::units::UnitId) -> u32 {
    counters.get(id).map_or(0, |c| c.attack)
}

/// 33.7: counts the ZOC of every patrol/interdiction hex holding 4 factors or more of
/// one side into `pos` (and takes away those no longer so), after any change of the
/// aircraft on patrol.
pub fn refresh(rules: &crate::rules::Rules, pos: &mut Position) {
    let counters = &rules.counters;
    let least = rules
        .ruleset
        .tournament_figures
        .air_combat
        .interdiction_zoc_factors;
    let mut over: BTreeMap<(Side, crate::hex::Hex), u32> = BTreeMap::new();
    for (id, p) in pos.patrols() {
        if p.kind != super::patrol::PatrolKind::Interdiction {
            continue;
        }
        let Some(piece) = pos.get(id) else {
            continue;
        };
        if !matches!(piece.kind, UnitKind::Tac | UnitKind::Ftr) {
            continue;
        }
        *over.entry((piece.side, p.hex)).or_default() += factors(counters, id);
    }
    let zones: BTreeSet<_> = over
        .into_iter()
        .filter(|(_, f)| *f >= least)
        .map(|(k, _)| k)
        .collect();
    pos.set_interdiction(zones);
}
