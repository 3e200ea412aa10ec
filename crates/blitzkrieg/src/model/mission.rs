//! 30.4, 30.7: an air mission as the orders give it: what it does ([`MissionKind`]) and
//! one `[[mission]]` order with its names read ([`Mission`]). The orders file names it
//! and the aircraft's events record its kind, so it sits under every rule module; the
//! checking and flying of missions is `air/mission.rs`.

use crate::hex::Hex;
use crate::model::raid::RaidTarget;
use crate::orders::Located;
use crate::units::UnitId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// 30.4, 30.7: what an air mission does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MissionKind {
    /// 30.41: TAC and MDM support a ground attack on the TGAT.
    Tactical,
    /// 30.42: SAC and MDM bomb a hex on the BBT.
    Strategic,
    /// 30.7: a change of base, staging along friendly cities.
    Transfer,
    // 33: additional bombing missions (optional rule).
    /// 33.2: TAC and MDM bomb an airbase on the BBT.
    Airbase,
    /// 33.3: SAC and MDM bomb a port facility on the BBT.
    Port,
    /// 33.4: SAC and MDM bomb a city-road on the BBT.
    Road,
    /// 33.5: SAC and MDM bomb a city's supply and industry on the BBT.
    Industry,
    // 52.3: BLITZKRIEG '85's city bombardment.
    /// 52.3 ('85): SAC and MDM bomb a city's critical resources on the BBT.
    Resource,
    // 52.2: BLITZKRIEG '85's airbase bombardment.
    /// 52.2 ('85): TAC and MDM bomb an airbase itself (a city's or an airfield) on the BBT.
    AirbaseFacility,
    // 32: air combat (optional rule).
    /// 32.4: fighters escort the bombing missions over a hex.
    Escort,
    /// 32.5: fighters hunt from a search hex (`air_combat::hunt`).
    Hunt,
    // 32.7, 33.7: patrol and patrol/interdiction (air_combat::patrol).
    /// 32.7: fighters patrol a hex through the opponent's player-turn.
    Patrol,
    /// 33.7: TAC and fighters on patrol/interdiction over a hex.
    Interdiction,
}

impl MissionKind {
    /// Reads `tactical`, `strategic` or `transfer` (any case; `staging` for a transfer).
    pub fn from_name(text: &str) -> Option<MissionKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "tactical" => Some(MissionKind::Tactical),
            "strategic" => Some(MissionKind::Strategic),
            "transfer" | "staging" => Some(MissionKind::Transfer),
            "airbase" => Some(MissionKind::Airbase),
            "port" => Some(MissionKind::Port),
            "road" | "city-road" => Some(MissionKind::Road),
            "industry" => Some(MissionKind::Industry),
            // 52.3 ('85).
            "resource" | "resources" | "critical-resource" | "critical-resources" => {
                Some(MissionKind::Resource)
            }
            // 52.2 ('85).
            "airbase-facility" => Some(MissionKind::AirbaseFacility),
            // 32: air combat.
            "escort" => Some(MissionKind::Escort),
            "hunt" => Some(MissionKind::Hunt),
            // 32.7, 33.7: patrol, patrol/interdiction.
            "patrol" => Some(MissionKind::Patrol),
            "interdiction" | "patrol-interdiction" | "p/i" => Some(MissionKind::Interdiction),
            _ => None,
        }
    }

    /// Whether it is a combat air operation (003 30: tactical and strategic bombing).
    pub fn is_combat(self) -> bool {
        self != MissionKind::Transfer
    }

    /// The mission of the aircraft that bombs `target` on the BBT: the inverse of
    /// [`MissionKind::target`] (52.2-52.3: a barrage on a facility is refused where
    /// that mission would be).
    pub fn bombing(target: RaidTarget) -> MissionKind {
        match target {
            RaidTarget::Units => MissionKind::Strategic,
            RaidTarget::Airbase => MissionKind::Airbase,
            RaidTarget::Port => MissionKind::Port,
            RaidTarget::Road => MissionKind::Road,
            RaidTarget::Industry => MissionKind::Industry,
            RaidTarget::Resource => MissionKind::Resource,
            RaidTarget::AirbaseFacility => MissionKind::AirbaseFacility,
        }
    }

    /// 30.42, 33.2-33.5: what a mission bombing on the BBT attacks (`None` for a
    /// tactical mission or a transfer).
    pub fn target(self) -> Option<RaidTarget> {
        match self {
            MissionKind::Tactical
            | MissionKind::Transfer
            | MissionKind::Escort
            | MissionKind::Hunt
            | MissionKind::Patrol
            | MissionKind::Interdiction => None,
            MissionKind::Strategic => Some(RaidTarget::Units),
            MissionKind::Airbase => Some(RaidTarget::Airbase),
            MissionKind::Port => Some(RaidTarget::Port),
            MissionKind::Road => Some(RaidTarget::Road),
            MissionKind::Industry => Some(RaidTarget::Industry),
            MissionKind::Resource => Some(RaidTarget::Resource),
            MissionKind::AirbaseFacility => Some(RaidTarget::AirbaseFacility),
        }
    }

    /// 33.1: whether it is one of the additional bombing missions of rule 33.
    pub fn is_rule_33(self) -> bool {
        self.target().is_some_and(|t| !t.is_units())
    }
}

