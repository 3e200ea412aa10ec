//! Signed orders: an OpenSSH signature (`ssh-keygen -Y sign`, the SSHSIG format of
//! OpenSSH's PROTOCOL.sshsig) over the orders, made with the key a player registered
//! when the game began, and checked against that key (`docs/pbem.md`). A forged
//! `From:` line can then not put orders in a player's mouth.
//!
//! Keys are Ed25519 (`ssh-keygen -t ed25519`), the kind OpenSSH makes by default. The
//! signature is made in the namespace [`ORDERS_NAMESPACE`], so no signature a player
//! made for anything else (a git commit, a file) can be passed off as orders. What the
//! signed bytes are is the caller's business; [`verify`] accepts a signature that
//! verifies over any of the candidates it is given.

use ssh_key::{Algorithm, HashAlg, PublicKey, SshSig};

/// The namespace orders are signed in: `ssh-keygen -Y sign -n blitz-orders`.
pub const ORDERS_NAMESPACE: &str = "blitz-orders";

/// The line that opens an armored signature.
pub const BEGIN_SIGNATURE: &str = "-----BEGIN SSH SIGNATURE-----";
/// The line that closes it.
pub const END_SIGNATURE: &str = "-----END SSH SIGNATURE-----";

/// The largest public key file or signature read: either is a few hundred bytes.
pub const MAX_KEY_OR_SIGNATURE_BYTES: usize = 16 * 1024;

/// Why a key or a signature was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("this is not an OpenSSH public key: {reason}")]
    BadKey { reason: String },
    #[error("the key is {algorithm}; only Ed25519 keys (ssh-ed25519) sign orders")]
    KeyKind { algorithm: String },
    #[error("this is not an SSH signature ({BEGIN_SIGNATURE} ... {END_SIGNATURE}): {reason}")]
    Unreadable { reason: String },
    #[error("the signature was made with the key {made_with}, not with the key {registered} registered for this side")]
    OtherKey {
        made_with: String,
        registered: String,
    },
    #[error("the signature is for `{found}`, not for `{wanted}`")]
    Namespace { found: String, wanted: String },
    #[error("the signature does not match these orders: they were changed after they were signed")]
    Mismatch,
}

/// A player's registered public key: Ed25519, as OpenSSH writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerKey {
    key: PublicKey,
}

impl PlayerKey {
    /// Reads a public key as `ssh-keygen` writes it (`ssh-ed25519 AAAA... comment`, the
    /// `.pub` file): the first line that is neither blank nor a `#` comment.
    pub fn parse(text: &str) -> Result<PlayerKey, SignatureError> {
        if text.len() > MAX_KEY_OR_SIGNATURE_BYTES {
            return Err(SignatureError::BadKey {
                reason: format!(
                    "it is {} bytes long; a public key is a line of some 100",
                    text.len()
                ),
            });
        }
        let line = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .ok_or_else(|| SignatureError::BadKey {
                reason: "it is empty".to_string(),
            })?;
        if line.starts_with("-----BEGIN") {
            return Err(SignatureError::BadKey {
                reason: "it is a private key: give the public one (the .pub file)".to_string(),
            });
        }
        let key = PublicKey::from_openssh(line).map_err(|e| SignatureError::BadKey {
            reason: e.to_string(),
        })?;
        if key.algorithm() != Algorithm::Ed25519 {
            return Err(SignatureError::KeyKind {
                algorithm: key.algorithm().to_string(),
            });
        }
        // The comment (`user@host`) is no part of the key: it is dropped.
        Ok(PlayerKey {
            key: PublicKey::new(key.key_data().clone(), ""),
        })
    }

    /// The key as kept in a game: `ssh-ed25519 AAAA...`, without the comment.
    pub fn openssh(&self) -> String {
        self.key
            .to_openssh()
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    }

    /// Its fingerprint as `ssh-keygen -l` prints it: `SHA256:...`.
    pub fn fingerprint(&self) -> String {
        self.key.fingerprint(HashAlg::Sha256).to_string()
    }
}

/// The armored signature in a text (a `.sig` file, a mail body): the lines from
/// [`BEGIN_SIGNATURE`] to [`END_SIGNATURE`], each trimmed, joined with LF. `None` when
/// the text holds no BEGIN line; a block with no END line is returned as it is, to be
/// refused as unreadable.
pub fn armored_block(text: &str) -> Option<String> {
    let mut lines = text.lines().map(str::trim);
    lines.by_ref().find(|l| *l == BEGIN_SIGNATURE)?;
    let mut out = format!("{BEGIN_SIGNATURE}\n");
    for l in lines {
        out.push_str(l);
        out.push('\n');
        if l == END_SIGNATURE {
            break;
        }
    }
    Some(out)
}

