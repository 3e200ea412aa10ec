//! Whether a path over land is legal for a unit, what it costs, and the cheapest legal
//! path to a destination (7.3-7.5, 8.2-8.3, 9.1-9.2, 9.4, 10.1-10.3).
//!
//! A path is the list of hexes from the unit's start hex to its destination, both
//! included. Legality depends only on the board, the enemy's units (who do not move
//! during the mover's movement) and the unit's own type and movement factor.

use super::cost::Spent;
use crate::board::{Board, Terrain};
use crate::cite::Cite;
use crate::hex::Hex;
use crate::position::Position;
use crate::readings::{ArmorZocStart, CityHexRoad, Readings};
use crate::units::{Side, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// What the movement rules need to know of a moving unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mover {
    pub side: Side,
    pub kind: UnitKind,
    /// Movement factor (2.5).
    pub mf: u32,
    /// 9.4: an airdropped unit may move only this many hexes after landing.
    pub max_hexes: Option<u32>,
    /// 8.3, reading `armor-zoc-start`: which armor ZOC stops an armor-type unit.
    pub armor_zoc: ArmorZocStart,
    /// 9.1: whether the unit may have the road bonus (20.4: not after invading).
    pub road: bool,
    /// 9.1, reading `city-hex-road`: whether two hexes of one city are joined.
    pub city_road: CityHexRoad,
    // 34 (weather)
    /// 34: the weather it moves in.
    pub going: crate::weather::going::Going,
}

impl Mover {
    pub fn new(side: Side, kind: UnitKind, mf: u32) -> Mover {
        Mover {
            side,
            kind,
            mf,
            max_hexes: None,
            armor_zoc: ArmorZocStart::Enters,
            road: true,
            city_road: CityHexRoad::Joined,
            going: crate::weather::going::Going::default(),
        }
    }

    /// 34: the same mover in the weather `going`.
    pub fn in_weather(self, going: crate::weather::going::Going) -> Mover {
        Mover { going, ..self }
    }

    /// The same mover under the game's readings of movement: 8.3 (`armor-zoc-start`)
    /// and 9.1 (`city-hex-road`).
    pub fn under(self, readings: &Readings) -> Mover {
        Mover {
            armor_zoc: readings.armor_zoc_start,
            city_road: readings.city_hex_road,
            ..self
        }
    }

    /// 20.4: a unit that invaded this player-turn moves without the road bonus.
    pub fn no_road(self) -> Mover {
        Mover {
            road: false,
            ..self
        }
    }

    /// 9.4: after an airdrop on `landing` terrain: 1 hex, none from mountain or forest.
    pub fn after_drop(self, landing: Option<Terrain>) -> Mover {
        let hexes = match landing {
            Some(Terrain::Mountain | Terrain::Forest) => 0,
            _ => 1,
        };
        Mover {
            max_hexes: Some(hexes),
            ..self
        }
    }

    /// 8.2 (003 8.2): everything but armor and air-assault (and '85's helicopters,
    /// 46.43) follows the infantry rule.
    fn infantry_rule(&self) -> bool {
        !self.kind.is_armor_type()
    }
}

/// Why a unit had to stop where it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// 8.2: infantry, airborne, artillery (and rangers, 003) entered enemy ZOC.
    Zoc,
    /// 8.3: armor or air-assault entered the ZOC of enemy armor or air-assault.
    ArmorZoc,
    /// 10.1: mountain or forest.
    Terrain(Terrain),
}

impl Stop {
    pub fn rule(self) -> Cite {
        match self {
            Stop::Zoc => cite!("8.2"),
            Stop::ArmorZoc => cite!("8.3"),
            Stop::Terrain(_) => cite!("10.1"),
        }
    }

    /// For the report: "enemy ZOC (8.2)".
    pub fn describe(self) -> String {
        match self {
            Stop::Zoc => "enemy ZOC (8.2)".to_string(),
            Stop::ArmorZoc => "the ZOC of enemy armor or air-assault (8.3)".to_string(),
            Stop::Terrain(t) => format!("{} (10.1)", terrain_name(t)),
        }
    }
}

/// Terrain as players name it.
pub fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "clear",
        Terrain::Forest => "forest",
        Terrain::Mountain => "mountain",
        Terrain::Desert => "desert",
        Terrain::Sea => "sea",
        Terrain::Lake => "lake",
        Terrain::Neutral => "the Neutral Country",
    }
}

