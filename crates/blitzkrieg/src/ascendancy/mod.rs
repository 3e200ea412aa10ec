//! Naval ascendancy (Tournament optional rule 35): each sea zone's naval points and
//! state at the start of every player-turn (35.1-35.24), kept in the state while the
//! game plays 35, and what a state allows a side at sea (35.31-35.34): going to sea
//! from a port, invading, supply by sea. The movement and supply rules ask the
//! questions here ([`refusal`]); the report renders [`AscendancyEvent`].
//!
//! Readings where the sources are silent or disagree:
//! - 003 35.1: units at sea give 1 NP per printed attack factor; aircraft in a port
//!   their attack factor as modified, the fractions combined and rounded down once:
//!   halved for a side with only 2 basic industry cities, none with fewer (36.32-36.34,
//!   003 36.33, `resources::zones`), halved in rain and snow and none in a gale, fog or
//!   ice (34, the Weather Chart's air factors, `weather::combat::naval_air`).
//!   Aircraft inverted after their airbase was bombed (33.2) are not combat ready and
//!   give none.
//! - 003 33.3 and 19.4: a damaged port (PX) or one cut off from the open sea is no
//!   port: it gives no NP, and neither do the aircraft based in it.
//! - An invasion is judged by the state of the zone of the sea hex the units land from
//!   (an assault hex's zone); units at sea in another zone landing from it "move in
//!   from other sea zones" (35.34). Its factors count, at the start of the invader's
//!   next player-turn, in the zone the units were at sea in.
//! - 35.31's "no supply into or through": no sea supply through a port opening on the
//!   zone, nor through a beach hex from its sea hexes (the zones go on beyond the board,
//!   003 19.1, so no route passes "through" a zone otherwise).
//! - 36.32-36.34: a side short of basic industry lowers the state the points decide
//!   (`resources::zones`, reading `industry-sea-zones-36-3`), where [`mark`] decides it.
//! - 35.31's push of beach defenders after combat, with 003 35.31's minor cities, is
//!   [`push`]'s.
//! - Where the Naval Ascendancy chart and 35.34 disagree (the chart's flat "no
//!   invasions, no supply into or thru" against the zero-point player), the reading
//!   `uncontested-zero-35-34` decides.

// 35.31: the push of beach defenders after combat.
pub mod push;

use crate::board::SeaZone;
use crate::cite::{Cite, Rule};
use crate::control::Holding;
use crate::event::Event;
use crate::marker::{HexMarkerKind, UnitMarker};
use crate::odds::Factor;
use crate::position::Position;
use crate::readings::{ContestedInvasion, UncontestedZero};
use crate::rules::Rules;
pub use crate::ruleset::AscendancyFigures;
use crate::sea::{port_fault, Use};
use crate::units::{Side, UnitKind};
use std::collections::BTreeMap;

pub use crate::model::ascendancy::{
    Ascendancy, AscendancyEvent, Invading, NavalState, ZoneAscendancy,
};

/// 35.21-35.24: the state of a zone where Blue has `blue` and Red `red` naval points,
/// and the side with superiority.
///
/// This is the one place a zone's state is decided: rule 36 (critical resources,
/// 36.32-36.34 with 003's items), which lowers the state of a side short of basic
/// industry, adjusts it here and nowhere else.
pub fn decide(blue: u32, red: u32, figures: &AscendancyFigures) -> (NavalState, Option<Side>) {
    let (high_side, high, low) = if blue >= red {
        (Side::Blue, blue, red)
    } else {
        (Side::Red, red, blue)
    };
    let at_least = figures.superiority_points;
    if high >= at_least && high >= low.saturating_mul(figures.superiority_ratio) {
        (NavalState::Superiority, Some(high_side))
    } else if high >= at_least {
        (NavalState::Contested, None)
    } else if low > 0 {
        (NavalState::Uncontrolled, None)
    } else {
        (NavalState::Uncontested, None)
    }
}

/// What the naval points of a zone are made of, for a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Points {
    /// Printed attack factors at sea.
    at_sea: u32,
    /// Friendly ports open on the zone.
    ports: u32,
    /// Combat-ready TAC, MDM and FTR factors in those ports.
    aircraft: u32,
    /// Factors invaded with in the zone in the side's last player-turn.
    invaded: u32,
}

impl Points {
    fn total(self) -> u32 {
        self.at_sea + self.ports + self.aircraft + self.invaded
    }
}

/// The player-turn the naval points are counted in: whose it is and which turn (a PX
/// marker is in force by the player-turn, 33.3).
#[derive(Clone, Copy, Debug)]
pub struct Counting<'a> {
    pub turn: u32,
    pub mover: Side,
    /// 5.1-5.2: the cities held at the start of the player-turn.
    pub held: Holding<'a>,
    pub invading: &'a Invading,
}

