//! How many of an order file's problems are shown to a player, and the line that counts
//! the others: the same for every game, so a file of one block repeated thousands of
//! times is reported in a page, not in megabytes.

/// At most this many problems of a file are rendered; the others are counted.
pub const MAX_SHOWN: usize = 50;

/// The line after the problems shown, when `total` is more than [`MAX_SHOWN`]:
/// "… and 812 more problems not shown: fix these first".
pub fn not_shown(total: usize) -> Option<String> {
    let more = total.saturating_sub(MAX_SHOWN);
    (more > 0).then(|| {
        format!(
            "… and {more} more problem{} not shown: fix these first",
            if more == 1 { "" } else { "s" }
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nothing up to the limit; past it, the others counted, one in the singular.
    #[test]
    fn the_problems_past_the_limit_are_counted() {
        assert_eq!(not_shown(0), None);
        assert_eq!(not_shown(MAX_SHOWN), None);
        assert_eq!(
            not_shown(MAX_SHOWN + 1).as_deref(),
            Some("… and 1 more problem not shown: fix these first")
        );
        assert_eq!(
            not_shown(MAX_SHOWN + 812).as_deref(),
            Some("… and 812 more problems not shown: fix these first")
        );
    }
}
