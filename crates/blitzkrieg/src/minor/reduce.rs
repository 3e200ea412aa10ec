//! 29.3-29.4 and the MCRT: attacks on unreduced minor country cities. An attack on a
//! city is an `[[attack]]` whose one target is an unreduced city hex of a minor
//! country with no units in it, declared by its aggressor (or by the side that
//! becomes its aggressor so, 29.2). Its attacking factors are read on the Minor City
//! Reduction Table: the attackers lose the factors printed, of their choice (the
//! battle's `lose` first); an asterisk reduces the city (29.4, once a game: 29.5), and
//! the surviving attackers the battle names in `advance` may move into it; otherwise
//! the attackers retreat 2 hexes (the battle's `retreat` hexes preferred).
//!
//! Every aggressor unit that ends its movement next to an unreduced city attacks it
//! (29.4: "all aggressor units must attack if they end their turn adjacent"), unless it
//! fights another battle.
//!
//! 29.4 "air support as 30.41": a tactical `[[mission]]` naming a city attack's battle
//! adds the bombers' factors to its MCRT column, doubled at less than half range (Q&A
//! 30.8: "this includes ... TAC and MDM reducing minor cities"), never more air than
//! ground factors (the air missions' check). The bombers may be named in the battle's
//! `lose`; they neither retreat nor advance ("surviving attacking ground forces") and
//! land after combat (30.5). The BBT never reduces a city (003 29.4).
//!
//! 29.3 with 003 29.3: a city holding liberator units is attacked in two battles, in
//! either order: one on the units, as any battle, and one on the city, marked
//! `city = true`; the attackers advance into a reduced city only once no liberator
//! unit is left in it.

use super::{aggressor, in_play, lift, minor_of, unreduced, Minors};
use crate::board::Country;
use crate::cite::{Ref, Rule};
use crate::combat::{battle_strength, retreat_ends};
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{Attack, OrderError, Problem};
use crate::position::Position;
// The roll of a battle, drawn by its id and stock: `roll.rs`.
pub use crate::roll::DrawRoll;
use crate::rules::Rules;
use crate::state::WaitingBattle;
use crate::tables::{CombatTables, TableId};
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// The minor country city an attack of `side` on `targets` is made against, if it is
/// one: a single target, an unreduced city of a minor country neutral or with `side`
/// its aggressor, with no units in it, or (`flagged`: `city = true`, 003 29.3) with
/// liberator units in it.
pub fn city_of(
    rules: &Rules,
    minors: &Minors,
    pos: &Position,
    side: Side,
    (targets, flagged): (&[Hex], bool),
) -> Option<(Country, Hex)> {
    if !in_play(rules) {
        return None;
    }
    let [city] = targets else {
        return None;
    };
    let country = minor_of(&rules.board, *city)?;
    let open = aggressor(minors, country).is_none_or(|a| a == side);
    let fits = rules.board.is_city(*city)
        && unreduced(minors, country, *city)
        && open
        && (flagged || pos.at(*city).next().is_none());
    fits.then_some((country, *city))
}

/// The declared battles split in two: those fought on the attrition table, and those
/// against minor country cities (MCRT).
pub fn split(
    rules: &Rules,
    minors: &Minors,
    pos: &Position,
    side: Side,
    attacks: &[Attack],
) -> (Vec<Attack>, Vec<Attack>) {
    attacks.iter().cloned().partition(|a| {
        let targets: Vec<Hex> = a.targets.iter().map(|t| t.value).collect();
        city_of(rules, minors, pos, side, (&targets, a.city)).is_none()
    })
}

/// 29.3-29.4: the problems of the attacks on cities (`cities`) among all the battles
/// declared (`all`), and every aggressor unit next to an unreduced city that fights no
/// battle. `avers` made an automatic victory this player-turn (their combat, 003 21.1).
pub fn check(
    rules: &Rules,
    minors: &Minors,
    pos: &Position,
    side: Side,
    (cities, all): (&[Attack], &[Attack]),
    avers: &BTreeSet<UnitId>,
) -> Vec<OrderError> {
    if !in_play(rules) {
        return Vec::new();
    }
    let mut errs = Vec::new();
    let mut battles: BTreeMap<&UnitId, Vec<&str>> = BTreeMap::new();
    for a in all {
        for u in &a.units {
            battles
                .entry(&u.value)
                .or_default()
                .push(a.id.value.as_str());
        }
    }
    let mut attacked: BTreeSet<Hex> = BTreeSet::new();
    for a in cities {
        let Some(city) = a.targets.first() else {
            continue;
        };
        if !attacked.insert(city.value) {
            errs.push(OrderError::new(
                Problem::HexInTwoBattles { hex: city.value },
                Some(city.span.clone()),
                cite!("14.4"),
            ));
        }
        for u in &a.units {
            let why = unit_problem(pos, u.value.clone(), city.value, &battles, &a.id.value);
            if let Some(problem) = why {
                errs.push(OrderError::new(
                    problem,
                    Some(u.span.clone()),
                    cite!("29.4"),
                ));
            }
        }
    }
    errs.extend(must_attack(rules, minors, pos, side, &battles, avers));
    errs.extend(both_attacked(rules, minors, pos, side, (cities, all)));
    errs
}

