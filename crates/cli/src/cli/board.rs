//! `blitz board`: check a board file, describe one hex and its neighbours
//! (`--hex CC15`), or draw the board as SVG (`--svg FILE`) or PNG (`--png FILE`).
//! Everything it prints comes from the board's query methods; the drawings are
//! `blitzkrieg_desk::svg` and `blitzkrieg_desk::map`.

use blitzkrieg::board::{Board, CityRole, Country, HexInfo, Terrain};
use blitzkrieg::hex::{Hex, DIRECTIONS};
use blitzkrieg_desk::{map, svg};
use miette::{IntoDiagnostic, WrapErr};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("picture").args(["svg", "png", "overview"]).multiple(true)))]
pub struct Args {
    /// Describe one hex and its six neighbours, e.g. `--hex CC15`.
    #[arg(long, value_name = "HEX")]
    pub hex: Option<String>,
    /// Draw the board as SVG into FILE (`-` writes to standard output).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw the board as PNG into FILE; with `--state`, the picture the turn mail
    /// carries: the area of that player-turn's action and an overview.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// With `--state`: draw the whole-board overview the turn mail carries into FILE
    /// (PNG): each occupied hex a badge with the attack factors in it.
    #[arg(long, value_name = "FILE", requires = "state")]
    pub overview: Option<PathBuf>,
    /// Use this board file instead of the embedded one (it is checked first).
    #[arg(long, value_name = "PATH")]
    pub board: Option<PathBuf>,
    /// With `--svg`, `--png` or `--overview`: also draw every counter on the map in this
    /// state file.
    #[arg(long, value_name = "FILE", requires = "picture")]
    pub state: Option<PathBuf>,
}

/// Exit 0 done; 1 the board file or the hex name is wrong; 2 a file could not be written.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let loaded = match &args.board {
        Some(path) => Board::load(path),
        None => Board::try_embedded(),
    };
    let board = match loaded {
        Ok(b) => b,
        Err(errs) => {
            errln!("{:?}", miette::Report::new(errs));
            return Ok(ExitCode::from(1));
        }
    };
    let mut done = false;
    if let Some(text) = &args.hex {
        let hex: Hex = match text.parse() {
            Ok(h) => h,
            Err(e) => {
                errln!("{e}");
                return Ok(ExitCode::from(1));
            }
        };
        match describe(&board, hex) {
            Some(out) => out!("{out}"),
            None => {
                errln!("{hex} is not on the board");
                return Ok(ExitCode::from(1));
            }
        }
        done = true;
    }
    let position = match &args.state {
        Some(p) => {
            let counters = blitzkrieg::units::Counters::embedded()
                .map_err(|e| miette::miette!("{}", e.to_text()))?;
            let bytes = pbem::files::read_game_file(p)?;
            let state = blitzkrieg_desk::game::read_state(&bytes, &p.display().to_string())?;
            Some((
                blitzkrieg::rules::Rules::new(
                    board.clone(),
                    counters,
                    blitzkrieg::ruleset::RuleBook::embedded()?,
                ),
                state,
            ))
        }
        None => None,
    };
    let marks = position
        .as_ref()
        .map(|(rules, state)| blitzkrieg_desk::game::counter_marks(rules, state))
        .unwrap_or_default();
    // Both pictures are drawn before either is written: a command that fails writes
    // nothing.
    // The picture of the action is drawn once: the overview outlines the area it
    // was drawn at.
    let action = match &position {
        Some((rules, state)) if args.png.is_some() || args.overview.is_some() => {
            Some(map::state_png_fit(rules, state)?)
        }
        _ => None,
    };
    let png = match (&args.png, &action) {
        (None, _) => None,
        (Some(_), Some((bytes, _))) => Some(bytes.clone()),
        (Some(_), None) => Some(map::board_png(&board, &[], 1.5)?),
    };
    let overview = match (&args.overview, &position, &action) {
        (Some(_), Some((rules, state)), Some((_, fit))) => {
            Some(map::overview_png_at(rules, state, *fit)?)
        }
        _ => None,
    };
    let at_sea = position
        .as_ref()
        .map(|(rules, state)| blitzkrieg::sea::boxes(rules, state))
        .unwrap_or_default();
    if let Some(path) = &args.svg {
        let picture = svg::render_with_sea(&board, &marks, &at_sea);
        write_out(path, picture.as_bytes())?;
        done = true;
    }
    if let (Some(path), Some(bytes)) = (&args.png, png) {
        write_out(path, &bytes)?;
        done = true;
    }
    if let (Some(path), Some(bytes)) = (&args.overview, overview) {
        write_out(path, &bytes)?;
        done = true;
    }
    if !done {
        out!("{}", summary(&board));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a picture to `path`, or to standard output for `-`.
fn write_out(path: &std::path::Path, bytes: &[u8]) -> miette::Result<()> {
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

/// Compass names of the six directions of [`DIRECTIONS`] on the printed board.
const COMPASS: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "clear",
        Terrain::Forest => "forest",
        Terrain::Mountain => "mountain",
        Terrain::Desert => "desert (Koufax)",
        Terrain::Sea => "sea",
        Terrain::Lake => "lake",
        Terrain::Neutral => "Neutral Country (closed to all units)",
    }
}

