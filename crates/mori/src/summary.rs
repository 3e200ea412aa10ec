//! The position at a glance, as `blitz show` prints it and the turn mail carries it:
//! whose turn, the war victory track, each player's token counts, and every theatre
//! with its battle marker, its campaigns and the tokens on their spaces. Public: no
//! reserve is in it (a player's own is added by his tool, `crate::player`).

use std::fmt::Write;

use crate::ruleset::{Ruleset, Side, Variant};
use crate::state::{State, Status};
use crate::WAR_VP;

/// The game's name for a ruleset.
pub fn game_name(rs: &Ruleset) -> &'static str {
    match rs.variant {
        Variant::Base => "BLITZKRIEG! (base game)",
        Variant::Nippon => "BLITZKRIEG! with the Nippon expansion",
    }
}

/// Whose turn it is, or how the war ended.
pub fn whose_turn(state: &State) -> String {
    match (&state.outcome, state.turn) {
        (Some(o), _) => format!(
            "the war is over: the {} player won ({})",
            o.winner, o.reason
        ),
        (None, 0) => "not set up yet: the set-up seed draws each player's opening reserve".into(),
        (None, n) => format!("turn {n}, the {} player to move", state.to_move),
    }
}

/// The war victory track as a line of text: `Axis 7, Allied 12 (25 wins)` and a
/// bar for each side.
pub fn war_track(rs: &Ruleset, state: &State) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "War victory track ({WAR_VP} points win the war, 002 §7.1):"
    );
    for side in rs.sides() {
        let vp = state.vp(side);
        let filled = usize::try_from(vp.min(WAR_VP)).unwrap_or(0);
        let empty = usize::try_from(WAR_VP).unwrap_or(0).saturating_sub(filled);
        let _ = writeln!(
            out,
            "  {:<9} {:>2} [{}{}]",
            side.to_string(),
            vp,
            "#".repeat(filled),
            ".".repeat(empty)
        );
    }
    out
}

fn sign_name(rs: &Ruleset, marker: i32) -> String {
    match marker.signum() {
        0 => "in the middle".to_string(),
        1 => format!("{} toward the {} player", marker, rs.first()),
        _ => format!("{} toward the {} player", -marker, rs.second()),
    }
}

/// The whole position.
pub fn render(rs: &Ruleset, state: &State) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, game {}: {}.",
        game_name(rs),
        state.game_id,
        whose_turn(state)
    );
    out.push_str(&war_track(rs, state));
    for side in rs.sides() {
        if let Some(p) = state.player(side) {
            let _ = writeln!(
                out,
                "The {side} player: {} tokens in his reserve, {} in his bag (which ones only he knows).",
                p.reserve, p.bag
            );
        }
    }
    let _ = writeln!(
        out,
        "Research pile: {} tokens (face down; each draw is named in the report).",
        state.research_pile.len()
    );
    for tdef in &rs.board.theatres {
        let Some(ts) = state.theatres.get(&tdef.id) else {
            continue;
        };
        let status = match ts.status {
            Status::Unopened => "not opened".to_string(),
            Status::Closed => "closed".to_string(),
            Status::Open => format!("open, marker {}", sign_name(rs, ts.marker)),
        };
        let _ = writeln!(out, "\n{} ({}): {status}", tdef.name, tdef.id);
        let active = ts.active();
        for (ci, (cs, cdef)) in ts.campaigns.iter().zip(&tdef.campaigns).enumerate() {
            let what = if cs.closed {
                "closed"
            } else if active == Some(ci) {
                "active"
            } else {
                "waiting"
            };
            let _ = writeln!(
                out,
                "  campaign {} \"{}\" ({} VP), {what}:",
                ci + 1,
                cdef.name,
                cdef.vp
            );
            for (si, (space, sdef)) in cs.spaces.iter().zip(&cdef.spaces).enumerate() {
                let effect = sdef
                    .effect
                    .map(|e| format!(" {}", e.name()))
                    .unwrap_or_default();
                let ty = format!("{:?}", sdef.ty).to_lowercase();
                let who = match space {
                    Some(o) => {
                        let copy = o
                            .acts_as
                            .as_ref()
                            .map(|a| format!(" as {a}"))
                            .unwrap_or_default();
                        format!("{} {}{copy}", side_word(o.side), o.token)
                    }
                    None => "free".to_string(),
                };
                let _ = writeln!(out, "    {} {ty}{effect}: {who}", si + 1);
            }
        }
    }
    out
}

fn side_word(side: Side) -> String {
    side.to_string()
}
