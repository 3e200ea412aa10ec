//! Combat supply (optional rule 23): which units of the side to move trace a supply
//! route at the start of its player-turn, before any movement (23.1), and what being
//! cut off does to them (23.6).
//!
//! 23.2-23.3: a route is a path one hex wide, free of enemy ZOC, at most 10 hexes
//! overland (any terrain but full sea, lake and the Neutral Country) to a road, thence
//! any distance along the road, never leaving it round a blocking ZOC and never through
//! an unfriendly city, to a friendly home-country city. Both legs are breadth-first
//! walks over the board (`search::breadth_first`): the road net from every source, then
//! outward from the whole net for all units at once.
//!
//! What this module decides where the rulebook is silent (docs/rules-coverage.md,
//! 23.2): the unit's own hex may lie in enemy ZOC (the route leaves it, as a unit in contact is
//! still fed); the friendly home city the route reaches must itself be free of enemy
//! ZOC, as every hex of the route. Only the side to move traces: 003 23.1, "the only
//! units which need to trace a supply route in the opponent's player-turn are
//! fighters", and the Basic Game has none. Air supply (23.4) serves the units the
//! orders name (`[[air_supply]]`); sea supply through ports (23.5) is played with sea
//! movement (optional rule 19); beach supply (23.5 with 003 23.5) through the beach hexes
//! the side invaded in its own last player-turn (optional rule 20; `beachheads` in the
//! state), for the units no road or port supplies.

use crate::cite::{Ref, Rule};
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::orders::{Located, OrderError, Problem};
// 23.6: a unit cut off is what the position holds of it.
pub use crate::position::is_cut_off;
use crate::position::Position;
use crate::rules::Rules;
use crate::search;
use crate::state::GameState;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

/// 23.1-23.3, 23.5: the units of `side` on the map that trace no supply route, in id
/// order. `held` are the cities held at the start of the player-turn (5.1-5.2),
/// `beachheads` the beach hexes `side` invaded in its last player-turn.
///
/// Two walks of the one search: the road net every friendly home city (and, by sea,
/// port) feeds (road steps cost nothing; never into enemy ZOC or an unfriendly city),
/// then outward from that whole net over open land, as far as the overland hexes of
/// 23.2 reach: a unit is supplied when its hex is reached so (one walk for all units,
/// not one for each).
pub fn cut_off(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    beachheads: &BTreeSet<Hex>,
    side: Side,
) -> BTreeSet<UnitId> {
    let none = BTreeSet::new();
    let heads = Beachheads {
        all: beachheads,
        rangers: &none,
        ascendancy: None,
    };
    trace(rules, pos, held, heads, side, &[]).cut
}

/// 23.5 with 003 23.5 and 003 27.2: the hexes a side invaded in its last player-turn:
/// beach hexes invaded with units other than rangers (`all`: they supply any unit), and
/// coastal hexes invaded by rangers alone (`rangers`: they supply rangers only).
#[derive(Clone, Copy)]
pub struct Beachheads<'a> {
    pub all: &'a BTreeSet<Hex>,
    pub rangers: &'a BTreeSet<Hex>,
    // 35 (optional rule)
    /// 35.31, 35.34: the naval ascendancy sea supply obeys (`None` in a game without
    /// rule 35).
    pub ascendancy: Option<&'a crate::ascendancy::Ascendancy>,
}

/// What a trace finds: the hexes the road net feeds (in hex order), the units cut
/// off, and those supplied through beach hexes instead (23.5).
struct Trace {
    fed: Vec<Hex>,
    cut: BTreeSet<UnitId>,
    beach: BeachSupply,
    /// 30.2: the side's grounded aircraft whose hex traces no route, as a ground unit
    /// there would not (beach supply included).
    air_cut: BTreeSet<UnitId>,
    /// 23.5: the `[[beach_supply]]` orders refused.
    beach_errors: Vec<OrderError>,
}

/// 23.5: the units supplied by sea through beach hexes, in id order, and the beach
/// hexes that supply (in hex order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BeachSupply {
    pub units: Vec<UnitId>,
    pub hexes: Vec<Hex>,
    /// The units cut off that a beach hex reaches, in id order: those the orders may
    /// name in `[[beach_supply]]` (more than its 10 units, it may be).
    pub candidates: Vec<UnitId>,
}

