//! Delivery: the outbox copy is always written first (atomically, never overwriting a
//! different message), then the message is handed to SMTP or sendmail if asked. A
//! failed send leaves the outbox copy in place, and [`resend`] sends that copy again
//! byte for byte.

use super::config::Secret;
use super::error::{MailError, SendError};
use super::mime;
use super::smtp::{self, SmtpReceipt};
use super::turn::TurnMail;
use lettre::address::Envelope;
use lettre::Address;
use std::io::Write;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsMode {
    /// TLS from the first byte (port 465, "SMTPS").
    Implicit,
    /// Plain connection upgraded with STARTTLS before anything is said (port 587).
    /// Refuses to go on if the server does not offer it.
    StartTls,
    /// No encryption: only to a loopback host, or with `insecure`.
    None,
}

impl TlsMode {
    /// `implicit` (also `tls`, `ssl`, `smtps`), `starttls`, `none` (also `plain`).
    pub fn parse(s: &str) -> Option<TlsMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "implicit" | "tls" | "ssl" | "smtps" => Some(TlsMode::Implicit),
            "starttls" => Some(TlsMode::StartTls),
            "none" | "plain" => Some(TlsMode::None),
            _ => None,
        }
    }

    /// The usual port: 465, 587 or 25.
    pub fn default_port(self) -> u16 {
        match self {
            TlsMode::Implicit => 465,
            TlsMode::StartTls => 587,
            TlsMode::None => 25,
        }
    }
}

/// Everything needed to talk to an SMTP server. The password is resolved beforehand
/// (see [`super::password_from_sources`]) and lives only in memory.
#[derive(Debug, Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    pub user: Option<String>,
    pub password: Option<Secret>,
    /// Allow [`TlsMode::None`] to a host that is not a loopback address.
    pub insecure: bool,
    /// Connect, read and write timeout.
    pub timeout: Duration,
    /// An extra trusted root certificate (PEM), for a server with a private CA.
    pub ca_cert_pem: Option<Vec<u8>>,
}

impl SmtpSettings {
    /// Settings with the usual port for `tls`, no login, a 30-second timeout.
    pub fn new(host: &str, tls: TlsMode) -> SmtpSettings {
        SmtpSettings {
            host: host.to_string(),
            port: tls.default_port(),
            tls,
            user: None,
            password: None,
            insecure: false,
            timeout: Duration::from_secs(30),
            ca_cert_pem: None,
        }
    }

    /// True for `localhost` and loopback IP addresses (127.0.0.0/8, ::1).
    pub fn host_is_loopback(&self) -> bool {
        let h = self.host.trim_start_matches('[').trim_end_matches(']');
        if h.eq_ignore_ascii_case("localhost") {
            return true;
        }
        h.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }

    /// Plain SMTP only to a loopback host unless `insecure`; a user needs a password.
    pub fn check(&self) -> Result<(), MailError> {
        if self.tls == TlsMode::None && !self.insecure && !self.host_is_loopback() {
            return Err(MailError::PlainNotAllowed {
                host: self.host.clone(),
            });
        }
        if let (Some(user), None) = (&self.user, &self.password) {
            return Err(MailError::MissingPassword {
                user: user.clone(),
                env: super::config::DEFAULT_PASSWORD_ENV.to_string(),
            });
        }
        Ok(())
    }
}

/// Where the message goes after the outbox copy is written.
#[derive(Debug, Clone)]
pub enum Transport {
    /// Only the outbox copy (the default; needs no configuration).
    Outbox,
    /// An SMTP server.
    Smtp(SmtpSettings),
    /// The local sendmail program (`sendmail` on the PATH when `None`).
    Sendmail(Option<PathBuf>),
}

/// What happened to the outbox copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboxWrite {
    /// The file was written.
    Written,
    /// The file was there already with exactly these bytes; left untouched.
    Unchanged,
    /// The file was there already with the same message but for its Date (a run that
    /// wrote it and then failed to send it, tried again): left untouched, and it is
    /// the copy that is sent, so the outbox holds what left.
    EarlierDate,
}

/// How the message left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sent {
    /// Not sent: the outbox copy is all (transport [`Transport::Outbox`]).
    OutboxOnly,
    /// Accepted by an SMTP server.
    Smtp(SmtpReceipt),
    /// Handed to sendmail.
    Sendmail { program: String },
}

/// The result of [`deliver`] or [`resend`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub outbox_path: PathBuf,
    pub outbox: OutboxWrite,
    pub message_id: String,
    /// Envelope recipients, in order.
    pub recipients: Vec<String>,
    pub sent: Sent,
}

/// Where the outbox copy of a turn is written.
pub fn outbox_path(mail: &TurnMail, outbox_dir: &Path) -> PathBuf {
    outbox_dir.join(mail.outbox_file_name())
}

