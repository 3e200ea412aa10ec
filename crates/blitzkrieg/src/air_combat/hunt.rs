//! 32.5-32.53: hunt missions. Fighters fly to a search hex next to the hex they mean
//! to attack; interceptors meet them at normal strength and they fire back 1 for 1
//! (32.52); those not intercepted attack the interceptors that survive over a hex next
//! to their search hex (32.51), or strafe the airbase their file names (32.6,
//! [`super::strafe`]). What they do after the defender's answer is decided in the
//! mover's own file (`strafe`, `fire_excess`, and `then_patrol`: those that have not
//! fired patrol their search hex after combat, 003 32.5), so a player-turn needs no
//! third mail.

use super::intercept::Roll;
use crate::air::{AirEvent, Mission, MissionKind};
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::model::air::AirFire;
pub use crate::model::flight::Hunt;
use crate::model::flight::{Flight, Interception};
use crate::odds::Factor;
use crate::orders::{Located, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::UnitId;
use std::collections::{BTreeMap, BTreeSet};

/// 32.5, 32.6: a mission's hunt fields checked against its kind and the other
/// missions: `strafe`, `fire_excess` and `then_patrol` only on a hunt (B323); hunters
/// not over a hex friendly bombers fly to, where they would be escorts (B322); the
/// airbase strafed next to the search hex (B324).
pub fn refusal(m: &Mission, missions: &[Mission]) -> Option<OrderError> {
    if m.kind.value != MissionKind::Hunt {
        let field = match (&m.strafe, &m.fire_excess, &m.then_patrol) {
            (Some(s), _, _) => Some(("strafe", s.span.clone())),
            (None, Some(f), _) => Some(("fire_excess", f.span.clone())),
            (None, None, Some(t)) => Some(("then_patrol", t.span.clone())),
            (None, None, None) => None,
        };
        return field.map(|(field, span)| {
            OrderError::new(
                Problem::HuntFieldOnOtherMission {
                    field: field.into(),
                },
                Some(span),
                cite!("32.5"),
            )
        });
    }
    // 32.5: "Hunt fighters may not be placed in a hex containing friendly bombers in
    // the air, or they would automatically be considered escorts."
    let bombed = missions.iter().any(|o| {
        o.kind.value.is_combat()
            && !matches!(o.kind.value, MissionKind::Escort | MissionKind::Hunt)
            && o.to.value == m.to.value
    });
    if bombed {
        return Some(OrderError::new(
            Problem::HuntOverBombers { hex: m.to.value },
            Some(m.to.span.clone()),
            cite!("32.5"),
        ));
    }
    let strafe = m.strafe.as_ref()?;
    (strafe.value.distance(m.to.value) != 1).then(|| {
        OrderError::new(
            Problem::StrafeNotNextToSearch {
                hex: strafe.value,
                search: m.to.value,
            },
            Some(strafe.span.clone()),
            cite!("32.6"),
        )
    })
}

/// 32.53: a hunter's flight within 24 MF: `flown` hexes to its search hex, one hex on
/// to whatever it attacks or strafes and back from there to `land`. The mover cannot
/// know which hex next to the search hex that will be when he writes the mission, so
/// the umpire counts the farthest from `land` (one more than the search hex): a hunt
/// is refused unless it can attack any of them (a reading where 32.53 is silent on
/// when the count is made).
pub fn too_far(
    (m, unit): (&Mission, &Located<UnitId>),
    flown: u32,
    land: Hex,
    limit: u32,
) -> Option<OrderError> {
    let back = m.to.value.distance(land) + 1;
    let total = flown + 1 + back;
    (total > limit).then(|| {
        OrderError::new(
            Problem::HuntTooFar {
                unit: unit.value.clone(),
                flown,
                back,
                limit,
            },
            Some(m.to.span.clone()),
            cite!("32.53"),
        )
        .unit(&unit.value)
    })
}

/// 32.5: a hunt mission as the stopped player-turn keeps it, with its follow-ups.
pub fn plan(m: &Mission, units: Vec<UnitId>) -> Hunt {
    Hunt {
        units,
        strafe: m.strafe.as_ref().map(|s| s.value),
        fire_excess: m.fire_excess.as_ref().is_some_and(|f| f.value),
        then_patrol: m.then_patrol.as_ref().is_some_and(|t| t.value),
    }
}

/// 32.52: the hunters of an intercepted flight that fire back: hunt by hunt in the
/// order written, as many as match the interceptors' factors "1 for 1" (the last one
/// taken may bring more); the rest are held back, unless their hunt says
/// `fire_excess`. Returns those that fire and those held back.
pub fn one_for_one(
    rules: &Rules,
    flight: &Flight,
    interceptors: u32,
) -> (Vec<UnitId>, Vec<UnitId>) {
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let mut fire = Vec::new();
    let mut held = Vec::new();
    let mut matched = 0;
    for h in &flight.hunts {
        for u in &h.units {
            if matched < interceptors || h.fire_excess {
                matched += attack(u);
                fire.push(u.clone());
            } else {
                held.push(u.clone());
            }
        }
    }
    (fire, held)
}

fn names(u: &[UnitId]) -> String {
    u.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One fire on the ACT: `factors` on the roll `id`, as the report's [`AirFire`].
pub(crate) fn fire_on_act(
    (hex, fire, factors): (Hex, String, u32),
    id: &str,
    tables: &dyn CombatTables,
    roll: &mut Roll,
    rule: Rule,
) -> Result<AirFire, String> {
    let (drawn, shown) = roll(id, None)?;
    let cell = tables
        .act(Factor::from(factors), drawn)
        .map_err(|e| e.to_string())?;
    Ok(AirFire {
        hex,
        fire,
        factors: Factor::from(factors),
        roll: shown,
        table: format!("{}: {}", cell.cite, cell.printed),
        lost: cell.result.factors,
        rule,
    })
}

/// `units` sorted for losses: the fewest factors first.
pub(crate) fn fewest_first(rules: &Rules, units: &[UnitId]) -> Vec<UnitId> {
    let mut out = units.to_vec();
    out.sort_by_key(|id| (rules.counters.get(id).map_or(0, |c| c.attack), id.clone()));
    out
}

/// 32.32, 32.52: interceptors meet hunters over their search hex: both fire at normal
/// strength, at the same time (003 32.32); the hunters 1 for 1 ([`one_for_one`]).
/// Rolls `intercept-HEX` (the interceptors), `hunters-HEX` (the hunters). The
/// hunters' losses come from those that fired, then from those held back, the fewest
/// factors first in each (003 32.31: the owner chooses; the umpire keeps the held-back
/// hunters for their strafe). Returns the events and the hunters that fired.
pub fn met(
    rules: &Rules,
    pos: &mut Position,
    (flight, i): (&Flight, &Interception),
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let times = rules.ruleset.tournament_figures.air_combat.hunter_times;
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let theirs: u32 = i.fighters.iter().map(attack).sum();
    let (fire, held) = one_for_one(rules, flight, theirs);
    let hex = flight.hex;
    // 47.1 ('85): the hunters beyond 8 hexes of their base at half.
    let (ours, far) = super::fighters85::fire_beyond(rules, pos, (&fire, hex), 1);
    let first = fire_on_act(
        (
            hex,
            format!(
                "{} intercepting hunters at normal strength",
                names(&i.fighters)
            ),
            theirs * times,
        ),
        &format!("intercept-{hex}"),
        tables,
        roll,
        Rule::para(para!("32.32")),
    )?;
    let mut what = format!(
        "hunters {} firing back at normal strength{far}",
        names(&fire)
    );
    if !held.is_empty() {
        what.push_str(&format!(", {} held back", names(&held)));
    }
    let back = fire_on_act(
        (hex, what, ours),
        &format!("hunters-{hex}"),
        tables,
        roll,
        Rule::para(para!("32.52")),
    )?;
    let (hit_hunters, hit_interceptors) = (first.lost, back.lost);
    let mut events = vec![
        Event::Air(AirEvent::AirCombat(first)),
        Event::Air(AirEvent::AirCombat(back)),
    ];
    let mut order = fewest_first(rules, &fire);
    order.extend(fewest_first(rules, &held));
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        order,
        hit_hunters,
        "the interception",
        &Rule::para(para!("32.32")),
    ));
    for f in &i.fighters {
        pos.set_aloft(f, true);
    }
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        fewest_first(rules, &i.fighters),
        hit_interceptors,
        "the hunters' fire",
        &Rule::para(para!("32.52")),
    ));
    Ok(events)
}

