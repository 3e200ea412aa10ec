//! What makes an order problem easy to fix, added once every problem is found: "did
//! you mean" for a unit id or hex that does not exist, the typographic quotes a word
//! processor or mail program put where TOML needs straight ones, a `[seed]` left
//! commented out as the template has it, and the line of the order behind a problem
//! that is found on the position rather than on a line (a unit that moved into enemy
//! ZOC and attacks nobody is pointed at in its move order). The checks themselves are
//! elsewhere; this only words and places what they found.

use crate::hex::Hex;
use crate::orders::{OrderError, Orders, Problem, MAX_SHOWN};
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::ops::Range;

/// The quotes a word processor or mail program types for `"` and `'`.
const TYPOGRAPHIC: [char; 8] = ['“', '”', '„', '‘', '’', '‚', '«', '»'];

/// The problems of an order file `src`, each with what to do about it and a place in
/// the file where one can be found (`orders`: the file as read, when it could be).
pub fn refine(
    rules: &Rules,
    orders: Option<&Orders>,
    src: &str,
    errors: Vec<OrderError>,
) -> Vec<OrderError> {
    let side = orders.map(|o| o.side.value);
    let mut out: Vec<OrderError> = errors
        .into_iter()
        .map(|e| seed_commented(src, e))
        .map(|e| match orders {
            Some(o) => locate(o, e),
            None => e,
        })
        .collect();
    if out
        .iter()
        .any(|e| matches!(e.problem, Problem::NotToml(_) | Problem::BadUnitName(_)))
    {
        out.extend(typographic_quote(src));
    }
    // A typographic quote first: it explains the TOML error it causes, which follows.
    out.sort_by_key(|e| {
        (
            !matches!(e.problem, Problem::TypographicQuote { .. }),
            e.span.as_ref().map_or(0, |s| s.start),
        )
    });
    // Guesses for the problems a player is shown (the first MAX_SHOWN): a file of
    // thousands of bad names costs no more than one of fifty.
    let mut names = Names::default();
    out.into_iter()
        .enumerate()
        .map(|(i, e)| match i < MAX_SHOWN {
            true => did_you_mean(rules, &mut names, side, src, e),
            false => e,
        })
        .collect()
}

/// The names a guess is made among, read from the rules once, when first needed.
#[derive(Default)]
struct Names {
    units: Option<Vec<(String, Side)>>,
    hexes: Option<Vec<(String, Hex)>>,
}

impl Names {
    fn units(&mut self, rules: &Rules) -> &[(String, Side)] {
        self.units.get_or_insert_with(|| {
            rules
                .counters
                .iter()
                .map(|c| (c.id.to_string(), c.side))
                .collect()
        })
    }

    fn hexes(&mut self, rules: &Rules) -> &[(String, Hex)] {
        self.hexes.get_or_insert_with(|| {
            rules
                .board
                .hexes()
                .map(|(h, _)| (h.to_string(), h))
                .collect()
        })
    }
}

/// The first typographic quote on a line that is not a comment: what TOML cannot read.
fn typographic_quote(src: &str) -> Option<OrderError> {
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        if !line.trim_start().starts_with('#') {
            if let Some((i, c)) = line.char_indices().find(|(_, c)| TYPOGRAPHIC.contains(c)) {
                let start = at + i;
                return Some(OrderError::new(
                    Problem::TypographicQuote { found: c },
                    Some(start..start + c.len_utf8()),
                    cite!("orders"),
                ));
            }
        }
        at += line.len();
    }
    None
}

/// A missing seed when the template's `# [seed]` is still there: said as such, at
/// that line.
fn seed_commented(src: &str, e: OrderError) -> OrderError {
    if e.problem != Problem::NoSeed {
        return e;
    }
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let body = line.trim_start();
        if let Some(rest) = body.strip_prefix('#') {
            if rest.trim_start().starts_with("[seed]") {
                let start = at + line.find("[seed]").unwrap_or(0);
                return OrderError {
                    problem: Problem::SeedCommentedOut,
                    span: Some(start..start + "[seed]".len()),
                    ..e
                };
            }
        }
        at += line.len();
    }
    e
}

