//! One module per `blitz` subcommand. Each has a clap `Args` (the plain config) and a
//! `run` that does the work through the library and returns the exit code.
//! Exit codes: 0 done, 1 the input was checked and found illegal, 2 the command failed.

pub mod board;
pub mod check;
pub mod commit;
pub mod common;
pub mod completions;
pub mod demo;
pub mod global;
pub mod help;
pub mod html;
pub mod kept_mail;
pub mod kind;
pub mod mail;
pub mod man;
pub mod mori_commands;
pub mod mori_demo;
pub mod mori_html;
pub mod mori_problems;
pub mod new;
pub mod output;
pub mod position;
// 37.21: BLITZKRIEG '85.
pub mod purchase;
pub mod reach;
pub mod repair;
pub mod report;
pub mod resolve;
pub mod roll;
pub mod secret;
pub mod seed;
pub mod show;
pub mod tables;
pub mod verify;
