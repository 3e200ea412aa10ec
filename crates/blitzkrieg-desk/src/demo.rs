//! The sample game `blitz demo` plays: a new game, both set-ups and two complete turns
//! with battles, each player-turn committed, resolved from a recorded drand beacon,
//! written to a game folder and mailed to the folder's outbox, exactly as two players
//! would do it by hand. The orders are the files of `examples/demo/`, embedded in the
//! binary; only their header (game, side, turn, state hash) is filled in here, as a
//! player fills in the template the umpire sent. The other samples play the same way
//! from their own folders of `examples/`; the '85 sample's dice come from agreed texts
//! (`--seed text`) instead of beacons.

use crate::game::{self, GameError, NewGame, OrderText, SeedInput, SeedKindChoice, Umpire};
use blitzkrieg::state::{sha256_hex, DecisionMode, GameState, Player, RuleSet, TableChoice};
use blitzkrieg::units::Side;
use pbem::commit;
use pbem::files;
use pbem::mail::{self, Transport};
use std::path::{Path, PathBuf};

/// The demo game's id.
pub const GAME_ID: &str = "demo";

/// One player-turn of the sample game: the order file's body (everything after the
/// header) and the recorded beacon or agreed text that resolves it, if it rolls dice.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The example file the orders come from.
    pub file: &'static str,
    pub orders: &'static str,
    /// The beacon JSON (a real drand quicknet round, recorded).
    pub beacon: Option<&'static str>,
    /// The agreed text, published after the orders, of a game whose seeds are agreed
    /// texts (`--seed text`).
    pub text: Option<&'static str>,
}

const BEACON_123: &str = include_str!("../../../examples/demo/beacon-round-123.json");
const BEACON_1000: &str = include_str!("../../../examples/demo/beacon-round-1000.json");
const BEACON_657413: &str = include_str!("../../../examples/demo/beacon-round-657413.json");

/// A step from a file of `examples/demo/` (or another folder of `examples/`), embedded.
macro_rules! step {
    ($name:literal, $beacon:expr) => {
        step!("demo", $name, $beacon)
    };
    ($folder:literal, $name:literal, $beacon:expr) => {
        Step {
            file: concat!("examples/", $folder, "/", $name),
            orders: include_str!(concat!("../../../examples/", $folder, "/", $name)),
            beacon: $beacon,
            text: None,
        }
    };
}

/// A step of the '85 sample (`examples/demo-85/`), with the agreed text that resolves
/// it, if it rolls dice.
macro_rules! step85 {
    ($name:literal) => {
        step!("demo-85", $name, None)
    };
    ($name:literal, $text:literal) => {
        Step {
            text: Some($text),
            ..step!("demo-85", $name, None)
        }
    };
}

/// The player-turns of the sample game, in order.
pub const STEPS: [Step; 6] = [
    step!("00-setup-blue.toml", None),
    step!("01-setup-red.toml", None),
    step!("02-1-blue.toml", None),
    step!("03-1-red.toml", Some(BEACON_123)),
    step!("04-2-blue.toml", Some(BEACON_1000)),
    step!("05-2-red.toml", Some(BEACON_657413)),
];

/// The optional-rules sample's game id.
pub const OPTIONAL_GAME_ID: &str = "optional-demo";

/// The player-turns of the optional-rules sample, in order: both set-ups and turns 1-4.
/// Only 2-Red has a battle; it reuses the recorded round 657413 of the Basic Game
/// sample (the engine takes any round the orders name, and the rolls differ, as the
/// game id and the turn label are part of every roll). In 3-Blue a unit at sea invades
/// a beach (20.4); in 4-Blue it supplies a cut-off stack through that hex (23.5).
pub const OPTIONAL_STEPS: [Step; 10] = [
    step!("demo-optional", "00-setup-blue.toml", None),
    step!("demo-optional", "01-setup-red.toml", None),
    step!("demo-optional", "02-1-blue.toml", None),
    step!("demo-optional", "03-1-red.toml", None),
    step!("demo-optional", "04-2-blue.toml", None),
    step!("demo-optional", "05-2-red.toml", Some(BEACON_657413)),
    step!("demo-optional", "06-3-blue.toml", None),
    step!("demo-optional", "07-3-red.toml", None),
    step!("demo-optional", "08-4-blue.toml", None),
    step!("demo-optional", "09-4-red.toml", None),
];

