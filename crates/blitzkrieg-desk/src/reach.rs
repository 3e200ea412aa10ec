//! Where a unit can end its move this player-turn (`blitz reach`): the hexes it may
//! reach over land, each with its cost and the rule that stops it there, and the hexes
//! next to them it may not reach, each with the rule that keeps it out.
//!
//! The answer is `check`'s own: the movement rules' search ([`movement::search`])
//! lists the hexes within the unit's movement factor (with the strategic movement
//! bonus when it may have it, 22), and each of them, and each hex next to them, is
//! then put to the umpire's check as a `[[move]]` with `to` alone, against the state
//! as it stands (supply, stacking, the readings of the game). A hex listed is one a
//! move order to it passes; a hex refused carries the problem `check` gives it. What
//! a move there would oblige (an attack on the enemy next to it, 14.32) is said, as
//! it is written in the battles.
//!
//! Moves by sea (19-20), by air (9.3-9.4) and the strategic movement of a stack are
//! other orders, judged with what else the player-turn holds: a unit that could make
//! one is told so rather than shown a guess.

use blitzkrieg::engine;
use blitzkrieg::hex::Hex;
use blitzkrieg::movement::search::reachable;
use blitzkrieg::movement::{strategic, Mover, Stop};
use blitzkrieg::orders::{self, OrderError, Problem};
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::ruleset::OptionalRule;
use blitzkrieg::state::{GameState, Phase};
use blitzkrieg::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// Why `blitz reach` cannot answer for a unit or a state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum ReachError {
    /// G080: a unit id the game does not know.
    #[error("there is no unit `{0}` in this game")]
    #[diagnostic(
        code("blitz::reach::unknown_unit"),
        help("the unit ids are on the counters and in the turn mail's template")
    )]
    UnknownUnit(String),
    /// G081: a unit of the side not moving.
    #[error("{unit} belongs to {owner}, and this is {mover}'s player-turn")]
    #[diagnostic(
        code("blitz::reach::not_moving"),
        help("reach answers for the units of the side to move")
    )]
    NotMoving {
        unit: UnitId,
        owner: Side,
        mover: Side,
    },
    /// G082: a unit not on the map (still to come, eliminated, at sea).
    #[error("{0} is not on the map: only a unit on the map moves over land")]
    #[diagnostic(code("blitz::reach::not_on_map"))]
    NotOnMap(UnitId),
    /// G083: a state in which no unit moves (a set-up, a later step of a player-turn,
    /// a game over).
    #[error("there is no movement to plan in this state: {0}")]
    #[diagnostic(code("blitz::reach::no_movement"))]
    NoMovement(String),
}

/// A hex a unit may end its move in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    pub hex: Hex,
    /// The cheapest legal path there, start first.
    pub path: Vec<Hex>,
    /// What the path costs, in sixths of a MF (as the movement rules count, 9.1-9.2).
    pub sixths: u32,
    /// Why the unit must stop there, when it must (8.2-8.3, 10.1): "enemy ZOC (8.2)".
    pub stop: Option<String>,
    /// 22: the move needs the strategic movement bonus (and the unit may then not
    /// attack).
    pub strategic: bool,
    /// What a move there obliges, in the words of the problem `check` gives when it
    /// is not done: "must attack ... (14.32)".
    pub then: Vec<String>,
}

/// A hex next to a unit's reach that it may not end in, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    pub hex: Hex,
    /// What keeps it out, said for every hex kept out alike: "too far", "no unit may
    /// enter sea", "it must stop before it".
    pub why: String,
    /// What is particular to this hex: "needs 6 1/3 MF", "stops in WW27".
    pub detail: Option<String>,
    /// The problem as `check` words it (empty when a stop keeps the unit out).
    pub message: String,
    /// The rule: "7.3", "8.2".
    pub rule: String,
    /// The problem's code (`docs/error-codes.md`); empty when the unit must stop
    /// before it (the stop is the reason).
    pub code: &'static str,
}

/// Where one unit can end its move this player-turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitReach {
    pub unit: UnitId,
    pub from: Hex,
    /// Its movement factor as printed (2.5).
    pub mf: u32,
    /// 22: the strategic movement bonus it may have, if any.
    pub bonus: Option<u32>,
    /// The hexes it may end in, in hex order.
    pub ends: Vec<End>,
    /// The hexes next to those (and to its own) it may not end in, in hex order.
    pub limits: Vec<Limit>,
    /// Hexes of its reach at the board's edge, from which it has movement left.
    pub edge: Vec<Hex>,
    /// What reach does not judge for this unit: other orders it could be given.
    pub not_judged: Vec<String>,
}

