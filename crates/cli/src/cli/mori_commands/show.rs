//! `blitz report` and `blitz show` of a Mori state: the step that produced it, replayed from its folder.

use super::mail::Named;
use crate::cli::kind::{folder_files, parent, read_state, report, text_only, PrivateArgs, UMPIRE};
use miette::miette;
use mori::folder::{self, Resolution};
use mori::game::StateFile;
use mori::player;
use pbem::files;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// The step that produced a state, replayed from the folder it is in, and the files
/// that replay it.
pub(crate) fn producing_step(
    path: &Path,
    sf: &StateFile,
) -> miette::Result<Option<(Resolution, Named)>> {
    let dir = parent(path);
    let all = folder_files(&dir)?;
    let name = path.display().to_string();
    let Some(r) = step_before(&all, &name, sf, &dir.display().to_string())? else {
        return Ok(None);
    };
    let replay = folder::replay_files(&folder::stem(&r.previous.state), |n| all.get(n).cloned());
    Ok(Some((r, replay)))
}

/// The step that produced state `sf` (named `name`), replayed from the files of its
/// game folder (`where_` names the folder).
pub(crate) fn step_before(
    all: &BTreeMap<String, Vec<u8>>,
    name: &str,
    sf: &StateFile,
    where_: &str,
) -> miette::Result<Option<Resolution>> {
    let Some(previous) = &sf.chain.previous_state else {
        return Ok(None);
    };
    let prev_name = all
        .iter()
        .filter(|(n, _)| n.ends_with(mori::game::FILES.state))
        .find(|(_, b)| &pbem::envelope::sha256_hex(b) == previous)
        .map(|(n, _)| n.clone())
        .ok_or_else(|| {
            miette!(
                "the state before {name} (SHA-256 {previous}) is not in {where_}: the report is replayed from it, its orders and its seed"
            )
        })?;
    let r = folder::replay_step(all, &prev_name, UMPIRE)
        .map_err(report)?
        .ok_or_else(|| miette!("{prev_name}'s orders or seed are not in {where_}"))?;
    if r.next.state != sf.state {
        return Err(miette!(
            "{name} does not follow from {prev_name} and the files beside it: `blitz verify {where_}` says where"
        ));
    }
    Ok(Some(r))
}

/// `blitz report` on a Mori state: the report of the step that produced it, replayed
/// from the state before it, its orders and its seed.
pub fn mori_report(state: &Path, json: bool) -> miette::Result<ExitCode> {
    text_only(json, "report")?;
    let (_, sf, _) = read_state(state)?;
    match producing_step(state, &sf)? {
        None => outln!(
            "{} is a new game: no step has been resolved yet",
            state.display()
        ),
        Some((r, _)) => out!("{}", r.report),
    }
    Ok(ExitCode::SUCCESS)
}

/// `blitz show` on a Mori state: the position, and for each private file at hand the
/// player's reserve, what he learned, and his order template when he moves; with
/// `out`, that template goes to the file instead (refused when no private file at
/// hand makes one).
pub fn mori_show(
    state: &Path,
    private: &PrivateArgs,
    json: bool,
    out: Option<&Path>,
) -> miette::Result<ExitCode> {
    text_only(json, "summary")?;
    let (_, sf, rs) = read_state(state)?;
    let mut templates = Vec::new();
    let mut text = mori::summary::render(&rs, &sf.state);
    for private in private.load(&rs, &sf)?.values() {
        let view = player::view(&sf.state, private).map_err(|e| miette!("{e}"))?;
        text.push('\n');
        text.push_str(&player::private_text(&rs, &view));
        if let Some(t) = player::template(&rs, &sf.state, &view) {
            if out.is_none() {
                text.push_str(&format!(
                    "\nYour orders (fill in, `blitz check`, `blitz commit`, then mail):\n\n{t}"
                ));
            }
            templates.push(t);
        }
    }
    if let Some(path) = out {
        let Some(t) = templates.pop() else {
            return Err(miette!(
                help = "give your private folder (--private DIR) on the turn you move",
                "no order template to write: none of the private files at hand is of the {} player, who moves next",
                sf.state.to_move
            ));
        };
        files::write_all(&[(path.to_path_buf(), t.into_bytes())], false)?;
        out!("{text}");
        note!("wrote {}: your orders, to fill in", path.display());
    } else {
        out!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}