/// The Tournament Game sample's game id.
pub const TOURNAMENT_GAME_ID: &str = "tournament-demo";

/// The player-turns of the Tournament Game sample, in order: both set-ups and turns
/// 1-5. In 1-Blue Blue invades New Endor and reduces Endmark on the MCRT (29.2, 29.4);
/// in 1-Red two TGAT battles and a strategic bombing (25.1, 26, 30.42); in 2-Red a
/// barrage and a battle with tactical bombing (25.2, 30.41); rangers go to sea and land
/// in 3-Blue and 4-Blue (27); the SAC bombs at double strength in 4-Red (30.8); both
/// sides take replacements in turn 5 (28). The rolls reuse the three recorded rounds of
/// the Basic Game sample (they differ, as the game id and the turn label are part of
/// every roll).
pub const TOURNAMENT_STEPS: [Step; 12] = [
    step!("demo-tournament", "00-setup-blue.toml", None),
    step!("demo-tournament", "01-setup-red.toml", None),
    step!("demo-tournament", "02-1-blue.toml", Some(BEACON_123)),
    step!("demo-tournament", "03-1-red.toml", Some(BEACON_1000)),
    step!("demo-tournament", "04-2-blue.toml", None),
    step!("demo-tournament", "05-2-red.toml", Some(BEACON_657413)),
    step!("demo-tournament", "06-3-blue.toml", None),
    step!("demo-tournament", "07-3-red.toml", None),
    step!("demo-tournament", "08-4-blue.toml", None),
    step!("demo-tournament", "09-4-red.toml", Some(BEACON_123)),
    step!("demo-tournament", "10-5-blue.toml", None),
    step!("demo-tournament", "11-5-red.toml", None),
];

/// The war sample's game id (the Tournament Game with the optional rules 33-36).
pub const WAR_GAME_ID: &str = "optional-war-demo";

/// The war sample's first state: a position at Blue's turn 6 (`docs/position.md`).
pub const WAR_POSITION: Start = Start {
    file: "examples/demo-war/position.toml",
    text: include_str!("../../../examples/demo-war/position.toml"),
};

/// The player-turns of the war sample, in order: turns 6-8 of a Tournament Game with
/// the optional rules 33 (bombing missions), 34 (weather), 35 (naval ascendancy) and
/// 36 (critical resources), from a position at Blue's turn 6. In 6-Blue Blue's
/// bombers damage the port of Novomar (33.3, PX) and cut the city-road of its other
/// hex (33.4, RCX) while his armor comes next to Zelin, an oil city: Red begins 6-Red
/// short of oil (36.22), and zone C, its points gone with the port and the aircraft
/// in it, uncontrolled (35.23). In 7-Blue the bombers bomb Novomar's supply and
/// industry at night (33.5, 33.6, SRIX); the port marker comes off and zone C is Red's
/// again in 7-Red, whose seed rolls the weather of turn 8 (34, reading
/// `weather-seed-34`), rain, in which 8-Blue plays. The rolls reuse the three recorded
/// rounds of the Basic Game sample, each once.
pub const WAR_STEPS: [Step; 5] = [
    step!("demo-war", "00-6-blue.toml", Some(BEACON_1000)),
    step!("demo-war", "01-6-red.toml", None),
    step!("demo-war", "02-7-blue.toml", Some(BEACON_657413)),
    step!("demo-war", "03-7-red.toml", Some(BEACON_123)),
    step!("demo-war", "04-8-blue.toml", None),
];

/// The air sample's game id (the Tournament Game with the optional rules 32-36).
pub const AIR_GAME_ID: &str = "air-demo";

