//! The corpus: each case under `tests/cases/<name>/` is data, a position
//! (`position.toml`, or a whole state file `state.ron`), an order file (`orders.toml`), a seed (`seed.txt`)
//! and the expected outcome (`expected.toml`) citing the 002 section it
//! exercises.  Each case is a test of its own, named by its folder (this file is its
//! own harness: `main` lists one test per folder with `libtest-mimic`, so `cargo test
//! -p mori godzilla` runs the Godzilla cases).  The cited section must be the
//! rule of at least one event (or error), so a citation cannot drift.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use mori::state::{Occupant, Status};
use mori::{adjudicate, check, new_game, Event, RawOrders, Ruleset, Side, State};
use serde::Deserialize;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Position {
    variant: String,
    to_move: String,
    #[serde(default)]
    turn: Option<u32>,
    #[serde(default)]
    vp: BTreeMap<String, u32>,
    #[serde(default)]
    markers: BTreeMap<String, i32>,
    #[serde(default)]
    status: BTreeMap<String, String>,
    #[serde(default)]
    closed: Vec<String>,
    #[serde(default)]
    final_turn: bool,
    #[serde(default)]
    reserve: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    last_placed: BTreeMap<String, String>,
    #[serde(default)]
    research_pile: Option<Vec<String>>,
    #[serde(default)]
    board: Vec<Piece>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Piece {
    at: String,
    side: String,
    token: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    section: String,
    #[serde(default)]
    errors: Vec<String>,
    #[serde(default)]
    after: Option<After>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct After {
    #[serde(default)]
    vp: BTreeMap<String, u32>,
    #[serde(default)]
    markers: BTreeMap<String, i32>,
    #[serde(default)]
    status: BTreeMap<String, String>,
    #[serde(default)]
    winner: Option<String>,
    #[serde(default)]
    final_turn: Option<bool>,
    #[serde(default)]
    reserve: BTreeMap<String, u32>,
    #[serde(default)]
    bag: BTreeMap<String, u32>,
    #[serde(default)]
    events: Vec<String>,
    #[serde(default)]
    no_events: Vec<String>,
    #[serde(default)]
    research_pile: Option<usize>,
    #[serde(default)]
    occupied: Vec<String>,
    #[serde(default)]
    closed: Vec<String>,
    /// Tokens each side must own (his bag, reserve or board).
    #[serde(default)]
    owned: BTreeMap<String, Vec<String>>,
}

fn side(s: &str) -> Side {
    Side::parse(s).unwrap_or_else(|| panic!("bad side {s}"))
}

fn at(s: &str) -> (String, usize, usize) {
    let v: Vec<&str> = s.split('/').collect();
    (
        v[0].to_string(),
        v[1].parse().unwrap(),
        v.get(2).map_or(0, |x| x.parse().unwrap()),
    )
}

fn build(rs: &Ruleset, pos: &Position) -> State {
    let commitments = rs.sides().iter().map(|s| (*s, "0".repeat(64))).collect();
    let (mut st, _) = new_game(rs, "case", &commitments, b"case").unwrap();
    st.to_move = side(&pos.to_move);
    st.turn = pos
        .turn
        .unwrap_or(if st.to_move == rs.first() { 1 } else { 2 });
    for (s, v) in &pos.vp {
        st.vp.insert(side(s), *v);
    }
    for (t, m) in &pos.markers {
        st.theatres.get_mut(t).unwrap().marker = *m;
    }
    for p in &pos.board {
        let (t, c, sp) = at(&p.at);
        let slot = &mut st.theatres.get_mut(&t).unwrap().campaigns[c - 1].spaces[sp - 1];
        *slot = Some(Occupant {
            side: side(&p.side),
            token: p.token.clone(),
            acts_as: None,
            strength: 1,
        });
        if p.token.starts_with("sw-") {
            st.players
                .get_mut(&side(&p.side))
                .unwrap()
                .owned
                .insert(p.token.clone());
        }
    }
    for c in &pos.closed {
        let (t, c, _) = at(c);
        st.theatres.get_mut(&t).unwrap().campaigns[c - 1].closed = true;
    }
    for t in st.theatres.values_mut() {
        for c in &mut t.campaigns {
            if c.free() == 0 {
                c.closed = true;
            }
        }
    }
    for (t, s) in &pos.status {
        st.theatres.get_mut(t).unwrap().status = match s.as_str() {
            "open" => Status::Open,
            "closed" => Status::Closed,
            "unopened" => Status::Unopened,
            other => panic!("bad status {other}"),
        };
    }
    st.final_turn = pos.final_turn;
    for (s, t) in &pos.last_placed {
        st.last_placed.insert(side(s), t.clone());
    }
    let on = st.board_tokens();
    for sd in rs.sides() {
        let listed: Vec<String> = pos.reserve.get(sd.name()).cloned().unwrap_or_else(|| {
            rs.catalogue
                .set(rs.token_set(sd))
                .into_iter()
                .filter(|t| !on.contains(t))
                .take(3)
                .collect()
        });
        let p = st.players.get_mut(&sd).unwrap();
        for t in &listed {
            p.owned.insert(t.clone());
        }
        let off = p.owned.iter().filter(|t| !on.contains(*t)).count() as u32;
        p.reserve = listed.len() as u32;
        p.bag = off - p.reserve;
        p.ledger.clear();
    }
    let owned: BTreeSet<String> = st
        .players
        .values()
        .flat_map(|p| p.owned.iter().cloned())
        .collect();
    st.research_pile = match &pos.research_pile {
        Some(p) => p.clone(),
        None => rs
            .research_pile()
            .into_iter()
            .filter(|t| !owned.contains(t))
            .collect(),
    };
    st
}

fn name(e: &Event) -> String {
    let d = format!("{e:?}");
    d.split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_string()
}

fn run_case(dir: &Path) -> Result<(), String> {
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).map_err(|e| format!("{f}: {e}"));

    let exp: Expected = toml::from_str(&read("expected.toml")?).map_err(|e| e.to_string())?;
    let orders_text = read("orders.toml")?;
    let seed = read("seed.txt")?;
    if !exp.section.starts_with("002 §") && exp.section != "mail protocol" {
        return Err(format!("case cites no section of 002: {:?}", exp.section));
    }
    // A case gives either a whole state file (RON) or a position to build.
    let (rs, st) = if dir.join("state.ron").exists() {
        let st = mori::state_from_ron(&read("state.ron")?).map_err(|e| e.to_string())?;
        let rs = mori::folder::ruleset_of(&st).unwrap();
        (rs, st)
    } else {
        let pos: Position = toml::from_str(&read("position.toml")?).map_err(|e| e.to_string())?;
        let rs = match pos.variant.as_str() {
            "base" => Ruleset::base(),
            "classic" => Ruleset::base_classic(),
            "nippon" => Ruleset::nippon(),
            "nippon-godzilla-drawn" => Ruleset::nippon_godzilla_drawn(),
            v => return Err(format!("bad variant {v}")),
        }
        .unwrap();
        let st = build(&rs, &pos);
        (rs, st)
    };
    let problems = st.invariant_problems(&rs);
    if !problems.is_empty() {
        return Err(format!("position breaks invariants: {problems:?}"));
    }
    let result = RawOrders::parse(&orders_text)
        .and_then(|raw| check(&rs, &st, &raw))
        .and_then(|orders| adjudicate(&rs, &st, &orders, seed.trim().as_bytes()));
    match result {
        Err(errors) => {
            let got: Vec<String> = errors
                .iter()
                .map(|e| format!("{}@{}", e.code(), e.at()))
                .collect();
            let want_codes: Vec<&str> = exp
                .errors
                .iter()
                .map(|e| e.split('@').next().unwrap())
                .collect();
            let got_codes: Vec<&str> = errors.iter().map(|e| e.code()).collect();
            if exp.errors.is_empty() || want_codes != got_codes {
                return Err(format!("errors {got:?}, expected {:?}", exp.errors));
            }
            for (w, g) in exp.errors.iter().zip(&got) {
                if w.contains('@') && w != g {
                    return Err(format!("error at {g}, expected {w}"));
                }
            }
            if !errors
                .iter()
                .any(|e| e.rule().section().starts_with(&exp.section))
            {
                return Err(format!("no error applies {}", exp.section));
            }
            Ok(())
        }
        Ok((after, events)) => {
            if !exp.errors.is_empty() {
                return Err(format!("accepted, expected errors {:?}", exp.errors));
            }
            if !events
                .iter()
                .any(|e| e.rule().section().starts_with(&exp.section))
            {
                return Err(format!("no event applies {}", exp.section));
            }
            let problems = after.invariant_problems(&rs);
            if !problems.is_empty() {
                return Err(format!("result breaks invariants: {problems:?}"));
            }
            let a = exp.after.unwrap_or_default();
            for (s, v) in &a.vp {
                if after.vp(side(s)) != *v {
                    return Err(format!("{s} has {} VP, expected {v}", after.vp(side(s))));
                }
            }
            for (t, m) in &a.markers {
                if after.theatres[t].marker != *m {
                    return Err(format!(
                        "{t} marker {}, expected {m}",
                        after.theatres[t].marker
                    ));
                }
            }
            for (t, s) in &a.status {
                let got = format!("{:?}", after.theatres[t].status).to_lowercase();
                if &got != s {
                    return Err(format!("{t} is {got}, expected {s}"));
                }
            }
            let winner = after.outcome.as_ref().map(|o| o.winner.name().to_string());
            if a.winner.is_some() && a.winner != winner {
                return Err(format!("winner {winner:?}, expected {:?}", a.winner));
            }
            if a.winner.is_none() && winner.is_some() {
                return Err(format!("unexpected winner {winner:?}"));
            }
            if let Some(f) = a.final_turn {
                if after.final_turn != f {
                    return Err(format!("final_turn {}, expected {f}", after.final_turn));
                }
            }
            for (s, n) in &a.reserve {
                let got = after.players[&side(s)].reserve;
                if got != *n {
                    return Err(format!("{s} reserve {got}, expected {n}"));
                }
            }
            for (s, n) in &a.bag {
                let got = after.players[&side(s)].bag;
                if got != *n {
                    return Err(format!("{s} bag {got}, expected {n}"));
                }
            }
            let names: Vec<String> = events.iter().map(name).collect();
            let mut i = 0;
            for want in &a.events {
                match names[i..].iter().position(|n| n == want) {
                    Some(k) => i += k + 1,
                    None => return Err(format!("no {want} (in order) among {names:?}")),
                }
            }
            for not in &a.no_events {
                if names.contains(not) {
                    return Err(format!("unexpected {not} among {names:?}"));
                }
            }
            if let Some(n) = a.research_pile {
                if after.research_pile.len() != n {
                    return Err(format!(
                        "research pile {}, expected {n}",
                        after.research_pile.len()
                    ));
                }
            }
            for o in &a.occupied {
                let (t, c, s) = at(o);
                if after.theatres[&t].campaigns[c - 1].spaces[s - 1].is_none() {
                    return Err(format!("{o} is free"));
                }
            }
            for o in &a.closed {
                let (t, c, _) = at(o);
                if !after.theatres[&t].campaigns[c - 1].closed {
                    return Err(format!("{o} is open"));
                }
            }
            for (s, tokens) in &a.owned {
                let owned = &after.players[&side(s)].owned;
                if let Some(t) = tokens.iter().find(|t| !owned.contains(*t)) {
                    return Err(format!("{s} does not own {t}"));
                }
            }
            Ok(())
        }
    }
}

fn case_dirs() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// One test per case folder, named by it, and the count of the corpus.
fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let mut tests: Vec<libtest_mimic::Trial> = case_dirs()
        .into_iter()
        .map(|d| {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            libtest_mimic::Trial::test(name, move || run_case(&d).map_err(Into::into))
        })
        .collect();
    tests.push(libtest_mimic::Trial::test("the_corpus_is_whole", || {
        let dirs = case_dirs();
        assert!(dirs.len() >= 30, "only {} cases", dirs.len());
        Ok(())
    }));
    libtest_mimic::run(&args, tests).exit_code()
}
