//! The picture of `blitz reach`: for each unit asked about, the area round its reach
//! at the scale of the turn mail's map (hex ids and counters readable at 100%), the
//! hexes it may end in shaded with what the move there costs, those where it must
//! stop marked, the hexes next to them it may not enter crossed, its own hex ringed.

use super::draw;
use super::picture::{grow, Window, DETAIL_SCALE};
use crate::reach::UnitReach;
use crate::svg::{self, esc, f, CounterMark, Geo, HEX_HALF_HEIGHT, HEX_RADIUS};
use blitzkrieg::board::Board;
use blitzkrieg::hex::Hex;
use blitzkrieg::movement::mf_text;
use std::fmt::Write as _;

const PAD: f64 = 14.0;
/// Height of a panel's title, in pixels.
const HEAD: f64 = 40.0;
/// The least area drawn round a reach, in board units.
const MIN_W: f64 = 150.0;
const MIN_H: f64 = 110.0;
/// Shading of a hex the unit may end in, of one where it must stop, and the ink of a
/// hex it may not enter.
const REACH: &str = "#2f9e44";
const STOPS: &str = "#e8a200";
const BARRED: &str = "#c92a2a";

/// The picture of `units`' reach, one panel under the other, as an SVG document in
/// pixels; `title` heads it.
pub fn svg(board: &Board, marks: &[CounterMark], title: &str, units: &[UnitReach]) -> String {
    let geo = Geo::of(board);
    let panels: Vec<(Window, &UnitReach)> = units.iter().map(|u| (window(&geo, u), u)).collect();
    let width = panels
        .iter()
        .map(|(w, _)| w.w * DETAIL_SCALE)
        .fold(520.0_f64, f64::max)
        + 2.0 * PAD;
    let height: f64 = 30.0
        + panels
            .iter()
            .map(|(w, _)| HEAD + w.h * DETAIL_SCALE + PAD)
            .sum::<f64>()
        + 34.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans"><rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##,
        w = f(width.ceil()),
        h = f(height.ceil())
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="22" font-size="17" font-weight="bold" fill="#111111">{}</text>"##,
        f(PAD),
        esc(title)
    );
    let layers = svg::layers(board, &geo, true);
    let mut top = 30.0;
    for (i, (w, u)) in panels.iter().enumerate() {
        panel(&mut s, board, &geo, &layers, marks, (i, top), *w, u);
        top += HEAD + w.h * DETAIL_SCALE + PAD;
    }
    let _ = writeln!(
        s,
        r##"<g font-size="11.5" fill="#222222"><rect x="{x}" y="{y0}" width="14" height="10" fill="{REACH}" fill-opacity="0.35" stroke="{REACH}"/><text x="{tx}" y="{y1}">may end here (cost in MF)</text><rect x="{x2}" y="{y0}" width="14" height="10" fill="{STOPS}" fill-opacity="0.45" stroke="{STOPS}"/><text x="{tx2}" y="{y1}">must stop here</text><text x="{x3}" y="{y1}" fill="{BARRED}" font-weight="bold">×</text><text x="{tx3}" y="{y1}">may not end here (see the text)</text></g>"##,
        x = f(PAD),
        y0 = f(top),
        y1 = f(top + 9.5),
        tx = f(PAD + 20.0),
        x2 = f(PAD + 200.0),
        tx2 = f(PAD + 220.0),
        x3 = f(PAD + 330.0),
        tx3 = f(PAD + 344.0),
    );
    s.push_str("</svg>\n");
    s
}

/// The area round a unit's reach and the hexes next to it, a hex all round, at least
/// [`MIN_W`] x [`MIN_H`], kept on the board.
fn window(geo: &Geo, u: &UnitReach) -> Window {
    let hexes = std::iter::once(u.from)
        .chain(u.ends.iter().map(|e| e.hex))
        .chain(u.limits.iter().map(|l| l.hex));
    let pts: Vec<(f64, f64)> = hexes.map(|h| geo.centre(h)).collect();
    let lo = |k: fn(&(f64, f64)) -> f64| pts.iter().map(k).fold(f64::MAX, f64::min);
    let hi = |k: fn(&(f64, f64)) -> f64| pts.iter().map(k).fold(f64::MIN, f64::max);
    let (x0, x1) = (
        lo(|p| p.0) - 1.6 * HEX_RADIUS,
        hi(|p| p.0) + 1.6 * HEX_RADIUS,
    );
    let (y0, y1) = (
        lo(|p| p.1) - 1.6 * HEX_HALF_HEIGHT,
        hi(|p| p.1) + 1.6 * HEX_HALF_HEIGHT,
    );
    let (x, w) = grow(x0, x1, MIN_W, geo.width);
    let (y, h) = grow(y0, y1, MIN_H, geo.height);
    Window {
        x,
        y,
        w,
        h,
        scale: DETAIL_SCALE,
    }
}