/// What is wrong at one point of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The hex is not on the board.
    OffBoard,
    /// The hex is not adjacent to the one before it (`from`).
    Gap { from: Hex },
    /// 7.5: an enemy unit is there.
    Enemy,
    /// 10.3: sea, lake or the Neutral Country.
    Closed(Terrain),
    /// 10.2: armor, air-assault and artillery never enter forest.
    Forest,
    /// 29.4: the aggressor enters a minor country city only once it is reduced.
    MinorCity,
    /// 8.2: infantry-type unit starting in enemy ZOC may not move.
    Engaged,
    /// The unit had to stop at `stop` and goes on.
    Past { stop: Hex, why: Stop },
    /// 9.4: more hexes after an airdrop than allowed.
    PastDrop { allowed: u32 },
    // 34 (weather)
    /// 34, Weather Chart: the weather forbids the step (ice: a unit on a mountain may
    /// not move; snow: no ground unit moves onto mountains).
    Weather(crate::tables::Weather),
    /// 7.3, 9.1-9.2: the path costs more than the movement factor.
    TooFar { needed: Spent, allowed: u32 },
    // 46: helicopters.
    /// 46.21: a helicopter does not move in gale, fog or ice.
    Grounded(crate::tables::Weather),
    /// 46.2: a helicopter ends its move in an all-water hex.
    EndsOverWater(Terrain),
}

impl Fault {
    /// The paragraph the fault breaks.
    pub fn rule(&self) -> Cite {
        match self {
            Fault::OffBoard => cite!("3.1"),
            Fault::Gap { .. } => cite!("7.2"),
            Fault::Enemy => cite!("7.5"),
            Fault::Closed(_) => cite!("10.3"),
            Fault::Forest => cite!("10.2"),
            Fault::MinorCity => cite!("29.4"),
            Fault::Engaged => cite!("8.2"),
            Fault::Past { why, .. } => why.rule(),
            Fault::PastDrop { .. } => cite!("9.4"),
            Fault::TooFar { .. } => cite!("7.3"),
            Fault::Weather(_) => cite!("34"),
            Fault::Grounded(_) => cite!("46.21"),
            Fault::EndsOverWater(_) => cite!("46.2"),
        }
    }

    /// True for faults that concern the hex whatever unit enters it.
    pub fn is_about_the_hex(&self) -> bool {
        matches!(
            self,
            Fault::OffBoard
                | Fault::Gap { .. }
                | Fault::Enemy
                | Fault::Closed(_)
                | Fault::MinorCity
        )
    }
}

/// A fault at index `at` of the path (0 = the start hex), whose hex is `hex`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathFault {
    pub at: usize,
    pub hex: Hex,
    pub fault: Fault,
}

/// A legal path walked: what it cost and where it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub spent: Spent,
    /// Why the unit stops in its last hex, if it had to.
    pub stop: Option<Stop>,
    /// 8.3: an armor-type unit passed through enemy ZOC.
    pub through_zoc: bool,
}

/// 7.5, 10.2, 10.3, 30.9: whether `mover` may enter `hex` at all.
pub fn entry_fault(board: &Board, pos: &Position, mover: &Mover, hex: Hex) -> Option<Fault> {
    let terrain = match board.terrain(hex) {
        None => return Some(Fault::OffBoard),
        Some(t) => t,
    };
    // 46.2: helicopters fly over sea and lake; nothing but the weather alters their
    // movement (no forest barred, no weather's terrain closed to them).
    let helicopter = mover.kind.is_helicopter();
    let open = if helicopter {
        crate::eighty5::helicopter::may_fly_over(terrain)
    } else {
        terrain.is_land()
    };
    if !open {
        Some(Fault::Closed(terrain))
    } else if pos
        .at(hex)
        .any(|p| p.side == mover.side.other() && !p.kind.is_air())
    {
        // 30.9: enemy aircraft alone on the ground do not hold their hex; they are
        // lost when ground units move next to, into or through it.
        Some(Fault::Enemy)
    } else if pos.is_barred(mover.side, hex) {
        Some(Fault::MinorCity)
    } else if terrain == Terrain::Forest && mover.kind.barred_from_forest() {
        Some(Fault::Forest)
    } else if !helicopter && mover.going.bars(terrain) {
        Some(Fault::Weather(mover.going.weather))
    } else {
        None
    }
}

/// 8.2, 8.3, 10.1: whether `mover` must stop on the step from `from` into `hex`.
pub fn stop_at(board: &Board, pos: &Position, mover: &Mover, from: Hex, hex: Hex) -> Option<Stop> {
    let enemy = mover.side.other();
    if mover.infantry_rule() && pos.in_zoc_of(enemy, hex) {
        return Some(Stop::Zoc);
    }
    if !mover.infantry_rule() && enters_armor_zoc(pos, mover, enemy, from, hex) {
        return Some(Stop::ArmorZoc);
    }
    match board.terrain(hex) {
        // 46.2: "Nothing alters their movement ability except weather".
        _ if mover.kind.is_helicopter() => None,
        Some(t @ (Terrain::Mountain | Terrain::Forest)) => Some(Stop::Terrain(t)),
        _ => None,
    }
}

