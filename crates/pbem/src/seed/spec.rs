//! The `[seed]` table of an order file: the seed a turn will be resolved with, named
//! before its value exists (`docs/dice.md`). What any game can judge of it: whether it
//! names a seed of the kinds the game is resolved by, whether the moment it names can
//! come, from when its value may be known (`blitz commit` refuses one already out), and
//! whether a published seed is the one it names (`blitz resolve` refuses another).

use super::{DrandChain, Seed, SeedError, SeedKind};
use serde::{Deserialize, Serialize};

/// The seed the orders bind to, named before its value exists (see `docs/dice.md`).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct SeedSpec {
    pub source: String,
    pub round: Option<u64>,
    pub time: Option<String>,
    pub date: Option<String>,
    pub description: Option<String>,
    /// SHA-256 (hex) of an agreed text published in advance sealed, for `resolve` to
    /// refuse any other text.
    pub sha256: Option<String>,
}

impl SeedSpec {
    /// The source as written, trimmed and in lower case ("drand", "stock", "text").
    pub fn source_key(&self) -> String {
        self.source.trim().to_ascii_lowercase()
    }
}

/// A kind of seed a game is resolved by, as its `[seed]` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accepted {
    /// A drand round of the chain with this genesis and period (Unix seconds).
    Drand { genesis: u64, period: u64 },
    /// The stock sales of a trading date.
    Stock,
    /// A text both players agreed on.
    Text,
}

impl Accepted {
    /// A drand round of `chain`.
    pub fn drand(chain: &DrandChain) -> Accepted {
        Accepted::Drand {
            genesis: chain.genesis,
            period: chain.period,
        }
    }

    fn kind(self) -> SeedKind {
        match self {
            Accepted::Drand { .. } => SeedKind::Drand,
            Accepted::Stock => SeedKind::Stock,
            Accepted::Text => SeedKind::Text,
        }
    }

    fn resolved_by(self) -> &'static str {
        match self {
            Accepted::Drand { .. } => "a drand round",
            Accepted::Stock => "stock sales",
            Accepted::Text => "an agreed text",
        }
    }
}

/// No seed is named for a moment from 2101-01-01T00:00:00Z on (Unix seconds): a round,
/// a time or a date that far ahead is a mistake, and could never decide a battle.
pub const LAST_SEED_TIME: i64 = 4_133_980_800;

/// One thing wrong with a `[seed]`, worded as the end of a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecProblem {
    #[error("this game is resolved by {}: {}", list(.accepted, Accepted::resolved_by, " or "), sources(.accepted))]
    WrongSource { accepted: Vec<Accepted> },
    #[error("name the drand round (round = N) or a UTC time (time = \"...\")")]
    NoRound,
    #[error("name the trading date: date = \"YYYY-MM-DD\"")]
    NoDate,
    #[error("time = \"{0}\" is not a UTC time: write it like \"2030-01-01T18:00:00Z\"")]
    BadTime(String),
    #[error("time = \"{0}\" is after 2100: name a time that will come")]
    LateTime(String),
    #[error("date = \"{0}\" is not a date: write it like \"2030-01-02\"")]
    BadDate(String),
    #[error("date = \"{0}\" is after 2100: name a date that will come")]
    LateDate(String),
    #[error("round = 0 is never published: drand rounds start at 1")]
    RoundZero,
    #[error("round = {0} is published after 2100: name a round that will come")]
    LateRound(u64),
    #[error("sha256 names the hash of an agreed text: only with source = \"text\"")]
    Sha256NotText,
    #[error("sha256 = \"{0}\" is not a SHA-256: it is 64 hex digits, as `sha256sum` prints")]
    BadSha256(String),
}

fn list(accepted: &[Accepted], f: fn(Accepted) -> &'static str, sep: &str) -> String {
    accepted.iter().map(|a| f(*a)).collect::<Vec<_>>().join(sep)
}

fn sources(accepted: &[Accepted]) -> String {
    let keys: Vec<String> = accepted
        .iter()
        .map(|a| format!("\"{}\"", a.kind().key()))
        .collect();
    format!("source = {}", keys.join(" or "))
}

