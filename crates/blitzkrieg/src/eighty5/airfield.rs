//! 41.9, 49: BLITZKRIEG '85's airfields: the orders that build one (49.1-49.2) and
//! destroy one (49.4), the end of the game turn that finishes a build, the airfields
//! on the board with their owners (a base for three air units, 49.3, which
//! `air::base` asks of the [`Position`]), and their capture with the partisans of 49.5.
//!
//! Readings where 004 is silent (`docs/85.md`, airfields):
//! - "Spends one complete turn doing nothing else": the builder neither moves nor
//!   fights in its own player-turn (no move, sea order, breakdown, recombination,
//!   attack, barrage or automatic victory), and is still in the hex, out of enemy ZOC,
//!   at the end of the opponent's next player-turn: a whole game turn of two
//!   player-turns. The airfield appears then ("at the end of that game turn").
//! - The points are spent when the airfield appears: an airfield counter the side
//!   bought and holds first (41), else 41.9's 10 points; a build that fails costs
//!   nothing. The order is refused when the side has neither.
//! - "Used the turn after construction": from the owner's first player-turn after it
//!   appears, which is the next one.
//! - "Clear terrain": a clear hex that is no city (a city is a base already, 30.2).
//! - 49.5: a side takes an enemy airfield by ending a move (movement or an advance
//!   after combat) with a ground unit in it; it keeps it while it has a ground unit
//!   there. When it has none, its aircraft there are destroyed (partisans) and the
//!   airfield goes back to the side that built it. The airfield stays its builder's
//!   counter: it counts toward the builder's two (41.9).

use super::cost::item_key;
use super::Figures85;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
pub use crate::model::airfield::{Airfield, Airfields, Building};
use crate::model::purchase::Purchase;
use crate::orders::{Located, OrderError, Orders, Problem};
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// Whether the game plays 49 (a game of '85).
pub fn plays(rules: &Rules) -> bool {
    rules.ruleset.plays85(49)
}

/// 41.9: the airfield's printed cost, counter mix and price-list key.
fn counter() -> Option<(u32, u32, String)> {
    let f = Figures85::embedded()?;
    let c = f.counters.iter().find(|c| c.kind == "airfield")?;
    Some((c.cost, c.mix, item_key(&c.kind, &c.strength)))
}

/// What a builder did besides waiting this player-turn, read from the orders and the
/// movement.
pub struct Busy<'a> {
    /// The units that moved (by land, air, sea or strategic movement), were air
    /// transported or placed this player-turn.
    pub moved: BTreeSet<UnitId>,
    /// Where each unit on the map stood at the start of the player-turn.
    pub start: &'a BTreeMap<UnitId, Hex>,
}

/// 49.1-49.2, 49.4, 41.9: the `[[airfield]]` and `[[destroy_airfield]]` orders of
/// `side`'s player-turn of `turn`, checked on the position after movement: the
/// airfields with the builds and destructions ordered, or every problem.
pub fn order(
    rules: &Rules,
    (airfields, purchase): (&Airfields, Option<&Purchase>),
    pos: &Position,
    orders: &Orders,
    (side, turn): (Side, u32),
    busy: &Busy<'_>,
) -> (Airfields, Vec<OrderError>) {
    let mut next = airfields.clone();
    let mut errors = Vec::new();
    if orders.airfields.is_empty() && orders.destroy_airfields.is_empty() {
        return (next, errors);
    }
    if !plays(rules) {
        let at = orders
            .airfields
            .first()
            .map(|u| u.span.clone())
            .or_else(|| orders.destroy_airfields.first().map(|h| h.span.clone()));
        errors.push(OrderError::new(
            Problem::AirfieldsOnlyIn85,
            at,
            cite!("49.1"),
        ));
        return (next, errors);
    }
    let fighting = fighting(orders);
    for u in &orders.airfields {
        match why_not_build(rules, &next, pos, (&u.value, side), busy, &fighting) {
            Some(why) => errors.push(cannot_build(u, why)),
            None => {
                if let Some(hex) = pos.hex_of(&u.value) {
                    next.building
                        .insert(u.value.clone(), Building { hex, side, turn });
                }
            }
        }
    }
    if let (Some((cost, mix, key)), Some(first)) = (counter(), orders.airfields.first()) {
        let count = next.of(side);
        if count > mix {
            let p = Problem::AirfieldsBeyondMix { side, count, mix };
            errors.push(OrderError::new(p, Some(first.span.clone()), cite!("41.9")));
        }
        let ordered = u32::try_from(orders.airfields.len()).unwrap_or(u32::MAX);
        let held = purchase
            .and_then(|p| p.held.get(&side))
            .and_then(|h| h.get(&key))
            .copied()
            .unwrap_or(0);
        let points = purchase
            .and_then(|p| p.points.get(&side))
            .copied()
            .unwrap_or(0);
        let needed = ordered.saturating_sub(held).saturating_mul(cost);
        if needed > points {
            let p = Problem::AirfieldPoints {
                side,
                points,
                needed,
            };
            errors.push(OrderError::new(p, Some(first.span.clone()), cite!("41.9")));
        }
    }
    for h in &orders.destroy_airfields {
        let why = match next.built.get_mut(&h.value) {
            None => Some("there is no airfield there".to_string()),
            Some(a) if a.owner != side => Some(format!("it is {}'s", a.owner)),
            Some(_) if !has_ground(pos, side, h.value) => {
                Some(format!("no ground unit of {side} is in it (49.4)"))
            }
            Some(a) => {
                a.destroy = true;
                None
            }
        };
        if let Some(why) = why {
            let p = Problem::CannotDestroyAirfield { hex: h.value, why };
            errors.push(OrderError::new(p, Some(h.span.clone()), cite!("49.4")));
        }
    }
    (next, errors)
}

