//! The rule set one game is played with, built once from the options its state records:
//! the rules (Basic or Tournament Game), the optional rules chosen, the tables, the
//! declared readings, and every figure of the rules (`rules/blitzkrieg/figures.toml`).
//! The engine reads its figures and readings here and nowhere else.
//!
//! What is not built yet is refused here, by name, when a game is created: the
//! optional rules not [`OptionalRule::built`]. The Tournament Game (24-30) is
//! built: 24 brings in the optional rules 19-23, 25.1 the TGAT.

use crate::hex::Hex;
use crate::model::resources::Resource;
pub use crate::readings::{
    AdvanceZoc, ArmorZocStart, CutOffSea, InvasionZoc, PendingConsult, Readings, SeaLimit,
    TgatDoubledDefender, TournamentLength, VictoryA, VictoryBThroughout,
};
use crate::state::{Options, RuleSet, TableChoice};
use crate::units::Side;
use pbem::dice::TableMode;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// A text of the rule book: borrowed from the binary in the embedded one (whose
/// statics the build script wrote), owned in one read from files given.
pub type Text = Cow<'static, str>;
/// A list of texts of the rule book, borrowed or owned as [`Text`].
pub type Texts = Cow<'static, [Text]>;

/// The embedded figures of the rules.
pub const EMBEDDED_FIGURES: &str = include_str!("../../../rules/blitzkrieg/figures.toml");
/// The embedded figures of the Basic Game's optional rules 19-23.
pub const EMBEDDED_OPTIONAL: &str = include_str!("../../../rules/blitzkrieg/optional.toml");
/// The embedded figures of the Tournament Game's rules 25-30.
pub const EMBEDDED_TOURNAMENT: &str = include_str!("../../../rules/blitzkrieg/tournament.toml");
/// The embedded declared readings.
pub const EMBEDDED_READINGS: &str = include_str!("../../../rules/blitzkrieg/readings.toml");

/// The default option of every reading of the embedded rule data (read once; empty if
/// that data could not be read, which a test rules out).
pub fn embedded_defaults() -> &'static BTreeMap<String, String> {
    static DEFAULTS: std::sync::OnceLock<BTreeMap<String, String>> = std::sync::OnceLock::new();
    DEFAULTS.get_or_init(|| {
        RuleBook::embedded()
            .map(|b| b.defaults())
            .unwrap_or_default()
    })
}

/// The readings of a game that are not the default, `NAME=OPTION` each: what the report
/// header names (a game of format 1 records none).
pub fn chosen_readings(readings: &BTreeMap<String, String>) -> Vec<String> {
    chosen_readings_of(readings, embedded_defaults())
}

/// [`chosen_readings`] against the defaults of the rule data a game was made with.
pub fn chosen_readings_of(
    readings: &BTreeMap<String, String>,
    defaults: &BTreeMap<String, String>,
) -> Vec<String> {
    readings
        .iter()
        .filter(|(name, option)| defaults.get(*name) != Some(*option))
        .map(|(name, option)| format!("{name}={option}"))
        .collect()
}

/// Every figure the engine applies, with the paragraph that states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// 11.1 with 26.4: units a hex may hold at the end of movement, in half units.
    pub stacking_halves: u32,
    /// 6.4: units one placement order brings on.
    pub placement_units: usize,
    /// 11.1: units of one stack moving together.
    pub move_units: usize,
    /// 15: units advancing into a vacated hex.
    pub advance_units: usize,
    /// 9.3: units carried by air in one player-turn.
    pub air_transport_units: usize,
    /// 9.3: air transport range in hexes.
    pub air_transport_range: u32,
    /// 9.4: airdrop range in hexes.
    pub airdrop_range: u32,
    /// 16 (A): units a side must still have when the last enemy unit is gone.
    pub victory_a_units_left: usize,
    /// 16 (B): consecutive player-turns of coverage that win.
    pub victory_b_player_turns: u32,
    /// 16 (C): friendly city hexes at the end of the last turn that win.
    pub victory_c_city_hexes: usize,
    /// 16: the last turn unless the players agree otherwise.
    pub last_turn: u32,
}

impl Figures {
    /// The units a hex may hold at the end of movement (the limit in whole units).
    pub fn stacking_units(&self) -> usize {
        usize::try_from(self.stacking_halves / 2).unwrap_or(usize::MAX)
    }

    /// 11.1, 26.4: whether `halves` half units fit in one hex. The one place stacking
    /// is counted.
    pub fn stack_fits(&self, halves: u32) -> bool {
        halves <= self.stacking_halves
    }
}

/// The figures of the Basic Game's optional rules (`rules/blitzkrieg/optional.toml`),
/// one section a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionalFigures {
    pub sea_movement: SeaMovementFigures,
    pub invasions: InvasionFigures,
    pub automatic_victory: AutomaticVictoryFigures,
    pub strategic_movement: StrategicMovementFigures,
    pub combat_supply: CombatSupplyFigures,
}

/// Rule 19.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeaMovementFigures {
    /// 19.1, 19.3 with 26.4: units of a side at sea at any time, in half units.
    pub at_sea_halves: u32,
    /// 19.2: MF a landing at a port or on a beach costs.
    pub landing_mf: u32,
}

/// Rule 20.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvasionFigures {
    /// 20.1: beaches a side invades in one player-turn.
    pub beaches_per_player_turn: u32,
    /// 20.31: half units on one full sea assault hex.
    pub assault_hex_halves: u32,
    /// 20.4: MF the first beach hex of an unopposed landing costs.
    pub first_beach_mf: u32,
}

/// Rule 21.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaticVictoryFigures {
    /// 21.1: the odds (to 1) that win automatically during movement.
    pub odds: u32,
    /// 21.1: the odds (to 1) that do when the defenders have no legal retreat.
    pub odds_no_retreat: u32,
    /// 21.3: hexes of the AVing units' advance.
    pub advance_hexes: u32,
}

/// Rule 22.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategicMovementFigures {
    /// 22: extra MF of strategic movement.
    pub bonus_mf: u32,
}

/// Rule 23.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatSupplyFigures {
    /// 23.2: hexes of a supply route overland before a road.
    pub overland_hexes: u32,
    /// 23.4: units air supply may serve, and the air link's range in hexes.
    pub air_units: u32,
    pub air_range: u32,
    /// 23.5: hexes and units a beach supplies.
    pub beach_hexes: u32,
    pub beach_units: u32,
}

/// The figures of the Tournament Game's rules 25-30 (`rules/blitzkrieg/tournament.toml`),
/// one section a rule.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFigures {
    pub barrage: BarrageFigures,
    pub rangers: RangerFigures,
    pub replacements: ReplacementFigures,
    pub minor_countries: MinorCountryFigures,
    pub air: AirFigures,
    // 34 (weather)
    pub weather: WeatherFigures,
    // 33: additional bombing missions (optional rule).
    pub bombing: BombingFigures,
    /// 35: naval ascendancy (optional rule).
    pub ascendancy: AscendancyFigures,
    // 36: critical resources.
    pub resources: ResourceFigures,
    // 32: air combat (optional rule).
    pub air_combat: AirCombatFigures,
}

/// The figures of rule 35 (`rules/blitzkrieg/tournament.toml`, `[ascendancy]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AscendancyFigures {
    /// 35.21-35.23: the naval points of superiority and of a contested zone ("10 or
    /// more"); 1 to one less is an uncontrolled zone's.
    pub superiority_points: u32,
    /// 35.21: the superiority in points over the other side ("at least a 2-1").
    pub superiority_ratio: u32,
}

