//! What a `resolve` does that is not the game: read its files and hash them (what
//! `sha256sum` does), check a drand beacon's signature (`--beacon`), and write six files
//! as a turn is written (`--out`: `pbem::files::write_all`, with its staging folder,
//! journal and syncs). Timed against `sha256sum` of the same files, it says how much of
//! a `resolve`'s time no game code can take away (docs/speed.md, "What no game code can
//! take away"). Built as the release is (`cargo dist` flags):
//!
//! ```text
//! cargo build --release --locked -p pbem --example inherent \
//!     --target x86_64-unknown-linux-gnu \
//!     --config "target.x86_64-unknown-linux-gnu.rustflags = ['-C', 'target-feature=+crt-static', '-C', 'relocation-model=static']"
//! inherent [--beacon JSON] [--out DIR] FILE...
//! ```
//!
//! The six files written are those of a turn in kind and about in size: the first
//! three files given as they are (the state, the orders, the seed), the first file again
//! (the next state), a third of it (the report) and the second again (the template).

use pbem::envelope::sha256_hex;
use pbem::seed::{DrandChain, Seed};
use std::error::Error;
use std::io::Write;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let mut beacon = None;
    let mut out = None;
    let mut files = Vec::new();
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("--beacon") => beacon = args.next().map(PathBuf::from),
            Some("--out") => out = args.next().map(PathBuf::from),
            _ => files.push(PathBuf::from(arg)),
        }
    }
    let mut stdout = std::io::stdout().lock();
    let mut read = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file)?;
        writeln!(stdout, "{}  {}", sha256_hex(&bytes), file.display())?;
        read.push(bytes);
    }
    if let Some(json) = beacon {
        let json = std::fs::read_to_string(json)?;
        Seed::from_beacon_json(&json, &DrandChain::quicknet()?, None)?;
    }
    if let Some(dir) = out {
        write_turn(&dir, &read)?;
    }
    Ok(())
}

/// Six files of about a turn's sizes, written as a turn is written.
fn write_turn(dir: &std::path::Path, read: &[Vec<u8>]) -> Result<(), Box<dyn Error>> {
    let file = |i: usize| read.get(i).cloned().unwrap_or_default();
    let state = file(0);
    let report = state.get(..state.len() / 3).unwrap_or_default().to_vec();
    let six = [
        ("orders.toml", file(1)),
        ("seed.txt", file(2)),
        ("commitment.txt", sha256_hex(&file(1)).into_bytes()),
        ("report.txt", report),
        ("next.state.ron", state),
        ("next.template.toml", file(1)),
    ];
    let files: Vec<(PathBuf, Vec<u8>)> = six
        .into_iter()
        .map(|(name, bytes)| (dir.join(name), bytes))
        .collect();
    std::fs::create_dir_all(dir)?;
    pbem::files::write_all(&files, true)?;
    Ok(())
}
