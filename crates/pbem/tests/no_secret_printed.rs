//! No secret printed, ever: a broken mail config, a failing password command, an SMTP
//! server that echoes the credentials, and the sendmail child's environment.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use base64::Engine;
use pbem::mail::{
    deliver, password_from_sources, MailAttachment, MailConfig, MailError, PasswordSource, Player,
    Secret, SmtpSettings, TlsMode, Transport, TurnMail,
};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::Path;

const PASSWORD: &str = "hunter2-Zq9";

fn sample_turn() -> TurnMail {
    TurnMail {
        game: "g1".into(),
        turn: "3-Blue".into(),
        from_side: "Blue".into(),
        to_side: "Red".into(),
        players: vec![
            (
                "Blue".into(),
                Player {
                    name: "Ann".into(),
                    address: "blue@example.org".into(),
                },
            ),
            (
                "Red".into(),
                Player {
                    name: "Rob".into(),
                    address: "red@example.net".into(),
                },
            ),
        ],
        sender: "umpire@example.com".into(),
        report: "Turn 3.\n".into(),
        attachments: vec![MailAttachment {
            name: "a.toml".into(),
            mime_type: "application/toml".into(),
            bytes: b"x = 1\n".to_vec(),
        }],
        in_reply_to: None,
        references: Vec::new(),
        date: chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap(),
        correction: None,
        subject: pbem::mail::Subject::default(),
    }
}

#[test]
fn a_config_error_names_the_line_and_key_but_never_the_password() {
    for (text, line, key) in [
        (
            format!("[smtp]\nhost = \"h\"\npasword = \"{PASSWORD}\"\n"),
            3,
            "pasword",
        ),
        (
            format!("[smtp]\npassword_command = \"echo {PASSWORD}\n"),
            2,
            "password_command",
        ),
        (format!("[smtp]\nport = \"{PASSWORD}\"\n"), 2, "port"),
        (format!("[smtp]\nuser = {PASSWORD}\n"), 2, "user"),
    ] {
        let err = MailConfig::from_toml(&text, Path::new("mail.toml")).unwrap_err();
        assert!(matches!(err, MailError::Config { .. }), "{err:?}");
        let shown = format!("{err} {err:?}");
        assert!(!shown.contains(PASSWORD), "{shown}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("mail.toml"), "{shown}");
        assert!(shown.contains(&format!("line {line}")), "{shown}");
        assert!(shown.contains(&format!("`{key}`")), "{shown}");
    }
}

#[test]
fn a_failing_password_command_is_shown_without_the_password() {
    let source = PasswordSource {
        env: Some("BLITZ_TEST_VARIABLE_NOBODY_SETS".into()),
        command: Some(format!(
            "printf '{PASSWORD}\\n'; echo \"cannot unlock {PASSWORD}; password={PASSWORD}x\" >&2; exit 3"
        )),
    };
    let err = password_from_sources(&source).unwrap_err();
    let shown = format!("{err} {err:?}");
    assert!(matches!(err, MailError::PasswordCommand { .. }), "{shown}");
    assert!(shown.contains("exited with"), "{shown}");
    assert!(!shown.contains("hunter2"), "{shown}");
}

/// A failing password command that prints the password (read from a file, as a
/// password store does) on standard error only, or in part of a line of its output:
/// none of it is shown.
#[test]
fn a_failing_password_command_printing_it_anywhere_is_not_shown() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    std::fs::write(&store, format!("{PASSWORD}\n")).unwrap();
    let store = store.display();
    for command in [
        format!("cat '{store}' >&2; exit 1"),
        format!("printf 'the password is '; cat '{store}'; cat '{store}' >&2; exit 1"),
        format!("printf 'pw '; cat '{store}' | tr -d '\\n'; printf ' ok'; exit 2"),
        format!("echo \"cannot unlock $(cat '{store}')\" >&2; exit 3"),
    ] {
        let source = PasswordSource {
            env: Some("BLITZ_TEST_VARIABLE_NOBODY_SETS".into()),
            command: Some(command.clone()),
        };
        let err = password_from_sources(&source).unwrap_err();
        let shown = format!("{err} {err:?}");
        assert!(matches!(err, MailError::PasswordCommand { .. }), "{shown}");
        assert!(!shown.contains("hunter2"), "{command}: {shown}");
    }
}

