//! `blitz commit`: prints the one-line commitment a player mails before the seed is
//! published. It refuses (exit 1, no commitment) orders that `blitz check` refuses, and
//! orders whose seed may already be known: a drand round already published, a trading
//! date or an agreed value's date already begun. The clock is read here, never in the library; `--at` judges as of
//! another time (a referee checking a commitment against the date of its mail).

use crate::cli::common::{self, RuleArgs};
use crate::commit;
use crate::orders::Diagnostics;
use crate::seed::DrandChain;
use miette::{miette, IntoDiagnostic, WrapErr};
use std::path::PathBuf;
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
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let state = std::fs::read(&args.state)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the state file {}", args.state.display()))?;
    let orders = std::fs::read(&args.orders)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the order file {}", args.orders.display()))?;
    let now = match &args.at {
        Some(t) => chrono::DateTime::parse_from_rfc3339(t)
            .map_err(|e| miette!("--at {t}: not an RFC 3339 time: {e}"))?
            .timestamp(),
        None => chrono::Utc::now().timestamp(),
    };
    let umpire = args.rules.umpire()?;
    let text = common::read_orders(&args.orders)?;
    let errors = crate::game::check(&umpire, &state, &args.state.display().to_string(), &text)?;
    if !errors.is_empty() {
        eprint!(
            "{}",
            Diagnostics::new(&text.name, &text.toml, errors).render(common::color())
        );
        eprintln!("no commitment was made: commit to orders that `blitz check` accepts");
        return Ok(ExitCode::from(1));
    }
    let state_hash = hex::encode(commit::state_hash(&state));
    let check = check(&orders, &state_hash, now);
    for w in &check.warnings {
        eprintln!("warning: {w}");
    }
    if let Some(known) = check.seed_known {
        eprintln!(
            "error: {}: {known}; name a seed that does not exist yet (PBM ¶2: the value that \
             decides the battles must come after the orders are committed)",
            args.orders.display()
        );
        eprintln!("no commitment was made");
        return Ok(ExitCode::from(1));
    }
    println!("{}", commit::commitment(&state, &orders));
    Ok(ExitCode::SUCCESS)
}

/// What `commit` found in an order file.
#[derive(Debug, Default)]
struct Check {
    /// Why the named seed may already be known at `now`, if it may.
    seed_known: Option<String>,
    /// What the player should know but may commit anyway.
    warnings: Vec<String>,
}

/// Reads the order file's `state` and `[seed]`: the state must be this one (a warning:
/// the commitment covers whatever bytes it is given) and the seed must not exist yet
/// at `now` (Unix seconds).
fn check(orders: &[u8], state_hash: &str, now: i64) -> Check {
    let mut out = Check::default();
    let Ok(text) = std::str::from_utf8(orders) else {
        out.warnings
            .push("the order file is not UTF-8 text".to_string());
        return out;
    };
    let doc: toml::Table = match toml::from_str(text) {
        Ok(d) => d,
        Err(e) => {
            out.warnings.push(format!(
                "the order file is not valid TOML ({}); the commitment covers its bytes all the same",
                e.message()
            ));
            return out;
        }
    };
    if let Some(s) = doc.get("state").and_then(|v| v.as_str()) {
        if !s.trim().eq_ignore_ascii_case(state_hash) {
            out.warnings.push(format!(
                "the order file's state = \"{s}\" is not the hash of this state file ({state_hash})"
            ));
        }
    }
    if let Some(seed) = doc.get("seed").and_then(|v| v.as_table()) {
        match published_at(seed) {
            Ok((at, what)) if at <= now => {
                out.seed_known = Some(format!("{what} {}", utc(at)));
            }
            Ok(_) => {}
            Err(w) => out.warnings.push(w),
        }
    }
    out
}

