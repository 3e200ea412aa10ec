//! Shared by the mail tests: a sample turn, and a real SMTP server (Python's aiosmtpd
//! running tests/support/smtp_sink.py) started on 127.0.0.1 and killed on drop.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::units::Side;
use chrono::TimeZone;
use pbem::mail::{MailAttachment, Player, TurnMail, BEGIN_MARKER, END_MARKER};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub const PASSWORD: &str = "Zq7-known-test-password-9xK";

pub fn support_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("support")
}

pub fn ca_pem() -> Vec<u8> {
    std::fs::read(support_dir().join("tls").join("ca.pem")).unwrap()
}

/// The next player's order template as the umpire sends it.
pub fn template() -> String {
    "# Orders for Red, game g1, turn 4.\n\
     game = \"g1\"\n\
     side = \"red\"\n\
     turn = 4\n\
     state = \"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0\"\n\
     \n\
     [seed]\n\
     source = \"drand\"\n\
     round = 0\n"
        .to_string()
}

/// The template as a player fills it in (a long line, a non-ASCII name, a table array).
pub fn filled_orders() -> String {
    "# Orders for Red, game g1, turn 4.\n\
     game = \"g1\"\n\
     side = \"red\"\n\
     turn = 4\n\
     state = \"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0\"\n\
     \n\
     [seed]\n\
     source = \"text\"\n\
     date = \"2026-11-24\"\n\
     description = \"the closing value of the index both players named, Zürich exchange, as printed the next morning\"\n\
     \n\
     [[attack]]\n\
     id = \"A1\"\n"
        .to_string()
}

pub fn report_text() -> String {
    format!(
        "BLITZKRIEG game g1, turn 3, Blue moved.\n\
         \n\
         A1: 3-1 against CC15, defender eliminated.\n\
         Red to move. Fill in the orders below and reply, or attach the file.\n\
         \n\
         {BEGIN_MARKER}\n{}{END_MARKER}\n",
        template()
    )
}

pub fn sample_turn() -> TurnMail {
    TurnMail {
        game: "g1".into(),
        turn: "3-Blue".into(),
        from_side: Side::Blue.name().into(),
        to_side: Side::Red.name().into(),
        players: vec![
            (
                Side::Blue.name().into(),
                Player {
                    name: "Ann Blue".into(),
                    address: "blue@example.org".into(),
                },
            ),
            (
                Side::Red.name().into(),
                Player {
                    name: "Rob Red".into(),
                    address: "red@example.net".into(),
                },
            ),
        ],
        sender: "Blitz Umpire <umpire@example.com>".into(),
        report: report_text(),
        attachments: vec![
            MailAttachment {
                name: "g1-003-blue.ron".into(),
                mime_type: "text/plain; charset=utf-8".into(),
                bytes: b"(game: \"g1\", turn: 3)\n".to_vec(),
            },
            MailAttachment {
                name: "g1-004-red.toml".into(),
                mime_type: "application/toml".into(),
                bytes: template().into_bytes(),
            },
            MailAttachment {
                name: "g1-003-blue.svg".into(),
                mime_type: "image/svg+xml".into(),
                bytes: b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".to_vec(),
            },
        ],
        in_reply_to: Some("<blitz.g1.2-red@example.com>".into()),
        references: vec!["<blitz.g1.1-blue@example.com>".into()],
        date: chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 18, 0, 0)
            .single()
            .unwrap(),
        correction: None,
        subject: blitzkrieg_desk::turn_mail::subject("3-Blue", "Blue", "Red"),
    }
}

/// Every file under `dir`, recursively.
pub fn all_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A port nothing listens on: bound, then released.
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

#[derive(Debug, Clone, Default)]
pub struct SinkOptions {
    pub reject: Vec<String>,
    /// none | starttls | implicit
    pub tls: Option<&'static str>,
    pub auth_user: Option<String>,
    pub password: Option<String>,
}

