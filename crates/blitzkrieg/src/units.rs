//! Counters and the Order of Appearance Card: unit types, factors, the counter mix,
//! and when each unit may enter play. Loaded from `rules/blitzkrieg/counters.toml`
//! and `rules/blitzkrieg/oac.toml` (embedded; replaceable by a path).
//!
//! The loader checks both files together and reports every problem at once, each with
//! its file, line and column (and a labelled span for `miette`). The data files say
//! which of their figures are reconstructed; `docs/counters.md` describes the formats.

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Blue,
    Red,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Blue, Side::Red];

    /// The opponent.
    pub const fn other(self) -> Side {
        match self {
            Side::Blue => Side::Red,
            Side::Red => Side::Blue,
        }
    }

    /// "Blue" or "Red", as players write it.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Blue => "Blue",
            Side::Red => "Red",
        }
    }

    /// The home country's full name: "Great Blue" or "Big Red".
    pub const fn country_name(self) -> &'static str {
        match self {
            Side::Blue => "Great Blue",
            Side::Red => "Big Red",
        }
    }

    /// The letter every unit id of this side starts with: `B` (`B-13AR`) or `R`.
    pub const fn letter(self) -> &'static str {
        match self {
            Side::Blue => "B",
            Side::Red => "R",
        }
    }

    /// The table name of this side in the data files: `blue` or `red`.
    pub const fn key(self) -> &'static str {
        match self {
            Side::Blue => "blue",
            Side::Red => "red",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text a player wrote is not a unit id or a side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("`{0}` is not a unit id (1-16 characters, like B-13AR)")]
    UnitIdLength(String),
    #[error("`{0}` is not a unit id: use letters, digits and `-` (like B-13AR)")]
    UnitIdCharacters(String),
    #[error("`{0}` is not a side: write blue or red")]
    NotASide(String),
}

impl std::str::FromStr for Side {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Side, NameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "blue" | "b" | "great blue" => Ok(Side::Blue),
            "red" | "r" | "big red" => Ok(Side::Red),
            _ => Err(NameError::NotASide(s.trim().to_string())),
        }
    }
}

/// Unit types of the 1975 game (2.2, 27, 30), then those BLITZKRIEG '85 adds (41),
/// at the end so that every state written before reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    Infantry,
    Armor,
    Artillery,
    Airborne,
    AirAssault,
    Rangers,
    Tac,
    Mdm,
    Sac,
    Ftr,
    // 41.2-41.3, 46: BLITZKRIEG '85's helicopters, counters of its games alone.
    TransportHelicopter,
    AttackHelicopter,
    // 41.11, 50: BLITZKRIEG '85's transport aircraft, counters of its games alone.
    TransportAircraft,
}

impl UnitKind {
    /// 41.2-41.3: the helicopter types of BLITZKRIEG '85 (not in the 1975 counters
    /// file, so not in [`UnitKind::ALL`]).
    pub const HELICOPTERS: [UnitKind; 2] =
        [UnitKind::TransportHelicopter, UnitKind::AttackHelicopter];

    /// 46: a helicopter of BLITZKRIEG '85, transport or attack.
    pub const fn is_helicopter(self) -> bool {
        matches!(
            self,
            UnitKind::TransportHelicopter | UnitKind::AttackHelicopter
        )
    }

    /// Every unit type of the 1975 game, ground types first: the types its counters
    /// file may name.
    pub const ALL: [UnitKind; 10] = [
        UnitKind::Infantry,
        UnitKind::Armor,
        UnitKind::Artillery,
        UnitKind::Airborne,
        UnitKind::AirAssault,
        UnitKind::Rangers,
        UnitKind::Tac,
        UnitKind::Mdm,
        UnitKind::Sac,
        UnitKind::Ftr,
    ];

    /// Aircraft (30): TAC, MDM, SAC, FTR; 50.1: '85's transport aircraft "are now air
    /// units", based as the combat air units are.
    pub const fn is_air(self) -> bool {
        matches!(
            self,
            UnitKind::Tac
                | UnitKind::Mdm
                | UnitKind::Sac
                | UnitKind::Ftr
                | UnitKind::TransportAircraft
        )
    }

    /// 30.1: TAC, MDM and SAC are bombers; fighters are not.
    pub const fn is_bomber(self) -> bool {
        matches!(self, UnitKind::Tac | UnitKind::Mdm | UnitKind::Sac)
    }

    /// 8.3: armor and air-assault have the armor-type zone of control and move
    /// through enemy ZOC when they start in one; 46.43: helicopters "are considered to
    /// be armor pieces for all ZOC purposes".
    pub const fn is_armor_type(self) -> bool {
        matches!(
            self,
            UnitKind::Armor
                | UnitKind::AirAssault
                | UnitKind::TransportHelicopter
                | UnitKind::AttackHelicopter
        )
    }

    /// 10.2: armor, air-assault and artillery never enter forest (nor retreat into it).
    pub const fn barred_from_forest(self) -> bool {
        matches!(
            self,
            UnitKind::Armor | UnitKind::AirAssault | UnitKind::Artillery
        )
    }

    /// 9.2: armor and air-assault move twice as fast through desert.
    pub const fn desert_bonus(self) -> bool {
        matches!(self, UnitKind::Armor | UnitKind::AirAssault)
    }

    /// 9.3: any ground unit except armor and artillery may be air transported.
    pub const fn air_transportable(self) -> bool {
        !self.is_air() && !matches!(self, UnitKind::Armor | UnitKind::Artillery)
    }

    /// 9.4 (and 27.6 for rangers): may be airdropped.
    pub const fn may_airdrop(self) -> bool {
        matches!(
            self,
            UnitKind::Airborne | UnitKind::AirAssault | UnitKind::Rangers
        )
    }

    /// 2.4: only artillery has separate attack and defence factors; 41.3's attack
    /// helicopters (`4-2-8`) too.
    pub const fn has_separate_defence(self) -> bool {
        matches!(self, UnitKind::Artillery | UnitKind::AttackHelicopter)
    }

    /// Short symbol used in reports and on drawn counters.
    pub const fn abbrev(self) -> &'static str {
        match self {
            UnitKind::Infantry => "INF",
            UnitKind::Armor => "ARM",
            UnitKind::Artillery => "ART",
            UnitKind::Airborne => "ABN",
            UnitKind::AirAssault => "AAS",
            UnitKind::Rangers => "RGR",
            UnitKind::Tac => "TAC",
            UnitKind::Mdm => "MDM",
            UnitKind::Sac => "SAC",
            UnitKind::Ftr => "FTR",
            UnitKind::TransportHelicopter => "THC",
            UnitKind::AttackHelicopter => "AHC",
            UnitKind::TransportAircraft => "TRA",
        }
    }

    /// The type code ending a unit id (`B-13AR`) and starting a substitute's (`B-AR2A`).
    pub const fn id_code(self) -> &'static str {
        match self {
            UnitKind::Infantry => "IN",
            UnitKind::Armor => "AR",
            UnitKind::Artillery => "AT",
            UnitKind::Airborne => "AB",
            UnitKind::AirAssault => "AA",
            UnitKind::Rangers => "RG",
            UnitKind::Tac => "TAC",
            UnitKind::Mdm => "MDM",
            UnitKind::Sac => "SAC",
            UnitKind::Ftr => "FTR",
            UnitKind::TransportHelicopter => "TH",
            UnitKind::AttackHelicopter => "AH",
            UnitKind::TransportAircraft => "TA",
        }
    }

    /// The type as the data files write it: `infantry`, `air-assault`, `tac`, ...
    pub const fn name(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Armor => "armor",
            UnitKind::Artillery => "artillery",
            UnitKind::Airborne => "airborne",
            UnitKind::AirAssault => "air-assault",
            UnitKind::Rangers => "rangers",
            UnitKind::Tac => "tac",
            UnitKind::Mdm => "mdm",
            UnitKind::Sac => "sac",
            UnitKind::Ftr => "ftr",
            UnitKind::TransportHelicopter => "transport-helicopter",
            UnitKind::AttackHelicopter => "attack-helicopter",
            UnitKind::TransportAircraft => "transport-aircraft",
        }
    }

    /// Reads a type name in any case (`Air-Assault`, `TAC`; `armour` and `ranger` too).
    pub fn from_name(text: &str) -> Option<UnitKind> {
        let t = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        match t.as_str() {
            "armour" => Some(UnitKind::Armor),
            "ranger" => Some(UnitKind::Rangers),
            "airassault" => Some(UnitKind::AirAssault),
            _ => UnitKind::ALL.into_iter().find(|k| k.name() == t),
        }
    }
}

