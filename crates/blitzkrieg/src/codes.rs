//! Stable error codes: one per kind of problem, so a program reading `--format json`
//! can tell problems apart without parsing their wording. Order problems are `B1xx` to
//! `B8xx` (by part of the rules), position file problems `P0xx`, command failures `G0xx`
//! (the game), `S0xx` (state files) and `F0xx` (files, from `pbem`). A code never changes meaning once released;
//! a new kind of problem gets a new code. `docs/error-codes.md` lists them all.
//!
//! Every match here is exhaustive, without a wildcard, so a new variant does not
//! compile until it has its code.

use crate::orders::Problem;
use crate::position_file::PositionProblem;
use crate::ruleset::RulesetError;

impl Problem {
    /// The stable code of this problem (`docs/error-codes.md`).
    pub fn code(&self) -> &'static str {
        match self {
            // B1xx: the order file as written.
            Problem::NotToml(_) => "B101",
            Problem::BadHex(_) => "B102",
            Problem::BadUnitName(_) => "B103",
            Problem::BadSide(_) => "B104",
            Problem::NoUnits => "B105",
            Problem::RouteAmbiguous => "B106",
            Problem::EmptyPath => "B107",
            Problem::NoTarget => "B108",
            // B2xx: the header, the game and the units named.
            Problem::WrongGame { .. } => "B201",
            Problem::WrongSide { .. } => "B202",
            Problem::WrongTurn { .. } => "B203",
            Problem::WrongState { .. } => "B204",
            Problem::NoSeed => "B205",
            Problem::BadSeed(_) => "B206",
            Problem::SeedUsed(_) => "B183",
            Problem::GameOver(_) => "B207",
            Problem::UnknownUnit(_) => "B208",
            Problem::NotYourUnit { .. } => "B209",
            Problem::OrderedTwice { .. } => "B210",
            Problem::NotInThisGame(_) => "B211",
            Problem::NotNow { .. } => "B212",
            Problem::NoRoll(_) => "B213",
            // B3xx: set-up and reinforcements.
            Problem::CannotPlace { .. } => "B301",
            Problem::PlacedStack { .. } => "B302",
            Problem::NotHomeCountry { .. } => "B303",
            Problem::NotFriendlyCity { .. } => "B304",
            // B4xx: ground movement.
            Problem::OffBoard(_) => "B401",
            Problem::NotOnMap { .. } => "B402",
            Problem::IllegalHex { .. } => "B403",
            Problem::TooFar { .. } => "B404",
            Problem::ZocContinue { .. } => "B405",
            Problem::Engaged { .. } => "B406",
            Problem::TerrainStop { .. } => "B407",
            Problem::Overstacked { .. } => "B408",
            Problem::PathGap { .. } => "B409",
            Problem::NotStacked { .. } => "B410",
            Problem::StackTooLarge { .. } => "B411",
            Problem::NoMovement { .. } => "B412",
            Problem::NoPath { .. } => "B413",
            Problem::AfterDrop { .. } => "B414",
            // B5xx: air transport and airdrop.
            Problem::CannotFly { .. } => "B501",
            Problem::NotThere { .. } => "B502",
            Problem::FlightTooLong { .. } => "B503",
            Problem::AirLimit { .. } => "B504",
            Problem::SameCity { .. } => "B505",
            Problem::BadDropZone { .. } => "B506",
            Problem::AirSupplyNotNeeded { .. } => "B507",
            Problem::AirSupplyKind { .. } => "B508",
            Problem::AirSupplyNoRoute { .. } => "B509",
            Problem::AirSupplyLimit { .. } => "B510",
            // B6xx: attacks.
            Problem::NotAdjacent { .. } => "B601",
            Problem::NoDefender(_) => "B602",
            Problem::OddsTooLow { .. } => "B603",
            Problem::DefenderUnattacked { .. } => "B604",
            Problem::MustAttack { .. } => "B605",
            Problem::TwoBattles { .. } => "B606",
            Problem::DuplicateBattle(_) => "B607",
            Problem::HexInTwoBattles { .. } => "B608",
            Problem::EngagedMustAttack { .. } => "B609",
            Problem::NotInBattle { .. } => "B610",
            Problem::TooManyAdvance { .. } => "B611",
            // B7xx: decisions owed from the last player-turn.
            Problem::DecisionOwed { .. } => "B701",
            Problem::NoDecisionOwed(_) => "B702",
            Problem::DecisionsNotUsed => "B703",
            Problem::LossNotNamed { .. } => "B704",
            Problem::NotALoser { .. } => "B705",
            Problem::RetreatNotNamed { .. } => "B706",
            Problem::NoLegalRetreatNamed { .. } => "B707",
            Problem::NotAnAdvancer { .. } => "B708",
            Problem::TooManyAdvancers { .. } => "B709",
            Problem::OneLossOnly { .. } => "B710",
            Problem::DecisionsOnly { .. } => "B711",
            // Added later, in their families.
            Problem::TypographicQuote { .. } => "B109",
            Problem::SeedCommentedOut => "B214",
            Problem::StrategicNotClear { .. } => "B415",
            Problem::StrategicAttack { .. } => "B612",
            Problem::AvTooWeak { .. } => "B613",
            Problem::AvThenMove { .. } => "B416",
            Problem::NotAnAver { .. } => "B614",
            Problem::AvAdvance { .. } => "B615",
            // B8xx: sea movement (optional rule 19).
            Problem::SeaOrderShape => "B801",
            Problem::SetupWhere => "B802",
            Problem::BadZone(_) => "B803",
            Problem::NotAPort { .. } => "B804",
            Problem::PortZone { .. } => "B805",
            Problem::PortNotFriendly { .. } => "B806",
            Problem::PortInEnemyZoc { .. } => "B807",
            Problem::PortBlocked { .. } => "B808",
            Problem::TooManyAtSea { .. } => "B809",
            Problem::NotAtSea { .. } => "B810",
            Problem::AtSea { .. } => "B811",
            Problem::ZoneNotAdjacent { .. } => "B812",
            Problem::PortTooFar { .. } => "B813",
            Problem::PutToSeaThisTurn { .. } => "B814",
            Problem::LandedThisTurn { .. } => "B815",
            Problem::ZoneCutOff { .. } => "B816",
            // B82x: invasions (optional rule 20).
            Problem::NotABeach { .. } => "B817",
            Problem::CannotInvade { .. } => "B818",
            Problem::SecondBeach { .. } => "B819",
            Problem::BeachJustInvaded { .. } => "B820",
            Problem::BeachTooFar { .. } => "B821",
            Problem::OpposedInvasion { .. } => "B822",
            // B9xx: the Tournament Game (24-30).
            Problem::AdvancePathBasic { .. } => "B901",
            Problem::AdvancePath { .. } => "B902",
            Problem::SubstitutesNotPlayed { .. } => "B903",
            Problem::NoBreakdown { .. } => "B904",
            Problem::NoRecombine { .. } => "B905",
            Problem::AssaultNotSea { .. } => "B823",
            Problem::AssaultNoBeach { .. } => "B824",
            Problem::AssaultTwoBeaches { .. } => "B825",
            Problem::AssaultUnopposed { .. } => "B826",
            Problem::AssaultCutOff { .. } => "B827",
            Problem::AssaultOverstacked { .. } => "B828",
            Problem::BeachNotNext { .. } => "B829",
            Problem::BeachNotVacant { .. } => "B830",
            Problem::OpposedPath => "B831",
            Problem::OpposedStops { .. } => "B832",
            Problem::OnAssaultHex { .. } => "B833",
            Problem::AshoreNotNext { .. } => "B834",
            // B906-B915: artillery barrages on the BBT (25.2-25.5).
            Problem::BarrageNotPlayed => "B906",
            Problem::BarrageNotArtillery { .. } => "B907",
            Problem::BarrageRange { .. } => "B908",
            Problem::BarrageInZoc { .. } => "B909",
            Problem::BarrageUnsupplied { .. } => "B910",
            Problem::BarrageNoTarget(_) => "B911",
            Problem::BarragedTwice { .. } => "B912",
            Problem::BarrageAndAttack { .. } => "B913",
            Problem::DefensiveBarrage => "B914",
            Problem::BarrageId { .. } => "B915",
            Problem::BarrageAfterNoAttack { .. } => "B967",
            // B970-B971: beach supply chosen by the orders (23.5).
            Problem::BeachSupplyNoRoute { .. } => "B970",
            Problem::BeachSupplyLimit { .. } => "B971",
            // B990-B999: the declared readings of the Basic Game (docs/readings.md).
            Problem::AdjacentUnattacked { .. } => "B990",
            Problem::SupportMovedAway { .. } => "B991",
            // B926-B937: the minor countries (29).
            Problem::UnreducedCity { .. } => "B926",
            Problem::MustAttackCity { .. } => "B927",
            Problem::CityNotAdjacent { .. } => "B928",
            Problem::NoSuchMinorCountry(_) => "B929",
            Problem::MinorNotPlayed => "B930",
            Problem::CityAttack { .. } => "B931",
            // B938-B949: air power (30).
            Problem::MissionKind(_) => "B938",
            Problem::AirMovesByMission { .. } => "B939",
            Problem::CannotFlyMission { .. } => "B940",
            Problem::OutOfRange { .. } => "B941",
            Problem::BaseInEnemyZoc { .. } => "B942",
            Problem::NoLanding { .. } => "B943",
            Problem::AirOverstacked { .. } => "B944",
            Problem::AirOutnumbersGround { .. } => "B945",
            Problem::NoBattleToSupport { .. } => "B946",
            Problem::StagingGap { .. } => "B947",
            Problem::NoStrategicTarget { .. } => "B948",
            Problem::TooManyCarriers { .. } => "B949",
            Problem::CarrierNotAllowed { .. } => "B950",
            // B959-B966: carrier aircraft and air operations a hex (30.3, 30.4).
            Problem::CarrierCutOff { .. } => "B959",
            Problem::SecondTacticalOperation { .. } => "B960",
            // B916-B925: rangers (27) and replacements (28).
            Problem::NotCoastal { .. } => "B916",
            Problem::RangerCoastLimit { .. } => "B917",
            Problem::CoastInEnemyZoc { .. } => "B918",
            Problem::CoastZone { .. } => "B919",
            Problem::LakeCrossing { .. } => "B920",
            Problem::ReplacementNotYet { .. } => "B921",
            Problem::NotInactiveSubstitute { .. } => "B922",
            Problem::ReplacementLimit { .. } => "B923",
            Problem::ReplacementType { .. } => "B924",
            Problem::ReplacementCity { .. } => "B925",
            Problem::NotAMinorCity { .. } => "B932",
            Problem::CityAndUnits { .. } => "B933",
            // B951-B958: minor countries and aircraft over them (29).
            Problem::GuerrillaLossAttacks { .. } => "B951",
        }
    }

    /// What to do about it, where the message alone does not say.
    pub fn hint(&self) -> Option<&'static str> {
        match self {
            Problem::NotToml(_) => Some("start from the template the umpire mailed with the state"),
            Problem::WrongState { .. } | Problem::WrongTurn { .. } | Problem::WrongSide { .. } => {
                Some("copy the header of the latest template: game, side, turn and state")
            }
            Problem::NoSeed => {
                Some("add a [seed] table naming a round, time or date still to come")
            }
            Problem::SeedCommentedOut => Some(
                "the template carries [seed] commented out; an attacker removes the `# ` of its lines and fills them in",
            ),
            Problem::TypographicQuote { .. } => Some(
                "a word processor or mail program made them curly: type the straight quotes again, or turn off smart quotes",
            ),
            Problem::MustAttack { .. } | Problem::EngagedMustAttack { .. } => {
                Some("add an [[attack]] for this unit, or move it out of enemy ZOC")
            }
            Problem::DefenderUnattacked { .. } => Some(
                "add an [[attack]] with this hex as its target, by units next to it, or end the moves next to it elsewhere",
            ),
            Problem::StrategicNotClear { .. } => {
                Some("choose a path that keeps a hex away from every enemy unit and from every city not friendly to you, or a nearer destination")
            }
            Problem::StrategicAttack { .. } => Some(
                "move it no farther than its own movement factor allows, or leave it out of the attack",
            ),
            Problem::DecisionOwed { .. } => Some("see docs/orders.md, decisions"),
            Problem::AtSea { .. } | Problem::NotAtSea { .. } | Problem::SeaOrderShape => {
                Some("units at sea take [[sea]] orders (sail or land) and neither fight nor are attacked; see docs/orders.md, sea movement")
            }
            Problem::OpposedInvasion { .. } => Some(
                "name the full sea hex in enemy ZOC the units land from with `assault = \"SEA HEX\"` (and the beach hex with `invade`), or land where a sea hex free of enemy ZOC touches the beach; see docs/orders.md, invasions",
            ),
            Problem::AssaultTwoBeaches { .. } => Some(
                "name a hex of the beach you invade in `ashore` (or in `invade`), or invade that beach with an earlier order",
            ),
            Problem::AshoreNotNext { .. } => Some(
                "list in `ashore` beach hexes next to the assault hex, of the beach invaded this player-turn",
            ),
            Problem::AssaultNotSea { .. } | Problem::AssaultNoBeach { .. } => Some(
                "name with `assault` a full sea hex of your zone or a zone next to it that touches a hex of the beach you invade; see docs/orders.md, opposed invasions",
            ),
            Problem::AssaultUnopposed { .. } => Some(
                "invade from a sea hex free of enemy ZOC with `invade = \"BEACH HEX\"` (and a `path` inland), without `assault`",
            ),
            Problem::AssaultCutOff { .. } => Some(
                "choose an assault hex the sea reaches from the board edge without passing a hex in enemy ZOC (003 20.31)",
            ),
            Problem::AssaultOverstacked { .. } => Some(
                "spread the invaders over more assault hexes: every unit placed on one this movement phase counts, those that then go ashore too (003 20.31)",
            ),
            Problem::BeachNotNext { .. } | Problem::BeachNotVacant { .. } => Some(
                "name in `invade` a beach hex next to the assault hex with no enemy unit in it, or leave `invade` out: the units fight from the sea and go ashore after combat (20.35)",
            ),
            Problem::OpposedPath | Problem::OpposedStops { .. } => Some(
                "an opposed unit stops on the beach hex it lands on (003 20.32); it moves on in a later player-turn",
            ),
            Problem::OnAssaultHex { .. } => Some(
                "name it in an [[attack]]; after combat it goes ashore onto a vacant beach hex next to it, or is eliminated (20.35)",
            ),
            Problem::SecondBeach { .. } | Problem::BeachJustInvaded { .. } => {
                Some("land on the beach already invaded this player-turn, or at a friendly port, or invade another beach in a later player-turn")
            }
            Problem::AdvancePathBasic { .. } => Some(
                "name the units that advance in `advance`; advances of more hexes come with the Tournament Game (25.1)",
            ),
            Problem::AdvancePath { .. } => Some(
                "begin the path in the hex attacked and keep it to 4 hexes the unit may enter; the result decides how far it goes",
            ),
            Problem::NoBreakdown { .. } => Some(
                "name a full unit of yours on the map, and in `into` inactive substitutes of its type whose factors add up to its own (or leave `into` out)",
            ),
            Problem::NoRecombine { .. } => Some(
                "recombine substitutes of one type that end their movement in one hex, out of enemy ZOC and in no attack, into an inactive counter of their factors",
            ),
            Problem::BarrageRange { .. }
            | Problem::BarrageInZoc { .. }
            | Problem::BarrageUnsupplied { .. } => Some(
                "barrage with supplied artillery out of enemy ZOC, exactly 2 hexes from the target; or let it attack in close support in an [[attack]]",
            ),
            Problem::BarrageAndAttack { .. } => Some(
                "name each artillery unit in one [[barrage]] or one [[attack]], not both",
            ),
            Problem::BarrageAfterNoAttack { .. } => Some(
                "name in `after` the id of one of your [[attack]] orders, or leave `after` out to resolve the barrage before the first battle",
            ),
            Problem::BeachSupplyNoRoute { .. } | Problem::BeachSupplyLimit { .. } => Some(
                "the template lists the units a beach hex may supply now; name 10 at most, rangers and substitutes counting half",
            ),
            Problem::DefensiveBarrage => Some(
                "leave the [[barrage]] out: this file answers decisions only; barrage in your own player-turn",
            ),
            Problem::UnreducedCity { .. } | Problem::MustAttackCity { .. } => Some(
                "attack the city with an [[attack]] on its hex (no defending units needed); once the MCRT reduces it, it may be entered (29.4)",
            ),
            Problem::PortNotFriendly { .. }
            | Problem::PortInEnemyZoc { .. }
            | Problem::PortBlocked { .. } => {
                Some("the template lists the ports you may use now, zone by zone")
            }
            Problem::AirMovesByMission { .. }
            | Problem::MissionKind(_)
            | Problem::CannotFlyMission { .. } => Some(
                "see docs/orders.md, air missions: `kind` tactical (TAC, MDM with a battle), strategic (SAC, MDM) or transfer",
            ),
            Problem::NoLanding { .. } | Problem::AirOverstacked { .. } => Some(
                "land at a friendly city free of enemy ZOC within range of the target (within half range after bombing at double strength), with room for 3 full air units",
            ),
            _ => None,
        }
    }
}

