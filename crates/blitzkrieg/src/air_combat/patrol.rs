//! 32.7-32.75: patrol. Fighters sent to a patrol hex in their own player-turn
//! (`kind = "patrol"`) stay in the air through the opponent's player-turn (kept in the
//! state's `patrols`, written only when there are some), give a patrol ZOC that starts
//! the intercept range of the enemy's flights (32.31 (B)), may intercept from their
//! patrol hex within 24 hexes in all (32.73), and return to base at the end of the
//! opponent's player-turn (32.75). The defender may intercept them in the player-turn
//! they are sent, at normal strength (32.32, 32.72), as 003's sequence of play has it.
//! Patrol/interdiction (33.7) is [`super::interdiction`]'s.

use crate::air::{AirEvent, MissionKind};
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::odds::Factor;
use crate::orders::{Located, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Counter, Side, UnitId, UnitKind};

pub use crate::model::flight::{Patrol, PatrolKind};

/// The patrol kind of a mission kind (`None` for any other mission).
pub fn kind_of(kind: MissionKind) -> Option<PatrolKind> {
    match kind {
        MissionKind::Patrol => Some(PatrolKind::Patrol),
        MissionKind::Interdiction => Some(PatrolKind::Interdiction),
        _ => None,
    }
}

/// The rule of a patrol's mission.
pub fn rule_of(kind: PatrolKind) -> Rule {
    match kind {
        PatrolKind::Patrol => Rule::para(para!("32.7")),
        PatrolKind::Interdiction => Rule::para(para!("33.7")),
    }
}

/// 32.7, 33.7: why a unit of `kind` may not fly a patrol mission of `mission`'s kind:
/// only fighters patrol, only TAC and fighters patrol/interdict (33.7 asks for rule 33
/// too). `None` for any other mission.
pub fn wrong_type(
    ruleset: &crate::ruleset::Ruleset,
    kind: UnitKind,
    mission: MissionKind,
) -> Option<(&'static str, crate::cite::Cite)> {
    match (mission, kind) {
        (MissionKind::Patrol, UnitKind::Ftr) => None,
        (MissionKind::Patrol, _) => Some(("only fighters patrol (32.7)", cite!("32.7"))),
        (MissionKind::Interdiction, UnitKind::Ftr | UnitKind::Tac)
            if ruleset.plays(crate::ruleset::OptionalRule::BombingMissions) =>
        {
            None
        }
        (MissionKind::Interdiction, UnitKind::Ftr | UnitKind::Tac) => Some((
            "patrol/interdiction is a mission of optional rule 33 (33.7)",
            cite!("33.7"),
        )),
        (MissionKind::Interdiction, _) => Some((
            "only TAC and fighters fly patrol/interdiction (33.7)",
            cite!("33.7"),
        )),
        _ => None,
    }
}

/// 003 32.7: "Red may not place patrollers or patrol/interdictors in the air during
/// initial deployment (before Turn 1)": a set-up file's `[[mission]]` of patrol or
/// patrol/interdiction refused (B370), of either side.
pub fn at_set_up(orders: &crate::orders::Orders) -> Vec<OrderError> {
    orders
        .missions
        .iter()
        .filter(|m| kind_of(m.kind.value).is_some())
        .map(|m| {
            let problem = Problem::PatrolAtSetUp {
                kind: m.kind.value.to_string(),
            };
            OrderError::new(problem, Some(m.kind.span.clone()), cite!("003 32.7"))
        })
        .collect()
}

