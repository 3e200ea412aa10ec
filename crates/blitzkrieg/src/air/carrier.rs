//! 30.3: carrier-based aircraft on their missions. A TAC in a zone's At Sea Box flies
//! a tactical mission from a full sea hex of its zone named in the mission's `from`
//! (its range, and the doubling of 30.8 by Q&A 30.8, counted from it). While it flies
//! it is not at sea (003 30.3); after combat it returns to a full sea hex of the zone
//! it flew from (by default the hex it took off from) or lands in a friendly city, and
//! no aircraft lands at sea unless it took off from the sea (003 30.3). Going to sea
//! from a port is the movement's (`movement/carrier.rs`).
//!
//! 003 30.3: "A carrier-based air unit may return to land in 3 ways:" — the list is
//! lost from the source. Reconstructed from what 000 30.3 and 003 30.3 allow: (a) by
//! sea movement into a port, as ground units land (`[[sea]] land`, 30.3: "Air units
//! move to and from ports ... just like ground units"); (b) by landing in a friendly
//! city after a combat air operation (30.3: "or land in a friendly city"); (c) by a
//! change of base (`kind = "transfer"`) flown from a full sea hex of its zone named in
//! `from` to a friendly city, staging along cities as 30.7 (never to sea: 003 30.3),
//! if it did not change sea zones this player-turn (30.3).
//!
//! 003 19.4 (reading `cut-off-sea-19-4=no-naval-activity`): no carrier aircraft takes
//! off from a zone cut off from the board edge by enemy ZOC (the zones found as for
//! sailing, `sea::cut_off_zones`); the gulf north of X34-Y34 is zone F, and X34 and
//! Y34 themselves belong to zones B and C, which reach the board edge, as 003 says.

use super::{AirEvent, Mission};
use crate::board::SeaZone;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::model::landing::Landing;
use crate::position::Position;
use crate::rules::Rules;
use crate::ruleset::CutOffSea;
use crate::units::{stack_halves, Side, UnitId};

/// 30.3: the full sea hex of `zone` a carrier-based aircraft flies mission `m` from,
/// or why it may not fly it. A change of base (003 30.3, the third way back to land)
/// is flown from it too, its first stage counted from it.
pub fn take_off(rules: &Rules, m: &Mission, zone: SeaZone) -> Result<Hex, String> {
    let Some(from) = &m.from else {
        return Err(format!(
            "it is at sea: name the full sea hex of zone {zone} it flies from with `from` (30.3)"
        ));
    };
    let board = &rules.board;
    if board.is_sea(from.value) && board.sea_zone(from.value) == Some(zone) {
        Ok(from.value)
    } else {
        Err(format!(
            "{} is not a full sea hex of zone {zone}, where it is based (30.3)",
            from.value
        ))
    }
}

/// 30.3: the half units of aircraft `side` has in the At Sea Boxes (those flying a
/// mission are on the map, not at sea: 003 30.3).
pub fn halves_at_sea(pos: &Position, side: Side) -> u32 {
    pos.at_sea()
        .filter(|a| a.side == side && a.kind.is_air())
        .map(|a| stack_halves(a.kind, a.substitute))
        .sum()
}

/// Half units of aircraft as words: "1/2 unit", "1 unit", "1 1/2 units".
pub fn units_words(halves: u32) -> String {
    let n = super::base::halves_text(halves);
    if halves <= 2 {
        format!("{n} unit")
    } else {
        format!("{n} units")
    }
}

/// 30.3: "one full unit or up to two 1/2 units of TAC or FTR" at sea: whether `halves`
/// fit.
pub fn fits_at_sea(rules: &Rules, halves: u32) -> bool {
    halves <= rules.ruleset.tournament_figures.air.carrier_halves
}

/// 003 19.4 (30.3), reading `cut-off-sea-19-4=no-naval-activity`: whether `side`'s
/// carrier aircraft in `zone` may not take off because enemy ZOC cuts the zone off
/// from the board edge ("no friendly naval activity of any sort"). Never under
/// `ports-only`.
pub fn cut_off(rules: &Rules, pos: &Position, side: Side, zone: SeaZone) -> bool {
    rules.ruleset.cut_off_sea() == CutOffSea::NoNavalActivity
        && crate::sea::cut_off_zones(&rules.board, pos, side).contains(&zone)
}

/// 30.3, 003 30.3: whether an aircraft lands at sea at `hex` (Ok(true)), on land
/// (Ok(false)), or may not land there: only one that flew from `zone`, and only back
/// in that zone.
pub fn lands_at_sea(rules: &Rules, zone: Option<SeaZone>, hex: Hex) -> Result<bool, String> {
    let board = &rules.board;
    if !board.is_sea(hex) {
        return Ok(false);
    }
    match (zone, board.sea_zone(hex)) {
        (Some(z), Some(at)) if z == at => Ok(true),
        (Some(z), _) => Err(format!(
            "it returns to zone {z}, which it flew from, or to a friendly city (30.3)"
        )),
        (None, _) => {
            Err("it did not take off from the sea: it may not land at sea (30.3, 003 30.3)".into())
        }
    }
}

/// 30.3: a carrier-based aircraft returning to its zone's At Sea Box after combat,
/// if the side's aircraft at sea leave it room (003 19.3 & 30.3: landing back is a
/// time the limit is applied); else it lands as other bombers do (`None`).
pub fn land_at_sea(rules: &Rules, pos: &mut Position, id: &UnitId, l: &Landing) -> Option<Event> {
    let zone = l.zone?;
    let c = rules.counters.get(id)?;
    if !fits_at_sea(rules, halves_at_sea(pos, c.side) + c.stack_halves()) {
        return None;
    }
    pos.put_to_sea(c, zone);
    Some(Event::Air(AirEvent::Landed {
        unit: id.clone(),
        hex: l.base,
        note: Some(format!("back in the At Sea Box of zone {zone}")),
        rule: Rule::para(para!("30.3")),
    }))
}
