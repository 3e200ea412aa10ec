//! 8.1, 8.3: the zones of control kept with the map: for each side and hex, how many of
//! the side's ground units have the hex in their ZOC and how many of those are armor or
//! air-assault. A dense grid over the hexes seen so far (it grows when a unit's ZOC
//! reaches past it), so a move or a look-up is an index, not a search of a map: a
//! position of a Tournament Game counts some 300 units' ZOC in every adjudication.

use crate::hex::Hex;
use crate::units::Side;
use std::collections::BTreeMap;
use std::fmt;

/// The ground units whose ZOC holds one hex, all of them and the armor-type ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZocCount {
    pub units: u32,
    pub armor: u32,
}

impl ZocCount {
    fn is_empty(self) -> bool {
        self.units == 0
    }
}

/// Both sides' ZOC counts over a grid of `cols` x `nums` hexes from `A1`.
#[derive(Clone, Default)]
pub struct ZocField {
    cols: usize,
    nums: usize,
    /// Column by column, `nums` hexes each; Blue's count, then Red's.
    cells: Vec<[ZocCount; 2]>,
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Blue => 0,
        Side::Red => 1,
    }
}

/// A hex's (column, number) from 0, or `None` for a hex off the grid's origin.
fn coords(h: Hex) -> Option<(usize, usize)> {
    let c = usize::try_from(h.col()).ok()?.checked_sub(1)?;
    let n = usize::try_from(h.num()).ok()?.checked_sub(1)?;
    Some((c, n))
}

impl ZocField {
    /// The counts of `side` in `hex`; zero off the grid.
    pub fn get(&self, side: Side, hex: Hex) -> ZocCount {
        coords(hex)
            .filter(|&(c, n)| c < self.cols && n < self.nums)
            .and_then(|(c, n)| self.cells.get(c * self.nums + n))
            .map_or_else(ZocCount::default, |cell| cell[side_index(side)])
    }

    /// Adds one unit's ZOC over `hex` (`armor` whether it is an armor-type unit), or
    /// takes it away (`add` false).
    pub fn count(&mut self, side: Side, hex: Hex, armor: bool, add: bool) {
        let Some((c, n)) = coords(hex) else {
            return;
        };
        if c >= self.cols || n >= self.nums {
            if !add {
                return;
            }
            self.grow(c + 1, n + 1);
        }
        let Some(cell) = self.cells.get_mut(c * self.nums + n) else {
            return;
        };
        let z = &mut cell[side_index(side)];
        let armor = u32::from(armor);
        if add {
            z.units += 1;
            z.armor += armor;
        } else {
            z.units = z.units.saturating_sub(1);
            z.armor = z.armor.saturating_sub(armor);
        }
    }

    /// Makes the grid at least `cols` x `nums` (with room to spare, so a board is laid
    /// out once or twice), keeping every count.
    fn grow(&mut self, cols: usize, nums: usize) {
        let new_cols = self.cols.max(cols.next_multiple_of(16));
        let new_nums = self.nums.max(nums.next_multiple_of(16));
        let mut cells = vec![[ZocCount::default(); 2]; new_cols * new_nums];
        for c in 0..self.cols {
            let (from, to) = (c * self.nums, c * new_nums);
            if let (Some(src), Some(dst)) = (
                self.cells.get(from..from + self.nums),
                cells.get_mut(to..to + self.nums),
            ) {
                dst.copy_from_slice(src);
            }
        }
        (self.cols, self.nums, self.cells) = (new_cols, new_nums, cells);
    }

    /// Every hex some unit holds in its ZOC, with the counts of each side, in hex order.
    fn entries(&self) -> BTreeMap<(Side, Hex), ZocCount> {
        let mut out = BTreeMap::new();
        for c in 0..self.cols {
            for n in 0..self.nums {
                let (Ok(col), Ok(num)) = (i16::try_from(c + 1), i16::try_from(n + 1)) else {
                    continue;
                };
                let Some(h) = Hex::new(col, num) else {
                    continue;
                };
                for side in Side::BOTH {
                    let z = self.get(side, h);
                    if !z.is_empty() {
                        out.insert((side, h), z);
                    }
                }
            }
        }
        out
    }
}

/// Two fields are equal when every hex has the same counts, whatever their grids.
impl PartialEq for ZocField {
    fn eq(&self, other: &ZocField) -> bool {
        self.entries() == other.entries()
    }
}

impl Eq for ZocField {}

impl fmt::Debug for ZocField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.entries()).finish()
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
