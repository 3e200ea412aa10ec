//! The declared readings as types (`docs/readings.md`, `rules/blitzkrieg/readings.toml`):
//! one enum per reading, one variant per option, and [`Readings`], the option in force
//! of every reading of a game. A game's state keeps storing the names
//! (`NAME = "OPTION"`, so every state already written keeps its bytes and its hash);
//! [`Readings::from_names`] reads them when the rule set is built, and the rules match
//! on the enums, with no arm for "anything else".
//!
//! Adding a reading: declare it in `readings.toml` and `docs/readings.md`, add one entry
//! to the [`readings!`] list below (its field, its type, its name, whether its rule is
//! built, its options with the default first), and match on `ruleset.readings.FIELD`
//! where the rule is applied. A test compares this list with the toml file, and another
//! asks for a corpus case for every option other than the default of a built rule.

use crate::ruleset::{RuleBook, RulesetError};
use std::collections::BTreeMap;

/// Declares every reading: its enum, its field of [`Readings`], its name in the rule data
/// and its options (the first is the default).
macro_rules! readings {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ident = $name:literal, built = $built:literal {
            $( $(#[doc = $vdoc:literal])* $var:ident = $opt:literal, )+
        }
    )+) => {
        $(
            $(#[doc = $doc])*
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
            pub enum $ty {
                #[default]
                $( $(#[doc = $vdoc])* $var, )+
            }

            impl $ty {
                /// The reading's name in the rule data and in a game's state.
                pub const NAME: &'static str = $name;
                /// Every option, the default first.
                pub const ALL: &'static [$ty] = &[$($ty::$var),+];

                /// The option's name.
                pub fn option(self) -> &'static str {
                    match self {
                        $( $ty::$var => $opt, )+
                    }
                }

                /// The option named `name`, if the reading has one.
                pub fn parse(name: &str) -> Option<$ty> {
                    Self::ALL.iter().copied().find(|o| o.option() == name)
                }
            }
        )+

        /// The option in force of every reading of a game.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Readings {
            $( $(#[doc = $doc])* pub $field: $ty, )+
        }

        impl Readings {
            /// Every typed reading: its name, whether its rule is built, and its options
            /// (the default first).
            pub const LIST: &'static [ReadingInfo] = &[
                $( ReadingInfo {
                    name: $name,
                    built: $built,
                    options: &[$($opt),+],
                }, )+
            ];

            /// Sets the reading `name` to `option`; `Ok(false)` when no typed reading has
            /// that name.
            fn set(&mut self, name: &str, option: &str) -> Result<bool, RulesetError> {
                match name {
                    $( $name => {
                        self.$field = $ty::parse(option)
                            .ok_or_else(|| no_such_option(name, option, &[$($opt),+]))?;
                        Ok(true)
                    } )+
                    _ => Ok(false),
                }
            }

            /// The option in force of the reading `name`, by name (for the report and
            /// for tests).
            pub fn option_of(&self, name: &str) -> Option<&'static str> {
                match name {
                    $( $name => Some(self.$field.option()), )+
                    _ => None,
                }
            }
        }
    };
}

/// One typed reading, as [`Readings::LIST`] lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadingInfo {
    pub name: &'static str,
    /// Whether the rule it reads is built (its options are then honoured, and each
    /// needs a corpus case).
    pub built: bool,
    /// The options, the default first.
    pub options: &'static [&'static str],
}

