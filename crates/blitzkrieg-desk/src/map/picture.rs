//! The picture of one player-turn, as one SVG document ready to be drawn to PNG: a
//! title (game, player-turn), the area of the turn's action at a scale where every hex
//! id, counter id and factor reads at 100%, and beside it a small overview of the
//! whole board with that area outlined, a key and the list of battles. Drawn over the
//! board's pixels made when the binary was built, it is two documents ([`Over`]).

use super::action::Action;
use super::draw;
use super::labels;
use crate::map::bombed::Damage;
use crate::svg::{self, esc, f, CounterMark, Geo, SeaBox, HEX_HALF_HEIGHT, HEX_RADIUS};
use blitzkrieg::board::Board;
use blitzkrieg::hex::Hex;
use blitzkrieg::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Pixels per board unit in the area of action: hex ids and counter strips come out
/// at about 10 pixels.
pub const DETAIL_SCALE: f64 = super::backdrop::DETAIL_SCALE;
/// The height in pixels of a hex id in a home country drawn whole for its set-up.
const SETUP_ID_PIXELS: f64 = 8.5;
/// The largest area of action drawn, in board units (about 15 columns by 12 rows);
/// [`Scene::fit`] shrinks it.
const MAX_W: f64 = 320.0;
const MAX_H: f64 = 290.0;
/// The smallest, so that a lone move still shows its surroundings.
const MIN_W: f64 = 190.0;
const MIN_H: f64 = 150.0;
/// Width of the overview, in pixels.
const OVERVIEW_W: f64 = super::backdrop::OVERVIEW_W;
const PAD: f64 = 14.0;
const TITLE_H: f64 = 52.0;

/// A rectangle of the board, in its own units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// Pixels per board unit: [`DETAIL_SCALE`], or less for a home country drawn whole
    /// for its set-up ([`home_window`]).
    pub scale: f64,
}

impl Window {
    /// Where a point of the board (in its own units) lands on the picture, in pixels.
    pub fn pixel(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            PAD + (x - self.x) * self.scale,
            TITLE_H + (y - self.y) * self.scale,
        )
    }

    /// Whether this is a whole home country drawn smaller for its set-up
    /// ([`home_window`]): flat colours, crisp edges, larger ids.
    pub fn is_whole_country(&self) -> bool {
        self.scale < DETAIL_SCALE
    }

    fn contains(&self, (x, y): (f64, f64)) -> bool {
        x >= self.x && x <= self.x + self.w && y >= self.y && y <= self.y + self.h
    }
}

/// What the picture is of.
pub struct Scene<'a> {
    pub board: &'a Board,
    /// "BLITZKRIEG  game demo  player-turn 2-Blue"
    pub title: String,
    /// One line under the title.
    pub subtitle: String,
    pub marks: &'a [CounterMark],
    /// 19.1: the units in each zone's At Sea Box (optional rule 19).
    pub at_sea: &'a [SeaBox],
    pub action: &'a Action,
    /// The side to move next: a turn that did nothing shows its home country.
    pub next: Option<Side>,
    /// 3.3-3.4: the side to set up next, whose home country the picture shows whole
    /// (none when the next step is not a set-up).
    pub setting_up: Option<Side>,
    /// The side whose player-turn (or set-up) the picture shows: the key's colours
    /// are its moves' and its enemy's retreats'. Blue's when none moved yet.
    pub moved: Option<Side>,
    /// The share of the largest area of action to draw at most (1.0: all of it).
    pub fit: f64,
    /// 29: the minor countries' status (Tournament Game; empty otherwise).
    pub minors: &'a blitzkrieg::minor::Minors,
    // 33: additional bombing missions (optional rule).
    /// 33.3-33.5: the PX, RCX and SRIX markers (empty without rule 33).
    pub hex_marks: &'a BTreeMap<Hex, BTreeSet<blitzkrieg::marker::HexMarker>>,
    /// 52.4: BLITZKRIEG '85's damage on each bombed facility (empty otherwise): its
    /// marker is noted with the damage left, not with 33's time.
    pub damage: &'a Damage,
    /// 33.2: the markers on units (the inverted aircraft are noted).
    pub unit_marks: &'a BTreeMap<UnitId, BTreeSet<blitzkrieg::marker::UnitMarker>>,
    // 35 (optional rule)
    /// 35: each sea zone's naval points and state (empty without rule 35).
    pub ascendancy: &'a blitzkrieg::ascendancy::Ascendancy,
    // 32: air combat (optional rule).
    /// 32.7, 33.7: the patrol and patrol/interdiction zones standing when the
    /// player-turn ends (none without rule 32).
    pub patrol_zones: &'a [crate::map::air::Zone],
    // 49: airfields (BLITZKRIEG '85).
    /// 49.3, 49.5: the airfields on the board and their owners (none in a game
    /// without them).
    pub airfields: &'a BTreeMap<Hex, Side>,
}

/// The area of action: the window of at most [`MAX_W`] x [`MAX_H`] that holds the
/// most weight of the action's hexes (battles first) and of the reader's units near it
/// ([`readers_near`]), grown to its hexes' bounds plus
/// a hex all round, at least [`MIN_W`] x [`MIN_H`], kept on the board. When the turn
/// did nothing on the map, the same over the counters, and with no counters over the
/// home country of the side to move next; `None` when there is none of these.
pub fn area(board: &Board, geo: &Geo, scene: &Scene) -> Option<Window> {
    if let Some(side) = scene.setting_up {
        return home_window(board, geo, side);
    }
    let mut weights = scene.action.weighted_hexes();
    readers_near(&mut weights, scene);
    if weights.is_empty() {
        for m in scene.marks {
            *weights.entry(m.hex).or_insert(0) += 1;
        }
    }
    if weights.is_empty() {
        for (h, _) in board.hexes() {
            if scene.next.is_some() && board.home_of(h) == scene.next {
                weights.insert(h, 1);
            }
        }
    }
    weights.retain(|h, _| board.hex(*h).is_some());
    let pts: Vec<((f64, f64), u32)> = weights.iter().map(|(h, w)| (geo.centre(*h), *w)).collect();
    if pts.is_empty() {
        return None;
    }
    let fit = scene.fit.clamp(0.3, 1.0);
    let (fit_w, fit_h) = (MAX_W * fit - 2.0 * PAD_HEX_X, MAX_H * fit - 2.0 * PAD_HEX_Y);
    // Candidate windows start at a hex column and a hex row of the action; among
    // windows holding as much, the one centred nearest the action's centre of weight.
    let total: f64 = pts.iter().map(|(_, k)| f64::from(*k)).sum();
    let centre = (
        pts.iter().map(|(p, k)| p.0 * f64::from(*k)).sum::<f64>() / total,
        pts.iter().map(|(p, k)| p.1 * f64::from(*k)).sum::<f64>() / total,
    );
    let mut xs: Vec<f64> = pts.iter().map(|(p, _)| p.0).collect();
    let mut ys: Vec<f64> = pts.iter().map(|(p, _)| p.1).collect();
    for v in [&mut xs, &mut ys] {
        v.sort_by(f64::total_cmp);
        v.dedup();
    }
    let mut best: Option<(u32, f64, Window)> = None;
    for x0 in &xs {
        for y0 in &ys {
            let w = Window {
                x: *x0,
                y: *y0,
                w: fit_w,
                h: fit_h,
                scale: DETAIL_SCALE,
            };
            let sum: u32 = pts
                .iter()
                .filter(|(p, _)| w.contains(*p))
                .map(|(_, k)| k)
                .sum();
            let off = (w.x + w.w / 2.0 - centre.0).powi(2) + (w.y + w.h / 2.0 - centre.1).powi(2);
            if best.is_none_or(|(b, d, _)| sum > b || (sum == b && off < d)) {
                best = Some((sum, off, w));
            }
        }
    }
    let (_, _, win) = best?;
    let inside: Vec<(f64, f64)> = pts
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| win.contains(*p))
        .collect();
    let min_x = inside.iter().map(|p| p.0).fold(f64::MAX, f64::min) - PAD_HEX_X;
    let max_x = inside.iter().map(|p| p.0).fold(f64::MIN, f64::max) + PAD_HEX_X;
    let min_y = inside.iter().map(|p| p.1).fold(f64::MAX, f64::min) - PAD_HEX_Y;
    let max_y = inside.iter().map(|p| p.1).fold(f64::MIN, f64::max) + PAD_HEX_Y;
    let (x, w) = grow(min_x, max_x, MIN_W, geo.width);
    let (y, h) = grow(min_y, max_y, MIN_H, geo.height);
    Some(Window {
        x,
        y,
        w,
        h,
        scale: DETAIL_SCALE,
    })
}

