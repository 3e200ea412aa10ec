//! The game-state file (RON): the game, its options, every counter's place, what each
//! side held at the start of the player-turn, decisions owed, and the hash chain that
//! ties each state to the state, orders and seed that produced it.
//!
//! A state carries an `integrity` digest of its own content, so a state edited by hand
//! is refused on load.

use crate::board::SeaZone;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{HexMarker, HexMarkerKind, Pools, UnitMarker};
use crate::model::outcome::Outcome;
use crate::position::{Piece, Position};
use crate::units::{Counters, Side, UnitId};
pub use pbem::envelope::{sha256_hex, Chain};
use pbem::envelope::{EnvelopeError, Sealed};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The version of this file format that new games are written in. Format 2 added the
/// envelope's `kind` and `umpire`, the rule data's hashes, the optional rules, the
/// declared readings and the step within a player-turn (`docs/state.md`).
pub const STATE_FORMAT: u32 = 2;
/// The oldest format still read: a game keeps the format it was created in, so games
/// begun before format 2 play and verify to the end byte for byte.
pub const OLDEST_STATE_FORMAT: u32 = 1;
/// The game kind in the envelope.
pub const KIND: &str = "blitzkrieg";

/// A player of one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub email: String,
}

/// Which rules are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleSet {
    /// Rules 1-17 of the 1975 edition.
    Basic,
    /// Rules 1-30: the Tournament Game (24), which includes the optional rules 19-23.
    Tournament,
    // 37-41: BLITZKRIEG '85.
    /// BLITZKRIEG '85 (004, rules 37-53): the Tournament Game with its optional rules,
    /// "unless specifically contradicted" by 37-53 (`ruleset::EIGHTY5_TOURNAMENT_OPTIONAL`).
    Eighty5,
}

impl RuleSet {
    /// Whether the Tournament Game (24-30) is played: in it, and under BLITZKRIEG '85,
    /// whose rules hold on top of it (004, introduction).
    pub fn is_tournament(self) -> bool {
        matches!(self, RuleSet::Tournament | RuleSet::Eighty5)
    }
}

/// Which combat tables resolve battles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableChoice {
    /// The 10-digit play-by-mail tables (digit 1-9, 0).
    PlayByMail,
    /// The face-to-face tables (die 1-6).
    Die,
}

/// Where the published seed comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeedSource {
    /// A drand beacon round, verified against the chain's public key.
    Drand {
        chain_hash: String,
        public_key: String,
        genesis: u64,
        period: u64,
    },
    /// The hundreds digit of a stock's sales volume on a named trading date (1975 PBM).
    StockSales,
    /// A text both players agreed on in advance.
    AgreedText,
}

/// Who decides the losses and retreats of the side not moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionMode {
    /// Standing orders, else the documented default (`docs/pbem.md`).
    StandingOrders,
    /// Held as pending, completed at the top of the owner's next order file.
    Pending,
}

/// Options fixed when the game is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub rules: RuleSet,
    pub tables: TableChoice,
    pub seed: SeedSource,
    pub decisions: DecisionMode,
    /// The last complete turn (16: the game ends after turn 15).
    pub last_turn: u32,
    /// The optional rules chosen (19-23, 31-36), by number. Format 2.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub optional: BTreeSet<u32>,
    /// Every declared reading with the option chosen (`docs/readings.md`). Empty in
    /// format 1: those games are played with the readings of that time.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub readings: BTreeMap<String, String>,
    /// The stops chosen that the rules do not make by themselves (the stop before
    /// odds, `docs/design.md`). Absent from the file when none is chosen.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub stops: BTreeSet<crate::model::step::Stop>,
    /// 38.8: a game of '85 that starts in Cold War, both players having agreed at
    /// `blitz new --cold-war` (37.1). Absent from the file when not chosen, so every
    /// other game keeps its bytes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cold_war: bool,
    /// 32.3: how the defender intercepts (`blitz new --interception`): the exchange
    /// by mail, or his standing interception orders. Absent from the file for the
    /// exchange, so every game made before keeps its bytes.
    #[serde(default, skip_serializing_if = "InterceptionMode::is_exchange")]
    pub interception: InterceptionMode,
    /// 32.3: what a defender who does not answer the stop before odds gets (`blitz new
    /// --no-answer`): the player-turn waits for him, or his fallback standing
    /// interception orders apply. Absent from the file when the turn waits, so every
    /// game made before keeps its bytes.
    #[serde(default, skip_serializing_if = "NoAnswer::waits")]
    pub no_answer: NoAnswer,
    /// 32.31: the routes the missions flew are kept in the state's events, for the turn
    /// map. Set by `blitz new` for a game with rule 32 since release 0.7.0; absent from
    /// the file otherwise, so the games made before replay byte for byte (their maps
    /// draw each flight straight from its base).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flight_routes: bool,
    /// 004: the rules of '85 a game plays beyond those of release 0.7.0 (37-41, 51,
    /// 52.1), by number: 46, 48, 49 and 52 (`docs/state.md`).
    /// Set by `blitz new` for a game of '85 since release 0.8.0; absent from the file
    /// otherwise, so a game of '85 begun before plays on, and replays, as it was begun.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub rules85: BTreeSet<u32>,
}