/// 35.1: the naval points of `side` in `zone`: 1 for each printed attack factor at
/// sea there (003 35.1), 1 for each friendly port he controls opening on the zone
/// (not a damaged one, 003 33.3, nor one cut off from the open sea, 003 19.4), 1 for
/// each factor of combat-ready TAC, MDM or FTR in such a port, and the factors he
/// invaded with in the zone in his previous player-turn.
fn points(rules: &Rules, pos: &Position, c: &Counting<'_>, side: Side, zone: SeaZone) -> Points {
    let factor = |id| rules.counters.get(id).map_or(0, |u| u.attack);
    let at_sea = pos
        .at_sea()
        .filter(|a| a.side == side && a.zone == zone)
        .map(|a| factor(&a.id))
        .sum();
    let mut ports = 0;
    let mut aircraft = 0;
    for port in rules.board.ports_on(zone) {
        let fault = port_fault(&rules.board, pos, c.held, side, port.hex, Use::Land);
        if fault.is_some() || pos.hex_marked(port.hex, HexMarkerKind::PX, c.turn, c.mover) {
            continue;
        }
        ports += 1;
        aircraft += pos
            .at(port.hex)
            .filter(|p| p.side == side && combat_aircraft(p.kind))
            .filter(|p| !pos.is_marked(&p.id, UnitMarker::Inverted))
            .map(|p| factor(&p.id))
            .sum::<u32>();
    }
    // 34: the weather's air factors; 003 35.1, 36.32-36.34, 003 36.33: aircraft of a
    // side short of basic industry; 003 Rounding: combined, rounded down once.
    let aircraft =
        crate::weather::combat::naval_air(rules, pos.weather(), Factor::whole(aircraft.into()));
    let aircraft = crate::resources::zones::aircraft_points(rules, pos, side, aircraft);
    let aircraft = u32::try_from(aircraft.floor()).unwrap_or(u32::MAX);
    let invaded = c
        .invading
        .get(&side)
        .and_then(|z| z.get(&zone))
        .copied()
        .unwrap_or(0);
    Points {
        at_sea,
        ports,
        aircraft,
        invaded,
    }
}

/// 35.1: the aircraft whose factors give naval points in a port.
fn combat_aircraft(kind: UnitKind) -> bool {
    matches!(kind, UnitKind::Tac | UnitKind::Mdm | UnitKind::Ftr)
}

/// 35.1: the naval ascendancy of every sea zone at the start of the player-turn,
/// before supply (003 35.1), with the events that report it against `before`, the
/// states of the player-turn before.
pub fn mark(
    rules: &Rules,
    pos: &Position,
    counting: &Counting<'_>,
    before: &Ascendancy,
) -> (Ascendancy, Vec<Event>) {
    let figures = &rules.ruleset.tournament_figures.ascendancy;
    let mut now = Ascendancy::default();
    let mut events = Vec::new();
    for zone in rules.board.zones() {
        let blue = points(rules, pos, counting, Side::Blue, zone).total();
        let red = points(rules, pos, counting, Side::Red, zone).total();
        let decided = decide(blue, red, figures);
        // 36.32-36.34: a side short of basic industry lowers the state.
        let lowered = crate::resources::zones::lowered(rules, pos, (blue, red), decided);
        let (state, leader) = lowered.as_ref().map_or(decided, |l| (l.state, l.leader));
        let z = ZoneAscendancy {
            blue,
            red,
            state,
            leader,
        };
        let was = before.zone(zone).map(ZoneAscendancy::describe);
        let changed = was.as_deref() != Some(z.describe().as_str());
        if blue + red > 0 || changed {
            events.push(Event::Ascendancy(AscendancyEvent::Marked {
                zone,
                blue,
                red,
                state: z.describe(),
                was: was.filter(|_| changed),
                rule: lowered.map_or_else(
                    || Rule::para(crate::cite::Paragraph::checked(state.paragraph())),
                    |l| l.rule,
                ),
            }));
        }
        now.zones.insert(zone, z);
    }
    (now, events)
}

/// 35.31: "Units that begin a turn in such a zone are unsupplied": the units of
/// `side` at sea in a zone of enemy naval superiority at the start of its player-turn
/// are marked out of supply (23.6: half movement and attack factors) like units cut
/// off on the map, and the events that say so.
pub fn unsupplied_at_sea(pos: &mut Position, ascendancy: &Ascendancy, side: Side) -> Vec<Event> {
    let mut by_zone: BTreeMap<SeaZone, Vec<crate::units::UnitId>> = BTreeMap::new();
    for a in pos.at_sea() {
        if a.side == side
            && ascendancy
                .zone(a.zone)
                .is_some_and(|z| z.enemy_superiority(side))
        {
            by_zone.entry(a.zone).or_default().push(a.id.clone());
        }
    }
    let mut events = Vec::new();
    for (zone, units) in by_zone {
        for id in &units {
            pos.mark(id, UnitMarker::OutOfSupply);
        }
        events.push(Event::Ascendancy(AscendancyEvent::UnsuppliedAtSea {
            zone,
            units,
            rule: Rule::para(crate::para!("35.31")),
        }));
    }
    events
}

