//! `blitz new` turns its options into the rule set stored in the state: readings and
//! optional rules by name, what is not built yet refused by name, and the rule data's
//! hashes recorded so a later command given other data refuses.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::Path;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn new(dir: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--out"])
        .arg(dir)
        .args(extra)
        .assert()
}

/// A game by text seed made from the position file `pos` into `out`.
fn new_from_position(pos: &Path, out: &Path, extra: &[&str]) {
    blitz()
        .args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
        .args(["--red", "Bo <bo@example.org>", "--seed", "text"])
        .args(extra)
        .arg("--position")
        .arg(pos)
        .arg("--out")
        .arg(out)
        .assert()
        .success();
}

#[test]
fn a_new_game_records_every_reading_the_rule_data_and_its_release() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--reading", "armor-zoc-start=same-zoc-stops"]).success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(state.starts_with("(\n  format: 2,\n  kind: \"blitzkrieg\",\n  umpire: \""));
    assert!(
        state.contains("\"armor-zoc-start\": \"same-zoc-stops\""),
        "{state}"
    );
    assert!(
        state.contains("\"victory-a-reinforcements\": \"board\""),
        "{state}"
    );
    for data in ["board", "counters", "oac", "tables", "figures", "readings"] {
        assert!(
            state.contains(&format!("\"{data}\": \"")),
            "{data} hash in {state}"
        );
    }
}

/// 24, 30.1: `blitz new --rules tournament` makes a Tournament Game: its figures'
/// hash recorded, every full unit waiting, rangers and bombers among them (fighters
/// only with optional rule 32), and the game ends after turn 15 (1975 edition).
#[test]
fn a_new_tournament_game_records_its_figures_and_waits_with_every_full_unit() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--rules", "tournament"]).success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(state.contains("\"tournament\": \""), "{state}");
    assert!(state.contains("rules: Tournament"), "{state}");
    assert!(state.contains("last_turn: 15"), "{state}");
    for unit in ["\"B-1TAC\": Waiting", "\"R-1SAC\": Waiting"] {
        assert!(state.contains(unit), "{unit} in {state}");
    }
    assert!(!state.contains("FTR\": Waiting"), "{state}");
}

#[test]
fn rules_not_built_yet_and_unknown_readings_are_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--rules", "tournament", "--optional", "31"])
        .code(2)
        .stderr(contains(
            "31 (the Tournament Game's optional rules: an introduction) is not",
        ));
    new(tmp.path(), &["--optional", "23,34"])
        .code(2)
        .stderr(contains(
            "optional rule 34 is one of the Tournament Game's optional rules (31-36)",
        ))
        .stderr(contains("--rules tournament --optional 34"));
    new(tmp.path(), &["--optional", "20"])
        .code(2)
        .stderr(contains("optional rule 20 needs optional rule 19"));
    new(tmp.path(), &["--reading", "armor-zoc-start=sideways"])
        .code(2)
        .stderr(contains("`enters`, `same-zoc-stops`"));
    new(tmp.path(), &["--reading", "no-such-reading=x"])
        .code(2)
        .stderr(contains("there is no reading `no-such-reading`"));
    assert!(
        fs::read_dir(tmp.path()).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn a_state_given_other_rule_data_than_it_was_made_with_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &[]).success();
    let state = tmp.path().join("00-setup-blue.state.ron");
    let board = tmp.path().join("board.toml");
    let embedded = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/blitzkrieg/board.toml"),
    )
    .unwrap();
    fs::write(&board, format!("{embedded}\n# a changed copy\n")).unwrap();
    blitz()
        .arg("show")
        .arg(&state)
        .arg("--board")
        .arg(&board)
        .assert()
        .code(2)
        .stderr(contains("this game was made with other board"));
    // The same text as the embedded board is the same data.
    fs::write(&board, &embedded).unwrap();
    blitz()
        .arg("show")
        .arg(&state)
        .arg("--board")
        .arg(&board)
        .assert()
        .success();
}

/// Optional rule 23 (combat supply) is built: a game may choose it and its state records
/// it; a rule that is not built beside it is still refused.
#[test]
fn combat_supply_can_be_chosen_and_is_recorded_23() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--optional", "23"]).success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(
        state.contains("optional: [\n        23,\n      ],"),
        "{state}"
    );
    let other = tempfile::tempdir().unwrap();
    new(
        other.path(),
        &["--rules", "tournament", "--optional", "23,31"],
    )
    .code(2)
    .stderr(contains("an introduction) is not"));
}

/// Optional rules 21 (automatic victory) and 22 (strategic movement) are built: a game
/// may choose them beside 23.
#[test]
fn automatic_victory_and_strategic_movement_can_be_chosen_21_22() {
    let tmp = tempfile::tempdir().unwrap();
    new(tmp.path(), &["--optional", "21,22,23"]).success();
    let state = fs::read_to_string(tmp.path().join("00-setup-blue.state.ron")).unwrap();
    assert!(
        state.contains("optional: [\n        21,\n        22,\n        23,\n      ],"),
        "{state}"
    );
}

