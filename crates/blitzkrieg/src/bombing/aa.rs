//! BLITZKRIEG '85's anti-aircraft fire (rule 48, which "alters 32.6 and 33"): what the
//! ground units and the city of a hex fire at the bombers that attack it, on the ACT
//! (48.1), all of a hex's A-A together (48.5), halved at night (48.6), and the losses it
//! inflicts, half of them (fractions down) before the bombers strike and the rest after
//! (48.21, 48.34). Played only in a game of '85: the Tournament Game keeps 33.2's
//! airbase fire and no A-A anywhere else.
//!
//! Where it fires: at the bombers of a battle (30.41, the defending units of every hex
//! the battle attacks), at a strategic bombing (30.42) and at the missions of rule 33
//! (33.2-33.6: the city's fire with the units in it). At fighters strafing the aircraft
//! on a city or airfield (32.6) the city or airfield fires its 5 instead of half the
//! grounded factors ([`strafed_base_fire`], 48.31-48.32, in a game that records
//! `4831`); strafing of ground units (33.7) keeps its fire of half their attack.
//!
//! Readings where 004 is silent:
//! - **Which column.** The A-A value of the hex (48.5: everything in it that fires,
//!   added together; 48.6: halved at night, fractions down, after the adding) fires on
//!   the ACT column that holds it, as 33.2's airbase fire and every other fire on the
//!   ACT: 2 on "1-4", 9 on "9-12". Its result is bomber factors eliminated.
//! - **A battle over several hexes** (30.41): its bombers support the attack on all of
//!   them, so the full-stacking units of all its hexes fire together, as one hex's.
//! - **What "the city itself" is** (48.31): the missions of rule 33 on a city (its
//!   airbase, 33.2; port, 33.3; road, 33.4; supply and industry, 33.5, which are the
//!   critical resources of 36). A strategic bombing of the ground units in a city
//!   (30.42) or a battle there attacks the units, not the city: only they fire.
//! - **An airfield** (48.31 with 49): it fires as a city at the missions on it (33.2's
//!   attack on the aircraft there, 52.2's on the airbase itself), with the units there;
//!   a game made before 48.31's airfields were built (no `4831` in its `rules85`) fires
//!   the units' alone there, as it was played.
//! - **A mixed raid** (48.24, 48.33): the TAC and MDM draw the fire of the units and of
//!   the city's 5; the SAC, the city's 1 alone, a roll of its own. A raid on ground
//!   units with SAC and MDM: the units fire at the MDM only.
//! - **Full stacking** (48.22): a division-sized counter (a full unit, 2.4), never a
//!   substitute (a replacement unit) nor an aircraft (48.32); helicopters, once they
//!   are units, never fire. The A-A is never halved by weather (003 34) or supply.
//! - **Whose losses.** The bombers fired at lose, the fewest attack factors first, as
//!   after 33.2's fire; a bomber worth more than the loss is broken into substitutes
//!   (26.2) at its base, which do not strike. The second half is taken after the
//!   battle or the bombing, from the bombers still on the map.
//! - **Naval A-A** (48.4): naval rules 42-45 are not built, so no naval unit is ever on
//!   the map to fire; 48.41's "as per Rule 44.61" names a paragraph 004 does not print.
//!   A port bombed (33.3) says so in the report.

use crate::air::AirEvent;
use crate::bombing::{take_factors, Hazard};
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::model::raid::kind_name;
use crate::model::raid::{Raid, RaidTarget};
use crate::odds::Factor;
use crate::position::Position;
use crate::roll::DrawRoll;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Counter, Side, Size, UnitId, UnitKind};

/// 48.1: whether the game fires rule 48's A-A: a game of '85 only.
pub fn played(rules: &Rules) -> bool {
    rules.ruleset.plays85(48)
}

/// 48.31 (with 49): what fires 48.31's 5 (1 at SAC, 48.33) in `hex` for `side`: a
/// city, else an airfield of `side`'s in a game that records 48.31's airfields
/// ([`crate::ruleset::AIRFIELD_AA_48_31`]; one made before fires none there, as it was
/// played); `None` when neither.
pub fn fires_as_city(rules: &Rules, pos: &Position, side: Side, hex: Hex) -> Option<&'static str> {
    if rules.board.is_city(hex) {
        return Some("city");
    }
    let airfield = rules.ruleset.plays85(crate::ruleset::AIRFIELD_AA_48_31)
        && pos.airfield_owner(hex) == Some(side);
    airfield.then_some("airfield")
}

