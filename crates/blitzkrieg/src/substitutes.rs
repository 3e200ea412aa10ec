//! Substitute units by the owner's choice (26, Tournament Game): full units broken down
//! into substitutes (`[[breakdown]]`, 26.1, 26.2, 26.5) before movement, and
//! substitutes recombined (`[[recombine]]`, 26.3) at the end of it. Substitutes made in
//! combat are `combat::substitute`'s.
//!
//! Readings where the rules leave room:
//! - 26.1 "at any time" (003 26.1): a breakdown is carried out before any movement, in
//!   the order written; the substitutes then move on their own. Breaking down part way
//!   through a move is the same as breaking down first and moving the substitutes
//!   together that far (they have the unit's movement factor), and in combat a factor
//!   loss breaks a unit down (26.2). A unit breaks down on the map only (not at sea),
//!   into counters whose attack and defence factors add up to its own; without `into`,
//!   the change is made from substitutes, largest first, as in combat. `into` may name
//!   smaller full units of the type removed earlier (26.2), never one still to come.
//!   A reinforcement placed by the same orders ("even before placement on the board")
//!   breaks down in its city as soon as it is placed, before any move.
//! - 26.3: recombination is into one counter of the type not in play (a unit broken
//!   down before, a larger substitute, or a unit removed earlier, as 26.2 lets removed
//!   units serve as change; never a reinforcement still to come, 26.5), whose factors
//!   are the substitutes' added together; the substitutes stand in one hex, out of
//!   enemy ZOC, and none is named in an attack, or are at sea in one zone (003 26.3).
//! - The counters broken down or recombined are not lost: they go back among the
//!   inactive counters (state place `Inactive`).
//! - BLITZKRIEG '85 alters 26.3 (39.2): the trade is made in a friendly home country
//!   city, of one unit or more of the new unit's arm into a stronger one, paid for in
//!   the production phase (`eighty5::upgrade`).

use crate::cite::{Cite, Rule};
use crate::combat;
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::{Attack, Breakdown, Located, OrderError, Problem, Recombine};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::{Counter, Side, UnitId};
use std::collections::BTreeSet;

/// 26.1, 26.2, 26.5: carries out the breakdowns in the order written. `waiting`: the
/// counters still to come, never change (26.5). A breakdown of a reinforcement that a
/// `[[place]]` order of the same file brings on (`placing`) waits for its placement
/// ([`break_down_placed`]). Every problem is returned; a breakdown with a problem
/// changes nothing.
pub fn break_down(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    orders: &[Breakdown],
    (waiting, placing): (&BTreeSet<UnitId>, &BTreeSet<UnitId>),
) -> (Vec<Event>, Vec<OrderError>) {
    if !rules.ruleset.tournament() {
        let errors = orders
            .iter()
            .map(|b| not_played("breakdown", &b.unit))
            .collect();
        return (Vec::new(), errors);
    }
    let now: Vec<&Breakdown> = orders
        .iter()
        .filter(|b| pos.get(&b.unit.value).is_some() || !placing.contains(&b.unit.value))
        .collect();
    break_each(rules, pos, (side, waiting), now.into_iter())
}

/// 26.1: "Players may 'split' units during movement or even before placement on the
/// board" (003 26.1: "at any time the owner chooses"): a reinforcement named in a
/// `[[breakdown]]` and placed this player-turn (`placed`) breaks down as soon as it is
/// placed, its substitutes standing in its hex, to move on their own (they may go on
/// from there as the unit could: 6.3 lets reinforcements move once placed). A unit
/// whose placement was refused is not broken down (its `[[place]]` says why). The
/// events, and the problems.
pub fn break_down_placed(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    orders: &[Breakdown],
    (waiting, placed): (&BTreeSet<UnitId>, &BTreeSet<UnitId>),
) -> (Vec<Event>, Vec<OrderError>) {
    if !rules.ruleset.tournament() {
        return (Vec::new(), Vec::new());
    }
    let now = orders.iter().filter(|b| placed.contains(&b.unit.value));
    break_each(rules, pos, (side, waiting), now)
}