/// 35.31: "In a zone of friendly superiority, invading units are doubled when they
/// attack from full sea hexes": whether `id` stands on an assault hex (20.31, a full
/// sea hex) it took in such a zone.
pub fn doubled_invader(pos: &Position, id: &crate::units::UnitId) -> bool {
    pos.is_marked(id, UnitMarker::Assault) && pos.is_marked(id, UnitMarker::SuperiorInvader)
}

/// 35.1 as the position stands, for a player writing the orders of `side`'s
/// player-turn `turn`: the ascendancy its start will mark (before the decisions owed
/// from the last player-turn are carried out). `None` in a game without rule 35.
pub fn as_it_stands(
    rules: &Rules,
    state: &crate::state::GameState,
    pos: &Position,
    turn: u32,
    side: Side,
) -> Option<Ascendancy> {
    if !rules
        .ruleset
        .plays(crate::ruleset::OptionalRule::NavalAscendancy)
    {
        return None;
    }
    let counting = Counting {
        turn,
        mover: side,
        held: (&state.held, rules.ruleset.readings.city_friendly),
        invading: &state.invading,
    };
    // 36.32-36.34: the shortages of basic industry the player-turn will start with.
    let mut pos = pos.clone();
    crate::resources::determine(rules, &mut pos, &state.held, side, &state.resources);
    Some(mark(rules, &pos, &counting, &state.ascendancy).0)
}

/// 35.31-35.34: what `side` may not do in a zone of this state, for a player: "no
/// going to sea from its ports, no invading, no sea supply into it (35.31)"; `None`
/// when it operates normally there.
pub fn limits(rules: &Rules, z: &ZoneAscendancy, side: Side) -> Option<String> {
    let readings = &rules.ruleset.readings;
    let ten = rules
        .ruleset
        .tournament_figures
        .ascendancy
        .superiority_points;
    let zero = z.points(side) == 0;
    let chart = readings.uncontested_zero == UncontestedZero::Chart;
    Some(match z.state {
        _ if z.enemy_superiority(side) => {
            "no going to sea from its ports, no invading, no sea supply into it; your units at sea there are unsupplied (35.31)".into()
        }
        NavalState::Superiority => {
            "your units on its assault hexes attack doubled and push beach defenders back after combat (35.31)".into()
        }
        NavalState::Uncontrolled => "no invading (35.33)".into(),
        NavalState::Contested
            if readings.contested_invasion == ContestedInvasion::TenPoints
                && z.points(side) < ten =>
        {
            format!("no invading with fewer than {ten} points (003 35.32)")
        }
        NavalState::Uncontested if zero && chart => {
            "no invading, no sea supply into it (35.34, the chart)".into()
        }
        NavalState::Uncontested if zero => {
            "no invading by units from the zones next to it (35.34)".into()
        }
        NavalState::Contested | NavalState::Uncontested => return None,
    })
}

/// 35.1: the factors each zone was invaded with by the mover this player-turn (003
/// 20.3: opposed units placed on assault hexes and unopposed ones alike), from the
/// movement's events.
pub fn invaded_with(rules: &Rules, events: &[Event]) -> BTreeMap<SeaZone, u32> {
    let mut out: BTreeMap<SeaZone, u32> = BTreeMap::new();
    for e in events {
        let (unit, zone) = match e {
            Event::Invaded { unit, zone, .. }
            | Event::AssaultPlaced { unit, zone, .. }
            | Event::RangersLanded { unit, zone, .. } => (unit, *zone),
            _ => continue,
        };
        let factors = rules.counters.get(unit).map_or(0, |c| c.attack);
        *out.entry(zone).or_default() += factors;
    }
    out
}

/// What a side wants to do from or in a sea zone, as rule 35 limits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// 35.31: move to sea from a port.
    ToSea,
    /// 35.31-35.34: invade; `moved_in`: the units sailed into the zone from another
    /// this player-turn (35.34).
    Invade { moved_in: bool },
}

/// Why rule 35 refuses an act in a zone: the zone's state in words and the paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub zone: SeaZone,
    /// "Red naval superiority (Blue 3, Red 12)".
    pub state: String,
    pub cite: Cite,
}

