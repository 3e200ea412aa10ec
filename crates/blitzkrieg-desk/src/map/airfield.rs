//! 49 (BLITZKRIEG '85): what the map pictures show of the airfields: a small runway in
//! its owner's colour at the foot of each airfield's hex, under its counters, and a
//! key line naming each when one is drawn. A game without airfields draws nothing
//! here, so its pictures are the same bytes as before.

use crate::map::draw::ink;
use crate::svg::{f, Geo, HEX_HALF_HEIGHT};
use blitzkrieg::hex::Hex;
use blitzkrieg::units::Side;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// 49.3: a runway and its cross strip in the owner's colour at the foot of every
/// airfield's hex (empty when there is none).
pub fn marks(geo: &Geo, airfields: &BTreeMap<Hex, Side>) -> String {
    let mut s = String::new();
    for (h, owner) in airfields {
        let (x, y) = geo.centre(*h);
        let foot = y + HEX_HALF_HEIGHT * 0.66;
        // 52.2: a damaged airfield's mark, when the state keeps its damage, is drawn
        // in this group.
        let _ = writeln!(
            s,
            r##"<g class="airfield" data-hex="{h}" fill="{}" stroke="#ffffff" stroke-width="0.4"><rect x="{}" y="{}" width="10" height="2.2"/><rect x="{}" y="{}" width="2.2" height="4.4"/></g>"##,
            ink(*owner),
            f(x - 5.0),
            f(foot),
            f(x + 1.2),
            f(foot - 1.1),
        );
    }
    s
}

/// 49: the key's lines: one per airfield with its owner ("K20: Blue's"); none when
/// there is none.
pub fn notes(airfields: &BTreeMap<Hex, Side>) -> Vec<String> {
    airfields
        .iter()
        .map(|(h, owner)| format!("{h}: {}'s", owner.name()))
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use blitzkrieg::board::Country;
    use blitzkrieg::sketch::Sketch;

    /// 49.3: each airfield is drawn in its owner's colour and named in the key; a game
    /// without airfields draws and notes nothing.
    #[test]
    fn an_airfield_is_drawn_in_its_owners_colour_49() {
        let board = Sketch::land(1..=20, 1..=20, Country::GreatBlue).build();
        let geo = Geo::of(&board);
        let k: Hex = "K10".parse().unwrap();
        let m: Hex = "M12".parse().unwrap();
        let fields = BTreeMap::from([(k, Side::Blue), (m, Side::Red)]);
        let svg = marks(&geo, &fields);
        assert_eq!(svg.matches(r#"class="airfield""#).count(), 2);
        assert!(svg.contains(&format!(r#"data-hex="K10" fill="{}""#, ink(Side::Blue))));
        assert!(svg.contains(&format!(r#"data-hex="M12" fill="{}""#, ink(Side::Red))));
        assert_eq!(notes(&fields), ["K10: Blue's", "M12: Red's"]);
        assert!(marks(&geo, &BTreeMap::new()).is_empty());
        assert!(notes(&BTreeMap::new()).is_empty());
    }
}