/// The breakdowns `orders`, each carried out or refused, in the order written.
fn break_each<'o>(
    rules: &Rules,
    pos: &mut Position,
    (side, waiting): (Side, &BTreeSet<UnitId>),
    orders: impl Iterator<Item = &'o Breakdown>,
) -> (Vec<Event>, Vec<OrderError>) {
    let mut events = Vec::new();
    let mut errors = Vec::new();
    for b in orders {
        match break_one(rules, pos, (side, waiting), b) {
            Ok(e) => events.push(e),
            Err(refusal) => errors.push(refused(b, refusal)),
        }
    }
    (events, errors)
}

/// B904: a breakdown refused.
fn refused(b: &Breakdown, (why, at, rule): Refusal) -> OrderError {
    let problem = Problem::NoBreakdown {
        unit: b.unit.value.clone(),
        why,
    };
    OrderError::new(problem, Some(at), rule).unit(&b.unit.value)
}

/// What is wrong, where, and the paragraph it breaks.
type Refusal = (String, std::ops::Range<usize>, Cite);

/// B903: the order in a game without rule 26.
fn not_played(order: &str, at: &Located<UnitId>) -> OrderError {
    let problem = Problem::SubstitutesNotPlayed {
        order: order.to_string(),
    };
    OrderError::new(problem, Some(at.span.clone()), cite!("26")).unit(&at.value)
}

/// One breakdown, checked and carried out.
fn break_one(
    rules: &Rules,
    pos: &mut Position,
    (side, waiting): (Side, &BTreeSet<UnitId>),
    b: &Breakdown,
) -> Result<Event, Refusal> {
    let span = b.unit.span.clone();
    let refuse = |why: &str, rule| Err((why.to_string(), span.clone(), rule));
    let Some(unit) = rules.counters.get(&b.unit.value) else {
        return refuse("there is no such unit", cite!("2.1"));
    };
    if unit.side != side {
        return refuse("it is not yours", cite!("26.1"));
    }
    if unit.is_substitute() {
        return refuse(
            "it is a substitute: only full units break down",
            cite!("26.1"),
        );
    }
    let Some(piece) = pos.get(&unit.id).cloned() else {
        return refuse(
            "it is not on the map, and no [[place]] order of this file places it",
            cite!("26.1"),
        );
    };
    let into = if b.into.is_empty() {
        let in_attack = unit.kind != crate::units::UnitKind::Artillery;
        let factor = if in_attack { unit.attack } else { unit.defence };
        pos.retire(&unit.id);
        match combat::make_up(rules, pos, &piece, factor, in_attack) {
            Some(ids) => ids,
            None => {
                pos.put_counter(unit, piece.hex);
                let kind = unit.kind.name();
                let why =
                    format!("no inactive {kind} substitutes add up to its {factor} factors (26.5)");
                return Err((why, span, cite!("26.5")));
            }
        }
    } else {
        let chosen = named_change(rules, pos, (unit, waiting), &b.into)?;
        pos.retire(&unit.id);
        for c in &chosen {
            pos.put_counter(c, piece.hex);
        }
        chosen.iter().map(|c| c.id.clone()).collect()
    };
    Ok(Event::BrokenDown {
        unit: unit.id.clone(),
        hex: piece.hex,
        into,
        rule: Rule::para(para!("26.1-26.2")),
    })
}

/// 26.2: the counters `into` names, each named once, whose factors add up to the unit's:
/// inactive substitutes of the unit's side and type, and "previously removed regular
/// units", which "may be combined with substitutes in breaking down the larger units"
/// (a smaller full unit of the same side and type out of play, not one still to come).
fn named_change<'r>(
    rules: &'r Rules,
    pos: &Position,
    (unit, waiting): (&Counter, &BTreeSet<UnitId>),
    into: &[Located<UnitId>],
) -> Result<Vec<&'r Counter>, Refusal> {
    let mut seen = BTreeSet::new();
    let mut chosen = Vec::new();
    for s in into {
        let span = s.span.clone();
        let change = |c: &&Counter| {
            c.side == unit.side
                && c.kind == unit.kind
                && (c.is_substitute() || c.attack + c.defence < unit.attack + unit.defence)
        };
        let Some(c) = rules.counters.get(&s.value).filter(change) else {
            let kind = unit.kind.name();
            let why = format!(
                "{} is neither one of your {kind} substitutes nor a smaller {kind} unit of yours",
                s.value
            );
            return Err((why, span, cite!("26.2")));
        };
        let why = if pos.get(&c.id).is_some() || pos.afloat(&c.id).is_some() {
            format!("{} is in play already: only inactive counters serve", c.id)
        } else if waiting.contains(&c.id) {
            format!(
                "{} is still to come, not a removed unit: only inactive counters serve",
                c.id
            )
        } else if !seen.insert(&c.id) {
            format!("{} is named twice: each counter serves once", c.id)
        } else {
            String::new()
        };
        if !why.is_empty() {
            return Err((why, span, cite!("26.5")));
        }
        chosen.push(c);
    }
    let (attack, defence) = total(&chosen);
    if (attack, defence) != (unit.attack, unit.defence) {
        let why = format!(
            "the substitutes named add up to {attack}-{defence}, not its {}-{} (26.2: like changing money)",
            unit.attack, unit.defence
        );
        let at = into.first().map_or(0..0, |u| u.span.clone());
        return Err((why, at, cite!("26.2")));
    }
    Ok(chosen)
}

