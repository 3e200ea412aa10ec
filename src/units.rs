//! Counters and the Order of Appearance Card: unit types, factors, the counter mix,
//! and when each unit may enter play. Loaded from `rules/blitzkrieg/counters.toml`
//! and `rules/blitzkrieg/oac.toml` (embedded; replaceable by a path).

use serde::{Deserialize, Serialize};
use std::fmt;

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
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "blue" | "b" | "great blue" => Ok(Side::Blue),
            "red" | "r" | "big red" => Ok(Side::Red),
            other => Err(format!("`{other}` is not a side: write blue or red")),
        }
    }
}

/// Unit types of the 1975 game (2.2, 27, 30).
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
}

impl UnitKind {
    /// Aircraft (30): TAC, MDM, SAC, FTR.
    pub const fn is_air(self) -> bool {
        matches!(
            self,
            UnitKind::Tac | UnitKind::Mdm | UnitKind::Sac | UnitKind::Ftr
        )
    }

    /// 8.3: armor and air-assault have the armor-type zone of control and move
    /// through enemy ZOC when they start in one.
    pub const fn is_armor_type(self) -> bool {
        matches!(self, UnitKind::Armor | UnitKind::AirAssault)
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
        self.is_armor_type()
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
        }
    }
}

/// Division-size counter (the only kind used in the Basic Game, 2.2) or a substitute (26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    Division,
    Substitute,
}

/// A unit id as players type it (`B-13AR`). Stored in canonical upper case; compared
/// case-insensitively because it is always upper-cased on the way in.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct UnitId(String);

impl UnitId {
    /// Canonical form of what a player typed: trimmed, upper case.
    pub fn new(raw: &str) -> Result<UnitId, String> {
        let t = raw.trim();
        if t.is_empty() || t.len() > 16 {
            return Err(format!(
                "`{raw}` is not a unit id (1-16 characters, like B-13AR)"
            ));
        }
        if !t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '/')
        {
            return Err(format!(
                "`{raw}` is not a unit id: use letters, digits and `-`"
            ));
        }
        Ok(UnitId(t.to_ascii_uppercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for UnitId {
    type Error = String;
    fn try_from(s: String) -> Result<UnitId, String> {
        UnitId::new(&s)
    }
}

impl From<UnitId> for String {
    fn from(u: UnitId) -> String {
        u.0
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
    pub defence: u32,
    /// Movement factor (2.5); for aircraft, the range (Q&A 30.2).
    pub movement: u32,
    /// Name as printed on the counter or the OAC, e.g. "13th Armor".
    pub name: String,
    /// First turn the unit may enter play (6.2); 1 means above the line on the OAC (3.3).
    pub enters: u8,
}

impl Counter {
    /// 2.2: only division-size ground counters (no rangers, no aircraft) in the Basic Game.
    pub fn in_basic_game(&self) -> bool {
        self.size == Size::Division && !self.kind.is_air() && self.kind != UnitKind::Rangers
    }
}

/// Every counter of both sides, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    by_id: std::collections::BTreeMap<UnitId, Counter>,
}

impl Counters {
    /// Builds the set from a list; a repeated id keeps the last.
    pub fn from_list(list: impl IntoIterator<Item = Counter>) -> Counters {
        Counters {
            by_id: list.into_iter().map(|c| (c.id.clone(), c)).collect(),
        }
    }

    pub fn get(&self, id: &UnitId) -> Option<&Counter> {
        self.by_id.get(id)
    }

    /// Finds a counter by what a player typed, in any case.
    pub fn lookup(&self, typed: &str) -> Option<&Counter> {
        UnitId::new(typed).ok().and_then(|id| self.by_id.get(&id))
    }

    /// All counters in id order.
    pub fn iter(&self) -> impl Iterator<Item = &Counter> {
        self.by_id.values()
    }

    /// One side's counters in id order.
    pub fn of_side(&self, side: Side) -> impl Iterator<Item = &Counter> {
        self.by_id.values().filter(move |c| c.side == side)
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}
