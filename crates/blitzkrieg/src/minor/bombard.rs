//! 003 29.4: the Barrage and Bombardment Table against an unreduced minor country
//! city. "An unreduced minor country city may be attacked on the BBT, e.g. to negate
//! its use as a road by the liberator. But BBT results never contribute to reducing
//! the city." This module owns which cities an artillery barrage or a strategic
//! bombing may strike with no enemy unit in them, and the report's word that the city
//! is left unreduced.
//!
//! Where the rules are silent:
//! - The city is open to the BBT of its aggressor, or of either side while its country
//!   is neutral: the attack makes him its aggressor (29.2, "attack a minor country").
//! - Liberator ground units in the city take the BBT's loss as any defender would.
//! - Rule 33.4 (a bombed city-road) is not played: the attack has no further effect.

use super::{aggressor, in_play, minor_of, unreduced, Minors};
use crate::air::AirEvent;
use crate::board::Country;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::rules::Rules;
use crate::units::Side;
use std::borrow::Cow;

/// 003 29.4: the minor country of `hex` when it is an unreduced city of a country
/// neutral or with `side` its aggressor, which `side` may strike on the BBT though no
/// enemy unit is in it.
pub fn open_city(rules: &Rules, minors: &Minors, side: Side, hex: Hex) -> Option<Country> {
    if !in_play(rules) || !rules.board.is_city(hex) {
        return None;
    }
    let country = minor_of(&rules.board, hex)?;
    let open = aggressor(minors, country).is_none_or(|a| a == side);
    (open && unreduced(minors, country, hex)).then_some(country)
}

/// 003 29.4: the BBT events of `side` (barrages and strategic bombings) with, after
/// each one on an unreduced minor country city, the event saying the city is not
/// reduced by it.
pub fn with_city_notes(
    rules: &Rules,
    minors: &Minors,
    side: Side,
    events: Vec<Event>,
) -> Vec<Event> {
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        let struck = match &e {
            Event::Barraged { id, target, .. } => Some((format!("barrage {id}"), *target)),
            Event::Air(AirEvent::Bombed { hex, bombers, .. }) => {
                let names: Vec<String> = bombers.iter().map(ToString::to_string).collect();
                Some((format!("the bombing by {}", names.join(", ")), *hex))
            }

            // Every other event, named so that a new attack is considered here: none of
            // these attacks a hex (33: the missions of rule 33 are refused over a
            // minor country).
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
            | Event::AutomaticVictory { .. }
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
            | Event::Battle { .. }
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
            | Event::CityAttacked { .. }
            | Event::CityBombarded { .. }
            | Event::MinorOverflown { .. }
            | Event::Guerrillas { .. }
            | Event::MinorSupply { .. }
            | Event::Air(
                AirEvent::Flew { .. } | AirEvent::Staged { .. } | AirEvent::Landed { .. },
            )
            | Event::Ascendancy(_) => None,
        };
        out.push(e);
        let Some((by, city)) = struck else {
            continue;
        };
        if let Some(country) = open_city(rules, minors, side, city) {
            out.push(Event::CityBombarded {
                side,
                city,
                country,
                by,
                rule: Rule::para(para!("29.4")).and(Ref::Reading(Cow::Borrowed("29.4"))),
            });
        }
    }
    out
}
