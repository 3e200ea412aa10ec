//! Optional rule 32 (air combat) through the real binary: the interception exchange by
//! mail. A Tournament Game with `--optional 32` starts from a position at Blue's turn 5:
//! Blue's infantry moves next to Red's stack in Azure (P30), where a Red FTR is based
//! (003 32.35: a base reached during movement does not keep the fighter down), and
//! attacks it with the support of Blue's TAC from Hallam (J28). Blue's file names no seed; the player-turn stops before odds and
//! Red's reaction template lists the flight over P30 with the fighter within reach; Red
//! answers with `[[intercept]]` and the seed; the air combat is fought before the battle
//! and the folder verifies.
//!
//! The same position in a game made with `--interception standing`: Red writes
//! `[[standing_intercept]]` in his own file at turn 4, and Blue's turn 5 runs to its end
//! on Blue's seed with no stop, the air combat fought by Red's standing orders.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{mover_stops, new_at_position, only_state, TEXT_SEED as SEED};
use assert_cmd::Command;
use predicates::str::contains;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Turn 5, Blue to move: Red holds P30, a hex of the Blue city Azure, with an
/// infantry and a fighter; Blue's infantry stands two hexes away at P28, its TAC at
/// Hallam.
pub(crate) const POSITION: &str = r#"turn = 5
side = "blue"

[held]
P30 = "red"

[[stack]]
hex = "P28"
units = ["B-12IN"]

[[stack]]
hex = "J28"
units = ["B-1TAC"]

[[stack]]
hex = "P30"
units = ["R-1IN", "R-1FTR"]
"#;

/// Blue's orders at turn 5: B-12IN moves next to P30 and attacks it, supported by
/// B-1TAC; no seed.
pub(crate) const BLUE_ATTACKS_P30: &str = "[[move]]\nunit = \"B-12IN\"\npath = [\"P29\"]\n\n\
    [[attack]]\nid = \"a1\"\nunits = [\"B-12IN\"]\ntargets = [\"P30\"]\n\n\
    [[mission]]\nunits = [\"B-1TAC\"]\nkind = \"tactical\"\nto = \"P30\"\nbattle = \"a1\"\n";

