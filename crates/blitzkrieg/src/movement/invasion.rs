//! Invasions (optional rule 20) in the movement portion: a `[[sea]]` order with
//! `invade` lands units at sea on a beach hex and takes them on inland (20.1, 20.2,
//! 20.4, with 19.2); one with `assault` places them on an assault hex, a full sea hex
//! in enemy ZOC next to the beach, for an opposed invasion (20.31, 003 20.3), and with
//! `invade` too moves them on onto a vacant beach hex, where they stop (20.32, 003
//! 20.32). Which beach a hex belongs to is the board's (`[[beach]]`, 20.1); the beach
//! invaded in a player-turn is kept in the state for the next one (20.2). Combat from
//! the assault hexes and going ashore after it (20.33-20.35) are `crate::combat`'s
//! and `crate::engine`'s.
//!
//! Readings where the rules are silent:
//! - 19.2 "either in their sea zone, or in an adjacent zone": a unit invades a beach
//!   hex that touches a full sea hex of its zone or of a zone next to it, and is placed
//!   on an assault hex of its zone or of a zone next to it.
//! - 003 20.3: an invasion is unopposed when the units land from a full sea hex free
//!   of enemy ZOC; the umpire takes such a hex next to the beach hex, in a zone the
//!   units may reach (under the reading `invasion-opposed-20-31=zoc-blocks`, one that
//!   also reaches the board edge through sea hexes free of enemy ZOC, 003 20.31; under
//!   the default `zoc-ignored` enemy ZOC on the way keeps no invader out, 20.31). Any
//!   one such hex will do, so no assault hex is named and the stacking limit of assault hexes (20.31)
//!   is not asked of unopposed units: they are on the sea hex only on their way in.
//!   When every such hex is in enemy ZOC the landing is opposed and must name its
//!   assault hex (`assault`).
//! - 003 20.3, 20.31: an assault hex is a full sea hex in enemy ZOC touching a hex of
//!   the beach invaded (an assault hex free of it would make the landing unopposed);
//!   under `zoc-blocks` the way to it from the board edge passes no other sea hex in
//!   enemy ZOC (003 20.31). Its stacking limit counts every unit placed on it in
//!   the movement phase, those that went on ashore as well (003 20.31: all are placed
//!   before any is moved ashore). Opposed units spend no movement factor: 20.32 and
//!   003 20.32 move them "directly" onto the beach hex, where they stop.
//! - 20.32 "vacant": no enemy ground unit in it (003 27.2); friendly units may be there
//!   within the stacking limit, checked at the end of movement (11.1).
//! - 20.4: the first beach hex costs its figure of the unit's movement factor; the
//!   rest is spent by the movement rules from the beach hex, without the road bonus
//!   and without strategic movement (22), along the `path` of the `[[sea]]` order or
//!   of one later `[[move]]` for the unit, in the same player-turn (003 20.4: they
//!   land during the movement phase).
//! - A beach hex in enemy ZOC may be landed on from a sea hex free of it (the landing
//!   is unopposed) but, as any entry into enemy ZOC, the unit stops there (8.2).
//! - 20.1 "one beach per turn": per player-turn; several `[[sea]]` orders may invade
//!   hexes of the same beach, opposed and unopposed alike (003 20.3).
//! - 20.2: the beach the opponent invaded in the preceding player-turn is barred even
//!   if his units have since left it.