/// The spec against the kinds of seed a game is resolved by (one for BLITZKRIEG, the
/// game's option; a drand round or an agreed text for Mori's): the source, and what
/// that source needs named (a round or time, a date). The first half of [`problems`]:
/// a game adds its own checks (a stock per battle) after it.
pub fn source_problems(spec: &SeedSpec, accepted: &[Accepted]) -> Vec<SpecProblem> {
    let source = spec.source_key();
    let Some(chosen) = accepted.iter().find(|a| a.kind().key() == source) else {
        return vec![SpecProblem::WrongSource {
            accepted: accepted.to_vec(),
        }];
    };
    match chosen {
        Accepted::Drand { .. } if spec.round.is_none() && spec.time.is_none() => {
            vec![SpecProblem::NoRound]
        }
        Accepted::Stock if spec.date.is_none() => vec![SpecProblem::NoDate],
        _ => Vec::new(),
    }
}

/// The moments the spec names (a time, a date, a drand round) must be real and come
/// before 2101, and a `sha256` only names an agreed text, in 64 hex digits. The second
/// half of [`problems`].
pub fn moment_problems(spec: &SeedSpec, accepted: &[Accepted]) -> Vec<SpecProblem> {
    let mut out = Vec::new();
    if let Some(t) = &spec.time {
        match chrono::DateTime::parse_from_rfc3339(t.trim()) {
            Err(_) => out.push(SpecProblem::BadTime(t.clone())),
            Ok(at) if at.timestamp() >= LAST_SEED_TIME => {
                out.push(SpecProblem::LateTime(t.clone()))
            }
            Ok(_) => {}
        }
    }
    if let Some(d) = &spec.date {
        match chrono::NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d") {
            Err(_) => out.push(SpecProblem::BadDate(d.clone())),
            Ok(day)
                if day.and_time(chrono::NaiveTime::MIN).and_utc().timestamp() >= LAST_SEED_TIME =>
            {
                out.push(SpecProblem::LateDate(d.clone()))
            }
            Ok(_) => {}
        }
    }
    let drand = accepted.iter().find_map(|a| match a {
        Accepted::Drand { genesis, period } => Some((*genesis, *period)),
        _ => None,
    });
    if let (Some((genesis, period)), Some(round)) = (drand, spec.round) {
        let published = genesis.saturating_add(round.saturating_sub(1).saturating_mul(period));
        if round == 0 {
            out.push(SpecProblem::RoundZero);
        } else if i64::try_from(published).map_or(true, |t| t >= LAST_SEED_TIME) {
            out.push(SpecProblem::LateRound(round));
        }
    }
    if let Some(h) = &spec.sha256 {
        let text = accepted.contains(&Accepted::Text)
            && (accepted.len() == 1 || spec.source_key() == SeedKind::Text.key());
        if !text {
            out.push(SpecProblem::Sha256NotText);
        } else if h.trim().len() != 64 || !h.trim().bytes().all(|b| b.is_ascii_hexdigit()) {
            out.push(SpecProblem::BadSha256(h.clone()));
        }
    }
    out
}

/// Every problem of a spec against the kinds of seed a game is resolved by.
pub fn problems(spec: &SeedSpec, accepted: &[Accepted]) -> Vec<SpecProblem> {
    let mut out = source_problems(spec, accepted);
    out.extend(moment_problems(spec, accepted));
    out
}

/// The seed an order file names, read against the game's seed source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedSeed {
    /// What it is: "drand quicknet round 123", "the sales of trading date 2030-01-02".
    pub what: String,
    /// From when anyone may know it (Unix seconds): a drand round's time; the start, in
    /// UTC, of a trading date or of an agreed value's date.
    pub known_from: i64,
    /// How it is known from then: "was published at", "may be known: that day began at".
    pub known_how: &'static str,
    /// How `resolve` is given it.
    pub flag: &'static str,
}

/// The drand round a `[seed]` names: its `round`, or the first round after its `time`.
pub fn drand_round(chain: &DrandChain, spec: &SeedSpec) -> Result<Option<u64>, SeedError> {
    match (spec.round, &spec.time) {
        (Some(r), _) => Ok(Some(r)),
        (None, Some(t)) => Ok(Some(chain.round_for_time(t)?)),
        (None, None) => Ok(None),
    }
}

