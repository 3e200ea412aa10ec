//! `blitz mail`: builds one turn message, from a state file the umpire wrote
//! (`--state`) or from explicit inputs, and delivers it (outbox copy always, then SMTP
//! or sendmail if asked), or resends an outbox copy unchanged.
//! The transport flags are a separate [`TransportArgs`] so other subcommands can
//! flatten them in and call [`transport_in`] with their game folder.

use crate::cli::common::RuleArgs;
use crate::cli::kind::{dispatch, PerGame, Played};
use blitzkrieg::units::Side;
use blitzkrieg_desk::game;
use pbem::files;
use pbem::mail::{
    self, password_from_sources, Delivery, MailAttachment, MailConfig, MailError, OutboxWrite,
    PasswordSource, Player, Sent, SmtpSettings, TlsMode, Transport, TurnMail,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Where and how the message goes. Flags win over the config file.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct TransportArgs {
    /// Folder for the .eml copy (default: `outbox` in the config file, else the game
    /// folder's `outbox/`).
    #[arg(long, value_name = "DIR")]
    pub outbox: Option<PathBuf>,
    /// Send through this SMTP server (port default: 465 implicit, 587 starttls, 25 none).
    #[arg(long, value_name = "HOST[:PORT]", conflicts_with = "sendmail")]
    pub smtp: Option<String>,
    /// SMTP encryption: implicit (port 465), starttls (port 587, the default), none
    /// (loopback hosts only unless --insecure).
    #[arg(long, value_name = "MODE")]
    pub tls: Option<String>,
    /// SMTP login; the password comes from $BLITZ_SMTP_PASSWORD or the password command.
    #[arg(long, value_name = "USER")]
    pub user: Option<String>,
    /// Shell command printing the SMTP password (e.g. `pass show mail/umpire`).
    #[arg(long, value_name = "COMMAND")]
    pub password_command: Option<String>,
    /// Extra trusted CA certificate (PEM) for a server with a private certificate.
    #[arg(long, value_name = "FILE")]
    pub ca_cert: Option<PathBuf>,
    /// SMTP connect/read/write timeout in seconds (default 30).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<u64>,
    /// Hand the message to the local sendmail (optionally its path).
    #[arg(long, value_name = "PATH", num_args = 0..=1)]
    pub sendmail: Option<Option<PathBuf>>,
    /// Mail config file (TOML, see docs/mail.md). Never holds a password.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Allow unencrypted SMTP to a host that is not this machine.
    #[arg(long)]
    pub insecure: bool,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Send an outbox copy again exactly as it is, instead of building a message.
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "state", "state_pos", "game", "turn", "from_side", "to_side", "blue", "red", "sender", "report",
        "attach", "in_reply_to", "references", "date",
    ])]
    pub resend: Option<PathBuf>,
    /// Mail the player-turn that produced this state file, as `blitz resolve --mail`
    /// does: players, sender and thread from the game file (`--sender` replaces its
    /// sender), the report as the body, the state, the next template and the map of
    /// the turn attached.
    #[arg(value_name = "STATE", conflicts_with_all = [
        "game", "turn", "from_side", "to_side", "blue", "red", "report",
        "attach", "in_reply_to", "references", "state",
    ])]
    pub state_pos: Option<PathBuf>,
    /// The state file, as an option (the same as STATE).
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "game", "turn", "from_side", "to_side", "blue", "red", "report",
        "attach", "in_reply_to", "references",
    ])]
    pub state: Option<PathBuf>,
    #[command(flatten)]
    pub turn: Box<TurnArgs>,
    #[command(flatten)]
    pub transport: Box<TransportArgs>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub private: crate::cli::kind::PrivateArgs,
}

