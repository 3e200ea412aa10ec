//! Drawing the board, and counters on it, as one SVG picture a player can lay beside
//! the printed mapboard: hexes coloured by terrain and country, coastlines, country
//! borders, rivers, roads, cities with names and roles, sea-zone labels, hex ids on a
//! regular pattern and a legend. Counters come as plain [`CounterMark`]s so that any
//! caller (a game state, a test) can draw them. Output is deterministic: fixed drawing
//! order and fixed number formatting.

use blitzkrieg::board::{Board, CityRole, Country, Terrain};
use blitzkrieg::hex::{column_name, Hex, DIRECTIONS};
pub use blitzkrieg::sea::SeaBox;
use blitzkrieg::units::Side;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One counter to draw: several on one hex are drawn as a stack, each offset a little.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterMark {
    pub hex: Hex,
    pub side: Side,
    /// Type symbol as printed on the counter: `INF`, `ARM`, `ART`, `ABN`, `AAS`, `RGR`, `TAC` ...
    pub kind_abbrev: String,
    /// Factors as printed: `4-4`, `6-4-3` ...
    pub factors: String,
    /// The unit id players write in orders: `B-13AR`.
    pub id: String,
}

/// Hex radius (centre to corner) in SVG units.
const R: f64 = 14.0;
const MARGIN: f64 = 26.0;
const LEGEND_H: f64 = 84.0;
/// Extra legend height when counters are drawn.
const COUNTER_LEGEND_H: f64 = 14.0;
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The board as an SVG document, with `marks` drawn on top.
pub fn render(board: &Board, marks: &[CounterMark]) -> String {
    render_with_sea(board, marks, &[])
}

/// [`render`], with the At Sea Box of each zone in `sea` drawn under its label (19.1).
pub fn render_with_sea(board: &Board, marks: &[CounterMark], sea: &[SeaBox]) -> String {
    let geo = Geo::of(board);
    let mut s = String::new();
    let legend_h = if marks.is_empty() {
        LEGEND_H
    } else {
        LEGEND_H + COUNTER_LEGEND_H
    };
    let (w, h) = (geo.width, geo.height + legend_h);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="{FONT}">"#,
        f(w),
        f(h),
        f(w),
        f(h)
    );
    let _ = writeln!(s, "<title>{}</title>", esc(board.name()));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#fdfcf7"/>"##,
        f(w),
        f(h)
    );
    s.push_str(&layers(board, &geo, true));
    legend(&mut s, board, &geo, !marks.is_empty());
    counters(&mut s, &geo, marks);
    s.push_str(&sea_boxes(board, &geo, sea));
    s.push_str("</svg>\n");
    s
}

/// The board's own drawing, from the hexes to the column letters, in the coordinates
/// of `geo`: no frame, legend or counters, for pictures that place the board
/// themselves. `pattern_ids` draws the hex ids of the regular pattern (a picture that
/// names every hex draws its own).
pub fn layers(board: &Board, geo: &Geo, pattern_ids: bool) -> String {
    layers_in(board, geo, pattern_ids, &View::ALL)
}

/// [`layers`] for a picture clipped to `view`: what lies wholly outside it is left out.
pub fn layers_in(board: &Board, geo: &Geo, pattern_ids: bool, view: &View) -> String {
    let mut s = String::new();
    hexes(&mut s, board, geo, view);
    // Drawn whole: leaving out the dashed sea-zone lines or the beaches beyond the
    // view changed the smoothing of a few pixels inside it (the tests comparing the
    // two pictures found it), where no other layer did.
    zone_lines(&mut s, board, geo);
    beaches(&mut s, board, geo);
    coast_and_borders(&mut s, board, geo, view);
    terrain_symbols(&mut s, board, geo, view);
    rivers(&mut s, board, geo, view);
    roads(&mut s, board, geo, view);
    docks(&mut s, board, geo, view);
    if pattern_ids {
        hex_ids(&mut s, board, geo, view);
    }
    cities(&mut s, board, geo, view);
    zone_labels(&mut s, board, geo, view);
    column_letters(&mut s, board, geo);
    s
}

/// The part of the board a clipped picture shows, in the board's coordinates: the
/// layers drawn for it ([`layers_in`], [`flat_layers_in`]) leave out every shape that
/// lies wholly outside it, so that a picture of a few columns neither writes, reads
/// back nor fills the rest of the board. What is left out draws no pixel inside the
/// clip. What lies along the edges of the board's drawing (its first and last columns
/// and rows, the column letters, a city's name near an edge) is always drawn: it
/// bounds the drawing. The pictures come out the same but for the smoothing of an
/// odd pixel (docs/speed.md: two pixels of one sample picture, by one level);
/// `map::picture`'s tests compare the two drawings pixel for pixel on sample states.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    /// The width and height of the whole board's drawing ([`Geo`]).
    frame: (f64, f64),
}

/// How far beyond a view a shape anchored at a hex centre is still drawn: three hex
/// radii (a hex, its widest stroke and a neighbour's centre, for lines from centre to
/// centre).
const VIEW_MARGIN: f64 = 3.0 * R;
/// How far beyond a view a label is still drawn (a city's name and roles).
const VIEW_TEXT_MARGIN: f64 = 14.0 * R;

impl View {
    /// Everything: the whole board.
    pub const ALL: View = View {
        x0: f64::MIN,
        y0: f64::MIN,
        x1: f64::MAX,
        y1: f64::MAX,
        frame: (0.0, 0.0),
    };

