//! The map a player reads: the picture of a player-turn drawn in-process to PNG
//! (title, the area of the turn's action with every hex id and counter named, the
//! turn's paths and battles, a small overview of the whole board), and the same
//! drawing pieces for the replay page. See `docs/board.md`, "The picture".

pub mod action;
// 32: air combat (optional rule).
pub mod air;
// 49: airfields (BLITZKRIEG '85).
pub mod airfield;
// 35: naval ascendancy (optional rule).
pub mod ascendancy;
pub mod backdrop;
// 33: additional bombing missions.
pub mod bombed;
pub mod draw;
#[cfg(feature = "pictures")]
pub mod fonts;
pub mod labels;
pub mod minor;
pub mod overview;
pub mod picture;
#[cfg(feature = "pictures")]
pub mod raster;
/// Without the `pictures` feature (a player's build) no PNG is drawn: the same API,
/// each picture refused with how to get a build that draws it.
#[cfg(not(feature = "pictures"))]
#[path = "map/no_pictures.rs"]
pub mod raster;
pub mod reach;

use crate::game::counter_marks;
use crate::svg::CounterMark;
use action::Action;
use blitzkrieg::board::Board;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::{GameState, Phase};
use blitzkrieg::units::Side;
pub use raster::RasterError;

/// The title of a state's picture: game and player-turn.
pub fn title(state: &GameState) -> String {
    let turn = if state.last.label.is_empty() {
        "a new game".to_string()
    } else {
        format!("player-turn {}", state.last.label)
    };
    format!("BLITZKRIEG · game {} · {turn}", state.game.id)
}

/// The side whose player-turn or set-up produced `state` (none for a new game).
pub fn moved(state: &GameState) -> Option<Side> {
    match Phase::from_label(&state.last.label)? {
        Phase::SetUp { side } | Phase::Turn { side, .. } => Some(side),
        _ => None,
    }
}

/// 3.3-3.4: the side to set up next, if the next step is a set-up: its picture shows
/// that side's home country whole.
pub fn setting_up(state: &GameState) -> Option<Side> {
    match state.phase {
        Phase::SetUp { side } => Some(side),
        _ => None,
    }
}

/// The line under the title: who moved, who moves next.
pub fn subtitle(state: &GameState) -> String {
    let moved = match Phase::from_label(&state.last.label) {
        Some(Phase::SetUp { side }) => format!("{} set up. ", side.name()),
        Some(Phase::Turn { side, .. }) => format!("{} moved. ", side.name()),
        _ => String::new(),
    };
    let next = match state.mover() {
        Some(s) => format!("{} moves next ({}).", s.name(), state.label()),
        None => "The game is over.".to_string(),
    };
    match setting_up(state) {
        Some(side) if moved.is_empty() => format!(
            "{next} No counter is on the map yet; shown here is {}, where {} sets up (3.3).",
            side.country_name(),
            side.name()
        ),
        Some(side) => format!(
            "{moved}{next} Shown here is {}, where {} sets up (3.4); the small map shows the whole board.",
            side.country_name(),
            side.name()
        ),
        None => format!(
            "{moved}{next}{} Counters as they stand after the player-turn.",
            weather(state)
        ),
    }
}

/// 34: the weather of the next player-turn's complete-turn, as the map's subtitle says
/// it (nothing when it is clear, and in a game without rule 34, whose state keeps no
/// weather).
fn weather(state: &GameState) -> String {
    match state.phase {
        Phase::Turn { turn, .. } => state
            .weather
            .get(&turn)
            .filter(|w| **w != blitzkrieg::tables::Weather::Clear)
            .map(|w| format!(" Weather of complete-turn {turn}: {w} (34)."))
            .unwrap_or_default(),
        Phase::SetUp { .. } | Phase::Over { .. } => String::new(),
    }
}

/// The largest picture of the action a turn mail carries: with [`OVERVIEW_BUDGET`], the
/// state, the template and the report the whole mail stays under 300 KB.
pub const PNG_BUDGET: usize = 110_000;

/// The picture of the player-turn that produced `state`, as an SVG document, with at
/// most `fit` of the largest area of action (1.0: all of it).
pub fn state_svg(rules: &Rules, state: &GameState, fit: f64) -> String {
    with_scene(rules, state, fit, picture::render)
}

/// Where the area of action of `state`'s picture lies on the board, if it has one.
pub fn state_window(rules: &Rules, state: &GameState, fit: f64) -> Option<picture::Window> {
    with_scene(rules, state, fit, |scene| {
        picture::shown(&rules.board, &crate::svg::Geo::of(&rules.board), scene)
    })
}

