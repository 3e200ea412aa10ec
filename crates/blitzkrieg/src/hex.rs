//! The hex grid of the BLITZKRIEG mapboard: hex names, adjacency, distance and
//! drawing positions. Knows nothing of terrain; `board` says which hexes exist.
//!
//! A hex is named by a letter column and a number: `D1`, `CC15`, `JJJ56`. Columns
//! run `A..Z` (1-26), `AA..ZZ` (27-52), `AAA..ZZZ` (53-78). The numbers slant:
//! `(c, n)` touches `(c±1, n)`, `(c, n±1)`, `(c+1, n+1)` and `(c-1, n-1)`, which is
//! an axial grid with `q = c`, `r = n`. On paper column `c` is drawn at row
//! `n - c/2` (see `docs/board.md`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The highest column a hex name can spell (`ZZZ`).
pub const MAX_COL: i16 = 78;
/// The highest hex number accepted by the parser. Which hexes exist is the board's business.
pub const MAX_NUM: i16 = 999;

/// One hex of the grid, by column (1 = `A`) and number. Plain `Copy` data.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    col: i16,
    num: i16,
}

/// The six steps to the neighbours, as (column, number) offsets.
pub const DIRECTIONS: [(i16, i16); 6] = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1)];

/// Why a hex name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexError {
    #[error("`{0}` is not a hex name: write a letter column and a number, like CC15")]
    Malformed(String),
    #[error("`{0}` has a column of mixed letters: columns are one letter repeated (A, AA, AAA)")]
    MixedColumn(String),
    #[error("`{0}` has no column past ZZZ")]
    ColumnTooFar(String),
    #[error("`{0}` has a number out of range (1-{MAX_NUM})")]
    NumberOutOfRange(String),
}

impl Hex {
    /// A hex from column (1-78) and number (1-999); `None` outside the grid's names.
    pub const fn new(col: i16, num: i16) -> Option<Hex> {
        if col >= 1 && col <= MAX_COL && num >= 1 && num <= MAX_NUM {
            Some(Hex { col, num })
        } else {
            None
        }
    }

    /// Column, 1 = `A`, 27 = `AA`, 53 = `AAA`.
    pub const fn col(self) -> i16 {
        self.col
    }

    /// The hex number.
    pub const fn num(self) -> i16 {
        self.num
    }

    /// Column and number counted from 0 (`A1` is `(0, 0)`); `None` never for a hex
    /// [`Hex::new`] made.
    pub fn offset(self) -> Option<(usize, usize)> {
        let c = usize::try_from(self.col).ok()?.checked_sub(1)?;
        let n = usize::try_from(self.num).ok()?.checked_sub(1)?;
        Some((c, n))
    }

    /// The place of the hex among the cells of a grid of `cols` columns by `nums`
    /// numbers from `A1`, kept column by column; `None` off the grid. The one layout of
    /// every dense table by hex (the board's grid, a search's field, a position's).
    pub fn cell_in(self, (cols, nums): (usize, usize)) -> Option<usize> {
        let (c, n) = self.offset()?;
        (c < cols && n < nums).then_some(c * nums + n)
    }

    /// The hex one step away in direction `dir` (0-5, see [`DIRECTIONS`]), if it can be named.
    pub fn step(self, dir: usize) -> Option<Hex> {
        let (dc, dn) = DIRECTIONS[dir % 6];
        Hex::new(self.col + dc, self.num + dn)
    }

    /// The direction (0-5, see [`DIRECTIONS`]) of the neighbour `other`; `None` when
    /// the two hexes are not neighbours.
    pub fn direction_to(self, other: Hex) -> Option<usize> {
        let step = (other.col - self.col, other.num - self.num);
        DIRECTIONS.iter().position(|&d| d == step)
    }

