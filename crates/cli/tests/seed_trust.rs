//! Seeds that cannot be trusted are refused: an agreed text is judged by the minute it
//! is published, a mistyped text is refused when the orders carry its SHA-256, a seed
//! that can never come (drand round 0, after 2100) is refused by `check` and `commit`,
//! and a battle's stock missing from the sales figures is a wrong seed (exit 2).
//! The games are the demo's player-turn 2-Blue (two battles) with its seed source
//! changed, the state rewritten with a valid integrity digest.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use blitzkrieg::state::{sha256_hex, GameState, SeedSource};
use predicates::str::contains;
use std::fs;
use std::path::PathBuf;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

const TEXT: &str = "Lotto 2026-11-24: 04 11 19 27 33 45";

struct Game {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    state: PathBuf,
    demo_orders: String,
    hash: String,
}

/// The demo's state before 2-Blue, its seed source replaced by `source`.
fn game(source: SeedSource) -> Game {
    let tmp = tempfile::tempdir().unwrap();
    let demo = tmp.path().join("demo");
    blitz().arg("demo").arg(&demo).assert().success();
    let mut state = GameState::from_ron(
        &fs::read_to_string(demo.join("04-2-blue.state.ron")).unwrap(),
        "s",
    )
    .unwrap();
    state.game.options.seed = source;
    let ron = state.to_ron().unwrap();
    let dir = tmp.path().join("game");
    fs::create_dir(&dir).unwrap();
    let state_path = dir.join("04-2-blue.state.ron");
    fs::write(&state_path, &ron).unwrap();
    Game {
        demo_orders: fs::read_to_string(demo.join("04-2-blue.orders.toml")).unwrap(),
        hash: sha256_hex(ron.as_bytes()),
        _tmp: tmp,
        dir,
        state: state_path,
    }
}

