//! Markers the rules put on units and hexes, and the side pools the rules count:
//! units turned upside down by automatic victory (21.1), aircraft inverted after their
//! airbase is bombed (33.2), the PX, RCX and SRIX counters on bombed ports, city roads
//! and cities (33.3-33.5) with the player-turn they come off, '85's light and heavy
//! damage markers on them (41.10, 52.4), units on assault hexes (20.31), and each side's
//! replacement capacity (28.1) and air transport capacity (9.3, 28.4).
//!
//! All plain data kept in the state; the Basic Game without optional rules uses none
//! of it, and a state that has none writes none of it.

use crate::units::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A marker on a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitMarker {
    /// 21.1: "The AVd units remain in play but are turned upside down"; their ZOC is
    /// ignored for the rest of the player-turn, and they are removed after combat
    /// (21.3).
    AutomaticVictory,
    /// 33.2: "Surviving grounded air factors are inverted to indicate that they cannot
    /// attack on the following player-turn."
    Inverted,
    /// 23.6: traced no supply route at the start of this player-turn: half movement and
    /// attack factors, no advance after combat. Comes off at its end.
    OutOfSupply,
    /// 23.4: supplied by air this player-turn, one unit of the air transport capacity
    /// spent on it (9.3). Comes off at its end.
    AirSupplied,
    /// 20.31: placed on an assault hex (a full sea hex) for an opposed invasion; the
    /// unit stands on that sea hex on the map until it goes ashore or is eliminated
    /// after combat (20.35), never past the end of the player-turn.
    Assault,
    // 35 (optional rule)
    /// 35.31: placed on an assault hex of a zone of friendly naval superiority: it
    /// attacks doubled from that full sea hex. Comes off with [`UnitMarker::Assault`].
    SuperiorInvader,
    // 32: air combat (optional rule).
    /// ACT note: "When fighters intercept unescorted bombers, bomber units bomb at 1/2
    /// factor (convert fractions down)". Comes off when the interceptors land (32.34).
    Intercepted,
}

/// A counter placed on a hex by a bombing result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HexMarkerKind {
    /// 33.3: port damaged: no movement to or from sea, no sea supply.
    PX,
    /// 33.4: city road damaged: no road bonus, no link in a supply route.
    RCX,
    /// 33.5: city supply and industry damaged: no supply source, no replacements.
    SRIX,
    /// 25.3-25.4: attacked on the BBT this player-turn: barraged no more, advances
    /// after combat stop on entering it. Comes off at the end of the player-turn.
    Barraged,
    // 52.3: critical resources bombarded (BLITZKRIEG '85).
    /// 52.3 ('85): the city's critical resources damaged: none of them (36) works, nor
    /// 38.5's six points. 004 prints no such marker; the name is the project's, and the
    /// hex carries it only while 52's damage is on the resources.
    CRX,
    // 52.2: airbase bombardment (BLITZKRIEG '85).
    /// 52.2 ('85): the airbase of a city or an airfield damaged: it bases no aircraft
    /// (no landing, no change of base to it, none placed there) while 52's damage is on
    /// it; the aircraft on it are not touched. The name is the project's, as CRX's.
    ABX,
}

impl fmt::Display for HexMarkerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HexMarkerKind::PX => "PX",
            HexMarkerKind::RCX => "RCX",
            HexMarkerKind::SRIX => "SRIX",
            HexMarkerKind::Barraged => "BBT",
            HexMarkerKind::CRX => "CRX",
            HexMarkerKind::ABX => "ABX",
        })
    }
}

/// A marker on a hex and when it comes off: at the end of `side`'s player-turn of
/// `turn` (33.3: "remove it at the end of the damaging player's next player-turn").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HexMarker {
    pub kind: HexMarkerKind,
    pub until_turn: u32,
    pub until_side: Side,
}

impl HexMarker {
    /// Whether the marker is still on the board during `side`'s player-turn of `turn`
    /// (it comes off at the end of the player-turn it names).
    pub fn in_force(&self, turn: u32, side: Side) -> bool {
        (turn, side) <= (self.until_turn, self.until_side)
    }
}

