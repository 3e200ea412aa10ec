//! Writes a whole game of BLITZKRIEG into a game folder: both set-ups and the fifteen
//! turns of the demo's game, 32 player-turns, for timing `blitz verify` on a game of
//! full length (`docs/speed.md`):
//!
//! ```text
//! cargo run --release -p blitzkrieg --example long_game -- DIR
//! cargo run --release -p blitzkrieg --example long_game -- --drand DIR
//! ```
//!
//! Both set-ups and Blue's turn 1 are the demo's orders (`examples/demo/`). From then on
//! each side in turn places its reinforcements in its home cities, moves each stack that is free to
//! one or two hexes nearer the enemy, and attacks every enemy stack next to its units;
//! each choice is kept only if the umpire's own check finds the orders legal. Nothing is
//! random: every run writes the same files. Battles are decided by agreed texts, one per
//! player-turn, or with `--drand` by real drand quicknet rounds, one per player-turn with
//! battles ([`DRAND_ROUNDS`]). The game ends earlier if a side wins.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::Board;
use blitzkrieg::engine;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::{sha256_hex, GameState, Phase, Place};
use blitzkrieg::units::{Side, UnitId};
use blitzkrieg_desk::demo;
use blitzkrieg_desk::game::{self, GameError, OrderText, SeedInput, SeedKindChoice, Umpire};
use pbem::commit;
use pbem::files;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The game's id.
pub const GAME_ID: &str = "long";

/// The id of the game decided by drand beacons.
pub const DRAND_GAME_ID: &str = "long-drand";

/// The real quicknet rounds recorded in the project, one beacon a line with where it was
/// found (`crates/pbem/tests/data/quicknet-rounds.jsonl`; a test there verifies each).
const RECORDED_ROUNDS: &str = include_str!("../../pbem/tests/data/quicknet-rounds.jsonl");

/// The rounds that decide the drand game's player-turns with battles, in order: the
/// n-th player-turn with battles names the n-th round in its `[seed]` and is resolved by
/// it. A seed decides one player-turn only and is published after its orders are
/// committed, so the rounds ascend; they are 22 of the recorded rounds, spread as far
/// apart as the records allow, from quicknet's second round (23 August 2023) to October
/// 2024. A game played by mail names a round hours or days ahead: these are the rounds
/// that were found, so some follow each other by seconds or minutes (2 and 67; seven of
/// 72750 to 72900, 75 seconds apart), and the game takes each player-turn's commitment
/// to be made before its round.
pub const DRAND_ROUNDS: [u64; 22] = [
    2, 67, 123, 1000, 2000, 72750, 72775, 72800, 72825, 72850, 72875, 72900, 657_413, 999_999,
    2_797_373, 2_798_644, 2_832_127, 7_307_065, 9_683_710, 9_966_538, 10_024_141, 12_040_883,
];

/// How the long game's battles are decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeds {
    /// An agreed text of its own each player-turn with battles.
    Text,
    /// A recorded drand quicknet round each player-turn with battles ([`DRAND_ROUNDS`]).
    Drand,
}

/// The `[seed]` of an agreed text: the agreed value of a day of January 2030, one day a
/// player-turn (turn 1 Blue the 2nd, turn 15 Red the 31st), since a seed decides one
/// player-turn only (`pbem::seed::used`).
fn text_seed_section(state: &GameState) -> String {
    let side = u32::from(state.mover() == Some(Side::Red));
    let day = state.turn() * 2 + side;
    format!("[seed]\nsource = \"text\"\ndate = \"2030-01-{day:02}\"\n")
}

/// The recorded beacon of `round`, as a relay serves it (round and signature; the line's
/// other fields say where it was found and are ignored by the umpire).
fn recorded_beacon(round: u64) -> Result<String, GameError> {
    let start = format!("{{\"round\":{round},");
    RECORDED_ROUNDS
        .lines()
        .find(|l| l.starts_with(&start))
        .map(|l| format!("{l}\n"))
        .ok_or_else(|| GameError::Other(format!("quicknet round {round} is not recorded")))
}

/// The demo's player-turns played as they are: both set-ups and turn 1 of Blue, which
/// has no battle (the later ones fit the demo's dice only).
const DEMO_STEPS: usize = 3;

/// The agreed text that decides a player-turn's battles.
fn seed_text(state: &GameState) -> String {
    format!(
        "agreed draw of the long game, player-turn {}",
        state.label()
    )
}

/// One side's orders for a turn, as the generator builds them up.
#[derive(Clone, Default)]
struct Plan {
    places: Vec<(UnitId, Hex)>,
    moves: Vec<(Vec<UnitId>, Hex)>,
}

/// Where every unit on the map stands once `plan` is carried out.
fn positions(state: &GameState, plan: &Plan) -> BTreeMap<UnitId, Hex> {
    let mut at: BTreeMap<UnitId, Hex> = state
        .units
        .iter()
        .filter_map(|(id, p)| match p {
            Place::Map(h) => Some((id.clone(), *h)),
            _ => None,
        })
        .collect();
    for (id, h) in &plan.places {
        at.insert(id.clone(), *h);
    }
    for (units, to) in &plan.moves {
        for id in units {
            at.insert(id.clone(), *to);
        }
    }
    at
}

