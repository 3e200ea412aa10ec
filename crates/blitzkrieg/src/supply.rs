//! Combat supply (optional rule 23): which units of the side to move trace a supply
//! route at the start of its player-turn, before any movement (23.1), and what being
//! cut off does to them (23.6).
//!
//! 23.2-23.3: a route is a path one hex wide, free of enemy ZOC, at most 10 hexes
//! overland (any terrain but full sea, lake and the Neutral Country) to a road, thence
//! any distance along the road, never leaving it round a blocking ZOC and never through
//! an unfriendly city, to a friendly home-country city. It is traced backwards, from
//! every friendly home city at once, by the one budgeted search (`search.rs`) over
//! (hex, left the road) states: road steps cost nothing, overland steps one hex, and
//! nothing past 10 is kept; every unit then reads off whether it is reached.
//!
//! What this module decides where the rulebook is silent (docs/rules-coverage.md,
//! 23.2): the unit's own hex may lie in enemy ZOC (the route leaves it, as a unit in contact is
//! still fed); the friendly home city the route reaches must itself be free of enemy
//! ZOC, as every hex of the route. Only the side to move traces: 003 23.1, "the only
//! units which need to trace a supply route in the opponent's player-turn are
//! fighters", and the Basic Game has none. Air supply (23.4) and sea and beach supply
//! (23.5) come with air transport and sea movement (optional rule 19).

use crate::cite::Rule;
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::position::Position;
use crate::rules::Rules;
use crate::search;
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// 23.2: "a maximum of 10 hexes overland to a road".
const OVERLAND_HEXES: u32 = 10;

/// A state of the backward search: a hex, and whether the route has left the road
/// (from then on it counts hexes). `None` is the start, joined to every source city.
type State = Option<(Hex, bool)>;

/// 23.1-23.3: the units of `side` on the map that trace no supply route, in id order.
/// `held` are the cities held at the start of the player-turn (5.1-5.2).
pub fn cut_off(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
) -> BTreeSet<UnitId> {
    let board = &rules.board;
    let enemy = side.other();
    let open = |h: Hex| !pos.in_zoc_of(enemy, h);
    let friendly_city = |h: Hex| control::is_friendly(board, pos, held, side, h);
    let sources: Vec<Hex> = board
        .city_hexes()
        .filter(|&h| board.home_of(h) == Some(side) && friendly_city(h) && open(h))
        .collect();
    let next = |s: State| -> Vec<(State, u32)> {
        let Some((h, off_road)) = s else {
            return sources.iter().map(|&c| (Some((c, false)), 0)).collect();
        };
        let mut out = Vec::new();
        for n in h.neighbours() {
            if !open(n) || !board.is_land(n) {
                continue;
            }
            // 23.3: along the road, only through friendly cities.
            if !off_road && board.road_joins(h, n) && (!board.is_city(n) || friendly_city(n)) {
                out.push((Some((n, false)), 0));
            }
            out.push((Some((n, true)), 1));
        }
        out
    };
    let reach = search::search(None, OVERLAND_HEXES, next, |_| false);
    let best: BTreeMap<Hex, u32> = reach.iter().fold(BTreeMap::new(), |mut m, (s, cost)| {
        if let Some((h, _)) = s {
            let e = m.entry(h).or_insert(cost);
            *e = (*e).min(cost);
        }
        m
    });
    let fed = |h: Hex| {
        best.contains_key(&h)
            || h.neighbours()
                .any(|n| best.get(&n).is_some_and(|c| *c < OVERLAND_HEXES))
    };
    pos.pieces()
        .filter(|p| p.side == side && !p.kind.is_air() && !fed(p.hex))
        .map(|p| p.id.clone())
        .collect()
}

/// 23.1, 23.6: with optional rule 23, traces the supply of the side to move, marks
/// every unit cut off for this player-turn ([`UnitMarker::OutOfSupply`]) and says so.
/// Without the rule: nothing.
pub fn trace_start(
    rules: &Rules,
    pos: &mut Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
) -> Option<Event> {
    if !rules.ruleset.optional.contains(&23) {
        return None;
    }
    let cut = cut_off(rules, pos, held, side);
    for id in &cut {
        pos.mark(id, UnitMarker::OutOfSupply);
    }
    Some(Event::Supply {
        side,
        cut_off: cut.into_iter().collect(),
        rule: Rule::para("23.1-23.3"),
    })
}

/// 23.6: the markers come off at the end of the player-turn; supply is traced anew at
/// the start of the next.
pub fn clear(pos: &mut Position) {
    let marked: Vec<UnitId> = pos
        .marks()
        .iter()
        .filter(|(_, m)| m.contains(&UnitMarker::OutOfSupply))
        .map(|(id, _)| id.clone())
        .collect();
    for id in marked {
        pos.unmark(&id, UnitMarker::OutOfSupply);
    }
}

/// 23.6: a unit cut off "has its basic movement factor halved". Every counter's
/// movement factor is even (a test of the counter data holds it so), so the half is
/// exact.
pub fn movement(pos: &Position, id: &UnitId, printed: u32) -> u32 {
    if pos.is_marked(id, UnitMarker::OutOfSupply) {
        printed / 2
    } else {
        printed
    }
}

/// 23.6: a unit cut off attacks at half its factor (the report shows the exact half,
/// 003 Rounding); it "may not ... advance after combat in that player-turn".
pub fn is_cut_off(pos: &Position, id: &UnitId) -> bool {
    pos.is_marked(id, UnitMarker::OutOfSupply)
}
