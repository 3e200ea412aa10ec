//! A small MIME reader for incoming mail: header fields (unfolded), parameters
//! (quoted strings, RFC 2231 continuations and charsets), RFC 2047 encoded words,
//! multipart bodies split on their boundaries, and the content transfer encodings
//! (7bit, 8bit, binary, quoted-printable, base64). Only what is needed to find orders
//! in a reply; nested `message/rfc822` parts are kept whole and not looked into.

use base64::Engine as _;
use std::collections::BTreeMap;

/// Deepest multipart nesting followed; deeper parts are ignored (hostile input).
const MAX_DEPTH: usize = 16;

/// A message or body part: its header fields and its undecoded body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    /// (lower-case name, unfolded raw value) in the order they appear.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// A leaf of the MIME tree, with what is needed to decide whether it holds orders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Leaf {
    /// Lower-case `type/subtype`; `text/plain` when absent.
    pub content_type: String,
    /// Content-Type parameters (lower-case names, decoded values).
    pub params: BTreeMap<String, String>,
    /// Lower-case disposition (`attachment`, `inline`) if given.
    pub disposition: Option<String>,
    /// File name from Content-Disposition `filename` or Content-Type `name`.
    pub filename: Option<String>,
    /// Lower-case Content-Transfer-Encoding; `7bit` when absent.
    pub encoding: String,
    pub body: Vec<u8>,
}

/// Splits bytes into lines, each without its line end, with the byte offset where the
/// line starts. Both CRLF and LF line ends are accepted.
fn lines_with_offsets(bytes: &[u8]) -> Vec<(usize, &[u8])> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            let mut end = i;
            if end > start && bytes[end - 1] == b'\r' {
                end -= 1;
            }
            out.push((start, &bytes[start..end]));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        out.push((start, &bytes[start..]));
    }
    out
}

/// A header field name: printable ASCII except colon, at least one character.
fn field_name(line: &[u8]) -> Option<(String, &[u8])> {
    let colon = line.iter().position(|&b| b == b':')?;
    if colon == 0 {
        return None;
    }
    let name = &line[..colon];
    if !name.iter().all(|&b| (33..=126).contains(&b)) {
        return None;
    }
    Some((
        String::from_utf8_lossy(name).to_ascii_lowercase(),
        &line[colon + 1..],
    ))
}

/// Parses header fields and body. Fails only when the first line is not a header field.
pub(crate) fn parse_part(bytes: &[u8]) -> Result<Part, String> {
    let mut headers: Vec<(String, String)> = Vec::new();
    let lines = lines_with_offsets(bytes);
    let mut body_start = bytes.len();
    for (idx, (offset, line)) in lines.iter().enumerate() {
        if line.is_empty() {
            body_start = lines.get(idx + 1).map(|(o, _)| *o).unwrap_or(bytes.len());
            break;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            if let Some((_, value)) = headers.last_mut() {
                value.push(' ');
                value.push_str(String::from_utf8_lossy(line).trim());
                continue;
            }
            return Err("it starts with an indented line".to_string());
        }
        match field_name(line) {
            Some((name, value)) => {
                headers.push((name, String::from_utf8_lossy(value).trim().to_string()));
            }
            None if idx == 0 => {
                return Err("its first line is not a header field (`Name: value`)".to_string());
            }
            None => {
                // A line that is neither a field nor blank ends a sloppy header block.
                body_start = *offset;
                break;
            }
        }
    }
    Ok(Part {
        headers,
        body: bytes[body_start.min(bytes.len())..].to_vec(),
    })
}

/// Parses a whole message (leading blank lines skipped).
pub(crate) fn parse_message(bytes: &[u8]) -> Result<Part, String> {
    let start = bytes
        .iter()
        .position(|&b| b != b'\r' && b != b'\n')
        .unwrap_or(bytes.len());
    if start == bytes.len() {
        return Err("it is empty".to_string());
    }
    parse_part(&bytes[start..])
}

