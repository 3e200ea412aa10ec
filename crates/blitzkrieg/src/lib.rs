//! BLITZKRIEG play-by-e-mail umpire.
//!
//! A pure engine ([`engine::adjudicate`]) takes a game state, one player's orders and a
//! published seed, and returns the next state and the events of the turn; everything
//! else (files, mail, drawing) is a thin shell around it. Rules that are data (board,
//! counters, order of appearance, combat tables) live under `rules/` and `tables/` and
//! are embedded in the binary as the default.

#[macro_use]
pub mod cite;
#[macro_use]
pub mod problems;
pub mod air;
pub mod arguments;
pub mod automatic;
pub mod board;
pub mod builder;
pub mod codes;
pub mod combat;
mod compiled;
pub mod control;
pub mod demo;
pub mod engine;
pub mod event;
pub mod game;
pub mod guide;
pub mod hex;
pub mod hints;
pub mod json;
pub mod map;
pub mod marker;
pub mod minor;
pub mod model;
pub mod movement;
pub mod odds;
pub mod orders;
pub mod pbem_game;
pub mod position;
pub mod position_file;
pub mod preview;
pub mod reach;
pub mod readings;
pub mod replacements;
pub mod replay;
pub mod report;
pub mod rules;
pub mod ruleset;
pub mod sea;
pub mod search;
pub mod seed_names;
pub mod sequence;
pub mod signed;
pub mod sketch;
pub mod state;
pub mod substitutes;
pub mod summary;
pub mod supply;
pub mod svg;
pub mod tables;
pub mod template;
pub mod turn_mail;
pub mod units;
pub mod unread;
pub mod victory;
