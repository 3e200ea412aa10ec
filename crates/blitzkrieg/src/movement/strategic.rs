//! Strategic movement (optional rule 22): the extra movement factors of a unit that
//! stays clear of the enemy for the whole player-turn.
//!
//! 22: "Units that do not begin a player-turn adjacent to enemy units, do not move
//! adjacent to any enemy units (including AVd units) or make any attacks, do not move
//! into or adjacent to unfriendly cities, and do not invade a beach in a given
//! player-turn are given a bonus of 4 extra MF, which may be combined with other
//! movement bonuses." The bonus is `strategic_movement.bonus_mf` of the optional
//! figures.
//!
//! How it is claimed (our reading, docs/orders.md): never by a word of the order. A
//! move that fits the unit's movement factor is an ordinary move; one that needs more
//! gets the bonus when the unit may have it and every hex it enters is clear. The
//! report says so on the move ("strategic movement"), and such a unit named in an
//! `[[attack]]` or `[[av]]` later in the file is an order error citing 22.
//!
//! A unit may not have it when it began the player-turn adjacent to an enemy ground
//! unit (a reinforcement: its placement city, which 6.3 keeps clear of the enemy), or
//! when it was cut off from supply at the start of the player-turn (23.6); an
//! airdropped unit moves 1 hex at most (9.4) and never needs it. A hex is clear when
//! it is not adjacent to an enemy ground unit (a unit beaten by an automatic victory,
//! 21, too) and is neither an unfriendly city hex
//! nor adjacent to one (5.1: friendly as the position stands, with the cities held at
//! the start of the player-turn). The hex the move starts from is not judged: the unit
//! did not move into it. Aircraft are not "enemy units" here: they have no ZOC and
//! ground units never attack them (the Basic Game has none). Beach invasions (20) are
//! not built; 19.2's landing at a port comes with sea movement.

use crate::board::Board;
use crate::control::{self, Holding};
use crate::hex::Hex;
use crate::orders::{Attack, Av, Located, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::supply;
use crate::units::{Side, UnitId};
use std::collections::BTreeSet;

/// Whether a unit may have the bonus in this move, and if not why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Optional rule 22 is not played.
    NotPlayed,
    /// The unit may have `bonus` extra MF on a clear path.
    May { bonus: u32 },
    /// The unit may not have the `bonus` this player-turn, for the reason `why`.
    Barred { bonus: u32, why: Barred },
}

/// Why a unit may not have the bonus whatever its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barred {
    /// It began the player-turn adjacent to an enemy unit.
    BeganNextToEnemy,
    /// 23.6: cut off from supply at the start of the player-turn.
    CutOff,
    /// 20.4: it invaded a beach this player-turn.
    Invaded,
    // 36: critical resources.
    /// 36.22-36.24: its side is short of oil.
    ShortOfOil,
}

impl Barred {
    /// For a hint: "it began the player-turn next to an enemy unit".
    pub fn text(self) -> &'static str {
        match self {
            Barred::BeganNextToEnemy => "it began the player-turn next to an enemy unit",
            Barred::CutOff => "it is cut off from supply (23.6)",
            Barred::Invaded => "it invaded a beach this player-turn (20.4)",
            Barred::ShortOfOil => "its side is short of oil this player-turn (36.22-36.24)",
        }
    }
}

/// Why a hex is not clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unclear {
    /// The hex is adjacent to the enemy unit(s) in this hex.
    NextToEnemy(Hex),
    /// The hex is this unfriendly city hex, or adjacent to it.
    UnfriendlyCity(Hex),
}

impl Unclear {
    /// "is next to the enemy in N16", "is the unfriendly city hex N5".
    pub fn text(self, hex: Hex) -> String {
        match self {
            Unclear::NextToEnemy(e) => format!("{hex} is next to the enemy in {e}"),
            Unclear::UnfriendlyCity(c) if c == hex => {
                format!("{hex} is a city hex not friendly to you")
            }
            Unclear::UnfriendlyCity(c) => {
                format!("{hex} is next to {c}, a city hex not friendly to you")
            }
        }
    }
}

