//! Critical resources (optional rule 36, Tournament Game): the oil (36.2), basic
//! industry (36.3) and naval stores (36.4) cities, which of them each side has the use
//! of at the start of a player-turn (36.1, with 003 36.1), the [`Use`] the state
//! records for the player-turn (plain data of `model/resources.rs`, with the event
//! that reports it). [`limits`] owns what a shortage forbids (36.22-36.24,
//! 36.32-36.34, 36.42-36.44), [`odds`] the odds capped, [`orders`] the orders refused,
//! [`zones`] the sea zones a shortage of basic industry lowers (36.32-36.34), [`excess`]
//! the units at sea excused from the limits (003 36.4).
//!
//! The cities are data (`[resources]` of `rules/blitzkrieg/tournament.toml`), one hex
//! of each as 000 prints it. Readings where the rules are silent:
//! - a city of two or three hexes (the board's city of the printed hex) is in use when
//!   every one of its hexes is friendly to the side (5.1-5.2 with 003 5, as
//!   `control.rs` decides it): 003 36.1, "you must keep your cities free of enemy
//!   ZOCs";
//! - a city is bombed for basic industry (33.5) while an SRIX counter is in force on
//!   any of its hexes;
//! - the use is counted after the decisions owed from the last player-turn are carried
//!   out, where 000's and 003's PBEM sequences put "Determine effect of critical
//!   resources", before supply.

pub mod limits;
pub mod odds;
pub mod orders;
// 36.32-36.34: basic industry and the sea zones of rule 35.
pub mod zones;
// 003 36.4: excess units at sea moved towards the nearest friendly port.
pub mod excess;

pub use crate::model::resources::{Resource, ResourceEvent, Use, Uses};
pub use crate::ruleset::ResourceFigures;

use crate::board::Board;
use crate::control;
use crate::hex::Hex;
use crate::marker::HexMarkerKind;
use crate::position::Position;
use crate::readings::CityFriendly;
use crate::units::Side;
use std::collections::BTreeMap;

/// 36.1: whether `side` has the use of the city whose printed hex is `hex`: every hex
/// of the board's city friendly to it (003 36.1 [ARH]), none in the enemy's home
/// country (003 36.1 [AH]), for basic industry no SRIX counter in force on it
/// (33.5), and in '85 no damage on its critical resources (52.3, a CRX marker).
fn in_use(
    board: &Board,
    pos: &Position,
    holding: (&BTreeMap<Hex, Side>, CityFriendly),
    side: Side,
    resource: Resource,
    hex: Hex,
) -> bool {
    let hexes = board.city_at(hex).map_or(vec![hex], |c| c.hexes.clone());
    hexes.iter().all(|&h| {
        board.home_of(h) != Some(side.other())
            && control::is_friendly(board, pos, holding.0, holding.1, side, h)
            && !(resource == Resource::Industry && bombed(pos, h))
            // 52.3 ('85): its critical resources bombarded.
            && !crate::bombing::resources_damaged(pos.hex_marks(), h)
    })
}

/// 33.5: an SRIX counter is on `hex` (the counters on the board are those in force).
fn bombed(pos: &Position, hex: Hex) -> bool {
    pos.hex_marks()
        .get(&hex)
        .is_some_and(|m| m.iter().any(|m| m.kind == HexMarkerKind::SRIX))
}

/// 36.1: what each side has the use of at the start of a player-turn, with 36.44's
/// lost navy carried from `before` (the state's record) and set by a player-turn
/// without naval stores.
pub fn count(
    board: &Board,
    figures: &ResourceFigures,
    pos: &Position,
    holding: (&BTreeMap<Hex, Side>, CityFriendly),
    before: &Uses,
) -> Uses {
    Side::BOTH
        .into_iter()
        .map(|side| {
            let n = |r: Resource| {
                let cities = figures.cities(r, side);
                let used = cities
                    .into_iter()
                    .filter(|&h| in_use(board, pos, holding, side, r, h))
                    .count();
                u32::try_from(used).unwrap_or(u32::MAX)
            };
            let naval = n(Resource::NavalStores);
            let lost = before.get(&side).is_some_and(|u| u.navy_lost);
            let u = Use {
                oil: n(Resource::Oil),
                industry: n(Resource::Industry),
                naval,
                navy_lost: lost || naval == 0,
            };
            (side, u)
        })
        .collect()
}

