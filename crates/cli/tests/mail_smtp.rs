//! Sending a turn through a real SMTP server on 127.0.0.1 (aiosmtpd, see
//! tests/support/smtp_sink.py): what arrives, and the distinct errors when the server
//! refuses a recipient, is not there, wants TLS or a login.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use assert_cmd::Command;
use pbem::mail::{
    self, deliver, resend, MailError, Secret, SendError, Sent, SmtpSettings, TlsMode, Transport,
};
use std::time::Duration;
use support::{all_files, ca_pem, sample_turn, Sink, SinkOptions, PASSWORD};

/// The received bytes are the sent ones, give or take the CRLF the DATA framing adds.
fn same_message(received: &[u8], sent: &[u8]) -> bool {
    received == sent || received.strip_suffix(b"\r\n") == Some(sent)
}

fn plain(port: u16) -> Transport {
    let mut s = SmtpSettings::new("127.0.0.1", TlsMode::None);
    s.port = port;
    s.timeout = Duration::from_secs(10);
    Transport::Smtp(s)
}

fn tls(port: u16, mode: TlsMode, host: &str) -> SmtpSettings {
    let mut s = SmtpSettings::new(host, mode);
    s.port = port;
    s.timeout = Duration::from_secs(10);
    s.ca_cert_pem = Some(ca_pem());
    s
}

#[test]
fn smtp_delivers_one_message_to_both_players_with_headers_body_and_attachments() {
    let Some(sink) = Sink::start(SinkOptions::default()) else {
        return;
    };
    let outbox = tempfile::tempdir().unwrap();
    let turn = sample_turn();
    let d = deliver(&turn, &plain(sink.port), outbox.path()).unwrap();
    let Sent::Smtp(receipt) = &d.sent else {
        panic!("{d:?}")
    };
    assert!(receipt.reply.starts_with("250"), "{receipt:?}");
    assert_eq!(receipt.accepted, ["blue@example.org", "red@example.net"]);

    let got = sink.wait_for(1);
    assert_eq!(got.len(), 1, "one message for both players");
    let m = &got[0];
    assert_eq!(m.parse_error, None);
    assert_eq!(m.mail_from, "umpire@example.com");
    assert_eq!(m.rcpt, ["blue@example.org", "red@example.net"]);
    assert_eq!(
        m.header("Subject"),
        Some("[Blitzkrieg g1] Turn 3 Blue \u{2192} Red: report")
    );
    assert_eq!(
        m.header("Message-ID"),
        Some("<blitz.g1.3-blue@example.com>")
    );
    assert_eq!(
        m.header("In-Reply-To"),
        Some("<blitz.g1.2-red@example.com>")
    );
    assert_eq!(
        m.header("References"),
        Some("<blitz.g1.1-blue@example.com> <blitz.g1.2-red@example.com>")
    );
    assert_eq!(m.header("Date"), Some("Tue, 24 Nov 2026 18:00:00 +0000"));
    assert_eq!(m.header("X-Blitz-Turn"), Some("3-Blue"));
    assert_eq!(m.body, turn.report);
    let want: Vec<(String, String, Vec<u8>)> = turn
        .attachments
        .iter()
        .map(|a| {
            let ct = a.mime_type.split(';').next().unwrap().to_string();
            (a.name.clone(), ct, a.bytes.clone())
        })
        .collect();
    assert_eq!(m.attachments, want);
    // What arrived is the outbox copy, byte for byte (lettre's DATA framing adds one
    // CRLF after a message that already ends with one).
    let copy = std::fs::read(&d.outbox_path).unwrap();
    assert!(
        same_message(&m.raw, &copy),
        "the received message differs from the outbox copy"
    );
}

#[test]
fn cli_sends_with_smtp_to_loopback() {
    let Some(sink) = Sink::start(SinkOptions::default()) else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let report = work.path().join("report.txt");
    std::fs::write(&report, support::report_text()).unwrap();
    let template = work.path().join("g1-004-red.toml");
    std::fs::write(&template, support::template()).unwrap();
    let out = Command::cargo_bin("blitz")
        .unwrap()
        .current_dir(work.path())
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
            "umpire@example.com",
            "--date",
            "2026-11-24T19:00:00+01:00",
            "--in-reply-to",
            "<blitz.g1.2-red@example.com>",
        ])
        .arg("--report")
        .arg(&report)
        .arg("--attach")
        .arg(&template)
        .args([
            "--smtp",
            &format!("127.0.0.1:{}", sink.port),
            "--tls",
            "none",
        ])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(
        stderr.contains("sent <blitz.g1.3-blue@example.com> by SMTP"),
        "{stderr}"
    );
    let got = sink.wait_for(1);
    assert_eq!(got.len(), 1);
    assert_eq!(
        got[0].header("Date"),
        Some("Tue, 24 Nov 2026 18:00:00 +0000")
    );
    assert_eq!(got[0].attachments[0].0, "g1-004-red.toml");
    assert_eq!(got[0].attachments[0].1, "application/toml");
    assert_eq!(got[0].attachments[0].2, support::template().into_bytes());
    assert!(work.path().join("outbox/blitz-g1-3-blue.eml").exists());
}