/// One message as the server received it.
#[derive(Debug, Clone, Default)]
pub struct Received {
    pub raw: Vec<u8>,
    pub mail_from: String,
    pub rcpt: Vec<String>,
    pub login: Option<String>,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// (name, content type, bytes)
    pub attachments: Vec<(String, String, Vec<u8>)>,
    pub parse_error: Option<String>,
}

impl Received {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub struct Sink {
    child: Child,
    pub port: u16,
    pub dir: tempfile::TempDir,
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn missing(why: &str) -> Option<Sink> {
    if std::env::var("BLITZ_SKIP_SMTP_TESTS").as_deref() == Ok("1") {
        eprintln!("skipping the SMTP test (BLITZ_SKIP_SMTP_TESTS=1): {why}");
        return None;
    }
    panic!(
        "the SMTP tests need a real SMTP server: {why}. Install it with \
         `pip install aiosmtpd` (or set BLITZ_SKIP_SMTP_TESTS=1 to skip these tests)"
    );
}

impl Sink {
    /// Starts the server; `None` only when the server cannot start and
    /// BLITZ_SKIP_SMTP_TESTS=1 (otherwise the test fails saying what to install).
    pub fn start(opts: SinkOptions) -> Option<Sink> {
        let dir = tempfile::tempdir().unwrap();
        let tls_dir = support_dir().join("tls");
        let mut cmd = Command::new(std::env::var("PYTHON").unwrap_or_else(|_| "python3".into()));
        cmd.arg(support_dir().join("smtp_sink.py"))
            .arg("--dir")
            .arg(dir.path())
            .arg("--lifetime")
            .arg("90")
            .arg("--tls")
            .arg(opts.tls.unwrap_or("none"))
            .arg("--cert")
            .arg(tls_dir.join("server.pem"))
            .arg("--key")
            .arg(tls_dir.join("server.key"))
            .env("SINK_PASSWORD", opts.password.clone().unwrap_or_default())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for r in &opts.reject {
            cmd.arg("--reject").arg(r);
        }
        if let Some(u) = &opts.auth_user {
            cmd.arg("--auth-user").arg(u);
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => return missing(&format!("python3 could not be started ({e})")),
        };
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(Duration::from_secs(20)).unwrap_or_default();
        let port = line
            .trim()
            .strip_prefix("PORT ")
            .and_then(|p| p.parse::<u16>().ok());
        match port {
            Some(port) => Some(Sink { child, port, dir }),
            None => {
                let _ = child.kill();
                let out = child.wait_with_output().ok();
                let stderr = out
                    .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
                    .unwrap_or_default();
                if stderr.contains("aiosmtpd is not installed") {
                    missing("the Python package aiosmtpd is missing")
                } else {
                    panic!("the SMTP test server did not start: {stderr}");
                }
            }
        }
    }

