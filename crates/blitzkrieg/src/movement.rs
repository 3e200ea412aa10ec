//! The movement portion of a player-turn (4.2): set-up placements (3.3-3.4),
//! reinforcements (6), air transport and airdrops (9.3-9.4), ground moves (7-11) and
//! automatic victories (21), checked order by order against the position as it
//! stands, with every problem reported and the legal orders carried out.
//!
//! Sequence (the order file's sections, each in the order written): placements, then
//! air moves, then ground moves, with the automatic victories of optional rule 21
//! (`[[av]]`) among them where they are written (TOML keeps the order of each kind of
//! table, not the order between kinds, so `[[move]]` and `[[av]]` are put back in file
//! order by where each is written: [`crate::orders::Orders::ground_orders`]); the stacking limit is
//! checked when movement is over (11.1). An order with a problem is reported and
//! skipped; the rest go on, so one check shows every problem of a file.
//!
//! Readings of the rules where they are silent or could be read two ways:
//! - 9.1 "through cities": two adjacent hexes of one city are joined as if by road,
//!   drawn or not, so moving between them costs 1/3 MF.
//! - 10.1: a road into a mountain or forest hex does not change the stop ("all units
//!   must stop"); the road step itself costs 1/3 MF.
//! - 9.2: in a desert hex entered along a road, armor and air-assault use either the
//!   road third or the desert half, whichever serves the move best; never both.
//! - 11.2: a stack order is legal when the path is legal for every unit in it (each
//!   with its own movement factor, bonuses, terrain and ZOC rules), which is moving at
//!   the slowest unit's rate; the stack stops where any of its units must stop.
//! - 8.3: armor and air-assault pass through the ZOC of other enemy units whether or
//!   not they began in enemy ZOC; they stop on entering any hex in the ZOC of enemy
//!   armor or air-assault, even when they began in one.
//! - 6.4: one `[[place]]` order places at most 3 units; several orders may bring
//!   units into one city, since units placed can move out before the next are placed
//!   ("an unlimited number of units per turn in one city hex"); what stays is held to
//!   3 by 11.1 at the end of movement.
//! - 9.3: a unit takes one `[[air]]` order and one `[[move]]` order at most; the move
//!   starts where it landed. Air moves come before ground moves, so "began the turn
//!   in the take-off city" is checked against where the unit stood (or was placed).
//! - Q&A 9.4: no airdrop into the ZOC of any enemy unit.
//! - 3.3, 10.2-10.3: a unit is never set up or placed where it could not move to
//!   (armor, air-assault and artillery not in forest).
//! - 21 (optional): an automatic victory is judged when its `[[av]]` is reached, with
//!   the units named where they stand then; from there on the beaten units are turned
//!   over ([`crate::position`]: no ZOC, no hold on their hex, no stacking weight), for
//!   the moves written after it only. An AVing unit makes no move after its automatic
//!   victory (003 21.1: it is combat); its advance comes after all combat
//!   ([`crate::automatic`]).
//! - 22 (optional): the strategic movement bonus is claimed by no word of the order:
//!   a move that needs more than the unit's movement factor gets it when the unit may
//!   have it and every hex entered is clear of the enemy ([`strategic`]); a unit that
//!   used it and is named in an attack is an error when the battles are checked.
//! - The report's `cost_thirds` counts an unused desert half as spent (it pays for
//!   nothing else, 9.2), so it is always whole thirds; the exact cost is in a note.
//!
//! Submodules: [`cost`] (MF accounting), [`path`] (path legality), [`search`]
//! (the cheapest legal path), [`strategic`] (22), `place` (3.3, 6), `air` (9.3, 9.4),
//! `ground` (7-11), `av` (21), `sea` (optional rule 19: to sea, at sea, landing),
//! `invasion` (optional rule 20: invading a beach).
//! `[[move]]`, `[[av]]` and `[[sea]]` orders are carried out together in the order
//! written.

pub mod cost;
pub mod path;
pub mod search;
pub mod strategic;

mod air;
mod air85;
mod assault;
mod av;
mod carrier;
mod ground;
mod helicopter;
mod invasion;
mod naval;
mod place;
mod rangers;
mod sea;
// 36.23-36.24: held to one hex by air and by sea.
mod short;

