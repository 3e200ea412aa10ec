//! What each turn's mail says, built from the umpire's own files: the mail of a
//! resolution (`resolve --mail`), the same mail rebuilt from a state file (`mail
//! --state`), and the mail that opens a game. Addresses and sender come from the game
//! file; the Message-IDs are derived from the game and turn, so every game threads.
//! Each mail carries what replays its player-turn (the orders as the umpire read them,
//! the seed, the commitment) besides the new state, so the saved mails of a game are
//! its game folder (`blitz verify` on them, `docs/pbem.md`).

use crate::game::{read_state, GameError, Resolution, Umpire, FILES};
use crate::template;
use blitzkrieg::report;
use blitzkrieg::state::{
    sha256_hex, DecisionMode, GameState, Phase, RuleSet, SeedSource, TableChoice,
};
use blitzkrieg::units::Side;
use pbem::files;
use pbem::mail;
use std::path::{Path, PathBuf};

/// The endings of the files that replay a player-turn, in the order a mail attaches
/// them: the orders, their signature, the seed (one of three kinds), the commitment.
const REPLAY_ENDINGS: [&str; 6] = [
    ".orders.toml",
    ".orders.toml.sig",
    ".seed.json",
    ".seed.txt",
    ".sales.csv",
    ".commitment.txt",
];

/// The files of a resolution that replay it, taken from what it writes into the game
/// folder (`written`), by name, in the order a mail attaches them: the orders as the
/// umpire read them, their signature, the seed and the commitment of the player-turn
/// whose files are named `stem` (the report, the new state and template are not).
pub fn replay_files(stem: &str, written: &[(PathBuf, Vec<u8>)]) -> Vec<(String, Vec<u8>)> {
    in_replay_order(stem, |name| {
        written
            .iter()
            .find(|(p, _)| p.file_name().is_some_and(|n| n == name))
            .map(|(_, b)| b.clone())
    })
}

/// The replay files of the player-turn whose files are named `stem`, in mail order.
fn in_replay_order(
    stem: &str,
    find: impl FnMut(&str) -> Option<Vec<u8>>,
) -> Vec<(String, Vec<u8>)> {
    files::stem_files(stem, &REPLAY_ENDINGS, find)
}

/// The replay files kept in a game folder for the player-turn that produced `state`:
/// the order file whose SHA-256 the state names, and the seed, commitment and signature
/// kept beside it. Empty for a game's first state.
fn replay_files_in(
    dir: &Path,
    state: &GameState,
    file: &str,
) -> Result<Vec<(String, Vec<u8>)>, GameError> {
    let Some(wanted) = state.chain.orders.as_deref() else {
        return Ok(Vec::new());
    };
    if state.chain.previous_state.is_none() {
        return Ok(Vec::new());
    }
    let names = files::names_ending(dir, ".orders.toml")?;
    for name in names {
        let bytes = files::read_bytes(&dir.join(&name))?;
        if sha256_hex(&bytes) != wanted {
            continue;
        }
        let stem = name.trim_end_matches(".orders.toml").to_string();
        let mut failure = None;
        let found = in_replay_order(&stem, |n| {
            let path = dir.join(n);
            if !path.exists() {
                return None;
            }
            files::read_bytes(&path).map_err(|e| failure = Some(e)).ok()
        });
        return match failure {
            Some(e) => Err(e.into()),
            None => Ok(found),
        };
    }
    Err(GameError::Mail(format!(
        "{file} follows player-turn {}, but no order file in {} has the SHA-256 it names ({wanted}): the turn's mail carries the orders it was resolved from, so mail it from its game folder",
        state.last.label,
        dir.display()
    )))
}

/// The mail of one resolution, to both players: the report as the body; the new
/// state, the next template, the map of the turn and, once counters are on the map,
/// the whole-board overview (PNG, see [`crate::map`]) attached, then the files that replay the turn ([`replay_files`]); threaded on the
/// game.
pub fn turn_mail(
    u: &Umpire,
    r: &Resolution,
    replay: &[(String, Vec<u8>)],
    date: chrono::DateTime<chrono::Utc>,
) -> Result<mail::TurnMail, GameError> {
    let turn = TurnMailed {
        label: r.previous.label(),
        step: r.previous.step,
        // The side whose player-turn it is, not the one a later step asks.
        mover: match r.previous.phase {
            Phase::Turn { side, .. } => side,
            _ => r.previous.mover().unwrap_or(Side::Blue),
        },
        earlier: thread_before(r.previous.sequence()),
    };
    let mut message = mail_of(
        u,
        &r.state,
        &r.state_ron,
        &r.report,
        &r.template,
        &turn,
        date,
    )?;
    add_replay(&mut message, replay);
    Ok(message)
}

