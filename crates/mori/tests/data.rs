//! Facts about the reconstructed data that the comments in
//! `rules/mori/*.toml` state; they fail if the data is edited
//! inconsistently.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use mori::board::{SpaceDef, SpaceType};
use mori::tokens::{TokenKind, TokenSet};
use mori::{ruleset, Ruleset, Side, Variant};

#[test]
fn base_board_has_five_theatres_of_two_or_three_campaigns() {
    let rs = Ruleset::base().unwrap();
    assert_eq!(rs.board.theatres.len(), 5);
    assert!(rs
        .board
        .theatres
        .iter()
        .all(|t| (2..=3).contains(&t.campaigns.len())));
    let spaces: Vec<&SpaceDef> = rs
        .board
        .theatres
        .iter()
        .flat_map(|t| t.campaigns.iter())
        .flat_map(|c| c.spaces.iter())
        .collect();
    let count = |ty| spaces.iter().filter(|s| s.ty == ty).count();
    assert_eq!(
        (
            spaces.len(),
            count(SpaceType::Land),
            count(SpaceType::Sea),
            count(SpaceType::LandSea)
        ),
        (55, 24, 16, 15)
    );
    let vp: u32 = rs
        .board
        .theatres
        .iter()
        .flat_map(|t| t.campaigns.iter())
        .map(|c| c.vp)
        .sum();
    assert_eq!(vp, 54);
    // Every campaign has a land/sea space; every track holds two icons; no
    // track is longer than the nuclear bomb's seven.
    for t in &rs.board.theatres {
        assert_eq!(t.icons.len(), 2);
        assert!(t.half <= 7);
        for c in &t.campaigns {
            assert!(
                c.spaces.iter().any(|s| s.ty == SpaceType::LandSea),
                "{}",
                c.name
            );
        }
    }
}

#[test]
fn nippon_board_opens_the_four_named_campaigns_and_is_connected() {
    let rs = Ruleset::nippon().unwrap();
    let opening: Vec<&str> = rs
        .board
        .theatres
        .iter()
        .filter(|t| t.opening)
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(opening, ["honolulu", "seattle", "jacksonville", "boston"]);
    assert!(rs.board.theatres.iter().all(|t| t.campaigns.len() == 1));
    let boston = rs.board.theatre("boston").unwrap().1;
    assert!(boston.links.contains(&"new-york".to_string()));
    // Reachable from Honolulu along the lines.
    let mut seen = BTreeSet::from(["honolulu".to_string()]);
    let mut todo = vec!["honolulu".to_string()];
    while let Some(id) = todo.pop() {
        for l in &rs.board.theatre(&id).unwrap().1.links {
            if seen.insert(l.clone()) {
                todo.push(l.clone());
            }
        }
    }
    assert_eq!(seen.len(), rs.board.theatres.len());
    let vp: u32 = rs.board.theatres.iter().map(|t| t.campaigns[0].vp).sum();
    assert_eq!(vp, 48);
    assert_eq!(rs.board.end_spaces(), 3);
}

#[test]
fn token_sets_have_22_tokens_one_general_one_admiral() {
    let rs = Ruleset::base().unwrap();
    for (set, total) in [
        (TokenSet::Axis, 34),
        (TokenSet::Allied, 35),
        (TokenSet::Japan, 35),
    ] {
        let ids = rs.catalogue.set(set);
        assert_eq!(ids.len(), 22, "{set:?}");
        let defs: Vec<_> = ids.iter().map(|i| rs.catalogue.get(i).unwrap()).collect();
        assert_eq!(
            defs.iter().filter(|d| d.kind == TokenKind::General).count(),
            1
        );
        assert_eq!(
            defs.iter().filter(|d| d.kind == TokenKind::Admiral).count(),
            1
        );
        assert_eq!(
            defs.iter().map(|d| u32::from(d.value)).sum::<u32>(),
            total,
            "{set:?}"
        );
        assert!(defs.iter().all(|d| d.value <= 3 && !d.special));
    }
}

