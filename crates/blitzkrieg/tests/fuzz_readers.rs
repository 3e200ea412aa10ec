//! A bounded fuzzing run over every reader of hostile input, in the normal `cargo test`:
//! order files (read, checked against a state, resolved, the problems rendered), state
//! files, seeds (drand beacons, stock sales, agreed texts), mail messages carrying
//! orders, mail config files, position files, and Mori's states, order files and
//! seeds. Each input is a real file of the demo game mutated at
//! random (bytes replaced, inserted, deleted; slices repeated; long runs of one
//! character; a line break inside a value) or arbitrary bytes. Nothing may panic, and
//! every answer comes quickly. Set `PROPTEST_CASES` for a longer run (the default here
//! is 48 inputs a reader, a few seconds in all).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::orders::Diagnostics;
use blitzkrieg_desk::demo::{self, STEPS};
use blitzkrieg_desk::game::{self, OrderText, RuleFiles, SeedInput, Umpire};
use pbem::seed::{DrandChain, Seed};
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The demo just before Blue's turn 2 (two battles, a drand beacon), and its files.
struct Corpus {
    umpire: Umpire,
    state_bytes: Vec<u8>,
    orders: String,
    beacon: String,
    message: Vec<u8>,
    /// The same state written as a position file.
    position: String,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let umpire = Umpire::load(&RuleFiles::default()).unwrap();
        let mut state = game::new_game(&umpire, &demo::new_game_spec()).unwrap();
        let mut bytes = state.to_ron().unwrap().into_bytes();
        for step in &STEPS[..4] {
            let orders = OrderText {
                toml: demo::order_file(&state, &bytes, step.orders),
                name: step.file.to_string(),
                source_lines: Vec::new(),
            };
            let seed = step.beacon.map(|b| SeedInput::Beacon(b.to_string()));
            let r =
                game::resolve(&umpire, &bytes, "s", &orders, seed.as_ref(), None, false).unwrap();
            bytes = r.state_ron.into_bytes();
            state = r.state;
        }
        let orders = demo::order_file(&state, &bytes, STEPS[4].orders);
        let message = format!(
            "From: Blue <blue@example.org>\r\nTo: umpire@example.org\r\nSubject: Re: turn 2\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
             My orders:\r\n\r\n{}\r\n{}\r\n{}\r\n",
            pbem::mail::BEGIN_MARKER,
            orders.replace('\n', "\r\n"),
            pbem::mail::END_MARKER
        );
        Corpus {
            position: blitzkrieg::position_file::write(&state).unwrap(),
            beacon: STEPS[4].beacon.unwrap().to_string(),
            umpire,
            state_bytes: bytes,
            orders,
            message: message.into_bytes(),
        }
    })
}

/// One change to a file.
#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    /// A slice repeated many times (the same unit named thousands of times).
    Repeat(usize, usize, usize),
    /// A long run of one byte (a line beyond column 65,535, blank lines).
    Run(usize, u8, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let special = prop_oneof![
        Just(b'\n'),
        Just(b'\r'),
        Just(b'"'),
        Just(b'['),
        Just(b'='),
        Just(b' '),
        Just(0u8),
        Just(0xff),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), special.clone()).prop_map(|(p, b)| Mutation::Replace(p, b)),
        (
            any::<usize>(),
            proptest::collection::vec(special.clone(), 1..12)
        )
            .prop_map(|(p, v)| Mutation::Insert(p, v)),
        (any::<usize>(), 1usize..200).prop_map(|(p, n)| Mutation::Delete(p, n)),
        (any::<usize>(), 1usize..40, 1usize..3000).prop_map(|(p, l, n)| Mutation::Repeat(p, l, n)),
        (any::<usize>(), special, 1usize..80_000).prop_map(|(p, b, n)| Mutation::Run(p, b, n)),
    ]
}

