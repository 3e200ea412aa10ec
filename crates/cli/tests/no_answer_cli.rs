//! 32.3, a defender who does not answer, through the real binary. A Tournament Game
//! with `--optional 32` from a position at Red's turn 4: Red holds P30 with an
//! infantry and a fighter, Blue's infantry and TAC are within reach. In Blue's turn 5
//! the infantry attacks P30 with the TAC's support, and the player-turn stops before
//! odds for Red's interceptions.
//!
//! Made with `--no-answer standing`, Red writes his fallback `[[standing_intercept]]`
//! in his own file of turn 4; Red does not answer the stop, and Blue resolves the
//! step with `[answer] none = true` and a seed of his own: Red's fallback meets the TAC
//! at triple strength before the battle, the report and the mail say that Red's answer
//! was not awaited, and the folder verifies. Made without the option, Red's fallback
//! is refused (B320) and Blue's `[answer] none` too (B342): the turn waits for Red.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::signed_orders::{keygen, sign};
use crate::support::{new_at_position, TEXT_SEED as SEED};
use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Turn 4, Red to move, in the position of the exchange's tests: Red holds P30, a hex
/// of the Blue city Azure, with an infantry and a fighter; Blue's infantry stands two
/// hexes away at P28, its TAC at Hallam.
fn position() -> String {
    crate::air_combat_cli::POSITION.replace("turn = 5\nside = \"blue\"", "turn = 4\nside = \"red\"")
}

/// Red's fallback: his fighter meets what flies over P30.
const FALLBACK: &str = "[[standing_intercept]]\nunits = [\"R-1FTR\"]\nhexes = [\"P30\"]\n";

/// Blue's turn 5: the move, the attack, the TAC supporting it; no seed (the exchange).
const BLUE_TURN: &str = "[[move]]\nunit = \"B-12IN\"\npath = [\"P29\"]\n\n\
    [[attack]]\nid = \"a1\"\nunits = [\"B-12IN\"]\ntargets = [\"P30\"]\n\n\
    [[mission]]\nunits = [\"B-1TAC\"]\nkind = \"tactical\"\nto = \"P30\"\nbattle = \"a1\"\n";

/// Blue's file resolving the step without Red's answer.
const NO_ANSWER: &str = "[answer]\nnone = true\n";

/// `template` with `body`, written to `dir/name`.
fn orders(dir: &Path, name: &str, template: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("{template}\n{body}")).unwrap();
    path
}

/// `blitz resolve STATE ORDERS --out OUT`, on the agreed seed text when `seed`.
fn resolving(state: &Path, orders: &Path, out: &Path, seed: bool) -> Command {
    let mut cmd = blitz();
    cmd.arg("resolve").arg(state).arg(orders);
    if seed {
        cmd.args(["--seed-text", "7 12 19 23 31 40"]);
    }
    cmd.arg("--out").arg(out);
    cmd
}

fn resolve(state: &Path, orders: &Path, out: &Path, seed: bool) {
    resolving(state, orders, out, seed).assert().success();
}

fn template(g: &Path, stem: &str) -> String {
    fs::read_to_string(g.join(format!("{stem}.template.toml"))).unwrap()
}

/// Red's turn 4 (`red` after the template) and Blue's turn 5 up to its stop before
/// odds, in a game made with `extra` flags: the game folder. `signer` signs each order
/// file as its side does, in a game of signed orders.
fn stopped_signed(tmp: &Path, extra: &[&str], red: &str, signer: &dyn Fn(&str, &Path)) -> PathBuf {
    let rules = ["--rules", "tournament", "--optional", "32"];
    let g = new_at_position(tmp, "g", &position(), &[&rules[..], extra].concat());
    let red = orders(&g, "red.toml", &template(&g, "09-4-red"), red);
    signer("red", &red);
    resolve(&g.join("09-4-red.state.ron"), &red, &g, false);
    let blue = orders(&g, "blue.toml", &template(&g, "10-5-blue"), BLUE_TURN);
    signer("blue", &blue);
    resolve(&g.join("10-5-blue.state.ron"), &blue, &g, false);
    assert!(g.join("10-5-blue.step1.state.ron").exists());
    g
}

/// [`stopped_signed`] in a game without signed orders.
fn stopped(tmp: &Path, extra: &[&str], red: &str) -> PathBuf {
    stopped_signed(tmp, extra, red, &|_, _| {})
}

/// Blue's no-answer file for the stopped step: Red's template with Blue's side.
fn no_answer_file(g: &Path) -> PathBuf {
    let reaction = template(g, "10-5-blue.step1").replace("side = \"red\"", "side = \"blue\"");
    orders(g, "none.toml", &reaction, &format!("{NO_ANSWER}{SEED}"))
}

/// `blitz verify` replays the folder's three player-turns: Red's turn 4 and both steps
/// of Blue's turn 5.
fn verifies(g: &Path) {
    blitz()
        .arg("verify")
        .arg(g)
        .assert()
        .success()
        .stdout(contains("3 player-turns replayed"));
}