/// 32.3: what happens when the defender does not answer the interception exchange
/// within the time the players agreed (`air_combat::no_answer`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoAnswer {
    /// The player-turn waits in its step state for his answer, however long.
    #[default]
    Wait,
    /// The mover may resolve the step without him (`[answer] none = true`): the
    /// defender's `[[standing_intercept]]` orders, written in his own files, apply.
    Standing,
}

impl NoAnswer {
    /// The default: the player-turn waits.
    pub fn waits(&self) -> bool {
        *self == NoAnswer::Wait
    }
}

/// 32.3: how the defender's interceptions reach the umpire (optional rule 32).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum InterceptionMode {
    /// The mover's player-turn stops before odds for the defender's `[[intercept]]`.
    #[default]
    Exchange,
    /// The defender's `[[standing_intercept]]` orders, written in his own file, meet
    /// the mover's flights: one mail a player-turn.
    Standing,
}

impl InterceptionMode {
    /// The default: the exchange by mail.
    pub fn is_exchange(&self) -> bool {
        *self == InterceptionMode::Exchange
    }
}

/// The game itself: id, players, options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    pub id: String,
    pub players: BTreeMap<Side, Player>,
    /// Address the umpire's mail is sent from.
    pub sender: String,
    pub options: Options,
    /// SHA-256 of the rule data the game was created with ("board", "counters", "oac",
    /// "tables", "figures", "readings"). Format 2; a command given other data refuses.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
    /// The OpenSSH public key (`ssh-ed25519 AAAA...`) each side registered at `blitz
    /// new`: that side's orders must be signed with it (`docs/pbem.md`, signed orders).
    /// Empty when no side did; absent from the file then.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub keys: BTreeMap<Side, String>,
    /// A value drawn when the game was made (`blitz new --nonce`, hex digits), so
    /// that two games made with the same id, players and keys have different first
    /// states, and orders written (and signed) for one name a state the other never
    /// had (`docs/pbem.md`). Absent from games made before it and from the samples:
    /// their files read and verify as they were written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
}

/// Where the game stands in its sequence of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A side sets up (3.3 Blue first, 3.4 Red).
    SetUp { side: Side },
    /// A player-turn (4.1-4.6).
    Turn { turn: u32, side: Side },
    /// Nobody moves any more.
    Over {
        winner: Option<Side>,
        reason: String,
    },
}

impl Phase {
    /// The player-turn at `sequence` in the game: set-up Blue 0, set-up Red 1, then two
    /// a turn (turn 1 Blue 2, turn 1 Red 3, ...).
    pub fn at_sequence(sequence: u32) -> Phase {
        let side = if sequence % 2 == 0 {
            Side::Blue
        } else {
            Side::Red
        };
        match sequence / 2 {
            0 => Phase::SetUp { side },
            turn => Phase::Turn { turn, side },
        }
    }

    /// Where this player-turn stands in the game's sequence (`None` once it is over).
    pub fn sequence(&self) -> Option<u32> {
        let red = |s: &Side| u32::from(*s == Side::Red);
        match self {
            Phase::SetUp { side } => Some(red(side)),
            Phase::Turn { turn, side } => Some(2 * turn + red(side)),
            Phase::Over { .. } => None,
        }
    }

