//! The embedded rule data in the form the build script left it. It reads and checks
//! the combat tables (`tables/*.toml`), `rules/blitzkrieg/board.toml`, `counters.toml`
//! and `oac.toml` with the same loaders as files given by path (a problem in them stops
//! the build), reads the figures and readings, and writes what they hold as Rust source
//! (`build_source.rs`), included here: a process builds its tables, board, counters and
//! rule book from these statics without parsing any text (`docs/speed.md`). The tables'
//! grids are the statics themselves, every text and cell borrowed; the board's hexes,
//! their records (river and beach names too), its roads and its grid are not copied
//! either: the [`Board`] borrows them from the binary, and each counter its name. The
//! TOML files stay the source: their text is what a game's data hashes are of, and
//! files given by path are read as TOML.

use crate::board::{
    Beach, Board, BoardErrors, City, CityRole, Country, GridTables, HexInfo, Lake, PlainBoard,
    Port, River, RiverHex, Terrain, EMBEDDED_ORIGIN,
};
use crate::hex::Hex;
use crate::ruleset::RuleBook;
use crate::tables::grid::CellText;
use crate::tables::{Grid, Pair as TablePair, TableFileErrors, TableId, TableMode, Tables};
use crate::units::{Counter, Counters, Side, Size, UnitId, UnitKind, UnitsErrors};
use std::borrow::Cow;

/// A hex as its column and number.
type Pair = (i16, i16);
/// A city: name, hexes, roles, aircraft hexes.
type CityRow = (
    &'static str,
    &'static [Pair],
    &'static [CityRole],
    &'static [Pair],
);
/// A river branch: name, hexes downstream, end hexes, the branch it joins.
type RiverRow = (
    &'static str,
    &'static [Pair],
    &'static [Pair],
    Option<&'static str>,
);
/// The board's statics.
mod board {
    use super::{at, cell, CityRole, CityRow, Country, Hex, HexInfo, Pair, RiverRow, Terrain};
    include!(concat!(env!("OUT_DIR"), "/board.rs"));
}

/// `(col, num)` as a hex, in the board's statics: evaluated when the binary is
/// compiled, where a pair that names no hex stops the build (never the case: they were
/// written from hexes).
#[allow(clippy::panic)]
const fn at(col: i16, num: i16) -> Hex {
    match Hex::new(col, num) {
        Some(h) => h,
        None => panic!("the compiled board names a hex off the grid"),
    }
}

/// One hex's record in the board's statics: the fields of [`HexInfo`], the river as
/// its branch and whether it ends there, names borrowed from the binary.
const fn cell(
    terrain: Terrain,
    country: Option<Country>,
    city: Option<usize>,
    river: Option<(&'static str, bool)>,
    beach: Option<&'static str>,
    sea_zone: Option<char>,
) -> HexInfo {
    HexInfo {
        terrain,
        country,
        city,
        river: match river {
            Some((branch, end)) => Some(RiverHex {
                branch: Cow::Borrowed(branch),
                end,
            }),
            None => None,
        },
        beach: match beach {
            Some(id) => Some(Cow::Borrowed(id)),
            None => None,
        },
        sea_zone,
    }
}

/// The counters' statics.
mod counters {
    use super::{id, Counter, Side, Size, UnitKind};
    use std::borrow::Cow::Borrowed as B;
    include!(concat!(env!("OUT_DIR"), "/counters.rs"));
}

/// A unit id in the counters' statics, made when the binary is compiled.
///
/// Why the panic never happens at run time: outside the tests, `id` is called only in
/// the initialiser of the static `counters::COUNTERS`, which the compiler evaluates
/// when it builds the crate; a panic there is a compile error, so a text that is no id
/// stops the build instead. And none is: the build script wrote every text from an id
/// its loader had read (`build_source::counters`).
#[allow(clippy::panic)]
const fn id(text: &str) -> UnitId {
    match UnitId::of_trimmed(text) {
        Some(id) => id,
        None => panic!("the compiled counters hold a text that is no unit id"),
    }
}

/// The combat tables' statics: one `Grid` a table version.
mod tables {
    use crate::tables::{
        BgatResult, Grid, Losses, McrtResult, Reconstructed, Row, TableId, TableMode, TgatCell,
        TgatHalf, Unmatched, Weather,
    };
    use std::borrow::Cow::Borrowed as B;
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

/// The compiled grid of one version of one table, `None` should its cells not be `T`s
/// (never, for a table and the cells it is read with, as a test holds).
fn compiled_grid<T: CellText>(id: TableId, mode: TableMode) -> Option<&'static Grid<T>> {
    use std::any::Any;
    let grid: &'static (dyn Any + Send + Sync) = match (id, mode) {
        (TableId::Bgat, TableMode::Die) => &tables::BGAT_DIE,
        (TableId::Bgat, TableMode::Pbm) => &tables::BGAT_PBM,
        (TableId::Tgat, TableMode::Die) => &tables::TGAT_DIE,
        (TableId::Tgat, TableMode::Pbm) => &tables::TGAT_PBM,
        (TableId::Bbt, TableMode::Die) => &tables::BBT_DIE,
        (TableId::Bbt, TableMode::Pbm) => &tables::BBT_PBM,
        (TableId::Act, TableMode::Die) => &tables::ACT_DIE,
        (TableId::Act, TableMode::Pbm) => &tables::ACT_PBM,
        (TableId::Mcrt, TableMode::Die) => &tables::MCRT_DIE,
        (TableId::Mcrt, TableMode::Pbm) => &tables::MCRT_PBM,
        (TableId::Weather, TableMode::Die) => &tables::WEATHER_DIE,
        (TableId::Weather, TableMode::Pbm) => return None,
    };
    grid.downcast_ref()
}