/// 3.3-3.4: the home country of the side to set up, whole, with a hex all round, at
/// the largest scale up to [`DETAIL_SCALE`] at which it takes no more room than the
/// largest area of action; `None` for a board without that country.
pub fn home_window(board: &Board, geo: &Geo, side: Side) -> Option<Window> {
    let pts: Vec<(f64, f64)> = board
        .hexes()
        .filter(|(h, _)| board.home_of(*h) == Some(side))
        .map(|(h, _)| geo.centre(h))
        .collect();
    if pts.is_empty() {
        return None;
    }
    let lo = |k: fn(&(f64, f64)) -> f64| pts.iter().map(k).fold(f64::MAX, f64::min);
    let hi = |k: fn(&(f64, f64)) -> f64| pts.iter().map(k).fold(f64::MIN, f64::max);
    let (x, w) = grow(
        lo(|p| p.0) - PAD_HEX_X,
        hi(|p| p.0) + PAD_HEX_X,
        MIN_W,
        geo.width,
    );
    let (y, h) = grow(
        lo(|p| p.1) - PAD_HEX_Y,
        hi(|p| p.1) + PAD_HEX_Y,
        MIN_H,
        geo.height,
    );
    let scale = DETAIL_SCALE
        .min(MAX_W * DETAIL_SCALE / w)
        .min(MAX_H * DETAIL_SCALE / h);
    Some(Window { x, y, w, h, scale })
}

/// How near the action the reader's units are drawn with it, in hexes.
const READER_NEAR: u32 = 6;

/// The units of the side to move next (the reader of the mail) within
/// [`READER_NEAR`] hexes of the action, each hex with the least weight: the area
/// takes them in when it can, the action first.
fn readers_near(
    weights: &mut std::collections::BTreeMap<blitzkrieg::hex::Hex, u32>,
    scene: &Scene,
) {
    let Some(reader) = scene.next else {
        return;
    };
    let action: Vec<blitzkrieg::hex::Hex> = weights.keys().copied().collect();
    if action.is_empty() {
        return;
    }
    for m in scene.marks.iter().filter(|m| m.side == reader) {
        if action.iter().any(|a| a.distance(m.hex) <= READER_NEAR) {
            weights.entry(m.hex).or_insert(1);
        }
    }
}

/// One hex and a half beyond the outermost centres: the neighbouring hexes show whole.
const PAD_HEX_X: f64 = 2.5 * HEX_RADIUS;
const PAD_HEX_Y: f64 = 3.0 * HEX_HALF_HEIGHT;

/// An interval grown about its middle to at least `min`, then moved inside `0..limit`.
pub(super) fn grow(lo: f64, hi: f64, min: f64, limit: f64) -> (f64, f64) {
    let len = (hi - lo).max(min).min(limit);
    let mid = (lo + hi) / 2.0;
    let start = (mid - len / 2.0).clamp(0.0, (limit - len).max(0.0));
    (start, len)
}

/// The picture as an SVG document, in pixels.
pub fn render(scene: &Scene) -> String {
    render_layers(scene, Layers::Window)
}

/// The picture drawn over the board's pixels made when the binary was built
/// ([`render_over`]): two SVG documents and where [`super::backdrop`]'s pixels go.
#[derive(Clone, Debug, PartialEq)]
pub struct Over {
    /// The picture without the board's own drawing, the small map's, the paper under
    /// them or the picture's white, and without the area of action's marks: the
    /// title, the small map's marks, the key, the area's frame.
    pub frame: String,
    /// The area of action's marks (the counters, the turn's moves and battles, the
    /// hex ids), in a document the size of the area in pixels: drawn on the board's
    /// pixels of the area, whose edge cuts them, and laid on the picture at
    /// [`Placement::detail_at`](super::backdrop::Placement).
    pub area: String,
    /// Where the board's pixels go.
    pub at: super::backdrop::Placement,
    /// The picture's width and height in pixels, [`Over::frame`]'s: the picture is
    /// made, and the area drawn on it, before the frame is read.
    pub size: (u32, u32),
}

/// The picture as [`Over`]'s two SVG documents, and where [`super::backdrop`]'s
/// pixels of the board go under them: the same picture, drawn over the pixels made
/// when the binary was built. `None` when the picture has no area of action at
/// [`DETAIL_SCALE`] (a home country drawn whole for its set-up, a board without
/// counters or action): those are drawn whole ([`render`]).
pub fn render_over(scene: &Scene) -> Option<Over> {
    let geo = Geo::of(scene.board);
    let w = shown(scene.board, &geo, scene).filter(|w| !w.is_whole_country())?;
    let px = |v: f64| super::backdrop::pixels(v.round());
    let at = super::backdrop::Placement {
        detail: (
            px(w.x * w.scale),
            px(w.y * w.scale),
            px(w.w * w.scale),
            px(w.h * w.scale),
        ),
        detail_at: (px(PAD), px(TITLE_H)),
        overview_at: (
            px(overview_x(w.w * w.scale)) - super::backdrop::OVERVIEW_MARGIN,
            px(TITLE_H) - super::backdrop::OVERVIEW_MARGIN,
        ),
    };
    let (frame, area, (width, height)) = render_parts(scene, Layers::Over);
    Some(Over {
        frame,
        area,
        at,
        size: (px(width), px(height)),
    })
}

