#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The published test vectors of the dice recipe v1 (docs/dice.md), and the flatness
//! of its digits and dice.

use pbem::dice::TableMode;
use pbem::dice::{Digit, Roller};
use pbem::seed::Seed;

/// The randomness of drand quicknet round 657413 (see tests/seed_drand.rs).
const DRAND_657413: &str = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";
const LOTTERY: &str = "Lottery 2026-11-24: 04 11 19 23 37 45";

fn drand_roller() -> Roller {
    Roller::new(&hex::decode(DRAND_657413).unwrap(), "g1", "3-Blue")
}

fn values<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter().map(|d| d.to_string()).collect()
}

#[test]
fn published_vectors_drand_seed() {
    let r = drand_roller();
    // roll id, digit, die: the table in docs/dice.md.
    for (id, digit, die) in [
        ("A1", 6, 3),
        ("A2", 6, 1),
        ("A3", 0, 1),
        ("weather", 2, 1),
        ("R31", 8, 5),
        ("R166", 5, 5),
    ] {
        assert_eq!(r.digit(id).value(), digit, "digit of {id}");
        assert_eq!(r.die(id).value(), die, "die of {id}");
    }
    assert_eq!(values(&r.digits("A1", 10)), "6083967576");
    assert_eq!(values(&r.dice("A1", 10)), "3356612225");
    assert_eq!(
        hex::encode(r.stream("A1").block(0)),
        "56e61c35ef9c4373434cc55c254f53c4e81ad77d0641641232353391f221164c"
    );
}

#[test]
fn published_vectors_rejection_sampling() {
    // R31's stream starts 254, 178: 254 is rejected for digits and dice alike.
    // R166's starts 250, 125: 250 is rejected for a digit (>= 250) but is a die (< 252).
    let r = drand_roller();
    let first: Vec<u8> = r.stream("R31").take(2).collect();
    assert_eq!(first, [254, 178]);
    let first: Vec<u8> = r.stream("R166").take(2).collect();
    assert_eq!(first, [250, 125]);
    assert_eq!((r.digit("R31").value(), r.die("R31").value()), (8, 5));
    assert_eq!((r.digit("R166").value(), r.die("R166").value()), (5, 5));
}

#[test]
fn published_vectors_agreed_text_seed() {
    let seed = Seed::from_text(&format!("{LOTTERY}\n")).unwrap();
    let rolls = seed.rolls("demo", "1-Red");
    for (id, digit, die) in [
        ("A1", 7, 6),
        ("A2", 2, 5),
        ("A3", 3, 6),
        ("weather", 8, 3),
        ("R31", 2, 1),
        ("R166", 0, 1),
    ] {
        let d = rolls.roll(TableMode::Pbm, id, None).unwrap();
        assert_eq!(d.roll.value(), digit, "digit of {id}");
        assert_eq!(rolls.die(id).unwrap().roll.value(), die, "die of {id}");
    }
    let r = Roller::new(LOTTERY.as_bytes(), "demo", "1-Red");
    assert_eq!(values(&r.digits("A1", 10)), "7774508245");
    assert_eq!(values(&r.dice("A1", 10)), "6423435354");
}

#[test]
fn every_input_of_the_recipe_changes_the_roll_stream() {
    let base = drand_roller().stream("A1").block(0);
    let seed = hex::decode(DRAND_657413).unwrap();
    for other in [
        Roller::new(&seed[1..], "g1", "3-Blue"),
        Roller::new(&seed, "g2", "3-Blue"),
        Roller::new(&seed, "g1", "3-Red"),
    ] {
        assert_ne!(other.stream("A1").block(0), base);
    }
    assert_ne!(drand_roller().stream("A2").block(0), base);
    // Length prefixes keep fields apart: ("g1", "3-Blue") is not ("g13", "-Blue").
    assert_ne!(
        Roller::new(&seed, "g13", "-Blue").stream("A1").block(0),
        base
    );
}

/// Issue 3: "a histogram test that 60,000 digits are flat within 2%". Over 60,000 digits
/// (one per roll id, as battles use them) each digit's share is within 2 points of 10%,
/// and the chi-square statistic (9 degrees of freedom) is below 27.88, its 0.1% critical
/// value. (Within 2% of 6,000 each, ±120, would be only 1.6 standard deviations: a fair
/// recipe fails that about half the time; see the 600,000-digit test for that bound.)
#[test]
fn sixty_thousand_digits_are_flat_within_two_percent() {
    let r = drand_roller();
    let mut counts = [0u32; 10];
    for i in 0..60_000 {
        counts[usize::from(r.digit(&format!("H{i}")).value())] += 1;
    }
    for (d, c) in counts.iter().enumerate() {
        assert!(
            (4800..=7200).contains(c),
            "digit {d} came {c} times: {counts:?}"
        );
    }
    let chi2: f64 = counts
        .iter()
        .map(|c| (f64::from(*c) - 6000.0).powi(2) / 6000.0)
        .sum();
    assert!(chi2 < 27.88, "chi-square {chi2} for {counts:?}");
}

/// 600,000 digits from one stream: each count within 2% of 60,000 (5 standard
/// deviations), and chi-square below its 0.1% critical value.
#[test]
fn six_hundred_thousand_digits_each_within_two_percent_of_a_tenth() {
    let r = drand_roller();
    let mut counts = [0u32; 10];
    for d in r.digits("H", 600_000) {
        counts[usize::from(d.value())] += 1;
    }
    for (d, c) in counts.iter().enumerate() {
        assert!(
            (58_800..=61_200).contains(c),
            "digit {d} came {c} times: {counts:?}"
        );
    }
    let chi2: f64 = counts
        .iter()
        .map(|c| (f64::from(*c) - 60_000.0).powi(2) / 60_000.0)
        .sum();
    assert!(chi2 < 27.88, "chi-square {chi2} for {counts:?}");
}

#[test]
fn sixty_thousand_dice_from_one_stream_are_flat() {
    let r = drand_roller();
    let mut counts = [0u32; 6];
    for d in r.dice("weather", 60_000) {
        counts[usize::from(d.value() - 1)] += 1;
    }
    for (d, c) in counts.iter().enumerate() {
        assert!(
            (9800..=10200).contains(c),
            "die {} came {c} times: {counts:?}",
            d + 1
        );
    }
}

#[test]
fn digit_zero_is_the_last_printed_row() {
    assert_eq!(
        Digit::printed_order().map(|d| d.value()),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    );
}
