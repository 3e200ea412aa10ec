//! What can be wrong with a board file, and where: one [`BoardProblem`] variant per
//! rule of the format, each located by file, line and column ([`BoardError`]), all of
//! them collected into one [`BoardErrors`] that miette renders with a caret under
//! every bad value.

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};
use std::fmt;
use std::sync::Arc;

/// One rule of the board format broken. Worded for a player correcting the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardProblem {
    #[error("the file cannot be read: {message}")]
    Unreadable { message: String },
    #[error("the file is not a board file: {message}")]
    Syntax { message: String },
    #[error("`{field}` must be {expected}, not {found}")]
    BadHeader {
        field: &'static str,
        expected: &'static str,
        found: String,
    },
    #[error("grid `{grid}` has {found} rows; the board has {expected} (`rows` in [board])")]
    RowCount {
        grid: &'static str,
        found: usize,
        expected: usize,
    },
    #[error("row {row} of grid `{grid}` is {found} characters wide; every row must be exactly {expected} (`columns`)")]
    RowWidth {
        grid: &'static str,
        row: i32,
        found: usize,
        expected: usize,
    },
    #[error("`{ch}` is not a {grid} character (at {place})")]
    UnknownChar {
        grid: &'static str,
        ch: char,
        place: String,
    },
    #[error(
        "column {col}, row {row} cannot be a hex (its number would be {num}); write ' ' there"
    )]
    NoHexThere { col: i32, row: i32, num: i32 },
    #[error("{hex}: grid `{grid}` has `{found}` where {terrain}")]
    GridMismatch {
        grid: &'static str,
        hex: String,
        found: char,
        terrain: String,
    },
    #[error("land hex {hex} belongs to no country")]
    LandWithoutCountry { hex: String },
    #[error("sea hex {hex} is in no sea zone")]
    SeaWithoutZone { hex: String },
    #[error("{hex} is not a sea hex but is given sea zone {zone}")]
    ZoneOnLand { hex: String, zone: char },
    #[error("sea zone {zone} is used but has no entry in [sea_zones]")]
    UnknownZone { zone: char },
    #[error("`{name}` is not a sea zone name: use one capital letter A-Z")]
    BadZoneName { name: String },
    #[error("sea zone {zone} has no sea hexes on the board")]
    ZoneWithoutHexes { zone: char },
    #[error("sea zones are not symmetric: {a} lists {b} as adjacent, but {b} does not list {a}")]
    ZoneLinkAsymmetric { a: char, b: char },
    #[error("`{text}` is not a hex: {reason}")]
    BadHex { text: String, reason: String },
    #[error("{what} {hex} is not on the board")]
    OffBoard { what: &'static str, hex: String },
    #[error("{what} {hex} is not a land hex (it is {terrain})")]
    NotLand {
        what: &'static str,
        hex: String,
        terrain: String,
    },
    #[error("the road joins {from} and {to}, which do not touch")]
    RoadNotAdjacent { from: String, to: String },
    #[error("the road `{text}` names fewer than two hexes")]
    RoadTooShort { text: String },
    #[error("city `{city}`: {a} and {b} do not touch; the hexes of a city must all be adjacent to each other")]
    CityNotAdjacent { city: String, a: String, b: String },
    #[error("city `{city}` has {count} hexes; a city has 1 to 3")]
    CitySize { city: String, count: usize },
    #[error("{hex} is named twice: {first} and {second}")]
    HexNamedTwice {
        hex: String,
        first: String,
        second: String,
    },
    #[error("`{name}` is used twice as a {what}")]
    NameTwice { what: &'static str, name: String },
    #[error(
        "`{role}` is not a city role: use oil, industry or naval (aircraft hexes go in `aircraft`)"
    )]
    UnknownRole { role: String },
    #[error("city `{city}`: aircraft hex {hex} is not one of the city's hexes")]
    AircraftNotInCity { city: String, hex: String },
    #[error("port {hex} is not a city hex")]
    PortNotCity { hex: String },
    #[error("port {port}: its docking hex {dock} is not a sea hex (it is {terrain})")]
    DockNotSea {
        port: String,
        dock: String,
        terrain: String,
    },
    #[error("port {port}: its docking hex {dock} does not touch {next}")]
    DockNotAdjacent {
        port: String,
        dock: String,
        next: String,
    },
    #[error("coastal city hex {hex} is a port (19.4) but has no [[port]] entry")]
    CoastalCityWithoutPort { hex: String },
    #[error("inland port {port}: {hex} is not a river hex")]
    InlandNotRiver { port: String, hex: String },
    #[error("inland port {port}: river hex {hex} does not touch {prev}; the river hexes must run from the port to the docking sea hex")]
    InlandChainBroken {
        port: String,
        hex: String,
        prev: String,
    },
    #[error("river `{branch}`: {hex} does not touch {prev}; list a branch's hexes in order along the river")]
    RiverNotChain {
        branch: String,
        hex: String,
        prev: String,
    },
    #[error("river `{branch}`: end-of-river hex {hex} is not one of the branch's hexes")]
    RiverEndNotOnBranch { branch: String, hex: String },
    #[error("river `{branch}` joins `{joins}`, which is not a river branch of this board")]
    RiverJoinsUnknown { branch: String, joins: String },
    #[error(
        "river `{branch}` joins `{joins}`, but its last hex {hex} touches no hex of `{joins}`"
    )]
    RiverJoinsApart {
        branch: String,
        joins: String,
        hex: String,
    },
    #[error("beach `{beach}`: {hex} touches no sea hex, so it cannot be a beach")]
    BeachNotCoastal { beach: String, hex: String },
    #[error("beach `{beach}` is not one continuous chain: {hex} is cut off from {first}")]
    BeachBroken {
        beach: String,
        hex: String,
        first: String,
    },
    #[error("lake `{lake}`: {hex} is not a lake hex (it is {terrain})")]
    LakeNotLake {
        lake: String,
        hex: String,
        terrain: String,
    },
}

