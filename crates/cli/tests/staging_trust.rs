//! The staging folder a write leaves when it is killed (`docs/pbem.md`, "The staging
//! folder"), through the real binary: a planted journal of every kind (an absolute
//! path, `..`, a symbolic link out of the folder, a staged file that is a link,
//! garbage) is refused by every command and touches nothing; a journal-complete write
//! that `resolve` left is finished by `blitz repair` only, every reading command
//! refusing the folder until then and writing nothing (`mail` never mails a turn
//! without its seed); a `--mail` that fails after the turn was written says so and
//! gives the `blitz mail` command that is left.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// What resolving the demo's player-turn 2-Red writes, in the order `resolve` renames
/// them into place.
const OUTPUTS: [&str; 6] = [
    "05-2-red.orders.toml",
    "05-2-red.report.txt",
    "06-3-blue.state.ron",
    "06-3-blue.template.toml",
    "05-2-red.seed.json",
    "05-2-red.commitment.txt",
];

/// The demo, played once, in `tmp/demo`.
fn demo(tmp: &Path) -> PathBuf {
    let demo = tmp.join("demo");
    blitz().arg("demo").arg(&demo).assert().success();
    demo
}

/// A copy of the demo's files (not its outbox), leaving out `without`.
fn copy(demo: &Path, to: &Path, without: &[&str]) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(demo).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_file() && !without.contains(&name.as_str()) {
            fs::copy(&p, to.join(&name)).unwrap();
        }
    }
}

/// Every path under `dir` and the bytes of each file, to show nothing was touched.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                todo.push(p.clone());
            }
            let bytes = meta.is_file().then(|| fs::read(&p).unwrap());
            out.push((p, bytes));
        }
    }
    out.sort();
    out
}

/// A text without white space or the error box's rule: the box wraps its lines.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '│')
        .collect()
}

/// Asserts the command failed with `code` and said `needle`; returns what it said,
/// squashed.
fn fails_saying(assert: assert_cmd::assert::Assert, code: i32, needle: &str) -> String {
    let out = assert.code(code);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        squash(&stderr).contains(&squash(needle)),
        "{needle}\n{stderr}"
    );
    squash(&stderr)
}

const VICTIM: &[u8] = b"the player's own file\n";

#[test]
fn a_planted_journal_of_every_kind_is_refused_and_touches_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = demo(tmp.path());
    let victim = tmp.path().join("victim.txt");
    let cases: Vec<(&str, String)> = vec![
        ("absolute", format!("0\t{}\n", victim.display())),
        ("dotdot", "0\t../victim.txt\n".to_string()),
        ("symlinked-folder", "0\tlink/victim.txt\n".to_string()),
        ("staged-symlink", "0\tplanted.txt\n".to_string()),
        ("garbage", "rm -rf /\n\u{1}\u{2}\t\t\n".to_string()),
    ];
    for (kind, journal) in cases {
        fs::write(&victim, VICTIM).unwrap();
        let game = tmp.path().join(kind);
        copy(&demo, &game, &[]);
        let stage = game.join(".blitz-staging-1-1");
        fs::create_dir(&stage).unwrap();
        fs::write(stage.join("JOURNAL"), journal).unwrap();
        #[cfg(unix)]
        match kind {
            "symlinked-folder" => {
                std::os::unix::fs::symlink(tmp.path(), game.join("link")).unwrap()
            }
            "staged-symlink" => std::os::unix::fs::symlink(&victim, stage.join("0")).unwrap(),
            _ => fs::write(stage.join("0"), b"planted\n").unwrap(),
        }
        let before = snapshot(tmp.path());
        let refused = "is not a write this program left unfinished";
        for args in [
            vec!["verify".to_string()],
            vec!["repair".to_string()],
            vec!["demo".to_string(), "--force".to_string()],
        ] {
            fails_saying(blitz().args(&args).arg(&game).assert(), 2, refused);
        }
        fails_saying(
            blitz()
                .arg("show")
                .arg(game.join("06-3-blue.state.ron"))
                .assert(),
            2,
            refused,
        );
        assert_eq!(
            snapshot(tmp.path()),
            before,
            "{kind}: something was touched"
        );
        assert_eq!(fs::read(&victim).unwrap(), VICTIM, "{kind}");
    }
}

/// The demo as a `resolve` of 2-Red killed during its renames leaves it: the orders,
/// report, state and template in place, the seed and the commitment still staged.
fn killed_during_renames(demo: &Path, game: &Path) {
    copy(demo, game, &OUTPUTS[4..]);
    let stage = game.join(".blitz-staging-4242-1700000000000000000");
    fs::create_dir(&stage).unwrap();
    let mut journal = String::new();
    for (i, name) in OUTPUTS.iter().enumerate() {
        journal.push_str(&format!("{i}\t{name}\n"));
        if i >= 4 {
            fs::copy(demo.join(name), stage.join(i.to_string())).unwrap();
        }
    }
    fs::write(stage.join("JOURNAL"), journal).unwrap();
}

