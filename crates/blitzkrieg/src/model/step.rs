//! The steps of a player-turn and the stops a game may choose, as the state keeps them
//! while a player-turn waits (`TurnInProgress::at`, the game's options). The sequence a
//! ruleset plays them in, and what a stop asks, are `sequence.rs`'s.

use serde::{Deserialize, Serialize};

/// A step of the sequence of play. The 1975 rulebook's player-turn (4.2-4.5), the
/// Tournament Game's additions (24-30), and the PBEM sequences of 000 and 003 where
/// they put a phase elsewhere (decisions owed first, the defender asked mid-turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Step {
    /// 3.3-3.4: a side places its turn-1 units (a phase before turn 1).
    SetUp,
    /// PBEM sequence of 000 and 003: "complete losses, retreats, and advances from
    /// prior player-turn" (pending-decision games).
    OwedDecisions,
    /// 23.1-23.2 with 29.7: supply traced at the start of the player-turn (optional
    /// rule 23, the Tournament Game).
    Supply,
    /// 4.2, 6: breakdowns and recombinations (26), replacements (28) and the
    /// reinforcements placed.
    Reinforcements,
    /// 4.2, 7-11: ground movement, with sea movement (19), invasions (20), automatic
    /// victories (21), strategic movement (22) and air transport (9); in a game of
    /// BLITZKRIEG '85 that plays 37.33's order, the ground movement alone (37.34), after
    /// [`Step::AirMovement`].
    Movement,
    /// 30.3-30.4: the air missions flown (Tournament Game).
    AirMissions,
    /// 4.3, 12-14: the battles declared and checked, with the barrages (25) and the
    /// strategic bombings (30.42) written, and the 14.9 removals.
    Announcement,
    /// After all movement and the announcement of battles, barrages and air missions,
    /// before any odds are worked out or any die is rolled: the other player answers
    /// (the fighters of 32.3 and 003's PBEM sequence; the weather of 34). Played only
    /// in a game that chose [`Stop::BeforeOdds`].
    BeforeOdds,
    /// 25.2, 30.42: the barrages without `after` and the strategic bombings, on the
    /// BBT before the first battle (Tournament Game).
    Barrages,
    /// 4.4, 15: the battles in the order written, each with the barrages that follow
    /// it (003 25.3). Under `pending-consult = ask` it stops after a battle whose owed
    /// decisions can affect one still to be fought.
    Battles,
    /// PBEM sequence: in the game's last player-turn the decisions still owed are
    /// asked before victory is judged.
    FinalDecisions,
    /// 21.3, 20.35, 30.5: the automatic victories' advances, invading units ashore,
    /// aircraft landing.
    AfterCombat,
    /// 4.5, 5, 16, 29, 6.2: guerrillas, cities, victory, the next phase and the
    /// reinforcements due to the next player.
    EndOfPlayerTurn,
    // 34 (weather)
    /// 34 with the PBEM sequences of 000 and 003 ("determine weather (Blue only)"): the
    /// weather of the complete-turn, first in Blue's player-turn and holding through
    /// Red's. Its die is drawn when the preceding player-turn is resolved (reading
    /// `weather-seed-34`), so that Blue writes knowing it.
    Weather,
    // 35 (optional rule)
    /// 35.1 with 003 35.1: the naval points and state of every sea zone marked at the
    /// start of the player-turn, before supply (Tournament optional rule 35).
    NavalAscendancy,
    // 36: critical resources.
    /// 36.1: the cities of each critical resource each side has the use of,
    /// determined after the decisions owed and before supply (000's and 003's PBEM
    /// sequences), and what the shortages forbid this player-turn (optional rule 36).
    CriticalResources,
    // 37-41: BLITZKRIEG '85.
    /// 37.21: the pre-game purchase, before the set-up: Blue's commitment, Red's,
    /// Blue's reveal, Red's, each a file of its own (steps 0-3 of Blue's set-up), the
    /// state naming who owes the next (`eighty5::purchase::Purchase::owes`).
    Purchase,
    /// 37.12, 38.81: a Cold War season's war-start roll, after Red's placement: Blue's
    /// commitment to its die shift, Red's, Blue's reveal, Red's (which names the seed
    /// of the die), each a file of Red's set-up phase (`eighty5::war_start`).
    WarStart,
    // 37.32-37.33: BLITZKRIEG '85's movement steps before the ground movement.
    /// 37.32: "move all naval units", before the air and ground movement. No naval
    /// unit is on the board until the naval rules (42-45) are built: an order placing
    /// or moving a naval counter is refused (B417), the step's only content today.
    NavalMovement,
    /// 37.33: "move all air and airborne units", before the ground movement: air
    /// transport and airdrops (50.5-50.6), air supply (50.7) and the air missions
    /// (30.4-30.7), the changes of base landing at once, all on the position before
    /// any ground unit moves. Helicopters move as ground units (46.1), in
    /// [`Step::Movement`].
    AirMovement,
}

impl Step {
    /// The step a stopped player-turn resumes in when its state names none: the
    /// battles, the only stop before steps were written (a state of today's layout).
    pub fn battles() -> Step {
        Step::Battles
    }

    /// Whether the state's `at` is left out of the file (see [`Step::battles`]).
    pub fn is_battles(&self) -> bool {
        *self == Step::Battles
    }

    /// Whether a player-turn may stop in this step for the other player's answer.
    pub fn may_stop(self) -> bool {
        match self {
            Step::BeforeOdds | Step::Battles | Step::FinalDecisions | Step::AfterCombat => true,
            Step::SetUp
            | Step::OwedDecisions
            | Step::Supply
            | Step::Reinforcements
            | Step::Movement
            | Step::AirMissions
            | Step::Announcement
            | Step::Barrages
            | Step::EndOfPlayerTurn
            | Step::Weather
            | Step::NavalAscendancy
            | Step::CriticalResources
            | Step::Purchase
            | Step::WarStart
            | Step::NavalMovement
            | Step::AirMovement => false,
        }
    }

    /// The rule the step carries out, for a player to look up.
    pub fn rule(self) -> &'static str {
        match self {
            Step::SetUp => "3.3-3.4",
            Step::OwedDecisions => "PBEM",
            Step::Supply => "23.1",
            Step::Reinforcements => "6",
            Step::Movement => "4.2",
            Step::AirMissions => "30.3",
            Step::Announcement => "4.3",
            Step::BeforeOdds => "003 PBEM",
            Step::Barrages => "25.2",
            Step::Battles => "15",
            Step::FinalDecisions => "PBEM",
            Step::AfterCombat => "21.3",
            Step::EndOfPlayerTurn => "4.5",
            Step::Weather => "34",
            Step::NavalAscendancy => "35.1",
            Step::CriticalResources => "36.1",
            Step::Purchase => "37.21",
            Step::WarStart => "38.81",
            Step::NavalMovement => "37.32",
            Step::AirMovement => "37.33",
        }
    }
}

/// A stop a game may choose that the rules do not make by themselves: stored in the
/// game's options only when chosen, so a game without one keeps its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Stop {
    /// [`Step::BeforeOdds`]: the player-turn stops after the announcement of its
    /// battles, barrages and air missions; the other player's file resumes it and
    /// names the seed every later roll is drawn from.
    BeforeOdds,
}