    /// A label naming the player-turn: "setup-Blue", "3-Red" ("over" once it is over).
    pub fn label(&self) -> String {
        match self {
            Phase::SetUp { side } => format!("setup-{side}"),
            Phase::Turn { turn, side } => format!("{turn}-{side}"),
            Phase::Over { .. } => "over".to_string(),
        }
    }

    /// The player-turn a label names, as [`Phase::label`] writes it.
    pub fn from_label(label: &str) -> Option<Phase> {
        let (turn, side) = label.split_once('-')?;
        let side: Side = side.parse().ok()?;
        match turn {
            "setup" => Some(Phase::SetUp { side }),
            n => Some(Phase::Turn {
                turn: n.parse().ok().filter(|t| *t > 0)?,
                side,
            }),
        }
    }
}

/// Where a counter is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// Not yet in play: set-up or reinforcement still to come (3.3, 6.2).
    Waiting,
    /// On the map (an aircraft on the ground there).
    Map(Hex),
    /// 19.1: in the At Sea Box of a sea zone.
    AtSea(SeaZone),
    /// 30, 32: an aircraft in the air over a hex, between the steps of a player-turn.
    Aloft(Hex),
    /// Eliminated in a player-turn.
    Eliminated { turn: u32, by: Side },
    /// 26.1, 26.3: taken out of play without being lost, among the inactive counters:
    /// a full unit broken down into substitutes, or substitutes recombined (Tournament
    /// Game; never in a Basic Game state).
    Inactive,
}

/// The standing orders a side has given for the opponent's next player-turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct StandingOrders {
    pub lose_first: Vec<UnitId>,
    pub retreat_toward: Option<Hex>,
    pub retreat_prefer: Vec<Hex>,
    pub advance: bool,
    /// 32.3: the standing interception orders, in file order (a game with
    /// [`InterceptionMode::Standing`]); kept until the side writes new ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intercepts: Vec<StandingIntercept>,
}

/// 32.3: "fighters F meet missions over hexes H, or within N hexes of base B".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingIntercept {
    pub units: Vec<UnitId>,
    /// The hexes named; empty when the order names a base.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<Hex>,
    /// A base and the hexes around it (`within`, 0: the base itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<(Hex, u32)>,
}

impl StandingIntercept {
    /// Whether the order meets a flight over `hex`.
    pub fn covers(&self, hex: Hex) -> bool {
        self.hexes.contains(&hex) || self.base.is_some_and(|(b, n)| b.distance(hex) <= n)
    }
}

/// A decision owed by a side (pending-decision games): the rest of a battle result,
/// completed at the top of the owner's next order file (PBEM turn sequence: "complete
/// losses, retreats, and advances from prior player-turn").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who owes the decision.
    pub side: Side,
    /// The battle, named by player-turn and id: "1-Red/A1".
    pub battle: String,
    /// What is owed, in words.
    pub what: String,
    /// The battle's result, written as its code: "DE", "DB2", "EX" (the owner loses or
    /// retreats) or "AE", "AB2" (the owner may advance into the hexes the attacker
    /// vacated).
    #[serde(with = "crate::model::outcome::as_code")]
    pub result: Outcome,
    /// The owner's units of the battle.
    #[serde(default)]
    pub units: Vec<UnitId>,
    /// The hexes the owner's units fought in (vacated when they retreat).
    #[serde(default)]
    pub hexes: Vec<Hex>,
    /// The other side's units of the battle.
    #[serde(default)]
    pub foes: Vec<UnitId>,
    /// The hexes the other side fought from (vacated after AE/AB2).
    #[serde(default)]
    pub foe_hexes: Vec<Hex>,
    /// The attacker's conditional advance, carried out once the hex is vacated.
    #[serde(default)]
    pub foe_advance: Vec<UnitId>,
    /// 25.1: the attacker's advances along paths, carried out once the hex is vacated
    /// (Tournament Game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub foe_paths: Vec<crate::model::av::AvPath>,
    /// 25.1: the hexes the result lets the attacker advance (Tournament Game; 0 when
    /// the BGAT's advance into the vacated hex is all there is).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub foe_advance_hexes: u32,
}

