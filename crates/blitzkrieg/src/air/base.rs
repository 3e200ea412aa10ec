//! Airbases (30.2, 30.5-30.6, 30.9): which cities may base a side's aircraft, how many
//! aircraft a base holds, and grounded aircraft caught without a garrison.

use crate::cite::Rule;
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{OrderError, Placement, Problem};
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// 30.2 with 26.4: the aircraft of `side` based in `hex`, in half units (a substitute
/// half a unit), leaving out `leaving`.
pub fn air_halves_at(pos: &Position, side: Side, hex: Hex, leaving: &BTreeSet<UnitId>) -> u32 {
    pos.at(hex)
        .filter(|p| p.side == side && p.kind.is_air() && !leaving.contains(&p.id))
        .map(Position::halves_of)
        .sum()
}

/// 30.2: whether `halves` half units of aircraft fit in one base (`air.units_per_city`
/// full units).
pub fn base_fits(rules: &Rules, halves: u32) -> bool {
    halves <= 2 * rules.ruleset.tournament_figures.air.units_per_city
}

/// "3", "3 1/2": half units as players count them.
pub fn halves_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (n, 0) => n.to_string(),
        (0, _) => "1/2".to_string(),
        (n, _) => format!("{n} 1/2"),
    }
}

/// 30.2, 30.5-30.6: why `hex` is no base `side` may land at now, or `None` when it is
/// one: a city friendly to `side` (5.1-5.2), which also means free of enemy ZOC, or
/// (BLITZKRIEG '85) an airfield of `side`'s ([`airfield_base`]); in '85 never one whose
/// airbase is damaged (52.2).
pub fn not_a_base(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    hex: Hex,
) -> Option<String> {
    // 52.2 ('85): a bombarded airbase does not function.
    if crate::bombing::airbase_damaged(pos.hex_marks(), hex) {
        return Some(
            "its airbase is damaged (52.2): it bases no aircraft until the damage comes off"
                .to_string(),
        );
    }
    if let Some(owner) = pos.airfield_owner(hex) {
        return airfield_base(pos, owner, side, hex);
    }
    if !rules.board.is_city(hex) {
        // 49.3: in BLITZKRIEG '85 its airfields too.
        if crate::eighty5::airfield::plays(rules) {
            return Some("airbases are cities and airfields (30.2, 49.3)".to_string());
        }
        return Some("airbases are cities (30.2)".to_string());
    }
    if pos.in_zoc_of(side.other(), hex) {
        return Some("it is in enemy ZOC (30.6)".to_string());
    }
    if !control::is_friendly(
        &rules.board,
        pos,
        held,
        rules.ruleset.readings.city_friendly,
        side,
        hex,
    ) {
        return Some("it is not a friendly city (30.2, 30.5)".to_string());
    }
    None
}

/// 49.3: an airfield on the board is a base for any three air units of its owner
/// (30.2's three, `air.units_per_city`, as a city), out of enemy ZOC as any base
/// (30.6); an enemy's airfield is none (49.5). Why `hex` is no base of `side`'s, or
/// `None`.
fn airfield_base(pos: &Position, owner: Side, side: Side, hex: Hex) -> Option<String> {
    if owner != side {
        return Some(format!("the airfield there is {owner}'s (49.5)"));
    }
    if pos.in_zoc_of(side.other(), hex) {
        return Some("it is in enemy ZOC (30.6)".to_string());
    }
    None
}

/// 30.5, 003 32.34 with 49.3: the hexes that may be a base within `reach` hexes of
/// `over`, the fewest hexes first, then in hex order: the board's cities and (in
/// BLITZKRIEG '85) the airfields on it. Whether each is a base of a side's now is
/// [`not_a_base`]'s.
pub fn bases_within(rules: &Rules, pos: &Position, over: Hex, reach: u32) -> Vec<Hex> {
    let mut near: Vec<Hex> = base_hexes(rules, pos)
        .into_iter()
        .filter(|h| h.distance(over) <= reach)
        .collect();
    near.sort_by_key(|h| (h.distance(over), *h));
    near
}

/// 30.2, 49.3: the hexes that may be a base, in hex order: the board's cities and (in
/// BLITZKRIEG '85) the airfields on it.
pub fn base_hexes(rules: &Rules, pos: &Position) -> Vec<Hex> {
    let all: BTreeSet<Hex> = rules
        .board
        .city_hexes()
        .chain(pos.airfields().keys().copied())
        .collect();
    all.into_iter().collect()
}

