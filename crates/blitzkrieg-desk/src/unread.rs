//! What an order file holds that the umpire does not read, or reads as no order at
//! all: order tables outside the marker lines, and orders without a single order.
//! These are warnings, not problems: the orders stay legal, and `blitz check` says
//! them before it says so, so that nothing a player wrote is dropped without a word.
//!
//! A reply's body is read between the marker lines only, so an order table the player
//! typed below `# ---- END BLITZ ORDERS ----` in his reply is not read (B181). An order
//! file (or an attachment) is read whole, and its tables outside the markers count;
//! but pasted into a reply they would be dropped, and the commitment made on the file
//! would not be the reply's (B180).

use crate::game::OrderText;
use pbem::mail;

/// Something an order file holds that will not be read, or that reads as nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderWarning {
    #[error("line {line}: {table} is outside the marker lines: it is read from this file, but a reply carrying the orders in its body drops it (and the commitment with it); move it between `# ---- BEGIN BLITZ ORDERS ----` and `# ---- END BLITZ ORDERS ----`")]
    OutsideMarkers { line: usize, table: String },
    #[error("body line {line}: {table} is outside the marker lines, so it was not read; write every order above `# ---- END BLITZ ORDERS ----`")]
    NotRead { line: usize, table: String },
    #[error("these orders hold no order at all: every unit stays where it is and nothing else happens this player-turn")]
    NoOrder,
}

impl OrderWarning {
    /// The stable code of this warning (`docs/error-codes.md`).
    pub fn code(&self) -> &'static str {
        match self {
            OrderWarning::OutsideMarkers { .. } => "B180",
            OrderWarning::NotRead { .. } => "B181",
            OrderWarning::NoOrder => "B182",
        }
    }
}

/// The keys of an order file that name its game, side, turn, state and seed: an order
/// file holding only these holds no order.
const HEADER_KEYS: [&str; 6] = ["game", "side", "turn", "state", "step", "seed"];

/// Every warning of the orders `orders`, read from `bytes` (the order file or the mail
/// message as given), in the order of the file.
pub fn warnings(bytes: &[u8], orders: &OrderText) -> Vec<OrderWarning> {
    let mut out = Vec::new();
    if mail::is_message(bytes) {
        if let Ok(found) = mail::orders_from_message(bytes) {
            out.extend(
                found
                    .outside
                    .into_iter()
                    .map(|(line, table)| OrderWarning::NotRead { line, table }),
            );
        }
    }
    out.extend(
        mail::tables_outside(&orders.toml)
            .into_iter()
            .map(|(line, table)| OrderWarning::OutsideMarkers { line, table }),
    );
    // The document's keys borrowed from its text: nothing of it is copied out.
    if let Ok(table) = toml::de::DeTable::parse(&orders.toml) {
        if (table.get_ref().keys()).all(|k| HEADER_KEYS.contains(&k.get_ref().as_ref())) {
            out.push(OrderWarning::NoOrder);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn text(toml: &str) -> OrderText {
        OrderText {
            toml: toml.to_string(),
            name: "o.toml".to_string(),
            source_lines: Vec::new(),
        }
    }

    /// `docs/error-codes.md` lists every warning with its example as a player reads it.
    #[test]
    fn the_docs_list_every_warning() {
        let doc = include_str!("../../../docs/error-codes.md");
        for w in [
            OrderWarning::OutsideMarkers {
                line: 42,
                table: "[[move]]".into(),
            },
            OrderWarning::NotRead {
                line: 31,
                table: "[[attack]]".into(),
            },
            OrderWarning::NoOrder,
        ] {
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| `{}` |", w.code())))
                .unwrap_or_default();
            assert!(row.contains(&w.to_string()), "{}: {w}", w.code());
        }
    }

    #[test]
    fn tables_outside_the_markers_and_orders_without_an_order_are_named() {
        let header = "game = \"g\"\nside = \"blue\"\nturn = 1\nstate = \"x\"\n";
        let file = format!(
            "# notes\n{}\n{header}[[move]]\nunit = \"B-1IN\"\nto = \"A1\"\n{}\n\n[[attack]]\nid = \"A1\"\n",
            mail::BEGIN_MARKER,
            mail::END_MARKER
        );
        assert_eq!(
            warnings(file.as_bytes(), &text(&file)),
            [OrderWarning::OutsideMarkers {
                line: 12,
                table: "[[attack]]".into()
            }]
        );
        let empty = format!("{header}[seed]\nsource = \"drand\"\nround = 9\n");
        assert_eq!(
            warnings(empty.as_bytes(), &text(&empty)),
            [OrderWarning::NoOrder]
        );
        let standing = format!("{header}[standing]\nlose_first = [\"B-1IN\"]\n");
        assert!(warnings(standing.as_bytes(), &text(&standing)).is_empty());
        assert!(warnings(b"not = toml = at all", &text("not = toml = at all")).is_empty());
    }
}