#[test]
fn rejected_recipient_is_named_with_the_server_reply_and_nothing_is_sent() {
    let Some(sink) = Sink::start(SinkOptions {
        reject: vec!["red@example.net".into()],
        ..SinkOptions::default()
    }) else {
        return;
    };
    let outbox = tempfile::tempdir().unwrap();
    let turn = sample_turn();
    let err = deliver(&turn, &plain(sink.port), outbox.path()).unwrap_err();
    match &err {
        MailError::NotSent {
            outbox: kept,
            cause: SendError::RecipientsRejected { rejected },
            ..
        } => {
            assert_eq!(rejected.len(), 1);
            assert_eq!(rejected[0].address, "red@example.net");
            assert!(
                rejected[0].reply.starts_with("550"),
                "{}",
                rejected[0].reply
            );
            assert!(
                rejected[0].reply.contains("User unknown"),
                "{}",
                rejected[0].reply
            );
            assert!(kept.exists(), "the outbox copy is kept");
            assert_eq!(std::fs::read(kept).unwrap(), turn.formatted().unwrap());
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("red@example.net"));
    // Blue did not get it either: both players or neither.
    std::thread::sleep(Duration::from_millis(300));
    assert!(sink.received().is_empty());
}

#[test]
fn nothing_listening_is_a_connection_error_and_the_outbox_copy_stays() {
    let port = support::free_port();
    let outbox = tempfile::tempdir().unwrap();
    let err = deliver(&sample_turn(), &plain(port), outbox.path()).unwrap_err();
    match &err {
        MailError::NotSent {
            outbox: kept,
            cause:
                SendError::Connect {
                    host,
                    port: p,
                    reason,
                },
            ..
        } => {
            assert_eq!(host, "127.0.0.1");
            assert_eq!(*p, port);
            assert!(reason.contains("refused"), "{reason}");
            assert!(kept.exists());
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("is kept"), "{err}");
}

#[test]
fn cli_reports_a_failed_send_with_exit_2_and_keeps_the_copy() {
    let port = support::free_port();
    let work = tempfile::tempdir().unwrap();
    let smtp = format!("127.0.0.1:{port}");
    let out = mail_turn(
        work.path(),
        &[
            "--date",
            "2026-01-01T00:00:00Z",
            "--tls",
            "none",
            "--smtp",
            &smtp,
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("could not connect"), "{stderr}");
    assert!(stderr.contains("--resend"), "{stderr}");
    assert!(work.path().join("outbox/blitz-g1-1-blue.eml").exists());
}

#[test]
fn resend_after_a_failure_delivers_the_outbox_copy_unchanged() {
    let outbox = tempfile::tempdir().unwrap();
    let turn = sample_turn();
    let err = deliver(&turn, &plain(support::free_port()), outbox.path()).unwrap_err();
    let MailError::NotSent { outbox: kept, .. } = err else {
        panic!("{err:?}")
    };
    let Some(sink) = Sink::start(SinkOptions::default()) else {
        return;
    };
    let d = resend(&kept, &plain(sink.port)).unwrap();
    assert_eq!(d.message_id, "<blitz.g1.3-blue@example.com>");
    let got = sink.wait_for(1);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].rcpt, ["blue@example.org", "red@example.net"]);
    assert_eq!(got[0].mail_from, "umpire@example.com");
    assert!(same_message(&got[0].raw, &std::fs::read(&kept).unwrap()));
    // Delivering the same turn again leaves the identical copy alone and sends again.
    let again = deliver(&turn, &plain(sink.port), outbox.path()).unwrap();
    assert_eq!(again.outbox, mail::OutboxWrite::Unchanged);
    assert_eq!(sink.wait_for(2).len(), 2);
}

#[test]
fn starttls_with_login_works_and_the_password_is_written_nowhere() {
    let Some(sink) = Sink::start(SinkOptions {
        tls: Some("starttls"),
        auth_user: Some("umpire".into()),
        password: Some(PASSWORD.into()),
        ..SinkOptions::default()
    }) else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    std::fs::write(work.path().join("report.txt"), support::report_text()).unwrap();
    std::fs::write(work.path().join("ca.pem"), ca_pem()).unwrap();
    std::fs::write(
        work.path().join("mail.toml"),
        format!(
            "transport = \"smtp\"\noutbox = \"sent-mail\"\n[smtp]\nhost = \"localhost\"\n\
             port = {}\ntls = \"starttls\"\nuser = \"umpire\"\nca_cert = \"ca.pem\"\n\
             timeout_secs = 10\n",
            sink.port
        ),
    )
    .unwrap();
    let out = Command::cargo_bin("blitz")
        .unwrap()
        .current_dir(work.path())
        .env("BLITZ_SMTP_PASSWORD", PASSWORD)
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
            "b@example.org",
            "--red",
            "r@example.org",
            "--sender",
            "u@example.org",
            "--date",
            "2026-01-01T00:00:00Z",
            "--report",
            "report.txt",
            "--config",
            "mail.toml",
        ])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stdout}{stderr}");
    let got = sink.wait_for(1);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].login.as_deref(), Some("umpire"));
    let written = all_files(work.path());
    assert!(
        written
            .iter()
            .any(|p| p.ends_with("sent-mail/blitz-g1-3-blue.eml")),
        "{written:?}"
    );
    for path in &written {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains(PASSWORD),
            "password found in {}",
            path.display()
        );
    }
    assert!(!stdout.contains(PASSWORD) && !stderr.contains(PASSWORD));
    // The same through the library, with the password from a password command.
    let source = mail::PasswordSource {
        env: Some("BLITZ_TEST_NO_SUCH_VARIABLE".into()),
        command: Some(format!("echo {PASSWORD}")),
    };
    let mut s = tls(sink.port, TlsMode::StartTls, "127.0.0.1");
    s.user = Some("umpire".into());
    s.password = mail::password_from_sources(&source).unwrap();
    let outbox = tempfile::tempdir().unwrap();
    let d = deliver(&sample_turn(), &Transport::Smtp(s.clone()), outbox.path()).unwrap();
    assert!(matches!(d.sent, Sent::Smtp(_)));
    assert!(!format!("{d:?}{s:?}").contains(PASSWORD));
    for path in all_files(outbox.path()) {
        assert!(!String::from_utf8_lossy(&std::fs::read(&path).unwrap()).contains(PASSWORD));
    }
}

