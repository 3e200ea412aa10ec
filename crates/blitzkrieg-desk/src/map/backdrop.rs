//! The part of the picture of the action that no game state changes: the board's own
//! drawing (terrain, sea, rivers, roads, borders, names) under the area of action, at
//! [`DETAIL_SCALE`], and the small map of the whole board beside it. `build.rs` draws
//! both once, when the binary is built, with the same drawing code and renderer as
//! the pictures, and keeps their pixels in the binary (the board in square tiles of
//! [`TILE`] pixels, each a PNG, so that a picture decodes only the tiles its area
//! meets); a picture of the embedded board lays them down and draws only the
//! counters and the turn's marks over them (`map::picture`, `Layers::Over`).

use crate::svg::{self, f, Geo};
use blitzkrieg::board::Board;

/// Pixels per board unit in the area of action: hex ids and counter strips come out
/// at about 10 pixels.
pub const DETAIL_SCALE: f64 = 3.5;
/// Width of the small map of the whole board, in pixels.
pub const OVERVIEW_W: f64 = 380.0;
/// The side of the square tiles the board's pixels are kept in.
pub const TILE: u32 = 128;
/// The paper colour under the board's drawing.
pub const PAPER: &str = "#fdfcf7";
/// The white kept round the small map's pixels, in pixels a side: what its drawing
/// puts beyond its frame.
pub const OVERVIEW_MARGIN: u32 = 4;

/// Where a picture lays the backdrop down, in its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The board's pixels shown in the area of action: from (`x`, `y`) of the board
    /// drawn whole at [`DETAIL_SCALE`], `w` by `h`.
    pub detail: (u32, u32, u32, u32),
    /// Where they go on the picture.
    pub detail_at: (u32, u32),
    /// Where the small map's pixels go, their white margin included.
    pub overview_at: (u32, u32),
}

/// The size in pixels of the whole board drawn at [`DETAIL_SCALE`].
pub fn detail_size(geo: &Geo) -> (u32, u32) {
    (
        pixels(geo.width * DETAIL_SCALE),
        pixels(geo.height * DETAIL_SCALE),
    )
}

/// The size in pixels of the small map with its margin.
pub fn overview_size(geo: &Geo) -> (u32, u32) {
    let so = OVERVIEW_W / geo.width;
    (
        pixels(OVERVIEW_W) + 2 * OVERVIEW_MARGIN,
        pixels(geo.height * so) + 2 * OVERVIEW_MARGIN,
    )
}

/// `v` rounded up to whole pixels (0 for what is not a positive number).
pub fn pixels(v: f64) -> u32 {
    let up = v.ceil();
    if up.is_nan() || up < 0.0 {
        0
    } else if up > f64::from(u32::MAX) {
        u32::MAX
    } else {
        up as u32
    }
}

/// The board's drawing under the area of action, the whole board at [`DETAIL_SCALE`]:
/// the paper, and over it the board's layers at three-quarter opacity in a clipped
/// group, as the picture draws them inside its area (`map::picture`): a group drawn
/// with a clip is laid on the paper through a mask, which rounds its colours as the
/// picture's does (without it, most of the board's pixels came out one level apart).
pub fn detail_svg(board: &Board) -> String {
    let geo = Geo::of(board);
    let (w, h) = detail_size(&geo);
    let (bw, bh) = (f(geo.width), f(geo.height));
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans"><defs><clipPath id="layer"><rect x="0" y="0" width="{bw}" height="{bh}"/></clipPath></defs><g transform="scale({})"><rect x="0" y="0" width="{bw}" height="{bh}" fill="{PAPER}"/><g clip-path="url(#layer)" opacity="0.75">{}</g></g></svg>"#,
        f(DETAIL_SCALE),
        svg::layers(board, &geo, false)
    )
}

/// The small map of the whole board, [`OVERVIEW_W`] pixels wide in a white margin of
/// [`OVERVIEW_MARGIN`]: the paper and the board's flat layers, as the picture draws
/// them under its counters and outline.
pub fn overview_svg(board: &Board) -> String {
    let geo = Geo::of(board);
    let (w, h) = overview_size(&geo);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans"><rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>{}</g></svg>"##,
        overview_group(&geo, board, OVERVIEW_MARGIN.into(), OVERVIEW_MARGIN.into())
    )
}

/// The small map's paper and flat layers at (`x`, `y`), left open for what the picture
/// draws over them.
pub fn overview_group(geo: &Geo, board: &Board, x: f64, y: f64) -> String {
    format!(
        r#"<g class="overview" transform="translate({} {}) scale({})"><rect x="0" y="0" width="{}" height="{}" fill="{PAPER}"/><g shape-rendering="crispEdges">{}</g>"#,
        f(x),
        f(y),
        OVERVIEW_W / geo.width,
        f(geo.width),
        f(geo.height),
        svg::flat_layers(board, geo, false)
    )
}

/// Whether `board` is the embedded board, whose pixels the binary holds. The embedded
/// board it is compared with is built for the comparison and freed: a copy kept to the
/// end of the process was held through the drawing of the picture, at its peak.
pub fn is_embedded(board: &Board) -> bool {
    *board == Board::embedded()
}
