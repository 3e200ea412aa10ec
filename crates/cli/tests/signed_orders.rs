//! Signed orders: each side registers an OpenSSH key at `blitz new` (real keys, made
//! by `ssh-keygen -t ed25519` in a temporary folder) and signs its orders with
//! `ssh-keygen -Y sign -n blitz-orders`. A signed game resolves and verifies, from its
//! folder and from its mail; unsigned, wrongly signed and tampered orders are refused
//! by `check`, `resolve` and `verify`, naming the side; a signature attached to or
//! pasted in a mail is taken.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use base64::Engine as _;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

fn ssh_keygen() -> std::process::Command {
    std::process::Command::new("ssh-keygen")
}

/// A fresh Ed25519 key pair in `dir`; the private key's path (`.pub` beside it).
pub(crate) fn keygen(dir: &Path, name: &str) -> PathBuf {
    let key = dir.join(name);
    let ok = ssh_keygen()
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen (openssh-client) must be installed for these tests")
        .success();
    assert!(ok);
    key
}

/// Signs a file as a player does; the signature lands in FILE.sig.
pub(crate) fn sign(key: &Path, file: &Path) -> PathBuf {
    let sig = PathBuf::from(format!("{}.sig", file.display()));
    let _ = fs::remove_file(&sig);
    let ok = ssh_keygen()
        .args(["-q", "-Y", "sign", "-n", "blitz-orders", "-f"])
        .arg(key)
        .arg(file)
        .status()
        .unwrap()
        .success();
    assert!(ok);
    sig
}

