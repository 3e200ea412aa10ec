//! The guides a player is given with the program rather than sent to a web page:
//! the order format (`docs/orders.md`, embedded as written), printed by
//! `blitz help orders` and attached to a game's opening mail.

/// The order file guide, `docs/orders.md`.
pub const ORDERS: &str = include_str!("../../../docs/orders.md");

/// The name the guide carries as a mail attachment.
pub const ORDERS_FILE: &str = "orders-guide.md";