/// Rule 36's figures (`[resources]` of `tournament.toml`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceFigures {
    /// 36.2: the oil cities of each side and of either side, one hex of each.
    pub oil_blue: Texts,
    pub oil_red: Texts,
    pub oil_either: Texts,
    /// 36.3: the basic industry cities.
    pub industry_blue: Texts,
    pub industry_red: Texts,
    pub industry_either: Texts,
    /// 36.4: the naval stores cities.
    pub naval_blue: Texts,
    pub naval_red: Texts,
    pub naval_either: Texts,
    /// 36.21, 36.31, 36.41: cities in use for normal operations.
    pub normal_cities: u32,
    /// 36.22-36.24: factors of air missions a player-turn with 2, 1 and no oil cities.
    pub air_factors_two: u32,
    pub air_factors_one: u32,
    pub air_factors_none: u32,
    /// 36.22: movement factors armor loses with 2 oil cities.
    pub armor_mf_loss: u32,
    /// 36.23-36.24: hexes a unit held to "one hex" moves.
    pub short_move_hexes: u32,
    /// 36.24: infantry factors that keep normal movement with no oil city.
    pub infantry_factors_none: u32,
    /// 36.22, 36.23, 36.42, 36.43: units at sea at most.
    pub units_at_sea: u32,
    /// 36.32-36.33: the highest odds rolled (4 for 4-1).
    pub odds_cap: u32,
    /// 36.33: attacks above 1-1 with one basic industry city.
    pub attacks_above_even: u32,
}

impl ResourceFigures {
    /// 36.2, 36.3, 36.4: the printed hexes of the cities of `resource` that `side` may
    /// use: its own and those either side may use (never the enemy's home cities,
    /// 003 36.1 [AH]). A name that is no hex is skipped (a test checks there is none).
    pub fn cities(&self, resource: Resource, side: Side) -> Vec<Hex> {
        let (own, either) = match (resource, side) {
            (Resource::Oil, Side::Blue) => (&self.oil_blue, &self.oil_either),
            (Resource::Oil, Side::Red) => (&self.oil_red, &self.oil_either),
            (Resource::Industry, Side::Blue) => (&self.industry_blue, &self.industry_either),
            (Resource::Industry, Side::Red) => (&self.industry_red, &self.industry_either),
            (Resource::NavalStores, Side::Blue) => (&self.naval_blue, &self.naval_either),
            (Resource::NavalStores, Side::Red) => (&self.naval_red, &self.naval_either),
        };
        own.iter()
            .chain(either.iter())
            .filter_map(|h| h.parse().ok())
            .collect()
    }
}

/// Rule 32's figures (`[air_combat]` of `tournament.toml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirCombatFigures {
    /// 32.31: the intercept range at most, in hexes.
    pub intercept_hexes: u32,
    /// 32.31 (C): the defender's air or ground factors in a sea zone that make its
    /// first sea hex entered start the intercept range.
    pub sea_zone_factors: u32,
    /// 32.32: interceptors' strength against escorted bombers and escorts, against
    /// hunters and patrollers, and against unescorted bombers and air transports.
    pub escorted_times: u32,
    pub hunter_times: u32,
    pub unescorted_times: u32,
    /// 32.4: escorted bombers and escorts return fire at their factors divided by
    /// this, fractions up.
    pub return_fire_divisor: u32,
    /// ACT note: intercepted unescorted bombers bomb at their factors divided by this,
    /// fractions down.
    pub intercepted_bomb_divisor: u32,
    /// 32.53: the MF a hunter flies in all, out to its search hex, to its attack hex
    /// and back to base.
    pub hunt_mf: u32,
    /// 32.6: strafers' strength, times their factors; the airbase fires back at its
    /// grounded factors divided by `strafe_aa_divisor`, fractions up.
    pub strafe_times: u32,
    pub strafe_aa_divisor: u32,
    /// 32.73: the hexes a patroller flies in all, base to patrol hex to intercept hex
    /// and back.
    pub patrol_hexes: u32,
    /// 33.7: the factors on patrol/interdiction over a hex that give it an armor-type
    /// ZOC; 003 33.7: TAC fire at their factors divided by `interdiction_tac_divisor`,
    /// fractions up.
    pub interdiction_zoc_factors: u32,
    pub interdiction_tac_divisor: u32,
}

/// Rules 25.2-25.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarrageFigures {
    /// 25.2: the distance in hexes from barraging artillery to its target.
    pub range_hexes: u32,
    /// 25.3: the most hexes the attacker advances after a battle against a hex
    /// barraged the same player-turn.
    pub advance_hexes: u32,
}

/// Rule 27.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangerFigures {
    /// 27.3: coastal hexes rangers may invade in the player-turn of a beach invasion.
    pub coastal_hexes: u32,
}

/// Rule 28.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplacementFigures {
    /// 28.1: the first turn with replacements.
    pub first_turn: u32,
    /// 28.3-28.4: ground and aircraft substitute counters a complete turn.
    pub ground_counters: u32,
    pub aircraft_counters: u32,
}

/// Rule 29.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinorCountryFigures {
    /// 29.6: the factors of a guerrilla loss.
    pub guerrilla_factors: u32,
    /// 29.7: the factors paid for supply through an unsubdued minor country.
    pub supply_factors: u32,
}

/// Rule 30.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirFigures {
    /// 30.2: full air units based in one city.
    pub units_per_city: u32,
    /// 30.3: half units of TAC or FTR a side may have based at sea.
    pub carrier_halves: u32,
}

/// Optional rule 34 (weather).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeatherFigures {
    /// Weather Chart, 003 34: what "halved" divides by (air factors in rain and snow,
    /// off-road movement in rain, gale and snow).
    pub halved_by: u32,
    /// Weather Chart, Fog: infantry (003: airborne and rangers too) attack at this many
    /// times their strength.
    pub fog_infantry_times: u32,
}

/// Optional rule 33 (33.1-33.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BombingFigures {
    /// 33.2: the airbase's A-A fire is the grounded air factors divided by this,
    /// fractions up.
    pub airbase_aa_divisor: u32,
    /// 33.3-33.5: complete-turns a PX, RCX or SRIX marker stays.
    pub marker_complete_turns: u32,
    /// 33.6: BBT columns night bombing is resolved lower.
    pub night_columns_lower: u32,
    /// 33.6: the attacking factors whose ACT column (13-16) gives the operational
    /// losses of night bombing.
    pub night_hazard_factors: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FiguresFile {
    basic: Figures,
    #[serde(default)]
    tournament: toml::Table,
}

/// One declared reading: a place where the sources leave room or disagree.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadingDef {
    pub name: Text,
    pub rules: Texts,
    pub title: Text,
    pub default: Text,
    #[serde(rename = "option")]
    pub options: Cow<'static, [ReadingOption]>,
}

impl ReadingDef {
    /// Whether a game of `rules` with the optional rules `optional` in force
    /// ([`Ruleset::optional_in_force`]) plays the rule this is a reading of: its first
    /// paragraph, a Basic Game rule (1-17) or a procedure of every game (PBEM, PBM,
    /// BGAT) in every game, an optional rule where it is in force, anything else (the
    /// Tournament Game's rules, its tables, the 1975 edition's note on its length) in
    /// the Tournament Game only.
    pub fn applies_to(&self, rules: RuleSet, optional: &BTreeSet<u32>) -> bool {
        let tournament = rules.is_tournament();
        let Some(first) = self.rules.first() else {
            return true;
        };
        if ["PBEM", "PBM", "BGAT"].contains(&first.as_ref()) {
            return true;
        }
        let number = first.split('.').next().and_then(|n| n.parse::<u32>().ok());
        match number {
            Some(n) if n <= 17 => true,
            Some(n) => tournament || optional.contains(&n),
            None => tournament,
        }
    }
}

/// One way of reading it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadingOption {
    pub name: Text,
    pub summary: Text,
    pub sources: Texts,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadingsFile {
    reading: Vec<ReadingDef>,
}

/// The rule data that is neither board nor counters: figures and declared readings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBook {
    pub basic: Figures,
    /// The figures of the optional rules 19-23.
    pub optional: OptionalFigures,
    /// The figures of the Tournament Game's rules 25-30.
    pub tournament: TournamentFigures,
    pub readings: Cow<'static, [ReadingDef]>,
    /// The readings of the Tournament Game's rules 25-30, declared in its figures file:
    /// a game records them only when it is the Tournament Game.
    pub tournament_readings: Cow<'static, [ReadingDef]>,
}

