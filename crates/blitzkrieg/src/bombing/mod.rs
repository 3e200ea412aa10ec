//! Additional bombing missions (optional rule 33, 33.1-33.6): the bombers of rule 30
//! attack an airbase (33.2), a port facility (33.3, PX), a city-road (33.4, RCX) or a
//! city's supply and industry (33.5, SRIX) on the BBT, by day or at night (33.6).
//! Owns which bomber may fly which of these missions and against what, their
//! resolution ([`resolve`]), the markers they leave and when those come off (reading
//! `bomb-marker-33-3`), and the questions the rest of the rules ask of a bombed hex:
//! [`port_damaged`] (sea movement and sea supply, 19, 23.5), [`road_cut`] (road
//! movement and supply routes, 9.1, 23.3), [`supply_cut`] (supply sources, 23),
//! [`bombed_for_industry`] (critical resources, 36) and, through the SRIX marker,
//! aircraft replacements (28.5, `replacements.rs`). The missions are written as
//! `[[mission]]` orders (`air/mission.rs` checks what all missions share).
//!
//! Readings where the rules are silent or cut short:
//! - 33.1 "No bomber unit may attack more than one of these targets per
//!   complete-turn": a bomber flies one mission a player-turn (30), and only in its
//!   own player-turn, so a second mission of rule 33 for a bomber in the same order
//!   file is the second target refused.
//! - 33.2 "eliminates that number of aircraft" is read as aircraft *factors* (the BBT
//!   gives factors eliminated), taken from the grounded aircraft named in the owner's
//!   standing `lose_first` first, then the fewest attack factors first; a unit worth
//!   more than what is left is broken into substitutes (26.2). A blank inverts
//!   nothing ("A blank has no effect"). The airbase's A-A fire (the grounded factors
//!   halved, fractions up, never halved further by supply or weather, 003 32.6 & 33.2)
//!   and night bombing's operational hazards (33.6) take bombers' factors, the fewest
//!   first; what is left bombs.
//! - 33.4's text is cut after "There is no A-": read "There is no A-A fire", as 33.3
//!   and 33.5 say.
//! - A hex may be bombed by one mission of each of these kinds a player-turn (003
//!   30.4), only when it is what the mission attacks (a port, a city, an airbase with
//!   enemy aircraft on the ground) and not friendly to the bomber (003 32.6: no
//!   bombing empty or friendly hexes). A port cut off from the open sea may still be
//!   bombed (003 19.4).
//! - A PX, RCX or SRIX marker is on one hex; a city of several hexes is bombed hex by
//!   hex.

// 52: bombardment effect (BLITZKRIEG '85).
pub mod damage;
// 52.2-52.3: facilities bombarded by artillery and attack helicopters ('85).
pub mod barrage;
// 52.6: a player's own damage ('85).
pub mod own;
pub mod resolve;
// 48: BLITZKRIEG '85's anti-aircraft fire.
pub mod aa;

pub(crate) use resolve::take as take_factors;
pub use resolve::{resolve, Hazard, Strike};

