//! `blitz demo DIR --sample mori|nippon`: a whole game of Mori's BLITZKRIEG! between
//! two scripted players, played through the same steps as a game by mail and written
//! as a game folder with the same names: the first state (both commitments, no seed),
//! the set-up seed, then each turn's orders (naming their seed), commitment, seed,
//! report, state and template; each player's mails in `outbox/` (his own reserve in
//! his only); and at the end both secrets revealed, so `blitz verify DIR` replays
//! every hidden draw.
//! The scripted players' private files are kept in `DIR/private/` (a real player's
//! never leaves his machine).

use miette::miette;
use mori::demo::{fixed_secret, fixed_seed_text, scripted_orders};
use mori::folder::{self, SeedFile};
use mori::game::Player;
use mori::hidden::PrivateState;
use mori::{player, Ruleset, Side, Variant};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const UMPIRE: &str = concat!("blitz ", env!("CARGO_PKG_VERSION"));

/// The Date of the mails of the `n`-th step: fixed, so the outbox is the same on
/// every run.
fn mail_date(n: usize) -> chrono::DateTime<chrono::Utc> {
    let base = chrono::DateTime::from_timestamp(1_767_268_800, 0).unwrap_or_default();
    base + chrono::Duration::hours(i64::try_from(n).unwrap_or(0) * 12)
}

fn outbox_files(
    dir: &Path,
    mails: &[pbem::mail::TurnMail],
) -> miette::Result<Vec<(PathBuf, Vec<u8>)>> {
    mails
        .iter()
        .map(|m| {
            let bytes = m.to_message().map_err(|e| miette!("{e}"))?.formatted();
            Ok((dir.join("outbox").join(m.outbox_file_name()), bytes))
        })
        .collect()
}

/// Each player's mail of the `n`-th step's state.
fn mails(
    rs: &Ruleset,
    file: &mori::game::StateFile,
    state_ron: &str,
    step: Option<&folder::Resolution>,
    privates: &BTreeMap<Side, PrivateState>,
    n: usize,
    replay: &[(String, Vec<u8>)],
) -> miette::Result<Vec<pbem::mail::TurnMail>> {
    let input = mori::mail::Input {
        file,
        state_ron,
        step,
        privates,
        date: mail_date(n),
        replay,
    };
    mori::mail::turn_mails(rs, &input).map_err(|e| miette!("{e}"))
}

pub fn run(dir: &Path, variant: Variant, force: bool) -> miette::Result<ExitCode> {
    let rs = mori::demo::ruleset(variant).map_err(|e| miette!("{e}"))?;
    let game = match variant {
        Variant::Base => "demo-base",
        Variant::Nippon => "demo-nippon",
    };
    let mut privates: BTreeMap<Side, PrivateState> = BTreeMap::new();
    let mut commitments = BTreeMap::new();
    let mut players = BTreeMap::new();
    for side in rs.sides() {
        let (private, commitment) =
            player::new_private(&rs, game, side, &fixed_secret(side.name()));
        commitments.insert(side, commitment);
        privates.insert(side, private);
        players.insert(
            side,
            Player {
                name: format!("{side} player"),
                email: format!("{}@{game}.invalid", side.name()),
            },
        );
    }
    let first = folder::new_game(
        &rs,
        game,
        &commitments,
        players,
        &format!("umpire@{game}.invalid"),
        UMPIRE,
    )
    .map_err(|e| miette!("{e}"))?;
    let first_ron = folder::seal(&first).map_err(|e| miette!("{e}"))?;
    let mut files: Vec<(PathBuf, Vec<u8>)> = vec![(
        dir.join(mori::game::FILES.state(&folder::stem(&first.state))),
        first_ron.clone().into_bytes(),
    )];
    for p in privates.values() {
        files.push((
            dir.join("private").join(player::file_name(game, p.side)),
            player::to_text(p).map_err(|e| miette!("{e}"))?.into_bytes(),
        ));
    }
    files.extend(outbox_files(
        dir,
        &mails(&rs, &first, &first_ron, None, &privates, 0, &[])?,
    )?);
    let (mut current, mut current_ron) = (first, first_ron);
    let mut last_report = String::new();
    let mut steps = 0;
    while current.state.outcome.is_none() {
        let label = mori::game::label(&current.state);
        let seed = SeedFile::Text(fixed_seed_text(game, &label));
        let orders = if current.state.turn == 0 {
            None
        } else {
            let mine = privates
                .get(&current.state.to_move)
                .ok_or_else(|| miette!("no player for {}", current.state.to_move))?;
            let view = player::view(&current.state, mine).map_err(|e| miette!("{e}"))?;
            Some(scripted_orders(&rs, &current.state, &view.private))
        };
        let name = mori::game::FILES.orders(&folder::stem(&current.state));
        let commitment = orders
            .as_deref()
            .map(|o| pbem::commit::orders_commitment_v2(current_ron.as_bytes(), o).to_string());
        let r = folder::resolve(
            current_ron.as_bytes(),
            "state",
            orders.as_deref().map(|o| (name.as_str(), o)),
            &seed,
            commitment.as_deref(),
            UMPIRE,
        )
        .map_err(|e| miette!("step {label}: {e}"))?;
        let written =
            folder::resolution_files(dir, &r, orders.as_deref(), &seed, commitment.as_deref());
        let replay = crate::cli::mori_commands::mail::replay_of(&r, &written);
        files.extend(written);
        steps += 1;
        files.extend(outbox_files(
            dir,
            &mails(
                &rs,
                &r.next,
                &r.next_ron,
                Some(&r),
                &privates,
                steps,
                &replay,
            )?,
        )?);
        last_report = r.report.clone();
        current_ron = r.next_ron.clone();
        current = r.next;
    }
    for p in privates.values() {
        files.push((
            dir.join(folder::secret_file(p.side)),
            format!("{}\n", p.secret).into_bytes(),
        ));
    }
    let in_memory: BTreeMap<String, Vec<u8>> = files
        .iter()
        .filter(|(p, _)| p.parent() == Some(dir))
        .filter_map(|(p, b)| Some((p.file_name()?.to_string_lossy().into_owned(), b.clone())))
        .collect();
    let verified = folder::verify(&in_memory, UMPIRE).map_err(|e| miette!("{e}"))?;
    pbem::files::write_all(&files, force)?;
    out!("{last_report}");
    outln!();
    outln!(
        "A whole game of {} ({} steps: the set-up and {} turns) is in {}/:",
        mori::summary::game_name(&rs),
        verified.steps.len(),
        verified.steps.len().saturating_sub(1),
        dir.display()
    );
    outln!("states, orders, commitments, seeds and reports, each player's mails in outbox/,");
    outln!(
        "and both players' secrets, revealed at the end ({}).",
        rs.sides().map(folder::secret_file).join(", ")
    );
    let replayed: usize = verified.hidden.map_or(0, |h| h.entries.values().sum());
    outln!("{replayed} hidden draws, discards, plays and commitments were replayed from them and verified;");
    outln!("`blitz verify {}` does it again.", dir.display());
    Ok(ExitCode::SUCCESS)
}
