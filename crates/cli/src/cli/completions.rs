//! `blitz completions SHELL`: the shell completion script, on standard output. The
//! README says where each shell looks for it.

use clap_complete::Shell;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(args: Args, mut command: clap::Command) -> miette::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "blitz", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}
