//! Every way mailing a turn or reading orders from a message can fail, worded for the
//! person running the umpire or the player who sent the mail, each with a hint.

use std::path::PathBuf;

/// A recipient the SMTP server refused, with the server's reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The refused address as given in `RCPT TO`.
    pub address: String,
    /// The server's reply, code first (for instance `550 5.1.1 no such user`).
    pub reply: String,
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (server said: {})", self.address, self.reply)
    }
}

fn list_rejections(rejected: &[Rejection]) -> String {
    rejected
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why handing a message to SMTP or sendmail failed. Carried by [`MailError::NotSent`],
/// which also names the outbox copy that was kept.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum SendError {
    /// The TCP connection could not be made (refused, unreachable, unknown host, timeout).
    #[error("could not connect to the mail server {host}:{port}: {reason}")]
    #[diagnostic(help(
        "check the host name and port (465 for implicit TLS, 587 for STARTTLS) and that the \
         server is reachable from here"
    ))]
    Connect {
        host: String,
        port: u16,
        reason: String,
    },
    /// The TLS handshake failed (certificate not trusted, wrong name, not a TLS port).
    #[error("TLS with the mail server {host}:{port} failed: {reason}")]
    #[diagnostic(help(
        "port 465 wants `--tls implicit`, port 587 wants `--tls starttls`; a server with a \
         private certificate needs `--ca-cert FILE`"
    ))]
    Tls {
        host: String,
        port: u16,
        reason: String,
    },
    /// STARTTLS was asked for but the server does not offer it.
    #[error("the mail server {host}:{port} does not offer STARTTLS")]
    #[diagnostic(help(
        "use `--tls implicit` if this is a TLS port (usually 465); the message is never sent \
         unencrypted unless `--tls none` is given"
    ))]
    StartTlsUnsupported { host: String, port: u16 },
    /// The server answered the connection or the greeting with an error reply.
    #[error("the mail server {host}:{port} refused the session: {reply}")]
    #[diagnostic(help("the server's reply above says why; try again later or ask its operator"))]
    ServerRefused {
        host: String,
        port: u16,
        reply: String,
    },
    /// The server offers no login method this program knows (PLAIN, LOGIN).
    #[error("the mail server offers no login method this program supports (PLAIN or LOGIN)")]
    #[diagnostic(help(
        "servers usually only offer login after STARTTLS or on the implicit-TLS port"
    ))]
    AuthUnsupported,
    /// The server refused the user name and password.
    #[error("the mail server refused the login of user `{user}`: {reply}")]
    #[diagnostic(help(
        "check the user name and the password in the environment variable or password command \
         (some providers want an app password)"
    ))]
    Auth { user: String, reply: String },
    /// The server refused the envelope sender.
    #[error("the mail server refused the sender <{sender}>: {reply}")]
    #[diagnostic(help(
        "many servers only accept the account's own address as sender: set `--sender` to it"
    ))]
    SenderRejected { sender: String, reply: String },
    /// The server refused one or more recipients; nothing was sent to anybody.
    #[error("the mail server refused {}: nothing was sent", list_rejections(.rejected))]
    #[diagnostic(help(
        "both players must get the same turn, so the message went to nobody; fix the address \
         in the game's mail settings and resend"
    ))]
    RecipientsRejected { rejected: Vec<Rejection> },
    /// The server refused the message content.
    #[error("the mail server refused the message: {reply}")]
    #[diagnostic(help("the server's reply above says why (size limits, content filters)"))]
    DataRejected { reply: String },
    /// The connection broke or timed out in the middle of the session.
    #[error("the connection to the mail server broke while {stage}: {reason}")]
    #[diagnostic(help("try again; the message has the same Message-ID, so resending is safe"))]
    Network { stage: String, reason: String },
    /// The local sendmail program could not be run or reported a failure.
    #[error("sendmail `{program}` failed: {reason}")]
    #[diagnostic(help("check that the program exists and accepts `-i -f SENDER -- RECIPIENTS`"))]
    Sendmail { program: String, reason: String },
}

