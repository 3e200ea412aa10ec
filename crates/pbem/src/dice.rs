//! The dice recipe, version 1: every roll of a player-turn derived from a published seed
//! with SHA-256, so anyone can recompute it (specified in `docs/dice.md`).
//!
//! ```text
//! lp(x)    = u32 big-endian length of x, then x
//! block(i) = SHA-256( lp("blitzkrieg-pbem/dice/v1") ‖ lp(seed) ‖ lp(game id)
//!                      ‖ lp(turn label) ‖ lp(roll id) ‖ u32be(i) )
//! stream   = block(0) ‖ block(1) ‖ …             (one stream per roll id)
//! uniform(n): take the next byte b; if b < 256 - 256 mod n return b mod n, else take another
//! PBM digit = uniform(10) (0 reads as the "0" row);   die = uniform(6) + 1
//! ```
//!
//! Also the roll values themselves: a play-by-mail [`Digit`] (0-9), a [`Die`] (1-6),
//! and a [`Roll`] that is one or the other and so names the table version it is read on.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::num::NonZeroU8;

/// The domain tag of recipe version 1.
pub const RECIPE_V1: &str = "blitzkrieg-pbem/dice/v1";

/// Which version of the tables: the 10-digit play-by-mail tables or the die tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TableMode {
    /// Play-by-mail: rows 1-9 and 0 (the hundreds digit of a stock's sales in 1975).
    Pbm,
    /// Face-to-face: rows 1-6 (one die).
    Die,
}

impl TableMode {
    /// As written in the table files: "pbm", "die".
    pub fn key(self) -> &'static str {
        match self {
            TableMode::Pbm => "pbm",
            TableMode::Die => "die",
        }
    }
}

/// "PBM" / "face-to-face".
impl fmt::Display for TableMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableMode::Pbm => "PBM",
            TableMode::Die => "face-to-face",
        })
    }
}

/// A play-by-mail digit, 0-9: the row of a 10-digit table ("0" is the last row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Digit(u8);

impl Digit {
    /// `None` unless `d` is 0-9.
    pub fn new(d: u8) -> Option<Digit> {
        (d <= 9).then_some(Digit(d))
    }

    /// The last decimal digit of `n`.
    pub fn last_of(n: u64) -> Digit {
        Digit(u8::try_from(n % 10).unwrap_or(0))
    }

    pub fn value(self) -> u8 {
        self.0
    }

    /// The rows of a play-by-mail table in printed order: 1-9, then 0.
    pub fn printed_order() -> [Digit; 10] {
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map(Digit)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A die roll, 1-6: the row of a face-to-face table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Die(u8);

impl Die {
    /// `None` unless `d` is 1-6.
    pub fn new(d: u8) -> Option<Die> {
        (1..=6).contains(&d).then_some(Die(d))
    }

    pub fn value(self) -> u8 {
        self.0
    }

    pub fn all() -> [Die; 6] {
        [1, 2, 3, 4, 5, 6].map(Die)
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Digit {
    type Error = String;
    fn try_from(d: u8) -> Result<Self, Self::Error> {
        Digit::new(d).ok_or_else(|| format!("{d} is not a digit 0-9"))
    }
}

impl From<Digit> for u8 {
    fn from(d: Digit) -> u8 {
        d.0
    }
}

impl TryFrom<u8> for Die {
    type Error = String;
    fn try_from(d: u8) -> Result<Self, Self::Error> {
        Die::new(d).ok_or_else(|| format!("{d} is not a die roll 1-6"))
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

/// One roll: a digit is read on the play-by-mail tables, a die on the face-to-face ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Roll {
    Digit(Digit),
    Die(Die),
}

impl Roll {
    /// The version of the tables this roll is read on.
    pub fn mode(self) -> TableMode {
        match self {
            Roll::Digit(_) => TableMode::Pbm,
            Roll::Die(_) => TableMode::Die,
        }
    }

    pub fn value(self) -> u8 {
        match self {
            Roll::Digit(d) => d.value(),
            Roll::Die(d) => d.value(),
        }
    }

    /// The table row a value names in a mode ("7" on a PBM table is `Digit(7)`).
    pub fn in_mode(mode: TableMode, value: u8) -> Option<Roll> {
        match mode {
            TableMode::Pbm => Digit::new(value).map(Roll::Digit),
            TableMode::Die => Die::new(value).map(Roll::Die),
        }
    }
}

/// "digit 7" / "die 5".
impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Roll::Digit(d) => write!(f, "digit {d}"),
            Roll::Die(d) => write!(f, "die {d}"),
        }
    }
}

/// `lp(x)`: x's length as a u32 big-endian, then x. Inputs longer than 4 GiB cannot be
/// framed; their length is written as u32::MAX (no seed, id or label is that long).
pub fn lp(out: &mut Vec<u8>, x: &[u8]) {
    let len = u32::try_from(x.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(x);
}

/// The rolls of one seed, game and player-turn (recipe v1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roller {
    /// lp(domain) ‖ lp(seed) ‖ lp(game id) ‖ lp(turn label).
    prefix: Vec<u8>,
}

impl Roller {
    /// `seed`: the published value's bytes; `turn_label`: the player-turn, e.g. "3-Blue".
    pub fn new(seed: &[u8], game_id: &str, turn_label: &str) -> Roller {
        let mut prefix = Vec::new();
        lp(&mut prefix, RECIPE_V1.as_bytes());
        lp(&mut prefix, seed);
        lp(&mut prefix, game_id.as_bytes());
        lp(&mut prefix, turn_label.as_bytes());
        Roller { prefix }
    }

    /// The byte stream of one roll id.
    pub fn stream(&self, roll_id: &str) -> Stream {
        let mut input = self.prefix.clone();
        lp(&mut input, roll_id.as_bytes());
        Stream {
            input,
            next_block: 0,
            block: [0; 32],
            used: 32,
        }
    }

    /// The play-by-mail digit of a roll id: the first uniform(10) of its stream.
    pub fn digit(&self, roll_id: &str) -> Digit {
        self.stream(roll_id).digit()
    }

    /// The die of a roll id: the first uniform(6) + 1 of its stream.
    pub fn die(&self, roll_id: &str) -> Die {
        self.stream(roll_id).die()
    }

    /// `n` digits drawn one after another from the stream of one roll id (the first is
    /// `digit(roll_id)`).
    pub fn digits(&self, roll_id: &str, n: usize) -> Vec<Digit> {
        let mut s = self.stream(roll_id);
        (0..n).map(|_| s.digit()).collect()
    }

    /// `n` dice drawn one after another from the stream of one roll id.
    pub fn dice(&self, roll_id: &str, n: usize) -> Vec<Die> {
        let mut s = self.stream(roll_id);
        (0..n).map(|_| s.die()).collect()
    }

    /// A digit or a die, as the tables in `mode` need.
    pub fn roll(&self, mode: TableMode, roll_id: &str) -> Roll {
        match mode {
            TableMode::Pbm => Roll::Digit(self.digit(roll_id)),
            TableMode::Die => Roll::Die(self.die(roll_id)),
        }
    }
}

/// block(0) ‖ block(1) ‖ … of one roll id, read a byte at a time.
#[derive(Clone, Debug)]
pub struct Stream {
    /// Everything hashed before the block counter.
    input: Vec<u8>,
    next_block: u32,
    block: [u8; 32],
    /// Bytes of `block` already taken.
    used: usize,
}

impl Stream {
    /// block(i) of this stream.
    pub fn block(&self, i: u32) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(&self.input);
        h.update(i.to_be_bytes());
        h.finalize().into()
    }

    /// The next byte of the stream.
    pub fn next_byte(&mut self) -> u8 {
        if self.used >= self.block.len() {
            self.block = self.block(self.next_block);
            self.next_block = self.next_block.wrapping_add(1);
            self.used = 0;
        }
        let b = self.block[self.used];
        self.used += 1;
        b
    }

    /// uniform(n), 0 ≤ result < n, without modulo bias.
    pub fn uniform(&mut self, n: NonZeroU8) -> u8 {
        uniform(n, || self.next_byte())
    }

    pub fn digit(&mut self) -> Digit {
        Digit(self.uniform(TEN))
    }

    pub fn die(&mut self) -> Die {
        Die(self.uniform(SIX) + 1)
    }
}

impl Iterator for Stream {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        Some(self.next_byte())
    }
}

