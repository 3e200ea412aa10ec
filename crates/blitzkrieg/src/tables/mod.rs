//! The combat tables of seed 000 as data: the face-to-face tables (die 1-6) and the
//! play-by-mail tables (digit 1-9, 0), one TOML file each under `tables/`, embedded in
//! the binary, with typed lookups. Each lookup returns the result, the printed cell and
//! a citation ("BGAT PBM, row 7, column 3-1") for the turn report. Reconstructed cells
//! are recorded in the files themselves and in `docs/tables.md`.
//!
//! The embedded grids are not parsed at run time: the build script reads each file
//! with the loader here (a problem stops the build) and writes its cells as statics,
//! from which `compiled.rs` gives [`Tables::embedded_grid`] and [`Tables::embedded`],
//! borrowing every text and cell. Files given by path ([`Tables::load_dir`]) are read
//! here, as is the embedded text should a compiled grid ever not build.

pub mod cells;
pub mod grid;
pub mod render;

pub use cells::{
    intercepted_unescorted_bombing, BgatResult, FactorBracket, Losses, McrtResult, Party, TgatCell,
    TgatHalf, TgatResult, Weather,
};
pub use grid::{Grid, Reconstructed, Row, TableFileError, TableFileErrors, Text, Texts, Unmatched};

pub use crate::dice::TableMode;
use crate::dice::{Die, Roll};
use crate::odds::{Column, Factor, Odds, OddsColumn};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

/// The tables of seed 000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TableId {
    /// Basic Game Attrition Table (15).
    Bgat,
    /// Tournament Game Attrition Table (25).
    Tgat,
    /// Barrage and Bombardment Table (25.2, 30.42, 33).
    Bbt,
    /// Air Combat Table (32).
    Act,
    /// Minor City Reduction Table (29.4).
    Mcrt,
    /// Weather Chart (34); face-to-face only.
    Weather,
}

impl TableId {
    pub const ALL: [TableId; 6] = [
        TableId::Bgat,
        TableId::Tgat,
        TableId::Bbt,
        TableId::Act,
        TableId::Mcrt,
        TableId::Weather,
    ];

    /// As written in the table files and on the command line: "bgat" ... "weather".
    pub fn key(self) -> &'static str {
        match self {
            TableId::Bgat => "bgat",
            TableId::Tgat => "tgat",
            TableId::Bbt => "bbt",
            TableId::Act => "act",
            TableId::Mcrt => "mcrt",
            TableId::Weather => "weather",
        }
    }

    pub fn from_key(key: &str) -> Option<TableId> {
        let k = key.trim().to_ascii_lowercase();
        TableId::ALL.into_iter().find(|t| t.key() == k)
    }

    /// The versions printed in seed 000.
    pub fn modes(self) -> &'static [TableMode] {
        match self {
            TableId::Weather => &[TableMode::Die],
            _ => &[TableMode::Pbm, TableMode::Die],
        }
    }

    /// The file of one version: "bgat-pbm.toml".
    pub fn file_name(self, mode: TableMode) -> String {
        format!("{}-{}.toml", self.key(), mode.key())
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableId::Bgat => "BGAT",
            TableId::Tgat => "TGAT",
            TableId::Bbt => "BBT",
            TableId::Act => "ACT",
            TableId::Mcrt => "MCRT",
            TableId::Weather => "Weather Chart",
        })
    }
}

/// Where a result was read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A printed cell.
    Cell { row: Roll, column: String },
    /// A note printed with the table (no cell is read).
    Note(&'static str),
}

/// A citation for the report: "BGAT PBM, row 7, column 3-1".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cite {
    pub table: TableId,
    pub mode: TableMode,
    pub entry: Entry,
}

impl fmt::Display for Cite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.entry {
            Entry::Cell { row, column } => write!(
                f,
                "{} {}, row {}, column {column}",
                self.table,
                self.mode,
                row.value()
            ),
            Entry::Note(note) => write!(f, "{} {}, note: {note}", self.table, self.mode),
        }
    }
}

