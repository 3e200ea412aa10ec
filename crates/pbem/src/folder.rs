//! The game folder, whatever the game: the published seed a step is resolved with as
//! it is given and kept ([`SeedInput`]), the files one resolution adds
//! ([`TurnFiles`], named by the game's [`FileNames`] and stems), and the replay loop
//! `verify` runs over a folder ([`replay`]), which stops at the first kept file that
//! does not follow ([`Divergence`]).
//!
//! A game plugs in twice: its [`crate::game::Game`] names its files
//! ([`crate::game::Game::FILES`], [`crate::game::Game::file_stem`]), and its
//! [`Replay`] replays the step kept beside one state and says which files it produced.
//! Reading the folder, comparing byte for byte, following the states from the first to
//! the last and saying where a replay stops are done here, once for every game.

use crate::divergence::first_difference;
use crate::envelope::Header;
use crate::files::FileError;
use crate::seed::{Beacon, DrandChain, Seed, SeedError};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The published value given at resolution and kept beside the state it resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedInput {
    /// A drand beacon as relays serve it (JSON).
    Beacon(String),
    /// The agreed text.
    Text(String),
    /// The `symbol,volume` sales of the trading date (CSV).
    Sales(String),
}

/// The endings of a kept seed, in the order a folder is searched for one.
const SEED_ENDINGS: [&str; 3] = [".seed.json", ".seed.txt", ".sales.csv"];

impl SeedInput {
    /// The file extension this seed is kept under in a game folder.
    pub fn extension(&self) -> &'static str {
        match self {
            SeedInput::Beacon(_) => "seed.json",
            SeedInput::Text(_) => "seed.txt",
            SeedInput::Sales(_) => "sales.csv",
        }
    }

    pub fn text(&self) -> &str {
        match self {
            SeedInput::Beacon(t) | SeedInput::Text(t) | SeedInput::Sales(t) => t,
        }
    }

    /// What it is, and the most bytes it may have: a beacon is a few hundred bytes, an
    /// agreed text a line or a paragraph, the sales of a whole exchange some 200 KiB.
    pub fn limit(&self) -> (&'static str, usize) {
        match self {
            SeedInput::Beacon(_) => ("drand beacon", 64 * 1024),
            SeedInput::Text(_) => ("agreed text", 64 * 1024),
            SeedInput::Sales(_) => ("stock sales file", 1024 * 1024),
        }
    }

    /// The seed, with no round or date named: a beacon verified against drand's
    /// quicknet chain, the text, the sales of whatever date.
    pub fn seed(&self) -> Result<Seed, SeedError> {
        match self {
            SeedInput::Beacon(json) => Seed::from_beacon_json(json, &DrandChain::quicknet()?, None),
            SeedInput::Text(t) => Seed::from_text(t),
            SeedInput::Sales(csv) => Seed::from_stock_csv(csv, None),
        }
    }

    /// The seed kept beside the state whose files are named `stem`, as `find` reads a
    /// file of the folder by name (`None`: not there): a beacon, else a text, else
    /// sales figures.
    pub fn kept<E>(
        stem: &str,
        mut find: impl FnMut(&str) -> Result<Option<String>, E>,
    ) -> Result<Option<SeedInput>, E> {
        for ending in SEED_ENDINGS {
            if let Some(text) = find(&format!("{stem}{ending}"))? {
                return Ok(Some(match ending {
                    ".seed.json" => SeedInput::Beacon(text),
                    ".seed.txt" => SeedInput::Text(text),
                    _ => SeedInput::Sales(text),
                }));
            }
        }
        Ok(None)
    }
}

