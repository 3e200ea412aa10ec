//! 003 32.35 and 32.74 under the reading `fighter-scramble`: fighters whose base the
//! enemy reaches during his movement.
//!
//! `overrun` (the default, 000 30.9 and 32.74): grounded fighters caught alone are
//! eliminated at once, so they intercept nothing and cannot nullify an AV; nothing
//! here acts. `scramble` (003 32.35, 32.74's last sentence deleted): fighters that
//! began the opponent's player-turn at a base free of enemy ZOC "are assumed to have
//! scrambled into the air as the enemy forces approached": they take to the air when
//! his movement begins, so 30.9's overrun does not find them on the ground; when it
//! ends, those whose base is still one they may land at (friendly, free of enemy ZOC)
//! are back on the ground as if they never rose, the others stay in the air: they may
//! intercept (and so nullify an AV, 32.74) or wait out, and land when the player-turn
//! ends at a base 003 32.34 allows ([`super::landing`]).

use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::position::Position;
use crate::readings::FighterScramble;
use crate::rules::Rules;
use crate::units::{Side, UnitId, UnitKind};
use std::collections::BTreeMap;

/// Whether the game plays rule 32 under `fighter-scramble=scramble`.
pub fn in_play(rules: &Rules) -> bool {
    super::in_play(&rules.ruleset)
        && match rules.ruleset.readings.fighter_scramble {
            FighterScramble::Overrun => false,
            FighterScramble::Scramble => true,
        }
}

/// 003 32.35: when the mover's movement begins, the fighters of the side not moving on
/// the ground at a base, not `barred` (in enemy ZOC at the start), take to the air
/// under `scramble` (none otherwise). The fighters risen, with their bases.
pub fn rise(
    rules: &Rules,
    pos: &mut Position,
    mover: Side,
    barred: &[UnitId],
) -> Vec<(UnitId, Hex)> {
    if !in_play(rules) {
        return Vec::new();
    }
    let up: Vec<(UnitId, Hex)> = pos
        .pieces()
        .filter(|p| p.side == mover.other() && p.kind == UnitKind::Ftr)
        .filter(|p| !pos.is_aloft(&p.id) && !barred.contains(&p.id))
        .map(|p| (p.id.clone(), p.hex))
        .collect();
    for (id, _) in &up {
        pos.set_aloft(id, true);
    }
    up
}

/// 003 32.35: when the mover's movement and air missions are done, the fighters
/// [`rise`] took up whose base is still one they may land at are back on the ground;
/// the others stay in the air, scrambled, each reported.
pub fn settle(
    rules: &Rules,
    pos: &mut Position,
    held: &BTreeMap<Hex, Side>,
    risen: &[(UnitId, Hex)],
) -> Vec<Event> {
    let mut events = Vec::new();
    for (id, base) in risen {
        let Some(side) = pos.get(id).map(|p| p.side) else {
            continue;
        };
        match crate::air::base::not_a_base(rules, pos, held, side, *base) {
            None => {
                pos.set_aloft(id, false);
            }
            Some(why) => events.push(Event::Note {
                text: format!(
                    "{id} scrambled from {base} as the enemy approached ({why}): it may still intercept or wait out, and lands when the player-turn ends"
                ),
                rule: Rule::of(Ref::Reading("32.35".into())),
            }),
        }
    }
    events
}
