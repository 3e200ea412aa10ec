//! The MOVEMENT lines of a report: a stack that moved together (11.2) is one line, its
//! units, its path and what it cost. Told from the `Moved` events alone: consecutive
//! events of the same path whose stack notes name each other
//! ([`crate::movement::stack_note`]) are one stack; anything else is a line of its own.

use crate::event::Event;
use crate::movement::stack_note;
use crate::units::UnitId;
use std::collections::BTreeMap;

/// One unit's `Moved` event, the parts the report shows.
pub(super) struct Move<'a> {
    pub unit: &'a UnitId,
    pub path: &'a [crate::hex::Hex],
    pub cost_thirds: u32,
    pub allowance_thirds: u32,
    pub found: bool,
    pub notes: &'a [String],
}

fn as_move(e: &Event) -> Option<Move<'_>> {
    match e {
        Event::Moved {
            unit,
            path,
            cost_thirds,
            allowance_thirds,
            found,
            notes,
        } => Some(Move {
            unit,
            path,
            cost_thirds: *cost_thirds,
            allowance_thirds: *allowance_thirds,
            found: *found,
            notes,
        }),
        // Any other event: this reads the moves only; the report tells the others.
        _ => None,
    }
}

/// The stack that starts `events`: the `Moved` events of the units that moved with
/// the first one, in order (one event when it moved alone; none when the first event
/// is no move).
pub(super) fn stack_at(events: &[Event]) -> Vec<Move<'_>> {
    let Some(first) = events.first().and_then(as_move) else {
        return Vec::new();
    };
    let run: Vec<Move<'_>> = events
        .iter()
        .map_while(as_move)
        .take_while(|m| m.path == first.path && m.found == first.found)
        .collect();
    for size in (2..=run.len()).rev() {
        if is_stack(&run[..size]) {
            return run.into_iter().take(size).collect();
        }
    }
    vec![first]
}

/// Whether every move of `group` carries the stack note naming the others.
fn is_stack(group: &[Move<'_>]) -> bool {
    group.iter().enumerate().all(|(i, m)| {
        let others: Vec<String> = group
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, o)| o.unit.to_string())
            .collect();
        m.notes.contains(&stack_note(&others))
    })
}

/// The lines of one stack (or one unit): the units, the path, what it cost each, and
/// the notes; a note every unit has is told once, one only some have is told with
/// their names.
pub(super) fn lines(stack: &[Move<'_>], thirds: fn(u32) -> String) -> Vec<String> {
    let Some(first) = stack.first() else {
        return Vec::new();
    };
    let path = first
        .path
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("-");
    let how = if first.found {
        ", path found by umpire"
    } else {
        ""
    };
    let mut costs: BTreeMap<(u32, u32), Vec<&UnitId>> = BTreeMap::new();
    for m in stack {
        costs
            .entry((m.cost_thirds, m.allowance_thirds))
            .or_default()
            .push(m.unit);
    }
    let cost = if costs.len() == 1 {
        let (c, a) = costs.keys().next().copied().unwrap_or_default();
        format!("{} of {} MF{how}", thirds(c), thirds(a))
    } else {
        let parts: Vec<String> = costs
            .iter()
            .map(|((c, a), units)| {
                let names: Vec<String> = units.iter().map(ToString::to_string).collect();
                format!("{} of {} MF {}", thirds(*c), thirds(*a), names.join(", "))
            })
            .collect();
        format!("{}{how}", parts.join("; "))
    };
    let mut out = Vec::new();
    if stack.len() == 1 {
        out.push(format!("  {:<9} {path} ({cost})", first.unit));
        out.extend(first.notes.iter().map(|n| format!("            {n}")));
        return out;
    }
    let names: Vec<String> = stack.iter().map(|m| m.unit.to_string()).collect();
    out.push(format!(
        "  {}  {path} ({cost}; a stack, 11.2)",
        names.join(", ")
    ));
    // Each unit's own stack note (naming the others), worked out once per unit rather
    // than once per note compared with it.
    let owns: Vec<String> = stack
        .iter()
        .map(|m| {
            let others: Vec<String> = names
                .iter()
                .filter(|n| n.as_str() != m.unit.as_str())
                .cloned()
                .collect();
            stack_note(&others)
        })
        .collect();
    let mut shown: Vec<&String> = Vec::new();
    for n in first.notes {
        if owns.first() != Some(n) && stack.iter().all(|m| m.notes.contains(n)) {
            out.push(format!("            {n}"));
            shown.push(n);
        }
    }
    for (m, mine) in stack.iter().zip(&owns) {
        for n in m.notes {
            if n != mine && !shown.contains(&n) {
                out.push(format!("            {}: {n}", m.unit));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stack's line names its units once; its stack notes are not told, a note every
    /// unit has is told once, and one only some have is told with their names.
    #[test]
    fn a_stacks_notes_are_told_once_or_with_the_units_names() {
        let ids = ["B-1IN", "B-2AR", "B-3IN"].map(|i| UnitId::new(i).unwrap());
        let path: Vec<crate::hex::Hex> = ["K10", "K11"].map(|h| h.parse().unwrap()).to_vec();
        let notes: Vec<Vec<String>> = (0..3)
            .map(|i| {
                let others: Vec<String> = ids
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, u)| u.to_string())
                    .collect();
                let mut n = vec![stack_note(&others), "moves through enemy ZOC (8.3)".into()];
                if i == 1 {
                    n.push("armor".into());
                }
                n
            })
            .collect();
        let stack: Vec<Move<'_>> = ids
            .iter()
            .zip(&notes)
            .map(|(unit, notes)| Move {
                unit,
                path: &path,
                cost_thirds: 6,
                allowance_thirds: 12,
                found: false,
                notes,
            })
            .collect();
        let out = lines(&stack, |t| (t / 3).to_string());
        assert_eq!(
            out,
            [
                "  B-1IN, B-2AR, B-3IN  K10-K11 (2 of 4 MF; a stack, 11.2)",
                "            moves through enemy ZOC (8.3)",
                "            B-2AR: armor",
            ]
        );
    }
}
