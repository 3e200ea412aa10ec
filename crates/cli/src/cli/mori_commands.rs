//! Every command's form for Paolo Mori's BLITZKRIEG! (base game and Nippon), one module a
//! command, each beside the BLITZKRIEG command that calls it first (`kind.rs` says which
//! game a state is of and holds what they share).

pub mod commit;
pub mod mail;
pub mod new;
pub mod resolve;
pub mod secret;
pub mod show;
pub mod verify;