/// The steps a supply route of `side` may take (23.2-23.3): overland into any open
/// land hex, along the road only into open hexes and through friendly cities. Open:
/// "unblocked by any enemy ZOC" (8.1).
struct Steps<'a> {
    board: &'a crate::board::Board,
    pos: &'a Position,
    enemy: Side,
    friendly: &'a BTreeSet<Hex>,
}

impl Steps<'_> {
    fn open(&self, h: Hex) -> bool {
        !self.pos.in_zoc_of(self.enemy, h) && !self.pos.supply_barred(self.enemy.other(), h)
    }

    /// 23.2: a step overland.
    fn overland(&self, to: Hex) -> bool {
        self.open(to) && self.board.is_land(to)
    }

    /// 23.3: a step along the road, never round a blocking ZOC nor through an
    /// unfriendly city.
    fn road(&self, from: Hex, to: Hex) -> bool {
        self.board.road_joins(from, to)
            && self.open(to)
            && !crate::bombing::road_cut_between(self.pos, from, to)
            && (!self.board.is_city(to) || self.friendly.contains(&to))
    }
}

fn trace(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    beachheads: Beachheads<'_>,
    side: Side,
    named: &[Located<UnitId>],
) -> Trace {
    let board = &rules.board;
    // 23.2: "a maximum of 10 hexes overland to a road".
    let overland_hexes = rules.ruleset.optional_figures.combat_supply.overland_hexes;
    let friendly: BTreeSet<Hex> =
        control::friendly_cities(board, pos, held, rules.ruleset.readings.city_friendly, side);
    let steps = Steps {
        board,
        pos,
        enemy: side.other(),
        friendly: &friendly,
    };
    let mut sources: Vec<Hex> = friendly
        .iter()
        .copied()
        .filter(|&h| board.home_of(h) == Some(side) && steps.open(h))
        .filter(|&h| !crate::bombing::supply_cut(pos, h))
        .collect();
    let ports = sea_joined_ports(rules, pos, held, side, beachheads.ascendancy);
    let by_sea = !ports.is_empty();
    sources.extend(ports);
    let extent = board.extent();
    let net = search::breadth_first(extent, sources, u32::MAX, |h, n| steps.road(h, n));
    let on_net = |h: Hex| net.get(h).flatten().is_some();
    // 23.2: at most 10 hexes overland, any land, to the net. One walk outward from the
    // whole net gives every open land hex its distance from it; a unit's own hex may be
    // in enemy ZOC (the route leaves it), so a unit is supplied when it stands on the
    // net or next to an open land hex at most 9 hexes from it.
    let fed_hexes: Vec<Hex> = board
        .hexes()
        .map(|(h, _)| h)
        .filter(|&h| on_net(h))
        .collect();
    let supplied = overland_reach(&steps, extent, &fed_hexes, overland_hexes);
    let mut traced: BTreeMap<Hex, bool> = BTreeMap::new();
    let mut cut = BTreeSet::new();
    let mut air_cut = BTreeSet::new();
    for p in pos
        .pieces()
        .filter(|p| p.side == side && !pos.is_aloft(&p.id))
    {
        // 29.7: a unit in a minor country its supply may not cross traces no route.
        let barred = pos.supply_barred(side, p.hex);
        if barred || !*traced.entry(p.hex).or_insert_with(|| supplied(p.hex)) {
            let into = if p.kind.is_air() {
                &mut air_cut
            } else {
                &mut cut
            };
            into.insert(p.id.clone());
        }
    }
    let by_beach = by_sea && rules.ruleset.invasions();
    let (beach, beach_errors) = if by_beach {
        beach_supply(rules, pos, &steps, beachheads, (&cut, named))
    } else {
        let why = if crate::weather::sea::cuts_sea_supply(pos.weather()) {
            "in a gale there is no supply by sea through ports or beaches (34)"
        } else if rules.ruleset.invasions() {
            "no friendly home port may be used to send it by sea (19.4)"
        } else {
            "this game is played without optional rule 20 (invasions)"
        };
        let errors = named.iter().map(|u| no_beach_route(u, why)).collect();
        (BeachSupply::default(), errors)
    };
    if by_beach && !air_cut.is_empty() {
        // The aircraft compete for the beaches' capacity with the ground units cut off,
        // as ground units in their hexes would.
        let all: BTreeSet<UnitId> = cut.union(&air_cut).cloned().collect();
        let none = BTreeSet::new();
        let beaches = Beachheads {
            all: beachheads.all,
            rangers: &none,
            ascendancy: beachheads.ascendancy,
        };
        let (with_air, _) = beach_supply(rules, pos, &steps, beaches, (&all, named));
        air_cut.retain(|id| !with_air.units.contains(id));
    }
    cut.retain(|id| !beach.units.contains(id));
    Trace {
        fed: fed_hexes,
        cut,
        beach,
        air_cut,
        beach_errors,
    }
}