/// Runs a command that must fail with `code`; its standard error as one line (the
/// message as the terminal wraps it, with the frame characters left out).
fn fails(cmd: &mut Command, code: i32) -> String {
    let out = cmd.assert().code(code).get_output().stderr.clone();
    String::from_utf8_lossy(&out)
        .replace(['│', '×'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn sha256(path: &Path) -> String {
    use sha2::Digest as _;
    hex::encode(sha2::Sha256::digest(fs::read(path).unwrap()))
}

struct Game {
    tmp: tempfile::TempDir,
    dir: PathBuf,
    blue: PathBuf,
    red: PathBuf,
}

impl Game {
    fn path(&self, name: &str) -> PathBuf {
        self.tmp.path().join(name)
    }

    /// The set-up orders of the demo for `side`, with the header of `state`.
    fn setup_orders(&self, side: &str, state: &str, file: &str) -> PathBuf {
        let example = match side {
            "blue" => "00-setup-blue.toml",
            _ => "01-setup-red.toml",
        };
        let body = fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../examples/demo")
                .join(example),
        )
        .unwrap();
        let text = format!(
            "game = \"s1\"\nside = \"{side}\"\nturn = 0\nstate = \"{}\"\n\n{body}",
            sha256(&self.dir.join(state))
        );
        let path = self.path(file);
        fs::write(&path, text).unwrap();
        path
    }
}

/// A new game in which both sides registered a key.
fn signed_game() -> Game {
    let tmp = tempfile::tempdir().unwrap();
    let blue = keygen(tmp.path(), "blue");
    let red = keygen(tmp.path(), "red");
    let dir = tmp.path().join("g");
    blitz()
        .args(["new", "--game", "s1", "--blue", "Blue <blue@example.org>"])
        .args([
            "--red",
            "Red <red@example.org>",
            "--sender",
            "umpire@example.org",
        ])
        .arg("--blue-key")
        .arg(format!("{}.pub", blue.display()))
        .arg("--red-key")
        .arg(format!("{}.pub", red.display()))
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    Game {
        tmp,
        dir,
        blue,
        red,
    }
}

const BLUE_STATE: &str = "00-setup-blue.state.ron";
const RED_STATE: &str = "01-setup-red.state.ron";

#[test]
fn a_signed_game_resolves_and_verifies_from_its_folder_and_its_mail() {
    let g = signed_game();
    let state = fs::read_to_string(g.dir.join(BLUE_STATE)).unwrap();
    assert!(state.contains("keys: {"), "{state}");
    assert!(state.contains("ssh-ed25519 AAAA"));
    let template = fs::read_to_string(g.dir.join("00-setup-blue.template.toml")).unwrap();
    assert!(template.contains("Blue's orders are taken only signed"));

    let orders = g.setup_orders("blue", BLUE_STATE, "blue.toml");
    sign(&g.blue, &orders);
    blitz()
        .arg("check")
        .arg(g.dir.join(BLUE_STATE))
        .arg(&orders)
        .assert()
        .success()
        .stdout(contains(
            "every order is legal, and signed with the key registered for Blue",
        ));
    let outbox = g.path("outbox");
    blitz()
        .arg("resolve")
        .arg(g.dir.join(BLUE_STATE))
        .arg(&orders)
        .args(["--mail", "--date", "2026-01-01T12:00:00Z", "--outbox"])
        .arg(&outbox)
        .assert()
        .success();
    assert!(g.dir.join("00-setup-blue.orders.toml.sig").is_file());

    let orders = g.setup_orders("red", RED_STATE, "red.toml");
    sign(&g.red, &orders);
    blitz()
        .arg("resolve")
        .arg(g.dir.join(RED_STATE))
        .arg(&orders)
        .args(["--mail", "--date", "2026-01-02T12:00:00Z", "--outbox"])
        .arg(&outbox)
        .assert()
        .success();
    blitz()
        .arg("verify")
        .arg(&g.dir)
        .assert()
        .success()
        .stdout(contains("2 player-turns replayed, all of them"));

    // The mail carries the signatures: the opening mail and the two turns verify.
    blitz()
        .args(["mail", "--date", "2026-01-01T10:00:00Z", "--state"])
        .arg(g.dir.join(BLUE_STATE))
        .arg("--outbox")
        .arg(&outbox)
        .assert()
        .success();
    let setup = fs::read_to_string(outbox.join("blitz-s1-setup-red.eml")).unwrap();
    assert!(setup.contains("filename=\"01-setup-red.orders.toml.sig\""));
    let opening = fs::read_to_string(outbox.join("blitz-s1-new.eml")).unwrap();
    assert!(
        opening.contains("Signed      orders of Blue (SHA256:"),
        "{opening}"
    );
    blitz()
        .arg("verify")
        .arg(&outbox)
        .assert()
        .success()
        .stdout(contains("2 player-turns replayed, all of them"));

    // A signature taken out of the folder afterwards is missed by verify.
    fs::remove_file(g.dir.join("01-setup-red.orders.toml.sig")).unwrap();
    let err = fails(blitz().arg("verify").arg(&g.dir), 1);
    assert!(
        err.contains(&format!(
            "DIVERGES: Red's orders ({}) are not signed",
            g.dir.join("01-setup-red.orders.toml").display()
        )),
        "{err}"
    );
}

#[test]
fn unsigned_wrongly_signed_and_tampered_orders_are_refused_naming_the_side() {
    let g = signed_game();
    let state = g.dir.join(BLUE_STATE);
    let orders = g.setup_orders("blue", BLUE_STATE, "blue.toml");

    // Unsigned: check (after the rules), resolve and the JSON form name Blue, G012.
    for cmd in ["check", "resolve"] {
        let err = fails(blitz().arg(cmd).arg(&state).arg(&orders), 2);
        assert!(err.contains("Blue's orders"), "{err}");
        assert!(err.contains("are not signed"), "{err}");
        assert!(err.contains("ssh-keygen -Y sign -n blitz-orders"), "{err}");
    }
    let out = blitz()
        .args(["check", "--format", "json"])
        .arg(&state)
        .arg(&orders)
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["error"]["code"], "G012");

    // Signed with Red's key.
    sign(&g.red, &orders);
    let err = fails(blitz().arg("resolve").arg(&state).arg(&orders), 2);
    assert!(err.contains("Blue's orders"), "{err}");
    assert!(
        err.contains("the signature was made with the key SHA256:"),
        "{err}"
    );
    assert!(err.contains("not with the key SHA256:"), "{err}");
    let out = blitz()
        .args(["check", "--format", "json"])
        .arg(&state)
        .arg(&orders)
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["error"]["code"], "G013");

    // Signed by Blue, then changed (a comment is enough: every byte but line ends and
    // spaces at the end of a line counts).
    sign(&g.blue, &orders);
    let text = fs::read_to_string(&orders)
        .unwrap()
        .replace("Blue's plan", "Blue's new plan");
    fs::write(&orders, text).unwrap();
    for cmd in ["check", "resolve"] {
        let err = fails(blitz().arg(cmd).arg(&state).arg(&orders), 2);
        assert!(err.contains("Blue's orders"), "{err}");
        assert!(err.contains("the signature does not match these orders: they were changed after they were signed"), "{err}");
    }
    // Nothing was written.
    assert!(!g.dir.join("01-setup-red.state.ron").exists());

    // Red's orders signed by Red are no use for Blue's set-up either: they are checked
    // against Blue's key.
    let red_orders = g.setup_orders("red", BLUE_STATE, "red.toml");
    sign(&g.red, &red_orders);
    let err = fails(blitz().arg("resolve").arg(&state).arg(&red_orders), 2);
    assert!(err.contains("Blue's orders"), "{err}");

    // A refused signature kept in a folder is refused by verify: resolve properly, then
    // put Red's signature in its place.
    let orders = g.setup_orders("blue", BLUE_STATE, "blue2.toml");
    sign(&g.blue, &orders);
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&orders)
        .assert()
        .success();
    blitz().arg("verify").arg(&g.dir).assert().success();
    let kept = g.dir.join("00-setup-blue.orders.toml");
    let forged = g.path("forged.toml");
    fs::copy(&kept, &forged).unwrap();
    let sig = sign(&g.red, &forged);
    fs::copy(&sig, g.dir.join("00-setup-blue.orders.toml.sig")).unwrap();
    let err = fails(blitz().arg("verify").arg(&g.dir), 1);
    assert!(err.contains("DIVERGES: Blue's orders"), "{err}");
    assert!(err.contains("the signature was made with the key"), "{err}");
}

