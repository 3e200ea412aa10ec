//! The turn drawn over the board, as SVG in the board's own coordinates (those of
//! [`svg::Geo`]): hex ids on every hex of an area, stacks that name each of their
//! units with its factors, the paths of the turn with arrowheads (the sea legs of
//! landings among them), battle markers with id, odds and result, and automatic
//! victory markers with their odds. Shared by the mail picture and the replay page; every
//! element a reader may point at carries a `data-` attribute naming it.

use super::action::{Av, Battle, Lost, Path, Strike, Supplied, Track};
use super::labels::{Rect, LABEL_H};
use crate::svg::{esc, f, push_f, CounterMark, Geo, HEX_HALF_HEIGHT};
use blitzkrieg::board::Board;
use blitzkrieg::hex::Hex;
use blitzkrieg::units::Side;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The ink of a side's paths.
pub fn ink(side: Side) -> &'static str {
    match side {
        Side::Blue => "#123a8c",
        Side::Red => "#9e1b12",
    }
}

/// The fill of a side's counters, as on `blitz board --svg`.
pub fn counter_fill(side: Side) -> &'static str {
    match side {
        Side::Blue => "#2b5cb8",
        Side::Red => "#c0392b",
    }
}

/// The colour of battle markers.
pub const BATTLE: &str = "#f08c00";

/// The colour of automatic victory markers (21).
pub const AV: &str = "#7b2cbf";
/// The ink of barrages and strategic bombings on the BBT (25.2, 30.42).
pub const BBT: &str = "#a4161a";

/// Font size of hex ids and counter strips, in board units.
const TEXT: f64 = 2.9;
/// One counter strip: width and height, and the gap between strips.
pub(super) const STRIP_W: f64 = 21.0;
const STRIP_H: f64 = 4.2;
const STRIP_GAP: f64 = 0.35;
/// Where the first strip of a stack starts, below the hex id.
const STRIPS_TOP: f64 = -7.4;
/// The most strips drawn at full height: more share their height, so that a stack
/// stays inside its hex.
const FULL_STRIPS: usize = 3;

/// The height of each of `n` strips of one hex, and the size of their text.
fn strip_size(n: usize) -> (f64, f64) {
    if n <= FULL_STRIPS {
        return (STRIP_H, TEXT);
    }
    let room = FULL_STRIPS as f64 * (STRIP_H + STRIP_GAP);
    let h = room / n as f64 - STRIP_GAP;
    (h, (h * 0.72).min(TEXT))
}

/// Where the strips of a hex holding `n` begin under its centre, and how tall they
/// are together.
pub(super) fn strips_extent(n: usize) -> (f64, f64) {
    let (h, _) = strip_size(n);
    (STRIPS_TOP, n as f64 * (h + STRIP_GAP))
}

/// The id of every hex of `hexes`, at the top of the hex, on a light halo so that it
/// reads over a path.
pub fn hex_ids(board: &Board, geo: &Geo, hexes: impl Iterator<Item = Hex>) -> String {
    hex_ids_sized(board, geo, hexes, IdStyle::DETAIL)
}

/// How hex ids are written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IdStyle {
    /// The font size, in board units.
    pub size: f64,
    /// How far above the hex's centre the text's foot stands, in board units.
    pub above: f64,
    /// Drawn without smoothing and without a halo: the many ids of a home country
    /// drawn whole for its set-up, in few bytes.
    pub crisp: bool,
}

impl IdStyle {
    /// At the top of the hex, at the picture of the action's scale.
    pub const DETAIL: IdStyle = IdStyle {
        size: TEXT,
        above: HEX_HALF_HEIGHT - 3.5,
        crisp: false,
    };
}

