//! 36.32-36.34: the odds a side short of basic industry rolls its battles at on the
//! TGAT: capped at 4-1 (36.32, 36.33), no more than 3 attacks above 1-1 a player-turn
//! (36.33), none above 1-1 (36.34).
//!
//! Reading where 36.33 is silent: an attack above 1-1 once the 3 are spent is rolled
//! at 1-1 (the odds are known only when the battle is fought, after the barrages and
//! bombings before it, so it cannot be refused with the orders).

use super::{shortage, Resource};
use crate::event::Event;
use crate::odds::{self, Odds, Ratio};
use crate::position::Position;
use crate::rules::Rules;
use crate::units::Side;

/// The cap on the odds of `side`'s next battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddsCap {
    /// The attacker's multiple at most (4 for 4-1).
    pub most: u64,
    /// The paragraph that caps it.
    pub rule: &'static str,
}

/// Whether odds are better than 1-1.
pub fn above_even(o: &Odds) -> bool {
    matches!(o.ratio, Ratio::NoDefence) || matches!(o.ratio, Ratio::Attacker(n) if n > 1)
}

/// 36.32-36.34: the cap on the odds of `side`'s next battle, given the battles it
/// fought this player-turn (`events`); `None`: not capped.
pub fn cap(rules: &Rules, pos: &Position, side: Side, events: &[Event]) -> Option<OddsCap> {
    let s = shortage(rules, pos, side)?;
    let most = u64::from(s.odds_cap()?);
    let rule = s.rule(Resource::Industry);
    if let Some(allowed) = s.attacks_above_even() {
        let fought = events
            .iter()
            .filter(
                |e| matches!(e, Event::Battle(b) if above_even(&odds::reduce(b.attack, b.defence))),
            )
            .count();
        if fought >= usize::try_from(allowed).unwrap_or(usize::MAX) {
            return Some(OddsCap { most: 1, rule });
        }
    }
    Some(OddsCap { most, rule })
}

impl OddsCap {
    /// The odds the battle is rolled at, and the note the report adds ("rolled at 4-1
    /// (36.32)"), when the cap lowers them.
    pub fn apply(&self, odds: &Odds) -> Option<(Odds, String)> {
        let better = match odds.ratio {
            Ratio::NoDefence => true,
            Ratio::Attacker(n) => n > self.most,
            Ratio::Defender(_) | Ratio::NoAttack => false,
        };
        better.then(|| {
            let capped = Odds {
                ratio: Ratio::Attacker(self.most),
                ..*odds
            };
            let note = format!("rolled at {}-1 ({})", self.most, self.rule);
            (capped, note)
        })
    }
}