/// 30.9 with 003 30.9: whether a piece is grounded aircraft without a garrison of its
/// own side's ground units in its hex.
fn ungarrisoned_grounded(pos: &Position, p: &Piece) -> bool {
    p.kind.is_air()
        && !pos.is_aloft(&p.id)
        && !pos.at(p.hex).any(|q| q.side == p.side && !q.kind.is_air())
}

/// 30.9 with 003 30.9: ungarrisoned grounded aircraft in an enemy ground unit's ZOC are
/// eliminated at once, at any time, in either side's player-turn.
pub fn overrun(pos: &mut Position) -> Vec<Event> {
    let caught: Vec<(UnitId, Hex)> = pos
        .aircraft()
        // 003 33.7: not the ZOC of patrol/interdiction.
        .filter(|p| ungarrisoned_grounded(pos, p) && pos.in_ground_zoc_of(p.side.other(), p.hex))
        .map(|p| (p.id.clone(), p.hex))
        .collect();
    eliminate(
        pos,
        caught,
        "caught without a garrison in an enemy ground unit's ZOC",
    )
}

/// 30.9: ungarrisoned grounded aircraft of the side not `mover` in or next to a hex of
/// `path` (enemy ground units "move adjacent, into, or through their city hex") are
/// eliminated at once.
pub fn overrun_along(pos: &mut Position, mover: Side, path: &[Hex]) -> Vec<Event> {
    let near: BTreeSet<Hex> = path
        .iter()
        .flat_map(|h| std::iter::once(*h).chain(h.neighbours()))
        .collect();
    let mut caught: Vec<(UnitId, Hex)> = near
        .iter()
        .flat_map(|&h| pos.at(h))
        .filter(|p| p.side == mover.other() && ungarrisoned_grounded(pos, p))
        .map(|p| (p.id.clone(), p.hex))
        .collect();
    // In id order, as every elimination is reported.
    caught.sort();
    eliminate(
        pos,
        caught,
        "enemy ground units moved next to its ungarrisoned base",
    )
}

fn eliminate(pos: &mut Position, caught: Vec<(UnitId, Hex)>, cause: &str) -> Vec<Event> {
    caught
        .into_iter()
        .filter(|(id, _)| pos.remove(id).is_some())
        .map(|(unit, hex)| Event::Eliminated {
            unit,
            hex,
            cause: format!("grounded aircraft {cause}"),
            rule: Rule::para(para!("30.9")),
        })
        .collect()
}

/// 30.2: the hexes where `side` bases more aircraft than a base holds, with how many.
pub fn overstacked_bases(rules: &Rules, pos: &Position, side: Side) -> Vec<(Hex, u32)> {
    let bases: BTreeSet<Hex> = pos
        .pieces()
        .filter(|p| p.side == side && p.kind.is_air())
        .map(|p| p.hex)
        .collect();
    bases
        .into_iter()
        .map(|h| (h, air_halves_at(pos, side, h, &BTreeSet::new())))
        .filter(|(_, n)| !base_fits(rules, *n))
        .collect()
}

/// 30.2: aircraft placed at set-up (or as reinforcements) go to cities ("air units may
/// be placed in friendly cities in their home country"), at most a base's worth of
/// them a city once the placements are made.
pub fn check_placements(
    rules: &Rules,
    pos: &Position,
    side: Side,
    placements: &[Placement],
) -> Vec<OrderError> {
    let mut errors = Vec::new();
    let mut last: BTreeMap<Hex, std::ops::Range<usize>> = BTreeMap::new();
    for p in placements {
        for u in &p.units {
            let air = rules
                .counters
                .get(&u.value)
                .is_some_and(|c| c.kind.is_air());
            if !air {
                continue;
            }
            last.insert(p.hex.value, p.hex.span.clone());
            if !rules.board.is_city(p.hex.value) {
                let problem = Problem::CannotPlace {
                    unit: u.value.clone(),
                    why: format!(
                        "{} is no city, and aircraft are based in cities",
                        p.hex.value
                    ),
                };
                errors.push(
                    OrderError::new(problem, Some(u.span.clone()), cite!("30.2")).unit(&u.value),
                );
            }
        }
    }
    for (hex, halves) in overstacked_bases(rules, pos, side) {
        if let Some(span) = last.get(&hex) {
            errors.push(OrderError::new(
                Problem::AirOverstacked {
                    hex,
                    count: halves_text(halves),
                },
                Some(span.clone()),
                cite!("30.2"),
            ));
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 26.4 with 30.2: half units as players count aircraft.
    #[test]
    fn half_units_read_as_players_count_them() {
        assert_eq!(halves_text(6), "3");
        assert_eq!(halves_text(7), "3 1/2");
        assert_eq!(halves_text(1), "1/2");
    }
}
