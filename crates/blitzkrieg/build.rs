//! Does once, at build time, what every process would otherwise do with the embedded
//! rule data:
//! - computes its SHA-256: every command records or compares these hashes
//!   (`Umpire::data`), and the data cannot change after the binary is built. The
//!   figures are the same as hashing the embedded text at run time
//!   (`tests/embedded_hashes.rs` proves it); data given by path is hashed when read;
//! - reads and checks the embedded combat tables, board and counters with the crate's
//!   own loaders (a problem in them stops the build, with its place in the file), and
//!   the figures and readings, and writes what they hold as Rust source
//!   (`build_source.rs`), which `compiled.rs` includes: no process parses them. Files
//!   given by path are still read as TOML.

// The crate's data modules, compiled here for their loaders; most of them is unused.
#![allow(dead_code, unused_imports)]
mod src {
    pub mod board;
    pub mod hex;
    pub mod odds;
    pub mod search;
    pub mod tables;
    pub mod units;
}
use src::{board, hex, odds, search, tables, units};
// The dice the tables read as `crate::dice` (in the crate, `pbem::dice`).
#[path = "../pbem/src/dice.rs"]
mod dice;

use tables::{
    grid::CellText, BgatResult, Grid, Losses, McrtResult, TableId, TableMode, Tables, TgatCell,
    Weather,
};

/// What `EmbeddedTables` reads its grids with; in the crate `compiled.rs` gives them
/// from the statics written here, which the build script itself has not.
impl Tables {
    pub fn embedded_grid<T: CellText>(id: TableId, mode: TableMode) -> Result<Grid<T>, String> {
        Tables::read_embedded_grid(id, mode)
    }
}

/// One embedded table read with the crate's loader and written as the static `name`
/// of `Grid<ty>`.
fn table<T: CellText + std::fmt::Debug>(
    id: TableId,
    mode: TableMode,
    name: &str,
    ty: &str,
) -> String {
    match Tables::read_embedded_grid::<T>(id, mode) {
        Ok(g) => source::combat_table(name, ty, &g),
        Err(e) => fail(&format!("tables/{}: {e}", id.file_name(mode))),
    }
}
#[path = "build_source.rs"]
mod source;

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The table files, in the order of `tables::EMBEDDED` (the order the tables hash
/// takes them in).
const TABLES: [&str; 11] = [
    "bgat-die.toml",
    "bgat-pbm.toml",
    "tgat-die.toml",
    "tgat-pbm.toml",
    "bbt-die.toml",
    "bbt-pbm.toml",
    "act-die.toml",
    "act-pbm.toml",
    "mcrt-die.toml",
    "mcrt-pbm.toml",
    "weather-die.toml",
];

fn read(path: &Path) -> Vec<u8> {
    println!("cargo:rerun-if-changed={}", path.display());
    match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => fail(&format!("cannot read {}: {e}", path.display())),
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// A length-prefixed field, as `pbem::dice::lp` writes it.
fn lp(out: &mut Vec<u8>, x: &[u8]) {
    let len = u32::try_from(x.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(x);
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest.join("../..");
    let rules = root.join("rules/blitzkrieg");
    let mut consts =
        String::from("// The SHA-256 of the embedded rule data, written by build.rs.\n");
    for (name, file) in [
        ("BOARD", "board.toml"),
        ("COUNTERS", "counters.toml"),
        ("OAC", "oac.toml"),
        ("FIGURES", "figures.toml"),
        ("OPTIONAL", "optional.toml"),
        ("TOURNAMENT", "tournament.toml"),
        ("READINGS", "readings.toml"),
        ("EIGHTY5", "85.toml"),
    ] {
        let digest = sha256_hex(&read(&rules.join(file)));
        let _ = writeln!(consts, "pub const {name}: &str = \"{digest}\";");
    }
    let mut all = Vec::new();
    for name in TABLES {
        lp(&mut all, name.as_bytes());
        lp(&mut all, &read(&root.join("tables").join(name)));
    }
    let _ = writeln!(consts, "pub const TABLES: &str = \"{}\";", sha256_hex(&all));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    write(&out.join("data_hashes.rs"), &consts);
    // The text of the embedded files, as the modules embed it.
    let (die, pbm) = (TableMode::Die, TableMode::Pbm);
    let grids = [
        table::<BgatResult>(TableId::Bgat, die, "BGAT_DIE", "BgatResult"),
        table::<BgatResult>(TableId::Bgat, pbm, "BGAT_PBM", "BgatResult"),
        table::<TgatCell>(TableId::Tgat, die, "TGAT_DIE", "TgatCell"),
        table::<TgatCell>(TableId::Tgat, pbm, "TGAT_PBM", "TgatCell"),
        table::<Losses>(TableId::Bbt, die, "BBT_DIE", "Losses"),
        table::<Losses>(TableId::Bbt, pbm, "BBT_PBM", "Losses"),
        table::<Losses>(TableId::Act, die, "ACT_DIE", "Losses"),
        table::<Losses>(TableId::Act, pbm, "ACT_PBM", "Losses"),
        table::<McrtResult>(TableId::Mcrt, die, "MCRT_DIE", "McrtResult"),
        table::<McrtResult>(TableId::Mcrt, pbm, "MCRT_PBM", "McrtResult"),
        table::<Weather>(TableId::Weather, die, "WEATHER_DIE", "Weather"),
    ];
    let mut text =
        String::from("// The embedded combat tables, checked and written by build.rs.\n");
    text.extend(grids);
    write(&out.join("tables.rs"), &text);
    let board = board::Board::from_toml(board::Board::embedded_source(), board::EMBEDDED_ORIGIN);
    match board {
        Ok(b) => write(&out.join("board.rs"), &source::board(&b)),
        Err(e) => {
            let each = e.errors.iter().map(|p| format!("\n  {p}"));
            fail(&format!("{e}:{}", each.collect::<String>()))
        }
    }
    let counters = units::Counters::from_toml(
        units::EMBEDDED_COUNTERS,
        units::EMBEDDED_OAC,
        units::EMBEDDED_ORIGIN,
    );
    match counters {
        Ok(c) => write(&out.join("counters.rs"), &source::counters(&c)),
        Err(e) => fail(&e.to_text()),
    }
    let text = |file: &str| String::from_utf8_lossy(&read(&rules.join(file))).into_owned();
    let book = source::rule_book(
        &text("figures.toml"),
        &text("optional.toml"),
        &text("tournament.toml"),
        &text("readings.toml"),
    );
    match book {
        Ok(b) => write(&out.join("rule_book.rs"), &b),
        Err(e) => fail(&format!("rules/blitzkrieg/{e}")),
    }
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        fail(&format!("cannot write {}: {e}", path.display()));
    }
}

/// Stops the build, each line of `message` shown as a warning.
fn fail(message: &str) -> ! {
    for line in message.lines() {
        println!("cargo:warning={line}");
    }
    std::process::exit(1);
}
