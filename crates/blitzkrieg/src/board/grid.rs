//! The board's hexes and road links kept in arrays by hex, the board's one store of
//! them: what every search asks of a hex (is it on the board, its terrain, its city,
//! the roads out of it) is one index, not a walk down a tree. The embedded board's
//! arrays are the binary's statics, borrowed; a board read from a file owns its own.

use super::{Country, HexInfo, Terrain};
use crate::hex::Hex;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// No hex of the board in this cell.
const NONE: u32 = u32::MAX;

/// Every hex of the board by position on the grid, with the directions (bits 0-5, as
/// [`Hex::step`] numbers them) a road leaves it by. Each table is either borrowed from
/// the statics `build.rs` wrote for the embedded board ([`HexGrid::embedded`]: nothing
/// is copied) or owned, worked out from a board read from a file ([`HexGrid::new`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HexGrid {
    /// Each hex's cell by position on the grid (`NONE`: none), column by column:
    /// `extent.1` cells a column.
    slots: Cow<'static, [u32]>,
    /// The board's hexes in hex order: cell `i` is `hexes[i]`.
    hexes: Cow<'static, [Hex]>,
    /// What the board says about each cell's hex.
    infos: Cow<'static, [HexInfo]>,
    /// The directions a road leaves each cell by.
    roads: Cow<'static, [u8]>,
    /// The largest column and number of any hex.
    extent: (i16, i16),
    /// Each country's hexes, in hex order, by [`country_index`].
    countries: [Cow<'static, [Hex]>; 7],
    /// Sea hexes on the board edge (a neighbour off the board), in hex order.
    sea_edge: Cow<'static, [Hex]>,
    /// City hexes, in hex order.
    cities: Cow<'static, [Hex]>,
}

/// The grid's tables as `build.rs` writes them for the embedded board
/// (`build_source.rs`) and a process borrows them ([`HexGrid::embedded`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct GridTables {
    /// The largest column and number of any hex.
    pub(crate) extent: (i16, i16),
    /// Each hex's cell by position on the grid (`u32::MAX`: none), column by column.
    pub(crate) slots: &'static [u32],
    /// The board's hexes, in hex order.
    pub(crate) hexes: &'static [Hex],
    /// What the board says about each hex, in hex order.
    pub(crate) infos: &'static [HexInfo],
    /// The directions a road leaves each hex by, in hex order.
    pub(crate) roads: &'static [u8],
    /// Each country's hexes, in hex order, in the order of [`country_index`].
    pub(crate) countries: [&'static [Hex]; 7],
    /// Sea hexes on the board edge, in hex order.
    pub(crate) sea_edge: &'static [Hex],
    /// City hexes, in hex order.
    pub(crate) cities: &'static [Hex],
}

/// Where `country`'s hexes are kept in [`HexGrid`]'s and [`GridTables`]' `countries`.
const fn country_index(country: Country) -> usize {
    match country {
        Country::GreatBlue => 0,
        Country::BigRed => 1,
        Country::NordWalkure => 2,
        Country::SudWalkure => 3,
        Country::Calaedia => 4,
        Country::SanEstados => 5,
        Country::NewEndor => 6,
    }
}

/// The number of cells of a grid of `extent`.
fn cells_of((cols, nums): (i16, i16)) -> usize {
    usize::try_from(cols).unwrap_or(0) * usize::try_from(nums).unwrap_or(0)
}

impl HexGrid {
    /// The grid of the tables `build.rs` wrote, borrowed: nothing copied. `None`
    /// when the tables do not fit one another (never for the tables `build.rs` wrote,
    /// which a test holds).
    pub(crate) fn embedded(tables: &GridTables) -> Option<HexGrid> {
        let n = tables.hexes.len();
        let fits = tables.infos.len() == n
            && tables.roads.len() == n
            && tables.slots.len() == cells_of(tables.extent);
        fits.then(|| HexGrid {
            slots: Cow::Borrowed(tables.slots),
            hexes: Cow::Borrowed(tables.hexes),
            infos: Cow::Borrowed(tables.infos),
            roads: Cow::Borrowed(tables.roads),
            extent: tables.extent,
            countries: tables.countries.map(Cow::Borrowed),
            sea_edge: Cow::Borrowed(tables.sea_edge),
            cities: Cow::Borrowed(tables.cities),
        })
    }