/// The air sample's first state: a position at Blue's turn 6 (`docs/position.md`).
pub const AIR_POSITION: Start = Start {
    file: "examples/demo-air/position.toml",
    text: include_str!("../../../examples/demo-air/position.toml"),
};

/// The player-turns of the air sample, in order: turns 6-7 of a Tournament Game with
/// the optional rules 32-36, made with `--no-answer standing`, from a position at
/// Blue's turn 6. In 6-Blue Blue's SAC bomb the port of Novomar (33.3) with a fighter
/// escorting them (32.4) and their substitutes its city-road unescorted (33.4); the
/// player-turn stops before odds and Red's answer meets both flights, the escorted one
/// at double strength, the other at triple (32.32), on Red's seed. In 6-Red Red writes
/// his fallback standing interception orders. In 7-Blue the bombers fly again
/// unescorted; Red does not answer, and Blue resolves the step with `[answer] none`
/// and his own seed: Red's fallback meets them (32.3). 7-Red's seed rolls the weather
/// of turn 8. The rolls reuse the three recorded rounds of the Basic Game sample, each
/// once.
pub const AIR_STEPS: [Step; 6] = [
    step!("demo-air", "00-6-blue.toml", None),
    step!("demo-air", "01-6-blue-red-answers.toml", Some(BEACON_1000)),
    step!("demo-air", "02-6-red.toml", None),
    step!("demo-air", "03-7-blue.toml", None),
    step!("demo-air", "04-7-blue-no-answer.toml", Some(BEACON_657413)),
    step!("demo-air", "05-7-red.toml", Some(BEACON_123)),
];

/// The '85 sample's game id.
pub const EIGHTY5_GAME_ID: &str = "demo-85";

/// The player-turns and steps of the '85 sample, in order: a Cold War season, each
/// side's purchase list sealed, then revealed (37.11, 37.21), both placements (37.111-
/// 37.112), both war-start die shifts sealed, then revealed, Red's reveal naming the
/// seed of the roll that starts the war (37.12, 38.81); then turns 1-4 of the Hot War,
/// each player-turn opening with its production (37.31, 38.71). In 1-Blue transport
/// helicopters fly an infantry unit next to Endmark and all storm it with the armor
/// (46.41, 29.4) while B-5IN builds an airfield at W28 (49.1) and a transport aircraft
/// is bought (41.11, 50.1); in 1-Red Red's armor attacks (25.1); each stops before odds
/// for the other side's answer (37.35, 32.3), which names the seed. In 2-Blue the TAC
/// and the transport aircraft land at the new airfield (49.3) and the SAC bombs the
/// port of NN48: heavy damage (52.41), turned light at the end of 2-Red and gone at the
/// end of 3-Red (52.44); in 3-Blue the TAC takes off from the airfield and the
/// transport aircraft drops supplies on the cut-off armor at OO27 (50.7).
/// The seeds are agreed texts, each named before it was published.
pub const EIGHTY5_STEPS: &[Step] = &[
    step85!("00-setup-blue-commit.toml"),
    step85!("01-setup-red-commit.toml"),
    step85!("02-setup-blue-reveal.toml"),
    step85!("03-setup-red-reveal.toml"),
    step85!("04-setup-blue.toml"),
    step85!("05-setup-red.toml"),
    step85!("06-war-start-blue-commit.toml"),
    step85!("07-war-start-red-commit.toml"),
    step85!("08-war-start-blue-reveal.toml"),
    step85!("09-war-start-red-reveal.toml", "Calm in the capital"),
    step85!("10-1-blue.toml"),
    step85!("11-1-blue-red-answers.toml", "Smoke over the river"),
    step85!("12-1-red.toml"),
    step85!("13-1-red-blue-answers.toml", "Armor on the Endmark road"),
    step85!("14-2-blue.toml"),
    step85!("15-2-blue-red-answers.toml", "Novomar harbour, night 1"),
    step85!("16-2-red.toml"),
    step85!("17-3-blue.toml"),
    step85!("18-3-red.toml"),
    step85!("19-4-blue.toml"),
    step85!("20-4-red.toml"),
];

