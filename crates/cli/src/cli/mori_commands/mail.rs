//! A Mori step's turn mails: made from the step's files (`resolve --mail`, `blitz mail`) and delivered.

use super::show::producing_step;
use crate::cli::kind::read_state;
use crate::cli::mail::{describe, transport_in};
use miette::miette;
use mori::folder::{self, Resolution};
use mori::game::StateFile;
use mori::hidden::PrivateState;
use mori::Side;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub(crate) fn date_of(text: Option<&str>) -> miette::Result<chrono::DateTime<chrono::Utc>> {
    match text {
        Some(d) => Ok(chrono::DateTime::parse_from_rfc3339(d)
            .map_err(|e| miette!("--date {d}: {e}"))?
            .with_timezone(&chrono::Utc)),
        None => Ok(chrono::Utc::now()),
    }
}

/// Files by name, in the order a mail attaches them.
pub(crate) type Named = Vec<(String, Vec<u8>)>;

/// The files that replay a step, taken from what its resolution writes (`written`).
pub fn replay_of(r: &Resolution, written: &[(PathBuf, Vec<u8>)]) -> Named {
    folder::replay_files(&folder::stem(&r.previous.state), |name| {
        written
            .iter()
            .find(|(p, _)| p.file_name().is_some_and(|n| n == name))
            .map(|(_, b)| b.clone())
    })
}

pub(crate) fn mails_of(
    sf: &StateFile,
    state_ron: &str,
    step: Option<&Resolution>,
    privates: &BTreeMap<Side, PrivateState>,
    date: chrono::DateTime<chrono::Utc>,
    replay: &[(String, Vec<u8>)],
) -> miette::Result<Vec<pbem::mail::TurnMail>> {
    let rs = folder::ruleset_of(&sf.state).map_err(|e| miette!("{e}"))?;
    let mails = mori::mail::turn_mails(
        &rs,
        &mori::mail::Input {
            file: sf,
            state_ron,
            step,
            privates,
            date,
            replay,
        },
    )
    .map_err(|e| miette!("{e}"))?;
    for m in &mails {
        m.to_message().map_err(|e| miette!("{e}"))?;
    }
    Ok(mails)
}

/// Delivers the mails, the outbox in the game folder by default, from `sender` when
/// given instead of the game's.
pub(crate) fn deliver(
    mails: &[pbem::mail::TurnMail],
    transport: &crate::cli::mail::TransportArgs,
    game_dir: &Path,
    sender: Option<&str>,
) -> Result<(), pbem::mail::MailError> {
    let (transport, outbox) = transport_in(transport, game_dir)?;
    for m in mails {
        let mut m = m.clone();
        if let Some(s) = sender {
            m.sender = s.to_string();
        }
        let m = &m;
        let d = pbem::mail::deliver(m, &transport, &outbox)?;
        note!("{}", describe(&d).trim_end());
    }
    Ok(())
}

/// `blitz mail --state` on a Mori state: one message to each player.
pub fn mori_mail(args: &crate::cli::mail::Args) -> miette::Result<ExitCode> {
    let Some(path) = &args.state else {
        return Err(miette!(
            "a Mori game's mail is made from its state: give --state FILE"
        ));
    };
    let (bytes, sf, rs) = read_state(path)?;
    let step = producing_step(path, &sf)?;
    let privates = args.private.load(&rs, &sf)?;
    let date = date_of(args.turn.date.as_deref())?;
    let text = String::from_utf8_lossy(&bytes);
    let (step, replay) = match step {
        Some((r, replay)) => (Some(r), replay),
        None => (None, Vec::new()),
    };
    let mails = mails_of(&sf, &text, step.as_ref(), &privates, date, &replay)?;
    deliver(
        &mails,
        &args.transport,
        &crate::cli::mail::folder_of(path),
        args.turn.sender.as_deref(),
    )
    .map_err(miette::Report::new)?;
    Ok(ExitCode::SUCCESS)
}
