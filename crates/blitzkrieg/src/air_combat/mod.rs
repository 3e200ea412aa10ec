//! Air combat (32, Tournament optional rule): the fighters (FTR) brought into play, what
//! they may fly, and the figures of the rule (`[air_combat]` of
//! `rules/blitzkrieg/tournament.toml`).
//!
//! A game plays the rule when it chose it (`--optional 32`,
//! `ruleset.plays(OptionalRule::AirCombat)`): its fighters then enter the game, are
//! based and change base like bombers (32.2; the counter mix and the order of
//! appearance already hold them, `Counter::in_tournament_game`).
//!
//! [`route`] owns the route a mission flies and the intercept range it gives (32.31),
//! [`intercept`] the interception by mail: the flights the defender may meet, his
//! answer, and the air combat on the ACT (32.3-32.34, 32.4); [`standing`] the
//! standing interception orders of a game that chose them instead of the exchange;
//! [`no_answer`] the exchange resolved without a defender who does not answer.
//!
//! [`hunt`] owns hunt missions (32.5-32.53) and [`strafe`] the strafing of grounded
//! aircraft (32.6), by the mover's hunters and by the defender's fighters in his answer.
//! [`transport`] owns the interception of air transport (32.33; in '85 47.33 and 50.76
//! too), [`nullify`] the AV it undoes (32.74), [`industry`] what a shortage of basic
//! industry does to air combat (36.32-36.34). [`patrol`] owns patrol (32.7-32.75), [`interdiction`] the ZOC of
//! patrol/interdiction (33.7). [`escort`] owns which fighters escort (32.4, 003 32.4),
//! [`losses`] the mover's choice of the order his units over a hex take losses (003
//! 32.31, 003 33.7).
//!
//! Left for later: 33.7's strafing of ground units.

pub mod intercept;
pub mod route;
pub mod standing;
// 32.5-32.6: hunt and strafe.
pub mod hunt;
pub mod strafe;
// 32.33: air transport interception.
pub mod transport;
// 47.33, 50.76: the transport aircraft shot down.
pub mod shot_down;
// 36.32-36.34 on air combat.
pub mod industry;
// 32.74: an AV nullified by interception.
pub mod nullify;
// 32.7-32.75, 33.7: patrol and patrol/interdiction.
pub mod interdiction;
pub mod patrol;
// 32.3: a defender who does not answer.
pub mod no_answer;
// 32.4: escorts, automatic over a bombing or air transport hex (003 32.4).
pub mod escort;
// 003 32.31, 003 33.7: the mover's choice of losses.
pub mod losses;
// 32.3, 003 32.3, 003 32.34: the wait-out and where returning fighters land.
pub mod landing;
pub mod wait_out;
// 003 32.35, 32.74: the reading fighter-scramble.
pub mod scramble;
// 47: BLITZKRIEG '85's fighters (47.1, 47.34).
pub mod fighters85;

use crate::air::{Mission, MissionKind};
use crate::cite::Cite;
use crate::hex::Hex;
use crate::orders::{Located, OrderError, Problem};
use crate::readings::MissionRoute;
use crate::rules::Rules;
pub use crate::ruleset::AirCombatFigures;
use crate::ruleset::{OptionalRule, Ruleset};
use crate::units::UnitId;

/// Whether the game plays rule 32.
pub fn in_play(ruleset: &Ruleset) -> bool {
    ruleset.plays(OptionalRule::AirCombat)
}

/// 30.1, 32.1-32.2: why a fighter may not fly a mission of `mission`'s kind: without
/// rule 32 it never flies; with it, it changes base like a bomber (32.2, 30.7) but
/// never bombs (32.1: fighters fight other aircraft).
pub fn fighter_refusal(ruleset: &Ruleset, mission: MissionKind) -> Option<(&'static str, Cite)> {
    if !in_play(ruleset) {
        return Some(("fighters fly only with optional rule 32", cite!("30.1")));
    }
    match mission {
        MissionKind::Transfer | MissionKind::Escort | MissionKind::Hunt => None,
        // 32.7, 33.7: patrol and patrol/interdiction.
        MissionKind::Patrol | MissionKind::Interdiction => {
            patrol::wrong_type(ruleset, crate::units::UnitKind::Ftr, mission)
        }
        MissionKind::Tactical
        | MissionKind::Strategic
        | MissionKind::Airbase
        | MissionKind::Port
        | MissionKind::Road
        | MissionKind::Industry
        | MissionKind::Resource
        | MissionKind::AirbaseFacility => Some((
            "fighters do not bomb: they change base (30.7) or fight other aircraft (32.1)",
            cite!("32.1"),
        )),
    }
}

/// 32.31: the route one aircraft of a mission flies, base first, in a game that plays
/// rule 32: the route written, checked (B310, B311); none written, `None` (the umpire
/// takes the route least favourable to interception), or refused under the reading
/// `mission-route-32-31=required` (B312). Without rule 32, `None`.
pub fn route_of(
    rules: &Rules,
    m: &Mission,
    (unit, base, range): (&Located<UnitId>, Hex, u32),
) -> Result<Option<Vec<Hex>>, Box<OrderError>> {
    if !in_play(&rules.ruleset)
        || matches!(
            m.kind.value,
            MissionKind::Transfer | MissionKind::Patrol | MissionKind::Interdiction
        )
    {
        return Ok(None);
    }
    if m.route.is_empty() {
        return match rules.ruleset.readings.mission_route {
            MissionRoute::LeastFavourable => Ok(None),
            MissionRoute::Required => Err(Box::new(
                OrderError::new(
                    Problem::RouteRequired {
                        unit: unit.value.clone(),
                    },
                    Some(m.kind.span.clone()),
                    cite!("32.31"),
                )
                .unit(&unit.value),
            )),
        };
    }
    route::checked(base, &m.route, &m.to, range)
        .map(Some)
        .map_err(|(problem, span)| {
            let problem = match problem {
                route::RouteProblem::Broken { why } => Problem::RouteBroken {
                    unit: unit.value.clone(),
                    why,
                },
                route::RouteProblem::TooLong { hexes } => Problem::RouteTooLong {
                    unit: unit.value.clone(),
                    hexes,
                    range,
                },
            };
            Box::new(OrderError::new(problem, Some(span), cite!("32.31")).unit(&unit.value))
        })
}
