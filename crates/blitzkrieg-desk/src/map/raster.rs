//! SVG to PNG in-process, with the fonts built in: DejaVu Sans (regular, bold and
//! condensed) comes embedded, no system font is ever looked up, so the same picture
//! is the same bytes on every machine. The PNG is written with a palette of the 256
//! commonest colours (a map is mostly flat colour), a third of the size of full colour.

use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum RasterError {
    #[error("the picture could not be drawn: {0}")]
    #[diagnostic(
        code("blitz::map::svg"),
        help("this is a fault of the umpire program, not of the game files: please report it")
    )]
    Svg(String),
    #[error("the picture is {width}x{height} pixels, too large to draw")]
    #[diagnostic(
        code("blitz::map::size"),
        help("draw a smaller area or a smaller scale")
    )]
    TooLarge { width: u32, height: u32 },
    #[error("the picture could not be written as PNG: {0}")]
    #[diagnostic(code("blitz::map::png"))]
    Png(String),
}

/// The largest picture drawn, in pixels a side.
pub const MAX_SIDE: u32 = 8000;

pub use super::fonts::{fonts, FAMILY};

/// Draws an SVG document at `scale` (1.0: one SVG unit, one pixel) as RGBA pixels.
pub fn pixmap(svg: &str, scale: f32) -> Result<tiny_skia::Pixmap, RasterError> {
    let tree = tree(svg)?;
    let mut pixmap = canvas(&tree, scale)?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Draws an SVG document at `scale` as PNG bytes, with a palette.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RasterError> {
    indexed_png(pixmap(svg, scale)?, BEST_COMPRESSION)
}

/// An SVG document read, with the embedded faces.
fn tree(svg: &str) -> Result<usvg::Tree, RasterError> {
    // The faces are read once a process: a turn map drawn again at a smaller area
    // (`map::state_png`) sets them up once.
    let opt = super::fonts::options();
    usvg::Tree::from_str(svg, &opt).map_err(|e| RasterError::Svg(e.to_string()))
}

/// A transparent picture the size of `tree` at `scale`, if it is not too large.
fn canvas(tree: &usvg::Tree, scale: f32) -> Result<tiny_skia::Pixmap, RasterError> {
    let size = canvas_size(tree, scale)?;
    let (width, height) = (size.width(), size.height());
    tiny_skia::Pixmap::new(width, height).ok_or(RasterError::TooLarge { width, height })
}

/// The size of `tree` at `scale` in pixels, if it is not too large to draw.
fn canvas_size(tree: &usvg::Tree, scale: f32) -> Result<tiny_skia::IntSize, RasterError> {
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or(RasterError::TooLarge {
            width: 0,
            height: 0,
        })?;
    let (width, height) = (size.width(), size.height());
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(RasterError::TooLarge { width, height });
    }
    Ok(size)
}

/// The board drawn whole at the area of action's scale, in tiles, as `build.rs` wrote
/// it ([`super::backdrop`]): its width, height and tile side, the number of tiles,
/// where each tile begins and where the last ends (little-endian `u32`s, from the end
/// of this table), then the tiles row by row, each an RGB PNG.
static DETAIL: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backdrop-detail.bin"));
/// The small map of the whole board with its white margin, an RGB PNG.
static OVERVIEW: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backdrop-overview.png"));

/// The picture drawn over the board's pixels made when the binary was built
/// ([`super::picture::render_over`]), as PNG bytes with a palette.
pub fn png_over(over: super::picture::Over) -> Result<Vec<u8>, RasterError> {
    indexed_png(pixmap_over(over)?, OVER_COMPRESSION)
}

/// How hard the picture of the action is compressed: zlib's default level (6) takes
/// two fifths of the instructions of the best (9), which the other pictures keep, for PNGs
/// 1.6% to 2.8% larger. Every sample's picture still fits [`super::PNG_BUDGET`] at the
/// same area as at level 9 (`docs/speed.md`, sixth pass).
const OVER_COMPRESSION: u8 = 6;
/// How hard the other pictures are compressed: zlib's best level.
const BEST_COMPRESSION: u8 = 9;