/// 26.2: the attack and defence factors of `counters` added together.
fn total(counters: &[&Counter]) -> (u32, u32) {
    let attack = counters.iter().map(|c| c.attack).sum();
    let defence = counters.iter().map(|c| c.defence).sum();
    (attack, defence)
}

/// Where the substitutes of a recombination stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    Map(Hex),
    Sea(char),
}

/// 26.3 (with 003 26.3): carries out the recombinations at the end of the movement
/// portion, in the order written. `attacks` are the player-turn's battles; `waiting`
/// the counters still to come (never recombined into). Every problem is returned.
pub fn recombine(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    orders: &[Recombine],
    (attacks, waiting): (&[Attack], &BTreeSet<UnitId>),
) -> (Vec<Event>, Vec<OrderError>) {
    let mut events = Vec::new();
    let mut errors = Vec::new();
    let attacking: BTreeSet<&UnitId> = attacks
        .iter()
        .flat_map(|a| a.units.iter().map(|u| &u.value))
        .collect();
    for r in orders {
        if !rules.ruleset.tournament() {
            errors.push(not_played("recombine", &r.into));
            continue;
        }
        let ctx = (side, &attacking, waiting);
        let trade = Trade::of(rules);
        match recombine_one(rules, pos, ctx, trade, r) {
            Ok(e) => events.push(e),
            Err((unit, why, at)) => {
                let problem = Problem::NoRecombine {
                    unit: unit.clone(),
                    into: r.into.value.clone(),
                    why,
                };
                let rule = trade.cite();
                errors.push(OrderError::new(problem, Some(at), rule).unit(&unit));
            }
        }
    }
    (events, errors)
}

/// What a `[[recombine]]` trades: substitutes for their sum (26.3), or in '85 units
/// for a stronger one in a home city at a price (39.2).
#[derive(Clone, Copy)]
enum Trade {
    Substitutes,
    Upgrade(&'static crate::eighty5::CostRules),
}

impl Trade {
    fn of(rules: &Rules) -> Trade {
        let figures = crate::eighty5::Figures85::embedded();
        match figures {
            Some(f) if rules.ruleset.rules == crate::state::RuleSet::Eighty5 => {
                Trade::Upgrade(&f.cost)
            }
            _ => Trade::Substitutes,
        }
    }

    fn cite(self) -> Cite {
        match self {
            Trade::Substitutes => cite!("26.3"),
            Trade::Upgrade(_) => cite!("39.2"),
        }
    }

    /// 26.3: substitutes of the new unit's type; 39.2: units of its arm.
    fn takes(self, c: &Counter, into: &Counter) -> bool {
        match self {
            Trade::Substitutes => c.is_substitute() && c.kind == into.kind,
            Trade::Upgrade(_) => crate::eighty5::upgrade::may_trade_in(c, into),
        }
    }

