//! `blitz resolve` of a Mori step: the files of the step written, its mails sent when asked.

use super::mail::{date_of, deliver, mails_of, replay_of};
use crate::cli::common;
use crate::cli::kind::{parent, report, UMPIRE};
use miette::miette;
use mori::folder::{self, FolderError, SeedFile};
use pbem::files;
use std::process::ExitCode;

/// The seed given to a Mori step: the same input as BLITZKRIEG's, but never stock sales.
pub(crate) fn seed_file(input: Option<SeedFile>) -> miette::Result<SeedFile> {
    match input {
        Some(SeedFile::Sales(_)) => Err(miette!(
            "a Mori game takes a drand beacon (--beacon) or an agreed text (--seed-text, --seed-file), not stock sales"
        )),
        None => Err(miette!(
            help = "give the seed published after the orders (or, for the set-up, after the game was mailed)",
            "every step of a Mori game draws from the bags: give --beacon FILE, --seed-text TEXT or --seed-file FILE"
        )),
        Some(seed) => Ok(seed),
    }
}

/// `blitz resolve` on a Mori state: the set-up (seed alone) or a turn (orders and
/// seed); writes the step's files, and with `--mail` mails each player his own.
pub fn mori_resolve(args: &crate::cli::resolve::Args) -> miette::Result<ExitCode> {
    let state_name = args.state.display().to_string();
    // The write a killed `resolve` left in the folder is finished first.
    let recovered = files::recover_folder(&parent(&args.state))?;
    let bytes = files::read_bytes(&args.state)?;
    let orders = match &args.orders {
        Some(p) => Some(common::read_orders(p)?),
        None => None,
    };
    let seed = seed_file(args.seed.input()?)?;
    let resolved = folder::resolve(
        &bytes,
        &state_name,
        orders.as_ref().map(|o| (o.name.as_str(), o.toml.as_str())),
        &seed,
        args.commitment.as_deref(),
        UMPIRE,
    );
    let r = match resolved {
        Ok(r) => r,
        Err(FolderError::Orders { rendered, .. }) => {
            err!("{rendered}");
            errln!("nothing was written");
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(report(e)),
    };
    let dir = args.out.clone().unwrap_or_else(|| parent(&args.state));
    let out = folder::resolution_files(
        &dir,
        &r,
        orders.as_ref().map(|o| o.toml.as_str()),
        &seed,
        args.commitment.as_deref(),
    );
    let mails = if args.mail {
        let privates = args.private.load(
            &folder::ruleset_of(&r.next.state).map_err(|e| miette!("{e}"))?,
            &r.next,
        )?;
        let date = date_of(args.date.as_deref())?;
        let replay = replay_of(&r, &out);
        Some(mails_of(
            &r.next,
            &r.next_ron,
            Some(&r),
            &privates,
            date,
            &replay,
        )?)
    } else {
        None
    };
    files::write_all_after(&recovered, &out, args.force)?;
    outln!("{}", r.report);
    common::note_wrote(&out);
    if let Some(mails) = mails {
        deliver(&mails, &args.transport, &dir, args.sender.as_deref())
            .map_err(|e| crate::cli::resolve::mail_failed(args, &out, e))?;
    }
    Ok(ExitCode::SUCCESS)
}
