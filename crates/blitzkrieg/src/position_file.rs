//! Position files (`docs/position.md`): a game at any player-turn written by hand in
//! TOML, as a chess program reads a FEN: every counter's place and strength, the cities
//! held, the turn and the side to move, standing orders and the victory B count.
//!
//! Reading is in two stages. [`parse`] reads the TOML into a [`RawPosition`] that is not
//! necessarily legal, every value with its place in the file; [`RawPosition::build`]
//! checks it against the rule data and reports every problem at once, each with file,
//! line and column, or builds the [`GameState`] with [`StateBuilder`]. [`write`] writes
//! a state back as a position file.

use crate::board::Terrain;
use crate::builder::StateBuilder;
use crate::hex::Hex;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::state::{GameState, Phase, Place, StandingOrders};
use crate::units::{Counter, Side, UnitId};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::ops::Range;
use toml::Spanned;

/// The version of the position file format this umpire reads and writes.
pub const POSITION_FORMAT: u32 = 1;

/// The largest position file read (`blitz new --position`), as the order reader's
/// limit: four times an order file's, many times the position of a whole Tournament
/// Game as [`write`] writes it, and small enough that reading and checking any file of
/// this size stays well under a second and 50 MB.
pub const MAX_POSITION_BYTES: usize = 4 * pbem::files::MAX_ORDER_BYTES;

problems! {
    /// One problem of a position file. Worded for a player; each has a stable code
    /// (`docs/error-codes.md`, `P0xx`).
    pub enum PositionProblem {
        (P001)
        #[error("not a readable position file: {0}")]
        NotToml(String),
        (P002)
        #[error(
            "position format {found} is not read by this umpire (it reads format {POSITION_FORMAT})"
        )]
        Format { found: u32 },
        (P003)
        #[error("{0}")]
        Header(String),
        (P004)
        #[error("`{0}` is not a hex (write a column and a number: P30, CC15)")]
        BadHex(String),
        (P005)
        #[error("{0} is not on the board")]
        OffBoard(Hex),
        (P006)
        #[error("{unit} cannot stand in {hex}: {why}")]
        Impassable { unit: UnitId, hex: Hex, why: String },
        (P007)
        #[error("there is no counter `{0}`")]
        UnknownUnit(String),
        (P008)
        #[error("{0} is not in play in this game's rules")]
        NotInGame(UnitId),
        (P009)
        #[error("{unit} is named twice (first at line {first_line})")]
        Twice { unit: UnitId, first_line: usize },
        (P010)
        #[error("{hex} holds more than the stacking limit allows (11.1): {units}")]
        Overstacked { hex: Hex, units: String },
        (P011)
        #[error("{hex} holds units of both sides (7.5): {units}")]
        BothSides { hex: Hex, units: String },
        (P012)
        #[error("{unit} stands in {hex}, outside {country}, during set-up (3.3, 3.4)")]
        SetUpAbroad {
            unit: UnitId,
            hex: Hex,
            country: &'static str,
        },
        (P013)
        #[error("{unit} has strength {given}, not its full {full}: not yet: factor losses come with the Tournament Game (25)")]
        Strength { unit: UnitId, given: u32, full: u32 },
        (P025)
        #[error("{unit} at strength {given} cannot be made up from the inactive {kind} substitutes (26.2, 26.5)")]
        NoChange {
            unit: UnitId,
            given: u32,
            kind: &'static str,
        },
        (P029)
        #[error("`{0}` is no minor country of this game: in the Tournament Game write nord-walkure, sud-walkure, calaedia, san-estados or new-endor (29)")]
        NoSuchMinor(String),
        (P030)
        #[error("{hex} is no city of {country}: only a country's own cities are reduced (29.4)")]
        NotMinorCity { hex: Hex, country: String },
        (P014)
        #[error("`{0}` is not a side (write blue or red)")]
        BadSide(String),
        (P015)
        #[error("{0} is given twice")]
        HexTwice(Hex),
        (P016)
        #[error("{hex} is not a city outside the home country of the side named: a side holds the cities of minor countries and of the enemy's home country; its own are friendly to it by 5.1 (5.1-5.2)")]
        NotHeldCity { hex: Hex },
        (P017)
        #[error("units eliminated in player-turn {when} cannot be: the position is at {now}")]
        EliminatedLater { when: String, now: String },
        (P018)
        #[error("{unit} is not a {side} unit: standing orders name the side's own units")]
        NotOwnUnit { unit: UnitId, side: Side },
        (P019)
        #[error("`{0}` is not a sea zone of this board (19.1: zones A to F)")]
        BadZone(String),
        (P020)
        #[error("{side} has {count} units at sea; {limit} at most (19.1, 19.3)")]
        TooManyAtSea {
            side: Side,
            count: String,
            limit: String,
        },
        (P031)
        #[error("{unit} stands in {hex}, which is no city: aircraft are based in cities (30.2)")]
        AirNotInCity { unit: UnitId, hex: Hex },
        (P032)
        #[error("{hex} bases more aircraft than 3 full air units (30.2): {units}")]
        AirOverstacked { hex: Hex, units: String },
    }
}