/// The Tournament Game's figures file: its figures, and the readings it declares
/// (`[[reading]]`, as in `readings.toml`).
fn tournament_file_parts(
    text: &str,
) -> Result<(TournamentFigures, Vec<ReadingDef>), toml::de::Error> {
    let mut table: toml::Table = toml::from_str(text)?;
    let readings = match table.remove("reading") {
        Some(v) => v.try_into()?,
        None => Vec::new(),
    };
    Ok((table.try_into()?, readings))
}

/// Why the figures or readings files, or a game's choice among them, were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum RulesetError {
    #[error("{file} is not a readable rules file: {reason}")]
    #[diagnostic(code("blitz::ruleset::file"))]
    File { file: String, reason: String },
    #[error("{what} is not implemented yet{missing}")]
    #[diagnostic(
        code("blitz::ruleset::not_yet"),
        help("docs/rules-coverage.md lists what is built; leave it out of `blitz new` for now")
    )]
    NotYet {
        what: String,
        /// What of it is missing, for a player (`: rules ... are still to be built`),
        /// or nothing.
        missing: String,
    },
    #[error("optional rule {0} does not exist: the Basic Game's optional rules are 18-23 and the Tournament Game's 31-36")]
    #[diagnostic(code("blitz::ruleset::no_such_rule"))]
    NoSuchRule(u32),
    #[error("optional rule {rule} needs optional rule {needs}")]
    #[diagnostic(code("blitz::ruleset::needs"))]
    Needs { rule: u32, needs: u32 },
    #[error("there is no reading `{0}`")]
    #[diagnostic(
        code("blitz::ruleset::no_such_reading"),
        help("docs/readings.md lists every reading and its options")
    )]
    NoSuchReading(String),
    #[error("the reading `{reading}` has no option `{option}`; its options are {options}")]
    #[diagnostic(code("blitz::ruleset::no_such_option"))]
    NoSuchOption {
        reading: String,
        option: String,
        options: String,
    },
    #[error("the reading `{0}` is one of the Tournament Game's rules; this game is not the Tournament Game")]
    #[diagnostic(
        code("blitz::ruleset::tournament_reading"),
        help("docs/readings.md lists every reading and the game it belongs to")
    )]
    TournamentReading(String),
    #[error("optional rule {0} is one of the Tournament Game's optional rules (31-36); this game is not the Tournament Game")]
    #[diagnostic(
        code("blitz::ruleset::tournament_optional"),
        help("choose it with `--rules tournament --optional {0}`")
    )]
    TournamentOptional(u32),
    // 37-41: BLITZKRIEG '85.
    #[error("BLITZKRIEG '85 takes no --optional (given {0}): it plays the Tournament Game with its optional rules 33, 34 and 36 in force, and 004 lets a game leave none of its own rules out (the Cold War of 38.8, the one it may choose, is chosen with --cold-war)")]
    #[diagnostic(
        code("blitz::ruleset::eighty5_optional"),
        help("leave out --optional: `blitz new --rules 85` chooses the rules itself; docs/85.md")
    )]
    Eighty5Optional(u32),
    #[error("`{0}` is not a reading: write NAME=OPTION, e.g. victory-a-reinforcements=board")]
    #[diagnostic(code("blitz::ruleset::reading_syntax"))]
    ReadingSyntax(String),
    // 34 (weather)
    /// 34: the weather is a die, which stock sales (one digit a battle) cannot give.
    #[error("optional rule 34 rolls the weather on a die before Blue writes, and stock sales give one digit a battle and no die: a game with weather is resolved by a drand beacon round or an agreed text")]
    #[diagnostic(
        code("blitz::ruleset::weather_seed"),
        help(
            "choose `--seed drand` or `--seed text` (docs/dice.md), or leave out optional rule 34"
        )
    )]
    WeatherWithStockSales,
    // 38.8 (Cold War)
    /// 38.8: the Cold War is BLITZKRIEG '85's.
    #[error(
        "the Cold War (38.8) is one of BLITZKRIEG '85's rules; this game is not BLITZKRIEG '85"
    )]
    #[diagnostic(
        code("blitz::ruleset::cold_war_not_85"),
        help("choose it with `blitz new --rules 85 --cold-war` (docs/85.md)")
    )]
    ColdWarNot85,
    // 32.3 (a defender who does not answer)
    /// 32.3: the fallback for a silent defender is a game option of rule 32's exchange.
    #[error(
        "--no-answer standing: a defender's fallback standing interception orders are for a game of optional rule 32 that intercepts by the exchange by mail"
    )]
    #[diagnostic(
        code("blitz::ruleset::no_answer_without_exchange"),
        help("choose it with `blitz new --rules tournament --optional 32 --no-answer standing` (docs/pbem.md)")
    )]
    NoAnswerWithoutExchange,
}

impl RuleBook {
    /// Reads the figures, optional-rule figures, Tournament figures and readings files'
    /// text.
    #[allow(clippy::too_many_arguments)]
    pub fn parse(
        figures: &str,
        figures_file: &str,
        optional: &str,
        optional_file: &str,
        tournament: &str,
        tournament_file: &str,
        readings: &str,
        readings_file: &str,
    ) -> Result<RuleBook, RulesetError> {
        let bad = |file: &str, e: toml::de::Error| RulesetError::File {
            file: file.to_string(),
            reason: e.to_string(),
        };
        let f: FiguresFile = toml::from_str(figures).map_err(|e| bad(figures_file, e))?;
        let o: OptionalFigures = toml::from_str(optional).map_err(|e| bad(optional_file, e))?;
        let (t, tournament_readings) =
            tournament_file_parts(tournament).map_err(|e| bad(tournament_file, e))?;
        let r: ReadingsFile = toml::from_str(readings).map_err(|e| bad(readings_file, e))?;
        let book = RuleBook {
            basic: f.basic,
            optional: o,
            tournament: t,
            readings: r.reading.into(),
            tournament_readings: tournament_readings.into(),
        };
        book.check_readings(readings_file, tournament_file)?;
        if !f.tournament.is_empty() {
            return Err(RulesetError::File {
                file: figures_file.to_string(),
                reason: "the [tournament] figures are not read yet".to_string(),
            });
        }
        Ok(book)
    }

    /// Every reading's default is one of its options, and no name is used twice (in
    /// either file).
    fn check_readings(&self, file: &str, tournament_file: &str) -> Result<(), RulesetError> {
        let mut seen = BTreeSet::new();
        let base = self.readings.iter().map(|r| (r, file));
        let tournament = self
            .tournament_readings
            .iter()
            .map(|r| (r, tournament_file));
        for (r, file) in base.chain(tournament) {
            let reason = if !seen.insert(r.name.as_ref()) {
                Some(format!("the reading `{}` is listed twice", r.name))
            } else if !r.options.iter().any(|o| o.name == r.default) {
                Some(format!(
                    "the default `{}` of `{}` is none of its options",
                    r.default, r.name
                ))
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(RulesetError::File {
                    file: file.to_string(),
                    reason,
                });
            }
        }
        Ok(())
    }

    /// The reading named `name`, of either file.
    pub fn reading(&self, name: &str) -> Option<&ReadingDef> {
        self.all_readings().find(|r| r.name == name)
    }

    /// Every declared reading: the games' and the Tournament Game's.
    pub fn all_readings(&self) -> impl Iterator<Item = &ReadingDef> {
        self.readings.iter().chain(self.tournament_readings.iter())
    }

    /// The readings a game of `rules` plays with: the Tournament Game's only in it.
    pub fn readings_of(&self, rules: RuleSet) -> impl Iterator<Item = &ReadingDef> {
        let tournament = rules.is_tournament();
        self.readings
            .iter()
            .chain(self.tournament_readings.iter().filter(move |_| tournament))
    }

    /// Every reading with its default option (of both files: what a game's readings
    /// are compared with).
    pub fn defaults(&self) -> BTreeMap<String, String> {
        self.all_readings()
            .map(|r| (r.name.to_string(), r.default.to_string()))
            .collect()
    }