/// 32.7, 32.73, 30.5: the patrol of one aircraft sent from `base` to `to`, or why it
/// may not fly it: the hex within its range, and within 24 hexes out and back (B328).
pub fn check(
    (unit, counter, base): (&Located<UnitId>, &Counter, Hex),
    kind: MissionKind,
    to: &Located<Hex>,
    all: u32,
) -> Result<Patrol, Box<OrderError>> {
    let patrol = kind_of(kind).unwrap_or(PatrolKind::Patrol);
    let out = base.distance(to.value);
    if out > counter.movement.min(all / 2) {
        let problem = Problem::PatrolTooFar {
            unit: unit.value.clone(),
            hex: to.value,
            hexes: 2 * out,
            range: counter.movement,
        };
        return Err(Box::new(
            OrderError::new(problem, Some(to.span.clone()), cite!("32.73")).unit(&unit.value),
        ));
    }
    Ok(Patrol {
        hex: to.value,
        kind: patrol,
    })
}

/// 32.7: the aircraft takes to the air over its base and is kept on patrol over the
/// patrol hex.
pub fn take_off(pos: &mut Position, unit: &UnitId, base: Hex, patrol: Patrol) -> Event {
    pos.set_aloft(unit, true);
    pos.set_patrol(unit, Some(patrol));
    Event::Air(AirEvent::Flew {
        unit: unit.clone(),
        kind: match patrol.kind {
            PatrolKind::Patrol => MissionKind::Patrol,
            PatrolKind::Interdiction => MissionKind::Interdiction,
        },
        from: base,
        to: patrol.hex,
        battle: None,
        doubled: false,
        rule: rule_of(patrol.kind),
        route: Vec::new(),
    })
}

/// 32.71, 003 33.7: whether `hex` lies in the patrol ZOC of `side`'s aircraft on patrol
/// or patrol/interdiction (the patrol hex and the six around it): the trigger (B) of
/// the intercept range (32.31).
pub fn in_patrol_zoc(pos: &Position, side: Side, hex: Hex) -> bool {
    pos.patrols().iter().any(|(id, p)| {
        p.hex.distance(hex) <= 1 && pos.get(id).is_some_and(|piece| piece.side == side)
    })
}

/// 32.7, 32.73: the hexes a patroller would fly from its base over its patrol hex to
/// intercept over `hex` and back: `None` for an aircraft not on patrol.
pub fn hexes_to_intercept(pos: &Position, unit: &UnitId, hex: Hex) -> Option<u32> {
    let p = pos.patrol_of(unit)?;
    let base = pos.hex_of(unit)?;
    Some(base.distance(p.hex) + p.hex.distance(hex) + hex.distance(base))
}

/// 32.7, 32.73: whether `unit`, on patrol, may intercept over `hex` from its patrol hex
/// within `range` hexes (the flight's intercept range and its own), flying 24 hexes in
/// all at most; `None` for an aircraft not on patrol. Fighters on patrol/interdiction
/// revert to patrol and intercept too (33.7); patrollers strafe airbases within the same
/// reach (003 32.6, [`super::strafe::reaches`]).
pub fn may_intercept(
    pos: &Position,
    unit: &UnitId,
    (hex, range): (Hex, u32),
    all: u32,
) -> Option<bool> {
    let p = pos.patrol_of(unit)?;
    let flown = hexes_to_intercept(pos, unit, hex)?;
    Some(p.hex.distance(hex) <= range && flown <= all)
}

