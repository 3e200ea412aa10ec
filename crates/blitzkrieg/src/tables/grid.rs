//! One table file (`tables/*.toml`) read into a grid of typed cells: header, columns,
//! rows in printed order, and the file's record of reconstructed and unmatched cells.
//! Every problem in a file is collected, not just the first.
//!
//! A grid's text and cells are [`Cow`]s: a grid read from a file owns them, the
//! embedded grids borrow them from the statics the build script wrote (`compiled.rs`),
//! so that a process builds them without parsing or copying anything.

use super::{TableId, TableMode};
use crate::dice::Roll;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Text of a table file: owned when read from a file, borrowed from the binary in the
/// embedded grids.
pub type Text = Cow<'static, str>;
/// A list of texts, owned or borrowed as [`Text`].
pub type Texts = Cow<'static, [Text]>;

/// A cell that is not read directly off the scanned text, and why.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reconstructed {
    /// The row as printed ("1".."9", "0"; "1".."6").
    pub row: Text,
    /// The columns (as printed) of the reconstructed cells.
    pub columns: Texts,
    /// What the scanned text shows there.
    pub text: Text,
    /// The value given to every listed cell, when they share one.
    pub value: Option<Text>,
    pub why: Text,
}

/// A cell read directly off the text that matches no face-to-face cell of its column,
/// kept as the text shows it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unmatched {
    pub row: Text,
    pub column: Text,
    pub value: Text,
    pub note: Text,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeader {
    id: String,
    mode: String,
    title: Text,
    source: Text,
    columns: Vec<Text>,
    #[serde(default)]
    notes: Vec<Text>,
    #[serde(default)]
    turns: Option<Vec<Vec<u32>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    table: RawHeader,
    rows: BTreeMap<String, Vec<Text>>,
    #[serde(default)]
    reconstructed: Vec<Reconstructed>,
    #[serde(default)]
    unmatched: Vec<Unmatched>,
}

/// A problem in a table file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableFileError {
    #[error("{file}: not a table file: {message}")]
    Toml { file: String, message: String },
    #[error("{file}: cannot be read: {message}")]
    Unreadable { file: String, message: String },
    #[error("{file}: the table is \"{found}\" but this file must hold the {expected}")]
    WrongTable {
        file: String,
        expected: String,
        found: String,
    },
    #[error("{file}: mode \"{found}\" but this file must hold the {expected} version (\"die\" or \"pbm\")")]
    WrongMode {
        file: String,
        expected: TableMode,
        found: String,
    },
    #[error("{file}: column \"{label}\": {problem}")]
    Column {
        file: String,
        label: String,
        problem: String,
    },
    #[error("{file}: the rows must be {expected}; found {found}")]
    Rows {
        file: String,
        expected: String,
        found: String,
    },
    #[error("{file}: row {row} has {found} cells but the table has {expected} columns")]
    RowLength {
        file: String,
        row: String,
        expected: usize,
        found: usize,
    },
    #[error(
        "{file}: row {row}, column {column}: \"{text}\" is not a cell of this table ({expected})"
    )]
    Cell {
        file: String,
        row: String,
        column: String,
        text: String,
        expected: String,
    },
    #[error("{file}: [[{section}]] row {row}, column {column}: {problem}")]
    Record {
        file: String,
        section: &'static str,
        row: String,
        column: String,
        problem: String,
    },
}

/// Every problem found in the table files, listed together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))]
pub struct TableFileErrors(pub Vec<TableFileError>);

/// How the cells of one kind of table are read from their printed form.
pub trait CellText: Sized + Clone + 'static {
    /// What a cell looks like, for error messages.
    const EXPECTED: &'static str;
    fn parse_cell(text: &str) -> Option<Self>;
}

/// One table, one version: printed text and typed cells side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid<T: Clone + 'static> {
    pub id: TableId,
    pub mode: TableMode,
    pub title: Text,
    pub source: Text,
    pub columns: Texts,
    pub notes: Texts,
    /// Weather only: the turns of each column.
    pub turns: Option<Cow<'static, [Cow<'static, [u32]>]>>,
    /// Rows in printed order (die 1-6; digits 1-9 then 0).
    pub(crate) rows: Cow<'static, [Row<T>]>,
    pub reconstructed: Cow<'static, [Reconstructed]>,
    pub unmatched: Cow<'static, [Unmatched]>,
}

/// One row of a grid: its value and its cells as printed and as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Row<T: Clone + 'static> {
    pub value: u8,
    pub printed: Texts,
    pub cells: Cow<'static, [T]>,
}

impl<T: Clone + 'static> Grid<T> {
    /// The cell at a roll's row and a column index, as read and as printed.
    pub fn cell(&self, roll: Roll, column: usize) -> Option<(&T, &str)> {
        if roll.mode() != self.mode {
            return None;
        }
        let row = self.rows.iter().find(|r| r.value == roll.value())?;
        Some((row.cells.get(column)?, row.printed.get(column)?))
    }

    /// Rows in printed order: (row value, printed cells, cells).
    pub fn rows(&self) -> impl Iterator<Item = (u8, &[Text], &[T])> {
        self.rows.iter().map(|r| (r.value, &*r.printed, &*r.cells))
    }

    /// The index of a column printed as `label`.
    pub fn column_index(&self, label: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == label)
    }

    /// The printed row value `row` ("0".."9"), as a roll of this table's mode.
    pub fn roll_of(&self, row: &str) -> Option<Roll> {
        let v: u8 = row.trim().parse().ok()?;
        Roll::in_mode(self.mode, v)
    }

    /// Is the cell at (row, column) listed as reconstructed?
    pub fn is_reconstructed(&self, row: u8, column: &str) -> bool {
        self.reconstructed
            .iter()
            .any(|r| r.row.trim() == row.to_string() && r.columns.iter().any(|c| c == column))
    }
}

