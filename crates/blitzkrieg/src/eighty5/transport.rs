//! 41.11 and 50: BLITZKRIEG '85's transport aircraft as counters of its games. 41.11
//! prints their strengths ("(1/2), (1), and (2)", the stacking units each carries) and
//! counter mix (`rules/blitzkrieg/85.toml`); the counters are made from it for a game of
//! '85 that records rule 50 alone ([`crate::rules::Rules::for_game`]), so the 1975
//! counters file, every Basic or Tournament game and every game of '85 begun before
//! rule 50 was built are as they were.
//!
//! Ids, in the style of the helicopters' (number, then type code `TA`): `B-1TA`-`B-4TA`
//! (1/2), `B-5TA`-`B-8TA` (1) and `B-9TA`-`B-12TA` (2); Red's the same with `R-`.
//! 50.1: "Air transport craft are now air units. Their basing requirements are the
//! same as combat air units. Range is 20 hexes." 50.2: "Air transport craft have no
//! combat strength": their attack factor is 0, and their printed strength, in half
//! stacking units, is kept as the counter's defence ([`capacity_halves`]).

use super::{Figures85, NewCounter};
use crate::units::{Counter, Counters, Side, Size, UnitId, UnitKind};

/// 41.11: the half stacking units a transport aircraft carries, as printed: "(1/2)"
/// is 1, "(1)" 2, "(2)" 4. `None` for a text that is none of them.
pub fn printed_halves(strength: &str) -> Option<u32> {
    let inner = strength.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    match inner {
        "1/2" => Some(1),
        whole => whole.parse::<u32>().ok()?.checked_mul(2),
    }
}

/// 41.11, 50.5: the half stacking units `c` carries: its printed strength for a
/// transport aircraft, 0 for any other counter.
pub fn capacity_halves(c: &Counter) -> u32 {
    if c.kind == UnitKind::TransportAircraft {
        c.defence
    } else {
        0
    }
}

/// 41.11: `side`'s transport aircraft, numbered in the order 41.11 lists their
/// strengths.
pub fn counters(figures: &Figures85, side: Side) -> Vec<Counter> {
    let kind = UnitKind::TransportAircraft;
    let mut out = Vec::new();
    let mut number = 0u32;
    for n in figures.counters.iter().filter(|n| n.kind == kind.name()) {
        let Some(halves) = printed_halves(&n.strength) else {
            continue;
        };
        for _ in 0..n.mix {
            number += 1;
            let Ok(id) = UnitId::new(&format!("{}-{number}{}", side.letter(), kind.id_code()))
            else {
                continue;
            };
            out.push(counter(id, side, (halves, figures.air_transport.range), n));
        }
    }
    out
}

/// A transport aircraft carrying `halves` half units with its range (50.1).
fn counter(id: UnitId, side: Side, (halves, range): (u32, u32), n: &NewCounter) -> Counter {
    Counter {
        id,
        side,
        kind: UnitKind::TransportAircraft,
        // Not on the Order of Appearance Card: bought (38.2), as 41's helicopters.
        size: Size::Substitute,
        attack: 0,
        defence: halves,
        movement: range,
        name: format!("transport aircraft {}", n.strength).into(),
        enters: 0,
    }
}

/// The counters of a game of '85 with rule 50: `base` and both sides' transport
/// aircraft (unchanged when they are there already, or the figures do not read).
pub fn with_transport_aircraft(base: &Counters) -> Option<Counters> {
    if base.iter().any(|c| c.kind == UnitKind::TransportAircraft) {
        return None;
    }
    let figures = Figures85::embedded()?;
    Some(base.with(Side::BOTH.into_iter().flat_map(|s| counters(figures, s))))
}

/// The template's lines on rule 50 for `side` to move in a game of '85 that plays it:
/// how `[[air]]` names its aircraft, and the side's transport aircraft on the map
/// with their base and strength. Empty in any other game.
pub fn template_lines(
    rules: &crate::rules::Rules,
    pos: &crate::position::Position,
    side: Side,
) -> Vec<String> {
    if !rules.ruleset.plays85(50) {
        return Vec::new();
    }
    let mut lines = vec![
        "[[air]] by = [\"B-1TA\"]   # '85: the transport aircraft based in `from` that carry"
            .to_string(),
        "  (50.5: a replacement-size unit takes 1/2, a full unit 1, air assault twice; drop"
            .to_string(),
        "  within 20 hexes, 50.6).".to_string(),
        "[[air_supply]] aircraft = \"B-1TA\" units = [\"UNIT\"]  # 50.7: supplies cut-off units of"
            .to_string(),
        "  one hex (1/2 of capacity: two replacement-size units of MA 4, or one faster),"
            .to_string(),
        "  landing at an airfield or city within 40 hexes or dropping within 20; supplied"
            .to_string(),
        "  through the enemy's next player-turn and your next (50.75). Your transport aircraft:"
            .to_string(),
    ];
    let mut mine: Vec<String> = pos
        .pieces()
        .filter(|p| p.side == side && p.kind == UnitKind::TransportAircraft)
        .filter_map(|p| {
            let c = rules.counters.get(&p.id)?;
            Some(format!("  {} {} at {}", p.id, c.factors_text(), p.hex))
        })
        .collect();
    if mine.is_empty() {
        mine.push("  none on the map".to_string());
    }
    lines.extend(mine);
    lines
}

/// 50.76: "Air transport units designated for air supply may do nothing else that
/// player turn": a `[[mission]]` (a `transfer` too, 50.1) naming an aircraft that an
/// `[[air_supply]]` of the same file names is refused (B389). Nothing in a game
/// without rule 50, which refuses the `aircraft` itself (B388).
pub fn suppliers_on_missions(
    rules: &crate::rules::Rules,
    orders: &crate::orders::Orders,
) -> Vec<crate::orders::OrderError> {
    if !rules.ruleset.plays85(50) {
        return Vec::new();
    }
    let suppliers: std::collections::BTreeSet<&UnitId> = orders
        .air_supply85
        .iter()
        .map(|a| &a.aircraft.value)
        .collect();
    orders
        .missions
        .iter()
        .flat_map(|m| &m.units)
        .filter(|u| suppliers.contains(&u.value))
        .map(|u| {
            crate::orders::OrderError::new(
                crate::orders::Problem::SupplierOnMission {
                    aircraft: u.value.clone(),
                },
                Some(u.span.clone()),
                cite!("50.76"),
            )
            .unit(&u.value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 41.11: four of each strength a side, carrying 1, 2 and 4 half units, no combat
    /// strength (50.2), range 20 (50.1).
    #[test]
    fn forty_one_eleven_transport_aircraft_a_side() {
        let f = Figures85::embedded().unwrap();
        let blue = counters(f, Side::Blue);
        assert_eq!(blue.len(), 12);
        let text: Vec<String> = blue
            .iter()
            .map(|c| format!("{} {}", c.id, c.factors_text()))
            .collect();
        assert_eq!(text[0], "B-1TA (1/2)");
        assert_eq!(text[4], "B-5TA (1)");
        assert_eq!(text[11], "B-12TA (2)");
        assert_eq!(
            blue.iter().map(capacity_halves).collect::<Vec<_>>(),
            [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4]
        );
        assert!(blue
            .iter()
            .all(|c| c.attack == 0 && c.movement == 20 && c.kind.is_air()));
        assert_eq!(counters(f, Side::Red)[8].id.as_str(), "R-9TA");
        assert_eq!(printed_halves("(3)"), Some(6));
        assert_eq!(printed_halves("1-8"), None);
    }
}
