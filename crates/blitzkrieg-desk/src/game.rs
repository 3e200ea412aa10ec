//! A game as files: loading the rule data, creating a game, resolving one player-turn
//! from file bytes to file bytes, and replaying a game folder. The commands are thin
//! shells over these functions; the engine under them does no I/O at all.

use crate::template;
pub use crate::turn_mail::{state_mail, turn_mail};
use blitzkrieg::board::Board;
use blitzkrieg::engine::{self, TurnInput};
use blitzkrieg::orders::{self, Diagnostics, OrderError, Orders, SeedSpec};
use blitzkrieg::report;
use blitzkrieg::rules::Rules;
use blitzkrieg::ruleset::{RuleBook, Ruleset, RulesetError, AIR_COMBAT_RULE};
use blitzkrieg::seed_names::spec_names;
use blitzkrieg::state::{
    sha256_hex, Chain, DecisionMode, GameInfo, GameState, LastTurn, Options, Phase, Place, Player,
    RuleSet, SeedSource, StateError, TableChoice, KIND, OLDEST_STATE_FORMAT, STATE_FORMAT,
};
use blitzkrieg::tables::{CombatTables, EmbeddedTables, Tables};
use blitzkrieg::units::{Counters, Side};
use pbem::commit;
use pbem::files::{self, FileError};
use pbem::folder::FileNames;
use pbem::folder::{self as folder, Compared, Replay, Replayed, Stop, TurnFiles};
use pbem::mail;
use pbem::seed::{used, CheckedBeacons, DrandChain, Seed, SeedError, SeedKind};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// How a BLITZKRIEG game folder names its files (`docs/state.md`): `05-2-red.state.ron`,
/// and beside it the orders, report and commitment of the player-turn played from it.
pub const FILES: FileNames = FileNames {
    state: ".state.ron",
    orders: ".orders.toml",
    report: ".report.txt",
    template: ".template.toml",
    commitment: ".commitment.txt",
};

/// Why a game command could not do its work.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum GameError {
    #[error(transparent)]
    #[diagnostic(transparent)]
    File(#[from] FileError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    State(#[from] StateError),
    #[error("the board file has problems:\n{0}")]
    Board(String),
    #[error("the counter files have problems:\n{0}")]
    Counters(String),
    #[error("the combat tables have problems:\n{0}")]
    Tables(String),
    #[error("{0}")]
    #[diagnostic(help("see docs/dice.md for the seed sources"))]
    Seed(String),
    #[error("the orders break the rules:\n{rendered}")]
    Orders {
        rendered: String,
        errors: Vec<OrderError>,
    },
    #[error("{0}")]
    Mail(String),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Ruleset(#[from] RulesetError),
    #[error(
        "this game was made with other {what} (SHA-256 {made}) than the {what} given now ({given})"
    )]
    #[diagnostic(
        code("blitz::game::other_data"),
        help("give the same files the game was created with ({flag}), or none if it was made with the embedded data")
    )]
    OtherData {
        what: String,
        made: String,
        given: String,
        flag: &'static str,
    },
    #[error("{0}")]
    Diverged(Box<Divergence>),
    #[error("{file} holds {size} bytes of orders; an order file is at most {max} bytes")]
    #[diagnostic(
        code("blitz::orders_too_large"),
        help("an order file names each unit's orders once: a few kilobytes; send the orders only")
    )]
    OrdersTooLarge {
        file: String,
        size: usize,
        max: usize,
    },
    /// A position file larger than any position needs (G040).
    #[error("{file} holds {size} bytes; a position file is at most {max} bytes")]
    #[diagnostic(
        code("blitz::position_too_large"),
        help("a position names each counter once: a whole Tournament Game is a few kilobytes (docs/position.md)")
    )]
    PositionTooLarge {
        file: String,
        size: usize,
        max: usize,
    },
    #[error(transparent)]
    #[diagnostic(
        code("blitz::game::position"),
        help("docs/position.md describes the position file, field by field")
    )]
    Position(#[from] blitzkrieg::position_file::PositionErrors),
    /// `verify` could not check the whole game: a file is missing, or the folder holds
    /// states the replay never reached.
    #[error("{0}")]
    #[diagnostic(
        code("blitz::game::incomplete"),
        help("a game folder holds every state, order file and seed of the game (docs/state.md)")
    )]
    Incomplete(String),
    /// Orders not signed, or not signed right, in a game with signed orders.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Signature(#[from] crate::signed::SignatureProblem),
    /// `blitz reach` cannot answer for a unit or a state.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Reach(#[from] crate::reach::ReachError),
    /// `STATE ORDERS` given the other way round (`crate::arguments`).
    #[error(
        "{state_file} is an order file, not a state{}: the state comes first",
        if *orders_is_state { format!(", and {orders_file} is the state") } else { String::new() }
    )]
    #[diagnostic(code("blitz::game::swapped"))]
    Swapped {
        state_file: String,
        orders_file: String,
        orders_is_state: bool,
        /// The command as it should have been written.
        #[help]
        hint: String,
    },
    /// `verify` of mail: a turn message shows another report, or carries another file,
    /// than replaying the game renders.
    #[error("{0}")]
    #[diagnostic(
        code("blitz::game::mail_differs"),
        help("the message was changed after the umpire sent it: ask for it again (`blitz mail --resend`), and compare")
    )]
    MailDiffers(String),
    /// `verify` of mail: a player-turn's commitment reached the reader after its seed
    /// was published.
    #[error("{0}")]
    #[diagnostic(
        code("blitz::game::commitment_late"),
        help("a commitment mailed after its seed was out binds nothing: the mover could know his dice (docs/pbem.md)")
    )]
    CommitmentLate(String),
    #[error("{0}")]
    Other(String),
}

impl From<SeedError> for GameError {
    fn from(e: SeedError) -> GameError {
        GameError::Seed(e.to_string())
    }
}

/// Paths replacing the embedded rule data; `None` keeps the embedded default.
#[derive(Clone, Debug, Default)]
pub struct RuleFiles {
    pub board: Option<PathBuf>,
    pub counters: Option<PathBuf>,
    pub oac: Option<PathBuf>,
    pub tables: Option<PathBuf>,
}

/// The rule data and the combat tables, loaded once, with the SHA-256 of each file
/// they came from (a game records these and refuses other data later).
#[derive(Clone, Debug)]
pub struct Umpire {
    pub rules: Rules,
    /// The combat tables given as files, read and checked by [`Umpire::load`].
    given_tables: Option<Tables>,
    /// Else the embedded ones (checked by the test suite), each read when a battle
    /// first looks it up, so a command that rolls no dice reads none of them and a
    /// turn reads only the table of its game. See [`Umpire::tables`].
    embedded_tables: EmbeddedTables,
    /// SHA-256 of the text of each piece of rule data: "board", "counters", "oac",
    /// "tables", "figures", "optional", "readings".
    pub data: BTreeMap<String, String>,
}

/// The SHA-256 of the embedded rule data, computed when the rules crate is built.
pub use blitzkrieg::embedded_hash;