/// A player-turn under way, carried in the state while it is stopped for the other
/// player's answer (a later step): the step it resumes in and everything the steps
/// before it made that the state does not hold (PBEM sequence: "the opponent only
/// needs to be consulted when loss, retreat, or advance results of combat can affect
/// unresolved battles"; the stop before odds, `docs/design.md`). Stored as `resume`:
/// a stop in the battles is written as it was before steps were named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnInProgress {
    /// The step the player-turn resumes in; left out of the file for the battles.
    #[serde(
        default = "crate::model::step::Step::battles",
        skip_serializing_if = "crate::model::step::Step::is_battles"
    )]
    pub at: crate::model::step::Step,
    /// The side asked for its answer in this step.
    pub asks: Side,
    /// The battles still to be fought, in the order written.
    pub battles: Vec<WaitingBattle>,
    /// Decisions owed that can affect no battle still to be fought: they wait for the
    /// owner's next order file, as every owed decision does under `defer`.
    pub deferred: Vec<Pending>,
    /// 16 (B): whether each side kept every enemy home city covered so far.
    pub kept: BTreeMap<Side, bool>,
    /// 5.1-5.2: which side each city hex was friendly to when the player-turn began.
    pub cities_before: BTreeMap<Hex, Option<Side>>,
    /// 21.1: the automatic victories of the player-turn, whose beaten units are
    /// removed and whose units advance after all combat (21.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub avs: Vec<crate::model::av::AvMade>,
    /// 20.35: the beach hexes each unit on an assault hex is to go ashore on after
    /// combat, in the order its `[[sea]]` order prefers them (`ashore`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ashore: BTreeMap<UnitId, Vec<Hex>>,
    /// 003 25.3: the barrages written to follow the battle this step stopped after,
    /// resolved once the decisions asked are carried out, before `battles`; before
    /// odds, the barrages resolved before the first battle (25.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barrages: Vec<WaitingBarrage>,
    /// 14.9: the units removed before combat, with their hexes (before odds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removals: Vec<(UnitId, Hex)>,
    /// 30.42: the strategic bombings, resolved before the battles (before odds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raids: Vec<crate::model::raid::Raid>,
    /// 29.6: the units each minor country's guerrilla loss is taken from first, as the
    /// mover's `[[minor]]` orders name them (before odds).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub minor_first: BTreeMap<crate::board::Country, Vec<UnitId>>,
    /// 29.6-29.7: which side garrisoned every city of each minor country when the
    /// player-turn began (before odds; otherwise found from the stopped state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub garrisons: Option<BTreeMap<(crate::board::Country, Side), bool>>,
    /// The events of the player-turn before the stop, which the rules of its end read
    /// (before odds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    // 32: air combat (optional rule).
    /// 32.3: the mover's air missions the defender may intercept, by hex (before odds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flights: Vec<crate::model::flight::Flight>,
    /// 003 32.35: the defender's fighters that began the player-turn at a base in enemy
    /// ZOC: they intercept nothing in it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barred: Vec<crate::units::UnitId>,
    // 003 23.1: fighters' supply in the opponent's player-turn.
    /// 003 23.1: the defender's fighters cut off from supply at the start of the
    /// player-turn: they fly no combat mission in it (`supply::fighters_cut_off`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupplied: Vec<crate::units::UnitId>,
    // 32.3, 003 32.3, 003 32.34: the wait-out and where returning fighters land.
    /// 003 32.34: the cities friendly to the defender that changed hands in his own
    /// preceding player-turn: no base his returning fighters may land at (written only
    /// in a game of rule 32, when there are some).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub new_bases: BTreeSet<Hex>,
    /// 32.3, 003 32.34: the defender's fighters that waited out, or whose
    /// interception named a base to land at (after his answer).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returns: Vec<crate::model::flight::Return>,
    // 52.6: a player's own damage (BLITZKRIEG '85).
    /// 52.6: the damage the mover applies to, and keeps on, his facilities at the end
    /// of the player-turn.
    #[serde(
        default,
        skip_serializing_if = "crate::model::own_damage::OwnDamage::is_empty"
    )]
    pub own_damage: crate::model::own_damage::OwnDamage,
}