/// Where the small map begins, right of an area of action `dw` pixels wide.
fn overview_x(dw: f64) -> f64 {
    PAD + dw + PAD
}

/// The area of action ([`area`]) the picture shows: at [`DETAIL_SCALE`], its corner
/// and its size moved to whole multiples of [`SNAP`] board units, so that it starts
/// and ends on whole pixels (coordinates are written to a tenth of a unit, and 3.5
/// pixels a unit makes a multiple of 2 units 7 pixels), where the board's pixels made
/// when the binary was built ([`super::backdrop`]) lie on the picture's pixels. A
/// home country drawn whole for its set-up is shown as it is.
pub fn shown(board: &Board, geo: &Geo, scene: &Scene) -> Option<Window> {
    area(board, geo, scene).map(|w| snapped(geo, w))
}

/// The step the area of action is moved by to lie on whole pixels, in board units.
const SNAP: f64 = 2.0;

/// `w` moved to whole multiples of [`SNAP`] ([`shown`]), kept on the board.
fn snapped(geo: &Geo, w: Window) -> Window {
    if w.is_whole_country() {
        return w;
    }
    let step = |lo: f64, len: f64, limit: f64| {
        let start = (lo / SNAP).floor() * SNAP;
        let room = ((limit - start) / SNAP).floor() * SNAP;
        let len = (((lo + len - start) / SNAP).round() * SNAP).min(room);
        (start, len)
    };
    let (x, ww) = step(w.x, w.w, geo.width);
    let (y, hh) = step(w.y, w.h, geo.height);
    Window {
        x,
        y,
        w: ww,
        h: hh,
        scale: w.scale,
    }
}

/// How much of the board's own drawing the area of action is given.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layers {
    /// What meets the area ([`svg::View`]): the picture drawn.
    Window,
    /// The whole board, clipped to the area: the same pixels, drawn the long way (for
    /// the tests that compare the two).
    #[cfg_attr(not(test), allow(dead_code))]
    Whole,
    /// None of the board's own drawing, nor the paper under it or the picture's white:
    /// the picture drawn over [`super::backdrop`]'s pixels ([`render_over`]).
    Over,
}

fn render_layers(scene: &Scene, drawn: Layers) -> String {
    render_parts(scene, drawn).0
}

/// The picture's SVG document, for [`Layers::Over`] the area of action's own
/// ([`Over::area`]; empty for the others), and the picture's width and height.
fn render_parts(scene: &Scene, drawn: Layers) -> (String, String, (f64, f64)) {
    let geo = Geo::of(scene.board);
    let window = shown(scene.board, &geo, scene);
    let (dw, dh) = match window {
        Some(w) => (w.w * w.scale, w.h * w.scale),
        None => (geo.width, geo.height),
    };
    let right_x = overview_x(dw);
    let over = drawn == Layers::Over;
    let so = OVERVIEW_W / geo.width;
    let oh = geo.height * so;
    let mut side = String::new();
    let side_h = side_column(&mut side, scene, right_x, TITLE_H + oh + 10.0);
    let width = right_x + OVERVIEW_W + PAD;
    let height = (TITLE_H + dh.max(oh + 10.0 + side_h) + PAD).ceil();
    let mut s = String::new();
    let mut area = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans">"#,
        w = f(width.ceil()),
        h = f(height)
    );
    if !over {
        let _ = writeln!(
            s,
            r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
            f(width.ceil()),
            f(height)
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="24" font-size="19" font-weight="bold" fill="#111111">{}</text><text x="{}" y="42" font-size="12.5" fill="#333333">{}</text>"##,
        f(PAD),
        esc(&scene.title),
        f(PAD),
        esc(&scene.subtitle)
    );
    match window {
        Some(w) => {
            let view = match drawn {
                Layers::Window | Layers::Over => svg::View::window(&geo, w.x, w.y, w.w, w.h),
                Layers::Whole => svg::View::ALL,
            };
            // A home country drawn whole for its set-up: flat colours, no symbols.
            let layers = if over {
                None
            } else if w.is_whole_country() {
                Some(svg::flat_layers_in(scene.board, &geo, true, &view))
            } else {
                Some(svg::layers_in(scene.board, &geo, false, &view))
            };
            area = detail(&mut s, scene, &geo, layers.as_deref(), w, over);
        }
        None => {
            let _ = writeln!(
                s,
                r#"<g transform="translate({} {})">{}</g>"#,
                f(PAD),
                f(TITLE_H),
                svg::layers(scene.board, &geo, true)
            );
        }
    }
    // The overview: the whole board, the occupied hexes, the area of action outlined.
    if over {
        let _ = write!(
            s,
            r#"<g class="overview" transform="translate({} {}) scale({})">"#,
            f(right_x),
            f(TITLE_H),
            so
        );
    } else {
        s.push_str(&super::backdrop::overview_group(
            &geo,
            scene.board,
            right_x,
            TITLE_H,
        ));
    }
    let _ = writeln!(s, "{}", draw::occupied(&geo, scene.marks));
    // 35: the sea zones tinted by their state, each named by its letter.
    let _ = write!(
        s,
        "{}{}",
        crate::map::ascendancy::tints(scene.board, &geo, scene.ascendancy, |_| true),
        crate::map::ascendancy::letters(scene.board, &geo, scene.ascendancy, 11.0 / so)
    );
    if let Some(w) = window {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#111111" stroke-width="{}"/>"##,
            f(w.x),
            f(w.y),
            f(w.w),
            f(w.h),
            f(2.0 / so)
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="none" stroke="#555555" stroke-width="{}"/></g>"##,
        f(geo.width),
        f(geo.height),
        f(1.0 / so)
    );
    s.push_str(&side);
    s.push_str("</svg>\n");
    (s, area, (width.ceil(), height))
}

