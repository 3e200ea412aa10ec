//! Unit tokens and special weapons: kinds, values, where each may stand and
//! what it does (002 §3, §4, §8.1-8.3), read from `rules/mori/tokens.toml`
//! and `special-weapons.toml`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::board::SpaceType;
use crate::ruleset::DataError;

/// Which pile a token comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TokenSet {
    Axis,
    Allied,
    Japan,
    Special,
}

impl TokenSet {
    pub fn prefix(self) -> &'static str {
        match self {
            TokenSet::Axis => "axis",
            TokenSet::Allied => "allied",
            TokenSet::Japan => "japan",
            TokenSet::Special => "sw",
        }
    }
}

/// Every kind of token in 002.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    Army,
    Navy,
    Airforce,
    BlitzAirforce,
    General,
    Admiral,
    EliteArmy,
    EliteNavy,
    EliteAirforce,
    TaskArmy,
    TaskNavy,
    BlitzArmy,
    BlitzNavy,
    NavalBombing,
    AerialBombing,
    NuclearBomb,
    Spy,
    Scientist,
    Godzilla,
    Partisans,
    InspiredLeadership,
}

impl TokenKind {
    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Army => "army",
            TokenKind::Navy => "navy",
            TokenKind::Airforce => "airforce",
            TokenKind::BlitzAirforce => "blitz-airforce",
            TokenKind::General => "general",
            TokenKind::Admiral => "admiral",
            TokenKind::EliteArmy => "elite-army",
            TokenKind::EliteNavy => "elite-navy",
            TokenKind::EliteAirforce => "elite-airforce",
            TokenKind::TaskArmy => "task-army",
            TokenKind::TaskNavy => "task-navy",
            TokenKind::BlitzArmy => "blitz-army",
            TokenKind::BlitzNavy => "blitz-navy",
            TokenKind::NavalBombing => "naval-bombing",
            TokenKind::AerialBombing => "aerial-bombing",
            TokenKind::NuclearBomb => "nuclear-bomb",
            TokenKind::Spy => "spy",
            TokenKind::Scientist => "scientist",
            TokenKind::Godzilla => "godzilla",
            TokenKind::Partisans => "partisans",
            TokenKind::InspiredLeadership => "inspired-leadership",
        }
    }

    /// Whether the kind carries no printed value (its strength is worked
    /// out on the board).
    fn valueless(self) -> bool {
        matches!(
            self,
            TokenKind::General
                | TokenKind::Admiral
                | TokenKind::Spy
                | TokenKind::Scientist
                | TokenKind::Partisans
        )
    }

    fn special(self) -> bool {
        !matches!(
            self,
            TokenKind::Army
                | TokenKind::Navy
                | TokenKind::Airforce
                | TokenKind::BlitzAirforce
                | TokenKind::General
                | TokenKind::Admiral
        )
    }

    /// Where the kind may stand.
    pub fn mobility(self) -> Mobility {
        match self {
            TokenKind::Army
            | TokenKind::General
            | TokenKind::EliteArmy
            | TokenKind::TaskArmy
            | TokenKind::BlitzArmy
            | TokenKind::NuclearBomb
            | TokenKind::Partisans => Mobility::Army,
            TokenKind::Navy
            | TokenKind::Admiral
            | TokenKind::EliteNavy
            | TokenKind::TaskNavy
            | TokenKind::BlitzNavy
            | TokenKind::NavalBombing => Mobility::Navy,
            TokenKind::Airforce
            | TokenKind::BlitzAirforce
            | TokenKind::EliteAirforce
            | TokenKind::AerialBombing => Mobility::Air,
            TokenKind::Godzilla => Mobility::ArmyNavy,
            TokenKind::Scientist => Mobility::Anywhere,
            TokenKind::InspiredLeadership => Mobility::Leader,
            // A spy takes the mobility of what it copies.
            TokenKind::Spy => Mobility::Copy,
        }
    }

    /// The rule that describes the kind.
    pub fn rule(self) -> crate::Rule {
        use crate::Rule;
        match self {
            TokenKind::Army | TokenKind::Navy | TokenKind::Airforce => Rule::UnitTypes,
            TokenKind::BlitzAirforce => Rule::BlitzAirforce,
            TokenKind::General | TokenKind::Admiral => Rule::GeneralAdmiral,
            TokenKind::EliteArmy | TokenKind::EliteNavy | TokenKind::EliteAirforce => Rule::Elite,
            TokenKind::TaskArmy | TokenKind::TaskNavy => Rule::TaskForce,
            TokenKind::BlitzArmy | TokenKind::BlitzNavy => Rule::BlitzForces,
            TokenKind::NavalBombing | TokenKind::AerialBombing => Rule::BombingToken,
            TokenKind::NuclearBomb => Rule::Nuclear,
            TokenKind::Spy => Rule::Spy,
            TokenKind::Scientist => Rule::Scientist,
            TokenKind::Godzilla => Rule::Godzilla,
            TokenKind::Partisans => Rule::Partisans,
            TokenKind::InspiredLeadership => Rule::InspiredLeadership,
        }
    }
}

