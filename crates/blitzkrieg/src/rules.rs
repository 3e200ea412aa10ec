//! The rule data one game is played with: the board, the counters, the figures and
//! declared readings (the [`RuleBook`]), and the [`Ruleset`] a game's options make of
//! them. Loaded once (embedded defaults, or files given by path) and shared by
//! reference with the engine; a game's copy costs three reference counts.

use crate::board::Board;
use crate::ruleset::{RuleBook, Ruleset, RulesetError};
use crate::state::GameState;
use crate::units::Counters;
use std::sync::Arc;

/// Everything that is data rather than logic, and the rule set in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub board: Arc<Board>,
    pub counters: Arc<Counters>,
    pub book: Arc<RuleBook>,
    /// The rule set the engine applies: the Basic Game with the default readings until
    /// [`Rules::for_game`] makes it a game's.
    pub ruleset: Ruleset,
}

impl Rules {
    pub fn new(board: Board, counters: Counters, book: RuleBook) -> Rules {
        Rules {
            ruleset: Ruleset::basic(&book),
            board: Arc::new(board),
            counters: Arc::new(counters),
            book: Arc::new(book),
        }
    }

    /// The same data with the rule set a game's state makes: its options, and for a
    /// state of format 1 the readings of that time.
    pub fn for_game(&self, state: &GameState) -> Result<Rules, RulesetError> {
        Ok(Rules {
            ruleset: Ruleset::from_options(&self.book, &state.game.options, state.format)?,
            ..self.clone()
        })
    }
}