    /// The rectangle at (`x`, `y`), `w` by `h`, of a board drawn by `geo`.
    pub fn window(geo: &Geo, x: f64, y: f64, w: f64, h: f64) -> View {
        View {
            x0: x,
            y0: y,
            x1: x + w,
            y1: y + h,
            frame: (geo.width, geo.height),
        }
    }

    /// Whether the box from `lo` to `hi`, grown by `margin`, meets the view or comes
    /// within `margin` of an edge of the drawing.
    fn meets(&self, lo: (f64, f64), hi: (f64, f64), margin: f64) -> bool {
        let inside = hi.0 + margin >= self.x0
            && lo.0 - margin <= self.x1
            && hi.1 + margin >= self.y0
            && lo.1 - margin <= self.y1;
        let (w, h) = self.frame;
        let edge = lo.0 <= margin || lo.1 <= margin || hi.0 >= w - margin || hi.1 >= h - margin;
        inside || edge
    }

    /// Whether a shape anchored at `p` (a hex centre) is drawn.
    fn near(&self, p: (f64, f64)) -> bool {
        self.meets(p, p, VIEW_MARGIN)
    }

    /// Whether a line or path through `pts` is drawn: the box of its points meets the
    /// view (a curve through them keeps within it).
    fn spans(&self, pts: &[(f64, f64)]) -> bool {
        let lo = pts
            .iter()
            .fold((f64::MAX, f64::MAX), |a, p| (a.0.min(p.0), a.1.min(p.1)));
        let hi = pts
            .iter()
            .fold((f64::MIN, f64::MIN), |a, p| (a.0.max(p.0), a.1.max(p.1)));
        self.meets(lo, hi, VIEW_MARGIN)
    }

    /// Whether a label anchored at `p` is drawn.
    fn near_text(&self, p: (f64, f64)) -> bool {
        self.meets(p, p, VIEW_TEXT_MARGIN)
    }
}

/// Fixed number formatting for coordinates: one decimal, as `format!("{v:.1}")`
/// writes it, but `0.0` for a negative zero ([`push_f`]).
pub fn f(v: f64) -> String {
    let mut s = String::with_capacity(8);
    push_f(&mut s, v);
    s
}

/// [`f`], appended to `s`. Written from the number of tenths in integers
/// ([`tenths`]); a value at a tie of two tenths, or too large, or not a number, goes
/// through `format!`, whose exact rounding decides it.
pub fn push_f(s: &mut String, v: f64) {
    let Some(n) = tenths(v) else {
        let t = format!("{v:.1}");
        s.push_str(if t == "-0.0" { "0.0" } else { &t });
        return;
    };
    // The digits from the last: the tenth, the point, the whole part, the sign.
    let mut digits = [0u8; 24];
    let mut at = digits.len();
    let mut put = |b: u8| {
        at -= 1;
        digits[at] = b;
    };
    let a = n.unsigned_abs();
    put(b'0' + (a % 10) as u8);
    put(b'.');
    let mut whole = a / 10;
    loop {
        put(b'0' + (whole % 10) as u8);
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    if n < 0 {
        put(b'-');
    }
    s.extend(digits[at..].iter().map(|b| char::from(*b)));
}

/// `v` rounded to a whole number of tenths, when that rounding is the one the exact
/// decimal value of `v` gives: below 10^9 tenths, `v * 10` is off the exact product
/// by less than a ten-millionth, so only a product within a millionth of a half can
/// round either way ([`push_f`] leaves those, and larger values, to `format!`).
fn tenths(v: f64) -> Option<i64> {
    let t = v * 10.0;
    if !t.is_finite() || t.abs() >= 1e9 {
        return None;
    }
    let floor = t.floor();
    let frac = t - floor;
    if (frac - 0.5).abs() < 1e-6 {
        return None;
    }
    // Within ±10^9: the cast is exact.
    let floor = floor as i64;
    Some(if frac > 0.5 { floor + 1 } else { floor })
}

/// Text made safe inside SVG or HTML markup.
pub fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Where hexes go on the picture: the board's own coordinates, in which a hex has
/// radius [`HEX_RADIUS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geo {
    min_col: i16,
    min_half: i16,
    /// Width of the board drawing, margins included.
    pub width: f64,
    /// Height of the board drawing, margins included (the legend is below it).
    pub height: f64,
}

/// Hex radius (centre to corner) in the board's coordinates.
pub const HEX_RADIUS: f64 = R;
/// Half the height of a hex, in the board's coordinates.
pub const HEX_HALF_HEIGHT: f64 = HALF;

impl Geo {
    /// The layout of `board`.
    pub fn of(board: &Board) -> Geo {
        let cols: Vec<i16> = board.hexes().map(|(h, _)| h.col()).collect();
        let halves: Vec<i16> = board.hexes().map(|(h, _)| h.half_row()).collect();
        let min_col = cols.iter().copied().min().unwrap_or(1);
        let max_col = cols.iter().copied().max().unwrap_or(1);
        let min_half = halves.iter().copied().min().unwrap_or(0);
        let max_half = halves.iter().copied().max().unwrap_or(0);
        let width = 2.0 * MARGIN + f64::from(max_col - min_col) * 1.5 * R + 2.0 * R;
        let height = 2.0 * MARGIN + f64::from(max_half - min_half + 2) * HALF;
        Geo {
            min_col,
            min_half,
            width,
            height,
        }
    }

