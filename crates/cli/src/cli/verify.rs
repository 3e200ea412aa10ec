//! `blitz verify DIR`: replays a whole game folder and says that every state follows
//! from its predecessor, orders and seed, or where the first divergence is.

use crate::cli::common::RuleArgs;
use blitzkrieg::game::{self, GameError};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game folder (states, orders, seeds; see docs/state.md).
    pub dir: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    match game::verify_dir(&umpire, &args.dir) {
        Ok(v) => {
            outln!(
                "{}: {} player-turns replayed, every state follows ({})",
                args.dir.display(),
                v.turns.len(),
                v.turns.join(", ")
            );
            outln!("last state: {}", v.last);
            Ok(ExitCode::SUCCESS)
        }
        Err(GameError::Orders { rendered, .. }) => {
            err!("{rendered}");
            errln!(
                "{}: DIVERGES: the orders kept there are refused",
                args.dir.display()
            );
            Ok(ExitCode::from(1))
        }
        Err(e) => {
            errln!("{}: DIVERGES: {e}", args.dir.display());
            Ok(ExitCode::from(1))
        }
    }
}
