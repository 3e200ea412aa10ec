//! 29.7: combat supply into and through the minor countries, decided when the side to
//! move traces supply, before any movement.
//!
//! - A neutral country: no supply route of either side crosses it.
//! - Its liberator traces through it freely.
//! - Its aggressor traces through it freely while he garrisons all its cities at the
//!   beginning of the player-turn (A). Otherwise he pays `supply_factors` factors of his
//!   choice from his forces in it (B), or refuses (Q&A 29.7, 003 29.7): then no route of
//!   his, not even by sea to its ports, goes into, through or out of it, and his units
//!   in it are cut off.
//!
//! Where the rules are silent: the aggressor pays only when a route needs the country
//! (the units cut off with the country closed are not the same as with it open); he
//! refuses with `[[minor]] country = "...", pay_supply = false`, and pays whenever a
//! route needs the country otherwise. With no forces in the country he cannot pay, and
//! traces nothing there. The payment is kept in the state (`supply_paid`), for his
//! supply in his opponent's next player-turn, and lapses at its end
//! ([`carry_to_opponent`], 003 29.7). Nothing traces his supply then but fighters
//! intercepting (optional rule 32, not played).

use super::guerrilla::{first_losses, forces_in, take_factors};
use super::{aggressor, in_play, subdued, Minors};
use crate::board::Country;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::orders::MinorOrder;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::Side;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// What supply needs besides the position: the cities held at the start of the
/// player-turn and the side's beachheads (23.5).
pub struct SupplyContext<'a> {
    pub held: &'a BTreeMap<Hex, Side>,
    pub beachheads: &'a BTreeSet<Hex>,
}

fn close(rules: &Rules, pos: &mut Position, side: Side, country: Country) {
    for &h in rules.board.country_hexes(country) {
        pos.bar_supply(side, h);
    }
}

/// 29.7: before `side` traces supply, closes to its routes the minor countries they
/// may not cross, and takes the factors it pays for those they may; records in
/// `minors` whether it paid. Nothing outside the Tournament Game or without combat
/// supply (optional rule 23).
pub fn before_tracing(
    rules: &Rules,
    pos: &mut Position,
    minors: &mut Minors,
    side: Side,
    ctx: &SupplyContext,
    orders: &[MinorOrder],
) -> Vec<Event> {
    if !in_play(rules) || !rules.ruleset.combat_supply() {
        return Vec::new();
    }
    let first = first_losses(orders);
    let refused: BTreeSet<Country> = orders
        .iter()
        .filter(|o| o.pay_supply.as_ref().is_some_and(|p| !p.value))
        .map(|o| o.country.value)
        .collect();
    let mut events = Vec::new();
    let mut theirs = Vec::new();
    for country in Country::MINOR {
        match aggressor(minors, country) {
            None => close(rules, pos, side, country),
            Some(a) if a == side => theirs.push(country),
            Some(_) => {}
        }
    }
    let cost = rules
        .ruleset
        .tournament_figures
        .minor_countries
        .supply_factors;
    let rule = Rule::para(para!("29.7")).and(Ref::Reading(Cow::Borrowed("29.7")));
    for country in theirs {
        if subdued(&rules.board, pos, minors, country) {
            minors.entry(country).or_default().supply_paid = true;
            continue;
        }
        let forces = forces_in(rules, pos, side, country);
        let needed = needs(rules, pos, side, ctx, country);
        let pays = needed && !refused.contains(&country) && !forces.is_empty();
        minors.entry(country).or_default().supply_paid = pays;
        if pays {
            events.push(Event::MinorSupply {
                country,
                side,
                paid: true,
                factors: cost,
                rule: rule.clone(),
            });
            let order = first.get(&country).cloned().unwrap_or_default();
            let cause = format!("supply through {}", country.name());
            events.extend(take_factors(
                rules,
                pos,
                (&forces, &order, &BTreeSet::new()),
                cost,
                &cause,
                &rule,
            ));
        } else {
            close(rules, pos, side, country);
            if needed {
                events.push(Event::MinorSupply {
                    country,
                    side,
                    paid: false,
                    factors: 0,
                    rule: rule.clone(),
                });
            }
        }
    }
    events
}

/// 29.7: closes every neutral minor country to the supply routes of `side` (nothing
/// outside the Tournament Game).
pub fn close_neutral(rules: &Rules, pos: &mut Position, minors: &Minors, side: Side) {
    if !in_play(rules) {
        return;
    }
    for country in Country::MINOR {
        if aggressor(minors, country).is_none() {
            close(rules, pos, side, country);
        }
    }
}

/// Whether a supply route of `side` needs `country`: closing it cuts off units that
/// are supplied with it open.
fn needs(rules: &Rules, pos: &Position, side: Side, ctx: &SupplyContext, country: Country) -> bool {
    let open = crate::supply::cut_off(rules, pos, ctx.held, ctx.beachheads, side);
    let mut closed = pos.clone();
    close(rules, &mut closed, side, country);
    let shut = crate::supply::cut_off(rules, &closed, ctx.held, ctx.beachheads, side);
    shut != open
}

/// 003 29.7: "If the aggressor chooses to take the 2 factor loss, then he may also
/// trace supply through the country during his opponent's immediately following
/// player-turn, at no further cost. If he doesn't take the loss, then he may not trace
/// supply during his opponent's turn if the country remains unsubdued (or if the
/// country was previously subdued but became unsubdued during his own player-turn)."
/// At the end of the player-turn of `mover`, `supply_paid` is made to say whether the
/// aggressor may trace through each country in his opponent's next player-turn: at the
/// end of the aggressor's own, it holds if he paid, or if the country is subdued now,
/// and not if it was subdued at the start (`start`: whether each side garrisoned every
/// city of each country then, [`super::garrisons`]) but is no longer; at the end of his
/// opponent's, it lapses. Returns a note for each country whose aggressor moved.
/// Nothing outside the Tournament Game or without combat supply (optional rule 23).
pub fn carry_to_opponent(
    rules: &Rules,
    (start, now): (&BTreeMap<(Country, Side), bool>, &Position),
    minors: &mut Minors,
    mover: Side,
) -> Vec<Event> {
    if !in_play(rules) || !rules.ruleset.combat_supply() {
        return Vec::new();
    }
    let board = &rules.board;
    let before = minors.clone();
    let mut notes = Vec::new();
    for country in Country::MINOR {
        let Some(a) = aggressor(&before, country) else {
            continue;
        };
        let Some(m) = minors.get_mut(&country) else {
            continue;
        };
        if a != mover {
            m.supply_paid = false;
            continue;
        }
        let was = start.get(&(country, a)).copied().unwrap_or(false);
        let is = subdued(board, now, &before, country);
        m.supply_paid = is || (m.supply_paid && !was);
        let may = if m.supply_paid { "may" } else { "may not" };
        notes.push(Event::Note {
            text: format!(
                "{a} {may} trace supply into or through {} in {}'s next player-turn",
                country.name(),
                a.other()
            ),
            rule: Rule::para(para!("29.7")).and(Ref::Reading(Cow::Borrowed("29.7"))),
        });
    }
    notes
}
