//! What the weather does to ground movement (34 and the Weather Chart, 003 34): the
//! road and desert bonuses, off-road movement halved, units frozen on mountains in ice
//! and no ground unit moving onto mountains in snow.
//!
//! Halved movement is paid as a multiplied cost: an off-road step the weather halves
//! costs `[weather] halved_by` MF (two, [`Pay::Halved`], [`Going::pay`]), which lets a
//! unit with an odd movement factor mix road and off-road steps exactly (a fraction is
//! never rounded, 003 Rounding).

use crate::board::{Board, Terrain};
use crate::hex::Hex;
use crate::movement::cost::{payments_of, road_connected, Pay, Spent};
use crate::readings::{CityHexRoad, GaleDesert};
use crate::rules::Rules;
use crate::state::GameState;
use crate::tables::Weather;

/// The weather a unit moves in, with the game's reading of the desert in a gale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Going {
    pub weather: Weather,
    /// Reading `gale-desert-34`.
    pub gale_desert: GaleDesert,
    /// `[weather] halved_by` of `tournament.toml`: what a halved step of movement costs,
    /// in whole MF (0 where nothing is halved: clear weather by default).
    pub halved_by: u32,
}

impl Going {
    /// The weather of the state's player-turn in a game (clear without rule 34).
    pub fn of(rules: &Rules, state: &GameState) -> Going {
        Going {
            weather: super::now(rules, state),
            gale_desert: rules.ruleset.readings.gale_desert,
            halved_by: rules.ruleset.tournament_figures.weather.halved_by,
        }
    }

    /// 9.1-9.2 with 34: `spent` after paying one more step `how`; a step the weather
    /// halves ([`Pay::Halved`]) costs `halved_by` whole MF.
    pub fn pay(self, spent: Spent, how: Pay) -> Spent {
        match how {
            Pay::Halved => Spent {
                whole: spent.whole + self.halved_by,
                ..spent
            },
            Pay::Road | Pay::Desert | Pay::Whole => spent.pay(how),
        }
    }

    /// Weather Chart, Ice: units on mountains may not move that turn.
    pub fn frozen_on(self, terrain: Option<Terrain>) -> bool {
        frozen(self.weather, terrain)
    }

    /// Weather Chart, Snow: no ground unit may move onto mountains (units on them may
    /// leave).
    pub fn bars(self, terrain: Terrain) -> bool {
        barred(self.weather, terrain)
    }
}

/// Weather Chart, Snow: "no ground units may move onto mountains": whether `terrain` is
/// closed to ground units moving in `weather`.
pub fn barred(weather: Weather, terrain: Terrain) -> bool {
    weather == Weather::Snow && terrain == Terrain::Mountain
}

/// Weather Chart, Ice: "all units on mountains may not move that turn, they are
/// eliminated if forced to retreat": whether a unit on `terrain` is frozen there.
pub fn frozen(weather: Weather, terrain: Option<Terrain>) -> bool {
    weather == Weather::Ice && terrain == Some(Terrain::Mountain)
}

/// 9.1-9.2 under the weather (34, Weather Chart, 003 34, reading `gale-desert-34`): the
/// ways a unit may pay for the step `from` -> `to`, as
/// [`crate::movement::cost::payments`] gives them in clear weather and fog.
/// - Rain: off-road movement halved, except in the desert ("where it does not rain").
/// - Gale: on the road basic MF (no road bonus); off the road halved, in the desert too:
///   under `no-bonus` (003) without the desert bonus, under `bonus-halved` armor keeps
///   the bonus, halved (one MF a desert hex).
/// - Ice: no road bonus.
/// - Snow: no road or desert bonus; off-road movement halved.
pub fn ways(
    going: Going,
    board: &Board,
    city: CityHexRoad,
    (from, to): (Hex, Hex),
    desert_bonus: bool,
    road_bonus: bool,
) -> &'static [Pay] {
    let along = road_connected(board, city, from, to);
    let desert = board.terrain(to) == Some(Terrain::Desert);
    let halved_off_road = if along { &[Pay::Whole] } else { &[Pay::Halved] };
    // `payments` of the step, from what was just looked up.
    let paid = |road_bonus: bool| payments_of(road_bonus && along, desert, desert_bonus);
    match going.weather {
        Weather::Clear | Weather::Fog => paid(road_bonus),
        Weather::Rain if along || desert => paid(road_bonus),
        Weather::Rain => &[Pay::Halved],
        Weather::Gale
            if desert && !along && desert_bonus && going.gale_desert == GaleDesert::BonusHalved =>
        {
            &[Pay::Whole]
        }
        Weather::Gale | Weather::Snow => halved_off_road,
        Weather::Ice => paid(false),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// 34, Weather Chart "halved": a halved step costs `[weather] halved_by` whole MF, the
    /// figure of `tournament.toml`, not a number of the code's.
    #[test]
    fn a_halved_step_costs_the_figure_of_tournament_toml_34() {
        let book = crate::ruleset::RuleBook::embedded().unwrap();
        let by = book.tournament.weather.halved_by;
        let rain = Going {
            weather: Weather::Rain,
            halved_by: by,
            ..Going::default()
        };
        let start = Spent::default();
        assert_eq!(rain.pay(start, Pay::Halved).whole, by);
        assert_eq!(rain.pay(start, Pay::Whole).whole, 1);
        let three = Going {
            halved_by: 3,
            ..rain
        };
        assert_eq!(three.pay(start, Pay::Halved).whole, 3);
    }
}