/// Both versions of a table, compiled.
fn compiled_pair<T: CellText>(id: TableId) -> Option<TablePair<T>> {
    Some(TablePair {
        pbm: compiled_grid(id, TableMode::Pbm)?.clone(),
        die: compiled_grid(id, TableMode::Die)?.clone(),
    })
}

/// Every compiled table.
fn compiled_tables() -> Option<Tables> {
    Some(Tables {
        bgat: compiled_pair(TableId::Bgat)?,
        tgat: compiled_pair(TableId::Tgat)?,
        bbt: compiled_pair(TableId::Bbt)?,
        act: compiled_pair(TableId::Act)?,
        mcrt: compiled_pair(TableId::Mcrt)?,
        weather: compiled_grid(TableId::Weather, TableMode::Die)?.clone(),
    })
}

impl Tables {
    /// The tables embedded in the binary (`tables/*.toml`), checked when it was built.
    /// Should their compiled form not build, the files are read and checked here
    /// instead ([`Tables::read_embedded`]), and their problems returned.
    pub fn embedded() -> Result<Tables, TableFileErrors> {
        match compiled_tables() {
            Some(t) => Ok(t),
            None => Tables::read_embedded(),
        }
    }

    /// One version of one embedded table, checked when the binary was built: a copy of
    /// the compiled grid that borrows all it holds. Should there be none for these
    /// cells, the file is read and checked here ([`Tables::read_embedded_grid`]).
    pub fn embedded_grid<T: CellText>(id: TableId, mode: TableMode) -> Result<Grid<T>, String> {
        match compiled_grid(id, mode) {
            Some(g) => Ok(g.clone()),
            None => Tables::read_embedded_grid(id, mode),
        }
    }
}

/// The rule book's static: the figures and readings files as one value, its texts and
/// lists borrowed from the binary (`B` is `Cow::Borrowed`).
mod book {
    use crate::ruleset::*;
    use std::borrow::Cow::Borrowed as B;
    pub(super) static RULE_BOOK: RuleBook = include!(concat!(env!("OUT_DIR"), "/rule_book.rs"));
}

/// The figures and readings files, as one value: a copy of the static that copies none
/// of its texts or lists (each is borrowed).
fn rule_book() -> RuleBook {
    book::RULE_BOOK.clone()
}

fn hex(&(col, num): &Pair) -> Option<Hex> {
    Hex::new(col, num)
}

fn hexes<B: FromIterator<Hex>>(list: &[Pair]) -> Option<B> {
    Some(each(list, hex)?.into_iter().collect())
}

/// `make` of every row, in a vector allocated once at its length; `None` should any
/// row give none. (Collected into an `Option` straight from the rows, a vector does not
/// know its length and grows by doubling, copying what it holds each time it moves:
/// the board's hexes were copied again as it grew.) An ordered map or set collected
/// from the vector takes over its allocation to sort it.
fn each<R, T>(rows: &[R], make: impl Fn(&R) -> Option<T>) -> Option<Vec<T>> {
    let mut all = Vec::with_capacity(rows.len());
    for row in rows {
        all.push(make(row)?);
    }
    Some(all)
}

