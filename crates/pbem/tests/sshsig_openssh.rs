//! Signatures made by OpenSSH itself (`ssh-keygen -Y sign`, keys from `ssh-keygen -t
//! ed25519` in a temporary folder) are read and checked against the registered key: a
//! good one is accepted; another key, another namespace, changed bytes and a garbled
//! signature are each refused as such. A signature attached to or pasted in a mail is
//! found with the orders.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbem::mail::orders_from_message;
use pbem::sshsig::{self, PlayerKey, SignatureError, ORDERS_NAMESPACE};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh Ed25519 key pair; returns the private key's path (the public one is beside
/// it, `.pub`).
fn keygen(dir: &Path, name: &str) -> PathBuf {
    let key = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen (openssh-client) must be installed for these tests");
    assert!(status.success());
    key
}

/// `ssh-keygen -Y sign` over a file's bytes; returns the armored signature.
fn sign(key: &Path, namespace: &str, file: &Path) -> String {
    let status = Command::new("ssh-keygen")
        .args(["-q", "-Y", "sign", "-n", namespace, "-f"])
        .arg(key)
        .arg(file)
        .status()
        .unwrap();
    assert!(status.success());
    let sig = PathBuf::from(format!("{}.sig", file.display()));
    let text = fs::read_to_string(&sig).unwrap();
    fs::remove_file(sig).unwrap();
    text
}

fn public(key: &Path) -> PlayerKey {
    PlayerKey::parse(&fs::read_to_string(format!("{}.pub", key.display())).unwrap()).unwrap()
}

const ORDERS: &str =
    "game = \"g1\"\nside = \"blue\"\nturn = 3\n\n[seed]\nsource = \"drand\"\nround = 30000000\n";

#[test]
fn openssh_signatures_verify_only_with_their_key_namespace_and_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let blue = keygen(tmp.path(), "blue");
    let red = keygen(tmp.path(), "red");
    let orders = tmp.path().join("orders.toml");
    fs::write(&orders, ORDERS).unwrap();
    let sig = sign(&blue, ORDERS_NAMESPACE, &orders);
    assert!(sig.starts_with(sshsig::BEGIN_SIGNATURE));

    let bytes = ORDERS.as_bytes();
    sshsig::verify(&public(&blue), ORDERS_NAMESPACE, &[bytes], &sig).unwrap();
    // With CRLF line ends (as mail may give it) the signature reads the same.
    sshsig::verify(
        &public(&blue),
        ORDERS_NAMESPACE,
        &[bytes],
        &sig.replace('\n', "\r\n"),
    )
    .unwrap();

    match sshsig::verify(&public(&red), ORDERS_NAMESPACE, &[bytes], &sig) {
        Err(SignatureError::OtherKey {
            made_with,
            registered,
        }) => {
            assert_eq!(made_with, public(&blue).fingerprint());
            assert_eq!(registered, public(&red).fingerprint());
            assert!(made_with.starts_with("SHA256:"));
        }
        other => panic!("{other:?}"),
    }
    let changed = ORDERS.replace("turn = 3", "turn = 4");
    assert_eq!(
        sshsig::verify(
            &public(&blue),
            ORDERS_NAMESPACE,
            &[changed.as_bytes()],
            &sig
        ),
        Err(SignatureError::Mismatch)
    );
    // Any one candidate that verifies is enough.
    sshsig::verify(
        &public(&blue),
        ORDERS_NAMESPACE,
        &[changed.as_bytes(), bytes],
        &sig,
    )
    .unwrap();

    let git = sign(&blue, "git", &orders);
    assert_eq!(
        sshsig::verify(&public(&blue), ORDERS_NAMESPACE, &[bytes], &git),
        Err(SignatureError::Namespace {
            found: "git".into(),
            wanted: ORDERS_NAMESPACE.into()
        })
    );
    let garbled = sig.replacen("U1NIU0lH", "U1NIU0lI", 1);
    assert!(matches!(
        sshsig::verify(&public(&blue), ORDERS_NAMESPACE, &[bytes], &garbled),
        Err(SignatureError::Unreadable { .. })
    ));
    assert!(matches!(
        sshsig::verify(
            &public(&blue),
            ORDERS_NAMESPACE,
            &[bytes],
            "no signature here"
        ),
        Err(SignatureError::Unreadable { .. })
    ));
}

#[test]
fn the_registered_key_is_kept_without_its_comment() {
    let tmp = tempfile::tempdir().unwrap();
    let blue = keygen(tmp.path(), "blue");
    let text = fs::read_to_string(format!("{}.pub", blue.display())).unwrap();
    let key = PlayerKey::parse(&format!("# Blue's key\n\n{text}")).unwrap();
    let kept = key.openssh();
    assert!(kept.starts_with("ssh-ed25519 AAAA"), "{kept}");
    assert!(!kept.contains("blue"), "{kept}");
    assert_eq!(PlayerKey::parse(&kept).unwrap(), key);
    assert!(matches!(
        PlayerKey::parse(&fs::read_to_string(&blue).unwrap()),
        Err(SignatureError::BadKey { .. })
    ));
}

