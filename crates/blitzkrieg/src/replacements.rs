//! Replacements (28, Tournament Game): the inactive substitute counters a side takes
//! back into play each complete turn from turn `replacements.first_turn`, by
//! `[[replace]]` orders carried out before movement, in the order written. Ground
//! replacements enter as reinforcements do (6.3: a friendly city of the home
//! country); aircraft in the side's own aircraft cities (28.5), or, instead of an
//! aircraft, half a unit of air transport capacity (28.4), kept in the side's pools.
//!
//! With the corrections of the Q&A and 003:
//! - Q&A 28, 003 28.1: replacements are not accumulated: what is not taken in a
//!   player-turn is lost (reading `replacements-28-1=not-accumulated`, the default).
//!   Under `accumulated`, as 28.1 is printed, the ground and aircraft replacements not
//!   taken are saved in the side's pools and may be taken in a later turn, besides
//!   that turn's own; the limits of one a turn (28.3's airborne, air-assault and
//!   rangers, 003 28.4's air transport capacity, 003 28.5's one a city) stay.
//! - 003 28.1: any inactive substitute counter may be taken, beyond the side's original
//!   forces.
//! - 003 28.4: 3 ground and 3 aircraft replacements a turn (`ground_counters`,
//!   `aircraft_counters`); losing aircraft cities reduces the aircraft only (one per
//!   city, 28.5), and air transport capacity grows by half a unit a turn at most.
//! - Q&A 28.5, 003 28.5: an aircraft city in enemy ZOC, neither captured nor bombed,
//!   still produces, but no aircraft is placed in an unfriendly city: its replacement
//!   can only be taken as air transport capacity.
//!
//! Readings where the rules are silent:
//! - "Taken from inactive substitute counters" (28.1, 26.5): a substitute counter of the
//!   side on neither the map nor at sea, eliminated ones included.
//! - 28.2 "a 1 factor counter ... if no 2 factor counters are available": a counter is
//!   refused while an inactive counter of its type with a greater attack factor is left.
//! - 28.3 "one of these must be infantry": when any ground replacement is taken, one
//!   is infantry, unless the side has no inactive infantry substitute.
//! - A captured aircraft city (28.5) is one the enemy held at the start of the
//!   player-turn or has a ground unit in; a bombed one carries an SRIX marker (33.5).
//! - Fighters are replacements only in games with optional rule 32 (30.1).

use crate::cite::{Cite, Para, Ref, Rule};
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::HexMarkerKind;
use crate::orders::{Located, OrderError, Problem, Replacement};
use crate::position::Position;
use crate::readings::Replacements28;
use crate::rules::Rules;
use crate::units::{Counter, Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// An order refused, and why.
type Refusal = Box<OrderError>;

fn refuse<T>(e: OrderError) -> Result<T, Refusal> {
    Err(Box::new(e))
}

/// What a player-turn's replacements did.
#[derive(Debug, Default)]
pub struct Taken {
    pub events: Vec<Event>,
    pub errors: Vec<OrderError>,
    /// 28.4: half units of air transport capacity added this player-turn.
    pub air_transport_halves: u32,
    /// 28.1, reading `replacements-28-1=accumulated`: the replacements saved for later
    /// after this player-turn (`None` under `not-accumulated`, or before replacements
    /// are received).
    pub saved: Option<Saved>,
}

/// 28.1 (reading `replacements-28-1=accumulated`): ground and aircraft replacements a
/// side has not taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    pub ground: u32,
    pub aircraft: u32,
}

/// Who takes replacements, when, and where the enemy stands.
pub struct Taker<'a> {
    pub rules: &'a Rules,
    pub side: Side,
    pub turn: u32,
    /// 5.2: the cities each side held at the start of the player-turn.
    pub held: &'a BTreeMap<Hex, Side>,
    /// 28.1: the replacements the side saved in earlier turns (reading
    /// `replacements-28-1=accumulated`; nothing under the default).
    pub saved: Saved,
}

