//! 32.74 with 003 32.74: an automatic victory (21.1) nullified by interception. The AV
//! is made during the mover's movement; the interception comes after the stop before
//! odds. When the air combat has taken away AVing units (air transported or airdropped
//! units met by interceptors, 32.33, 003 32.74 [AH]) so that those left no longer make
//! the odds needed (7-1, 5-1 when no defender could retreat), the AV is nullified:
//! - the beaten units are turned back up;
//! - 003 32.74 [ARH & AH]: the units whose movement depended on the AV, those that
//!   moved after it into the AVed hex or a hex next to it, are rolled back along their
//!   movement path to the last hex before they entered an enemy ZOC (the AVed units'
//!   included), or further back along it to the first hex where they do not overstack
//!   (11.1), and may not attack in any way: they leave the battles they were in;
//! - 003 32.74 [RSW]: a unit rolled back all the way to its starting hex stays there
//!   even overstacked, and the units that ended their move in that hex are rolled back
//!   to make room, the last to enter first (the order is ours: the rules leave it
//!   open), each to the hex before it on its own path or further, until the hex holds
//!   no more than 3 units; they too may not attack;
//! - 003 32.74 [RSW]: the AVing units still on the board make a normal attack on the
//!   AVed hex, a battle of its own (`AV-<hex>`) fought after those announced.
//!
//! 003 32.33 [RSW]: the other effects after landing of the transported units the
//! interception eliminated are undone too: an AV made at 5-1 (no defender could
//! retreat) is judged again without them, in the position after movement, and
//! nullified as above when short; the enemy's grounded aircraft they alone overran
//! (30.9) come back to their base.
//!
//! 30.9: fighters eliminated by AVing units during movement are off the board before
//! any interception, so they never meet a flight and cannot nullify the AV.
//!
//! Not built: other effects of units lost to interception (a city made friendly, a
//! supply route or a move its ZOC blocked) stand; substitutes made up from an AVing
//! unit's losses count for nothing in the AV's odds after the air combat.

use crate::automatic;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::UnitMarker;
use crate::model::av::AvMade;
use crate::position::Position;
use crate::rules::Rules;
use crate::state::WaitingBattle;
use crate::units::{names, Side, UnitId};
use std::collections::BTreeSet;

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
    let lost = lost_in_the_air(events);
    let mut out = Vec::new();
    let mut kept = Vec::new();
    for av in std::mem::take(avs) {
        let left: Vec<UnitId> = av
            .units
            .iter()
            .filter(|u| pos.get(u).is_some())
            .cloned()
            .collect();
        // 003 32.33: an AV made at 5-1 may have counted on the transported units lost
        // to surround the AVed unit.
        let surrounded = !lost.is_empty() && made_surrounded(events, av.hex);
        if left.len() == av.units.len() && !surrounded {
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
        if left.len() == av.units.len() && !judged.no_retreat {
            out.push(Event::Note {
                text: format!(
                    "without {}, eliminated by interception, a unit in {} could retreat: the automatic victory needs {}-1",
                    names(&lost),
                    av.hex,
                    judged.needed
                ),
                rule: undone_rule(),
            });
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
        out.extend(roll_back(rules, pos, (mover, events), &av, battles));
        if !left.is_empty() {
            battles.push(normal_attack(av.hex, left));
        }
    }
    *avs = kept;
    out.extend(overruns_undone(rules, pos, (mover, events), &lost));
    out
}

/// 32.33: the air transported or airdropped units the interception eliminated (the
/// `Flown` units of `events` with an elimination of 32.32), in id order.
fn lost_in_the_air(events: &[Event]) -> Vec<UnitId> {
    let flown: BTreeSet<&UnitId> = events
        .iter()
        .filter_map(|e| match e {
            Event::Flown { unit, .. } => Some(unit),
            _ => None,
        })
        .collect();
    let interception = Rule::para(para!("32.32"));
    // 47.33: in '85, aboard a transport aircraft shot down.
    let shot_down = Rule::para(para!("47.33"));
    let lost: BTreeSet<UnitId> = events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { unit, rule, .. }
                if (*rule == interception || *rule == shot_down) && flown.contains(unit) =>
            {
                Some(unit.clone())
            }
            _ => None,
        })
        .collect();
    lost.into_iter().collect()
}

