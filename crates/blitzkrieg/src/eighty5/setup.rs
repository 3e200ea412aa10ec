//! 37.2 as steps of the set-up of a game of BLITZKRIEG '85: the four purchase files
//! (Blue's commitment, Red's, Blue's reveal, Red's: steps 0-3 of Blue's set-up, each
//! waiting for the side that owes it), then Blue's placement (37.211), then Red's
//! (37.212). Each file resumes from the state alone; the engine calls here.

use super::cost::{ItemKind, PriceList};
use super::purchase::{Owed, Purchase, PurchaseProblem};
use super::Figures85;
use crate::cite::Rule;
use crate::event::Event;
use crate::orders::{OrderError, Orders, Problem};
use crate::rules::Rules;
use crate::state::{GameState, Place, RuleSet};
use crate::units::Side;
use std::collections::BTreeSet;

/// Whether the state waits for a purchase file (a game of '85 before both lists are
/// revealed).
pub fn purchasing(state: &GameState) -> bool {
    state.purchase.as_ref().is_some_and(|p| !p.done())
}

/// A new game of '85's purchase: nothing committed, each side's points those of 37.21,
/// or of 37.11 when the players chose the Cold War (38.8).
pub fn start(rules: RuleSet, cold_war: bool) -> Option<Purchase> {
    (rules == RuleSet::Eighty5)
        .then(Figures85::embedded)
        .flatten()
        .map(|f| Purchase::start(f, cold_war))
}

/// The price list of `side` in this game (the counters the game was made with).
pub fn prices(rules: &Rules, side: Side) -> Option<PriceList> {
    Figures85::embedded().map(|f| PriceList::of(f, &rules.counters, side))
}

