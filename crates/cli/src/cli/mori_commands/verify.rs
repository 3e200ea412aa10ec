//! `blitz verify` of a Mori game folder or of its mails: every step replayed and compared.

use super::show::step_before;
use crate::cli::kept_mail::{Expected, Rebuilt, TurnSeed};
use crate::cli::kind::{folder_files, text_only, UMPIRE};
use blitzkrieg_desk::game::GameError;
use mori::folder::{self, FolderError};
use mori::game::FILES;
use pbem::envelope::Header;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// `blitz verify` on a Mori game folder: every step replayed, and once the war is
/// over every hidden draw from both revealed secrets.
pub fn mori_verify(dir: &Path, json: bool) -> miette::Result<ExitCode> {
    text_only(json, "verification")?;
    let all = folder_files(dir)?;
    Ok(verify_files(&all, &dir.display().to_string(), None))
}

/// `blitz verify` on the mail of a Mori game, rebuilt into a folder: its public steps
/// replayed (the secrets are not in the umpire's mail), every turn message compared
/// with the replay, each commitment's arrival judged.
pub fn mori_verify_mail(label: &Path, r: &Rebuilt, json: bool) -> miette::Result<ExitCode> {
    text_only(json, "verification")?;
    outln!("{}: {}", label.display(), r.summary);
    let all = folder_files(r.dir())?;
    Ok(verify_files(&all, &label.display().to_string(), Some(r)))
}

pub(crate) fn verify_files(
    all: &BTreeMap<String, Vec<u8>>,
    d: &str,
    mail: Option<&Rebuilt>,
) -> ExitCode {
    let diverges = |e: &dyn std::fmt::Display| {
        let text = e.to_string();
        let text = mail.map_or(text.clone(), |r| r.relabel(&text));
        errln!("{d}: DIVERGES: {text}");
        ExitCode::from(1)
    };
    let v = match folder::verify_kept(all, UMPIRE, mail.is_none()) {
        Ok(v) => v,
        Err(FolderError::Orders { rendered, errors }) => {
            err!("{rendered}");
            let codes = crate::cli::verify::codes(errors.iter().map(|e| e.code()));
            errln!("{d}: DIVERGES: the orders kept there are refused ({codes})");
            return ExitCode::from(1);
        }
        Err(FolderError::Incomplete(why)) => {
            errln!("{d}: INCOMPLETE: {why}");
            return ExitCode::from(1);
        }
        Err(e) => return diverges(&e),
    };
    let lines = match mail {
        None => Ok(vec![crate::cli::verify::FOLDER_COMMITMENTS.to_string()]),
        Some(r) => mail_lines(all, r),
    };
    let lines = match lines {
        Ok(lines) => lines,
        Err(GameError::CommitmentLate(why)) => {
            errln!("{d}: LATE: {why}");
            return ExitCode::from(1);
        }
        Err(e) => return diverges(&e),
    };
    outln!(
        "{d}: {} steps replayed, all of them: every one of its {} states follows ({})",
        v.steps.len(),
        v.states,
        v.steps.join(", ")
    );
    outln!(
        "first state: SHA-256 {} (compare it with the opening mail)",
        v.first_hash
    );
    let last = match mail {
        Some(_) => Path::new(d).join(&v.last).display().to_string(),
        None => v.last.clone(),
    };
    outln!("last state: {last}");
    match &v.hidden {
        Some(h) => {
            let entries: usize = h.entries.values().sum();
            outln!(
                "hidden: both secrets revealed; all {entries} hidden draws, discards, plays and commitments replayed, and every one holds"
            );
        }
        None if v.over => outln!(
            "hidden: the war is over; the revealed secrets are not in the umpire's mail: put both (`blitz secret --reveal` writes them) in a game folder with these files and verify it to replay every hidden draw"
        ),
        None => outln!(
            "hidden: the war is not over; its hidden draws are replayed when both secrets are revealed at the end"
        ),
    }
    for line in lines {
        outln!("{line}");
    }
    ExitCode::SUCCESS
}

/// What a Mori game's mail shows: every turn message compared with the replay, and
/// each commitment's arrival judged.
pub(crate) fn mail_lines(
    all: &BTreeMap<String, Vec<u8>>,
    r: &Rebuilt,
) -> Result<Vec<String>, GameError> {
    let compared = r.compare(|state| mori_expected(all, state))?;
    let mut lines = vec![compared.line()];
    let mut turns = Vec::new();
    for (name, bytes) in all {
        let Some(stem) = name.strip_suffix(FILES.orders) else {
            continue;
        };
        if folder::seed_in(all, stem).is_none() {
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        let Ok(Some(seed)) = folder::named_seed(&text) else {
            continue;
        };
        let commitment = all
            .get(&FILES.commitment(stem))
            .map(|c| String::from_utf8_lossy(c).trim().to_ascii_lowercase());
        turns.push(TurnSeed {
            turn: stem.to_string(),
            commitment,
            seed,
        });
    }
    lines.extend(r.judge_commitments(&turns)?);
    Ok(lines)
}

/// What every player's mail of the state `name` shows and carries, as this release
/// renders it: the public report and the public files (a player's reserve and
/// template need his private file, and are not compared). `None` for a state another
/// release wrote.
pub(crate) fn mori_expected(
    all: &BTreeMap<String, Vec<u8>>,
    name: &str,
) -> Result<Option<Expected>, GameError> {
    let other = |e: &dyn std::fmt::Display| GameError::Other(format!("{name}: {e}"));
    let bytes = all
        .get(name)
        .ok_or_else(|| GameError::Incomplete(format!("{name} is missing")))?;
    let text = String::from_utf8_lossy(bytes);
    match Header::peek(&text, "") {
        Ok(h) if h.umpire == UMPIRE => {}
        _ => return Ok(None),
    }
    let (sf, rs) = folder::read(bytes, name).map_err(|e| other(&e))?;
    let step = step_before(all, name, &sf, "the mail").map_err(|e| other(&e))?;
    let replay = step.as_ref().map_or_else(Vec::new, |r| {
        folder::replay_files(&folder::stem(&r.previous.state), |n| all.get(n).cloned())
    });
    let input = mori::mail::Input {
        file: &sf,
        state_ron: &text,
        step: step.as_ref(),
        privates: &BTreeMap::new(),
        date: chrono::DateTime::default(),
        replay: &replay,
    };
    let (body, attachments) = mori::mail::public_parts(&rs, &input).map_err(|e| other(&e))?;
    Ok(Some(Expected {
        body,
        body_prefix: true,
        attachments: attachments
            .iter()
            .map(|a| (a.name.clone(), pbem::envelope::sha256_hex(&a.bytes)))
            .collect(),
        unchecked: vec![FILES.template(&folder::stem(&sf.state))],
    }))
}