#[test]
fn wrong_password_is_an_authentication_error_with_the_server_reply() {
    let Some(sink) = Sink::start(SinkOptions {
        tls: Some("starttls"),
        auth_user: Some("umpire".into()),
        password: Some(PASSWORD.into()),
        ..SinkOptions::default()
    }) else {
        return;
    };
    let mut s = tls(sink.port, TlsMode::StartTls, "localhost");
    s.user = Some("umpire".into());
    s.password = Some(Secret::new("wrong-password-123".into()));
    let outbox = tempfile::tempdir().unwrap();
    let err = deliver(&sample_turn(), &Transport::Smtp(s), outbox.path()).unwrap_err();
    match &err {
        MailError::NotSent {
            cause: SendError::Auth { user, reply },
            outbox: kept,
            ..
        } => {
            assert_eq!(user, "umpire");
            assert!(reply.starts_with("535"), "{reply}");
            assert!(kept.exists());
        }
        other => panic!("{other:?}"),
    }
    assert!(!format!("{err} {err:?}").contains("wrong-password-123"));
}

#[test]
fn untrusted_certificate_is_a_tls_error() {
    let Some(sink) = Sink::start(SinkOptions {
        tls: Some("starttls"),
        ..SinkOptions::default()
    }) else {
        return;
    };
    let mut s = tls(sink.port, TlsMode::StartTls, "127.0.0.1");
    s.ca_cert_pem = None; // only the public roots: the test CA is unknown
    let outbox = tempfile::tempdir().unwrap();
    let err = deliver(&sample_turn(), &Transport::Smtp(s), outbox.path()).unwrap_err();
    match &err {
        MailError::NotSent {
            cause: SendError::Tls { reason, .. },
            ..
        } => assert!(reason.to_lowercase().contains("certificate"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn implicit_tls_delivers_and_a_plain_server_on_a_tls_setting_fails_as_tls() {
    let Some(sink) = Sink::start(SinkOptions {
        tls: Some("implicit"),
        ..SinkOptions::default()
    }) else {
        return;
    };
    let outbox = tempfile::tempdir().unwrap();
    let s = tls(sink.port, TlsMode::Implicit, "localhost");
    let d = deliver(&sample_turn(), &Transport::Smtp(s), outbox.path()).unwrap();
    assert!(matches!(d.sent, Sent::Smtp(_)));
    assert_eq!(sink.wait_for(1).len(), 1);

    let Some(plain_sink) = Sink::start(SinkOptions::default()) else {
        return;
    };
    let outbox = tempfile::tempdir().unwrap();
    let s = tls(plain_sink.port, TlsMode::Implicit, "127.0.0.1");
    let err = deliver(&sample_turn(), &Transport::Smtp(s), outbox.path()).unwrap_err();
    assert!(
        matches!(
            err,
            MailError::NotSent {
                cause: SendError::Tls { .. },
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn starttls_asked_of_a_server_without_it_is_refused_before_anything_is_sent() {
    let Some(sink) = Sink::start(SinkOptions::default()) else {
        return;
    };
    let outbox = tempfile::tempdir().unwrap();
    let s = tls(sink.port, TlsMode::StartTls, "127.0.0.1");
    let err = deliver(&sample_turn(), &Transport::Smtp(s), outbox.path()).unwrap_err();
    assert!(
        matches!(
            err,
            MailError::NotSent {
                cause: SendError::StartTlsUnsupported { .. },
                ..
            }
        ),
        "{err:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(sink.received().is_empty());
}

#[test]
fn plain_smtp_to_a_remote_host_is_refused_without_insecure() {
    let outbox = tempfile::tempdir().unwrap();
    let mut s = SmtpSettings::new("smtp.example.org", TlsMode::None);
    s.port = 25;
    let err = deliver(&sample_turn(), &Transport::Smtp(s), outbox.path()).unwrap_err();
    assert!(matches!(err, MailError::PlainNotAllowed { .. }), "{err:?}");
    // Refused before anything is written or any connection is tried.
    assert!(all_files(outbox.path()).is_empty());
}

/// `blitz mail` with a built turn's flags, in `dir`, with `extra` flags.
fn mail_turn(dir: &std::path::Path, extra: &[&str]) -> std::process::Output {
    std::fs::write(dir.join("report.txt"), "report\n").unwrap();
    Command::cargo_bin("blitz")
        .unwrap()
        .current_dir(dir)
        .args([
            "mail",
            "--game",
            "g1",
            "--turn",
            "1-Blue",
            "--from",
            "blue",
            "--to",
            "red",
            "--blue",
            "b@example.org",
            "--red",
            "r@example.org",
            "--sender",
            "u@example.org",
            "--report",
            "report.txt",
        ])
        .args(extra)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap()
}

/// 30.8: a send that failed (STARTTLS asked of a server without it) is retried by the
/// same command with the transport put right, minutes later: the copy written by the
/// failed run, Date and all, is what is sent, without `--resend`.
#[test]
fn a_failed_send_is_retried_by_the_same_command_at_a_later_date() {
    let Some(sink) = Sink::start(SinkOptions::default()) else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let smtp = format!("127.0.0.1:{}", sink.port);
    let first = mail_turn(
        work.path(),
        &["--smtp", &smtp, "--date", "2026-11-24T18:00:00Z"],
    );
    assert_eq!(first.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(stderr.contains("same command again"), "{stderr}");
    let eml = work.path().join("outbox/blitz-g1-1-blue.eml");
    let kept = std::fs::read(&eml).unwrap();
    let retry = mail_turn(
        work.path(),
        &[
            "--smtp",
            &smtp,
            "--tls",
            "none",
            "--date",
            "2026-11-24T18:07:00Z",
        ],
    );
    let stderr = String::from_utf8_lossy(&retry.stderr);
    assert!(retry.status.success(), "{stderr}");
    assert!(stderr.contains("only its Date differs"), "{stderr}");
    assert!(
        stderr.contains("sent <blitz.g1.1-blue@example.org> by SMTP"),
        "{stderr}"
    );
    let got = sink.wait_for(1);
    assert_eq!(got.len(), 1);
    assert_eq!(
        got[0].header("Date"),
        Some("Tue, 24 Nov 2026 18:00:00 +0000")
    );
    assert!(same_message(&got[0].raw, &kept));
    assert_eq!(std::fs::read(&eml).unwrap(), kept, "the copy is untouched");
}

/// 30.8: `--resend` with no transport has nothing to do, and says so with a failure.
#[test]
fn resend_without_a_transport_fails_naming_the_transports() {
    let work = tempfile::tempdir().unwrap();
    let out = mail_turn(work.path(), &["--date", "2026-11-24T18:00:00Z"]);
    assert!(out.status.success());
    let eml = work.path().join("outbox/blitz-g1-1-blue.eml");
    let out = Command::cargo_bin("blitz")
        .unwrap()
        .args(["mail", "--resend"])
        .arg(&eml)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("nothing was sent"), "{stderr}");
    assert!(stderr.contains("--smtp HOST"), "{stderr}");
}
