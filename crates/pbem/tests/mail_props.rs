//! Properties of reading orders from mail: no input makes it panic, and any order text
//! survives being quoted, quoted-printable encoded or attached.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbem::mail::{is_message, orders_from_message, BEGIN_MARKER, END_MARKER};
use proptest::prelude::*;

/// Pieces that reach the parser's corners when glued together at random.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("From: a@b.org\r\n".to_string()),
        Just("Content-Type: multipart/mixed; boundary=\"b\"\r\n".to_string()),
        Just("Content-Type: multipart/alternative; boundary=b\r\n".to_string()),
        Just("Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n".to_string()),
        Just("Content-Transfer-Encoding: quoted-printable\r\n".to_string()),
        Just("Content-Transfer-Encoding: base64\r\n".to_string()),
        Just(
            "Content-Disposition: attachment; filename*0*=utf-8''%E2; filename*1=x.toml\r\n"
                .to_string()
        ),
        Just("Content-Type: text/plain; name==?utf-8?q?a=2Etoml?=\r\n".to_string()),
        Just("\r\n".to_string()),
        Just("\n".to_string()),
        Just("--b\r\n".to_string()),
        Just("--b--\r\n".to_string()),
        Just(format!("{BEGIN_MARKER}\r\n")),
        Just(format!("> {END_MARKER}\r\n")),
        Just("> ".to_string()),
        Just(">>".to_string()),
        Just("=".to_string()),
        Just("=C3=A9=\r\n".to_string()),
        Just("=?".to_string()),
        Just("?=".to_string()),
        Just("From x Mon Nov 23 2026\n".to_string()),
        Just(">From y\n".to_string()),
        Just("-----Original Message-----\n".to_string()),
        Just("aGVsbG8=\r\n".to_string()),
        Just("game = \"g1\" \r\n".to_string()),
        Just("\u{a0}\u{e9}\u{2192}".to_string()),
        "[ -~]{0,12}".prop_map(|s| s),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = orders_from_message(&bytes);
        let _ = is_message(&bytes);
    }

    #[test]
    fn glued_mail_fragments_never_panic(parts in proptest::collection::vec(fragment(), 0..40)) {
        let text = parts.concat();
        let _ = orders_from_message(text.as_bytes());
        let mut with_header = String::from("From: r@x.org\r\n");
        with_header.push_str(&text);
        let _ = orders_from_message(with_header.as_bytes());
    }

    /// Any order lines (printable, no marker lines) come back exactly, quoted at any
    /// depth, sent as quoted-printable.
    #[test]
    fn quoted_orders_round_trip_through_quoted_printable(
        lines in proptest::collection::vec("[a-zA-Z0-9_=\\[\\]\" .#,é→-]{0,90}", 1..15),
        depth in 0usize..3,
        spaced in any::<bool>(),
    ) {
        let lines: Vec<String> = lines.into_iter().map(|l| l.trim_end().to_string()).collect();
        prop_assume!(lines.iter().any(|l| !l.trim().is_empty()));
        prop_assume!(lines.iter().all(|l| !l.trim().starts_with('>') && !l.contains("BLITZ ORDERS")));
        let prefix = if spaced { "> ".repeat(depth) } else { ">".repeat(depth) + if depth > 0 { " " } else { "" } };
        let mut body = format!("{prefix}{BEGIN_MARKER}\r\n");
        for l in &lines {
            body.push_str(&prefix);
            body.push_str(l);
            body.push_str("\r\n");
        }
        body.push_str(&format!("{prefix}{END_MARKER}\r\n"));
        let qp = String::from_utf8(quoted_printable::encode(body.as_bytes())).unwrap();
        let msg = format!(
            "From: r@x.org\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: quoted-printable\r\n\r\n{qp}"
        );
        let o = orders_from_message(msg.as_bytes()).unwrap();
        let want: String = lines.iter().map(|l| format!("{l}\n")).collect();
        prop_assert_eq!(o.toml, want);
        prop_assert_eq!(o.line_offset, 1);
    }

    /// An attached file of any bytes that are UTF-8 comes back byte for byte.
    #[test]
    fn base64_attachment_round_trips_exactly(text in "[\\PC\r\n\t]{1,300}") {
        prop_assume!(!text.trim().is_empty());
        let m = lettre::Message::builder()
            .from("r@x.org".parse().unwrap())
            .to("u@x.org".parse().unwrap())
            .multipart(lettre::message::MultiPart::mixed().singlepart(
                lettre::message::Attachment::new("o.toml".into()).body(
                    lettre::message::Body::new_with_encoding(
                        text.clone().into_bytes(),
                        lettre::message::header::ContentTransferEncoding::Base64,
                    )
                    .unwrap(),
                    "application/toml".parse().unwrap(),
                ),
            ))
            .unwrap();
        let o = orders_from_message(&m.formatted()).unwrap();
        prop_assert_eq!(o.toml, text);
    }
}