/// 19.1: a zone letter of the board (`A`, any case), if it is one.
fn sea_zone(rules: &Rules, text: &str) -> Option<char> {
    let mut chars = text.trim().chars();
    let z = chars.next()?.to_ascii_uppercase();
    (chars.next().is_none() && rules.board.has_zone(z)).then_some(z)
}

/// A problem with where it is in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub problem: PositionProblem,
    /// 1-based line and column of the value at fault.
    pub line: usize,
    pub column: usize,
}

/// Every problem a position file has, in the order of the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file} is not a usable position:\n{}", render(.file, .problems))]
pub struct PositionErrors {
    pub file: String,
    pub problems: Vec<Located>,
}

fn render(file: &str, problems: &[Located]) -> String {
    problems
        .iter()
        .map(|p| {
            format!(
                "  {file}:{}:{}: {} {}",
                p.line,
                p.column,
                p.problem.code(),
                p.problem
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let lines = Lines::new(text);
    let line = lines.line(offset);
    (line, lines.column(line, offset))
}

/// Where each line of a text starts, so that the lines and columns of many places are
/// found without reading the text again for each (a file naming one unit thousands of
/// times has as many problems).
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// The 1-based line of a byte offset.
    fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The 1-based column (in characters) of a byte offset on its line.
    fn column(&self, line: usize, offset: usize) -> usize {
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let end = offset.min(self.text.len()).max(start);
        self.text.get(start..end).map_or(0, |l| l.chars().count()) + 1
    }

    /// Line and column of each offset, in ascending order: each line's characters are
    /// counted once, however many places it holds.
    fn places(&self, offsets: &[usize]) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(offsets.len());
        let mut last: Option<(usize, usize, usize)> = None;
        for &offset in offsets {
            let line = self.line(offset);
            let column = match last {
                Some((l, at, col)) if l == line && at <= offset => {
                    col + self.text.get(at..offset).map_or(0, |t| t.chars().count())
                }
                _ => self.column(line, offset),
            };
            last = Some((line, offset, column));
            out.push((line, column));
        }
        out
    }
}

/// A position file as written: not necessarily legal.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPosition {
    #[serde(default)]
    pub format: Option<Spanned<u32>>,
    /// The turn (absent during set-up).
    #[serde(default)]
    pub turn: Option<Spanned<u32>>,
    /// The side to move, or to set up.
    pub side: Spanned<String>,
    /// The side sets up (3.3, 3.4) rather than plays a turn.
    #[serde(default)]
    pub setup: bool,
    /// A further order file of the same player-turn (`docs/state.md`).
    #[serde(default)]
    pub step: u32,
    /// 5.1-5.2: city hexes outside their home country and the side each was friendly
    /// to at the start of the player-turn.
    #[serde(default)]
    pub held: BTreeMap<Spanned<String>, Spanned<String>>,
    /// 16 (B): consecutive player-turns each side has met condition B.
    #[serde(default)]
    pub victory_b: BTreeMap<Spanned<String>, u32>,
    /// The counters on the map, hex by hex.
    #[serde(default)]
    pub stack: Vec<RawStack>,
    /// 19.1: the units in each zone's At Sea Box.
    #[serde(default)]
    pub at_sea: Vec<RawAtSea>,
    /// The counters eliminated, by the player-turn they were eliminated in.
    #[serde(default)]
    pub eliminated: Vec<RawEliminated>,
    /// Standing orders by side.
    #[serde(default)]
    pub standing: BTreeMap<Spanned<String>, RawStanding>,
    /// 29: the minor countries no longer neutral or with cities reduced (Tournament
    /// Game): `[minor.calaedia]`, `aggressor` and `reduced`.
    #[serde(default)]
    pub minor: BTreeMap<Spanned<String>, RawMinor>,
}

/// One minor country's status (29.2, 29.4).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMinor {
    #[serde(default)]
    pub aggressor: Option<Spanned<String>>,
    #[serde(default)]
    pub reduced: Vec<Spanned<String>>,
}

