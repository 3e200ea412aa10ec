//! `blitz commit`: prints the one-line commitment a player mails before the seed is
//! published. It refuses (exit 1, no commitment) orders that `blitz check` refuses, and
//! orders whose seed may already be known: a drand round already published, a trading
//! date or an agreed value's date already begun. The clock is read here, never in the
//! library; `--at` judges as of another time (a referee checking a commitment against
//! the date of its mail).

use crate::cli::common::{self, RuleArgs};
use blitzkrieg::game;
use blitzkrieg::orders::Diagnostics;
use miette::{miette, IntoDiagnostic, WrapErr};
use pbem::commit;
use pbem::seed::NamedSeed;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The state file the orders apply to.
    #[arg(long)]
    pub state: PathBuf,
    /// The order file, exactly as it will be mailed.
    #[arg(long)]
    pub orders: PathBuf,
    /// Judge whether the seed is still unknown as of this time (RFC 3339) instead of
    /// now: for a referee, the Date of the mail that carried the commitment.
    #[arg(long, value_name = "RFC3339")]
    pub at: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub private: crate::cli::kind::PrivateArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let now = match &args.at {
        Some(t) => chrono::DateTime::parse_from_rfc3339(t)
            .map_err(|e| miette!("--at {t}: not an RFC 3339 time: {e}"))?
            .timestamp(),
        None => chrono::Utc::now().timestamp(),
    };
    if let Some(code) =
        crate::cli::kind::mori_commit(&args.state, &args.orders, &args.private, now)?
    {
        return Ok(code);
    }
    let state = pbem::files::read_bytes(&args.state)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the state file {}", args.state.display()))?;
    let orders = pbem::files::read_bytes(&args.orders)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the order file {}", args.orders.display()))?;
    let umpire = args.rules.umpire()?;
    let text = game::order_text(&orders, &args.orders.display().to_string())?;
    let state_name = args.state.display().to_string();
    match game::check_for_commit(&umpire, &state, &state_name, &text)? {
        Err(errors) => {
            err!(
                "{}",
                Diagnostics::new(&text.name, &text.toml, errors).render(common::color())
            );
            errln!("no commitment was made: commit to orders that `blitz check` accepts");
            Ok(ExitCode::from(1))
        }
        Ok(Some(seed)) if seed.known_from <= now => {
            refuse_published(
                &args.orders,
                &seed,
                "PBM ¶2: the value that decides the battles must come after the orders are committed",
            );
            Ok(ExitCode::from(1))
        }
        Ok(_) => {
            outln!("{}", commit::orders_commitment(&state, &text.toml));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Refuses orders whose seed may already be known (exit 1, no commitment), saying
/// since when and why it must come after the commitment: `why` cites the game's rule.
pub fn refuse_published(orders: &Path, seed: &NamedSeed, why: &str) {
    errln!(
        "error: {}: {} {} {}; name a seed that does not exist yet ({why})",
        orders.display(),
        seed.what,
        seed.known_how,
        utc(seed.known_from)
    );
    errln!("no commitment was made");
}

fn utc(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}