fn mutate(base: &[u8], changes: &[Mutation]) -> Vec<u8> {
    let mut v = base.to_vec();
    for m in changes {
        let at = |p: usize, len: usize| if len == 0 { 0 } else { p % (len + 1) };
        match m {
            Mutation::Replace(p, b) if !v.is_empty() => {
                let i = p % v.len();
                v[i] = *b;
            }
            Mutation::Replace(..) => {}
            Mutation::Insert(p, bytes) => {
                let i = at(*p, v.len());
                v.splice(i..i, bytes.iter().copied());
            }
            Mutation::Delete(p, n) => {
                let i = at(*p, v.len());
                let end = (i + n).min(v.len());
                v.drain(i..end);
            }
            Mutation::Repeat(p, l, n) => {
                let i = at(*p, v.len());
                let end = (i + l).min(v.len());
                let slice = v[i..end].to_vec();
                let copies: Vec<u8> = slice
                    .iter()
                    .copied()
                    .cycle()
                    .take(slice.len() * n)
                    .collect();
                v.splice(end..end, copies);
            }
            Mutation::Run(p, b, n) => {
                let i = at(*p, v.len());
                v.splice(i..i, std::iter::repeat_n(*b, *n));
            }
        }
    }
    v
}

fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec(mutation(), 1..6)
}

/// A Mori game at turn 1 (set up with the demo's secrets and seed), its state file, and
/// the mover's scripted orders for it with the seed text they name.
struct MoriCorpus {
    state: String,
    orders: String,
    seed: String,
}

fn mori_corpus() -> &'static MoriCorpus {
    static CORPUS: OnceLock<MoriCorpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        use mori::folder::{self, SeedFile};
        let rs = mori::ruleset::Ruleset::base().unwrap();
        let mut commitments = std::collections::BTreeMap::new();
        let mut privates = std::collections::BTreeMap::new();
        for side in rs.sides() {
            let secret = mori::demo::fixed_secret(side.name());
            let (p, c) = mori::player::new_private(&rs, "g1", side, &secret);
            commitments.insert(side, c);
            privates.insert(side, p);
        }
        let first = folder::new_game(
            &rs,
            "g1",
            &commitments,
            std::collections::BTreeMap::new(),
            "u@x.invalid",
            "u",
        )
        .unwrap();
        let first = folder::seal(&first).unwrap();
        let setup = SeedFile::Text("the set-up seed".into());
        let r = folder::resolve(first.as_bytes(), "s", None, &setup, None, "u").unwrap();
        let mover = &privates[&r.next.state.to_move];
        let view = mori::player::view(&r.next.state, mover).unwrap();
        MoriCorpus {
            orders: mori::demo::scripted_orders(&rs, &r.next.state, &view.private),
            seed: mori::demo::fixed_seed_text("g1", "t001"),
            state: r.next_ron,
        }
    })
}

/// Mori's readers as `check`, `resolve` and `verify` use them: the state read, the
/// orders checked and resolved with the seed, the problems rendered.
fn read_mori(state: &[u8], orders: &str, seed: &mori::folder::SeedFile) {
    let start = Instant::now();
    if let Ok((sf, rs)) = mori::folder::read(state, "s") {
        let _ = mori::folder::check(&rs, &sf.state, "o.toml", orders);
        let _ = mori::folder::named_seed(orders);
        if let Err(e) = mori::folder::resolve(state, "s", Some(("o.toml", orders)), seed, None, "u")
        {
            assert!(e.to_string().len() < 200_000);
        }
    }
    assert!(start.elapsed() < QUICK, "{:?}", start.elapsed());
}

fn config() -> ProptestConfig {
    let mut c = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = 48;
    }
    c
}

/// Every answer within this time (in a debug build, on a shared machine).
const QUICK: Duration = Duration::from_secs(10);