/// As players read it: `infantry`, `air-assault`, `rangers`, `TAC`, `FTR`.
impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_air() {
            f.write_str(self.abbrev())
        } else {
            f.write_str(self.name())
        }
    }
}

/// Division-size counter (the only kind used in the Basic Game, 2.2) or a substitute (26).
///
/// `Division` means a full unit printed on the Order of Appearance Card. Rangers and
/// aircraft are full units too (they are on the OAC), though rangers count as half a
/// unit for stacking (26.4) and neither is used in the Basic Game (2.2, 3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    Division,
    Substitute,
}

/// The most characters a unit id has.
const UNIT_ID_MAX: usize = 16;

/// A unit id as players type it (`B-13AR`). Stored in canonical upper case; compared
/// case-insensitively because it is always upper-cased on the way in. Kept inline, the
/// ASCII bytes padded with zeros: an id is copied and compared (as one 128-bit number,
/// which orders ids as their text does) without touching the heap, and a Tournament
/// position keys some 400 counters by it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UnitId {
    bytes: [u8; UNIT_ID_MAX],
    len: u8,
}

impl Ord for UnitId {
    fn cmp(&self, other: &UnitId) -> std::cmp::Ordering {
        // Zero padding sorts a prefix first, as text does (ids hold no NUL).
        u128::from_be_bytes(self.bytes).cmp(&u128::from_be_bytes(other.bytes))
    }
}

impl PartialOrd for UnitId {
    fn partial_cmp(&self, other: &UnitId) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl UnitId {
    /// The order players count ids in: `B-2AR` before `B-10AR` (the number after the
    /// side's prefix compared as a number, then the rest; ids without one come last).
    /// The rest is a number too, its ASCII bytes zero-padded as the id itself is kept,
    /// which orders as its text does (ids hold no NUL): a sort by this key allocates
    /// nothing.
    pub fn counting_key(&self) -> (u32, u128) {
        let id = self.as_str();
        let rest = id.split_once('-').map_or(id, |(_, r)| r);
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let number = rest[..digits].parse().unwrap_or(u32::MAX);
        let mut tail = [0u8; UNIT_ID_MAX];
        for (b, c) in tail.iter_mut().zip(rest[digits..].bytes()) {
            *b = c;
        }
        (number, u128::from_be_bytes(tail))
    }

    /// Canonical form of what a player typed: trimmed, upper case.
    pub fn new(raw: &str) -> Result<UnitId, NameError> {
        let t = raw.trim();
        if t.is_empty() || t.len() > UNIT_ID_MAX {
            return Err(NameError::UnitIdLength(raw.to_string()));
        }
        UnitId::of_trimmed(t).ok_or_else(|| NameError::UnitIdCharacters(raw.to_string()))
    }

    /// The id of a text with nothing to trim: its letters in upper case, or `None`
    /// should it be empty, longer than an id or hold anything but ASCII letters,
    /// digits, `-` and `/`. A `const fn`, so that the embedded counters' ids are made
    /// when the binary is compiled (`compiled.rs`).
    pub(crate) const fn of_trimmed(text: &str) -> Option<UnitId> {
        let raw = text.as_bytes();
        if raw.is_empty() || raw.len() > UNIT_ID_MAX {
            return None;
        }
        let mut bytes = [0u8; UNIT_ID_MAX];
        let mut i = 0;
        while i < raw.len() {
            let c = raw[i];
            if !(c.is_ascii_alphanumeric() || c == b'-' || c == b'/') {
                return None;
            }
            bytes[i] = c.to_ascii_uppercase();
            i += 1;
        }
        Some(UnitId {
            bytes,
            len: raw.len() as u8,
        })
    }

    pub fn as_str(&self) -> &str {
        let text = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        // Only ASCII is ever stored (see `new`).
        std::str::from_utf8(text).unwrap_or_default()
    }
}

impl TryFrom<String> for UnitId {
    type Error = NameError;
    fn try_from(s: String) -> Result<UnitId, NameError> {
        UnitId::new(&s)
    }
}

impl From<UnitId> for String {
    fn from(u: UnitId) -> String {
        u.as_str().to_string()
    }
}

impl Serialize for UnitId {
    /// The id as a string, written where it is kept (no `String` made for it).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for UnitId {
    /// An id read where it lies in the input, as [`UnitId::new`] takes it: the same
    /// errors as reading a `String` and converting it, without the `String`.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<UnitId, D::Error> {
        struct Id;
        impl serde::de::Visitor<'_> for Id {
            type Value = UnitId;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<UnitId, E> {
                UnitId::new(s).map_err(E::custom)
            }
            /// Bytes of UTF-8 text, as a `String` takes them.
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<UnitId, E> {
                let text = std::str::from_utf8(v)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Bytes(v), &self))?;
                self.visit_str(text)
            }
        }
        d.deserialize_string(Id)
    }
}

impl fmt::Display for UnitId {
    /// Honours width and alignment (`{:<9}`), for the report's columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The combat factors of a counter: attack and defence (equal except for artillery, 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Factors {
    pub attack: u32,
    pub defence: u32,
}

impl Factors {
    /// One combat factor used both ways (every type but artillery).
    pub const fn same(combat: u32) -> Factors {
        Factors {
            attack: combat,
            defence: combat,
        }
    }

    const fn is_zero(self) -> bool {
        self.attack == 0 && self.defence == 0
    }
}

/// One denomination of substitute counter in a side's counter mix (26, 26.5): its
/// factors, its movement factor (range for aircraft) and how many such counters exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Denomination {
    pub factors: Factors,
    pub movement: u32,
    pub count: u32,
}

/// 26.2: substitution is done "the same way that money is changed": finds substitute
/// pieces whose combined factors equal `target` exactly, drawing at most `n` pieces of
/// each `(factors, n)` in `pool`. Prefers the largest pieces. `None` if no combination
/// adds up (then 26.5 applies: only the counters provided may be used).
pub fn make_change(target: Factors, pool: &[(Factors, u32)]) -> Option<Vec<Factors>> {
    let mut pool: Vec<(Factors, u32)> = pool
        .iter()
        .copied()
        .filter(|(f, n)| *n > 0 && !f.is_zero())
        .collect();
    pool.sort_by_key(|p| std::cmp::Reverse(p.0));
    let mut out = Vec::new();
    change_from(target, &pool, &mut out).then_some(out)
}

/// Depth-first search for [`make_change`]: the most of the first denomination first.
fn change_from(rest: Factors, pool: &[(Factors, u32)], out: &mut Vec<Factors>) -> bool {
    if rest.is_zero() {
        return true;
    }
    let Some(((piece, n), tail)) = pool.split_first() else {
        return false;
    };
    let fits = |have: u32, each: u32| have.checked_div(each).unwrap_or(u32::MAX);
    let most = (*n)
        .min(fits(rest.attack, piece.attack))
        .min(fits(rest.defence, piece.defence));
    for k in (0..=most).rev() {
        let left = Factors {
            attack: rest.attack - piece.attack * k,
            defence: rest.defence - piece.defence * k,
        };
        let mark = out.len();
        out.extend(std::iter::repeat_n(*piece, k as usize));
        if change_from(left, tail, out) {
            return true;
        }
        out.truncate(mark);
    }
    false
}

