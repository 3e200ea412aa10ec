//! 003 36.4: units at sea beyond what a shortage allows (36.22-36.24, 36.42-36.44) must
//! comply by the end of the movement phase; "If the player cannot comply during the
//! movement phase, he must move the excess units one sea zone towards the nearest
//! friendly port." This finds the units so moved, which the limit then excuses
//! (`orders::check_at_sea`).
//!
//! Readings where the sources are silent:
//! - A unit cannot comply when it began the player-turn at sea and no friendly port it
//!   may use (19.2-19.4) opens on its zone or a zone next to it, where it could land.
//!   Invading a vacant beach hex is the player's choice (003 36.4 "may"), not a duty
//!   the umpire checks.
//! - "The nearest friendly port": the fewest zones to sail (19.5) to a zone on which a
//!   friendly port opens. The unit complies by sailing one zone nearer this movement
//!   phase; one already in such a zone stays where it is. Where no zone with a friendly
//!   port can be reached there is nothing to move towards, and the limit stands.

use crate::board::{Board, SeaZone};
use crate::control::Holding;
use crate::event::Event;
use crate::position::Position;
use crate::sea::{port_fault, Use};
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// 19.5: for each zone, the fewest zones to sail to one of `targets`; zones that reach
/// none are left out.
fn zones_to(board: &Board, targets: &BTreeSet<SeaZone>) -> BTreeMap<SeaZone, u32> {
    let mut dist: BTreeMap<SeaZone, u32> = targets.iter().map(|&z| (z, 0)).collect();
    let mut queue: VecDeque<SeaZone> = targets.iter().copied().collect();
    while let Some(z) = queue.pop_front() {
        let d = dist.get(&z).copied().unwrap_or(0);
        for n in board.zone_links(z) {
            if let std::collections::btree_map::Entry::Vacant(e) = dist.entry(n) {
                e.insert(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// 003 36.4: the units of `side` at sea after movement (`pos`) that could not comply
/// and were moved one sea zone towards the nearest friendly port, or could move nowhere
/// nearer. `events` are the movement's: who went to sea, who sailed from where.
pub fn excused(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
    events: &[Event],
) -> BTreeSet<UnitId> {
    let city = held.1;
    let friendly: BTreeSet<SeaZone> = board
        .ports()
        .iter()
        .filter(|p| crate::control::is_friendly(board, pos, held.0, city, side, p.hex))
        .filter_map(|p| board.sea_zone(p.dock))
        .collect();
    let near = zones_to(board, &friendly);
    let may_land = |zone: SeaZone| {
        std::iter::once(zone)
            .chain(board.zone_links(zone))
            .flat_map(|z| board.ports_on(z))
            .any(|p| port_fault(board, pos, held, side, p.hex, Use::Land).is_none())
    };
    let mut put_to_sea = BTreeSet::new();
    let mut sailed = BTreeMap::new();
    for e in events {
        match e {
            Event::PutToSea { unit, .. } => {
                put_to_sea.insert(unit);
            }
            Event::Sailed { unit, from, .. } => {
                sailed.insert(unit, *from);
            }
            _ => {}
        }
    }
    pos.at_sea()
        .filter(|a| a.side == side && !put_to_sea.contains(&a.id))
        .filter(|a| {
            let began = sailed.get(&a.id).copied().unwrap_or(a.zone);
            if may_land(began) {
                return false;
            }
            let from = near.get(&began).copied();
            let now = near.get(&a.zone).copied();
            match (from, now) {
                // Sailed one zone nearer.
                (Some(f), Some(n)) if began != a.zone => n < f,
                // Stayed in a zone of a friendly port it may not use: none nearer.
                (Some(f), _) if began == a.zone => f == 0,
                // No friendly port to go towards: the limit stands.
                _ => false,
            }
        })
        .map(|a| a.id.clone())
        .collect()
}
