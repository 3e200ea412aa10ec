//! The board as plain parts, every field of a [`Board`] but the grid: what the embedded
//! board is built from (`compiled.rs`, from the statics the build script wrote once it
//! had read and checked `board.toml` with the loader), the grid's tables among them
//! (`GridTables`). Only a checked board is ever written.

use super::grid::{GridTables, HexGrid};
use super::{Beach, Board, City, HexInfo, Lake, Port, River, SeaZone};
use crate::hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// Every field of a [`Board`] but its grid, in the same order.
pub(crate) struct PlainBoard {
    pub(crate) name: String,
    pub(crate) hexes: BTreeMap<Hex, HexInfo>,
    pub(crate) roads: BTreeSet<(Hex, Hex)>,
    pub(crate) cities: Vec<City>,
    pub(crate) ports: Vec<Port>,
    pub(crate) zone_links: BTreeMap<SeaZone, BTreeSet<SeaZone>>,
    pub(crate) rivers: Vec<River>,
    pub(crate) beaches: Vec<Beach>,
    pub(crate) lakes: Vec<Lake>,
}

impl PlainBoard {
    /// The board, its grid taken from `tables` written for these hexes when the binary
    /// was built ([`HexGrid::from_tables`]) instead of worked out again; `None` when
    /// they do not fit.
    pub(crate) fn with_tables(self, tables: &GridTables<'_>) -> Option<Board> {
        let p = self;
        let grid = HexGrid::from_tables(&p.hexes, tables)?;
        Some(Board {
            name: p.name,
            grid,
            hexes: p.hexes,
            roads: p.roads,
            cities: p.cities,
            ports: p.ports,
            zone_links: p.zone_links,
            rivers: p.rivers,
            beaches: p.beaches,
            lakes: p.lakes,
        })
    }
}
