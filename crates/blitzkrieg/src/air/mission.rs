//! Air missions (30.4-30.8): each `[[mission]]` checked against the position after
//! ground movement (in BLITZKRIEG '85, whose air units move before the ground units,
//! 37.33, a change of base against the position before it as well); changes of base made at once (30.7: "these units must land before
//! any combat resolution is begun"); bombers sent over their targets for the battles
//! they support (30.41); and their landing after all combat (30.5).

use super::base::{air_halves_at, base_fits, halves_text, not_a_base};
use super::bombing;
use super::strategic::{refusal, Raid};
use super::{AirEvent, Mission, MissionKind};
use crate::board::SeaZone;
use crate::cite::Cite;
use crate::cite::Rule;
use crate::combat::battle_strength;
use crate::event::Event;
use crate::hex::Hex;
pub use crate::model::flight::Flights;
pub use crate::model::landing::Landing;
use crate::orders::{Attack, Located, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Counter, Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// What the missions need to know of the player-turn besides the position.
pub struct Context<'a> {
    pub rules: &'a Rules,
    pub side: Side,
    /// 5.2: the cities each side held at the start of the player-turn.
    pub held: &'a BTreeMap<Hex, Side>,
    /// 30.7 with 003 30.7: the cities friendly to the mover at the start of the
    /// player-turn.
    pub friendly_at_start: &'a BTreeSet<Hex>,
    /// 30.7, reading `staging-30-7=since-preceding`: the cities that changed hands in
    /// the preceding player-turn or at its end (its `CityChanged` and
    /// `CityFromNextPlayerTurn` events).
    pub changed_last: &'a BTreeSet<Hex>,
    /// 30.6: the mover's units that began the player-turn in enemy ZOC.
    pub engaged_at_start: &'a BTreeSet<UnitId>,
    /// 30.2: the mover's aircraft that began the player-turn unable to trace a route
    /// to combat supply.
    pub unsupplied: &'a BTreeSet<UnitId>,
    /// The battles declared (30.41: a tactical mission supports one of them).
    pub attacks: &'a [Attack],
    /// 30.42: the hexes artillery barrages this player-turn.
    pub barraged: &'a BTreeSet<Hex>,
    /// 30.3: the units at sea that changed zones this player-turn.
    pub sailed: &'a BTreeSet<UnitId>,
    /// 29: the minor countries after movement (003 29.4: their unreduced cities may
    /// be bombed).
    pub minors: &'a crate::minor::Minors,
    /// 32.4, 003 32.4: the units the mover's air transports and airdrops landed this
    /// player-turn, by hex (fighters there are escorts).
    pub airlifted: &'a BTreeMap<Hex, BTreeSet<UnitId>>,
    /// 37.33 (BLITZKRIEG '85): the position the air units move in, before any ground
    /// unit moves (`None` where the missions follow the ground movement, 30.2).
    pub before_ground: Option<&'a Position>,
}

/// One aircraft of a mission, checked.
struct Flyer {
    id: Located<UnitId>,
    counter: Counter,
    base: Hex,
    /// 30.3: the zone of a carrier-based aircraft (its base is the sea hex flown from).
    zone: Option<SeaZone>,
}

/// 30.4-30.7: every mission in the order written. Problems are reported and the
/// mission skipped; the legal ones are flown: changes of base at once, bombers into
/// the air over their base (they stand there on the map until they land, 30.5).
pub fn fly(ctx: &Context, pos: &mut Position, missions: &[Mission]) -> Flights {
    let mut out = Flights {
        errors: aircraft_in_attacks(ctx),
        ..Flights::default()
    };
    let Some(first) = missions.first() else {
        return out;
    };
    if !ctx.rules.ruleset.tournament() {
        let problem = Problem::NotNow {
            what: "[[mission]]".into(),
            why: "aircraft fly in the Tournament Game (30)".into(),
        };
        out.errors.push(OrderError::new(
            problem,
            Some(first.kind.span.clone()),
            cite!("30"),
        ));
        return out;
    }
    // 34, Weather Chart: no air operations in a gale, fog or ice.
    if crate::weather::combat::grounds_aircraft(pos.weather()) {
        for m in missions {
            let problem = Problem::WeatherNoAir {
                weather: pos.weather(),
            };
            out.errors.push(OrderError::new(
                problem,
                Some(m.kind.span.clone()),
                cite!("34"),
            ));
        }
        return out;
    }
    let mut flown = BTreeSet::new();
    let mut arrivals: BTreeMap<Hex, Range<usize>> = BTreeMap::new();
    let mut tactical = super::operations::TacticalOver::default();
    for m in missions {
        let flyers: Vec<Option<Flyer>> = m
            .units
            .iter()
            .map(|u| flyer(ctx, pos, m, u, &mut flown, &mut out.errors))
            .collect();
        let Some(flyers) = flyers.into_iter().collect::<Option<Vec<Flyer>>>() else {
            continue;
        };
        if flyers.is_empty() {
            continue;
        }
        if let Some(e) = tactical.refusal(ctx.attacks, m) {
            out.errors.push(e);
            continue;
        }
        // 32.4, 003 32.4: an escort flies over a hex bombers or air transport fly to.
        if let Some(e) = crate::air_combat::escort::refusal(m, missions, ctx.airlifted) {
            out.errors.push(e);
            continue;
        }
        // 47.21: an escort joining its bombers on their way ('85).
        let joining: Vec<_> = flyers
            .iter()
            .map(|f| (&f.id, f.base, f.counter.movement))
            .collect();
        let join = (m, missions);
        if let Some(e) = crate::air_combat::escort::join_refusal(ctx.rules, pos, join, &joining) {
            out.errors.push(e);
            continue;
        }
        // 003 32.31, 003 33.7: the mover's choice of losses over the hex.
        let chosen = crate::air_combat::losses::check(m, missions, ctx.airlifted);
        if !chosen.is_empty() {
            out.errors.extend(chosen);
            continue;
        }
        // 32.5, 32.6: a hunt's search hex and strafe hex.
        if let Some(e) = crate::air_combat::hunt::refusal(m, missions) {
            out.errors.push(e);
            continue;
        }
        let landed = match m.kind.value {
            MissionKind::Transfer => stage(ctx, pos, m, &flyers, &mut out),
            MissionKind::Tactical
            | MissionKind::Strategic
            | MissionKind::Airbase
            | MissionKind::Port
            | MissionKind::Road
            | MissionKind::Industry
            | MissionKind::Resource
            | MissionKind::AirbaseFacility
            | MissionKind::Escort
            | MissionKind::Hunt => combat_mission(ctx, pos, m, &flyers, &mut out),
            // 32.7, 33.7: patrol and patrol/interdiction.
            MissionKind::Patrol | MissionKind::Interdiction => {
                patrol_mission(ctx, pos, m, &flyers, &mut out)
            }
        };
        if landed.is_some() {
            tactical.record(ctx.attacks, m);
        }
        let unchecked = m.kind.value.is_combat() && suicide_allowed(ctx.rules);
        if let (Some((hex, span)), false) = (landed, unchecked) {
            arrivals.insert(hex, span);
        }
    }
    out.losses = crate::air_combat::losses::by_hex(missions);
    check_room(ctx, pos, &out.landing, &arrivals, &mut out.errors);
    check_carriers_landing(ctx, pos, missions, &out.landing, &mut out.errors);
    check_air_against_ground(ctx, pos, &out.support, missions, &mut out.errors);
    out
}

