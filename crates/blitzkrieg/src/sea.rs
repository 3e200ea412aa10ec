//! Sea movement (optional rule 19) as the position stands: which ports a side may use
//! and why not (19.2-19.4, Q&A 8.3 & 19.3, Q&A 19.4), which sea zones are cut off from
//! the open sea by enemy ZOC (003 19.4), and how many units a side has at sea against
//! its limit (19.3). The orders that use these are carried out in `movement/sea.rs`;
//! the template and `show` ask the same questions. The board's own sea questions (the
//! zone a port opens on, a port's way to the board edge, zone distance) are
//! `board/sea.rs`.
//!
//! Readings where the rules are silent:
//! - 19.4 "access to the open sea" is traced from the port's docking hex (an inland
//!   port: its river hexes first) through full sea hexes none of which is in enemy ZOC,
//!   the docking hex included, to a board-edge sea hex; once there the zones go on
//!   beyond the board (003 19.1).
//! - A sea zone is cut off (reading `cut-off-sea-19-4=no-naval-activity`) when it has
//!   no board-edge hex and none of its sea hexes reaches one past enemy ZOC; a zone on
//!   the board edge never is, since it goes on beyond the board (003 19.1).

use crate::board::{Board, SeaZone};
use crate::control::Holding;
use crate::hex::Hex;
use crate::position::Position;
use crate::rules::Rules;
use crate::search;
use crate::state::GameState;
use crate::units::Side;
use std::collections::{BTreeMap, BTreeSet};

/// Why a side may not use a hex as a port now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortFault {
    /// 19.4: no coastal city and no inland port.
    NotAPort,
    /// Q&A 8.3 & 19.3: no unit goes to sea from a port in enemy ZOC.
    InEnemyZoc,
    /// 19.2, 19.3 with 5.1-5.2: the port is not friendly to the side; why, in words.
    NotFriendly(String),
    /// 19.4: enemy ZOC cuts the port from the open sea; how, in words.
    Blocked(String),
    // 33: additional bombing missions (optional rule).
    /// 33.3 with 003 33.3: the port is damaged (a PX marker): no movement to or from
    /// sea, no sea supply, no port for any purpose.
    Damaged,
}

/// Which way a unit uses a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// 19.3: going to sea.
    ToSea,
    /// 19.2: landing.
    Land,
}

/// The side's enemy ZOC as the rules of 19.4 read it (8.1: a unit's hex and the six
/// around it; aircraft have none).
pub(crate) fn enemy_zoc(pos: &Position, side: Side) -> impl Fn(Hex) -> bool + '_ {
    move |h| pos.in_zoc_of(side.other(), h)
}

/// 19.2-19.4, Q&A 8.3 & 19.3: why `side` may not use `port` now, `None` when it may.
/// `held`: the cities each side held at the start of the player-turn (5.1-5.2).
pub fn port_fault(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
    port: Hex,
    how: Use,
) -> Option<PortFault> {
    let zoc = enemy_zoc(pos, side);
    let open = |dock: Hex| board.reaches_open_sea(dock, &zoc);
    port_fault_with(board, pos, held, side, port, how, &open)
}

/// [`port_fault`] with the answer of 19.4's way to the open sea from a docking hex
/// given (`open`), for a question asked of many ports in one position.
pub fn port_fault_with(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
    port: Hex,
    how: Use,
    open: &dyn Fn(Hex) -> bool,
) -> Option<PortFault> {
    let Some(p) = board.port_at(port) else {
        return Some(PortFault::NotAPort);
    };
    if crate::bombing::port_damaged(pos, port) {
        return Some(PortFault::Damaged);
    }
    let zoc = enemy_zoc(pos, side);
    if how == Use::ToSea && zoc(port) {
        return Some(PortFault::InEnemyZoc);
    }
    if !crate::control::is_friendly(board, pos, held.0, held.1, side, port) {
        return Some(PortFault::NotFriendly(unfriendly_why(
            board, pos, held.0, side, port,
        )));
    }
    if let Some(r) = p.inland_river.iter().find(|&&r| zoc(r)) {
        return Some(PortFault::Blocked(format!(
            "its river hex {r} on the way to the sea is in enemy ZOC"
        )));
    }
    if !open(p.dock) {
        return Some(PortFault::Blocked(format!(
            "enemy ZOC cuts every way from its docking hex {} to the board edge",
            p.dock
        )));
    }
    None
}