/// A problem about a unit that has no place in the file (found on the position after
/// movement) is put on the unit's name in the last order that moved or placed it.
fn locate(orders: &Orders, e: OrderError) -> OrderError {
    if e.span.is_some() {
        return e;
    }
    let Some(unit) = e.unit.clone() else {
        return e;
    };
    match last_mention(orders, &unit) {
        Some(span) => OrderError {
            span: Some(span),
            ..e
        },
        None => e,
    }
}

/// Where `unit` is last named in a set-up, placement, air, move, automatic victory
/// or sea order.
fn last_mention(orders: &Orders, unit: &UnitId) -> Option<Range<usize>> {
    let placed = orders
        .setup
        .iter()
        .chain(&orders.place)
        .flat_map(|p| &p.units);
    let flown = orders.air.iter().flat_map(|a| &a.units);
    let moved = orders.moves.iter().flat_map(|m| &m.units);
    let won = orders.avs.iter().flat_map(|a| &a.units);
    let at_sea = orders.sea.iter().flat_map(|o| &o.units);
    placed
        .chain(flown)
        .chain(moved)
        .chain(won)
        .chain(at_sea)
        .filter(|u| &u.value == unit)
        .map(|u| u.span.clone())
        .max_by_key(|s| s.start)
}

/// "did you mean ...?" for a unit id or hex that does not exist.
fn did_you_mean(
    rules: &Rules,
    names: &mut Names,
    side: Option<Side>,
    src: &str,
    e: OrderError,
) -> OrderError {
    if e.hint.is_some() {
        return e;
    }
    let typed = e
        .span
        .as_ref()
        .and_then(|s| src.get(s.clone()))
        .map(|t| {
            t.trim()
                .trim_matches(|c| c == '"' || c == '\'' || TYPOGRAPHIC.contains(&c))
        })
        .unwrap_or_default()
        .to_string();
    let hint = match &e.problem {
        Problem::UnknownUnit(name) => unit_hint(names.units(rules), side, name),
        Problem::BadUnitName(_) => unit_hint(names.units(rules), side, &typed),
        Problem::OffBoard(h) => hex_hint(rules, names.hexes(rules), &h.to_string()),
        Problem::BadHex(_) => hex_hint(rules, names.hexes(rules), &typed),
        // Any other problem: only a name that does not exist has a nearest name.
        _ => None,
    };
    match hint {
        Some(h) => e.hint(h),
        None => e,
    }
}

/// The unit ids nearest to what was typed (the writer's side first).
fn unit_hint(units: &[(String, Side)], side: Option<Side>, typed: &str) -> Option<String> {
    let typed = squeeze(typed);
    if typed.is_empty() {
        return None;
    }
    let mut scored: Vec<(usize, bool, String)> = units
        .iter()
        .filter(|(id, _)| near_in_length(&typed, id))
        .map(|(id, s)| (distance(&typed, id), Some(*s) != side, id.clone()))
        .collect();
    scored.sort();
    suggest(&typed, &scored)
}

/// The hexes of the board nearest to what was typed, by name.
fn hex_hint(rules: &Rules, hexes: &[(String, Hex)], typed: &str) -> Option<String> {
    let typed = squeeze(typed);
    if typed.is_empty() {
        return None;
    }
    if let Ok(h) = typed.parse::<Hex>() {
        if rules.board.contains(h) && h.to_string() != typed {
            return Some(format!("did you mean {h}?"));
        }
    }
    // In hex order, so that equally near hexes are offered as the board lists them.
    let mut scored: Vec<(usize, Hex, String)> = hexes
        .iter()
        .filter(|(name, _)| near_in_length(&typed, name))
        .map(|(name, h)| (distance(&typed, name), *h, name.clone()))
        .collect();
    scored.sort();
    let scored: Vec<(usize, bool, String)> =
        scored.into_iter().map(|(d, _, n)| (d, false, n)).collect();
    suggest(&typed, &scored)
}

