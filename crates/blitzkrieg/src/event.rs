//! What happened in a player-turn, as plain data. The engine emits events; the report
//! is rendered from them alone, and they are kept in the state so the report can be
//! printed again. Every event that applies a rule cites it, as a typed [`Rule`].

use crate::board::{Country, SeaZone};
use crate::cite::Rule;
use crate::hex::Hex;
use crate::model::outcome::Outcome;
use crate::odds::Factor;
use crate::units::{Side, UnitId};
use serde::{Deserialize, Serialize};

/// One thing that happened, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The player-turn being resolved.
    TurnBegan { turn: u32, side: Side },
    /// A unit placed during set-up (3.3, 3.4).
    SetUp { unit: UnitId, hex: Hex, rule: Rule },
    /// A reinforcement placed in a friendly home city (6.3).
    Placed { unit: UnitId, hex: Hex, rule: Rule },
    /// A unit moved over land. `found` is true when the order gave only a destination
    /// and the umpire chose the path. `cost_thirds` is the movement spent in thirds of
    /// a movement factor (9.1 counts road moves as 1/3).
    Moved {
        unit: UnitId,
        path: Vec<Hex>,
        cost_thirds: u32,
        allowance_thirds: u32,
        found: bool,
        notes: Vec<String>,
    },
    /// Air transport (9.3) or airdrop (9.4).
    Flown {
        unit: UnitId,
        from: Hex,
        to: Hex,
        drop: bool,
        rule: Rule,
    },
    /// 21.1: an automatic victory during movement: the units in position against
    /// `hex` make at least the odds needed (`needed` to 1; 5 when no defender could
    /// retreat), and the defenders are turned over until they are removed after
    /// combat (21.3). Factors and doubling as a battle's.
    AutomaticVictory {
        hex: Hex,
        /// (unit, hex it stands in, attack factor)
        attackers: Vec<(UnitId, Hex, Factor)>,
        /// (unit, printed defence factor, factor after terrain)
        defenders: Vec<(UnitId, u32, Factor)>,
        doubling: Vec<String>,
        /// "14:2 reduce to 7-1"
        odds: String,
        needed: u32,
        no_retreat: bool,
        rule: Rule,
    },
    /// 19.1: a unit set up in the At Sea Box of `zone`.
    SetUpAtSea {
        unit: UnitId,
        zone: SeaZone,
        rule: Rule,
    },
    /// 19.3: a unit went to sea from `port` into the At Sea Box of `zone` (its move to
    /// the port, if any, is the `Moved` event before).
    PutToSea {
        unit: UnitId,
        port: Hex,
        zone: SeaZone,
        rule: Rule,
    },
    /// 19.2, 19.5: a unit at sea sailed from zone `from` to the adjacent zone `to`.
    Sailed {
        unit: UnitId,
        from: SeaZone,
        to: SeaZone,
        rule: Rule,
    },
    /// 19.2: a unit at sea in `zone` landed at `port`, for `mf` of its movement factor
    /// (its move on from the port, if any, is the `Moved` event after).
    Landed {
        unit: UnitId,
        zone: SeaZone,
        port: Hex,
        mf: u32,
        rule: Rule,
    },
    /// 20.1, 20.4: a unit at sea in `zone` invaded beach `beach` unopposed, landing on
    /// its hex `hex` for `mf` of its movement factor (its move on inland, if any, is
    /// the `Moved` event after).
    Invaded {
        unit: UnitId,
        zone: SeaZone,
        beach: String,
        hex: Hex,
        mf: u32,
        rule: Rule,
    },
    /// 27.2: rangers at sea in `zone` landed on the coastal hex `hex` (not a beach
    /// invasion), for `mf` of their movement factor.
    RangersLanded {
        unit: UnitId,
        zone: SeaZone,
        hex: Hex,
        mf: u32,
        rule: Rule,
    },
    /// 27.5: rangers crossed the lake from the city `from` and landed on its coastal hex
    /// `hex`, for `mf` of their movement factor.
    LakeCrossed {
        unit: UnitId,
        from: Hex,
        hex: Hex,
        mf: u32,
        rule: Rule,
    },
    /// 28.1, 28.5: an inactive substitute counter taken as a replacement and placed
    /// on `hex`.
    Replaced { unit: UnitId, hex: Hex, rule: Rule },
    /// 28.4: half a unit of air transport capacity taken instead of an aircraft from
    /// the aircraft city `city`.
    AirTransportReplaced { side: Side, city: Hex, rule: Rule },
    /// 20.31: a unit at sea in `zone` was placed on the assault hex `hex`, a full sea
    /// hex next to beach `beach`, for an opposed invasion (003 20.3).
    AssaultPlaced {
        unit: UnitId,
        zone: SeaZone,
        beach: String,
        hex: Hex,
        rule: Rule,
    },
    /// 20.32, 003 20.32: a unit on the assault hex `from` moved onto the vacant beach
    /// hex `hex` during movement, and stops there.
    LandedFromAssault {
        unit: UnitId,
        from: Hex,
        hex: Hex,
        rule: Rule,
    },
    /// 20.35: after combat, a unit still on the assault hex `from` moved ashore onto the
    /// vacant beach hex `hex` next to it.
    WentAshore {
        unit: UnitId,
        from: Hex,
        hex: Hex,
        rule: Rule,
    },
    /// 23.1: the side to move traced supply before any movement; `cut_off` are its
    /// units that trace no route (23.6), in id order.
    Supply {
        side: Side,
        cut_off: Vec<UnitId>,
        /// 23.4: units supplied by air instead, in the order named.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        air_supplied: Vec<UnitId>,
        /// 23.5: units supplied by sea through the beach hexes `beachheads`, in id
        /// order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        beach_supplied: Vec<UnitId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        beachheads: Vec<Hex>,
        rule: Rule,
    },
    /// A unit that could not make a legal attack is removed before combat (14.9).
    RemovedBeforeCombat { unit: UnitId, hex: Hex, rule: Rule },
    /// One battle, resolved. Kept apart: a battle's record is the largest of the
    /// events, and held inline it made every event of a turn as large (264 bytes
    /// against 192); written and read as the record itself.
    Battle(Box<BattleRecord>),
    /// A unit eliminated, and why.
    Eliminated {
        unit: UnitId,
        hex: Hex,
        cause: String,
        rule: Rule,
    },
    /// A unit broken down after losing part of its factors (25.1): what it had left,
    /// `factors`, made up from the substitutes `into` on its hex (26.2); `into` empty
    /// when the counters to make it up were not there and it is lost whole (26.5).
    Substituted {
        unit: UnitId,
        hex: Hex,
        factors: u32,
        into: Vec<UnitId>,
        rule: Rule,
    },
    /// 26.1, 26.2: a full unit broken down by its owner into the substitutes `into`
    /// on its hex (Tournament Game).
    BrokenDown {
        unit: UnitId,
        hex: Hex,
        into: Vec<UnitId>,
        rule: Rule,
    },
    /// 26.3: substitutes recombined at the end of movement into the counter `into`,
    /// on `hex`, or in the At Sea Box of `zone` (003 26.3) (Tournament Game).
    Recombined {
        units: Vec<UnitId>,
        into: UnitId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hex: Option<Hex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<char>,
        rule: Rule,
    },
    /// A unit retreated along `path` (AB2/DB2).
    Retreated {
        unit: UnitId,
        path: Vec<Hex>,
        rule: Rule,
    },
    /// A unit advanced after combat along `path`.
    Advanced {
        unit: UnitId,
        path: Vec<Hex>,
        rule: Rule,
    },
    /// A decision owed by the side not moving was taken: by standing order or default.
    Decided {
        side: Side,
        what: String,
        how: String,
    },
    /// A city hex changed hands (5.1, 5.2). `None` = friendly to neither side.
    CityChanged {
        hex: Hex,
        from: Option<Side>,
        to: Option<Side>,
        rule: Rule,
    },
    /// A city hex that changes hands at the start of the next player-turn, not in this
    /// one (5.1: "You may not enter a city hex and make it friendly in that
    /// player-turn"; 003 5): occupied and free of enemy ZOC at the end of this
    /// player-turn, or no longer so. `from` is what it is friendly to now.
    CityFromNextPlayerTurn {
        hex: Hex,
        from: Option<Side>,
        to: Option<Side>,
        rule: Rule,
    },
    /// Units the side to move next may bring on (6.2).
    ReinforcementsDue {
        side: Side,
        turn: u32,
        units: Vec<UnitId>,
    },
    /// The victory check at the end of the player-turn (16).
    VictoryCheck { lines: Vec<String>, rule: Rule },
    /// The game is over.
    GameOver {
        winner: Option<Side>,
        reason: String,
        rule: Rule,
    },
    /// Pending-decision games: the rest of a battle result is owed by `side`, to be
    /// completed at the top of its next order file (PBEM turn sequence).
    Owed {
        side: Side,
        battle: String,
        what: String,
        rule: Rule,
    },
    /// Pending-decision games: one step of a result owed from the last player-turn,
    /// carried out as the owner's orders decide ("B-7IN eliminated in P30").
    Completed {
        side: Side,
        battle: String,
        text: String,
        rule: Rule,
    },
    /// Anything else worth telling both players, with its rule.
    Note { text: String, rule: Rule },
    /// 25.2, BBT: barrage `id` by the `artillery` (each with its attack factor),
    /// `factors` in all, on the enemy in `target`: the roll, the cell, the factors the
    /// BBT says are `lost`, and those `removed` (half, rounded up, in mountains).
    Barraged {
        id: String,
        target: Hex,
        artillery: Vec<(UnitId, u32)>,
        factors: u32,
        roll: String,
        table: String,
        lost: u32,
        removed: u32,
        mountain: bool,
        rule: Rule,
    },
    /// 25.4 with 003 25.3: barrage `id`, resolved after a battle, finds no enemy unit
    /// left in `target`: its loss falls on no one, and the hex stays barraged.
    BarrageWithoutTarget { id: String, target: Hex, rule: Rule },
    /// 29.2: `unit` (none: an attack on a city) of `aggressor` entered `hex` of a
    /// neutral minor country, or attacked its city `hex`: `aggressor` is its
    /// aggressor, the other side its liberator.
    MinorInvaded {
        country: Country,
        aggressor: Side,
        unit: Option<UnitId>,
        hex: Hex,
        rule: Rule,
    },
    /// 29.3-29.4: battle `id` of `side` against the unreduced minor country city
    /// `city`, on the Minor City Reduction Table: the attacking factors, the roll, the
    /// cell, the factors the attackers lose and whether the city is reduced.
    CityAttacked {
        id: String,
        side: Side,
        city: Hex,
        country: Country,
        attackers: Vec<(UnitId, Hex, Factor)>,
        factors: Factor,
        roll: String,
        table: String,
        loss: u32,
        reduced: bool,
        rule: Rule,
    },
    /// 003 29.4: `by` (a barrage or a strategic bombing) of `side` struck the
    /// unreduced minor country city `city` on the BBT; the city is not reduced by it.
    CityBombarded {
        side: Side,
        city: Hex,
        country: Country,
        by: String,
        rule: Rule,
    },
    /// 003 29.2, 29.6 (the umpire's reading): aircraft `unit` flying from `from` to
    /// `to` could not keep out of `country` within `budget` hexes: it passed over its
    /// hex `hex`.
    MinorOverflown {
        unit: UnitId,
        country: Country,
        from: Hex,
        to: Hex,
        budget: u32,
        hex: Hex,
        rule: Rule,
    },
    /// 29.6: `side`, the aggressor, removes `factors` factors from its forces in
    /// `country` (or that violated it) for guerrilla action, for the reason given.
    Guerrillas {
        country: Country,
        side: Side,
        factors: u32,
        why: String,
        rule: Rule,
    },
    /// 29.7: `side`, the aggressor, paid `factors` factors to trace supply into or
    /// through the unsubdued `country` this player-turn, or (`paid` false) traces
    /// none there.
    MinorSupply {
        country: Country,
        side: Side,
        paid: bool,
        factors: u32,
        rule: Rule,
    },
    /// 30: what aircraft did (missions, changes of base, landings).
    Air(crate::model::air::AirEvent),
    // 34 (weather)
    /// 34: the weather rolled or in force, and what it did.
    Weather(crate::model::weather::WeatherEvent),
    // 35 (optional rule)
    /// 35: the naval ascendancy marked, and its effects on battles.
    Ascendancy(crate::model::ascendancy::AscendancyEvent),
    // 36: critical resources.
    /// 36.1: what a side has the use of this player-turn.
    Resources(crate::model::resources::ResourceEvent),
}

/// A battle as the report shows it: who fought, the factors, the odds, the roll and
/// the result, with the paragraphs applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    pub id: String,
    pub target: Hex,
    /// (unit, hex it attacked from, attack factor)
    pub attackers: Vec<(UnitId, Hex, Factor)>,
    /// (unit, printed defence factor, factor after terrain)
    pub defenders: Vec<(UnitId, u32, Factor)>,
    /// Why the defence was doubled, if it was (13.2, 13.3), each with its rule.
    pub doubling: Vec<String>,
    pub attack: Factor,
    pub defence: Factor,
    /// "14:8 reduce to 1-1 (15.1)"
    pub odds: String,
    /// How the roll was made: roll id, source and value, e.g. "A1: PBM digit 7".
    pub roll: String,
    /// Table, row and column: "BGAT (play-by-mail), row 7, column 1-1".
    pub table: String,
    /// The result as read from the table, written "DB2 (defender back 2)".
    pub result: Outcome,
    pub rule: Rule,
}
