//! SVG to PNG in-process, with the fonts built in: DejaVu Sans (regular, bold and
//! condensed) comes embedded, no system font is ever looked up, so the same picture
//! is the same bytes on every machine. The PNG is written with a palette of the 256
//! commonest colours (a map is mostly flat colour), a third of the size of full colour.

use resvg::{tiny_skia, usvg};
use std::collections::BTreeMap;

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
    indexed_png(&pixmap(svg, scale)?, png::Compression::High)
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
    tiny_skia::Pixmap::new(width, height).ok_or(RasterError::TooLarge { width, height })
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
pub fn png_over(over: &super::picture::Over) -> Result<Vec<u8>, RasterError> {
    indexed_png(&pixmap_over(over)?, OVER_COMPRESSION)
}

/// How hard the picture of the action is compressed: zlib's default level (6) takes
/// two fifths of the instructions of the best (9), which the other pictures keep, for PNGs
/// 1.6% to 2.8% larger. Every sample's picture still fits [`super::PNG_BUDGET`] at the
/// same area as at level 9 (`docs/speed.md`, sixth pass).
const OVER_COMPRESSION: png::Compression = png::Compression::Balanced;

/// [`png_over`]'s pixels: the area of action's marks drawn on the board's pixels of
/// the area, in a picture the area's size, laid with the small map's pixels on the
/// white picture, and the rest of the picture drawn over them. No layer or mask of
/// the picture's size is drawn, and the area's picture is freed before the rest is
/// drawn.
pub fn pixmap_over(over: &super::picture::Over) -> Result<tiny_skia::Pixmap, RasterError> {
    let at = &over.at;
    let frame = tree(&over.frame)?;
    let area = {
        let tree = tree(&over.area)?;
        let mut area = canvas(&tree, 1.0)?;
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
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut area.as_mut());
        area
    };
    let mut pixmap = canvas(&frame, 1.0)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let (aw, ah) = (area.width() as usize * 4, area.height());
    for row in 0..ah {
        let from = row as usize * aw;
        let to = (at.detail_at.0, at.detail_at.1 + row);
        lay(&mut pixmap, to, area.data().get(from..from + aw), 4);
    }
    drop(area);
    let mut buf = Vec::new();
    let (ow, oh) = decode(OVERVIEW, &mut buf)?;
    for row in 0..oh {
        let from = (row * ow * 3) as usize;
        let to = (at.overview_at.0, at.overview_at.1 + row);
        lay_rgb(&mut pixmap, to, buf.get(from..from + (ow * 3) as usize));
    }
    resvg::render(
        &frame,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
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
fn lay_rgb(pixmap: &mut tiny_skia::Pixmap, at: (u32, u32), rgb: Option<&[u8]>) {
    lay(pixmap, at, rgb, 3);
}

/// Lays the pixels `from`, `size` bytes each (RGB, opaque, or premultiplied RGBA),
/// down on `pixmap` from the pixel `(x, y)` rightwards, as far as the picture goes.
fn lay(pixmap: &mut tiny_skia::Pixmap, (x, y): (u32, u32), from: Option<&[u8]>, size: usize) {
    let (width, height) = (pixmap.width(), pixmap.height());
    let Some(from) = from else { return };
    if y >= height || x >= width {
        return;
    }
    let start = ((y * width + x) * 4) as usize;
    let room = ((width - x) * 4) as usize;
    let Some(row) = pixmap.data_mut().get_mut(start..start + room) else {
        return;
    };
    for (px, c) in row.chunks_exact_mut(4).zip(from.chunks_exact(size)) {
        match c {
            [r, g, b] => px.copy_from_slice(&[*r, *g, *b, 255]),
            _ => px.copy_from_slice(c),
        }
    }
}

/// A pixel's colour as 0xRRGGBB, laid on white where the picture is transparent.
fn rgb(p: &tiny_skia::PremultipliedColorU8) -> u32 {
    // premultiplied: on white, each channel is c + (255 - a)
    let white = 255 - u32::from(p.alpha());
    let ch = |c: u8| (u32::from(c) + white).min(255);
    (ch(p.red()) << 16) | (ch(p.green()) << 8) | ch(p.blue())
}

/// The picture's colours ([`rgb`]) as runs of one colour: (colour, length). A map has
/// long runs: they are all that is kept of the colours, not a copy of every pixel.
fn runs(pixmap: &tiny_skia::Pixmap) -> Vec<(u32, u32)> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for c in pixmap.pixels().iter().map(rgb) {
        match runs.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => runs.push((c, 1)),
        }
    }
    runs
}

/// The 256 commonest colours, commonest first (ties by colour value).
fn palette(runs: &[(u32, u32)]) -> Vec<u32> {
    let mut sorted = runs.to_vec();
    sorted.sort_unstable();
    let mut counts: Vec<(u32, u32)> = Vec::new();
    for (c, k) in sorted {
        match counts.last_mut() {
            Some((last, n)) if *last == c => *n += k,
            _ => counts.push((c, k)),
        }
    }
    counts.sort_by_key(|(c, n)| (std::cmp::Reverse(*n), *c));
    counts.into_iter().take(256).map(|(c, _)| c).collect()
}

/// A colour's red, green and blue.
fn channels(c: u32) -> [i32; 3] {
    let b = c.to_be_bytes();
    [i32::from(b[1]), i32::from(b[2]), i32::from(b[3])]
}

/// The index of the palette colour nearest to `c` (squared distance, first wins).
fn nearest(pal: &[[i32; 3]], c: u32) -> u8 {
    let [r, g, b] = channels(c);
    let mut best = (i32::MAX, 0usize);
    for (i, p) in pal.iter().enumerate() {
        let d = (r - p[0]) * (r - p[0]) + (g - p[1]) * (g - p[1]) + (b - p[2]) * (b - p[2]);
        if d < best.0 {
            best = (d, i);
        }
    }
    u8::try_from(best.1).unwrap_or(0)
}

/// Each pixel's palette index, run by run: exact colours by binary search, the
/// others by the nearest colour, worked out once per colour.
fn indices(runs: &[(u32, u32)], pal: &[u32], len: usize) -> Vec<u8> {
    let mut exact: Vec<(u32, u8)> = pal
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, u8::try_from(i).unwrap_or(0)))
        .collect();
    exact.sort_unstable();
    let pal_rgb: Vec<[i32; 3]> = pal.iter().map(|c| channels(*c)).collect();
    let mut others: BTreeMap<u32, u8> = BTreeMap::new();
    let mut out = Vec::with_capacity(len);
    for (c, n) in runs {
        let i = match exact.binary_search_by_key(c, |(k, _)| *k) {
            Ok(i) => exact[i].1,
            Err(_) => *others.entry(*c).or_insert_with(|| nearest(&pal_rgb, *c)),
        };
        out.resize(out.len() + *n as usize, i);
    }
    out
}

/// An 8-bit palette PNG of the picture, compressed as `compression` says.
fn indexed_png(
    pixmap: &tiny_skia::Pixmap,
    compression: png::Compression,
) -> Result<Vec<u8>, RasterError> {
    let runs = runs(pixmap);
    let pal = palette(&runs);
    let data = indices(&runs, &pal, pixmap.pixels().len());
    let rgb: Vec<u8> = pal
        .iter()
        .flat_map(|c| [(c >> 16) as u8, (c >> 8) as u8, *c as u8])
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(rgb);
    enc.set_compression(compression);
    enc.set_filter(png::Filter::NoFilter);
    let err = |e: png::EncodingError| RasterError::Png(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&data).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
