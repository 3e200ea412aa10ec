//! Computes the SHA-256 of the embedded rule data once, at build time: every command
//! records or compares these hashes (`Umpire::data`), and the data cannot change after
//! the binary is built. The figures are the same as hashing the embedded text at run
//! time (`tests/embedded_hashes.rs` proves it); data given by path is hashed when read.

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
        Err(e) => {
            println!("cargo:warning=cannot read {}: {e}", path.display());
            std::process::exit(1);
        }
    }
}

fn hex(bytes: &[u8]) -> String {
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
        ("READINGS", "readings.toml"),
    ] {
        let digest = hex(&read(&rules.join(file)));
        let _ = writeln!(consts, "pub const {name}: &str = \"{digest}\";");
    }
    let mut all = Vec::new();
    for name in TABLES {
        lp(&mut all, name.as_bytes());
        lp(&mut all, &read(&root.join("tables").join(name)));
    }
    let _ = writeln!(consts, "pub const TABLES: &str = \"{}\";", hex(&all));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    if let Err(e) = std::fs::write(out.join("data_hashes.rs"), consts) {
        println!("cargo:warning=cannot write the data hashes: {e}");
        std::process::exit(1);
    }
}
