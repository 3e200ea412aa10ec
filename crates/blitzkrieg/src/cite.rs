//! Rule citations, typed: which paragraph of the rulebook, which table result, which
//! reading of 003 or which part of the play-by-e-mail procedure an event applies
//! ([`Rule`]), and which rule an order problem breaks ([`Cite`]).
//!
//! A paragraph written in the engine's source is a [`Paragraph`], made by [`para!`]
//! or [`cite!`], which check its form when the crate is compiled: a paragraph that is
//! not digits and dots does not build.
//!
//! Every event carries a [`Rule`]. Logic builds and compares them as data; only the
//! report and the state file turn them into text, and the text reads back into the same
//! citation (`"BGAT DB2, PBEM turn sequence"`, `"5.1-5.2; 003 5"`), so states written
//! before citations were typed read unchanged and are written byte for byte as before.

use crate::tables::TableId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// A paragraph, or a range of paragraphs, of the 1975 rulebook (seed 000): `14.9`,
/// `5.1-5.2`, `16`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Para(Cow<'static, str>);

impl Para {
    /// A paragraph number written in the engine's source.
    pub const fn lit(number: &'static str) -> Para {
        Para(Cow::Borrowed(number))
    }

    /// A paragraph number read from a file: digits and dots, or two of them joined by
    /// `-`. `None` for anything else.
    pub fn parse(text: &str) -> Option<Para> {
        is_paragraph(text.as_bytes()).then(|| Para(Cow::Owned(text.to_string())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Para {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A paragraph number written in the engine's source, its form checked when compiled:
/// digits and dots, or two of them joined by `-` (`14.9`, `5.1-5.2`, `16`). Made by
/// [`para!`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Paragraph(&'static str);

impl Paragraph {
    /// `number` as a paragraph; fails to compile (in a `const`) or panics when it is
    /// not one. Use [`para!`], which checks it when the crate is compiled.
    pub const fn checked(number: &'static str) -> Paragraph {
        assert!(is_paragraph(number.as_bytes()), "not a paragraph number");
        Paragraph(number)
    }

    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Paragraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl From<Paragraph> for Para {
    fn from(p: Paragraph) -> Para {
        Para::lit(p.0)
    }
}

/// Digits and dots, each dot between digits; or two of them joined by one `-`.
const fn is_paragraph(text: &[u8]) -> bool {
    let mut i = 0;
    let mut dashes = 0;
    // Whether the byte before is a digit: where a dot or dash may follow.
    let mut after_digit = false;
    while i < text.len() {
        match text[i] {
            b'0'..=b'9' => after_digit = true,
            b'.' if after_digit => after_digit = false,
            b'-' if after_digit && dashes == 0 => {
                dashes += 1;
                after_digit = false;
            }
            _ => return false,
        }
        i += 1;
    }
    after_digit
}

/// A paragraph of the rulebook, checked when compiled: `para!("14.9")`.
///
/// ```compile_fail
/// let _ = blitzkrieg::para!("14.");
/// ```
#[macro_export]
macro_rules! para {
    ($number:literal) => {
        const { $crate::cite::Paragraph::checked($number) }
    };
}

/// What an order problem breaks, checked when compiled: `cite!("8.2")` (a paragraph),
/// `cite!("Q&A 9.4")`, `cite!("003 25.3")`, `cite!("PBEM")`, `cite!("PBM")`,
/// `cite!("BGAT")`, `cite!("orders")`.
#[macro_export]
macro_rules! cite {
    ($text:literal) => {
        const { $crate::cite::Cite::checked($text) }
    };
}

/// The rule an order problem breaks: reported after its message (`(rule 8.2)`) and
/// in `--format json` as written (`"rule": "8.2"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cite {
    /// A paragraph of the rulebook: `8.2`.
    Rule(Paragraph),
    /// An answer of the rulebook's questions and answers: `Q&A 9.4`.
    QandA(Paragraph),
    /// An answer of the questions and answers read with a paragraph: `Q&A 8.3 & 19.3`.
    QandAWith(Paragraph, Paragraph),
    /// How 003 reads a paragraph: `003 25.3`.
    Reading(Paragraph),
    /// This umpire's play-by-e-mail procedure (docs/pbem.md): `PBEM`.
    Procedure,
    /// The rulebook's play-by-mail rules: `PBM`.
    PlayByMail,
    /// The Basic Game Attrition Table: `BGAT`.
    Bgat,
    /// The order file format (docs/orders.md): `orders`.
    OrderFile,
}

impl Cite {
    /// The citation written as [`Display`](fmt::Display) writes it; fails to compile
    /// (in a `const`) or panics for any other text. Use [`cite!`].
    pub const fn checked(text: &'static str) -> Cite {
        match text.as_bytes() {
            b"PBEM" => Cite::Procedure,
            b"PBM" => Cite::PlayByMail,
            b"BGAT" => Cite::Bgat,
            b"orders" => Cite::OrderFile,
            [b'Q', b'&', b'A', b' ', ..] => match find(text, " & ") {
                Some(at) => Cite::QandAWith(
                    Paragraph::checked(between(text, 4, at)),
                    Paragraph::checked(between(text, at + 3, text.len())),
                ),
                None => Cite::QandA(Paragraph::checked(between(text, 4, text.len()))),
            },
            [b'0', b'0', b'3', b' ', ..] => {
                Cite::Reading(Paragraph::checked(between(text, 4, text.len())))
            }
            _ => Cite::Rule(Paragraph::checked(text)),
        }
    }

    /// How a player's report names it: "rule 14.33" for a paragraph of the rulebook,
    /// else the part of the rules or of these files it is.
    pub fn long(self) -> String {
        match self {
            Cite::Rule(p) => format!("rule {p}"),
            Cite::Procedure => "play-by-e-mail procedure (docs/pbem.md)".to_string(),
            Cite::PlayByMail => "play-by-mail rules, PBM ¶2".to_string(),
            Cite::Bgat => "Basic Game Attrition Table".to_string(),
            Cite::OrderFile => "order file format (docs/orders.md)".to_string(),
            Cite::QandA(_) | Cite::QandAWith(..) | Cite::Reading(_) => self.to_string(),
        }
    }

    /// The paragraph of the rulebook cited, when it is one.
    pub fn paragraph(self) -> Option<Paragraph> {
        match self {
            Cite::Rule(p) => Some(p),
            Cite::QandA(_)
            | Cite::QandAWith(..)
            | Cite::Reading(_)
            | Cite::Procedure
            | Cite::PlayByMail
            | Cite::Bgat
            | Cite::OrderFile => None,
        }
    }
}

/// Bytes `from..to` of `text`, split where ASCII is; empty (no paragraph) if not.
const fn between(text: &'static str, from: usize, to: usize) -> &'static str {
    let (head, _) = text.as_bytes().split_at(to);
    let (_, part) = head.split_at(from);
    match std::str::from_utf8(part) {
        Ok(part) => part,
        Err(_) => "",
    }
}

/// Where `needle` first occurs in `text`.
const fn find(text: &str, needle: &str) -> Option<usize> {
    let (t, n) = (text.as_bytes(), needle.as_bytes());
    let mut at = 0;
    while at + n.len() <= t.len() {
        let mut i = 0;
        while i < n.len() && t[at + i] == n[i] {
            i += 1;
        }
        if i == n.len() {
            return Some(at);
        }
        at += 1;
    }
    None
}

impl fmt::Display for Cite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cite::Rule(p) => write!(f, "{p}"),
            Cite::QandA(p) => write!(f, "Q&A {p}"),
            Cite::QandAWith(answer, p) => write!(f, "Q&A {answer} & {p}"),
            Cite::Reading(p) => write!(f, "003 {p}"),
            Cite::Procedure => f.write_str("PBEM"),
            Cite::PlayByMail => f.write_str("PBM"),
            Cite::Bgat => f.write_str("BGAT"),
            Cite::OrderFile => f.write_str("orders"),
        }
    }
}

impl Serialize for Cite {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One source a citation points into.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ref {
    /// A paragraph of the rulebook.
    Para(Para),
    /// 003, how experienced play-by-e-mail players read the rulebook, by its heading:
    /// `003 5`, `003 Rounding`.
    Reading(Cow<'static, str>),
    /// A combat table, or one of its results: `BGAT`, `BGAT DB2`.
    Table {
        table: TableId,
        result: Option<Cow<'static, str>>,
    },
    /// The play-by-e-mail turn sequence printed with the rulebook's PBM tables.
    TurnSequence,
    /// This umpire's play-by-e-mail procedure (docs/pbem.md).
    Procedure,
    /// A citation this release does not know, read from an older state and kept as
    /// written; the engine never makes one.
    Unknown(String),
}

impl Ref {
    /// A table result: `BGAT DB2`.
    pub fn result(table: TableId, code: impl Into<Cow<'static, str>>) -> Ref {
        Ref::Table {
            table,
            result: Some(code.into()),
        }
    }

    /// Reads one part of a citation.
    fn parse(text: &str) -> Ref {
        if let Some(p) = Para::parse(text) {
            return Ref::Para(p);
        }
        if let Some(rest) = text.strip_prefix("003 ") {
            return Ref::Reading(Cow::Owned(rest.to_string()));
        }
        match text {
            "PBEM turn sequence" => return Ref::TurnSequence,
            "PBEM" => return Ref::Procedure,
            _ => {}
        }
        let (name, code) = text.split_once(' ').unwrap_or((text, ""));
        match TableId::ALL.into_iter().find(|t| t.to_string() == name) {
            Some(table) if !code.contains(',') => Ref::Table {
                table,
                result: (!code.is_empty()).then(|| Cow::Owned(code.to_string())),
            },
            _ => Ref::Unknown(text.to_string()),
        }
    }
}

impl fmt::Display for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ref::Para(p) => write!(f, "{p}"),
            Ref::Reading(r) => write!(f, "003 {r}"),
            Ref::Table { table, result } => match result {
                Some(code) => write!(f, "{table} {code}"),
                None => write!(f, "{table}"),
            },
            Ref::TurnSequence => f.write_str("PBEM turn sequence"),
            Ref::Procedure => f.write_str("PBEM"),
            Ref::Unknown(text) => f.write_str(text),
        }
    }
}

/// What an event applies: one or more sources, and what of them, when the source alone
/// does not say (`BGAT AE: advance after combat, ignoring ZOC`).
///
/// Written as text: the sources joined by `, ` (by `; ` before a reading of 003), then
/// `: ` and the note.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rule {
    refs: Vec<Ref>,
    note: Option<Cow<'static, str>>,
}

impl Rule {
    /// A citation of one source.
    pub fn of(source: Ref) -> Rule {
        Rule {
            refs: vec![source],
            note: None,
        }
    }

