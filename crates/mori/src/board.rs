//! The board: theatres of operations, their campaigns (rows of battle
//! spaces with effects) and battle tracks, read from `rules/mori/*.toml`.
//! The base board has five theatres of two or three campaigns (002 §2.1);
//! the Nippon board has single-campaign theatres joined by lines and
//! +1/+2/+3 end spaces (002 §8.5).

use serde::{Deserialize, Serialize};

use crate::ruleset::DataError;

/// The three kinds of battle space (002 §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SpaceType {
    Land,
    Sea,
    LandSea,
}

/// The nine battle space effects (002 §6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Effect {
    /// Draw one token from your bag into your reserve.
    Production,
    /// Discard one random token from the opponent's reserve into his bag.
    Bombing,
    /// Draw one random token from the research pile into your bag.
    Research,
    /// Advance N on this theatre's battle track.
    Tactical(u8),
    /// Advance N on another theatre's battle track, never onto its last space.
    Strategic(u8),
    /// Advance N on the war victory track.
    Propaganda(u8),
    /// Draw two tokens from your bag into your reserve.
    ImprovedProduction,
    /// Draw one random research token directly into your reserve.
    ResearchIndustry,
    /// Draw two random research tokens into your bag.
    ImprovedResearch,
}

impl Effect {
    /// The name used in the board files and reports.
    pub fn name(self) -> String {
        match self {
            Effect::Production => "production".into(),
            Effect::Bombing => "bombing".into(),
            Effect::Research => "research".into(),
            Effect::Tactical(n) => format!("tactical {n}"),
            Effect::Strategic(n) => format!("strategic {n}"),
            Effect::Propaganda(n) => format!("propaganda {n}"),
            Effect::ImprovedProduction => "improved-production".into(),
            Effect::ResearchIndustry => "research-industry".into(),
            Effect::ImprovedResearch => "improved-research".into(),
        }
    }
}

/// One battle space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceDef {
    pub ty: SpaceType,
    pub effect: Option<Effect>,
}

impl SpaceDef {
    /// Parses `"<type> [<effect> [<n>]]"`.
    pub fn parse(text: &str) -> Result<SpaceDef, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let ty = match words.first().copied() {
            Some("land") => SpaceType::Land,
            Some("sea") => SpaceType::Sea,
            Some("landsea") => SpaceType::LandSea,
            other => return Err(format!("unknown space type {other:?} in {text:?}")),
        };
        let n = || -> Result<u8, String> {
            let w = words
                .get(2)
                .ok_or_else(|| format!("effect needs a number in {text:?}"))?;
            let v: u8 = w.parse().map_err(|_| format!("bad number in {text:?}"))?;
            if v == 0 {
                return Err(format!("zero effect in {text:?}"));
            }
            Ok(v)
        };
        let effect = match words.get(1).copied() {
            None => None,
            Some("production") => Some(Effect::Production),
            Some("bombing") => Some(Effect::Bombing),
            Some("research") => Some(Effect::Research),
            Some("tactical") => Some(Effect::Tactical(n()?)),
            Some("strategic") => Some(Effect::Strategic(n()?)),
            Some("propaganda") => Some(Effect::Propaganda(n()?)),
            Some("improved-production") => Some(Effect::ImprovedProduction),
            Some("research-industry") => Some(Effect::ResearchIndustry),
            Some("improved-research") => Some(Effect::ImprovedResearch),
            Some(other) => return Err(format!("unknown effect {other:?} in {text:?}")),
        };
        let expected = match effect {
            Some(Effect::Tactical(_) | Effect::Strategic(_) | Effect::Propaganda(_)) => 3,
            Some(_) => 2,
            None => 1,
        };
        if words.len() != expected {
            return Err(format!("unexpected words in {text:?}"));
        }
        Ok(SpaceDef { ty, effect })
    }
}

/// One campaign: a row of battle spaces and its campaign victory points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignDef {
    pub name: String,
    pub vp: u32,
    pub spaces: Vec<SpaceDef>,
}

/// One theatre of operations with its battle track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TheatreDef {
    pub id: String,
    pub name: String,
    /// Spaces from the red middle space to the last space on each side.
    pub half: i32,
    /// Distances from the middle of the victory-point icons (base board).
    pub icons: Vec<i32>,
    pub campaigns: Vec<CampaignDef>,
    /// Connected campaigns (Nippon board).
    pub links: Vec<String>,
    /// Open at the start (Nippon board: the four named campaigns).
    pub opening: bool,
}

/// Which side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BoardKind {
    Base,
    Nippon,
}

/// A whole board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub kind: BoardKind,
    pub theatres: Vec<TheatreDef>,
}

impl Board {
    /// How many end spaces on each side close a theatre: the last one on the
    /// base board (002 §6.5), the last three (+1, +2, +3) on Nippon (§8.5).
    pub fn end_spaces(&self) -> i32 {
        match self.kind {
            BoardKind::Base => 1,
            BoardKind::Nippon => 3,
        }
    }

    /// The first distance from the middle that closes the theatre.
    pub fn threshold(&self, t: &TheatreDef) -> i32 {
        t.half - self.end_spaces() + 1
    }

