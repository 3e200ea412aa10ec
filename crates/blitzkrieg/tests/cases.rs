//! The adjudication test corpus: every folder under `tests/cases/` is one case, kept as
//! data in the manner of the Diplomacy Adjudicator Test Cases. A case is a small board
//! and position (`case.toml`), one order file (`orders.toml`) and what must come of it
//! (`expect.toml`): the rules of the errors, or where units end, who is eliminated,
//! and lines the report must contain. Each case cites the paragraph it checks.
//!
//! A case is played under the default readings unless it names others,
//! `readings = { name = "option" }` (`docs/readings.md`); `rules` and `optional` name the
//! rule set and the optional rules (an optional rule not implemented is refused; a
//! Tournament Game case, `rules = "tournament"`, plays with the rules built), `last_turn`
//! the game's last turn and `condition_b` the player-turns of 16 (B) counted so far.
//! `expect.toml`'s `errors` are the rule paragraphs of the errors expected, and
//! `error_messages` lines some of them must read (`"B970: ..."`: code and message).
//! `decisions = "pending"` plays a pending-decision game: when the player-turn stops
//! for the defender's decisions, the case's `orders.step1.toml`, `orders.step2.toml`
//! ... are the order files of its later steps (the dice go on in the same list), and
//! `steps` in `expect.toml` says how many later steps there were; the state each later
//! step starts from is written as a file and read back first.
//! A case may give its position as a position file instead (`position = "position.toml"`,
//! `docs/position.md`): then `case.toml` defines the board and the counters only, and
//! the file places them, names the player-turn, the cities held and standing orders,
//! checked as `blitz new --position` checks it.
//! `board = "blitzkrieg"` plays a case on the real (embedded) board instead of a small
//! one drawn in `[board]`, as the cases of the Q&A that name its hexes need; a unit may
//! start at sea (`sea = "A"`, optional rule 19), and `expect.toml`'s `at_sea` names the
//! zone a unit must end in. `invaded` names the beach invaded in the preceding
//! player-turn (optional rule 20.2), `beachheads` the beach hexes the side to move
//! invaded in its own last player-turn (beach supply, 23.5), and `expect.toml`'s
//! `beachheads` those the next state keeps for the side that moved; likewise
//! `ranger_beachheads` for the coastal hexes invaded by rangers alone (003 27.2), and
//! `expect.toml`'s `invaded` the beach the next state keeps as invaded (`""`: none,
//! 27.3). A unit with
//! `size = "substitute"` is a substitute counter (26): on the map with a hex, else among
//! the inactive counters; a full unit with `inactive = true` is among them too, and
//! `expect.toml`'s `inactive` names the units that must end there (broken down or
//! recombined). `pools` gives what each side has in hand (28.1, 28.4), and
//! `expect.toml`'s `pools` what the next state keeps; `changed_last` the city hexes that
//! became friendly to a side in the preceding player-turn. `weather` (optional rule
//! 34) is the weather the state keeps for the case's complete-turn. `hex_marks` puts PX, RCX
//! and SRIX markers on the board and `inverted` names aircraft inverted (optional rule
//! 33); `expect.toml`'s `hex_marks` (the kinds by hex) and `inverted` say what the next
//! state keeps. `damage` puts '85's damage markers on facilities (52.4, each with its
//! marker in `hex_marks`), and `expect.toml`'s `damage` says what the next state keeps.
//! `invading` gives the factors each side invaded with in each sea zone in its own
//! last player-turn (35.1), and `expect.toml`'s `invading` those the next state keeps
//! for the side that moved, its `ascendancy` the state of a zone (`"contested"`).
//! `navy_lost` names the sides whose navy the state records as lost (36.44), and
//! `expect.toml`'s `navy_lost` those the next state keeps so.
//! `fighter_supply` names the sides whose own player-turn the state records as having
//! traced supply (003 23.1: their fighters trace again in the enemy's player-turn).
//! `airfields` puts '85's airfields on the board, each built and owned by its side
//! (49.3): `airfields = { R12 = "red" }`.
//! `air_supplied` gives the units '85's air supply keeps supplied (50.75), and
//! `expect.toml`'s `air_supplied` names those the next state keeps so (50.76: not those
//! whose aircraft was shot down).
//! `rules85` plays a game of '85 made before some of its rules were built, with the
//! numbers such a game records (`rules85 = [46, 48, 49, 50, 52, 525]`).
//!
//! Every option of a declared reading whose rule is built, other than the default, is
//! shown by at least one case that names it (`readings = { name = "option" }`):
//! [`every_option_of_a_built_reading_has_a_case`].
//!
//! Each case is a test of its own, named by its folder, so that `cargo test -p
//! blitzkrieg 25-1-` runs the cases of 25.1 (this file is its own harness: `main` lists
//! one test per folder with `libtest-mimic`); `every_case_in_the_corpus_holds` checks that every
//! folder is a case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::builder::StateBuilder;
use blitzkrieg::ruleset::{RuleBook, Ruleset};

