//! 37.31, 38.2-38.71: the production phase that opens each player-turn of the Hot War
//! in BLITZKRIEG '85: the points of the turn added to the side's points saved (38.71,
//! with 38.4-38.6's points of conquest), and what the side buys with them.
//!
//! Hot War purchases are written openly in the mover's own order file, `[purchase]`
//! with `buy` alone: 37.31 ("Determine and spend production points as per 38.71") does
//! not make them secret as 37.11 and 37.21 make the set-up's, and the record of points
//! is open (38.7). The list is priced by 40-41 (`cost.rs`) and limited by the counter
//! mix as it stands (40.8: the counters in play are not for sale) and the points the
//! side has. The 1975 counters bought wait to enter play, placed with `[[place]]` in a
//! friendly home country city (37.311, as 6.3 places reinforcements). Naval units are
//! bought only before the game (38.3); 41's airfields and transport aircraft wait for
//! their rules and are refused saying so; its helicopters (41.2-41.3) are counters of
//! the game, bought as the 1975 counters are.
//!
//! 38.21: in the Hot War a side buys one helicopter or air unit a functioning aircraft
//! city at most, and places it there. Readings where 004 is silent:
//! - A functioning aircraft city is one of the side's own aircraft cities (28.51-28.52)
//!   that the enemy has not captured (held at the start of the player-turn) and that
//!   is not bombed (an SRIX marker in force on it, 28.5, 33.5): 1975's 28.5, which 004
//!   does not alter (its 36 speaks of resources, not aircraft cities).
//! - "Placed in a functioning aircraft city": every air unit placed in a player-turn of
//!   the Hot War goes to such a city, one air unit a city a player-turn (the one it
//!   produced), and the city must be friendly as 6.3 asks of any placement.
//! - "Produce or upgrade": a `[[recombine]]` (39.2) into a helicopter or air unit is
//!   counted with the purchases, one a city together, and the unit it makes stands in
//!   a functioning aircraft city where no other helicopter or air unit is placed or
//!   upgraded in the player-turn. Such a city is a city of the side's home country, so
//!   39.2's "friendly home country city" asks nothing more of it.

use super::cost::ItemKind;
use super::Figures85;
use crate::board::{Board, CityRole};
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::HexMarkerKind;
use crate::orders::{OrderError, Orders, Problem};
use crate::rules::Rules;
use crate::state::{GameState, Phase, Place, RuleSet};
use crate::units::Side;
use std::collections::{BTreeMap, BTreeSet};

/// Whether the state's next file opens a player-turn of the Hot War of '85, with its
/// production phase (37.31).
pub fn plays(rules: &Rules, state: &GameState) -> bool {
    rules.ruleset.rules == RuleSet::Eighty5
        && state.purchase.is_some()
        && state.resume.is_none()
        && matches!(state.phase, Phase::Turn { .. })
}

/// 38.4-38.6: the points of conquest `side` gets at the start of its player-turn: for
/// each city of a minor country (every hex of it outside both home countries) that
/// was friendly to the side at the start of this player-turn, so occupied by the
/// turn before at the latest ("starting the turn after occupation"), 2 points (38.4),
/// or 6 when it is a critical resource city (36) whose resource works, no SRIX counter
/// in force on it nor damage on its critical resources (CRX, 52.3) (38.5, "but not both two and six points from one city"). Enemy home
/// cities never yield points (38.6). The cities counted, each with its points.
pub fn conquest(
    board: &Board,
    figures: &Figures85,
    held: &BTreeMap<Hex, Side>,
    marks: &BTreeMap<Hex, BTreeSet<crate::marker::HexMarker>>,
    side: Side,
) -> Vec<(String, u32)> {
    board
        .cities()
        .iter()
        .filter(|c| c.hexes.iter().all(|h| board.home_of(*h).is_none()))
        .filter(|c| c.hexes.iter().all(|h| held.get(h) == Some(&side)))
        .map(|c| {
            let resource = c
                .roles
                .iter()
                .any(|r| matches!(r, CityRole::Oil | CityRole::Industry | CityRole::Naval));
            // 52.3: its critical resources bombarded (CRX) no more work either.
            let damaged = c.hexes.iter().any(|h| {
                marks.get(h).is_some_and(|m| {
                    m.iter()
                        .any(|m| matches!(m.kind, HexMarkerKind::SRIX | HexMarkerKind::CRX))
                })
            });
            let points = if resource && !damaged {
                figures.conquest.minor_resource
            } else {
                figures.conquest.minor_city
            };
            (c.name.clone(), points)
        })
        .collect()
}

