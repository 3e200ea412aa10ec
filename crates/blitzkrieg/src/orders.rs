//! Order files: what a player writes, read in two stages.
//!
//! Stage one ([`parse`]) reads the TOML into [`RawOrders`] (serde, with source spans)
//! and turns every hex and unit name into checked values, collecting *every* problem.
//! The result is [`Orders`]: well-formed, not necessarily legal. Stage two is the
//! engine's: it checks meaning against the state and reports with the same spans.
//! [`Diagnostics`] renders any list of problems with miette, a caret under each.

use crate::board::SeaZone;
use crate::cite::Cite;
use crate::hex::Hex;
use crate::units::{Side, UnitId};
use miette::{Diagnostic, LabeledSpan, SourceSpan};
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// A value with the byte range it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub span: Range<usize>,
}

impl<T> Located<T> {
    pub fn new(value: T, span: Range<usize>) -> Located<T> {
        Located { value, span }
    }
}

impl<T: fmt::Display> fmt::Display for Located<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

// ---------------------------------------------------------------------------
// Stage one: the file as written.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlacement {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    hex: Option<Spanned<String>>,
    /// 19.1: a set-up in the At Sea Box of this zone instead of a hex.
    at_sea: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    path: Option<Vec<Spanned<String>>>,
    to: Option<Spanned<String>>,
    /// 19.3: at the end of the move, to sea in this zone from the port reached.
    to_sea: Option<Spanned<String>>,
    /// 46.4: the transport helicopters carrying the infantry unit moved.
    #[serde(default)]
    by: Vec<Spanned<String>>,
    /// 46.42: the hexes the carried infantry goes on to, on its own, after the flight.
    then: Option<Vec<Spanned<String>>>,
}

/// 19.2: an order for units at sea: sail to an adjacent zone (`to`), or land at a
/// port (`land`) and go on inland along `path`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSea {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    to: Option<Spanned<String>>,
    land: Option<Spanned<String>>,
    /// 20: invade the beach hex named, unopposed (20.4); with `assault`, the vacant
    /// beach hex the units move onto from the assault hex (20.32).
    invade: Option<Spanned<String>>,
    /// 20.31: an opposed invasion from this full sea hex (the assault hex).
    assault: Option<Spanned<String>>,
    /// 20.35: with `assault`, the beach hexes to go ashore on after combat, preferred
    /// first.
    ashore: Option<Vec<Spanned<String>>>,
    path: Option<Vec<Spanned<String>>>,
}

/// 23.4: units to be supplied by air this player-turn.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAirSupply {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    /// 50.7 (BLITZKRIEG '85): the transport aircraft that supplies the units.
    #[serde(default)]
    aircraft: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAir {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    from: Spanned<String>,
    to: Spanned<String>,
    #[serde(default)]
    drop: bool,
    /// 50.5-50.6 (BLITZKRIEG '85): the transport aircraft that carry the units.
    #[serde(default)]
    by: Vec<Spanned<String>>,
    /// 47.33 (BLITZKRIEG '85): the aircraft (or units aboard) the owner loses first.
    #[serde(default)]
    losses: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAv {
    hex: Spanned<String>,
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    #[serde(default)]
    advance: Vec<RawAvAdvance>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAvAdvance {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    path: Spanned<Vec<Spanned<String>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttack {
    id: Spanned<String>,
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    target: Option<Spanned<String>>,
    #[serde(default)]
    targets: Vec<Spanned<String>>,
    #[serde(default)]
    advance: Vec<Spanned<String>>,
    #[serde(default)]
    advance_path: Vec<RawAvAdvance>,
    #[serde(default)]
    lose: Vec<Spanned<String>>,
    #[serde(default)]
    retreat: Vec<Spanned<String>>,
    stock: Option<Spanned<String>>,
    #[serde(default)]
    city: bool,
}

/// 25.2: an artillery barrage on the BBT, declared with the attacks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBarrage {
    id: Spanned<String>,
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    target: Spanned<String>,
    stock: Option<Spanned<String>>,
    /// 003 25.3: the battle this barrage is resolved right after.
    after: Option<Spanned<String>>,
    // 52.2-52.3 ('85): a facility bombarded by artillery or attack helicopters.
    /// 52.2-52.3: the facility bombarded instead of the units (`bombing/barrage.rs`).
    facility: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawStanding {
    #[serde(default)]
    lose_first: Vec<Spanned<String>>,
    retreat_toward: Option<Spanned<String>>,
    #[serde(default)]
    retreat_prefer: Vec<Spanned<String>>,
    #[serde(default)]
    advance: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDecision {
    battle: Spanned<String>,
    #[serde(default)]
    lose: Vec<Spanned<String>>,
    #[serde(default)]
    retreat: Vec<Spanned<String>>,
    #[serde(default)]
    advance: Vec<Spanned<String>>,
}

/// 30.4-30.7: an air mission (`[[mission]]`): bombers fly from their base to `to`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMission {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    kind: Spanned<String>,
    to: Spanned<String>,
    battle: Option<Spanned<String>>,
    land: Option<Spanned<String>>,
    #[serde(default)]
    via: Vec<Spanned<String>>,
    from: Option<Spanned<String>>,
    stock: Option<Spanned<String>>,
    // 33.6: night bombing.
    night: Option<Spanned<bool>>,
    // 32.31: the route flown.
    #[serde(default)]
    route: Vec<Spanned<String>>,
    // 32.5-32.6: a hunt's follow-ups.
    strafe: Option<Spanned<String>>,
    fire_excess: Option<Spanned<bool>>,
    // 003 32.31, 003 33.7: the owner's choice of losses over the hex.
    #[serde(default)]
    losses: Vec<Spanned<String>>,
    // 003 32.5: hunters switching to patrol.
    then_patrol: Option<Spanned<bool>>,
    // 47.21: where an escort joins its bombers (BLITZKRIEG '85).
    join: Option<Spanned<String>>,
}

pub use pbem::seed::SeedSpec;

/// The order file exactly as serde reads it: not necessarily legal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOrders {
    game: Spanned<String>,
    side: Spanned<String>,
    turn: Spanned<u32>,
    state: Spanned<String>,
    seed: Option<Spanned<SeedSpec>>,
    #[serde(default)]
    decision: Vec<RawDecision>,
    #[serde(default)]
    setup: Vec<RawPlacement>,
    #[serde(default)]
    place: Vec<RawPlacement>,
    #[serde(default)]
    air: Vec<RawAir>,
    #[serde(default)]
    air_supply: Vec<RawAirSupply>,
    /// 23.5: the units that take beach supply (`unit` or `units`, as air supply).
    #[serde(default)]
    beach_supply: Vec<RawAirSupply>,
    #[serde(default, rename = "move")]
    moves: Vec<RawMove>,
    #[serde(default)]
    av: Vec<RawAv>,
    #[serde(default)]
    sea: Vec<RawSea>,
    #[serde(default)]
    attack: Vec<RawAttack>,
    #[serde(default)]
    breakdown: Vec<RawBreakdown>,
    #[serde(default)]
    recombine: Vec<RawRecombine>,
    standing: Option<Spanned<RawStanding>>,
    /// 30.4-30.7: air missions (Tournament Game).
    #[serde(default)]
    mission: Vec<RawMission>,
    #[serde(default)]
    barrage: Vec<RawBarrage>,
    #[serde(default)]
    minor: Vec<RawMinor>,
    #[serde(default)]
    replace: Vec<RawReplace>,
    #[serde(default)]
    lake: Vec<RawLake>,
    // 32: air combat (optional rule).
    #[serde(default)]
    intercept: Vec<RawIntercept>,
    /// 32.3: standing interception orders (a game that chose them).
    #[serde(default)]
    standing_intercept: Vec<RawStandingIntercept>,
    /// 32.3, 32.6: the defender's fighters strafing grounded enemy aircraft.
    #[serde(default)]
    strafe: Vec<RawIntercept>,
    // 37-41: BLITZKRIEG '85.
    /// 37.21: the pre-game purchase's commitment or reveal.
    purchase: Option<Spanned<RawPurchase>>,
    // 32.3: a defender who does not answer.
    /// `[answer] none = true`: the stop before odds resolved without his answer.
    answer: Option<RawAnswer>,
    /// 37.12, 38.81: the war-start roll's die shift, committed or revealed.
    war_start: Option<Spanned<RawWarStart>>,
    // 32.3, 003 32.3: the wait-out in a vacant hex.
    #[serde(default)]
    wait_out: Vec<RawWaitOut>,
    // 49: BLITZKRIEG '85's airfields.
    /// 49.1: `[[airfield]] unit = "B-3IN"`: an infantry unit builds one where it stands.
    #[serde(default)]
    airfield: Vec<RawAirfield>,
    /// 49.4: `[[destroy_airfield]] hex = "K20"`: the owner destroys one of his.
    #[serde(default)]
    destroy_airfield: Vec<RawDestroyAirfield>,
    // 52.6: a player's own damage (BLITZKRIEG '85).
    /// 52.6: `[[demolish]] hex, facility, level`: damage a facility one occupies.
    #[serde(default)]
    demolish: Vec<RawDemolish>,
    /// 52.6: `[[keep_damage]] hex, facility`: a level not removed this player-turn.
    #[serde(default)]
    keep_damage: Vec<RawKeepDamage>,
}

/// 52.6: `[[demolish]]`: a facility of a hex the side occupies, and the level of damage
/// it applies to it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDemolish {
    hex: Spanned<String>,
    facility: Spanned<String>,
    level: Spanned<String>,
}

/// 52.6: `[[keep_damage]]`: a damaged facility of the side's whose level is not removed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKeepDamage {
    hex: Spanned<String>,
    facility: Spanned<String>,
}

