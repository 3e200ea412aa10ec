//! The map picture of the turn mail, checked on the pixels: at known positions of the
//! demo game, the hexes of stacks show their side's colour, the battle label is there,
//! the title is drawn with the embedded font, and the same position gives the same
//! bytes (a digest kept as a snapshot).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::hex::Hex;
use blitzkrieg::state::{sha256_hex, GameState};
use blitzkrieg_desk::game::{read_state, RuleFiles, Umpire};
use blitzkrieg_desk::map::{self, picture::Window};
use blitzkrieg_desk::svg::Geo;
use std::sync::OnceLock;

struct Demo {
    umpire: Umpire,
    dir: tempfile::TempDir,
}

type Play = fn(
    &Umpire,
    &std::path::Path,
    bool,
) -> Result<blitzkrieg_desk::demo::Played, blitzkrieg_desk::game::GameError>;

/// A sample game played by `play` into a fresh folder, once for all tests.
fn played(cell: &'static OnceLock<Demo>, play: Play) -> &'static Demo {
    cell.get_or_init(|| {
        let umpire = Umpire::load(&RuleFiles::default()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        play(&umpire, dir.path(), false).unwrap();
        Demo { umpire, dir }
    })
}

/// The demo game.
fn demo() -> &'static Demo {
    static DEMO: OnceLock<Demo> = OnceLock::new();
    played(&DEMO, blitzkrieg_desk::demo::play)
}

/// The optional-rules sample game.
fn optional() -> &'static Demo {
    static OPTIONAL: OnceLock<Demo> = OnceLock::new();
    played(&OPTIONAL, blitzkrieg_desk::demo::play_optional)
}

fn state(stem: &str) -> GameState {
    state_of(demo(), stem)
}

fn state_of(game: &Demo, stem: &str) -> GameState {
    let path = game.dir.path().join(format!("{stem}.state.ron"));
    read_state(&std::fs::read(&path).unwrap(), stem).unwrap()
}

/// A decoded picture: width, height and 0xRRGGBB pixels.
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u32>,
}

fn decode(png_bytes: &[u8]) -> Picture {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(
        info.color_type,
        png::ColorType::Rgb,
        "palette expands to RGB"
    );
    let rgb = buf[..info.buffer_size()]
        .chunks(3)
        .map(|c| (u32::from(c[0]) << 16) | (u32::from(c[1]) << 8) | u32::from(c[2]))
        .collect();
    Picture {
        width: info.width,
        height: info.height,
        rgb,
    }
}

impl Picture {
    fn at(&self, x: f64, y: f64) -> u32 {
        let (x, y) = (x.round() as u32, y.round() as u32);
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is off the picture"
        );
        self.rgb[(y * self.width + x) as usize]
    }

    /// How many pixels within `r` of (x, y) are exactly `colour`.
    fn count_near(&self, (x, y): (f64, f64), r: i32, colour: u32) -> usize {
        let mut n = 0;
        for dy in -r..=r {
            for dx in -r..=r {
                if self.at(x + f64::from(dx), y + f64::from(dy)) == colour {
                    n += 1;
                }
            }
        }
        n
    }
}

struct Shot {
    picture: Picture,
    window: Window,
    geo: Geo,
    bytes: Vec<u8>,
}

fn shot(stem: &str) -> Shot {
    shot_of(demo(), stem)
}

fn shot_of(game: &Demo, stem: &str) -> Shot {
    let s = state_of(game, stem);
    let rules = &game.umpire.rules_for(&s).unwrap();
    let (bytes, fit) = map::state_png_fit(rules, &s).unwrap();
    Shot {
        picture: decode(&bytes),
        window: map::state_window(rules, &s, fit).unwrap(),
        geo: Geo::of(&rules.board),
        bytes,
    }
}