/// 37.31, 38.71: the production phase of `side`'s player-turn `turn`: the turn's
/// points (400 for turns 1-3, then 200) and those of conquest added to the points
/// saved; the `[purchase]` of the file bought with them. The state the player-turn is
/// played from (the counters bought waiting to be placed, the points left), and the
/// phase's events; or every problem, with nothing bought.
pub fn begin(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    turn: u32,
    side: Side,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let (Some(figures), Some(purchase)) = (Figures85::embedded(), state.purchase.as_ref()) else {
        return Ok((state.clone(), Vec::new()));
    };
    let income = figures.production(turn);
    let conquered = conquest(&rules.board, figures, &state.held, &state.hex_marks, side);
    let gained: u32 = conquered.iter().map(|(_, n)| n).sum();
    let saved = purchase.points.get(&side).copied().unwrap_or(0);
    let points = saved.saturating_add(income).saturating_add(gained);
    let mut errors = Vec::new();
    let mut bought = Vec::new();
    let mut spent: u32 = 0;
    let mut aircraft: u32 = 0;
    let mut lines = Vec::new();
    let cities = aircraft_cities(&rules.board, &state.held, &state.hex_marks, turn, side);
    if let Some(order) = &orders.purchase {
        let at = Some(order.span.clone());
        let fail = |p: Problem, rule| OrderError::new(p, at.clone(), rule);
        if order.commitment.is_some() || order.salt.is_some() {
            errors.push(fail(Problem::HotWarPurchaseSealed, cite!("37.31")));
        }
        let list =
            super::setup::prices(rules, side).map(|l| l.less(state, purchase.held.get(&side)));
        for (typed, n) in order.buy.iter().filter(|(_, n)| **n > 0) {
            let Some(item) = list.as_ref().and_then(|l| l.get(typed)) else {
                errors.push(fail(
                    Problem::PurchaseUnknown(typed.clone()),
                    cite!("37.31"),
                ));
                continue;
            };
            if let Some((why, rule)) = not_for_sale(item, fighters(rules)) {
                let p = Problem::HotWarPurchaseNotYet {
                    item: item.key.clone(),
                    why,
                };
                errors.push(fail(p, rule));
                continue;
            }
            if *n > item.mix {
                let p = Problem::PurchaseBeyondMix {
                    side,
                    item: item.key.clone(),
                    bought: *n,
                    mix: item.mix,
                };
                errors.push(fail(p, cite!("40.8")));
            }
            spent = spent.saturating_add(item.cost.saturating_mul(*n));
            lines.push(format!("{n} {}", item.key));
            if let ItemKind::Counter { ids, kind } = &item.what {
                bought.extend(ids.iter().take(*n as usize).cloned());
                if from_aircraft_city(*kind) {
                    aircraft = aircraft.saturating_add(*n);
                }
            }
        }
        if aircraft > cities.len() as u32 {
            let p = Problem::AircraftBeyondCities {
                side,
                bought: aircraft,
                cities: cities.len() as u32,
            };
            errors.push(fail(p, cite!("38.21")));
        }
    }
    // 38.21: in a game that records it; one made with 0.9.0 upgrades as it was played.
    if rules.ruleset.plays85(crate::ruleset::UPGRADE_LIMIT_38_21) {
        errors.extend(upgrades_beyond_cities(
            rules, orders, side, aircraft, &cities,
        ));
    }
    // 39.2: the trades of the player-turn are paid for with the purchases.
    let (traded, trades) =
        super::upgrade::charge(&figures.cost, &rules.counters, side, &orders.recombines);
    spent = spent.saturating_add(traded);
    if spent > points {
        let p = Problem::PurchaseOverBudget {
            side,
            spent,
            budget: points,
        };
        let at = orders.purchase.as_ref().map(|o| o.span.clone());
        let at = at.or_else(|| orders.recombines.first().map(|r| r.span.clone()));
        errors.push(OrderError::new(p, at, cite!("38.7")));
    }
    errors.extend(aircraft_placed(rules, state, orders, turn, side));
    errors.extend(not_in_85(orders));
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut next = state.clone();
    for id in &bought {
        next.units.insert(id.clone(), Place::Waiting);
    }
    let left = points - spent;
    if let Some(p) = next.purchase.as_mut() {
        p.points.insert(side, left);
    }
    let conquest_text = if conquered.is_empty() {
        String::new()
    } else {
        let each: Vec<String> = conquered
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        format!(
            ", {gained} from minor country cities (38.4-38.5: {})",
            each.join(", ")
        )
    };
    let mut events = vec![Event::Note {
        text: format!(
            "{side}'s production: {income} points for turn {turn} (38.71){conquest_text}; {} points to spend",
            points
        ),
        rule: Rule::para(para!("38.71")),
    }];
    if !lines.is_empty() {
        let bought = spent - traded;
        events.push(Event::Note {
            text: format!(
                "{side} buys {} for {bought} points; {} points left (38.7); placed in a home country city (37.311)",
                lines.join(", "),
                left + traded
            ),
            rule: Rule::para(para!("37.31")),
        });
    }
    if !trades.is_empty() {
        events.push(Event::Note {
            text: format!(
                "{side} trades in {} points; {left} points left (38.7); the trades are made in a home country city at the end of movement (39.2)",
                trades.join(", ")
            ),
            rule: Rule::para(para!("39.2")),
        });
    }
    Ok((next, events))
}

