//! 32.31: the route an air mission flies and the intercept range it gives the
//! defender. A mission may give its route (`route`, the hexes flown from its base to
//! `to`); when it gives none, the umpire takes the route least favourable to
//! interception (reading `mission-route-32-31`, its default), or refuses the mission
//! (`required`).

use super::AirCombatFigures;
use crate::board::SeaZone;
use crate::hex::Hex;
use crate::orders::Located;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Side, UnitKind};
use std::collections::{BTreeMap, VecDeque};

/// Why a written route is no flight of its mission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteProblem {
    /// A hex of the route not next to the one before it (or the base).
    Broken { why: String },
    /// More hexes than the aircraft's range.
    TooLong { hexes: u32 },
}

/// 32.31: the hexes of a written route, base first and `to` last (added when the
/// route stops one hex short of it), each next to the one before, no more hexes
/// flown than `range`. The problem comes with the place of the hex at fault.
pub fn checked(
    base: Hex,
    route: &[Located<Hex>],
    to: &Located<Hex>,
    range: u32,
) -> Result<Vec<Hex>, (RouteProblem, std::ops::Range<usize>)> {
    let mut path = vec![base];
    for h in route {
        let last = path.last().copied().unwrap_or(base);
        if last.distance(h.value) != 1 {
            let why = format!("{} is not next to {last}", h.value);
            return Err((RouteProblem::Broken { why }, h.span.clone()));
        }
        path.push(h.value);
    }
    let last = path.last().copied().unwrap_or(base);
    if last != to.value {
        if last.distance(to.value) != 1 {
            let why = format!("it ends at {last}, not next to its target {}", to.value);
            let span = route.last().map_or(to.span.clone(), |h| h.span.clone());
            return Err((RouteProblem::Broken { why }, span));
        }
        path.push(to.value);
    }
    let hexes = u32::try_from(path.len() - 1).unwrap_or(u32::MAX);
    if hexes > range {
        return Err((RouteProblem::TooLong { hexes }, to.span.clone()));
    }
    Ok(path)
}

/// What starts the intercept range of the defender's (32.31): (A) the ZOC of his
/// ground units, (C) the full sea hexes of a zone holding `sea_zone_factors` or more of
/// his air or ground factors, printed (003 32.31; defence factors for artillery),
/// (B) the patrol ZOC of his aircraft on patrol or patrol/interdiction (32.71, 003 33.7).
pub struct Triggers<'a> {
    pos: &'a Position,
    rules: &'a Rules,
    defender: Side,
    /// The zones with enough of the defender's factors.
    zones: Vec<SeaZone>,
}

impl<'a> Triggers<'a> {
    pub fn new(rules: &'a Rules, pos: &'a Position, defender: Side) -> Triggers<'a> {
        let figures: AirCombatFigures = rules.ruleset.tournament_figures.air_combat;
        let mut factors: BTreeMap<SeaZone, u32> = BTreeMap::new();
        for a in pos.at_sea().filter(|a| a.side == defender) {
            let printed = rules.counters.get(&a.id).map_or(0, |c| match c.kind {
                UnitKind::Artillery => c.defence,
                _ => c.attack,
            });
            *factors.entry(a.zone).or_default() += printed;
        }
        // 47.31: in '85 case C counts naval surface combat strength alone.
        let naval_only = super::fighters85::case_c_naval(rules);
        let zones = factors
            .into_iter()
            .filter(|(_, f)| !naval_only && *f >= figures.sea_zone_factors)
            .map(|(z, _)| z)
            .collect();
        Triggers {
            pos,
            rules,
            defender,
            zones,
        }
    }

    /// 32.31 (A), (B), (C): whether an aircraft entering `hex` starts the intercept
    /// range (003 32.31: its take-off hex too).
    pub fn at(&self, hex: Hex) -> bool {
        if self.pos.in_zoc_of(self.defender, hex) {
            return true;
        }
        // 32.31 (B), 32.71: the patrol ZOC.
        if super::patrol::in_patrol_zoc(self.pos, self.defender, hex) {
            return true;
        }
        self.rules.board.is_sea(hex)
            && self
                .rules
                .board
                .sea_zone(hex)
                .is_some_and(|z| self.zones.contains(&z))
    }

    /// 32.31 with 003 32.31: the intercept range a flight along `path` (base first,
    /// target last) gives: the hexes from the first that starts it to the target,
    /// both counted, at most the figure's 12; 0 when none starts it.
    pub fn range_along(&self, path: &[Hex]) -> u32 {
        let Some(first) = path.iter().position(|h| self.at(*h)) else {
            return 0;
        };
        let counted = u32::try_from(path.len() - first).unwrap_or(u32::MAX);
        counted.min(self.cap())
    }

    fn cap(&self) -> u32 {
        self.rules
            .ruleset
            .tournament_figures
            .air_combat
            .intercept_hexes
    }

    /// 32.31 under the reading `mission-route-32-31=least-favourable`: the smallest
    /// intercept range of any route from `base` to `to` of at most `reach` hexes
    /// (aircraft fly over any hex of the board, 30.5): the route keeps out of every
    /// hex that starts the range for as long as it can.
    pub fn least_range(&self, base: Hex, to: Hex, reach: u32) -> u32 {
        if self.at(base) {
            return (base.distance(to) + 1).min(self.cap());
        }
        let mut best = None::<u32>;
        let mut depth: BTreeMap<Hex, u32> = BTreeMap::from([(base, 0)]);
        let mut queue = VecDeque::from([base]);
        while let Some(h) = queue.pop_front() {
            let d = depth.get(&h).copied().unwrap_or(0);
            if h == to {
                return 0;
            }
            for n in self.rules.board.neighbours(h) {
                if depth.contains_key(&n) || d + 1 + n.distance(to) > reach {
                    continue;
                }
                if self.at(n) {
                    let counted = n.distance(to) + 1;
                    best = Some(best.map_or(counted, |b| b.min(counted)));
                    continue;
                }
                depth.insert(n, d + 1);
                queue.push_back(n);
            }
        }
        best.unwrap_or(0).min(self.cap())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str, from: usize) -> Located<Hex> {
        Located::new(s.parse().unwrap(), from..from + s.len())
    }

    /// 32.31: a written route is checked hex by hex, `to` added when left off, its
    /// length against the range.
    #[test]
    fn a_route_is_a_chain_of_neighbours_no_longer_than_the_range() {
        let base: Hex = "L10".parse().unwrap();
        let to = at("P10", 0);
        let route = [at("M10", 10), at("N10", 20), at("O10", 30)];
        let path = checked(base, &route, &to, 8).unwrap();
        let names: Vec<String> = path.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["L10", "M10", "N10", "O10", "P10"]);
        let (p, span) = checked(base, &route, &to, 3).unwrap_err();
        assert_eq!(p, RouteProblem::TooLong { hexes: 4 });
        assert_eq!(span, 0..3);
        let gap = [at("M10", 10), at("O10", 20)];
        let (p, span) = checked(base, &gap, &to, 8).unwrap_err();
        assert_eq!(
            p,
            RouteProblem::Broken {
                why: "O10 is not next to M10".into()
            }
        );
        assert_eq!(span, 20..23);
        let short = [at("M10", 10)];
        let (p, _) = checked(base, &short, &to, 8).unwrap_err();
        assert!(
            matches!(p, RouteProblem::Broken { why } if why.contains("not next to its target P10"))
        );
    }
}
