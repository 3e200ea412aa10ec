//! Reading a board file (`docs/board.md` describes the format) into a [`Board`],
//! checking every rule of the format and collecting every problem with its place in
//! the file. The file is parsed with `toml::Spanned` so that each value, and each
//! character of a grid row, can be pointed at.

use super::error::{line_col, BoardError, BoardErrors, BoardProblem};
use super::{
    Beach, Board, City, CityRole, Country, HexInfo, Lake, Port, River, RiverHex, SeaZone, Terrain,
};
use crate::hex::{column_name, Hex, MAX_COL, MAX_NUM};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// The board of the game, as shipped (a reconstruction, see the file's header).
/// The embedded board file.
pub const EMBEDDED: &str = include_str!("../../../../rules/blitzkrieg/board.toml");
pub(crate) const EMBEDDED_ORIGIN: &str = "rules/blitzkrieg/board.toml";

type Text = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    board: RawHeader,
    #[serde(default)]
    sea_zones: BTreeMap<Text, Spanned<Vec<Text>>>,
    #[serde(default)]
    city: Vec<RawCity>,
    #[serde(default)]
    river: Vec<RawRiver>,
    #[serde(default)]
    beach: Vec<RawBeach>,
    #[serde(default)]
    port: Vec<RawPort>,
    #[serde(default)]
    lake: Vec<RawLake>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeader {
    name: Text,
    #[serde(default)]
    #[allow(dead_code)]
    reconstructed: bool,
    first_row: Spanned<i64>,
    columns: Spanned<i64>,
    rows: Spanned<i64>,
    terrain: Spanned<Vec<Text>>,
    country: Spanned<Vec<Text>>,
    sea_zone: Spanned<Vec<Text>>,
    #[serde(default)]
    roads: Vec<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCity {
    name: Text,
    hexes: Spanned<Vec<Text>>,
    #[serde(default)]
    roles: Vec<Text>,
    #[serde(default)]
    aircraft: Vec<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRiver {
    branch: Text,
    hexes: Vec<Text>,
    #[serde(default)]
    ends: Vec<Text>,
    #[serde(default)]
    joins: Option<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBeach {
    id: Text,
    hexes: Vec<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPort {
    hex: Text,
    dock: Text,
    #[serde(default)]
    river: Vec<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLake {
    name: Text,
    hexes: Vec<Text>,
}

/// The hexes of a board being read, and their terrain: the map the loader builds, or
/// the board made of it (the ports are read last, from the board).
trait Hexes {
    /// The terrain of `h`; `None` when the board has no such hex.
    fn terrain_of(&self, h: Hex) -> Option<Terrain>;
}

impl Hexes for BTreeMap<Hex, HexInfo> {
    fn terrain_of(&self, h: Hex) -> Option<Terrain> {
        self.get(&h).map(|i| i.terrain)
    }
}

impl Hexes for Board {
    fn terrain_of(&self, h: Hex) -> Option<Terrain> {
        self.terrain(h)
    }
}

impl Board {
    /// Reads and checks a board file. `origin` names the file in messages. Every
    /// problem is reported, each with its line and column.
    pub fn from_toml(src: &str, origin: &str) -> Result<Board, BoardErrors> {
        let mut cx = Cx {
            src,
            origin,
            errors: Vec::new(),
        };
        let board = match toml::from_str::<RawFile>(src) {
            Ok(raw) => cx.build(&raw),
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                cx.err(
                    span,
                    BoardProblem::Syntax {
                        message: e.message().to_string(),
                    },
                );
                None
            }
        };
        match board {
            Some(b) if cx.errors.is_empty() => Ok(b),
            _ => {
                let mut errors = cx.errors;
                errors.sort_by_key(|e| (e.span.start, e.span.end));
                Err(BoardErrors::new(origin, src, errors))
            }
        }
    }

    /// Reads and checks the board file at `path`.
    pub fn load(path: &Path) -> Result<Board, BoardErrors> {
        let origin = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Board::from_toml(&text, &origin),
            Err(e) => Err(BoardErrors::new(
                &origin,
                "",
                vec![BoardError {
                    problem: BoardProblem::Unreadable {
                        message: e.to_string(),
                    },
                    file: origin.clone(),
                    line: 1,
                    column: 1,
                    span: 0..0,
                }],
            )),
        }
    }

    /// The text of the embedded board file.
    pub fn embedded_source() -> &'static str {
        EMBEDDED
    }
}

/// The loading context: the text, and the problems found so far.
struct Cx<'a> {
    src: &'a str,
    origin: &'a str,
    errors: Vec<BoardError>,
}

/// Which grid a row belongs to, for messages.
#[derive(Clone, Copy)]
enum Grid {
    Terrain,
    Country,
    Zone,
}

impl Grid {
    const fn name(self) -> &'static str {
        match self {
            Grid::Terrain => "terrain",
            Grid::Country => "country",
            Grid::Zone => "sea_zone",
        }
    }
}