    /// Every reading with its default, overridden by `chosen` (`NAME=OPTION` each):
    /// what a new game stores. An unknown name or option is refused.
    pub fn choose(
        &self,
        rules: RuleSet,
        chosen: &[String],
    ) -> Result<BTreeMap<String, String>, RulesetError> {
        let mut out: BTreeMap<String, String> = self
            .readings_of(rules)
            .map(|r| (r.name.to_string(), r.default.to_string()))
            .collect();
        for c in chosen {
            let (name, option) = c
                .split_once('=')
                .map(|(n, o)| (n.trim(), o.trim()))
                .ok_or_else(|| RulesetError::ReadingSyntax(c.clone()))?;
            let def = self
                .readings_of(rules)
                .find(|r| r.name == name)
                .ok_or_else(|| match self.reading(name) {
                    Some(_) => RulesetError::TournamentReading(name.to_string()),
                    None => RulesetError::NoSuchReading(name.to_string()),
                })?;
            if !def.options.iter().any(|o| o.name == option) {
                return Err(RulesetError::NoSuchOption {
                    reading: name.to_string(),
                    option: option.to_string(),
                    options: def
                        .options
                        .iter()
                        .map(|o| format!("`{}`", o.name))
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
            out.insert(name.to_string(), option.to_string());
        }
        Ok(out)
    }
}

/// The options a game was created with, made into what the engine reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    pub rules: RuleSet,
    pub optional: BTreeSet<u32>,
    pub tables: TableMode,
    pub figures: Figures,
    /// The figures of the optional rules (read whether or not they are chosen).
    pub optional_figures: OptionalFigures,
    /// The figures of the Tournament Game (read whichever game is played).
    pub tournament_figures: TournamentFigures,
    /// Every declared reading with the option in force, by name, as the state keeps
    /// them.
    pub reading_names: BTreeMap<String, String>,
    /// The same, typed: what the rules read.
    pub readings: Readings,
    /// A game of state format 1, begun before readings existed: besides
    /// [`FORMAT_ONE_READINGS`], it keeps the umpire's behaviour of then where that was
    /// a fault later mended rather than a reading, so that its files replay byte for
    /// byte: victory C and the report judged city hexes with the record of the next
    /// player-turn (5.1); no final step asks for the decisions owed from the last
    /// player-turn (PBEM sequence).
    pub format_one: bool,
    /// The stops the game chose that the rules do not make by themselves
    /// ([`crate::model::step::Stop`]); none in a game that chose none.
    pub stops: BTreeSet<crate::model::step::Stop>,
    /// 32.3: how the defender intercepts (the exchange by mail unless the game chose
    /// standing interception orders).
    pub interception: crate::state::InterceptionMode,
    /// 32.3: what a defender who does not answer the exchange gets (the player-turn
    /// waits unless the game chose his fallback standing orders).
    pub no_answer: crate::state::NoAnswer,
    /// 32.31: whether the state's events keep the routes missions flew
    /// ([`crate::state::Options::flight_routes`]).
    pub flight_routes: bool,
    /// 004: the rules of '85 the game records beyond those of release 0.7.0
    /// ([`crate::state::Options::rules85`]).
    pub rules85: BTreeSet<u32>,
}

/// The readings a state written before readings existed (format 1) is played with:
/// the umpire's behaviour then, so its games replay byte for byte.
/// 004: the rules of '85 a game made now records: 46, 48, 49 and 52 since release
/// 0.8.0; then 50 (air transport) and `525` for 52.5 (a city's critical resources
/// heavily damaged when it falls through combat or is reduced); then `3733` for 37.3's
/// order of play (37.32-37.33 before the ground movement), `4733` for 47.33's losses of
/// transport aircraft, `4831` for 48.31's airfield A-A and `3821` for 38.21's count of
/// the Hot War's upgrades of aircraft; a game made before plays without them.
pub const EIGHTY5_RECORDED: [u32; 10] = [
    46,
    48,
    49,
    50,
    52,
    CAPTURE_DAMAGE_52_5,
    // 37.32-37.33: the naval and air movement as steps of their own.
    AIR_MOVEMENT_37_33,
    // 47.33, 50.4, 50.76: the transport aircraft shot down with what they carry.
    TRANSPORT_LOSSES_47_33,
    // 48.31: airfields' A-A.
    AIRFIELD_AA_48_31,
    // 38.21: the Hot War's upgrades of aircraft counted with the purchases.
    UPGRADE_LIMIT_38_21,
];

/// 52.5: the number a game of '85 records (`rules85`) when it plays 52.5's city
/// capture effects: 52's own number stands for the damage of release 0.8.0.
pub const CAPTURE_DAMAGE_52_5: u32 = 525;

/// 37.32-37.33: the number a game of '85 records (`rules85`) when it plays 37.3's
/// order of play: the naval movement (37.32) and the air and airborne movement (37.33,
/// the air missions among it) as steps of their own before the ground movement (37.34).
/// A game made before plays the Tournament Game's one movement step, the air missions
/// after the ground movement.
pub const AIR_MOVEMENT_37_33: u32 = 3733;

/// 47.33, 50.4, 50.76: the number a game of '85 records (`rules85`) when an intercepted
/// air transport or air supply flight loses its transport aircraft by half stacking
/// units, with the units or supplies aboard. A game made with release 0.9.0 records 50
/// without it and plays on as it was played: the carried units lose 32.33's factors
/// and the aircraft and their air supply are never met.
pub const TRANSPORT_LOSSES_47_33: u32 = 4733;

/// 48.31: the number a game of '85 records (`rules85`) when its airfields fire 48.31's
/// A-A (5 at TAC and MDM with the full-stacking units there, 1 at SAC, 48.33) at the
/// bombers of the airfield or of the aircraft on it; a game made before fires the
/// units' alone there, as it was played.
pub const AIRFIELD_AA_48_31: u32 = 4831;

/// 38.21: the number a game of '85 records (`rules85`) when the Hot War's upgrades of
/// helicopters and air units (39.2's `[[recombine]]`) count with its purchases, one a
/// functioning aircraft city, and are made in such a city (B436, B437); a game made
/// with 0.9.0 upgrades as it was played.
pub const UPGRADE_LIMIT_38_21: u32 = 3821;

pub const FORMAT_ONE_READINGS: [(&str, &str); 4] = [
    ("victory-a-reinforcements", "waiting-units"),
    ("armor-zoc-start", "same-zoc-stops"),
    ("victory-b-throughout", "end-only"),
    ("pending-consult", "defer"),
];

/// The readings of the Tournament Game declared after its games began to be written,
/// with the option a Tournament Game whose state lacks one was played under (its
/// "before readings" option, `docs/readings.md`).
pub const TOURNAMENT_BEFORE_READINGS: [(&str, &str); 1] =
    [("tgat-doubled-defender", "double-value")];

/// An optional rule of the Basic Game (18-23) or of the Tournament Game (31-36), as
/// the engine asks whether it is played. BLITZKRIEG '85's rules (37-53) take their place
/// here when they are built. A game's state records the numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OptionalRule {
    /// 18: the Basic Game's optional rules, an introduction.
    Introduction,
    /// 19: sea movement.
    SeaMovement,
    /// 20: invasions (needs 19).
    Invasions,
    /// 21: automatic victory.
    AutomaticVictory,
    /// 22: strategic movement.
    StrategicMovement,
    /// 23: combat supply.
    CombatSupply,
    /// 31: the introduction to the Tournament Game's optional rules; nothing to play.
    TournamentIntroduction,
    /// 32: air combat, which brings the fighters into play (30.1).
    AirCombat,
    /// 33: additional bombing missions (airbases, ports, city-roads, city supply and
    /// industry, night bombing, tactical patrol/interdiction).
    BombingMissions,
    /// 34: weather.
    Weather,
    /// 35: naval ascendancy.
    NavalAscendancy,
    /// 36: critical resources.
    CriticalResources,
}

impl OptionalRule {
    /// Every optional rule, in the order of the rulebook.
    pub const ALL: [OptionalRule; 12] = [
        OptionalRule::Introduction,
        OptionalRule::SeaMovement,
        OptionalRule::Invasions,
        OptionalRule::AutomaticVictory,
        OptionalRule::StrategicMovement,
        OptionalRule::CombatSupply,
        OptionalRule::TournamentIntroduction,
        OptionalRule::AirCombat,
        OptionalRule::BombingMissions,
        OptionalRule::Weather,
        OptionalRule::NavalAscendancy,
        OptionalRule::CriticalResources,
    ];

