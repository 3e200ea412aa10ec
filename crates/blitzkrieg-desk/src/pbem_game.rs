//! BLITZKRIEG behind the play-by-e-mail machinery's [`pbem::game::Game`] trait: the
//! engine's functions under the trait's names, so the machinery can umpire it as it
//! does any other game. The hash chain's orders and commitment are the folder's
//! business ([`crate::game::resolve`] fills them); through the trait an order file's
//! hash travels with its parsed orders.

use crate::game::{Umpire, FILES};
use crate::template;
use blitzkrieg::engine::{self, TurnInput};
use blitzkrieg::event::Event;
use blitzkrieg::orders::{self, OrderError, Orders, Problem};
use blitzkrieg::report;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::{sha256_hex, GameState, Phase, KIND};
use blitzkrieg::units::Side;
use pbem::envelope::EnvelopeError;
use pbem::folder::FileNames;
use pbem::game::{Game, Step};
use pbem::seed::Seed;

/// An order file read: the orders and the SHA-256 of the text they were read from.
#[derive(Clone, Debug)]
pub struct ReadOrders {
    pub orders: Orders,
    pub hash: String,
}

impl Umpire {
    /// A problem that is the game's, not the orders': the state cannot be played with
    /// this data (other rule data, a rule not built in this release).
    fn unplayable(e: impl std::fmt::Display) -> Vec<OrderError> {
        vec![OrderError::new(
            Problem::NotNow {
                what: "this game".to_string(),
                why: e.to_string(),
            },
            None,
            cite!("PBEM"),
        )]
    }

    /// The rules a state is played with ([`Umpire::rules_for`]) and the state's hash,
    /// which its orders name.
    fn rules_and_hash(&self, state: &GameState) -> Result<(Rules, String), Vec<OrderError>> {
        let rules = self.rules_for(state).map_err(Umpire::unplayable)?;
        let text = state.to_ron().map_err(Umpire::unplayable)?;
        Ok((rules, sha256_hex(text.as_bytes())))
    }
}

impl Game for Umpire {
    const KIND: &'static str = KIND;
    const FILES: FileNames = FILES;
    type State = GameState;
    type Orders = ReadOrders;
    type Event = Event;
    type Problem = OrderError;

    fn read_state(&self, text: &str, file: &str) -> Result<GameState, EnvelopeError> {
        GameState::from_ron(text, file)
    }

    fn write_state(&self, state: &GameState) -> Result<String, String> {
        state.to_ron().map_err(|e| e.to_string())
    }

    fn file_stem(&self, state: &GameState) -> String {
        state.file_stem()
    }

    fn subject(&self, step: &str, from: &str, to: &str) -> pbem::mail::Subject {
        crate::turn_mail::subject(step, from, to)
    }

    /// 4.1-4.6: set-up Blue, set-up Red, then Blue and Red each turn.
    fn step(&self, state: &GameState) -> Step {
        Step {
            label: state.label(),
            side: state
                .mover()
                .map_or(String::new(), |s| s.name().to_string()),
            over: matches!(state.phase, Phase::Over { .. }),
        }
    }

    fn sides(&self) -> Vec<String> {
        Side::BOTH.iter().map(|s| s.name().to_string()).collect()
    }

    fn parse_orders(&self, text: &str) -> Result<ReadOrders, Vec<OrderError>> {
        Ok(ReadOrders {
            orders: orders::parse(text)?,
            hash: sha256_hex(text.as_bytes()),
        })
    }

    fn check(&self, state: &GameState, orders: &ReadOrders) -> Vec<OrderError> {
        match self.rules_and_hash(state) {
            Ok((rules, hash)) => engine::check(&rules, state, &orders.orders, &hash),
            Err(problems) => problems,
        }
    }

    /// 15.2: a player-turn without battles needs no seed; one with battles and none is
    /// refused by `check` before it gets here (the orders must name their seed).
    fn adjudicate(
        &self,
        state: &GameState,
        orders: &ReadOrders,
        seed: Option<&Seed>,
    ) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
        let rules = self.rules.for_game(state).map_err(Umpire::unplayable)?;
        let text = state.to_ron().map_err(Umpire::unplayable)?;
        let state_hash = sha256_hex(text.as_bytes());
        let none = Seed::from_text("no dice").map_err(Umpire::unplayable)?;
        let used = seed.unwrap_or(&none);
        let (source, value, seed_hash) = match seed {
            Some(s) => (s.source_display(), s.value_display(), s.hash_hex()),
            None => ("none".to_string(), "-".to_string(), sha256_hex(b"")),
        };
        let mut rolls = used.rolls(&state.game.id, &state.label());
        let mut input = TurnInput {
            state_hash: &state_hash,
            orders_hash: &orders.hash,
            commitment: None,
            seed_source: &source,
            seed_value: &value,
            seed_hash: &seed_hash,
            dice: &mut rolls,
            tables: self.tables(),
        };
        engine::adjudicate(&rules, state, &orders.orders, &mut input)
    }

    fn report(&self, state: &GameState, events: &[Event]) -> String {
        match self.rules_for(state) {
            Ok(rules) if state.last.events == events => report::render_state(&rules, state),
            _ => report::render(&report::Header::of(state), events),
        }
    }

    fn template(&self, state: &GameState) -> String {
        match self.rules_and_hash(state) {
            Ok((rules, hash)) => template::render(&rules, state, &hash),
            Err(_) => String::new(),
        }
    }
}