const TEN: NonZeroU8 = match NonZeroU8::new(10) {
    Some(n) => n,
    None => NonZeroU8::MIN,
};
const SIX: NonZeroU8 = match NonZeroU8::new(6) {
    Some(n) => n,
    None => NonZeroU8::MIN,
};

/// uniform(n) over any byte source: take the next byte b; if b < 256 - 256 mod n return
/// b mod n, else take another. (For n = 10 bytes 250-255 are skipped, for n = 6 bytes
/// 252-255.)
pub fn uniform(n: NonZeroU8, mut next_byte: impl FnMut() -> u8) -> u8 {
    let n = u16::from(n.get());
    let limit = 256 - 256 % n;
    loop {
        let b = u16::from(next_byte());
        if b < limit {
            return u8::try_from(b % n).unwrap_or(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_rejects_the_biased_tail() {
        // 250..=255 are rejected for n = 10, so the first accepted byte is 249 → 9.
        let mut bytes = [255u8, 250, 252, 249, 0].into_iter();
        assert_eq!(uniform(TEN, || bytes.next().unwrap_or(0)), 9);
        // 252..=255 are rejected for n = 6; 251 → 5.
        let mut bytes = [252u8, 255, 251].into_iter();
        assert_eq!(uniform(SIX, || bytes.next().unwrap_or(0)), 5);
        // Accepted bytes map by remainder.
        let mut bytes = [13u8].into_iter();
        assert_eq!(uniform(TEN, || bytes.next().unwrap_or(0)), 3);
    }

    #[test]
    fn stream_crosses_block_boundaries() {
        let r = Roller::new(b"seed", "g", "1-Blue");
        let mut s = r.stream("A1");
        let b0 = s.block(0);
        let b1 = s.block(1);
        let first: Vec<u8> = s.by_ref().take(40).collect();
        assert_eq!(&first[..32], &b0[..]);
        assert_eq!(&first[32..], &b1[..8]);
    }

    #[test]
    fn rolls_read_from_files_are_range_checked() {
        #[derive(serde::Deserialize, Debug)]
        struct W {
            d: Die,
        }
        assert_eq!(toml::from_str::<W>("d = 6").unwrap().d.value(), 6);
        assert!(toml::from_str::<W>("d = 7").is_err());
        let r: Roll =
            toml::from_str::<std::collections::BTreeMap<String, Roll>>("r = { Digit = 0 }")
                .unwrap()["r"];
        assert_eq!(r, Roll::Digit(Digit(0)));
    }

    #[test]
    fn digit_and_die_ranges() {
        assert!(Digit::new(10).is_none() && Digit::new(0).is_some());
        assert!(Die::new(0).is_none() && Die::new(7).is_none() && Die::new(6).is_some());
    }
}
