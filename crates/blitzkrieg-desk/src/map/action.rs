//! What a player-turn did on the map, as things to draw: the paths units took (moves,
//! retreats, advances, flights, aircraft's missions and changes of base, and the sea
//! legs of landings, invasions and units going to sea), the battles with their odds,
//! roll and result, the barrages and strategic bombings on the BBT, the automatic
//! victories, the units eliminated and placed, and the area all this covers. Built
//! from the turn's events and the board alone, so a state file says everything its
//! picture shows.

use blitzkrieg::air::{AirEvent, MissionKind};
use blitzkrieg::board::{Board, SeaZone};
use blitzkrieg::event::{BattleRecord, Event};
use blitzkrieg::hex::Hex;
use blitzkrieg::odds::{self, Column};
use blitzkrieg::rules::Rules;
use blitzkrieg::state::GameState;
use blitzkrieg::units::{Counters, Side, UnitId};
use std::collections::BTreeMap;

/// How a unit went from hex to hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Track {
    /// Movement over land (7-11).
    Move,
    /// Retreat after combat (AB2/DB2).
    Retreat,
    /// Advance after combat.
    Advance,
    /// Air transport (9.3).
    Air,
    /// Airdrop (9.4).
    Drop,
    /// The sea leg of a landing at a port or on a beach, or of going to sea (19.2,
    /// 19.3, 20.4): between a sea hex and the port or beach hex.
    Sea,
    /// An aircraft's flight (30): from its base to the hex of its combat mission, or
    /// along the cities of a change of base (30.7).
    Mission,
    /// 50.74: a transport aircraft's flight from its base to the hex it drops supplies
    /// on (BLITZKRIEG '85).
    Supply,
}

impl Track {
    /// The word the key and the replay use.
    pub fn word(self) -> &'static str {
        match self {
            Track::Move => "move",
            Track::Retreat => "retreat",
            Track::Advance => "advance",
            Track::Air => "air transport",
            Track::Drop => "airdrop",
            Track::Sea => "by sea",
            Track::Mission => "air mission",
            Track::Supply => "air supply",
        }
    }
}

/// One path on the map: the units that took it together, hex by hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub side: Side,
    pub track: Track,
    pub hexes: Vec<Hex>,
    pub units: Vec<UnitId>,
}

/// One battle, with what its marker says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    pub id: String,
    /// The attacking side.
    pub side: Side,
    pub target: Hex,
    /// Every hex attacked, `target` first (14.2: several hexes may be attacked as one
    /// defence).
    pub hexes: Vec<Hex>,
    /// The hexes the attack came from, each once.
    pub from: Vec<Hex>,
    /// The odds column: "2-1".
    pub odds: String,
    /// The roll as drawn: "digit 5".
    pub roll: String,
    /// The result code: "DB2".
    pub result: String,
    /// The battle as the report gives it.
    pub record: BattleRecord,
}

/// An automatic victory won this player-turn (21.1), with what its label says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Av {
    /// The side that won it.
    pub side: Side,
    pub hex: Hex,
    /// The hexes the AVing units stood in, each once.
    pub from: Vec<Hex>,
    /// The odds column: "9-1".
    pub odds: String,
}

/// An attack resolved on a table of its own rather than the TGAT: a barrage by
/// artillery or a strategic bombing on the BBT (25.2, 30.42), or an attack on a minor
/// country city on the MCRT (29.4), with what its label says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strike {
    /// The attacking side.
    pub side: Side,
    pub target: Hex,
    /// The hexes a city's attackers stood in, each once (none for the BBT: artillery
    /// fires from 2 hexes away, bombers fly in, [`Track::Mission`]).
    pub from: Vec<Hex>,
    /// "b1 BBT 2": the barrage's id (none for a bombing) and the factors removed;
    /// "M1 MCRT 5*": the city attack's id and the table's result.
    pub label: String,
}

