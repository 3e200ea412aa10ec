//! The board as plain parts that serde can write and read back: the form the build
//! script keeps the embedded board in once it has read and checked `board.toml` with
//! the loader (`build.rs`), so that a process builds the board without parsing and
//! checking the TOML again (`compiled.rs`). Only a checked board is ever written.

use super::grid::HexGrid;
use super::{Beach, Board, City, HexInfo, Lake, Port, River, RiverHex, SeaZone};
use super::{Country, Terrain};
use crate::hex::Hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Every field of a [`Board`], in the same order.
#[derive(Serialize, Deserialize)]
pub(crate) struct PlainBoard {
    name: String,
    hexes: Vec<(Hex, PlainHex)>,
    roads: Vec<(Hex, Hex)>,
    cities: Vec<City>,
    ports: Vec<Port>,
    zone_links: BTreeMap<SeaZone, BTreeSet<SeaZone>>,
    rivers: Vec<River>,
    beaches: Vec<Beach>,
    lakes: Vec<Lake>,
}

/// Every field of a [`HexInfo`].
#[derive(Serialize, Deserialize)]
struct PlainHex(
    Terrain,
    Option<Country>,
    Option<usize>,
    Option<RiverHex>,
    Option<String>,
    Option<SeaZone>,
);

impl From<&Board> for PlainBoard {
    fn from(b: &Board) -> PlainBoard {
        PlainBoard {
            name: b.name.clone(),
            hexes: b
                .hexes
                .iter()
                .map(|(h, i)| {
                    let i = i.clone();
                    (
                        *h,
                        PlainHex(i.terrain, i.country, i.city, i.river, i.beach, i.sea_zone),
                    )
                })
                .collect(),
            roads: b.roads.iter().copied().collect(),
            cities: b.cities.clone(),
            ports: b.ports.clone(),
            zone_links: b.zone_links.clone(),
            rivers: b.rivers.clone(),
            beaches: b.beaches.clone(),
            lakes: b.lakes.clone(),
        }
    }
}

impl From<PlainBoard> for Board {
    fn from(p: PlainBoard) -> Board {
        let hex = |PlainHex(terrain, country, city, river, beach, sea_zone)| HexInfo {
            terrain,
            country,
            city,
            river,
            beach,
            sea_zone,
        };
        let hexes = p.hexes.into_iter().map(|(h, i)| (h, hex(i))).collect();
        let roads = p.roads.into_iter().collect();
        Board {
            name: p.name,
            grid: HexGrid::new(&hexes, &roads),
            hexes,
            roads,
            cities: p.cities,
            ports: p.ports,
            zone_links: p.zone_links,
            rivers: p.rivers,
            beaches: p.beaches,
            lakes: p.lakes,
        }
    }
}