/// Orders bytes go through what `check` and `resolve` do: read, checked, resolved when
/// legal, the problems rendered.
fn read_orders(bytes: &[u8]) {
    let c = corpus();
    let start = Instant::now();
    if let Ok(text) = game::order_text(bytes, "o.toml") {
        match game::check(&c.umpire, &c.state_bytes, "s", &text) {
            Ok(errors) if errors.is_empty() => {
                let seed = SeedInput::Beacon(c.beacon.clone());
                let _ = game::resolve(
                    &c.umpire,
                    &c.state_bytes,
                    "s",
                    &text,
                    Some(&seed),
                    None,
                    true,
                );
            }
            Ok(errors) => {
                let rendered = Diagnostics::new(&text.name, &text.toml, errors).render(false);
                assert!(rendered.len() < 200_000, "{}", rendered.len());
            }
            Err(_) => {}
        }
    }
    assert!(start.elapsed() < QUICK, "{:?}", start.elapsed());
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn order_files_mutated_never_panic(m in mutations()) {
        read_orders(&mutate(corpus().orders.as_bytes(), &m));
    }

    #[test]
    fn arbitrary_bytes_as_orders_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        read_orders(&bytes);
    }

    #[test]
    fn mail_messages_mutated_never_panic(m in mutations()) {
        let bytes = mutate(&corpus().message, &m);
        let _ = pbem::mail::orders_from_message(&bytes);
        read_orders(&bytes);
    }

    #[test]
    fn state_files_mutated_never_panic(m in mutations()) {
        let bytes = mutate(&corpus().state_bytes, &m);
        let start = Instant::now();
        if let Ok(state) = game::read_state(&bytes, "s") {
            let _ = blitzkrieg::report::render(
                &blitzkrieg::report::Header::of(&state),
                &state.last.events,
            );
            if let Ok(rules) = corpus().umpire.rules_for(&state) {
                let _ = blitzkrieg::report::render_state(&rules, &state);
            }
        }
        let text = game::order_text(corpus().orders.as_bytes(), "o.toml").unwrap();
        let _ = game::check(&corpus().umpire, &bytes, "s", &text);
        prop_assert!(start.elapsed() < QUICK);
    }

    #[test]
    fn beacons_mutated_never_panic(m in mutations()) {
        let bytes = mutate(corpus().beacon.as_bytes(), &m);
        let text = String::from_utf8_lossy(&bytes);
        let chain = DrandChain::quicknet().unwrap();
        let _ = Seed::from_beacon_json(&text, &chain, Some(1000));
        let _ = Seed::from_beacon_json(&text, &chain, None);
    }

    #[test]
    fn stock_sales_mutated_never_panic(m in mutations()) {
        let base = b"symbol,volume\nIBM,4531207\n\"KO\",12873915\n# note\n";
        let bytes = mutate(base, &m);
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(seed) = Seed::from_stock_csv(&text, Some("2030-01-02")) {
            let rolls = seed.rolls("g", "1-Blue");
            let _ = rolls.digit("A1", Some("IBM"));
            let _ = rolls.digit("A1", Some(&text));
        }
    }

    #[test]
    fn agreed_texts_never_panic(text in "\\PC{0,200}", hash in "[0-9a-fA-F]{0,70}") {
        if let Ok(seed) = Seed::from_text(&text) {
            let _ = seed.rolls("g", "1-Blue").die("weather");
        }
        let _ = Seed::from_text_hashed(&text, &hash);
    }

    #[test]
    fn position_files_mutated_never_panic(m in mutations()) {
        let c = corpus();
        let bytes = mutate(c.position.as_bytes(), &m);
        let start = Instant::now();
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = game::new_game_at(&c.umpire, &demo::new_game_spec(), &text, "p.toml") {
            prop_assert!(e.to_string().len() < 1_000_000);
        }
        prop_assert!(start.elapsed() < QUICK);
    }

    #[test]
    fn mori_order_files_mutated_never_panic(m in mutations()) {
        let c = mori_corpus();
        let bytes = mutate(c.orders.as_bytes(), &m);
        let seed = mori::folder::SeedFile::Text(c.seed.clone());
        read_mori(c.state.as_bytes(), &String::from_utf8_lossy(&bytes), &seed);
    }

    #[test]
    fn mori_states_mutated_never_panic(m in mutations()) {
        let c = mori_corpus();
        let bytes = mutate(c.state.as_bytes(), &m);
        let seed = mori::folder::SeedFile::Text(c.seed.clone());
        read_mori(&bytes, &c.orders, &seed);
    }

    #[test]
    fn mori_seeds_mutated_never_panic(m in mutations()) {
        let c = mori_corpus();
        let text = String::from_utf8_lossy(&mutate(c.seed.as_bytes(), &m)).into_owned();
        read_mori(c.state.as_bytes(), &c.orders, &mori::folder::SeedFile::Text(text));
        let beacon = String::from_utf8_lossy(&mutate(corpus().beacon.as_bytes(), &m)).into_owned();
        let _ = mori::folder::SeedFile::Beacon(beacon).seed();
    }

    #[test]
    fn mail_configs_mutated_never_panic(m in mutations()) {
        let base = b"transport = \"smtp\"\noutbox = \"out\"\n[smtp]\nhost = \"h\"\nport = 587\n\
                     tls = \"starttls\"\nuser = \"u\"\npassword_command = \"pass show x\"\n";
        let bytes = mutate(base, &m);
        let _ = pbem::mail::MailConfig::from_toml(&String::from_utf8_lossy(&bytes), Path::new("c"));
    }
}