/// The beacons a game folder keeps (`STEM.seed.json`), read for a check of them
/// together before a replay ([`DrandChain::check_together`]). A file larger than a
/// beacon may be ([`SeedInput::limit`]) or that does not read as one is left out: the
/// replay names its problem when it reaches it.
pub fn kept_beacons(dir: &Path) -> Vec<Beacon> {
    let Ok(names) = crate::files::names_ending(dir, SEED_ENDINGS[0]) else {
        return Vec::new();
    };
    let max = SeedInput::Beacon(String::new()).limit().1 as u64;
    names
        .iter()
        .filter_map(|name| crate::files::read_at_most(&dir.join(name), max).ok())
        .filter_map(|bytes| String::from_utf8(bytes).ok())
        .filter_map(|text| Beacon::from_json(&text).ok())
        .collect()
}

/// How a game names the files of its folder: `STEM` + ending, the stem being the
/// game's ([`crate::game::Game::file_stem`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileNames {
    /// A state: `05-2-red.state.ron`.
    pub state: &'static str,
    /// The orders a step was played with, kept beside the state they were played on.
    pub orders: &'static str,
    /// The report of the step played from a state.
    pub report: &'static str,
    /// The order template for whoever moves from a state.
    pub template: &'static str,
    /// The commitment mailed before the seed was published.
    pub commitment: &'static str,
}

impl FileNames {
    /// The state file of `stem`.
    pub fn state(&self, stem: &str) -> String {
        format!("{stem}{}", self.state)
    }
    /// The order file kept beside the state of `stem`.
    pub fn orders(&self, stem: &str) -> String {
        format!("{stem}{}", self.orders)
    }
    /// The report of the step played from the state of `stem`.
    pub fn report(&self, stem: &str) -> String {
        format!("{stem}{}", self.report)
    }
    /// The order template for whoever moves from the state of `stem`.
    pub fn template(&self, stem: &str) -> String {
        format!("{stem}{}", self.template)
    }
    /// The commitment kept beside the state of `stem`.
    pub fn commitment(&self, stem: &str) -> String {
        format!("{stem}{}", self.commitment)
    }
}

/// Everything one resolution adds to a game folder: beside the state it was played
/// from (`from`), the orders, the seed, the commitment and the report; then the state
/// it produced (`to`) and the template for whoever moves next.
#[derive(Clone, Debug)]
pub struct TurnFiles<'a> {
    pub names: &'a FileNames,
    /// The stem of the state the step was played from.
    pub from: &'a str,
    /// The stem of the state it produced.
    pub to: &'a str,
    pub orders: Option<&'a str>,
    pub seed: Option<&'a SeedInput>,
    /// Kept as given, with a line feed after it.
    pub commitment: Option<&'a str>,
    pub report: &'a str,
    pub state: &'a str,
    /// `None`: no template (nobody moves next).
    pub template: Option<&'a str>,
}

impl TurnFiles<'_> {
    /// The files with their paths in `dir`, in the order they are written: orders,
    /// seed, commitment, report, state, template.
    pub fn in_folder(&self, dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let (from, to, n) = (self.from, self.to, self.names);
        let mut out = Vec::new();
        if let Some(text) = self.orders {
            out.push((dir.join(n.orders(from)), text.as_bytes().to_vec()));
        }
        if let Some(s) = self.seed {
            let name = format!("{from}.{}", s.extension());
            out.push((dir.join(name), s.text().as_bytes().to_vec()));
        }
        if let Some(c) = self.commitment {
            out.push((dir.join(n.commitment(from)), format!("{c}\n").into_bytes()));
        }
        out.push((dir.join(n.report(from)), self.report.as_bytes().to_vec()));
        out.push((dir.join(n.state(to)), self.state.as_bytes().to_vec()));
        if let Some(t) = self.template {
            out.push((dir.join(n.template(to)), t.as_bytes().to_vec()));
        }
        out
    }
}

/// The bytes of a state file that hold its envelope's header (format, kind, umpire).
const HEADER_BYTES: u64 = 512;

