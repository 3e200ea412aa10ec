//! Retreat routes after combat (BGAT "Explanation of Basic Game attrition results",
//! AB2, with 003 8.3): every hex where a losing unit may end its 2-hex retreat.

use crate::board::Terrain;
use crate::hex::Hex;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::search;
use crate::units::UnitKind;

/// Where a retreat may end, and the route that gets there (`[start, middle, end]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatEnd {
    pub end: Hex,
    pub path: Vec<Hex>,
}

/// BGAT AB2: a retreat is two hexes, in any direction; zigzags that end only one hex
/// from the start are allowed, but never back in the start hex. Units retreat through
/// friendly units, across rivers, and through forest, mountain, city and desert as if
/// clear, but never into or through enemy ZOC (003 8.3: armor neither, and whatever
/// the kind of the enemy unit), off the board, into sea, lake or the Neutral Country,
/// and never end in a hex that would then hold more than 3 units (11.1). Armor,
/// air-assault and artillery never retreat into or through forest (10.2).
///
/// Returns every legal end hex in hex order, each with the first route (middle hexes
/// in hex order) that reaches it; empty when the unit has no legal retreat and is
/// eliminated instead.
pub fn retreat_ends(rules: &Rules, pos: &Position, unit: &Piece) -> Vec<RetreatEnd> {
    retreat_ends_of(rules, pos, unit, 2)
}

/// A retreat of exactly `hexes` hexes (BGAT 2; the TGAT prints 1 to 4), under the
/// rules of [`retreat_ends`], found by the one budgeted search ([`search::walks`]).
pub fn retreat_ends_of(rules: &Rules, pos: &Position, unit: &Piece, hexes: u32) -> Vec<RetreatEnd> {
    // 34, Weather Chart, Ice: units on mountains are eliminated if forced to retreat.
    if crate::weather::going::frozen(pos.weather(), rules.board.terrain(unit.hex)) {
        return Vec::new();
    }
    let enemy = unit.side.other();
    // 8.1: never into an enemy ZOC (whatever the kind of unit: 003 8.3), which holds
    // every enemy-held hex.
    // 29.4: nor into an unreduced minor country city closed to the unit's side.
    let open = |h: Hex| {
        !pos.in_zoc_of(enemy, h) && may_enter(rules, unit.kind, h) && !pos.is_barred(unit.side, h)
    };
    let fits = |end: Hex| {
        rules
            .ruleset
            .figures
            .stack_fits(pos.stack_halves_at(end) + Position::halves_of(unit))
    };
    search::walks(unit.hex, hexes, open, fits)
        .into_iter()
        .map(|(end, path)| RetreatEnd { end, path })
        .collect()
}

/// Terrain a retreating unit of `kind` may enter or pass: land (10.3), and not forest
/// for armor, air-assault and artillery (10.2).
fn may_enter(rules: &Rules, kind: UnitKind, h: Hex) -> bool {
    rules
        .board
        .terrain(h)
        .is_some_and(|t| t.is_land() && !(t == Terrain::Forest && kind.barred_from_forest()))
}
