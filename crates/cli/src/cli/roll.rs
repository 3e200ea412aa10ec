//! `blitz roll`: the digits or dice a seed gives for a game, a player-turn and roll ids,
//! so anyone can recompute the rolls of a report. A seed that is refused (a beacon
//! that does not verify, a stock missing from the sales) exits 2, as every wrong seed
//! does; the rolls that could be drawn are printed all the same.

use blitzkrieg::tables::TableMode;
use miette::{miette, IntoDiagnostic, WrapErr};
use pbem::seed::{DrandChain, DrawnFrom, Seed, SeedError};
use std::path::PathBuf;
use std::process::ExitCode;

/// The most values `-n` draws per roll id: more than any game needs, few enough to print.
const MAX_VALUES: i64 = 10_000;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("seed").required(true)))]
pub struct Args {
    /// Seed bytes, in hex.
    #[arg(long, group = "seed", value_name = "HEX")]
    pub seed_hex: Option<String>,
    /// An agreed text as the seed (trailing line ends are removed).
    #[arg(long, group = "seed", value_name = "TEXT")]
    pub seed_text: Option<String>,
    /// A drand beacon as a relay serves it (JSON), verified offline.
    #[arg(long, group = "seed", value_name = "FILE")]
    pub beacon: Option<PathBuf>,
    /// The drand chain's public key (hex) for --beacon; default: quicknet's.
    #[arg(long, requires = "beacon", value_name = "HEX")]
    pub chain_key: Option<String>,
    /// The round the beacon must be (as the orders named it).
    #[arg(long, requires = "beacon")]
    pub round: Option<u64>,
    /// Stock sales of the trading date (CSV `symbol,volume`); roll ids are then
    /// written ID=SYMBOL.
    #[arg(long, group = "seed", value_name = "FILE")]
    pub stock: Option<PathBuf>,
    /// The game id.
    #[arg(long)]
    pub game: String,
    /// The player-turn label, e.g. 3-Blue.
    #[arg(long)]
    pub turn: String,
    /// Dice (1-6) instead of play-by-mail digits.
    #[arg(long)]
    pub d6: bool,
    /// Values per roll id, drawn one after another from its stream (1 to 10000).
    #[arg(short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_VALUES))]
    pub n: u16,
    /// Roll ids, e.g. A1 A2 weather.
    #[arg(required = true, value_name = "ROLL_ID")]
    pub roll_ids: Vec<String>,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let seed = match load_seed(&args)? {
        Ok(seed) => seed,
        Err(e) => {
            errln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let mode = if args.d6 {
        TableMode::Die
    } else {
        TableMode::Pbm
    };
    outln!(
        "# seed: {}: {}",
        seed.source_display(),
        seed.value_display()
    );
    outln!(
        "# game {}, turn {}, {}, dice recipe v1",
        args.game,
        args.turn,
        match mode {
            TableMode::Pbm => "play-by-mail digits",
            TableMode::Die => "dice",
        }
    );
    let rolls = seed.rolls(&args.game, &args.turn);
    let mut failed = false;
    for id in &args.roll_ids {
        let (roll_id, stock) = match id.split_once('=') {
            Some((r, s)) => (r, Some(s)),
            None => (id.as_str(), None),
        };
        let line = if args.n > 1 {
            rolls.several(mode, roll_id, usize::from(args.n)).map(|v| {
                let values: Vec<String> = v.iter().map(|r| r.value().to_string()).collect();
                format!("{roll_id}: {}", values.join(" "))
            })
        } else {
            rolls.roll(mode, roll_id, stock).map(|d| match &d.from {
                DrawnFrom::Recipe => format!("{roll_id}: {}", d.roll.value()),
                DrawnFrom::Stock { symbol, volume } => format!(
                    "{roll_id}: {} (hundreds digit of {symbol}'s volume {volume})",
                    d.roll.value()
                ),
            })
        };
        match line {
            Ok(l) => outln!("{l}"),
            Err(e) => {
                errln!("error: {e}");
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// The seed the arguments name: an outer error when a file cannot be read, an inner
/// one when the seed itself is refused.
fn load_seed(args: &Args) -> miette::Result<Result<Seed, SeedError>> {
    if let Some(h) = &args.seed_hex {
        return Ok(Seed::from_hex(h));
    }
    if let Some(t) = &args.seed_text {
        return Ok(Seed::from_text(t));
    }
    if let Some(path) = &args.beacon {
        let json = pbem::files::read_text(path)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot read the beacon file {}", path.display()))?;
        let chain = match &args.chain_key {
            Some(key) => DrandChain::quicknet().and_then(|q| {
                DrandChain::new("given", &q.hash, key, q.genesis, q.period).map(|mut c| {
                    c.name = format!("with key {}…", key.get(..16).unwrap_or(key));
                    c
                })
            }),
            None => DrandChain::quicknet(),
        };
        return Ok(chain.and_then(|c| Seed::from_beacon_json(&json, &c, args.round)));
    }
    if let Some(path) = &args.stock {
        let csv = pbem::files::read_text(path)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot read the stock sales file {}", path.display()))?;
        return Ok(Seed::from_stock_csv(&csv, None));
    }
    Err(miette!(
        "name a seed: --seed-hex, --seed-text, --beacon or --stock"
    ))
}