fn terrain_of(ch: char) -> Option<Terrain> {
    Some(match ch {
        '.' => Terrain::Clear,
        'f' => Terrain::Forest,
        'm' => Terrain::Mountain,
        'd' => Terrain::Desert,
        '~' => Terrain::Sea,
        'l' => Terrain::Lake,
        'x' => Terrain::Neutral,
        _ => return None,
    })
}

fn country_of(ch: char) -> Option<Option<Country>> {
    Some(Some(match ch {
        '.' => return Some(None),
        'B' => Country::GreatBlue,
        'R' => Country::BigRed,
        'N' => Country::NordWalkure,
        'S' => Country::SudWalkure,
        'C' => Country::Calaedia,
        'E' => Country::SanEstados,
        'W' => Country::NewEndor,
        _ => return None,
    }))
}

fn terrain_name(t: Option<Terrain>) -> String {
    match t {
        None => "no hex".to_string(),
        Some(Terrain::Clear) => "clear".to_string(),
        Some(Terrain::Forest) => "forest".to_string(),
        Some(Terrain::Mountain) => "mountain".to_string(),
        Some(Terrain::Desert) => "desert".to_string(),
        Some(Terrain::Sea) => "sea".to_string(),
        Some(Terrain::Lake) => "lake".to_string(),
        Some(Terrain::Neutral) => "Neutral Country".to_string(),
    }
}

/// One cell of a grid: the hex it names and where its character sits.
struct Cell {
    col: i32,
    row: i32,
    ch: char,
    span: Range<usize>,
}

impl Cell {
    /// The hex this cell names: column c, number y + c div 2.
    fn num(&self) -> i32 {
        self.row + self.col.div_euclid(2)
    }

    fn hex(&self) -> Option<Hex> {
        let col = i16::try_from(self.col).ok()?;
        let num = i16::try_from(self.num()).ok()?;
        Hex::new(col, num)
    }
}

impl<'a> Cx<'a> {
    fn err(&mut self, span: Range<usize>, problem: BoardProblem) {
        let (line, column) = line_col(self.src, span.start);
        self.errors.push(BoardError {
            problem,
            file: self.origin.to_string(),
            line,
            column,
            span,
        });
    }

    /// Byte range of `len` bytes at byte `offset` inside the value of string `s`; the
    /// whole string when its text in the file is not a plain quoted copy of the value.
    fn inner_span(&self, s: &Text, offset: usize, len: usize) -> Range<usize> {
        match self.plain_start(s) {
            Some(start) => start + offset..start + offset + len,
            None => s.span(),
        }
    }

    /// Where the value of string `s` starts in the file, when its text there is a plain
    /// quoted copy of the value (no escapes): then a character's place is known.
    fn plain_start(&self, s: &Text) -> Option<usize> {
        let sp = s.span();
        let raw = self.src.get(sp.clone()).unwrap_or("");
        let plain = raw.len() >= 2
            && (raw.starts_with('"') || raw.starts_with('\''))
            && raw.get(1..raw.len() - 1) == Some(s.get_ref().as_str());
        plain.then_some(sp.start + 1)
    }

    /// A hex name; `None` (and a problem) when it does not parse.
    fn hex(&mut self, s: &Text) -> Option<Hex> {
        self.hex_at(s.get_ref(), s.span())
    }

    fn hex_at(&mut self, text: &str, span: Range<usize>) -> Option<Hex> {
        match text.parse::<Hex>() {
            Ok(h) => Some(h),
            Err(e) => {
                let reason = e.to_string();
                let reason = reason
                    .split_once(": ")
                    .map_or(reason.as_str(), |(_, r)| r)
                    .to_string();
                self.err(
                    span,
                    BoardProblem::BadHex {
                        text: text.trim().to_string(),
                        reason,
                    },
                );
                None
            }
        }
    }

    /// A hex that must be on the board.
    fn board_hex(
        &mut self,
        hexes: &impl Hexes,
        what: &'static str,
        text: &str,
        span: Range<usize>,
    ) -> Option<Hex> {
        let h = self.hex_at(text, span.clone())?;
        if hexes.terrain_of(h).is_some() {
            Some(h)
        } else {
            self.err(
                span,
                BoardProblem::OffBoard {
                    what,
                    hex: h.to_string(),
                },
            );
            None
        }
    }

    /// A hex that must be on the board and land.
    fn land_hex(&mut self, hexes: &impl Hexes, what: &'static str, s: &Text) -> Option<Hex> {
        let h = self.board_hex(hexes, what, s.get_ref(), s.span())?;
        let t = hexes.terrain_of(h);
        if t.is_some_and(Terrain::is_land) {
            Some(h)
        } else {
            self.err(
                s.span(),
                BoardProblem::NotLand {
                    what,
                    hex: h.to_string(),
                    terrain: terrain_name(t),
                },
            );
            None
        }
    }

