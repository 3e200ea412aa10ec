//! 50.5-50.6: BLITZKRIEG '85's air transport by transport aircraft: the capacity the
//! units flown take, and the report's line of a flight. The order itself is played by
//! 9.3-9.4's air move (`movement::air`), which asks this module in a game of '85 that
//! records rule 50. 50.7: its air supply (`[[air_supply]]` with `aircraft`), played
//! here: the units it supplies are kept in the state (`air_supplied`) for the enemy's
//! next player-turn and the side's own (50.75), which `supply` honours.

use super::Turn;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::model::flight::Carrier;
use crate::orders::{AirMove, AirSupply85, Problem};
use crate::units::{names, UnitId, UnitKind};

/// 50.73-50.74: the hexes supplies may be landed and dropped within (`85.toml`'s
/// `[air_transport]`; none without its figures).
fn supply_reach() -> (u32, u32) {
    crate::eighty5::Figures85::embedded().map_or((0, 0), |f| {
        (
            f.air_transport.supply_landing_hexes,
            f.air_transport.supply_drop_hexes,
        )
    })
}

/// 50.71-50.72: the quarter units of capacity a unit of movement `movement` weighing
/// `halves` (26.4) takes to supply: half a unit of transport supplies "two isolated
/// replacement units, or their equivalent, with a movement of four" (a quarter each,
/// a full unit two), or "one isolated replacement unit with a movement greater than
/// four" (a half, a full unit a whole), air units among them.
pub fn supply_quarters(movement: u32, halves: u32) -> u32 {
    if movement > 4 {
        halves.saturating_mul(2)
    } else {
        halves
    }
}

impl Turn<'_, '_> {
    /// 50.7, 50.71-50.76: one transport aircraft supplies isolated units of one hex:
    /// the mover's, cut off from supply at the start of the player-turn (23.1), within
    /// its capacity; it lands in the hex (an airfield or city within 40 hexes, 50.73)
    /// or drops the supplies (within 20, 50.74), and does nothing else this
    /// player-turn (50.76). Refused whole (B388) otherwise.
    pub(super) fn supply_by_air(&mut self, a: &AirSupply85) {
        let plane = &a.aircraft;
        match self.air_supply_refusal(a) {
            Err(why) => {
                let problem = Problem::CannotAirSupply {
                    aircraft: plane.value.clone(),
                    why,
                };
                self.fail(
                    problem,
                    plane.span.clone(),
                    cite!("50.7"),
                    Some(&plane.value),
                );
            }
            Ok((hex, lands)) => {
                self.log.carriers.insert(plane.value.clone());
                self.log.moved.insert(plane.value.clone());
                let units: Vec<UnitId> = a.units.iter().map(|u| u.value.clone()).collect();
                // 50.76: the flight the enemy's fighters may intercept.
                let (landing_hexes, drop_hexes) = supply_reach();
                if let Some(from) = self.pos.hex_of(&plane.value) {
                    let halves = self
                        .ctx
                        .rules
                        .counters
                        .get(&plane.value)
                        .map_or(0, crate::eighty5::transport::capacity_halves);
                    self.log.carrier_flights.push(super::CarrierFlight {
                        from,
                        to: hex,
                        reach: if lands { landing_hexes } else { drop_hexes },
                        carrier: Carrier {
                            aircraft: plane.value.clone(),
                            halves,
                            aboard: Default::default(),
                            supplies: units.clone(),
                        },
                        losses: Vec::new(),
                    });
                }
                if lands {
                    self.pos.move_to(&plane.value, hex);
                }
                self.log.air_supplied.extend(units.iter().cloned());
                let (how, rule) = if lands {
                    ("lands supplies at", para!("50.73"))
                } else {
                    ("drops supplies on", para!("50.74"))
                };
                self.events.push(Event::Note {
                    text: format!(
                        "transport aircraft {} {how} {hex}: {} supplied by air through the enemy's next player-turn and {}'s own",
                        plane.value,
                        names(&units),
                        self.ctx.side,
                    ),
                    rule: Rule::para(rule),
                });
            }
        }
    }

