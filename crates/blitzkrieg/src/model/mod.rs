//! The plain data that rule modules own and the state keeps: a battle's result as read
//! from its table, an automatic victory waiting for its advance, a bomber waiting to
//! land, the minor countries' status, a strategic bombing announced, the steps of a
//! player-turn and the stops a game may choose.
//!
//! Together with `state.rs`, `position.rs` (and `position/`) and `event.rs` this is the
//! persisted vocabulary of a game. A file of the model imports no rule module: the rules
//! import the model, never the other way round (`docs/design.md`, "Layers"; guarded by `tests/layers.rs`).

pub mod ascendancy;
pub mod av;
pub mod bgat;
pub mod landing;
pub mod minor;
pub mod outcome;
pub mod raid;
// 36: critical resources.
pub mod resources;
pub mod step;
// 32: air combat (optional rule).
pub mod flight;
// 37-41: BLITZKRIEG '85.
pub mod purchase;
// 49: BLITZKRIEG '85's airfields.
pub mod airfield;
// Layers: plain data of rule modules that lower files name (an air mission, the
// aircraft's events, a bombing's results, the weather's events).
pub mod air;
pub mod mission;
pub mod strike;
pub mod weather;
// 50.7: BLITZKRIEG '85's air supply.
pub mod air_supply;
// 52.6: a player's own damage (BLITZKRIEG '85).
pub mod own_damage;
// The report's counts in words ("1 factor", "2 factors").
pub mod count;