/// A unit removed from the map this player-turn, where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lost {
    pub unit: UnitId,
    pub side: Side,
    pub hex: Hex,
}

/// Everything the turn did on the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Action {
    /// The side that moved, if the events say.
    pub mover: Option<Side>,
    pub paths: Vec<Path>,
    pub battles: Vec<Battle>,
    /// 21.1: the automatic victories, in the order won.
    pub avs: Vec<Av>,
    /// 25.2, 30.42: the barrages and strategic bombings, in the order resolved.
    pub strikes: Vec<Strike>,
    pub lost: Vec<Lost>,
    /// Units set up or brought on as reinforcements, by hex.
    pub placed: BTreeMap<Hex, Vec<UnitId>>,
    /// 19.2, 19.3: units that went to sea or landed this player-turn, by port.
    pub by_sea: BTreeMap<Hex, Vec<UnitId>>,
    // 32: air combat (optional rule).
    /// 32.32, 32.4: the air combats, by hex in the order first fought.
    pub fights: Vec<super::air::Fight>,
    /// 32.5: the hunters' search hexes, with the hunters' side, each once.
    pub hunts: Vec<(Side, Hex)>,
    // 50.7: air supply (BLITZKRIEG '85).
    /// 50.73-50.74: the hexes supplied by air, in the order flown.
    pub supplies: Vec<Supplied>,
}

/// 50.73-50.74: one transport aircraft's air supply (BLITZKRIEG '85): the hex whose
/// units it supplied, and whether it landed there or dropped the supplies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Supplied {
    pub side: Side,
    pub aircraft: UnitId,
    pub hex: Hex,
    /// 50.73: it landed in the hex (an airfield or city) and stays there; else it
    /// dropped the supplies (50.74) and is back at its base.
    pub lands: bool,
}

impl Supplied {
    /// The label at its hex.
    pub fn label(&self) -> &'static str {
        if self.lands {
            "supply landed"
        } else {
            "supply drop"
        }
    }

    /// 50.7: the air supply of the report's line "transport aircraft B-9TA drops
    /// supplies on OO27: ..." (or "lands supplies at"), the aircraft's side from
    /// `counters`.
    fn of_note(counters: &Counters, text: &str) -> Option<Supplied> {
        let rest = text.strip_prefix("transport aircraft ")?;
        let (aircraft, rest) = rest.split_once(' ')?;
        let (lands, rest) = match rest.strip_prefix("lands supplies at ") {
            Some(rest) => (true, rest),
            None => (false, rest.strip_prefix("drops supplies on ")?),
        };
        let (hex, _) = rest.split_once(':')?;
        let aircraft = UnitId::new(aircraft).ok()?;
        Some(Supplied {
            side: side_of(counters, &aircraft),
            hex: hex.parse().ok()?,
            aircraft,
            lands,
        })
    }
}

/// The side of a unit: from the counters, else from its id (`B-`, `R-`).
pub fn side_of(counters: &Counters, unit: &UnitId) -> Side {
    match counters.get(unit) {
        Some(c) => c.side,
        None if unit.as_str().starts_with("R-") => Side::Red,
        None => Side::Blue,
    }
}