impl TurnInProgress {
    /// 003 32.35, 003 23.1: the defender's fighters that may not intercept in this
    /// player-turn, those barred by enemy ZOC at their base and those cut off from
    /// supply, in id order.
    pub fn grounded_fighters(&self) -> Vec<crate::units::UnitId> {
        let all: BTreeSet<&crate::units::UnitId> =
            self.barred.iter().chain(&self.unsupplied).collect();
        all.into_iter().cloned().collect()
    }
}

/// A battle declared and not yet fought when the player-turn stopped: the attack as
/// written (12-14), without its place in the order file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingBattle {
    pub id: String,
    pub units: Vec<UnitId>,
    pub targets: Vec<Hex>,
    #[serde(default)]
    pub advance: Vec<UnitId>,
    /// 25.1: advances of more than one hex along a path (Tournament Game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advance_path: Vec<crate::model::av::AvPath>,
    #[serde(default)]
    pub lose: Vec<UnitId>,
    #[serde(default)]
    pub retreat: Vec<Hex>,
    #[serde(default)]
    pub stock: Option<String>,
    /// 29.3 with 003 29.3: an attack on an unreduced minor country city that has
    /// liberator units in it (Tournament Game).
    #[serde(default, skip_serializing_if = "is_false")]
    pub city: bool,
    /// 003 25.3: the barrages resolved right after this battle, in the order written
    /// (Tournament Game, `after`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barrages: Vec<WaitingBarrage>,
}

/// 003 25.3: a barrage declared to follow a battle not yet fought, as plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingBarrage {
    pub id: String,
    pub units: Vec<UnitId>,
    pub target: Hex,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<String>,
    /// 52.2-52.3 ('85): the facility bombarded instead of the units in the hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facility: Option<crate::model::raid::RaidTarget>,
}

/// What produced this state: shown again by `blitz report`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct LastTurn {
    pub label: String,
    pub seed_source: String,
    pub seed_value: String,
    pub events: Vec<Event>,
}

