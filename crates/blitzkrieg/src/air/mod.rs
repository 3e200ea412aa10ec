//! Air power (30, Tournament Game): bombers based in cities, their missions and what
//! they do. Names the `[[mission]]` order's checked form ([`Mission`],
//! `model/mission.rs`) and the events of aircraft ([`AirEvent`], `model/air.rs`),
//! plain data under the rules; [`base`] owns airbases (30.2, 30.9),
//! [`mission`] the checking and flying of missions (30.4-30.8), [`operations`] one
//! operation of each type a hex (003 30.4), [`carrier`] aircraft at sea (30.3) and
//! [`bombing`] what bombers add to a battle (30.41).
//!
//! `movement/air.rs` is something else: air transport and airdrops (9.3, 9.4).
//!
//! The declared readings of rule 30 (`docs/readings.md`) are followed:
//! `tactical-bombing-30-41` (factors compared after halving and doubling, or printed),
//! `suicide-missions-30-5` (landings checked with the orders, or not) and
//! `staging-30-7` (staging cities friendly since the start of the preceding
//! player-turn: friendly at the start of this one and not changed hands in the last;
//! or since the start of this one).
//!
//! Readings where the rules are silent or could be read two ways:
//! - 30.2: aircraft are on the map at their base; grounded aircraft weigh nothing
//!   toward the 3 ground units of a hex, and a base holds at most
//!   `air.units_per_city` full air units (a substitute half of one, 26.4).
//! - 30.4-30.5: a mission's range is counted from the base to the hex flown to; a
//!   tactical or strategic mission's landing base (`land`, by default the base flown
//!   from) within range of that hex (30.8: within half range after bombing at double
//!   strength). The landing is checked when the orders are (003 30.5: no suicide
//!   missions, under the default reading) and made after all combat, at the base named if it is still friendly,
//!   free of enemy ZOC and has room, else at the base flown from, else at the nearest
//!   friendly base within reach, else the aircraft is eliminated (30.5).
//! - 30.41: "undoubles a river defense if the bomber's attack strength equals the
//!   basic strength of the defenders" is read as "at least equals", with the
//!   defenders' basic strength that of the defending units of the hex.
//! - 30.41: of the attacker's factor losses, half (rounded up) come from the bombers
//!   first, as far as they go; the rest from every unit of the attack in the order
//!   the attack's `lose` names them. A bomber at double strength counts its doubled
//!   factors toward the loss, as a doubled defender does (25.1).

pub mod base;
pub mod bombing;
pub mod carrier;
pub mod mission;
pub mod operations;
pub mod strategic;

pub use crate::model::air::AirEvent;
pub use crate::model::mission::{Mission, MissionKind};
pub use crate::model::raid::RaidTarget;
