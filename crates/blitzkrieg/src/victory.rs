//! Victory (16), checked at the end of every player-turn: (A) every enemy unit gone
//! from the board while 14 or more of one's own remain (which units count is the
//! reading `victory-a-reinforcements`), (B) every enemy home-country city hex occupied
//! or adjacent throughout two consecutive player-turns (how "throughout" is judged is
//! the reading `victory-b-throughout`), (C) 35 or more friendly city
//! hexes at the end of the last turn; otherwise, at the end of the last turn, a
//! stalemate in which the side that lost more units is the bigger loser. BLITZKRIEG
//! '85 (51.1) changes (C): a die at the end of the last turn names the side that must
//! hold the 35 city hexes or lose, so no game of '85 ends in a stalemate.
//!
//! Which city hexes are friendly (5) is decided elsewhere and passed in, so this module
//! knows nothing of control. When several conditions are met at once, the first in the
//! order A, B, C decides, the side that has just moved first.

use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::position::Position;
use crate::rules::Rules;
use crate::ruleset::{VictoryA, VictoryBThroughout};
use crate::state::{GameState, Phase, Place, RuleSet};
use crate::units::Side;
use std::collections::BTreeMap;

/// 51.1: the roll id of the die of condition C in BLITZKRIEG '85.
pub const DIE_ROLL_ID: &str = "victory-c";

/// 51.1 (BLITZKRIEG '85): whether the player-turn `state` opens ends the game's last
/// turn, so that its seed also rolls the die of condition C.
pub fn rolls_die(ruleset: &crate::ruleset::Ruleset, state: &GameState) -> bool {
    let Phase::Turn { turn, side } = state.phase else {
        return false;
    };
    ruleset.rules == RuleSet::Eighty5
        && ruleset.ends_after(state.game.options.last_turn, turn, side)
}

/// 51.1: the die of condition C, and how it was drawn (for the report).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DieOfC {
    pub die: u32,
    pub drawn: String,
}

/// A side's units: on the map, still to come (set-up delayed or reinforcements not yet
/// placed), and lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// On the map, or at sea (optional rule 19): in play.
    pub on_map: usize,
    /// Of those, at sea (19.1): counted as on the board by 16 (A), and said so.
    pub at_sea: usize,
    pub waiting: usize,
    pub lost: usize,
}

impl Tally {
    /// Units not eliminated: on the map or still to come.
    pub const fn left(self) -> usize {
        self.on_map + self.waiting
    }
}

/// What the victory check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VictoryOutcome {
    /// `VictoryCheck`, then `GameOver` when the game ends.
    pub events: Vec<Event>,
    /// 16 (B): the new count of consecutive player-turns each side has met B; the
    /// state stores it for the next check.
    pub condition_b: BTreeMap<Side, u32>,
    /// `Some((winner, reason))` when the game is over; a `None` winner is a stalemate.
    pub over: Option<(Option<Side>, String)>,
}

/// 16: the victory check at the end of `side`'s player-turn of `turn`. `pos` is the
/// position after combat; `state` gives each unit's place (units that were on the map
/// and are not in `pos` count as lost), the B counters so far and the last turn;
/// `friendly` says which side each city hex is friendly to (5.1-5.2); `kept` whether
/// each side covered every enemy home city hex at every moment of the player-turn the
/// reading `victory-b-throughout` looks at before its end ([`Throughout`]).
pub fn check(
    rules: &Rules,
    pos: &Position,
    state: &GameState,
    turn: u32,
    side: Side,
    friendly: &BTreeMap<Hex, Option<Side>>,
    (kept, die): (&BTreeMap<Side, bool>, Option<&DieOfC>),
) -> VictoryOutcome {
    let tallies = tally(rules, pos, state);
    let order = [side, side.other()];
    let mut lines = Vec::new();
    let figures = &rules.ruleset.figures;
    let reading = rules.ruleset.victory_a();
    let a = condition_a(
        &tallies,
        order,
        figures.victory_a_units_left,
        reading,
        &mut lines,
    );
    let (condition_b, b) = condition_b(rules, pos, &state.condition_b, kept, order, &mut lines);
    let last = rules
        .ruleset
        .ends_after(state.game.options.last_turn, turn, side);
    let needed = figures.victory_c_city_hexes;
    let c = match (last, die) {
        (false, _) => None,
        (true, Some(die)) => Some(condition_c_by_die(friendly, turn, needed, die, &mut lines)),
        (true, None) => condition_c(friendly, turn, needed, &mut lines),
    };
    // 51.1: the game is over by the die when neither A nor B decided it.
    let by_die = a.is_none() && b.is_none() && last && die.is_some();
    let over = a
        .or(b)
        .or(c)
        .map(|(w, r)| (Some(w), r))
        .or_else(|| last.then(|| stalemate(&tallies, turn)));
    if over.is_none() {
        lines.push("no side has won: the game goes on".to_string());
    }
    let mut events = vec![Event::VictoryCheck {
        lines,
        rule: Rule::para(para!("16")),
    }];
    if let Some((winner, reason)) = &over {
        events.push(Event::GameOver {
            winner: *winner,
            reason: reason.clone(),
            rule: Rule::para(if by_die { para!("51.1") } else { para!("16") }),
        });
    }
    VictoryOutcome {
        events,
        condition_b,
        over,
    }
}