impl Action {
    /// The action of a turn from its events. Units moving together along the same
    /// path are one path.
    pub fn of(board: &Board, counters: &Counters, events: &[Event]) -> Action {
        let mut a = Action::default();
        let mut paths: BTreeMap<(Track, Vec<Hex>), Path> = BTreeMap::new();
        let mut order: Vec<(Track, Vec<Hex>)> = Vec::new();
        let mut add = |unit: &UnitId, track: Track, hexes: Vec<Hex>| {
            if hexes.len() < 2 {
                return;
            }
            let key = (track, hexes.clone());
            let side = side_of(counters, unit);
            let p = paths.entry(key.clone()).or_insert_with(|| {
                order.push(key);
                Path {
                    side,
                    track,
                    hexes,
                    units: Vec::new(),
                }
            });
            p.units.push(unit.clone());
        };
        // 14.2: the hexes of each battle that attacks several as one defence, from
        // the note said before it is fought.
        let mut as_one: BTreeMap<String, Vec<Hex>> = BTreeMap::new();
        for e in events {
            match e {
                Event::TurnBegan { side, .. } => a.mover = Some(*side),
                Event::SetUp { unit, hex, .. } | Event::Placed { unit, hex, .. } => {
                    a.placed.entry(*hex).or_default().push(unit.clone());
                }
                Event::Moved { unit, path, .. } => add(unit, Track::Move, path.clone()),
                Event::Retreated { unit, path, .. } => add(unit, Track::Retreat, path.clone()),
                Event::Advanced { unit, path, .. } => add(unit, Track::Advance, path.clone()),
                Event::Flown {
                    unit,
                    from,
                    to,
                    drop,
                    ..
                } => {
                    let track = if *drop { Track::Drop } else { Track::Air };
                    add(unit, track, vec![*from, *to]);
                }
                // 32.31: along the route written, else straight from base to target.
                Event::Air(AirEvent::Flew {
                    unit,
                    kind,
                    from,
                    to,
                    route,
                    ..
                }) => {
                    let hexes = if route.len() > 1 {
                        route.clone()
                    } else {
                        vec![*from, *to]
                    };
                    add(unit, Track::Mission, hexes);
                    // 32.5: the hunters' search hex.
                    let hunt = (side_of(counters, unit), *to);
                    if *kind == MissionKind::Hunt && !a.hunts.contains(&hunt) {
                        a.hunts.push(hunt);
                    }
                }
                // 32.32, 32.4: each fire's losses at the hex fought over.
                Event::Air(AirEvent::AirCombat(fire)) => {
                    match a.fights.iter_mut().find(|x| x.hex == fire.hex) {
                        Some(x) => x.lost.push(fire.lost),
                        None => a.fights.push(super::air::Fight {
                            hex: fire.hex,
                            lost: vec![fire.lost],
                        }),
                    }
                }
                Event::Air(AirEvent::Staged { unit, path, .. }) => {
                    add(unit, Track::Mission, path.clone());
                }
                Event::Barraged {
                    id,
                    target,
                    artillery,
                    removed,
                    ..
                } => a.strikes.push(Strike {
                    side: artillery
                        .first()
                        .map_or(Side::Blue, |(u, _)| side_of(counters, u)),
                    target: *target,
                    from: Vec::new(),
                    label: format!("{id} BBT {removed}"),
                }),
                Event::Air(AirEvent::Bombed {
                    hex,
                    bombers,
                    removed,
                    ..
                }) => a.strikes.push(Strike {
                    side: bombers.first().map_or(Side::Blue, |u| side_of(counters, u)),
                    target: *hex,
                    from: Vec::new(),
                    label: format!("bombed BBT {removed}"),
                }),
                // 33.2-33.6: a port, city-road, city or airbase bombed.
                Event::Air(AirEvent::Struck(st)) => a.strikes.push(Strike {
                    side: st
                        .bombers
                        .first()
                        .map_or(Side::Blue, |u| side_of(counters, u)),
                    target: st.hex,
                    from: Vec::new(),
                    // The marker placed, else what was bombed (no marker: an
                    // airbase's aircraft factors, or no effect).
                    label: match st.marker {
                        Some(m) => format!("{m} BBT {}", st.result),
                        None => format!("{} BBT {}", st.kind(), st.result),
                    },
                }),
                Event::CityAttacked {
                    id,
                    side,
                    city,
                    attackers,
                    loss,
                    reduced,
                    ..
                } => a.strikes.push(Strike {
                    side: *side,
                    target: *city,
                    from: distinct(attackers.iter().map(|(_, h, _)| *h)),
                    label: format!("{id} MCRT {loss}{}", if *reduced { "*" } else { "" }),
                }),
                Event::Eliminated { unit, hex, .. }
                | Event::RemovedBeforeCombat { unit, hex, .. } => a.lost.push(Lost {
                    unit: unit.clone(),
                    side: side_of(counters, unit),
                    hex: *hex,
                }),
                Event::Note { text, .. } => {
                    if let Some((id, hexes)) = one_defence(text) {
                        as_one.insert(id, hexes);
                    }
                    // 50.73-50.74: an air supply, said in a note.
                    if let Some(s) = Supplied::of_note(counters, text) {
                        a.supplies.push(s);
                    }
                }
                Event::Battle(b) => {
                    let mut battle = battle(counters, b);
                    if let Some(hexes) = as_one.remove(&b.id) {
                        battle.hexes = hexes;
                    }
                    a.battles.push(battle);
                }
                Event::AutomaticVictory {
                    hex,
                    attackers,
                    odds,
                    ..
                } => a.avs.push(av(counters, *hex, attackers, odds)),
                Event::PutToSea { unit, port, .. } => {
                    if let Some(dock) = board.port_at(*port).map(|p| p.dock) {
                        add(unit, Track::Sea, vec![*port, dock]);
                    }
                    a.by_sea.entry(*port).or_default().push(unit.clone());
                }
                Event::Landed { unit, port, .. } => {
                    if let Some(dock) = board.port_at(*port).map(|p| p.dock) {
                        add(unit, Track::Sea, vec![dock, *port]);
                    }
                    a.by_sea.entry(*port).or_default().push(unit.clone());
                }
                Event::Invaded {
                    unit, zone, hex, ..
                }
                | Event::RangersLanded {
                    unit, zone, hex, ..
                } => {
                    if let Some(sea) = landing_sea(board, *zone, *hex) {
                        add(unit, Track::Sea, vec![sea, *hex]);
                    }
                    a.by_sea.entry(*hex).or_default().push(unit.clone());
                }
                // 20.31: placed on a full sea hex next to the beach, to fight from it.
                Event::AssaultPlaced { unit, hex, .. } => {
                    a.by_sea.entry(*hex).or_default().push(unit.clone());
                }
                // 20.32, 20.35: from the assault hex onto the beach.
                Event::LandedFromAssault {
                    unit, from, hex, ..
                }
                | Event::WentAshore {
                    unit, from, hex, ..
                } => {
                    add(unit, Track::Sea, vec![*from, *hex]);
                }

                // Every other event, named so that a new one is considered here: it draws nothing
                // on the map of the player-turn.
                Event::SetUpAtSea { .. }
                | Event::Weather(_)
                | Event::Sailed { .. }
                | Event::LakeCrossed { .. }
                | Event::Replaced { .. }
                | Event::AirTransportReplaced { .. }
                | Event::Supply { .. }
                | Event::Substituted { .. }
                | Event::BrokenDown { .. }
                | Event::Recombined { .. }
                | Event::Decided { .. }
                | Event::CityChanged { .. }
                | Event::CityFromNextPlayerTurn { .. }
                | Event::ReinforcementsDue { .. }
                | Event::VictoryCheck { .. }
                | Event::GameOver { .. }
                | Event::Owed { .. }
                | Event::Completed { .. }
                | Event::BarrageWithoutTarget { .. }
                | Event::MinorInvaded { .. }
                | Event::CityBombarded { .. }
                | Event::MinorOverflown { .. }
                | Event::Guerrillas { .. }
                | Event::MinorSupply { .. }
                | Event::Air(AirEvent::Landed { .. })
                | Event::Air(AirEvent::BomberLosses(_) | AirEvent::Inverted { .. })
                | Event::Ascendancy(_)
                | Event::Resources(_) => {}
            }
        }
        a.paths = order.into_iter().filter_map(|k| paths.remove(&k)).collect();
        a
    }

