//! What a gale does at sea (Weather Chart, Gale): units at sea must land in a friendly
//! port that turn if possible, or be eliminated; no invasions (refused where the
//! invasion is written, `movement/invasion.rs`); no supply by sea through ports or
//! beaches ([`cuts_sea_supply`]).

use super::{Weather, WeatherEvent};
use crate::cite::Rule;
use crate::event::Event;
use crate::position::Position;
use crate::units::Side;

/// Weather Chart, Gale: "all units at sea must land in a friendly port that turn if
/// possible, or be eliminated". Read as: at the end of its own movement in a gale, each
/// unit of the moving side still at sea (ground units and aircraft based at sea alike)
/// is eliminated; the other side's units at sea meet the gale at the end of their own
/// movement, the same complete-turn.
pub fn lost_in_gale(pos: &mut Position, side: Side) -> Vec<Event> {
    if pos.weather() != Weather::Gale {
        return Vec::new();
    }
    let lost: Vec<(crate::units::UnitId, char)> = pos
        .at_sea()
        .filter(|a| a.side == side)
        .map(|a| (a.id.clone(), a.zone))
        .collect();
    lost.into_iter()
        .map(|(unit, zone)| {
            pos.remove(&unit);
            Event::Weather(WeatherEvent::LostAtSea {
                unit,
                zone,
                rule: Rule::para(para!("34")),
            })
        })
        .collect()
}

/// Weather Chart, Gale: "no supply by sea through ports or beaches".
pub fn cuts_sea_supply(weather: Weather) -> bool {
    weather == Weather::Gale
}
