//! Draws, once, when the binary is built, what of the embedded board no game state
//! changes:
//!
//! - the board's layers as SVG text (`svg::layers`, without the pattern of hex ids),
//!   the board under every step of the replay page (`src/replay.rs`), in every build;
//! - with the `pictures` feature, the part of the map pictures no game state changes
//!   (`src/map/backdrop.rs`): the whole embedded board at the scale of the area of
//!   action, kept as square tiles of PNG so that a picture decodes only the tiles its
//!   area meets, and the small map of the whole board.
//!
//! The drawing is the crate's own (`src/svg.rs`, `src/map/backdrop.rs`, compiled here)
//! and the renderer the one the pictures use at run time, so the text and the pixels
//! are those the binary would draw.

#[cfg(feature = "pictures")]
#[allow(dead_code)]
#[path = "src/map/backdrop.rs"]
mod backdrop;
#[cfg(feature = "pictures")]
#[allow(dead_code)]
#[path = "src/map/fonts.rs"]
mod fonts;
// The layers need no renderer: compiled in every build.
#[allow(dead_code, unused_imports)]
#[path = "src/svg.rs"]
mod svg;

fn main() {
    for file in [
        "build.rs",
        "src/svg.rs",
        "src/map/backdrop.rs",
        "src/map/fonts.rs",
        "fonts/DejaVuSans-map.ttf",
        "fonts/DejaVuSans-Bold-map.ttf",
        "fonts/DejaVuSansCondensed-map.ttf",
        "fonts/DejaVuSansCondensed-Bold-map.ttf",
    ] {
        println!("cargo:rerun-if-changed={file}");
    }
    write_layers();
    #[cfg(feature = "pictures")]
    pictures::write();
}

/// The name, in `OUT_DIR`, of the embedded board's layers as SVG text.
const LAYERS_FILE: &str = "board-layers.svg";

/// Writes the embedded board's layers (`svg::layers`, in the coordinates of its own
/// `svg::Geo`, without the pattern of hex ids) as the replay page draws them.
fn write_layers() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    let board = blitzkrieg::board::Board::embedded();
    let layers = svg::layers(&board, &svg::Geo::of(&board), false);
    let path = out.join(LAYERS_FILE);
    if let Err(e) = std::fs::write(&path, layers) {
        fail(&format!("cannot write {}: {e}", path.display()));
    }
}

/// Stops the build with `message`.
fn fail(message: &str) -> ! {
    eprintln!("blitzkrieg-desk build: {message}");
    std::process::exit(1)
}

#[cfg(feature = "pictures")]
mod pictures {
    use super::{backdrop, fail, fonts};
    use resvg::{tiny_skia, usvg};
    use std::path::PathBuf;

    pub fn write() {
        let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
        let board = blitzkrieg::board::Board::embedded();
        let detail = draw(&backdrop::detail_svg(&board));
        let overview = draw(&backdrop::overview_svg(&board));
        save(&out.join("backdrop-detail.bin"), &tiles(&detail));
        let (w, h) = (overview.width(), overview.height());
        save(
            &out.join("backdrop-overview.png"),
            &encode(&overview, (0, 0, w, h)),
        );
    }

    fn save(path: &std::path::Path, bytes: &[u8]) {
        if let Err(e) = std::fs::write(path, bytes) {
            fail(&format!("cannot write {}: {e}", path.display()));
        }
    }

    /// The document's pixels, as the pictures are drawn (`map::raster`), on white.
    fn draw(svg: &str) -> tiny_skia::Pixmap {
        let tree = usvg::Tree::from_str(svg, &fonts::options())
            .unwrap_or_else(|e| fail(&format!("the board's drawing cannot be read: {e}")));
        let size = tree.size().to_int_size();
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
            .unwrap_or_else(|| fail("the board's drawing is too large"));
        // On white, as a picture is: only the board's last column and row, never
        // inside an area of action, are not wholly covered by its paper.
        pixmap.fill(tiny_skia::Color::WHITE);
        resvg::render(
            &tree,
            tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        pixmap
    }

    /// The header ([`map::raster`]'s `DETAIL`) and the tiles of `pixmap`.
    fn tiles(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
        let side = backdrop::TILE;
        let (width, height) = (pixmap.width(), pixmap.height());
        let mut data = Vec::new();
        let mut ends = vec![0u32];
        for y in (0..height).step_by(side as usize) {
            for x in (0..width).step_by(side as usize) {
                let w = side.min(width - x);
                let h = side.min(height - y);
                data.extend_from_slice(&encode(pixmap, (x, y, w, h)));
                ends.push(u32::try_from(data.len()).unwrap_or_else(|_| fail("too large")));
            }
        }
        let count = u32::try_from(ends.len() - 1).unwrap_or(0);
        let mut out = Vec::new();
        for word in [width, height, side, count].iter().chain(&ends) {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(&data);
        out
    }

    /// The rectangle (`x`, `y`, `w`, `h`) of `pixmap` as an RGB PNG: every pixel of the
    /// board's drawing is opaque (it lies on paper or white). Its rows are not
    /// filtered: the board's wide areas of one colour then compress better than with
    /// the encoder's adaptive filters (the tiles take a third less), and a picture
    /// decoding them has no filter to undo.
    fn encode(pixmap: &tiny_skia::Pixmap, (x, y, w, h): (u32, u32, u32, u32)) -> Vec<u8> {
        let mut rgb = Vec::with_capacity((w * h * 3) as usize);
        for row in y..y + h {
            for col in x..x + w {
                let p = pixmap
                    .pixel(col, row)
                    .unwrap_or_else(|| fail("a pixel off the drawing"));
                if p.alpha() != 255 {
                    fail(&format!("the board's pixel ({col}, {row}) is not opaque"));
                }
                rgb.extend_from_slice(&[p.red(), p.green(), p.blue()]);
            }
        }
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::High);
        enc.set_filter(png::Filter::NoFilter);
        let written = enc
            .write_header()
            .and_then(|mut wr| wr.write_image_data(&rgb).and_then(|()| wr.finish()));
        if let Err(e) = written {
            fail(&format!("the board's pixels cannot be written as PNG: {e}"));
        }
        out
    }
}
