//! Stable error codes: one per kind of problem, so a program reading `--format json`
//! can tell problems apart without parsing their wording. Order problems are `B1xx` to
//! `B8xx` (by part of the rules), position file problems `P0xx`, command failures `G0xx`
//! (the game), `S0xx` (state files) and `F0xx` (files, from `pbem`). A code never changes meaning once released;
//! a new kind of problem gets a new code. `docs/error-codes.md` lists them all.
//!
//! Order and position file problems declare their codes where they are declared
//! (`problems.rs`, `position_file.rs`); the other failures are given theirs here.
//! Every match here is exhaustive, without a wildcard, so a new variant does not
//! compile until it has its code.

use crate::ruleset::RulesetError;

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
            RulesetError::TournamentOptional(_) => "R009",
            // 34 (weather)
            RulesetError::WeatherWithStockSales => "R011",
            RulesetError::Eighty5Optional(_) => "R010",
            RulesetError::ColdWarNot85 => "R012",
            // 32.3: a defender who does not answer.
            RulesetError::NoAnswerWithoutExchange => "R013",
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::hex::Hex;
    use crate::orders::Problem;
    use crate::position_file::PositionProblem;
    use crate::units::{Side, UnitId};
    use std::collections::BTreeSet;

    /// Every code declared: the order and position problems' and those written in
    /// this file.
    fn every_code() -> Vec<String> {
        let mut all: Vec<String> = Problem::CODES
            .iter()
            .chain(PositionProblem::CODES)
            .map(|c| c.to_string())
            .collect();
        all.extend(codes_in_source());
        all
    }

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
            Problem::AnswerOnly {
                what: "[[move]]".into(),
                holds: "[seed]".into(),
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
            Problem::ShortMoveOnly {
                unit: UnitId::new("B-3AR").unwrap(),
                hexes: 1,
                why: "Blue has the use of 1 oil city (36.23)".into(),
            },
            Problem::NoBarrageShortOfIndustry {
                unit: UnitId::new("B-1AT").unwrap(),
                why: "Blue has the use of 2 basic industry cities (36.32)".into(),
            },
            Problem::AirFactorsShortOfOil {
                unit: UnitId::new("B-2TAC").unwrap(),
                factors: 24,
                limit: 20,
                why: "Blue has the use of 1 oil city (36.23)".into(),
            },
            Problem::NoAirAttackShortOfIndustry {
                unit: UnitId::new("B-2TAC").unwrap(),
                why: "Blue has the use of 1 basic industry city (36.33)".into(),
            },
            Problem::NoAdvanceShortOfOil {
                unit: UnitId::new("B-3AR").unwrap(),
                why: "Blue has the use of 2 oil cities (36.22)".into(),
            },
            Problem::AtSeaShort {
                side: Side::Blue,
                what: "6 at sea; 5 at most".into(),
                why: "Blue has the use of 2 naval stores cities (36.42)".into(),
            },
            Problem::AttackAboveEvenShortOfIndustry {
                battle: "A4".into(),
                odds: "3-1".into(),
                allowed: 3,
                why: "Blue has the use of 1 basic industry city (36.33)".into(),
            },
            Problem::NoAvShortOfIndustry {
                unit: UnitId::new("B-1AR").unwrap(),
                hex: h("L14"),
                why: "Blue has the use of 2 basic industry cities (36.32)".into(),
            },
            // 32: air combat.
            Problem::RouteBroken {
                unit: UnitId::new("B-2TAC").unwrap(),
                why: "K12 is not next to K10".into(),
            },
            Problem::RouteTooLong {
                unit: UnitId::new("B-2TAC").unwrap(),
                hexes: 9,
                range: 8,
            },
            Problem::RouteRequired {
                unit: UnitId::new("B-2TAC").unwrap(),
            },
            Problem::NothingToEscort { hex: h("K14") },
            Problem::InterceptByMover,
            Problem::NoFlightToIntercept { hex: h("K14") },
            Problem::CannotIntercept {
                unit: UnitId::new("R-1FTR").unwrap(),
                why: "it is not a fighter of Red's on the map".into(),
            },
            Problem::BeyondInterceptRange {
                unit: UnitId::new("R-1FTR").unwrap(),
                hex: h("K14"),
                distance: 5,
                range: 3,
            },
            Problem::StandingInterceptNotFighter {
                unit: UnitId::new("R-1TAC").unwrap(),
            },
            Problem::StandingInterceptOffBoard { hex: h("A99") },
            Problem::StandingInterceptNotChosen,
            // 32.5-32.6: hunt and strafe.
            Problem::HuntTooFar {
                unit: UnitId::new("B-3FTR").unwrap(),
                flown: 12,
                back: 12,
                limit: 24,
            },
            Problem::HuntOverBombers { hex: h("K14") },
            Problem::HuntFieldOnOtherMission {
                field: "strafe".into(),
            },
            Problem::StrafeNotNextToSearch {
                hex: h("K16"),
                search: h("K14"),
            },
            Problem::StrafeByMover,
            Problem::CannotStrafe {
                unit: UnitId::new("R-1FTR").unwrap(),
                why: "it is in the air".into(),
            },
            Problem::NothingToStrafe { hex: h("K14") },
            // 36.34 on air combat.
            Problem::NoInterceptWithoutIndustry { side: Side::Red },
            // 32.7-32.75: patrol.
            Problem::PatrolTooFar {
                unit: UnitId::new("B-1FTR").unwrap(),
                hex: h("K14"),
                hexes: 26,
                range: 12,
            },
            Problem::PatrolInterceptTooFar {
                unit: UnitId::new("R-1FTR").unwrap(),
                hex: h("K14"),
                hexes: 26,
            },
            // 32.3: a defender who does not answer.
            Problem::NoAnswerNotChosen,
            Problem::NoAnswerNotAwaited,
            Problem::NoAnswerWithIntercepts,
            Problem::NoAnswerFalse,
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
            // 34 (weather)
            Problem::WeatherFrozen {
                unit: u(),
                hex: h("K20"),
                weather: crate::tables::Weather::Ice,
            },
            Problem::WeatherMountain {
                unit: u(),
                hex: h("K20"),
                weather: crate::tables::Weather::Snow,
            },
            Problem::WeatherNoAir {
                weather: crate::tables::Weather::Fog,
            },
            Problem::WeatherNoInvasion {
                weather: crate::tables::Weather::Gale,
            },
            Problem::WeatherNoSeed { turn: 8 },
            // 33: additional bombing missions.
            Problem::SecondBombingTarget {
                unit: UnitId::new("B-1TAC").unwrap(),
            },
            Problem::BombingTarget {
                hex: h("K14"),
                kind: crate::air::MissionKind::Airbase,
                why: "only a port, a city-road or a city's supply and industry is bombed at night (33.6)".into(),
            },
            // 35
            Problem::ToSeaUnderEnemySuperiority {
                unit: u(),
                port: h("C20"),
                zone: 'B',
                state: "Red naval superiority (Blue 3, Red 12)".into(),
            },
            Problem::InvasionBarredByAscendancy {
                unit: u(),
                zone: 'B',
                state: "uncontrolled (Blue 4, Red 5)".into(),
                why: "neither player invades in an uncontrolled zone".into(),
            },
            // 37-41: BLITZKRIEG '85.
            Problem::PurchaseMismatch { side: Side::Blue },
            Problem::PurchaseOverBudget {
                side: Side::Blue,
                spent: 4200,
                budget: 4100,
            },
            Problem::PurchaseBeyondMix {
                side: Side::Blue,
                item: "cv 1".into(),
                bought: 5,
                mix: 4,
            },
            Problem::PurchaseUnknown("infantry 5-5".into()),
            Problem::RevealTooEarly {
                side: Side::Red,
                waiting: Side::Red,
            },
            Problem::PurchaseOwed {
                side: Side::Red,
                owed: "the commitment to its purchase list ([purchase] commitment)".into(),
            },
            Problem::PurchaseCommitmentMalformed("abc".into()),
            Problem::HotWarNotYet {
                side: Side::Blue,
                why: "the Hot War (37.3, production 38.71) is still to be built; the game stops after the pre-game set-up (docs/85.md)".into(),
            },
            // 37.12-37.13, 38.81: the war-start roll.
            Problem::ShiftMismatch { side: Side::Blue },
            Problem::ShiftBeyondLimit {
                side: Side::Blue,
                shift: 4,
                most: 30,
            },
            Problem::ShiftOverBudget {
                side: Side::Red,
                spent: 30,
                budget: 20,
            },
            Problem::ShiftTooEarly {
                side: Side::Blue,
                waiting: Side::Red,
            },
            Problem::ShiftOwed {
                side: Side::Red,
                owed: "the commitment to its war-start die shift ([war_start] commitment)".into(),
            },
            Problem::WarStartNoSeed,
            // 37.31, 38.2-38.71: the Hot War's production.
            Problem::HotWarPurchaseNotYet {
                item: "cv 1".into(),
                why: "naval units are bought only before the game (38.3)".into(),
            },
            Problem::HotWarPurchaseSealed,
            Problem::NotIn85 {
                what: "[[replace]]".into(),
                why: "production points replace the replacements of 28 (38.1-38.2)".into(),
            },
            // 33.7: patrol/interdictors strafing ground units.
            Problem::NoGroundUnitsToStrafe {
                place: "in K14 or the hexes around it".into(),
            },
            // 38.21: the Hot War's aircraft.
            Problem::AircraftBeyondCities {
                side: Side::Blue,
                bought: 4,
                cities: 3,
            },
            Problem::AircraftPlacement {
                unit: UnitId::new("B-1FTR").unwrap(),
                hex: h("J28"),
                why: "a helicopter or air unit is placed there already this player-turn: one a functioning aircraft city".into(),
            },
            // 32.4, 003 32.4, 003 32.31: escorts and the mover's choice of losses.
            Problem::HuntOverAirTransport { hex: h("K14") },
            Problem::LossesNotChosen {
                kind: "hunt".into(),
            },
            Problem::LossesUnit {
                unit: UnitId::new("B-1TAC").unwrap(),
                hex: h("K14"),
                why: "it is named twice".into(),
            },
            Problem::LossesTwice { hex: h("K14") },
            Problem::VictoryNoSeed { turn: 15 },
            // 003 32.5-32.7: hunters, patrols and strafing.
            Problem::PatrolAtSetUp {
                kind: "patrol".into(),
            },
            Problem::NoStrafeWithoutIndustry { side: Side::Red },
            // 003 23.1: fighters' supply in the opponent's player-turn.
            Problem::FighterCutOff {
                unit: UnitId::new("R-1FTR").unwrap(),
            },
            // 32.3, 003 32.3, 003 32.34: the wait-out and where it lands.
            Problem::WaitOutByMover,
            Problem::WaitOutNotVacant { hex: h("K14") },
            Problem::CannotWaitOut {
                unit: UnitId::new("R-1FTR").unwrap(),
                why: "it is in the air".into(),
            },
            Problem::WaitOutTooFar {
                unit: UnitId::new("R-1FTR").unwrap(),
                hex: h("K14"),
                distance: 13,
                most: 12,
            },
            Problem::CannotLandAt {
                unit: UnitId::new("R-1FTR").unwrap(),
                hex: h("K16"),
                why: "it is in enemy ZOC (30.6)".into(),
            },
            // 46: helicopters.
            Problem::HelicopterGrounded {
                unit: UnitId::new("B-1TH").unwrap(),
                weather: crate::tables::Weather::Fog,
            },
            Problem::HelicopterOverWater {
                unit: UnitId::new("B-1TH").unwrap(),
                hex: h("K14"),
                terrain: "lake".into(),
            },
            Problem::NotCarried {
                unit: UnitId::new("B-1AR").unwrap(),
                why: "transport helicopters carry infantry units only".into(),
            },
            Problem::NotATransportHelicopter {
                unit: UnitId::new("B-1AH").unwrap(),
            },
            Problem::HelicopterCapacity {
                unit: UnitId::new("B-1IN").unwrap(),
                strength: 4,
                capacity: 2,
            },
            // 41.9, 49: BLITZKRIEG '85's airfields.
            Problem::CannotBuildAirfield {
                unit: UnitId::new("B-3IN").unwrap(),
                why: "K20 is in enemy ZOC (49.1)".into(),
            },
            Problem::AirfieldsBeyondMix {
                side: Side::Blue,
                count: 3,
                mix: 2,
            },
            Problem::AirfieldPoints {
                side: Side::Red,
                points: 4,
                needed: 10,
            },
            Problem::CannotDestroyAirfield {
                hex: h("K20"),
                why: "it is Red's".into(),
            },
            Problem::AirfieldsOnlyIn85,
            // 47.21: an escort joining its bombers on their way.
            Problem::CannotJoin {
                unit: UnitId::new("B-1FTR").unwrap(),
                hex: h("K12"),
                why: "the bombers flying to P10 neither start there nor fly through it".into(),
            },
            Problem::JoinTooFar {
                unit: UnitId::new("B-1FTR").unwrap(),
                hex: h("E10"),
                to: h("P10"),
                hexes: 14,
                range: 12,
            },
            // 41.1, 41.4-41.8 (BLITZKRIEG '85).
            Problem::NavalCounterWaits {
                unit: "B-1CV".into(),
            },
            // 50: BLITZKRIEG '85's air transport and air supply.
            Problem::NoTransportAircraft,
            Problem::CannotCarry {
                unit: UnitId::new("B-1TAC").unwrap(),
                why: "it is no transport aircraft (41.11): transport aircraft are B-1TA ... B-12TA"
                    .into(),
            },
            Problem::AirTransportCapacity {
                needed: "2".into(),
                capacity: "1".into(),
            },
            Problem::TransportAircraftNotInGame,
            Problem::CannotAirSupply {
                aircraft: UnitId::new("B-1TA").unwrap(),
                why: "B-1IN is not cut off from supply (50.71)".into(),
            },
            // 52.2-52.3: bombardment by artillery and attack helicopters.
            Problem::FacilityBarrageNotBuilt {
                id: "b1".into(),
                facility: "port".into(),
            },
            // 50.76: an aircraft flying air supply does nothing else.
            Problem::SupplierOnMission {
                aircraft: UnitId::new("B-1TA").unwrap(),
            },
            // 37.33: the air movement before the ground movement (BLITZKRIEG '85).
            Problem::ZocBeforeGroundMovement {
                unit: UnitId::new("B-1TAC").unwrap(),
                hex: h("J11"),
            },
            // 47.33: the owner's choice of the transport aircraft lost.
            Problem::AirLossesUnit {
                unit: UnitId::new("B-2IN").unwrap(),
                why: "it is neither a transport aircraft in `by` nor a unit this order flies"
                    .into(),
            },
            // 52.2-52.3: facilities bombarded by artillery and attack helicopters.
            Problem::FacilityUnknown {
                id: "b1".into(),
                facility: "docks".into(),
            },
            Problem::FacilityNotTarget {
                id: "b1".into(),
                facility: "port facility".into(),
                hex: "K10".parse().unwrap(),
                why: "it is not a port".into(),
            },
            Problem::FacilityBombardedTwice {
                facility: "port facility".into(),
                hex: "NN48".parse().unwrap(),
                first: "b1".into(),
            },
            Problem::FacilityWithAircraft {
                id: "b1".into(),
                facility: "port facility".into(),
                hex: "NN48".parse().unwrap(),
            },
            // 52.6: a player's own damage.
            Problem::OwnDamageNotOccupied {
                side: Side::Blue,
                facility: "port facility".into(),
                hex: "NN48".parse().unwrap(),
            },
            Problem::OwnDamageTwice {
                facility: "port facility".into(),
                hex: "NN48".parse().unwrap(),
            },
            Problem::OwnDamageLevel {
                level: "medium".into(),
            },
            Problem::OwnDamageNotPlayed,
            Problem::OwnDamageNoFacility {
                facility: "port facility".into(),
                hex: "K10".parse().unwrap(),
                why: "it is not a port".into(),
            },
            Problem::KeepNoDamage {
                side: Side::Blue,
                facility: "port facility".into(),
                hex: "NN48".parse().unwrap(),
            },
            // 38.21: the Hot War's upgrades of helicopters and air units.
            Problem::AircraftUpgradesBeyondCities {
                side: Side::Blue,
                bought: 3,
                upgraded: 1,
                cities: 3,
            },
            Problem::AircraftUpgradePlace {
                unit: UnitId::new("B-2TAC").unwrap(),
                hex: h("J28"),
                why: "a helicopter or air unit is placed or upgraded there already this player-turn: one a functioning aircraft city".into(),
            },
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
        let written: BTreeSet<&str> = PositionProblem::CODES.iter().copied().collect();
        assert_eq!(from_examples, written);
        assert_eq!(position_examples().len(), written.len());
    }

    #[test]
    fn every_code_is_written_once() {
        let all = every_code();
        let unique: BTreeSet<&String> = all.iter().collect();
        assert_eq!(unique.len(), all.len(), "a code is used twice: {all:?}");
        assert!(all.len() > 70, "{all:?}");
    }

    /// The examples name every problem: their codes are every code declared.
    #[test]
    fn the_examples_cover_every_problem() {
        let from_examples: BTreeSet<&str> = examples().iter().map(Problem::code).collect();
        let written: BTreeSet<&str> = Problem::CODES.iter().copied().collect();
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
        for code in every_code() {
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
