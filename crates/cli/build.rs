//! How the `blitz` binary is linked. A release build on Linux is linked as a plain
//! (non position-independent) executable: the loader then has no relocations to apply to
//! it at start-up, which for a command as short as `check` was over a third of the
//! work of `blitz --version` (docs/speed.md). The code itself is compiled as usual, so
//! `cargo install`, the tests and the benches need nothing more.
//!
//! The release the project measures and hands out for Linux on x86-64 goes further:
//! `cargo dist` (`.cargo/config.toml`) links it statically, the C library included, so
//! the loader has no shared library to map or relocate either, and lays out first the
//! functions a short command runs (`link/`): the script watches those lists, so a list
//! written again is linked in by the next build.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/hot.ld");
    println!("cargo:rerun-if-changed=link/hot-symbols.txt");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    if os == "linux" && release {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
