//! Combat results as general effects. Whatever table a battle is resolved on (the BGAT,
//! the TGAT, the MCRT), its result comes down to the same three things for each side:
//! what it loses (whole units or combat factors, the loser's choice of which), how many
//! hexes it must retreat, and how many hexes it may advance into what the loser left.
//! [`Outcome`] is a table's result, typed; [`Effects`] is what it does, and one
//! application (`combat/resolve.rs`) carries out every table's effects.

use super::bgat::CombatResult;
use crate::cite::Rule;
use crate::tables::{Party, TableId, TgatCell, TgatHalf, TgatResult};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What the table said, as the engine looked it up: the result, and for the report the
/// odds (`"14:8 reduce to 1-1 (15.1)"`), the roll (`"A1: play-by-mail digit 7"`) and the
/// table cell (`"BGAT (play-by-mail), row 7, column 1-1 -> DB2"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub result: Outcome,
    pub odds: String,
    pub roll: String,
    pub table: String,
}

/// What the engine needs to roll one battle: its id (the roll id), the factors after
/// terrain, and its stock symbol in stock-sales games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleSetup<'a> {
    pub id: &'a str,
    pub attack: crate::odds::Factor,
    pub defence: crate::odds::Factor,
    pub stock: Option<&'a str>,
}

/// What a result takes from one side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Loss {
    #[default]
    None,
    /// BGAT AE, DE, EX: whole units, the loser's choice.
    Units(u32),
    /// TGAT, MCRT, BBT (25.1): combat factors, the loser's choice of units; a unit
    /// that loses part of its factors is made up from substitutes (26.2, 26.5).
    Factors(u32),
    /// TGAT better than 6-1: every unit of the side.
    All,
}

/// What a result does to one side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effect {
    pub loss: Loss,
    /// Hexes every surviving unit must retreat (0: it stays).
    pub retreat: u32,
    /// Hexes the side's units may advance after combat, the first into a hex the loser
    /// left (0: no advance).
    pub advance: u32,
}

/// What a result does to both sides of a battle, applied attacker first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    pub attacker: Effect,
    pub defender: Effect,
    /// The most units of the winner that may advance (the BGAT's 3); `None`: any of
    /// the battle's units, within the stacking limit.
    pub advance_units: Option<usize>,
}

impl Effects {
    /// One side's effect.
    pub fn of(&self, party: Party) -> Effect {
        match party {
            Party::Attacker => self.attacker,
            Party::Defender => self.defender,
        }
    }
}

/// A battle's result as read from its table, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Basic Game Attrition Table (15).
    Bgat(CombatResult),
    /// Tournament Game Attrition Table (25.1).
    Tgat(TgatResult),
}

impl Outcome {
    /// The table the result was read on.
    pub fn table(&self) -> TableId {
        match self {
            Outcome::Bgat(_) => TableId::Bgat,
            Outcome::Tgat(_) => TableId::Tgat,
        }
    }

    /// The result as printed: `DB2`, `2 3 / - 1`; `D elim advance 4` for the TGAT's
    /// odds above 6-1.
    pub fn code(&self) -> String {
        match self {
            Outcome::Bgat(r) => r.code().to_string(),
            Outcome::Tgat(TgatResult::Cell(c)) => c.to_string(),
            Outcome::Tgat(TgatResult::DefenderEliminated { attacker_advance }) => {
                format!("D elim advance {attacker_advance}")
            }
        }
    }

    /// What the result means, in words: `defender back 2`.
    pub fn meaning(&self) -> String {
        match self {
            Outcome::Bgat(r) => r.meaning().to_string(),
            Outcome::Tgat(TgatResult::Cell(c)) => tgat_meaning(c),
            Outcome::Tgat(TgatResult::DefenderEliminated { attacker_advance }) => {
                format!("defender eliminated, attacker may advance {attacker_advance}")
            }
        }
    }

    /// The result as cited: `BGAT DB2`.
    pub fn rule(&self) -> Rule {
        Rule::result(self.table(), self.code())
    }

