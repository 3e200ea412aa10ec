//! Orders from mail: finds the TOML orders in a player's reply.
//!
//! The orders are the one attached `.toml` file (any content type, any transfer
//! encoding), or else the lines between the marker lines
//! `# ---- BEGIN BLITZ ORDERS ----` and `# ---- END BLITZ ORDERS ----` in the plain-text
//! body, with `>` quoting removed at any depth (`> `, `>`, `> > `), quoted-printable and
//! base64 decoded and `format=flowed` lines rejoined. When the body holds several
//! blocks, the least-quoted one wins (a top-posted answer over the quoted original);
//! two different blocks at the same depth are an error, never a guess. A signature of
//! the orders (`ssh-keygen -Y sign`) comes with them the same way: the one attached
//! `.sig` file, or else the armored block in the plain-text body.

use super::error::MailError;
use super::mime::{self, Leaf};

/// The line that opens the orders in a plain-text body.
pub const BEGIN_MARKER: &str = "# ---- BEGIN BLITZ ORDERS ----";
/// The line that closes the orders in a plain-text body.
pub const END_MARKER: &str = "# ---- END BLITZ ORDERS ----";

/// Where in the message the orders were found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrdersSource {
    /// An attached file.
    Attachment { name: String },
    /// Lines of the decoded plain-text body (1-based, inclusive: the TOML lines, not
    /// the markers). `quote_depth` is how many `>` the block was quoted with.
    Body {
        first_line: usize,
        last_line: usize,
        quote_depth: usize,
    },
}

impl std::fmt::Display for OrdersSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OrdersSource::Attachment { name } => write!(f, "attachment {name}"),
            OrdersSource::Body {
                first_line,
                last_line,
                quote_depth,
            } => {
                write!(f, "body lines {first_line}-{last_line}")?;
                if *quote_depth > 0 {
                    write!(f, " (quoted)")?;
                }
                Ok(())
            }
        }
    }
}

/// Orders taken out of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractedOrders {
    /// The TOML text. From a base64 attachment: the attached bytes exactly. From any
    /// other part: line ends are LF. From the body: the lines between the markers,
    /// unquoted, each ended by LF.
    pub toml: String,
    pub source: OrdersSource,
    /// Add this to a 1-based line number within `toml` to get the line in the source
    /// (0 for attachments; for the body, the line before the first TOML line). Exact
    /// unless `format=flowed` rejoined wrapped lines: then use [`Self::source_line`].
    pub line_offset: usize,
    /// Source line of each TOML line (1-based), same length as the TOML's lines.
    line_map: Vec<usize>,
    /// The message's From header (encoded words decoded), if any.
    pub from: Option<String>,
    /// The message's Subject (decoded), if any.
    pub subject: Option<String>,
    /// The message's Message-ID, if any.
    pub message_id: Option<String>,
    /// The message's In-Reply-To, if any: the turn message this answers.
    pub in_reply_to: Option<String>,
    /// The signature of the orders the message carries, if any.
    pub signature: Option<FoundSignature>,
    /// The order tables the player wrote in the body outside the marker lines (at the
    /// quoting depth of the orders read), which were not read: each as its body line
    /// and its header (`[[move]]`). Empty for orders attached, which are read whole.
    pub outside: Vec<(usize, String)>,
}

/// A signature found in a message: the armored text (`-----BEGIN SSH SIGNATURE-----`
/// ...) and where it was (`attachment orders.toml.sig`, `body lines 31-36`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundSignature {
    pub armored: String,
    pub source: String,
}

impl ExtractedOrders {
    /// The line in the source (attachment or body) of line `orders_line` (1-based) of
    /// the TOML text.
    pub fn source_line(&self, orders_line: usize) -> usize {
        match orders_line
            .checked_sub(1)
            .and_then(|i| self.line_map.get(i))
        {
            Some(l) => *l,
            None => orders_line + self.line_offset,
        }
    }
}