/// 49.1: `[[airfield]]`: the infantry unit that builds an airfield where it stands.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAirfield {
    unit: Spanned<String>,
}

/// 49.4: `[[destroy_airfield]]`: the hex of an airfield its owner destroys.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDestroyAirfield {
    hex: Spanned<String>,
}

/// 32.3, 003 32.3: `[[wait_out]]`: the defender's fighters flying to a hex with no
/// enemy aircraft to wait out the attack, and the base they land at.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWaitOut {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    hex: Spanned<String>,
    land: Spanned<String>,
}

/// 32.3: `[answer]`, in the mover's file that resolves the stop before odds without
/// the defender's answer (`air_combat::no_answer`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnswer {
    none: Spanned<bool>,
}

/// 38.81: `[war_start]`, a commitment (`commitment`) or a reveal (`salt` and `shift`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWarStart {
    commitment: Option<Spanned<String>>,
    salt: Option<Spanned<String>>,
    shift: Option<Spanned<i64>>,
}

/// 37.21: `[purchase]`, a commitment (`commitment`) or a reveal (`salt` and `buy`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPurchase {
    commitment: Option<Spanned<String>>,
    salt: Option<Spanned<String>>,
    #[serde(default)]
    buy: std::collections::BTreeMap<String, u32>,
}

/// 29.6-29.7: the aggressor's choices for one minor country (Tournament Game).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinor {
    country: Spanned<String>,
    #[serde(default)]
    pay_supply: Option<Spanned<bool>>,
    #[serde(default)]
    lose: Vec<Spanned<String>>,
}

/// 32.3: the defender's fighters meeting the enemy aircraft over a hex.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawIntercept {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    hex: Spanned<String>,
    /// 003 32.34: the base to land at instead of the one taken off from.
    land: Option<Spanned<String>>,
}

/// 32.3: the defender's standing order: fighters meeting missions over hexes, or
/// within `within` hexes of a base.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStandingIntercept {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    #[serde(default)]
    hexes: Vec<Spanned<String>>,
    base: Option<Spanned<String>>,
    #[serde(default)]
    within: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLake {
    unit: Option<Spanned<String>>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    invade: Spanned<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReplace {
    unit: Option<Spanned<String>>,
    hex: Option<Spanned<String>>,
    air_transport: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBreakdown {
    unit: Spanned<String>,
    #[serde(default)]
    into: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecombine {
    units: Spanned<Vec<Spanned<String>>>,
    into: Spanned<String>,
}

// ---------------------------------------------------------------------------
// Stage one's result: checked names, every value with its span.

/// Where units go: a path of hexes (the first may be the start) or only a destination;
/// `Stay` for a move that only puts to sea from the hex the units are in (19.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Path(Vec<Located<Hex>>),
    To(Located<Hex>),
    Stay,
}

/// Set-up (3.3) or reinforcement (6.3) placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub units: Vec<Located<UnitId>>,
    pub hex: Located<Hex>,
}

/// A ground move (7-11): the units move together (11.2) along the route, and with
/// optional rule 19 may then go to sea from the port they reach (19.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub units: Vec<Located<UnitId>>,
    pub route: Route,
    pub span: Range<usize>,
    /// 19.3: the zone whose At Sea Box the units enter at the end of the move.
    pub to_sea: Option<Located<SeaZone>>,
    /// 46.4: the transport helicopters that carry the infantry unit (empty: it moves
    /// on its own).
    pub by: Vec<Located<UnitId>>,
    /// 46.42: the hexes the carried infantry enters on its own after the flight.
    pub then: Vec<Located<Hex>>,
}

/// 19.1: units set up in the At Sea Box of a zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeaPlacement {
    pub units: Vec<Located<UnitId>>,
    pub zone: Located<SeaZone>,
}

/// What an order for units at sea does (19.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeaAction {
    /// Sail to an adjacent zone (19.2, 19.5).
    Sail(Located<SeaZone>),
    /// Land at a port, then go on inland along `path` (the port may be given first;
    /// empty: the units stay in the port).
    Land {
        port: Located<Hex>,
        path: Vec<Located<Hex>>,
    },
    /// 20.1, 20.4: invade a beach unopposed, landing on the beach hex `beach`, then go
    /// on inland along `path` (the beach hex may be given first; empty: the units stay
    /// on the beach hex).
    Invade {
        beach: Located<Hex>,
        path: Vec<Located<Hex>>,
    },
    /// 20.31-20.32: an opposed invasion: the units are placed on the full sea hex `at`
    /// (the assault hex) and, with `beach`, move on onto that vacant beach hex next to
    /// it and stop there (003 20.32); without, they fight from the sea (20.33-20.35).
    /// `ashore`: the beach hexes next to `at` the units are to go ashore on after
    /// combat (20.35), preferred first.
    Assault {
        at: Located<Hex>,
        beach: Option<Located<Hex>>,
        ashore: Vec<Located<Hex>>,
    },
}

/// An order for units at sea (19.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeaOrder {
    pub units: Vec<Located<UnitId>>,
    pub action: SeaAction,
    /// Where the order is written: moves and sea orders are carried out in file order.
    pub span: Range<usize>,
}

/// Air transport (9.3) or airdrop (9.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AirMove {
    pub units: Vec<Located<UnitId>>,
    pub from: Located<Hex>,
    pub to: Located<Hex>,
    pub drop: bool,
    /// 50.5-50.6 (BLITZKRIEG '85): the transport aircraft that carry the units.
    pub by: Vec<Located<UnitId>>,
    /// 47.33 (BLITZKRIEG '85): the transport aircraft shot down first if the flight is
    /// intercepted, named or by a unit aboard, in the owner's order.
    pub losses: Vec<Located<UnitId>>,
}

/// 50.7 (BLITZKRIEG '85): a transport aircraft designated to supply isolated units of
/// one hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AirSupply85 {
    pub aircraft: Located<UnitId>,
    pub units: Vec<Located<UnitId>>,
}

/// An automatic victory (optional rule 21): the units named, already in position,
/// win against the enemy in `hex` during movement; after all combat they may advance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Av {
    pub hex: Located<Hex>,
    pub units: Vec<Located<UnitId>>,
    /// 21.3: the advances after all other combat, each a group of the units moving
    /// along one path that begins with `hex`.
    pub advance: Vec<AvAdvance>,
}

/// 21.3: units of an automatic victory advancing together along `path` (up to 4 hexes,
/// the first the losers' vacated hex); 25.1: the winners of a TGAT battle likewise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AvAdvance {
    pub units: Vec<Located<UnitId>>,
    pub path: Vec<Located<Hex>>,
    /// Where `path` is written.
    pub span: Range<usize>,
}

/// One battle as the attacker declares it (12-14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub id: Located<String>,
    pub units: Vec<Located<UnitId>>,
    /// The hex or hexes attacked (14.2: several defending hexes may be attacked as one).
    pub targets: Vec<Located<Hex>>,
    /// Conditional advance into the vacated hex (up to 3 units).
    pub advance: Vec<Located<UnitId>>,
    /// 25.1 (Tournament Game): conditional advances of more than one hex, each a group
    /// of the battle's units along a path whose first hex is the loser's vacated hex,
    /// as far as the result allows.
    pub advance_path: Vec<AvAdvance>,
    /// Which of his own units the attacker loses first (AE, EX, TGAT factor losses).
    pub lose: Vec<Located<UnitId>>,
    /// Preferred retreat hexes if the attacker must retreat (AB2, AE).
    pub retreat: Vec<Located<Hex>>,
    /// Stock symbol for the stock-sales seed.
    pub stock: Option<Located<String>>,
    /// 29.3 with 003 29.3: the attack is on the unreduced minor country city it
    /// targets, not on the liberator units in it (Tournament Game).
    pub city: bool,
}

/// 25.2-25.3 (Tournament Game): an artillery barrage on the BBT, declared with the
/// attacks: the artillery named fire together on the enemy in `target`, 2 hexes away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barrage {
    pub id: Located<String>,
    pub units: Vec<Located<UnitId>>,
    pub target: Located<Hex>,
    /// Stock symbol for the stock-sales seed.
    pub stock: Option<Located<String>>,
    /// 003 25.3: the id of the `[[attack]]` this barrage is resolved right after;
    /// none: before the first battle.
    pub after: Option<Located<String>>,
    /// 52.2-52.3 ('85): the facility bombarded instead of the units in the hex.
    pub facility: Option<Located<crate::model::raid::RaidTarget>>,
}

/// Standing orders: how this side takes losses and retreats when it is attacked in
/// the opponent's next player-turn.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Standing {
    pub lose_first: Vec<Located<UnitId>>,
    pub retreat_toward: Option<Located<Hex>>,
    pub retreat_prefer: Vec<Located<Hex>>,
    /// Advance into the attacker's vacated hex after AE/AB2 when possible.
    pub advance: bool,
    /// Where the `[standing]` table is written.
    pub span: Range<usize>,
}

/// A decision owed from the opponent's last player-turn (pending-decision games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub battle: Located<String>,
    pub lose: Vec<Located<UnitId>>,
    pub retreat: Vec<Located<Hex>>,
    pub advance: Vec<Located<UnitId>>,
}

