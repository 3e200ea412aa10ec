//! Optional rule 34, weather: the roll on the Weather Chart for each complete-turn of a
//! weather season (turns 8-15, and the parenthesised columns of a game extended past
//! turn 15), the seed that decides it (reading `weather-seed-34`), the weather the state
//! keeps for the complete-turn, and the report's lines on it. What each weather does to
//! movement is [`going`]'s, to air units and combat [`combat`]'s, to units at sea and
//! sea supply [`sea`]'s.
//!
//! The 10-digit kit has no weather table: the roll is one die from the dice recipe, roll
//! id [`ROLL_ID`], read on the face-to-face Weather Chart (`tables/weather-die.toml`).
//! Blue must know the weather before he writes his orders, so the roll cannot come from
//! the seed his own orders name: under the default reading it is drawn from the seed
//! that resolves Red's preceding player-turn, when that player-turn ends, and the state
//! Blue receives carries it.

pub mod combat;
pub mod going;
pub mod sea;

use crate::cite::{Ref, Rule};
use crate::event::Event;
pub use crate::model::weather::{effects, WeatherEvent};
use crate::readings::WeatherSeed;
use crate::rules::Rules;
use crate::ruleset::OptionalRule;
use crate::state::{GameState, Phase};
use crate::tables::{CombatTables, TableMode};
use crate::units::Side;
use pbem::dice::Roll;

pub use crate::tables::Weather;

/// The roll id of the weather die (`docs/dice.md`).
pub const ROLL_ID: &str = "weather";

/// A roll drawn from the seed that decides the weather: the roll for a table mode and a
/// roll id, with how it was drawn (for the report).
pub type Draw<'a> = dyn FnMut(TableMode, &str) -> Result<(Roll, String), String> + 'a;

/// Whether the game plays optional rule 34.
pub fn plays(rules: &Rules) -> bool {
    rules.ruleset.plays(OptionalRule::Weather)
}

/// 34: the weather of complete-turn `turn` in a game: clear in a game without rule 34,
/// and on a turn the state holds no roll for (turns 1-7, the 7 clear turns after each
/// season).
pub fn of_turn(rules: &Rules, state: &GameState, turn: u32) -> Weather {
    if !plays(rules) {
        return Weather::Clear;
    }
    state.weather.get(&turn).copied().unwrap_or_default()
}

/// 34: the weather in force in the state's player-turn: its complete-turn's, for Blue's
/// player-turn and Red's alike.
pub fn now(rules: &Rules, state: &GameState) -> Weather {
    match state.phase {
        Phase::Turn { turn, .. } => of_turn(rules, state, turn),
        Phase::SetUp { .. } | Phase::Over { .. } => Weather::Clear,
    }
}

/// 34: at the start of each player-turn of a game with rule 34, the weather of the
/// complete-turn, for the report (none on clear turns).
pub fn in_force(rules: &Rules, state: &GameState) -> Option<Event> {
    let Phase::Turn { turn, .. } = state.phase else {
        return None;
    };
    let weather = of_turn(rules, state, turn);
    (plays(rules) && weather != Weather::Clear).then(|| {
        Event::Weather(WeatherEvent::InForce {
            turn,
            weather,
            rule: Rule::para(para!("34")),
        })
    })
}

/// Whether the player-turn of `state` rolls the weather of the next complete-turn when
/// it ends ([`roll_ahead`]): its orders then name a seed, battles or not, and so does
/// the answer to a step it stops in (the last seed resolves it). The turns with a column
/// are the embedded Weather Chart's.
pub fn rolls_after(ruleset: &crate::ruleset::Ruleset, state: &GameState) -> bool {
    let Phase::Turn { turn, side } = state.phase else {
        return false;
    };
    let chart = crate::tables::Tables::embedded_grid::<Weather>(
        crate::tables::TableId::Weather,
        TableMode::Die,
    );
    ruleset.plays(OptionalRule::Weather)
        && turn_rolled(ruleset.readings.weather_seed, turn, side).is_some_and(|t| {
            played(ruleset, state, t)
                && chart
                    .as_ref()
                    .is_ok_and(|g| crate::tables::weather_column_in(g, t).is_some())
        })
}

/// 4.6, 16: whether complete-turn `t` is played (the game does not end before it, by
/// its length and the reading `tournament-length`).
fn played(ruleset: &crate::ruleset::Ruleset, state: &GameState, t: u32) -> bool {
    !ruleset.ends_after(state.game.options.last_turn, t.saturating_sub(1), Side::Red)
}

/// The complete-turn whose weather the player-turn `side` just ended rolls, under the
/// reading `weather-seed-34`: the next complete-turn, from the player-turn before it
/// whose seed decides it.
fn turn_rolled(seed: WeatherSeed, turn: u32, side: Side) -> Option<u32> {
    match (seed, side) {
        (WeatherSeed::RedPrevious, Side::Red) | (WeatherSeed::BluePrevious, Side::Blue) => {
            Some(turn + 1)
        }
        (WeatherSeed::RedPrevious, Side::Blue) | (WeatherSeed::BluePrevious, Side::Red) => None,
    }
}

/// 34 with the reading `weather-seed-34`: when the player-turn `side` played in `turn`
/// ends, the weather of the next complete-turn is rolled from this player-turn's seed if
/// the reading says so and that turn has a column on the Weather Chart (turns 8-26 of
/// each 26; a clear turn rolls nothing). The state keeps the weather from its own
/// complete-turn on. Only in a game that plays rule 34 and goes on.
pub fn roll_ahead(
    rules: &Rules,
    next: &mut GameState,
    (turn, side): (u32, Side),
    roll: &mut Draw<'_>,
    tables: &dyn CombatTables,
) -> Result<Vec<Event>, String> {
    if !plays(rules) {
        return Ok(Vec::new());
    }
    let Phase::Turn { turn: current, .. } = next.phase else {
        return Ok(Vec::new());
    };
    next.weather.retain(|&t, _| t >= current);
    let Some(rolled) = turn_rolled(rules.ruleset.readings.weather_seed, turn, side)
        .filter(|&t| played(&rules.ruleset, next, t) && tables.weather_column(t).is_some())
    else {
        return Ok(Vec::new());
    };
    let (rolled_die, drawn) = roll(TableMode::Die, ROLL_ID)?;
    let Roll::Die(die) = rolled_die else {
        return Err(format!("{ROLL_ID}: the Weather Chart is read with a die"));
    };
    let read = tables.weather(rolled, die).map_err(|e| e.to_string())?;
    next.weather.insert(rolled, read.result);
    let rule = Rule::para(para!("34")).and(Ref::Table {
        table: crate::tables::TableId::Weather,
        result: None,
    });
    Ok(vec![Event::Weather(WeatherEvent::Rolled {
        turn: rolled,
        weather: read.result,
        roll: drawn,
        table: read.cite.to_string(),
        rule,
    })])
}