/// [`hex_ids`] written as `style` says.
pub fn hex_ids_sized(
    board: &Board,
    geo: &Geo,
    hexes: impl Iterator<Item = Hex>,
    style: IdStyle,
) -> String {
    let look = if style.crisp {
        r#"text-rendering="optimizeSpeed" font-weight="bold""#.to_string()
    } else {
        format!(
            r##"stroke="#fdfcf7" stroke-width="{}" stroke-linejoin="round" paint-order="stroke""##,
            f(style.size * 0.9 / TEXT)
        )
    };
    let mut s = format!(
        "<g class=\"hex-ids\" font-size=\"{}\" fill=\"#2a2a2a\" {look} text-anchor=\"middle\">\n",
        f(style.size)
    );
    // Each id written in place ([`push_f`]): the replay page writes every hex's.
    for h in hexes.filter(|h| board.hex(*h).is_some()) {
        let (x, y) = geo.centre(h);
        s.push_str(r#"<text x=""#);
        push_f(&mut s, x);
        s.push_str(r#"" y=""#);
        push_f(&mut s, y - style.above);
        let _ = writeln!(s, r#"">{h}</text>"#);
    }
    s.push_str("</g>\n");
    s
}

/// Every stack on the map: one strip per unit ("6-4-3 B-1AT" on its side's colour)
/// under the hex id, a badge with the count when more than one unit shares the hex,
/// and the units lost there this turn in grey, struck through.
pub fn stacks(geo: &Geo, marks: &[CounterMark], lost: &[Lost]) -> String {
    let mut by_hex: BTreeMap<Hex, (Vec<&CounterMark>, Vec<&Lost>)> = BTreeMap::new();
    for m in marks {
        by_hex.entry(m.hex).or_default().0.push(m);
    }
    for l in lost {
        by_hex.entry(l.hex).or_default().1.push(l);
    }
    let mut s = String::from("<g class=\"stacks\" text-anchor=\"middle\">\n");
    for (h, (live, gone)) in &by_hex {
        let (cx, cy) = geo.centre(*h);
        let ids: Vec<&str> = live.iter().map(|m| m.id.as_str()).collect();
        let _ = writeln!(
            s,
            r#"<g class="stack" data-hex="{h}" data-units="{}" data-count="{}">"#,
            esc(&ids.join(" ")),
            live.len()
        );
        let x = cx - STRIP_W / 2.0;
        let mut y = cy + STRIPS_TOP;
        let size = strip_size(live.len() + gone.len());
        for m in live {
            strip(
                &mut s,
                (x, y, size),
                counter_fill(m.side),
                "#ffffff",
                &format!("{} {}", m.factors, m.id),
            );
            y += size.0 + STRIP_GAP;
        }
        for l in gone {
            strip(&mut s, (x, y, size), "#d9d9d9", "#555555", l.unit.as_str());
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#333333" stroke-width="0.5"/>"##,
                f(x + 2.0),
                f(y + size.0 / 2.0),
                f(x + STRIP_W - 2.0),
                f(y + size.0 / 2.0)
            );
            y += size.0 + STRIP_GAP;
        }
        if live.len() > 1 {
            let (bx, by) = (cx + 8.6, cy - HEX_HALF_HEIGHT + 3.0);
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="2.3" fill="#111111"/><text x="{}" y="{}" font-size="3.2" font-weight="bold" fill="#ffffff">{}</text>"##,
                f(bx),
                f(by),
                f(bx),
                f(by + 1.15),
                live.len()
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
    s
}

/// One strip at `(x, y)` of `(height, text size)`.
fn strip(
    s: &mut String,
    (x, y, (h, text_size)): (f64, f64, (f64, f64)),
    fill: &str,
    ink: &str,
    text: &str,
) {
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="0.8" fill="{fill}" stroke="#111111" stroke-width="0.35"/><text x="{}" y="{}" font-size="{}" font-weight="bold" font-stretch="condensed" fill="{ink}">{}</text>"##,
        f(x),
        f(y),
        f(STRIP_W),
        f(h),
        f(x + STRIP_W / 2.0),
        f(y + h / 2.0 + text_size * 0.36),
        f(text_size),
        esc(text)
    );
}

/// Counters on the whole-board overview: each occupied hex filled with its side's
/// colour (both sides on one hex cannot happen; the first unit decides).
pub fn occupied(geo: &Geo, marks: &[CounterMark]) -> String {
    let mut by_hex: BTreeMap<Hex, Side> = BTreeMap::new();
    for m in marks {
        by_hex.entry(m.hex).or_insert(m.side);
    }
    let mut s = String::from("<g class=\"occupied\" stroke=\"#111111\" stroke-width=\"1\">\n");
    for (h, side) in by_hex {
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{}"/>"#,
            geo.polygon(h),
            counter_fill(side)
        );
    }
    s.push_str("</g>\n");
    s
}

fn dashes(t: Track) -> &'static str {
    match t {
        Track::Move => "",
        Track::Retreat => r#" stroke-dasharray="2.4,1.6""#,
        Track::Advance => r#" stroke-dasharray="0.8,1.2""#,
        Track::Air | Track::Drop => r#" stroke-dasharray="5,2""#,
        Track::Sea => r#" stroke-dasharray="3,1,0.8,1""#,
        Track::Mission => r#" stroke-dasharray="1,1.4,4,1.4""#,
        Track::Supply => r#" stroke-dasharray="4,1.2,0.8,1.2,0.8,1.2""#,
    }
}

/// A point in the board's coordinates.
type Point = (f64, f64);

/// The point `k` of the way from `a` to `b`.
fn towards(a: (f64, f64), b: (f64, f64), k: f64) -> (f64, f64) {
    (a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k)
}

/// An arrowhead with its tip at `tip`, pointing away from `from`.
fn arrowhead(from: (f64, f64), tip: (f64, f64), len: f64, width: f64) -> String {
    let (dx, dy) = (tip.0 - from.0, tip.1 - from.1);
    let d = (dx * dx + dy * dy).sqrt().max(0.001);
    let (ux, uy) = (dx / d, dy / d);
    let base = (tip.0 - ux * len, tip.1 - uy * len);
    let (px, py) = (-uy * width / 2.0, ux * width / 2.0);
    format!(
        "{},{} {},{} {},{}",
        f(tip.0),
        f(tip.1),
        f(base.0 + px),
        f(base.1 + py),
        f(base.0 - px),
        f(base.1 - py)
    )
}

/// The lines of the turn's paths, from hex centre to hex centre, ending at the edge of
/// the last hex; drawn under the counters. [`path_heads`] draws their arrowheads.
pub fn path_lines(geo: &Geo, paths: &[Path]) -> String {
    let mut s = String::from(
        "<g class=\"paths\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n",
    );
    for (i, p) in paths.iter().enumerate() {
        let Some((pts, _, tip)) = path_points(geo, p) else {
            continue;
        };
        let mut d = String::new();
        for (k, (x, y)) in pts.iter().chain(std::iter::once(&tip)).enumerate() {
            let _ = write!(d, "{}{} {}", if k == 0 { "M" } else { " L" }, f(*x), f(*y));
        }
        let units: Vec<&str> = p.units.iter().map(|u| u.as_str()).collect();
        let _ = writeln!(
            s,
            r##"<g class="path" data-path="{i}" data-track="{}" data-units="{}"><path d="{d}" stroke="#ffffff" stroke-opacity="0.9" stroke-width="3.2"/><path d="{d}" stroke="{}" stroke-width="1.9"{}/><circle cx="{}" cy="{}" r="1.6" fill="#ffffff" stroke="{}" stroke-width="0.8"/></g>"##,
            p.track.word(),
            esc(&units.join(" ")),
            ink(p.side),
            dashes(p.track),
            f(pts[0].0),
            f(pts[0].1),
            ink(p.side)
        );
    }
    s.push_str("</g>\n");
    s
}

/// The arrowheads of the turn's paths, on top of the counters.
pub fn path_heads(geo: &Geo, paths: &[Path]) -> String {
    let mut s = String::from("<g class=\"path-heads\">\n");
    for p in paths {
        let Some((_, from, tip)) = path_points(geo, p) else {
            continue;
        };
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="{}" stroke="#ffffff" stroke-width="0.5"/>"##,
            arrowhead(from, tip, 5.0, 4.6),
            ink(p.side)
        );
    }
    s.push_str("</g>\n");
    s
}