/// 37.31, 40-41: the points `side` will have to spend in its next player-turn and the
/// price list as the counter mix stands (for the template; [`HotWarList::buyable`]
/// says which of its items the Hot War sells).
pub fn for_sale(rules: &Rules, state: &GameState, side: Side) -> Option<(u32, HotWarList)> {
    if !plays(rules, state) {
        return None;
    }
    let purchase = state.purchase.as_ref()?;
    let list = super::setup::prices(rules, side)?.less(state, purchase.held.get(&side));
    Some((
        to_spend(rules, state, side)?,
        HotWarList(list, fighters(rules)),
    ))
}

/// The price list of a Hot War purchase.
pub struct HotWarList(super::cost::PriceList, bool);

impl HotWarList {
    /// Every item of the list.
    pub fn items(&self) -> impl Iterator<Item = &super::cost::Item> {
        self.0.items()
    }

    /// Whether the Hot War sells `item` now: a 1975 counter, aircraft one a
    /// functioning aircraft city (38.21); no naval units (38.3); no fighters in a game
    /// without rule 32; 41's other counters wait for their rules.
    pub fn buyable(&self, item: &super::cost::Item) -> bool {
        not_for_sale(item, self.1).is_none()
    }
}

/// 32, 47: whether the game's fighters fly: a fighter bought in a game without them
/// could never be placed.
fn fighters(rules: &Rules) -> bool {
    rules.ruleset.plays(crate::ruleset::OptionalRule::AirCombat)
}

/// Why the Hot War does not sell `item` now, with the rule; `None` when it does.
fn not_for_sale(item: &super::cost::Item, fighters: bool) -> Option<(String, crate::cite::Cite)> {
    match &item.what {
        ItemKind::Counter {
            kind: crate::units::UnitKind::Ftr,
            ..
        } if !fighters => Some((
            "fighters fly only with rule 32 (47), which this game does not play".to_string(),
            cite!("38.21"),
        )),
        ItemKind::New { naval: true } => Some((
            "naval units are bought only before the game (38.3)".to_string(),
            cite!("38.3"),
        )),
        // 49.1: an airfield is paid for when an infantry unit builds it.
        ItemKind::New { .. } if item.is_airfield() => Some((
            "an airfield is paid for when it is built: [[airfield]] names the infantry unit that builds it (49.1, 41.9)".to_string(),
            cite!("49.1"),
        )),
        ItemKind::New { naval: false } => Some((
            format!("its rule is not built yet ({}; 49 or 50)", item.rule),
            cite!("38.21"),
        )),
        ItemKind::Counter { .. } => None,
    }
}