/// What the turn message says.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct TurnArgs {
    /// Game id.
    #[arg(long, value_name = "ID", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub game: Option<String>,
    /// Turn label, e.g. 3-Blue.
    #[arg(long, value_name = "LABEL", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub turn: Option<String>,
    /// The side that just moved.
    #[arg(long = "from", value_name = "SIDE", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub from_side: Option<Side>,
    /// The side to move next.
    #[arg(long = "to", value_name = "SIDE", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub to_side: Option<Side>,
    /// Blue player, "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub blue: Option<String>,
    /// Red player, "Name <address>".
    #[arg(long, value_name = "NAME <ADDR>", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub red: Option<String>,
    /// Sender, "address" or "Name <address>" (with a state file: instead of the one
    /// the game was created with).
    #[arg(long, value_name = "ADDR", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub sender: Option<String>,
    /// The turn report (plain text): the message body.
    #[arg(long, value_name = "FILE", required_unless_present_any = ["resend", "state", "state_pos"])]
    pub report: Option<PathBuf>,
    /// A file to attach (state .ron, order template .toml, map .png); repeatable.
    #[arg(long = "attach", value_name = "FILE")]
    pub attach: Vec<PathBuf>,
    /// Message-ID of the previous turn's message.
    #[arg(long, value_name = "ID")]
    pub in_reply_to: Option<String>,
    /// Earlier Message-IDs of the game, oldest first; repeatable.
    #[arg(long = "references", value_name = "ID")]
    pub references: Vec<String>,
    /// The Date header (RFC 3339, e.g. 2026-11-24T18:00:00Z); default now. Give the same
    /// date to rebuild the same bytes.
    #[arg(long, value_name = "RFC3339")]
    pub date: Option<String>,
}

/// Splits `host`, `host:port`, `[v6]`, `[v6]:port`.
fn split_host_port(s: &str) -> Result<(String, Option<u16>), MailError> {
    let bad = || MailError::Config {
        path: PathBuf::from("--smtp"),
        reason: format!("`{s}` is not HOST or HOST:PORT"),
    };
    let s = s.trim();
    if let Some(rest) = s.strip_prefix('[') {
        let (host, after) = rest.split_once(']').ok_or_else(bad)?;
        return match after.strip_prefix(':') {
            Some(p) => Ok((host.to_string(), Some(p.parse().map_err(|_| bad())?))),
            None if after.is_empty() => Ok((host.to_string(), None)),
            None => Err(bad()),
        };
    }
    match s.split_once(':') {
        Some((host, port)) if !port.contains(':') => {
            Ok((host.to_string(), Some(port.parse().map_err(|_| bad())?)))
        }
        Some(_) => Ok((s.to_string(), None)),
        None if s.is_empty() => Err(bad()),
        None => Ok((s.to_string(), None)),
    }
}

fn parse_tls(s: &str, origin: &Path) -> Result<TlsMode, MailError> {
    TlsMode::parse(s).ok_or_else(|| MailError::Config {
        path: origin.to_path_buf(),
        reason: format!("`{s}` is not a TLS mode: write implicit, starttls or none"),
    })
}