/// "B-1AB, B-2AB": units named in a line of the report or a message.
pub fn names(units: &[UnitId]) -> String {
    units
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// 26.4: a unit's weight in half units, for stacking, sea movement, air transport and
/// supply limits: substitutes and rangers half a unit, every other a whole one; 46.3:
/// "All helicopters are considered half stacking (replacement) ground units"; 50.1: a
/// transport aircraft is one air unit.
pub fn stack_halves(kind: UnitKind, substitute: bool) -> u32 {
    // 50.1: a transport aircraft is based "the same as combat air units": one air unit
    // of its base's three (30.2), whatever it carries.
    if kind == UnitKind::TransportAircraft {
        2
    } else if substitute || kind == UnitKind::Rangers || kind.is_helicopter() {
        1
    } else {
        2
    }
}

/// 41.11: the printed strength of a transport aircraft carrying `halves` half stacking
/// units: "(1/2)", "(1)", "(2)" (as the price list names it).
pub fn transport_strength_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, _) => "(1/2)".to_string(),
        (n, 0) => format!("({n})"),
        (n, _) => format!("({n} 1/2)"),
    }
}

/// One counter of the game, with what the rules need of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub id: UnitId,
    pub side: Side,
    pub kind: UnitKind,
    pub size: Size,
    /// Combat factor when attacking (2.4: artillery's first figure).
    pub attack: u32,
    /// Combat factor when defending (equal to `attack` except for artillery, 2.4).
    /// 41.11, 50.2: a transport aircraft has no combat strength (`attack` 0); its
    /// printed strength, the half stacking units it carries, is kept here.
    pub defence: u32,
    /// Movement factor (2.5); for aircraft, the range (Q&A 30.2).
    pub movement: u32,
    /// Name as printed on the counter or the OAC, e.g. "13th Armor"; the embedded
    /// counters borrow it from the binary.
    pub name: Cow<'static, str>,
    /// First turn the unit may enter play (6.2); 1 means above the line on the OAC (3.3).
    /// 0 for substitutes: they are not on the OAC but inactive counters from the start,
    /// usable whenever a unit is broken down (26.1, 26.5).
    pub enters: u8,
}

impl Counter {
    /// The order of a counter list players read: by type (infantry, armor, artillery,
    /// airborne, air-assault, ...), then by number.
    pub fn counting_key(&self) -> (UnitKind, (u32, u128)) {
        (self.kind, self.id.counting_key())
    }

    /// 2.2: only division-size ground counters (no rangers, no aircraft) in the Basic Game.
    pub fn in_basic_game(&self) -> bool {
        self.size == Size::Division && !self.kind.is_air() && self.kind != UnitKind::Rangers
    }

    /// 24, 30.1: the full units of the Tournament Game: every counter on the OAC, rangers
    /// and bombers among them; fighters only with optional rule 32 (`air_combat`).
    pub fn in_tournament_game(&self, air_combat: bool) -> bool {
        self.on_oac() && (self.kind != UnitKind::Ftr || air_combat)
    }

    /// Attack and defence factors together.
    pub fn factors(&self) -> Factors {
        Factors {
            attack: self.attack,
            defence: self.defence,
        }
    }

    pub fn is_substitute(&self) -> bool {
        self.size == Size::Substitute
    }

    /// 6.2: full units are on the Order of Appearance Card; substitutes are not.
    pub fn on_oac(&self) -> bool {
        self.size == Size::Division
    }

    /// 26.4: substitutes and rangers count as half a unit for stacking, sea movement,
    /// air transport and supply limits. In half-units: 1 for them, 2 for a full unit.
    pub fn stack_halves(&self) -> u32 {
        stack_halves(self.kind, self.is_substitute())
    }

    /// 30.8: the farthest distance at which a bomber doubles its bombing strength,
    /// "less than half range": the largest whole number of hexes under half the range
    /// (range 8 gives 3, 10 gives 4, 20 gives 9). `None` for fighters and ground units.
    pub fn half_range(&self) -> Option<u32> {
        self.kind
            .is_bomber()
            .then(|| self.movement.saturating_sub(1) / 2)
    }

    /// The factors as printed: "4-4"; artillery "8-4-4" (attack-defence-movement);
    /// 41.11's transport aircraft their capacity, "(1/2)", "(1)", "(2)".
    pub fn factors_text(&self) -> String {
        let mut out = String::new();
        self.write_factors(&mut out);
        out
    }

    /// [`Counter::factors_text`] written onto the end of `out`, with no string of its own
    /// (the position at the end of every report names every unit on the map).
    pub fn write_factors(&self, out: &mut String) {
        use std::fmt::Write as _;
        let _ = if self.kind == UnitKind::TransportAircraft {
            out.push_str(&transport_strength_text(self.defence));
            Ok(())
        } else if self.kind.has_separate_defence() {
            write!(out, "{}-{}-{}", self.attack, self.defence, self.movement)
        } else {
            write!(out, "{}-{}", self.attack, self.movement)
        };
    }
}

/// Every counter of both sides, by id, with each side's substitute counter mix.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Every counter, in id order, each id once: the embedded counters borrowed from the
    /// binary as the build script wrote them, those read from files owned.
    list: Cow<'static, [Counter]>,
    /// Substitute denominations per side and type, largest first (26.5).
    mix: BTreeMap<(Side, UnitKind), Vec<Denomination>>,
    /// 26.2: the substitute counters per side and type, in id order (asked for at every
    /// partial loss), by their place in `list`.
    substitutes: BTreeMap<(Side, UnitKind), Vec<usize>>,
    title: Cow<'static, str>,
    reconstructed: bool,
}

/// The counters file shipped with the program.
pub const EMBEDDED_COUNTERS: &str = include_str!("../../../rules/blitzkrieg/counters.toml");
/// The Order of Appearance Card file shipped with the program.
pub const EMBEDDED_OAC: &str = include_str!("../../../rules/blitzkrieg/oac.toml");
/// Where the embedded files live in the source tree (used to name them in messages).
pub const EMBEDDED_ORIGIN: &str = "rules/blitzkrieg";

impl Counters {
    /// Builds the set from a list; a repeated id keeps the last. The substitute mix is
    /// counted from the substitute counters in the list.
    pub fn from_list(list: impl IntoIterator<Item = Counter>) -> Counters {
        let by_id: BTreeMap<UnitId, Counter> =
            list.into_iter().map(|c| (c.id.clone(), c)).collect();
        Counters::of_sorted(Cow::Owned(by_id.into_values().collect()))
    }

    /// The set of a list already in id order with each id once, the substitute mix
    /// counted from it.
    fn of_sorted(list: Cow<'static, [Counter]>) -> Counters {
        let mut counted: BTreeMap<(Side, UnitKind), BTreeMap<(Factors, u32), u32>> =
            BTreeMap::new();
        let mut substitutes: BTreeMap<(Side, UnitKind), Vec<usize>> = BTreeMap::new();
        for (at, c) in list.iter().enumerate().filter(|(_, c)| c.is_substitute()) {
            substitutes.entry((c.side, c.kind)).or_default().push(at);
            *counted
                .entry((c.side, c.kind))
                .or_default()
                .entry((c.factors(), c.movement))
                .or_default() += 1;
        }
        let mix = counted
            .into_iter()
            .map(|(key, denoms)| {
                let mut list: Vec<Denomination> = denoms
                    .into_iter()
                    .map(|((factors, movement), count)| Denomination {
                        factors,
                        movement,
                        count,
                    })
                    .collect();
                list.sort_by(|a, b| b.cmp(a));
                (key, list)
            })
            .collect();
        Counters {
            list,
            mix,
            substitutes,
            title: Cow::Borrowed(""),
            reconstructed: false,
        }
    }