/// [`png_over`]'s pixels: the area of action's marks drawn on the board's pixels of
/// the area, laid with the small map's pixels on the white picture, and the rest of
/// the picture drawn over them. No layer or mask of the picture's size is drawn. The
/// area is drawn in the picture's own memory, packed at its start as a picture the
/// area's size, then spread to its place ([`spread`]): no second picture the area's
/// size is held beside the picture. Each document is read when it is drawn, and
/// freed (its text with it) before the next is read.
pub fn pixmap_over(over: super::picture::Over) -> Result<tiny_skia::Pixmap, RasterError> {
    let super::picture::Over {
        frame,
        area,
        at,
        size: (width, height),
    } = over;
    let too_large = RasterError::TooLarge { width, height };
    let size = match tiny_skia::IntSize::from_wh(width, height) {
        Some(size) if width <= MAX_SIDE && height <= MAX_SIDE => size,
        _ => return Err(too_large),
    };
    let mut data = vec![0u8; pixel_bytes(width, height)];
    let area_size = {
        let tree = tree(&area)?;
        drop(area);
        let (aw, ah) = canvas_size(&tree, 1.0).map(|s| (s.width(), s.height()))?;
        let (ax, ay) = at.detail_at;
        if ax.saturating_add(aw) > width || ay.saturating_add(ah) > height {
            return Err(RasterError::Svg(
                "the area of action does not fit in the picture".into(),
            ));
        }
        let mut area = data
            .get_mut(..pixel_bytes(aw, ah))
            .and_then(|bytes| tiny_skia::PixmapMut::from_bytes(bytes, aw, ah))
            .ok_or(RasterError::TooLarge {
                width: aw,
                height: ah,
            })?;
        let (x, y, w, h) = at.detail;
        let mut buf = Vec::new();
        for (tile, (tx, ty)) in detail_tiles((x, y, w, h))? {
            let (tw, th) = decode(tile, &mut buf)?;
            // The part of the tile inside the area, and where it goes.
            let (x0, x1) = (x.max(tx), (x + w).min(tx + tw));
            let (y0, y1) = (y.max(ty), (y + h).min(ty + th));
            for row in y0..y1 {
                let from = (((row - ty) * tw + (x0 - tx)) * 3) as usize;
                let to = (x0 - x, row - y);
                lay_rgb(
                    &mut area,
                    to,
                    buf.get(from..from + ((x1 - x0) * 3) as usize),
                );
            }
        }
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut area);
        (aw, ah)
    };
    spread(&mut data, area_size, width, at.detail_at);
    let mut pixmap = tiny_skia::Pixmap::from_vec(data, size).ok_or(too_large)?;
    let mut buf = Vec::new();
    let (ow, oh) = decode(OVERVIEW, &mut buf)?;
    for row in 0..oh {
        let from = (row * ow * 3) as usize;
        let to = (at.overview_at.0, at.overview_at.1 + row);
        lay_rgb(
            &mut pixmap.as_mut(),
            to,
            buf.get(from..from + (ow * 3) as usize),
        );
    }
    drop(buf);
    let tree = tree(&frame)?;
    drop(frame);
    if canvas_size(&tree, 1.0)? != size {
        return Err(RasterError::Svg(
            "the picture's frame is not the picture's size".into(),
        ));
    }
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The bytes of a picture `width` by `height` (four a pixel).
fn pixel_bytes(width: u32, height: u32) -> usize {
    width as usize * height as usize * 4
}