use blitzkrieg::board::{Country, Terrain};
use blitzkrieg::engine::{self, TurnDice, TurnInput};
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::marker::{Damage, HexMarker, HexMarkerKind, Pools, UnitMarker};
use blitzkrieg::readings::Readings;
use blitzkrieg::report;
use blitzkrieg::rules::Rules;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::{
    DecisionMode, GameState, Phase, Place, RuleSet, SeedSource, StandingOrders, TableChoice,
};
use blitzkrieg::tables::{TableMode, Tables};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use pbem::dice::Roll;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    title: String,
    cite: String,
    /// A position file in the case folder that places the counters and names the
    /// player-turn (then the case gives neither).
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    turn: Option<u32>,
    #[serde(default)]
    side: Option<Side>,
    #[serde(default)]
    tables: Option<String>,
    board: BoardSpec,
    #[serde(default)]
    unit: Vec<CaseUnit>,
    #[serde(default)]
    held: BTreeMap<String, Side>,
    #[serde(default)]
    standing: BTreeMap<Side, CaseStanding>,
    #[serde(default)]
    dice: Vec<u8>,
    #[serde(default)]
    setup: bool,
    #[serde(default)]
    readings: BTreeMap<String, String>,
    #[serde(default)]
    rules: Option<RuleSet>,
    #[serde(default)]
    optional: BTreeSet<u32>,
    #[serde(default)]
    last_turn: Option<u32>,
    #[serde(default)]
    condition_b: BTreeMap<Side, u32>,
    /// 20.2: the beach invaded in the preceding player-turn.
    #[serde(default)]
    invaded: Option<String>,
    /// 23.5: the beach hexes the side to move invaded in its last player-turn.
    #[serde(default)]
    beachheads: Vec<String>,
    /// 003 27.2: the coastal hexes the side to move invaded with rangers alone in its
    /// last player-turn.
    #[serde(default)]
    ranger_beachheads: Vec<String>,
    /// "pending" or "standing" (the default).
    #[serde(default)]
    decisions: Option<String>,
    /// `"stock"`: a game whose seed is a trading date's stock sales (each battle,
    /// barrage and strategic bombing names a stock; the fixed dice say which).
    #[serde(default)]
    seed: Option<String>,
    /// 29: the minor countries' status (aggressor, reduced cities), as the state keeps
    /// it: `minors.calaedia = { aggressor = "Blue", reduced = ["N16"] }`.
    #[serde(default)]
    minors: BTreeMap<Country, blitzkrieg::minor::MinorStatus>,
    /// 29: the country of the board's `minor` hexes (Calaedia unless named).
    #[serde(default)]
    minor_country: Option<Country>,
    /// 9.3, 28.1, 28.4: what each side has in hand, as the state keeps it:
    /// `pools = { blue = { replacements = 1 } }`.
    #[serde(default)]
    pools: BTreeMap<Side, Pools>,
    /// 5.1-5.2: the city hexes that became friendly to a side in the preceding
    /// player-turn (its report's city changes, which 30.7's staging looks at):
    /// `changed_last = { H9 = "blue" }`.
    #[serde(default)]
    changed_last: BTreeMap<String, Side>,
    // 34 (weather)
    /// 34: the weather the state keeps for the case's complete-turn (`weather = "Rain"`).
    #[serde(default)]
    weather: Option<blitzkrieg::tables::Weather>,
    /// 33.3-33.5: PX, RCX and SRIX markers on the board, as the state keeps them:
    /// `hex_marks = { R10 = [{ kind = "PX", until_turn = 2, until_side = "blue" }] }`.
    #[serde(default)]
    hex_marks: BTreeMap<String, BTreeSet<HexMarker>>,
    /// 33.2: aircraft inverted when their airbase was bombed.
    #[serde(default)]
    inverted: Vec<String>,
    // 35 (optional rule)
    /// 35.1: the factors each side invaded with in each sea zone in its own last
    /// player-turn: `invading = { red = { B = 8 } }`.
    #[serde(default)]
    invading: BTreeMap<Side, BTreeMap<char, u32>>,
    // 36 (optional rule)
    /// 36.44: the sides whose navy the state records as lost in an earlier player-turn:
    /// `navy_lost = ["blue"]`.
    #[serde(default)]
    navy_lost: Vec<Side>,
    // 003 23.1: fighters' supply in the opponent's player-turn.
    /// 003 23.1: the sides whose own player-turn traced supply in this game:
    /// `fighter_supply = ["red"]`.
    #[serde(default)]
    fighter_supply: BTreeSet<Side>,
    // 50.75: BLITZKRIEG '85's air supply.
    /// 50.75: units supplied by air in their side's last player-turn, with the turn of
    /// the side's player-turn they are supplied through: `air_supplied = { B-1IN = 2 }`.
    #[serde(default)]
    air_supplied: BTreeMap<String, u32>,
    // 32.7, 33.7 (optional rules)
    /// 32.7, 33.7: aircraft in the air over a patrol hex since their own player-turn,
    /// standing at their base (`hex`): `patrols = { R-1FTR = { hex = "M9", kind =
    /// "Patrol" } }` (`"Interdiction"` for 33.7).
    #[serde(default)]
    patrols: BTreeMap<String, blitzkrieg::air_combat::patrol::Patrol>,
    // 52: bombardment effect (BLITZKRIEG '85).
    /// 52.4: the damage markers on facilities, as the state keeps them, each with its
    /// PX, RCX or SRIX marker in `hex_marks`: `damage = { R10 = { SRIX = { owner =
    /// "red", heavy = 1 } } }`.
    #[serde(default)]
    damage: BTreeMap<String, BTreeMap<HexMarkerKind, Damage>>,
    // 49: airfields (BLITZKRIEG '85).
    /// 49.3: the airfields on the board, each built by the side that owns it before
    /// the game's first turn: `airfields = { R12 = "red" }`.
    #[serde(default)]
    airfields: BTreeMap<String, Side>,
    /// 004: the rules of '85 a game of '85 records (`rules85`, `docs/state.md`), when
    /// the case is a game made before some were built; else those a game made now
    /// records.
    rules85: Option<BTreeSet<u32>>,
}

