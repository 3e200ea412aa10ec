//! Putting units on the map: the set-up (3.3, 3.4) and reinforcements (6).

use super::path::{entry_fault, terrain_name, Fault, Mover};
use super::Turn;
use crate::cite::{Cite, Rule};
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{Breakdown, Located, Placement, Problem};
use crate::units::{Counter, Side, UnitId};

impl Turn<'_, '_> {
    /// 3.3, 3.4: one set-up placement, anywhere in the side's home country.
    pub(super) fn set_up(&mut self, p: &Placement) {
        let rule = match self.ctx.side {
            Side::Blue => para!("3.3"),
            Side::Red => para!("3.4"),
        };
        let hex_ok = self.setup_hex_ok(&p.hex, Cite::Rule(rule));
        // 37.211-37.212: in '85 every unit bought is set up, whatever the OAC says.
        let due = match self.ctx.rules.ruleset.rules {
            crate::state::RuleSet::Eighty5 => u32::MAX,
            _ => 1,
        };
        let units = self.all_units(&p.units, |t, u| {
            t.waiting_unit(u, "setup", Cite::Rule(rule), due)
        });
        let (Some(units), true) = (units, hex_ok) else {
            return;
        };
        if !self.terrain_allows(&units, &p.hex) {
            return;
        }
        for (u, c) in units {
            self.pos.put(u.clone(), c.side, c.kind, p.hex.value);
            self.log.placed.insert(u.clone());
            self.log.start.insert(u.clone(), p.hex.value);
            self.events.push(Event::SetUp {
                unit: u,
                hex: p.hex.value,
                rule: Rule::para(rule),
            });
        }
        self.last_into.insert(p.hex.value, p.hex.span.clone());
    }

    /// 3.3: the hex is on the board, in the side's home country.
    fn setup_hex_ok(&mut self, hex: &Located<Hex>, rule: Cite) -> bool {
        if !self.board().contains(hex.value) {
            self.fail(
                Problem::OffBoard(hex.value),
                hex.span.clone(),
                cite!("3.1"),
                None,
            );
            return false;
        }
        if self.board().home_of(hex.value) != Some(self.ctx.side) {
            let problem = Problem::NotHomeCountry {
                hex: hex.value,
                side: self.ctx.side,
            };
            self.fail(problem, hex.span.clone(), rule, None);
            return false;
        }
        true
    }

    /// 10.2, 10.3: the units may stand on the hex at all (armor, air-assault and
    /// artillery are never placed in forest).
    pub(super) fn terrain_allows(
        &mut self,
        units: &[(UnitId, Counter)],
        hex: &Located<Hex>,
    ) -> bool {
        let mut ok = true;
        for (u, c) in units {
            let mover = Mover::new(c.side, c.kind, c.movement);
            // 46.2: a helicopter is placed on land, as it ends every move there.
            let water = self
                .board()
                .terrain(hex.value)
                .filter(|t| c.kind.is_helicopter() && !t.is_land())
                .map(Fault::Closed);
            if let Some(f) =
                water.or_else(|| entry_fault(self.board(), self.pos, &mover, hex.value))
            {
                let why = match f {
                    Fault::Forest => {
                        "armor, air-assault and artillery never enter forest".to_string()
                    }
                    Fault::Closed(t) => format!("no unit may enter {}", terrain_name(t)),
                    _ => "an enemy unit is there".to_string(),
                };
                let problem = Problem::IllegalHex {
                    unit: u.clone(),
                    hex: hex.value,
                    why,
                };
                self.fail(problem, hex.span.clone(), f.rule(), Some(u));
                ok = false;
            }
        }
        ok
    }

