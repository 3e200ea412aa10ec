//! BLITZKRIEG play-by-e-mail umpire.
//!
//! A pure engine ([`engine::adjudicate`]) takes a game state, one player's orders and a
//! published seed, and returns the next state and the events of the turn; everything
//! else (files, mail, drawing) is a thin shell around it, in the `blitzkrieg-desk`
//! crate: this one has no drawing, mail or file dependency (`docs/design.md`). Rules that are data (board,
//! counters, order of appearance, combat tables) live under `rules/` and `tables/` and
//! are embedded in the binary as the default.

// The dice of `pbem`, named at the root so that the tables read them as `crate::dice`:
// the build script, which compiles the tables to check and write the embedded table
// files, compiles its own copy of the module under that name.
use pbem::dice;

#[macro_use]
pub mod cite;
#[macro_use]
pub mod problems;
pub mod air;
pub mod ascendancy;
pub mod automatic;
pub mod board;
pub mod builder;
pub mod codes;
pub mod combat;
mod compiled;
pub mod control;
pub mod embedded_hash;
pub mod engine;
pub mod event;
pub mod guide;
pub mod hex;
pub mod hints;
pub mod marker;
pub mod minor;
pub mod model;
pub mod movement;
pub mod odds;
pub mod order_problem;
pub mod orders;
pub mod position;
pub mod position_file;
pub mod readings;
pub mod replacements;
// 36: critical resources.
pub mod report;
pub mod resources;
pub mod rules;
pub mod ruleset;
pub mod sea;
pub mod search;
pub mod seed_names;
pub mod sequence;
pub mod sketch;
pub mod state;
pub mod substitutes;
pub mod summary;
pub mod supply;
pub mod tables;
pub mod units;
pub mod victory;
// 34 (weather)
pub mod weather;
// 33: additional bombing missions (optional rule).
pub mod bombing;
// 32: air combat (optional rule).
pub mod air_combat;
// 37-41: BLITZKRIEG '85.
pub mod eighty5;
// Layers: the roll a rule draws, under every rule that draws one.
pub mod roll;
