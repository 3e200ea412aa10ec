//! `blitz man [COMMAND]`: the manual page in roff, on standard output: blitz(1), or
//! blitz-COMMAND(1) for one command. The README has the command that installs them.

use miette::{miette, IntoDiagnostic};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The command whose page to print (default: blitz's own page).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

pub fn run(args: Args, command: clap::Command) -> miette::Result<ExitCode> {
    let command = command.version(env!("CARGO_PKG_VERSION"));
    let page = match &args.command {
        None => command,
        Some(name) => {
            let names: Vec<String> = command
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let sub = command.find_subcommand(name).cloned().ok_or_else(|| {
                miette!(
                    "`{name}` is not a blitz command: one of {}",
                    names.join(", ")
                )
            })?;
            sub.display_name(format!("blitz-{name}"))
                .bin_name(format!("blitz {name}"))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .into_diagnostic()?;
    out!("{}", String::from_utf8_lossy(&roff));
    Ok(ExitCode::SUCCESS)
}