/// 22: the extra MF of strategic movement when the game plays optional rule 22.
pub fn bonus(rules: &Rules) -> Option<u32> {
    rules
        .ruleset
        .plays(crate::ruleset::OptionalRule::StrategicMovement)
        .then_some(rules.ruleset.optional_figures.strategic_movement.bonus_mf)
}

/// 22, 23.6: whether the unit `id`, which began the player-turn (or was placed) in
/// `start`, may have the bonus in its move.
pub fn standing(rules: &Rules, pos: &Position, side: Side, id: &UnitId, start: Hex) -> Standing {
    let Some(bonus) = bonus(rules) else {
        return Standing::NotPlayed;
    };
    let why = if next_to_enemy(pos, side, start).is_some() {
        Barred::BeganNextToEnemy
    } else if supply::is_cut_off(pos, id) {
        Barred::CutOff
    } else {
        return Standing::May { bonus };
    };
    Standing::Barred { bonus, why }
}

/// 22: the hex of an enemy ground unit next to `hex` (the first found), units beaten
/// by an automatic victory included ("including AVd units").
fn next_to_enemy(pos: &Position, side: Side, hex: Hex) -> Option<Hex> {
    hex.neighbours().find(|&n| {
        pos.at(n)
            .chain(pos.beaten_at(n))
            .any(|p| p.side == side.other() && !p.kind.is_air())
    })
}

/// 22, 5.1: `hex` or a hex next to it that is a city hex not friendly to `side`.
fn unfriendly_city_near(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
    hex: Hex,
) -> Option<Hex> {
    std::iter::once(hex)
        .chain(hex.neighbours())
        .find(|&h| board.is_city(h) && !control::is_friendly(board, pos, held.0, held.1, side, h))
}

/// 22: why `hex` is not clear for a unit of `side` to enter in strategic movement, or
/// `None` when it is.
pub fn unclear(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
    hex: Hex,
) -> Option<Unclear> {
    next_to_enemy(pos, side, hex)
        .map(Unclear::NextToEnemy)
        .or_else(|| unfriendly_city_near(board, pos, held, side, hex).map(Unclear::UnfriendlyCity))
}

/// 22: the first hex entered along `path` (start hex first, not judged) that is not
/// clear, and why.
pub fn first_unclear(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
    path: &[Hex],
) -> Option<(Hex, Unclear)> {
    path.iter()
        .skip(1)
        .find_map(|&h| unclear(board, pos, held, side, h).map(|why| (h, why)))
}

/// 22: the note of a move that used the bonus.
pub fn note(bonus: u32) -> String {
    format!("strategic movement: {bonus} extra MF, clear of the enemy all player-turn (22)")
}

/// 22: a unit that moved with the bonus makes no attack in that player-turn. `used`
/// holds those units; `attackers` every unit named to fight, with where it is named
/// and what it is named in ("battle A1", "the automatic victory against N15").
pub fn check_no_attacks(
    used: &BTreeSet<UnitId>,
    attackers: &[(&Located<UnitId>, String)],
) -> Vec<OrderError> {
    attackers
        .iter()
        .filter(|(u, _)| used.contains(&u.value))
        .map(|(u, what)| {
            let problem = Problem::StrategicAttack {
                unit: u.value.clone(),
                what: what.clone(),
            };
            OrderError::new(problem, Some(u.span.clone()), cite!("22")).unit(&u.value)
        })
        .collect()
}

/// Every unit named to fight, in `attacks` or `avs` (an automatic victory is combat,
/// 003 21.1), with what it is named in, for [`check_no_attacks`].
pub fn fighters<'o>(attacks: &'o [Attack], avs: &'o [Av]) -> Vec<(&'o Located<UnitId>, String)> {
    let battles = attacks.iter().flat_map(|a| {
        a.units
            .iter()
            .map(move |u| (u, format!("battle {}", a.id.value)))
    });
    let victories = avs.iter().flat_map(|a| {
        let what = format!("the automatic victory against {}", a.hex.value);
        a.units.iter().map(move |u| (u, what.clone()))
    });
    battles.chain(victories).collect()
}