/// A result read from a table, with the printed cell and where it was read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lookup<T> {
    pub result: T,
    /// The cell as printed ("D elim", "1 2 / 3 3", "4*").
    pub printed: String,
    pub cite: Cite,
}

/// A battle that cannot be read on a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    #[error("{odds}: odds worse than 1-6 are not allowed ({table} note)")]
    OddsTooLow { table: TableId, odds: String },
    #[error(
        "{factors} attacking factors are fewer than the first column ({first}) of the {table}"
    )]
    TooFewFactors {
        table: TableId,
        factors: Factor,
        first: String,
    },
    #[error("{cite}: the table has no such cell")]
    NoCell { cite: Cite },
    #[error("the embedded {table} cannot be read: {reason}")]
    Unreadable { table: TableId, reason: String },
}

const BGAT_AUTOMATIC: &str = "odds greater than 6-1 are D elim";
const TGAT_AUTOMATIC: &str = "odds greater than 6-1 are D elim (attacker advance 4)";
const NIGHT_OFF_TABLE: &str =
    "33.6: night bombing is resolved 3 columns lower; below the first column it has no effect";
const WEATHER_CLEAR: &str =
    "34: the first seven turns (and the seven turns after each weather season) are clear";

/// The embedded table files, by file name.
pub const EMBEDDED: [(&str, &str); 11] = [
    (
        "bgat-die.toml",
        include_str!("../../../../tables/bgat-die.toml"),
    ),
    (
        "bgat-pbm.toml",
        include_str!("../../../../tables/bgat-pbm.toml"),
    ),
    (
        "tgat-die.toml",
        include_str!("../../../../tables/tgat-die.toml"),
    ),
    (
        "tgat-pbm.toml",
        include_str!("../../../../tables/tgat-pbm.toml"),
    ),
    (
        "bbt-die.toml",
        include_str!("../../../../tables/bbt-die.toml"),
    ),
    (
        "bbt-pbm.toml",
        include_str!("../../../../tables/bbt-pbm.toml"),
    ),
    (
        "act-die.toml",
        include_str!("../../../../tables/act-die.toml"),
    ),
    (
        "act-pbm.toml",
        include_str!("../../../../tables/act-pbm.toml"),
    ),
    (
        "mcrt-die.toml",
        include_str!("../../../../tables/mcrt-die.toml"),
    ),
    (
        "mcrt-pbm.toml",
        include_str!("../../../../tables/mcrt-pbm.toml"),
    ),
    (
        "weather-die.toml",
        include_str!("../../../../tables/weather-die.toml"),
    ),
];

/// A table in both versions.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair<T: Clone + 'static> {
    pub pbm: Grid<T>,
    pub die: Grid<T>,
}

impl<T: Clone + 'static> Pair<T> {
    pub fn get(&self, mode: TableMode) -> &Grid<T> {
        match mode {
            TableMode::Pbm => &self.pbm,
            TableMode::Die => &self.die,
        }
    }
}

/// Every table of seed 000, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    pub bgat: Pair<BgatResult>,
    pub tgat: Pair<TgatCell>,
    pub bbt: Pair<Losses>,
    pub act: Pair<Losses>,
    pub mcrt: Pair<McrtResult>,
    pub weather: Grid<Weather>,
}

impl Tables {
    /// The tables embedded in the binary (`tables/*.toml`), read and checked here.
    /// Fails only if those files are broken, which the build checks.
    /// [`Tables::embedded`] gives them without reading the files.
    pub fn read_embedded() -> Result<Tables, TableFileErrors> {
        Tables::from_files(embedded_file)
    }