/// When the value a `[seed]` names comes out (Unix seconds), and how to say so (the
/// time follows): a drand
/// round at its time; a trading date's sales or an agreed value's date at the start of
/// that day (UTC), the earliest moment anyone could know it.
fn published_at(seed: &toml::Table) -> Result<(i64, String), String> {
    let field = |k: &str| seed.get(k).and_then(|v| v.as_str());
    match field("source") {
        Some("drand") => {
            let chain = DrandChain::quicknet().map_err(|e| e.to_string())?;
            let round = match (seed.get("round"), field("time")) {
                (Some(r), _) => r.as_integer().and_then(|r| u64::try_from(r).ok()),
                (None, Some(t)) => chain.round_for_time(t).ok(),
                (None, None) => None,
            }
            .ok_or("the [seed] section names drand but no readable round or time")?;
            let at = i64::try_from(chain.round_time(round)).unwrap_or(i64::MAX);
            Ok((
                at,
                format!("drand {} round {round} was published at", chain.name),
            ))
        }
        Some(kind @ ("stock" | "text")) => {
            let date = field("date").ok_or("the [seed] section names no date")?;
            let day = chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d")
                .map_err(|_| format!("the [seed] date `{date}` is not YYYY-MM-DD"))?;
            let at = day
                .and_hms_opt(0, 0, 0)
                .map_or(i64::MAX, |t| t.and_utc().timestamp());
            let what = if kind == "stock" {
                format!("the sales of trading date {date} may be known: that day began at")
            } else {
                format!("the agreed value of {date} may be known: that day began at")
            };
            Ok((at, what))
        }
        _ => Err("the [seed] section names no known source (drand, stock or text)".to_string()),
    }
}

fn utc(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000; // 2027-01-15T08:00:00Z

    #[test]
    fn a_past_round_is_known_and_a_foreign_state_warned() {
        let orders = b"game = \"g1\"\nstate = \"abc\"\n[seed]\nsource = \"drand\"\nround = 10\n";
        let c = check(orders, "def", NOW);
        assert_eq!(c.warnings.len(), 1, "{c:?}");
        assert!(c.warnings[0].contains("not the hash"));
        let known = c.seed_known.unwrap_or_default();
        assert!(
            known.contains("round 10") && known.contains("2023-08-23T"),
            "{known}"
        );
    }

    #[test]
    fn a_future_round_or_time_is_not_known() {
        let chain = DrandChain::quicknet().unwrap_or_else(|e| panic!("{e}"));
        let future = chain.first_round_after(NOW) + 100;
        let orders = format!("state = \"def\"\n[seed]\nsource = \"drand\"\nround = {future}\n");
        let c = check(orders.as_bytes(), "def", NOW);
        assert!(c.seed_known.is_none() && c.warnings.is_empty(), "{c:?}");
        let orders = "[seed]\nsource = \"drand\"\ntime = \"2030-01-01T00:00:00Z\"\n";
        assert!(check(orders.as_bytes(), "def", NOW).seed_known.is_none());
        let orders = "[seed]\nsource = \"drand\"\ntime = \"2020-01-01T00:00:00Z\"\n";
        assert!(check(orders.as_bytes(), "def", NOW).seed_known.is_some());
    }

    /// 1975 PBM: the stock's sales "on a future date"; a date already begun is refused.
    #[test]
    fn stock_and_text_dates_must_be_still_to_come() {
        let seed =
            |src: &str, date: &str| format!("[seed]\nsource = \"{src}\"\ndate = \"{date}\"\n");
        for src in ["stock", "text"] {
            let today = check(seed(src, "2027-01-15").as_bytes(), "x", NOW);
            assert!(today.seed_known.is_some(), "{src}: {today:?}");
            let tomorrow = check(seed(src, "2027-01-16").as_bytes(), "x", NOW);
            assert!(tomorrow.seed_known.is_none(), "{src}: {tomorrow:?}");
            let garbled = check(seed(src, "16 Jan").as_bytes(), "x", NOW);
            assert!(garbled.seed_known.is_none() && garbled.warnings.len() == 1);
        }
    }
}
