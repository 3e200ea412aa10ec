//! Where a replayed file first differs from the one kept in a game folder: what
//! `verify` shows when a state does not follow from its orders and seed.

/// The first line that differs between the kept and the replayed text (1-based), and
/// that line of each ("(end of file)" past the end of one of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstDifference {
    pub line: usize,
    pub kept: String,
    pub replayed: String,
}

/// Compares `kept` with `replayed` line by line. When every line of the shorter is the
/// same as the longer's, the first line past its end differs.
pub fn first_difference(kept: &str, replayed: &str) -> FirstDifference {
    let line = kept
        .lines()
        .zip(replayed.lines())
        .position(|(a, b)| a != b)
        .map_or_else(
            || kept.lines().count().min(replayed.lines().count()) + 1,
            |i| i + 1,
        );
    let show = |t: &str| {
        t.lines()
            .nth(line - 1)
            .unwrap_or("(end of file)")
            .to_string()
    };
    FirstDifference {
        line,
        kept: show(kept),
        replayed: show(replayed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_line_is_named_with_both_versions() {
        let d = first_difference("a\nb\nc\n", "a\nB\nc\n");
        assert_eq!(
            (d.line, d.kept.as_str(), d.replayed.as_str()),
            (2, "b", "B")
        );
        let short = first_difference("a\n", "a\nb\n");
        assert_eq!(short.line, 2);
        assert_eq!(short.kept, "(end of file)");
        assert_eq!(short.replayed, "b");
    }
}