/// A well-formed order file: every name checked, nothing yet checked against the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orders {
    pub game: Located<String>,
    pub side: Located<Side>,
    pub turn: Located<u32>,
    pub state: Located<String>,
    pub seed: Option<Located<SeedSpec>>,
    pub decisions: Vec<Decision>,
    pub setup: Vec<Placement>,
    /// 19.1: set-up placements in the At Sea Box of a zone.
    pub setup_at_sea: Vec<SeaPlacement>,
    pub place: Vec<Placement>,
    pub air: Vec<AirMove>,
    /// 23.4: units supplied by air this player-turn (optional rule 23).
    pub air_supply: Vec<Located<UnitId>>,
    /// 50.7: BLITZKRIEG '85's air supply, each by a transport aircraft
    /// (`[[air_supply]]` with `aircraft`).
    pub air_supply85: Vec<AirSupply85>,
    /// 23.5: the units cut off that take beach supply this player-turn, first to last
    /// (optional rules 20 and 23); none named: the first in id order.
    pub beach_supply: Vec<Located<UnitId>>,
    pub moves: Vec<Move>,
    /// Automatic victories (optional rule 21), carried out among the moves in the
    /// order written ([`Orders::ground_orders`]).
    pub avs: Vec<Av>,
    /// 19.2: orders for units at sea.
    pub sea: Vec<SeaOrder>,
    pub attacks: Vec<Attack>,
    /// 26.1: full units broken down into substitutes before movement (Tournament Game).
    pub breakdowns: Vec<Breakdown>,
    /// 26.3: substitutes recombined at the end of movement (Tournament Game).
    pub recombines: Vec<Recombine>,
    pub standing: Option<Standing>,
    /// 30.4-30.7: air missions, in the order written.
    pub missions: Vec<crate::model::mission::Mission>,
    /// 25.2: artillery barrages on the BBT (Tournament Game).
    pub barrages: Vec<Barrage>,
    /// 29.6-29.7: the aggressor's choices for minor countries (Tournament Game).
    pub minors: Vec<MinorOrder>,
    /// 28: replacements taken this player-turn (Tournament Game), in the order written.
    pub replace: Vec<Replacement>,
    /// 27.5: rangers crossing a lake from the city they began the player-turn in.
    pub lake: Vec<LakeCrossing>,
    // 32: air combat (optional rule).
    /// 32.3: the defender's interceptions, in the answer before odds.
    pub intercepts: Vec<Intercept>,
    /// 32.3: the standing interception orders, in file order.
    pub standing_intercepts: Vec<StandingInterceptOrder>,
    /// 32.3, 32.6: the defender's strafing (`[[strafe]]`, units and the airbase hex),
    /// in the answer before odds.
    pub strafes: Vec<Intercept>,
    // 37-41: BLITZKRIEG '85.
    /// 37.21: the pre-game purchase's commitment or reveal (a game of '85).
    pub purchase: Option<PurchaseOrder>,
    // 32.3: a defender who does not answer.
    /// `[answer] none`, as written: the mover resolves the stop before odds without
    /// the defender's answer (`air_combat::no_answer`).
    pub answer: Option<Located<bool>>,
    /// 37.12, 38.81: the war-start roll's die shift (a Cold War game of '85).
    pub war_start: Option<WarStartOrder>,
    // 32.3, 003 32.3: the wait-out in a vacant hex.
    /// `[[wait_out]]`, in the answer before odds, in file order.
    pub wait_outs: Vec<WaitOut>,
    // 49: BLITZKRIEG '85's airfields.
    /// 49.1: the infantry units that build an airfield where they stand.
    pub airfields: Vec<Located<UnitId>>,
    /// 49.4: the airfields their owner destroys at the end of the player-turn.
    pub destroy_airfields: Vec<Located<Hex>>,
    // 52.6: a player's own damage (BLITZKRIEG '85, `bombing/own.rs`).
    /// 52.6: the facilities the side damages at the end of its player-turn.
    pub demolish: Vec<Demolish>,
    /// 52.6: the side's damaged facilities whose level it does not remove.
    pub keep_damage: Vec<KeepDamage>,
}

/// 52.6: `[[demolish]]`: the facility (named as a mission names it) of a hex and the
/// level (`light` or `heavy`) the side applies to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demolish {
    pub hex: Located<Hex>,
    pub facility: Located<String>,
    pub level: Located<String>,
}

/// 52.6: `[[keep_damage]]`: a damaged facility whose level is not removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeepDamage {
    pub hex: Located<Hex>,
    pub facility: Located<String>,
}

/// 32.3, 003 32.3: `[[wait_out]]`: the defender's fighters, the hex they wait out the
/// attack over and the base they land at (003 32.34).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitOut {
    pub units: Vec<Located<UnitId>>,
    pub hex: Located<Hex>,
    pub land: Located<Hex>,
}

/// 38.81: what a side mails for the war-start roll of a Cold War season: the commitment
/// to its die shift, or (once both are in) the shift and the salt it was sealed with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarStartOrder {
    pub span: Range<usize>,
    pub commitment: Option<Located<String>>,
    pub salt: Option<Located<String>>,
    /// -3 to +3 as written (checked against 38.81 when revealed).
    pub shift: Option<Located<i64>>,
}

/// 32.3: `[[intercept]]`: the defender's fighters and the hex of the enemy aircraft
/// they meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intercept {
    pub units: Vec<Located<UnitId>>,
    pub hex: Located<Hex>,
    /// 003 32.34: the base they land at instead of the one they took off from.
    pub land: Option<Located<Hex>>,
}

/// 32.3: `[[standing_intercept]]`: fighters that meet the enemy's missions over the
/// hexes named, or within `within` hexes of `base`, in the enemy's player-turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingInterceptOrder {
    pub span: Range<usize>,
    pub units: Vec<Located<UnitId>>,
    pub hexes: Vec<Located<Hex>>,
    pub base: Option<Located<Hex>>,
    pub within: u32,
}

/// 37.21: what a side mails in the pre-game purchase of BLITZKRIEG '85: the commitment
/// to its list, or (once both are in) the list and the salt it was sealed with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PurchaseOrder {
    pub span: Range<usize>,
    pub commitment: Option<Located<String>>,
    pub salt: Option<Located<String>>,
    /// How many of each counter type, as the price list names them.
    pub buy: std::collections::BTreeMap<String, u32>,
}

/// 29.6-29.7: for one minor country, whether the aggressor pays the factors of 29.7
/// to trace supply into or through it this player-turn (unset: he pays when a route
/// needs the country), and the units its losses (29.6, 29.7) are taken from first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinorOrder {
    pub country: Located<crate::board::Country>,
    pub pay_supply: Option<Located<bool>>,
    pub lose: Vec<Located<UnitId>>,
}

/// 27.5: rangers in a city next to a lake invade the coastal hex `invade` of the lake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LakeCrossing {
    pub units: Vec<Located<UnitId>>,
    pub invade: Located<Hex>,
}

/// 28: one replacement: an inactive substitute counter placed on a hex, or (28.4) half a
/// unit of air transport capacity instead of an aircraft from an aircraft city.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replacement {
    Unit {
        unit: Located<UnitId>,
        hex: Located<Hex>,
    },
    AirTransport(Located<Hex>),
}

/// 26.1, 26.2: a full unit broken down into substitutes of its type whose factors add
/// up to its own: those named in `into`, or (none named) the change made largest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub unit: Located<UnitId>,
    pub into: Vec<Located<UnitId>>,
}

/// 26.3: substitutes in one hex recombined into one inactive counter of their type whose
/// factors are theirs added together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recombine {
    pub units: Vec<Located<UnitId>>,
    pub into: Located<UnitId>,
    /// Where `units` is written.
    pub span: Range<usize>,
}

