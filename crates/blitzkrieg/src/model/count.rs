//! The counts the report words: a count of 1 takes the singular ("1 factor", "1
//! point", "1 hex"), any other count the plural ([`counted`]). A line the engine
//! worded when the player-turn was played is kept in the state as it was written
//! (the state's bytes never change): the report words its counts of 1 the same way
//! when it prints it ([`worded`]).

use std::fmt::Display;

/// The nouns the report counts, in the singular: [`worded`] looks for their plurals.
const NOUNS: [&str; 9] = [
    "aircraft factor",
    "bomber factor",
    "factor",
    "point",
    "unit",
    "hex",
    "city",
    "player-turn",
    "turn",
];

/// `n` followed by `noun` ("factor", "hex", "aircraft factor"): singular when `n` is 1
/// ("1 factor"), else plural ("2 factors", "1/2 factors", "0 hexes").
pub fn counted(n: impl Display, noun: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        format!("1 {noun}")
    } else {
        format!("{n} {}", plural(noun))
    }
}

/// The plural of a noun the report counts: "hexes", "cities", "factors".
fn plural(noun: &str) -> String {
    if noun.ends_with('x') || noun.ends_with('s') {
        format!("{noun}es")
    } else if let Some(stem) = noun.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{noun}s")
    }
}

/// `text` with each count of 1 of a noun the report counts in the singular: "takes 1
/// of the 1 factors lost" becomes "takes 1 of the 1 factor lost". A 1 that is part of
/// a larger figure ("11 factors", "1/2 factors", "B-1 units") is left as it is.
pub fn worded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut prev: Option<char> = None;
    'scan: while let Some(c) = rest.chars().next() {
        let starts = prev.is_none_or(|p| !(p.is_alphanumeric() || matches!(p, '/' | '.' | '-')));
        if starts {
            if let Some(after_one) = rest.strip_prefix("1 ") {
                for one in NOUNS {
                    let Some(after) = after_one.strip_prefix(plural(one).as_str()) else {
                        continue;
                    };
                    if after.starts_with(|c: char| c.is_alphanumeric() || c == '-') {
                        continue;
                    }
                    out.push_str("1 ");
                    out.push_str(one);
                    prev = one.chars().last();
                    rest = after;
                    continue 'scan;
                }
            }
        }
        out.push(c);
        prev = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::odds::Factor;

    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(counted(1, "factor"), "1 factor");
        assert_eq!(counted(2, "factor"), "2 factors");
        assert_eq!(counted(0, "hex"), "0 hexes");
        assert_eq!(counted(1, "hex"), "1 hex");
        assert_eq!(counted(3, "city"), "3 cities");
        assert_eq!(counted(2, "friendly city hex"), "2 friendly city hexes");
        assert_eq!(counted(Factor::whole(1), "factor"), "1 factor");
        assert_eq!(
            counted(Factor::whole(3), "aircraft factor"),
            "3 aircraft factors"
        );
    }

    /// The lines the engine kept in the state as they were worded (the sample of '85's
    /// guerrillas, a loss taken in battle, an A-A fire), printed with their 1s singular;
    /// every other figure stays.
    #[test]
    fn a_kept_line_is_worded_with_its_counts_of_one_singular() {
        assert_eq!(
            worded("guerrillas in New Endor: takes 1 of the 1 factors lost"),
            "guerrillas in New Endor: takes 1 of the 1 factor lost"
        );
        assert_eq!(
            worded("A-A fire of 1 factors (the city's 1 against SAC)"),
            "A-A fire of 1 factor (the city's 1 against SAC)"
        );
        for same in [
            "takes 2 of the 11 factors lost",
            "a loss of 1 1/2 factors",
            "B-1 units",
            "1 factorsX",
            "1 unitsworth",
            "",
        ] {
            assert_eq!(worded(same), same);
        }
        assert_eq!(
            worded("1 points; 1 hexes, 1 cities"),
            "1 point; 1 hex, 1 city"
        );
        assert_eq!(worded("lost 1 aircraft factors"), "lost 1 aircraft factor");
    }
}