    /// The embedded file of one table version, as text.
    pub fn embedded_source(id: TableId, mode: TableMode) -> Option<&'static str> {
        let name = id.file_name(mode);
        EMBEDDED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, src)| *src)
    }

    /// One version of one embedded table, read from its file and checked: what the
    /// build script writes the compiled grids from. [`Tables::embedded_grid`] gives it
    /// without reading the file.
    pub fn read_embedded_grid<T: grid::CellText>(
        id: TableId,
        mode: TableMode,
    ) -> Result<Grid<T>, String> {
        let mut loader = Loader {
            read: &embedded_file,
            errors: Vec::new(),
        };
        match loader.grid(id, mode) {
            Some(g) if loader.errors.is_empty() => Ok(g),
            _ => Err(TableFileErrors(loader.errors).to_string()),
        }
    }

    /// Tables from a folder holding the eleven files (`bgat-pbm.toml` ...).
    pub fn load_dir(dir: &Path) -> Result<Tables, TableFileErrors> {
        Tables::from_files(|name| {
            let path = dir.join(name);
            std::fs::read_to_string(&path).map_err(|e| TableFileError::Unreadable {
                file: path.display().to_string(),
                message: e.to_string(),
            })
        })
    }

    /// Reads and checks all eleven files, collecting every problem.
    fn from_files(
        read: impl Fn(&str) -> Result<String, TableFileError>,
    ) -> Result<Tables, TableFileErrors> {
        let mut loader = Loader {
            read: &read,
            errors: Vec::new(),
        };
        let bgat = loader.pair(TableId::Bgat);
        let tgat = loader.pair(TableId::Tgat);
        let bbt = loader.pair(TableId::Bbt);
        let act = loader.pair(TableId::Act);
        let mcrt = loader.pair(TableId::Mcrt);
        let weather = loader.grid(TableId::Weather, TableMode::Die);
        match (bgat, tgat, bbt, act, mcrt, weather) {
            (Some(bgat), Some(tgat), Some(bbt), Some(act), Some(mcrt), Some(weather))
                if loader.errors.is_empty() =>
            {
                Ok(Tables {
                    bgat,
                    tgat,
                    bbt,
                    act,
                    mcrt,
                    weather,
                })
            }
            _ => Err(TableFileErrors(loader.errors)),
        }
    }

    /// 15.2-15.3: the BGAT result of a battle at `odds` for `roll` (a digit reads the
    /// play-by-mail BGAT, a die the face-to-face one). Odds worse than 1-6 are refused;
    /// odds better than 6-1 are D elim without reading a row.
    pub fn bgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<BgatResult>, LookupError> {
        bgat_in(self.bgat.get(roll.mode()), odds, roll)
    }

    /// 25.1: the TGAT result of a battle at `odds` for `roll`. Odds worse than 1-6 are
    /// refused; better than 6-1 are D elim with attacker advance 4.
    pub fn tgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<TgatResult>, LookupError> {
        tgat_in(self.tgat.get(roll.mode()), odds, roll)
    }

    /// 25.2, 30.42, 33.2-33.5: the BBT result of `factors` attacking for `roll`.
    /// A fraction of a factor does not reach the next column (it counts as the whole
    /// number below, in the defender's favour as in 15.1).
    pub fn bbt(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        let grid = self.bbt.get(roll.mode());
        let column = bracket_column(grid, factors)?;
        read(grid, roll, column, |r| *r)
    }

    /// 33.6: night bombing, "resolved 3 columns lower than otherwise on the BBT ... a 4-7
    /// attack would have no effect".
    pub fn bbt_night(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        bbt_lowered_in(self.bbt.get(roll.mode()), factors, roll, 3)
    }

    /// 32: the ACT result of `factors` firing for `roll`. The play-by-mail ACT has nine
    /// columns (to "33+"), the face-to-face ACT eleven (to "41+").
    pub fn act(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        let grid = self.act.get(roll.mode());
        let column = bracket_column(grid, factors)?;
        read(grid, roll, column, |r| *r)
    }

    /// 29.4: the MCRT result of `factors` attacking a minor country city for `roll`.
    pub fn mcrt(&self, factors: Factor, roll: Roll) -> Result<Lookup<McrtResult>, LookupError> {
        let grid = self.mcrt.get(roll.mode());
        let column = bracket_column(grid, factors)?;
        read(grid, roll, column, |r| *r)
    }

    /// 34: the Weather Chart column of a turn, or `None` when the turn is always clear
    /// (turns 1-7; in a game extended past turn 26, the weather repeats every 26 turns:
    /// each season of turns 8-26 is followed by 7 clear turns).
    pub fn weather_column(&self, turn: u32) -> Option<usize> {
        weather_column_in(&self.weather, turn)
    }

    /// 34: the weather of a turn; the die is not read on clear turns.
    pub fn weather(&self, turn: u32, die: Die) -> Result<Lookup<Weather>, LookupError> {
        weather_in(&self.weather, turn, die)
    }
}

