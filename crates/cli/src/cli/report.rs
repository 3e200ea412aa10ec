//! `blitz report STATE`: prints again the report of the player-turn that produced a
//! state (it is rendered from the events the state keeps).

use blitzkrieg::game;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A state file written by `blitz resolve`.
    pub state: PathBuf,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let bytes = files::read_bytes(&args.state)?;
    let state = game::read_state(&bytes, &args.state.display().to_string())?;
    if state.chain.previous_state.is_none() {
        outln!(
            "{} is a new game: no player-turn has been resolved yet",
            args.state.display()
        );
    } else {
        out!("{}", blitzkrieg::report::render_state(&state));
    }
    Ok(ExitCode::SUCCESS)
}
