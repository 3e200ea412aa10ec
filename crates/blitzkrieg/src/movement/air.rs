//! Air transport (9.3) and airdrop (9.4).
//!
//! Up to 4 units a player-turn are flown, airdrops included (Q&A 9.3 & 9.4, 003 9.4):
//! any ground unit but armor and artillery, from the friendly city where it began the
//! turn (a reinforcement placed there this turn counts, 9.3) to another friendly city
//! within 40 hexes; or, for airborne and air-assault, dropped on any land hex within
//! 20 hexes that is not in enemy ZOC (Q&A 9.4), never forest for air-assault (9.4),
//! a beach included (Q&A 20.1). Terrain and ZOC do not hinder the flight itself.
//! A unit cut off from supply (23) is not flown (003 23.6) unless first supplied by
//! air (23.4), which takes a unit of the same capacity.
//!
//! In a game of BLITZKRIEG '85 with rule 50 the units are carried by the transport
//! aircraft the order names (`by`, 50.5-50.6, [`super::air85`]) instead of 9.3's four
//! units of capacity a player-turn.

use super::Turn;
use crate::board::Terrain;
use crate::cite::{Cite, Paragraph, Rule};
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::orders::{AirMove, Located, Problem};
use crate::supply;
use crate::units::{UnitId, UnitKind};

impl Turn<'_, '_> {
    /// 9.3, 9.4: one air move.
    pub(super) fn fly(&mut self, a: &AirMove) {
        // 34, Weather Chart: no air operations in a gale, fog or ice.
        let weather = self.ctx.weather.weather;
        if crate::weather::combat::grounds_aircraft(weather) {
            let problem = Problem::WeatherNoAir { weather };
            self.fail(problem, a.from.span.clone(), cite!("34"), None);
            return;
        }
        let rule = if a.drop { para!("9.4") } else { para!("9.3") };
        let from_ok = self.take_off_ok(&a.from);
        let to_ok = if a.drop {
            self.drop_zone_ok(&a.to)
        } else {
            self.landing_city_ok(&a.from, &a.to)
        };
        let units = self.all_units(&a.units, |t, u| t.flyer(u, a));
        let (Some(units), true, true) = (units, from_ok, to_ok) else {
            return;
        };
        // 50.5-50.6: in a game of '85 with rule 50 the transport aircraft named carry.
        let by_aircraft = self.ctx.rules.ruleset.plays85(50);
        if !by_aircraft && !a.by.is_empty() {
            let span = a.by.first().map_or(a.from.span.clone(), |u| u.span.clone());
            self.fail(
                Problem::TransportAircraftNotInGame,
                span,
                cite!("9.3"),
                None,
            );
            return;
        }
        // 47.33: the owner's choice of the aircraft lost, should the flight be met.
        if !self.air_losses_ok(a, by_aircraft) {
            return;
        }
        if by_aircraft && !self.carried_by_aircraft(a, &units) {
            return;
        }
        for (u, kind) in units {
            if a.drop
                && kind == UnitKind::AirAssault
                && self.board().terrain(a.to.value) == Some(Terrain::Forest)
            {
                let problem = Problem::IllegalHex {
                    unit: u.value.clone(),
                    hex: a.to.value,
                    why: "air-assault may not land in forest".into(),
                };
                self.fail(problem, a.to.span.clone(), cite!("9.4"), Some(&u.value));
                continue;
            }
            // 23.4: each unit supplied by air this player-turn took one unit of the
            // air transport capacity; 26.4: substitutes and rangers take half a unit.
            let used: u32 = self
                .log
                .flown
                .iter()
                .chain(&self.air_supplied())
                .map(|id| self.halves_of(id))
                .sum();
            // 32.33: less what interceptions cost for good.
            let capacity = crate::air_combat::transport::capacity_halves(
                self.ctx.rules,
                self.ctx.air_transport_halves,
                self.ctx.air_transport_lost_halves,
            );
            // 36.23-36.24: a unit held to one hex for want of oil.
            if self.held_by_oil(&u, a.from.value.distance(a.to.value), false) {
                continue;
            }
            if !by_aircraft && used + self.halves_of(&u.value) > capacity {
                let problem = Problem::AirLimit {
                    unit: u.value.clone(),
                    count: self.log.flown.len() + self.air_supplied().len() + 1,
                };
                self.fail(problem, u.span.clone(), cite!("9.3"), Some(&u.value));
                continue;
            }
            self.land(&u.value, a, rule);
        }
    }

