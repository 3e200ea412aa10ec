//! `blitz check`.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`blitz check` is not built yet"))
}
