//! The board picture a turn mail carries: the war victory track, and each theatre
//! with its battle track (the marker, the middle, the VP icons, the ends that close
//! it) and its campaigns (every battle space with its type and effect, the token on
//! it, the active campaign outlined, closed ones greyed), drawn as SVG and rendered
//! in-process to PNG with the fonts built in, so the same state gives the same bytes
//! on every machine. Public: it shows the board only, never a reserve.

use std::fmt::Write;
#[cfg(feature = "pictures")]
use std::sync::Arc;

#[cfg(feature = "pictures")]
use resvg::{tiny_skia, usvg};

use crate::board::{SpaceType, TheatreDef};
use crate::ruleset::{Ruleset, Side};
use crate::state::{State, Status};
use crate::summary::{game_name, whose_turn};
use crate::WAR_VP;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the board picture could not be drawn: {0}")]
    Svg(String),
    #[error("the board picture could not be written as PNG: {0}")]
    Png(String),
    /// A build without the `pictures` feature (a player's build) draws no PNG.
    #[error("this blitz was built without pictures (--no-default-features), so it cannot draw the board as PNG for a turn mail; install the full build (`cargo install --locked --path crates/cli`)")]
    NotBuilt,
}

const WIDTH: i32 = 1000;
const LEFT: i32 = 20;
const NAME_W: i32 = 262;
const SPACE_W: i32 = 140;
const SPACE_H: i32 = 40;
const ROW_GAP: i32 = 6;
const TRACK_CELL: i32 = 22;
const FAMILY: &str = "DejaVu Sans";

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A side's colour: (fill, text).
fn colour(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Axis => ("#5a5f66", "#ffffff"),
        Side::Germany => ("#8a8f96", "#ffffff"),
        Side::Allied => ("#2f6b3a", "#ffffff"),
        Side::Japan => ("#b3262e", "#ffffff"),
    }
}

fn text(out: &mut String, x: i32, y: i32, size: i32, weight: &str, fill: &str, s: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{y}" font-family="{FAMILY}" font-size="{size}" font-weight="{weight}" fill="{fill}">{}</text>"#,
        esc(s)
    );
}

/// A rectangle `(x, y, width, height)`.
type Area = (i32, i32, i32, i32);

fn rect(out: &mut String, (x, y, w, h): Area, fill: &str, stroke: &str, sw: i32) {
    let _ = writeln!(
        out,
        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>"#
    );
}

/// The war victory track: 0 to 25 with each side's marker.
fn war_track(out: &mut String, rs: &Ruleset, state: &State, y: i32) -> i32 {
    text(out, LEFT, y + 14, 13, "bold", "#000", "War victory track");
    let cell = 30;
    let x0 = LEFT + 150;
    for v in 0..=WAR_VP {
        let x = x0 + i32::try_from(v).unwrap_or(0) * cell;
        let fill = if v == WAR_VP { "#f3d36b" } else { "#f4f1e8" };
        rect(out, (x, y, cell - 2, 26), fill, "#999", 1);
        text(out, x + 3, y + 10, 9, "normal", "#555", &v.to_string());
    }
    for (i, side) in rs.sides().iter().enumerate() {
        let vp = state.vp(*side).min(WAR_VP);
        let x = x0 + i32::try_from(vp).unwrap_or(0) * cell;
        let (fill, _) = colour(*side);
        let dx = 4 + 13 * i32::try_from(i).unwrap_or(0);
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="6" fill="{fill}" stroke="#000" stroke-width="1"/>"##,
            x + dx + 4,
            y + 18
        );
    }
    let legend: Vec<String> = rs
        .sides()
        .iter()
        .map(|s| format!("{s} {}", state.vp(*s)))
        .collect();
    text(out, LEFT, y + 40, 11, "normal", "#000", &legend.join("   "));
    y + 52
}

