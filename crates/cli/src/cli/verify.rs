//! `blitz verify PATH`: replays a whole game folder and says that every state follows
//! from its predecessor, orders and seed, or where the first divergence is. PATH may
//! also be the game's mail (a folder of `.eml` files or an mbox file): the folder its
//! turn messages carry is rebuilt and replayed (`kept_mail`).
//! `--format json`: the same, as one document (exit codes unchanged).

use crate::cli::common::RuleArgs;
use crate::cli::kept_mail::{self, Rebuilt};
use crate::cli::output::{self, FormatArgs};
use blitzkrieg::game::{self, GameError};
use blitzkrieg::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game folder (states, orders, seeds; see docs/state.md), or the game's mail:
    /// a folder of .eml files or an mbox file holding its turn messages.
    pub dir: PathBuf,
    /// With the mail of several games, the game to verify.
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub output: FormatArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    if let Some(code) = crate::cli::kind::mori_verify(&args.dir, args.output.is_json())? {
        return Ok(code);
    }
    if args.output.is_json() {
        return Ok(output::run("verify", || run_json(&args)));
    }
    let umpire = args.rules.umpire()?;
    let rebuilt = if kept_mail::is_mail(&args.dir) {
        match Rebuilt::from_mail(&args.dir, args.game.as_deref()) {
            Ok(r) => {
                outln!("{}: {}", args.dir.display(), r.summary);
                Some(r)
            }
            Err(GameError::Incomplete(why)) => {
                errln!("{}: INCOMPLETE: {why}", args.dir.display());
                return Ok(ExitCode::from(1));
            }
            Err(e) => return Err(e.into()),
        }
    } else {
        None
    };
    let dir = rebuilt.as_ref().map_or(args.dir.as_path(), Rebuilt::dir);
    let result = game::verify_dir(umpire, dir);
    let result = match &rebuilt {
        Some(r) => result
            .map(|mut v| {
                v.last = r.carried(&v.last);
                v
            })
            .map_err(|e| r.relabel_error(e)),
        None => result,
    };
    match result {
        Ok(v) => {
            outln!(
                "{}: {} player-turns replayed, all of them: every one of its {} states follows ({})",
                args.dir.display(),
                v.turns.len(),
                v.states,
                v.turns.join(", ")
            );
            outln!(
                "first state: SHA-256 {} (compare it with the opening mail)",
                v.first_hash
            );
            outln!("last state: {}", v.last);
            Ok(ExitCode::SUCCESS)
        }
        Err(GameError::Orders { rendered, .. }) => {
            err!("{rendered}");
            errln!(
                "{}: DIVERGES: the orders kept there are refused",
                args.dir.display()
            );
            Ok(ExitCode::from(1))
        }
        Err(GameError::Incomplete(why)) => {
            errln!("{}: INCOMPLETE: {why}", args.dir.display());
            Ok(ExitCode::from(1))
        }
        Err(e @ GameError::File(_)) => Err(e.into()),
        Err(e) => {
            errln!("{}: DIVERGES: {e}", args.dir.display());
            Ok(ExitCode::from(1))
        }
    }
}

fn run_json(args: &Args) -> Result<ExitCode, GameError> {
    let umpire = output::umpire(&args.rules)?;
    let result = if kept_mail::is_mail(&args.dir) {
        match Rebuilt::from_mail(&args.dir, args.game.as_deref()) {
            Ok(r) => game::verify_dir(&umpire, r.dir())
                .map(|mut v| {
                    v.last = r.carried(&v.last);
                    v
                })
                .map_err(|e| r.relabel_error(e)),
            Err(e @ GameError::Incomplete(_)) => Err(e),
            Err(e) => return Err(e),
        }
    } else {
        game::verify_dir(&umpire, &args.dir)
    };
    let doc = json::verify(&args.dir.display().to_string(), &result);
    output::print(&doc)?;
    Ok(if doc.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