    /// The rule's number in the rulebook.
    pub fn number(self) -> u32 {
        match self {
            OptionalRule::Introduction => 18,
            OptionalRule::SeaMovement => 19,
            OptionalRule::Invasions => 20,
            OptionalRule::AutomaticVictory => 21,
            OptionalRule::StrategicMovement => 22,
            OptionalRule::CombatSupply => 23,
            OptionalRule::TournamentIntroduction => 31,
            OptionalRule::AirCombat => 32,
            OptionalRule::BombingMissions => 33,
            OptionalRule::Weather => 34,
            OptionalRule::NavalAscendancy => 35,
            OptionalRule::CriticalResources => 36,
        }
    }

    /// The optional rule numbered `n`, if there is one.
    pub fn from_number(n: u32) -> Option<OptionalRule> {
        OptionalRule::ALL.into_iter().find(|r| r.number() == n)
    }

    /// The rule as a player reads its name in a message.
    pub fn what(self) -> &'static str {
        match self {
            OptionalRule::Introduction => "18 (the Basic Game's optional rules: an introduction)",
            OptionalRule::SeaMovement => "optional rule 19 (sea movement)",
            OptionalRule::Invasions => "optional rule 20 (invasions)",
            OptionalRule::AutomaticVictory => "optional rule 21 (automatic victory)",
            OptionalRule::StrategicMovement => "optional rule 22 (strategic movement)",
            OptionalRule::CombatSupply => "optional rule 23 (combat supply)",
            OptionalRule::TournamentIntroduction => {
                "31 (the Tournament Game's optional rules: an introduction)"
            }
            OptionalRule::AirCombat => "optional rule 32 (air combat)",
            OptionalRule::BombingMissions => "optional rule 33 (additional bombing missions)",
            OptionalRule::Weather => "optional rule 34 (weather)",
            OptionalRule::NavalAscendancy => "optional rule 35 (naval ascendancy)",
            OptionalRule::CriticalResources => "optional rule 36 (critical resources)",
        }
    }

    /// Whether the engine plays the rule: a new game may choose it.
    pub fn built(self) -> bool {
        match self {
            OptionalRule::SeaMovement
            | OptionalRule::Invasions
            | OptionalRule::AutomaticVictory
            | OptionalRule::StrategicMovement
            | OptionalRule::CombatSupply
            | OptionalRule::Weather
            | OptionalRule::BombingMissions
            | OptionalRule::NavalAscendancy
            | OptionalRule::CriticalResources
            // 32: air combat.
            | OptionalRule::AirCombat => true,
            OptionalRule::Introduction | OptionalRule::TournamentIntroduction => false,
        }
    }
}

/// 24: the Basic Game's optional rules, all played in the Tournament Game.
pub const BASIC_OPTIONAL_RULES: [u32; 5] = [19, 20, 21, 22, 23];

// 37-41: BLITZKRIEG '85.
/// 004, introduction: "unless specifically contradicted by these new rules, all the
/// BLITZKRIEG '75 rules are in effect", the Tournament optional rules among them (the
/// article's title: "Advanced Tournament Optional Rules"). Those in force in a game of
/// '85: 33, 34 and 36. 35 (naval ascendancy) is replaced by 42 ("This replaces 35 and
/// 30.3"); 32 (air combat, changed by 47) is recorded in the game's own options by
/// [`Ruleset::recorded_at_new`], so the games of '85 made before 47 was built keep
/// playing without it (`docs/85.md`).
pub const EIGHTY5_TOURNAMENT_OPTIONAL: [u32; 3] = [33, 34, 36];

/// 32: the optional rule of air combat, which brings the fighters into play (30.1).
pub const AIR_COMBAT_RULE: u32 = 32;

impl Ruleset {
    /// The rule set of a game from the options its state records. A state of format 1
    /// records no readings: it is played with [`FORMAT_ONE_READINGS`].
    pub fn from_options(
        book: &RuleBook,
        options: &Options,
        format: u32,
    ) -> Result<Ruleset, RulesetError> {
        Ruleset::check_playable(options.rules, &options.optional)?;
        let mut readings = book.defaults();
        let format_one = format < 2;
        if format_one {
            for (name, option) in FORMAT_ONE_READINGS {
                readings.insert(name.to_string(), option.to_string());
            }
        }
        if options.rules.is_tournament() && !format_one {
            for (name, option) in TOURNAMENT_BEFORE_READINGS {
                if !options.readings.contains_key(name) {
                    readings.insert(name.to_string(), option.to_string());
                }
            }
        }
        readings.extend(options.readings.clone());
        let typed = Readings::from_names(book, &readings)?;
        Ok(Ruleset {
            rules: options.rules,
            optional: Ruleset::optional_in_force(options.rules, &options.optional),
            tables: match options.tables {
                TableChoice::PlayByMail => TableMode::Pbm,
                TableChoice::Die => TableMode::Die,
            },
            figures: book.basic,
            optional_figures: book.optional,
            tournament_figures: book.tournament.clone(),
            reading_names: readings,
            readings: typed,
            format_one,
            stops: options.stops.clone(),
            interception: options.interception,
            no_answer: options.no_answer,
            flight_routes: options.flight_routes,
            rules85: options.rules85.clone(),
        })
    }

    /// The Basic Game with the default readings and the play-by-mail tables.
    pub fn basic(book: &RuleBook) -> Ruleset {
        Ruleset {
            rules: RuleSet::Basic,
            optional: BTreeSet::new(),
            tables: TableMode::Pbm,
            figures: book.basic,
            optional_figures: book.optional,
            tournament_figures: book.tournament.clone(),
            reading_names: book.defaults(),
            readings: Readings::default(),
            format_one: false,
            stops: BTreeSet::new(),
            interception: Default::default(),
            no_answer: Default::default(),
            flight_routes: false,
            rules85: BTreeSet::new(),
        }
    }

    /// Refuses, for a new game, a rule set or an optional rule that does not exist or
    /// is not built yet.
    /// 31: the Tournament Game's optional rules are played "on the foundation of the
    /// Tournament Game" only.
    pub fn check_choice(rules: RuleSet, optional: &BTreeSet<u32>) -> Result<(), RulesetError> {
        // 38.8: BLITZKRIEG '85 leaves out nothing a game may choose at `new` yet.
        if rules == RuleSet::Eighty5 {
            if let Some(&n) = optional.iter().next() {
                return Err(RulesetError::Eighty5Optional(n));
            }
        }
        if !rules.is_tournament() {
            if let Some(&n) = optional.iter().find(|&&n| (31..=36).contains(&n)) {
                return Err(RulesetError::TournamentOptional(n));
            }
        }
        Ruleset::check_playable(rules, optional)
    }

    /// 34 with docs/dice.md: a game with weather is not resolved by stock sales, which
    /// give no die for the Weather Chart (refused when the game is made, not at the
    /// first weather roll).
    pub fn check_seed(optional: &BTreeSet<u32>, stock_sales: bool) -> Result<(), RulesetError> {
        let weather = OptionalRule::Weather.number();
        if stock_sales && optional.contains(&weather) {
            return Err(RulesetError::WeatherWithStockSales);
        }
        Ok(())
    }

    /// 38.8: "Game starts in Cold War state only if both players agree prior to onset
    /// of game": chosen at `blitz new`, in a game of '85 only.
    pub fn check_cold_war(rules: RuleSet, cold_war: bool) -> Result<(), RulesetError> {
        if cold_war && rules != RuleSet::Eighty5 {
            return Err(RulesetError::ColdWarNot85);
        }
        Ok(())
    }