/// 003's sequence, "Hunting": after the interceptions, the mover's hunters that have
/// not fired, in the order of their search hexes: those whose search hex is next to a
/// hex where interceptors met bombers, or to an airbase the defender strafed, and
/// survive there attack them at normal
/// strength, and the interceptors do not fire back (32.51; roll `hunt-HEX`, HEX the
/// interceptors' hex, every hunter next to it attacking together, the first such hex
/// in hex order); the others strafe the airbase their hunt names (32.6,
/// [`super::strafe::strafe`]). Hunters held back 1 for 1 (32.52) only strafe.
pub fn hunting(
    rules: &Rules,
    pos: &mut Position,
    (flights, interceptions, strafes): (&[Flight], &[Interception], &[Interception]),
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    // Who fired or was held back when met (32.52), and the interceptors of bombers.
    let mut fired: BTreeSet<UnitId> = BTreeSet::new();
    let mut held: BTreeSet<UnitId> = BTreeSet::new();
    let mut over_bombers: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    for i in interceptions {
        let Some(f) = flights.iter().find(|f| f.hex == i.hex) else {
            continue;
        };
        if f.hunts.is_empty() {
            over_bombers.insert(i.hex, i.fighters.clone());
            continue;
        }
        let theirs: u32 = i.fighters.iter().map(attack).sum();
        let (fire, back) = one_for_one(rules, f, theirs);
        fired.extend(fire);
        held.extend(back);
    }
    // 32.51: "or adjacent airbases are strafed": the defender's strafers too.
    for s in strafes {
        over_bombers
            .entry(s.hex)
            .or_default()
            .extend(s.fighters.iter().cloned());
    }
    let alive = |pos: &Position, u: &UnitId| pos.get(u).is_some();
    let mut attacks: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    let mut strafes: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    for f in flights {
        for h in &f.hunts {
            for u in h
                .units
                .iter()
                .filter(|u| alive(pos, u) && !fired.contains(*u))
            {
                let target = over_bombers
                    .iter()
                    .filter(|(hex, _)| hex.distance(f.hex) == 1)
                    .find(|(_, fighters)| fighters.iter().any(|x| alive(pos, x)))
                    .map(|(hex, _)| *hex);
                match target {
                    Some(t) if !held.contains(u) => attacks.entry(t).or_default().push(u.clone()),
                    _ => {
                        if let Some(s) = h.strafe {
                            strafes.entry(s).or_default().push(u.clone());
                        }
                    }
                }
            }
        }
    }
    let mut events = Vec::new();
    // 003 32.5: who fired, whatever at.
    let mut fired_any: BTreeSet<UnitId> = fired;
    fired_any.extend(attacks.values().flatten().cloned());
    for (hex, hunters) in attacks {
        let targets: Vec<UnitId> = over_bombers
            .get(&hex)
            .map(|f| f.iter().filter(|x| alive(pos, x)).cloned().collect())
            .unwrap_or_default();
        // 47.1 ('85): the hunters beyond 8 hexes of their base at half.
        let (ours, far) = super::fighters85::fire_beyond(rules, pos, (&hunters, hex), 1);
        let fire = fire_on_act(
            (
                hex,
                format!(
                    "hunters {} attacking the interceptors {} at normal strength{far}",
                    names(&hunters),
                    names(&targets)
                ),
                ours,
            ),
            &format!("hunt-{hex}"),
            tables,
            roll,
            Rule::para(para!("32.51")),
        )?;
        let lost = fire.lost;
        events.push(Event::Air(AirEvent::AirCombat(fire)));
        events.extend(crate::bombing::take_factors(
            rules,
            pos,
            hex,
            fewest_first(rules, &targets),
            lost,
            "the hunters' attack",
            &Rule::para(para!("32.51")),
        ));
    }
    for (hex, strafers) in strafes {
        let Some(mover) = strafers
            .first()
            .and_then(|u| rules.counters.get(u))
            .map(|c| c.side)
        else {
            continue;
        };
        let strafed = super::strafe::strafe(rules, pos, (mover, hex, &strafers), tables, roll)?;
        if !strafed.is_empty() {
            fired_any.extend(strafers.iter().cloned());
        }
        events.extend(strafed);
    }
    events.extend(switch_to_patrol(pos, flights, &fired_any));
    Ok(events)
}

