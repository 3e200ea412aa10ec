//! The long game decided by drand beacons (`examples/long_game.rs --drand`, the game
//! `verify_long_drand_game` benches): each player-turn with battles names a real
//! quicknet round of its own in its orders and is resolved by it, the rounds ascend in
//! the order of play, the folder verifies, and every run writes the same files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[allow(dead_code)]
#[path = "../examples/long_game.rs"]
mod example;

use blitzkrieg_desk::game::{self, RuleFiles, Umpire};
use pbem::seed::Beacon;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Every file of a game folder by name, with its bytes.
fn folder(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&p).unwrap())
        })
        .collect()
}

#[test]
fn the_drand_long_game_resolves_each_battle_turn_by_a_round_of_its_own_and_verifies() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let turns = example::play_drand(&u, tmp.path()).unwrap();
    assert_eq!(turns, 32, "both set-ups and turns 1 to 15");
    let verified = game::verify_dir(&u, tmp.path()).unwrap();
    assert_eq!(verified.turns.len(), turns);
    let files = folder(tmp.path());
    let mut rounds = Vec::new();
    let mut battle_turns = 0;
    for (name, bytes) in &files {
        let Some(stem) = name.strip_suffix(".orders.toml") else {
            continue;
        };
        let orders = String::from_utf8(bytes.clone()).unwrap();
        let seed = files.get(&format!("{stem}.seed.json"));
        if !orders.contains("[[attack]]") {
            assert!(
                seed.is_none(),
                "{stem}: a beacon for a player-turn without battles"
            );
            continue;
        }
        battle_turns += 1;
        let beacon = Beacon::from_json(std::str::from_utf8(seed.unwrap()).unwrap()).unwrap();
        let named = format!("source = \"drand\"\nround = {}\n", beacon.round);
        assert!(orders.contains(&named), "{stem} does not name its round");
        rounds.push(beacon.round);
    }
    assert_eq!(battle_turns, 22);
    assert_eq!(rounds, example::DRAND_ROUNDS, "one round each, ascending");
    let again = tempfile::tempdir().unwrap();
    example::play_drand(&u, again.path()).unwrap();
    assert!(
        folder(again.path()) == files,
        "another run wrote other files"
    );
    a_forged_beacon_is_named_though_the_beacons_are_checked_together(&u, &files, again.path());
}

/// `verify` checks the folder's 22 beacons together before the replay; with one
/// beacon's signature replaced by another round's, the batch holds none, the replay
/// checks each alone and names the forged round.
fn a_forged_beacon_is_named_though_the_beacons_are_checked_together(
    u: &Umpire,
    files: &BTreeMap<String, Vec<u8>>,
    dir: &Path,
) {
    let chain = pbem::seed::DrandChain::quicknet().unwrap();
    let kept = pbem::folder::kept_beacons(dir);
    assert_eq!(kept.len(), 22);
    assert_eq!(chain.check_together(&kept).len(), 22);
    let beacons: Vec<(&String, String)> = files
        .iter()
        .filter(|(name, _)| name.ends_with(".seed.json"))
        .map(|(name, bytes)| (name, String::from_utf8(bytes.clone()).unwrap()))
        .collect();
    let (name, text) = &beacons[10];
    let round = Beacon::from_json(text).unwrap().round;
    let own = hex::encode(Beacon::from_json(text).unwrap().signature);
    let other = hex::encode(Beacon::from_json(&beacons[3].1).unwrap().signature);
    fs::write(dir.join(name), text.replace(&own, &other)).unwrap();
    assert!(chain
        .check_together(&pbem::folder::kept_beacons(dir))
        .is_empty());
    let refused = game::verify_dir(u, dir).err().unwrap().to_string();
    assert!(
        refused.contains(&format!("does not verify for round {round} ")),
        "{refused}"
    );
}
