//! 33.7: tactical patrol/interdiction. TAC and fighters sent to a patrol hex
//! (`kind = "interdiction"`) as patrollers are ([`super::patrol`]) exert, when they are
//! 4 modified factors or more there (003 33.7: halved for weather and basic industry,
//! TAC doubled at less than half range, counted anew each player-turn), an armor-type
//! ZOC over the hex and the six around it: it stops the enemy's movement, blocks his
//! supply routes, eliminates his units forced to retreat through or into it, makes
//! cities unfriendly to him and starts the intercept range (003 33.7), but eliminates no grounded aircraft (003 33.7). The ZOC is counted
//! into the position's ZOC field, so every rule that asks for enemy ZOC sees it. After
//! the mover's movement the defender's patrol/interdictors may strafe the mover's
//! ground units (`[[strafe]]` in his answer), under reading `pi-strafe-33-7`.

use super::hunt::fewest_first;
use super::intercept::Roll;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::model::flight::Interception;
use crate::odds::Factor;
use crate::orders::{Intercept, OrderError, Problem};
use crate::position::Position;
use crate::readings::PiStrafe;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// 003 33.7: an aircraft's attack factor as modified this player-turn, exact: halved in
/// rain and snow (34, 003 34) and halved again for want of basic industry (36.32-36.33),
/// before any doubling (003 Rounding). Zero for a unit the counters do not know.
pub fn modified(rules: &Rules, pos: &Position, id: &UnitId) -> Factor {
    let Some(c) = rules.counters.get(id) else {
        return Factor::ZERO;
    };
    let f = crate::weather::combat::air_factor(rules, pos.weather(), Factor::from(c.attack));
    if crate::resources::halved(rules, pos, c.side, true).is_some() {
        f.half()
    } else {
        f
    }
}

/// 33.7 with 003 33.7: the factors an aircraft on patrol/interdiction over `hex` counts
/// toward the 4 of the ZOC: "modified factors, with halving for weather and/or loss of
/// basic industry, and doubling for TAC operating at less than half range" (from the
/// base it stands at, 30.8). Counted anew whenever the ZOC is ([`refresh`]), so a
/// mission sent with fewer than 4 gains its ZOC when the weather or the industry
/// changes.
pub fn zoc_factor(rules: &Rules, pos: &Position, id: &UnitId, hex: Hex) -> Factor {
    let f = modified(rules, pos, id);
    let short = rules
        .counters
        .get(id)
        .zip(pos.hex_of(id))
        .is_some_and(|(c, base)| {
            c.kind == UnitKind::Tac && crate::air::bombing::doubles(c, base, &[hex])
        });
    if short {
        f.double()
    } else {
        f
    }
}

/// 33.7 with 003 33.7: the factors an aircraft on patrol or patrol/interdiction matches
/// interceptors with "1 for 1" and fires with on the ACT: "the same modified factors as
/// ACT combat", halved for weather and basic industry ([`modified`]), TAC at half (33.7),
/// never doubled at short range.
pub fn act_factor(rules: &Rules, pos: &Position, id: &UnitId) -> Factor {
    let f = modified(rules, pos, id);
    let tac = rules
        .counters
        .get(id)
        .is_some_and(|c| c.kind == UnitKind::Tac);
    let by = u64::from(
        rules
            .ruleset
            .tournament_figures
            .air_combat
            .interdiction_tac_divisor
            .max(1),
    );
    if tac {
        Factor::new(f.numerator(), f.denominator().saturating_mul(by)).unwrap_or(f)
    } else {
        f
    }
}

/// 33.7: "at least four factors" (`[air_combat] interdiction_zoc_factors`): the fewest
/// modified factors over a patrol hex that exert the armor-type ZOC.
fn zoc_least(rules: &Rules) -> Factor {
    Factor::from(
        rules
            .ruleset
            .tournament_figures
            .air_combat
            .interdiction_zoc_factors,
    )
}

/// 33.7: counts the ZOC of every patrol/interdiction hex holding 4 factors or more of
/// one side ([`zoc_factor`], 003 33.7) into `pos` (and takes away those no longer so),
/// after any change of the aircraft on patrol, of the weather or of the industry.
pub fn refresh(rules: &Rules, pos: &mut Position) {
    let least = zoc_least(rules);
    let mut over: BTreeMap<(Side, Hex), Factor> = BTreeMap::new();
    for (id, p) in pos.patrols() {
        if p.kind != crate::model::flight::PatrolKind::Interdiction {
            continue;
        }
        let Some(piece) = pos.get(id) else {
            continue;
        };
        if !matches!(piece.kind, UnitKind::Tac | UnitKind::Ftr) {
            continue;
        }
        let f = zoc_factor(rules, pos, id, p.hex);
        let sum = over.entry((piece.side, p.hex)).or_default();
        *sum = *sum + f;
    }
    let zones: BTreeSet<_> = over
        .into_iter()
        .filter(|(_, f)| *f >= least)
        .map(|(k, _)| k)
        .collect();
    pos.set_interdiction(zones);
}

