//! `blitz html DIR --out FILE` of a Mori game folder: the replay page of
//! `mori::replay` (the board after each step, the draws as they became public, the
//! reveals at the end), written as BLITZKRIEG's is.

use crate::cli::html::{write, Args};
use crate::cli::kind::folder_files;
use std::process::ExitCode;

/// Exit 1 when its states cannot be read or do not follow one another; nothing is
/// written then.
pub fn run(args: &Args) -> miette::Result<ExitCode> {
    let all = folder_files(&args.path)?;
    let (page, shown) = match mori::replay::render(&all) {
        Ok(p) => p,
        Err(e) => {
            errln!("{}: {e}", args.path.display());
            return Ok(ExitCode::from(1));
        }
    };
    write(&args.out, &page, shown.steps, &shown.first, &shown.last)?;
    Ok(ExitCode::SUCCESS)
}
