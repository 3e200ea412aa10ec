//! Correcting a turn: resolving it again with `--force` and another result mails a
//! correction with its own Message-ID and outbox file, a subject saying it replaces the
//! earlier report, threaded as a reply to the earlier mail; the same result again
//! sends nothing new.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use std::fs;
use std::path::Path;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// The headers of a message, unfolded, by lower-case name.
fn headers(path: &Path) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(&fs::read(path).unwrap()).replace("\r\n", "\n");
    let head = text.split("\n\n").next().unwrap().replace("\n ", " ");
    head.lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.trim().to_string()))
        .collect()
}

fn header(h: &[(String, String)], name: &str) -> String {
    h.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no {name} in {h:?}"))
}

fn outbox_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn resolving_again_with_another_result_mails_a_correction_threaded_on_the_first() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    blitz().arg("demo").arg(&game).assert().success();
    let state = game.join("06-3-blue.state.ron");
    let nothing = game.join("06-3-blue.template.toml");
    let moved = tmp.path().join("moved.toml");
    fs::write(
        &moved,
        format!(
            "{}\n[[move]]\nunit = \"B-9IN\"\nto = \"U12\"\n",
            fs::read_to_string(&nothing).unwrap()
        ),
    )
    .unwrap();
    let outbox = tmp.path().join("outbox");
    let resolve = |orders: &Path, force: bool| {
        let mut c = blitz();
        c.arg("resolve")
            .arg(&state)
            .arg(orders)
            .args(["--mail", "--date", "2026-11-24T18:00:00Z", "--outbox"])
            .arg(&outbox);
        if force {
            c.arg("--force");
        }
        c.assert().success();
    };
    resolve(&nothing, false);
    assert_eq!(outbox_files(&outbox), ["blitz-demo-3-blue.eml"]);
    let first = headers(&outbox.join("blitz-demo-3-blue.eml"));
    let first_id = header(&first, "message-id");
    assert_eq!(first_id, "<blitz.demo.3-blue@example.org>");

    // The same result again: the same mail, nothing new in the outbox.
    resolve(&nothing, true);
    assert_eq!(outbox_files(&outbox), ["blitz-demo-3-blue.eml"]);

    // Another result: a correction of its own, replying to the first.
    resolve(&moved, true);
    let files = outbox_files(&outbox);
    assert_eq!(files.len(), 2, "{files:?}");
    let fix = files.iter().find(|f| f.contains("-fix-")).unwrap();
    let second = headers(&outbox.join(fix));
    let second_id = header(&second, "message-id");
    assert_ne!(second_id, first_id);
    assert!(
        second_id.starts_with("<blitz.demo.3-blue.fix-"),
        "{second_id}"
    );
    let subject = header(&second, "subject");
    assert!(subject.contains("replaces the earlier one"), "{subject}");
    assert_ne!(subject, header(&first, "subject"));
    assert_eq!(header(&second, "in-reply-to"), first_id);
    assert_eq!(header(&second, "supersedes"), first_id);
    assert!(header(&second, "references").contains(&first_id));
    // The first mail is kept as it was.
    assert_eq!(
        header(
            &headers(&outbox.join("blitz-demo-3-blue.eml")),
            "message-id"
        ),
        first_id
    );

    // A player who kept every mail, the corrected one included, verifies the game
    // from them: the correction stands for the mail it replaces, and what it shows
    // is what the replay renders.
    let kept = tmp.path().join("kept");
    fs::create_dir(&kept).unwrap();
    for dir in [game.join("outbox"), outbox.clone()] {
        for e in fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            fs::copy(&p, kept.join(p.file_name().unwrap())).unwrap();
        }
    }
    let out = blitz().arg("verify").arg(&kept).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        stdout.contains("rebuilt from 8 turn messages (1 replaced by a correction)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "mail: all 8 turn messages show the report and carry the files the replay renders"
        ),
        "{stdout}"
    );
}