/// Embedded rule data of earlier releases that this release's embedded data replaces
/// without changing how a game made with it is played: a game in progress survives an
/// upgrade of the umpire. Each entry is the kind of data and the SHA-256 of the earlier
/// text; what changed since, and why it plays every such game as before:
/// - `tournament` (`rules/blitzkrieg/tournament.toml` of release 0.3.0): the text adds
///   the reading `tgat-doubled-defender`, which a Tournament Game whose state lacks it
///   plays with its option of before (`ruleset::TOURNAMENT_BEFORE_READINGS`); no figure
///   changed.
/// - `tournament` (the text of the release after 0.3.0): the text adds the figures and
///   readings of the Tournament Game's optional rules 33-36, which a game plays only when
///   it chose them (`--optional`); no figure or reading of the rules 24-30 changed.
/// - `tournament` (32: the text of the release after that): the text adds the figures
///   of optional rule 32 (`[air_combat]`), which a game plays only when it chose the
///   rule; no figure or reading of another rule changed.
/// - `tournament` (32 and 33.7: the text of release 0.5.0): the text adds to
///   `[air_combat]` the figures of hunt, strafe, patrol and patrol/interdiction, parts
///   of rule 32 built after it; no figure a game of 0.5.0 played by changed.
///
/// Only the embedded data supersedes: a game made with these hashes and given other data
/// by path is refused as before (`G008`).
pub const SUPERSEDED: [(&str, &str); 7] = [
    (
        "tournament",
        "da6f1cc74248c2fc0521b4fe8d7f374ee885dd472a5b203e7c5e440ab5b571b1",
    ),
    (
        "tournament",
        "4c41c750994c6c16ff38f34d8c1701722ab24e5440587b0a38839f024fe9ac3b",
    ),
    // 32: air combat.
    (
        "tournament",
        "846b4b0f3dbadf226c195592f001670afeef92fc552b826cdc657e946519d83b",
    ),
    // 32 and 33.7: hunt, strafe, patrol and patrol/interdiction figures.
    (
        "tournament",
        "45cc419281f5e1bfa91540089cab3090570ceba16260c3eb96f544400506abd9",
    ),
    // 38.81, 38.4-38.5: 85.toml's war-start roll and points of conquest appended.
    (
        "85",
        "731a68097a1e32e5499179a827a068cf651a9ce62869f08886b9a5591014534a",
    ),
    // 48: 85.toml's A-A values appended.
    (
        "85",
        "1df7663eb7a0067e2ae8443c9e9fa564027595f7b957de1d6a3bd2b36a5412f9",
    ),
    // 50: 85.toml's transport aircraft ranges appended (release 0.8.0's file).
    (
        "85",
        "e7b0d0f8ef8a76093cda3a5f96a7760c9c83d75cad5cead9a0f8733c8e58909f",
    ),
];

/// The SHA-256 of this release's embedded data of a kind (`board`, `tables`, ...).
fn embedded_of(what: &str) -> Option<&'static str> {
    Some(match what {
        "board" => embedded_hash::BOARD,
        "counters" => embedded_hash::COUNTERS,
        "oac" => embedded_hash::OAC,
        "tables" => embedded_hash::TABLES,
        "figures" => embedded_hash::FIGURES,
        "optional" => embedded_hash::OPTIONAL,
        "tournament" => embedded_hash::TOURNAMENT,
        "readings" => embedded_hash::READINGS,
        "85" => embedded_hash::EIGHTY5,
        _ => return None,
    })
}

/// Whether data the game was `made` with is what the umpire was `given`: the same text,
/// or earlier embedded data that the embedded data given supersedes ([`SUPERSEDED`]).
fn same_data(what: &str, made: &str, given: &str) -> bool {
    given == made || (embedded_of(what) == Some(given) && SUPERSEDED.contains(&(what, made)))
}

/// The SHA-256 of the text a piece of rule data was read from: the file given, else
/// the embedded text (hashed at build time).
fn data_hash(path: Option<&PathBuf>, embedded: &'static str) -> Result<String, GameError> {
    Ok(match path {
        Some(p) => sha256_hex(&files::read_bytes(p)?),
        None => embedded.to_string(),
    })
}

/// The SHA-256 of a set of table files: each name and text, length-prefixed, in the
/// order of the embedded set. `None`: the embedded set, hashed at build time.
pub fn tables_hash(dir: Option<&Path>) -> Result<String, GameError> {
    let Some(d) = dir else {
        return Ok(embedded_hash::TABLES.to_string());
    };
    let mut all = Vec::new();
    for (name, _) in blitzkrieg::tables::EMBEDDED {
        pbem::dice::lp(&mut all, name.as_bytes());
        pbem::dice::lp(&mut all, &files::read_bytes(&d.join(name))?);
    }
    Ok(sha256_hex(&all))
}

impl Umpire {
    /// The embedded board, counters and tables, or the files named instead.
    pub fn load(files: &RuleFiles) -> Result<Umpire, GameError> {
        let board = match &files.board {
            Some(p) => Board::load(p),
            None => Board::try_embedded(),
        }
        .map_err(|e| GameError::Board(e.to_string()))?;
        let counters = match (&files.counters, &files.oac) {
            (None, None) => Counters::embedded(),
            (c, o) => {
                let c = c
                    .clone()
                    .unwrap_or_else(|| PathBuf::from("rules/blitzkrieg/counters.toml"));
                let o = o
                    .clone()
                    .unwrap_or_else(|| PathBuf::from("rules/blitzkrieg/oac.toml"));
                Counters::load(&c, &o)
            }
        }
        .map_err(|e| GameError::Counters(e.to_text()))?;
        let given_tables = match &files.tables {
            Some(dir) => Some(Tables::load_dir(dir).map_err(|e| GameError::Tables(e.to_string()))?),
            None => None,
        };
        let book = RuleBook::embedded()?;
        let data = BTreeMap::from([
            (
                "board".to_string(),
                data_hash(files.board.as_ref(), embedded_hash::BOARD)?,
            ),
            (
                "counters".to_string(),
                data_hash(files.counters.as_ref(), embedded_hash::COUNTERS)?,
            ),
            (
                "oac".to_string(),
                data_hash(files.oac.as_ref(), embedded_hash::OAC)?,
            ),
            ("tables".to_string(), tables_hash(files.tables.as_deref())?),
            ("figures".to_string(), embedded_hash::FIGURES.to_string()),
            ("optional".to_string(), embedded_hash::OPTIONAL.to_string()),
            (
                "tournament".to_string(),
                embedded_hash::TOURNAMENT.to_string(),
            ),
            ("readings".to_string(), embedded_hash::READINGS.to_string()),
            // 37-41: BLITZKRIEG '85.
            ("85".to_string(), embedded_hash::EIGHTY5.to_string()),
        ]);
        Ok(Umpire {
            rules: Rules::new(board, counters, book),
            given_tables,
            embedded_tables: EmbeddedTables::default(),
            data,
        })
    }

    /// The combat tables: the files given, else the embedded tables, each read the
    /// first time a battle looks it up.
    pub fn tables(&self) -> &dyn CombatTables {
        match &self.given_tables {
            Some(t) => t,
            None => &self.embedded_tables,
        }
    }

    /// The rules a game is played with: this data, refused if it is not the data the
    /// game was created with, and the rule set its options make.
    pub fn rules_for(&self, state: &GameState) -> Result<Rules, GameError> {
        for (what, made) in &state.game.data {
            let given = self.data.get(what).map_or("none", String::as_str);
            if !same_data(what, made, given) {
                return Err(GameError::OtherData {
                    what: what.clone(),
                    made: made.clone(),
                    given: given.to_string(),
                    flag: match what.as_str() {
                        "board" => "--board",
                        "counters" => "--counters",
                        "oac" => "--oac",
                        "tables" => "--tables-dir",
                        _ => "the umpire release the game was created with",
                    },
                });
            }
        }
        Ok(self.rules.for_game(state)?)
    }
}

