//! Machine-readable output (`--format json`): one document per command, plain serde
//! data in a fixed field order, so the same input gives the same bytes. The shapes are
//! described by the JSON Schemas under `docs/schema/`; every problem and failure
//! carries its stable code (`docs/error-codes.md`).

use crate::game::{GameError, Verified};
use blitzkrieg::cite::Cite;
use blitzkrieg::control;
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders::{line_col, OrderError};
use blitzkrieg::report::Header;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::{GameState, Phase, Place};
use blitzkrieg::units::{Counter, Side, UnitId, UnitKind};
use serde::Serialize;
use std::collections::BTreeMap;

/// The version of these documents: raised when a field changes meaning or goes away
/// (adding a field does not raise it).
pub const FORMAT: u32 = 1;

/// One problem of an order file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemJson {
    /// The stable code (`B101`...).
    pub code: &'static str,
    /// The paragraph or part of the rules broken: "8.2", "PBEM", "orders".
    pub rule: Cite,
    /// The same, as the text output words it: "rule 8.2".
    pub cite: String,
    pub file: String,
    /// 1-based line and column of the bad value; `null` when it has no place in the file.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The unit the problem concerns, if one.
    pub unit: Option<UnitId>,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

/// The problems of one file in file order; `source` is its text (for line and
/// column), `None` when it is not at hand.
pub fn problems(file: &str, source: Option<&str>, errors: &[OrderError]) -> Vec<ProblemJson> {
    let mut sorted: Vec<&OrderError> = errors.iter().collect();
    sorted.sort_by_key(|e| e.span.as_ref().map_or(0, |s| s.start));
    sorted
        .into_iter()
        .map(|e| {
            let at = match (source, &e.span) {
                (Some(src), Some(span)) => Some(line_col(src, span.start)),
                _ => None,
            };
            ProblemJson {
                code: e.problem.code(),
                rule: e.rule,
                cite: e.rule.long(),
                file: file.to_string(),
                line: at.map(|(l, _)| l),
                column: at.map(|(_, c)| c),
                unit: e.unit.clone(),
                message: e.problem.to_string(),
                hint: e.advice(),
            }
        })
        .collect()
}

/// `blitz check --format json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckJson {
    pub format: u32,
    pub command: &'static str,
    /// True when every order is legal (exit 0); false when any is not (exit 1).
    pub ok: bool,
    /// The order file, as messages name it.
    pub file: String,
    /// The state file the orders were checked against.
    pub state: String,
    pub count: usize,
    pub problems: Vec<ProblemJson>,
}

/// The document `check` prints for the problems of an order file.
pub fn check(file: &str, source: &str, state: &str, errors: &[OrderError]) -> CheckJson {
    let problems = problems(file, Some(source), errors);
    CheckJson {
        format: FORMAT,
        command: "check",
        ok: problems.is_empty(),
        file: file.to_string(),
        state: state.to_string(),
        count: problems.len(),
        problems,
    }
}

impl CheckJson {
    /// The same document with each problem's line numbered as `lines` says: for orders
    /// quoted in a mail, the line of the mail's body (as the text output gives it;
    /// `OrderText::source_lines`). Empty: unchanged.
    pub fn numbered(mut self, lines: &[usize]) -> CheckJson {
        for p in &mut self.problems {
            if let Some(l) = p.line {
                p.line = Some(
                    l.checked_sub(1)
                        .and_then(|i| lines.get(i))
                        .copied()
                        .unwrap_or(l),
                );
            }
        }
        self
    }
}

/// `blitz reach --format json`: where each unit named can end its move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReachJson {
    pub format: u32,
    pub command: &'static str,
    /// The state file asked about.
    pub state: String,
    /// The player-turn: "3-Red".
    pub phase: String,
    pub units: Vec<UnitReachJson>,
}

/// One unit's reach ([`crate::reach::UnitReach`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitReachJson {
    pub unit: UnitId,
    pub from: Hex,
    pub mf: u32,
    /// 22: the strategic movement bonus it may have, if any.
    pub strategic_bonus: Option<u32>,
    pub ends: Vec<EndJson>,
    pub limits: Vec<LimitJson>,
    /// Hexes of its reach at the edge of the board, with movement left.
    pub edge: Vec<Hex>,
    /// Other orders it could be given that reach does not judge.
    pub not_judged: Vec<String>,
}