pub use cost::{mf_text, road_connected, Pay, Spent};
pub use ground::stack_note;
pub use path::{check_path, Fault, Mover, PathFault, Stop, Walk};
pub use search::find_path;

use crate::cite::Cite;
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{GroundOrder, Located, OrderError, Orders, Placement, Problem, SeaPlacement};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Counter, Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// What the movement rules need besides the position and the orders.
pub struct MoveContext<'a> {
    pub rules: &'a Rules,
    /// The side moving (4.2, 4.4).
    pub side: Side,
    /// The turn number (0 during set-up); reinforcements enter from their OAC turn (6.2).
    pub turn: u32,
    /// 5.2: the cities each side held at the start of this player-turn
    /// ([`crate::control::held_at_start`]).
    pub held: &'a BTreeMap<Hex, Side>,
    /// Units not yet in play: set-up units and reinforcements still to come (3.3, 6.2).
    pub waiting: &'a BTreeSet<UnitId>,
    /// 20.2: the beach the opponent invaded in the preceding player-turn.
    pub invaded_last: Option<&'a str>,
    /// 9.3, 28.4: the side's air transport capacity in half units, 0 for the rule
    /// set's figure (replacements may have raised it).
    pub air_transport_halves: u32,
    /// 32.33: the half units of that capacity lost for good to interception.
    pub air_transport_lost_halves: u32,
    // 34 (weather)
    /// 34: the weather of the player-turn, and the game's reading of a gale in the desert.
    pub weather: crate::weather::going::Going,
    // 35 (optional rule)
    /// 35: the naval ascendancy of the sea zones this player-turn (`None` in a game
    /// without rule 35).
    pub ascendancy: Option<&'a crate::ascendancy::Ascendancy>,
}

impl<'a> MoveContext<'a> {
    /// 5.1-5.2: the cities held at the start of the player-turn, with the game's reading
    /// `city-friendly`: what decides whether a captured city is friendly now.
    pub fn holding(&self) -> crate::control::Holding<'a> {
        (self.held, self.rules.ruleset.readings.city_friendly)
    }
}

/// 47.33, 50.76: one transport aircraft's flight of the player-turn (BLITZKRIEG '85):
/// from its take-off hex to the hex it flies to, within `reach` hexes, with what it
/// carries or supplies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CarrierFlight {
    pub from: Hex,
    pub to: Hex,
    pub reach: u32,
    pub carrier: crate::model::flight::Carrier,
    /// 47.33: the aircraft or units the owner's order names to lose first.
    pub losses: Vec<UnitId>,
}

