//! What bombers add to a battle (30.41 tactical bombing, 30.8 short range): their
//! factors, doubled at less than half range, and the river doubling they undo. The
//! battle's strength ([`crate::combat::strength`]) asks this module about every
//! aircraft named in it; the losses they take first are the combat resolution's.

use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::odds::Factor;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Counter, UnitId};

/// 30.8 (Q&A 30.8: TAC from full sea hexes too): whether a bomber flying from `from`
/// bombs at double strength: the nearest hex attacked is at less than half its range.
pub fn doubles(c: &Counter, from: Hex, targets: &[Hex]) -> bool {
    let nearest = targets.iter().map(|t| from.distance(*t)).min();
    matches!((nearest, c.half_range()), (Some(d), Some(half)) if d <= half)
}

/// 30.41, 30.8: the factor an aircraft adds to the attack on `targets`: its attack
/// factor, doubled at less than half range from the base it flew from (where it
/// stands on the map while in the air); halved, fractions down, when fighters
/// intercepted it unescorted (32, the ACT's note). `None` for a unit that is not an
/// aircraft.
pub fn air_factor(rules: &Rules, pos: &Position, id: &UnitId, targets: &[Hex]) -> Option<Factor> {
    let c = rules.counters.get(id).filter(|c| c.kind.is_air())?;
    let base = pos.hex_of(id)?;
    // 34, 003 34: halved in rain and snow before any doubling (003 Rounding).
    let f = crate::weather::combat::air_factor(rules, pos.weather(), Factor::from(c.attack));
    let intercepted = pos.is_marked(id, UnitMarker::Intercepted);
    let f = if intercepted { f.half() } else { f };
    let f = if doubles(c, base, targets) {
        f.double()
    } else {
        f
    };
    // ACT note: "convert fractions down", once, after every other effect (003 Rounding).
    Some(if intercepted {
        Factor::from(f.floor())
    } else {
        f
    })
}

/// 30.41 with 52.1 (BLITZKRIEG '85): the factor an aircraft adds to a battle it
/// supports: [`air_factor`], a medium bomber's "halved (fractions rounded down) in
/// strength when used for tactical bombing" in a game of '85.
pub fn tactical_factor(
    rules: &Rules,
    pos: &Position,
    id: &UnitId,
    targets: &[Hex],
) -> Option<Factor> {
    let f = air_factor(rules, pos, id, targets)?;
    if rules
        .counters
        .get(id)
        .is_some_and(|c| medium_halved(rules, c))
    {
        Some(Factor::from(f.half().floor()))
    } else {
        Some(f)
    }
}

/// 52.1 (BLITZKRIEG '85): whether `c` is a medium bomber, halved in tactical bombing.
pub fn medium_halved(rules: &Rules, c: &Counter) -> bool {
    c.kind == crate::units::UnitKind::Mdm && rules.ruleset.rules == crate::state::RuleSet::Eighty5
}

/// Whether `id` is an aircraft.
pub fn is_air(rules: &Rules, id: &UnitId) -> bool {
    rules.counters.get(id).is_some_and(|c| c.kind.is_air())
}

/// 30.41, reading `tactical-bombing-30-41=printed`: the factors of tactical bombing
/// are compared as printed on the counters (by default, after halving and doubling).
pub fn printed_factors(rules: &Rules) -> bool {
    rules.ruleset.readings.tactical_bombing == crate::readings::TacticalBombing::Printed
}

/// The printed attack factors of the units of `ids` on the map, added together.
pub fn printed_attack(rules: &Rules, pos: &Position, ids: &[UnitId]) -> Factor {
    ids.iter()
        .filter(|id| pos.get(id).is_some())
        .filter_map(|id| rules.counters.get(id))
        .map(|c| Factor::from(c.attack))
        .sum()
}

/// 30.41 with 003 30.41: tactical bombing undoes a river's doubling when the bombers'
/// strength `air` (after doubling at short range; printed under the reading
/// `tactical-bombing-30-41=printed`) reaches the defenders' basic strength (before the
/// river's doubling); "equals" read as "at least equals".
pub fn undoes_river(air: Factor, basic: u32) -> bool {
    !air.is_zero() && air >= Factor::from(basic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::{Side, Size, UnitKind};

    fn bomber(kind: UnitKind, range: u32) -> Counter {
        Counter {
            id: UnitId::new("B-1TAC").unwrap(),
            side: Side::Blue,
            kind,
            size: Size::Division,
            attack: 4,
            defence: 4,
            movement: range,
            name: "1st".into(),
            enters: 1,
        }
    }

    /// 30.8: "less than half range (3 hexes for TAC, 4 hexes for MDM, 9 hexes for
    /// SAC)": 3 hexes doubles a TAC, 4 does not; 9 doubles a SAC.
    #[test]
    fn bombers_double_at_less_than_half_range_30_8() {
        let h = |s: &str| s.parse::<Hex>().unwrap();
        let tac = bomber(UnitKind::Tac, 8);
        assert!(doubles(&tac, h("E9"), &[h("H9")]));
        assert!(!doubles(&tac, h("E9"), &[h("I9")]));
        assert!(doubles(&tac, h("E9"), &[h("I9"), h("G9")]));
        let sac = bomber(UnitKind::Sac, 20);
        assert!(doubles(&sac, h("A9"), &[h("J9")]));
        assert!(!doubles(&sac, h("A9"), &[h("K9")]));
    }

    /// 30.41 with 003 30.41: the river is undone when the bombers reach the defenders'
    /// basic strength, not below it, and never without bombers.
    #[test]
    fn bombers_undo_a_river_at_the_defenders_basic_strength_30_41() {
        assert!(undoes_river(Factor::from(4u32), 4));
        assert!(undoes_river(Factor::from(8u32), 4));
        assert!(!undoes_river(Factor::from(3u32), 4));
        assert!(!undoes_river(Factor::default(), 0));
    }
}
