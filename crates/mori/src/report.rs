//! The turn report, written from the events alone (the state is used only
//! for names and the score line): what each player did, what moved, who
//! scored, each line with the 002 section it applies.

use std::fmt::Write;

use crate::events::{Event, Pile};
use crate::ruleset::Ruleset;
use crate::state::State;

fn theatre_name(rs: &Ruleset, id: &str) -> String {
    rs.board
        .theatre(id)
        .map_or_else(|| id.to_string(), |(_, t)| t.name.clone())
}

/// One line per event, then the score.
pub fn report(rs: &Ruleset, state: &State, events: &[Event]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "BLITZKRIEG! game {}", state.game_id);
    for e in events {
        let line = match e {
            Event::SetUp { first, .. } => {
                format!("The war begins; battle markers on the middle spaces; the {first} player moves first.")
            }
            Event::OpeningDraw { side, count, .. } => {
                format!("The {side} player draws {count} tokens for his reserve (hidden).")
            }
            Event::Opened { theatre, marker, by, .. } => match by {
                Some(s) => format!(
                    "The {s} player opens {}, its marker {} in his favour.",
                    theatre_name(rs, theatre),
                    marker.abs()
                ),
                None => format!("{} is open.", theatre_name(rs, theatre)),
            },
            Event::TurnBegan { turn, side, .. } => format!("Turn {turn}: the {side} player."),
            Event::Placed { side, token, acts_as, theatre, campaign, space, .. } => {
                let copy = acts_as.as_ref().map(|a| format!(" copying {a}")).unwrap_or_default();
                format!(
                    "The {side} player places {token}{copy} in {}, campaign {campaign}, space {space}.",
                    theatre_name(rs, theatre)
                )
            }
            Event::EffectCarried { side, effect, .. } => {
                format!("The {side} player carries out {}.", effect.name())
            }
            Event::EffectIgnored { effect, .. } => {
                format!("The task force ignores {}.", effect.name())
            }
            Event::Drew { side, count, .. } => {
                format!("The {side} player draws {count} from his bag (hidden).")
            }
            Event::BagEmpty { side, .. } => format!("The {side} player's bag is empty."),
            Event::Bombed { bomber, victim, .. } => format!(
                "The {bomber} player bombs: the {victim} player discards a random token from his reserve (his tool applies it)."
            ),
            Event::ReserveEmpty { victim, .. } => {
                format!("Nothing to bomb: the {victim} player's reserve is empty.")
            }
            Event::Researched { side, token, into, .. } => format!(
                "The {side} player researches {token} into his {}.",
                match into {
                    Pile::Bag => "bag",
                    Pile::Reserve => "reserve",
                }
            ),
            Event::ResearchEmpty { .. } => "The research pile is empty.".to_string(),
            Event::MarkerMoved { theatre, toward, by, from, to, stopped, .. } => format!(
                "{} marker: {by} toward the {toward} player, {from:+} to {to:+}{}.",
                theatre_name(rs, theatre),
                if *stopped { " (stopped short of the end)" } else { "" }
            ),
            Event::NoTarget { .. } => "No other theatre is open: the advantage is lost.".to_string(),
            Event::Scored { side, points, total, why, .. } => {
                format!("The {side} player scores {points} for {why}: {total} war victory points.")
            }
            Event::CampaignClosed { theatre, campaign, winners, .. } => {
                let w: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
                format!(
                    "{} campaign {campaign} closes, won by {}.",
                    theatre_name(rs, theatre),
                    w.join(" and ")
                )
            }
            Event::TheatreClosed { theatre, winner, .. } => match winner {
                Some(w) => format!("The {w} player wins the {} theatre.", theatre_name(rs, theatre)),
                None => format!("{} has no campaign left.", theatre_name(rs, theatre)),
            },
            Event::DrawPhase { .. } => continue,
            Event::FinalTurn { side, .. } => {
                format!("25 war victory points reached: the {side} player has one final turn.")
            }
            Event::Conceded { side, .. } => format!("The {side} player cannot place a token."),
            Event::GameOver { winner, reason, .. } => {
                format!("THE WAR IS OVER: the {winner} player wins ({reason}).")
            }
        };
        let _ = writeln!(out, "  {line}  [{}]", e.rule().section());
    }
    let score: Vec<String> = state.vp.iter().map(|(s, v)| format!("{s} {v}")).collect();
    let _ = writeln!(out, "War victory points: {}.", score.join(", "));
    out
}

/// The private part of a report, for the owner only: what his tool learned
/// when it applied the ledger (draws, bombing discards) and his reserve.
pub fn report_private(
    rs: &Ruleset,
    private: &crate::hidden::PrivateState,
    learned: &[crate::hidden::Learned],
) -> String {
    use crate::hidden::Learned;
    let mut out = String::new();
    let _ = writeln!(out, "For the {} player only:", private.side);
    for l in learned {
        let line = match l {
            Learned::Drew { token, label } => format!("  {label}: you drew {token}."),
            Learned::Discarded { token, label } => {
                format!("  {label}: bombing sent {token} from your reserve back to your bag.")
            }
        };
        let _ = writeln!(out, "{line}");
    }
    let names: Vec<String> = private
        .reserve
        .iter()
        .map(|t| match rs.catalogue.get(t) {
            Some(d) if d.value > 0 => format!("{t} ({} {})", d.kind.name(), d.value),
            Some(d) => format!("{t} ({})", d.kind.name()),
            None => t.clone(),
        })
        .collect();
    let _ = writeln!(
        out,
        "  Your reserve: {}.",
        if names.is_empty() {
            "empty".into()
        } else {
            names.join(", ")
        }
    );
    let _ = writeln!(out, "  Tokens in your bag: {}.", private.bag.len());
    out
}
