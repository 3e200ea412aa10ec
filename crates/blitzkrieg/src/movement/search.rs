//! The cheapest legal path to a destination, for orders that give only where to go
//! (7.2-7.5, 8.2-8.3, 9.1-9.2, 9.4, 10.1-10.3, 11.2).
//!
//! A* over states (hex, what each group of movers has paid): cheapest first by the
//! exact movement used plus a lower bound of what remains (a road step, 1/3 MF, for
//! every hex still to go), then fewest hexes, then hex order, so the same position
//! always gives the same path. Units with the desert bonus and units without pay
//! differently (9.2), so a stack is searched as at most two groups, each held to the
//! movement factor of its slowest unit (11.2). A state is dropped when a state
//! already settled in the same hex, with the same unused credits, paid no more whole
//! MF in each group (and, after an airdrop, took no more hexes): whatever it can do,
//! that one can too.

use super::cost::Spent;
use super::path::{entry_fault, is_engaged, stop_at, Mover};
use crate::board::Board;
use crate::hex::Hex;
use crate::position::Position;
use crate::readings::CityHexRoad;
use crate::search::HexField;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// What each group has paid: the groups without and with the desert bonus (9.2).
type Paid = [Spent; 2];
/// A search state.
type Key = (Hex, Paid);
/// Unused credits of each group: road thirds, desert halves.
type Credit = [(u8, u8); 2];
/// Whole MF paid by each group, and hexes entered, of a settled state.
type Mark = ([u32; 2], u32);

/// The least any step can cost, in sixths of a MF: a road step (9.1).
const ROAD_SIXTHS: u32 = 2;

/// The movers of one order, as the search sees them.
struct Party<'a> {
    board: &'a Board,
    pos: &'a Position,
    movers: &'a [Mover],
    /// Movement factor of the slowest unit of each group; `None`: nobody in it.
    mf: [Option<u32>; 2],
    /// 9.4: hexes allowed after an airdrop.
    max_hexes: Option<u32>,
    /// Whether each hex may be entered, as found: 0 not yet asked, 1 yes, 2 no.
    hexes: HexField<u8>,
    /// Whether each step stops the party, as found (8.3 depends on the hex left), by
    /// the hex left and the direction of the step: the directions asked, and those
    /// that stop.
    stops: HexField<(u8, u8)>,
    /// Hexes the order allows besides the rules of movement (22: clear of the enemy).
    open: &'a dyn Fn(Hex) -> bool,
}

impl Party<'_> {
    /// 7.5, 10.2-10.3 for every mover: whether the party may enter `h`.
    fn enters(&mut self, h: Hex) -> bool {
        match self.hexes.get(h) {
            Some(1) => return true,
            Some(2) => return false,
            _ => {}
        }
        let (board, pos) = (self.board, self.pos);
        let enter = (self.open)(h)
            && self
                .movers
                .iter()
                .all(|m| entry_fault(board, pos, m, h).is_none());
        self.hexes.set(h, if enter { 1 } else { 2 });
        enter
    }

    /// 8.2-8.3, 10.1 for any mover: whether the step `from` -> `to` stops the party.
    fn stops(&mut self, from: Hex, to: Hex) -> bool {
        let bit = from.direction_to(to).map(|d| 1u8 << d);
        if let (Some(bit), Some((asked, stop))) = (bit, self.stops.get(from)) {
            if asked & bit != 0 {
                return stop & bit != 0;
            }
        }
        let (board, pos) = (self.board, self.pos);
        let stops = self
            .movers
            .iter()
            .any(|m| stop_at(board, pos, m, from, to).is_some());
        if let (Some(bit), Some((asked, stop))) = (bit, self.stops.get(from)) {
            let stop = if stops { stop | bit } else { stop };
            self.stops.set(from, (asked | bit, stop));
        }
        stops
    }

    /// Every way of paying the step `from` -> `to` from `paid` within the movement
    /// factors (two ways at most for each group, in a desert-road hex).
    fn pay(&self, from: Hex, to: Hex, paid: Paid) -> Ways {
        let mut out = Ways::one(paid);
        for (g, bonus) in [(0, false), (1, true)] {
            let Some(mf) = self.mf[g] else { continue };
            let first = self.movers.first();
            let city = first.map_or(CityHexRoad::Joined, |m| m.city_road);
            let going = first.map(|m| m.going).unwrap_or_default();
            // 33.4: no road bonus into or out of a city hex whose road is bombed.
            let road = !crate::bombing::road_cut_between(self.pos, from, to);
            let ways =
                crate::weather::going::ways(going, self.board, city, (from, to), bonus, road);
            let mut next = Ways::default();
            for p in out.iter() {
                for &w in ways {
                    let mut q = *p;
                    q[g] = going.pay(p[g], w);
                    if q[g].fits(mf) {
                        next.push(q);
                    }
                }
            }
            out = next;
        }
        out
    }

    /// The exact movement used by the group that used most.
    fn cost(&self, paid: &Paid) -> u32 {
        (0..2)
            .filter(|&g| self.mf[g].is_some())
            .map(|g| paid[g].sixths())
            .max()
            .unwrap_or(0)
    }
}