    /// 50.7-50.76: the hex supplied and whether the aircraft lands there, or why not.
    fn air_supply_refusal(&self, a: &AirSupply85) -> Result<(Hex, bool), String> {
        if !self.ctx.rules.ruleset.plays85(50) {
            return Err("`aircraft` on [[air_supply]] is BLITZKRIEG '85's air supply (50.7), which this game does not play".into());
        }
        let plane = &a.aircraft.value;
        let c = self
            .ctx
            .rules
            .counters
            .get(plane)
            .filter(|c| c.kind == UnitKind::TransportAircraft && c.side == self.ctx.side)
            .ok_or("it is no transport aircraft of the side to move (41.11)")?;
        let base = self
            .pos
            .hex_of(plane)
            .filter(|_| !self.pos.is_aloft(plane))
            .ok_or("it is not based on the map")?;
        if self.log.carriers.contains(plane) {
            return Err("it has flown already this player-turn: an aircraft designated for air supply does nothing else (50.76)".into());
        }
        let mut hex = None;
        let mut quarters = 0u32;
        for u in &a.units {
            let p = self
                .pos
                .get(&u.value)
                .filter(|p| p.side == self.ctx.side)
                .ok_or_else(|| format!("{} is no unit of the side on the map", u.value))?;
            if *hex.get_or_insert(p.hex) != p.hex {
                return Err("the units supplied stand in one hex (50.71)".into());
            }
            if !crate::supply::is_cut_off(self.pos, &u.value) {
                return Err(format!(
                    "{} is not cut off from supply: air supply is for isolated units (50.71)",
                    u.value
                ));
            }
            let movement = self
                .ctx
                .rules
                .counters
                .get(&u.value)
                .map_or(0, |c| c.movement);
            quarters += supply_quarters(movement, crate::position::Position::halves_of(p));
        }
        let hex = hex.ok_or("it names no unit to supply")?;
        let capacity = crate::eighty5::transport::capacity_halves(c).saturating_mul(2);
        if quarters > capacity {
            return Err(format!(
                "its {} of capacity supplies two replacement-size units of movement 4, or one faster, a half unit; these need {} (50.71-50.72)",
                quarters_text(capacity),
                quarters_text(quarters)
            ));
        }
        let distance = base.distance(hex);
        let (landing_hexes, drop_hexes) = supply_reach();
        let lands = self.ctx.rules.board.is_city(hex) || self.pos.airfield_owner(hex).is_some();
        if lands && distance <= landing_hexes {
            let at =
                crate::air::base::air_halves_at(self.pos, self.ctx.side, hex, &Default::default());
            if base != hex
                && !crate::air::base::base_fits(
                    self.ctx.rules,
                    at + crate::units::stack_halves(c.kind, true),
                )
            {
                return Err(format!("{hex} bases no more aircraft (30.2, 50.73)"));
            }
            return Ok((hex, true));
        }
        if distance <= drop_hexes {
            return Ok((hex, false));
        }
        Err(format!(
            "{hex} is {distance} hexes from its base: it drops supplies within {drop_hexes} hexes, or lands them within {landing_hexes} at an airfield or city (50.73-50.74)"
        ))
    }
}

/// Quarter units as units: "1/4", "1/2", "1 3/4".
fn quarters_text(quarters: u32) -> String {
    let (whole, part) = (quarters / 4, quarters % 4);
    let frac = match part {
        1 => "1/4",
        2 => "1/2",
        3 => "3/4",
        _ => "",
    };
    match (whole, frac) {
        (_, "") => whole.to_string(),
        (0, f) => f.to_string(),
        (n, f) => format!("{n} {f}"),
    }
}

/// 50.5: the half stacking units of transport capacity a unit of `kind` weighing
/// `halves` (26.4: a replacement-size unit 1, a full unit 2) takes: "Each Air Assault
/// unit requires twice the normal air transport capacity", so a full air assault unit
/// two full units, a replacement one a full unit.
pub fn needed_halves(kind: UnitKind, halves: u32) -> u32 {
    if kind == UnitKind::AirAssault {
        halves.saturating_mul(2)
    } else {
        halves
    }
}

