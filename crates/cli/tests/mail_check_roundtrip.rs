//! Round trip through the command line: a turn report mailed as an `.eml` file (the
//! demo game's outbox), answered the three ways a player answers it (the filled-in
//! template quoted in the reply, pasted unquoted above the quoted report, or attached as
//! a file), and each reply given to `blitz check` in place of an order file (issue 5,
//! "Orders from mail"). A mistake in a mailed order is reported at its line within the
//! orders. Last, a reply resolved with `blitz resolve --mail` through a real SMTP server
//! that wants a login: the next turn arrives, and the password is in no file written.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use assert_cmd::Command;
use base64::Engine as _;
use pbem::mail::{orders_from_message, OrdersSource, BEGIN_MARKER, END_MARKER};
use std::path::PathBuf;
use std::time::Duration;
use support::{all_files, support_dir, Sink, SinkOptions, PASSWORD};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// The demo game, played into a fresh folder: its outbox holds every turn as mailed.
struct Game {
    _dir: tempfile::TempDir,
    root: PathBuf,
}

impl Game {
    fn play() -> Game {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("game");
        blitz().arg("demo").arg(&root).assert().success();
        Game { _dir: dir, root }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    /// The message that reported Blue's turn 2 to both players and carries Red's
    /// template for turn 2.
    fn turn_message(&self) -> Vec<u8> {
        std::fs::read(self.path("outbox/blitz-demo-2-blue.eml")).unwrap()
    }

    /// Red's orders for turn 2 as the demo played them (legal: the demo resolved them).
    fn red_orders(&self) -> String {
        std::fs::read_to_string(self.path("05-2-red.orders.toml")).unwrap()
    }

    /// The position Red's orders apply to.
    fn red_state(&self) -> PathBuf {
        self.path("05-2-red.state.ron")
    }

    /// Runs `blitz check STATE MESSAGE` on `reply`, written into the game folder.
    fn check(&self, name: &str, reply: &str) -> std::process::Output {
        let file = self.path(name);
        std::fs::write(&file, reply).unwrap();
        blitz()
            .arg("check")
            .arg(self.red_state())
            .arg(&file)
            .output()
            .unwrap()
    }
}

/// The plain-text body of the turn message, decoded (it is sent quoted-printable).
fn body_of(message: &[u8]) -> String {
    let text = String::from_utf8(message.to_vec()).unwrap();
    let part = text
        .split("Content-Type: text/plain")
        .nth(1)
        .expect("a text/plain part");
    assert!(part.contains("Content-Transfer-Encoding: quoted-printable"));
    let (_, after_headers) = part.split_once("\r\n\r\n").unwrap();
    let (encoded, _) = after_headers.split_once("\r\n--blitz-").unwrap();
    let decoded = quoted_printable::decode(encoded, quoted_printable::ParseMode::Strict).unwrap();
    String::from_utf8(decoded).unwrap().replace("\r\n", "\n")
}

/// The body with the lines between the marker lines replaced by `orders`.
fn fill_in(body: &str, orders: &str) -> String {
    let (before, rest) = body.split_once(BEGIN_MARKER).unwrap();
    let (_, after) = rest.split_once(END_MARKER).unwrap();
    format!("{before}{BEGIN_MARKER}\n{orders}{END_MARKER}{after}")
}

/// `text` as a mail program quotes it in a reply.
fn quote(text: &str) -> String {
    let mut out = String::from("On Mon, 5 Jan 2026 at 12:00, the umpire wrote:\n");
    for line in text.lines() {
        out.push('>');
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

fn crlf(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// Headers of Red's reply to the turn message.
fn reply_headers(content: &str) -> String {
    format!(
        "From: Red Player <red@example.org>\r\n\
         To: umpire@example.org\r\n\
         Subject: Re: [Blitzkrieg demo] Turn 2 Blue =?utf-8?b?4oaS?= Red: report\r\n\
         Date: Mon, 05 Jan 2026 18:00:00 +0000\r\n\
         Message-ID: <red-reply@example.org>\r\n\
         In-Reply-To: <blitz.demo.2-blue@example.org>\r\n\
         MIME-Version: 1.0\r\n{content}"
    )
}

fn plain_reply(body: &str) -> String {
    format!(
        "{}{}",
        reply_headers(
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
        ),
        crlf(body)
    )
}

fn assert_legal(out: &std::process::Output, how: &str) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{how}: {stdout}{stderr}");
    assert!(stdout.contains("every order is legal"), "{how}: {stdout}");
}

#[test]
fn the_mailed_report_carries_the_blank_template_of_the_next_player() {
    let game = Game::play();
    let message = game.turn_message();
    let template = std::fs::read_to_string(game.path("05-2-red.template.toml")).unwrap();
    let body = body_of(&message);
    assert!(body.contains("player-turn 2-Blue"), "{body}");
    assert!(body.contains(&template), "the body holds the template");
    // The turn message given back as it is: its attached template, byte for byte.
    let found = orders_from_message(&message).unwrap();
    assert_eq!(found.toml, template);
    assert!(matches!(found.source, OrdersSource::Attachment { .. }));
}

#[test]
fn a_reply_quoting_the_filled_in_template_is_accepted_by_check() {
    let game = Game::play();
    let filled = fill_in(&body_of(&game.turn_message()), &game.red_orders());
    let reply = plain_reply(&format!("Here are my orders.\n\n{}", quote(&filled)));
    let found = orders_from_message(reply.as_bytes()).unwrap();
    assert_eq!(found.toml, game.red_orders());
    assert!(matches!(
        found.source,
        OrdersSource::Body { quote_depth: 1, .. }
    ));
    assert_legal(&game.check("reply-quoted.eml", &reply), "quoted");
}

#[test]
fn a_reply_with_the_orders_unquoted_above_the_quoted_report_is_accepted_by_check() {
    let game = Game::play();
    let body = body_of(&game.turn_message());
    let reply = plain_reply(&format!(
        "{BEGIN_MARKER}\n{}{END_MARKER}\n\n{}",
        game.red_orders(),
        quote(&body)
    ));
    let found = orders_from_message(reply.as_bytes()).unwrap();
    assert_eq!(found.toml, game.red_orders());
    assert!(matches!(
        found.source,
        OrdersSource::Body { quote_depth: 0, .. }
    ));
    assert_legal(&game.check("reply-unquoted.eml", &reply), "unquoted");
}

#[test]
fn a_reply_with_the_orders_attached_is_accepted_by_check() {
    let game = Game::play();
    let body = body_of(&game.turn_message());
    let orders = game.red_orders();
    let encoded = base64::engine::general_purpose::STANDARD.encode(orders.as_bytes());
    let reply = format!(
        "{}--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\nMy orders are attached.\r\n\r\n{}\r\n\
         --b1\r\nContent-Type: application/toml; name=\"red-turn-2.toml\"\r\n\
         Content-Disposition: attachment; filename=\"red-turn-2.toml\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{encoded}\r\n--b1--\r\n",
        reply_headers("Content-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n"),
        crlf(&quote(&body)),
    );
    let found = orders_from_message(reply.as_bytes()).unwrap();
    assert_eq!(found.toml, orders);
    assert!(matches!(found.source, OrdersSource::Attachment { .. }));
    assert_legal(&game.check("reply-attached.eml", &reply), "attached");
}

/// Issue 12: a problem in a quoted reply points at the line of the mail's body the player
/// sees (issue 5 numbered the lines of the orders block), at its column in the orders.
#[test]
fn a_bad_order_in_a_quoted_reply_is_reported_at_its_line_in_the_mail() {
    let game = Game::play();
    let orders = game.red_orders();
    let bad = orders.replacen("to = \"YY30\"", "to = \"ZZZ99\"", 1);
    assert_ne!(bad, orders);
    let filled = fill_in(&body_of(&game.turn_message()), &bad);
    let body = quote(&filled);
    let line = body
        .lines()
        .position(|l| l.contains("ZZZ99"))
        .map(|i| i + 1)
        .unwrap();
    let out = game.check("reply-bad.eml", &plain_reply(&body));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("ZZZ99 is not on the"), "{stderr}");
    assert!(stderr.contains("reply-bad.eml (body lines"), "{stderr}");
    assert!(
        stderr.contains(&format!("):{line}:6")),
        "line {line}: {stderr}"
    );
}

/// A message that carries no orders at all is refused with a message, not taken as an
/// empty order file.
#[test]
fn a_reply_without_orders_is_refused() {
    let game = Game::play();
    let out = game.check(
        "reply-empty.eml",
        &plain_reply("Sorry, I will send my orders tomorrow.\n"),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("no orders found in the message"),
        "{stderr}"
    );
}

/// Issue 5: the turn goes out by SMTP after `resolve` (STARTTLS and a login, the
/// password from the environment), the server receives one message for both players,
/// threaded on the game, with the report, the new state, the next template and the board
/// picture; and no file written (state, report, template, seed, commitment, outbox copy)
/// nor the output holds the password. Resolving the mailed reply gives the very message
/// the demo mailed for the same turn.
#[test]
fn resolve_of_a_mailed_reply_sends_the_next_turn_by_smtp_and_writes_no_secret() {
    let Some(sink) = Sink::start(SinkOptions {
        tls: Some("starttls"),
        auth_user: Some("umpire".into()),
        password: Some(PASSWORD.into()),
        ..SinkOptions::default()
    }) else {
        return;
    };
    let game = Game::play();
    let filled = fill_in(&body_of(&game.turn_message()), &game.red_orders());
    let reply = game.path("reply.eml");
    std::fs::write(&reply, plain_reply(&quote(&filled))).unwrap();
    let commitment = std::fs::read_to_string(game.path("05-2-red.commitment.txt")).unwrap();
    let commitment = commitment
        .split_whitespace()
        .find(|w| w.len() == 64)
        .unwrap()
        .to_string();
    let out_dir = game.path("resolved");
    let beacon = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/demo/beacon-round-657413.json");
    let port = sink.port.to_string();
    let out = blitz()
        .env("BLITZ_SMTP_PASSWORD", PASSWORD)
        .arg("resolve")
        .arg(game.red_state())
        .arg(&reply)
        .arg("--beacon")
        .arg(&beacon)
        .args(["--commitment", &commitment, "--out"])
        .arg(&out_dir)
        .arg("--outbox")
        .arg(out_dir.join("outbox"))
        .args(["--mail", "--date", "2026-01-06T12:00:00Z"])
        .args(["--smtp", &format!("localhost:{port}"), "--tls", "starttls"])
        .args(["--user", "umpire", "--timeout", "10", "--ca-cert"])
        .arg(support_dir().join("tls").join("ca.pem"))
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stdout}{stderr}");

    let got = sink.wait_for(1);
    assert_eq!(got.len(), 1, "one message for both players");
    let m = &got[0];
    assert_eq!(m.parse_error, None);
    assert_eq!(m.login.as_deref(), Some("umpire"));
    assert_eq!(m.rcpt, ["blue@example.org", "red@example.org"]);
    assert_eq!(
        m.header("Subject"),
        Some("[Blitzkrieg demo] Turn 2 Red \u{2192} Blue: report")
    );
    assert_eq!(
        m.header("Message-ID"),
        Some("<blitz.demo.2-red@example.org>")
    );
    assert_eq!(
        m.header("In-Reply-To"),
        Some("<blitz.demo.2-blue@example.org>")
    );
    let report = std::fs::read_to_string(out_dir.join("05-2-red.report.txt")).unwrap();
    assert!(m.body.starts_with(report.trim_end()), "{}", m.body);
    let names: Vec<&str> = m.attachments.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "06-3-blue.state.ron",
            "06-3-blue.template.toml",
            "06-3-blue.board.png",
            "06-3-blue.overview.png",
            "05-2-red.orders.toml",
            "05-2-red.seed.json",
            "05-2-red.commitment.txt"
        ]
    );
    for (name, _, bytes) in &m.attachments[..2] {
        assert_eq!(bytes, &std::fs::read(out_dir.join(name)).unwrap(), "{name}");
    }
    // The outbox copy is what the server received, and the demo mailed the same bytes.
    let copy = std::fs::read(out_dir.join("outbox/blitz-demo-2-red.eml")).unwrap();
    assert!(m.raw == copy || m.raw.strip_suffix(b"\r\n") == Some(&copy[..]));
    assert_eq!(
        copy,
        std::fs::read(game.path("outbox/blitz-demo-2-red.eml")).unwrap()
    );

    let written = all_files(&game.root);
    assert!(written.len() > 40, "{written:?}");
    for path in &written {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        assert!(!text.contains(PASSWORD), "password in {}", path.display());
    }
    assert!(!stdout.contains(PASSWORD) && !stderr.contains(PASSWORD));
}
