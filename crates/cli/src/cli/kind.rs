//! Which game a command is given, and every command's form for Paolo Mori's
//! BLITZKRIEG! (base game and Nippon): the one place the command line chooses between
//! games. A state file says its game in its envelope (`kind`, read by
//! `pbem::envelope::Header::peek` before the game is known); a game folder by its first
//! state. The BLITZKRIEG commands call `mori_*` here first and go on with BLITZKRIEG
//! when the state is not Mori's.
//!
//! A Mori player's private file (his secret, never mailed: `docs/hidden.md`) lives in
//! his private folder, `--private DIR` (default `$BLITZ_PRIVATE`, else
//! `~/.blitz/private`), as `GAME.SIDE.private.ron`; his own runs of `show`, `check`,
//! `commit` and `mail` read it there.

use crate::cli::common;
use crate::cli::kept_mail::{Expected, Rebuilt, TurnSeed};
use crate::cli::mail::{describe, transport_in};
use blitzkrieg_desk::game::GameError;
use miette::miette;
use mori::folder::{self, FolderError, Resolution, SeedFile};
use mori::game::{Player, StateFile};
use mori::hidden::PrivateState;
use mori::{player, Ruleset, Side};
use pbem::envelope::Header;
use pbem::files;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The umpire release written into every state.
const UMPIRE: &str = concat!("blitz ", env!("CARGO_PKG_VERSION"));

/// The game `blitz new` makes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameKind {
    /// Avalon Hill's BLITZKRIEG (1975).
    #[default]
    Blitzkrieg,
    /// Paolo Mori's BLITZKRIEG! (2019), the base game: Axis against Allied.
    Mori,
    /// BLITZKRIEG! with the Nippon expansion: Japan against Germany.
    Nippon,
}

/// `blitz new`'s options for Mori's game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct NewArgs {
    /// The game: BLITZKRIEG (1975), or Paolo Mori's BLITZKRIEG! (`mori`) or its Nippon
    /// expansion (`nippon`), played by the players named with --axis/--allied or
    /// --japan/--germany.
    #[arg(long, value_enum, default_value = "blitzkrieg")]
    pub kind: GameKind,
    /// Mori: the Axis player, "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>")]
    pub axis: Option<String>,
    /// Mori: the Allied player, "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>")]
    pub allied: Option<String>,
    /// Nippon: the Japanese player, "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>")]
    pub japan: Option<String>,
    /// Nippon: the German player, "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>")]
    pub germany: Option<String>,
    /// Mori: the other player's commitment to his secret, `SIDE=HEX`, as his
    /// `blitz secret` printed it. A secret is made here, and kept in --private, for
    /// every side given none.
    #[arg(long = "commitment", value_name = "SIDE=HEX")]
    pub commitments: Vec<String>,
    /// Mori: the private folder the secrets made here go to (never mailed).
    #[arg(long, value_name = "DIR")]
    pub private: Option<PathBuf>,
    /// Nippon: whose Godzilla is: `japanese` (002 as written, the default: one of
    /// Japan's tokens from the set-up) or `drawn` (in the research pile, owned by
    /// whoever draws him).
    #[arg(long, value_enum, value_name = "OPTION")]
    pub godzilla: Option<GodzillaOption>,
}

/// `blitz new --godzilla`: the option [`mori::Godzilla`] (002 §8.1, §8.4).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GodzillaOption {
    /// One of Japan's tokens from the set-up (002 as written; the default).
    Japanese,
    /// In the research pile; whoever draws him owns him.
    Drawn,
}

/// A Mori player's private folder, for the commands that read it.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PrivateArgs {
    /// Mori: your private folder (your secret, never mailed; default $BLITZ_PRIVATE,
    /// else ~/.blitz/private).
    #[arg(long, value_name = "DIR")]
    pub private: Option<PathBuf>,
    /// Mori: the side whose private file to read when the folder holds both (a
    /// referee's); default every side whose file is there.
    #[arg(long = "as", value_name = "SIDE")]
    pub side: Option<String>,
}