impl SendError {
    /// The same error with every text from the server or a library cleaned by
    /// `redactor` (host, port and addresses are the umpire's own and stay).
    pub fn redacted(self, redactor: &super::redact::Redactor) -> SendError {
        let c = |s: String| redactor.clean(&s);
        match self {
            SendError::Connect { host, port, reason } => SendError::Connect {
                host,
                port,
                reason: c(reason),
            },
            SendError::Tls { host, port, reason } => SendError::Tls {
                host,
                port,
                reason: c(reason),
            },
            SendError::ServerRefused { host, port, reply } => SendError::ServerRefused {
                host,
                port,
                reply: c(reply),
            },
            SendError::Auth { user, reply } => SendError::Auth {
                user,
                reply: c(reply),
            },
            SendError::SenderRejected { sender, reply } => SendError::SenderRejected {
                sender,
                reply: c(reply),
            },
            SendError::RecipientsRejected { rejected } => SendError::RecipientsRejected {
                rejected: rejected
                    .into_iter()
                    .map(|r| Rejection {
                        address: r.address,
                        reply: c(r.reply),
                    })
                    .collect(),
            },
            SendError::DataRejected { reply } => SendError::DataRejected { reply: c(reply) },
            SendError::Network { stage, reason } => SendError::Network {
                stage,
                reason: c(reason),
            },
            SendError::Sendmail { program, reason } => SendError::Sendmail {
                program,
                reason: c(reason),
            },
            other @ (SendError::StartTlsUnsupported { .. } | SendError::AuthUnsupported) => other,
        }
    }
}