/// 37.21: one purchase file: the commitment or the reveal `side` owes. The next state
/// (the next step of the set-up, or, after Red's reveal, Blue's placement), or every
/// problem, each naming whose file it is.
pub fn purchase_file(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    side: Side,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let Some(mut purchase) = state.purchase.clone() else {
        return Err(Vec::new());
    };
    let Some((owing, owed)) = purchase.owes() else {
        return Err(Vec::new());
    };
    if owing != side {
        // The header already says whose file this is (B2xx).
        return Err(Vec::new());
    }
    let span = orders.purchase.as_ref().map(|p| p.span.clone());
    let at = span.clone().or(Some(orders.side.span.clone()));
    let mut errors: Vec<OrderError> = Vec::new();
    let err = |p: PurchaseProblem| OrderError::new(problem(p), at.clone(), cite!("37.21"));
    // Placements wait for both lists (37.211 follows 37.21).
    if let Some(p) = orders.setup.first() {
        errors.push(OrderError::new(
            problem(PurchaseProblem::Owed { side, owed }),
            Some(p.hex.span.clone()),
            cite!("37.211"),
        ));
    }
    let Some(order) = &orders.purchase else {
        errors.push(err(PurchaseProblem::Owed { side, owed }));
        return Err(errors);
    };
    let reveals = order.salt.is_some() || !order.buy.is_empty();
    let mut events = Vec::new();
    match (owed, &order.commitment, reveals) {
        (Owed::Commitment, Some(c), false) => {
            if let Err(p) = purchase.commit(side, &c.value) {
                errors.push(err(p));
            }
            events.push(note(
                format!("{side} commits to its purchase list: {}", c.value),
                para!("37.21"),
            ));
        }
        (Owed::Commitment, _, true) => {
            let waiting = Side::BOTH
                .into_iter()
                .find(|s| !purchase.committed.contains_key(s))
                .unwrap_or(side);
            errors.push(err(PurchaseProblem::TooEarly { side, waiting }));
        }
        (Owed::Reveal, None, true) => {
            let salt = order.salt.as_ref().map_or("", |s| s.value.as_str());
            match prices(rules, side).map(|l| l.less(state, purchase.held.get(&side))) {
                Some(list) => {
                    match purchase.reveal(&state.game.id, side, salt, &order.buy, &list) {
                        Ok(()) => {
                            events.extend(revealed(&purchase, side));
                            events.extend(
                                held_note(&purchase, side, rules)
                                    .map(|text| note(text, para!("41"))),
                            );
                        }
                        Err(ps) => errors.extend(ps.into_iter().map(err)),
                    }
                }
                None => errors.push(err(PurchaseProblem::Unknown {
                    item: "the price list (rules/blitzkrieg/85.toml)".into(),
                })),
            }
        }
        _ => errors.push(err(PurchaseProblem::Owed { side, owed })),
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut next = state.clone();
    if let Some(bought) = purchase.to_place.get(&side) {
        take_into_play(&mut next, rules, side, bought);
    }
    let done = purchase.done();
    next.purchase = Some(purchase);
    // Blue's placement is step 4 of its set-up: its file is named for it.
    next.step = state.step + 1;
    if done {
        events.push(note(
            "both lists are revealed: Blue places its units (37.211), then Red (37.212)"
                .to_string(),
            para!("37.211"),
        ));
    }
    Ok((next, events))
}

/// 38.2: the counters `side` bought wait to be placed; its other counters stay out of
/// play (in the counter mix, for later purchases), among the inactive counters.
fn take_into_play(
    next: &mut GameState,
    rules: &Rules,
    side: Side,
    bought: &[crate::units::UnitId],
) {
    let bought: BTreeSet<_> = bought.iter().collect();
    for c in rules.counters.of_side(side) {
        if bought.contains(&c.id) {
            next.units.insert(c.id.clone(), Place::Waiting);
        } else if next.units.get(&c.id) == Some(&Place::Waiting) {
            next.units.insert(c.id.clone(), Place::Inactive);
        }
    }
}

/// 37.211-37.212: the units a side may set up in a game of '85: those it bought.
pub fn may_place(state: &GameState, side: Side) -> Option<BTreeSet<crate::units::UnitId>> {
    let p = state.purchase.as_ref()?;
    Some(
        p.to_place
            .get(&side)
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .collect(),
    )
}

/// 37.211-37.212: a set-up of '85 ends with the counters placed; the purchase's list of
/// what is still to place is emptied for the side, and the step count starts again.
pub fn placed(next: &mut GameState, side: Side) {
    let mut season = 0;
    if let Some(p) = next.purchase.as_mut() {
        p.to_place.remove(&side);
        season = p.season;
    }
    // 37.13: a later Cold War season's files go on numbering from the earlier's.
    next.step = super::war_start::STEPS_A_SEASON * season;
    // 37.12: a Cold War season ends with the war-start roll.
    if side == Side::Red && next.game.options.cold_war {
        super::war_start::open(next);
    }
}

/// 41, 42-50: the new counters bought cannot be set up until their rules are built
/// (helicopters are counters of the game, 41.2-41.3, and set up as the 1975 ones).
/// The report says what each side holds.
pub fn held_note(purchase: &Purchase, side: Side, rules: &Rules) -> Option<String> {
    let held = purchase.held.get(&side)?;
    let list = prices(rules, side)?;
    let each: Vec<String> = held
        .iter()
        .map(|(k, n)| {
            let item = list.get(k);
            let naval = matches!(item.map(|i| &i.what), Some(ItemKind::New { naval: true }));
            let airfield = item.is_some_and(super::cost::Item::is_airfield);
            // A game of '85 made before 46 and 49 were built says what it said then.
            let why = match (naval, rules.ruleset.plays85(49), airfield) {
                (true, _, _) => "naval rules 42-45 are not built yet",
                (false, false, _) => "its rule (46, 49 or 50) is not built yet",
                (false, true, true) => "an infantry unit builds it with `[[airfield]]`, 49.1",
                (false, true, false) => "its rule (50) is not built yet",
            };
            format!("{n} {k} ({why})")
        })
        .collect();
    Some(format!(
        "{side} holds, bought and not yet placed: {}",
        each.join(", ")
    ))
}

fn revealed(purchase: &Purchase, side: Side) -> Vec<Event> {
    let Some(r) = purchase.revealed.get(&side) else {
        return Vec::new();
    };
    let list: Vec<String> = r.buy.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let left = purchase.points.get(&side).copied().unwrap_or(0);
    vec![note(
        format!(
            "{side} reveals its purchase, which opens its commitment: {} for {} points; {left} points left (38.7)",
            if list.is_empty() { "nothing".to_string() } else { list.join(", ") },
            r.spent
        ),
        para!("37.21"),
    )]
}

fn note(text: String, rule: crate::cite::Paragraph) -> Event {
    Event::Note {
        text,
        rule: Rule::para(rule),
    }
}

/// The order problem of a purchase problem.
fn problem(p: PurchaseProblem) -> Problem {
    match p {
        PurchaseProblem::Mismatch { side } => Problem::PurchaseMismatch { side },
        PurchaseProblem::OverBudget {
            side,
            spent,
            budget,
        } => Problem::PurchaseOverBudget {
            side,
            spent,
            budget,
        },
        PurchaseProblem::BeyondMix {
            side,
            item,
            bought,
            mix,
        } => Problem::PurchaseBeyondMix {
            side,
            item,
            bought,
            mix,
        },
        PurchaseProblem::Unknown { item } => Problem::PurchaseUnknown(item),
        PurchaseProblem::TooEarly { side, waiting } => Problem::RevealTooEarly { side, waiting },
        PurchaseProblem::Owed { side, owed } => Problem::PurchaseOwed {
            side,
            owed: owed.what().to_string(),
        },
        PurchaseProblem::Malformed { given } => Problem::PurchaseCommitmentMalformed(given),
    }
}
