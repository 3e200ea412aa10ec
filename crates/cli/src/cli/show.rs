//! `blitz show STATE`: the position at a glance.

use crate::cli::common::RuleArgs;
use blitzkrieg::game;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A state file.
    pub state: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    let bytes = files::read_bytes(&args.state)?;
    let state = game::read_state(&bytes, &args.state.display().to_string())?;
    out!("{}", blitzkrieg::summary::render(&umpire.rules, &state));
    Ok(ExitCode::SUCCESS)
}