/// The centres a path passes, the point its arrowhead comes from and its tip: just
/// inside the last hex.
fn path_points(geo: &Geo, p: &Path) -> Option<(Vec<Point>, Point, Point)> {
    let pts: Vec<(f64, f64)> = p.hexes.iter().map(|h| geo.centre(*h)).collect();
    if pts.len() < 2 {
        return None;
    }
    let last = pts[pts.len() - 1];
    let prev = pts[pts.len() - 2];
    let tip = towards(prev, last, tip_share(prev, last));
    let body = pts[..pts.len() - 1].to_vec();
    Some((body, prev, tip))
}

/// The distance between the centres of neighbouring hexes, in board units.
const HEX_STEP: f64 = 2.0 * HEX_HALF_HEIGHT;

/// How far along the last leg of a path, from `prev` to `last`, its arrowhead's tip
/// lies: just inside the last hex, as far short of its centre on a long leg (an
/// aircraft's flight, a change of base, an air transport) as on a step to the next
/// hex (six tenths of it), not six tenths of the whole leg.
fn tip_share(prev: Point, last: Point) -> f64 {
    let d = ((last.0 - prev.0).powi(2) + (last.1 - prev.1).powi(2)).sqrt();
    if d <= HEX_STEP * 1.01 {
        0.6
    } else {
        1.0 - 0.4 * HEX_STEP / d
    }
}