/// 48.31-48.32: the A-A value and its words with which a city, or an airfield of
/// `side`'s, fires back at the fighters strafing the aircraft on it (32.6, which 48
/// alters): the city's 5, the aircraft there adding nothing (48.32) and the ground units
/// only against TAC and MDM, which never strafe. Only in a game that records 48.31's
/// airfields ([`crate::ruleset::AIRFIELD_AA_48_31`]): one made before fires half its
/// grounded air factors back (003 32.32), as it was played. `None` there and elsewhere.
pub fn strafed_base_fire(
    rules: &Rules,
    pos: &Position,
    side: Side,
    hex: Hex,
) -> Option<(u32, String)> {
    if !rules.ruleset.plays85(crate::ruleset::AIRFIELD_AA_48_31) {
        return None;
    }
    let figures = crate::eighty5::Figures85::embedded()?;
    let site = fires_as_city(rules, pos, side, hex)?;
    let value = figures.aa.city;
    Some((
        value,
        format!("the {site}'s A-A of {value} at the strafers (48.31; the aircraft on it add none, 48.32)"),
    ))
}

/// 48.22: whether `c` fires A-A: a full-stacking ground unit, never a replacement unit
/// (substitute) or an aircraft.
pub fn fires_aa(c: &Counter) -> bool {
    !c.kind.is_air() && c.size == Size::Division
}

/// What the bombers attack, for 48.31.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attacked {
    /// 48.2: the ground units of the hexes (a battle, 30.41; a strategic bombing, 30.42).
    Units,
    /// 48.3: the city itself, its critical resources or the air units on its airbase (33.2-33.5).
    City,
}

/// One fire of A-A at some of the bombers: its value and what makes it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Volley {
    /// The bombers fired at.
    pub at: Vec<UnitId>,
    /// The A-A value, after 48.6's halving.
    pub value: u32,
    /// What fires, for the report.
    pub what: String,
    pub rule: Rule,
    /// Whether it is the fire at SAC (48.33), rolled apart.
    pub at_sac: bool,
}

/// The full-stacking ground units of `side` in `hexes` (48.22, 48.5).
fn gunners(rules: &Rules, pos: &Position, side: Side, hexes: &[Hex]) -> Vec<UnitId> {
    let mut out = Vec::new();
    for hex in hexes {
        for p in pos.at(*hex).filter(|p| p.side == side) {
            if rules.counters.get(&p.id).is_some_and(fires_aa) {
                out.push(p.id.clone());
            }
        }
    }
    out
}

fn kind_of(rules: &Rules, id: &UnitId) -> Option<UnitKind> {
    rules.counters.get(id).map(|c| c.kind)
}

fn para(p: crate::cite::Paragraph) -> Ref {
    Ref::Para(p.into())
}

/// 48.2-48.3, 48.5-48.6: the fires of `side`'s A-A in `hexes` at `bombers` attacking
/// `attacked`, `night` or by day: at the TAC and MDM, the full-stacking units' 2 each
/// (48.22) with the city's 5 when the city is attacked (48.31); at the SAC, the city's
/// 1 alone (48.23, 48.24, 48.33). None outside a game of '85, and no fire of value 0.
pub fn volleys(
    rules: &Rules,
    pos: &Position,
    (side, hexes): (Side, &[Hex]),
    attacked: Attacked,
    bombers: &[UnitId],
    night: bool,
) -> Vec<Volley> {
    let Some(figures) = crate::eighty5::Figures85::embedded().filter(|_| played(rules)) else {
        return Vec::new();
    };
    let aa = figures.aa;
    let flying: Vec<&UnitId> = bombers.iter().filter(|b| pos.get(b).is_some()).collect();
    let of = |kinds: &[UnitKind]| -> Vec<UnitId> {
        flying
            .iter()
            .filter(|b| kind_of(rules, b).is_some_and(|k| kinds.contains(&k)))
            .map(|b| (*b).clone())
            .collect()
    };
    let site = hexes
        .iter()
        .find_map(|h| fires_as_city(rules, pos, side, *h))
        .filter(|_| attacked == Attacked::City);
    let city = site.is_some();
    let site = site.unwrap_or("city");
    let units = gunners(rules, pos, side, hexes);
    let n = u32::try_from(units.len()).unwrap_or(u32::MAX);
    let mut out = Vec::new();
    // 48.22, 48.31: at the TAC and MDM.
    let tactical = of(&[UnitKind::Tac, UnitKind::Mdm]);
    if !tactical.is_empty() {
        let ground = n.saturating_mul(aa.ground_unit);
        let mut parts = Vec::new();
        let mut rule = Rule::para(para!("48.22"));
        if city {
            parts.push(format!("the {site}'s {}", aa.city));
            rule = Rule::para(para!("48.31"));
        }
        if n > 0 {
            parts.push(format!(
                "{n} full-stacking ground unit{} at {} each",
                if n == 1 { "" } else { "s" },
                aa.ground_unit
            ));
        }
        if city && n > 0 {
            rule = rule.and(para(para!("48.5")));
        }
        let with_sac = flying
            .iter()
            .any(|b| kind_of(rules, b) == Some(UnitKind::Sac));
        if with_sac && attacked == Attacked::Units {
            rule = rule.and(para(para!("48.24")));
        }
        let value = ground.saturating_add(if city { aa.city } else { 0 });
        out.push(volley(tactical, value, parts, rule, night, false));
    }
    // 48.23, 48.33: at the SAC, only a city fires.
    let strategic = of(&[UnitKind::Sac]);
    if !strategic.is_empty() && city {
        let parts = vec![format!("the {site}'s {} against SAC", aa.city_against_sac)];
        let rule = Rule::para(para!("48.33")).and(para(para!("48.23")));
        out.push(volley(
            strategic,
            aa.city_against_sac,
            parts,
            rule,
            night,
            true,
        ));
    }
    out.retain(|v| v.value > 0);
    out
}

