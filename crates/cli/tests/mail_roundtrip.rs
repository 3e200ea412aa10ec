//! Round trip without a server: the turn message as written to the outbox, replies to
//! it the way mail programs write them (quoted, unquoted, flowed, quoted-printable,
//! attached, in an mbox), and the orders read back exactly. Also the outbox rules and
//! the sendmail transport (a stand-in sendmail that records what it is given).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use assert_cmd::Command;
use base64::Engine as _;
use pbem::mail::{
    deliver, orders_from_message, MailError, OrdersSource, OutboxWrite, SendError, Sent, Transport,
    BEGIN_MARKER, END_MARKER,
};
use std::path::Path;
use std::time::Duration;
use support::{all_files, filled_orders, sample_turn, template};

/// Headers of a reply to the turn message.
fn reply_headers(extra: &str) -> String {
    format!(
        "From: Rob Red <red@example.net>\r\n\
         To: Blitz Umpire <umpire@example.com>\r\n\
         Subject: Re: [Blitzkrieg g1] Turn 3 Blue =?UTF-8?B?4oaS?= Red: report\r\n\
         Date: Tue, 24 Nov 2026 20:15:00 +0100\r\n\
         Message-ID: <reply-1@example.net>\r\n\
         In-Reply-To: <blitz.g1.3-blue@example.com>\r\n\
         References: <blitz.g1.2-red@example.com> <blitz.g1.3-blue@example.com>\r\n\
         MIME-Version: 1.0\r\n{extra}"
    )
}

fn crlf(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The report as a mail program quotes it, with the template block filled in.
fn quoted_report_with_orders(prefix: &str) -> String {
    let mut s = String::from("On 24/11/2026 19:00, Blitz Umpire wrote:\n");
    let before = support::report_text();
    let head = before.split(BEGIN_MARKER).next().unwrap();
    for l in head.lines() {
        s.push_str(prefix.trim_end());
        if !l.is_empty() {
            s.push(' ');
            s.push_str(l);
        }
        s.push('\n');
    }
    s.push_str(&format!("{prefix}{BEGIN_MARKER}\n"));
    for l in filled_orders().lines() {
        s.push_str(prefix);
        s.push_str(l);
        s.push('\n');
    }
    s.push_str(&format!("{prefix}{END_MARKER}\n"));
    s
}

/// RFC 3676 format=flowed: lines longer than 60 are cut after a space, which stays.
fn flow(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let (prefix, mut rest) = match line.find(|c| c != '>' && c != ' ') {
            Some(i) if line.starts_with('>') => (&line[..i], &line[i..]),
            _ => ("", line),
        };
        while rest.len() > 60 {
            let Some(cut) = rest[..60].rfind(' ').map(|i| i + 1) else {
                break;
            };
            out.push_str(prefix);
            out.push_str(&rest[..cut]);
            out.push('\n');
            rest = &rest[cut..];
        }
        out.push_str(prefix);
        out.push_str(rest);
        out.push('\n');
    }
    out
}