    /// BGAT explanation of results, TGAT (25.1 and the TGAT's own explanation): what
    /// the result does.
    pub fn effects(&self, advance_units: usize) -> Effects {
        match self {
            Outcome::Bgat(r) => bgat_effects(*r, advance_units),
            Outcome::Tgat(TgatResult::Cell(c)) => tgat_effects(c),
            Outcome::Tgat(TgatResult::DefenderEliminated { attacker_advance }) => Effects {
                attacker: Effect {
                    advance: u32::from(*attacker_advance),
                    ..Effect::default()
                },
                defender: Effect {
                    loss: Loss::All,
                    ..Effect::default()
                },
                advance_units: None,
            },
        }
    }

    /// Reads a result as [`code`](Self::code) writes it: a BGAT code, or a TGAT cell.
    pub fn from_code(code: &str) -> Option<Outcome> {
        if let Some(n) = code.strip_prefix("D elim advance ") {
            return n.parse().ok().map(|attacker_advance| {
                Outcome::Tgat(TgatResult::DefenderEliminated { attacker_advance })
            });
        }
        if let Ok(r) = code.parse::<CombatResult>() {
            return Some(Outcome::Bgat(r));
        }
        use crate::tables::grid::CellText;
        TgatCell::parse_cell(code).map(|c| Outcome::Tgat(TgatResult::Cell(c)))
    }
}

/// "DB2 (defender back 2)", as the report prints it.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.code(), self.meaning())
    }
}

/// BGAT: AE and DE take one unit and retreat the rest 2 hexes, AB2 and DB2 retreat 2,
/// EX takes one unit from each side; the winner may advance up to `advance_units` units
/// into the hexes the loser left.
fn bgat_effects(r: CombatResult, advance_units: usize) -> Effects {
    let lose_and_back = Effect {
        loss: Loss::Units(1),
        retreat: 2,
        advance: 0,
    };
    let back = Effect {
        retreat: 2,
        ..Effect::default()
    };
    let advance = Effect {
        advance: 1,
        ..Effect::default()
    };
    let lose = Effect {
        loss: Loss::Units(1),
        ..Effect::default()
    };
    let (attacker, defender) = match r {
        CombatResult::AttackerEliminated => (lose_and_back, advance),
        CombatResult::DefenderEliminated => (advance, lose_and_back),
        CombatResult::AttackerBack2 => (back, advance),
        CombatResult::DefenderBack2 => (advance, back),
        CombatResult::Exchange => (lose, lose),
    };
    Effects {
        attacker,
        defender,
        advance_units: Some(advance_units),
    }
}

/// TGAT: each side loses its factors; the loser (the half printed bold) retreats its
/// hexes and the other side may advance its own.
fn tgat_effects(c: &TgatCell) -> Effects {
    let half = |party: Party| {
        let TgatHalf { factors, .. } = c.half(party);
        Effect {
            loss: if factors == 0 {
                Loss::None
            } else {
                Loss::Factors(u32::from(factors))
            },
            retreat: u32::from(c.retreat(party)),
            advance: u32::from(c.advance(party)),
        }
    };
    Effects {
        attacker: half(Party::Attacker),
        defender: half(Party::Defender),
        advance_units: None,
    }
}

/// "attacker loses 2 factors and retreats 3, defender loses 1 factor and may advance 1".
fn tgat_meaning(c: &TgatCell) -> String {
    let e = tgat_effects(c);
    let side = |name: &str, x: Effect| {
        let mut parts = Vec::new();
        if let Loss::Factors(n) = x.loss {
            parts.push(format!("loses {n} factor{}", if n == 1 { "" } else { "s" }));
        }
        if x.retreat > 0 {
            parts.push(format!("retreats {}", x.retreat));
        }
        if x.advance > 0 {
            parts.push(format!("may advance {}", x.advance));
        }
        (!parts.is_empty()).then(|| format!("{name} {}", parts.join(" and ")))
    };
    let said: Vec<String> = [side("attacker", e.attacker), side("defender", e.defender)]
        .into_iter()
        .flatten()
        .collect();
    if said.is_empty() {
        "no effect".to_string()
    } else {
        said.join(", ")
    }
}