/// A position file a sample starts from instead of set-up.
#[derive(Clone, Copy, Debug)]
pub struct Start {
    /// The example file the position comes from.
    pub file: &'static str,
    pub text: &'static str,
}

/// What the demo did, for the command to print.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game folder.
    pub dir: PathBuf,
    /// The mail that opened the game (players, rules, Blue's set-up template).
    pub opening: PathBuf,
    /// Per player-turn: its label, the report file and the outbox message.
    pub turns: Vec<PlayedTurn>,
    /// The state now waiting for orders.
    pub last_state: PathBuf,
    /// The template for those orders.
    pub last_template: PathBuf,
    /// The last turn's report.
    pub last_report: String,
    /// The side to move next.
    pub next: Option<Side>,
}

/// One resolved player-turn of the demo.
#[derive(Clone, Debug)]
pub struct PlayedTurn {
    pub label: String,
    pub report: PathBuf,
    pub mail: PathBuf,
    pub commitment: String,
}

/// The demo's game: Basic Game, play-by-mail tables, drand seeds, standing orders.
pub fn new_game_spec() -> NewGame {
    NewGame {
        id: GAME_ID.to_string(),
        blue: Player {
            name: "Blue Player".to_string(),
            email: "blue@example.org".to_string(),
        },
        red: Player {
            name: "Red Player".to_string(),
            email: "red@example.org".to_string(),
        },
        sender: "umpire@example.org".to_string(),
        tables: TableChoice::PlayByMail,
        seed: SeedKindChoice::Drand,
        decisions: DecisionMode::StandingOrders,
        last_turn: 15,
        rules: RuleSet::Basic,
        optional: Default::default(),
        readings: Vec::new(),
        nonce: None,
        cold_war: false,
        no_answer: Default::default(),
    }
}

/// The optional-rules sample's game: the Basic Game's, with optional rules 19 (sea
/// movement), 20 (invasions), 21 (automatic victory), 22 (strategic movement) and 23
/// (combat supply).
pub fn optional_game_spec() -> NewGame {
    NewGame {
        id: OPTIONAL_GAME_ID.to_string(),
        optional: [19, 20, 21, 22, 23].into_iter().collect(),
        ..new_game_spec()
    }
}

/// The Tournament Game sample's game: the Basic Game sample's, with rules 24-30 (which
/// take in the optional rules 19-23).
pub fn tournament_game_spec() -> NewGame {
    NewGame {
        id: TOURNAMENT_GAME_ID.to_string(),
        rules: RuleSet::Tournament,
        ..new_game_spec()
    }
}

/// The war sample's game: the Tournament Game sample's, with the optional rules 33-36.
pub fn war_game_spec() -> NewGame {
    NewGame {
        id: WAR_GAME_ID.to_string(),
        optional: [33, 34, 35, 36].into_iter().collect(),
        ..tournament_game_spec()
    }
}

/// The air sample's game: the war sample's, with the optional rule 32 (air combat) by
/// the exchange by mail, a defender who does not answer getting his fallback standing
/// interception orders (`--no-answer standing`).
pub fn air_game_spec() -> NewGame {
    NewGame {
        id: AIR_GAME_ID.to_string(),
        optional: [32, 33, 34, 35, 36].into_iter().collect(),
        no_answer: blitzkrieg::state::NoAnswer::Standing,
        ..tournament_game_spec()
    }
}

/// The '85 sample's game: BLITZKRIEG '85 (004) in Cold War (38.8), as `blitz new --rules
/// 85 --cold-war --seed text` makes it, its dice drawn from agreed texts.
pub fn eighty5_game_spec() -> NewGame {
    NewGame {
        id: EIGHTY5_GAME_ID.to_string(),
        rules: RuleSet::Eighty5,
        cold_war: true,
        seed: SeedKindChoice::Text,
        ..new_game_spec()
    }
}