/// The board the build script wrote; `None` should a hex not name one (never: it was
/// written from hexes, which a test holds).
fn compiled_board() -> Option<Board> {
    let city = |&(name, list, roles, aircraft): &CityRow| {
        Some(City {
            name: name.to_string(),
            hexes: hexes(list)?,
            roles: roles.iter().copied().collect(),
            aircraft: hexes(aircraft)?,
        })
    };
    let port = |(at, dock, inland): &(Pair, Pair, &[Pair])| {
        Some(Port {
            hex: hex(at)?,
            dock: hex(dock)?,
            inland_river: hexes(inland)?,
        })
    };
    let river = |&(branch, list, ends, joins): &RiverRow| {
        Some(River {
            branch: branch.to_string(),
            hexes: hexes(list)?,
            ends: hexes(ends)?,
            joins: joins.map(str::to_string),
        })
    };
    let beach = |&(id, list): &(&str, &[Pair])| {
        Some(Beach {
            id: id.to_string(),
            hexes: hexes(list)?,
        })
    };
    let lake = |&(name, list): &(&str, &[Pair])| {
        Some(Lake {
            name: name.to_string(),
            hexes: hexes(list)?,
        })
    };
    let plain = PlainBoard {
        name: board::NAME.to_string(),
        roads: board::ROADS,
        cities: each(board::CITIES, city)?,
        ports: each(board::PORTS, port)?,
        zone_links: board::ZONE_LINKS
            .iter()
            .map(|&(zone, links)| (zone, links.iter().copied().collect()))
            .collect(),
        rivers: each(board::RIVERS, river)?,
        beaches: each(board::BEACHES, beach)?,
        lakes: each(board::LAKES, lake)?,
    };
    // The hexes, their records and the grid's tables, borrowed where they lie.
    plain.with_tables(&GridTables {
        extent: board::GRID_EXTENT,
        slots: board::GRID_SLOTS,
        hexes: board::HEXES,
        infos: board::INFOS,
        roads: board::GRID_ROADS,
        countries: board::GRID_COUNTRIES,
        sea_edge: board::GRID_SEA_EDGE,
        cities: board::GRID_CITIES,
    })
}

/// The counters the build script wrote, borrowed from the binary as they are.
fn compiled_counters() -> Counters {
    Counters::compiled(counters::TITLE, counters::RECONSTRUCTED, counters::COUNTERS)
}

impl Board {
    /// The embedded board (`rules/blitzkrieg/board.toml`), checked when the binary was
    /// built. Should its compiled form not build, the TOML is read and checked here
    /// instead, and its problems returned.
    pub fn try_embedded() -> Result<Board, BoardErrors> {
        match compiled_board() {
            Some(board) => Ok(board),
            None => Board::from_toml(Board::embedded_source(), EMBEDDED_ORIGIN),
        }
    }

    /// The embedded board, the default of every command. The embedded file is checked
    /// when the binary is built, so this cannot fail in a released binary; should it
    /// ever, it returns an empty board whose name says so, on which every hex is "not
    /// on the board". Use [`Board::try_embedded`] to see the problems.
    pub fn embedded() -> Board {
        Board::try_embedded().unwrap_or_else(|e| Board {
            name: format!("invalid embedded board: {e}"),
            ..Board::default()
        })
    }
}

impl Counters {
    /// The counters shipped with the program (`rules/blitzkrieg/counters.toml` and
    /// `oac.toml`, compiled in), checked when the binary was built. A `Result` like
    /// every other loader's, never an error: the compiled form cannot fail to build at
    /// run time (its ids are made when the binary is compiled, and a text that is no
    /// id stops the build), so there is nothing to fall back on reading.
    pub fn embedded() -> Result<Counters, UnitsErrors> {
        Ok(compiled_counters())
    }
}