/// 32.72, 33.7 with 003 33.7: the interceptors meet patrollers over `hex`: both fire at
/// normal strength on the ACT, with the factors of ACT combat (003 33.7: halved for
/// weather and basic industry, TAC at half, the patrollers' fractions up, never doubled
/// at short range, [`super::interdiction::act_factor`]); the patrollers match the
/// interceptors "1 for 1" on those factors (the fewest first, fighters before TAC), those that
/// fire take the losses (fewest factors first) and return to base; the others stay on
/// patrol. Rolls: `intercept-HEX`, `patrol-HEX`.
pub fn fight(
    rules: &Rules,
    pos: &mut Position,
    (hex, patrollers, interceptors, chosen): (Hex, &[UnitId], &[UnitId], &[UnitId]),
    tables: &dyn CombatTables,
    roll: &mut super::intercept::Roll,
) -> Result<Vec<Event>, String> {
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let is_tac = |id: &UnitId| {
        rules
            .counters
            .get(id)
            .is_some_and(|c| c.kind == UnitKind::Tac)
    };
    // 003 33.7: both sides count their ACT factors (halved for weather and basic
    // industry), TAC at half, never doubled at short range.
    let fires = |id: &UnitId| super::interdiction::act_factor(rules, pos, id);
    let meeting: Factor = interceptors.iter().map(fires).sum();
    let mut order: Vec<UnitId> = patrollers.to_vec();
    order.sort_by_key(|id| (is_tac(id), fires(id), id.clone()));
    // 003 33.7: the patrolling player chooses which type answers and returns.
    let order = super::losses::chosen_first(order, chosen);
    let mut matched = Vec::new();
    let mut matching = Factor::ZERO;
    for id in order {
        if matching >= meeting {
            break;
        }
        matching = matching + fires(&id);
        matched.push(id);
    }
    // 003 33.7: TAC fire at half, fractions up once (as 32.4's return fire).
    let matching = Factor::from(matching.ceil());
    let names = |u: &[UnitId]| {
        u.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut events = Vec::new();
    let figures = rules.ruleset.tournament_figures.air_combat;
    let mut lost = Vec::new();
    for (who, factors, id, rule) in [
        (
            format!(
                "{} intercepting patrollers at normal strength",
                names(interceptors)
            ),
            meeting.times(u64::from(figures.hunter_times)),
            "intercept",
            Rule::para(para!("32.32")),
        ),
        (
            format!("{} answering 1 for 1 at normal strength", names(&matched)),
            matching,
            "patrol",
            Rule::para(para!("32.72")),
        ),
    ] {
        let (drawn, shown) = roll(&format!("{id}-{hex}"), None)?;
        let cell = tables.act(factors, drawn).map_err(|e| e.to_string())?;
        lost.push(cell.result.factors);
        events.push(Event::Air(AirEvent::AirCombat(
            crate::model::air::AirFire {
                hex,
                fire: who,
                factors,
                roll: shown,
                table: format!("{}: {}", cell.cite, cell.printed),
                lost: cell.result.factors,
                rule,
            },
        )));
    }
    // 003 32.32: both fire before any loss is taken.
    let mut hit = matched.clone();
    hit.sort_by_key(|id| (attack(id), id.clone()));
    // 003 33.7: and which takes the losses.
    let hit = super::losses::chosen_first(hit, chosen);
    let mut back = interceptors.to_vec();
    back.sort_by_key(|id| (attack(id), id.clone()));
    let rule = Rule::para(para!("32.72"));
    let first = lost.first().copied().unwrap_or(0);
    let second = lost.get(1).copied().unwrap_or(0);
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        hit,
        first,
        "the interception",
        &rule,
    ));
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        back,
        second,
        "the patrollers' fire",
        &rule,
    ));
    for f in interceptors {
        pos.set_aloft(f, true);
    }
    // 32.72: the patrollers that fired return to base at once.
    for id in &matched {
        if let Some(base) = pos.hex_of(id) {
            let rule = Rule::para(para!("32.72"));
            events.push(land(pos, id, base, "it fired at the interceptors", rule));
        }
    }
    Ok(events)
}

/// Lands one aircraft off patrol at its base.
fn land(pos: &mut Position, id: &UnitId, hex: Hex, note: &str, rule: Rule) -> Event {
    pos.set_aloft(id, false);
    pos.set_patrol(id, None);
    Event::Air(AirEvent::Landed {
        unit: id.clone(),
        hex,
        note: Some(note.into()),
        rule,
    })
}

/// 003 32.75: when air operations are prevented (a gale, fog or ice), every aircraft on
/// patrol returns to base at once.
pub fn grounded_by_weather(pos: &mut Position) -> Vec<Event> {
    if !crate::weather::combat::grounds_aircraft(pos.weather()) {
        return Vec::new();
    }
    let up: Vec<(UnitId, Hex)> = pos
        .patrols()
        .keys()
        .filter_map(|id| pos.get(id))
        .map(|p| (p.id.clone(), p.hex))
        .collect();
    up.into_iter()
        .map(|(id, hex)| {
            let rule = Rule::of(Ref::Reading("32.75".into()));
            land(pos, &id, hex, "no air operations in this weather", rule)
        })
        .collect()
}