/// 23.2, 23.5: whether a unit in a hex traces a route of at most `hexes` hexes
/// overland to one of `sources` (in hex order). One walk outward from all of them
/// gives every open land hex its distance; a unit's own hex may be in enemy ZOC (the
/// route leaves it), so a unit is supplied when it stands on a source or next to an
/// open land hex fewer than `hexes` from one.
fn overland_reach(
    steps: &Steps<'_>,
    extent: (i16, i16),
    sources: &[Hex],
    hexes: u32,
) -> impl Fn(Hex) -> bool {
    let walk = search::breadth_first(extent, sources.iter().copied(), hexes, |_, n| {
        steps.overland(n)
    });
    let sources = sources.to_vec();
    let near = move |h: Hex| walk.get(h).flatten().is_some_and(|d| d < hexes);
    move |h: Hex| sources.binary_search(&h).is_ok() || h.neighbours().any(&near)
}

/// 23.5: "a supply route may be traced from a friendly home port, out to sea any
/// distance ... to a friendly beach hex just invaded by friendly troops last turn.
/// Beach supply is limited to 10 unblocked hexes from the friendly beach hex for 10
/// units maximum". 003 23.5: the hex must be one the side invaded with a unit other
/// than rangers in its last player-turn (`beachheads`), and friendly as a city is
/// (5): in the enemy home country (or a minor country) only while the side occupies
/// it; the 10 units are in all, not per beach. The caller checks the friendly home
/// port (with sea movement, rule 19). Readings: the beach hex must be free of enemy
/// ZOC (5.1 "adjacent to enemy units") and reach the board edge by sea past no enemy
/// ZOC (003 19.4); a road met on the way carries no further (the radius is the
/// beach's 10 hexes, 23.5 "while a road ... may extend the supply radius of a port");
/// of the units `cut` off that lie within reach, counted in half units (26.4: rangers
/// and substitutes count half), those the orders name (`named`, 23.1: the owner
/// traces his supply) are supplied first, in the order written, then the others
/// first in id order while room is left. A unit named that no beach hex supplies, or
/// beyond the 10, is refused (B970, B971).
fn beach_supply(
    rules: &Rules,
    pos: &Position,
    steps: &Steps<'_>,
    beachheads: Beachheads<'_>,
    (cut, named): (&BTreeSet<UnitId>, &[Located<UnitId>]),
) -> (BeachSupply, Vec<OrderError>) {
    let board = &rules.board;
    let enemy = steps.enemy;
    let zoc = |h: Hex| pos.in_zoc_of(enemy, h);
    let friendly = |h: Hex| {
        steps.open(h)
            && pos.side_at(h) != Some(enemy)
            && (board.home_of(h) == Some(enemy.other()) || pos.side_at(h) == Some(enemy.other()))
    };
    // 35.31, 35.34: never from a sea hex of a zone the naval ascendancy closes.
    let side = enemy.other();
    let zone_open = |n: Hex| {
        board.sea_zone(n).is_none_or(|z| {
            !crate::ascendancy::supply_barred(rules, beachheads.ascendancy, side, z)
        })
    };
    let by_sea = |h: Hex| {
        h.neighbours()
            .any(|n| board.is_sea(n) && zone_open(n) && board.reaches_open_sea(n, &zoc))
    };
    let hexes: Vec<Hex> = beachheads
        .all
        .iter()
        .copied()
        .filter(|&h| board.beach_at(h).is_some() && friendly(h) && by_sea(h))
        .collect();
    // 003 27.2: a coastal hex invaded by rangers alone supplies rangers only.
    let ranger_hexes: Vec<Hex> = beachheads
        .rangers
        .iter()
        .copied()
        .filter(|&h| board.is_coastal(h) && friendly(h) && by_sea(h))
        .collect();
    let figures = rules.ruleset.optional_figures.combat_supply;
    if hexes.is_empty() && ranger_hexes.is_empty() {
        let why = "no beach hex you invaded last player-turn supplies this player-turn";
        let errors = named.iter().map(|u| no_beach_route(u, why)).collect();
        return (BeachSupply::default(), errors);
    }
    let reached = overland_reach(steps, board.extent(), &hexes, figures.beach_hexes);
    let rangers_reached = overland_reach(steps, board.extent(), &ranger_hexes, figures.beach_hexes);
    let candidates: Vec<UnitId> = cut
        .iter()
        .filter(|id| {
            pos.get(id).is_some_and(|piece| {
                let through_rangers = piece.kind == UnitKind::Rangers && rangers_reached(piece.hex);
                !pos.supply_barred(piece.side, piece.hex) && (reached(piece.hex) || through_rangers)
            })
        })
        .cloned()
        .collect();
    let limit = figures.beach_units;
    let mut room = limit.saturating_mul(2);
    let mut units: Vec<UnitId> = Vec::new();
    let mut errors = Vec::new();
    for u in named {
        let id = &u.value;
        let why = if pos.get(id).is_none_or(|p| p.side != enemy.other()) {
            Some("it is not a unit of the side to move on the map".to_string())
        } else if units.contains(id) {
            Some("it is named twice".to_string())
        } else if !cut.contains(id) {
            Some("it traces a supply route without a beach hex".to_string())
        } else if !candidates.contains(id) {
            Some(format!(
                "no beach hex you invaded last player-turn is within {} hexes of it",
                figures.beach_hexes
            ))
        } else {
            None
        };
        if let Some(why) = why {
            errors.push(no_beach_route(u, &why));
            continue;
        }
        let halves = pos.get(id).map_or(2, Position::halves_of);
        if halves > room {
            let used = limit.saturating_mul(2) - room + halves;
            let problem = Problem::BeachSupplyLimit {
                unit: id.clone(),
                count: units_of_halves(used),
                limit,
            };
            errors.push(OrderError::new(problem, Some(u.span.clone()), cite!("23.5")).unit(id));
            continue;
        }
        room -= halves;
        units.push(id.clone());
    }
    for id in &candidates {
        let halves = pos.get(id).map_or(2, Position::halves_of);
        if !units.contains(id) && halves <= room {
            room -= halves;
            units.push(id.clone());
        }
    }
    units.sort();
    let mut hexes = hexes;
    hexes.extend(ranger_hexes);
    hexes.sort();
    hexes.dedup();
    let supply = BeachSupply {
        units,
        hexes,
        candidates,
    };
    (supply, errors)
}