/// 38.21: "one helicopter/air unit per functioning aircraft city": the types a
/// side buys and places in the Hot War one an aircraft city.
fn from_aircraft_city(kind: crate::units::UnitKind) -> bool {
    kind.is_air() || kind.is_helicopter()
}

/// 38.21 with 28.5: `side`'s functioning aircraft cities in its player-turn of `turn`:
/// its own aircraft city hexes (28.51-28.52) the enemy has not captured (held at the
/// start of the player-turn) and not bombed (no SRIX marker in force, 33.5, nor damage
/// on its airbase, 52.2).
pub fn aircraft_cities(
    board: &Board,
    held: &BTreeMap<Hex, Side>,
    marks: &BTreeMap<Hex, BTreeSet<crate::marker::HexMarker>>,
    turn: u32,
    side: Side,
) -> BTreeSet<Hex> {
    board
        .cities()
        .iter()
        .flat_map(|c| c.aircraft.iter().copied())
        .filter(|h| board.home_of(*h) == Some(side))
        .filter(|h| held.get(h) != Some(&side.other()))
        .filter(|h| {
            !marks.get(h).is_some_and(|m| {
                m.iter().any(|m| {
                    // 52.2: a damaged airbase bases nothing new.
                    (m.kind == HexMarkerKind::SRIX && m.in_force(turn, side))
                        || m.kind == HexMarkerKind::ABX
                })
            })
        })
        .collect()
}

/// 38.21: every air unit `side` places in its player-turn of `turn` goes to a
/// functioning aircraft city, one a city. The problems, each on the hex placed in.
fn aircraft_placed(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    turn: u32,
    side: Side,
) -> Vec<OrderError> {
    let cities = aircraft_cities(&rules.board, &state.held, &state.hex_marks, turn, side);
    placed_in_cities(rules, orders, side, &cities, &mut BTreeSet::new())
}

/// 38.21: the air units of the file's `[[place]]` orders, each in one of `cities` and
/// none where one is already (`used`, to which their cities are added). The problems.
fn placed_in_cities(
    rules: &Rules,
    orders: &Orders,
    side: Side,
    cities: &BTreeSet<Hex>,
    used: &mut BTreeSet<Hex>,
) -> Vec<OrderError> {
    let mut errors = Vec::new();
    for p in &orders.place {
        let hex = p.hex.value;
        let air = p.units.iter().filter(|u| {
            rules
                .counters
                .get(&u.value)
                .is_some_and(|c| from_aircraft_city(c.kind))
        });
        for u in air {
            let Some(why) = city_taken(cities, used, hex, side, "placed") else {
                continue;
            };
            let problem = Problem::AircraftPlacement {
                unit: u.value.clone(),
                hex,
                why,
            };
            errors.push(
                OrderError::new(problem, Some(p.hex.span.clone()), cite!("38.21")).unit(&u.value),
            );
        }
    }
    errors
}

/// 38.21: why a helicopter or air unit may not enter play in `hex` (`done`: "placed",
/// or "placed or upgraded"): it is none of `cities`, or one is in `used` already;
/// `None`, with `hex` added to `used`, when it may.
fn city_taken(
    cities: &BTreeSet<Hex>,
    used: &mut BTreeSet<Hex>,
    hex: Hex,
    side: Side,
    done: &str,
) -> Option<String> {
    if !cities.contains(&hex) {
        Some(format!(
            "it is not one of {}'s functioning aircraft cities (not captured, not bombed)",
            side.country_name()
        ))
    } else if !used.insert(hex) {
        Some(format!("a helicopter or air unit is {done} there already this player-turn: one a functioning aircraft city"))
    } else {
        None
    }
}

