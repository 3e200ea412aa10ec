//! 41.2-41.3 and 46: BLITZKRIEG '85's helicopters as counters of its games. 41 prints
//! their strengths and counter mix (`rules/blitzkrieg/85.toml`); the counters are made
//! from it for a game of '85 alone ([`crate::rules::Rules::for_game`]), so the 1975
//! counters file, and every Basic or Tournament game, is as it was.
//!
//! Ids, in the project's style (number, then type code): transport helicopters
//! `B-1TH`-`B-4TH` (2-8) and `B-5TH`-`B-8TH` (1-8), attack helicopters `B-1AH`-`B-4AH`
//! (4-2-8) and `B-5AH`-`B-8AH` (2-1-8); Red's the same with `R-`. 46.1 and 46.3 make
//! them "replacement ground units" and "half stacking": they are substitute-size
//! counters (26), bought as any counter of the mix (38.2), never on the OAC.
//!
//! Rule 46 as the movement and combat code ask it: where a helicopter may go and end
//! (46.2), when the weather grounds it (46.21), and its factors in the weather
//! (46.21-46.22), kept exact ([`Factor`]) as 46.22's "retain fractions" asks.

use super::{Figures85, NewCounter};
use crate::board::Terrain;
use crate::odds::Factor;
use crate::tables::Weather;
use crate::units::{Counter, Counters, Side, Size, UnitId, UnitKind};

/// 46.2: "Helicopters move at a cost of one movement point per hex through all
/// terrain including sea and lake": every hex of the board but the Neutral Country
/// (10.3 closes it to all units, and 46.2 names only sea and lake).
pub fn may_fly_over(terrain: Terrain) -> bool {
    terrain != Terrain::Neutral
}

/// 46.2: "helicopters may never end their movement in all water hexes".
pub fn may_end_in(terrain: Terrain) -> bool {
    terrain.is_land()
}

/// 46.42: "Any infantry unit that moves by transport helicopter may only use its
/// inherent movement to move two movement factors".
pub const OWN_MF_AFTER_FLIGHT: u32 = 2;

/// 46.21: "In Gale, Fog or Ice, helicopter units may not move".
pub fn grounded(weather: Weather) -> bool {
    matches!(weather, Weather::Gale | Weather::Fog | Weather::Ice)
}

/// 46.21-46.22: a helicopter's attack factor in `weather`, from `factor`: 0 in gale,
/// fog or ice; halved in rain and snow, the fraction kept.
pub fn attack(weather: Weather, factor: Factor) -> Factor {
    match weather {
        Weather::Gale | Weather::Fog | Weather::Ice => Factor::ZERO,
        Weather::Rain | Weather::Snow => factor.half(),
        Weather::Clear => factor,
    }
}

/// 46.21-46.22: a helicopter's defence factor in `weather`, before the terrain
/// doubles it: 1 in gale, fog or ice ("defensive combat strength of 1"); its printed
/// factor halved in rain and snow, the fraction kept.
pub fn defence(weather: Weather, printed: u32) -> Factor {
    match weather {
        Weather::Gale | Weather::Fog | Weather::Ice => Factor::from(1u32),
        Weather::Rain | Weather::Snow => Factor::from(printed).half(),
        Weather::Clear => Factor::from(printed),
    }
}

/// 41.2-41.3: `side`'s helicopter counters, numbered in the order 41 lists their
/// strengths (the stronger first).
pub fn counters(figures: &Figures85, side: Side) -> Vec<Counter> {
    let mut out = Vec::new();
    for kind in UnitKind::HELICOPTERS {
        let mut number = 0u32;
        for n in figures.counters.iter().filter(|n| n.kind == kind.name()) {
            let Some((attack, defence, movement)) = printed(n) else {
                continue;
            };
            for _ in 0..n.mix {
                number += 1;
                let id = format!("{}-{number}{}", side.letter(), kind.id_code());
                let Ok(id) = UnitId::new(&id) else {
                    continue;
                };
                out.push(Counter {
                    id,
                    side,
                    kind,
                    size: Size::Substitute,
                    attack,
                    defence,
                    movement,
                    name: format!("{} {}", kind.name().replace('-', " "), n.strength).into(),
                    enters: 0,
                });
            }
        }
    }
    out
}

/// The factors 41 prints: "2-8" (combat, movement) or "4-2-8" (attack, defence,
/// movement).
fn printed(n: &NewCounter) -> Option<(u32, u32, u32)> {
    let parts: Vec<u32> = n
        .strength
        .split('-')
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    match parts.as_slice() {
        [c, m] => Some((*c, *c, *m)),
        [a, d, m] => Some((*a, *d, *m)),
        _ => None,
    }
}

/// The counters of a game of '85: the 1975 counters and both sides' helicopters
/// (unchanged when they are there already, or the figures do not read).
pub fn with_helicopters(base: &Counters) -> Option<Counters> {
    if base.iter().any(|c| c.kind.is_helicopter()) {
        return None;
    }
    let figures = Figures85::embedded()?;
    Some(base.with(Side::BOTH.into_iter().flat_map(|s| counters(figures, s))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 46.21-46.22: a 2-1-8 attacks with 1 and defends with 1/2 in rain; a 4-2-8
    /// attacks with 0 and defends with 1 in fog.
    #[test]
    fn factors_in_the_weather_46_21_46_22() {
        assert_eq!(
            attack(Weather::Rain, Factor::from(2u32)),
            Factor::from(1u32)
        );
        assert_eq!(defence(Weather::Snow, 1), Factor::new(1, 2).unwrap());
        assert_eq!(attack(Weather::Fog, Factor::from(4u32)), Factor::ZERO);
        assert_eq!(defence(Weather::Ice, 2), Factor::from(1u32));
        assert_eq!(defence(Weather::Clear, 2), Factor::from(2u32));
        assert!(grounded(Weather::Gale) && !grounded(Weather::Rain));
        assert!(may_fly_over(Terrain::Lake) && !may_end_in(Terrain::Sea));
    }

    /// 41.2-41.3: four of each strength a side, at the printed factors.
    #[test]
    fn forty_one_helicopters_a_side() {
        let f = Figures85::embedded().unwrap();
        let blue = counters(f, Side::Blue);
        assert_eq!(blue.len(), 16);
        let text: Vec<String> = blue
            .iter()
            .map(|c| format!("{} {}", c.id, c.factors_text()))
            .collect();
        assert_eq!(text[0], "B-1TH 2-8");
        assert_eq!(text[4], "B-5TH 1-8");
        assert_eq!(text[8], "B-1AH 4-2-8");
        assert_eq!(text[15], "B-8AH 2-1-8");
        assert!(blue.iter().all(|c| c.stack_halves() == 1 && !c.on_oac()));
        assert_eq!(counters(f, Side::Red)[0].id.as_str(), "R-1TH");
    }
}