/// Everything that can go wrong in this module.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum MailError {
    /// An e-mail address or `Name <address>` could not be parsed.
    #[error("the {what} `{input}` is not a valid e-mail address: {reason}")]
    #[diagnostic(help("write it as `address@example.org` or `Name <address@example.org>`"))]
    Address {
        what: String,
        input: String,
        reason: String,
    },
    /// A threading id (In-Reply-To, References) is not a Message-ID.
    #[error("`{input}` is not a Message-ID")]
    #[diagnostic(help("a Message-ID looks like `<left@right>`"))]
    MessageIdSyntax { input: String },
    /// An attachment name that cannot go into a mail header.
    #[error("the attachment name `{name}` cannot be used: {reason}")]
    #[diagnostic(help("use a plain file name without path separators or control characters"))]
    AttachmentName { name: String, reason: String },
    /// A text that goes into a header holds a line break or another control character.
    #[error("the {what} {input:?} holds a line break or another control character, which a mail header cannot carry")]
    #[diagnostic(help("names, game ids and turn labels are one line of printable text"))]
    HeaderText { what: String, input: String },
    /// lettre refused to build the message.
    #[error("the message could not be built: {reason}")]
    Build { reason: String },
    /// Reading or writing a file failed.
    #[error("could not {action} `{}`: {reason}", .path.display())]
    #[diagnostic(help("check that the folder exists and is writable"))]
    Io {
        action: String,
        path: PathBuf,
        reason: String,
    },
    /// The outbox already holds a different message for this turn.
    #[error(
        "the outbox already holds a different message for this turn: `{}`",
        .path.display()
    )]
    #[diagnostic(help(
        "nothing was overwritten or sent. To send the copy that is there again, use \
         `blitz mail --resend {}`; to replace it, move it away first (the same turn \
         built again differs only by its Date, and then the copy there is sent)",
        .path.display()
    ))]
    OutboxConflict { path: PathBuf },
    /// An outbox file given to resend is not a message this program can send.
    #[error("`{}` cannot be resent: {reason}", .path.display())]
    NotResendable { path: PathBuf, reason: String },
    /// Plain SMTP to a host that is not this machine.
    #[error("refusing to send unencrypted SMTP to `{host}`, which is not a loopback address")]
    #[diagnostic(help(
        "use `--tls starttls` (port 587) or `--tls implicit` (port 465); `--insecure` allows \
         plain SMTP anyway, and your password would cross the network readable"
    ))]
    PlainNotAllowed { host: String },
    /// A user name was given but no password could be found.
    #[error("SMTP user `{user}` was given but no password was found")]
    #[diagnostic(help(
        "set the environment variable {env} or a `password_command` in the config file \
         (passwords are never read from files or flags)"
    ))]
    MissingPassword { user: String, env: String },
    /// The password command failed.
    #[error("the password command `{command}` failed: {reason}")]
    #[diagnostic(help("run the command by hand; it must print the password on standard output"))]
    PasswordCommand { command: String, reason: String },
    /// The transport config file could not be read or is wrong.
    #[error("the mail config `{}` is wrong: {reason}", .path.display())]
    #[diagnostic(help(
        "see docs/mail.md for the format: `transport`, `outbox`, `[smtp]` host, port, tls, \
         user, password_command, timeout_secs, ca_cert; `[sendmail]` program"
    ))]
    Config { path: PathBuf, reason: String },
    /// The config file holds a password.
    #[error("the mail config `{}` holds a password; passwords are never read from files", .path.display())]
    #[diagnostic(help(
        "remove it and delete the file's old copies; set the environment variable \
         BLITZ_SMTP_PASSWORD or a `password_command` (for instance `pass show mail/umpire`)"
    ))]
    PasswordInConfig { path: PathBuf },
    /// A CA certificate given with `--ca-cert` could not be used.
    #[error("the CA certificate `{}` cannot be used: {reason}", .path.display())]
    CaCert { path: PathBuf, reason: String },
    /// The message was written to the outbox but not sent.
    #[error("the message was not sent: {cause}. The copy `{}` is kept", .outbox.display())]
    NotSent {
        outbox: PathBuf,
        cause: SendError,
        /// The cause's hint and how to resend.
        #[help]
        help: String,
    },

    // ---- reading orders from a message ----
    /// The input is not an e-mail message.
    #[error("this is not an e-mail message: {reason}")]
    #[diagnostic(help(
        "save the reply from your mail program as a `.eml` file (\"Save as\" / \"Show \
         original\" then download), or give the order `.toml` file itself"
    ))]
    NotAMessage { reason: String },
    /// An mbox file with more than one message.
    #[error("the mailbox file holds {count} messages; give it one message")]
    #[diagnostic(help("save the one reply that holds the orders on its own"))]
    SeveralMessages { count: usize },
    /// The message holds no orders.
    #[error("no orders found in the message: {reason}")]
    #[diagnostic(help(
        "attach the filled-in order template (a `.toml` file), or paste it into a plain-text \
         reply between the lines `# ---- BEGIN BLITZ ORDERS ----` and \
         `# ---- END BLITZ ORDERS ----`"
    ))]
    NoOrders { reason: String },
    /// More than one `.toml` attachment.
    #[error("the message has several `.toml` attachments: {}", .names.join(", "))]
    #[diagnostic(help("attach only the one order file"))]
    SeveralAttachments { names: Vec<String> },
    /// Several different signatures: `.sig` attachments, or blocks in the body.
    #[error("the message holds several different signatures: {}", .places.join(", "))]
    #[diagnostic(help("send one signature of the orders: the .sig file ssh-keygen wrote"))]
    SeveralSignatures { places: Vec<String> },
    /// Several different order blocks in the body.
    #[error("the message body holds several different order blocks: {}", .places.join(", "))]
    #[diagnostic(help(
        "keep one block between the BEGIN and END marker lines (quoted text of earlier mails \
         counts too: delete the old quoted blocks or attach the file instead)"
    ))]
    SeveralOrderBlocks { places: Vec<String> },
    /// The marker lines are not paired.
    #[error("the order marker lines are not paired: {}", .problems.join("; "))]
    #[diagnostic(help(
        "every `# ---- BEGIN BLITZ ORDERS ----` line needs one `# ---- END BLITZ ORDERS ----` \
         line after it"
    ))]
    Markers { problems: Vec<String> },
    /// The order block or attachment is empty.
    #[error("the orders in {place} are empty")]
    #[diagnostic(help("fill in the order template before sending it"))]
    EmptyOrders { place: String },
    /// A part of the message could not be decoded.
    #[error("{part} could not be decoded: {reason}")]
    #[diagnostic(help("send the reply again as plain text, or attach the `.toml` file as it is"))]
    Decode { part: String, reason: String },
}

impl MailError {
    /// A failed send: names the kept outbox copy, and the hint says what to fix and
    /// how to resend.
    pub fn not_sent(outbox: &std::path::Path, cause: SendError) -> MailError {
        use miette::Diagnostic;
        let fix = cause.help().map(|h| format!("{h}. ")).unwrap_or_default();
        let help = format!(
            "{fix}Then run the same command again: it sends the kept copy unchanged (same \
             Date and Message-ID, so a player who got it already sees the same message); \
             `blitz mail --resend {}` sends it too",
            outbox.display()
        );
        MailError::NotSent {
            outbox: outbox.to_path_buf(),
            cause,
            help,
        }
    }

    pub fn io(action: &str, path: &std::path::Path, err: &std::io::Error) -> MailError {
        MailError::Io {
            action: action.to_string(),
            path: path.to_path_buf(),
            reason: err.to_string(),
        }
    }
}
