//! 32.6: strafing. Fighters attack the enemy's aircraft on the ground at an airbase at
//! double strength on the ACT; the airbase fires back at the same time (003 32.32) with
//! anti-aircraft strength half its grounded air factors, fractions up. Built for the
//! mover's hunters that attacked no interceptor (their hunt's `strafe`, 003's
//! "Hunting") and for the defender's fighters in his answer before odds (`[[strafe]]`,
//! 32.3, 003's "Interception & Airbase Strafing"), on the ground or on patrol (003
//! 32.6), unless his side has the use of 1 basic industry city or none (36.33).

use super::hunt::{fewest_first, fire_on_act};
use super::intercept::Roll;
use super::interdiction;
use crate::air::AirEvent;
use crate::cite::{Cite, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::model::flight::Interception;
use crate::orders::{Intercept, Located, OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::BTreeSet;

/// Why a unit a `[[strafe]]` names is refused: `why` it may not strafe (B326, citing
/// the first rule), or named already in an `[[intercept]]` or `[[strafe]]` of the
/// answer (B210, citing the second); `None` when it is accepted, recorded in `used`.
pub(crate) fn refused(
    u: &Located<UnitId>,
    why: Option<String>,
    used: &mut BTreeSet<UnitId>,
    (cannot, twice): (Cite, Cite),
) -> Option<OrderError> {
    if let Some(why) = why {
        let problem = Problem::CannotStrafe {
            unit: u.value.clone(),
            why,
        };
        return Some(OrderError::new(problem, Some(u.span.clone()), cannot));
    }
    if !used.insert(u.value.clone()) {
        let problem = Problem::OrderedTwice {
            unit: u.value.clone(),
            what: "[[intercept]] or [[strafe]]".into(),
        };
        return Some(OrderError::new(problem, Some(u.span.clone()), twice));
    }
    None
}

/// 32.6: the enemy's aircraft on the ground at `hex`: on the map there, not in the air.
pub fn grounded(pos: &Position, enemy: Side, hex: Hex) -> Vec<UnitId> {
    pos.aircraft()
        .filter(|p| p.side == enemy && p.hex == hex && !pos.is_aloft(&p.id))
        .map(|p| p.id.clone())
        .collect()
}

/// 32.6 with 003 32.32 and 003 32.6/33.2/33.7: `strafers` of `side`'s attack the
/// enemy's grounded aircraft at `hex` at double strength (roll `strafe-HEX`), and the
/// airbase fires back at the same time at half its grounded aircraft's printed attack
/// factors, fractions up (roll `aa-HEX`): no halving for supply or weather (003). The
/// aircraft strafed take their losses the fewest factors first, the strafers theirs so
/// too. An airbase with no grounded enemy aircraft is not strafed (nothing to attack;
/// the strafers simply return to base, a reading where 32.6 is silent).
pub fn strafe(
    rules: &Rules,
    pos: &mut Position,
    (side, hex, strafers): (Side, Hex, &[UnitId]),
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let targets = grounded(pos, side.other(), hex);
    if targets.is_empty() || strafers.is_empty() {
        return Ok(Vec::new());
    }
    // 48.31-48.32 ('85): a city or airfield fires its own A-A back, not its aircraft's.
    let base_fire = crate::bombing::aa::strafed_base_fire(rules, pos, side.other(), hex);
    let aa_words = base_fire.as_ref().map_or(
        "the airbase's anti-aircraft fire at half the grounded air factors",
        |(_, words)| words.as_str(),
    );
    let (fires, hit_grounded, hit_strafers) = exchange(
        (rules, pos),
        (hex, strafers, &targets),
        ("the grounded", aa_words, ""),
        (tables, roll, base_fire.as_ref().map(|(value, _)| *value)),
        Rule::para(para!("32.6")),
    )?;
    let mut events = fires;
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        fewest_first(rules, &targets),
        hit_grounded,
        "the strafing",
        &Rule::para(para!("32.6")),
    ));
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        fewest_first(rules, strafers),
        hit_strafers,
        "the anti-aircraft fire",
        &Rule::para(para!("32.6")),
    ));
    Ok(events)
}