/// Where a token may be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// Land and land/sea spaces of an active campaign.
    Army,
    /// Sea and land/sea spaces of an active campaign.
    Navy,
    /// Any space of an active campaign.
    Air,
    /// Godzilla: both an army and a navy (any space of an active campaign).
    ArmyNavy,
    /// Scientist: any free space of any campaign of an open theatre.
    Anywhere,
    /// Inspired Leadership: any space of an active campaign.
    Leader,
    /// Spy: as the token it copies.
    Copy,
}

impl Mobility {
    /// Whether the space type suits the token (002 §2.2, §3.1).
    pub fn fits(self, ty: SpaceType) -> bool {
        match self {
            Mobility::Army => matches!(ty, SpaceType::Land | SpaceType::LandSea),
            Mobility::Navy => matches!(ty, SpaceType::Sea | SpaceType::LandSea),
            Mobility::Air
            | Mobility::ArmyNavy
            | Mobility::Anywhere
            | Mobility::Leader
            | Mobility::Copy => true,
        }
    }
}

/// One physical token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenDef {
    pub id: String,
    pub set: TokenSet,
    pub kind: TokenKind,
    /// Printed value (0 for tokens whose strength is worked out).
    pub value: u8,
    /// A special weapon (generals and admirals ignore these).
    pub special: bool,
    /// From the Nippon expansion.
    pub nippon: bool,
}

/// All tokens of the game, by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    pub tokens: BTreeMap<String, TokenDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    kind: TokenKind,
    #[serde(default)]
    value: u8,
    count: u32,
    #[serde(default)]
    nippon: bool,
}

impl Catalogue {
    /// Reads `tokens.toml` and `special-weapons.toml`.
    pub fn parse(tokens: &str, specials: &str) -> Result<Catalogue, DataError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Units {
            axis: Vec<Entry>,
            allied: Vec<Entry>,
            japan: Vec<Entry>,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Specials {
            special: Vec<Entry>,
        }
        let units: Units = toml::from_str(tokens).map_err(|e| DataError::Toml(e.to_string()))?;
        let sp: Specials = toml::from_str(specials).map_err(|e| DataError::Toml(e.to_string()))?;
        let mut cat = Catalogue {
            tokens: BTreeMap::new(),
        };
        cat.add(TokenSet::Axis, &units.axis, false)?;
        cat.add(TokenSet::Allied, &units.allied, false)?;
        cat.add(TokenSet::Japan, &units.japan, false)?;
        cat.add(TokenSet::Special, &sp.special, true)?;
        Ok(cat)
    }

    fn add(&mut self, set: TokenSet, entries: &[Entry], special: bool) -> Result<(), DataError> {
        for e in entries {
            if e.kind.special() != special {
                return Err(DataError::Invalid(format!(
                    "{} cannot be in the {} set",
                    e.kind.name(),
                    set.prefix()
                )));
            }
            if e.kind.valueless() != (e.value == 0) {
                return Err(DataError::Invalid(format!(
                    "{}: value {} does not fit the kind",
                    e.kind.name(),
                    e.value
                )));
            }
            for n in 1..=e.count {
                let id = if e.kind.valueless() || special {
                    format!("{}-{}-{n}", set.prefix(), e.kind.name())
                } else {
                    format!("{}-{}{}-{n}", set.prefix(), e.kind.name(), e.value)
                };
                let def = TokenDef {
                    id: id.clone(),
                    set,
                    kind: e.kind,
                    value: e.value,
                    special,
                    nippon: e.nippon,
                };
                if self.tokens.insert(id.clone(), def).is_some() {
                    return Err(DataError::Invalid(format!("token id {id} twice")));
                }
            }
        }
        Ok(())
    }

    pub fn get(&self, id: &str) -> Option<&TokenDef> {
        self.tokens.get(id)
    }

    /// The ids of one set, in canonical (sorted) order.
    pub fn set(&self, set: TokenSet) -> Vec<String> {
        self.tokens
            .values()
            .filter(|t| t.set == set)
            .map(|t| t.id.clone())
            .collect()
    }
}