/// What the movement portion did, for combat (14.3, 14.9 with 003) and the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveLog {
    /// 37.33-37.34: how many of the movement's events come before the ground
    /// movement (the placements, air transport, airdrops and air supply).
    pub ground_from: usize,
    /// Units that moved over land or were flown this player-turn.
    pub moved: BTreeSet<UnitId>,
    /// Where each unit of the moving side began the movement portion (a reinforcement:
    /// where it was placed).
    pub start: BTreeMap<UnitId, Hex>,
    /// Units of the moving side that began the movement portion in enemy ZOC, of any
    /// type (8.2 "engaged" for the infantry types; for 003 14.9 the armor types too).
    pub engaged_at_start: BTreeSet<UnitId>,
    /// Units placed this player-turn (set-up or reinforcement).
    pub placed: BTreeSet<UnitId>,
    /// Units air transported or airdropped this player-turn (9.3, 9.4).
    pub flown: BTreeSet<UnitId>,
    /// Units airdropped this player-turn, with their landing hex (9.4).
    pub dropped: BTreeMap<UnitId, Hex>,
    /// 22: units that moved with the strategic movement bonus.
    pub strategic: BTreeSet<UnitId>,
    /// 46.42: infantry set down by transport helicopters this player-turn, with 2 MF
    /// of its own left.
    pub heli_landed: BTreeSet<UnitId>,
    /// 50.5-50.6, 50.76: the transport aircraft that carried units this player-turn.
    pub carriers: BTreeSet<UnitId>,
    /// 50.7: the units supplied by air this player-turn (BLITZKRIEG '85), supplied
    /// through the enemy's next player-turn and the side's own (50.75).
    pub air_supplied: BTreeSet<UnitId>,
    /// 47.33, 50.76: the flights of the transport aircraft that carried or supplied
    /// this player-turn (BLITZKRIEG '85), which the enemy's fighters may intercept.
    pub carrier_flights: Vec<CarrierFlight>,
    /// 21.1: units that made an automatic victory (it is their combat, 003 21.1).
    pub av: BTreeSet<UnitId>,
    /// 21.1: the automatic victories made, in the order written, for their advance
    /// after combat (21.3).
    pub avs: Vec<crate::model::av::AvMade>,
    /// 20.1: the beach invaded this player-turn, if any (20.2: the next mover may not
    /// invade it).
    pub invaded: Option<String>,
    /// 23.5 with 003 23.5: the beach hexes invaded this player-turn by units other
    /// than rangers (beach supply may be traced through them in the side's next one).
    pub beachheads: BTreeSet<Hex>,
    /// 003 27.2: the coastal hexes invaded this player-turn by rangers alone (beach
    /// supply for rangers only, in the side's next one).
    pub ranger_beachheads: BTreeSet<Hex>,
    /// 20.35: the beach hexes each unit placed on an assault hex prefers to go ashore
    /// on after combat (`ashore` of its `[[sea]]` order), if it named any.
    pub ashore: BTreeMap<UnitId, Vec<Hex>>,
}

/// One problem, one message: the units whose own orders are refused among `errors`, but
/// for those 8.2 engages (the infantry types that began in enemy ZOC): they could not
/// move at all, so what follows from where they stand is a problem of its own. A unit
/// of the set stands where a refusal left it, and what it would have caused or avoided
/// by obeying is not reported besides the refusal.
pub fn refused<'e>(
    rules: &Rules,
    engaged_at_start: &BTreeSet<UnitId>,
    errors: impl IntoIterator<Item = &'e OrderError>,
) -> BTreeSet<UnitId> {
    let pinned = |u: &UnitId| {
        engaged_at_start.contains(u)
            && rules
                .counters
                .get(u)
                .is_some_and(|c| !c.kind.is_armor_type())
    };
    errors
        .into_iter()
        .filter_map(|e| e.unit.clone())
        .filter(|u| !pinned(u))
        .collect()
}

/// Events of the legal orders, every problem found, and the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveOutcome {
    pub events: Vec<Event>,
    pub errors: Vec<OrderError>,
    pub log: MoveLog,
}

/// The working state of one movement portion.
struct Turn<'a, 'p> {
    ctx: &'a MoveContext<'a>,
    pos: &'p mut Position,
    log: MoveLog,
    events: Vec<Event>,
    errors: Vec<OrderError>,
    /// The span of the order that last brought a unit into each hex (for 11.1).
    last_into: BTreeMap<Hex, Range<usize>>,
    /// Units already given an order of each kind ("setup", "place", "air", "move",
    /// "sea").
    given: BTreeMap<&'static str, BTreeSet<UnitId>>,
    /// 19: what units did at sea in this movement portion.
    sea: sea::Voyages,
    // 36: critical resources.
    /// 36.24: the infantry factors that kept normal movement so far.
    infantry_kept: u32,
}

impl<'a, 'p> Turn<'a, 'p> {
    fn new(ctx: &'a MoveContext<'a>, pos: &'p mut Position) -> Turn<'a, 'p> {
        let mut log = MoveLog::default();
        for p in pos.pieces().filter(|p| p.side == ctx.side) {
            log.start.insert(p.id.clone(), p.hex);
            if pos.in_zoc_of(ctx.side.other(), p.hex) {
                log.engaged_at_start.insert(p.id.clone());
            }
        }
        Turn {
            ctx,
            pos,
            log,
            events: Vec::new(),
            errors: Vec::new(),
            last_into: BTreeMap::new(),
            given: BTreeMap::new(),
            sea: sea::Voyages::default(),
            infantry_kept: 0,
        }
    }