/// The counters in one hex.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStack {
    pub hex: Spanned<String>,
    /// Each a unit id, or `{ id = "B-1IN", strength = 4 }`.
    pub units: Vec<Spanned<toml::Value>>,
}

/// The units in one sea zone's At Sea Box (19.1).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAtSea {
    pub zone: Spanned<String>,
    pub units: Vec<Spanned<toml::Value>>,
}

/// Counters eliminated in one player-turn.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEliminated {
    pub turn: Spanned<u32>,
    /// The side whose player-turn it was.
    pub side: Spanned<String>,
    pub units: Vec<Spanned<toml::Value>>,
}

/// A side's standing orders, as in an order file's `[standing]`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStanding {
    #[serde(default)]
    pub lose_first: Vec<Spanned<String>>,
    #[serde(default)]
    pub retreat_toward: Option<Spanned<String>>,
    #[serde(default)]
    pub retreat_prefer: Vec<Spanned<String>>,
    #[serde(default)]
    pub advance: bool,
}

/// Stage one: reads the TOML, refusing only what cannot be read at all.
pub fn parse(text: &str, file: &str) -> Result<RawPosition, PositionErrors> {
    toml::from_str(text).map_err(|e| {
        let (line, column) = line_col(text, e.span().map_or(0, |s| s.start));
        PositionErrors {
            file: file.to_string(),
            problems: vec![Located {
                problem: PositionProblem::NotToml(e.message().trim().to_string()),
                line,
                column,
            }],
        }
    })
}

/// Reads and checks a position file: the state it gives, on `base` (the game, its
/// players and options), or every problem it has.
pub fn read(
    text: &str,
    file: &str,
    rules: &Rules,
    base: StateBuilder,
) -> Result<GameState, PositionErrors> {
    parse(text, file)?.build(text, file, rules, base)
}

/// Stage two's working set: the problems found so far, with their spans.
struct Checker<'a> {
    rules: &'a Rules,
    problems: Vec<(Range<usize>, PositionProblem)>,
    /// Every unit named, with where it was first named.
    named: BTreeMap<UnitId, Range<usize>>,
    lines: Lines<'a>,
}

