//! Messages that say what to do, through the real binary: every problem points at its
//! line (in a mail, the line of the mail), names the units and hexes involved, offers
//! "did you mean" for a unit id or hex, and is listed with every other problem even
//! when the header is wrong; typographic quotes and a `[seed]` left commented out are
//! named as such; `check` shows each declared battle's factors, doubling and odds
//! column before the player commits.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{new_at_position, TEXT_SEED as SEED};
use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    let mut c = Command::cargo_bin("blitz").unwrap();
    c.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    c
}

/// Turn 3, Blue to move: Blue's armor and infantry next to a Red infantry in the city
/// of Borov (BBB33), another Red infantry in CCC33.
const POSITION: &str = r#"turn = 3
side = "blue"

[held]

[[stack]]
hex = "AAA32"
units = ["B-4AR", "B-5AR", "B-1IN"]

[[stack]]
hex = "ZZ30"
units = ["B-2IN"]

[[stack]]
hex = "BBB33"
units = ["R-4IN"]

[[stack]]
hex = "CCC33"
units = ["R-5IN"]
"#;

struct Game {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

impl Game {
    fn new() -> Game {
        let tmp = tempfile::tempdir().unwrap();
        let dir = new_at_position(tmp.path(), "g2", POSITION, &[]);
        Game { _tmp: tmp, dir }
    }

    fn state(&self) -> PathBuf {
        self.dir.join("06-3-blue.state.ron")
    }

    fn template(&self) -> String {
        fs::read_to_string(self.dir.join("06-3-blue.template.toml")).unwrap()
    }

    /// The template with `body` after it, as a file.
    fn orders(&self, name: &str, body: &str) -> PathBuf {
        let path = self.dir.join(name);
        fs::write(&path, format!("{}\n{body}", self.template())).unwrap();
        path
    }

