//! The turn message: one plain-data [`TurnMail`] and the one MIME message built from it.
//!
//! The bytes are a function of the inputs alone: the Date header is an input, the
//! Message-ID is derived from the game, the turn and the sender's domain, and the MIME
//! boundary is derived from the content. Building the same turn twice gives the same
//! bytes, which is what makes resending safe.

use super::error::MailError;
use chrono::{DateTime, Utc};
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Body, Mailbox, Mailboxes, MultiPart, SinglePart};
use lettre::{Address, Message};
use sha2::{Digest, Sha256};
use std::time::SystemTime;

/// One player: the name shown in the mail header and the address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub address: String,
}

impl Player {
    /// Parses `Name <address>` or a bare address (the name is then empty).
    pub fn parse(input: &str, what: &str) -> Result<Player, MailError> {
        let mailbox: Mailbox = input.trim().parse().map_err(|e| MailError::Address {
            what: what.to_string(),
            input: input.to_string(),
            reason: format!("{e}"),
        })?;
        Ok(Player {
            name: mailbox.name.unwrap_or_default(),
            address: mailbox.email.to_string(),
        })
    }

    fn mailbox(&self, what: &str) -> Result<Mailbox, MailError> {
        let address = parse_address(&self.address, what)?;
        let name = header_text(&format!("name in the {what}"), self.name.trim())?;
        Ok(Mailbox::new(
            (!name.is_empty()).then(|| name.to_string()),
            address,
        ))
    }
}

/// A file attached to the turn message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailAttachment {
    /// The file name players see (no folders), e.g. `g1-003-blue.ron`.
    pub name: String,
    /// The MIME type, e.g. `application/toml` (see [`mime_type_for`]).
    pub mime_type: String,
    /// The exact bytes; they are sent base64-encoded, so they arrive unchanged.
    pub bytes: Vec<u8>,
}

/// Everything one turn message says. Plain data: fill it from a state file or from
/// command-line flags, then [`TurnMail::to_message`] or [`super::deliver`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnMail {
    /// The game id, e.g. `g1`.
    pub game: String,
    /// The turn label, e.g. `3-Blue`: the number of the turn and the side that moved.
    pub turn: String,
    /// The side whose turn this report closes, as players call it: "Blue".
    pub from_side: String,
    /// The side to move next (who fills in the attached template).
    pub to_side: String,
    /// Each side's name and player, in the game's order of sides; every one receives
    /// the message.
    pub players: Vec<(String, Player)>,
    /// The sender, `address` or `Name <address>`; its domain names the Message-ID.
    pub sender: String,
    /// The turn report: the plain-text body.
    pub report: String,
    /// Attachments in the order they should appear: new state (.ron), next order
    /// template (.toml), board picture (.png) when there is one.
    pub attachments: Vec<MailAttachment>,
    /// The Message-ID of the previous turn's message, if any.
    pub in_reply_to: Option<String>,
    /// Earlier Message-IDs of the game, oldest first; the References header is these
    /// followed by `in_reply_to`.
    pub references: Vec<String>,
    /// The Date header (written in UTC, whole seconds).
    pub date: DateTime<Utc>,
    /// Set when this mail corrects the turn's earlier mail (the turn was resolved
    /// again with another result): a short token naming the correction, such as the
    /// first hex digits of the corrected state's hash. The mail then has a Message-ID
    /// of its own (`<blitz.GAME.TURN.fix-TOKEN@DOMAIN>`), a subject saying it replaces
    /// the earlier report, an outbox file of its own, and replies to the earlier mail.
    pub correction: Option<String>,
    /// The subject's words after `[Blitzkrieg GAME] `, as the game words its steps
    /// ([`crate::game::Game::subject`]).
    pub subject: Subject,
}

/// A turn mail's subject after `[Blitzkrieg GAME] `, as the game words it: for the
/// turn's first mail, and for a mail that corrects it ([`TurnMail::correction`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Subject {
    /// "Turn 3 Blue → Red: report".
    pub first: String,
    /// "Turn 3 Blue → Red: corrected report, replaces the earlier one".
    pub corrected: String,
}

/// A text for a header, refused when it holds a control character (a line break would
/// end the header and start another).
fn header_text<'a>(what: &str, input: &'a str) -> Result<&'a str, MailError> {
    if input.chars().any(char::is_control) {
        return Err(MailError::HeaderText {
            what: what.to_string(),
            input: input.to_string(),
        });
    }
    Ok(input)
}

fn parse_address(input: &str, what: &str) -> Result<Address, MailError> {
    input.trim().parse().map_err(|e| MailError::Address {
        what: what.to_string(),
        input: input.to_string(),
        reason: format!("{e}"),
    })
}