/// 36.1, the PBEM sequences' "Determine effect of critical resources": in a game that
/// plays rule 36, what each side has the use of at the start of this player-turn,
/// recorded in `pos` for the rules of the player-turn, with its events (the mover's
/// first). `None` in a game without it.
pub fn determine(
    rules: &crate::rules::Rules,
    pos: &mut Position,
    held: &BTreeMap<Hex, Side>,
    mover: Side,
    before: &Uses,
) -> Option<(Uses, Vec<crate::event::Event>)> {
    if !crate::sequence::Sequence::of(&rules.ruleset)
        .plays(crate::sequence::Step::CriticalResources)
    {
        return None;
    }
    let figures = &rules.ruleset.tournament_figures.resources;
    let holding = (held, rules.ruleset.readings.city_friendly);
    let uses = count(&rules.board, figures, pos, holding, before);
    pos.set_resources(uses.clone());
    let events = [mover, mover.other()]
        .into_iter()
        .filter_map(|s| uses.get(&s).map(|u| (s, *u)))
        .map(|(s, u)| {
            crate::event::Event::Resources(ResourceEvent::in_use(s, u, figures.normal_cities))
        })
        .collect();
    Some((uses, events))
}

/// For the order template of `side`'s player-turn: its use of the cities as the
/// position stands before the player-turn (decisions still owed may change it) and what
/// it may still do; empty in a game without rule 36.
pub fn template_lines(
    rules: &crate::rules::Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
    side: Side,
    before: &Uses,
) -> Vec<String> {
    let mut pos = pos.clone();
    let Some((uses, _)) = determine(rules, &mut pos, held, side, before) else {
        return Vec::new();
    };
    let Some(u) = uses.get(&side).copied() else {
        return Vec::new();
    };
    let figures = &rules.ruleset.tournament_figures.resources;
    let event = ResourceEvent::in_use(side, u, figures.normal_cities);
    let mut lines = vec![format!("{side} {}", event.lacks())];
    let s = limits::Shortage {
        figures,
        side,
        uses: u,
    };
    lines.extend(s.allowed());
    lines
}

/// The limits of `side`'s shortages this player-turn, when the game plays rule 36.
pub fn shortage<'a>(
    rules: &'a crate::rules::Rules,
    pos: &Position,
    side: Side,
) -> Option<limits::Shortage<'a>> {
    pos.resources(side).map(|uses| limits::Shortage {
        figures: &rules.ruleset.tournament_figures.resources,
        side,
        uses,
    })
}

/// 36.32, 36.34: whether a unit of `side` (an aircraft: `air`) fights at half strength
/// this player-turn for want of basic industry, with the paragraph.
pub fn halved(
    rules: &crate::rules::Rules,
    pos: &Position,
    side: Side,
    air: bool,
) -> Option<&'static str> {
    let s = shortage(rules, pos, side)?;
    let half = if air {
        s.air_halved()
    } else {
        s.ground_halved()
    };
    half.then(|| s.rule(Resource::Industry))
}