fn with_scene<T>(
    rules: &Rules,
    state: &GameState,
    fit: f64,
    then: impl FnOnce(&picture::Scene) -> T,
) -> T {
    let marks = counter_marks(rules, state);
    let at_sea = blitzkrieg::sea::boxes(rules, state);
    let action = Action::of_state(rules, state);
    let zones = air::Zone::of(&rules.counters, &state.patrols);
    let airfields = state.airfields.owners();
    then(&picture::Scene {
        board: &rules.board,
        title: title(state),
        subtitle: subtitle(state),
        marks: &marks,
        at_sea: &at_sea,
        action: &action,
        next: state.mover(),
        setting_up: setting_up(state),
        moved: crate::map::moved(state),
        minors: &state.minors,
        hex_marks: &state.hex_marks,
        damage: &state.damage,
        unit_marks: &state.marks,
        ascendancy: &state.ascendancy,
        patrol_zones: &zones,
        airfields: &airfields,
        fit,
    })
}

/// The picture of the player-turn that produced `state`, as PNG bytes of at most
/// [`PNG_BUDGET`] when it can be done: a smaller area of action is drawn (at the same
/// scale) until it fits.
pub fn state_png(rules: &Rules, state: &GameState) -> Result<Vec<u8>, RasterError> {
    state_png_fit(rules, state).map(|(png, _)| png)
}

/// [`state_png`], with the share of the largest area of action it was drawn at (for
/// [`state_window`]).
pub fn state_png_fit(rules: &Rules, state: &GameState) -> Result<(Vec<u8>, f64), RasterError> {
    let mut png = Vec::new();
    let mut used = 1.0;
    let embedded = backdrop::is_embedded(&rules.board);
    for fit in [1.0, 0.8, 0.65, 0.5, 0.4] {
        png = state_png_at(rules, state, fit, embedded)?;
        used = fit;
        // A home country drawn whole for its set-up has no smaller area to draw.
        if png.len() <= PNG_BUDGET || setting_up(state).is_some() {
            break;
        }
    }
    Ok((png, used))
}

/// The picture of `state` at `fit` as PNG bytes: on the `embedded` board, drawn over the
/// board's pixels made when the binary was built ([`backdrop`]); on another board, or
/// for a home country drawn whole, from the whole SVG document ([`state_svg`]).
fn state_png_at(
    rules: &Rules,
    state: &GameState,
    fit: f64,
    embedded: bool,
) -> Result<Vec<u8>, RasterError> {
    with_scene(rules, state, fit, |scene| {
        let over = if embedded {
            picture::render_over(scene)
        } else {
            None
        };
        match over {
            Some(over) => raster::png_over(over),
            None => raster::png(&picture::render(scene), 1.0),
        }
    })
}

/// The largest whole-board overview a turn mail carries: with [`PNG_BUDGET`], the
/// state, the template and the report the whole mail stays under 300 KB.
pub const OVERVIEW_BUDGET: usize = 60_000;

/// The scales (pixels per board unit) the overview is drawn at, largest first: a hex
/// 28 pixels wide and a badge's figure 10 pixels high at the first.
const OVERVIEW_SCALES: [f64; 3] = [1.0, 0.85, 0.7];

/// The whole-board overview of `state` ([`overview`]) as an SVG document at `scale`
/// pixels per board unit, the area of its picture of the action, drawn at `fit`,
/// outlined.
pub fn overview_svg(rules: &Rules, state: &GameState, fit: f64, scale: f64) -> String {
    let marks = counter_marks(rules, state);
    overview::render(
        &overview::Overview {
            board: &rules.board,
            title: title(state),
            marks: &marks,
            area: state_window(rules, state, fit),
        },
        scale,
    )
}

/// The whole-board overview a turn mail carries beside [`state_png`], as PNG bytes
/// of at most [`OVERVIEW_BUDGET`] when it can be done (a smaller scale until it fits),
/// the area that picture shows outlined.
pub fn overview_png(rules: &Rules, state: &GameState) -> Result<Vec<u8>, RasterError> {
    let (_, fit) = state_png_fit(rules, state)?;
    overview_png_at(rules, state, fit)
}

/// [`overview_png`] for a picture of the action already drawn at `fit`.
pub fn overview_png_at(rules: &Rules, state: &GameState, fit: f64) -> Result<Vec<u8>, RasterError> {
    let mut png = Vec::new();
    for scale in OVERVIEW_SCALES {
        png = raster::png(&overview_svg(rules, state, fit, scale), 1.0)?;
        if png.len() <= OVERVIEW_BUDGET {
            break;
        }
    }
    Ok(png)
}

/// The whole board with `marks` on it (the `blitz board --svg` drawing), as PNG
/// bytes at `scale` pixels per SVG unit.
pub fn board_png(board: &Board, marks: &[CounterMark], scale: f32) -> Result<Vec<u8>, RasterError> {
    raster::png(&crate::svg::render(board, marks), scale)
}
