//! The seam between the play-by-e-mail machinery and a game: what the machinery needs
//! of any game to read its state files, check and adjudicate a player's orders from a
//! published seed, and write the report and the next template. BLITZKRIEG and Mori's
//! BLITZKRIEG! each implement [`Game`]; the command line picks the implementation from
//! the `kind` in a state's envelope ([`crate::envelope::Header`]).
//!
//! A game's engine stays pure behind this trait: no clock, no randomness, no I/O. The
//! seed arrives as bytes already verified against its source ([`crate::seed::Seed`]).

use crate::envelope::EnvelopeError;
use crate::folder::FileNames;
use crate::mail::Subject;
use crate::seed::Seed;
use std::fmt;
use std::ops::Range;

/// One problem of an order file, as every game reports it: a stable code, the rule or
/// procedure it breaks, where it is in the file, the unit or token it concerns, and the
/// message for the player (its `Display`).
pub trait OrderProblem: fmt::Display {
    /// The stable code (`docs/error-codes.md` for BLITZKRIEG, `docs/mori.md` for Mori).
    fn code(&self) -> &str;
    /// The paragraph or section it breaks, as players cite it: "8.3", "002 §6.4".
    fn rule(&self) -> String;
    /// Where in the order file, as a 1-based line and column, if it has a place.
    fn place(&self, source: &str) -> Option<(usize, usize)>;
    /// The unit or token it concerns, if one.
    fn subject(&self) -> Option<String>;
}

/// The 1-based line and column of byte `at` in `src`.
pub fn line_col(src: &str, at: usize) -> (usize, usize) {
    let before = src.get(..at.min(src.len())).unwrap_or(src);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The start of a byte range as a line and column.
pub fn place_of(src: &str, span: Option<&Range<usize>>) -> Option<(usize, usize)> {
    span.map(|r| line_col(src, r.start))
}

/// Where a game stands: whose order file comes next, and under what name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The label of the player-turn and step: "3-Blue", "t004".
    pub label: String,
    /// The side that sends the next order file ("Blue", "Axis"); empty once over.
    pub side: String,
    /// The game is over: nobody sends orders any more.
    pub over: bool,
}

/// What adjudication gives: the next state and the events of the step, or every
/// problem of the orders.
pub type Adjudicated<G> =
    Result<(<G as Game>::State, Vec<<G as Game>::Event>), Vec<<G as Game>::Problem>>;

/// A game the machinery can umpire by e-mail. `self` is the game's rule data, loaded
/// once; every method is pure.
pub trait Game {
    /// The kind written in the state envelope: "blitzkrieg", "mori".
    const KIND: &'static str;
    /// How the game names the files of its folder ([`crate::folder`]).
    const FILES: FileNames;
    type State;
    type Orders;
    type Event;
    type Problem: OrderProblem;

    /// Reads a state file, refusing one edited by hand or of another kind.
    fn read_state(&self, text: &str, file: &str) -> Result<Self::State, EnvelopeError>;
    /// Writes a state file, deterministically.
    fn write_state(&self, state: &Self::State) -> Result<String, String>;
    /// The stem of a state's files in its folder: `05-2-red`, `07-t007`.
    fn file_stem(&self, state: &Self::State) -> String;
    /// The words of a turn mail's subject ([`crate::mail::TurnMail::subject`]): the
    /// step it reports (its label, or [`crate::mail::NEW_GAME`]), the side that moved
    /// and the side that moves next.
    fn subject(&self, step: &str, from: &str, to: &str) -> Subject;
    /// Whose orders come next.
    fn step(&self, state: &Self::State) -> Step;
    /// The sides in the order the game names them.
    fn sides(&self) -> Vec<String>;
    /// Reads an order file: the orders, or every problem found.
    fn parse_orders(&self, text: &str) -> Result<Self::Orders, Vec<Self::Problem>>;
    /// Every problem of the orders against the state, without rolling anything.
    fn check(&self, state: &Self::State, orders: &Self::Orders) -> Vec<Self::Problem>;
    /// Plays the orders out with the seed (`None` when the step needs no dice).
    fn adjudicate(
        &self,
        state: &Self::State,
        orders: &Self::Orders,
        seed: Option<&Seed>,
    ) -> Adjudicated<Self>;
    /// The turn report, rendered from the events alone.
    fn report(&self, state: &Self::State, events: &[Self::Event]) -> String;
    /// The order template for whoever moves next.
    fn template(&self, state: &Self::State) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters_from_one() {
        let src = "a = 1\nbé = \"x\"\n";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 6), (2, 1));
        assert_eq!(line_col(src, src.find('=').unwrap_or(0)), (1, 3));
        assert_eq!(line_col(src, 6 + "bé ".len()), (2, 4));
        assert_eq!(line_col(src, 10_000), (3, 1), "past the end: the end");
    }
}
