//! The results printed in the table cells, typed: BGAT results, TGAT cells (factors
//! eliminated and hexes of retreat or advance for each side), BBT and ACT losses, MCRT
//! results, weather.

use super::grid::CellText;
use crate::odds::Factor;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A side of a battle (as opposed to Blue and Red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Party {
    Attacker,
    Defender,
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Party::Attacker => "attacker",
            Party::Defender => "defender",
        })
    }
}

/// A result of the Basic Game Attrition Table (explanation of BGAT results).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BgatResult {
    /// AE: the attacker eliminates one unit of the battle, the rest retreat 2; the
    /// defender may advance up to 3 units.
    AttackerEliminated,
    /// AB2: the attacker retreats 2 hexes; the defender may advance up to 3 units.
    AttackerBack2,
    /// EX: each side eliminates one unit of the battle; nobody moves.
    Exchange,
    /// DB2: as AB2 with the roles reversed.
    DefenderBack2,
    /// DE ("D elim"): as AE with the roles reversed (15.3).
    DefenderEliminated,
}

impl BgatResult {
    /// The face-to-face code: "AE", "AB2", "EX", "DB2", "DE".
    pub fn code(self) -> &'static str {
        match self {
            BgatResult::AttackerEliminated => "AE",
            BgatResult::AttackerBack2 => "AB2",
            BgatResult::Exchange => "EX",
            BgatResult::DefenderBack2 => "DB2",
            BgatResult::DefenderEliminated => "DE",
        }
    }
}

impl fmt::Display for BgatResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl CellText for BgatResult {
    const EXPECTED: &'static str = "AE or A elim, AB2, EX, DB2, DE or D elim";
    fn parse_cell(text: &str) -> Option<Self> {
        Some(match text.trim() {
            "AE" | "A elim" => BgatResult::AttackerEliminated,
            "AB2" => BgatResult::AttackerBack2,
            "EX" => BgatResult::Exchange,
            "DB2" => BgatResult::DefenderBack2,
            "DE" | "D elim" => BgatResult::DefenderEliminated,
            _ => return None,
        })
    }
}

/// One side's half of a TGAT cell: factors eliminated, hexes of retreat or advance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct TgatHalf {
    pub factors: u8,
    pub hexes: u8,
}

impl fmt::Display for TgatHalf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |v: u8| {
            if v == 0 {
                "-".to_string()
            } else {
                v.to_string()
            }
        };
        write!(f, "{} {}", n(self.factors), n(self.hexes))
    }
}

/// A TGAT cell: what each side loses and how far it retreats or may advance (25.1 and
/// the explanation printed with the TGAT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TgatCell {
    pub attacker: TgatHalf,
    pub defender: TgatHalf,
}

impl TgatCell {
    pub fn half(&self, party: Party) -> TgatHalf {
        match party {
            Party::Attacker => self.attacker,
            Party::Defender => self.defender,
        }
    }

    /// The loser, who retreats his number of hexes (printed in bold; the bold is lost in
    /// the scan and reconstructed, see docs/tables.md): the half with the larger hex
    /// number, or with equal numbers the half that loses more factors. `None` when no
    /// side moves.
    pub fn retreating(&self) -> Option<Party> {
        let (a, d) = (self.attacker, self.defender);
        match a.hexes.cmp(&d.hexes) {
            std::cmp::Ordering::Greater => Some(Party::Attacker),
            std::cmp::Ordering::Less => Some(Party::Defender),
            std::cmp::Ordering::Equal if a.hexes == 0 => None,
            std::cmp::Ordering::Equal => match a.factors.cmp(&d.factors) {
                std::cmp::Ordering::Greater => Some(Party::Attacker),
                std::cmp::Ordering::Less => Some(Party::Defender),
                std::cmp::Ordering::Equal => None,
            },
        }
    }

    /// Hexes `party` must retreat (0 unless it is the loser).
    pub fn retreat(&self, party: Party) -> u8 {
        if self.retreating() == Some(party) {
            self.half(party).hexes
        } else {
            0
        }
    }

    /// Hexes `party` may advance after the loser has retreated (0 for the loser).
    pub fn advance(&self, party: Party) -> u8 {
        if self.retreating().is_some() && self.retreating() != Some(party) {
            self.half(party).hexes
        } else {
            0
        }
    }

    /// Is the retreat undetermined (both sides show the same hexes and losses)?
    pub fn is_ambiguous(&self) -> bool {
        self.retreating().is_none() && (self.attacker.hexes > 0 || self.defender.hexes > 0)
    }
}

/// "2 3 / - 1".
impl fmt::Display for TgatCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {}", self.attacker, self.defender)
    }
}

fn figure(t: &str) -> Option<u8> {
    if t == "-" {
        Some(0)
    } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        t.parse().ok()
    } else {
        None
    }
}