/// Every enemy stack next to a unit of `side` attacked, each by all of that side's
/// units next to it that attack nothing else: `(attackers, target)` in hex order.
fn attacks(rules: &Rules, side: Side, at: &BTreeMap<UnitId, Hex>) -> Vec<(Vec<UnitId>, Hex)> {
    let side_of = |id: &UnitId| rules.counters.get(id).map(|c| c.side);
    let enemy: BTreeSet<Hex> = at
        .iter()
        .filter(|(id, _)| side_of(id) != Some(side))
        .map(|(_, h)| *h)
        .collect();
    let mut used = BTreeSet::new();
    let mut out = Vec::new();
    for target in enemy {
        let next: BTreeSet<Hex> = target.neighbours().collect();
        let units: Vec<UnitId> = at
            .iter()
            .filter(|(id, h)| side_of(id) == Some(side) && next.contains(h) && !used.contains(*id))
            .map(|(id, _)| id.clone())
            .collect();
        if !units.is_empty() {
            used.extend(units.iter().cloned());
            out.push((units, target));
        }
    }
    out
}

fn quoted(units: &[UnitId]) -> String {
    let names: Vec<String> = units.iter().map(|u| format!("\"{u}\"")).collect();
    format!("[{}]", names.join(", "))
}

/// The order file of `plan`, with the attacks it leads to (and then the `[seed]` table
/// `seed`).
fn order_file(
    rules: &Rules,
    state: &GameState,
    state_bytes: &[u8],
    plan: &Plan,
    seed: &str,
) -> String {
    let side = state.mover().unwrap_or(Side::Blue);
    let battles = attacks(rules, side, &positions(state, plan));
    let mut body = String::new();
    if !battles.is_empty() {
        body.push_str(seed);
    }
    for (id, hex) in &plan.places {
        let _ = write!(body, "\n[[place]]\nunit = \"{id}\"\nhex = \"{hex}\"\n");
    }
    for (units, to) in &plan.moves {
        let _ = write!(
            body,
            "\n[[move]]\nunits = {}\nto = \"{to}\"\n",
            quoted(units)
        );
    }
    for (i, (units, target)) in battles.iter().enumerate() {
        let _ = write!(
            body,
            "\n[[attack]]\nid = \"A{}\"\nunits = {}\ntarget = \"{target}\"\n",
            i + 1,
            quoted(units)
        );
    }
    demo::order_file(state, state_bytes, &body)
}

/// Whether the umpire finds the order file of `plan` legal.
fn legal(rules: &Rules, state: &GameState, state_bytes: &[u8], plan: &Plan, seed: &str) -> bool {
    let text = order_file(rules, state, state_bytes, plan, seed);
    match orders::parse_partial(&text) {
        Ok((parsed, unreadable)) if unreadable.is_empty() => {
            engine::check(rules, state, &parsed, &sha256_hex(state_bytes)).is_empty()
        }
        _ => false,
    }
}

/// Hexes within two of `from`, on the board.
fn around(board: &Board, from: Hex) -> Vec<Hex> {
    let mut near: BTreeSet<Hex> = BTreeSet::new();
    for a in from.neighbours() {
        near.insert(a);
        near.extend(a.neighbours());
    }
    near.remove(&from);
    near.into_iter().filter(|h| board.is_land(*h)).collect()
}

/// The generator's orders for one player-turn.
fn choose(rules: &Rules, state: &GameState, state_bytes: &[u8], seed: &str) -> String {
    let side = state.mover().unwrap_or(Side::Blue);
    let board = &rules.board;
    let mut plan = Plan::default();
    if !legal(rules, state, state_bytes, &plan, seed) {
        panic!(
            "player-turn {}: attacking every enemy stack next to a unit is not legal",
            state.label()
        );
    }
    // 6.3: reinforcements due, three to a home city hex.
    let due: Vec<UnitId> = state
        .units
        .iter()
        .filter(|(_, p)| matches!(p, Place::Waiting))
        .filter_map(|(id, _)| rules.counters.get(id))
        .filter(|c| c.side == side && u32::from(c.enters) <= state.turn())
        .map(|c| c.id.clone())
        .collect();
    let cities: Vec<Hex> = board
        .city_hexes()
        .filter(|h| board.home_of(*h) == Some(side))
        .collect();
    for id in due {
        for city in &cities {
            let there = positions(state, &plan)
                .values()
                .filter(|h| *h == city)
                .count();
            if there >= 3 {
                continue;
            }
            let mut next = plan.clone();
            next.places.push((id.clone(), *city));
            if legal(rules, state, state_bytes, &next, seed) {
                plan = next;
                break;
            }
        }
    }
    // Each stack free to move goes one or two hexes nearer the nearest enemy unit.
    let start = positions(state, &Plan::default());
    let side_of = |id: &UnitId| rules.counters.get(id).map(|c| c.side);
    let enemy: Vec<Hex> = start
        .iter()
        .filter(|(id, _)| side_of(id) != Some(side))
        .map(|(_, h)| *h)
        .collect();
    let nearest = |h: Hex| {
        enemy
            .iter()
            .map(|e| e.distance(h))
            .min()
            .unwrap_or(u32::MAX)
    };
    let mut stacks: BTreeMap<Hex, Vec<UnitId>> = BTreeMap::new();
    for (id, h) in &start {
        if side_of(id) == Some(side) {
            stacks.entry(*h).or_default().push(id.clone());
        }
    }
    for (from, units) in stacks {
        let here = nearest(from);
        if here <= 1 {
            continue;
        }
        let mut targets: Vec<(u32, Hex)> = around(board, from)
            .into_iter()
            .map(|h| (nearest(h), h))
            .filter(|(d, _)| *d < here)
            .collect();
        targets.sort();
        for (_, to) in targets.into_iter().take(3) {
            let mut next = plan.clone();
            next.moves.push((units.clone(), to));
            if legal(rules, state, state_bytes, &next, seed) {
                plan = next;
                break;
            }
        }
    }
    order_file(rules, state, state_bytes, &plan, seed)
}