/// 48.6: one volley, halved at night (fractions down).
fn volley(
    at: Vec<UnitId>,
    value: u32,
    parts: Vec<String>,
    rule: Rule,
    night: bool,
    at_sac: bool,
) -> Volley {
    let (value, what, rule) = if night {
        (
            value / 2,
            format!(
                "A-A fire of {} factors ({}: {value}, halved at night, fractions down)",
                value / 2,
                parts.join(" and ")
            ),
            rule.and(para(para!("48.6"))),
        )
    } else {
        (
            value,
            format!("A-A fire of {value} factors ({})", parts.join(" and ")),
            rule,
        )
    };
    Volley {
        at,
        value,
        what,
        rule,
        at_sac,
    }
}

/// 48.21, 48.34: the losses still owed after the strike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Owed(Vec<(Hex, Vec<UnitId>, u32, Rule)>);

/// 48.1, 48.21, 48.34: `volleys` fired over `hex` on the ACT, each roll drawn under
/// `aa-ID` (`aa-sac-ID` for the fire at SAC) with `stock`; half of each loss, fractions
/// down, taken now from the bombers fired at, the fewest factors first; the rest owed
/// for [`after_strike`].
pub fn fire(
    rules: &Rules,
    pos: &mut Position,
    (hex, id, stock): (Hex, &str, Option<&str>),
    volleys: Vec<Volley>,
    tables: &dyn CombatTables,
    roll: &mut DrawRoll,
) -> Result<(Vec<Event>, Owed), String> {
    let mut events = Vec::new();
    let mut owed = Owed::default();
    for v in volleys {
        let roll_id = if v.at_sac {
            format!("aa-sac-{id}")
        } else {
            format!("aa-{id}")
        };
        let (drawn, shown) = roll(&roll_id, stock)?;
        let cell = tables
            .act(Factor::from(v.value), drawn)
            .map_err(|e| e.to_string())?;
        let lost = cell.result.factors;
        events.push(Event::Air(AirEvent::BomberLosses(Hazard {
            hex,
            fire: v.what.clone(),
            roll: shown,
            table: format!("{}: {}", cell.cite, cell.printed),
            lost,
            rule: v.rule.clone(),
        })));
        if lost == 0 {
            continue;
        }
        let before = lost / 2;
        let half = Rule::para(para!("48.21")).and(para(para!("48.34")));
        events.push(Event::Note {
            text: format!(
                "of the {lost} bomber factors lost over {hex}, {before} before the strike (half, fractions down) and {} after it",
                lost - before
            ),
            rule: half.clone(),
        });
        let taken = lose(rules, pos, hex, &v.at, before, &half);
        // The substitutes a bomber is made up into take the rest with the others.
        let mut at = v.at;
        made_up(&mut at, &taken);
        events.extend(taken);
        owed.0.push((hex, at, lost - before, half));
    }
    Ok((events, owed))
}