/// The board of a case: a name (`"blitzkrieg"`, the embedded board) or a small board.
#[derive(Deserialize)]
#[serde(untagged)]
enum BoardSpec {
    Named(String),
    Drawn(Box<CaseBoard>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseBoard {
    cols: i16,
    nums: i16,
    /// Columns from this one eastward are Big Red; the rest Great Blue.
    red_from_col: i16,
    #[serde(default)]
    forest: Vec<String>,
    #[serde(default)]
    mountain: Vec<String>,
    #[serde(default)]
    desert: Vec<String>,
    #[serde(default)]
    sea: Vec<String>,
    #[serde(default)]
    lake: Vec<String>,
    #[serde(default)]
    neutral: Vec<String>,
    #[serde(default)]
    minor: Vec<String>,
    #[serde(default)]
    roads: Vec<Vec<String>>,
    #[serde(default)]
    cities: Vec<Vec<String>>,
    #[serde(default)]
    rivers: Vec<CaseRiver>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseRiver {
    branch: String,
    hexes: Vec<String>,
    #[serde(default)]
    ends: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseUnit {
    id: String,
    kind: UnitKind,
    attack: u32,
    #[serde(default)]
    defence: Option<u32>,
    movement: u32,
    #[serde(default)]
    hex: Option<String>,
    /// 19.1: the zone whose At Sea Box the unit starts in.
    #[serde(default)]
    sea: Option<char>,
    #[serde(default = "one_u8")]
    enters: u8,
    /// `"substitute"` for a substitute counter (26); one with no hex is inactive.
    #[serde(default)]
    size: Option<Size>,
    /// 26: a full unit among the inactive counters (broken down or removed before).
    #[serde(default)]
    inactive: bool,
}

fn one_u8() -> u8 {
    1
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CaseStanding {
    #[serde(default)]
    lose_first: Vec<String>,
    #[serde(default)]
    retreat_prefer: Vec<String>,
    #[serde(default)]
    retreat_toward: Option<String>,
    #[serde(default)]
    advance: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// Rule paragraphs of the expected errors (as a multiset, any order).
    #[serde(default)]
    errors: Option<Vec<String>>,
    /// The stable codes of the expected errors, with their messages as a player reads
    /// them (`"B970: ..."`, any order; `docs/error-codes.md`).
    #[serde(default)]
    error_messages: Vec<String>,
    #[serde(default)]
    positions: BTreeMap<String, String>,
    /// Units that must end in a zone's At Sea Box (19.1).
    #[serde(default)]
    at_sea: BTreeMap<String, char>,
    #[serde(default)]
    eliminated: Vec<String>,
    /// Units that must be among the inactive counters (26: broken down, recombined).
    #[serde(default)]
    inactive: Vec<String>,
    #[serde(default)]
    report: Vec<String>,
    #[serde(default)]
    not_in_report: Vec<String>,
    /// The later steps the player-turn took (pending-decision games).
    #[serde(default)]
    steps: Option<u32>,
    /// 33.3-33.5: the markers (`"PX"`, `"RCX"`, `"SRIX"`) the next state keeps, by hex
    /// (`{}`: none).
    #[serde(default)]
    hex_marks: Option<BTreeMap<String, Vec<String>>>,
    /// 33.2: the units the next state keeps inverted.
    #[serde(default)]
    inverted: Option<Vec<String>>,
    /// 32.7, 33.7: the units the next state keeps on patrol, with their patrol hexes
    /// (`{}`: none).
    #[serde(default)]
    patrols: Option<BTreeMap<String, String>>,
    /// 23.5: the beach hexes the next state keeps for the side that moved (its
    /// beachheads for beach supply in its next player-turn).
    #[serde(default)]
    beachheads: Option<Vec<String>>,
    /// 29: the minor countries' status the next state keeps.
    #[serde(default)]
    minors: Option<BTreeMap<Country, blitzkrieg::minor::MinorStatus>>,
    /// 003 27.2: the coastal hexes the next state keeps for the side that moved as
    /// invaded by rangers alone.
    #[serde(default)]
    ranger_beachheads: Option<Vec<String>>,
    /// 20.2, 27.3: the beach the next state keeps as invaded this player-turn (`""`
    /// for none).
    #[serde(default)]
    invaded: Option<String>,
    /// 28.1, 28.4: the pools the next state keeps (`{}`: none).
    #[serde(default)]
    pools: Option<BTreeMap<Side, Pools>>,
    // 35 (optional rule)
    /// 35.1: the factors the side that moved invaded with in each sea zone, as the
    /// next state keeps them (`{}`: none).
    #[serde(default)]
    invading: Option<BTreeMap<char, u32>>,
    /// 35.2: the state of sea zones as the next state keeps them:
    /// `ascendancy = { B = "superiority" }`.
    #[serde(default)]
    ascendancy: BTreeMap<char, String>,
    // 36 (optional rule)
    /// 36.44: the sides whose navy the next state keeps as lost.
    #[serde(default)]
    navy_lost: Option<Vec<Side>>,
    // 50.75-50.76: air supply (BLITZKRIEG '85).
    /// 50.75, 50.76: the units the next state keeps supplied by air (`[]`: none).
    #[serde(default)]
    air_supplied: Option<Vec<String>>,
    // 52: bombardment effect (BLITZKRIEG '85).
    /// 52.4: the damage the next state keeps on each facility, by hex and marker kind,
    /// as the report words it: `damage = { R10 = { SRIX = "1 heavy, 1 light" } }`
    /// (`{}`: none).
    #[serde(default)]
    damage: Option<BTreeMap<String, BTreeMap<String, String>>>,
}

struct FixedDice(Vec<u8>, usize);

impl TurnDice for FixedDice {
    fn roll(
        &mut self,
        mode: TableMode,
        roll_id: &str,
        stock: Option<&str>,
    ) -> Result<(Roll, String), String> {
        let d = self
            .0
            .get(self.1)
            .copied()
            .ok_or(format!("case gives no roll for {roll_id}"))?;
        self.1 += 1;
        let roll = Roll::in_mode(mode, d).ok_or(format!("{d} is not a roll"))?;
        let named = stock.map(|s| format!(", stock {s}")).unwrap_or_default();
        Ok((
            roll,
            format!("{roll_id}: {roll} (fixed by the case{named})"),
        ))
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn build_board(b: &CaseBoard, minor: Country) -> blitzkrieg::board::Board {
    let mut s = Sketch::land(1..=b.cols, 1..=b.nums, Country::GreatBlue);
    let red: Vec<String> = (b.red_from_col..=b.cols)
        .flat_map(|c| (1..=b.nums).filter_map(move |n| Hex::new(c, n)))
        .map(|h| h.to_string())
        .collect();
    s = s.country(Country::BigRed, &strs(&red));
    s = s.country(minor, &strs(&b.minor));
    for (t, list) in [
        (Terrain::Forest, &b.forest),
        (Terrain::Mountain, &b.mountain),
        (Terrain::Desert, &b.desert),
        (Terrain::Sea, &b.sea),
        (Terrain::Lake, &b.lake),
        (Terrain::Neutral, &b.neutral),
    ] {
        s = s.terrain(t, &strs(list));
    }
    for r in &b.roads {
        s = s.road(&strs(r));
    }
    for c in &b.cities {
        s = s.city(&c[0], &strs(&c[1..]));
    }
    for r in &b.rivers {
        s = s.river(&r.branch, &strs(&r.hexes), &strs(&r.ends));
    }
    s.build()
}

/// The rule set and readings a case names, checked as `blitz new` checks them.
fn choose_rules(case: &Case, rules: &mut Rules) -> Result<(), String> {
    let book = RuleBook::embedded().unwrap();
    let chosen: Vec<String> = case
        .readings
        .iter()
        .map(|(n, o)| format!("{n}={o}"))
        .collect();
    let set = case.rules.unwrap_or(RuleSet::Basic);
    let names = book.choose(set, &chosen).map_err(|e| e.to_string())?;
    rules
        .ruleset
        .set_readings(&book, names)
        .map_err(|e| e.to_string())?;
    Ruleset::check_playable(set, &case.optional).map_err(|e| e.to_string())?;
    rules.ruleset.rules = set;
    rules.ruleset.optional = Ruleset::optional_in_force(set, &case.optional);
    rules.ruleset.rules85 = case
        .rules85
        .clone()
        .unwrap_or_else(|| Ruleset::recorded85(set));
    Ok(())
}

fn build(case: &Case, dir: &Path) -> Result<(Rules, GameState), String> {
    let counters = Counters::from_list(case.unit.iter().map(|u| Counter {
        id: UnitId::new(&u.id).unwrap(),
        side: if u.id.to_ascii_uppercase().starts_with('B') {
            Side::Blue
        } else {
            Side::Red
        },
        kind: u.kind,
        size: u.size.unwrap_or(Size::Division),
        attack: u.attack,
        defence: u.defence.unwrap_or(u.attack),
        movement: u.movement,
        name: u.id.clone().into(),
        enters: if u.size == Some(Size::Substitute) {
            0
        } else {
            u.enters
        },
    }));
    let board = match &case.board {
        BoardSpec::Drawn(b) => build_board(b, case.minor_country.unwrap_or(Country::Calaedia)),
        BoardSpec::Named(name) if name == "blitzkrieg" => blitzkrieg::board::Board::embedded(),
        BoardSpec::Named(name) => return Err(format!("no board named `{name}`")),
    };
    let mut rules = Rules::new(board, counters, RuleBook::embedded().unwrap());
    choose_rules(case, &mut rules).map_err(|e| format!("{}: {e}", case.title))?;
    let inactive =
        |u: &&CaseUnit| u.size == Some(Size::Substitute) && u.hex.is_none() && u.sea.is_none();
    let units: Vec<(UnitId, Place)> = case
        .unit
        .iter()
        .filter(|u| !inactive(u))
        .map(|u| {
            let place = match (&u.hex, u.sea) {
                _ if u.inactive => Place::Inactive,
                (Some(h), _) => Place::Map(h.parse().unwrap()),
                (None, Some(zone)) => Place::AtSea(zone),
                (None, None) => Place::Waiting,
            };
            (UnitId::new(&u.id).unwrap(), place)
        })
        .collect();
    let standing = case
        .standing
        .iter()
        .map(|(side, s)| {
            (
                *side,
                StandingOrders {
                    lose_first: s
                        .lose_first
                        .iter()
                        .map(|u| UnitId::new(u).unwrap())
                        .collect(),
                    retreat_toward: s.retreat_toward.as_ref().map(|h| h.parse().unwrap()),
                    retreat_prefer: s
                        .retreat_prefer
                        .iter()
                        .map(|h| h.parse().unwrap())
                        .collect(),
                    advance: s.advance,
                    intercepts: Vec::new(),
                },
            )
        })
        .collect();
    let tables = match case.tables.as_deref() {
        Some("die") => TableChoice::Die,
        _ => TableChoice::PlayByMail,
    };
    let base = StateBuilder::new("case")
        .decisions(match case.decisions.as_deref() {
            Some("pending") => DecisionMode::Pending,
            _ => DecisionMode::StandingOrders,
        })
        .tables(tables)
        .last_turn(case.last_turn.unwrap_or(15));
    let base = match case.seed.as_deref() {
        Some("stock") => base.seed(SeedSource::StockSales),
        _ => base,
    };
    if let Some(file) = &case.position {
        let inline = case.turn.is_some()
            || case.side.is_some()
            || case.setup
            || !case.held.is_empty()
            || !case.standing.is_empty()
            || case.unit.iter().any(|u| u.hex.is_some() || u.sea.is_some());
        if inline {
            return Err(format!(
                "the case gives a position file ({file}) and a position inline as well"
            ));
        }
        let text = std::fs::read_to_string(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        let mut state = blitzkrieg::position_file::read(&text, file, &rules, base)
            .map_err(|e| e.to_string())?;
        state.game.options.readings = rules.ruleset.reading_names.clone();
        state.game.options.rules = rules.ruleset.rules;
        state.game.options.optional = rules.ruleset.optional.clone();
        state.game.options.rules85 = rules.ruleset.rules85.clone();
        return Ok((rules, state));
    }
    let side = case
        .side
        .ok_or("the case gives neither `side` nor a position file")?;
    let state = base
        .phase(if case.setup {
            Phase::SetUp { side }
        } else {
            Phase::Turn {
                turn: case.turn.unwrap_or(1),
                side,
            }
        })
        .units(units)
        .build_with(|s| {
            s.held = case
                .held
                .iter()
                .map(|(h, s)| (h.parse().unwrap(), *s))
                .collect();
            s.standing = standing;
            s.condition_b = case.condition_b.clone();
            s.invaded = case.invaded.clone();
            s.minors = case.minors.clone();
            s.pools = case.pools.clone();
            s.hex_marks = case
                .hex_marks
                .iter()
                .map(|(h, m)| (h.parse().unwrap(), m.clone()))
                .collect();
            s.damage = case
                .damage
                .iter()
                .map(|(h, d)| (h.parse().unwrap(), d.clone()))
                .collect();
            for (h, side) in &case.airfields {
                let field = blitzkrieg::eighty5::airfield::Airfield {
                    owner: *side,
                    builder: *side,
                    built: 0,
                    destroy: false,
                };
                s.airfields.built.insert(h.parse().unwrap(), field);
            }
            for u in &case.inverted {
                s.marks
                    .entry(UnitId::new(u).unwrap())
                    .or_default()
                    .insert(UnitMarker::Inverted);
            }
            for (u, p) in &case.patrols {
                let id = UnitId::new(u).unwrap();
                if let Some(Place::Map(h)) = s.units.get(&id).cloned() {
                    s.units.insert(id.clone(), Place::Aloft(h));
                }
                s.patrols.insert(id, *p);
            }
            s.invading = case.invading.clone();
            for side in &case.navy_lost {
                s.resources.entry(*side).or_default().navy_lost = true;
            }
            s.fighter_supply = case.fighter_supply.clone();
            for (u, through_turn) in &case.air_supplied {
                let id = UnitId::new(u).unwrap();
                let side = rules.counters.get(&id).unwrap().side;
                let until = blitzkrieg::model::air_supply::AirSupplied {
                    side,
                    through_turn: *through_turn,
                };
                s.air_supplied.insert(id, until);
            }
            s.last.events = case
                .changed_last
                .iter()
                .map(|(h, side)| Event::CityChanged {
                    hex: h.parse().unwrap(),
                    from: None,
                    to: Some(*side),
                    rule: blitzkrieg::cite::Rule::para(blitzkrieg::para!("5.1-5.2")),
                })
                .collect();
            let heads: BTreeSet<Hex> = case.beachheads.iter().map(|h| h.parse().unwrap()).collect();
            if !heads.is_empty() {
                s.beachheads.insert(side, heads);
            }
            let rangers: BTreeSet<Hex> = case
                .ranger_beachheads
                .iter()
                .map(|h| h.parse().unwrap())
                .collect();
            if !rangers.is_empty() {
                s.ranger_beachheads.insert(side, rangers);
            }
            if let Some(w) = case.weather {
                s.weather.insert(case.turn.unwrap_or(1), w);
            }
            s.game.options.readings = rules.ruleset.reading_names.clone();
            s.game.options.rules = rules.ruleset.rules;
            s.game.options.optional = rules.ruleset.optional.clone();
            s.game.options.rules85 = rules.ruleset.rules85.clone();
        });
    Ok((rules, state))
}

fn run_case(dir: &Path) -> Result<(), String> {
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).map_err(|e| format!("{f}: {e}"));
    let case: Case = toml::from_str(&read("case.toml")?).map_err(|e| format!("case.toml: {e}"))?;
    let expect: Expect =
        toml::from_str(&read("expect.toml")?).map_err(|e| format!("expect.toml: {e}"))?;
    let src = read("orders.toml")?;
    let (rules, state) = build(&case, dir)?;
    let ctx = format!("{} [{}]", case.title, case.cite);
    let orders = match blitzkrieg::orders::parse(&src) {
        Ok(o) => o,
        Err(errs) => return compare_errors(&ctx, &expect, &errs),
    };
    let tables = Tables::embedded().unwrap();
    let mut dice = FixedDice(case.dice.clone(), 0);
    let mut input = TurnInput {
        state_hash: "case",
        orders_hash: "orders",
        commitment: None,
        seed_source: "fixed dice",
        seed_value: "case",
        seed_hash: "none",
        dice: &mut dice,
        tables: &tables,
    };
    let first = engine::adjudicate(&rules, &state, &orders, &mut input);
    let played = match first {
        Ok((next, events)) => later_steps(dir, &rules, next, events, &mut dice),
        Err(errs) => Err(errs),
    };
    match played {
        Err(errs) => compare_errors(&ctx, &expect, &errs),
        Ok((next, events, steps)) => {
            if steps != expect.steps.unwrap_or(0) {
                return Err(format!(
                    "{ctx}: the player-turn took {steps} later steps, not {}",
                    expect.steps.unwrap_or(0)
                ));
            }
            if let Some(e) = &expect.errors {
                if !e.is_empty() {
                    return Err(format!(
                        "{ctx}: expected errors {e:?}, but the turn was legal"
                    ));
                }
            }
            let text = report::render(&report::Header::default(), &events);
            if let Some(want) = &expect.hex_marks {
                let got: BTreeMap<String, Vec<String>> = next
                    .hex_marks
                    .iter()
                    .map(|(h, set)| {
                        (
                            h.to_string(),
                            set.iter().map(|m| m.kind.to_string()).collect(),
                        )
                    })
                    .collect();
                if &got != want {
                    return Err(format!(
                        "{ctx}: hex markers {got:?}, expected {want:?}\n{text}"
                    ));
                }
            }
            if let Some(want) = &expect.damage {
                let got: BTreeMap<String, BTreeMap<String, String>> = next
                    .damage
                    .iter()
                    .map(|(h, f)| {
                        let f = f.iter().map(|(k, d)| (k.to_string(), d.to_string()));
                        (h.to_string(), f.collect())
                    })
                    .collect();
                if &got != want {
                    return Err(format!("{ctx}: damage {got:?}, expected {want:?}\n{text}"));
                }
            }
            if let Some(want) = &expect.patrols {
                let got: BTreeMap<String, String> = next
                    .patrols
                    .iter()
                    .map(|(u, p)| (u.to_string(), p.hex.to_string()))
                    .collect();
                if &got != want {
                    return Err(format!(
                        "{ctx}: on patrol {got:?}, expected {want:?}\n{text}"
                    ));
                }
            }
            if let Some(want) = &expect.inverted {
                let got: Vec<String> = next
                    .marks
                    .iter()
                    .filter(|(_, m)| m.contains(&UnitMarker::Inverted))
                    .map(|(u, _)| u.to_string())
                    .collect();
                if &got != want {
                    return Err(format!(
                        "{ctx}: inverted {got:?}, expected {want:?}\n{text}"
                    ));
                }
            }
            for (u, h) in &expect.positions {
                let id = UnitId::new(u).unwrap();
                let want: Hex = h.parse().unwrap();
                let got = next.hex_of(&id);
                if got != Some(want) {
                    return Err(format!(
                        "{ctx}: {u} should be at {want}, is at {got:?}\n{text}"
                    ));
                }
            }
            for (u, zone) in &expect.at_sea {
                let id = UnitId::new(u).unwrap();
                let got = next.units.get(&id);
                if got != Some(&Place::AtSea(*zone)) {
                    return Err(format!(
                        "{ctx}: {u} should be at sea in zone {zone}, is {got:?}\n{text}"
                    ));
                }
            }
            if let (Some(want), Some(side)) = (&expect.beachheads, state.mover()) {
                let want: BTreeSet<Hex> = want.iter().map(|h| h.parse().unwrap()).collect();
                let got = next.beachheads.get(&side).cloned().unwrap_or_default();
                if got != want {
                    return Err(format!(
                        "{ctx}: the next state keeps beachheads {got:?} for {side}, not {want:?}"
                    ));
                }
            }
            if let Some(want) = &expect.minors {
                if &next.minors != want {
                    return Err(format!(
                        "{ctx}: the next state keeps the minor countries {:?}, not {want:?}\n{text}",
                        next.minors
                    ));
                }
            }
            if let (Some(want), Some(side)) = (&expect.ranger_beachheads, state.mover()) {
                let want: BTreeSet<Hex> = want.iter().map(|h| h.parse().unwrap()).collect();
                let got = next
                    .ranger_beachheads
                    .get(&side)
                    .cloned()
                    .unwrap_or_default();
                if got != want {
                    return Err(format!(
                        "{ctx}: the next state keeps ranger beachheads {got:?} for {side}, not {want:?}"
                    ));
                }
            }
            if let (Some(want), Some(side)) = (&expect.invading, state.mover()) {
                let got = next.invading.get(&side).cloned().unwrap_or_default();
                if &got != want {
                    return Err(format!(
                        "{ctx}: the next state keeps invading factors {got:?} for {side}, not {want:?}"
                    ));
                }
            }
            if let Some(want) = &expect.air_supplied {
                let got: Vec<String> = next.air_supplied.keys().map(|u| u.to_string()).collect();
                if &got != want {
                    return Err(format!(
                        "{ctx}: the next state keeps {got:?} supplied by air, not {want:?}"
                    ));
                }
            }
            if let Some(want) = &expect.navy_lost {
                let got: Vec<Side> = Side::BOTH
                    .into_iter()
                    .filter(|s| next.resources.get(s).is_some_and(|u| u.navy_lost))
                    .collect();
                if &got != want {
                    return Err(format!(
                        "{ctx}: the next state keeps the navy of {got:?} lost, not {want:?}"
                    ));
                }
            }
            for (zone, want) in &expect.ascendancy {
                let got = next.ascendancy.zone(*zone).map(|z| z.state.to_string());
                if got.as_deref() != Some(want.as_str()) {
                    return Err(format!(
                        "{ctx}: zone {zone} should be {want}, is {got:?}\n{text}"
                    ));
                }
            }
            if let Some(want) = &expect.pools {
                if &next.pools != want {
                    return Err(format!(
                        "{ctx}: the next state keeps the pools {:?}, not {want:?}\n{text}",
                        next.pools
                    ));
                }
            }
            if let Some(want) = &expect.invaded {
                let got = next.invaded.clone().unwrap_or_default();
                if &got != want {
                    return Err(format!(
                        "{ctx}: the next state keeps `{got}` as the beach invaded, not `{want}`"
                    ));
                }
            }
            for u in &expect.eliminated {
                let id = UnitId::new(u).unwrap();
                if !matches!(next.units.get(&id), Some(Place::Eliminated { .. })) {
                    return Err(format!("{ctx}: {u} should be eliminated\n{text}"));
                }
            }
            for u in &expect.inactive {
                let id = UnitId::new(u).unwrap();
                if next.units.get(&id) != Some(&Place::Inactive) {
                    return Err(format!("{ctx}: {u} should be inactive\n{text}"));
                }
            }
            // Lines are compared with the report's wrapping undone.
            let flat = flatten(&text);
            for line in &expect.report {
                if !flat.contains(&flatten(line)) {
                    return Err(format!("{ctx}: report lacks `{line}`\n{text}"));
                }
            }
            for line in &expect.not_in_report {
                if flat.contains(&flatten(line)) {
                    return Err(format!("{ctx}: report should not contain `{line}`\n{text}"));
                }
            }
            Ok(())
        }
    }
}

/// Text with every run of white space (a wrapped line's break and indent) as one space.
fn flatten(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

type Played = (GameState, Vec<Event>, u32);

/// A player-turn stopped for decisions goes on with the case's `orders.stepN.toml`
/// (PBEM sequence); the events of every step, in order.
fn later_steps(
    dir: &Path,
    rules: &Rules,
    mut state: GameState,
    mut events: Vec<Event>,
    dice: &mut FixedDice,
) -> Result<Played, Vec<blitzkrieg::orders::OrderError>> {
    let tables = Tables::embedded().unwrap();
    let mut steps = 0;
    while state.resume.is_some() {
        let file = dir.join(format!("orders.step{}.toml", state.step));
        let Ok(src) = std::fs::read_to_string(&file) else {
            break;
        };
        let orders = blitzkrieg::orders::parse(&src)?;
        // The state between the steps is a file: what it keeps must read back the same.
        let text = state.to_ron().unwrap();
        let read = GameState::from_ron(&text, "step").unwrap();
        assert_eq!(read.to_ron().unwrap(), text);
        state = read;
        let mut input = TurnInput {
            state_hash: "case",
            orders_hash: "orders",
            commitment: None,
            seed_source: "fixed dice",
            seed_value: "case",
            seed_hash: "none",
            dice: &mut *dice,
            tables: &tables,
        };
        let (next, more) = engine::adjudicate(rules, &state, &orders, &mut input)?;
        events.extend(more);
        state = next;
        steps += 1;
    }
    Ok((state, events, steps))
}

fn compare_errors(
    ctx: &str,
    expect: &Expect,
    errs: &[blitzkrieg::orders::OrderError],
) -> Result<(), String> {
    let mut got: Vec<String> = errs.iter().map(|e| e.rule.to_string()).collect();
    let Some(want) = &expect.errors else {
        return Err(format!("{ctx}: unexpected errors: {errs:#?}"));
    };
    let mut want = want.clone();
    got.sort();
    want.sort();
    let shown: Vec<String> = errs
        .iter()
        .map(|e| format!("{}: {}", e.problem.code(), e.problem))
        .collect();
    if let Some(missing) = expect.error_messages.iter().find(|m| !shown.contains(m)) {
        return Err(format!(
            "{ctx}: no error reads `{missing}`; the errors are:\n  {}",
            shown.join("\n  ")
        ));
    }
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "{ctx}: expected errors {want:?}, got {got:?}:\n{}",
            errs.iter()
                .map(|e| format!("  {e}"))
                .collect::<Vec<_>>()
                .join("\n")
        ))
    }
}

fn case_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// One test per case folder, named by it, and the checks of the whole corpus.
fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let mut tests: Vec<libtest_mimic::Trial> = case_dirs()
        .into_iter()
        .map(|d| {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            libtest_mimic::Trial::test(name, move || run_case(&d).map_err(Into::into))
        })
        .collect();
    tests.push(libtest_mimic::Trial::test(
        "every_case_in_the_corpus_holds",
        || {
            every_case_in_the_corpus_holds();
            Ok(())
        },
    ));
    tests.push(libtest_mimic::Trial::test(
        "every_option_of_a_built_reading_has_a_case",
        || {
            every_option_of_a_built_reading_has_a_case();
            Ok(())
        },
    ));
    libtest_mimic::run(&args, tests).exit_code()
}

/// Every case of the corpus holds: each folder is a case (its `case.toml` there), run
/// as a test of its own named by the folder (`main`), so that one failing is named by
/// `cargo test`; there are enough of them, some from position files.
fn every_case_in_the_corpus_holds() {
    let dirs = case_dirs();
    assert!(dirs.len() >= 10, "the corpus has only {} cases", dirs.len());
    let not_cases: Vec<String> = dirs
        .iter()
        .filter(|d| !d.join("case.toml").exists())
        .map(|d| d.display().to_string())
        .collect();
    assert!(
        not_cases.is_empty(),
        "folders of the corpus without a case.toml: {not_cases:?}"
    );
    let from_positions = dirs
        .iter()
        .filter(|d| {
            let text = std::fs::read_to_string(d.join("case.toml")).unwrap();
            toml::from_str::<Case>(&text).unwrap().position.is_some()
        })
        .count();
    assert!(
        from_positions >= 3,
        "only {from_positions} cases start from a position file"
    );
}

/// Every option other than the default of every reading whose rule is built has a
/// corpus case played under it, showing how it differs from the default
/// (`docs/readings.md`).
fn every_option_of_a_built_reading_has_a_case() {
    let mut shown: BTreeSet<(String, String)> = BTreeSet::new();
    for d in case_dirs() {
        let text = std::fs::read_to_string(d.join("case.toml")).unwrap();
        let case: Case = toml::from_str(&text).unwrap();
        shown.extend(case.readings);
    }
    let missing: Vec<String> = Readings::LIST
        .iter()
        .filter(|r| r.built)
        .flat_map(|r| r.options.iter().skip(1).map(move |o| (r.name, *o)))
        .filter(|(n, o)| !shown.contains(&(n.to_string(), o.to_string())))
        .map(|(n, o)| format!("{n}={o}"))
        .collect();
    assert!(
        missing.is_empty(),
        "no corpus case shows these options of built rules: {missing:?}"
    );
}