/// Plays the long game into `dir` (which must hold no game yet) and returns the number
/// of player-turns written.
pub fn play(u: &Umpire, dir: &Path) -> Result<usize, GameError> {
    play_with(u, dir, Seeds::Text)
}

/// Plays the long game decided by drand beacons into `dir` (which must hold no game
/// yet) and returns the number of player-turns written.
pub fn play_drand(u: &Umpire, dir: &Path) -> Result<usize, GameError> {
    play_with(u, dir, Seeds::Drand)
}

/// Plays the long game, its battles decided by `seeds`, into `dir`.
pub fn play_with(u: &Umpire, dir: &Path, seeds: Seeds) -> Result<usize, GameError> {
    let spec = match seeds {
        Seeds::Text => game::NewGame {
            id: GAME_ID.to_string(),
            seed: SeedKindChoice::Text,
            ..demo::new_game_spec()
        },
        Seeds::Drand => game::NewGame {
            id: DRAND_GAME_ID.to_string(),
            seed: SeedKindChoice::Drand,
            ..demo::new_game_spec()
        },
    };
    let mut state = game::new_game(u, &spec)?;
    let first = game::new_game_files(u, dir, &state)?;
    files::write_all(&first, false)?;
    let mut state_bytes = first
        .first()
        .map(|(_, b)| b.clone())
        .ok_or_else(|| GameError::Other("no state written".to_string()))?;
    let mut turns = 0;
    let mut rounds = DRAND_ROUNDS.iter();
    let mut round = rounds.next().copied();
    while !matches!(state.phase, Phase::Over { .. }) {
        let section = match (seeds, round) {
            (Seeds::Text, _) => text_seed_section(&state),
            (Seeds::Drand, Some(r)) => format!("[seed]\nsource = \"drand\"\nround = {r}\n"),
            (Seeds::Drand, None) => String::new(),
        };
        let text = match demo::STEPS.get(turns).filter(|_| turns < DEMO_STEPS) {
            Some(step) => demo::order_file(&state, &state_bytes, step.orders),
            None => choose(&u.rules_for(&state)?, &state, &state_bytes, &section),
        };
        let commitment = commit::orders_commitment_v2(&state_bytes, &text).to_string();
        let file = format!("{}.orders.toml", state.file_stem());
        let orders = OrderText {
            name: file,
            toml: text,
            source_lines: Vec::new(),
        };
        let attacks = orders::parse_partial(&orders.toml)
            .map(|(o, _)| !o.attacks.is_empty())
            .unwrap_or(false);
        let seed = match (attacks, seeds) {
            (false, _) => None,
            (true, Seeds::Text) => Some(SeedInput::Text(seed_text(&state))),
            (true, Seeds::Drand) => {
                let r = round.ok_or_else(|| {
                    GameError::Other(format!(
                        "player-turn {} has battles and no recorded round is left",
                        state.label()
                    ))
                })?;
                round = rounds.next().copied();
                Some(SeedInput::Beacon(recorded_beacon(r)?))
            }
        };
        let name = dir
            .join(format!("{}.state.ron", state.file_stem()))
            .display()
            .to_string();
        let r = game::resolve(
            u,
            &state_bytes,
            &name,
            &orders,
            seed.as_ref(),
            Some(&commitment),
            false,
        )?;
        let out = game::resolution_files(dir, &r, &orders, seed.as_ref(), Some(&commitment));
        files::write_all(&out, false)?;
        turns += 1;
        state_bytes = r.state_ron.into_bytes();
        state = r.state;
    }
    Ok(turns)
}

#[allow(dead_code)]
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let seeds = match args.iter().position(|a| a == "--drand") {
        Some(i) => {
            args.remove(i);
            Seeds::Drand
        }
        None => Seeds::Text,
    };
    let dir = PathBuf::from(args.first().map_or("long-game", String::as_str));
    let u = Umpire::load(&game::RuleFiles::default()).expect("the embedded rule data");
    match play_with(&u, &dir, seeds) {
        Ok(turns) => println!("{}: {turns} player-turns", dir.display()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