/// 21.1: whether the AV against `hex` was made at the odds of a unit that could not
/// retreat (5-1).
fn made_surrounded(events: &[Event], at: Hex) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::AutomaticVictory { hex, no_retreat: true, .. } if *hex == at))
}

/// 32.33 as 003 32.33 reads it: the effects of units lost to interception undone.
fn undone_rule() -> Rule {
    Rule::para(para!("32.33")).and(Ref::Reading("32.33".into()))
}

/// 003 32.33 with 30.9: the enemy's grounded aircraft eliminated during the movement
/// because units later lost to interception moved next to, into or through their base
/// come back to it, grounded, when no other unit of the mover's still on the board did
/// so (its move, or its ZOC on the base now). They were off the board when the
/// defender answered: they intercepted nothing (32.74's last sentence).
fn overruns_undone(
    rules: &Rules,
    pos: &mut Position,
    (mover, events): (Side, &[Event]),
    lost: &[UnitId],
) -> Vec<Event> {
    if lost.is_empty() {
        return Vec::new();
    }
    let mut by_lost: Vec<(&UnitId, Hex)> = Vec::new();
    let mut by_others = BTreeSet::new();
    for e in events {
        let (unit, hexes) = match e {
            Event::Moved { unit, path, .. } => (unit, path.clone()),
            Event::Flown { unit, to, .. } => (unit, vec![*to]),
            _ => continue,
        };
        if lost.contains(unit) {
            by_lost.extend(hexes.into_iter().map(|h| (unit, h)));
        } else if pos
            .get(unit)
            .is_some_and(|p| p.side == mover && !p.kind.is_air())
        {
            by_others.extend(hexes);
        }
    }
    let near = |hexes: &BTreeSet<Hex>, h: Hex| hexes.iter().any(|&p| p == h || p.is_adjacent(h));
    let overrun = Rule::para(para!("30.9"));
    let mut out = Vec::new();
    for e in events {
        let Event::Eliminated {
            unit, hex, rule, ..
        } = e
        else {
            continue;
        };
        let Some(counter) = rules.counters.get(unit) else {
            continue;
        };
        let mut caught_by: Vec<UnitId> = by_lost
            .iter()
            .filter(|(_, h)| *h == *hex || h.is_adjacent(*hex))
            .map(|(u, _)| (*u).clone())
            .collect();
        caught_by.sort();
        caught_by.dedup();
        let undone = *rule == overrun
            && counter.side == mover.other()
            && pos.get(unit).is_none()
            && !caught_by.is_empty()
            && !near(&by_others, *hex)
            && !pos.in_ground_zoc_of(mover, *hex);
        if !undone {
            continue;
        }
        pos.put_counter(counter, *hex);
        out.push(Event::Note {
            text: format!(
                "{unit} comes back to its base {hex}: the units that caught it on the ground (30.9), {}, were eliminated by interception, and their effects are undone",
                names(&caught_by)
            ),
            rule: undone_rule(),
        });
    }
    out
}

/// 003 32.74: the units that moved after the AV against `av.hex` into it or next to it
/// go back along their path to the last hex before they entered an enemy ZOC (further
/// back if that hex would be overstacked), and leave every battle (they may not attack).
fn roll_back(
    rules: &Rules,
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
    let mut back = Back {
        rules,
        mover,
        events,
        rolled: BTreeSet::new(),
        room: BTreeSet::new(),
        out: Vec::new(),
    };
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
        let Some(last) = entered.and_then(|i| i.checked_sub(1)) else {
            continue;
        };
        let why = format!(
            "its move depended on the automatic victory against {}, nullified",
            av.hex
        );
        let last_hex = "the last hex before it entered enemy ZOC";
        back.unit(pos, unit, (path, last, last_hex), &why);
    }
    for b in battles.iter_mut() {
        b.units.retain(|u| !back.rolled.contains(u));
    }
    battles.retain(|b| !b.units.is_empty());
    back.out
}

