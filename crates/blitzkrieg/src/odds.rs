//! Battle odds: attack and defence factors reduced to the simple odds of the attrition
//! tables (15.1), and the column they are read on (odds worse than 1-6 are illegal,
//! better than 6-1 are an automatic D elim). Factor brackets of the BBT, ACT and MCRT
//! are read by `tables`; this module owns the ratio.

pub mod factor;

pub use factor::{Factor, FactorParseError};

use serde::{Deserialize, Serialize};
use std::fmt;

/// Reduced odds: one side of the ratio is 1 (15.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ratio {
    /// n-1 for the attacker (n >= 1; equal factors are `Attacker(1)`, "1-1").
    Attacker(u64),
    /// 1-n against the attacker (n >= 2).
    Defender(u64),
    /// There are no defence factors to divide by: better than any column.
    NoDefence,
    /// There are no attack factors: worse than any column.
    NoAttack,
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ratio::Attacker(n) => write!(f, "{n}-1"),
            Ratio::Defender(n) => write!(f, "1-{n}"),
            Ratio::NoDefence => write!(f, "no defence"),
            Ratio::NoAttack => write!(f, "no attack"),
        }
    }
}

/// The eleven odds columns of the BGAT and TGAT, worst for the attacker first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum OddsColumn {
    OneToSix,
    OneToFive,
    OneToFour,
    OneToThree,
    OneToTwo,
    OneToOne,
    TwoToOne,
    ThreeToOne,
    FourToOne,
    FiveToOne,
    SixToOne,
}

impl OddsColumn {
    pub const ALL: [OddsColumn; 11] = [
        OddsColumn::OneToSix,
        OddsColumn::OneToFive,
        OddsColumn::OneToFour,
        OddsColumn::OneToThree,
        OddsColumn::OneToTwo,
        OddsColumn::OneToOne,
        OddsColumn::TwoToOne,
        OddsColumn::ThreeToOne,
        OddsColumn::FourToOne,
        OddsColumn::FiveToOne,
        OddsColumn::SixToOne,
    ];

    /// 0 for 1-6 ... 10 for 6-1: the column's place in the printed table.
    pub fn index(self) -> usize {
        self as usize
    }

    /// As printed: "1-6" ... "6-1".
    pub fn label(self) -> &'static str {
        const LABELS: [&str; 11] = [
            "1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1",
        ];
        LABELS[self.index()]
    }

    /// The column printed as `label`.
    pub fn from_label(label: &str) -> Option<OddsColumn> {
        OddsColumn::ALL
            .into_iter()
            .find(|c| c.label() == label.trim())
    }
}

impl fmt::Display for OddsColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Where a ratio is read on the BGAT and TGAT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// Odds worse than 1-6 are not allowed (table notes; 003 25.3).
    TooLow,
    /// One of the printed columns.
    Table(OddsColumn),
    /// Odds better than 6-1: "D elim" without a roll (TGAT: attacker advance 4).
    Automatic,
}

impl Ratio {
    /// Table notes: worse than 1-6 illegal, better than 6-1 automatic.
    pub fn column(self) -> Column {
        match self {
            Ratio::NoAttack => Column::TooLow,
            Ratio::NoDefence => Column::Automatic,
            Ratio::Attacker(n) if n > 6 => Column::Automatic,
            Ratio::Defender(n) if n > 6 => Column::TooLow,
            Ratio::Attacker(n) => OddsColumn::ALL
                .get(5 + usize::try_from(n.max(1)).unwrap_or(1) - 1)
                .map_or(Column::Automatic, |c| Column::Table(*c)),
            Ratio::Defender(n) => OddsColumn::ALL
                .get(6usize.saturating_sub(usize::try_from(n).unwrap_or(6)))
                .map_or(Column::TooLow, |c| Column::Table(*c)),
        }
    }
}

/// A battle's factors and the odds they reduce to, e.g. "14:8 reduce to 1-1 (15.1)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Odds {
    pub attack: Factor,
    pub defence: Factor,
    pub ratio: Ratio,
}

impl Odds {
    pub fn column(&self) -> Column {
        self.ratio.column()
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, d) = (self.attack, self.defence);
        match self.ratio.column() {
            Column::TooLow if self.ratio == Ratio::NoAttack => {
                write!(f, "{a}:{d} has no attack factors (15.1)")
            }
            Column::Automatic if self.ratio == Ratio::NoDefence => {
                write!(f, "{a}:{d} has no defence factors: better than 6-1 (15.1)")
            }
            Column::TooLow => write!(f, "{a}:{d} reduce to {}: worse than 1-6 (15.1)", self.ratio),
            Column::Automatic => {
                write!(
                    f,
                    "{a}:{d} reduce to {}: better than 6-1 (15.1)",
                    self.ratio
                )
            }
            Column::Table(_) => write!(f, "{a}:{d} reduce to {} (15.1)", self.ratio),
        }
    }
}

/// 15.1: "divide the smaller combat factor both into itself, and into the larger combat
/// factor ... Fractions of any size are converted either up or down to the whole number
/// most favorable to the defender": the attacker's multiple is rounded down (14:8 → 1-1,
/// 14:6 → 2-1), the defender's up (8:14 → 1-2, 4:14 → 1-4, 4:18 → 1-5); equal → 1-1.
pub fn reduce(attack: Factor, defence: Factor) -> Odds {
    let ratio = if attack.is_zero() {
        Ratio::NoAttack
    } else if defence.is_zero() {
        Ratio::NoDefence
    } else {
        // attack/defence = (an * dd) / (ad * dn), exactly, in u128.
        let a = u128::from(attack.numerator()) * u128::from(defence.denominator());
        let d = u128::from(defence.numerator()) * u128::from(attack.denominator());
        if a >= d {
            Ratio::Attacker(u64::try_from(a / d).unwrap_or(u64::MAX))
        } else {
            Ratio::Defender(u64::try_from(d.div_ceil(a)).unwrap_or(u64::MAX))
        }
    };
    Odds {
        attack,
        defence,
        ratio,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_indices_follow_the_printed_table() {
        assert_eq!(
            Ratio::Attacker(1).column(),
            Column::Table(OddsColumn::OneToOne)
        );
        assert_eq!(
            Ratio::Attacker(6).column(),
            Column::Table(OddsColumn::SixToOne)
        );
        assert_eq!(
            Ratio::Defender(2).column(),
            Column::Table(OddsColumn::OneToTwo)
        );
        assert_eq!(
            Ratio::Defender(6).column(),
            Column::Table(OddsColumn::OneToSix)
        );
        assert_eq!(Ratio::Attacker(7).column(), Column::Automatic);
        assert_eq!(Ratio::Defender(7).column(), Column::TooLow);
        for c in OddsColumn::ALL {
            assert_eq!(OddsColumn::from_label(c.label()), Some(c));
        }
    }
}