/// True when the bytes look like an e-mail message or an mbox file rather than a TOML
/// order file: an mbox `From ` line first, or a header block with at least one of the
/// usual mail fields. A TOML file never starts like that (`key = value`, `[table]`,
/// `# comment`).
pub fn is_message(bytes: &[u8]) -> bool {
    let start = bytes
        .iter()
        .position(|&b| b != b'\r' && b != b'\n')
        .unwrap_or(bytes.len());
    let rest = &bytes[start..];
    if rest.starts_with(b"From ") {
        return true;
    }
    match mime::parse_message(rest) {
        Ok(part) => part.headers.iter().any(|(n, _)| {
            matches!(
                n.as_str(),
                "from"
                    | "to"
                    | "subject"
                    | "date"
                    | "message-id"
                    | "mime-version"
                    | "content-type"
                    | "received"
                    | "return-path"
                    | "delivered-to"
            )
        }),
        Err(_) => false,
    }
}

/// Takes the one message out of an mbox (`From ` separator lines), undoing the
/// `>From ` escaping. Input that does not start with `From ` is returned unchanged.
fn unwrap_mbox(bytes: &[u8]) -> Result<Vec<u8>, MailError> {
    let start = bytes
        .iter()
        .position(|&b| b != b'\r' && b != b'\n')
        .unwrap_or(bytes.len());
    let bytes = &bytes[start..];
    if !bytes.starts_with(b"From ") {
        return Ok(bytes.to_vec());
    }
    let mut count = 0usize;
    let mut previous_blank = true;
    let mut out = Vec::with_capacity(bytes.len());
    let mut first = true;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let content = line
            .strip_suffix(b"\n")
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .unwrap_or(line);
        if content.starts_with(b"From ") && previous_blank {
            count += 1;
            previous_blank = false;
            if first {
                first = false;
                continue;
            }
        }
        previous_blank = content.is_empty();
        if first {
            continue;
        }
        // mboxrd: a line `>From `, `>>From `... lost one `>` when it was stored.
        let gt = content.iter().take_while(|&&b| b == b'>').count();
        if gt > 0 && content[gt..].starts_with(b"From ") {
            out.extend_from_slice(&line[1..]);
        } else {
            out.extend_from_slice(line);
        }
    }
    if count > 1 {
        return Err(MailError::SeveralMessages { count });
    }
    Ok(out)
}

/// Reads a message (`.eml`) or an mbox file holding one message and returns the orders
/// it carries: the attached `.toml` file, or else the TOML between the marker lines
/// of the plain-text body.
pub fn orders_from_message(bytes: &[u8]) -> Result<ExtractedOrders, MailError> {
    let raw = unwrap_mbox(bytes)?;
    let message = mime::parse_message(&raw).map_err(|reason| MailError::NotAMessage { reason })?;
    if !is_message(&raw) {
        return Err(MailError::NotAMessage {
            reason: "it has no mail header fields (From, To, Subject, Date, ...)".to_string(),
        });
    }
    let leaves = message.leaves();
    // A turn message of the umpire's own carries the orders of the turn it reports
    // (`NN-TURN.orders.toml`) for the record: not orders to read.
    let record = message.header("x-blitz-game").is_some();
    // An attachment is read whole: nothing of it is dropped.
    let ((toml, source, line_map), outside) = match from_attachment(&leaves, record)? {
        Some(found) => (found, Vec::new()),
        None => from_body(&leaves)?,
    };
    let line_offset = match &source {
        OrdersSource::Attachment { .. } => 0,
        OrdersSource::Body { first_line, .. } => first_line.saturating_sub(1),
    };
    Ok(ExtractedOrders {
        toml,
        source,
        line_offset,
        line_map,
        from: message.header_decoded("from"),
        subject: message.header_decoded("subject"),
        message_id: message.header("message-id"),
        in_reply_to: message.header("in-reply-to"),
        signature: signature_in(&leaves)?,
        outside,
    })
}

/// A line that opens a TOML table or array of tables (`[seed]`, `[[move]]`): an order,
/// or the start of one.
fn is_table_header(line: &str) -> bool {
    let t = line.trim();
    let inner = t
        .strip_prefix("[[")
        .and_then(|r| r.strip_suffix("]]"))
        .or_else(|| t.strip_prefix('[').and_then(|r| r.strip_suffix(']')));
    inner.is_some_and(|name| {
        let name = name.trim();
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    })
}