/// 30.41: aircraft join a battle by a tactical mission naming it, never among the
/// units of its `[[attack]]`.
fn aircraft_in_attacks(ctx: &Context) -> Vec<OrderError> {
    ctx.attacks
        .iter()
        .flat_map(|a| a.units.iter().map(move |u| (a, u)))
        .filter(|(_, u)| bombing::is_air(ctx.rules, &u.value))
        .map(|(a, u)| {
            let problem = Problem::CannotFlyMission {
                unit: u.value.clone(),
                why: format!(
                    "aircraft join battle {} by a tactical [[mission]] naming it, not among its units",
                    a.id.value
                ),
            };
            OrderError::new(problem, Some(u.span.clone()), cite!("30.41")).unit(&u.value)
        })
        .collect()
}

/// 30.1-30.2, 30.4: a unit named in a mission: the mover's aircraft, of a type that
/// flies this kind of mission, on the ground at a base, flying no other mission.
/// Unknown units and the other side's are reported by the name check.
fn flyer(
    ctx: &Context,
    pos: &Position,
    m: &Mission,
    u: &Located<UnitId>,
    flown: &mut BTreeSet<UnitId>,
    errors: &mut Vec<OrderError>,
) -> Option<Flyer> {
    let c = ctx
        .rules
        .counters
        .get(&u.value)
        .filter(|c| c.side == ctx.side)?;
    let refuse = |why: &str, rule: Cite| {
        let problem = Problem::CannotFlyMission {
            unit: u.value.clone(),
            why: why.to_string(),
        };
        OrderError::new(problem, Some(u.span.clone()), rule).unit(&u.value)
    };
    if let Some((why, rule)) = wrong_type(&ctx.rules.ruleset, c.kind, m.kind.value) {
        errors.push(refuse(why, rule));
        return None;
    }
    // 33.1: checked before the base, which the first mission has left.
    if m.kind.value.is_rule_33() && flown.contains(&u.value) {
        let problem = Problem::SecondBombingTarget {
            unit: u.value.clone(),
        };
        errors.push(OrderError::new(problem, Some(u.span.clone()), cite!("33.1")).unit(&u.value));
        return None;
    }
    let carrier = match pos.afloat(&u.value) {
        Some(_) if ctx.sailed.contains(&u.value) => {
            let why = "it changed sea zones this player-turn: carrier aircraft fly only if they do not (30.3)";
            errors.push(refuse(why, cite!("30.3")));
            return None;
        }
        Some(a) if super::carrier::cut_off(ctx.rules, pos, ctx.side, a.zone) => {
            let problem = Problem::CarrierCutOff {
                unit: u.value.clone(),
                zone: a.zone,
            };
            errors.push(
                OrderError::new(problem, Some(u.span.clone()), cite!("003 19.4")).unit(&u.value),
            );
            return None;
        }
        Some(a) => match super::carrier::take_off(ctx.rules, m, a.zone) {
            Ok(h) => Some((h, a.zone)),
            Err(why) => {
                errors.push(refuse(&why, cite!("30.3")));
                return None;
            }
        },
        None => None,
    };
    let base = match (carrier, pos.get(&u.value)) {
        (Some((h, _)), _) => h,
        (None, Some(p)) if !pos.is_aloft(&u.value) => p.hex,
        _ => {
            errors.push(refuse("it is not on the ground at a base", cite!("30.2")));
            return None;
        }
    };
    if m.kind.value.is_combat() && crate::bombing::grounded_by_bombing(pos, &u.value) {
        let why = "it was inverted when its airbase was bombed: it may not attack this player-turn, but may change base (33.2)";
        errors.push(refuse(why, cite!("33.2")));
        return None;
    }
    if !flown.insert(u.value.clone()) {
        let problem = Problem::OrderedTwice {
            unit: u.value.clone(),
            what: "[[mission]]".into(),
        };
        errors.push(OrderError::new(problem, Some(u.span.clone()), cite!("30.7")).unit(&u.value));
        return None;
    }
    Some(Flyer {
        id: u.clone(),
        counter: c.clone(),
        base,
        zone: carrier.map(|c| c.1),
    })
}