    pub fn theatre(&self, id: &str) -> Option<(usize, &TheatreDef)> {
        self.theatres.iter().enumerate().find(|(_, t)| t.id == id)
    }

    /// Reads the base board file.
    pub fn parse_base(text: &str) -> Result<Board, DataError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            theatre: Vec<T>,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct T {
            id: String,
            name: String,
            half: i32,
            icons: Vec<i32>,
            campaign: Vec<C>,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct C {
            name: String,
            vp: u32,
            spaces: Vec<String>,
        }
        let file: File = toml::from_str(text).map_err(|e| DataError::Toml(e.to_string()))?;
        let mut theatres = Vec::new();
        for t in file.theatre {
            let mut campaigns = Vec::new();
            for c in t.campaign {
                campaigns.push(CampaignDef {
                    name: c.name,
                    vp: c.vp,
                    spaces: parse_spaces(&c.spaces)?,
                });
            }
            theatres.push(TheatreDef {
                id: t.id,
                name: t.name,
                half: t.half,
                icons: t.icons,
                campaigns,
                links: Vec::new(),
                opening: true,
            });
        }
        let board = Board {
            kind: BoardKind::Base,
            theatres,
        };
        board.validate()?;
        Ok(board)
    }

    /// Reads the Nippon board file.
    pub fn parse_nippon(text: &str) -> Result<Board, DataError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            campaign: Vec<C>,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct C {
            id: String,
            name: String,
            #[serde(default)]
            opening: bool,
            half: i32,
            vp: u32,
            links: Vec<String>,
            spaces: Vec<String>,
        }
        let file: File = toml::from_str(text).map_err(|e| DataError::Toml(e.to_string()))?;
        let mut theatres = Vec::new();
        for c in file.campaign {
            theatres.push(TheatreDef {
                id: c.id,
                name: c.name.clone(),
                half: c.half,
                icons: Vec::new(),
                campaigns: vec![CampaignDef {
                    name: c.name,
                    vp: c.vp,
                    spaces: parse_spaces(&c.spaces)?,
                }],
                links: c.links,
                opening: c.opening,
            });
        }
        let board = Board {
            kind: BoardKind::Nippon,
            theatres,
        };
        board.validate()?;
        Ok(board)
    }

    fn validate(&self) -> Result<(), DataError> {
        let bad = |m: String| Err(DataError::Invalid(m));
        if self.theatres.is_empty() {
            return bad("no theatres".into());
        }
        for (i, t) in self.theatres.iter().enumerate() {
            if self.theatres[..i].iter().any(|u| u.id == t.id) {
                return bad(format!("theatre id {} twice", t.id));
            }
            if t.half < self.end_spaces() + 1 || t.half > 20 {
                return bad(format!("theatre {}: half {} out of range", t.id, t.half));
            }
            if t.icons.iter().any(|&i| i < 1 || i >= t.half) {
                return bad(format!("theatre {}: icon off the track", t.id));
            }
            if t.campaigns.is_empty() || t.campaigns.iter().any(|c| c.spaces.is_empty()) {
                return bad(format!("theatre {}: empty campaign", t.id));
            }
            for l in &t.links {
                if !self.theatres.iter().any(|u| &u.id == l) || l == &t.id {
                    return bad(format!("theatre {}: bad link {l}", t.id));
                }
                let back = self
                    .theatres
                    .iter()
                    .find(|u| &u.id == l)
                    .is_some_and(|u| u.links.contains(&t.id));
                if !back {
                    return bad(format!("link {} - {l} is not listed both ways", t.id));
                }
            }
        }
        if self.kind == BoardKind::Nippon {
            if self.theatres.iter().any(|t| t.campaigns.len() != 1) {
                return bad("Nippon theatres have one campaign each".into());
            }
            if !self.theatres.iter().any(|t| t.opening) {
                return bad("no opening campaign".into());
            }
        }
        Ok(())
    }
}

fn parse_spaces(list: &[String]) -> Result<Vec<SpaceDef>, DataError> {
    list.iter()
        .map(|s| SpaceDef::parse(s).map_err(DataError::Invalid))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_parse_and_refuse() {
        assert_eq!(
            SpaceDef::parse("landsea tactical 2"),
            Ok(SpaceDef {
                ty: SpaceType::LandSea,
                effect: Some(Effect::Tactical(2))
            })
        );
        assert_eq!(
            SpaceDef::parse("sea"),
            Ok(SpaceDef {
                ty: SpaceType::Sea,
                effect: None
            })
        );
        for bad in [
            "",
            "air",
            "land tactical",
            "land tactical 0",
            "land production 2",
            "sea spy",
        ] {
            assert!(SpaceDef::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn thresholds() {
        let base = Board::parse_base(crate::ruleset::BASE_BOARD).unwrap();
        let west = base.theatre("west").unwrap().1;
        assert_eq!(base.threshold(west), west.half);
        let nippon = Board::parse_nippon(crate::ruleset::NIPPON_BOARD).unwrap();
        let boston = nippon.theatre("boston").unwrap().1;
        assert_eq!(nippon.threshold(boston), boston.half - 2);
    }
}