/// 5.1, 5.2 (003 5): why a city hex is not friendly to `side`, in words.
fn unfriendly_why(
    board: &Board,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    hex: Hex,
) -> String {
    let enemy = side.other();
    if pos.side_at(hex) == Some(enemy) {
        return format!("{enemy} occupies it (5.1)");
    }
    if pos.in_zoc_of(enemy, hex) {
        return "an enemy unit is next to it (5.1)".to_string();
    }
    if board.home_of(hex) == Some(side) {
        return "it is not friendly (5.1)".to_string();
    }
    if held.get(&hex) != Some(&side) {
        return format!(
            "{side} did not hold it at the start of this player-turn: a city outside the home country is friendly from the player-turn after a unit holds it (5.1)"
        );
    }
    format!("no unit of {side} occupies it now (5.2)")
}

/// 33.3: why a damaged port is no port.
const DAMAGED: &str = "its port facility is damaged by bombing (PX): no movement to or from sea and no sea supply there this complete-turn (33.3)";

/// The same fault as the words of an order problem's `why` (for a port that is not
/// friendly or is blocked).
pub fn fault_why(f: &PortFault) -> String {
    match f {
        PortFault::NotAPort => "it is not a port".to_string(),
        PortFault::InEnemyZoc => "it is in enemy ZOC".to_string(),
        PortFault::NotFriendly(why) | PortFault::Blocked(why) => why.clone(),
        PortFault::Damaged => DAMAGED.to_string(),
    }
}

/// 19.3, 19.4: the ports `side` may use now to go to sea or land, by the zone each opens
/// on, in board order.
pub fn usable_ports(
    board: &Board,
    pos: &Position,
    held: Holding<'_>,
    side: Side,
) -> BTreeMap<SeaZone, Vec<Hex>> {
    let mut out: BTreeMap<SeaZone, Vec<Hex>> = BTreeMap::new();
    for p in board.ports() {
        if port_fault(board, pos, held, side, p.hex, Use::ToSea).is_none() {
            if let Some(z) = board.port_zone(p.hex) {
                out.entry(z).or_default().push(p.hex);
            }
        }
    }
    out
}

/// 003 19.4: the sea zones cut off from the open sea by `side`'s enemy's ZOC: no hex of
/// them on the board edge, and none that reaches one through sea hexes free of that
/// ZOC.
///
/// One walk of the open water, outward from every board-edge sea hex free of that ZOC,
/// finds every sea hex that reaches the edge (`Board::reaches_open_sea` of each).
pub fn cut_off_zones(board: &Board, pos: &Position, side: Side) -> BTreeSet<SeaZone> {
    let zoc = enemy_zoc(pos, side);
    let open = |h: Hex| board.is_sea(h) && !zoc(h);
    let edge = board
        .hexes()
        .map(|(h, _)| h)
        .filter(|&h| board.is_board_edge(h) && open(h));
    let water = search::breadth_first(board.extent(), edge, u32::MAX, |_, n| open(n));
    let mut zones: BTreeMap<SeaZone, bool> = BTreeMap::new();
    for (h, info) in board.hexes() {
        if let Some(z) = info.sea_zone {
            let open_here = board.is_board_edge(h) || water.get(h).flatten().is_some();
            *zones.entry(z).or_default() |= open_here;
        }
    }
    zones
        .into_iter()
        .filter(|&(_, open)| !open)
        .map(|(z, _)| z)
        .collect()
}

