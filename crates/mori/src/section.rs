//! Where each rule comes from: the sections of shared seed 002 (the
//! BLITZKRIEG! rulebook text).  The text has headings but no numbers, so the
//! numbers here are ours, in the order of the text; `docs/mori.md` maps
//! each number to its heading.  Every event and every order error names one.

use serde::{Deserialize, Serialize};

/// A section of 002.  `section()` gives the citation printed in reports and
/// error messages, e.g. `002 §6.1 Place a unit token`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rule {
    /// THE GAME BOARD: theatres, campaigns, the active campaign.
    ActiveCampaign,
    /// THE GAME BOARD: land, sea and land/sea spaces.
    SpaceTypes,
    /// Unit tokens: armies, navies, airforces.
    UnitTypes,
    /// Unit tokens: blitz airforces.
    BlitzAirforce,
    /// Unit tokens: general and admiral.
    GeneralAdmiral,
    /// Special weapons: elite forces.
    Elite,
    /// Special weapons: task forces.
    TaskForce,
    /// Special weapons: blitz forces.
    BlitzForces,
    /// Special weapons: naval and aerial bombing.
    BombingToken,
    /// Special weapons: nuclear bomb.
    Nuclear,
    /// Special weapons: spy.
    Spy,
    /// Special weapons: scientist.
    Scientist,
    /// SETTING UP THE GAME (base game).
    Setup,
    /// PLAYING THE GAME, phase 1: place a unit token.
    Place,
    /// Phase 2: carry out the battle space effect (and the effect list).
    Effect,
    /// Phase 3: move the battle marker.
    MoveMarker,
    /// Closing and winning a campaign.
    CloseCampaign,
    /// Closing a theatre of operations (and the note on other tracks).
    CloseTheatre,
    /// Phase 4: draw a new unit token.
    DrawPhase,
    /// Reserve size.
    Reserve,
    /// WINNING THE WAR: 25 war victory points.
    WarVictory,
    /// WINNING THE WAR: a player unable to place.
    CannotPlace,
    /// Nippon: Godzilla.
    Godzilla,
    /// Nippon: Partisans.
    Partisans,
    /// Nippon: Inspired Leadership.
    InspiredLeadership,
    /// Nippon: setting up.
    NipponSetup,
    /// Nippon: connected campaigns, +1/+2/+3 spaces.
    Connected,
    /// Nippon: closing and winning a campaign.
    NipponClose,
    /// Nippon: winning the war.
    NipponVictory,
    /// Not in 002: the mail protocol that replaces the screen and the bag
    /// (docs/hidden.md).
    Protocol,
}

impl Rule {
    /// The citation, e.g. `002 §6.1 Place a unit token`.
    pub fn section(self) -> &'static str {
        match self {
            Rule::ActiveCampaign => "002 §2.1 Theatres, campaigns, active campaign",
            Rule::SpaceTypes => "002 §2.2 Battle space types",
            Rule::UnitTypes => "002 §3.1 Unit tokens: armies, navies, airforces",
            Rule::BlitzAirforce => "002 §3.2 Unit tokens: blitz airforces",
            Rule::GeneralAdmiral => "002 §3.3 Unit tokens: general and admiral",
            Rule::Elite => "002 §4.1 Special weapons: elite forces",
            Rule::TaskForce => "002 §4.2 Special weapons: task forces",
            Rule::BlitzForces => "002 §4.3 Special weapons: blitz forces",
            Rule::BombingToken => "002 §4.4 Special weapons: naval / aerial bombing",
            Rule::Nuclear => "002 §4.5 Special weapons: nuclear bomb",
            Rule::Spy => "002 §4.6 Special weapons: spy",
            Rule::Scientist => "002 §4.7 Special weapons: scientist",
            Rule::Setup => "002 §5 Setting up the game",
            Rule::Place => "002 §6.1 Place a unit token",
            Rule::Effect => "002 §6.2 Carry out the battle space effect",
            Rule::MoveMarker => "002 §6.3 Move the battle marker",
            Rule::CloseCampaign => "002 §6.4 Closing and winning a campaign",
            Rule::CloseTheatre => "002 §6.5 Closing a theatre of operations",
            Rule::DrawPhase => "002 §6.6 Draw a new unit token",
            Rule::Reserve => "002 §6.7 Reserve size",
            Rule::WarVictory => "002 §7.1 Winning the war: 25 war victory points",
            Rule::CannotPlace => "002 §7.2 Winning the war: a player cannot place",
            Rule::Godzilla => "002 §8.1 Nippon new units: Godzilla",
            Rule::Partisans => "002 §8.2 Nippon new units: Partisans",
            Rule::InspiredLeadership => "002 §8.3 Nippon new units: Inspired Leadership",
            Rule::NipponSetup => "002 §8.4 Nippon: setting up the game",
            Rule::Connected => "002 §8.5 Nippon: theatres, campaigns and battle tracks",
            Rule::NipponClose => "002 §8.6 Nippon: closing and winning a campaign",
            Rule::NipponVictory => "002 §8.7 Nippon: winning the war",
            Rule::Protocol => "mail protocol (docs/hidden.md), not in 002",
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.section())
    }
}
