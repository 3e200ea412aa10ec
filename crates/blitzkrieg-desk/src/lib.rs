//! The desk of BLITZKRIEG's umpire: what is shown and filed around the pure rules of
//! the `blitzkrieg` crate. The game folder and its files ([`game`], [`signed`]), the
//! map picture ([`map`], [`svg`]), the replay page ([`replay`]), the JSON output
//! ([`json`]), the demo ([`demo`]), the order template ([`template`]), the turn mails
//! ([`turn_mail`]) and the battle preview of `blitz check` ([`preview`]).
//!
//! The rules crate imports nothing from here, and has no drawing, mail or file
//! dependency: the compiler keeps the layers (`docs/design.md`, "Layers").

#[macro_use]
extern crate blitzkrieg;

pub mod arguments;
pub mod codes;
pub mod demo;
pub mod game;
pub mod json;
pub mod map;
pub mod pbem_game;
pub mod preview;
pub mod reach;
pub mod replay;
pub mod signed;
pub mod svg;
pub mod template;
pub mod turn_mail;
pub mod unread;