/// One order of the ground movement, moves and automatic victories as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroundOrder<'a> {
    Move(&'a Move),
    Av(&'a Av),
    Sea(&'a SeaOrder),
}

impl Orders {
    /// The `[[move]]`, `[[av]]` and `[[sea]]` orders in the order they are written in
    /// the file (TOML keeps each kind's order, not the order between kinds; each
    /// order's place in the file does).
    pub fn ground_orders(&self) -> Vec<GroundOrder<'_>> {
        let mut all: Vec<(usize, GroundOrder<'_>)> = self
            .moves
            .iter()
            .map(|m| (m.span.start, GroundOrder::Move(m)))
            .chain(
                self.avs
                    .iter()
                    .map(|a| (a.hex.span.start, GroundOrder::Av(a))),
            )
            .chain(self.sea.iter().map(|o| (o.span.start, GroundOrder::Sea(o))))
            .collect();
        all.sort_by_key(|(at, _)| *at);
        all.into_iter().map(|(_, o)| o).collect()
    }
}

// ---------------------------------------------------------------------------
// Problems.

pub use crate::problems::Problem;

/// "A", "A and B", "A, B and C"; `none` for no name.
pub fn and_list(names: &[String], none: &str) -> String {
    match names.split_last() {
        None => none.to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A problem with where it is and which rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderError {
    pub problem: Problem,
    pub span: Option<Range<usize>>,
    pub unit: Option<UnitId>,
    /// The rule broken, e.g. `cite!("8.2")` or `cite!("Q&A 9.4")`.
    pub rule: Cite,
    /// What to do about this very problem, when it can be told ("did you mean B-1IN?");
    /// else the problem's general hint ([`Problem::hint`]) is shown.
    pub hint: Option<String>,
}

impl OrderError {
    pub fn new(problem: Problem, span: Option<Range<usize>>, rule: Cite) -> OrderError {
        OrderError {
            problem,
            span,
            unit: None,
            rule,
            hint: None,
        }
    }

    /// The same error, with a hint for this very problem.
    pub fn hint(mut self, hint: impl Into<String>) -> OrderError {
        self.hint = Some(hint.into());
        self
    }

    /// What to do about it: this problem's own hint, else its kind's.
    pub fn advice(&self) -> Option<String> {
        self.hint
            .clone()
            .or_else(|| self.problem.hint().map(str::to_string))
    }

    /// The same error, naming the unit it concerns.
    pub fn unit(mut self, unit: &UnitId) -> OrderError {
        self.unit = Some(unit.clone());
        self
    }
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.problem, self.rule.long())
    }
}

// ---------------------------------------------------------------------------
// Stage one.

/// The largest order file read: sixteen times the template of a full turn, and small
/// enough that reading, checking and reporting any file of this size stays well under
/// 50 MB and a second (`pbem::files::MAX_ORDER_BYTES`, the same in every game).
pub const MAX_ORDER_BYTES: usize = pbem::files::MAX_ORDER_BYTES;

/// Reads an order file into [`Orders`], or every problem found.
pub fn parse(src: &str) -> Result<Orders, Vec<OrderError>> {
    match parse_partial(src)? {
        (orders, errs) if errs.is_empty() => Ok(orders),
        (_, errs) => Err(errs),
    }
}

/// Reads an order file as far as it can be read: the orders whose names are readable,
/// with every problem of the others (a hex or unit name that is no name at all). Only a
/// file that is not an order file at all (not TOML, an unknown key) gives no orders.
pub fn parse_partial(src: &str) -> Result<(Orders, Vec<OrderError>), Vec<OrderError>> {
    let raw: RawOrders = toml::from_str(src).map_err(|e| {
        vec![OrderError::new(
            Problem::NotToml(e.message().to_string()),
            e.span(),
            cite!("orders"),
        )]
    })?;
    let mut errs = Vec::new();
    let orders = check_names(raw, &mut errs);
    errs.sort_by_key(|e| e.span.as_ref().map_or(0, |s| s.start));
    Ok((orders, errs))
}

fn hex(s: &Spanned<String>, errs: &mut Vec<OrderError>) -> Option<Located<Hex>> {
    match s.get_ref().parse::<Hex>() {
        Ok(h) => Some(Located::new(h, s.span())),
        Err(e) => {
            errs.push(OrderError::new(
                Problem::BadHex(e.to_string()),
                Some(s.span()),
                cite!("3.1"),
            ));
            None
        }
    }
}

fn hexes(list: &[Spanned<String>], errs: &mut Vec<OrderError>) -> Vec<Located<Hex>> {
    list.iter().filter_map(|s| hex(s, errs)).collect()
}

fn unit(s: &Spanned<String>, errs: &mut Vec<OrderError>) -> Option<Located<UnitId>> {
    match UnitId::new(s.get_ref()) {
        Ok(u) => Some(Located::new(u, s.span())),
        Err(e) => {
            errs.push(OrderError::new(
                Problem::BadUnitName(e),
                Some(s.span()),
                cite!("2.1"),
            ));
            None
        }
    }
}

fn units(list: &[Spanned<String>], errs: &mut Vec<OrderError>) -> Vec<Located<UnitId>> {
    list.iter().filter_map(|s| unit(s, errs)).collect()
}

/// The units of an order; `at` is where to point when none is named.
/// One or several names: `unit = "B-1IN"` or `units = ["B-1IN", "B-2IN"]`.
fn who(
    one: &Option<Spanned<String>>,
    many: &[Spanned<String>],
    at: Range<usize>,
    errs: &mut Vec<OrderError>,
) -> Vec<Located<UnitId>> {
    let mut all: Vec<Located<UnitId>> = one.iter().filter_map(|s| unit(s, errs)).collect();
    all.extend(units(many, errs));
    if one.is_none() && many.is_empty() {
        errs.push(OrderError::new(Problem::NoUnits, Some(at), cite!("7.1")));
    }
    all
}

fn check_names(raw: RawOrders, errs: &mut Vec<OrderError>) -> Orders {
    let side = match raw.side.get_ref().parse::<Side>() {
        Ok(s) => Located::new(s, raw.side.span()),
        Err(_) => {
            errs.push(OrderError::new(
                Problem::BadSide(raw.side.get_ref().clone()),
                Some(raw.side.span()),
                cite!("4.1"),
            ));
            Located::new(Side::Blue, raw.side.span())
        }
    };
    let (setup, setup_at_sea) = set_up_orders(&raw.setup, errs);
    let place = placements(&raw.place, errs);
    let (air_supply85, air_supply75): (Vec<&RawAirSupply>, Vec<&RawAirSupply>) =
        raw.air_supply.iter().partition(|a| a.aircraft.is_some());
    let air_supply = supplied_units(&air_supply75, errs);
    let air_supply85 = air_supply85
        .into_iter()
        .filter_map(|a| {
            let at = a.aircraft.as_ref().map_or(0..0, Spanned::span);
            let aircraft = unit(a.aircraft.as_ref()?, errs)?;
            Some(AirSupply85 {
                aircraft,
                units: who(&a.unit, &a.units, at, errs),
            })
        })
        .collect();
    let beach_supply = supplied_units(&raw.beach_supply.iter().collect::<Vec<_>>(), errs);
    let air = raw
        .air
        .iter()
        .filter_map(|a| {
            let u = who(&a.unit, &a.units, a.from.span(), errs);
            let from = hex(&a.from, errs);
            let to = hex(&a.to, errs);
            Some(AirMove {
                units: u,
                from: from?,
                to: to?,
                drop: a.drop,
                by: units(&a.by, errs),
                losses: units(&a.losses, errs),
            })
        })
        .collect();
    let moves = raw
        .moves
        .iter()
        .filter_map(|m| check_move(m, errs))
        .collect();
    let avs = raw.av.iter().filter_map(|a| check_av(a, errs)).collect();
    let sea = raw.sea.iter().filter_map(|o| sea_order(o, errs)).collect();
    let attacks = raw
        .attack
        .iter()
        .map(|a| {
            let u = who(&a.unit, &a.units, a.id.span(), errs);
            let mut targets: Vec<Located<Hex>> =
                a.target.iter().filter_map(|t| hex(t, errs)).collect();
            targets.extend(hexes(&a.targets, errs));
            if a.target.is_none() && a.targets.is_empty() {
                errs.push(OrderError::new(
                    Problem::NoTarget,
                    Some(a.id.span()),
                    cite!("12.1"),
                ));
            }
            Attack {
                id: Located::new(a.id.get_ref().trim().to_string(), a.id.span()),
                units: u,
                targets,
                advance: units(&a.advance, errs),
                advance_path: advance_groups(&a.advance_path, cite!("25.1"), errs),
                lose: units(&a.lose, errs),
                retreat: hexes(&a.retreat, errs),
                stock: a
                    .stock
                    .as_ref()
                    .map(|s| Located::new(s.get_ref().trim().to_ascii_uppercase(), s.span())),
                city: a.city,
            }
        })
        .collect();
    let breakdowns = raw
        .breakdown
        .iter()
        .filter_map(|b| {
            Some(Breakdown {
                unit: unit(&b.unit, errs)?,
                into: units(&b.into, errs),
            })
        })
        .collect();
    let recombines = raw
        .recombine
        .iter()
        .filter_map(|r| {
            Some(Recombine {
                units: units(r.units.get_ref(), errs),
                into: unit(&r.into, errs)?,
                span: r.units.span(),
            })
        })
        .collect();
    let barrages = raw
        .barrage
        .iter()
        .filter_map(|b| {
            let u = who(&b.unit, &b.units, b.id.span(), errs);
            // 52.2-52.3 ('85): the facility bombarded, named as a mission names it.
            let facility = b.facility.as_ref().and_then(|f| {
                let named = crate::bombing::barrage::facility_of(f.get_ref());
                if named.is_none() {
                    errs.push(OrderError::new(
                        Problem::FacilityUnknown {
                            id: b.id.get_ref().trim().to_string(),
                            facility: f.get_ref().trim().to_string(),
                        },
                        Some(f.span()),
                        cite!("52.3"),
                    ));
                }
                named.map(|t| Located::new(t, f.span()))
            });
            Some(Barrage {
                id: Located::new(b.id.get_ref().trim().to_string(), b.id.span()),
                units: u,
                target: hex(&b.target, errs)?,
                stock: b
                    .stock
                    .as_ref()
                    .map(|s| Located::new(s.get_ref().trim().to_ascii_uppercase(), s.span())),
                after: b
                    .after
                    .as_ref()
                    .map(|a| Located::new(a.get_ref().trim().to_string(), a.span())),
                facility,
            })
        })
        .collect();
    let standing = raw.standing.as_ref().map(|spanned| {
        let s = spanned.get_ref();
        Standing {
            lose_first: units(&s.lose_first, errs),
            retreat_toward: s.retreat_toward.as_ref().and_then(|h| hex(h, errs)),
            retreat_prefer: hexes(&s.retreat_prefer, errs),
            advance: s.advance,
            span: spanned.span(),
        }
    });
    let decisions = raw
        .decision
        .iter()
        .map(|d| Decision {
            battle: Located::new(d.battle.get_ref().trim().to_string(), d.battle.span()),
            lose: units(&d.lose, errs),
            retreat: hexes(&d.retreat, errs),
            advance: units(&d.advance, errs),
        })
        .collect();
    let minors = raw
        .minor
        .iter()
        .filter_map(|m| {
            let name = m.country.get_ref().trim().to_ascii_lowercase();
            let Some(country) = crate::board::Country::minor_named(&name) else {
                errs.push(OrderError::new(
                    Problem::NoSuchMinorCountry(m.country.get_ref().clone()),
                    Some(m.country.span()),
                    cite!("29.1"),
                ));
                return None;
            };
            Some(MinorOrder {
                country: Located::new(country, m.country.span()),
                pay_supply: m
                    .pay_supply
                    .as_ref()
                    .map(|p| Located::new(*p.get_ref(), p.span())),
                lose: units(&m.lose, errs),
            })
        })
        .collect();
    Orders {
        game: Located::new(raw.game.get_ref().trim().to_string(), raw.game.span()),
        side,
        turn: Located::new(*raw.turn.get_ref(), raw.turn.span()),
        state: Located::new(
            raw.state.get_ref().trim().to_ascii_lowercase(),
            raw.state.span(),
        ),
        seed: raw
            .seed
            .map(|s| Located::new(s.get_ref().clone(), s.span())),
        decisions,
        setup,
        setup_at_sea,
        place,
        air,
        air_supply,
        air_supply85,
        beach_supply,
        moves,
        avs,
        sea,
        attacks,
        breakdowns,
        recombines,
        standing,
        barrages,
        minors,
        missions: raw
            .mission
            .iter()
            .filter_map(|m| check_mission(m, errs))
            .collect(),
        replace: replacements(&raw.replace, errs),
        lake: raw
            .lake
            .iter()
            .filter_map(|l| {
                let units = who(&l.unit, &l.units, l.invade.span(), errs);
                hex(&l.invade, errs).map(|invade| LakeCrossing { units, invade })
            })
            .collect(),
        intercepts: intercepts(&raw.intercept, errs),
        strafes: intercepts(&raw.strafe, errs),
        standing_intercepts: raw
            .standing_intercept
            .iter()
            .map(|i| {
                let span = i
                    .units
                    .first()
                    .or(i.unit.as_ref())
                    .or(i.hexes.first())
                    .or(i.base.as_ref())
                    .map_or(0..0, Spanned::span);
                StandingInterceptOrder {
                    units: who(&i.unit, &i.units, span.clone(), errs),
                    hexes: hexes(&i.hexes, errs),
                    base: i.base.as_ref().and_then(|b| hex(b, errs)),
                    within: i.within,
                    span,
                }
            })
            .collect(),
        purchase: raw.purchase.map(|p| {
            let span = p.span();
            let p = p.into_inner();
            PurchaseOrder {
                span,
                commitment: p
                    .commitment
                    .map(|c| Located::new(c.get_ref().trim().to_string(), c.span())),
                salt: p.salt.map(|s| Located::new(s.get_ref().clone(), s.span())),
                buy: p.buy,
            }
        }),
        answer: raw
            .answer
            .map(|a| Located::new(*a.none.get_ref(), a.none.span())),
        war_start: raw.war_start.map(|w| {
            let span = w.span();
            let w = w.into_inner();
            WarStartOrder {
                span,
                commitment: w
                    .commitment
                    .map(|c| Located::new(c.get_ref().trim().to_string(), c.span())),
                salt: w.salt.map(|s| Located::new(s.get_ref().clone(), s.span())),
                shift: w.shift.map(|n| Located::new(*n.get_ref(), n.span())),
            }
        }),
        wait_outs: raw
            .wait_out
            .iter()
            .filter_map(|w| {
                let units = who(&w.unit, &w.units, w.hex.span(), errs);
                let (hex, land) = (hex(&w.hex, errs), hex(&w.land, errs));
                Some(WaitOut {
                    units,
                    hex: hex?,
                    land: land?,
                })
            })
            .collect(),
        airfields: raw
            .airfield
            .iter()
            .filter_map(|a| unit(&a.unit, errs))
            .collect(),
        destroy_airfields: raw
            .destroy_airfield
            .iter()
            .filter_map(|d| hex(&d.hex, errs))
            .collect(),
        demolish: raw
            .demolish
            .iter()
            .filter_map(|d| {
                Some(Demolish {
                    hex: hex(&d.hex, errs)?,
                    facility: text(&d.facility),
                    level: text(&d.level),
                })
            })
            .collect(),
        keep_damage: raw
            .keep_damage
            .iter()
            .filter_map(|k| {
                Some(KeepDamage {
                    hex: hex(&k.hex, errs)?,
                    facility: text(&k.facility),
                })
            })
            .collect(),
    }
}

/// A text field as written, trimmed, with its place in the file.
fn text(s: &Spanned<String>) -> Located<String> {
    Located::new(s.get_ref().trim().to_string(), s.span())
}

/// 30.4-30.7: the names of a `[[mission]]`: its units, kind and hexes.
fn check_mission(
    m: &RawMission,
    errs: &mut Vec<OrderError>,
) -> Option<crate::model::mission::Mission> {
    let u = who(&m.unit, &m.units, m.kind.span(), errs);
    let kind = match crate::model::mission::MissionKind::from_name(m.kind.get_ref()) {
        Some(k) => Some(k),
        None => {
            errs.push(OrderError::new(
                Problem::MissionKind(m.kind.get_ref().clone()),
                Some(m.kind.span()),
                cite!("30.4"),
            ));
            None
        }
    };
    let to = hex(&m.to, errs);
    let land = m.land.as_ref().map(|l| hex(l, errs));
    let via = hexes(&m.via, errs);
    let from = match m.from.as_ref().map(|f| hex(f, errs)) {
        Some(None) => return None,
        Some(Some(h)) => Some(h),
        None => None,
    };
    let land = match land {
        Some(None) => return None,
        Some(Some(h)) => Some(h),
        None => None,
    };
    Some(crate::model::mission::Mission {
        units: u,
        kind: Located::new(kind?, m.kind.span()),
        to: to?,
        battle: m
            .battle
            .as_ref()
            .map(|b| Located::new(b.get_ref().trim().to_string(), b.span())),
        land,
        via,
        from,
        stock: m
            .stock
            .as_ref()
            .map(|s| Located::new(s.get_ref().trim().to_string(), s.span())),
        night: m
            .night
            .as_ref()
            .map(|n| Located::new(*n.get_ref(), n.span())),
        route: hexes(&m.route, errs),
        strafe: match m.strafe.as_ref().map(|h| hex(h, errs)) {
            Some(None) => return None,
            Some(Some(h)) => Some(h),
            None => None,
        },
        fire_excess: m
            .fire_excess
            .as_ref()
            .map(|n| Located::new(*n.get_ref(), n.span())),
        losses: units(&m.losses, errs),
        then_patrol: m
            .then_patrol
            .as_ref()
            .map(|n| Located::new(*n.get_ref(), n.span())),
        join: match m.join.as_ref().map(|h| hex(h, errs)) {
            Some(None) => return None,
            Some(Some(h)) => Some(h),
            None => None,
        },
    })
}

/// 32.3, 32.6: `[[intercept]]` and `[[strafe]]`: units and a hex.
fn intercepts(list: &[RawIntercept], errs: &mut Vec<OrderError>) -> Vec<Intercept> {
    list.iter()
        .filter_map(|i| {
            let units = who(&i.unit, &i.units, i.hex.span(), errs);
            let land = match i.land.as_ref().map(|l| hex(l, errs)) {
                Some(None) => return None,
                Some(Some(h)) => Some(h),
                None => None,
            };
            hex(&i.hex, errs).map(|hex| Intercept { units, hex, land })
        })
        .collect()
}

/// 28: `[[replace]]` orders: `unit` and `hex`, or `air_transport` (the aircraft city).
fn replacements(list: &[RawReplace], errs: &mut Vec<OrderError>) -> Vec<Replacement> {
    list.iter()
        .filter_map(|r| match (&r.unit, &r.hex, &r.air_transport) {
            (Some(u), Some(h), None) => Some(Replacement::Unit {
                unit: unit(u, errs)?,
                hex: hex(h, errs)?,
            }),
            (None, None, Some(city)) => hex(city, errs).map(Replacement::AirTransport),
            _ => {
                let at = [&r.unit, &r.hex, &r.air_transport]
                    .into_iter()
                    .flatten()
                    .map(Spanned::span)
                    .min_by_key(|s| s.start)
                    .unwrap_or(0..0);
                let what = "a [[replace]] names `unit` and `hex`, or `air_transport` alone";
                errs.push(OrderError::new(
                    Problem::NotToml(what.into()),
                    Some(at),
                    cite!("orders"),
                ));
                None
            }
        })
        .collect()
}

/// 21.3, 25.1: advances along paths, each a unit or units and a path that is not empty
/// (`rule` is the advance's paragraph).
fn advance_groups(list: &[RawAvAdvance], rule: Cite, errs: &mut Vec<OrderError>) -> Vec<AvAdvance> {
    list.iter()
        .map(|g| {
            let span = g.path.span();
            if g.path.get_ref().is_empty() {
                errs.push(OrderError::new(
                    Problem::EmptyPath,
                    Some(span.clone()),
                    rule,
                ));
            }
            AvAdvance {
                units: who(&g.unit, &g.units, span.clone(), errs),
                path: hexes(g.path.get_ref(), errs),
                span,
            }
        })
        .collect()
}

fn check_av(a: &RawAv, errs: &mut Vec<OrderError>) -> Option<Av> {
    let units = who(&a.unit, &a.units, a.hex.span(), errs);
    let advance = advance_groups(&a.advance, cite!("21.3"), errs);
    Some(Av {
        hex: hex(&a.hex, errs)?,
        units,
        advance,
    })
}

/// 6.3: `[[place]]` orders; a reinforcement enters in a city, never at sea (19.3: it may
/// go to sea from a port in the player-turn it enters, with a `[[move]]`).
fn placements(list: &[RawPlacement], errs: &mut Vec<OrderError>) -> Vec<Placement> {
    list.iter()
        .filter_map(|p| {
            if let Some(z) = &p.at_sea {
                errs.push(OrderError::new(
                    Problem::NotNow {
                        what: "`at_sea` in [[place]]".into(),
                        why: "reinforcements enter in a friendly home city (6.3); a [[move]] with `to_sea` takes them to sea from a port in the same player-turn".into(),
                    },
                    Some(z.span()),
                    cite!("19.3"),
                ));
            }
            let Some(h) = &p.hex else {
                let at = [&p.at_sea, &p.unit]
                    .into_iter()
                    .flatten()
                    .chain(p.units.first())
                    .map(Spanned::span)
                    .min_by_key(|s| s.start)
                    .unwrap_or(0..0);
                errs.push(OrderError::new(
                    Problem::NotToml("missing field `hex` in [[place]]".into()),
                    Some(at),
                    cite!("orders"),
                ));
                return None;
            };
            let u = who(&p.unit, &p.units, h.span(), errs);
            hex(h, errs).map(|h| Placement { units: u, hex: h })
        })
        .collect()
}

/// 3.3, 3.4, 19.1: `[[setup]]` orders, on a hex or in a zone's At Sea Box.
fn set_up_orders(
    list: &[RawPlacement],
    errs: &mut Vec<OrderError>,
) -> (Vec<Placement>, Vec<SeaPlacement>) {
    let mut on_map = Vec::new();
    let mut at_sea = Vec::new();
    for p in list {
        match (&p.hex, &p.at_sea) {
            (Some(h), None) => {
                let u = who(&p.unit, &p.units, h.span(), errs);
                if let Some(h) = hex(h, errs) {
                    on_map.push(Placement { units: u, hex: h });
                }
            }
            (None, Some(z)) => {
                let u = who(&p.unit, &p.units, z.span(), errs);
                if let Some(z) = zone(z, errs) {
                    at_sea.push(SeaPlacement { units: u, zone: z });
                }
            }
            (h, z) => {
                let at = h.as_ref().or(z.as_ref()).map_or(0..0, Spanned::span);
                let at = p
                    .unit
                    .as_ref()
                    .or(p.units.first())
                    .map_or(at, Spanned::span);
                errs.push(OrderError::new(Problem::SetupWhere, Some(at), cite!("3.3")));
            }
        }
    }
    (on_map, at_sea)
}

/// 19.1: a zone as written, one letter (any case); whether the board has it is the
/// engine's question.
fn zone(s: &Spanned<String>, errs: &mut Vec<OrderError>) -> Option<Located<SeaZone>> {
    let text = s.get_ref().trim();
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            Some(Located::new(c.to_ascii_uppercase(), s.span()))
        }
        _ => {
            errs.push(OrderError::new(
                Problem::BadZone(text.to_string()),
                Some(s.span()),
                cite!("19.1"),
            ));
            None
        }
    }
}