/// 36.22-36.24, reading `resource-factors-36`: the attack factor of `id` counted toward
/// the air mission limits and the 12 infantry factors, in halves: printed, or as
/// modified this player-turn (halved when cut off from supply, 23.6, or an aircraft of
/// a side short of basic industry, 36.32).
pub fn counted_halves(
    rules: &crate::rules::Rules,
    pos: &Position,
    id: &crate::units::UnitId,
) -> u32 {
    let Some(c) = rules.counters.get(id) else {
        return 0;
    };
    let halved = match rules.ruleset.readings.resource_factors {
        crate::readings::ResourceFactors::Printed => false,
        crate::readings::ResourceFactors::Modified => {
            crate::position::is_cut_off(pos, id)
                || (c.kind.is_air() && halved(rules, pos, c.side, true).is_some())
        }
    };
    if halved {
        c.attack
    } else {
        2 * c.attack
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::board::CityRole;
    use crate::ruleset::RuleBook;

    /// What [`count`] gives on the embedded board with the embedded figures, no city
    /// having changed hands.
    fn counted(pos: &Position, before: &Uses) -> Uses {
        let book = RuleBook::embedded().unwrap();
        let held = BTreeMap::new();
        let holding = (&held, CityFriendly::StillOccupied);
        count(
            &Board::embedded(),
            &book.tournament.resources,
            pos,
            holding,
            before,
        )
    }

    /// 36.2-36.4: every printed hex is a city hex of the board whose city has the
    /// role, in the country 000 gives it, and every city of that role is printed once.
    #[test]
    fn the_printed_cities_are_the_boards() {
        let book = RuleBook::embedded().unwrap();
        let f = &book.tournament.resources;
        let board = Board::embedded();
        for (resource, role) in [
            (Resource::Oil, CityRole::Oil),
            (Resource::Industry, CityRole::Industry),
            (Resource::NavalStores, CityRole::Naval),
        ] {
            let mut printed = Vec::new();
            for side in Side::BOTH {
                let own = f.cities(resource, side);
                for &h in &own {
                    let city = board.city_at(h).unwrap();
                    assert!(city.roles.contains(&role), "{h} is not {resource}");
                    assert_ne!(board.home_of(h), Some(side.other()), "{h}");
                    printed.push(city.name.clone());
                }
            }
            printed.sort();
            printed.dedup();
            let on_board: Vec<String> = board
                .cities()
                .iter()
                .filter(|c| c.roles.contains(&role))
                .map(|c| c.name.clone())
                .collect();
            assert_eq!(printed.len(), on_board.len(), "{resource}");
        }
        let all = [
            &f.oil_blue,
            &f.oil_red,
            &f.oil_either,
            &f.industry_blue,
            &f.industry_red,
            &f.industry_either,
            &f.naval_blue,
            &f.naval_red,
            &f.naval_either,
        ];
        for list in all {
            for name in list.iter() {
                assert!(name.parse::<Hex>().is_ok(), "{name}");
            }
        }
    }

    /// 36.2, 003 36.1: a side's own home oil cities free of the enemy count; one
    /// occupied by the enemy, or in his ZOC, does not, for either side.
    #[test]
    fn enemy_in_or_next_to_a_city_takes_it_out_of_use() {
        let board = Board::embedded();
        let all = counted(&Position::new(), &Uses::new());
        assert_eq!(all[&Side::Blue].oil, 3);
        let mut pos = Position::new();
        let g4: Hex = "G4".parse().unwrap();
        pos.put(
            crate::units::UnitId::new("R-1IN").unwrap(),
            Side::Red,
            crate::units::UnitKind::Infantry,
            g4,
        );
        let c20: Hex = "C20".parse().unwrap();
        let next_to = c20.neighbours().find(|h| board.is_land(*h)).unwrap();
        pos.put(
            crate::units::UnitId::new("R-2IN").unwrap(),
            Side::Red,
            crate::units::UnitKind::Infantry,
            next_to,
        );
        let short = counted(&pos, &Uses::new());
        assert_eq!(short[&Side::Blue].oil, 1);
        // A captured enemy home city never counts (003 36.1 [AH]).
        assert_eq!(short[&Side::Red].oil, 3);
    }

    /// 36.44: a navy lost stays lost when the naval stores cities are recovered.
    #[test]
    fn a_lost_navy_stays_lost() {
        let pos = Position::new();
        let fresh = counted(&pos, &Uses::new());
        assert!(!fresh[&Side::Blue].navy_lost);
        let before = Uses::from([(
            Side::Blue,
            Use {
                navy_lost: true,
                ..Use::default()
            },
        )]);
        let after = counted(&pos, &before);
        let book = RuleBook::embedded().unwrap();
        assert_eq!(after[&Side::Blue].naval, 3);
        assert!(after[&Side::Blue].navy_lost);
        let s = limits::Shortage {
            figures: &book.tournament.resources,
            side: Side::Blue,
            uses: after[&Side::Blue],
        };
        assert_eq!(s.at_sea(), Some(("36.44", 0, true)));
    }
}