/// The order tables of a text holding the marker lines that are outside them (above
/// the BEGIN line or below the END line): each as its line (1-based) and header. A
/// reply carrying the text in its body is read between the markers only, so these are
/// dropped. A text without both markers has nothing outside them.
pub fn tables_outside(text: &str) -> Vec<(usize, String)> {
    let is = |l: &str, marker: &str| l.trim().eq_ignore_ascii_case(marker);
    let lines: Vec<&str> = text.lines().collect();
    if !lines.iter().any(|l| is(l, BEGIN_MARKER)) || !lines.iter().any(|l| is(l, END_MARKER)) {
        return Vec::new();
    }
    let mut inside = false;
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if is(l, BEGIN_MARKER) {
            inside = true;
        } else if is(l, END_MARKER) {
            inside = false;
        } else if !inside && is_table_header(l) {
            out.push((i + 1, l.trim().to_string()));
        }
    }
    out
}

/// The signature a message carries: the one attachment whose name ends in `.sig`, or
/// else the least-quoted armored block of the plain-text body (quoting removed).
fn signature_in(leaves: &[Leaf]) -> Result<Option<FoundSignature>, MailError> {
    let attached: Vec<&Leaf> = leaves
        .iter()
        .filter(|l| {
            l.filename
                .as_deref()
                .is_some_and(|n| n.trim().to_ascii_lowercase().ends_with(".sig"))
        })
        .collect();
    let mut found = Vec::new();
    for leaf in &attached {
        let name = leaf.filename.clone().unwrap_or_default();
        let text = leaf_text(leaf, &format!("the attachment {name}"), false)?;
        found.push(FoundSignature {
            armored: crate::sshsig::armored_block(&text).unwrap_or(text),
            source: format!("attachment {name}"),
        });
    }
    if found.is_empty() {
        found = body_signatures(leaves)?;
    }
    let Some(first) = found.first() else {
        return Ok(None);
    };
    if found.iter().any(|f| f.armored != first.armored) {
        return Err(MailError::SeveralSignatures {
            places: found.into_iter().map(|f| f.source).collect(),
        });
    }
    Ok(Some(first.clone()))
}

/// The armored signature blocks of the plain-text body at the least quoting depth.
fn body_signatures(leaves: &[Leaf]) -> Result<Vec<FoundSignature>, MailError> {
    let begin = crate::sshsig::BEGIN_SIGNATURE;
    let end = crate::sshsig::END_SIGNATURE;
    let mut blocks: Vec<(usize, FoundSignature)> = Vec::new();
    for leaf in leaves.iter().filter(|l| {
        l.content_type == "text/plain" && l.disposition.as_deref() != Some("attachment")
    }) {
        let text = leaf_text(leaf, "the plain-text body", false)?;
        let lines = body_lines(&text, false, false);
        let mut i = 0;
        while i < lines.len() {
            if lines[i].text.trim() != begin {
                i += 1;
                continue;
            }
            let depth = lines[i].depth;
            let first = lines[i].line;
            let mut armored = String::new();
            let mut last = first;
            while i < lines.len() && lines[i].depth == depth {
                let t = lines[i].text.trim();
                armored.push_str(t);
                armored.push('\n');
                last = lines[i].line;
                i += 1;
                if t == end {
                    break;
                }
            }
            blocks.push((
                depth,
                FoundSignature {
                    armored,
                    source: format!("body lines {first}-{last}"),
                },
            ));
        }
    }
    let Some(min) = blocks.iter().map(|(d, _)| *d).min() else {
        return Ok(Vec::new());
    };
    Ok(blocks
        .into_iter()
        .filter(|(d, _)| *d == min)
        .map(|(_, f)| f)
        .collect())
}

fn lf_line_ends(text: &str) -> String {
    text.replace("\r\n", "\n")
}

/// A leaf's body decoded to text (transfer encoding, then charset), with CRLF
/// turned into LF unless it was base64 and `keep_exact`.
fn leaf_text(leaf: &Leaf, what: &str, keep_exact: bool) -> Result<String, MailError> {
    let bytes =
        mime::decode_transfer(&leaf.body, &leaf.encoding).map_err(|reason| MailError::Decode {
            part: what.to_string(),
            reason,
        })?;
    let charset = leaf.params.get("charset").map(String::as_str).unwrap_or("");
    let text = mime::decode_charset(&bytes, charset).map_err(|reason| MailError::Decode {
        part: what.to_string(),
        reason,
    })?;
    if keep_exact && leaf.encoding == "base64" {
        Ok(text)
    } else {
        Ok(lf_line_ends(&text))
    }
}