/// The row values a mode's table must have, in printed order.
fn printed_rows(mode: TableMode) -> Vec<u8> {
    match mode {
        TableMode::Die => (1..=6).collect(),
        TableMode::Pbm => vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 0],
    }
}

/// Reads one table file, checking that it holds `id` in `mode` and that every cell,
/// reconstructed record and unmatched record is well formed.
pub fn parse<T: CellText>(
    file: &str,
    src: &str,
    id: TableId,
    mode: TableMode,
) -> Result<Grid<T>, Vec<TableFileError>> {
    let raw: RawFile = toml::from_str(src).map_err(|e| {
        vec![TableFileError::Toml {
            file: file.to_string(),
            message: e.message().to_string(),
        }]
    })?;
    let mut errors = Vec::new();
    if raw.table.id != id.key() {
        errors.push(TableFileError::WrongTable {
            file: file.to_string(),
            expected: id.to_string(),
            found: raw.table.id.to_string(),
        });
    }
    if raw.table.mode != mode.key() {
        errors.push(TableFileError::WrongMode {
            file: file.to_string(),
            expected: mode,
            found: raw.table.mode.to_string(),
        });
    }
    let columns = raw.table.columns;
    let expected_rows = printed_rows(mode);
    let found_keys: Vec<&String> = raw.rows.keys().collect();
    let wanted: Vec<String> = expected_rows.iter().map(|v| v.to_string()).collect();
    let mut sorted_wanted = wanted.clone();
    sorted_wanted.sort();
    if found_keys
        .iter()
        .map(|k| k.as_str())
        .ne(sorted_wanted.iter().map(|k| k.as_str()))
    {
        errors.push(TableFileError::Rows {
            file: file.to_string(),
            expected: wanted.join(", "),
            found: found_keys
                .iter()
                .map(|k| k.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let mut rows = Vec::new();
    for value in expected_rows {
        let key = value.to_string();
        let Some(printed) = raw.rows.get(&key) else {
            continue;
        };
        if printed.len() != columns.len() {
            errors.push(TableFileError::RowLength {
                file: file.to_string(),
                row: key.clone(),
                expected: columns.len(),
                found: printed.len(),
            });
            continue;
        }
        let mut cells = Vec::new();
        for (text, column) in printed.iter().zip(&columns) {
            match T::parse_cell(text) {
                Some(c) => cells.push(c),
                None => errors.push(TableFileError::Cell {
                    file: file.to_string(),
                    row: key.clone(),
                    column: column.to_string(),
                    text: text.to_string(),
                    expected: T::EXPECTED.to_string(),
                }),
            }
        }
        rows.push(Row {
            value,
            printed: Cow::Owned(printed.clone()),
            cells: Cow::Owned(cells),
        });
    }
    check_records(
        file,
        &columns,
        &raw.rows,
        &raw.reconstructed,
        &raw.unmatched,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Grid {
        id,
        mode,
        title: raw.table.title,
        source: raw.table.source,
        columns: Cow::Owned(columns),
        notes: Cow::Owned(raw.table.notes),
        turns: raw
            .table
            .turns
            .map(|ts| ts.into_iter().map(Cow::Owned).collect()),
        rows: Cow::Owned(rows),
        reconstructed: Cow::Owned(raw.reconstructed),
        unmatched: Cow::Owned(raw.unmatched),
    })
}

/// Every [[reconstructed]] and [[unmatched]] record must name real cells, holding the
/// value the record gives.
fn check_records(
    file: &str,
    columns: &[Text],
    rows: &BTreeMap<String, Vec<Text>>,
    reconstructed: &[Reconstructed],
    unmatched: &[Unmatched],
    errors: &mut Vec<TableFileError>,
) {
    let mut check = |section: &'static str, row: &str, column: &str, value: Option<&str>| {
        let problem = match (
            rows.get(row.trim()),
            columns.iter().position(|c| c == column),
        ) {
            (None, _) => Some("there is no such row".to_string()),
            (_, None) => Some("there is no such column".to_string()),
            (Some(cells), Some(i)) => match (cells.get(i), value) {
                (Some(cell), Some(v)) if cell != v => Some(format!(
                    "the record says \"{v}\" but the cell is \"{cell}\""
                )),
                _ => None,
            },
        };
        if let Some(problem) = problem {
            errors.push(TableFileError::Record {
                file: file.to_string(),
                section,
                row: row.to_string(),
                column: column.to_string(),
                problem,
            });
        }
    };
    for r in reconstructed {
        for c in r.columns.iter() {
            check("reconstructed", &r.row, c, r.value.as_deref());
        }
    }
    for u in unmatched {
        check("unmatched", &u.row, &u.column, Some(&*u.value));
    }
}
