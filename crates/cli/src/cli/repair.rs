//! `blitz repair DIR`: finishes a write a killed command left in a game folder (its
//! files staged and its journal written: the renames are done) or discards one killed
//! before its journal (nothing was decided). Every command that writes a game folder
//! does this first for itself; the commands that only read it (`verify`, `mail`,
//! `check`, `show`, ...) never write, and refuse a folder with an unfinished write,
//! naming this command. A staging folder the umpire did not leave is refused, and
//! nothing is touched (`docs/pbem.md`, "The staging folder").

use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game folder.
    pub dir: PathBuf,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let found = files::recover(&args.dir)?;
    match found {
        0 => outln!("{}: no unfinished write; nothing to do", args.dir.display()),
        n => outln!(
            "{}: {n} interrupted write{} finished or discarded; the folder is whole",
            args.dir.display(),
            if n == 1 { "" } else { "s" }
        ),
    }
    Ok(ExitCode::SUCCESS)
}