/// Keeps letters, digits, `-` and `_`; everything else becomes `_`. Used for the
/// Message-ID's left part and the outbox file name.
pub(crate) fn id_part(s: &str) -> String {
    let cleaned: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.is_empty() {
        "_".to_string()
    } else {
        cleaned
    }
}

/// The turn label of the mail that opens a game (`blitz mail --state` on a new game).
pub const NEW_GAME: &str = "new";

/// The Message-ID of a turn's message: `<blitz.GAME.TURN@DOMAIN>` with the turn label
/// in lower case and DOMAIN the sender's domain, e.g. `<blitz.g1.3-blue@example.org>`.
/// The same game, turn and sender always give the same id, so the previous turn's id
/// can be computed rather than stored.
pub fn message_id(game: &str, turn: &str, sender: &str) -> Result<String, MailError> {
    let mailbox: Mailbox = sender.trim().parse().map_err(|e| MailError::Address {
        what: "sender".to_string(),
        input: sender.to_string(),
        reason: format!("{e}"),
    })?;
    Ok(format!(
        "<blitz.{}.{}@{}>",
        id_part(game),
        id_part(&turn.to_lowercase()),
        mailbox.email.domain()
    ))
}

/// A MIME type for an attachment from its file name: `.toml` application/toml, `.ron`
/// and `.txt` text/plain (UTF-8), `.svg` image/svg+xml, `.png` image/png, `.eml` message/rfc822, anything
/// else application/octet-stream.
pub fn mime_type_for(file_name: &str) -> &'static str {
    let lower = file_name.to_ascii_lowercase();
    let ext = lower.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext {
        "toml" => "application/toml",
        "ron" | "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "eml" => "message/rfc822",
        _ => "application/octet-stream",
    }
}

/// Normalises a threading id to `<...>` form and checks it looks like a Message-ID.
fn normalise_msg_id(input: &str) -> Result<String, MailError> {
    let t = input.trim();
    let inner = t
        .strip_prefix('<')
        .and_then(|s| s.strip_suffix('>'))
        .unwrap_or(t);
    let ok = !inner.is_empty()
        && inner.contains('@')
        && inner
            .chars()
            .all(|c| c.is_ascii_graphic() && c != '<' && c != '>');
    if ok {
        Ok(format!("<{inner}>"))
    } else {
        Err(MailError::MessageIdSyntax {
            input: input.to_string(),
        })
    }
}

impl TurnMail {
    /// This turn's Message-ID (see [`message_id`]).
    pub fn message_id(&self) -> Result<String, MailError> {
        let first = message_id(&self.game, &self.turn, &self.sender)?;
        Ok(match &self.correction {
            Some(token) => first.replacen('@', &format!(".fix-{}@", id_part(token)), 1),
            None => first,
        })
    }

    /// The Message-ID of the mail this one corrects: the turn's first mail.
    pub fn corrected_message_id(&self) -> Result<Option<String>, MailError> {
        match self.correction {
            Some(_) => message_id(&self.game, &self.turn, &self.sender).map(Some),
            None => Ok(None),
        }
    }

    /// `[Blitzkrieg GAME] Turn 3 Blue → Red: report`: stable, so mail filters can match
    /// on `[Blitzkrieg GAME]`; the words after it are the game's ([`Subject`]).
    pub fn subject(&self) -> String {
        let words = match self.correction {
            Some(_) => &self.subject.corrected,
            None => &self.subject.first,
        };
        format!("[Blitzkrieg {}] {words}", self.game)
    }

    /// The outbox file name: `blitz-GAME-TURN.eml` (turn label in lower case, characters
    /// other than letters, digits, `-`, `_` replaced by `_`).
    pub fn outbox_file_name(&self) -> String {
        let fix = self
            .correction
            .as_ref()
            .map(|t| format!("-fix-{}", id_part(t)))
            .unwrap_or_default();
        format!(
            "blitz-{}-{}{fix}.eml",
            id_part(&self.game),
            id_part(&self.turn.to_lowercase())
        )
    }