/// 34: the column of a turn in the Weather Chart `grid` (see [`Tables::weather_column`]).
pub fn weather_column_in(grid: &Grid<Weather>, turn: u32) -> Option<usize> {
    if turn == 0 {
        return None;
    }
    let t = (turn - 1) % 26 + 1;
    grid.turns.as_ref()?.iter().position(|ts| ts.contains(&t))
}

/// 34: the weather of a turn on the Weather Chart `grid` (see [`Tables::weather`]).
fn weather_in(grid: &Grid<Weather>, turn: u32, die: Die) -> Result<Lookup<Weather>, LookupError> {
    match weather_column_in(grid, turn) {
        Some(c) => read(grid, Roll::Die(die), c, |w| *w),
        None => Ok(Lookup {
            result: Weather::Clear,
            printed: "Clear".to_string(),
            cite: note(TableId::Weather, TableMode::Die, WEATHER_CLEAR),
        }),
    }
}

/// The text of an embedded table file, by file name.
fn embedded_file(name: &str) -> Result<String, TableFileError> {
    EMBEDDED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, src)| (*src).to_string())
        .ok_or_else(|| TableFileError::Unreadable {
            file: name.to_string(),
            message: "not embedded".to_string(),
        })
}

/// 15.2-15.3: the BGAT lookup in one version of the table (the roll's).
fn bgat_in(
    grid: &Grid<BgatResult>,
    odds: &Odds,
    roll: Roll,
) -> Result<Lookup<BgatResult>, LookupError> {
    match odds.column() {
        Column::TooLow => Err(LookupError::OddsTooLow {
            table: TableId::Bgat,
            odds: odds.to_string(),
        }),
        Column::Automatic => Ok(Lookup {
            result: BgatResult::DefenderEliminated,
            printed: "D elim".to_string(),
            cite: note(TableId::Bgat, roll.mode(), BGAT_AUTOMATIC),
        }),
        Column::Table(c) => read(grid, roll, c.index(), |r| *r),
    }
}

/// 25.1: the TGAT result of a battle at `odds` for `roll` on `grid`.
fn tgat_in(
    grid: &Grid<TgatCell>,
    odds: &Odds,
    roll: Roll,
) -> Result<Lookup<TgatResult>, LookupError> {
    match odds.column() {
        Column::TooLow => Err(LookupError::OddsTooLow {
            table: TableId::Tgat,
            odds: odds.to_string(),
        }),
        Column::Automatic => Ok(Lookup {
            result: TgatResult::DefenderEliminated {
                attacker_advance: 4,
            },
            printed: "D elim (Attacker Advance 4)".to_string(),
            cite: note(TableId::Tgat, roll.mode(), TGAT_AUTOMATIC),
        }),
        Column::Table(c) => read(grid, roll, c.index(), |r| TgatResult::Cell(*r)),
    }
}

/// 33.6: the BBT result `lower` columns left of the column of `factors`; an attack
/// whose column is moved off the table has no effect.
fn bbt_lowered_in(
    grid: &Grid<Losses>,
    factors: Factor,
    roll: Roll,
    lower: usize,
) -> Result<Lookup<Losses>, LookupError> {
    let column = bracket_column(grid, factors)?;
    match column.checked_sub(lower) {
        Some(c) => read(grid, roll, c, |r| *r),
        None => Ok(Lookup {
            result: Losses { factors: 0 },
            printed: "-".to_string(),
            cite: note(TableId::Bbt, roll.mode(), NIGHT_OFF_TABLE),
        }),
    }
}

