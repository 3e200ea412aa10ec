//! `blitz position STATE`: a state written as a position file (`docs/position.md`), to
//! start another game from it with `blitz new --position`.

use crate::cli::common::RuleArgs;
use blitzkrieg::position_file;
use blitzkrieg_desk::game;
use miette::miette;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A state file.
    pub state: PathBuf,
    /// Write the position to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace the file if it exists.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    let bytes = files::read_game_file(&args.state)?;
    let state = game::read_state(&bytes, &args.state.display().to_string())?;
    umpire.rules_for(&state)?;
    let text = position_file::write(&state).map_err(|e| miette!("{e}"))?;
    match &args.out {
        Some(path) => {
            files::write_all(&[(path.clone(), text.into_bytes())], args.force)?;
            note!("wrote {}", path.display());
        }
        None => out!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
