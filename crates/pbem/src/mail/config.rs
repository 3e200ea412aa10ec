//! Transport settings from a TOML config file, and the SMTP password from an
//! environment variable or a password command. A password is never read from a file or
//! a flag, never written anywhere, and never shown by `Debug`.

use super::error::MailError;
use super::redact::Redactor;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The environment variable the SMTP password is read from by default.
pub const DEFAULT_PASSWORD_ENV: &str = "BLITZ_SMTP_PASSWORD";

/// A password held in memory only. `Debug` prints `Secret(***)`; there is no `Display`
/// and no `Serialize`, so it cannot end up in a file by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: String) -> Secret {
        Secret(value)
    }

    /// The password itself, for handing to the SMTP login.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// Where the password may come from, tried in this order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PasswordSource {
    /// Environment variable to read (default [`DEFAULT_PASSWORD_ENV`] when `None`).
    pub env: Option<String>,
    /// Shell command (`sh -c`) printing the password on standard output; its last
    /// line end is removed.
    pub command: Option<String>,
}

/// Finds the password: the environment variable if it is set and not empty, else the
/// output of the password command, else `None`.
pub fn password_from_sources(source: &PasswordSource) -> Result<Option<Secret>, MailError> {
    let env = source.env.as_deref().unwrap_or(DEFAULT_PASSWORD_ENV);
    if let Some(value) = std::env::var_os(env) {
        if let Some(s) = value.to_str() {
            if !s.is_empty() {
                return Ok(Some(Secret(s.to_string())));
            }
        }
    }
    let Some(command) = &source.command else {
        return Ok(None);
    };
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| MailError::PasswordCommand {
            command: command.clone(),
            reason: format!("it could not be started: {e}"),
        })?;
    if !output.status.success() {
        // Whatever it printed may be the password, on either output and in any part of
        // a line: neither is shown. What it printed on standard output is removed from
        // the command as shown, line by line and word by word.
        let mut redactor = Redactor::default();
        let stdout = String::from_utf8_lossy(&output.stdout);
        for line in stdout.lines() {
            redactor.add(line);
        }
        for word in stdout.split_whitespace() {
            redactor.add(word);
        }
        return Err(MailError::PasswordCommand {
            command: redactor.clean(command),
            reason: format!(
                "it exited with {}; what it printed is not shown, as it may hold the \
                 password: run the command yourself to see it",
                output.status
            ),
        });
    }
    let mut text = String::from_utf8(output.stdout).map_err(|_| MailError::PasswordCommand {
        command: command.clone(),
        reason: "its output is not UTF-8".to_string(),
    })?;
    if text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
    if text.is_empty() {
        return Err(MailError::PasswordCommand {
            command: command.clone(),
            reason: "it printed nothing".to_string(),
        });
    }
    Ok(Some(Secret(text)))
}

/// The mail config file (TOML), every field optional:
///
/// ```toml
/// transport = "smtp"          # outbox | smtp | sendmail (default outbox)
/// outbox = "outbox"           # folder for the .eml copies
///
/// [smtp]
/// host = "smtp.example.org"
/// port = 587                  # default: 465 implicit, 587 starttls, 25 none
/// tls = "starttls"            # implicit | starttls | none (default starttls)
/// user = "umpire@example.org"
/// password_command = "pass show mail/umpire"
/// password_env = "BLITZ_SMTP_PASSWORD"
/// timeout_secs = 30
/// ca_cert = "my-ca.pem"       # extra trusted root for a private server
/// insecure = false            # allow plain SMTP to a non-loopback host
///
/// [sendmail]
/// program = "/usr/sbin/sendmail"
/// ```
///
/// A `password` key anywhere is refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    pub transport: Option<String>,
    pub outbox: Option<PathBuf>,
    pub smtp: Option<SmtpConfig>,
    pub sendmail: Option<SendmailConfig>,
}

/// `[smtp]` in the config file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    pub host: Option<String>,
    pub port: Option<u16>,
    pub tls: Option<String>,
    pub user: Option<String>,
    pub password_command: Option<String>,
    pub password_env: Option<String>,
    pub timeout_secs: Option<u64>,
    pub ca_cert: Option<PathBuf>,
    pub insecure: Option<bool>,
}