/// A hex a unit may end its move in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndJson {
    pub hex: Hex,
    pub path: Vec<Hex>,
    /// "4 1/3": what the path costs, in MF.
    pub cost: String,
    pub cost_sixths: u32,
    pub stop: Option<String>,
    pub strategic: bool,
    pub then: Vec<String>,
}

/// A hex next to a unit's reach that it may not end in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LimitJson {
    pub hex: Hex,
    /// What keeps it out, as for every hex kept out alike: "too far".
    pub why: String,
    /// What is particular to this hex: "needs 6 1/3 MF".
    pub detail: Option<String>,
    /// The problem as `check` words it; null when a stop before it keeps the unit out.
    pub message: Option<String>,
    pub rule: String,
    /// The order problem's code, or null when a stop before it keeps the unit out.
    pub code: Option<&'static str>,
}

/// The document `reach` prints.
pub fn reach(state: &GameState, file: &str, units: &[crate::reach::UnitReach]) -> ReachJson {
    ReachJson {
        format: FORMAT,
        command: "reach",
        state: file.to_string(),
        phase: state.label(),
        units: units
            .iter()
            .map(|u| UnitReachJson {
                unit: u.unit.clone(),
                from: u.from,
                mf: u.mf,
                strategic_bonus: u.bonus,
                ends: u
                    .ends
                    .iter()
                    .map(|e| EndJson {
                        hex: e.hex,
                        path: e.path.clone(),
                        cost: blitzkrieg::movement::mf_text(e.sixths),
                        cost_sixths: e.sixths,
                        stop: e.stop.clone(),
                        strategic: e.strategic,
                        then: e.then.clone(),
                    })
                    .collect(),
                limits: u
                    .limits
                    .iter()
                    .map(|l| LimitJson {
                        hex: l.hex,
                        why: l.why.clone(),
                        detail: l.detail.clone(),
                        message: (!l.message.is_empty()).then(|| l.message.clone()),
                        rule: l.rule.clone(),
                        code: (!l.code.is_empty()).then_some(l.code),
                    })
                    .collect(),
                edge: u.edge.clone(),
                not_judged: u.not_judged.clone(),
            })
            .collect(),
    }
}

/// Why a command failed (exit 2), for any command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailureJson {
    pub format: u32,
    pub command: &'static str,
    pub ok: bool,
    pub error: ErrorJson,
}

/// A failure with its stable code (`G0xx`, `S0xx`, `F0xx`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorJson {
    pub code: &'static str,
    pub message: String,
}

/// The document a command prints when it could not do its work.
pub fn failure(command: &'static str, e: &GameError) -> FailureJson {
    FailureJson {
        format: FORMAT,
        command,
        ok: false,
        error: ErrorJson {
            code: e.error_code(),
            message: e.to_string(),
        },
    }
}

/// `blitz show --format json`: the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShowJson {
    pub format: u32,
    pub command: &'static str,
    pub file: String,
    pub game: String,
    /// "setup-Blue", "3-Red", or "over".
    pub phase: String,
    /// 0 during set-up.
    pub turn: u32,
    /// `null` once the game is over.
    pub side_to_move: Option<Side>,
    /// Set once the game is over.
    pub over: Option<OverJson>,
    pub sides: Vec<SideJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OverJson {
    pub winner: Option<Side>,
    pub reason: String,
}

/// One side's part of the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideJson {
    pub side: Side,
    pub country: &'static str,
    /// The hexes this side's units are in, in board order.
    pub on_map: Vec<StackJson>,
    /// 19.1: the side's units in each zone's At Sea Box, in zone order (optional rule
    /// 19); absent when it has none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at_sea: Vec<AtSeaJson>,
    /// 5: the city hexes friendly to this side.
    pub cities: Vec<Hex>,
    /// 6.2: the units still to come, by the turn they may enter.
    pub waiting: Vec<WaitingJson>,
    pub eliminated: Vec<EliminatedJson>,
    /// Decisions owed from the last player-turn (pending-decision games).
    pub owes: Vec<OwedJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StackJson {
    pub hex: Hex,
    pub units: Vec<UnitJson>,
}