/// Each side's units on the map or at sea (from `pos`), still to come and lost (from
/// `state`).
pub fn tally(rules: &Rules, pos: &Position, state: &GameState) -> BTreeMap<Side, Tally> {
    let mut out: BTreeMap<Side, Tally> =
        Side::BOTH.iter().map(|s| (*s, Tally::default())).collect();
    for (id, place) in &state.units {
        let Some(c) = rules.counters.get(id) else {
            continue;
        };
        let t = out.entry(c.side).or_default();
        // 19: a unit at sea is in play, as one on the map is.
        let afloat = pos.afloat(id).is_some();
        if afloat {
            t.at_sea += 1;
        }
        match (pos.get(id).is_some() || afloat, place) {
            (true, _) => t.on_map += 1,
            // 26.1, 26.3: broken down (a reinforcement as it was placed too) or
            // recombined, not lost.
            (false, _) if pos.is_retired(id) => {}
            (false, Place::Waiting) => t.waiting += 1,
            (false, Place::Inactive) => {}
            (false, _) => t.lost += 1,
        }
    }
    out
}

fn count(tallies: &BTreeMap<Side, Tally>, side: Side) -> Tally {
    tallies.get(&side).copied().unwrap_or_default()
}

/// 16 (A): "eliminates all his opponent's units from the board while having at least
/// 14 units left himself", as the reading `victory-a-reinforcements` takes it: under
/// `board` (the default) only units on the board count, on both sides (6.2 lets a
/// player keep reinforcements off the board for ever); under `own-reserves` the
/// winner's own units still to come count toward the 14; under `waiting-units` the
/// enemy must also have no unit still to come, and both count those.
fn condition_a(
    tallies: &BTreeMap<Side, Tally>,
    order: [Side; 2],
    units_left: usize,
    reading: VictoryA,
    lines: &mut Vec<String>,
) -> Option<(Side, String)> {
    // (own units that count, enemy units that must be gone)
    let counts = |s: Side| {
        let (own, foe) = (count(tallies, s), count(tallies, s.other()));
        match reading {
            VictoryA::Board => (own.on_map, foe.on_map),
            VictoryA::OwnReserves => (own.left(), foe.on_map),
            VictoryA::WaitingUnits => (own.left(), foe.left()),
        }
    };
    for s in order {
        let (own, foe) = (count(tallies, s), count(tallies, s.other()));
        lines.push(match reading {
            VictoryA::WaitingUnits => format!(
                "(A) {s}: {} units left, {} lost; {} has {} left",
                own.left(),
                own.lost,
                s.other(),
                foe.left()
            ),
            VictoryA::Board | VictoryA::OwnReserves => format!(
                "(A) {s}: {} units {}, {} to come, {} lost; {} has {} {}",
                own.on_map,
                on_board(own),
                own.waiting,
                own.lost,
                s.other(),
                foe.on_map,
                on_board(foe)
            ),
        });
    }
    order.into_iter().find_map(|s| {
        let (own, foe) = counts(s);
        (foe == 0 && own >= units_left).then(|| {
            let reason = match reading {
                VictoryA::Board => format!(
                    "{s} has eliminated every {} unit from the board and has {own} units on the board (16 A)",
                    s.other()
                ),
                VictoryA::OwnReserves => format!(
                    "{s} has eliminated every {} unit from the board and has {own} units left (16 A)",
                    s.other()
                ),
                VictoryA::WaitingUnits => format!(
                    "{s} has eliminated every {} unit and has {own} units left (16 A)",
                    s.other()
                ),
            };
            (s, reason)
        })
    })
}

