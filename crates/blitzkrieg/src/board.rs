//! The mapboard as data: which hexes exist, their terrain, country, cities, roads,
//! rivers, beaches, ports and sea zones. Loaded from `rules/blitzkrieg/board.toml`
//! (embedded as the default, replaceable by a path) and validated on load.
//!
//! The engine only asks questions (`terrain`, `road_joins`, `river_at`, ...); it never
//! reads the file format. The loader lives in `board/load.rs`, its errors in
//! `board/error.rs`, and the sea questions of rule 19 (port access, zone distance) in
//! `board/sea.rs`. The hexes, their records and the roads are kept once, in the grid
//! (`board/grid.rs`); the embedded board's are the binary's statics, borrowed
//! (`compiled.rs`), a board read from a path owns its own.

mod error;
mod grid;
mod load;
mod plain;
mod sea;

pub use error::{BoardError, BoardErrors, BoardProblem};
pub(crate) use grid::GridTables;
use grid::HexGrid;
pub(crate) use load::EMBEDDED_ORIGIN;
pub(crate) use plain::PlainBoard;

use crate::hex::Hex;
use crate::units::Side;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// Terrain of a hex (terrain chart of 000). A city is a feature on top of terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Clear,
    Forest,
    Mountain,
    Desert,
    Sea,
    Lake,
    /// The grey Neutral Country: no unit may enter (10.3).
    Neutral,
}

impl Terrain {
    /// 10.3: sea, lake and the Neutral Country are closed to ground units.
    pub const fn is_land(self) -> bool {
        !matches!(self, Terrain::Sea | Terrain::Lake | Terrain::Neutral)
    }
}

/// The seven countries of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Country {
    GreatBlue,
    BigRed,
    NordWalkure,
    SudWalkure,
    Calaedia,
    SanEstados,
    NewEndor,
}

impl Country {
    /// The side whose home country this is; `None` for the five minor countries.
    pub const fn home_of(self) -> Option<Side> {
        match self {
            Country::GreatBlue => Some(Side::Blue),
            Country::BigRed => Some(Side::Red),
            _ => None,
        }
    }

    /// The seven countries in the order of the terrain chart's key.
    pub const ALL: [Country; 7] = [
        Country::GreatBlue,
        Country::BigRed,
        Country::NordWalkure,
        Country::SudWalkure,
        Country::Calaedia,
        Country::SanEstados,
        Country::NewEndor,
    ];

    /// 29.1: the five minor countries.
    pub const MINOR: [Country; 5] = [
        Country::NordWalkure,
        Country::SudWalkure,
        Country::Calaedia,
        Country::SanEstados,
        Country::NewEndor,
    ];

    /// The minor country written `name` in an order (kebab-case, as in the state).
    pub fn minor_named(name: &str) -> Option<Country> {
        Country::MINOR.into_iter().find(|c| c.key() == name)
    }

    /// The name written in orders and the state: `nord-walkure`, `calaedia`.
    pub const fn key(self) -> &'static str {
        match self {
            Country::GreatBlue => "great-blue",
            Country::BigRed => "big-red",
            Country::NordWalkure => "nord-walkure",
            Country::SudWalkure => "sud-walkure",
            Country::Calaedia => "calaedia",
            Country::SanEstados => "san-estados",
            Country::NewEndor => "new-endor",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Country::GreatBlue => "Great Blue",
            Country::BigRed => "Big Red",
            Country::NordWalkure => "Nord Walküre",
            Country::SudWalkure => "Sud Walküre",
            Country::Calaedia => "Calaedia",
            Country::SanEstados => "San Estados",
            Country::NewEndor => "New Endor",
        }
    }
}

/// What a city is used for in the Tournament Game (28.5, 36.2-36.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CityRole {
    Aircraft,
    Oil,
    Industry,
    Naval,
}

/// A named city: one, two or three mutually adjacent hexes, each a separate city for
/// every rule (003, 5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct City {
    pub name: String,
    pub hexes: Vec<Hex>,
    /// Roles of the whole city (oil, industry, naval).
    pub roles: BTreeSet<CityRole>,
    /// Hexes of this city that are aircraft cities (28.51-28.52).
    pub aircraft: BTreeSet<Hex>,
}

/// A river hex: its branch (13.3 with 003) and whether it is an end-of-river hex. The
/// embedded board's name of the branch is borrowed from the binary's statics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiverHex {
    pub branch: Cow<'static, str>,
    pub end: bool,
}

/// A port (19.4): the city hex, the sea hex it docks at, and for inland ports the river
/// hexes that join it to the sea.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Port {
    pub hex: Hex,
    pub dock: Hex,
    pub inland_river: Vec<Hex>,
}

/// A sea zone letter (19.1).
pub type SeaZone = char;