    fn build(&mut self, raw: &RawFile) -> Option<Board> {
        let head = &raw.board;
        let columns = self.header_number(&head.columns, "columns", 1, i64::from(MAX_COL))?;
        let rows = self.header_number(&head.rows, "rows", 1, i64::from(MAX_NUM))?;
        let first_row = self.header_number(&head.first_row, "first_row", -999, 999)?;
        let shape = Shape {
            columns,
            rows,
            first_row,
        };

        let terrain = self.cells(&head.terrain, Grid::Terrain, shape);
        let country = self.cells(&head.country, Grid::Country, shape);
        let zones = self.cells(&head.sea_zone, Grid::Zone, shape);

        let mut grid = self.read_terrain(&terrain);
        let country: Vec<Cell> = country.into_iter().filter(|c| grid.read(c)).collect();
        let zones: Vec<Cell> = zones.into_iter().filter(|c| grid.read(c)).collect();
        self.read_countries(&country, &mut grid);
        let (zone_links, zone_keys) = self.read_zone_links(raw);
        self.read_zones(&zones, &mut grid, &zone_links, &zone_keys);
        let mut hexes = grid.into_hexes();

        let roads = self.read_roads(&head.roads, &hexes);
        let cities = self.read_cities(&raw.city, &hexes);
        let rivers = self.read_rivers(&raw.river, &mut hexes);
        let beaches = self.read_beaches(&raw.beach, &mut hexes, &cities);
        let lakes = self.read_lakes(&raw.lake, &hexes);
        let mut board = Board::from_parts(
            head.name.get_ref(),
            hexes,
            roads,
            cities,
            Vec::new(),
            zone_links,
        );
        board.rivers = rivers;
        board.beaches = beaches;
        board.lakes = lakes;
        let (ports, declared) = self.read_ports(&raw.port, &board);
        board.ports = ports;
        self.check_coastal_cities(raw, &board, &declared);
        Some(board)
    }

    fn header_number(
        &mut self,
        v: &Spanned<i64>,
        field: &'static str,
        min: i64,
        max: i64,
    ) -> Option<i32> {
        let n = *v.get_ref();
        if (min..=max).contains(&n) {
            i32::try_from(n).ok()
        } else {
            self.err(
                v.span(),
                BoardProblem::BadHeader {
                    field,
                    expected: match field {
                        "columns" => "a number of columns from 1 to 78",
                        "rows" => "a positive number of rows",
                        _ => "a paper row number",
                    },
                    found: n.to_string(),
                },
            );
            None
        }
    }

    /// Checks the shape of one grid and returns its cells (characters on the board).
    fn cells(&mut self, grid: &Spanned<Vec<Text>>, which: Grid, shape: Shape) -> Vec<Cell> {
        let want_rows = usize::try_from(shape.rows).unwrap_or(0);
        let want_cols = usize::try_from(shape.columns).unwrap_or(0);
        if grid.get_ref().len() != want_rows {
            self.err(
                grid.span(),
                BoardProblem::RowCount {
                    grid: which.name(),
                    found: grid.get_ref().len(),
                    expected: want_rows,
                },
            );
        }
        let mut out = Vec::new();
        for (i, line) in grid.get_ref().iter().enumerate() {
            let row = shape.first_row + i32::try_from(i).unwrap_or(0);
            let width = line.get_ref().chars().count();
            if width != want_cols {
                self.err(
                    line.span(),
                    BoardProblem::RowWidth {
                        grid: which.name(),
                        row,
                        found: width,
                        expected: want_cols,
                    },
                );
            }
            let plain = self.plain_start(line);
            for (ci, (byte, ch)) in line.get_ref().char_indices().enumerate() {
                if ci >= want_cols {
                    break;
                }
                let col = i32::try_from(ci).unwrap_or(0) + 1;
                let span = match plain {
                    Some(start) => start + byte..start + byte + ch.len_utf8(),
                    None => line.span(),
                };
                out.push(Cell { col, row, ch, span });
            }
        }
        out
    }

    /// The terrain grid: the hexes, and the grid positions read without a problem
    /// (the other grids are checked against the terrain only there, so that one
    /// mistake in the terrain is not reported again by every other grid).
    fn read_terrain(&mut self, cells: &[Cell]) -> Dense {
        let mut grid = Dense::around(cells);
        for cell in cells {
            if cell.ch == ' ' {
                grid.mark_read(cell);
                continue;
            }
            let Some(hex) = cell.hex() else {
                self.err(
                    cell.span.clone(),
                    BoardProblem::NoHexThere {
                        col: cell.col,
                        row: cell.row,
                        num: cell.num(),
                    },
                );
                continue;
            };
            // An unknown character is reported and read as clear, so that the rest of
            // the file is checked as if it were right.
            let terrain = terrain_of(cell.ch).unwrap_or_else(|| {
                self.err(
                    cell.span.clone(),
                    BoardProblem::UnknownChar {
                        grid: Grid::Terrain.name(),
                        ch: cell.ch,
                        place: hex.to_string(),
                    },
                );
                Terrain::Clear
            });
            grid.mark_read(cell);
            grid.put(
                cell,
                hex,
                HexInfo {
                    terrain,
                    country: None,
                    city: None,
                    river: None,
                    beach: None,
                    sea_zone: None,
                },
            );
        }
        grid
    }