/// Where the units counted as on the board are: "on the board", or with units at sea
/// (19.1) "on the board or at sea (3 at sea)".
fn on_board(t: Tally) -> String {
    match t.at_sea {
        0 => "on the board".to_string(),
        n => format!("on the board or at sea ({n} at sea)"),
    }
}

/// 16 (B): whether `side` occupies or is adjacent to (has in its ZOC) every city hex of
/// the enemy home country in `pos`. A home country without city hexes (a test board)
/// cannot be taken this way.
pub fn covers_enemy_cities(rules: &Rules, pos: &Position, side: Side) -> bool {
    let (covered, all) = coverage(rules, pos, side);
    all > 0 && covered == all
}

/// 16 (B): how many of the enemy's home city hexes `side` occupies or is adjacent to,
/// and how many there are.
fn coverage(rules: &Rules, pos: &Position, side: Side) -> (usize, usize) {
    let cities: Vec<Hex> = rules
        .board
        .city_hexes()
        .filter(|h| rules.board.home_of(*h) == Some(side.other()))
        .collect();
    let covered = cities.iter().filter(|h| pos.in_zoc_of(side, **h)).count();
    (covered, cities.len())
}

/// 16 (B), reading `victory-b-throughout`: what a player-turn must keep, besides the
/// coverage at its end, to count toward "throughout two consecutive player-turns".
/// The engine starts with [`Throughout::begin`] when the player-turn begins (after the
/// decisions owed from the last one), calls [`Throughout::after_battle`] after every
/// battle, and passes [`Throughout::kept`] to [`check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Throughout {
    reading: VictoryBThroughout,
    kept: BTreeMap<Side, bool>,
}

impl Throughout {
    /// 16 (B): the coverage at the start of the player-turn (`start-and-end`,
    /// `turn-boundaries`); `end-only` looks at nothing before the end.
    pub fn begin(rules: &Rules, pos: &Position) -> Throughout {
        let reading = rules.ruleset.victory_b_throughout();
        let kept = Side::BOTH
            .into_iter()
            .map(|s| {
                let held =
                    reading == VictoryBThroughout::EndOnly || covers_enemy_cities(rules, pos, s);
                (s, held)
            })
            .collect();
        Throughout { reading, kept }
    }

    /// Goes on with what a stopped player-turn kept (a later step, `state.resume`).
    pub fn resume(rules: &Rules, kept: BTreeMap<Side, bool>) -> Throughout {
        Throughout {
            reading: rules.ruleset.victory_b_throughout(),
            kept,
        }
    }

    /// 16 (B), `start-and-end`: a battle result that uncovers a city hex breaks
    /// "throughout", even if an advance covers it again later.
    pub fn after_battle(&mut self, rules: &Rules, pos: &Position) {
        if self.reading != VictoryBThroughout::StartAndEnd {
            return;
        }
        for (s, kept) in self.kept.iter_mut() {
            *kept = *kept && covers_enemy_cities(rules, pos, *s);
        }
    }

    /// Whether each side kept every enemy city hex covered so far.
    pub fn kept(&self) -> &BTreeMap<Side, bool> {
        &self.kept
    }
}