/// 33.7 with 003 33.7: for the report, one line for each hex `side`'s aircraft patrol on
/// patrol/interdiction (all hexes, or `only` the one given): the aircraft, their modified
/// factors ([`zoc_factor`]) and whether they exert the ZOC.
pub fn told(rules: &Rules, pos: &Position, side: Side, only: Option<Hex>) -> Vec<Event> {
    let least = zoc_least(rules);
    let mut over: BTreeMap<Hex, (Vec<UnitId>, Factor)> = BTreeMap::new();
    for (id, p) in pos.patrols() {
        let ours = pos.get(id).is_some_and(|piece| piece.side == side);
        if p.kind != crate::model::flight::PatrolKind::Interdiction
            || !ours
            || only.is_some_and(|h| h != p.hex)
        {
            continue;
        }
        let (units, sum) = over.entry(p.hex).or_default();
        units.push(id.clone());
        *sum = *sum + zoc_factor(rules, pos, id, p.hex);
    }
    over.into_iter()
        .map(|(hex, (units, sum))| {
            let names: Vec<String> = units.iter().map(ToString::to_string).collect();
            let zoc = if sum >= least {
                format!("an armor-type ZOC over {hex} and the six hexes around it")
            } else {
                format!("fewer than {least}, no ZOC")
            };
            Event::Note {
                text: format!(
                    "patrol/interdiction over {hex} ({}): {sum} modified factors, {zoc}",
                    names.join(", ")
                ),
                rule: Rule::para(para!("33.7")).and(Ref::Reading("33.7".into())),
            }
        })
        .collect()
}

// 33.7: patrol/interdictors strafing ground units.

/// 33.7: the hex `id` patrols on patrol/interdiction, if it is on one.
pub fn patrol_hex(pos: &Position, id: &UnitId) -> Option<Hex> {
    pos.patrols()
        .get(id)
        .filter(|p| p.kind == crate::model::flight::PatrolKind::Interdiction)
        .map(|p| p.hex)
}

/// 33.7 under reading `pi-strafe-33-7`: the hexes a strafe named at `hex` covers: the
/// patrol hex and the six around it, its ZOC (`whole-zoc`, 000), or the one hex named
/// (`one-hex`, 003 33.7).
fn covered(rules: &Rules, hex: Hex) -> Vec<Hex> {
    match rules.ruleset.readings.pi_strafe {
        PiStrafe::WholeZoc => std::iter::once(hex).chain(hex.neighbours()).collect(),
        PiStrafe::OneHex => vec![hex],
    }
}

/// 33.7: where a strafe named at `hex` looks for ground units, as a player reads it.
fn place(rules: &Rules, hex: Hex) -> String {
    match rules.ruleset.readings.pi_strafe {
        PiStrafe::WholeZoc => format!("in {hex} or the hexes around it"),
        PiStrafe::OneHex => format!("in {hex}"),
    }
}

/// 33.7: `enemy`'s ground units in `hexes`.
fn ground_units(pos: &Position, enemy: Side, hexes: &[Hex]) -> Vec<UnitId> {
    hexes
        .iter()
        .flat_map(|h| pos.at(*h))
        .filter(|p| p.side == enemy && !p.kind.is_air())
        .map(|p| p.id.clone())
        .collect()
}

