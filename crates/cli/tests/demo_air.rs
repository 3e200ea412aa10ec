//! `blitz demo DIR --sample air` through the real binary: turns 6-7 of a Tournament
//! Game with the optional rules 32-36, from a position, made with `--no-answer
//! standing`, are written, `verify` accepts them, and the reports show the air combat
//! by mail: in 6-Blue an escorted flight met at double strength with the escorts firing
//! back at half and an unescorted one met at triple, on Red's seed, before a port
//! bombing of rule 33; in 7-Blue the step resolved without Red's answer, his fallback
//! standing orders meeting the bombers on Blue's seed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample;

use sample::{blitz, report};
use std::fs;
use std::path::Path;

/// `text` with every run of white space one space: report lines wrap at 78 columns.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every one of `phrases` is in the report `stem` (its lines joined), in that order.
fn report_has(dir: &Path, stem: &str, phrases: &[&str]) {
    let text = flat(&report(dir, stem));
    let mut from = 0;
    for p in phrases {
        let at = text[from..].find(p);
        assert!(
            at.is_some(),
            "{stem}: `{p}` not in (or not after the line before)\n{text}"
        );
        from += at.unwrap_or(0);
    }
}

#[test]
fn air_sample_plays_the_interception_exchange_and_a_silent_defender_32() {
    let (_tmp, dir) = sample::play("air", "7-Red", "turns 6-7 from a position");
    assert!(dir.join("16-8-blue.template.toml").exists());
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "6 player-turns replayed, all of them: every one of its 7 states follows (6-Blue, 6-Blue.step1, 6-Red, 7-Blue, 7-Blue.step1, 7-Red)",
        ));

    // 32.3: Blue's file names no seed; the player-turn stops before odds for Red.
    report_has(
        &dir,
        "12-6-blue",
        &[
            "B-1FTR flies an escort mission from CC38 over NN48 (32.4)",
            "the player-turn stops before odds: Red answers",
            "after the interceptions he chooses over NN48 and NN49 (32.3)",
            "if Red does not answer in the time agreed, Blue may resolve this step without him",
        ],
    );
    let reaction = fs::read_to_string(dir.join("12-6-blue.step1.template.toml")).unwrap();
    assert!(reaction.contains("side = \"red\""), "{reaction}");
    assert!(
        reaction.contains(
            "# If you do not answer in the time agreed, Blue may resolve this step without"
        ),
        "{reaction}"
    );
    // 32.3: Red's own template says how to write his fallback.
    let red = fs::read_to_string(dir.join("13-6-red.template.toml")).unwrap();
    assert!(
        red.contains("# A defender who does not answer (32.3, --no-answer standing)"),
        "{red}"
    );
    // 32.32, 32.4: Red's answer, on his seed: double against the escorted flight, the
    // escorts and bombers firing back at half, triple against the unescorted one; then
    // the bombings of rule 33.
    report_has(
        &dir,
        "12-6-blue.step1",
        &[
            "Seed drand quicknet round 1000",
            "Air combat over NN48: R-1FTR intercepting at double strength with 8 factors",
            "Air combat over NN48: B-1FTR, B-1SAC, B-2SAC returning fire at half strength with 6 factors",
            "Air combat over NN49: R-2FTR intercepting at triple strength with 12 factors",
            "Bombing of the port facility of NN48 by B-1SAC, B-2SAC with 8 factors",
            "(33.3)",
            "Bombing of the city-road of NN49: no bomber left to bomb (33.4)",
        ],
    );
    // 32.32: the answer step is summed up, each side's aircraft lost in the air
    // combat its own (none left without a side).
    report_has(
        &dir,
        "12-6-blue.step1",
        &[
            "SUMMARY",
            "Battles 5: air combat over NN48: 1 factor (ACT)",
            "Blue lost B-1FTR (reduced), B-SAC2A, B-SAC2B (reduced)",
            "Red lost R-1FTR (reduced)",
            "COMBAT",
        ],
    );
    assert!(
        !report(&dir, "12-6-blue.step1").contains("  Eliminated  "),
        "no loss without a side"
    );
    // 32.3: the second exchange, not answered: Blue resolves it on his own seed, and
    // Red's fallback standing orders meet the unescorted bombers at triple strength.
    report_has(
        &dir,
        "14-7-blue",
        &["after the interceptions he chooses over NN48 (32.3)"],
    );
    report_has(
        &dir,
        "14-7-blue.step1",
        &[
            "Seed drand quicknet round 657413",
            "Red's answer was not awaited: Blue's file says the time agreed passed without it ([answer] none); Red's 1 standing interception order applies: R-2FTR, R-3FTR over NN48 (32.3)",
            "Air combat over NN48: R-2FTR, R-3FTR intercepting at triple strength with 24 factors",
            "Bombing of the city supply and industry of NN48 by B-2SAC with 2 factors;",
            "(33.5)",
        ],
    );
    // 26.2: B-SAC1A, lost over NN48, is made up again at V33 under the same id; the
    // substitute is on the ground there, so it neither bombs nor lands.
    let step = fs::read_to_string(dir.join("14-7-blue.step1.report.txt")).unwrap();
    assert!(
        step.contains("made up by B-SAC2A, B-SAC1A in V33"),
        "{step}"
    );
    assert!(!step.contains("B-SAC1A   lands"), "{step}");
    let answered = fs::read_to_string(dir.join("14-7-blue.step1.orders.toml")).unwrap();
    assert!(answered.contains("side = \"blue\""), "{answered}");
    assert!(answered.contains("[answer]\nnone = true"), "{answered}");

    // Report lines keep to 78 columns, and every turn mail keeps the size budget; each
    // step is a mail of its own.
    for e in fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.to_string_lossy().ends_with(".report.txt") {
            for line in fs::read_to_string(&p).unwrap().lines() {
                assert!(line.chars().count() <= 78, "{}: {line}", p.display());
            }
        }
    }
    let outbox = dir.join("outbox");
    for step in ["6-blue_step1", "7-blue_step1"] {
        let mail = outbox.join(format!("blitz-air-demo-{step}.eml"));
        assert!(mail.exists(), "{}", mail.display());
    }
    let silent = fs::read_to_string(outbox.join("blitz-air-demo-7-blue_step1.eml")).unwrap();
    assert!(flat(&silent).contains("Red's answer was not awaited"));
    for e in fs::read_dir(&outbox).unwrap() {
        let m = e.unwrap().path();
        if m.to_string_lossy().ends_with("-new.eml") {
            continue;
        }
        let size = fs::metadata(&m).unwrap().len();
        assert!(size < 300_000, "{} is {size} bytes", m.display());
    }
}
