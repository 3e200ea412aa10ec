#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Agreed-text and hex seeds: exactly which bytes the dice use, and the seed hash.

use pbem::seed::{Seed, SeedError, SeedKind};

#[test]
fn trailing_line_ends_are_removed_and_nothing_else() {
    let a = Seed::from_text("Headline: Blue wins\n").unwrap();
    let b = Seed::from_text("Headline: Blue wins\r\n\n").unwrap();
    let c = Seed::from_text("Headline: Blue wins").unwrap();
    assert_eq!(a, c);
    assert_eq!(b, c);
    assert_eq!(c.dice_bytes().unwrap(), b"Headline: Blue wins");
    // Spaces and inner line ends count.
    assert_ne!(Seed::from_text("Headline: Blue wins ").unwrap(), c);
    assert_ne!(Seed::from_text("\nHeadline: Blue wins").unwrap(), c);
    assert_eq!(Seed::from_text("\n"), Err(SeedError::EmptyText));
    assert_eq!(c.kind(), SeedKind::Text);
}

#[test]
fn seed_hash_is_sha256_of_the_value_bytes() {
    let s = Seed::from_text("abc").unwrap();
    assert_eq!(
        s.hash_hex(),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    let h = Seed::from_hex("616263").unwrap();
    assert_eq!(h.hash_hex(), s.hash_hex());
    assert!(matches!(
        Seed::from_hex("xyz"),
        Err(SeedError::BadHex { .. })
    ));
}
