//! What happened in a turn, as typed events.  Each carries the section of
//! 002 it applies; the report is written from events alone.

use serde::{Deserialize, Serialize};

use crate::board::Effect;
use crate::ruleset::Side;
use crate::section::Rule;

/// Where a research token went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pile {
    Bag,
    Reserve,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The game was set up: markers on the middle, three tokens drawn each.
    SetUp { first: Side, rule: Rule },
    /// Each player drew his opening reserve, hidden.
    OpeningDraw { side: Side, count: u32, rule: Rule },
    /// A Nippon campaign opened.
    Opened {
        theatre: String,
        marker: i32,
        by: Option<Side>,
        rule: Rule,
    },
    /// A turn began.
    TurnBegan { turn: u32, side: Side, rule: Rule },
    /// A token was placed.
    Placed {
        side: Side,
        token: String,
        acts_as: Option<String>,
        theatre: String,
        campaign: usize,
        space: usize,
        rule: Rule,
    },
    /// A battle space effect was carried out (or ignored).
    EffectCarried {
        side: Side,
        effect: Effect,
        theatre: String,
        rule: Rule,
    },
    /// A task force ignored the space's effect.
    EffectIgnored {
        side: Side,
        effect: Effect,
        rule: Rule,
    },
    /// Hidden draws from a bag into a reserve; which tokens only the drawer
    /// learns.
    Drew { side: Side, count: u32, rule: Rule },
    /// Nothing to draw: the bag is empty.
    BagEmpty { side: Side, rule: Rule },
    /// A bombing discard owed by the victim's tool.
    Bombed {
        bomber: Side,
        victim: Side,
        rule: Rule,
    },
    /// Nothing to bomb: the reserve is empty.
    ReserveEmpty { victim: Side, rule: Rule },
    /// A research token drawn (public by design, docs/hidden.md).
    Researched {
        side: Side,
        token: String,
        into: Pile,
        rule: Rule,
    },
    /// The research pile is empty.
    ResearchEmpty { side: Side, rule: Rule },
    /// A battle marker moved.
    MarkerMoved {
        theatre: String,
        toward: Side,
        by: i32,
        from: i32,
        to: i32,
        /// Stopped short of the end (strategic advantage, another track).
        stopped: bool,
        rule: Rule,
    },
    /// No theatre to receive a strategic advantage.
    NoTarget { side: Side, rule: Rule },
    /// War victory points.
    Scored {
        side: Side,
        points: u32,
        total: u32,
        why: String,
        rule: Rule,
    },
    /// A campaign closed.
    CampaignClosed {
        theatre: String,
        campaign: usize,
        winners: Vec<Side>,
        rule: Rule,
    },
    /// A theatre closed.
    TheatreClosed {
        theatre: String,
        winner: Option<Side>,
        rule: Rule,
    },
    /// The draw phase.
    DrawPhase { side: Side, rule: Rule },
    /// The first player reached 25: the second has a final turn.
    FinalTurn { side: Side, rule: Rule },
    /// A player conceded that he cannot place.
    Conceded { side: Side, rule: Rule },
    /// The war is over.
    GameOver {
        winner: Side,
        reason: String,
        rule: Rule,
    },
}

impl Event {
    /// The 002 section the event applies.
    pub fn rule(&self) -> Rule {
        match self {
            Event::SetUp { rule, .. }
            | Event::OpeningDraw { rule, .. }
            | Event::Opened { rule, .. }
            | Event::TurnBegan { rule, .. }
            | Event::Placed { rule, .. }
            | Event::EffectCarried { rule, .. }
            | Event::EffectIgnored { rule, .. }
            | Event::Drew { rule, .. }
            | Event::BagEmpty { rule, .. }
            | Event::Bombed { rule, .. }
            | Event::ReserveEmpty { rule, .. }
            | Event::Researched { rule, .. }
            | Event::ResearchEmpty { rule, .. }
            | Event::MarkerMoved { rule, .. }
            | Event::NoTarget { rule, .. }
            | Event::Scored { rule, .. }
            | Event::CampaignClosed { rule, .. }
            | Event::TheatreClosed { rule, .. }
            | Event::DrawPhase { rule, .. }
            | Event::FinalTurn { rule, .. }
            | Event::Conceded { rule, .. }
            | Event::GameOver { rule, .. } => *rule,
        }
    }
}