/// 003 32.74: the roll-back of the units of one nullified AV, with the units it has
/// moved (`rolled`: each once at most) and the events that report it.
struct Back<'a> {
    rules: &'a Rules,
    mover: Side,
    /// The player-turn's events so far: the moves made, in the order made.
    events: &'a [Event],
    rolled: BTreeSet<UnitId>,
    /// Those rolled back to make room for another.
    room: BTreeSet<UnitId>,
    out: Vec<Event>,
}

impl Back<'_> {
    /// 003 32.74: `unit` goes back along `path` to `path[last]`, or further back to the
    /// first hex before it where it does not overstack (11.1); at its starting hex it
    /// stays even overstacked, and the units that entered that hex during the movement
    /// are rolled back to make room, the last to enter first.
    /// `what` says what `path[last]` is, `why` why the unit goes back.
    fn unit(
        &mut self,
        pos: &mut Position,
        unit: &UnitId,
        (path, last, what): (&[Hex], usize, &str),
        why: &str,
    ) {
        let Some(now) = pos.hex_of(unit) else {
            return;
        };
        if !self.rolled.insert(unit.clone()) {
            return;
        }
        let Some(&first) = path.get(last) else {
            return;
        };
        let at = (0..=last)
            .rev()
            .find(|&i| path.get(i).is_some_and(|&h| self.fits(pos, unit, h)))
            .unwrap_or(0);
        let Some(&to) = path.get(at) else {
            return;
        };
        pos.move_to(unit, to);
        let text = if at == last {
            format!("{unit} goes back from {now} to {to}, {what}: {why}; it may not attack")
        } else {
            let limit = self.rules.ruleset.figures.stacking_units();
            let start = if at == 0 { ", its starting hex" } else { "" };
            format!(
                "{unit} goes back from {now} to {to}{start}, further than {first}, {what}, which would hold more than {limit} units: {why}; it may not attack"
            )
        };
        // 003 32.74 [RSW] once the roll-back goes past the ZOC's edge.
        let rule = Rule::para(para!("32.74"));
        let rule = if at == last && !self.making_room(unit) {
            rule
        } else {
            rule.and(Ref::Reading("32.74".into()))
        };
        self.out.push(Event::Note { text, rule });
        if at == 0 && !self.fits(pos, unit, to) {
            self.make_room(pos, unit, to);
        }
    }

    /// 003 32.74 [RSW]: "sufficient of those other units must also be rolled back to
    /// make space": the mover's units whose move this player-turn ended in `hex`, the
    /// last to enter first, each back to the hex before `hex` on its path (or further),
    /// until `hex` holds no more than the stacking limit.
    fn make_room(&mut self, pos: &mut Position, for_unit: &UnitId, hex: Hex) {
        let entered: Vec<(UnitId, Vec<Hex>)> = self
            .events
            .iter()
            .rev()
            .filter_map(|e| match e {
                Event::Moved { unit, path, .. } if path.last() == Some(&hex) => {
                    Some((unit.clone(), path.clone()))
                }
                _ => None,
            })
            .collect();
        for (other, path) in entered {
            if self
                .rules
                .ruleset
                .figures
                .stack_fits(pos.stack_halves_at(hex))
            {
                break;
            }
            let here = pos
                .get(&other)
                .is_some_and(|p| p.side == self.mover && p.hex == hex);
            if !here || self.rolled.contains(&other) || path.len() < 2 {
                continue;
            }
            let why = format!("rolled back to make room in {hex} for {for_unit}");
            let what = format!("the hex before {hex} on its path");
            self.room.insert(other.clone());
            self.unit(pos, &other, (&path, path.len() - 2, &what), &why);
        }
    }

    /// Whether `unit` goes back to make room for another (003 32.74 [RSW]).
    fn making_room(&self, unit: &UnitId) -> bool {
        self.room.contains(unit)
    }

    /// 11.1: whether `unit` may stand in `hex` without overstacking it.
    fn fits(&self, pos: &Position, unit: &UnitId, hex: Hex) -> bool {
        let Some(piece) = pos.get(unit) else {
            return false;
        };
        let own = Position::halves_of(piece);
        let there = pos.stack_halves_at(hex);
        let others = if piece.hex == hex {
            there.saturating_sub(own)
        } else {
            there
        };
        self.rules
            .ruleset
            .figures
            .stack_fits(others.saturating_add(own))
    }
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