/// Which published value decides the battles of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedKindChoice {
    Drand,
    Stock,
    Text,
}

/// What `blitz new` is told.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: String,
    pub blue: Player,
    pub red: Player,
    pub sender: String,
    pub tables: TableChoice,
    pub seed: SeedKindChoice,
    pub decisions: DecisionMode,
    pub last_turn: u32,
    /// Basic or Tournament Game.
    pub rules: RuleSet,
    /// The optional rules chosen, by number.
    pub optional: std::collections::BTreeSet<u32>,
    /// Readings chosen other than the defaults, `NAME=OPTION` each.
    pub readings: Vec<String>,
    /// The game's nonce, recorded in its first state ([`blitzkrieg::state::GameInfo`]);
    /// `None` for the samples, whose files stay as they were.
    pub nonce: Option<String>,
    /// 38.8: a game of '85 that starts in Cold War (37.1), both players agreeing.
    pub cold_war: bool,
    /// 32.3: what a defender who does not answer the interception exchange gets
    /// (`--no-answer`); the player-turn waits unless chosen.
    pub no_answer: blitzkrieg::state::NoAnswer,
}

/// The umpire release written into every state (the envelope's `umpire`).
pub const UMPIRE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The rule data a new game records: all of it, less the optional rules' figures when
/// it plays none and the Tournament Game's unless it is one (a Basic Game's files then
/// do not depend on them; the Tournament Game plays the optional rules 19-23, 24).
fn recorded_data(
    u: &Umpire,
    rules: RuleSet,
    optional: &std::collections::BTreeSet<u32>,
) -> BTreeMap<String, String> {
    let tournament = rules.is_tournament();
    u.data
        .iter()
        .filter(|(what, _)| match what.as_str() {
            "optional" => tournament || !optional.is_empty(),
            "tournament" => tournament,
            // 37-41: BLITZKRIEG '85's figures, recorded in its games alone.
            "85" => rules == RuleSet::Eighty5,
            _ => true,
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// A new game in its set-up phase (3.3): every full unit of its rules waiting (2.2, 24).
/// A rule set or optional rule not built yet, or an unknown reading, is refused.
pub fn new_game(u: &Umpire, g: &NewGame) -> Result<GameState, GameError> {
    Ruleset::check_choice(g.rules, &g.optional)?;
    // 37.35, 47: a game of '85 records rule 32 beside what was chosen.
    let optional = &Ruleset::recorded_at_new(g.rules, &g.optional);
    let readings = u.rules.book.choose(g.rules, &g.readings)?;
    let seed = match g.seed {
        SeedKindChoice::Drand => {
            let chain = DrandChain::quicknet()?;
            SeedSource::Drand {
                chain_hash: chain.hash.clone(),
                public_key: chain.public_key_hex(),
                genesis: chain.genesis,
                period: chain.period,
            }
        }
        SeedKindChoice::Stock => SeedSource::StockSales,
        SeedKindChoice::Text => SeedSource::AgreedText,
    };
    // 34: the weather's die needs a seed that gives one.
    Ruleset::check_seed(optional, seed == SeedSource::StockSales)?;
    // 38.8: the Cold War, in a game of '85 only.
    Ruleset::check_cold_war(g.rules, g.cold_war)?;
    // 32.3: a silent defender's fallback, in a game of the interception exchange.
    Ruleset::check_no_answer(optional, Default::default(), g.no_answer)?;
    let units = Side::BOTH
        .iter()
        .flat_map(|s| {
            let tournament = g.rules.is_tournament();
            let air_combat = optional.contains(&AIR_COMBAT_RULE);
            u.rules.counters.in_game(*s, tournament, air_combat)
        })
        .map(|c| (c.id.clone(), Place::Waiting))
        .collect();
    Ok(GameState {
        format: STATE_FORMAT,
        kind: KIND.to_string(),
        umpire: UMPIRE_VERSION.to_string(),
        game: GameInfo {
            id: g.id.clone(),
            players: BTreeMap::from([(Side::Blue, g.blue.clone()), (Side::Red, g.red.clone())]),
            sender: g.sender.clone(),
            options: Options {
                rules: g.rules,
                tables: g.tables,
                seed,
                decisions: g.decisions,
                last_turn: g.last_turn,
                optional: optional.clone(),
                readings,
                stops: BTreeSet::new(),
                cold_war: g.cold_war,
                interception: Default::default(),
                no_answer: g.no_answer,
                // 32.31: a game with rule 32 keeps the routes its missions flew.
                flight_routes: optional.contains(&32),
                // 004: the rules of '85 built since release 0.7.0.
                rules85: Ruleset::recorded85(g.rules),
            },
            data: recorded_data(u, g.rules, optional),
            keys: BTreeMap::new(),
            nonce: g.nonce.clone(),
        },
        phase: Phase::SetUp { side: Side::Blue },
        step: 0,
        units,
        held: BTreeMap::new(),
        standing: BTreeMap::new(),
        marks: BTreeMap::new(),
        hex_marks: BTreeMap::new(),
        pools: BTreeMap::new(),
        invaded: None,
        beachheads: BTreeMap::new(),
        minors: BTreeMap::new(),
        air_landing: BTreeMap::new(),
        patrols: BTreeMap::new(),
        fighter_supply: BTreeSet::new(),
        // 52.4: no facility is damaged when a game begins.
        damage: BTreeMap::new(),
        airfields: Default::default(),
        air_supplied: BTreeMap::new(),
        ranger_beachheads: BTreeMap::new(),
        seeds_used: Some(BTreeMap::new()),
        weather: BTreeMap::new(),
        ascendancy: Default::default(),
        invading: BTreeMap::new(),
        resources: BTreeMap::new(),
        // 37.21: a game of '85 starts with its purchase.
        purchase: blitzkrieg::eighty5::setup::start(g.rules, g.cold_war),
        pending: Vec::new(),
        resume: None,
        condition_b: BTreeMap::new(),
        chain: Chain::default(),
        last: LastTurn::default(),
        integrity: String::new(),
    })
}

/// A new game that starts from a position file (`docs/position.md`) rather than from
/// set-up: the game, players and options as [`new_game`] makes them, every counter's
/// place, the cities held and the player-turn as the file gives them. A file larger
/// than [`blitzkrieg::position_file::MAX_POSITION_BYTES`] is refused unread (G040).
pub fn new_game_at(
    u: &Umpire,
    g: &NewGame,
    position: &str,
    file: &str,
) -> Result<GameState, GameError> {
    if position.len() > blitzkrieg::position_file::MAX_POSITION_BYTES {
        return Err(GameError::PositionTooLarge {
            file: file.to_string(),
            size: position.len(),
            max: blitzkrieg::position_file::MAX_POSITION_BYTES,
        });
    }
    let start = new_game(u, g)?;
    let rules = u.rules_for(&start)?;
    let base = blitzkrieg::builder::StateBuilder::from_state(start);
    Ok(blitzkrieg::position_file::read(
        position, file, &rules, base,
    )?)
}

/// The published value given at resolution, as the game folder keeps it.
pub use pbem::folder::SeedInput;

/// The drand chain a game records.
pub fn chain_of(state: &GameState) -> Result<Option<DrandChain>, GameError> {
    Ok(blitzkrieg::seed_names::drand_chain(state)?)
}

/// The seed for a player-turn: verified against the game's source and the round or
/// date the orders named before it existed.
pub fn seed_for(state: &GameState, orders: &Orders, input: &SeedInput) -> Result<Seed, GameError> {
    seed_for_among(state, orders, input, &CheckedBeacons::none())
}

/// [`seed_for`], a beacon's signature not checked again when `checked` holds it
/// (`verify` checks a folder's beacons together first).
fn seed_for_among(
    state: &GameState,
    orders: &Orders,
    input: &SeedInput,
    checked: &CheckedBeacons,
) -> Result<Seed, GameError> {
    let (what, max) = input.limit();
    if input.text().len() > max {
        return Err(GameError::Seed(format!(
            "the {what} given is {} bytes; a {what} is at most {max} bytes: give the right file",
            input.text().len()
        )));
    }
    let named = orders.seed.as_ref().map(|s| &s.value);
    match (&state.game.options.seed, input) {
        (SeedSource::Drand { .. }, SeedInput::Beacon(json)) => {
            let chain = chain_of(state)?.ok_or(GameError::Other("no drand chain".into()))?;
            let round = match named {
                Some(s) => drand_round(&chain, s)?,
                None => None,
            };
            Ok(Seed::from_beacon_json_among(json, &chain, round, checked)?)
        }
        (SeedSource::StockSales, SeedInput::Sales(csv)) => {
            let seed = Seed::from_stock_csv(csv, named.and_then(|s| s.date.as_deref()))?;
            every_stock_listed(&seed, orders)?;
            Ok(seed)
        }
        (SeedSource::AgreedText, SeedInput::Text(t)) => {
            match named.and_then(|s| s.sha256.as_deref()) {
                Some(hash) => Ok(Seed::from_text_hashed(t, hash)?),
                None => Ok(Seed::from_text(t)?),
            }
        }
        (source, _) => Err(GameError::Seed(format!(
            "this game is resolved by {}: give {}",
            source_name(source),
            match source {
                SeedSource::Drand { .. } => "--beacon FILE (the round's JSON)",
                SeedSource::StockSales => "--sales FILE (the symbol,volume CSV)",
                SeedSource::AgreedText => "--seed-text TEXT or --seed-file FILE",
            }
        ))),
    }
}

/// PBM: every battle's stock must be in the sales figures given; one that is not is a
/// wrong seed file (exit 2), found before any battle is fought.
fn every_stock_listed(seed: &Seed, orders: &Orders) -> Result<(), SeedError> {
    let Seed::Stock { date, sales } = seed else {
        return Ok(());
    };
    for a in &orders.attacks {
        if let Some(symbol) = &a.stock {
            if sales.volume(&symbol.value).is_none() {
                return Err(SeedError::MissingStock {
                    battle: a.id.value.clone(),
                    symbol: symbol.value.clone(),
                    date: date.clone(),
                });
            }
        }
    }
    Ok(())
}

/// The drand round a `[seed]` names: its `round`, or the first round after its `time`.
fn drand_round(chain: &DrandChain, spec: &SeedSpec) -> Result<Option<u64>, GameError> {
    Ok(pbem::seed::spec::drand_round(chain, spec)?)
}

pub use pbem::seed::NamedSeed;

/// The seed the orders name, if they name a readable one (`check` reports one that is
/// not). `blitz commit` compares its time with the clock; `resolve` names it when it is
/// missing.
pub fn named_seed(state: &GameState, orders: &Orders) -> Result<Option<NamedSeed>, GameError> {
    let Some(spec) = orders.seed.as_ref().map(|s| &s.value) else {
        return Ok(None);
    };
    let (kind, chain) = match &state.game.options.seed {
        SeedSource::Drand { .. } => (
            SeedKind::Drand,
            Some(chain_of(state)?.ok_or(GameError::Other("no drand chain".into()))?),
        ),
        SeedSource::StockSales => (SeedKind::Stock, None),
        SeedSource::AgreedText => (SeedKind::Text, None),
    };
    Ok(pbem::seed::spec::named_seed(spec, kind, chain.as_ref())?)
}

fn source_name(s: &SeedSource) -> &'static str {
    match s {
        SeedSource::Drand { .. } => "a drand beacon round",
        SeedSource::StockSales => "stock sales",
        SeedSource::AgreedText => "an agreed text",
    }
}

/// An order file as given: TOML, or a mail message carrying it.
#[derive(Clone, Debug)]
pub struct OrderText {
    /// The TOML text.
    pub toml: String,
    /// What to call it in messages: the file, or "reply.eml (attachment orders.toml)".
    pub name: String,
    /// The line of the mail body each line of `toml` was taken from (1-based), for
    /// orders quoted in a mail: problems are pointed at the line of the mail. Empty
    /// for an order file or an attachment, whose lines are its own.
    pub source_lines: Vec<usize>,
}

/// The largest mail message an order file may be: a reply that quotes the turn's
/// report and template fits many times over (the attachments of a turn mail, sent
/// back, do not: a reply carries the orders only).
pub const MAX_MESSAGE_BYTES: usize = 512 * 1024;

/// Reads orders from file bytes: TOML as it is, or the orders in a mail message. The
/// orders are at most [`orders::MAX_ORDER_BYTES`], a message at most
/// [`MAX_MESSAGE_BYTES`], so reading and checking them takes bounded time and memory.
pub fn order_text(bytes: &[u8], file: &str) -> Result<OrderText, GameError> {
    let too_large = |size: usize, max: usize| GameError::OrdersTooLarge {
        file: file.to_string(),
        size,
        max,
    };
    let text = if mail::is_message(bytes) {
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(too_large(bytes.len(), MAX_MESSAGE_BYTES));
        }
        let found = mail::orders_from_message(bytes).map_err(|e| GameError::Mail(e.to_string()))?;
        let source_lines = match found.source {
            mail::OrdersSource::Body { .. } => (1..=found.toml.lines().count())
                .map(|l| found.source_line(l))
                .collect(),
            mail::OrdersSource::Attachment { .. } => Vec::new(),
        };
        OrderText {
            name: format!("{file} ({})", found.source),
            toml: found.toml,
            source_lines,
        }
    } else {
        if bytes.len() > orders::MAX_ORDER_BYTES {
            return Err(too_large(bytes.len(), orders::MAX_ORDER_BYTES));
        }
        let toml = String::from_utf8(bytes.to_vec())
            .map_err(|_| GameError::Other(format!("{file} is not UTF-8 text")))?;
        OrderText {
            toml,
            name: file.to_string(),
            source_lines: Vec::new(),
        }
    };
    if text.toml.len() > orders::MAX_ORDER_BYTES {
        return Err(too_large(text.toml.len(), orders::MAX_ORDER_BYTES));
    }
    Ok(text)
}

fn order_errors(orders: &OrderText, errors: Vec<OrderError>, color: bool) -> GameError {
    let rendered = Diagnostics::new(&orders.name, &orders.toml, errors.clone())
        .numbered(&orders.source_lines)
        .render(color);
    GameError::Orders { rendered, errors }
}

/// Stage one and stage two, no dice: every problem of an order file (`blitz check`).
pub fn check(
    u: &Umpire,
    state_bytes: &[u8],
    state_file: &str,
    orders: &OrderText,
) -> Result<Vec<OrderError>, GameError> {
    let state = read_state(state_bytes, state_file)?;
    let rules = u.rules_for(&state)?;
    Ok(
        match problems(&rules, &state, &sha256_hex(state_bytes), &orders.toml) {
            Ok((_, errors)) | Err(errors) => errors,
        },
    )
}

/// What `blitz check` reports: every problem, and when there is none each declared
/// battle's factors and odds ([`crate::preview`]), with the state they were read from.
pub struct CheckReport {
    pub errors: Vec<OrderError>,
    pub battles: Vec<crate::preview::BattlePreview>,
    pub state: GameState,
}

/// [`check`] and the battle preview from one reading of the state.
pub fn check_and_preview(
    u: &Umpire,
    state_bytes: &[u8],
    state_file: &str,
    orders: &OrderText,
) -> Result<CheckReport, GameError> {
    let (state, digest) = read_state_hashed(state_bytes, state_file)?;
    let rules = u.rules_for(&state)?;
    let hash = hex::encode(digest);
    // The preview reads the position checking produced: the movement is planned once.
    let (errors, battles) = match checked_problems(&rules, &state, &hash, &orders.toml) {
        Ok((parsed, errors, Some(checked))) if errors.is_empty() => {
            let battles = crate::preview::battles_checked(&rules, &parsed, &checked);
            (errors, battles)
        }
        Ok((_, errors, _)) | Err(errors) => (errors, Vec::new()),
    };
    Ok(CheckReport {
        errors,
        battles,
        state,
    })
}

/// What `blitz commit` must know of orders before committing to them: every problem
/// `check` finds, or, when there is none, the seed they name (the command compares its
/// time with the clock: the library has none).
pub fn check_for_commit(
    u: &Umpire,
    state_bytes: &[u8],
    state_file: &str,
    orders: &OrderText,
) -> Result<Result<Option<NamedSeed>, Vec<OrderError>>, GameError> {
    let (state, digest) = read_state_hashed(state_bytes, state_file)?;
    let rules = u.rules_for(&state)?;
    match problems(&rules, &state, &hex::encode(digest), &orders.toml) {
        Ok((parsed, errors)) if errors.is_empty() => Ok(Ok(named_seed(&state, &parsed)?)),
        Ok((_, errors)) | Err(errors) => Ok(Err(errors)),
    }
}

/// An order file read and checked against a state: the orders, if they could be read,
/// and every problem found (stage one, the names, then stage two, the rules; when a
/// name is unreadable, only the header and the other names are checked as well).
fn problems(
    rules: &Rules,
    state: &GameState,
    state_hash: &str,
    toml: &str,
) -> Result<(Orders, Vec<OrderError>), Vec<OrderError>> {
    checked_problems(rules, state, state_hash, toml).map(|(parsed, errors, _)| (parsed, errors))
}

/// [`problems`], keeping the work of checking legal orders ([`engine::Checked`]).
fn checked_problems(
    rules: &Rules,
    state: &GameState,
    state_hash: &str,
    toml: &str,
) -> Result<(Orders, Vec<OrderError>, Option<engine::Checked>), Vec<OrderError>> {
    let (parsed, unreadable) = orders::parse_partial(toml)
        .map_err(|errors| blitzkrieg::hints::refine(rules, None, toml, errors))?;
    let (errors, checked) = if unreadable.is_empty() {
        match engine::check_orders(rules, state, &parsed, state_hash) {
            Ok(checked) => (Vec::new(), Some(checked)),
            Err(errors) => (errors, None),
        }
    } else {
        let errors = engine::check_partial(rules, state, &parsed, state_hash, unreadable);
        (errors, None)
    };
    let errors = blitzkrieg::hints::refine(rules, Some(&parsed), toml, errors);
    Ok((parsed, errors, checked))
}

/// The largest state file read: a whole game's state is a few KiB.
pub const MAX_STATE_BYTES: usize = 1024 * 1024;

/// Reads a state file, refusing one that was edited (or is far too large to be one).
pub fn read_state(bytes: &[u8], file: &str) -> Result<GameState, GameError> {
    Ok(GameState::from_ron(state_text(bytes, file)?, file)?)
}

/// [`read_state`], and the SHA-256 of the file's bytes ([`commit::state_hash`]),
/// hashed as its integrity digest is checked: a command that reads a state hashes it
/// once.
pub fn read_state_hashed(bytes: &[u8], file: &str) -> Result<(GameState, [u8; 32]), GameError> {
    let text = state_text(bytes, file)?;
    Ok(pbem::envelope::open_hashed(
        text,
        file,
        KIND,
        OLDEST_STATE_FORMAT..=STATE_FORMAT,
    )?)
}

/// A state file's text: UTF-8, and not far too large to be a state.
fn state_text<'a>(bytes: &'a [u8], file: &str) -> Result<&'a str, GameError> {
    if bytes.len() > MAX_STATE_BYTES {
        return Err(StateError::Unreadable {
            file: file.to_string(),
            reason: format!("it is larger than {MAX_STATE_BYTES} bytes, far more than a state"),
        }
        .into());
    }
    Ok(
        std::str::from_utf8(bytes).map_err(|_| StateError::Unreadable {
            file: file.to_string(),
            reason: "not UTF-8 text".to_string(),
        })?,
    )
}

