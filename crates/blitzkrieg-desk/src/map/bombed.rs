//! 33: what the map pictures show of the additional bombing missions: a tag on each hex
//! with a PX, RCX or SRIX marker (33.3-33.5), and a note of each marker and of the
//! aircraft inverted after their airbase was bombed (33.2).

use crate::svg::{f, Geo, HEX_HALF_HEIGHT};
use blitzkrieg::hex::Hex;
use blitzkrieg::marker::{Damage as Levels, HexMarker, HexMarkerKind, UnitMarker};
use blitzkrieg::units::UnitId;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// 52.4: BLITZKRIEG '85's damage markers, by hex and facility.
pub type Damage = BTreeMap<Hex, BTreeMap<HexMarkerKind, Levels>>;

/// The colour of a bombing marker.
const BOMBED: &str = "#8b1a1a";

/// The bombing markers of a hex (the hexes barraged are the action's).
fn bombing(set: &BTreeSet<HexMarker>) -> impl Iterator<Item = &HexMarker> + '_ {
    set.iter().filter(|m| m.kind != HexMarkerKind::Barraged)
}

/// 33.3-33.5: a tag naming the markers of every bombed hex (empty when there is none,
/// so pictures of other games are unchanged).
pub fn marks(geo: &Geo, hex_marks: &BTreeMap<Hex, BTreeSet<HexMarker>>) -> String {
    let mut s = String::new();
    for (h, set) in hex_marks {
        let kinds: Vec<String> = bombing(set).map(|m| m.kind.to_string()).collect();
        if kinds.is_empty() {
            continue;
        }
        let (x, y) = geo.centre(*h);
        let _ = writeln!(
            s,
            r##"<text class="bombed" data-hex="{h}" x="{}" y="{}" font-size="5" font-weight="bold" text-anchor="middle" fill="{BOMBED}">{}</text>"##,
            f(x),
            f(y - HEX_HALF_HEIGHT * 0.55),
            kinds.join(" ")
        );
    }
    s
}

/// 33.2-33.5: one line per bombed hex ("R10: SRIX, off after Blue's player-turn 3";
/// in BLITZKRIEG '85 the damage left, 52.44: "NN48: PX, 1 heavy, a level off after
/// each of Red's player-turns") and one naming the inverted aircraft.
pub fn notes(
    hex_marks: &BTreeMap<Hex, BTreeSet<HexMarker>>,
    damage: &Damage,
    unit_marks: &BTreeMap<UnitId, BTreeSet<UnitMarker>>,
) -> Vec<String> {
    let mut out: Vec<String> = hex_marks
        .iter()
        .flat_map(|(h, set)| bombing(set).map(move |m| (h, m)))
        .map(|(h, m)| match damage.get(h).and_then(|d| d.get(&m.kind)) {
            Some(d) => format!(
                "{h}: {}, {d}, a level off after each of {}'s player-turns",
                m.kind, d.owner
            ),
            None => format!(
                "{h}: {}, off after {}'s player-turn {}",
                m.kind, m.until_side, m.until_turn
            ),
        })
        .collect();
    let inverted: Vec<&str> = unit_marks
        .iter()
        .filter(|(_, m)| m.contains(&UnitMarker::Inverted))
        .map(|(u, _)| u.as_str())
        .collect();
    if !inverted.is_empty() {
        out.push(format!("Inverted (33.2): {}", inverted.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use blitzkrieg::units::Side;

    /// 33.2-33.5: a marker is tagged and noted with when it comes off, an inverted
    /// aircraft is noted; the barraged mark and a game with none draw nothing.
    #[test]
    fn bombed_hexes_and_inverted_aircraft_are_shown_33() {
        let h: Hex = "R10".parse().unwrap();
        let mark = |kind| HexMarker {
            kind,
            until_turn: 3,
            until_side: Side::Blue,
        };
        let mut hexes = BTreeMap::new();
        hexes.insert(h, BTreeSet::from([mark(HexMarkerKind::Barraged)]));
        let none = BTreeMap::new();
        let undamaged = Damage::new();
        assert!(notes(&hexes, &undamaged, &none).is_empty());
        hexes.insert(h, BTreeSet::from([mark(HexMarkerKind::SRIX)]));
        let mut units = BTreeMap::new();
        units.insert(
            UnitId::new("R-1TAC").unwrap(),
            BTreeSet::from([UnitMarker::Inverted]),
        );
        assert_eq!(
            notes(&hexes, &undamaged, &units),
            vec![
                "R10: SRIX, off after Blue's player-turn 3".to_string(),
                "Inverted (33.2): R-1TAC".to_string()
            ]
        );
    }

    /// 52.44: in a game of BLITZKRIEG '85 a bombed facility's note gives the damage left
    /// and that a level comes off in each of its owner's player-turns, not 33's time.
    #[test]
    fn a_damaged_facility_is_noted_with_its_damage_52_44() {
        let h: Hex = "NN48".parse().unwrap();
        let mark = HexMarker {
            kind: HexMarkerKind::PX,
            until_turn: 2,
            until_side: Side::Red,
        };
        let hexes = BTreeMap::from([(h, BTreeSet::from([mark]))]);
        let levels = Levels {
            owner: Side::Red,
            light: 0,
            heavy: 1,
        };
        let damage = Damage::from([(h, BTreeMap::from([(HexMarkerKind::PX, levels)]))]);
        assert_eq!(
            notes(&hexes, &damage, &BTreeMap::new()),
            vec!["NN48: PX, 1 heavy, a level off after each of Red's player-turns".to_string()]
        );
    }
}
