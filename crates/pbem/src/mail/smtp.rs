//! Sends one message over SMTP step by step (connect and greeting, STARTTLS, login,
//! sender, each recipient, data), so that a failure names the step and carries the
//! server's reply. All recipients must be accepted before the data is sent: both
//! players get the same turn, or neither does.

use super::config::Secret;
use super::error::{Rejection, SendError};
use super::redact::Redactor;
use super::transport::{SmtpSettings, TlsMode};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Certificate, SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use lettre::transport::smtp::Error as SmtpError;
use std::error::Error as _;

/// What the server said when it took the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpReceipt {
    /// `host:port` the message went to.
    pub server: String,
    /// The recipients the server accepted.
    pub accepted: Vec<String>,
    /// The server's final reply to the data, e.g. `250 OK queued as 1234`.
    pub reply: String,
}

/// The server's reply carried by an error, code first, or the error text.
fn reply_of(e: &SmtpError) -> String {
    let text = e.source().map(|s| s.to_string()).unwrap_or_default();
    match e.status() {
        Some(code) => format!("{code} {text}").trim().to_string(),
        None => e.to_string(),
    }
}

/// The innermost `std::io::Error` in an error chain.
fn io_error_of(e: &SmtpError) -> Option<&std::io::Error> {
    let mut source = e.source();
    let mut found = None;
    while let Some(err) = source {
        if let Some(io) = err.downcast_ref::<std::io::Error>() {
            found = Some(io);
        }
        source = err.source();
    }
    found
}

/// The error chain written out, innermost cause last.
fn chain_text(e: &SmtpError) -> String {
    let mut parts = vec![e.to_string()];
    let mut source = e.source();
    while let Some(err) = source {
        let s = err.to_string();
        if parts.last().is_none_or(|last| !last.contains(&s)) {
            parts.push(s);
        }
        source = err.source();
    }
    parts.join(": ")
}

/// True when an error came out of the TLS layer: lettre marks configuration errors as
/// TLS; rustls reports handshake failures (bad certificate, a plain-text server on a TLS
/// port) as I/O errors of kind `InvalidData`, which plain TCP never produces.
fn is_tls_failure(e: &SmtpError, tls_active: bool) -> bool {
    if e.is_tls() {
        return true;
    }
    tls_active && io_error_of(e).is_some_and(|io| io.kind() == std::io::ErrorKind::InvalidData)
}

fn is_connect_failure(e: &SmtpError) -> bool {
    use std::io::ErrorKind as K;
    if e.to_string().starts_with("Connection error") {
        return true;
    }
    io_error_of(e).is_some_and(|io| {
        matches!(
            io.kind(),
            K::ConnectionRefused
                | K::HostUnreachable
                | K::NetworkUnreachable
                | K::AddrNotAvailable
                | K::TimedOut
                | K::NotFound
        )
    })
}

struct Session<'a> {
    settings: &'a SmtpSettings,
    conn: Option<SmtpConnection>,
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.as_mut() {
            conn.abort();
        }
    }
}