/// 30.1, 30.41, 30.42: why a unit of `kind` may not fly a mission of `mission`'s kind
/// (a fighter's: 32.1-32.2, `air_combat`).
fn wrong_type(
    ruleset: &crate::ruleset::Ruleset,
    kind: UnitKind,
    mission: MissionKind,
) -> Option<(&'static str, Cite)> {
    match (kind, mission) {
        (k, _) if !k.is_air() => Some((
            "it is not an aircraft (ground units move by [[move]], or by air transport with [[air]], 9.3)",
            cite!("30.1"),
        )),
        // 50.2: transport aircraft change base (30.7) and carry; they never attack.
        (UnitKind::TransportAircraft, m) if m != MissionKind::Transfer => Some((
            "a transport aircraft has no combat strength and never attacks: it changes base, carries units ([[air]] with `by`) and supplies them ([[air_supply]]) (50.2)",
            cite!("50.2"),
        )),
        (UnitKind::Ftr, m) => crate::air_combat::fighter_refusal(ruleset, m),
        // 32.7, 33.7: patrol and patrol/interdiction.
        (k, m @ (MissionKind::Patrol | MissionKind::Interdiction)) => {
            crate::air_combat::patrol::wrong_type(ruleset, k, m)
        }
        (_, MissionKind::Escort) => Some(("only fighters escort (32.4)", cite!("32.4"))),
        (_, MissionKind::Hunt) => Some(("only fighters hunt (32.5)", cite!("32.5"))),
        (UnitKind::Sac, MissionKind::Tactical) => {
            Some(("only TAC and MDM bomb tactically", cite!("30.41")))
        }
        (UnitKind::Tac, MissionKind::Strategic) => {
            Some(("only SAC and MDM bomb strategically", cite!("30.42")))
        }
        (k, m) => crate::bombing::wrong_type(k, m),
    }
}

/// 30.7 (with 003 30.6, 30.7): a change of base, staging from the base through the
/// cities of `via` to `to`, no two more than twice the range apart, each a city
/// friendly since the start of the player-turn and free of enemy ZOC. The aircraft
/// land at once. Returns the new base and the order's place for the stacking check.
fn stage(
    ctx: &Context,
    pos: &mut Position,
    m: &Mission,
    flyers: &[Flyer],
    out: &mut Flights,
) -> Option<(Hex, Range<usize>)> {
    let mut ok = true;
    let first = flyers.first()?;
    if let Some(extra) = &m.land {
        ok = false;
        out.errors.push(shape_error(
            first,
            "a transfer lands at `to`; `land` is for combat missions",
            extra.span.clone(),
        ));
    }
    if let Some(b) = &m.battle {
        ok = false;
        out.errors.push(shape_error(
            first,
            "a transfer supports no battle (30.7: no other mission in the player-turn it changes bases)",
            b.span.clone(),
        ));
    }
    let stops: Vec<&Located<Hex>> = m.via.iter().chain(std::iter::once(&m.to)).collect();
    for f in flyers {
        ok &= staging_legal(ctx, pos, f, &stops, &mut out.errors);
    }
    if !ok {
        return None;
    }
    for f in flyers {
        // 003 30.3: a carrier-based aircraft comes ashore by a change of base.
        pos.put_counter(&f.counter, m.to.value);
        let mut path = vec![f.base];
        path.extend(stops.iter().map(|s| s.value));
        out.events.push(Event::Air(AirEvent::Staged {
            unit: f.id.value.clone(),
            path,
            rule: Rule::para(para!("30.7")),
        }));
    }
    Some((m.to.value, m.to.span.clone()))
}

/// A mission whose fields do not fit its kind, reported for its first unit.
fn shape_error(f: &Flyer, why: &str, span: Range<usize>) -> OrderError {
    OrderError::new(
        Problem::CannotFlyMission {
            unit: f.id.value.clone(),
            why: why.to_string(),
        },
        Some(span),
        cite!("30.4"),
    )
}

/// 30.7: the most hexes between two cities of an aircraft's staging chain: twice its
/// range.
pub fn staging_limit(counter: &Counter) -> u32 {
    2 * counter.movement
}

/// 30.7: one aircraft's staging chain.
fn staging_legal(
    ctx: &Context,
    pos: &Position,
    f: &Flyer,
    stops: &[&Located<Hex>],
    errors: &mut Vec<OrderError>,
) -> bool {
    let limit = staging_limit(&f.counter);
    let mut from = f.base;
    let mut ok = true;
    for s in stops {
        let distance = from.distance(s.value);
        if distance > limit {
            ok = false;
            errors.push(
                OrderError::new(
                    Problem::StagingGap {
                        unit: f.id.value.clone(),
                        from,
                        to: s.value,
                        distance,
                        limit,
                    },
                    Some(s.span.clone()),
                    cite!("30.7"),
                )
                .unit(&f.id.value),
            );
        }
        let why = not_a_base(ctx.rules, pos, ctx.held, ctx.side, s.value)
            .or_else(|| staging_refusal(ctx, s.value));
        if let Some(why) = why {
            ok = false;
            errors.push(no_landing(
                &f.id,
                s.value,
                why,
                s.span.clone(),
                cite!("30.7"),
            ));
        } else if let Some(e) = zoc_before_ground(ctx, &f.id, s) {
            ok = false;
            errors.push(e);
        }
        from = s.value;
    }
    ok
}

/// 37.33 with 30.6-30.7 (BLITZKRIEG '85): the air units move before any ground unit,
/// so a change of base lands, and stages, in cities free of enemy ZOC at that moment:
/// a city the ground movement frees of it (an automatic victory, 21.1) was not.
fn zoc_before_ground(
    ctx: &Context,
    unit: &Located<UnitId>,
    stop: &Located<Hex>,
) -> Option<OrderError> {
    let before = ctx.before_ground?;
    if !before.in_zoc_of(ctx.side.other(), stop.value) {
        return None;
    }
    let problem = Problem::ZocBeforeGroundMovement {
        unit: unit.value.clone(),
        hex: stop.value,
    };
    Some(OrderError::new(problem, Some(stop.span.clone()), cite!("37.33")).unit(&unit.value))
}