/// Turns the transport flags (and the config file they name) into a transport and
/// the outbox folder: `--outbox`, else the config file's, else `outbox/` in the game
/// folder. The SMTP password is looked up here, from the environment variable or the
/// password command, and kept in memory only.
pub fn transport_in(
    args: &TransportArgs,
    game_dir: &Path,
) -> Result<(Transport, PathBuf), MailError> {
    let config = match &args.config {
        Some(path) => MailConfig::load(path)?,
        None => MailConfig::default(),
    };
    let outbox = args
        .outbox
        .clone()
        .or(config.outbox.clone())
        .unwrap_or_else(|| game_dir.join("outbox"));
    let config_path = args
        .config
        .clone()
        .unwrap_or_else(|| PathBuf::from("--config"));
    let wants_smtp = args.smtp.is_some()
        || (args.sendmail.is_none() && config.transport.as_deref() == Some("smtp"));
    let wants_sendmail = args.sendmail.is_some()
        || (args.smtp.is_none() && config.transport.as_deref() == Some("sendmail"));
    if wants_sendmail {
        let program = match &args.sendmail {
            Some(Some(p)) => Some(p.clone()),
            _ => config.sendmail.as_ref().and_then(|s| s.program.clone()),
        };
        return Ok((Transport::Sendmail(program), outbox));
    }
    if !wants_smtp {
        let smtp_only = [
            ("--tls", args.tls.is_some()),
            ("--user", args.user.is_some()),
            ("--password-command", args.password_command.is_some()),
            ("--ca-cert", args.ca_cert.is_some()),
            ("--timeout", args.timeout.is_some()),
            ("--insecure", args.insecure),
        ];
        if let Some((flag, _)) = smtp_only.iter().find(|(_, given)| *given) {
            return Err(MailError::Config {
                path: PathBuf::from(*flag),
                reason: format!(
                    "{flag} only applies to SMTP: add --smtp HOST (or transport = \"smtp\" in \
                     the config file); without it the message only goes to the outbox"
                ),
            });
        }
        return Ok((Transport::Outbox, outbox));
    }
    let smtp_config = config.smtp.clone().unwrap_or_default();
    let (host, flag_port) = match &args.smtp {
        Some(h) => split_host_port(h)?,
        None => match &smtp_config.host {
            Some(h) => (h.clone(), None),
            None => {
                return Err(MailError::Config {
                    path: config_path,
                    reason: "transport = \"smtp\" needs `host` in [smtp]".to_string(),
                })
            }
        },
    };
    let tls = match (&args.tls, &smtp_config.tls) {
        (Some(t), _) => parse_tls(t, Path::new("--tls"))?,
        (None, Some(t)) => parse_tls(t, &config_path)?,
        (None, None) => TlsMode::StartTls,
    };
    let mut settings = SmtpSettings::new(&host, tls);
    settings.port = flag_port.or(smtp_config.port).unwrap_or(tls.default_port());
    settings.user = args.user.clone().or(smtp_config.user.clone());
    settings.insecure = args.insecure || smtp_config.insecure.unwrap_or(false);
    if let Some(secs) = args.timeout.or(smtp_config.timeout_secs) {
        settings.timeout = Duration::from_secs(secs.max(1));
    }
    if let Some(ca) = args.ca_cert.clone().or(smtp_config.ca_cert.clone()) {
        let pem = std::fs::read(&ca).map_err(|e| MailError::CaCert {
            path: ca.clone(),
            reason: e.to_string(),
        })?;
        settings.ca_cert_pem = Some(pem);
    }
    if let Some(user) = &settings.user {
        let source = PasswordSource {
            env: smtp_config.password_env.clone(),
            command: args
                .password_command
                .clone()
                .or(smtp_config.password_command.clone()),
        };
        settings.password = password_from_sources(&source)?;
        if settings.password.is_none() {
            return Err(MailError::MissingPassword {
                user: user.clone(),
                env: source
                    .env
                    .unwrap_or_else(|| mail::DEFAULT_PASSWORD_ENV.to_string()),
            });
        }
    }
    Ok((Transport::Smtp(settings), outbox))
}

fn read_file(path: &Path) -> Result<Vec<u8>, MailError> {
    std::fs::read(path).map_err(|e| MailError::io("read", path, &e))
}

fn required<T: Clone>(v: &Option<T>, flag: &str) -> Result<T, MailError> {
    v.clone().ok_or_else(|| MailError::Config {
        path: PathBuf::from(flag),
        reason: format!("{flag} is required"),
    })
}

