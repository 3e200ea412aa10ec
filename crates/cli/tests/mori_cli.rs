//! Mori's BLITZKRIEG! from the command line, through the real binary: `blitz demo
//! --sample mori|nippon` plays a whole game into a folder that `blitz verify` replays,
//! hidden draws included; `blitz secret`, `blitz new --kind`, `resolve` (the set-up,
//! then a turn), `show`, `check`, `commit`, `report`, `mail` and `verify` play a game
//! by mail between two private folders; a tampered folder fails; each player's mail
//! shows his own reserve only; a BLITZKRIEG-only command refuses a Mori state.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The plain-text body of a turn message (sent quoted-printable).
fn body_of(message: &[u8]) -> String {
    let text = String::from_utf8(message.to_vec()).unwrap();
    let part = text.split("Content-Type: text/plain").nth(1).unwrap();
    let (_, after_headers) = part.split_once("\r\n\r\n").unwrap();
    let (encoded, _) = after_headers.split_once("\r\n--blitz-").unwrap();
    let decoded = quoted_printable::decode(encoded, quoted_printable::ParseMode::Strict).unwrap();
    String::from_utf8(decoded).unwrap().replace("\r\n", "\n")
}

/// The tokens of a "Your reserve: a (army 2), b (navy 1)." line.
fn reserve_of(body: &str) -> Vec<String> {
    let line = body
        .lines()
        .find(|l| l.trim_start().starts_with("Your reserve:"))
        .unwrap();
    line.split_once(':')
        .unwrap()
        .1
        .split(", ")
        .map(|t| {
            t.trim()
                .split(' ')
                .next()
                .unwrap()
                .trim_end_matches('.')
                .to_string()
        })
        .filter(|t| !t.is_empty() && t != "empty")
        .collect()
}

fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn demo(sample: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    blitz()
        .args(["demo", "--sample", sample])
        .arg(&dir)
        .assert()
        .success()
        .stdout(contains("replayed from them and verified"));
    (tmp, dir)
}

#[test]
fn the_mori_samples_play_a_whole_game_that_verify_replays_with_every_hidden_draw() {
    for (sample, sides) in [
        ("mori", ["axis", "allied"]),
        ("nippon", ["japan", "germany"]),
    ] {
        let (_tmp, dir) = demo(sample);
        let first = fs::read_to_string(dir.join("00-setup.state.ron")).unwrap();
        assert!(
            first.starts_with("(\n  format: 2,\n  kind: \"mori\","),
            "{first}"
        );
        assert!(!first.contains("seeds: [\n"), "no seed before the set-up");
        for side in sides {
            let secret = fs::read_to_string(dir.join(format!("{side}.secret.txt"))).unwrap();
            assert_eq!(secret.trim().len(), 64, "{secret}");
        }
        assert!(dir.join("00-setup.seed.txt").exists());
        // Every turn's orders name, by its SHA-256, the agreed text kept beside them.
        let orders = fs::read_to_string(dir.join("01-t001.orders.toml")).unwrap();
        let seed = fs::read_to_string(dir.join("01-t001.seed.txt")).unwrap();
        assert!(orders.contains("[seed]\nsource = \"text\""), "{orders}");
        assert!(orders.contains(&sha256_hex(&seed)), "{orders}");
        let mails = fs::read_dir(dir.join("outbox")).unwrap().count();
        assert!(mails > 4, "each player's mails: {mails}");
        blitz()
            .arg("verify")
            .arg(&dir)
            .assert()
            .success()
            .stdout(contains("steps replayed, all of them"))
            .stdout(contains("hidden: both secrets revealed"));
        // Played again into the same folder without --force: nothing is overwritten.
        blitz()
            .args(["demo", "--sample", sample])
            .arg(&dir)
            .assert()
            .code(2);
    }
}

