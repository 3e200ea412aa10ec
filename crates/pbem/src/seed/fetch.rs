//! Fetching a drand round from relays: each relay of a list is asked in turn for
//! `<relay>/<chain hash>/public/<round>`, and the first answer whose signature verifies
//! against the chain's key is kept, byte for byte, as a player would keep it by hand.
//! A relay that does not answer, or has no such round, gives way to the next; an answer
//! that does not verify is refused (never kept) and the next relay asked. A round still
//! to come is not asked for: its publication time follows from the chain's genesis and
//! period.

use super::drand::{Beacon, DrandChain};
use super::SeedError;
use std::fmt;
use std::io::Read;
use std::time::Duration;

/// The most a relay's answer may hold: a round's JSON is some 250 bytes.
pub const MAX_ANSWER_BYTES: u64 = 64 * 1024;

/// How long one relay is given to answer, connection included.
pub const RELAY_TIMEOUT: Duration = Duration::from_secs(20);

/// Why a round could not be fetched.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum FetchError {
    #[error("round {round} of drand {chain} is published at {at} ({wait}); no relay has it yet")]
    #[diagnostic(help(
        "fetch it again after that time; orders name a round still to come when they are committed"
    ))]
    NotYet {
        chain: String,
        round: u64,
        at: String,
        wait: String,
    },
    #[error("no relay served round {round} of drand {chain}:\n{}", list(.tries))]
    #[diagnostic(help(
        "check the network, or name other relays with --relay URL (a relay serves a round at URL/CHAIN-HASH/public/ROUND)"
    ))]
    Unreachable {
        chain: String,
        round: u64,
        tries: Vec<Try>,
    },
    #[error("round {round} of drand {chain} was refused from every relay that served it:\n{}", list(.tries))]
    #[diagnostic(help(
        "a beacon that does not verify is never kept: a relay served a forged or altered round; ask another relay with --relay URL"
    ))]
    Refused {
        chain: String,
        round: u64,
        tries: Vec<Try>,
    },
    #[error("\"{relay}\" is not a relay address: {problem}")]
    #[diagnostic(help("a relay is an http:// or https:// address, like https://api.drand.sh"))]
    BadRelay { relay: String, problem: String },
    #[error("there is no drand round {round}: rounds are numbered from 1")]
    NoRound { round: u64 },
}

impl FetchError {
    /// The stable code of this failure (`docs/error-codes.md`).
    pub fn error_code(&self) -> &'static str {
        match self {
            FetchError::NotYet { .. } => "F020",
            FetchError::Unreachable { .. } => "F021",
            FetchError::Refused { .. } => "F022",
            FetchError::BadRelay { .. } => "F023",
            FetchError::NoRound { .. } => "F024",
        }
    }
}

/// What one relay answered, when it gave no beacon that could be kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try {
    pub relay: String,
    pub failure: Failure,
}

/// Why a relay's answer was not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer (connection refused, timeout, TLS) or not an HTTP 200.
    NoAnswer(String),
    /// An answer, but not a beacon of the round asked for that verifies.
    NotVerified(String),
}

impl fmt::Display for Try {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.failure {
            Failure::NoAnswer(why) => write!(f, "{}: {why}", self.relay),
            Failure::NotVerified(why) => write!(f, "{}: refused: {why}", self.relay),
        }
    }
}