use super::Turn;
use crate::board::SeaZone;
use crate::cite::{Para, Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::orders::{Located, Problem, SeaOrder};
use crate::ruleset::InvasionZoc;
use crate::units::{stack_halves, Counter, UnitId, UnitKind};

/// 20.1: the unit types that never invade or land on a beach.
fn may_invade(kind: UnitKind) -> bool {
    !matches!(
        kind,
        UnitKind::Artillery | UnitKind::Armor | UnitKind::AirAssault
    )
}

/// Why no unopposed landing can be made from the sea next to a beach hex.
enum NoLanding {
    /// 19.2: no full sea hex next to it is in the unit's zone or one next to it; the
    /// zones it touches.
    TooFar(String),
    /// 003 20.3: every reachable one is in enemy ZOC (an opposed invasion, to be made
    /// with `assault`).
    Opposed,
    /// 003 20.31: the ones free of enemy ZOC are cut off from the board edge by it.
    CutOff,
}

impl Turn<'_, '_> {
    /// Whether optional rule 20 is played; an invasion in a game without it is
    /// reported as not allowed.
    fn invasion_rule(&mut self, what: &str, span: &std::ops::Range<usize>) -> bool {
        let played = self.ctx.rules.ruleset.invasions();
        self.optional_played(played, ("20", "invasions"), what, span)
    }

    /// 19.2, 003 20.3, 003 20.31: a full sea hex next to `beach` from which a unit at
    /// sea in `from` lands unopposed, or why there is none.
    fn landing_sea(&self, from: SeaZone, beach: Hex) -> Result<Hex, NoLanding> {
        let (board, pos, side) = (self.board(), &*self.pos, self.ctx.side);
        let seas: Vec<(Hex, SeaZone)> = beach
            .neighbours()
            .filter(|&n| board.is_sea(n))
            .filter_map(|n| board.sea_zone(n).map(|z| (n, z)))
            .collect();
        let near: Vec<Hex> = seas
            .iter()
            .filter(|(_, z)| *z == from || board.zone_links(from).any(|n| n == *z))
            .map(|(h, _)| *h)
            .collect();
        if near.is_empty() {
            let mut zones: Vec<String> = seas.iter().map(|(_, z)| z.to_string()).collect();
            zones.dedup();
            return Err(NoLanding::TooFar(zones.join(" or ")));
        }
        let free: Vec<Hex> = near
            .into_iter()
            .filter(|&h| !pos.in_zoc_of(side.other(), h))
            .collect();
        if free.is_empty() {
            return Err(NoLanding::Opposed);
        }
        free.into_iter()
            .find(|&h| !self.way_in_blocked(h))
            .ok_or(NoLanding::CutOff)
    }

    /// 20.31, reading `invasion-opposed-20-31`: whether enemy ZOC keeps invaders from
    /// the sea hex `at`: under `zoc-blocks` (003 20.31) when every way to it from the
    /// board edge passes another sea hex in enemy ZOC; never under `zoc-ignored`
    /// ("Enemy ZOC extending into full sea hexes do not prevent invading units from
    /// reaching any desired assault hexes").
    fn way_in_blocked(&self, at: Hex) -> bool {
        if self.ctx.rules.ruleset.invasion_zoc() == InvasionZoc::Ignored {
            return false;
        }
        let (pos, enemy) = (&*self.pos, self.ctx.side.other());
        let zoc = |h: Hex| h != at && pos.in_zoc_of(enemy, h);
        self.board().open_sea_path(at, &zoc).is_none()
    }

    /// 20.1, 20.2: the beach of `hex`, when the side may invade it now; else reported.
    fn beach_open(&mut self, hex: &Located<Hex>) -> Option<String> {
        if !self.board().contains(hex.value) {
            self.fail(Problem::OffBoard(hex.value), hex.span.clone(), "3.1", None);
            return None;
        }
        let Some(beach) = self.board().beach_at(hex.value).map(str::to_string) else {
            let problem = Problem::NotABeach { hex: hex.value };
            self.fail(problem, hex.span.clone(), "20.1", None);
            return None;
        };
        let beaches = self
            .ctx
            .rules
            .ruleset
            .optional_figures
            .invasions
            .beaches_per_player_turn;
        let invaded = usize::from(self.log.invaded.is_some());
        if self.log.invaded.as_ref() != Some(&beach) && invaded >= beaches as usize {
            let problem = Problem::SecondBeach {
                hex: hex.value,
                beach,
                first: self.log.invaded.clone().unwrap_or_default(),
            };
            self.fail(problem, hex.span.clone(), "20.1", None);
            return None;
        }
        if self.ctx.invaded_last == Some(beach.as_str()) {
            let problem = Problem::BeachJustInvaded {
                hex: hex.value,
                beach,
            };
            self.fail(problem, hex.span.clone(), "20.2", None);
            return None;
        }
        Some(beach)
    }

    /// 20.1, 20.4, 19.2: whether each unit may invade `hex` (its type, its zone, an
    /// unopposed way in, its movement factor); every problem reported.
    fn invaders_ok(&mut self, units: &[(Counter, SeaZone)], hex: &Located<Hex>) -> bool {
        let first_mf = self.first_beach_mf();
        let mut ok = true;
        for (c, from) in units {
            let (problem, rule) = if !may_invade(c.kind) {
                let kind = c.kind.to_string();
                (
                    Problem::CannotInvade {
                        unit: c.id.clone(),
                        kind,
                    },
                    "20.1",
                )
            } else if self.zone_cut_off(*from) {
                (Problem::ZoneCutOff { zone: *from }, "003 19.4")
            } else if c.movement < first_mf {
                let problem = Problem::TooFar {
                    unit: c.id.clone(),
                    needed: first_mf.to_string(),
                    allowed: c.movement.to_string(),
                };
                (problem, "20.4")
            } else {
                match self.landing_sea(*from, hex.value) {
                    Ok(_) => continue,
                    Err(NoLanding::TooFar(zones)) => {
                        let problem = Problem::BeachTooFar {
                            unit: c.id.clone(),
                            from: *from,
                            hex: hex.value,
                            zones,
                        };
                        (problem, "19.2")
                    }
                    Err(NoLanding::Opposed) => {
                        let problem = Problem::OpposedInvasion {
                            hex: hex.value,
                            why: format!(
                                "every full sea hex next to it from which {} could land is in enemy ZOC (003 20.3); name the one it lands from with `assault`",
                                c.id
                            ),
                        };
                        (problem, "003 20.3")
                    }
                    Err(NoLanding::CutOff) => {
                        let problem = Problem::IllegalHex {
                            unit: c.id.clone(),
                            hex: hex.value,
                            why: "enemy ZOC cuts every way from the board edge to the sea hexes next to it".into(),
                        };
                        (problem, "003 20.31")
                    }
                }
            };
            self.fail(problem, hex.span.clone(), rule, Some(&c.id));
            ok = false;
        }
        ok
    }

    /// 20.4: what the first beach hex costs.
    fn first_beach_mf(&self) -> u32 {
        self.ctx
            .rules
            .ruleset
            .optional_figures
            .invasions
            .first_beach_mf
    }

    /// 20.4: whether `unit` invaded a beach this player-turn (no road bonus, no
    /// strategic movement, the first beach hex's cost off its movement factor).
    pub(super) fn invaded(&self, unit: &UnitId) -> bool {
        self.sea.invaded.contains(unit)
    }

    /// 20.1, 20.2, 20.4, 19.2: the units invade the beach of `hex` unopposed, landing on
    /// `hex` for the first beach hex's cost, and go on inland along `path`.
    pub(super) fn invade(
        &mut self,
        o: &SeaOrder,
        units: &[(Counter, SeaZone)],
        hex: &Located<Hex>,
        path: &[Located<Hex>],
    ) {
        if !self.invasion_rule("`invade` in [[sea]]", &hex.span) {
            return;
        }
        let Some(beach) = self.beach_open(hex) else {
            return;
        };
        let on_land: Vec<(UnitId, Counter)> = units
            .iter()
            .map(|(c, _)| (c.id.clone(), c.clone()))
            .collect();
        if !self.invaders_ok(units, hex) || !self.terrain_allows(&on_land, hex) {
            return;
        }
        let inland = path.iter().any(|h| h.value != hex.value);
        if inland && self.pos.in_zoc_of(self.ctx.side.other(), hex.value) {
            for (c, _) in units {
                let problem = Problem::ZocContinue {
                    unit: c.id.clone(),
                    hex: hex.value,
                };
                self.fail(problem, hex.span.clone(), "8.2", Some(&c.id));
            }
            return;
        }
        let events = self.events.len();
        let before = self.log.invaded.clone();
        let mf = self.first_beach_mf();
        for (c, from) in units {
            self.pos.land(&c.id, hex.value);
            self.sea.landed.insert(c.id.clone());
            self.sea.invaded.insert(c.id.clone());
            self.log.moved.insert(c.id.clone());
            self.events.push(Event::Invaded {
                unit: c.id.clone(),
                zone: *from,
                beach: beach.clone(),
                hex: hex.value,
                mf,
                rule: Rule::para("20.4").and(Ref::Para(Para::lit("20.1"))),
            });
        }
        self.log.invaded = Some(beach);
        self.last_into.insert(hex.value, hex.span.clone());
        if !self.go_inland(o, units, hex, path, events) {
            self.log.invaded = before;
        }
    }
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
        let Some(name) = self.assault_beach(at, beach.or(ashore.first())) else {
            return;
        };
        let ashore_ok = self.ashore_ok(at, ashore, &name);
        let placed = self.assaulters_ok(units, at) && self.assault_room(units, at) && ashore_ok;
        let landing_ok = match beach {
            Some(b) => self.beach_reachable(units, at, b),
            None => true,
        };
        if !placed || !landing_ok {
            return;
        }
        let halves: u32 = units
            .iter()
            .map(|(c, _)| stack_halves(c.kind, c.is_substitute()))
            .sum();
        *self.sea.assault_halves.entry(at.value).or_default() += halves;
        for (c, from) in units {
            self.log.moved.insert(c.id.clone());
            self.events.push(Event::AssaultPlaced {
                unit: c.id.clone(),
                zone: *from,
                beach: name.clone(),
                hex: at.value,
                rule: Rule::para("20.31").and(Ref::Reading("20.3".into())),
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
                        rule: Rule::para("20.32").and(Ref::Reading("20.32".into())),
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
            self.fail(Problem::OffBoard(at.value), at.span.clone(), "3.1", None);
            return None;
        }
        if !board.is_sea(at.value) || board.sea_zone(at.value).is_none() {
            let problem = Problem::AssaultNotSea { hex: at.value };
            self.fail(problem, at.span.clone(), "20.31", None);
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
                self.fail(problem, at.span.clone(), "20.31", None);
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
                    self.fail(problem, at.span.clone(), "20.1", None);
                    return None;
                }
            },
        };
        self.beach_open(&Located::new(chosen.1, at.span.clone()))
    }

    /// 20.1, 19.2, 003 19.4, 003 20.3, 20.31: whether each unit may be placed on the
    /// assault hex `at`: its type, its zone, an enemy ZOC on `at` (else the landing is
    /// unopposed) and a way in (`way_in_blocked`); every problem reported.
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
                (Problem::CannotInvade { unit, kind }, "20.1")
            } else if self.zone_cut_off(*from) {
                (Problem::ZoneCutOff { zone: *from }, "003 19.4")
            } else if zone != *from && !board.zone_links(*from).any(|z| z == zone) {
                let problem = Problem::BeachTooFar {
                    unit: c.id.clone(),
                    from: *from,
                    hex: at.value,
                    zones: zone.to_string(),
                };
                (problem, "19.2")
            } else if !opposed {
                let unit = c.id.clone();
                (
                    Problem::AssaultUnopposed {
                        unit,
                        hex: at.value,
                    },
                    "003 20.3",
                )
            } else if !reached {
                let unit = c.id.clone();
                (
                    Problem::AssaultCutOff {
                        unit,
                        hex: at.value,
                    },
                    "003 20.31",
                )
            } else {
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
            self.fail(problem, h.span.clone(), "20.35", None);
            ok = false;
        }
        ok
    }

    /// 20.31, 003 20.31: "Stacking is still 3 units per hex", counting every unit
    /// placed on the assault hex this movement phase; reported if over.
    fn assault_room(&mut self, units: &[(Counter, SeaZone)], at: &Located<Hex>) -> bool {
        let before = self.sea.assault_halves.get(&at.value).copied().unwrap_or(0);
        let added: u32 = units
            .iter()
            .map(|(c, _)| stack_halves(c.kind, c.is_substitute()))
            .sum();
        if self.figures().stack_fits(before + added) {
            return true;
        }
        let problem = Problem::AssaultOverstacked {
            hex: at.value,
            count: crate::sea::units_text(before + added),
        };
        self.fail(problem, at.span.clone(), "003 20.31", None);
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
                self.fail(problem, beach.span.clone(), "20.32", Some(&c.id));
            }
            return false;
        }
        if self.pos.side_at(beach.value) == Some(self.ctx.side.other()) {
            let problem = Problem::BeachNotVacant { hex: beach.value };
            self.fail(problem, beach.span.clone(), "20.32", None);
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
        self.fail(problem, u.span.clone(), "003 20.32", Some(&u.value));
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
        self.fail(problem, u.span.clone(), "20.33", Some(&u.value));
        true
    }
}
