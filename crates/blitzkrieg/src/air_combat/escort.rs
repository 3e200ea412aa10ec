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
//!
//! 47.21 (BLITZKRIEG '85): an escort may join its bombers at the hex they start from or
//! at any hex of their path (`join = "HEX"` on the escort): it flies from its base to
//! that hex, then with them along their path to their target, all within its range.
//! Interception is over the target (32.3), so an escort that left its bombers before
//! it would escort nothing there: the order form has the escort fly on to the target.
//! The bombers' path is their base and the route their mission writes (32.31); a
//! mission without one is known at its start alone.

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
/// landed in (the `Flown` events of his movement; air supply, 23.4, flies no one), with
/// in '85 the transport aircraft that carried them there (`carried`, 47.33).
pub fn airlifted(
    moved: &[crate::event::Event],
    carried: &[crate::movement::CarrierFlight],
) -> BTreeMap<Hex, BTreeSet<UnitId>> {
    let mut out: BTreeMap<Hex, BTreeSet<UnitId>> = BTreeMap::new();
    for e in moved {
        if let crate::event::Event::Flown { unit, to, .. } = e {
            out.entry(*to).or_default().insert(unit.clone());
        }
    }
    for c in carried {
        if let Some(units) = out.get_mut(&c.to) {
            units.insert(c.carrier.aircraft.clone());
        }
    }
    out
}

// 47.21: an escort joining its bombers on their way (BLITZKRIEG '85).
/// 47.21: the paths of the mover's bombing missions to `to`, each bomber's start hex
/// first, then its mission's written route, `to` last.
fn paths_to(pos: &crate::position::Position, to: Hex, missions: &[Mission]) -> Vec<Vec<Hex>> {
    let mut out = Vec::new();
    for o in missions
        .iter()
        .filter(|o| bombed(to, std::slice::from_ref(*o)))
    {
        for u in &o.units {
            let start = o
                .from
                .as_ref()
                .map(|f| f.value)
                .or_else(|| pos.hex_of(&u.value));
            let Some(start) = start else { continue };
            let mut path = vec![start];
            path.extend(o.route.iter().map(|h| h.value));
            if path.last() != Some(&to) {
                path.push(to);
            }
            out.push(path);
        }
    }
    out
}

/// 47.21: an escort's `join` checked: an escort's, in a game of '85 (B397), at the start
/// hex or a hex of the path of bombers flying to its target (B397), and each fighter's
/// flight from its base (`flyers`: unit, base, range) to that hex and on along the
/// bombers' path within its range (B398). `None` without `join`.
pub fn join_refusal(
    rules: &crate::rules::Rules,
    pos: &crate::position::Position,
    (m, missions): (&Mission, &[Mission]),
    flyers: &[(&crate::orders::Located<UnitId>, Hex, u32)],
) -> Option<OrderError> {
    let join = m.join.as_ref()?;
    let (first, ..) = flyers.first()?;
    let refused = |why: String| {
        let problem = Problem::CannotJoin {
            unit: first.value.clone(),
            hex: join.value,
            why,
        };
        Some(OrderError::new(problem, Some(join.span.clone()), cite!("47.21")).unit(&first.value))
    };
    if rules.ruleset.rules != crate::state::RuleSet::Eighty5 || m.kind.value != MissionKind::Escort
    {
        return refused("`join` is for an escort in a game of BLITZKRIEG '85".into());
    }
    // The fewest hexes left to fly with the bombers from the join hex.
    let with_bombers = paths_to(pos, m.to.value, missions)
        .iter()
        .filter_map(|p| {
            p.iter()
                .position(|h| *h == join.value)
                .map(|i| p.len() - 1 - i)
        })
        .min();
    let Some(with_bombers) = with_bombers else {
        return refused(format!(
            "the bombers flying to {} neither start there nor fly through it",
            m.to.value
        ));
    };
    let with_bombers = u32::try_from(with_bombers).unwrap_or(u32::MAX);
    flyers.iter().find_map(|(unit, base, range)| {
        let hexes = base.distance(join.value).saturating_add(with_bombers);
        (hexes > *range).then(|| {
            let problem = Problem::JoinTooFar {
                unit: unit.value.clone(),
                hex: join.value,
                to: m.to.value,
                hexes,
                range: *range,
            };
            OrderError::new(problem, Some(join.span.clone()), cite!("47.21")).unit(&unit.value)
        })
    })
}