/// 8.3: "must stop in the *first* enemy armor or air-assault ZOC that they enter".
/// Under the reading `enters` (the default; 8.1 gives each unit its own ZOC) the step
/// `from` -> `hex` enters the ZOC of an enemy armor-type unit that has `hex` in its ZOC
/// and not `from`; a step from one hex of a unit's ZOC to another of the same ZOC
/// enters nothing. Under `same-zoc-stops` any hex of enemy armor ZOC stops the unit.
fn enters_armor_zoc(pos: &Position, mover: &Mover, enemy: Side, from: Hex, hex: Hex) -> bool {
    match mover.armor_zoc {
        ArmorZocStart::SameZocStops => pos.in_armor_zoc_of(enemy, hex),
        // The kept count answers "none at all" at once; only a hex in some armor ZOC
        // asks whose.
        ArmorZocStart::Enters => {
            pos.in_armor_zoc_of(enemy, hex)
                && pos
                    .armor_zoc_sources(enemy, hex)
                    .iter()
                    .any(|&at| at != from && !at.neighbours().any(|n| n == from))
        }
    }
}

/// 8.2: an infantry-type unit starting in enemy ZOC is engaged and may not move.
pub fn is_engaged(pos: &Position, mover: &Mover, start: Hex) -> bool {
    mover.infantry_rule() && pos.in_zoc_of(mover.side.other(), start)
}

/// The cheapest of a set of payment states (fewest whole MF, then least used).
fn best(states: &BTreeSet<Spent>) -> Spent {
    states
        .iter()
        .copied()
        .min_by_key(|s| (s.whole, s.sixths()))
        .unwrap_or_default()
}

/// Every way of paying one more step, from every state reached so far (9.2: a
/// desert-road hex may be paid by either bonus), keeping for each amount of credit
/// only the state with the fewest whole MF.
fn advance(
    states: &BTreeSet<Spent>,
    board: &Board,
    mover: &Mover,
    step: (Hex, Hex),
    road: bool,
) -> BTreeSet<Spent> {
    // 46.2, 46.22: one MF a hex, whatever the terrain, road or rain and snow.
    if mover.kind.is_helicopter() {
        return states
            .iter()
            .map(|s| s.pay(super::cost::Pay::Whole))
            .collect();
    }
    let bonus = mover.kind.desert_bonus();
    let city = mover.city_road;
    let ways = crate::weather::going::ways(mover.going, board, city, step, bonus, road);
    let mut least: BTreeMap<(u8, u8), Spent> = BTreeMap::new();
    for next in states
        .iter()
        .flat_map(|s| ways.iter().map(move |&w| mover.going.pay(*s, w)))
    {
        let key = (next.road_left, next.desert_left);
        if least.get(&key).is_none_or(|old| next.whole < old.whole) {
            least.insert(key, next);
        }
    }
    least.into_values().collect()
}

/// Off-board hexes and non-adjacent steps: with any of these the rest of the path
/// cannot be judged.
fn shape_faults(board: &Board, path: &[Hex]) -> Vec<PathFault> {
    let mut out = Vec::new();
    for (i, pair) in path.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let fault = if !board.contains(to) {
            Fault::OffBoard
        } else if !from.is_adjacent(to) {
            Fault::Gap { from }
        } else {
            continue;
        };
        out.push(PathFault {
            at: i + 1,
            hex: to,
            fault,
        });
    }
    out
}

/// A path check under way: what has been paid, where the unit had to stop, and the
/// faults found so far.
struct Walker<'a> {
    board: &'a Board,
    pos: &'a Position,
    mover: &'a Mover,
    states: BTreeSet<Spent>,
    stopped: Option<(Hex, Stop)>,
    past_reported: bool,
    /// Where the movement factor ran out: index and hex.
    over_at: Option<(usize, Hex)>,
    faults: Vec<PathFault>,
}