/// 21, 22 through the binary: a game from a position plays an automatic victory among
/// its moves (the beaten unit removed after combat, the winner advancing) and a
/// strategic move; the report says both, and the folder replays.
#[test]
fn an_automatic_victory_and_a_strategic_move_play_through_the_binary_21_22() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(
        &pos,
        "turn = 3\nside = \"blue\"\n\n[[stack]]\nhex = \"H9\"\nunits = [\"B-18AR\", \"B-19AR\", \"B-20AR\"]\n\n[[stack]]\nhex = \"I11\"\nunits = [\"B-1IN\"]\n\n[[stack]]\nhex = \"D12\"\nunits = [\"B-2IN\"]\n\n[[stack]]\nhex = \"J10\"\nunits = [\"R-1IN\"]\n",
    )
    .unwrap();
    let g = tmp.path().join("g");
    new_from_position(&pos, &g, &["--optional", "21,22"]);
    let state = g.join("06-3-blue.state.ron");
    let template = fs::read_to_string(g.join("06-3-blue.template.toml")).unwrap();
    assert!(template.contains("# [[av]]"), "{template}");
    let orders = g.join("orders.toml");
    fs::write(
        &orders,
        format!(
            "{template}\n[[move]]\nunits = [\"B-18AR\", \"B-19AR\", \"B-20AR\"]\npath = [\"H9\", \"I9\"]\n\n[[move]]\nunit = \"B-1IN\"\npath = [\"I11\", \"I10\"]\n\n[[av]]\nhex = \"J10\"\nunits = [\"B-18AR\", \"B-19AR\", \"B-20AR\", \"B-1IN\"]\nadvance = [{{ unit = \"B-18AR\", path = [\"J10\", \"K11\"] }}]\n\n[[move]]\nunit = \"B-2IN\"\npath = [\"D12\", \"D13\", \"D14\", \"D15\", \"D16\", \"D17\", \"D18\", \"D19\"]\n"
        ),
    )
    .unwrap();
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&orders)
        .assert()
        .success();
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&orders)
        .arg("--out")
        .arg(&g)
        .assert()
        .success();
    let next = g.join("07-3-red.state.ron");
    let report = blitz().arg("report").arg(&next).assert().success();
    let text = String::from_utf8(report.get_output().stdout.clone()).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in [
        "Automatic victory against J10",
        "odds 28:4 reduce to 7-1: at least 7-1 (21.1)",
        "R-1IN eliminated in J10: beaten by automatic victory",
        "B-18AR advances I9-J10-K11 (21.3; 003 21.3)",
        "B-2IN D12-D13-D14-D15-D16-D17-D18-D19 (7 of 8 MF) strategic movement: 4 extra MF",
    ] {
        assert!(flat.contains(line), "`{line}` not in\n{text}");
    }
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(contains("1 player-turns replayed"));
}

/// 12.1, reading `must-attack` through the binary, as a new player tries it: an
/// unmoved infantry next to two enemy units attacks one of them. The game created with
/// the default accepts the orders; the one created with `--reading
/// must-attack=every-adjacent` refuses them (B990), naming the hex left unattacked.
#[test]
fn a_game_with_must_attack_every_adjacent_is_judged_by_it_12_1() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(
        &pos,
        "turn = 3\nside = \"blue\"\n\n[[stack]]\nhex = \"I10\"\nunits = [\"B-1IN\"]\n\n[[stack]]\nhex = \"J10\"\nunits = [\"R-1IN\"]\n\n[[stack]]\nhex = \"I11\"\nunits = [\"R-2IN\"]\n",
    )
    .unwrap();
    for (reading, legal) in [(None, true), (Some("must-attack=every-adjacent"), false)] {
        let g = tmp.path().join(if legal { "default" } else { "every" });
        let mut new = blitz();
        new.args(["new", "--game", "g1", "--blue", "Ann <ann@example.org>"])
            .args([
                "--red",
                "Bo <bo@example.org>",
                "--seed",
                "text",
                "--position",
            ])
            .arg(&pos)
            .arg("--out")
            .arg(&g);
        if let Some(r) = reading {
            new.args(["--reading", r]);
        }
        new.assert().success();
        let state = g.join("06-3-blue.state.ron");
        let template = fs::read_to_string(g.join("06-3-blue.template.toml")).unwrap();
        let orders = g.join("orders.toml");
        fs::write(
            &orders,
            format!(
                "{}\n[[attack]]\nid = \"A1\"\nunit = \"B-1IN\"\ntarget = \"J10\"\n",
                template
                    .replace("# [seed]", "[seed]")
                    .replace("# source = ", "source = ")
                    .replace("# description = ", "description = ")
                    .replace("# time = ", "time = ")
            ),
        )
        .unwrap();
        let check = blitz().arg("check").arg(&state).arg(&orders).assert();
        if legal {
            check.success();
        } else {
            check
                .code(1)
                .stderr(contains("the enemy in I11 is adjacent to your units"));
            blitz()
                .args(["check", "--format", "json"])
                .arg(&state)
                .arg(&orders)
                .assert()
                .code(1)
                .stdout(contains("\"B990\""));
        }
    }
}