/// The message without its `Date` header field (and the lines folded into it): two
/// builds of one turn at different times are the same bytes apart from it.
fn without_date(bytes: &[u8]) -> Vec<u8> {
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(bytes.len(), |i| i + 2);
    let (head, body) = bytes.split_at(end);
    let mut out = Vec::with_capacity(bytes.len());
    let mut in_date = false;
    for line in head.split_inclusive(|b| *b == b'\n') {
        let folded = line.first().is_some_and(|b| *b == b' ' || *b == b'\t');
        if !folded {
            in_date = line.len() >= 5 && line[..5].eq_ignore_ascii_case(b"date:");
        }
        if !in_date {
            out.extend_from_slice(line);
        }
    }
    out.extend_from_slice(body);
    out
}

/// Whether the outbox copy `existing` is the message `bytes` built at another time.
fn same_but_date(existing: &[u8], bytes: &[u8]) -> bool {
    existing == bytes || without_date(existing) == without_date(bytes)
}

/// Writes `bytes` to `path` unless a file with exactly these bytes is there, or with
/// them but for the Date ([`OutboxWrite::EarlierDate`]); a file with other bytes is
/// never replaced. Writes a temporary file beside it, syncs it and renames it into
/// place, so a reader never sees half a message.
fn write_outbox(path: &Path, bytes: &[u8]) -> Result<OutboxWrite, MailError> {
    match std::fs::read(path) {
        Ok(existing) if existing == bytes => return Ok(OutboxWrite::Unchanged),
        Ok(existing) if same_but_date(&existing, bytes) => return Ok(OutboxWrite::EarlierDate),
        Ok(_) => {
            return Err(MailError::OutboxConflict {
                path: path.to_path_buf(),
            })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(MailError::io("read", path, &e)),
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| MailError::io("create the folder", dir, &e))?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "message.eml".to_string());
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp).map_err(|e| MailError::io("create", &tmp, &e))?;
        f.write_all(bytes)
            .map_err(|e| MailError::io("write", &tmp, &e))?;
        f.sync_all().map_err(|e| MailError::io("sync", &tmp, &e))?;
        drop(f);
        // A file that appeared meanwhile is not replaced if it differs.
        match std::fs::read(path) {
            Ok(existing) if existing == bytes => return Ok(OutboxWrite::Unchanged),
            Ok(_) => {
                return Err(MailError::OutboxConflict {
                    path: path.to_path_buf(),
                })
            }
            Err(_) => {}
        }
        std::fs::rename(&tmp, path).map_err(|e| MailError::io("rename into", path, &e))?;
        Ok(OutboxWrite::Written)
    })();
    if tmp.exists() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Sends already formatted bytes with an envelope; the outbox copy exists already.
fn send_bytes(transport: &Transport, envelope: &Envelope, bytes: &[u8]) -> Result<Sent, SendError> {
    match transport {
        Transport::Outbox => Ok(Sent::OutboxOnly),
        Transport::Smtp(settings) => smtp::send(settings, envelope, bytes).map(Sent::Smtp),
        Transport::Sendmail(program) => {
            let program = program.clone().unwrap_or_else(|| PathBuf::from("sendmail"));
            sendmail(&program, envelope, bytes)
        }
    }
}

/// Whether a variable is one a sendmail child must not see: the SMTP password's
/// default variable, or any whose name says it holds a password or a secret.
pub fn is_secret_variable(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    upper == super::config::DEFAULT_PASSWORD_ENV
        || ["PASSWORD", "PASSWD", "SECRET"]
            .iter()
            .any(|w| upper.contains(w))
}

