//! Which file is which, by content: a command given `STATE ORDERS` the other way round
//! (`blitz check ORDERS STATE`) is told so in a player's words, not with the parser's
//! complaint about the first file. A state is a RON document whose envelope reads
//! (`pbem::envelope::Header::peek`); an order file is TOML with a `game` or `side`
//! key or an order table, or carries the order markers.

use pbem::envelope::Header;

/// The tables an order file may hold (docs/orders.md).
const ORDER_TABLES: [&str; 16] = [
    "place",
    "move",
    "air",
    "attack",
    "av",
    "sea",
    "lake",
    "mission",
    "barrage",
    "breakdown",
    "recombine",
    "minor",
    "replace",
    "decision",
    "standing",
    "seed",
];

/// Whether `bytes` read as a state file's envelope.
pub fn is_state(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|t| Header::peek(t, "").is_ok())
}

/// Whether `bytes` look like an order file (not whether its orders are good).
pub fn is_orders(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    if text.contains("BEGIN BLITZ ORDERS") {
        return true;
    }
    text.parse::<toml::Table>().is_ok_and(|t| {
        t.contains_key("game")
            || t.contains_key("side")
            || ORDER_TABLES.iter().any(|k| t.contains_key(*k))
    })
}

/// The failure for a command given an order file where the state comes, when the
/// file given as the state is one: `None` when it is not (then it is read as a state,
/// and a bad state is refused as such).
pub fn swapped(
    command: &'static str,
    (state_file, state): (&str, &[u8]),
    (orders_file, orders): (&str, Option<&[u8]>),
) -> Option<crate::game::GameError> {
    if is_state(state) || !is_orders(state) {
        return None;
    }
    let orders_is_state = orders.is_some_and(is_state);
    let hint = if orders_is_state {
        format!("write `blitz {command} STATE ORDERS`, here `blitz {command} {orders_file} {state_file}`")
    } else {
        format!("write `blitz {command} STATE ORDERS`: the state file (NN-TURN-SIDE.state.ron) first, then {state_file}")
    };
    Some(crate::game::GameError::Swapped {
        state_file: state_file.to_string(),
        orders_file: orders_file.to_string(),
        orders_is_state,
        hint,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn an_order_file_and_a_state_are_told_apart() {
        let orders =
            b"game = \"g\"\nside = \"blue\"\n\n[[move]]\nunits = [\"B-1AR\"]\nto = \"C3\"\n";
        assert!(is_orders(orders));
        assert!(!is_state(orders));
        let state = b"(\n  format: 2,\n  kind: \"blitzkrieg\",\n)\n";
        assert!(is_state(state));
        assert!(!is_orders(state));
        assert!(!is_orders(b"just text"));
        assert!(swapped("check", ("o.toml", orders), ("s.ron", Some(state))).is_some());
        assert!(swapped("check", ("s.ron", state), ("o.toml", Some(orders))).is_none());
    }
}