/// 30.7 under the reading `staging-30-7`: why a staging city has not been friendly
/// long enough: since the start of the preceding player-turn (the default), or of
/// this one (`since-turn-start`, 003 30.7).
fn staging_refusal(ctx: &Context, hex: Hex) -> Option<String> {
    let now = ctx.friendly_at_start.contains(&hex);
    if ctx.rules.ruleset.readings.staging == crate::readings::Staging30::SinceTurnStart {
        return (!now).then(|| {
            "it has not been friendly since the start of the player-turn (30.7, 003 30.7)".into()
        });
    }
    (!now || ctx.changed_last.contains(&hex)).then(|| {
        "it has not been friendly since the start of the preceding player-turn (30.7)".into()
    })
}

fn no_landing(
    u: &Located<UnitId>,
    hex: Hex,
    why: String,
    span: Range<usize>,
    rule: Cite,
) -> OrderError {
    OrderError::new(
        Problem::NoLanding {
            unit: u.value.clone(),
            hex,
            why,
        },
        Some(span),
        rule,
    )
    .unit(&u.value)
}

/// 30.4-30.6, 30.8, 30.41: a tactical or strategic mission: each bomber began the
/// player-turn at a base free of enemy ZOC (30.6), the target is within its range
/// (30.5) and its landing base within range of the target (within half range when it
/// bombs at double strength, 30.8); a tactical mission names a battle that attacks
/// the target. The bombers take to the air.
/// 52.1 (BLITZKRIEG '85): the citation of a medium bomber's tactical mission says it
/// bombs at half strength.
fn halved_cite(rule: Rule, halved: bool) -> Rule {
    if !halved {
        return rule;
    }
    rule.and(crate::cite::Ref::Para(para!("52.1").into()))
        .note("a medium bomber at half strength, fractions down")
}

fn combat_mission(
    ctx: &Context,
    pos: &mut Position,
    m: &Mission,
    flyers: &[Flyer],
    out: &mut Flights,
) -> Option<(Hex, Range<usize>)> {
    let mut ok = target_legal(ctx, pos, m, &out.raids, &mut out.errors);
    if let (Some(v), Some(first)) = (m.via.first(), flyers.first()) {
        ok = false;
        out.errors.push(shape_error(
            first,
            "`via` names the cities a transfer stages through (30.7)",
            v.span.clone(),
        ));
    }
    let mut planned = Vec::new();
    for f in flyers {
        match bomber_plan(ctx, pos, m, f, &mut out.errors) {
            Some(l) => planned.push((f, l)),
            None => ok = false,
        }
        // 32.31: the route flown (optional rule 32).
        match crate::air_combat::route_of(ctx.rules, m, (&f.id, f.base, f.counter.movement)) {
            Ok(Some(path)) => {
                out.routes.insert(f.id.value.clone(), path);
            }
            Ok(None) => {}
            Err(e) => {
                ok = false;
                out.errors.push(*e);
            }
        }
    }
    // 32.53: a hunter's 24 MF.
    if m.kind.value == MissionKind::Hunt {
        for (f, landing) in &planned {
            let flown = out.routes.get(&f.id.value).map_or_else(
                || f.base.distance(m.to.value),
                |p| u32::try_from(p.len().saturating_sub(1)).unwrap_or(u32::MAX),
            );
            if let Some(e) = crate::air_combat::hunt::too_far(
                (m, &f.id),
                flown,
                landing.base,
                ctx.rules.ruleset.tournament_figures.air_combat.hunt_mf,
            ) {
                ok = false;
                out.errors.push(e);
            }
            // 003 32.5, 32.73: hunters that may switch to patrol search within 12 hexes.
            if m.then_patrol.as_ref().is_some_and(|t| t.value) {
                let all = ctx.rules.ruleset.tournament_figures.air_combat.patrol_hexes;
                let patrol = (&f.id, &f.counter, f.base);
                if let Err(e) =
                    crate::air_combat::patrol::check(patrol, MissionKind::Patrol, &m.to, all)
                {
                    ok = false;
                    out.errors.push(*e);
                }
            }
        }
    }
    if !ok {
        return None;
    }
    if m.kind.value == MissionKind::Hunt {
        let units = planned.iter().map(|(f, _)| f.id.value.clone()).collect();
        out.hunts
            .push((m.to.value, crate::air_combat::hunt::plan(m, units)));
    }
    let targets = battle_targets(ctx, m);
    if let Some(target) = m.kind.value.target() {
        out.raids.push(Raid {
            hex: m.to.value,
            bombers: planned.iter().map(|(f, _)| f.id.value.clone()).collect(),
            stock: m.stock.as_ref().map(|s| s.value.clone()),
            target,
            night: night(m),
        });
    }
    for (f, landing) in planned {
        if f.zone.is_some() {
            // 003 30.3: on its mission it is no longer at sea.
            pos.put_counter(&f.counter, f.base);
        }
        pos.set_aloft(&f.id.value, true);
        out.events.push(Event::Air(AirEvent::Flew {
            unit: f.id.value.clone(),
            kind: m.kind.value,
            from: f.base,
            to: m.to.value,
            battle: m.battle.as_ref().map(|b| b.value.clone()),
            doubled: bombing::doubles(&f.counter, f.base, &targets),
            rule: halved_cite(
                Rule::para(match m.kind.value {
                    MissionKind::Strategic => para!("30.42"),
                    MissionKind::Airbase => para!("33.2"),
                    MissionKind::Port => para!("33.3"),
                    MissionKind::Road => para!("33.4"),
                    MissionKind::Industry => para!("33.5"),
                    MissionKind::Resource => para!("52.3"),
                    MissionKind::AirbaseFacility => para!("52.2"),
                    MissionKind::Escort => para!("32.4"),
                    MissionKind::Hunt => para!("32.5"),
                    _ => para!("30.41"),
                }),
                m.battle.is_some() && bombing::medium_halved(ctx.rules, &f.counter),
            ),
            // 32.31: the route written, for the turn map.
            route: if ctx.rules.ruleset.flight_routes {
                out.routes.get(&f.id.value).cloned().unwrap_or_default()
            } else {
                Vec::new()
            },
        }));
        out.landing.insert(f.id.value.clone(), landing);
        if let Some(b) = &m.battle {
            out.support
                .entry(b.value.clone())
                .or_default()
                .push(f.id.value.clone());
        }
    }
    let land = m.land.as_ref().unwrap_or(&m.to);
    Some((land.value, land.span.clone()))
}

