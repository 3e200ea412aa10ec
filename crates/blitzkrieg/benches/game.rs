//! Benchmarks of the costs every command pays besides the engine (`docs/speed.md`):
//!
//! - `load`: `Umpire::load` of the embedded rule data (board, counters, figures and
//!   readings; the combat tables are read when a battle first needs them);
//! - `verify_long_game`: `game::verify_dir` of a whole game, 32 player-turns, written
//!   once before timing by `examples/long_game.rs`;
//! - `verify_long_drand_game`: the same of the long game decided by drand beacons
//!   (`long_game.rs --drand`: 32 player-turns, 22 of them with battles, each resolved by a
//!   real quicknet round of its own, so 22 beacons checked);
//! - `turn_map`: the PNG picture of a player-turn of that game (`map::state_png`, what
//!   `blitz board --png --state` and a turn mail draw): the state its player-turn
//!   `13-6-red` produced (four battles).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../examples/long_game.rs"]
mod long_game;

use blitzkrieg_desk::game::{self, RuleFiles, Umpire};
use blitzkrieg_desk::map;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn bench(c: &mut Criterion) {
    c.bench_function("load", |b| {
        b.iter(|| black_box(Umpire::load(&RuleFiles::default()).unwrap()))
    });
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let turns = long_game::play(&u, dir.path()).unwrap();
    assert_eq!(turns, 32, "the long game has 32 player-turns");
    let verified = game::verify_dir(&u, dir.path()).unwrap();
    assert_eq!(verified.turns.len(), turns);
    c.bench_function("verify_long_game", |b| {
        b.iter(|| black_box(game::verify_dir(&u, dir.path()).unwrap()))
    });
    let drand = tempfile::tempdir().unwrap();
    let turns = long_game::play_drand(&u, drand.path()).unwrap();
    let verified = game::verify_dir(&u, drand.path()).unwrap();
    assert_eq!(verified.turns.len(), turns);
    c.bench_function("verify_long_drand_game", |b| {
        b.iter(|| black_box(game::verify_dir(&u, drand.path()).unwrap()))
    });
    let produced = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("14-") && name.ends_with(".state.ron")
        })
        .expect("the state player-turn 13-6-red produced");
    let state = game::read_state(&std::fs::read(&produced).unwrap(), "14").unwrap();
    assert_eq!(state.last.label, "6-Red");
    let rules = u.rules_for(&state).unwrap();
    c.bench_function("turn_map", |b| {
        b.iter(|| black_box(map::state_png(&rules, &state).unwrap()))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    targets = bench
}
criterion_main!(benches);