impl Checker<'_> {
    fn fail(&mut self, span: Range<usize>, problem: PositionProblem) {
        self.problems.push((span, problem));
    }

    fn side(&mut self, s: &Spanned<String>) -> Option<Side> {
        match s.get_ref().parse() {
            Ok(side) => Some(side),
            Err(_) => {
                self.fail(s.span(), PositionProblem::BadSide(s.get_ref().clone()));
                None
            }
        }
    }

    fn hex(&mut self, s: &Spanned<String>) -> Option<Hex> {
        let Ok(h) = s.get_ref().parse::<Hex>() else {
            self.fail(s.span(), PositionProblem::BadHex(s.get_ref().clone()));
            return None;
        };
        if !self.rules.board.contains(h) {
            self.fail(s.span(), PositionProblem::OffBoard(h));
            return None;
        }
        Some(h)
    }

    /// A counter of this game, by what was typed.
    fn counter(&mut self, typed: &str, span: Range<usize>) -> Option<Counter> {
        let Some(c) = UnitId::new(typed)
            .ok()
            .and_then(|id| self.rules.counters.get(&id))
        else {
            self.fail(span, PositionProblem::UnknownUnit(typed.trim().to_string()));
            return None;
        };
        // 26: the Tournament Game's positions hold substitutes.
        let ruleset = &self.rules.ruleset;
        let in_game = if ruleset.tournament() {
            c.in_tournament_game(ruleset.air_combat()) || c.is_substitute()
        } else {
            c.in_basic_game()
        };
        if !in_game {
            self.fail(span, PositionProblem::NotInGame(c.id.clone()));
            return None;
        }
        Some(c.clone())
    }

    /// A counter named once only, and whole.
    fn entry(&mut self, v: &Spanned<toml::Value>) -> Option<Counter> {
        match self.entry_at_strength(v)? {
            (c, None) => Some(c),
            (c, Some(given)) => {
                self.refuse_strength(&c, given, v.span());
                None
            }
        }
    }

    /// P013: a strength other than full where factor losses cannot be shown.
    fn refuse_strength(&mut self, c: &Counter, given: u32, span: Range<usize>) {
        let problem = PositionProblem::Strength {
            unit: c.id.clone(),
            given,
            full: c.attack,
        };
        self.fail(span, problem);
    }

    /// A counter named once only, with its strength when it is not full (`None`:
    /// full strength).
    fn entry_at_strength(&mut self, v: &Spanned<toml::Value>) -> Option<(Counter, Option<u32>)> {
        let span = v.span();
        let Some((typed, strength)) = unit_entry(v.get_ref()) else {
            self.fail(
                span,
                PositionProblem::NotToml(
                    "a unit is an id, or a table `{ id = \"B-1IN\", strength = 4 }`".to_string(),
                ),
            );
            return None;
        };
        let c = self.counter(&typed, span.clone())?;
        if let Some(first) = self.named.get(&c.id) {
            let first_line = self.lines.line(first.start);
            self.fail(
                span,
                PositionProblem::Twice {
                    unit: c.id.clone(),
                    first_line,
                },
            );
            return None;
        }
        self.named.insert(c.id.clone(), span);
        let reduced = strength
            .filter(|given| u32::try_from(*given).ok() != Some(c.attack))
            .map(|given| u32::try_from(given).unwrap_or(0));
        Some((c, reduced))
    }

    /// 25.1, 26.2 (Tournament Game): a unit written at a strength below its full one
    /// is on its hex as substitutes of its type totalling that strength, made up from
    /// the counters not in play, the full unit among the inactive counters. Strengths
    /// outside 1 to full, substitutes, and strengths in other games are refused (P013).
    fn reduced(
        &mut self,
        pos: &mut Position,
        units: &mut BTreeMap<UnitId, Place>,
        (c, hex, given, span): (&Counter, Hex, u32, Range<usize>),
    ) {
        let full = if c.kind == crate::units::UnitKind::Artillery {
            c.defence
        } else {
            c.attack
        };
        let tournament = self.rules.ruleset.tournament();
        if !tournament || c.is_substitute() || given == 0 || given > full {
            self.refuse_strength(c, given, span);
            return;
        }
        let piece = Piece {
            id: c.id.clone(),
            side: c.side,
            kind: c.kind,
            hex,
            substitute: false,
        };
        let in_attack = c.kind != crate::units::UnitKind::Artillery;
        match crate::combat::make_up(self.rules, pos, &piece, given, in_attack) {
            Some(ids) => {
                for id in ids {
                    units.insert(id, Place::Map(hex));
                }
                units.insert(c.id.clone(), Place::Inactive);
            }
            None => {
                let problem = PositionProblem::NoChange {
                    unit: c.id.clone(),
                    given,
                    kind: c.kind.name(),
                };
                self.fail(span, problem);
            }
        }
    }

    /// 10.2, 10.3: the unit may stand in the hex at all.
    fn terrain(&mut self, c: &Counter, hex: Hex, span: Range<usize>) {
        let why = match self.rules.board.terrain(hex) {
            Some(t) if !t.is_land() => "no unit stands on sea, lake or the Neutral Country (10.3)",
            Some(Terrain::Forest) if c.kind.barred_from_forest() => {
                "armor, air-assault and artillery never enter forest (10.2)"
            }
            _ => return,
        };
        self.fail(
            span,
            PositionProblem::Impassable {
                unit: c.id.clone(),
                hex,
                why: why.to_string(),
            },
        );
    }
}

/// A unit as written in a list: its id, or `{ id = "...", strength = N }` (no other
/// key); `None` for anything else.
fn unit_entry(v: &toml::Value) -> Option<(String, Option<i64>)> {
    match v {
        toml::Value::String(s) => Some((s.clone(), None)),
        toml::Value::Table(t) => {
            if t.keys().any(|k| k != "id" && k != "strength") {
                return None;
            }
            let id = t.get("id")?.as_str()?.to_string();
            let strength = match t.get("strength") {
                Some(n) => Some(n.as_integer()?),
                None => None,
            };
            Some((id, strength))
        }
        _ => None,
    }
}

/// 4.1-4.6: player-turn `turn` of `side` was played before `now` (Blue moves first in
/// each turn; nothing is played before set-up ends). No arithmetic: any turn number is
/// safe.
fn before(turn: u32, side: Side, now: &Phase) -> bool {
    match now {
        Phase::Turn { turn: t, side: s } => {
            turn >= 1 && (turn, side == Side::Red) < (*t, *s == Side::Red)
        }
        Phase::SetUp { .. } | Phase::Over { .. } => false,
    }
}

