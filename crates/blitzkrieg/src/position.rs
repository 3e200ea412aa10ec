//! Where every counter on the map stands, and the questions the rules ask of that:
//! who is in a hex, stacking counts, and zones of control (8.1).

use crate::hex::Hex;
use crate::units::{Counter, Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// A counter on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub id: UnitId,
    pub side: Side,
    pub kind: UnitKind,
    pub hex: Hex,
    /// 26.4: a substitute, counted as half a unit like rangers.
    pub substitute: bool,
}

/// The counters on the map, indexed by id and by hex. Plain data; cloning is cheap
/// enough for the engine to work on a copy and hand the original back untouched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pieces: BTreeMap<UnitId, Piece>,
    by_hex: BTreeMap<Hex, BTreeSet<UnitId>>,
}

impl Position {
    pub fn new() -> Position {
        Position::default()
    }

    /// Puts a counter on `hex` (moving it if it is already on the map).
    pub fn put(&mut self, id: UnitId, side: Side, kind: UnitKind, hex: Hex) {
        self.place(id, side, kind, hex, false);
    }

    /// Puts the counter `c` on `hex`: a full unit or a substitute (26.4).
    pub fn put_counter(&mut self, c: &Counter, hex: Hex) {
        self.place(c.id.clone(), c.side, c.kind, hex, c.is_substitute());
    }

    fn place(&mut self, id: UnitId, side: Side, kind: UnitKind, hex: Hex, substitute: bool) {
        self.remove(&id);
        self.by_hex.entry(hex).or_default().insert(id.clone());
        self.pieces.insert(
            id.clone(),
            Piece {
                id,
                side,
                kind,
                hex,
                substitute,
            },
        );
    }

    /// Moves a counter already on the map; returns false if it is not on the map.
    pub fn move_to(&mut self, id: &UnitId, hex: Hex) -> bool {
        let Some(p) = self.pieces.get(id).cloned() else {
            return false;
        };
        self.place(p.id, p.side, p.kind, hex, p.substitute);
        true
    }

    /// Takes a counter off the map.
    pub fn remove(&mut self, id: &UnitId) -> Option<Piece> {
        let p = self.pieces.remove(id)?;
        if let Some(set) = self.by_hex.get_mut(&p.hex) {
            set.remove(id);
            if set.is_empty() {
                self.by_hex.remove(&p.hex);
            }
        }
        Some(p)
    }

    pub fn get(&self, id: &UnitId) -> Option<&Piece> {
        self.pieces.get(id)
    }

    pub fn hex_of(&self, id: &UnitId) -> Option<Hex> {
        self.pieces.get(id).map(|p| p.hex)
    }

    /// Every counter on the map, in id order.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece> {
        self.pieces.values()
    }

    /// The counters in `hex`, in id order.
    pub fn at(&self, hex: Hex) -> impl Iterator<Item = &Piece> {
        self.by_hex
            .get(&hex)
            .into_iter()
            .flatten()
            .filter_map(|id| self.pieces.get(id))
    }

    /// Occupied hexes, in hex order.
    pub fn occupied(&self) -> impl Iterator<Item = Hex> + '_ {
        self.by_hex.keys().copied()
    }

    /// 11.1 with 26.4: the counters in `hex` in half units, as the stacking limit counts
    /// them (a ranger half a unit; substitutes likewise once they are in play, 26).
    pub fn stack_halves_at(&self, hex: Hex) -> u32 {
        self.at(hex).map(Position::halves_of).sum()
    }

    /// 11.1 with 26.4: a piece's weight for stacking, in half units.
    pub fn halves_of(piece: &Piece) -> u32 {
        if piece.substitute || piece.kind == UnitKind::Rangers {
            1
        } else {
            2
        }
    }

    /// 11.1: how many counters stand in `hex`.
    pub fn count_at(&self, hex: Hex) -> usize {
        self.by_hex.get(&hex).map_or(0, BTreeSet::len)
    }

    /// The side holding `hex`, if anyone does (two sides never share a hex, 7.5).
    pub fn side_at(&self, hex: Hex) -> Option<Side> {
        self.at(hex).next().map(|p| p.side)
    }

    /// 8.1: `hex` lies in the zone of control of some unit of `side`: the unit's own hex
    /// and the six around it, whatever the terrain. Aircraft have no ZOC (30.5).
    pub fn in_zoc_of(&self, side: Side, hex: Hex) -> bool {
        self.zoc_by(side, hex, |_| true)
    }

    /// 8.3: `hex` lies in the zone of control of an armor or air-assault unit of `side`.
    pub fn in_armor_zoc_of(&self, side: Side, hex: Hex) -> bool {
        self.zoc_by(side, hex, UnitKind::is_armor_type)
    }

    /// 8.1, 8.3: the hexes of the armor and air-assault units of `side` whose ZOC
    /// holds `hex` (the hex itself and its neighbours that have one), in hex order.
    pub fn armor_zoc_sources(&self, side: Side, hex: Hex) -> Vec<Hex> {
        std::iter::once(hex)
            .chain(hex.neighbours())
            .filter(|&h| {
                self.at(h)
                    .any(|p| p.side == side && !p.kind.is_air() && p.kind.is_armor_type())
            })
            .collect()
    }

    fn zoc_by(&self, side: Side, hex: Hex, kind: impl Fn(UnitKind) -> bool) -> bool {
        std::iter::once(hex)
            .chain(hex.neighbours())
            .flat_map(|h| self.at(h))
            .any(|p| p.side == side && !p.kind.is_air() && kind(p.kind))
    }

    /// Units of `side` adjacent to `hex` (not in it), in hex then id order.
    pub fn adjacent_of(&self, side: Side, hex: Hex) -> Vec<&Piece> {
        hex.neighbours()
            .flat_map(|h| self.at(h))
            .filter(|p| p.side == side)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }
    fn id(s: &str) -> UnitId {
        UnitId::new(s).unwrap()
    }

    #[test]
    fn zoc_is_the_hex_and_its_six_neighbours_8_1() {
        let mut p = Position::new();
        p.put(id("R-1IN"), Side::Red, UnitKind::Infantry, h("M10"));
        assert!(p.in_zoc_of(Side::Red, h("M10")));
        for n in h("M10").neighbours() {
            assert!(p.in_zoc_of(Side::Red, n), "{n}");
        }
        assert!(!p.in_zoc_of(Side::Red, h("M12")));
        assert!(!p.in_zoc_of(Side::Blue, h("M10")));
        assert!(!p.in_armor_zoc_of(Side::Red, h("M11")));
        p.put(id("R-2AR"), Side::Red, UnitKind::Armor, h("M10"));
        assert!(p.in_armor_zoc_of(Side::Red, h("M11")));
    }

    #[test]
    fn moving_and_removing_keep_the_hex_index() {
        let mut p = Position::new();
        p.put(id("B-1IN"), Side::Blue, UnitKind::Infantry, h("C3"));
        p.put(id("B-2IN"), Side::Blue, UnitKind::Infantry, h("C3"));
        assert_eq!(p.count_at(h("C3")), 2);
        assert!(p.move_to(&id("B-1IN"), h("C4")));
        assert_eq!(p.count_at(h("C3")), 1);
        assert_eq!(p.side_at(h("C4")), Some(Side::Blue));
        p.remove(&id("B-2IN"));
        assert_eq!(p.count_at(h("C3")), 0);
        assert_eq!(p.occupied().collect::<Vec<_>>(), vec![h("C4")]);
        assert!(!p.move_to(&id("B-9IN"), h("C5")));
    }
}