/// `factors` of `bombers` (those still on the map) eliminated, the fewest first.
fn lose(
    rules: &Rules,
    pos: &mut Position,
    hex: Hex,
    bombers: &[UnitId],
    factors: u32,
    rule: &Rule,
) -> Vec<Event> {
    if factors == 0 {
        return Vec::new();
    }
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let mut left: Vec<UnitId> = bombers
        .iter()
        .filter(|b| pos.get(b).is_some())
        .cloned()
        .collect();
    left.sort_by_key(|id| (attack(id), id.clone()));
    take_factors(rules, pos, hex, left, factors, "A-A fire", rule)
}

/// 48.21, 48.34: the rest of the A-A losses, "after the air attack is complete",
/// taken from the bombers fired at that are still on the map, with the substitutes
/// `strike` (the battle's or the bombing's events) made any of them up into.
pub fn after_strike(rules: &Rules, pos: &mut Position, owed: Owed, strike: &[Event]) -> Vec<Event> {
    let mut events = Vec::new();
    for (hex, mut at, factors, rule) in owed.0 {
        made_up(&mut at, strike);
        events.extend(lose(rules, pos, hex, &at, factors, &rule));
    }
    events
}

/// The substitutes any of `at` was made up into in `events` (26.2), added to `at`.
fn made_up(at: &mut Vec<UnitId>, events: &[Event]) {
    for e in events {
        if let Event::Substituted { unit, into, .. } = e {
            if at.contains(unit) {
                at.extend(
                    into.iter()
                        .filter(|u| !at.contains(u))
                        .cloned()
                        .collect::<Vec<_>>(),
                );
            }
        }
    }
}

/// 48.21-48.24 (30.41): the A-A of the hexes a battle attacks, fired at its bombers
/// before its odds (roll `aa-BATTLE`).
pub fn at_battle(
    rules: &Rules,
    pos: &mut Position,
    (defender, id, stock): (Side, &str, Option<&str>),
    (units, targets): (&[UnitId], &[Hex]),
    tables: &dyn CombatTables,
    roll: &mut DrawRoll,
) -> Result<(Vec<Event>, Owed), String> {
    let bombers: Vec<UnitId> = units
        .iter()
        .filter(|u| kind_of(rules, u).is_some_and(UnitKind::is_bomber))
        .cloned()
        .collect();
    let Some(hex) = targets.first().copied() else {
        return Ok((Vec::new(), Owed::default()));
    };
    if bombers.is_empty() {
        return Ok((Vec::new(), Owed::default()));
    }
    let fires = volleys(
        rules,
        pos,
        (defender, targets),
        Attacked::Units,
        &bombers,
        false,
    );
    fire(rules, pos, (hex, id, stock), fires, tables, roll)
}

/// 48.2-48.3, 48.6: the A-A of a raid's hex fired at its bombers before they bomb
/// (roll `aa-KIND-HEX`: `aa-bombing-K10`, `aa-airbase-K10`, ...): the units' at a
/// strategic bombing (30.42), the city's with the units' at a mission of rule 33; at
/// a port (33.3), the note that no naval unit fires (48.41).
pub fn at_raid(
    rules: &Rules,
    pos: &mut Position,
    (raid, defender): (&Raid, Side),
    tables: &dyn CombatTables,
    roll: &mut DrawRoll,
) -> Result<(Vec<Event>, Owed), String> {
    if !played(rules) {
        return Ok((Vec::new(), Owed::default()));
    }
    let attacked = if raid.target.is_units() {
        Attacked::Units
    } else {
        Attacked::City
    };
    let hexes = [raid.hex];
    let fires = volleys(
        rules,
        pos,
        (defender, &hexes),
        attacked,
        &raid.bombers,
        raid.night,
    );
    let id = format!("{}-{}", kind_name(raid.target), raid.hex);
    let (mut events, owed) = fire(
        rules,
        pos,
        (raid.hex, &id, raid.stock.as_deref()),
        fires,
        tables,
        roll,
    )?;
    if raid.target == RaidTarget::Port {
        events.push(naval_note(raid.hex));
    }
    Ok((events, owed))
}

/// 48.41: the note of a port bombed (33.3) in a game of '85: no naval unit fires.
fn naval_note(hex: Hex) -> Event {
    Event::Note {
        text: format!(
            "no naval unit in {hex} adds its A-A: the naval rules (42-45) are not built, so none is in port"
        ),
        rule: Rule::para(para!("48.41")).and(para(para!("48.5"))),
    }
}