/// Moves the picture `aw` by `ah` packed at the start of `data` to (`ax`, `ay`) of the
/// picture `width` pixels wide that `data` holds, and makes the rest of that picture
/// white: the area of action laid on the white picture. Rows are moved last first,
/// each to a place no nearer the start than its own, so none is overwritten before
/// it is moved. The area lies inside the picture ([`pixmap_over`] checks it).
fn spread(data: &mut [u8], (aw, ah): (u32, u32), width: u32, (ax, ay): (u32, u32)) {
    let (row_bytes, area_row, left) = (width as usize * 4, aw as usize * 4, ax as usize * 4);
    let (ay, ah) = (ay as usize, ah as usize);
    let line = |y: usize| y * row_bytes;
    for row in (0..ah).rev() {
        let from = row * area_row;
        data.copy_within(from..from + area_row, line(ay + row) + left);
    }
    let len = data.len();
    let mut white = |range: std::ops::Range<usize>| {
        if let Some(bytes) = data.get_mut(range) {
            bytes.fill(255);
        }
    };
    white(0..line(ay));
    for y in ay..ay + ah {
        white(line(y)..line(y) + left);
        white(line(y) + left + area_row..line(y + 1));
    }
    white(line(ay + ah)..len);
}

/// The board's pixels damaged: the binary was not built as `build.rs` builds it.
fn damaged() -> RasterError {
    RasterError::Svg("the board's pixels built into the program are damaged".into())
}