/// 38.21: "a player may only produce or upgrade one helicopter/air unit per
/// functioning aircraft city": the `[[recombine]]` orders of `side` into a helicopter
/// or air unit (39.2), counted with the `bought` ones.
fn upgrades_beyond_cities(
    rules: &Rules,
    orders: &Orders,
    side: Side,
    bought: u32,
    cities: &BTreeSet<Hex>,
) -> Option<OrderError> {
    let mut upgrades = orders.recombines.iter().filter(|r| {
        rules
            .counters
            .get(&r.into.value)
            .is_some_and(|c| c.side == side && from_aircraft_city(c.kind))
    });
    let first = upgrades.next()?;
    let upgraded = 1 + upgrades.count() as u32;
    let cities = cities.len() as u32;
    // More bought alone than cities is B368's.
    if bought > cities || bought + upgraded <= cities {
        return None;
    }
    let p = Problem::AircraftUpgradesBeyondCities {
        side,
        bought,
        upgraded,
        cities,
    };
    Some(OrderError::new(p, Some(first.span.clone()), cite!("38.21")))
}

/// 38.21: "The helicopter/air unit(s) produced or upgraded during Hot War must be placed
/// in a functioning aircraft city": each helicopter or air unit the player-turn's
/// trades made (`recombined`, 39.2, at the end of the movement portion) stands in one
/// of `side`'s functioning aircraft cities, none where another is placed or upgraded
/// in the player-turn. The problems, each on the order's `into`.
pub fn upgrades_placed(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    recombined: &[Event],
    (turn, side): (u32, Side),
) -> Vec<OrderError> {
    if !plays(rules, state) || !rules.ruleset.plays85(crate::ruleset::UPGRADE_LIMIT_38_21) {
        return Vec::new();
    }
    let cities = aircraft_cities(&rules.board, &state.held, &state.hex_marks, turn, side);
    let mut used = BTreeSet::new();
    // The placements' own problems are the production phase's (B369).
    let _ = placed_in_cities(rules, orders, side, &cities, &mut used);
    let mut errors = Vec::new();
    for e in recombined {
        let Event::Recombined {
            into,
            hex: Some(hex),
            ..
        } = e
        else {
            continue;
        };
        let air = rules
            .counters
            .get(into)
            .is_some_and(|c| from_aircraft_city(c.kind));
        if !air {
            continue;
        }
        let Some(why) = city_taken(&cities, &mut used, *hex, side, "placed or upgraded") else {
            continue;
        };
        let at = orders
            .recombines
            .iter()
            .find(|r| &r.into.value == into)
            .map(|r| r.into.span.clone());
        let p = Problem::AircraftUpgradePlace {
            unit: into.clone(),
            hex: *hex,
            why,
        };
        errors.push(OrderError::new(p, at, cite!("38.21")).unit(into));
    }
    errors
}

/// 38.71, 38.4-38.6: the points `side` has to spend when its player-turn opens: those
/// saved, the turn's and those of conquest.
fn to_spend(rules: &Rules, state: &GameState, side: Side) -> Option<u32> {
    let (saved, income, gained) = coming(rules, state, side)?;
    Some(saved + income + gained)
}

/// The points saved, the turn's (38.71) and those of conquest (38.4-38.6) of `side`'s
/// next player-turn.
fn coming(rules: &Rules, state: &GameState, side: Side) -> Option<(u32, u32, u32)> {
    let figures = Figures85::embedded()?;
    let saved = state
        .purchase
        .as_ref()?
        .points
        .get(&side)
        .copied()
        .unwrap_or(0);
    let gained: u32 = conquest(&rules.board, figures, &state.held, &state.hex_marks, side)
        .iter()
        .map(|(_, n)| n)
        .sum();
    Some((saved, figures.production(state.turn()), gained))
}