    /// One paragraph (or range) of the rulebook: `Rule::para(para!("14.9"))`.
    pub fn para(number: Paragraph) -> Rule {
        Rule::of(Ref::Para(number.into()))
    }

    /// One result of a combat table: `BGAT DB2`.
    pub fn result(table: TableId, code: impl Into<Cow<'static, str>>) -> Rule {
        Rule::of(Ref::result(table, code))
    }

    /// This citation and one more source.
    pub fn and(mut self, source: Ref) -> Rule {
        self.refs.push(source);
        self
    }

    /// This citation, saying what of it applies.
    pub fn note(mut self, note: impl Into<Cow<'static, str>>) -> Rule {
        self.note = Some(note.into());
        self
    }

    /// The sources, in the order cited.
    pub fn refs(&self) -> &[Ref] {
        &self.refs
    }

    /// Whether the citation names paragraph `number` of the rulebook.
    pub fn cites(&self, number: &str) -> bool {
        self.refs
            .iter()
            .any(|r| matches!(r, Ref::Para(p) if p.as_str() == number))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.refs.iter().enumerate() {
            if i > 0 {
                f.write_str(if matches!(r, Ref::Reading(_)) {
                    "; "
                } else {
                    ", "
                })?;
            }
            write!(f, "{r}")?;
        }
        if let Some(note) = &self.note {
            write!(f, ": {note}")?;
        }
        Ok(())
    }
}

impl FromStr for Rule {
    type Err = std::convert::Infallible;