/// Hands the message to `program -i -f SENDER -- RECIPIENTS` on its standard input,
/// as sendmail is called everywhere. The program gets this process's environment
/// without the variables [`is_secret_variable`] names: it needs no SMTP password.
fn sendmail(program: &Path, envelope: &Envelope, bytes: &[u8]) -> Result<Sent, SendError> {
    let name = program.display().to_string();
    let failed = |reason: String| SendError::Sendmail {
        program: name.clone(),
        reason: super::redact::Redactor::default().clean(reason.trim()),
    };
    let mut command = std::process::Command::new(program);
    command.arg("-i");
    if let Some(from) = envelope.from() {
        command.arg("-f").arg(from.as_ref() as &str);
    }
    command
        .arg("--")
        .args(envelope.to().iter().map(|a| a.as_ref() as &str))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for (key, _) in std::env::vars_os() {
        if is_secret_variable(&key.to_string_lossy()) {
            command.env_remove(&key);
        }
    }
    let mut child = command
        .spawn()
        .map_err(|e| failed(format!("it could not be started: {e}")))?;
    let written = child
        .stdin
        .take()
        .map(|mut stdin| stdin.write_all(bytes))
        .unwrap_or(Ok(()));
    let output = child
        .wait_with_output()
        .map_err(|e| failed(format!("it could not be waited for: {e}")))?;
    if !output.status.success() {
        return Err(failed(format!(
            "it exited with {}: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    written.map_err(|e| failed(format!("the message could not be given to it: {e}")))?;
    Ok(Sent::Sendmail { program: name })
}

fn check_transport(transport: &Transport) -> Result<(), MailError> {
    match transport {
        Transport::Smtp(settings) => settings.check(),
        _ => Ok(()),
    }
}

/// Delivers one turn: builds the message, writes the outbox copy
/// (`OUTBOX/blitz-GAME-TURN.eml`; an identical file is left alone, a different one is
/// an error and nothing is sent), then hands it to the transport. If sending fails the
/// error is [`MailError::NotSent`], naming the outbox copy, which stays. A copy that
/// differs only by its Date (the same turn built again, after a send that failed) is
/// sent as it is, so a retry needs no `resend`.
pub fn deliver(
    mail: &TurnMail,
    transport: &Transport,
    outbox_dir: &Path,
) -> Result<Delivery, MailError> {
    check_transport(transport)?;
    let message = mail.to_message()?;
    let bytes = message.formatted();
    let path = outbox_path(mail, outbox_dir);
    let outbox = write_outbox(&path, &bytes)?;
    let bytes = match outbox {
        OutboxWrite::EarlierDate => {
            std::fs::read(&path).map_err(|e| MailError::io("read", &path, &e))?
        }
        OutboxWrite::Written | OutboxWrite::Unchanged => bytes,
    };
    let envelope = message.envelope().clone();
    let sent = send_bytes(transport, &envelope, &bytes)
        .map_err(|cause| MailError::not_sent(&path, cause))?;
    Ok(Delivery {
        outbox_path: path,
        outbox,
        message_id: mail.message_id()?,
        recipients: envelope.to().iter().map(ToString::to_string).collect(),
        sent,
    })
}

/// Sends an outbox copy again exactly as it is. The envelope is read from its headers:
/// the sender from `From`, the recipients from `To` and `Cc`.
pub fn resend(path: &Path, transport: &Transport) -> Result<Delivery, MailError> {
    check_transport(transport)?;
    let bytes = std::fs::read(path).map_err(|e| MailError::io("read", path, &e))?;
    let not = |reason: &str| MailError::NotResendable {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    };
    let part = mime::parse_message(&bytes).map_err(|reason| not(&reason))?;
    let from = part
        .header("from")
        .ok_or_else(|| not("it has no From header"))?;
    let from_addrs = mime::addresses(&from);
    let sender: Address = from_addrs
        .first()
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| not("its From header holds no address"))?;
    let mut to: Vec<Address> = Vec::new();
    for field in ["to", "cc"] {
        for value in part.headers_named(field) {
            for a in mime::addresses(&value) {
                let addr: Address = a
                    .parse()
                    .map_err(|_| not(&format!("`{a}` in its {field} header is not an address")))?;
                if !to.contains(&addr) {
                    to.push(addr);
                }
            }
        }
    }
    let envelope = Envelope::new(Some(sender), to).map_err(|e| not(&e.to_string()))?;
    let message_id = part.header("message-id").unwrap_or_default();
    let sent = send_bytes(transport, &envelope, &bytes)
        .map_err(|cause| MailError::not_sent(path, cause))?;
    Ok(Delivery {
        outbox_path: path.to_path_buf(),
        outbox: OutboxWrite::Unchanged,
        message_id: message_id.trim().to_string(),
        recipients: envelope.to().iter().map(ToString::to_string).collect(),
        sent,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn plain_smtp_only_to_loopback() {
        let mut s = SmtpSettings::new("127.0.0.1", TlsMode::None);
        assert!(s.check().is_ok());
        s.host = "localhost".into();
        assert!(s.check().is_ok());
        s.host = "::1".into();
        assert!(s.check().is_ok());
        s.host = "smtp.example.org".into();
        assert!(matches!(s.check(), Err(MailError::PlainNotAllowed { .. })));
        s.insecure = true;
        assert!(s.check().is_ok());
        let mut t = SmtpSettings::new("smtp.example.org", TlsMode::StartTls);
        assert!(t.check().is_ok());
        t.user = Some("u".into());
        assert!(matches!(t.check(), Err(MailError::MissingPassword { .. })));
    }

    #[test]
    fn outbox_never_overwrites_a_different_message() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub").join("m.eml");
        assert_eq!(write_outbox(&p, b"one").unwrap(), OutboxWrite::Written);
        assert_eq!(write_outbox(&p, b"one").unwrap(), OutboxWrite::Unchanged);
        assert!(matches!(
            write_outbox(&p, b"two"),
            Err(MailError::OutboxConflict { .. })
        ));
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        let leftovers: Vec<_> = std::fs::read_dir(p.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    }

    #[test]
    fn tls_mode_names() {
        assert_eq!(TlsMode::parse("STARTTLS"), Some(TlsMode::StartTls));
        assert_eq!(TlsMode::parse("implicit"), Some(TlsMode::Implicit));
        assert_eq!(TlsMode::parse("none"), Some(TlsMode::None));
        assert_eq!(TlsMode::parse("maybe"), None);
        assert_eq!(TlsMode::Implicit.default_port(), 465);
        assert_eq!(TlsMode::StartTls.default_port(), 587);
    }
}