/// The password written as a key of the config file (a table, a key, a misplaced
/// line) is never shown, where a misspelt key is.
#[test]
fn a_password_written_as_a_config_key_is_not_shown() {
    for text in [
        format!("[smtp]\n{PASSWORD} = \"x\"\n"),
        format!("{PASSWORD} = 1\n"),
        format!("[{PASSWORD}]\nhost = \"h\"\n"),
        format!("[smtp]\n{PASSWORD}\n"),
        format!("[smtp]\nuser = \"u\"\n{PASSWORD} =\n"),
    ] {
        let err = MailConfig::from_toml(&text, Path::new("mail.toml")).unwrap_err();
        let shown = format!("{err} {err:?}");
        assert!(!shown.contains("hunter2"), "{text}: {shown}");
        assert!(shown.contains("mail.toml"), "{shown}");
    }
    let err = MailConfig::from_toml("[smtp]\nhots = \"h\"\n", Path::new("m.toml")).unwrap_err();
    assert!(err.to_string().contains("`hots`"), "{err}");
}

/// A one-connection SMTP server that refuses every login and echoes what it was sent.
fn echoing_server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut out = stream.try_clone().unwrap();
        let mut lines = BufReader::new(stream);
        out.write_all(b"220 echo ESMTP\r\n").unwrap();
        let mut line = String::new();
        while lines.read_line(&mut line).unwrap_or(0) > 0 {
            let said = line.trim_end().to_string();
            line.clear();
            let reply = if said.starts_with("EHLO") {
                "250-echo\r\n250 AUTH PLAIN LOGIN\r\n".to_string()
            } else if said.starts_with("AUTH") {
                format!("535 5.7.8 refused {said} password={PASSWORD}\r\n")
            } else if said.starts_with("QUIT") {
                "221 bye\r\n".to_string()
            } else {
                format!("500 what is {said}\r\n")
            };
            if out.write_all(reply.as_bytes()).is_err() {
                break;
            }
        }
    });
    port
}

#[test]
fn a_server_reply_that_echoes_the_credentials_is_shown_without_them() {
    let port = echoing_server();
    let mut settings = SmtpSettings::new("127.0.0.1", TlsMode::None);
    settings.port = port;
    settings.user = Some("umpire".into());
    settings.password = Some(Secret::new(PASSWORD.into()));
    let outbox = tempfile::tempdir().unwrap();
    let err = deliver(&sample_turn(), &Transport::Smtp(settings), outbox.path()).unwrap_err();
    let shown = format!("{err} {err:?}");
    let plain = base64::engine::general_purpose::STANDARD.encode(format!("\0umpire\0{PASSWORD}"));
    assert!(shown.contains("535"), "{shown}");
    assert!(shown.contains("[redacted]"), "{shown}");
    assert!(!shown.contains(&plain), "{shown}");
    assert!(!shown.contains("hunter2"), "{shown}");
}

#[cfg(unix)]
#[test]
fn a_sendmail_child_does_not_inherit_the_password_variable() {
    use std::os::unix::fs::PermissionsExt;
    let tools = tempfile::tempdir().unwrap();
    let env_file = tools.path().join("env");
    let script = tools.path().join("sendmail");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nenv > '{}'\ncat > /dev/null\n",
            env_file.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Edition 2021: setting a variable is safe; no other test here reads these.
    std::env::set_var("BLITZ_SMTP_PASSWORD", PASSWORD);
    std::env::set_var("MY_MAIL_PASSWORD", PASSWORD);
    std::env::set_var("BLITZ_TEST_HARMLESS", "kept");
    let outbox = tempfile::tempdir().unwrap();
    deliver(
        &sample_turn(),
        &Transport::Sendmail(Some(script)),
        outbox.path(),
    )
    .unwrap();
    let env = std::fs::read_to_string(&env_file).unwrap();
    assert!(env.contains("BLITZ_TEST_HARMLESS=kept"), "{env}");
    assert!(!env.contains("BLITZ_SMTP_PASSWORD"), "{env}");
    assert!(!env.contains("MY_MAIL_PASSWORD"), "{env}");
    assert!(!env.contains(PASSWORD), "{env}");
}