/// 19.2, 20: an order for units at sea: `to` a zone, `land` at a port or `invade` a
/// beach hex with an optional `path` on from there, or `assault` from a sea hex.
fn sea_order(o: &RawSea, errs: &mut Vec<OrderError>) -> Option<SeaOrder> {
    let at = [&o.to, &o.land, &o.invade, &o.assault, &o.unit]
        .into_iter()
        .flatten()
        .chain(o.units.first())
        .map(Spanned::span)
        .min_by_key(|s| s.start)
        .unwrap_or(0..0);
    let units = who(&o.unit, &o.units, at.clone(), errs);
    let path = |errs: &mut Vec<OrderError>| {
        o.path
            .as_deref()
            .map(|p| hexes(p, errs))
            .unwrap_or_default()
    };
    if o.ashore.is_some() && o.assault.is_none() {
        errs.push(OrderError::new(
            Problem::SeaOrderShape,
            Some(at),
            cite!("20.35"),
        ));
        return None;
    }
    let action = match (&o.to, &o.land, &o.invade, &o.assault) {
        (Some(z), None, None, None) if o.path.is_none() => SeaAction::Sail(zone(z, errs)?),
        (None, Some(p), None, None) => SeaAction::Land {
            port: hex(p, errs)?,
            path: path(errs),
        },
        (None, None, Some(b), None) => SeaAction::Invade {
            beach: hex(b, errs)?,
            path: path(errs),
        },
        (None, None, b, Some(a)) => {
            if let Some(p) = &o.path {
                let span = p.first().map_or(a.span(), Spanned::span);
                errs.push(OrderError::new(
                    Problem::OpposedPath,
                    Some(span),
                    cite!("003 20.32"),
                ));
                return None;
            }
            let beach = match b {
                Some(b) => Some(hex(b, errs)?),
                None => None,
            };
            let ashore = o
                .ashore
                .as_deref()
                .map(|p| hexes(p, errs))
                .unwrap_or_default();
            if beach.is_some() && !ashore.is_empty() {
                errs.push(OrderError::new(
                    Problem::SeaOrderShape,
                    Some(at),
                    cite!("20.32"),
                ));
                return None;
            }
            SeaAction::Assault {
                at: hex(a, errs)?,
                beach,
                ashore,
            }
        }
        _ => {
            errs.push(OrderError::new(
                Problem::SeaOrderShape,
                Some(at),
                cite!("19.2"),
            ));
            return None;
        }
    };
    Some(SeaOrder {
        units,
        action,
        span: at,
    })
}