    /// The centre of hex `h`.
    pub fn centre(&self, h: Hex) -> (f64, f64) {
        let x = MARGIN + R + f64::from(h.col() - self.min_col) * 1.5 * R;
        let y = MARGIN + HALF + f64::from(h.half_row() - self.min_half) * HALF;
        (x, y)
    }

    /// Corner `k` (0-5) of a flat-topped hex, at 60·k degrees (screen y downwards).
    fn corner(&self, h: Hex, k: usize) -> (f64, f64) {
        let (x, y) = self.centre(h);
        let (dx, dy) = CORNERS[k % 6];
        (x + dx * R, y + dy * R)
    }

    /// The six corners of `h` as the `points` of an SVG polygon.
    pub fn polygon(&self, h: Hex) -> String {
        let mut s = String::with_capacity(6 * 12);
        for k in 0..6 {
            let (x, y) = self.corner(h, k);
            if k > 0 {
                s.push(' ');
            }
            push_f(&mut s, x);
            s.push(',');
            push_f(&mut s, y);
        }
        s
    }

    /// The hexside of `h` facing direction `d` (index into [`DIRECTIONS`]).
    fn side(&self, h: Hex, d: usize) -> ((f64, f64), (f64, f64)) {
        (self.corner(h, 4 + d), self.corner(h, 5 + d))
    }
}

/// Half the height of a hex: the vertical step of one half row.
const HALF: f64 = R * 0.866_025_403_784_438_6;
/// Unit corner offsets at 0, 60, ... 300 degrees.
const CORNERS: [(f64, f64); 6] = [
    (1.0, 0.0),
    (0.5, 0.866_025_403_784_438_6),
    (-0.5, 0.866_025_403_784_438_6),
    (-1.0, 0.0),
    (-0.5, -0.866_025_403_784_438_6),
    (0.5, -0.866_025_403_784_438_6),
];

fn country_fill(c: Option<Country>) -> &'static str {
    match c {
        Some(Country::GreatBlue) => "#d9e5f6",
        Some(Country::BigRed) => "#f6dcd6",
        Some(Country::NordWalkure) => "#f7efc4",
        Some(Country::SudWalkure) => "#dcedd3",
        Some(Country::Calaedia) => "#eadfce",
        Some(Country::SanEstados) => "#dedede",
        Some(Country::NewEndor) => "#fbfbf8",
        None => "#f3efdc",
    }
}

fn zone_fill(z: Option<char>) -> &'static str {
    match z {
        Some('A') | Some('C') | Some('E') => "#a9cdea",
        _ => "#9cc2e4",
    }
}

/// A hex's colour: its sea zone's, its terrain's, or its country's.
fn hex_fill(info: &blitzkrieg::board::HexInfo) -> &'static str {
    match info.terrain {
        Terrain::Sea => zone_fill(info.sea_zone),
        Terrain::Lake => "#86b8e3",
        Terrain::Neutral => "#a9a9a9",
        Terrain::Desert => "#efd98f",
        _ => country_fill(info.country),
    }
}

fn hexes(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str("<g id=\"hexes\" stroke=\"#b9b4a2\" stroke-width=\"0.4\">\n");
    for (h, info) in board.hexes() {
        if !view.near(geo.centre(h)) {
            continue;
        }
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{}"/>"#,
            geo.polygon(h),
            hex_fill(info)
        );
    }
    s.push_str("</g>\n");
}

/// The board in flat colours, for the whole-board overview a turn mail carries
/// (`map::overview`): each hex filled by its terrain (forest green, mountain brown) or
/// country with no outline, the coasts, borders, rivers, roads, city squares, sea-zone
/// labels and column letters; no hex ids or terrain symbols, and city names only when
/// `names` (a home country drawn whole for its set-up), so that it reads at a small
/// scale and draws to few bytes.
pub fn flat_layers(board: &Board, geo: &Geo, names: bool) -> String {
    flat_layers_in(board, geo, names, &View::ALL)
}

/// [`flat_layers`] for a picture clipped to `view` (see [`View`]).
pub fn flat_layers_in(board: &Board, geo: &Geo, names: bool, view: &View) -> String {
    let mut s =
        String::from("<g id=\"flat-hexes\" stroke-width=\"0.8\" shape-rendering=\"crispEdges\">\n");
    for (h, info) in board.hexes() {
        if !view.near(geo.centre(h)) {
            continue;
        }
        let fill = match info.terrain {
            Terrain::Forest => "#a9cf95",
            Terrain::Mountain => "#d2b48f",
            _ => hex_fill(info),
        };
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{fill}" stroke="{fill}"/>"#,
            geo.polygon(h)
        );
    }
    s.push_str("</g>\n");
    coast_and_borders(&mut s, board, geo, view);
    rivers(&mut s, board, geo, view);
    roads(&mut s, board, geo, view);
    if names {
        cities(&mut s, board, geo, view);
    } else {
        city_squares(&mut s, board, geo, view);
    }
    zone_labels(&mut s, board, geo, view);
    column_letters(&mut s, board, geo);
    s
}

/// Dashed lines between sea hexes of different zones.
fn zone_lines(s: &mut String, board: &Board, geo: &Geo) {
    s.push_str(
        "<g id=\"zones\" stroke=\"#3f6f9e\" stroke-width=\"1.2\" stroke-dasharray=\"3,2\">\n",
    );
    for (h, info) in board.hexes() {
        let Some(z) = info.sea_zone else { continue };
        for (d, n) in sides(h) {
            if n > h {
                if let Some(o) = board.sea_zone(n) {
                    if o != z {
                        line(s, geo.side(h, d), "");
                    }
                }
            }
        }
    }
    s.push_str("</g>\n");
}

