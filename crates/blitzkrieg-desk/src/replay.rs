//! The replay page: one self-contained HTML file (no network, no other file) to step
//! through a whole game player-turn by player-turn. Each step is a state of the game
//! folder: the map with every counter named, the turn's paths as arrows, each
//! battle's odds, roll and result on hover or click, the turn's report beside the
//! map, and keyboard navigation. The drawing is the map picture's ([`crate::map`]),
//! drawn once per step here and swapped in by a small script. The board under the
//! steps is drawn once a page; for the embedded board its layers are the text
//! `build.rs` drew when the binary was built (`EMBEDDED_LAYERS`), the same text the
//! drawing writes (a test holds them to it).

use crate::game::{counter_marks, read_state_hashed, GameError};
use crate::map::{action::Action, backdrop, draw, picture};
use crate::svg::{self, esc, Geo};
use blitzkrieg::board::Board;
use blitzkrieg::odds::Factor;
use blitzkrieg::report;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::GameState;
use pbem::files;
use serde::Serialize;
use std::borrow::Cow;
use std::path::Path;

/// One state of a game folder, as read.
#[derive(Clone, Debug)]
pub struct Kept {
    /// The file name: `05-2-red.state.ron`.
    pub file: String,
    pub state: GameState,
}

/// The states of a game folder in order, each following from the one before (its
/// `previous_state` hash names the previous file's bytes).
/// A folder holding an unfinished write is refused ([`files::check_finished`]).
pub fn read_game(dir: &Path) -> Result<Vec<Kept>, GameError> {
    files::check_finished(dir)?;
    let entries = std::fs::read_dir(dir).map_err(|e| {
        GameError::Other(format!(
            "{} is not a game folder that can be read: {e}",
            dir.display()
        ))
    })?;
    let mut paths: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".state.ron"))
        .collect();
    paths.sort_by_key(|p| crate::game::state_file_order(p));
    if paths.is_empty() {
        return Err(GameError::Other(format!(
            "{} holds no state file (*.state.ron): give the folder of a game",
            dir.display()
        )));
    }
    let mut kept: Vec<Kept> = Vec::new();
    let mut previous: Option<String> = None;
    for path in paths {
        let bytes = files::read_bytes(&path)?;
        let file = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        // Read and hashed in one pass: the hash is the one the next state names.
        let (state, digest) = read_state_hashed(&bytes, &path.display().to_string())?;
        if let Some(prev) = &previous {
            if state.chain.previous_state.as_deref() != Some(prev.as_str()) {
                return Err(GameError::Other(format!(
                    "{} does not follow from {}: the game folder holds states of another game or a gap; `blitz verify` says where",
                    path.display(),
                    kept.last().map_or("", |k| k.file.as_str())
                )));
            }
        }
        previous = Some(hex::encode(digest));
        kept.push(Kept { file, state });
    }
    Ok(kept)
}

/// One step of the page, as the script reads it.
#[derive(Serialize)]
struct Step {
    label: String,
    title: String,
    subtitle: String,
    file: String,
    report: String,
    /// The counters and the turn drawn over the board (SVG in board units).
    overlay: String,
    /// The area of action, in board units: the view scrolls to it.
    focus: Option<[f64; 4]>,
    units: usize,
    battles: Vec<BattleInfo>,
}

/// What the page shows of a battle on hover or click.
#[derive(Serialize)]
struct BattleInfo {
    id: String,
    hex: String,
    /// The centre of the attacked hex, in board units: `b` pans the map to it.
    at: [f64; 2],
    odds: String,
    roll: String,
    result: String,
    attackers: Vec<String>,
    defenders: Vec<String>,
    strength: String,
    odds_text: String,
    roll_text: String,
    table: String,
    result_text: String,
    doubling: Vec<String>,
}

