//! Opposed invasions (optional rule 20.31-20.32) in the movement portion: a `[[sea]]`
//! order with `assault` places units at sea on an assault hex, a full sea hex in enemy
//! ZOC next to the beach (20.31, 003 20.3), and with `invade` moves them on onto a
//! vacant beach hex, where they stop (20.32, 003 20.32); with `ashore` it lists the
//! beach hexes they are to go ashore on after combat (20.35). Units on assault hexes
//! stand on the map, marked [`UnitMarker::Assault`]; their combat and going ashore
//! (20.33-20.35) are `crate::combat::assault`'s.
//!
//! Readings where the rules are silent:
//! - 19.2 "either in their sea zone, or in an adjacent zone": a unit is placed on an
//!   assault hex of its zone or of a zone next to it.
//! - 003 20.3, 20.31: an assault hex is a full sea hex in enemy ZOC touching a hex of
//!   the beach invaded (an assault hex free of it would make the landing unopposed);
//!   under `invasion-opposed-20-31=zoc-blocks` the way to it from the board edge
//!   passes no other sea hex in enemy ZOC (003 20.31). Its stacking limit counts every
//!   unit placed on it in the movement phase, those that went on ashore as well (003
//!   20.31: all are placed before any is moved ashore). Opposed units spend no movement
//!   factor: 20.32 and 003 20.32 move them "directly" onto the beach hex, where they
//!   stop.
//! - 20.32 "vacant": no enemy ground unit in it (003 27.2); friendly units may be there
//!   within the stacking limit, checked at the end of movement (11.1).
//! - The beach under assault is that of `invade`, or of the first `ashore` hex, else
//!   the one the assault hex touches (of two, the one invaded earlier in the
//!   player-turn).
//! - Units on assault hexes have a ZOC as every ground unit (8.1), and take no other
//!   order of the movement portion (a move, a flight, an automatic victory): they fight
//!   the beach combat from there (20.33).

use super::invasion::may_invade;
use super::Turn;
use crate::board::SeaZone;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::orders::{Located, Problem};
use crate::units::{stack_halves, Counter, UnitId};

/// 11.1 with 26.4: the units in half units, as the stacking limit counts them.
fn halves(units: &[(Counter, SeaZone)]) -> u32 {
    units
        .iter()
        .map(|(c, _)| stack_halves(c.kind, c.is_substitute()))
        .sum()
}

impl Turn<'_, '_> {
    /// 20.31, 20.32: an opposed invasion: the units are placed on the assault hex `at`
    /// and, with `beach`, moved on onto that vacant beach hex, where they stop (003
    /// 20.32); without, they stay on the assault hex for combat (20.33-20.35) and go
    /// ashore after it, on the hexes of `ashore` first (20.35). Every problem is
    /// reported; an order with one is refused whole.
    pub(super) fn assault(
        &mut self,
        units: &[(Counter, SeaZone)],
        at: &Located<Hex>,
        beach: Option<&Located<Hex>>,
        ashore: &[Located<Hex>],
    ) {
        if !self.invasion_rule("`assault` in [[sea]]", &at.span) {
            return;
        }
        let name = self.assault_beach(at, beach.or(ashore.first()));
        let placed = self.assaulters_ok(units, at) && self.assault_room(units, at);
        let ashore_ok = match &name {
            Some(name) => self.ashore_ok(at, ashore, name),
            None => false,
        };
        let landing_ok = match beach {
            Some(b) => self.beach_reachable(units, at, b),
            None => true,
        };
        let (Some(name), true, true, true) = (name, placed, ashore_ok, landing_ok) else {
            return;
        };
        *self.sea.assault_halves.entry(at.value).or_default() += halves(units);
        for (c, from) in units {
            self.log.moved.insert(c.id.clone());
            self.events.push(Event::AssaultPlaced {
                unit: c.id.clone(),
                zone: *from,
                beach: name.clone(),
                hex: at.value,
                rule: Rule::para(para!("20.31")).and(Ref::Reading("20.3".into())),
            });
            match beach {
                Some(b) => {
                    self.pos.land(&c.id, b.value);
                    self.sea.landed.insert(c.id.clone());
                    self.sea.stopped.insert(c.id.clone(), b.value);
                    self.events.push(Event::LandedFromAssault {
                        unit: c.id.clone(),
                        from: at.value,
                        hex: b.value,
                        rule: Rule::para(para!("20.32")).and(Ref::Reading("20.32".into())),
                    });
                }
                None => {
                    self.pos.land(&c.id, at.value);
                    self.pos.mark(&c.id, UnitMarker::Assault);
                    if !ashore.is_empty() {
                        let hexes = ashore.iter().map(|h| h.value).collect();
                        self.log.ashore.insert(c.id.clone(), hexes);
                    }
                }
            }
        }
        let into = beach.unwrap_or(at);
        self.last_into.insert(into.value, into.span.clone());
        self.log.invaded = Some(name);
    }

