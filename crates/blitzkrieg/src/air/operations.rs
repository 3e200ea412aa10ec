//! 003 30.4: combat air operations a hex. "More than one combat air operation may be
//! conducted in the same hex in a single player-turn. But only one of each type."
//! A strategic bombing is one a hex already (`strategic::refusal`, `B948`); this owns
//! the tactical one: one `[[mission]]` of kind `tactical` a hex, all the bombers of
//! one operation named in it. A tactical operation is over every hex its battle
//! attacks, so two missions naming one battle, or battles sharing a hex, are two
//! operations there. Only missions flown count: one refused for another problem
//! leaves its hexes free.

use super::{Mission, MissionKind};
use crate::hex::Hex;
use crate::orders::{Attack, OrderError, Problem};
use std::collections::BTreeMap;

/// 003 30.4: the hexes a tactical operation was flown over this player-turn, with
/// the battle it supported.
#[derive(Clone, Debug, Default)]
pub struct TacticalOver {
    over: BTreeMap<Hex, String>,
}

impl TacticalOver {
    /// 003 30.4: why mission `m` may not fly: a tactical operation flew over a hex
    /// its battle attacks already. Reported where it names its battle. Missions
    /// naming no declared battle are left to the battle check (30.41).
    pub fn refusal(&self, attacks: &[Attack], m: &Mission) -> Option<OrderError> {
        let (b, hexes) = tactical_hexes(attacks, m)?;
        let (hex, first) = hexes
            .iter()
            .find_map(|h| self.over.get(h).map(|first| (*h, first.clone())))?;
        let problem = Problem::SecondTacticalOperation { hex, first };
        Some(OrderError::new(
            problem,
            Some(b.span.clone()),
            cite!("003 30.4"),
        ))
    }

    /// 003 30.4: mission `m` flew; the hexes of its battle have their tactical
    /// operation.
    pub fn record(&mut self, attacks: &[Attack], m: &Mission) {
        if let Some((b, hexes)) = tactical_hexes(attacks, m) {
            for h in hexes {
                self.over.insert(h, b.value.clone());
            }
        }
    }
}

/// The battle a tactical mission names and the hexes it attacks (`None` for any
/// other mission, or a battle not declared).
fn tactical_hexes<'m>(
    attacks: &[Attack],
    m: &'m Mission,
) -> Option<(&'m crate::orders::Located<String>, Vec<Hex>)> {
    if m.kind.value != MissionKind::Tactical {
        return None;
    }
    let b = m.battle.as_ref()?;
    let a = attacks.iter().find(|a| a.id.value == b.value)?;
    Some((b, a.targets.iter().map(|t| t.value).collect()))
}