fn step(rules: &Rules, geo: &Geo, k: &Kept) -> Step {
    let state = &k.state;
    let marks = counter_marks(rules, state);
    let at_sea = blitzkrieg::sea::boxes(rules, state);
    let action = Action::of_state(rules, state);
    let zones = crate::map::air::Zone::of(&rules.counters, &state.patrols);
    let airfields = state.airfields.owners();
    let scene = picture::Scene {
        board: &rules.board,
        title: crate::map::title(state),
        subtitle: crate::map::subtitle(state),
        marks: &marks,
        at_sea: &at_sea,
        action: &action,
        next: state.mover(),
        setting_up: crate::map::setting_up(state),
        moved: crate::map::moved(state),
        minors: &state.minors,
        hex_marks: &state.hex_marks,
        damage: &state.damage,
        unit_marks: &state.marks,
        ascendancy: &state.ascendancy,
        patrol_zones: &zones,
        airfields: &airfields,
        fit: 1.0,
    };
    let focus = picture::area(&rules.board, geo, &scene).map(|w| [w.x, w.y, w.w, w.h]);
    let overlay = [
        // 49: the airfields, under the counters.
        crate::map::airfield::marks(geo, &airfields),
        draw::battle_rings(geo, &action.battles, &action.avs),
        // 32, 33.7: the patrol zones and the hunters' search hexes.
        crate::map::air::zones(geo, &zones),
        crate::map::air::hunts(geo, &action.hunts),
        draw::path_lines(geo, &action.paths),
        draw::stacks(geo, &marks, &action.lost),
        draw::path_heads(geo, &action.paths),
        draw::battles(geo, &action.battles),
        draw::avs(geo, &action.avs),
        draw::strikes(geo, &action.strikes),
        draw::fights(geo, &action.fights),
        draw::supplies(geo, &action.supplies),
        crate::svg::sea_boxes(&rules.board, geo, &at_sea),
    ]
    .concat();
    let battles = action
        .battles
        .iter()
        .map(|b| {
            let r = &b.record;
            let (x, y) = geo.centre(b.target);
            BattleInfo {
                id: b.id.clone(),
                hex: b.target.to_string(),
                at: [x, y],
                odds: b.odds.clone(),
                roll: b.roll.clone(),
                result: b.result.clone(),
                attackers: r
                    .attackers
                    .iter()
                    .map(|(u, h, a)| format!("{u} from {h}, {a}"))
                    .collect(),
                defenders: r
                    .defenders
                    .iter()
                    .map(|(u, printed, now)| {
                        if Factor::from(*printed) == *now {
                            format!("{u}, {now}")
                        } else {
                            format!("{u}, {printed} doubled to {now}")
                        }
                    })
                    .collect(),
                strength: format!("{} to {}", r.attack, r.defence),
                odds_text: r.odds.clone(),
                roll_text: r.roll.clone(),
                table: r.table.clone(),
                result_text: r.result.to_string(),
                doubling: r.doubling.clone(),
            }
        })
        .collect();
    let report = if state.last.label.is_empty() {
        "A new game: no player-turn has been played yet.".to_string()
    } else {
        report::render_state(rules, state)
    };
    Step {
        label: if state.last.label.is_empty() {
            "new game".to_string()
        } else {
            state.last.label.clone()
        },
        title: scene.title.clone(),
        subtitle: scene.subtitle.clone(),
        file: k.file.clone(),
        report,
        overlay,
        focus,
        units: marks.len(),
        battles,
    }
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` escaped.
fn script_json(v: &impl Serialize) -> Result<String, GameError> {
    let text = serde_json::to_string(v)
        .map_err(|e| GameError::Other(format!("the replay data could not be written: {e}")))?;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c => out.push(c),
        }
    }
    Ok(out)
}

/// `template` with each `{{NAME}}` of `values` put in its place, in one pass (what is
/// put in is never searched again).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let size = values.iter().map(|(_, v)| v.len()).sum::<usize>();
    let mut out = String::with_capacity(template.len() + 2 * size);
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let here = &rest[at..];
        match values.iter().find(|(name, _)| here.starts_with(name)) {
            Some((name, value)) => {
                out.push_str(value);
                rest = &here[name.len()..];
            }
            None => {
                out.push_str("{{");
                rest = &here[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The replay page of a game's states, in order.
pub fn render(rules: &Rules, game: &[Kept]) -> Result<String, GameError> {
    let geo = Geo::of(&rules.board);
    let steps: Vec<Step> = game.iter().map(|k| step(rules, &geo, k)).collect();
    let data = script_json(&steps)?;
    let game_id = game.first().map_or("", |k| k.state.game.id.as_str());
    let board = [
        format!(
            r##"<rect x="0" y="0" width="{}" height="{}" fill="#fdfcf7"/>"##,
            svg::f(geo.width),
            svg::f(geo.height)
        )
        .as_str(),
        &board_layers(&rules.board, &geo),
        &draw::hex_ids(&rules.board, &geo, rules.board.hexes().map(|(h, _)| h)),
    ]
    .concat();
    let title = esc(&format!("BLITZKRIEG game {game_id}: replay"));
    let (w, h) = (svg::f(geo.width), svg::f(geo.height));
    Ok(fill(
        TEMPLATE,
        &[
            ("{{TITLE}}", &title),
            ("{{W}}", &w),
            ("{{H}}", &h),
            ("{{BOARD}}", &board),
            ("{{STYLE}}", STYLE),
            ("{{SCRIPT}}", SCRIPT),
            ("{{DATA}}", &data),
        ],
    ))
}

/// The embedded board's layers, `svg::layers(board, &Geo::of(board), false)`, as
/// `build.rs` drew them when the binary was built.
const EMBEDDED_LAYERS: &str = include_str!(concat!(env!("OUT_DIR"), "/board-layers.svg"));

/// The layers of `board` under the page's steps, without the pattern of hex ids, in
/// the coordinates of `geo` (`Geo::of(board)`): for the embedded board the text drawn
/// when the binary was built, for any other board drawn here.
fn board_layers(board: &Board, geo: &Geo) -> Cow<'static, str> {
    if backdrop::is_embedded(board) {
        Cow::Borrowed(EMBEDDED_LAYERS)
    } else {
        Cow::Owned(svg::layers(board, geo, false))
    }
}

const TEMPLATE: &str = include_str!("replay/page.html");
const STYLE: &str = include_str!("replay/page.css");
const SCRIPT: &str = include_str!("replay/page.js");

#[cfg(test)]
mod tests {
    use super::*;

    /// Each name is put in its place, a value is never searched again, and braces that
    /// name nothing stay as they are.
    #[test]
    fn the_page_is_filled_in_one_pass() {
        let page = fill(
            "<t>{{A}}</t>{{B}}{{ x }}{{A}}",
            &[("{{A}}", "a{{B}}"), ("{{B}}", "b")],
        );
        assert_eq!(page, "<t>a{{B}}</t>b{{ x }}a{{B}}");
        let json = script_json(&"</script>&").unwrap();
        assert_eq!(json, "\"\\u003c/script\\u003e\\u0026\"");
    }

    /// The layers drawn when the binary was built are those the embedded board draws
    /// now, with the layout the page takes from it; another board is drawn, not given
    /// the embedded board's text.
    #[test]
    fn the_embedded_layers_are_the_drawing_of_the_embedded_board() {
        let board = Board::embedded();
        let geo = Geo::of(&board);
        let drawn = svg::layers(&board, &geo, false);
        assert!(drawn.len() > 100_000, "{} bytes", drawn.len());
        assert!(
            EMBEDDED_LAYERS == drawn,
            "the layers built differ from the drawing"
        );
        assert!(matches!(board_layers(&board, &geo), Cow::Borrowed(l) if l == drawn));
        // The embedded board with one city renamed: its name is drawn.
        let text = Board::embedded_source().replace("\"Westhaven\"", "\"Easthaven\"");
        let other = Board::from_toml(&text, "renamed").unwrap();
        let geo = Geo::of(&other);
        let layers = board_layers(&other, &geo);
        assert!(layers.contains(">Easthaven ") && !layers.contains(">Westhaven "));
        assert!(matches!(layers, Cow::Owned(l) if l == svg::layers(&other, &geo, false)));
    }
}
