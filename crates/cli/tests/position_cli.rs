//! `blitz new --position` and `blitz position`: a game started from a position file at
//! any player-turn plays, checks and verifies as any other; a state written as a
//! position and started again is the same position; a bad position is refused with
//! every problem and nothing written; a game made with a board refuses to go on
//! without it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::Path;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn new_at(dir: &Path, position: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    blitz()
        .args(["new", "--game", "g2", "--blue", "Ann <ann@example.org>"])
        .args([
            "--red",
            "Bo <bo@example.org>",
            "--seed",
            "text",
            "--position",
        ])
        .arg(position)
        .arg("--out")
        .arg(dir)
        .args(extra)
        .assert()
}

/// The position text without its first line (a comment naming the game).
fn body(text: &str) -> String {
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

const POSITION: &str = r#"turn = 3
side = "red"

[held]

[victory_b]
red = 1

[[stack]]
hex = "O29"
units = ["B-12IN", "B-13IN"]

[[stack]]
hex = "YY30"
units = ["R-1IN", { id = "R-2IN", strength = 4 }]

[[eliminated]]
turn = 2
side = "blue"
units = ["R-3IN"]

[standing.blue]
lose_first = ["B-13IN"]
retreat_prefer = ["O28"]
advance = true
"#;

#[test]
fn a_game_from_a_position_plays_checks_and_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(&pos, POSITION).unwrap();
    let g = tmp.path().join("g2");
    new_at(&g, &pos, &[])
        .success()
        .stderr(contains("Red moves next (3-Red)"));
    let state = g.join("07-3-red.state.ron");
    let template = g.join("07-3-red.template.toml");
    let ron = fs::read_to_string(&state).unwrap();
    assert!(ron.contains("format: 2,"), "{ron}");
    assert!(ron.contains("\"board\": \""), "the data hashes: {ron}");
    assert!(ron.contains("Turn(\n    turn: 3,\n    side: red,"), "{ron}");

    // Written back, the position is the one given.
    let written = blitz().arg("position").arg(&state).assert().success();
    let text = String::from_utf8(written.get_output().stdout.clone()).unwrap();
    assert!(text.contains("units = [\"R-1IN\", \"R-2IN\"]"), "{text}");
    assert!(
        text.contains("[standing.blue]\nlose_first = [\"B-13IN\"]"),
        "{text}"
    );

    // It plays: the template (no orders) checks, resolves without a seed, and the
    // folder verifies from the position's state.
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&template)
        .assert()
        .success();
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&template)
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    assert!(g.join("08-4-blue.state.ron").exists());
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(contains("1 player-turns replayed"));
}

#[test]
fn state_to_position_to_state_is_the_same_position() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = tmp.path().join("demo");
    blitz().arg("demo").arg(&demo).assert().success();
    let last = demo.join("06-3-blue.state.ron");
    let pos = tmp.path().join("pos.toml");
    blitz()
        .arg("position")
        .arg(&last)
        .arg("--out")
        .arg(&pos)
        .assert()
        .success();
    let g = tmp.path().join("g2");
    new_at(&g, &pos, &[]).success();
    let again = blitz()
        .arg("position")
        .arg(g.join("06-3-blue.state.ron"))
        .assert()
        .success();
    let again = String::from_utf8(again.get_output().stdout.clone()).unwrap();
    assert_eq!(body(&again), body(&fs::read_to_string(&pos).unwrap()));
    // `--out` never overwrites without `--force`.
    blitz()
        .arg("position")
        .arg(&last)
        .arg("--out")
        .arg(&pos)
        .assert()
        .code(2);
}

#[test]
fn a_bad_position_is_refused_with_every_problem_and_nothing_written() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("bad.toml");
    fs::write(
        &pos,
        "turn = 2\nside = \"red\"\n[[stack]]\nhex = \"P30\"\nunits = [\"B-1IN\", \"X-9\", { id = \"B-2IN\", strength = 2 }]\n",
    )
    .unwrap();
    let g = tmp.path().join("g");
    new_at(&g, &pos, &[])
        .code(2)
        .stderr(contains("bad.toml:5:19: P007 there is no counter `X-9`"))
        .stderr(contains("bad.toml:5:26: P013 B-2IN has strength 2"));
    assert!(!g.exists(), "nothing written");
}

#[test]
fn a_game_made_from_a_position_with_a_board_refuses_to_go_on_without_it() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(&pos, POSITION).unwrap();
    let board = tmp.path().join("board.toml");
    let embedded = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/blitzkrieg/board.toml"),
    )
    .unwrap();
    fs::write(&board, format!("{embedded}\n# a copy of one's own\n")).unwrap();
    let g = tmp.path().join("g2");
    new_at(&g, &pos, &["--board", board.to_str().unwrap()]).success();
    let state = g.join("07-3-red.state.ron");
    blitz()
        .arg("show")
        .arg(&state)
        .assert()
        .code(2)
        .stderr(contains("this game was made with other board"));
    blitz()
        .arg("position")
        .arg(&state)
        .assert()
        .code(2)
        .stderr(contains("this game was made with other board"));
    blitz()
        .args(["show", "--format", "json"])
        .arg(&state)
        .assert()
        .code(2)
        .stdout(contains("\"G008\""));
    blitz()
        .arg("show")
        .arg(&state)
        .arg("--board")
        .arg(&board)
        .assert()
        .success();
}

/// 5.1-5.2, `docs/position.md`: `[held]` takes a city of the enemy's home country held by
/// the side occupying it (a Big Red city Blue holds), as a state played to there keeps
/// it: the game starts, Blue counts the city among his friendly ones, and the position
/// written back names it. A side's own home city listed as held is still refused (P016).
#[test]
fn a_position_may_say_blue_holds_a_big_red_city_he_occupies() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    let text = "turn = 3\nside = \"blue\"\n\n[held]\nYY43 = \"blue\"\n\n[[stack]]\nhex = \"YY43\"\nunits = [\"B-1IN\"]\n\n[[stack]]\nhex = \"YY30\"\nunits = [\"R-1IN\"]\n";
    fs::write(&pos, text).unwrap();
    let g = tmp.path().join("g2");
    new_at(&g, &pos, &[]).success();
    let state = g.join("06-3-blue.state.ron");
    let shown = blitz().arg("show").arg(&state).assert().success();
    let shown = String::from_utf8(shown.get_output().stdout.clone()).unwrap();
    let blue = shown
        .split("friendly city hexes")
        .nth(1)
        .and_then(|rest| rest.split("still to come").next())
        .unwrap_or_default();
    assert!(blue.contains("YY43"), "Blue's friendly cities: {shown}");
    let written = blitz().arg("position").arg(&state).assert().success();
    let written = String::from_utf8(written.get_output().stdout.clone()).unwrap();
    assert!(written.contains("[held]\nYY43 = \"blue\""), "{written}");

    let own = tmp.path().join("own.toml");
    fs::write(&own, text.replace("YY43 = \"blue\"", "YY43 = \"red\"")).unwrap();
    new_at(&tmp.path().join("g3"), &own, &[])
        .code(2)
        .stderr(contains("P016 YY43 is not a city outside the home"));
}
