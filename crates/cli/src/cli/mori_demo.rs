//! `blitz demo DIR --sample mori|nippon`: a whole game of Mori's BLITZKRIEG! between two
//! scripted players, written as a game folder through the `pbem` `Game` trait: each
//! state in the shared envelope, each order file and report, and both players' secrets,
//! revealed at the end so every hidden draw is replayed and verified.

use miette::miette;
use mori::demo::demo;
use mori::{Ruleset, Variant};
use pbem::game::Game;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(dir: &Path, variant: Variant, force: bool) -> miette::Result<ExitCode> {
    let rs = match variant {
        Variant::Base => Ruleset::base(),
        Variant::Nippon => Ruleset::nippon(),
    }
    .map_err(|e| miette!("{e}"))?;
    let record = demo(variant).map_err(|e| miette!("{e}"))?;
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for (i, (state, _)) in record.history.iter().enumerate() {
        let stem = format!("{i:02}-{}", rs.step(state).label);
        let text = rs.write_state(state).map_err(|e| miette!("{e}"))?;
        files.push((dir.join(format!("{stem}.state.ron")), text.into_bytes()));
        if let Some(report) = record.reports.get(i) {
            files.push((
                dir.join(format!("{stem}.report.txt")),
                report.clone().into_bytes(),
            ));
        }
        if let Some(orders) = record.orders.get(i) {
            files.push((
                dir.join(format!("{stem}.orders.toml")),
                orders.clone().into_bytes(),
            ));
        }
    }
    let secrets: String = record
        .secrets
        .iter()
        .map(|(side, secret)| format!("{} {}\n", side.name(), hex::encode(secret)))
        .collect();
    files.push((dir.join("secrets-revealed.txt"), secrets.into_bytes()));
    pbem::files::write_all(&files, force)?;
    if let Some(last) = record.reports.last() {
        out!("{last}");
    }
    let replayed: usize = record.verified.entries.values().sum();
    outln!();
    outln!(
        "A whole game of {} ({} turns) is in {}/:",
        match variant {
            Variant::Base => "BLITZKRIEG! (base game)",
            Variant::Nippon => "BLITZKRIEG! with the Nippon expansion",
        },
        record.orders.len(),
        dir.display()
    );
    outln!("states, orders and reports, and both players' secrets, revealed at the end:");
    outln!("{replayed} hidden draws and discards were replayed from them and verified.");
    Ok(ExitCode::SUCCESS)
}
