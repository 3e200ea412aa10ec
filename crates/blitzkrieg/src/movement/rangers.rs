//! Rangers (27) in the movement portion: what rangers do at sea that other units do
//! not. Rangers are infantry in every other respect (27.1): their counters, ZOC,
//! movement and combat are the infantry's everywhere else in the engine, and their
//! airdrop (27.6) is [`crate::units::UnitKind::may_airdrop`]'s.
//!
//! - 27.2 with 003 27.2: an invasion made by rangers alone lands on any coastal hex (a
//!   land hex touching a full sea hex), beach or not, treated as a beach hex; a coastal
//!   city hex holding only enemy aircraft counts as vacant, and those grounded aircraft
//!   are eliminated when the rangers land (30.9).
//! - 27.2: such a landing is not the side's invasion of a beach (20.1): it names no
//!   beach invaded, and rangers land on at most `rangers.coastal_hexes` hexes of coast
//!   a player-turn.
//! - 27.3: it does not bar the enemy from that beach next player-turn (20.2), but
//!   rangers may not land on the beach the enemy invaded with other units in the
//!   player-turn before.
//! - 27.4 with 003 27.4: rangers go to sea from any coastal hex free of enemy ZOC,
//!   friendly or not, into the zone of a full sea hex next to it.
//!
//! Readings where the rules are silent:
//! - 27.2 "up to 4 different hexes in the turn of a beach invasion": the limit holds in
//!   every player-turn, with or without a beach invasion; a hex counts once however many
//!   orders land rangers on it.
//! - An invasion order naming rangers and other units together is a beach invasion
//!   under rule 20 for all of them.
//! - 003 27.2: the enemy aircraft alone in a coastal city hex the rangers land on are
//!   eliminated there and then (30.9: grounded aircraft caught alone by enemy ground
//!   units moving into their city).