    /// 32.3: a defender's fallback when he does not answer (`--no-answer standing`) is
    /// chosen in a game that plays rule 32 by the exchange by mail (R013 elsewhere: a
    /// game without the rule has nothing to answer, one of standing interception
    /// orders never waits).
    pub fn check_no_answer(
        optional: &BTreeSet<u32>,
        interception: crate::state::InterceptionMode,
        no_answer: crate::state::NoAnswer,
    ) -> Result<(), RulesetError> {
        let exchange =
            optional.contains(&OptionalRule::AirCombat.number()) && interception.is_exchange();
        if !no_answer.waits() && !exchange {
            return Err(RulesetError::NoAnswerWithoutExchange);
        }
        Ok(())
    }

    /// 37.35, 47: the optional rules a new game records: those chosen, and in a game of
    /// '85 rule 32 (air combat with 47's changes), played in 37.3's order (interception
    /// after ground movement, before combat). A game of '85 made before 47 was built
    /// records none, and plays without fighters as it was begun.
    pub fn recorded_at_new(rules: RuleSet, chosen: &BTreeSet<u32>) -> BTreeSet<u32> {
        let mut recorded = chosen.clone();
        if rules == RuleSet::Eighty5 {
            recorded.insert(AIR_COMBAT_RULE);
        }
        recorded
    }

    /// 004: the rules of '85 a new game records beyond those of release 0.7.0:
    /// helicopters (46), anti-aircraft fire (48), airfields (49), air transport (50) and
    /// bombardment's damage (52). A game of '85 made before records none and plays
    /// without them; one made with release 0.8.0 records all but 50.
    pub fn recorded85(rules: RuleSet) -> BTreeSet<u32> {
        match rules {
            RuleSet::Eighty5 => EIGHTY5_RECORDED.into_iter().collect(),
            _ => BTreeSet::new(),
        }
    }

    /// Whether this game plays rule `rule` of '85 that release 0.7.0 did not
    /// ([`Ruleset::recorded85`]): a game of '85 that records it.
    pub fn plays85(&self, rule: u32) -> bool {
        self.rules == RuleSet::Eighty5 && self.rules85.contains(&rule)
    }

    /// 24: the optional rules in force: those chosen, and in the Tournament Game the
    /// Basic Game's optional rules 19-23 as well.
    pub fn optional_in_force(rules: RuleSet, chosen: &BTreeSet<u32>) -> BTreeSet<u32> {
        let mut optional = chosen.clone();
        if rules.is_tournament() {
            optional.extend(BASIC_OPTIONAL_RULES);
        }
        // 004, introduction: BLITZKRIEG '85 on top of the Tournament optional rules.
        if rules == RuleSet::Eighty5 {
            optional.extend(EIGHTY5_TOURNAMENT_OPTIONAL);
        }
        optional
    }

    /// Refuses what the engine cannot play: an optional rule that does not exist or is
    /// not built yet. A Tournament Game position is played with the rules built (a
    /// corpus case, a test); only [`check_choice`](Self::check_choice) refuses it.
    pub fn check_playable(rules: RuleSet, optional: &BTreeSet<u32>) -> Result<(), RulesetError> {
        let optional = &Ruleset::optional_in_force(rules, optional);
        let mut typed = Vec::new();
        for &n in optional {
            typed.push(OptionalRule::from_number(n).ok_or(RulesetError::NoSuchRule(n))?);
        }
        let has = |r: OptionalRule| typed.contains(&r);
        if has(OptionalRule::Invasions) && !has(OptionalRule::SeaMovement) {
            return Err(RulesetError::Needs {
                rule: 20,
                needs: 19,
            });
        }
        if let Some(r) = typed.iter().find(|r| !r.built()) {
            return Err(RulesetError::NotYet {
                what: r.what().to_string(),
                missing: String::new(),
            });
        }
        Ok(())
    }

    /// The option in force for a reading, by name (empty if the rule data has no such
    /// reading): for a reading not typed yet in [`Readings`]. The rules read the typed
    /// [`Ruleset::readings`].
    pub fn reading(&self, name: &str) -> &str {
        self.reading_names.get(name).map_or("", String::as_str)
    }

    /// Sets the readings by name (`NAME = OPTION`, every one not named taking its
    /// default), as a game's state records them; an unknown name or option is refused.
    pub fn set_readings(
        &mut self,
        book: &RuleBook,
        names: BTreeMap<String, String>,
    ) -> Result<(), RulesetError> {
        let mut all = book.defaults();
        all.extend(names);
        self.readings = Readings::from_names(book, &all)?;
        self.reading_names = all;
        Ok(())
    }

    /// 16 (A), reading `victory-a-reinforcements`.
    pub fn victory_a(&self) -> VictoryA {
        self.readings.victory_a
    }

    /// 8.3, reading `armor-zoc-start`.
    pub fn armor_zoc_start(&self) -> ArmorZocStart {
        self.readings.armor_zoc_start
    }

    /// 16 (B), reading `victory-b-throughout`.
    pub fn victory_b_throughout(&self) -> VictoryBThroughout {
        self.readings.victory_b
    }

    /// PBEM sequence, reading `pending-consult`.
    pub fn pending_consult(&self) -> PendingConsult {
        self.readings.pending_consult
    }

    /// 19.3, reading `sea-limit-19-3`.
    pub fn sea_limit(&self) -> SeaLimit {
        self.readings.sea_limit
    }

    /// 19.4, reading `cut-off-sea-19-4`.
    pub fn cut_off_sea(&self) -> CutOffSea {
        self.readings.cut_off_sea
    }

    /// Whether the Tournament Game (24-30) is played.
    pub fn tournament(&self) -> bool {
        self.rules.is_tournament()
    }

    /// 16, 24, reading `tournament-length`: the last turn of a game whose options name
    /// `last_turn`; `None` when the players of a Tournament Game agreed to play to the
    /// bitter end (only victory A or B ends it).
    pub fn time_limit(&self, last_turn: u32) -> Option<u32> {
        let bitter_end = self.readings.tournament_length == TournamentLength::BitterEnd;
        (!(self.tournament() && bitter_end)).then_some(last_turn)
    }

    /// 4.6, 16: whether the game ends after `side`'s player-turn of `turn`, whatever
    /// the victory check finds (Red's player-turn of the last turn, if there is one).
    pub fn ends_after(&self, last_turn: u32, turn: u32, side: Side) -> bool {
        side == Side::Red && self.time_limit(last_turn).is_some_and(|last| turn >= last)
    }

    /// 25.1, TGAT, BBT note, reading `tgat-doubled-defender`.
    pub fn tgat_doubled_defender(&self) -> TgatDoubledDefender {
        self.readings.tgat_doubled_defender
    }

    /// 21.3, 25.1, reading `advance-zoc`.
    pub fn advance_zoc(&self) -> AdvanceZoc {
        self.readings.advance_zoc
    }

    /// 20.31, reading `invasion-opposed-20-31`.
    pub fn invasion_zoc(&self) -> InvasionZoc {
        self.readings.invasion_zoc
    }

    /// Whether the optional rule `rule` is played (in the Tournament Game, 19-23
    /// always are, 24).
    pub fn plays(&self, rule: OptionalRule) -> bool {
        self.optional.contains(&rule.number())
    }

    /// Whether optional rule 32 (air combat, and with it the fighters) is played.
    pub fn air_combat(&self) -> bool {
        self.plays(OptionalRule::AirCombat)
    }

    /// Whether optional rule 19 (sea movement) is played.
    pub fn sea_movement(&self) -> bool {
        self.plays(OptionalRule::SeaMovement)
    }

    /// Whether optional rule 20 (invasions) is played.
    pub fn invasions(&self) -> bool {
        self.plays(OptionalRule::Invasions)
    }

    /// Whether optional rule 23 (combat supply) is played.
    pub fn combat_supply(&self) -> bool {
        self.plays(OptionalRule::CombatSupply)
    }