    /// The grid's slots, each cell's roads and each country's hexes, as [`GridTables`]
    /// holds them. Asked by `build.rs` alone.
    #[allow(dead_code)]
    pub(crate) fn tables(&self) -> (&[u32], &[u8], [&[Hex]; 7]) {
        (
            &self.slots,
            &self.roads,
            self.countries.each_ref().map(|c| &**c),
        )
    }

    /// The grid of `hexes` and the road links `roads` between them.
    pub(crate) fn new(hexes: BTreeMap<Hex, HexInfo>, roads: &BTreeSet<(Hex, Hex)>) -> HexGrid {
        let extent = hexes
            .keys()
            .fold((0, 0), |(c, n), h| (c.max(h.col()), n.max(h.num())));
        let mut countries: [Vec<Hex>; 7] = Default::default();
        let mut slots = vec![NONE; cells_of(extent)];
        let mut list = Vec::with_capacity(hexes.len());
        let mut infos = Vec::with_capacity(hexes.len());
        for (h, info) in hexes {
            if let Some(c) = info.country {
                countries[country_index(c)].push(h);
            }
            let slot = u32::try_from(list.len()).unwrap_or(NONE);
            if let Some(s) = index(extent, h).and_then(|i| slots.get_mut(i)) {
                *s = slot;
            }
            list.push(h);
            infos.push(info);
        }
        let cities = (list.iter().zip(&infos))
            .filter(|(_, i)| i.city.is_some())
            .map(|(h, _)| *h)
            .collect::<Vec<_>>();
        let mut grid = HexGrid {
            slots: Cow::Owned(slots),
            roads: Cow::Owned(vec![0; list.len()]),
            hexes: Cow::Owned(list),
            infos: Cow::Owned(infos),
            extent,
            countries: countries.map(Cow::Owned),
            sea_edge: Cow::Owned(Vec::new()),
            cities: Cow::Owned(cities),
        };
        for &(a, b) in roads {
            grid.join(a, b);
            grid.join(b, a);
        }
        // Asked of the grid, not of the ordered map: one index a neighbour.
        let sea_edge = (grid.hexes.iter().zip(grid.infos.iter()))
            .filter(|(h, i)| {
                i.terrain == Terrain::Sea && h.neighbours().any(|n| grid.slot(n).is_none())
            })
            .map(|(h, _)| *h)
            .collect::<Vec<_>>();
        grid.sea_edge = Cow::Owned(sea_edge);
        grid
    }

    fn slot(&self, h: Hex) -> Option<usize> {
        match *self.slots.get(index(self.extent, h)?)? {
            NONE => None,
            s => usize::try_from(s).ok(),
        }
    }

    /// Marks the road from `a` to its neighbour `b` (links between hexes that are not
    /// neighbours are the ordered set's alone).
    fn join(&mut self, a: Hex, b: Hex) {
        let Some(dir) = a.direction_to(b) else {
            return;
        };
        if let Some(slot) = self.slot(a) {
            if let Some(cell) = self.roads.to_mut().get_mut(slot) {
                *cell |= 1 << dir;
            }
        }
    }

    /// The largest column and number of any hex ((0, 0) for no hexes).
    pub(crate) fn extent(&self) -> (i16, i16) {
        self.extent
    }

