//! `blitz reach STATE UNIT...`: the hexes each unit can end its move in this
//! player-turn, with the cost and what stops it there, and the hexes next to those it
//! may not end in, with the rule (`blitzkrieg_desk::reach`); `--format json` as one
//! document; `--svg`/`--png` the same as a picture (`blitzkrieg_desk::map::reach`).

use crate::cli::common::RuleArgs;
use crate::cli::output::{self, FormatArgs};
use blitzkrieg::movement::mf_text;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::GameState;
use blitzkrieg_desk::game::{self, GameError};
use blitzkrieg_desk::reach::UnitReach;
use blitzkrieg_desk::{json, map};
use miette::{IntoDiagnostic, WrapErr};
use pbem::files;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The state file of the player-turn to plan.
    pub state: PathBuf,
    /// The units to ask about, as in orders: `B-13AR R-1IN`.
    #[arg(value_name = "UNIT", required = true)]
    pub units: Vec<String>,
    /// Also draw the reach as SVG into FILE (`-` writes it to standard output instead
    /// of the text).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw the reach as PNG into FILE (`-` writes it to standard output instead
    /// of the text).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub output: FormatArgs,
}

/// Exit 0 done; 2 the state, a unit or a file could not be used.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    if args.output.is_json() {
        return Ok(output::run("reach", || run_json(&args)));
    }
    let (rules, state, reach) = work(&args)?;
    pictures(&args, &rules, &state, &reach)?;
    let to_stdout = [&args.svg, &args.png]
        .iter()
        .any(|p| p.as_deref().is_some_and(|p| p.as_os_str() == "-"));
    if !to_stdout {
        out!("{}", text(&state, &reach));
    }
    Ok(ExitCode::SUCCESS)
}

fn run_json(args: &Args) -> Result<ExitCode, GameError> {
    let (rules, state, reach) = work(args)?;
    pictures(args, &rules, &state, &reach).map_err(|e| GameError::Other(e.to_string()))?;
    let file = args.state.display().to_string();
    output::print(&json::reach(&state, &file, &reach))?;
    Ok(ExitCode::SUCCESS)
}

/// The state read and each unit's reach found.
fn work(args: &Args) -> Result<(Rules, GameState, Vec<UnitReach>), GameError> {
    let umpire = output::umpire(&args.rules)?;
    let file = args.state.display().to_string();
    let bytes = files::read_game_file(&args.state)?;
    let state = game::read_state(&bytes, &file)?;
    let rules = umpire.rules_for(&state)?;
    let hash = pbem::envelope::sha256_hex(&bytes);
    let reach = blitzkrieg_desk::reach::reach(&rules, &state, &hash, &args.units)?;
    Ok((rules, state, reach))
}

/// The pictures asked for, drawn before either is written: a command that fails
/// writes nothing.
fn pictures(
    args: &Args,
    rules: &Rules,
    state: &GameState,
    reach: &[UnitReach],
) -> miette::Result<()> {
    if args.svg.is_none() && args.png.is_none() {
        return Ok(());
    }
    let marks = game::counter_marks(rules, state);
    let title = format!(
        "BLITZKRIEG · game {} · player-turn {} · where the units can go",
        state.game.id,
        state.label()
    );
    let svg = map::reach::svg(&rules.board, &marks, &title, reach);
    let png = match &args.png {
        Some(_) => Some(map::raster::png(&svg, 1.0)?),
        None => None,
    };
    if let Some(path) = &args.svg {
        write_out(path, svg.as_bytes())?;
    }
    if let (Some(path), Some(bytes)) = (&args.png, png) {
        write_out(path, &bytes)?;
    }
    Ok(())
}

/// Writes a picture to `path`, or to standard output for `-`.
fn write_out(path: &Path, bytes: &[u8]) -> miette::Result<()> {
    if path.as_os_str() == "-" {
        crate::output::stdout_bytes(bytes);
    } else {
        std::fs::write(path, bytes)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot write {}", path.display()))?;
        note!("wrote {}", path.display());
    }
    Ok(())
}

/// What `reach` prints for people.
fn text(state: &GameState, reach: &[UnitReach]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Player-turn {} of game {}: where each unit can end its move (each alone, before any other moves),\nas `check` judges a [[move]] with `to`.",
        state.label(),
        state.game.id
    );
    for u in reach {
        let bonus = u.bonus.map_or(String::new(), |b| {
            format!(" ({} with the strategic movement bonus, 22)", u.mf + b)
        });
        let _ = writeln!(
            s,
            "\n{} in {}, {} MF{bonus}: may end in {} hexes",
            u.unit,
            u.from,
            u.mf,
            u.ends.len()
        );
        let mut by_cost: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for e in &u.ends {
            let mark = match (e.stop.is_some(), e.strategic) {
                (_, true) => "*",
                (true, false) => "!",
                _ => "",
            };
            by_cost
                .entry(e.sixths)
                .or_default()
                .push(format!("{}{mark}", e.hex));
        }
        if !by_cost.is_empty() {
            let _ = writeln!(
                s,
                "  MF used  hexes (! must stop there, * with the strategic bonus)"
            );
        }
        for (sixths, hexes) in &by_cost {
            wrapped(&mut s, &format!("  {:<7}  ", mf_text(*sixths)), hexes);
        }
        let stops: Vec<_> = u
            .ends
            .iter()
            .filter(|e| e.stop.is_some() || !e.then.is_empty())
            .collect();
        if !stops.is_empty() {
            let _ = writeln!(s, "  stops and what follows:");
        }
        for e in stops {
            let mut what: Vec<String> = e.stop.iter().map(|st| format!("stops: {st}")).collect();
            what.extend(e.then.iter().cloned());
            let _ = writeln!(s, "    {:<6} {}", e.hex.to_string(), what.join("; "));
        }
        let mut by_why: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for l in &u.limits {
            let hex = match &l.detail {
                Some(d) => format!("{} ({d})", l.hex),
                None => l.hex.to_string(),
            };
            by_why
                .entry((l.why.clone(), l.rule.clone()))
                .or_default()
                .push(hex);
        }
        if !by_why.is_empty() {
            let _ = writeln!(s, "  may not end in (the hexes next to those above):");
        }
        for ((why, rule), hexes) in &by_why {
            let _ = writeln!(s, "    {why} ({rule}):");
            wrapped(&mut s, "      ", hexes);
        }
        if !u.edge.is_empty() {
            let hexes: Vec<String> = u.edge.iter().map(|h| h.to_string()).collect();
            let _ = writeln!(s, "  the edge of the board stops it at:");
            wrapped(&mut s, "      ", &hexes);
        }
        if !u.not_judged.is_empty() {
            let _ = writeln!(
                s,
                "  not judged here (other orders, checked with the rest of the player-turn): {}",
                u.not_judged.join(", ")
            );
        }
    }
    s
}

/// `items` after `lead`, as many to a line as fit in 96 columns, the next lines
/// indented as far.
fn wrapped(s: &mut String, lead: &str, items: &[String]) {
    let indent = " ".repeat(lead.chars().count());
    let mut line = lead.to_string();
    let mut empty = true;
    for item in items {
        if !empty && line.chars().count() + 1 + item.chars().count() > 96 {
            let _ = writeln!(s, "{line}");
            line = indent.clone();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(item);
        empty = false;
    }
    let _ = writeln!(s, "{line}");
}
