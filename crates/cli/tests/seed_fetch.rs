//! `blitz seed fetch ROUND` and `resolve --beacon ROUND` (issue 30, item 14) against
//! real HTTP relays on 127.0.0.1: a test server thread serves the rounds the project
//! recorded (`examples/demo/beacon-round-*.json`) under three relay addresses, one
//! that has no round (404), one that serves a forged round, one that serves the real
//! one. No test reaches the internet: every fetch names its relays, and a round still
//! to come is refused before any relay is asked.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const QUICKNET: &str = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn recorded(round: u64) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/demo")
        .join(format!("beacon-round-{round}.json"));
    std::fs::read_to_string(path).unwrap()
}

/// Round 657413 as a lying relay serves it: the real signature of round 123, with
/// its randomness, under the round number asked for.
fn forged_657413() -> String {
    let forged = recorded(123)
        .replace("\"round\": 123", "\"round\": 657413")
        .replace("\"round\":123", "\"round\":657413");
    assert_ne!(forged, recorded(123));
    forged
}

/// The relays: `BASE/missing` (404 for everything), `BASE/forged` (round 657413
/// forged), `BASE/good` (the recorded rounds). Counts the requests it answers.
struct Relays {
    base: String,
    requests: Arc<AtomicUsize>,
}

impl Relays {
    fn start() -> Relays {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&requests);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut line = String::new();
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                if reader.read_line(&mut line).is_err() {
                    continue;
                }
                // The rest of the request head.
                let mut header = String::new();
                while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
                    header.clear();
                }
                count.fetch_add(1, Ordering::SeqCst);
                let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
                let body = answer(&path);
                let head = match &body {
                    Some(b) => format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        b.len()
                    ),
                    None => "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .to_string(),
                };
                let _ = stream.write_all(head.as_bytes());
                if let Some(b) = body {
                    let _ = stream.write_all(b.as_bytes());
                }
            }
        });
        Relays { base, requests }
    }

    fn relay(&self, name: &str) -> String {
        format!("{}/{name}", self.base)
    }

    fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

/// What the relays serve at a path.
fn answer(path: &str) -> Option<String> {
    let (relay, rest) = path.trim_start_matches('/').split_once('/')?;
    let round: u64 = rest
        .strip_prefix(&format!("{QUICKNET}/public/"))?
        .parse()
        .ok()?;
    match (relay, round) {
        ("good", 123 | 1000 | 657413) => Some(recorded(round)),
        ("forged", 657413) => Some(forged_657413()),
        _ => None,
    }
}

fn fetch(args: &[&str], dir: &Path) -> assert_cmd::assert::Assert {
    blitz()
        .args(["seed", "fetch"])
        .args(args)
        .arg("--out")
        .arg(dir)
        .assert()
}

/// Whether standard error says `text`, as miette wraps it: compared without the line
/// breaks, spaces and the frame.
fn says(a: &assert_cmd::assert::Assert, text: &str) -> bool {
    let flat = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '\u{2502}')
            .collect()
    };
    flat(&String::from_utf8_lossy(&a.get_output().stderr)).contains(&flat(text))
}

fn kept(dir: &Path, round: u64) -> PathBuf {
    dir.join(format!("beacon-round-{round}.json"))
}

#[test]
fn a_round_is_fetched_from_the_first_relay_that_has_it_and_kept_as_served() {
    let relays = Relays::start();
    let dir = tempfile::tempdir().unwrap();
    fetch(
        &[
            "657413",
            "--relay",
            &relays.relay("missing"),
            "--relay",
            &relays.relay("good"),
        ],
        dir.path(),
    )
    .success()
    .stderr(contains(format!(
        "warning: {}: HTTP 404 Not Found",
        relays.relay("missing")
    )))
    .stderr(contains(format!(
        "round 657413 of drand quicknet fetched from {} and verified",
        relays.relay("good")
    )));
    assert_eq!(
        std::fs::read_to_string(kept(dir.path(), 657413)).unwrap(),
        recorded(657413)
    );
    assert_eq!(relays.requests(), 2);
    // The same round again leaves the file as it is.
    fetch(&["657413", "--relay", &relays.relay("good")], dir.path()).success();
}

