//! `blitz html DIR --out FILE`: writes the replay page of a game folder, one
//! self-contained HTML file to step through the game player-turn by player-turn
//! (`blitzkrieg_desk::replay`; Mori's game: `mori::replay`).

use crate::cli::common::RuleArgs;
use crate::cli::kind::{dispatch, PerGame, Played};
use blitzkrieg_desk::replay;
use miette::{IntoDiagnostic, WrapErr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game folder (its states, in order; see docs/state.md).
    pub path: PathBuf,
    /// The HTML file to write (`-` writes to standard output).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Exit 0 written; 1 the folder holds no game that can be read; 2 the file could not
/// be written.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    dispatch(Played::of_folder(&args.path)?, args)
}

impl PerGame for Args {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        crate::cli::mori_html::run(&self)
    }
}

fn blitzkrieg(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    let game = match replay::read_game(&args.path) {
        Ok(g) => g,
        Err(e) => {
            errln!("{:?}", miette::Report::new(e));
            return Ok(ExitCode::from(1));
        }
    };
    let page = replay::render(&umpire.rules, &game)?;
    write(
        &args.out,
        &page,
        game.len(),
        game.first().map_or("", |k| k.file.as_str()),
        game.last().map_or("", |k| k.file.as_str()),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Writes a replay page to `out` (`-`: standard output) and says what it holds.
pub fn write(out: &Path, page: &str, steps: usize, first: &str, last: &str) -> miette::Result<()> {
    if out.as_os_str() == "-" {
        out!("{page}");
    } else {
        std::fs::write(out, page)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot write {}", out.display()))?;
        note!("wrote {} ({steps} steps, {first} to {last})", out.display());
    }
    Ok(())
}