impl Shot {
    /// The pixel of a point `(dx, dy)` board units from the centre of `hex`.
    fn near(&self, hex: &str, dx: f64, dy: f64) -> (f64, f64) {
        let (x, y) = self.geo.centre(hex.parse::<Hex>().unwrap());
        self.window.pixel((x + dx, y + dy))
    }
}

/// The rectangle (x, y, w, h, in board units) of the label of the marker whose group
/// begins with `marker`: its first `rect` filled `fill`.
fn label_rect(svg: &str, marker: &str, fill: &str) -> (f64, f64, f64, f64) {
    let at = svg.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let rest = &svg[at..];
    let rect = rest
        .split("<rect ")
        .skip(1)
        .find(|r| r.contains(&format!("fill=\"{fill}\"")))
        .unwrap();
    let attr = |name: &str| -> f64 {
        let from = rect
            .find(&format!(" {name}=\""))
            .map(|i| i + 1)
            .or_else(|| rect.starts_with(&format!("{name}=\"")).then_some(0));
        let v = &rect[from.unwrap() + name.len() + 2..];
        v[..v.find('"').unwrap()].parse().unwrap()
    };
    (attr("x"), attr("y"), attr("width"), attr("height"))
}

/// The share of the pixels of a label's rectangle (board units) in `colour` on the
/// picture: its fill, where the label is drawn and nothing covers it.
fn filled(s: &Shot, (x, y, w, h): (f64, f64, f64, f64), colour: u32) -> f64 {
    let (x0, y0) = s.window.pixel((x, y));
    let (x1, y1) = s.window.pixel((x + w, y + h));
    let (mut n, mut all) = (0u32, 0u32);
    let mut py = y0.ceil();
    while py < y1 {
        let mut px = x0.ceil();
        while px < x1 {
            all += 1;
            n += u32::from(s.picture.at(px, py) == colour);
            px += 1.0;
        }
        py += 1.0;
    }
    f64::from(n) / f64::from(all.max(1))
}

/// A label that covers none of the `strips` strips of `hex` (21 wide, from 7.4 above
/// its centre, 4.55 each) nor its hex id.
fn assert_label_is_clear(s: &Shot, hex: &str, (x, y, w, h): (f64, f64, f64, f64), strips: u32) {
    let (cx, cy) = s.geo.centre(hex.parse::<Hex>().unwrap());
    let strips_box = (cx - 10.5, cy - 7.4, 21.0, f64::from(strips) * 4.55);
    let id_box = (cx - 4.0, cy - 11.2, 8.0, 3.0);
    for (bx, by, bw, bh) in [strips_box, id_box] {
        let apart = x + w <= bx || bx + bw <= x || y + h <= by || by + bh <= y;
        assert!(
            apart,
            "the label {:?} covers {:?} of {hex}",
            (x, y, w, h),
            (bx, by, bw, bh)
        );
    }
}

const BLUE_COUNTER: u32 = 0x2b5cb8;
const RED_COUNTER: u32 = 0xc0392b;
const LABEL: u32 = 0xfff3bf;
const AV_LABEL: u32 = 0xf3e8ff;