/// 19.5: the zones next to `zone`, "B, C and F".
pub fn next_zones(board: &Board, zone: SeaZone) -> String {
    let names: Vec<String> = board.zone_links(zone).map(String::from).collect();
    crate::orders::and_list(&names, "none")
}

/// A count of half units as units: "10", "10 1/2" (26.4), written as movement factors
/// are (a half unit is three sixths).
pub fn units_text(halves: u32) -> String {
    crate::movement::cost::mf_text(halves * 3)
}

/// 20.1, 20.2, 19.2: the beaches a unit of `side` at sea in `zone` may invade now,
/// each with its hexes next to a full sea hex of `zone` or of a zone next to it that
/// no enemy unit stands on; never `barred`, the beach the enemy invaded in the
/// preceding player-turn (20.2). In board order.
pub fn invadable(
    board: &Board,
    pos: &Position,
    side: Side,
    zone: SeaZone,
    barred: Option<&str>,
) -> Vec<(String, Vec<Hex>)> {
    board
        .beaches()
        .iter()
        .filter(|b| Some(b.id.as_str()) != barred)
        .filter_map(|b| {
            let mut hexes: Vec<Hex> = b
                .hexes
                .iter()
                .copied()
                .filter(|&h| pos.side_at(h) != Some(side.other()))
                .filter(|&h| !board.landing_seas(zone, h).is_empty())
                .collect();
            hexes.sort();
            (!hexes.is_empty()).then(|| (b.id.clone(), hexes))
        })
        .collect()
}

/// 19.1, 19.3: "3 of 10 units at sea".
pub fn room_line(rules: &Rules, pos: &Position, side: Side) -> String {
    let limit = rules.ruleset.optional_figures.sea_movement.at_sea_halves;
    format!(
        "{} of {} units at sea (19.3; substitutes and rangers count half)",
        units_text(pos.sea_halves(side)),
        units_text(limit)
    )
}

/// The units at sea of `side` in `state`, zone by zone, in counting order.
pub fn afloat_by_zone(
    rules: &Rules,
    state: &GameState,
    side: Side,
) -> BTreeMap<SeaZone, Vec<crate::units::UnitId>> {
    let mut out: BTreeMap<SeaZone, Vec<&crate::units::Counter>> = BTreeMap::new();
    for (id, place) in &state.units {
        if let (crate::state::Place::AtSea(z), Some(c)) = (place, rules.counters.get(id)) {
            if c.side == side {
                out.entry(*z).or_default().push(c);
            }
        }
    }
    out.into_iter()
        .map(|(z, mut cs)| {
            cs.sort_by_cached_key(|c| c.counting_key());
            (z, cs.into_iter().map(|c| c.id.clone()).collect())
        })
        .collect()
}

/// 19.1: the units in one sea zone's At Sea Box (optional rule 19), to draw beside
/// the zone's label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeaBox {
    pub zone: char,
    /// Each unit's side and what the box says of it: "B-1IN 4-4".
    pub units: Vec<(Side, String)>,
}

/// 19.1: every At Sea Box of `state` that holds units, both sides' units in it (Blue
/// first), for the pictures.
pub fn boxes(rules: &Rules, state: &GameState) -> Vec<SeaBox> {
    let mut by_zone: BTreeMap<SeaZone, Vec<(Side, String)>> = BTreeMap::new();
    for side in Side::BOTH {
        for (zone, units) in afloat_by_zone(rules, state, side) {
            let texts = units
                .iter()
                .filter_map(|u| rules.counters.get(u))
                .map(|c| (side, format!("{} {}", c.id, c.factors_text())));
            by_zone.entry(zone).or_default().extend(texts);
        }
    }
    by_zone
        .into_iter()
        .map(|(zone, units)| SeaBox { zone, units })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_units_read_as_players_count_them_26_4() {
        assert_eq!(units_text(20), "10");
        assert_eq!(units_text(21), "10 1/2");
        assert_eq!(units_text(1), "1/2");
        assert_eq!(units_text(0), "0");
    }
}