#[test]
fn a_tampered_mori_folder_fails_verify() {
    let (_tmp, dir) = demo("mori");
    // An order file changed after the game: the state it produced no longer follows.
    let orders = dir.join("03-t003.orders.toml");
    let text = fs::read_to_string(&orders).unwrap();
    fs::write(&orders, text.replacen("space = ", "space = 1", 1)).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("DIVERGES"));
    fs::write(&orders, &text).unwrap();
    blitz().arg("verify").arg(&dir).assert().success();
    // A revealed secret that is not the one committed to: the replay refuses it.
    let secret = dir.join("axis.secret.txt");
    let kept = fs::read_to_string(&secret).unwrap();
    fs::write(&secret, format!("{}\n", "ab".repeat(32))).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("H002"));
    // A secret withheld at the end: the hidden draws were not replayed, so no yes.
    fs::remove_file(&secret).unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("INCOMPLETE"))
        .stderr(contains("axis.secret.txt"));
    fs::write(&secret, kept).unwrap();
    // A turn's seed swapped for another text: not the one its orders name.
    let seed = dir.join("03-t003.seed.txt");
    let kept = fs::read_to_string(&seed).unwrap();
    fs::write(&seed, "another text, published later").unwrap();
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("DIVERGES"))
        .stderr(contains(
            "03-t003.orders.toml: the agreed text given has SHA-256",
        ));
    fs::write(&seed, kept).unwrap();
    blitz().arg("verify").arg(&dir).assert().success();
    // A state edited by hand: its integrity digest gives it away.
    let state = dir.join("05-t005.state.ron");
    let text = fs::read_to_string(&state).unwrap();
    fs::write(&state, text.replacen("turn: 5", "turn: 6", 1)).unwrap();
    blitz().arg("verify").arg(&dir).assert().code(1);
}

#[test]
fn each_players_mail_shows_his_own_reserve_only() {
    let (_tmp, dir) = demo("mori");
    let outbox = dir.join("outbox");
    let axis = body_of(&fs::read(outbox.join("blitz-demo-base-t004_axis.eml")).unwrap());
    let allied = body_of(&fs::read(outbox.join("blitz-demo-base-t004_allied.eml")).unwrap());
    assert!(axis.contains("For the Axis player only"), "{axis}");
    assert!(!axis.contains("For the Allied player only"), "{axis}");
    assert!(allied.contains("For the Allied player only"), "{allied}");
    assert!(!allied.contains("For the Axis player only"), "{allied}");
    assert!(axis.contains("War victory track"), "{axis}");
    let public = allied.split("War victory track").next().unwrap();
    let mine = reserve_of(&axis);
    assert!(!mine.is_empty(), "{axis}");
    for token in &mine {
        assert!(
            !allied.contains(token.as_str()) || public.contains(token.as_str()),
            "the Allied mail names {token} of the Axis reserve:\n{allied}"
        );
    }
    // The board picture goes to both; the next mover's mail has his template (every
    // token of his reserve he may place and where), the other's none.
    let raw =
        String::from_utf8(fs::read(outbox.join("blitz-demo-base-t004_axis.eml")).unwrap()).unwrap();
    assert!(raw.contains("05-t005.board.png"), "the board picture");
    assert!(axis.contains("[[place]]"), "Axis moves after t004:\n{axis}");
    assert!(!allied.contains("[[place]]"), "{allied}");
}