/// 29.3 with 003 29.3: a battle marked `city = true` attacks an unreduced minor
/// country city; one holding liberator units is attacked twice, the city and the
/// units, in either order.
fn both_attacked(
    rules: &Rules,
    minors: &Minors,
    pos: &Position,
    side: Side,
    (cities, all): (&[Attack], &[Attack]),
) -> Vec<OrderError> {
    let mut errs = Vec::new();
    let on_city: BTreeSet<Hex> = cities
        .iter()
        .filter_map(|a| a.targets.first().map(|t| t.value))
        .collect();
    for a in all.iter().filter(|a| a.city) {
        let targets: Vec<Hex> = a.targets.iter().map(|t| t.value).collect();
        let Some(&hex) = targets.first() else {
            continue;
        };
        if city_of(rules, minors, pos, side, (&targets, true)).is_none() {
            let e = Problem::NotAMinorCity {
                battle: a.id.value.clone(),
                hex,
            };
            errs.push(OrderError::new(e, Some(a.id.span.clone()), cite!("29.3")));
        }
    }
    for a in all.iter().filter(|a| !a.city) {
        for t in &a.targets {
            let held = pos.side_at(t.value) == Some(side.other());
            let city = city_of(rules, minors, pos, side, (&[t.value], true)).is_some();
            if held && city && !on_city.contains(&t.value) {
                let e = Problem::CityAndUnits { hex: t.value };
                errs.push(OrderError::new(e, Some(t.span.clone()), cite!("29.3")));
            }
        }
    }
    for a in cities {
        let Some(t) = a.targets.first() else {
            continue;
        };
        let held = pos.side_at(t.value) == Some(side.other());
        let units_attacked = all
            .iter()
            .any(|b| !b.city && b.targets.iter().any(|x| x.value == t.value));
        if held && !units_attacked {
            let e = Problem::CityAndUnits { hex: t.value };
            errs.push(OrderError::new(e, Some(t.span.clone()), cite!("29.3")));
        }
    }
    errs
}

/// What stops one unit attacking `city` in battle `id`, if anything.
fn unit_problem(
    pos: &Position,
    unit: UnitId,
    city: Hex,
    battles: &BTreeMap<&UnitId, Vec<&str>>,
    id: &str,
) -> Option<Problem> {
    let Some(piece) = pos.get(&unit) else {
        return Some(Problem::NotOnMap { unit });
    };
    if !piece.hex.is_adjacent(city) {
        return Some(Problem::CityNotAdjacent { unit, city });
    }
    let other = battles
        .get(&unit)
        .and_then(|b| b.iter().find(|b| **b != id).copied());
    other.map(|b| Problem::CityAttack {
        unit,
        city,
        why: format!("it fights in battle {b} as well"),
    })
}

/// 29.4: every ground unit of `side` next to an unreduced city it is (or is becoming,
/// standing in the country) the aggressor of fights a battle.
fn must_attack(
    rules: &Rules,
    minors: &Minors,
    pos: &Position,
    side: Side,
    battles: &BTreeMap<&UnitId, Vec<&str>>,
    avers: &BTreeSet<UnitId>,
) -> Vec<OrderError> {
    let board = &rules.board;
    let mut errs = Vec::new();
    for p in pos.pieces().filter(|p| p.side == side && !p.kind.is_air()) {
        if battles.contains_key(&p.id) || avers.contains(&p.id) {
            continue;
        }
        let city = p.hex.neighbours().find_map(|n| {
            let country = minor_of(board, n)?;
            let bound = match aggressor(minors, country) {
                Some(a) => a == side,
                None => board.country(p.hex) == Some(country),
            };
            (board.is_city(n) && unreduced(minors, country, n) && bound).then_some((country, n))
        });
        if let Some((country, city)) = city {
            let e = Problem::MustAttackCity {
                unit: p.id.clone(),
                city,
                country: country.name().to_string(),
            };
            errs.push(OrderError::new(e, None, cite!("29.4")).unit(&p.id));
        }
    }
    errs
}

/// The dice and tables a city attack is resolved with.
pub struct CityDice<'a> {
    pub roll: &'a mut DrawRoll<'a>,
    pub tables: &'a dyn CombatTables,
}