/// The kind of game a folder holds (the envelope's `kind`, as written: empty in a
/// format-1 state), read from the headers of its state files (names ending in
/// `state_ending`), the first by name deciding: `None` when the folder cannot be
/// listed or holds no state whose header can be read. A folder holding states of two
/// kinds is refused (F030); a state with no kind (format 1) goes with any.
pub fn kind_of(dir: &Path, state_ending: &str) -> Result<Option<String>, FileError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(None);
    };
    let mut states: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.file_name().to_str()?.to_string(), e.path())))
        .filter(|(n, _)| n.ends_with(state_ending))
        .collect();
    states.sort();
    let mut first: Option<(String, String)> = None;
    for (name, path) in states {
        let Some(kind) = header_kind(&path) else {
            continue;
        };
        match &first {
            None => first = Some((name, kind)),
            Some((f, k)) if !kind.is_empty() && !k.is_empty() && *k != kind => {
                return Err(FileError::TwoGames {
                    dir: dir.to_path_buf(),
                    first: f.clone(),
                    first_kind: k.clone(),
                    other: name,
                    other_kind: kind,
                })
            }
            Some(_) => {}
        }
    }
    Ok(first.map(|(_, k)| k))
}

/// The kind a state file's header names, read from its first bytes; `None` when they
/// are not a header (a file laid out otherwise than the umpire writes it, say).
pub fn header_kind(path: &Path) -> Option<String> {
    // Room for the whole head at once: read in one call, not in ever larger pieces.
    let mut head = Vec::with_capacity(usize::try_from(HEADER_BYTES).unwrap_or(0));
    let file = std::fs::File::open(path).ok()?;
    file.take(HEADER_BYTES).read_to_end(&mut head).ok()?;
    Header::peek_bytes(&head).ok().map(|h| h.kind)
}

/// A file one replayed step produced, beside the file of that name kept in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// Its name, as the game words it in messages (a bare name or a path).
    pub name: String,
    /// The kept file's bytes; `None` when the folder does not hold it.
    pub kept: Option<Vec<u8>>,
    /// The file as the replay writes it.
    pub replayed: String,
    /// A missing kept file stops the replay ([`Stop::Missing`]); else it is not compared.
    pub required: bool,
}

/// One step a game replayed from a kept state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The step, as the game labels it ("3-Blue", "t004").
    pub label: String,
    /// The name of the state it produced: the next state of the replay.
    pub next: String,
    /// What the files were replayed from, for the message of a divergence (the order
    /// file, or "the state and the orders and seed beside it").
    pub from: String,
    /// The files it produced, the next state first.
    pub files: Vec<Compared>,
}

/// What a game does for `verify`: replays the step kept beside one state.
pub trait Replay {
    type Error;
    /// Replays the step played from the state named `state`: `None` when the folder
    /// keeps nothing to replay beside it (the replay ends there).
    fn step(&mut self, state: &str) -> Result<Option<Replayed>, Self::Error>;
}

/// Where a replayed file first differs from the file kept in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The kept file that does not follow.
    pub file: String,
    /// What it was replayed from ([`Replayed::from`]).
    pub from: String,
    /// The first line that differs (1-based).
    pub line: usize,
    /// That line as kept, and as replayed ("(end of file)" past the end).
    pub kept: String,
    pub replayed: String,
    /// The steps replayed without a difference before it.
    pub steps: Vec<String>,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} does not follow from {}: first difference at line {}\n  kept:     {}\n  replayed: {}",
            self.file, self.from, self.line, self.kept, self.replayed
        )
    }
}

/// Why a replay stopped before the folder's last state.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop<E> {
    /// The game could not replay a step: its own error.
    Game(E),
    /// A file the step produced is not kept (`file`, produced by step `step`).
    Missing { file: String, step: String },
    /// A kept file does not follow from what it was replayed from.
    Diverged(Box<Divergence>),
    /// The replay ended at `at` (nothing kept beside it to replay) and never reached
    /// the states `unreached`.
    Unreached { at: String, unreached: Vec<String> },
}