    fn board(&self) -> &'a crate::board::Board {
        &self.ctx.rules.board
    }

    /// The figures of the rule set in force.
    fn figures(&self) -> &'a crate::ruleset::Figures {
        &self.ctx.rules.ruleset.figures
    }

    /// Records a problem.
    fn fail(&mut self, problem: Problem, span: Range<usize>, rule: Cite, unit: Option<&UnitId>) {
        let e = OrderError::new(problem, Some(span), rule);
        self.errors.push(match unit {
            Some(u) => e.unit(u),
            None => e,
        });
    }

    /// 2.1, 4.2: the counter of a unit named in an order, if it exists and is the
    /// mover's.
    fn own_counter(&mut self, u: &Located<UnitId>) -> Option<Counter> {
        match self.ctx.rules.counters.get(&u.value) {
            None => {
                // 42 ('85): a naval counter's name waits for the naval rules.
                let e = crate::eighty5::naval::unknown_unit(self.ctx.rules, u);
                self.errors.push(e);
                None
            }
            Some(c) if c.side != self.ctx.side => {
                let problem = Problem::NotYourUnit {
                    unit: u.value.clone(),
                    owner: c.side,
                    side: self.ctx.side,
                };
                self.fail(problem, u.span.clone(), cite!("4.2"), Some(&u.value));
                None
            }
            Some(c) => Some(c.clone()),
        }
    }

    /// A unit may be given one order of each kind in a player-turn (`what`: "move",
    /// "air", "place", "setup"); a second is refused under `rule`.
    fn first_order(&mut self, what: &'static str, u: &Located<UnitId>, rule: Cite) -> bool {
        let fresh = self.given.entry(what).or_default().insert(u.value.clone());
        if !fresh {
            let problem = Problem::OrderedTwice {
                unit: u.value.clone(),
                what: format!("[[{what}]]"),
            };
            self.fail(problem, u.span.clone(), rule, Some(&u.value));
        }
        fresh
    }

    /// The units of an order that pass `check`, or `None` if any fails (the check
    /// reports why). Every unit is checked, so every problem is reported.
    fn all_units<T>(
        &mut self,
        units: &[Located<UnitId>],
        mut check: impl FnMut(&mut Self, &Located<UnitId>) -> Option<T>,
    ) -> Option<Vec<T>> {
        let mut out = Vec::new();
        let mut ok = true;
        for u in units {
            match check(self, u) {
                Some(t) => out.push(t),
                None => ok = false,
            }
        }
        (ok && !units.is_empty()).then_some(out)
    }

    /// 11.1: at the end of movement no hex holds more of the mover's units than the
    /// stacking limit. One problem, one message: a hex over the limit only because units
    /// whose own orders were refused still stand in it is not reported besides their
    /// refusals.
    fn check_stacking(&mut self) {
        let side = self.ctx.side;
        let figures = self.figures();
        let refused = refused(self.ctx.rules, &self.log.engaged_at_start, &self.errors);
        let without_refused = |h: Hex| -> u32 {
            self.pos
                .at(h)
                .filter(|p| !p.kind.is_air() && !refused.contains(&p.id))
                .map(Position::halves_of)
                .sum()
        };
        let over: Vec<(Hex, usize)> = self
            .pos
            .occupied()
            .filter(|&h| self.pos.side_at(h) == Some(side))
            .filter(|&h| !figures.stack_fits(self.pos.stack_halves_at(h)))
            .filter(|&h| !figures.stack_fits(without_refused(h)))
            .map(|h| (h, self.pos.count_at(h)))
            .collect();
        for (hex, count) in over {
            let span = self.last_into.get(&hex).cloned();
            self.errors.push(OrderError::new(
                Problem::Overstacked { hex, count },
                span,
                cite!("11.1"),
            ));
        }
    }

    fn finish(mut self) -> MoveOutcome {
        self.check_stacking();
        self.check_sea_limit();
        self.errors
            .sort_by_key(|e| e.span.as_ref().map_or(0, |s| s.start));
        MoveOutcome {
            events: self.events,
            errors: self.errors,
            log: self.log,
        }
    }
}