/// The units named in an attack, a barrage or an automatic victory of the orders.
fn fighting(orders: &Orders) -> BTreeSet<&UnitId> {
    let attacks = orders
        .attacks
        .iter()
        .flat_map(|a| a.units.iter().chain(&a.advance));
    let barrages = orders.barrages.iter().flat_map(|b| &b.units);
    let avs = orders.avs.iter().flat_map(|a| &a.units);
    let sea = orders.sea.iter().flat_map(|s| &s.units);
    let broken = orders.breakdowns.iter().map(|b| &b.unit);
    let recombined = orders.recombines.iter().flat_map(|r| &r.units);
    attacks
        .chain(barrages)
        .chain(avs)
        .chain(sea)
        .chain(broken)
        .chain(recombined)
        .map(|u| &u.value)
        .collect()
}

/// 49.1-49.2: why `unit` of `side` may not build an airfield this player-turn, or
/// `None` when it may.
fn why_not_build(
    rules: &Rules,
    airfields: &Airfields,
    pos: &Position,
    (unit, side): (&UnitId, Side),
    busy: &Busy<'_>,
    fighting: &BTreeSet<&UnitId>,
) -> Option<String> {
    let piece = pos.get(unit);
    let Some((piece, start)) = piece.zip(busy.start.get(unit)) else {
        return Some("it is not on the map since the start of the player-turn".into());
    };
    let hex = piece.hex;
    let board = &rules.board;
    let why = if piece.side != side {
        format!("it is {}'s", piece.side)
    } else if piece.kind != UnitKind::Infantry {
        "only an infantry unit builds an airfield (49.1)".into()
    } else if busy.moved.contains(unit) || *start != hex {
        "it moved this player-turn: a builder does nothing else for a whole turn (49.1)".into()
    } else if fighting.contains(unit) {
        "it has other orders this player-turn: a builder does nothing else for a whole turn (49.1)"
            .into()
    } else if pos.in_zoc_of(side.other(), hex) {
        format!("{hex} is in enemy ZOC (49.1)")
    } else if board.is_city(hex) || board.terrain(hex) != Some(crate::board::Terrain::Clear) {
        format!("{hex} is not clear terrain: an airfield is built only in a clear hex that is no city (49.2)")
    } else if airfields.built.contains_key(&hex) {
        format!("{hex} has an airfield already")
    } else if airfields.building.values().any(|b| b.hex == hex) {
        format!("an airfield is being built in {hex} already")
    } else {
        return None;
    };
    Some(why)
}

fn cannot_build(u: &Located<UnitId>, why: String) -> OrderError {
    let p = Problem::CannotBuildAirfield {
        unit: u.value.clone(),
        why,
    };
    OrderError::new(p, Some(u.span.clone()), cite!("49.1")).unit(&u.value)
}