/// The neighbours of `h` with the direction index of the shared side.
fn sides(h: Hex) -> impl Iterator<Item = (usize, Hex)> {
    (0..6).filter_map(move |d| h.step(d).map(|n| (d, n)))
}

fn line(s: &mut String, ((x1, y1), (x2, y2)): ((f64, f64), (f64, f64)), attrs: &str) {
    let _ = writeln!(
        s,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}"{attrs}/>"#,
        f(x1),
        f(y1),
        f(x2),
        f(y2)
    );
}

/// 20.1: beaches are yellow coastal hexes; a yellow band on their sea sides.
fn beaches(s: &mut String, board: &Board, geo: &Geo) {
    s.push_str("<g id=\"beaches\">\n");
    for (h, info) in board.hexes() {
        if info.beach.is_none() {
            continue;
        }
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="#f3dc7a" fill-opacity="0.75" stroke="none"/>"##,
            geo.polygon(h)
        );
        for (d, n) in sides(h) {
            if board.is_sea(n) {
                let ((x1, y1), (x2, y2)) = geo.side(h, d);
                let (cx, cy) = geo.centre(h);
                // pull the band a little inside the hex
                let k = 0.86;
                let a = (cx + (x1 - cx) * k, cy + (y1 - cy) * k);
                let b = (cx + (x2 - cx) * k, cy + (y2 - cy) * k);
                line(
                    s,
                    (a, b),
                    r##" stroke="#d9a520" stroke-width="3" stroke-linecap="round""##,
                );
            }
        }
    }
    s.push_str("</g>\n");
}

fn coast_and_borders(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str(
        "<g id=\"coast\" stroke=\"#2f5d8a\" stroke-width=\"1.4\" stroke-linecap=\"round\">\n",
    );
    for (h, info) in board.hexes() {
        if info.terrain == Terrain::Sea
            || info.terrain == Terrain::Lake
            || !view.near(geo.centre(h))
        {
            continue;
        }
        for (d, n) in sides(h) {
            if matches!(board.terrain(n), Some(Terrain::Sea) | Some(Terrain::Lake)) {
                line(s, geo.side(h, d), "");
            }
        }
    }
    s.push_str("</g>\n");
    s.push_str(
        "<g id=\"borders\" stroke=\"#5d5d5d\" stroke-width=\"3.2\" stroke-linecap=\"round\" stroke-opacity=\"0.85\">\n",
    );
    for (a, b) in board.borders() {
        if !view.near(geo.centre(a)) {
            continue;
        }
        if let Some(d) = DIRECTIONS
            .iter()
            .position(|&(dc, dn)| (b.col() - a.col(), b.num() - a.num()) == (dc, dn))
        {
            line(s, geo.side(a, d), "");
        }
    }
    s.push_str("</g>\n");
}

/// Forest: trees; mountain: brown peaks; Neutral Country: grey hatching.
fn terrain_symbols(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str("<g id=\"terrain\">\n");
    for (h, info) in board.hexes() {
        let (x, y) = geo.centre(h);
        if !view.near((x, y)) {
            continue;
        }
        match info.terrain {
            Terrain::Forest => {
                let _ = writeln!(
                    s,
                    r##"<polygon points="{}" fill="#5f9c4c" fill-opacity="0.45" stroke="none"/>"##,
                    geo.polygon(h)
                );
                for (dx, dy) in [(-4.5, 2.5), (4.5, 2.5), (0.0, -3.5)] {
                    let _ = writeln!(
                        s,
                        r##"<circle cx="{}" cy="{}" r="3.3" fill="#3d7a33"/>"##,
                        f(x + dx),
                        f(y + dy)
                    );
                }
            }
            Terrain::Mountain => {
                let _ = writeln!(
                    s,
                    r##"<polygon points="{}" fill="#a77b4f" fill-opacity="0.45" stroke="none"/>"##,
                    geo.polygon(h)
                );
                let _ = writeln!(
                    s,
                    r##"<path d="M{} {} L{} {} L{} {} L{} {} L{} {}" fill="none" stroke="#6b4423" stroke-width="1.4" stroke-linejoin="round"/>"##,
                    f(x - 8.0),
                    f(y + 4.5),
                    f(x - 3.0),
                    f(y - 4.5),
                    f(x + 1.0),
                    f(y + 1.0),
                    f(x + 4.0),
                    f(y - 2.5),
                    f(x + 8.0),
                    f(y + 4.5)
                );
            }
            Terrain::Neutral => {
                line(
                    s,
                    ((x - 5.0, y + 5.0), (x + 5.0, y - 5.0)),
                    r##" stroke="#8a8a8a" stroke-width="1""##,
                );
            }
            _ => {}
        }
    }
    s.push_str("</g>\n");
}