/// Everything one resolution produces.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub previous: GameState,
    pub state: GameState,
    pub state_ron: String,
    pub state_hash: String,
    pub report: String,
    pub template: String,
}

/// Resolves a player-turn from file contents: the state file's bytes, the order text,
/// the published seed (none for set-up), and the commitment mailed earlier, if any.
pub fn resolve(
    u: &Umpire,
    state_bytes: &[u8],
    state_file: &str,
    orders: &OrderText,
    seed: Option<&SeedInput>,
    commitment: Option<&str>,
    color: bool,
) -> Result<Resolution, GameError> {
    let given = Given {
        orders,
        seed,
        commitment,
        seed_gate: None,
    };
    resolve_given(u, state_bytes, state_file, given, color)
}

/// A command's own check of the seed legal orders name, made once the orders are
/// checked and before their seed is read: `blitz resolve` refuses a seed still to come
/// (PBM ¶2) by the clock, which the library never reads.
pub type SeedGate<'a> = &'a dyn Fn(&NamedSeed) -> Result<(), GameError>;

/// What a player-turn is resolved with besides its state: the order text, the published
/// seed (none for set-up), the commitment mailed earlier, if any, and the command's
/// check of the seed the orders name ([`SeedGate`]), if any.
pub struct Given<'a> {
    pub orders: &'a OrderText,
    pub seed: Option<&'a SeedInput>,
    pub commitment: Option<&'a str>,
    pub seed_gate: Option<SeedGate<'a>>,
}

