//! 32.4 with Q&A 32.4 and 003 32.4: escorts. When the mover announces his combat air
//! operations, a fighter of his over a hex a friendly bombing mission or air transport
//! (9.3, 9.4) flies to is an escort (003 32.4: "automatically"); the escorts over a hex
//! protect every mission there (Q&A 32.4), as the flight over the hex is met as one
//! group (003 32.31, [`super::intercept::flights`]).
//!
//! Readings where the rules are silent or leave a choice:
//! - a fighter flies to such a hex as an escort by `kind = "escort"`; a hunt there is
//!   refused, not turned into an escort (32.5: hunters "may not be placed" there; B322
//!   over bombers, B346 over an air transport), so a file never means one thing and
//!   plays another; a transfer lands at its new base at once (30.7) and is over no hex
//!   in combat; a patrol or patrol/interdiction there stays a patrol (003 32.4 excepts
//!   patrol/interdiction; a patrol stays aloft through the opponent's player-turn,
//!   32.7, where an escort lands with the bombers);
//! - a night bombing (33.6) is never intercepted, so it is nothing to escort.

use crate::air::{Mission, MissionKind};
use crate::hex::Hex;
use crate::orders::{OrderError, Problem};
use crate::units::UnitId;
use std::collections::{BTreeMap, BTreeSet};

/// 32.4: whether a bombing mission of the mover's, other than a night bombing (33.6),
/// flies to `hex`.
pub fn bombed(hex: Hex, missions: &[Mission]) -> bool {
    missions.iter().any(|o| {
        o.kind.value.is_combat()
            && !matches!(
                o.kind.value,
                MissionKind::Escort
                    | MissionKind::Hunt
                    | MissionKind::Patrol
                    | MissionKind::Interdiction
            )
            && o.to.value == hex
            && !o.night.as_ref().is_some_and(|n| n.value)
    })
}

/// 32.4, 003 32.4: a mission's escort checked against the bombing missions and the
/// hexes the mover's air transports and airdrops landed in (`airlifted`): an escort
/// flies to a hex one of them flies to (B313); a hunt never searches from a hex an
/// air transport lands in (B346: fighters there are escorts; over bombers it is
/// B322, [`super::hunt::refusal`]).
pub fn refusal(
    m: &Mission,
    missions: &[Mission],
    airlifted: &BTreeMap<Hex, BTreeSet<UnitId>>,
) -> Option<OrderError> {
    let hex = m.to.value;
    let covered = bombed(hex, missions) || airlifted.contains_key(&hex);
    match m.kind.value {
        MissionKind::Escort if !covered => Some(OrderError::new(
            Problem::NothingToEscort { hex },
            Some(m.to.span.clone()),
            cite!("32.4"),
        )),
        MissionKind::Hunt if airlifted.contains_key(&hex) && !bombed(hex, missions) => {
            Some(OrderError::new(
                Problem::HuntOverAirTransport { hex },
                Some(m.to.span.clone()),
                cite!("003 32.4"),
            ))
        }
        _ => None,
    }
}

/// 9.3, 9.4: the units the mover's air transports and airdrops landed, by the hex they
/// landed in (the `Flown` events of his movement; air supply, 23.4, flies no one).
pub fn airlifted(moved: &[crate::event::Event]) -> BTreeMap<Hex, BTreeSet<UnitId>> {
    let mut out: BTreeMap<Hex, BTreeSet<UnitId>> = BTreeMap::new();
    for e in moved {
        if let crate::event::Event::Flown { unit, to, .. } = e {
            out.entry(*to).or_default().insert(unit.clone());
        }
    }
    out
}
