//! `blitz new`: create a game in its set-up phase and write its first state and the
//! set-up template for Blue (3.3); or, with `--position`, a game that starts from a
//! position file at any player-turn (`docs/position.md`).

use crate::cli::common::{self, RuleArgs};
use blitzkrieg::ruleset::Ruleset;
use blitzkrieg::state::{
    DecisionMode, InterceptionMode, NoAnswer, Phase, Player, RuleSet, TableChoice,
};
use blitzkrieg::units::Side;
use blitzkrieg_desk::game::{self, NewGame, SeedKindChoice};
use miette::miette;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game id every order file names (letters, digits, `-`).
    #[arg(long, value_name = "ID")]
    pub game: String,
    /// Blue's player: "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>")]
    pub blue: Option<String>,
    /// Red's player: "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>")]
    pub red: Option<String>,
    /// The address the umpire's mail comes from (default: umpire@<the game id>.invalid).
    #[arg(long, value_name = "ADDR")]
    pub sender: Option<String>,
    /// Combat tables: the 10-digit play-by-mail tables or the face-to-face die tables.
    #[arg(long, value_enum, default_value = "pbm")]
    pub tables: Tables,
    /// Where the published seed comes from.
    #[arg(long, value_enum, default_value = "drand")]
    pub seed: SeedKind,
    /// Who decides the defender's losses and retreats: standing orders (and the
    /// documented default), or pending decisions completed in the owner's next orders.
    #[arg(long, value_enum, default_value = "standing")]
    pub decisions: Decisions,
    /// Optional rule 32: how the defender intercepts: the exchange by mail (the
    /// player-turn stops before odds for his answer), or his standing interception
    /// orders (`[[standing_intercept]]`, one mail a player-turn).
    #[arg(long, value_enum, default_value = "exchange")]
    pub interception: Interception,
    /// Optional rule 32, the exchange: what a defender who does not answer within the
    /// time the players agree gets: the player-turn waits for him, or the mover may
    /// resolve it without him (`[answer] none = true`) and the defender's fallback
    /// `[[standing_intercept]]` orders apply.
    #[arg(long, value_enum, default_value = "wait")]
    pub no_answer: NoAnswerArg,
    /// The last turn (16: the game ends after turn 15), from 1 to 999.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=999))]
    pub last_turn: u32,
    /// The rules: the Basic Game (1-17), the Tournament Game (24-30) or BLITZKRIEG '85 (`85`, 004: docs/85.md).
    #[arg(long = "rules", value_enum, default_value = "basic")]
    pub rule_set: RuleSetArg,
    /// BLITZKRIEG '85 only: start in Cold War (38.8, both players agreeing): the
    /// set-up buys with a season's points, 1025 and 1000 (37.11), not 4100 and 4000.
    #[arg(long)]
    pub cold_war: bool,
    /// Optional rules by number, e.g. `19,20,21,22,23`, or `all`.
    #[arg(long, value_name = "LIST")]
    pub optional: Option<String>,
    /// A declared reading other than its default, `NAME=OPTION` (docs/readings.md);
    /// give it once per reading.
    #[arg(long = "reading", value_name = "NAME=OPTION")]
    pub readings: Vec<String>,
    /// Blue's OpenSSH public key (`ssh-keygen -t ed25519`, the .pub file): Blue's orders
    /// are then taken only signed with it (`ssh-keygen -Y sign -n blitz-orders`).
    #[arg(long, value_name = "FILE")]
    pub blue_key: Option<PathBuf>,
    /// Red's OpenSSH public key, as `--blue-key`.
    #[arg(long, value_name = "FILE")]
    pub red_key: Option<PathBuf>,
    /// Start from this position file (docs/position.md) instead of Blue's set-up: every
    /// counter's place, the cities held, the turn and the side to move.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// The game's nonce (hex digits, at most 64), recorded in its first state so that
    /// no two games have the same one. Default: 32 digits drawn from the operating
    /// system's randomness; give it to make the same files again.
    #[arg(long, value_name = "HEX")]
    pub nonce: Option<String>,
    /// The game folder to write into.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
    /// Replace files that exist.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub mori: crate::cli::kind::NewArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum RuleSetArg {
    Basic,
    Tournament,
    // 37-41: BLITZKRIEG '85 (004).
    #[value(name = "85")]
    Eighty5,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Tables {
    Pbm,
    Die,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum SeedKind {
    Drand,
    Stock,
    Text,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Decisions {
    Standing,
    Pending,
}

/// 32.3: `--interception`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interception {
    Exchange,
    Standing,
}

/// 32.3: `--no-answer`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAnswerArg {
    Wait,
    Standing,
}

fn player(text: &str, side: &str) -> miette::Result<Player> {
    let p = pbem::mail::Player::parse(text, side).map_err(|e| miette!("{e}"))?;
    Ok(Player {
        name: p.name,
        email: p.address,
    })
}

