#!/usr/bin/env python3
"""A real SMTP server for the mail tests (aiosmtpd), listening on 127.0.0.1.

It prints `PORT <n>` once it listens, saves every message it accepts as NNNN.eml
(the bytes as received) and NNNN.txt (envelope and an independent parse of the
message by Python's `email` package), and stops by itself after --lifetime seconds.

  --dir DIR              where to save messages
  --reject ADDR          answer RCPT TO:<ADDR> with 550 (repeatable)
  --tls none|starttls|implicit
  --cert FILE --key FILE certificate and key for starttls/implicit
  --auth-user USER       require AUTH (PLAIN/LOGIN) as USER; the password is taken
                         from the environment variable SINK_PASSWORD
  --lifetime SECONDS     stop after this long (default 120)

NNNN.txt has one tab-separated record a line; binary values are hex:
  mail_from ADDR | rcpt ADDR | login USER |
  header NAME VALUE (decoded, unfolded) | body HEX (plain text, LF line ends) |
  attachment NAME CONTENT-TYPE HEX
The password is never written.
"""

import argparse
import asyncio
import email
import email.policy
import os
import ssl
import sys

try:
    from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword
except ImportError:
    print("aiosmtpd is not installed: run `pip install aiosmtpd`", file=sys.stderr)
    sys.exit(3)


def summarise(raw: bytes) -> list:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    lines = []
    for name in ("Subject", "From", "To", "Reply-To", "Date", "Message-ID", "In-Reply-To",
                 "References", "X-Blitz-Game", "X-Blitz-Turn", "Auto-Submitted"):
        value = msg.get(name)
        if value is not None:
            flat = " ".join(str(value).split())
            lines.append(f"header\t{name}\t{flat}")
    body = msg.get_body(preferencelist=("plain",))
    if body is not None:
        text = body.get_content().replace("\r\n", "\n")
        lines.append("body\t" + text.encode("utf-8").hex())
    for part in msg.iter_attachments():
        data = part.get_payload(decode=True) or b""
        lines.append(f"attachment\t{part.get_filename()}\t{part.get_content_type()}\t{data.hex()}")
    return lines


class Sink:
    def __init__(self, folder, reject):
        self.folder = folder
        self.reject = {a.lower() for a in reject}
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.reject:
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.folder, f"{self.count:04d}")
        raw = envelope.original_content
        with open(base + ".eml", "wb") as f:
            f.write(raw)
        records = [f"mail_from\t{envelope.mail_from}"]
        records += [f"rcpt\t{r}" for r in envelope.rcpt_tos]
        if getattr(session, "auth_data", None):
            records.append(f"login\t{session.auth_data}")
        try:
            records += summarise(raw)
        except Exception as e:  # the test reports what failed
            records.append(f"parse_error\t{e!r}")
        tmp = base + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("\n".join(records) + "\n")
        os.replace(tmp, base + ".txt")
        return f"250 OK queued as {self.count:04d}"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dir", required=True)
    p.add_argument("--reject", action="append", default=[])
    p.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    p.add_argument("--cert")
    p.add_argument("--key")
    p.add_argument("--auth-user")
    p.add_argument("--lifetime", type=float, default=120.0)
    args = p.parse_args()

    context = None
    if args.tls != "none":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)

    password = os.environ.get("SINK_PASSWORD", "")

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword)
              and auth_data.login.decode() == args.auth_user
              and auth_data.password.decode() == password)
        if ok:
            return AuthResult(success=True, auth_data=args.auth_user)
        return AuthResult(success=False, handled=False)

    handler = Sink(args.dir, args.reject)

    def factory():
        kw = dict(hostname="sink.test", ident="blitz test sink")
        if args.tls == "starttls":
            kw.update(tls_context=context, require_starttls=True)
        if args.auth_user:
            kw.update(authenticator=authenticator, auth_required=True,
                      auth_require_tls=(args.tls == "starttls"))
        return SMTP(handler, **kw)

    async def serve():
        loop = asyncio.get_running_loop()
        ssl_ctx = context if args.tls == "implicit" else None
        server = await loop.create_server(factory, "127.0.0.1", 0, ssl=ssl_ctx)
        port = server.sockets[0].getsockname()[1]
        print(f"PORT {port}", flush=True)
        try:
            await asyncio.wait_for(server.serve_forever(), timeout=args.lifetime)
        except asyncio.TimeoutError:
            pass

    asyncio.run(serve())


if __name__ == "__main__":
    main()
