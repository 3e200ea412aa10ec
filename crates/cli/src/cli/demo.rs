//! `blitz demo [DIR]`: plays the sample game on the embedded board into a game folder
//! and says where its files are.

use crate::cli::common::RuleArgs;
use blitzkrieg_desk::demo;
use blitzkrieg_desk::game::GameError;
use miette::miette;
use pbem::files::FileError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder to play the sample game into.
    #[arg(value_name = "DIR", default_value = "demo-game")]
    pub dir: PathBuf,
    /// Play it again over a folder that holds the demo already.
    #[arg(long)]
    pub force: bool,
    /// Which sample: BLITZKRIEG's Basic Game, the same with optional rules 19-23 (sea
    /// movement, invasions, automatic victory, strategic movement, combat supply), the
    /// Tournament Game (rules 24-30: TGAT battles, substitutes, artillery barrages, minor
    /// countries, air missions, replacements), the same with optional rules 33-36 from
    /// turn 6 (`war`: bombing missions, weather, naval ascendancy, critical resources),
    /// the same with optional rule 32 (`air`: fighters, escorts and interceptions by
    /// mail, one step resolved without the defender's answer), BLITZKRIEG '85 (`85`: a
    /// Cold War season bought and placed by commitment and reveal, the war-start roll,
    /// turns 1-4 with production, helicopters, an airfield and bombardment damage), or a
    /// whole game of Mori's BLITZKRIEG! (base game or Nippon) between two scripted
    /// players, secrets revealed at the end.
    #[arg(long, value_enum, default_value = "blitzkrieg")]
    pub sample: Sample,
    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    Blitzkrieg,
    Optional,
    Tournament,
    War,
    /// 32: air combat by mail (turns 6-7 from a position).
    Air,
    /// BLITZKRIEG '85 (004): a Cold War season and turns 1-4.
    #[value(name = "85", alias = "eighty5")]
    Eighty5,
    Mori,
    Nippon,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let (play, turns): (fn(_, _, _) -> _, _) = match args.sample {
        Sample::Blitzkrieg => (demo::play, "set-up and turns 1-2"),
        Sample::Optional => (demo::play_optional, "set-up and turns 1-4"),
        Sample::Tournament => (demo::play_tournament, "set-up and turns 1-5"),
        Sample::War => (demo::play_war, "turns 6-8 from a position"),
        Sample::Air => (demo::play_air, "turns 6-7 from a position"),
        Sample::Eighty5 => (demo::play_85, "a Cold War season and turns 1-4"),
        Sample::Mori => {
            return crate::cli::mori_demo::run(&args.dir, mori::Variant::Base, args.force)
        }
        Sample::Nippon => {
            return crate::cli::mori_demo::run(&args.dir, mori::Variant::Nippon, args.force)
        }
    };
    let umpire = args.rules.umpire()?;
    let played = match play(umpire, &args.dir, args.force) {
        Ok(p) => p,
        Err(GameError::File(FileError::Exists(p))) => {
            return Err(miette!(
                help = "give another folder (`blitz demo DIR`) or `--force` to play it again",
                "{} is there already: the demo writes nothing over an existing file",
                p.display()
            ))
        }
        Err(e) => return Err(e.into()),
    };
    out!("{}", played.last_report);
    outln!();
    outln!("The sample game ({turns}) is in {}/:", played.dir.display());
    let reports: Vec<String> = played
        .turns
        .iter()
        .map(|t| format!("report {}", t.report.display()))
        .collect();
    let width = reports.iter().map(String::len).max().unwrap_or(0);
    outln!(
        "  {:<11} {:<width$}   mail {}",
        "new game",
        "",
        played.opening.display()
    );
    for (t, report) in played.turns.iter().zip(&reports) {
        outln!(
            "  {:<11} {report:<width$}   mail {}",
            t.label,
            t.mail.display()
        );
    }
    outln!(
        "Every state follows from its orders and seed: `blitz verify {}` replays them.",
        played.dir.display()
    );
    outln!(
        "{} moves next: the position is `blitz show {}`, the orders to fill in {}.",
        played.next.map_or("Blue", |s| s.name()),
        played.last_state.display(),
        played.last_template.display()
    );
    Ok(ExitCode::SUCCESS)
}