fn list(tries: &[Try]) -> String {
    tries
        .iter()
        .map(|t| format!("  {t}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A round fetched and verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fetched {
    /// The relay that served it.
    pub relay: String,
    /// The answer as the relay served it (the JSON kept beside the state).
    pub json: String,
    pub beacon: Beacon,
    /// The relays asked before it, and why each gave nothing kept.
    pub tries: Vec<Try>,
}

/// The relays to ask: those given, else the chain's own (`rules/drand-quicknet.toml`
/// lists the League of Entropy's). Each must be an http or https address; a trailing
/// `/` is dropped.
pub fn relays(chain: &DrandChain, given: &[String]) -> Result<Vec<String>, FetchError> {
    let list = if given.is_empty() {
        &chain.relays
    } else {
        given
    };
    list.iter()
        .map(|r| {
            let r = r.trim().trim_end_matches('/');
            let rest = r
                .strip_prefix("https://")
                .or_else(|| r.strip_prefix("http://"))
                .ok_or_else(|| FetchError::BadRelay {
                    relay: r.to_string(),
                    problem: "it does not start with http:// or https://".to_string(),
                })?;
            if rest.is_empty() || rest.contains(char::is_whitespace) {
                return Err(FetchError::BadRelay {
                    relay: r.to_string(),
                    problem: "no host name".to_string(),
                });
            }
            Ok(r.to_string())
        })
        .collect()
}

/// Says when `round` is published, if that is after `now` (Unix seconds): a round
/// still to come cannot be fetched.
pub fn not_yet(chain: &DrandChain, round: u64, now: i64) -> Result<(), FetchError> {
    if round == 0 {
        return Err(FetchError::NoRound { round });
    }
    let at = chain.round_time(round);
    let at_i = i64::try_from(at).unwrap_or(i64::MAX);
    if at_i <= now {
        return Ok(());
    }
    let at_text = chrono::DateTime::from_timestamp(at_i, 0).map_or_else(
        || format!("{at} seconds after 1970"),
        |t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
    );
    Err(FetchError::NotYet {
        chain: chain.name.clone(),
        round,
        at: at_text,
        wait: wait_text(at_i.saturating_sub(now)),
    })
}

/// "in 3 h 20 min", "in 45 s", "in 12 days".
fn wait_text(secs: i64) -> String {
    match secs {
        s if s < 120 => format!("in {s} s"),
        s if s < 7200 => format!("in {} min", s / 60),
        s if s < 2 * 86400 => format!("in {} h {} min", s / 3600, s % 3600 / 60),
        s => format!("in {} days", s / 86400),
    }
}

/// Checks a relay's answer: the beacon of `round`, its signature verified against
/// the chain.
pub fn check_answer(chain: &DrandChain, round: u64, json: &str) -> Result<Beacon, SeedError> {
    let beacon = Beacon::from_json(json)?;
    if beacon.round != round {
        return Err(SeedError::WrongRound {
            named: round,
            found: beacon.round,
        });
    }
    chain.verify(&beacon)?;
    Ok(beacon)
}

/// Fetches `round` of `chain` from the first relay that serves it verified. `now` is
/// the Unix time (a round still to come is refused before any relay is asked).
pub fn fetch(
    chain: &DrandChain,
    relays: &[String],
    round: u64,
    now: i64,
) -> Result<Fetched, FetchError> {
    not_yet(chain, round, now)?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(RELAY_TIMEOUT))
        .http_status_as_error(false)
        .user_agent(concat!("blitz/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut tries = Vec::new();
    for relay in relays {
        let url = format!("{relay}/{}/public/{round}", chain.hash);
        let failure = match get(&agent, &url) {
            Err(why) => Failure::NoAnswer(why),
            Ok(json) => match check_answer(chain, round, &json) {
                Ok(beacon) => {
                    return Ok(Fetched {
                        relay: relay.clone(),
                        json,
                        beacon,
                        tries,
                    })
                }
                Err(e) => Failure::NotVerified(e.to_string()),
            },
        };
        tries.push(Try {
            relay: relay.clone(),
            failure,
        });
    }
    let chain = chain.name.clone();
    if tries
        .iter()
        .any(|t| matches!(t.failure, Failure::NotVerified(_)))
    {
        Err(FetchError::Refused {
            chain,
            round,
            tries,
        })
    } else {
        Err(FetchError::Unreachable {
            chain,
            round,
            tries,
        })
    }
}

/// One GET: the body of an HTTP 200 answer, as text, at most [`MAX_ANSWER_BYTES`].
fn get(agent: &ureq::Agent, url: &str) -> Result<String, String> {
    let mut answer = agent.get(url).call().map_err(|e| e.to_string())?;
    let status = answer.status();
    if status != 200 {
        return Err(format!(
            "HTTP {}{}",
            status.as_u16(),
            status
                .canonical_reason()
                .map(|r| format!(" {r}"))
                .unwrap_or_default()
        ));
    }
    let mut bytes = Vec::new();
    answer
        .body_mut()
        .as_reader()
        .take(MAX_ANSWER_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("the answer could not be read: {e}"))?;
    if bytes.len() as u64 > MAX_ANSWER_BYTES {
        return Err(format!(
            "the answer is larger than {MAX_ANSWER_BYTES} bytes, not a round"
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the answer is not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_round_to_come_says_when_it_is_published() {
        let q = DrandChain::quicknet().unwrap();
        // Round 1 is published at genesis; round 1201 an hour later.
        let now = i64::try_from(q.genesis).unwrap();
        assert!(not_yet(&q, 1, now).is_ok());
        let e = not_yet(&q, 1201, now).unwrap_err();
        assert_eq!(e.error_code(), "F020");
        assert_eq!(
            e.to_string(),
            "round 1201 of drand quicknet is published at 2023-08-23T16:09:27Z (in 60 min); no relay has it yet"
        );
        assert_eq!(not_yet(&q, 0, now).unwrap_err().error_code(), "F024");
    }

    /// `docs/error-codes.md` has a row for every code, its example as a player reads
    /// it (the first line of a message that lists the relays).
    #[test]
    fn the_docs_list_every_code_with_its_message() {
        let doc = include_str!("../../../../docs/error-codes.md");
        let q = DrandChain::quicknet().unwrap();
        let now = i64::try_from(q.genesis).unwrap();
        let tries = vec![Try {
            relay: "http://127.0.0.1:9".to_string(),
            failure: Failure::NoAnswer("HTTP 404 Not Found".to_string()),
        }];
        let examples = [
            not_yet(&q, 1201, now).unwrap_err(),
            FetchError::Unreachable {
                chain: q.name.clone(),
                round: 1000,
                tries: tries.clone(),
            },
            FetchError::Refused {
                chain: q.name.clone(),
                round: 657413,
                tries,
            },
            relays(&q, &["api.drand.sh".to_string()]).unwrap_err(),
            not_yet(&q, 0, now).unwrap_err(),
        ];
        for e in examples {
            let code = e.error_code();
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| `{code}` |")))
                .unwrap_or_default();
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            assert!(
                row.contains(first),
                "{code}: the docs should show `{first}`"
            );
        }
    }

    #[test]
    fn relays_are_web_addresses() {
        let q = DrandChain::quicknet().unwrap();
        assert_eq!(relays(&q, &[]).unwrap(), q.relays);
        assert_eq!(
            relays(&q, &["http://127.0.0.1:8080/".to_string()]).unwrap(),
            vec!["http://127.0.0.1:8080".to_string()]
        );
        let e = relays(&q, &["api.drand.sh".to_string()]).unwrap_err();
        assert_eq!(e.error_code(), "F023");
    }
}