/// 7-11, 22: where each of `units` can end its move this player-turn in `state`
/// (whose SHA-256 is `state_hash`), each judged alone (not as a stack, and as if no
/// other unit moved first).
pub fn reach(
    rules: &Rules,
    state: &GameState,
    state_hash: &str,
    units: &[String],
) -> Result<Vec<UnitReach>, ReachError> {
    let (turn, side) =
        match state.phase {
            Phase::Turn { turn, side } if state.resume.is_none() => (turn, side),
            Phase::Turn { .. } => return Err(ReachError::NoMovement(
                "the movement portion of this player-turn is over: the state asks for decisions"
                    .into(),
            )),
            Phase::SetUp { side } => {
                return Err(ReachError::NoMovement(format!(
                    "{} sets up: units are placed anywhere in the home country (3.3-3.4)",
                    side.name()
                )))
            }
            Phase::Over { .. } => return Err(ReachError::NoMovement("the game is over".into())),
        };
    let pos = blitzkrieg::minor::position_of(rules, state);
    let ask = Ask {
        rules,
        state,
        header: format!(
            "game = \"{}\"\nside = \"{}\"\nturn = {turn}\nstate = \"{state_hash}\"\n",
            state.game.id,
            side.name().to_lowercase()
        ),
        state_hash,
    };
    let baseline: BTreeSet<String> = ask.problems("").iter().map(key).collect();
    let mut out = Vec::new();
    for name in units {
        let unit = UnitId::new(name).map_err(|_| ReachError::UnknownUnit(name.clone()))?;
        let Some(counter) = rules.counters.get(&unit) else {
            return Err(ReachError::UnknownUnit(name.clone()));
        };
        if counter.side != side {
            return Err(ReachError::NotMoving {
                unit,
                owner: counter.side,
                mover: side,
            });
        }
        let from = pos
            .hex_of(&unit)
            .ok_or_else(|| ReachError::NotOnMap(unit.clone()))?;
        out.push(ask.unit(&pos, &baseline, unit, counter.kind, counter.movement, from));
    }
    Ok(out)
}

/// A problem told apart from others: what it says, and where.
fn key(e: &OrderError) -> String {
    format!("{} {}", e.problem.code(), e.problem)
}

/// 14.31-14.32, 12.1, 14.9: whether a problem a move causes is answered by the
/// player-turn's battles (an attack to write) rather than a refusal of the move; and,
/// when it is this unit's own obligation, what it must do: "attack WW28".
fn obligation(e: &OrderError, unit: &UnitId) -> Option<Option<String>> {
    match &e.problem {
        Problem::MustAttack {
            unit: u, enemies, ..
        } => {
            let hexes: Vec<String> = enemies.iter().map(Hex::to_string).collect();
            Some((u == unit).then(|| format!("must then attack {} ({})", hexes.join(", "), e.rule)))
        }
        Problem::EngagedMustAttack { .. }
        | Problem::DefenderUnattacked { .. }
        | Problem::AdjacentUnattacked { .. }
        | Problem::SupportMovedAway { .. } => Some(None),
        _ => None,
    }
}

/// The umpire's check, asked about one move at a time.
struct Ask<'a> {
    rules: &'a Rules,
    state: &'a GameState,
    header: String,
    state_hash: &'a str,
}

impl Ask<'_> {
    /// Every problem `check` finds in the header and `orders`.
    fn problems(&self, orders: &str) -> Vec<OrderError> {
        match orders::parse(&format!("{}{orders}", self.header)) {
            Ok(o) => engine::check(self.rules, self.state, &o, self.state_hash),
            Err(errors) => errors,
        }
    }

    /// What `check` says of moving `unit` to `to`: the refusals and the obligations,
    /// each without the problems the state has with no order at all.
    fn move_to(
        &self,
        baseline: &BTreeSet<String>,
        unit: &UnitId,
        to: Hex,
    ) -> (Vec<OrderError>, Vec<String>) {
        let order = format!("\n[[move]]\nunits = [\"{unit}\"]\nto = \"{to}\"\n");
        let mut refusals = Vec::new();
        let mut then = Vec::new();
        for e in self.problems(&order) {
            if baseline.contains(&key(&e)) {
                continue;
            }
            match obligation(&e, unit) {
                Some(o) => then.extend(o),
                None => refusals.push(e),
            }
        }
        (refusals, then)
    }

    fn unit(
        &self,
        pos: &Position,
        baseline: &BTreeSet<String>,
        unit: UnitId,
        kind: blitzkrieg::units::UnitKind,
        mf: u32,
        from: Hex,
    ) -> UnitReach {
        let rules = self.rules;
        let side = match self.state.phase {
            Phase::Turn { side, .. } => side,
            _ => Side::Blue,
        };
        if kind.is_air() {
            return UnitReach {
                unit,
                from,
                mf,
                bonus: None,
                ends: Vec::new(),
                limits: Vec::new(),
                edge: Vec::new(),
                not_judged: vec![
                    "aircraft fly missions and change base, not moves over land (30.2)".into(),
                ],
            };
        }
        let bonus = match strategic::standing(rules, pos, side, &unit, from) {
            strategic::Standing::May { bonus } => Some(bonus),
            _ => None,
        };
        // 34: the weather of the player-turn.
        let going = blitzkrieg::weather::going::Going::of(rules, self.state);
        let mover = Mover::new(side, kind, mf + bonus.unwrap_or(0))
            .under(&rules.ruleset.readings)
            .in_weather(going);
        let found = reachable(&rules.board, pos, std::slice::from_ref(&mover), from);
        let mut ends = Vec::new();
        let mut refused: BTreeMap<Hex, Limit> = BTreeMap::new();
        for (hex, (path, spent)) in &found {
            let (refusals, then) = self.move_to(baseline, &unit, *hex);
            if let Some(e) = refusals.first() {
                refused.insert(*hex, limit(*hex, e));
                continue;
            }
            let stop = path_stop(rules, pos, &mover, path);
            ends.push(End {
                hex: *hex,
                path: path.clone(),
                sixths: spent.sixths(),
                stop: stop.map(Stop::describe),
                strategic: !spent.fits(mf),
                then,
            });
        }
        let reached: BTreeMap<Hex, &End> = ends.iter().map(|e| (e.hex, e)).collect();
        let mut limits = Vec::new();
        let mut asked = BTreeSet::new();
        let around: Vec<Hex> = std::iter::once(from)
            .chain(reached.keys().copied())
            .collect();
        for h in around {
            for n in rules.board.neighbours(h) {
                if n == from || reached.contains_key(&n) || !asked.insert(n) {
                    continue;
                }
                // Next to the reach only through hexes where the unit must stop: that
                // stop is what keeps it out.
                let open_next = n.is_adjacent(from)
                    || n.neighbours()
                        .any(|m| reached.get(&m).is_some_and(|e| e.stop.is_none()));
                if !open_next {
                    if let Some(l) = stopped_before(&reached, n) {
                        limits.push(l);
                        continue;
                    }
                }
                if let Some(l) = refused.remove(&n) {
                    limits.push(l);
                    continue;
                }
                let (refusals, _) = self.move_to(baseline, &unit, n);
                if let Some(e) = refusals.first() {
                    limits.push(limit(n, e));
                }
            }
        }
        limits.sort_by_key(|l| l.hex);
        let edge = ends
            .iter()
            .filter(|e| e.stop.is_none() && e.sixths < mf * 6)
            .filter(|e| rules.board.neighbours(e.hex).count() < 6)
            .filter(|e| e.hex.neighbours().any(|n| !rules.board.contains(n)))
            .map(|e| e.hex)
            .collect();
        UnitReach {
            unit,
            from,
            mf,
            bonus,
            ends,
            limits,
            edge,
            not_judged: not_judged(rules, kind),
        }
    }
}

