//! What the weather does to combat and air operations (34, the Weather Chart, 003 34 and
//! 003 8.2, 34 & 36.24): air factors halved in rain and snow, no air operations in a
//! gale, fog or ice, infantry doubled in fog, rivers frozen in snow. The combat code asks
//! these of the position's weather ([`crate::position::Position::weather`]).

use crate::odds::Factor;
use crate::rules::Rules;
use crate::tables::Weather;
use crate::units::UnitKind;

/// Weather Chart, Gale, Fog, Ice: "no air operations".
pub fn grounds_aircraft(weather: Weather) -> bool {
    matches!(weather, Weather::Gale | Weather::Fog | Weather::Ice)
}

/// Weather Chart, Rain and Snow, with 003 34: "air unit factors are halved for all types
/// of combat (except anti-aircraft fire), regardless of which side is the attacker".
/// `factor` is the aircraft's factor before any doubling (003 Rounding: halve, then
/// double once).
pub fn air_factor(rules: &Rules, weather: Weather, factor: Factor) -> Factor {
    match weather {
        Weather::Rain | Weather::Snow => {
            let by = u64::from(rules.ruleset.tournament_figures.weather.halved_by);
            Factor::new(factor.numerator(), factor.denominator().saturating_mul(by))
                .unwrap_or(factor)
        }
        Weather::Clear | Weather::Gale | Weather::Fog | Weather::Ice => factor,
    }
}

/// 35.1 under 34: the factors of aircraft in a port counted in a zone's naval points
/// follow the Weather Chart's air factors: halved in rain and snow ([`air_factor`]),
/// none where there are no air operations (gale, fog, ice). Exact: the caller rounds
/// once (003 35.1, 003 Rounding).
pub fn naval_air(rules: &Rules, weather: Weather, factor: Factor) -> Factor {
    if grounds_aircraft(weather) {
        Factor::ZERO
    } else {
        air_factor(rules, weather, factor)
    }
}

/// Weather Chart, Fog: "infantry attack at double their normal strength"; 003 8.2, 34
/// & 36.24: airborne and rangers count as infantry. The factor a unit of `kind` attacks
/// with, from `factor` (already halved for supply, 003 Rounding).
pub fn attack_factor(rules: &Rules, weather: Weather, kind: UnitKind, factor: Factor) -> Factor {
    let infantry = matches!(
        kind,
        UnitKind::Infantry | UnitKind::Airborne | UnitKind::Rangers
    );
    if weather == Weather::Fog && infantry {
        factor.times(u64::from(
            rules.ruleset.tournament_figures.weather.fog_infantry_times,
        ))
    } else {
        factor
    }
}

/// Weather Chart, Snow: "rivers frozen and don't double".
pub fn rivers_frozen(weather: Weather) -> bool {
    weather == Weather::Snow
}