/// 33.6: whether the mission is flown at night (`night = true`).
fn night(m: &Mission) -> bool {
    m.night.as_ref().is_some_and(|n| n.value)
}

/// 33.1-33.6: a mission of rule 33 (or one flown at night) checked against its
/// target: `Some(false)` refused, `Some(true)` allowed, `None` for the missions of
/// rule 30, checked as they are.
fn bombing_33_refusal(
    ctx: &Context,
    pos: &Position,
    m: &Mission,
    raids: &[Raid],
    errors: &mut Vec<OrderError>,
) -> Option<bool> {
    let kind = m.kind.value;
    if !kind.is_rule_33() && !night(m) {
        return None;
    }
    let target_ctx = crate::bombing::TargetContext {
        rules: ctx.rules,
        pos,
        held: ctx.held,
        side: ctx.side,
        raids,
        barraged: ctx.barraged,
    };
    let refusal = match kind.target() {
        Some(_) => crate::bombing::target_refusal(&target_ctx, kind, night(m), m.to.value),
        None => Some((
            "only a port, a city-road or a city's supply and industry is bombed at night (33.6)"
                .to_string(),
            cite!("33.6"),
        )),
    };
    let extra = m.battle.as_ref().map(|b| b.span.clone());
    let (why, rule, span) = match (refusal, extra) {
        (Some((why, rule)), _) => (why, rule, m.to.span.clone()),
        (None, Some(span)) if kind.is_rule_33() => (
            "a bombing mission of rule 33 supports no battle".to_string(),
            cite!("33.1"),
            span,
        ),
        (None, _) => return kind.is_rule_33().then_some(true),
    };
    errors.push(OrderError::new(
        Problem::BombingTarget {
            hex: m.to.value,
            kind,
            why,
        },
        Some(span),
        rule,
    ));
    Some(false)
}

/// The hexes the battle a tactical mission supports attacks (just the target for
/// any other mission).
fn battle_targets(ctx: &Context, m: &Mission) -> Vec<Hex> {
    let battle = m
        .battle
        .as_ref()
        .and_then(|b| ctx.attacks.iter().find(|a| a.id.value == b.value));
    match battle {
        Some(a) => a.targets.iter().map(|t| t.value).collect(),
        None => vec![m.to.value],
    }
}

/// 30.41: a tactical mission supports a declared battle that attacks the hex flown
/// to. 30.42: a strategic mission bombs a hex that [`refusal`] allows.
fn target_legal(
    ctx: &Context,
    pos: &Position,
    m: &Mission,
    raids: &[Raid],
    errors: &mut Vec<OrderError>,
) -> bool {
    let fail = |why: String, span: Range<usize>, errors: &mut Vec<OrderError>| {
        errors.push(OrderError::new(
            Problem::NoBattleToSupport { why },
            Some(span),
            cite!("30.41"),
        ));
        false
    };
    if let Some(refused) = bombing_33_refusal(ctx, pos, m, raids, errors) {
        return refused;
    }
    // 32.5: a hunt searches from its hex and supports no battle.
    if let (MissionKind::Hunt, Some(b)) = (m.kind.value, &m.battle) {
        return fail(
            "a hunt searches from its hex and supports no battle".into(),
            b.span.clone(),
            errors,
        );
    }
    // 32.4: an escort's target was checked against the bombing missions.
    if matches!(m.kind.value, MissionKind::Escort | MissionKind::Hunt) {
        return match &m.battle {
            Some(b) => fail(
                "an escort flies with the bombers over its hex and supports no battle".into(),
                b.span.clone(),
                errors,
            ),
            None => true,
        };
    }
    if m.kind.value == MissionKind::Strategic {
        let city = crate::minor::bombard::open_city(ctx.rules, ctx.minors, ctx.side, m.to.value);
        let why = refusal(
            (pos, ctx.side, city.is_some()),
            m.to.value,
            raids,
            ctx.barraged,
        );
        if let Some(b) = &m.battle {
            return fail(
                "a strategic mission bombs on the BBT and supports no battle".into(),
                b.span.clone(),
                errors,
            );
        }
        return match why {
            Some(why) => {
                errors.push(OrderError::new(
                    Problem::NoStrategicTarget {
                        hex: m.to.value,
                        why,
                    },
                    Some(m.to.span.clone()),
                    cite!("30.42"),
                ));
                false
            }
            None => true,
        };
    }
    let Some(b) = &m.battle else {
        return fail(
            "name the [[attack]] it supports with `battle`".into(),
            m.kind.span.clone(),
            errors,
        );
    };
    match ctx.attacks.iter().find(|a| a.id.value == b.value) {
        None => fail(
            format!("there is no battle `{}`", b.value),
            b.span.clone(),
            errors,
        ),
        Some(a) if !a.targets.iter().any(|t| t.value == m.to.value) => fail(
            format!("battle {} does not attack {}", b.value, m.to.value),
            m.to.span.clone(),
            errors,
        ),
        Some(_) => true,
    }
}