fn add_replay(message: &mut mail::TurnMail, replay: &[(String, Vec<u8>)]) {
    message.attachments.extend(
        replay
            .iter()
            .map(|(name, bytes)| attachment(name.clone(), bytes)),
    );
}

/// The mail of the player-turn that produced a state file, rebuilt from the file as
/// the umpire wrote it: the same message `resolve --mail` sends for that turn (the
/// same bytes for the same date), for mailing a turn later or again. For a new game's
/// state it is the message that opens the game: who plays, the rules chosen, the state,
/// Blue's set-up template and the order guide of its rules ([`blitzkrieg::guide::orders_for`]), which a
/// player who has only this mail has nowhere else. The files that replay the turn are
/// taken from the game folder `dir` the state is in.
pub fn state_mail(
    u: &Umpire,
    state_bytes: &[u8],
    file: &str,
    dir: &Path,
    date: chrono::DateTime<chrono::Utc>,
) -> Result<mail::TurnMail, GameError> {
    let state = read_state(state_bytes, file)?;
    let state_ron = String::from_utf8_lossy(state_bytes);
    let template = template::render(&u.rules_for(&state)?, &state, &sha256_hex(state_bytes));
    if state.chain.previous_state.is_none() {
        let turn = TurnMailed {
            label: mail::NEW_GAME.to_string(),
            step: 0,
            mover: Side::Blue,
            earlier: Vec::new(),
        };
        let text = format!(
            "{}\nThe game's first state has SHA-256\n  {}\n`blitz verify` prints the same hash for a folder that starts from it: compare\nthem, and a doctored first state is caught.\n\nHow to write orders: {} (attached; `blitz help orders` prints it too).\n",
            new_game_text(&state, &u.rules.book),
            sha256_hex(state_bytes),
            blitzkrieg::guide::ORDERS_FILE
        );
        let mut m = mail_of(u, &state, &state_ron, &text, &template, &turn, date)?;
        m.attachments.push(mail::MailAttachment {
            name: blitzkrieg::guide::ORDERS_FILE.to_string(),
            mime_type: "text/markdown; charset=utf-8".to_string(),
            bytes: blitzkrieg::guide::orders_for(state.game.options.rules).into_bytes(),
        });
        return Ok(m);
    }
    let mut turn = TurnMailed::parse(&state.last.label).ok_or_else(|| {
        GameError::Mail(format!(
            "{file} names its last player-turn `{}`, which is not a player-turn label",
            state.last.label
        ))
    })?;
    let replay = replay_files_in(dir, &state, file)?;
    turn.step = replay.first().map_or(0, |(name, _)| step_of(name));
    let report = report::render_state(&u.rules_for(&state)?, &state);
    let mut message = mail_of(u, &state, &state_ron, &report, &template, &turn, date)?;
    add_replay(&mut message, &replay);
    Ok(message)
}

/// The body of the mail that opens a game.
fn new_game_text(state: &GameState, book: &blitzkrieg::ruleset::RuleBook) -> String {
    let g = &state.game;
    let player = |s: Side| {
        g.players
            .get(&s)
            .map_or(String::from("-"), |p| format!("{} <{}>", p.name, p.email))
    };
    let o = &g.options;
    let rules = match o.rules {
        RuleSet::Basic => "Basic Game (rules 1-17)",
        RuleSet::Tournament => "Tournament Game (rules 1-30)",
        RuleSet::Eighty5 => "BLITZKRIEG '85 (rules 37-53 on the Tournament Game)",
    };
    let tables = match o.tables {
        TableChoice::PlayByMail => "play-by-mail BGAT (digits 1-9, 0)",
        TableChoice::Die => "face-to-face BGAT (die 1-6)",
    };
    let seed = match o.seed {
        SeedSource::Drand { .. } => "a drand quicknet beacon round",
        SeedSource::StockSales => "stock sales (the hundreds digit)",
        SeedSource::AgreedText => "a text agreed in advance",
    };
    let decisions = match o.decisions {
        DecisionMode::StandingOrders => "standing orders",
        DecisionMode::Pending => "owed, given at the top of the next order file",
    };
    let title = format!("BLITZKRIEG  game {}  a new game", g.id);
    let mut t = format!("{title}\n{}\n", "=".repeat(title.chars().count()));
    for (k, v) in [
        ("Great Blue", player(Side::Blue)),
        ("Big Red", player(Side::Red)),
        ("Rules", rules.to_string()),
        ("Tables", tables.to_string()),
        ("Seed", seed.to_string()),
        ("Decisions", decisions.to_string()),
        ("Last turn", o.last_turn.to_string()),
    ] {
        t.push_str(&format!("{k:<11} {v}\n"));
    }
    if !g.keys.is_empty() {
        let signed: Vec<String> = g
            .keys
            .iter()
            .map(|(side, key)| {
                let print = pbem::sshsig::PlayerKey::parse(key)
                    .map_or_else(|e| e.to_string(), |k| k.fingerprint());
                format!("{side} ({print})")
            })
            .collect();
        t.push_str(&format!(
            "{:<11} orders of {}, with ssh-keygen -Y sign -n blitz-orders\n",
            "Signed",
            signed.join(", ")
        ));
    }
    if !o.optional.is_empty() {
        let list: Vec<String> = o.optional.iter().map(u32::to_string).collect();
        t.push_str(&format!("{:<11} {}\n", "Optional", list.join(", ")));
    }
    readings_text(&mut t, o, book);
    t.push_str("\nBlue sets up first (3.3), then Red (3.4).\n");
    t
}

