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

/// The attachment `name` of a turn message, decoded, changed by `change` and encoded
/// again.
fn rewrite_attachment(path: &Path, name: &str, change: impl Fn(&mut Vec<u8>)) {
    let text = fs::read_to_string(path).unwrap();
    let start = text.find(&format!("filename=\"{name}\"")).unwrap();
    let body = start + text[start..].find("\r\n\r\n").unwrap() + 4;
    let end = body + text[body..].find("\r\n--").unwrap();
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut bytes = b64.decode(text[body..end].replace("\r\n", "")).unwrap();
    change(&mut bytes);
    // In lines of 76 characters, as mail programs write it.
    let encoded = b64.encode(bytes);
    let lines: Vec<&str> = encoded
        .as_bytes()
        .chunks(76)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect();
    let changed = format!("{}{}{}", &text[..body], lines.join("\r\n"), &text[end..]);
    fs::write(path, changed).unwrap();
}

/// The report text of a turn message (its first plain-text part), decoded from its
/// transfer encoding, changed by `change` and encoded again the same way.
fn rewrite_body(path: &Path, change: impl Fn(&str) -> String) {
    let text = fs::read_to_string(path).unwrap();
    let start = text.find("Content-Type: text/plain").unwrap();
    let headers_end = start + text[start..].find("\r\n\r\n").unwrap();
    let body = headers_end + 4;
    let end = body + text[body..].find("\r\n--blitz-").unwrap();
    let qp = text[start..headers_end].contains("quoted-printable");
    let encoded = &text[body..end];
    let decoded = if qp {
        let bytes = quoted_printable::decode(encoded, quoted_printable::ParseMode::Strict).unwrap();
        String::from_utf8(bytes).unwrap()
    } else {
        encoded.to_string()
    };
    let changed = change(&decoded);
    assert_ne!(changed, decoded, "the change changes nothing");
    let encoded = if qp {
        quoted_printable::encode_to_str(changed.as_bytes())
    } else {
        changed
    };
    fs::write(path, format!("{}{encoded}{}", &text[..body], &text[end..])).unwrap();
}

/// The report text of a turn message, decoded.
fn body_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let start = text.find("Content-Type: text/plain").unwrap();
    let headers_end = start + text[start..].find("\r\n\r\n").unwrap();
    let body = headers_end + 4;
    let end = body + text[body..].find("\r\n--blitz-").unwrap();
    if text[start..headers_end].contains("quoted-printable") {
        let bytes = quoted_printable::decode(&text[body..end], quoted_printable::ParseMode::Strict)
            .unwrap();
        String::from_utf8(bytes).unwrap()
    } else {
        text[body..end].to_string()
    }
}

#[test]
fn an_untouched_game_shows_what_the_replay_renders_and_a_folder_cannot_judge_commitments() {
    let (tmp, mail) = players_mail();
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .success()
        .stdout(contains(
            "mail: all 7 turn messages show the report and carry the files the replay renders",
        ))
        .stdout(contains(
            "commitment of 1-Red: not judged: no message in the mail carries it",
        ));
    blitz()
        .arg("verify")
        .arg(tmp.path().join("g"))
        .assert()
        .success()
        .stdout(contains(
            "commitments: not judged: a game folder does not say when each commitment was mailed",
        ));
}

#[test]
fn a_report_rewritten_in_a_mail_is_caught_and_the_mail_named() {
    let (tmp, mail) = players_mail();
    let target = mail.join("blitz-demo-1-red.eml");
    let body = body_of(&target);
    // A battle's result as the mail shows it, made the other way round.
    let (from, to) = [
        ("DE (defender eliminated)", "AE (attacker eliminated)"),
        ("defender", "attacker"),
        ("Red", "Blue"),
    ]
    .into_iter()
    .find(|(from, _)| body.contains(from))
    .unwrap();
    rewrite_body(&target, |b| b.replacen(from, to, 1));
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .code(1)
        .stderr(contains(format!(
            "{}: DIVERGES: {}: the report it shows is not the one the replay renders: first difference at line",
            mail.display(),
            target.display()
        )))
        .stderr(contains(to));
    // The same from an mbox, the mail named as a member of it.
    let path = tmp.path().join("kept.mbox");
    fs::write(&path, mbox_of(&in_sent_order(&mail))).unwrap();
    blitz()
        .arg("verify")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains(format!(
            "{}: DIVERGES: {} message 5: the report it shows",
            path.display(),
            path.display()
        )));
}

