//! `blitz new` of a Mori game: the game's first state, each player's private file and its commitment.

use crate::cli::kind::{
    fresh_secret, player_of, report, ruleset_for, side_of, write_private, GameKind, GodzillaOption,
    PrivateArgs, UMPIRE,
};
use miette::miette;
use mori::folder::{self};
use mori::{player, Side};
use pbem::files;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// `blitz new --kind mori|nippon`: the game before any seed exists, its commitments,
/// and a secret kept here for every side that brought none. `None` for BLITZKRIEG.
pub fn mori_new(args: &crate::cli::new::Args) -> miette::Result<Option<ExitCode>> {
    let m = &args.mori;
    if m.kind == GameKind::Blitzkrieg {
        return Ok(None);
    }
    let rs = match (m.godzilla, m.kind) {
        (None, _) => ruleset_for(m.kind)?,
        (Some(g), GameKind::Nippon) => ruleset_for(m.kind)?.with_godzilla(match g {
            GodzillaOption::Japanese => mori::Godzilla::Japanese,
            GodzillaOption::Drawn => mori::Godzilla::Drawn,
        }),
        (Some(_), _) => {
            return Err(miette!(
                "--godzilla is an option of the Nippon expansion (--kind nippon): the base game has no Godzilla"
            ))
        }
    };
    let game = &args.game;
    let flags: [(Side, &Option<String>, &str); 4] = [
        (Side::Axis, &m.axis, "--axis"),
        (Side::Allied, &m.allied, "--allied"),
        (Side::Japan, &m.japan, "--japan"),
        (Side::Germany, &m.germany, "--germany"),
    ];
    let mut players = BTreeMap::new();
    for (side, text, flag) in flags {
        if rs.sides().contains(&side) {
            players.insert(side, player_of(text, side, flag)?);
        } else if text.is_some() {
            let sides: Vec<String> = rs
                .sides()
                .iter()
                .map(|s| format!("--{}", s.name()))
                .collect();
            return Err(miette!(
                "{flag} names no player of this game: it is played by {}",
                sides.join(" and ")
            ));
        }
    }
    let mut commitments = BTreeMap::new();
    for c in &m.commitments {
        let (side, hex) = c.split_once('=').ok_or_else(|| {
            miette!("--commitment {c}: write SIDE=HEX, as `blitz secret` prints it")
        })?;
        let side = side_of(&rs, side.trim())?;
        let hex = hex.trim().to_ascii_lowercase();
        if mori::draw::parse_secret(&hex).is_none() {
            return Err(miette!("--commitment {c}: a commitment is 64 hex digits"));
        }
        commitments.insert(side, hex);
    }
    let private_dir = PrivateArgs {
        private: m.private.clone(),
        side: None,
    }
    .dir()
    .ok_or_else(|| miette!("give --private DIR: where your secret is kept"))?;
    let mut privates = Vec::new();
    for side in rs.sides() {
        if commitments.contains_key(&side) {
            continue;
        }
        let (private, commitment) = player::new_private(&rs, game, side, &fresh_secret()?);
        commitments.insert(side, commitment);
        privates.push(private);
    }
    let sender = args
        .sender
        .clone()
        .unwrap_or_else(|| format!("umpire@{game}.invalid"));
    let sf = folder::new_game(&rs, game, &commitments, players, &sender, UMPIRE).map_err(report)?;
    let path = args
        .out
        .join(mori::game::FILES.state(&folder::stem(&sf.state)));
    if path.exists() && !args.force {
        return Err(files::FileError::Exists(path).into());
    }
    let text = folder::seal(&sf).map_err(report)?;
    let mut kept = Vec::new();
    for p in &privates {
        kept.push(write_private(&private_dir, p)?);
    }
    files::write_all(&[(path.clone(), text.into_bytes())], args.force)?;
    note!("wrote {}", path.display());
    for (p, private) in kept.iter().zip(&privates) {
        note!(
            "wrote {} (the {} player's secret: keep it, never mail it)",
            p.display(),
            private.side
        );
    }
    note!(
        "{} game {game}: the commitments to both secrets are in the state; no seed exists yet.",
        mori::summary::game_name(&rs)
    );
    note!(
        "Mail it (`blitz mail {}`), then resolve the set-up with a seed published after \
         that mail: `blitz resolve {} --beacon FILE` (or --seed-text TEXT).",
        path.display(),
        path.display()
    );
    Ok(Some(ExitCode::SUCCESS))
}