    /// 20.1, 20.2, 20.31: the beach under assault from the sea hex `at` (that of the
    /// beach hex `beach` it lands on, when given, else of the first hex it is to go
    /// ashore on; else the one `at` touches, of two the one already invaded this
    /// player-turn), when `at` is a full sea hex and the side may invade it now; else
    /// reported.
    fn assault_beach(&mut self, at: &Located<Hex>, beach: Option<&Located<Hex>>) -> Option<String> {
        let board = self.board();
        if !board.contains(at.value) {
            self.fail(
                Problem::OffBoard(at.value),
                at.span.clone(),
                cite!("3.1"),
                None,
            );
            return None;
        }
        if !board.is_sea(at.value) || board.sea_zone(at.value).is_none() {
            let problem = Problem::AssaultNotSea { hex: at.value };
            self.fail(problem, at.span.clone(), cite!("20.31"), None);
            return None;
        }
        if let Some(b) = beach {
            return self.beach_open(b);
        }
        let mut touched: Vec<(String, Hex)> = Vec::new();
        for n in at.value.neighbours() {
            if let Some(name) = board.beach_at(n) {
                if !touched.iter().any(|(t, _)| t == name) {
                    touched.push((name.to_string(), n));
                }
            }
        }
        let invaded = self.log.invaded.clone();
        let chosen = match touched.as_slice() {
            [] => {
                let problem = Problem::AssaultNoBeach { hex: at.value };
                self.fail(problem, at.span.clone(), cite!("20.31"), None);
                return None;
            }
            [one] => one.clone(),
            many => match many.iter().find(|(t, _)| Some(t) == invaded.as_ref()) {
                Some(one) => one.clone(),
                None => {
                    let names: Vec<String> = many.iter().map(|(t, _)| format!("`{t}`")).collect();
                    let problem = Problem::AssaultTwoBeaches {
                        hex: at.value,
                        beaches: crate::orders::and_list(&names, "none"),
                    };
                    self.fail(problem, at.span.clone(), cite!("20.1"), None);
                    return None;
                }
            },
        };
        self.beach_open(&Located::new(chosen.1, at.span.clone()))
    }

    /// 20.1, 19.2, 003 19.4, 003 20.3, 20.31: whether each unit may be placed on the
    /// assault hex `at`: its type, its zone and that of `at` (neither cut off from the
    /// open sea under `cut-off-sea-19-4=no-naval-activity`), an enemy ZOC on `at` (else
    /// the landing is unopposed) and a way in (`way_in_blocked`); every problem
    /// reported.
    fn assaulters_ok(&mut self, units: &[(Counter, SeaZone)], at: &Located<Hex>) -> bool {
        let (board, side) = (self.board(), self.ctx.side);
        let Some(zone) = board.sea_zone(at.value) else {
            return false;
        };
        let opposed = self.pos.in_zoc_of(side.other(), at.value);
        let reached = !self.way_in_blocked(at.value);
        let mut ok = true;
        for (c, from) in units {
            let (problem, rule) = if !may_invade(c.kind) {
                let kind = c.kind.to_string();
                let unit = c.id.clone();
                (Problem::CannotInvade { unit, kind }, cite!("20.1"))
            } else if let Some(z) = [*from, zone].into_iter().find(|&z| self.zone_cut_off(z)) {
                (Problem::ZoneCutOff { zone: z }, cite!("003 19.4"))
            } else if zone != *from && !board.zone_links(*from).any(|z| z == zone) {
                let problem = Problem::BeachTooFar {
                    unit: c.id.clone(),
                    from: *from,
                    hex: at.value,
                    zones: zone.to_string(),
                };
                (problem, cite!("19.2"))
            } else if !opposed {
                let unit = c.id.clone();
                (
                    Problem::AssaultUnopposed {
                        unit,
                        hex: at.value,
                    },
                    cite!("003 20.3"),
                )
            } else if !reached {
                let unit = c.id.clone();
                (
                    Problem::AssaultCutOff {
                        unit,
                        hex: at.value,
                    },
                    cite!("003 20.31"),
                )
            } else {
                // 35.31-35.34
                ok &= self.ascendancy_assault(&c.id, *from, zone, at.span.clone());
                continue;
            };
            self.fail(problem, at.span.clone(), rule, Some(&c.id));
            ok = false;
        }
        ok
    }

