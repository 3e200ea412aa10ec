//! Invasions (optional rule 20) in the movement portion: a `[[sea]]` order with
//! `invade` lands units at sea on a beach hex and takes them on inland (20.1, 20.2,
//! 20.4, with 19.2). What every invasion asks is here too: the beach open to the side
//! (20.1, 20.2), the unit types that invade (20.1) and the way in from the open sea
//! (20.31). Which beach a hex belongs to is the board's (`[[beach]]`, 20.1); the beach
//! invaded in a player-turn is kept in the state for the next one (20.2). Opposed
//! invasions (20.31-20.32) are `assault`'s.
//!
//! Readings where the rules are silent:
//! - 19.2 "either in their sea zone, or in an adjacent zone": a unit invades a beach
//!   hex that touches a full sea hex of its zone or of a zone next to it.
//! - 003 20.3: an invasion is unopposed when the units land from a full sea hex free
//!   of enemy ZOC; the umpire takes such a hex next to the beach hex, in a zone the
//!   units may reach (under the reading `invasion-opposed-20-31=zoc-blocks`, one that
//!   also reaches the board edge through sea hexes free of enemy ZOC, 003 20.31; under
//!   the default `zoc-ignored` enemy ZOC on the way keeps no invader out, 20.31). Any
//!   one such hex will do, so no assault hex is named and the stacking limit of assault
//!   hexes (20.31) is not asked of unopposed units: they are on the sea hex only on
//!   their way in. When every such hex is in enemy ZOC the landing is opposed and must
//!   name its assault hex (`assault`).
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
use crate::orders::{Located, Problem, SeaOrder};
use crate::ruleset::InvasionZoc;
use crate::units::{Counter, UnitId, UnitKind};

/// 20.1: the unit types that never invade or land on a beach.
pub(super) fn may_invade(kind: UnitKind) -> bool {
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
    /// 003 19.4 (`no-naval-activity`): every one is in this zone, cut off from the open
    /// sea.
    ZoneCutOff(SeaZone),
}

impl Turn<'_, '_> {
    /// Whether optional rule 20 is played; an invasion in a game without it is
    /// reported as not allowed.
    pub(super) fn invasion_rule(&mut self, what: &str, span: &std::ops::Range<usize>) -> bool {
        let played = self.ctx.rules.ruleset.invasions();
        if !self.optional_played(played, (cite!("20"), "invasions"), what, span) {
            return false;
        }
        // 34, Weather Chart, Gale: no invasions.
        let weather = self.ctx.weather.weather;
        if weather == crate::tables::Weather::Gale {
            let problem = Problem::WeatherNoInvasion { weather };
            self.fail(problem, span.clone(), cite!("34"), None);
            return false;
        }
        true
    }