    /// The action of `state`'s player-turn ([`Action::of`]), with the flight of each air
    /// supply dropped (50.74) drawn from its aircraft's base, where the state has it
    /// after the player-turn. An aircraft that landed its supplies (50.73) stands in
    /// the hex supplied: the state keeps no record of the base it flew from, and its
    /// hex alone is marked.
    pub fn of_state(rules: &Rules, state: &GameState) -> Action {
        let mut a = Action::of(&rules.board, &rules.counters, &state.last.events);
        for s in &a.supplies {
            if let Some(base) = state.hex_of(&s.aircraft).filter(|_| !s.lands) {
                if base != s.hex {
                    a.paths.push(Path {
                        side: s.side,
                        track: Track::Supply,
                        hexes: vec![base, s.hex],
                        units: vec![s.aircraft.clone()],
                    });
                }
            }
        }
        a
    }

    /// Every hex the action touches, each with a weight: battles count most, then
    /// where units ended up, where they started, the hexes passed through and
    /// placements.
    pub fn weighted_hexes(&self) -> BTreeMap<Hex, u32> {
        let mut w: BTreeMap<Hex, u32> = BTreeMap::new();
        let mut add = |h: Hex, n: u32| *w.entry(h).or_insert(0) += n;
        for b in &self.battles {
            add(b.target, 12);
            for h in &b.from {
                add(*h, 6);
            }
        }
        // 32.32: an air combat weighs as a battle.
        for x in &self.fights {
            add(x.hex, 12);
        }
        // 50.73-50.74: so does a hex supplied by air.
        for s in &self.supplies {
            add(s.hex, 12);
        }
        for t in &self.strikes {
            add(t.target, 12);
            for h in &t.from {
                add(*h, 6);
            }
        }
        for v in &self.avs {
            add(v.hex, 12);
            for h in &v.from {
                add(*h, 6);
            }
        }
        for p in &self.paths {
            let last = p.hexes.len().saturating_sub(1);
            for (i, h) in p.hexes.iter().enumerate() {
                add(
                    *h,
                    if i == last {
                        6
                    } else if i == 0 {
                        2
                    } else {
                        1
                    },
                );
            }
        }
        for l in &self.lost {
            add(l.hex, 3);
        }
        for (h, units) in self.placed.iter().chain(&self.by_sea) {
            add(*h, u32::try_from(units.len()).unwrap_or(1));
        }
        w
    }