    /// The cell of a secondary grid must be ' ' exactly where there is no hex.
    fn matches_terrain(&mut self, cell: &Cell, grid: Grid, hexes: &Dense) -> Option<Hex> {
        let hex = cell.hex();
        let on_board = hex.filter(|_| hexes.has_hex(cell));
        match (cell.ch == ' ', on_board) {
            (true, None) => None,
            (false, Some(h)) => Some(h),
            (blank, _) => {
                let place = hex.map_or_else(
                    || format!("column {}, row {}", column_name(cell.col as i16), cell.row),
                    |h| h.to_string(),
                );
                self.err(
                    cell.span.clone(),
                    BoardProblem::GridMismatch {
                        grid: grid.name(),
                        hex: place,
                        found: cell.ch,
                        terrain: if blank {
                            "the terrain grid has a hex".to_string()
                        } else {
                            "the terrain grid has no hex".to_string()
                        },
                    },
                );
                None
            }
        }
    }

    fn read_countries(&mut self, cells: &[Cell], hexes: &mut Dense) {
        for cell in cells {
            let Some(hex) = self.matches_terrain(cell, Grid::Country, hexes) else {
                continue;
            };
            let Some(country) = country_of(cell.ch) else {
                self.err(
                    cell.span.clone(),
                    BoardProblem::UnknownChar {
                        grid: Grid::Country.name(),
                        ch: cell.ch,
                        place: hex.to_string(),
                    },
                );
                continue;
            };
            let Some(info) = hexes.get_mut(cell) else {
                continue;
            };
            let land = info.terrain.is_land();
            match (land, country) {
                (true, None) => self.err(
                    cell.span.clone(),
                    BoardProblem::LandWithoutCountry {
                        hex: hex.to_string(),
                    },
                ),
                (false, Some(_)) => {
                    let terrain = terrain_name(Some(info.terrain));
                    self.err(
                        cell.span.clone(),
                        BoardProblem::GridMismatch {
                            grid: Grid::Country.name(),
                            hex: hex.to_string(),
                            found: cell.ch,
                            terrain: format!(
                                "the terrain is {terrain}, which belongs to no country ('.')"
                            ),
                        },
                    )
                }
                _ => info.country = country,
            }
        }
    }

    fn read_zone_links(
        &mut self,
        raw: &RawFile,
    ) -> (
        BTreeMap<SeaZone, BTreeSet<SeaZone>>,
        BTreeMap<SeaZone, Range<usize>>,
    ) {
        let mut keys = BTreeMap::new();
        let mut links: BTreeMap<SeaZone, BTreeSet<SeaZone>> = BTreeMap::new();
        let mut where_: BTreeMap<(SeaZone, SeaZone), Range<usize>> = BTreeMap::new();
        let zone_name = |s: &str| {
            let mut it = s.chars();
            match (it.next(), it.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Some(c),
                _ => None,
            }
        };
        for (key, list) in &raw.sea_zones {
            let Some(z) = zone_name(key.get_ref()) else {
                self.err(
                    key.span(),
                    BoardProblem::BadZoneName {
                        name: key.get_ref().clone(),
                    },
                );
                continue;
            };
            keys.insert(z, key.span());
            let entry = links.entry(z).or_default();
            for other in list.get_ref() {
                match zone_name(other.get_ref()) {
                    Some(o) => {
                        entry.insert(o);
                        where_.insert((z, o), other.span());
                    }
                    None => self.err(
                        other.span(),
                        BoardProblem::BadZoneName {
                            name: other.get_ref().clone(),
                        },
                    ),
                }
            }
        }
        for ((a, b), span) in &where_ {
            if !links.get(b).is_some_and(|s| s.contains(a)) {
                self.err(
                    span.clone(),
                    BoardProblem::ZoneLinkAsymmetric { a: *a, b: *b },
                );
            }
        }
        (links, keys)
    }