/// A game by mail between two private folders: Allied makes his secret, Axis creates
/// the game with Allied's commitment, the set-up seed is given, Axis orders turn 1
/// from his own template, checks, commits and resolves; verify replays it.
fn play_by_mail(kind: &str, sides: [&str; 2]) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let (first, second) = (sides[0], sides[1]);
    let mine = root.join("first-private");
    let theirs = root.join("second-private");
    let game = root.join("game");
    let line = stdout(
        blitz()
            .args([
                "secret",
                "--kind",
                kind,
                "--game",
                "g1",
                "--as",
                second,
                "--private",
            ])
            .arg(&theirs),
    );
    let commitment = line.trim().to_string();
    assert!(
        commitment.starts_with(&format!("{second}=")),
        "{commitment}"
    );
    stdout(
        blitz()
            .args(["new", "--kind", kind, "--game", "g1"])
            .arg(format!("--{first}"))
            .arg("Ann <ann@example.org>")
            .arg(format!("--{second}"))
            .arg("Bob <bob@example.org>")
            .args(["--commitment", &commitment, "--private"])
            .arg(&mine)
            .arg("--out")
            .arg(&game),
    );
    assert!(mine.join(format!("g1.{first}.private.ron")).exists());
    assert!(theirs.join(format!("g1.{second}.private.ron")).exists());
    let setup = game.join("00-setup.state.ron");
    let text = fs::read_to_string(&setup).unwrap();
    assert!(text.contains(&commitment[second.len() + 1..]), "{text}");
    // A new game verifies: nothing to replay yet.
    blitz().arg("verify").arg(&game).assert().success();
    // Set-up: the seed alone.
    blitz()
        .arg("resolve")
        .arg(&setup)
        .args(["--seed-text", "the set-up seed"])
        .assert()
        .success()
        .stdout(contains("draws 3 tokens"));
    let t1 = game.join("01-t001.state.ron");
    let shown = stdout(blitz().arg("show").arg(&t1).arg("--private").arg(&mine));
    assert!(shown.contains("Your reserve:"), "{shown}");
    // From the first player's own template: the first token that has a place.
    let template = shown.split_once("Your orders").unwrap().1;
    let header: String = template
        .lines()
        .filter(|l| {
            ["game =", "turn =", "side =", "commitment ="]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let (token, place) = template
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .filter_map(|l| {
            let (token, rest) = l.split_once(": ")?;
            let (_, places) = rest.rsplit_once(": ")?;
            let first = places.split(", ").next()?;
            (first != "nowhere" && !token.contains(' '))
                .then(|| (token.to_string(), first.to_string()))
        })
        .next()
        .unwrap_or_else(|| panic!("a placeable token:\n{template}"));
    let (theatre, cs) = place.split_once(' ').unwrap();
    let (campaign, space) = cs.split_once('/').unwrap();
    let place = format!(
        "\n[[place]]\ntoken = \"{token}\"\ntheatre = \"{theatre}\"\ncampaign = {campaign}\nspace = {space}\n"
    );
    // Orders that name no seed are refused, with the code and the place.
    let unseeded = root.join("unseeded.toml");
    fs::write(&unseeded, format!("{header}{place}")).unwrap();
    let out = blitz()
        .arg("check")
        .arg(&t1)
        .arg(&unseeded)
        .arg("--private")
        .arg(&mine)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unseeded.toml:1:1: M108 "), "{err}");
    // A seed already published (drand round 1): no commitment.
    let published = root.join("published.toml");
    fs::write(
        &published,
        format!("{header}\n[seed]\nsource = \"drand\"\nround = 1\n{place}"),
    )
    .unwrap();
    blitz()
        .args(["commit", "--state"])
        .arg(&t1)
        .arg("--orders")
        .arg(&published)
        .assert()
        .code(1)
        .stderr(contains("drand quicknet round 1 was published at"))
        .stderr(contains("no commitment was made"));
    let orders = root.join("t001.toml");
    fs::write(
        &orders,
        format!(
            "{header}\n[seed]\nsource = \"text\"\ntime = \"2099-12-31T20:45:00Z\"\nsha256 = \"{}\"\n{place}",
            sha256_hex("turn one's seed")
        ),
    )
    .unwrap();
    blitz()
        .arg("check")
        .arg(&t1)
        .arg(&orders)
        .arg("--private")
        .arg(&mine)
        .assert()
        .success()
        .stdout(contains("is in the"));
    // The opponent's machine checks the public part only.
    blitz()
        .arg("check")
        .arg(&t1)
        .arg(&orders)
        .arg("--private")
        .arg(&theirs)
        .assert()
        .success()
        .stdout(contains("where the mover's private file is"));
    // A token of his still in the bag: his own tool refuses it, with line and code.
    let public = fs::read_to_string(game.join("01-t001.template.toml")).unwrap();
    let reserve = reserve_of(&shown);
    let in_bag = public
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .filter_map(|l| l.split_once(": ").map(|(t, _)| t.to_string()))
        .find(|t| !reserve.contains(t) && !t.contains(' '))
        .unwrap();
    let bad = root.join("bad.toml");
    fs::write(
        &bad,
        fs::read_to_string(&orders)
            .unwrap()
            .replace(&format!("\"{token}\""), &format!("\"{in_bag}\"")),
    )
    .unwrap();
    let out = blitz()
        .arg("check")
        .arg(&t1)
        .arg(&bad)
        .arg("--private")
        .arg(&mine)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("M115") || err.contains("M125"), "{err}");
    assert!(err.contains("bad.toml:"), "file, line and column: {err}");
    let commitment = stdout(
        blitz()
            .args(["commit", "--state"])
            .arg(&t1)
            .arg("--orders")
            .arg(&orders)
            .arg("--private")
            .arg(&mine),
    );
    let commitment = commitment.trim();
    assert_eq!(commitment.len(), 64, "{commitment}");
    // Any other text than the one the orders name: nothing is resolved.
    blitz()
        .arg("resolve")
        .arg(&t1)
        .arg(&orders)
        .args(["--seed-text", "another text", "--commitment", commitment])
        .assert()
        .failure()
        .stderr(contains("t001.toml: the agreed text given has SHA-256"));
    assert!(!game.join("02-t002.state.ron").exists());
    blitz()
        .arg("resolve")
        .arg(&t1)
        .arg(&orders)
        .args(["--seed-text", "turn one's seed", "--commitment", commitment])
        .assert()
        .success()
        .stdout(contains(format!("places {token}")));
    let t2 = game.join("02-t002.state.ron");
    blitz()
        .arg("report")
        .arg(&t2)
        .assert()
        .success()
        .stdout(contains(format!("places {token}")));
    blitz()
        .arg("verify")
        .arg(&game)
        .assert()
        .success()
        .stdout(contains("2 steps replayed, all of them"))
        .stdout(contains("hidden: the war is not over"));
    // Mailed from the first player's machine: his mail shows his reserve, the other's
    // says it is behind his screen; the second player, to move, has a template.
    let outbox = root.join("outbox");
    blitz()
        .args(["mail", "--state"])
        .arg(&t2)
        .arg("--private")
        .arg(&mine)
        .arg("--outbox")
        .arg(&outbox)
        .args(["--date", "2026-01-02T12:00:00Z"])
        .assert()
        .success();
    let mine_mail = body_of(&fs::read(outbox.join(format!("blitz-g1-t001_{first}.eml"))).unwrap());
    let their_mail =
        body_of(&fs::read(outbox.join(format!("blitz-g1-t001_{second}.eml"))).unwrap());
    assert!(mine_mail.contains("Your reserve:"), "{mine_mail}");
    assert!(their_mail.contains("behind your screen"), "{their_mail}");
    assert!(!their_mail.contains("Your reserve:"), "{their_mail}");
    assert!(their_mail.contains("[[place]]"), "{their_mail}");
    // The set-up state takes no orders; the game's first state is refused as orders' state.
    blitz()
        .arg("resolve")
        .arg(&setup)
        .arg(&orders)
        .args(["--seed-text", "x", "--out"])
        .arg(root.join("elsewhere"))
        .assert()
        .code(2)
        .stderr(contains("set-up seed"));
}