/// B970: a unit named in `[[beach_supply]]` that no beach hex supplies.
fn no_beach_route(u: &Located<UnitId>, why: &str) -> OrderError {
    let problem = Problem::BeachSupplyNoRoute {
        unit: u.value.clone(),
        why: why.to_string(),
    };
    OrderError::new(problem, Some(u.span.clone()), cite!("23.5")).unit(&u.value)
}

/// A count of half units written out: "4", "4½" (26.4).
fn units_of_halves(halves: u32) -> String {
    format!("{}{}", halves / 2, if halves % 2 == 1 { "½" } else { "" })
}

/// 23.5: "a supply route may be traced from a friendly home port, out to sea any
/// distance to a friendly port", and on from it by road "in the normal manner". With
/// sea movement (optional rule 19) in play and at least one friendly home port usable
/// (19.4: friendly, free of enemy ZOC, its way to the open sea not cut), every other
/// friendly port usable so is joined to it: the sea zones go on beyond the board (003
/// 19.1), so open water joins every open port. Without rule 19, none. Beach supply
/// (23.5) comes with invasions (rule 20).
fn sea_joined_ports(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    ascendancy: Option<&crate::ascendancy::Ascendancy>,
) -> Vec<Hex> {
    // 34, Gale: no supply by sea through ports or beaches.
    if !rules.ruleset.sea_movement() || crate::weather::sea::cuts_sea_supply(pos.weather()) {
        return Vec::new();
    }
    let board = &rules.board;
    let open_sea = board.open_sea(&crate::sea::enemy_zoc(pos, side));
    let open = |dock: Hex| open_sea.get(dock).flatten().is_some();
    // 35.31, 35.34: no sea supply into a zone the naval ascendancy closes.
    let sea_open = |h: Hex| {
        board
            .port_zone(h)
            .is_none_or(|z| !crate::ascendancy::supply_barred(rules, ascendancy, side, z))
    };
    let usable = |h: Hex| {
        !pos.in_zoc_of(side.other(), h)
            && sea_open(h)
            && !pos.supply_barred(side, h)
            && crate::sea::port_fault_with(
                board,
                pos,
                (held, rules.ruleset.readings.city_friendly),
                side,
                h,
                crate::sea::Use::Land,
                &open,
            )
            .is_none()
    };
    let ports: Vec<Hex> = board
        .ports()
        .iter()
        .map(|p| p.hex)
        .filter(|&h| usable(h))
        .collect();
    if ports.iter().any(|&h| board.home_of(h) == Some(side)) {
        ports
    } else {
        Vec::new()
    }
}