/// A refusal as a limit of the reach: what it says, shortened where every hex it
/// keeps out would say the same.
fn limit(hex: Hex, e: &OrderError) -> Limit {
    let (why, detail) = match &e.problem {
        Problem::IllegalHex { why, .. } => (why.clone(), None),
        Problem::NoPath { why, .. } => match why.split_once(" needs ") {
            Some((_, need)) => (
                "too far".to_string(),
                Some(format!(
                    "needs {}",
                    need.split_once(" and ").map_or(need, |(n, _)| n)
                )),
            ),
            None => (why.clone(), None),
        },
        Problem::Overstacked { count, .. } => (
            "more than 3 units would end in it".to_string(),
            Some(format!("{count} units")),
        ),
        p => (p.to_string(), None),
    };
    Limit {
        hex,
        why,
        detail,
        message: e.problem.to_string(),
        rule: e.rule.to_string(),
        code: e.problem.code(),
    }
}

/// `hex`, next to the reach only through hexes where the unit must stop: the first
/// such hex and its stop.
fn stopped_before(reached: &BTreeMap<Hex, &End>, hex: Hex) -> Option<Limit> {
    let (at, end) = hex
        .neighbours()
        .filter_map(|m| reached.get(&m).map(|e| (m, *e)))
        .find(|(_, e)| e.stop.is_some())?;
    let stop = end.stop.clone().unwrap_or_default();
    let (what, rule) = stop
        .rsplit_once(" (")
        .map(|(w, r)| (w.to_string(), r.trim_end_matches(')').to_string()))
        .unwrap_or((stop.clone(), String::new()));
    Some(Limit {
        hex,
        why: format!("it must stop before, on entering {what}"),
        detail: Some(format!("in {at}")),
        message: String::new(),
        rule,
        code: "",
    })
}

/// 8.2-8.3, 10.1: why the unit must stop at the end of `path`, if it must.
fn path_stop(rules: &Rules, pos: &Position, mover: &Mover, path: &[Hex]) -> Option<Stop> {
    match path {
        [.., from, to] => blitzkrieg::movement::path::stop_at(&rules.board, pos, mover, *from, *to),
        _ => None,
    }
}

/// The orders other than a move over land a unit of `kind` could be given in this
/// game, which reach does not judge.
fn not_judged(rules: &Rules, kind: blitzkrieg::units::UnitKind) -> Vec<String> {
    let mut out = Vec::new();
    if kind.air_transportable() {
        out.push("air transport (9.3)".to_string());
    }
    if kind.may_airdrop() {
        out.push("an airdrop (9.4)".to_string());
    }
    if rules.ruleset.plays(OptionalRule::SeaMovement) {
        out.push("sea movement (19)".to_string());
    }
    if rules.ruleset.plays(OptionalRule::Invasions) {
        out.push("an invasion (20)".to_string());
    }
    out
}
