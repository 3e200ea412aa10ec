//! A game of Mori's BLITZKRIEG! as files, with the conventions of a BLITZKRIEG game
//! folder (`docs/pbem.md`): `NN-LABEL.state.ron` for each state, and beside the state
//! a step was played from, its `.orders.toml`, `.seed.json` or `.seed.txt`,
//! `.commitment.txt` and `.report.txt`; `NN-LABEL.template.toml` for the next mover.
//! The first state (`00-setup`) is the game before any seed exists: both players'
//! commitments to their secrets, no draw yet. The set-up step takes its seed alone;
//! every later step takes the mover's orders and the turn's seed. At the end of the
//! war each player reveals his secret in `SIDE.secret.txt` and the whole folder,
//! hidden draws included, is replayed.
//!
//! Pure: file bytes in, file bytes out. The caller reads and writes the folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pbem::envelope::{sha256_hex, Chain, EnvelopeError, Header};
use pbem::folder::{Compared, Replayed, Stop, TurnFiles};
use pbem::game::{Game, OrderProblem};
use pbem::problems::MAX_SHOWN;
use pbem::seed::{spec, used, DrandChain, NamedSeed, Seed, SeedKind};

use crate::draw::{parse_secret, Secret};
use crate::engine::{prepare, set_up};
use crate::events::Event;
use crate::game::{label, StateFile, FILES};
use crate::hidden::{self, HiddenError};
use crate::orders::{check_seed, OrderError, RawOrders};
use crate::ruleset::{DataError, Ruleset, Side};
use crate::state::State;

/// Why a step could not be resolved, or a folder does not verify.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error(transparent)]
    State(#[from] EnvelopeError),
    #[error("the rule data: {0}")]
    Data(#[from] DataError),
    #[error("{0}")]
    Seed(String),
    #[error("{0}")]
    Commitment(String),
    /// The orders break the rules: every problem, rendered for the player.
    #[error("{rendered}")]
    Orders {
        rendered: String,
        errors: Vec<OrderError>,
    },
    #[error("{0}")]
    Setup(String),
    /// A file the replay needs is missing, or states the replay never reached.
    #[error("{0}")]
    Incomplete(String),
    #[error("{0}")]
    Diverged(Box<Divergence>),
    /// The revealed secrets do not replay the hidden draws.
    #[error("the hidden draws do not replay:\n{}", list_hidden(.0))]
    Hidden(Vec<HiddenError>),
    #[error("{0}")]
    Other(String),
}

fn list_hidden(errors: &[HiddenError]) -> String {
    let forfeit: Vec<String> = hidden::forfeits(errors)
        .iter()
        .map(|s| format!("the {s} player"))
        .collect();
    let mut out: String = errors
        .iter()
        .map(|e| format!("  {e} [{}]\n", e.rule().section()))
        .collect();
    if !forfeit.is_empty() {
        out.push_str(&format!(
            "  forfeits the game: {} (docs/hidden.md)",
            forfeit.join(", ")
        ));
    }
    out
}

/// The most bytes a state file may have: a whole game's ledger is a few tens of KB.
pub const MAX_STATE_BYTES: usize = 4 * 1024 * 1024;

/// The ruleset a state was played with.
pub fn ruleset_of(state: &State) -> Result<Ruleset, DataError> {
    Ruleset::of(state.variant, state.nippon_weapons, state.godzilla)
}

/// Reads a state file and the ruleset it was played with.
pub fn read(bytes: &[u8], file: &str) -> Result<(StateFile, Ruleset), FolderError> {
    let unreadable = |reason: &str| EnvelopeError::Unreadable {
        file: file.to_string(),
        reason: reason.to_string(),
    };
    if bytes.len() > MAX_STATE_BYTES {
        return Err(unreadable("larger than any state").into());
    }
    let text = std::str::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text"))?;
    let sf = StateFile::read(text, file)?;
    let rs = ruleset_of(&sf.state)?;
    Ok((sf, rs))
}

/// The stem of a state's files: `00-setup`, `07-t007`.
pub fn stem(state: &State) -> String {
    format!("{:02}-{}", state.turn, label(state))
}

/// The label of the step that produced a state: `None` for the first state, `setup`
/// for the state after the opening draws, then the turn played (`t003`).
pub fn produced_by(sf: &StateFile) -> Option<String> {
    sf.chain.previous_state.as_ref()?;
    Some(match sf.state.turn {
        0 | 1 => crate::engine::SETUP_LABEL.to_string(),
        n => State::label(n - 1),
    })
}

/// The file a player reveals his secret in, at the end of the war.
pub fn secret_file(side: Side) -> String {
    format!("{}.secret.txt", side.name())
}

/// A turn's published seed as kept in the folder: a drand quicknet beacon as relays
/// serve it (JSON), verified offline, or a text both players agreed on (never stock
/// sales: [`resolve`] refuses them).
pub use pbem::folder::SeedInput as SeedFile;

/// The seed of a step, checked: a beacon's signature against the quicknet chain.
fn seed_of(seed: &SeedFile) -> Result<Seed, FolderError> {
    if let SeedFile::Sales(_) = seed {
        return Err(FolderError::Seed(
            "a Mori game is resolved by a drand beacon or an agreed text, not by stock sales"
                .to_string(),
        ));
    }
    seed.seed().map_err(|e| FolderError::Seed(e.to_string()))
}

/// Everything one step produces.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub previous: StateFile,
    pub next: StateFile,
    pub next_ron: String,
    pub next_hash: String,
    /// The report of the step, rendered from its events.
    pub report: String,
    /// The public order template for the next mover (empty once the war is over).
    pub template: String,
    pub events: Vec<Event>,
}