/// The order file a player would mail: the header of `state` and the step's orders.
pub fn order_file(state: &GameState, state_bytes: &[u8], body: &str) -> String {
    // 32.3: the file resolving a step without the defender's answer is the mover's.
    let no_answer = body.lines().any(|l| l.trim() == "[answer]");
    let side = blitzkrieg::air_combat::no_answer::resolver(state)
        .filter(|_| no_answer)
        .or(state.mover())
        .map_or("blue".to_string(), |s| s.name().to_ascii_lowercase());
    format!(
        "game = \"{}\"\nside = \"{side}\"\nturn = {}\nstate = \"{}\"\n\n{body}",
        state.game.id,
        state.turn(),
        sha256_hex(state_bytes),
    )
}

/// The Date of each turn's mail: fixed, so the outbox is the same on every run; a day
/// a player-turn or step from 1 January 2026.
fn mail_date(sequence: usize) -> Result<chrono::DateTime<chrono::Utc>, GameError> {
    let days = chrono::Days::new(u64::try_from(sequence).unwrap_or(0));
    chrono::NaiveDate::from_ymd_opt(2026, 1, 1)
        .and_then(|d| d.checked_add_days(days))
        .and_then(|d| d.and_hms_opt(12, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| GameError::Other(format!("no date for turn {sequence}")))
}

/// The Date of the mail that opens the game, before the first turn's.
fn opening_date() -> Result<chrono::DateTime<chrono::Utc>, GameError> {
    mail_date(0).map(|d| d - chrono::Duration::hours(2))
}

/// Writes a message to the outbox and says where. With `force` an earlier copy of the
/// same turn is replaced, as every other file of the demo is (the outbox otherwise
/// keeps the first message of a turn: see `docs/mail.md`).
fn to_outbox(message: &mail::TurnMail, outbox: &Path, force: bool) -> Result<PathBuf, GameError> {
    let path = outbox.join(message.outbox_file_name());
    if force && path.exists() {
        std::fs::remove_file(&path).map_err(|source| files::FileError::Write {
            path: path.clone(),
            source,
        })?;
    }
    mail::deliver(message, &Transport::Outbox, outbox)
        .map(|d| d.outbox_path)
        .map_err(|e| GameError::Mail(e.to_string()))
}

/// Plays the sample game into `dir`: every file a real game by e-mail would hold, then
/// replays the folder with `verify` to show that every state follows.
pub fn play(u: &Umpire, dir: &Path, force: bool) -> Result<Played, GameError> {
    play_steps(u, dir, force, &new_game_spec(), None, &STEPS, Record::Kept)
}

/// Plays the optional-rules sample game into `dir`, as [`play`] does the Basic Game's.
pub fn play_optional(u: &Umpire, dir: &Path, force: bool) -> Result<Played, GameError> {
    play_steps(
        u,
        dir,
        force,
        &optional_game_spec(),
        None,
        &OPTIONAL_STEPS,
        Record::Kept,
    )
}

/// Plays the Tournament Game sample into `dir`, as [`play`] does the Basic Game's.
pub fn play_tournament(u: &Umpire, dir: &Path, force: bool) -> Result<Played, GameError> {
    play_steps(
        u,
        dir,
        force,
        &tournament_game_spec(),
        None,
        &TOURNAMENT_STEPS,
        Record::None,
    )
}

/// Plays the war sample into `dir`, from its position, as [`play`] does the Basic
/// Game's.
pub fn play_war(u: &Umpire, dir: &Path, force: bool) -> Result<Played, GameError> {
    play_steps(
        u,
        dir,
        force,
        &war_game_spec(),
        Some(WAR_POSITION),
        &WAR_STEPS,
        Record::Kept,
    )
}

/// Plays the air sample into `dir`, from its position, as [`play`] does the Basic
/// Game's.
pub fn play_air(u: &Umpire, dir: &Path, force: bool) -> Result<Played, GameError> {
    play_steps(
        u,
        dir,
        force,
        &air_game_spec(),
        Some(AIR_POSITION),
        &AIR_STEPS,
        Record::Kept,
    )
}

/// Plays the '85 sample into `dir`, as [`play`] does the Basic Game's.
pub fn play_85(u: &Umpire, dir: &Path, force: bool) -> Result<Played, GameError> {
    play_steps(
        u,
        dir,
        force,
        &eighty5_game_spec(),
        None,
        EIGHTY5_STEPS,
        Record::Kept,
    )
}

/// Whether a sample keeps the record of the seeds used (PBM ¶2), as a game made by
/// `blitz new` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Record {
    Kept,
    /// The Tournament sample is played from the three recorded drand rounds, one of
    /// them twice (1-Blue and 4-Red), which a game keeping the record refuses: it is
    /// played as a game begun before the record, with its files as they were.
    None,
}