/// The combat tables as the engine reads them: every lookup of a battle goes through
/// this, whether the tables were all read from files at the start or are the embedded
/// ones, each taken the first time a battle needs it ([`EmbeddedTables`]).
pub trait CombatTables {
    /// 15.2-15.3: the BGAT result of a battle at `odds` for `roll`.
    fn bgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<BgatResult>, LookupError>;
    /// 25.1: the TGAT result of a battle at `odds` for `roll`.
    fn tgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<TgatResult>, LookupError>;
    /// 25.2: the BBT result of `factors` barraging for `roll`.
    fn bbt(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError>;
    /// 29.4: the MCRT result of `factors` attacking a minor country city for `roll`.
    fn mcrt(&self, factors: Factor, roll: Roll) -> Result<Lookup<McrtResult>, LookupError>;
    // 34 (weather)
    /// 34: the Weather Chart column of a turn, `None` on a turn always clear.
    fn weather_column(&self, turn: u32) -> Option<usize>;
    /// 34: the weather of a turn for a die.
    fn weather(&self, turn: u32, die: Die) -> Result<Lookup<Weather>, LookupError>;
    // 33: additional bombing missions (optional rule).
    /// 33.6: the BBT result `lower` columns left of the column of `factors`.
    fn bbt_lowered(
        &self,
        factors: Factor,
        roll: Roll,
        lower: usize,
    ) -> Result<Lookup<Losses>, LookupError>;
    /// 33.2, 33.6: the ACT result of `factors` firing for `roll`.
    fn act(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError>;
}

impl CombatTables for Tables {
    fn bgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<BgatResult>, LookupError> {
        Tables::bgat(self, odds, roll)
    }

    fn tgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<TgatResult>, LookupError> {
        Tables::tgat(self, odds, roll)
    }

    fn bbt(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        Tables::bbt(self, factors, roll)
    }

    fn mcrt(&self, factors: Factor, roll: Roll) -> Result<Lookup<McrtResult>, LookupError> {
        Tables::mcrt(self, factors, roll)
    }

    fn weather_column(&self, turn: u32) -> Option<usize> {
        Tables::weather_column(self, turn)
    }

    fn weather(&self, turn: u32, die: Die) -> Result<Lookup<Weather>, LookupError> {
        Tables::weather(self, turn, die)
    }

    fn bbt_lowered(
        &self,
        factors: Factor,
        roll: Roll,
        lower: usize,
    ) -> Result<Lookup<Losses>, LookupError> {
        bbt_lowered_in(self.bbt.get(roll.mode()), factors, roll, lower)
    }

    fn act(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        Tables::act(self, factors, roll)
    }
}

/// The embedded tables, each version of each table taken the first time it is looked
/// up ([`Tables::embedded_grid`]: a copy of its compiled grid, which borrows all it
/// holds): a turn of the Basic Game by mail takes the play-by-mail BGAT only. The
/// embedded files are checked whole when the binary is built and by the test suite
/// (`tests/tables_embedded.rs`).
#[derive(Clone, Debug, Default)]
pub struct EmbeddedTables {
    bgat: [OnceLock<Result<Grid<BgatResult>, String>>; 2],
    tgat: [OnceLock<Result<Grid<TgatCell>, String>>; 2],
    bbt: [OnceLock<Result<Grid<Losses>, String>>; 2],
    mcrt: [OnceLock<Result<Grid<McrtResult>, String>>; 2],
    weather: OnceLock<Result<Grid<Weather>, String>>,
    act: [OnceLock<Result<Grid<Losses>, String>>; 2],
}

impl EmbeddedTables {
    /// The cell of a table's versions the roll reads (a digit the play-by-mail one, a
    /// die the face-to-face one), with that mode.
    fn of<T>(pair: &[OnceLock<T>; 2], roll: Roll) -> (&OnceLock<T>, TableMode) {
        let mode = roll.mode();
        let cell = match mode {
            TableMode::Pbm => &pair[0],
            TableMode::Die => &pair[1],
        };
        (cell, mode)
    }

    fn grid<T: grid::CellText>(
        cell: &OnceLock<Result<Grid<T>, String>>,
        id: TableId,
        mode: TableMode,
    ) -> Result<&Grid<T>, LookupError> {
        cell.get_or_init(|| Tables::embedded_grid(id, mode))
            .as_ref()
            .map_err(|reason| LookupError::Unreadable {
                table: id,
                reason: reason.clone(),
            })
    }
}

impl CombatTables for EmbeddedTables {
    fn bgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<BgatResult>, LookupError> {
        let (cell, mode) = EmbeddedTables::of(&self.bgat, roll);
        bgat_in(EmbeddedTables::grid(cell, TableId::Bgat, mode)?, odds, roll)
    }

    fn tgat(&self, odds: &Odds, roll: Roll) -> Result<Lookup<TgatResult>, LookupError> {
        let (cell, mode) = EmbeddedTables::of(&self.tgat, roll);
        tgat_in(EmbeddedTables::grid(cell, TableId::Tgat, mode)?, odds, roll)
    }

    fn bbt(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        let (cell, mode) = EmbeddedTables::of(&self.bbt, roll);
        let grid = EmbeddedTables::grid(cell, TableId::Bbt, mode)?;
        let column = bracket_column(grid, factors)?;
        read(grid, roll, column, |r| *r)
    }

    fn mcrt(&self, factors: Factor, roll: Roll) -> Result<Lookup<McrtResult>, LookupError> {
        let (cell, mode) = EmbeddedTables::of(&self.mcrt, roll);
        let grid = EmbeddedTables::grid(cell, TableId::Mcrt, mode)?;
        let column = bracket_column(grid, factors)?;
        read(grid, roll, column, |r| *r)
    }

    fn weather_column(&self, turn: u32) -> Option<usize> {
        let grid = EmbeddedTables::grid(&self.weather, TableId::Weather, TableMode::Die).ok()?;
        weather_column_in(grid, turn)
    }

    fn weather(&self, turn: u32, die: Die) -> Result<Lookup<Weather>, LookupError> {
        let grid = EmbeddedTables::grid(&self.weather, TableId::Weather, TableMode::Die)?;
        weather_in(grid, turn, die)
    }

    fn bbt_lowered(
        &self,
        factors: Factor,
        roll: Roll,
        lower: usize,
    ) -> Result<Lookup<Losses>, LookupError> {
        let (cell, mode) = EmbeddedTables::of(&self.bbt, roll);
        let grid = EmbeddedTables::grid(cell, TableId::Bbt, mode)?;
        bbt_lowered_in(grid, factors, roll, lower)
    }

    fn act(&self, factors: Factor, roll: Roll) -> Result<Lookup<Losses>, LookupError> {
        let (cell, mode) = EmbeddedTables::of(&self.act, roll);
        let grid = EmbeddedTables::grid(cell, TableId::Act, mode)?;
        let column = bracket_column(grid, factors)?;
        read(grid, roll, column, |r| *r)
    }
}

fn note(table: TableId, mode: TableMode, text: &'static str) -> Cite {
    Cite {
        table,
        mode,
        entry: Entry::Note(text),
    }
}

/// Reads one cell. Rows and columns are checked when the tables are loaded, so a
/// lookup always finds its cell.
fn read<T: Clone + 'static, R>(
    grid: &Grid<T>,
    roll: Roll,
    column: usize,
    f: impl Fn(&T) -> R,
) -> Result<Lookup<R>, LookupError> {
    let cite = Cite {
        table: grid.id,
        mode: grid.mode,
        entry: Entry::Cell {
            row: roll,
            column: grid
                .columns
                .get(column)
                .map(|c| c.to_string())
                .unwrap_or_default(),
        },
    };
    match grid.cell(roll, column) {
        Some((cell, printed)) => Ok(Lookup {
            result: f(cell),
            printed: printed.to_string(),
            cite,
        }),
        None => Err(LookupError::NoCell { cite }),
    }
}

/// The column of a factor-bracket table that `factors` fall in: the whole number at or
/// below them.
fn bracket_column<T: Clone + 'static>(
    grid: &Grid<T>,
    factors: Factor,
) -> Result<usize, LookupError> {
    let whole = factors.floor();
    grid.columns
        .iter()
        .position(|c| FactorBracket::parse(c).is_some_and(|b| b.contains(whole)))
        .ok_or_else(|| LookupError::TooFewFactors {
            table: grid.id,
            factors,
            first: grid
                .columns
                .first()
                .map(|c| c.to_string())
                .unwrap_or_default(),
        })
}