impl BoardProblem {
    /// A hint for the player correcting the file.
    pub fn hint(&self) -> Option<&'static str> {
        use BoardProblem::*;
        Some(match self {
            RowWidth { .. } | RowCount { .. } | NoHexThere { .. } => {
                "see docs/board.md: paper row y, column c is the hex (c, y + c/2)"
            }
            UnknownChar { .. } => {
                "terrain: ' ' . f m d ~ l x; country: ' ' . B R N S C E W; sea_zone: ' ' . A-Z"
            }
            RoadNotAdjacent { .. } | RiverNotChain { .. } | InlandChainBroken { .. } => {
                "(c, n) touches (c±1, n), (c, n±1), (c+1, n+1) and (c-1, n-1); `blitz board --hex` lists a hex's neighbours"
            }
            CityNotAdjacent { .. } => "a multi-hex city is a pair or a triangle of touching hexes",
            DockNotSea { .. } | DockNotAdjacent { .. } => {
                "the docking hex is the sea hex next to the port where ships dock (SPI port chart)"
            }
            CoastalCityWithoutPort { .. } => {
                "add [[port]] with this hex and one touching sea hex as `dock`"
            }
            SeaWithoutZone { .. } | ZoneOnLand { .. } => {
                "the sea_zone grid must have a zone letter on every sea hex and '.' elsewhere"
            }
            ZoneLinkAsymmetric { .. } => "list the pair under both zones in [sea_zones]",
            BeachBroken { .. } => {
                "a beach is one continuous chain of coastal hexes (20.1); split it into two beaches"
            }
            _ => return None,
        })
    }

    /// Short label printed at the caret.
    fn label(&self) -> &'static str {
        use BoardProblem::*;
        match self {
            Syntax { .. } | Unreadable { .. } => "here",
            UnknownChar { .. } => "unknown character",
            NoHexThere { .. } => "no hex here",
            RowWidth { .. } => "wrong width",
            RowCount { .. } => "wrong number of rows",
            RoadNotAdjacent { .. } => "not adjacent to the hex before",
            CityNotAdjacent { .. } => "does not touch",
            HexNamedTwice { .. } | NameTwice { .. } => "named again here",
            SeaWithoutZone { .. } => "sea without zone",
            DockNotSea { .. } | DockNotAdjacent { .. } => "bad docking hex",
            _ => "this",
        }
    }
}

/// One problem with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    pub problem: BoardProblem,
    /// File name (or origin) as given to the loader.
    pub file: String,
    /// 1-based line and column (in characters) of the bad value.
    pub line: usize,
    pub column: usize,
    /// Byte range of the bad value in the file.
    pub span: std::ops::Range<usize>,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for BoardError {}

impl Diagnostic for BoardError {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.problem
            .hint()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = SourceSpan::from(self.span.start..self.span.end);
        Some(Box::new(std::iter::once(
            LabeledSpan::new_primary_with_span(Some(self.problem.label().to_string()), span),
        )))
    }
}

/// Every problem found in one board file. Rendered by miette with the file's text, a
/// caret under each bad value and a hint.
#[derive(Debug, Clone)]
pub struct BoardErrors {
    pub origin: String,
    pub errors: Vec<BoardError>,
    source: Arc<NamedSource<String>>,
}

impl BoardErrors {
    pub(crate) fn new(origin: &str, text: &str, errors: Vec<BoardError>) -> BoardErrors {
        BoardErrors {
            origin: origin.to_string(),
            errors,
            source: Arc::new(NamedSource::new(origin, text.to_string()).with_language("TOML")),
        }
    }

    /// The problems, in file order.
    pub fn iter(&self) -> impl Iterator<Item = &BoardError> {
        self.errors.iter()
    }

    pub fn len(&self) -> usize {
        self.errors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }
}

impl fmt::Display for BoardErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        write!(
            f,
            "{}: {n} problem{} in the board file",
            self.origin,
            if n == 1 { "" } else { "s" }
        )
    }
}

impl std::error::Error for BoardErrors {}

impl Diagnostic for BoardErrors {
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&*self.source)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.errors.iter().map(|e| e as &dyn Diagnostic)))
    }
}

/// Line and column (1-based, column in characters) of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text
        .get(line_start..offset)
        .map_or(1, |s| s.chars().count() + 1);
    (line, column)
}