/// One branch of a river, its hexes in order downstream (13.3 with 003 13.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct River {
    pub branch: String,
    pub hexes: Vec<Hex>,
    /// End-of-river hexes of this branch (13.3).
    pub ends: BTreeSet<Hex>,
    /// The branch this one flows into, if it is a tributary.
    pub joins: Option<String>,
}

/// One beach: a continuous chain of coastal hexes invaded as a unit (20.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beach {
    pub id: String,
    pub hexes: Vec<Hex>,
}

/// A named lake (10.3: closed to ground units).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lake {
    pub name: String,
    pub hexes: Vec<Hex>,
}

/// Everything the board says about one hex. The embedded board's records are the
/// binary's statics (`compiled.rs`), names and all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexInfo {
    pub terrain: Terrain,
    pub country: Option<Country>,
    /// Index into [`Board::cities`] when the hex is a city hex.
    pub city: Option<usize>,
    pub river: Option<RiverHex>,
    pub beach: Option<Cow<'static, str>>,
    pub sea_zone: Option<SeaZone>,
}

/// The whole board. Built only by the loader (or [`Board::from_parts`] in tests), so a
/// `Board` value is always a validated one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub(crate) name: String,
    /// Road links, each stored once with the lower hex first, in order.
    pub(crate) roads: Cow<'static, [(Hex, Hex)]>,
    pub(crate) cities: Vec<City>,
    pub(crate) ports: Vec<Port>,
    pub(crate) zone_links: BTreeMap<SeaZone, BTreeSet<SeaZone>>,
    pub(crate) rivers: Vec<River>,
    pub(crate) beaches: Vec<Beach>,
    pub(crate) lakes: Vec<Lake>,
    /// The hexes, what the board says about each, and the roads out of each, by
    /// position on the grid.
    pub(crate) grid: HexGrid,
}

/// A hex the board does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not on the board")]
pub struct OffBoard(pub Hex);

impl Board {
    /// Assembles a board from already-checked parts (used by the loader and by tests).
    pub fn from_parts(
        name: &str,
        hexes: BTreeMap<Hex, HexInfo>,
        roads: impl IntoIterator<Item = (Hex, Hex)>,
        cities: Vec<City>,
        ports: Vec<Port>,
        zone_links: BTreeMap<SeaZone, BTreeSet<SeaZone>>,
    ) -> Board {
        let mut hexes = hexes;
        for (i, c) in cities.iter().enumerate() {
            for h in &c.hexes {
                if let Some(info) = hexes.get_mut(h) {
                    info.city = Some(i);
                }
            }
        }
        let roads: BTreeSet<(Hex, Hex)> = roads
            .into_iter()
            .map(|(a, b)| if a <= b { (a, b) } else { (b, a) })
            .collect();
        Board {
            name: name.to_string(),
            grid: HexGrid::new(hexes, &roads),
            roads: Cow::Owned(roads.into_iter().collect()),
            cities,
            ports,
            zone_links,
            rivers: Vec::new(),
            beaches: Vec::new(),
            lakes: Vec::new(),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The largest column and the largest number of any hex of the board (0 and 0 for
    /// an empty board): the size of a dense field over it ([`crate::search::HexField`]).
    pub fn extent(&self) -> (i16, i16) {
        self.grid.extent()
    }

    /// The hexes of `country`, in hex order (29: a minor country closed to supply).
    pub fn country_hexes(&self, country: Country) -> &[Hex] {
        self.grid.country_hexes(country)
    }

    /// What the board says about `h`, if the board has it.
    pub fn hex(&self, h: Hex) -> Option<&HexInfo> {
        self.grid.get(h)
    }

    /// Like [`Board::hex`], with an error that names the missing hex.
    pub fn require(&self, h: Hex) -> Result<&HexInfo, OffBoard> {
        self.grid.get(h).ok_or(OffBoard(h))
    }

    pub fn contains(&self, h: Hex) -> bool {
        self.grid.get(h).is_some()
    }

    /// Every hex of the board in hex order.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, &HexInfo)> {
        self.grid.iter()
    }

    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.grid.get(h).map(|i| i.terrain)
    }

    /// The neighbours of `h` that are on the board.
    pub fn neighbours(&self, h: Hex) -> impl Iterator<Item = Hex> + '_ {
        h.neighbours().filter(|n| self.grid.get(*n).is_some())
    }

    /// 9.1: true when a road runs directly from `a` to `b`.
    pub fn road_joins(&self, a: Hex, b: Hex) -> bool {
        if let Some(joined) = self.grid.road_to(a, b) {
            return joined;
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        self.roads.binary_search(&key).is_ok()
    }

    /// Road links, lower hex first.
    pub fn roads(&self) -> impl Iterator<Item = (Hex, Hex)> + '_ {
        self.roads.iter().copied()
    }

