//! `pbem` knows no game: it depends on no game crate and no module of it names one, so
//! `cargo test -p pbem` builds and tests it alone.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push((p.display().to_string(), fs::read_to_string(&p).unwrap()));
        }
    }
}

#[test]
fn no_dependency_on_a_game_crate() {
    let manifest =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    for game in ["blitzkrieg", "mori", "blitz "] {
        assert!(
            !manifest
                .lines()
                .any(|l| l.trim_start().starts_with(game.trim())),
            "pbem's Cargo.toml names {game}"
        );
    }
}

#[test]
fn no_module_imports_a_game() {
    let mut all = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut all);
    assert!(all.len() > 10, "read {} files", all.len());
    for (file, text) in all {
        for game in ["blitzkrieg::", "mori::", "crate::units", "crate::hex"] {
            assert!(!text.contains(game), "{file} names {game}");
        }
    }
}
