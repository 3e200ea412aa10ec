//! SVG to PNG in-process, with the fonts built in: DejaVu Sans (regular, bold and
//! condensed) comes embedded, no system font is ever looked up, so the same picture
//! is the same bytes on every machine. The PNG is written with a palette of the 256
//! commonest colours (a map is mostly flat colour), a third of the size of full colour.

use resvg::{tiny_skia, usvg};
use std::collections::BTreeMap;
use std::sync::Arc;

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

/// The family every picture's text is set in.
pub const FAMILY: &str = "DejaVu Sans";

/// A font database holding only the embedded faces.
pub fn fonts() -> usvg::fontdb::Database {
    let mut db = usvg::fontdb::Database::new();
    for face in [
        dejavu::sans::regular(),
        dejavu::sans::bold(),
        dejavu::sans_condensed::regular(),
        dejavu::sans_condensed::bold(),
    ] {
        // The faces are read where the binary holds them, not copied (2.7 MB).
        db.load_font_source(usvg::fontdb::Source::Binary(Arc::new(face)));
    }
    db.set_sans_serif_family(FAMILY);
    db.set_serif_family(FAMILY);
    db.set_monospace_family(FAMILY);
    db
}

/// Draws an SVG document at `scale` (1.0: one SVG unit, one pixel) as RGBA pixels.
pub fn pixmap(svg: &str, scale: f32) -> Result<tiny_skia::Pixmap, RasterError> {
    // The faces are read once a process: a turn map drawn again at a smaller area
    // (`map::state_png`) sets them up once.
    static FONTS: std::sync::OnceLock<Arc<usvg::fontdb::Database>> = std::sync::OnceLock::new();
    let opt = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: Arc::clone(FONTS.get_or_init(|| Arc::new(fonts()))),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RasterError::Svg(e.to_string()))?;
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
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(RasterError::TooLarge { width, height })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Draws an SVG document at `scale` as PNG bytes, with a palette.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RasterError> {
    indexed_png(&pixmap(svg, scale)?)
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

/// An 8-bit palette PNG of the picture.
fn indexed_png(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RasterError> {
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
    enc.set_compression(png::Compression::High);
    enc.set_filter(png::Filter::NoFilter);
    let err = |e: png::EncodingError| RasterError::Png(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&data).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