    /// 50.5-50.6: the transport aircraft in `by` carry `units`: each the mover's, at
    /// the take-off city, flying once a player-turn; together of the capacity the units
    /// need ([`super::air85::needed_halves`]); landing with them in a city that bases
    /// them (30.2), or back at their base after an airdrop. The aircraft of a landing
    /// are moved with the units; the report says what each carried.
    fn carried_by_aircraft(&mut self, a: &AirMove, units: &[(Located<UnitId>, UnitKind)]) -> bool {
        let Some(first) = a.by.first() else {
            self.fail(
                Problem::NoTransportAircraft,
                a.from.span.clone(),
                cite!("50.5"),
                None,
            );
            return false;
        };
        let mut capacity = 0u32;
        // 47.33: each aircraft with its capacity, to load (what each carries, should
        // the enemy's fighters meet it).
        let mut loads: Vec<(UnitId, u32)> = Vec::new();
        let mut named = std::collections::BTreeSet::new();
        for t in &a.by {
            let why = self.carrier_refusal(&t.value, a.from.value, &named);
            if let Some(why) = why {
                let problem = Problem::CannotCarry {
                    unit: t.value.clone(),
                    why,
                };
                self.fail(problem, t.span.clone(), cite!("50.5"), Some(&t.value));
                return false;
            }
            named.insert(t.value.clone());
            let halves = self
                .ctx
                .rules
                .counters
                .get(&t.value)
                .map_or(0, crate::eighty5::transport::capacity_halves);
            loads.push((t.value.clone(), halves));
            capacity += halves;
        }
        let weights: Vec<(UnitId, u32)> = units
            .iter()
            .map(|(u, kind)| {
                let w = super::air85::needed_halves(*kind, self.halves_of(&u.value));
                (u.value.clone(), w)
            })
            .collect();
        let needed: u32 = weights.iter().map(|(_, w)| w).sum();
        if needed > capacity {
            let problem = Problem::AirTransportCapacity {
                needed: crate::air::base::halves_text(needed),
                capacity: crate::air::base::halves_text(capacity),
            };
            self.fail(problem, first.span.clone(), cite!("50.5"), None);
            return false;
        }
        if !a.drop {
            let at = crate::air::base::air_halves_at(self.pos, self.ctx.side, a.to.value, &named);
            let landing: u32 = named
                .iter()
                .filter_map(|id| self.pos.get(id))
                .map(crate::position::Position::halves_of)
                .sum();
            if !crate::air::base::base_fits(self.ctx.rules, at + landing) {
                let problem = Problem::CannotCarry {
                    unit: first.value.clone(),
                    why: format!(
                        "{} bases no more aircraft: a base holds three air units (30.2, 50.1)",
                        a.to.value
                    ),
                };
                self.fail(problem, a.to.span.clone(), cite!("50.1"), None);
                return false;
            }
        }
        let reach = if a.drop {
            self.figures().airdrop_range
        } else {
            self.figures().air_transport_range
        };
        for carrier in super::air85::load(&loads, &weights) {
            self.log.carrier_flights.push(super::CarrierFlight {
                from: a.from.value,
                to: a.to.value,
                reach,
                carrier,
                losses: a.losses.iter().map(|u| u.value.clone()).collect(),
            });
        }
        let carried: Vec<UnitId> = units.iter().map(|(u, _)| u.value.clone()).collect();
        for id in &named {
            self.log.carriers.insert(id.clone());
            self.log.moved.insert(id.clone());
            if !a.drop {
                self.pos.move_to(id, a.to.value);
            }
        }
        let aircraft: Vec<UnitId> = named.into_iter().collect();
        self.events.push(super::air85::carried_note(
            &aircraft,
            &carried,
            a,
            (needed, capacity),
        ));
        true
    }

