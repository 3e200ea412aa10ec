//! `blitz resolve STATE ORDERS --beacon/--seed-text/--sales ...`: resolves a player-turn
//! and writes the new state, the report and the next template into the game folder,
//! all or nothing, never over an existing file without `--force`. With `--mail` the
//! turn then goes to both players.

use crate::cli::common::{self, RuleArgs, SeedArgs};
use crate::cli::mail::{describe, transport_from_args, TransportArgs};
use blitzkrieg::game::{self, GameError};
use miette::miette;
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
    pub seed: SeedArgs,
    /// The commitment the mover mailed before the seed was published: refuse orders
    /// that do not match it.
    #[arg(long, value_name = "HEX")]
    pub commitment: Option<String>,
    /// The game folder to write into (default: the state file's folder).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace files that exist.
    #[arg(long)]
    pub force: bool,
    /// Mail the turn to both players afterwards.
    #[arg(long)]
    pub mail: bool,
    /// The Date of the mail (RFC 3339; default: now).
    #[arg(long, value_name = "RFC3339")]
    pub date: Option<String>,
    #[command(flatten)]
    pub transport: TransportArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    let state_bytes = files::read_bytes(&args.state)?;
    let orders = common::read_orders(&args.orders)?;
    let seed = args.seed.input()?;
    let resolved = game::resolve(
        &umpire,
        &state_bytes,
        &args.state.display().to_string(),
        &orders,
        seed.as_ref(),
        args.commitment.as_deref(),
        common::color(),
    );
    let r = match resolved {
        Ok(r) => r,
        Err(GameError::Orders { rendered, .. }) => {
            eprint!("{rendered}");
            eprintln!("nothing was written");
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e.into()),
    };
    let dir = args.out.clone().unwrap_or_else(|| {
        args.state
            .parent()
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("."))
    });
    let out = game::resolution_files(&dir, &r, &orders, seed.as_ref(), args.commitment.as_deref());
    files::write_all(&out, args.force)?;
    print!("{}", r.report);
    println!();
    for (p, _) in &out {
        println!("wrote {}", p.display());
    }
    if args.mail {
        let date = match &args.date {
            Some(d) => chrono::DateTime::parse_from_rfc3339(d)
                .map_err(|e| miette!("--date {d}: {e}"))?
                .with_timezone(&chrono::Utc),
            None => chrono::Utc::now(),
        };
        let message = game::turn_mail(&umpire, &r, date)?;
        let (transport, outbox) =
            transport_from_args(&args.transport).map_err(|e| miette!("{e}"))?;
        let delivery =
            pbem::mail::deliver(&message, &transport, &outbox).map_err(|e| miette!("{e}"))?;
        print!("{}", describe(&delivery));
    }
    Ok(ExitCode::SUCCESS)
}
