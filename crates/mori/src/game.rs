//! Mori's BLITZKRIEG! behind the play-by-e-mail machinery's [`pbem::game::Game`] trait:
//! its state file in the shared envelope (format, kind `mori`, umpire release, hash
//! chain, integrity digest) and the engine's functions under the trait's names.

use crate::events::Event;
use crate::orders::{OrderError, RawOrders};
use crate::ruleset::Ruleset;
use crate::state::State;
use pbem::envelope::{Chain, EnvelopeError, Sealed};
use pbem::folder::FileNames;
use pbem::game::{Game, OrderProblem, Step};
use pbem::mail::Subject;
use pbem::seed::Seed;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The envelope's kind for Mori's game (both the base game and Nippon).
pub const KIND: &str = "mori";
/// The state format Mori's files are written in (the envelope's format 2, the first
/// that names its kind).
pub const FORMAT: u32 = 2;

/// How a Mori game folder names its files: those of a BLITZKRIEG folder
/// (`docs/pbem.md`), with Mori's stems (`00-setup`, `07-t007`).
pub const FILES: FileNames = FileNames {
    state: ".state.ron",
    orders: ".orders.toml",
    report: ".report.txt",
    template: ".template.toml",
    commitment: ".commitment.txt",
};

/// A mail's subject as players name the steps: "New game: the set-up draw is next",
/// "Set-up drawn: Axis moves first", "Turn 3 Axis → Allied", "Turn 12 Allied: the
/// end of the war".
fn words(step: &str, from: &str, to: &str) -> String {
    if step == pbem::mail::NEW_GAME {
        return "New game: the set-up draw is next".to_string();
    }
    if step == crate::engine::SETUP_LABEL {
        return format!("Set-up drawn: {to} moves first");
    }
    let n: u32 = step
        .strip_prefix('t')
        .and_then(|d| d.parse().ok())
        .unwrap_or(0);
    match to {
        "the end of the war" => format!("Turn {n} {from}: the end of the war"),
        _ => format!("Turn {n} {from} \u{2192} {to}"),
    }
}

/// The subject of a Mori turn mail ([`words`]); one that corrects an earlier mail says
/// so after them.
pub fn subject(step: &str, from: &str, to: &str) -> Subject {
    let first = words(step, from, to);
    Subject {
        corrected: format!("{first} (corrected, replaces the earlier one)"),
        first,
    }
}

/// A player as the game's mail names him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub email: String,
}

/// A Mori state file: the public state in the shared envelope, with the players the
/// game's mail goes to (a game made by `blitz new`; none in a bare engine state).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateFile {
    pub format: u32,
    pub kind: String,
    pub umpire: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub players: BTreeMap<crate::ruleset::Side, Player>,
    /// The address the game's mail comes from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sender: String,
    pub state: State,
    pub chain: Chain,
    pub integrity: String,
}

impl Sealed for StateFile {
    fn format(&self) -> u32 {
        self.format
    }
    fn integrity(&self) -> &str {
        &self.integrity
    }
    fn set_integrity(&mut self, digest: String) {
        self.integrity = digest;
    }
}

impl StateFile {
    /// A state in the envelope, written by `umpire`.
    pub fn new(state: State, chain: Chain, umpire: &str) -> StateFile {
        StateFile {
            format: FORMAT,
            kind: KIND.to_string(),
            umpire: umpire.to_string(),
            players: BTreeMap::new(),
            sender: String::new(),
            state,
            chain,
            integrity: String::new(),
        }
    }

    /// Reads a state file, refusing an edited one or one of another game.
    pub fn read(text: &str, file: &str) -> Result<StateFile, EnvelopeError> {
        pbem::envelope::open(text, file, KIND, FORMAT..=FORMAT)
    }
}

/// The label of the step a state waits for: `setup` before the opening draws, then
/// the turn's (`t001`, ...).
pub fn label(state: &State) -> String {
    if state.turn == 0 {
        crate::engine::SETUP_LABEL.to_string()
    } else {
        State::label(state.turn)
    }
}

impl OrderProblem for OrderError {
    fn code(&self) -> &str {
        OrderError::code(self)
    }
    fn rule(&self) -> String {
        OrderError::rule(self).section().to_string()
    }
    fn place(&self, _source: &str) -> Option<(usize, usize)> {
        let at = self.at();
        Some((at.line as usize, at.col as usize))
    }
    fn subject(&self) -> Option<String> {
        None
    }
}

impl Game for Ruleset {
    const KIND: &'static str = KIND;
    const FILES: FileNames = FILES;
    type State = State;
    type Orders = RawOrders;
    type Event = Event;
    type Problem = OrderError;

