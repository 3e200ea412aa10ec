//! A value for each side in every hex, in one array over the hexes seen so far: it
//! grows when a hex past it is set, so the map needs no board to be built, and a
//! look-up is an index, not a search of a tree. Two grids are equal when every hex
//! holds the same values, however far each grew.

use crate::hex::Hex;
use crate::units::Side;
use std::collections::BTreeMap;

/// The cells grow this many columns or numbers at least at a time, so a board is laid
/// out once or twice.
const STEP: usize = 16;

/// A value of `T` for Blue and one for Red in each hex of a grid from `A1`.
#[derive(Clone, Default)]
pub struct SideGrid<T> {
    cols: usize,
    nums: usize,
    /// Column by column, `nums` hexes each; Blue's value, then Red's.
    cells: Vec<[T; 2]>,
}

pub fn side_index(side: Side) -> usize {
    match side {
        Side::Blue => 0,
        Side::Red => 1,
    }
}

impl<T: Copy + Default + PartialEq> SideGrid<T> {
    /// The value of `side` in `hex`; the default off the grid.
    pub fn get(&self, side: Side, hex: Hex) -> T {
        hex.cell_in((self.cols, self.nums))
            .and_then(|i| self.cells.get(i))
            .map_or_else(T::default, |cell| cell[side_index(side)])
    }

    /// The value of `side` in `hex` to change, the grid grown to hold it (`None` only
    /// for a hex off the grid's origin).
    pub fn get_mut(&mut self, side: Side, hex: Hex) -> Option<&mut T> {
        self.reserve(hex);
        let at = hex.cell_in((self.cols, self.nums))?;
        self.cells
            .get_mut(at)
            .map(|cell| &mut cell[side_index(side)])
    }

    /// Makes room for every hex up to `last` (its column and number) at once.
    #[inline]
    pub fn reserve(&mut self, last: Hex) {
        if let Some((c, n)) = last.offset() {
            if c >= self.cols || n >= self.nums {
                self.grow(c + 1, n + 1);
            }
        }
    }

    /// Whether `side` has its default value in `hex`, without growing the grid.
    pub fn is_default(&self, side: Side, hex: Hex) -> bool {
        self.get(side, hex) == T::default()
    }

    /// Makes the grid at least `cols` x `nums`, keeping every value. Kept out of line,
    /// as it runs once or twice a position: the check of [`SideGrid::reserve`] is what
    /// every count runs, and here the compiler sees the new cells, all of them zero,
    /// allocated and filled in one place, and asks for zeroed memory, which fresh pages
    /// are without being written (a 32 kB grid of ZOC counts only touches the pages of
    /// the hexes counted).
    #[inline(never)]
    fn grow(&mut self, cols: usize, nums: usize) {
        let new_cols = self.cols.max(cols.next_multiple_of(STEP));
        let new_nums = self.nums.max(nums.next_multiple_of(STEP));
        let mut cells = vec![[T::default(); 2]; new_cols * new_nums];
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

    /// Every hex where a side's value is not the default, in hex order.
    pub fn entries(&self) -> BTreeMap<(Side, Hex), T> {
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
                    let v = self.get(side, h);
                    if v != T::default() {
                        out.insert((side, h), v);
                    }
                }
            }
        }
        out
    }
}

impl<T: Copy + Default + PartialEq> PartialEq for SideGrid<T> {
    fn eq(&self, other: &SideGrid<T>) -> bool {
        self.entries() == other.entries()
    }
}

impl<T: Copy + Default + PartialEq> Eq for SideGrid<T> {}

impl<T: Copy + Default + PartialEq + std::fmt::Debug> std::fmt::Debug for SideGrid<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.entries()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// Values survive the grid growing, and two grids with the same values are equal
    /// however they grew.
    #[test]
    fn values_survive_growth_and_compare_by_content() {
        let mut a: SideGrid<bool> = SideGrid::default();
        *a.get_mut(Side::Red, h("C3")).unwrap() = true;
        *a.get_mut(Side::Blue, h("ZZ40")).unwrap() = true;
        assert!(a.get(Side::Red, h("C3")));
        assert!(!a.get(Side::Blue, h("C3")));
        assert!(a.get(Side::Blue, h("ZZ40")));
        assert!(!a.get(Side::Red, h("EEE99")));
        let mut b: SideGrid<bool> = SideGrid::default();
        *b.get_mut(Side::Blue, h("ZZ40")).unwrap() = true;
        assert_ne!(a, b);
        *b.get_mut(Side::Red, h("C3")).unwrap() = true;
        assert_eq!(a, b);
        *a.get_mut(Side::Red, h("C3")).unwrap() = false;
        *a.get_mut(Side::Blue, h("ZZ40")).unwrap() = false;
        assert_eq!(a, SideGrid::default());
    }
}
