//! Hostile kept mail and signatures get an answer, never a panic: an mbox or message of
//! random bytes or glued header and MIME fragments is read, and its game folder built
//! or refused; a random signature or key is refused.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbem::mail::{game_folder, read_mailbox, KeptMessage, Mailbox};
use pbem::sshsig::{self, PlayerKey, BEGIN_SIGNATURE, END_SIGNATURE, ORDERS_NAMESPACE};
use proptest::prelude::*;

/// Pieces of turn messages and mbox files, glued at random.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("From umpire@example.org Mon Jan  5 12:00:00 2026\n".to_string()),
        Just(">From here\n".to_string()),
        Just("From: umpire@example.org\r\n".to_string()),
        Just("X-Blitz-Game: g1\r\n".to_string()),
        Just("X-Blitz-Game: g2\r\n".to_string()),
        Just("X-Blitz-Turn: 1-Red\r\n".to_string()),
        Just("Message-ID: <blitz.g1.1-red@example.org>\r\n".to_string()),
        Just("References: <blitz.g1.new@example.org> <blitz.g1.".to_string()),
        Just("In-Reply-To: <blitz.g1.setup-blue@x>\r\n".to_string()),
        Just("Supersedes: <blitz.g1.1-red@example.org>\r\n".to_string()),
        Just("Content-Type: multipart/mixed; boundary=\"b\"\r\n".to_string()),
        Just("Content-Disposition: attachment; filename=\"03-1-red.orders.toml\"\r\n".to_string()),
        Just("Content-Disposition: attachment; filename=\"../x\"\r\n".to_string()),
        Just("Content-Type: image/png; name=x.png\r\n".to_string()),
        Just("Content-Transfer-Encoding: base64\r\n".to_string()),
        Just("\r\n".to_string()),
        Just("\n".to_string()),
        Just("--b\r\n".to_string()),
        Just("--b--\r\n".to_string()),
        Just("aGVsbG8=\r\n".to_string()),
        Just("<".to_string()),
        Just(">".to_string()),
        "[ -~]{0,12}".prop_map(|s| s),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn kept_mail_never_panics(parts in proptest::collection::vec(fragment(), 0..50), raw in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = parts.concat();
        let tmp = tempfile::tempdir().unwrap();
        for (name, bytes) in [("a.mbox", text.as_bytes()), ("b.eml", &raw[..])] {
            let path = tmp.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            if let Ok(mailbox) = read_mailbox(&path) {
                let _ = game_folder(&mailbox, None);
                let _ = game_folder(&mailbox, Some("g1"));
            }
        }
        let _ = read_mailbox(tmp.path());
        let messages = vec![
            KeptMessage { origin: "x".into(), bytes: text.into_bytes() },
            KeptMessage { origin: "y".into(), bytes: raw },
        ];
        if let Ok(mailbox) = Mailbox::from_messages(&messages) {
            let _ = game_folder(&mailbox, None);
        }
    }

    #[test]
    fn random_signatures_and_keys_are_refused(body in "[A-Za-z0-9+/=\r\n ]{0,400}", key in "[ -~]{0,120}") {
        let _ = PlayerKey::parse(&key);
        let key = PlayerKey::parse(
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMjrTHvgShwKLsStQ1qApS7t4KlU30frT8t8Do85qIyD",
        )
        .unwrap();
        let armored = format!("{BEGIN_SIGNATURE}\n{body}\n{END_SIGNATURE}\n");
        prop_assert!(sshsig::verify(&key, ORDERS_NAMESPACE, &[b"x"], &armored).is_err());
        prop_assert!(sshsig::verify(&key, ORDERS_NAMESPACE, &[b"x"], &body).is_err());
    }
}
