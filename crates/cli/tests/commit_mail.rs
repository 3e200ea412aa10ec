//! Commitments survive e-mail: `blitz commit` on an order file, on the same orders
//! pasted into a reply (quoted or not, with the mail's CRLF line ends) and on the same
//! orders attached to a reply all print one commitment, and `resolve --commitment`
//! accepts the orders read from any of them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use base64::Engine as _;
use pbem::mail::{BEGIN_MARKER, END_MARKER};
use predicates::prelude::*;
use predicates::str::contains;
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

/// The template as a player fills it in: the umpire's notes above the BEGIN marker, a
/// note of his own between the markers, the line telling where to write.
fn filled_template(orders: &str) -> String {
    format!(
        "# Orders for player-turn 1-Red of game demo.\n# Fill in the orders between the \
         marker lines.\n{BEGIN_MARKER}\n# my plan: hold the line\n{orders}\n# write your \
         orders above this line\n{END_MARKER}\n"
    )
}

/// Issue 26 item 9: the commitment is made on the canonical form of the orders
/// (`docs/dice.md`, version 3), so the template as filled in, committed as a file, gives
/// the commitment of every way it travels: the file with CRLF line ends, the whole file
/// pasted into a reply (notes outside the markers and all), quoted, attached, or pasted
/// with the player's own comments removed; `resolve --commitment` accepts each.
#[test]
fn every_route_of_the_filled_template_gives_the_commitment_made_on_the_file() {
    let (tmp, dir, orders) = game();
    let state = dir.join("03-1-red.state.ron");
    let filled = filled_template(&orders);
    let file = tmp.path().join("orders.toml");
    fs::write(&file, &filled).unwrap();
    let on_file = commit(&state, &file);
    let crlf = filled.replace('\n', "\r\n");
    let routes: Vec<(&str, String)> = vec![
        ("crlf.toml", crlf.clone()),
        (
            "pasted.eml",
            mail(&format!(
                "Content-Type: text/plain; charset=utf-8\r\n\r\nMy orders:\r\n\r\n{crlf}\r\nBye\r\n"
            )),
        ),
        (
            "quoted.eml",
            mail(&format!(
                "Content-Type: text/plain; charset=utf-8\r\n\r\nOn Monday I wrote:\r\n{}",
                crlf.split_inclusive("\r\n")
                    .map(|l| format!("> {l}"))
                    .collect::<String>()
            )),
        ),
        (
            "attached.eml",
            mail(&format!(
                "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\n\
                 Content-Type: text/plain\r\n\r\nAttached.\r\n--b\r\n\
                 Content-Type: application/toml; name=\"orders.toml\"\r\n\
                 Content-Disposition: attachment; filename=\"orders.toml\"\r\n\
                 Content-Transfer-Encoding: base64\r\n\r\n{}\r\n--b--\r\n",
                base64::engine::general_purpose::STANDARD.encode(crlf.as_bytes())
            )),
        ),
        (
            "bare.eml",
            mail(&format!(
                "Content-Type: text/plain; charset=utf-8\r\n\r\n{BEGIN_MARKER}\r\n{}{END_MARKER}\r\n",
                orders
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
                    .map(|l| format!("{l}\r\n"))
                    .collect::<String>()
            )),
        ),
    ];
    for (name, text) in &routes {
        let path = tmp.path().join(name);
        fs::write(&path, text).unwrap();
        assert_eq!(commit(&state, &path), on_file, "{name}");
        blitz()
            .arg("resolve")
            .arg(&state)
            .arg(&path)
            .arg("--beacon")
            .arg(dir.join("03-1-red.seed.json"))
            .args(["--commitment", &on_file, "--out"])
            .arg(tmp.path().join(format!("out-{name}")))
            .assert()
            .success();
    }
}

/// Issue 30 item 7: nothing dropped without a word. An order table typed below the END
/// marker of a reply is not read, and `check` says so (B181) while it finds the orders
/// read legal; the same table below the END marker of an order file is read, and
/// `check` warns that a reply carrying the file in its body would drop it (B180).
#[test]
fn order_tables_outside_the_markers_are_named_by_check() {
    let (tmp, dir, orders) = game();
    let state = dir.join("03-1-red.state.ron");
    let first_table = orders.find("\n[[").unwrap() + 1;
    let (header, tables) = orders.split_at(first_table);
    let reply = tmp.path().join("reply.eml");
    fs::write(
        &reply,
        mail(&format!(
            "Content-Type: text/plain; charset=utf-8\r\n\r\n{BEGIN_MARKER}\r\n{}{END_MARKER}\r\n\
             \r\n[[move]]\r\nunits = [\"R-1IN\"]\r\nto = \"A1\"\r\n",
            orders.replace('\n', "\r\n")
        )),
    )
    .unwrap();
    let end_line = 1 + orders.lines().count() + 1;
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&reply)
        .assert()
        .success()
        .stderr(contains(format!(
            "warning[B181]: {} (body lines 2-{}): body line {}: [[move]] is outside the marker \
             lines, so it was not read",
            reply.display(),
            end_line - 1,
            end_line + 2
        )))
        .stdout(contains("every order is legal"));
    let file = tmp.path().join("below.toml");
    fs::write(
        &file,
        format!("{BEGIN_MARKER}\n{header}{END_MARKER}\n{tables}"),
    )
    .unwrap();
    let below = 1 + header.lines().count() + 2;
    blitz()
        .arg("check")
        .arg(&state)
        .arg(&file)
        .assert()
        .success()
        .stderr(contains(format!(
            "warning[B180]: {}: line {below}: {} is outside the marker lines: it is read from \
             this file, but a reply carrying the orders in its body drops it",
            file.display(),
            tables.lines().next().unwrap()
        )))
        .stdout(contains("every order is legal"));
    // Between the markers, no warning.
    blitz()
        .arg("check")
        .arg(&state)
        .arg(dir.join("03-1-red.orders.toml"))
        .assert()
        .success()
        .stderr(contains("warning").not());
}

/// Issue 30 item 7: the template says where to write, and left as it is it is a legal
/// player-turn of which `check` says that it holds no order at all (B182).
#[test]
fn the_template_says_where_to_write_and_check_names_orders_without_an_order() {
    let (_tmp, dir, _) = game();
    let template = dir.join("06-3-blue.template.toml");
    let text = fs::read_to_string(&template).unwrap();
    assert!(
        text.contains(&format!(
            "# ---- write your orders above this line ----\n{END_MARKER}\n"
        )),
        "{text}"
    );
    blitz()
        .arg("check")
        .arg(dir.join("06-3-blue.state.ron"))
        .arg(&template)
        .assert()
        .success()
        .stderr(contains(format!(
            "warning[B182]: {}: these orders hold no order at all",
            template.display()
        )))
        .stdout(contains("every order is legal"));
}