/// A reply as a mail program sends it: the orders and their signature attached, or
/// pasted into the body.
fn reply(orders: &str, sig: &str, attach: bool) -> String {
    let head = "From: Blue <blue@example.org>\r\nTo: umpire@example.org\r\nSubject: Re: [Blitzkrieg s1] New game\r\n\
                Message-ID: <r1@example.org>\r\nMIME-Version: 1.0\r\n";
    if attach {
        let b64 = |s: &str| base64::engine::general_purpose::STANDARD.encode(s);
        format!(
            "{head}Content-Type: multipart/mixed; boundary=\"zz\"\r\n\r\n\
             --zz\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy set-up.\r\n\
             --zz\r\nContent-Type: application/toml\r\nContent-Disposition: attachment; filename=\"blue.toml\"\r\n\
             Content-Transfer-Encoding: base64\r\n\r\n{}\r\n\
             --zz\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"blue.toml.sig\"\r\n\
             Content-Transfer-Encoding: base64\r\n\r\n{}\r\n--zz--\r\n",
            b64(orders),
            b64(sig)
        )
    } else {
        let crlf = |s: &str| s.replace('\n', "\r\n");
        format!(
            "{head}Content-Type: text/plain; charset=utf-8\r\n\r\nMy set-up:\r\n\r\n\
             # ---- BEGIN BLITZ ORDERS ----\r\n{}# ---- END BLITZ ORDERS ----\r\n\r\n{}",
            crlf(orders),
            crlf(sig)
        )
    }
}

#[test]
fn a_signature_attached_or_pasted_in_a_mail_is_accepted() {
    let g = signed_game();
    let state = g.dir.join(BLUE_STATE);
    let orders = g.setup_orders("blue", BLUE_STATE, "blue.toml");
    let sig_file = sign(&g.blue, &orders);
    let text = fs::read_to_string(&orders).unwrap();
    let sig = fs::read_to_string(&sig_file).unwrap();
    fs::remove_file(&sig_file).unwrap();
    for attach in [true, false] {
        let mail = g.path(&format!("reply-{attach}.eml"));
        fs::write(&mail, reply(&text, &sig, attach)).unwrap();
        blitz()
            .arg("check")
            .arg(&state)
            .arg(&mail)
            .assert()
            .success()
            .stdout(contains("signed with the key registered for Blue"));
        // Without the signature the same mail is refused.
        let unsigned = g.path(&format!("unsigned-{attach}.eml"));
        let bare = if attach {
            reply(&text, "", true).replace("filename=\"blue.toml.sig\"", "filename=\"note.txt\"")
        } else {
            reply(&text, "", false)
        };
        fs::write(&unsigned, bare).unwrap();
        let err = fails(blitz().arg("resolve").arg(&state).arg(&unsigned), 2);
        assert!(err.contains("Blue's orders"), "{err}");
        assert!(err.contains("are not signed"), "{err}");
    }
    let mail = g.path("reply-false.eml");
    blitz()
        .arg("resolve")
        .arg(&state)
        .arg(&mail)
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(g.dir.join("00-setup-blue.orders.toml.sig")).unwrap(),
        sig
    );
    blitz().arg("verify").arg(&g.dir).assert().success();
}