/// 29.4, MCRT: resolves the attack `battle` of `side` on `city` of `country`: the
/// roll, the attackers' loss, the city reduced (recorded in `minors`; `start` are the
/// minor countries as the position was drawn with) or the attackers' retreat.
pub fn resolve(
    rules: &Rules,
    pos: &mut Position,
    (start, minors): (&Minors, &mut Minors),
    (side, country, city): (Side, Country, Hex),
    battle: &WaitingBattle,
    dice: &mut CityDice,
) -> Result<Vec<Event>, String> {
    let s = battle_strength(rules, pos, &battle.units, &[city]);
    let (roll, drawn) = (dice.roll)(&battle.id, battle.stock.as_deref())?;
    let l = dice
        .tables
        .mcrt(s.attack, roll)
        .map_err(|e| e.to_string())?;
    let result = l.result;
    let rule = Rule::result(TableId::Mcrt, l.printed.clone())
        .and(Ref::Para(crate::cite::Para::lit("29.4")));
    let mut events = vec![Event::CityAttacked {
        id: battle.id.clone(),
        side,
        city,
        country,
        attackers: s.attackers.clone(),
        factors: s.attack,
        roll: drawn,
        table: format!("{}: {}", l.cite, l.printed),
        loss: result.attacker_loss,
        reduced: result.city_reduced,
        rule: rule.clone(),
    }];
    let units: Vec<UnitId> = battle.units.clone();
    let cause = format!("battle {} against the city {city} (MCRT)", battle.id);
    let lost = super::guerrilla::take_factors(
        rules,
        pos,
        (&units, &battle.lose, &BTreeSet::new()),
        result.attacker_loss,
        &cause,
        &rule,
    );
    // 26.2: the substitutes that took a broken unit's place fight on with the rest.
    let mut units = units;
    for e in &lost {
        if let Event::Substituted { into, .. } = e {
            units.extend(into.iter().cloned());
        }
    }
    events.extend(lost);
    if result.city_reduced {
        lift(rules, start, pos, side, city);
        minors.entry(country).or_default().reduced.insert(city);
        events.extend(advance(rules, pos, battle, city, &rule));
    } else {
        let survivors: Vec<UnitId> = units
            .into_iter()
            .filter(|u| pos.get(u).is_some_and(|p| !p.kind.is_air()))
            .collect();
        events.extend(retreat(rules, pos, &survivors, &battle.retreat, &rule));
    }
    Ok(events)
}

/// MCRT: "Surviving attacking ground forces may advance into the city if reduced":
/// those the battle names in `advance`, as stacking allows.
fn advance(
    rules: &Rules,
    pos: &mut Position,
    battle: &WaitingBattle,
    city: Hex,
    rule: &Rule,
) -> Vec<Event> {
    let mut events = Vec::new();
    for id in &battle.advance {
        let Some(piece) = pos.get(id).filter(|p| !p.kind.is_air()).cloned() else {
            continue;
        };
        let fits = rules
            .ruleset
            .figures
            .stack_fits(pos.stack_halves_at(city) + Position::halves_of(&piece));
        // "unless blocked by liberator ground units still in the city".
        let blocked = pos.side_at(city) == Some(piece.side.other());
        if fits && !blocked && piece.hex.is_adjacent(city) && pos.move_to(id, city) {
            events.push(Event::Advanced {
                unit: id.clone(),
                path: vec![piece.hex, city],
                rule: rule.clone(),
            });
        }
    }
    events
}

/// MCRT without an asterisk: the attackers retreat 2 hexes, to the first of
/// `prefer` they can reach, else to the first end in hex order; one with no legal
/// retreat is eliminated.
fn retreat(
    rules: &Rules,
    pos: &mut Position,
    units: &[UnitId],
    prefer: &[Hex],
    rule: &Rule,
) -> Vec<Event> {
    let mut events = Vec::new();
    for id in units {
        let Some(piece) = pos.get(id).cloned() else {
            continue;
        };
        let ends = retreat_ends(rules, pos, &piece);
        let chosen = prefer
            .iter()
            .find_map(|h| ends.iter().find(|e| e.end == *h))
            .or(ends.first());
        match chosen {
            Some(end) => {
                pos.move_to(id, end.end);
                events.push(Event::Retreated {
                    unit: id.clone(),
                    path: end.path.clone(),
                    rule: rule.clone(),
                });
            }
            None => {
                pos.remove(id);
                events.push(Event::Eliminated {
                    unit: id.clone(),
                    hex: piece.hex,
                    cause: "no legal retreat route from the city attacked".to_string(),
                    rule: rule.clone(),
                });
            }
        }
    }
    events
}