/// Rivers: thick blue curved lines through the hexes of each branch, joined to the
/// branch they flow into or to the sea at the mouth; end-of-river hexes get a dot.
fn rivers(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str(
        "<g id=\"rivers\" fill=\"none\" stroke=\"#2467c8\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n",
    );
    for r in board.rivers() {
        let mut pts: Vec<(f64, f64)> = r.hexes.iter().map(|h| geo.centre(*h)).collect();
        let Some(&last) = r.hexes.last() else {
            continue;
        };
        let joined = r
            .joins
            .as_deref()
            .and_then(|j| board.river_branch(j))
            .and_then(|j| j.hexes.iter().find(|x| x.is_adjacent(last)).copied());
        let mouth = joined.or_else(|| board.neighbours(last).find(|n| board.is_sea(*n)));
        if let Some(m) = mouth {
            let (a, b) = (geo.centre(last), geo.centre(m));
            let k = if joined.is_some() { 1.0 } else { 0.5 };
            pts.push((a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k));
        }
        if !view.spans(&pts) {
            continue;
        }
        let _ = writeln!(s, r#"<path d="{}"/>"#, smooth(&pts));
    }
    s.push_str("</g>\n<g id=\"river-ends\" fill=\"#2467c8\">\n");
    for r in board.rivers() {
        for e in &r.ends {
            let (x, y) = geo.centre(*e);
            if !view.near((x, y)) {
                continue;
            }
            let _ = writeln!(s, r#"<circle cx="{}" cy="{}" r="3.2"/>"#, f(x), f(y));
        }
    }
    s.push_str("</g>\n");
}

/// A smooth path through points: straight to the first midpoint, then quadratic
/// curves with each inner point as control point.
fn smooth(pts: &[(f64, f64)]) -> String {
    let mut d = String::new();
    let Some(&(x0, y0)) = pts.first() else {
        return d;
    };
    let _ = write!(d, "M{} {}", f(x0), f(y0));
    if pts.len() == 1 {
        return d;
    }
    let mid = |a: (f64, f64), b: (f64, f64)| ((a.0 + b.0) / 2.0, a.1 / 2.0 + b.1 / 2.0);
    let m = mid(pts[0], pts[1]);
    let _ = write!(d, " L{} {}", f(m.0), f(m.1));
    for w in pts.windows(3) {
        let m = mid(w[1], w[2]);
        let _ = write!(d, " Q{} {} {} {}", f(w[1].0), f(w[1].1), f(m.0), f(m.1));
    }
    if let Some(&(x, y)) = pts.last() {
        let _ = write!(d, " L{} {}", f(x), f(y));
    }
    d
}

/// 9.1: roads, red lines from hex centre to hex centre.
fn roads(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str(
        "<g id=\"roads\" stroke=\"#c62f2f\" stroke-width=\"2.2\" stroke-linecap=\"round\">\n",
    );
    for (a, b) in board.roads() {
        let ends = [geo.centre(a), geo.centre(b)];
        if view.spans(&ends) {
            line(s, (ends[0], ends[1]), "");
        }
    }
    s.push_str("</g>\n");
}

/// Each city hex as a plain square, for pictures too small for names.
fn city_squares(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str(
        "<g id=\"city-squares\" fill=\"#ffffff\" stroke=\"#111111\" stroke-width=\"1.4\">\n",
    );
    for c in board.cities() {
        for h in &c.hexes {
            let (x, y) = geo.centre(*h);
            if !view.near((x, y)) {
                continue;
            }
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="8" height="8"/>"#,
                f(x - 4.0),
                f(y - 4.0)
            );
        }
    }
    s.push_str("</g>\n");
}

/// Ports: a ring on the docking hex and a thin line to the port.
fn docks(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str("<g id=\"docks\" fill=\"none\" stroke=\"#14385c\" stroke-width=\"1\">\n");
    for p in board.ports() {
        let (x, y) = geo.centre(p.dock);
        let from = p.inland_river.last().copied().unwrap_or(p.hex);
        let (px, py) = geo.centre(from);
        if !view.spans(&[(x, y), (px, py)]) {
            continue;
        }
        let (dx, dy) = (px - x, py - y);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let e = (x + dx / len * 4.0, y + dy / len * 4.0);
        line(s, (e, (x + dx * 0.55, y + dy * 0.55)), "");
        let _ = writeln!(s, r#"<circle cx="{}" cy="{}" r="4"/>"#, f(x), f(y));
    }
    s.push_str("</g>\n");
}

/// Hex ids on a regular pattern: every number divisible by 5 in every odd column (A,
/// C, E ...), and every city hex.
fn hex_ids(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    let _ = writeln!(
        s,
        r##"<g id="hex-ids" font-size="5.6" fill="#4a4a4a" text-anchor="middle">"##
    );
    for (h, _) in board.hexes() {
        let on_pattern = h.col() % 2 == 1 && h.num() % 5 == 0;
        if !on_pattern && !board.is_city(h) {
            continue;
        }
        let (x, y) = geo.centre(h);
        if !view.near((x, y)) {
            continue;
        }
        let _ = writeln!(s, r#"<text x="{}" y="{}">{h}</text>"#, f(x), f(y - 7.0));
    }
    s.push_str("</g>\n");
}

fn role_tag(r: CityRole) -> &'static str {
    match r {
        CityRole::Aircraft => "AIR",
        CityRole::Oil => "OIL",
        CityRole::Industry => "IND",
        CityRole::Naval => "NAV",
    }
}

/// Cities: a white square with crossed lines (terrain chart) on each hex; the name and
/// roles (OIL, IND, NAV; AIR on aircraft hexes) beside the city.
fn cities(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    s.push_str("<g id=\"cities\">\n");
    for c in board.cities() {
        if !c.hexes.iter().any(|h| view.near_text(geo.centre(*h))) {
            continue;
        }
        for h in &c.hexes {
            let (x, y) = geo.centre(*h);
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="9" height="9" fill="#ffffff" stroke="#111111" stroke-width="1.2"/>"##,
                f(x - 4.5),
                f(y - 3.0)
            );
            line(
                s,
                ((x - 4.5, y + 1.5), (x + 4.5, y + 1.5)),
                r##" stroke="#111111" stroke-width="0.9""##,
            );
            line(
                s,
                ((x, y - 3.0), (x, y + 6.0)),
                r##" stroke="#111111" stroke-width="0.9""##,
            );
            if c.aircraft.contains(h) {
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="5.5" font-weight="bold" fill="#7a1f8a" text-anchor="middle">AIR</text>"##,
                    f(x),
                    f(y + 11.5)
                );
            }
        }
        // The name goes to the right of the city's easternmost hex, or to the left of
        // its westernmost one when land does not continue to the east (a city on an
        // eastern coast or near the east edge), so it does not hide the sea and the
        // docking ring there.
        let Some(&east) = c.hexes.iter().max_by_key(|h| (h.col(), -h.half_row())) else {
            continue;
        };
        let Some(&west) = c.hexes.iter().min_by_key(|h| (h.col(), h.half_row())) else {
            continue;
        };
        let left = !land_beside(board, east, 1) && land_beside(board, west, -1);
        let (cx, cy) = geo.centre(if left { west } else { east });
        let roles: Vec<&str> = c
            .roles
            .iter()
            .filter(|r| **r != CityRole::Aircraft)
            .map(|r| role_tag(*r))
            .collect();
        let label = if roles.is_empty() {
            esc(&c.name)
        } else {
            format!(
                "{} <tspan font-weight=\"bold\" fill=\"#7a1f8a\">{}</tspan>",
                esc(&c.name),
                roles.join(" ")
            )
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}"{} font-size="7.5" fill="#111111" stroke="#fdfcf7" stroke-opacity="0.85" stroke-width="2.2" paint-order="stroke" stroke-linejoin="round">{label}</text>"##,
            f(if left { cx - 7.0 } else { cx + 7.0 }),
            f(cy + 1.5),
            if left { r#" text-anchor="end""# } else { "" }
        );
    }
    s.push_str("</g>\n");
}