/// [`resolve`] with a [`SeedGate`]: the state is read, and the orders checked, once.
pub fn resolve_given(
    u: &Umpire,
    state_bytes: &[u8],
    state_file: &str,
    given: Given,
    color: bool,
) -> Result<Resolution, GameError> {
    let (state, state_digest) = read_state_hashed(state_bytes, state_file)?;
    let none = CheckedBeacons::none();
    let turn = Turn {
        state,
        state_digest,
        given,
        beacons: &none,
    };
    resolve_turn(u, turn, color, Template::Render)
}

/// One player-turn to resolve: the state read from its file and that file's hash, and
/// what it is resolved with ([`Given`]).
struct Turn<'a> {
    state: GameState,
    /// The SHA-256 of the state file's bytes ([`commit::state_hash`]), computed once
    /// by the caller (`verify` has it from the replay that wrote them).
    state_digest: [u8; 32],
    given: Given<'a>,
    /// Beacons whose signatures were checked already ([`DrandChain::check_together`]).
    beacons: &'a CheckedBeacons,
}

/// Whether a resolution renders the next order template (`verify` compares states
/// and reports only).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Template {
    Render,
    Skip,
}

/// [`resolve`] from the state already read: the orders are checked once, and that
/// check's work is carried on by the adjudication.
fn resolve_turn(
    u: &Umpire,
    turn: Turn,
    color: bool,
    template: Template,
) -> Result<Resolution, GameError> {
    let Turn {
        state,
        state_digest,
        given:
            Given {
                orders,
                seed,
                commitment,
                seed_gate,
            },
        beacons,
    } = turn;
    let rules = u.rules_for(&state)?;
    let state_hash = hex::encode(state_digest);
    let (parsed, unreadable) =
        orders::parse_partial(&orders.toml).map_err(|e| order_errors(orders, e, color))?;
    if !unreadable.is_empty() {
        let errors = engine::check_partial(&rules, &state, &parsed, &state_hash, unreadable);
        return Err(order_errors(orders, errors, color));
    }
    // Orders the check finds no problem in, and yet refused (a game that is over), are
    // refused when they are adjudicated, after the seed, as `adjudicate` refuses them.
    let checked = match engine::check_orders(&rules, &state, &parsed, &state_hash) {
        Err(errors) if !errors.is_empty() => return Err(order_errors(orders, errors, color)),
        checked => checked,
    };
    if let Some(gate) = seed_gate {
        if let Some(named) = named_seed(&state, &parsed)? {
            gate(&named)?;
        }
    }
    if let Some(c) = commitment {
        commit::check_for_hash(c, &state_digest, orders.toml.as_bytes())
            .map_err(|e| GameError::Seed(e.to_string()))?;
    }
    // 38.81: the last war-start reveal of a Cold War season rolls the die on its seed.
    let war_start = blitzkrieg::eighty5::war_start::rolls_next(&state);
    let seed_value = match (&state.phase, seed) {
        (Phase::SetUp { .. }, _) if !war_start => None,
        (_, Some(input)) => Some(seed_for_among(&state, &parsed, input, beacons)?),
        (Phase::SetUp { .. }, None) => {
            return Err(GameError::Seed(seed_wanted(
                &state,
                &parsed,
                "this file rolls the war-start die (38.81)",
            )))
        }
        // 15.2: the die is rolled for battles only; a player-turn without any needs no seed.
        // Nor does the mover's file of a player-turn that stops before odds.
        (_, None)
            if (parsed.attacks.is_empty() || engine::rolls_in_answer(&rules, &state))
                && !state.battles_waiting() =>
        {
            None
        }
        (_, None) => {
            return Err(GameError::Seed(seed_wanted(
                &state,
                &parsed,
                "this player-turn has battles to roll (15.2)",
            )))
        }
    };
    // PBM ¶2: a seed decides one player-turn or step of a game only.
    let seed_names = match (&seed_value, &state.seeds_used) {
        (Some(s), Some(already)) => {
            let names = seed_names_of(&state, &parsed, s);
            used::check_unused(already, &names).map_err(|e| GameError::Seed(e.to_string()))?;
            Some(names)
        }
        _ => None,
    };
    let (source, value, seed_hash) = match &seed_value {
        Some(s) => (s.source_display(), s.value_display(), s.hash_hex()),
        None => (
            no_seed_reason(&state.phase).to_string(),
            "-".to_string(),
            sha256_hex(b""),
        ),
    };
    let none = Seed::from_text("no dice")?;
    let mut rolls = seed_value
        .as_ref()
        .unwrap_or(&none)
        .rolls(&state.game.id, &state.roll_label());
    let orders_hash = sha256_hex(orders.toml.as_bytes());
    let mut input = TurnInput {
        state_hash: &state_hash,
        orders_hash: &orders_hash,
        commitment,
        seed_source: &source,
        seed_value: &value,
        seed_hash: &seed_hash,
        dice: &mut rolls,
        tables: u.tables(),
    };
    // The events are the next state's own (`last`), not a copy beside it.
    let mut next = checked
        .and_then(|c| engine::adjudicate_checked_state(&rules, &state, &parsed, c, &mut input))
        .map_err(|e| order_errors(orders, e, color))?;
    if next.format >= 2 {
        next.umpire = UMPIRE_VERSION.to_string();
    }
    if let (Some(used), Some(names)) = (next.seeds_used.as_mut(), seed_names) {
        used::record(used, names, &format!("player-turn {}", state.roll_label()));
    }
    // Written once, and hashed as it is sealed (`verify` compares these bytes); the
    // state is left with its file's digest, not its predecessor's.
    let (state_ron, next_digest) = pbem::envelope::seal_hashed_in_place(&mut next)
        .map_err(|e| GameError::Other(format!("could not write the state: {e}")))?;
    let next_hash = hex::encode(next_digest);
    // The position the turn left, built once for the report and the template.
    let pos = next.position(&rules.counters);
    Ok(Resolution {
        report: report::render_state_at(&rules, &next, &pos),
        template: match template {
            Template::Render => template::render_at(&rules, &next, &next_hash, &pos),
            Template::Skip => String::new(),
        },
        previous: state,
        state: next,
        state_ron,
        state_hash: next_hash,
    })
}