impl Part {
    /// The first field of this name (lower-case), unfolded, undecoded.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// Every field of this name.
    pub fn headers_named(&self, name: &str) -> Vec<String> {
        self.headers
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    /// The first field of this name with RFC 2047 encoded words decoded.
    pub fn header_decoded(&self, name: &str) -> Option<String> {
        self.header(name).map(|v| decode_words(&v))
    }

    /// The leaves of the MIME tree in order of appearance.
    pub fn leaves(&self) -> Vec<Leaf> {
        let mut out = Vec::new();
        self.collect_leaves(0, &mut out);
        out
    }

    fn collect_leaves(&self, depth: usize, out: &mut Vec<Leaf>) {
        let (content_type, params) = match self.header("content-type") {
            Some(v) => parse_parameters(&v),
            None => ("text/plain".to_string(), BTreeMap::new()),
        };
        let content_type = if content_type.contains('/') {
            content_type
        } else {
            "text/plain".to_string()
        };
        if content_type.starts_with("multipart/") {
            if let Some(boundary) = params.get("boundary") {
                if depth < MAX_DEPTH {
                    for chunk in split_multipart(&self.body, boundary) {
                        if let Ok(part) = parse_part_lenient(&chunk) {
                            part.collect_leaves(depth + 1, out);
                        }
                    }
                }
                return;
            }
        }
        let (disposition, dparams) = match self.header("content-disposition") {
            Some(v) => {
                let (d, p) = parse_parameters(&v);
                (Some(d), p)
            }
            None => (None, BTreeMap::new()),
        };
        let filename = dparams
            .get("filename")
            .or_else(|| params.get("name"))
            .map(|n| decode_words(n))
            .filter(|n| !n.trim().is_empty());
        let encoding = self
            .header("content-transfer-encoding")
            .map(|e| e.trim().to_ascii_lowercase())
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| "7bit".to_string());
        out.push(Leaf {
            content_type,
            params,
            disposition,
            filename,
            encoding,
            body: self.body.clone(),
        });
    }
}

/// A body part may start with a blank line (no header fields at all): then it is all
/// body, typed text/plain by default.
fn parse_part_lenient(bytes: &[u8]) -> Result<Part, String> {
    if bytes.starts_with(b"\r\n") {
        return Ok(Part {
            headers: Vec::new(),
            body: bytes[2..].to_vec(),
        });
    }
    if bytes.starts_with(b"\n") {
        return Ok(Part {
            headers: Vec::new(),
            body: bytes[1..].to_vec(),
        });
    }
    parse_part(bytes)
}

/// Splits a multipart body on `--boundary` lines; the line end before a delimiter
/// belongs to the delimiter. Preamble and epilogue are dropped. A missing closing
/// delimiter ends the last part at the end of the input.
pub(crate) fn split_multipart(body: &[u8], boundary: &str) -> Vec<Vec<u8>> {
    let delim = format!("--{boundary}");
    let delim = delim.as_bytes();
    let mut parts = Vec::new();
    let mut current: Option<usize> = None;
    for (offset, line) in lines_with_offsets(body) {
        let trimmed = trim_end_ws(line);
        let is_close = trimmed.len() == delim.len() + 2
            && trimmed.starts_with(delim)
            && trimmed.ends_with(b"--");
        let is_delim = trimmed == delim;
        if is_delim || is_close {
            if let Some(start) = current.take() {
                let mut end = offset;
                if end > start && body[end - 1] == b'\n' {
                    end -= 1;
                    if end > start && body[end - 1] == b'\r' {
                        end -= 1;
                    }
                }
                parts.push(body[start..end.max(start)].to_vec());
            }
            if is_close {
                return parts;
            }
            // The part starts after this delimiter line's line end.
            let mut next = offset + line.len();
            if body.get(next) == Some(&b'\r') {
                next += 1;
            }
            if body.get(next) == Some(&b'\n') {
                next += 1;
            }
            current = Some(next);
        }
    }
    if let Some(start) = current {
        if start < body.len() {
            parts.push(body[start..].to_vec());
        }
    }
    parts
}

fn trim_end_ws(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && (line[end - 1] == b' ' || line[end - 1] == b'\t') {
        end -= 1;
    }
    &line[..end]
}

