//! A seed decides one player-turn or step of a game, once (PBM ¶2: the value that
//! decides the battles comes after the orders are committed). A drand round, a trading
//! date or an agreed text that decided an earlier player-turn or step is known to
//! everyone, so orders naming it again could be tried against their dice before they
//! are committed. A game's state records the seeds used so far ([`SeedsUsed`]), each
//! by the names it is known by ([`names_of_seed`], [`names_of_spec`]), and `check`,
//! `commit`, `resolve` and `verify` refuse a seed known by a name already there
//! ([`check_unused`]). The one rule for every game.

use super::spec::{drand_round, SeedSpec};
use super::{DrandChain, Seed, SeedKind};
use std::collections::BTreeMap;

/// The seeds a game has used: each name, with the player-turn or step it decided.
pub type SeedsUsed = BTreeMap<String, String>;

/// The names a published seed is known by: the SHA-256 of its value (the randomness,
/// the agreed text, the sales file: [`value_name`]), and its drand round or its trading
/// date.
pub fn names_of_seed(seed: &Seed) -> Vec<String> {
    let mut out = vec![value_name(&seed.hash_hex())];
    match seed {
        Seed::Drand { chain, round, .. } => out.push(drand_name(chain, *round)),
        Seed::Stock { date: Some(d), .. } => out.push(stock_name(d)),
        Seed::Stock { date: None, .. } | Seed::Text { .. } | Seed::Hex { .. } => {}
    }
    out
}

/// The names the seed a `[seed]` names is known by, read as a seed of `kind` (of drand
/// `chain`): its drand round (named, or the first after its time), its trading date,
/// the SHA-256 of the agreed text it names and the moment that text is published.
/// What cannot be read gives no name (`check` reports it).
pub fn names_of_spec(spec: &SeedSpec, kind: SeedKind, chain: Option<&DrandChain>) -> Vec<String> {
    let mut out = Vec::new();
    match kind {
        SeedKind::Drand => {
            if let Some(chain) = chain {
                if let Ok(Some(round)) = drand_round(chain, spec) {
                    out.push(drand_name(&chain.name, round));
                }
            }
        }
        SeedKind::Stock => {
            if let Some(d) = &spec.date {
                out.push(stock_name(d));
            }
        }
        SeedKind::Text => {
            if let Some(h) = &spec.sha256 {
                out.push(value_name(h));
            }
            let at = spec
                .time
                .as_deref()
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(t.trim()).ok());
            match (at, &spec.date) {
                (Some(at), _) => out.push(format!(
                    "the agreed value published at {}",
                    at.with_timezone(&chrono::Utc).format("%Y-%m-%dT%H:%M:%SZ")
                )),
                (None, Some(d)) => out.push(format!("the agreed value of {}", d.trim())),
                (None, None) => {}
            }
        }
        SeedKind::Hex => {}
    }
    out
}

fn drand_name(chain: &str, round: u64) -> String {
    format!("drand {chain} round {round}")
}

fn stock_name(date: &str) -> String {
    format!("the sales of trading date {}", date.trim())
}

/// The name of a seed by the SHA-256 of its value (for an agreed text, of the text, as
/// its orders name it): the one name every kind of seed has, by which a game that kept
/// only the values of its seeds (Mori's) knows them.
pub fn value_name(sha256: &str) -> String {
    format!(
        "the seed value with SHA-256 {}",
        sha256.trim().to_ascii_lowercase()
    )
}

/// A seed that decided an earlier player-turn or step of the same game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name} already decided {used_by} of this game: a seed decides one player-turn or step only, and this one is known to everyone; name a seed still to come")]
pub struct Reused {
    pub name: String,
    pub used_by: String,
}

/// Refuses a seed known by a name the game has used already.
pub fn check_unused(used: &SeedsUsed, names: &[String]) -> Result<(), Reused> {
    match names.iter().find_map(|n| used.get(n).map(|by| (n, by))) {
        Some((name, by)) => Err(Reused {
            name: name.clone(),
            used_by: by.clone(),
        }),
        None => Ok(()),
    }
}