/// Renders order problems as BLITZKRIEG's are: `file:line:col: CODE message [rule]`,
/// the line quoted and a caret under the place; the first [`MAX_SHOWN`], then how many
/// more there are ([`pbem::problems`], as BLITZKRIEG's).
pub fn render_problems(file: &str, source: &str, errors: &[OrderError]) -> String {
    let mut out = String::new();
    for e in errors.iter().take(MAX_SHOWN) {
        let (line, col) = e.place(source).unwrap_or((1, 1));
        let message = e.to_string();
        let message = message
            .split_once(": ")
            .map_or(message.as_str(), |(_, m)| m)
            .to_string();
        out.push_str(&format!("{file}:{line}:{col}: {message} [{}]\n", e.rule()));
        if let Some(text) = source.lines().nth(line.saturating_sub(1)) {
            let (text, col) = quoted_window(text, col);
            let pad: String = text
                .chars()
                .take(col.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            out.push_str(&format!("  | {text}\n  | {pad}^\n"));
        }
    }
    if let Some(line) = pbem::problems::not_shown(errors.len()) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The most characters of a line a problem quotes: a longer line (a file of one huge
/// line, as a hostile one may be) is quoted around the place only, so a message never
/// grows with the file.
const QUOTE_CHARS: usize = 120;

/// The part of `text` a problem quotes, and the column of the place in it: the whole
/// line when it is short, else [`QUOTE_CHARS`] characters around column `col`, each cut
/// end marked `...`.
fn quoted_window(text: &str, col: usize) -> (String, usize) {
    let len = text.chars().count();
    if len <= QUOTE_CHARS {
        return (text.to_string(), col);
    }
    let start = col.saturating_sub(1).saturating_sub(QUOTE_CHARS / 2);
    let start = start.min(len - QUOTE_CHARS);
    let body: String = text.chars().skip(start).take(QUOTE_CHARS).collect();
    let head = if start > 0 { "..." } else { "" };
    let tail = if start + QUOTE_CHARS < len { "..." } else { "" };
    (
        format!("{head}{body}{tail}"),
        col.saturating_sub(start) + head.len(),
    )
}

fn refused(file: &str, source: &str, errors: Vec<OrderError>) -> FolderError {
    FolderError::Orders {
        rendered: render_problems(file, source, &errors),
        errors,
    }
}

/// The commitments to the players' secrets a state holds.
pub fn commitments(state: &State) -> BTreeMap<Side, String> {
    state
        .players
        .iter()
        .map(|(s, p)| (*s, p.secret_commitment.clone()))
        .collect()
}

/// Every problem of an order file against a state, without a seed: the rules', and
/// the `[seed]` the mail protocol asks of a turn's orders (M108, M109).
pub fn check(
    rs: &Ruleset,
    state: &State,
    file: &str,
    orders: &str,
) -> Result<crate::orders::Orders, FolderError> {
    if state.turn == 0 {
        return Err(FolderError::Other(format!(
            "the game is not set up yet: its first step takes the set-up seed, not orders ({file})"
        )));
    }
    let raw = rs
        .parse_orders(orders)
        .map_err(|e| refused(file, orders, e))?;
    checked(rs, state, &raw).map_err(|e| refused(file, orders, e))
}

/// The seeds a game has used (`pbem::seed::used`): every name its record keeps (a
/// drand round, an agreed value's time), and each turn's seed by its value, as the
/// state keeps it (all a game begun before the record knows them by).
pub fn seeds_used(state: &State) -> used::SeedsUsed {
    let mut out = state.seeds_used.clone().unwrap_or_default();
    for s in &state.seeds {
        if let Ok(value) = hex::decode(&s.seed) {
            used::record_value(&mut out, &value, &used_by(&s.label));
        }
    }
    out
}

/// The step a seed decided, as a refusal names it (`turn t003`).
fn used_by(label: &str) -> String {
    format!("turn {label}")
}

/// The seed the orders' `[seed]` names, read as its source says, and the drand chain
/// a `drand` seed is of.
fn spec_kind(spec: &pbem::seed::SeedSpec) -> (SeedKind, Option<DrandChain>) {
    match spec.source_key().as_str() {
        "drand" => (SeedKind::Drand, DrandChain::quicknet().ok()),
        _ => (SeedKind::Text, None),
    }
}

/// Every name the seed that decides a step is known by: its own (the value's SHA-256,
/// its drand round) and those of the `[seed]` the orders named it by (an agreed
/// value's time).
fn seed_names(raw: Option<&RawOrders>, seed: &Seed) -> Vec<String> {
    let mut names = used::names_of_seed(seed);
    if let Some(named) = raw.and_then(|r| r.seed.as_ref()) {
        let (kind, chain) = spec_kind(named.get_ref());
        names.extend(used::names_of_spec(named.get_ref(), kind, chain.as_ref()));
    }
    names
}

/// PBM ¶2, as in BLITZKRIEG: the `[seed]` names a seed an earlier turn was decided by
/// (the agreed text whose SHA-256 it names, M151).
fn seed_reused(state: &State, raw: &RawOrders) -> Vec<OrderError> {
    let Some(seed) = &raw.seed else {
        return Vec::new();
    };
    let spec = seed.get_ref();
    let (kind, chain) = spec_kind(spec);
    let names = used::names_of_spec(spec, kind, chain.as_ref());
    match used::check_unused(&seeds_used(state), &names) {
        Ok(()) => Vec::new(),
        Err(e) => vec![OrderError::SeedUsed {
            at: raw.pos(seed.span().start),
            what: e.to_string(),
        }],
    }
}

/// The rules' check and the `[seed]`'s, every problem of both in file order.
fn checked(
    rs: &Ruleset,
    state: &State,
    raw: &RawOrders,
) -> Result<crate::orders::Orders, Vec<OrderError>> {
    let mut seed = check_seed(raw);
    seed.extend(seed_reused(state, raw));
    match crate::orders::check(rs, state, raw) {
        Ok(o) if seed.is_empty() => Ok(o),
        Ok(_) => Err(seed),
        Err(mut errs) => {
            errs.extend(seed);
            errs.sort_by_key(|e| e.at());
            Err(errs)
        }
    }
}

/// The seed an order file names, if it names a readable one (`check` reports one that
/// is not): `blitz commit` compares its time with the clock.
pub fn named_seed(orders: &str) -> Result<Option<NamedSeed>, FolderError> {
    let Some(seed) = RawOrders::parse(orders).ok().and_then(|r| r.seed) else {
        return Ok(None);
    };
    let bad = |e: pbem::seed::SeedError| FolderError::Seed(e.to_string());
    let spec = seed.get_ref();
    match spec.source_key().as_str() {
        "drand" => {
            let chain = DrandChain::quicknet().map_err(bad)?;
            spec::named_seed(spec, SeedKind::Drand, Some(&chain)).map_err(bad)
        }
        "text" => spec::named_seed(spec, SeedKind::Text, None).map_err(bad),
        _ => Ok(None),
    }
}

/// The published seed must be the one the orders named before it existed: the drand
/// round, the agreed text of the SHA-256 (`docs/dice.md`).
fn seed_is_named(file: &str, raw: &RawOrders, seed: &Seed) -> Result<(), FolderError> {
    let Some(named) = &raw.seed else {
        return Ok(());
    };
    let chain = DrandChain::quicknet().ok();
    spec::check_seed(named.get_ref(), seed, chain.as_ref())
        .map_err(|e| FolderError::Seed(format!("{file}: {e}; nothing was resolved")))
}

/// Resolves one step from file contents: the state file's bytes, the orders (file
/// name and text; none for the set-up), the published seed, and the commitment the
/// mover mailed before the seed was out, if any.
pub fn resolve(
    state_bytes: &[u8],
    state_file: &str,
    orders: Option<(&str, &str)>,
    seed: &SeedFile,
    commitment: Option<&str>,
    umpire: &str,
) -> Result<Resolution, FolderError> {
    let (previous, rs) = read(state_bytes, state_file)?;
    let state = &previous.state;
    let seed_value = seed_of(seed)?;
    // PBM ¶2: the seed given decided no earlier step (after the orders' own check,
    // which names the `[seed]` that names one: M151).
    let unused = || {
        used::check_unused(&seeds_used(state), &used::names_of_seed(&seed_value))
            .map_err(|e| FolderError::Seed(e.to_string()))
    };
    let (mut next, events, orders_hash, names) = match (state.turn, orders) {
        (0, None) => {
            unused()?;
            let (_, mut events) = prepare(&rs, &state.game_id, &commitments(state))
                .map_err(|e| FolderError::Setup(e.to_string()))?;
            let (next, mut drawn) = set_up(&rs, state, &seed_value.value_bytes())
                .map_err(|e| FolderError::Setup(e.to_string()))?;
            events.append(&mut drawn);
            (next, events, None, seed_names(None, &seed_value))
        }
        (0, Some((file, _))) => {
            return Err(FolderError::Other(format!(
                "{state_file} waits for its set-up seed, not for orders: resolve it without {file}"
            )))
        }
        (_, None) => {
            return Err(FolderError::Other(format!(
                "{state_file} waits for the {} player's orders for {}",
                state.to_move,
                label(state)
            )))
        }
        (_, Some((file, text))) => {
            let raw = rs.parse_orders(text).map_err(|e| refused(file, text, e))?;
            checked(&rs, state, &raw).map_err(|e| refused(file, text, e))?;
            unused()?;
            seed_is_named(file, &raw, &seed_value)?;
            let (next, events) = rs
                .adjudicate(state, &raw, Some(&seed_value))
                .map_err(|e| refused(file, text, e))?;
            let names = seed_names(Some(&raw), &seed_value);
            (next, events, Some(sha256_hex(text.as_bytes())), names)
        }
    };
    // PBM ¶2: the seed is recorded by all its names, in a game that keeps the record.
    if let Some(record) = next.seeds_used.as_mut() {
        used::record(record, names, &used_by(&label(state)));
    }
    if let (Some(c), Some((_, text))) = (commitment, orders) {
        pbem::commit::check(c, state_bytes, text.as_bytes())
            .map_err(|e| FolderError::Commitment(e.to_string()))?;
    }
    let chain = Chain {
        previous_state: Some(sha256_hex(state_bytes)),
        orders: orders_hash,
        seed: Some(seed_value.hash_hex()),
        commitment: commitment.map(|c| c.trim().to_ascii_lowercase()),
    };
    let mut sf = StateFile::new(next, chain, umpire);
    sf.players = previous.players.clone();
    sf.sender = previous.sender.clone();
    let next_ron = seal(&sf)?;
    let report = rs.report(&sf.state, &events);
    let template = if sf.state.outcome.is_some() {
        String::new()
    } else {
        rs.template(&sf.state)
    };
    Ok(Resolution {
        previous,
        next_hash: sha256_hex(next_ron.as_bytes()),
        next: sf,
        next_ron,
        report,
        template,
        events,
    })
}

/// Writes a state file.
pub fn seal(sf: &StateFile) -> Result<String, FolderError> {
    pbem::envelope::seal(sf).map_err(|e| FolderError::Other(format!("writing the state: {e}")))
}

/// The files one step adds to a game folder.
pub fn resolution_files(
    dir: &Path,
    r: &Resolution,
    orders: Option<&str>,
    seed: &SeedFile,
    commitment: Option<&str>,
) -> Vec<(PathBuf, Vec<u8>)> {
    TurnFiles {
        names: &FILES,
        from: &stem(&r.previous.state),
        to: &stem(&r.next.state),
        orders,
        seed: Some(seed),
        commitment: commitment.map(str::trim),
        report: &r.report,
        state: &r.next_ron,
        template: Some(r.template.as_str()).filter(|t| !t.is_empty()),
    }
    .in_folder(dir)
}

/// The endings of the files that replay a step, in the order a mail attaches them.
const REPLAY_ENDINGS: [&str; 4] = [".orders.toml", ".seed.json", ".seed.txt", ".commitment.txt"];

/// The files that replay the step from the state whose files are named `stem` (its
/// orders, seed and commitment), found by name with `find`, in the order a mail
/// attaches them.
pub fn replay_files(
    stem: &str,
    find: impl FnMut(&str) -> Option<Vec<u8>>,
) -> Vec<(String, Vec<u8>)> {
    pbem::files::stem_files(stem, &REPLAY_ENDINGS, find)
}

/// A new game before any seed exists (turn 0): both commitments, the players, and an
/// empty record of the seeds used (PBM ¶2).
pub fn new_game(
    rs: &Ruleset,
    game_id: &str,
    commitments: &BTreeMap<Side, String>,
    players: BTreeMap<Side, crate::game::Player>,
    sender: &str,
    umpire: &str,
) -> Result<StateFile, FolderError> {
    let (mut state, _) =
        prepare(rs, game_id, commitments).map_err(|e| FolderError::Setup(e.to_string()))?;
    state.seeds_used = Some(used::SeedsUsed::new());
    let mut sf = StateFile::new(state, Chain::default(), umpire);
    sf.players = players;
    sf.sender = sender.to_string();
    Ok(sf)
}

/// What `verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The steps replayed, in order (`setup`, `t001`, ...).
    pub steps: Vec<String>,
    /// The state files of the folder, all reached.
    pub states: usize,
    /// SHA-256 of the first state: the anchor the opening mail carries.
    pub first_hash: String,
    /// The last state's file name.
    pub last: String,
    /// The war is over.
    pub over: bool,
    /// The hidden draws replayed from both revealed secrets, if they are revealed.
    pub hidden: Option<hidden::Verified>,
}

/// Where a replayed file first differs from the file kept in the folder.
pub use pbem::folder::Divergence;

fn divergence(file: &str, from: &str, kept: &str, replayed: &str) -> FolderError {
    let d = pbem::divergence::first_difference(kept, replayed);
    FolderError::Diverged(Box::new(Divergence {
        file: file.to_string(),
        from: from.to_string(),
        line: d.line,
        kept: d.kept,
        replayed: d.replayed,
        steps: Vec::new(),
    }))
}

/// The replayed state as the release that wrote the kept file would have written it.
fn as_written_by(r: &Resolution, kept: &[u8]) -> Result<String, FolderError> {
    match Header::peek_bytes(kept) {
        Ok(h) if h.umpire != r.next.umpire => {
            let mut sf = r.next.clone();
            sf.umpire = h.umpire;
            seal(&sf)
        }
        _ => Ok(r.next_ron.clone()),
    }
}

fn text_of(files: &BTreeMap<String, Vec<u8>>, name: &str) -> Option<String> {
    files
        .get(name)
        .map(|b| String::from_utf8_lossy(b).into_owned())
}

/// The seed kept for a step, if any.
pub fn seed_in(files: &BTreeMap<String, Vec<u8>>, stem: &str) -> Option<SeedFile> {
    let kept = SeedFile::kept(stem, |name| Ok::<_, ()>(text_of(files, name)));
    kept.ok()
        .flatten()
        .filter(|s| !matches!(s, SeedFile::Sales(_)))
}

/// Replays the step kept beside a state in `files` (file name to bytes), as
/// `verify` does, returning `None` when the folder holds no orders or seed for it.
pub fn replay_step(
    files: &BTreeMap<String, Vec<u8>>,
    state_name: &str,
    umpire: &str,
) -> Result<Option<Resolution>, FolderError> {
    let bytes = files
        .get(state_name)
        .ok_or_else(|| FolderError::Incomplete(format!("{state_name} is missing")))?;
    let (sf, _) = read(bytes, state_name)?;
    let st = stem(&sf.state);
    let orders_name = FILES.orders(&st);
    let orders = text_of(files, &orders_name);
    let seed = seed_in(files, &st);
    if sf.state.outcome.is_some() {
        return Ok(None);
    }
    let seed = match (sf.state.turn, &orders, seed) {
        (_, _, Some(s)) => s,
        (0, _, None) | (_, None, None) => return Ok(None),
        (_, Some(_), None) => {
            return Err(FolderError::Incomplete(format!(
                "{st}.seed.json or {st}.seed.txt is missing: the turn's draws cannot be replayed \
                 without the seed it was resolved with"
            )))
        }
    };
    if sf.state.turn > 0 && orders.is_none() {
        return Err(FolderError::Incomplete(format!(
            "{orders_name} is missing: {st}'s seed is kept but not the orders it was resolved with"
        )));
    }
    let commitment = text_of(files, &FILES.commitment(&st));
    resolve(
        bytes,
        state_name,
        orders.as_deref().map(|t| (orders_name.as_str(), t)),
        &seed,
        commitment.as_deref().map(str::trim),
        umpire,
    )
    .map(Some)
}

/// Replays a whole game folder (`files`: file name to bytes) from its first state:
/// the first state must be the game `prepare` makes from its own commitments, every
/// later state must follow byte for byte from its predecessor, orders and seed, every
/// kept report must be the replayed one, and once the war is over both revealed
/// secrets must replay every hidden draw, discard and play.
pub fn verify(files: &BTreeMap<String, Vec<u8>>, umpire: &str) -> Result<Verified, FolderError> {
    verify_kept(files, umpire, true)
}

/// [`verify`], with the revealed secrets required once the war is over only when
/// `secrets_required`: a game rebuilt from the umpire's mail holds no secret (each
/// player mails his own), and its public steps are verified without them.
pub fn verify_kept(
    files: &BTreeMap<String, Vec<u8>>,
    umpire: &str,
    secrets_required: bool,
) -> Result<Verified, FolderError> {
    let states: Vec<&String> = files.keys().filter(|n| n.ends_with(FILES.state)).collect();
    let first = states.first().ok_or_else(|| {
        FolderError::Incomplete("the folder holds no state file: there is no game to verify".into())
    })?;
    let name = (*first).clone();
    let bytes = files.get(&name).cloned().unwrap_or_default();
    let first_hash = sha256_hex(&bytes);
    let (sf, rs) = read(&bytes, &name)?;
    if sf.chain.previous_state.is_some() || sf.state.turn != 0 {
        return Err(FolderError::Other(format!(
            "{name} is not the first state of a game (a game begins at 00-setup, before any seed)"
        )));
    }
    let (mut prepared, _) = prepare(&rs, &sf.state.game_id, &commitments(&sf.state))
        .map_err(|e| FolderError::Setup(e.to_string()))?;
    // A game begins with an empty record of the seeds used, or (begun before the
    // record) with none.
    if sf.state.seeds_used.as_ref().is_some_and(|r| r.is_empty()) {
        prepared.seeds_used = Some(used::SeedsUsed::new());
    }
    if prepared != sf.state {
        let mut fresh = sf.clone();
        fresh.state = prepared;
        return Err(divergence(
            &name,
            "its own commitments",
            &String::from_utf8_lossy(&bytes),
            &seal(&fresh)?,
        ));
    }
    let names: Vec<String> = states.iter().map(|s| s.to_string()).collect();
    let mut kept = KeptSteps {
        files,
        umpire,
        last: sf,
    };
    let walked = pbem::folder::replay(&mut kept, &name, &names).map_err(stopped)?;
    let (name, steps, last) = (walked.last, walked.steps, kept.last);
    let over = last.state.outcome.is_some();
    let hidden = verify_secrets(files, &rs, &last.state, over && secrets_required)?;
    Ok(Verified {
        steps,
        states: states.len(),
        first_hash,
        last: name,
        over,
        hidden,
    })
}

/// The steps of a Mori folder as `verify` replays them, and the last state reached.
struct KeptSteps<'a> {
    files: &'a BTreeMap<String, Vec<u8>>,
    umpire: &'a str,
    last: StateFile,
}

impl pbem::folder::Replay for KeptSteps<'_> {
    type Error = FolderError;

    fn step(&mut self, name: &str) -> Result<Option<Replayed>, FolderError> {
        let Some(r) = replay_step(self.files, name, self.umpire).map_err(|e| match e {
            FolderError::Orders { .. } | FolderError::Incomplete(_) => e,
            other => FolderError::Other(format!("{name}: {other}")),
        })?
        else {
            return Ok(None);
        };
        let next = FILES.state(&stem(&r.next.state));
        let kept = self.files.get(&next).cloned();
        let replayed = match &kept {
            Some(k) => as_written_by(&r, k)?,
            None => String::new(),
        };
        let report = FILES.report(&stem(&r.previous.state));
        let files = vec![
            Compared {
                name: next.clone(),
                kept,
                replayed,
                required: true,
            },
            Compared {
                kept: self.files.get(&report).cloned(),
                name: report,
                replayed: r.report,
                required: false,
            },
        ];
        let step = Replayed {
            label: label(&r.previous.state),
            next,
            from: format!("{name} and the orders and seed beside it"),
            files,
        };
        self.last = r.next;
        Ok(Some(step))
    }
}