    /// Whether the turn did anything on the map.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
            && self.battles.is_empty()
            && self.avs.is_empty()
            && self.strikes.is_empty()
            && self.lost.is_empty()
            && self.placed.is_empty()
            && self.by_sea.is_empty()
            && self.fights.is_empty()
            && self.hunts.is_empty()
            && self.supplies.is_empty()
    }
}

/// 19.2, 20.4: a full sea hex next to `hex` a unit at sea in `zone` came ashore from,
/// as drawn: one of `zone` itself if there is one, else of a zone next to it.
fn landing_sea(board: &Board, zone: SeaZone, hex: Hex) -> Option<Hex> {
    let seas = board.landing_seas(zone, hex);
    seas.iter()
        .copied()
        .find(|&s| board.sea_zone(s) == Some(zone))
        .or_else(|| seas.first().copied())
}

/// Each hex of `hexes` once, in the order met.
fn distinct(hexes: impl Iterator<Item = Hex>) -> Vec<Hex> {
    let mut out: Vec<Hex> = Vec::new();
    for h in hexes {
        if !out.contains(&h) {
            out.push(h);
        }
    }
    out
}

fn av(
    counters: &Counters,
    hex: Hex,
    attackers: &[(UnitId, Hex, blitzkrieg::odds::Factor)],
    odds: &str,
) -> Av {
    let side = attackers
        .first()
        .map_or(Side::Blue, |(u, _, _)| side_of(counters, u));
    // "38:4 reduce to 9-1": the column after "reduce to".
    let column = odds.rsplit_once("reduce to ").map_or(odds, |(_, c)| c);
    Av {
        side,
        hex,
        from: distinct(attackers.iter().map(|(_, h, _)| *h)),
        odds: column.trim().to_string(),
    }
}

