//! The whole-board overview a turn mail carries beside the picture of the action
//! (issue: "a whole-board overview readable at 100%"): the board in flat colours
//! ([`crate::svg::flat_layers`]), each occupied hex a badge in its side's colour with
//! the attack factors of the units in it, and the area the picture of the action shows
//! outlined. No hex ids, names or counter strips: it says where the armies stand, the
//! picture of the action says what they are.

use super::draw;
use super::picture::Window;
use crate::svg::{self, esc, f, CounterMark, Geo};
use blitzkrieg::board::Board;
use blitzkrieg::hex::Hex;
use blitzkrieg::units::Side;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The height of the title above the board, in pixels.
const TITLE_H: f64 = 46.0;
/// The badge's figure, in board units.
const FIGURE: f64 = 10.0;

/// What the overview is of.
pub struct Overview<'a> {
    pub board: &'a Board,
    /// "BLITZKRIEG · game demo · player-turn 2-Blue"
    pub title: String,
    pub marks: &'a [CounterMark],
    /// The area the picture of the action shows, outlined (none: no outline).
    pub area: Option<Window>,
}

/// The attack factor printed first on a counter (`6-4` is 6, `8-4-4` is 8).
fn attack(m: &CounterMark) -> u32 {
    m.factors
        .split('-')
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0)
}

/// Each occupied hex with its side and the attack factors of the units in it. A hex
/// holds one side's units at the end of a player-turn (11.1); were it ever to hold
/// both, the first side met names it.
pub fn strengths(marks: &[CounterMark]) -> BTreeMap<Hex, (Side, u32)> {
    let mut by_hex: BTreeMap<Hex, (Side, u32)> = BTreeMap::new();
    for m in marks {
        by_hex.entry(m.hex).or_insert((m.side, 0)).1 += attack(m);
    }
    by_hex
}

/// The badges, in board units: a rounded box in the side's colour on each occupied
/// hex, the figure in white.
fn badges(geo: &Geo, marks: &[CounterMark]) -> String {
    let mut s = format!(
        r##"<g class="badges" font-size="{}" font-weight="bold" text-anchor="middle" stroke-width="0.8">"##,
        f(FIGURE)
    );
    s.push('\n');
    for (h, (side, factors)) in strengths(marks) {
        let (x, y) = geo.centre(h);
        let text = factors.to_string();
        let digits = u32::try_from(text.len()).unwrap_or(3);
        let w = 4.0 + 6.4 * f64::from(digits);
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="12.5" rx="2.5" fill="{}" stroke="#ffffff"/><text x="{}" y="{}" fill="#ffffff">{text}</text>"##,
            f(x - w / 2.0),
            f(y - 6.25),
            f(w),
            draw::counter_fill(side),
            f(x),
            f(y + 3.7),
        );
    }
    s.push_str("</g>\n");
    s
}

/// The overview as an SVG document, in pixels, at `scale` pixels per board unit.
pub fn render(o: &Overview, scale: f64) -> String {
    let geo = Geo::of(o.board);
    let width = (geo.width * scale).ceil();
    let height = (TITLE_H + geo.height * scale).ceil();
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans"><rect x="0" y="0" width="{w}" height="{h}" fill="#fdfcf7"/>"##,
        w = f(width),
        h = f(height)
    );
    let _ = writeln!(
        s,
        r##"<text x="14" y="21" font-size="17" font-weight="bold" fill="#111111">{} · the whole board</text><text x="14" y="38" font-size="12.5" fill="#333333">Each badge: the attack factors of the units in a hex, in its side's colour. Outlined: the area the map of the action shows.</text>"##,
        esc(&o.title)
    );
    let outline = o.area.map_or_else(String::new, |w| {
        format!(
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#111111" stroke-width="2" stroke-dasharray="6,3"/>"##,
            f(w.x),
            f(w.y),
            f(w.w),
            f(w.h)
        )
    });
    let _ = writeln!(
        s,
        r#"<g transform="translate(0 {}) scale({})" shape-rendering="crispEdges">{}{}{outline}</g>"#,
        f(TITLE_H),
        f(scale),
        svg::flat_layers(o.board, &geo, false),
        badges(&geo, o.marks),
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(hex: &str, side: Side, factors: &str) -> CounterMark {
        CounterMark {
            hex: hex.parse().unwrap(),
            side,
            kind_abbrev: "ARM".into(),
            factors: factors.into(),
            id: "x".into(),
        }
    }

    /// A stack's badge adds the first printed factor of each of its units.
    #[test]
    fn a_badge_adds_the_attack_factors_of_the_stack() {
        let marks = [
            mark("WW28", Side::Blue, "8-6"),
            mark("WW28", Side::Blue, "6-6"),
            mark("WW28", Side::Blue, "8-4-4"),
            mark("XX30", Side::Red, "4-4"),
        ];
        let s = strengths(&marks);
        assert_eq!(s[&"WW28".parse().unwrap()], (Side::Blue, 22));
        assert_eq!(s[&"XX30".parse().unwrap()], (Side::Red, 4));
        assert_eq!(s.len(), 2);
    }
}