type Found = (String, OrdersSource, Vec<usize>);

/// The orders found in the body, and the order tables outside their marker lines.
type FoundInBody = (Found, Vec<(usize, String)>);

/// The one attached `.toml` file; in a turn message of the umpire's (`record`), the
/// orders of the turn it reports (`*.orders.toml`) are passed over.
fn from_attachment(leaves: &[Leaf], record: bool) -> Result<Option<Found>, MailError> {
    let tomls: Vec<&Leaf> = leaves
        .iter()
        .filter(|l| {
            l.filename.as_deref().is_some_and(|n| {
                let n = n.trim().to_ascii_lowercase();
                n.ends_with(".toml") && !(record && n.ends_with(".orders.toml"))
            })
        })
        .collect();
    match tomls.as_slice() {
        [] => Ok(None),
        [leaf] => {
            let name = leaf.filename.clone().unwrap_or_default();
            let text = leaf_text(leaf, &format!("the attachment {name}"), true)?;
            if text.trim().is_empty() {
                return Err(MailError::EmptyOrders {
                    place: format!("the attachment {name}"),
                });
            }
            let lines = text.lines().count().max(1);
            Ok(Some((
                text,
                OrdersSource::Attachment { name },
                (1..=lines).collect(),
            )))
        }
        several => Err(MailError::SeveralAttachments {
            names: several
                .iter()
                .map(|l| l.filename.clone().unwrap_or_default())
                .collect(),
        }),
    }
}

/// One logical body line after unquoting: quote depth, text, physical line (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
struct BodyLine {
    depth: usize,
    text: String,
    line: usize,
}

/// Removes `>` quoting: each `>` with at most one space after it.
fn unquote_line(line: &str) -> (usize, &str) {
    let mut depth = 0;
    let mut rest = line;
    while let Some(r) = rest.strip_prefix('>') {
        depth += 1;
        rest = r.strip_prefix(' ').unwrap_or(r);
    }
    (depth, rest)
}

/// The separator some mail programs put above the original message when they do not
/// quote it with `>`: `-----Original Message-----`, or a line of underscores.
fn is_original_separator(line: &str) -> bool {
    let t = line.trim();
    let dashed = t.starts_with("--") && t.to_ascii_lowercase().contains("original message");
    let underscores = t.len() >= 10 && t.chars().all(|c| c == '_');
    dashed || underscores
}

/// Splits a text body into unquoted lines; with `flowed` (RFC 3676) the space-stuffing
/// is removed and a line ending in a space is joined with the next line of the same
/// depth (`delsp` drops that space). Lines after an "Original Message" separator count
/// as quoted once more. No-break spaces (which some programs put in plain text) become
/// spaces.
fn body_lines(text: &str, flowed: bool, delsp: bool) -> Vec<BodyLine> {
    let mut out: Vec<BodyLine> = Vec::new();
    let mut joining = false;
    let mut below_original = 0;
    for (i, raw) in text.split('\n').enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw).replace('\u{a0}', " ");
        let (quotes, mut content) = unquote_line(&raw);
        if flowed && quotes == 0 {
            content = content.strip_prefix(' ').unwrap_or(content);
        }
        if is_original_separator(content) {
            below_original += 1;
        }
        let depth = quotes + below_original;
        let soft = flowed && content.ends_with(' ') && content != "-- ";
        let piece = if soft && delsp {
            &content[..content.len() - 1]
        } else {
            content
        };
        match out.last_mut() {
            Some(prev) if joining && prev.depth == depth => prev.text.push_str(piece),
            _ => out.push(BodyLine {
                depth,
                text: piece.to_string(),
                line: i + 1,
            }),
        }
        joining = soft;
    }
    out
}

#[derive(Debug)]
struct Block {
    depth: usize,
    first_line: usize,
    last_line: usize,
    lines: Vec<(usize, String)>,
}

/// A block whose END marker has not been seen yet.
struct OpenBlock {
    depth: usize,
    begun: usize,
    lines: Vec<(usize, String)>,
}