/// A player a BLITZKRIEG game needs (optional on the command line: Mori's game names
/// its players by other flags).
fn required<'a>(text: &'a Option<String>, flag: &str, side: &str) -> miette::Result<&'a str> {
    text.as_deref()
        .ok_or_else(|| miette!("{flag} is required: {side}'s player, \"Name <address>\""))
}

/// The game's nonce: `--nonce` (hex digits, written in lower case), else 16 bytes of
/// the operating system's randomness in hex.
fn nonce(given: Option<&str>) -> miette::Result<String> {
    if let Some(hex) = given {
        if hex.is_empty() || hex.len() > 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(miette!(
                "--nonce {hex}: a nonce is 1 to 64 hex digits (0-9, a-f)"
            ));
        }
        return Ok(hex.to_ascii_lowercase());
    }
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| miette!("no randomness for the game's nonce: {e}"))?;
    Ok(hex::encode(bytes))
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    if args.game.is_empty()
        || !args
            .game
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(miette!(
            "`{}` is not a game id: use letters, digits, `-` and `_`",
            args.game
        ));
    }
    if let Some(code) = crate::cli::mori_commands::new::mori_new(&args)? {
        return Ok(code);
    }
    let umpire = args.rules.umpire()?;
    let spec = NewGame {
        id: args.game.clone(),
        blue: player(required(&args.blue, "--blue", "Blue")?, "Blue")?,
        red: player(required(&args.red, "--red", "Red")?, "Red")?,
        sender: args
            .sender
            .clone()
            .unwrap_or_else(|| format!("umpire@{}.invalid", args.game)),
        tables: match args.tables {
            Tables::Pbm => TableChoice::PlayByMail,
            Tables::Die => TableChoice::Die,
        },
        seed: match args.seed {
            SeedKind::Drand => SeedKindChoice::Drand,
            SeedKind::Stock => SeedKindChoice::Stock,
            SeedKind::Text => SeedKindChoice::Text,
        },
        decisions: match args.decisions {
            Decisions::Standing => DecisionMode::StandingOrders,
            Decisions::Pending => DecisionMode::Pending,
        },
        last_turn: args.last_turn,
        rules: match args.rule_set {
            RuleSetArg::Basic => RuleSet::Basic,
            RuleSetArg::Tournament => RuleSet::Tournament,
            RuleSetArg::Eighty5 => RuleSet::Eighty5,
        },
        optional: match &args.optional {
            Some(list) => Ruleset::parse_optional(list).map_err(|e| miette!("{e}"))?,
            None => Default::default(),
        },
        readings: args.readings.clone(),
        nonce: Some(nonce(args.nonce.as_deref())?),
        cold_war: args.cold_war,
        no_answer: match args.no_answer {
            NoAnswerArg::Wait => NoAnswer::Wait,
            NoAnswerArg::Standing => NoAnswer::Standing,
        },
    };
    let mut keys = std::collections::BTreeMap::new();
    for (side, file) in [(Side::Blue, &args.blue_key), (Side::Red, &args.red_key)] {
        if let Some(path) = file {
            keys.insert(side, blitzkrieg_desk::signed::registered_key(side, path)?);
        }
    }
    let mut state = match &args.position {
        Some(path) => game::new_game_at(
            umpire,
            &spec,
            &files::read_text(path)?,
            &path.display().to_string(),
        )?,
        None => game::new_game(umpire, &spec)?,
    };
    state.game.keys = keys;
    if args.interception == Interception::Standing {
        // 37.35: a game of '85 records rule 32 without choosing it.
        let optional = &state.game.options.optional.clone();
        if !optional.contains(&32) {
            return Err(miette!(
                "--interception standing: standing interception orders are for a game of optional rule 32 (--optional 32)"
            ));
        }
        state.game.options.interception = InterceptionMode::Standing;
        // 32.3: a game of standing orders never waits for an answer (R013).
        Ruleset::check_no_answer(optional, InterceptionMode::Standing, spec.no_answer)
            .map_err(game::GameError::from)?;
    }
    let out = game::new_game_files(umpire, &args.out, &state)?;
    files::write_all(&out, args.force)?;
    common::note_wrote(&out);
    let template = out
        .get(1)
        .map_or(String::new(), |(p, _)| p.display().to_string());
    match (&state.phase, state.mover()) {
        (Phase::SetUp { side: Side::Blue }, _) => note!(
            "Blue sets up first (3.3): fill in {template} and resolve it with `blitz resolve`."
        ),
        (_, Some(side)) => note!(
            "{side} moves next ({}): fill in {template} and resolve it with `blitz resolve`.",
            state.label()
        ),
        (_, None) => {}
    }
    Ok(ExitCode::SUCCESS)
}