/// 23.4, 23.5: the units named by `[[air_supply]]` or `[[beach_supply]]` orders, in the
/// order written.
fn supplied_units(raw: &[&RawAirSupply], errs: &mut Vec<OrderError>) -> Vec<Located<UnitId>> {
    raw.iter()
        .flat_map(|a| {
            let at = a
                .unit
                .as_ref()
                .or(a.units.first())
                .map_or(0..0, Spanned::span);
            who(&a.unit, &a.units, at, errs)
        })
        .collect()
}

fn check_move(m: &RawMove, errs: &mut Vec<OrderError>) -> Option<Move> {
    let at =
        m.to.as_ref()
            .map(|t| t.span())
            .or_else(|| m.path.as_ref().and_then(|p| p.first()).map(|p| p.span()))
            .or_else(|| m.unit.as_ref().map(|u| u.span()))
            .or_else(|| m.units.first().map(|u| u.span()))
            .or_else(|| m.to_sea.as_ref().map(|z| z.span()))
            .unwrap_or(0..0);
    let u = who(&m.unit, &m.units, at.clone(), errs);
    let to_sea = match &m.to_sea {
        Some(z) => Some(zone(z, errs)?),
        None => None,
    };
    let route = match (&m.path, &m.to) {
        (Some(p), None) if p.is_empty() => {
            errs.push(OrderError::new(
                Problem::EmptyPath,
                Some(at.clone()),
                cite!("7.2"),
            ));
            return None;
        }
        (Some(p), None) => Route::Path(hexes(p, errs)),
        (None, Some(t)) => Route::To(hex(t, errs)?),
        (None, None) if to_sea.is_some() => Route::Stay,
        _ => {
            errs.push(OrderError::new(
                Problem::RouteAmbiguous,
                Some(at.clone()),
                cite!("7.2"),
            ));
            return None;
        }
    };
    Some(Move {
        units: u,
        route,
        span: at,
        to_sea,
        by: units(&m.by, errs),
        then: m.then.as_ref().map(|p| hexes(p, errs)).unwrap_or_default(),
    })
}

// ---------------------------------------------------------------------------
// Rendering.

/// At most this many problems are rendered; the count of the others is given
/// ([`pbem::problems`], the same for every game).
pub use pbem::problems::MAX_SHOWN;

/// At most this many bytes of a line are shown before and after the start of a
/// problem; a longer line is cut, with `…` where it was cut.
const WINDOW_BEFORE: usize = 60;
const WINDOW_AFTER: usize = 120;

/// Every problem of one file, ready for miette to render with carets.
#[derive(Debug)]
pub struct Diagnostics {
    pub file: String,
    pub source: String,
    pub errors: Vec<OrderError>,
    /// Where each line of `source` is in the file the player has (1-based, by
    /// `source`'s line): orders taken from a mail body are numbered as the lines of
    /// the mail. Empty: the source's own numbering.
    pub lines: Vec<usize>,
}

/// The few lines around one problem, cut to a window, with where they sit in the file:
/// what miette is given instead of the whole file, so rendering a problem costs the
/// same however long the file or its lines are.
#[derive(Debug)]
struct Snippet {
    file: String,
    text: String,
    /// The line (0-based) of the snippet's first line in the file.
    first_line: usize,
    /// The snippet line (0-based) holding the problem.
    main_line: usize,
    /// The column (0-based, in characters) of the problem in its line of the file.
    main_column: usize,
}

impl miette::SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        // The label's own span is read without context: its column is the file's.
        let column = if before == 0 && after == 0 && inner.line() == self.main_line {
            self.main_column
        } else {
            inner.column()
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.file.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count(),
        )))
    }
}

/// One problem as miette sees it.
#[derive(Debug)]
struct OneDiagnostic {
    error: OrderError,
    /// The span within the snippet.
    span: Option<Range<usize>>,
    source: Snippet,
    location: String,
}

impl fmt::Display for OneDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.error.problem)
    }
}

impl std::error::Error for OneDiagnostic {}

impl Diagnostic for OneDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.error.rule.long()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let unit = self
            .error
            .unit
            .as_ref()
            .map(|u| format!("unit {u}; see {}", self.error.rule.long()));
        match (self.error.advice(), unit) {
            (Some(h), Some(u)) => Some(Box::new(format!("{h}\n{u}"))),
            (Some(h), None) => Some(Box::new(h)),
            (None, Some(u)) => Some(Box::new(u)),
            (None, None) => None,
        }
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.span.as_ref().map(|_| &self.source as _)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span.clone()?;
        let label =
            LabeledSpan::new_with_span(Some(self.error.rule.long()), SourceSpan::from(span));
        Some(Box::new(std::iter::once(label)))
    }
}

/// 1-based line and column of byte offset `at` in `src`.
pub fn line_col(src: &str, at: usize) -> (usize, usize) {
    let mut cursor = Cursor::default();
    cursor.advance(src, at)
}

/// A position walked forward through a text once: the line and column of offsets
/// given in increasing order cost, all together, one pass over the text.
#[derive(Clone, Debug, Default)]
struct Cursor {
    /// Byte offset reached.
    at: usize,
    /// 0-based line of `at`.
    line: usize,
    /// Byte offset where that line starts.
    line_start: usize,
    /// 0-based column (in characters) of `at`.
    column: usize,
}