/// Checks an armored signature against a player's key and a namespace: it must be made
/// with that key, in that namespace, over one of `candidates` (the signed bytes as they
/// may have been written).
pub fn verify(
    key: &PlayerKey,
    namespace: &str,
    candidates: &[&[u8]],
    armored: &str,
) -> Result<(), SignatureError> {
    if armored.len() > MAX_KEY_OR_SIGNATURE_BYTES {
        return Err(SignatureError::Unreadable {
            reason: format!(
                "it is {} bytes long; a signature is some 300",
                armored.len()
            ),
        });
    }
    let block = armored_block(armored).ok_or_else(|| SignatureError::Unreadable {
        reason: format!("there is no {BEGIN_SIGNATURE} line"),
    })?;
    strict_blob(&block).map_err(|reason| SignatureError::Unreadable { reason })?;
    let sig = SshSig::from_pem(block.as_bytes()).map_err(|e| SignatureError::Unreadable {
        reason: e.to_string(),
    })?;
    if sig.public_key() != key.key.key_data() {
        return Err(SignatureError::OtherKey {
            made_with: sig.public_key().fingerprint(HashAlg::Sha256).to_string(),
            registered: key.fingerprint(),
        });
    }
    if sig.namespace() != namespace {
        return Err(SignatureError::Namespace {
            found: sig.namespace().to_string(),
            wanted: namespace.to_string(),
        });
    }
    if candidates
        .iter()
        .any(|msg| key.key.verify(namespace, msg, &sig).is_ok())
    {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// Checks the SSHSIG blob of an armored block ([`armored_block`]), read as strictly
/// as `ssh-keygen -Y verify` reads it, or more: an END line; the base64 between the
/// lines canonical (padding, no stray bits, no other character); then the magic
/// `SSHSIG`, version 1, the Ed25519 public key, the namespace, the reserved string, the
/// hash (`sha256` or `sha512`) and the Ed25519 signature, each length field exactly its
/// content's, the key and the signature holding nothing more, and no byte after them.
fn strict_blob(block: &str) -> Result<(), String> {
    use base64::Engine as _;
    let mut lines = block.lines();
    if lines.next() != Some(BEGIN_SIGNATURE) {
        return Err(format!("it does not open with {BEGIN_SIGNATURE}"));
    }
    let mut body = String::new();
    let mut ended = false;
    for l in lines {
        if l == END_SIGNATURE {
            ended = true;
            break;
        }
        body.push_str(l);
    }
    if !ended {
        return Err(format!("there is no {END_SIGNATURE} line"));
    }
    let blob = base64::engine::general_purpose::STANDARD
        .decode(body.as_bytes())
        .map_err(|e| format!("its base64 is not as OpenSSH writes it: {e}"))?;
    let mut r = Reader(&blob);
    let bad = |what: &str| format!("{what} is not as an SSH signature holds it");
    if r.take(6) != Some(b"SSHSIG".as_slice()) {
        return Err(bad("the magic word SSHSIG"));
    }
    if r.u32() != Some(1) {
        return Err(bad("the version (1)"));
    }
    let mut key = Reader(r.string().ok_or_else(|| bad("the public key"))?);
    if key.string() != Some(b"ssh-ed25519".as_slice())
        || key.string().map(<[u8]>::len) != Some(32)
        || !key.0.is_empty()
    {
        return Err(bad("the public key (Ed25519)"));
    }
    for what in ["the namespace", "the reserved field"] {
        r.string().ok_or_else(|| bad(what))?;
    }
    if !matches!(r.string(), Some(b"sha256" | b"sha512")) {
        return Err(bad("the hash (sha256 or sha512)"));
    }
    let mut sig = Reader(r.string().ok_or_else(|| bad("the signature"))?);
    if sig.string() != Some(b"ssh-ed25519".as_slice())
        || sig.string().map(<[u8]>::len) != Some(64)
        || !sig.0.is_empty()
    {
        return Err(bad("the signature (Ed25519)"));
    }
    if !r.0.is_empty() {
        return Err(format!("{} bytes follow the signature", r.0.len()));
    }
    Ok(())
}

/// Reads the SSH wire encoding (RFC 4251): big-endian `uint32`s, and `string`s as a
/// `uint32` length and that many bytes.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn u32(&mut self) -> Option<u32> {
        let b = self.take(4)?;
        Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn string(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u32()?).ok()?;
        self.take(n)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn keys_other_than_ed25519_and_private_keys_are_refused() {
        let rsa = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDDdUqdU3bVfyXLtNMvgqGBR4ZQxDxqtrOlT4J5nZl3Ow== x";
        assert!(PlayerKey::parse(rsa).is_err());
        assert!(matches!(
            PlayerKey::parse("-----BEGIN OPENSSH PRIVATE KEY-----\nxx\n"),
            Err(SignatureError::BadKey { .. })
        ));
        assert!(PlayerKey::parse("").is_err());
        assert!(PlayerKey::parse("ssh-ed25519 not-base64").is_err());
    }

    #[test]
    fn the_armored_block_is_found_in_any_text() {
        let text = format!("hello\n  {BEGIN_SIGNATURE}  \r\nAAAA\r\nBBBB\n{END_SIGNATURE}\nbye\n");
        assert_eq!(
            armored_block(&text).unwrap(),
            format!("{BEGIN_SIGNATURE}\nAAAA\nBBBB\n{END_SIGNATURE}\n")
        );
        assert_eq!(armored_block("no signature"), None);
    }
}
