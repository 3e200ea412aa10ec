//! Combat from assault hexes in an opposed invasion (20.33-20.35): units on full sea
//! hexes ([`UnitMarker::Assault`]) attack the coast with the units on land (20.33);
//! those attacking from the sea into a non-beach hex are eliminated whatever the
//! result (20.34 as corrected by its designer, 003 20.34); those that must retreat are
//! eliminated (20.35); after combat the rest go ashore onto a vacant beach hex next to
//! them or are eliminated (20.35).
//!
//! Readings where the rules are silent:
//! - A unit on an assault hex fights as any unit on land: its attack factor, its ZOC
//!   (8.1), a retreat result eliminating it (20.35); a sea hex doubles no defender.
//! - A unit on an assault hex may advance after combat into the beach hex its battle
//!   vacated (20.35 speaks of units "still on sea hexes" after combat); never one
//!   doomed by 003 20.34. The defender never advances onto a sea hex.
//! - 20.35 "vacant adjacent beach hexes with normal stacking rules": hexes of the beach
//!   invaded this player-turn (20.1) with no enemy ground unit, friendly units allowed
//!   up to the stacking limit (11.1). The umpire takes each unit ashore, in id order,
//!   onto the first such hex with room for it of those its order lists in `ashore`,
//!   else the first in hex order: going ashore is never worse for a player than
//!   elimination.

use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::BTreeMap;

/// Whether the unit stands on an assault hex (a full sea hex) now.
pub(super) fn at_sea_on_map(rules: &Rules, pos: &Position, unit: &UnitId) -> bool {
    pos.is_marked(unit, UnitMarker::Assault)
        && pos.hex_of(unit).is_some_and(|h| rules.board.is_sea(h))
}

/// 003 20.34: "Units attacking from sea hexes to non-beach hexes are automatically
/// eliminated no matter what the results of combat": the attackers of a battle with a
/// non-beach target that stand on assault hexes.
pub(super) fn doomed(
    rules: &Rules,
    pos: &Position,
    attackers: &[UnitId],
    targets: &[Hex],
) -> Vec<UnitId> {
    if targets.iter().all(|t| rules.board.beach_at(*t).is_some()) {
        return Vec::new();
    }
    attackers
        .iter()
        .filter(|u| at_sea_on_map(rules, pos, u))
        .cloned()
        .collect()
}

/// 003 20.34: after battle `battle` is applied, the `doomed` units still on the map
/// are eliminated.
pub(super) fn eliminate_doomed(pos: &mut Position, doomed: &[UnitId], battle: &str) -> Vec<Event> {
    doomed
        .iter()
        .filter_map(|u| pos.remove(u))
        .map(|p| Event::Eliminated {
            unit: p.id,
            hex: p.hex,
            cause: format!(
                "battle {battle}: it attacked from the sea into a non-beach hex, eliminated whatever the result"
            ),
            rule: Rule::para(para!("20.34")).and(Ref::Reading("20.34".into())),
        })
        .collect()
}

/// 20.35: "Assaulting units that were required to retreat ... are eliminated instead".
pub(super) fn eliminated_for_retreat(
    pos: &mut Position,
    unit: &UnitId,
    battle: &str,
) -> Option<Event> {
    let p = pos.remove(unit)?;
    Some(Event::Eliminated {
        unit: p.id,
        hex: p.hex,
        cause: format!(
            "battle {battle}: it had to retreat from assault hex {}",
            p.hex
        ),
        rule: Rule::para(para!("20.35")),
    })
}

/// 20.35: after all combat, each unit of `side` still on an assault hex moves onto a
/// vacant beach hex next to it, of the beach `invaded`, with room for it: the first of
/// the hexes `ashore` lists for it that is, else the first in hex order; one that
/// cannot is eliminated. Units that left their assault hex in an advance after combat
/// lose the marker.
pub fn go_ashore(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    invaded: Option<&str>,
    ashore: &BTreeMap<UnitId, Vec<Hex>>,
) -> Vec<Event> {
    let mut events = Vec::new();
    let units: Vec<UnitId> = pos.marked_with(UnitMarker::Assault).cloned().collect();
    for id in units {
        // 35.31: an invader in a zone of friendly superiority may push beach defenders.
        let superior = crate::ascendancy::doubled_invader(pos, &id);
        pos.unmark(&id, UnitMarker::Assault);
        pos.unmark(&id, UnitMarker::SuperiorInvader);
        let Some(piece) = pos.get(&id).cloned() else {
            continue;
        };
        if piece.side != side || !rules.board.is_sea(piece.hex) {
            continue;
        }
        let mut beach: Vec<Hex> = piece
            .hex
            .neighbours()
            .filter(|h| {
                rules
                    .board
                    .beach_at(*h)
                    .is_some_and(|b| invaded.is_none_or(|i| i == b))
            })
            .filter(|h| pos.side_at(*h) != Some(side.other()))
            .filter(|h| {
                rules
                    .ruleset
                    .figures
                    .stack_fits(pos.stack_halves_at(*h) + Position::halves_of(&piece))
            })
            .collect();
        beach.sort();
        let preferred = ashore.get(&id).into_iter().flatten();
        if let Some(to) = superior
            .then(|| pushing(rules, pos, &piece, invaded, (preferred.clone(), &beach)))
            .flatten()
        {
            events.extend(crate::ascendancy::push::push(rules, pos, &id, to));
            continue;
        }
        let chosen = preferred.chain(&beach).find(|h| beach.contains(h));
        match chosen {
            Some(&to) => {
                pos.move_to(&id, to);
                events.push(Event::WentAshore {
                    unit: id,
                    from: piece.hex,
                    hex: to,
                    rule: Rule::para(para!("20.35")),
                });
            }
            None => {
                pos.remove(&id);
                events.push(Event::Eliminated {
                    unit: id,
                    hex: piece.hex,
                    cause: "after combat it could not land: no vacant beach hex next to its assault hex with room for it".into(),
                    rule: Rule::para(para!("20.35")),
                });
            }
        }
    }
    events
}

/// 35.31: the beach hex next to `piece`, an invader in a zone of friendly superiority,
/// whose defenders it pushes back: the first of `preferred` (its `ashore`) it may push
/// from when no vacant hex comes before it there, else, with no vacant hex in `vacant`,
/// the first in hex order.
fn pushing<'h>(
    rules: &Rules,
    pos: &Position,
    piece: &crate::position::Piece,
    invaded: Option<&str>,
    (mut preferred, vacant): (impl Iterator<Item = &'h Hex>, &[Hex]),
) -> Option<Hex> {
    let push = |h: &Hex| {
        h.is_adjacent(piece.hex)
            && rules
                .board
                .beach_at(*h)
                .is_some_and(|b| invaded.is_none_or(|i| i == b))
            && crate::ascendancy::push::pushable(rules, pos, piece.side, *h)
    };
    match preferred.find(|h| vacant.contains(h) || push(h)) {
        Some(h) if vacant.contains(h) => None,
        Some(h) => Some(*h),
        None if vacant.is_empty() => {
            let mut around: Vec<Hex> = piece.hex.neighbours().filter(|h| push(h)).collect();
            around.sort();
            around.first().copied()
        }
        None => None,
    }
}
