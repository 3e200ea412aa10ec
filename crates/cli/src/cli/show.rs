//! `blitz show STATE`: the position at a glance (`--format json`: as one document).

use crate::cli::common::RuleArgs;
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
    /// A state file.
    pub state: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub output: FormatArgs,
    #[command(flatten)]
    pub private: crate::cli::kind::PrivateArgs,
    /// Mori: write the order template of the side to move, made from his private
    /// file, to FILE (never over an existing file) instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    dispatch(Played::of_state(&args.state), args)
}

impl PerGame for Args {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        let json = self.output.is_json();
        let out = self.out.as_deref();
        mori_commands::show::mori_show(&self.state, &self.private, json, out)
    }
}

fn blitzkrieg(args: Args) -> miette::Result<ExitCode> {
    if args.out.is_some() {
        return Err(miette::miette!(
            help = "`blitz resolve` and `blitz new` write its template into the game folder (NN-TURN-SIDE.template.toml)",
            "--out writes a Mori player's private order template; {} is a BLITZKRIEG state",
            args.state.display()
        ));
    }
    if args.output.is_json() {
        return Ok(output::run("show", || run_json(&args)));
    }
    let umpire = args.rules.umpire()?;
    let bytes = files::read_game_file(&args.state)?;
    let state = game::read_state(&bytes, &args.state.display().to_string())?;
    let rules = umpire.rules_for(&state)?;
    out!("{}", blitzkrieg::summary::render(&rules, &state));
    Ok(ExitCode::SUCCESS)
}

fn run_json(args: &Args) -> Result<ExitCode, GameError> {
    let umpire = output::umpire(&args.rules)?;
    let file = args.state.display().to_string();
    let state = game::read_state(&files::read_game_file(&args.state)?, &file)?;
    umpire.rules_for(&state)?;
    output::print(&json::show(&umpire.rules, &state, &file))?;
    Ok(ExitCode::SUCCESS)
}
