//! Rule citations, typed: which paragraph of the rulebook, which table result, which
//! reading of 003 or which part of the play-by-e-mail procedure an event applies.
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
        let number = |s: &str| {
            !s.is_empty()
                && s.split('.')
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        let ok = match text.split_once('-') {
            Some((a, b)) => number(a) && number(b),
            None => number(text),
        };
        ok.then(|| Para(Cow::Owned(text.to_string())))
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

    /// One paragraph (or range) of the rulebook: `Rule::para("14.9")`.
    pub fn para(number: &'static str) -> Rule {
        Rule::of(Ref::Para(Para::lit(number)))
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
            (Rule::para("14.9"), "14.9"),
            (Rule::para("5.1-5.2"), "5.1-5.2"),
            (
                Rule::para("5.1-5.2").and(Ref::Reading("5".into())),
                "5.1-5.2; 003 5",
            ),
            (Rule::result(TableId::Bgat, "DB2"), "BGAT DB2"),
            (
                Rule::result(TableId::Bgat, "DE").and(Ref::TurnSequence),
                "BGAT DE, PBEM turn sequence",
            ),
            (
                Rule::para("15.3").and(Ref::Table {
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
        assert!(Rule::para("14.9").cites("14.9"));
        assert!(!Rule::para("14.9").cites("14"));
    }

    #[test]
    fn a_citation_is_written_in_the_state_as_its_text() {
        let r = Rule::result(TableId::Bgat, "EX");
        let ron = ron::to_string(&r).unwrap();
        assert_eq!(ron, "\"BGAT EX\"");
        assert_eq!(ron::from_str::<Rule>(&ron).unwrap(), r);
    }
}