/// The ways of paying one step: at most two for each of the two groups.
#[derive(Default)]
struct Ways {
    list: [Paid; 4],
    len: usize,
}

impl Ways {
    fn one(paid: Paid) -> Ways {
        let mut w = Ways::default();
        w.push(paid);
        w
    }

    fn push(&mut self, paid: Paid) {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = paid;
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = &Paid> {
        self.list.iter().take(self.len)
    }
}

/// States settled so far, by hex and unused credits: whole MF of each group, steps.
#[derive(Default)]
struct Settled {
    by_credit: BTreeMap<(Hex, Credit), Vec<Mark>>,
    prev: BTreeMap<Key, Option<Key>>,
}

fn credit(paid: &Paid) -> Credit {
    paid.map(|s| (s.road_left, s.desert_left))
}

impl Settled {
    /// Whether a settled state can do all `key` can (`steps` count only after an
    /// airdrop, when the number of hexes is limited).
    fn dominates(&self, key: &Key, steps: Option<u32>) -> bool {
        let whole = key.1.map(|s| s.whole);
        self.by_credit
            .get(&(key.0, credit(&key.1)))
            .is_some_and(|list| {
                list.iter().any(|(w, s)| {
                    w[0] <= whole[0] && w[1] <= whole[1] && steps.is_none_or(|n| *s <= n)
                })
            })
    }

    fn settle(&mut self, key: Key, steps: u32, prev: Option<Key>) {
        let whole = key.1.map(|s| s.whole);
        self.by_credit
            .entry((key.0, credit(&key.1)))
            .or_default()
            .push((whole, steps));
        self.prev.insert(key, prev);
    }

