//! `blitz commit`: prints the one-line commitment a player mails before the seed is
//! published. It refuses (exit 1, no commitment) orders that `blitz check` refuses, and
//! orders whose seed may already be known: a drand round already published, a trading
//! date or an agreed value's date already begun. The clock is read here, never in the
//! library; `--at` judges as of another time (a referee checking a commitment against
//! the date of its mail). `blitz commit STATE ORDERS`, as `check` and `resolve`
//! take them (`--state`/`--orders` say the same); ORDERS `-` is standard input.

use crate::cli::common::{self, RuleArgs};
use crate::cli::kept_mail::utc;
use crate::cli::kind::{dispatch, PerGame, Played};
use crate::cli::mori_commands;
use blitzkrieg::orders::Diagnostics;
use blitzkrieg_desk::game;
use miette::{miette, IntoDiagnostic, WrapErr};
use pbem::commit;
use pbem::seed::NamedSeed;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The state file the orders apply to.
    #[arg(value_name = "STATE", required_unless_present = "state_flag")]
    pub state: Option<PathBuf>,
    /// The order file, exactly as it will be mailed (`-`: standard input).
    #[arg(value_name = "ORDERS", required_unless_present = "orders_flag")]
    pub orders: Option<PathBuf>,
    /// The state file, as an option (the same as STATE).
    #[arg(long = "state", value_name = "STATE", conflicts_with = "state")]
    pub state_flag: Option<PathBuf>,
    /// The order file, as an option (the same as ORDERS).
    #[arg(long = "orders", value_name = "ORDERS", conflicts_with = "orders")]
    pub orders_flag: Option<PathBuf>,
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
    let (state_path, orders_path) = match (
        args.state.clone().or(args.state_flag.clone()),
        args.orders.clone().or(args.orders_flag.clone()),
    ) {
        (Some(s), Some(o)) => (s, o),
        _ => {
            return Err(miette!(
                "give the state file and the order file: blitz commit STATE ORDERS"
            ))
        }
    };
    let played = Played::of_state(&state_path);
    let command = Committing {
        args,
        now,
        state_path,
        orders_path,
    };
    dispatch(played, command)
}

/// `blitz commit` with its files named and the time it judges the seed by.
struct Committing {
    args: Args,
    now: i64,
    state_path: PathBuf,
    orders_path: PathBuf,
}

impl PerGame for Committing {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        let (state, orders) = (&self.state_path, &self.orders_path);
        mori_commands::commit::mori_commit(state, orders, &self.args.private, self.now)
    }
}

fn blitzkrieg(command: Committing) -> miette::Result<ExitCode> {
    let Committing {
        args,
        now,
        state_path,
        orders_path,
    } = command;
    let state = pbem::files::read_game_file(&state_path)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the state file {}", state_path.display()))?;
    common::state_comes_first("commit", &state_path, &state, &orders_path)?;
    let orders = common::read_order_bytes(&orders_path)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the order file {}", orders_path.display()))?;
    let umpire = args.rules.umpire()?;
    let text = game::order_text(&orders, &common::orders_name(&orders_path))?;
    common::say_warnings(&text, &blitzkrieg_desk::unread::warnings(&orders, &text));
    let state_name = state_path.display().to_string();
    match game::check_for_commit(umpire, &state, &state_name, &text)? {
        Err(errors) => {
            err!(
                "{}",
                Diagnostics::new(&text.name, &text.toml, errors)
                    .numbered(&text.source_lines)
                    .render(common::color())
            );
            errln!("no commitment was made: commit to orders that `blitz check` accepts");
            Ok(ExitCode::from(1))
        }
        Ok(Some(seed)) if seed.known_from <= now => {
            refuse_published(
                Path::new(&text.name),
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