/// 35.31-35.34 (with the readings `contested-invasion-35-32` and
/// `uncontested-zero-35-34`, and 003 36.33 under `industry-sea-zones-36-3`): whether
/// `side` may do `act` in `zone`, `None` when it may. A zone with no recorded ascendancy
/// (a game without 35) refuses nothing.
pub fn refusal(
    rules: &Rules,
    pos: &Position,
    ascendancy: Option<&Ascendancy>,
    side: Side,
    zone: SeaZone,
    act: Act,
) -> Option<Refusal> {
    let z = ascendancy?.zone(zone)?;
    let readings = &rules.ruleset.readings;
    let cite = match (act, z.state) {
        _ if z.enemy_superiority(side) => crate::cite!("35.31"),
        (Act::ToSea, _) | (Act::Invade { .. }, NavalState::Superiority) => return None,
        (Act::Invade { .. }, NavalState::Uncontrolled) => crate::cite!("35.33"),
        (Act::Invade { .. }, NavalState::Contested) => {
            let ten = rules
                .ruleset
                .tournament_figures
                .ascendancy
                .superiority_points;
            if readings.contested_invasion == ContestedInvasion::TenPoints && z.points(side) < ten {
                crate::cite!("003 35.32")
            } else if crate::resources::zones::no_contested_invasion(rules, pos, side) {
                crate::cite!("003 36.33")
            } else {
                return None;
            }
        }
        (Act::Invade { moved_in }, NavalState::Uncontested) => {
            let chart = readings.uncontested_zero == UncontestedZero::Chart;
            if z.points(side) == 0 && (moved_in || chart) {
                crate::cite!("35.34")
            } else {
                return None;
            }
        }
    };
    Some(Refusal {
        zone,
        state: format!("{} ({})", z.describe(), points_text(z)),
        cite,
    })
}

/// What the paragraph of a [`Refusal`] forbids, for a player.
pub fn why(cite: Cite) -> &'static str {
    match cite.to_string().as_str() {
        "35.33" => "neither player invades in an uncontrolled zone",
        "003 35.32" => {
            "under the reading contested-invasion-35-32=ten-points a player with fewer than 10 naval points in a contested zone may not invade"
        }
        "35.34" => {
            "a player with no naval points in an uncontested zone may not invade with units moving in from other sea zones"
        }
        "003 36.33" => {
            "under the reading industry-sea-zones-36-3=enemy-points a player with the use of only 1 basic industry city may not invade in a contested zone"
        }
        _ => "no unit invades in a zone of enemy naval superiority",
    }
}

/// "Blue 3, Red 12".
fn points_text(z: &ZoneAscendancy) -> String {
    format!("Blue {}, Red {}", z.blue, z.red)
}

/// 35.31: whether `side`'s units at sea in `zone` at the start of the player-turn are
/// unsupplied there (a zone of enemy superiority), and whether its supply may be
/// traced into or through the zone (35.31; 35.34 for the zero-point side of an
/// uncontested zone, under the chart's reading every supply, under the rule's only
/// supply by units moving in, which no supply at the start of a player-turn is).
pub fn supply_barred(
    rules: &Rules,
    ascendancy: Option<&Ascendancy>,
    side: Side,
    zone: SeaZone,
) -> bool {
    let Some(z) = ascendancy.and_then(|a| a.zone(zone)) else {
        return false;
    };
    z.enemy_superiority(side)
        || (z.state == NavalState::Uncontested
            && z.points(side) == 0
            && rules.ruleset.readings.uncontested_zero == UncontestedZero::Chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIG: AscendancyFigures = AscendancyFigures {
        superiority_points: 10,
        superiority_ratio: 2,
    };

    /// 35.21-35.24, the chart's definitions.
    #[test]
    fn the_four_states_35_2() {
        use NavalState::*;
        assert_eq!(decide(10, 5, &FIG), (Superiority, Some(Side::Blue)));
        assert_eq!(decide(10, 0, &FIG), (Superiority, Some(Side::Blue)));
        assert_eq!(decide(6, 12, &FIG), (Superiority, Some(Side::Red)));
        assert_eq!(decide(10, 6, &FIG), (Contested, None));
        assert_eq!(decide(10, 10, &FIG), (Contested, None));
        assert_eq!(decide(9, 17, &FIG), (Contested, None));
        assert_eq!(decide(9, 18, &FIG), (Superiority, Some(Side::Red)));
        assert_eq!(decide(9, 1, &FIG), (Uncontrolled, None));
        assert_eq!(decide(1, 1, &FIG), (Uncontrolled, None));
        assert_eq!(decide(9, 0, &FIG), (Uncontested, None));
        assert_eq!(decide(0, 0, &FIG), (Uncontested, None));
    }
}