/// After Blue's player-turn 2 (state 05-2-red): Blue's stacks in VV26 and WW28, Red's
/// retreated stack in YY30, battle A1 labelled under WW28, nothing in XX31.
#[test]
fn player_turn_2_blue_shows_its_stacks_battles_and_title() {
    let s = shot("05-2-red");
    // The left end of each stack's first strip is its side's colour.
    for (hex, colour) in [
        ("VV26", BLUE_COUNTER),
        ("WW28", BLUE_COUNTER),
        ("YY30", RED_COUNTER),
    ] {
        let p = s.near(hex, 9.4, -4.6);
        assert!(
            s.picture.count_near(p, 2, colour) >= 20,
            "{hex}: expected a {colour:06x} strip at {p:?}"
        );
    }
    // Battle A1's label lies next to its hex, drawn where the picture shows it, and
    // covers none of the hex's strips (3 units there).
    let game = demo();
    let st = state_of(game, "05-2-red");
    let svg = map::state_svg(&game.umpire.rules_for(&st).unwrap(), &st, 1.0);
    let label = label_rect(&svg, r#"<g class="battle" data-battle="A1""#, "#fff3bf");
    assert_label_is_clear(&s, "WW28", label, 3);
    assert!(
        filled(&s, label, LABEL) > 0.2,
        "{label:?}: {}",
        filled(&s, label, LABEL)
    );
    // An empty hex has no counter colour at its centre.
    let empty = s.near("XX31", 0.0, 0.0);
    for colour in [BLUE_COUNTER, RED_COUNTER, LABEL] {
        assert_eq!(s.picture.count_near(empty, 4, colour), 0);
    }
    // The title is drawn: dark pixels in its band, from the embedded font alone.
    let dark = (0..400)
        .flat_map(|x| (8..28).map(move |y| (x, y)))
        .filter(|(x, y)| s.picture.at(f64::from(*x), f64::from(*y)) < 0x404040)
        .count();
    assert!(dark > 800, "only {dark} dark pixels in the title band");
}

/// 21: after Red's player-turn 1 of the optional sample (state 04-2-blue), the hex
/// UU27 won by automatic victory is ringed and labelled "AV 9-1" under it, with an
/// arrow from each hex the AVing stacks stood in; no battle label anywhere.
#[test]
fn an_automatic_victory_is_ringed_and_labelled_21() {
    let game = optional();
    let st = state_of(game, "04-2-blue");
    let rules = game.umpire.rules_for(&st).unwrap();
    let svg = map::state_svg(&rules, &st, 1.0);
    assert!(
        svg.contains(r#"<g class="av" data-hex="UU27" data-odds="9-1" data-side="Red">"#),
        "{svg}"
    );
    assert!(svg.contains(">AV 9-1</text>"));
    let s = shot_of(game, "04-2-blue");
    let label = label_rect(&svg, r#"<g class="av" data-hex="UU27""#, "#f3e8ff");
    assert!(
        filled(&s, label, AV_LABEL) > 0.2,
        "{label:?}: {}",
        filled(&s, label, AV_LABEL)
    );
    let (cx, cy) = s.geo.centre("UU27".parse::<Hex>().unwrap());
    assert!((label.0 - cx).abs() < 30.0 && (label.1 - cy).abs() < 20.0);
    assert!(!s.picture.rgb.contains(&LABEL), "no battle in 1-Red");
}

/// 19.2, 20.4: the sea legs of a player-turn are drawn as paths: after Blue's
/// player-turn 3 of the optional sample (state 07-3-red), the invasion from a sea hex
/// of zone A next to OO21 onto OO21; after 2-Blue (05-2-red), the landing from
/// Carrow's docking hex into C20; after 1-Blue (03-1-red), the 9th Infantry from
/// Ulverby (U11) out to its docking hex.
#[test]
fn the_sea_leg_of_a_landing_is_drawn_as_a_path_19_20() {
    let game = optional();
    let svg = |stem: &str| {
        let st = state_of(game, stem);
        map::state_svg(&game.umpire.rules_for(&st).unwrap(), &st, 1.0)
    };
    let sea = |svg: &str, units: &str| {
        svg.contains(&format!(
            r#"data-track="by sea" data-units="{units}"><path d="M"#
        ))
    };
    let invasion = svg("07-3-red");
    assert!(sea(&invasion, "B-9IN"), "{invasion}");
    let landing = svg("05-2-red");
    assert!(sea(&landing, "B-1MIN B-2MIN"), "{landing}");
    let to_sea = svg("03-1-red");
    assert!(sea(&to_sea, "B-9IN"), "{to_sea}");
    // Drawn as the paths are: with an arrowhead, in the key too.
    assert!(invasion.contains("by sea: landing, invasion, to sea"));
}

/// After Red's set-up (state 02-1-blue): Red's stacks at the border, no Blue counter.
#[test]
fn red_set_up_shows_red_stacks_only() {
    let s = shot("02-1-blue");
    for hex in ["AAA31", "AAA32", "AAA33"] {
        let p = s.near(hex, 9.4, -4.6);
        assert!(s.picture.count_near(p, 2, RED_COUNTER) >= 20, "{hex}");
    }
    assert!(!s.picture.rgb.contains(&LABEL), "no battle in a set-up");
}

/// Every turn's picture fits the mail's budget, and the same state gives the same
/// bytes: these digests change only when the drawing does.
#[test]
fn pictures_are_deterministic_and_small() {
    let mut digests = String::new();
    for stem in [
        "00-setup-blue",
        "01-setup-red",
        "02-1-blue",
        "03-1-red",
        "04-2-blue",
        "05-2-red",
        "06-3-blue",
    ] {
        let s = shot(stem);
        assert!(s.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert!(
            s.bytes.len() <= map::PNG_BUDGET,
            "{stem}: {} bytes",
            s.bytes.len()
        );
        if stem == "05-2-red" {
            let again = map::state_png(&demo().umpire.rules, &state(stem)).unwrap();
            assert_eq!(again, s.bytes, "the same state draws the same bytes");
        }
        digests.push_str(&format!("{stem} {}\n", sha256_hex(&s.bytes)));
    }
    // The optional sample: an automatic victory (04-2-blue), a landing (05-2-red), an
    // invasion (07-3-red).
    for stem in ["04-2-blue", "05-2-red", "07-3-red"] {
        let s = shot_of(optional(), stem);
        assert!(
            s.bytes.len() <= map::PNG_BUDGET,
            "{stem}: {} bytes",
            s.bytes.len()
        );
        digests.push_str(&format!("optional {stem} {}\n", sha256_hex(&s.bytes)));
    }
    insta::assert_snapshot!(digests);
}

/// The key is drawn from the side that moved: after Red's player-turn 1 (state
/// 04-2-blue) Red's moves are red and Blue's retreats blue; after Blue's player-turn 2
/// (05-2-red) the other way round.
#[test]
fn the_key_names_and_colours_the_side_that_moved() {
    let key = |stem: &str, ink: &str, text: &str| {
        let st = state(stem);
        let svg = map::state_svg(&demo().umpire.rules_for(&st).unwrap(), &st, 1.0);
        let line = svg
            .lines()
            .find(|l| l.contains(&format!(">{text}</text>")))
            .unwrap_or_else(|| panic!("{stem}: no key line `{text}`"));
        assert!(
            line.contains(&format!(r#"stroke="{ink}""#)),
            "{stem}: {line}"
        );
    };
    let (blue, red) = ("#123a8c", "#9e1b12");
    key("04-2-blue", red, "move (Red), arrow at the end");
    key("04-2-blue", blue, "retreat (Blue)");
    key("04-2-blue", red, "advance after combat");
    key("05-2-red", blue, "move (Blue), arrow at the end");
    key("05-2-red", red, "retreat (Red)");
    // A set-up is its side's: Red's set-up draws Red's key.
    key("02-1-blue", red, "move (Red), arrow at the end");
}

/// Issue 30.4: the area of action takes in the reader's units near it: after Red's
/// player-turn 1 (state 04-2-blue, read by Blue) Blue's stack in PP27, five hexes from
/// the battle in WW28, is drawn with it.
#[test]
fn the_area_takes_in_the_reader_s_units_near_the_action() {
    let s = shot("04-2-blue");
    let (x, y) = s.geo.centre("PP27".parse::<Hex>().unwrap());
    let w = s.window;
    assert!(
        x >= w.x && x <= w.x + w.w && y >= w.y && y <= w.y + w.h,
        "PP27 at {:?} is outside {w:?}",
        (x, y)
    );
    let p = s.near("PP27", 9.4, -4.6);
    assert!(s.picture.count_near(p, 2, BLUE_COUNTER) >= 20);
}

/// 3.3-3.4: the map of a set-up shows the home country of the side setting up whole,
/// every hex of it named, and no hex id of the other home country.
#[test]
fn the_set_up_map_shows_the_whole_home_country_3_3() {
    use blitzkrieg::units::Side;
    let rules = &demo().umpire.rules;
    let home = |side: Side| -> Vec<Hex> {
        rules
            .board
            .hexes()
            .map(|(h, _)| h)
            .filter(|h| rules.board.home_of(*h) == Some(side))
            .collect()
    };
    for (stem, side) in [("00-setup-blue", Side::Blue), ("01-setup-red", Side::Red)] {
        let s = shot(stem);
        assert!(
            s.window.scale < map::picture::DETAIL_SCALE,
            "{stem}: drawn smaller"
        );
        let own = home(side);
        assert!(own.len() > 100, "{stem}: a whole country");
        for h in &own {
            let (x, y) = s.geo.centre(*h);
            assert!(
                x >= s.window.x && x <= s.window.x + s.window.w,
                "{stem}: {h} in the window"
            );
            assert!(
                y >= s.window.y && y <= s.window.y + s.window.h,
                "{stem}: {h}"
            );
        }
        let svg = map::state_svg(rules, &state(stem), 1.0);
        for h in own.iter().step_by(37) {
            assert!(svg.contains(&format!(">{h}</text>")), "{stem}: {h} named");
        }
        for h in home(side.other()).iter().step_by(37) {
            assert!(
                !svg.contains(&format!(">{h}</text>")),
                "{stem}: {h} not named"
            );
        }
        assert!(
            svg.contains(&format!(
                "{}, where {} sets up",
                side.country_name(),
                side.name()
            )),
            "{stem}: the subtitle says whose home country it is"
        );
        assert!(
            s.bytes.len() <= map::PNG_BUDGET,
            "{stem}: {} bytes",
            s.bytes.len()
        );
    }
    // Once both sides are set up, the picture is of the action again.
    assert_eq!(shot("02-1-blue").window.scale, map::picture::DETAIL_SCALE);
}

/// The whole-board overview the turn mail carries: each occupied hex a badge in its
/// side's colour, an empty hex none, within its budget, the same bytes each time.
#[test]
fn the_overview_badges_every_stack_in_its_side_s_colour() {
    let rules = &demo().umpire.rules;
    let s = state("05-2-red");
    let bytes = map::overview_png(rules, &s).unwrap();
    assert!(bytes.len() <= map::OVERVIEW_BUDGET, "{} bytes", bytes.len());
    assert_eq!(bytes, map::overview_png(rules, &s).unwrap());
    let picture = decode(&bytes);
    let geo = Geo::of(&rules.board);
    // The badge's box is drawn at scale 1.0 under a 46-pixel title; its figure is
    // white, so the box's colour is read beside the figure's middle.
    let badge = |hex: &str| {
        let (x, y) = geo.centre(hex.parse::<Hex>().unwrap());
        (x, y + 46.0)
    };
    for (hex, colour) in [
        ("WW28", BLUE_COUNTER),
        ("VV26", BLUE_COUNTER),
        ("XX28", RED_COUNTER),
        ("YY30", RED_COUNTER),
    ] {
        assert!(picture.count_near(badge(hex), 6, colour) >= 20, "{hex}");
    }
    for empty in ["XX31", "PP28"] {
        assert_eq!(
            picture.count_near(badge(empty), 6, BLUE_COUNTER),
            0,
            "{empty}"
        );
        assert_eq!(
            picture.count_near(badge(empty), 6, RED_COUNTER),
            0,
            "{empty}"
        );
    }
    let units = blitzkrieg_desk::game::counter_marks(rules, &s);
    let strengths = map::overview::strengths(&units);
    assert_eq!(
        strengths[&"WW28".parse::<Hex>().unwrap()].1,
        20,
        "8-6, 6-6, 6-6"
    );
}