#[test]
fn the_turn_message_itself_yields_the_blank_template_exactly() {
    let outbox = tempfile::tempdir().unwrap();
    let d = deliver(&sample_turn(), &Transport::Outbox, outbox.path()).unwrap();
    assert_eq!(d.sent, Sent::OutboxOnly);
    let eml = std::fs::read(&d.outbox_path).unwrap();
    // Every line of the .eml ends in CRLF (no bare LF on the wire).
    assert!(!eml.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r'));
    let o = orders_from_message(&eml).unwrap();
    assert_eq!(o.toml, template());
    assert_eq!(
        o.source,
        OrdersSource::Attachment {
            name: "g1-004-red.toml".into()
        }
    );
    assert_eq!(
        o.message_id.as_deref(),
        Some("<blitz.g1.3-blue@example.com>")
    );
}

#[test]
fn quoted_reply_flowed_8bit_gives_the_exact_orders() {
    let body = flow(&quoted_report_with_orders("> "));
    assert!(
        body.lines().any(|l| l.ends_with(' ')),
        "the test wraps a line"
    );
    let msg = format!(
        "{}{}",
        reply_headers(
            "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n\
             Content-Transfer-Encoding: 8bit\r\n\r\n"
        ),
        crlf(&body)
    );
    let o = orders_from_message(msg.as_bytes()).unwrap();
    assert_eq!(o.toml, filled_orders());
    assert!(matches!(
        o.source,
        OrdersSource::Body { quote_depth: 1, .. }
    ));
    assert_eq!(
        o.in_reply_to.as_deref(),
        Some("<blitz.g1.3-blue@example.com>")
    );
    assert_eq!(
        o.subject.as_deref(),
        Some("Re: [Blitzkrieg g1] Turn 3 Blue \u{2192} Red: report")
    );
}

#[test]
fn quoted_reply_in_quoted_printable_with_html_alternative_gives_the_exact_orders() {
    for prefix in ["> ", ">", "> > "] {
        let text = crlf(&quoted_report_with_orders(prefix));
        let qp = String::from_utf8(quoted_printable::encode(text.as_bytes())).unwrap();
        assert!(
            qp.contains("=\r\n") && qp.contains("=C3"),
            "soft breaks and UTF-8"
        );
        let msg = format!(
            "{}\r\n--alt\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\
             Content-Transfer-Encoding: quoted-printable\r\n\r\n{qp}\r\n\
             --alt\r\nContent-Type: text/html; charset=\"UTF-8\"\r\n\r\n<p>orders</p>\r\n--alt--\r\n",
            reply_headers("Content-Type: multipart/alternative; boundary=\"alt\"\r\n")
        );
        let o = orders_from_message(msg.as_bytes()).unwrap();
        assert_eq!(o.toml, filled_orders(), "prefix {prefix:?}");
    }
}

#[test]
fn unquoted_answer_above_the_quoted_report_wins() {
    // The player pastes the filled block at the top; the quoted report below still
    // holds the blank template.
    let mut body = format!(
        "My orders:\n\n{BEGIN_MARKER}\n{}{END_MARKER}\n\n",
        filled_orders()
    );
    body.push_str("On 24/11/2026 19:00, Blitz Umpire wrote:\n");
    for l in support::report_text().lines() {
        body.push_str("> ");
        body.push_str(l);
        body.push('\n');
    }
    let msg = format!(
        "{}{}",
        reply_headers("Content-Type: text/plain; charset=utf-8\r\n\r\n"),
        crlf(&body)
    );
    let o = orders_from_message(msg.as_bytes()).unwrap();
    assert_eq!(o.toml, filled_orders());
    assert_eq!(
        o.source,
        OrdersSource::Body {
            first_line: 4,
            last_line: 16,
            quote_depth: 0
        }
    );
    // An error on line 10 of the orders is on line 13 of the body.
    assert_eq!(o.line_offset, 3);
    assert_eq!(o.source_line(10), 13);
}

#[test]
fn attached_order_file_is_returned_byte_for_byte() {
    let b64 = base64::engine::general_purpose::STANDARD.encode(filled_orders());
    let wrapped: Vec<String> = b64
        .as_bytes()
        .chunks(76)
        .map(|c| String::from_utf8(c.to_vec()).unwrap())
        .collect();
    let msg = format!(
        "{}\r\n--mix\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nOrders attached.\r\n\
         --mix\r\nContent-Type: application/octet-stream; name=\"g1-004-red.toml\"\r\n\
         Content-Disposition: attachment; filename=\"g1-004-red.toml\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{}\r\n--mix--\r\n",
        reply_headers("Content-Type: multipart/mixed; boundary=\"mix\"\r\n"),
        wrapped.join("\r\n")
    );
    let o = orders_from_message(msg.as_bytes()).unwrap();
    assert_eq!(o.toml, filled_orders());
    assert_eq!(o.source.to_string(), "attachment g1-004-red.toml");
    assert_eq!(o.line_offset, 0);
}

#[test]
fn attachment_in_quoted_printable_with_an_rfc2231_name() {
    let qp =
        String::from_utf8(quoted_printable::encode(crlf(&filled_orders()).as_bytes())).unwrap();
    let msg = format!(
        "{}\r\n--mix\r\nContent-Type: text/plain\r\n\r\nsee attachment\r\n\
         --mix\r\nContent-Type: text/x-toml; charset=utf-8\r\n\
         Content-Disposition: attachment;\r\n filename*=UTF-8''Befehle%20Zug%204.toml\r\n\
         Content-Transfer-Encoding: quoted-printable\r\n\r\n{qp}\r\n--mix--\r\n",
        reply_headers("Content-Type: multipart/mixed; boundary=mix\r\n")
    );
    let o = orders_from_message(msg.as_bytes()).unwrap();
    assert_eq!(o.toml, filled_orders());
    assert_eq!(o.source.to_string(), "attachment Befehle Zug 4.toml");
}

#[test]
fn reply_built_by_lettre_with_the_file_attached_round_trips() {
    use lettre::message::{header::ContentType, Attachment, MultiPart, SinglePart};
    let reply = lettre::Message::builder()
        .from("Rob Red <red@example.net>".parse().unwrap())
        .to("umpire@example.com".parse().unwrap())
        .subject("Re: [Blitzkrieg g1] Turn 3 Blue \u{2192} Red: report")
        .in_reply_to("<blitz.g1.3-blue@example.com>".into())
        .multipart(
            MultiPart::mixed()
                .singlepart(SinglePart::plain("Orders attached. Grüße".to_string()))
                .singlepart(Attachment::new("Zürich-orders.toml".into()).body(
                    filled_orders(),
                    ContentType::parse("application/toml").unwrap(),
                )),
        )
        .unwrap();
    let o = orders_from_message(&reply.formatted()).unwrap();
    assert_eq!(o.toml, filled_orders());
    assert_eq!(o.source.to_string(), "attachment Zürich-orders.toml");
}

#[test]
fn mbox_with_one_reply_and_an_escaped_from_line() {
    let mut body = quoted_report_with_orders("> ");
    body.push_str("\n>From the front: good luck.\n");
    let msg = format!(
        "{}{}",
        reply_headers("Content-Type: text/plain; charset=utf-8\r\n\r\n"),
        body
    );
    let mbox = format!(
        "From red@example.net Tue Nov 24 19:15:00 2026\n{}",
        msg.replace("\r\n", "\n")
    );
    let o = orders_from_message(mbox.as_bytes()).unwrap();
    assert_eq!(o.toml, filled_orders());
    let two =
        format!("{mbox}\nFrom blue@example.org Tue Nov 24 19:16:00 2026\nFrom: b@x.org\n\nhi\n");
    assert!(matches!(
        orders_from_message(two.as_bytes()),
        Err(MailError::SeveralMessages { count: 2 })
    ));
}

#[test]
fn html_only_reply_is_refused_with_a_hint() {
    let msg = format!(
        "{}<p>{BEGIN_MARKER}</p>\r\n",
        reply_headers("Content-Type: text/html; charset=utf-8\r\n\r\n")
    );
    match orders_from_message(msg.as_bytes()) {
        Err(MailError::NoOrders { reason }) => assert!(reason.contains("HTML"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn outbox_keeps_one_message_per_turn_and_never_overwrites_a_different_one() {
    let outbox = tempfile::tempdir().unwrap();
    let turn = sample_turn();
    let first = deliver(&turn, &Transport::Outbox, outbox.path()).unwrap();
    assert_eq!(first.outbox, OutboxWrite::Written);
    assert_eq!(first.outbox_path, outbox.path().join("blitz-g1-3-blue.eml"));
    let bytes = std::fs::read(&first.outbox_path).unwrap();
    let again = deliver(&turn, &Transport::Outbox, outbox.path()).unwrap();
    assert_eq!(again.outbox, OutboxWrite::Unchanged);
    // The same turn built later (a retry after a failed send): the copy there is kept.
    let mut later = turn.clone();
    later.date += chrono::Duration::seconds(1);
    let retry = deliver(&later, &Transport::Outbox, outbox.path()).unwrap();
    assert_eq!(retry.outbox, OutboxWrite::EarlierDate);
    let mut other = turn.clone();
    other.report.push_str("A different result.\n");
    match deliver(&other, &Transport::Outbox, outbox.path()) {
        Err(MailError::OutboxConflict { path }) => assert_eq!(path, first.outbox_path),
        other => panic!("{other:?}"),
    }
    assert_eq!(std::fs::read(&first.outbox_path).unwrap(), bytes);
    assert_eq!(all_files(outbox.path()).len(), 1, "no temporary files left");
}

fn run_cli(dir: &Path, extra: &[&str]) -> std::process::Output {
    Command::cargo_bin("blitz")
        .unwrap()
        .current_dir(dir)
        .args([
            "mail",
            "--game",
            "g1",
            "--turn",
            "3-Blue",
            "--from",
            "blue",
            "--to",
            "red",
            "--blue",
            "Ann Blue <blue@example.org>",
            "--red",
            "Rob Red <red@example.net>",
            "--sender",
            "Blitz Umpire <umpire@example.com>",
            "--report",
            "report.txt",
            "--attach",
            "g1-004-red.toml",
        ])
        .args(extra)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap()
}

#[test]
fn cli_writes_the_outbox_by_default_and_resending_is_safe() {
    let work = tempfile::tempdir().unwrap();
    std::fs::write(work.path().join("report.txt"), support::report_text()).unwrap();
    std::fs::write(work.path().join("g1-004-red.toml"), template()).unwrap();
    let date = ["--date", "2026-11-24T18:00:00Z"];
    let out = run_cli(work.path(), &date);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    // What was written and sent is a message: on standard error, none on standard output.
    assert!(
        stderr.contains("wrote outbox/blitz-g1-3-blue.eml"),
        "{stderr}"
    );
    assert!(stderr.contains("not sent"), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    let eml = work.path().join("outbox/blitz-g1-3-blue.eml");
    let bytes = std::fs::read(&eml).unwrap();
    let o = orders_from_message(&bytes).unwrap();
    assert_eq!(o.toml, template());

    let out = run_cli(work.path(), &date);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already in the outbox, unchanged"));

    let out = run_cli(work.path(), &["--date", "2026-11-25T18:00:00Z"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("only its Date differs"));
    assert_eq!(std::fs::read(&eml).unwrap(), bytes, "the copy is untouched");

    std::fs::write(work.path().join("report.txt"), "another report\n").unwrap();
    let out = run_cli(work.path(), &date);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("different message"), "{stderr}");
    assert_eq!(std::fs::read(&eml).unwrap(), bytes, "the copy is untouched");
}

/// A stand-in sendmail writing its arguments and standard input into `dir`.
fn fake_sendmail(dir: &Path, exit: i32) -> std::path::PathBuf {
    let script = dir.join("sendmail");
    let body = format!(
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{args}'\ncat > '{msg}'\n{fail}exit {exit}\n",
        args = dir.join("args").display(),
        msg = dir.join("message").display(),
        fail = if exit != 0 {
            "echo 'sendmail: queue file write error' >&2\n"
        } else {
            ""
        },
    );
    std::fs::write(&script, body).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    script
}

#[cfg(unix)]
#[test]
fn sendmail_gets_the_outbox_bytes_and_the_envelope() {
    let tools = tempfile::tempdir().unwrap();
    let script = fake_sendmail(tools.path(), 0);
    let outbox = tempfile::tempdir().unwrap();
    let d = deliver(
        &sample_turn(),
        &Transport::Sendmail(Some(script.clone())),
        outbox.path(),
    )
    .unwrap();
    assert!(matches!(d.sent, Sent::Sendmail { .. }));
    let args = std::fs::read_to_string(tools.path().join("args")).unwrap();
    assert_eq!(
        args.lines().collect::<Vec<_>>(),
        [
            "-i",
            "-f",
            "umpire@example.com",
            "--",
            "blue@example.org",
            "red@example.net"
        ]
    );
    assert_eq!(
        std::fs::read(tools.path().join("message")).unwrap(),
        std::fs::read(&d.outbox_path).unwrap()
    );
}

#[cfg(unix)]
#[test]
fn failing_sendmail_is_reported_with_its_message_and_the_copy_stays() {
    let tools = tempfile::tempdir().unwrap();
    let script = fake_sendmail(tools.path(), 75);
    let outbox = tempfile::tempdir().unwrap();
    let err = deliver(
        &sample_turn(),
        &Transport::Sendmail(Some(script)),
        outbox.path(),
    )
    .unwrap_err();
    match &err {
        MailError::NotSent {
            outbox: kept,
            cause: SendError::Sendmail { reason, .. },
            ..
        } => {
            assert!(reason.contains("queue file write error"), "{reason}");
            assert!(kept.exists());
        }
        other => panic!("{other:?}"),
    }
    let missing = deliver(
        &sample_turn(),
        &Transport::Sendmail(Some(tools.path().join("no-such-sendmail"))),
        outbox.path(),
    )
    .unwrap_err();
    assert!(
        matches!(
            missing,
            MailError::NotSent {
                cause: SendError::Sendmail { .. },
                ..
            }
        ),
        "{missing:?}"
    );
}
