//! Critical resources (optional rule 36) as the state and the events keep them: the
//! three resources, what a side has the use of in a player-turn ([`Use`]), how the
//! rules grade it ([`Level`], [`paragraph`]) and the event that reports it. The rules
//! are `resources/`'s.

use crate::cite::Rule;
use crate::units::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The three critical resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    /// 36.2: petro-chemical.
    Oil,
    /// 36.3: basic industry.
    Industry,
    /// 36.4: naval stores.
    NavalStores,
}

impl Resource {
    pub const ALL: [Resource; 3] = [Resource::Oil, Resource::Industry, Resource::NavalStores];

    /// The paragraph naming the resource's cities.
    pub fn rule(self) -> &'static str {
        match self {
            Resource::Oil => "36.2",
            Resource::Industry => "36.3",
            Resource::NavalStores => "36.4",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Resource::Oil => "oil",
            Resource::Industry => "basic industry",
            Resource::NavalStores => "naval stores",
        })
    }
}

/// 36.1: how many cities of each resource a side has the use of this player-turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Use {
    pub oil: u32,
    pub industry: u32,
    pub naval: u32,
    /// 36.44: its navy has been entirely destroyed (a player-turn with no naval
    /// stores): no unit of its may go to sea again, whatever it recovers.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub navy_lost: bool,
}

impl Use {
    /// The cities of `resource` in use.
    pub fn of(&self, resource: Resource) -> u32 {
        match resource {
            Resource::Oil => self.oil,
            Resource::Industry => self.industry,
            Resource::NavalStores => self.naval,
        }
    }
}

/// What the state keeps while a game plays rule 36.
pub type Uses = BTreeMap<Side, Use>;

/// How many cities of a resource a side has the use of, as the rules grade it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// 36.24, 36.34, 36.44: none.
    None,
    /// 36.23, 36.33, 36.43: only one.
    One,
    /// 36.22, 36.32, 36.42: only two.
    Two,
    /// 36.21, 36.31, 36.41: `normal` or more: operations normal.
    Normal,
}

impl Level {
    /// The level of `n` cities in use when `normal` make operations normal.
    pub fn of(n: u32, normal: u32) -> Level {
        match n {
            n if n >= normal => Level::Normal,
            0 => Level::None,
            1 => Level::One,
            _ => Level::Two,
        }
    }
}

/// The paragraph of a resource's restrictions with `n` cities in use (36.21 ... 36.44,
/// read against 3 cities for normal operations as the paragraphs are numbered).
pub fn paragraph(resource: Resource, n: u32) -> &'static str {
    let level = Level::of(n, 3);
    match (resource, level) {
        (Resource::Oil, Level::Normal) => "36.21",
        (Resource::Oil, Level::Two) => "36.22",
        (Resource::Oil, Level::One) => "36.23",
        (Resource::Oil, Level::None) => "36.24",
        (Resource::Industry, Level::Normal) => "36.31",
        (Resource::Industry, Level::Two) => "36.32",
        (Resource::Industry, Level::One) => "36.33",
        (Resource::Industry, Level::None) => "36.34",
        (Resource::NavalStores, Level::Normal) => "36.41",
        (Resource::NavalStores, Level::Two) => "36.42",
        (Resource::NavalStores, Level::One) => "36.43",
        (Resource::NavalStores, Level::None) => "36.44",
    }
}

/// What rule 36 reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResourceEvent {
    /// 36.1: `side` has the use of these cities of each resource this player-turn
    /// (`normal` or more: operations normal).
    InUse {
        side: Side,
        oil: u32,
        industry: u32,
        naval: u32,
        normal: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        navy_lost: bool,
        rule: Rule,
    },
}

impl ResourceEvent {
    /// 36.1: the event for `side`'s use this player-turn.
    pub fn in_use(side: Side, u: Use, normal: u32) -> ResourceEvent {
        ResourceEvent::InUse {
            side,
            oil: u.oil,
            industry: u.industry,
            naval: u.naval,
            normal,
            navy_lost: u.navy_lost,
            rule: Rule::para(para!("36.1")),
        }
    }

    /// The report's section.
    pub fn section(&self) -> &'static str {
        "CRITICAL RESOURCES (36)"
    }

    /// The report's line (without its indent): "Blue has 2 oil, 3 basic industry, 3
    /// naval stores cities in use: short of oil (36.22)".
    pub fn line(&self) -> String {
        match self {
            ResourceEvent::InUse { side, rule, .. } => {
                let lacks = self.lacks();
                let (has, short) = lacks.split_once(": ").unwrap_or((&lacks, ""));
                format!("{side} {has} ({rule}): {short}")
            }
        }
    }

    /// For the report's header: what the side has and lacks this player-turn.
    pub fn lacks(&self) -> String {
        match self {
            ResourceEvent::InUse {
                oil,
                industry,
                naval,
                normal,
                navy_lost,
                ..
            } => {
                let counts = [
                    (Resource::Oil, *oil),
                    (Resource::Industry, *industry),
                    (Resource::NavalStores, *naval),
                ];
                let has: Vec<String> = counts.iter().map(|(r, n)| format!("{n} {r}")).collect();
                let short: Vec<String> = counts
                    .iter()
                    .filter(|(_, n)| n < normal)
                    .map(|(r, n)| format!("{r} ({})", paragraph(*r, *n)))
                    .collect();
                let mut text = format!("has {} cities in use", has.join(", "));
                if short.is_empty() {
                    text.push_str(": operations normal");
                } else {
                    text.push_str(&format!(
                        ": short of {}",
                        crate::orders::and_list(&short, "nothing")
                    ));
                }
                if *navy_lost && *naval > 0 {
                    text.push_str("; its navy stays lost (36.44)");
                }
                text
            }
        }
    }

    /// The side the event is about.
    pub fn side(&self) -> Side {
        match self {
            ResourceEvent::InUse { side, .. } => *side,
        }
    }
}