#[test]
fn a_base_game_by_mail_new_check_commit_resolve_verify() {
    play_by_mail("mori", ["axis", "allied"]);
}

#[test]
fn a_nippon_game_by_mail_new_check_commit_resolve_verify() {
    play_by_mail("nippon", ["japan", "germany"]);
}

/// 002 §8.1, §8.4: `blitz new --kind nippon` makes Godzilla Japan's (in his bag from
/// the set-up, the state says `godzilla: japanese`); `--godzilla drawn` puts him in the
/// research pile, and its state names no option, as every Nippon game before it; the
/// base game has no such option.
#[test]
fn a_nippon_game_declares_whose_godzilla_is() {
    let tmp = tempfile::tempdir().unwrap();
    let new = |out: &str, kind: &str, extra: &[&str]| {
        let sides: [&str; 4] = if kind == "nippon" {
            [
                "--japan",
                "Ann <ann@example.org>",
                "--germany",
                "Bob <bob@example.org>",
            ]
        } else {
            [
                "--axis",
                "Ann <ann@example.org>",
                "--allied",
                "Bob <bob@example.org>",
            ]
        };
        let mut c = blitz();
        c.args(["new", "--kind", kind, "--game", "g5"])
            .args(sides)
            .args(extra)
            .arg("--private")
            .arg(tmp.path().join(format!("{out}-private")))
            .arg("--out")
            .arg(tmp.path().join(out));
        c
    };
    let setup =
        |out: &str| fs::read_to_string(tmp.path().join(out).join("00-setup.state.ron")).unwrap();
    new("japanese", "nippon", &[]).assert().success();
    let text = setup("japanese");
    assert!(text.contains("godzilla: japanese,"), "{text}");
    // The players (their tokens owned) come before the research pile in the state.
    let (players, pile) = text.split_once("research_pile: [").unwrap();
    let pile = pile.split(']').next().unwrap();
    assert!(players.contains("\"sw-godzilla-1\""), "{players}");
    assert!(!pile.contains("godzilla"), "{pile}");

    new("drawn", "nippon", &["--godzilla", "drawn"])
        .assert()
        .success();
    let text = setup("drawn");
    assert!(!text.contains("godzilla:"), "{text}");
    let (players, pile) = text.split_once("research_pile: [").unwrap();
    let pile = pile.split(']').next().unwrap();
    assert!(!players.contains("godzilla"), "{players}");
    assert!(pile.contains("\"sw-godzilla-1\""), "{pile}");

    new("base", "mori", &["--godzilla", "drawn"])
        .assert()
        .code(2)
        .stderr(contains("--godzilla is an option of the Nippon expansion"));
    assert!(!tmp.path().join("base").exists());
}