/// Builds the turn message from the flags (dates default to now).
pub fn turn_mail_from_args(args: &TurnArgs) -> Result<TurnMail, MailError> {
    let report_path = required(&args.report, "--report")?;
    let report_bytes = read_file(&report_path)?;
    let report = String::from_utf8(report_bytes).map_err(|_| MailError::Io {
        action: "read as UTF-8 text".to_string(),
        path: report_path.clone(),
        reason: "the report is not UTF-8".to_string(),
    })?;
    let mut attachments = Vec::new();
    for path in &args.attach {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        attachments.push(MailAttachment {
            mime_type: mail::mime_type_for(&name).to_string(),
            name,
            bytes: read_file(path)?,
        });
    }
    let date = date_from_args(args)?;
    let turn = required(&args.turn, "--turn")?;
    let from_side = required(&args.from_side, "--from")?.name().to_string();
    let to_side = required(&args.to_side, "--to")?.name().to_string();
    Ok(TurnMail {
        game: required(&args.game, "--game")?,
        subject: blitzkrieg_desk::turn_mail::subject(&turn, &from_side, &to_side),
        turn,
        from_side,
        to_side,
        players: vec![
            (
                Side::Blue.name().to_string(),
                Player::parse(&required(&args.blue, "--blue")?, "Blue player")?,
            ),
            (
                Side::Red.name().to_string(),
                Player::parse(&required(&args.red, "--red")?, "Red player")?,
            ),
        ],
        sender: required(&args.sender, "--sender")?,
        report,
        attachments,
        in_reply_to: args.in_reply_to.clone(),
        references: args.references.clone(),
        date,
        correction: None,
    })
}

/// The Date header: `--date`, or now.
fn date_from_args(args: &TurnArgs) -> Result<chrono::DateTime<chrono::Utc>, MailError> {
    match &args.date {
        Some(d) => Ok(chrono::DateTime::parse_from_rfc3339(d)
            .map_err(|e| MailError::Config {
                path: PathBuf::from("--date"),
                reason: format!("`{d}` is not an RFC 3339 date-time: {e}"),
            })?
            .with_timezone(&chrono::Utc)),
        None => Ok(chrono::Utc::now()),
    }
}

/// Builds the turn message of a state file (see [`game::state_mail`]).
fn turn_mail_from_state(args: &Args, path: &Path) -> miette::Result<TurnMail> {
    let umpire = args.rules.umpire()?;
    let bytes = files::read_game_file(path)?;
    let date = date_from_args(&args.turn).map_err(miette::Report::new)?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut mail = game::state_mail(umpire, &bytes, &path.display().to_string(), dir, date)?;
    if let Some(sender) = &args.turn.sender {
        mail.sender = sender.clone();
    }
    Ok(mail)
}