fn list(pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| p.id.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl RawPosition {
    /// Stage two: every problem of the position against the rule data, or its state.
    /// The game's counters not named are still to come (3.3, 6.2).
    pub fn build(
        &self,
        text: &str,
        file: &str,
        rules: &Rules,
        base: StateBuilder,
    ) -> Result<GameState, PositionErrors> {
        let mut ck = Checker {
            rules,
            problems: Vec::new(),
            named: BTreeMap::new(),
            lines: Lines::new(text),
        };
        if let Some(f) = &self.format {
            if *f.get_ref() != POSITION_FORMAT {
                ck.fail(
                    f.span(),
                    PositionProblem::Format {
                        found: *f.get_ref(),
                    },
                );
            }
        }
        let start = base.build();
        let side = ck.side(&self.side);
        let phase = self.phase(&mut ck, side, start.game.options.last_turn);

        let mut pos = Position::new();
        let mut units: BTreeMap<UnitId, Place> = BTreeMap::new();
        let mut hexes: BTreeSet<Hex> = BTreeSet::new();
        let mut reduced = Vec::new();
        let mut stacks = Vec::new();
        for stack in &self.stack {
            let hex = ck.hex(&stack.hex);
            // Each hex is checked once, where it is first given.
            if let Some(h) = hex {
                if hexes.insert(h) {
                    stacks.push((h, stack.hex.span()));
                } else {
                    ck.fail(stack.hex.span(), PositionProblem::HexTwice(h));
                }
            }
            for v in &stack.units {
                let Some((c, strength)) = ck.entry_at_strength(v) else {
                    continue;
                };
                let tournament = rules.ruleset.tournament();
                match (hex, strength) {
                    (_, Some(given)) if !tournament => ck.refuse_strength(&c, given, v.span()),
                    (Some(h), Some(given)) => {
                        ck.terrain(&c, h, v.span());
                        reduced.push((c, h, given, v.span()));
                    }
                    (Some(h), None) => {
                        ck.terrain(&c, h, v.span());
                        pos.put_counter(&c, h);
                        units.insert(c.id.clone(), Place::Map(h));
                    }
                    (None, _) => {}
                }
            }
        }
        // 26.2: reduced units are made up once every counter named is placed.
        for (c, h, given, span) in &reduced {
            ck.reduced(&mut pos, &mut units, (c, *h, *given, span.clone()));
        }
        for (h, span) in stacks {
            self.check_hex(&mut ck, &pos, h, span, phase.as_ref());
        }
        for sea in &self.at_sea {
            let zone = sea_zone(rules, sea.zone.get_ref());
            if zone.is_none() {
                ck.fail(
                    sea.zone.span(),
                    PositionProblem::BadZone(sea.zone.get_ref().clone()),
                );
            }
            for v in &sea.units {
                if let (Some(c), Some(z)) = (ck.entry(v), zone) {
                    pos.put_to_sea(&c, z);
                    units.insert(c.id, Place::AtSea(z));
                }
            }
        }
        if let Some(last) = self.at_sea.last() {
            let limit = rules.ruleset.optional_figures.sea_movement.at_sea_halves;
            for side in Side::BOTH {
                let halves = pos.sea_halves(side);
                if halves > limit {
                    ck.fail(
                        last.zone.span(),
                        PositionProblem::TooManyAtSea {
                            side,
                            count: crate::sea::units_text(halves),
                            limit: crate::sea::units_text(limit),
                        },
                    );
                }
            }
        }
        for e in &self.eliminated {
            let by = ck.side(&e.side);
            let turn = *e.turn.get_ref();
            if let (Some(by), Some(now)) = (by, &phase) {
                if !before(turn, by, now) {
                    ck.fail(
                        e.turn.span(),
                        PositionProblem::EliminatedLater {
                            when: format!("{turn}-{by}"),
                            now: now.label(),
                        },
                    );
                }
            }
            for v in &e.units {
                if let (Some(c), Some(by)) = (ck.entry(v), by) {
                    units.insert(c.id, Place::Eliminated { turn, by });
                }
            }
        }
        let held = self.held(&mut ck);
        let minors = self.minors(&mut ck);
        let standing = self.standing(&mut ck);
        let mut condition_b = BTreeMap::new();
        for (s, n) in &self.victory_b {
            if let Some(side) = ck.side(s) {
                condition_b.insert(side, *n);
            }
        }
        if !ck.problems.is_empty() {
            let mut problems: Vec<(Range<usize>, PositionProblem)> = ck.problems;
            problems.sort_by_key(|(span, _)| span.start);
            let starts: Vec<usize> = problems.iter().map(|(span, _)| span.start).collect();
            return Err(PositionErrors {
                file: file.to_string(),
                problems: problems
                    .into_iter()
                    .zip(ck.lines.places(&starts))
                    .map(|((_, problem), (line, column))| Located {
                        problem,
                        line,
                        column,
                    })
                    .collect(),
            });
        }
        // 38.1 (BLITZKRIEG '85): "instead of initial or reinforcement forces, players
        // are given points": a counter the position does not place is not to come but
        // inactive, for sale, as the set-up's purchase leaves those not bought.
        let bought = rules.ruleset.rules == crate::state::RuleSet::Eighty5;
        let mut all = Side::BOTH
            .iter()
            .flat_map(|s| {
                let r = &rules.ruleset;
                rules.counters.in_game(*s, r.tournament(), r.air_combat())
            })
            .map(|c| {
                let unplaced = if bought {
                    Place::Inactive
                } else {
                    Place::Waiting
                };
                (c.id.clone(), units.remove(&c.id).unwrap_or(unplaced))
            })
            .collect::<Vec<_>>();
        // 26: the substitutes in play (Tournament Game).
        all.extend(units);
        let mut b = StateBuilder::from_state(start).units(all);
        if let Some(phase) = phase {
            b = b.phase(phase);
        }
        for (h, s) in held {
            b = b.held(h, s);
        }
        for (s, o) in standing {
            b = b.standing(s, o);
        }
        for (s, n) in condition_b {
            b = b.condition_b(s, n);
        }
        let step = self.step;
        Ok(b.build_with(|s| {
            s.step = step;
            s.minors = minors;
        }))
    }

    /// 29.2, 29.4: each minor country's aggressor and reduced cities (Tournament Game).
    fn minors(&self, ck: &mut Checker<'_>) -> crate::minor::Minors {
        let mut out = crate::minor::Minors::new();
        for (name, raw) in &self.minor {
            let key = name.get_ref().trim().to_ascii_lowercase();
            let country =
                crate::board::Country::minor_named(&key).filter(|_| ck.rules.ruleset.tournament());
            let Some(country) = country else {
                ck.fail(
                    name.span(),
                    PositionProblem::NoSuchMinor(name.get_ref().clone()),
                );
                continue;
            };
            let mut status = crate::minor::MinorStatus {
                aggressor: raw.aggressor.as_ref().and_then(|s| ck.side(s)),
                ..Default::default()
            };
            for h in &raw.reduced {
                let Some(hex) = ck.hex(h) else { continue };
                let board = &ck.rules.board;
                if !board.is_city(hex) || board.country(hex) != Some(country) {
                    let problem = PositionProblem::NotMinorCity {
                        hex,
                        country: country.name().to_string(),
                    };
                    ck.fail(h.span(), problem);
                    continue;
                }
                status.reduced.insert(hex);
            }
            if status != crate::minor::MinorStatus::default() {
                out.insert(country, status);
            }
        }
        out
    }

    /// The player-turn: `turn` and `side`, or `setup = true` and `side`; a turn the
    /// game still plays (16: not after its last turn).
    fn phase(&self, ck: &mut Checker<'_>, side: Option<Side>, last: u32) -> Option<Phase> {
        let side = side?;
        match (self.setup, &self.turn) {
            (true, None) => Some(Phase::SetUp { side }),
            (true, Some(t)) => {
                ck.fail(
                    t.span(),
                    PositionProblem::Header(
                        "a set-up position has no turn: remove `turn` or `setup`".to_string(),
                    ),
                );
                None
            }
            (false, None) => {
                ck.fail(
                    self.side.span(),
                    PositionProblem::Header(
                        "no `turn`: give the turn to play, or `setup = true`".to_string(),
                    ),
                );
                None
            }
            (false, Some(t)) if *t.get_ref() == 0 => {
                ck.fail(
                    t.span(),
                    PositionProblem::Header(
                        "turns count from 1; for set-up write `setup = true`".to_string(),
                    ),
                );
                None
            }
            (false, Some(t)) if *t.get_ref() > last => {
                ck.fail(
                    t.span(),
                    PositionProblem::Header(format!(
                        "turn {} is after the game's last turn ({last}): give `--last-turn` to play longer",
                        t.get_ref()
                    )),
                );
                None
            }
            (false, Some(t)) => Some(Phase::Turn {
                turn: *t.get_ref(),
                side,
            }),
        }
    }

    /// 30.2: aircraft stand in cities, a base's worth of them at most.
    fn check_air(
        ck: &mut Checker<'_>,
        pos: &Position,
        h: Hex,
        span: &Range<usize>,
        pieces: &[Piece],
    ) {
        let air: Vec<Piece> = pieces.iter().filter(|p| p.kind.is_air()).cloned().collect();
        let Some(first) = air.first() else {
            return;
        };
        if !ck.rules.board.is_city(h) {
            ck.fail(
                span.clone(),
                PositionProblem::AirNotInCity {
                    unit: first.id.clone(),
                    hex: h,
                },
            );
        }
        let halves = crate::air::base::air_halves_at(pos, first.side, h, &Default::default());
        if !crate::air::base::base_fits(ck.rules, halves) {
            ck.fail(
                span.clone(),
                PositionProblem::AirOverstacked {
                    hex: h,
                    units: list(&air),
                },
            );
        }
    }

    /// 11.1, 7.5, 3.3-3.4: what may stand together in one hex.
    fn check_hex(
        &self,
        ck: &mut Checker<'_>,
        pos: &Position,
        h: Hex,
        span: Range<usize>,
        phase: Option<&Phase>,
    ) {
        let pieces: Vec<Piece> = pos.at(h).cloned().collect();
        Self::check_air(ck, pos, h, &span, &pieces);
        if !ck.rules.ruleset.figures.stack_fits(pos.stack_halves_at(h)) {
            ck.fail(
                span.clone(),
                PositionProblem::Overstacked {
                    hex: h,
                    units: list(&pieces),
                },
            );
        }
        if pieces.iter().any(|p| p.side == Side::Blue) && pieces.iter().any(|p| p.side == Side::Red)
        {
            ck.fail(
                span.clone(),
                PositionProblem::BothSides {
                    hex: h,
                    units: list(&pieces),
                },
            );
        }
        if matches!(phase, Some(Phase::SetUp { .. })) {
            for p in &pieces {
                if ck.rules.board.home_of(h) != Some(p.side) {
                    ck.fail(
                        span.clone(),
                        PositionProblem::SetUpAbroad {
                            unit: p.id.clone(),
                            hex: h,
                            country: p.side.country_name(),
                        },
                    );
                }
            }
        }
    }

    /// 5.1-5.2: the cities outside the home country of the side holding each, and who
    /// holds it: a minor country's cities, and the enemy's home cities a side occupies
    /// (5.1: "Other city hexes are friendly in a given player-turn if you begin that
    /// player-turn with a unit occupying that city hex", as the state keeps them).
    fn held(&self, ck: &mut Checker<'_>) -> BTreeMap<Hex, Side> {
        let mut held = BTreeMap::new();
        for (h, s) in &self.held {
            let side = ck.side(s);
            let Some(hex) = ck.hex(h) else { continue };
            if held.contains_key(&hex) {
                ck.fail(h.span(), PositionProblem::HexTwice(hex));
                continue;
            }
            let own_home = side.is_some_and(|s| ck.rules.board.home_of(hex) == Some(s));
            if !ck.rules.board.is_city(hex) || own_home {
                ck.fail(h.span(), PositionProblem::NotHeldCity { hex });
                continue;
            }
            if let Some(side) = side {
                held.insert(hex, side);
            }
        }
        held
    }

    /// The standing orders of each side: its own units, hexes on the board.
    fn standing(&self, ck: &mut Checker<'_>) -> BTreeMap<Side, StandingOrders> {
        let mut out = BTreeMap::new();
        for (s, raw) in &self.standing {
            let side = ck.side(s);
            let mut orders = StandingOrders {
                advance: raw.advance,
                ..StandingOrders::default()
            };
            for u in &raw.lose_first {
                let Some(c) = ck.counter(u.get_ref(), u.span()) else {
                    continue;
                };
                if let Some(side) = side.filter(|s| *s != c.side) {
                    ck.fail(
                        u.span(),
                        PositionProblem::NotOwnUnit {
                            unit: c.id.clone(),
                            side,
                        },
                    );
                }
                orders.lose_first.push(c.id);
            }
            orders.retreat_toward = raw.retreat_toward.as_ref().and_then(|h| ck.hex(h));
            orders.retreat_prefer = raw
                .retreat_prefer
                .iter()
                .filter_map(|h| ck.hex(h))
                .collect();
            if let Some(side) = side {
                out.insert(side, orders);
            }
        }
        out
    }
}

/// Why a state cannot be written as a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("the game is over: a position starts a game that is still to play")]
    Over,
    #[error("this state has decisions owed from the last player-turn ({0}); a position file does not carry them: write the position of the next state")]
    Pending(String),
}

