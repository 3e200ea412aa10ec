//! 35.31's push of beach defenders: "In a zone of friendly superiority, invading units
//! ... if still on sea hexes after combat may automatically push adjacent defenders on
//! beach hexes back one hex and occupy the vacated beach hex", never an unreduced minor
//! country city (003 35.31). Going ashore after combat (20.35,
//! `combat::go_ashore`) asks [`pushable`] of a beach hex and [`push`] carries it out.
//!
//! Readings where the rules are silent:
//! - Only invaders that took their assault hex in a zone of their side's naval
//!   superiority push (the zone the invasion was judged by, as for their doubling).
//! - A unit still on its assault hex after combat pushes only where it cannot go ashore
//!   otherwise, or where its order's `ashore` names the defended beach hex before any
//!   vacant one: going ashore onto a vacant hex needs no push.
//! - "back one hex": each defender retreats one hex as a retreat goes (BGAT AB2: never
//!   into enemy ZOC, the invaders' on assault hexes included, nor sea, nor over the
//!   stacking limit), to the first such hex in hex order, unit by unit in id order. The
//!   push is a movement, not a combat result: where any defender has no such hex, there
//!   is no push (it is not eliminated), and the invader lands elsewhere or not at all.
//! - 003 35.31's "unreduced minor country city" is any such city hex barred to the
//!   invader's side (29.4), whoever attacked it: the invader neither pushes from nor
//!   occupies it.

use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::units::{Side, UnitId};

/// 35.31: the hex each defender on `hex` would be pushed back to by an invader of
/// `side`, in id order; `None` when `hex` holds no enemy unit or one of them has no hex
/// to go back to.
fn pushed_to(rules: &Rules, pos: &Position, side: Side, hex: Hex) -> Option<Vec<(Piece, Hex)>> {
    let mut defenders: Vec<Piece> = pos
        .at(hex)
        .filter(|p| p.side == side.other())
        .cloned()
        .collect();
    if defenders.is_empty() {
        return None;
    }
    defenders.sort_by(|a, b| a.id.cmp(&b.id));
    let mut after = pos.clone();
    let mut moves = Vec::new();
    for d in defenders {
        let end = crate::combat::retreat_ends_of(rules, &after, &d, 1)
            .into_iter()
            .next()?
            .end;
        after.move_to(&d.id, end);
        moves.push((d, end));
    }
    Some(moves)
}

/// 35.31 with 003 35.31: whether an invader of `side` still on an assault hex in a zone
/// of its naval superiority may push the defenders of the beach hex `hex` back and
/// occupy it: enemy units there that can all go back one hex, and no unreduced minor
/// country city closed to `side`.
pub fn pushable(rules: &Rules, pos: &Position, side: Side, hex: Hex) -> bool {
    !pos.is_barred(side, hex) && pushed_to(rules, pos, side, hex).is_some()
}

/// 35.31: `invader` pushes the defenders of `hex` back one hex each and goes ashore
/// there; the events that report it. Nothing happens when [`pushable`] is false.
pub fn push(rules: &Rules, pos: &mut Position, invader: &UnitId, hex: Hex) -> Vec<Event> {
    let Some(piece) = pos.get(invader).cloned() else {
        return Vec::new();
    };
    if !pushable(rules, pos, piece.side, hex) {
        return Vec::new();
    }
    let Some(moves) = pushed_to(rules, pos, piece.side, hex) else {
        return Vec::new();
    };
    let zone = rules
        .board
        .sea_zone(piece.hex)
        .map(|z| format!(" of zone {z}"))
        .unwrap_or_default();
    let mut events = Vec::new();
    for (d, end) in moves {
        pos.move_to(&d.id, end);
        events.push(Event::Retreated {
            unit: d.id,
            path: vec![hex, end],
            rule: Rule::para(para!("35.31")).note(format!(
                "pushed back by {invader}, an invader in a zone of {} naval superiority",
                piece.side
            )),
        });
    }
    pos.move_to(invader, hex);
    events.push(Event::WentAshore {
        unit: invader.clone(),
        from: piece.hex,
        hex,
        rule: Rule::para(para!("35.31")).note(format!(
            "from a full sea hex{zone}, pushing the defenders back"
        )),
    });
    events
}