#[test]
fn a_signature_attached_or_pasted_in_a_mail_comes_with_the_orders() {
    let tmp = tempfile::tempdir().unwrap();
    let blue = keygen(tmp.path(), "blue");
    let orders = tmp.path().join("orders.toml");
    fs::write(&orders, ORDERS).unwrap();
    let sig = sign(&blue, ORDERS_NAMESPACE, &orders);

    use base64::Engine as _;
    let b64 = |s: &str| base64::engine::general_purpose::STANDARD.encode(s);
    let attached = format!(
        "From: blue@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n\
         --b\r\nContent-Type: text/plain\r\n\r\nHere.\r\n\
         --b\r\nContent-Type: application/toml\r\nContent-Disposition: attachment; filename=\"orders.toml\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{}\r\n\
         --b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"orders.toml.sig\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{}\r\n--b--\r\n",
        b64(ORDERS),
        b64(&sig)
    );
    let found = orders_from_message(attached.as_bytes()).unwrap();
    let s = found.signature.unwrap();
    assert_eq!(s.source, "attachment orders.toml.sig");
    sshsig::verify(
        &public(&blue),
        ORDERS_NAMESPACE,
        &[found.toml.as_bytes()],
        &s.armored,
    )
    .unwrap();

    // Pasted below the orders in a reply, quoted once more by a forward.
    let body = format!(
        "> # ---- BEGIN BLITZ ORDERS ----\n{}> # ---- END BLITZ ORDERS ----\n>\n{}",
        ORDERS
            .lines()
            .map(|l| format!("> {l}\n"))
            .collect::<String>(),
        sig.lines().map(|l| format!("> {l}\n")).collect::<String>()
    );
    let pasted = format!("From: blue@example.org\nSubject: orders\n\n{body}");
    let found = orders_from_message(pasted.as_bytes()).unwrap();
    let s = found.signature.unwrap();
    assert!(s.source.starts_with("body lines 11-"), "{}", s.source);
    sshsig::verify(
        &public(&blue),
        ORDERS_NAMESPACE,
        &[found.toml.as_bytes()],
        &s.armored,
    )
    .unwrap();

    let none = "From: blue@example.org\n\n# ---- BEGIN BLITZ ORDERS ----\nx = 1\n# ---- END BLITZ ORDERS ----\n";
    assert_eq!(
        orders_from_message(none.as_bytes()).unwrap().signature,
        None
    );
}

/// `ssh-keygen -Y verify` of a signature file over the orders, with `key` the only
/// allowed signer.
fn openssh_accepts(dir: &Path, key: &Path, orders: &Path, sig: &[u8]) -> bool {
    let allowed = dir.join("allowed_signers");
    let public = fs::read_to_string(format!("{}.pub", key.display())).unwrap();
    fs::write(&allowed, format!("blue {public}")).unwrap();
    let file = dir.join("mutant.sig");
    fs::write(&file, sig).unwrap();
    Command::new("ssh-keygen")
        .args(["-Y", "verify", "-I", "blue", "-n", ORDERS_NAMESPACE, "-f"])
        .arg(&allowed)
        .arg("-s")
        .arg(&file)
        .stdin(fs::File::open(orders).unwrap())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap()
        .success()
}

/// Every single-byte change of a real `.sig` file (two changes of each byte) that
/// OpenSSH refuses is refused here too: the armor, the base64, and every field of the
/// SSHSIG blob, its length fields among them.
#[test]
fn every_byte_changed_that_openssh_refuses_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let blue = keygen(tmp.path(), "blue");
    let orders = tmp.path().join("orders.toml");
    fs::write(&orders, ORDERS).unwrap();
    let sig = sign(&blue, ORDERS_NAMESPACE, &orders);
    let key = public(&blue);
    let ours = |bytes: &[u8]| {
        std::str::from_utf8(bytes).is_ok_and(|text| {
            sshsig::verify(&key, ORDERS_NAMESPACE, &[ORDERS.as_bytes()], text).is_ok()
        })
    };
    assert!(openssh_accepts(tmp.path(), &blue, &orders, sig.as_bytes()));
    assert!(ours(sig.as_bytes()));
    let (mut refused, mut both_accept) = (0, 0);
    for i in 0..sig.len() {
        for flip in [0x01u8, 0x20] {
            let mut mutant = sig.as_bytes().to_vec();
            mutant[i] ^= flip;
            if openssh_accepts(tmp.path(), &blue, &orders, &mutant) {
                both_accept += usize::from(ours(&mutant));
            } else {
                refused += 1;
                assert!(
                    !ours(&mutant),
                    "byte {i} ^ {flip:#04x} is refused by ssh-keygen, accepted here"
                );
            }
        }
    }
    assert!(refused > sig.len(), "{refused} mutants refused");
    eprintln!("{refused} changes refused by both; {both_accept} accepted by both");
}