/// The whole game at the start of a player-turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub format: u32,
    /// The kind of game (`blitzkrieg`); empty in format 1.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// The umpire release that wrote this state; empty in format 1.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub umpire: String,
    pub game: GameInfo,
    pub phase: Phase,
    /// The step within the player-turn: 0 the mover's orders; a later step is a further
    /// order file of the same player-turn, from either player.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub step: u32,
    /// Every counter in play for this rule set.
    pub units: BTreeMap<UnitId, Place>,
    /// 5.1-5.2: the side each city hex outside its own home country was friendly to at
    /// the start of this player-turn. Home cities are not listed (they follow 5.1).
    pub held: BTreeMap<Hex, Side>,
    pub standing: BTreeMap<Side, StandingOrders>,
    pub pending: Vec<Pending>,
    /// A player-turn stopped for the other player's answer (the `Ask` of `sequence.rs`):
    /// after a battle for decisions asked in a step of their own (reading
    /// `pending-consult = ask`), before its victory check for the decisions owed from
    /// the game's last player-turn, or before odds: what is needed to finish it.
    /// `pending` then holds the decisions asked. `None` at step 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<TurnInProgress>,
    /// 16 (B): consecutive player-turns each side has met condition B.
    pub condition_b: BTreeMap<Side, u32>,
    /// 21.1, 33.2: markers on units in play.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub marks: BTreeMap<UnitId, BTreeSet<UnitMarker>>,
    /// 33.3-33.5: PX, RCX and SRIX counters on the board.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hex_marks: BTreeMap<Hex, BTreeSet<HexMarker>>,
    /// 9.3, 28.1, 28.4: what each side has in hand besides its counters.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pools: BTreeMap<Side, Pools>,
    /// 20.2: the beach invaded in the player-turn that made this state (by the side
    /// that moved in it), which the next mover may not invade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invaded: Option<String>,
    /// 23.5 with 003 23.5: per side, the beach hexes it invaded with units other than
    /// rangers in its own last player-turn, through which it may trace beach supply at
    /// the start of its next one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub beachheads: BTreeMap<Side, BTreeSet<Hex>>,
    /// 29: each minor country no longer neutral, or with a city reduced: its
    /// aggressor, its reduced cities and the aggressor's supply payment (Tournament
    /// Game). Empty, and absent from the file, while every one is neutral.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub minors: BTreeMap<crate::board::Country, crate::model::minor::MinorStatus>,
    /// 30.5: the aircraft in the air on a combat mission, with where each is to land
    /// after all combat (only while a player-turn is stopped in a later step).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub air_landing: BTreeMap<UnitId, crate::model::landing::Landing>,
    /// 003 27.2: per side, the coastal hexes it invaded with rangers alone in its own
    /// last player-turn, through which it may trace beach supply for rangers only at
    /// the start of its next one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ranger_beachheads: BTreeMap<Side, BTreeSet<Hex>>,
    /// PBM ¶2: the seeds that decided the player-turns and steps played so far, each
    /// by its names (`pbem::seed::used`), with the one it decided; a seed named again
    /// is refused. `None` in games begun before seeds were recorded, whose states keep
    /// their bytes (nothing is recorded or refused in them); a new game starts with an
    /// empty record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_used: Option<pbem::seed::used::SeedsUsed>,
    // 34 (weather): appended for optional rule 34.
    /// 34: the weather rolled for each complete-turn from this one on (a turn not
    /// listed is clear). Written only in a game that plays optional rule 34, so the
    /// files of every other game keep their bytes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub weather: BTreeMap<u32, crate::tables::Weather>,
    // 35 (optional rule)
    /// 35.1-35.24: the naval points and state of every sea zone, marked at the start
    /// of this player-turn. Written only in a game that plays rule 35.
    #[serde(
        default,
        skip_serializing_if = "crate::model::ascendancy::Ascendancy::is_empty"
    )]
    pub ascendancy: crate::model::ascendancy::Ascendancy,
    /// 35.1: per side, the factors it invaded with in each sea zone in its own last
    /// player-turn, counted as naval points at the start of its next one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub invading: crate::model::ascendancy::Invading,
    // 36: critical resources.
    /// 36.1: the cities of each critical resource each side had the use of in the
    /// player-turn that wrote this state (the one stopped, if it is), with 36.44's lost
    /// navy, which lasts. Written only in a game that plays optional rule 36.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: crate::model::resources::Uses,
    // 37-41: BLITZKRIEG '85.
    /// 37.2, 38.7: the pre-game purchase (commitments, lists revealed, counters bought
    /// still to place) and the open record of each side's points. Written only in a
    /// game of '85.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purchase: Option<crate::model::purchase::Purchase>,
    // 32.7, 33.7: patrol and patrol/interdiction.
    /// 32.7, 33.7: the aircraft in the air over a patrol hex, kept through the
    /// opponent's player-turn (32.75). Written only when there are some.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub patrols: BTreeMap<UnitId, crate::model::flight::Patrol>,
    // 003 23.1: fighters' supply in the opponent's player-turn.
    /// 003 23.1: the sides whose own player-turn traced supply in this game (rules 23
    /// and 32): their fighters trace again at the start of the enemy's player-turn.
    /// Written only in such games.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub fighter_supply: BTreeSet<Side>,
    // 52: bombardment effect (BLITZKRIEG '85).
    /// 52.4: the light and heavy damage markers on each bombed facility (port,
    /// city-road, city-supply and industry), by hex and facility, with the side that
    /// owns it. Written only while a facility is damaged, in a game of '85.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub damage: BTreeMap<Hex, BTreeMap<HexMarkerKind, crate::marker::Damage>>,
    // 49: airfields (BLITZKRIEG '85).
    /// 49.1-49.5: the airfields on the board and those being built. Written only in a
    /// game of '85 that has some.
    #[serde(
        default,
        skip_serializing_if = "crate::model::airfield::Airfields::is_empty"
    )]
    pub airfields: crate::model::airfield::Airfields,
    // 50.7: air supply (BLITZKRIEG '85).
    /// 50.75: the units supplied by air, each until the end of its side's player-turn
    /// that follows delivery. Written only while some are.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub air_supplied: BTreeMap<UnitId, crate::model::air_supply::AirSupplied>,
    pub chain: Chain,
    pub last: LastTurn,
    /// SHA-256 of this file with this field empty; a mismatch means the file was edited.
    pub integrity: String,
}

/// Why a state file was refused.
pub type StateError = EnvelopeError;

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// 52.4: the marker of the facility `kind` on `hex`.
fn marks_of(
    marks: &BTreeMap<Hex, BTreeSet<HexMarker>>,
    hex: Hex,
    kind: HexMarkerKind,
) -> Option<HexMarker> {
    marks.get(&hex)?.iter().find(|m| m.kind == kind).copied()
}

