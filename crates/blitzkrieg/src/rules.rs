//! The rule data one game is played with: the board, the counters, the figures and
//! declared readings (the [`RuleBook`]), and the [`Ruleset`] a game's options make of
//! them. Loaded once (embedded defaults, or files given by path) and shared by
//! reference with the engine; a game's copy costs three reference counts.

use crate::board::Board;
use crate::ruleset::{RuleBook, Ruleset, RulesetError};
use crate::state::{GameState, RuleSet};
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
    /// state of format 1 the readings of that time. A game of '85 has 41's helicopters
    /// among its counters too (41.2-41.3), and its transport aircraft (41.11) when it
    /// records rule 50; no other game has them.
    pub fn for_game(&self, state: &GameState) -> Result<Rules, RulesetError> {
        // 41.2-41.3: in a game of '85 that records rule 46.
        let counters = match state.game.options.rules {
            RuleSet::Eighty5 if state.game.options.rules85.contains(&46) => {
                crate::eighty5::helicopter::with_helicopters(&self.counters)
                    .map_or_else(|| self.counters.clone(), Arc::new)
            }
            _ => self.counters.clone(),
        };
        // 41.11, 50: in a game of '85 that records rule 50.
        let counters = match state.game.options.rules {
            RuleSet::Eighty5 if state.game.options.rules85.contains(&50) => {
                crate::eighty5::transport::with_transport_aircraft(&counters)
                    .map_or(counters, Arc::new)
            }
            _ => counters,
        };
        Ok(Rules {
            ruleset: Ruleset::from_options(&self.book, &state.game.options, state.format)?,
            counters,
            ..self.clone()
        })
    }
}
