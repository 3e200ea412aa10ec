//! `blitz check` and `blitz commit` of a Mori order file: the public checks, then those only the mover's private file allows.

use crate::cli::common;
use crate::cli::kind::{read_state, report, text_only, PrivateArgs};
use miette::miette;
use mori::folder::{self, FolderError};
use mori::{player, Side};
use std::path::Path;
use std::process::ExitCode;

/// An order file as checked: the state's bytes and the orders (a commitment binds
/// both), and the verdict: the rendered problems, or the side whose private file
/// confirmed the reserve and the commitment (`None`: no private file at hand).
pub(crate) struct Checked {
    pub(crate) state_bytes: Vec<u8>,
    pub(crate) orders: String,
    pub(crate) verdict: Result<Option<Side>, String>,
}

/// The checks of an order file: the public ones, then, with the mover's private file
/// at hand, the ones only he can make.
pub(crate) fn checked(
    state_path: &Path,
    orders_path: &Path,
    private: &PrivateArgs,
) -> miette::Result<Checked> {
    let (state_bytes, sf, rs) = read_state(state_path)?;
    let text = common::read_orders(orders_path)?;
    let done = |verdict| Checked {
        state_bytes: state_bytes.clone(),
        orders: text.toml.clone(),
        verdict,
    };
    let rendered = |errors: &[mori::orders::OrderError]| {
        crate::cli::mori_problems::render(&rs, &text.name, &text.toml, errors, common::color())
    };
    let parsed = match folder::check(&rs, &sf.state, &text.name, &text.toml) {
        Ok(o) => o,
        Err(FolderError::Orders { errors, .. }) => return Ok(done(Err(rendered(&errors)))),
        Err(e) => return Err(report(e)),
    };
    let privates = private.load(&rs, &sf)?;
    let Some(mine) = privates.get(&sf.state.to_move) else {
        return Ok(done(Ok(None)));
    };
    let view = player::view(&sf.state, mine).map_err(|e| miette!("{e}"))?;
    Ok(done(match player::check(&sf.state, &view, &parsed) {
        Ok(()) => Ok(Some(sf.state.to_move)),
        Err(errors) => Err(rendered(&errors)),
    }))
}

/// `blitz check` on a Mori state.
pub fn mori_check(
    state: &Path,
    orders: &Path,
    private: &PrivateArgs,
    json: bool,
) -> miette::Result<ExitCode> {
    text_only(json, "check")?;
    Ok(match checked(state, orders, private)?.verdict {
        Err(rendered) => {
            err!("{rendered}");
            ExitCode::from(1)
        }
        Ok(Some(side)) => {
            outln!(
                "{}: every order is legal, every token placed is in the {side} player's reserve and the commitment is his",
                orders.display()
            );
            ExitCode::SUCCESS
        }
        Ok(None) => {
            outln!(
                "{}: every order is legal (the reserve and the commitment are checked where the mover's private file is)",
                orders.display()
            );
            ExitCode::SUCCESS
        }
    })
}

/// `blitz commit` on a Mori state: the same commitment as BLITZKRIEG's, to orders
/// every check accepts, and as BLITZKRIEG's refused when the seed the orders name may
/// be known as of `now` (Unix seconds).
pub fn mori_commit(
    state: &Path,
    orders: &Path,
    private: &PrivateArgs,
    now: i64,
) -> miette::Result<ExitCode> {
    let c = checked(state, orders, private)?;
    Ok(match c.verdict {
        Err(rendered) => {
            err!("{rendered}");
            errln!("no commitment was made: commit to orders that `blitz check` accepts");
            ExitCode::from(1)
        }
        Ok(_) => match folder::named_seed(&c.orders).map_err(report)? {
            Some(seed) if seed.known_from <= now => {
                crate::cli::commit::refuse_published(
                    orders,
                    &seed,
                    "the seed that decides the turn's draws must come after the orders are committed",
                );
                ExitCode::from(1)
            }
            _ => {
                outln!(
                    "{}",
                    pbem::commit::orders_commitment(&c.state_bytes, &c.orders)
                );
                note!("mail this line before the turn's seed is published; the orders after it");
                ExitCode::SUCCESS
            }
        },
    })
}