impl Taker<'_> {
    /// 28.1, 003 28.4: the ground and aircraft replacements the side may take this
    /// player-turn: the figures, and under `replacements-28-1=accumulated` what it
    /// saved.
    fn allowance(&self) -> Saved {
        let figures = self.rules.ruleset.tournament_figures.replacements;
        let saved = match self.rules.ruleset.readings.replacements {
            Replacements28::NotAccumulated => Saved::default(),
            Replacements28::Accumulated => self.saved,
        };
        Saved {
            ground: figures.ground_counters.saturating_add(saved.ground),
            aircraft: figures.aircraft_counters.saturating_add(saved.aircraft),
        }
    }

    /// 28.1: what is saved after taking `taken` this player-turn: under `accumulated`
    /// the allowance left, once replacements are received; nothing otherwise.
    fn saved_after(&self, taken: Saved) -> Option<Saved> {
        match self.rules.ruleset.readings.replacements {
            Replacements28::NotAccumulated => None,
            Replacements28::Accumulated => not_yet(self).is_none().then(|| {
                let all = self.allowance();
                Saved {
                    ground: all.ground.saturating_sub(taken.ground),
                    aircraft: all.aircraft.saturating_sub(taken.aircraft),
                }
            }),
        }
    }

    /// "N aircraft replacements a turn at most", with what is saved when any is.
    fn limit_text(&self, n: u32, figure: u32, what: &str) -> String {
        if n == figure {
            format!("{n} {what} replacements a turn at most")
        } else {
            format!(
                "{n} {what} replacements this turn at most: {figure} a turn and {} saved (28.1, reading replacements-28-1=accumulated)",
                n - figure
            )
        }
    }
}

/// The counts of one player-turn's replacements so far.
#[derive(Default)]
struct Tally {
    ground: u32,
    aircraft: u32,
    elite: bool,
    infantry: bool,
    /// Where the first ground replacement was written (for 28.3's infantry).
    first_ground: Option<Range<usize>>,
    kinds: BTreeSet<UnitKind>,
    cities: BTreeSet<Hex>,
    taken: BTreeSet<UnitId>,
    /// 003 28.4: half a unit of air transport capacity taken this turn.
    air_transport: bool,
}

/// 28.1-28.5: carries out the `[[replace]]` orders in the order written; every problem
/// is returned and an order with a problem changes nothing.
pub fn take(t: &Taker<'_>, pos: &mut Position, orders: &[Replacement]) -> Taken {
    let mut out = Taken::default();
    let Some(first) = orders.first() else {
        out.saved = t.saved_after(Saved::default());
        return out;
    };
    if let Some(why) = not_yet(t) {
        let problem = Problem::ReplacementNotYet { why };
        out.errors.push(OrderError::new(
            problem,
            Some(span_of(first)),
            cite!("28.1"),
        ));
        return out;
    }
    let infantry_left = inactive(t, pos, UnitKind::Infantry).next().is_some();
    let mut tally = Tally::default();
    for o in orders {
        let done = match o {
            Replacement::Unit { unit, hex } => replace_unit(t, pos, &mut tally, unit, hex),
            Replacement::AirTransport(city) => air_transport(t, pos, &mut tally, city),
        };
        match done {
            Ok(e) => {
                if matches!(o, Replacement::AirTransport(_)) {
                    out.air_transport_halves += 1;
                }
                out.events.push(e);
            }
            Err(e) => out.errors.push(*e),
        }
    }
    if let (Some(at), false, true) = (&tally.first_ground, tally.infantry, infantry_left) {
        let problem = Problem::ReplacementLimit {
            why: "one of the ground replacements must be infantry".into(),
        };
        out.errors
            .push(OrderError::new(problem, Some(at.clone()), cite!("28.3")));
    }
    out.saved = t.saved_after(Saved {
        ground: tally.ground,
        aircraft: tally.aircraft,
    });
    out
}

/// 24, 28.1: replacements are a rule of the Tournament Game, from turn `first_turn`.
fn not_yet(t: &Taker<'_>) -> Option<String> {
    let first = t.rules.ruleset.tournament_figures.replacements.first_turn;
    if !t.rules.ruleset.tournament() {
        Some("replacements are a rule of the Tournament Game (28)".into())
    } else if t.turn < first {
        Some(format!(
            "they are received from turn {first} on, and this is turn {}",
            t.turn
        ))
    } else {
        None
    }
}

fn span_of(r: &Replacement) -> Range<usize> {
    match r {
        Replacement::Unit { unit, .. } => unit.span.clone(),
        Replacement::AirTransport(city) => city.span.clone(),
    }
}

/// 26.5, 28.1: the side's inactive substitute counters of `kind`.
fn inactive<'a>(
    t: &'a Taker<'_>,
    pos: &'a Position,
    kind: UnitKind,
) -> impl Iterator<Item = &'a Counter> + 'a {
    t.rules
        .counters
        .of_side(t.side)
        .filter(move |c| c.kind == kind && c.is_substitute())
        .filter(move |c| pos.get(&c.id).is_none() && pos.afloat(&c.id).is_none())
}

/// 28.3: airborne, air-assault and rangers: one a turn at most.
fn elite(kind: UnitKind) -> bool {
    matches!(
        kind,
        UnitKind::Airborne | UnitKind::AirAssault | UnitKind::Rangers
    )
}