/// The readings of the rules the game plays, fixed for the whole game; the others
/// (of rules it does not play, kept in the state until they would apply) counted and
/// pointed to.
fn readings_text(
    t: &mut String,
    o: &blitzkrieg::state::Options,
    book: &blitzkrieg::ruleset::RuleBook,
) {
    if o.readings.is_empty() {
        return;
    }
    let optional = blitzkrieg::ruleset::Ruleset::optional_in_force(o.rules, &o.optional);
    let played = |name: &str| {
        book.reading(name)
            .is_none_or(|def| def.applies_to(o.rules, &optional))
    };
    t.push_str("\nReadings of this game's rules (docs/readings.md; fixed for the whole game):\n");
    for (name, option) in o.readings.iter().filter(|(n, _)| played(n)) {
        t.push_str(&format!("  {name} = {option}\n"));
    }
    let rest = o.readings.keys().filter(|n| !played(n)).count();
    if rest > 0 {
        t.push_str(&format!(
            "The other {rest} readings are of rules this game does not play: the state keeps\nthem all (game.options.readings), and docs/readings.md explains each.\n"
        ));
    }
}

/// The step of the state a replay file was written for, from its name
/// ("12-6-blue.step1.orders.toml": 1; "12-6-blue.orders.toml": 0).
fn step_of(name: &str) -> u32 {
    name.split('.')
        .find_map(|part| part.strip_prefix("step")?.parse().ok())
        .unwrap_or(0)
}

/// The player-turn a mail reports: its label, who moved, and the labels of the
/// player-turns mailed before it (the thread it replies to), oldest first.
struct TurnMailed {
    label: String,
    /// The step of the player-turn its order file answered: 0 for the mover's first
    /// file, 1 and more for a later one (an answer before odds, decisions).
    step: u32,
    mover: Side,
    earlier: Vec<String>,
}

impl TurnMailed {
    /// The mail's own label, which names its outbox file and its Message-ID: the
    /// player-turn's, with the step when the mail is of a later step ("6-Blue",
    /// "6-Blue.step1"), so that every resolution of a player-turn is a mail of its own.
    fn mail_label(&self) -> String {
        if self.step > 0 {
            format!("{}.step{}", self.label, self.step)
        } else {
            self.label.clone()
        }
    }

    /// From a label as [`Phase::label`] writes it: "setup-Blue", "3-Red".
    fn parse(label: &str) -> Option<TurnMailed> {
        let phase = Phase::from_label(label)?;
        let (Phase::SetUp { side } | Phase::Turn { side, .. }) = phase else {
            return None;
        };
        Some(TurnMailed {
            label: phase.label(),
            step: 0,
            mover: side,
            earlier: thread_before(phase.sequence()?),
        })
    }
}