    /// 47.33: `losses` names the order's own transport aircraft or units, each once, in
    /// a game of '85 with rule 50 (B418 otherwise).
    fn air_losses_ok(&mut self, a: &AirMove, by_aircraft: bool) -> bool {
        let mut named = std::collections::BTreeSet::new();
        for u in &a.losses {
            let ours = |list: &[Located<UnitId>]| list.iter().any(|o| o.value == u.value);
            let why = if !by_aircraft {
                "this game flies no transport aircraft of '85 (50): the order of losses over a hex is a [[mission]]'s `losses` (003 32.31)"
            } else if !ours(&a.by) && !ours(&a.units) {
                "it is neither a transport aircraft in `by` nor a unit this order flies"
            } else if !named.insert(&u.value) {
                "it is named twice"
            } else {
                continue;
            };
            let problem = Problem::AirLossesUnit {
                unit: u.value.clone(),
                why: why.into(),
            };
            self.fail(problem, u.span.clone(), cite!("47.33"), Some(&u.value));
            return false;
        }
        true
    }

    /// 50.1, 50.5, 50.76: why `id` may not carry from `from` this player-turn, if it
    /// may not.
    fn carrier_refusal(
        &self,
        id: &UnitId,
        from: crate::hex::Hex,
        named: &std::collections::BTreeSet<UnitId>,
    ) -> Option<String> {
        let c = self.ctx.rules.counters.get(id);
        let why = if c.is_none_or(|c| c.kind != UnitKind::TransportAircraft) {
            "it is no transport aircraft (41.11): transport aircraft are B-1TA ... B-12TA"
        } else if c.is_some_and(|c| c.side != self.ctx.side) {
            "it is the enemy's"
        } else if self.pos.hex_of(id) != Some(from) || self.pos.is_aloft(id) {
            "it is not based in the take-off city"
        } else if named.contains(id) || self.log.carriers.contains(id) {
            "it flies once a player-turn, and has flown already (50.76)"
        } else {
            return None;
        };
        Some(why.to_string())
    }

    /// 23.4: the units of the side to move supplied by air this player-turn.
    fn air_supplied(&self) -> Vec<UnitId> {
        self.pos
            .marked_with(UnitMarker::AirSupplied)
            .filter(|id| self.pos.get(id).is_some_and(|p| p.side == self.ctx.side))
            .cloned()
            .collect()
    }

    /// 26.4: the half units a unit counts for air transport (2 for a full unit).
    fn halves_of(&self, id: &UnitId) -> u32 {
        self.pos
            .get(id)
            .map_or(2, crate::position::Position::halves_of)
    }

    fn land(&mut self, u: &UnitId, a: &AirMove, rule: Paragraph) {
        self.pos.move_to(u, a.to.value);
        self.log.flown.insert(u.clone());
        self.log.moved.insert(u.clone());
        if a.drop {
            self.log.dropped.insert(u.clone(), a.to.value);
        }
        self.last_into.insert(a.to.value, a.to.span.clone());
        self.events.push(Event::Flown {
            unit: u.clone(),
            from: a.from.value,
            to: a.to.value,
            drop: a.drop,
            rule: Rule::para(rule),
        });
    }

    /// 9.3: the take-off hex is a friendly city.
    fn take_off_ok(&mut self, from: &Located<Hex>) -> bool {
        self.friendly_city(
            from,
            cite!("9.3"),
            "the take-off hex must be a friendly city",
        )
    }

    /// 9.3: the landing hex is another friendly city within 40 hexes.
    fn landing_city_ok(&mut self, from: &Located<Hex>, to: &Located<Hex>) -> bool {
        if !self.friendly_city(to, cite!("9.3"), "air transport lands in a friendly city") {
            return false;
        }
        if from.value == to.value {
            let problem = Problem::SameCity { hex: to.value };
            self.fail(problem, to.span.clone(), cite!("9.3"), None);
            return false;
        }
        true
    }

    /// 5.1-5.2: `hex` is on the board and friendly to the mover now.
    fn friendly_city(&mut self, hex: &Located<Hex>, rule: Cite, what: &str) -> bool {
        let (board, side) = (self.board(), self.ctx.side);
        let why = if !board.contains(hex.value) {
            self.fail(
                Problem::OffBoard(hex.value),
                hex.span.clone(),
                cite!("3.1"),
                None,
            );
            return false;
        } else if !board.is_city(hex.value) {
            format!("it is not a city ({what})")
        } else if !control::is_friendly(
            board,
            self.pos,
            self.ctx.held,
            self.ctx.rules.ruleset.readings.city_friendly,
            side,
            hex.value,
        ) {
            format!("{what}, and a city is friendly only when free of the enemy (and, outside the home country, held since the start of the player-turn) (5.1-5.2)")
        } else {
            return true;
        };
        let problem = Problem::NotFriendlyCity {
            hex: hex.value,
            side,
            why,
        };
        self.fail(problem, hex.span.clone(), rule, None);
        false
    }