/// Whether `side` has a ground unit in `hex`.
fn has_ground(pos: &Position, side: Side, hex: Hex) -> bool {
    pos.at(hex).any(|p| p.side == side && !p.kind.is_air())
}

/// 49.4, 49.1, 49.5: the end of `side`'s player-turn of `turn`: the airfields it
/// ordered destroyed go, if a ground unit of its own is still in each; the builds the
/// opponent ordered in his last player-turn finish (the end of a whole game turn of
/// the builder), paid with an airfield counter held or 41.9's points; then the
/// captures and partisans of 49.5. The position's airfields follow.
pub fn end_of_player_turn(
    pos: &mut Position,
    airfields: &mut Airfields,
    purchase: Option<&mut Purchase>,
    (turn, side): (u32, Side),
) -> Vec<Event> {
    let mut events = Vec::new();
    let destroyed: Vec<Hex> = airfields
        .built
        .iter()
        .filter(|(_, a)| a.destroy)
        .map(|(h, _)| *h)
        .collect();
    for hex in destroyed {
        let kept = !has_ground(pos, side, hex);
        if kept {
            if let Some(a) = airfields.built.get_mut(&hex) {
                a.destroy = false;
            }
        } else {
            airfields.built.remove(&hex);
        }
        let text = if kept {
            format!("the airfield at {hex} is not destroyed: no ground unit of {side} is in it at the end of the player-turn")
        } else {
            format!("{side} destroys its airfield at {hex}; no points come back")
        };
        events.push(note(text, para!("49.4")));
    }
    events.extend(finish_builds(pos, airfields, purchase, turn, side.other()));
    events.extend(settle(pos, airfields));
    events
}

/// 49.1: the builds of `builder` finish at the end of the opponent's player-turn: the
/// builder still in its hex and out of enemy ZOC, the airfield counter or points to
/// pay for it.
fn finish_builds(
    pos: &Position,
    airfields: &mut Airfields,
    mut purchase: Option<&mut Purchase>,
    turn: u32,
    builder: Side,
) -> Vec<Event> {
    let Some((cost, _, key)) = counter() else {
        return Vec::new();
    };
    let due: Vec<(UnitId, Building)> = airfields
        .building
        .iter()
        .filter(|(_, b)| b.side == builder)
        .map(|(u, b)| (u.clone(), *b))
        .collect();
    let mut events = Vec::new();
    for (unit, b) in due {
        airfields.building.remove(&unit);
        let hex = b.hex;
        let why = if pos.hex_of(&unit) != Some(hex) {
            Some(format!("{unit} is no longer in {hex}"))
        } else if pos.in_zoc_of(builder.other(), hex) {
            Some(format!("{hex} is in enemy ZOC"))
        } else if airfields.built.contains_key(&hex) {
            Some(format!("{hex} has an airfield already"))
        } else {
            None
        };
        let paid = match (&why, purchase.as_deref_mut()) {
            (None, Some(p)) => pay(p, builder, &key, cost),
            _ => None,
        };
        let text = match (why, paid) {
            (Some(why), _) => {
                format!("{unit} builds no airfield at {hex}: {why} at the end of the game turn; nothing is spent")
            }
            (None, None) => format!(
                "{unit} builds no airfield at {hex}: {builder} has neither an airfield counter nor {cost} points (41.9)"
            ),
            (None, Some(paid)) => {
                airfields.built.insert(
                    hex,
                    Airfield {
                        owner: builder,
                        builder,
                        built: turn,
                        destroy: false,
                    },
                );
                format!("{unit} builds an airfield at {hex}, paid with {paid}; from {builder}'s next player-turn it bases three of {builder}'s air units (49.3)")
            }
        };
        events.push(note(text, para!("49.1")));
    }
    events
}

/// 41.9, 38.7: pays for an airfield: a counter held, else the points. What was paid, in
/// words; `None` when the side has neither.
fn pay(p: &mut Purchase, side: Side, key: &str, cost: u32) -> Option<String> {
    if let Some(n) = p
        .held
        .get_mut(&side)
        .and_then(|h| h.get_mut(key))
        .filter(|n| **n > 0)
    {
        *n -= 1;
        if let Some(h) = p.held.get_mut(&side) {
            h.retain(|_, n| *n > 0);
            if h.is_empty() {
                p.held.remove(&side);
            }
        }
        return Some("the airfield counter held (41)".to_string());
    }
    let points = p.points.get(&side).copied().unwrap_or(0);
    let left = points.checked_sub(cost)?;
    p.points.insert(side, left);
    Some(format!("{cost} points (41.9; {left} left, 38.7)"))
}