/// `text` with every run of white space one space: report lines wrap at 78 columns.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 32.3 with `--no-answer standing`: the stop says what Blue may do; Blue resolves it
/// without Red's answer, Red's fallback standing order meets the unescorted TAC at
/// triple strength before the battle; report and mail say so; `verify` replays it.
#[test]
fn a_defender_who_does_not_answer_gets_his_fallback_standing_orders_32_3() {
    let tmp = tempfile::tempdir().unwrap();
    let g = stopped(tmp.path(), &["--no-answer", "standing"], FALLBACK);
    let state = fs::read_to_string(g.join("09-4-red.state.ron")).unwrap();
    assert!(state.contains("no_answer: Standing"), "{state}");
    let stop = flat(&fs::read_to_string(g.join("10-5-blue.report.txt")).unwrap());
    assert!(
        stop.contains(
            "if Red does not answer in the time agreed, Blue may resolve this step without him"
        ),
        "{stop}"
    );
    let none = no_answer_file(&g);
    resolving(&g.join("10-5-blue.step1.state.ron"), &none, &g, true)
        .arg("--mail")
        .arg("--outbox")
        .arg(g.join("outbox"))
        .assert()
        .success();
    let report = flat(&fs::read_to_string(g.join("10-5-blue.step1.report.txt")).unwrap());
    for said in [
        "Red's answer was not awaited: Blue's file says the time agreed passed without it ([answer] none); Red's 1 standing interception order applies: R-1FTR over P30",
        "Air combat over P30: R-1FTR intercepting at triple strength with 12 factors",
    ] {
        assert!(report.contains(said), "`{said}` not in {report}");
    }
    let air = report.find("Air combat over P30");
    let battle = report.find("Battle a1 against P30");
    assert!(
        matches!((air, battle), (Some(a), Some(b)) if a < b),
        "{report}"
    );
    let mail: String = fs::read_dir(g.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    assert!(
        flat(&mail).contains("Red's answer was not awaited"),
        "{mail}"
    );
    verifies(&g);
}

/// 32.3 with `--no-answer standing`, Red having written no fallback: nothing intercepts,
/// and the report says so.
#[test]
fn a_defender_with_no_fallback_intercepts_nothing_32_3() {
    let tmp = tempfile::tempdir().unwrap();
    let g = stopped(tmp.path(), &["--no-answer", "standing"], "");
    let none = no_answer_file(&g);
    resolve(&g.join("10-5-blue.step1.state.ron"), &none, &g, true);
    let report = flat(&fs::read_to_string(g.join("10-5-blue.step1.report.txt")).unwrap());
    assert!(
        report.contains("Red wrote no standing interception orders: nothing intercepts"),
        "{report}"
    );
    assert!(!report.contains("Air combat over"), "{report}");
    assert!(report.contains("Battle a1 against P30"), "{report}");
}

/// 32.3 without the option: the defender's fallback is refused (B320), and the turn
/// waits for him: the mover's `[answer] none` is refused (B342), nothing written.
#[test]
fn without_the_option_the_turn_waits_for_the_defender_32_3() {
    let tmp = tempfile::tempdir().unwrap();
    let g = stopped(tmp.path(), &[], "");
    let red = orders(&g, "fallback.toml", &template(&g, "09-4-red"), FALLBACK);
    blitz()
        .arg("check")
        .arg(g.join("09-4-red.state.ron"))
        .arg(&red)
        .assert()
        .code(1)
        .stderr(contains("this game intercepts by the exchange by mail"));
    let none = no_answer_file(&g);
    resolving(&g.join("10-5-blue.step1.state.ron"), &none, &g, true)
        .assert()
        .code(1)
        .stderr(contains("this game waits for the defender's answer"));
    assert!(!g.join("10-5-blue.step1.report.txt").exists());
    blitz()
        .arg("check")
        .arg(g.join("10-5-blue.step1.state.ron"))
        .arg(&none)
        .args(["--format", "json"])
        .assert()
        .code(1)
        .stdout(contains("\"code\": \"B342\""));
}

/// 32.3: `--no-answer standing` in a game that does not intercept by the exchange is
/// refused when the game is made (R013), nothing written.
#[test]
fn no_answer_needs_the_exchange_of_rule_32_r013() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(&pos, position()).unwrap();
    for extra in [
        &["--rules", "tournament"][..],
        &[
            "--rules",
            "tournament",
            "--optional",
            "32",
            "--interception",
            "standing",
        ][..],
    ] {
        let out = tmp.path().join("g");
        blitz()
            .args(["-q", "new", "--game", "g", "--blue", "a@example.org"])
            .args(["--red", "b@example.org", "--seed", "text"])
            .args(extra)
            .args(["--no-answer", "standing", "--position"])
            .arg(&pos)
            .arg("--out")
            .arg(&out)
            .assert()
            .failure()
            .stderr(contains("blitz::ruleset::no_answer_without_exchange"));
        assert!(!out.exists());
    }
}

/// 32.3 in a game of signed orders: the no-answer file is the mover's, signed with his
/// key; signed with the defender's it is refused.
#[test]
fn in_a_signed_game_the_mover_signs_his_no_answer_file_32_3() {
    let tmp = tempfile::tempdir().unwrap();
    let keys = tempfile::tempdir().unwrap();
    let blue_key = keygen(keys.path(), "blue");
    let red_key = keygen(keys.path(), "red");
    let blue_pub = format!("{}.pub", blue_key.display());
    let red_pub = format!("{}.pub", red_key.display());
    let flags = [
        "--no-answer",
        "standing",
        "--blue-key",
        &blue_pub,
        "--red-key",
        &red_pub,
    ];
    let key_of = |side: &str| if side == "blue" { &blue_key } else { &red_key };
    let g = stopped_signed(tmp.path(), &flags, FALLBACK, &|side, file| {
        sign(key_of(side), file);
    });
    let none = no_answer_file(&g);
    sign(&red_key, &none);
    resolving(&g.join("10-5-blue.step1.state.ron"), &none, &g, true)
        .assert()
        .failure()
        .stderr(contains("Blue"));
    assert!(!g.join("10-5-blue.step1.report.txt").exists());
    sign(&blue_key, &none);
    resolve(&g.join("10-5-blue.step1.state.ron"), &none, &g, true);
    verifies(&g);
}
