//! One way to build a game state piece by piece: for positions (`docs/position.md`),
//! corpus cases, tests and benchmarks. It starts from a Basic Game at turn 1 with Blue to
//! move and changes only what it is told, so a test names just what it is about.

use crate::hex::Hex;
use crate::state::{
    DecisionMode, GameInfo, GameState, Options, Phase, Place, Player, RuleSet, SeedSource,
    StandingOrders, TableChoice, KIND, STATE_FORMAT,
};
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// A game state under construction.
#[derive(Clone, Debug)]
pub struct StateBuilder {
    state: GameState,
}

impl StateBuilder {
    /// Game `id`: Basic Game, play-by-mail tables, an agreed-text seed, standing orders,
    /// last turn 15, turn 1 with Blue to move, no units.
    pub fn new(id: &str) -> StateBuilder {
        StateBuilder {
            state: GameState {
                format: STATE_FORMAT,
                kind: KIND.to_string(),
                umpire: String::new(),
                game: GameInfo {
                    id: id.to_string(),
                    players: BTreeMap::new(),
                    sender: String::new(),
                    options: Options {
                        rules: RuleSet::Basic,
                        tables: TableChoice::PlayByMail,
                        seed: SeedSource::AgreedText,
                        decisions: DecisionMode::StandingOrders,
                        last_turn: 15,
                        optional: BTreeSet::new(),
                        readings: BTreeMap::new(),
                        stops: BTreeSet::new(),
                        cold_war: false,
                        interception: Default::default(),
                        no_answer: Default::default(),
                        flight_routes: false,
                        rules85: BTreeSet::new(),
                    },
                    data: BTreeMap::new(),
                    keys: BTreeMap::new(),
                    nonce: None,
                },
                phase: Phase::Turn {
                    turn: 1,
                    side: Side::Blue,
                },
                step: 0,
                units: BTreeMap::new(),
                held: BTreeMap::new(),
                standing: BTreeMap::new(),
                marks: BTreeMap::new(),
                hex_marks: BTreeMap::new(),
                pools: BTreeMap::new(),
                invaded: None,
                beachheads: BTreeMap::new(),
                minors: BTreeMap::new(),
                air_landing: BTreeMap::new(),
                patrols: BTreeMap::new(),
                fighter_supply: BTreeSet::new(),
                damage: BTreeMap::new(),
                airfields: Default::default(),
                air_supplied: BTreeMap::new(),
                ranger_beachheads: BTreeMap::new(),
                seeds_used: None,
                weather: BTreeMap::new(),
                ascendancy: Default::default(),
                invading: BTreeMap::new(),
                resources: BTreeMap::new(),
                purchase: None,
                pending: Vec::new(),
                resume: None,
                condition_b: BTreeMap::new(),
                chain: Default::default(),
                last: Default::default(),
                integrity: String::new(),
            },
        }
    }

    /// Starts from `state` instead: a new game's first state, for a position file to
    /// change.
    pub fn from_state(state: GameState) -> StateBuilder {
        StateBuilder { state }
    }

    /// The player-turn to play.
    pub fn phase(mut self, phase: Phase) -> StateBuilder {
        self.state.phase = phase;
        self
    }

    /// Turn `turn`, `side` to move.
    pub fn turn(self, turn: u32, side: Side) -> StateBuilder {
        self.phase(Phase::Turn { turn, side })
    }

    pub fn tables(mut self, tables: TableChoice) -> StateBuilder {
        self.state.game.options.tables = tables;
        self
    }

    pub fn seed(mut self, seed: SeedSource) -> StateBuilder {
        self.state.game.options.seed = seed;
        self
    }

    pub fn decisions(mut self, decisions: DecisionMode) -> StateBuilder {
        self.state.game.options.decisions = decisions;
        self
    }

    pub fn last_turn(mut self, last: u32) -> StateBuilder {
        self.state.game.options.last_turn = last;
        self
    }

    pub fn player(mut self, side: Side, player: Player) -> StateBuilder {
        self.state.game.players.insert(side, player);
        self
    }

    pub fn sender(mut self, sender: &str) -> StateBuilder {
        self.state.game.sender = sender.to_string();
        self
    }

    /// The stops chosen that the rules do not make by themselves.
    pub fn stops(mut self, stops: impl IntoIterator<Item = crate::sequence::Stop>) -> StateBuilder {
        self.state.game.options.stops = stops.into_iter().collect();
        self
    }

    /// The readings chosen (every reading not named takes its default).
    pub fn readings(mut self, readings: BTreeMap<String, String>) -> StateBuilder {
        self.state.game.options.readings = readings;
        self
    }

    /// A counter's place.
    pub fn unit(mut self, id: UnitId, place: Place) -> StateBuilder {
        self.state.units.insert(id, place);
        self
    }

    /// Several counters' places.
    pub fn units(mut self, places: impl IntoIterator<Item = (UnitId, Place)>) -> StateBuilder {
        self.state.units.extend(places);
        self
    }

    /// 5.1-5.2: a city hex outside its home country friendly to `side` at the start of
    /// the player-turn.
    pub fn held(mut self, hex: Hex, side: Side) -> StateBuilder {
        self.state.held.insert(hex, side);
        self
    }

    pub fn standing(mut self, side: Side, orders: StandingOrders) -> StateBuilder {
        self.state.standing.insert(side, orders);
        self
    }

    /// 16 (B): consecutive player-turns `side` has met condition B.
    pub fn condition_b(mut self, side: Side, player_turns: u32) -> StateBuilder {
        self.state.condition_b.insert(side, player_turns);
        self
    }

    pub fn build(self) -> GameState {
        self.state
    }

    /// The state, after `edit` has set what has no method of its own.
    pub fn build_with(mut self, edit: impl FnOnce(&mut GameState)) -> GameState {
        edit(&mut self.state);
        self.state
    }
}