/// 23.1, 23.4, 23.5, 23.6: with optional rule 23, traces the supply of the side to
/// move (through its `beachheads` too), supplies by air the units its orders name
/// (`air`), marks every unit still cut off
/// for this player-turn ([`UnitMarker::OutOfSupply`]) and says so. Without the rule:
/// nothing, and an air supply order is refused.
pub fn trace_start(
    rules: &Rules,
    pos: &mut Position,
    held: &BTreeMap<Hex, Side>,
    beachheads: Beachheads<'_>,
    side: Side,
    (air, beach): (&[Located<UnitId>], &[Located<UnitId>]),
    by_air85: &BTreeSet<UnitId>,
) -> Started {
    if !rules.ruleset.combat_supply() {
        let why = "this game is played without optional rule 23 (combat supply)";
        let mut errors: Vec<OrderError> = air.iter().map(|u| no_air_route(u, why)).collect();
        errors.extend(beach.iter().map(|u| no_beach_route(u, why)));
        return Started {
            event: None,
            kept: None,
            errors,
            unsupplied_air: BTreeSet::new(),
        };
    }
    let mut found = trace(rules, pos, held, beachheads, side, beach);
    // 50.75: '85's air supply delivered in the side's last player-turn.
    let kept: Vec<UnitId> = found.cut.intersection(by_air85).cloned().collect();
    for id in &kept {
        found.cut.remove(id);
        found.air_cut.remove(id);
    }
    let (by_air, mut errors) = air_supply(rules, pos, held, side, &found, air);
    errors.append(&mut found.beach_errors);
    for id in found.cut.iter().filter(|id| !by_air.contains(id)) {
        pos.mark(id, UnitMarker::OutOfSupply);
    }
    for id in &by_air {
        pos.mark(id, UnitMarker::AirSupplied);
    }
    let kept = (!kept.is_empty()).then(|| Event::Note {
        text: format!(
            "{} supplied by air, delivered in {side}'s last player-turn (50.75)",
            crate::units::names(&kept)
        ),
        rule: Rule::para(para!("50.75")),
    });
    let event = Event::Supply {
        side,
        cut_off: found
            .cut
            .into_iter()
            .filter(|id| !by_air.contains(id))
            .collect(),
        air_supplied: by_air,
        beach_supplied: found.beach.units,
        beachheads: found.beach.hexes,
        rule: Rule::para(para!("23.1-23.3")),
    };
    Started {
        event: Some(event),
        kept,
        errors,
        unsupplied_air: found.air_cut,
    }
}

/// 50.75: the units of `side` '85's air supply keeps supplied at the start of its
/// player-turn of `turn`.
pub fn by_air85(
    supplied: &BTreeMap<UnitId, crate::model::air_supply::AirSupplied>,
    side: Side,
    turn: u32,
) -> BTreeSet<UnitId> {
    supplied
        .iter()
        .filter(|(_, s)| s.side == side && s.lasts(side, turn))
        .map(|(id, _)| id.clone())
        .collect()
}