/// Whether the three columns beside `h` (east for `dir` 1, west for -1), at its height,
/// are land hexes of the board: room for a city name that covers neither sea nor the
/// board edge.
fn land_beside(board: &Board, h: Hex, dir: i16) -> bool {
    (1..=3).all(|k| {
        let col = h.col() + dir * k;
        // The hexes of column `col` within a half row of `h`: half row = 2n - col.
        let (low, high) = (h.half_row() + col - 1, h.half_row() + col + 1);
        let mut near = (low.div_euclid(2)..=high.div_euclid(2))
            .filter_map(|n| Hex::new(col, n))
            .filter(|x| (x.half_row() - h.half_row()).abs() <= 1 && board.contains(*x))
            .peekable();
        near.peek().is_some() && near.all(|x| board.is_land(x))
    })
}

/// Each sea zone's hex farthest from land (the first in hex order among equals), with
/// that distance: where its label goes.
fn zone_label_hexes(board: &Board) -> BTreeMap<char, (u32, Hex)> {
    let mut best: BTreeMap<char, (u32, Hex)> = BTreeMap::new();
    for (h, info) in board.hexes() {
        let Some(z) = info.sea_zone else { continue };
        let d = distance_to_land(board, h);
        let e = best.entry(z).or_insert((d, h));
        if d > e.0 {
            *e = (d, h);
        }
    }
    best
}

/// How many hexes `h` is from the nearest land hex of the board (0 on a board with no
/// land): the first ring round it that holds one. Rings are searched out to the
/// farthest the board reaches, so the answer is the least distance to any land hex.
fn distance_to_land(board: &Board, h: Hex) -> u32 {
    let land = |x: &Hex| board.terrain(*x).is_some_and(|t| t != Terrain::Sea);
    // Every board hex lies in the box of columns and numbers 1 to the board's extent:
    // the farthest of them from `h` is at one of its corners.
    let (cols, nums) = board.extent();
    let reach = [(1, 1), (1, nums), (cols, 1), (cols, nums)]
        .into_iter()
        .filter_map(|(c, n)| Hex::new(c, n))
        .map(|corner| h.distance(corner))
        .max()
        .unwrap_or(0);
    (1..=reach)
        .find(|&r| h.ring(r).iter().any(land))
        .unwrap_or(0)
}

