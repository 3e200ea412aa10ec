//! Test support for the movement tests: a sketch board, counters built in code, an
//! order file written as TOML (so spans are real), and the outcome of running it.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::Board;
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::movement::{self, MoveContext, MoveOutcome};
use blitzkrieg::orders::{self, OrderError, Problem};
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

pub fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

pub fn id(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

/// A counter; the side is read from the id's first letter (`B-...` Blue, `R-...` Red).
pub fn counter(unit: &str, kind: UnitKind, mf: u32, enters: u8) -> Counter {
    let side = if unit.starts_with('R') {
        Side::Red
    } else {
        Side::Blue
    };
    Counter {
        id: id(unit),
        side,
        kind,
        size: Size::Division,
        attack: 4,
        defence: 4,
        movement: mf,
        name: unit.to_string().into(),
        enters,
    }
}

/// A board, counters and where they stand.
pub struct Game {
    pub board: Board,
    pub counters: Vec<Counter>,
    pub at: BTreeMap<UnitId, Hex>,
    pub held: BTreeMap<Hex, Side>,
    /// Units eliminated earlier: neither on the map nor waiting.
    pub gone: BTreeSet<UnitId>,
    /// Readings set apart from the defaults (`docs/readings.md`).
    pub readings: BTreeMap<String, String>,
    /// Optional rules played (19-23).
    pub optional: BTreeSet<u32>,
}

/// What running an order file did.
pub struct Ran {
    pub src: String,
    pub out: MoveOutcome,
    pub pos: Position,
}

impl Game {
    pub fn new(board: Board) -> Game {
        Game {
            board,
            counters: Vec::new(),
            at: BTreeMap::new(),
            held: BTreeMap::new(),
            gone: BTreeSet::new(),
            readings: BTreeMap::new(),
            optional: BTreeSet::new(),
        }
    }

    /// The game played with optional rule `rule`.
    pub fn optional(mut self, rule: u32) -> Game {
        self.optional.insert(rule);
        self
    }

    /// The game played under the reading `name = option` (`docs/readings.md`).
    pub fn reading(mut self, name: &str, option: &str) -> Game {
        self.readings.insert(name.to_string(), option.to_string());
        self
    }

    /// A unit eliminated in an earlier player-turn.
    pub fn eliminated(mut self, unit: &str, kind: UnitKind, mf: u32) -> Game {
        self.counters.push(counter(unit, kind, mf, 1));
        self.gone.insert(id(unit));
        self
    }

    /// A unit on the map (`hex` Some) or waiting to enter from turn `enters`.
    pub fn unit_at(mut self, unit: &str, kind: UnitKind, mf: u32, hex: &str) -> Game {
        self.counters.push(counter(unit, kind, mf, 1));
        self.at.insert(id(unit), h(hex));
        self
    }

    pub fn waiting(mut self, unit: &str, kind: UnitKind, mf: u32, enters: u8) -> Game {
        self.counters.push(counter(unit, kind, mf, enters));
        self
    }

    pub fn held(mut self, hex: &str, side: Side) -> Game {
        self.held.insert(h(hex), side);
        self
    }

    pub fn rules(&self) -> Rules {
        let mut rules = Rules::new(
            self.board.clone(),
            Counters::from_list(self.counters.clone()),
            blitzkrieg::ruleset::RuleBook::embedded().unwrap(),
        );
        let book = blitzkrieg::ruleset::RuleBook::embedded().unwrap();
        rules
            .ruleset
            .set_readings(&book, self.readings.clone())
            .unwrap();
        rules.ruleset.optional = self.optional.clone();
        rules
    }

    pub fn position(&self) -> Position {
        let mut pos = Position::new();
        for c in &self.counters {
            if let Some(&hex) = self.at.get(&c.id) {
                pos.put(c.id.clone(), c.side, c.kind, hex);
            }
        }
        pos
    }

    fn waiting_ids(&self) -> BTreeSet<UnitId> {
        self.counters
            .iter()
            .filter(|c| !self.at.contains_key(&c.id) && !self.gone.contains(&c.id))
            .map(|c| c.id.clone())
            .collect()
    }

    fn source(side: Side, turn: u32, body: &str) -> String {
        format!(
            "game = \"t\"\nside = \"{}\"\nturn = {turn}\nstate = \"x\"\n\n{body}",
            side.name().to_lowercase()
        )
    }

    /// Runs the movement portion of `side`'s player-turn `turn` with the orders `body`.
    pub fn run(&self, side: Side, turn: u32, body: &str) -> Ran {
        let src = Game::source(side, turn, body);
        let orders = orders::parse(&src).unwrap_or_else(|e| panic!("orders do not parse: {e:?}"));
        let rules = self.rules();
        let waiting = self.waiting_ids();
        let ctx = MoveContext {
            rules: &rules,
            side,
            turn,
            held: &self.held,
            waiting: &waiting,
            invaded_last: None,
            air_transport_halves: 0,
            air_transport_lost_halves: 0,
            weather: Default::default(),
            ascendancy: None,
        };
        let mut pos = self.position();
        let out = movement::run_movement(&ctx, &mut pos, &orders);
        Ran { src, out, pos }
    }

    /// Runs `side`'s set-up with the orders `body`.
    pub fn setup(&self, side: Side, body: &str) -> Ran {
        let src = Game::source(side, 0, body);
        let orders = orders::parse(&src).unwrap_or_else(|e| panic!("orders do not parse: {e:?}"));
        let rules = self.rules();
        let waiting = self.waiting_ids();
        let ctx = MoveContext {
            rules: &rules,
            side,
            turn: 0,
            held: &self.held,
            waiting: &waiting,
            invaded_last: None,
            air_transport_halves: 0,
            air_transport_lost_halves: 0,
            weather: Default::default(),
            ascendancy: None,
        };
        let mut pos = self.position();
        let out = movement::run_setup(&ctx, &mut pos, &orders.setup);
        Ran { src, out, pos }
    }
}

impl Ran {
    /// The rule of every error, in file order.
    pub fn rules(&self) -> Vec<String> {
        self.out.errors.iter().map(|e| e.rule.to_string()).collect()
    }

    pub fn errors(&self) -> &[OrderError] {
        &self.out.errors
    }

    /// Fails the test with every error when there is any.
    pub fn ok(&self) -> &Ran {
        assert!(
            self.out.errors.is_empty(),
            "expected no errors, got:\n{}",
            self.out
                .errors
                .iter()
                .map(|e| format!("  {e} at `{}`", self.text_at(e)))
                .collect::<Vec<_>>()
                .join("\n")
        );
        self
    }

    /// The one error, which must break `rule`.
    pub fn only_error(&self, rule: &str) -> &OrderError {
        assert_eq!(
            self.out.errors.len(),
            1,
            "expected one error, got {:#?}",
            self.out.errors
        );
        let e = &self.out.errors[0];
        assert_eq!(e.rule.to_string(), rule, "wrong rule: {e}");
        e
    }

    /// The source text an error points at.
    pub fn text_at(&self, e: &OrderError) -> &str {
        e.span.as_ref().map_or("", |s| &self.src[s.clone()])
    }

    pub fn hex_of(&self, unit: &str) -> Option<Hex> {
        self.pos.hex_of(&id(unit))
    }

    /// The `Moved` event of a unit: path, cost in thirds, found, notes.
    pub fn moved(&self, unit: &str) -> (Vec<Hex>, u32, bool, Vec<String>) {
        self.out
            .events
            .iter()
            .find_map(|e| match e {
                Event::Moved {
                    unit: u,
                    path,
                    cost_thirds,
                    found,
                    notes,
                    ..
                } if u.as_str() == unit => {
                    Some((path.clone(), *cost_thirds, *found, notes.clone()))
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{unit} did not move: {:#?}", self.out))
    }

    pub fn problems(&self) -> Vec<&Problem> {
        self.out.errors.iter().map(|e| &e.problem).collect()
    }
}

/// Hexes from names.
pub fn hexes(names: &[&str]) -> Vec<Hex> {
    names.iter().map(|n| h(n)).collect()
}