    /// The embedded counters, the statics the build script wrote once it had read and
    /// checked them with the loader (`compiled.rs`), in id order with each id once:
    /// borrowed from the binary with their title, the substitute mix counted again.
    pub(crate) fn compiled(
        title: &'static str,
        reconstructed: bool,
        list: &'static [Counter],
    ) -> Counters {
        Counters {
            title: Cow::Borrowed(title),
            reconstructed,
            ..Counters::of_sorted(Cow::Borrowed(list))
        }
    }

    /// The same counters with `more` added (a game's own, as '85's helicopters, 41):
    /// the title and the reconstructed mark kept, the substitute mix counted again.
    pub fn with(&self, more: impl IntoIterator<Item = Counter>) -> Counters {
        Counters {
            title: self.title.clone(),
            reconstructed: self.reconstructed,
            ..Counters::from_list(self.list.iter().cloned().chain(more))
        }
    }

    /// Reads and checks a counters file and an OAC file from disk.
    pub fn load(
        counters_path: impl AsRef<Path>,
        oac_path: impl AsRef<Path>,
    ) -> Result<Counters, UnitsErrors> {
        let (cp, op) = (counters_path.as_ref(), oac_path.as_ref());
        let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| e.to_string());
        let failed = |p: &Path, message: String| UnitsError::Read {
            path: p.display().to_string(),
            message,
        };
        match (read(cp), read(op)) {
            (Ok(c), Ok(o)) => load::check(
                &load::Src::new(&cp.display().to_string(), c),
                &load::Src::new(&op.display().to_string(), o),
            ),
            (c, o) => Err(UnitsErrors {
                errors: [
                    c.err().map(|m| failed(cp, m)),
                    o.err().map(|m| failed(op, m)),
                ]
                .into_iter()
                .flatten()
                .collect(),
            }),
        }
    }

    /// Parses and checks the two files given as text. `origin` is the directory they
    /// are named in, in messages: `{origin}/counters.toml`, `{origin}/oac.toml`.
    pub fn from_toml(
        counters_src: &str,
        oac_src: &str,
        origin: &str,
    ) -> Result<Counters, UnitsErrors> {
        let origin = origin.trim_end_matches('/');
        load::check(
            &load::Src::new(&format!("{origin}/counters.toml"), counters_src.to_string()),
            &load::Src::new(&format!("{origin}/oac.toml"), oac_src.to_string()),
        )
    }

    /// The title given in the counters file.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// True when the data files say their figures are (partly) reconstructed.
    pub fn is_reconstructed(&self) -> bool {
        self.reconstructed
    }

    /// The counter of `id`, found by halving the list (it is in id order).
    pub fn get(&self, id: &UnitId) -> Option<&Counter> {
        let at = self.list.binary_search_by(|c| c.id.cmp(id)).ok()?;
        self.list.get(at)
    }

    /// Finds a counter by what a player typed, in any case.
    pub fn lookup(&self, typed: &str) -> Option<&Counter> {
        UnitId::new(typed).ok().and_then(|id| self.get(&id))
    }

    /// All counters in id order.
    pub fn iter(&self) -> impl Iterator<Item = &Counter> {
        self.list.iter()
    }

    /// One side's counters in id order.
    pub fn of_side(&self, side: Side) -> impl Iterator<Item = &Counter> {
        self.list.iter().filter(move |c| c.side == side)
    }

    /// One side's full units (everything on its OAC), in id order.
    pub fn full_units(&self, side: Side) -> impl Iterator<Item = &Counter> {
        self.of_side(side).filter(|c| c.on_oac())
    }

    /// 2.2: the counters one side plays the Basic Game with (division-size ground
    /// units, no rangers, no aircraft, no substitutes).
    pub fn basic_game(&self, side: Side) -> impl Iterator<Item = &Counter> {
        self.of_side(side).filter(|c| c.in_basic_game())
    }

    /// 2.2, 24: the full units one side plays a game with: the Basic Game's
    /// ([`Counters::basic_game`]) or, with `tournament`, the Tournament Game's
    /// ([`Counter::in_tournament_game`]).
    pub fn in_game(
        &self,
        side: Side,
        tournament: bool,
        air_combat: bool,
    ) -> impl Iterator<Item = &Counter> {
        self.of_side(side).filter(move |c| {
            if tournament {
                c.in_tournament_game(air_combat)
            } else {
                c.in_basic_game()
            }
        })
    }

    /// 3.3, 3.4: the full units above the line on the side's OAC (set up on turn 1).
    /// Basic Game callers keep those with [`Counter::in_basic_game`].
    pub fn setup_units(&self, side: Side) -> impl Iterator<Item = &Counter> {
        self.full_units(side).filter(|c| c.enters == 1)
    }

    /// 6.2: the full units the OAC lets the side bring into play by `turn` (the turn-1
    /// units included: a player may delay placing them, 3.3).
    pub fn due_by(&self, side: Side, turn: u32) -> impl Iterator<Item = &Counter> {
        self.full_units(side)
            .filter(move |c| c.enters >= 1 && u32::from(c.enters) <= turn)
    }

    /// 6.2: the full units whose earliest turn on the OAC is exactly `turn`.
    pub fn entering_on(&self, side: Side, turn: u32) -> impl Iterator<Item = &Counter> {
        self.full_units(side)
            .filter(move |c| u32::from(c.enters) == turn)
    }

    /// The side's OAC: each turn with the full units that may enter from it, in order.
    pub fn oac(&self, side: Side) -> BTreeMap<u8, Vec<&Counter>> {
        let mut card: BTreeMap<u8, Vec<&Counter>> = BTreeMap::new();
        for c in self.full_units(side) {
            card.entry(c.enters).or_default().push(c);
        }
        card
    }

    /// 26.5: the substitute denominations in the side's mix for one type, largest
    /// first, with how many counters of each exist. Empty if the type has none.
    pub fn substitutes_for(&self, kind: UnitKind, side: Side) -> &[Denomination] {
        self.mix
            .get(&(side, kind))
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// The side's substitute counters of one type, in id order.
    pub fn substitute_counters(
        &self,
        kind: UnitKind,
        side: Side,
    ) -> impl Iterator<Item = &Counter> {
        self.substitutes
            .get(&(side, kind))
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|&at| self.list.get(at))
    }

    /// 26.2: how a full unit changes into its side's substitutes of the same type when
    /// every substitute counter is free: the pieces, largest first. `None` if the mix
    /// cannot make it up (the loader refuses such data).
    pub fn breakdown(&self, unit: &Counter) -> Option<Vec<Factors>> {
        let pool: Vec<(Factors, u32)> = self
            .substitutes_for(unit.kind, unit.side)
            .iter()
            .map(|d| (d.factors, d.count))
            .collect();
        make_change(unit.factors(), &pool)
    }

    /// 30.8: "less than half range" for a bomber type (TAC 3, MDM 4, SAC 9 hexes with
    /// the shipped data); `None` for fighters, ground types, or a type with no counter.
    pub fn half_range(&self, kind: UnitKind) -> Option<u32> {
        self.list
            .iter()
            .find(|c| c.kind == kind)
            .and_then(Counter::half_range)
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// Where in a data file a problem is: file name, 1-based line and column (in
/// characters), and the byte span labelled in the rendered diagnostic.
#[derive(Clone)]
pub struct At {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub offset: usize,
    pub len: usize,
    src: Arc<NamedSource<String>>,
}

impl PartialEq for At {
    fn eq(&self, other: &At) -> bool {
        (&self.file, self.line, self.column, self.offset, self.len)
            == (
                &other.file,
                other.line,
                other.column,
                other.offset,
                other.len,
            )
    }
}

impl Eq for At {}

impl fmt::Debug for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// One problem found in the counter or OAC data. Each names the place and says how to
/// put it right.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitsError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },

    #[error("{at}: {message}")]
    Syntax { message: String, at: At },

    #[error("{at}: the file has no [{}] table for {side}'s counters", side.key())]
    MissingSide { side: Side, at: At },

    #[error("{at}: {reason}")]
    BadId {
        id: String,
        reason: NameError,
        at: At,
    },

    #[error("{at}: `{id}` is listed for {side}, so its id must start with `{}-`", side.letter())]
    SidePrefix { id: String, side: Side, at: At },

    #[error("{at}: unit id `{id}` is used twice (first at line {}, column {})", first.line, first.column)]
    DuplicateId { id: String, at: At, first: At },

    #[error("{at}: `{name}` is not a unit type: write infantry, armor, artillery, airborne, air-assault, rangers, tac, mdm, sac or ftr")]
    UnknownType { name: String, at: At },

    #[error("{at}: `{text}` are not factors for {what}: {reason}")]
    BadFactors {
        what: String,
        text: String,
        reason: String,
        at: At,
    },

    #[error("{at}: {what} is artillery, but `{text}` has no separate defence factor: write attack-defence-movement, like 8-4-4 (2.4)")]
    ArtilleryWithoutDefence { what: String, text: String, at: At },

    #[error("{at}: {what} is {kind}, but `{text}` gives a separate defence factor, which only artillery has (2.4): write combat-movement, like 4-4")]
    DefenceNotArtillery {
        what: String,
        kind: UnitKind,
        text: String,
        at: At,
    },

    #[error("{at}: {count} {side} {kind} substitutes {text} are more than the 26 one denomination may have (their ids end in A-Z)")]
    TooManySubstitutes {
        side: Side,
        kind: UnitKind,
        text: String,
        count: u32,
        at: At,
    },

    #[error("{at}: {id} ({factors} {kind}) cannot be changed into {side}'s {kind} substitutes ({mix}): the combined factors must match exactly (26.2)")]
    CannotMakeUp {
        id: String,
        kind: UnitKind,
        factors: String,
        side: Side,
        mix: String,
        at: At,
    },

    #[error("{at}: {id} has range {range}, but another {kind} counter has range {other}: one type of aircraft has one range (30.8 counts half of it)")]
    RangeMismatch {
        id: String,
        kind: UnitKind,
        range: u32,
        other: u32,
        at: At,
    },

    #[error("{at}: `{text}` is not a turn of the OAC: write a turn number from 1 (above the line) to 15")]
    BadTurn { text: String, at: At },

    #[error("{at}: `{id}` on the OAC is not a unit of the counters file")]
    UnknownOacUnit { id: String, at: At },

    #[error("{at}: `{id}` is a substitute counter; substitutes are not on the OAC (26.5)")]
    OacSubstitute { id: String, at: At },

    #[error("{at}: `{id}` is a {owner} unit but is listed on {listed}'s OAC")]
    OacWrongSide {
        id: String,
        owner: Side,
        listed: Side,
        at: At,
    },

    #[error("{at}: `{id}` is on the OAC twice (first at line {}, column {})", first.line, first.column)]
    OacTwice { id: String, at: At, first: At },

    #[error("{at}: {id} is not on the OAC: add it to the turn it may first enter (6.2)")]
    MissingFromOac { id: String, at: At },
}