    /// A MIME boundary derived from the content, so the output is reproducible; it
    /// never occurs in the body or the attachment names (base64 never holds `-`).
    fn boundary(&self) -> String {
        let mut counter: u32 = 0;
        loop {
            let mut h = Sha256::new();
            for piece in [
                self.game.as_bytes(),
                self.turn.as_bytes(),
                self.report.as_bytes(),
            ] {
                h.update((piece.len() as u64).to_be_bytes());
                h.update(piece);
            }
            for a in &self.attachments {
                h.update((a.name.len() as u64).to_be_bytes());
                h.update(a.name.as_bytes());
                h.update((a.bytes.len() as u64).to_be_bytes());
                h.update(&a.bytes);
            }
            h.update(counter.to_be_bytes());
            let digest = hex::encode(h.finalize());
            let candidate = format!("blitz-{}", &digest[..32]);
            let clash = self.report.contains(&candidate)
                || self.attachments.iter().any(|a| a.name.contains(&candidate));
            if !clash {
                return candidate;
            }
            counter = counter.wrapping_add(1);
        }
    }

    /// The recipients in the order of sides (an address shared by two only once).
    fn recipients(&self) -> Result<Vec<Mailbox>, MailError> {
        let mut out: Vec<Mailbox> = Vec::new();
        for (side, player) in &self.players {
            let mailbox = player.mailbox(&format!("{side} player's address"))?;
            if !out.iter().any(|m| m.email == mailbox.email) {
                out.push(mailbox);
            }
        }
        Ok(out)
    }

    fn check_attachment_names(&self) -> Result<(), MailError> {
        for a in &self.attachments {
            let bad = |reason: &str| MailError::AttachmentName {
                name: a.name.clone(),
                reason: reason.to_string(),
            };
            if a.name.trim().is_empty() {
                return Err(bad("it is empty"));
            }
            if a.name.contains('/') || a.name.contains('\\') {
                return Err(bad("it holds a path separator"));
            }
            if a.name.chars().any(|c| c.is_control() || c == '"') {
                return Err(bad("it holds a control character or a double quote"));
            }
            a.mime_type
                .parse::<ContentType>()
                .map_err(|e| MailError::AttachmentName {
                    name: a.name.clone(),
                    reason: format!("its MIME type `{}` is not valid: {e}", a.mime_type),
                })?;
        }
        Ok(())
    }

