//! 35: what the map pictures show of naval ascendancy: the sea hexes of each zone
//! tinted by the zone's state as the player-turn marked it (a side's naval superiority
//! in that side's colour, a contested zone in amber, an uncontrolled one in grey, an
//! uncontested one left as it is), the zone's letter on the small map, and the key's
//! line saying which tint is which. A game without rule 35 marks no zone and draws
//! none of it.

use super::draw;
use crate::svg::{f, Geo};
use blitzkrieg::ascendancy::{Ascendancy, NavalState, ZoneAscendancy};
use blitzkrieg::board::{Board, SeaZone};
use blitzkrieg::hex::Hex;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The tint of a contested zone (35.22): amber, a hue far from both sides' colours,
/// since Red's colour over the sea already reads purple.
pub const CONTESTED: &str = "#c98a00";
/// The tint of an uncontrolled zone (35.23).
const UNCONTROLLED: &str = "#6e6e6e";
/// How much of the tint shows over the sea.
const OPACITY: f64 = 0.3;

/// The key's lines for the tints (drawn only in a game that marks the zones).
pub const KEY: [&str; 2] = [
    "Sea tint: a side's colour, its naval superiority;",
    "amber, contested; grey, uncontrolled; none, uncontested",
];

/// 35.21-35.24: the tint of a zone in its state, `None` for an uncontested zone.
pub fn tint(zone: &ZoneAscendancy) -> Option<&'static str> {
    match (zone.state, zone.leader) {
        (NavalState::Superiority, Some(side)) => Some(draw::ink(side)),
        (NavalState::Superiority, None) | (NavalState::Contested, _) => Some(CONTESTED),
        (NavalState::Uncontrolled, _) => Some(UNCONTROLLED),
        (NavalState::Uncontested, _) => None,
    }
}

/// The sea hexes of each zone the ascendancy marks, in board order.
fn zone_hexes(board: &Board, ascendancy: &Ascendancy) -> BTreeMap<SeaZone, Vec<Hex>> {
    let mut zones: BTreeMap<SeaZone, Vec<Hex>> = BTreeMap::new();
    for (h, _) in board.hexes() {
        if let Some(z) = board.sea_zone(h).filter(|z| ascendancy.zone(*z).is_some()) {
            zones.entry(z).or_default().push(h);
        }
    }
    zones
}

/// 35: one path per tinted zone over those of its sea hexes that `shown` keeps (empty
/// when no zone is marked or every zone is uncontested, so pictures of other games
/// keep their bytes).
pub fn tints(
    board: &Board,
    geo: &Geo,
    ascendancy: &Ascendancy,
    shown: impl Fn(Hex) -> bool,
) -> String {
    let mut s = String::new();
    for (zone, hexes) in zone_hexes(board, ascendancy) {
        let Some(colour) = ascendancy.zone(zone).and_then(tint) else {
            continue;
        };
        let d: String = hexes
            .iter()
            .filter(|h| shown(**h))
            .map(|h| format!("M{}Z", geo.polygon(*h)))
            .collect();
        if d.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            r#"<path class="ascendancy" data-zone="{zone}" d="{d}" fill="{colour}" fill-opacity="{}" stroke="none"/>"#,
            f(OPACITY)
        );
    }
    s
}

/// 35: each marked zone's letter on the small map, on the zone's sea hex nearest the
/// middle of its hexes, `size` board units high.
pub fn letters(board: &Board, geo: &Geo, ascendancy: &Ascendancy, size: f64) -> String {
    let mut s = String::new();
    for (zone, hexes) in zone_hexes(board, ascendancy) {
        let points: Vec<(f64, f64)> = hexes.iter().map(|h| geo.centre(*h)).collect();
        let n = points.len() as f64;
        let mid = (
            points.iter().map(|p| p.0).sum::<f64>() / n,
            points.iter().map(|p| p.1).sum::<f64>() / n,
        );
        let near = |p: &&(f64, f64)| (p.0 - mid.0).powi(2) + (p.1 - mid.1).powi(2);
        let Some(&(x, y)) = points.iter().min_by(|a, b| near(a).total_cmp(&near(b))) else {
            continue;
        };
        let _ = writeln!(
            s,
            r##"<text class="zone" x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#1b2b44">{zone}</text>"##,
            f(x),
            f(y + size * 0.35),
            f(size)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use blitzkrieg::units::Side;

    fn zone(state: NavalState, leader: Option<Side>) -> ZoneAscendancy {
        ZoneAscendancy {
            blue: 0,
            red: 0,
            state,
            leader,
        }
    }

    /// 35.21-35.24: each state its own tint; an uncontested zone none.
    #[test]
    fn each_state_has_its_tint_35() {
        assert_eq!(
            tint(&zone(NavalState::Superiority, Some(Side::Blue))),
            Some(draw::ink(Side::Blue))
        );
        assert_eq!(
            tint(&zone(NavalState::Superiority, Some(Side::Red))),
            Some(draw::ink(Side::Red))
        );
        assert_eq!(tint(&zone(NavalState::Contested, None)), Some(CONTESTED));
        assert_eq!(
            tint(&zone(NavalState::Uncontrolled, None)),
            Some(UNCONTROLLED)
        );
        assert_eq!(tint(&zone(NavalState::Uncontested, None)), None);
    }
}
