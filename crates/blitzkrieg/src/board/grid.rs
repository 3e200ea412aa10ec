//! The board's hexes and road links kept in one array by hex, beside the ordered map
//! the board is read and written from: what every search asks of a hex (is it on the
//! board, its terrain, its city, the roads out of it) is one index, not a walk down a
//! tree.

use super::{Country, HexInfo, Terrain};
use crate::hex::Hex;
use crate::search::HexField;
use std::collections::{BTreeMap, BTreeSet};

/// No hex of the board in this cell.
const NONE: u32 = u32::MAX;

/// Every hex of the board by position on the grid, with the directions (bits 0-5, as
/// [`Hex::step`] numbers them) a road leaves it by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HexGrid {
    slots: HexField<u32>,
    cells: Vec<(HexInfo, u8)>,
    /// The largest column and number of any hex.
    extent: (i16, i16),
    /// Each country's hexes, in hex order.
    countries: BTreeMap<Country, Vec<Hex>>,
    /// Sea hexes on the board edge (a neighbour off the board), in hex order.
    sea_edge: Vec<Hex>,
    /// City hexes, in hex order.
    cities: Vec<Hex>,
}

/// The grid's tables but the hexes' records, as `build.rs` writes them for the embedded
/// board (`build_source.rs`): hexes as (column, number). A process takes them back
/// ([`HexGrid::from_tables`]) instead of working them out from the hexes and roads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GridTables<'a> {
    /// The largest column and number of any hex.
    pub(crate) extent: (i16, i16),
    /// Each hex's cell by position on the grid (`u32::MAX`: none), column by column.
    pub(crate) slots: &'a [u32],
    /// The directions a road leaves each cell by, in hex order.
    pub(crate) roads: &'a [u8],
    /// Each country's hexes, in hex order.
    pub(crate) countries: &'a [(Country, &'a [(i16, i16)])],
    /// Sea hexes on the board edge, in hex order.
    pub(crate) sea_edge: &'a [(i16, i16)],
    /// City hexes, in hex order.
    pub(crate) cities: &'a [(i16, i16)],
}

/// A grid's slots, each cell's roads and each country's hexes ([`HexGrid::tables`]).
type OwnTables<'a> = (&'a [u32], Vec<u8>, Vec<(Country, &'a [Hex])>);

/// Hexes from (column, number) pairs; `None` should one not be a hex.
fn hexes_of(pairs: &[(i16, i16)]) -> Option<Vec<Hex>> {
    pairs.iter().map(|&(c, n)| Hex::new(c, n)).collect()
}

impl HexGrid {
    /// The grid of `hexes` from `tables` written for them when the binary was built:
    /// only the hexes' records are copied. `None` when the tables do not fit `hexes`
    /// (never for the tables `build.rs` wrote from them).
    pub(crate) fn from_tables(
        hexes: &BTreeMap<Hex, HexInfo>,
        tables: &GridTables<'_>,
    ) -> Option<HexGrid> {
        if tables.roads.len() != hexes.len() {
            return None;
        }
        Some(HexGrid {
            slots: HexField::from_cells(tables.extent, tables.slots.to_vec())?,
            cells: hexes
                .values()
                .cloned()
                .zip(tables.roads.iter().copied())
                .collect(),
            extent: tables.extent,
            countries: (tables.countries.iter())
                .map(|(c, list)| Some((*c, hexes_of(list)?)))
                .collect::<Option<_>>()?,
            sea_edge: hexes_of(tables.sea_edge)?,
            cities: hexes_of(tables.cities)?,
        })
    }

    /// The tables of this grid ([`GridTables`]) but the hexes: its slots, each cell's
    /// roads and each country's hexes. Asked by `build.rs` alone.
    #[allow(dead_code)]
    pub(crate) fn tables(&self) -> OwnTables<'_> {
        (
            self.slots.cells(),
            self.cells.iter().map(|c| c.1).collect(),
            (self.countries.iter())
                .map(|(c, list)| (*c, list.as_slice()))
                .collect(),
        )
    }

    /// The grid of `hexes` and the road links `roads` between them.
    pub(crate) fn new(hexes: &BTreeMap<Hex, HexInfo>, roads: &BTreeSet<(Hex, Hex)>) -> HexGrid {
        let extent = hexes
            .keys()
            .fold((0, 0), |(c, n), h| (c.max(h.col()), n.max(h.num())));
        let mut grid = HexGrid {
            slots: HexField::new(extent, NONE),
            cells: Vec::with_capacity(hexes.len()),
            extent,
            countries: BTreeMap::new(),
            sea_edge: Vec::new(),
            cities: hexes
                .iter()
                .filter(|(_, i)| i.city.is_some())
                .map(|(h, _)| *h)
                .collect(),
        };
        for (h, info) in hexes {
            if let Some(c) = info.country {
                grid.countries.entry(c).or_default().push(*h);
            }
            let slot = u32::try_from(grid.cells.len()).unwrap_or(NONE);
            grid.slots.set(*h, slot);
            grid.cells.push((info.clone(), 0));
        }
        for &(a, b) in roads {
            grid.join(a, b);
            grid.join(b, a);
        }
        // Asked of the grid, not of the ordered map: one index a neighbour.
        grid.sea_edge = hexes
            .iter()
            .filter(|(h, i)| {
                i.terrain == Terrain::Sea && h.neighbours().any(|n| grid.slot(n).is_none())
            })
            .map(|(h, _)| *h)
            .collect();
        grid
    }

    fn slot(&self, h: Hex) -> Option<usize> {
        match self.slots.get(h)? {
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
        if let Some(cell) = self.slot(a).and_then(|s| self.cells.get_mut(s)) {
            cell.1 |= 1 << dir;
        }
    }

    /// The largest column and number of any hex ((0, 0) for no hexes).
    pub(crate) fn extent(&self) -> (i16, i16) {
        self.extent
    }

    /// The hexes of `country`, in hex order.
    pub(crate) fn country_hexes(&self, country: Country) -> &[Hex] {
        self.countries.get(&country).map_or(&[], Vec::as_slice)
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
        self.cells.get(self.slot(h)?).map(|c| &c.0)
    }

    /// Whether a road runs from `a` to the neighbour `b`; `None` when `b` is not a
    /// neighbour of `a` or `a` is not on the board.
    pub(crate) fn road_to(&self, a: Hex, b: Hex) -> Option<bool> {
        let dir = a.direction_to(b)?;
        let roads = self.cells.get(self.slot(a)?)?.1;
        Some(roads & (1 << dir) != 0)
    }
}