    fn read_zones(
        &mut self,
        cells: &[Cell],
        hexes: &mut Dense,
        links: &BTreeMap<SeaZone, BTreeSet<SeaZone>>,
        keys: &BTreeMap<SeaZone, Range<usize>>,
    ) {
        let mut unknown_reported = BTreeSet::new();
        let mut used = BTreeSet::new();
        for cell in cells {
            let Some(hex) = self.matches_terrain(cell, Grid::Zone, hexes) else {
                continue;
            };
            let zone = match cell.ch {
                '.' => None,
                c if c.is_ascii_uppercase() => Some(c),
                c => {
                    self.err(
                        cell.span.clone(),
                        BoardProblem::UnknownChar {
                            grid: Grid::Zone.name(),
                            ch: c,
                            place: hex.to_string(),
                        },
                    );
                    continue;
                }
            };
            let Some(info) = hexes.get_mut(cell) else {
                continue;
            };
            match (info.terrain == Terrain::Sea, zone) {
                (true, None) => self.err(
                    cell.span.clone(),
                    BoardProblem::SeaWithoutZone {
                        hex: hex.to_string(),
                    },
                ),
                (false, Some(z)) => self.err(
                    cell.span.clone(),
                    BoardProblem::ZoneOnLand {
                        hex: hex.to_string(),
                        zone: z,
                    },
                ),
                (_, Some(z)) => {
                    used.insert(z);
                    if !links.contains_key(&z) && unknown_reported.insert(z) {
                        self.err(cell.span.clone(), BoardProblem::UnknownZone { zone: z });
                    }
                    info.sea_zone = Some(z);
                }
                (false, None) => {}
            }
        }
        for (z, span) in keys {
            if !used.contains(z) {
                self.err(span.clone(), BoardProblem::ZoneWithoutHexes { zone: *z });
            }
        }
    }

    fn read_roads(&mut self, roads: &[Text], hexes: &BTreeMap<Hex, HexInfo>) -> Vec<(Hex, Hex)> {
        let mut out = Vec::new();
        for road in roads {
            let text = road.get_ref();
            let mut chain: Vec<Option<(Hex, Range<usize>)>> = Vec::new();
            let mut offset = 0;
            for token in text.split('-') {
                let lead = token.len() - token.trim_start().len();
                let span = self.inner_span(road, offset + lead, token.trim().len().max(1));
                offset += token.len() + 1;
                let h = self
                    .board_hex(hexes, "road hex", token, span.clone())
                    .and_then(|h| {
                        let t = hexes.terrain_of(h);
                        if t.is_some_and(Terrain::is_land) {
                            Some(h)
                        } else {
                            self.err(
                                span.clone(),
                                BoardProblem::NotLand {
                                    what: "road hex",
                                    hex: h.to_string(),
                                    terrain: terrain_name(t),
                                },
                            );
                            None
                        }
                    });
                chain.push(h.map(|h| (h, span)));
            }
            if chain.len() < 2 {
                self.err(
                    road.span(),
                    BoardProblem::RoadTooShort { text: text.clone() },
                );
                continue;
            }
            for pair in chain.windows(2) {
                if let [Some((a, _)), Some((b, span))] = pair {
                    if a.is_adjacent(*b) {
                        out.push((*a, *b));
                    } else {
                        self.err(
                            span.clone(),
                            BoardProblem::RoadNotAdjacent {
                                from: a.to_string(),
                                to: b.to_string(),
                            },
                        );
                    }
                }
            }
        }
        out
    }

    fn read_cities(&mut self, raw: &[RawCity], hexes: &BTreeMap<Hex, HexInfo>) -> Vec<City> {
        let mut cities = Vec::new();
        let mut names: BTreeSet<String> = BTreeSet::new();
        let mut owner: BTreeMap<Hex, String> = BTreeMap::new();
        for c in raw {
            let name = c.name.get_ref().clone();
            if !names.insert(name.clone()) {
                self.err(
                    c.name.span(),
                    BoardProblem::NameTwice {
                        what: "city name",
                        name: name.clone(),
                    },
                );
            }
            let n = c.hexes.get_ref().len();
            if !(1..=3).contains(&n) {
                self.err(
                    c.hexes.span(),
                    BoardProblem::CitySize {
                        city: name.clone(),
                        count: n,
                    },
                );
            }
            let mut city_hexes: Vec<Hex> = Vec::new();
            for s in c.hexes.get_ref() {
                let Some(h) = self.land_hex(hexes, "city hex", s) else {
                    continue;
                };
                if let Some(first) = owner.get(&h) {
                    self.err(
                        s.span(),
                        BoardProblem::HexNamedTwice {
                            hex: h.to_string(),
                            first: format!("city `{first}`"),
                            second: format!("city `{name}`"),
                        },
                    );
                    continue;
                }
                if let Some(apart) = city_hexes.iter().find(|o| !o.is_adjacent(h)) {
                    self.err(
                        s.span(),
                        BoardProblem::CityNotAdjacent {
                            city: name.clone(),
                            a: apart.to_string(),
                            b: h.to_string(),
                        },
                    );
                }
                owner.insert(h, name.clone());
                city_hexes.push(h);
            }
            let mut roles = BTreeSet::new();
            for r in &c.roles {
                match r.get_ref().trim().to_ascii_lowercase().as_str() {
                    "oil" => {
                        roles.insert(CityRole::Oil);
                    }
                    "industry" => {
                        roles.insert(CityRole::Industry);
                    }
                    "naval" => {
                        roles.insert(CityRole::Naval);
                    }
                    _ => self.err(
                        r.span(),
                        BoardProblem::UnknownRole {
                            role: r.get_ref().clone(),
                        },
                    ),
                }
            }
            let mut aircraft = BTreeSet::new();
            for a in &c.aircraft {
                let Some(h) = self.hex(a) else { continue };
                if city_hexes.contains(&h) {
                    aircraft.insert(h);
                } else {
                    self.err(
                        a.span(),
                        BoardProblem::AircraftNotInCity {
                            city: name.clone(),
                            hex: h.to_string(),
                        },
                    );
                }
            }
            cities.push(City {
                name,
                hexes: city_hexes,
                roles,
                aircraft,
            });
        }
        cities
    }