/// 30.5-30.6, 30.8: one bomber's flight out and back, or why it may not fly it.
fn bomber_plan(
    ctx: &Context,
    pos: &Position,
    m: &Mission,
    f: &Flyer,
    errors: &mut Vec<OrderError>,
) -> Option<Landing> {
    let unit = &f.id;
    if ctx.engaged_at_start.contains(&unit.value) {
        let problem = Problem::BaseInEnemyZoc {
            unit: unit.value.clone(),
            hex: f.base,
        };
        errors.push(
            OrderError::new(problem, Some(unit.span.clone()), cite!("30.6")).unit(&unit.value),
        );
        return None;
    }
    if ctx.unsupplied.contains(&unit.value) {
        let problem = Problem::CannotFlyMission {
            unit: unit.value.clone(),
            why: "it began the player-turn unable to trace a route to combat supply; it may change base".into(),
        };
        errors.push(
            OrderError::new(problem, Some(unit.span.clone()), cite!("30.2")).unit(&unit.value),
        );
        return None;
    }
    let range = f.counter.movement;
    let distance = f.base.distance(m.to.value);
    if distance > range {
        let problem = Problem::OutOfRange {
            unit: unit.value.clone(),
            from: f.base,
            to: m.to.value,
            distance,
            range,
        };
        errors.push(
            OrderError::new(problem, Some(m.to.span.clone()), cite!("30.5")).unit(&unit.value),
        );
        return None;
    }
    let doubled = bombing::doubles(&f.counter, f.base, &battle_targets(ctx, m));
    let reach = match (doubled, f.counter.half_range()) {
        (true, Some(half)) => half,
        _ => range,
    };
    let land = m
        .land
        .clone()
        .unwrap_or_else(|| Located::new(f.base, unit.span.clone()));
    let from_target = m.to.value.distance(land.value);
    let at_sea = super::carrier::lands_at_sea(ctx.rules, f.zone, land.value);
    let why = if let Err(why) = at_sea.clone() {
        Some(why)
    } else if suicide_allowed(ctx.rules) {
        None
    } else if from_target > reach {
        Some(if doubled {
            format!("it is {from_target} hexes from {}: bombing at double strength it lands at less than half range, {reach} hexes at most (30.8)", m.to.value)
        } else {
            format!(
                "it is {from_target} hexes from {}, beyond its range of {reach} (30.5)",
                m.to.value
            )
        })
    } else if at_sea == Ok(true) {
        None
    } else {
        not_a_base(ctx.rules, pos, ctx.held, ctx.side, land.value)
            .filter(|_| !may_be_freed(ctx, pos, land.value))
    };
    if let Some(why) = why {
        let rule = if at_sea.is_err() {
            cite!("30.3")
        } else if doubled && from_target > reach {
            cite!("30.8")
        } else {
            cite!("30.5")
        };
        errors.push(no_landing(unit, land.value, why, land.span.clone(), rule));
        return None;
    }
    Some(Landing {
        base: land.value,
        from: f.base,
        over: m.to.value,
        reach,
        zone: f.zone.filter(|_| at_sea == Ok(true)),
    })
}

/// 30.5, reading `suicide-missions-30-5=allowed`: the landing is not checked with the
/// orders; bombers with no base to land at after combat are eliminated.
fn suicide_allowed(rules: &Rules) -> bool {
    rules.ruleset.readings.suicide_missions == crate::readings::SuicideMissions::Allowed
}

/// 003 30.5-30.6: a base not friendly now may still be landed at if there is "any
/// chance at all" it will be after combat: a city of the mover's home country, or
/// held at the start of the player-turn, with no enemy unit in it, every enemy unit
/// whose ZOC covers it attacked in a declared battle.
fn may_be_freed(ctx: &Context, pos: &Position, hex: Hex) -> bool {
    let board = &ctx.rules.board;
    let ours = board.home_of(hex) == Some(ctx.side) || ctx.held.get(&hex) == Some(&ctx.side);
    let enemy = ctx.side.other();
    let attacked: BTreeSet<Hex> = ctx
        .attacks
        .iter()
        .flat_map(|a| a.targets.iter().map(|t| t.value))
        .collect();
    let threats: Vec<Hex> = hex
        .neighbours()
        .filter(|h| pos.at(*h).any(|p| p.side == enemy && !p.kind.is_air()))
        .collect();
    ours && board.is_city(hex)
        && pos.side_at(hex) != Some(enemy)
        && threats.iter().all(|h| attacked.contains(h))
}

/// 30.2, 003 30.5: after every mission, no base is to hold more aircraft than it may:
/// those staying, those that changed base, those that will land there.
fn check_room(
    ctx: &Context,
    pos: &Position,
    landing: &BTreeMap<UnitId, Landing>,
    arrivals: &BTreeMap<Hex, Range<usize>>,
    errors: &mut Vec<OrderError>,
) {
    let aloft: BTreeSet<UnitId> = landing.keys().cloned().collect();
    for (hex, span) in arrivals {
        let staying = air_halves_at(pos, ctx.side, *hex, &aloft);
        let coming: u32 = landing
            .iter()
            .filter(|(_, l)| l.base == *hex)
            .filter_map(|(id, _)| pos.get(id))
            .map(Position::halves_of)
            .sum();
        let halves = staying + coming;
        if !base_fits(ctx.rules, halves) {
            errors.push(OrderError::new(
                Problem::AirOverstacked {
                    hex: *hex,
                    count: halves_text(halves),
                },
                Some(span.clone()),
                cite!("30.2"),
            ));
        }
    }
}