/// 28.1-28.5: one substitute counter taken and placed on `hex`; its event.
fn replace_unit(
    t: &Taker<'_>,
    pos: &mut Position,
    tally: &mut Tally,
    unit: &Located<UnitId>,
    hex: &Located<Hex>,
) -> Result<Event, Refusal> {
    let c = counter_ok(t, pos, tally, unit)?;
    type_ok(t, pos, tally, &c, unit)?;
    let figures = t.rules.ruleset.tournament_figures.replacements;
    let limit = |why: String, rule| {
        refuse(
            OrderError::new(
                Problem::ReplacementLimit { why },
                Some(unit.span.clone()),
                rule,
            )
            .unit(&unit.value),
        )
    };
    let allowance = t.allowance();
    if c.kind.is_air() {
        if tally.aircraft >= allowance.aircraft {
            let why = t.limit_text(allowance.aircraft, figures.aircraft_counters, "aircraft");
            return limit(why, cite!("003 28.4"));
        }
        aircraft_city_ok(t, pos, tally, hex, true)?;
    } else {
        if tally.ground >= allowance.ground {
            let why = t.limit_text(allowance.ground, figures.ground_counters, "ground");
            return limit(why, cite!("003 28.4"));
        }
        if elite(c.kind) && tally.elite {
            return limit(
                "one airborne, air-assault or rangers replacement a turn at most".into(),
                cite!("28.3"),
            );
        }
        home_city_ok(t, pos, hex)?;
    }
    tally.taken.insert(c.id.clone());
    tally.kinds.insert(c.kind);
    if c.kind.is_air() {
        tally.aircraft += 1;
        tally.cities.insert(hex.value);
    } else {
        tally.ground += 1;
        tally.elite |= elite(c.kind);
        tally.infantry |= c.kind == UnitKind::Infantry;
        tally.first_ground.get_or_insert(unit.span.clone());
    }
    pos.put_counter(&c, hex.value);
    let rule = if c.kind.is_air() {
        para!("28.5")
    } else {
        para!("28.1")
    };
    Ok(Event::Replaced {
        unit: c.id,
        hex: hex.value,
        rule: Rule::para(rule).and(Ref::Para(Para::lit("6.3"))),
    })
}

/// 2.1, 4.2, 26.5, 28.1, 30.1: the counter named is an inactive substitute of the side,
/// not taken already this player-turn.
fn counter_ok(
    t: &Taker<'_>,
    pos: &Position,
    tally: &Tally,
    unit: &Located<UnitId>,
) -> Result<Counter, Refusal> {
    let at = Some(unit.span.clone());
    let Some(c) = t.rules.counters.get(&unit.value) else {
        let problem = Problem::UnknownUnit(unit.value.to_string());
        return refuse(OrderError::new(problem, at, cite!("2.1")));
    };
    if c.side != t.side {
        let problem = Problem::NotYourUnit {
            unit: unit.value.clone(),
            owner: c.side,
            side: t.side,
        };
        return refuse(OrderError::new(problem, at, cite!("4.2")).unit(&unit.value));
    }
    let why = if !c.is_substitute() {
        Some("only substitute counters are replacements".to_string())
    } else if tally.taken.contains(&c.id) {
        Some("it is named twice".to_string())
    } else if let Some(h) = pos.hex_of(&c.id) {
        Some(format!(
            "it is in play, in {h}; only inactive counters are taken"
        ))
    } else if pos.afloat(&c.id).is_some() {
        Some("it is in play, at sea; only inactive counters are taken".to_string())
    } else if c.kind == UnitKind::Ftr && !t.rules.ruleset.air_combat() {
        Some("fighters are played only with optional rule 32 (30.1)".to_string())
    } else {
        None
    };
    match why {
        Some(why) => {
            let problem = Problem::NotInactiveSubstitute {
                unit: unit.value.clone(),
                why,
            };
            refuse(OrderError::new(problem, at, cite!("28.1")).unit(&unit.value))
        }
        None => Ok(c.clone()),
    }
}

/// 28.2: one counter of a type a turn, the largest inactive one of the type first.
fn type_ok(
    t: &Taker<'_>,
    pos: &Position,
    tally: &Tally,
    c: &Counter,
    unit: &Located<UnitId>,
) -> Result<(), Refusal> {
    let kind = c.kind.name();
    let why = if tally.kinds.contains(&c.kind) {
        Some(format!("one {kind} counter a turn at most"))
    } else {
        inactive(t, pos, c.kind)
            .filter(|o| o.attack > c.attack)
            .max_by_key(|o| o.attack)
            .map(|o| {
                format!(
                    "{} ({} factors) is inactive: take the larger {kind} counter while there is one",
                    o.id, o.attack
                )
            })
    };
    match why {
        Some(why) => {
            let problem = Problem::ReplacementType {
                unit: unit.value.clone(),
                why,
            };
            refuse(
                OrderError::new(problem, Some(unit.span.clone()), cite!("28.2")).unit(&unit.value),
            )
        }
        None => Ok(()),
    }
}