impl Sealed for GameState {
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

impl GameState {
    /// Writes the state as RON, with its integrity digest filled in. Deterministic.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        pbem::envelope::seal(self)
    }

    /// Reads a state of any format still read, refusing one whose digest does not
    /// match its content or that is not a BLITZKRIEG state.
    pub fn from_ron(src: &str, file: &str) -> Result<GameState, StateError> {
        pbem::envelope::open(src, file, KIND, OLDEST_STATE_FORMAT..=STATE_FORMAT)
    }

    /// The side to move, if the game is not over.
    pub fn mover(&self) -> Option<Side> {
        if let (Some(r), Phase::Turn { .. }) = (&self.resume, &self.phase) {
            return Some(r.asks);
        }
        // 37.21: the side that owes its commitment or its reveal.
        if let (Some(p), Phase::SetUp { .. }) = (&self.purchase, &self.phase) {
            if let Some((side, _)) = p.owes() {
                return Some(side);
            }
            // 38.81: the side that owes its war-start die shift.
            if let Some((side, _)) = p.shifts.as_ref().and_then(|s| s.owes()) {
                return Some(side);
            }
        }
        match self.phase {
            Phase::SetUp { side } | Phase::Turn { side, .. } => Some(side),
            Phase::Over { .. } => None,
        }
    }

    /// The turn number (0 during set-up).
    pub fn turn(&self) -> u32 {
        match self.phase {
            Phase::SetUp { .. } => 0,
            Phase::Turn { turn, .. } => turn,
            Phase::Over { .. } => self.game.options.last_turn,
        }
    }

    /// A label naming the player-turn: "setup-Blue", "3-Red".
    pub fn label(&self) -> String {
        self.phase.label()
    }

    /// A label naming the step a state plays: the player-turn's label, with the step
    /// when it is a later one ("6-Blue", "6-Blue.step1").
    pub fn step_label(&self) -> String {
        if self.step > 0 {
            format!("{}.step{}", self.label(), self.step)
        } else {
            self.label()
        }
    }

    /// The counters in play, as a [`Position`]: on the map, at sea, in the air, with
    /// their markers.
    pub fn position(&self, counters: &Counters) -> Position {
        let mut pos = Position::new();
        let on_map = |place: &Place| match place {
            Place::Map(h) | Place::Aloft(h) => Some(*h),
            _ => None,
        };
        let pieces = self
            .units
            .iter()
            .filter_map(|(id, place)| Some((counters.get(id)?, on_map(place)?)))
            .map(|(c, hex)| Piece {
                id: c.id.clone(),
                side: c.side,
                kind: c.kind,
                hex,
                substitute: c.is_substitute(),
            })
            .collect();
        pos.put_all(pieces);
        for (id, place) in &self.units {
            match (place, counters.get(id)) {
                (Place::Aloft(_), Some(_)) => {
                    pos.set_aloft(id, true);
                }
                (Place::AtSea(zone), Some(c)) => pos.put_to_sea(c, *zone),
                _ => {}
            }
        }
        for (id, marks) in &self.marks {
            for m in marks {
                pos.mark(id, *m);
            }
        }
        for (hex, marks) in &self.hex_marks {
            for m in marks {
                pos.mark_hex(*hex, *m);
            }
        }
        // 52.4: the damage markers, with the facility's marker they keep on the board.
        for (hex, facilities) in &self.damage {
            for (kind, d) in facilities {
                if let Some(m) = marks_of(&self.hex_marks, *hex, *kind) {
                    pos.set_damage(*hex, m, *d);
                }
            }
        }
        // 32.7, 33.7: the aircraft on patrol (their ZOC is counted by the rules'
        // `position_of`).
        for (id, p) in &self.patrols {
            pos.set_patrol(id, Some(*p));
        }
        // 49.3: the airfields, bases of their owners' aircraft.
        pos.set_airfields(self.airfields.owners());
        // 34: only a game that plays rule 34 keeps any weather.
        if let Phase::Turn { turn, .. } = self.phase {
            pos.set_weather(self.weather.get(&turn).copied().unwrap_or_default());
        }
        pos
    }

