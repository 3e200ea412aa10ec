//! The order template sent to the player to move: the file to fill in,
//! with the tokens he may place and the free spaces they fit.

use std::fmt::Write;

use crate::hidden::PrivateState;
use crate::legal::{legal_targets, spy_copies};
use crate::ruleset::{Ruleset, Side};
use crate::state::State;

/// A template from the public state: it lists every token the side holds
/// off the board (reserve and bag together: only his own tool knows which
/// are in the reserve; see [`template_private`]).
pub fn template(rs: &Ruleset, state: &State, side: Side) -> String {
    let off: Vec<String> = state.off_board(side).into_iter().collect();
    render(
        rs,
        state,
        side,
        &off,
        None,
        "tokens you hold off the board (reserve or bag)",
    )
}

/// A template from the owner's private state: his reserve exactly, and his
/// commitment filled in.
pub fn template_private(rs: &Ruleset, state: &State, private: &PrivateState) -> String {
    let reserve: Vec<String> = private.reserve.iter().cloned().collect();
    let c = private.commitment(&State::label(state.turn)).ok();
    render(
        rs,
        state,
        private.side,
        &reserve,
        c,
        "tokens in your reserve",
    )
}

/// The `[seed]` to fill in: the seed the turn will be resolved with, named before it
/// exists (M108 without it).
fn seed_lines(out: &mut String) {
    let _ = writeln!(
        out,
        "#\n# Name the seed this turn will be resolved with, one that does not exist yet when\n\
         # you mail the commitment (docs/dice.md): remove the leading `# ` of [seed] and of\n\
         # ONE source's lines below, and fill them in.\n\
         # [seed]\n\
         # source = \"drand\"\n\
         # time = \"2030-01-01T18:00:00Z\"   # a UTC time after you mail (or: round = N)\n\
         # source = \"text\"\n\
         # description = \"what both players agreed on\"\n\
         # time = \"2030-01-02T20:45:00Z\"   # the UTC minute it is published, after you mail\n\
         # sha256 = \"...\"   # only if its SHA-256 was published sealed in advance"
    );
}

fn render(
    rs: &Ruleset,
    state: &State,
    side: Side,
    tokens: &[String],
    commitment: Option<String>,
    what: &str,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# BLITZKRIEG! orders: game {}, turn {}, the {side} player.",
        state.game_id, state.turn
    );
    let score: Vec<String> = state.vp.iter().map(|(s, v)| format!("{s} {v}")).collect();
    let _ = writeln!(out, "# War victory points: {}.", score.join(", "));
    if let Some(o) = &state.outcome {
        let _ = writeln!(out, "# The war is over: the {} player won.", o.winner);
        return out;
    }
    if side != state.to_move {
        let _ = writeln!(
            out,
            "# It is the {} player's turn, not yours.",
            state.to_move
        );
    }
    let _ = writeln!(out, "game = {:?}", state.game_id);
    let _ = writeln!(out, "turn = {}", state.turn);
    let _ = writeln!(out, "side = {:?}", side.name());
    match commitment {
        Some(c) => {
            let _ = writeln!(out, "commitment = {c:?}");
        }
        None => {
            let _ = writeln!(out, "# commitment = \"...\"  (your tool fills this in)");
        }
    }
    seed_lines(&mut out);
    let _ = writeln!(
        out,
        "#\n# {what}, and where each may go (theatre campaign/space):"
    );
    let mut any = false;
    for t in tokens {
        let Some(def) = rs.catalogue.get(t) else {
            continue;
        };
        let targets = legal_targets(rs, state, side, t);
        let value = if def.value > 0 {
            format!(" {}", def.value)
        } else {
            String::new()
        };
        let copy = if def.kind == crate::tokens::TokenKind::Spy {
            spy_copies(rs, state, side)
                .map(|c| format!(" (copies {c})"))
                .unwrap_or_default()
        } else {
            String::new()
        };
        let places: Vec<String> = targets
            .iter()
            .map(|g| format!("{} {}/{}", g.theatre, g.campaign, g.space))
            .collect();
        let where_ = if places.is_empty() {
            "nowhere".to_string()
        } else {
            places.join(", ")
        };
        any |= !places.is_empty();
        let _ = writeln!(out, "#   {t}: {}{value}{copy}: {where_}", def.kind.name());
    }
    let _ = writeln!(out, "#\n# Free spaces of the active campaigns:");
    for tdef in &rs.board.theatres {
        let Some(ts) = state.theatres.get(&tdef.id) else {
            continue;
        };
        let Some(ci) = ts.active() else {
            continue;
        };
        let (Some(cs), Some(cdef)) = (ts.campaigns.get(ci), tdef.campaigns.get(ci)) else {
            continue;
        };
        let free: Vec<String> = cs
            .spaces
            .iter()
            .zip(&cdef.spaces)
            .enumerate()
            .filter(|(_, (s, _))| s.is_none())
            .map(|(i, (_, d))| {
                let e = d
                    .effect
                    .map(|e| format!(" {}", e.name()))
                    .unwrap_or_default();
                format!("{} {:?}{e}", i + 1, d.ty).to_lowercase()
            })
            .collect();
        let _ = writeln!(
            out,
            "#   {} ({}) campaign {} \"{}\" marker {:+}: {}",
            tdef.id,
            tdef.name,
            ci + 1,
            cdef.name,
            ts.marker * rs.sign(side),
            free.join("; ")
        );
    }
    if any {
        let _ = writeln!(out, "\n[[place]]\ntoken = \"\"\ntheatre = \"\"\nspace = 1");
        let _ = writeln!(
            out,
            "# strategic = [\"theatre\"]   # where strategic advantages go"
        );
        let _ = writeln!(
            out,
            "# Add a second [[place]] after a blitz token, in the same theatre."
        );
    } else {
        let _ = writeln!(
            out,
            "\n# No token can be placed: concede (002 §7.2).\nconcede = true"
        );
    }
    out
}