/// The area of action, clipped and scaled, framed; the board's own drawing under it
/// is `layers`. Drawn `over` the board's pixels, the area's marks are its own
/// document ([`Over::area`]), returned, and `s` holds only the frame.
fn detail(
    s: &mut String,
    scene: &Scene,
    geo: &Geo,
    layers: Option<&str>,
    w: Window,
    over: bool,
) -> String {
    // Hex ids come out at the same pixel size whatever the scale: a home country drawn
    // whole writes them larger, in the middle of the hex.
    let ids_style = if w.is_whole_country() {
        let size = SETUP_ID_PIXELS / w.scale;
        draw::IdStyle {
            size,
            above: HEX_HALF_HEIGHT - size - 0.5,
            crisp: true,
        }
    } else {
        draw::IdStyle::DETAIL
    };
    let ids = draw::hex_ids_sized(
        scene.board,
        geo,
        scene.board.hexes().map(|(h, _)| h).filter(|h| {
            // A set-up names the hexes of the home country alone (3.3-3.4).
            in_window(geo, w, *h)
                && scene
                    .setting_up
                    .is_none_or(|side| scene.board.home_of(*h) == Some(side))
        }),
        ids_style,
    );
    let markers = placed_markers(geo, scene);
    // A home country drawn whole for its set-up is drawn without smoothing edges:
    // many more hexes in the same bytes.
    let crisp = if w.is_whole_country() {
        r#" shape-rendering="crispEdges""#
    } else {
        ""
    };
    // 29.4 reduced cities; 33.3-33.5 bombed hexes.
    let overlays = crate::map::minor::reduced_marks(geo, scene.minors)
        + &crate::map::bombed::marks(geo, scene.hex_marks);
    // 35: the sea zones tinted by their state.
    let tints =
        crate::map::ascendancy::tints(scene.board, geo, scene.ascendancy, |h| in_window(geo, w, h));
    // 49: the airfields, under the counters.
    let tints = tints + &crate::map::airfield::marks(geo, scene.airfields);
    let marks = format!(
        "{tints}{}{}{ids}{}{}{}{}",
        draw::battle_rings(geo, &scene.action.battles, &scene.action.avs)
            + &crate::map::air::zones(geo, scene.patrol_zones)
            + &crate::map::air::hunts(geo, &scene.action.hunts),
        draw::path_lines(geo, &scene.action.paths),
        draw::stacks(geo, scene.marks, &scene.action.lost),
        draw::path_heads(geo, &scene.action.paths),
        markers,
        overlays,
    );
    let mut area = String::new();
    if over {
        // The area's own document: its edge cuts the marks as the clip does, with no
        // layer of the picture's size between them and the board's pixels.
        let (dw, dh) = (f(w.w * w.scale), f(w.h * w.scale));
        let _ = writeln!(
            area,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{dw}" height="{dh}" viewBox="0 0 {dw} {dh}" font-family="DejaVu Sans"><g class="detail" transform="scale({}) translate({} {})"{crisp}>{marks}</g></svg>"#,
            f(w.scale),
            f(-w.x),
            f(-w.y),
        );
    } else {
        // The board's layers, drawn at three-quarter opacity, are drawn into a layer
        // of their own: clipped to the area grown by LAYER_MARGIN, that layer is the
        // size of the area, not of the whole board (42 MB of the picture of the
        // demo's 06-3-blue). The area's own clip still cuts the edge.
        let _ = writeln!(
            s,
            r##"<defs><clipPath id="area"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath><clipPath id="layer"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath></defs>"##,
            f(w.x),
            f(w.y),
            f(w.w),
            f(w.h),
            f(w.x - LAYER_MARGIN),
            f(w.y - LAYER_MARGIN),
            f(w.w + 2.0 * LAYER_MARGIN),
            f(w.h + 2.0 * LAYER_MARGIN)
        );
        let board = match layers {
            Some(layers) => format!(
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/><g clip-path="url(#layer)" opacity="0.75">{layers}</g>"##,
                f(w.x),
                f(w.y),
                f(w.w),
                f(w.h),
                super::backdrop::PAPER
            ),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            r##"<g class="detail" transform="translate({} {}) scale({}) translate({} {})"{crisp}><g clip-path="url(#area)">{board}{marks}</g></g>"##,
            f(PAD),
            f(TITLE_H),
            f(w.scale),
            f(-w.x),
            f(-w.y),
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#555555" stroke-width="1"/>"##,
        f(PAD),
        f(TITLE_H),
        f(w.w * w.scale),
        f(w.h * w.scale)
    );
    area
}

/// How far beyond the area of action the layer of the board's drawing reaches, in
/// board units: its own clipped edge lies outside the area's, which alone cuts the
/// picture.
const LAYER_MARGIN: f64 = 4.0;

/// Whether hex `h` shows, even in part, in the window `w`.
fn in_window(geo: &Geo, w: Window, h: Hex) -> bool {
    let (x, y) = geo.centre(h);
    x > w.x - HEX_RADIUS
        && x < w.x + w.w + HEX_RADIUS
        && y > w.y - HEX_RADIUS
        && y < w.y + w.h + HEX_RADIUS
}

/// The battles', automatic victories' and strikes' markers, each label placed where
/// it covers no counter, hex id, attack arrow or other label if it can
/// ([`super::labels`]).
fn placed_markers(geo: &Geo, scene: &Scene) -> String {
    let action = scene.action;
    let attacks: Vec<(blitzkrieg::hex::Hex, &[blitzkrieg::hex::Hex])> = action
        .battles
        .iter()
        .map(|b| (b.target, b.from.as_slice()))
        .chain(action.avs.iter().map(|v| (v.hex, v.from.as_slice())))
        .chain(action.strikes.iter().map(|t| (t.target, t.from.as_slice())))
        .chain(
            action
                .fights
                .iter()
                .map(|x| (x.hex, &[] as &[blitzkrieg::hex::Hex])),
        )
        .chain(
            action
                .supplies
                .iter()
                .map(|x| (x.hex, &[] as &[blitzkrieg::hex::Hex])),
        )
        .collect();
    let strips = labels::strip_counts(scene.marks, action.lost.iter().map(|l| l.hex));
    let mut placer = labels::Placer::new(geo, &strips, attacks.iter().map(|(h, _)| *h));
    for r in draw::arrow_boxes(geo, &attacks) {
        placer.avoid(r);
    }
    let mut place = |at: (f64, f64), w: f64, below: f64| placer.place(at, w, below);
    let mut out = draw::battles_placed(geo, &action.battles, &mut place);
    out.push_str(&draw::avs_placed(geo, &action.avs, &mut place));
    out.push_str(&draw::strikes_placed(geo, &action.strikes, &mut place));
    out.push_str(&draw::fights_placed(geo, &action.fights, &mut place));
    out.push_str(&draw::supplies_placed(geo, &action.supplies, &mut place));
    out
}

/// The sides the key's lines are drawn for: the side that moved (its moves, advances,
/// flights) and its enemy (whose units retreat from its attacks); Blue first when
/// none has moved yet.
fn key_inks(moved: Option<Side>) -> (Side, Side) {
    let ours = moved.unwrap_or(Side::Blue);
    (ours, ours.other())
}

/// The key and the list of battles under the overview; returns its height.
fn side_column(s: &mut String, scene: &Scene, x: f64, top: f64) -> f64 {
    let mut y = top + 14.0;
    let line = |s: &mut String, y: &mut f64, size: f64, bold: bool, text: &str| {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{}"{} fill="#222222">{}</text>"##,
            f(x),
            f(*y),
            f(size),
            if bold { r#" font-weight="bold""# } else { "" },
            esc(text)
        );
        *y += size + 5.0;
    };
    line(s, &mut y, 13.0, true, "Key");
    let (ours, theirs) = key_inks(scene.moved);
    let move_text = format!("move ({}), arrow at the end", ours.name());
    let retreat_text = format!("retreat ({})", theirs.name());
    let (ours, theirs) = (draw::ink(ours), draw::ink(theirs));
    let mut samples: Vec<(&str, &str, &str)> = vec![
        ("", ours, &move_text),
        (r#" stroke-dasharray="7,5""#, theirs, &retreat_text),
        (r#" stroke-dasharray="2,4""#, ours, "advance after combat"),
        (
            r#" stroke-dasharray="14,6""#,
            ours,
            "air transport, airdrop",
        ),
        (
            r#" stroke-dasharray="9,3,2.4,3""#,
            ours,
            "by sea: landing, invasion, to sea",
        ),
        (
            r#" stroke-dasharray="1.8,2.7,9,2.7""#,
            ours,
            "aircraft: mission, change of base",
        ),
    ];
    // 50.74: an air supply dropped, when the picture shows one.
    if scene
        .action
        .paths
        .iter()
        .any(|p| p.track == super::action::Track::Supply)
    {
        samples.push((
            r#" stroke-dasharray="14,4,3,4,3,4""#,
            ours,
            "air supply dropped (50.74), from base",
        ));
    }
    for (dash, ink, text) in samples {
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{ink}" stroke-width="4"{dash}/><text x="{}" y="{}" font-size="11.5" fill="#222222">{}</text>"##,
            f(x),
            f(y - 4.0),
            f(x + 34.0),
            f(y - 4.0),
            f(x + 42.0),
            f(y),
            esc(text)
        );
        y += 17.0;
    }
    for text in [
        "Strip: factors and unit id; badge: units in the hex",
        "Grey, struck through: lost this player-turn",
        "Orange ring: every hex of a battle; label beside it: id, odds, result",
        "Purple ring: automatic victory (21); label: odds",
        "Red dashed ring: BBT or city attack (MCRT); label: result",
        "Small map: the whole board, the area above outlined",
    ] {
        line(s, &mut y, 11.5, false, text);
    }
    // 32, 33.7: air combat, hunts and patrol zones, when the picture shows any.
    for text in crate::map::air::key(
        &scene.action.fights,
        &scene.action.hunts,
        scene.patrol_zones,
    ) {
        line(s, &mut y, 11.5, false, text);
    }
    // 50.7: the hexes supplied by air, when the picture shows any.
    if !scene.action.supplies.is_empty() {
        line(
            s,
            &mut y,
            11.5,
            false,
            "Green dashed ring: supplied by air (50.7); label: drop or landed",
        );
    }
    let placed: Vec<String> = scene
        .action
        .placed
        .iter()
        .map(|(h, units)| {
            let ids: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
            format!("{} at {h}", ids.join(", "))
        })
        .collect();
    if !placed.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Placed");
        for p in placed.iter().take(12) {
            line(s, &mut y, 11.5, false, p);
        }
        if placed.len() > 12 {
            line(
                s,
                &mut y,
                11.5,
                false,
                &format!("and {} hexes more", placed.len() - 12),
            );
        }
    }
    if !scene.at_sea.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "At sea (19.1)");
        for b in scene.at_sea {
            let ids: Vec<&str> = b
                .units
                .iter()
                .map(|(_, t)| t.split(' ').next().unwrap_or(t))
                .collect();
            line(
                s,
                &mut y,
                11.5,
                false,
                &format!("Zone {}: {}", b.zone, ids.join(", ")),
            );
        }
    }
    let bombed = crate::map::bombed::notes(scene.hex_marks, scene.damage, scene.unit_marks);
    if !bombed.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Bombing (33)");
        for m in &bombed {
            line(s, &mut y, 11.5, false, m);
        }
    }
    let airfields = crate::map::airfield::notes(scene.airfields);
    if !airfields.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Airfields (49)");
        for m in &airfields {
            line(s, &mut y, 11.5, false, m);
        }
    }
    // 35: the state of each sea zone, as the player-turn marked it.
    if !scene.ascendancy.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Naval ascendancy (35)");
        for text in crate::map::ascendancy::KEY {
            line(s, &mut y, 11.5, false, text);
        }
        for (zone, z) in &scene.ascendancy.zones {
            let text = format!(
                "Zone {zone}: {} (Blue {}, Red {})",
                z.describe(),
                z.blue,
                z.red
            );
            line(s, &mut y, 11.5, false, &text);
        }
    }
    let minors = crate::map::minor::notes(scene.minors);
    if !minors.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Minor countries (29)");
        for m in &minors {
            line(s, &mut y, 11.5, false, m);
        }
    }
    if !scene.action.lost.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Lost");
        for l in &scene.action.lost {
            line(s, &mut y, 11.5, false, &format!("{} in {}", l.unit, l.hex));
        }
    }
    if !scene.action.battles.is_empty() {
        y += 6.0;
        line(s, &mut y, 13.0, true, "Battles");
        for b in &scene.action.battles {
            line(
                s,
                &mut y,
                11.5,
                false,
                &format!(
                    "{} on {}: {} to {}, odds {}, {}, {}",
                    b.id, b.target, b.record.attack, b.record.defence, b.odds, b.roll, b.result
                ),
            );
        }
    }
    y - top
}