impl Cursor {
    /// Moves to `to` (clamped to the text, back to a character boundary; never
    /// backwards) and returns its 1-based line and column.
    fn advance(&mut self, src: &str, to: usize) -> (usize, usize) {
        let to = floor_boundary(src, to).max(self.at);
        let skipped = src.get(self.at..to).unwrap_or("");
        match skipped.rfind('\n') {
            Some(last) => {
                self.line += skipped.bytes().filter(|b| *b == b'\n').count();
                self.line_start = self.at + last + 1;
                self.column = src
                    .get(self.line_start..to)
                    .map_or(0, |s| s.chars().count());
            }
            None => self.column += skipped.chars().count(),
        }
        self.at = to;
        (self.line + 1, self.column + 1)
    }
}

/// The largest character boundary at or before `at` (the text's end past it).
fn floor_boundary(src: &str, at: usize) -> usize {
    let mut at = at.min(src.len());
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest character boundary at or after `at` (the text's end past it).
fn ceil_boundary(src: &str, at: usize) -> usize {
    let mut at = at.min(src.len());
    while !src.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// The line starting at `start`, as its end offset (before the line feed).
fn line_end(src: &str, start: usize) -> usize {
    src.get(start..)
        .and_then(|s| s.find('\n'))
        .map_or(src.len(), |i| start + i)
}

/// At most `max` bytes of the start of a line, cut at a character boundary.
fn head_of_line(line: &str, max: usize) -> String {
    if line.len() <= max {
        line.to_string()
    } else {
        format!("{}…", &line[..floor_boundary(line, max)])
    }
}

impl Diagnostics {
    pub fn new(file: &str, source: &str, errors: Vec<OrderError>) -> Diagnostics {
        Diagnostics {
            file: file.to_string(),
            source: source.to_string(),
            errors,
            lines: Vec::new(),
        }
    }

    /// The same, numbering the lines as `lines` says (see [`Diagnostics::lines`]).
    pub fn numbered(mut self, lines: &[usize]) -> Diagnostics {
        self.lines = lines.to_vec();
        self
    }

    /// The line the player sees for line `line` (1-based) of the source.
    fn shown_line(&self, line: usize) -> usize {
        line.checked_sub(1)
            .and_then(|i| self.lines.get(i))
            .copied()
            .unwrap_or(line)
    }

    /// "file:line:col" for an error (just the file when it has no span).
    pub fn location(&self, e: &OrderError) -> String {
        match &e.span {
            Some(s) => {
                let (l, c) = line_col(&self.source, s.start);
                format!("{}:{}:{c}", self.file, self.shown_line(l))
            }
            None => self.file.clone(),
        }
    }

    /// The snippet around a span starting on the cursor's line, and the span in it.
    fn snippet(&self, cursor: &Cursor, span: &Range<usize>) -> (Snippet, Range<usize>) {
        let src = self.source.as_str();
        let start = cursor.at;
        let line_start = cursor.line_start;
        let end_of_line = line_end(src, start);
        // A CRLF file's lines are shown without their CR, which would count as a line
        // of its own and number the lines after it wrong.
        let end_of_text = end_of_line - usize::from(src[..end_of_line].ends_with('\r'));
        let from = floor_boundary(src, start.saturating_sub(WINDOW_BEFORE)).max(line_start);
        let to = ceil_boundary(src, start.saturating_add(WINDOW_AFTER))
            .min(end_of_text)
            .max(start);
        let cut_before = from > line_start;
        let cut_after = to < end_of_text;
        let mut text = String::new();
        let mut main_line = 0;
        if line_start > 0 {
            let prev_start = src[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
            text.push_str(&head_of_line(
                src[prev_start..line_start - 1].trim_end_matches('\r'),
                WINDOW_AFTER,
            ));
            text.push('\n');
            main_line = 1;
        }
        if cut_before {
            text.push('…');
        }
        let offset = text.len();
        text.push_str(&src[from..to]);
        if cut_after {
            text.push('…');
        }
        if end_of_line < src.len() {
            let next_start = end_of_line + 1;
            let next = src[next_start..line_end(src, next_start)].trim_end_matches('\r');
            text.push('\n');
            text.push_str(&head_of_line(next, WINDOW_AFTER));
        }
        let span_end = span.end.clamp(start, to);
        let inner = offset + (start - from)..offset + (span_end - from);
        let snippet = Snippet {
            file: self.file.clone(),
            text,
            first_line: cursor.line - main_line,
            main_line,
            main_column: cursor.column,
        };
        (snippet, inner)
    }

    /// Renders the problems, rustc style, in file order, the first [`MAX_SHOWN`] of
    /// them with the count of the others. `color` for a terminal. Each problem shows
    /// only its line (cut to a window) and the lines either side, so the time is one
    /// pass over the file plus a little per problem shown.
    pub fn render(&self, color: bool) -> String {
        let handler = if color {
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode())
        } else {
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        }
        .with_width(100);
        let mut errors: Vec<&OrderError> = self.errors.iter().collect();
        errors.sort_by_key(|e| e.span.as_ref().map_or(0, |s| s.start));
        let mut cursor = Cursor::default();
        let mut out = String::new();
        for e in errors.iter().take(MAX_SHOWN) {
            let (location, snippet, span) = match &e.span {
                Some(s) => {
                    let (l, c) = cursor.advance(&self.source, s.start);
                    let (mut snippet, span) = self.snippet(&cursor, s);
                    let shown = self.shown_line(l);
                    snippet.first_line = (snippet.first_line + shown).saturating_sub(l);
                    (format!("{}:{shown}:{c}", self.file), snippet, Some(span))
                }
                None => (
                    self.file.clone(),
                    Snippet {
                        file: self.file.clone(),
                        text: String::new(),
                        first_line: 0,
                        main_line: 0,
                        main_column: 0,
                    },
                    None,
                ),
            };
            let d = OneDiagnostic {
                error: (*e).clone(),
                span,
                source: snippet,
                location,
            };
            if handler.render_report(&mut out, &d).is_err() {
                out.push_str(&format!("{d}\n"));
            }
            out.push('\n');
        }
        if let Some(line) = pbem::problems::not_shown(self.errors.len()) {
            out.push_str(&line);
            out.push_str("\n\n");
        }
        out.push_str(&format!(
            "{} problem{} in {}\n",
            self.errors.len(),
            if self.errors.len() == 1 { "" } else { "s" },
            self.file
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "game = \"g\"\nside = \"blue\"\nturn = 1\nstate = \"ab\"\n";

    #[test]
    fn a_good_file_reads() {
        let src = format!(
            "{HEADER}[seed]\nsource = \"drand\"\nround = 5\n\n[[move]]\nunits = [\"b-1in\", \"B-2IN\"]\npath = [\"c3\", \"C4\"]\n\n[[move]]\nunit = \"B-3AR\"\nto = \"D5\"\n\n[[attack]]\nid = \"A1\"\nunits = [\"B-1IN\"]\ntarget = \"D4\"\nadvance = [\"B-1IN\"]\n"
        );
        let o = parse(&src).unwrap();
        assert_eq!(o.side.value, Side::Blue);
        assert_eq!(o.moves.len(), 2);
        assert_eq!(o.moves[0].units[0].value.as_str(), "B-1IN");
        assert!(matches!(&o.moves[1].route, Route::To(h) if h.value.to_string() == "D5"));
        assert_eq!(o.attacks[0].targets[0].value.to_string(), "D4");
        assert_eq!(o.seed.unwrap().value.round, Some(5));
    }

    #[test]
    fn every_bad_name_is_reported_at_once() {
        let src = format!(
            "{HEADER}[[move]]\nunits = [\"B 1\"]\npath = [\"C3\", \"Q\"]\n\n[[place]]\nunit = \"B-5IN\"\nhex = \"ABC1\"\n"
        );
        let errs = parse(&src).unwrap_err();
        assert_eq!(errs.len(), 3, "{errs:?}");
        let (line, col) = line_col(&src, errs[0].span.clone().unwrap().start);
        assert_eq!((line, col), (6, 10));
    }

    /// 21: `[[av]]` orders are played among the `[[move]]` orders in the order written,
    /// whichever way the file groups them; an advance may be written inline or as
    /// `[[av.advance]]`.
    #[test]
    fn moves_and_automatic_victories_keep_the_order_written() {
        let src = format!(
            "{HEADER}[[move]]\nunit = \"B-1AR\"\nto = \"I9\"\n\n[[av]]\nhex = \"J10\"\nunits = [\"B-1AR\"]\n\n[[move]]\nunit = \"B-3IN\"\nto = \"L10\"\n\n[[av]]\nhex = \"K12\"\nunits = [\"B-4IN\", \"B-5IN\"]\n\n[[av.advance]]\nunit = \"B-4IN\"\npath = [\"K12\"]\n\n[[av.advance]]\nunit = \"B-5IN\"\npath = [\"K12\", \"L12\"]\n"
        );
        let o = parse(&src).unwrap_or_else(|e| panic!("{e:?}"));
        let kinds: Vec<String> = o
            .ground_orders()
            .iter()
            .map(|g| match g {
                GroundOrder::Move(m) => format!("move {}", m.units[0]),
                GroundOrder::Av(a) => format!("av {}", a.hex),
                GroundOrder::Sea(o) => format!("sea {}", o.units[0]),
            })
            .collect();
        assert_eq!(kinds, ["move B-1AR", "av J10", "move B-3IN", "av K12"]);
        let mixed = format!("{HEADER}[[sea]]\nunit = \"B-5IN\"\nto = \"A\"\n\n[[move]]\nunit = \"B-1AR\"\npath = [\"J8\", \"J9\"]\n\n[[sea]]\nunit = \"B-6IN\"\nto = \"B\"\n");
        let m = parse(&mixed).unwrap_or_else(|e| panic!("{e:?}"));
        let kinds: Vec<String> = m
            .ground_orders()
            .iter()
            .map(|g| match g {
                GroundOrder::Move(m) => format!("move {}", m.units[0]),
                GroundOrder::Av(a) => format!("av {}", a.hex),
                GroundOrder::Sea(o) => format!("sea {}", o.units[0]),
            })
            .collect();
        assert_eq!(
            kinds,
            ["sea B-5IN", "move B-1AR", "sea B-6IN"],
            "19: in the order written"
        );
        assert_eq!(o.avs[1].advance.len(), 2);
        assert_eq!(o.avs[1].advance[1].path.len(), 2);
        let empty = format!("{HEADER}[[av]]\nhex = \"J10\"\nunit = \"B-1AR\"\nadvance = [{{ unit = \"B-1AR\", path = [] }}]\n");
        let errs = parse(&empty).unwrap_err();
        assert!(matches!(errs[0].problem, Problem::EmptyPath), "{errs:?}");
    }

    #[test]
    fn a_truncated_file_is_not_toml() {
        let errs = parse("game = \"g\"\nside = ").unwrap_err();
        assert!(matches!(errs[0].problem, Problem::NotToml(_)));
    }

    /// 19.1-19.3: the sea orders as written: a set-up at sea, a move that ends at sea
    /// (with a route or without), a sail and a landing with its path on.
    #[test]
    fn sea_orders_read() {
        let src = format!(
            "{HEADER}[[setup]]\nunits = [\"B-1IN\"]\nat_sea = \" b \"\n\n[[move]]\nunit = \"B-2IN\"\nto_sea = \"A\"\n\n[[move]]\nunit = \"B-3IN\"\nto = \"C20\"\nto_sea = \"B\"\n\n[[sea]]\nunit = \"B-4IN\"\nto = \"c\"\n\n[[sea]]\nunit = \"B-5IN\"\nland = \"C20\"\npath = [\"D20\"]\n"
        );
        let o = parse(&src).unwrap();
        assert_eq!(o.setup_at_sea[0].zone.value, 'B');
        assert!(o.setup.is_empty());
        assert_eq!(o.moves[0].route, Route::Stay);
        assert_eq!(o.moves[0].to_sea.as_ref().map(|z| z.value), Some('A'));
        assert!(matches!(&o.moves[1].route, Route::To(h) if h.value.to_string() == "C20"));
        assert!(matches!(&o.sea[0].action, SeaAction::Sail(z) if z.value == 'C'));
        assert!(
            matches!(&o.sea[1].action, SeaAction::Land { port, path } if port.value.to_string() == "C20" && path.len() == 1)
        );
        assert!(o.sea[0].span.start < o.sea[1].span.start);
    }

    /// 20.31-20.32, 20.35: an assault names its assault hex, and either the vacant
    /// beach hex it moves on to or the beach hexes to go ashore on after combat.
    #[test]
    fn assault_orders_read() {
        let src = format!(
            "{HEADER}[[sea]]\nunit = \"B-1IN\"\nassault = \"FFF56\"\ninvade = \"EEE55\"\n\n[[sea]]\nunit = \"B-2IN\"\nassault = \"FFF56\"\nashore = [\"GGG56\", \"FFF55\"]\n"
        );
        let o = parse(&src).unwrap();
        let hex = |h: &Located<Hex>| h.value.to_string();
        match (&o.sea[0].action, &o.sea[1].action) {
            (
                SeaAction::Assault {
                    at,
                    beach: Some(beach),
                    ashore,
                },
                SeaAction::Assault {
                    beach: None,
                    ashore: prefer,
                    ..
                },
            ) => {
                assert_eq!((hex(at), hex(beach)), ("FFF56".into(), "EEE55".into()));
                assert!(ashore.is_empty());
                let prefer: Vec<String> = prefer.iter().map(hex).collect();
                assert_eq!(prefer, ["GGG56", "FFF55"]);
            }
            other => panic!("{other:?}"),
        }
    }

    /// 19.1, 19.2: a sea order or set-up that says too much or too little, or a zone
    /// that is no letter, is pointed at.
    #[test]
    fn malformed_sea_orders_are_named() {
        let cases = [
            ("[[sea]]\nunit = \"B-1IN\"\n", Problem::SeaOrderShape),
            (
                "[[sea]]\nunit = \"B-1IN\"\nto = \"A\"\nland = \"C20\"\n",
                Problem::SeaOrderShape,
            ),
            (
                "[[sea]]\nunit = \"B-1IN\"\nto = \"A\"\npath = [\"C20\"]\n",
                Problem::SeaOrderShape,
            ),
            (
                "[[setup]]\nunit = \"B-1IN\"\nhex = \"C20\"\nat_sea = \"B\"\n",
                Problem::SetupWhere,
            ),
            ("[[setup]]\nunit = \"B-1IN\"\n", Problem::SetupWhere),
            (
                "[[sea]]\nunit = \"B-1IN\"\nto = \"AB\"\n",
                Problem::BadZone("AB".into()),
            ),
            (
                "[[move]]\nunit = \"B-1IN\"\nto_sea = \"7\"\n",
                Problem::BadZone("7".into()),
            ),
            (
                "[[sea]]\nunit = \"B-1IN\"\nassault = \"FFF56\"\ninvade = \"EEE55\"\npath = [\"EEE55\"]\n",
                Problem::OpposedPath,
            ),
            (
                "[[sea]]\nunit = \"B-1IN\"\nassault = \"FFF56\"\ninvade = \"EEE55\"\nashore = [\"EEE55\"]\n",
                Problem::SeaOrderShape,
            ),
            (
                "[[sea]]\nunit = \"B-1IN\"\ninvade = \"EEE55\"\nashore = [\"EEE55\"]\n",
                Problem::SeaOrderShape,
            ),
        ];
        for (body, want) in cases {
            let errs = parse(&format!("{HEADER}{body}")).unwrap_err();
            assert_eq!(errs.len(), 1, "{body}: {errs:?}");
            assert_eq!(errs[0].problem, want, "{body}");
            assert!(errs[0].span.is_some(), "{body}");
        }
        let errs = parse(&format!(
            "{HEADER}[[place]]\nunit = \"B-1IN\"\nat_sea = \"B\"\n"
        ))
        .unwrap_err();
        assert!(
            errs.iter().any(
                |e| matches!(&e.problem, Problem::NotNow { what, .. } if what.contains("at_sea"))
            ),
            "{errs:?}"
        );
    }

    #[test]
    fn a_move_needs_exactly_one_route() {
        let src = format!("{HEADER}[[move]]\nunit = \"B-1IN\"\n");
        let errs = parse(&src).unwrap_err();
        assert!(matches!(errs[0].problem, Problem::RouteAmbiguous));
    }

    #[test]
    fn diagnostics_render_file_line_column_rule_and_caret() {
        let src = format!("{HEADER}[[place]]\nunit = \"B-5IN\"\nhex = \"ABC1\"\n");
        let errs = parse(&src).unwrap_err();
        let text = Diagnostics::new("blue-1.toml", &src, errs).render(false);
        assert!(text.contains("blue-1.toml:7:7"), "{text}");
        assert!(text.contains("rule 3.1"), "{text}");
        assert!(text.contains('^') || text.contains('─'), "{text}");
    }

    #[test]
    fn render_survives_an_error_beyond_column_65535() {
        let src = format!(
            "{HEADER}[[move]]\nunit = \"B-1IN\"\nto = \"ZZ\"{}x = \n",
            " ".repeat(70_000)
        );
        let errs = parse(&src).unwrap_err();
        let text = Diagnostics::new("o.toml", &src, errs).render(false);
        assert!(text.contains("o.toml:7:70010"), "{text}");
        assert!(text.contains('…'), "the line is cut: {text}");
        assert!(text.len() < 2_000, "{}", text.len());
    }

    #[test]
    fn render_shows_fifty_problems_and_counts_the_others_in_linear_time() {
        let mut src = HEADER.to_string();
        for i in 0..100_000 {
            src.push_str(&format!("[[move]]\nunit = \"B-1IN\"\nto = \"Q-{i}\"\n"));
        }
        let (_, errs) = parse_partial(&src).unwrap();
        assert_eq!(errs.len(), 100_000);
        let start = std::time::Instant::now();
        let text = Diagnostics::new("o.toml", &src, errs).render(false);
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        assert_eq!(text.matches(" × ").count(), MAX_SHOWN);
        assert!(
            text.contains("… and 99950 more problems not shown"),
            "{text}"
        );
        assert!(text.ends_with("100000 problems in o.toml\n"));
        // Lines and columns are right far into the file.
        assert!(
            text.contains(&format!("o.toml:{}:6", 4 + 3 * 49 + 3)),
            "{text}"
        );
    }

    /// A file that is not TOML names the format it breaks, not a "rule orders".
    #[test]
    fn errors_outside_the_rulebook_name_what_they_break() {
        let errs = parse("game = \"g1\"\nside = ").unwrap_err();
        let text = Diagnostics::new("o.toml", "game = \"g1\"\nside = ", errs).render(false);
        assert!(
            text.contains("order file format (docs/orders.md)"),
            "{text}"
        );
        assert!(!text.contains("rule orders"), "{text}");
        assert_eq!(cite!("14.33").long(), "rule 14.33");
        assert_eq!(
            cite!("PBEM").long(),
            "play-by-e-mail procedure (docs/pbem.md)"
        );
    }
}