    /// `blitz check`, run in the game folder so that file names are short and each
    /// message stays on one line: (exit code, stdout, stderr).
    fn check(&self, orders: &Path, extra: &[&str]) -> (i32, String, String) {
        let out = blitz()
            .current_dir(&self.dir)
            .arg("check")
            .arg(self.state().file_name().unwrap())
            .arg(orders.file_name().unwrap())
            .args(extra)
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }
}

/// The 1-based line of the first line of `path` holding `text`.
fn line_of(path: &Path, text: &str) -> usize {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .position(|l| l.contains(text))
        .unwrap()
        + 1
}

#[test]
fn check_prints_each_battles_factors_doubling_and_odds_column() {
    let g = Game::new();
    let orders = g.orders(
        "a.toml",
        &format!(
            "{SEED}\n[[move]]\nunits = [\"B-4AR\", \"B-5AR\"]\nto = \"AAA33\"\n\n\
             [[attack]]\nid = \"A1\"\nunits = [\"B-4AR\", \"B-5AR\", \"B-1IN\"]\ntarget = \"BBB33\"\n"
        ),
    );
    let (code, stdout, stderr) = g.check(&orders, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("every order is legal"), "{stdout}");
    // 16 attack factors against R-4IN's 4, doubled in the city: 16:8, the 2-1 column.
    assert!(
        stdout.contains("Battle A1: 16:8 reduce to 2-1 (15.1); read on the 2-1 column"),
        "{stdout}"
    );
    assert!(
        stdout.contains("attack   B-4AR 6 (AAA33), B-5AR 6 (AAA33), B-1IN 4 (AAA32) = 16"),
        "{stdout}"
    );
    assert!(
        stdout.contains("defence  BBB33: R-4IN 4 -> 8 = 8"),
        "{stdout}"
    );
    assert!(
        stdout.contains("doubled  BBB33: defence doubled, city (13.2)"),
        "{stdout}"
    );
    // Orders with a problem print no battles: the position they are fought on is not
    // known (here B-1IN, engaged, must attack, 12.1).
    let unfinished = g.orders("none.toml", "");
    let (code, stdout, stderr) = g.check(&unfinished, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout, "");
}

#[test]
fn a_wrong_header_no_longer_hides_the_other_problems_and_names_are_guessed() {
    let g = Game::new();
    let text = g.template().replace("turn = 3", "turn = 4");
    let orders = g.dir.join("b.toml");
    fs::write(
        &orders,
        format!(
            "{text}\n[[move]]\nunits = [\"B-1INF\"]\nto = \"AAA31\"\n\n\
             [[move]]\nunits = [\"R-GDARM\"]\nto = \"AAA31\"\n\n\
             [[move]]\nunits = [\"B-2IN\"]\nto = \"AAA333\"\n"
        ),
    )
    .unwrap();
    let (code, _, stderr) = g.check(&orders, &[]);
    assert_eq!(code, 1);
    let turn = line_of(&orders, "turn = 4");
    assert!(
        stderr.contains(&format!("b.toml:{turn}:8: these orders are for turn 4")),
        "{stderr}"
    );
    let inf = line_of(&orders, "B-1INF");
    assert!(
        stderr.contains(&format!("b.toml:{inf}:10: there is no unit `B-1INF`")),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean B-1IN?"), "{stderr}");
    assert!(stderr.contains("did you mean R-GDAR?"), "{stderr}");
    let hex = line_of(&orders, "AAA333");
    assert!(
        stderr.contains(&format!("b.toml:{hex}:")),
        "the hex off the board is found too: {stderr}"
    );
    assert!(stderr.contains("did you mean AAA33?"), "{stderr}");
    // The same problems, each with its code, in the JSON output.
    let (code, stdout, _) = g.check(&orders, &["--format", "json"]);
    assert_eq!(code, 1);
    for code in ["B203", "B208", "B401"] {
        assert!(
            stdout.contains(&format!("\"code\": \"{code}\"")),
            "{code}: {stdout}"
        );
    }
    assert!(
        stdout.contains("\"hint\": \"did you mean B-1IN?\""),
        "{stdout}"
    );
}

#[test]
fn a_missing_seed_is_listed_with_the_rest_and_a_commented_seed_is_named() {
    let g = Game::new();
    let orders = g.orders(
        "c.toml",
        "\n[[move]]\nunits = [\"B-1INF\"]\nto = \"AAA31\"\n\n\
         [[attack]]\nid = \"A1\"\nunits = [\"B-4AR\", \"B-5AR\", \"B-1IN\"]\ntarget = \"BBB33\"\n",
    );
    let (code, _, stderr) = g.check(&orders, &[]);
    assert_eq!(code, 1);
    let seed = line_of(&orders, "# [seed]");
    assert!(
        stderr.contains(&format!(
            "c.toml:{seed}:3: these orders have battles, and their [seed] is commented out"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean B-1IN?"), "{stderr}");
}

#[test]
fn typographic_quotes_are_named() {
    let g = Game::new();
    let orders = g.orders(
        "d.toml",
        "\n[[move]]\nunits = [\u{201c}B-4AR\u{201d}]\nto = \"AAA33\"\n",
    );
    let (code, _, stderr) = g.check(&orders, &[]);
    assert_eq!(code, 1);
    let line = line_of(&orders, "\u{201c}B-4AR");
    assert!(
        stderr.contains(&format!(
            "d.toml:{line}:10: `\u{201c}` is a typographic quote: TOML needs straight quotes"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("smart quotes"), "{stderr}");
    // 30.10: the quote is explained first, before the TOML error it causes.
    let quote = stderr.find("is a typographic quote").unwrap();
    let toml = stderr.find("is not a readable order file").unwrap();
    assert!(quote < toml, "{stderr}");
    let (_, json, _) = g.check(&orders, &["--format", "json"]);
    assert!(json.contains("\"code\": \"B109\""), "{json}");
    assert!(json.contains("\"code\": \"B101\""), "{json}");
}

/// 30.10: `check ORDERS STATE` is recognised by the files' content and answered in a
/// player's words (G060), with the command to type, not with the RON parser's
/// complaint about the order file; `commit` and `resolve` the same.
#[test]
fn swapped_arguments_say_the_state_comes_first() {
    let g = Game::new();
    let orders = g.orders("s.toml", "");
    for command in ["check", "commit", "resolve"] {
        let out = blitz()
            .current_dir(&g.dir)
            .arg(command)
            .arg("s.toml")
            .arg("06-3-blue.state.ron")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        // As miette wraps it: compared without the line breaks and the frame.
        let flat = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace() && *c != '\u{2502}')
                .collect()
        };
        assert!(
            flat(&stderr).contains(&flat("s.toml is an order file, not a state, and 06-3-blue.state.ron is the state: the state comes first")),
            "{command}: {stderr}"
        );
        assert!(
            flat(&stderr).contains(&flat(&format!(
                "blitz {command} 06-3-blue.state.ron s.toml"
            ))),
            "{command}: {stderr}"
        );
        assert!(!stderr.contains("RON"), "{command}: {stderr}");
    }
    let out = blitz()
        .current_dir(&g.dir)
        .args(["check", "--format", "json", "s.toml", "06-3-blue.state.ron"])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "G060");
    assert!(orders.exists());
}

/// 30.10: a file with CRLF line ends is numbered as an editor numbers it: the line
/// after the problem's is the next number, not the same one again.
#[test]
fn a_crlf_files_snippet_numbers_its_lines() {
    let g = Game::new();
    let lf = g.orders(
        "crlf.toml",
        "\n[[move]]\nunits = [\"B-4AR\"]\nto = \"QQ99\"\n# the line after\n",
    );
    let line = line_of(&lf, "to = \"QQ99\"");
    let text = fs::read_to_string(&lf).unwrap().replace('\n', "\r\n");
    fs::write(&lf, text).unwrap();
    let (code, _, stderr) = g.check(&lf, &[]);
    assert_eq!(code, 1, "{stderr}");
    let numbers: Vec<usize> = stderr
        .lines()
        .filter_map(|l| l.trim_start().split_once(" │ "))
        .filter_map(|(n, _)| n.trim().parse().ok())
        .collect();
    assert!(numbers.contains(&line), "{stderr}");
    for pair in numbers.windows(2) {
        assert_ne!(pair[0], pair[1], "a line number twice: {stderr}");
    }
    assert!(!stderr.contains('\r'), "{stderr:?}");
}

#[test]
fn a_unit_that_moves_into_enemy_zoc_and_attacks_nobody_is_pointed_at() {
    let g = Game::new();
    let orders = g.orders(
        "e.toml",
        &format!(
            "{SEED}\n[[move]]\nunits = [\"B-5AR\"]\nto = \"BBB32\"\n\n\
             [[attack]]\nid = \"A1\"\nunits = [\"B-4AR\", \"B-1IN\"]\ntarget = \"BBB33\"\n\n\
             [[attack]]\nid = \"A2\"\nunits = [\"B-2IN\"]\ntarget = \"CCC33\"\n"
        ),
    );
    let (code, _, stderr) = g.check(&orders, &[]);
    assert_eq!(code, 1, "{stderr}");
    let moved = line_of(&orders, "units = [\"B-5AR\"]");
    assert!(
        stderr.contains(&format!("e.toml:{moved}:10: B-5AR ends its move in BBB32")),
        "{stderr}"
    );
    assert!(
        stderr.contains("add an [[attack]] for this unit"),
        "{stderr}"
    );
    let (_, json, _) = g.check(&orders, &["--format", "json"]);
    assert!(
        json.contains(
            "B-5AR ends its move in BBB32, next to the enemy in BBB33 and CCC33, but is in no battle"
        ),
        "{json}"
    );
    assert!(json.contains(&format!("\"line\": {moved},")), "{json}");
}

#[test]
fn problems_in_a_mail_point_at_the_line_of_the_mail() {
    let g = Game::new();
    let text = g.template().replace("turn = 3", "turn = 4");
    let block: String = text
        .lines()
        .skip_while(|l| !l.contains("BEGIN BLITZ ORDERS"))
        .take_while(|l| !l.contains("END BLITZ ORDERS"))
        .map(|l| format!("> {l}\n"))
        .collect();
    let mail = format!(
        "From: Ann <a@example.org>\nTo: Umpire <u@example.org>\nSubject: Re: 3-Blue\n\
         Date: Mon, 23 Nov 2026 10:00:00 +0000\nMIME-Version: 1.0\n\
         Content-Type: text/plain; charset=utf-8\n\nHello,\n\nmy orders, below.\n\n{block}\
         > # ---- END BLITZ ORDERS ----\n\nAnn\n"
    );
    let path = g.dir.join("reply.eml");
    fs::write(&path, &mail).unwrap();
    // The body starts after the header's blank line; the error is on the body's line.
    let body_start = line_of(&path, "Hello,");
    let in_body = line_of(&path, "> turn = 4") - body_start + 1;
    let (code, _, stderr) = g.check(&path, &[]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains(&format!(
            "(quoted)):{in_body}:8: these orders are for turn 4"
        )),
        "line {in_body} of the body: {stderr}"
    );
    let (_, json, _) = g.check(&path, &["--format", "json"]);
    assert!(json.contains(&format!("\"line\": {in_body},")), "{json}");
}

/// 30.10, 14.31: the enemy left unattacked next to a unit that moved is told how to
/// put it right, as the unit that moved into enemy ZOC is (14.32).
#[test]
fn an_unattacked_enemy_next_to_a_unit_that_moved_says_how_to_fix_it() {
    let g = Game::new();
    let orders = g.orders(
        "u.toml",
        &format!("{SEED}\n[[move]]\nunits = [\"B-5AR\"]\nto = \"BBB32\"\n"),
    );
    let (code, _, stderr) = g.check(&orders, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("is adjacent to units that moved there but is not attacked"),
        "{stderr}"
    );
    assert!(
        stderr.contains("add an [[attack]] with this hex as its target"),
        "{stderr}"
    );
}
