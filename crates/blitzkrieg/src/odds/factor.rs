//! Combat factors as exact rationals.
//!
//! 003 (Rounding): "When a combat or movement factor is halved, do not round up or down
//! unless the rules tell you to do so ... any rounding is performed after all other
//! effects have been taken into account ... A factor may be halved more than once (in
//! which case it is quartered, etc), but it may only be doubled once." So a factor is a
//! fraction, never a float: `Factor` keeps numerator and denominator in lowest terms.
//! Whether a second doubling counts is the caller's rule; `Factor` just computes.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::iter::Sum;
use std::ops::Add;
use std::str::FromStr;

/// A non-negative exact number of combat factors (3, 3½, 1¼, 5/8 ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Factor {
    /// Numerator, in lowest terms with `den`.
    num: u64,
    /// Denominator, never 0.
    den: u64,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Factor {
    pub const ZERO: Factor = Factor { num: 0, den: 1 };
    pub const ONE: Factor = Factor { num: 1, den: 1 };

    /// How many times `other` goes into this, rounded up: 14 against 2 is 7, 13 against
    /// 2 is 7. `None` when `other` is zero.
    pub fn times_ceil(self, other: Factor) -> Option<u64> {
        if other.is_zero() {
            return None;
        }
        let num = u128::from(self.num) * u128::from(other.den);
        let den = u128::from(self.den) * u128::from(other.num);
        u64::try_from(num.div_ceil(den)).ok()
    }

    /// A whole number of factors.
    pub const fn whole(n: u64) -> Factor {
        Factor { num: n, den: 1 }
    }

    /// `num/den` in lowest terms; `None` when `den` is 0.
    pub fn new(num: u64, den: u64) -> Option<Factor> {
        if den == 0 {
            return None;
        }
        Some(Factor::from_wide(u128::from(num), u128::from(den)))
    }

    /// Lowest terms from wide parts. Only absurd values (beyond 2^64 after reduction)
    /// lose exactness: both parts are then shifted down until they fit.
    fn from_wide(num: u128, den: u128) -> Factor {
        if num == 0 {
            return Factor::ZERO;
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        while n > u128::from(u64::MAX) || d > u128::from(u64::MAX) {
            n >>= 1;
            d = (d >> 1).max(1);
        }
        Factor {
            num: u64::try_from(n).unwrap_or(u64::MAX),
            den: u64::try_from(d).unwrap_or(u64::MAX),
        }
    }

    pub fn numerator(self) -> u64 {
        self.num
    }

    pub fn denominator(self) -> u64 {
        self.den
    }

    /// 003 Rounding: halved, without rounding.
    pub fn half(self) -> Factor {
        Factor::from_wide(u128::from(self.num), u128::from(self.den) * 2)
    }

    /// 003 Rounding: halved twice.
    pub fn quarter(self) -> Factor {
        Factor::from_wide(u128::from(self.num), u128::from(self.den) * 4)
    }

    /// Doubled (the caller applies 003's "only doubled once").
    pub fn double(self) -> Factor {
        self.times(2)
    }

    /// Multiplied by a whole number (tripled interceptors, 32.32).
    pub fn times(self, k: u64) -> Factor {
        Factor::from_wide(u128::from(self.num) * u128::from(k), u128::from(self.den))
    }

    /// `self - other`, or zero when `other` is larger.
    pub fn saturating_sub(self, other: Factor) -> Factor {
        let a = u128::from(self.num) * u128::from(other.den);
        let b = u128::from(other.num) * u128::from(self.den);
        if b >= a {
            return Factor::ZERO;
        }
        Factor::from_wide(a - b, u128::from(self.den) * u128::from(other.den))
    }

    /// The whole number at or below ("convert fractions down").
    pub fn floor(self) -> u64 {
        self.num / self.den
    }

    /// The whole number at or above ("convert fractions up").
    pub fn ceil(self) -> u64 {
        self.num / self.den + u64::from(self.num % self.den != 0)
    }

    pub fn is_whole(self) -> bool {
        self.den == 1
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Plain-ASCII form, as written in files: "3", "3 1/2", "1/4".
    pub fn ascii(self) -> String {
        let whole = self.num / self.den;
        let rest = self.num % self.den;
        match (whole, rest) {
            (w, 0) => w.to_string(),
            (0, r) => format!("{r}/{}", self.den),
            (w, r) => format!("{w} {r}/{}", self.den),
        }
    }
}

impl Default for Factor {
    fn default() -> Self {
        Factor::ZERO
    }
}

impl From<u64> for Factor {
    fn from(n: u64) -> Self {
        Factor::whole(n)
    }
}

impl From<u32> for Factor {
    fn from(n: u32) -> Self {
        Factor::whole(u64::from(n))
    }
}

impl Ord for Factor {
    fn cmp(&self, other: &Self) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl PartialOrd for Factor {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Factor {
    type Output = Factor;
    fn add(self, other: Factor) -> Factor {
        let num = u128::from(self.num) * u128::from(other.den)
            + u128::from(other.num) * u128::from(self.den);
        Factor::from_wide(num, u128::from(self.den) * u128::from(other.den))
    }
}

impl Sum for Factor {
    fn sum<I: Iterator<Item = Factor>>(iter: I) -> Factor {
        iter.fold(Factor::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Factor> for Factor {
    fn sum<I: Iterator<Item = &'a Factor>>(iter: I) -> Factor {
        iter.copied().sum()
    }
}

/// "3", "3½", "3¼", "3¾", "½", "3 1/8"; a width pads it like a number (`{:>3}`).
impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.text())
    }
}

impl Factor {
    /// The text [`Display`](fmt::Display) pads.
    fn text(&self) -> String {
        let mut out = String::new();
        let _ = self.write_text(&mut out);
        out
    }

    fn write_text(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let whole = self.num / self.den;
        let rest = self.num % self.den;
        let glyph = match (rest, self.den) {
            (0, _) => return write!(f, "{whole}"),
            (1, 2) => "½",
            (1, 4) => "¼",
            (3, 4) => "¾",
            _ => {
                return if whole == 0 {
                    write!(f, "{rest}/{}", self.den)
                } else {
                    write!(f, "{whole} {rest}/{}", self.den)
                }
            }
        };
        if whole == 0 {
            write!(f, "{glyph}")
        } else {
            write!(f, "{whole}{glyph}")
        }
    }
}

/// A factor that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a number of factors (write it like 3, 3 1/2, 7/2 or 3½)")]
pub struct FactorParseError {
    pub text: String,
}

impl FromStr for Factor {
    type Err = FactorParseError;

    /// Reads "3", "7/2", "3 1/2", "3½", "¼", "3¾".
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || FactorParseError {
            text: s.to_string(),
        };
        let t = s.trim();
        if t.is_empty() {
            return Err(bad());
        }
        let number = |x: &str| -> Result<u64, FactorParseError> {
            if x.is_empty() || !x.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            x.parse::<u64>().map_err(|_| bad())
        };
        let fraction = |x: &str| -> Result<Factor, FactorParseError> {
            match x {
                "½" => Ok(Factor { num: 1, den: 2 }),
                "¼" => Ok(Factor { num: 1, den: 4 }),
                "¾" => Ok(Factor { num: 3, den: 4 }),
                _ => {
                    let (n, d) = x.split_once('/').ok_or_else(bad)?;
                    Factor::new(number(n.trim())?, number(d.trim())?).ok_or_else(bad)
                }
            }
        };
        if let Some((w, r)) = t.split_once(' ') {
            return Ok(Factor::whole(number(w)?) + fraction(r.trim())?);
        }
        if let Some(pos) = t.find(['½', '¼', '¾']) {
            let (w, r) = t.split_at(pos);
            let whole = if w.is_empty() { 0 } else { number(w)? };
            return Ok(Factor::whole(whole) + fraction(r)?);
        }
        if t.contains('/') {
            return fraction(t);
        }
        Ok(Factor::whole(number(t)?))
    }
}

/// Whole factors are written as integers, others as strings ("3 1/2").
impl Serialize for Factor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_whole() {
            s.serialize_u64(self.num)
        } else {
            s.serialize_str(&self.ascii())
        }
    }
}