/// Where the replay of a Mori folder stopped, as its folder says it.
fn stopped(stop: Stop<FolderError>) -> FolderError {
    match stop {
        Stop::Game(e) => e,
        Stop::Missing { file, step } => FolderError::Incomplete(format!(
            "{file} is missing: the state that step {step} produced is not in the folder"
        )),
        Stop::Diverged(d) => FolderError::Diverged(d),
        Stop::Unreached { at, unreached } => FolderError::Incomplete(format!(
            "the replay stops at {at} (no orders or seed beside it) and never reaches {}",
            unreached.join(", ")
        )),
    }
}

/// Both revealed secrets, checked against the last state: required once the war is
/// over, checked whenever both are there.
fn verify_secrets(
    files: &BTreeMap<String, Vec<u8>>,
    rs: &Ruleset,
    state: &State,
    over: bool,
) -> Result<Option<hidden::Verified>, FolderError> {
    let mut secrets: BTreeMap<Side, Secret> = BTreeMap::new();
    let mut missing = Vec::new();
    let mut errors = Vec::new();
    for side in rs.sides() {
        let file = secret_file(side);
        match text_of(files, &file) {
            Some(t) => match parse_secret(&t) {
                Some(s) => {
                    secrets.insert(side, s);
                }
                None => errors.push(HiddenError::BadSecret { side }),
            },
            None => missing.push(file),
        }
    }
    if !errors.is_empty() {
        return Err(FolderError::Hidden(errors));
    }
    if !missing.is_empty() {
        if over {
            return Err(FolderError::Incomplete(format!(
                "{} missing: the war is over, and its hidden draws are replayed only from both \
                 revealed secrets (`blitz secret --reveal`)",
                missing.join(" and ") + if missing.len() > 1 { " are" } else { " is" }
            )));
        }
        return Ok(None);
    }
    hidden::verify_hidden(rs, state, &secrets)
        .map(Some)
        .map_err(FolderError::Hidden)
}

