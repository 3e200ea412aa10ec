//! 32.3-32.4: the air missions over a hex the defender may intercept, as the state
//! keeps them while a player-turn waits before odds for his answer, and what the
//! missions of a player-turn do ([`Flights`]), from which they are read. The rule
//! itself is `air_combat/`.

use crate::event::Event;
use crate::hex::Hex;
use crate::model::landing::Landing;
use crate::model::raid::Raid;
use crate::orders::OrderError;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 32.3 with 003 32.31 ("all attacking aircraft in a single hex must be intercepted as
/// a single group"): the mover's aircraft in the air over one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flight {
    /// The hex they fly to.
    pub hex: Hex,
    /// The bombers of every bombing mission over the hex.
    pub bombers: Vec<UnitId>,
    /// 32.4: the fighters escorting them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escorts: Vec<UnitId>,
    /// 32.31 with 003: the intercept range over the hex, in hexes (0: only fighters
    /// based in the hex itself may intercept, 003 32.31).
    pub range: u32,
    /// 32.5: the hunt missions searching from the hex (a flight of hunters has no
    /// bombers: 32.5 keeps hunters out of a hex friendly bombers fly to).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hunts: Vec<Hunt>,
    // 32.33: air transport interception.
    /// 32.33: the ground units flown to the hex by air transport or airdrop (9.3,
    /// 9.4); never those supplied by air (003 32.33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transported: Vec<UnitId>,
    // 32.7, 33.7: patrol and patrol/interdiction.
    /// 32.72, 33.7: the aircraft sent on patrol or patrol/interdiction over the hex
    /// this player-turn (met at normal strength when no bombers fly over it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patrollers: Vec<UnitId>,
    // 003 32.31, 003 33.7: the owner's choice of losses.
    /// 003 32.31, 003 33.7: the units the mover's file names, in the order the
    /// interceptors' losses come from them (after the escorts, 32.4); the units it
    /// does not name follow in the default order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<UnitId>,
    // 47.34: night bombing intercepted in '85.
    /// 47.34: every bomber over the hex flies a night bombing (33.6): in a game of '85
    /// it may be intercepted, the interceptors' strength halved after all else.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub night: bool,
    // 47.32: '85's air transport met on its way.
    /// 47.32, 50.3 (a game of '85 with rule 50): the other hexes of the air transport's
    /// way over which the defender's fighters may meet it, those within the intercept
    /// range (`air_combat::transport`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub way: Vec<Hex>,
    // 47.33, 50.4, 50.76: '85's transport aircraft over the hex.
    /// 47.33, 50.76 (a game of '85 with rule 50): the transport aircraft flying to the
    /// hex, with what each carries or supplies (`air_combat::transport`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carriers: Vec<Carrier>,
}

/// 47.33, 50.5, 50.7 (BLITZKRIEG '85): one transport aircraft of a flight: its capacity
/// and what it carries (the half stacking units of each ground unit aboard, 50.5) or
/// the units its air supply is for (50.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carrier {
    pub aircraft: UnitId,
    /// 41.11: its capacity in half stacking units.
    pub halves: u32,
    /// 50.5: the ground units aboard, with the half stacking units of capacity each
    /// takes in this aircraft (a unit may be loaded over two aircraft).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aboard: BTreeMap<UnitId, u32>,
    /// 50.7, 50.76: the units its air supply is for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supplies: Vec<UnitId>,
}

/// 32.5-32.52, 32.6: one hunt mission and the follow-ups its file pre-decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hunt {
    /// The hunters, in the order written.
    pub units: Vec<UnitId>,
    /// 32.6: the airbase they strafe if they attack no interceptor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strafe: Option<Hex>,
    /// 32.52: intercepted by fewer factors, they fire with all (else the excess is
    /// held back).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fire_excess: bool,
    /// 003 32.5: the hunters that have not fired patrol the search hex after combat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub then_patrol: bool,
}

impl Flight {
    /// A flight over `hex` with no aircraft yet and no intercept range.
    pub fn over(hex: Hex) -> Flight {
        Flight {
            hex,
            bombers: Vec::new(),
            escorts: Vec::new(),
            range: 0,
            hunts: Vec::new(),
            transported: Vec::new(),
            patrollers: Vec::new(),
            losses: Vec::new(),
            night: false,
            way: Vec::new(),
            carriers: Vec::new(),
        }
    }

    /// 32.31, 47.32: the hex of the flight nearest `base`: its own, or in a game of '85
    /// a hex of its air transport's way (the first in hex order of those as near).
    pub fn nearest_to(&self, base: Hex) -> Hex {
        self.way.iter().copied().fold(self.hex, |best, h| {
            if base.distance(h) < base.distance(best) {
                h
            } else {
                best
            }
        })
    }

    /// 32.32: whether the bombers fly escorted.
    pub fn escorted(&self) -> bool {
        !self.escorts.is_empty()
    }

    /// 32.5: the hunters searching from the hex, hunt by hunt in the order written.
    pub fn hunters(&self) -> impl Iterator<Item = &UnitId> {
        self.hunts.iter().flat_map(|h| h.units.iter())
    }
}

/// 32.3: one interception the defender answered with: his fighters and the hex of the
/// flight they meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interception {
    pub hex: Hex,
    pub fighters: Vec<UnitId>,
}

// 32.7, 33.7: patrol and patrol/interdiction (the rule is `air_combat::patrol`).
/// 32.7, 33.7: what an aircraft in the air over a patrol hex is doing there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PatrolKind {
    /// 32.7: a fighter on patrol.
    Patrol,
    /// 33.7: a TAC or fighter on patrol/interdiction.
    Interdiction,
}

/// 32.7, 33.7: one aircraft in the air over its patrol hex (it stands at its base on
/// the map, in the air, as bombers do, 30.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Patrol {
    pub hex: Hex,
    pub kind: PatrolKind,
}

// 32.3, 003 32.3, 003 32.34: the wait-out and where returning fighters land.
/// 32.3 with 003 32.3 and 003 32.34: a fighter of the defender's in the air in the
/// mover's player-turn that lands somewhere else than the base it stands at: one that
/// waited out over a hex, or an interceptor whose answer named a base to land at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Return {
    pub unit: UnitId,
    /// The hex it flew to: the wait-out hex, or the hex it intercepted over.
    pub over: Hex,
    /// The base the answer named.
    pub base: Hex,
    /// 003 32.3: how far from `over` it may land (12 hexes a leg, 24 in all).
    pub reach: u32,
    /// Whether it waited out (32.3) rather than intercepted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waited: bool,
}

/// What the missions of a player-turn do (`air/mission.rs` flies them; the air
/// combat reads the flights the defender may intercept from it).
#[derive(Clone, Debug, Default)]
pub struct Flights {
    /// 30.41: the bombers supporting each battle, by battle id.
    pub support: BTreeMap<String, Vec<UnitId>>,
    /// 30.5: where each bomber in the air lands after combat.
    pub landing: BTreeMap<UnitId, Landing>,
    /// 30.42: the strategic bombings, in the order written.
    pub raids: Vec<Raid>,
    // 32: air combat (optional rule).
    /// 32.31: the routes written, base first, by aircraft.
    pub routes: BTreeMap<UnitId, Vec<Hex>>,
    /// 32.5: the hunt missions flown, with their search hexes.
    pub hunts: Vec<(Hex, Hunt)>,
    /// 003 32.31, 003 33.7: the order of losses the mover chose over each hex.
    pub losses: BTreeMap<Hex, Vec<UnitId>>,
    pub events: Vec<Event>,
    pub errors: Vec<OrderError>,
}