    fn read_rivers(&mut self, raw: &[RawRiver], hexes: &mut BTreeMap<Hex, HexInfo>) -> Vec<River> {
        let mut rivers: Vec<River> = Vec::new();
        let mut owner: BTreeMap<Hex, String> = BTreeMap::new();
        let mut last_spans = Vec::new();
        for r in raw {
            let branch = r.branch.get_ref().clone();
            if rivers.iter().any(|o| o.branch == branch) {
                self.err(
                    r.branch.span(),
                    BoardProblem::NameTwice {
                        what: "river branch",
                        name: branch.clone(),
                    },
                );
            }
            let mut list: Vec<Hex> = Vec::new();
            let mut last_span = r.branch.span();
            for s in &r.hexes {
                let Some(h) = self.land_hex(hexes, "river hex", s) else {
                    continue;
                };
                if let Some(first) = owner.get(&h) {
                    self.err(
                        s.span(),
                        BoardProblem::HexNamedTwice {
                            hex: h.to_string(),
                            first: format!("river `{first}`"),
                            second: format!("river `{branch}`"),
                        },
                    );
                    continue;
                }
                if let Some(prev) = list.last() {
                    if !prev.is_adjacent(h) {
                        self.err(
                            s.span(),
                            BoardProblem::RiverNotChain {
                                branch: branch.clone(),
                                hex: h.to_string(),
                                prev: prev.to_string(),
                            },
                        );
                    }
                }
                owner.insert(h, branch.clone());
                list.push(h);
                last_span = s.span();
            }
            let mut ends = BTreeSet::new();
            for e in &r.ends {
                let Some(h) = self.hex(e) else { continue };
                if list.contains(&h) {
                    ends.insert(h);
                } else {
                    self.err(
                        e.span(),
                        BoardProblem::RiverEndNotOnBranch {
                            branch: branch.clone(),
                            hex: h.to_string(),
                        },
                    );
                }
            }
            for &h in &list {
                if let Some(info) = hexes.get_mut(&h) {
                    info.river = Some(RiverHex {
                        branch: branch.clone().into(),
                        end: ends.contains(&h),
                    });
                }
            }
            last_spans.push(last_span);
            rivers.push(River {
                branch,
                hexes: list,
                ends,
                joins: r.joins.as_ref().map(|j| j.get_ref().clone()),
            });
        }
        for (i, r) in raw.iter().enumerate() {
            let Some(j) = &r.joins else { continue };
            let Some(target) = rivers.iter().find(|o| &o.branch == j.get_ref()) else {
                self.err(
                    j.span(),
                    BoardProblem::RiverJoinsUnknown {
                        branch: r.branch.get_ref().clone(),
                        joins: j.get_ref().clone(),
                    },
                );
                continue;
            };
            let Some(last) = rivers.get(i).and_then(|me| me.hexes.last()) else {
                continue;
            };
            if !target.hexes.iter().any(|t| t.is_adjacent(*last)) {
                self.err(
                    last_spans.get(i).cloned().unwrap_or_else(|| j.span()),
                    BoardProblem::RiverJoinsApart {
                        branch: r.branch.get_ref().clone(),
                        joins: j.get_ref().clone(),
                        hex: last.to_string(),
                    },
                );
            }
        }
        rivers
    }