    fn read_state(&self, text: &str, file: &str) -> Result<State, EnvelopeError> {
        StateFile::read(text, file).map(|f| f.state)
    }

    fn write_state(&self, state: &State) -> Result<String, String> {
        let file = StateFile::new(state.clone(), Chain::default(), env!("CARGO_PKG_VERSION"));
        pbem::envelope::seal(&file).map_err(|e| e.to_string())
    }

    fn file_stem(&self, state: &State) -> String {
        crate::folder::stem(state)
    }

    fn subject(&self, step: &str, from: &str, to: &str) -> Subject {
        subject(step, from, to)
    }

    /// 002 §3: the players alternate turns until the war is won (§7). A game not yet
    /// set up (turn 0) waits for its set-up seed, not for anybody's orders.
    fn step(&self, state: &State) -> Step {
        Step {
            label: label(state),
            side: match state.outcome {
                Some(_) => String::new(),
                None if state.turn == 0 => String::new(),
                None => state.to_move.name().to_string(),
            },
            over: state.outcome.is_some(),
        }
    }

    fn sides(&self) -> Vec<String> {
        self.sides().iter().map(|s| s.name().to_string()).collect()
    }

    fn parse_orders(&self, text: &str) -> Result<RawOrders, Vec<OrderError>> {
        RawOrders::parse(text)
    }

    fn check(&self, state: &State, orders: &RawOrders) -> Vec<OrderError> {
        crate::orders::check(self, state, orders)
            .err()
            .unwrap_or_default()
    }

    /// A turn without a seed draws from the empty seed: the opponent's bag still cannot
    /// be known, for every draw also needs the drawer's secret (docs/hidden.md).
    fn adjudicate(
        &self,
        state: &State,
        orders: &RawOrders,
        seed: Option<&Seed>,
    ) -> Result<(State, Vec<Event>), Vec<OrderError>> {
        let checked = crate::orders::check(self, state, orders)?;
        let bytes = seed.map(Seed::value_bytes).unwrap_or_default();
        crate::engine::adjudicate(self, state, &checked, &bytes)
    }

    fn report(&self, state: &State, events: &[Event]) -> String {
        crate::report::report(self, state, events)
    }

    fn template(&self, state: &State) -> String {
        crate::template::template(self, state, state.to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::demo;
    use crate::ruleset::Variant;

    /// The envelope round-trips a state, refuses an edited one, and a BLITZKRIEG
    /// reader's kind check would refuse it (kind `mori`).
    #[test]
    fn a_mori_state_travels_in_the_shared_envelope() {
        let rs = Ruleset::base().unwrap();
        let record = demo(Variant::Base).unwrap();
        let state = record.last().unwrap().clone();
        let text = rs.write_state(&state).unwrap();
        assert!(
            text.starts_with("(\n  format: 2,\n  kind: \"mori\","),
            "{text}"
        );
        assert_eq!(rs.read_state(&text, "s.ron").unwrap(), state);
        let edited = text.replacen("turn: ", "turn: 9", 1);
        assert!(rs.read_state(&edited, "s.ron").is_err());
        assert_eq!(
            pbem::envelope::Header::peek(&text, "s.ron").unwrap().kind,
            "mori"
        );
    }

    /// A whole scripted game replays through the trait alone, turn by turn, from the
    /// same orders and seeds, state for state: the seam a second game needs.
    #[test]
    fn the_demo_game_replays_through_the_trait() {
        for (rs, variant) in [
            (Ruleset::base().unwrap(), Variant::Base),
            (Ruleset::nippon().unwrap(), Variant::Nippon),
        ] {
            let record = demo(variant).unwrap();
            assert!(record.history.len() > 2);
            for (i, text) in record.orders.iter().enumerate() {
                let (before, _) = &record.history[i];
                let (after, events) = &record.history[i + 1];
                let step = rs.step(before);
                assert_eq!(step.side, before.to_move.name());
                let orders = rs.parse_orders(text).unwrap();
                assert!(rs.check(before, &orders).is_empty());
                let seed = crate::demo::fixed_seed(&before.game_id, &step.label);
                let seed = Seed::from_hex(&hex::encode(seed)).unwrap();
                let (next, replayed) = rs.adjudicate(before, &orders, Some(&seed)).unwrap();
                assert_eq!(&next, after, "turn {}", step.label);
                assert_eq!(&replayed, events);
                assert_eq!(rs.report(&next, &replayed), record.reports[i + 1]);
            }
            let (last, _) = &record.history[record.history.len() - 1];
            assert!(rs.step(last).over, "the demo plays to the end of the war");
        }
    }
}
