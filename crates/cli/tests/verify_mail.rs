//! A player who kept his mail can verify the whole game: `blitz verify` on a folder of
//! the turn messages (as the demo's outbox holds them) or on an mbox of them rebuilds
//! the game folder from their attachments and replays it. A message missing from the
//! middle is named; a changed attachment is found like a changed file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use base64::Engine as _;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// The demo game, and a player's folder holding only the mail it sent.
fn players_mail() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("g");
    blitz().arg("demo").arg(&game).assert().success();
    let mail = tmp.path().join("mail");
    fs::create_dir(&mail).unwrap();
    for e in fs::read_dir(game.join("outbox")).unwrap() {
        let p = e.unwrap().path();
        fs::copy(&p, mail.join(p.file_name().unwrap())).unwrap();
    }
    (tmp, mail)
}

/// The messages of the folder in the order they were sent (their Date).
fn in_sent_order(mail: &Path) -> Vec<PathBuf> {
    let mut all: Vec<(String, PathBuf)> = fs::read_dir(mail)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            let date = text
                .lines()
                .find_map(|l| l.strip_prefix("Date: "))
                .unwrap()
                .to_string();
            let date = chrono::DateTime::parse_from_rfc2822(&date)
                .unwrap()
                .to_rfc3339();
            (date, p)
        })
        .collect();
    all.sort();
    all.into_iter().map(|(_, p)| p).collect()
}

#[test]
fn a_players_folder_rebuilt_from_the_demos_outbox_verifies() {
    let (_tmp, mail) = players_mail();
    assert_eq!(fs::read_dir(&mail).unwrap().count(), 7);
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .success()
        .stdout(contains(
            "the game folder of game demo rebuilt from 7 turn messages",
        ))
        .stdout(contains("6 player-turns replayed, all of them"))
        .stdout(contains(format!(
            "last state: 06-3-blue.state.ron, attached to {}\n",
            mail.join("blitz-demo-2-red.eml").display()
        )));
    // Nothing was written beside the mail.
    assert_eq!(fs::read_dir(&mail).unwrap().count(), 7);
}

/// 30.9: the last state is named by what is there once `verify` ends, the message that
/// carried it, never by the temporary folder it was rebuilt in (removed by then), even
/// for a folder given with a trailing slash.
#[test]
fn the_last_state_is_named_by_the_mail_that_carried_it() {
    let (_tmp, mail) = players_mail();
    let given = format!("{}/", mail.display());
    let out = blitz().arg("verify").arg(&given).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let last = stdout
        .lines()
        .find_map(|l| l.strip_prefix("last state: "))
        .unwrap();
    let (name, carrier) = last.split_once(", attached to ").unwrap();
    assert_eq!(name, "06-3-blue.state.ron");
    assert!(Path::new(carrier).is_file(), "{carrier}");
    assert!(!stdout.contains("//"), "{stdout}");
    let json = blitz()
        .args(["verify", "--format", "json"])
        .arg(&mail)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    // 30.12: the hash players compare with the opening mail is in the JSON too.
    let first = stdout
        .lines()
        .find_map(|l| l.strip_prefix("first state: SHA-256 "))
        .and_then(|l| l.split(' ').next())
        .unwrap();
    assert_eq!(first.len(), 64);
    assert_eq!(doc["first_sha256"], first);
    assert_eq!(
        doc["last"],
        format!(
            "06-3-blue.state.ron, attached to {}",
            mail.join("blitz-demo-2-red.eml").display()
        )
    );
}

#[test]
fn each_turn_mail_carries_the_orders_seed_and_commitment_of_its_turn() {
    let (_tmp, mail) = players_mail();
    let text = fs::read_to_string(mail.join("blitz-demo-1-red.eml")).unwrap();
    for name in [
        "03-1-red.orders.toml",
        "03-1-red.seed.json",
        "03-1-red.commitment.txt",
        "04-2-blue.state.ron",
    ] {
        assert!(text.contains(&format!("filename=\"{name}\"")), "{name}");
    }
}