    fn read_beaches(
        &mut self,
        raw: &[RawBeach],
        hexes: &mut BTreeMap<Hex, HexInfo>,
        cities: &[City],
    ) -> Vec<Beach> {
        let city_hexes: BTreeSet<Hex> = cities.iter().flat_map(|c| c.hexes.clone()).collect();
        let mut beaches: Vec<Beach> = Vec::new();
        let mut owner: BTreeMap<Hex, String> = BTreeMap::new();
        for b in raw {
            let id = b.id.get_ref().clone();
            if beaches.iter().any(|o| o.id == id) {
                self.err(
                    b.id.span(),
                    BoardProblem::NameTwice {
                        what: "beach id",
                        name: id.clone(),
                    },
                );
            }
            let mut list: Vec<(Hex, Range<usize>)> = Vec::new();
            for s in &b.hexes {
                let Some(h) = self.land_hex(hexes, "beach hex", s) else {
                    continue;
                };
                if let Some(first) = owner.get(&h) {
                    self.err(
                        s.span(),
                        BoardProblem::HexNamedTwice {
                            hex: h.to_string(),
                            first: format!("beach `{first}`"),
                            second: format!("beach `{id}`"),
                        },
                    );
                    continue;
                }
                let coastal = h
                    .neighbours()
                    .any(|n| hexes.get(&n).is_some_and(|i| i.terrain == Terrain::Sea));
                if !coastal {
                    self.err(
                        s.span(),
                        BoardProblem::BeachNotCoastal {
                            beach: id.clone(),
                            hex: h.to_string(),
                        },
                    );
                }
                owner.insert(h, id.clone());
                list.push((h, s.span()));
            }
            self.check_beach_chain(&id, &list, &city_hexes);
            for (h, _) in &list {
                if let Some(info) = hexes.get_mut(h) {
                    info.beach = Some(id.clone().into());
                }
            }
            beaches.push(Beach {
                id,
                hexes: list.into_iter().map(|(h, _)| h).collect(),
            });
        }
        beaches
    }