impl RulesetError {
    /// The stable code of this refusal (`docs/error-codes.md`).
    pub fn error_code(&self) -> &'static str {
        match self {
            RulesetError::File { .. } => "R001",
            RulesetError::NotYet { .. } => "R002",
            RulesetError::NoSuchRule(_) => "R003",
            RulesetError::Needs { .. } => "R004",
            RulesetError::NoSuchReading(_) => "R005",
            RulesetError::NoSuchOption { .. } => "R006",
            RulesetError::ReadingSyntax(_) => "R007",
            RulesetError::TournamentReading(_) => "R008",
        }
    }
}

impl PositionProblem {
    /// The stable code of this problem (`docs/error-codes.md`).
    pub fn code(&self) -> &'static str {
        match self {
            PositionProblem::NotToml(_) => "P001",
            PositionProblem::Format { .. } => "P002",
            PositionProblem::Header(_) => "P003",
            PositionProblem::BadHex(_) => "P004",
            PositionProblem::OffBoard(_) => "P005",
            PositionProblem::Impassable { .. } => "P006",
            PositionProblem::UnknownUnit(_) => "P007",
            PositionProblem::NotInGame(_) => "P008",
            PositionProblem::Twice { .. } => "P009",
            PositionProblem::Overstacked { .. } => "P010",
            PositionProblem::BothSides { .. } => "P011",
            PositionProblem::SetUpAbroad { .. } => "P012",
            PositionProblem::Strength { .. } => "P013",
            PositionProblem::BadSide(_) => "P014",
            PositionProblem::HexTwice(_) => "P015",
            PositionProblem::NotHeldCity { .. } => "P016",
            PositionProblem::EliminatedLater { .. } => "P017",
            PositionProblem::NotOwnUnit { .. } => "P018",
            PositionProblem::BadZone(_) => "P019",
            PositionProblem::TooManyAtSea { .. } => "P020",
            PositionProblem::NoChange { .. } => "P025",
            PositionProblem::AirNotInCity { .. } => "P031",
            PositionProblem::AirOverstacked { .. } => "P032",
            PositionProblem::NoSuchMinor(_) => "P029",
            PositionProblem::NotMinorCity { .. } => "P030",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Hex;
    use crate::units::{Side, UnitId};
    use std::collections::BTreeSet;

    /// Every code written in this file, in the order written.
    fn codes_in_source() -> Vec<String> {
        let src = include_str!("codes.rs");
        let body = src.split("#[cfg(test)]").next().unwrap_or("");
        body.split('"')
            .skip(1)
            .step_by(2)
            .filter(|s| {
                s.len() == 4
                    && s.starts_with(['B', 'G', 'R', 'P'])
                    && s[1..].chars().all(|c| c.is_ascii_digit())
            })
            .map(str::to_string)
            .collect()
    }

    /// One example of every problem, as a player would meet it.
    pub(crate) fn examples() -> Vec<Problem> {
        let u = || UnitId::new("B-7IN").unwrap();
        let h = |s: &str| s.parse::<Hex>().unwrap();
        vec![
            Problem::NotToml("expected `=`".into()),
            Problem::BadHex("`Q` is not a hex: a column letter and a number, like C3".into()),
            Problem::BadUnitName(crate::units::NameError::UnitIdCharacters("B 1".into())),
            Problem::BadSide("green".into()),
            Problem::NoUnits,
            Problem::RouteAmbiguous,
            Problem::EmptyPath,
            Problem::NoTarget,
            Problem::WrongGame {
                expected: "g1".into(),
                found: "g2".into(),
            },
            Problem::WrongSide {
                expected: Side::Red,
                found: Side::Blue,
            },
            Problem::WrongTurn {
                expected: 4,
                found: 3,
            },
            Problem::WrongState {
                expected: "9f2c".into(),
                found: "1a7e".into(),
            },
            Problem::NoSeed,
            Problem::BadSeed("this game is resolved by drand; name a `round` or a `time`".into()),
            Problem::SeedUsed("drand quicknet round 123 already decided player-turn 1-Red of this game: a seed decides one player-turn or step only, and this one is known to everyone; name a seed still to come".into()),
            Problem::GameOver("Red won (16)".into()),
            Problem::UnknownUnit("B-99IN".into()),
            Problem::NotYourUnit {
                unit: u(),
                owner: Side::Blue,
                side: Side::Red,
            },
            Problem::OrderedTwice {
                unit: u(),
                what: "move".into(),
            },
            Problem::NotInThisGame(UnitId::new("B-1SAC").unwrap()),
            Problem::NotNow {
                what: "[[move]]".into(),
                why: "set-up places units only".into(),
            },
            Problem::NoRoll("the seed gives no digit".into()),
            Problem::CannotPlace {
                unit: u(),
                why: "it enters on turn 3".into(),
            },
            Problem::PlacedStack {
                hex: h("C3"),
                count: 4,
            },
            Problem::NotHomeCountry {
                hex: h("P30"),
                side: Side::Blue,
            },
            Problem::NotFriendlyCity {
                hex: h("P30"),
                side: Side::Blue,
                why: "Red holds it".into(),
            },
            Problem::OffBoard(h("A99")),
            Problem::NotOnMap { unit: u() },
            Problem::IllegalHex {
                unit: u(),
                hex: h("D4"),
                why: "it is all sea".into(),
            },
            Problem::TooFar {
                unit: u(),
                needed: "5".into(),
                allowed: "4".into(),
            },
            Problem::ZocContinue {
                unit: u(),
                hex: h("D4"),
            },
            Problem::Engaged { unit: u() },
            Problem::TerrainStop {
                unit: u(),
                hex: h("D4"),
                terrain: "mountain".into(),
            },
            Problem::Overstacked {
                hex: h("D4"),
                count: 4,
            },
            Problem::PathGap {
                unit: u(),
                from: h("C3"),
                to: h("C5"),
            },
            Problem::NotStacked {
                unit: u(),
                hex: h("C3"),
                first: UnitId::new("B-8IN").unwrap(),
                other: h("C4"),
            },
            Problem::StackTooLarge { count: 4 },
            Problem::NoMovement {
                unit: u(),
                hex: h("C3"),
            },
            Problem::NoPath {
                unit: u(),
                to: h("K9"),
                why: "every way is blocked by enemy ZOC".into(),
            },
            Problem::AfterDrop {
                unit: u(),
                landing: h("D4"),
                allowed: 0,
            },
            Problem::CannotFly {
                unit: UnitId::new("B-3AR").unwrap(),
                why: "armor is not air-transportable".into(),
            },
            Problem::NotThere {
                unit: u(),
                hex: h("C3"),
                actual: h("C4"),
            },
            Problem::FlightTooLong {
                unit: u(),
                distance: 30,
                limit: 24,
            },
            Problem::AirLimit {
                unit: u(),
                count: 5,
            },
            Problem::AirSupplyNotNeeded { unit: u() },
            Problem::AirSupplyKind {
                unit: u(),
                kind: "armor".into(),
            },
            Problem::AirSupplyNoRoute {
                unit: u(),
                why: "no friendly city within 40 hexes of one that is supplied".into(),
            },
            Problem::AirSupplyLimit {
                unit: u(),
                count: "5".into(),
                limit: 4,
            },
            Problem::BeachSupplyNoRoute {
                unit: u(),
                why: "no beach hex you invaded last player-turn is within 10 hexes of it".into(),
            },
            Problem::BeachSupplyLimit {
                unit: u(),
                count: "10½".into(),
                limit: 10,
            },
            Problem::SameCity { hex: h("C3") },
            Problem::BadDropZone {
                hex: h("D4"),
                why: "it is a city".into(),
            },
            Problem::NotAdjacent {
                unit: u(),
                target: h("F6"),
            },
            Problem::NoDefender(h("F6")),
            Problem::OddsTooLow { odds: "1-7".into() },
            Problem::DefenderUnattacked { hex: h("F6") },
            Problem::AdjacentUnattacked { hex: h("F6") },
            Problem::SupportMovedAway {
                unit: u(),
                hex: h("F6"),
                engaged: UnitId::new("B-2IN").unwrap(),
            },
            Problem::MustAttack {
                unit: u(),
                hex: h("E6"),
                enemies: vec![h("E7")],
            },
            Problem::TwoBattles { unit: u() },
            Problem::DuplicateBattle("A1".into()),
            Problem::HexInTwoBattles { hex: h("F6") },
            Problem::EngagedMustAttack {
                unit: u(),
                how: "against F6 at 1-2".into(),
            },
            Problem::NotInBattle {
                unit: u(),
                battle: "A1".into(),
                what: "advance".into(),
            },
            Problem::TooManyAdvance {
                battle: "A1".into(),
                count: 4,
            },
            Problem::DecisionOwed {
                battle: "1-Red/A1".into(),
                what: "one loss (EX)".into(),
            },
            Problem::NoDecisionOwed("1-Red/A9".into()),
            Problem::DecisionsNotUsed,
            Problem::DecisionsOnly {
                what: "[[move]]".into(),
            },
            Problem::LossNotNamed {
                battle: "1-Red/A1".into(),
                candidates: "B-7IN, B-8IN".into(),
            },
            Problem::NotALoser {
                unit: u(),
                battle: "1-Red/A1".into(),
                candidates: "B-8IN".into(),
            },
            Problem::RetreatNotNamed {
                unit: u(),
                battle: "1-Red/A1".into(),
                legal: "C5, D5".into(),
            },
            Problem::NoLegalRetreatNamed {
                unit: u(),
                battle: "1-Red/A1".into(),
                legal: "C5, D5".into(),
            },
            Problem::NotAnAdvancer {
                unit: u(),
                battle: "1-Red/A1".into(),
            },
            Problem::TooManyAdvancers { count: 4 },
            Problem::OneLossOnly {
                battle: "1-Red/A1".into(),
            },
            Problem::TypographicQuote { found: '“' },
            Problem::SeedCommentedOut,
            Problem::StrategicNotClear {
                unit: u(),
                needed: "6".into(),
                allowed: 4,
                bonus: 4,
                why: "N5 is next to the enemy in N6".into(),
            },
            Problem::StrategicAttack {
                unit: u(),
                what: "battle A1".into(),
            },
            Problem::AvTooWeak {
                hex: h("F6"),
                odds: "18:3 reduce to 6-1".into(),
                needed: 7,
                retreat: true,
            },
            Problem::AvThenMove {
                unit: u(),
                hex: h("F6"),
            },
            Problem::NotAnAver {
                unit: u(),
                hex: h("F6"),
            },
            Problem::AvAdvance {
                unit: UnitId::new("B-3AR").unwrap(),
                why: "F7 is forest, which armor, air-assault and artillery never enter, advancing or not".into(),
            },
            Problem::SeaOrderShape,
            Problem::SetupWhere,
            Problem::BadZone("Q".into()),
            Problem::NotAPort { hex: h("D4") },
            Problem::PortZone {
                port: h("C20"),
                opens: 'B',
                zone: 'A',
            },
            Problem::PortNotFriendly {
                port: h("CC15"),
                side: Side::Blue,
                why: "Red holds it".into(),
            },
            Problem::PortInEnemyZoc {
                unit: u(),
                port: h("C20"),
            },
            Problem::PortBlocked {
                port: h("BB31"),
                why: "enemy ZOC cuts every way from its docking hex AA31 to the board edge".into(),
            },
            Problem::TooManyAtSea {
                side: Side::Blue,
                count: "11".into(),
                limit: "10".into(),
            },
            Problem::NotAtSea { unit: u() },
            Problem::AtSea {
                unit: u(),
                zone: 'A',
            },
            Problem::ZoneNotAdjacent {
                unit: u(),
                from: 'A',
                next: "B".into(),
            },
            Problem::PortTooFar {
                unit: u(),
                from: 'D',
                port: h("V33"),
                opens: 'B',
            },
            Problem::PutToSeaThisTurn { unit: u() },
            Problem::LandedThisTurn { unit: u() },
            Problem::ZoneCutOff { zone: 'F' },
            Problem::NotABeach { hex: h("D4") },
            Problem::CannotInvade {
                unit: UnitId::new("B-2AR").unwrap(),
                kind: "armor".into(),
            },
            Problem::SecondBeach {
                hex: h("B11"),
                beach: "blue-west".into(),
                first: "blue-north".into(),
            },
            Problem::BeachJustInvaded {
                hex: h("B11"),
                beach: "blue-west".into(),
            },
            Problem::BeachTooFar {
                unit: u(),
                from: 'D',
                hex: h("B11"),
                zones: "A".into(),
            },
            Problem::OpposedInvasion {
                hex: h("B11"),
                why: "every full sea hex next to it is in enemy ZOC (003 20.3)".into(),
            },
            Problem::AdvancePathBasic {
                battle: "A1".into(),
            },
            Problem::AdvancePath {
                unit: UnitId::new("B-3AR").unwrap(),
                battle: "A1".into(),
                why: "the advance begins in the losers' hex, and F7 is not it".into(),
            },
            Problem::SubstitutesNotPlayed {
                order: "breakdown".into(),
            },
            Problem::NoBreakdown {
                unit: UnitId::new("B-3IN").unwrap(),
                why: "no inactive infantry substitutes add up to its 6 factors (26.5)".into(),
            },
            Problem::NoRecombine {
                unit: UnitId::new("B-IN2A").unwrap(),
                into: UnitId::new("B-3IN").unwrap(),
                why: "it is in enemy ZOC (26.3)".into(),
            },
            Problem::AssaultNotSea { hex: h("FFF55") },
            Problem::AssaultNoBeach { hex: h("FFF58") },
            Problem::AssaultTwoBeaches {
                hex: h("GG44"),
                beaches: "`walkure-south` and `estados`".into(),
            },
            Problem::AssaultUnopposed {
                unit: u(),
                hex: h("FFF56"),
            },
            Problem::AssaultCutOff {
                unit: u(),
                hex: h("AA28"),
            },
            Problem::AssaultOverstacked {
                hex: h("FFF56"),
                count: "4".into(),
            },
            Problem::BeachNotNext {
                unit: u(),
                from: h("FFF56"),
                hex: h("HHH57"),
            },
            Problem::BeachNotVacant { hex: h("FFF55") },
            Problem::OpposedPath,
            Problem::OpposedStops {
                unit: u(),
                hex: h("EEE55"),
            },
            Problem::OnAssaultHex {
                unit: u(),
                hex: h("FFF56"),
            },
            Problem::AshoreNotNext {
                hex: h("HHH57"),
                from: h("FFF56"),
                beach: "red-south".into(),
            },
            Problem::BarrageNotPlayed,
            Problem::BarrageNotArtillery {
                unit: u(),
                kind: "infantry".into(),
            },
            Problem::BarrageRange {
                unit: u(),
                from: h("I10"),
                target: h("L10"),
                distance: 3,
                range: 2,
            },
            Problem::BarrageInZoc {
                unit: u(),
                hex: h("I10"),
            },
            Problem::BarrageUnsupplied { unit: u() },
            Problem::BarrageNoTarget(h("K10")),
            Problem::BarragedTwice {
                hex: h("K10"),
                first: "b1".into(),
            },
            Problem::BarrageAndAttack {
                unit: u(),
                barrage: "b1".into(),
                other: "battle A1".into(),
            },
            Problem::DefensiveBarrage,
            Problem::BarrageId { id: "A1".into() },
            Problem::BarrageAfterNoAttack {
                barrage: "b1".into(),
                after: "A9".into(),
            },
            Problem::UnreducedCity {
                unit: u(),
                hex: h("CC39"),
            },
            Problem::MustAttackCity {
                unit: u(),
                city: h("CC39"),
                country: "Calaedia".into(),
            },
            Problem::CityNotAdjacent {
                unit: u(),
                city: h("CC39"),
            },
            Problem::NoSuchMinorCountry("walkure".into()),
            Problem::MinorNotPlayed,
            Problem::CityAttack {
                unit: u(),
                city: h("CC39"),
                why: "it fights in battle A1 as well".into(),
            },
            Problem::MissionKind("dive".into()),
            Problem::AirMovesByMission {
                unit: UnitId::new("B-1TAC").unwrap(),
            },
            Problem::TooManyCarriers {
                side: Side::Blue,
                count: "1 1/2 units".into(),
                limit: "1 unit".into(),
            },
            Problem::CarrierNotAllowed {
                unit: UnitId::new("B-1MDM").unwrap(),
                why: "only TAC and FTR are based at sea (30.3)".into(),
            },
            Problem::CarrierCutOff {
                unit: UnitId::new("R-1TAC").unwrap(),
                zone: 'F',
            },
            Problem::SecondTacticalOperation {
                hex: h("J10"),
                first: "A1".into(),
            },
            Problem::CannotFlyMission {
                unit: UnitId::new("B-1SAC").unwrap(),
                why: "SAC do not bomb tactically (30.41: TAC and MDM only)".into(),
            },
            Problem::OutOfRange {
                unit: UnitId::new("B-1TAC").unwrap(),
                from: h("I12"),
                to: h("T12"),
                distance: 11,
                range: 8,
            },
            Problem::BaseInEnemyZoc {
                unit: UnitId::new("B-1TAC").unwrap(),
                hex: h("I12"),
            },
            Problem::NoLanding {
                unit: UnitId::new("B-1TAC").unwrap(),
                hex: h("J28"),
                why: "it is not a friendly city".into(),
            },
            Problem::AirOverstacked {
                hex: h("I12"),
                count: "3 1/2".into(),
            },
            Problem::AirOutnumbersGround {
                battle: "A1".into(),
                air: "8".into(),
                ground: "6".into(),
            },
            Problem::NoBattleToSupport {
                why: "there is no battle `A9`".into(),
            },
            Problem::StagingGap {
                unit: UnitId::new("B-1TAC").unwrap(),
                from: h("I12"),
                to: h("I33"),
                distance: 21,
                limit: 16,
            },
            Problem::NoStrategicTarget {
                hex: h("K14"),
                why: "it holds no enemy ground unit".into(),
            },
            Problem::GuerrillaLossAttacks {
                unit: u(),
                country: "Calaedia".into(),
                attack: "battle A1".into(),
            },
            Problem::NotCoastal { hex: h("P30") },
            Problem::RangerCoastLimit {
                hex: h("EEE55"),
                limit: 4,
                hexes: "A1, B2, C3 and D4".into(),
            },
            Problem::CoastInEnemyZoc {
                unit: u(),
                hex: h("EEE55"),
            },
            Problem::CoastZone {
                hex: h("EEE55"),
                zone: 'D',
                zones: "E".into(),
            },
            Problem::LakeCrossing {
                unit: u(),
                why: "it did not begin this player-turn in a city next to a lake".into(),
            },
            Problem::ReplacementNotYet {
                why: "they are received from turn 5 on, and this is turn 3".into(),
            },
            Problem::NotInactiveSubstitute {
                unit: u(),
                why: "it is in play, in P30; only inactive counters are taken".into(),
            },
            Problem::ReplacementLimit {
                why: "3 ground replacements a turn at most".into(),
            },
            Problem::ReplacementType {
                unit: u(),
                why: "one infantry counter a turn at most".into(),
            },
            Problem::ReplacementCity {
                hex: h("J28"),
                why: "the enemy has captured it (28.5)".into(),
            },
            Problem::NotAMinorCity {
                battle: "M1".into(),
                hex: h("CC40"),
            },
            Problem::CityAndUnits { hex: h("CC39") },
        ]
    }

    /// One example of every problem of a position file.
    fn position_examples() -> Vec<PositionProblem> {
        let u = |s: &str| UnitId::new(s).unwrap();
        let h = |s: &str| s.parse::<Hex>().unwrap();
        vec![
            PositionProblem::NotToml("unknown field `stacks`".into()),
            PositionProblem::Format { found: 2 },
            PositionProblem::Header("no `turn`: give the turn to play, or `setup = true`".into()),
            PositionProblem::BadHex("P3O".into()),
            PositionProblem::OffBoard(h("ZZ90")),
            PositionProblem::Impassable {
                unit: u("B-1IN"),
                hex: h("A1"),
                why: "no unit stands on sea, lake or the Neutral Country (10.3)".into(),
            },
            PositionProblem::UnknownUnit("B-99IN".into()),
            PositionProblem::NotInGame(u("B-1RG")),
            PositionProblem::Twice {
                unit: u("B-1IN"),
                first_line: 7,
            },
            PositionProblem::Overstacked {
                hex: h("P30"),
                units: "B-1IN, B-2IN, B-3IN, B-4IN".into(),
            },
            PositionProblem::BothSides {
                hex: h("P30"),
                units: "B-1IN, R-1IN".into(),
            },
            PositionProblem::SetUpAbroad {
                unit: u("R-1IN"),
                hex: h("P30"),
                country: "Big Red",
            },
            PositionProblem::Strength {
                unit: u("B-1IN"),
                given: 2,
                full: 4,
            },
            PositionProblem::BadSide("green".into()),
            PositionProblem::HexTwice(h("P30")),
            PositionProblem::NotHeldCity { hex: h("P30") },
            PositionProblem::EliminatedLater {
                when: "5-Blue".into(),
                now: "3-Red".into(),
            },
            PositionProblem::NotOwnUnit {
                unit: u("R-1IN"),
                side: Side::Blue,
            },
            PositionProblem::BadZone("Q".into()),
            PositionProblem::TooManyAtSea {
                side: Side::Blue,
                count: "11".into(),
                limit: "10".into(),
            },
            PositionProblem::NoChange {
                unit: UnitId::new("B-1IN").unwrap(),
                given: 3,
                kind: "infantry",
            },
            PositionProblem::AirNotInCity {
                unit: u("B-1TAC"),
                hex: h("K14"),
            },
            PositionProblem::AirOverstacked {
                hex: h("I12"),
                units: "B-1TAC, B-2TAC, B-1MDM, B-2MDM".into(),
            },
            PositionProblem::NoSuchMinor("walkure".into()),
            PositionProblem::NotMinorCity {
                hex: h("CC40"),
                country: "Sud Walküre".into(),
            },
        ]
    }

    /// The examples name every position problem: their codes are every `P` code.
    #[test]
    fn the_position_examples_cover_every_problem() {
        let from_examples: BTreeSet<&str> = position_examples()
            .iter()
            .map(PositionProblem::code)
            .collect();
        let written: BTreeSet<String> = codes_in_source()
            .into_iter()
            .filter(|c| c.starts_with('P'))
            .collect();
        let written: BTreeSet<&str> = written.iter().map(String::as_str).collect();
        assert_eq!(from_examples, written);
        assert_eq!(position_examples().len(), written.len());
    }

    #[test]
    fn every_code_is_written_once() {
        let all = codes_in_source();
        let unique: BTreeSet<&String> = all.iter().collect();
        assert_eq!(unique.len(), all.len(), "a code is used twice: {all:?}");
        assert!(all.len() > 70, "{all:?}");
    }

    /// The examples name every problem: their codes are every `B` code written above.
    #[test]
    fn the_examples_cover_every_problem() {
        let from_examples: BTreeSet<&str> = examples().iter().map(Problem::code).collect();
        let written: BTreeSet<String> = codes_in_source()
            .into_iter()
            .filter(|c| c.starts_with('B'))
            .collect();
        let written: BTreeSet<&str> = written.iter().map(String::as_str).collect();
        assert_eq!(from_examples, written);
        assert_eq!(examples().len(), written.len());
    }

    /// `docs/error-codes.md` lists every code with its example as a player reads it.
    #[test]
    fn the_docs_list_every_code() {
        let doc = include_str!("../../../docs/error-codes.md");
        let row = |code: &str| {
            doc.lines()
                .find(|l| l.starts_with(&format!("| `{code}` |")))
                .map(str::to_string)
        };
        for code in codes_in_source() {
            assert!(
                row(&code).is_some(),
                "docs/error-codes.md has no row for {code}"
            );
        }
        for p in examples() {
            let line = row(p.code()).unwrap_or_default();
            let shown = p.to_string().replace('|', "\\|");
            assert!(
                line.contains(&shown),
                "{}: the docs should show `{shown}`",
                p.code()
            );
        }
        for p in position_examples() {
            let line = row(p.code()).unwrap_or_default();
            let shown = p.to_string().replace('|', "\\|");
            assert!(
                line.contains(&shown),
                "{}: the docs should show `{shown}`",
                p.code()
            );
        }
        for c in [
            "F001", "F002", "F003", "F004", "F005", "F006", "F007", "S001", "S002", "S003", "S004",
        ] {
            assert!(row(c).is_some(), "docs/error-codes.md has no row for {c}");
        }
    }
}