/// Finds the marker blocks of one text; marker problems go into `problems`.
fn blocks_in(lines: &[BodyLine], problems: &mut Vec<String>) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<OpenBlock> = None;
    for l in lines {
        let t = l.text.trim();
        if t.eq_ignore_ascii_case(BEGIN_MARKER) {
            if let Some(o) = &open {
                problems.push(format!(
                    "body line {}: a BEGIN marker inside the block begun on line {}",
                    l.line, o.begun
                ));
            }
            open = Some(OpenBlock {
                depth: l.depth,
                begun: l.line,
                lines: Vec::new(),
            });
        } else if t.eq_ignore_ascii_case(END_MARKER) {
            match open.take() {
                Some(o) => {
                    let first = o.lines.first().map(|c| c.0).unwrap_or(o.begun + 1);
                    let last = o.lines.last().map(|c| c.0).unwrap_or(o.begun);
                    blocks.push(Block {
                        depth: o.depth,
                        first_line: first,
                        last_line: last,
                        lines: o.lines,
                    });
                }
                None => problems.push(format!(
                    "body line {}: an END marker with no BEGIN marker before it",
                    l.line
                )),
            }
        } else if let Some(o) = open.as_mut() {
            o.lines.push((l.line, l.text.clone()));
        }
    }
    if let Some(o) = open {
        problems.push(format!(
            "body line {}: a BEGIN marker with no END marker after it",
            o.begun
        ));
    }
    blocks
}

fn from_body(leaves: &[Leaf]) -> Result<FoundInBody, MailError> {
    let texts: Vec<&Leaf> = leaves
        .iter()
        .filter(|l| {
            l.content_type == "text/plain" && l.disposition.as_deref() != Some("attachment")
        })
        .collect();
    if texts.is_empty() {
        let html = leaves.iter().any(|l| l.content_type == "text/html");
        return Err(MailError::NoOrders {
            reason: if html {
                "it has no `.toml` attachment and only an HTML body (send plain text)".to_string()
            } else {
                "it has no `.toml` attachment and no plain-text body".to_string()
            },
        });
    }
    let mut problems = Vec::new();
    let mut blocks = Vec::new();
    let mut all_lines = Vec::new();
    for leaf in texts {
        let text = leaf_text(leaf, "the plain-text body", false)?;
        let flowed = leaf
            .params
            .get("format")
            .is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
        let delsp = leaf
            .params
            .get("delsp")
            .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
        let lines = body_lines(&text, flowed, delsp);
        blocks.extend(blocks_in(&lines, &mut problems));
        all_lines.push(lines);
    }
    if !problems.is_empty() {
        return Err(MailError::Markers { problems });
    }
    let Some(min_depth) = blocks.iter().map(|b| b.depth).min() else {
        return Err(MailError::NoOrders {
            reason: "it has no `.toml` attachment and no order marker lines in the plain-text \
                     body"
                .to_string(),
        });
    };
    let chosen: Vec<&Block> = blocks.iter().filter(|b| b.depth == min_depth).collect();
    let Some(block) = chosen.first() else {
        return Err(MailError::NoOrders {
            reason: "no order block".to_string(),
        });
    };
    let text_of = |b: &Block| -> String {
        b.lines
            .iter()
            .map(|(_, t)| format!("{t}\n"))
            .collect::<String>()
    };
    let toml = text_of(block);
    if chosen.iter().any(|b| text_of(b) != toml) {
        return Err(MailError::SeveralOrderBlocks {
            places: chosen
                .iter()
                .map(|b| format!("body lines {}-{}", b.first_line, b.last_line))
                .collect(),
        });
    }
    let source = OrdersSource::Body {
        first_line: block.first_line,
        last_line: block.last_line,
        quote_depth: block.depth,
    };
    if toml.trim().is_empty() {
        return Err(MailError::EmptyOrders {
            place: source.to_string(),
        });
    }
    let map = block.lines.iter().map(|(l, _)| *l).collect();
    let outside = all_lines
        .iter()
        .flat_map(|lines| outside_blocks(lines, min_depth))
        .collect();
    Ok(((toml, source, map), outside))
}