/// One unit's panel: its title, then the area of its reach.
#[allow(clippy::too_many_arguments)]
fn panel(
    s: &mut String,
    board: &Board,
    geo: &Geo,
    layers: &str,
    marks: &[CounterMark],
    (i, top): (usize, f64),
    w: Window,
    u: &UnitReach,
) {
    let bonus = u
        .bonus
        .map_or(String::new(), |b| format!(" (+{b} strategic, 22)"));
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="13.5" font-weight="bold" fill="#111111">{} from {}, {} MF{}: {} hexes</text>"##,
        f(PAD),
        f(top + 24.0),
        u.unit,
        u.from,
        u.mf,
        esc(&bonus),
        u.ends.len()
    );
    let inside = |h: &Hex| {
        let (x, y) = geo.centre(*h);
        x > w.x - HEX_RADIUS
            && x < w.x + w.w + HEX_RADIUS
            && y > w.y - HEX_RADIUS
            && y < w.y + w.h + HEX_RADIUS
    };
    let ids = draw::hex_ids(board, geo, board.hexes().map(|(h, _)| h).filter(inside));
    let mut shade = String::new();
    for e in &u.ends {
        let ink = if e.stop.is_some() { STOPS } else { REACH };
        let _ = writeln!(
            shade,
            r##"<polygon points="{}" fill="{ink}" fill-opacity="0.3" stroke="{ink}" stroke-width="0.8"/>"##,
            geo.polygon(e.hex)
        );
    }
    let mut over = String::new();
    for e in &u.ends {
        let (x, y) = geo.centre(e.hex);
        let cost = mf_text(e.sixths);
        let text = if e.strategic {
            format!("{cost}*")
        } else {
            cost
        };
        let _ = writeln!(
            over,
            r##"<text x="{}" y="{}" font-size="3.4" font-weight="bold" text-anchor="middle" fill="#0b3d1a" stroke="#ffffff" stroke-width="0.8" paint-order="stroke">{}</text>"##,
            f(x),
            f(y + HEX_HALF_HEIGHT - 1.6),
            esc(&text)
        );
    }
    for l in &u.limits {
        let (x, y) = geo.centre(l.hex);
        let _ = writeln!(
            over,
            r##"<g data-limit="{}"><polygon points="{}" fill="none" stroke="{BARRED}" stroke-width="0.9" stroke-dasharray="1.5,1"/><text x="{}" y="{}" font-size="5" font-weight="bold" text-anchor="middle" fill="{BARRED}" stroke="#ffffff" stroke-width="0.8" paint-order="stroke">×</text></g>"##,
            l.hex,
            geo.polygon(l.hex),
            f(x),
            f(y + HEX_HALF_HEIGHT - 1.2)
        );
    }
    let _ = writeln!(
        over,
        r##"<polygon points="{}" fill="none" stroke="#111111" stroke-width="1.6"/>"##,
        geo.polygon(u.from)
    );
    let y0 = top + HEAD;
    let _ = writeln!(
        s,
        r##"<defs><clipPath id="reach{i}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath></defs><g class="reach" data-unit="{}" transform="translate({} {}) scale({}) translate({} {})"><g clip-path="url(#reach{i})"><rect x="{}" y="{}" width="{}" height="{}" fill="#fdfcf7"/><g opacity="0.75">{layers}</g>{shade}{ids}{}{over}</g></g><rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#555555" stroke-width="1"/>"##,
        f(w.x),
        f(w.y),
        f(w.w),
        f(w.h),
        u.unit,
        f(PAD),
        f(y0),
        DETAIL_SCALE,
        f(-w.x),
        f(-w.y),
        f(w.x),
        f(w.y),
        f(w.w),
        f(w.h),
        draw::stacks(geo, marks, &[]),
        f(PAD),
        f(y0),
        f(w.w * DETAIL_SCALE),
        f(w.h * DETAIL_SCALE)
    );
}