/// 50.75: "supplied for the one enemy and friendly player turn following delivery":
/// at the end of `side`'s movement in turn `turn`, its units supplied in its last
/// player-turn are so no longer, and those supplied now (`now`) are through its next.
pub fn keep_air_supplied(
    supplied: &mut BTreeMap<UnitId, crate::model::air_supply::AirSupplied>,
    now: &BTreeSet<UnitId>,
    side: Side,
    turn: u32,
) {
    supplied.retain(|_, s| s.side != side || s.through_turn > turn);
    for id in now {
        let until = crate::model::air_supply::AirSupplied {
            side,
            through_turn: turn.saturating_add(1),
        };
        supplied.insert(id.clone(), until);
    }
}

/// What tracing supply at the start of a player-turn finds.
pub struct Started {
    /// 23.1-23.3: who is cut off, supplied by air or through beaches.
    pub event: Option<Event>,
    /// 50.75: the line of the units '85's air supply keeps supplied, if any.
    pub kept: Option<Event>,
    /// 23.4: air supply orders refused.
    pub errors: Vec<OrderError>,
    /// 30.2: the side's aircraft that begin the player-turn unable to trace a route to
    /// combat supply, traced as a ground unit in their hex would be: they fly no
    /// combat mission (they may change base).
    pub unsupplied_air: BTreeSet<UnitId>,
}

fn no_air_route(u: &Located<UnitId>, why: &str) -> OrderError {
    let problem = Problem::AirSupplyNoRoute {
        unit: u.value.clone(),
        why: why.to_string(),
    };
    OrderError::new(problem, Some(u.span.clone()), cite!("23.4")).unit(&u.value)
}

/// 23.4: "The air transport capacity may be used to provide combat supply for up to 4
/// units. Each unit supplied takes one unit of the transport capacity. Units so
/// supplied trace a normal route to any friendly city, thence by air up to 40 hexes to
/// another friendly city, thence by road or sea to a friendly home country city. Armor
/// and artillery may not be air supplied." The units named, in order, that may be so
/// supplied, and a problem for each other one. 26.4: substitutes and rangers count half
/// a unit toward the limit.
fn air_supply(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    found: &Trace,
    air: &[Located<UnitId>],
) -> (Vec<UnitId>, Vec<OrderError>) {
    let figures = rules.ruleset.optional_figures.combat_supply;
    let limit = usize::try_from(figures.air_units)
        .unwrap_or(usize::MAX)
        .min(rules.ruleset.figures.air_transport_units);
    let friendly = control::friendly_cities(
        &rules.board,
        pos,
        held,
        rules.ruleset.readings.city_friendly,
        side,
    );
    let fed_cities: Vec<Hex> = friendly
        .iter()
        .copied()
        .filter(|c| found.fed.binary_search(c).is_ok())
        .collect();
    let mut by_air = Vec::new();
    let mut used = 0;
    let mut errors = Vec::new();
    for u in air {
        let id = &u.value;
        let fail = |problem: Problem| {
            OrderError::new(problem, Some(u.span.clone()), cite!("23.4")).unit(id)
        };
        let Some(piece) = pos.get(id).filter(|p| p.side == side) else {
            errors.push(no_air_route(
                u,
                "it is not a unit of the side to move on the map",
            ));
            continue;
        };
        if !found.cut.contains(id) || by_air.contains(id) {
            errors.push(fail(Problem::AirSupplyNotNeeded { unit: id.clone() }));
            continue;
        }
        if matches!(piece.kind, UnitKind::Armor | UnitKind::Artillery) {
            let kind = piece.kind.to_string();
            errors.push(fail(Problem::AirSupplyKind {
                unit: id.clone(),
                kind,
            }));
            continue;
        }
        // 26.4: substitutes and rangers count half a unit toward the limit.
        let halves = used + Position::halves_of(piece);
        if u64::from(halves) > u64::try_from(limit).unwrap_or(u64::MAX).saturating_mul(2) {
            errors.push(fail(Problem::AirSupplyLimit {
                unit: id.clone(),
                count: units_of_halves(halves),
                limit,
            }));
            continue;
        }
        let reached = cities_reached(rules, pos, side, &friendly, piece.hex);
        let linked = reached.iter().any(|&c| {
            fed_cities
                .iter()
                .any(|&f| f != c && c.distance(f) <= figures.air_range)
        });
        if !linked {
            let why = if reached.is_empty() {
                "it traces no route to a friendly city".to_string()
            } else {
                format!(
                    "no friendly city it reaches is within {} hexes of one that is supplied",
                    figures.air_range
                )
            };
            errors.push(no_air_route(u, &why));
            continue;
        }
        used = halves;
        by_air.push(id.clone());
    }
    (by_air, errors)
}