/// 19.1: each At Sea Box of `sea` as a framed list of its units, under its zone's
/// label, kept on the picture; nothing for an empty list. In the board's coordinates.
pub fn sea_boxes(board: &Board, geo: &Geo, sea: &[SeaBox]) -> String {
    let mut s = String::new();
    // Where the labels go is asked only when a box is drawn: finding them measures
    // every sea hex against every land hex.
    if sea.iter().all(|b| b.units.is_empty()) {
        return s;
    }
    let labels = zone_label_hexes(board);
    let boxes: Vec<(&SeaBox, Hex)> = sea
        .iter()
        .filter(|b| !b.units.is_empty())
        .filter_map(|b| labels.get(&b.zone).map(|(_, h)| (b, *h)))
        .collect();
    if boxes.is_empty() {
        return s;
    }
    s.push_str("<g id=\"at-sea\" font-size=\"4.6\">\n");
    let (w, line) = (44.0, 5.6);
    for (b, h) in boxes {
        let (cx, cy) = geo.centre(h);
        let height = 8.0 + line * b.units.len() as f64;
        let x = (cx - w / 2.0).clamp(2.0, (geo.width - w - 2.0).max(2.0));
        let y = (cy + 8.0).clamp(2.0, (geo.height - height - 2.0).max(2.0));
        let _ = writeln!(
            s,
            r##"<g data-zone="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="1.5" fill="#ffffff" fill-opacity="0.9" stroke="#1f4f7f" stroke-width="0.8"/><text x="{}" y="{}" font-weight="bold" fill="#1f4f7f">AT SEA, ZONE {}</text>"##,
            b.zone,
            f(x),
            f(y),
            f(w),
            f(height),
            f(x + 2.0),
            f(y + 5.6),
            b.zone
        );
        for (i, (side, text)) in b.units.iter().enumerate() {
            let ink = match side {
                Side::Blue => "#2b5cb8",
                Side::Red => "#c0392b",
            };
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" fill="{ink}">{}</text>"#,
                f(x + 2.0),
                f(y + 5.6 + line * (i as f64 + 1.0)),
                esc(text)
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
    s
}

/// One label per sea zone, on its sea hex farthest from land.
fn zone_labels(s: &mut String, board: &Board, geo: &Geo, view: &View) {
    let best = zone_label_hexes(board);
    s.push_str(
        "<g id=\"zone-labels\" fill=\"#1f4f7f\" text-anchor=\"middle\" font-weight=\"bold\">\n",
    );
    for (z, (d, h)) in best {
        let (x, y) = geo.centre(h);
        if !view.near_text((x, y)) {
            continue;
        }
        let size = if d >= 2 { 15.0 } else { 9.0 };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" fill-opacity="0.8">ZONE {z}</text>"#,
            f(x),
            f(y + size / 3.0),
            f(size)
        );
    }
    s.push_str("</g>\n");
}

/// Column letters above and below the board.
fn column_letters(s: &mut String, board: &Board, geo: &Geo) {
    let mut top: BTreeMap<i16, Hex> = BTreeMap::new();
    let mut bottom: BTreeMap<i16, Hex> = BTreeMap::new();
    for (h, _) in board.hexes() {
        top.entry(h.col())
            .and_modify(|t| {
                if h.half_row() < t.half_row() {
                    *t = h
                }
            })
            .or_insert(h);
        bottom
            .entry(h.col())
            .and_modify(|t| {
                if h.half_row() > t.half_row() {
                    *t = h
                }
            })
            .or_insert(h);
    }
    s.push_str("<g id=\"columns\" font-size=\"7\" fill=\"#333333\" text-anchor=\"middle\">\n");
    for (c, h) in &top {
        let (x, _) = geo.centre(*h);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            f(x),
            f(MARGIN - 8.0),
            column_name(*c)
        );
    }
    for (c, h) in &bottom {
        let (x, _) = geo.centre(*h);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            f(x),
            f(geo.height - MARGIN + 16.0),
            column_name(*c)
        );
    }
    s.push_str("</g>\n");
}

fn legend(s: &mut String, board: &Board, geo: &Geo, with_counters: bool) {
    let y0 = geo.height + 4.0;
    let _ = writeln!(
        s,
        r##"<g id="legend" font-size="8" fill="#222222"><text x="{}" y="{}" font-size="11" font-weight="bold">{}</text>"##,
        f(MARGIN),
        f(y0 + 8.0),
        esc(board.name())
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}">Hexes are named by column letters and number (CC15); ids are shown for every 5th number in every other column and on every city. Reconstructed board: see docs/board.md. Each city hex is a separate city.</text>"##,
        f(MARGIN),
        f(y0 + 20.0)
    );
    let mut x = MARGIN;
    let y = y0 + 30.0;
    let swatch = |s: &mut String, x: &mut f64, fill: &str, text: &str| {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="14" height="10" fill="{fill}" stroke="#777777" stroke-width="0.5"/><text x="{}" y="{}">{}</text>"##,
            f(*x),
            f(y),
            f(*x + 17.0),
            f(y + 8.5),
            esc(text)
        );
        *x += 24.0 + 4.6 * text.chars().count() as f64;
    };
    for c in Country::ALL {
        swatch(s, &mut x, country_fill(Some(c)), c.name());
    }
    swatch(s, &mut x, "#a9a9a9", "Neutral Country");
    let mut x = MARGIN;
    let y2 = y + 16.0;
    let swatch2 = |s: &mut String, x: &mut f64, fill: &str, text: &str| {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="14" height="10" fill="{fill}" stroke="#777777" stroke-width="0.5"/><text x="{}" y="{}">{}</text>"##,
            f(*x),
            f(y2),
            f(*x + 17.0),
            f(y2 + 8.5),
            esc(text)
        );
        *x += 24.0 + 4.6 * text.chars().count() as f64;
    };
    swatch2(s, &mut x, "#5f9c4c", "forest");
    swatch2(s, &mut x, "#a77b4f", "mountain");
    swatch2(s, &mut x, "#efd98f", "Koufax Desert");
    swatch2(s, &mut x, "#f3dc7a", "beach");
    swatch2(s, &mut x, "#a9cdea", "sea (zones A-F, dashed boundaries)");
    swatch2(s, &mut x, "#86b8e3", "lake");
    let items: [(&str, &str); 4] = [
        (r##"stroke="#c62f2f" stroke-width="2.2""##, "road"),
        (
            r##"stroke="#2467c8" stroke-width="3""##,
            "river (dot: end of river)",
        ),
        (r##"stroke="#5d5d5d" stroke-width="3.2""##, "border"),
        (r##"stroke="#2f5d8a" stroke-width="1.4""##, "coast"),
    ];
    for (attrs, text) in items {
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/><text x="{}" y="{}">{}</text>"#,
            f(x),
            f(y2 + 5.0),
            f(x + 16.0),
            f(y2 + 5.0),
            f(x + 20.0),
            f(y2 + 8.5),
            esc(text)
        );
        x += 28.0 + 4.6 * text.chars().count() as f64;
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}">City: crossed square; OIL petro-chemical (36.2), IND basic industry (36.3), NAV naval stores (36.4), AIR aircraft city (28.5). Ring in the sea: docking hex of a port (19.4).</text>"##,
        f(MARGIN),
        f(y2 + 24.0)
    );
    if with_counters {
        let y3 = y2 + 36.0;
        let mut x = MARGIN;
        for (fill, text) in [("#2b5cb8", "Great Blue unit"), ("#c0392b", "Big Red unit")] {
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="10" height="10" rx="1.5" fill="{fill}" stroke="#111111" stroke-width="0.8"/><text x="{}" y="{}">{}</text>"##,
                f(x),
                f(y3),
                f(x + 13.0),
                f(y3 + 8.5),
                esc(text)
            );
            x += 20.0 + 4.6 * text.chars().count() as f64;
        }
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}">Counter: type (INF infantry, ARM armor, ART artillery, ABN airborne, AAS air-assault, RGR rangers, or the aircraft type), factors as printed, unit id as written in orders. A stack is fanned out.</text>"##,
            f(x),
            f(y3 + 8.5)
        );
    }
    s.push_str("</g>\n");
}