/// A tile's PNG and the pixel its top left corner stands at.
type Tile = (&'static [u8], (u32, u32));

/// The tiles of [`DETAIL`] that meet the rectangle (`x`, `y`, `w`, `h`), each with the
/// pixel its top left corner stands at.
fn detail_tiles((x, y, w, h): (u32, u32, u32, u32)) -> Result<Vec<Tile>, RasterError> {
    let word = |i: usize| -> Result<u32, RasterError> {
        let b = DETAIL.get(i * 4..i * 4 + 4).ok_or_else(damaged)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let (width, height, side, count) = (word(0)?, word(1)?, word(2)?, word(3)? as usize);
    let across = width.div_ceil(side.max(1));
    let data = (4 + count + 1) * 4;
    if side == 0 || x + w > width || y + h > height {
        return Err(damaged());
    }
    let mut tiles = Vec::new();
    for row in y / side..(y + h).div_ceil(side) {
        for col in x / side..(x + w).div_ceil(side) {
            let i = (row * across + col) as usize;
            if i >= count {
                return Err(damaged());
            }
            let (from, to) = (word(4 + i)? as usize, word(5 + i)? as usize);
            let tile = DETAIL.get(data + from..data + to).ok_or_else(damaged)?;
            tiles.push((tile, (col * side, row * side)));
        }
    }
    Ok(tiles)
}

/// Decodes an RGB PNG into `buf`; its width and height.
fn decode(png_bytes: &[u8], buf: &mut Vec<u8>) -> Result<(u32, u32), RasterError> {
    let err = |e: png::DecodingError| RasterError::Png(e.to_string());
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .map_err(err)?;
    buf.resize(reader.output_buffer_size().ok_or_else(damaged)?, 0);
    let info = reader.next_frame(buf).map_err(err)?;
    if info.color_type != png::ColorType::Rgb || info.bit_depth != png::BitDepth::Eight {
        return Err(damaged());
    }
    Ok((info.width, info.height))
}

/// Lays the opaque RGB pixels `rgb` down on `pixmap` from the pixel `(x, y)`
/// rightwards, as far as the picture goes.
fn lay_rgb(pixmap: &mut tiny_skia::PixmapMut, (x, y): (u32, u32), rgb: Option<&[u8]>) {
    let (width, height) = (pixmap.width(), pixmap.height());
    let Some(rgb) = rgb else { return };
    if y >= height || x >= width {
        return;
    }
    let start = ((y * width + x) * 4) as usize;
    let room = ((width - x) * 4) as usize;
    let Some(row) = pixmap.data_mut().get_mut(start..start + room) else {
        return;
    };
    for (px, c) in row.chunks_exact_mut(4).zip(rgb.chunks_exact(3)) {
        px.copy_from_slice(&[c[0], c[1], c[2], 255]);
    }
}

/// A pixel's colour as 0xRRGGBB from its premultiplied red, green, blue and alpha,
/// laid on white where the picture is transparent.
fn rgb([r, g, b, a]: [u8; 4]) -> u32 {
    // premultiplied: on white, each channel is c + (255 - a)
    let white = 255 - u32::from(a);
    let ch = |c: u8| (u32::from(c) + white).min(255);
    (ch(r) << 16) | (ch(g) << 8) | ch(b)
}

/// A table keyed by colour ([`rgb`]): first how many pixels have each colour, then
/// each colour's palette index ([`indexed_png`]). Its order is never read: what is
/// written is sorted first.
type Colours = HashMap<u32, u32, BuildHasherDefault<ColourHasher>>;

/// A colour's hash: one multiplication, its high bits folded onto the low bits a
/// table's slot is taken from. The same on every run (no random keys).
#[derive(Default)]
struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u32(u32::from(*b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0 ^ u64::from(n)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// How many pixels of the picture's bytes `data`, rows of `width` pixels, have each
/// colour ([`rgb`]), counted run by run ([`runs`]): a map has long runs of one colour.
/// A run of a colour met a moment before is counted in its slot of [`Recent`], and
/// the table of every colour is looked up when the slot is taken by another.
fn colour_counts(data: &[u8], width: usize) -> Colours {
    let mut counts = Colours::default();
    let mut add = |px: [u8; 4], n: u32| *counts.entry(rgb(px)).or_insert(0) += n;
    let mut recent = Recent::<u32>::new();
    let mut row = Vec::new();
    for bytes in data.chunks(width.max(1) * 4) {
        pixels_into(bytes, &mut row);
        for (px, n) in runs(&row) {
            let n = u32::try_from(n).unwrap_or(u32::MAX);
            match recent.slot(px) {
                Some((c, k)) if *c == px => *k += n,
                slot => {
                    if let Some((c, k)) = slot.replace((px, n)) {
                        add(c, k);
                    }
                }
            }
        }
    }
    for (c, k) in recent.held() {
        add(c, k);
    }
    counts
}

/// The last colours met, each with a value, in a slot its four bytes pick: most runs
/// of a map are of a colour met a moment before, and a slot is read in a few
/// instructions where the table of every colour is hashed and searched.
struct Recent<V>([Option<([u8; 4], V)>; RECENT_SLOTS]);

/// How many slots [`Recent`] has.
const RECENT_SLOTS: usize = 64;

impl<V: Copy> Recent<V> {
    fn new() -> Recent<V> {
        Recent([None; RECENT_SLOTS])
    }

    /// The slot of the colour `px`: its bytes' product with an odd constant, the top
    /// bits.
    fn slot(&mut self, px: [u8; 4]) -> &mut Option<([u8; 4], V)> {
        let at = u32::from_le_bytes(px).wrapping_mul(0x9E37_79B1) >> 26;
        &mut self.0[at as usize % RECENT_SLOTS]
    }

    /// The colours held, and their values.
    fn held(self) -> impl Iterator<Item = ([u8; 4], V)> {
        self.0.into_iter().flatten()
    }
}

/// The pixels of `bytes`, four bytes each, copied into `row`: compared whole, a pixel
/// is one number.
fn pixels_into(bytes: &[u8], row: &mut Vec<[u8; 4]>) {
    row.clear();
    row.extend(bytes.chunks_exact(4).map(|p| [p[0], p[1], p[2], p[3]]));
}

/// The runs of one colour of a row, left to right: the pixel and how many times it
/// stands there in a row.
fn runs(mut row: &[[u8; 4]]) -> impl Iterator<Item = ([u8; 4], usize)> + '_ {
    std::iter::from_fn(move || {
        let (&first, _) = row.split_first()?;
        let n = row.iter().position(|p| *p != first).unwrap_or(row.len());
        row = row.get(n..).unwrap_or_default();
        Some((first, n))
    })
}

/// The 256 commonest colours, commonest first (ties by colour value).
fn palette(counts: &Colours) -> Vec<u32> {
    let mut counts: Vec<(u32, u32)> = counts.iter().map(|(c, n)| (*c, *n)).collect();
    counts.sort_unstable_by_key(|(c, n)| (std::cmp::Reverse(*n), *c));
    counts.into_iter().take(256).map(|(c, _)| c).collect()
}

/// A colour's red, green and blue.
fn channels(c: u32) -> [i32; 3] {
    let b = c.to_be_bytes();
    [i32::from(b[1]), i32::from(b[2]), i32::from(b[3])]
}

/// The palette's colours sorted by their red, each with its index: the nearest
/// colour to another is looked for among those whose red alone is not farther
/// than the nearest found so far.
struct Nearest(Vec<([i32; 3], usize)>);

impl Nearest {
    fn new(pal: &[u32]) -> Nearest {
        let mut by_red: Vec<([i32; 3], usize)> = pal
            .iter()
            .enumerate()
            .map(|(i, c)| (channels(*c), i))
            .collect();
        by_red.sort_unstable();
        Nearest(by_red)
    }

    /// The index of the palette colour nearest to `c` (squared distance; of colours
    /// as near, the first in the palette): the colour trying every one of them finds.
    /// A colour whose red alone is farther than the nearest so far is farther
    /// whatever its green and blue, and so is every colour beyond it in red.
    fn index(&self, c: u32) -> u8 {
        let q = channels(c);
        let mut best = (i32::MAX, usize::MAX);
        let mut look = |(p, i): &([i32; 3], usize)| {
            let dr = (p[0] - q[0]) * (p[0] - q[0]);
            if dr > best.0 {
                return false;
            }
            let d = dr + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]);
            if (d, *i) < best {
                best = (d, *i);
            }
            true
        };
        let split = self.0.partition_point(|(p, _)| p[0] < q[0]);
        let (below, above) = self.0.split_at(split);
        for entry in above {
            if !look(entry) {
                break;
            }
        }
        for entry in below.iter().rev() {
            if !look(entry) {
                break;
            }
        }
        u8::try_from(best.1).unwrap_or(0)
    }
}

/// Turns `counts` into each colour's palette index: a colour of the palette its
/// own, another the nearest's ([`Nearest`]), worked out once a colour.
fn index_colours(counts: &mut Colours, pal: &[u32]) {
    let exact: Colours = pal
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, u32::try_from(i).unwrap_or(0)))
        .collect();
    let nearest = Nearest::new(pal);
    for (c, v) in counts.iter_mut() {
        *v = match exact.get(c) {
            Some(i) => *i,
            None => u32::from(nearest.index(*c)),
        };
    }
}