/// 32.6, 33.7: the strafers' fire at double strength on the ACT (roll
/// `PREFIXstrafe-HEX`; 47.1 in '85, [`super::fighters85::fire_beyond`]) and the anti-aircraft fire back at the same time at half the
/// printed attack factors of the units strafed, fractions up (roll `PREFIXaa-HEX`), or
/// `aa_value` where 48.31 gives the fire. The two fires' events and the factors lost by the units strafed and by the strafers.
pub(crate) fn exchange(
    (rules, pos): (&Rules, &Position),
    (hex, strafers, targets): (Hex, &[UnitId], &[UnitId]),
    (what, aa_fire, prefix): (&str, &str, &str),
    (tables, roll, aa_value): (&dyn CombatTables, &mut Roll, Option<u32>),
    rule: Rule,
) -> Result<(Vec<Event>, u32, u32), String> {
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let names = |u: &[UnitId]| {
        u.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let figures = rules.ruleset.tournament_figures.air_combat;
    // 47.1 ('85): the fighters beyond 8 hexes of their base at half, after the doubling.
    let (ours, far) =
        super::fighters85::fire_beyond(rules, pos, (strafers, hex), figures.strafe_times);
    let theirs: u32 = targets.iter().map(attack).sum();
    let fire = fire_on_act(
        (
            hex,
            format!(
                "{} strafing {what} {} at double strength{far}",
                names(strafers),
                names(targets)
            ),
            ours,
        ),
        &format!("{prefix}strafe-{hex}"),
        tables,
        roll,
        rule.clone(),
    )?;
    let aa = fire_on_act(
        (
            hex,
            aa_fire.to_string(),
            aa_value.unwrap_or(theirs.div_ceil(figures.strafe_aa_divisor.max(1))),
        ),
        &format!("{prefix}aa-{hex}"),
        tables,
        roll,
        rule,
    )?;
    let lost = (fire.lost, aa.lost);
    let events = vec![
        Event::Air(AirEvent::AirCombat(fire)),
        Event::Air(AirEvent::AirCombat(aa)),
    ];
    Ok((events, lost.0, lost.1))
}

// 32.3, 32.6: the defender's strafing, in his answer before odds.

/// 32.3, 32.6: `[[strafe]]` is the defender's, in his answer (the mover's hunters strafe
/// by their hunt's `strafe`): refused in the mover's own file (B325).
pub fn not_the_movers(orders: &Orders) -> Vec<OrderError> {
    orders
        .strafes
        .iter()
        .map(|s| {
            OrderError::new(
                Problem::StrafeByMover,
                Some(s.hex.span.clone()),
                cite!("32.6"),
            )
        })
        .collect()
}

/// 32.3, 32.6 with 003 32.6: the defender's `[[strafe]]`s checked: each hex holding
/// aircraft of the mover's on the ground (B327; 003 32.3: staging aircraft, landed,
/// may be strafed), each unit one of his fighters on the ground, intercepting nothing
/// else this player-turn (32.2), within its own range of the hex (B326): strafing is
/// not interception, and the intercept range of 32.31 does not limit it (003 32.6).
// The defender answers only a player-turn that stops before odds (one announcing a
// battle, barrage, bombing or hunt); one announcing none gives him no strafing, so that
// the games already played keep their steps (a reading where 003's sequence, which
// gives him the step every player-turn, meets the mail).
pub fn check(
    rules: &Rules,
    pos: &Position,
    defender: Side,
    strafes: &[Intercept],
    interceptions: &[Interception],
) -> Result<Vec<Interception>, Vec<OrderError>> {
    let mut used: BTreeSet<UnitId> = interceptions
        .iter()
        .flat_map(|i| i.fighters.iter().cloned())
        .collect();
    let mut errors = Vec::new();
    let mut out = Vec::new();
    // 36.33 with 003 32.6: no strafing by a side short of basic industry.
    if let Some(e) = no_strafing(rules, pos, defender, strafes) {
        return Err(e);
    }
    for s in strafes {
        // 33.7: patrol/interdictors strafe ground units, where no aircraft are grounded.
        let airbase = !grounded(pos, defender.other(), s.hex.value).is_empty();
        if !airbase
            && s.units
                .iter()
                .any(|u| interdiction::patrol_hex(pos, &u.value).is_some())
        {
            match interdiction::check_strafe(rules, pos, defender, s, &mut used) {
                Ok(i) => out.extend(i),
                Err(e) => errors.extend(e),
            }
            continue;
        }
        let hex = s.hex.value;
        if grounded(pos, defender.other(), hex).is_empty() {
            errors.push(OrderError::new(
                Problem::NothingToStrafe { hex },
                Some(s.hex.span.clone()),
                cite!("32.6"),
            ));
            continue;
        }
        let mut fighters = Vec::new();
        for u in &s.units {
            let why = match pos.get(&u.value) {
                Some(p) if p.side != defender || p.kind != UnitKind::Ftr => {
                    Some(format!("it is not a fighter of {defender}'s on the map"))
                }
                None => Some(format!("it is not a fighter of {defender}'s on the map")),
                // 003 32.6: patrollers strafe airbases from their patrol hex.
                Some(_) if pos.patrol_of(&u.value).is_some() => patrol_reach(rules, pos, u, hex),
                Some(_) if pos.is_aloft(&u.value) => Some("it is in the air".to_string()),
                Some(p) => {
                    let range = rules.counters.get(&u.value).map_or(0, |c| c.movement);
                    let d = p.hex.distance(hex);
                    (d > range)
                        .then(|| format!("it is {d} hexes from {hex}, beyond its range of {range}"))
                }
            };
            let rules_broken = (cite!("32.6"), cite!("32.2"));
            match refused(u, why, &mut used, rules_broken) {
                None => fighters.push(u.value.clone()),
                Some(e) => errors.push(e),
            }
        }
        if !fighters.is_empty() {
            out.push(Interception { hex, fighters });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// 003 32.6: why a fighter of the defender's on patrol or patrol/interdiction may not
/// strafe the airbase at `hex`: as it intercepts (32.73), from its patrol hex within its
/// own range, base to patrol hex to the airbase and back 24 hexes at most; the intercept
/// range does not limit it (003 32.6). `None` when it may.
fn patrol_reach(rules: &Rules, pos: &Position, u: &Located<UnitId>, hex: Hex) -> Option<String> {
    let own = rules.counters.get(&u.value).map_or(0, |c| c.movement);
    (!reaches(rules, pos, &u.value, hex)).then(|| format!(
        "on patrol it flies from its base over its patrol hex to {hex} and back, {} hexes, within its range of {own} from the patrol hex and 24 hexes in all at most (32.73)",
        super::patrol::hexes_to_intercept(pos, &u.value, hex).unwrap_or(0)
    ))
}

/// 32.6, 003 32.6: whether the fighter `id` reaches the airbase at `hex` to strafe it:
/// on the ground, within its range; on patrol, as [`patrol_reach`] says.
pub fn reaches(rules: &Rules, pos: &Position, id: &UnitId, hex: Hex) -> bool {
    let own = rules.counters.get(id).map_or(0, |c| c.movement);
    let all = rules.ruleset.tournament_figures.air_combat.patrol_hexes;
    match super::patrol::may_intercept(pos, id, (hex, own), all) {
        Some(ok) => ok,
        None => pos.hex_of(id).is_some_and(|at| at.distance(hex) <= own),
    }
}

/// 36.33 with 003 32.6: "not allowed by a player with only 1 basic industry city": every
/// `[[strafe]]` of a side with the use of 1 basic industry city or none refused, at its
/// hex (B371; with 1 its fighters still intercept, at half strength).
fn no_strafing(
    rules: &Rules,
    pos: &Position,
    side: Side,
    strafes: &[Intercept],
) -> Option<Vec<OrderError>> {
    let short = crate::resources::shortage(rules, pos, side).filter(|s| s.no_air_attack())?;
    let cite = short.cite(crate::resources::Resource::Industry);
    let errors: Vec<OrderError> = strafes
        .iter()
        .map(|s| {
            OrderError::new(
                Problem::NoStrafeWithoutIndustry { side },
                Some(s.hex.span.clone()),
                cite,
            )
        })
        .collect();
    (!errors.is_empty()).then_some(errors)
}

/// 003's sequence, "Interception & Airbase Strafing": the defender's strafers attack
/// first, each airbase as [`strafe`] says, and then stay in the air until the end of
/// combat (003 32.6), landing with the interceptors (32.34), so that hunters may attack
/// them (32.51).
pub fn by_defender(
    rules: &Rules,
    pos: &mut Position,
    strafes: &[Interception],
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let mut events = Vec::new();
    // 32.6: the airbases, as they stand before any strafing (as checked).
    let airbases: BTreeSet<Hex> = strafes
        .iter()
        .filter_map(|s| {
            let side = super::industry::side_of(rules, &s.fighters)?;
            (!grounded(pos, side.other(), s.hex).is_empty()).then_some(s.hex)
        })
        .collect();
    for s in strafes {
        let Some(side) = super::industry::side_of(rules, &s.fighters) else {
            continue;
        };
        // 33.7: patrol/interdictors strafe ground units and stay on patrol.
        if !airbases.contains(&s.hex)
            && s.fighters
                .iter()
                .any(|f| interdiction::patrol_hex(pos, f).is_some())
        {
            let ground = (side, s.hex, &s.fighters[..]);
            events.extend(interdiction::strafe(rules, pos, ground, tables, roll)?);
            continue;
        }
        events.extend(strafe(
            rules,
            pos,
            (side, s.hex, &s.fighters),
            tables,
            roll,
        )?);
        for f in &s.fighters {
            pos.set_aloft(f, true);
        }
    }
    Ok(events)
}
