//! The position at a glance (`blitz show`): per side, the units on the map by hex,
//! those at sea by zone (optional rule 19), its airfields (BLITZKRIEG '85, 49), the
//! city hexes friendly to it, the units still to come and the losses so far.

use crate::control;
use crate::hex::Hex;
use crate::model::count::counted;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::state::{GameState, Phase, Place};
use crate::units::{Counter, Side};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Plain text, at most 78 columns.
pub fn render(rules: &Rules, state: &GameState) -> String {
    let mut out = String::new();
    let pos = state.position(&rules.counters);
    let _ = writeln!(
        out,
        "BLITZKRIEG  game {}  {}",
        state.game.id,
        phase_text(&state.phase)
    );
    // 004: the rules of '85 the game records, 52.5 named.
    if let Some(r) = crate::report::rules85_line(&state.game.options) {
        let _ = writeln!(out, "Rules of '85: {r}");
    }
    if let Some(side) = state.mover() {
        if let Some(found) = crate::supply::as_it_stands(rules, state, side) {
            let _ = writeln!(out, "Supply: {}", crate::supply::line(side, &found.cut));
            if let Some(l) = crate::supply::beach_line(&found.beach) {
                let _ = writeln!(out, "        {l}");
            }
        }
    }
    for side in Side::BOTH {
        let _ = writeln!(out, "\n{} ({})", side.country_name(), side);
        let by_hex = stacks(&pos, side);
        let _ = writeln!(
            out,
            "  on the map: {} in {}",
            counted(by_hex.values().map(Vec::len).sum::<usize>(), "unit"),
            counted(by_hex.len(), "hex")
        );
        for (hex, units) in &by_hex {
            stack_line(&mut out, rules, *hex, units);
        }
        at_sea(&mut out, rules, state, &pos, side);
        for l in crate::eighty5::airfield::lines(rules, &state.airfields, &pos, side) {
            wrap(&mut out, &l, "    ");
        }
        let cities = control::friendly_cities(
            &rules.board,
            &pos,
            &state.held,
            rules.ruleset.readings.city_friendly,
            side,
        );
        let list: Vec<String> = cities.iter().map(|h| h.to_string()).collect();
        let _ = writeln!(out, "  friendly city hexes: {} (5)", list.len());
        wrap(&mut out, &list.join(" "), "    ");
        let (waiting, lost): (Vec<_>, Vec<_>) = state
            .units
            .iter()
            .filter(|(id, _)| rules.counters.get(id).is_some_and(|c| c.side == side))
            .filter(|(_, p)| matches!(p, Place::Waiting | Place::Eliminated { .. }))
            .partition(|(_, p)| matches!(p, Place::Waiting));
        let mut due: Vec<&Counter> = waiting
            .iter()
            .filter_map(|(id, _)| rules.counters.get(id))
            .collect();
        due.sort_by_cached_key(|c| (c.enters, c.counting_key()));
        let _ = writeln!(out, "  still to come: {} (6.2)", due.len());
        let mut by_turn: BTreeMap<u8, Vec<String>> = BTreeMap::new();
        for c in due {
            by_turn.entry(c.enters).or_default().push(c.id.to_string());
        }
        for (turn, ids) in &by_turn {
            wrap(
                &mut out,
                &format!("turn {turn}: {}", ids.join(", ")),
                "    ",
            );
        }
        let mut lost: Vec<&Counter> = lost
            .iter()
            .filter_map(|(id, _)| rules.counters.get(id))
            .collect();
        lost.sort_by_cached_key(|c| c.counting_key());
        let lost: Vec<String> = lost.iter().map(|c| c.id.to_string()).collect();
        let _ = writeln!(out, "  eliminated: {}", lost.len());
        wrap(&mut out, &lost.join(", "), "    ");
        for p in state.pending.iter().filter(|p| p.side == side) {
            let _ = writeln!(
                out,
                "  owes for battle {} ({}): {}",
                p.battle, p.result, p.what
            );
        }
    }
    out
}

fn phase_text(p: &Phase) -> String {
    match p {
        Phase::SetUp { side } => format!("set-up, {side} to place"),
        Phase::Turn { turn, side } => format!("turn {turn}, {side} to move"),
        Phase::Over {
            winner: Some(w),
            reason,
        } => format!("over: {w} won ({reason})"),
        Phase::Over {
            winner: None,
            reason,
        } => format!("over: {reason}"),
    }
}