/// 49.5: at the end of a move, an enemy ground unit in an airfield takes it; a side
/// that took one and has no ground unit left in it loses its aircraft there to the
/// partisans, and the airfield goes back to its builder. The position's airfields
/// follow.
pub fn settle(pos: &mut Position, airfields: &mut Airfields) -> Vec<Event> {
    let mut events = Vec::new();
    for (hex, a) in airfields.built.iter_mut() {
        let hex = *hex;
        let enemy = a.owner.other();
        if has_ground(pos, enemy, hex) {
            a.owner = enemy;
            a.destroy = false;
            events.push(note(
                format!("{enemy} takes the airfield at {hex}; it is {enemy}'s while a unit of {enemy} is in it"),
                para!("49.5"),
            ));
            continue;
        }
        if a.owner == a.builder || has_ground(pos, a.owner, hex) {
            continue;
        }
        let lost: Vec<UnitId> = pos
            .at(hex)
            .filter(|p| p.side == a.owner && p.kind.is_air() && !pos.is_aloft(&p.id))
            .map(|p| p.id.clone())
            .collect();
        for unit in lost {
            if pos.remove(&unit).is_some() {
                events.push(Event::Eliminated {
                    unit,
                    hex,
                    cause: "destroyed by partisan action: no unit of its side is left in the airfield it took".into(),
                    rule: Rule::para(para!("49.5")),
                });
            }
        }
        events.push(note(
            format!(
                "{} has no unit left in the airfield at {hex}: it goes back to {}",
                a.owner, a.builder
            ),
            para!("49.5"),
        ));
        a.owner = a.builder;
    }
    pos.set_airfields(airfields.owners());
    events
}

/// 49.1, 49.3: the game turn from whose player-turn of the builder an airfield bases
/// aircraft: "used the turn after construction", the builder's next player-turn. It
/// appears at the end of the opponent's player-turn of `built`: Blue moves first
/// (4.6), so Blue's next is the next turn's, Red's the same turn's.
pub fn usable_from(a: &Airfield) -> u32 {
    match a.builder {
        Side::Blue => a.built.saturating_add(1),
        Side::Red => a.built,
    }
}

/// 49: `side`'s airfields as the report and the template list them, one line each:
/// its hex, whose counter it is when `side` took it (49.5), when it appeared and from
/// which player-turn it bases aircraft (49.1, 49.3), the aircraft based there out of
/// the three it holds; then `side`'s builds under way (49.1).
pub fn lines(rules: &Rules, airfields: &Airfields, pos: &Position, side: Side) -> Vec<String> {
    let holds = rules.ruleset.tournament_figures.air.units_per_city;
    let mut out = Vec::new();
    for (hex, a) in airfields.built.iter().filter(|(_, a)| a.owner == side) {
        let mut parts = vec![if a.builder == side {
            format!("airfield {hex}")
        } else {
            format!("airfield {hex} ({}'s counter, taken, 49.5)", a.builder)
        }];
        parts.push(format!(
            "built at the end of turn {}, a base from {}'s player-turn {} (49.3)",
            a.built,
            a.builder,
            usable_from(a)
        ));
        let mut based: Vec<&Piece> = pos
            .at(*hex)
            .filter(|p| p.side == side && p.kind.is_air())
            .collect();
        based.sort_by_cached_key(|p| p.id.counting_key());
        let halves: u32 = based.iter().map(|p| Position::halves_of(p)).sum();
        let names: Vec<String> = based.iter().map(|p| p.id.to_string()).collect();
        parts.push(format!(
            "based: {} ({} of {holds})",
            crate::orders::and_list(&names, "none"),
            crate::air::base::halves_text(halves)
        ));
        // 52.2: an airfield's bombardment damage, when the state keeps it, is a part
        // of its own here.
        if a.destroy {
            parts.push("to be destroyed at the end of the player-turn (49.4)".to_string());
        }
        out.push(parts.join("; "));
    }
    for (unit, b) in airfields.building.iter().filter(|(_, b)| b.side == side) {
        out.push(format!(
            "airfield being built at {} by {unit}, ordered in turn {}: it appears at the end of {}'s next player-turn (49.1)",
            b.hex,
            b.turn,
            b.side.other()
        ));
    }
    out
}