/// A battle's marker: the attacks came over the hexsides of its ground units' hexes
/// (bombers in support, 30.41, are listed from their base, which is no hexside).
fn battle(counters: &Counters, b: &BattleRecord) -> Battle {
    let ground = |u: &UnitId| counters.get(u).is_none_or(|c| !c.kind.is_air());
    let from = distinct(
        b.attackers
            .iter()
            .filter(|(u, _, _)| ground(u))
            .map(|(_, h, _)| *h),
    );
    let side = b
        .attackers
        .first()
        .map_or(Side::Blue, |(u, _, _)| side_of(counters, u));
    Battle {
        id: b.id.clone(),
        side,
        target: b.target,
        hexes: vec![b.target],
        from,
        odds: column_label(b),
        roll: short_roll(&b.roll),
        result: b.result.code(),
        record: b.clone(),
    }
}

/// 14.2: the battle id and hexes of the note "battle A1 attacks K5 and K6 as one
/// defence", the first hex the one its record names.
fn one_defence(text: &str) -> Option<(String, Vec<Hex>)> {
    let rest = text.strip_prefix("battle ")?;
    let (id, rest) = rest.split_once(" attacks ")?;
    let list = rest.strip_suffix(" as one defence")?;
    let hexes: Vec<Hex> = list
        .split(" and ")
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    (hexes.len() > 1).then(|| (id.to_string(), hexes))
}

/// The odds column of a battle, from its factors (15.1): "2-1"; odds better than 6-1
/// give ">6-1", worse than 1-6 "<1-6".
pub fn column_label(b: &BattleRecord) -> String {
    match odds::reduce(b.attack, b.defence).column() {
        Column::Table(c) => c.label().to_string(),
        Column::Automatic => ">6-1".to_string(),
        Column::TooLow => "<1-6".to_string(),
    }
}