/// The names a seed that decides a player-turn is known by: its own (its round, date,
/// text's hash) and those of the `[seed]` the orders name (an agreed value's time).
fn seed_names_of(state: &GameState, orders: &Orders, seed: &Seed) -> Vec<String> {
    let mut names = used::names_of_seed(seed);
    names.extend(spec_names(state, orders));
    names
}

/// What to give `resolve` when orders that roll (`why`) come without their seed.
fn seed_wanted(state: &GameState, orders: &Orders, why: &str) -> String {
    let what = match named_seed(state, orders) {
        Ok(Some(n)) => format!("{}: give it with {}", n.what, n.flag),
        _ => "no readable seed".to_string(),
    };
    format!("{why} and its orders name {what}")
}

/// Why a player-turn resolved without a seed.
fn no_seed_reason(phase: &Phase) -> &'static str {
    match phase {
        Phase::SetUp { .. } => "none: set-up needs no dice",
        _ => "none: no battles, no dice (15.2)",
    }
}

/// The files one resolution adds to a game folder (see `docs/state.md`).
pub fn resolution_files(
    dir: &Path,
    r: &Resolution,
    orders: &OrderText,
    seed: Option<&SeedInput>,
    commitment: Option<&str>,
) -> Vec<(PathBuf, Vec<u8>)> {
    TurnFiles {
        names: &FILES,
        from: &r.previous.file_stem(),
        to: &r.state.file_stem(),
        orders: Some(&orders.toml),
        seed,
        commitment,
        report: &r.report,
        state: &r.state_ron,
        template: Some(&r.template),
    }
    .in_folder(dir)
}

