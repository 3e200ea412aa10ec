//! Commitments survive e-mail: `blitz commit` on an order file, on the same orders
//! pasted into a reply (quoted or not, with the mail's CRLF line ends) and on the same
//! orders attached to a reply all print one commitment, and `resolve --commitment`
//! accepts the orders read from any of them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use base64::Engine as _;
use pbem::mail::{BEGIN_MARKER, END_MARKER};
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn commit(state: &Path, orders: &Path) -> String {
    let out = blitz()
        .args(["commit", "--state"])
        .arg(state)
        .arg("--orders")
        .arg(orders)
        .args(["--at", "2020-01-01T00:00:00Z"])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .trim()
        .to_string()
}

fn mail(body: &str) -> String {
    format!(
        "From: Blue <blue@example.org>\r\nTo: umpire@example.org\r\nSubject: Re: turn\r\n\
         Date: Mon, 1 Jan 2024 10:00:00 +0000\r\nMIME-Version: 1.0\r\n{body}"
    )
}

/// The demo's Red player-turn 1 orders (with battles, a drand round) and their state.
fn game() -> (tempfile::TempDir, PathBuf, String) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    blitz().arg("demo").arg(&dir).assert().success();
    let orders = fs::read_to_string(dir.join("03-1-red.orders.toml")).unwrap();
    (tmp, dir, orders)
}

#[test]
fn the_commitment_on_a_file_equals_the_one_on_the_same_orders_pasted_and_attached() {
    let (tmp, dir, orders) = game();
    let state = dir.join("03-1-red.state.ron");
    let file = tmp.path().join("orders.toml");
    fs::write(&file, &orders).unwrap();
    let on_file = commit(&state, &file);
    assert_eq!(on_file.len(), 64, "{on_file}");

    let crlf = orders.replace('\n', "\r\n");
    let pasted = tmp.path().join("pasted.eml");
    fs::write(
        &pasted,
        mail(&format!(
            "Content-Type: text/plain; charset=utf-8\r\n\r\nHere are my orders.\r\n\r\n\
             {BEGIN_MARKER}\r\n{crlf}{END_MARKER}\r\n"
        )),
    )
    .unwrap();
    let quoted_lines: String = crlf
        .split_inclusive("\r\n")
        .map(|l| format!("> {l}"))
        .collect();
    let quoted = tmp.path().join("quoted.eml");
    fs::write(
        &quoted,
        mail(&format!(
            "Content-Type: text/plain; charset=utf-8\r\n\r\n> {BEGIN_MARKER}\r\n\
             {quoted_lines}> {END_MARKER}\r\n"
        )),
    )
    .unwrap();
    let encoded = base64::engine::general_purpose::STANDARD.encode(crlf.as_bytes());
    let attached = tmp.path().join("attached.eml");
    fs::write(
        &attached,
        mail(&format!(
            "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\n\
             Content-Type: text/plain\r\n\r\nAttached.\r\n--b\r\n\
             Content-Type: application/toml; name=\"orders.toml\"\r\n\
             Content-Disposition: attachment; filename=\"orders.toml\"\r\n\
             Content-Transfer-Encoding: base64\r\n\r\n{encoded}\r\n--b--\r\n"
        )),
    )
    .unwrap();
    for m in [&pasted, &quoted, &attached] {
        assert_eq!(commit(&state, m), on_file, "{}", m.display());
    }
    // The orders read from the mail resolve against the commitment made on the file.
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&attached)
        .arg("--beacon")
        .arg(dir.join("03-1-red.seed.json"))
        .args(["--commitment", &on_file, "--out"])
        .arg(tmp.path().join("out"))
        .assert()
        .success();
}

#[test]
fn normalising_keeps_what_the_orders_say() {
    use pbem::commit::normalise_orders;
    assert_eq!(
        normalise_orders("\u{feff}a = 1  \r\nb = 2\r\n\r\n\r\n"),
        "a = 1\nb = 2\n"
    );
    assert_eq!(normalise_orders("a = 1"), "a = 1\n");
    assert_ne!(normalise_orders("a = 1\n"), normalise_orders("a = 2\n"));
    assert_ne!(
        normalise_orders("a = \"x y\"\n"),
        normalise_orders("a = \"xy\"\n")
    );
}