    /// 9.4, Q&A 9.4: the drop hex is a land hex not in enemy ZOC.
    fn drop_zone_ok(&mut self, to: &Located<Hex>) -> bool {
        let (rule, why) = match self.board().terrain(to.value) {
            None => {
                self.fail(
                    Problem::OffBoard(to.value),
                    to.span.clone(),
                    cite!("3.1"),
                    None,
                );
                return false;
            }
            Some(t) if !t.is_land() => (cite!("9.4"), "an airdrop lands on a land hex"),
            Some(_) if self.pos.in_zoc_of(self.ctx.side.other(), to.value) => (
                cite!("Q&A 9.4"),
                "it is in enemy ZOC, where no unit may be airdropped",
            ),
            Some(_) => return true,
        };
        let problem = Problem::BadDropZone {
            hex: to.value,
            why: why.to_string(),
        };
        self.fail(problem, to.span.clone(), rule, None);
        false
    }

    /// 9.3, 9.4: a unit that may make this flight: the mover's, of a type that flies,
    /// in the take-off city where it began the turn, not flown before, within range.
    fn flyer(&mut self, u: &Located<UnitId>, a: &AirMove) -> Option<(Located<UnitId>, UnitKind)> {
        let c = self.own_counter(u)?;
        if !self.first_order("air", u, cite!("9.3")) {
            return None;
        }
        let why = if !c.kind.air_transportable() {
            Some((
                cite!("9.3"),
                "armor and artillery are never air transported",
            ))
        } else if a.drop && !c.kind.may_airdrop() {
            Some((
                cite!("9.4"),
                "only airborne and air-assault units are airdropped",
            ))
        } else if supply::is_cut_off(self.pos, &u.value) {
            Some((cite!("003 23.6"), "it is cut off from supply: an unsupplied unit may go by sea but not by air; supplied by air first (23.4), it may then be flown with a second unit of the capacity"))
        } else {
            None
        };
        if let Some((rule, why)) = why {
            let problem = Problem::CannotFly {
                unit: u.value.clone(),
                why: why.into(),
            };
            self.fail(problem, u.span.clone(), rule, Some(&u.value));
            return None;
        }
        self.at_take_off(u, a.from.value)?;
        self.within_range(u, a)?;
        Some((u.clone(), c.kind))
    }

    /// 9.3: the unit is in the take-off city and began the player-turn there.
    fn at_take_off(&mut self, u: &Located<UnitId>, from: Hex) -> Option<()> {
        if self.is_afloat(u) {
            return None;
        }
        let Some(actual) = self.pos.hex_of(&u.value) else {
            self.fail(
                Problem::NotOnMap {
                    unit: u.value.clone(),
                },
                u.span.clone(),
                cite!("9.3"),
                Some(&u.value),
            );
            return None;
        };
        if actual != from || self.log.start.get(&u.value) != Some(&from) {
            let problem = Problem::NotThere {
                unit: u.value.clone(),
                hex: from,
                actual,
            };
            self.fail(problem, u.span.clone(), cite!("9.3"), Some(&u.value));
            return None;
        }
        Some(())
    }

    /// 9.3, 9.4: 40 hexes for air transport, 20 for an airdrop.
    fn within_range(&mut self, u: &Located<UnitId>, a: &AirMove) -> Option<()> {
        let (limit, rule) = if a.drop {
            (self.figures().airdrop_range, cite!("9.4"))
        } else {
            (self.figures().air_transport_range, cite!("9.3"))
        };
        let distance = a.from.value.distance(a.to.value);
        if distance > limit {
            let problem = Problem::FlightTooLong {
                unit: u.value.clone(),
                distance,
                limit,
            };
            self.fail(problem, a.to.span.clone(), rule, Some(&u.value));
            return None;
        }
        Some(())
    }
}