/// 19.1: the units in one zone's At Sea Box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AtSeaJson {
    pub zone: String,
    pub units: Vec<UnitJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitJson {
    pub id: UnitId,
    pub kind: UnitKind,
    /// As printed on the counter: "4-4", "3(6)-4".
    pub factors: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WaitingJson {
    pub unit: UnitId,
    pub enters: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EliminatedJson {
    pub unit: UnitId,
    pub turn: u32,
    pub by: Side,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OwedJson {
    pub battle: String,
    pub result: String,
    pub what: String,
}

/// The position of a state, as `show` prints it.
pub fn show(rules: &Rules, state: &GameState, file: &str) -> ShowJson {
    let pos = state.position(&rules.counters);
    let sides = Side::BOTH
        .iter()
        .map(|&side| {
            let mut by_hex: BTreeMap<Hex, Vec<UnitJson>> = BTreeMap::new();
            let mut mine: Vec<_> = pos.pieces().filter(|p| p.side == side).collect();
            mine.sort_by_cached_key(|p| (p.hex, p.id.counting_key()));
            for p in mine {
                by_hex.entry(p.hex).or_default().push(UnitJson {
                    id: p.id.clone(),
                    kind: p.kind,
                    factors: rules
                        .counters
                        .get(&p.id)
                        .map_or(String::new(), Counter::factors_text),
                });
            }
            let counters = |f: &dyn Fn(&Place) -> bool| -> Vec<(&Counter, &Place)> {
                let mut v: Vec<(&Counter, &Place)> = state
                    .units
                    .iter()
                    .filter(|(_, p)| f(p))
                    .filter_map(|(id, p)| rules.counters.get(id).map(|c| (c, p)))
                    .filter(|(c, _)| c.side == side)
                    .collect();
                v.sort_by_cached_key(|(c, _)| (c.enters, c.counting_key()));
                v
            };
            let waiting = counters(&|p| matches!(p, Place::Waiting))
                .into_iter()
                .map(|(c, _)| WaitingJson {
                    unit: c.id.clone(),
                    enters: c.enters,
                })
                .collect();
            let mut eliminated: Vec<EliminatedJson> =
                counters(&|p| matches!(p, Place::Eliminated { .. }))
                    .into_iter()
                    .filter_map(|(c, p)| match p {
                        Place::Eliminated { turn, by } => Some((c, *turn, *by)),
                        _ => None,
                    })
                    .map(|(c, turn, by)| EliminatedJson {
                        unit: c.id.clone(),
                        turn,
                        by,
                    })
                    .collect();
            eliminated.sort_by_cached_key(|e| (e.turn, e.unit.counting_key()));
            let at_sea = blitzkrieg::sea::afloat_by_zone(rules, state, side)
                .into_iter()
                .map(|(zone, units)| AtSeaJson {
                    zone: zone.to_string(),
                    units: units
                        .iter()
                        .filter_map(|u| rules.counters.get(u))
                        .map(|c| UnitJson {
                            id: c.id.clone(),
                            kind: c.kind,
                            factors: c.factors_text(),
                        })
                        .collect(),
                })
                .collect();
            SideJson {
                side,
                country: side.country_name(),
                on_map: by_hex
                    .into_iter()
                    .map(|(hex, units)| StackJson { hex, units })
                    .collect(),
                at_sea,
                cities: control::friendly_cities(
                    &rules.board,
                    &pos,
                    &state.held,
                    rules.ruleset.readings.city_friendly,
                    side,
                )
                .into_iter()
                .collect(),
                waiting,
                eliminated,
                owes: state
                    .pending
                    .iter()
                    .filter(|p| p.side == side)
                    .map(|p| OwedJson {
                        battle: p.battle.clone(),
                        result: p.result.code(),
                        what: p.what.clone(),
                    })
                    .collect(),
            }
        })
        .collect();
    ShowJson {
        format: FORMAT,
        command: "show",
        file: file.to_string(),
        game: state.game.id.clone(),
        phase: state.label(),
        turn: state.turn(),
        side_to_move: state.mover(),
        over: match &state.phase {
            Phase::Over { winner, reason } => Some(OverJson {
                winner: *winner,
                reason: reason.clone(),
            }),
            _ => None,
        },
        sides,
    }
}

/// `blitz report --format json`: the header of the turn that produced a state and
/// its events, as the state keeps them (`src/event.rs` names every kind).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportJson {
    pub format: u32,
    pub command: &'static str,
    pub file: String,
    pub game: String,
    /// False for a new game: no player-turn has been resolved yet.
    pub resolved: bool,
    /// The player-turn resolved: "setup-Blue", "1-Red" (empty for a new game).
    pub turn: String,
    pub seed_source: String,
    pub seed_value: String,
    pub commitment: Option<String>,
    pub previous_state: Option<String>,
    pub orders: Option<String>,
    /// What comes next, in words: "turn 2, Blue to move".
    pub next: String,
    pub events: Vec<Event>,
}

/// The report of the turn that produced `state`.
pub fn report(state: &GameState, file: &str) -> ReportJson {
    let h = Header::of(state);
    ReportJson {
        format: FORMAT,
        command: "report",
        file: file.to_string(),
        game: h.game,
        resolved: state.chain.previous_state.is_some(),
        turn: h.turn_label,
        seed_source: h.seed_source,
        seed_value: h.seed_value,
        commitment: h.commitment,
        previous_state: h.previous_state,
        orders: h.orders,
        next: h.next,
        events: state.last.events.clone(),
    }
}

/// `blitz verify --format json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyJson {
    pub format: u32,
    pub command: &'static str,
    pub dir: String,
    /// True when every state follows (exit 0); false at a divergence (exit 1).
    pub ok: bool,
    /// The player-turns replayed without a difference, in order.
    pub turns: Vec<String>,
    /// The last state reached, when every state follows.
    pub last: Option<String>,
    /// The SHA-256 of the game's first state, when every state follows: the value the
    /// opening mail prints, for the players to compare.
    pub first_sha256: Option<String>,
    pub divergence: Option<DivergenceJson>,
}

/// Where and why a replay diverges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DivergenceJson {
    /// `G007` for a kept file that differs from its replay, `G005` for kept orders
    /// that are refused, else the code of the failure.
    pub code: &'static str,
    pub message: String,
    /// The kept file that differs, its first differing line (1-based), that line as
    /// kept and as replayed, and the orders replayed; `null` for other divergences.
    pub file: Option<String>,
    pub line: Option<usize>,
    pub kept: Option<String>,
    pub replayed: Option<String>,
    pub orders: Option<String>,
    /// The problems of refused orders.
    pub problems: Vec<ProblemJson>,
}