#[test]
fn a_forged_round_is_refused_and_nothing_kept() {
    let relays = Relays::start();
    let dir = tempfile::tempdir().unwrap();
    let a = fetch(&["657413", "--relay", &relays.relay("forged")], dir.path()).code(2);
    assert!(says(
        &a,
        "round 657413 of drand quicknet was refused from every relay that served it"
    ));
    assert!(says(
        &a,
        &format!(
            "{}: refused: the beacon's signature does not verify for round 657413",
            relays.relay("forged")
        )
    ));
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());

    // A forged answer gives way to the next relay; the warning names the liar.
    fetch(
        &[
            "657413",
            "--relay",
            &relays.relay("forged"),
            "--relay",
            &relays.relay("good"),
        ],
        dir.path(),
    )
    .success()
    .stderr(contains(format!(
        "warning: {}: refused: the beacon's signature does not verify",
        relays.relay("forged")
    )));
    assert_eq!(
        std::fs::read_to_string(kept(dir.path(), 657413)).unwrap(),
        recorded(657413)
    );
}

#[test]
fn no_relay_with_the_round_is_a_failure_naming_each() {
    let relays = Relays::start();
    let dir = tempfile::tempdir().unwrap();
    let a = fetch(
        &[
            "1000",
            "--relay",
            &relays.relay("missing"),
            "--relay",
            &relays.relay("forged"),
        ],
        dir.path(),
    )
    .code(2);
    assert!(says(&a, "no relay served round 1000 of drand quicknet"));
    assert!(says(&a, &format!("{}: HTTP 404", relays.relay("forged"))));
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
    let a = blitz()
        .args(["seed", "fetch", "1000", "--relay", "api.drand.sh"])
        .assert()
        .code(2);
    assert!(says(&a, "\"api.drand.sh\" is not a relay address"));
}

/// A round still to come says when it is published (genesis + (round - 1) × 3 s) and
/// asks no relay, not even the default ones.
#[test]
fn a_round_to_come_says_when_it_is_published_and_asks_no_relay() {
    let relays = Relays::start();
    let dir = tempfile::tempdir().unwrap();
    let a = fetch(&["999999999", "--relay", &relays.relay("good")], dir.path()).code(2);
    assert!(says(
        &a,
        "round 999999999 of drand quicknet is published at 2118-09-16T20:29:21Z"
    ));
    assert!(says(&a, "no relay has it yet"));
    let a = blitz()
        .args(["seed", "fetch", "999999999"])
        .current_dir(dir.path())
        .assert()
        .code(2);
    assert!(says(&a, "is published at 2118-09-16T20:29:21Z"));
    assert_eq!(relays.requests(), 0);
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// `resolve --beacon ROUND` fetches the round the orders named and resolves with it:
/// the demo's player-turn 1-Red, resolved again into a new folder, gives the demo's
/// state byte for byte.
#[test]
fn resolve_fetches_the_round_it_is_given_by_number() {
    let relays = Relays::start();
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    blitz().arg("demo").arg(&game).assert().success();
    let seed = std::fs::read_to_string(game.join("03-1-red.seed.json")).unwrap();
    let round: u64 = seed
        .split("\"round\":")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let commitment = std::fs::read_to_string(game.join("03-1-red.commitment.txt")).unwrap();
    let out = tmp.path().join("again");
    blitz()
        .arg("resolve")
        .arg(game.join("03-1-red.state.ron"))
        .arg(game.join("03-1-red.orders.toml"))
        .args([
            "--beacon",
            &round.to_string(),
            "--relay",
            &relays.relay("good"),
        ])
        .args(["--commitment", commitment.trim()])
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(contains(format!(
            "round {round} of drand quicknet fetched from"
        )));
    let next = std::fs::read_dir(&game)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("04-") && n.ends_with(".state.ron"))
        .unwrap();
    assert!(
        std::fs::read(out.join(&next)).unwrap() == std::fs::read(game.join(&next)).unwrap(),
        "{next} differs from the demo's"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("03-1-red.seed.json")).unwrap(),
        recorded(round)
    );

    // A forged round is refused before anything is resolved; nothing is written.
    let refused = tmp.path().join("refused");
    let a = blitz()
        .arg("resolve")
        .arg(game.join("03-1-red.state.ron"))
        .arg(game.join("03-1-red.orders.toml"))
        .args(["--beacon", "657413", "--relay", &relays.relay("forged")])
        .arg("--out")
        .arg(&refused)
        .assert()
        .code(2);
    assert!(says(&a, "was refused from every relay that served it"));
    assert!(!refused.exists());
}
