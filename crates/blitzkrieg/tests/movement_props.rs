//! Properties of the path search on random small boards: every path the umpire finds
//! is legal by the path checker and within the movement factor (7.3, 8, 9.1-9.2, 10),
//! and whenever a legal path exists the search finds one no dearer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::{Board, Country, Terrain};
use blitzkrieg::hex::Hex;
use blitzkrieg::movement::{check_path, find_path, Mover};
use blitzkrieg::position::Position;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::units::{Side, UnitId, UnitKind};
use proptest::prelude::*;

const SIZE: i16 = 8;

fn at(i: usize) -> Hex {
    let i = i16::try_from(i % 64).unwrap();
    Hex::new(1 + i % SIZE, 1 + i / SIZE).unwrap()
}

fn terrain(code: u8) -> Terrain {
    match code {
        0 => Terrain::Forest,
        1 => Terrain::Mountain,
        2 | 3 => Terrain::Desert,
        4 => Terrain::Lake,
        _ => Terrain::Clear,
    }
}

const KINDS: [UnitKind; 5] = [
    UnitKind::Infantry,
    UnitKind::Armor,
    UnitKind::Artillery,
    UnitKind::Airborne,
    UnitKind::AirAssault,
];

/// A random 8x8 board: terrain, road links between neighbours, a two-hex city.
fn board(codes: &[u8], roads: &[(usize, usize)], city: usize) -> Board {
    let mut s = Sketch::land(1..=SIZE, 1..=SIZE, Country::GreatBlue);
    for (i, &c) in codes.iter().enumerate() {
        let name = at(i).to_string();
        s = s.terrain(terrain(c), &[name.as_str()]);
    }
    for &(i, d) in roads {
        if let Some(n) = at(i).step(d) {
            let (a, b) = (at(i).to_string(), n.to_string());
            s = s.road(&[a.as_str(), b.as_str()]);
        }
    }
    let c1 = at(city);
    if let Some(c2) = c1.step(1) {
        let (a, b) = (c1.to_string(), c2.to_string());
        s = s.city("Twin", &[a.as_str(), b.as_str()]);
    }
    s.build()
}

fn enemies(list: &[(usize, bool)]) -> Position {
    let mut p = Position::new();
    for (n, &(i, armor)) in list.iter().enumerate() {
        let kind = if armor {
            UnitKind::Armor
        } else {
            UnitKind::Infantry
        };
        p.put(
            UnitId::new(&format!("R-{n}")).unwrap(),
            Side::Red,
            kind,
            at(i),
        );
    }
    p
}

/// A random path: `dirs` steps from `start`, kept on the board.
fn walk(b: &Board, start: Hex, dirs: &[usize]) -> Vec<Hex> {
    let mut path = vec![start];
    for &d in dirs {
        let last = *path.last().unwrap();
        if let Some(n) = last.step(d).filter(|n| b.contains(*n)) {
            path.push(n);
        }
    }
    path
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn found_paths_are_legal_and_within_the_mf(
        codes in prop::collection::vec(0u8..12, 64),
        roads in prop::collection::vec((0usize..64, 0usize..6), 0..30),
        city in 0usize..64,
        foes in prop::collection::vec((0usize..64, any::<bool>()), 0..4),
        kind in 0usize..5,
        mf in 1u32..7,
        start in 0usize..64,
        goal in 0usize..64,
        dirs in prop::collection::vec(0usize..6, 1..14),
    ) {
        let b = board(&codes, &roads, city);
        let pos = enemies(&foes);
        let mover = Mover::new(Side::Blue, KINDS[kind], mf);
        let start = at(start);
        prop_assume!(b.terrain(start).is_some_and(Terrain::is_land));
        prop_assume!(pos.side_at(start).is_none());

        if let Some((path, spent)) = find_path(&b, &pos, std::slice::from_ref(&mover), start, at(goal)) {
            prop_assert_eq!(path.first(), Some(&start));
            prop_assert_eq!(path.last(), Some(&at(goal)));
            prop_assert!(spent.fits(mf));
            let w = check_path(&b, &pos, &mover, &path);
            prop_assert!(w.is_ok(), "found {:?} but the checker says {:?}", path, w);
            prop_assert!(w.unwrap().spent.fits(mf));
        }

        let tried = walk(&b, start, &dirs);
        let moves = tried.len() > 1;
        if let (Ok(w), Some(&end), true) = (check_path(&b, &pos, &mover, &tried), tried.last(), moves) {
            let found = find_path(&b, &pos, std::slice::from_ref(&mover), start, end);
            prop_assert!(found.is_some(), "legal path {:?} exists but none was found", tried);
            let (_, spent) = found.unwrap();
            prop_assert!(spent.sixths() <= w.spent.sixths(), "found {:?} dearer than {:?} for {:?}", spent, w.spent, tried);
        }
    }

    /// 11.2: a path found for a stack is legal for every unit in it.
    #[test]
    fn stack_paths_are_legal_for_every_unit(
        codes in prop::collection::vec(0u8..12, 64),
        roads in prop::collection::vec((0usize..64, 0usize..6), 0..30),
        foes in prop::collection::vec((0usize..64, any::<bool>()), 0..3),
        kinds in prop::collection::vec((0usize..5, 1u32..7), 1..4),
        start in 0usize..64,
        goal in 0usize..64,
    ) {
        let b = board(&codes, &roads, 0);
        let pos = enemies(&foes);
        let movers: Vec<Mover> = kinds.iter().map(|&(k, mf)| Mover::new(Side::Blue, KINDS[k], mf)).collect();
        let start = at(start);
        prop_assume!(b.terrain(start).is_some_and(Terrain::is_land));
        prop_assume!(pos.side_at(start).is_none());
        if let Some((path, _)) = find_path(&b, &pos, &movers, start, at(goal)) {
            for m in &movers {
                let w = check_path(&b, &pos, m, &path);
                prop_assert!(w.is_ok(), "{:?}: {:?} -> {:?}", m, path, w);
            }
        }
    }
}