impl PrivateArgs {
    fn dir(&self) -> Option<PathBuf> {
        self.private
            .clone()
            .or_else(|| std::env::var_os("BLITZ_PRIVATE").map(PathBuf::from))
            .or_else(|| {
                std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".blitz").join("private"))
            })
    }

    /// The private files at hand for a game, by side (checked against the state).
    fn load(&self, rs: &Ruleset, sf: &StateFile) -> miette::Result<BTreeMap<Side, PrivateState>> {
        let only = match &self.side {
            Some(s) => Some(side_of(rs, s)?),
            None => None,
        };
        let mut out = BTreeMap::new();
        let Some(dir) = self.dir() else {
            return Ok(out);
        };
        for side in rs.sides() {
            if only.is_some_and(|o| o != side) {
                continue;
            }
            let path = dir.join(player::file_name(&sf.state.game_id, side));
            if !path.exists() {
                if only.is_some() {
                    return Err(miette!(
                        "{} is not there: the {side} player's private file is made by `blitz new` or `blitz secret` on his machine",
                        path.display()
                    ));
                }
                continue;
            }
            let private = player::from_text(&files::read_text(&path)?)
                .map_err(|e| miette!("{}: {e}", path.display()))?;
            player::view(&sf.state, &private)
                .map_err(|e| miette!("{}: {e} [{}]", path.display(), e.code()))?;
            out.insert(side, private);
        }
        Ok(out)
    }
}

fn side_of(rs: &Ruleset, name: &str) -> miette::Result<Side> {
    Side::parse(name)
        .filter(|s| rs.sides().contains(s))
        .ok_or_else(|| {
            let sides: Vec<&str> = rs.sides().iter().map(|s| s.name()).collect();
            miette!(
                "`{name}` is not a side of this game: {}",
                sides.join(" or ")
            )
        })
}

/// Whether a state file is of Mori's game (read by its envelope alone). A file that
/// cannot be read is left to BLITZKRIEG's commands, which say why.
pub fn is_mori(path: &Path) -> bool {
    let Ok(bytes) = files::read_bytes(path) else {
        return false;
    };
    let text = String::from_utf8_lossy(&bytes);
    Header::peek(&text, "").is_ok_and(|h| h.kind == mori::game::KIND)
}

/// Whether a game folder is of Mori's game: by its first state.
pub fn is_mori_dir(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let mut states: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".state.ron"))
        .collect();
    states.sort();
    states.first().is_some_and(|p| is_mori(p))
}

fn read_state(path: &Path) -> miette::Result<(Vec<u8>, StateFile, Ruleset)> {
    let bytes = files::read_game_file(path)?;
    let (sf, rs) = folder::read(&bytes, &path.display().to_string()).map_err(report)?;
    Ok((bytes, sf, rs))
}

fn report(e: FolderError) -> miette::Report {
    match e {
        FolderError::State(s) => miette::Report::new(s),
        other => miette!("{other}"),
    }
}

/// Reads the files of a game folder a replay needs (not its subfolders).
pub(crate) fn folder_files(dir: &Path) -> miette::Result<BTreeMap<String, Vec<u8>>> {
    files::check_finished(dir)?;
    let entries = std::fs::read_dir(dir).map_err(|source| files::FileError::Read {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut out = BTreeMap::new();
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        let wanted = [
            ".state.ron",
            ".orders.toml",
            ".seed.json",
            ".seed.txt",
            ".commitment.txt",
            ".report.txt",
            ".secret.txt",
        ]
        .iter()
        .any(|ext| name.ends_with(ext));
        if wanted && path.is_file() {
            out.insert(name, files::read_bytes(&path)?);
        }
    }
    Ok(out)
}

fn player_of(text: &Option<String>, side: Side, flag: &str) -> miette::Result<Player> {
    let text = text
        .as_deref()
        .ok_or_else(|| miette!("{flag} is required: the {side} player, \"Name <address>\""))?;
    let p =
        pbem::mail::Player::parse(text, &format!("{side} player")).map_err(|e| miette!("{e}"))?;
    Ok(Player {
        name: p.name,
        email: p.address,
    })
}

/// A new secret from the operating system's randomness: the one entropy source of a
/// Mori game, on the player's own machine.
fn fresh_secret() -> miette::Result<[u8; 32]> {
    let mut s = [0u8; 32];
    getrandom::fill(&mut s).map_err(|e| miette!("no randomness for the secret: {e}"))?;
    Ok(s)
}

/// Writes a private file, never over an existing one (a secret lost after its
/// commitment is mailed cannot be revealed), readable by its owner only.
fn write_private(dir: &Path, private: &PrivateState) -> miette::Result<PathBuf> {
    let path = dir.join(player::file_name(&private.game_id, private.side));
    if path.exists() {
        return Err(miette!(
            help = "a secret is made once per game and side; keep the file you have",
            "{} is there already: it holds the {} player's secret for game {}",
            path.display(),
            private.side,
            private.game_id
        ));
    }
    let text = player::to_text(private).map_err(|e| miette!("{e}"))?;
    files::write_all(&[(path.clone(), text.into_bytes())], false)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
    }
    Ok(path)
}

