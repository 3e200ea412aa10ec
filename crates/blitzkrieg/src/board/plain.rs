//! The board as plain parts, every field of a [`Board`] but the grid: what the embedded
//! board is built from (`compiled.rs`, from the statics the build script wrote once it
//! had read and checked `board.toml` with the loader), the grid's tables beside them
//! (`GridTables`). The hexes, their records and the road links are the binary's
//! statics, borrowed. Only a checked board is ever written.

use super::grid::{GridTables, HexGrid};
use super::{Beach, Board, City, Lake, Port, River, SeaZone};
use crate::hex::Hex;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// Every field of a [`Board`] but its grid, in the same order.
pub(crate) struct PlainBoard {
    pub(crate) name: String,
    /// Road links, lower hex first, in order.
    pub(crate) roads: &'static [(Hex, Hex)],
    pub(crate) cities: Vec<City>,
    pub(crate) ports: Vec<Port>,
    pub(crate) zone_links: BTreeMap<SeaZone, BTreeSet<SeaZone>>,
    pub(crate) rivers: Vec<River>,
    pub(crate) beaches: Vec<Beach>,
    pub(crate) lakes: Vec<Lake>,
}

impl PlainBoard {
    /// The board, its grid the `tables` written with these parts when the binary was
    /// built, borrowed ([`HexGrid::embedded`]); `None` when they do not fit.
    pub(crate) fn with_tables(self, tables: &GridTables) -> Option<Board> {
        let p = self;
        let grid = HexGrid::embedded(tables)?;
        Some(Board {
            name: p.name,
            grid,
            roads: Cow::Borrowed(p.roads),
            cities: p.cities,
            ports: p.ports,
            zone_links: p.zone_links,
            rivers: p.rivers,
            beaches: p.beaches,
            lakes: p.lakes,
        })
    }
}
