//! BLITZKRIEG '85's damage a player applies to his own facilities (52.6): "A player may
//! freely apply any single light or heavy damage level to any facility he currently
//! occupies with a ground unit at the end of his player turn. He may also choose not to
//! remove damage if he wishes." Owns the orders that say so (`[[demolish]]`,
//! `[[keep_damage]]`), their check ([`check`]) and the damage applied at the end of the
//! player-turn ([`apply`]); the levels kept are passed by ([`super::damage::wear_off`]).
//!
//! Readings where 004 is silent:
//! - **Which facilities**: those a bombardment may damage (52.2-52.3): a port, a city's
//!   road, its supply and industry, its critical resources (a city with one), the
//!   airbase of a city or of an airfield. "Occupies with a ground unit": a ground unit
//!   of the side's (a helicopter too, 46.1) in the hex after its movement, and still at
//!   the end of the player-turn (one lost in the battles applies nothing, said in the
//!   report).
//! - **Whose damage**: the player's who applies it: its levels come off at the end of
//!   his player-turns (52.44), the first at the end of his next, so a light level lasts
//!   through the enemy's player-turn and his next. Added to damage already on the
//!   facility, it keeps that damage's owner.
//! - **"Choose not to remove damage"**: a `[[keep_damage]]` names a damaged facility
//!   whose levels come off in the side's player-turns; at the end of this player-turn
//!   no level comes off it.
//! - **"Any single ... level"**: one `[[demolish]]` a facility a player-turn.

use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{DamageLevel, HexMarkerKind};
use crate::model::raid::RaidTarget;
use crate::orders::{Located, OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::Side;

pub use crate::model::own_damage::OwnDamage;

/// Whether `side` has a ground unit in `hex` (52.6: "occupies with a ground unit").
fn occupies(pos: &Position, side: Side, hex: Hex) -> bool {
    pos.at(hex)
        .any(|p| p.side == side && !p.kind.is_air() && !pos.is_aloft(&p.id))
}

/// The facility `name` of `hex`, or why there is none to damage.
fn facility(
    rules: &Rules,
    pos: &Position,
    (hex, name): (Hex, &Located<String>),
) -> Result<HexMarkerKind, Problem> {
    let target = super::barrage::facility_of(&name.value);
    let Some((target, kind)) = target.and_then(|t| Some((t, t.marker()?))) else {
        return Err(Problem::OwnDamageNoFacility {
            facility: name.value.clone(),
            hex,
            why: "no facility is called so: `port`, `road`, `industry`, `resource` or `airbase-facility`".into(),
        });
    };
    if super::has_facility(rules, pos, target, hex) {
        return Ok(kind);
    }
    let why = match target {
        RaidTarget::Port => "it is not a port",
        RaidTarget::Resource => "it is no city with a critical resource (36.2-36.4)",
        RaidTarget::AirbaseFacility => "it is neither a city nor an airfield",
        _ => "it is not a city",
    };
    Err(Problem::OwnDamageNoFacility {
        facility: super::damage::facility(kind).into(),
        hex,
        why: why.into(),
    })
}

/// 52.6: the side's `[[demolish]]` and `[[keep_damage]]` orders checked against the
/// position after its movement: in a game that plays 52's damage only; a facility the
/// hex has, occupied by a ground unit of the side's, a level `light` or `heavy`, one
/// level a facility; a facility kept that has damage of the side's. What the end of
/// the player-turn applies, and the problems.
pub fn check(
    rules: &Rules,
    pos: &Position,
    side: Side,
    orders: &Orders,
) -> (OwnDamage, Vec<OrderError>) {
    let mut own = OwnDamage::default();
    let mut errors = Vec::new();
    let rule = cite!("52.6");
    if !super::damage::played(rules) {
        let spans = orders
            .demolish
            .iter()
            .map(|d| d.hex.span.clone())
            .chain(orders.keep_damage.iter().map(|k| k.hex.span.clone()));
        errors.extend(spans.map(|s| OrderError::new(Problem::OwnDamageNotPlayed, Some(s), rule)));
        return (own, errors);
    }
    let mut refuse = |p: Problem, span: &std::ops::Range<usize>| {
        errors.push(OrderError::new(p, Some(span.clone()), rule));
    };
    for d in &orders.demolish {
        let hex = d.hex.value;
        let kind = match facility(rules, pos, (hex, &d.facility)) {
            Ok(k) => k,
            Err(p) => {
                refuse(p, &d.facility.span);
                continue;
            }
        };
        let name = super::damage::facility(kind).to_string();
        let level = match d.level.value.to_ascii_lowercase().as_str() {
            "light" => DamageLevel::Light,
            "heavy" => DamageLevel::Heavy,
            _ => {
                let level = d.level.value.clone();
                refuse(Problem::OwnDamageLevel { level }, &d.level.span);
                continue;
            }
        };
        if !occupies(pos, side, hex) {
            let p = Problem::OwnDamageNotOccupied {
                side,
                facility: name,
                hex,
            };
            refuse(p, &d.hex.span);
        } else if own.demolish.iter().any(|(h, k, _)| (*h, *k) == (hex, kind)) {
            refuse(
                Problem::OwnDamageTwice {
                    facility: name,
                    hex,
                },
                &d.hex.span,
            );
        } else {
            own.demolish.push((hex, kind, level));
        }
    }
    for k in &orders.keep_damage {
        let hex = k.hex.value;
        let kind = match facility(rules, pos, (hex, &k.facility)) {
            Ok(kind) => kind,
            Err(p) => {
                refuse(p, &k.facility.span);
                continue;
            }
        };
        let owned = pos
            .damage()
            .get(&hex)
            .and_then(|f| f.get(&kind))
            .is_some_and(|d| d.owner == side);
        if owned {
            own.keep.push((hex, kind));
        } else {
            let p = Problem::KeepNoDamage {
                side,
                facility: super::damage::facility(kind).into(),
                hex,
            };
            refuse(p, &k.hex.span);
        }
    }
    (own, errors)
}

/// 52.6 at the end of `side`'s player-turn of `turn`: each level ordered applied to its
/// facility while a ground unit of the side's still occupies it, each said.
pub fn apply(pos: &mut Position, own: &OwnDamage, (turn, side): (u32, Side)) -> Vec<Event> {
    let rule = || Rule::para(para!("52.6"));
    let mut events = Vec::new();
    for &(hex, kind, level) in &own.demolish {
        let what = super::damage::facility(kind);
        if !occupies(pos, side, hex) {
            events.push(Event::Note {
                text: format!(
                    "{side} no longer occupies {hex}: its {what} takes no {level} damage"
                ),
                rule: rule(),
            });
            continue;
        }
        let result = match level {
            DamageLevel::Light => 1,
            DamageLevel::Heavy => 3,
        };
        if let Some((_, now)) = super::damage::bombed(pos, (hex, kind), side, result, (turn, side))
        {
            events.push(Event::Note {
                text: format!("{side} applies {level} damage to the {what} at {hex} it occupies ({kind}): now {now}"),
                rule: rule(),
            });
        }
    }
    events
}

/// The note of a facility whose level `side` keeps (52.6).
pub fn kept_note(side: Side, hex: Hex, kind: HexMarkerKind, left: crate::marker::Damage) -> Event {
    Event::Note {
        text: format!(
            "{side} does not remove damage from its {} at {hex} (52.6): damage left {left}",
            super::damage::facility(kind)
        ),
        rule: Rule::para(para!("52.6")),
    }
}