/// The roll out of the report's roll line: "A1: digit 5 (dice recipe v1)" gives
/// "digit 5".
pub fn short_roll(roll: &str) -> String {
    let after = roll.split_once(": ").map_or(roll, |(_, r)| r);
    after
        .split_once(" (")
        .map_or(after, |(r, _)| r)
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use blitzkrieg::cite::Rule;

    #[test]
    fn short_forms_of_the_report_lines() {
        assert_eq!(short_roll("A1: digit 5 (dice recipe v1)"), "digit 5");
    }

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    #[test]
    fn units_on_one_path_are_one_path_and_battles_weigh_most() {
        let counters = Counters::embedded().unwrap();
        let u = |s: &str| UnitId::new(s).unwrap();
        let path = vec![h("UU27"), h("UU26"), h("VV26")];
        let moved = |unit: &str| Event::Moved {
            unit: u(unit),
            path: path.clone(),
            cost_thirds: 6,
            allowance_thirds: 12,
            found: false,
            notes: Vec::new(),
        };
        let board = Board::embedded();
        let a = Action::of(&board, &counters, &[moved("B-1IN"), moved("B-2IN")]);
        assert_eq!(a.paths.len(), 1);
        assert_eq!(a.paths[0].units, vec![u("B-1IN"), u("B-2IN")]);
        assert_eq!(a.paths[0].side, Side::Blue);
        let w = a.weighted_hexes();
        assert_eq!(w.get(&h("VV26")), Some(&6));
        assert_eq!(w.get(&h("UU26")), Some(&1));
        assert_eq!(w.get(&h("UU27")), Some(&2));
    }

    /// 20.31-20.35: units placed on an assault hex are drawn there as units arriving by
    /// sea; going ashore from it (during movement or after combat) is a sea leg.
    #[test]
    fn an_opposed_invasion_is_drawn_from_its_assault_hex() {
        let counters = Counters::embedded().unwrap();
        let u = |s: &str| UnitId::new(s).unwrap();
        let board = Board::embedded();
        let (sea, beach) = (h("NN20"), h("OO21"));
        let events = [
            Event::AssaultPlaced {
                unit: u("B-9IN"),
                zone: 'A',
                beach: "endor".into(),
                hex: sea,
                rule: Rule::para(para!("20.31")),
            },
            Event::WentAshore {
                unit: u("B-9IN"),
                from: sea,
                hex: beach,
                rule: Rule::para(para!("20.35")),
            },
        ];
        let a = Action::of(&board, &counters, &events);
        assert_eq!(a.by_sea.get(&sea), Some(&vec![u("B-9IN")]));
        assert_eq!(a.paths.len(), 1);
        assert_eq!(a.paths[0].track, Track::Sea);
        assert_eq!(a.paths[0].hexes, vec![sea, beach]);
        assert!(!a.is_empty());
    }

    /// 30.41: bombers supporting a battle are listed from their base, far off; the
    /// battle's marker shows the hexsides its ground units attacked over only.
    #[test]
    fn barrages_bombings_and_missions_are_drawn_25_2_30_42() {
        let board = Board::default();
        let counters = Counters::default();
        let events = vec![
            Event::Barraged {
                id: "b1".to_string(),
                target: h("K10"),
                artillery: vec![(UnitId::new("B-1AT").unwrap(), 6)],
                factors: 6,
                roll: String::new(),
                table: String::new(),
                lost: 2,
                removed: 2,
                mountain: false,
                rule: blitzkrieg::cite::Rule::para(para!("25.2")),
            },
            Event::Air(AirEvent::Flew {
                unit: UnitId::new("R-1MDM").unwrap(),
                kind: blitzkrieg::air::MissionKind::Strategic,
                from: h("K20"),
                to: h("K12"),
                battle: None,
                doubled: false,
                rule: blitzkrieg::cite::Rule::para(para!("30.42")),
                route: Vec::new(),
            }),
        ];
        let a = Action::of(&board, &counters, &events);
        assert_eq!(
            a.strikes,
            vec![Strike {
                side: Side::Blue,
                target: h("K10"),
                from: Vec::new(),
                label: "b1 BBT 2".to_string(),
            }]
        );
        assert_eq!(a.paths.len(), 1);
        assert_eq!(a.paths[0].track, Track::Mission);
        assert_eq!(a.paths[0].side, Side::Red);
        assert_eq!(a.paths[0].hexes, vec![h("K20"), h("K12")]);
        assert_eq!(a.weighted_hexes().get(&h("K10")), Some(&12));
    }

    /// 33.2-33.5: a bombing of rule 33 is labelled by the marker it placed, else by
    /// what was bombed: a port bombed to no effect is a port, not an airbase.
    #[test]
    fn a_rule_33_bombing_names_its_marker_or_its_target_33_3() {
        use blitzkrieg::bombing::Strike as Bombed;
        use blitzkrieg::model::raid::RaidTarget;
        let board = Board::default();
        let counters = Counters::default();
        let struck = |target, marker, result| {
            Event::Air(AirEvent::Struck(Bombed {
                hex: h("K10"),
                target,
                night: false,
                bombers: vec![UnitId::new("B-1SAC").unwrap()],
                factors: Default::default(),
                roll: String::new(),
                table: String::new(),
                result,
                marker,
                rule: blitzkrieg::cite::Rule::para(para!("33.3")),
                damage: None,
                barrage: None,
            }))
        };
        let events = vec![
            struck(RaidTarget::Port, None, 0),
            struck(
                RaidTarget::Road,
                Some(blitzkrieg::marker::HexMarkerKind::RCX),
                2,
            ),
            struck(RaidTarget::Airbase, None, 3),
        ];
        let labels: Vec<String> = Action::of(&board, &counters, &events)
            .strikes
            .into_iter()
            .map(|s| s.label)
            .collect();
        assert_eq!(labels, ["port BBT 0", "RCX BBT 2", "airbase BBT 3"]);
    }

    /// 50.73-50.74: an air supply is read from its report line, a drop or a landing;
    /// an air transport's line is none.
    #[test]
    fn an_air_supply_is_read_from_its_note_50_74() {
        let counters = Counters::embedded().unwrap();
        let note = |text: &str| Event::Note {
            text: text.to_string(),
            rule: Rule::para(para!("50.74")),
        };
        let events = [
            note("transport aircraft B-9TA drops supplies on OO27: B-1AR, B-2AR supplied by air through the enemy's next player-turn and Blue's own"),
            note("transport aircraft R-9TA lands supplies at K10: R-1IN supplied by air through the enemy's next player-turn and Red's own"),
            note("transport aircraft B-9TA, B-10TA fly B-1IN to K10 from W28: 1 of their 2 of capacity"),
        ];
        let a = Action::of(&Board::embedded(), &counters, &events);
        let u = |s: &str| UnitId::new(s).unwrap();
        assert_eq!(
            a.supplies,
            vec![
                Supplied {
                    side: Side::Blue,
                    aircraft: u("B-9TA"),
                    hex: h("OO27"),
                    lands: false,
                },
                Supplied {
                    side: Side::Red,
                    aircraft: u("R-9TA"),
                    hex: h("K10"),
                    lands: true,
                },
            ]
        );
        assert_eq!(a.supplies[0].label(), "supply drop");
        assert_eq!(a.supplies[1].label(), "supply landed");
        assert_eq!(a.weighted_hexes().get(&h("OO27")), Some(&12));
        assert!(!a.is_empty());
        assert!(a.paths.is_empty(), "the base is the state's: {:?}", a.paths);
    }

    #[test]
    fn a_battle_marker_leaves_out_the_bombers_base() {
        use blitzkrieg::combat::{CombatResult, Outcome};
        use blitzkrieg::odds::Factor;
        let counters = Counters::embedded().unwrap();
        let u = |s: &str| UnitId::new(s).unwrap();
        let record = BattleRecord {
            id: "A1".into(),
            target: h("PP27"),
            attackers: vec![
                (u("R-1AR"), h("QQ28"), Factor::whole(6)),
                (u("R-1TAC"), h("VV25"), Factor::whole(4)),
            ],
            defenders: vec![(u("B-2IN"), 4, Factor::whole(8))],
            doubling: Vec::new(),
            attack: Factor::whole(10),
            defence: Factor::whole(8),
            odds: "10:8 reduce to 1-1 (15.1)".into(),
            roll: "A1: digit 3 (dice recipe v1)".into(),
            table: "BGAT".into(),
            result: Outcome::Bgat(CombatResult::DefenderEliminated),
            rule: Rule::para(para!("15")),
        };
        assert_eq!(battle(&counters, &record).from, vec![h("QQ28")]);
        assert_eq!(battle(&counters, &record).hexes, vec![h("PP27")]);
        // 14.2: a battle that attacks two hexes as one defence rings both: the note
        // said before it is fought names them (the report's own words).
        let events = vec![
            Event::Note {
                text: "battle A1 attacks PP27 and PP28 as one defence".into(),
                rule: Rule::para(para!("14.2")),
            },
            Event::Battle(Box::new(record)),
        ];
        let board =
            blitzkrieg::sketch::Sketch::land(1..=60, 1..=60, blitzkrieg::board::Country::GreatBlue)
                .build();
        let a = Action::of(&board, &counters, &events);
        assert_eq!(a.battles[0].hexes, vec![h("PP27"), h("PP28")]);
        let geo = crate::svg::Geo::of(&board);
        let rings = super::super::draw::battle_rings(&geo, &a.battles, &[]);
        assert!(rings.contains(&geo.polygon(h("PP27"))), "{rings}");
        assert!(rings.contains(&geo.polygon(h("PP28"))), "{rings}");
        assert_eq!(one_defence("battle A1 attacks PP27 as one defence"), None);
        assert_eq!(one_defence("A1 is not fought"), None);
    }
}
