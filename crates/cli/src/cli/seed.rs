//! `blitz seed fetch ROUND`: fetches a drand round from relays, verifies it, and keeps
//! its JSON as `beacon-round-ROUND.json`, the file `resolve --beacon` takes
//! (`pbem::seed::fetch`). `resolve --beacon ROUND` fetches the same way.

use miette::IntoDiagnostic;
use pbem::files;
use pbem::seed::fetch::{self, Fetched};
use pbem::seed::DrandChain;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Fetch a drand round from the relays, verify it, and keep its JSON.
    Fetch(FetchArgs),
}

#[derive(clap::Args, Debug)]
pub struct FetchArgs {
    /// The round the orders named (`[seed] round = ...`).
    pub round: u64,
    /// Where to keep it: a folder (the game folder, beside the state) or a file name;
    /// `-` prints it. Default: beacon-round-ROUND.json in the current folder.
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Replace the file if it exists.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub relays: RelayArgs,
}

/// The relays to ask for a round.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RelayArgs {
    /// A drand relay to ask, in order (repeat for more); default: the League of
    /// Entropy's (rules/drand-quicknet.toml).
    #[arg(long, value_name = "URL")]
    pub relay: Vec<String>,
}

/// Exit 0 fetched and kept; 2 the round could not be fetched (still to come, no
/// relay answered, or every answer was refused) or not kept.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    match args.command {
        Command::Fetch(a) => run_fetch(a),
    }
}

fn run_fetch(args: FetchArgs) -> miette::Result<ExitCode> {
    let fetched = fetch_round(args.round, &args.relays)?;
    let name = format!("beacon-round-{}.json", args.round);
    let path = match &args.out {
        None => PathBuf::from(&name),
        Some(p) if p.as_os_str() == "-" => {
            outln!("{}", fetched.json.trim_end());
            return Ok(ExitCode::SUCCESS);
        }
        Some(p) if p.is_dir() => p.join(&name),
        Some(p) => p.clone(),
    };
    keep(&path, &fetched.json, args.force)?;
    note!(
        "wrote {}: give it to resolve as --beacon {}",
        path.display(),
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the round's JSON as served, unless a file of that name holds something
/// else (`--force` replaces it); the same bytes again are left as they are.
fn keep(path: &Path, json: &str, force: bool) -> miette::Result<()> {
    if !force && std::fs::read(path).is_ok_and(|b| b == json.as_bytes()) {
        return Ok(());
    }
    let path = if path.parent().is_some_and(|p| p.as_os_str().is_empty()) {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    };
    files::write_all(&[(path, json.as_bytes().to_vec())], force)?;
    Ok(())
}

/// Fetches and verifies `round` of quicknet, the chain every game is played on, from
/// the relays given (or the chain's own), saying which relay served it and which
/// gave nothing.
pub fn fetch_round(round: u64, relays: &RelayArgs) -> miette::Result<Fetched> {
    let chain = DrandChain::quicknet().into_diagnostic()?;
    let list = fetch::relays(&chain, &relays.relay)?;
    let now = chrono::Utc::now().timestamp();
    info!("asking {} for round {round}", list.join(", "));
    let fetched = fetch::fetch(&chain, &list, round, now)?;
    for t in &fetched.tries {
        errln!("warning: {t}");
    }
    note!(
        "round {round} of drand {} fetched from {} and verified",
        chain.name,
        fetched.relay
    );
    Ok(fetched)
}
