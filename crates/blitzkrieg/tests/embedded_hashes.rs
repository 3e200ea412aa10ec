//! The hashes of the embedded rule data are computed when the binary is built; they
//! must be the SHA-256 of the very text embedded, as hashing it at run time gives.

use blitzkrieg::board::Board;
use blitzkrieg::ruleset::{
    EMBEDDED_FIGURES, EMBEDDED_OPTIONAL, EMBEDDED_READINGS, EMBEDDED_TOURNAMENT,
};
use blitzkrieg::state::sha256_hex;
use blitzkrieg::units::{EMBEDDED_COUNTERS, EMBEDDED_OAC};
use blitzkrieg_desk::game::{embedded_hash, tables_hash, RuleFiles, Umpire};

#[test]
fn each_file_hash_is_the_hash_of_the_embedded_text() {
    for (name, built, text) in [
        ("board", embedded_hash::BOARD, Board::embedded_source()),
        ("counters", embedded_hash::COUNTERS, EMBEDDED_COUNTERS),
        ("oac", embedded_hash::OAC, EMBEDDED_OAC),
        ("figures", embedded_hash::FIGURES, EMBEDDED_FIGURES),
        ("optional", embedded_hash::OPTIONAL, EMBEDDED_OPTIONAL),
        ("tournament", embedded_hash::TOURNAMENT, EMBEDDED_TOURNAMENT),
        ("readings", embedded_hash::READINGS, EMBEDDED_READINGS),
    ] {
        assert_eq!(built, sha256_hex(text.as_bytes()), "{name}");
    }
}

#[test]
fn the_tables_hash_is_that_of_the_embedded_files_in_their_order() {
    let mut all = Vec::new();
    for (name, text) in blitzkrieg::tables::EMBEDDED {
        pbem::dice::lp(&mut all, name.as_bytes());
        pbem::dice::lp(&mut all, text.as_bytes());
    }
    assert_eq!(embedded_hash::TABLES, sha256_hex(&all));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
    assert_eq!(tables_hash(Some(&dir)).unwrap(), sha256_hex(&all));
}

#[test]
fn the_umpire_records_the_embedded_hashes_and_those_of_files_given() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    assert_eq!(u.data["board"], embedded_hash::BOARD);
    assert_eq!(u.data["tables"], embedded_hash::TABLES);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let given = Umpire::load(&RuleFiles {
        board: Some(root.join("rules/blitzkrieg/board.toml")),
        counters: Some(root.join("rules/blitzkrieg/counters.toml")),
        oac: Some(root.join("rules/blitzkrieg/oac.toml")),
        tables: Some(root.join("tables")),
    })
    .unwrap();
    assert_eq!(given.data, u.data, "the same files give the same hashes");
}

/// A Basic Game records no hash of the optional rules' figures, so its files do not
/// change with them; a game playing an optional rule records it and refuses other
/// figures later (G008).
#[test]
fn only_a_game_with_optional_rules_records_their_figures() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    assert_eq!(u.data["optional"], embedded_hash::OPTIONAL);
    let mut spec = blitzkrieg_desk::demo::new_game_spec();
    let basic = blitzkrieg_desk::game::new_game(&u, &spec).unwrap();
    assert!(!basic.game.data.contains_key("optional"));
    spec.optional = [23].into();
    let mut supplied = blitzkrieg_desk::game::new_game(&u, &spec).unwrap();
    assert_eq!(supplied.game.data["optional"], embedded_hash::OPTIONAL);
    assert!(u.rules_for(&supplied).is_ok());
    supplied
        .game
        .data
        .insert("optional".to_string(), "0".repeat(64));
    let e = u.rules_for(&supplied).unwrap_err();
    assert!(e.to_string().contains("other optional"), "{e}");
}