impl Walker<'_> {
    fn fault(&mut self, at: usize, hex: Hex, fault: Fault) {
        self.faults.push(PathFault { at, hex, fault });
    }

    /// One step, `at` being the index of `to` in the path.
    fn step(&mut self, at: usize, from: Hex, to: Hex) {
        if let Some((stop, why)) = self.stopped.filter(|_| !self.past_reported) {
            self.past_reported = true;
            self.fault(at, to, Fault::Past { stop, why });
        }
        if let Some(allowed) = self.mover.max_hexes.filter(|&m| at == m as usize + 1) {
            self.fault(at, to, Fault::PastDrop { allowed });
        }
        let barred = entry_fault(self.board, self.pos, self.mover, to);
        let enters = barred.is_none();
        if let Some(f) = barred {
            self.fault(at, to, f);
        }
        // 33.4: no road bonus into or out of a city hex whose road is bombed.
        let road = self.mover.road && !crate::bombing::road_cut_between(self.pos, from, to);
        self.states = advance(&self.states, self.board, self.mover, (from, to), road);
        if self.over_at.is_none() && !self.states.iter().any(|s| s.fits(self.mover.mf)) {
            self.over_at = Some((at, to));
        }
        // A hex the unit may not enter at all is reported as such, not as a stop too.
        if self.stopped.is_none() && enters {
            self.stopped = stop_at(self.board, self.pos, self.mover, from, to).map(|s| (to, s));
        }
    }

    /// The cost of the whole path, or every fault, the MF overrun included.
    fn finish(mut self, path: &[Hex]) -> Result<Walk, Vec<PathFault>> {
        let spent = best(&self.states);
        if let Some((at, hex)) = self.over_at {
            let allowed = self.mover.mf;
            self.fault(
                at,
                hex,
                Fault::TooFar {
                    needed: spent,
                    allowed,
                },
            );
        }
        if !self.faults.is_empty() {
            self.faults.sort_by_key(|f| f.at);
            return Err(self.faults);
        }
        Ok(Walk {
            spent,
            stop: self.stopped.map(|(_, s)| s),
            through_zoc: passes_through_zoc(self.pos, self.mover, path),
        })
    }
}

/// 7.2-7.5, 8.2-8.3, 9.1-9.2, 9.4, 10.1-10.3: checks `path` (start hex first) for
/// `mover` and returns its cost, or every fault found: each hex that may not be
/// entered, the first step past a hex where the unit had to stop, and the hex where
/// the movement factor runs out (with the whole path's cost).
pub fn check_path(
    board: &Board,
    pos: &Position,
    mover: &Mover,
    path: &[Hex],
) -> Result<Walk, Vec<PathFault>> {
    let shape = shape_faults(board, path);
    if !shape.is_empty() {
        return Err(shape);
    }
    if let Some(&start) = path.first().filter(|_| path.len() > 1) {
        if let Some(fault) = helicopter_fault(board, mover, path) {
            return Err(vec![fault]);
        }
        if mover.going.frozen_on(board.terrain(start)) {
            return Err(vec![PathFault {
                at: 0,
                hex: start,
                fault: Fault::Weather(mover.going.weather),
            }]);
        }
        if is_engaged(pos, mover, start) {
            return Err(vec![PathFault {
                at: 0,
                hex: start,
                fault: Fault::Engaged,
            }]);
        }
    }
    let mut w = Walker {
        board,
        pos,
        mover,
        states: BTreeSet::from([Spent::default()]),
        stopped: None,
        past_reported: false,
        over_at: None,
        faults: Vec::new(),
    };
    for (i, pair) in path.windows(2).enumerate() {
        w.step(i + 1, pair[0], pair[1]);
    }
    w.finish(path)
}

/// 46.2, 46.21: a helicopter grounded by the weather (at the start hex), or one
/// whose path ends over sea or lake (at its last hex).
fn helicopter_fault(board: &Board, mover: &Mover, path: &[Hex]) -> Option<PathFault> {
    use crate::eighty5::helicopter::{grounded, may_end_in};
    if !mover.kind.is_helicopter() {
        return None;
    }
    let weather = mover.going.weather;
    if let Some(&hex) = path.first().filter(|_| grounded(weather)) {
        return Some(PathFault {
            at: 0,
            hex,
            fault: Fault::Grounded(weather),
        });
    }
    let (&hex, at) = (path.last()?, path.len() - 1);
    let terrain = board.terrain(hex)?;
    (!may_end_in(terrain)).then_some(PathFault {
        at,
        hex,
        fault: Fault::EndsOverWater(terrain),
    })
}

/// 8.3: an armor-type unit passed through enemy ZOC on its way (the start and the
/// last hex not counted).
fn passes_through_zoc(pos: &Position, mover: &Mover, path: &[Hex]) -> bool {
    let enemy = mover.side.other();
    !mover.infantry_rule()
        && path.len() > 2
        && path[1..path.len() - 1]
            .iter()
            .any(|&h| pos.in_zoc_of(enemy, h))
}