    /// Reads a citation as [`Display`](fmt::Display) writes it. Text this release does
    /// not know is kept whole as [`Ref::Unknown`].
    fn from_str(text: &str) -> Result<Rule, Self::Err> {
        let (body, note) = match text.split_once(": ") {
            Some((b, n)) => (b, Some(Cow::Owned(n.to_string()))),
            None => (text, None),
        };
        let refs: Vec<Ref> = body
            .split("; ")
            .flat_map(|part| part.split(", "))
            .map(Ref::parse)
            .collect();
        let rule = Rule { refs, note };
        let known = !rule.refs.iter().any(|r| matches!(r, Ref::Unknown(_)));
        if known && rule.to_string() == text {
            Ok(rule)
        } else {
            Ok(Rule::of(Ref::Unknown(text.to_string())))
        }
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        let text = String::deserialize(d)?;
        let Ok(rule) = text.parse();
        Ok(rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_citation_the_engine_writes_reads_back_as_the_same_data() {
        let cases = [
            (Rule::para(para!("14.9")), "14.9"),
            (Rule::para(para!("5.1-5.2")), "5.1-5.2"),
            (
                Rule::para(para!("5.1-5.2")).and(Ref::Reading("5".into())),
                "5.1-5.2; 003 5",
            ),
            (Rule::result(TableId::Bgat, "DB2"), "BGAT DB2"),
            (
                Rule::result(TableId::Bgat, "DE").and(Ref::TurnSequence),
                "BGAT DE, PBEM turn sequence",
            ),
            (
                Rule::para(para!("15.3")).and(Ref::Table {
                    table: TableId::Bgat,
                    result: None,
                }),
                "15.3, BGAT",
            ),
            (
                Rule::result(TableId::Bgat, "AE").note("advance after combat, ignoring ZOC"),
                "BGAT AE: advance after combat, ignoring ZOC",
            ),
            (Rule::of(Ref::Procedure), "PBEM"),
            (Rule::result(TableId::Tgat, "2 3 / - 1"), "TGAT 2 3 / - 1"),
        ];
        for (rule, text) in cases {
            assert_eq!(rule.to_string(), text);
            assert_eq!(text.parse::<Rule>(), Ok(rule), "{text}");
        }
    }

    #[test]
    fn unknown_text_is_kept_whole_and_written_back_unchanged() {
        for text in ["whatever, this is", "9.3 (air transport", ""] {
            let rule: Rule = text.parse().unwrap();
            assert_eq!(rule.to_string(), text);
            assert!(
                matches!(rule.refs(), [Ref::Unknown(t)] if t == text),
                "{text}"
            );
        }
    }

    #[test]
    fn a_paragraph_is_digits_and_dots() {
        assert!(Para::parse("20.31").is_some());
        assert!(Para::parse("5.1-5.2").is_some());
        for bad in ["", "5.", ".5", "5..1", "a1", "5-", "1-2-3"] {
            assert!(Para::parse(bad).is_none(), "{bad}");
        }
        assert!(Rule::para(para!("14.9")).cites("14.9"));
        assert!(!Rule::para(para!("14.9")).cites("14"));
    }

    /// An order problem's citation is written (`--format json`'s `rule`) and worded
    /// for a player (`cite`) as the free text it replaced was.
    #[test]
    fn an_order_problem_cites_its_rule_as_the_text_did() {
        let cases = [
            (cite!("8.2"), "8.2", "rule 8.2"),
            (cite!("5.1-5.2"), "5.1-5.2", "rule 5.1-5.2"),
            (cite!("Q&A 9.4"), "Q&A 9.4", "Q&A 9.4"),
            (cite!("Q&A 8.3 & 19.3"), "Q&A 8.3 & 19.3", "Q&A 8.3 & 19.3"),
            (cite!("003 25.3"), "003 25.3", "003 25.3"),
            (
                cite!("PBEM"),
                "PBEM",
                "play-by-e-mail procedure (docs/pbem.md)",
            ),
            (cite!("PBM"), "PBM", "play-by-mail rules, PBM ¶2"),
            (cite!("BGAT"), "BGAT", "Basic Game Attrition Table"),
            (
                cite!("orders"),
                "orders",
                "order file format (docs/orders.md)",
            ),
        ];
        for (cite, text, long) in cases {
            assert_eq!(cite.to_string(), text);
            assert_eq!(cite.long(), long);
            assert_eq!(Cite::checked(text), cite);
        }
        assert_eq!(cite!("8.2").paragraph(), Some(para!("8.2")));
        assert_eq!(cite!("Q&A 9.4").paragraph(), None);
    }

    #[test]
    #[should_panic(expected = "not a paragraph number")]
    fn a_citation_that_is_no_paragraph_is_refused() {
        // In `cite!` the same check stops the crate from compiling.
        let text = String::from("Q&A 9.");
        let _ = Cite::checked(text.leak());
    }

    #[test]
    fn a_citation_is_written_in_the_state_as_its_text() {
        let r = Rule::result(TableId::Bgat, "EX");
        let ron = ron::to_string(&r).unwrap();
        assert_eq!(ron, "\"BGAT EX\"");
        assert_eq!(ron::from_str::<Rule>(&ron).unwrap(), r);
    }
}
