//! Stock sales, as in the 1975 play-by-mail kit: a CSV of `symbol,volume` for the
//! trading date the orders named; a battle's digit is the hundreds digit of its stock's
//! volume.
//!
//! The file: one `symbol,volume` per line; an optional first line `symbol,volume`
//! (any case) is a header; blank lines and lines starting with `#` are skipped; a field
//! may be wrapped in double quotes; symbols are matched without regard to case; a
//! volume is plain digits (no separators, signs or decimals).

use crate::dice::Digit;
use std::collections::BTreeMap;

/// A problem on one line of a sales file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StockProblem {
    #[error("line {line}: \"{text}\" is not `symbol,volume`")]
    NotTwoFields { line: usize, text: String },
    #[error("line {line}: the symbol is empty")]
    EmptySymbol { line: usize },
    #[error("line {line}: the volume of {symbol}, \"{volume}\", is not a whole number (write digits only, like 1234567)")]
    MalformedVolume {
        line: usize,
        symbol: String,
        volume: String,
    },
    #[error("line {line}: {symbol} is listed again (first on line {first})")]
    Duplicate {
        line: usize,
        symbol: String,
        first: usize,
    },
}

/// Sales volumes by symbol (upper case).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StockSales {
    volumes: BTreeMap<String, u64>,
}

impl StockSales {
    /// Reads a sales file, listing every problem.
    pub fn parse(text: &str) -> Result<StockSales, Vec<StockProblem>> {
        let mut volumes = BTreeMap::new();
        let mut first_line: BTreeMap<String, usize> = BTreeMap::new();
        let mut problems = Vec::new();
        let mut seen_data = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let fields = split_fields(t);
            if !seen_data
                && fields.len() == 2
                && fields[0].eq_ignore_ascii_case("symbol")
                && fields[1].eq_ignore_ascii_case("volume")
            {
                seen_data = true;
                continue;
            }
            seen_data = true;
            let [symbol, volume] = fields.as_slice() else {
                problems.push(StockProblem::NotTwoFields {
                    line,
                    text: t.to_string(),
                });
                continue;
            };
            let symbol = symbol.to_ascii_uppercase();
            if symbol.is_empty() {
                problems.push(StockProblem::EmptySymbol { line });
                continue;
            }
            let parsed = (!volume.is_empty() && volume.bytes().all(|b| b.is_ascii_digit()))
                .then(|| volume.parse::<u64>().ok())
                .flatten();
            let Some(v) = parsed else {
                problems.push(StockProblem::MalformedVolume {
                    line,
                    symbol,
                    volume: volume.to_string(),
                });
                continue;
            };
            if let Some(first) = first_line.get(&symbol) {
                problems.push(StockProblem::Duplicate {
                    line,
                    symbol,
                    first: *first,
                });
                continue;
            }
            first_line.insert(symbol.clone(), line);
            volumes.insert(symbol, v);
        }
        if problems.is_empty() {
            Ok(StockSales { volumes })
        } else {
            Err(problems)
        }
    }

    /// The volume of a symbol (any case).
    pub fn volume(&self, symbol: &str) -> Option<u64> {
        self.volumes
            .get(&symbol.trim().to_ascii_uppercase())
            .copied()
    }

    pub fn len(&self) -> usize {
        self.volumes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.volumes.is_empty()
    }

    /// The file in canonical form: `SYMBOL,volume\n` lines in symbol order (what the
    /// seed hash covers).
    pub fn canonical(&self) -> String {
        self.volumes
            .iter()
            .map(|(s, v)| format!("{s},{v}\n"))
            .collect()
    }
}

/// The hundreds digit of a volume (1975 PBM: "the hundreds digit of that stock's
/// sales").
pub fn hundreds_digit(volume: u64) -> Digit {
    Digit::last_of(volume / 100)
}

/// Splits a line at commas outside double quotes; each field is trimmed and loses
/// its surrounding quotes.
fn split_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field).trim().to_string()),
            c => field.push(c),
        }
    }
    fields.push(field.trim().to_string());
    fields
}
