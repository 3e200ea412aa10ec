//! Order problems: every kind of problem an order file can have, each declared once
//! with its stable code (`docs/error-codes.md`), its message for a player and, where
//! the message alone does not say what to do, its hint. The declarations are grouped
//! by the part of the rules (and the module) that finds them; adding a problem is one
//! declaration in its group, with a code of that group's reserved range.
//!
//! A code never changes meaning once released; a new kind of problem gets a new code.
//! `Problem::CODES` lists every code declared, and the tests below check that no two
//! problems share one and that the docs list each.

use crate::board::SeaZone;
use crate::hex::Hex;
use crate::units::{Side, UnitId};

/// Declares an enum of problems, each variant preceded by `(CODE)` or
/// `(CODE, hint = "...")`, then its `#[error(...)]` message. Generates the enum (with
/// `thiserror`'s `Error`), its `code()`, `hint()` and `CODES`, so no list of problems
/// is kept twice. [`Problem`] and the position file's problems are declared with it.
macro_rules! problems {
    (@hint) => { None };
    (@hint $hint:expr) => { Some($hint) };
    (
        $(#[$($emeta:tt)*])*
        pub enum $name:ident {
            $(
                ($code:ident $(, hint = $hint:expr)?)
                $(#[$($meta:tt)*])*
                $variant:ident
                $(( $($tuple:ty),* $(,)? ))?
                $({ $( $(#[$fmeta:meta])* $field:ident : $fty:ty ),* $(,)? })?
            ),* $(,)?
        }
    ) => {
        $(#[$($emeta)*])*
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum $name {
            $(
                $(#[$($meta)*])*
                $variant
                $(( $($tuple),* ))?
                $({ $( $(#[$fmeta])* $field : $fty ),* })?
            ),*
        }

        impl $name {
            /// Every code declared, in the order declared.
            pub const CODES: &'static [&'static str] = &[$(stringify!($code)),*];

            /// The stable code of this problem (`docs/error-codes.md`).
            pub fn code(&self) -> &'static str {
                match self {
                    $($name::$variant { .. } => stringify!($code),)*
                }
            }

            /// What to do about it, where the message alone does not say.
            pub fn hint(&self) -> Option<&'static str> {
                match self {
                    $($name::$variant { .. } => problems!(@hint $($hint)?),)*
                }
            }
        }
    };
}

// Hints shared by several problems.
const COPY_HEADER: &str = "copy the header of the latest template: game, side, turn and state";
const ATTACK_OR_LEAVE_ZOC: &str = "add an [[attack]] for this unit, or move it out of enemy ZOC";
const SEA_ORDERS: &str =
    "units at sea take [[sea]] orders (sail or land) and neither fight nor are attacked; see docs/orders.md, sea movement";
const NAME_ASSAULT_HEX: &str =
    "name with `assault` a full sea hex of your zone or a zone next to it that touches a hex of the beach you invade; see docs/orders.md, opposed invasions";
const INVADE_NEXT_TO_ASSAULT: &str =
    "name in `invade` a beach hex next to the assault hex with no enemy unit in it, or leave `invade` out: the units fight from the sea and go ashore after combat (20.35)";
const OPPOSED_STOPS: &str =
    "an opposed unit stops on the beach hex it lands on (003 20.32); it moves on in a later player-turn";
const ONE_BEACH: &str =
    "land on the beach already invaded this player-turn, or at a friendly port, or invade another beach in a later player-turn";
const BARRAGE_FROM: &str =
    "barrage with supplied artillery out of enemy ZOC, exactly 2 hexes from the target; or let it attack in close support in an [[attack]]";
const BEACH_SUPPLY: &str =
    "the template lists the units a beach hex may supply now; name 10 at most, rangers and substitutes counting half";
const ATTACK_THE_CITY: &str =
    "attack the city with an [[attack]] on its hex (no defending units needed); once the MCRT reduces it, it may be entered (29.4)";
const PORTS_LISTED: &str = "the template lists the ports you may use now, zone by zone";
const MISSION_KINDS: &str =
    "see docs/orders.md, air missions: `kind` tactical (TAC, MDM with a battle), strategic (SAC, MDM) or transfer; with optional rule 33 airbase (TAC, MDM), port, road or industry (SAC, MDM); with optional rule 32 escort (FTR, over a hex bombers fly to)";
const LANDING: &str =
    "land at a friendly city free of enemy ZOC within range of the target (within half range after bombing at double strength), with room for 3 full air units";

problems! {
    /// What is wrong with an order, worded for a player. Stage one and stage two share
    /// it.
    pub enum Problem {
        // ----------------------------------------------------------------------
        // The order file as written (orders).

        (B101, hint = "start from the template the umpire mailed with the state")
        #[error("this is not a readable order file: {0}")]
        NotToml(String),
        (B102)
        #[error("{0}")]
        BadHex(String),
        (B103)
        #[error("{0}")]
        BadUnitName(crate::units::NameError),
        (B104)
        #[error("`{0}` is not a side: write \"blue\" or \"red\"")]
        BadSide(String),
        (B105)
        #[error("this order names no unit: give `unit = \"...\"` or `units = [...]`")]
        NoUnits,
        (B106)
        #[error("a move needs either `path = [...]` or `to = \"HEX\"`, not both and not neither")]
        RouteAmbiguous,
        (B107)
        #[error("the path is empty")]
        EmptyPath,
        (B108)
        #[error("an attack needs `target = \"HEX\"` (or `targets = [...]`)")]
        NoTarget,
        (B109, hint = "a word processor or mail program made them curly: type the straight quotes again, or turn off smart quotes")
        #[error("`{found}` is a typographic quote: TOML needs straight quotes, \" and '")]
        TypographicQuote { found: char },

        // ----------------------------------------------------------------------
        // The header, the game, the seed and the units named (2, 4, PBEM; pbem_game, engine).

        (B183)
        #[error("the seed named was used before: {0}")]
        SeedUsed(String),
        (B201)
        #[error("these orders are for game `{found}`, but the state is game `{expected}`")]
        WrongGame { expected: String, found: String },
        (B202, hint = COPY_HEADER)
        #[error("these orders are for {found}, but it is {expected}'s turn")]
        WrongSide { expected: Side, found: Side },
        (B203, hint = COPY_HEADER)
        #[error("these orders are for turn {found}, but the state is at turn {expected}")]
        WrongTurn { expected: u32, found: u32 },
        (B204, hint = COPY_HEADER)
        #[error("these orders apply to state {found}, but the state given is {expected}")]
        WrongState { expected: String, found: String },
        (B205, hint = "add a [seed] table naming a round, time or date still to come")
        #[error("these orders have battles but name no [seed]: the seed must be named before it is published")]
        NoSeed,
        (B206)
        #[error("the seed does not match the game's seed source: {0}")]
        BadSeed(String),
        (B207)
        #[error("the game is over: {0}")]
        GameOver(String),
        (B208)
        #[error("there is no unit `{0}` in this game")]
        UnknownUnit(String),
        (B209)
        #[error("{unit} belongs to {owner}, not to {side}")]
        NotYourUnit {
            unit: UnitId,
            owner: Side,
            side: Side,
        },
        (B210)
        #[error("{unit} is given two orders of the same kind ({what})")]
        OrderedTwice { unit: UnitId, what: String },
        (B211)
        #[error("{0} is not used in this game's rules")]
        NotInThisGame(UnitId),
        (B212)
        #[error("{what} orders are not allowed now: {why}")]
        NotNow { what: String, why: String },
        (B213)
        #[error("no roll could be drawn: {0}")]
        NoRoll(String),
        (B214, hint = "the template carries [seed] commented out; an attacker removes the `# ` of its lines and fills them in")
        #[error("these orders have battles, and their [seed] is commented out: remove the `#` before `[seed]` and its lines")]
        SeedCommentedOut,

        // ----------------------------------------------------------------------
        // Set-up and reinforcements (3, 6; movement::place).

        (B301)
        #[error("{unit} cannot be placed now: {why}")]
        CannotPlace { unit: UnitId, why: String },
        (B302)
        #[error("this order places {count} units in {hex} at once; 3 at most")]
        PlacedStack { hex: Hex, count: usize },
        (B303)
        #[error("{hex} is not in {}: units set up in their home country", side.country_name())]
        NotHomeCountry { hex: Hex, side: Side },
        (B304)
        #[error("{hex} is not a friendly city of {side}: {why}")]
        NotFriendlyCity { hex: Hex, side: Side, why: String },

        // ----------------------------------------------------------------------
        // Ground movement (7-11, 21, 22; movement).

        (B401)
        #[error("{0} is not on the board")]
        OffBoard(Hex),
        (B402)
        #[error("{unit} is not on the map")]
        NotOnMap { unit: UnitId },
        (B403)
        #[error("{unit} cannot enter {hex}: {why}")]
        IllegalHex { unit: UnitId, hex: Hex, why: String },
        (B404)
        #[error("{unit} needs {needed} movement factors for this path but has {allowed}")]
        TooFar {
            unit: UnitId,
            needed: String,
            allowed: String,
        },
        (B405)
        #[error("{unit} must stop on entering enemy ZOC at {hex} and cannot go on")]
        ZocContinue { unit: UnitId, hex: Hex },
        (B406)
        #[error("{unit} starts in enemy ZOC and is engaged: it may not move")]
        Engaged { unit: UnitId },
        (B407)
        #[error("{unit} must stop on {hex} ({terrain}) and cannot go on")]
        TerrainStop {
            unit: UnitId,
            hex: Hex,
            terrain: String,
        },
        (B408)
        #[error("{hex} would hold {count} units at the end of movement (3 at most)")]
        Overstacked { hex: Hex, count: usize },
        (B409)
        #[error("{to} is not adjacent to {from}: a path names every hex entered, one step at a time")]
        PathGap { unit: UnitId, from: Hex, to: Hex },
        (B410)
        #[error("{unit} is in {hex} but {first} is in {other}: a stack moves together from one hex")]
        NotStacked {
            unit: UnitId,
            hex: Hex,
            first: UnitId,
            other: Hex,
        },
        (B411)
        #[error("this order moves {count} units together: a stack is 3 units at most")]
        StackTooLarge { count: usize },
        (B412)
        #[error("{unit} is already in {hex}: the route does not leave it")]
        NoMovement { unit: UnitId, hex: Hex },
        (B413)
        #[error("{unit} has no legal path to {to}: {why}")]
        NoPath { unit: UnitId, to: Hex, why: String },
        (B414)
        #[error("{unit} was airdropped on {landing} and may move {allowed} hex(es) after landing")]
        AfterDrop {
            unit: UnitId,
            landing: Hex,
            allowed: u32,
        },
        (B415, hint = "choose a path that keeps a hex away from every enemy unit and from every city not friendly to you, or a nearer destination")
        #[error("{unit} needs {needed} movement factors for this path but has {allowed}; strategic movement would add {bonus}, but only on a path clear of the enemy, and {why}")]
        StrategicNotClear {
            unit: UnitId,
            needed: String,
            allowed: u32,
            bonus: u32,
            why: String,
        },
        (B416)
        #[error("{unit} made the automatic victory against {hex}: it stays in position, and moves again only in its advance after combat")]
        AvThenMove { unit: UnitId, hex: Hex },

        // ----------------------------------------------------------------------
        // Air transport, airdrop and air supply (9, 23.4; movement::air, supply).

        (B501)
        #[error("{unit} may not be flown: {why}")]
        CannotFly { unit: UnitId, why: String },
        (B502)
        #[error("{unit} is in {actual}, not in {hex}")]
        NotThere { unit: UnitId, hex: Hex, actual: Hex },
        (B503)
        #[error("{unit} would fly {distance} hexes; {limit} at most")]
        FlightTooLong {
            unit: UnitId,
            distance: u32,
            limit: u32,
        },
        (B504)
        #[error("{unit} would be unit number {count} flown this player-turn; 4 at most")]
        AirLimit { unit: UnitId, count: usize },
        (B505)
        #[error("{hex} is the take-off city: air transport flies to another city")]
        SameCity { hex: Hex },
        (B506)
        #[error("no airdrop on {hex}: {why}")]
        BadDropZone { hex: Hex, why: String },
        (B507)
        #[error("{unit} traces a supply route without the air: it needs no air supply")]
        AirSupplyNotNeeded { unit: UnitId },
        (B508)
        #[error("{unit} is {kind}: armor and artillery are never supplied by air")]
        AirSupplyKind { unit: UnitId, kind: String },
        (B509)
        #[error("{unit} cannot be supplied by air: {why}")]
        AirSupplyNoRoute { unit: UnitId, why: String },
        (B510)
        #[error(
            "{unit} would bring the units supplied by air this player-turn to {count}; {limit} at most (substitutes and rangers count half, 26.4)"
        )]
        AirSupplyLimit {
            unit: UnitId,
            /// Units, in halves written out ("4", "4½").
            count: String,
            limit: usize,
        },

        // ----------------------------------------------------------------------
        // Attacks (12-15, 21; combat).

        (B601)
        #[error("{unit} is not adjacent to {target}")]
        NotAdjacent { unit: UnitId, target: Hex },
        (B602)
        #[error("there is no enemy unit in {0} to attack")]
        NoDefender(Hex),
        (B603)
        #[error("odds of {odds} are worse than 1-6 and not allowed")]
        OddsTooLow { odds: String },
        (B604, hint = "add an [[attack]] with this hex as its target, by units next to it, or end the moves next to it elsewhere")
        #[error("the enemy in {hex} is adjacent to units that moved there but is not attacked")]
        DefenderUnattacked { hex: Hex },
        (B605, hint = ATTACK_OR_LEAVE_ZOC)
        #[error(
            "{unit} ends its move in {hex}, next to the enemy in {}, but is in no battle: a unit that moves into enemy ZOC must attack",
            hex_list(enemies)
        )]
        MustAttack {
            unit: UnitId,
            hex: Hex,
            enemies: Vec<Hex>,
        },
        (B606)
        #[error("{unit} is in more than one battle")]
        TwoBattles { unit: UnitId },
        (B607)
        #[error("battle id `{0}` is used twice")]
        DuplicateBattle(String),
        (B608)
        #[error("the enemy in {hex} is attacked in more than one battle: all units in a hex are attacked together, once")]
        HexInTwoBattles { hex: Hex },
        (B609, hint = ATTACK_OR_LEAVE_ZOC)
        #[error("{unit} is in enemy ZOC and can still make a legal attack ({how}), so it must attack")]
        EngagedMustAttack { unit: UnitId, how: String },
        (B610)
        #[error("{unit} is named in `{what}` of battle {battle} but does not fight in that battle")]
        NotInBattle {
            unit: UnitId,
            battle: String,
            what: String,
        },
        (B611)
        #[error("battle {battle} names {count} units to advance; at most 3 may advance after combat")]
        TooManyAdvance { battle: String, count: usize },
        (B612, hint = "move it no farther than its own movement factor allows, or leave it out of the attack")
        #[error("{unit} moved with the strategic movement bonus this player-turn, so it may make no attack, but it is named in {what}")]
        StrategicAttack { unit: UnitId, what: String },
        (B613)
        #[error("{odds} against {hex} is no automatic victory: it needs at least {needed}-1{}", if *retreat { " while the defenders have a legal retreat" } else { " even when the defenders cannot retreat" })]
        AvTooWeak {
            hex: Hex,
            odds: String,
            needed: u32,
            retreat: bool,
        },
        (B614)
        #[error(
            "{unit} did not make the automatic victory against {hex}, so it cannot advance after it"
        )]
        NotAnAver { unit: UnitId, hex: Hex },
        (B615)
        #[error("{unit} cannot advance along this path: {why}")]
        AvAdvance { unit: UnitId, why: String },

        // ----------------------------------------------------------------------
        // Decisions owed from the last player-turn (PBEM; combat::pending).

        (B701, hint = "see docs/orders.md, decisions")
        #[error("a decision is owed for battle {battle}: {what}; add a [[decision]] with battle = \"{battle}\"")]
        DecisionOwed { battle: String, what: String },
        (B702)
        #[error("no decision is owed for battle `{0}`")]
        NoDecisionOwed(String),
        (B703)
        #[error("this game takes losses and retreats from standing orders: it owes no [[decision]]")]
        DecisionsNotUsed,
        (B704)
        #[error(
            "battle {battle} owes the loss of one of {candidates}: name it with lose = [\"UNIT\"]"
        )]
        LossNotNamed { battle: String, candidates: String },
        (B705)
        #[error("{unit} did not fight battle {battle} or is gone: lose one of {candidates}")]
        NotALoser {
            unit: UnitId,
            battle: String,
            candidates: String,
        },
        (B706)
        #[error("{unit} must retreat 2 hexes after battle {battle}: name its end hex with retreat = [...]; legal: {legal}")]
        RetreatNotNamed {
            unit: UnitId,
            battle: String,
            legal: String,
        },
        (B707)
        #[error("no hex of `retreat` is a legal end of a 2-hex retreat for {unit} after battle {battle}; legal: {legal}")]
        NoLegalRetreatNamed {
            unit: UnitId,
            battle: String,
            legal: String,
        },
        (B708)
        #[error("{unit} did not fight battle {battle} on your side, so it cannot advance after it")]
        NotAnAdvancer { unit: UnitId, battle: String },
        (B709)
        #[error("at most 3 units advance after combat (BGAT); this names {count}")]
        TooManyAdvancers { count: usize },
        (B710)
        #[error("battle {battle} costs one unit: name only one in `lose`")]
        OneLossOnly { battle: String },
        (B711)
        #[error("this order file answers a later step of the player-turn: it holds only [[decision]] and [seed]; remove {what}")]
        DecisionsOnly { what: String },
        (B720)
        #[error("this order file answers the stop before odds of the player-turn: it holds only {holds}; remove {what}")]
        AnswerOnly { what: String, holds: String },

        // ----------------------------------------------------------------------
        // Sea movement (optional rule 19; sea, movement::sea).

        (B801, hint = SEA_ORDERS)
        #[error("a [[sea]] order needs one of `to = \"ZONE\"` (sail to the next zone), `land = \"PORT\"` or `invade = \"BEACH HEX\"` (each with an optional `path` on from there), or `assault = \"SEA HEX\"` (with an optional `invade = \"BEACH HEX\"` or `ashore = [\"BEACH HEX\"]`); only one")]
        SeaOrderShape,
        (B802)
        #[error("a [[setup]] order needs either `hex = \"HEX\"` or `at_sea = \"ZONE\"`, not both and not neither")]
        SetupWhere,
        (B803)
        #[error("`{0}` is not a sea zone of this board")]
        BadZone(String),
        (B804)
        #[error("{hex} is not a port: units go to sea and land at a coastal city or an inland port")]
        NotAPort { hex: Hex },
        (B805)
        #[error("{port} opens on sea zone {opens}, not on zone {zone}")]
        PortZone {
            port: Hex,
            opens: SeaZone,
            zone: SeaZone,
        },
        (B806, hint = PORTS_LISTED)
        #[error("{port} is not a friendly port of {side}: {why}")]
        PortNotFriendly { port: Hex, side: Side, why: String },
        (B807, hint = PORTS_LISTED)
        #[error("{unit} cannot go to sea from {port}: the port is in enemy ZOC")]
        PortInEnemyZoc { unit: UnitId, port: Hex },
        (B808, hint = PORTS_LISTED)
        #[error("{port} cannot be used as a port: {why}")]
        PortBlocked { port: Hex, why: String },
        (B809)
        #[error("{side} would have {count} units at sea; {limit} at most")]
        TooManyAtSea {
            side: Side,
            count: String,
            limit: String,
        },
        (B810, hint = SEA_ORDERS)
        #[error("{unit} is not at sea: a [[sea]] order is for units in an At Sea Box")]
        NotAtSea { unit: UnitId },
        (B811, hint = SEA_ORDERS)
        #[error("{unit} is at sea in zone {zone}, not on the map")]
        AtSea { unit: UnitId, zone: SeaZone },
        (B812)
        #[error("{unit} is at sea in zone {from} and may sail only to a zone next to it ({next})")]
        ZoneNotAdjacent {
            unit: UnitId,
            from: SeaZone,
            next: String,
        },
        (B813)
        #[error("{unit} is at sea in zone {from}; {port} opens on zone {opens}, which is neither zone {from} nor next to it")]
        PortTooFar {
            unit: UnitId,
            from: SeaZone,
            port: Hex,
            opens: SeaZone,
        },
        (B814)
        #[error("{unit} went to sea this player-turn and does nothing more at sea in it")]
        PutToSeaThisTurn { unit: UnitId },
        (B815)
        #[error("{unit} landed this player-turn and may not go back to sea in it")]
        LandedThisTurn { unit: UnitId },
        (B816)
        #[error("sea zone {zone} is cut off from the open sea by enemy ZOC: no naval activity there")]
        ZoneCutOff { zone: SeaZone },

        // ----------------------------------------------------------------------
        // Invasions and opposed invasions (optional rule 20; movement::invasion, movement::assault).

        (B817)
        #[error("{hex} is not a beach hex: units invade the yellow coastal hexes of a beach")]
        NotABeach { hex: Hex },
        (B818)
        #[error("{unit} is {kind}: artillery, armor and air-assault units may not invade or land on a beach")]
        CannotInvade { unit: UnitId, kind: String },
        (B819, hint = ONE_BEACH)
        #[error("{hex} is on beach `{beach}`, but beach `{first}` was invaded earlier this player-turn: one beach a player-turn")]
        SecondBeach {
            hex: Hex,
            beach: String,
            first: String,
        },
        (B820, hint = ONE_BEACH)
        #[error("{hex} is on beach `{beach}`, which the enemy invaded in the last player-turn: his fleet is still there")]
        BeachJustInvaded { hex: Hex, beach: String },
        (B821)
        #[error("{unit} is at sea in zone {from}; {hex} is on the sea of zone {zones}, which is neither zone {from} nor next to it")]
        BeachTooFar {
            unit: UnitId,
            from: SeaZone,
            hex: Hex,
            zones: String,
        },
        (B822, hint = "name the full sea hex in enemy ZOC the units land from with `assault = \"SEA HEX\"` (and the beach hex with `invade`), or land where a sea hex free of enemy ZOC touches the beach; see docs/orders.md, invasions")
        #[error("landing on {hex} would be an opposed invasion: {why}")]
        OpposedInvasion { hex: Hex, why: String },
        (B823, hint = NAME_ASSAULT_HEX)
        #[error("{hex} is not a full sea hex: units assault from the full sea hexes next to the beach under assault")]
        AssaultNotSea { hex: Hex },
        (B824, hint = NAME_ASSAULT_HEX)
        #[error("{hex} touches no beach hex: an assault hex is a full sea hex next to the beach under assault")]
        AssaultNoBeach { hex: Hex },
        (B825, hint = "name a hex of the beach you invade in `ashore` (or in `invade`), or invade that beach with an earlier order")
        #[error("{hex} touches beaches {beaches} and none of them has been invaded this player-turn: which one is under assault is not clear")]
        AssaultTwoBeaches { hex: Hex, beaches: String },
        (B826, hint = "invade from a sea hex free of enemy ZOC with `invade = \"BEACH HEX\"` (and a `path` inland), without `assault`")
        #[error("{unit} would land from {hex}, which is in no enemy ZOC: that landing is unopposed, not an assault")]
        AssaultUnopposed { unit: UnitId, hex: Hex },
        (B827, hint = "choose an assault hex the sea reaches from the board edge without passing a hex in enemy ZOC (003 20.31)")
        #[error(
            "{unit} cannot reach assault hex {hex}: enemy ZOC cuts every way to it from the board edge"
        )]
        AssaultCutOff { unit: UnitId, hex: Hex },
        (B828, hint = "spread the invaders over more assault hexes: every unit placed on one this movement phase counts, those that then go ashore too (003 20.31)")
        #[error("{count} units would be placed on assault hex {hex} this movement phase; stacking is still 3 units a hex")]
        AssaultOverstacked { hex: Hex, count: String },
        (B829, hint = INVADE_NEXT_TO_ASSAULT)
        #[error("{unit} would move from assault hex {from} onto {hex}, which is not next to it")]
        BeachNotNext { unit: UnitId, from: Hex, hex: Hex },
        (B830, hint = INVADE_NEXT_TO_ASSAULT)
        #[error("{hex} holds enemy units: assaulting units move during movement only onto vacant beach hexes")]
        BeachNotVacant { hex: Hex },
        (B831, hint = OPPOSED_STOPS)
        #[error("an opposed invasion has no `path`: the units stop on the beach hex they land on")]
        OpposedPath,
        (B832, hint = OPPOSED_STOPS)
        #[error("{unit} landed on {hex} in an opposed invasion this player-turn and moves no further")]
        OpposedStops { unit: UnitId, hex: Hex },
        (B833, hint = "name it in an [[attack]]; after combat it goes ashore onto a vacant beach hex next to it, or is eliminated (20.35)")
        #[error("{unit} is on assault hex {hex}: it fights from there and goes ashore after combat; it takes no other order this movement phase")]
        OnAssaultHex { unit: UnitId, hex: Hex },
        (B834, hint = "list in `ashore` beach hexes next to the assault hex, of the beach invaded this player-turn")
        #[error("{hex} is no hex of beach `{beach}` next to assault hex {from}: units go ashore after combat only there")]
        AshoreNotNext { hex: Hex, from: Hex, beach: String },

        // ----------------------------------------------------------------------
        // Advances after combat of more than one hex (25.1; combat).

        (B901, hint = "name the units that advance in `advance`; advances of more hexes come with the Tournament Game (25.1)")
        #[error("battle {battle} gives `advance_path`, but on the Basic Game's table the winner advances into the vacated hex only")]
        AdvancePathBasic { battle: String },
        (B902, hint = "begin the path in the hex attacked and keep it to 4 hexes the unit may enter; the result decides how far it goes")
        #[error("{unit} cannot advance along this path after battle {battle}: {why}")]
        AdvancePath {
            unit: UnitId,
            battle: String,
            why: String,
        },

        // ----------------------------------------------------------------------
        // Substitute counters (26; substitutes).

        (B903)
        #[error(
            "`[[{order}]]` is an order of the Tournament Game's substitutes (26), not of this game"
        )]
        SubstitutesNotPlayed { order: String },
        (B904, hint = "name a full unit of yours on the map, and in `into` inactive substitutes of its type whose factors add up to its own (or leave `into` out)")
        #[error("{unit} cannot be broken down: {why}")]
        NoBreakdown { unit: UnitId, why: String },
        (B905, hint = "recombine substitutes of one type that end their movement in one hex, out of enemy ZOC and in no attack, into an inactive counter of their factors; in BLITZKRIEG '85, units of one arm in a city of your home country into a stronger counter (39.2)")
        #[error("{unit} cannot be recombined into {into}: {why}")]
        NoRecombine {
            unit: UnitId,
            into: UnitId,
            why: String,
        },

        // ----------------------------------------------------------------------
        // Artillery barrages on the BBT (25.2-25.5, 003 25.3; combat::barrage, combat::interleave).

        (B906)
        #[error("`[[barrage]]` is an order of the Tournament Game (25.2), not of this game")]
        BarrageNotPlayed,
        (B907)
        #[error("{unit} is {kind}: only artillery barrages on the BBT")]
        BarrageNotArtillery { unit: UnitId, kind: String },
        (B908, hint = BARRAGE_FROM)
        #[error("{unit} in {from} is at range {distance} from {target}: artillery barrages a hex exactly {range} hexes away")]
        BarrageRange {
            unit: UnitId,
            from: Hex,
            target: Hex,
            distance: u32,
            range: u32,
        },
        (B909, hint = BARRAGE_FROM)
        #[error("{unit} is in enemy ZOC in {hex}: artillery in enemy ZOC may not barrage")]
        BarrageInZoc { unit: UnitId, hex: Hex },
        (B910, hint = BARRAGE_FROM)
        #[error(
            "{unit} is not combat supplied this player-turn: unsupplied artillery may not barrage"
        )]
        BarrageUnsupplied { unit: UnitId },
        (B911)
        #[error("there is no enemy unit in {0} to barrage")]
        BarrageNoTarget(Hex),
        (B912)
        #[error("the enemy in {hex} is barraged in barrage {first} already: no defender is attacked on the BBT more than once a player-turn")]
        BarragedTwice { hex: Hex, first: String },
        (B913, hint = "name each artillery unit in one [[barrage]] or one [[attack]], not both")
        #[error("{unit} barrages in barrage {barrage} and is named in {other} too: artillery that barrages makes no other attack")]
        BarrageAndAttack {
            unit: UnitId,
            barrage: String,
            other: String,
        },
        (B914, hint = "leave the [[barrage]] out: this file answers decisions only; barrage in your own player-turn")
        #[error("a barrage is an attack of the player whose player-turn it is: no defensive barrage in the opponent's player-turn")]
        DefensiveBarrage,
        (B915)
        #[error("`{id}` names another battle or barrage of this player-turn already: each needs its own id (its roll is drawn by it)")]
        BarrageId { id: String },
        (B967, hint = "name in `after` the id of one of your [[attack]] orders, or leave `after` out to resolve the barrage before the first battle")
        #[error("barrage {barrage} is to be resolved after `{after}`, and no [[attack]] of this file has that id")]
        BarrageAfterNoAttack { barrage: String, after: String },

        // ----------------------------------------------------------------------
        // Rangers and lake crossings (27; movement::rangers).

        (B916)
        #[error("{hex} is not a coastal hex: rangers land only on a land hex next to a full sea hex")]
        NotCoastal { hex: Hex },
        (B917)
        #[error("rangers have landed on {limit} hexes of coast this player-turn ({hexes}); {hex} would be one more")]
        RangerCoastLimit { hex: Hex, limit: u32, hexes: String },
        (B918)
        #[error("{unit} is in enemy ZOC on {hex}: rangers go to sea only from a coastal hex free of enemy ZOC")]
        CoastInEnemyZoc { unit: UnitId, hex: Hex },
        (B919)
        #[error("{hex} touches the sea of zone {zones}, not zone {zone}: rangers go to sea into the zone of a full sea hex next to them")]
        CoastZone {
            hex: Hex,
            zone: SeaZone,
            zones: String,
        },
        (B920)
        #[error("{unit} cannot cross the lake: {why}")]
        LakeCrossing { unit: UnitId, why: String },

        // ----------------------------------------------------------------------
        // Replacements (28; replacements).

        (B921)
        #[error("no replacements now: {why}")]
        ReplacementNotYet { why: String },
        (B922)
        #[error("{unit} cannot be taken as a replacement: {why}")]
        NotInactiveSubstitute { unit: UnitId, why: String },
        (B923)
        #[error("too many replacements this turn: {why}")]
        ReplacementLimit { why: String },
        (B924)
        #[error("{unit} cannot be taken as a replacement now: {why}")]
        ReplacementType { unit: UnitId, why: String },
        (B925)
        #[error("no replacement from {hex}: {why}")]
        ReplacementCity { hex: Hex, why: String },

        // ----------------------------------------------------------------------
        // Minor countries (29; minor).

        (B926, hint = ATTACK_THE_CITY)
        #[error("{unit} may not enter {hex}: it is an unreduced minor country city, which its aggressor enters only once it is reduced on the MCRT")]
        UnreducedCity { unit: UnitId, hex: Hex },
        (B927, hint = ATTACK_THE_CITY)
        #[error("{unit} ends next to {city}, an unreduced city of {country}: every aggressor unit next to one attacks it")]
        MustAttackCity {
            unit: UnitId,
            city: Hex,
            country: String,
        },
        (B928)
        #[error("{unit} is not next to {city}: only units next to a minor country city attack it")]
        CityNotAdjacent { unit: UnitId, city: Hex },
        (B929)
        #[error("`{0}` is no minor country: write nord-walkure, sud-walkure, calaedia, san-estados or new-endor")]
        NoSuchMinorCountry(String),
        (B930)
        #[error(
            "`[[minor]]` is an order of the Tournament Game's minor countries (29), not of this game"
        )]
        MinorNotPlayed,
        (B931)
        #[error("{unit} cannot attack the city {city}: {why}")]
        CityAttack {
            unit: UnitId,
            city: Hex,
            why: String,
        },
        (B932)
        #[error("battle {battle} is an attack on a city (`city = true`), but {hex} is no unreduced minor country city its side may attack")]
        NotAMinorCity { battle: String, hex: Hex },
        (B933)
        #[error("{hex} is an unreduced minor country city with liberator units in it: attack both the city (`city = true`) and the units, in two battles")]
        CityAndUnits { hex: Hex },
        (B951)
        #[error("{unit} is named in `lose` of [[minor]] {country}, and the factors lost to guerrillas may not attack before their removal (29.6); it attacks in {attack}")]
        GuerrillaLossAttacks {
            unit: UnitId,
            country: String,
            attack: String,
        },

        // ----------------------------------------------------------------------
        // Air power (30; air).

        (B938, hint = MISSION_KINDS)
        #[error("`{0}` is not a kind of mission: write \"tactical\", \"strategic\" or \"transfer\"")]
        MissionKind(String),
        (B939, hint = MISSION_KINDS)
        #[error("{unit} is an aircraft: it moves only by a [[mission]], from one base to another")]
        AirMovesByMission { unit: UnitId },
        (B940, hint = MISSION_KINDS)
        #[error("{unit} cannot fly this mission: {why}")]
        CannotFlyMission { unit: UnitId, why: String },
        (B941)
        #[error(
            "{unit} cannot reach {to} from its base {from}: {distance} hexes, its range is {range}"
        )]
        OutOfRange {
            unit: UnitId,
            from: Hex,
            to: Hex,
            distance: u32,
            range: u32,
        },
        (B942)
        #[error("{unit} began the player-turn at {hex}, a base in enemy ZOC: it may change bases but fly no combat mission")]
        BaseInEnemyZoc { unit: UnitId, hex: Hex },
        (B943, hint = LANDING)
        #[error("{unit} cannot land at {hex}: {why}")]
        NoLanding { unit: UnitId, hex: Hex, why: String },
        (B944, hint = LANDING)
        #[error(
            "{hex} would base {count} air units (3 full units at most, a substitute counting half)"
        )]
        AirOverstacked { hex: Hex, count: String },
        (B945)
        #[error("battle {battle} would have {air} factors of bombers and only {ground} of ground units: never more air than ground factors")]
        AirOutnumbersGround {
            battle: String,
            air: String,
            ground: String,
        },
        (B946)
        #[error("a tactical mission supports a battle: {why}")]
        NoBattleToSupport { why: String },
        (B947)
        #[error("{unit} cannot stage from {from} to {to}: {distance} hexes apart, more than twice its range ({limit})")]
        StagingGap {
            unit: UnitId,
            from: Hex,
            to: Hex,
            distance: u32,
            limit: u32,
        },
        (B948)
        #[error("{hex} cannot be bombed strategically now: {why}")]
        NoStrategicTarget { hex: Hex, why: String },
        (B949)
        #[error("{side} would have {count} of aircraft at sea; the limit is {limit}")]
        TooManyCarriers {
            side: Side,
            count: String,
            limit: String,
        },
        (B950)
        #[error("{unit} cannot go to sea: {why}")]
        CarrierNotAllowed { unit: UnitId, why: String },
        (B959)
        #[error("{unit} cannot take off from the sea in zone {zone}: enemy ZOC cuts the zone off from the board edge, and no naval activity is allowed there")]
        CarrierCutOff { unit: UnitId, zone: SeaZone },
        (B960)
        #[error("{hex} has a tactical air operation already this player-turn, supporting battle {first}: one of each type a hex, with all its bombers in one [[mission]]")]
        SecondTacticalOperation { hex: Hex, first: String },

        // ----------------------------------------------------------------------
        // Beach supply chosen by the orders (23.5; supply).

        (B970, hint = BEACH_SUPPLY)
        #[error("{unit} cannot take beach supply: {why}")]
        BeachSupplyNoRoute { unit: UnitId, why: String },
        (B971, hint = BEACH_SUPPLY)
        #[error(
            "{unit} would bring the units supplied through beach hexes this player-turn to {count}; {limit} at most (substitutes and rangers count half, 26.4)"
        )]
        BeachSupplyLimit {
            unit: UnitId,
            /// Units, in halves written out ("10", "10½").
            count: String,
            limit: u32,
        },

        // ----------------------------------------------------------------------
        // The declared readings of the Basic Game (docs/readings.md; combat).

        (B990)
        #[error("the enemy in {hex} is adjacent to your units but is not attacked: under the reading must-attack=every-adjacent every adjacent enemy unit is attacked")]
        AdjacentUnattacked { hex: Hex },
        (B991)
        #[error("{unit} moved away from the enemy in {hex} and left {engaged} with no legal attack: under the reading engaged-support=keep-support it keeps its support")]
        SupportMovedAway {
            unit: UnitId,
            hex: Hex,
            engaged: UnitId,
        },

        // ----------------------------------------------------------------------
        // 34 (weather): B220-B239.

        (B220, hint = "leave it where it is this complete-turn; it moves again when the ice is gone")
        #[error("{unit} may not move from the mountain {hex}: the weather is {weather}, and in ice units on mountains may not move (34)")]
        WeatherFrozen {
            unit: UnitId,
            hex: Hex,
            weather: crate::tables::Weather,
        },
        (B221, hint = "go round the mountains this complete-turn; units already on them may leave")
        #[error("{unit} may not move onto the mountain {hex}: the weather is {weather}, and in snow no ground unit may move onto mountains (34)")]
        WeatherMountain {
            unit: UnitId,
            hex: Hex,
            weather: crate::tables::Weather,
        },
        (B222, hint = "leave [[mission]] and [[air]] out this complete-turn; the aircraft and the units stay where they are")
        #[error("no air operations: the weather is {weather}, and in a gale, fog or ice there is no air mission, change of base, air transport or airdrop (34)")]
        WeatherNoAir { weather: crate::tables::Weather },
        (B223, hint = "keep the units at sea for a later player-turn, or land them in a friendly port: in a gale units at sea that do not land are eliminated")
        #[error("no invasions: the weather is {weather}, and in a gale no unit invades from the sea (34)")]
        WeatherNoInvasion { weather: crate::tables::Weather },
        (B224, hint = "remove the `# ` before the template's [seed] lines and fill them in, even without a battle")
        #[error("these orders roll the weather of complete-turn {turn} but name no [seed]: the seed must be named before it is published (34, reading weather-seed-34)")]
        WeatherNoSeed { turn: u32 },
        // 33: additional bombing missions (optional rule; bombing/).

        (B240)
        #[error("{unit} may bomb only one target of rule 33 a complete-turn (33.1)")]
        SecondBombingTarget { unit: UnitId },
        (B241)
        #[error("{hex} cannot be bombed now ({kind} mission): {why}")]
        BombingTarget {
            hex: Hex,
            kind: crate::model::mission::MissionKind,
            why: String,
        },

        // ----------------------------------------------------------------------
        // 35: naval ascendancy (Tournament optional rule; ascendancy, movement::naval).

        (B260)
        #[error("{unit} cannot go to sea from {port}: the state of zone {zone} is {state}, and no unit goes to sea from a port in a zone of enemy naval superiority (rule 35)")]
        ToSeaUnderEnemySuperiority {
            unit: UnitId,
            port: Hex,
            zone: SeaZone,
            state: String,
        },
        (B261)
        #[error("{unit} cannot invade from zone {zone}: its state is {state}, and {why} (rule 35)")]
        InvasionBarredByAscendancy {
            unit: UnitId,
            zone: SeaZone,
            state: String,
            why: String,
        },

        // ----------------------------------------------------------------------
        // 36: critical resources (optional rule 36; resources/limits.rs).

        (B280, hint = "the report's header says what each side has the use of this player-turn (36.1)")
        #[error("{unit} may move only {hexes} hex this player-turn: {why}")]
        ShortMoveOnly {
            unit: UnitId,
            hexes: u32,
            /// "Blue has the use of 1 oil city (36.23)".
            why: String,
        },
        (B281)
        #[error("{unit} may not barrage on the BBT this player-turn: {why}")]
        NoBarrageShortOfIndustry { unit: UnitId, why: String },
        (B282)
        #[error("{unit} would bring the factors of air missions this player-turn to {factors}; {limit} at most: {why}")]
        AirFactorsShortOfOil {
            unit: UnitId,
            factors: u32,
            limit: u32,
            why: String,
        },
        (B283)
        #[error("{unit} may not fly a tactical or strategic mission this player-turn: air units may not attack: {why}")]
        NoAirAttackShortOfIndustry { unit: UnitId, why: String },
        (B284)
        #[error("{unit} may not advance after combat this player-turn: {why}")]
        NoAdvanceShortOfOil { unit: UnitId, why: String },
        (B285, hint = "003 36.4: excess units may land or invade; those that cannot move one sea zone toward the nearest friendly port")
        #[error("{side} would end its movement with {what}: {why}")]
        AtSeaShort {
            side: Side,
            /// "6 at sea; 5 at most", "B-7IN is in zone C, which has no friendly port".
            what: String,
            why: String,
        },
        (B286)
        #[error("battle {battle} would be fought at {odds}, above 1-1, after the {allowed} attacks above 1-1 allowed this player-turn: {why}")]
        AttackAboveEvenShortOfIndustry {
            battle: String,
            odds: String,
            allowed: u32,
            why: String,
        },
        (B287, hint = "take the hex in a battle instead: an [[attack]] is still allowed, at the odds 36.32-36.34 leave")
        #[error("{unit} may not win an automatic victory at {hex} this player-turn: AVs are not allowed: {why}")]
        NoAvShortOfIndustry { unit: UnitId, hex: Hex, why: String },
        // 32: air combat (optional rule).
        (B310, hint = "write `route` as the hexes flown from the base, each next to the one before, ending at (or next to) `to`")
        #[error("the route of {unit}'s mission is no flight: {why}")]
        RouteBroken { unit: UnitId, why: String },
        (B311)
        #[error("the route of {unit}'s mission flies {hexes} hexes; its range is {range}")]
        RouteTooLong { unit: UnitId, hexes: u32, range: u32 },
        (B312, hint = "this game asks every bombing and escort mission for the hexes it flies (reading mission-route-32-31=required)")
        #[error("{unit}'s mission names no route")]
        RouteRequired { unit: UnitId },
        (B313, hint = "fighters escort a bombing mission (not at night) or an air transport: fly them to the hex it flies to")
        #[error("no bombing mission of yours flies over {hex}: fighters escort the bombers over a hex (32.4)")]
        NothingToEscort { hex: Hex },
        (B314)
        #[error("only the defender intercepts: [[intercept]] belongs in the answer to the stop before odds")]
        InterceptByMover,
        (B315, hint = "the template lists the flights over each hex this player-turn")
        #[error("no enemy bombers fly over {hex} this player-turn")]
        NoFlightToIntercept { hex: Hex },
        (B316)
        #[error("{unit} cannot intercept: {why}")]
        CannotIntercept { unit: UnitId, why: String },
        (B317, hint = "the template lists the fighters within the intercept range of each flight")
        #[error("{unit} is {distance} hexes from {hex}; it may intercept there from {range} hexes at most")]
        BeyondInterceptRange {
            unit: UnitId,
            hex: Hex,
            distance: u32,
            range: u32,
        },
        // 32.3: standing interception orders (`--interception standing`).
        (B318, hint = "standing interception orders name the writer's own fighters (FTR)")
        #[error("{unit} is not a fighter of yours: a [[standing_intercept]] names fighters")]
        StandingInterceptNotFighter { unit: UnitId },
        (B319)
        #[error("{hex} is not on the board: a [[standing_intercept]] names hexes of the board")]
        StandingInterceptOffBoard { hex: Hex },
        (B320, hint = "a game made with `blitz new --interception standing` takes them")
        #[error("this game intercepts by the exchange by mail: [[standing_intercept]] belongs in a game of standing interception orders")]
        StandingInterceptNotChosen,
        // 32.5-32.6: hunt and strafe.
        (B321, hint = "fly the hunters to a nearer search hex, or land them nearer it (`land`)")
        #[error("{unit}'s hunt flies {flown} hexes to its search hex, 1 to the hex it may attack and {back} back to base: hunters fly {limit} MF at most (32.53)")]
        HuntTooFar {
            unit: UnitId,
            flown: u32,
            back: u32,
            limit: u32,
        },
        (B322, hint = "fighters over a hex bombers fly to escort them (kind = \"escort\"); hunters search from a hex next to it")
        #[error("friendly bombers fly over {hex}: fighters there would be escorts, hunters may not search from it (32.5)")]
        HuntOverBombers { hex: Hex },
        (B323)
        #[error("`{field}` belongs to a hunt mission (kind = \"hunt\")")]
        HuntFieldOnOtherMission { field: String },
        (B324)
        #[error("hunters strafe an airbase next to their search hex: {hex} is not next to {search} (32.6)")]
        StrafeNotNextToSearch { hex: Hex, search: Hex },
        (B325)
        #[error("only the defender strafes with [[strafe]], in his answer before odds; hunters strafe by their hunt's `strafe`")]
        StrafeByMover,
        (B326, hint = "the template lists the airbases with enemy aircraft on the ground and your fighters on the ground")
        #[error("{unit} cannot strafe: {why}")]
        CannotStrafe { unit: UnitId, why: String },
        (B327)
        #[error("no enemy aircraft are on the ground at {hex}: nothing to strafe (32.6)")]
        NothingToStrafe { hex: Hex },
        // 36.34 on air combat (optional rules 32 and 36).
        (B335, hint = "with the use of no basic industry city a side flies no combat air operation, interception included (36.34)")
        #[error("{side} has the use of no basic industry city: its fighters intercept nothing")]
        NoInterceptWithoutIndustry { side: Side },
        // 32.7-32.75: patrol.
        (B328, hint = "a patrol hex lies within the aircraft's range and 12 hexes of its base: it flies 24 hexes in all (32.73)")
        #[error("{unit} would fly {hexes} hexes out to {hex} and back: a patroller flies 24 in all, and no farther out than its range of {range}")]
        PatrolTooFar {
            unit: UnitId,
            hex: Hex,
            hexes: u32,
            range: u32,
        },
        (B329, hint = "from its patrol hex a patroller intercepts as far as it can fly and still be home within 24 hexes in all")
        #[error("{unit} on patrol would fly {hexes} hexes from its base by its patrol hex to {hex} and back; a patroller flies 24 in all (32.73)")]
        PatrolInterceptTooFar { unit: UnitId, hex: Hex, hexes: u32 },
        // 32.3: a defender who does not answer (`--no-answer standing`).
        (B342, hint = "a game made with `blitz new --no-answer standing` may be resolved without the defender's answer; in this one his answer is awaited")
        #[error("this game waits for the defender's answer: [answer] none belongs in a game made with --no-answer standing")]
        NoAnswerNotChosen,
        (B343, hint = "[answer] none resolves the step that waits for the defender's interceptions before odds, in the mover's file")
        #[error("no answer to the interception exchange is awaited now: [answer] none resolves a player-turn stopped before odds")]
        NoAnswerNotAwaited,
        (B344, hint = "the defender's fallback standing interception orders apply; his [[intercept]]s come in his own answer")
        #[error("[answer] none says the defender's answer did not come: the file holds no [[intercept]]")]
        NoAnswerWithIntercepts,
        (B345, hint = "leave [answer] out of a file that answers")
        #[error("[answer] says only `none = true`")]
        NoAnswerFalse,

        // ----------------------------------------------------------------------
        // 37-41: BLITZKRIEG '85, the pre-game purchase (eighty5).

        (B350, hint = "reveal exactly the list and salt the commitment was made with: `blitz purchase` prints both; the list's case and order do not count")
        #[error("{side}'s reveal does not open {side}'s commitment: the list or the salt is not the one sealed")]
        PurchaseMismatch { side: Side },
        (B351)
        #[error("{side}'s purchase costs {spent} points; {side} has {budget}")]
        PurchaseOverBudget { side: Side, spent: u32, budget: u32 },
        (B352)
        #[error("{side}'s purchase buys {bought} of {item}; the counter mix holds {mix}")]
        PurchaseBeyondMix {
            side: Side,
            item: String,
            bought: u32,
            mix: u32,
        },
        (B353, hint = "name a counter type and its printed factors as the template's price list does: \"infantry 4-4\", \"transport-helicopter 2-8\"")
        #[error("`{0}` is not on the price list")]
        PurchaseUnknown(String),
        (B354)
        #[error("{side} may not reveal yet: {waiting}'s commitment is still to come; both commitments come in before either list is revealed")]
        RevealTooEarly { side: Side, waiting: Side },
        (B355)
        #[error("{side} owes {owed} now")]
        PurchaseOwed { side: Side, owed: String },
        (B356)
        #[error("\"{0}\" is not a commitment: it should be 64 hex digits, as `blitz purchase` prints")]
        PurchaseCommitmentMalformed(String),
        (B358)
        #[error("{side} has no part in the Hot War of BLITZKRIEG '85 yet: {why}")]
        HotWarNotYet { side: Side, why: String },
        // 37.12-37.13, 38.81: the Cold War's war-start roll (eighty5::war_start).
        (B359, hint = "reveal exactly the shift and salt the commitment was made with")
        #[error("{side}'s reveal does not open {side}'s commitment to its war-start die shift: the shift or the salt is not the one sealed")]
        ShiftMismatch { side: Side },
        (B360)
        #[error("{side}'s war-start die shift of {shift} is beyond 38.81's {most} points: a side shifts the die by 1 for each 10 points, from -3 to +3")]
        ShiftBeyondLimit { side: Side, shift: i64, most: u32 },
        (B361)
        #[error("{side}'s war-start die shift costs {spent} points; {side} has {budget}")]
        ShiftOverBudget { side: Side, spent: u32, budget: u32 },
        (B362)
        #[error("{side} may not reveal its war-start die shift yet: {waiting}'s commitment is still to come")]
        ShiftTooEarly { side: Side, waiting: Side },
        (B363)
        #[error("{side} owes {owed} now")]
        ShiftOwed { side: Side, owed: String },
        (B364, hint = "name the seed in [seed] as a player-turn does; the die is drawn from it with roll id war-start")
        #[error("the last war-start reveal rolls the die (38.81): it must name the seed the die is drawn from")]
        WarStartNoSeed,
        // 37.31, 38.2-38.71: the Hot War's production (eighty5::production).
        (B365)
        #[error("{item} cannot be bought now: {why}")]
        HotWarPurchaseNotYet { item: String, why: String },
        (B366, hint = "write [purchase] with `buy` alone: the list and the points are open in the Hot War")
        #[error("purchases of the Hot War are written openly (37.31, 38.7): no commitment or salt")]
        HotWarPurchaseSealed,
        (B367)
        #[error("{what} is not played in BLITZKRIEG '85: {why}")]
        NotIn85 { what: String, why: String },
        // 33.7: patrol/interdictors strafing ground units.
        (B336, hint = "patrol/interdictors strafe the enemy's ground units in their ZOC (reading pi-strafe-33-7=whole-zoc) or in their patrol hex or one next to it (one-hex)")
        #[error("no enemy ground units are {place}: nothing for the patrol/interdictors to strafe (33.7)")]
        NoGroundUnitsToStrafe { place: String },
        // 38.21: the Hot War's aircraft, one a functioning aircraft city (eighty5::production).
        (B368, hint = "buy one helicopter or air unit for each functioning aircraft city the template names, no more")
        #[error("{side} buys {bought} helicopter/air units; 38.21 allows one a functioning aircraft city and {side} has {cities}")]
        AircraftBeyondCities { side: Side, bought: u32, cities: u32 },
        (B369)
        #[error("{unit} cannot be placed in {hex}: {why} (38.21)")]
        AircraftPlacement { unit: UnitId, hex: Hex, why: String },
        // 32.4, 003 32.4, 003 32.31: escorts and the mover's choice of losses.
        (B346, hint = "fighters over a hex an air transport lands in escort it (kind = \"escort\"); hunters search from a hex next to it")
        #[error("your air transport lands in {hex}: fighters there would be escorts (003 32.4), hunters may not search from it (32.5)")]
        HuntOverAirTransport { hex: Hex },
        (B347, hint = "write `losses` on a bombing, escort, patrol or patrol/interdiction mission over the hex")
        #[error("a {kind} mission does not choose the order of losses (003 32.31): `losses` belongs to a mission met with the others over its hex")]
        LossesNotChosen { kind: String },
        (B348, hint = "`losses` names the units over the mission's hex: its bombers, escorts, patrollers and the units air transported there")
        #[error("{unit} cannot be named in the losses over {hex}: {why}")]
        LossesUnit { unit: UnitId, hex: Hex, why: String },
        (B349, hint = "write the whole order in one `losses` list")
        #[error("two missions over {hex} write `losses`: the order of losses over a hex is written once (003 32.31)")]
        LossesTwice { hex: Hex },
        // 51.1: BLITZKRIEG '85's victory die at the end of the last turn.
        (B383, hint = "remove the `# ` before the template's [seed] lines and fill them in, even without a battle")
        #[error("these orders end turn {turn}, the game's last: its seed rolls the die of 51.1 (who must hold 35 city hexes), but they name no [seed]")]
        VictoryNoSeed { turn: u32 },
        // 003 32.5-32.7: hunters, patrols and strafing (air_combat::patrol).
        (B370, hint = "send patrols and patrol/interdiction in a player-turn, from turn 1; a set-up places the aircraft in their cities")
        #[error("no {kind} mission flies at set-up: patrollers go up from turn 1 (003 32.7)")]
        PatrolAtSetUp { kind: String },
        (B371, hint = "with the use of 1 basic industry city or none, fighters only intercept (36.33-36.34)")
        #[error("{side} has the use of 1 basic industry city or none: its aircraft strafe nothing (36.33, 003 32.6)")]
        NoStrafeWithoutIndustry { side: Side },
        // 003 23.1: fighters' supply in the opponent's player-turn (supply).
        (B377, hint = "the report of the start of the player-turn names your fighters cut off from supply; leave them out of the answer")
        #[error("{unit} is cut off from supply in the enemy's player-turn: it may not intercept, wait out or strafe (003 23.1)")]
        FighterCutOff { unit: UnitId },
        // 32.3, 003 32.3, 003 32.34: the wait-out in a vacant hex and where it lands.
        (B337)
        #[error("only the defender waits out with [[wait_out]], in his answer before odds")]
        WaitOutByMover,
        (B338, hint = "a fighter waits out over a hex with no enemy aircraft in it: any hex but those the template lists as flights")
        #[error("{hex} holds enemy aircraft: fighters wait out over a hex with none (003 32.3)")]
        WaitOutNotVacant { hex: Hex },
        (B339, hint = "the template lists the fighters that may wait out: on the ground, at a base free of enemy ZOC when the player-turn began")
        #[error("{unit} cannot wait out: {why}")]
        CannotWaitOut { unit: UnitId, why: String },
        (B340, hint = "a fighter waits out within 12 hexes of its base and its range (003 32.3)")
        #[error("{unit} is {distance} hexes from {hex}; it may wait out from {most} hexes at most")]
        WaitOutTooFar {
            unit: UnitId,
            hex: Hex,
            distance: u32,
            most: u32,
        },
        (B341, hint = "the template lists the bases a returning fighter may land at: friendly since the start of your own last player-turn and free of enemy ZOC (003 32.34)")
        #[error("{unit} cannot land at {hex}: {why}")]
        CannotLandAt { unit: UnitId, hex: Hex, why: String },
        // 46: helicopters (eighty5::helicopter).
        (B372, hint = "a helicopter moves again when the weather is clear, rain or snow; it still defends, with 1")
        #[error("{unit} may not move: helicopters do not move in {weather} (46.21)")]
        HelicopterGrounded { unit: UnitId, weather: crate::tables::Weather },
        (B373, hint = "end the helicopter's move on a land hex: it may fly over sea and lake on the way")
        #[error("{unit} may not end its move in {hex}: helicopters never end their movement in an all-water hex ({terrain}, 46.2)")]
        HelicopterOverWater { unit: UnitId, hex: Hex, terrain: String },
        (B374, hint = "name in `by` the transport helicopters of one infantry unit: `[[move]] unit = \"B-1IN\" by = [\"B-1TH\"]`")
        #[error("{unit} cannot be carried by helicopter: {why} (46.41)")]
        NotCarried { unit: UnitId, why: String },
        (B375, hint = "name transport helicopters (B-1TH ... B-8TH) in `by`")
        #[error("{unit} carries no unit: only transport helicopters carry infantry (46.41, 46.5)")]
        NotATransportHelicopter { unit: UnitId },
        (B376, hint = "add transport helicopters to `by` until their combat strengths together reach the infantry's")
        #[error("{unit}'s combat strength of {strength} exceeds the {capacity} its transport helicopters carry (46.41)")]
        HelicopterCapacity { unit: UnitId, strength: u32, capacity: u32 },
        // 41.9, 49: BLITZKRIEG '85's airfields (eighty5::airfield).
        (B378, hint = "an infantry unit builds an airfield where it stands, in a clear hex that is no city, out of enemy ZOC, with no other order this player-turn (49.1-49.2)")
        #[error("{unit} cannot build an airfield: {why}")]
        CannotBuildAirfield { unit: UnitId, why: String },
        (B379)
        #[error("{side} would have {count} airfields built or being built; its counter mix holds {mix} (41.9)")]
        AirfieldsBeyondMix { side: Side, count: u32, mix: u32 },
        (B380, hint = "buy an airfield counter before the game, or keep 10 points a build unspent this player-turn")
        #[error("{side}'s airfields ordered need {needed} points beyond the airfield counters it holds; {side} has {points} (41.9)")]
        AirfieldPoints { side: Side, points: u32, needed: u32 },
        (B381, hint = "name an airfield of your own with one of your ground units in it at the end of the player-turn (49.4)")
        #[error("the airfield at {hex} cannot be destroyed: {why}")]
        CannotDestroyAirfield { hex: Hex, why: String },
        (B382)
        #[error("[[airfield]] and [[destroy_airfield]] are BLITZKRIEG '85's (49): this game has no airfields")]
        AirfieldsOnlyIn85,
        // 47.21: an escort joining its bombers on their way (BLITZKRIEG '85).
        (B397, hint = "an escort joins, in a game of '85, at the hex its bombers start from or a hex of the route their mission writes (47.21)")
        #[error("{unit} cannot join the bombers at {hex}: {why}")]
        CannotJoin { unit: UnitId, hex: Hex, why: String },
        (B398, hint = "join the bombers nearer the escort's base, or leave `join` out to fly straight to their target")
        #[error("{unit} would fly {hexes} hexes to {to} by way of {hex}, beyond its range of {range} (47.21)")]
        JoinTooFar {
            unit: UnitId,
            hex: Hex,
            to: Hex,
            hexes: u32,
            range: u32,
        },
        // 41.1, 41.4-41.8: the naval counters held until 42-45 (BLITZKRIEG '85).
        (B417, hint = "the naval units bought wait in the state, listed in the report, until the naval rules (42-45) are built; leave them out of the orders")
        #[error("{unit} is a naval counter (41.1, 41.4-41.8): the naval units bought are held until the naval rules are built (42-45), and none is placed or moved before")]
        NavalCounterWaits { unit: String },
        // 50: BLITZKRIEG '85's air transport and air supply (movement::air, supply).
        (B384, hint = "name the transport aircraft in the take-off city that carry the units: `[[air]] by = [\"B-1TA\"]` (the template lists them)")
        #[error("air transport in BLITZKRIEG '85 is flown by transport aircraft (50.5): the order names none in `by`")]
        NoTransportAircraft,
        (B385)
        #[error("{unit} cannot carry these units: {why}")]
        CannotCarry { unit: UnitId, why: String },
        (B386, hint = "add transport aircraft to `by`, or carry fewer units: a replacement-size unit takes a half unit, a full one a unit, air assault twice that (50.5)")
        #[error("the units flown need {needed} of air transport capacity; the transport aircraft in `by` carry {capacity} (50.5)")]
        AirTransportCapacity { needed: String, capacity: String },
        (B387)
        #[error("`by` names transport aircraft of BLITZKRIEG '85 (50.5): this game flies 9.3's air transport capacity, with no aircraft named")]
        TransportAircraftNotInGame,
        (B388)
        #[error("{aircraft} cannot supply these units by air: {why}")]
        CannotAirSupply { aircraft: UnitId, why: String },
        // 52.2-52.3: bombardment of a facility by artillery and attack helicopters.
        (B391, hint = "bombard a facility with aircraft (`[[mission]]`, docs/85.md); a barrage attacks the units in its target hex (25.2, 46.5)")
        #[error("barrage {id} names a facility ({facility}): bombardment of a facility by artillery or attack helicopters (52.2-52.3) is not built yet")]
        FacilityBarrageNotBuilt { id: String, facility: String },
        // 50.76: an aircraft flying air supply does nothing else (BLITZKRIEG '85).
        (B389, hint = "leave the aircraft out of the mission, or fly another transport aircraft on it")
        #[error("{aircraft} flies air supply this player-turn and may do nothing else (50.76): it flies no air mission")]
        SupplierOnMission { aircraft: UnitId },
        // 37.33: BLITZKRIEG '85's air movement, before the ground movement.
        (B430, hint = "change base to a city free of enemy ZOC before any ground unit moves; a city the ground movement frees may be landed at after combat (37.37) or changed to next player-turn")
        #[error("{unit} cannot change base to or through {hex}: the air units move before any ground unit (37.33), and {hex} was then in enemy ZOC (30.6)")]
        ZocBeforeGroundMovement { unit: UnitId, hex: Hex },
        // 47.33: the owner's choice of the transport aircraft lost (BLITZKRIEG '85).
        (B418, hint = "name in `losses` the order's own transport aircraft (`by`) or units (`units`), each once")
        #[error("`losses` of this [[air]] names {unit}: {why} (47.33)")]
        AirLossesUnit { unit: UnitId, why: String },
        // 52.2-52.3: facilities bombarded by artillery and attack helicopters
        // (BLITZKRIEG '85, bombing/barrage.rs).
        (B392, hint = "name `port`, `road`, `industry`, `resource` or `airbase-facility`, as a bombing mission names its target (docs/orders.md)")
        #[error("barrage {id} names \"{facility}\" as its facility: no facility is called so")]
        FacilityUnknown { id: String, facility: String },
        (B393)
        #[error("barrage {id} cannot bombard the {facility} of {hex}: {why}")]
        FacilityNotTarget {
            id: String,
            facility: String,
            hex: Hex,
            why: String,
        },
        (B394, hint = "name all the artillery and attack helicopters firing at it in one barrage: each bombardment has one target (52.3)")
        #[error("the {facility} of {hex} is bombarded in barrage {first} already")]
        FacilityBombardedTwice {
            facility: String,
            hex: Hex,
            first: String,
        },
        (B395, hint = "leave the facility to the aircraft or to the barrage, or give the other another target")
        #[error("barrage {id} and the aircraft of a mission both bombard the {facility} of {hex}: air units never combine their bombardment with that of artillery and attack helicopters (52.2)")]
        FacilityWithAircraft {
            id: String,
            facility: String,
            hex: Hex,
        },
        // 52.6: a player's own damage (BLITZKRIEG '85, bombing/own.rs).
        (B396, hint = "a player damages a facility of a hex one of his ground units holds at the end of his player-turn (52.6)")
        #[error("{side} cannot damage the {facility} of {hex}: no ground unit of {side}'s is in {hex} after its movement (52.6: a facility he occupies)")]
        OwnDamageNotOccupied {
            side: Side,
            facility: String,
            hex: Hex,
        },
        (B399, hint = "a player applies one level, light or heavy, to a facility at the end of his player-turn (52.6)")
        #[error("the {facility} of {hex} is named twice in `[[demolish]]`: one light or heavy level a facility a player-turn (52.6)")]
        OwnDamageTwice { facility: String, hex: Hex },
        (B424)
        #[error("`{level}` is no level of damage: `light` or `heavy` (52.6)")]
        OwnDamageLevel { level: String },
        (B425)
        #[error("`[[demolish]]` and `[[keep_damage]]` are BLITZKRIEG '85's (52.6): this game damages no facility")]
        OwnDamageNotPlayed,
        (B426, hint = "name `port`, `road`, `industry`, `resource` or `airbase-facility` of a hex that has it (docs/85.md)")
        #[error("there is no {facility} to damage at {hex}: {why}")]
        OwnDamageNoFacility {
            facility: String,
            hex: Hex,
            why: String,
        },
        (B427, hint = "name in `[[keep_damage]]` a damaged facility whose levels come off in your player-turns (the report lists them)")
        #[error("the {facility} of {hex} has no damage of {side}'s to keep (52.6)")]
        KeepNoDamage {
            side: Side,
            facility: String,
            hex: Hex,
        },
        // 38.21: the Hot War's upgrades of helicopters and air units (eighty5::production).
        (B436, hint = "buy and upgrade together one helicopter or air unit for each functioning aircraft city the template names, no more")
        #[error("{side} buys {bought} and upgrades {upgraded} helicopter/air units; 38.21 allows one produced or upgraded a functioning aircraft city and {side} has {cities}")]
        AircraftUpgradesBeyondCities { side: Side, bought: u32, upgraded: u32, cities: u32 },
        (B437, hint = "trade the units in at a functioning aircraft city the template names where no other helicopter or air unit is placed or upgraded this player-turn")
        #[error("{unit} cannot be upgraded in {hex}: {why} (38.21)")]
        AircraftUpgradePlace { unit: UnitId, hex: Hex, why: String },
    }
}

/// "E5", "E5 and E7", "E5, E7 and F8".
fn hex_list(hexes: &[Hex]) -> String {
    let names: Vec<String> = hexes.iter().map(ToString::to_string).collect();
    crate::orders::and_list(&names, "no hex")
}
