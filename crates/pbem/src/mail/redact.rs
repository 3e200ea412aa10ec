//! Credentials removed from text that is shown: a password command's standard error,
//! an SMTP server's reply, a library's error text. Every known secret (the password,
//! and the base64 forms an SMTP login sends it in) is replaced by `[redacted]`, as is
//! the word after `password`, `passwd`, `secret` or `token` followed by `=` or `:`;
//! control characters (which could rewrite a terminal) become `?`.

use base64::Engine;

/// What replaces a credential.
pub const REDACTED: &str = "[redacted]";

/// The words after which a value is taken for a credential.
const KEYWORDS: [&str; 4] = ["password", "passwd", "secret", "token"];

/// The secrets to remove from text.
#[derive(Clone, Default)]
pub struct Redactor {
    secrets: Vec<String>,
}

impl std::fmt::Debug for Redactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Redactor({} secrets)", self.secrets.len())
    }
}

impl Redactor {
    /// Removes `password` and what an SMTP login makes of it with `user`: base64 of
    /// the password (AUTH LOGIN) and of `\0user\0password` or `user\0user\0password`
    /// (AUTH PLAIN).
    pub fn for_login(user: Option<&str>, password: Option<&str>) -> Redactor {
        let mut r = Redactor::default();
        if let Some(p) = password {
            let b64 = |s: &str| base64::engine::general_purpose::STANDARD.encode(s);
            r.add(p);
            r.add(&b64(p));
            if let Some(u) = user {
                r.add(&b64(&format!("\0{u}\0{p}")));
                r.add(&b64(&format!("{u}\0{u}\0{p}")));
            }
        }
        r
    }

    /// Adds a secret (ignored when empty).
    pub fn add(&mut self, secret: &str) {
        let s = secret.trim();
        if !s.is_empty() && !self.secrets.iter().any(|k| k == s) {
            self.secrets.push(s.to_string());
            // Longest first, so a secret that holds another is removed whole.
            self.secrets.sort_by_key(|k| std::cmp::Reverse(k.len()));
        }
    }

    /// The text without any secret, any value after a credential keyword, or any
    /// control character other than a line end or a tab.
    pub fn clean(&self, text: &str) -> String {
        let mut out = text.to_string();
        for s in &self.secrets {
            out = out.replace(s.as_str(), REDACTED);
        }
        let out = mask_keyword_values(&out);
        out.chars()
            .map(|c| {
                if c.is_control() && c != '\n' && c != '\t' {
                    '?'
                } else {
                    c
                }
            })
            .collect()
    }
}

/// Replaces the value after `password=`, `password: ` and the like.
fn mask_keyword_values(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let hit = KEYWORDS
            .iter()
            .find(|k| lower[i..].starts_with(*k))
            .map(|k| k.len());
        let Some(klen) = hit else {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
            continue;
        };
        let after_key = i + klen;
        let rest = &text[after_key..];
        let sep_len = rest
            .find(|c: char| !(c == ' ' || c == '\t' || c == '=' || c == ':' || c == '"'))
            .unwrap_or(rest.len());
        let sep = &rest[..sep_len];
        out.push_str(&text[i..after_key]);
        if sep.contains(['=', ':']) {
            let value_len = rest[sep_len..]
                .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ';'))
                .unwrap_or(rest.len() - sep_len);
            out.push_str(sep);
            if value_len > 0 {
                out.push_str(REDACTED);
            }
            i = after_key + sep_len + value_len;
        } else {
            i = after_key;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn a_password_and_its_login_forms_are_removed() {
        let r = Redactor::for_login(Some("u"), Some("hunter2"));
        // AUTH PLAIN of "\0u\0hunter2" and AUTH LOGIN of "hunter2".
        let plain = base64::engine::general_purpose::STANDARD.encode("\0u\0hunter2");
        let login = base64::engine::general_purpose::STANDARD.encode("hunter2");
        let text = format!("535 bad credentials {plain} ({login}) for hunter2");
        let clean = r.clean(&text);
        assert!(!clean.contains("hunter2"), "{clean}");
        assert!(!clean.contains(&plain), "{clean}");
        assert!(!clean.contains(&login), "{clean}");
        assert_eq!(clean.matches(REDACTED).count(), 3, "{clean}");
    }

    #[test]
    fn values_after_credential_words_and_control_characters_are_removed() {
        let r = Redactor::default();
        assert_eq!(
            r.clean("bad Password=s3cr3t; token: abc, user=x"),
            format!("bad Password={REDACTED}; token: {REDACTED}, user=x")
        );
        assert_eq!(r.clean("no password here"), "no password here");
        assert_eq!(r.clean("a\u{1b}[2Jb\nc"), "a?[2Jb\nc");
    }
}