fn wrap(out: &mut String, text: &str, indent: &str) {
    let mut line = String::from(indent);
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line.len() + word.len() + 1 > 78 && line.len() > indent.len() {
            let _ = writeln!(out, "{}", line.trim_end());
            line = String::from(indent);
        }
        line.push_str(word);
        line.push(' ');
    }
    if line.len() > indent.len() {
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The position at the end of a player-turn, for the end of its report: per side, the
/// units on the map by hex with their factors, the friendly city hexes and the losses
/// so far, counted, and its airfields ('85, 49; `blitz show` has the rest).
pub fn position(rules: &Rules, state: &GameState) -> String {
    position_at(rules, state, &state.position(&rules.counters))
}

/// [`position`] from the state's position built already (`pos`, of `state`).
pub fn position_at(rules: &Rules, state: &GameState, pos: &Position) -> String {
    let mut out = String::new();
    for side in Side::BOTH {
        let by_hex = stacks(pos, side);
        let cities = control::friendly_cities(
            &rules.board,
            pos,
            &state.held,
            rules.ruleset.readings.city_friendly,
            side,
        )
        .len();
        let lost = state
            .units
            .iter()
            .filter(|(id, p)| {
                matches!(p, Place::Eliminated { .. })
                    && rules.counters.get(id).is_some_and(|c| c.side == side)
            })
            .count();
        let _ = writeln!(
            out,
            "  {side}: {} in {}, {}, {lost} eliminated",
            counted(by_hex.values().map(Vec::len).sum::<usize>(), "unit"),
            counted(by_hex.len(), "hex"),
            counted(cities, "friendly city hex")
        );
        for (hex, units) in &by_hex {
            stack_line(&mut out, rules, *hex, units);
        }
        at_sea(&mut out, rules, state, pos, side);
        airfields(&mut out, rules, state, pos, side);
    }
    out
}

/// 49 (BLITZKRIEG '85): the side's airfields and builds under way, when it has any,
/// one a line (the report folds them).
fn airfields(out: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    for l in crate::eighty5::airfield::lines(rules, &state.airfields, pos, side) {
        let _ = writeln!(out, "    {l}");
    }
}

/// 19.1: the side's units at sea, zone by zone, when it has any (with optional rule 19,
/// also when it has none).
fn at_sea(out: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    let zones = crate::sea::afloat_by_zone(rules, state, side);
    if zones.is_empty() && !rules.ruleset.sea_movement() {
        return;
    }
    let _ = writeln!(out, "  at sea: {}", crate::sea::room_line(rules, pos, side));
    for (zone, units) in &zones {
        let names: Vec<String> = units
            .iter()
            .map(|u| {
                let f = rules
                    .counters
                    .get(u)
                    .map_or(String::new(), |c| c.factors_text());
                format!("{u} {f}")
            })
            .collect();
        wrap(out, &format!("zone {zone}: {}", names.join(", ")), "    ");
    }
}

/// The side's units on the map, hex by hex, in counting order ([`stack_line`] writes
/// them).
fn stacks(pos: &Position, side: Side) -> BTreeMap<Hex, Vec<&Piece>> {
    let mut mine: Vec<_> = pos.pieces().filter(|p| p.side == side).collect();
    // Stable, as `sort_by_key` is: each key worked out once, not at every comparison.
    mine.sort_by_cached_key(|p| (p.hex, p.id.counting_key()));
    let mut by_hex: BTreeMap<Hex, Vec<&Piece>> = BTreeMap::new();
    for p in mine {
        by_hex.entry(p.hex).or_default().push(p);
    }
    by_hex
}

/// One hex of [`stacks`]: "    K12    B-1IN 4-4, B-2AR 6-4", written straight into
/// `out` (no string of its own for each unit).
fn stack_line(out: &mut String, rules: &Rules, hex: Hex, units: &[&Piece]) {
    let _ = write!(out, "    {hex:<6} ");
    for (i, p) in units.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(p.id.as_str());
        out.push(' ');
        if let Some(c) = rules.counters.get(&p.id) {
            c.write_factors(out);
        }
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Country;
    use crate::ruleset::RuleBook;
    use crate::sketch::Sketch;
    use crate::units::{Counter, Counters, Size, UnitId, UnitKind};

    fn counter(id: &str, kind: UnitKind, (attack, defence, movement): (u32, u32, u32)) -> Counter {
        Counter {
            id: UnitId::new(id).unwrap(),
            side: Side::Blue,
            kind,
            size: Size::Division,
            attack,
            defence,
            movement,
            name: id.to_string().into(),
            enters: 1,
        }
    }

    /// A hex's line names its units in counting order (1, 2, 10), each with its factors
    /// as printed (artillery's three), a unit with no counter with none, and the other
    /// side's units not at all; one line per hex, in hex order.
    #[test]
    fn a_stack_line_names_each_unit_with_its_factors() {
        let board = Sketch::land(1..=20, 1..=20, Country::GreatBlue).build();
        let mut rules = Rules::new(board, Counters::default(), RuleBook::embedded().unwrap());
        rules.counters = std::sync::Arc::new(Counters::from_list([
            counter("B-1IN", UnitKind::Infantry, (4, 4, 4)),
            counter("B-10IN", UnitKind::Infantry, (3, 3, 4)),
            counter("B-2AT", UnitKind::Artillery, (8, 4, 4)),
        ]));
        let h = |s: &str| s.parse::<Hex>().unwrap();
        let mut pos = Position::new();
        for (id, hex) in [
            ("B-10IN", "K10"),
            ("B-2AT", "K10"),
            ("B-1IN", "K10"),
            ("B-7IN", "C3"),
        ] {
            pos.put(
                UnitId::new(id).unwrap(),
                Side::Blue,
                UnitKind::Infantry,
                h(hex),
            );
        }
        pos.put(
            UnitId::new("R-1IN").unwrap(),
            Side::Red,
            UnitKind::Infantry,
            h("K11"),
        );
        let mut out = String::from("before\n");
        for (hex, units) in &stacks(&pos, Side::Blue) {
            stack_line(&mut out, &rules, *hex, units);
        }
        assert_eq!(
            out,
            "before\n    C3     B-7IN \n    K10    B-1IN 4-4, B-2AT 8-4-4, B-10IN 3-4\n"
        );
    }
}
