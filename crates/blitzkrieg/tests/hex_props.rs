//! Properties of the hex grid (issue 2, item 1): names read back as written, adjacency
//! is symmetric, distance is a metric, and no hex of the board has more than six
//! neighbours.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::Board;
use blitzkrieg::hex::{Hex, MAX_COL};
use proptest::prelude::*;

fn any_hex() -> impl Strategy<Value = Hex> {
    (1..=MAX_COL, 1i16..=999).prop_map(|(c, n)| Hex::new(c, n).unwrap())
}

/// Hexes near each other, so that adjacency and short distances come up often.
fn near_pair() -> impl Strategy<Value = (Hex, Hex)> {
    (2..MAX_COL - 1, 2i16..998, -1i16..=1, -1i16..=1)
        .prop_map(|(c, n, dc, dn)| (Hex::new(c, n).unwrap(), Hex::new(c + dc, n + dn).unwrap()))
}

proptest! {
    /// Display then parse gives the hex back, whatever the case and surrounding spaces.
    #[test]
    fn parse_of_display_is_identity(h in any_hex(), lower in any::<bool>(), pad in "[ \t]{0,3}") {
        let text = h.to_string();
        let text = if lower { text.to_ascii_lowercase() } else { text };
        let written = format!("{pad}{text}{pad}");
        let back: Hex = written.parse().unwrap();
        prop_assert_eq!(back, h);
        prop_assert_eq!(back.to_string(), h.to_string());
    }

    #[test]
    fn adjacency_is_symmetric(a in any_hex(), b in any_hex()) {
        prop_assert_eq!(a.is_adjacent(b), b.is_adjacent(a));
    }

    #[test]
    fn adjacency_of_near_hexes_is_symmetric((a, b) in near_pair()) {
        prop_assert_eq!(a.is_adjacent(b), b.is_adjacent(a));
    }

    /// Distance is a metric: zero only to itself, symmetric, triangle inequality.
    #[test]
    fn distance_is_a_metric(a in any_hex(), b in any_hex(), c in any_hex()) {
        prop_assert_eq!(a.distance(a), 0);
        prop_assert_eq!(a.distance(b) == 0, a == b);
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    /// Adjacent exactly when one step apart.
    #[test]
    fn adjacent_iff_distance_one((a, b) in near_pair()) {
        prop_assert_eq!(a.is_adjacent(b), a.distance(b) == 1);
    }

    /// Every neighbour is adjacent and one step away; there are at most six.
    #[test]
    fn neighbours_are_adjacent(h in any_hex()) {
        let ns: Vec<Hex> = h.neighbours().collect();
        prop_assert!(ns.len() <= 6);
        for n in ns {
            prop_assert!(h.is_adjacent(n));
            prop_assert_eq!(h.distance(n), 1);
        }
    }
}

/// Every hex of the embedded board has at most six neighbours on the board, and a hex
/// with fewer lies on the board edge.
#[test]
fn board_hexes_have_at_most_six_neighbours() {
    let board = Board::try_embedded().unwrap();
    let mut edge = 0;
    for (h, _) in board.hexes() {
        let n = board.neighbours(h).count();
        assert!(n <= 6, "{h} has {n} neighbours");
        if n < 6 {
            assert!(board.is_board_edge(h));
            edge += 1;
        }
    }
    assert!(edge > 0);
}
