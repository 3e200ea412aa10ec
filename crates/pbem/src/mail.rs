//! Mail: the turn goes out by e-mail and orders come back by e-mail.
//!
//! Outgoing: a [`TurnMail`] (plain data: game, turn, players, report text, attachments,
//! date, threading ids) becomes one deterministic MIME message to both players, which
//! [`deliver`] always writes into an outbox folder first and then, if asked, hands to an
//! SMTP server or the local sendmail ([`Transport`]). Incoming:
//! [`orders_from_message`] takes an `.eml` message (or an mbox holding one) and returns
//! the TOML orders it carries, attached or pasted between the marker lines, with where
//! they came from so errors can point at the right line. Kept mail: [`read_mailbox`]
//! reads the turn messages of an mbox or a folder of `.eml` files and [`game_folder`]
//! rebuilds the game folder from their attachments, so a game can be verified from
//! the mail alone.
//!
//! Submodules: `turn` builds the message, `transport` writes the outbox and sends,
//! `smtp` speaks SMTP step by step so a failure says which step failed, `config` reads
//! transport settings and the password, `mime` parses incoming messages, `orders` finds
//! the orders in them, `archive` rebuilds a game folder from kept mail, `error` holds
//! every error.

mod archive;
mod config;
mod error;
mod mime;
mod orders;
mod redact;
mod smtp;
mod transport;
mod turn;

pub use archive::{
    game_folder, parse_mail_date, read_mailbox, ArchiveError, Attached, CommitmentMail,
    KeptMessage, MailFolder, Mailbox, MissingMail, TurnRecord, MAX_KEPT_MESSAGES,
    MAX_KEPT_MESSAGE_BYTES,
};
pub use config::{password_from_sources, MailConfig, PasswordSource, Secret, DEFAULT_PASSWORD_ENV};
pub use error::{MailError, Rejection, SendError};
pub use orders::{
    is_message, orders_from_message, tables_outside, ExtractedOrders, FoundSignature, OrdersSource,
    BEGIN_MARKER, END_MARKER,
};
pub use redact::{Redactor, REDACTED};
pub use smtp::SmtpReceipt;
pub use transport::{
    deliver, outbox_path, resend, Delivery, OutboxWrite, Sent, SmtpSettings, TlsMode, Transport,
};
pub use turn::{message_id, mime_type_for, MailAttachment, Player, Subject, TurnMail, NEW_GAME};
