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

/// The bits of [`Party::known`] that say whether a hex may be entered.
const ENTER_BITS: u16 = 0b11;

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
    /// What is known of each hex, in one field of two bytes a hex (a search asks of
    /// a few hexes, and the field is cleared whole): whether it may be entered (the
    /// two low bits: 0 not yet asked, 1 yes, 2 no), and whether each step out of it
    /// stops the party (8.3 depends on the hex left), by the direction of the step:
    /// the directions asked (bits 2-7) and those that stop (bits 8-13).
    known: HexField<u16>,
    /// Hexes the order allows besides the rules of movement (22: clear of the enemy).
    open: &'a dyn Fn(Hex) -> bool,
}

impl Party<'_> {
    /// 7.5, 10.2-10.3 for every mover: whether the party may enter `h`.
    fn enters(&mut self, h: Hex) -> bool {
        let known = self.known.get(h);
        match known.map(|k| k & ENTER_BITS) {
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
        if let Some(k) = known {
            self.known
                .set(h, (k & !ENTER_BITS) | if enter { 1 } else { 2 });
        }
        enter
    }

    /// 8.2-8.3, 10.1 for any mover: whether the step `from` -> `to` stops the party.
    fn stops(&mut self, from: Hex, to: Hex) -> bool {
        let bits = from
            .direction_to(to)
            .map(|d| (1u16 << (d + 2), 1u16 << (d + 8)));
        let known = self.known.get(from);
        if let (Some((asked, stop)), Some(k)) = (bits, known) {
            if k & asked != 0 {
                return k & stop != 0;
            }
        }
        let (board, pos) = (self.board, self.pos);
        let stops = self
            .movers
            .iter()
            .any(|m| stop_at(board, pos, m, from, to).is_some());
        if let (Some((asked, stop)), Some(k)) = (bits, known) {
            self.known
                .set(from, k | asked | if stops { stop } else { 0 });
        }
        stops
    }

    /// Every way of paying the step `from` -> `to` from `paid` within the movement
    /// factors (two ways at most for each group, in a desert-road hex).
    fn pay(&self, from: Hex, to: Hex, paid: Paid) -> Ways {
        let mut out = Ways::one(paid);
        let first = self.movers.first();
        let city = first.map_or(CityHexRoad::Joined, |m| m.city_road);
        let going = first.map(|m| m.going).unwrap_or_default();
        // 33.4: no road bonus into or out of a city hex whose road is bombed.
        let road = !crate::bombing::road_cut_between(self.pos, from, to);
        for (g, bonus) in [(0, false), (1, true)] {
            let Some(mf) = self.mf[g] else { continue };
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

/// States settled so far, each once, in the order settled; those of each hex chained
/// from the hex's latest, so that one small map, by hex alone, finds them all (a
/// search settles a few states, and a field over the whole board would cost more to
/// clear than they do).
#[derive(Default)]
struct Settled {
    /// The index of the latest state settled in each hex.
    latest: BTreeMap<Hex, u32>,
    states: Vec<State>,
}

/// One settled state: what it paid, its hexes entered, the state it came from and the
/// state settled before it in the same hex (indices into [`Settled::states`]).
struct State {
    key: Key,
    steps: u32,
    prev: Option<u32>,
    same_hex: Option<u32>,
}

fn credit(paid: &Paid) -> Credit {
    paid.map(|s| (s.road_left, s.desert_left))
}

impl Settled {
    /// The states settled in `hex`, latest first.
    fn in_hex(&self, hex: Hex) -> impl Iterator<Item = &State> {
        let first = self.latest.get(&hex).and_then(|&i| self.state(i));
        std::iter::successors(first, |s| s.same_hex.and_then(|i| self.state(i)))
    }

    fn state(&self, i: u32) -> Option<&State> {
        self.states.get(usize::try_from(i).ok()?)
    }

    /// Whether a settled state can do all `key` can: same hex and unused credits, no
    /// more whole MF in either group (and, `steps` counting only after an airdrop, when
    /// the number of hexes is limited, no more hexes).
    fn dominates(&self, key: &Key, steps: Option<u32>) -> bool {
        let whole: [u32; 2] = key.1.map(|s| s.whole);
        let credit = credit(&key.1);
        self.in_hex(key.0).any(|s| {
            let w = s.key.1.map(|s| s.whole);
            credit_of(s) == credit
                && w[0] <= whole[0]
                && w[1] <= whole[1]
                && steps.is_none_or(|n| s.steps <= n)
        })
    }

    /// Settles `key`, come from the settled state `prev`; its index.
    fn settle(&mut self, key: Key, steps: u32, prev: Option<u32>) -> Option<u32> {
        let at = u32::try_from(self.states.len()).ok()?;
        let same_hex = self.latest.insert(key.0, at);
        self.states.push(State {
            key,
            steps,
            prev,
            same_hex,
        });
        Some(at)
    }

    /// The hexes of the way to the settled state `at`, start first, then `last`.
    fn path_via(&self, at: Option<u32>, last: Hex) -> Vec<Hex> {
        let mut path = vec![last];
        let mut cur = at.and_then(|i| self.state(i));
        while let Some(s) = cur {
            path.push(s.key.0);
            cur = s.prev.and_then(|i| self.state(i));
        }
        path.reverse();
        path
    }
}

fn credit_of(s: &State) -> Credit {
    credit(&s.key.1)
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
        |key, prev, settled| {
            if key.0 == goal {
                found = Some((settled.path_via(prev, key.0), most(&key.1)));
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
                out.insert(key.0, (settled.path_via(prev, key.0), most(&key.1)));
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
/// settled (with the index of the settled state it came from), and on each state that
/// had to stop, until it returns true or no state is left.
fn explore(
    board: &Board,
    pos: &Position,
    movers: &[Mover],
    start: Hex,
    goal: Option<Hex>,
    open: &dyn Fn(Hex) -> bool,
    mut on_settled: impl FnMut(Key, Option<u32>, &Settled) -> bool,
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
        known: HexField::new(board.extent(), 0),
        open,
    };
    let mut settled = Settled::default();
    let mut heap = BinaryHeap::new();
    let bound = |h: Hex| goal.map_or(0, |g| ROAD_SIXTHS * h.distance(g));
    // The state a state came from is held with its index among those settled: the
    // state decides the order (as it always has), the index finds its way.
    heap.push(Reverse((
        bound(start),
        0u32,
        (start, Paid::default()),
        None::<(Key, u32)>,
    )));
    while let Some(Reverse((_, steps, key, came))) = heap.pop() {
        let prev = came.map(|(_, i)| i);
        // A state that had to stop can go no further: it is not settled, so that a
        // way into the same hex that does not stop it (8.3) is not dropped for it.
        let stops = came.is_some_and(|(p, _)| party.stops(p.0, key.0));
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
        // Fewer states than a u32 counts, whatever the board: the search stops short of
        // it rather than lose a way back.
        let Some(at) = settled.settle(key, steps, prev) else {
            return;
        };
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
                heap.push(Reverse((estimate, steps + 1, next, Some((key, at)))));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    fn paid(whole: [u32; 2], road_left: u8) -> Paid {
        whole.map(|whole| Spent {
            whole,
            road_left,
            desert_left: 0,
        })
    }

    /// What a party finds of a hex is kept in one field: whether it may be entered
    /// and whether each step out of it stops, each answer the same when asked again,
    /// none of them overwriting another.
    #[test]
    fn a_party_keeps_what_it_found_of_each_hex() {
        use crate::board::{Country, Terrain};
        use crate::units::{Side, UnitKind};
        let board = crate::sketch::Sketch::land(1..=6, 1..=6, Country::GreatBlue)
            .terrain(Terrain::Mountain, &["C3"])
            .build();
        let pos = Position::new();
        let movers = [Mover::new(Side::Blue, UnitKind::Infantry, 4)];
        let closed = h("B3");
        let open = |x: Hex| x != closed;
        let mut party = Party {
            board: &board,
            pos: &pos,
            movers: &movers,
            mf: [Some(4), None],
            max_hexes: None,
            known: HexField::new(board.extent(), 0),
            open: &open,
        };
        for _ in 0..2 {
            assert!(!party.enters(closed));
            assert!(party.enters(h("C3")));
            assert!(party.enters(h("B2")));
            // 10.1: into the mountain, stop; into clear, go on; from the mountain too.
            assert!(party.stops(h("B2"), h("C3")));
            assert!(!party.stops(h("B2"), h("C2")));
            assert!(!party.stops(h("C3"), h("C4")));
            assert!(party.stops(h("D3"), h("C3")));
            assert!(party.enters(h("B2")) && party.enters(h("C3")));
        }
        let b2 = party.known.get(h("B2")).unwrap();
        assert_eq!(b2 & ENTER_BITS, 1);
        let (to_c3, to_c2) = (
            h("B2").direction_to(h("C3")).unwrap(),
            h("B2").direction_to(h("C2")).unwrap(),
        );
        assert_eq!((b2 >> 2) & 0x3F, (1u16 << to_c3) | (1u16 << to_c2), "asked");
        assert_eq!((b2 >> 8) & 0x3F, 1u16 << to_c3, "stops");
        assert_eq!(party.known.get(closed).unwrap() & ENTER_BITS, 2);
    }

    /// A settled state drops a later one of the same hex and credits that paid no
    /// less, not one with other credits or elsewhere; the way back follows each state's
    /// predecessor.
    #[test]
    fn settled_states_dominate_by_hex_and_credit_and_lead_back() {
        let mut s = Settled::default();
        let a = s.settle((h("A1"), paid([0, 0], 0)), 0, None).unwrap();
        let b = s.settle((h("B2"), paid([1, 0], 2)), 1, Some(a)).unwrap();
        let c = s.settle((h("B2"), paid([2, 0], 0)), 1, Some(a)).unwrap();
        let d = s.settle((h("C2"), paid([2, 0], 1)), 2, Some(b)).unwrap();
        assert_eq!((a, b, c, d), (0, 1, 2, 3));
        assert!(s.dominates(&(h("B2"), paid([1, 0], 2)), None));
        assert!(s.dominates(&(h("B2"), paid([3, 0], 2)), None));
        assert!(s.dominates(&(h("B2"), paid([2, 1], 0)), None));
        assert!(!s.dominates(&(h("B2"), paid([1, 0], 0)), None));
        assert!(!s.dominates(&(h("B2"), paid([0, 0], 2)), None));
        assert!(!s.dominates(&(h("B2"), paid([1, 0], 1)), None));
        assert!(!s.dominates(&(h("C3"), paid([9, 9], 2)), None));
        assert!(s.dominates(&(h("B2"), paid([1, 0], 2)), Some(1)));
        assert!(!s.dominates(&(h("B2"), paid([1, 0], 2)), Some(0)));
        assert_eq!(
            s.path_via(Some(d), h("D3")),
            [h("A1"), h("B2"), h("C2"), h("D3")]
        );
        assert_eq!(s.path_via(Some(c), h("C2")), [h("A1"), h("B2"), h("C2")]);
        assert_eq!(s.path_via(None, h("A1")), [h("A1")]);
    }
}
