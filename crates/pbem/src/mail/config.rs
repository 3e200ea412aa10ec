//! Transport settings from a TOML config file, and the SMTP password from an
//! environment variable or a password command. A password is never read from a file or
//! a flag, never written anywhere, and never shown by `Debug`.

use super::error::MailError;
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
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(MailError::PasswordCommand {
            command: command.clone(),
            reason: format!("it exited with {}: {}", output.status, stderr.trim()),
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
            reason: e.to_string(),
        })?;
        if holds_password_key(&value) {
            return Err(MailError::PasswordInConfig {
                path: path.to_path_buf(),
            });
        }
        let mut config: MailConfig = toml::from_str(text).map_err(|e| MailError::Config {
            path: path.to_path_buf(),
            reason: e.to_string(),
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
        let text = std::fs::read_to_string(path).map_err(|e| MailError::io("read", path, &e))?;
        MailConfig::from_toml(&text, path)
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