/// 50.5, 47.33: the units loaded aboard the aircraft: each aircraft (in the order the
/// order names them, with its capacity in half stacking units) filled in turn with the
/// units in the order written, each taking its weight in half units
/// ([`needed_halves`]); a unit that does not fit in what is left of one aircraft is
/// loaded over it and the next (47.33's "breakdown ... of the units they are
/// transporting" when one of them is shot down).
pub fn load(aircraft: &[(UnitId, u32)], units: &[(UnitId, u32)]) -> Vec<Carrier> {
    let mut carriers: Vec<Carrier> = aircraft
        .iter()
        .map(|(id, halves)| Carrier {
            aircraft: id.clone(),
            halves: *halves,
            aboard: Default::default(),
            supplies: Vec::new(),
        })
        .collect();
    let mut at = 0;
    for (unit, weight) in units {
        let mut owed = *weight;
        while owed > 0 {
            let Some(c) = carriers.get_mut(at) else {
                break;
            };
            let room = c.halves.saturating_sub(c.aboard.values().sum::<u32>());
            let put = room.min(owed);
            if put > 0 {
                *c.aboard.entry(unit.clone()).or_default() += put;
                owed -= put;
            }
            if room == put {
                at += 1;
            }
        }
    }
    carriers
}

/// The report's line: what the aircraft carried, where, and the capacity used.
pub fn carried_note(
    aircraft: &[UnitId],
    carried: &[UnitId],
    a: &AirMove,
    (needed, capacity): (u32, u32),
) -> Event {
    let (how, rule) = if a.drop {
        (
            format!("drop {} at {}", names(carried), a.to.value),
            para!("50.6"),
        )
    } else {
        (
            format!("fly {} to {}", names(carried), a.to.value),
            para!("50.5"),
        )
    };
    Event::Note {
        text: format!(
            "transport aircraft {} {how} from {}: {} of their {} of capacity",
            names(aircraft),
            a.from.value,
            crate::air::base::halves_text(needed),
            crate::air::base::halves_text(capacity),
        ),
        rule: Rule::para(rule),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 50.5: "the full-strength Air Assault unit requires two air transport capacity;
    /// one replacement Air Assault unit requires one full strength air transport
    /// capacity"; other units their own weight.
    #[test]
    fn supply_of_two_slow_or_one_fast_replacement_units_50_71_50_72() {
        // Half a unit of transport is 2 quarters: two replacement units of MA 4, or
        // one of MA 8 (a helicopter, an air unit).
        assert_eq!(supply_quarters(4, 1) * 2, 2);
        assert_eq!(supply_quarters(8, 1), 2);
        assert_eq!(supply_quarters(4, 2), 2);
        assert_eq!(supply_quarters(6, 2), 4);
        assert_eq!(quarters_text(3), "3/4");
        assert_eq!(quarters_text(6), "1 1/2");
    }

    /// 50.5, 47.33: the units fill the aircraft in turn, a unit over two aircraft
    /// when the first has less room left than it weighs.
    #[test]
    fn units_are_loaded_aircraft_by_aircraft() {
        let id = |s: &str| UnitId::new(s).unwrap();
        let loaded = load(
            &[(id("B-1TA"), 1), (id("B-5TA"), 2), (id("B-2TA"), 1)],
            &[(id("B-1IN"), 2), (id("B-2IN"), 2)],
        );
        let aboard: Vec<Vec<(String, u32)>> = loaded
            .iter()
            .map(|c| c.aboard.iter().map(|(u, h)| (u.to_string(), *h)).collect())
            .collect();
        assert_eq!(
            aboard,
            [
                vec![("B-1IN".to_string(), 1)],
                vec![("B-1IN".to_string(), 1), ("B-2IN".to_string(), 1)],
                vec![("B-2IN".to_string(), 1)],
            ]
        );
    }

    #[test]
    fn air_assault_takes_twice_its_weight_50_5() {
        assert_eq!(needed_halves(UnitKind::AirAssault, 2), 4);
        assert_eq!(needed_halves(UnitKind::AirAssault, 1), 2);
        assert_eq!(needed_halves(UnitKind::Airborne, 2), 2);
        assert_eq!(needed_halves(UnitKind::TransportHelicopter, 1), 1);
    }
}