/// The folder a file is in (empty for a bare name: the current folder); a state
/// file's is its game folder.
pub fn folder_of(path: &Path) -> PathBuf {
    path.parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The failure of a `--mail` after the turn's files were written: the turn is done and
/// only its mail is left, with the `blitz mail` command that sends it: the kept outbox
/// copy resent unchanged when the failure came after it was written, else the state's
/// mail built again (the same transport, rule data, sender and date as given).
pub fn mail_left(
    error: MailError,
    written: &[(PathBuf, Vec<u8>)],
    transport: &TransportArgs,
    rules: &RuleArgs,
    (sender, date): (Option<&str>, Option<&str>),
) -> miette::Report {
    let mut words: Vec<String> = vec!["blitz".into(), "mail".into()];
    let mut flag = |name: &str, value: Option<String>| {
        if let Some(v) = value {
            words.push(name.to_string());
            words.push(v);
        }
    };
    let path = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
    if let MailError::NotSent { outbox, .. } = &error {
        flag("--resend", Some(outbox.display().to_string()));
    } else {
        let state = written
            .iter()
            .map(|(p, _)| p)
            .find(|p| p.to_string_lossy().ends_with(".state.ron"));
        flag("--state", state.map(|p| p.display().to_string()));
        flag("--outbox", path(&transport.outbox));
        flag("--sender", sender.map(str::to_string));
        flag("--date", date.map(str::to_string));
        flag("--board", path(&rules.board));
        flag("--counters", path(&rules.counters));
        flag("--oac", path(&rules.oac));
        flag("--tables-dir", path(&rules.tables_dir));
    }
    flag("--config", path(&transport.config));
    flag("--smtp", transport.smtp.clone());
    flag("--tls", transport.tls.clone());
    flag("--user", transport.user.clone());
    flag("--password-command", transport.password_command.clone());
    flag("--ca-cert", path(&transport.ca_cert));
    flag("--timeout", transport.timeout.map(|t| t.to_string()));
    match &transport.sendmail {
        Some(Some(p)) => words.extend(["--sendmail".to_string(), p.display().to_string()]),
        Some(None) => words.push("--sendmail".to_string()),
        None => {}
    }
    if transport.insecure {
        words.push("--insecure".to_string());
    }
    let command: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
    miette::miette!(
        help = "nothing is lost: the turn's files are in the game folder; only its mail is left",
        "the turn is written, but its mail was not sent: {error}\nsend it with: {}",
        command.join(" ")
    )
}

/// A word as a POSIX shell reads it back: as it is when plain, else single-quoted.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:@=,+-".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// What the user is told after a delivery.
pub fn describe(d: &Delivery) -> String {
    let mut out = String::new();
    match d.outbox {
        OutboxWrite::Written => out.push_str(&format!("wrote {}\n", d.outbox_path.display())),
        OutboxWrite::Unchanged => out.push_str(&format!(
            "{} is already in the outbox, unchanged\n",
            d.outbox_path.display()
        )),
        OutboxWrite::EarlierDate => out.push_str(&format!(
            "{} is already in the outbox, the same message built earlier (only its Date \
             differs): that copy is the one kept and sent\n",
            d.outbox_path.display()
        )),
    }
    match &d.sent {
        Sent::OutboxOnly => out.push_str(
            "not sent: no transport given (use --smtp or --sendmail); the .eml file is ready\n",
        ),
        Sent::Smtp(r) => out.push_str(&format!(
            "sent {} by SMTP through {} to {}: {}\n",
            d.message_id,
            r.server,
            r.accepted.join(", "),
            r.reply
        )),
        Sent::Sendmail { program } => out.push_str(&format!(
            "handed {} to {program} for {}\n",
            d.message_id,
            d.recipients.join(", ")
        )),
    }
    out
}

/// `--resend` with nothing to send it through: the copy is in the outbox already, so
/// doing nothing is not a success.
fn resend_needs_transport(path: &Path) -> miette::Report {
    miette::miette!(
        help = "name a transport: --smtp HOST (with --tls, --user as needed), --sendmail, \
                or `transport` in the config file given with --config (docs/mail.md)",
        "nothing was sent: --resend sends {} again, and no transport was given",
        path.display()
    )
}

pub fn run(mut args: Args) -> miette::Result<ExitCode> {
    if args.state.is_none() {
        args.state = args.state_pos.take();
    }
    let played = args
        .state
        .as_deref()
        .map_or(Played::Blitzkrieg, Played::of_state);
    dispatch(played, args)
}

impl PerGame for Args {
    fn blitzkrieg(self) -> miette::Result<ExitCode> {
        blitzkrieg(self)
    }

    fn mori(self) -> miette::Result<ExitCode> {
        crate::cli::mori_commands::mail::mori_mail(&self)
    }
}

fn blitzkrieg(args: Args) -> miette::Result<ExitCode> {
    // The outbox of a game's mail is in its folder: the state's, or the report's.
    let game_dir = match (&args.state, &args.turn.report) {
        (Some(state), _) => folder_of(state),
        (None, Some(report)) => folder_of(report),
        (None, None) => PathBuf::new(),
    };
    let (transport, outbox) =
        transport_in(&args.transport, &game_dir).map_err(miette::Report::new)?;
    if let (Some(path), Transport::Outbox) = (&args.resend, &transport) {
        return Err(resend_needs_transport(path));
    }
    let delivery = match (&args.resend, &args.state) {
        (Some(path), _) => mail::resend(path, &transport),
        (None, Some(path)) => {
            let turn = turn_mail_from_state(&args, path)?;
            mail::deliver(&turn, &transport, &outbox)
        }
        (None, None) => turn_mail_from_args(&args.turn)
            .and_then(|turn| mail::deliver(&turn, &transport, &outbox)),
    }
    .map_err(miette::Report::new)?;
    note!("{}", describe(&delivery).trim_end());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn host_port_forms() {
        assert_eq!(
            split_host_port("smtp.example.org").unwrap(),
            ("smtp.example.org".to_string(), None)
        );
        assert_eq!(
            split_host_port("127.0.0.1:2525").unwrap(),
            ("127.0.0.1".to_string(), Some(2525))
        );
        assert_eq!(
            split_host_port("[::1]:25").unwrap(),
            ("::1".to_string(), Some(25))
        );
        assert_eq!(split_host_port("::1").unwrap(), ("::1".to_string(), None));
        assert!(split_host_port("h:port").is_err());
    }

    #[test]
    fn the_mail_left_command_reads_back_in_a_shell() {
        assert_eq!(shell_word("g/06-3-blue.state.ron"), "g/06-3-blue.state.ron");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word(""), "''");
        let transport = TransportArgs {
            smtp: Some("127.0.0.1:9".into()),
            tls: Some("none".into()),
            password_command: Some("pass show mail".into()),
            ..TransportArgs::default()
        };
        let written = [(PathBuf::from("g/06-3-blue.state.ron"), Vec::new())];
        let e = mail_left(
            MailError::MissingPassword {
                user: "u".into(),
                env: "E".into(),
            },
            &written,
            &transport,
            &RuleArgs::default(),
            (None, Some("2026-01-01T00:00:00Z")),
        );
        assert!(e.to_string().ends_with(
            "send it with: blitz mail --state g/06-3-blue.state.ron --date 2026-01-01T00:00:00Z \
             --smtp 127.0.0.1:9 --tls none --password-command 'pass show mail'"
        ), "{e}");
    }

    #[test]
    fn flags_pick_the_transport() {
        let (t, outbox) = transport_in(&TransportArgs::default(), Path::new("")).unwrap();
        assert!(matches!(t, Transport::Outbox));
        assert_eq!(outbox, PathBuf::from("outbox"));
        let (_, outbox) = transport_in(&TransportArgs::default(), Path::new("g1")).unwrap();
        assert_eq!(outbox, PathBuf::from("g1/outbox"));
        let args = TransportArgs {
            smtp: Some("127.0.0.1:2525".into()),
            tls: Some("none".into()),
            ..TransportArgs::default()
        };
        match transport_in(&args, Path::new("")).unwrap().0 {
            Transport::Smtp(s) => {
                assert_eq!(s.port, 2525);
                assert_eq!(s.tls, TlsMode::None);
            }
            other => panic!("{other:?}"),
        }
        let args = TransportArgs {
            smtp: Some("mail.example.org".into()),
            tls: Some("implicit".into()),
            ..TransportArgs::default()
        };
        match transport_in(&args, Path::new("")).unwrap().0 {
            Transport::Smtp(s) => assert_eq!(s.port, 465),
            other => panic!("{other:?}"),
        }
        let args = TransportArgs {
            tls: Some("none".into()),
            ..TransportArgs::default()
        };
        assert!(matches!(
            transport_in(&args, Path::new("")),
            Err(MailError::Config { .. })
        ));
        let args = TransportArgs {
            sendmail: Some(None),
            ..TransportArgs::default()
        };
        assert!(matches!(
            transport_in(&args, Path::new("")).unwrap().0,
            Transport::Sendmail(None)
        ));
    }
}