impl UnitsError {
    /// Where the problem is (`None` only for a file that could not be read).
    pub fn at(&self) -> Option<&At> {
        use UnitsError::*;
        match self {
            Read { .. } => None,
            Syntax { at, .. }
            | MissingSide { at, .. }
            | BadId { at, .. }
            | SidePrefix { at, .. }
            | DuplicateId { at, .. }
            | UnknownType { at, .. }
            | BadFactors { at, .. }
            | ArtilleryWithoutDefence { at, .. }
            | DefenceNotArtillery { at, .. }
            | TooManySubstitutes { at, .. }
            | CannotMakeUp { at, .. }
            | RangeMismatch { at, .. }
            | BadTurn { at, .. }
            | UnknownOacUnit { at, .. }
            | OacSubstitute { at, .. }
            | OacWrongSide { at, .. }
            | OacTwice { at, .. }
            | MissingFromOac { at, .. } => Some(at),
        }
    }

    /// A short stable name of the kind of problem (also the diagnostic code's tail).
    pub fn short_code(&self) -> &'static str {
        use UnitsError::*;
        match self {
            Read { .. } => "read",
            Syntax { .. } => "syntax",
            MissingSide { .. } => "missing-side",
            BadId { .. } => "bad-id",
            SidePrefix { .. } => "side-prefix",
            DuplicateId { .. } => "duplicate-id",
            UnknownType { .. } => "unknown-type",
            BadFactors { .. } => "bad-factors",
            ArtilleryWithoutDefence { .. } => "artillery-without-defence",
            DefenceNotArtillery { .. } => "defence-not-artillery",
            TooManySubstitutes { .. } => "too-many-substitutes",
            CannotMakeUp { .. } => "cannot-make-up",
            RangeMismatch { .. } => "range-mismatch",
            BadTurn { .. } => "bad-turn",
            UnknownOacUnit { .. } => "unknown-oac-unit",
            OacSubstitute { .. } => "oac-substitute",
            OacWrongSide { .. } => "oac-wrong-side",
            OacTwice { .. } => "oac-twice",
            MissingFromOac { .. } => "missing-from-oac",
        }
    }

    /// The text of the label under the bad span.
    fn label(&self) -> &'static str {
        use UnitsError::*;
        match self {
            Read { .. } => "",
            Syntax { .. } => "here",
            MissingSide { .. } => "in this file",
            BadId { .. } => "not a unit id",
            SidePrefix { .. } => "wrong side letter",
            DuplicateId { .. } | OacTwice { .. } => "used again here",
            UnknownType { .. } => "unknown type",
            BadFactors { .. } => "bad factors",
            ArtilleryWithoutDefence { .. } => "needs attack-defence-movement",
            DefenceNotArtillery { .. } => "only artillery has two combat factors",
            TooManySubstitutes { .. } => "too many",
            CannotMakeUp { .. } => "no exact change in the mix",
            RangeMismatch { .. } => "different range",
            BadTurn { .. } => "not a turn",
            UnknownOacUnit { .. } => "no such unit",
            OacSubstitute { .. } => "a substitute",
            OacWrongSide { .. } => "other side's unit",
            MissingFromOac { .. } => "never enters",
        }
    }

    fn hint(&self) -> Option<&'static str> {
        use UnitsError::*;
        Some(match self {
            Read { .. } => "check the path and that the file is readable",
            Syntax { .. } => "the file must be TOML in the layout of docs/counters.md",
            DuplicateId { .. } => "every counter needs its own id; substitute ids are made from side, type, first factor and a serial letter",
            CannotMakeUp { .. } => "add substitute denominations (or counters) of this type to the side's [mix]",
            MissingFromOac { .. } | UnknownOacUnit { .. } => "every full unit of counters.toml is listed exactly once in oac.toml",
            SidePrefix { .. } | OacWrongSide { .. } => "Blue ids start with B-, Red ids with R-",
            _ => return None,
        })
    }
}

impl Diagnostic for UnitsError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("blitz::units::{}", self.short_code())))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.hint()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.at().map(|at| &*at.src as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let at = self.at()?;
        let mut spans = vec![LabeledSpan::new_primary_with_span(
            Some(self.label().to_string()),
            (at.offset, at.len),
        )];
        if let UnitsError::DuplicateId { first, .. } | UnitsError::OacTwice { first, .. } = self {
            spans.push(LabeledSpan::new_with_span(
                Some("first here".to_string()),
                (first.offset, first.len),
            ));
        }
        Some(Box::new(spans.into_iter()))
    }
}

/// Every problem found in the counter and OAC data, in file order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} in the counter data", count_problems(.errors.len()))]
pub struct UnitsErrors {
    pub errors: Vec<UnitsError>,
}

fn count_problems(n: usize) -> String {
    if n == 1 {
        "1 problem".to_string()
    } else {
        format!("{n} problems")
    }
}