impl Game {
    /// The demo's orders for this state with `seed` as the `[seed]` lines.
    fn orders(&self, seed: &str, name: &str) -> PathBuf {
        let text: String = self
            .demo_orders
            .lines()
            .map(|l| {
                if l.starts_with("state = ") {
                    format!("state = \"{}\"\n", self.hash)
                } else if l == "source = \"drand\"" {
                    seed.to_string()
                } else if l.starts_with("round = ") {
                    String::new()
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let path = self.dir.parent().unwrap().join(name);
        fs::write(&path, text).unwrap();
        path
    }

    fn files(&self) -> usize {
        fs::read_dir(&self.dir).unwrap().count()
    }
}

fn drand() -> SeedSource {
    let chain = pbem::seed::DrandChain::quicknet().unwrap();
    SeedSource::Drand {
        chain_hash: chain.hash.clone(),
        public_key: chain.public_key_hex(),
        genesis: chain.genesis,
        period: chain.period,
    }
}

#[test]
fn an_agreed_text_drawn_tonight_is_committed_to_at_noon_and_refused_after_the_draw() {
    let g = game(SeedSource::AgreedText);
    let orders = g.orders(
        "source = \"text\"\ntime = \"2026-11-24T20:45:00Z\"\n",
        "text.toml",
    );
    let commit = |at: &str| {
        let mut c = blitz();
        c.args(["commit", "--state"])
            .arg(&g.state)
            .arg("--orders")
            .arg(&orders)
            .args(["--at", at]);
        c
    };
    commit("2026-11-24T12:00:00Z").assert().success();
    commit("2026-11-24T20:44:59Z").assert().success();
    commit("2026-11-24T20:45:00Z")
        .assert()
        .code(1)
        .stderr(contains(
            "the agreed value is published at 2026-11-24T20:45:00Z",
        ))
        .stderr(contains("no commitment was made"));
}

#[test]
fn a_mistyped_agreed_text_is_refused_when_the_orders_carry_its_hash() {
    let g = game(SeedSource::AgreedText);
    let sha = pbem::seed::Seed::from_text(TEXT).unwrap().hash_hex();
    let orders = g.orders(
        &format!("source = \"text\"\ntime = \"2026-11-24T20:45:00Z\"\nsha256 = \"{sha}\"\n"),
        "hashed.toml",
    );
    blitz()
        .arg("check")
        .arg(&g.state)
        .arg(&orders)
        .assert()
        .success();
    let before = g.files();
    blitz()
        .arg("resolve")
        .arg(&g.state)
        .arg(&orders)
        .args(["--seed-text", &TEXT.replace("45", "46")])
        .assert()
        .code(2)
        .stderr(contains("not the text agreed on"));
    assert_eq!(g.files(), before, "nothing was written");
    // A final line end is not a typo: the same bytes are hashed as are rolled.
    blitz()
        .arg("resolve")
        .arg(&g.state)
        .arg(&orders)
        .args(["--seed-text", &format!("{TEXT}\n")])
        .assert()
        .success();
    // A hash that is not one is refused by check.
    let bad = g.orders("source = \"text\"\nsha256 = \"abc\"\n", "bad-hash.toml");
    blitz()
        .arg("check")
        .arg(&g.state)
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(contains("is not a SHA-256"));
}

/// Standard error as words, without the frame the renderer folds long lines into.
fn said(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr)
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn seeds_that_can_never_come_are_refused_by_check_and_commit() {
    let drand_game = game(drand());
    let text_game = game(SeedSource::AgreedText);
    for (g, seed, says) in [
        (
            &drand_game,
            "source = \"drand\"\nround = 0\n",
            "round = 0 is never published",
        ),
        (
            &drand_game,
            "source = \"drand\"\nround = 99999999999\n",
            "is published after 2100",
        ),
        (
            &drand_game,
            "source = \"drand\"\ntime = \"2101-01-01T00:00:00Z\"\n",
            "is after 2100",
        ),
        (
            &text_game,
            "source = \"text\"\ndate = \"2101-01-01\"\n",
            "is after 2100",
        ),
    ] {
        let orders = g.orders(seed, "never.toml");
        let checked = blitz()
            .arg("check")
            .arg(&g.state)
            .arg(&orders)
            .assert()
            .code(1);
        assert!(said(&checked).contains(says), "{}", said(&checked));
        let committed = blitz()
            .args(["commit", "--state"])
            .arg(&g.state)
            .arg("--orders")
            .arg(&orders)
            .assert()
            .code(1)
            .stdout("");
        assert!(said(&committed).contains(says), "{}", said(&committed));
    }
    // The last moment that can come is accepted.
    let orders = drand_game.orders(
        "source = \"drand\"\ntime = \"2100-12-31T23:59:00Z\"\n",
        "late.toml",
    );
    blitz()
        .arg("check")
        .arg(&drand_game.state)
        .arg(&orders)
        .assert()
        .success();
}

#[test]
fn a_stock_missing_from_the_sales_figures_is_a_wrong_seed_exit_2() {
    let g = game(SeedSource::StockSales);
    let mut orders_text =
        fs::read_to_string(g.orders("source = \"stock\"\ndate = \"2026-11-24\"\n", "stock.toml"))
            .unwrap();
    orders_text = orders_text
        .replace("id = \"A1\"\n", "id = \"A1\"\nstock = \"IBM\"\n")
        .replace("id = \"A2\"\n", "id = \"A2\"\nstock = \"KO\"\n");
    let orders = g.dir.parent().unwrap().join("stock.toml");
    fs::write(&orders, orders_text).unwrap();
    blitz()
        .arg("check")
        .arg(&g.state)
        .arg(&orders)
        .assert()
        .success();
    let sales = g.dir.parent().unwrap().join("sales.csv");
    fs::write(&sales, "symbol,volume\nIBM,4531207\n").unwrap();
    let before = g.files();
    blitz()
        .arg("resolve")
        .arg(&g.state)
        .arg(&orders)
        .arg("--sales")
        .arg(&sales)
        .assert()
        .code(2)
        .stderr(contains(
            "battle A2 names stock KO, which is not in the sales figures",
        ));
    assert_eq!(g.files(), before, "nothing was written");
    fs::write(&sales, "symbol,volume\nIBM,4531207\nKO,12873915\n").unwrap();
    blitz()
        .arg("resolve")
        .arg(&g.state)
        .arg(&orders)
        .arg("--sales")
        .arg(&sales)
        .assert()
        .success();
}

/// 003 PBM ¶2: an agreed value still to come is refused by `resolve`, as a drand round
/// still to come is (no beacon of it exists): any text given now is not the one to be
/// published. Resolved once its time has come without `--commitment`, the turn is
/// played and a warning says that nothing was checked against a commitment.
#[test]
fn an_agreed_text_still_to_come_is_refused_and_a_turn_without_commitment_is_flagged() {
    let g = game(SeedSource::AgreedText);
    let later = g.orders(
        "source = \"text\"\ntime = \"2099-11-24T20:45:00Z\"\n",
        "later.toml",
    );
    let before = g.files();
    g.resolve_text(&later)
        .code(2)
        .stderr(contains("the agreed value is published at 2099-11-"))
        .stderr(contains("which has not come yet"));
    assert_eq!(g.files(), before, "nothing was written");
    let past = g.orders(
        "source = \"text\"\ntime = \"2026-11-24T20:45:00Z\"\n",
        "past.toml",
    );
    g.resolve_text(&past)
        .success()
        .stderr(contains("warning: no --commitment was given"));
}

impl Game {
    /// `blitz resolve` of this state with `orders` and the agreed text.
    fn resolve_text(&self, orders: &std::path::Path) -> assert_cmd::assert::Assert {
        blitz()
            .arg("resolve")
            .arg(&self.state)
            .arg(orders)
            .args(["--seed-text", TEXT])
            .assert()
    }

    /// The same state, keeping a record of the seeds `used` (name, what it decided), as
    /// every game made by `blitz new` keeps one.
    fn recording(mut self, used: &[(&str, &str)]) -> Game {
        let text = fs::read_to_string(&self.state).unwrap();
        let mut state = GameState::from_ron(&text, "s").unwrap();
        state.seeds_used = Some(
            used.iter()
                .map(|(n, by)| (n.to_string(), by.to_string()))
                .collect(),
        );
        let ron = state.to_ron().unwrap();
        fs::write(&self.state, &ron).unwrap();
        self.hash = sha256_hex(ron.as_bytes());
        self
    }
}

/// PBM ¶2 (a seed decides one player-turn or step): orders naming a seed that decided
/// an earlier player-turn of the same game are refused by `check`, `commit` and
/// `resolve` (B183), for each kind of seed and each way of naming it: a drand round, a
/// trading date, an agreed text by its SHA-256 or by the time it is published.
#[test]
fn a_seed_already_used_is_refused_by_check_commit_and_resolve_for_every_kind() {
    let sha = pbem::seed::Seed::from_text(TEXT).unwrap().hash_hex();
    let value = pbem::seed::used::value_name(&sha);
    let cases = [
        (
            drand(),
            "source = \"drand\"\nround = 1000\n".to_string(),
            "drand quicknet round 1000".to_string(),
        ),
        (
            SeedSource::StockSales,
            "source = \"stock\"\ndate = \"2026-11-24\"\n".to_string(),
            "the sales of trading date 2026-11-24".to_string(),
        ),
        (
            SeedSource::AgreedText,
            format!("source = \"text\"\nsha256 = \"{sha}\"\n"),
            value,
        ),
        (
            SeedSource::AgreedText,
            "source = \"text\"\ntime = \"2026-11-24T21:45:00+01:00\"\n".to_string(),
            "the agreed value published at 2026-11-24T20:45:00Z".to_string(),
        ),
    ];
    for (source, seed, name) in cases {
        let g = game(source).recording(&[(&name, "player-turn 1-Red")]);
        let orders = g.orders(&seed, "again.toml");
        let message = format!(
            "the seed named was used before: {name} already decided player-turn 1-Red of \
             this game"
        );
        let check = blitz()
            .arg("check")
            .arg(&g.state)
            .arg(&orders)
            .assert()
            .code(1);
        assert!(said(&check).contains(&message), "{}", said(&check));
        let commit = blitz()
            .args(["commit", "--state"])
            .arg(&g.state)
            .arg("--orders")
            .arg(&orders)
            .args(["--at", "2020-01-01T00:00:00Z"])
            .assert()
            .code(1)
            .stderr(contains("no commitment was made"));
        assert!(said(&commit).contains(&message), "{}", said(&commit));
        let before = g.files();
        let resolve = blitz()
            .arg("resolve")
            .arg(&g.state)
            .arg(&orders)
            .assert()
            .code(1);
        assert!(said(&resolve).contains(&message), "{}", said(&resolve));
        assert_eq!(g.files(), before, "nothing was written");
    }
}

/// A player-turn resolved with a seed records it in the next state, by every name it
/// is known by; a text given to resolve that decided an earlier player-turn is refused
/// even when the orders named it by a time not used yet (G004).
#[test]
fn the_seeds_used_are_recorded_and_a_used_value_is_refused_at_resolution() {
    let g = game(SeedSource::AgreedText).recording(&[]);
    let orders = g.orders(
        "source = \"text\"\ntime = \"2026-11-24T20:45:00Z\"\n",
        "first.toml",
    );
    g.resolve_text(&orders).success();
    let next = GameState::from_ron(
        &fs::read_to_string(g.dir.join("05-2-red.state.ron")).unwrap(),
        "s",
    )
    .unwrap();
    let sha = pbem::seed::Seed::from_text(TEXT).unwrap().hash_hex();
    let used = next.seeds_used.unwrap();
    assert_eq!(
        used.get(&pbem::seed::used::value_name(&sha))
            .map(String::as_str),
        Some("player-turn 2-Blue")
    );
    assert_eq!(
        used.get("the agreed value published at 2026-11-24T20:45:00Z")
            .map(String::as_str),
        Some("player-turn 2-Blue")
    );
    let g = game(SeedSource::AgreedText)
        .recording(&[(&pbem::seed::used::value_name(&sha), "player-turn 1-Red")]);
    let orders = g.orders(
        "source = \"text\"\ntime = \"2026-11-25T20:45:00Z\"\n",
        "other-time.toml",
    );
    let refused = g.resolve_text(&orders).code(2);
    assert!(
        said(&refused).contains(&format!(
            "{} already decided player-turn 1-Red of this game",
            pbem::seed::used::value_name(&sha)
        )),
        "{}",
        said(&refused)
    );
}

/// The recorded drand beacon of quicknet round `round` the samples are played from.
fn beacon(round: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/demo")
        .join(format!("beacon-round-{round}.json"))
}

/// `orders` with its `[seed]` table replaced by `seed` (the lines up to the next table).
fn with_seed(orders: &str, seed: &str) -> String {
    let start = orders.find("[seed]\n").unwrap();
    let rest = &orders[start + "[seed]\n".len()..];
    let end = rest.find("\n[").map_or(rest.len(), |i| i + 1);
    format!("{}[seed]\n{seed}{}", &orders[..start], &rest[end..])
}

/// PBM ¶2 in a game folder: `verify` replays every player-turn with the same checks as
/// `resolve`, so a folder in which a seed decided two player-turns does not verify, and
/// says which player-turn named it and the code (B183). The Basic Game sample, which
/// keeps the record of the seeds used as a game made by `blitz new` does, with 2-Red's
/// orders and beacon replaced by those of round 1000, which decided 2-Blue.
#[test]
fn verify_refuses_a_folder_in_which_a_seed_decided_two_player_turns() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    blitz().arg("demo").arg(&dir).assert().success();
    let state = fs::read_to_string(dir.join("05-2-red.state.ron")).unwrap();
    assert!(
        state.contains("\"drand quicknet round 1000\": \"player-turn 2-Blue\""),
        "the sample records its seeds: {state}"
    );
    blitz().arg("verify").arg(&dir).assert().success();
    let orders = dir.join("05-2-red.orders.toml");
    let text = fs::read_to_string(&orders).unwrap();
    fs::write(
        &orders,
        with_seed(&text, "source = \"drand\"\nround = 1000\n"),
    )
    .unwrap();
    fs::copy(beacon(1000), dir.join("05-2-red.seed.json")).unwrap();
    let refused = blitz().arg("verify").arg(&dir).assert().failure();
    let said = said(&refused);
    assert!(
        said.contains(
            "05-2-red.orders.toml:13:1: the seed named was used before: drand quicknet round \
             1000 already decided player-turn 2-Blue of this game"
        ),
        "{said}"
    );
    assert!(
        said.contains("DIVERGES: the orders kept there are refused (B183)"),
        "{said}"
    );
}

/// Issue 26's gap in Mori's game: the state records the names of each seed used (here
/// the set-up's drand round), so orders naming that round again are refused by `check`
/// and `commit` (M151), before any beacon is given; and `verify` refuses a folder in
/// which the round decided two steps, naming the step's orders and the code.
#[test]
fn a_drand_round_used_by_a_mori_game_is_refused_by_check_commit_and_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let sample = tmp.path().join("sample");
    blitz()
        .args(["demo", "--sample", "mori"])
        .arg(&sample)
        .assert()
        .success();
    let dir = tmp.path().join("game");
    fs::create_dir(&dir).unwrap();
    let setup = dir.join("00-setup.state.ron");
    fs::copy(sample.join("00-setup.state.ron"), &setup).unwrap();
    blitz()
        .arg("resolve")
        .arg(&setup)
        .arg("--beacon")
        .arg(beacon(123))
        .assert()
        .success();
    let t1 = dir.join("01-t001.state.ron");
    let state = fs::read_to_string(&t1).unwrap();
    assert!(
        state.contains("\"drand quicknet round 123\": \"turn setup\""),
        "the round is recorded by its number: {state}"
    );
    let text = fs::read_to_string(sample.join("01-t001.orders.toml")).unwrap();
    let again = tmp.path().join("again.toml");
    fs::write(
        &again,
        with_seed(&text, "source = \"drand\"\nround = 123\n"),
    )
    .unwrap();
    let message =
        "M151 the seed named was used before: drand quicknet round 123 already decided turn \
         setup of this game";
    let check = blitz().arg("check").arg(&t1).arg(&again).assert().code(1);
    assert!(said(&check).contains(message), "{}", said(&check));
    let commit = blitz()
        .args(["commit", "--state"])
        .arg(&t1)
        .arg("--orders")
        .arg(&again)
        .args(["--at", "2020-01-01T00:00:00Z"])
        .assert()
        .code(1);
    assert!(said(&commit).contains(message), "{}", said(&commit));
    // The folder of a game in which the round decided the set-up and turn 1.
    fs::copy(&again, dir.join("01-t001.orders.toml")).unwrap();
    fs::copy(beacon(123), dir.join("01-t001.seed.json")).unwrap();
    fs::copy(&t1, dir.join("02-t002.state.ron")).unwrap();
    let refused = blitz().arg("verify").arg(&dir).assert().failure();
    let said = said(&refused);
    assert!(said.contains("01-t001.orders.toml"), "{said}");
    assert!(said.contains(message), "{said}");
    assert!(
        said.contains("DIVERGES: the orders kept there are refused (M151)"),
        "{said}"
    );
}