/// `[sendmail]` in the config file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SendmailConfig {
    pub program: Option<PathBuf>,
}

fn holds_password_key(value: &toml::Value) -> bool {
    match value {
        toml::Value::Table(t) => t.iter().any(|(k, v)| {
            let k = k.to_ascii_lowercase();
            k == "password" || k == "pass" || k == "secret" || holds_password_key(v)
        }),
        toml::Value::Array(a) => a.iter().any(holds_password_key),
        _ => false,
    }
}

impl MailConfig {
    /// Parses a config file's text; `path` is only used in error messages. Relative
    /// paths inside (`outbox`, `ca_cert`) are taken relative to the config file.
    pub fn from_toml(text: &str, path: &Path) -> Result<MailConfig, MailError> {
        let value: toml::Value = toml::from_str(text).map_err(|e| MailError::Config {
            path: path.to_path_buf(),
            reason: config_problem(text, &e),
        })?;
        if holds_password_key(&value) {
            return Err(MailError::PasswordInConfig {
                path: path.to_path_buf(),
            });
        }
        let mut config: MailConfig = toml::from_str(text).map_err(|e| MailError::Config {
            path: path.to_path_buf(),
            reason: config_problem(text, &e),
        })?;
        if let Some(t) = &config.transport {
            if !matches!(t.as_str(), "outbox" | "smtp" | "sendmail") {
                return Err(MailError::Config {
                    path: path.to_path_buf(),
                    reason: format!(
                        "transport = \"{t}\" is not one of \"outbox\", \"smtp\", \"sendmail\""
                    ),
                });
            }
        }
        if let Some(smtp) = &config.smtp {
            if let Some(tls) = &smtp.tls {
                if super::TlsMode::parse(tls).is_none() {
                    return Err(MailError::Config {
                        path: path.to_path_buf(),
                        reason: format!(
                            "tls = \"{tls}\" is not one of \"implicit\", \"starttls\", \"none\""
                        ),
                    });
                }
            }
        }
        let base = path.parent().unwrap_or(Path::new(""));
        if let Some(outbox) = &config.outbox {
            config.outbox = Some(base.join(outbox));
        }
        if let Some(smtp) = config.smtp.as_mut() {
            if let Some(ca) = &smtp.ca_cert {
                smtp.ca_cert = Some(base.join(ca));
            }
        }
        Ok(config)
    }

    /// Reads and parses a config file.
    pub fn load(path: &Path) -> Result<MailConfig, MailError> {
        let bytes =
            crate::files::read_at_most(path, MAX_CONFIG_BYTES).map_err(|e| MailError::Config {
                path: path.to_path_buf(),
                reason: e.to_string(),
            })?;
        let text = String::from_utf8(bytes).map_err(|_| MailError::Config {
            path: path.to_path_buf(),
            reason: "it is not UTF-8 text".to_string(),
        })?;
        MailConfig::from_toml(&text, path)
    }
}

/// The keys and tables of the config file, and the key it refuses (`password`).
const KNOWN_KEYS: [&str; 15] = [
    "transport",
    "outbox",
    "smtp",
    "sendmail",
    "host",
    "port",
    "tls",
    "user",
    "password_command",
    "password_env",
    "timeout_secs",
    "ca_cert",
    "insecure",
    "program",
    "password",
];

/// Whether a key of the config file may be shown in an error: one of its keys, or
/// within two letters of one (a misspelling, `pasword`). Anything else may be a
/// password written as a key, and is not shown.
fn shown_key(key: &str) -> bool {
    key.chars().count() <= 20
        && KNOWN_KEYS
            .iter()
            .any(|k| edit_distance(&key.to_ascii_lowercase(), k) <= 2)
}