impl UnitsErrors {
    /// Every problem on its own line, as plain text (for logs and non-graphical output).
    pub fn to_text(&self) -> String {
        let mut out = format!("{self}:");
        for e in &self.errors {
            out.push_str("\n  ");
            out.push_str(&e.to_string());
        }
        out
    }

    /// The problem codes in order (handy in tests and logs).
    pub fn codes(&self) -> Vec<&'static str> {
        self.errors.iter().map(UnitsError::short_code).collect()
    }

    pub fn iter(&self) -> impl Iterator<Item = &UnitsError> {
        self.errors.iter()
    }
}

impl Diagnostic for UnitsErrors {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("blitz::units"))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(
            "each problem is listed below; docs/counters.md describes the files",
        ))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.errors.iter().map(|e| e as &dyn Diagnostic)))
    }
}

/// Reading and checking the two data files.
mod load {
    use super::*;

    /// One data file: its name for messages and its text.
    pub(super) struct Src {
        name: String,
        text: Arc<NamedSource<String>>,
        raw: String,
        /// The byte offset where each line starts, the first line's (0) included.
        line_starts: Vec<usize>,
    }

    impl Src {
        pub(super) fn new(name: &str, raw: String) -> Src {
            let line_starts = std::iter::once(0)
                .chain(raw.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
            Src {
                name: name.to_string(),
                text: Arc::new(NamedSource::new(name, raw.clone()).with_language("TOML")),
                raw,
                line_starts,
            }
        }

        /// The place of a byte span in this file.
        pub(super) fn at(&self, span: std::ops::Range<usize>) -> At {
            let offset = span.start.min(self.raw.len());
            let (line, column) = if self.raw.is_char_boundary(offset) {
                let line = self.line_starts.partition_point(|&s| s <= offset);
                let line_start = line
                    .checked_sub(1)
                    .and_then(|i| self.line_starts.get(i))
                    .copied()
                    .unwrap_or(0);
                let column = self
                    .raw
                    .get(line_start..offset)
                    .map_or(0, |s| s.chars().count());
                (line, column + 1)
            } else {
                (1, 1)
            };
            At {
                file: self.name.clone(),
                line,
                column,
                offset,
                len: span.end.saturating_sub(offset),
                src: Arc::clone(&self.text),
            }
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Header {
        #[serde(default)]
        title: Option<String>,
        #[serde(default)]
        reconstructed: bool,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct CountersDoc {
        #[serde(default)]
        game: Option<Header>,
        #[serde(default)]
        blue: Option<SideDoc>,
        #[serde(default)]
        red: Option<SideDoc>,
    }

    type MixDoc = BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<u32>>>;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct SideDoc {
        #[serde(default)]
        reconstructed: bool,
        #[serde(default)]
        units: Vec<UnitRow>,
        #[serde(default)]
        mix: MixDoc,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct UnitRow {
        id: Spanned<String>,
        #[serde(rename = "type")]
        kind: Spanned<String>,
        factors: Spanned<String>,
        name: String,
    }

    type CardDoc = BTreeMap<Spanned<String>, Vec<Spanned<String>>>;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct OacDoc {
        #[serde(default)]
        oac: Option<Header>,
        #[serde(default)]
        blue: Option<CardDoc>,
        #[serde(default)]
        red: Option<CardDoc>,
    }

    /// A counter read from the file, with where it was defined.
    struct Placed {
        counter: Counter,
        at: At,
    }

    /// Everything read so far, and every problem found.
    #[derive(Default)]
    struct Check {
        errors: Vec<UnitsError>,
        units: Vec<Placed>,
        /// Every id taken so far, with where it was first defined.
        seen: BTreeMap<UnitId, At>,
        /// Mixes with a reported problem: not checked again for making up units.
        broken_mix: BTreeSet<(Side, UnitKind)>,
    }

    fn parse<T: serde::de::DeserializeOwned>(src: &Src, errors: &mut Vec<UnitsError>) -> Option<T> {
        toml::from_str::<T>(&src.raw)
            .map_err(|e| {
                errors.push(UnitsError::Syntax {
                    message: e.message().trim().to_string(),
                    at: src.at(e.span().unwrap_or(0..0)),
                });
            })
            .ok()
    }

    /// Parses both files and checks them against each other.
    pub(super) fn check(csrc: &Src, osrc: &Src) -> Result<Counters, UnitsErrors> {
        let mut ck = Check::default();
        let cdoc = parse::<CountersDoc>(csrc, &mut ck.errors);
        let odoc = parse::<OacDoc>(osrc, &mut ck.errors);
        let mut reconstructed = false;
        let mut title = String::new();
        if let Some(doc) = &cdoc {
            if let Some(h) = &doc.game {
                reconstructed |= h.reconstructed;
                title = h.title.clone().unwrap_or_default();
            }
            for side in Side::BOTH {
                let table = if side == Side::Blue {
                    &doc.blue
                } else {
                    &doc.red
                };
                match table {
                    None => ck.errors.push(UnitsError::MissingSide {
                        side,
                        at: csrc.at(0..0),
                    }),
                    Some(sd) => {
                        reconstructed |= sd.reconstructed;
                        for row in &sd.units {
                            ck.read_unit(side, row, csrc);
                        }
                        for (kind, denoms) in &sd.mix {
                            ck.read_mix(side, kind, denoms, csrc);
                        }
                    }
                }
            }
            ck.check_change();
            ck.check_ranges();
        }
        if let (Some(_), Some(doc)) = (&cdoc, &odoc) {
            if let Some(h) = &doc.oac {
                reconstructed |= h.reconstructed;
            }
            for side in Side::BOTH {
                let card = if side == Side::Blue {
                    &doc.blue
                } else {
                    &doc.red
                };
                match card {
                    None => ck.errors.push(UnitsError::MissingSide {
                        side,
                        at: osrc.at(0..0),
                    }),
                    Some(card) => ck.read_card(side, card, osrc),
                }
            }
            for side in Side::BOTH {
                let has_card = if side == Side::Blue {
                    doc.blue.is_some()
                } else {
                    doc.red.is_some()
                };
                ck.check_all_on_card(side, has_card);
            }
        }
        if ck.errors.is_empty() {
            let mut set = Counters::from_list(ck.units.into_iter().map(|p| p.counter));
            set.title = Cow::Owned(title);
            set.reconstructed = reconstructed;
            Ok(set)
        } else {
            Err(UnitsErrors { errors: ck.errors })
        }
    }

    /// Splits "4-4" / "8-4-4" into numbers: combat factors at least 1, movement at least 1.
    fn numbers(text: &str) -> Result<Vec<u32>, String> {
        let parts: Vec<&str> = text.split('-').map(str::trim).collect();
        if !(2..=3).contains(&parts.len()) {
            return Err(
                "write combat-movement (4-4), or attack-defence-movement for artillery (8-4-4)"
                    .to_string(),
            );
        }
        let mut out = Vec::with_capacity(parts.len());
        for p in parts {
            match p.parse::<u32>() {
                Ok(n) if (1..=99).contains(&n) => out.push(n),
                _ => return Err(format!("`{p}` is not a whole number from 1 to 99")),
            }
        }
        Ok(out)
    }

    impl Check {
        /// Reads factors for `what` of type `kind`; records a problem and gives `None`
        /// when they do not fit the type (2.4).
        fn factors(
            &mut self,
            what: &str,
            kind: UnitKind,
            text: &Spanned<String>,
            src: &Src,
        ) -> Option<(Factors, u32)> {
            let at = || src.at(text.span());
            let nums = match numbers(text.get_ref()) {
                Ok(n) => n,
                Err(reason) => {
                    self.errors.push(UnitsError::BadFactors {
                        what: what.to_string(),
                        text: text.get_ref().clone(),
                        reason,
                        at: at(),
                    });
                    return None;
                }
            };
            match (kind.has_separate_defence(), nums.as_slice()) {
                (true, [a, d, m]) => Some((
                    Factors {
                        attack: *a,
                        defence: *d,
                    },
                    *m,
                )),
                (false, [c, m]) => Some((Factors::same(*c), *m)),
                (true, _) => {
                    self.errors.push(UnitsError::ArtilleryWithoutDefence {
                        what: what.to_string(),
                        text: text.get_ref().clone(),
                        at: at(),
                    });
                    None
                }
                (false, _) => {
                    self.errors.push(UnitsError::DefenceNotArtillery {
                        what: what.to_string(),
                        kind,
                        text: text.get_ref().clone(),
                        at: at(),
                    });
                    None
                }
            }
        }

        /// Records `id` as taken; a problem if it already was.
        fn claim(&mut self, id: &UnitId, at: &At) -> bool {
            if let Some(first) = self.seen.get(id) {
                self.errors.push(UnitsError::DuplicateId {
                    id: id.to_string(),
                    at: at.clone(),
                    first: first.clone(),
                });
                false
            } else {
                self.seen.insert(id.clone(), at.clone());
                true
            }
        }

        fn read_unit(&mut self, side: Side, row: &UnitRow, src: &Src) {
            let at = src.at(row.id.span());
            let id = match UnitId::new(row.id.get_ref()) {
                Ok(id) => id,
                Err(reason) => {
                    self.errors.push(UnitsError::BadId {
                        id: row.id.get_ref().clone(),
                        reason,
                        at,
                    });
                    return;
                }
            };
            let mut ok = self.claim(&id, &at);
            if !id.as_str().starts_with(&format!("{}-", side.letter())) {
                self.errors.push(UnitsError::SidePrefix {
                    id: id.to_string(),
                    side,
                    at: at.clone(),
                });
                ok = false;
            }
            let Some(kind) = UnitKind::from_name(row.kind.get_ref()) else {
                self.errors.push(UnitsError::UnknownType {
                    name: row.kind.get_ref().clone(),
                    at: src.at(row.kind.span()),
                });
                return;
            };
            let Some((factors, movement)) = self.factors(id.as_str(), kind, &row.factors, src)
            else {
                return;
            };
            if ok {
                self.units.push(Placed {
                    counter: Counter {
                        id,
                        side,
                        kind,
                        size: Size::Division,
                        attack: factors.attack,
                        defence: factors.defence,
                        movement,
                        name: row.name.trim().to_string().into(),
                        enters: 0,
                    },
                    at,
                });
            }
        }

        /// One type's line of a side's `[mix]`: makes the substitute counters.
        fn read_mix(
            &mut self,
            side: Side,
            kind_name: &Spanned<String>,
            denoms: &BTreeMap<Spanned<String>, Spanned<u32>>,
            src: &Src,
        ) {
            let Some(kind) = UnitKind::from_name(kind_name.get_ref()) else {
                self.errors.push(UnitsError::UnknownType {
                    name: kind_name.get_ref().clone(),
                    at: src.at(kind_name.span()),
                });
                return;
            };
            for (text, count) in denoms {
                let what = format!("{side} {kind} substitute");
                let Some((factors, movement)) = self.factors(&what, kind, text, src) else {
                    self.broken_mix.insert((side, kind));
                    continue;
                };
                let n = *count.get_ref();
                if n > 26 {
                    self.errors.push(UnitsError::TooManySubstitutes {
                        side,
                        kind,
                        text: text.get_ref().clone(),
                        count: n,
                        at: src.at(count.span()),
                    });
                    self.broken_mix.insert((side, kind));
                    continue;
                }
                let at = src.at(text.span());
                for letter in (b'A'..).take(n as usize).map(char::from) {
                    let raw = format!(
                        "{}-{}{}{letter}",
                        side.letter(),
                        kind.id_code(),
                        factors.attack
                    );
                    let Ok(id) = UnitId::new(&raw) else { continue };
                    if !self.claim(&id, &at) {
                        self.broken_mix.insert((side, kind));
                        continue;
                    }
                    self.units.push(Placed {
                        counter: Counter {
                            id,
                            side,
                            kind,
                            size: Size::Substitute,
                            attack: factors.attack,
                            defence: factors.defence,
                            movement,
                            name: format!(
                                "{} substitute {}",
                                kind_title(kind),
                                text.get_ref().trim()
                            )
                            .into(),
                            enters: 0,
                        },
                        at: at.clone(),
                    });
                }
            }
        }

        /// 26.2: every full unit can be changed into its side's substitutes of its type.
        fn check_change(&mut self) {
            let mut pools: BTreeMap<(Side, UnitKind), BTreeMap<Factors, u32>> = BTreeMap::new();
            // The same mix as players read it, "2 x 2-4, 1 x 1-4", for messages.
            let mut shown: BTreeMap<(Side, UnitKind), BTreeMap<(Factors, String), u32>> =
                BTreeMap::new();
            for p in self.units.iter().filter(|p| p.counter.is_substitute()) {
                let (c, key) = (&p.counter, (p.counter.side, p.counter.kind));
                *pools
                    .entry(key)
                    .or_default()
                    .entry(c.factors())
                    .or_default() += 1;
                *shown
                    .entry(key)
                    .or_default()
                    .entry((c.factors(), c.factors_text()))
                    .or_default() += 1;
            }
            let mut found = Vec::new();
            let full = self.units.iter().filter(|p| !p.counter.is_substitute());
            for p in full.filter(|p| !self.broken_mix.contains(&(p.counter.side, p.counter.kind))) {
                let c = &p.counter;
                let pool: Vec<(Factors, u32)> = pools
                    .get(&(c.side, c.kind))
                    .map(|m| m.iter().map(|(f, n)| (*f, *n)).collect())
                    .unwrap_or_default();
                if make_change(c.factors(), &pool).is_none() {
                    let mix = shown
                        .get(&(c.side, c.kind))
                        .map(|m| {
                            m.iter()
                                .rev()
                                .map(|((_, text), n)| format!("{n} x {text}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        })
                        .unwrap_or_else(|| "none".to_string());
                    found.push(UnitsError::CannotMakeUp {
                        id: c.id.to_string(),
                        kind: c.kind,
                        factors: c.factors_text(),
                        side: c.side,
                        mix,
                        at: p.at.clone(),
                    });
                }
            }
            self.errors.extend(found);
        }

        /// One type of aircraft has one range, so 30.8's half range is a property of the type.
        fn check_ranges(&mut self) {
            let mut first: BTreeMap<UnitKind, u32> = BTreeMap::new();
            let mut found = Vec::new();
            for p in self.units.iter().filter(|p| p.counter.kind.is_air()) {
                let c = &p.counter;
                let range = *first.entry(c.kind).or_insert(c.movement);
                // Substitutes of one denomination share a place: report it once.
                let again = found.iter().any(|e: &UnitsError| e.at() == Some(&p.at));
                if range != c.movement && !again {
                    found.push(UnitsError::RangeMismatch {
                        id: c.id.to_string(),
                        kind: c.kind,
                        range: c.movement,
                        other: range,
                        at: p.at.clone(),
                    });
                }
            }
            self.errors.extend(found);
        }

        /// One side's table of the OAC file: sets each listed unit's turn.
        fn read_card(&mut self, side: Side, card: &CardDoc, src: &Src) {
            let index: BTreeMap<UnitId, usize> = self
                .units
                .iter()
                .enumerate()
                .map(|(i, p)| (p.counter.id.clone(), i))
                .collect();
            let mut listed: BTreeMap<UnitId, At> = BTreeMap::new();
            for (turn_text, ids) in card {
                let turn = match turn_text.get_ref().trim().parse::<u8>() {
                    Ok(t) if (1..=15).contains(&t) => t,
                    _ => {
                        self.errors.push(UnitsError::BadTurn {
                            text: turn_text.get_ref().clone(),
                            at: src.at(turn_text.span()),
                        });
                        continue;
                    }
                };
                for raw in ids {
                    let at = src.at(raw.span());
                    let id = match UnitId::new(raw.get_ref()) {
                        Ok(id) => id,
                        Err(reason) => {
                            self.errors.push(UnitsError::BadId {
                                id: raw.get_ref().clone(),
                                reason,
                                at,
                            });
                            continue;
                        }
                    };
                    if let Some(first) = listed.get(&id) {
                        self.errors.push(UnitsError::OacTwice {
                            id: id.to_string(),
                            at,
                            first: first.clone(),
                        });
                        continue;
                    }
                    listed.insert(id.clone(), at.clone());
                    let Some(unit) = index.get(&id).and_then(|i| self.units.get_mut(*i)) else {
                        if !self.seen.contains_key(&id) {
                            self.errors.push(UnitsError::UnknownOacUnit {
                                id: id.to_string(),
                                at,
                            });
                        }
                        continue;
                    };
                    let c = &mut unit.counter;
                    if c.is_substitute() {
                        self.errors.push(UnitsError::OacSubstitute {
                            id: id.to_string(),
                            at,
                        });
                    } else if c.side != side {
                        self.errors.push(UnitsError::OacWrongSide {
                            id: id.to_string(),
                            owner: c.side,
                            listed: side,
                            at,
                        });
                    } else {
                        c.enters = turn;
                    }
                }
            }
        }

        /// 6.2: every full unit of the side has a turn on the OAC. Not checked for a
        /// side whose OAC table is missing altogether (that is reported once instead).
        fn check_all_on_card(&mut self, side: Side, has_card: bool) {
            if !has_card {
                return;
            }
            let missing: Vec<UnitsError> = self
                .units
                .iter()
                .filter(|p| p.counter.side == side && p.counter.on_oac() && p.counter.enters == 0)
                .map(|p| UnitsError::MissingFromOac {
                    id: p.counter.id.to_string(),
                    at: p.at.clone(),
                })
                .collect();
            self.errors.extend(missing);
        }
    }

    /// "Infantry", "Air-assault", "TAC": the type as a substitute's name begins.
    fn kind_title(kind: UnitKind) -> String {
        if kind.is_air() {
            kind.abbrev().to_string()
        } else {
            let n = kind.name();
            let mut cs = n.chars();
            cs.next()
                .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An id read as a `String` and converted, as ids were read before they were read
    /// where they lie.
    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(try_from = "String")]
    struct ViaString(UnitId);

    impl TryFrom<String> for ViaString {
        type Error = NameError;
        fn try_from(s: String) -> Result<ViaString, NameError> {
            UnitId::new(&s).map(ViaString)
        }
    }

    /// An id is read, refused and written in ron and TOML exactly as a `String` converted
    /// to it: the same value, the same words of every error, the same text. JSON says the
    /// same words and now also where (the id is refused while it is read).
    #[test]
    fn an_id_reads_and_writes_as_a_string_converted() {
        let ron_inputs = [
            r#""b-13ar""#,
            r#"" B-2AR ""#,
            r#""""#,
            r#""ABCDEFGHIJKLMNOPQ""#,
            r#""B$1""#,
            "5",
            "true",
            "(x: 1)",
            r#"b"B-1""#,
            r#"b"\xff""#,
        ];
        for text in ron_inputs {
            let new = ron::from_str::<UnitId>(text).map_err(|e| e.to_string());
            let old = ron::from_str::<ViaString>(text)
                .map(|v| v.0)
                .map_err(|e| e.to_string());
            assert_eq!(new, old, "ron {text}");
        }
        for text in [r#""r-5ar""#, r#""a b""#, "7", "[1]", r#""""#] {
            let new = serde_json::from_str::<UnitId>(text).map_err(|e| e.to_string());
            let old = serde_json::from_str::<ViaString>(text)
                .map(|v| v.0)
                .map_err(|e| e.to_string());
            match (&new, &old) {
                (Err(new), Err(old)) => {
                    assert!(new.starts_with(old.as_str()), "json {new} / {old}")
                }
                _ => assert_eq!(new, old, "json {text}"),
            }
            let doc = format!("id = {text}");
            #[derive(Debug, Deserialize)]
            struct New {
                #[allow(dead_code)]
                id: UnitId,
            }
            #[derive(Debug, Deserialize)]
            struct Old {
                #[allow(dead_code)]
                id: ViaString,
            }
            let new = toml::from_str::<New>(&doc)
                .map(|d| d.id)
                .map_err(|e| e.to_string());
            let old = toml::from_str::<Old>(&doc)
                .map(|d| d.id.0)
                .map_err(|e| e.to_string());
            assert_eq!(new, old, "toml {doc}");
        }
        let id = UnitId::new("b-13ar").unwrap();
        assert_eq!(ron::to_string(&id).unwrap(), r#""B-13AR""#);
        assert_eq!(serde_json::to_string(&id).unwrap(), r#""B-13AR""#);
        assert_eq!(ron::from_str::<UnitId>(r#""b-13ar""#).unwrap(), id);
    }

    proptest::proptest! {
        /// Ids order, compare and print as the text players typed, upper-cased, whatever
        /// their length (the inline form must not change the order of anything written).
        #[test]
        fn unit_ids_order_as_their_text(a in "[A-Za-z0-9/-]{1,16}", b in "[A-Za-z0-9/-]{1,16}") {
            let (ia, ib) = (UnitId::new(&a).unwrap(), UnitId::new(&b).unwrap());
            let (ta, tb) = (a.to_ascii_uppercase(), b.to_ascii_uppercase());
            proptest::prop_assert_eq!(ia.as_str(), ta.as_str());
            proptest::prop_assert_eq!(ia.cmp(&ib), ta.cmp(&tb));
            proptest::prop_assert_eq!(ia == ib, ta == tb);
            proptest::prop_assert_eq!(String::from(ia.clone()), ta);
        }
    }

    proptest::proptest! {
        /// The counting key orders ids as the number after the side's prefix, then the
        /// rest of the text (the key written as a number and its text), whatever the ids.
        #[test]
        fn the_counting_key_orders_as_the_number_then_the_text(
            a in "[A-Z]{0,2}-?[0-9]{0,10}[A-Z/-]{0,3}",
            b in "[A-Z]{0,2}-?[0-9]{0,10}[A-Z/-]{0,3}",
        ) {
            proptest::prop_assume!(!a.is_empty() && !b.is_empty());
            let (ia, ib) = (UnitId::new(&a).unwrap(), UnitId::new(&b).unwrap());
            let as_text = |id: &UnitId| {
                let id = id.as_str();
                let rest = id.split_once('-').map_or(id, |(_, r)| r);
                let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let number: u32 = rest[..digits].parse().unwrap_or(u32::MAX);
                (number, rest[digits..].to_string())
            };
            proptest::prop_assert_eq!(
                ia.counting_key().cmp(&ib.counting_key()),
                as_text(&ia).cmp(&as_text(&ib))
            );
        }
    }

    #[test]
    fn ids_are_counted_by_their_number_then_the_rest() {
        let mut ids: Vec<UnitId> = ["B-10AR", "B-2AR", "B-2A", "R-2AR/1", "B-2", "HQ", "B-02AB"]
            .iter()
            .map(|s| UnitId::new(s).unwrap())
            .collect();
        ids.sort_by_cached_key(UnitId::counting_key);
        let text: Vec<&str> = ids.iter().map(UnitId::as_str).collect();
        assert_eq!(
            text,
            ["B-2", "B-2A", "B-02AB", "B-2AR", "R-2AR/1", "B-10AR", "HQ"]
        );
    }

    #[test]
    fn seventeen_characters_are_refused() {
        assert!(UnitId::new("B-1234567890ABCDE").is_err());
        assert_eq!(UnitId::new(" b-13ar ").unwrap().as_str(), "B-13AR");
    }
}
