//! `blitz verify PATH`: replays a whole game folder and says that every state follows
//! from its predecessor, orders and seed, or where the first divergence is. PATH may
//! also be the game's mail (a folder of `.eml` files or an mbox file): the folder its
//! turn messages carry is rebuilt and replayed (`kept_mail`), whichever game it is (the
//! `kind` of its first state); then every turn message is compared with what the
//! replay renders, and each commitment's arrival with its seed's publication.
//! `--format json`: the same, as one document (exit codes unchanged).

use crate::cli::common::RuleArgs;
use crate::cli::kept_mail::{self, Expected, Rebuilt, TurnSeed};
use crate::cli::kind::{dispatch, PerGame, Played};
use crate::cli::mori_commands;
use crate::cli::output::{self, FormatArgs};
use blitzkrieg_desk::game::{self, GameError, Umpire, Verified, FILES};
use blitzkrieg_desk::json;
use pbem::envelope::{sha256_hex, Header};
use pbem::files;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game folder (states, orders, seeds; see docs/state.md), or the game's mail:
    /// a folder of .eml files or an mbox file holding its turn messages.
    pub dir: PathBuf,
    /// With the mail of several games, the game to verify.
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub output: FormatArgs,
}

/// What a game folder cannot say about commitments.
pub const FOLDER_COMMITMENTS: &str = "commitments: not judged: a game folder does not say when each commitment was mailed (`blitz verify` on the mail you kept judges it by its Received: headers)";

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let folder = Played::of_folder(&args.dir)?;
    if folder == Played::Mori || !kept_mail::is_mail(&args.dir) {
        return dispatch(folder, Verifying { args, mail: None });
    }
    let rebuilt = match Rebuilt::from_mail(&args.dir, args.game.as_deref()) {
        Ok(r) => r,
        Err(GameError::Incomplete(why)) if !args.output.is_json() => {
            errln!("{}: INCOMPLETE: {why}", args.dir.display());
            return Ok(ExitCode::from(1));
        }
        Err(e) if !args.output.is_json() => return Err(e.into()),
        Err(e @ GameError::Incomplete(_)) => {
            return Ok(output::run("verify", || json_result(&args.dir, Err(e))))
        }
        Err(e) => return Ok(output::run("verify", || Err(e))),
    };
    let played = Played::of_folder(rebuilt.dir())?;
    let mail = Some(rebuilt);
    dispatch(played, Verifying { args, mail })
}

/// `blitz verify` of a game folder, or of the folder its mail was rebuilt into.
struct Verifying {
    args: Args,
    mail: Option<Rebuilt>,
}

impl PerGame for Verifying {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self.args, self.mail)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        let (dir, json) = (&self.args.dir, self.args.output.is_json());
        match &self.mail {
            Some(r) => mori_commands::verify::mori_verify_mail(dir, r, json),
            None => mori_commands::verify::mori_verify(dir, json),
        }
    }
}