    /// Writes `pos` back: each counter's place (a counter that left play in this
    /// player-turn is eliminated by `mover` in `turn`, or inactive when it was broken
    /// down or recombined, 26; one that came into play from the inactive counters, a
    /// substitute, is added), and the markers.
    pub fn store_position(&mut self, pos: &Position, turn: u32, mover: Side) {
        for p in pos.pieces() {
            self.units.entry(p.id.clone()).or_insert(Place::Waiting);
        }
        for a in pos.at_sea() {
            self.units.entry(a.id.clone()).or_insert(Place::Waiting);
        }
        for (id, place) in self.units.iter_mut() {
            let now = match (pos.hex_of(id), pos.afloat(id)) {
                (Some(h), _) if pos.is_aloft(id) => Some(Place::Aloft(h)),
                (Some(h), _) => Some(Place::Map(h)),
                (None, Some(a)) => Some(Place::AtSea(a.zone)),
                (None, None) => None,
            };
            match (now, &place) {
                (Some(p), _) => *place = p,
                // 26.1: broken down or recombined, a reinforcement broken down as it was
                // placed too.
                (None, _) if pos.is_retired(id) => *place = Place::Inactive,
                (None, Place::Map(_) | Place::AtSea(_) | Place::Aloft(_)) => {
                    *place = Place::Eliminated { turn, by: mover }
                }
                (None, _) => {}
            }
        }
        self.marks = pos.marks().clone();
        self.hex_marks = pos.hex_marks().clone();
        self.damage = pos.damage().clone();
        // 32.7, 33.7: the aircraft on patrol.
        self.patrols = pos.patrols().clone();
    }

    /// The place of this state in the game's sequence: set-up Blue 0, set-up Red 1,
    /// then two a turn (turn 1 Blue 2, turn 1 Red 3, ...). Used to name game files.
    pub fn sequence(&self) -> u32 {
        self.phase
            .sequence()
            .unwrap_or(2 * (self.game.options.last_turn + 1) + 2)
    }

    /// The stem of this state's files in a game folder: `03-1-red`, `00-setup-blue`.
    /// A later step of a player-turn adds `.step1`, `.step2` ...: `02-1-blue.step1`.
    pub fn file_stem(&self) -> String {
        let step = if self.step > 0 {
            format!(".step{}", self.step)
        } else {
            String::new()
        };
        format!(
            "{:02}-{}{step}",
            self.sequence(),
            self.label().to_ascii_lowercase()
        )
    }

    /// Battles (or barrages, 003 25.3) of a stopped player-turn still to be resolved
    /// in this step: its order file must name a new seed (docs/pbem.md).
    pub fn battles_waiting(&self) -> bool {
        self.resume
            .as_ref()
            .is_some_and(|r| !r.battles.is_empty() || !r.barrages.is_empty() || !r.raids.is_empty())
    }

    /// What the dice of this state's order file are drawn for (docs/dice.md): the
    /// player-turn's label, with `.stepN` in a later step, whose new seed rolls the
    /// battles still to be fought.
    pub fn roll_label(&self) -> String {
        if self.step > 0 {
            format!("{}.step{}", self.label(), self.step)
        } else {
            self.label()
        }
    }

    /// Where a unit is on the map, if it is.
    pub fn hex_of(&self, unit: &UnitId) -> Option<Hex> {
        match self.units.get(unit) {
            Some(Place::Map(h)) => Some(*h),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 4.1-4.6: set-up Blue, set-up Red, then Blue and Red each turn; every label reads
    /// back as the player-turn it names.
    #[test]
    fn sequence_label_and_back() {
        assert_eq!(Phase::at_sequence(0).label(), "setup-Blue");
        assert_eq!(Phase::at_sequence(1).label(), "setup-Red");
        assert_eq!(Phase::at_sequence(2).label(), "1-Blue");
        assert_eq!(Phase::at_sequence(31).label(), "15-Red");
        for n in 0..40 {
            let phase = Phase::at_sequence(n);
            assert_eq!(phase.sequence(), Some(n));
            assert_eq!(Phase::from_label(&phase.label()), Some(phase));
        }
        assert_eq!(Phase::from_label("over"), None);
        assert_eq!(Phase::from_label("0-Blue"), None);
    }
}
