//! 29: what the map pictures show of the minor countries: a marker on each reduced
//! city hex, and a note of each country's aggressor beside the map.

use crate::svg::{f, Geo, HEX_HALF_HEIGHT};
use blitzkrieg::minor::Minors;
use std::fmt::Write as _;

/// The colour of the reduced-city marker.
const REDUCED: &str = "#5a5a5a";

/// 29.4: a struck-through ring on every reduced minor country city hex (empty when
/// there is none, so pictures of other games are unchanged).
pub fn reduced_marks(geo: &Geo, minors: &Minors) -> String {
    let mut s = String::new();
    for h in minors.values().flat_map(|m| m.reduced.iter()) {
        let (x, y) = geo.centre(*h);
        let r = HEX_HALF_HEIGHT * 0.45;
        let _ = writeln!(
            s,
            r##"<g class="reduced-city" data-hex="{h}"><circle cx="{}" cy="{}" r="{}" fill="none" stroke="{REDUCED}" stroke-width="0.8"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{REDUCED}" stroke-width="0.8"/></g>"##,
            f(x),
            f(y),
            f(r),
            f(x - r),
            f(y + r),
            f(x + r),
            f(y - r)
        );
    }
    s
}

/// 29.2: one line per country with an aggressor: "Calaedia: aggressor Blue (2 cities
/// reduced)".
pub fn notes(minors: &Minors) -> Vec<String> {
    minors
        .iter()
        .filter_map(|(c, m)| {
            let a = m.aggressor?;
            let reduced = match m.reduced.len() {
                0 => String::new(),
                1 => " (1 city reduced)".to_string(),
                n => format!(" ({n} cities reduced)"),
            };
            Some(format!("{}: aggressor {a}{reduced}", c.name()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use blitzkrieg::board::{Country, Terrain};
    use blitzkrieg::minor::MinorStatus;
    use blitzkrieg::sketch::Sketch;
    use blitzkrieg::units::Side;

    /// 29.2, 29.4: a reduced city is marked and its country's aggressor noted; with
    /// every country neutral nothing is drawn.
    #[test]
    fn reduced_cities_are_marked_and_aggressors_noted() {
        let board = Sketch::land(1..=10, 1..=10, Country::GreatBlue)
            .terrain(Terrain::Clear, &["E5"])
            .build();
        let geo = Geo::of(&board);
        assert!(reduced_marks(&geo, &Minors::new()).is_empty());
        assert!(notes(&Minors::new()).is_empty());
        let mut minors = Minors::new();
        minors.insert(
            Country::Calaedia,
            MinorStatus {
                aggressor: Some(Side::Blue),
                reduced: ["E5".parse().unwrap()].into_iter().collect(),
                supply_paid: false,
            },
        );
        assert!(reduced_marks(&geo, &minors).contains(r#"data-hex="E5""#));
        assert_eq!(
            notes(&minors),
            ["Calaedia: aggressor Blue (1 city reduced)"]
        );
    }
}
