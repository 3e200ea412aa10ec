//! 29: the report's lines for the minor countries' events.

use crate::event::Event;
use crate::model::count::counted;
use std::fmt::Write as _;

/// One event of the minor countries, as the report writes it.
pub fn line(out: &mut String, e: &Event) -> std::fmt::Result {
    match e {
        Event::MinorInvaded {
            country,
            aggressor,
            unit,
            hex,
            rule,
        } => {
            let how = match unit {
                Some(u) => format!("{u} entered {hex}"),
                None => format!("its city {hex} was attacked"),
            };
            writeln!(
                out,
                "  {} is invaded: {how}; {aggressor} is its aggressor and {} its liberator; its unreduced cities are friendly to {} ({rule})",
                country.name(),
                aggressor.other(),
                aggressor.other()
            )
        }
        Event::CityAttacked {
            id,
            city,
            country,
            attackers,
            factors,
            roll,
            table,
            loss,
            reduced,
            rule,
            ..
        } => {
            let names: Vec<String> = attackers
                .iter()
                .map(|(u, h, f)| format!("{u} ({f}) from {h}"))
                .collect();
            let _ = writeln!(
                out,
                "  Battle {id}: {} attack the city {city} of {} with {} ({rule})",
                names.join(", "),
                country.name(),
                counted(factors, "factor")
            );
            let _ = writeln!(out, "    roll {roll}; {table}");
            let what = if *reduced {
                "the city is reduced: the aggressor may enter it from now on (29.4-29.5)"
            } else {
                "the city holds: the attackers retreat 2 hexes (MCRT)"
            };
            writeln!(
                out,
                "    the attackers lose {}; {what}",
                counted(loss, "factor")
            )
        }
        Event::CityBombarded {
            city,
            country,
            by,
            rule,
            ..
        } => writeln!(
            out,
            "    {by} strikes the unreduced city {city} of {}: BBT results never reduce it; a bombed city-road (33.4) is not played, so it has no further effect ({rule})",
            country.name()
        ),
        Event::MinorOverflown {
            unit,
            country,
            from,
            to,
            budget,
            hex,
            rule,
        } => writeln!(
            out,
            "  {unit} flying from {from} to {to} passes over {} at {hex}: no way of {budget} hexes or less keeps out of it ({rule}; the umpire's reading)",
            country.name()
        ),
        Event::Guerrillas {
            country,
            side,
            factors,
            why,
            rule,
        } => writeln!(
            out,
            "  guerrillas in {}: {side} removes {}, {why} ({rule})",
            country.name(),
            counted(factors, "factor")
        ),
        Event::MinorSupply {
            country,
            side,
            paid,
            factors,
            rule,
        } => {
            if *paid {
                writeln!(
                    out,
                    "  {side} removes {} in {} to trace supply into or through it this player-turn ({rule})",
                    counted(factors, "factor"),
                    country.name()
                )
            } else {
                writeln!(
                    out,
                    "  {side} traces no supply into, through or out of {} this player-turn, not even by sea to its ports ({rule})",
                    country.name()
                )
            }
        }

        // Every other event, named so that a new minor country event is considered
        // here: the other parts of the report tell these.
        Event::TurnBegan { .. }
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
        | Event::Barraged { .. }
        | Event::BarrageWithoutTarget { .. }
        | Event::Air { .. }
        | Event::Ascendancy(_)
        | Event::Resources(_) => Ok(()),
    }
}