    /// 19.2, 003 19.4, 003 20.3, 003 20.31: a full sea hex next to `beach` from which
    /// a unit at sea in `from` lands unopposed, or why there is none. The zones cut off
    /// from the open sea are those found by `zone_cut_off` for `from` before.
    fn landing_sea(&self, from: SeaZone, beach: Hex) -> Result<Hex, NoLanding> {
        let (board, pos, side) = (self.board(), &*self.pos, self.ctx.side);
        let seas: Vec<(Hex, SeaZone)> = beach
            .neighbours()
            .filter(|&n| board.is_sea(n))
            .filter_map(|n| board.sea_zone(n).map(|z| (n, z)))
            .collect();
        let near: Vec<(Hex, SeaZone)> = board
            .landing_seas(from, beach)
            .into_iter()
            .filter_map(|h| board.sea_zone(h).map(|z| (h, z)))
            .collect();
        let Some(&(_, first)) = near.first() else {
            let mut zones: Vec<String> = seas.iter().map(|(_, z)| z.to_string()).collect();
            zones.dedup();
            return Err(NoLanding::TooFar(zones.join(" or ")));
        };
        // 003 19.4: the zones cut off were found when the unit's own zone was asked.
        let cut_off = |z: &SeaZone| self.sea.cut_off.as_ref().is_some_and(|c| c.contains(z));
        let near: Vec<Hex> = near
            .into_iter()
            .filter(|(_, z)| !cut_off(z))
            .map(|(h, _)| h)
            .collect();
        if near.is_empty() {
            return Err(NoLanding::ZoneCutOff(first));
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
    pub(super) fn way_in_blocked(&self, at: Hex) -> bool {
        if self.ctx.rules.ruleset.invasion_zoc() == InvasionZoc::Ignored {
            return false;
        }
        let (pos, enemy) = (&*self.pos, self.ctx.side.other());
        let zoc = |h: Hex| h != at && pos.in_zoc_of(enemy, h);
        !self.board().reaches_open_sea(at, &zoc)
    }

    /// 20.1, 20.2: the beach of `hex`, when the side may invade it now; else reported.
    pub(super) fn beach_open(&mut self, hex: &Located<Hex>) -> Option<String> {
        if !self.board().contains(hex.value) {
            self.fail(
                Problem::OffBoard(hex.value),
                hex.span.clone(),
                cite!("3.1"),
                None,
            );
            return None;
        }
        let Some(beach) = self.board().beach_at(hex.value).map(str::to_string) else {
            let problem = Problem::NotABeach { hex: hex.value };
            self.fail(problem, hex.span.clone(), cite!("20.1"), None);
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
            self.fail(problem, hex.span.clone(), cite!("20.1"), None);
            return None;
        }
        if self.ctx.invaded_last == Some(beach.as_str()) {
            let problem = Problem::BeachJustInvaded {
                hex: hex.value,
                beach,
            };
            self.fail(problem, hex.span.clone(), cite!("20.2"), None);
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
                    cite!("20.1"),
                )
            } else if self.zone_cut_off(*from) {
                (Problem::ZoneCutOff { zone: *from }, cite!("003 19.4"))
            } else if c.movement < first_mf {
                let problem = Problem::TooFar {
                    unit: c.id.clone(),
                    needed: first_mf.to_string(),
                    allowed: c.movement.to_string(),
                };
                (problem, cite!("20.4"))
            } else {
                match self.landing_sea(*from, hex.value) {
                    Ok(sea) => {
                        // 35.31-35.34
                        let zone = self.board().sea_zone(sea).unwrap_or(*from);
                        ok &= self.ascendancy_invasion(&c.id, *from, zone, hex.span.clone());
                        continue;
                    }
                    Err(NoLanding::TooFar(zones)) => {
                        let problem = Problem::BeachTooFar {
                            unit: c.id.clone(),
                            from: *from,
                            hex: hex.value,
                            zones,
                        };
                        (problem, cite!("19.2"))
                    }
                    Err(NoLanding::Opposed) => {
                        let problem = Problem::OpposedInvasion {
                            hex: hex.value,
                            why: format!(
                                "every full sea hex next to it from which {} could land is in enemy ZOC (003 20.3); name the one it lands from with `assault`",
                                c.id
                            ),
                        };
                        (problem, cite!("003 20.3"))
                    }
                    Err(NoLanding::ZoneCutOff(zone)) => {
                        (Problem::ZoneCutOff { zone }, cite!("003 19.4"))
                    }
                    Err(NoLanding::CutOff) => {
                        let problem = Problem::IllegalHex {
                            unit: c.id.clone(),
                            hex: hex.value,
                            why: "enemy ZOC cuts every way from the board edge to the sea hexes next to it".into(),
                        };
                        (problem, cite!("003 20.31"))
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
        // 27.2: rangers alone land on any coastal hex, and make no beach invasion.
        let rangers = super::rangers::rangers_only(units);
        let beach = if rangers {
            self.ranger_coast_open(hex)
                .then(|| self.board().beach_at(hex.value).unwrap_or("").to_string())
        } else {
            self.beach_open(hex)
        };
        let Some(beach) = beach else {
            return;
        };
        let on_land: Vec<(UnitId, Counter)> = units
            .iter()
            .map(|(c, _)| (c.id.clone(), c.clone()))
            .collect();
        let caught = rangers && self.only_enemy_aircraft(hex.value);
        if !self.invaders_ok(units, hex) || (!caught && !self.terrain_allows(&on_land, hex)) {
            return;
        }
        let inland = path.iter().any(|h| h.value != hex.value);
        if inland && self.pos.in_zoc_of(self.ctx.side.other(), hex.value) {
            for (c, _) in units {
                let problem = Problem::ZocContinue {
                    unit: c.id.clone(),
                    hex: hex.value,
                };
                self.fail(problem, hex.span.clone(), cite!("8.2"), Some(&c.id));
            }
            return;
        }
        let events = self.events.len();
        let before = (self.log.invaded.clone(), self.log.beachheads.clone());
        let ranger_heads = self.log.ranger_beachheads.clone();
        let coast_before = self.sea.ranger_coast.clone();
        let mf = self.first_beach_mf();
        for (c, from) in units {
            self.pos.land(&c.id, hex.value);
            self.sea.landed.insert(c.id.clone());
            self.sea.invaded.insert(c.id.clone());
            self.log.moved.insert(c.id.clone());
            if rangers {
                self.ranger_landed(c, *from, hex.value, mf);
                continue;
            }
            self.events.push(Event::Invaded {
                unit: c.id.clone(),
                zone: *from,
                beach: beach.clone(),
                hex: hex.value,
                mf,
                rule: Rule::para(para!("20.4")).and(Ref::Para(Para::lit("20.1"))),
            });
        }
        if !rangers {
            self.log.invaded = Some(beach);
        }
        // 003 23.5: only a hex invaded by a unit other than rangers supplies.
        if units.iter().any(|(c, _)| c.kind != UnitKind::Rangers) {
            self.log.beachheads.insert(hex.value);
        } else {
            // 003 27.2: beach supply for rangers only.
            self.log.ranger_beachheads.insert(hex.value);
        }
        self.last_into.insert(hex.value, hex.span.clone());
        if !self.go_inland(o, units, hex, path, events) {
            (self.log.invaded, self.log.beachheads) = before;
            self.sea.ranger_coast = coast_before;
            self.log.ranger_beachheads = ranger_heads;
        } else if caught {
            self.ground_aircraft_caught(hex.value);
        }
    }
}
