//! Where a marker's label goes so that it covers nothing: a small placer over free
//! space. What must stay readable (the counters' strips and count badges, the hex ids,
//! the attack arrows, labels already placed) is held as rectangles; each label tries a
//! few positions round its hex, in a fixed order, and takes the first of those that
//! overlap least. The same marks and markers always give the same places.

use crate::svg::{CounterMark, Geo, HEX_HALF_HEIGHT, HEX_RADIUS};
use blitzkrieg::hex::Hex;
use std::collections::BTreeMap;

/// A rectangle in the board's coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    /// The area `self` and `o` share.
    fn overlap(&self, o: &Rect) -> f64 {
        let w = (self.x + self.w).min(o.x + o.w) - self.x.max(o.x);
        let h = (self.y + self.h).min(o.y + o.h) - self.y.max(o.y);
        if w > 0.0 && h > 0.0 {
            w * h
        } else {
            0.0
        }
    }
}

/// The space taken, and the labels placed in what is left.
#[derive(Clone, Debug, Default)]
pub struct Placer {
    taken: Vec<Rect>,
}

/// Height of a label, in the board's coordinates.
pub const LABEL_H: f64 = 4.4;

impl Placer {
    /// A placer that keeps labels off `marks`' strips and badges (`strips` counts the
    /// strips drawn in each hex, lost units included) and off the ids of the hexes
    /// round `anchors`.
    pub fn new(
        geo: &Geo,
        strips: &BTreeMap<Hex, usize>,
        anchors: impl IntoIterator<Item = Hex>,
    ) -> Placer {
        let mut p = Placer::default();
        for (h, n) in strips {
            let (cx, cy) = geo.centre(*h);
            let (top, height) = super::draw::strips_extent(*n);
            p.taken.push(Rect {
                x: cx - super::draw::STRIP_W / 2.0,
                y: cy + top,
                w: super::draw::STRIP_W,
                h: height,
            });
            if *n > 1 {
                p.taken.push(Rect {
                    x: cx + 6.0,
                    y: cy - HEX_HALF_HEIGHT + 0.5,
                    w: 5.0,
                    h: 5.0,
                });
            }
        }
        let mut ids: Vec<Hex> = Vec::new();
        for a in anchors {
            for h in std::iter::once(a).chain(a.neighbours()) {
                if !ids.contains(&h) {
                    ids.push(h);
                }
            }
        }
        for h in ids {
            let (cx, cy) = geo.centre(h);
            let w = 1.8 * h.to_string().len() as f64;
            p.taken.push(Rect {
                x: cx - w / 2.0,
                y: cy - HEX_HALF_HEIGHT + 0.9,
                w,
                h: 3.0,
            });
        }
        p
    }

    /// Holds `r` as taken: nothing placed later covers it if it can help it.
    pub fn avoid(&mut self, r: Rect) {
        self.taken.push(r);
    }

    /// The place of a label `w` wide round the hex centred at `(x, y)`: `below` the
    /// centre, at the foot of the hex, over its id, beside it, then further out, the
    /// first that covers least of what is taken. The place is then taken.
    pub fn place(&mut self, (x, y): (f64, f64), w: f64, below: f64) -> Rect {
        let h = LABEL_H;
        let r = HEX_RADIUS;
        let half = HEX_HALF_HEIGHT;
        let candidates = [
            (x - w / 2.0, y + below),
            (x - w / 2.0, y + half - h - 0.2),
            (x - w / 2.0, y - half - h + 0.6),
            (x + r * 0.75, y - h / 2.0),
            (x - r * 0.75 - w, y - h / 2.0),
            (x + r * 0.5, y + half - 1.0),
            (x - r * 0.5 - w, y + half - 1.0),
            (x + r * 0.5, y - half - h + 1.0),
            (x - r * 0.5 - w, y - half - h + 1.0),
            (x - w / 2.0, y + half + 1.5),
            (x - w / 2.0, y - half - h - 4.0),
        ];
        let mut best: Option<(f64, Rect)> = None;
        for (cx, cy) in candidates {
            let rect = Rect { x: cx, y: cy, w, h };
            let cost: f64 = self.taken.iter().map(|t| t.overlap(&rect)).sum();
            if best.is_none_or(|(b, _)| cost < b - 1e-9) {
                best = Some((cost, rect));
            }
        }
        let rect = best.map_or(
            Rect {
                x: x - w / 2.0,
                y: y + below,
                w,
                h,
            },
            |(_, r)| r,
        );
        self.taken.push(rect);
        rect
    }
}

/// How many strips each hex shows: its units in `marks` and those of `lost`.
pub fn strip_counts(
    marks: &[CounterMark],
    lost: impl IntoIterator<Item = Hex>,
) -> BTreeMap<Hex, usize> {
    let mut n: BTreeMap<Hex, usize> = BTreeMap::new();
    for m in marks {
        *n.entry(m.hex).or_insert(0) += 1;
    }
    for h in lost {
        *n.entry(h).or_insert(0) += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use blitzkrieg::board::Country;
    use blitzkrieg::sketch::Sketch;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    #[test]
    fn a_label_goes_where_it_covers_nothing() {
        let board = Sketch::land(1..=10, 1..=10, Country::GreatBlue).build();
        let geo = Geo::of(&board);
        let target = h("E5");
        let mut strips = BTreeMap::new();
        strips.insert(target, 3);
        let mut placer = Placer::new(&geo, &strips, [target]);
        let first = placer.place(geo.centre(target), 16.0, 6.6);
        let second = placer.place(geo.centre(target), 16.0, 6.6);
        let taken_before = Placer::new(&geo, &strips, [target]).taken;
        for r in [first, second] {
            let covered: f64 = taken_before.iter().map(|t| t.overlap(&r)).sum();
            assert_eq!(covered, 0.0, "{r:?} covers a strip or a hex id");
        }
        assert_eq!(first.overlap(&second), 0.0, "two labels of one hex overlap");
        // The same inputs, the same places.
        let mut again = Placer::new(&geo, &strips, [target]);
        assert_eq!(again.place(geo.centre(target), 16.0, 6.6), first);
    }

    #[test]
    fn an_empty_hex_keeps_its_label_under_the_centre() {
        let board = Sketch::land(1..=10, 1..=10, Country::GreatBlue).build();
        let geo = Geo::of(&board);
        let target = h("E5");
        let mut placer = Placer::new(&geo, &BTreeMap::new(), [target]);
        let (x, y) = geo.centre(target);
        let r = placer.place((x, y), 16.0, 6.6);
        assert_eq!((r.x, r.y), (x - 8.0, y + 6.6));
    }
}
