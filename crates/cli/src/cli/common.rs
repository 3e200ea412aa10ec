//! What several commands share: the options that replace the embedded rule data, and
//! reading the files a command is given.

use blitzkrieg_desk::game::{self, OrderText, RuleFiles, SeedInput, Umpire};
use blitzkrieg_desk::signed;
use pbem::files;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Replace the embedded rule data with files (see `docs/board.md`, `docs/counters.md`,
/// `docs/tables.md`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RuleArgs {
    /// Board file instead of the embedded `rules/blitzkrieg/board.toml`.
    #[arg(long, value_name = "PATH", global = true)]
    pub board: Option<PathBuf>,
    /// Counter file instead of the embedded `rules/blitzkrieg/counters.toml`.
    #[arg(long, value_name = "PATH", global = true)]
    pub counters: Option<PathBuf>,
    /// Order of Appearance file instead of the embedded `rules/blitzkrieg/oac.toml`.
    #[arg(long, value_name = "PATH", global = true)]
    pub oac: Option<PathBuf>,
    /// Folder of combat table files instead of the embedded `tables/`.
    #[arg(long, value_name = "DIR", global = true)]
    pub tables_dir: Option<PathBuf>,
}

impl RuleArgs {
    /// The rule data of this run. It lives until the process ends, so it is never
    /// freed: a command spends no time taking apart thousands of map nodes on its way
    /// out.
    pub fn umpire(&self) -> miette::Result<&'static Umpire> {
        for (what, path) in [
            ("board", &self.board),
            ("counters", &self.counters),
            ("order of appearance", &self.oac),
            ("combat tables", &self.tables_dir),
        ] {
            match path {
                Some(p) => info!("{what}: {}", p.display()),
                None => info!("{what}: the embedded data"),
            }
        }
        let umpire = Umpire::load(&RuleFiles {
            board: self.board.clone(),
            counters: self.counters.clone(),
            oac: self.oac.clone(),
            tables: self.tables_dir.clone(),
        })?;
        Ok(Box::leak(Box::new(umpire)))
    }
}

/// The published seed, given at resolution.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SeedArgs {
    /// The drand beacon of the round the orders named, as JSON (`{"round":..,"signature":..}`);
    /// or the round's number, to fetch it from the relays (`blitz seed fetch`).
    #[arg(long, value_name = "FILE|ROUND", group = "seed")]
    pub beacon: Option<PathBuf>,
    /// The text both players agreed on.
    #[arg(long, value_name = "TEXT", group = "seed")]
    pub seed_text: Option<String>,
    /// The agreed text, from a file.
    #[arg(long, value_name = "FILE", group = "seed")]
    pub seed_file: Option<PathBuf>,
    /// The `symbol,volume` sales of the trading date the orders named (CSV).
    #[arg(long, value_name = "FILE", group = "seed")]
    pub sales: Option<PathBuf>,
    #[command(flatten)]
    pub relays: crate::cli::seed::RelayArgs,
}

impl SeedArgs {
    pub fn input(&self) -> miette::Result<Option<SeedInput>> {
        if let Some(round) = self.beacon.as_deref().and_then(round_to_fetch) {
            let fetched = crate::cli::seed::fetch_round(round, &self.relays)?;
            return Ok(Some(SeedInput::Beacon(fetched.json)));
        }
        if let Some(p) = self
            .beacon
            .as_ref()
            .or(self.seed_file.as_ref())
            .or(self.sales.as_ref())
        {
            info!("reading the seed from {}", p.display());
        }
        Ok(if let Some(p) = &self.beacon {
            Some(SeedInput::Beacon(files::read_text(p)?))
        } else if let Some(t) = &self.seed_text {
            Some(SeedInput::Text(t.clone()))
        } else if let Some(p) = &self.seed_file {
            Some(SeedInput::Text(files::read_text(p)?))
        } else if let Some(p) = &self.sales {
            Some(SeedInput::Sales(files::read_text(p)?))
        } else {
            None
        })
    }
}

/// `--beacon ROUND`: a round number to fetch, when no file has that name (a file
/// named by digits alone is read as before).
fn round_to_fetch(beacon: &Path) -> Option<u64> {
    let text = beacon.to_str()?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || beacon.exists() {
        return None;
    }
    text.parse().ok()
}

/// The `--signature` option of the commands that read orders.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SignatureArgs {
    /// The signature of the orders (`ssh-keygen -Y sign -n blitz-orders`), in a game
    /// with signed orders. Default: the one a mail carries, else ORDERS.sig beside the
    /// order file.
    #[arg(long, value_name = "FILE")]
    pub signature: Option<PathBuf>,
}

/// Reads an order file and the signature that comes with it (`--signature`, or the
/// mail's own, or ORDERS.sig beside it; none beside standard input). What the file
/// holds that is not read is not looked for: `check` says it
/// ([`read_signed_orders_noting`]).
pub fn read_signed_orders(
    path: &Path,
    args: &SignatureArgs,
) -> Result<(OrderText, Option<signed::OrderSignature>), game::GameError> {
    read_orders_with_bytes(path, args).map(|(orders, signature, _)| (orders, signature))
}