/// 28.1 with 6.3: a ground replacement enters in a friendly city of the home country.
fn home_city_ok(t: &Taker<'_>, pos: &Position, hex: &Located<Hex>) -> Result<(), Refusal> {
    let board = &t.rules.board;
    let why = if !board.is_city(hex.value) {
        Some("it is not a city".to_string())
    } else if board.home_of(hex.value) != Some(t.side) {
        Some(format!(
            "replacements enter as reinforcements, in the cities of {}",
            t.side.country_name()
        ))
    } else if !control::is_friendly(
        board,
        pos,
        t.held,
        t.rules.ruleset.readings.city_friendly,
        t.side,
        hex.value,
    ) {
        Some("an enemy unit is in it or next to it (5.1)".to_string())
    } else {
        None
    };
    city_refused(hex, why, cite!("6.3"))
}

fn city_refused(hex: &Located<Hex>, why: Option<String>, rule: Cite) -> Result<(), Refusal> {
    match why {
        Some(why) => {
            let problem = Problem::ReplacementCity {
                hex: hex.value,
                why,
            };
            refuse(OrderError::new(problem, Some(hex.span.clone()), rule))
        }
        None => Ok(()),
    }
}

/// 28.5 with Q&A 28.5, 003 28.5: `hex` is one of the side's aircraft cities, neither
/// captured nor bombed, not used for another aircraft replacement this turn; to place
/// an aircraft (`placing`) it must also be friendly.
fn aircraft_city_ok(
    t: &Taker<'_>,
    pos: &Position,
    tally: &Tally,
    hex: &Located<Hex>,
    placing: bool,
) -> Result<(), Refusal> {
    let board = &t.rules.board;
    let (h, side) = (hex.value, t.side);
    let aircraft_city =
        board.city_at(h).is_some_and(|c| c.aircraft.contains(&h)) && board.home_of(h) == Some(side);
    let enemy = side.other();
    let captured =
        t.held.get(&h) == Some(&enemy) || pos.at(h).any(|p| p.side == enemy && !p.kind.is_air());
    let why = if !aircraft_city {
        Some(format!(
            "it is not one of {}'s aircraft cities (28.5)",
            side.country_name()
        ))
    } else if captured {
        Some("the enemy has captured it (28.5)".to_string())
    } else if pos.hex_marked(h, HexMarkerKind::SRIX, t.turn, side) {
        Some("it was bombed (28.5, 33.5)".to_string())
    } else if tally.cities.contains(&h) {
        Some(
            "it has given an aircraft replacement already this turn: one a city (003 28.5)"
                .to_string(),
        )
    } else if placing
        && !control::is_friendly(
            board,
            pos,
            t.held,
            t.rules.ruleset.readings.city_friendly,
            side,
            h,
        )
    {
        Some("it is in enemy ZOC, so not friendly: no aircraft is placed there, but it may give half a unit of air transport capacity (`air_transport`, 003 28.5)".to_string())
    } else {
        None
    };
    city_refused(hex, why, cite!("28.5"))
}

/// 28.4 with 003 28.4, 28.5: half a unit of air transport capacity instead of an
/// aircraft from the aircraft city `city`, once a turn.
fn air_transport(
    t: &Taker<'_>,
    pos: &Position,
    tally: &mut Tally,
    city: &Located<Hex>,
) -> Result<Event, Refusal> {
    let figures = t.rules.ruleset.tournament_figures.replacements;
    let limit = |why: String| {
        let problem = Problem::ReplacementLimit { why };
        refuse(OrderError::new(
            problem,
            Some(city.span.clone()),
            cite!("003 28.4"),
        ))
    };
    let allowance = t.allowance().aircraft;
    if tally.aircraft >= allowance {
        return limit(t.limit_text(allowance, figures.aircraft_counters, "aircraft"));
    }
    if tally.air_transport {
        return limit("air transport capacity grows by half a unit a turn at most".into());
    }
    aircraft_city_ok(t, pos, tally, city, false)?;
    tally.aircraft += 1;
    tally.air_transport = true;
    tally.cities.insert(city.value);
    Ok(Event::AirTransportReplaced {
        side: t.side,
        city: city.value,
        rule: Rule::para(para!("28.4")).and(Ref::Reading("28.4".into())),
    })
}