/// Splits a structured header value at `;` outside quoted strings.
fn split_semicolons(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_quotes = false;
    let mut escaped = false;
    for c in value.chars() {
        if escaped {
            cur.push(c);
            escaped = false;
            continue;
        }
        match c {
            '\\' if in_quotes => {
                cur.push(c);
                escaped = true;
            }
            '"' => {
                in_quotes = !in_quotes;
                cur.push(c);
            }
            ';' if !in_quotes => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        let mut out = String::new();
        let mut escaped = false;
        for c in s[1..s.len() - 1].chars() {
            if escaped {
                out.push(c);
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else {
                out.push(c);
            }
        }
        out
    } else {
        s.to_string()
    }
}

/// Percent-decodes an RFC 2231 extended value.
fn percent_decode(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = |c: u8| char::from(c).to_digit(16);
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Parses `value; a=b; c="d"` into the lower-case main value and the parameters,
/// joining RFC 2231 continuations (`name*0=`, `name*1*=`) and decoding extended
/// values (`name*=utf-8''%E2%86%92`).
pub(crate) fn parse_parameters(value: &str) -> (String, BTreeMap<String, String>) {
    let pieces = split_semicolons(value);
    let main = pieces
        .first()
        .map(|s| s.trim().to_ascii_lowercase())
        .unwrap_or_default();
    // name -> (section -> (extended, raw value))
    let mut sections: BTreeMap<String, BTreeMap<u32, (bool, String)>> = BTreeMap::new();
    for piece in pieces.iter().skip(1) {
        let Some((k, v)) = piece.split_once('=') else {
            continue;
        };
        let key = k.trim().to_ascii_lowercase();
        let raw = unquote(v);
        let (base, section, extended) = match key.split_once('*') {
            None => (key.clone(), 0u32, false),
            Some((base, rest)) => {
                let extended = rest.ends_with('*') || rest.is_empty();
                let num = rest.trim_end_matches('*');
                let section = if num.is_empty() {
                    0
                } else {
                    match num.parse::<u32>() {
                        Ok(n) => n,
                        Err(_) => continue,
                    }
                };
                (base.to_string(), section, extended)
            }
        };
        sections
            .entry(base)
            .or_default()
            .entry(section)
            .or_insert((extended, raw));
    }
    let mut params = BTreeMap::new();
    for (name, parts) in sections {
        let mut charset = String::from("us-ascii");
        let mut bytes: Vec<u8> = Vec::new();
        for (i, (extended, raw)) in parts.values().enumerate() {
            if *extended {
                let mut text = raw.as_str();
                if i == 0 {
                    // charset'language'value
                    let mut it = raw.splitn(3, '\'');
                    if let (Some(cs), Some(_lang), Some(rest)) = (it.next(), it.next(), it.next()) {
                        charset = cs.to_string();
                        text = rest;
                    }
                }
                bytes.extend(percent_decode(text));
            } else {
                bytes.extend(raw.as_bytes());
            }
        }
        let value = decode_charset(&bytes, &charset)
            .unwrap_or_else(|_| String::from_utf8_lossy(&bytes).into_owned());
        params.insert(name, value);
    }
    (main, params)
}

/// Windows-1252 characters 0x80..=0x9F (0 where undefined).
const CP1252_HIGH: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// Turns bytes in a charset into text. Valid UTF-8 is taken as it is whatever the
/// label says; otherwise ISO-8859-1 and Windows-1252 (and US-ASCII, read as 1252, as
/// mail programs mislabel) are converted; any other charset is refused.
pub(crate) fn decode_charset(bytes: &[u8], charset: &str) -> Result<String, String> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    let cs = charset.trim().to_ascii_lowercase();
    let latin1 = matches!(
        cs.as_str(),
        "iso-8859-1" | "iso8859-1" | "latin1" | "latin-1" | "l1" | "iso_8859-1"
    );
    let cp1252 = matches!(
        cs.as_str(),
        "windows-1252" | "cp1252" | "us-ascii" | "ascii" | ""
    );
    if latin1 || cp1252 {
        let mut out = String::with_capacity(bytes.len());
        for &b in bytes {
            let c = if cp1252 && (0x80..=0x9F).contains(&b) {
                let u = CP1252_HIGH[usize::from(b - 0x80)];
                char::from_u32(u32::from(u)).filter(|_| u != 0)
            } else {
                Some(char::from(b))
            };
            match c {
                Some(c) => out.push(c),
                None => return Err(format!("byte 0x{b:02X} is not defined in {charset}")),
            }
        }
        return Ok(out);
    }
    Err(format!(
        "the text is in the character set `{charset}`, which is not supported (use UTF-8)"
    ))
}

/// Quoted-printable (RFC 2045 6.7): `=XX` is a byte (either case of hex), `=` at
/// the end of a line (trailing blanks allowed) joins it to the next. Nothing is
/// dropped: a stray `=` stays as it is, 8-bit bytes some mail programs leave
/// unencoded are kept, and trailing blanks are kept (format=flowed needs them).
pub(crate) fn decode_quoted_printable(input: &[u8]) -> Vec<u8> {
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b != b'=' {
            out.push(b);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < input.len() && (input[j] == b' ' || input[j] == b'\t') {
            j += 1;
        }
        if j >= input.len() {
            i = j;
            continue;
        }
        if input[j] == b'\n' {
            i = j + 1;
            continue;
        }
        if input[j] == b'\r' && input.get(j + 1) == Some(&b'\n') {
            i = j + 2;
            continue;
        }
        match (
            input.get(i + 1).copied().and_then(hex),
            input.get(i + 2).copied().and_then(hex),
        ) {
            (Some(h), Some(l)) => {
                out.push(((h << 4) | l) as u8);
                i += 3;
            }
            _ => {
                out.push(b'=');
                i += 1;
            }
        }
    }
    out
}

/// Decodes a transfer-encoded body to bytes.
pub(crate) fn decode_transfer(body: &[u8], encoding: &str) -> Result<Vec<u8>, String> {
    match encoding {
        "7bit" | "8bit" | "binary" => Ok(body.to_vec()),
        "quoted-printable" => Ok(decode_quoted_printable(body)),
        "base64" => {
            let cleaned: Vec<u8> = body
                .iter()
                .copied()
                .filter(|b| !b.is_ascii_whitespace())
                .collect();
            let engine = base64::engine::GeneralPurpose::new(
                &base64::alphabet::STANDARD,
                base64::engine::GeneralPurposeConfig::new()
                    .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
                    .with_decode_allow_trailing_bits(true),
            );
            engine
                .decode(&cleaned)
                .map_err(|e| format!("bad base64: {e}"))
        }
        other => Err(format!(
            "the transfer encoding `{other}` is not supported (use base64 or quoted-printable)"
        )),
    }
}

/// Decodes RFC 2047 encoded words (`=?utf-8?B?...?=`, `=?iso-8859-1?Q?...?=`) in a
/// header value; whitespace between two encoded words is dropped. Words that do not
/// decode are left as they are.
pub(crate) fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    let mut pending_ws = String::new();
    let mut last_was_word = false;
    while !rest.is_empty() {
        if let Some(start) = rest.find("=?") {
            let (before, from) = rest.split_at(start);
            if let Some((decoded, used)) = decode_one_word(from) {
                if !(last_was_word && before.trim().is_empty()) {
                    out.push_str(&pending_ws);
                    out.push_str(before);
                }
                pending_ws.clear();
                out.push_str(&decoded);
                rest = &from[used..];
                last_was_word = true;
                continue;
            }
            out.push_str(&pending_ws);
            pending_ws.clear();
            out.push_str(before);
            out.push_str("=?");
            rest = &from[2..];
            last_was_word = false;
        } else {
            out.push_str(&pending_ws);
            pending_ws.clear();
            out.push_str(rest);
            break;
        }
    }
    out
}

/// Decodes one encoded word at the start of `s`; returns the text and bytes used.
fn decode_one_word(s: &str) -> Option<(String, usize)> {
    let inner = s.strip_prefix("=?")?;
    let q1 = inner.find('?')?;
    let charset = &inner[..q1];
    let after = &inner[q1 + 1..];
    let q2 = after.find('?')?;
    let enc = &after[..q2];
    let text_and_rest = &after[q2 + 1..];
    let end = text_and_rest.find("?=")?;
    let text = &text_and_rest[..end];
    if text.contains(' ') || charset.is_empty() {
        return None;
    }
    let charset = charset.split('*').next().unwrap_or(charset);
    let bytes = match enc.to_ascii_lowercase().as_str() {
        "b" => decode_transfer(text.as_bytes(), "base64").ok()?,
        "q" => decode_quoted_printable(text.replace('_', " ").as_bytes()),
        _ => return None,
    };
    let decoded = decode_charset(&bytes, charset).ok()?;
    let used = 2 + q1 + 1 + q2 + 1 + end + 2;
    Some((decoded, used))
}

/// The addresses in an address-list header value: the part in `<...>` of each entry,
/// or the bare entry; comments and display names are dropped.
pub(crate) fn addresses(value: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut cur = String::new();
    let (mut in_quotes, mut in_angle, mut comment_depth) = (false, false, 0u32);
    let mut escaped = false;
    for c in value.chars() {
        if escaped {
            cur.push(c);
            escaped = false;
            continue;
        }
        match c {
            '\\' if in_quotes || comment_depth > 0 => {
                escaped = true;
                cur.push(c);
            }
            '"' if comment_depth == 0 => {
                in_quotes = !in_quotes;
                cur.push(c);
            }
            '(' if !in_quotes => comment_depth += 1,
            ')' if !in_quotes && comment_depth > 0 => comment_depth -= 1,
            _ if comment_depth > 0 => {}
            '<' if !in_quotes => {
                in_angle = true;
                cur.push(c);
            }
            '>' if !in_quotes => {
                in_angle = false;
                cur.push(c);
            }
            ',' if !in_quotes && !in_angle => entries.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    entries.push(cur);
    entries
        .into_iter()
        .filter_map(|e| {
            let e = e.trim();
            if e.is_empty() {
                return None;
            }
            if let (Some(l), Some(r)) = (e.rfind('<'), e.rfind('>')) {
                if l < r {
                    let a = e[l + 1..r].trim();
                    return (!a.is_empty()).then(|| a.to_string());
                }
            }
            // A group `name: a, b;` is not expected here; take the bare entry.
            Some(e.trim_end_matches(';').to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn headers_are_unfolded_and_body_split() {
        let m = b"Subject: one\r\n two\r\nFrom: a@b\r\n\r\nbody\r\n";
        let p = parse_message(m).unwrap();
        assert_eq!(p.header("subject").unwrap(), "one two");
        assert_eq!(p.body, b"body\r\n");
        assert!(parse_message(b"game = \"g1\"\n").is_err());
    }

    #[test]
    fn parameters_with_quotes_and_rfc2231() {
        let (m, p) = parse_parameters("multipart/mixed; boundary=\"a;b\"; x=1");
        assert_eq!(m, "multipart/mixed");
        assert_eq!(p["boundary"], "a;b");
        let (_, p) =
            parse_parameters("attachment; filename*0*=utf-8''%E2%86%92; filename*1=\".toml\"");
        assert_eq!(p["filename"], "\u{2192}.toml");
        let (_, p) = parse_parameters("attachment; filename*=UTF-8''orders%20v2.toml");
        assert_eq!(p["filename"], "orders v2.toml");
    }

    #[test]
    fn encoded_words() {
        assert_eq!(
            decode_words("=?UTF-8?B?b3JkZXJz?= =?UTF-8?Q?=2Etoml?="),
            "orders.toml"
        );
        assert_eq!(
            decode_words("Turn =?utf-8?q?3_=E2=86=92?= x"),
            "Turn 3 \u{2192} x"
        );
        assert_eq!(decode_words("plain =? text"), "plain =? text");
    }

    #[test]
    fn multipart_split_keeps_part_bytes() {
        let body = b"preamble\r\n--b\r\nA: 1\r\n\r\none\r\n--b\r\n\r\ntwo\r\n\r\n--b--\r\nepilogue";
        let parts = split_multipart(body, "b");
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], b"A: 1\r\n\r\none");
        assert_eq!(parts[1], b"\r\ntwo\r\n");
    }

    #[test]
    fn transfer_encodings() {
        assert_eq!(
            decode_transfer(b"aGVs\r\nbG8=\r\n", "base64").unwrap(),
            b"hello"
        );
        assert_eq!(decode_transfer(b"aGVsbG8", "base64").unwrap(), b"hello");
        assert_eq!(
            decode_transfer(b"a =3D=\r\n b\r\n", "quoted-printable").unwrap(),
            b"a = b\r\n"
        );
        assert!(decode_transfer(b"x", "x-uuencode").is_err());
        // 8-bit bytes, trailing blanks, lower-case hex and stray `=` all survive.
        assert_eq!(
            decode_quoted_printable("caf\u{e9} =c3=a9 = x= \r\ny \n".as_bytes()),
            "caf\u{e9} \u{e9} = xy \n".as_bytes()
        );
    }

    #[test]
    fn charsets() {
        assert_eq!(
            decode_charset(b"caf\xe9", "iso-8859-1").unwrap(),
            "caf\u{e9}"
        );
        assert_eq!(
            decode_charset(b"\x93q\x94", "windows-1252").unwrap(),
            "\u{201c}q\u{201d}"
        );
        assert!(decode_charset(b"\xff\xfe", "koi8-r").is_err());
    }

    #[test]
    fn address_lists() {
        assert_eq!(
            addresses("\"Blue, Ann\" <blue@example.org>, red@example.net (Rob)"),
            vec![
                "blue@example.org".to_string(),
                "red@example.net".to_string()
            ]
        );
    }
}