/// 3.3, 3.4 (003 3.3): the set-up. Each placement puts units of the side's turn-1
/// group (above the line on the OAC) anywhere in its home country; units left out
/// come on later as reinforcements. At most 3 units a hex when set-up is done (11.1).
pub fn run_setup(ctx: &MoveContext, pos: &mut Position, setup: &[Placement]) -> MoveOutcome {
    run_setup_with_sea(ctx, pos, setup, &[])
}

/// 3.3, 3.4, 19.1: the set-up of an order file: its placements on the map, then (with
/// optional rule 19) those in the At Sea Boxes, each in the order written; any other
/// order of the movement portion is refused.
pub fn run_setup_orders(ctx: &MoveContext, pos: &mut Position, orders: &Orders) -> MoveOutcome {
    let mut out = run_setup_with_sea(ctx, pos, &orders.setup, &orders.setup_at_sea);
    let to_sea = orders
        .moves
        .iter()
        .filter_map(|m| m.to_sea.as_ref().map(|z| &z.span));
    let sea = orders.sea.iter().map(|o| &o.span);
    if let Some(span) = to_sea.chain(sea).min_by_key(|s| s.start) {
        let problem = Problem::NotNow {
            what: "sea movement".into(),
            why: "the set-up places units; [[setup]] with `at_sea` puts them at sea (19.1)".into(),
        };
        out.errors
            .push(OrderError::new(problem, Some(span.clone()), cite!("19.1")));
    }
    out
}

fn run_setup_with_sea(
    ctx: &MoveContext,
    pos: &mut Position,
    setup: &[Placement],
    at_sea: &[SeaPlacement],
) -> MoveOutcome {
    let rule = match ctx.side {
        Side::Blue => para!("3.3"),
        Side::Red => para!("3.4"),
    };
    let mut turn = Turn::new(ctx, pos);
    for p in setup {
        turn.set_up(p);
    }
    for p in at_sea {
        turn.set_up_at_sea(p, Cite::Rule(rule));
    }
    turn.finish()
}

/// 6, 7-11, 9.3-9.4, 21: the movement portion of a player-turn. Placements first,
/// then air moves, then ground moves and automatic victories, each in the order
/// written, each checked against the position as it stands when it is reached; the
/// stacking limit is checked at the end (11.1). Every problem is reported; an order
/// with a problem is skipped.
pub fn run_movement(ctx: &MoveContext, pos: &mut Position, orders: &Orders) -> MoveOutcome {
    let mut turn = Turn::new(ctx, pos);
    if let Some(first) = orders.setup.first() {
        let problem = Problem::NotNow {
            what: "[[setup]]".into(),
            why: "the set-up is over: bring units on with [[place]] (6.3)".into(),
        };
        turn.fail(problem, first.hex.span.clone(), cite!("3.3"), None);
    }
    if let Some(first) = orders.setup_at_sea.first() {
        let problem = Problem::NotNow {
            what: "[[setup]]".into(),
            why: "the set-up is over: units go to sea from a port with a [[move]] and `to_sea` (19.3)".into(),
        };
        turn.fail(problem, first.zone.span.clone(), cite!("19.1"), None);
    }
    for p in &orders.place {
        turn.place(p);
    }
    turn.break_down_placed(&orders.breakdowns);
    for a in &orders.air {
        turn.fly(a);
    }
    // 50.7: '85's air supply, designated during air movement.
    for a in &orders.air_supply85 {
        turn.supply_by_air(a);
    }
    // 37.34: the ground movement follows.
    turn.log.ground_from = turn.events.len();
    for l in &orders.lake {
        turn.cross_lake(l);
    }
    for order in orders.ground_orders() {
        match order {
            GroundOrder::Move(m) => turn.ground(m),
            GroundOrder::Av(a) => turn.av(a),
            GroundOrder::Sea(o) => turn.sea_order(o),
        }
    }
    turn.carriers_at_end(&orders.missions);
    // 34, Gale: units still at sea at the end of movement are eliminated.
    let lost = crate::weather::sea::lost_in_gale(turn.pos, ctx.side);
    turn.events.extend(lost);
    turn.finish()
}