    /// 3.3, 6.1-6.2: a unit of the side, not yet in play, due by `due` (the turn).
    pub(super) fn waiting_unit(
        &mut self,
        u: &Located<UnitId>,
        what: &'static str,
        rule: Cite,
        due: u32,
    ) -> Option<(UnitId, Counter)> {
        let c = self.own_counter(u)?;
        if !self.first_order(what, u, rule) {
            return None;
        }
        let why = if let Some(h) = self.pos.hex_of(&u.value) {
            Some(format!("it is already on the map, in {h}"))
        } else if let Some(a) = self.pos.afloat(&u.value) {
            Some(format!("it is already at sea, in zone {}", a.zone))
        } else if !self.ctx.waiting.contains(&u.value) {
            Some(
                "it is not waiting to enter play (it was eliminated, or is not in this game)"
                    .to_string(),
            )
        } else if u32::from(c.enters) > due
            // 38.2: in '85 a counter bought enters when bought, whatever the OAC says.
            && self.ctx.rules.ruleset.rules != crate::state::RuleSet::Eighty5
        {
            Some(format!(
                "the Order of Appearance Card brings it on from turn {} (6.2)",
                c.enters
            ))
        } else {
            None
        };
        match why {
            Some(why) => {
                let problem = Problem::CannotPlace {
                    unit: u.value.clone(),
                    why,
                };
                self.fail(problem, u.span.clone(), rule, Some(&u.value));
                None
            }
            None => Some((u.value.clone(), c)),
        }
    }

    /// 6.3, 6.4: one reinforcement placement in a friendly home city. One order places
    /// at most 3 units (6.4); several orders may use the same city as long as the units
    /// placed move on, so only the stacking limit at the end of movement counts there
    /// (6.4: "by moving out already placed reinforcements a player may bring on an
    /// unlimited number of units per turn in one city hex"; 11.1).
    pub(super) fn place(&mut self, p: &Placement) {
        let most = self.figures().placement_units;
        if p.units.len() > most {
            let problem = Problem::PlacedStack {
                hex: p.hex.value,
                count: p.units.len(),
            };
            self.fail(problem, p.hex.span.clone(), cite!("6.4"), None);
        }
        let hex_ok = self.home_city_ok(&p.hex);
        let due = self.ctx.turn;
        let units = self.all_units(&p.units, |t, u| {
            t.waiting_unit(u, "place", cite!("6.2"), due)
        });
        let (Some(units), true, true) = (units, hex_ok, p.units.len() <= most) else {
            return;
        };
        if !self.terrain_allows(&units, &p.hex) {
            return;
        }
        for (u, c) in units {
            self.pos.put(u.clone(), c.side, c.kind, p.hex.value);
            self.log.placed.insert(u.clone());
            self.log.start.insert(u.clone(), p.hex.value);
            self.events.push(Event::Placed {
                unit: u,
                hex: p.hex.value,
                rule: Rule::para(para!("6.3")),
            });
        }
        self.last_into.insert(p.hex.value, p.hex.span.clone());
    }

    /// 26.1: the reinforcements just placed that the orders break down do so in the
    /// hex they were placed in; their substitutes begin the movement portion there, as
    /// units placed this player-turn.
    pub(super) fn break_down_placed(&mut self, orders: &[Breakdown]) {
        let placed = self.log.placed.clone();
        let (events, errors) = crate::substitutes::break_down_placed(
            self.ctx.rules,
            self.pos,
            self.ctx.side,
            orders,
            (self.ctx.waiting, &placed),
        );
        for e in &events {
            if let Event::BrokenDown {
                unit, hex, into, ..
            } = e
            {
                self.log.placed.remove(unit);
                self.log.start.remove(unit);
                for id in into {
                    self.log.placed.insert(id.clone());
                    self.log.start.insert(id.clone(), *hex);
                }
            }
        }
        self.events.extend(events);
        self.errors.extend(errors);
    }

    /// 6.3, 5.1: the hex is a city of the side's home country, friendly now.
    fn home_city_ok(&mut self, hex: &Located<Hex>) -> bool {
        let side = self.ctx.side;
        let board = self.board();
        let why = if !board.contains(hex.value) {
            self.fail(
                Problem::OffBoard(hex.value),
                hex.span.clone(),
                cite!("3.1"),
                None,
            );
            return false;
        } else if !board.is_city(hex.value) {
            Some("it is not a city".to_string())
        } else if board.home_of(hex.value) != Some(side) {
            Some(format!(
                "reinforcements enter in the cities of {}",
                side.country_name()
            ))
        } else if !control::is_friendly(
            board,
            self.pos,
            self.ctx.held,
            self.ctx.rules.ruleset.readings.city_friendly,
            side,
            hex.value,
        ) {
            Some("an enemy unit is in it or next to it (5.1)".to_string())
        } else {
            None
        };
        match why {
            Some(why) => {
                let problem = Problem::NotFriendlyCity {
                    hex: hex.value,
                    side,
                    why,
                };
                self.fail(problem, hex.span.clone(), cite!("6.3"), None);
                false
            }
            None => true,
        }
    }
}
