//! Combat (12-15) and its results (the Basic Game Attrition Table): checking the
//! battles a player declares against the position after movement, the factors of each
//! battle with terrain doubling, and applying the results: losses, retreats and
//! advances after combat.
//!
//! The odds, the table and the roll are not this module's business: the engine passes
//! a closure that turns a [`BattleSetup`] into a [`Resolved`] result.
//!
//! - [`check_battles`]: 12.1, 14.31-14.33, 14.4-14.9 against the declared battles.
//! - [`strength`]: 12.4, 13.2, 13.3 (with 003), 14.1-14.2, 14.4: one battle's factors.
//! - [`resolve_battles`]: 15 and the BGAT results, in the order the battles are written.
//! - [`go_ashore`]: 20.33-20.35, combat from assault hexes and going ashore after it.
//! - [`check_barrages`], [`resolve_barrages`]: 25.2-25.5, artillery barrages on the BBT.
//! - [`interleave`]: 003 25.3, barrages resolved after a battle (`after`).

mod assault;
mod barrage;
mod check;
mod choose;
pub mod interleave;
mod pending;
mod resolve;
mod retreat;
mod strength;
mod substitute;

pub use crate::model::bgat::CombatResult;
pub use crate::model::outcome::{as_code, BattleSetup, Effect, Effects, Loss, Outcome, Resolved};
pub use assault::go_ashore;
pub use barrage::{check_barrages, resolve_barrages, BarrageRolled, BarrageSetup};
pub use check::{check_battles, follows_from_refusal, BattleCheck};
pub use pending::complete as complete_pending;
pub use resolve::resolve_battles;
pub use retreat::{retreat_ends, retreat_ends_of, RetreatEnd};
pub use strength::{battle_strength, legal_odds, strength, Strength};
pub(crate) use substitute::make_up;
pub use substitute::{event as substituted_event, make_up as make_up_substitutes};
