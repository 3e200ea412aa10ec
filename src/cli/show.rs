//! `blitz show`.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`blitz show` is not built yet"))
}