impl fmt::Display for MissionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MissionKind::Tactical => "tactical",
            MissionKind::Strategic => "strategic",
            MissionKind::Transfer => "transfer",
            MissionKind::Airbase => "airbase",
            MissionKind::Port => "port",
            MissionKind::Road => "road",
            MissionKind::Industry => "industry",
            MissionKind::Resource => "resource",
            MissionKind::AirbaseFacility => "airbase-facility",
            MissionKind::Escort => "escort",
            MissionKind::Hunt => "hunt",
            MissionKind::Patrol => "patrol",
            MissionKind::Interdiction => "patrol/interdiction",
        })
    }
}

/// One `[[mission]]` order, its names read (docs/orders.md, air missions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mission {
    pub units: Vec<Located<UnitId>>,
    pub kind: Located<MissionKind>,
    /// The hex flown to: the target (a hex the battle attacks, or the hex bombed), or
    /// the new base of a transfer.
    pub to: Located<Hex>,
    /// 30.41: the `[[attack]]` a tactical mission supports.
    pub battle: Option<Located<String>>,
    /// 30.5: the base to land at after combat (by default the base flown from).
    pub land: Option<Located<Hex>>,
    /// 30.7: the cities a transfer stages through, in order.
    pub via: Vec<Located<Hex>>,
    /// 30.3: the full sea hex of its zone a carrier-based aircraft flies from.
    pub from: Option<Located<Hex>>,
    /// 30.42: the stock whose sales give a strategic bombing's digit, in a game by
    /// stock sales.
    pub stock: Option<Located<String>>,
    // 33: additional bombing missions (optional rule).
    /// 33.6: `night = true`: a night bombing.
    pub night: Option<Located<bool>>,
    // 32: air combat (optional rule).
    /// 32.31: the hexes flown from the base to `to`, in order (`to` last, written or
    /// not); empty when the orders give none.
    pub route: Vec<Located<Hex>>,
    // 32.5-32.6: a hunt's follow-ups, decided in the mover's file.
    /// 32.6: the airbase next to the search hex the hunters strafe if they attack no
    /// interceptor.
    pub strafe: Option<Located<Hex>>,
    /// 32.52: `fire_excess = true`: hunters intercepted by fewer factors fire with all
    /// their factors instead of holding the excess back.
    pub fire_excess: Option<Located<bool>>,
    // 003 32.31, 003 33.7: the owner's choice of losses.
    /// 003 32.31, 003 33.7: the mover's units over `to` in the order the interceptors'
    /// losses come from them (escorts always first, 32.4); empty: the default order.
    pub losses: Vec<Located<UnitId>>,
    // 003 32.5: hunters switching to patrol.
    /// 003 32.5, 32.7: `then_patrol = true`: the hunters that have not fired patrol
    /// their search hex after combat instead of returning to base.
    pub then_patrol: Option<Located<bool>>,
    // 47.21: an escort joining its bombers on their way.
    /// 47.21: `join = "HEX"`: the hex an escort meets the bombers at, their start hex
    /// or a hex of their route, to fly on with them to `to` (BLITZKRIEG '85).
    pub join: Option<Located<Hex>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each target's bombing mission attacks that target.
    #[test]
    fn the_bombing_mission_of_a_target_attacks_it() {
        for t in [
            RaidTarget::Units,
            RaidTarget::Airbase,
            RaidTarget::Port,
            RaidTarget::Road,
            RaidTarget::Industry,
            RaidTarget::Resource,
            RaidTarget::AirbaseFacility,
        ] {
            assert_eq!(MissionKind::bombing(t).target(), Some(t));
        }
    }

    /// 30.4, 30.7: the kinds of mission as players write them.
    #[test]
    fn mission_kinds_read_in_any_case() {
        assert_eq!(
            MissionKind::from_name(" Tactical"),
            Some(MissionKind::Tactical)
        );
        assert_eq!(
            MissionKind::from_name("STRATEGIC"),
            Some(MissionKind::Strategic)
        );
        assert_eq!(
            MissionKind::from_name("staging"),
            Some(MissionKind::Transfer)
        );
        assert_eq!(MissionKind::from_name("dive"), None);
        assert!(!MissionKind::Transfer.is_combat());
        assert!(MissionKind::Strategic.is_combat());
    }
}