#[cfg(test)]
mod tests {

    /// A problem on a line of a million characters quotes 120 of them around its place,
    /// the caret under it; a short line is quoted whole.
    #[test]
    fn a_huge_line_is_quoted_around_the_place_only() {
        let line = "x".repeat(1_000_000);
        let (quoted, col) = quoted_window(&line, 500_000);
        assert_eq!(quoted.chars().count(), QUOTE_CHARS + 6);
        assert!(quoted.starts_with("...") && quoted.ends_with("..."));
        assert_eq!(col, QUOTE_CHARS / 2 + 1 + 3);
        let (start, col) = quoted_window(&line, 1);
        assert!(!start.starts_with("...") && start.ends_with("..."));
        assert_eq!(col, 1);
        assert_eq!(quoted_window("short", 3), ("short".to_string(), 3));
    }

    use super::*;
    use crate::demo::{fixed_secret, fixed_seed_text, scripted_orders};
    use crate::orders::MAX_ORDER_BYTES;
    use crate::player;

    /// PBM ¶2 (issue 26): a game made by `new_game` records every name of its seeds,
    /// so a drand round that decided the set-up is refused when turn 1's orders name it
    /// by its number (M151), before its beacon is given; a game begun before the record
    /// (no `seeds_used`) records nothing and its states keep their bytes, and both kinds
    /// of first state verify.
    #[test]
    fn the_names_of_each_seed_are_recorded_and_a_drand_round_named_again_is_refused() {
        let rs = Ruleset::base().unwrap();
        let commitments: BTreeMap<Side, String> = rs
            .sides()
            .iter()
            .map(|s| {
                (
                    *s,
                    player::new_private(&rs, "g1", *s, &fixed_secret(s.name())).1,
                )
            })
            .collect();
        let first = new_game(&rs, "g1", &commitments, BTreeMap::new(), "u@x", "u").unwrap();
        assert_eq!(first.state.seeds_used, Some(used::SeedsUsed::new()));
        let first_ron = seal(&first).unwrap();
        let beacon = SeedFile::Beacon(
            include_str!("../../../examples/demo/beacon-round-123.json").to_string(),
        );
        let r = resolve(first_ron.as_bytes(), "s", None, &beacon, None, "u").unwrap();
        let record = r.next.state.seeds_used.clone().unwrap();
        assert_eq!(
            record.get("drand quicknet round 123").map(String::as_str),
            Some("turn setup")
        );
        let (_, orders) = turn_one();
        let start = orders.find("\n[seed]").unwrap();
        let end = orders.find("\n[[place]]").unwrap();
        let again = format!(
            "{}\n[seed]\nsource = \"drand\"\nround = 123\n{}",
            &orders[..start],
            &orders[end..]
        );
        let err = check(&rs, &r.next.state, "again.toml", &again).unwrap_err();
        let FolderError::Orders { errors, rendered } = err else {
            panic!("refused as orders");
        };
        assert_eq!(
            errors.iter().map(OrderError::code).collect::<Vec<_>>(),
            ["M151"],
            "{rendered}"
        );
        assert!(
            rendered.contains("drand quicknet round 123 already decided turn setup"),
            "{rendered}"
        );
        let mut files = BTreeMap::new();
        files.insert("00-setup.state.ron".to_string(), first_ron.into_bytes());
        files.insert(
            "00-setup.seed.json".to_string(),
            beacon.text().as_bytes().to_vec(),
        );
        files.insert("01-t001.state.ron".to_string(), r.next_ron.into_bytes());
        assert_eq!(verify(&files, "u").unwrap().steps, ["setup"]);
        // Begun before the record: nothing recorded, nothing written, and it verifies.
        let mut old = first.clone();
        old.state.seeds_used = None;
        let old_ron = seal(&old).unwrap();
        let r = resolve(old_ron.as_bytes(), "s", None, &beacon, None, "u").unwrap();
        assert_eq!(r.next.state.seeds_used, None);
        assert!(!r.next_ron.contains("seeds_used"), "{}", r.next_ron);
        files.insert("00-setup.state.ron".to_string(), old_ron.into_bytes());
        files.insert("01-t001.state.ron".to_string(), r.next_ron.into_bytes());
        assert_eq!(verify(&files, "u").unwrap().steps, ["setup"]);
    }

