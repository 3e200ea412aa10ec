//! The one budgeted search every rule that walks the map uses: retreats and advances
//! after combat, cheapest paths, supply routes and air ranges.
//!
//! As `hexx` does it, the rule is a cost closure: `cost(from, to)` gives what the step
//! costs, `None` where it may not be taken. The search settles states cheapest first,
//! then by fewest steps, then in node order, and keeps the first way it found to each
//! state, so the same position always gives the same routes. It never goes past its
//! budget, and every state it holds is one of the budget's reach: a search over the
//! map is bounded by the board, a search over (hex, steps) by the budget.
//!
//! A state is usually a hex; a rule that cares how a unit got somewhere searches over
//! richer states, as a retreat of exactly *k* hexes searches over (hex, hexes taken).

use crate::hex::Hex;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::ops::Add;

/// What the search found: every state within the budget, with its cost, its number of
/// steps, and the state it was first reached from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach<N, C> {
    start: N,
    found: BTreeMap<N, (C, u32, Option<N>)>,
}

impl<N: Copy + Ord, C: Copy> Reach<N, C> {
    /// The state the search began in.
    pub fn start(&self) -> N {
        self.start
    }

    /// What reaching `node` costs, if it is within the budget.
    pub fn cost(&self, node: N) -> Option<C> {
        self.found.get(&node).map(|f| f.0)
    }

    /// Every state reached (the start included), in node order, with its cost.
    pub fn iter(&self) -> impl Iterator<Item = (N, C)> + '_ {
        self.found.iter().map(|(n, f)| (*n, f.0))
    }

    /// The route to `node`, both ends included; `None` if it was not reached.
    pub fn path(&self, node: N) -> Option<Vec<N>> {
        self.found.get(&node)?;
        let mut path = vec![node];
        let mut cur = node;
        // Each state's predecessor was settled before it, so the walk back ends at the
        // start; the bound keeps it finite whatever happens.
        for _ in 0..self.found.len() {
            match self.found.get(&cur).and_then(|f| f.2) {
                Some(prev) => {
                    path.push(prev);
                    cur = prev;
                }
                None => break,
            }
        }
        path.reverse();
        Some(path)
    }
}

/// The budgeted search over any states: from `start`, `next(state)` lists the states
/// one step on with what each step costs; nothing costing more than `budget` in all is
/// kept. `stop(state)` marks a state that may be reached but not left (a hex that ends
/// movement: enemy ZOC, the first hex of an advance into a mountain).
pub fn search<N, C, I>(
    start: N,
    budget: C,
    next: impl FnMut(N) -> I,
    stop: impl FnMut(N) -> bool,
) -> Reach<N, C>
where
    N: Copy + Ord,
    C: Copy + Ord + Default + Add<Output = C>,
    I: IntoIterator<Item = (N, C)>,
{
    walk(start, budget, next, stop, |_| false).0
}

/// The cheapest state within `budget` of `start` that `goal` accepts, and its cost:
/// the search of [`search`], stopped as soon as a goal is settled (settled cheapest
/// first, so no cheaper goal is left). `None` when no goal is within the budget.
pub fn first<N, C, I>(
    start: N,
    budget: C,
    next: impl FnMut(N) -> I,
    goal: impl FnMut(N) -> bool,
) -> Option<(N, C)>
where
    N: Copy + Ord,
    C: Copy + Ord + Default + Add<Output = C>,
    I: IntoIterator<Item = (N, C)>,
{
    walk(start, budget, next, |_| false, goal).1
}

/// The one loop behind [`search`] and [`first`]: settles states cheapest first, then
/// by fewest steps, then in node order, until none is left or a `goal` is settled.
fn walk<N, C, I>(
    start: N,
    budget: C,
    mut next: impl FnMut(N) -> I,
    mut stop: impl FnMut(N) -> bool,
    mut goal: impl FnMut(N) -> bool,
) -> (Reach<N, C>, Option<(N, C)>)
where
    N: Copy + Ord,
    C: Copy + Ord + Default + Add<Output = C>,
    I: IntoIterator<Item = (N, C)>,
{
    let mut found: BTreeMap<N, (C, u32, Option<N>)> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    found.insert(start, (C::default(), 0, None));
    heap.push(Reverse((C::default(), 0u32, start)));
    while let Some(Reverse((cost, steps, node))) = heap.pop() {
        if found
            .get(&node)
            .is_some_and(|&(c, s, _)| (c, s) < (cost, steps))
        {
            continue;
        }
        if goal(node) {
            return (Reach { start, found }, Some((node, cost)));
        }
        if node != start && stop(node) {
            continue;
        }
        for (to, step) in next(node) {
            let total = cost + step;
            if total > budget {
                continue;
            }
            let better = match found.get(&to) {
                None => true,
                Some(&(c, s, _)) => (total, steps + 1) < (c, s),
            };
            if better {
                found.insert(to, (total, steps + 1, Some(node)));
                heap.push(Reverse((total, steps + 1, to)));
            }
        }
    }
    (Reach { start, found }, None)
}