fn no_such_option(reading: &str, option: &str, options: &[&str]) -> RulesetError {
    RulesetError::NoSuchOption {
        reading: reading.to_string(),
        option: option.to_string(),
        options: options
            .iter()
            .map(|o| format!("`{o}`"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

impl Readings {
    /// The typed readings of a game from the names its state records. A reading not
    /// named takes its default; an unknown name, or an unknown option of a reading, is
    /// refused. A reading the rule data declares that is not typed yet is checked
    /// against the rule data and left to [`crate::ruleset::Ruleset::reading`].
    pub fn from_names(
        book: &RuleBook,
        names: &BTreeMap<String, String>,
    ) -> Result<Readings, RulesetError> {
        let mut out = Readings::default();
        for (name, option) in names {
            if out.set(name, option)? {
                continue;
            }
            let def = book
                .reading(name)
                .ok_or_else(|| RulesetError::NoSuchReading(name.clone()))?;
            if !def.options.iter().any(|o| &o.name == option) {
                let options: Vec<&str> = def.options.iter().map(|o| o.name.as_ref()).collect();
                return Err(no_such_option(name, option, &options));
            }
        }
        Ok(out)
    }
}

readings! {
    /// 16 (A): which units count when a side has eliminated all its opponent's units.
    victory_a: VictoryA = "victory-a-reinforcements", built = true {
        /// Only units on the board count (16; 6.2 lets reinforcements be delayed for
        /// ever).
        Board = "board",
        /// No enemy unit on the board; one's own units still to come count toward the
        /// 14.
        OwnReserves = "own-reserves",
        /// The enemy has no unit on the board nor still to come, and units to come
        /// count.
        WaitingUnits = "waiting-units",
    }
    /// 16 (B): how "throughout two consecutive player-turns" is judged.
    victory_b: VictoryBThroughout = "victory-b-throughout", built = true {
        /// Coverage at the start and at the end of both player-turns, unbroken between.
        StartAndEnd = "start-and-end",
        /// Coverage at every boundary between player-turns of the span.
        TurnBoundaries = "turn-boundaries",
        /// Coverage at the end of each of the player-turns.
        EndOnly = "end-only",
    }
    /// 8.3: what stops armor that begins its move in an enemy armor ZOC.
    armor_zoc_start: ArmorZocStart = "armor-zoc-start", built = true {
        /// Only an armor ZOC it enters stops it: the first hex it moves into that lies
        /// in an enemy armor ZOC.
        Enters = "enters",
        /// The next hex of the same armor ZOC stops it too.
        SameZocStops = "same-zoc-stops",
    }
    /// 5.1, 5.2: a captured city during the player-turn its holder leaves it.
    city_friendly: CityFriendly = "city-friendly", built = true {
        /// Friendly while held at the start of the player-turn and still occupied free
        /// of enemy ZOC now (003 5).
        StillOccupied = "still-occupied",
        /// Held at the start of the player-turn, friendly for the whole player-turn
        /// except while enemy units are in it or next to it (5.2).
        HeldAtStart = "held-at-start",
    }
    /// 9.1: moving between two hexes of one city.
    city_hex_road: CityHexRoad = "city-hex-road", built = true {
        /// Two adjacent hexes of one city are joined as if by road.
        Joined = "joined",
        /// Only a drawn road joins them.
        RoadOnly = "road-only",
    }
    /// 12.1, 14.31-14.32: which adjacent enemy units must be attacked.
    must_attack: MustAttack = "must-attack", built = true {
        /// Every enemy hex next to a unit that moved; every unit in enemy ZOC attacks
        /// some enemy unit (14.31-14.32).
        MovedAdjacent = "moved-adjacent",
        /// Every enemy unit next to any of the mover's units (12.1).
        EveryAdjacent = "every-adjacent",
    }
    /// 14.9: must a player keep support by an engaged unit that cannot attack alone.
    engaged_support: EngagedSupport = "engaged-support", built = true {
        /// No obligation (003 14.9).
        NoObligation = "no-obligation",
        /// A unit that began next to the same enemy hex as an engaged unit may not move
        /// away if that leaves the engaged unit with no legal attack.
        KeepSupport = "keep-support",
    }
    /// 13.3: river doubling for a defender standing on a river hex.
    river_branch: RiverBranch = "river-branch", built = true {
        /// On a river hex, doubled only against attackers on other branches (003 13.3).
        Branch = "branch",
        /// Doubled whenever every attacker stands on a river hex.
        AllOnRiver = "all-on-river",
    }
    /// 13.2, 13.3: several doublings of one factor.
    double_once: DoubleOnce = "double-once", built = true {
        /// A factor is doubled once at most (003 Rounding).
        Once = "once",
        /// Every doubling applies.
        Each = "each",
    }
    /// PBEM sequence: pending decisions that can affect a battle not yet resolved.
    pending_consult: PendingConsult = "pending-consult", built = true {
        /// Resolution stops and the defender decides before the battles they can
        /// affect.
        Ask = "ask",
        /// Never stop: the defender's units stay where they are until his next orders.
        Defer = "defer",
    }
    /// 23.6, 32, 34, 36: when halved factors are rounded in the Tournament Game.
    rounding: Rounding = "rounding", built = true {
        /// Once, after everything else.
        OnceAtEnd = "once-at-end",
        /// Each unit's half, converted up.
        PerUnit = "per-unit",
    }
    /// 1975 Edition, 34: how long a Tournament Game lasts.
    tournament_length: TournamentLength = "tournament-length", built = true {
        /// Turn 15 is the last.
        Turn15 = "turn-15",
        /// To the bitter end: only victory A or B ends it.
        BitterEnd = "bitter-end",
    }
    /// 19.3: when the limit of units at sea is checked.
    sea_limit: SeaLimit = "sea-limit-19-3", built = true {
        /// Never more at sea than the limit, after any order in the order written.
        AtAllTimes = "at-all-times",
        /// Only when stacking limits are checked: at the end of movement (003 19.3).
        StackingTimes = "stacking-times",
    }
    /// 19.4: what water cut off from the board edge by enemy ZOC bars.
    cut_off_sea: CutOffSea = "cut-off-sea-19-4", built = true {
        /// Its ports may not be used; nothing else is barred.
        PortsOnly = "ports-only",
        /// No naval activity of any sort in it (003 19.4).
        NoNavalActivity = "no-naval-activity",
    }
    /// 20.31: whether enemy ZOC in sea hexes on the way keeps invaders from an assault
    /// hex.
    invasion_zoc: InvasionZoc = "invasion-opposed-20-31", built = true {
        /// "Enemy ZOC extending into full sea hexes do not prevent invading units from
        /// reaching any desired assault hexes" (20.31).
        Ignored = "zoc-ignored",
        /// Not through enemy ZOC on the way; the assault hex itself may be in it (003
        /// 20.31).
        Blocks = "zoc-blocks",
    }
    /// 21.3, 25.1: which enemy ZOC stops a unit advancing after combat.
    advance_zoc: AdvanceZoc = "advance-zoc", built = true {
        /// "Normal movement rules are followed" (21.3, TGAT): the ZOC that stops the
        /// unit when it moves (8.2, 8.3); in an AV advance, any ZOC in the first hex
        /// (Q&A 21.3).
        MovementRules = "movement-rules",
        /// Any enemy ZOC, at any hex of the advance, armor too (003 21.3 [ARH], 003
        /// 25.1).
        AnyZocStops = "any-zoc-stops",
    }
    /// 28.1: unused replacements.
    replacements: Replacements28 = "replacements-28-1", built = true {
        /// Replacements not taken in a complete turn are lost (Q&A 28, 003 28.1).
        NotAccumulated = "not-accumulated",
        /// Unused replacements are saved for later, as 28.1 is printed.
        Accumulated = "accumulated",
    }
    /// 29.6: when the guerrilla loss of moving through a minor country is taken.
    guerrilla: Guerrilla29 = "guerrilla-29-6", built = true {
        /// At the end of the player-turn.
        EndOfPlayerTurn = "end-of-player-turn",
        /// At the end of movement (003 29.6).
        EndOfMovement = "end-of-movement",
    }
    /// 30.41: which factors tactical bombing compares with the defenders'.
    tactical_bombing: TacticalBombing = "tactical-bombing-30-41", built = true {
        /// The bombers' factors as modified.
        Modified = "modified",
        /// Their printed factors.
        Printed = "printed",
    }
    /// 30.5: whether aircraft may fly a mission with nowhere to land.
    suicide_missions: SuicideMissions = "suicide-missions-30-5", built = true {
        /// Forbidden.
        Forbidden = "forbidden",
        /// Allowed.
        Allowed = "allowed",
    }
    /// 30.7: the staging an aircraft may have flown before its mission.
    staging: Staging30 = "staging-30-7", built = true {
        /// Since the preceding mission.
        SincePreceding = "since-preceding",
        /// Since the start of the turn.
        SinceTurnStart = "since-turn-start",
    }
    /// 30.9, 32.74: fighters caught on the ground (optional rule 32,
    /// `air_combat::scramble`).
    fighter_scramble: FighterScramble = "fighter-scramble", built = true {
        /// Overrun.
        Overrun = "overrun",
        /// Scramble.
        Scramble = "scramble",
    }
    /// 33.7: what a PI strafe covers (optional rule 33).
    pi_strafe: PiStrafe = "pi-strafe-33-7", built = true {
        /// The whole ZOC.
        WholeZoc = "whole-zoc",
        /// One hex.
        OneHex = "one-hex",
    }
    /// 34: gale in the desert (optional rule 34).
    gale_desert: GaleDesert = "gale-desert-34", built = true {
        /// No desert bonus.
        NoBonus = "no-bonus",
        /// The bonus halved.
        BonusHalved = "bonus-halved",
    }
    /// 35.32: a contested invasion (optional rule 35).
    contested_invasion: ContestedInvasion = "contested-invasion-35-32", built = true {
        /// Normal.
        Normal = "normal",
        /// Ten points.
        TenPoints = "ten-points",
    }
    /// 36.32-36.33: industry and the sea zones (optional rule 36).
    industry_sea_zones: IndustrySeaZones = "industry-sea-zones-36-3", built = true {
        /// As printed.
        Printed = "printed",
        /// Enemy points.
        EnemyPoints = "enemy-points",
    }
    /// 25.1, TGAT: what a defender doubled by terrain (13.2, 13.3) loses toward a TGAT
    /// factor loss (a Tournament Game reading, `tournament.toml`). The BBT's own note
    /// (mountains) holds under both.
    tgat_doubled_defender: TgatDoubledDefender = "tgat-doubled-defender", built = true {
        /// Its printed factors: the TGAT has no note like the BBT's.
        Printed = "printed",
        /// Its factors at double value, as the BBT's note has it for mountains ("a loss
        /// of 9 would thus mean removal of 5 factors").
        DoubleValue = "double-value",
    }
    // 34 (weather)
    /// 34 with the PBEM sequences: the seed whose roll decides a complete-turn's weather.
    weather_seed: WeatherSeed = "weather-seed-34", built = true {
        /// The seed that resolves Red's preceding player-turn.
        RedPrevious = "red-previous",
        /// The seed that resolves Blue's preceding player-turn.
        BluePrevious = "blue-previous",
    }
    // 33: additional bombing missions (optional rule).
    /// 33.3-33.5: when a PX, RCX or SRIX marker comes off (a Tournament Game reading,
    /// `tournament.toml`).
    bomb_marker: BombMarker = "bomb-marker-33-3", built = true {
        /// At the end of the damaging player's next player-turn (33.3).
        EndOfNextPlayerTurn = "end-of-next-player-turn",
        /// Before the damaging player's combat in his next player-turn (the PBEM
        /// sequences of 000 and 003).
        BeforeNextCombat = "before-next-combat",
    }
    // 35: naval ascendancy (optional rule).
    /// 35.34 against the Naval Ascendancy chart: the zero-point player in an
    /// uncontested zone (a Tournament Game reading, `tournament.toml`).
    uncontested_zero: UncontestedZero = "uncontested-zero-35-34", built = true {
        /// 35.34: no invading or supplying with units moving in from other zones.
        MovingIn = "moving-in",
        /// The chart: no invasions, no supply into or through the zone.
        Chart = "chart",
    }
    // 36: critical resources.
    /// 36.22-36.24: the factors counted toward the air mission limits and the 12
    /// infantry factors (optional rule 36).
    resource_factors: ResourceFactors = "resource-factors-36", built = true {
        /// The counters' printed attack factors.
        Printed = "printed",
        /// The factors as modified this player-turn.
        Modified = "modified",
    }
    /// 36.33: an attack above 1-1 after the three allowed (optional rule 36).
    fourth_attack: FourthAttack = "fourth-attack-36-33", built = true {
        /// Fought, rolled at 1-1.
        RolledAtOneToOne = "rolled-at-one-to-one",
        /// Refused with the orders.
        Refused = "refused",
    }
    // 32: air combat (optional rule).
    /// 32.31: the route of an air mission that names none (a Tournament Game reading,
    /// `tournament.toml`).
    mission_route: MissionRoute = "mission-route-32-31", built = true {
        /// The route least favourable to interception.
        LeastFavourable = "least-favourable",
        /// Every bombing and escort mission names its route.
        Required = "required",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed readings are those of the rule data: the same names, the same options,
    /// the same defaults. A reading added to `readings.toml` (or `tournament.toml`)
    /// fails here until it is typed.
    #[test]
    fn the_typed_readings_are_those_of_the_rule_data() {
        let book = RuleBook::embedded().unwrap();
        let declared: Vec<&str> = book.all_readings().map(|r| r.name.as_ref()).collect();
        let typed: Vec<&str> = Readings::LIST.iter().map(|r| r.name).collect();
        assert_eq!(declared, typed);
        for info in Readings::LIST {
            let def = book.reading(info.name).unwrap();
            let options: Vec<&str> = def.options.iter().map(|o| o.name.as_ref()).collect();
            let mut typed = info.options.to_vec();
            assert_eq!(typed[0], def.default, "{}: the default first", info.name);
            let mut declared = options.clone();
            typed.sort_unstable();
            declared.sort_unstable();
            assert_eq!(typed, declared, "{}", info.name);
        }
        let d = Readings::from_names(&book, &book.defaults()).unwrap();
        assert_eq!(d, Readings::default());
    }

    #[test]
    fn names_are_read_and_unknown_ones_refused() {
        let book = RuleBook::embedded().unwrap();
        let mut names = book.defaults();
        names.insert("must-attack".into(), "every-adjacent".into());
        let r = Readings::from_names(&book, &names).unwrap();
        assert_eq!(r.must_attack, MustAttack::EveryAdjacent);
        assert_eq!(r.option_of("must-attack"), Some("every-adjacent"));
        names.insert("must-attack".into(), "sometimes".into());
        assert!(matches!(
            Readings::from_names(&book, &names),
            Err(RulesetError::NoSuchOption { .. })
        ));
        let mut names = book.defaults();
        names.insert("no-such".into(), "x".into());
        assert!(matches!(
            Readings::from_names(&book, &names),
            Err(RulesetError::NoSuchReading(_))
        ));
    }
}