/// 003 19.3 & 30.3: landing back at sea after combat is a time the limits at sea are
/// applied: the aircraft left in the At Sea Boxes and those landing back in them fit
/// the 30.3 limit. Reported at the last mission that lands at sea. Not checked with
/// the orders under `suicide-missions-30-5=allowed` (30.5: an aircraft finding no
/// room lands at a city within reach, or is eliminated).
fn check_carriers_landing(
    ctx: &Context,
    pos: &Position,
    missions: &[Mission],
    landing: &BTreeMap<UnitId, Landing>,
    errors: &mut Vec<OrderError>,
) {
    if suicide_allowed(ctx.rules) {
        return;
    }
    let mut total = super::carrier::halves_at_sea(pos, ctx.side);
    let mut last = None;
    for m in missions {
        for u in &m.units {
            if landing.get(&u.value).is_none_or(|l| l.zone.is_none()) {
                continue;
            }
            total += ctx
                .rules
                .counters
                .get(&u.value)
                .map_or(0, Counter::stack_halves);
            let at = m.land.as_ref().or(m.from.as_ref());
            last = Some(at.map_or(u.span.clone(), |h| h.span.clone()));
        }
    }
    if super::carrier::fits_at_sea(ctx.rules, total) {
        return;
    }
    let limit = ctx.rules.ruleset.tournament_figures.air.carrier_halves;
    let problem = Problem::TooManyCarriers {
        side: ctx.side,
        count: super::carrier::units_words(total),
        limit: super::carrier::units_words(limit),
    };
    errors.push(OrderError::new(problem, last, cite!("003 19.3")));
}

/// 30.41 with 003 30.41: a battle may have no more factors of bombers than of ground
/// units, compared after halving and doubling.
fn check_air_against_ground(
    ctx: &Context,
    pos: &Position,
    support: &BTreeMap<String, Vec<UnitId>>,
    missions: &[Mission],
    errors: &mut Vec<OrderError>,
) {
    for (battle, bombers) in support {
        let Some(a) = ctx.attacks.iter().find(|a| &a.id.value == battle) else {
            continue;
        };
        let ground: Vec<UnitId> = a.units.iter().map(|u| u.value.clone()).collect();
        let targets: Vec<Hex> = a.targets.iter().map(|t| t.value).collect();
        let (g, air) = if bombing::printed_factors(ctx.rules) {
            (
                bombing::printed_attack(ctx.rules, pos, &ground),
                bombing::printed_attack(ctx.rules, pos, bombers),
            )
        } else {
            let air: crate::odds::Factor = bombers
                .iter()
                .filter_map(|b| bombing::tactical_factor(ctx.rules, pos, b, &targets))
                .sum();
            (
                battle_strength(ctx.rules, pos, &ground, &targets).attack,
                air,
            )
        };
        if air > g {
            let span = missions
                .iter()
                .filter_map(|m| m.battle.as_ref())
                .find(|b| &b.value == battle)
                .map(|b| b.span.clone());
            errors.push(OrderError::new(
                Problem::AirOutnumbersGround {
                    battle: battle.clone(),
                    air: air.to_string(),
                    ground: g.to_string(),
                },
                span,
                cite!("30.41"),
            ));
        }
    }
}

/// 30.5: after all combat, every bomber still in the air lands: at the base its
/// mission named if that is still a friendly base with room, else at the base it flew
/// from, else at the nearest friendly base with room within its reach of the target;
/// with none, it is eliminated ("excess air units are eliminated").
pub fn land_all(
    rules: &Rules,
    pos: &mut Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    landing: &BTreeMap<UnitId, Landing>,
) -> Vec<Event> {
    let mut aloft: BTreeSet<UnitId> = landing
        .keys()
        .filter(|id| pos.is_aloft(id))
        .cloned()
        .collect();
    let mut events = Vec::new();
    for (id, l) in landing {
        // 26.2: a substitute that took the id of a bomber lost in the air is at its
        // base, not in the air: only what is still aloft lands.
        let Some(piece) = pos.get(id).filter(|_| pos.is_aloft(id)).cloned() else {
            continue;
        };
        // 003 32.5: a hunter switched to patrol stays in the air over its search hex.
        if pos.patrol_of(id).is_some() {
            aloft.remove(id);
            continue;
        }
        if let Some(e) = super::carrier::land_at_sea(rules, pos, id, l) {
            aloft.remove(id);
            events.push(e);
            continue;
        }
        let weight = Position::halves_of(&piece);
        // 49.3: an airfield is a base as a city is.
        let near = super::base::bases_within(rules, pos, l.over, l.reach);
        let choices = [l.base, l.from].into_iter().chain(near);
        let fits = |pos: &Position, aloft: &BTreeSet<UnitId>, h: Hex| {
            not_a_base(rules, pos, held, side, h).is_none()
                && base_fits(rules, air_halves_at(pos, side, h, aloft) + weight)
        };
        let chosen = choices
            .into_iter()
            .find(|h| h.distance(l.over) <= l.reach && fits(pos, &aloft, *h));
        aloft.remove(id);
        match chosen {
            Some(h) => {
                pos.move_to(id, h);
                pos.set_aloft(id, false);
                let note = (h != l.base).then(|| {
                    if let Some(z) = l.zone {
                        format!("the aircraft at sea leave no room in the At Sea Box of zone {z} (30.3, 003 19.3)")
                    } else if l.base.distance(l.over) > l.reach {
                        format!(
                            "{} is beyond its reach of {} hexes from {}",
                            l.base, l.reach, l.over
                        )
                    } else {
                        format!("{} is no friendly base with room now", l.base)
                    }
                });
                events.push(Event::Air(AirEvent::Landed {
                    unit: id.clone(),
                    hex: h,
                    note,
                    rule: Rule::para(para!("30.5")),
                }));
            }
            None => {
                pos.remove(id);
                events.push(Event::Eliminated {
                    unit: id.clone(),
                    hex: piece.hex,
                    cause: "no friendly base with room within reach to land at".into(),
                    rule: Rule::para(para!("30.5")),
                });
            }
        }
    }
    events
}