impl Session<'_> {
    fn connect_error(&self, e: &SmtpError, tls_active: bool, stage: &str) -> SendError {
        let host = self.settings.host.clone();
        let port = self.settings.port;
        if is_tls_failure(e, tls_active) {
            SendError::Tls {
                host,
                port,
                reason: chain_text(e),
            }
        } else if e.status().is_some() {
            SendError::ServerRefused {
                host,
                port,
                reply: reply_of(e),
            }
        } else if is_connect_failure(e) {
            let reason = match io_error_of(e) {
                Some(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
                    format!("connection refused (nothing listens there): {io}")
                }
                Some(io) if io.kind() == std::io::ErrorKind::TimedOut => {
                    format!(
                        "timed out after {} s: {io}",
                        self.settings.timeout.as_secs()
                    )
                }
                Some(io) => io.to_string(),
                None => chain_text(e),
            };
            SendError::Connect { host, port, reason }
        } else {
            SendError::Network {
                stage: stage.to_string(),
                reason: chain_text(e),
            }
        }
    }

    fn tls_parameters(&self) -> Result<TlsParameters, SendError> {
        let tls_err = |reason: String| SendError::Tls {
            host: self.settings.host.clone(),
            port: self.settings.port,
            reason,
        };
        let mut builder = TlsParameters::builder(self.settings.host.clone());
        if let Some(pem) = &self.settings.ca_cert_pem {
            let cert = Certificate::from_pem(pem)
                .map_err(|e| tls_err(format!("the extra CA certificate is not usable: {e}")))?;
            builder = builder.add_root_certificate(cert);
        }
        builder
            .build_rustls()
            .map_err(|e| tls_err(format!("TLS could not be set up: {}", chain_text(&e))))
    }

    /// Connects, reads the greeting, says EHLO, and upgrades with STARTTLS when asked.
    fn open(&mut self) -> Result<(), SendError> {
        let s = self.settings;
        let hello = ClientId::default();
        let params = match s.tls {
            TlsMode::None => None,
            TlsMode::Implicit | TlsMode::StartTls => Some(self.tls_parameters()?),
        };
        let wrapper = match s.tls {
            TlsMode::Implicit => params.as_ref(),
            _ => None,
        };
        let conn = SmtpConnection::connect(
            (s.host.as_str(), s.port),
            Some(s.timeout),
            &hello,
            wrapper,
            None,
        )
        .map_err(|e| self.connect_error(&e, s.tls == TlsMode::Implicit, "reading the greeting"))?;
        let conn = self.conn.insert(conn);
        if s.tls == TlsMode::StartTls {
            if !conn.server_info().supports_feature(Extension::StartTls) {
                return Err(SendError::StartTlsUnsupported {
                    host: s.host.clone(),
                    port: s.port,
                });
            }
            let result = match &params {
                Some(p) => conn.starttls(p, &hello),
                None => Ok(()),
            };
            if let Err(e) = result {
                return Err(self.connect_error(&e, true, "starting TLS"));
            }
        }
        Ok(())
    }

    fn conn(&mut self) -> Result<&mut SmtpConnection, SendError> {
        self.conn.as_mut().ok_or_else(|| SendError::Network {
            stage: "talking to the server".to_string(),
            reason: "the connection is closed".to_string(),
        })
    }

    fn login(&mut self, user: &str, password: &Secret) -> Result<(), SendError> {
        let credentials = Credentials::new(user.to_string(), password.expose().to_string());
        let conn = self.conn()?;
        match conn.auth(&[Mechanism::Plain, Mechanism::Login], &credentials) {
            Ok(_) => Ok(()),
            Err(e) if e.status().is_some() => Err(SendError::Auth {
                user: user.to_string(),
                reply: reply_of(&e),
            }),
            Err(e) if e.is_client() => Err(SendError::AuthUnsupported),
            Err(e) => Err(SendError::Network {
                stage: "logging in".to_string(),
                reason: chain_text(&e),
            }),
        }
    }

    fn network(stage: &str, e: &SmtpError) -> SendError {
        SendError::Network {
            stage: stage.to_string(),
            reason: chain_text(e),
        }
    }

    /// MAIL FROM, every RCPT TO (collecting refusals), then DATA.
    fn transfer(&mut self, envelope: &Envelope, email: &[u8]) -> Result<SmtpReceipt, SendError> {
        let conn = self.conn()?;
        let mut params = Vec::new();
        let non_ascii = envelope
            .to()
            .iter()
            .chain(envelope.from())
            .any(|a: &lettre::Address| !AsRef::<str>::as_ref(a).is_ascii());
        if non_ascii && conn.server_info().supports_feature(Extension::SmtpUtfEight) {
            params.push(MailParameter::SmtpUtfEight);
        }
        if !email.is_ascii() && conn.server_info().supports_feature(Extension::EightBitMime) {
            params.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        let sender = envelope.from().cloned();
        if let Err(e) = conn.command(Mail::new(sender.clone(), params)) {
            return Err(if e.status().is_some() {
                SendError::SenderRejected {
                    sender: sender.map(|a| a.to_string()).unwrap_or_default(),
                    reply: reply_of(&e),
                }
            } else {
                Self::network("giving the sender", &e)
            });
        }
        let mut accepted = Vec::new();
        let mut rejected = Vec::new();
        for to in envelope.to() {
            match conn.command(Rcpt::new(to.clone(), vec![])) {
                Ok(_) => accepted.push(to.to_string()),
                Err(e) if e.status().is_some() => rejected.push(Rejection {
                    address: to.to_string(),
                    reply: reply_of(&e),
                }),
                Err(e) => return Err(Self::network("giving the recipients", &e)),
            }
        }
        if !rejected.is_empty() {
            return Err(SendError::RecipientsRejected { rejected });
        }
        if let Err(e) = conn.command(Data) {
            return Err(if e.status().is_some() {
                SendError::DataRejected {
                    reply: reply_of(&e),
                }
            } else {
                Self::network("starting the data", &e)
            });
        }
        let response = match conn.message(email) {
            Ok(r) => r,
            Err(e) if e.status().is_some() => {
                return Err(SendError::DataRejected {
                    reply: reply_of(&e),
                })
            }
            Err(e) => return Err(Self::network("sending the message", &e)),
        };
        let reply = format!(
            "{} {}",
            response.code(),
            response.message().collect::<Vec<_>>().join(" ")
        );
        let _ = conn.quit();
        self.conn = None;
        Ok(SmtpReceipt {
            server: format!("{}:{}", self.settings.host, self.settings.port),
            accepted,
            reply: reply.trim().to_string(),
        })
    }
}

/// Sends `email` (the formatted message) to the envelope's recipients through the
/// server in `settings`. The caller has checked the settings (plain SMTP only to a
/// loopback host or with `insecure`, password present when a user is given).
pub(crate) fn send(
    settings: &SmtpSettings,
    envelope: &Envelope,
    email: &[u8],
) -> Result<SmtpReceipt, SendError> {
    let redactor = Redactor::for_login(
        settings.user.as_deref(),
        settings.password.as_ref().map(Secret::expose),
    );
    let mut session = Session {
        settings,
        conn: None,
    };
    let sent = session.open().and_then(|()| {
        if let (Some(user), Some(password)) = (&settings.user, &settings.password) {
            session.login(user, password)?;
        }
        session.transfer(envelope, email)
    });
    // Whatever the server or the library said is shown without the credentials.
    sent.map(|mut receipt| {
        receipt.reply = redactor.clean(&receipt.reply);
        receipt
    })
    .map_err(|e| e.redacted(&redactor))
}