use super::Turn;
use crate::board::SeaZone;
use crate::cite::{Para, Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{Located, Problem};
use crate::units::{Counter, UnitKind};
use std::ops::Range;

/// 27.2: an invasion made by rangers alone (not a beach invasion, 20.1).
pub(super) fn rangers_only(units: &[(Counter, SeaZone)]) -> bool {
    !units.is_empty() && units.iter().all(|(c, _)| c.kind == UnitKind::Rangers)
}

impl Turn<'_, '_> {
    /// 27.2-27.3 with 003 27.2: whether rangers may land on `hex` now: a coastal hex
    /// of the board, not the beach the enemy invaded in the player-turn before, and
    /// within the hexes of coast rangers may land on this player-turn; else reported.
    pub(super) fn ranger_coast_open(&mut self, hex: &Located<Hex>) -> bool {
        let board = self.board();
        if !board.contains(hex.value) {
            self.fail(
                Problem::OffBoard(hex.value),
                hex.span.clone(),
                cite!("3.1"),
                None,
            );
            return false;
        }
        if !board.is_coastal(hex.value) {
            let problem = Problem::NotCoastal { hex: hex.value };
            self.fail(problem, hex.span.clone(), cite!("27.2"), None);
            return false;
        }
        if let Some(beach) = board.beach_at(hex.value) {
            if self.ctx.invaded_last == Some(beach) {
                let problem = Problem::BeachJustInvaded {
                    hex: hex.value,
                    beach: beach.to_string(),
                };
                self.fail(problem, hex.span.clone(), cite!("27.3"), None);
                return false;
            }
        }
        self.ranger_limit_ok(hex)
    }

    /// 27.2: whether rangers may land on `hex` within the hexes of coast they may land
    /// on this player-turn (a hex landed on already counts once); else reported.
    fn ranger_limit_ok(&mut self, hex: &Located<Hex>) -> bool {
        let limit = self
            .ctx
            .rules
            .ruleset
            .tournament_figures
            .rangers
            .coastal_hexes;
        let landed = &self.sea.ranger_coast;
        if !landed.contains(&hex.value) && landed.len() >= limit as usize {
            let names: Vec<String> = landed.iter().map(ToString::to_string).collect();
            let problem = Problem::RangerCoastLimit {
                hex: hex.value,
                limit,
                hexes: crate::orders::and_list(&names, "no hex"),
            };
            self.fail(problem, hex.span.clone(), cite!("27.2"), None);
            return false;
        }
        true
    }

    /// 003 27.2: whether `hex` holds enemy aircraft and no enemy ground unit (a vacant
    /// hex for rangers landing there).
    pub(super) fn only_enemy_aircraft(&self, hex: Hex) -> bool {
        let enemy = self.ctx.side.other();
        let mut pieces = self.pos.at(hex).filter(|p| p.side == enemy).peekable();
        pieces.peek().is_some() && pieces.all(|p| p.kind.is_air())
    }

    /// 003 27.2 with 30.9: the enemy aircraft alone in the city hex rangers landed on
    /// are eliminated.
    pub(super) fn ground_aircraft_caught(&mut self, hex: Hex) {
        let enemy = self.ctx.side.other();
        let caught: Vec<_> = self
            .pos
            .at(hex)
            .filter(|p| p.side == enemy && p.kind.is_air())
            .map(|p| p.id.clone())
            .collect();
        for id in caught {
            if let Some(p) = self.pos.remove(&id) {
                self.events.push(Event::Eliminated {
                    unit: p.id,
                    hex,
                    cause: "grounded aircraft caught alone in their city by rangers landing there"
                        .into(),
                    rule: Rule::of(Ref::Reading("27.2".into())).and(Ref::Para(Para::lit("30.9"))),
                });
            }
        }
    }

    /// 27.2: the landing of rangers on `hex` from `zone`, for `mf` of their movement
    /// factor.
    pub(super) fn ranger_landed(&mut self, c: &Counter, zone: SeaZone, hex: Hex, mf: u32) {
        self.sea.ranger_coast.insert(hex);
        self.events.push(Event::RangersLanded {
            unit: c.id.clone(),
            zone,
            hex,
            mf,
            rule: Rule::para(para!("27.2")).and(Ref::Para(Para::lit("20.4"))),
        });
    }

    /// 27.4 with 003 27.4: whether rangers on the coastal hex `hex` may go to sea in
    /// `zone`: `hex` free of enemy ZOC and next to a full sea hex of `zone` (or a port
    /// opening on it); else reported at `span`, naming `unit`.
    pub(super) fn rangers_to_sea_ok(
        &mut self,
        unit: &crate::units::UnitId,
        hex: Hex,
        zone: SeaZone,
        span: Range<usize>,
    ) -> bool {
        if self.pos.in_zoc_of(self.ctx.side.other(), hex) {
            let problem = Problem::CoastInEnemyZoc {
                unit: unit.clone(),
                hex,
            };
            self.fail(problem, span, cite!("27.4"), Some(unit));
            return false;
        }
        let board = self.board();
        let mut zones: Vec<SeaZone> = hex
            .neighbours()
            .filter_map(|n| board.sea_zone(n).filter(|_| board.is_sea(n)))
            .chain(board.port_zone(hex))
            .collect();
        zones.sort();
        zones.dedup();
        if !zones.contains(&zone) {
            let names: Vec<String> = zones.iter().map(ToString::to_string).collect();
            let problem = Problem::CoastZone {
                hex,
                zone,
                zones: crate::orders::and_list(&names, "no zone"),
            };
            self.fail(problem, span, cite!("27.4"), Some(unit));
            return false;
        }
        if self.zone_cut_off(zone) {
            self.fail(
                Problem::ZoneCutOff { zone },
                span,
                cite!("003 19.4"),
                Some(unit),
            );
            return false;
        }
        true
    }

    /// 27.4: whether every unit of a move to sea from `hex` is rangers on a coastal
    /// hex (any coastal hex will do for them, a port or not).
    pub(super) fn rangers_withdraw(&self, units: &[Counter], hex: Hex) -> bool {
        !units.is_empty()
            && units.iter().all(|c| c.kind == UnitKind::Rangers)
            && self.board().is_coastal(hex)
    }
}

/// 27.5: the lake hexes joined to `start` (a lake hex) through other lake hexes.
fn lake_of(board: &crate::board::Board, start: Hex) -> std::collections::BTreeSet<Hex> {
    let is_lake = |h: Hex| board.terrain(h) == Some(crate::board::Terrain::Lake);
    let mut seen = std::collections::BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some(h) = todo.pop() {
        for n in h.neighbours().filter(|&n| is_lake(n)) {
            if seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}

impl Turn<'_, '_> {
    /// 27.5: rangers that began the player-turn in a city next to a lake, and have not
    /// moved, invade a coastal hex of that lake (a land hex next to one of its hexes),
    /// for the first beach hex's cost (20.4); a later `[[move]]` takes them on. Every
    /// problem is reported; an order with one moves nobody.
    pub(super) fn cross_lake(&mut self, l: &crate::orders::LakeCrossing) {
        let Some(units) = self.all_units(&l.units, |t, u| t.lake_crosser(u)) else {
            return;
        };
        let to = l.invade.value;
        let mut ok = true;
        for (c, from) in &units {
            if let Some(why) = self.lake_fault(*from, to) {
                let problem = Problem::LakeCrossing {
                    unit: c.id.clone(),
                    why,
                };
                self.fail(problem, l.invade.span.clone(), cite!("27.5"), Some(&c.id));
                ok = false;
            }
        }
        let on_land: Vec<_> = units
            .iter()
            .map(|(c, _)| (c.id.clone(), c.clone()))
            .collect();
        if !ok || !self.ranger_limit_ok(&l.invade) || !self.terrain_allows(&on_land, &l.invade) {
            return;
        }
        let mf = self
            .ctx
            .rules
            .ruleset
            .optional_figures
            .invasions
            .first_beach_mf;
        for (c, from) in units {
            self.pos.move_to(&c.id, to);
            self.sea.ranger_coast.insert(to);
            self.sea.landed.insert(c.id.clone());
            self.sea.invaded.insert(c.id.clone());
            self.log.moved.insert(c.id.clone());
            self.events.push(Event::LakeCrossed {
                unit: c.id,
                from,
                hex: to,
                mf,
                rule: Rule::para(para!("27.5")),
            });
        }
        self.last_into.insert(to, l.invade.span.clone());
    }

    /// 27.5: a unit of the mover's crossing a lake: rangers that have not moved this
    /// player-turn, in the hex they began it in; their counter and that hex.
    fn lake_crosser(&mut self, u: &Located<crate::units::UnitId>) -> Option<(Counter, Hex)> {
        let c = self.own_counter(u)?;
        if !self.first_order("lake", u, cite!("27.5")) {
            return None;
        }
        let now = self.pos.hex_of(&u.value);
        let start = self.log.start.get(&u.value).copied();
        let why = if c.kind != UnitKind::Rangers {
            Some(format!(
                "it is {}: only rangers invade from the lakes",
                c.kind
            ))
        } else if now.is_none() || now != start {
            Some("it is not in the hex it began this player-turn in".to_string())
        } else if self.log.moved.contains(&u.value) || self.log.flown.contains(&u.value) {
            Some("it has moved this player-turn".to_string())
        } else {
            None
        };
        match (why, now) {
            (None, Some(h)) => Some((c, h)),
            (why, _) => {
                let problem = Problem::LakeCrossing {
                    unit: u.value.clone(),
                    why: why.unwrap_or_default(),
                };
                self.fail(problem, u.span.clone(), cite!("27.5"), Some(&u.value));
                None
            }
        }
    }

    /// 27.5: why rangers in `from` may not cross a lake to `to`, if they may not.
    fn lake_fault(&self, from: Hex, to: Hex) -> Option<String> {
        let board = self.board();
        let lake_next = |h: Hex| -> Vec<Hex> {
            h.neighbours()
                .filter(|&n| board.terrain(n) == Some(crate::board::Terrain::Lake))
                .collect()
        };
        let starts = lake_next(from);
        if !board.is_city(from) || starts.is_empty() {
            return Some(format!(
                "it did not begin this player-turn in a city next to a lake ({from})"
            ));
        }
        let lake: std::collections::BTreeSet<Hex> =
            starts.into_iter().flat_map(|h| lake_of(board, h)).collect();
        if to == from || !board.is_land(to) || !lake_next(to).iter().any(|h| lake.contains(h)) {
            return Some(format!("{to} is no coastal hex of the lake next to {from}"));
        }
        None
    }
}