    /// 26.3 and 39.2: what the units traded in must add up to.
    fn adds_up(self, into: &Counter, counters: &[&Counter]) -> Result<(), String> {
        match self {
            Trade::Substitutes => {
                let (attack, defence) = total(counters);
                if (attack, defence) == (into.attack, into.defence) {
                    return Ok(());
                }
                Err(format!(
                    "the substitutes add up to {attack}-{defence}, and {} is {}-{} (26.2)",
                    into.id, into.attack, into.defence
                ))
            }
            Trade::Upgrade(cost) => crate::eighty5::upgrade::stronger(cost, into, counters),
        }
    }
}

/// One recombination, checked and carried out; refused with the unit at fault.
fn recombine_one(
    rules: &Rules,
    pos: &mut Position,
    (side, attacking, waiting): (Side, &BTreeSet<&UnitId>, &BTreeSet<UnitId>),
    trade: Trade,
    r: &Recombine,
) -> Result<Event, (UnitId, String, std::ops::Range<usize>)> {
    let into = &r.into.value;
    let first = r.units.first().map_or(into, |u| &u.value).clone();
    let refuse = |unit: &UnitId, why: String, at: &std::ops::Range<usize>| {
        Err((unit.clone(), why, at.clone()))
    };
    let Some(target) = rules.counters.get(into).filter(|c| c.side == side) else {
        return refuse(
            &first,
            format!("{into} is not one of your counters"),
            &r.into.span,
        );
    };
    let in_play = pos.get(into).is_some() || pos.afloat(into).is_some();
    if in_play || waiting.contains(into) {
        let why = format!("{into} is in play or still to come, not among the inactive counters");
        return refuse(&first, why, &r.into.span);
    }
    if r.units.len() < 2 && matches!(trade, Trade::Substitutes) {
        return refuse(
            &first,
            "recombining takes two substitutes or more".into(),
            &r.span,
        );
    }
    let mut spot = None;
    let mut seen = BTreeSet::new();
    for u in &r.units {
        let id = &u.value;
        let c = rules.counters.get(id).filter(|c| c.side == side);
        let Some(c) = c.filter(|c| trade.takes(c, target)) else {
            let why = match trade {
                Trade::Substitutes => {
                    format!("it is not one of your {} substitutes", target.kind.name())
                }
                Trade::Upgrade(_) if target.kind.is_air() => {
                    "it is not one of your air units (39.2)".to_string()
                }
                Trade::Upgrade(_) => "it is not one of your ground units (39.2)".to_string(),
            };
            return refuse(id, why, &u.span);
        };
        let here = match (pos.get(id), pos.afloat(id)) {
            (Some(p), _) => Spot::Map(p.hex),
            (None, Some(a)) => Spot::Sea(a.zone),
            (None, None) => return refuse(id, "it is not in play".into(), &u.span),
        };
        if !seen.insert(&c.id) {
            return refuse(id, "it is named twice".into(), &u.span);
        }
        if *spot.get_or_insert(here) != here {
            return refuse(
                id,
                "the substitutes are not in one hex (26.3)".into(),
                &u.span,
            );
        }
        if let Spot::Map(h) = here {
            if pos.in_zoc_of(side.other(), h) {
                return refuse(id, "it is in enemy ZOC (26.3)".into(), &u.span);
            }
        }
        let home = |h| crate::eighty5::upgrade::in_home_city(&rules.board, side, h);
        if matches!(trade, Trade::Upgrade(_)) && !matches!(here, Spot::Map(h) if home(h)) {
            let why = "it is not in a city of your home country (39.2)".to_string();
            return refuse(id, why, &u.span);
        }
        if attacking.contains(id) {
            return refuse(id, "it attacks this player-turn (26.3)".into(), &u.span);
        }
    }
    let counters: Vec<&Counter> = seen
        .iter()
        .filter_map(|id| rules.counters.get(id))
        .collect();
    if let Err(why) = trade.adds_up(target, &counters) {
        return refuse(&first, why, &r.span);
    }
    for id in &seen {
        pos.retire(id);
    }
    let (hex, zone) = match spot {
        Some(Spot::Map(h)) => {
            pos.put_counter(target, h);
            (Some(h), None)
        }
        Some(Spot::Sea(z)) => {
            pos.put_to_sea(target, z);
            (None, Some(z))
        }
        None => (None, None),
    };
    Ok(Event::Recombined {
        units: seen.into_iter().cloned().collect(),
        into: into.clone(),
        hex,
        zone,
        rule: Rule::para(match trade {
            Trade::Substitutes => para!("26.3"),
            Trade::Upgrade(_) => para!("39.2"),
        }),
    })
}
