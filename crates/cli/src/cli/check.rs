//! `blitz check STATE ORDERS`: every problem of an order file, each with file, line,
//! column, unit and rule, a caret under the bad value. Exit 1 when any order is illegal.

use crate::cli::common::{self, RuleArgs};
use blitzkrieg::orders::Diagnostics;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The state file the orders apply to.
    pub state: PathBuf,
    /// The order file (TOML, or a mail message with the orders attached or quoted).
    pub orders: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    let state = files::read_bytes(&args.state)?;
    let orders = common::read_orders(&args.orders)?;
    let errors =
        blitzkrieg::game::check(&umpire, &state, &args.state.display().to_string(), &orders)?;
    if errors.is_empty() {
        outln!("{}: every order is legal", orders.name);
        return Ok(ExitCode::SUCCESS);
    }
    err!(
        "{}",
        Diagnostics::new(&orders.name, &orders.toml, errors).render(common::color())
    );
    Ok(ExitCode::from(1))
}