#[test]
fn a_template_or_map_changed_in_a_mail_is_caught_and_the_mail_named() {
    for (name, what) in [
        ("04-2-blue.template.toml", "template"),
        ("04-2-blue.board.png", "map"),
    ] {
        let (_tmp, mail) = players_mail();
        let target = mail.join("blitz-demo-1-red.eml");
        rewrite_attachment(&target, name, |b| {
            if what == "template" {
                b.extend_from_slice(b"# move everything to Berlin\n");
            } else {
                let last = b.len() - 20;
                b[last] ^= 0x55;
            }
        });
        blitz()
            .arg("verify")
            .arg(&mail)
            .assert()
            .code(1)
            .stderr(contains(format!(
                "{}: DIVERGES: {}: its attachment {name} is not the one the replay renders",
                mail.display(),
                target.display()
            )));
    }
}

/// A player's mail to his opponent with his `blitz commit` line, as the reader's
/// server stored it: its own `Received:` on top (when `received` is given), the
/// sender's below.
fn commitment_mail(commitment: &str, received: Option<&str>) -> String {
    let mut m = String::new();
    if let Some(at) = received {
        m.push_str(&format!(
            "Received: from mx.example.net (mx.example.net [192.0.2.7])\r\n\tby mail.example.org with ESMTPS; {at}\r\n"
        ));
    }
    m.push_str(&format!(
        "Received: from laptop by mx.example.net; Mon, 1 Jan 1990 00:00:00 +0000\r\n\
         From: Red <red@example.org>\r\nTo: Blue <blue@example.org>\r\n\
         Subject: my commitment for 1-Red\r\nDate: Mon, 1 Jan 1990 00:00:00 +0000\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n\
         Here is my commitment:\r\n\r\n{commitment}\r\n\r\nOrders follow when the round is out.\r\n"
    ));
    m
}

#[test]
fn each_commitment_mail_is_dated_by_the_readers_server_against_its_seed() {
    let (tmp, mail) = players_mail();
    let commitment = fs::read_to_string(tmp.path().join("g/03-1-red.commitment.txt"))
        .unwrap()
        .trim()
        .to_string();
    let commit = mail.join("commit-1-red.eml");
    // Received long before the drand round: it provably came first (the sender's own
    // Received and Date, 1990, are not read).
    fs::write(
        &commit,
        commitment_mail(&commitment, Some("Sat, 1 Jan 2000 10:00:00 +0000 (UTC)")),
    )
    .unwrap();
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .success()
        .stdout(contains("1 other message passed over"))
        .stdout(contains(format!(
            "commitment of 1-Red: arrived first: received 2000-01-01T10:00:00Z ({}); drand quicknet round",
            commit.display()
        )))
        .stdout(contains("was published at"));
    // No Received header of the reader's server: nothing to judge by.
    fs::write(
        &commit,
        commitment_mail(&commitment, None).replace(
            "Received: from laptop by mx.example.net; Mon, 1 Jan 1990 00:00:00 +0000\r\n",
            "",
        ),
    )
    .unwrap();
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .success()
        .stdout(contains(format!(
            "commitment of 1-Red: not judged: the message carrying it ({}) has no Received: header",
            commit.display()
        )));
    // Received after the round was published: late, and verify fails.
    fs::write(
        &commit,
        commitment_mail(&commitment, Some("Fri, 1 Jan 2100 10:00:00 +0000")),
    )
    .unwrap();
    blitz()
        .arg("verify")
        .arg(&mail)
        .assert()
        .code(1)
        .stderr(contains(format!(
            "{}: LATE: the commitment of player-turn 1-Red arrived late: your server received it at 2100-01-01T10:00:00Z ({})",
            mail.display(),
            commit.display()
        )));
    let out = blitz()
        .args(["verify", "--format", "json"])
        .arg(&mail)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["divergence"]["code"], "G031");
    // An earlier copy of the same commitment (here, in an mbox with the late one) is
    // the one that counts.
    let mut messages = in_sent_order(&mail);
    messages.retain(|p| p != &commit);
    let mut mbox = mbox_of(&messages);
    for at in [
        "Fri, 1 Jan 2100 10:00:00 +0000",
        "Sat, 1 Jan 2000 10:00:00 +0000",
    ] {
        mbox.extend_from_slice(b"From red@example.org Mon Jan  5 12:00:00 2026\n");
        mbox.extend_from_slice(commitment_mail(&commitment, Some(at)).as_bytes());
        mbox.extend_from_slice(b"\n");
    }
    let path = tmp.path().join("kept.mbox");
    fs::write(&path, mbox).unwrap();
    blitz()
        .arg("verify")
        .arg(&path)
        .assert()
        .success()
        .stdout(contains(format!(
            "commitment of 1-Red: arrived first: received 2000-01-01T10:00:00Z ({} message 9)",
            path.display()
        )));
}

