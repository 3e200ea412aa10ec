//! # mori
//!
//! A pure rules engine for Paolo Mori's BLITZKRIEG! (PSC Games, 2019) and
//! its Nippon expansion, for play by e-mail.  No I/O, no clock, no
//! randomness of its own: a turn is a function of the public state, the
//! orders, the turn's published seed and, for the hidden draws, the
//! players' committed secrets.
//!
//! The rules come from shared seed 002 (cited as `002 §n`, see
//! [`Rule`]); the boards and token mixes are reconstructed (see
//! `rules/mori/*.toml` and `docs/mori.md`).  Hidden information without a
//! trusted referee is in [`hidden`] and `docs/hidden.md`.
//!
//! The pieces a generic `Game` trait needs:
//! * [`Ruleset`]: [`Ruleset::base`], [`Ruleset::nippon`], [`Ruleset::from_texts`], with
//!   the options a state records ([`Ruleset::of`], [`Godzilla`]);
//! * [`State`] (RON), set up by [`new_game`];
//! * [`RawOrders::parse`] and [`check`] → [`Orders`] or every [`OrderError`];
//! * [`adjudicate`] → next [`State`] and [`Event`]s;
//! * [`report`] and [`template`];
//! * [`hidden::PrivateState`], [`hidden::sync`], [`hidden::verify_hidden`].
//!
//! For play by mail: [`folder`] (a game folder, file bytes to file bytes: the
//! set-up step, each turn, the whole replay), [`player`] (what a player's own tool
//! does with his private file), [`summary`], [`picture`] (the board as PNG),
//! [`mail`] (one turn mail per player) and [`replay`] (the replay page of a folder).

pub mod board;
pub mod demo;
pub mod draw;
mod effects;
pub mod engine;
pub mod events;
pub mod folder;
pub mod game;
pub mod hidden;
pub mod legal;
pub mod mail;
pub mod orders;
pub mod picture;
pub mod player;
pub mod replay;
pub mod report;
pub mod ruleset;
pub mod section;
pub mod state;
pub mod summary;
pub mod template;
pub mod tokens;
mod victory;

pub use engine::{adjudicate, new_game, prepare, set_up, SetupError, WAR_VP};
pub use events::Event;
pub use hidden::{verify_hidden, HiddenError, PrivateState, RefereeError, RefereeState};
pub use orders::{check, OrderError, Orders, Pos, RawOrders};
pub use report::{report, report_private};
pub use ruleset::{DataError, Godzilla, Ruleset, Side, Variant};
pub use section::Rule;
pub use state::State;
pub use template::{template, template_private};

/// Reads a state file (RON).
pub fn state_from_ron(text: &str) -> Result<State, ron::error::SpannedError> {
    ron::from_str(text)
}

/// Writes a state file (RON), the same bytes on every machine.
pub fn state_to_ron(state: &State) -> Result<String, ron::Error> {
    ron::ser::to_string_pretty(state, ron::ser::PrettyConfig::default())
}
