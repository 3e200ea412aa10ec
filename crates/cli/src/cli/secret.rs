//! `blitz secret`: a Mori player's secret (`docs/hidden.md`). Made on his own machine
//! for a game another player creates (the line it prints goes to `blitz new
//! --commitment`), kept in his private folder and never mailed; with `--reveal`, at
//! the end of the war, written beside the game's states so `blitz verify` replays
//! every hidden draw.

use crate::cli::kind::{GameKind, PrivateArgs};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game the secret is for: `mori` (base game) or `nippon`.
    #[arg(long, value_enum, default_value = "mori")]
    pub kind: GameKind,
    /// The game id.
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    /// Reveal your secret for the game of this state (its war must be over).
    #[arg(long, value_name = "STATE", conflicts_with_all = ["game"])]
    pub reveal: Option<PathBuf>,
    /// Where to write the revealed secret (default: the state's folder).
    #[arg(long, value_name = "DIR", requires = "reveal")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub private: PrivateArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    crate::cli::mori_commands::secret::secret(&args)
}