    /// The state of turn 1 of a fresh game and the mover's scripted orders for it,
    /// which name the demo's seed text for `t001`.
    fn turn_one() -> (String, String) {
        let rs = Ruleset::base().unwrap();
        let mut commitments = BTreeMap::new();
        let mut privates = BTreeMap::new();
        for side in rs.sides() {
            let (p, c) = player::new_private(&rs, "g1", side, &fixed_secret(side.name()));
            commitments.insert(side, c);
            privates.insert(side, p);
        }
        let first = new_game(&rs, "g1", &commitments, BTreeMap::new(), "u@x.invalid", "u").unwrap();
        let first_ron = seal(&first).unwrap();
        let setup = SeedFile::Text("the set-up seed".into());
        let r = resolve(first_ron.as_bytes(), "s", None, &setup, None, "u").unwrap();
        let view = player::view(&r.next.state, &privates[&r.next.state.to_move]).unwrap();
        let orders = scripted_orders(&rs, &r.next.state, &view.private);
        (r.next_ron, orders)
    }

    #[test]
    fn a_turn_is_resolved_only_with_the_seed_its_orders_name() {
        let (state, orders) = turn_one();
        assert!(orders.contains("[seed]"), "{orders}");
        let named = SeedFile::Text(fixed_seed_text("g1", "t001"));
        let step = Some(("o.toml", orders.as_str()));
        resolve(state.as_bytes(), "s", step, &named, None, "u").unwrap();
        let other = SeedFile::Text("a text published later".into());
        let err = resolve(state.as_bytes(), "s", step, &other, None, "u").unwrap_err();
        assert!(matches!(err, FolderError::Seed(_)), "{err}");
        assert!(
            err.to_string()
                .contains("o.toml: the agreed text given has SHA-256"),
            "{err}"
        );
        assert!(err.to_string().contains("SHA-256"), "{err}");
    }