#[cfg(test)]
mod tests {
    use super::*;
    use blitzkrieg::board::Country;
    use blitzkrieg::sketch::Sketch;

    /// A scene of `action` on `board` with nothing else in it.
    fn scene<'a>(
        board: &'a Board,
        action: &'a Action,
        ascendancy: &'a blitzkrieg::ascendancy::Ascendancy,
    ) -> Scene<'a> {
        const NO_MINORS: &blitzkrieg::minor::Minors = &blitzkrieg::minor::Minors::new();
        const NO_HEX_MARKS: &BTreeMap<Hex, BTreeSet<blitzkrieg::marker::HexMarker>> =
            &BTreeMap::new();
        const NO_UNIT_MARKS: &BTreeMap<UnitId, BTreeSet<blitzkrieg::marker::UnitMarker>> =
            &BTreeMap::new();
        const NO_AIRFIELDS: &BTreeMap<Hex, Side> = &BTreeMap::new();
        const NO_DAMAGE: &Damage = &BTreeMap::new();
        Scene {
            board,
            title: String::new(),
            subtitle: String::new(),
            marks: &[],
            at_sea: &[],
            action,
            next: None,
            setting_up: None,
            moved: None,
            fit: 1.0,
            minors: NO_MINORS,
            hex_marks: NO_HEX_MARKS,
            damage: NO_DAMAGE,
            unit_marks: NO_UNIT_MARKS,
            ascendancy,
            patrol_zones: &[],
            airfields: NO_AIRFIELDS,
        }
    }

    #[test]
    fn an_interval_grows_to_its_minimum_and_stays_on_the_board() {
        assert_eq!(grow(10.0, 20.0, 50.0, 100.0), (0.0, 50.0));
        assert_eq!(grow(90.0, 99.0, 50.0, 100.0), (50.0, 50.0));
        assert_eq!(grow(40.0, 60.0, 10.0, 100.0), (40.0, 20.0));
        assert_eq!(grow(0.0, 500.0, 10.0, 100.0), (0.0, 100.0));
    }

    #[test]
    fn the_area_holds_the_battle_rather_than_a_lone_move_far_away() {
        let board = Sketch::land(1..=60, 1..=60, Country::GreatBlue).build();
        let geo = Geo::of(&board);
        let h = |c: i16, n: i16| blitzkrieg::hex::Hex::new(c, n).unwrap();
        let unit = vec![blitzkrieg::units::UnitId::new("B-1IN").unwrap()];
        let mut action = Action::default();
        action.placed.insert(h(2, 2), unit.clone());
        for n in 50..=52 {
            action.placed.insert(h(50, n), unit.clone());
        }
        let none = blitzkrieg::ascendancy::Ascendancy::default();
        let scene = scene(&board, &action, &none);
        let w = area(&board, &geo, &scene).unwrap();
        assert!(w.contains(geo.centre(h(50, 51))));
        assert!(!w.contains(geo.centre(h(2, 2))));
        assert!(w.w >= MIN_W && w.w <= MAX_W && w.h >= MIN_H && w.h <= MAX_H);
    }

    /// 49.3: an airfield in the area of action is drawn in its owner's colour and the
    /// key names it; the same picture without airfields draws no runway and has no
    /// such key line, the bytes it had before.
    #[test]
    fn an_airfield_is_drawn_and_keyed_only_when_there_is_one_49() {
        let board = Sketch::land(1..=30, 1..=30, Country::GreatBlue).build();
        let h = |c: i16, n: i16| blitzkrieg::hex::Hex::new(c, n).unwrap();
        let mut action = Action::default();
        let unit = vec![blitzkrieg::units::UnitId::new("B-1IN").unwrap()];
        action.placed.insert(h(10, 10), unit);
        let none = blitzkrieg::ascendancy::Ascendancy::default();
        let plain = render(&scene(&board, &action, &none));
        let fields = BTreeMap::from([(h(11, 10), Side::Red)]);
        let mut with = scene(&board, &action, &none);
        with.airfields = &fields;
        let drawn = render(&with);
        assert!(!plain.contains("airfield") && !plain.contains("Airfields (49)"));
        let runway = crate::map::airfield::marks(&Geo::of(&board), &fields);
        assert!(drawn.contains(runway.trim_end()), "{runway}");
        assert!(runway.contains(draw::ink(Side::Red)));
        assert!(drawn.contains(">Airfields (49)<"));
        assert!(drawn.contains(&format!(">{}: Red's<", h(11, 10))));
    }

    /// 32.31, 32.32, 32.5, 32.7, 33.7: a flight is drawn along the route written for it,
    /// in its side's colour, through each of the route's hexes; the air combat over its
    /// target is labelled with what each fire took; the hunters' search hex is circled;
    /// a patrol/interdiction zone is outlined; the key says so. A picture without them
    /// says nothing of them.
    #[test]
    fn a_flight_is_drawn_along_its_route_with_its_interception_32() {
        use crate::map::air::Zone;
        use blitzkrieg::air::{AirEvent, MissionKind};
        use blitzkrieg::air_combat::intercept::AirFire;
        use blitzkrieg::cite::Rule;
        use blitzkrieg::event::Event;
        use blitzkrieg::model::flight::PatrolKind;
        let board = Sketch::land(1..=40, 1..=40, Country::GreatBlue).build();
        let geo = Geo::of(&board);
        let h = |c: i16, n: i16| Hex::new(c, n).unwrap();
        let u = |s: &str| UnitId::new(s).unwrap();
        let route = vec![h(10, 10), h(11, 10), h(12, 11), h(13, 11), h(14, 12)];
        let flew = |unit: &str, kind, to: Hex, route: Vec<Hex>| {
            Event::Air(AirEvent::Flew {
                unit: u(unit),
                kind,
                from: h(10, 10),
                to,
                battle: None,
                doubled: false,
                rule: Rule::para(para!("33.3")),
                route,
            })
        };
        let fire = |lost| {
            Event::Air(AirEvent::AirCombat(AirFire {
                hex: h(14, 12),
                fire: "R-1FTR intercepting at double strength".into(),
                factors: blitzkrieg::odds::Factor::whole(8),
                roll: String::new(),
                table: String::new(),
                lost,
                rule: Rule::para(para!("32.32")),
            }))
        };
        let events = [
            flew("B-1SAC", MissionKind::Port, h(14, 12), route.clone()),
            flew("B-1FTR", MissionKind::Hunt, h(12, 14), Vec::new()),
            fire(1),
            fire(2),
        ];
        let counters = blitzkrieg::units::Counters::default();
        let action = Action::of(&board, &counters, &events);
        assert_eq!(action.paths[0].hexes, route);
        assert_eq!(action.paths[1].hexes, vec![h(10, 10), h(12, 14)]);
        assert_eq!(action.hunts, vec![(Side::Blue, h(12, 14))]);
        let none = blitzkrieg::ascendancy::Ascendancy::default();
        let zones = [Zone {
            hex: h(16, 16),
            side: Side::Red,
            kind: PatrolKind::Interdiction,
        }];
        let mut scene = scene(&board, &action, &none);
        scene.patrol_zones = &zones;
        let svg = render(&scene);
        // The flight's line passes through the centre of every hex of its route.
        let line = svg
            .split("<g class=\"path\" data-path=\"0\" data-track=\"air mission\"")
            .nth(1)
            .and_then(|g| g.split("</g>").next())
            .unwrap_or_else(|| panic!("no flight drawn: {svg}"));
        for hex in &route[..route.len() - 1] {
            let (x, y) = geo.centre(*hex);
            assert!(
                line.contains(&format!("{} {}", f(x), f(y))),
                "{hex}: {line}"
            );
        }
        assert!(line.contains(draw::ink(Side::Blue)), "{line}");
        assert!(svg.contains(">ACT 1/2</text>"), "{svg}");
        assert!(svg.contains("class=\"hunt\" data-hex=\"L14\""), "{svg}");
        assert!(
            svg.contains("class=\"patrol-zone\" data-hex=\"P16\""),
            "{svg}"
        );
        for key in crate::map::air::key(&action.fights, &action.hunts, &zones) {
            assert!(svg.contains(&esc(key)), "{key}");
        }
        // Without them, none of it.
        let plain = render(&self::scene(&board, &Action::default(), &none));
        assert!(
            !plain.contains(">ACT ")
                && !plain.contains("patrol-zone")
                && !plain.contains("search hex"),
            "{plain}"
        );
    }

    /// 35: the picture's side column names each sea zone's state and points; the
    /// map tints the sea hexes of a zone of superiority in the side's colour, of a
    /// contested one in amber, and leaves an uncontested one as it is, with the key's
    /// lines saying so and each zone's letter on the small map. A game that marks no
    /// zone draws none of it.
    #[test]
    fn the_picture_names_each_sea_zone_s_naval_ascendancy_35() {
        use blitzkrieg::ascendancy::{Ascendancy, NavalState, ZoneAscendancy};
        let board = Board::embedded();
        let zone = |blue, red, state, leader| ZoneAscendancy {
            blue,
            red,
            state,
            leader,
        };
        let mut ascendancy = Ascendancy::default();
        ascendancy
            .zones
            .insert('B', zone(7, 18, NavalState::Superiority, Some(Side::Red)));
        ascendancy
            .zones
            .insert('C', zone(12, 10, NavalState::Contested, None));
        ascendancy
            .zones
            .insert('D', zone(3, 0, NavalState::Uncontested, None));
        let mut action = Action::default();
        let unit = vec![blitzkrieg::units::UnitId::new("B-1IN").unwrap()];
        action.placed.insert("C20".parse().unwrap(), unit);
        let mut scene = scene(&board, &action, &ascendancy);
        let svg = render(&scene);
        assert!(svg.contains("Naval ascendancy (35)"), "{svg}");
        assert!(
            svg.contains("Zone B: Red naval superiority (Blue 7, Red 18)"),
            "{svg}"
        );
        assert!(svg.contains("Zone C: contested (Blue 12, Red 10)"), "{svg}");
        for line in crate::map::ascendancy::KEY {
            assert!(svg.contains(&esc(line)), "{line}");
        }
        let tinted = |zone: char| {
            svg.split("<path class=\"ascendancy\"")
                .skip(1)
                .filter(|p| p.contains(&format!("data-zone=\"{zone}\"")))
                .map(|p| p.split("fill=\"").nth(1).unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        // Zone B (C20's sea) in the detail and on the small map, in Red's colour.
        let b = tinted('B');
        assert_eq!(b.len(), 2, "{svg}");
        assert!(b.iter().all(|fill| fill.starts_with(draw::ink(Side::Red))));
        assert!(tinted('C')
            .iter()
            .all(|fill| fill.starts_with(crate::map::ascendancy::CONTESTED)));
        assert_eq!(tinted('C').len(), 1, "zone C on the small map only");
        assert!(tinted('D').is_empty(), "an uncontested zone is not tinted");
        assert!(
            svg.contains(">B</text>") && svg.contains(">D</text>"),
            "{svg}"
        );
        let none = Ascendancy::default();
        scene.ascendancy = &none;
        let plain = render(&scene);
        assert!(!plain.contains("Naval ascendancy"));
        assert!(!plain.contains("ascendancy") && !plain.contains("Sea tint"));
    }

    /// The area of action is drawn from the board's layers that meet it: a hex far
    /// from it is not written, the hexes of the board's edges are (they bound the layer
    /// the board is drawn into).
    #[test]
    fn the_area_of_action_writes_only_the_board_near_it() {
        let board = Sketch::land(1..=60, 1..=60, Country::GreatBlue).build();
        let geo = Geo::of(&board);
        let h = |c: i16, n: i16| blitzkrieg::hex::Hex::new(c, n).unwrap();
        let mut action = Action::default();
        let unit = vec![blitzkrieg::units::UnitId::new("B-1IN").unwrap()];
        action.placed.insert(h(30, 30), unit);
        let none = blitzkrieg::ascendancy::Ascendancy::default();
        let scene = scene(&board, &action, &none);
        // A hex of the area's own layers (the overview draws every hex, in flat colours).
        let polygon = |hex| {
            format!(
                r##"<polygon points="{}" fill="#d9e5f6"/>"##,
                geo.polygon(hex)
            )
        };
        let window = render(&scene);
        let whole = render_layers(&scene, Layers::Whole);
        // Hexes in the area, far from it, and on the board's edge columns.
        assert!(window.contains(&polygon(h(30, 30))));
        assert!(whole.contains(&polygon(h(5, 30))));
        assert!(!window.contains(&polygon(h(5, 30))));
        assert!(window.contains(&polygon(h(1, 30))));
        assert!(window.contains(&polygon(h(60, 30))));
        // The area of action is written before the overview, which is the whole board.
        let area = |svg: &str| svg.split(r#"class="overview""#).next().map_or(0, str::len);
        let (a, b) = (area(&window), area(&whole));
        assert!(a * 3 < b, "{a} {b}");
    }

    /// The board's drawing under the area of action, at three-quarter opacity, is
    /// drawn into a layer the size of the area and its margin, not of the whole board:
    /// the layer resvg allocates for that group was most of the picture's peak memory
    /// (42 MB of 55 MB for the demo's `06-3-blue`).
    #[cfg(feature = "pictures")]
    #[test]
    fn the_board_s_layer_is_the_size_of_the_area() {
        use resvg::usvg;
        fn layer(g: &usvg::Group) -> Option<usvg::Rect> {
            g.children().iter().find_map(|n| match n {
                usvg::Node::Group(c) if (c.opacity().get() - 0.75).abs() < 1e-3 => {
                    Some(c.abs_layer_bounding_box().to_rect())
                }
                usvg::Node::Group(c) => layer(c),
                _ => None,
            })
        }
        let board = Board::embedded();
        let geo = Geo::of(&board);
        let mut action = Action::default();
        let unit = vec![blitzkrieg::units::UnitId::new("B-1IN").unwrap()];
        action.placed.insert("C20".parse().unwrap(), unit);
        let none = blitzkrieg::ascendancy::Ascendancy::default();
        let scene = scene(&board, &action, &none);
        let w = area(&board, &geo, &scene).unwrap();
        let tree = usvg::Tree::from_str(&render(&scene), &usvg::Options::default()).unwrap();
        let drawn = layer(tree.root()).unwrap();
        let (most_w, most_h) = (
            (w.w + 2.0 * LAYER_MARGIN) * w.scale,
            (w.h + 2.0 * LAYER_MARGIN) * w.scale,
        );
        assert!(
            f64::from(drawn.width()) <= most_w + 0.5 && f64::from(drawn.height()) <= most_h + 0.5,
            "a layer of {drawn:?} for an area of {most_w} by {most_h} pixels"
        );
        assert!(f64::from(drawn.width()) < geo.width * w.scale / 2.0);
    }

    /// Drawn over the board's pixels, the picture draws no layer: no group of either
    /// document is clipped, masked or translucent (a clipped group is drawn into a
    /// layer and a mask the size of its clip, the area of action's size, as the
    /// document drawn whole still does), and the area's marks are a document the
    /// area's size, whose edge cuts them.
    #[test]
    fn the_picture_over_the_board_s_pixels_draws_no_layer() {
        use resvg::usvg;
        fn layered(g: &usvg::Group) -> bool {
            g.children().iter().any(|n| match n {
                usvg::Node::Group(c) => c.should_isolate() || layered(c),
                _ => false,
            })
        }
        let board = Board::embedded();
        let mut action = Action::default();
        let unit = vec![blitzkrieg::units::UnitId::new("B-1IN").unwrap()];
        action.placed.insert("C20".parse().unwrap(), unit);
        let none = blitzkrieg::ascendancy::Ascendancy::default();
        let scene = scene(&board, &action, &none);
        let over = render_over(&scene).unwrap();
        let (_, _, w, h) = over.at.detail;
        for (name, svg) in [("frame", &over.frame), ("area", &over.area)] {
            let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap();
            assert!(!layered(tree.root()), "the {name} draws a layer");
        }
        let area = usvg::Tree::from_str(&over.area, &usvg::Options::default()).unwrap();
        let size = area.size().to_int_size();
        assert_eq!((size.width(), size.height()), (w, h));
        let whole = usvg::Tree::from_str(&render(&scene), &usvg::Options::default()).unwrap();
        assert!(
            layered(whole.root()),
            "the picture drawn whole clips its area"
        );
    }

    /// The area of action shown starts and ends on whole pixels, inside the board and
    /// within a step of the area chosen, whatever the area: the board's pixels made
    /// when the binary was built are laid down on the picture's pixels.
    #[test]
    fn the_area_shown_lies_on_whole_pixels() {
        let board = Board::embedded();
        let geo = Geo::of(&board);
        for x in [0.0, 0.3, 17.1, 333.33, geo.width - 300.0] {
            for w in [190.0, 201.7, 291.4] {
                let area = Window {
                    x,
                    y: x / 2.0 + 0.37,
                    w,
                    h: w * 0.8 + 0.11,
                    scale: DETAIL_SCALE,
                };
                let s = snapped(&geo, area);
                for v in [s.x, s.y, s.w, s.h] {
                    let px = v * DETAIL_SCALE;
                    assert!((px - px.round()).abs() < 1e-9, "{area:?}: {s:?}");
                    assert_eq!(f(v), f(px.round() / DETAIL_SCALE), "{area:?}: {s:?}");
                }
                assert!(s.x >= 0.0 && s.x + s.w <= geo.width, "{s:?}");
                assert!(s.y >= 0.0 && s.y + s.h <= geo.height, "{s:?}");
                let right = |w: &Window| w.x + w.w;
                assert!((s.x - area.x).abs() < SNAP, "{s:?}");
                assert!((right(&s) - right(&area)).abs() <= SNAP, "{s:?}");
            }
        }
    }

    /// The picture drawn over the board's pixels made when the binary was built is the
    /// picture drawn whole from one SVG document, but for the smoothing of edge pixels
    /// by a level or two and a few pixels of the small map: the demo's turns and the Tournament sample's turns with battles,
    /// bombing and minor countries, at each area a turn mail may try.
    #[cfg(feature = "pictures")]
    #[test]
    fn the_picture_over_the_board_s_pixels_is_the_picture_drawn_whole() {
        let umpire = crate::game::Umpire::load(&crate::game::RuleFiles::default()).unwrap();
        let (basic, tournament) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        crate::demo::play(&umpire, basic.path(), false).unwrap();
        crate::demo::play_tournament(&umpire, tournament.path(), false).unwrap();
        let (mut drawn, mut wrong) = (0, Vec::new());
        for (dir, stem) in [
            (&basic, "02-1-blue"),
            (&basic, "05-2-red"),
            (&basic, "06-3-blue"),
            (&tournament, "03-1-red"),
            (&tournament, "09-4-red"),
            (&tournament, "11-5-red"),
        ] {
            let path = dir.path().join(format!("{stem}.state.ron"));
            let state = crate::game::read_state(&std::fs::read(path).unwrap(), stem).unwrap();
            for fit in [1.0, 0.5] {
                let (over, whole) = crate::map::with_scene(&umpire.rules, &state, fit, |scene| {
                    (
                        crate::map::raster::pixmap_over(render_over(scene).unwrap()).unwrap(),
                        crate::map::raster::pixmap(&render(scene), 1.0).unwrap(),
                    )
                });
                assert_eq!(
                    (over.width(), over.height()),
                    (whole.width(), whole.height())
                );
                let differ: Vec<u8> = (over.data().chunks(4))
                    .zip(whole.data().chunks(4))
                    .filter(|(a, b)| a != b)
                    .map(|(a, b)| {
                        a.iter()
                            .zip(b)
                            .map(|(x, y)| x.abs_diff(*y))
                            .max()
                            .unwrap_or(0)
                    })
                    .collect();
                let pixels = over.data().len() / 4;
                // The turn's marks are drawn in a layer of their own, then laid on the
                // board's pixels, where the whole picture draws them on the board in
                // one layer: smoothed edges round one or two levels apart. A pixel of
                // the small map's crisp edges may fall the other way.
                let far = differ.iter().filter(|d| **d > 2).count();
                if differ.len() * 50 >= pixels || far > 100 {
                    wrong.push(format!(
                        "{stem} at {fit}: {} of {pixels} pixels differ, {far} by more than 2 levels",
                        differ.len()
                    ));
                }
                drawn += 1;
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
        assert_eq!(drawn, 12);
    }

    /// The pictures drawn from the layers that meet the area of action are the pictures
    /// drawn from the whole board, pixel for pixel: the demo's set-ups (a home country
    /// drawn whole, in flat colours) and a turn by the beaches, the Tournament sample's
    /// turns with battles, bombing and minor countries.
    #[cfg(feature = "pictures")]
    #[test]
    fn the_area_s_layers_draw_the_same_pixels_as_the_whole_board() {
        let umpire = crate::game::Umpire::load(&crate::game::RuleFiles::default()).unwrap();
        let (basic, tournament) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        crate::demo::play(&umpire, basic.path(), false).unwrap();
        crate::demo::play_tournament(&umpire, tournament.path(), false).unwrap();
        for (dir, stem) in [
            (&basic, "00-setup-blue"),
            (&basic, "01-setup-red"),
            (&basic, "02-1-blue"),
            (&tournament, "03-1-red"),
            (&tournament, "09-4-red"),
            (&tournament, "11-5-red"),
        ] {
            let path = dir.path().join(format!("{stem}.state.ron"));
            let state = crate::game::read_state(&std::fs::read(path).unwrap(), stem).unwrap();
            let draw = |layers| {
                let svg = crate::map::with_scene(&umpire.rules, &state, 1.0, |scene| {
                    render_layers(scene, layers)
                });
                crate::map::raster::pixmap(&svg, 1.0).unwrap()
            };
            let (window, whole) = (draw(Layers::Window), draw(Layers::Whole));
            assert_eq!(
                (window.width(), window.height()),
                (whole.width(), whole.height())
            );
            let differ = (window.data().chunks(4))
                .zip(whole.data().chunks(4))
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(differ, 0, "{stem}: {differ} pixels differ");
        }
    }
}
