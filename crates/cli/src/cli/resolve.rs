//! `blitz resolve STATE ORDERS --beacon/--seed-text/--sales ...`: resolves a player-turn
//! and writes the new state, the report and the next template into the game folder,
//! all or nothing, never over an existing file without `--force`. With `--mail` the
//! turn then goes to both players. In a game with signed orders the orders must come
//! signed with the side's key; the signature is kept in the folder and mailed.

use crate::cli::common::{self, RuleArgs, SeedArgs, SignatureArgs};
use crate::cli::kind::{dispatch, PerGame, Played};
use crate::cli::mail::{describe, transport_in, TransportArgs};
use crate::cli::mori_commands;
use blitzkrieg_desk::game::{self, GameError};
use blitzkrieg_desk::signed;
use miette::miette;
use pbem::files;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The state file the orders apply to.
    pub state: PathBuf,
    /// The order file (TOML, or a mail message with the orders attached or quoted;
    /// `-` reads it from standard input); none for the set-up of a Mori game, which
    /// takes its seed alone.
    pub orders: Option<PathBuf>,
    #[command(flatten)]
    pub signature: SignatureArgs,
    #[command(flatten)]
    pub seed: SeedArgs,
    /// The commitment the mover mailed before the seed was published: refuse orders
    /// that do not match it.
    #[arg(long, value_name = "HEX")]
    pub commitment: Option<String>,
    /// The game folder to write into (default: the state file's folder).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace files that exist.
    #[arg(long)]
    pub force: bool,
    /// Mail the turn to both players afterwards.
    #[arg(long)]
    pub mail: bool,
    /// The Date of the mail (RFC 3339; default: now).
    #[arg(long, value_name = "RFC3339")]
    pub date: Option<String>,
    /// The mail's sender, "address" or "Name <address>", instead of the one the game
    /// was created with.
    #[arg(long, value_name = "ADDR", requires = "mail")]
    pub sender: Option<String>,
    #[command(flatten)]
    pub transport: TransportArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub private: crate::cli::kind::PrivateArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    dispatch(Played::of_state(&args.state), args)
}

impl PerGame for Args {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        mori_commands::resolve::mori_resolve(&self)
    }
}

fn blitzkrieg(args: Args) -> miette::Result<ExitCode> {
    let orders_path = args
        .orders
        .as_deref()
        .ok_or_else(|| miette!("give the order file to resolve"))?;
    let umpire = args.rules.umpire()?;
    // The write a killed `resolve` left in the folder is finished first (the current
    // folder for a state named bare).
    let recovered = files::recover_folder(&crate::cli::kind::parent(&args.state))?;
    let state_bytes = files::read_bytes(&args.state)?;
    common::state_comes_first("resolve", &args.state, &state_bytes, orders_path)?;
    let (orders, signature) = common::read_signed_orders(orders_path, &args.signature)?;
    let state_file = args.state.display().to_string();
    signed::check_for_state_file(&state_bytes, &state_file, &orders, signature.as_ref())?;
    let seed = args.seed.input()?;
    let now = chrono::Utc::now().timestamp();
    let to_come = |named: &game::NamedSeed| refuse_seed_to_come(named, now, &orders);
    let given = game::Given {
        orders: &orders,
        seed: seed.as_ref(),
        commitment: args.commitment.as_deref(),
        seed_gate: Some(&to_come),
    };
    let resolved = game::resolve_given(umpire, &state_bytes, &state_file, given, common::color());
    let r = match resolved {
        Ok(r) => r,
        Err(GameError::Orders { rendered, .. }) => {
            err!("{rendered}");
            errln!("nothing was written");
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e.into()),
    };
    let dir = args.out.clone().unwrap_or_else(|| {
        args.state
            .parent()
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("."))
    });
    let mut out =
        game::resolution_files(&dir, &r, &orders, seed.as_ref(), args.commitment.as_deref());
    out.extend(signed::resolution_file(
        &dir,
        &r.previous,
        signature.as_ref(),
    ));
    // The mail is built before anything is written: a mail that cannot be built (a
    // name that cannot go in a header, a bad config) leaves the folder as it was.
    let mail = if args.mail {
        let replay = blitzkrieg_desk::turn_mail::replay_files(&r.previous.file_stem(), &out);
        Some(prepare_mail(
            &args,
            umpire,
            &r,
            (&replay, &dir),
            corrects(&dir, &r),
        )?)
    } else {
        None
    };
    files::write_all_after(&recovered, &out, args.force)?;
    outln!("{}", r.report);
    common::note_wrote(&out);
    if args.commitment.is_none() && r.state.last.seed_value != "-" {
        warn_uncommitted();
    }
    let state_path = dir.join(game::FILES.state(&r.state.file_stem()));
    match mail {
        Some((message, transport, outbox)) => {
            let delivery = pbem::mail::deliver(&message, &transport, &outbox)
                .map_err(|e| mail_failed(&args, &out, e))?;
            note!("{}", describe(&delivery).trim_end());
            note!("{}", next_step(&r.state, &state_path, Some(&delivery)));
        }
        None => note!("{}", next_step(&r.state, &state_path, None)),
    }
    // The command ends here, and the system takes back the process's memory whole:
    // the turn (two states, their events, the report, the files) is not freed piece
    // by piece first, which took 1% of a `resolve`.
    std::mem::forget((r, out));
    Ok(ExitCode::SUCCESS)
}