/// [`read_signed_orders`], with what the file holds that is not read or reads as no
/// order ([`blitzkrieg_desk::unread`]).
pub fn read_signed_orders_noting(
    path: &Path,
    args: &SignatureArgs,
) -> Result<
    (
        OrderText,
        Option<signed::OrderSignature>,
        Vec<blitzkrieg_desk::unread::OrderWarning>,
    ),
    game::GameError,
> {
    let (orders, signature, bytes) = read_orders_with_bytes(path, args)?;
    let warnings = blitzkrieg_desk::unread::warnings(&bytes, &orders);
    Ok((orders, signature, warnings))
}

/// [`read_signed_orders`], and the bytes of the file or message as given.
fn read_orders_with_bytes(
    path: &Path,
    args: &SignatureArgs,
) -> Result<(OrderText, Option<signed::OrderSignature>, Vec<u8>), game::GameError> {
    let bytes = read_order_bytes(path)?;
    let orders = game::order_text(&bytes, &orders_name(path))?;
    let signature = match &args.signature {
        Some(p) => Some(signed::read_signature(p)?),
        None => signed::signature_with(Path::new(&orders_name(path)), &bytes)?,
    };
    Ok((orders, signature, bytes))
}

/// Says each warning of an order file on standard error, with its code.
pub fn say_warnings(orders: &OrderText, warnings: &[blitzkrieg_desk::unread::OrderWarning]) {
    for w in warnings {
        errln!("warning[{}]: {}: {w}", w.code(), orders.name);
    }
}

/// The path that means standard input where orders are read.
pub const STDIN: &str = "-";

/// The name an order file goes by in messages: its path, or `<stdin>`.
pub fn orders_name(path: &Path) -> String {
    if path.as_os_str() == STDIN {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The bytes of an order file, or of standard input for `-`, with the same limit of
/// size as a file's.
pub fn read_order_bytes(path: &Path) -> Result<Vec<u8>, files::FileError> {
    if path.as_os_str() != STDIN {
        info!("reading the orders from {}", path.display());
        return files::read_bytes(path);
    }
    info!("reading the orders from standard input");
    let max = files::MAX_INPUT_BYTES;
    let name = PathBuf::from("<stdin>");
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| files::FileError::Read {
            path: name.clone(),
            source,
        })?;
    if bytes.len() as u64 > max {
        return Err(files::FileError::TooLarge { path: name, max });
    }
    Ok(bytes)
}

/// Refuses `STATE ORDERS` given the other way round (G060): the file given as the
/// state is an order file (`blitzkrieg_desk::arguments`). The order file is only peeked at
/// (never standard input), to say whether it is the state.
pub fn state_comes_first(
    command: &'static str,
    state_path: &Path,
    state: &[u8],
    orders_path: &Path,
) -> Result<(), game::GameError> {
    let state_name = state_path.display().to_string();
    let orders_file = orders_name(orders_path);
    // The orders are read (again, by the command) only when the state looks swapped.
    if blitzkrieg_desk::arguments::swapped(command, (&state_name, state), (&orders_file, None))
        .is_none()
    {
        return Ok(());
    }
    let orders = (orders_path.as_os_str() != STDIN)
        .then(|| files::read_bytes(orders_path).ok())
        .flatten();
    match blitzkrieg_desk::arguments::swapped(
        command,
        (&state_name, state),
        (&orders_file, orders.as_deref()),
    ) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Reads an order file (TOML, or a mail message carrying the orders); `-` reads
/// standard input.
pub fn read_orders(path: &Path) -> miette::Result<OrderText> {
    let bytes = read_order_bytes(path)?;
    Ok(game::order_text(&bytes, &orders_name(path))?)
}

/// Whether to colour diagnostics: `--color`, `NO_COLOR`, `CLICOLOR_FORCE`, and
/// otherwise only on a terminal (`crate::output`).
pub fn color() -> bool {
    crate::output::settings().color
}

/// Says which files a command wrote, `wrote PATH` a line in the order they were
/// written, as one message (one write to standard error); nothing for no file.
pub fn note_wrote(files: &[(PathBuf, Vec<u8>)]) {
    if !files.is_empty() {
        note!("{}", wrote_lines(files));
    }
}

/// The lines of [`note_wrote`], without the last line's end.
fn wrote_lines(files: &[(PathBuf, Vec<u8>)]) -> String {
    files
        .iter()
        .map(|(p, _)| format!("wrote {}", p.display()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_written_are_said_a_line_each_in_order() {
        let files = [
            (PathBuf::from("g/05-2-red.report.txt"), Vec::new()),
            (PathBuf::from("g/06-3-blue.state.ron"), b"(".to_vec()),
        ];
        assert_eq!(
            wrote_lines(&files),
            "wrote g/05-2-red.report.txt\nwrote g/06-3-blue.state.ron"
        );
        assert_eq!(wrote_lines(&files[..1]), "wrote g/05-2-red.report.txt");
        assert_eq!(wrote_lines(&[]), "");
    }
}
