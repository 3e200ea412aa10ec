//! The turn mails of Mori's game: one message to each player, since each may see only
//! his own reserve. Every message carries the report of the step, the war victory
//! track, the board picture (PNG) and the state; the message to a player whose private
//! file is at hand (his own machine, a referee's, a scripted game) also carries his
//! reserve, what he learned since his last orders, and, when he moves next, his order
//! template with every token he may place and where, commitment filled in. A message
//! made without a player's private file says so and tells him how his own tool shows
//! his reserve. Each message also carries the files that replay its step (the orders
//! as the umpire read them, the seed, the commitment), so a player's kept mail is the
//! game folder (`blitz verify MAIL`). Threaded per player:
//! `<blitz.GAME.LABEL_SIDE@DOMAIN>`.

use std::collections::BTreeMap;

use pbem::envelope::sha256_hex;
use pbem::mail::{self, MailAttachment, TurnMail};

use crate::folder::{produced_by, stem, Resolution};
use crate::game::StateFile;
use crate::hidden::PrivateState;
use crate::player;
use crate::ruleset::{Ruleset, Side};
use crate::state::State;
use crate::summary::{game_name, war_track};

/// Why a turn mail could not be made.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("the game has no address for the {0} player (a game made by `blitz new` has both)")]
    NoPlayer(Side),
    #[error("the game names no sender (a game made by `blitz new` has one)")]
    NoSender,
    #[error("{0}")]
    Picture(#[from] crate::picture::PictureError),
    #[error("the {side} player's private file: {reason}")]
    Private { side: Side, reason: String },
}

/// The label of the mails that open a game.
pub const NEW_GAME: &str = mail::NEW_GAME;

/// What one state's mails are made of.
pub struct Input<'a> {
    pub file: &'a StateFile,
    /// The state file's bytes, as attached.
    pub state_ron: &'a str,
    /// The step that produced the state (none for the first state).
    pub step: Option<&'a Resolution>,
    /// The private files at hand, by side.
    pub privates: &'a BTreeMap<Side, PrivateState>,
    pub date: chrono::DateTime<chrono::Utc>,
    /// The files that replay the step, by name, in the order attached
    /// ([`crate::folder::replay_files`]); none for the first state.
    pub replay: &'a [(String, Vec<u8>)],
}

/// The mail thread label of a step for one player: `t003.axis`.
pub fn thread_label(step: &str, side: Side) -> String {
    format!("{step}.{}", side.name())
}

/// The steps mailed before `step`, oldest first.
fn earlier_steps(step: &str) -> Vec<String> {
    let mut out = Vec::new();
    if step == NEW_GAME {
        return out;
    }
    out.push(NEW_GAME.to_string());
    if step == crate::engine::SETUP_LABEL {
        return out;
    }
    out.push(crate::engine::SETUP_LABEL.to_string());
    let n: u32 = step
        .strip_prefix('t')
        .and_then(|d| d.parse().ok())
        .unwrap_or(0);
    out.extend((1..n).map(State::label));
    out
}

fn attachment(name: String, bytes: &[u8]) -> MailAttachment {
    MailAttachment {
        mime_type: mail::mime_type_for(&name).to_string(),
        name,
        bytes: bytes.to_vec(),
    }
}

/// The body that opens a game: who plays, the commitments, the first state's hash.
fn opening_text(rs: &Ruleset, file: &StateFile, state_ron: &str) -> String {
    let title = format!("{}  game {}  a new game", game_name(rs), file.state.game_id);
    let mut t = format!("{title}\n{}\n", "=".repeat(title.chars().count()));
    for side in rs.sides() {
        let who = file
            .players
            .get(&side)
            .map_or("-".to_string(), |p| format!("{} <{}>", p.name, p.email));
        t.push_str(&format!("{:<9} {who}\n", side.to_string()));
    }
    t.push_str(
        "\nEach player's secret stays on his own machine; the game holds only the commitment\nto it, made before any seed exists (docs/hidden.md):\n",
    );
    for side in rs.sides() {
        if let Some(p) = file.state.player(side) {
            t.push_str(&format!(
                "  {:<9} {}\n",
                side.to_string(),
                p.secret_commitment
            ));
        }
    }
    t.push_str(&format!(
        "Check that yours is the one your tool printed.\n\nThe game's first state has SHA-256\n  {}\n`blitz verify` prints the same hash for a folder that starts from it.\n\nNext: the set-up seed, published after this mail (a drand round or an agreed text),\ndraws each player's opening reserve: `blitz resolve {}.state.ron --beacon FILE`\n(or --seed-text TEXT). The {} player moves first.\n",
        sha256_hex(state_ron.as_bytes()),
        stem(&file.state),
        rs.first()
    ));
    t
}