/// The files of a new game: its state and the first template.
pub fn new_game_files(
    u: &Umpire,
    dir: &Path,
    state: &GameState,
) -> Result<Vec<(PathBuf, Vec<u8>)>, GameError> {
    let ron = state
        .to_ron()
        .map_err(|e| GameError::Other(format!("could not write the state: {e}")))?;
    let hash = sha256_hex(ron.as_bytes());
    let stem = state.file_stem();
    Ok(vec![
        (dir.join(FILES.state(&stem)), ron.into_bytes()),
        (
            dir.join(FILES.template(&stem)),
            template::render(&u.rules_for(state)?, state, &hash).into_bytes(),
        ),
    ])
}

/// Where a state file comes in its game folder: by the sequence number its name
/// starts with (`05-2-red`, `100-50-blue`: as numbers, not text, so 100 comes after
/// 99), then by name (a later step of a player-turn after its first).
pub fn state_file_order(path: &Path) -> (u64, String) {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
    (digits.parse().unwrap_or(u64::MAX), name)
}

/// What `verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The player-turns replayed, in order ("setup-Blue", "1-Blue", ...).
    pub turns: Vec<String>,
    /// The last state reached.
    pub last: String,
    /// The SHA-256 of the game's first state: the anchor both players compare with the
    /// hash in the opening mail (`docs/pbem.md`).
    pub first_hash: String,
    /// The state files of the folder, all of which the replay reached.
    pub states: usize,
}

/// Replays a game folder from its first state: every state must follow byte for byte
/// from its predecessor, the orders and the seed kept beside it ([`folder::replay`]).
/// Writes nothing: a folder holding a write interrupted after it was decided is refused
/// ([`files::check_finished`]), naming the command that finishes it.
pub fn verify_dir(u: &Umpire, dir: &Path) -> Result<Verified, GameError> {
    files::check_finished(dir)?;
    let mut states: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|source| FileError::Read {
            path: dir.to_path_buf(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(FILES.state))
        .collect();
    states.sort_by_key(|p| state_file_order(p));
    let first = states.first().ok_or_else(|| {
        GameError::Incomplete(format!(
            "{} holds no state file: there is no game to verify",
            dir.display()
        ))
    })?;
    // Each state file is read once: the first here, every later one as the kept file
    // its predecessor's replay is compared with. Only the first is parsed: a later one
    // is the replayed state, byte for byte.
    let bytes = files::read_bytes(first)?;
    let digest = commit::state_hash(&bytes);
    let first_hash = hex::encode(digest);
    let name = first.display().to_string();
    let state = read_state(&bytes, &name)?;
    if state.chain.previous_state.is_some() {
        return Err(GameError::Other(format!(
            "{name} is not the first state of a game (it names a previous state)"
        )));
    }
    let names: Vec<String> = states.iter().map(|p| p.display().to_string()).collect();
    let beacons = checked_beacons(dir, &state);
    let mut kept = KeptTurns {
        u,
        dir,
        state: Some(state),
        digest,
        beacons,
    };
    let walked = folder::replay(&mut kept, &name, &names).map_err(|stop| kept.stopped(stop))?;
    let only = kept.state.as_ref().map(|s| &s.phase);
    if walked.steps.is_empty() && !matches!(only, Some(Phase::SetUp { side: Side::Blue })) {
        return Err(GameError::Incomplete(format!(
            "{name} is the only state: with no orders beside it nothing was replayed"
        )));
    }
    Ok(Verified {
        turns: walked.steps,
        last: walked.last,
        first_hash,
        states: states.len(),
    })
}

/// The player-turns of a game folder as `verify` replays them: the state reached and
/// the SHA-256 of its file's bytes.
struct KeptTurns<'a> {
    u: &'a Umpire,
    dir: &'a Path,
    /// The state the next player-turn is played from (taken while it is replayed).
    state: Option<GameState>,
    digest: [u8; 32],
    /// The folder's beacons, if they were found good together.
    beacons: CheckedBeacons,
}

/// The beacons of a game decided by drand's, checked together before the replay
/// ([`DrandChain::check_together`]): one pairing equation for the whole game instead
/// of one a player-turn. None when any is bad (each is then checked alone as its
/// player-turn is replayed, which names it) or the game is not decided by beacons.
fn checked_beacons(dir: &Path, first: &GameState) -> CheckedBeacons {
    match chain_of(first) {
        Ok(Some(chain)) => chain.check_together(&folder::kept_beacons(dir)),
        _ => CheckedBeacons::none(),
    }
}

impl KeptTurns<'_> {
    /// Where the replay stopped, as BLITZKRIEG's folder says it.
    fn stopped(&self, stop: Stop<GameError>) -> GameError {
        match stop {
            Stop::Game(e) => e,
            Stop::Missing { file, step } => GameError::Incomplete(format!(
                "{file} is missing: the state that player-turn {step} produced is not in the folder"
            )),
            Stop::Diverged(d) => GameError::Diverged(Box::new(Divergence {
                file: PathBuf::from(d.file),
                orders: PathBuf::from(d.from),
                line: d.line,
                kept: d.kept,
                replayed: d.replayed,
                turns: d.steps,
            })),
            Stop::Unreached { unreached, .. } => {
                let (orders, label) = self.state.as_ref().map_or_else(
                    || (PathBuf::new(), String::new()),
                    |s| (self.dir.join(FILES.orders(&s.file_stem())), s.label()),
                );
                GameError::Incomplete(format!(
                    "{} is missing, so the replay stops at player-turn {label} and never reaches {}",
                    orders.display(),
                    unreached.join(", ")
                ))
            }
        }
    }
}