/// "did you mean ...?" for a name typed as it is (no change of case) among `names`,
/// when one is near enough: for other games' names (Mori's tokens).
pub fn nearest_name<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut scored: Vec<(usize, bool, String)> = names
        .into_iter()
        .filter(|n| near_in_length(typed, n))
        .map(|n| (distance(typed, n), false, n.to_string()))
        .collect();
    scored.sort();
    suggest(typed, &scored)
}

/// Up to three of the nearest names, when they are near enough to be what was meant:
/// at most two edits, and fewer than a third of the name.
fn suggest(typed: &str, scored: &[(usize, bool, String)]) -> Option<String> {
    let best = scored.first()?.0;
    let near = 2.min(typed.chars().count().div_ceil(3));
    if best == 0 || best > near {
        return None;
    }
    let names: Vec<&str> = scored
        .iter()
        .take_while(|(d, _, _)| *d == best)
        .take(3)
        .map(|(_, _, n)| n.as_str())
        .collect();
    Some(match names.as_slice() {
        [one] => format!("did you mean {one}?"),
        [rest @ .., last] => format!("did you mean {} or {last}?", rest.join(", ")),
        [] => return None,
    })
}

/// Whether two names differ in length by no more than a guess allows (two edits).
fn near_in_length(a: &str, b: &str) -> bool {
    a.chars().count().abs_diff(b.chars().count()) <= 2
}

/// What was typed, upper case, without spaces: `b 1in` is B1IN.
fn squeeze(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase()
}

/// The number of single-character edits (insert, delete, replace, swap two neighbours)
/// from one name to the other.
fn distance(a: &str, b: &str) -> usize {
    strsim::damerau_levenshtein(a, b)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn suggestions_are_near_names_only() {
        let scored = |v: &[(usize, &str)]| -> Vec<(usize, bool, String)> {
            v.iter().map(|(d, n)| (*d, false, n.to_string())).collect()
        };
        assert_eq!(
            suggest("B-1INF", &scored(&[(1, "B-1IN"), (2, "B-11IN")])).as_deref(),
            Some("did you mean B-1IN?")
        );
        assert_eq!(
            suggest("CC155", &scored(&[(1, "CC15"), (1, "CC55"), (2, "C15")])).as_deref(),
            Some("did you mean CC15 or CC55?")
        );
        assert_eq!(suggest("XYZ", &scored(&[(3, "B-1IN")])), None);
        assert_eq!(suggest("B-1IN", &scored(&[(0, "B-1IN")])), None);
    }

    #[test]
    fn a_typographic_quote_is_found_outside_comments() {
        let src = "# “quoted” in a comment\nunit = “B-1IN”\n";
        let e = typographic_quote(src).unwrap();
        assert_eq!(e.problem, Problem::TypographicQuote { found: '“' });
        let span = e.span.unwrap();
        assert_eq!(&src[span], "“");
        assert!(typographic_quote("# only “here”\n").is_none());
    }

    #[test]
    fn a_commented_seed_is_pointed_at() {
        let src = "game = \"g\"\n# [seed]\n# source = \"drand\"\n";
        let e = seed_commented(
            src,
            OrderError::new(Problem::NoSeed, Some(0..4), cite!("PBEM")),
        );
        assert_eq!(e.problem, Problem::SeedCommentedOut);
        assert_eq!(&src[e.span.unwrap()], "[seed]");
        let other = seed_commented(
            "game = \"g\"\n",
            OrderError::new(Problem::NoSeed, None, cite!("PBEM")),
        );
        assert_eq!(other.problem, Problem::NoSeed);
    }
}