use crate::air::MissionKind;
use crate::board::Country;
use crate::cite::{Cite, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{HexMarkerKind, UnitMarker};
use crate::model::raid::{Raid, RaidTarget};
use crate::position::Position;
use crate::readings::BombMarker;
use crate::rules::Rules;
use crate::ruleset::OptionalRule;
use crate::state::GameState;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// 33: whether the game plays the additional bombing missions.
pub fn played(rules: &Rules) -> bool {
    rules.ruleset.plays(OptionalRule::BombingMissions)
}

/// 33.2-33.5: why a unit of `kind` may not fly a mission of rule 33: only TAC and MDM
/// bomb an airbase, only SAC and MDM a port, a city-road or a city's supply and
/// industry.
pub fn wrong_type(kind: UnitKind, mission: MissionKind) -> Option<(&'static str, Cite)> {
    match (kind, mission) {
        (UnitKind::Sac, MissionKind::Airbase) => {
            Some(("only TAC and MDM bomb an airbase (33.2)", cite!("33.2")))
        }
        (UnitKind::Tac, MissionKind::Port) => Some((
            "only SAC and MDM bomb a port facility (33.3)",
            cite!("33.3"),
        )),
        (UnitKind::Tac, MissionKind::Road) => {
            Some(("only SAC and MDM bomb a city-road (33.4)", cite!("33.4")))
        }
        (UnitKind::Tac, MissionKind::Industry) => Some((
            "only SAC and MDM bomb a city's supply and industry (33.5)",
            cite!("33.5"),
        )),
        // 52.3 ('85): "by SAC, MDM, naval units, artillery, or attack helicopters".
        // 52.2 ('85): "by TAC, MDM, attack helicopters, naval units, or artillery".
        (UnitKind::Sac, MissionKind::AirbaseFacility) => {
            Some(("only TAC and MDM bombard an airbase (52.2)", cite!("52.2")))
        }
        (UnitKind::Tac, MissionKind::Resource) => Some((
            "only SAC and MDM bomb a city's critical resources (52.3)",
            cite!("52.3"),
        )),
        _ => None,
    }
}

/// 33.2: an inverted aircraft flies no combat mission in its owner's next
/// player-turn, but may change base.
pub fn grounded_by_bombing(pos: &Position, unit: &UnitId) -> bool {
    pos.is_marked(unit, UnitMarker::Inverted)
}

/// 33.1-33.2, for the template: each of `side`'s bombers on the map with the missions of
/// rule 33 its type may fly (none while it is inverted, 33.2), in id order.
pub fn may_bomb(pos: &Position, side: Side) -> Vec<(UnitId, Vec<MissionKind>)> {
    let kinds = [
        MissionKind::Airbase,
        MissionKind::Port,
        MissionKind::Road,
        MissionKind::Industry,
    ];
    let mut out: Vec<(UnitId, Vec<MissionKind>)> = pos
        .pieces()
        .filter(|p| p.side == side && p.kind.is_bomber())
        .map(|p| {
            let may = if grounded_by_bombing(pos, &p.id) {
                Vec::new()
            } else {
                kinds
                    .into_iter()
                    .filter(|k| wrong_type(p.kind, *k).is_none())
                    .collect()
            };
            (p.id.clone(), may)
        })
        .collect();
    out.sort_by_cached_key(|a| a.0.counting_key());
    out
}

/// 33.3-33.5: every PX, RCX and SRIX marker on the board with the player-turn it comes
/// off after, in hex order.
pub fn markers(pos: &Position) -> Vec<(Hex, HexMarkerKind, Side, u32)> {
    pos.hex_marks()
        .iter()
        .flat_map(|(h, set)| set.iter().map(move |m| (*h, m)))
        .filter(|(_, m)| m.kind != HexMarkerKind::Barraged)
        .map(|(h, m)| (h, m.kind, m.until_side, m.until_turn))
        .collect()
}

/// The hexes, sides and raids a rule 33 target is judged against.
pub struct TargetContext<'a> {
    pub rules: &'a Rules,
    pub pos: &'a Position,
    /// 5.2: the cities each side held at the start of the player-turn.
    pub held: &'a BTreeMap<Hex, Side>,
    pub side: Side,
    /// The raids already announced this player-turn.
    pub raids: &'a [Raid],
    /// 33.1: the hexes artillery barrages this player-turn.
    pub barraged: &'a BTreeSet<Hex>,
}