/// What a side has in hand besides its counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pools {
    /// 28.1, reading `replacements-28-1=accumulated`: ground replacements not taken in
    /// earlier complete turns, saved for later ("unused replacements may be
    /// accumulated for later use"). Always 0 under the default `not-accumulated`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub replacements: u32,
    /// 9.3, 28.4: air transport capacity in half units ("may be increased by 1/2
    /// unit"); 0 means the rule set's figure.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub air_transport_halves: u32,
    /// 28.1, 28.4, reading `replacements-28-1=accumulated`: aircraft replacements
    /// saved for later, as `replacements` for ground units.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub aircraft_replacements: u32,
    // 32.33: air transport interception.
    /// 32.33: the half units of air transport capacity lost for good to interception.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub air_transport_lost_halves: u32,
}

impl Pools {
    pub fn is_empty(&self) -> bool {
        *self == Pools::default()
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

// 52: bombardment effect (BLITZKRIEG '85).
/// 41.10, 52.41: a damage marker, light (a BBT result of 1 or 2) or heavy (3 or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DamageLevel {
    Light,
    Heavy,
}

impl fmt::Display for DamageLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DamageLevel::Light => "light",
            DamageLevel::Heavy => "heavy",
        })
    }
}

/// 52.42-52.44: the damage markers on one facility of a hex (its port, city-road or
/// city-supply and industry), in a game of BLITZKRIEG '85, and the side that owns it
/// and removes a level in each of its player-turns. The facility is inoperative for
/// all the purposes of rule 33 while any marker is on it; the hex also carries the
/// facility's PX, RCX or SRIX marker ([`HexMarker`]) until the last comes off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damage {
    pub owner: Side,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub light: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heavy: u32,
}

impl Damage {
    /// No marker on the facility.
    pub fn none(owner: Side) -> Damage {
        Damage {
            owner,
            light: 0,
            heavy: 0,
        }
    }

    /// 52.44: "an unlimited number of heavy and light damage may be applied".
    pub fn add(&mut self, level: DamageLevel) {
        match level {
            DamageLevel::Light => self.light += 1,
            DamageLevel::Heavy => self.heavy += 1,
        }
    }

    /// 52.44: one level removed: a light marker if there is one, else a heavy one
    /// turned to light (52.44's example allows either; the light goes first).
    pub fn remove_level(&mut self) {
        if self.light > 0 {
            self.light -= 1;
        } else if self.heavy > 0 {
            self.heavy -= 1;
            self.light += 1;
        }
    }

    /// Whether no marker is left.
    pub fn is_clear(&self) -> bool {
        self.light == 0 && self.heavy == 0
    }

    /// 52.42-52.43: the owner's player-turns still to end before the facility works:
    /// one for each light marker, two for each heavy one.
    pub fn turns_left(&self) -> u32 {
        self.light + 2 * self.heavy
    }
}

impl fmt::Display for Damage {
    /// "1 heavy, 2 light", "1 light", "none".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = [(self.heavy, "heavy"), (self.light, "light")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, w)| format!("{n} {w}"))
            .collect();
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 33.3: a PX placed by Blue in turn 4 comes off at the end of Blue's next
    /// player-turn, turn 5: in force through 5-Blue, gone in 5-Red.
    #[test]
    fn a_hex_marker_comes_off_after_the_player_turn_it_names_33_3() {
        let px = HexMarker {
            kind: HexMarkerKind::PX,
            until_turn: 5,
            until_side: Side::Blue,
        };
        assert!(px.in_force(4, Side::Red));
        assert!(px.in_force(5, Side::Blue));
        assert!(!px.in_force(5, Side::Red));
        assert!(!px.in_force(6, Side::Blue));
    }

    #[test]
    fn empty_pools_write_nothing() {
        assert_eq!(ron::to_string(&Pools::default()).unwrap(), "()");
        let p = Pools {
            replacements: 6,
            ..Pools::default()
        };
        assert_eq!(ron::to_string(&p).unwrap(), "(replacements:6)");
        assert!(!p.is_empty());
    }
}