/// Counters, stacked: each later counter in a hex is drawn a little up and right.
fn counters(s: &mut String, geo: &Geo, marks: &[CounterMark]) {
    if marks.is_empty() {
        return;
    }
    s.push_str("<g id=\"counters\" text-anchor=\"middle\">\n");
    let mut seen: BTreeMap<Hex, usize> = BTreeMap::new();
    let size = 15.0;
    for m in marks {
        let k = seen.entry(m.hex).or_insert(0);
        let off = *k as f64 * 3.0;
        *k += 1;
        let (x, y) = geo.centre(m.hex);
        let (x, y) = (x - size / 2.0 + off, y - size / 2.0 - off);
        let (fill, ink) = match m.side {
            Side::Blue => ("#2b5cb8", "#ffffff"),
            Side::Red => ("#c0392b", "#ffffff"),
        };
        let _ = writeln!(
            s,
            r##"<g><rect x="{}" y="{}" width="{}" height="{}" rx="1.5" fill="{fill}" stroke="#111111" stroke-width="0.8"/><text x="{}" y="{}" font-size="4.6" font-weight="bold" fill="{ink}">{}</text><text x="{}" y="{}" font-size="4.6" fill="{ink}">{}</text><text x="{}" y="{}" font-size="3.6" fill="{ink}">{}</text></g>"##,
            f(x),
            f(y),
            f(size),
            f(size),
            f(x + size / 2.0),
            f(y + 5.0),
            esc(&m.kind_abbrev),
            f(x + size / 2.0),
            f(y + 9.8),
            esc(&m.factors),
            f(x + size / 2.0),
            f(y + 13.8),
            esc(&m.id)
        );
    }
    s.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each sea hex's distance from land found by rings is the least distance to any
    /// land hex, measured against every one of them, on the embedded board.
    #[test]
    fn a_zone_label_goes_to_the_sea_hex_farthest_from_land() {
        let board = Board::embedded();
        let land: Vec<Hex> = board
            .hexes()
            .filter(|(_, i)| i.terrain != Terrain::Sea)
            .map(|(h, _)| h)
            .collect();
        let mut seas = 0;
        for (h, info) in board.hexes() {
            if info.sea_zone.is_none() {
                continue;
            }
            seas += 1;
            let least = land.iter().map(|l| l.distance(h)).min().unwrap();
            assert_eq!(distance_to_land(&board, h), least, "{h}");
        }
        assert!(seas > 100, "{seas} sea hexes");
        let labels = zone_label_hexes(&board);
        assert!(labels.values().any(|(d, _)| *d >= 2), "{labels:?}");
    }

    /// The formatting in integers writes what `format!("{v:.1}")` writes (`0.0` for
    /// a negative zero): coordinates of every size and sign, values a hair either side
    /// of a tie of two tenths, exact ties, and the products and sums of board units
    /// the pictures write.
    #[test]
    fn coordinates_are_written_as_format_writes_them() {
        let reference = |v: f64| {
            let t = format!("{v:.1}");
            if t == "-0.0" {
                "0.0".to_string()
            } else {
                t
            }
        };
        let mut values = vec![
            0.0,
            -0.0,
            0.05,
            -0.05,
            0.25,
            0.35,
            -0.25,
            2.5,
            1e7,
            -1e7,
            99_999_999.95,
            1e13,
            1e15,
            123_456_789.95,
            f64::NAN,
            f64::INFINITY,
            f64::MIN_POSITIVE,
        ];
        for i in -40_000..40_000 {
            let v = f64::from(i);
            values.push(v / 1000.0);
            values.push(v / 100.0 + 0.05);
            values.push(v * HEX_RADIUS / 7.0);
            values.push(v * HALF * 0.3 + 0.049_999_999_9);
            values.push(v * 3.5 / 13.0 - 0.050_000_000_1);
        }
        for v in values {
            assert_eq!(f(v), reference(v), "{v:e}");
        }
    }
}