/// 16 (B): a side that occupies or is adjacent to every city hex of the enemy home
/// country throughout two consecutive player-turns wins: a player-turn counts when
/// every such hex is covered at its end and was kept covered before (`kept`, as the
/// reading `victory-b-throughout` looks: see [`Throughout`]).
fn condition_b(
    rules: &Rules,
    pos: &Position,
    before: &BTreeMap<Side, u32>,
    kept: &BTreeMap<Side, bool>,
    order: [Side; 2],
    lines: &mut Vec<String>,
) -> (BTreeMap<Side, u32>, Option<(Side, String)>) {
    let needed = rules.ruleset.figures.victory_b_player_turns;
    let reading = rules.ruleset.victory_b_throughout();
    let mut counts = BTreeMap::new();
    for s in Side::BOTH {
        let (covered, all) = coverage(rules, pos, s);
        let at_end = all > 0 && covered == all;
        let held = kept.get(&s).copied().unwrap_or(false);
        let met = at_end && held;
        let n = if met {
            before.get(&s).copied().unwrap_or(0) + 1
        } else {
            0
        };
        counts.insert(s, n);
        let broken = if at_end && !held {
            ", not throughout this player-turn"
        } else {
            ""
        };
        lines.push(format!(
            "(B) {s} occupies or is adjacent to {covered} of {all} {} city hexes{broken} ({n} consecutive player-turns, {needed} win)",
            s.other().country_name()
        ));
    }
    let won = order.into_iter().find_map(|s| {
        (counts.get(&s).copied().unwrap_or(0) >= needed).then(|| {
            let how = match reading {
                VictoryBThroughout::EndOnly => "at the end of",
                VictoryBThroughout::StartAndEnd | VictoryBThroughout::TurnBoundaries => {
                    "throughout"
                }
            };
            let reason = format!(
                "{s} has occupied or been adjacent to every {} city hex {how} two consecutive player-turns (16 B)",
                s.other().country_name()
            );
            (s, reason)
        })
    });
    (counts, won)
}

/// 16 (C): at the end of the last turn a side with 35 or more friendly city hexes
/// wins; if both have, the one with more (equal counts decide nothing).
fn condition_c(
    friendly: &BTreeMap<Hex, Option<Side>>,
    turn: u32,
    needed: usize,
    lines: &mut Vec<String>,
) -> Option<(Side, String)> {
    let held = |s: Side| friendly.values().filter(|v| **v == Some(s)).count();
    let (blue, red) = (held(Side::Blue), held(Side::Red));
    lines.push(format!(
        "(C) friendly city hexes at the end of turn {turn}: Blue {blue}, Red {red} ({needed} win)"
    ));
    let winner = match (blue >= needed, red >= needed) {
        (true, false) => Some(Side::Blue),
        (false, true) => Some(Side::Red),
        (true, true) if blue != red => Some(if blue > red { Side::Blue } else { Side::Red }),
        _ => None,
    }?;
    let n = held(winner);
    Some((
        winner,
        format!("{winner} has {n} friendly city hexes at the end of turn {turn} (16 C)"),
    ))
}

/// 51.1: "at the end of Turn 15 a die is rolled. If the die roll is a 1-4, the Blue
/// player must have 35 or more city hexes friendly to him or he loses. On a die roll
/// of 5 or 6, the Red player must have achieved the same." The side named wins if it
/// holds them, else the other side does.
fn condition_c_by_die(
    friendly: &BTreeMap<Hex, Option<Side>>,
    turn: u32,
    needed: usize,
    die: &DieOfC,
    lines: &mut Vec<String>,
) -> (Side, String) {
    let named = if die.die <= 4 { Side::Blue } else { Side::Red };
    let held = friendly.values().filter(|v| **v == Some(named)).count();
    lines.push(format!(
        "(C) 51.1: {}: {named} must hold {needed} friendly city hexes at the end of turn {turn} or lose; {named} holds {held}",
        die.drawn
    ));
    if held >= needed {
        let reason = format!("{named} holds {held} friendly city hexes at the end of turn {turn}, as the die of 51.1 asks");
        (named, reason)
    } else {
        let reason = format!("{named} holds {held} friendly city hexes at the end of turn {turn}, fewer than the {needed} the die of 51.1 asks: {named} loses");
        (named.other(), reason)
    }
}

/// 16: no win by the end of the last turn is a stalemate, a mutual loss; the bigger
/// loser is the side that lost more units.
fn stalemate(tallies: &BTreeMap<Side, Tally>, turn: u32) -> (Option<Side>, String) {
    let (blue, red) = (
        count(tallies, Side::Blue).lost,
        count(tallies, Side::Red).lost,
    );
    let verdict = match blue.cmp(&red) {
        std::cmp::Ordering::Greater => "Blue is the bigger loser".to_string(),
        std::cmp::Ordering::Less => "Red is the bigger loser".to_string(),
        std::cmp::Ordering::Equal => "neither is the bigger loser".to_string(),
    };
    (
        None,
        format!(
            "stalemate at the end of turn {turn}, a mutual loss: Blue lost {blue} units, Red {red}; {verdict} (16)"
        ),
    )
}