    /// 20.35: every hex of `ashore` is a hex of the beach `name` next to the assault
    /// hex `at`; each one that is not is reported.
    fn ashore_ok(&mut self, at: &Located<Hex>, ashore: &[Located<Hex>], name: &str) -> bool {
        let mut ok = true;
        for h in ashore {
            if h.value.is_adjacent(at.value) && self.board().beach_at(h.value) == Some(name) {
                continue;
            }
            let problem = Problem::AshoreNotNext {
                hex: h.value,
                from: at.value,
                beach: name.to_string(),
            };
            self.fail(problem, h.span.clone(), cite!("20.35"), None);
            ok = false;
        }
        ok
    }

    /// 20.31, 003 20.31: "Stacking is still 3 units per hex", counting every unit
    /// placed on the assault hex this movement phase; reported if over.
    fn assault_room(&mut self, units: &[(Counter, SeaZone)], at: &Located<Hex>) -> bool {
        let before = self.sea.assault_halves.get(&at.value).copied().unwrap_or(0);
        let after = before + halves(units);
        if self.figures().stack_fits(after) {
            return true;
        }
        let problem = Problem::AssaultOverstacked {
            hex: at.value,
            count: crate::sea::units_text(after),
        };
        self.fail(problem, at.span.clone(), cite!("003 20.31"), None);
        false
    }

    /// 20.32, 20.1: whether the units may move from the assault hex `at` onto the beach
    /// hex `beach`: next to it, of no enemy's, terrain they may enter; reported if not.
    fn beach_reachable(
        &mut self,
        units: &[(Counter, SeaZone)],
        at: &Located<Hex>,
        beach: &Located<Hex>,
    ) -> bool {
        if !beach.value.is_adjacent(at.value) {
            for (c, _) in units {
                let problem = Problem::BeachNotNext {
                    unit: c.id.clone(),
                    from: at.value,
                    hex: beach.value,
                };
                self.fail(problem, beach.span.clone(), cite!("20.32"), Some(&c.id));
            }
            return false;
        }
        if self.pos.side_at(beach.value) == Some(self.ctx.side.other()) {
            let problem = Problem::BeachNotVacant { hex: beach.value };
            self.fail(problem, beach.span.clone(), cite!("20.32"), None);
            return false;
        }
        let on_land: Vec<(UnitId, Counter)> = units
            .iter()
            .map(|(c, _)| (c.id.clone(), c.clone()))
            .collect();
        self.terrain_allows(&on_land, beach)
    }

    /// 20.31-20.32, 003 20.32: a unit on an assault hex, or one that landed in an
    /// opposed invasion this player-turn, is given another movement order: reported.
    pub(super) fn assault_bound(&mut self, u: &Located<UnitId>) -> bool {
        let Some(&hex) = self.sea.stopped.get(&u.value) else {
            return self.on_assault_hex(u);
        };
        let problem = Problem::OpposedStops {
            unit: u.value.clone(),
            hex,
        };
        self.fail(problem, u.span.clone(), cite!("003 20.32"), Some(&u.value));
        true
    }

    /// 20.33: a unit on an assault hex is named in an order other than a battle (a
    /// move, a flight, an automatic victory): reported. It fights the beach combat from
    /// there (its advance after combat and 20.35 take it ashore).
    pub(super) fn on_assault_hex(&mut self, u: &Located<UnitId>) -> bool {
        if !self.pos.is_marked(&u.value, UnitMarker::Assault) {
            return false;
        }
        let Some(hex) = self.pos.hex_of(&u.value) else {
            return false;
        };
        let problem = Problem::OnAssaultHex {
            unit: u.value.clone(),
            hex,
        };
        self.fail(problem, u.span.clone(), cite!("20.33"), Some(&u.value));
        true
    }
}