#[test]
fn a_blitzkrieg_only_command_refuses_a_mori_state_by_its_kind() {
    let tmp = tempfile::tempdir().unwrap();
    blitz()
        .args(["new", "--kind", "mori", "--game", "g2"])
        .args([
            "--axis",
            "Ann <ann@example.org>",
            "--allied",
            "Bob <bob@example.org>",
        ])
        .arg("--private")
        .arg(tmp.path().join("p"))
        .arg("--out")
        .arg(tmp.path().join("g"))
        .assert()
        .success();
    blitz()
        .arg("position")
        .arg(tmp.path().join("g").join("00-setup.state.ron"))
        .assert()
        .code(2)
        .stderr(contains("is a state of a `mori` game"));
}

#[test]
fn a_private_file_is_never_overwritten() {
    let tmp = tempfile::tempdir().unwrap();
    let p: &Path = tmp.path();
    let make = || {
        let mut c = blitz();
        c.args(["secret", "--game", "g9", "--as", "allied", "--private"])
            .arg(p.join("priv"));
        c
    };
    make().assert().success();
    make().assert().code(2).stderr(contains("is there already"));
}

/// A command finds the game of a state laid out as the umpire writes it by its first
/// lines, and of one laid out otherwise by the whole file: the same game either way.
#[test]
fn a_mori_state_laid_out_otherwise_is_still_checked_as_mori() {
    let (tmp, dir) = demo("mori");
    let state = fs::read_to_string(dir.join("01-t001.state.ron")).unwrap();
    let one_line = tmp.path().join("one-line.state.ron");
    fs::write(&one_line, state.replace('\n', " ")).unwrap();
    for path in [dir.join("01-t001.state.ron"), one_line] {
        blitz()
            .arg("check")
            .arg(&path)
            .arg(dir.join("01-t001.orders.toml"))
            .arg("--private")
            .arg(dir.join("private"))
            .assert()
            .success();
    }
}

/// A Mori order file of one block repeated is checked whole, but drawn as BLITZKRIEG's
/// problems are: the first fifty, the others counted, then how many there are.
#[test]
fn many_problems_in_a_mori_file_are_drawn_fifty_and_the_rest_counted() {
    let (tmp, dir) = demo("mori");
    let orders = fs::read_to_string(dir.join("03-t003.orders.toml")).unwrap();
    let start = orders.find("\n[[").unwrap();
    let end = orders[start + 1..]
        .find("\n[[")
        .map_or(orders.len(), |e| start + 1 + e);
    let block = &orders[start..end];
    let many = tmp.path().join("many.toml");
    fs::write(&many, format!("{orders}{}", block.repeat(80))).unwrap();
    let out = blitz()
        .arg("check")
        .arg(dir.join("03-t003.state.ron"))
        .arg(&many)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    let (drawn, total) = (text.matches(" × ").count(), problems_in(&text));
    assert_eq!(drawn, 50, "{text}");
    assert!(total > 50, "{text}");
    let more = format!(
        "… and {} more problems not shown: fix these first",
        total - 50
    );
    assert!(text.contains(&more), "{text}");
}

/// The count of the closing line, "N problems in FILE".
fn problems_in(text: &str) -> usize {
    let line = text
        .lines()
        .rev()
        .find(|l| l.contains(" problems in "))
        .unwrap();
    line.split(' ').next().unwrap().parse().unwrap()
}