fn note(text: String, rule: crate::cite::Paragraph) -> Event {
    Event::Note {
        text,
        rule: Rule::para(rule),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::position::Piece;

    fn piece(id: &str, side: Side, kind: UnitKind, hex: Hex) -> Piece {
        Piece {
            id: UnitId::new(id).unwrap(),
            side,
            kind,
            hex,
            substitute: false,
        }
    }

    /// 49.5: Red took Blue's airfield at K20 and based R-1TAC there; its armor gone,
    /// the partisans destroy the TAC and the airfield goes back to Blue, its builder.
    /// Blue's own aircraft at an airfield of its own without a garrison stay.
    #[test]
    fn aircraft_left_without_a_unit_at_a_taken_airfield_are_destroyed_49_5() {
        let k20: Hex = "K20".parse().unwrap();
        let c5: Hex = "C5".parse().unwrap();
        let mut pos = Position::new();
        pos.put_all(vec![
            piece("R-1TAC", Side::Red, UnitKind::Tac, k20),
            piece("B-1TAC", Side::Blue, UnitKind::Tac, c5),
        ]);
        let field = |owner| Airfield {
            owner,
            builder: Side::Blue,
            built: 2,
            destroy: false,
        };
        let mut airfields = Airfields::default();
        airfields.built.insert(k20, field(Side::Red));
        airfields.built.insert(c5, field(Side::Blue));
        let events = settle(&mut pos, &mut airfields);
        assert!(pos.get(&UnitId::new("R-1TAC").unwrap()).is_none());
        assert!(pos.get(&UnitId::new("B-1TAC").unwrap()).is_some());
        assert_eq!(airfields.built[&k20].owner, Side::Blue);
        assert_eq!(pos.airfield_owner(k20), Some(Side::Blue));
        assert!(matches!(
            &events[0],
            Event::Eliminated { unit, rule, .. }
                if unit.as_str() == "R-1TAC" && *rule == Rule::para(para!("49.5"))
        ));
        assert_eq!(events.len(), 2);
    }

    /// 41.9, 41, 38.7: an airfield counter held pays first, then 10 points; with
    /// neither, nothing is paid.
    #[test]
    fn an_airfield_is_paid_with_a_counter_held_then_ten_points_41_9() {
        let (cost, mix, key) = counter().unwrap();
        assert_eq!((cost, mix, key.as_str()), (10, 2, "airfield (1)"));
        let mut p = Purchase::start(Figures85::embedded().unwrap(), false);
        p.points.insert(Side::Blue, 15);
        p.held.entry(Side::Blue).or_default().insert(key.clone(), 1);
        let held = pay(&mut p, Side::Blue, &key, cost);
        assert_eq!(held.as_deref(), Some("the airfield counter held (41)"));
        assert!(!p.held.contains_key(&Side::Blue));
        assert_eq!(p.points[&Side::Blue], 15);
        let points = pay(&mut p, Side::Blue, &key, cost);
        assert_eq!(points.as_deref(), Some("10 points (41.9; 5 left, 38.7)"));
        assert_eq!(pay(&mut p, Side::Blue, &key, cost), None);
        assert_eq!(p.points[&Side::Blue], 5);
    }

    /// 49.5: an enemy ground unit in the airfield takes it; one of the owner's keeps it.
    #[test]
    fn an_enemy_ground_unit_in_the_airfield_takes_it_49_5() {
        let k20: Hex = "K20".parse().unwrap();
        let mut pos = Position::new();
        pos.put_all(vec![piece("R-1AR", Side::Red, UnitKind::Armor, k20)]);
        let mut airfields = Airfields::default();
        airfields.built.insert(
            k20,
            Airfield {
                owner: Side::Blue,
                builder: Side::Blue,
                built: 2,
                destroy: true,
            },
        );
        let events = settle(&mut pos, &mut airfields);
        assert_eq!(airfields.built[&k20].owner, Side::Red);
        assert!(!airfields.built[&k20].destroy);
        assert_eq!(events.len(), 1);
        assert!(
            settle(&mut pos, &mut airfields).is_empty(),
            "kept while there"
        );
    }
}