/// The failure of `--mail` once the turn's files are written: says that only the mail
/// is left, and the command that sends it with this run's flags
/// ([`crate::cli::mail::mail_left`]).
pub fn mail_failed(
    args: &Args,
    written: &[(PathBuf, Vec<u8>)],
    error: pbem::mail::MailError,
) -> miette::Report {
    crate::cli::mail::mail_left(
        error,
        written,
        &args.transport,
        &args.rules,
        (args.sender.as_deref(), args.date.as_deref()),
    )
}

/// PBM ¶2: a seed the orders name is refused while it is still to come (an agreed
/// value whose `time` or date has not come, a trading date not yet begun), as a drand
/// round still to come is (no beacon of it exists): any value given for it now was not
/// the one published. The clock is read by the command, never in the library, which
/// asks this of legal orders before it reads their seed ([`game::SeedGate`]).
fn refuse_seed_to_come(
    named: &game::NamedSeed,
    now: i64,
    orders: &game::OrderText,
) -> Result<(), GameError> {
    if named.known_from <= now {
        return Ok(());
    }
    Err(GameError::Seed(format!(
        "{}: {} {} {}, which has not come yet: no value given now can be it; resolve \
         the turn once it is out",
        orders.name,
        named.what,
        named.known_how,
        crate::cli::kept_mail::utc(named.known_from)
    )))
}

/// PBM ¶2: a player-turn decided by a seed and resolved without `--commitment` was not
/// checked against the commitment its mover mailed: say so.
fn warn_uncommitted() {
    errln!(
        "warning: no --commitment was given, so nothing showed that these orders are the \
         ones committed to before the seed was published; give the commitment the mover \
         mailed (`--commitment HEX`) to check it"
    );
}

/// What to do after a resolution, as `new` says what to resolve first: mail the turn
/// (or, when `--mail` sent it, who moves next; when it only reached the outbox, how
/// to send that copy).
fn next_step(
    state: &blitzkrieg::state::GameState,
    state_path: &Path,
    delivery: Option<&pbem::mail::Delivery>,
) -> String {
    let next = match state.mover() {
        Some(side) => format!("{side} moves next ({})", state.label()),
        None => "the game is over".to_string(),
    };
    match delivery.map(|d| (&d.sent, &d.outbox_path)) {
        None => format!(
            "Next: mail the turn to both players with `blitz mail {} --smtp HOST` (or \
             --sendmail; `blitz resolve --mail` does it at once); {next}.",
            state_path.display()
        ),
        Some((pbem::mail::Sent::OutboxOnly, eml)) => format!(
            "Next: send the outbox copy with `blitz mail --resend {} --smtp HOST` (or \
             --sendmail); {next}.",
            eml.display()
        ),
        Some(_) => format!("The turn went to both players by mail; {next}."),
    }
}

/// Whether this resolution replaces another result of the same player-turn (resolved
/// again with `--force`, another seed or other orders): the folder already holds the
/// state it produces, with other bytes. Then its mail is a correction, named by the
/// first hex digits of the new state's hash.
fn corrects(dir: &Path, r: &game::Resolution) -> Option<String> {
    let kept = dir.join(game::FILES.state(&r.state.file_stem()));
    let bytes = files::read_bytes(&kept).ok()?;
    (bytes != r.state_ron.as_bytes()).then(|| r.state_hash.chars().take(12).collect())
}

/// The turn's mail, checked to build, and where it goes.
fn prepare_mail(
    args: &Args,
    umpire: &game::Umpire,
    r: &game::Resolution,
    (replay, dir): (&[(String, Vec<u8>)], &Path),
    correction: Option<String>,
) -> miette::Result<(pbem::mail::TurnMail, pbem::mail::Transport, PathBuf)> {
    let date = match &args.date {
        Some(d) => chrono::DateTime::parse_from_rfc3339(d)
            .map_err(|e| miette!("--date {d}: {e}"))?
            .with_timezone(&chrono::Utc),
        None => chrono::Utc::now(),
    };
    let mut message = game::turn_mail(umpire, r, replay, date)?;
    message.correction = correction;
    if let Some(sender) = &args.sender {
        message.sender = sender.clone();
    }
    message.to_message().map_err(|e| miette!("{e}"))?;
    let (transport, outbox) = transport_in(&args.transport, dir).map_err(|e| miette!("{e}"))?;
    Ok((message, transport, outbox))
}