/// 30.13: a mistyped token gets "did you mean", drawn as BLITZKRIEG's problems are
/// (the line, the rule under the value); the subjects name the steps as players do;
/// the private template can be written to a file.
#[test]
fn a_token_typo_the_subjects_and_the_private_template_file() {
    let (tmp, dir) = demo("mori");
    let orders = fs::read_to_string(dir.join("01-t001.orders.toml")).unwrap();
    let token = orders
        .lines()
        .find_map(|l| l.strip_prefix("token = \""))
        .and_then(|t| t.strip_suffix('"'))
        .unwrap()
        .to_string();
    let typo = format!("{}x{}", &token[..3], &token[4..]);
    let bad = tmp.path().join("typo.toml");
    fs::write(&bad, orders.replace(&token, &typo)).unwrap();
    let out = blitz()
        .arg("check")
        .arg(dir.join("01-t001.state.ron"))
        .arg(&bad)
        .arg("--private")
        .arg(dir.join("private"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("M110 no token \"{typo}\"")), "{err}");
    assert!(err.contains(&format!("did you mean {token}?")), "{err}");
    assert!(err.contains(&format!("token = \"{typo}\"")), "{err}");
    assert!(err.contains("1 problem in"), "{err}");

    let subjects: std::collections::BTreeSet<String> = fs::read_dir(dir.join("outbox"))
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .filter_map(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("Subject: "))
                .map(str::to_string)
        })
        .collect();
    assert!(
        subjects.contains("[Blitzkrieg demo-base] New game: the set-up draw is next"),
        "{subjects:?}"
    );
    assert!(
        subjects.contains("[Blitzkrieg demo-base] Set-up drawn: Axis moves first"),
        "{subjects:?}"
    );
    assert!(
        subjects
            .iter()
            .any(|s| s.starts_with("[Blitzkrieg demo-base] Turn 2 Allied ")),
        "{subjects:?}"
    );
    assert!(!subjects
        .iter()
        .any(|s| s.contains("new.") || s.contains("Set-up \u{2192}")));

    let file = tmp.path().join("mine.toml");
    let shown = stdout(
        blitz()
            .arg("show")
            .arg(dir.join("01-t001.state.ron"))
            .arg("--private")
            .arg(dir.join("private"))
            .arg("--out")
            .arg(&file),
    );
    let template = fs::read_to_string(&file).unwrap();
    assert!(
        template.contains("[[place]]") || template.contains("token"),
        "{template}"
    );
    assert!(!shown.contains("Your orders (fill in"), "{shown}");
    // Never over a file.
    blitz()
        .arg("show")
        .arg(dir.join("01-t001.state.ron"))
        .arg("--private")
        .arg(dir.join("private"))
        .arg("--out")
        .arg(&file)
        .assert()
        .failure();
}

/// The command line reads which game a folder holds once, from its states' envelopes,
/// on one path for every game: a folder holding states of BLITZKRIEG and of Mori's game
/// is refused in the same words (F030) whichever game's state comes first, by `verify`
/// and `html`, before either game's replay reads it; each folder on its own still
/// verifies through its own game.
#[test]
fn a_folder_of_two_games_is_refused_on_one_path_whichever_game_comes_first() {
    let (_m, mori) = demo("mori");
    let tmp = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tournament-0.3.0");
    let blitzkrieg = tmp.path().join("b");
    fs::create_dir(&blitzkrieg).unwrap();
    for e in fs::read_dir(&fixture).unwrap() {
        let p = e.unwrap().path();
        fs::copy(&p, blitzkrieg.join(p.file_name().unwrap())).unwrap();
    }
    blitz().arg("verify").arg(&blitzkrieg).assert().success();
    blitz().arg("verify").arg(&mori).assert().success();
    fs::copy(
        mori.join("00-setup.state.ron"),
        blitzkrieg.join("99-t999.state.ron"),
    )
    .unwrap();
    fs::copy(
        fixture.join("00-setup-blue.state.ron"),
        mori.join("99-x.state.ron"),
    )
    .unwrap();
    for (dir, said) in [
        (
            &blitzkrieg,
            "00-setup-blue.state.ron is of a `blitzkrieg` game, 99-t999.state.ron of a `mori` game",
        ),
        (
            &mori,
            "00-setup.state.ron is of a `mori` game, 99-x.state.ron of a `blitzkrieg` game",
        ),
    ] {
        let whole = format!("{} holds the states of two games: {said}", dir.display());
        let page = tmp.path().join("page.html");
        for args in [
            vec!["verify"],
            vec!["html", "--out", page.to_str().unwrap()],
        ] {
            let out = blitz().args(&args).arg(dir).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{args:?} {}", dir.display());
            assert!(
                words(&stderr).contains(&words(&whole)),
                "{args:?}: {stderr}"
            );
        }
        assert!(!page.exists(), "html wrote nothing");
    }
}

/// A message's words, whatever lines and margins a diagnostic wrapped it in.
fn words(text: &str) -> String {
    text.replace(['\u{2502}', '\u{d7}'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