    /// True when any road runs through `h`.
    pub fn has_road(&self, h: Hex) -> bool {
        self.roads.iter().any(|&(a, b)| a == h || b == h)
    }

    pub fn is_city(&self, h: Hex) -> bool {
        self.grid.get(h).is_some_and(|i| i.city.is_some())
    }

    pub fn city_at(&self, h: Hex) -> Option<&City> {
        self.grid
            .get(h)
            .and_then(|i| i.city)
            .and_then(|i| self.cities.get(i))
    }

    pub fn cities(&self) -> &[City] {
        &self.cities
    }

    /// Every city hex of the board, in hex order.
    pub fn city_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.grid.cities().iter().copied()
    }

    pub fn river_at(&self, h: Hex) -> Option<&RiverHex> {
        self.grid.get(h).and_then(|i| i.river.as_ref())
    }

    /// The side whose home country `h` lies in (5.1), if any.
    pub fn home_of(&self, h: Hex) -> Option<Side> {
        self.grid
            .get(h)
            .and_then(|i| i.country)
            .and_then(Country::home_of)
    }

    pub fn ports(&self) -> &[Port] {
        &self.ports
    }

    pub fn port_at(&self, h: Hex) -> Option<&Port> {
        self.ports.iter().find(|p| p.hex == h)
    }

    /// Sea zones next to `zone` (19.2, 19.5).
    pub fn zone_links(&self, zone: SeaZone) -> impl Iterator<Item = SeaZone> + '_ {
        self.zone_links.get(&zone).into_iter().flatten().copied()
    }

    /// 19.1: whether `zone` is a sea zone of this board, whether or not it borders
    /// another (a zone with no neighbour is still a zone: units go to sea in it from its
    /// ports and land from it, but sail nowhere, 19.5).
    pub fn has_zone(&self, zone: SeaZone) -> bool {
        self.zone_links.contains_key(&zone)
    }

    /// All sea zones, in letter order.
    pub fn zones(&self) -> impl Iterator<Item = SeaZone> + '_ {
        self.zone_links.keys().copied()
    }

    /// River branches in file order, each downstream.
    pub fn rivers(&self) -> &[River] {
        &self.rivers
    }

    /// The river branch called `branch`.
    pub fn river_branch(&self, branch: &str) -> Option<&River> {
        self.rivers.iter().find(|r| r.branch == branch)
    }

    pub fn beaches(&self) -> &[Beach] {
        &self.beaches
    }

    /// The beach `h` is part of (20.1), if any.
    pub fn beach_at(&self, h: Hex) -> Option<&str> {
        self.grid.get(h).and_then(|i| i.beach.as_deref())
    }

    pub fn lakes(&self) -> &[Lake] {
        &self.lakes
    }

    /// The named lake `h` belongs to, if any.
    pub fn lake_at(&self, h: Hex) -> Option<&Lake> {
        self.lakes.iter().find(|l| l.hexes.contains(&h))
    }

    /// The country `h` belongs to (none for sea, lake and the Neutral Country).
    pub fn country(&self, h: Hex) -> Option<Country> {
        self.grid.get(h).and_then(|i| i.country)
    }

    /// The sea zone of a sea hex.
    pub fn sea_zone(&self, h: Hex) -> Option<SeaZone> {
        self.grid.get(h).and_then(|i| i.sea_zone)
    }

    /// 10.3: true when ground units may stand on `h` (on the board, not sea, lake or
    /// Neutral Country).
    pub fn is_land(&self, h: Hex) -> bool {
        self.terrain(h).is_some_and(Terrain::is_land)
    }

    pub fn is_sea(&self, h: Hex) -> bool {
        self.terrain(h) == Some(Terrain::Sea)
    }

    /// A land hex touching a sea hex.
    pub fn is_coastal(&self, h: Hex) -> bool {
        self.is_land(h) && self.neighbours(h).any(|n| self.is_sea(n))
    }

    /// A hex with fewer than six neighbours on the board lies on the board edge.
    pub fn is_board_edge(&self, h: Hex) -> bool {
        self.contains(h) && self.neighbours(h).count() < 6
    }

    /// Hexsides where the country changes between two land hexes (or between a
    /// country and the Neutral Country): the thick grey border lines of the terrain
    /// chart. Each pair once, lower hex first.
    pub fn borders(&self) -> Vec<(Hex, Hex)> {
        let mut out = Vec::new();
        for (h, info) in self.grid.iter() {
            for n in h.neighbours().filter(|n| *n > h) {
                let Some(other) = self.grid.get(n) else {
                    continue;
                };
                let side = |i: &HexInfo| match i.terrain {
                    Terrain::Neutral => Some(None),
                    t if t.is_land() => Some(i.country),
                    _ => None,
                };
                if let (Some(a), Some(b)) = (side(info), side(other)) {
                    if a != b {
                        out.push((h, n));
                    }
                }
            }
        }
        out
    }
}