/// Creates the game `spec` in `dir` (at set-up, or at the position `start`) and plays
/// `steps` into it, each committed, resolved and mailed to the outbox; then verifies
/// the folder.
fn play_steps(
    u: &Umpire,
    dir: &Path,
    force: bool,
    spec: &NewGame,
    start: Option<Start>,
    steps: &[Step],
    record: Record,
) -> Result<Played, GameError> {
    let mut state = match start {
        Some(p) => game::new_game_at(u, spec, p.text, p.file)?,
        None => game::new_game(u, spec)?,
    };
    if record == Record::None {
        state.seeds_used = None;
    }
    let first = game::new_game_files(u, dir, &state)?;
    files::write_all(&first, force)?;
    let mut state_bytes = first
        .first()
        .map(|(_, b)| b.clone())
        .ok_or_else(|| GameError::Other("no state written".to_string()))?;
    let outbox = dir.join("outbox");
    let state_name = dir
        .join(game::FILES.state(&state.file_stem()))
        .display()
        .to_string();
    let opening = game::state_mail(u, &state_bytes, &state_name, dir, opening_date()?)?;
    let opening = to_outbox(&opening, &outbox, force)?;
    let mut current = state;
    let mut turns = Vec::new();
    let mut last_report = String::new();
    for (i, step) in steps.iter().enumerate() {
        let text = order_file(&current, &state_bytes, step.orders);
        // The samples keep the commitments they were played with (version 2).
        let commitment = commit::orders_commitment_v2(&state_bytes, &text).to_string();
        let orders = OrderText {
            name: step.file.to_string(),
            toml: text,
            source_lines: Vec::new(),
        };
        let seed = step
            .beacon
            .map(|b| SeedInput::Beacon(b.to_string()))
            .or_else(|| step.text.map(|t| SeedInput::Text(t.to_string())));
        let state_name = dir
            .join(game::FILES.state(&current.file_stem()))
            .display()
            .to_string();
        let r = game::resolve(
            u,
            &state_bytes,
            &state_name,
            &orders,
            seed.as_ref(),
            Some(&commitment),
            false,
        )?;
        let out = game::resolution_files(dir, &r, &orders, seed.as_ref(), Some(&commitment));
        files::write_all(&out, force)?;
        let replay = crate::turn_mail::replay_files(&r.previous.file_stem(), &out);
        let message = game::turn_mail(u, &r, &replay, mail_date(i)?)?;
        let label = message.turn.clone();
        let mail = to_outbox(&message, &outbox, force)?;
        turns.push(PlayedTurn {
            label,
            report: dir.join(game::FILES.report(&r.previous.file_stem())),
            mail,
            commitment,
        });
        last_report = r.report.clone();
        state_bytes = r.state_ron.into_bytes();
        current = r.state;
    }
    game::verify_dir(u, dir)?;
    let stem = current.file_stem();
    Ok(Played {
        dir: dir.to_path_buf(),
        opening,
        turns,
        last_state: dir.join(game::FILES.state(&stem)),
        last_template: dir.join(game::FILES.template(&stem)),
        last_report,
        next: current.mover(),
    })
}