/// The seed a spec names, read as a seed of `kind` (of drand `chain`), if it names a
/// readable one: `blitz commit` compares its time with the clock.
pub fn named_seed(
    spec: &SeedSpec,
    kind: SeedKind,
    chain: Option<&DrandChain>,
) -> Result<Option<NamedSeed>, SeedError> {
    let by_date = |what: &str, flag: &'static str| {
        let day = spec
            .date
            .as_deref()
            .and_then(|d| chrono::NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok());
        day.and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| NamedSeed {
            what: format!("{what} {}", t.format("%Y-%m-%d")),
            known_from: t.and_utc().timestamp(),
            known_how: "may be known: that day began at",
            flag,
        })
    };
    match kind {
        SeedKind::Drand => {
            let Some(chain) = chain else {
                return Ok(None);
            };
            Ok(drand_round(chain, spec)?.map(|round| NamedSeed {
                what: format!("drand {} round {round}", chain.name),
                known_from: i64::try_from(chain.round_time(round)).unwrap_or(i64::MAX),
                known_how: "was published at",
                flag: "--beacon FILE",
            }))
        }
        SeedKind::Stock => Ok(by_date("the sales of trading date", "--sales FILE")),
        // An agreed text is published at the minute its `time` names (a draw at 20:45
        // UTC); with only a `date`, from the start of that day.
        SeedKind::Text => Ok(
            match spec
                .time
                .as_deref()
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(t.trim()).ok())
            {
                Some(at) => Some(NamedSeed {
                    what: "the agreed value".to_string(),
                    known_from: at.timestamp(),
                    known_how: "is published at",
                    flag: "--seed-text TEXT",
                }),
                None => by_date("the agreed value of", "--seed-text TEXT"),
            },
        ),
        SeedKind::Hex => Ok(None),
    }
}

/// Why a published seed is not the one the orders named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecMismatch {
    #[error("the orders name a seed of source = \"{named}\", but {given} was given: give the seed the orders name")]
    Kind { named: String, given: String },
    #[error("the orders name drand round {named}, but the beacon given is round {given}: fetch round {named} from a drand relay")]
    Round { named: u64, given: u64 },
    #[error("the agreed text given has SHA-256 {given}, but the orders name {named}: it is not the text agreed on (check every character, space and line end)")]
    Text { named: String, given: String },
    #[error("the orders name the sales of {named}, but the sales given are of {given}")]
    Date { named: String, given: String },
    #[error("the seed the orders name cannot be read: {0}")]
    Unreadable(String),
}

