//! 29.6: guerrilla losses in the unsubdued minor countries, and the taking of factors
//! "of his choice from his forces in that country" that 29.6 and 29.7 share.
//!
//! Reading `guerrilla-29-6` (docs/readings.md): under `end-of-player-turn` (the
//! rulebook) an aggressor with no forces left in the country who moved through or flew
//! over it loses the factors from the units that violated it at the end of his
//! player-turn; under `end-of-movement` (003 29.6) at the end of his movement, from the
//! forces moved through, over or out of it (with fewer factors than the loss left in
//! the country: those, then the rest from the forces that left), and only movement
//! counts.
//!
//! Which factors (where the rules say "of his choice"): the units the `[[minor]]`
//! order for the country names in `lose` first, then the others of the forces concerned
//! with the fewest factors first (ties by id). A unit counts its attack factor, an
//! artillery unit its defence factor (25.1 with 003); a unit worth more than the loss
//! left is broken down and what it keeps made up from substitutes (26.2), or lost whole
//! when no change can be made (26.5).

use super::{aggressor, hexes_entered, in_play, minor_of, subdued, Minors};
use crate::air::AirEvent;
use crate::board::Country;
use crate::cite::Rule;
use crate::combat::make_up;
use crate::event::Event;
use crate::orders::{MinorOrder, OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// The units each country's losses come from first: `lose` of its `[[minor]]` order.
pub fn first_losses(orders: &[MinorOrder]) -> BTreeMap<Country, Vec<UnitId>> {
    let mut out: BTreeMap<Country, Vec<UnitId>> = BTreeMap::new();
    for o in orders {
        out.entry(o.country.value)
            .or_default()
            .extend(o.lose.iter().map(|u| u.value.clone()));
    }
    out
}

/// The units of `side` on the map in `country` (ground units and grounded aircraft), in
/// id order.
pub fn forces_in(rules: &Rules, pos: &Position, side: Side, country: Country) -> Vec<UnitId> {
    pos.pieces()
        .filter(|p| p.side == side && minor_of(&rules.board, p.hex) == Some(country))
        .map(|p| p.id.clone())
        .collect()
}

/// What a unit counts toward a loss of factors, and whether in its attack factor.
fn worth(rules: &Rules, id: &UnitId) -> (u32, bool) {
    match rules.counters.get(id) {
        // 003 25.1, 46.5: artillery, and attack helicopters as artillery.
        Some(c) if c.kind.has_separate_defence() => (c.defence, false),
        Some(c) => (c.attack, true),
        None => (0, true),
    }
}

/// 29.6, 29.7: `side` removes `factors` factors from `units` (those still on the map),
/// `first` first, then the others but `last` with the fewest factors first, then `last`
/// (29.6: units that attacked); `cause` says why, for the report.
pub fn take_factors(
    rules: &Rules,
    pos: &mut Position,
    (units, first, last): (&[UnitId], &[UnitId], &BTreeSet<UnitId>),
    factors: u32,
    cause: &str,
    rule: &Rule,
) -> Vec<Event> {
    let mut order: Vec<&UnitId> = first.iter().filter(|u| units.contains(u)).collect();
    let mut rest: Vec<&UnitId> = units.iter().filter(|u| !first.contains(u)).collect();
    rest.sort_by_key(|u| (last.contains(*u), worth(rules, u).0, (*u).clone()));
    order.extend(rest);
    let mut events = Vec::new();
    let mut owed = factors;
    for id in order {
        if owed == 0 {
            break;
        }
        let (f, in_attack) = worth(rules, id);
        let Some(piece) = pos.remove(id) else {
            continue;
        };
        events.push(Event::Eliminated {
            unit: piece.id.clone(),
            hex: piece.hex,
            cause: format!("{cause}: takes {} of the {owed} factors lost", f.min(owed)),
            rule: rule.clone(),
        });
        if f > owed {
            let left = f - owed;
            let into = make_up(rules, pos, &piece, left, in_attack);
            let para = if into.is_some() {
                para!("26.2")
            } else {
                para!("26.5")
            };
            events.push(Event::Substituted {
                unit: piece.id.clone(),
                hex: piece.hex,
                factors: left,
                into: into.unwrap_or_default(),
                rule: Rule::para(para),
            });
            owed = 0;
        } else {
            owed -= f;
        }
    }
    events
}

/// The units of `side` that entered or crossed a hex of a minor country in `events`
/// (those still on the map), by country; with `out_of`, those that left one too (003
/// 29.6: "through, over or out of").
pub fn violators(
    rules: &Rules,
    pos: &Position,
    side: Side,
    events: &[Event],
    out_of: bool,
) -> BTreeMap<Country, BTreeSet<UnitId>> {
    let mut out: BTreeMap<Country, BTreeSet<UnitId>> = BTreeMap::new();
    for e in events {
        let Some((unit, hexes)) = hexes_entered(e) else {
            continue;
        };
        if pos.get(unit).is_none_or(|p| p.side != side) {
            continue;
        }
        let walked = matches!(
            e,
            Event::Moved { .. } | Event::Retreated { .. } | Event::Advanced { .. }
        );
        let skip = usize::from(walked && !out_of);
        for h in hexes.into_iter().skip(skip) {
            if let Some(c) = minor_of(&rules.board, h) {
                out.entry(c).or_default().insert(unit.clone());
            }
        }
    }
    out
}

/// Reading `guerrilla-29-6`: whether the loss for moving through is taken at the end of
/// movement (003 29.6).
pub fn at_end_of_movement(rules: &Rules) -> bool {
    rules.ruleset.readings.guerrilla == crate::readings::Guerrilla29::EndOfMovement
}

fn guerrilla_rule(reading: bool) -> Rule {
    let rule = Rule::para(para!("29.6"));
    if reading {
        rule.and(crate::cite::Ref::Reading(std::borrow::Cow::Borrowed(
            "29.6",
        )))
    } else {
        rule
    }
}

/// 003 29.6 (reading `end-of-movement`): at the end of the movement of `side`, each
/// unsubdued country of which it is the aggressor where it has fewer factors left than
/// the loss, but moved forces through, over or out of it, costs the loss at once: the
/// forces left there first, the rest from those that moved.
pub fn end_of_movement(
    rules: &Rules,
    pos: &mut Position,
    minors: &Minors,
    side: Side,
    moves: &[Event],
    first: &BTreeMap<Country, Vec<UnitId>>,
) -> Vec<Event> {
    if !in_play(rules) || !at_end_of_movement(rules) {
        return Vec::new();
    }
    let loss = rules
        .ruleset
        .tournament_figures
        .minor_countries
        .guerrilla_factors;
    let mut events = Vec::new();
    for (country, moved) in violators(rules, pos, side, moves, true) {
        if aggressor(minors, country) != Some(side) || subdued(&rules.board, pos, minors, country) {
            continue;
        }
        let there = forces_in(rules, pos, side, country);
        let left: u32 = there.iter().map(|u| worth(rules, u).0).sum();
        if left >= loss {
            continue;
        }
        let mut units = there.clone();
        units.extend(moved.into_iter().filter(|u| !there.contains(u)));
        let mut order = there;
        order.extend(first.get(&country).cloned().unwrap_or_default());
        events.push(Event::Guerrillas {
            country,
            side,
            factors: loss,
            why: "at the end of movement, from the forces that moved through, over or out of it, having fewer factors left there".to_string(),
            rule: guerrilla_rule(true),
        });
        let cause = format!("guerrillas in {}", country.name());
        events.extend(take_factors(
            rules,
            pos,
            (&units, &order, &BTreeSet::new()),
            loss,
            &cause,
            &guerrilla_rule(true),
        ));
    }
    events
}

/// 29.6: at the end of the player-turn of `side`, each unsubdued country of which it is
/// the aggressor costs the guerrilla loss from its forces there; with none there, under
/// the rulebook's reading, from the units that violated it this player-turn
/// (`events`).
pub fn end_of_player_turn(
    rules: &Rules,
    pos: &mut Position,
    minors: &Minors,
    side: Side,
    events: &[Event],
    first: &BTreeMap<Country, Vec<UnitId>>,
) -> Vec<Event> {
    if !in_play(rules) {
        return Vec::new();
    }
    let loss = rules
        .ruleset
        .tournament_figures
        .minor_countries
        .guerrilla_factors;
    let moved = violators(rules, pos, side, events, false);
    let attacked = attackers(events);
    let mut out = Vec::new();
    for country in Country::MINOR {
        if aggressor(minors, country) != Some(side) || subdued(&rules.board, pos, minors, country) {
            continue;
        }
        let there = forces_in(rules, pos, side, country);
        let (units, why) = if !there.is_empty() {
            (
                there,
                "its forces there do not garrison every city of it".to_string(),
            )
        } else if at_end_of_movement(rules) {
            continue;
        } else if let Some(m) = moved.get(&country) {
            (
                m.iter().cloned().collect(),
                "from the units that moved through or flew over it".to_string(),
            )
        } else {
            continue;
        };
        let order = first.get(&country).cloned().unwrap_or_default();
        out.push(Event::Guerrillas {
            country,
            side,
            factors: loss,
            why,
            rule: Rule::para(para!("29.6")),
        });
        let cause = format!("guerrillas in {}", country.name());
        out.extend(take_factors(
            rules,
            pos,
            (&units, &order, &attacked),
            loss,
            &cause,
            &Rule::para(para!("29.6")),
        ));
    }
    out
}

/// 29.6: the units that attacked in the player-turn's `events`: in a battle, an
/// automatic victory, a barrage, an attack on a city or a combat mission.
pub fn attackers(events: &[Event]) -> BTreeSet<UnitId> {
    let mut out = BTreeSet::new();
    for e in events {
        match e {
            Event::Battle(b) => out.extend(b.attackers.iter().map(|a| a.0.clone())),
            Event::AutomaticVictory { attackers, .. } | Event::CityAttacked { attackers, .. } => {
                out.extend(attackers.iter().map(|a| a.0.clone()));
            }
            Event::Barraged { artillery, .. } => out.extend(artillery.iter().map(|a| a.0.clone())),
            Event::Air(AirEvent::Flew { unit, .. }) => {
                out.insert(unit.clone());
            }

            // Every other event, named so that a new way of attacking is considered here:
            // none of these names a unit that attacks (33: the bombers of a strike flew
            // it, `Flew`).
            Event::Air(
                AirEvent::Struck(_)
                | AirEvent::BomberLosses(_)
                | AirEvent::Inverted { .. }
                | AirEvent::AirCombat(_),
            )
            | Event::TurnBegan { .. }
            | Event::SetUp { .. }
            | Event::Placed { .. }
            | Event::Moved { .. }
            | Event::Flown { .. }
            | Event::SetUpAtSea { .. }
            | Event::PutToSea { .. }
            | Event::Sailed { .. }
            | Event::Landed { .. }
            | Event::Invaded { .. }
            | Event::RangersLanded { .. }
            | Event::LakeCrossed { .. }
            | Event::Replaced { .. }
            | Event::AirTransportReplaced { .. }
            | Event::Weather(_)
            | Event::Resources(_)
            | Event::AssaultPlaced { .. }
            | Event::LandedFromAssault { .. }
            | Event::WentAshore { .. }
            | Event::Supply { .. }
            | Event::RemovedBeforeCombat { .. }
            | Event::Eliminated { .. }
            | Event::Substituted { .. }
            | Event::BrokenDown { .. }
            | Event::Recombined { .. }
            | Event::Retreated { .. }
            | Event::Advanced { .. }
            | Event::Decided { .. }
            | Event::CityChanged { .. }
            | Event::CityFromNextPlayerTurn { .. }
            | Event::ReinforcementsDue { .. }
            | Event::VictoryCheck { .. }
            | Event::GameOver { .. }
            | Event::Owed { .. }
            | Event::Completed { .. }
            | Event::Note { .. }
            | Event::BarrageWithoutTarget { .. }
            | Event::MinorInvaded { .. }
            | Event::CityBombarded { .. }
            | Event::MinorOverflown { .. }
            | Event::Guerrillas { .. }
            | Event::MinorSupply { .. }
            | Event::Air(
                AirEvent::Staged { .. } | AirEvent::Bombed { .. } | AirEvent::Landed { .. },
            )
            | Event::Ascendancy(_) => {}
        }
    }
    out
}

/// 29.6: "The two factors may not participate in attacks before removal." Under the
/// rulebook's reading (`guerrilla-29-6 = end-of-player-turn`) the units the aggressor
/// names in `lose` of a `[[minor]]` order are those the loss is taken from at the end of
/// his player-turn, so none of them may attack this player-turn: in an `[[attack]]`, an
/// automatic victory, a `[[barrage]]` or a combat `[[mission]]`. Under 003 29.6 the
/// loss is taken before combat, and nothing is refused.
pub fn check_named_losses(rules: &Rules, orders: &Orders) -> Vec<OrderError> {
    if !in_play(rules) || at_end_of_movement(rules) {
        return Vec::new();
    }
    let mut attacks: BTreeMap<&UnitId, String> = BTreeMap::new();
    for a in &orders.attacks {
        for u in &a.units {
            attacks
                .entry(&u.value)
                .or_insert(format!("battle {}", a.id.value));
        }
    }
    for a in &orders.avs {
        for u in &a.units {
            let what = format!("the automatic victory against {}", a.hex.value);
            attacks.entry(&u.value).or_insert(what);
        }
    }
    for b in &orders.barrages {
        for u in &b.units {
            attacks
                .entry(&u.value)
                .or_insert(format!("barrage {}", b.id.value));
        }
    }
    for m in orders.missions.iter().filter(|m| m.kind.value.is_combat()) {
        for u in &m.units {
            let what = format!("the {} mission over {}", m.kind.value, m.to.value);
            attacks.entry(&u.value).or_insert(what);
        }
    }
    let mut errors = Vec::new();
    for o in &orders.minors {
        for u in &o.lose {
            let Some(attack) = attacks.get(&u.value) else {
                continue;
            };
            let problem = Problem::GuerrillaLossAttacks {
                unit: u.value.clone(),
                country: o.country.value.name().to_string(),
                attack: attack.clone(),
            };
            errors
                .push(OrderError::new(problem, Some(u.span.clone()), cite!("29.6")).unit(&u.value));
        }
    }
    errors
}