    /// 20.1: a beach is one continuous chain. A coastal city hex that is not part of
    /// the beach may stand in the chain (003 20.1: CC15 on the Koufax coast).
    fn check_beach_chain(
        &mut self,
        id: &str,
        list: &[(Hex, Range<usize>)],
        cities: &BTreeSet<Hex>,
    ) {
        let Some((first, _)) = list.first() else {
            return;
        };
        let members: BTreeSet<Hex> = list.iter().map(|(h, _)| *h).collect();
        let mut seen = BTreeSet::from([*first]);
        let mut stack = vec![*first];
        while let Some(h) = stack.pop() {
            let from_member = members.contains(&h);
            for n in h.neighbours() {
                let ok = members.contains(&n) || (from_member && cities.contains(&n));
                if ok && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        for (h, span) in list {
            if !seen.contains(h) {
                self.err(
                    span.clone(),
                    BoardProblem::BeachBroken {
                        beach: id.to_string(),
                        hex: h.to_string(),
                        first: first.to_string(),
                    },
                );
            }
        }
    }

    fn read_lakes(&mut self, raw: &[RawLake], hexes: &BTreeMap<Hex, HexInfo>) -> Vec<Lake> {
        let mut lakes: Vec<Lake> = Vec::new();
        let mut owner: BTreeMap<Hex, String> = BTreeMap::new();
        for l in raw {
            let name = l.name.get_ref().clone();
            if lakes.iter().any(|o| o.name == name) {
                self.err(
                    l.name.span(),
                    BoardProblem::NameTwice {
                        what: "lake name",
                        name: name.clone(),
                    },
                );
            }
            let mut list = Vec::new();
            for s in &l.hexes {
                let Some(h) = self.board_hex(hexes, "lake hex", s.get_ref(), s.span()) else {
                    continue;
                };
                let t = hexes.terrain_of(h);
                if t != Some(Terrain::Lake) {
                    self.err(
                        s.span(),
                        BoardProblem::LakeNotLake {
                            lake: name.clone(),
                            hex: h.to_string(),
                            terrain: terrain_name(t),
                        },
                    );
                    continue;
                }
                if let Some(first) = owner.insert(h, name.clone()) {
                    self.err(
                        s.span(),
                        BoardProblem::HexNamedTwice {
                            hex: h.to_string(),
                            first: format!("lake `{first}`"),
                            second: format!("lake `{name}`"),
                        },
                    );
                    continue;
                }
                list.push(h);
            }
            lakes.push(Lake { name, hexes: list });
        }
        lakes
    }

    /// The ports, and every hex declared a port (even one whose entry has a problem).
    fn read_ports(&mut self, raw: &[RawPort], board: &Board) -> (Vec<Port>, BTreeSet<Hex>) {
        let mut ports: Vec<Port> = Vec::new();
        let mut declared = BTreeSet::new();
        for p in raw {
            let Some(hex) = self.land_hex(board, "port", &p.hex) else {
                continue;
            };
            if !declared.insert(hex) {
                self.err(
                    p.hex.span(),
                    BoardProblem::HexNamedTwice {
                        hex: hex.to_string(),
                        first: "one [[port]]".to_string(),
                        second: "another".to_string(),
                    },
                );
                continue;
            }
            if !board.is_city(hex) {
                self.err(
                    p.hex.span(),
                    BoardProblem::PortNotCity {
                        hex: hex.to_string(),
                    },
                );
            }
            let dock = self.board_hex(board, "docking hex", p.dock.get_ref(), p.dock.span());
            // The chain the ships follow: port, river hexes, docking hex.
            let mut prev = hex;
            let mut river = Vec::new();
            for s in &p.river {
                let Some(h) = self.land_hex(board, "inland port river hex", s) else {
                    continue;
                };
                if board.river_at(h).is_none() {
                    self.err(
                        s.span(),
                        BoardProblem::InlandNotRiver {
                            port: hex.to_string(),
                            hex: h.to_string(),
                        },
                    );
                }
                if !prev.is_adjacent(h) {
                    self.err(
                        s.span(),
                        BoardProblem::InlandChainBroken {
                            port: hex.to_string(),
                            hex: h.to_string(),
                            prev: prev.to_string(),
                        },
                    );
                }
                prev = h;
                river.push(h);
            }
            let Some(dock) = dock else { continue };
            let terrain = board.terrain(dock);
            if terrain != Some(Terrain::Sea) {
                self.err(
                    p.dock.span(),
                    BoardProblem::DockNotSea {
                        port: hex.to_string(),
                        dock: dock.to_string(),
                        terrain: terrain_name(terrain),
                    },
                );
            }
            if !prev.is_adjacent(dock) {
                self.err(
                    p.dock.span(),
                    BoardProblem::DockNotAdjacent {
                        port: hex.to_string(),
                        dock: dock.to_string(),
                        next: prev.to_string(),
                    },
                );
            }
            ports.push(Port {
                hex,
                dock,
                inland_river: river,
            });
        }
        (ports, declared)
    }

    /// 19.4: "Any coastal city hex is a port": each must say where it docks.
    fn check_coastal_cities(&mut self, raw: &RawFile, board: &Board, declared: &BTreeSet<Hex>) {
        for c in &raw.city {
            for s in c.hexes.get_ref() {
                let Ok(h) = s.get_ref().parse::<Hex>() else {
                    continue;
                };
                if board.is_city(h) && board.is_coastal(h) && !declared.contains(&h) {
                    self.err(
                        s.span(),
                        BoardProblem::CoastalCityWithoutPort { hex: h.to_string() },
                    );
                }
            }
        }
    }
}

/// The hexes of the terrain grid while the three grids are read, by grid position
/// (a dense array rather than a map: every cell of every grid is looked up once).
struct Dense {
    first_row: i32,
    last_row: i32,
    columns: i32,
    /// Grid positions read without a problem (blanks included).
    read: Vec<bool>,
    hexes: Vec<Option<(Hex, HexInfo)>>,
}

impl Dense {
    /// An empty grid spanning every position of `cells`.
    fn around(cells: &[Cell]) -> Dense {
        let first_row = cells.iter().map(|c| c.row).min().unwrap_or(0);
        let last_row = cells.iter().map(|c| c.row).max().unwrap_or(-1);
        let columns = cells.iter().map(|c| c.col).max().unwrap_or(0);
        let size = usize::try_from((last_row - first_row + 1).max(0) * columns.max(0)).unwrap_or(0);
        Dense {
            first_row,
            last_row,
            columns,
            read: vec![false; size],
            hexes: vec![None; size],
        }
    }

    fn index(&self, cell: &Cell) -> Option<usize> {
        let inside = (1..=self.columns).contains(&cell.col)
            && (self.first_row..=self.last_row).contains(&cell.row);
        inside
            .then(|| (cell.row - self.first_row) * self.columns + cell.col - 1)
            .and_then(|i| usize::try_from(i).ok())
    }

    fn mark_read(&mut self, cell: &Cell) {
        if let Some(r) = self.index(cell).and_then(|i| self.read.get_mut(i)) {
            *r = true;
        }
    }

    fn read(&self, cell: &Cell) -> bool {
        self.index(cell)
            .and_then(|i| self.read.get(i))
            .is_some_and(|r| *r)
    }

    fn put(&mut self, cell: &Cell, hex: Hex, info: HexInfo) {
        if let Some(slot) = self.index(cell).and_then(|i| self.hexes.get_mut(i)) {
            *slot = Some((hex, info));
        }
    }

    fn has_hex(&self, cell: &Cell) -> bool {
        self.index(cell)
            .and_then(|i| self.hexes.get(i))
            .is_some_and(Option::is_some)
    }

    fn get_mut(&mut self, cell: &Cell) -> Option<&mut HexInfo> {
        let i = self.index(cell)?;
        self.hexes.get_mut(i)?.as_mut().map(|(_, info)| info)
    }

    /// The hexes as a map. Taken column by column, they come in hex order (column, then
    /// number, which grows with the row), so the map is built without sorting.
    fn into_hexes(mut self) -> BTreeMap<Hex, HexInfo> {
        let columns = usize::try_from(self.columns).unwrap_or(0);
        let mut all = Vec::with_capacity(self.hexes.len());
        for col in 0..columns {
            let column = self.hexes.iter_mut().skip(col).step_by(columns);
            all.extend(column.filter_map(Option::take));
        }
        all.into_iter().collect()
    }
}

/// The grid dimensions from [board].
#[derive(Clone, Copy)]
struct Shape {
    columns: i32,
    rows: i32,
    first_row: i32,
}
