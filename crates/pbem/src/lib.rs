//! Play-by-e-mail machinery that knows no game.
//!
//! Dice derived from a published seed ([`dice`], [`seed`]), commit and reveal
//! ([`commit`]), files written whole or not at all ([`files`]), the game folder, its
//! files and its replay ([`folder`]), mail out and orders in ([`mail`]), orders signed
//! with a player's OpenSSH key ([`sshsig`]), how many of a file's problems a player is
//! shown ([`problems`]). A game (BLITZKRIEG, Mori's BLITZKRIEG!)
//! plugs into this through the [`game::Game`] trait and [`folder::Replay`]; nothing
//! here imports a game's types.

pub mod commit;
pub mod dice;
pub mod divergence;
pub mod envelope;
pub mod files;
pub mod folder;
pub mod game;
pub mod mail;
pub mod problems;
pub mod seed;
pub mod sshsig;