/// Reads table files, collecting every problem.
struct Loader<'a> {
    read: &'a dyn Fn(&str) -> Result<String, TableFileError>,
    errors: Vec<TableFileError>,
}

impl Loader<'_> {
    fn grid<T: grid::CellText>(&mut self, id: TableId, mode: TableMode) -> Option<Grid<T>> {
        let name = id.file_name(mode);
        let src = match (self.read)(&name) {
            Ok(src) => src,
            Err(e) => {
                self.errors.push(e);
                return None;
            }
        };
        match grid::parse::<T>(&name, &src, id, mode) {
            Ok(g) => {
                let before = self.errors.len();
                check_columns(&g, &name, &mut self.errors);
                (self.errors.len() == before).then_some(g)
            }
            Err(e) => {
                self.errors.extend(e);
                None
            }
        }
    }

    fn pair<T: grid::CellText>(&mut self, id: TableId) -> Option<Pair<T>> {
        let pbm = self.grid(id, TableMode::Pbm);
        let die = self.grid(id, TableMode::Die);
        Some(Pair {
            pbm: pbm?,
            die: die?,
        })
    }
}

/// The columns a table must have: the eleven odds columns for the BGAT and TGAT; for
/// the BBT, ACT and MCRT factor brackets that follow on without gap and end open
/// ("56+"); for the Weather Chart one list of turns per column.
fn check_columns<T: Clone + 'static>(grid: &Grid<T>, file: &str, errors: &mut Vec<TableFileError>) {
    let mut bad = |label: &str, problem: String| {
        errors.push(TableFileError::Column {
            file: file.to_string(),
            label: label.to_string(),
            problem,
        })
    };
    match grid.id {
        TableId::Bgat | TableId::Tgat => {
            let labels: Vec<&str> = OddsColumn::ALL.iter().map(|c| c.label()).collect();
            if grid.columns.iter().map(|c| &**c).ne(labels.iter().copied()) {
                bad(
                    &grid.columns.join(" "),
                    format!("the odds columns must be {}", labels.join(" ")),
                );
            }
        }
        TableId::Bbt | TableId::Act | TableId::Mcrt => {
            let mut next: Option<u64> = None;
            let last = grid.columns.len().saturating_sub(1);
            for (i, label) in grid.columns.iter().enumerate() {
                let Some(b) = FactorBracket::parse(label) else {
                    bad(label, "not a range of factors like 2-3 or 56+".to_string());
                    continue;
                };
                if next.is_some_and(|n| n != b.low) {
                    bad(
                        label,
                        "does not follow on from the column before".to_string(),
                    );
                }
                if (i == last) != b.high.is_none() {
                    bad(
                        label,
                        "only the last column is open-ended (\"56+\")".to_string(),
                    );
                }
                next = b.high.map(|h| h + 1);
            }
        }
        TableId::Weather => match &grid.turns {
            Some(turns) if turns.len() == grid.columns.len() => {}
            _ => bad(
                &grid.columns.join(" "),
                "the Weather Chart needs one list of turns per column".to_string(),
            ),
        },
    }
}