/// Whether a published seed is the one a spec names: of its source, the drand round it
/// names (its `round`, or the first round after its `time`, on `chain`), the agreed
/// text whose SHA-256 it names, the trading date it names. What the spec leaves open
/// (an agreed text named by its time alone) any seed of the source fills.
pub fn check_seed(
    spec: &SeedSpec,
    seed: &Seed,
    chain: Option<&DrandChain>,
) -> Result<(), SpecMismatch> {
    let named = spec.source_key();
    if named != seed.kind().key() {
        return Err(SpecMismatch::Kind {
            named,
            given: seed.source_display(),
        });
    }
    match seed {
        Seed::Drand { round, .. } => {
            let wanted = match chain {
                Some(c) => {
                    drand_round(c, spec).map_err(|e| SpecMismatch::Unreadable(e.to_string()))?
                }
                None => spec.round,
            };
            match wanted {
                Some(w) if w != *round => Err(SpecMismatch::Round {
                    named: w,
                    given: *round,
                }),
                _ => Ok(()),
            }
        }
        Seed::Text { .. } => match &spec.sha256 {
            Some(h) if !h.trim().eq_ignore_ascii_case(&seed.hash_hex()) => {
                Err(SpecMismatch::Text {
                    named: h.trim().to_ascii_lowercase(),
                    given: seed.hash_hex(),
                })
            }
            _ => Ok(()),
        },
        Seed::Stock { date: Some(d), .. } => match &spec.date {
            Some(n) if n.trim() != d.trim() => Err(SpecMismatch::Date {
                named: n.trim().to_string(),
                given: d.trim().to_string(),
            }),
            _ => Ok(()),
        },
        Seed::Stock { date: None, .. } | Seed::Hex { .. } => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(toml_text: &str) -> SeedSpec {
        toml::from_str(toml_text).unwrap()
    }

    fn quicknet() -> DrandChain {
        DrandChain::quicknet().unwrap()
    }

    #[test]
    fn a_spec_of_another_source_is_refused_with_the_sources_accepted() {
        let s = spec("source = \"stock\"\ndate = \"2030-01-02\"\n");
        let one = problems(&s, &[Accepted::Text]);
        assert_eq!(
            one.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["this game is resolved by an agreed text: source = \"text\""]
        );
        let two = problems(&s, &[Accepted::drand(&quicknet()), Accepted::Text]);
        assert_eq!(
            two[0].to_string(),
            "this game is resolved by a drand round or an agreed text: source = \"drand\" or \"text\""
        );
    }

    #[test]
    fn each_source_needs_its_moment_and_sha256_goes_with_text_only() {
        let both = [Accepted::drand(&quicknet()), Accepted::Text];
        assert_eq!(
            problems(&spec("source = \"drand\"\n"), &both),
            [SpecProblem::NoRound]
        );
        assert_eq!(
            problems(
                &spec("source = \"drand\"\nround = 5\nsha256 = \"ab\"\n"),
                &both
            ),
            [SpecProblem::Sha256NotText]
        );
        assert_eq!(
            problems(&spec("source = \"text\"\nsha256 = \"ab\"\n"), &both),
            [SpecProblem::BadSha256("ab".into())]
        );
        assert_eq!(
            problems(&spec("source = \"drand\"\nround = 0\n"), &both),
            [SpecProblem::RoundZero]
        );
        assert_eq!(
            problems(
                &spec("source = \"text\"\ntime = \"2200-01-01T00:00:00Z\"\n"),
                &both
            ),
            [SpecProblem::LateTime("2200-01-01T00:00:00Z".into())]
        );
        assert!(problems(&spec("source = \"Text\"\ndescription = \"x\"\n"), &both).is_empty());
    }

    #[test]
    fn a_text_seed_matches_only_the_text_whose_hash_is_named() {
        let seed = Seed::from_text("the agreed text").unwrap();
        let named = spec(&format!(
            "source = \"text\"\nsha256 = \"{}\"\n",
            seed.hash_hex()
        ));
        assert_eq!(check_seed(&named, &seed, None), Ok(()));
        let other = Seed::from_text("another text").unwrap();
        assert!(matches!(
            check_seed(&named, &other, None),
            Err(SpecMismatch::Text { .. })
        ));
        let drand = spec("source = \"drand\"\nround = 3\n");
        assert!(matches!(
            check_seed(&drand, &seed, None),
            Err(SpecMismatch::Kind { .. })
        ));
        let open = spec("source = \"text\"\ntime = \"2030-01-01T18:00:00Z\"\n");
        assert_eq!(check_seed(&open, &other, None), Ok(()));
    }

    #[test]
    fn a_drand_seed_matches_only_the_round_named() {
        let seed = Seed::Drand {
            chain: "quicknet".into(),
            round: 7,
            randomness: [0; 32],
        };
        let chain = quicknet();
        assert_eq!(
            check_seed(
                &spec("source = \"drand\"\nround = 7\n"),
                &seed,
                Some(&chain)
            ),
            Ok(())
        );
        assert_eq!(
            check_seed(
                &spec("source = \"drand\"\nround = 8\n"),
                &seed,
                Some(&chain)
            ),
            Err(SpecMismatch::Round { named: 8, given: 7 })
        );
        let time = chrono::DateTime::from_timestamp(i64::try_from(chain.round_time(6)).unwrap(), 0)
            .unwrap()
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string();
        assert_eq!(
            check_seed(
                &spec(&format!("source = \"drand\"\ntime = \"{time}\"\n")),
                &seed,
                Some(&chain)
            ),
            Ok(())
        );
    }

    #[test]
    fn a_named_seed_says_from_when_it_may_be_known() {
        let s = spec("source = \"text\"\ntime = \"2030-01-02T20:45:00Z\"\n");
        let n = named_seed(&s, SeedKind::Text, None).unwrap().unwrap();
        assert_eq!(n.known_from, 1_893_617_100);
        assert_eq!(n.known_how, "is published at");
        assert_eq!(
            named_seed(&spec("source = \"text\"\n"), SeedKind::Text, None),
            Ok(None)
        );
    }
}
