//! Retreat routes after combat (BGAT "Explanation of Basic Game attrition results",
//! AB2, with 003 8.3): every hex where a losing unit may end its 2-hex retreat.

use crate::board::Terrain;
use crate::hex::Hex;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::units::{Side, UnitKind};
use std::collections::BTreeMap;

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
    let enemy = unit.side.other();
    let start = unit.hex;
    let open = |h: &Hex| may_pass(rules, pos, unit.kind, enemy, *h);
    let mut mids: Vec<Hex> = rules.board.neighbours(start).filter(open).collect();
    mids.sort();
    let mut ends: BTreeMap<Hex, Hex> = BTreeMap::new();
    for mid in mids {
        for end in rules.board.neighbours(mid).filter(open) {
            if end != start && pos.count_at(end) < 3 {
                ends.entry(end).or_insert(mid);
            }
        }
    }
    ends.into_iter()
        .map(|(end, mid)| RetreatEnd {
            end,
            path: vec![start, mid, end],
        })
        .collect()
}

/// A hex a retreating unit of `kind` may enter or pass: land (10.3), not forest for
/// armor, air-assault and artillery (10.2), and outside every ZOC of `enemy` (8.1 with
/// 003 8.3), which also keeps it off enemy-held hexes.
fn may_pass(rules: &Rules, pos: &Position, kind: UnitKind, enemy: Side, h: Hex) -> bool {
    let Some(t) = rules.board.terrain(h) else {
        return false;
    };
    t.is_land() && !(t == Terrain::Forest && kind.barred_from_forest()) && !pos.in_zoc_of(enemy, h)
}