/// 32.73: the refusal of an interception by a patroller within the intercept range of
/// `flight` from its patrol hex but farther than 24 hexes in all (B329); `None`
/// otherwise.
pub fn beyond_24(
    pos: &Position,
    unit: &UnitId,
    flight: &crate::model::flight::Flight,
    span: &std::ops::Range<usize>,
    all: u32,
) -> Option<OrderError> {
    let hexes = hexes_to_intercept(pos, unit, flight.hex)?;
    (hexes > all).then(|| {
        let problem = Problem::PatrolInterceptTooFar {
            unit: unit.clone(),
            hex: flight.hex,
            hexes,
        };
        OrderError::new(problem, Some(span.clone()), cite!("32.73")).unit(unit)
    })
}

/// 32.72, 33.7: the interceptions of the flights with no bombers, only patrollers, each
/// fought by [`fight`], in hex order; then the ZOC of patrol/interdiction counted anew.
pub fn fight_all(
    rules: &Rules,
    pos: &mut Position,
    (flights, interceptions): (
        &[crate::model::flight::Flight],
        &[crate::model::flight::Interception],
    ),
    tables: &dyn CombatTables,
    roll: &mut super::intercept::Roll,
) -> Result<Vec<Event>, String> {
    let mut events = Vec::new();
    for i in interceptions {
        let Some(f) = flights.iter().find(|f| f.hex == i.hex) else {
            continue;
        };
        // Met with the bombers, hunters or air transport flying over the same hex.
        if !f.bombers.is_empty()
            || !f.hunts.is_empty()
            || !f.transported.is_empty()
            || !f.carriers.is_empty()
            || f.patrollers.is_empty()
        {
            continue;
        }
        // 003 33.7: the patrollers the owner chose to answer and take the losses.
        let what = (
            "the patrollers answer and lose",
            Rule::of(Ref::Reading("33.7".into())),
        );
        events.extend(super::losses::note(i.hex, &f.losses, what));
        events.extend(fight(
            rules,
            pos,
            (i.hex, &f.patrollers, &i.fighters, &f.losses),
            tables,
            roll,
        )?);
    }
    super::interdiction::refresh(rules, pos);
    Ok(events)
}

/// At the start of a player-turn, for the side not moving: 003 32.75, its aircraft on
/// patrol return to base when the weather prevents air operations; 003 36.22-36.24,
/// patrols count against its air mission limit again in this player-turn, and those
/// beyond it (in id order, the last first) return to base at once.
pub fn at_start(rules: &Rules, pos: &mut Position, mover: Side) -> Vec<Event> {
    if pos.patrols().is_empty() {
        return Vec::new();
    }
    let mut events = grounded_by_weather(pos);
    let side = mover.other();
    if let Some(limit) = crate::resources::shortage(rules, pos, side).and_then(|s| s.air_factors())
    {
        let mut halves = 0;
        let mut over = Vec::new();
        for id in pos.patrols().keys() {
            let Some(p) = pos.get(id).filter(|p| p.side == side) else {
                continue;
            };
            halves += crate::resources::counted_halves(rules, pos, id);
            if halves > 2 * limit {
                over.push((p.id.clone(), p.hex));
            }
        }
        for (id, hex) in over {
            let rule = Rule::of(Ref::Reading("36.22-36.24".into()));
            let note =
                format!("beyond the {limit} factors of air missions its side may fly short of oil");
            events.push(land(pos, &id, hex, &note, rule));
        }
    }
    super::interdiction::refresh(rules, pos);
    // 003 33.7: the ZOC counted with this player-turn's weather and industry.
    events.extend(super::interdiction::told(rules, pos, side, None));
    events
}
