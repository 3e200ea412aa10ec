//! Which game a command is given, and what the commands of Paolo Mori's BLITZKRIEG!
//! (base game and Nippon) share: the one place the command line chooses between games.
//! A state file says its game in its envelope (`kind`, read by
//! `pbem::envelope::Header::peek` before the game is known); a game folder by its
//! states (`pbem::folder::kind_of`, which refuses a folder of two games). A command
//! reads which game it is given once ([`Played`]) and [`dispatch`] runs its form for
//! that game ([`PerGame`]: BLITZKRIEG's in the command's module, Mori's in
//! `mori_commands/`, one module a command).
//!
//! A Mori player's private file (his secret, never mailed: `docs/hidden.md`) lives in
//! his private folder, `--private DIR` (default `$BLITZ_PRIVATE`, else
//! `~/.blitz/private`), as `GAME.SIDE.private.ron`; his own runs of `show`, `check`,
//! `commit` and `mail` read it there.

use miette::miette;
use mori::folder::{self, FolderError};
use mori::game::{Player, StateFile};
use mori::hidden::PrivateState;
use mori::{player, Ruleset, Side};
use pbem::envelope::Header;
use pbem::files;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The game a command is given, read once from the envelope of its state or of its
/// folder's states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// Avalon Hill's BLITZKRIEG: kind `blitzkrieg`, or none (format 1). A file whose
    /// header cannot be read goes here too, and BLITZKRIEG's reader says why.
    Blitzkrieg,
    /// Paolo Mori's BLITZKRIEG!, base game or Nippon: kind `mori`.
    Mori,
}

impl Played {
    fn of_kind(kind: &str) -> Played {
        if kind == mori::game::KIND {
            Played::Mori
        } else {
            Played::Blitzkrieg
        }
    }

    /// The game of a state file, by its envelope alone: read off the file's first
    /// lines when it is laid out as the umpire writes it, else from the whole file.
    pub fn of_state(path: &Path) -> Played {
        if let Some(kind) = pbem::folder::header_kind(path) {
            return Played::of_kind(&kind);
        }
        let Ok(bytes) = files::read_bytes(path) else {
            return Played::Blitzkrieg;
        };
        Played::of_kind(
            &Header::peek_bytes(&bytes)
                .map(|h| h.kind)
                .unwrap_or_default(),
        )
    }

    /// The game of a game folder, by its states (F030 when they are of two games).
    pub fn of_folder(dir: &Path) -> miette::Result<Played> {
        let kind = pbem::folder::kind_of(dir, blitzkrieg_desk::game::FILES.state)?;
        Ok(Played::of_kind(&kind.unwrap_or_default()))
    }
}

/// A command with a form for each game. The compiler keeps them together: a game added
/// to [`Played`] is a method here, which every command must then give.
pub trait PerGame {
    fn blitzkrieg(self) -> miette::Result<ExitCode>;
    fn mori(self) -> miette::Result<ExitCode>;
}

/// Runs the form of `command` for the game `played`.
pub fn dispatch(played: Played, command: impl PerGame) -> miette::Result<ExitCode> {
    match played {
        Played::Blitzkrieg => command.blitzkrieg(),
        Played::Mori => command.mori(),
    }
}

/// The umpire release written into every state.
pub(crate) const UMPIRE: &str = concat!("blitz ", env!("CARGO_PKG_VERSION"));

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
    pub(crate) fn dir(&self) -> Option<PathBuf> {
        self.private
            .clone()
            .or_else(|| std::env::var_os("BLITZ_PRIVATE").map(PathBuf::from))
            .or_else(|| {
                std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".blitz").join("private"))
            })
    }

    /// The private files at hand for a game, by side (checked against the state).
    pub(crate) fn load(
        &self,
        rs: &Ruleset,
        sf: &StateFile,
    ) -> miette::Result<BTreeMap<Side, PrivateState>> {
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

pub(crate) fn side_of(rs: &Ruleset, name: &str) -> miette::Result<Side> {
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

pub(crate) fn read_state(path: &Path) -> miette::Result<(Vec<u8>, StateFile, Ruleset)> {
    let bytes = files::read_game_file(path)?;
    let (sf, rs) = folder::read(&bytes, &path.display().to_string()).map_err(report)?;
    Ok((bytes, sf, rs))
}

pub(crate) fn report(e: FolderError) -> miette::Report {
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

pub(crate) fn player_of(text: &Option<String>, side: Side, flag: &str) -> miette::Result<Player> {
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
pub(crate) fn fresh_secret() -> miette::Result<[u8; 32]> {
    let mut s = [0u8; 32];
    getrandom::fill(&mut s).map_err(|e| miette!("no randomness for the secret: {e}"))?;
    Ok(s)
}

/// Writes a private file, never over an existing one (a secret lost after its
/// commitment is mailed cannot be revealed), readable by its owner only.
pub(crate) fn write_private(dir: &Path, private: &PrivateState) -> miette::Result<PathBuf> {
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

pub(crate) fn ruleset_for(kind: GameKind) -> miette::Result<Ruleset> {
    match kind {
        GameKind::Nippon => Ruleset::nippon(),
        _ => Ruleset::base(),
    }
    .map_err(|e| miette!("{e}"))
}

pub(crate) fn parent(path: &Path) -> PathBuf {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// `--format json` is BLITZKRIEG's: a Mori game's `what` is text only.
pub(crate) fn text_only(json: bool, what: &str) -> miette::Result<()> {
    if json {
        return Err(miette!(
            "--format json is for BLITZKRIEG games: a Mori game's {what} is text"
        ));
    }
    Ok(())
}
