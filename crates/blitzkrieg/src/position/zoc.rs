//! 8.1, 8.3: the zones of control kept with the map: for each side and hex, how many of
//! the side's ground units have the hex in their ZOC and how many of those are armor or
//! air-assault. A dense grid over the hexes seen so far (it grows when a unit's ZOC
//! reaches past it), so a move or a look-up is an index, not a search of a map: a
//! position of a Tournament Game counts some 300 units' ZOC in every adjudication.

use super::grid::SideGrid;
use crate::hex::Hex;
use crate::units::Side;
use std::fmt;

/// The ground units whose ZOC holds one hex, all of them and the armor-type ones. A
/// count is 16 bits, far more than the counters of any game (a count stops at its
/// largest rather than wrapping): the grid of a whole board is then a quarter of the
/// memory, written and copied with every position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZocCount {
    pub units: u16,
    pub armor: u16,
}

/// Both sides' ZOC counts, hex by hex.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ZocField {
    grid: SideGrid<ZocCount>,
}

impl ZocField {
    /// The counts of `side` in `hex`; zero off the grid.
    pub fn get(&self, side: Side, hex: Hex) -> ZocCount {
        self.grid.get(side, hex)
    }

    /// Makes room for ZOC over every hex up to `last` at once.
    pub fn reserve(&mut self, last: Hex) {
        self.grid.reserve(last);
    }

    /// Adds one unit's ZOC over `hex` (`armor` whether it is an armor-type unit), or
    /// takes it away (`add` false).
    pub fn count(&mut self, side: Side, hex: Hex, armor: bool, add: bool) {
        if !add && self.grid.is_default(side, hex) {
            return;
        }
        let Some(z) = self.grid.get_mut(side, hex) else {
            return;
        };
        let armor = u16::from(armor);
        if add {
            z.units = z.units.saturating_add(1);
            z.armor = z.armor.saturating_add(armor);
        } else {
            z.units = z.units.saturating_sub(1);
            z.armor = z.armor.saturating_sub(armor);
        }
    }
}

impl fmt::Debug for ZocField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// Counts survive the grid growing, go back to zero when taken away, and two
    /// fields with the same counts are equal however they grew.
    #[test]
    fn counts_survive_growth_and_compare_by_content() {
        let mut a = ZocField::default();
        a.count(Side::Red, h("C3"), true, true);
        a.count(Side::Red, h("C3"), false, true);
        a.count(Side::Blue, h("ZZ40"), false, true);
        assert_eq!(a.get(Side::Red, h("C3")), ZocCount { units: 2, armor: 1 });
        assert_eq!(a.get(Side::Blue, h("ZZ40")).units, 1);
        assert_eq!(a.get(Side::Blue, h("C3")), ZocCount::default());
        assert_eq!(a.get(Side::Red, h("EEE99")), ZocCount::default());
        let mut b = ZocField::default();
        b.count(Side::Blue, h("ZZ40"), false, true);
        b.count(Side::Red, h("C3"), false, true);
        b.count(Side::Red, h("C3"), true, true);
        assert_eq!(a, b);
        a.count(Side::Red, h("C3"), true, false);
        assert_ne!(a, b);
        a.count(Side::Red, h("C3"), false, false);
        a.count(Side::Blue, h("ZZ40"), false, false);
        assert_eq!(a, ZocField::default());
        // Taking away where nothing was counted changes nothing.
        a.count(Side::Blue, h("EEE99"), false, false);
        assert_eq!(a, ZocField::default());
    }
}