/// 32.3, 32.31, 32.32: mover -> stop before odds -> the defender's interception ->
/// resolved, then `verify` replays both steps.
#[test]
fn an_interception_is_answered_in_a_step_of_its_own_and_verifies_32() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ["--rules", "tournament", "--optional", "32"];
    let g = new_at_position(tmp.path(), "g", POSITION, &rules);
    let stem = only_state(&g);
    let template = fs::read_to_string(g.join(format!("{stem}.template.toml"))).unwrap();
    assert!(template.contains("stops before odds"), "{template}");
    // Blue's orders: the move, the attack, the TAC supporting it; no seed. Each
    // resolution mailed: the mover's, then the answer's.
    let mailed = ["--mail", "--date", "2026-11-24T18:00:00Z"];
    let step = mover_stops(&g, &stem, BLUE_ATTACKS_P30, &mailed);
    let report = fs::read_to_string(g.join(format!("{stem}.report.txt"))).unwrap();
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat(&report).contains("after the interceptions he chooses over P30 (32.3)"),
        "{report}"
    );
    assert!(!report.contains("\nCOMBAT\n"), "{report}");
    // Red's reaction template: the flight over P30, unescorted, and R-1FTR in reach.
    let reaction = fs::read_to_string(g.join(format!("{step}.template.toml"))).unwrap();
    assert!(reaction.contains("side = \"red\""), "{reaction}");
    assert!(
        reaction.contains("# P30: B-1TAC unescorted; intercept range 2 hexes; your fighters fire at 3 times their factors"),
        "{reaction}"
    );
    assert!(reaction.contains("\"R-1FTR\"  (0 hexes)"), "{reaction}");
    // A fighter Red does not have is refused with its rule and place.
    let bad = g.join("bad.toml");
    fs::write(
        &bad,
        format!("{reaction}\n{SEED}\n[[intercept]]\nunits = [\"B-1TAC\"]\nhex = \"P30\"\n"),
    )
    .unwrap();
    blitz()
        .arg("check")
        .arg(g.join(format!("{step}.state.ron")))
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(contains("B-1TAC cannot intercept"));
    // Red's answer: the interception and the seed.
    let red = g.join("red.toml");
    fs::write(
        &red,
        format!("{reaction}\n{SEED}\n[[intercept]]\nunits = [\"R-1FTR\"]\nhex = \"P30\"\n"),
    )
    .unwrap();
    blitz()
        .arg("resolve")
        .arg(g.join(format!("{step}.state.ron")))
        .arg(&red)
        .args(["--seed-text", "7 12 19 23 31 40"])
        .arg("--out")
        .arg(&g)
        .args(mailed)
        .assert()
        .success();
    // The answer's resolution is a mail of its own, named and identified by its step,
    // and `blitz mail` of the state it wrote rebuilds the same message.
    let mut mails: Vec<String> = fs::read_dir(g.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    mails.sort();
    assert_eq!(mails, ["blitz-g-5-blue.eml", "blitz-g-5-blue_step1.eml"]);
    let id = |name: &str| {
        let eml = fs::read_to_string(g.join("outbox").join(name)).unwrap();
        eml.lines()
            .find(|l| l.starts_with("Message-ID:"))
            .map(str::to_string)
            .unwrap()
    };
    assert_ne!(id(&mails[0]), id(&mails[1]));
    let after: Vec<String> = fs::read_dir(&g)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".state.ron") && !n.starts_with(&stem))
        .collect();
    let [next] = after.as_slice() else {
        panic!("one state after the answer: {after:?}");
    };
    let again = tmp.path().join("again");
    blitz()
        .arg("mail")
        .arg(g.join(next))
        .args(["--date", "2026-11-24T18:00:00Z", "--outbox"])
        .arg(&again)
        .assert()
        .success();
    let rebuilt = fs::read_to_string(again.join(&mails[1])).unwrap();
    let first = fs::read_to_string(g.join("outbox").join(&mails[1])).unwrap();
    assert_eq!(rebuilt, first);
    assert!(
        first.contains("Subject: [Blitzkrieg g] Turn 5 Blue =?utf-8?b?4oaS?= Red: report"),
        "{first}"
    );
    let fought = fs::read_to_string(g.join(format!("{step}.report.txt"))).unwrap();
    let fought = flat(&fought);
    let air =
        fought.find("Air combat over P30: R-1FTR intercepting at triple strength with 12 factors");
    let battle = fought.find("Battle a1 against P30");
    assert!(
        matches!((air, battle), (Some(a), Some(b)) if a < b),
        "{fought}"
    );
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(contains("2 player-turns replayed"));
}

/// Turn 4, Red to move, in the position above: Red's file writes the standing
/// interception orders his fighters keep through Blue's turn 5.
fn standing_game(tmp: &std::path::Path) -> std::path::PathBuf {
    let position = POSITION.replace("turn = 5\nside = \"blue\"", "turn = 4\nside = \"red\"");
    let rules = ["--rules", "tournament", "--optional", "32"];
    new_at_position(
        tmp,
        "g",
        &position,
        &[&rules[..], &["--interception", "standing"]].concat(),
    )
}

