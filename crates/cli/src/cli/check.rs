//! `blitz check STATE ORDERS`: every problem of an order file, each with file, line,
//! column, unit and rule, a caret under the bad value. Exit 1 when any order is illegal.
//! `--format json`: the same problems, each with its stable code, as one document.
//! In a game with signed orders, legal orders are then refused (exit 2) unless they
//! come signed with the side's key, so a player can check a draft before signing it.
//! What the file holds that is not read (order tables outside the marker lines) or
//! reads as no order at all is said first, as warnings (`blitzkrieg_desk::unread`).

use crate::cli::common::{self, RuleArgs, SignatureArgs};
use crate::cli::kind::{dispatch, PerGame, Played};
use crate::cli::mori_commands;
use crate::cli::output::{self, FormatArgs};
use blitzkrieg::orders::Diagnostics;
use blitzkrieg_desk::game::{self, GameError};
use blitzkrieg_desk::json;
use blitzkrieg_desk::signed;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The state file the orders apply to.
    pub state: PathBuf,
    /// The order file (TOML, or a mail message with the orders attached or quoted);
    /// `-` reads it from standard input.
    pub orders: PathBuf,
    #[command(flatten)]
    pub signature: SignatureArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub output: FormatArgs,
    #[command(flatten)]
    pub private: crate::cli::kind::PrivateArgs,
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
        mori_commands::commit::mori_check(&self.state, &self.orders, &self.private, json)
    }
}

fn blitzkrieg(args: Args) -> miette::Result<ExitCode> {
    if args.output.is_json() {
        return Ok(output::run("check", || run_json(&args)));
    }
    let umpire = args.rules.umpire()?;
    let state = files::read_game_file(&args.state)?;
    common::state_comes_first("check", &args.state, &state, &args.orders)?;
    let (orders, signature, warnings) =
        common::read_signed_orders_noting(&args.orders, &args.signature)?;
    let state_file = args.state.display().to_string();
    let checked = blitzkrieg_desk::game::check_and_preview(umpire, &state, &state_file, &orders)?;
    common::say_warnings(&orders, &warnings);
    let errors = checked.errors;
    if errors.is_empty() {
        let mover = checked.state;
        signed::check(&mover, &orders, signature.as_ref())?;
        if signed::required(&mover) {
            outln!(
                "{}: every order is legal, and signed with the key registered for {}",
                orders.name,
                mover.mover().map_or(String::new(), |s| s.to_string())
            );
        } else {
            outln!("{}: every order is legal", orders.name);
        }
        out!("{}", blitzkrieg_desk::preview::render(&checked.battles));
        return Ok(ExitCode::SUCCESS);
    }
    err!(
        "{}",
        Diagnostics::new(&orders.name, &orders.toml, errors)
            .numbered(&orders.source_lines)
            .render(common::color())
    );
    Ok(ExitCode::from(1))
}

fn run_json(args: &Args) -> Result<ExitCode, GameError> {
    let umpire = output::umpire(&args.rules)?;
    let state_file = args.state.display().to_string();
    let state = files::read_game_file(&args.state)?;
    common::state_comes_first("check", &args.state, &state, &args.orders)?;
    let (orders, signature) = common::read_signed_orders(&args.orders, &args.signature)?;
    let errors = game::check(&umpire, &state, &state_file, &orders)?;
    if errors.is_empty() {
        signed::check_for_state_file(&state, &state_file, &orders, signature.as_ref())?;
    }
    let doc = json::check(&orders.name, &orders.toml, &state_file, &errors)
        .numbered(&orders.source_lines);
    output::print(&doc)?;
    Ok(if doc.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
