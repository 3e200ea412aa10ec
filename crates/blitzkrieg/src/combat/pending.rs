//! Pending-decision games: the losses, retreats and advances a battle left owed by the
//! side that did not move are completed at the top of that side's next order file
//! (PBEM turn sequence of seed 000: "complete losses, retreats, and advances from prior
//! player-turn"), each `[[decision]]` checked against the result it completes; then the
//! attacker's conditional advance that waited on the vacated hex is carried out.

use super::resolve::{advance_events, advance_paths, lose_decided_factors, survivors, vacated};
use super::retreat::retreat_ends_of;
use crate::event::Event;
use crate::hex::Hex;
use crate::model::outcome::Loss;
use crate::orders::{Decision, Located, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::Pending;
use crate::units::{names, UnitId};
use std::ops::Range;

/// Completes every decision `owed` by the side now moving with its `decisions`,
/// applying them to `pos`. `header` is where to point when a decision is missing.
/// Returns the events and every problem found (all of them, not the first).
pub fn complete(
    rules: &Rules,
    pos: &mut Position,
    owed: &[Pending],
    decisions: &[Decision],
    header: &Range<usize>,
) -> (Vec<Event>, Vec<OrderError>) {
    let mut out = Completion::default();
    for item in owed {
        match decisions
            .iter()
            .find(|d| d.battle.value.eq_ignore_ascii_case(&item.battle))
        {
            Some(d) => complete_one(rules, pos, item, d, &mut out),
            None => out.errors.push(OrderError::new(
                Problem::DecisionOwed {
                    battle: item.battle.clone(),
                    what: item.what.clone(),
                },
                Some(header.clone()),
                cite!("PBEM"),
            )),
        }
    }
    for d in decisions {
        if !owed
            .iter()
            .any(|i| d.battle.value.eq_ignore_ascii_case(&i.battle))
        {
            out.errors.push(OrderError::new(
                Problem::NoDecisionOwed(d.battle.value.clone()),
                Some(d.battle.span.clone()),
                cite!("PBEM"),
            ));
        }
    }
    (out.events, out.errors)
}

#[derive(Default)]
struct Completion {
    events: Vec<Event>,
    errors: Vec<OrderError>,
}

impl Completion {
    fn event(&mut self, item: &Pending, text: String) {
        self.events.push(Event::Completed {
            side: item.side,
            battle: item.battle.clone(),
            text,
            rule: item.result.rule(),
        });
    }

    /// Advance events, told as steps of the owed result.
    fn absorb(&mut self, item: &Pending, events: Vec<Event>, whose: &str) {
        for e in events {
            match e {
                Event::Advanced { unit, path, .. } => {
                    let shown: Vec<String> = path.iter().map(Hex::to_string).collect();
                    self.event(
                        item,
                        format!("{unit} advances {} ({whose})", shown.join("-")),
                    );
                }
                Event::Decided { what, .. } if what.starts_with("cannot") => {
                    self.event(item, format!("{what} ({whose})"));
                }
                _ => {}
            }
        }
    }

    fn error(&mut self, problem: Problem, span: &Range<usize>, unit: Option<&UnitId>) {
        let e = OrderError::new(problem, Some(span.clone()), cite!("BGAT"));
        self.errors.push(match unit {
            Some(u) => e.unit(u),
            None => e,
        });
    }
}

/// One owed result: the loss (DE, EX), the retreat (DE, DB2) and the attacker's advance
/// after it, or the owner's own advance (AE, AB2).
fn complete_one(
    rules: &Rules,
    pos: &mut Position,
    item: &Pending,
    d: &Decision,
    out: &mut Completion,
) {
    let owed = item
        .result
        .effects(rules.ruleset.figures.advance_units)
        .defender;
    let mut joined = Vec::new();
    match owed.loss {
        Loss::None => {}
        Loss::Units(_) => lose(pos, item, d, out),
        Loss::Factors(n) => joined = lose_factors(rules, pos, item, d, n, out),
        Loss::All => lose_all(pos, item, out),
    }
    if owed.retreat > 0 {
        retreat(rules, pos, item, d, (owed.retreat, &joined), out);
    }
    if owed.retreat > 0 || matches!(owed.loss, Loss::Factors(_) | Loss::All) {
        let vacated = vacated(pos, &item.hexes);
        let foe = item.side.other();
        let rule = item.result.rule();
        for u in &item.foe_advance {
            let moved = advance_events(
                rules,
                pos,
                foe,
                (&item.battle, &rule),
                &vacated,
                u,
                String::new(),
            );
            out.absorb(item, moved, &format!("{foe}'s conditional `advance`"));
        }
        if !item.foe_paths.is_empty() && !vacated.is_empty() {
            let mut moved = Vec::new();
            let hexes = (vacated.as_slice(), item.foe_advance_hexes);
            let battle = (foe, item.battle.as_str(), rule);
            advance_paths(rules, pos, battle, &item.foe_paths, hexes, &mut moved);
            out.absorb(item, moved, &format!("{foe}'s `advance_path`"));
        }
    }
    if owed.advance > 0 {
        advance(rules, pos, item, d, out);
    }
}

/// The owner's units of the battle still on the map.
fn alive(pos: &Position, item: &Pending) -> Vec<UnitId> {
    item.units
        .iter()
        .filter(|u| pos.get(u).is_some())
        .cloned()
        .collect()
}

/// 25.1: the owner loses `factors` factors, from the units its decision's `lose` names
/// first (a list in order; the rest weakest first when they do not cover the loss),
/// a broken unit made up from substitutes (26.2). The substitutes placed.
fn lose_factors(
    rules: &Rules,
    pos: &mut Position,
    item: &Pending,
    d: &Decision,
    factors: u32,
    out: &mut Completion,
) -> Vec<UnitId> {
    let alive = alive(pos, item);
    if d.lose.is_empty() && !alive.is_empty() {
        let problem = Problem::LossNotNamed {
            battle: item.battle.clone(),
            candidates: names(&alive),
        };
        out.error(problem, &d.battle.span, None);
        return Vec::new();
    }
    for u in d.lose.iter().filter(|u| !alive.contains(&u.value)) {
        let problem = Problem::NotALoser {
            unit: u.value.clone(),
            battle: item.battle.clone(),
            candidates: names(&alive),
        };
        out.error(problem, &u.span, Some(&u.value));
    }
    let order = d.lose.iter().map(|u| u.value.clone()).collect();
    let (events, joined) = lose_decided_factors(rules, pos, item, order, factors);
    out.events.extend(events);
    joined
}

/// TGAT above 6-1: every unit of the battle is eliminated; nothing is the owner's to
/// decide.
fn lose_all(pos: &mut Position, item: &Pending, out: &mut Completion) {
    for id in &item.units {
        if let Some(piece) = pos.remove(id) {
            let text = format!("{} eliminated in {}", piece.id, piece.hex);
            out.event(item, text);
        }
    }
}

/// BGAT DE/EX: the owner eliminates the one unit its decision names.
fn lose(pos: &mut Position, item: &Pending, d: &Decision, out: &mut Completion) {
    let alive = alive(pos, item);
    if alive.is_empty() {
        return;
    }
    let candidates = names(&alive);
    let Some(first) = d.lose.first() else {
        out.error(
            Problem::LossNotNamed {
                battle: item.battle.clone(),
                candidates,
            },
            &d.battle.span,
            None,
        );
        return;
    };
    if let Some(extra) = d.lose.get(1) {
        out.error(
            Problem::OneLossOnly {
                battle: item.battle.clone(),
            },
            &extra.span,
            Some(&extra.value),
        );
    }
    if !alive.contains(&first.value) {
        out.error(
            Problem::NotALoser {
                unit: first.value.clone(),
                battle: item.battle.clone(),
                candidates,
            },
            &first.span,
            Some(&first.value),
        );
        return;
    }
    if let Some(piece) = pos.remove(&first.value) {
        out.event(
            item,
            format!(
                "{} eliminated in {} ({}'s decision)",
                piece.id, piece.hex, item.side
            ),
        );
    }
}

/// BGAT DE/DB2, TGAT: every surviving unit of the battle (with the substitutes that
/// took a broken unit's place, `joined`) retreats `hexes` hexes to the first hex of the
/// decision's `retreat` that is a legal end for it; with no legal end at all it is
/// eliminated instead.
fn retreat(
    rules: &Rules,
    pos: &mut Position,
    item: &Pending,
    d: &Decision,
    (hexes, joined): (u32, &[UnitId]),
    out: &mut Completion,
) {
    for id in &survivors(pos, &item.units, joined) {
        let Some(piece) = pos.get(id).cloned() else {
            continue;
        };
        let ends = retreat_ends_of(rules, pos, &piece, hexes);
        if ends.is_empty() {
            pos.remove(id);
            out.event(
                item,
                format!(
                    "{id} eliminated in {}: no legal retreat route (enemy ZOC, terrain, board edge or stacking)",
                    piece.hex
                ),
            );
            continue;
        }
        let legal = ends
            .iter()
            .map(|e| e.end.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let chosen = d
            .retreat
            .iter()
            .find_map(|h| ends.iter().find(|e| e.end == h.value));
        match (chosen, d.retreat.first()) {
            (Some(e), _) => {
                let path = e.path.clone();
                pos.move_to(id, e.end);
                let shown: Vec<String> = path.iter().map(Hex::to_string).collect();
                let text = format!(
                    "{id} retreats {} ({}'s decision)",
                    shown.join("-"),
                    item.side
                );
                out.event(item, text);
            }
            (None, None) => out.error(
                Problem::RetreatNotNamed {
                    unit: id.clone(),
                    battle: item.battle.clone(),
                    legal,
                },
                &d.battle.span,
                Some(id),
            ),
            (None, Some(first)) => out.error(
                Problem::NoLegalRetreatNamed {
                    unit: id.clone(),
                    battle: item.battle.clone(),
                    legal,
                },
                &first.span,
                Some(id),
            ),
        }
    }
}

/// BGAT AE/AB2: the owner advances the units its decision names (up to 3, of the
/// battle) into the hexes the attacker vacated, ignoring ZOC.
fn advance(rules: &Rules, pos: &mut Position, item: &Pending, d: &Decision, out: &mut Completion) {
    let most = rules.ruleset.figures.advance_units;
    if d.advance.len() > most {
        if let Some(fourth) = d.advance.get(most) {
            out.error(
                Problem::TooManyAdvancers {
                    count: d.advance.len(),
                },
                &fourth.span,
                None,
            );
        }
        return;
    }
    let ok: Vec<&Located<UnitId>> = d
        .advance
        .iter()
        .filter(|u| {
            let fought = item.units.contains(&u.value);
            if !fought {
                out.error(
                    Problem::NotAnAdvancer {
                        unit: u.value.clone(),
                        battle: item.battle.clone(),
                    },
                    &u.span,
                    Some(&u.value),
                );
            }
            fought
        })
        .collect();
    if ok.is_empty() {
        out.event(
            item,
            "does not advance (the decision names no unit)".to_string(),
        );
        return;
    }
    let vacated = vacated(pos, &item.foe_hexes);
    let rule = item.result.rule();
    for u in ok {
        let moved = advance_events(
            rules,
            pos,
            item.side,
            (&item.battle, &rule),
            &vacated,
            &u.value,
            String::new(),
        );
        out.absorb(item, moved, "the decision's `advance`");
    }
}