/// Records a seed known only by its value's bytes as used by `label`.
pub fn record_value(used: &mut SeedsUsed, value: &[u8], label: &str) {
    use sha2::{Digest, Sha256};
    let name = value_name(&hex::encode(Sha256::digest(value)));
    used.entry(name).or_insert_with(|| label.to_string());
}

/// Records the names of a seed as used by `label` (a player-turn or step).
pub fn record(used: &mut SeedsUsed, names: Vec<String>, label: &str) {
    for n in names {
        used.entry(n).or_insert_with(|| label.to_string());
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn spec(source: &str) -> SeedSpec {
        SeedSpec {
            source: source.into(),
            ..SeedSpec::default()
        }
    }

    #[test]
    fn each_kind_of_seed_is_known_by_the_names_its_orders_give_it() {
        let chain = DrandChain::quicknet().unwrap();
        let mut used = SeedsUsed::new();
        let text = Seed::from_text("04 11 19 27 33 45").unwrap();
        record(&mut used, names_of_seed(&text), "player-turn 1-Blue");
        let drand = Seed::Drand {
            chain: chain.name.clone(),
            round: 123,
            randomness: [0; 32],
        };
        record(&mut used, names_of_seed(&drand), "player-turn 1-Red");
        let named_text = SeedSpec {
            sha256: Some(text.hash_hex().to_ascii_uppercase()),
            ..spec("text")
        };
        let err =
            check_unused(&used, &names_of_spec(&named_text, SeedKind::Text, None)).unwrap_err();
        assert_eq!(err.used_by, "player-turn 1-Blue");
        assert!(
            err.to_string().starts_with("the seed value with SHA-256 "),
            "{err}"
        );
        let round = SeedSpec {
            round: Some(123),
            ..spec("drand")
        };
        let names = names_of_spec(&round, SeedKind::Drand, Some(&chain));
        assert_eq!(
            check_unused(&used, &names).unwrap_err().to_string(),
            "drand quicknet round 123 already decided player-turn 1-Red of this game: a seed \
             decides one player-turn or step only, and this one is known to everyone; name a \
             seed still to come"
        );
        let by_time = SeedSpec {
            time: Some(chain_time(&chain, 123)),
            ..spec("drand")
        };
        assert!(check_unused(
            &used,
            &names_of_spec(&by_time, SeedKind::Drand, Some(&chain))
        )
        .is_err());
        let later = SeedSpec {
            round: Some(124),
            ..spec("drand")
        };
        assert!(check_unused(&used, &names_of_spec(&later, SeedKind::Drand, Some(&chain))).is_ok());
        let date = SeedSpec {
            date: Some(" 2026-11-24".into()),
            ..spec("stock")
        };
        let sales =
            Seed::from_stock_csv("symbol,volume\nIBM,4531207\n", Some("2026-11-24")).unwrap();
        record(
            &mut used,
            names_of_seed(&sales),
            "player-turn 2-Blue, step 1",
        );
        let err = check_unused(&used, &names_of_spec(&date, SeedKind::Stock, None)).unwrap_err();
        assert_eq!(err.name, "the sales of trading date 2026-11-24");
        assert_eq!(err.used_by, "player-turn 2-Blue, step 1");
        // An agreed value named by its time is the same value whoever names it.
        let at = SeedSpec {
            time: Some("2026-11-24T21:45:00+01:00".into()),
            ..spec("text")
        };
        record(
            &mut used,
            names_of_spec(&at, SeedKind::Text, None),
            "player-turn 3-Blue",
        );
        let again = SeedSpec {
            time: Some("2026-11-24T20:45:00Z".into()),
            ..spec("text")
        };
        assert!(check_unused(&used, &names_of_spec(&again, SeedKind::Text, None)).is_err());
    }

    fn chain_time(chain: &DrandChain, round: u64) -> String {
        // The first round after a second before round `round` is published is it.
        chrono::DateTime::from_timestamp(i64::try_from(chain.round_time(round)).unwrap() - 1, 0)
            .unwrap()
            .to_rfc3339()
    }
}