/// Writes the picture's rows as a PNG's unfiltered scanlines over its own bytes: each
/// row a filter byte of 0 and its pixels' palette indices, a run of one colour
/// ([`runs`]) at a time, a colour met a moment before looked up in [`Recent`]. Each
/// row is copied out before its scanline is written: the scanline of row `r` ends at
/// byte `(r + 1) (width + 1)`, never beyond the start of the next row's pixels,
/// `4 (r + 1) width`. Returns how many bytes the scanlines take at the start of
/// `data`.
fn quantize_in_place(data: &mut [u8], width: usize, indices: &Colours) -> usize {
    let row_bytes = width * 4;
    let rows = data.len().checked_div(row_bytes).unwrap_or(0);
    let mut row = Vec::with_capacity(width);
    let mut recent = Recent::<u8>::new();
    let mut at = 0;
    for r in 0..rows {
        let Some(bytes) = data.get(r * row_bytes..(r + 1) * row_bytes) else {
            break;
        };
        pixels_into(bytes, &mut row);
        let Some((filter, mut line)) = data
            .get_mut(at..at + width + 1)
            .and_then(|line| line.split_first_mut())
        else {
            break;
        };
        *filter = 0;
        for (px, n) in runs(&row) {
            let index = match recent.slot(px) {
                Some((c, i)) if *c == px => *i,
                slot => {
                    let i = indices
                        .get(&rgb(px))
                        .and_then(|i| u8::try_from(*i).ok())
                        .unwrap_or(0);
                    *slot = Some((px, i));
                    i
                }
            };
            let (run, rest) = line.split_at_mut(n.min(line.len()));
            run.fill(index);
            line = rest;
        }
        at += width + 1;
    }
    at
}