/// 33.1-33.6 (003 30.4, 003 32.6, 003 19.4): why `hex` may not be bombed by a mission
/// of `kind` (`night`: at night), with the paragraph it breaks; `None` when it may.
pub fn target_refusal(
    ctx: &TargetContext,
    kind: MissionKind,
    night: bool,
    hex: Hex,
) -> Option<(String, Cite)> {
    let target = kind.target()?;
    let board = &ctx.rules.board;
    if (kind.is_rule_33() || night) && !played(ctx.rules) {
        return Some((
            "optional rule 33 (additional bombing missions) is not played in this game".into(),
            cite!("33"),
        ));
    }
    if night
        && !matches!(
            target,
            RaidTarget::Port | RaidTarget::Road | RaidTarget::Industry
        )
    {
        return Some((
            "only a port, a city-road or a city's supply and industry is bombed at night (33.6)"
                .into(),
            cite!("33.6"),
        ));
    }
    if !kind.is_rule_33() {
        return None;
    }
    // 52.2-52.3 ('85): an airbase and critical resources, judged by `refusal_85`.
    if !matches!(target, RaidTarget::Resource | RaidTarget::AirbaseFacility)
        && board
            .country(hex)
            .is_some_and(|c| !matches!(c, Country::GreatBlue | Country::BigRed))
    {
        return Some((
            "it is in a minor country, where the missions of rule 33 are not played (29)".into(),
            cite!("33"),
        ));
    }
    if ctx.barraged.contains(&hex) {
        return Some((
            "artillery barrages it this player-turn, and artillery is never combined with these missions (33.1)".into(),
            cite!("33.1"),
        ));
    }
    if ctx.raids.iter().any(|r| r.hex == hex && r.target == target) {
        return Some((
            format!("another {kind} mission bombs it this player-turn (003 30.4: one of each type a hex)"),
            cite!("003 30.4"),
        ));
    }
    let friendly = || friendly_to_bomber(ctx, hex);
    let rule = match target {
        RaidTarget::Units => return None,
        RaidTarget::Airbase => {
            let grounded = ctx
                .pos
                .at(hex)
                .any(|p| p.side == ctx.side.other() && p.kind.is_air() && !ctx.pos.is_aloft(&p.id));
            return (!grounded).then(|| {
                (
                    "no enemy aircraft is on the ground there (33.2; 003 32.6: no bombing empty hexes)".into(),
                    cite!("33.2"),
                )
            });
        }
        RaidTarget::Port => ("a port", cite!("33.3")),
        RaidTarget::Resource | RaidTarget::AirbaseFacility => return refusal_85(ctx, target, hex),
        RaidTarget::Road => ("a city", cite!("33.4")),
        RaidTarget::Industry => ("a city", cite!("33.5")),
    };
    if !has_facility(ctx.rules, ctx.pos, target, hex) {
        return Some((format!("it is not {}", rule.0), rule.1));
    }
    friendly().then(|| {
        (
            format!(
                "it is {} friendly to {} (003 32.6: no bombing friendly hexes)",
                rule.0, ctx.side
            ),
            rule.1,
        )
    })
}

/// 33.3-33.5, 52.2-52.3: whether `hex` has the facility `target` names: a port (33.3),
/// a city's road or supply and industry (33.4-33.5), a city with a critical resource
/// (52.3, 36.2-36.4), an airbase itself, a city's or an airfield (52.2, 49.3). The
/// ground units (30.42) and the aircraft on an airbase (33.2) are judged by who is there.
pub fn has_facility(rules: &Rules, pos: &Position, target: RaidTarget, hex: Hex) -> bool {
    let board = &rules.board;
    match target {
        RaidTarget::Units | RaidTarget::Airbase => true,
        RaidTarget::Port => board.port_at(hex).is_some(),
        RaidTarget::Road | RaidTarget::Industry => board.is_city(hex),
        RaidTarget::Resource => damage::resource_city(rules, hex),
        RaidTarget::AirbaseFacility => board.is_city(hex) || pos.airfield_owner(hex).is_some(),
    }
}

/// 5.1-5.2: whether `hex` is friendly to the bomber's side (003 32.6: it bombs no
/// friendly hex).
fn friendly_to_bomber(ctx: &TargetContext, hex: Hex) -> bool {
    crate::control::is_friendly(
        &ctx.rules.board,
        ctx.pos,
        ctx.held,
        ctx.rules.ruleset.readings.city_friendly,
        ctx.side,
        hex,
    )
}