fn country_name(c: Option<Country>) -> String {
    match c {
        Some(c) if c.home_of().is_some() => format!(
            "{} (home country of {})",
            c.name(),
            c.home_of().map_or("", |s| s.name())
        ),
        Some(c) => format!("{} (minor country)", c.name()),
        None => "none".to_string(),
    }
}

fn role_name(r: CityRole) -> &'static str {
    match r {
        CityRole::Aircraft => "aircraft (28.5)",
        CityRole::Oil => "petro-chemical OIL (36.2)",
        CityRole::Industry => "basic industry IND (36.3)",
        CityRole::Naval => "naval stores NAV (36.4)",
    }
}

/// Everything the board says about `hex` and its neighbours, as printed by
/// `blitz board --hex`. `None` when the hex is not on the board.
pub fn describe(board: &Board, hex: Hex) -> Option<String> {
    let info = board.hex(hex)?;
    let mut o = String::new();
    let row = hex.num() - hex.col().div_euclid(2);
    let _ = writeln!(
        o,
        "{hex}: column {} ({}), number {}, paper row {row}",
        hex.column_letters(),
        hex.col(),
        hex.num()
    );
    let _ = writeln!(o, "  terrain:   {}", terrain_name(info.terrain));
    if info.terrain.is_land() {
        let _ = writeln!(o, "  country:   {}", country_name(info.country));
    }
    if let Some(z) = info.sea_zone {
        let edge = if board.is_board_edge(hex) {
            ", board edge (open sea)"
        } else {
            ""
        };
        let _ = writeln!(o, "  sea zone:  {z}{edge}");
    }
    if let Some(city) = board.city_at(hex) {
        let hexes: Vec<String> = city.hexes.iter().map(Hex::to_string).collect();
        let mut roles: Vec<&str> = city.roles.iter().map(|r| role_name(*r)).collect();
        if city.aircraft.contains(&hex) {
            roles.push(role_name(CityRole::Aircraft));
        }
        let _ = writeln!(
            o,
            "  city:      {} ({} hex{}: {}); each hex is a separate city (003 5)",
            city.name,
            city.hexes.len(),
            if city.hexes.len() == 1 { "" } else { "es" },
            hexes.join(", ")
        );
        let _ = writeln!(
            o,
            "  roles:     {}",
            if roles.is_empty() {
                "none".to_string()
            } else {
                roles.join(", ")
            }
        );
    }
    if let Some(p) = board.port_at(hex) {
        let zone = board
            .sea_zone(p.dock)
            .map_or("?".to_string(), |z| z.to_string());
        if p.inland_river.is_empty() {
            let _ = writeln!(o, "  port:      docks at {} (sea zone {zone})", p.dock);
        } else {
            let river: Vec<String> = p.inland_river.iter().map(Hex::to_string).collect();
            let _ = writeln!(
                o,
                "  port:      inland port (19.4): river {} to the sea at {} (sea zone {zone})",
                river.join("-"),
                p.dock
            );
        }
    }
    let docked: Vec<String> = board
        .ports()
        .iter()
        .filter(|p| p.dock == hex)
        .map(|p| p.hex.to_string())
        .collect();
    if !docked.is_empty() {
        let _ = writeln!(o, "  dock of:   {}", docked.join(", "));
    }
    if let Some(r) = board.river_at(hex) {
        let joins = board
            .river_branch(&r.branch)
            .and_then(|b| b.joins.clone())
            .map_or(String::new(), |j| format!(", flows into branch {j}"));
        let end = if r.end { ", end-of-river hex" } else { "" };
        let _ = writeln!(o, "  river:     branch {}{end}{joins}", r.branch);
    }
    if let Some(b) = &info.beach {
        let _ = writeln!(o, "  beach:     {b} (20.1)");
    }
    if let Some(l) = board.lake_at(hex) {
        let _ = writeln!(o, "  lake:      {}", l.name);
    }
    let roads: Vec<String> = hex
        .neighbours()
        .filter(|n| board.road_joins(hex, *n))
        .map(|n| n.to_string())
        .collect();
    if !roads.is_empty() {
        let _ = writeln!(o, "  roads to:  {}", roads.join(", "));
    }
    let _ = writeln!(o, "  neighbours:");
    for (d, name) in COMPASS.iter().enumerate() {
        let (dc, dn) = DIRECTIONS[d];
        let n = Hex::new(hex.col() + dc, hex.num() + dn);
        let line = match n.and_then(|n| board.hex(n).map(|i| (n, i))) {
            Some((n, ni)) => format!(
                "{:<6} {}",
                n.to_string(),
                neighbour_line(board, hex, info, n, ni)
            ),
            None => match n {
                Some(n) => format!("{:<6} (off the board)", n.to_string()),
                None => "(off the board)".to_string(),
            },
        };
        let _ = writeln!(o, "    {name:<3} {line}");
    }
    Some(o)
}

