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
use crate::model::flight::{Flight, Interception, Return};
use crate::orders::{Intercept, Located, OrderError, Problem};
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

/// 003 32.34, 003 32.3: the base `land` a fighter's answer names, checked: within its
/// reach of `over` after flying `out` hexes to it, and one the side may land at
/// ([`refusal`]). Its reach, or the refusal (B341).
pub fn check_named(
    rules: &Rules,
    (pos, bases): (&Position, Bases),
    side: Side,
    (unit, over, out): (&UnitId, Hex, u32),
    land: &Located<Hex>,
) -> Result<u32, Box<OrderError>> {
    let reach = reach(rules, unit, out);
    let far = land.value.distance(over);
    let why = if far > reach {
        Some(format!(
            "it is {far} hexes from {over}; after flying {out} out it lands within {reach}"
        ))
    } else {
        refusal(rules, pos, bases, side, land.value)
    };
    match why {
        None => Ok(reach),
        Some(why) => {
            let problem = Problem::CannotLandAt {
                unit: unit.clone(),
                hex: land.value,
                why,
            };
            Err(Box::new(
                OrderError::new(problem, Some(land.span.clone()), cite!("003 32.34")).unit(unit),
            ))
        }
    }
}

/// 32.34, 003 32.34: where each fighter the answer sent to intercept or strafe
/// (`done`, as checked) lands: the base its order names (`land`, checked, B341) or the
/// base it took off from, from the hex it flew to (in '85 the hex of an air
/// transport's way in `flights` it met it over, 47.32). Every problem, or the returns.
pub fn returns_of(
    rules: &Rules,
    (pos, bases, flights): (&Position, Bases, &[Flight]),
    side: Side,
    orders: &[Intercept],
    done: &[Interception],
) -> Result<Vec<Return>, Vec<OrderError>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for o in orders {
        for u in &o.units {
            let flies = done
                .iter()
                .any(|i| i.hex == o.hex.value && i.fighters.contains(&u.value));
            // A patroller lands as one (32.75).
            let patrolling = pos.patrol_of(&u.value).is_some();
            let Some(base) = pos.hex_of(&u.value).filter(|_| flies && !patrolling) else {
                continue;
            };
            let over = flights
                .iter()
                .find(|f| f.hex == o.hex.value)
                .map_or(o.hex.value, |f| f.nearest_to(base));
            let flown = base.distance(over);
            let named = o.land.as_ref().map(|land| {
                check_named(rules, (pos, bases), side, (&u.value, over, flown), land)
                    .map(|reach| (land.value, reach))
            });
            let (land, reach) = match named {
                None => (base, reach(rules, &u.value, flown)),
                Some(Ok(named)) => named,
                Some(Err(e)) => {
                    errors.push(*e);
                    continue;
                }
            };
            out.push(Return {
                unit: u.value.clone(),
                over,
                base: land,
                reach,
                waited: false,
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
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
        // 49.3: an airfield is a base as a city is.
        let near = crate::air::base::bases_within(rules, pos, l.over, l.reach);
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

/// 32.34, 32.75 with 003 32.34, at the end of the mover's player-turn: the defender's
/// patrollers land (from their patrol hex), then, the ZOC of patrol/interdiction
/// counted anew, his fighters that waited out, intercepted or strafed (`returns`, from
/// the hex they flew to), then any other fighter of his still in the air (met by
/// standing orders: from its base), each at its base when 003 32.34 allows it, else
/// at the nearest base that does ([`land`]). The bombers the interceptors met lose
/// their mark (ACT note).
pub fn at_end(
    rules: &Rules,
    pos: &mut Position,
    bases: Bases,
    defender: Side,
    returns: &[Return],
) -> Vec<Event> {
    let all = rules.ruleset.tournament_figures.air_combat.patrol_hexes;
    let patrollers: Vec<Lander> = pos
        .patrols()
        .iter()
        .filter_map(|(id, p)| {
            let base = pos.get(id).filter(|piece| piece.side == defender)?.hex;
            let out = base.distance(p.hex);
            Some(Lander {
                unit: id.clone(),
                base,
                over: p.hex,
                reach: reach(rules, id, out).min(all.saturating_sub(out)),
                note: "back from patrol".into(),
                rule: Rule::para(para!("32.75")),
            })
        })
        .collect();
    for l in &patrollers {
        pos.set_patrol(&l.unit, None);
    }
    let mut events = land(rules, pos, bases, defender, patrollers);
    super::interdiction::refresh(rules, pos);
    pos.unmark_all(crate::marker::UnitMarker::Intercepted);
    // In the order the aircraft are kept, as they always landed.
    let named = super::wait_out::landers(pos, returns);
    let landers: Vec<Lander> = pos
        .aircraft()
        .filter(|p| p.side == defender && pos.is_aloft(&p.id))
        .map(|p| {
            named
                .iter()
                .find(|l| l.unit == p.id)
                .cloned()
                .unwrap_or_else(|| Lander {
                    unit: p.id.clone(),
                    base: p.hex,
                    over: p.hex,
                    reach: reach(rules, &p.id, 0),
                    note: "the interceptor lands at its base".into(),
                    rule: Rule::para(para!("32.34")),
                })
        })
        .collect();
    events.extend(land(rules, pos, bases, defender, landers));
    events
}