#[test]
fn any_one_mail_removed_fails_naming_the_missing_turn() {
    let (tmp, mail) = players_mail();
    let sent = in_sent_order(&mail);
    let names: Vec<String> = sent
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "blitz-demo-new.eml",
            "blitz-demo-setup-blue.eml",
            "blitz-demo-setup-red.eml",
            "blitz-demo-1-blue.eml",
            "blitz-demo-1-red.eml",
            "blitz-demo-2-blue.eml",
            "blitz-demo-2-red.eml"
        ]
    );
    let wanted = [
        "the mail that opened the game (<blitz.demo.new@example.org>) is missing; the mail of player-turn setup-blue replies to it",
        "the mail of player-turn setup-blue (<blitz.demo.setup-blue@example.org>) is missing; the mail of player-turn setup-red replies to it",
        "the mail of player-turn setup-red (<blitz.demo.setup-red@example.org>) is missing; the mail of player-turn 1-blue replies to it",
        "the mail of player-turn 1-blue (<blitz.demo.1-blue@example.org>) is missing; the mail of player-turn 1-red replies to it",
        "the mail of player-turn 1-red (<blitz.demo.1-red@example.org>) is missing; the mail of player-turn 2-blue replies to it",
        "the mail of player-turn 2-blue (<blitz.demo.2-blue@example.org>) is missing; the mail of player-turn 2-red replies to it",
    ];
    for (gone, want) in names.iter().zip(wanted) {
        let partial = tmp.path().join(format!("without-{gone}"));
        fs::create_dir(&partial).unwrap();
        for n in names.iter().filter(|n| *n != gone) {
            fs::copy(mail.join(n), partial.join(n)).unwrap();
        }
        blitz()
            .arg("verify")
            .arg(&partial)
            .assert()
            .code(1)
            .stderr(contains(format!(
                "{}: INCOMPLETE: {want}",
                partial.display()
            )));
    }
    // The last mail names no later one: without it the mail holds a shorter game,
    // complete as far as it goes, and verify says how far that is.
    let partial = tmp.path().join("without-the-last");
    fs::create_dir(&partial).unwrap();
    for n in &names[..6] {
        fs::copy(mail.join(n), partial.join(n)).unwrap();
    }
    blitz()
        .arg("verify")
        .arg(&partial)
        .assert()
        .success()
        .stdout(contains("5 player-turns replayed, all of them"))
        .stdout(contains("05-2-red.state.ron"));
}

/// An mbox file of the messages: `From ` lines between them, `From ` at the start of a
/// line of a message written `>From ` (mboxrd), as mail programs store them.
fn mbox_of(messages: &[PathBuf]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in messages {
        out.extend_from_slice(b"From umpire@example.org Mon Jan  5 12:00:00 2026\n");
        let text = fs::read(p).unwrap();
        for line in text.split_inclusive(|&b| b == b'\n') {
            let gt = line.iter().take_while(|&&b| b == b'>').count();
            if line[gt..].starts_with(b"From ") {
                out.push(b'>');
            }
            out.extend_from_slice(line);
        }
        out.extend_from_slice(b"\n");
    }
    out
}

#[test]
fn an_mbox_of_the_same_mails_verifies() {
    let (tmp, mail) = players_mail();
    let mut messages = in_sent_order(&mail);
    // A mailbox holds other mail too, and not in the order sent.
    messages.reverse();
    let mut mbox = mbox_of(&messages);
    mbox.extend_from_slice(
        b"From friend@example.net Tue Jan  6 09:00:00 2026\nFrom: friend@example.net\nSubject: lunch?\n\nFrom what I hear, noon.\n",
    );
    let path = tmp.path().join("games.mbox");
    fs::write(&path, mbox).unwrap();
    blitz()
        .arg("verify")
        .arg(&path)
        .assert()
        .success()
        .stdout(contains(
            "rebuilt from 7 turn messages; 1 other message passed over",
        ))
        .stdout(contains("6 player-turns replayed, all of them"));
    let out = blitz()
        .args(["verify", "--format", "json"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["turns"].as_array().unwrap().len(), 6);
}

#[test]
fn orders_changed_in_a_mail_are_found_and_named_as_in_the_mail() {
    let (_tmp, mail) = players_mail();
    let path = mail.join("blitz-demo-1-blue.eml");
    let text = fs::read_to_string(&path).unwrap();
    // The attachment 02-1-blue.orders.toml, decoded, changed and encoded again.
    let start = text.find("filename=\"02-1-blue.orders.toml\"").unwrap();
    let body = start + text[start..].find("\r\n\r\n").unwrap() + 4;
    let end = body + text[body..].find("\r\n--").unwrap();
    let b64 = base64::engine::general_purpose::STANDARD;
    let orders = b64.decode(text[body..end].replace("\r\n", "")).unwrap();
    let mut orders = String::from_utf8(orders).unwrap();
    orders.push_str("# a line added after the commitment\n");
    let changed = format!("{}{}{}", &text[..body], b64.encode(orders), &text[end..]);
    fs::write(&path, changed).unwrap();
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .code(1)
        .stderr(contains(format!(
            "{}: DIVERGES: player-turn 1-Blue ({})",
            mail.display(),
            mail.join("02-1-blue.orders.toml").display()
        )))
        .stderr(contains("do not match the commitment"))
        .stderr(contains(".blitz-verify-").not());
}

#[test]
fn mail_of_two_games_asks_which() {
    let (tmp, mail) = players_mail();
    let other = tmp.path().join("other");
    blitz().arg("demo").arg(&other).assert().success();
    let text = fs::read_to_string(other.join("outbox/blitz-demo-new.eml"))
        .unwrap()
        .replace("X-Blitz-Game: demo", "X-Blitz-Game: demo2");
    fs::write(mail.join("zz-other.eml"), text).unwrap();
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .code(2)
        .stderr(contains("turn messages of several games: demo, demo2"));
    blitz()
        .args(["verify", "--game", "demo"])
        .arg(&mail)
        .assert()
        .success();
}

use predicates::prelude::PredicateBooleanExt as _;
