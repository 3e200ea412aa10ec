//! `blitz report STATE`: prints again the report of the player-turn that produced a
//! state (it is rendered from the events the state keeps). `--format json`: the
//! header and the events themselves, as one document.

use crate::cli::kind::{dispatch, PerGame, Played};
use crate::cli::mori_commands;
use crate::cli::output::{self, FormatArgs};
use blitzkrieg_desk::game::{self, GameError};
use blitzkrieg_desk::json;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A state file written by `blitz resolve`.
    pub state: PathBuf,
    #[command(flatten)]
    pub output: FormatArgs,
    #[command(flatten)]
    pub rules: crate::cli::common::RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    dispatch(Played::of_state(&args.state), args)
}

impl PerGame for Args {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        mori_commands::show::mori_report(&self.state, self.output.is_json())
    }
}

fn blitzkrieg(args: Args) -> miette::Result<ExitCode> {
    if args.output.is_json() {
        return Ok(output::run("report", || run_json(&args)));
    }
    let bytes = files::read_game_file(&args.state)?;
    let state = game::read_state(&bytes, &args.state.display().to_string())?;
    if state.chain.previous_state.is_none() {
        outln!(
            "{} is a new game: no player-turn has been resolved yet",
            args.state.display()
        );
    } else {
        let rules = args.rules.umpire()?.rules_for(&state)?;
        out!("{}", blitzkrieg::report::render_state(&rules, &state));
    }
    Ok(ExitCode::SUCCESS)
}

fn run_json(args: &Args) -> Result<ExitCode, GameError> {
    let file = args.state.display().to_string();
    let state = game::read_state(&files::read_game_file(&args.state)?, &file)?;
    output::print(&json::report(&state, &file))?;
    Ok(ExitCode::SUCCESS)
}