/// 52.2-52.3 ('85): why `hex` may not be bombarded for `target`: only in a game that
/// plays 52's damage; critical resources (52.3) only on a hex of a city with one
/// (36.2-36.4: oil, basic industry, naval stores); an airbase (52.2) a city or an
/// enemy airfield (49); never one friendly to the bomber (003 32.6). A city of a minor
/// country may be bombarded when the enemy held it at the start of the player-turn
/// (38.4-38.5 count the resources of minor cities occupied); one nobody holds may not.
fn refusal_85(ctx: &TargetContext, target: RaidTarget, hex: Hex) -> Option<(String, Cite)> {
    let board = &ctx.rules.board;
    let (what, rule) = match target {
        RaidTarget::AirbaseFacility => ("an airbase itself is", cite!("52.2")),
        _ => ("critical resources are", cite!("52.3")),
    };
    if !damage::played(ctx.rules) {
        return Some((
            format!("{what} a target of BLITZKRIEG '85 alone, which damages facilities ({rule})"),
            rule,
        ));
    }
    if target == RaidTarget::AirbaseFacility {
        if let Some(owner) = ctx.pos.airfield_owner(hex) {
            return (owner == ctx.side).then(|| {
                (
                    format!(
                        "the airfield there is {owner}'s (003 32.6: no bombing friendly hexes)"
                    ),
                    rule,
                )
            });
        }
    }
    if !has_facility(ctx.rules, ctx.pos, target, hex) {
        let why = match target {
            RaidTarget::AirbaseFacility => {
                "it is no airbase: a city or an enemy airfield (30.2, 49.3)"
            }
            _ => "it is no city with a critical resource (oil, basic industry or naval stores, 36.2-36.4)",
        };
        return Some((why.into(), rule));
    }
    let minor = board
        .country(hex)
        .is_some_and(|c| !matches!(c, Country::GreatBlue | Country::BigRed));
    if minor && ctx.held.get(&hex) != Some(&ctx.side.other()) {
        return Some((
            format!(
                "it is a minor country's city {} did not hold at the start of the player-turn ({rule} with 38.4-38.5)",
                ctx.side.other()
            ),
            rule,
        ));
    }
    friendly_to_bomber(ctx, hex).then(|| {
        (
            format!(
                "it is a city friendly to {} (003 32.6: no bombing friendly hexes)",
                ctx.side
            ),
            rule,
        )
    })
}

/// 33.3-33.5: the marker a result other than a blank places for a target (52.3: CRX
/// for critical resources, in '85).
pub fn marker_of(target: RaidTarget) -> Option<HexMarkerKind> {
    target.marker()
}

fn marked(pos: &Position, hex: Hex, kind: HexMarkerKind) -> bool {
    pos.hex_marks()
        .get(&hex)
        .is_some_and(|s| s.iter().any(|m| m.kind == kind))
}

/// 33.3 with 003 33.3: a port with a PX marker "may not be used for movement to or
/// from sea, or for sea supply", and is no port for any purpose while damaged
/// (naval ascendancy too, 35.1).
pub fn port_damaged(pos: &Position, hex: Hex) -> bool {
    marked(pos, hex, HexMarkerKind::PX)
}

/// 33.4: a city hex with an RCX marker gives no road bonus and is no link in a supply
/// route.
pub fn road_cut(pos: &Position, hex: Hex) -> bool {
    marked(pos, hex, HexMarkerKind::RCX)
}

/// 33.4: whether a step between `from` and `to` leaves or enters a city hex whose
/// road is cut.
pub fn road_cut_between(pos: &Position, from: Hex, to: Hex) -> bool {
    road_cut(pos, from) || road_cut(pos, to)
}

/// 33.5: a city hex with an SRIX marker is no supply source and gives no replacements.
pub fn supply_cut(pos: &Position, hex: Hex) -> bool {
    marked(pos, hex, HexMarkerKind::SRIX)
}

/// 52.3 ('85): the critical resources of the city hex `hex` are damaged (a CRX
/// marker on it while 52's damage lasts): none of its resources works (36), nor
/// gives 38.5's points.
pub fn resources_damaged(
    marks: &BTreeMap<Hex, BTreeSet<crate::marker::HexMarker>>,
    hex: Hex,
) -> bool {
    marks
        .get(&hex)
        .is_some_and(|s| s.iter().any(|m| m.kind == HexMarkerKind::CRX))
}

/// 52.2 ('85): the airbase of `hex` is damaged (an ABX marker on it while 52's
/// damage lasts): it bases no aircraft, no landing, change of base or placement there.
pub fn airbase_damaged(
    marks: &BTreeMap<Hex, BTreeSet<crate::marker::HexMarker>>,
    hex: Hex,
) -> bool {
    marks
        .get(&hex)
        .is_some_and(|s| s.iter().any(|m| m.kind == HexMarkerKind::ABX))
}

/// 33.5 for 36 (critical resources): whether the city hex `city` is bombed, its
/// industrial capacity negated, as the state stands (an SRIX marker on it). The hex
/// named; a city of several hexes is bombed hex by hex.
pub fn bombed_for_industry(state: &GameState, city: Hex) -> bool {
    state
        .hex_marks
        .get(&city)
        .is_some_and(|s| s.iter().any(|m| m.kind == HexMarkerKind::SRIX))
}