fn ruleset_for(kind: GameKind) -> miette::Result<Ruleset> {
    match kind {
        GameKind::Nippon => Ruleset::nippon(),
        _ => Ruleset::base(),
    }
    .map_err(|e| miette!("{e}"))
}

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
        .join(format!("{}.state.ron", folder::stem(&sf.state)));
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

fn reveal(state_path: &Path, args: &crate::cli::secret::Args) -> miette::Result<ExitCode> {
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

fn parent(path: &Path) -> PathBuf {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// An order file as checked: the state's bytes and the orders (a commitment binds
/// both), and the verdict: the rendered problems, or the side whose private file
/// confirmed the reserve and the commitment (`None`: no private file at hand).
struct Checked {
    state_bytes: Vec<u8>,
    orders: String,
    verdict: Result<Option<Side>, String>,
}

/// The checks of an order file: the public ones, then, with the mover's private file
/// at hand, the ones only he can make.
fn checked(
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
) -> miette::Result<Option<ExitCode>> {
    if !is_mori(state) {
        return Ok(None);
    }
    text_only(json, "check")?;
    Ok(Some(match checked(state, orders, private)?.verdict {
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
    }))
}

/// `blitz commit` on a Mori state: the same commitment as BLITZKRIEG's, to orders
/// every check accepts, and as BLITZKRIEG's refused when the seed the orders name may
/// be known as of `now` (Unix seconds).
pub fn mori_commit(
    state: &Path,
    orders: &Path,
    private: &PrivateArgs,
    now: i64,
) -> miette::Result<Option<ExitCode>> {
    if !is_mori(state) {
        return Ok(None);
    }
    let c = checked(state, orders, private)?;
    Ok(Some(match c.verdict {
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
    }))
}

fn seed_file(input: Option<blitzkrieg_desk::game::SeedInput>) -> miette::Result<SeedFile> {
    use blitzkrieg_desk::game::SeedInput;
    match input {
        Some(SeedInput::Beacon(j)) => Ok(SeedFile::Beacon(j)),
        Some(SeedInput::Text(t)) => Ok(SeedFile::Text(t)),
        Some(SeedInput::Sales(_)) => Err(miette!(
            "a Mori game takes a drand beacon (--beacon) or an agreed text (--seed-text, --seed-file), not stock sales"
        )),
        None => Err(miette!(
            help = "give the seed published after the orders (or, for the set-up, after the game was mailed)",
            "every step of a Mori game draws from the bags: give --beacon FILE, --seed-text TEXT or --seed-file FILE"
        )),
    }
}

/// `blitz resolve` on a Mori state: the set-up (seed alone) or a turn (orders and
/// seed); writes the step's files, and with `--mail` mails each player his own.
pub fn mori_resolve(args: &crate::cli::resolve::Args) -> miette::Result<Option<ExitCode>> {
    if !is_mori(&args.state) {
        return Ok(None);
    }
    let state_name = args.state.display().to_string();
    // The write a killed `resolve` left in the folder is finished first.
    files::recover(&parent(&args.state))?;
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
            return Ok(Some(ExitCode::from(1)));
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
    files::write_all(&out, args.force)?;
    out!("{}", r.report);
    outln!();
    for (p, _) in &out {
        note!("wrote {}", p.display());
    }
    if let Some(mails) = mails {
        deliver(&mails, &args.transport, &dir, args.sender.as_deref())
            .map_err(|e| crate::cli::resolve::mail_failed(args, &out, e))?;
    }
    Ok(Some(ExitCode::SUCCESS))
}

fn date_of(text: Option<&str>) -> miette::Result<chrono::DateTime<chrono::Utc>> {
    match text {
        Some(d) => Ok(chrono::DateTime::parse_from_rfc3339(d)
            .map_err(|e| miette!("--date {d}: {e}"))?
            .with_timezone(&chrono::Utc)),
        None => Ok(chrono::Utc::now()),
    }
}

/// Files by name, in the order a mail attaches them.
type Named = Vec<(String, Vec<u8>)>;

/// The files that replay a step, taken from what its resolution writes (`written`).
pub fn replay_of(r: &Resolution, written: &[(PathBuf, Vec<u8>)]) -> Named {
    folder::replay_files(&folder::stem(&r.previous.state), |name| {
        written
            .iter()
            .find(|(p, _)| p.file_name().is_some_and(|n| n == name))
            .map(|(_, b)| b.clone())
    })
}

fn mails_of(
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
fn deliver(
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

/// The step that produced a state, replayed from the folder it is in, and the files
/// that replay it.
fn producing_step(path: &Path, sf: &StateFile) -> miette::Result<Option<(Resolution, Named)>> {
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
fn step_before(
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
        .filter(|(n, _)| n.ends_with(".state.ron"))
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
pub fn mori_report(state: &Path, json: bool) -> miette::Result<Option<ExitCode>> {
    if !is_mori(state) {
        return Ok(None);
    }
    text_only(json, "report")?;
    let (_, sf, _) = read_state(state)?;
    match producing_step(state, &sf)? {
        None => outln!(
            "{} is a new game: no step has been resolved yet",
            state.display()
        ),
        Some((r, _)) => out!("{}", r.report),
    }
    Ok(Some(ExitCode::SUCCESS))
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
) -> miette::Result<Option<ExitCode>> {
    if !is_mori(state) {
        return Ok(None);
    }
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
    Ok(Some(ExitCode::SUCCESS))
}

/// `blitz mail --state` on a Mori state: one message to each player.
pub fn mori_mail(args: &crate::cli::mail::Args) -> miette::Result<Option<ExitCode>> {
    let Some(path) = &args.state else {
        return Ok(None);
    };
    if !is_mori(path) {
        return Ok(None);
    }
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
    Ok(Some(ExitCode::SUCCESS))
}

/// `blitz verify` on a Mori game folder: every step replayed, and once the war is
/// over every hidden draw from both revealed secrets.
pub fn mori_verify(dir: &Path, json: bool) -> miette::Result<Option<ExitCode>> {
    if !is_mori_dir(dir) {
        return Ok(None);
    }
    text_only(json, "verification")?;
    let all = folder_files(dir)?;
    Ok(Some(verify_files(&all, &dir.display().to_string(), None)))
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

fn verify_files(all: &BTreeMap<String, Vec<u8>>, d: &str, mail: Option<&Rebuilt>) -> ExitCode {
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
fn mail_lines(all: &BTreeMap<String, Vec<u8>>, r: &Rebuilt) -> Result<Vec<String>, GameError> {
    let compared = r.compare(|state| mori_expected(all, state))?;
    let mut lines = vec![compared.line()];
    let mut turns = Vec::new();
    for (name, bytes) in all {
        let Some(stem) = name.strip_suffix(".orders.toml") else {
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
            .get(&format!("{stem}.commitment.txt"))
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
fn mori_expected(
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
        unchecked: vec![format!("{}.template.toml", folder::stem(&sf.state))],
    }))
}

/// `--format json` is BLITZKRIEG's: a Mori game's `what` is text only.
fn text_only(json: bool, what: &str) -> miette::Result<()> {
    if json {
        return Err(miette!(
            "--format json is for BLITZKRIEG games: a Mori game's {what} is text"
        ));
    }
    Ok(())
}
