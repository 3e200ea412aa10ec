//! The map in the turn mail: every mail of the demo game carries the turn's picture
//! as PNG and stays under 300 KB; `blitz board --png` draws the same picture for any
//! state, and the whole board without one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

#[test]
fn every_turn_mail_carries_a_png_map_and_stays_under_300_kb() {
    let dir = tempfile::tempdir().unwrap();
    blitz().arg("demo").arg(dir.path()).assert().success();
    let mut mails: Vec<_> = std::fs::read_dir(dir.path().join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    mails.sort();
    assert_eq!(mails.len(), 7, "{mails:?}");
    for m in &mails {
        let bytes = std::fs::read(m).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            bytes.len() < 300_000,
            "{} is {} bytes",
            m.display(),
            bytes.len()
        );
        assert!(text.contains("Content-Type: image/png"), "{}", m.display());
        assert!(text.contains(".board.png"), "{}", m.display());
        assert!(!text.contains("image/svg+xml"), "{}", m.display());
        // The whole-board overview, once counters are on the map.
        let new_game = m.ends_with("blitz-demo-new.eml");
        assert_eq!(text.contains(".overview.png"), !new_game, "{}", m.display());
    }
}

/// The tournament sample's mails, the largest (a longer state, a longer report), keep
/// the budget with the overview attached.
#[test]
fn the_tournament_sample_s_mails_stay_under_300_kb() {
    let dir = tempfile::tempdir().unwrap();
    blitz()
        .arg("demo")
        .arg(dir.path())
        .args(["--sample", "tournament"])
        .assert()
        .success();
    for e in std::fs::read_dir(dir.path().join("outbox")).unwrap() {
        let m = e.unwrap().path();
        let bytes = std::fs::read(&m).unwrap();
        assert!(
            bytes.len() < 300_000,
            "{} is {} bytes",
            m.display(),
            bytes.len()
        );
    }
}

/// `blitz board --overview` draws the overview the turn mail attached, byte for byte.
#[test]
fn board_overview_draws_what_the_mail_attached() {
    let dir = tempfile::tempdir().unwrap();
    blitz().arg("demo").arg(dir.path()).assert().success();
    let out = dir.path().join("overview.png");
    blitz()
        .args(["board", "--state"])
        .arg(dir.path().join("05-2-red.state.ron"))
        .arg("--overview")
        .arg(&out)
        .assert()
        .success();
    let drawn = std::fs::read(&out).unwrap();
    assert!(drawn.starts_with(PNG_SIGNATURE));
    let mail = std::fs::read_to_string(dir.path().join("outbox/blitz-demo-2-blue.eml")).unwrap();
    assert_eq!(attachment(&mail, "05-2-red.overview.png"), drawn);
    // Without a state there is nothing to badge: refused by the parser.
    blitz()
        .args(["board", "--overview"])
        .arg(dir.path().join("x.png"))
        .assert()
        .code(2);
}

/// The bytes of the base64 attachment named `name`.
fn attachment(mail: &str, name: &str) -> Vec<u8> {
    use base64::Engine as _;
    let after = mail
        .split(&format!("filename=\"{name}\""))
        .nth(1)
        .unwrap_or_else(|| panic!("no attachment {name}"));
    let body: String = after
        .lines()
        .skip(1)
        .skip_while(|l| !l.trim().is_empty())
        .skip(1)
        .take_while(|l| !l.starts_with("--") && !l.trim().is_empty())
        .collect();
    base64::engine::general_purpose::STANDARD
        .decode(body.trim())
        .unwrap()
}

#[test]
fn board_png_draws_a_state_and_the_bare_board() {
    let dir = tempfile::tempdir().unwrap();
    blitz().arg("demo").arg(dir.path()).assert().success();
    let state = dir.path().join("05-2-red.state.ron");
    let out = dir.path().join("turn.png");
    blitz()
        .args(["board", "--state"])
        .arg(&state)
        .arg("--png")
        .arg(&out)
        .assert()
        .success();
    let turn = std::fs::read(&out).unwrap();
    assert!(turn.starts_with(PNG_SIGNATURE));
    // The same picture the mail of player-turn 2-Blue attached.
    let mail = std::fs::read_to_string(dir.path().join("outbox/blitz-demo-2-blue.eml")).unwrap();
    assert_eq!(attachment(&mail, "05-2-red.board.png"), turn);
    let bare = dir.path().join("bare.png");
    blitz()
        .args(["board", "--png"])
        .arg(&bare)
        .assert()
        .success();
    let bare = std::fs::read(&bare).unwrap();
    assert!(bare.starts_with(PNG_SIGNATURE));
    assert_ne!(bare, turn);
    // A state needs a picture to go in.
    blitz()
        .args(["board", "--state"])
        .arg(&state)
        .assert()
        .failure();
}
