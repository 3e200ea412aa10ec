//! The embedded board and counters, in the form the build script left them. It reads
//! and checks `rules/blitzkrieg/board.toml`, `counters.toml` and `oac.toml` with the
//! same loaders as files given by path (a problem in them stops the build), and writes
//! what they built as JSON, which every process reads back instead of parsing and
//! checking the TOML again (`build.rs`, `docs/speed.md`). The TOML files stay the
//! source: their text is what a game's data hashes are of.

use crate::board::{Board, BoardErrors, PlainBoard, EMBEDDED_ORIGIN};
use crate::units::{
    Counters, PlainCounters, UnitsErrors, EMBEDDED_COUNTERS, EMBEDDED_OAC,
    EMBEDDED_ORIGIN as COUNTERS_ORIGIN,
};

/// The embedded board as the build script wrote it.
const BOARD: &str = include_str!(concat!(env!("OUT_DIR"), "/board.json"));
/// The embedded counters and OAC as the build script wrote them.
const COUNTERS: &str = include_str!(concat!(env!("OUT_DIR"), "/counters.json"));

impl Board {
    /// The embedded board (`rules/blitzkrieg/board.toml`), checked when the binary was
    /// built. Should its compiled form not read back, the TOML is read and checked
    /// here instead, and its problems returned.
    pub fn try_embedded() -> Result<Board, BoardErrors> {
        match serde_json::from_str::<PlainBoard>(BOARD) {
            Ok(plain) => Ok(Board::from(plain)),
            Err(_) => Board::from_toml(Board::embedded_source(), EMBEDDED_ORIGIN),
        }
    }

    /// The embedded board, the default of every command. The embedded file is checked
    /// when the binary is built, so this cannot fail in a released binary; should it
    /// ever, it returns an empty board whose name says so, on which every hex is "not
    /// on the board". Use [`Board::try_embedded`] to see the problems.
    pub fn embedded() -> Board {
        Board::try_embedded().unwrap_or_else(|e| Board {
            name: format!("invalid embedded board: {e}"),
            ..Board::default()
        })
    }
}

impl Counters {
    /// The counters shipped with the program (`rules/blitzkrieg/counters.toml` and
    /// `oac.toml`, compiled in), checked when the binary was built. Returns a `Result`
    /// like every other loader rather than panicking: should the compiled form not
    /// read back, the TOML is read and checked here instead.
    pub fn embedded() -> Result<Counters, UnitsErrors> {
        match serde_json::from_str::<PlainCounters>(COUNTERS) {
            Ok(plain) => Ok(Counters::from(plain)),
            Err(_) => Counters::from_toml(EMBEDDED_COUNTERS, EMBEDDED_OAC, COUNTERS_ORIGIN),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_board_is_the_board_the_toml_makes() {
        let compiled = serde_json::from_str::<PlainBoard>(BOARD).map(Board::from);
        let read = Board::from_toml(Board::embedded_source(), EMBEDDED_ORIGIN).ok();
        assert!(read
            .as_ref()
            .is_some_and(|b| b.name().contains("reconstructed")));
        assert_eq!(compiled.ok(), read);
    }

    #[test]
    fn the_compiled_counters_are_the_counters_the_toml_makes() {
        let compiled = serde_json::from_str::<PlainCounters>(COUNTERS).map(Counters::from);
        let read = Counters::from_toml(EMBEDDED_COUNTERS, EMBEDDED_OAC, COUNTERS_ORIGIN).ok();
        assert!(read.as_ref().is_some_and(|c| c.iter().count() > 100));
        assert_eq!(compiled.ok(), read);
    }
}