    /// The (up to six) nameable hexes around this one, in a fixed order. The board
    /// filters out those it does not have.
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        (0..6).filter_map(move |d| self.step(d))
    }

    /// True when the two hexes share a side (board-facts: the axial rule).
    pub fn is_adjacent(self, other: Hex) -> bool {
        let dc = other.col - self.col;
        let dn = other.num - self.num;
        DIRECTIONS.contains(&(dc, dn))
    }

    /// Number of hex steps between two hexes, ignoring terrain.
    pub fn distance(self, other: Hex) -> u32 {
        let dc = i32::from(other.col - self.col);
        let dn = i32::from(other.num - self.num);
        ((dc.abs() + dn.abs() + (dc - dn).abs()) / 2).unsigned_abs()
    }

    /// Every nameable hex at exactly `radius` steps (the hex itself for radius 0).
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        let r = i16::try_from(radius).unwrap_or(i16::MAX);
        let mut out = Vec::new();
        for dc in -r..=r {
            for dn in -r..=r {
                if let Some(h) = Hex::new(self.col + dc, self.num + dn) {
                    if self.distance(h) == radius {
                        out.push(h);
                    }
                }
            }
        }
        out
    }

    /// Every nameable hex within `radius` steps, this one included.
    pub fn within(self, radius: u32) -> Vec<Hex> {
        (0..=radius).flat_map(|r| self.ring(r)).collect()
    }

    /// Drawing position in half-rows: `2 * (n - c/2) = 2n - c`. Row on paper is this / 2.
    pub const fn half_row(self) -> i16 {
        2 * self.num - self.col
    }

    /// The column letters: `A`, `CC`, `JJJ`.
    pub fn column_letters(self) -> String {
        column_name(self.col)
    }
}

/// Letters for column `col` (1-78).
pub fn column_name(col: i16) -> String {
    let idx = (col - 1).rem_euclid(26) as u8;
    let reps = ((col - 1) / 26 + 1).max(1) as usize;
    std::iter::repeat_n(char::from(b'A' + idx), reps).collect()
}

/// A hex's name put together on the stack: a column of at most three letters
/// (`Hex::new`), a number of at most three digits.
struct Name {
    buf: [u8; 8],
    len: usize,
}