/// 30.41: a bomber flying in support of a battle may be named in the battle's `lose`
/// (the order its units give up factors in): the battle check, which knows only the
/// ground units, is answered here.
pub fn may_name_in_lose(support: &BTreeMap<String, Vec<UnitId>>, e: &OrderError) -> bool {
    match &e.problem {
        Problem::NotInBattle { unit, battle, what } => {
            what == "lose" && support.get(battle).is_some_and(|b| b.contains(unit))
        }
        // Any other problem stands: only a name in `lose` is answered here.
        _ => false,
    }
}

/// 14.7 with 30.41 ("Bomber factors are simply added to the total attack factors"):
/// whether a battle refused for odds worse than 1-6 on its ground units alone makes
/// legal odds with the bombers flying in its support (the battle check, which knows
/// only the ground units, is answered here).
pub fn odds_made_with_bombers(
    rules: &Rules,
    pos: &Position,
    attacks: &[Attack],
    missions: &[Mission],
    e: &OrderError,
) -> bool {
    if !matches!(e.problem, Problem::OddsTooLow { .. }) {
        return false;
    }
    let Some(a) = attacks.iter().find(|a| Some(&a.id.span) == e.span.as_ref()) else {
        return false;
    };
    let with = with_support(a, missions);
    if with.units.len() == a.units.len() {
        return false;
    }
    let s = crate::combat::strength(rules, pos, &with);
    crate::combat::legal_odds(s.attack, s.defence)
}

/// 30.41: an attack with the bombers of the tactical missions that name it among its
/// units, as it will be fought (for a preview of its odds).
pub fn with_support(a: &Attack, missions: &[Mission]) -> Attack {
    let mut out = a.clone();
    let bombers = missions
        .iter()
        .filter(|m| m.kind.value == MissionKind::Tactical)
        .filter(|m| m.battle.as_ref().is_some_and(|b| b.value == a.id.value))
        .flat_map(|m| m.units.iter().cloned());
    out.units.extend(bombers);
    out
}

/// 32.7, 33.7, 30.6: a patrol or patrol/interdiction mission: each aircraft began the
/// player-turn at a base free of enemy ZOC (30.6) and flies to its patrol hex within its
/// range and 32.73's 24 hexes out and back; it stays in the air over the hex (it lands
/// at the end of the opponent's player-turn, 32.75, so it is not among the landings).
fn patrol_mission(
    ctx: &Context,
    pos: &mut Position,
    m: &Mission,
    flyers: &[Flyer],
    out: &mut Flights,
) -> Option<(Hex, Range<usize>)> {
    let mut ok = true;
    let extra = [
        m.battle.as_ref().map(|b| b.span.clone()),
        m.land.as_ref().map(|l| l.span.clone()),
        m.via.first().map(|v| v.span.clone()),
    ];
    if let (Some(span), Some(first)) = (extra.into_iter().flatten().next(), flyers.first()) {
        ok = false;
        out.errors.push(shape_error(
            first,
            "a patrol flies to its patrol hex and names no battle, landing base or staging city (32.7)",
            span,
        ));
    }
    for f in flyers {
        if ctx.engaged_at_start.contains(&f.id.value) {
            ok = false;
            let problem = Problem::BaseInEnemyZoc {
                unit: f.id.value.clone(),
                hex: f.base,
            };
            out.errors.push(
                OrderError::new(problem, Some(f.id.span.clone()), cite!("30.6")).unit(&f.id.value),
            );
        }
    }
    // 32.7: the patrol hex is a hex of the board.
    if let (false, Some(first)) = (ctx.rules.board.contains(m.to.value), flyers.first()) {
        ok = false;
        let why = format!("its patrol hex {} is not on the board", m.to.value);
        out.errors.push(shape_error(first, &why, m.to.span.clone()));
    }
    if !ok {
        return None;
    }
    let mut sent = Vec::new();
    for f in flyers {
        let all = ctx.rules.ruleset.tournament_figures.air_combat.patrol_hexes;
        match crate::air_combat::patrol::check(
            (&f.id, &f.counter, f.base),
            m.kind.value,
            &m.to,
            all,
        ) {
            Ok(p) => sent.push((f, p)),
            Err(e) => out.errors.push(*e),
        }
    }
    if sent.len() < flyers.len() {
        return None;
    }
    for (f, p) in sent {
        let flew = crate::air_combat::patrol::take_off(pos, &f.id.value, f.base, p);
        out.events.push(flew);
    }
    crate::air_combat::interdiction::refresh(ctx.rules, pos);
    // 003 33.7: the ZOC of the patrol/interdiction over the hex, as it stands.
    if m.kind.value == MissionKind::Interdiction {
        let over = Some(m.to.value);
        let told = crate::air_combat::interdiction::told(ctx.rules, pos, ctx.side, over);
        out.events.extend(told);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 30.41: the preview of a battle counts the bombers of the tactical missions that
    /// name it, and only those.
    #[test]
    fn a_battle_is_previewed_with_its_bombers_30_41() {
        let toml = r#"
game = "g"
side = "blue"
turn = 1
state = "s"

[[attack]]
id = "A1"
unit = "B-3IN"
target = "J10"

[[mission]]
units = ["B-1TAC"]
kind = "tactical"
to = "J10"
battle = "A1"

[[mission]]
units = ["B-1SAC"]
kind = "strategic"
to = "J10"

[[mission]]
units = ["B-2TAC"]
kind = "tactical"
to = "K12"
battle = "A2"
"#;
        let orders = crate::orders::parse(toml).unwrap();
        let a = with_support(&orders.attacks[0], &orders.missions);
        let names: Vec<&str> = a.units.iter().map(|u| u.value.as_str()).collect();
        assert_eq!(names, ["B-3IN", "B-1TAC"]);
    }
}