impl<'de> Deserialize<'de> for Factor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Whole(u64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Whole(n) => Ok(Factor::whole(n)),
            Raw::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_003_halved_then_doubled_stays_exact() {
        // 003 Rounding: a 1-factor unit halved and then doubled remains at 1 factor.
        assert_eq!(Factor::ONE.half().double(), Factor::ONE);
        // Two 1-factor units halved have a combined factor of 1.
        assert_eq!(Factor::ONE.half() + Factor::ONE.half(), Factor::ONE);
        // Quartered.
        assert_eq!(Factor::whole(7).quarter().to_string(), "1¾");
        assert_eq!(Factor::whole(7).half().half().half().to_string(), "7/8");
    }

    #[test]
    fn display_and_parse_round_trip() {
        for (f, shown, ascii) in [
            (Factor::whole(3), "3", "3"),
            (Factor::whole(7).half(), "3½", "3 1/2"),
            (Factor::ONE.quarter(), "¼", "1/4"),
            (Factor::whole(13).quarter(), "3¼", "3 1/4"),
            (Factor::whole(25).half().quarter(), "3 1/8", "3 1/8"),
        ] {
            assert_eq!(f.to_string(), shown);
            assert_eq!(f.ascii(), ascii);
            assert_eq!(shown.parse::<Factor>(), Ok(f));
            assert_eq!(ascii.parse::<Factor>(), Ok(f));
        }
        assert_eq!("7/2".parse::<Factor>(), Ok(Factor::whole(7).half()));
        assert!("3.5".parse::<Factor>().is_err());
        assert!("x".parse::<Factor>().is_err());
        assert!("1/0".parse::<Factor>().is_err());
        assert!("".parse::<Factor>().is_err());
    }

    #[test]
    fn floor_ceil_order() {
        let f = Factor::whole(7).half();
        assert_eq!((f.floor(), f.ceil()), (3, 4));
        assert_eq!((Factor::whole(4).floor(), Factor::whole(4).ceil()), (4, 4));
        assert!(Factor::whole(3) < f && f < Factor::whole(4));
        assert_eq!(Factor::whole(5).saturating_sub(f), Factor::whole(3).half());
        assert_eq!(f.saturating_sub(Factor::whole(9)), Factor::ZERO);
    }
}
