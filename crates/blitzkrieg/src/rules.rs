//! The rule data one game is played with: the board, the counters and the combat
//! tables. Loaded once (embedded defaults, or files given by path) and shared by
//! reference with the engine.

use crate::board::Board;
use crate::units::Counters;

/// Everything that is data rather than logic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub board: Board,
    pub counters: Counters,
}

impl Rules {
    pub fn new(board: Board, counters: Counters) -> Rules {
        Rules { board, counters }
    }
}