#[test]
fn an_unfinished_write_is_refused_by_every_reader_until_repair_finishes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = demo(tmp.path());
    let game = tmp.path().join("game");
    killed_during_renames(&demo, &game);
    let state = game.join("06-3-blue.state.ron");
    let outbox = tmp.path().join("outbox");
    let before = snapshot(tmp.path());
    let repair = format!("run `blitz repair {}`", game.display());

    // `mail` does not mail the turn without its seed and commitment.
    fails_saying(
        blitz()
            .arg("mail")
            .arg(&state)
            .arg("--outbox")
            .arg(&outbox)
            .assert(),
        2,
        &repair,
    );
    // Nor does any other reader read the folder, and none writes.
    fails_saying(blitz().arg("verify").arg(&game).assert(), 2, &repair);
    fails_saying(blitz().arg("show").arg(&state).assert(), 2, &repair);
    fails_saying(
        blitz()
            .arg("check")
            .arg(&state)
            .arg(game.join("06-3-blue.template.toml"))
            .assert(),
        2,
        &repair,
    );
    fails_saying(
        blitz().args(["html", "--out", "-"]).arg(&game).assert(),
        1,
        &repair,
    );
    assert_eq!(snapshot(tmp.path()), before, "a reader wrote");

    blitz()
        .arg("repair")
        .arg(&game)
        .assert()
        .success()
        .stdout(contains("1 interrupted write finished or discarded"));
    for name in OUTPUTS {
        assert_eq!(
            fs::read(game.join(name)).unwrap(),
            fs::read(demo.join(name)).unwrap()
        );
    }
    blitz().arg("verify").arg(&game).assert().success();
    blitz()
        .arg("repair")
        .arg(&game)
        .assert()
        .success()
        .stdout(contains("nothing to do"));
    blitz()
        .arg("mail")
        .arg(&state)
        .arg("--outbox")
        .arg(&outbox)
        .assert()
        .success();
    let mail = fs::read_dir(&outbox)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = fs::read_to_string(mail).unwrap();
    assert!(text.contains("05-2-red.seed.json"), "{text}");
    assert!(text.contains("05-2-red.commitment.txt"), "{text}");
}

#[test]
fn a_failing_mail_after_the_turn_is_written_says_only_the_mail_is_left() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = demo(tmp.path());
    let commitment = fs::read_to_string(demo.join("05-2-red.commitment.txt")).unwrap();
    let orders = tmp.path().join("orders.toml");
    fs::copy(demo.join("05-2-red.orders.toml"), &orders).unwrap();
    let beacon = tmp.path().join("beacon.json");
    fs::copy(demo.join("05-2-red.seed.json"), &beacon).unwrap();
    let port = support::free_port();
    let smtp = format!("127.0.0.1:{port}");
    // The server refuses the connection: the outbox copy is kept, so the resend is left.
    // An outbox that cannot be written (a full disk): the state's mail is left.
    let blocked = tmp.path().join("a-file");
    fs::write(&blocked, b"not a folder").unwrap();
    for (n, outbox, left) in [
        (
            1,
            tmp.path().join("outbox"),
            format!(
                "blitz mail --resend {}",
                tmp.path().join("outbox").display()
            ),
        ),
        (
            2,
            blocked.join("outbox"),
            format!(
                "blitz mail --state {}",
                tmp.path().join("g2/06-3-blue.state.ron").display()
            ),
        ),
    ] {
        let game = tmp.path().join(format!("g{n}"));
        copy(&demo, &game, &OUTPUTS);
        let resolve = blitz()
            .arg("resolve")
            .arg(game.join("05-2-red.state.ron"))
            .arg(&orders)
            .arg("--beacon")
            .arg(&beacon)
            .args(["--commitment", commitment.trim(), "--mail", "--smtp", &smtp])
            .args(["--tls", "none", "--outbox"])
            .arg(&outbox)
            .assert();
        let said = fails_saying(resolve, 2, "the turn is written, but its mail was not sent");
        assert!(said.contains(&squash(&left)), "{left}\n{said}");
        let flags = format!("--smtp {smtp} --tls none");
        assert!(said.contains(&squash(&flags)), "{said}");
        for name in OUTPUTS {
            assert!(game.join(name).exists(), "{name} is written");
        }
    }
}