impl RuleBook {
    /// The embedded figures and readings (`figures.toml`, `optional.toml`,
    /// `tournament.toml`, `readings.toml`), read and checked when the binary was built.
    /// A `Result` as [`RuleBook::parse`] returns for files given; it is never an error.
    pub fn embedded() -> Result<RuleBook, crate::ruleset::RulesetError> {
        Ok(rule_book())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{
        EMBEDDED_FIGURES, EMBEDDED_OPTIONAL, EMBEDDED_READINGS, EMBEDDED_TOURNAMENT,
    };
    use crate::tables::{BgatResult, Losses, McrtResult, TgatCell, Weather};
    use crate::units::{EMBEDDED_COUNTERS, EMBEDDED_OAC, EMBEDDED_ORIGIN as COUNTERS_ORIGIN};

    #[test]
    fn each_row_is_made_in_order_into_a_vector_of_its_length() {
        let rows = [(1, 2), (3, 4), (5, 6)];
        let made = each(&rows, |&(c, n)| Some(c * 10 + n));
        assert_eq!(made, Some(vec![12, 34, 56]));
        assert_eq!(made.map(|v| v.capacity()), Some(3));
        assert_eq!(each(&rows, |&(c, n)| (c != 3).then_some(n)), None);
        assert_eq!(each(&[] as &[Pair], hex), Some(Vec::new()));
        assert_eq!(
            hexes::<Vec<Hex>>(&[(1, 1), (2, 3)]),
            Some(
                vec![Hex::new(1, 1), Hex::new(2, 3)]
                    .into_iter()
                    .flatten()
                    .collect()
            )
        );
        assert_eq!(hexes::<Vec<Hex>>(&[(1, 1), (0, 0)]), None);
    }

    #[test]
    fn the_compiled_board_is_the_board_the_toml_makes() {
        let read = Board::from_toml(Board::embedded_source(), EMBEDDED_ORIGIN).ok();
        assert!(read
            .as_ref()
            .is_some_and(|b| b.name().contains("reconstructed")));
        assert_eq!(compiled_board(), read);
    }

    #[test]
    fn the_compiled_counters_are_the_counters_the_toml_makes() {
        let read = Counters::from_toml(EMBEDDED_COUNTERS, EMBEDDED_OAC, COUNTERS_ORIGIN).ok();
        assert!(read.as_ref().is_some_and(|c| c.iter().count() > 100));
        // Every field of every counter, the substitute mix, the title and the mark.
        assert_eq!(Some(compiled_counters()), read);
        let (compiled, Some(read)) = (compiled_counters(), read) else {
            panic!("no counters");
        };
        assert_eq!(compiled.title(), read.title());
        assert!(!compiled.title().is_empty());
        assert!(compiled.iter().eq(read.iter()));
        // Their names, and the title, are borrowed from the binary.
        assert!(compiled
            .iter()
            .all(|c| matches!(c.name, Cow::Borrowed(_)) && !c.name.is_empty()));
        assert_eq!(Counters::embedded().ok(), Some(read));
    }

    #[test]
    fn an_id_made_when_compiled_is_the_id_read_at_run_time() {
        for text in ["B-1AR", "r-10inf", "B-4/5ABN", "X", "B-1234567890ABCD"] {
            assert_eq!(UnitId::of_trimmed(text), UnitId::new(text).ok(), "{text}");
            assert!(UnitId::of_trimmed(text).is_some(), "{text}");
        }
        assert_eq!(id("r-10inf").as_str(), "R-10INF");
        for text in ["", " B-1AR", "B 1", "B-1AR!", "B-1ÄR", "B-1234567890ABCDE"] {
            assert_eq!(UnitId::of_trimmed(text), None, "{text:?}");
        }
        assert!(UnitId::new(" B-1AR ").is_ok());
        assert!(UnitId::new("B-1ÄR").is_err());
        // Every compiled id is one the loader reads from its text.
        assert!(compiled_counters()
            .iter()
            .all(|c| UnitId::new(c.id.as_str()).ok() == Some(c.id.clone())));
    }

    #[test]
    fn a_borrowed_name_reads_prints_serialises_and_compares_as_an_owned_one() {
        let counters = compiled_counters();
        let Some(borrowed) = counters.iter().next().cloned() else {
            panic!("no counters");
        };
        let owned = Counter {
            name: Cow::Owned(borrowed.name.to_string()),
            ..borrowed.clone()
        };
        assert!(matches!(borrowed.name, Cow::Borrowed(_)));
        assert_eq!(borrowed, owned);
        assert_eq!(format!("{borrowed:?}"), format!("{owned:?}"));
        assert_eq!(format!("{}", borrowed.name), format!("{}", owned.name));
        let ron = ron::to_string(&borrowed).ok();
        assert!(ron.as_ref().is_some_and(|r| r.contains(&*owned.name)));
        assert_eq!(ron, ron::to_string(&owned).ok());
        let back: Option<Counter> = ron.and_then(|r| ron::from_str(&r).ok());
        assert_eq!(back, Some(owned));
    }

    /// The compiled grid of one table version is the grid its file reads as, and
    /// borrows every text and cell.
    fn compiled_grid_is_read_grid<T: CellText + PartialEq + std::fmt::Debug>(
        id: TableId,
        mode: TableMode,
    ) {
        let read = Tables::read_embedded_grid::<T>(id, mode);
        assert!(
            read.as_ref().is_ok_and(|g| g.rows().count() >= 6),
            "{id} {mode}"
        );
        let compiled = compiled_grid::<T>(id, mode);
        assert_eq!(compiled, read.as_ref().ok(), "{id} {mode}");
        let Some(g) = compiled else {
            panic!("no compiled {id} {mode}");
        };
        assert!(matches!(g.title, Cow::Borrowed(_)));
        assert!(matches!(g.columns, Cow::Borrowed(_)));
        assert!(matches!(g.rows, Cow::Borrowed(_)));
        assert!(g.rows.iter().all(|r| matches!(r.cells, Cow::Borrowed(_))
            && matches!(r.printed, Cow::Borrowed(_))
            && r.printed.iter().all(|p| matches!(p, Cow::Borrowed(_)))));
        assert_eq!(Tables::embedded_grid::<T>(id, mode).as_ref(), read.as_ref());
    }

    #[test]
    fn every_compiled_table_is_the_grid_its_toml_makes() {
        let mut files = 0;
        for id in TableId::ALL {
            for &mode in id.modes() {
                match id {
                    TableId::Bgat => compiled_grid_is_read_grid::<BgatResult>(id, mode),
                    TableId::Tgat => compiled_grid_is_read_grid::<TgatCell>(id, mode),
                    TableId::Bbt | TableId::Act => compiled_grid_is_read_grid::<Losses>(id, mode),
                    TableId::Mcrt => compiled_grid_is_read_grid::<McrtResult>(id, mode),
                    TableId::Weather => compiled_grid_is_read_grid::<Weather>(id, mode),
                }
                files += 1;
            }
        }
        assert_eq!(files, crate::tables::EMBEDDED.len());
        let weather = compiled_grid::<Weather>(TableId::Weather, TableMode::Die);
        assert!(weather.is_some_and(|g| g.turns.as_ref().is_some_and(|t| t.len() == 9)));
        let tgat = compiled_grid::<TgatCell>(TableId::Tgat, TableMode::Pbm);
        assert!(tgat.is_some_and(|g| !g.reconstructed.is_empty()));
        assert_eq!(Tables::embedded().ok(), Tables::read_embedded().ok());
        assert!(Tables::embedded().is_ok());
    }

    #[test]
    fn a_table_read_with_other_cells_or_in_no_version_has_no_compiled_grid() {
        assert!(compiled_grid::<BgatResult>(TableId::Bgat, TableMode::Pbm).is_some());
        assert!(compiled_grid::<Losses>(TableId::Bgat, TableMode::Pbm).is_none());
        assert!(compiled_grid::<Losses>(TableId::Act, TableMode::Die).is_some());
        assert!(compiled_grid::<McrtResult>(TableId::Act, TableMode::Die).is_none());
        assert!(compiled_grid::<Weather>(TableId::Weather, TableMode::Pbm).is_none());
        // Then the file is read, which finds the cells wrong or the file missing.
        assert!(Tables::embedded_grid::<Losses>(TableId::Bgat, TableMode::Pbm).is_err());
        assert!(Tables::embedded_grid::<Weather>(TableId::Weather, TableMode::Pbm).is_err());
    }

    #[test]
    fn the_compiled_rule_book_is_the_book_the_toml_makes() {
        let read = RuleBook::parse(
            EMBEDDED_FIGURES,
            "rules/blitzkrieg/figures.toml",
            EMBEDDED_OPTIONAL,
            "rules/blitzkrieg/optional.toml",
            EMBEDDED_TOURNAMENT,
            "rules/blitzkrieg/tournament.toml",
            EMBEDDED_READINGS,
            "rules/blitzkrieg/readings.toml",
        );
        assert!(read.as_ref().is_ok_and(|b| b.readings.len() > 20));
        assert!(read
            .as_ref()
            .is_ok_and(|b| !b.tournament_readings.is_empty()));
        assert_eq!(read, Ok(rule_book()));
    }
}