/// [`search`] over the map: every hex within `budget` of `start`, where `cost(from,
/// to)` is the price of a step and `None` bars it.
pub fn reach<C>(start: Hex, budget: C, mut cost: impl FnMut(Hex, Hex) -> Option<C>) -> Reach<Hex, C>
where
    C: Copy + Ord + Default + Add<Output = C>,
{
    search(
        start,
        budget,
        |h: Hex| {
            h.neighbours()
                .filter_map(|n| cost(h, n).map(|c| (n, c)))
                .collect::<Vec<_>>()
        },
        |_| false,
    )
}

/// The cheapest path from `start` to `goal` and its cost, within `budget`.
pub fn cheapest_path<C>(
    start: Hex,
    goal: Hex,
    budget: C,
    cost: impl FnMut(Hex, Hex) -> Option<C>,
) -> Option<(Vec<Hex>, C)>
where
    C: Copy + Ord + Default + Add<Output = C>,
{
    let found = reach(start, budget, cost);
    Some((found.path(goal)?, found.cost(goal)?))
}

/// Every walk of exactly `hexes` steps from `start` through hexes `open` allows, never
/// back into `start` (the BGAT retreat: "zigzags that end one hex from the start are
/// allowed, but never back in the start hex"); `end_ok` judges the last hex. Returns the
/// end hexes in hex order, each with the first walk that reaches it (earlier hexes in
/// hex order first).
///
/// Every step costs one, so the states (hex, steps taken) are settled a layer at a
/// time; within a layer the hexes are taken in hex order and each hex of the next layer
/// keeps the first it was reached from: the walks [`search`] over (hex, steps) gives,
/// without its heap and maps (a test holds the two equal).
pub fn walks(
    start: Hex,
    hexes: u32,
    mut open: impl FnMut(Hex) -> bool,
    mut end_ok: impl FnMut(Hex) -> bool,
) -> Vec<(Hex, Vec<Hex>)> {
    if hexes == 0 {
        return Vec::new();
    }
    // Each layer: its hexes in hex order, each with the index of the hex of the layer
    // before that it was first reached from.
    let mut layers: Vec<Vec<(Hex, usize)>> = vec![vec![(start, 0)]];
    for taken in 0..hexes {
        let last = taken + 1 == hexes;
        let mut next: Vec<(Hex, usize)> = Vec::new();
        let Some(layer) = layers.last() else {
            break;
        };
        for (i, &(h, _)) in layer.iter().enumerate() {
            for n in h.neighbours() {
                if n == start || next.iter().any(|&(m, _)| m == n) {
                    continue;
                }
                if open(n) && (!last || end_ok(n)) {
                    next.push((n, i));
                }
            }
        }
        if next.is_empty() {
            return Vec::new();
        }
        // A stable sort keeps, for each hex, the one entry it has.
        next.sort_by_key(|&(h, _)| h);
        layers.push(next);
    }
    let Some(ends) = layers.last() else {
        return Vec::new();
    };
    ends.iter()
        .map(|&(end, from)| {
            let mut path = vec![end];
            let mut at = from;
            for layer in layers.iter().rev().skip(1) {
                let Some(&(h, up)) = layer.get(at) else {
                    break;
                };
                path.push(h);
                at = up;
            }
            path.reverse();
            (end, path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// The dense breadth-first walk gives every hex the distance the budgeted search
    /// gives it, from several sources at once, round walls, within the budget, and
    /// nothing off its grid.
    #[test]
    fn breadth_first_gives_the_search_s_distances() {
        let walls: Vec<Hex> = ["M11", "N11", "L12", "M13", "O14"]
            .iter()
            .map(|s| h(s))
            .collect();
        let sources = [h("M10"), h("P16")];
        let extent = (20, 20);
        let inside = |x: Hex| x.col() <= extent.0 && x.num() <= extent.1;
        let field = breadth_first(extent, sources, 5, |_, to| !walls.contains(&to));
        let all = search(
            None,
            5u32,
            |s: Option<Hex>| -> Vec<(Option<Hex>, u32)> {
                match s {
                    None => sources.iter().map(|&x| (Some(x), 0)).collect(),
                    Some(x) => x
                        .neighbours()
                        .filter(|&n| inside(n) && !walls.contains(&n))
                        .map(|n| (Some(n), 1))
                        .collect(),
                }
            },
            |_| false,
        );
        let mut compared = 0;
        for c in 1..=20 {
            for n in 1..=20 {
                let x = Hex::new(c, n).unwrap();
                assert_eq!(field.get(x).flatten(), all.cost(Some(x)), "{x}");
                compared += usize::from(all.cost(Some(x)).is_some());
            }
        }
        assert!(compared > 60, "{compared} hexes reached");
        assert_eq!(field.get(h("M11")), Some(None), "a wall is never entered");
        assert_eq!(field.get(h("Z30")), None, "off the grid");
    }

    #[test]
    fn reach_keeps_within_the_budget_and_respects_barred_steps() {
        let wall = h("M11");
        let found = reach(h("M10"), 2u32, |_, to| (to != wall).then_some(1));
        assert_eq!(found.cost(h("M10")), Some(0));
        assert_eq!(found.cost(wall), None);
        assert!(found.iter().all(|(_, c)| c <= 2));
        // Everything within 2 but the wall and M12 straight behind it, whose only
        // 2-step route is through the wall.
        assert_eq!(found.iter().count(), 17);
        assert_eq!(found.cost(h("M12")), None);
        let around = reach(h("M10"), 3u32, |_, to| (to != wall).then_some(1));
        let path = around.path(h("M12")).unwrap();
        assert_eq!(path.len(), 4);
        assert!(!path.contains(&wall));
    }

    #[test]
    fn the_same_inputs_give_the_same_path() {
        let a = cheapest_path(h("C3"), h("C9"), 20u32, |_, _| Some(1));
        let b = cheapest_path(h("C3"), h("C9"), 20u32, |_, _| Some(1));
        assert_eq!(a, b);
        let (path, cost) = a.unwrap();
        assert_eq!(cost, 6);
        assert_eq!(path.first(), Some(&h("C3")));
        assert_eq!(path.last(), Some(&h("C9")));
        assert!(cheapest_path(h("C3"), h("C9"), 5u32, |_, _| Some(1)).is_none());
    }

    #[test]
    fn a_stop_state_is_reached_but_not_left() {
        let zoc = h("M11");
        let found = search(
            h("M10"),
            3u32,
            |x: Hex| x.neighbours().map(|n| (n, 1)).collect::<Vec<_>>(),
            |x| x == zoc,
        );
        assert_eq!(found.cost(zoc), Some(1));
        assert_eq!(found.path(h("M12")).map(|p| p.contains(&zoc)), Some(false));
    }

    #[test]
    fn the_first_goal_is_the_cheapest_within_the_budget() {
        let near = |x: Hex| x == h("M13") || x == h("M12");
        let step = |x: Hex| x.neighbours().map(|n| (n, 1u32)).collect::<Vec<_>>();
        assert_eq!(first(h("M10"), 5u32, step, near), Some((h("M12"), 2)));
        assert_eq!(first(h("M10"), 1u32, step, near), None);
        assert_eq!(first(h("M12"), 0u32, step, near), Some((h("M12"), 0)));
    }

    #[test]
    fn a_two_hex_walk_ends_anywhere_but_the_start() {
        let ends = walks(h("M10"), 2, |_| true, |_| true);
        let set: Vec<Hex> = ends.iter().map(|e| e.0).collect();
        assert!(!set.contains(&h("M10")));
        // The 6 neighbours (by a zigzag) and the 12 hexes two away.
        assert_eq!(set.len(), 18);
        for (end, path) in &ends {
            assert_eq!(path.len(), 3);
            assert_eq!(path.last(), Some(end));
        }
        assert!(walks(h("M10"), 0, |_| true, |_| true).is_empty());
    }

    /// The walks over (hex, steps) as the budgeted search settles them, for the layered
    /// walk to be held to.
    fn walks_by_search(start: Hex, hexes: u32, open: impl Fn(Hex) -> bool) -> Vec<(Hex, Vec<Hex>)> {
        let found = search(
            (start, 0u32),
            hexes,
            |(x, taken): (Hex, u32)| {
                x.neighbours()
                    .filter(|&n| n != start && open(n))
                    .map(|n| ((n, taken + 1), 1))
                    .collect::<Vec<_>>()
            },
            |_| false,
        );
        found
            .iter()
            .filter(|((_, taken), _)| *taken == hexes && hexes > 0)
            .filter_map(|(state, _)| {
                let path = found.path(state)?;
                Some((state.0, path.into_iter().map(|s| s.0).collect()))
            })
            .collect()
    }

    proptest::proptest! {
        /// The layered walk gives the ends and first walks the budgeted search gives,
        /// round any walls, for walks of 1 to 4 hexes.
        #[test]
        fn layered_walks_are_the_search_s_walks(
            walls in proptest::collection::btree_set((8i16..18, 6i16..16), 0..40),
            hexes in 0u32..5,
        ) {
            let start = h("M10");
            let open = |x: Hex| !walls.contains(&(x.col(), x.num()));
            proptest::prop_assert_eq!(walks(start, hexes, open, |_| true), walks_by_search(start, hexes, open));
        }
    }

    #[test]
    fn cheapest_path_takes_the_cheap_way_round() {
        let wall = [h("C2"), h("C3"), h("C4")];
        let (path, cost) = cheapest_path(h("B3"), h("D3"), 100, |_, to| {
            if wall.contains(&to) {
                None
            } else {
                Some(1u32)
            }
        })
        .unwrap();
        assert_eq!(path.first(), Some(&h("B3")));
        assert_eq!(path.last(), Some(&h("D3")));
        assert!(cost >= 3);
        assert!(path.windows(2).all(|w| w[0].is_adjacent(w[1])));
        assert!(path.iter().all(|x| !wall.contains(x)));
    }
}

/// A value for every hex of the grid of columns `1..=cols` and numbers `1..=nums`, kept
/// in one array: for a walk that touches most of a board, where a map would cost a
/// look-up and an allocation a hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexField<T> {
    cols: usize,
    nums: usize,
    cells: Vec<T>,
}

impl<T: Copy> HexField<T> {
    /// Every hex of the grid holding `fill`.
    pub fn new((cols, nums): (i16, i16), fill: T) -> HexField<T> {
        let cols = usize::try_from(cols).unwrap_or(0);
        let nums = usize::try_from(nums).unwrap_or(0);
        HexField {
            cols,
            nums,
            cells: vec![fill; cols * nums],
        }
    }

    fn index(&self, h: Hex) -> Option<usize> {
        h.cell_in((self.cols, self.nums))
    }

    /// The value of `h`; `None` off the grid.
    pub fn get(&self, h: Hex) -> Option<T> {
        self.index(h).and_then(|i| self.cells.get(i)).copied()
    }

    /// Sets the value of `h`; false (and nothing set) off the grid.
    pub fn set(&mut self, h: Hex, v: T) -> bool {
        match self.index(h).and_then(|i| self.cells.get_mut(i)) {
            Some(c) => {
                *c = v;
                true
            }
            None => false,
        }
    }
}

/// Breadth first from every hex of `sources` (0 steps) along the steps `step(from, to)`
/// allows, at most `budget` steps: each hex reached with its fewest steps, `None` for
/// the others. The same answers as [`search`] with unit costs, in a dense field.
pub fn breadth_first(
    extent: (i16, i16),
    sources: impl IntoIterator<Item = Hex>,
    budget: u32,
    mut step: impl FnMut(Hex, Hex) -> bool,
) -> HexField<Option<u32>> {
    let mut field = HexField::new(extent, None);
    let mut queue = std::collections::VecDeque::new();
    for h in sources {
        if field.get(h) == Some(None) && field.set(h, Some(0)) {
            queue.push_back((h, 0u32));
        }
    }
    while let Some((h, d)) = queue.pop_front() {
        if d >= budget {
            continue;
        }
        for n in h.neighbours() {
            if field.get(n) == Some(None) && step(h, n) && field.set(n, Some(d + 1)) {
                queue.push_back((n, d + 1));
            }
        }
    }
    field
}
