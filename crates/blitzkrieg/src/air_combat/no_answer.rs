//! 32.3: a defender who does not answer the interception exchange, the game option
//! `blitz new --no-answer standing` (issue: "A defender who does not answer within an
//! agreed time: say what happens (his standing orders, or none), as a game option").
//!
//! Without the option the player-turn waits in its step state for his answer, however
//! long. With it the defender may write `[[standing_intercept]]` orders in his own
//! files as his fallback (kept in the state as in a game of standing interception
//! orders), and when the time the players agreed has passed without his answer, the
//! mover resolves the waiting step himself with a file of his own that says so,
//! `[answer] none = true`, and names the seed: the defender's fallback standing
//! orders meet the flights (none written: nothing intercepts). There is no clock in
//! the engine: the time is the players' agreement, and the file is the mover's word
//! that it passed.
//!
//! The seed is the mover's, committed and published after the step state as any seed
//! is. It is safe: everything it decides was fixed before it is known, and none of it
//! by him (his orders in the first step, the defender's fallback orders and standing
//! orders in the step state); his no-answer file holds nothing else (no interception,
//! B344), so he chooses nothing once the seed is out, and a seed already used in the
//! game is refused as any other (PBM ¶2).

use crate::air_combat::intercept::Interception;
use crate::cite::Rule;
use crate::event::Event;
use crate::model::step::Step;
use crate::orders::{OrderError, Orders, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::{GameState, NoAnswer, Phase};
use crate::units::Side;

/// Whether the game chose the fallback: it plays rule 32 by the exchange by mail and
/// was made with `--no-answer standing`.
pub fn chosen(rules: &Rules) -> bool {
    super::in_play(&rules.ruleset)
        && rules.ruleset.interception.is_exchange()
        && rules.ruleset.no_answer == NoAnswer::Standing
}

/// Whether the file says the defender's answer did not come (`[answer] none = true`).
pub fn written(orders: &Orders) -> bool {
    orders.answer.as_ref().is_some_and(|a| a.value)
}

/// The side whose file resolves a stopped player-turn without the defender's answer:
/// the player-turn's own (the mover, who waits). `None` when the file holds no
/// `[answer]` or no player-turn is stopped.
pub fn writer(state: &GameState, orders: &Orders) -> Option<Side> {
    orders.answer.as_ref()?;
    resolver(state)
}

/// The side that may resolve the state's stopped player-turn without the defender's
/// answer: the player-turn's own. `None` when no player-turn is stopped.
pub fn resolver(state: &GameState) -> Option<Side> {
    match (&state.phase, &state.resume) {
        (Phase::Turn { side, .. }, Some(_)) => Some(*side),
        _ => None,
    }
}

/// 32.3: an `[answer]` checked: `none = true` (B345), in a game that chose the
/// fallback (B342), resolving a player-turn stopped before odds (B343), with no
/// `[[intercept]]` beside it (B344). Nothing when the file holds no `[answer]`.
pub fn check(rules: &Rules, state: &GameState, orders: &Orders) -> Vec<OrderError> {
    let Some(answer) = &orders.answer else {
        return Vec::new();
    };
    let refuse = |problem, span: &std::ops::Range<usize>| {
        OrderError::new(problem, Some(span.clone()), cite!("32.3"))
    };
    if !answer.value {
        return vec![refuse(Problem::NoAnswerFalse, &answer.span)];
    }
    if !chosen(rules) {
        return vec![refuse(Problem::NoAnswerNotChosen, &answer.span)];
    }
    let before_odds = state
        .resume
        .as_ref()
        .is_some_and(|r| r.at == Step::BeforeOdds);
    if !before_odds {
        return vec![refuse(Problem::NoAnswerNotAwaited, &answer.span)];
    }
    orders
        .intercepts
        .iter()
        .map(|i| refuse(Problem::NoAnswerWithIntercepts, &i.hex.span))
        .collect()
}

/// 32.3: the interceptions of a step resolved without the defender's answer: his
/// fallback standing orders kept in the state against the flights the stopped
/// player-turn announced (as [`super::standing::apply`] meets them), with the report's
/// note saying that his answer was not awaited and which fallback applied.
pub fn fallback(rules: &Rules, state: &GameState, pos: &Position) -> (Vec<Interception>, Event) {
    let Some(carry) = &state.resume else {
        return (Vec::new(), note(String::new()));
    };
    let defender = carry.asks;
    let mover = defender.other();
    let standing = state
        .standing
        .get(&defender)
        .map(|s| s.intercepts.as_slice())
        .unwrap_or_default();
    let met = super::standing::apply(
        rules,
        (pos, &carry.grounded_fighters()),
        defender,
        &carry.flights,
        standing,
    );
    let applied = match (standing.len(), met.len()) {
        (0, _) => format!("{defender} wrote no standing interception orders: nothing intercepts"),
        (n, 0) => format!(
            "{defender}'s {} no flight",
            orders_count(n, "meets", "meet")
        ),
        (n, _) => {
            let over: Vec<String> = met
                .iter()
                .map(|i| {
                    let names: Vec<String> = i.fighters.iter().map(ToString::to_string).collect();
                    format!("{} over {}", names.join(", "), i.hex)
                })
                .collect();
            let apply = orders_count(n, "applies", "apply");
            format!("{defender}'s {apply}: {}", over.join("; "))
        }
    };
    let text = format!(
        "{defender}'s answer was not awaited: {mover}'s file says the time agreed passed without it ([answer] none); {applied}"
    );
    (met, note(text))
}

/// "1 standing interception order applies", "2 standing interception orders apply".
fn orders_count(n: usize, one: &str, more: &str) -> String {
    if n == 1 {
        format!("1 standing interception order {one}")
    } else {
        format!("{n} standing interception orders {more}")
    }
}

fn note(text: String) -> Event {
    Event::Note {
        text,
        rule: Rule::para(para!("32.3")),
    }
}

/// The note of a stop before odds in a game that chose the fallback: what the mover
/// may do if the defender does not answer in time.
pub fn stop_note(rules: &Rules, mover: Side) -> Option<Event> {
    chosen(rules).then(|| {
        note(format!(
            "if {} does not answer in the time agreed, {mover} may resolve this step without him ([answer] none and a seed): his standing interception orders then apply",
            mover.other()
        ))
    })
}