    #[test]
    fn a_turn_naming_a_drand_round_takes_that_rounds_beacon_only() {
        let (state, orders) = turn_one();
        let start = orders.find("\n[seed]").unwrap();
        let end = orders.find("\n[[place]]").unwrap();
        let drand = format!(
            "{}\n[seed]\nsource = \"drand\"\nround = 123\n{}",
            &orders[..start],
            &orders[end..]
        );
        let step = Some(("d.toml", drand.as_str()));
        let beacon = |round: u32| {
            let path = format!(
                "{}/../pbem/tests/data/beacon-quicknet-{round}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            SeedFile::Beacon(std::fs::read_to_string(path).unwrap())
        };
        resolve(state.as_bytes(), "s", step, &beacon(123), None, "u").unwrap();
        let err = resolve(state.as_bytes(), "s", step, &beacon(657_413), None, "u").unwrap_err();
        assert!(
            err.to_string()
                .contains("d.toml: the orders name drand round 123"),
            "{err}"
        );
        let text = SeedFile::Text(fixed_seed_text("g1", "t001"));
        let err = resolve(state.as_bytes(), "s", step, &text, None, "u").unwrap_err();
        assert!(err.to_string().contains("source = \"drand\""), "{err}");
    }

    #[test]
    fn orders_that_name_no_seed_are_refused_with_the_code_and_place() {
        let (state, orders) = turn_one();
        let start = orders.find("\n[seed]").unwrap();
        let end = orders.find("\n[[place]]").unwrap();
        let bare = format!("{}{}", &orders[..start], &orders[end..]);
        let named = SeedFile::Text(fixed_seed_text("g1", "t001"));
        let err = resolve(
            state.as_bytes(),
            "s",
            Some(("bare.toml", &bare)),
            &named,
            None,
            "u",
        )
        .unwrap_err();
        let FolderError::Orders { rendered, errors } = err else {
            panic!("refused as orders");
        };
        assert_eq!(
            errors.iter().map(OrderError::code).collect::<Vec<_>>(),
            ["M108"]
        );
        assert!(rendered.starts_with("bare.toml:1:1: M108 "), "{rendered}");
        let (sf, rs) = read(state.as_bytes(), "s").unwrap();
        let err = check(&rs, &sf.state, "bare.toml", &bare).unwrap_err();
        assert!(err.to_string().contains("bare.toml:1:1: M108"), "{err}");
    }

    /// Issue 26 item 5: orders kept in a folder repeating one `[[place]]` 40,000 times
    /// (or 5 MB of `[`) are refused unread when `verify` replays them (M150), as
    /// `check` refuses them; the same orders within the limit are read, each repeat
    /// reported once.
    #[test]
    fn orders_beyond_the_limit_are_refused_unread_where_verify_reads_them() {
        let (state, orders) = turn_one();
        let start = orders.find("\n[[place]]").unwrap();
        let place = orders[start..].to_string();
        let header = &orders[..start];
        let (sf, rs) = read(state.as_bytes(), "s").unwrap();
        let st = stem(&sf.state);
        let mut files = BTreeMap::new();
        files.insert(format!("{st}.state.ron"), state.clone().into_bytes());
        let named = fixed_seed_text("g1", "t001");
        files.insert(format!("{st}.seed.txt"), named.into_bytes());
        for huge in [
            format!("{header}{}", place.repeat(40_000)),
            format!("{header}\nx = {}", "[".repeat(5_000_000)),
            "=".repeat(5_000_000),
        ] {
            files.insert(format!("{st}.orders.toml"), huge.into_bytes());
            let err = replay_step(&files, &format!("{st}.state.ron"), "u").unwrap_err();
            let FolderError::Orders { errors, .. } = err else {
                panic!("refused as orders: {err}");
            };
            assert_eq!(
                errors.iter().map(OrderError::code).collect::<Vec<_>>(),
                ["M150"]
            );
        }
        // Within the limit, a placement repeated is read and each repeat is reported.
        let n = (MAX_ORDER_BYTES - header.len()) / place.len();
        let within = format!("{header}{}", place.repeat(n));
        let raw = RawOrders::parse(&within).unwrap();
        let errors = crate::orders::check(&rs, &sf.state, &raw).unwrap_err();
        let twice = errors.iter().filter(|e| e.code() == "M113").count();
        assert_eq!(twice, n - 1, "{n} placements of one token");
        // Rendered, the first MAX_SHOWN are shown and the others counted, as BLITZKRIEG
        // renders its own: a page, not a message the size of the file many times over.
        let rendered = render_problems("o.toml", &within, &errors);
        let shown = rendered.lines().filter(|l| l.starts_with("o.toml:"));
        assert_eq!(shown.count(), MAX_SHOWN, "{rendered}");
        let more = errors.len() - MAX_SHOWN;
        assert!(
            rendered.ends_with(&format!(
                "… and {more} more problems not shown: fix these first\n"
            )),
            "{rendered}"
        );
        assert!(rendered.len() < 20_000, "{}", rendered.len());
    }

    /// PBM ¶2 in Mori's game: a seed that decided an earlier step (here the set-up's
    /// text, which the state keeps) is refused when orders name it by its SHA-256
    /// (M151: `check`, `commit`, and `resolve` and `verify`, which check the orders
    /// first), and when it is given to resolve a turn whose orders named it otherwise.
    #[test]
    fn a_seed_that_decided_an_earlier_step_is_refused() {
        let (state, orders) = turn_one();
        let start = orders.find("\n[seed]").unwrap();
        let end = orders.find("\n[[place]]").unwrap();
        let sha = Seed::from_text("the set-up seed").unwrap().hash_hex();
        let again = format!(
            "{}\n[seed]\nsource = \"text\"\nsha256 = \"{sha}\"\n{}",
            &orders[..start],
            &orders[end..]
        );
        let (sf, rs) = read(state.as_bytes(), "s").unwrap();
        let err = check(&rs, &sf.state, "again.toml", &again).unwrap_err();
        let FolderError::Orders { errors, rendered } = err else {
            panic!("refused as orders");
        };
        assert_eq!(
            errors.iter().map(OrderError::code).collect::<Vec<_>>(),
            ["M151"]
        );
        assert!(
            rendered.contains(&format!(
                "M151 the seed named was used before: the seed value with SHA-256 {sha} \
                 already decided turn setup of this game"
            )),
            "{rendered}"
        );
        let step = Some(("again.toml", again.as_str()));
        let setup = SeedFile::Text("the set-up seed".into());
        let err = resolve(state.as_bytes(), "s", step, &setup, None, "u").unwrap_err();
        assert!(
            err.to_string().contains("already decided turn setup"),
            "{err}"
        );
        let fresh = SeedFile::Text("a text published later".into());
        let err = resolve(state.as_bytes(), "s", step, &fresh, None, "u").unwrap_err();
        assert!(matches!(err, FolderError::Orders { .. }), "{err}");
        // Orders naming a time only, resolved with the set-up's text: the value is known.
        let by_time = format!(
            "{}\n[seed]\nsource = \"text\"\ntime = \"2026-01-01T00:00:00Z\"\n{}",
            &orders[..start],
            &orders[end..]
        );
        let step = Some(("time.toml", by_time.as_str()));
        let err = resolve(state.as_bytes(), "s", step, &setup, None, "u").unwrap_err();
        assert!(matches!(err, FolderError::Seed(_)), "{err}");
        assert!(
            err.to_string().contains("already decided turn setup"),
            "{err}"
        );
        // A text never used resolves.
        resolve(state.as_bytes(), "s", step, &fresh, None, "u").unwrap();
    }
}