/// One line about neighbour `n` of `hex`.
fn neighbour_line(board: &Board, hex: Hex, info: &HexInfo, n: Hex, ni: &HexInfo) -> String {
    let mut parts: Vec<String> = vec![terrain_name(ni.terrain).to_string()];
    if let Some(c) = ni.country {
        parts.push(c.name().to_string());
    }
    if let Some(z) = ni.sea_zone {
        parts.push(format!("zone {z}"));
    }
    if let Some(c) = board.city_at(n) {
        parts.push(format!("city {}", c.name));
    }
    if let Some(r) = &ni.river {
        parts.push(format!(
            "river {}{}",
            r.branch,
            if r.end { " (end)" } else { "" }
        ));
    }
    if let Some(b) = &ni.beach {
        parts.push(format!("beach {b}"));
    }
    if board.road_joins(hex, n) {
        parts.push("road".to_string());
    }
    if board.port_at(hex).is_some_and(|p| p.dock == n) {
        parts.push(format!("docking hex of {hex}"));
    }
    let border = info.terrain.is_land()
        && (ni.terrain.is_land() || ni.terrain == Terrain::Neutral)
        && info.country != ni.country;
    if border {
        parts.push("border".to_string());
    }
    parts.join(", ")
}

/// What `blitz board` prints with no option: the board's contents in numbers.
pub fn summary(board: &Board) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{}", board.name());
    let count = |t: Terrain| board.hexes().filter(|(_, i)| i.terrain == t).count();
    let _ = writeln!(
        o,
        "  {} hexes: {} clear, {} forest, {} mountain, {} desert, {} sea, {} lake, {} Neutral Country",
        board.hexes().count(),
        count(Terrain::Clear),
        count(Terrain::Forest),
        count(Terrain::Mountain),
        count(Terrain::Desert),
        count(Terrain::Sea),
        count(Terrain::Lake),
        count(Terrain::Neutral)
    );
    for c in Country::ALL {
        let land = board.hexes().filter(|(_, i)| i.country == Some(c)).count();
        let cities = board
            .city_hexes()
            .filter(|h| board.country(*h) == Some(c))
            .count();
        let _ = writeln!(
            o,
            "  {:<13} {land:>4} hexes, {cities:>2} city hexes",
            c.name()
        );
    }
    let _ = writeln!(
        o,
        "  {} city hexes in {} cities, {} ports, {} river branches, {} beaches, {} road links",
        board.city_hexes().count(),
        board.cities().len(),
        board.ports().len(),
        board.rivers().len(),
        board.beaches().len(),
        board.roads().count()
    );
    for z in board.zones() {
        let links: Vec<String> = board.zone_links(z).map(|l| l.to_string()).collect();
        let _ = writeln!(o, "  sea zone {z}: next to {}", links.join(", "));
    }
    o
}