/// Written in a state as its code (`DE`), as the owed decisions always were.
pub mod as_code {
    use super::*;

    pub fn serialize<S: Serializer>(o: &Outcome, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&o.code())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let text = String::deserialize(d)?;
        Outcome::from_code(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a combat result")))
    }
}

/// Written in a state as the report prints it: `DB2 (defender back 2)`.
impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let text = String::deserialize(d)?;
        let code = text.split_once(" (").map_or(text.as_str(), |(c, _)| c);
        Outcome::from_code(code)
            .filter(|o| o.to_string() == text)
            .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a combat result")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::grid::CellText;

    fn cell(text: &str) -> Outcome {
        Outcome::Tgat(TgatResult::Cell(TgatCell::parse_cell(text).unwrap()))
    }

    #[test]
    fn the_bgat_results_as_effects() {
        let de = Outcome::Bgat(CombatResult::DefenderEliminated).effects(3);
        assert_eq!(de.defender.loss, Loss::Units(1));
        assert_eq!(de.defender.retreat, 2);
        assert_eq!(de.attacker.advance, 1);
        assert_eq!(de.advance_units, Some(3));
        let ex = Outcome::Bgat(CombatResult::Exchange).effects(3);
        assert_eq!(ex.attacker.loss, Loss::Units(1));
        assert_eq!(ex.defender.loss, Loss::Units(1));
        assert_eq!((ex.attacker.retreat, ex.defender.retreat), (0, 0));
        let ab2 = Outcome::Bgat(CombatResult::AttackerBack2).effects(3);
        assert_eq!(
            ab2.attacker,
            Effect {
                retreat: 2,
                ..Effect::default()
            }
        );
        assert_eq!(ab2.defender.advance, 1);
    }

    /// 25.1 and the TGAT's explanation: "2 3 / - 1" is the attacker losing 2 factors
    /// and retreating 3 (the larger hex figure retreats), the defender advancing 1.
    #[test]
    fn a_tgat_cell_as_effects() {
        let e = cell("2 3 / - 1").effects(3);
        assert_eq!(e.attacker.loss, Loss::Factors(2));
        assert_eq!(e.attacker.retreat, 3);
        assert_eq!(e.defender.loss, Loss::None);
        assert_eq!(e.defender.advance, 1);
        assert_eq!(e.advance_units, None);
        assert_eq!(
            cell("2 3 / - 1").meaning(),
            "attacker loses 2 factors and retreats 3, defender may advance 1"
        );
        let elim = Outcome::Tgat(TgatResult::DefenderEliminated {
            attacker_advance: 4,
        })
        .effects(3);
        assert_eq!(elim.defender.loss, Loss::All);
        assert_eq!(elim.attacker.advance, 4);
    }

    #[test]
    fn results_read_back_from_their_text() {
        for o in [
            Outcome::Bgat(CombatResult::DefenderBack2),
            Outcome::Bgat(CombatResult::Exchange),
            cell("1 - / 1 2"),
            Outcome::Tgat(TgatResult::DefenderEliminated {
                attacker_advance: 4,
            }),
        ] {
            assert_eq!(Outcome::from_code(&o.code()), Some(o));
            let ron = ron::to_string(&o).unwrap();
            assert_eq!(ron::from_str::<Outcome>(&ron).unwrap(), o);
        }
        assert_eq!(
            Outcome::Bgat(CombatResult::DefenderBack2).to_string(),
            "DB2 (defender back 2)"
        );
        assert!(ron::from_str::<Outcome>("\"DB2 (attacker back 2)\"").is_err());
        assert!(Outcome::from_code("D3").is_none());
        // Every result's citation reads back as the same citation.
        let elim = Outcome::Tgat(TgatResult::DefenderEliminated {
            attacker_advance: 4,
        });
        for o in [
            elim,
            cell("2 3 / - 1"),
            Outcome::Bgat(CombatResult::Exchange),
        ] {
            let text = o.rule().to_string();
            assert_eq!(text.parse::<Rule>(), Ok(o.rule()), "{text}");
        }
    }
}