/// An 8-bit palette PNG of the picture, its scanlines compressed at zlib's `level`
/// (0 to 9): the palette of its 256 commonest colours, each other colour shown as the
/// nearest of them. The picture is used up: its pixels are overwritten by their
/// indices ([`quantize_in_place`]), the rest of its memory is given back, and the
/// scanlines are compressed in one piece,
/// the bytes `png`'s own encoder writes, unfiltered, at that level, a row at a time.
fn indexed_png(mut pixmap: tiny_skia::Pixmap, level: u8) -> Result<Vec<u8>, RasterError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut colours = colour_counts(pixmap.data(), width as usize);
    let pal = palette(&colours);
    index_colours(&mut colours, &pal);
    let len = quantize_in_place(pixmap.data_mut(), width as usize, &colours);
    drop(colours);
    // The scanlines are a quarter of the picture's bytes: the rest is given back
    // before they are compressed.
    let mut scanlines = pixmap.take();
    scanlines.truncate(len);
    scanlines.shrink_to_fit();
    let zlib = miniz_oxide::deflate::compress_to_vec_zlib(&scanlines, level);
    drop(scanlines);
    let rgb: Vec<u8> = pal
        .iter()
        .flat_map(|c| [(c >> 16) as u8, (c >> 8) as u8, *c as u8])
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(rgb);
    // The image data is written as one chunk of its own, not through the encoder.
    enc.validate_sequence(false);
    let err = |e: png::EncodingError| RasterError::Png(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_chunk(png::chunk::IDAT, &zlib).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The palette and indices as they were worked out before: runs of colour, the
    /// runs sorted and merged into counts, every palette colour tried for a colour
    /// outside it.
    fn indices_trying_every_colour(pixmap: &tiny_skia::Pixmap) -> (Vec<u32>, Vec<u8>) {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for c in pixmap
            .pixels()
            .iter()
            .map(|p| rgb([p.red(), p.green(), p.blue(), p.alpha()]))
        {
            match runs.last_mut() {
                Some((last, n)) if *last == c => *n += 1,
                _ => runs.push((c, 1)),
            }
        }
        let mut sorted = runs.clone();
        sorted.sort_unstable();
        let mut counts: Vec<(u32, u32)> = Vec::new();
        for (c, k) in sorted {
            match counts.last_mut() {
                Some((last, n)) if *last == c => *n += k,
                _ => counts.push((c, k)),
            }
        }
        counts.sort_by_key(|(c, n)| (std::cmp::Reverse(*n), *c));
        let pal: Vec<u32> = counts.into_iter().take(256).map(|(c, _)| c).collect();
        let pal_rgb: Vec<[i32; 3]> = pal.iter().map(|c| channels(*c)).collect();
        let mut memo: BTreeMap<u32, u8> = BTreeMap::new();
        let mut out = Vec::new();
        for (c, n) in runs {
            let i = *memo.entry(c).or_insert_with(|| {
                let [r, g, b] = channels(c);
                let mut best = (i32::MAX, 0usize);
                for (i, p) in pal_rgb.iter().enumerate() {
                    let d = (r - p[0]).pow(2) + (g - p[1]).pow(2) + (b - p[2]).pow(2);
                    if d < best.0 {
                        best = (d, i);
                    }
                }
                u8::try_from(best.1).unwrap()
            });
            out.resize(out.len() + n as usize, i);
        }
        (pal, out)
    }

    /// A picture of `width` by `height` pixels in runs of one to nine pixels of one
    /// colour, some translucent, each channel taking one of `levels` values.
    fn noisy(width: u32, height: u32, levels: u32, seed: u64) -> tiny_skia::Pixmap {
        let mut pixmap = tiny_skia::Pixmap::new(width, height).unwrap();
        let mut x = seed;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut run = (0u32, [0u8; 4]);
        for px in pixmap.data_mut().chunks_exact_mut(4) {
            if run.0 == 0 {
                let v = next();
                let ch = |k: u32| (((v >> (k * 8)) as u32 % levels) * 255 / (levels - 1)) as u8;
                let a = if v >> 60 == 0 { (v >> 40) as u8 } else { 255 };
                // premultiplied: no channel above the alpha
                run = (
                    ((v >> 32) % 9) as u32 + 1,
                    [ch(0).min(a), ch(1).min(a), ch(2).min(a), a],
                );
            }
            px.copy_from_slice(&run.1);
            run.0 -= 1;
        }
        pixmap
    }

    /// The palette and every pixel's index are those of trying every palette colour
    /// for each colour outside the palette (the nearest, the first of equals),
    /// worked out in the picture's own bytes: on pictures of a few colours, of
    /// thousands (ties of distance everywhere) and of tens of thousands.
    #[test]
    fn the_indices_are_those_of_trying_every_palette_colour() {
        for (levels, seed) in [(3, 1), (5, 2), (16, 3), (40, 4), (256, 5)] {
            let pixmap = noisy(300, 200, levels, seed);
            let (pal, indices) = indices_trying_every_colour(&pixmap);
            let mut colours = colour_counts(pixmap.data(), 300);
            assert_eq!(palette(&colours), pal, "levels {levels}");
            index_colours(&mut colours, &pal);
            let mut data = pixmap.data().to_vec();
            let len = quantize_in_place(&mut data, 300, &colours);
            let scanlines: Vec<u8> = indices
                .chunks(300)
                .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
                .collect();
            assert_eq!(len, scanlines.len());
            assert!(
                data[..len] == scanlines[..],
                "levels {levels}: {} pixels differ",
                scanlines.iter().zip(&data).filter(|(a, b)| a != b).count()
            );
        }
    }

    /// The PNG is the bytes `png`'s own encoder writes of the same palette and
    /// indices, unfiltered, at the same level, its scanlines given a row at a time.
    #[test]
    fn the_png_is_the_png_the_encoder_writes() {
        for (levels, seed, level) in [(3, 6, 9), (16, 7, 6), (40, 8, 9), (256, 9, 6)] {
            let pixmap = noisy(211, 97, levels, seed);
            let (pal, indices) = indices_trying_every_colour(&pixmap);
            let mut want = Vec::new();
            let mut enc = png::Encoder::new(&mut want, 211, 97);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(
                pal.iter()
                    .flat_map(|c| [(c >> 16) as u8, (c >> 8) as u8, *c as u8])
                    .collect::<Vec<u8>>(),
            );
            enc.set_compression(if level == 9 {
                png::Compression::High
            } else {
                png::Compression::Balanced
            });
            enc.set_filter(png::Filter::NoFilter);
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&indices).unwrap();
            w.finish().unwrap();
            assert!(
                indexed_png(pixmap, level).unwrap() == want,
                "levels {levels} at {level}"
            );
        }
    }

    /// Spread from the start of the picture's bytes, the area of action is where the
    /// picture lays it, and every other pixel is white.
    #[test]
    fn the_area_spread_is_the_area_laid_on_white() {
        let (width, height) = (23u32, 17u32);
        for (aw, ah, ax, ay) in [
            (10, 6, 3, 4),
            (23, 17, 0, 0),
            (5, 17, 18, 0),
            (1, 1, 22, 16),
        ] {
            let mut data = vec![0u8; pixel_bytes(width, height)];
            let area: Vec<u8> = (0..pixel_bytes(aw, ah)).map(|i| (i % 251) as u8).collect();
            data[..area.len()].copy_from_slice(&area);
            spread(&mut data, (aw, ah), width, (ax, ay));
            for y in 0..height {
                for x in 0..width {
                    let at = pixel_bytes(width, y) + x as usize * 4;
                    let inside = x >= ax && x < ax + aw && y >= ay && y < ay + ah;
                    let want = if inside {
                        let from = pixel_bytes(aw, y - ay) + (x - ax) as usize * 4;
                        area[from..from + 4].to_vec()
                    } else {
                        vec![255; 4]
                    };
                    assert_eq!(
                        data[at..at + 4],
                        want[..],
                        "({x}, {y}) of {aw}x{ah} at ({ax}, {ay})"
                    );
                }
            }
        }
    }
}