/// 23.2-23.4: the friendly cities a unit in `from` reaches by "a normal route": at most
/// the overland hexes of 23.2 to a road, then along the road (never into enemy ZOC,
/// never through an unfriendly city).
fn cities_reached(
    rules: &Rules,
    pos: &Position,
    side: Side,
    friendly: &BTreeSet<Hex>,
    from: Hex,
) -> BTreeSet<Hex> {
    let steps = Steps {
        board: &rules.board,
        pos,
        enemy: side.other(),
        friendly,
    };
    let budget = rules.ruleset.optional_figures.combat_supply.overland_hexes;
    // A state is a hex and whether the route is on the road yet.
    let reach = search::search(
        (from, false),
        budget,
        |(h, on_road): (Hex, bool)| -> Vec<((Hex, bool), u32)> {
            let road = h.neighbours().filter(|&n| steps.road(h, n));
            if on_road {
                return road.map(|n| ((n, true), 0)).collect();
            }
            let mut next: Vec<((Hex, bool), u32)> = road.map(|n| ((n, true), 1)).collect();
            next.extend(
                h.neighbours()
                    .filter(|&n| steps.overland(n))
                    .map(|n| ((n, false), 1)),
            );
            next
        },
        |_| false,
    );
    reach
        .iter()
        .map(|((h, _), _)| h)
        .filter(|h| friendly.contains(h))
        .collect()
}

/// 23.1, 23.5: what a trace in `state` as it stands finds for `side`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AsItStands {
    /// The units cut off from supply.
    pub cut: BTreeSet<UnitId>,
    /// The units supplied through beach hexes (23.5).
    pub beach: BeachSupply,
}

/// 23.1: with optional rule 23, the units of `side` cut off from supply in `state` as
/// it stands, and those supplied through beach hexes (for the template and `show`: the
/// trace at the start of the player-turn, before any owed decision is carried out).
/// `None` without the rule.
pub fn as_it_stands(rules: &Rules, state: &GameState, side: Side) -> Option<AsItStands> {
    rules.ruleset.combat_supply().then(|| {
        // 29: the minor countries' cities as they stand, and no route through a
        // neutral one (an aggressor's payment, 29.7, is assumed).
        let mut pos = crate::minor::position_of(rules, state);
        crate::minor::supply::close_neutral(rules, &mut pos, &state.minors, side);
        let none = BTreeSet::new();
        let beachheads = Beachheads {
            all: state.beachheads.get(&side).unwrap_or(&none),
            rangers: state.ranger_beachheads.get(&side).unwrap_or(&none),
            ascendancy: Some(&state.ascendancy),
        };
        let found = trace(rules, &pos, &state.held, beachheads, side, &[]);
        AsItStands {
            cut: found.cut,
            beach: found.beach,
        }
    })
}

/// 23.5: "supplied by sea through beach hex FFF55: B-1IN, B-2IN (23.5)", or `None`
/// when no unit is.
pub fn beach_line(beach: &BeachSupply) -> Option<String> {
    if beach.units.is_empty() {
        return None;
    }
    let hexes: Vec<String> = beach.hexes.iter().map(ToString::to_string).collect();
    let names: Vec<String> = beach.units.iter().map(ToString::to_string).collect();
    let s = if hexes.len() == 1 { "" } else { "es" };
    Some(format!(
        "supplied by sea through beach hex{s} {}: {} (23.5)",
        hexes.join(", "),
        names.join(", ")
    ))
}

/// "every Blue unit traces a supply route" or "cut off from supply: B-1IN, B-2IN".
pub fn line(side: Side, cut: &BTreeSet<UnitId>) -> String {
    if cut.is_empty() {
        return format!("every {side} unit traces a supply route (23.1-23.3)");
    }
    let names: Vec<String> = cut.iter().map(ToString::to_string).collect();
    format!(
        "cut off from supply: {}: half movement and attack factors, no advance after combat (23.6)",
        names.join(", ")
    )
}

/// 23.6: the markers come off at the end of the player-turn; supply is traced anew at
/// the start of the next.
pub fn clear(pos: &mut Position) {
    pos.unmark_all(UnitMarker::OutOfSupply);
    pos.unmark_all(UnitMarker::AirSupplied);
}