/// Writes a state as a position file: the same counters, cities, player-turn, standing
/// orders and victory B count. Deterministic: hexes in board order, the units of each
/// as players count them (`B-2IN` before `B-10IN`). Counters still to come are not listed.
pub fn write(state: &GameState) -> Result<String, WriteError> {
    if let Some(p) = state.pending.first() {
        return Err(WriteError::Pending(p.battle.clone()));
    }
    let mut out = String::new();
    let q = |s: &str| format!("\"{s}\"");
    let ids = |v: &[&UnitId]| {
        v.iter()
            .map(|u| q(u.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "# BLITZKRIEG position (docs/position.md): game {}, player-turn {}",
        state.game.id,
        state.label()
    );
    let _ = writeln!(out, "format = {POSITION_FORMAT}");
    match &state.phase {
        Phase::SetUp { side } => {
            let _ = writeln!(out, "setup = true\nside = {}", q(side.key()));
        }
        Phase::Turn { turn, side } => {
            let _ = writeln!(out, "turn = {turn}\nside = {}", q(side.key()));
        }
        Phase::Over { .. } => return Err(WriteError::Over),
    }
    if state.step > 0 {
        let _ = writeln!(out, "step = {}", state.step);
    }
    if !state.held.is_empty() {
        let _ = writeln!(out, "\n[held]");
        for (h, s) in &state.held {
            let _ = writeln!(out, "{h} = {}", q(s.key()));
        }
    }
    if !state.condition_b.is_empty() {
        let _ = writeln!(out, "\n[victory_b]");
        for (s, n) in &state.condition_b {
            let _ = writeln!(out, "{} = {n}", s.key());
        }
    }
    // 29: a position starts a player-turn; the aggressor's supply payment (29.7) is
    // not kept in it.
    for (c, m) in &state.minors {
        let _ = writeln!(out, "\n[minor.{}]", c.key());
        if let Some(a) = m.aggressor {
            let _ = writeln!(out, "aggressor = {}", q(a.key()));
        }
        if !m.reduced.is_empty() {
            let hexes: Vec<String> = m.reduced.iter().map(|h| q(&h.to_string())).collect();
            let _ = writeln!(out, "reduced = [{}]", hexes.join(", "));
        }
    }
    let mut by_hex: BTreeMap<Hex, Vec<&UnitId>> = BTreeMap::new();
    let mut dead: BTreeMap<(u32, Side), Vec<&UnitId>> = BTreeMap::new();
    let mut sea: BTreeMap<char, Vec<&UnitId>> = BTreeMap::new();
    for (id, place) in &state.units {
        match place {
            // Between the steps of a player-turn an aircraft in the air is written
            // where it flies: a position starts a player-turn, with every one landed.
            Place::Map(h) | Place::Aloft(h) => by_hex.entry(*h).or_default().push(id),
            Place::AtSea(z) => sea.entry(*z).or_default().push(id),
            Place::Eliminated { turn, by } => dead.entry((*turn, *by)).or_default().push(id),
            Place::Waiting | Place::Inactive => {}
        }
    }
    for units in by_hex
        .values_mut()
        .chain(dead.values_mut())
        .chain(sea.values_mut())
    {
        units.sort_by_cached_key(|u| u.counting_key());
    }
    for (h, units) in &by_hex {
        let _ = writeln!(
            out,
            "\n[[stack]]\nhex = {}\nunits = [{}]",
            q(&h.to_string()),
            ids(units)
        );
    }
    for (zone, units) in &sea {
        let _ = writeln!(
            out,
            "\n[[at_sea]]\nzone = {}\nunits = [{}]",
            q(&zone.to_string()),
            ids(units)
        );
    }
    for ((turn, by), units) in &dead {
        let _ = writeln!(
            out,
            "\n[[eliminated]]\nturn = {turn}\nside = {}\nunits = [{}]",
            q(by.key()),
            ids(units)
        );
    }
    for (side, o) in &state.standing {
        let _ = writeln!(out, "\n[standing.{}]", side.key());
        let lose: Vec<&UnitId> = o.lose_first.iter().collect();
        let _ = writeln!(out, "lose_first = [{}]", ids(&lose));
        if let Some(h) = o.retreat_toward {
            let _ = writeln!(out, "retreat_toward = {}", q(&h.to_string()));
        }
        let prefer: Vec<String> = o.retreat_prefer.iter().map(|h| q(&h.to_string())).collect();
        let _ = writeln!(out, "retreat_prefer = [{}]", prefer.join(", "));
        let _ = writeln!(out, "advance = {}", o.advance);
    }
    Ok(out)
}
