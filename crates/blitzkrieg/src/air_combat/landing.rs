//! 003 32.34: where the defender's fighters returning from the mover's player-turn land
//! (interceptors, patrollers, and fighters that waited out over a hex, 32.3): "at an
//! airbase which has been friendly since the start of your own preceding player-turn,
//! or which has been continuously occupied by you since then and freed of enemy ZOC".
//!
//! The base's history is read from the state, not stored: a city friendly to him now
//! (5.1-5.2: held or occupied), free of enemy ZOC now (30.6), that did not become his
//! in his own preceding player-turn (its `CityChanged` events, kept in the step state
//! as `new_bases`). No city becomes his in the mover's player-turn, so one friendly
//! now has been friendly, or occupied, since the start of his preceding one.
//!
//! A fighter whose base no longer qualifies (enemy ZOC, occupied or captured since it
//! took off), or has no room (30.2), lands at the nearest base that does within its
//! reach of the hex it flies back from (003 32.3: 12 hexes a leg, 24 in all), the
//! fewest hexes first, then in hex order; with none it is eliminated (30.5: "excess air
//! units are eliminated").

use crate::air::base::{air_halves_at, base_fits, not_a_base};
use crate::air::AirEvent;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// 003 32.34: the cities that became `defender`'s in his own preceding player-turn (the
/// `CityChanged` and `CityFromNextPlayerTurn` events of `last`, the events of the
/// player-turn before the mover's): not friendly since its start, so no base his
/// returning fighters land at. Empty in a game without rule 32.
pub fn new_bases(rules: &Rules, last: &[Event], defender: Side) -> BTreeSet<Hex> {
    if !super::in_play(&rules.ruleset) {
        return BTreeSet::new();
    }
    last.iter()
        .filter_map(|e| match e {
            Event::CityChanged { hex, to, .. } | Event::CityFromNextPlayerTurn { hex, to, .. }
                if *to == Some(defender) =>
            {
                Some(*hex)
            }
            _ => None,
        })
        .collect()
}

/// What the state tells of the defender's bases.
#[derive(Clone, Copy)]
pub struct Bases<'a> {
    /// 5.2: the cities each side held at the start of the mover's player-turn.
    pub held: &'a BTreeMap<Hex, Side>,
    /// [`new_bases`].
    pub new: &'a BTreeSet<Hex>,
}

/// 003 32.34 with 30.2 and 30.6: why `hex` is no base `side`'s returning fighters may
/// land at now, or `None` when it is one.
pub fn refusal(
    rules: &Rules,
    pos: &Position,
    bases: Bases,
    side: Side,
    hex: Hex,
) -> Option<String> {
    not_a_base(rules, pos, bases.held, side, hex).or_else(|| {
        bases.new.contains(&hex).then(|| {
            "it has not been friendly since the start of your own preceding player-turn (003 32.34)"
                .to_string()
        })
    })
}

/// 003 32.3, 32.73: how far from the hex it flew to a fighter that flew `out` hexes to
/// it may land: its range, 12 hexes a leg, 24 in all.
pub fn reach(rules: &Rules, unit: &UnitId, out: u32) -> u32 {
    let figures = rules.ruleset.tournament_figures.air_combat;
    let own = rules.counters.get(unit).map_or(0, |c| c.movement);
    own.min(figures.intercept_hexes)
        .min(figures.patrol_hexes.saturating_sub(out))
}

/// One fighter of the defender's coming down at the end of the mover's player-turn.
#[derive(Clone, Debug)]
pub struct Lander {
    pub unit: UnitId,
    /// The base it means to land at: the one it took off from, or the one its answer
    /// named.
    pub base: Hex,
    /// The hex it flies back from, and how far from it it may land ([`reach`]).
    pub over: Hex,
    pub reach: u32,
    /// The report's note and rule when it lands at `base`.
    pub note: String,
    pub rule: Rule,
}

/// 003 32.34: lands each of `landers` in turn at its base when that qualifies, is
/// within its reach and has room (30.2), else at the nearest base that does, else
/// eliminates it.
pub fn land(
    rules: &Rules,
    pos: &mut Position,
    bases: Bases,
    side: Side,
    landers: Vec<Lander>,
) -> Vec<Event> {
    let mut aloft: BTreeSet<UnitId> = landers.iter().map(|l| l.unit.clone()).collect();
    let mut events = Vec::new();
    for l in landers {
        let Some(piece) = pos.get(&l.unit).cloned() else {
            continue;
        };
        aloft.remove(&l.unit);
        let weight = Position::halves_of(&piece);
        let why_not = |pos: &Position, h: Hex| {
            if h.distance(l.over) > l.reach {
                return Some(format!(
                    "it is beyond its reach of {} hexes from {}",
                    l.reach, l.over
                ));
            }
            refusal(rules, pos, bases, side, h).or_else(|| {
                let leaving: BTreeSet<UnitId> = aloft.iter().chain([&l.unit]).cloned().collect();
                (!base_fits(rules, air_halves_at(pos, side, h, &leaving) + weight))
                    .then(|| "it has no room (30.2)".to_string())
            })
        };
        let Some(why) = why_not(pos, l.base) else {
            pos.move_to(&l.unit, l.base);
            pos.set_aloft(&l.unit, false);
            events.push(landed(&l.unit, l.base, l.note, l.rule));
            continue;
        };
        let mut near: Vec<Hex> = rules
            .board
            .city_hexes()
            .filter(|h| h.distance(l.over) <= l.reach)
            .collect();
        near.sort_by_key(|h| (h.distance(l.over), *h));
        let rule = Rule::of(Ref::Reading("32.34".into()));
        match near.into_iter().find(|h| why_not(pos, *h).is_none()) {
            Some(h) => {
                pos.move_to(&l.unit, h);
                pos.set_aloft(&l.unit, false);
                let note = format!(
                    "{} is no base to land at: {why}; the nearest that is",
                    l.base
                );
                events.push(landed(&l.unit, h, note, rule));
            }
            None => {
                pos.remove(&l.unit);
                events.push(Event::Eliminated {
                    unit: l.unit.clone(),
                    hex: piece.hex,
                    cause: format!(
                        "{} is no base to land at ({why}) and no other base friendly since the start of its side's preceding player-turn, free of enemy ZOC and with room lies within {} hexes of {}",
                        l.base, l.reach, l.over
                    ),
                    rule,
                });
            }
        }
    }
    events
}

fn landed(unit: &UnitId, hex: Hex, note: String, rule: Rule) -> Event {
    Event::Air(AirEvent::Landed {
        unit: unit.clone(),
        hex,
        note: Some(note),
        rule,
    })
}