impl Replay for KeptTurns<'_> {
    type Error = GameError;

    /// The player-turn kept beside the state reached: its orders (signed, when a
    /// signature is kept), seed and commitment; `None` when no orders are kept.
    fn step(&mut self, _state: &str) -> Result<Option<Replayed>, GameError> {
        let dir = self.dir;
        let Some(state) = self.state.take() else {
            return Ok(None);
        };
        let stem = state.file_stem();
        let orders_path = dir.join(FILES.orders(&stem));
        if !orders_path.exists() {
            self.state = Some(state);
            return Ok(None);
        }
        let orders = order_text(
            &files::read_bytes(&orders_path)?,
            &orders_path.display().to_string(),
        )?;
        crate::signed::check(&state, &orders, crate::signed::kept(dir, &stem)?.as_ref())?;
        let seed = read_seed(dir, &stem)?;
        let commitment = read_optional(&dir.join(FILES.commitment(&stem)))?;
        let label = state.step_label();
        let turn = Turn {
            state,
            state_digest: self.digest,
            given: Given {
                orders: &orders,
                seed: seed.as_ref(),
                commitment: commitment.as_deref().map(str::trim),
                seed_gate: None,
            },
            beacons: &self.beacons,
        };
        let r = resolve_turn(self.u, turn, false, Template::Skip).map_err(|e| match e {
            GameError::Orders { .. } => e,
            other => GameError::Other(format!(
                "player-turn {label} ({}): {other}",
                orders_path.display()
            )),
        })?;
        let next_path = dir.join(FILES.state(&r.state.file_stem()));
        let from = orders_path.display().to_string();
        let next = next_path.display().to_string();
        let kept = match files::read_bytes(&next_path) {
            Ok(kept) => kept,
            Err(FileError::Read { .. }) => {
                let files = vec![Compared {
                    name: next.clone(),
                    kept: None,
                    replayed: String::new(),
                    required: true,
                }];
                return Ok(Some(Replayed {
                    label,
                    next,
                    from,
                    files,
                }));
            }
            Err(e) => return Err(e.into()),
        };
        let rewritten = as_written_by(&r, &kept)?;
        let replayed = rewritten.as_ref().map_or(&r.state_ron, |(ron, _)| ron);
        let same = kept == replayed.as_bytes();
        // The report is a rendering of the events the state holds: a report written by
        // otherwise, and only this release's is compared. Kept bytes that are the
        // replay's own name the replayed state's release: their header is not read.
        let same_release = r.state.format >= 2
            && (kept == r.state_ron.as_bytes() || written_by(&kept) == r.state.umpire);
        let report_path = dir.join(FILES.report(&stem));
        let report = match same && same_release {
            true => read_optional(&report_path)?,
            false => None,
        };
        // The kept file is the replayed state's bytes, so it reads as that state; one too
        // large to read is refused as reading it would.
        if same && kept.len() > MAX_STATE_BYTES {
            read_state(&kept, &next)?;
        }
        // The kept bytes are the replayed state's, whose SHA-256 the replay computed,
        // unless they were rewritten under the name of the release that wrote them.
        self.digest = match <[u8; 32]>::try_from(hex::decode(&r.state_hash).unwrap_or_default()) {
            Ok(d) if kept == r.state_ron.as_bytes() => d,
            _ => commit::state_hash(&kept),
        };
        let replayed = replayed.clone();
        self.state = Some(rewritten.map_or(r.state, |(_, next)| next));
        let files = vec![
            Compared {
                name: next.clone(),
                kept: Some(kept),
                replayed,
                required: true,
            },
            Compared {
                name: report_path.display().to_string(),
                kept: report.map(String::into_bytes),
                replayed: r.report,
                required: false,
            },
        ];
        Ok(Some(Replayed {
            label,
            next,
            from,
            files,
        }))
    }
}

/// The umpire release named in a state file's envelope (empty before format 2, or
/// when it cannot be read).
fn written_by(state: &[u8]) -> String {
    pbem::envelope::Header::peek_bytes(state)
        .map(|h| h.umpire)
        .unwrap_or_default()
}

/// The replayed state as the release that wrote the kept file would have written it:
/// the same state with that release's name in its envelope, and its bytes; `None` when
/// that is the replay's own (the state and its bytes are not copied). Everything else
/// must match byte for byte.
fn as_written_by(r: &Resolution, kept: &[u8]) -> Result<Option<(String, GameState)>, GameError> {
    if kept == r.state_ron.as_bytes() {
        return Ok(None);
    }
    let writer = match pbem::envelope::Header::peek_bytes(kept) {
        Ok(h) => h.umpire,
        Err(_) => return Ok(None),
    };
    if writer == r.state.umpire {
        return Ok(None);
    }
    let mut state = r.state.clone();
    state.umpire = writer;
    let ron = state
        .to_ron()
        .map_err(|e| GameError::Other(format!("could not write the state: {e}")))?;
    Ok(Some((ron, state)))
}

fn read_optional(path: &Path) -> Result<Option<String>, GameError> {
    if path.exists() {
        Ok(Some(files::read_text(path)?))
    } else {
        Ok(None)
    }
}

fn read_seed(dir: &Path, stem: &str) -> Result<Option<SeedInput>, GameError> {
    SeedInput::kept(stem, |name| read_optional(&dir.join(name)))
}

/// Where a replayed file first differs from the file kept in the game folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The kept file that does not follow.
    pub file: PathBuf,
    /// The orders it was replayed from.
    pub orders: PathBuf,
    /// The first line that differs (1-based).
    pub line: usize,
    /// That line as kept, and as replayed ("(end of file)" past the end).
    pub kept: String,
    pub replayed: String,
    /// The player-turns replayed without a difference before it.
    pub turns: Vec<String>,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} does not follow from its predecessor and {}: first difference at line {}\n  kept:     {}\n  replayed: {}",
            self.file.display(),
            self.orders.display(),
            self.line,
            self.kept,
            self.replayed
        )
    }
}

/// The counters of a state as the board picture draws them.
pub fn counter_marks(rules: &Rules, state: &GameState) -> Vec<crate::svg::CounterMark> {
    state
        .units
        .iter()
        .filter_map(|(id, place)| match place {
            Place::Map(h) | Place::Aloft(h) => {
                rules.counters.get(id).map(|c| crate::svg::CounterMark {
                    hex: *h,
                    side: c.side,
                    kind_abbrev: c.kind.abbrev().to_string(),
                    factors: c.factors_text(),
                    id: id.to_string(),
                })
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Basic Game records neither the optional rules' nor the Tournament Game's
    /// figures; a game with an optional rule records the first; a Tournament Game both
    /// (24: it plays the optional rules 19-23).
    #[test]
    fn a_game_records_the_figures_of_the_rules_it_plays() {
        let u = Umpire::load(&RuleFiles::default()).unwrap();
        let none = std::collections::BTreeSet::new();
        let sea = std::collections::BTreeSet::from([19]);
        let keys = |rules, optional| {
            let data = recorded_data(&u, rules, optional);
            (
                data.contains_key("optional"),
                data.contains_key("tournament"),
            )
        };
        assert_eq!(keys(RuleSet::Basic, &none), (false, false));
        assert_eq!(keys(RuleSet::Basic, &sea), (true, false));
        assert_eq!(keys(RuleSet::Tournament, &none), (true, true));
    }

    /// `verify` takes the kept bytes that are the replay's own as written by the
    /// replayed state's release without reading their header: the header says so.
    #[test]
    fn a_sealed_state_names_its_own_release() {
        let u = Umpire::load(&RuleFiles::default()).unwrap();
        let mut state = new_game(&u, &crate::demo::new_game_spec()).unwrap();
        state.umpire = UMPIRE_VERSION.to_string();
        let (ron, _) = pbem::envelope::seal_hashed(&state).unwrap();
        assert!(state.format >= 2);
        assert_eq!(written_by(ron.as_bytes()), state.umpire);
        state.umpire = "0.0.1-\"quoted\"".to_string();
        let (ron, _) = pbem::envelope::seal_hashed(&state).unwrap();
        assert_eq!(written_by(ron.as_bytes()), state.umpire);
    }

    /// A game in progress survives an upgrade: the Tournament figures of the last
    /// release are superseded by today's embedded ones, and only by them; data no release
    /// embedded, or today's data against another kind's hash, is still other data (G008).
    #[test]
    fn earlier_embedded_data_is_superseded_by_todays_only() {
        let (what, earlier) = SUPERSEDED[0];
        let today = embedded_of(what).unwrap();
        assert_ne!(today, earlier, "today's text is not the earlier one");
        assert!(same_data(what, earlier, today));
        assert!(same_data(what, today, today));
        assert!(!same_data(what, earlier, &"0".repeat(64)));
        assert!(!same_data("board", earlier, embedded_hash::BOARD));
        assert!(!same_data(what, &"1".repeat(64), today));
    }
}
