//! 32.74 with 003 32.74: an automatic victory (21.1) nullified by interception. The AV
//! is made during the mover's movement; the interception comes after the stop before
//! odds. When the air combat has taken away AVing units (air transported or airdropped
//! units met by interceptors, 32.33, 003 32.74 [AH]) so that those left no longer make
//! the odds needed (7-1, 5-1 when no defender could retreat), the AV is nullified:
//! - the beaten units are turned back up;
//! - 003 32.74 [ARH & AH]: the units whose movement depended on the AV, those that
//!   moved after it into the AVed hex or a hex next to it, are rolled back along their
//!   movement path to the last hex before they entered an enemy ZOC (the AVed units'
//!   included), and may not attack in any way: they leave the battles they were in;
//! - 003 32.74 [RSW]: the AVing units still on the board make a normal attack on the
//!   AVed hex, a battle of its own (`AV-<hex>`) fought after those announced.
//!
//! 30.9: fighters eliminated by AVing units during movement are off the board before
//! any interception, so they never meet a flight and cannot nullify the AV.
//!
//! Not built: rolling back further, or rolling back other units, to avoid
//! overstacking (003 32.74 [RSW]); substitutes made up from an AVing unit's losses
//! count for nothing in the AV's odds after the air combat.

use crate::automatic;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::model::av::AvMade;
use crate::position::Position;
use crate::rules::Rules;
use crate::state::WaitingBattle;
use crate::units::{Side, UnitId};

/// 32.74, 003 32.74: every AV of the player-turn judged again after the air combat;
/// those it undid are nullified, with the roll-back and the normal attack 003 asks
/// for (`avs` and `battles` changed), and the events that report them. `events`: the
/// player-turn's events so far (its movement). Nothing in a game without rule 32.
pub fn after_air_combat(
    rules: &Rules,
    pos: &mut Position,
    (mover, events): (Side, &[Event]),
    avs: &mut Vec<AvMade>,
    battles: &mut Vec<WaitingBattle>,
) -> Vec<Event> {
    if !super::in_play(&rules.ruleset) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut kept = Vec::new();
    for av in std::mem::take(avs) {
        let left: Vec<UnitId> = av
            .units
            .iter()
            .filter(|u| pos.get(u).is_some())
            .cloned()
            .collect();
        if left.len() == av.units.len() {
            kept.push(av);
            continue;
        }
        let beaten: Vec<UnitId> = pos.beaten_at(av.hex).map(|p| p.id.clone()).collect();
        for id in &beaten {
            pos.unmark(id, UnitMarker::AutomaticVictory);
        }
        let judged = automatic::judge(rules, pos, &left, av.hex);
        if !left.is_empty() && judged.wins() {
            for id in &beaten {
                pos.mark(id, UnitMarker::AutomaticVictory);
            }
            kept.push(av);
            continue;
        }
        out.push(Event::Note {
            text: format!(
                "the automatic victory against {} is nullified: after the interception its units make {}, short of {}-1",
                av.hex,
                judged.odds_text(),
                judged.needed
            ),
            rule: Rule::para(para!("32.74")),
        });
        out.extend(roll_back(pos, (mover, events), &av, battles));
        if !left.is_empty() {
            battles.push(normal_attack(av.hex, left));
        }
    }
    *avs = kept;
    out
}

/// 003 32.74: the units that moved after the AV against `av.hex` into it or next to it
/// go back along their path to the last hex before they entered an enemy ZOC, and
/// leave every battle (they may not attack).
fn roll_back(
    pos: &mut Position,
    (mover, events): (Side, &[Event]),
    av: &AvMade,
    battles: &mut Vec<WaitingBattle>,
) -> Vec<Event> {
    let made = events
        .iter()
        .position(|e| matches!(e, Event::AutomaticVictory { hex, .. } if *hex == av.hex));
    let Some(made) = made else {
        return Vec::new();
    };
    let near = |h: Hex| h == av.hex || h.is_adjacent(av.hex);
    let mut out = Vec::new();
    for e in events.iter().skip(made + 1) {
        let Event::Moved { unit, path, .. } = e else {
            continue;
        };
        let mine = pos.get(unit).is_some_and(|p| p.side == mover);
        if !mine || av.units.contains(unit) || !path.iter().skip(1).any(|&h| near(h)) {
            continue;
        }
        let entered = path
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, &h)| near(h) || pos.in_zoc_of(mover.other(), h))
            .map(|(i, _)| i);
        let Some(back) = entered.and_then(|i| path.get(i - 1)).copied() else {
            continue;
        };
        let Some(now) = pos.hex_of(unit) else {
            continue;
        };
        pos.move_to(unit, back);
        out.push(Event::Note {
            text: format!(
                "{unit} goes back from {now} to {back}, the last hex before it entered enemy ZOC: its move depended on the automatic victory against {}, nullified; it may not attack",
                av.hex
            ),
            rule: Rule::para(para!("32.74")),
        });
        for b in battles.iter_mut() {
            b.units.retain(|u| u != unit);
        }
    }
    battles.retain(|b| !b.units.is_empty());
    out
}

/// 003 32.74 [RSW]: the AVing units "must now make a normal attack on the AVed unit".
fn normal_attack(hex: Hex, units: Vec<UnitId>) -> WaitingBattle {
    WaitingBattle {
        id: format!("AV-{hex}"),
        units,
        targets: vec![hex],
        advance: Vec::new(),
        advance_path: Vec::new(),
        lose: Vec::new(),
        retreat: Vec::new(),
        stock: None,
        city: false,
        barrages: Vec::new(),
    }
}