/// One theatre's battle track.
fn battle_track(
    out: &mut String,
    rs: &Ruleset,
    tdef: &TheatreDef,
    marker: i32,
    (x0, y): (i32, i32),
) {
    let (half, icons, threshold) = (tdef.half, &tdef.icons, rs.board.threshold(tdef));
    // The first player's end on the left: marker +n is n cells left of the middle.
    let (first_fill, _) = colour(rs.first());
    let (second_fill, _) = colour(rs.second());
    for d in -half..=half {
        let x = x0 + (half - d) * TRACK_CELL;
        let closing = d.abs() >= threshold;
        let fill = match (d.signum(), closing) {
            (0, _) => "#f6d5d5",
            (1, true) => first_fill,
            (-1, true) => second_fill,
            _ => "#f4f1e8",
        };
        rect(out, (x, y, TRACK_CELL - 2, 18), fill, "#999", 1);
        if icons.contains(&d.abs()) && d != 0 {
            text(out, x + 6, y + 13, 11, "bold", "#9a6b00", "*");
        }
        if d == marker {
            let _ = writeln!(
                out,
                r##"<circle cx="{}" cy="{}" r="7" fill="#e8b400" stroke="#000" stroke-width="1.5"/>"##,
                x + TRACK_CELL / 2 - 1,
                y + 9
            );
        }
    }
}

/// The picture of a state, as SVG.
pub fn svg(rs: &Ruleset, state: &State) -> String {
    let mut body = String::new();
    let title = format!("{} · game {}", game_name(rs), state.game_id);
    text(&mut body, LEFT, 28, 18, "bold", "#000", &title);
    text(
        &mut body,
        LEFT,
        48,
        12,
        "normal",
        "#333",
        &whose_turn(state),
    );
    let mut y = war_track(&mut body, rs, state, 60) + 8;
    let first = rs.first();
    let second = rs.second();
    text(
        &mut body,
        LEFT,
        y + 4,
        10,
        "normal",
        "#555",
        &format!(
            "Battle tracks: the {first} player's end on the left, the {second} player's on the right; coloured end spaces close the theatre; * a VP icon."
        ),
    );
    y += 14;
    for tdef in &rs.board.theatres {
        let Some(ts) = state.theatres.get(&tdef.id) else {
            continue;
        };
        let status = match ts.status {
            Status::Unopened => " (not opened)",
            Status::Closed => " (closed)",
            Status::Open => "",
        };
        y += 10;
        let ink = if ts.status == Status::Open {
            "#000"
        } else {
            "#888"
        };
        text(
            &mut body,
            LEFT,
            y + 14,
            14,
            "bold",
            ink,
            &format!("{} [{}]{status}", tdef.name, tdef.id),
        );
        let track_x = LEFT + NAME_W + 138;
        battle_track(&mut body, rs, tdef, ts.marker, (track_x, y));
        if !tdef.links.is_empty() {
            let right = track_x + (2 * tdef.half + 1) * TRACK_CELL + 10;
            text(
                &mut body,
                right,
                y + 13,
                10,
                "normal",
                "#555",
                &format!("lines to: {}", tdef.links.join(", ")),
            );
        }
        y += 24;
        let active = ts.active();
        for (ci, (cs, cdef)) in ts.campaigns.iter().zip(&tdef.campaigns).enumerate() {
            let is_active = active == Some(ci);
            let grey = cs.closed || ts.status != Status::Open;
            text(
                &mut body,
                LEFT + 10,
                y + 16,
                12,
                if is_active { "bold" } else { "normal" },
                if grey { "#888" } else { "#000" },
                &format!("{}. {}", ci + 1, cdef.name),
            );
            text(
                &mut body,
                LEFT + 10,
                y + 31,
                10,
                "normal",
                "#555",
                &format!(
                    "{} VP{}",
                    cdef.vp,
                    if cs.closed {
                        ", closed"
                    } else if is_active {
                        ", active"
                    } else {
                        ""
                    }
                ),
            );
            for (si, (space, sdef)) in cs.spaces.iter().zip(&cdef.spaces).enumerate() {
                let x = LEFT + NAME_W + i32::try_from(si).unwrap_or(0) * SPACE_W;
                let (land, sea) = ("#e4d6ae", "#b7d3ee");
                match sdef.ty {
                    SpaceType::Land => {
                        rect(&mut body, (x, y, SPACE_W - 6, SPACE_H), land, "none", 0)
                    }
                    SpaceType::Sea => rect(&mut body, (x, y, SPACE_W - 6, SPACE_H), sea, "none", 0),
                    SpaceType::LandSea => {
                        let half = (SPACE_W - 6) / 2;
                        rect(&mut body, (x, y, half, SPACE_H), land, "none", 0);
                        rect(
                            &mut body,
                            (x + half, y, SPACE_W - 6 - half, SPACE_H),
                            sea,
                            "none",
                            0,
                        );
                    }
                }
                let border = if is_active { "#000" } else { "#aaa" };
                let sw = if is_active { 2 } else { 1 };
                rect(&mut body, (x, y, SPACE_W - 6, SPACE_H), "none", border, sw);
                let ty = match sdef.ty {
                    SpaceType::Land => "land",
                    SpaceType::Sea => "sea",
                    SpaceType::LandSea => "land/sea",
                };
                let effect = sdef.effect.map(|e| e.name()).unwrap_or_default();
                text(
                    &mut body,
                    x + 4,
                    y + 11,
                    9,
                    "normal",
                    "#333",
                    &format!("{}  {ty} {effect}", si + 1),
                );
                if let Some(o) = space {
                    let (fill, ink) = colour(o.side);
                    rect(
                        &mut body,
                        (x + 4, y + 14, SPACE_W - 14, 23),
                        fill,
                        "#000",
                        1,
                    );
                    let kind = rs.catalogue.get(&o.token).map_or(String::new(), |d| {
                        if d.value > 0 {
                            format!("{} {}", d.kind.name(), d.value)
                        } else {
                            d.kind.name().to_string()
                        }
                    });
                    let copy = o
                        .acts_as
                        .as_ref()
                        .and_then(|a| rs.catalogue.get(a))
                        .map(|d| format!(" as {}", d.kind.name()))
                        .unwrap_or_default();
                    text(
                        &mut body,
                        x + 7,
                        y + 25,
                        9,
                        "bold",
                        ink,
                        &format!("{kind}{copy}"),
                    );
                    text(&mut body, x + 7, y + 34, 8, "normal", ink, &o.token);
                }
            }
            if grey {
                let w = i32::try_from(cs.spaces.len()).unwrap_or(0) * SPACE_W;
                let _ = writeln!(
                    body,
                    r##"<rect x="{}" y="{y}" width="{w}" height="{SPACE_H}" fill="#ffffff" fill-opacity="0.45"/>"##,
                    LEFT + NAME_W
                );
            }
            y += SPACE_H + ROW_GAP;
        }
    }
    let height = y + 20;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">"#
    );
    rect(&mut out, (0, 0, WIDTH, height), "#ffffff", "none", 0);
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