    /// Waits (at most 15 s) until `n` messages have arrived, then returns them.
    pub fn wait_for(&self, n: usize) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let got = self.received();
            if got.len() >= n || Instant::now() > deadline {
                return got;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The messages received so far.
    pub fn received(&self) -> Vec<Received> {
        let mut out = Vec::new();
        for i in 1.. {
            let base = self.dir.path().join(format!("{i:04}"));
            let Ok(meta) = std::fs::read_to_string(base.with_extension("txt")) else {
                break;
            };
            let mut r = Received {
                raw: std::fs::read(base.with_extension("eml")).unwrap(),
                ..Received::default()
            };
            for line in meta.lines() {
                let f: Vec<&str> = line.split('\t').collect();
                match f.as_slice() {
                    ["mail_from", a] => r.mail_from = a.to_string(),
                    ["rcpt", a] => r.rcpt.push(a.to_string()),
                    ["login", u] => r.login = Some(u.to_string()),
                    ["header", n, v] => r.headers.push((n.to_string(), v.to_string())),
                    ["body", h] => r.body = String::from_utf8(hex::decode(h).unwrap()).unwrap(),
                    ["attachment", n, t, h] => {
                        r.attachments
                            .push((n.to_string(), t.to_string(), hex::decode(h).unwrap()))
                    }
                    ["parse_error", e] => r.parse_error = Some(e.to_string()),
                    _ => {}
                }
            }
            out.push(r);
        }
        out
    }
}

/// The `[seed]` of an order file in a game made with `--seed text`: the agreed text is
/// given to `resolve` with `--seed-text`.
pub const TEXT_SEED: &str = r#"
[seed]
source = "text"
description = "the winning numbers"
time = "2026-01-02T20:45:00Z"
"#;

/// `blitz new` of game `game` from the position file text `position` (written to
/// `dir/pos.toml`), agreed-text seeds, players a@ and b@example.org, and the rule
/// arguments `rules` (`["--rules", "tournament", "--optional", "34"]`, or none): the game
/// folder, `dir/GAME`.
pub fn new_at_position(dir: &Path, game: &str, position: &str, rules: &[&str]) -> PathBuf {
    let pos = dir.join("pos.toml");
    std::fs::write(&pos, position).unwrap();
    let folder = dir.join(game);
    assert_cmd::Command::cargo_bin("blitz")
        .unwrap()
        .args(["-q", "new", "--game", game, "--blue", "a@example.org"])
        .args(["--red", "b@example.org", "--seed", "text"])
        .args(rules)
        .arg("--position")
        .arg(&pos)
        .arg("--out")
        .arg(&folder)
        .assert()
        .success();
    folder
}

/// 32.3: the defender's answer to the stopped step `step` of the game in `g`: `body`
/// (his template's header, the seed and his orders) written to `red.toml` in `g` and
/// resolved through the binary on the agreed text the tests name ("7 12 19 23 31 40"),
/// with `extra` arguments (`--mail ...`). The answer's report, its words joined by
/// single spaces.
pub fn answer(g: &Path, step: &str, body: &str, extra: &[&str]) -> String {
    let red = g.join("red.toml");
    std::fs::write(&red, body).unwrap();
    assert_cmd::Command::cargo_bin("blitz")
        .unwrap()
        .arg("resolve")
        .arg(g.join(format!("{step}.state.ron")))
        .arg(&red)
        .args(["--seed-text", "7 12 19 23 31 40"])
        .arg("--out")
        .arg(g)
        .args(extra)
        .assert()
        .success();
    let report = std::fs::read_to_string(g.join(format!("{step}.report.txt"))).unwrap();
    report.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The stem (`10-5-blue`) of the one state a game folder made from a position holds.
pub fn only_state(g: &Path) -> String {
    let states: Vec<String> = std::fs::read_dir(g)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".state.ron"))
        .collect();
    let [state] = states.as_slice() else {
        panic!("one state: {states:?}");
    };
    state.trim_end_matches(".state.ron").to_string()
}

/// 32.3: Blue's `orders` under the header of his template for the state `stem` of the
/// game in `g`, written to `blue.toml` in `g` and resolved through the binary with
/// `extra` arguments; the player-turn stops before odds. The stopped step's name
/// (`{stem}.step1`).
pub fn mover_stops(g: &Path, stem: &str, orders: &str, extra: &[&str]) -> String {
    let template = std::fs::read_to_string(g.join(format!("{stem}.template.toml"))).unwrap();
    let blue = g.join("blue.toml");
    std::fs::write(&blue, format!("{template}\n{orders}")).unwrap();
    assert_cmd::Command::cargo_bin("blitz")
        .unwrap()
        .arg("resolve")
        .arg(g.join(format!("{stem}.state.ron")))
        .arg(&blue)
        .arg("--out")
        .arg(g)
        .args(extra)
        .assert()
        .success();
    format!("{stem}.step1")
}