fn mail_of(
    u: &Umpire,
    state: &GameState,
    state_ron: &str,
    report: &str,
    template: &str,
    turn: &TurnMailed,
    date: chrono::DateTime<chrono::Utc>,
) -> Result<mail::TurnMail, GameError> {
    let players = &state.game.players;
    let player = |s: Side| -> Result<mail::Player, GameError> {
        let p = players
            .get(&s)
            .ok_or_else(|| GameError::Mail(format!("the game has no {s} player")))?;
        Ok(mail::Player {
            name: p.name.clone(),
            address: p.email.clone(),
        })
    };
    let sender = state.game.sender.clone();
    let game = state.game.id.clone();
    let earlier: Vec<String> = turn
        .earlier
        .iter()
        .filter_map(|l| mail::message_id(&game, l, &sender).ok())
        .collect();
    let stem = state.file_stem();
    let (picture, fit) = crate::map::state_png_fit(&u.rules, state)
        .map_err(|e| GameError::Mail(format!("the map of the turn: {e}")))?;
    let mut attachments = vec![
        attachment(FILES.state(&stem), state_ron.as_bytes()),
        attachment(FILES.template(&stem), template.as_bytes()),
        attachment(format!("{stem}.board.png"), &picture),
    ];
    // A new game has no counter on the map: its overview would say nothing the map
    // of the home country does not.
    if !crate::game::counter_marks(&u.rules, state).is_empty() {
        let overview = crate::map::overview_png_at(&u.rules, state, fit)
            .map_err(|e| GameError::Mail(format!("the overview of the board: {e}")))?;
        attachments.push(attachment(format!("{stem}.overview.png"), &overview));
    }
    let to_side = state
        .mover()
        .unwrap_or(turn.mover.other())
        .name()
        .to_string();
    Ok(mail::TurnMail {
        game,
        turn: turn.mail_label(),
        from_side: turn.mover.name().to_string(),
        to_side: to_side.clone(),
        players: vec![
            (Side::Blue.name().to_string(), player(Side::Blue)?),
            (Side::Red.name().to_string(), player(Side::Red)?),
        ],
        sender,
        report: format!(
            "{report}\n\nThe next orders (fill in and reply, quoted or attached):\n\n{template}"
        ),
        attachments,
        in_reply_to: earlier.last().cloned(),
        references: earlier,
        date,
        correction: None,
        subject: subject(&turn.label, turn.mover.name(), &to_side),
    })
}

/// BLITZKRIEG's words for a turn mail's subject: "New game: Blue sets up", "Turn 3
/// Blue → Red: report" (the turn's number, the label without `-<side that moved>`),
/// and for a mail that corrects one "...: corrected report, replaces the earlier one".
pub fn subject(turn: &str, from: &str, to: &str) -> mail::Subject {
    if turn == mail::NEW_GAME {
        let words = format!("New game: {to} sets up");
        return mail::Subject {
            first: words.clone(),
            corrected: words,
        };
    }
    let suffix = format!("-{from}");
    let cut = turn.len().saturating_sub(suffix.len());
    let number = match (turn.get(..cut), turn.get(cut..)) {
        (Some(head), Some(tail)) if cut > 0 && tail.eq_ignore_ascii_case(&suffix) => head,
        _ => turn,
    };
    let words = |what: &str| format!("Turn {number} {from} \u{2192} {to}: {what}");
    mail::Subject {
        first: words("report"),
        corrected: words("corrected report, replaces the earlier one"),
    }
}

fn attachment(name: String, bytes: &[u8]) -> mail::MailAttachment {
    mail::MailAttachment {
        mime_type: mail::mime_type_for(&name).to_string(),
        name,
        bytes: bytes.to_vec(),
    }
}

/// The mail thread before the `sequence`-th player-turn (0 is Blue's set-up), oldest
/// first: the mail that opened the game, then every player-turn before it.
fn thread_before(sequence: u32) -> Vec<String> {
    std::iter::once(mail::NEW_GAME.to_string())
        .chain((0..sequence).map(|i| Phase::at_sequence(i).label()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The subject of a BLITZKRIEG turn mail: the turn's number (its label without the
    /// side that moved), who moved and who moves next; a label that does not end in the
    /// mover's side is written whole.
    #[test]
    fn the_subject_names_the_turn_and_both_sides() {
        let s = subject("3-Blue", "Blue", "Red");
        assert_eq!(s.first, "Turn 3 Blue \u{2192} Red: report");
        assert_eq!(
            s.corrected,
            "Turn 3 Blue \u{2192} Red: corrected report, replaces the earlier one"
        );
        assert_eq!(
            subject("\u{130}-blue", "Blue", "Red").first,
            "Turn \u{130} Blue \u{2192} Red: report"
        );
        assert!(subject("-Blue", "Blue", "Red")
            .first
            .contains("Turn -Blue Blue"));
        assert_eq!(
            subject("setup", "Blue", "Red").first,
            "Turn setup Blue \u{2192} Red: report"
        );
        assert_eq!(
            subject(mail::NEW_GAME, "Red", "Blue").first,
            "New game: Blue sets up"
        );
    }
}