    fn path_to(&self, goal: Key) -> Vec<Hex> {
        let mut path = vec![goal.0];
        let mut cur = goal;
        while let Some(Some(p)) = self.prev.get(&cur) {
            path.push(p.0);
            cur = *p;
        }
        path.reverse();
        path
    }
}

/// The slowest movement factor of the movers with (`bonus`) or without the desert
/// bonus.
fn slowest(movers: &[Mover], bonus: bool) -> Option<u32> {
    movers
        .iter()
        .filter(|m| m.kind.desert_bonus() == bonus)
        .map(|m| m.mf)
        .min()
}

/// 7.2-7.5, 8.2-8.3, 9.1-9.2, 9.4, 10.1-10.3, 11.2: the cheapest legal path from
/// `start` to `goal` for `movers` moving together (a stack moves at the slowest
/// unit's rate, 11.2: the path must be legal for every one of them). Cheapest means
/// least movement used (exact, in sixths, for the unit that uses most); among paths
/// as cheap, the search order (fewest hexes, then hex order) decides, so the result
/// is always the same. The goal
/// may be a hex where the movers must stop; no hex before it may be. Returns the path
/// (start first) and the cost for the unit that pays most, or `None` when no legal
/// path exists (including when an infantry-type mover is engaged, 8.2).
pub fn find_path(
    board: &Board,
    pos: &Position,
    movers: &[Mover],
    start: Hex,
    goal: Hex,
) -> Option<(Vec<Hex>, Spent)> {
    find_path_where(board, pos, movers, start, goal, &|_| true)
}

/// [`find_path`] entering only hexes `open` allows besides the rules of movement (22:
/// strategic movement keeps clear of the enemy).
pub fn find_path_where(
    board: &Board,
    pos: &Position,
    movers: &[Mover],
    start: Hex,
    goal: Hex,
    open: &dyn Fn(Hex) -> bool,
) -> Option<(Vec<Hex>, Spent)> {
    if !board.contains(goal) {
        return None;
    }
    let mut found = None;
    explore(
        board,
        pos,
        movers,
        start,
        Some(goal),
        open,
        |key, _, settled| {
            if key.0 == goal {
                found = Some((settled.path_to(key), most(&key.1)));
                return true;
            }
            false
        },
    );
    found
}

/// 7.2-7.5, 8.2-8.3, 9.1-9.2, 9.4, 10.1-10.3, 11.2: every hex `movers` moving together
/// may end in from `start` (the start excluded), each with the cheapest legal path
/// there and its cost for the unit that pays most: the search of [`find_path`] with no
/// goal, so each hex gets the path `find_path` would give it. Empty when an
/// infantry-type mover is engaged (8.2).
pub fn reachable(
    board: &Board,
    pos: &Position,
    movers: &[Mover],
    start: Hex,
) -> BTreeMap<Hex, (Vec<Hex>, Spent)> {
    let mut out = BTreeMap::new();
    explore(
        board,
        pos,
        movers,
        start,
        None,
        &|_| true,
        |key, prev, settled| {
            if key.0 != start && !out.contains_key(&key.0) {
                // A state that had to stop is not settled: its way is its predecessor's.
                let mut path = prev.map_or_else(Vec::new, |p| settled.path_to(p));
                path.push(key.0);
                out.insert(key.0, (path, most(&key.1)));
            }
            false
        },
    );
    out
}

/// What the group that paid most has spent.
fn most(paid: &Paid) -> Spent {
    let spent = paid.iter().copied().max_by_key(|s| (s.whole, s.sixths()));
    spent.unwrap_or_default()
}

/// The one search behind [`find_path_where`] and [`reachable`]: settles states
/// cheapest first (towards `goal` when there is one), calling `on_settled` on each state
/// settled (with the state it came from), and on each state that had to stop, until it returns true or no state is
/// left.
fn explore(
    board: &Board,
    pos: &Position,
    movers: &[Mover],
    start: Hex,
    goal: Option<Hex>,
    open: &dyn Fn(Hex) -> bool,
    mut on_settled: impl FnMut(Key, Option<Key>, &Settled) -> bool,
) {
    let frozen = |m: &Mover| m.going.frozen_on(board.terrain(start));
    if movers
        .iter()
        .any(|m| is_engaged(pos, m, start) || frozen(m))
    {
        return;
    }
    let mut party = Party {
        board,
        pos,
        movers,
        mf: [slowest(movers, false), slowest(movers, true)],
        max_hexes: movers.iter().filter_map(|m| m.max_hexes).min(),
        hexes: HexField::new(board.extent(), 0),
        stops: HexField::new(board.extent(), (0, 0)),
        open,
    };
    let mut settled = Settled::default();
    let mut heap = BinaryHeap::new();
    let bound = |h: Hex| goal.map_or(0, |g| ROAD_SIXTHS * h.distance(g));
    heap.push(Reverse((
        bound(start),
        0u32,
        (start, Paid::default()),
        None,
    )));
    while let Some(Reverse((_, steps, key, prev))) = heap.pop() {
        // A state that had to stop can go no further: it is not settled, so that a
        // way into the same hex that does not stop it (8.3) is not dropped for it.
        let stops = prev.is_some_and(|p: Key| party.stops(p.0, key.0));
        if stops && Some(key.0) != goal {
            if goal.is_none() && on_settled(key, prev, &settled) {
                return;
            }
            continue;
        }
        let limited = party.max_hexes.map(|_| steps);
        if settled.dominates(&key, limited) {
            continue;
        }
        settled.settle(key, steps, prev);
        if on_settled(key, prev, &settled) {
            return;
        }
        if party.max_hexes.is_some_and(|n| steps >= n) {
            continue;
        }
        for to in board.neighbours(key.0) {
            if !party.enters(to) {
                continue;
            }
            for &paid in party.pay(key.0, to, key.1).iter() {
                let next = (to, paid);
                let estimate = party.cost(&paid) + bound(to);
                heap.push(Reverse((estimate, steps + 1, next, Some(key))));
            }
        }
    }
}