    /// Every optional rule given as `19,20,21` or `all` (the Basic Game's 19-23).
    pub fn parse_optional(list: &str) -> Result<BTreeSet<u32>, RulesetError> {
        if list.trim() == "all" {
            return Ok((19..=23).collect());
        }
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<u32>()
                    .map_err(|_| RulesetError::ReadingSyntax(format!("optional rule `{s}`")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of a game of `rules` with `readings`, the die tables, an agreed
    /// text, standing orders and nothing else chosen.
    fn options(rules: RuleSet, readings: BTreeMap<String, String>) -> Options {
        Options {
            rules,
            tables: TableChoice::Die,
            seed: crate::state::SeedSource::AgreedText,
            decisions: crate::state::DecisionMode::StandingOrders,
            last_turn: 15,
            optional: BTreeSet::new(),
            readings,
            stops: BTreeSet::new(),
            cold_war: false,
            interception: Default::default(),
            no_answer: Default::default(),
            flight_routes: false,
            rules85: BTreeSet::new(),
        }
    }

    fn book() -> RuleBook {
        RuleBook::embedded().unwrap()
    }

    /// The printed figures of 000 are what the embedded data gives.
    #[test]
    fn the_embedded_figures_are_the_printed_ones() {
        let f = book().basic;
        assert_eq!(f.stacking_units(), 3, "11.1");
        assert!(f.stack_fits(6) && !f.stack_fits(7), "11.1 with 26.4");
        assert_eq!(
            (f.air_transport_units, f.air_transport_range),
            (4, 40),
            "9.3"
        );
        assert_eq!(f.airdrop_range, 20, "9.4");
        assert_eq!(
            (
                f.victory_a_units_left,
                f.victory_b_player_turns,
                f.victory_c_city_hexes
            ),
            (14, 2, 35),
            "16"
        );
    }

    /// The printed figures of 000 19-23 are what the embedded optional data gives.
    #[test]
    fn the_embedded_optional_figures_are_the_printed_ones() {
        let o = book().optional;
        assert_eq!(o.sea_movement.at_sea_halves, 20, "19.1, 19.3: 10 units");
        assert_eq!(o.sea_movement.landing_mf, 1, "19.2");
        assert_eq!(o.invasions.beaches_per_player_turn, 1, "20.1");
        assert_eq!(o.invasions.assault_hex_halves, 6, "20.31: 3 units");
        assert_eq!(o.invasions.first_beach_mf, 1, "20.4");
        let av = o.automatic_victory;
        assert_eq!(
            (av.odds, av.odds_no_retreat, av.advance_hexes),
            (7, 5, 4),
            "21"
        );
        assert_eq!(o.strategic_movement.bonus_mf, 4, "22");
        let cs = o.combat_supply;
        assert_eq!(
            (cs.overland_hexes, cs.air_units, cs.air_range),
            (10, 4, 40),
            "23.2, 23.4"
        );
        assert_eq!((cs.beach_hexes, cs.beach_units), (10, 10), "23.5");
    }

    #[test]
    fn a_reading_is_chosen_by_name_and_a_wrong_one_is_named() {
        let b = book();
        let r = b
            .choose(RuleSet::Basic, &["armor-zoc-start=same-zoc-stops".into()])
            .unwrap();
        assert_eq!(r["armor-zoc-start"], "same-zoc-stops");
        assert_eq!(r["victory-a-reinforcements"], "board");
        assert!(matches!(
            b.choose(RuleSet::Basic, &["no-such=x".into()]),
            Err(RulesetError::NoSuchReading(_))
        ));
        assert!(matches!(
            b.choose(RuleSet::Basic, &["armor-zoc-start=sideways".into()]),
            Err(RulesetError::NoSuchOption { .. })
        ));
        assert!(matches!(
            b.choose(RuleSet::Basic, &["armor-zoc-start".into()]),
            Err(RulesetError::ReadingSyntax(_))
        ));
    }

    /// The Tournament Game's figures file may declare readings of its own: a
    /// Tournament Game chooses among them and records them; another game has none of
    /// them and is refused one by name.
    #[test]
    fn the_tournament_file_declares_readings_of_the_tournament_game_only() {
        let tournament = format!(
            "{EMBEDDED_TOURNAMENT}\n[[reading]]\nname = \"t-reading\"\nrules = [\"29.6\"]\n\
             title = \"a test\"\ndefault = \"one\"\n[[reading.option]]\nname = \"one\"\n\
             summary = \"\"\nsources = [\"000\"]\n[[reading.option]]\nname = \"two\"\n\
             summary = \"\"\nsources = [\"003\"]\n"
        );
        let parse = |t: &str| {
            RuleBook::parse(
                EMBEDDED_FIGURES,
                "f",
                EMBEDDED_OPTIONAL,
                "o",
                t,
                "t",
                EMBEDDED_READINGS,
                "r",
            )
        };
        let b = parse(&tournament).unwrap();
        let basic = b.choose(RuleSet::Basic, &[]).unwrap();
        assert!(!basic.contains_key("t-reading"));
        assert!(matches!(
            b.choose(RuleSet::Basic, &["t-reading=two".into()]),
            Err(RulesetError::TournamentReading(_))
        ));
        let t = b.choose(RuleSet::Tournament, &[]).unwrap();
        assert_eq!(t["t-reading"], "one");
        assert_eq!(t["armor-zoc-start"], basic["armor-zoc-start"]);
        let t = b
            .choose(RuleSet::Tournament, &["t-reading=two".into()])
            .unwrap();
        assert_eq!(t["t-reading"], "two");
        // A name used in both files is refused.
        let twice = tournament.replace("t-reading", "armor-zoc-start");
        let e = parse(&twice).unwrap_err();
        assert!(e.to_string().contains("listed twice"), "{e}");
    }

    /// A reading added after Tournament Games were first written: a game created now
    /// records it with its default; the state of a Tournament Game that lacks it was
    /// written before it existed and plays the option of then; a Basic Game has none.
    #[test]
    fn a_tournament_state_lacking_a_later_reading_plays_its_option_of_before() {
        let b = book();
        let made_now = b.choose(RuleSet::Tournament, &[]).unwrap();
        assert_eq!(made_now["tgat-doubled-defender"], "printed");
        let now = Ruleset::from_options(&b, &options(RuleSet::Tournament, made_now), 2).unwrap();
        assert_eq!(now.tgat_doubled_defender(), TgatDoubledDefender::Printed);
        let mut before = b.choose(RuleSet::Tournament, &[]).unwrap();
        before.remove("tgat-doubled-defender");
        let old = Ruleset::from_options(&b, &options(RuleSet::Tournament, before), 2).unwrap();
        assert_eq!(
            old.tgat_doubled_defender(),
            TgatDoubledDefender::DoubleValue
        );
        let basic = b.choose(RuleSet::Basic, &[]).unwrap();
        assert!(!basic.contains_key("tgat-doubled-defender"));
    }

    /// 32.31: a game made before the routes of its missions were kept reads without
    /// them, is written again without the field, and keeps no route (its replay gives
    /// the bytes it was played with); a game made with them keeps them.
    #[test]
    fn a_game_made_before_flight_routes_keeps_none() {
        let b = book();
        let options = Options {
            optional: BTreeSet::from([32]),
            ..options(
                RuleSet::Tournament,
                b.choose(RuleSet::Tournament, &[]).unwrap(),
            )
        };
        let written = ron::to_string(&options).unwrap();
        assert!(!written.contains("flight_routes"), "{written}");
        let read: Options = ron::from_str(&written).unwrap();
        assert!(!read.flight_routes);
        let old = Ruleset::from_options(&b, &read, 2).unwrap();
        assert!(!old.flight_routes);
        let new = Options {
            flight_routes: true,
            ..read
        };
        let written = ron::to_string(&new).unwrap();
        assert!(written.contains("flight_routes:true"), "{written}");
        assert!(Ruleset::from_options(&b, &new, 2).unwrap().flight_routes);
    }

    /// 004: a game of '85 made before 46, 48, 49 and 52 were built records none of them,
    /// is written again without the field and plays none (its replay gives the bytes it
    /// was played with); one made now records and plays them; no other game does.
    #[test]
    fn a_game_of_85_made_before_its_later_rules_plays_none_of_them() {
        let b = book();
        let old = options(RuleSet::Eighty5, b.choose(RuleSet::Eighty5, &[]).unwrap());
        let written = ron::to_string(&old).unwrap();
        assert!(!written.contains("rules85"), "{written}");
        let read = Ruleset::from_options(&b, &ron::from_str(&written).unwrap(), 2).unwrap();
        assert!([46, 48, 49, 52].iter().all(|r| !read.plays85(*r)));
        let new = Options {
            rules85: Ruleset::recorded85(RuleSet::Eighty5),
            ..old
        };
        let written = ron::to_string(&new).unwrap();
        assert!(
            written.contains("rules85:[46,48,49,50,52,525,3733,3821,4733,4831]"),
            "{written}"
        );
        let now = Ruleset::from_options(&b, &new, 2).unwrap();
        assert!([46, 48, 49, 50, 52].iter().all(|r| now.plays85(*r)));
        assert!(!now.plays85(51));
        assert!(Ruleset::recorded85(RuleSet::Tournament).is_empty());
        // 50, 52.5: a game made with release 0.8.0 records 46, 48, 49 and 52, and plays
        // on without air transport aircraft or capture damage.
        let made_with_0_8 = Options {
            rules85: [46, 48, 49, 52].into_iter().collect(),
            ..new
        };
        let then = Ruleset::from_options(&b, &made_with_0_8, 2).unwrap();
        assert!(then.plays85(49) && then.plays85(52));
        assert!(!then.plays85(50) && !then.plays85(CAPTURE_DAMAGE_52_5));
        assert!(now.plays85(CAPTURE_DAMAGE_52_5));
        // 37.33, 47.33: a game made with release 0.9.0 plays its air missions after the
        // ground movement and loses no transport aircraft.
        let made_with_0_9 = Options {
            rules85: [46, 48, 49, 50, 52, CAPTURE_DAMAGE_52_5]
                .into_iter()
                .collect(),
            ..made_with_0_8
        };
        let then = Ruleset::from_options(&b, &made_with_0_9, 2).unwrap();
        assert!(then.plays85(50) && then.plays85(CAPTURE_DAMAGE_52_5));
        assert!(!then.plays85(AIR_MOVEMENT_37_33) && !then.plays85(TRANSPORT_LOSSES_47_33));
        assert!(now.plays85(AIR_MOVEMENT_37_33) && now.plays85(TRANSPORT_LOSSES_47_33));
        assert!(now.plays85(AIRFIELD_AA_48_31) && now.plays85(UPGRADE_LIMIT_38_21));
        assert!(!then.plays85(AIRFIELD_AA_48_31) && !then.plays85(UPGRADE_LIMIT_38_21));
    }

    /// 004, introduction: BLITZKRIEG '85 plays the Tournament Game (19-23 with it, 24)
    /// and its optional rules 33, 34 and 36 (35 is replaced by 42, 32 left out until 47
    /// changes it);
    /// `--optional` is refused with it (R010): 004 lets a game leave out none of its rules.
    #[test]
    fn blitzkrieg_85_plays_the_tournament_game_with_33_34_36() {
        let none = BTreeSet::new();
        let rules = RuleSet::Eighty5;
        assert!(rules.is_tournament());
        assert!(Ruleset::check_choice(rules, &none).is_ok());
        assert_eq!(
            Ruleset::optional_in_force(rules, &none),
            BTreeSet::from([19, 20, 21, 22, 23, 33, 34, 36])
        );
        let e = Ruleset::check_choice(rules, &BTreeSet::from([34])).unwrap_err();
        assert_eq!(e, RulesetError::Eighty5Optional(34));
        assert_eq!(e.error_code(), "R010");
        let b = book();
        let t = b.choose(RuleSet::Tournament, &[]).unwrap();
        assert_eq!(b.choose(rules, &[]).unwrap(), t);
    }

    /// 38.8: the Cold War is chosen in a game of '85 alone (R012 elsewhere).
    #[test]
    fn the_cold_war_is_85s_alone_38_8() {
        assert!(Ruleset::check_cold_war(RuleSet::Eighty5, true).is_ok());
        assert!(Ruleset::check_cold_war(RuleSet::Basic, false).is_ok());
        let e = Ruleset::check_cold_war(RuleSet::Tournament, true).unwrap_err();
        assert_eq!(e, RulesetError::ColdWarNot85);
        assert_eq!(e.error_code(), "R012");
    }

    #[test]
    fn rules_not_built_yet_are_refused_by_name() {
        let none = BTreeSet::new();
        // 24-30: every rule of the Tournament Game is built: a new game may play it.
        assert!(Ruleset::check_choice(RuleSet::Tournament, &none).is_ok());
        // 24: a Tournament Game position plays, with the optional rules 19-23.
        assert!(Ruleset::check_playable(RuleSet::Tournament, &none).is_ok());
        assert_eq!(
            Ruleset::optional_in_force(RuleSet::Tournament, &none),
            BTreeSet::from(BASIC_OPTIONAL_RULES)
        );
        assert!(Ruleset::optional_in_force(RuleSet::Basic, &none).is_empty());
        // 31: the Tournament Game's optional rules are not the Basic Game's.
        let e = Ruleset::check_choice(RuleSet::Basic, &BTreeSet::from([19, 34])).unwrap_err();
        assert_eq!(e, RulesetError::TournamentOptional(34));
        // 32: air combat is built; 31, an introduction, has nothing to play.
        assert!(Ruleset::check_choice(RuleSet::Tournament, &BTreeSet::from([32])).is_ok());
        let e = Ruleset::check_choice(RuleSet::Tournament, &BTreeSet::from([31])).unwrap_err();
        assert!(e.to_string().contains("an introduction"), "{e}");
        assert!(Ruleset::check_choice(RuleSet::Basic, &BTreeSet::from([19, 20])).is_ok());
        assert!(Ruleset::check_choice(RuleSet::Basic, &BTreeSet::from([19, 23])).is_ok());
        let e = Ruleset::check_choice(RuleSet::Basic, &BTreeSet::from([20])).unwrap_err();
        assert_eq!(
            e,
            RulesetError::Needs {
                rule: 20,
                needs: 19
            }
        );
        let e = Ruleset::check_choice(RuleSet::Basic, &BTreeSet::from([40])).unwrap_err();
        assert_eq!(e, RulesetError::NoSuchRule(40));
        assert!(Ruleset::check_choice(RuleSet::Basic, &none).is_ok());
        assert_eq!(
            Ruleset::parse_optional("all").unwrap(),
            (19..=23).collect::<BTreeSet<u32>>()
        );
    }

    // 34 (weather)
    /// 34: a game with weather is not resolved by stock sales, which give no die.
    #[test]
    fn weather_is_refused_with_stock_sales_34() {
        let weather: BTreeSet<u32> = [34].into();
        assert!(matches!(
            Ruleset::check_seed(&weather, true),
            Err(RulesetError::WeatherWithStockSales)
        ));
        assert!(Ruleset::check_seed(&weather, false).is_ok());
        assert!(Ruleset::check_seed(&[35].into(), true).is_ok());
    }

    // 31: the Tournament Game's optional rules, each chosen separately.
    /// 31: "Players are warned not to try too many Optionals at once": each of the
    /// optional rules 33-36 is chosen on its own, any of them without the others (33
    /// without 32), and a game plays exactly those chosen, on the foundation of the
    /// Tournament Game only.
    #[test]
    fn the_tournament_optional_rules_are_chosen_each_separately_31() {
        let rules = [33, 34, 35, 36];
        for mask in 1u32..16 {
            let chosen: BTreeSet<u32> = rules
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, n)| *n)
                .collect();
            assert!(
                Ruleset::check_choice(RuleSet::Tournament, &chosen).is_ok(),
                "{chosen:?}"
            );
            let first = chosen.iter().next().copied().unwrap();
            assert_eq!(
                Ruleset::check_choice(RuleSet::Basic, &chosen).unwrap_err(),
                RulesetError::TournamentOptional(first)
            );
            let in_force = Ruleset::optional_in_force(RuleSet::Tournament, &chosen);
            for n in rules {
                assert_eq!(in_force.contains(&n), chosen.contains(&n), "{chosen:?}");
            }
        }
    }
}