/// 33.3-33.5 under `bomb-marker-33-3=before-next-combat` (the PBEM sequences of 000
/// and 003: "Remove Blue's old PX, RCX, and SRIX markers" before the battles): at the
/// start of `side`'s combat in `turn`, its markers placed in its previous player-turn
/// come off.
pub fn markers_off_before_combat(
    rules: &Rules,
    pos: &mut Position,
    turn: u32,
    side: Side,
) -> Vec<Event> {
    if rules.ruleset.readings.bomb_marker != BombMarker::BeforeNextCombat {
        return Vec::new();
    }
    markers_off(
        pos,
        turn,
        side,
        "before its combat (the PBEM sequences; bomb-marker-33-3)",
    )
}

/// 33.2, 33.3-33.5 at the end of `side`'s player-turn of `turn`, with 52.6's orders
/// `own` in '85: the markers whose time is up come off (under `before-next-combat` they are off already), and `side`'s
/// aircraft inverted in the enemy's player-turn are turned back, having sat out this
/// one.
pub fn end_of_player_turn(
    pos: &mut Position,
    (turn, side): (u32, Side),
    own: &own::OwnDamage,
) -> Vec<Event> {
    // 52.44 ('85): a level of each of the side's damaged facilities comes off first,
    // but those it keeps (52.6); then the damage it applies to its own (52.6).
    let mut events = damage::wear_off(pos, turn, side, &own.keep);
    events.extend(own::apply(pos, own, (turn, side)));
    events.extend(markers_off(
        pos,
        turn,
        side,
        "at the end of its player-turn (33.3)",
    ));
    let inverted: Vec<UnitId> = pos
        .marked_with(UnitMarker::Inverted)
        .filter(|id| pos.get(id).is_some_and(|p| p.side == side))
        .cloned()
        .collect();
    for id in &inverted {
        pos.unmark(id, UnitMarker::Inverted);
    }
    if !inverted.is_empty() {
        let names: Vec<&str> = inverted.iter().map(UnitId::as_str).collect();
        events.push(Event::Note {
            text: format!(
                "{} turned back up: the player-turn after the airbase attack is over",
                names.join(", ")
            ),
            rule: Rule::para(para!("33.2")),
        });
    }
    events.extend(damage::status(pos));
    events
}

/// The PX, RCX and SRIX markers of `side` whose time is up in its player-turn of
/// `turn` taken off, each said.
fn markers_off(pos: &mut Position, turn: u32, side: Side, when: &str) -> Vec<Event> {
    let due: Vec<(Hex, HexMarkerKind)> = markers(pos)
        .into_iter()
        .filter(|&(_, _, s, t)| s == side && t <= turn)
        // 52.44: a damaged facility's marker stays while its damage lasts.
        .filter(|&(h, k, _, _)| !pos.damage().get(&h).is_some_and(|d| d.contains_key(&k)))
        .map(|(h, k, _, _)| (h, k))
        .collect();
    pos.clear_expired(turn, side);
    due.into_iter()
        .map(|(hex, kind)| Event::Note {
            text: format!("{side}'s {kind} marker comes off {hex} {when}"),
            rule: Rule::para(para!("33.3-33.5")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::StateBuilder;
    use crate::marker::HexMarker;

    /// 33.5 for 36: a city hex with an SRIX marker is bombed for industry; one with a
    /// PX or RCX only, or none, is not.
    #[test]
    fn an_srix_marker_negates_the_city_for_industry_33_5() {
        let h = |s: &str| s.parse::<Hex>().unwrap();
        let mark = |kind| HexMarker {
            kind,
            until_turn: 3,
            until_side: Side::Red,
        };
        let mut state = StateBuilder::new("g").build();
        state
            .hex_marks
            .insert(h("R10"), [mark(HexMarkerKind::SRIX)].into());
        state.hex_marks.insert(
            h("S12"),
            [mark(HexMarkerKind::PX), mark(HexMarkerKind::RCX)].into(),
        );
        assert!(bombed_for_industry(&state, h("R10")));
        assert!(!bombed_for_industry(&state, h("S12")));
        assert!(!bombed_for_industry(&state, h("T14")));
    }
}
