//! Where a token may be placed now (002 §2.1, §2.2, §3.1, §4.6, §4.7,
//! §8.1-8.3).  Used by the order template and by scripted players.

use crate::ruleset::{Ruleset, Side};
use crate::state::{State, Status};
use crate::tokens::{Mobility, TokenKind};

/// A battle space, numbered from 1 as in order files.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Target {
    pub theatre: String,
    pub campaign: usize,
    pub space: usize,
}

/// The token a spy would copy now, if any.
pub fn spy_copies(rs: &Ruleset, state: &State, side: Side) -> Option<String> {
    let t = state.last_placed.get(&rs.opponent(side))?;
    let d = rs.catalogue.get(t)?;
    (d.kind != TokenKind::Spy).then(|| t.clone())
}

/// Every free battle space where `side` may place `token` now, in board
/// order.  Empty when the token cannot be placed.
pub fn legal_targets(rs: &Ruleset, state: &State, side: Side, token: &str) -> Vec<Target> {
    let mut out = Vec::new();
    let Some(def) = rs.catalogue.get(token) else {
        return out;
    };
    let kind = if def.kind == TokenKind::Spy {
        match spy_copies(rs, state, side).and_then(|t| rs.catalogue.get(&t)) {
            Some(d) => d.kind,
            None => return out,
        }
    } else {
        def.kind
    };
    let mobility = kind.mobility();
    for tdef in &rs.board.theatres {
        let Some(ts) = state.theatres.get(&tdef.id) else {
            continue;
        };
        if ts.status != Status::Open {
            continue;
        }
        let active = ts.active();
        for (ci, (cs, cdef)) in ts.campaigns.iter().zip(&tdef.campaigns).enumerate() {
            let ok = if mobility == Mobility::Anywhere {
                !cs.closed
            } else {
                Some(ci) == active
            };
            if !ok {
                continue;
            }
            for (si, (slot, sdef)) in cs.spaces.iter().zip(&cdef.spaces).enumerate() {
                if slot.is_none() && mobility.fits(sdef.ty) {
                    out.push(Target {
                        theatre: tdef.id.clone(),
                        campaign: ci + 1,
                        space: si + 1,
                    });
                }
            }
        }
    }
    out
}