#[test]
fn a_large_mailbox_is_read_one_message_at_a_time() {
    let (tmp, mail) = players_mail();
    let filler = |i: usize| {
        format!(
            "From friend@example.net Tue Jan  6 09:00:00 2026\nFrom: friend@example.net\nSubject: note {i}\n\n{}\n\n",
            "All quiet on the western front today, nothing to report. ".repeat(140)
        )
    };
    let mut mbox = Vec::new();
    let mut n = 0;
    for p in in_sent_order(&mail) {
        for _ in 0..60 {
            mbox.extend_from_slice(filler(n).as_bytes());
            n += 1;
        }
        mbox.extend_from_slice(&mbox_of(&[p]));
    }
    assert!(mbox.len() > 3_000_000, "{}", mbox.len());
    let path = tmp.path().join("all.mbox");
    fs::write(&path, mbox).unwrap();
    blitz()
        .arg("verify")
        .arg(&path)
        .assert()
        .success()
        .stdout(contains(format!(
            "rebuilt from 7 turn messages; {n} other messages passed over"
        )))
        .stdout(contains("6 player-turns replayed, all of them"))
        .stdout(contains("mail: all 7 turn messages show the report"));
}

/// Mori's game and its Nippon expansion, played by `blitz demo`, verify from the
/// mail the demo sent (both players' mails, as a referee keeps them), as a folder of
/// `.eml` files and as an mbox; a report rewritten in one is caught.
#[test]
fn mori_and_nippon_games_verify_from_their_mail() {
    for sample in ["mori", "nippon"] {
        let tmp = tempfile::tempdir().unwrap();
        let game = tmp.path().join("g");
        blitz()
            .args(["demo", "--sample", sample])
            .arg(&game)
            .assert()
            .success();
        let outbox = game.join("outbox");
        let count = fs::read_dir(&outbox).unwrap().count();
        let ok = |path: &Path| {
            blitz()
                .arg("verify")
                .arg(path)
                .assert()
                .success()
                .stdout(contains(format!("rebuilt from {count} turn messages")))
                .stdout(contains("steps replayed, all of them"))
                .stdout(contains(format!(
                    "mail: all {count} turn messages show the report and carry the files the replay renders"
                )))
                .stdout(contains("hidden: the war is over; the revealed secrets are not in the umpire's mail"));
        };
        ok(&outbox);
        let mut messages: Vec<PathBuf> = fs::read_dir(&outbox)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        messages.sort();
        let path = tmp.path().join("kept.mbox");
        fs::write(&path, mbox_of(&messages)).unwrap();
        ok(&path);
        // A report line changed in one mail.
        let target = messages[messages.len() / 2].clone();
        rewrite_body(&target, |b| {
            let line = b.lines().nth(2).unwrap();
            b.replacen(line, &format!("{line} (changed)"), 1)
        });
        blitz()
            .arg("verify")
            .arg(&outbox)
            .assert()
            .code(1)
            .stderr(contains(format!(
                "{}: DIVERGES: {}: the report it shows is not the one the replay renders",
                outbox.display(),
                target.display()
            )));
    }
}