/// The opening mail's body, decoded (quoted-printable soft breaks joined).
fn opening_mail(dir: &Path) -> String {
    blitz()
        .arg("mail")
        .arg(dir.join("00-setup-blue.state.ron"))
        .args(["--date", "2026-11-24T18:00:00Z"])
        .assert()
        .success();
    let eml = fs::read_to_string(dir.join("outbox/blitz-g1-new.eml")).unwrap();
    eml.replace("=\r\n", "")
        .replace("=3D", "=")
        .replace("\r\n", "\n")
}

/// 30.11: the opening mail lists the readings of the rules the game plays (a Basic
/// Game: rules 1-17 and the PBEM procedure; with optional rule 23, its rounding), and
/// says where the others are, instead of all of them.
#[test]
fn the_opening_mail_lists_the_readings_of_the_games_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let basic = tmp.path().join("basic");
    new(&basic, &[]).success();
    let body = opening_mail(&basic);
    for played in [
        "armor-zoc-start",
        "victory-a-reinforcements",
        "pending-consult",
    ] {
        assert!(
            body.contains(&format!("\n  {played} = ")),
            "{played}: {body}"
        );
    }
    for not in [
        "rounding",
        "tournament-length",
        "sea-limit-19-3",
        "gale-desert-34",
    ] {
        assert!(!body.contains(&format!("\n  {not} = ")), "{not}: {body}");
    }
    let listed = body
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains(" = "))
        .count();
    assert!((8..26).contains(&listed), "{listed}: {body}");
    assert!(
        body.contains("readings are of rules this game does not play"),
        "{body}"
    );
    assert!(body.contains("docs/readings.md"), "{body}");

    let supply = tmp.path().join("supply");
    new(&supply, &["--optional", "23"]).success();
    let body = opening_mail(&supply);
    assert!(body.contains("\n  rounding = once-at-end"), "{body}");
    assert!(!body.contains("\n  sea-limit-19-3 = "), "{body}");
}

/// 33 through the binary: a Tournament Game made with `--optional 33` records the rule
/// and its reading; its template lists each bomber's targets; a port mission checks
/// legal, and an airbase mission by a SAC is refused naming 33.2 and its place.
#[test]
fn a_game_with_additional_bombing_missions_lists_and_checks_them_33() {
    let tmp = tempfile::tempdir().unwrap();
    let pos = tmp.path().join("pos.toml");
    fs::write(
        &pos,
        "turn = 3\nside = \"blue\"\n\n[[stack]]\nhex = \"V33\"\nunits = [\"B-1SAC\"]\n\n[[stack]]\nhex = \"PP40\"\nunits = [\"R-1IN\"]\n",
    )
    .unwrap();
    let g = tmp.path().join("g");
    new_from_position(&pos, &g, &["--rules", "tournament", "--optional", "33"]);
    let state = g.join("06-3-blue.state.ron");
    let saved = fs::read_to_string(&state).unwrap();
    assert!(saved.contains("33,"), "{saved}");
    assert!(
        saved.contains("\"bomb-marker-33-3\": \"end-of-next-player-turn\""),
        "{saved}"
    );
    let template = fs::read_to_string(g.join("06-3-blue.template.toml")).unwrap();
    assert!(
        template.contains("#   B-1SAC: port, road, industry"),
        "{template}"
    );
    let with_seed = template
        .replace("# [seed]", "[seed]")
        .replace("# source = ", "source = ")
        .replace("# description = ", "description = ")
        .replace("# time = ", "time = ");
    let orders = g.join("orders.toml");
    for (kind, legal) in [("port", true), ("airbase", false)] {
        fs::write(
            &orders,
            format!("{with_seed}\n[[mission]]\nunits = [\"B-1SAC\"]\nkind = \"{kind}\"\nto = \"NN48\"\n"),
        )
        .unwrap();
        let check = blitz().arg("check").arg(&state).arg(&orders).assert();
        if legal {
            check.success();
        } else {
            check
                .code(1)
                .stderr(contains(
                    "B-1SAC cannot fly this mission: only TAC and MDM bomb an",
                ))
                .stderr(contains("rule 33.2"));
        }
    }
}
