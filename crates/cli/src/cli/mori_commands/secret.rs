//! `blitz secret` of a Mori game: a player's private file made on his own machine, and its reveal at the end.

use crate::cli::kind::{
    fresh_secret, parent, read_state, ruleset_for, side_of, write_private, GameKind,
};
use miette::miette;
use mori::folder::{self};
use mori::player;
use pbem::files;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `blitz secret`: a player's secret for a game he did not create, or his secret
/// revealed at the end of the war.
pub fn secret(args: &crate::cli::secret::Args) -> miette::Result<ExitCode> {
    if let Some(state) = &args.reveal {
        return reveal(state, args);
    }
    let kind = args.kind;
    let game = args
        .game
        .as_deref()
        .ok_or_else(|| miette!("--game is required: the id of the game the secret is for"))?;
    let side = args
        .private
        .side
        .as_deref()
        .ok_or_else(|| miette!("--as is required: the side you play"))?;
    let rs = ruleset_for(if kind == GameKind::Blitzkrieg {
        GameKind::Mori
    } else {
        kind
    })?;
    let side = side_of(&rs, side)?;
    let dir = args
        .private
        .dir()
        .ok_or_else(|| miette!("give --private DIR: where your secret is kept"))?;
    let (private, commitment) = player::new_private(&rs, game, side, &fresh_secret()?);
    let path = write_private(&dir, &private)?;
    note!(
        "wrote {} (your secret: keep it, never mail it); mail this line to whoever runs `blitz new --commitment`:",
        path.display()
    );
    outln!("{}={commitment}", side.name());
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn reveal(
    state_path: &Path,
    args: &crate::cli::secret::Args,
) -> miette::Result<ExitCode> {
    let (_, sf, rs) = read_state(state_path)?;
    if sf.state.outcome.is_none() {
        return Err(miette!(
            help = "the secrets are revealed when the war is over; `blitz verify` then replays every hidden draw",
            "{}: the war is not over",
            state_path.display()
        ));
    }
    let privates = args.private.load(&rs, &sf)?;
    if privates.is_empty() {
        return Err(miette!(
            "no private file of game {} in your private folder",
            sf.state.game_id
        ));
    }
    let dir = args.out.clone().unwrap_or_else(|| parent(state_path));
    let out: Vec<(PathBuf, Vec<u8>)> = privates
        .iter()
        .map(|(side, p)| {
            (
                dir.join(folder::secret_file(*side)),
                format!("{}\n", p.secret).into_bytes(),
            )
        })
        .collect();
    files::write_all(&out, false)?;
    for (p, _) in &out {
        note!("wrote {} (mail it to your opponent)", p.display());
    }
    Ok(ExitCode::SUCCESS)
}