fn blitzkrieg(args: Args, rebuilt: Option<Rebuilt>) -> miette::Result<ExitCode> {
    if args.output.is_json() {
        return Ok(output::run("verify", || {
            let umpire = output::umpire(&args.rules)?;
            json_result(&args.dir, verified(&umpire, &args.dir, rebuilt.as_ref()))
        }));
    }
    let umpire = args.rules.umpire()?;
    if let Some(r) = &rebuilt {
        outln!("{}: {}", args.dir.display(), r.summary);
    }
    match verified(umpire, &args.dir, rebuilt.as_ref()) {
        Ok(v) => {
            outln!(
                "{}: {} player-turns replayed, all of them: every one of its {} states follows ({})",
                args.dir.display(),
                v.verified.turns.len(),
                v.verified.states,
                v.verified.turns.join(", ")
            );
            outln!(
                "first state: SHA-256 {} (compare it with the opening mail)",
                v.verified.first_hash
            );
            outln!("last state: {}", v.verified.last);
            for line in &v.mail {
                outln!("{line}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(GameError::Orders { rendered, errors }) => {
            err!("{rendered}");
            errln!(
                "{}: DIVERGES: the orders kept there are refused ({})",
                args.dir.display(),
                codes(errors.iter().map(|e| e.problem.code()))
            );
            Ok(ExitCode::from(1))
        }
        Err(GameError::Incomplete(why)) => {
            errln!("{}: INCOMPLETE: {why}", args.dir.display());
            Ok(ExitCode::from(1))
        }
        Err(GameError::CommitmentLate(why)) => {
            errln!("{}: LATE: {why}", args.dir.display());
            Ok(ExitCode::from(1))
        }
        Err(e @ GameError::File(_)) => Err(e.into()),
        Err(e) => {
            errln!("{}: DIVERGES: {e}", args.dir.display());
            Ok(ExitCode::from(1))
        }
    }
}

/// The codes of the problems that refused a folder's orders, each once, in the
/// order found: `verify` names them after the problems themselves.
pub fn codes<'a>(codes: impl Iterator<Item = &'a str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for c in codes {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.join(", ")
}

/// A game verified, and the lines that say what its mail showed (or that a folder
/// cannot judge commitments).
struct Checked {
    verified: Verified,
    mail: Vec<String>,
}

/// Replays the game folder (rebuilt from mail when `rebuilt`), then compares the mail
/// with the replay and judges the commitments' arrival.
fn verified(u: &Umpire, dir: &Path, rebuilt: Option<&Rebuilt>) -> Result<Checked, GameError> {
    let Some(r) = rebuilt else {
        return game::verify_dir(u, dir).map(|verified| Checked {
            verified,
            mail: vec![FOLDER_COMMITMENTS.to_string()],
        });
    };
    let mut verified = game::verify_dir(u, r.dir()).map_err(|e| r.relabel_error(e))?;
    verified.last = r.carried(&verified.last);
    let checked = (|| {
        let compared = r.compare(|state| expected(u, r.dir(), state))?;
        let mut mail = vec![compared.line()];
        mail.extend(r.judge_commitments(&turn_seeds(u, r.dir())?)?);
        Ok(mail)
    })();
    let mail = checked.map_err(|e| r.relabel_error(e))?;
    Ok(Checked { verified, mail })
}

fn json_result(dir: &Path, result: Result<Checked, GameError>) -> Result<ExitCode, GameError> {
    let result = result.map(|c| c.verified);
    let doc = json::verify(&dir.display().to_string(), &result);
    output::print(&doc)?;
    Ok(if doc.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The mail the umpire sends for the state `name` of the rebuilt folder `dir`, as
/// this release renders it; `None` for a state another release wrote.
fn expected(u: &Umpire, dir: &Path, name: &str) -> Result<Option<Expected>, GameError> {
    let path = dir.join(name);
    let bytes = files::read_bytes(&path)?;
    let writer = Header::peek_bytes(&bytes)
        .map(|h| h.umpire)
        .unwrap_or_default();
    if writer != game::UMPIRE_VERSION {
        return Ok(None);
    }
    let m = blitzkrieg_desk::turn_mail::state_mail(
        u,
        &bytes,
        &path.display().to_string(),
        dir,
        chrono::DateTime::default(),
    )?;
    Ok(Some(Expected {
        body: m.report,
        body_prefix: false,
        attachments: m
            .attachments
            .iter()
            .map(|a| (a.name.clone(), sha256_hex(&a.bytes)))
            .collect(),
        unchecked: Vec::new(),
    }))
}

/// The player-turns of a game folder resolved with a published seed, with the seed
/// their orders name and the commitment kept for them.
fn turn_seeds(u: &Umpire, dir: &Path) -> Result<Vec<TurnSeed>, GameError> {
    let names = files::names_ending(dir, FILES.orders)?;
    let mut out = Vec::new();
    for name in names {
        let stem = name.trim_end_matches(FILES.orders);
        let seeded = [".seed.json", ".seed.txt", ".sales.csv"]
            .iter()
            .any(|e| dir.join(format!("{stem}{e}")).exists());
        let state_path = dir.join(FILES.state(stem));
        if !seeded || !state_path.exists() {
            continue;
        }
        let state_bytes = files::read_bytes(&state_path)?;
        let state_name = state_path.display().to_string();
        let state = game::read_state(&state_bytes, &state_name)?;
        let text = game::order_text(&files::read_bytes(&dir.join(&name))?, &name)?;
        let Ok(Some(seed)) = game::check_for_commit(u, &state_bytes, &state_name, &text)? else {
            continue;
        };
        let commitment_path = dir.join(FILES.commitment(stem));
        let commitment = if commitment_path.exists() {
            Some(
                files::read_text(&commitment_path)?
                    .trim()
                    .to_ascii_lowercase(),
            )
        } else {
            None
        };
        out.push(TurnSeed {
            turn: state.label(),
            commitment,
            seed,
        });
    }
    Ok(out)
}
