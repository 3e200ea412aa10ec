//! `blitz tables`: prints a combat table as players know it (fixed-width text, with its
//! notes and the cells reconstructed from the scan), or the table file itself.

use blitzkrieg::tables::{render, TableId, TableMode, Tables};
use miette::miette;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// bgat, tgat, bbt, act, mcrt or weather.
    pub name: String,
    /// The face-to-face version (die 1-6).
    #[arg(long, conflicts_with = "pbm")]
    pub die: bool,
    /// The play-by-mail version (digit 1-9, 0); the default where there is one.
    #[arg(long)]
    pub pbm: bool,
    /// Print the table file (TOML, with its reconstruction notes) instead.
    #[arg(long)]
    pub source: bool,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let names: Vec<&str> = TableId::ALL.iter().map(|t| t.key()).collect();
    let id = TableId::from_key(&args.name).ok_or_else(|| {
        miette!(
            "there is no table \"{}\"; the tables are {}",
            args.name,
            names.join(", ")
        )
    })?;
    let mode = if args.die {
        TableMode::Die
    } else if args.pbm || id.modes().contains(&TableMode::Pbm) {
        TableMode::Pbm
    } else {
        TableMode::Die
    };
    if !id.modes().contains(&mode) {
        return Err(miette!(
            "the {id} has no play-by-mail version; play-by-mail games roll a die for it (--die)"
        ));
    }
    if args.source {
        let src = Tables::embedded_source(id, mode)
            .ok_or_else(|| miette!("the {id} {mode} file is not embedded"))?;
        out!("{src}");
        return Ok(ExitCode::SUCCESS);
    }
    let tables = Tables::embedded().map_err(|e| miette!("the embedded tables are broken:\n{e}"))?;
    let text = match id {
        TableId::Bgat => render::render(tables.bgat.get(mode)),
        TableId::Tgat => render::render(tables.tgat.get(mode)),
        TableId::Bbt => render::render(tables.bbt.get(mode)),
        TableId::Act => render::render(tables.act.get(mode)),
        TableId::Mcrt => render::render(tables.mcrt.get(mode)),
        TableId::Weather => render::render(&tables.weather),
    };
    out!("{text}");
    Ok(ExitCode::SUCCESS)
}
