//! The problems of a Mori order file drawn as BLITZKRIEG's are (`blitz check`): each
//! with its file, line and column, its line and the lines either side, the rule it
//! breaks under the bad value, and "did you mean" for a token that does not exist.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use mori::orders::OrderError;
use mori::Ruleset;
use pbem::problems::MAX_SHOWN;
use std::fmt;

/// One problem as miette draws it.
#[derive(Debug)]
struct Problem {
    message: String,
    source: NamedSource<String>,
    span: (usize, usize),
    rule: String,
    help: Option<String>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl Diagnostic for Problem {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new(
            Some(self.rule.clone()),
            self.span.0,
            self.span.1,
        ))))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h.clone()) as Box<dyn fmt::Display>)
    }
}

/// The problems in file order, the first [`MAX_SHOWN`] of them drawn and the others
/// counted ([`pbem::problems`], as BLITZKRIEG's), then how many there are.
pub fn render(
    rs: &Ruleset,
    file: &str,
    source: &str,
    errors: &[OrderError],
    color: bool,
) -> String {
    let handler = GraphicalReportHandler::new_themed(if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    })
    .with_width(100);
    let mut errors: Vec<&OrderError> = errors.iter().collect();
    errors.sort_by_key(|e| (e.at().line, e.at().col));
    let mut out = String::new();
    for e in errors.iter().take(MAX_SHOWN) {
        let at = e.at();
        let text = e.to_string();
        let message = text.split_once(": ").map_or(text.as_str(), |(_, m)| m);
        let p = Problem {
            message: format!("{file}:{at}: {message}"),
            source: NamedSource::new(file, source.to_string()),
            span: span_at(source, at.line as usize, at.col as usize),
            rule: e.rule().to_string(),
            help: hint(rs, e),
        };
        if handler.render_report(&mut out, &p).is_err() {
            out.push_str(&format!("{p}\n"));
        }
        out.push('\n');
    }
    if let Some(line) = pbem::problems::not_shown(errors.len()) {
        out.push_str(&line);
        out.push_str("\n\n");
    }
    out.push_str(&format!(
        "{} problem{} in {file}\n",
        errors.len(),
        if errors.len() == 1 { "" } else { "s" }
    ));
    out
}

/// What to do about a problem, where the message alone does not say.
fn hint(rs: &Ruleset, e: &OrderError) -> Option<String> {
    match e {
        OrderError::UnknownToken { token, .. } => {
            let names = rs.catalogue.tokens.keys().map(String::as_str);
            blitzkrieg::hints::nearest_name(token, names)
        }
        _ => None,
    }
}

/// The byte span of the value at a 1-based line and column (in characters): a quoted
/// string whole, else the word there; one character at least, within the source.
fn span_at(source: &str, line: usize, col: usize) -> (usize, usize) {
    let mut start = 0;
    for (i, l) in source.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let at = l
                .char_indices()
                .nth(col.saturating_sub(1))
                .map_or(l.len(), |(b, _)| b);
            let rest = &l[at..];
            let len = match rest.strip_prefix('"') {
                Some(quoted) => quoted.find('"').map_or(rest.len(), |e| e + 2),
                None => rest
                    .find(|c: char| c.is_whitespace() || matches!(c, ',' | ']' | '='))
                    .unwrap_or(rest.len()),
            };
            return (start + at, len.max(usize::from(!rest.is_empty())));
        }
        start += l.len();
    }
    (source.len(), 0)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn a_value_is_spanned_whole() {
        let src = "a = 1\ntoken = \"axis-x-1\"\n";
        assert_eq!(span_at(src, 2, 9), (14, 10));
        assert_eq!(span_at(src, 1, 5), (4, 1));
        assert_eq!(span_at(src, 9, 1), (src.len(), 0));
    }
}