/// A folder replayed to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// The steps replayed, in order.
    pub steps: Vec<String>,
    /// The state the replay ended at.
    pub last: String,
}

/// Replays a game folder from its state `first`: each step kept beside a state is
/// replayed by the game, every file it produced must be the kept one byte for byte,
/// and the replay goes on from the state it produced until nothing is kept to replay.
/// Every state of the folder (`states`) must be reached.
pub fn replay<R: Replay>(
    game: &mut R,
    first: &str,
    states: &[String],
) -> Result<Walked, Stop<R::Error>> {
    let mut at = first.to_string();
    let mut steps: Vec<String> = Vec::new();
    let mut reached = vec![at.clone()];
    while let Some(step) = game.step(&at).map_err(Stop::Game)? {
        for file in &step.files {
            let Some(kept) = &file.kept else {
                if file.required {
                    return Err(Stop::Missing {
                        file: file.name.clone(),
                        step: step.label.clone(),
                    });
                }
                continue;
            };
            if kept.as_slice() != file.replayed.as_bytes() {
                let d = first_difference(&String::from_utf8_lossy(kept), &file.replayed);
                return Err(Stop::Diverged(Box::new(Divergence {
                    file: file.name.clone(),
                    from: step.from.clone(),
                    line: d.line,
                    kept: d.kept,
                    replayed: d.replayed,
                    steps,
                })));
            }
        }
        steps.push(step.label);
        at = step.next;
        reached.push(at.clone());
    }
    let unreached: Vec<String> = states
        .iter()
        .filter(|s| !reached.contains(s))
        .cloned()
        .collect();
    if !unreached.is_empty() {
        return Err(Stop::Unreached { at, unreached });
    }
    Ok(Walked { steps, last: at })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::EnvelopeError;
    use crate::game::{Game, OrderProblem, Step};
    use std::collections::BTreeMap;
    use std::fmt;

    /// A game of one counter: a state is its number, an order file the number to add;
    /// the seed adds its text's length. It knows nothing of any folder.
    struct Counter;

    #[derive(Debug)]
    struct Never;
    impl fmt::Display for Never {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("never")
        }
    }
    impl OrderProblem for Never {
        fn code(&self) -> &str {
            "X000"
        }
        fn rule(&self) -> String {
            String::new()
        }
        fn place(&self, _: &str) -> Option<(usize, usize)> {
            None
        }
        fn subject(&self) -> Option<String> {
            None
        }
    }

    impl Game for Counter {
        const KIND: &'static str = "counter";
        const FILES: FileNames = FileNames {
            state: ".n",
            orders: ".add",
            report: ".said",
            template: ".next",
            commitment: ".c",
        };
        type State = u32;
        type Orders = u32;
        type Event = u32;
        type Problem = Never;
        fn read_state(&self, text: &str, file: &str) -> Result<u32, EnvelopeError> {
            text.trim().parse().map_err(|_| EnvelopeError::Unreadable {
                file: file.to_string(),
                reason: "not a number".to_string(),
            })
        }
        fn write_state(&self, state: &u32) -> Result<String, String> {
            Ok(format!("{state}\n"))
        }
        fn file_stem(&self, state: &u32) -> String {
            format!("{state:03}")
        }
        fn subject(&self, step: &str, _: &str, _: &str) -> crate::mail::Subject {
            crate::mail::Subject {
                first: format!("at {step}"),
                corrected: format!("at {step}, again"),
            }
        }
        fn step(&self, state: &u32) -> Step {
            Step {
                label: format!("at{state}"),
                side: "one".to_string(),
                over: false,
            }
        }
        fn sides(&self) -> Vec<String> {
            vec!["one".to_string()]
        }
        fn parse_orders(&self, text: &str) -> Result<u32, Vec<Never>> {
            text.trim().parse().map_err(|_| vec![Never])
        }
        fn check(&self, _: &u32, _: &u32) -> Vec<Never> {
            Vec::new()
        }
        fn adjudicate(&self, state: &u32, add: &u32, seed: Option<&Seed>) -> Adjudicated {
            let bonus = seed.map_or(0, |s| s.value_bytes().len() as u32);
            Ok((state + add + bonus, vec![*add]))
        }
        fn report(&self, state: &u32, events: &[u32]) -> String {
            format!("added {events:?}, now {state}\n")
        }
        fn template(&self, _: &u32) -> String {
            "0\n".to_string()
        }
    }
    type Adjudicated = crate::game::Adjudicated<Counter>;

    /// The counter's folder replayed through its [`Game`] alone: the state, orders and
    /// seed kept beside it give the next state and the report.
    struct Folder<'a> {
        files: &'a BTreeMap<String, String>,
    }

    impl Replay for Folder<'_> {
        type Error = String;
        fn step(&mut self, name: &str) -> Result<Option<Replayed>, String> {
            let g = Counter;
            let n = Counter::FILES;
            let text = self.files.get(name).ok_or(format!("{name} is gone"))?;
            let state = g.read_state(text, name).map_err(|e| e.to_string())?;
            let stem = g.file_stem(&state);
            let Some(orders) = self.files.get(&n.orders(&stem)) else {
                return Ok(None);
            };
            let orders = g
                .parse_orders(orders)
                .map_err(|_| "bad orders".to_string())?;
            let seed = SeedInput::kept(&stem, |f| Ok::<_, String>(self.files.get(f).cloned()))?;
            let seed = seed
                .map(|s| s.seed())
                .transpose()
                .map_err(|e| e.to_string())?;
            let (next, events) = g
                .adjudicate(&state, &orders, seed.as_ref())
                .map_err(|_| "refused".to_string())?;
            let next_name = n.state(&g.file_stem(&next));
            let kept = |f: &str| self.files.get(f).map(|t| t.clone().into_bytes());
            Ok(Some(Replayed {
                label: g.step(&state).label,
                from: n.orders(&stem),
                files: vec![
                    Compared {
                        kept: kept(&next_name),
                        name: next_name.clone(),
                        replayed: g.write_state(&next)?,
                        required: true,
                    },
                    Compared {
                        kept: kept(&n.report(&stem)),
                        name: n.report(&stem),
                        replayed: g.report(&next, &events),
                        required: false,
                    },
                ],
                next: next_name,
            }))
        }
    }

    /// The folder [`TurnFiles`] writes for each step from 0: adding each of `adds`,
    /// with the seed text "ab" (two more) on the second step.
    fn played(adds: &[u32]) -> (BTreeMap<String, String>, Vec<String>) {
        let g = Counter;
        let mut files = BTreeMap::from([("000.n".to_string(), "0\n".to_string())]);
        let mut states = vec!["000.n".to_string()];
        let mut state = 0;
        for (i, add) in adds.iter().enumerate() {
            let seed = (i == 1).then(|| SeedInput::Text("ab".to_string()));
            let s = seed.as_ref().map(|s| s.seed().unwrap());
            let (next, events) = g.adjudicate(&state, add, s.as_ref()).unwrap();
            let (from, to) = (g.file_stem(&state), g.file_stem(&next));
            let orders = format!("{add}\n");
            let out = TurnFiles {
                names: &Counter::FILES,
                from: &from,
                to: &to,
                orders: Some(&orders),
                seed: seed.as_ref(),
                commitment: None,
                report: &g.report(&next, &events),
                state: &g.write_state(&next).unwrap(),
                template: Some(&g.template(&next)),
            }
            .in_folder(Path::new(""));
            for (p, b) in out {
                files.insert(p.display().to_string(), String::from_utf8(b).unwrap());
            }
            states.push(Counter::FILES.state(&to));
            state = next;
        }
        (files, states)
    }

    #[test]
    fn a_folder_the_game_wrote_replays_to_its_last_state() {
        let (files, states) = played(&[1, 2, 3]);
        assert!(files.contains_key("001.seed.txt"), "{:?}", files.keys());
        assert!(files.contains_key("008.next"));
        let walked = replay(&mut Folder { files: &files }, "000.n", &states).unwrap();
        assert_eq!(walked.steps, ["at0", "at1", "at5"]);
        assert_eq!(walked.last, "008.n");
    }

    #[test]
    fn the_first_kept_file_that_does_not_follow_is_named_with_its_line() {
        let (mut files, states) = played(&[1, 2, 3]);
        files.insert("001.said".to_string(), "added [2], now 6\n".to_string());
        let err = replay(&mut Folder { files: &files }, "000.n", &states).unwrap_err();
        let Stop::Diverged(d) = err else {
            panic!("{err:?}")
        };
        assert_eq!(d.file, "001.said");
        assert_eq!(d.from, "001.add");
        assert_eq!((d.line, d.kept.as_str()), (1, "added [2], now 6"));
        assert_eq!(d.replayed, "added [2], now 5");
        assert_eq!(d.steps, ["at0"], "the steps that followed before it");
        // A kept state edited: it is named before its report.
        let (mut files, states) = played(&[1, 2, 3]);
        files.insert("005.n".to_string(), "6\n".to_string());
        let Err(Stop::Diverged(d)) = replay(&mut Folder { files: &files }, "000.n", &states) else {
            panic!("a kept state that does not follow")
        };
        assert_eq!((d.file.as_str(), d.line), ("005.n", 1));
        assert_eq!((d.kept.as_str(), d.replayed.as_str()), ("6", "5"));
    }

    #[test]
    fn a_replay_that_stops_early_says_where_and_what_it_never_reached() {
        let (mut files, states) = played(&[1, 2, 3]);
        files.remove("005.add");
        let err = replay(&mut Folder { files: &files }, "000.n", &states).unwrap_err();
        assert_eq!(
            err,
            Stop::Unreached {
                at: "005.n".to_string(),
                unreached: vec!["008.n".to_string()]
            }
        );
        let (mut files, states) = played(&[1, 2]);
        files.remove("005.n");
        let err = replay(&mut Folder { files: &files }, "000.n", &states).unwrap_err();
        assert_eq!(
            err,
            Stop::Missing {
                file: "005.n".to_string(),
                step: "at1".to_string()
            }
        );
        // A report not kept is not compared; the game's own error is passed on.
        let (mut files, states) = played(&[1]);
        files.remove("000.said");
        replay(&mut Folder { files: &files }, "000.n", &states).unwrap();
        files.insert("000.add".to_string(), "x".to_string());
        let err = replay(&mut Folder { files: &files }, "000.n", &states).unwrap_err();
        assert_eq!(err, Stop::Game("bad orders".to_string()));
    }

    #[test]
    fn a_folder_is_of_the_kind_its_states_name_and_never_of_two() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(kind_of(dir.path(), ".n").unwrap(), None);
        let state =
            |kind: &str| format!("(\n  format: 2,\n  kind: \"{kind}\",\n  umpire: \"u\",\n");
        std::fs::write(dir.path().join("00-a.n"), state("counter")).unwrap();
        std::fs::write(dir.path().join("01-b.n"), "not a state").unwrap();
        std::fs::write(dir.path().join("02-c.n"), "(\n  format: 1,\n  chain: (),\n").unwrap();
        assert_eq!(
            kind_of(dir.path(), ".n").unwrap().as_deref(),
            Some("counter")
        );
        std::fs::write(dir.path().join("03-d.n"), state("other")).unwrap();
        let err = kind_of(dir.path(), ".n").unwrap_err();
        assert_eq!(err.error_code(), "F030");
        assert!(
            err.to_string()
                .contains("00-a.n is of a `counter` game, 03-d.n of a `other` game"),
            "{err}"
        );
    }
}
