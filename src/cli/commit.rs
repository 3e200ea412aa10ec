//! `blitz commit`: prints the one-line commitment a player mails before the seed is
//! published, and warns (on standard error) when the order file names a drand round
//! that is already in the past or applies to another state. The clock is read here,
//! never in the library.

use crate::commit;
use crate::seed::DrandChain;
use miette::{IntoDiagnostic, WrapErr};
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
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let state = std::fs::read(&args.state)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the state file {}", args.state.display()))?;
    let orders = std::fs::read(&args.orders)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the order file {}", args.orders.display()))?;
    let state_hash = hex::encode(commit::state_hash(&state));
    for w in warnings(&orders, &state_hash, chrono::Utc::now().timestamp()) {
        eprintln!("warning: {w}");
    }
    println!("{}", commit::commitment(&state, &orders));
    Ok(ExitCode::SUCCESS)
}

/// What a player should know before mailing the commitment: the order file's `state`
/// is not this state's hash; its drand round is already published at `now`.
fn warnings(orders: &[u8], state_hash: &str, now: i64) -> Vec<String> {
    let mut out = Vec::new();
    let text = match std::str::from_utf8(orders) {
        Ok(t) => t,
        Err(_) => return vec!["the order file is not UTF-8 text".to_string()],
    };
    let doc: toml::Table = match toml::from_str(text) {
        Ok(d) => d,
        Err(e) => {
            return vec![format!(
            "the order file is not valid TOML ({}); the commitment covers its bytes all the same",
            e.message()
        )]
        }
    };
    if let Some(s) = doc.get("state").and_then(|v| v.as_str()) {
        if !s.trim().eq_ignore_ascii_case(state_hash) {
            out.push(format!(
                "the order file's state = \"{s}\" is not the hash of this state file ({state_hash})"
            ));
        }
    }
    let Some(seed) = doc.get("seed").and_then(|v| v.as_table()) else {
        return out;
    };
    if seed.get("source").and_then(|v| v.as_str()) != Some("drand") {
        return out;
    }
    let chain = match DrandChain::quicknet() {
        Ok(c) => c,
        Err(e) => {
            out.push(e.to_string());
            return out;
        }
    };
    let round = match (seed.get("round"), seed.get("time")) {
        (Some(r), _) => r.as_integer().and_then(|r| u64::try_from(r).ok()),
        (None, Some(t)) => t.as_str().and_then(|t| chain.round_for_time(t).ok()),
        (None, None) => None,
    };
    match round {
        Some(r) => {
            let at = chain.round_time(r);
            if i64::try_from(at).is_ok_and(|at| at <= now) {
                let when = chrono::DateTime::from_timestamp(i64::try_from(at).unwrap_or(0), 0)
                    .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
                    .unwrap_or_default();
                out.push(format!(
                    "drand {} round {r} was published at {when}, already in the past: anyone may know these dice; name a later round",
                    chain.name
                ));
            }
        }
        None => {
            out.push("the [seed] section names drand but no readable round or time".to_string())
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warns_for_a_past_round_and_a_foreign_state() {
        let orders = b"game = \"g1\"\nstate = \"abc\"\n[seed]\nsource = \"drand\"\nround = 10\n";
        let w = warnings(orders, "def", 1_800_000_000);
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w[0].contains("not the hash"));
        assert!(w[1].contains("round 10") && w[1].contains("2023-08-23T"));
    }

    #[test]
    fn no_warning_for_a_future_round_or_time() {
        let chain = DrandChain::quicknet().unwrap();
        let now = 1_800_000_000;
        let future = chain.first_round_after(now) + 100;
        let orders = format!("state = \"def\"\n[seed]\nsource = \"drand\"\nround = {future}\n");
        assert!(warnings(orders.as_bytes(), "def", now).is_empty());
        let orders = "[seed]\nsource = \"drand\"\ntime = \"2030-01-01T00:00:00Z\"\n";
        assert!(warnings(orders.as_bytes(), "def", now).is_empty());
        let orders = "[seed]\nsource = \"drand\"\ntime = \"2020-01-01T00:00:00Z\"\n";
        assert_eq!(warnings(orders.as_bytes(), "def", now).len(), 1);
    }
}