/// Red's turn 4 with `standing` (his `[[standing_intercept]]` sections), then Blue's
/// turn 5 as in the exchange test, naming its seed: the report of Blue's player-turn.
fn standing_turn(standing: &str) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let tmp = tempfile::tempdir().unwrap();
    let g = standing_game(tmp.path());
    let template = fs::read_to_string(g.join("09-4-red.template.toml")).unwrap();
    assert!(
        template.contains("# This game uses standing interception orders (32.3)"),
        "{template}"
    );
    let red = g.join("red.toml");
    fs::write(&red, format!("{template}\n{standing}")).unwrap();
    blitz()
        .arg("resolve")
        .arg(g.join("09-4-red.state.ron"))
        .arg(&red)
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let template = fs::read_to_string(g.join("10-5-blue.template.toml")).unwrap();
    assert!(!template.contains("stops before odds"), "{template}");
    let blue = g.join("blue.toml");
    fs::write(
        &blue,
        format!(
            "{template}\n{SEED}\n[[move]]\nunit = \"B-12IN\"\npath = [\"P29\"]\n\n[[attack]]\nid = \"a1\"\nunits = [\"B-12IN\"]\ntargets = [\"P30\"]\n\n\
             [[mission]]\nunits = [\"B-1TAC\"]\nkind = \"tactical\"\nto = \"P30\"\nbattle = \"a1\"\n"
        ),
    )
    .unwrap();
    blitz()
        .arg("resolve")
        .arg(g.join("10-5-blue.state.ron"))
        .arg(&blue)
        .args(["--seed-text", "7 12 19 23 31 40"])
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let report = fs::read_to_string(g.join("10-5-blue.report.txt")).unwrap();
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    (tmp, g, report)
}

/// 32.3, 32.32: a standing order meets the unescorted TAC over P30 at triple
/// strength, with no stop before odds: the air combat comes before the battle in Blue's
/// own player-turn, no step state is written, and the folder verifies.
#[test]
fn a_standing_order_meets_an_unescorted_bomber_at_triple_strength_with_no_stop_32_3() {
    let (_tmp, g, report) =
        standing_turn("[[standing_intercept]]\nunits = [\"R-1FTR\"]\nhexes = [\"P30\"]\n");
    let air =
        report.find("Air combat over P30: R-1FTR intercepting at triple strength with 12 factors");
    let battle = report.find("Battle a1 against P30");
    assert!(
        matches!((air, battle), (Some(a), Some(b)) if a < b),
        "{report}"
    );
    assert!(!report.contains("stops before odds"), "{report}");
    assert!(!g.join("10-5-blue.step1.state.ron").exists());
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(contains("2 player-turns replayed"));
}

/// 32.3: a standing order over hexes no mission flies to (and a base too far) meets
/// nothing: the battle is fought with no air combat.
#[test]
fn a_standing_order_no_flight_matches_intercepts_nothing_32_3() {
    let (_tmp, _g, report) = standing_turn(
        "[[standing_intercept]]\nunits = [\"R-1FTR\"]\nhexes = [\"P20\"]\n\n\
         [[standing_intercept]]\nunits = [\"R-1FTR\"]\nbase = \"F10\"\nwithin = 2\n",
    );
    assert!(report.contains("Battle a1 against P30"), "{report}");
    assert!(!report.contains("Air combat over"), "{report}");
}

/// 32.3: standing orders naming a unit that is not a fighter, or a hex off the board,
/// are refused with the rule, the file, the line and the column; in a game of the
/// exchange by mail they are refused altogether.
#[test]
fn standing_orders_naming_a_non_fighter_or_a_hex_off_the_board_are_refused_32_3() {
    let tmp = tempfile::tempdir().unwrap();
    let g = standing_game(tmp.path());
    let template = fs::read_to_string(g.join("09-4-red.template.toml")).unwrap();
    let bad = g.join("bad.toml");
    fs::write(
        &bad,
        format!("{template}\n[[standing_intercept]]\nunits = [\"R-1IN\"]\nhexes = [\"A99\"]\n"),
    )
    .unwrap();
    let lines = template.lines().count();
    blitz()
        .arg("check")
        .arg(g.join("09-4-red.state.ron"))
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(contains("R-1IN is not a fighter of yours"))
        .stderr(contains("A99 is not on the board"))
        .stderr(contains("32.3"))
        .stderr(contains(format!("bad.toml:{}:10", lines + 3)));
}