/// 33.7 with 003 33.7: a `[[strafe]]` of the defender's patrol/interdictors, in his
/// answer after the mover's movement (003's "Strafing Ground Units"). Each unit is one of
/// his aircraft on patrol/interdiction (B326) patrolling `hex` (`whole-zoc`: the strafe
/// covers the ZOC of its patrol hex) or a hex next to it (`one-hex`: it strafes without
/// moving, 003 33.7); some enemy ground unit must be there (B336). An aircraft that
/// strafes intercepts nothing (33.7: only those that did not strafe revert to patrol and
/// intercept), which `used` (the units already ordered) keeps.
pub fn check_strafe(
    rules: &Rules,
    pos: &Position,
    defender: Side,
    s: &Intercept,
    used: &mut BTreeSet<UnitId>,
) -> Result<Option<Interception>, Vec<OrderError>> {
    let hex = s.hex.value;
    let mut errors = Vec::new();
    let mut strafers = Vec::new();
    for u in &s.units {
        let why = match (pos.get(&u.value), patrol_hex(pos, &u.value)) {
            (Some(p), Some(at)) if p.side == defender => {
                let reach = match rules.ruleset.readings.pi_strafe {
                    PiStrafe::WholeZoc => u32::from(at != hex),
                    PiStrafe::OneHex => u32::from(at.distance(hex) > 1),
                };
                (reach > 0).then(|| match rules.ruleset.readings.pi_strafe {
                    PiStrafe::WholeZoc => format!(
                        "it patrols {at}: patrol/interdictors strafe the ZOC of their patrol hex, named by that hex"
                    ),
                    PiStrafe::OneHex => {
                        format!("it patrols {at}, and {hex} is neither that hex nor next to it")
                    }
                })
            }
            _ => Some(format!(
                "it is not an aircraft of {defender}'s on patrol/interdiction"
            )),
        };
        match super::strafe::refused(u, why, used, (cite!("33.7"), cite!("33.7"))) {
            None => strafers.push(u.value.clone()),
            Some(e) => errors.push(e),
        }
    }
    if ground_units(pos, defender.other(), &covered(rules, hex)).is_empty() {
        errors.push(OrderError::new(
            Problem::NoGroundUnitsToStrafe {
                place: place(rules, hex),
            },
            Some(s.hex.span.clone()),
            cite!("33.7"),
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((!strafers.is_empty()).then_some(Interception {
        hex,
        fighters: strafers,
    }))
}

/// 33.7 under reading `pi-strafe-33-7`: one hex a `[[strafe]]` of the defender's
/// patrol/interdictors may name, for his template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrafeChoice {
    /// The hex to name: a patrol hex (`whole-zoc`), or a patrol hex or a hex next to
    /// it (`one-hex`).
    pub hex: Hex,
    /// Where the strafe looks for ground units, as a player reads it.
    pub place: String,
    /// His aircraft on patrol/interdiction that may name it.
    pub aircraft: Vec<UnitId>,
    /// The enemy's ground units it would strafe, each with its hex.
    pub ground: Vec<(UnitId, Hex)>,
}

/// 33.7 under reading `pi-strafe-33-7`: what `defender`'s aircraft on
/// patrol/interdiction may strafe after the mover's movement, as [`check_strafe`] takes
/// it: each hex a `[[strafe]]` may name where some enemy ground unit is, in hex order.
pub fn strafe_choices(rules: &Rules, pos: &Position, defender: Side) -> Vec<StrafeChoice> {
    let mut named: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    for id in pos.patrols().keys() {
        if pos.get(id).is_none_or(|q| q.side != defender) {
            continue;
        }
        let Some(at) = patrol_hex(pos, id) else {
            continue;
        };
        let hexes: Vec<Hex> = match rules.ruleset.readings.pi_strafe {
            PiStrafe::WholeZoc => vec![at],
            PiStrafe::OneHex => std::iter::once(at).chain(at.neighbours()).collect(),
        };
        for h in hexes {
            named.entry(h).or_default().push(id.clone());
        }
    }
    named
        .into_iter()
        .filter_map(|(hex, aircraft)| {
            let ground: Vec<(UnitId, Hex)> =
                ground_units(pos, defender.other(), &covered(rules, hex))
                    .into_iter()
                    .filter_map(|u| pos.get(&u).map(|p| (u, p.hex)))
                    .collect();
            (!ground.is_empty()).then(|| StrafeChoice {
                hex,
                place: place(rules, hex),
                aircraft,
                ground,
            })
        })
        .collect()
}

/// 33.7 with 003 32.6/33.2/33.7: `strafers` of `side`'s on patrol/interdiction strafe the
/// enemy's ground units the strafe covers ([`covered`]) at double strength on the ACT
/// (roll `pi-strafe-HEX`), and those units fire back at the same time at half their
/// printed attack factors, fractions up as the airbase's fire of 32.6 (roll `pi-aa-HEX`;
/// no halving for supply or weather, 003). Each side takes its losses the fewest factors
/// first. The strafers stay on patrol/interdiction (003's sequence), and the ZOC is
/// counted again for those lost.
pub fn strafe(
    rules: &Rules,
    pos: &mut Position,
    (side, hex, strafers): (Side, Hex, &[UnitId]),
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let targets = ground_units(pos, side.other(), &covered(rules, hex));
    if targets.is_empty() || strafers.is_empty() {
        return Ok(Vec::new());
    }
    let (mut events, hit_ground, hit_strafers) = super::strafe::exchange(
        (rules, pos),
        (hex, strafers, &targets),
        (
            "the ground units",
            "the ground units' anti-aircraft fire at half their attack strength",
            "pi-",
        ),
        (tables, roll, None),
        Rule::para(para!("33.7")),
    )?;
    events.extend(take_each(rules, pos, &targets, hit_ground, "the strafing"));
    events.extend(take_each(
        rules,
        pos,
        strafers,
        hit_strafers,
        "the anti-aircraft fire",
    ));
    refresh(rules, pos);
    Ok(events)
}

/// 33.7: `factors` taken from `units`, the fewest factors first, each in its own hex.
fn take_each(
    rules: &Rules,
    pos: &mut Position,
    units: &[UnitId],
    factors: u32,
    what: &str,
) -> Vec<Event> {
    let mut owed = factors;
    let mut events = Vec::new();
    for id in fewest_first(rules, units) {
        let Some(at) = pos.get(&id).map(|p| p.hex) else {
            continue;
        };
        if owed == 0 {
            break;
        }
        let f = rules.counters.get(&id).map_or(0, |c| c.attack).min(owed);
        owed -= f;
        events.extend(crate::bombing::take_factors(
            rules,
            pos,
            at,
            vec![id],
            f,
            what,
            &Rule::para(para!("33.7")),
        ));
    }
    events
}