/// 23.6: a unit cut off "has its basic movement factor halved". Every counter's
/// movement factor is even (a test of the counter data holds it so), so the half is
/// exact.
pub fn movement(pos: &Position, id: &UnitId, printed: u32) -> u32 {
    if pos.is_marked(id, UnitMarker::OutOfSupply) {
        printed / 2
    } else {
        printed
    }
}

// 003 23.1: fighters' supply in the opponent's player-turn.

/// 003 23.1 [RSW]: "The only units which need to trace a supply route in the
/// opponent's player-turn are fighters (excluding those already conducting patrol or
/// patrol/interdiction missions)." In a game that plays rules 23 and 32, the fighters
/// of `side`, the side not moving, on the ground and tracing no route at the start of
/// the opponent's player-turn (traced as a ground unit in their hex would be, 30.2), in
/// id order; none otherwise.
///
/// What the umpire knows of `side`'s own player-turn: 003 ties this trace to it (air
/// and beach supply carried over at no extra cost). `traced` holds the sides whose own
/// player-turn traced supply in this game after an earlier player-turn of it (the
/// state's record of seeds used not empty): the first player-turn of a game may begin
/// from a position file, which says nothing of the supply a side had in the
/// player-turn before it. A side not in it (a state written before this rule was
/// built, a game begun from a position whose first player-turn is the enemy's or its
/// own) traces nothing in the enemy's player-turn, and its fighters are taken as
/// supplied, as those games were played.
///
/// Beach supply (23.5) is traced through the beach hexes `side` invaded in its own last
/// player-turn (the state keeps them until its next one), with the same limit: a
/// fighter supplied through a beach in its own player-turn is so again, "at no extra
/// cost". Air supply (23.4) serves ground units only here (an `[[air_supply]]` names
/// the units cut off, aircraft never among them), so no fighter was air supplied in its
/// own player-turn, and the defender's answer has no `[[air_supply]]` to use the
/// capacity left unused: a fighter cut off overland and beyond every beach stays cut
/// off.
pub fn fighters_cut_off(
    traced: &BTreeSet<Side>,
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    beachheads: Beachheads<'_>,
    side: Side,
) -> Vec<UnitId> {
    if !fighters_trace(rules) || !traced.contains(&side) {
        return Vec::new();
    }
    trace(rules, pos, held, beachheads, side, &[])
        .air_cut
        .into_iter()
        .filter(|id| pos.get(id).is_some_and(|p| p.kind == UnitKind::Ftr))
        .filter(|id| pos.patrol_of(id).is_none())
        .collect()
}

/// 003 23.1: whether the game's fighters trace supply in the enemy's player-turn: it
/// plays rules 23 and 32.
pub fn fighters_trace(rules: &Rules) -> bool {
    rules.ruleset.combat_supply() && crate::air_combat::in_play(&rules.ruleset)
}

/// 003 23.1: the report's line for the defender's fighters cut off in the mover's
/// player-turn, or `None` when none is.
pub fn fighters_line(side: Side, mover: Side, cut: &[UnitId]) -> Option<Event> {
    if cut.is_empty() {
        return None;
    }
    Some(Event::Note {
        text: format!(
            "{side}'s fighters cut off from supply in {mover}'s player-turn: {}: they may not intercept, wait out or strafe in it",
            crate::units::names(cut)
        ),
        rule: fighters_rule(),
    })
}

/// 003 23.1: "Any fighters which are out of supply may not conduct any combat air
/// operations (even interception of a vacant hex)": a problem for each unit of the
/// answer's `[[intercept]]`s and `[[strafe]]`s (`named`) that is one of `cut`.
pub fn fighters_refused<'a>(
    cut: &[UnitId],
    named: impl Iterator<Item = &'a Located<UnitId>>,
) -> Vec<OrderError> {
    named
        .filter(|u| cut.contains(&u.value))
        .map(|u| {
            OrderError::new(
                Problem::FighterCutOff {
                    unit: u.value.clone(),
                },
                Some(u.span.clone()),
                cite!("003 23.1"),
            )
            .unit(&u.value)
        })
        .collect()
}

fn fighters_rule() -> Rule {
    Rule::para(para!("23.1")).and(Ref::Reading("23.1".into()))
}