    /// Builds the message: From the sender, To both players, Subject, Date,
    /// Message-ID, In-Reply-To/References, `X-Blitz-Game`/`X-Blitz-Turn`,
    /// `Auto-Submitted: auto-generated`, then a multipart/mixed body: the report as
    /// text/plain (UTF-8) and each attachment base64-encoded.
    pub fn to_message(&self) -> Result<Message, MailError> {
        self.check_attachment_names()?;
        header_text("game id", &self.game)?;
        header_text("turn label", &self.turn)?;
        header_text("side", &self.from_side)?;
        header_text("side", &self.to_side)?;
        header_text("sender", &self.sender)?;
        let sender: Mailbox = self.sender.trim().parse().map_err(|e| MailError::Address {
            what: "sender".to_string(),
            input: self.sender.clone(),
            reason: format!("{e}"),
        })?;
        let mut builder = Message::builder()
            .from(sender.clone())
            .reply_to(sender)
            .subject(self.subject())
            .date(SystemTime::from(self.date))
            .message_id(Some(self.message_id()?));
        let mut to = Mailboxes::new();
        for r in self.recipients()? {
            to.push(r);
        }
        builder = builder.mailbox(lettre::message::header::To::from(to));

        let mut chain: Vec<String> = Vec::new();
        for r in &self.references {
            chain.push(normalise_msg_id(r)?);
        }
        let corrected = self.corrected_message_id()?;
        if let Some(parent) = &self.in_reply_to {
            let parent = normalise_msg_id(parent)?;
            if corrected.is_none() {
                builder = builder.in_reply_to(parent.clone());
            }
            if !chain.contains(&parent) {
                chain.push(parent);
            }
        }
        // A correction replies to the mail it corrects, and says it supersedes it.
        if let Some(earlier) = &corrected {
            builder = builder
                .in_reply_to(earlier.clone())
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("Supersedes"),
                    earlier.clone(),
                ));
            if !chain.contains(earlier) {
                chain.push(earlier.clone());
            }
        }
        if !chain.is_empty() {
            builder = builder.references(chain.join(" "));
        }
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("X-Blitz-Game"),
                self.game.clone(),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("X-Blitz-Turn"),
                self.turn.clone(),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".to_string(),
            ));

        let mut body = MultiPart::mixed()
            .boundary(self.boundary())
            .singlepart(SinglePart::plain(self.report.clone()));
        for a in &self.attachments {
            let content_type: ContentType =
                a.mime_type.parse().map_err(|e| MailError::AttachmentName {
                    name: a.name.clone(),
                    reason: format!("its MIME type `{}` is not valid: {e}", a.mime_type),
                })?;
            // Always base64: the bytes (a state file whose hash matters) arrive exactly.
            let encoded = Body::new_with_encoding(a.bytes.clone(), ContentTransferEncoding::Base64)
                .map_err(|_| MailError::Build {
                    reason: format!("the attachment {} could not be encoded", a.name),
                })?;
            body = body.singlepart(Attachment::new(a.name.clone()).body(encoded, content_type));
        }
        builder.multipart(body).map_err(|e| MailError::Build {
            reason: e.to_string(),
        })
    }

    /// The message as it is written to the outbox and sent (CRLF line ends).
    pub fn formatted(&self) -> Result<Vec<u8>, MailError> {
        Ok(self.to_message()?.formatted())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use chrono::TimeZone;

    pub(crate) fn sample() -> TurnMail {
        TurnMail {
            game: "g1".into(),
            turn: "3-Blue".into(),
            from_side: "Blue".into(),
            to_side: "Red".into(),
            players: vec![
                (
                    "Blue".into(),
                    Player {
                        name: "Ann Blue".into(),
                        address: "blue@example.org".into(),
                    },
                ),
                (
                    "Red".into(),
                    Player {
                        name: "Rob Red".into(),
                        address: "red@example.net".into(),
                    },
                ),
            ],
            sender: "Blitz Umpire <umpire@example.com>".into(),
            report: "Turn 3, Blue.\nA1: 3-1, defender eliminated.\n".into(),
            attachments: vec![MailAttachment {
                name: "g1-004-red.toml".into(),
                mime_type: "application/toml".into(),
                bytes: b"game = \"g1\"\n".to_vec(),
            }],
            in_reply_to: Some("<blitz.g1.2-red@example.com>".into()),
            references: vec!["<blitz.g1.1-blue@example.com>".into()],
            date: Utc.with_ymd_and_hms(2026, 11, 24, 18, 0, 0).unwrap(),
            correction: None,
            subject: Subject {
                first: "Turn 3".into(),
                corrected: "Turn 3 again".into(),
            },
        }
    }

    #[test]
    fn same_turn_gives_same_bytes() {
        let a = sample().formatted().unwrap();
        let b = sample().formatted().unwrap();
        assert_eq!(a, b);
        let text = String::from_utf8(a).unwrap();
        assert!(text.contains("Message-ID: <blitz.g1.3-blue@example.com>"));
        assert!(text.contains("In-Reply-To: <blitz.g1.2-red@example.com>"));
        assert!(
            text.contains("References: <blitz.g1.1-blue@example.com> <blitz.g1.2-red@example.com>")
        );
        assert!(text.contains("Date: Tue, 24 Nov 2026 18:00:00 +0000"));
    }

    #[test]
    fn other_content_other_boundary() {
        let a = sample();
        let mut b = sample();
        b.report.push('x');
        assert_ne!(a.boundary(), b.boundary());
    }

    #[test]
    fn the_subject_is_the_games_words_after_the_tag() {
        let mut m = sample();
        assert_eq!(m.subject(), "[Blitzkrieg g1] Turn 3");
        m.correction = Some("ab12".into());
        assert_eq!(m.subject(), "[Blitzkrieg g1] Turn 3 again");
    }

    #[test]
    fn ids_and_names_are_sanitised() {
        assert_eq!(
            message_id("my game", "3-Blue", "u@x.org").unwrap(),
            "<blitz.my_game.3-blue@x.org>"
        );
        let mut m = sample();
        m.game = "a/b".into();
        assert_eq!(m.outbox_file_name(), "blitz-a_b-3-blue.eml");
    }

    #[test]
    fn bad_addresses_are_named() {
        let mut m = sample();
        m.players[1].1.address = "not an address".into();
        match m.to_message() {
            Err(MailError::Address { what, input, .. }) => {
                assert!(what.contains("Red"));
                assert_eq!(input, "not an address");
            }
            other => panic!("{other:?}"),
        }
        let mut m = sample();
        m.in_reply_to = Some("nonsense".into());
        assert!(matches!(
            m.to_message(),
            Err(MailError::MessageIdSyntax { .. })
        ));
    }

    #[test]
    fn attachment_names_are_checked() {
        let mut m = sample();
        m.attachments[0].name = "../etc/passwd".into();
        assert!(matches!(
            m.to_message(),
            Err(MailError::AttachmentName { .. })
        ));
    }

    #[test]
    fn player_parse() {
        let p = Player::parse("Ann Blue <blue@example.org>", "Blue").unwrap();
        assert_eq!(p.name, "Ann Blue");
        assert_eq!(p.address, "blue@example.org");
        let p = Player::parse("blue@example.org", "Blue").unwrap();
        assert_eq!(p.name, "");
        assert!(Player::parse("blue", "Blue").is_err());
    }
}
