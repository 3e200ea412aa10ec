//! 32.3-32.4: interception by mail. The mover's air missions over each hex become a
//! [`Flight`] with its intercept range (32.31) when his player-turn stops before odds;
//! the defender's answer names the fighters that meet each (`[[intercept]]`), checked
//! here; the air combat on the ACT (32.32, 32.4, 003 32.32) is fought when the
//! player-turn resumes, before any odds are worked out.

use super::route::Triggers;
use crate::air::{AirEvent, MissionKind};
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
pub use crate::model::air::AirFire;
pub use crate::model::flight::{Flight, Interception};
use crate::odds::Factor;
use crate::orders::{Intercept, OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// 32.3, 003 32.31: the mover's flights over each hex, in hex order, from the missions
/// flown this player-turn (`Flew` events): the bombers of every bombing mission there
/// but those flown at night (33.6: "it avoids all interceptors"), the fighters escorting
/// them (32.4), and the intercept range, the greatest any bomber's route gives (003
/// 32.31). `routes`: the routes written, base first; a bomber without one flies the
/// route least favourable to interception (reading `mission-route-32-31`).
pub fn flights(
    rules: &Rules,
    pos: &Position,
    mover: Side,
    events: &[Event],
    (routes, night): (&BTreeMap<UnitId, Vec<Hex>>, &BTreeSet<UnitId>),
    hunts: &[(Hex, crate::model::flight::Hunt)],
) -> Vec<Flight> {
    let triggers = Triggers::new(rules, pos, mover.other());
    let mut over: BTreeMap<Hex, Flight> = BTreeMap::new();
    for e in events {
        let Event::Air(AirEvent::Flew {
            unit,
            kind,
            from,
            to,
            ..
        }) = e
        else {
            continue;
        };
        let flight = over.entry(*to).or_insert_with(|| Flight::over(*to));
        if *kind == MissionKind::Escort {
            flight.escorts.push(unit.clone());
            continue;
        }
        // 32.72, 33.7: patrollers sent this player-turn may be intercepted too.
        let patrolling = matches!(kind, MissionKind::Patrol | MissionKind::Interdiction);
        if patrolling {
            flight.patrollers.push(unit.clone());
        }
        // 33.6: a night bombing avoids all interceptors; 47.34: not in '85.
        let at_night = night.contains(unit);
        if at_night && !super::fighters85::in_play(rules) {
            continue;
        }
        let reach = rules.counters.get(unit).map_or(0, |c| c.movement);
        let range = match routes.get(unit) {
            // 32.31 limits the range against bombers, hunters and air transport only:
            // patrollers are met within its 12 hexes.
            _ if patrolling => rules.ruleset.tournament_figures.air_combat.intercept_hexes,
            Some(path) => triggers.range_along(path),
            None => triggers.least_range(*from, *to, reach),
        };
        // 32.31: hunters' routes give the range too; 32.5: they fly as hunts.
        if *kind != MissionKind::Hunt && !patrolling {
            // 47.34: the flight is a night bombing while all its bombers fly at night.
            flight.night = at_night && (flight.bombers.is_empty() || flight.night);
            flight.bombers.push(unit.clone());
        }
        flight.range = flight.range.max(range);
    }
    for (hex, hunt) in hunts {
        if let Some(f) = over.get_mut(hex) {
            f.hunts.push(hunt.clone());
        }
    }
    // 003 32.4: escorts alone over a hex wait for the air transport landing there
    // (`transport::add`, which drops a flight with nothing but escorts).
    over.into_values()
        .filter(|f| {
            !f.bombers.is_empty() || !f.hunts.is_empty() || !f.patrollers.is_empty() || f.escorted()
        })
        .collect()
}

/// 003 32.35: the fighters of the side not moving that begin the mover's player-turn at
/// a base in his ZOC: they may not intercept in it, even if the ZOC is gone by then (a
/// game that plays rule 32; none otherwise).
pub fn barred_at_start(rules: &Rules, pos: &Position, mover: Side) -> Vec<UnitId> {
    if !super::in_play(&rules.ruleset) {
        return Vec::new();
    }
    pos.pieces()
        .filter(|p| p.side == mover.other() && p.kind == UnitKind::Ftr)
        .filter(|p| pos.in_zoc_of(mover, p.hex))
        .map(|p| p.id.clone())
        .collect()
}

/// 32.3, 32.31: the defender's fighters that may meet `flight`: on the ground at a base
/// on the map, not `barred` (003 32.35), as far from its hex as the intercept range and
/// their own range allow (0: a fighter based in the hex itself, 003 32.31), with that
/// distance.
pub fn reachable(
    rules: &Rules,
    (pos, barred): (&Position, &[UnitId]),
    defender: Side,
    flight: &Flight,
) -> Vec<(UnitId, u32)> {
    pos.pieces()
        .filter(|p| p.side == defender && p.kind == UnitKind::Ftr)
        // 003 32.35: under `fighter-scramble=scramble` a fighter in the air when the
        // defender answers scrambled from its base and may intercept.
        .filter(|p| {
            !pos.is_aloft(&p.id)
                || pos.patrol_of(&p.id).is_some()
                || super::scramble::in_play(rules)
        })
        .filter(|p| !barred.contains(&p.id))
        .filter_map(|p| {
            let own = rules.counters.get(&p.id).map_or(0, |c| c.movement);
            // 32.7, 32.73: a patroller counts from its patrol hex, 24 hexes in all.
            if let Some(ok) = super::patrol::may_intercept(
                pos,
                &p.id,
                (flight.hex, flight.range.min(own)),
                rules.ruleset.tournament_figures.air_combat.patrol_hexes,
            ) {
                let d = pos
                    .patrol_of(&p.id)
                    .map_or(0, |q| q.hex.distance(flight.hex));
                return ok.then(|| (p.id.clone(), d));
            }
            // 47.32: in '85 an air transport is met over the hex of its way nearest.
            let d = p.hex.distance(flight.nearest_to(p.hex));
            (d <= flight.range && d <= own).then(|| (p.id.clone(), d))
        })
        .collect()
}

/// 003 32.3: "Only the defending player may perform interception missions": the
/// mover's file holds no `[[intercept]]`.
pub fn not_the_movers(orders: &Orders) -> Vec<OrderError> {
    orders
        .intercepts
        .iter()
        .map(|i| {
            OrderError::new(
                Problem::InterceptByMover,
                Some(i.hex.span.clone()),
                cite!("003 32.3"),
            )
        })
        .collect()
}

/// 32.3, 32.31, 32.2: the defender's `[[intercept]]`s checked against the flights of
/// the stopped player-turn: each over a hex a flight is over, each unit one of his
/// fighters on the ground within reach of it, and no fighter in two.
pub fn check(
    rules: &Rules,
    (pos, barred): (&Position, &[UnitId]),
    defender: Side,
    flights: &[Flight],
    intercepts: &[Intercept],
) -> Result<Vec<Interception>, Vec<OrderError>> {
    // 36.34: no interception without basic industry.
    let grounded = super::industry::refused(rules, pos, defender, intercepts);
    if !grounded.is_empty() {
        return Err(grounded);
    }
    let mut errors = Vec::new();
    let mut out = Vec::new();
    let mut used = BTreeSet::new();
    for i in intercepts {
        let Some(flight) = flights.iter().find(|f| f.hex == i.hex.value) else {
            errors.push(OrderError::new(
                Problem::NoFlightToIntercept { hex: i.hex.value },
                Some(i.hex.span.clone()),
                cite!("32.3"),
            ));
            continue;
        };
        let reach = reachable(rules, (pos, barred), defender, flight);
        let mut fighters = Vec::new();
        for u in &i.units {
            let is_fighter = pos
                .get(&u.value)
                .is_some_and(|p| p.side == defender && p.kind == UnitKind::Ftr);
            if !is_fighter {
                let problem = Problem::CannotIntercept {
                    unit: u.value.clone(),
                    why: format!("it is not a fighter of {defender}'s on the map"),
                };
                errors.push(OrderError::new(
                    problem,
                    Some(u.span.clone()),
                    cite!("32.3"),
                ));
                continue;
            }
            if !used.insert(u.value.clone()) {
                let problem = Problem::OrderedTwice {
                    unit: u.value.clone(),
                    what: "[[intercept]]".into(),
                };
                errors.push(OrderError::new(
                    problem,
                    Some(u.span.clone()),
                    cite!("32.2"),
                ));
                continue;
            }
            if barred.contains(&u.value) {
                let problem = Problem::CannotIntercept {
                    unit: u.value.clone(),
                    why: "it began the player-turn at a base in enemy ZOC (003 32.35)".into(),
                };
                errors.push(OrderError::new(
                    problem,
                    Some(u.span.clone()),
                    cite!("003 32.35"),
                ));
                continue;
            }
            // 32.73: a patroller within reach but for the 24 hexes in all.
            let all = rules.ruleset.tournament_figures.air_combat.patrol_hexes;
            if let Some(e) = super::patrol::beyond_24(pos, &u.value, flight, &u.span, all) {
                errors.push(e);
                continue;
            }
            if !reach.iter().any(|(r, _)| *r == u.value) {
                let distance = pos
                    .hex_of(&u.value)
                    .map_or(0, |h| h.distance(flight.nearest_to(h)));
                let own = rules.counters.get(&u.value).map_or(0, |c| c.movement);
                let problem = Problem::BeyondInterceptRange {
                    unit: u.value.clone(),
                    hex: flight.hex,
                    distance,
                    range: flight.range.min(own),
                };
                errors.push(OrderError::new(
                    problem,
                    Some(u.span.clone()),
                    cite!("32.31"),
                ));
                continue;
            }
            fighters.push(u.value.clone());
        }
        if !fighters.is_empty() {
            out.push(Interception {
                hex: flight.hex,
                fighters,
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The die of the air combat, drawn by a roll id.
pub type Roll<'a> = crate::roll::DrawRoll<'a>;

/// 32.32, 32.4 with 003 32.32: the air combat over each hex intercepted, in hex order.
/// The interceptors fire at double strength against escorted bombers, at triple
/// against unescorted ones; escorts and escorted bombers fire back at half (fractions
/// up), unescorted bombers not at all (003 32.4); both fire before any loss is taken;
/// losses come from the escorts first, then the bombers, the fewest factors first, or
/// in the order the mover's file chose (003 32.31, [`super::losses`]).
/// Rolls: `intercept-HEX` (the interceptors' fire), `escort-HEX` (the return fire).
/// The interceptors stay in the air over their base until the player-turn ends (32.34).
pub fn fight(
    rules: &Rules,
    pos: &mut Position,
    flights: &[Flight],
    interceptions: &[Interception],
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let figures = rules.ruleset.tournament_figures.air_combat;
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let mut events = Vec::new();
    for i in interceptions {
        let Some(flight) = flights.iter().find(|f| f.hex == i.hex) else {
            continue;
        };
        // 32.52: interceptors meeting hunters.
        if !flight.hunts.is_empty() {
            events.extend(super::hunt::met(rules, pos, (flight, i), tables, roll)?);
            continue;
        }
        // 32.72: patrollers alone over the hex are met by `patrol::fight`.
        if flight.bombers.is_empty() && flight.transported.is_empty() && flight.carriers.is_empty()
        {
            continue;
        }
        let (times, how) = if flight.escorted() {
            (figures.escorted_times, "double")
        } else {
            (figures.unescorted_times, "triple")
        };
        // 36.32-36.33: halved for want of basic industry; 47.1, 47.34 in '85.
        let (fire, halved) =
            super::fighters85::interceptors_fire(rules, pos, (&i.fighters, flight), times);
        let (drawn, shown) = roll(&format!("intercept-{}", i.hex), None)?;
        let cell = tables.act(fire, drawn).map_err(|e| e.to_string())?;
        let rule = Rule::para(para!("32.32"));
        let names = |u: &[UnitId]| {
            u.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut fires = vec![AirFire {
            hex: i.hex,
            fire: format!(
                "{} intercepting at {how} strength{halved}",
                names(&i.fighters)
            ),
            factors: fire,
            roll: shown,
            table: format!("{}: {}", cell.cite, cell.printed),
            lost: cell.result.factors,
            rule,
        }];
        // 32.4: "the attacking bombers and escorts return fire at 1/2 strength
        // (convert fractions up)"; 003 32.4: unescorted bombers do not.
        if flight.escorted() {
            let targets: Vec<UnitId> = flight
                .escorts
                .iter()
                .chain(&flight.bombers)
                .cloned()
                .collect();
            // 47.1 ('85): the escorts beyond 8 hexes of their base at half, first.
            let (back, far) = super::fighters85::fire_beyond(rules, pos, (&targets, i.hex), 1);
            // 36.32 with 003 36.32: halved for want of basic industry, then 32.4's
            // half, fractions up once.
            let (back, short) = super::industry::fire_of(rules, pos, &targets, back);
            let back = u32::try_from(
                Factor::new(
                    back.numerator(),
                    back.denominator()
                        .saturating_mul(u64::from(figures.return_fire_divisor.max(1))),
                )
                .unwrap_or(back)
                .ceil(),
            )
            .unwrap_or(u32::MAX);
            let (drawn, shown) = roll(&format!("escort-{}", i.hex), None)?;
            let cell = tables
                .act(Factor::from(back), drawn)
                .map_err(|e| e.to_string())?;
            fires.push(AirFire {
                hex: i.hex,
                fire: format!(
                    "{} returning fire at half strength{far}{short}",
                    names(&targets)
                ),
                factors: Factor::from(back),
                roll: shown,
                table: format!("{}: {}", cell.cite, cell.printed),
                lost: cell.result.factors,
                rule: Rule::para(para!("32.4")),
            });
        }
        // 003 32.32: both sides fire before any loss is taken.
        // 003 32.31: the escorts first (32.4), then the mission the owner chose.
        let mut order = super::losses::chosen_first(flight.escorts.clone(), &flight.losses);
        let mut bombers = flight.bombers.clone();
        bombers.sort_by_key(|id| (attack(id), id.clone()));
        // 32.33: then the units air transported, the fewest factors first; 47.33: in
        // '85 their transport aircraft take what is left, in half units.
        let mut carried = flight.transported.clone();
        carried.retain(|u| !flight.carriers.iter().any(|c| c.aboard.contains_key(u)));
        carried.sort_by_key(|id| (attack(id), id.clone()));
        bombers.extend(carried);
        order.extend(super::losses::chosen_first(bombers, &flight.losses));
        let mut interceptors = i.fighters.clone();
        interceptors.sort_by_key(|id| (attack(id), id.clone()));
        let hit_mover = fires.first().map_or(0, |f| f.lost);
        let hit_defender = fires.get(1).map_or(0, |f| f.lost);
        for f in &fires {
            events.push(Event::Air(AirEvent::AirCombat(f.clone())));
        }
        // 003 32.31: the mission the owner chose to take the losses.
        let what = (
            "the losses come, after the escorts,",
            Rule::of(crate::cite::Ref::Reading("32.31".into())),
        );
        events.extend(super::losses::note(i.hex, &flight.losses, what));
        let rule = Rule::para(para!("32.32"));
        // 47.33: what the escorts and bombers do not take falls on the air transport.
        let absorbed: u32 = order
            .iter()
            .filter(|u| pos.get(u).is_some())
            .map(&attack)
            .sum();
        events.extend(crate::bombing::take_factors(
            rules,
            pos,
            i.hex,
            order,
            hit_mover,
            "the interception",
            &rule,
        ));
        events.extend(super::shot_down::shoot_down(
            rules,
            pos,
            flight,
            hit_mover.saturating_sub(absorbed),
        ));
        for f in &i.fighters {
            pos.set_aloft(f, true);
        }
        // ACT note: the unescorted bombers that survive bomb at half their factors.
        if !flight.escorted() {
            for b in &flight.bombers {
                // False for a bomber eliminated: nothing to mark.
                let _ = pos.mark(b, UnitMarker::Intercepted);
            }
        }
        events.extend(crate::bombing::take_factors(
            rules,
            pos,
            i.hex,
            interceptors,
            hit_defender,
            "the return fire",
            &Rule::para(para!("32.4")),
        ));
    }
    Ok(events)
}

/// 32.3: the flights of a player-turn's missions the defender may intercept, in a game
/// that plays rule 32 (none otherwise).
pub fn announced(
    rules: &Rules,
    pos: &Position,
    mover: Side,
    flown: &crate::model::flight::Flights,
) -> Vec<Flight> {
    if !super::in_play(&rules.ruleset) {
        return Vec::new();
    }
    let night: BTreeSet<UnitId> = flown
        .raids
        .iter()
        .filter(|r| r.night)
        .flat_map(|r| r.bombers.iter().cloned())
        .collect();
    let mut out = flights(
        rules,
        pos,
        mover,
        &flown.events,
        (&flown.routes, &night),
        &flown.hunts,
    );
    // 003 32.31, 003 33.7: the order of losses the mover chose.
    for f in &mut out {
        f.losses = flown.losses.get(&f.hex).cloned().unwrap_or_default();
    }
    out
}