/// The Levenshtein distance of two short texts.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// A mail config is a few lines; a larger file is not one.
const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// Where and what is wrong in a config file, without any value from it: the line, the
/// key on that line (the text before its `=`, or the `[table]`), and the parser's
/// message with every quoted value in it replaced, so a password typed into a
/// misspelt key or a broken line is never shown.
fn config_problem(text: &str, e: &toml::de::Error) -> String {
    let mut message = String::new();
    let mut quoted = false;
    for c in e.message().chars() {
        match c {
            '"' if quoted => {
                quoted = false;
                message.push_str("…\"");
            }
            '"' => {
                quoted = true;
                message.push('"');
            }
            _ if quoted => {}
            c => message.push(c),
        }
    }
    // A key the parser names in backquotes (an unknown field) is shown only when it
    // is a key of the file or a misspelling of one: a password typed as a key is not.
    let message: String = message
        .split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 if !shown_key(part) => "…".to_string(),
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join("`");
    let Some(span) = e.span() else {
        return message;
    };
    let start = span.start.min(text.len());
    let before = text.get(..start).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let line_text = text.lines().nth(line - 1).unwrap_or("");
    let key = match line_text.split_once('=') {
        Some((k, _)) => k.trim(),
        None if line_text.trim_start().starts_with('[') => line_text.trim(),
        None => "",
    };
    let key: String = key.chars().filter(|c| !c.is_control()).take(60).collect();
    let key = if shown_key(key.trim_matches(['[', ']', ' ', '"', '\''])) {
        key
    } else {
        String::new()
    };
    if key.is_empty() {
        format!("line {line}: {message}")
    } else {
        format!("line {line}, key `{key}`: {message}")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn secret_debug_hides_the_value() {
        let s = Secret::new("hunter2".into());
        assert_eq!(format!("{s:?}"), "Secret(***)");
    }

    #[test]
    fn config_refuses_passwords() {
        let text = "[smtp]\nhost = \"h\"\npassword = \"hunter2\"\n";
        let err = MailConfig::from_toml(text, Path::new("c.toml")).unwrap_err();
        assert!(matches!(err, MailError::PasswordInConfig { .. }));
        assert!(!err.to_string().contains("hunter2"));
    }

    #[test]
    fn config_reads_fields_and_rejects_unknown() {
        let text = "transport = \"smtp\"\noutbox = \"out\"\n[smtp]\nhost = \"h\"\nport = 587\n\
                    tls = \"starttls\"\nuser = \"u\"\npassword_command = \"echo x\"\n";
        let c = MailConfig::from_toml(text, Path::new("/etc/blitz/c.toml")).unwrap();
        assert_eq!(c.transport.as_deref(), Some("smtp"));
        assert_eq!(c.outbox, Some(PathBuf::from("/etc/blitz/out")));
        let smtp = c.smtp.unwrap();
        assert_eq!(smtp.port, Some(587));
        assert_eq!(smtp.user.as_deref(), Some("u"));
        let bad = MailConfig::from_toml("[smtp]\nhots = \"h\"\n", Path::new("c.toml"));
        assert!(matches!(bad, Err(MailError::Config { .. })));
        let bad = MailConfig::from_toml("[smtp]\ntls = \"sometimes\"\n", Path::new("c.toml"));
        assert!(matches!(bad, Err(MailError::Config { .. })));
    }

    #[test]
    fn password_command_output_without_line_end() {
        let src = PasswordSource {
            env: Some("BLITZ_TEST_UNSET_VARIABLE_FOR_PASSWORD".into()),
            command: Some("printf 'pa ss\\n'".into()),
        };
        let s = password_from_sources(&src).unwrap().unwrap();
        assert_eq!(s.expose(), "pa ss");
        let failing = PasswordSource {
            env: Some("BLITZ_TEST_UNSET_VARIABLE_FOR_PASSWORD".into()),
            command: Some("exit 3".into()),
        };
        assert!(matches!(
            password_from_sources(&failing),
            Err(MailError::PasswordCommand { .. })
        ));
        let none = PasswordSource {
            env: Some("BLITZ_TEST_UNSET_VARIABLE_FOR_PASSWORD".into()),
            command: None,
        };
        assert!(password_from_sources(&none).unwrap().is_none());
    }
}