/// 003 32.5, 32.7 (000 32.52: held back "for possible strafe or patrol missions"): after
/// combat, the hunters of a hunt written `then_patrol = true` that have not fired (at
/// interceptors, at the interceptors they hunted or at an airbase) and survive patrol
/// their search hex instead of returning to base: a patrol mission (never
/// patrol/interdiction), kept in the air through the opponent's player-turn and landing
/// at its end (32.75). This is how the mover announces patrollers late (003 32.7); the
/// search hex is within 12 hexes of the base, as any patrol hex (checked with the
/// orders, B328).
pub fn switch_to_patrol(
    pos: &mut Position,
    flights: &[Flight],
    fired: &BTreeSet<UnitId>,
) -> Vec<Event> {
    let mut events = Vec::new();
    for f in flights {
        for h in f.hunts.iter().filter(|h| h.then_patrol) {
            for u in h.units.iter().filter(|u| !fired.contains(*u)) {
                if pos.get(u).is_none() {
                    continue;
                }
                let patrol = crate::model::flight::Patrol {
                    hex: f.hex,
                    kind: crate::model::flight::PatrolKind::Patrol,
                };
                pos.set_aloft(u, true);
                pos.set_patrol(u, Some(patrol));
                events.push(Event::Note {
                    text: format!(
                        "hunter {u} has not fired and patrols {} instead of returning to base",
                        f.hex
                    ),
                    rule: Rule::para(para!("32.52")).and(Ref::Reading("32.5".into())),
                });
            }
        }
    }
    events
}