/// The ring round every hex of each battle (14.2: a battle may attack several hexes
/// as one defence) and each hex won by automatic victory, drawn
/// under the counters.
pub fn battle_rings(geo: &Geo, battles: &[Battle], avs: &[Av]) -> String {
    let mut s = String::from("<g class=\"battle-rings\">\n");
    let rings = battles
        .iter()
        .flat_map(|b| b.hexes.iter().map(|h| (*h, "#ffe8cc", BATTLE)))
        .chain(avs.iter().map(|v| (v.hex, "#ecdcff", AV)));
    for (hex, fill, ink) in rings {
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="{fill}" fill-opacity="0.6" stroke="{ink}" stroke-width="1.6"/>"##,
            geo.polygon(hex)
        );
    }
    s.push_str("</g>\n");
    s
}

/// Battles (ringed by [`battle_rings`]): a short arrow across each hexside an attack came
/// over, and a label with the battle's id, odds column and result under the hex.
pub fn battles(geo: &Geo, battles: &[Battle]) -> String {
    battles_placed(geo, battles, &mut under)
}

/// [`battles`], each label where `place` puts it.
pub fn battles_placed(geo: &Geo, battles: &[Battle], place: &mut Place<'_>) -> String {
    let mut s = String::from("<g class=\"battles\">\n");
    for b in battles {
        let _ = writeln!(
            s,
            r#"<g class="battle" data-battle="{}" data-hex="{}" data-odds="{}" data-roll="{}" data-result="{}">"#,
            esc(&b.id),
            b.target,
            esc(&b.odds),
            esc(&b.roll),
            esc(&b.result)
        );
        let text = format!("{} {} {}", b.id, b.odds, b.result);
        let label = Label {
            text: &text,
            below: LABEL_BELOW,
        };
        attack_marker(
            &mut s,
            geo,
            (b.target, &b.from),
            (&label, &mut *place),
            ("#fff3bf", BATTLE),
        );
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
    s
}

/// Barrages and strategic bombings on the BBT (25.2, 30.42) and attacks on minor
/// country cities on the MCRT (29.4): a dark red dashed ring round the hex struck, a
/// short arrow across each hexside a city's attackers stood behind, and a label with the
/// id and result, under a battle's (a bombing's bombers are drawn as their flight,
/// [`Track::Mission`]).
pub fn strikes(geo: &Geo, strikes: &[Strike]) -> String {
    strikes_placed(geo, strikes, &mut under)
}

/// [`strikes`], each label where `place` puts it.
pub fn strikes_placed(geo: &Geo, strikes: &[Strike], place: &mut Place<'_>) -> String {
    let mut s = String::from("<g class=\"strikes\">\n");
    for t in strikes {
        let head = format!(
            r#"class="strike" data-hex="{}" data-side="{}""#,
            t.target, t.side
        );
        ringed(
            &mut s,
            geo,
            (&head, t.target, &t.from),
            (&t.label, &mut *place),
            ("#ffe3e3", BBT),
        );
    }
    s.push_str("</g>\n");
    s
}

/// [`fights_placed`], each label under its hex (the replay page's).
pub fn fights(geo: &Geo, fights: &[super::air::Fight]) -> String {
    fights_placed(geo, fights, &mut under)
}

/// 32.32, 32.4: each air combat of the player-turn, a teal dashed ring round its hex
/// and a label with the factors each fire took ("ACT 1/1"), placed as `place` puts it
/// (nothing when there is none).
pub fn fights_placed(geo: &Geo, fights: &[super::air::Fight], place: &mut Place<'_>) -> String {
    if fights.is_empty() {
        return String::new();
    }
    let mut s = String::from("<g class=\"air-combats\">\n");
    for x in fights {
        let head = format!(r#"class="air-combat" data-hex="{}""#, x.hex);
        ringed(
            &mut s,
            geo,
            (&head, x.hex, &[]),
            (&x.label(), &mut *place),
            ("#e3fafc", super::air::AIR),
        );
    }
    s.push_str("</g>\n");
    s
}

/// The ink of an air supply's ring and label (50.7, BLITZKRIEG '85).
pub const SUPPLY: &str = "#2b8a3e";

/// [`supplies_placed`], each label under its hex (the replay page's).
pub fn supplies(geo: &Geo, supplies: &[Supplied]) -> String {
    supplies_placed(geo, supplies, &mut under)
}

/// 50.73-50.74: each hex supplied by air this player-turn, a green dashed ring and a
/// label saying whether the supplies were dropped or landed, placed as `place` puts
/// it (nothing when there is none). A drop's flight from the base is a path
/// ([`Track::Supply`]).
pub fn supplies_placed(geo: &Geo, supplies: &[Supplied], place: &mut Place<'_>) -> String {
    if supplies.is_empty() {
        return String::new();
    }
    let mut s = String::from("<g class=\"air-supplies\">\n");
    for x in supplies {
        let head = format!(
            r#"class="air-supply" data-hex="{}" data-side="{}" data-unit="{}" data-lands="{}""#,
            x.hex, x.side, x.aircraft, x.lands
        );
        ringed(
            &mut s,
            geo,
            (&head, x.hex, &[]),
            (x.label(), &mut *place),
            ("#ebfbee", SUPPLY),
        );
    }
    s.push_str("</g>\n");
    s
}

/// One marker of [`strikes_placed`], [`fights_placed`] or [`supplies_placed`]: a group with `head`'s
/// attributes, a dashed ring round `hex`, the arrows from `from` and the label, in
/// `colours` (the label's fill and the ink).
fn ringed(
    s: &mut String,
    geo: &Geo,
    (head, hex, from): (&str, Hex, &[Hex]),
    (text, place): (&str, &mut Place<'_>),
    (fill, ink): (&str, &str),
) {
    let _ = writeln!(
        s,
        r##"<g {head}><polygon points="{}" fill="none" stroke="{ink}" stroke-width="1.2" stroke-dasharray="1.4,0.8"/>"##,
        geo.polygon(hex)
    );
    let label = Label { text, below: 11.4 };
    attack_marker(s, geo, (hex, from), (&label, place), (fill, ink));
    s.push_str("</g>\n");
}

/// Automatic victories (21.1, ringed by [`battle_rings`]): a short arrow across each
/// hexside the AVing units stood behind, and a label "AV 9-1".
pub fn avs(geo: &Geo, avs: &[Av]) -> String {
    avs_placed(geo, avs, &mut under)
}

/// [`avs`], each label where `place` puts it.
pub fn avs_placed(geo: &Geo, avs: &[Av], place: &mut Place<'_>) -> String {
    let mut s = String::from("<g class=\"avs\">\n");
    for v in avs {
        let _ = writeln!(
            s,
            r#"<g class="av" data-hex="{}" data-odds="{}" data-side="{}">"#,
            v.hex,
            esc(&v.odds),
            v.side
        );
        let text = format!("AV {}", v.odds);
        let label = Label {
            text: &text,
            below: LABEL_BELOW,
        };
        attack_marker(
            &mut s,
            geo,
            (v.hex, &v.from),
            (&label, &mut *place),
            ("#f3e8ff", AV),
        );
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
    s
}

/// How far under a hex's centre a battle's label begins.
const LABEL_BELOW: f64 = 6.6;

/// A marker's label: its text, and how far under the hex's centre it begins.
struct Label<'a> {
    text: &'a str,
    below: f64,
}

/// Where a label goes: given its hex's centre, its width and how far under the centre
/// it would begin, the rectangle it takes (its height is [`LABEL_H`]).
pub type Place<'a> = dyn FnMut((f64, f64), f64, f64) -> Rect + 'a;

/// A label under its hex's centre, whatever it covers (the replay page's).
fn under((x, y): (f64, f64), w: f64, below: f64) -> Rect {
    Rect {
        x: x - w / 2.0,
        y: y + below,
        w,
        h: LABEL_H,
    }
}

/// The arrows from `from` into `target` and the label where `place` puts it, in
/// `colours`: the label's fill and the ink.
fn attack_marker(
    s: &mut String,
    geo: &Geo,
    (target, from): (Hex, &[Hex]),
    (label, place): (&Label, &mut Place<'_>),
    (fill, ink): (&str, &str),
) {
    let target = geo.centre(target);
    for h in from {
        let from = geo.centre(*h);
        let a = towards(from, target, 0.3);
        let tip = towards(from, target, 0.62);
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{ink}" stroke-width="1.6"/><polygon points="{}" fill="{ink}" stroke="#5a3000" stroke-width="0.3"/>"##,
            f(a.0),
            f(a.1),
            f(tip.0),
            f(tip.1),
            arrowhead(a, tip, 3.6, 3.6)
        );
    }
    let w = 2.0 + label.text.chars().count() as f64 * 1.9;
    let at = place(target, w, label.below);
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="1" fill="{fill}" stroke="{ink}" stroke-width="0.7"/><text x="{}" y="{}" font-size="3" font-weight="bold" fill="#111111" text-anchor="middle">{}</text>"##,
        f(at.x),
        f(at.y),
        f(at.w),
        f(at.h),
        f(at.x + at.w / 2.0),
        f(at.y + 3.25),
        esc(label.text)
    );
}

/// The attack arrows of `markers` (the hex attacked, the hexes the attack came from),
/// as rectangles a label should not cover.
pub fn arrow_boxes(geo: &Geo, markers: &[(Hex, &[Hex])]) -> Vec<Rect> {
    let mut out = Vec::new();
    for (target, from) in markers {
        let target = geo.centre(*target);
        for h in *from {
            let from = geo.centre(*h);
            let a = towards(from, target, 0.3);
            let tip = towards(from, target, 0.62);
            out.push(Rect {
                x: a.0.min(tip.0) - 1.8,
                y: a.1.min(tip.1) - 1.8,
                w: (a.0 - tip.0).abs() + 3.6,
                h: (a.1 - tip.1).abs() + 3.6,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use blitzkrieg::units::UnitId;

    fn path(track: Track, hexes: &[&str]) -> Path {
        Path {
            side: Side::Blue,
            track,
            hexes: hexes.iter().map(|h| h.parse().unwrap()).collect(),
            units: vec![UnitId::new("B-1TAC").unwrap()],
        }
    }

    /// Each hex id on the board is written as `format!` wrote it, in both styles, and a
    /// hex off the board is left out.
    #[test]
    fn hex_ids_are_written_as_format_writes_them() {
        let board = Board::embedded();
        let geo = Geo::of(&board);
        let off_board: Hex = "A99".parse().unwrap();
        assert!(board.hex(off_board).is_none());
        for style in [
            IdStyle::DETAIL,
            IdStyle {
                size: 4.4,
                above: 2.05,
                crisp: true,
            },
        ] {
            let hexes = || board.hexes().map(|(h, _)| h).chain([off_board]);
            let ids = hex_ids_sized(&board, &geo, hexes(), style);
            let mut lines = ids.lines();
            assert!(lines.next().is_some_and(|l| l.starts_with("<g ")));
            let mut count = 0;
            for h in hexes().filter(|h| board.hex(*h).is_some()) {
                let (x, y) = geo.centre(h);
                let want = format!(
                    r#"<text x="{}" y="{}">{h}</text>"#,
                    f(x),
                    f(y - style.above)
                );
                assert_eq!(lines.next(), Some(want.as_str()));
                count += 1;
            }
            assert_eq!(lines.next(), Some("</g>"));
            assert_eq!(lines.next(), None);
            assert!(count > 1000, "{count} hexes");
        }
    }

    fn off(a: Point, b: Point) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    /// 30.7: a change of base five hexes long ends just inside the hex based at, as a
    /// move to the next hex does: its tip is as far from the last centre on both.
    #[test]
    fn a_long_flight_s_arrow_ends_in_its_last_hex_30_7() {
        let board =
            blitzkrieg::sketch::Sketch::land(1..=40, 1..=40, blitzkrieg::board::Country::GreatBlue)
                .build();
        let geo = Geo::of(&board);
        let last = geo.centre("V33".parse().unwrap());
        let (_, _, tip) = path_points(&geo, &path(Track::Mission, &["W28", "V33"])).unwrap();
        let (_, _, step) = path_points(&geo, &path(Track::Move, &["V32", "V33"])).unwrap();
        assert!(off(tip, last) < HEX_HALF_HEIGHT, "{tip:?} {last:?}");
        assert!((off(tip, last) - off(step, last)).abs() < 1e-9);
        // A step to the next hex keeps its six tenths.
        let prev = geo.centre("V32".parse().unwrap());
        assert_eq!(step, towards(prev, last, 0.6));
        // The line is drawn to the tip.
        let svg = path_lines(&geo, &[path(Track::Mission, &["W28", "V33"])]);
        assert!(
            svg.contains(&format!("L{} {}", f(tip.0), f(tip.1))),
            "{svg}"
        );
    }

    /// 50.74: an air supply's flight has a dash of its own, and its hex a label saying
    /// drop or landing; none drawn, nothing written.
    #[test]
    fn an_air_supply_is_drawn_apart_from_an_air_transport_50_74() {
        assert_ne!(dashes(Track::Supply), dashes(Track::Air));
        assert_ne!(dashes(Track::Supply), dashes(Track::Drop));
        assert_ne!(dashes(Track::Supply), dashes(Track::Mission));
        let board =
            blitzkrieg::sketch::Sketch::land(1..=40, 1..=40, blitzkrieg::board::Country::GreatBlue)
                .build();
        let geo = Geo::of(&board);
        assert!(supplies(&geo, &[]).is_empty());
        let drop = Supplied {
            side: Side::Blue,
            aircraft: UnitId::new("B-9TA").unwrap(),
            hex: "K10".parse().unwrap(),
            lands: false,
        };
        let landed = Supplied {
            lands: true,
            ..drop.clone()
        };
        let svg = supplies(&geo, &[drop, landed]);
        assert!(svg.contains(">supply drop<"), "{svg}");
        assert!(svg.contains(">supply landed<"), "{svg}");
        assert_eq!(svg.matches(SUPPLY).count(), 4, "{svg}");
    }
}