#[cfg(feature = "pictures")]
fn fonts() -> usvg::fontdb::Database {
    let mut db = usvg::fontdb::Database::new();
    for face in [dejavu::sans::regular(), dejavu::sans::bold()] {
        db.load_font_data(face.to_vec());
    }
    db.set_sans_serif_family(FAMILY);
    db
}

/// The picture of a state as PNG bytes: refused in a build without pictures.
#[cfg(not(feature = "pictures"))]
pub fn png(_rs: &Ruleset, _state: &State) -> Result<Vec<u8>, PictureError> {
    Err(PictureError::NotBuilt)
}

/// The picture of a state as PNG bytes (8-bit RGB).
#[cfg(feature = "pictures")]
pub fn png(rs: &Ruleset, state: &State) -> Result<Vec<u8>, PictureError> {
    let opt = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: Arc::new(fonts()),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&svg(rs, state), &opt)
        .map_err(|e| PictureError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| PictureError::Svg("the picture has no size".into()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    // The background is opaque white, so the premultiplied pixels are the colours.
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, size.width(), size.height());
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::High);
        let mut w = enc
            .write_header()
            .map_err(|e| PictureError::Png(e.to_string()))?;
        w.write_image_data(&rgb)
            .map_err(|e| PictureError::Png(e.to_string()))?;
    }
    Ok(bytes)
}