/// 38.1-38.2: the Tournament Game's orders '85 replaces: replacements (28: "points may
/// be spent to buy or repair units" instead). Recombination is 39.2's
/// ([`super::upgrade`]); breakdown in the field (39.1) is played as 26.
fn not_in_85(orders: &Orders) -> Vec<OrderError> {
    let mut errors = Vec::new();
    if let Some(r) = orders.replace.first() {
        let span = match r {
            crate::orders::Replacement::Unit { unit, .. } => unit.span.clone(),
            crate::orders::Replacement::AirTransport(city) => city.span.clone(),
        };
        let p = Problem::NotIn85 {
            what: "[[replace]]".into(),
            why: "production points replace the replacements of 28 (38.1-38.2)".into(),
        };
        errors.push(OrderError::new(p, Some(span), cite!("38.2")));
    }
    errors
}

/// 37.31, 38.7: the template's lines on the production phase: the points the side
/// will have, and how to buy.
pub fn template_help(rules: &Rules, state: &GameState, side: Side) -> Option<String> {
    if !plays(rules, state) {
        return None;
    }
    let purchase = state.purchase.as_ref()?;
    let turn = state.turn();
    let (saved, income, gained) = coming(rules, state, side)?;
    let points = saved + income + gained;
    Some(format!(
        "\n# BLITZKRIEG '85, production (37.31, 38.71): {saved} points saved + {income} for turn {turn}\n\
         # + {gained} of conquest (38.4-38.5) = {points} to spend; {}.\n\
         # Buy openly (40-41 prices: `blitz purchase STATE --prices {}`), then place what you\n\
         # bought in a home country city (37.311) with [[place]]:\n\
         # [purchase]\n\
         # buy = {{ \"infantry 4-4\" = 1 }}\n\
         # Helicopters and aircraft: one a functioning aircraft city ({}), placed there (38.21).\n\
         # Trade units in a home country city for a stronger one at its cost less theirs\n\
         # (39.2), at the end of movement: [[recombine]] units = [..] into = \"ID\"\n{}",
        purchase.ledger(),
        side.to_string().to_ascii_lowercase(),
        hex_names(&aircraft_cities(&rules.board, &state.held, &state.hex_marks, turn, side)),
        waiting_help(rules)
    ))
}

/// The template's last lines on what is not bought in the Hot War: with 49, how an
/// airfield is built, with 50 that transport aircraft are bought; a game of '85 begun
/// before 49 or 50 was built reads what it read then.
fn waiting_help(rules: &Rules) -> &'static str {
    if rules.ruleset.plays85(50) {
        "# Naval units are bought only before the game (38.3). Transport aircraft (41.11)\n\
         # are air units (50.1), bought and placed one an aircraft city. An infantry unit that\n\
         # does nothing else this player-turn, in a clear hex out of enemy ZOC, builds an\n\
         # airfield, paid when it appears (49.1-49.2, 41.9): [[airfield]] unit = \"ID\"\n"
    } else if rules.ruleset.plays85(49) {
        "# Naval units are bought only before the game (38.3); transport aircraft (41.11)\n\
         # wait for rule 50. An infantry unit that does nothing else this player-turn, in a\n\
         # clear hex out of enemy ZOC, builds an airfield, paid when it appears (49.1-49.2,\n\
         # 41.9): [[airfield]] unit = \"ID\"\n"
    } else {
        "# Naval units are bought only before the game (38.3); airfields and transport\n\
         # aircraft (41.9, 41.11) wait for their rules.\n"
    }
}

/// "V33, I12, J28", or "none".
fn hex_names(hexes: &BTreeSet<Hex>) -> String {
    if hexes.is_empty() {
        return "none".to_string();
    }
    let names: Vec<String> = hexes.iter().map(ToString::to_string).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 38.71: 400 points a turn for turns 1-3, then 200.
    #[test]
    fn production_is_400_then_200_38_71() {
        let f = Figures85::embedded().unwrap();
        assert_eq!(
            (1..=5).map(|t| f.production(t)).collect::<Vec<_>>(),
            [400, 400, 400, 200, 200]
        );
    }
}