/// The document `verify` prints for what it found.
pub fn verify(dir: &str, result: &Result<Verified, GameError>) -> VerifyJson {
    let first_sha256 = result.as_ref().ok().map(|v| v.first_hash.clone());
    let (turns, last, divergence) = match result {
        Ok(v) => (v.turns.clone(), Some(v.last.clone()), None),
        Err(e) => {
            let mut d = DivergenceJson {
                code: e.error_code(),
                message: e.to_string(),
                file: None,
                line: None,
                kept: None,
                replayed: None,
                orders: None,
                problems: Vec::new(),
            };
            let turns = match e {
                GameError::Diverged(v) => {
                    d.file = Some(v.file.display().to_string());
                    d.line = Some(v.line);
                    d.kept = Some(v.kept.clone());
                    d.replayed = Some(v.replayed.clone());
                    d.orders = Some(v.orders.display().to_string());
                    v.turns.clone()
                }
                GameError::Orders { errors, .. } => {
                    d.problems = problems("", None, errors);
                    Vec::new()
                }
                _ => Vec::new(),
            };
            (turns, None, Some(d))
        }
    };
    VerifyJson {
        format: FORMAT,
        command: "verify",
        dir: dir.to_string(),
        ok: divergence.is_none(),
        turns,
        last,
        first_sha256,
        divergence,
    }
}

/// A document as printed: pretty JSON and a newline. Deterministic: fields in the
/// order declared, maps in key order.
pub fn render<T: Serialize>(doc: &T) -> Result<String, GameError> {
    serde_json::to_string_pretty(doc)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| GameError::Other(format!("could not write JSON: {e}")))
}