#[test]
fn eighteen_special_weapons_and_the_research_piles() {
    let base = Ruleset::base().unwrap();
    assert_eq!(base.catalogue.set(TokenSet::Special).len(), 18);
    assert_eq!(
        base.research_pile().len(),
        17,
        "no Godzilla in the base game"
    );
    assert_eq!(Ruleset::base_classic().unwrap().research_pile().len(), 15);
    // 002 §8.4: Godzilla is Japan's, in his bag from the set-up; the option
    // `Godzilla::Drawn` puts him in the research pile instead.
    let nippon = Ruleset::nippon().unwrap();
    assert_eq!(nippon.research_pile().len(), 17);
    assert!(nippon
        .starting_tokens(Side::Japan)
        .contains(&"sw-godzilla-1".to_string()));
    assert_eq!(nippon.starting_tokens(Side::Japan).len(), 23);
    assert_eq!(nippon.starting_tokens(Side::Germany).len(), 22);
    let drawn = Ruleset::nippon_godzilla_drawn().unwrap();
    assert_eq!(drawn.research_pile().len(), 18);
    assert_eq!(drawn.starting_tokens(Side::Japan).len(), 22);
    let g = base.catalogue.get("sw-godzilla-1").unwrap();
    assert_eq!((g.kind, g.value), (TokenKind::Godzilla, 4));
    assert_eq!(base.catalogue.get("sw-nuclear-bomb-1").unwrap().value, 7);
    assert_eq!(
        base.catalogue
            .get("sw-inspired-leadership-1")
            .unwrap()
            .value,
        1
    );
}

#[test]
fn corrected_data_replaces_the_embedded_files() {
    let board = ruleset::BASE_BOARD.replace("half = 5\nicons = [2, 4]", "half = 4\nicons = [2, 3]");
    let rs = Ruleset::from_texts(
        Variant::Base,
        &board,
        ruleset::TOKENS,
        ruleset::SPECIAL_WEAPONS,
        true,
    )
    .unwrap();
    assert_eq!(rs.board.theatre("atlantic").unwrap().1.half, 4);
    // An icon off the shortened track is refused.
    let off = ruleset::BASE_BOARD.replace("half = 5", "half = 4");
    assert!(Ruleset::from_texts(
        Variant::Base,
        &off,
        ruleset::TOKENS,
        ruleset::SPECIAL_WEAPONS,
        true
    )
    .is_err());
    let broken = ruleset::BASE_BOARD.replace("\"sea research\"", "\"sea reserch\"");
    assert!(Ruleset::from_texts(
        Variant::Base,
        &broken,
        ruleset::TOKENS,
        ruleset::SPECIAL_WEAPONS,
        true
    )
    .is_err());
    let one_way = ruleset::NIPPON_BOARD.replace("links = [\"new-york\"]", "links = []");
    assert!(Ruleset::from_texts(
        Variant::Nippon,
        &one_way,
        ruleset::TOKENS,
        ruleset::SPECIAL_WEAPONS,
        true
    )
    .is_err());
}

#[test]
fn every_data_file_says_it_is_reconstructed() {
    for text in [
        ruleset::BASE_BOARD,
        ruleset::NIPPON_BOARD,
        ruleset::TOKENS,
        ruleset::SPECIAL_WEAPONS,
    ] {
        assert!(text.starts_with("# RECONSTRUCTED"));
        assert!(text.contains("NOT THE PRINTED ORIGINAL"));
    }
}

#[test]
fn data_files_are_replaceable_one_by_one() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/mori");
    let from_disk = Ruleset::load(Variant::Nippon, true, |name| {
        std::fs::read_to_string(dir.join(name)).ok()
    })
    .unwrap();
    assert_eq!(from_disk, Ruleset::nippon().unwrap());
    let tokens = ruleset::TOKENS.replace(
        "kind = \"general\"\ncount = 1",
        "kind = \"general\"\ncount = 2",
    );
    let changed = Ruleset::load(Variant::Base, true, |name| {
        (name == "tokens.toml").then(|| tokens.clone())
    })
    .unwrap();
    assert_eq!(changed.catalogue.set(TokenSet::Axis).len(), 23);
    assert_eq!(changed.board, Ruleset::base().unwrap().board);
}