    /// Every hex of the board and what the board says about it, in hex order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Hex, &HexInfo)> {
        self.hexes.iter().copied().zip(self.infos.iter())
    }

    /// The hexes of `country`, in hex order.
    pub(crate) fn country_hexes(&self, country: Country) -> &[Hex] {
        self.countries
            .get(country_index(country))
            .map_or(&[], |c| c)
    }

    /// City hexes, in hex order.
    pub(crate) fn cities(&self) -> &[Hex] {
        &self.cities
    }

    /// Sea hexes on the board edge, in hex order.
    pub(crate) fn sea_edge(&self) -> &[Hex] {
        &self.sea_edge
    }

    /// What the board says about `h`, if it has it.
    pub(crate) fn get(&self, h: Hex) -> Option<&HexInfo> {
        self.infos.get(self.slot(h)?)
    }

    /// Whether a road runs from `a` to the neighbour `b`; `None` when `b` is not a
    /// neighbour of `a` or `a` is not on the board.
    pub(crate) fn road_to(&self, a: Hex, b: Hex) -> Option<bool> {
        let dir = a.direction_to(b)?;
        let roads = *self.roads.get(self.slot(a)?)?;
        Some(roads & (1 << dir) != 0)
    }
}

/// The place of `h` in a grid of `extent` ([`Hex::cell_in`]); `None` off the grid.
fn index((cols, nums): (i16, i16), h: Hex) -> Option<usize> {
    h.cell_in((usize::try_from(cols).ok()?, usize::try_from(nums).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(terrain: Terrain, country: Option<Country>) -> HexInfo {
        HexInfo {
            terrain,
            country,
            city: None,
            river: None,
            beach: None,
            sea_zone: None,
        }
    }

    fn h(c: i16, n: i16) -> Hex {
        Hex::new(c, n).unwrap()
    }

    #[test]
    fn each_country_is_kept_at_its_own_index() {
        let mut seen: Vec<usize> = Country::ALL.into_iter().map(country_index).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn a_grid_answers_by_hex_and_its_tables_borrowed_answer_the_same() {
        let mut hexes = BTreeMap::new();
        hexes.insert(h(1, 1), info(Terrain::Sea, None));
        hexes.insert(h(1, 2), info(Terrain::Clear, Some(Country::BigRed)));
        hexes.insert(h(2, 2), info(Terrain::Forest, Some(Country::GreatBlue)));
        hexes.insert(h(3, 1), info(Terrain::Clear, Some(Country::BigRed)));
        let roads = BTreeSet::from([(h(1, 2), h(2, 2))]);
        let grid = HexGrid::new(hexes.clone(), &roads);
        assert_eq!(grid.extent(), (3, 2));
        assert_eq!(
            grid.iter()
                .map(|(x, i)| (x, i.clone()))
                .collect::<BTreeMap<_, _>>(),
            hexes
        );
        assert_eq!(grid.get(h(2, 2)).map(|i| i.terrain), Some(Terrain::Forest));
        assert_eq!(grid.get(h(2, 1)), None);
        assert_eq!(grid.get(h(4, 1)), None);
        assert_eq!(grid.road_to(h(1, 2), h(2, 2)), Some(true));
        assert_eq!(grid.road_to(h(2, 2), h(1, 2)), Some(true));
        assert_eq!(grid.road_to(h(1, 2), h(1, 1)), Some(false));
        assert_eq!(grid.road_to(h(1, 2), h(3, 1)), None);
        assert_eq!(grid.country_hexes(Country::BigRed), &[h(1, 2), h(3, 1)]);
        assert_eq!(grid.country_hexes(Country::Calaedia), &[] as &[Hex]);
        assert_eq!(grid.sea_edge(), &[h(1, 1)]);

        // The same tables as statics, borrowed.
        let (slots, roads, _) = grid.tables();
        let leak = |v: Vec<Hex>| -> &'static [Hex] { Vec::leak(v) };
        let tables = GridTables {
            extent: grid.extent(),
            slots: Vec::leak(slots.to_vec()),
            hexes: leak(grid.hexes.to_vec()),
            infos: Vec::leak(grid.infos.to_vec()),
            roads: Vec::leak(roads.to_vec()),
            countries: grid.countries.clone().map(|c| leak(c.into_owned())),
            sea_edge: leak(grid.sea_edge.to_vec()),
            cities: leak(grid.cities.to_vec()),
        };
        let borrowed = HexGrid::embedded(&tables).unwrap();
        assert!(matches!(borrowed.infos, Cow::Borrowed(_)));
        assert_eq!(borrowed, grid);
        let short = GridTables {
            roads: &[],
            ..tables
        };
        assert!(HexGrid::embedded(&short).is_none());
    }
}