impl CellText for TgatCell {
    const EXPECTED: &'static str =
        "\"attacker / defender\", each half two figures, e.g. \"1 2 / 3 3\" or \"- - / 1 1\"";
    fn parse_cell(text: &str) -> Option<Self> {
        let (a, d) = text.split_once('/')?;
        let half = |h: &str| -> Option<TgatHalf> {
            let mut it = h.split_whitespace();
            let half = TgatHalf {
                factors: figure(it.next()?)?,
                hexes: figure(it.next()?)?,
            };
            it.next().is_none().then_some(half)
        };
        Some(TgatCell {
            attacker: half(a)?,
            defender: half(d)?,
        })
    }
}

/// A TGAT result: a printed cell, or odds better than 6-1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TgatResult {
    Cell(TgatCell),
    /// "Odds greater than 6-1 are considered Defender Eliminated (Attacker Advance 4)":
    /// every defending unit of the battle is eliminated; the attacker may advance 4.
    DefenderEliminated {
        attacker_advance: u8,
    },
}

/// A BBT or ACT result: factors eliminated ("-" is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Losses {
    pub factors: u32,
}

impl Losses {
    /// BBT note: "If defending in mountains, defender's factors are computed at double
    /// value; a loss of 9 would thus mean removal of 5 factors": half the loss, rounded up.
    pub fn removed_in_mountains(self) -> u32 {
        self.factors.div_ceil(2)
    }
}

impl fmt::Display for Losses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.factors == 0 {
            f.write_str("-")
        } else {
            write!(f, "{}", self.factors)
        }
    }
}

impl CellText for Losses {
    const EXPECTED: &'static str = "a number of factors or \"-\"";
    fn parse_cell(text: &str) -> Option<Self> {
        let t = text.trim();
        if t == "-" {
            return Some(Losses { factors: 0 });
        }
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
            .map(|factors| Losses { factors })
    }
}

/// ACT note: "When fighters intercept unescorted bombers, bomber units bomb at 1/2
/// factor (convert fractions down)."
pub fn intercepted_unescorted_bombing(factors: Factor) -> Factor {
    Factor::whole(factors.half().floor())
}

/// A Minor City Reduction Table result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct McrtResult {
    /// "the number of attacking factors of his choice the attacker must eliminate".
    pub attacker_loss: u32,
    /// Asterisk: "the city is reduced".
    pub city_reduced: bool,
}

impl McrtResult {
    /// "No asterisk indicates that aggressor units attacking that city must retreat 2
    /// hexes."
    pub fn attackers_retreat(self) -> u8 {
        if self.city_reduced {
            0
        } else {
            2
        }
    }
}

impl fmt::Display for McrtResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loss = Losses {
            factors: self.attacker_loss,
        };
        write!(f, "{loss}{}", if self.city_reduced { "*" } else { "" })
    }
}

impl CellText for McrtResult {
    const EXPECTED: &'static str =
        "a number of factors or \"-\", with \"*\" if the city is reduced";
    fn parse_cell(text: &str) -> Option<Self> {
        let t = text.trim();
        let (n, reduced) = match t.strip_suffix('*') {
            Some(n) => (n, true),
            None => (t, false),
        };
        Losses::parse_cell(n).map(|l| McrtResult {
            attacker_loss: l.factors,
            city_reduced: reduced,
        })
    }
}

/// The weather of a complete-turn (34 and the Weather Chart).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Weather {
    #[default]
    Clear,
    Rain,
    Gale,
    Fog,
    Ice,
    Snow,
}

impl fmt::Display for Weather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Weather::Clear => "Clear",
            Weather::Rain => "Rain",
            Weather::Gale => "Gale",
            Weather::Fog => "Fog",
            Weather::Ice => "Ice",
            Weather::Snow => "Snow",
        })
    }
}

impl CellText for Weather {
    const EXPECTED: &'static str = "Clear, Rain, Gale, Fog, Ice or Snow";
    fn parse_cell(text: &str) -> Option<Self> {
        Some(match text.trim() {
            "Clear" => Weather::Clear,
            "Rain" => Weather::Rain,
            "Gale" => Weather::Gale,
            "Fog" => Weather::Fog,
            "Ice" => Weather::Ice,
            "Snow" => Weather::Snow,
            _ => return None,
        })
    }
}

/// A column of the BBT, ACT or MCRT: a range of attacking factors ("2-3", "56+").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FactorBracket {
    pub low: u64,
    /// `None` for the open last column ("56+").
    pub high: Option<u64>,
}

impl FactorBracket {
    /// "1", "2-3", "56+".
    pub fn parse(label: &str) -> Option<FactorBracket> {
        let t = label.trim();
        let num = |s: &str| -> Option<u64> {
            let s = s.trim();
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
        };
        if let Some(low) = t.strip_suffix('+') {
            return Some(FactorBracket {
                low: num(low)?,
                high: None,
            });
        }
        if let Some((l, h)) = t.split_once('-') {
            let (low, high) = (num(l)?, num(h)?);
            return (low <= high).then_some(FactorBracket {
                low,
                high: Some(high),
            });
        }
        let n = num(t)?;
        Some(FactorBracket {
            low: n,
            high: Some(n),
        })
    }

    pub fn contains(self, whole: u64) -> bool {
        whole >= self.low && self.high.is_none_or(|h| whole <= h)
    }
}