impl Name {
    fn as_str(&self) -> &str {
        std::str::from_utf8(self.buf.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }
}

impl Hex {
    /// The name players write (`CC15`), without touching the heap: every hex of a state
    /// file or a report is written so.
    fn name(&self) -> Name {
        let mut buf = [0u8; 8];
        let letters = ((self.col - 1) / 26 + 1).clamp(1, 3) as usize;
        buf[..letters].fill(b'A' + (self.col - 1).rem_euclid(26) as u8);
        let mut len = letters;
        let num = self.num.unsigned_abs();
        for place in [100, 10, 1] {
            if num >= place || place == 1 {
                buf[len] = b'0' + (num / place % 10) as u8;
                len += 1;
            }
        }
        Name { buf, len }
    }
}

impl fmt::Display for Hex {
    /// Honours width and alignment (`{:<6}`), for the report's columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name().as_str())
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Hex {
    type Err = HexError;

    /// Accepts any case and surrounding spaces: ` cc15 ` is `CC15`.
    fn from_str(s: &str) -> Result<Hex, HexError> {
        let t = s.trim();
        let split = t
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(t.len());
        let (letters, digits) = t.split_at(split);
        if letters.is_empty()
            || digits.is_empty()
            || !digits.chars().all(|c| c.is_ascii_digit())
            || digits.len() > 4
        {
            return Err(HexError::Malformed(t.to_string()));
        }
        let first = letters.as_bytes()[0].to_ascii_uppercase();
        if !letters.bytes().all(|b| b.to_ascii_uppercase() == first) {
            return Err(HexError::MixedColumn(t.to_string()));
        }
        if letters.len() > 3 {
            return Err(HexError::ColumnTooFar(t.to_string()));
        }
        let col = i16::from(first - b'A') + 1 + 26 * (letters.len() as i16 - 1);
        let num: i16 = digits
            .parse()
            .map_err(|_| HexError::NumberOutOfRange(t.to_string()))?;
        Hex::new(col, num).ok_or_else(|| HexError::NumberOutOfRange(t.to_string()))
    }
}

impl Serialize for Hex {
    /// The name as a string, put together on the stack (a serializer's `collect_str`
    /// would format it into a new `String` first).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name().as_str())
    }
}

impl<'de> Deserialize<'de> for Hex {
    /// Reads the name where it lies in the input, without copying it.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = Hex;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Hex, E> {
                s.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(Name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// A dense table by hex keeps its cells column by column from `A1`.
    #[test]
    fn a_hex_has_its_cell_in_a_grid_column_by_column() {
        assert_eq!(h("A1").offset(), Some((0, 0)));
        assert_eq!(h("C2").offset(), Some((2, 1)));
        assert_eq!(h("A1").cell_in((3, 4)), Some(0));
        assert_eq!(h("A4").cell_in((3, 4)), Some(3));
        assert_eq!(h("B1").cell_in((3, 4)), Some(4));
        assert_eq!(h("C4").cell_in((3, 4)), Some(11));
        assert_eq!(h("D1").cell_in((3, 4)), None);
        assert_eq!(h("A5").cell_in((3, 4)), None);
    }

    #[test]
    fn names_parse_and_display_canonically() {
        assert_eq!(h("D1").to_string(), "D1");
        assert_eq!(h(" cc15 ").to_string(), "CC15");
        assert_eq!(h("jjj56").col(), 62);
        assert_eq!(h("TTT41").col(), 72);
        assert_eq!(h("ZZZ99").col(), 78);
        assert_eq!(h("A1").col(), 1);
        assert_eq!(h("AA1").col(), 27);
    }

    #[test]
    fn every_hex_displays_as_its_column_and_number_and_reads_back() {
        for col in 1..=MAX_COL {
            for num in 1..=MAX_NUM {
                let hex = Hex::new(col, num).unwrap();
                let name = format!("{}{num}", column_name(col));
                assert_eq!(hex.to_string(), name);
                assert_eq!(name.to_lowercase().parse::<Hex>(), Ok(hex));
            }
        }
        assert_eq!(
            format!("[{:<5}|{:>5}]", h("D1"), h("JJJ56")),
            "[D1   |JJJ56]"
        );
        assert_eq!(
            ron::from_str::<Vec<Hex>>(r#"["A1", "cc15"]"#).unwrap(),
            [h("A1"), h("CC15")]
        );
        assert!(ron::from_str::<Hex>("12").is_err());
    }

    #[test]
    fn bad_names_are_refused_with_a_reason() {
        assert!(matches!("C".parse::<Hex>(), Err(HexError::Malformed(_))));
        assert!(matches!("12".parse::<Hex>(), Err(HexError::Malformed(_))));
        assert!(matches!(
            "AB3".parse::<Hex>(),
            Err(HexError::MixedColumn(_))
        ));
        assert!(matches!(
            "AAAA3".parse::<Hex>(),
            Err(HexError::ColumnTooFar(_))
        ));
        assert!(matches!(
            "A0".parse::<Hex>(),
            Err(HexError::NumberOutOfRange(_))
        ));
        assert!(matches!("A1x".parse::<Hex>(), Err(HexError::Malformed(_))));
    }

    /// board-facts: 003 13.3 calls DD40 adjacent to EE40 and EE41.
    #[test]
    fn adjacency_follows_the_axial_rule() {
        assert!(h("DD40").is_adjacent(h("EE40")));
        assert!(h("DD40").is_adjacent(h("EE41")));
        assert!(!h("DD40").is_adjacent(h("EE39")));
        assert!(!h("DD40").is_adjacent(h("DD40")));
        assert_eq!(h("DD40").neighbours().count(), 6);
    }

    #[test]
    fn distance_counts_steps() {
        assert_eq!(h("A1").distance(h("A1")), 0);
        assert_eq!(h("A1").distance(h("B2")), 1);
        assert_eq!(h("B1").distance(h("A2")), 2);
        assert_eq!(h("A1").distance(h("E5")), 4);
        assert_eq!(h("A5").distance(h("E1")), 8);
    }

    #[test]
    fn rings_and_ranges() {
        assert_eq!(h("M20").ring(0), vec![h("M20")]);
        assert_eq!(h("M20").ring(1).len(), 6);
        assert_eq!(h("M20").ring(2).len(), 12);
        assert_eq!(h("M20").within(2).len(), 19);
    }
}