/// What every player's message of a state says and carries alike: the report of the
/// step (or the opening text) with the war victory track, and the state, the board
/// picture and the files that replay the step. A player's own message adds his reserve
/// and his order template, which only his private file renders.
pub fn public_parts(
    rs: &Ruleset,
    input: &Input<'_>,
) -> Result<(String, Vec<MailAttachment>), MailError> {
    let file = input.file;
    let state = &file.state;
    let public_report = match input.step {
        Some(r) => r.report.clone(),
        None => opening_text(rs, file, input.state_ron),
    };
    let st = stem(state);
    let picture = crate::picture::png(rs, state)?;
    let mut attachments = vec![
        attachment(format!("{st}.state.ron"), input.state_ron.as_bytes()),
        attachment(format!("{st}.board.png"), &picture),
    ];
    attachments.extend(
        input
            .replay
            .iter()
            .map(|(name, bytes)| attachment(name.clone(), bytes)),
    );
    Ok((
        format!("{public_report}\n{}", war_track(rs, state)),
        attachments,
    ))
}

/// One message per player for a state.
pub fn turn_mails(rs: &Ruleset, input: &Input<'_>) -> Result<Vec<TurnMail>, MailError> {
    let file = input.file;
    let state = &file.state;
    if file.sender.is_empty() {
        return Err(MailError::NoSender);
    }
    let step = produced_by(file).unwrap_or_else(|| NEW_GAME.to_string());
    let (public_body, public_attachments) = public_parts(rs, input)?;
    let st = stem(state);
    let from_side = match input.step {
        Some(r) if r.previous.state.turn > 0 => r.previous.state.to_move.to_string(),
        _ => "Set-up".to_string(),
    };
    let to_side = match (&state.outcome, state.turn) {
        (Some(_), _) => "the end of the war".to_string(),
        (None, 0) => "Set-up".to_string(),
        (None, _) => state.to_move.to_string(),
    };
    let mut out = Vec::new();
    for side in rs.sides() {
        let p = file.players.get(&side).ok_or(MailError::NoPlayer(side))?;
        let mut body = public_body.clone();
        let mut attachments = public_attachments.clone();
        let moves = state.outcome.is_none() && state.turn > 0 && state.to_move == side;
        let mut template = None;
        match input.privates.get(&side) {
            Some(private) => {
                let view = player::view(state, private).map_err(|e| MailError::Private {
                    side,
                    reason: e.to_string(),
                })?;
                body.push('\n');
                body.push_str(&player::private_text(rs, &view));
                template = player::template(rs, state, &view);
            }
            None if state.turn > 0 => body.push_str(&format!(
                "\nYour reserve is behind your screen: this mail was made without your private\nfile. On your machine, `blitz show {st}.state.ron --private DIR` applies your\ndraws and the opponent's bombing to it and prints it, with your order template.\n"
            )),
            None => {}
        }
        if moves {
            let t = template.unwrap_or_else(|| crate::template::template(rs, state, side));
            body.push_str(&format!(
                "\nYour orders for {} (fill in and reply, quoted or attached; check them with\n`blitz check` and mail the `blitz commit` line before the turn's seed is out):\n\n{}\n{t}{}\n",
                State::label(state.turn),
                mail::BEGIN_MARKER,
                mail::END_MARKER
            ));
            attachments.insert(1, attachment(format!("{st}.template.toml"), t.as_bytes()));
        } else if state.outcome.is_none() && state.turn > 0 {
            body.push_str(&format!("\nThe {} player moves next.\n", state.to_move));
        } else if state.outcome.is_some() {
            body.push_str(
                "\nThe war is over: reveal your secret (`blitz secret --reveal`) so that\n`blitz verify` replays every hidden draw of the game.\n",
            );
        }
        let earlier: Vec<String> = earlier_steps(&step)
            .iter()
            .filter_map(|l| {
                mail::message_id(&state.game_id, &thread_label(l, side), &file.sender).ok()
            })
            .collect();
        out.push(TurnMail {
            game: state.game_id.clone(),
            turn: thread_label(&step, side),
            from_side: from_side.clone(),
            to_side: to_side.clone(),
            players: vec![(
                side.to_string(),
                mail::Player {
                    name: p.name.clone(),
                    address: p.email.clone(),
                },
            )],
            sender: file.sender.clone(),
            report: body,
            attachments,
            in_reply_to: earlier.last().cloned(),
            references: earlier,
            date: input.date,
            correction: None,
            subject: crate::game::subject(&step, &from_side, &to_side),
        });
    }
    Ok(out)
}