/// The order tables of a body at quoting depth `depth` outside every marker block: the
/// player's own lines (not the quoted original) that the reply does not carry.
fn outside_blocks(lines: &[BodyLine], depth: usize) -> Vec<(usize, String)> {
    let mut inside = false;
    let mut out = Vec::new();
    for l in lines {
        let t = l.text.trim();
        if t.eq_ignore_ascii_case(BEGIN_MARKER) {
            inside = true;
        } else if t.eq_ignore_ascii_case(END_MARKER) {
            inside = false;
        } else if !inside && l.depth == depth && is_table_header(t) {
            out.push((l.line, t.to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    const ORDERS: &str =
        "game = \"g1\"\nside = \"red\"\nturn = 4\n\n[seed]\nsource = \"drand\"\nround = 1234567\n";

    fn quoted(prefix: &str) -> String {
        let mut s = format!("{prefix}{BEGIN_MARKER}\n");
        for l in ORDERS.lines() {
            s.push_str(prefix);
            s.push_str(l);
            s.push('\n');
        }
        s.push_str(&format!("{prefix}{END_MARKER}\n"));
        s
    }

    fn plain_message(body: &str) -> Vec<u8> {
        format!(
            "From: Red <red@example.net>\nTo: umpire@example.com\nSubject: Re: turn\n\
             Message-ID: <r1@example.net>\nIn-Reply-To: <blitz.g1.3-blue@example.com>\n\n{body}"
        )
        .into_bytes()
    }

    #[test]
    fn unquoted_block() {
        let body = format!("Here you are.\n\n{}\nBye\n", quoted(""));
        let o = orders_from_message(&plain_message(&body)).unwrap();
        assert_eq!(o.toml, ORDERS);
        assert_eq!(
            o.source,
            OrdersSource::Body {
                first_line: 4,
                last_line: 10,
                quote_depth: 0
            }
        );
        assert_eq!(o.line_offset, 3);
        assert_eq!(o.source_line(1), 4);
        assert_eq!(
            o.in_reply_to.as_deref(),
            Some("<blitz.g1.3-blue@example.com>")
        );
        assert_eq!(o.source.to_string(), "body lines 4-10");
    }

    #[test]
    fn quoted_at_any_depth() {
        for prefix in ["> ", ">", "> > ", ">>", ">> "] {
            let o = orders_from_message(&plain_message(&quoted(prefix))).unwrap();
            assert_eq!(o.toml, ORDERS, "prefix {prefix:?}");
            assert!(o.source.to_string().ends_with("(quoted)"));
        }
    }

    #[test]
    fn top_posted_block_wins_over_quoted_template() {
        let blank = format!("> {BEGIN_MARKER}\n> game = \"g1\"\n> {END_MARKER}\n");
        let body = format!("{}\nOn Monday the umpire wrote:\n{blank}", quoted(""));
        let o = orders_from_message(&plain_message(&body)).unwrap();
        assert_eq!(o.toml, ORDERS);
    }

    #[test]
    fn original_message_separator_counts_as_quoting() {
        let blank = format!("{BEGIN_MARKER}\ngame = \"g1\"\n{END_MARKER}\n");
        let body = format!(
            "{}\n-----Original Message-----\nFrom: umpire\n\n{blank}",
            quoted("")
        );
        let o = orders_from_message(&plain_message(&body)).unwrap();
        assert_eq!(o.toml, ORDERS);
        let body = format!("{}\n________________________________\n{blank}", quoted(""));
        assert_eq!(
            orders_from_message(&plain_message(&body)).unwrap().toml,
            ORDERS
        );
    }

    #[test]
    fn order_tables_below_the_end_marker_are_named_not_read() {
        let body = format!(
            "{}\n[[move]]\nunits = [\"B-1IN\"]\nto = \"A1\"\n\n> [[quoted]]\n",
            quoted("")
        );
        let o = orders_from_message(&plain_message(&body)).unwrap();
        assert_eq!(o.toml, ORDERS);
        assert_eq!(o.outside, vec![(11, "[[move]]".to_string())]);
        let file = format!("# notes\n[seed]\n{BEGIN_MARKER}\nx = 1\n[a]\n{END_MARKER}\n[[b]]\n");
        assert_eq!(
            tables_outside(&file),
            vec![(2, "[seed]".to_string()), (7, "[[b]]".to_string())]
        );
        assert!(tables_outside("[seed]\nx = 1\n").is_empty(), "no markers");
        assert!(!is_table_header("[not a table]"));
        assert!(!is_table_header("units = [\"B-1IN\"]"));
    }

    #[test]
    fn no_break_spaces_become_spaces() {
        let body = format!("{BEGIN_MARKER}\nturn\u{a0}=\u{a0}4\n{END_MARKER}\n");
        assert_eq!(
            orders_from_message(&plain_message(&body)).unwrap().toml,
            "turn = 4\n"
        );
    }

    #[test]
    fn two_different_blocks_are_refused() {
        let body = format!("{}\n{BEGIN_MARKER}\nx = 1\n{END_MARKER}\n", quoted(""));
        assert!(matches!(
            orders_from_message(&plain_message(&body)),
            Err(MailError::SeveralOrderBlocks { .. })
        ));
    }

    #[test]
    fn marker_problems_are_all_listed() {
        let body = format!("{END_MARKER}\n{BEGIN_MARKER}\nx = 1\n");
        match orders_from_message(&plain_message(&body)) {
            Err(MailError::Markers { problems }) => assert_eq!(problems.len(), 2, "{problems:?}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_orders_and_empty_orders() {
        assert!(matches!(
            orders_from_message(&plain_message("just chatting\n")),
            Err(MailError::NoOrders { .. })
        ));
        let body = format!("{BEGIN_MARKER}\n\n{END_MARKER}\n");
        assert!(matches!(
            orders_from_message(&plain_message(&body)),
            Err(MailError::EmptyOrders { .. })
        ));
        assert!(matches!(
            orders_from_message(ORDERS.as_bytes()),
            Err(MailError::NotAMessage { .. })
        ));
    }

    #[test]
    fn quoted_printable_flowed_body() {
        // A long line wrapped by format=flowed and a soft QP break.
        let long =
            "description = \"the closing price of a stock named in advance by both players\"";
        let wrapped = "> description = \"the closing price of a stock named in advance=20\n> by both players\"";
        let body = format!("> {BEGIN_MARKER}\n{wrapped}\n> caf=C3=A9 =3D=\n 1\n> {END_MARKER}\n");
        let msg = format!(
            "From: r@x.org\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8; format=flowed\n\
             Content-Transfer-Encoding: quoted-printable\n\n{body}"
        );
        let o = orders_from_message(msg.as_bytes()).unwrap();
        assert_eq!(o.toml, format!("{long}\ncaf\u{e9} = 1\n"));
        assert_eq!(o.source_line(2), 4);
    }

    #[test]
    fn attachment_beats_body_and_keeps_bytes() {
        let msg = format!(
            "From: r@x.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"zz\"\r\n\r\n\
             --zz\r\nContent-Type: text/plain\r\n\r\n{BEGIN_MARKER}\r\nx = 1\r\n{END_MARKER}\r\n\
             --zz\r\nContent-Type: application/octet-stream; name=\"=?UTF-8?Q?orders=2Etoml?=\"\r\n\
             Content-Transfer-Encoding: base64\r\n\r\nYSA9IDENCmIgPSAyDQo=\r\n--zz--\r\n"
        );
        let o = orders_from_message(msg.as_bytes()).unwrap();
        assert_eq!(o.toml, "a = 1\r\nb = 2\r\n");
        assert_eq!(
            o.source,
            OrdersSource::Attachment {
                name: "orders.toml".into()
            }
        );
    }

    #[test]
    fn mbox_with_one_and_two_messages() {
        let one = format!(
            "From red@example.net Mon Nov 23 18:00:00 2026\n{}",
            String::from_utf8(plain_message(&quoted("> "))).unwrap()
        );
        assert_eq!(orders_from_message(one.as_bytes()).unwrap().toml, ORDERS);
        let two = format!("{one}\nFrom x@y Mon Nov 23 18:00:00 2026\nFrom: x@y\n\nhi\n");
        assert!(matches!(
            orders_from_message(two.as_bytes()),
            Err(MailError::SeveralMessages { count: 2 })
        ));
    }

    #[test]
    fn is_message_tells_mail_from_toml() {
        assert!(!is_message(ORDERS.as_bytes()));
        assert!(!is_message(b"# comment: with a colon\ngame = \"g\"\n"));
        assert!(!is_message(b"[seed]\nsource = \"drand\"\n"));
        assert!(is_message(&plain_message("x")));
        assert!(is_message(
            b"From a@b Mon Nov 23 18:00:00 2026\nFrom: a@b\n\nx\n"
        ));
    }
}
