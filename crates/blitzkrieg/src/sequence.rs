//! The order of play as a value: the [`Step`]s of a player-turn, the [`Sequence`] a
//! game's [`Ruleset`] plays them in, the stops where a player-turn waits for the other
//! player ([`Stop`]), and what a stopped player-turn asks of him ([`Ask`]).
//!
//! The engine walks the sequence: it asks it whether a step is played and whether the
//! player-turn stops there, and a stopped player-turn is carried in the state as a
//! [`crate::state::TurnInProgress`] whose `at` names the step it resumes in. An
//! optional rule adds or replaces its steps in [`Sequence::of`] alone
//! (`docs/design.md`, "The order of play").

pub use crate::model::step::{Step, Stop};
use crate::orders::Orders;
use crate::ruleset::{OptionalRule, PendingConsult, Ruleset};
use crate::state::{GameState, Phase};
use crate::units::Side;

/// The steps of a player-turn in the order a game plays them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    steps: Vec<Step>,
    /// `pending-consult = ask`: the battles stop for decisions that can affect a
    /// battle still to be fought.
    asks_in_battles: bool,
}

impl Sequence {
    /// The player-turn of a game's rule set: the Basic Game's 4.2-4.5 with the PBEM
    /// steps, the Tournament Game's supply, air missions and barrages, and the stops
    /// the game chose. Every rule that adds a step adds it here.
    pub fn of(ruleset: &Ruleset) -> Sequence {
        let mut steps = vec![Step::OwedDecisions];
        // 34: the weather phase, before critical resources, naval ascendancy and supply.
        if ruleset.plays(OptionalRule::Weather) {
            steps.push(Step::Weather);
        }
        // 36: after the weather (34), before naval ascendancy (35) and supply.
        if ruleset.plays(OptionalRule::CriticalResources) {
            steps.push(Step::CriticalResources);
        }
        // 35: marked before supply (003 35.1).
        if ruleset.plays(OptionalRule::NavalAscendancy) {
            steps.push(Step::NavalAscendancy);
        }
        if ruleset.combat_supply() {
            steps.push(Step::Supply);
        }
        steps.push(Step::Reinforcements);
        // 37.32-37.34: in '85 the naval, then the air and airborne movement (the air
        // missions among it), then the ground movement; a game of '85 made before plays
        // the Tournament Game's order.
        let eighty5 = ruleset.plays85(crate::ruleset::AIR_MOVEMENT_37_33);
        if eighty5 {
            steps.extend([Step::NavalMovement, Step::AirMovement]);
        }
        steps.push(Step::Movement);
        if ruleset.tournament() && !eighty5 {
            steps.push(Step::AirMissions);
        }
        steps.push(Step::Announcement);
        // 32.3: the defender's interceptions are answered there (optional rule 32),
        // unless his standing interception orders meet the flights instead.
        let exchange = ruleset.plays(OptionalRule::AirCombat) && ruleset.interception.is_exchange();
        if ruleset.stops.contains(&Stop::BeforeOdds) || exchange {
            steps.push(Step::BeforeOdds);
        }
        if ruleset.tournament() {
            steps.push(Step::Barrages);
        }
        steps.push(Step::Battles);
        // A game of format 1 was played before the final step existed.
        if !ruleset.format_one {
            steps.push(Step::FinalDecisions);
        }
        steps.extend([Step::AfterCombat, Step::EndOfPlayerTurn]);
        Sequence {
            steps,
            asks_in_battles: ruleset.pending_consult() == PendingConsult::Ask,
        }
    }

    /// The phase before turn 1 of a game's rule set: the set-up (3.3-3.4), after the
    /// pre-game purchase in a game of BLITZKRIEG '85 (37.21, then 37.211-37.212); in a
    /// game of '85 that starts in Cold War (38.8), each season's set-up ends with the
    /// war-start roll (37.12, 38.81), the seasons repeated until war starts (37.13).
    pub fn before_turn_one(ruleset: &Ruleset, cold_war: bool) -> Vec<Step> {
        match ruleset.rules {
            crate::state::RuleSet::Eighty5 if cold_war => {
                vec![Step::Purchase, Step::SetUp, Step::WarStart]
            }
            crate::state::RuleSet::Eighty5 => vec![Step::Purchase, Step::SetUp],
            _ => vec![Step::SetUp],
        }
    }

    /// The steps in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Whether the game plays `step`.
    pub fn plays(&self, step: Step) -> bool {
        self.steps.contains(&step)
    }

    /// Whether the battles stop for owed decisions that can affect a battle still to
    /// be fought, and after them for a retreat that may open a beach (20.35), in a
    /// pending-decision game (`pending-consult = ask`).
    pub fn asks_in_battles(&self) -> bool {
        self.asks_in_battles
    }
}

/// What a stopped player-turn asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// The decisions owed from battles of this player-turn (`pending-consult = ask`,
    /// 20.35), carried out before the rest.
    Decisions,
    /// The decisions still owed in the game's last player-turn, before victory is
    /// judged.
    FinalDecisions,
    /// The answer before odds ([`Step::BeforeOdds`]).
    BeforeOdds,
}

/// A section of an order file, as an [`Ask`] lists those its answer may hold. The
/// header and `[seed]` are always allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Decision,
    Standing,
    Placement,
    Air,
    AirSupply,
    BeachSupply,
    Move,
    Av,
    Sea,
    Attack,
    Breakdown,
    Recombine,
    Mission,
    Minor,
    Replace,
    Lake,
    Barrage,
    // 32: air combat (optional rule).
    Intercept,
    /// 32.3: `[[standing_intercept]]`, in the side's own player-turn only.
    StandingIntercept,
    // 37-41: BLITZKRIEG '85.
    Purchase,
    /// 32.3, 32.6: `[[strafe]]`, in the answer before odds.
    Strafe,
    /// 38.81: `[war_start]`, a Cold War season's die shift.
    WarStart,
    /// 32.3, 003 32.3: `[[wait_out]]`, in the answer before odds.
    WaitOut,
    // 49: BLITZKRIEG '85's airfields.
    Airfield,
    DestroyAirfield,
    // 52.6: a player's own damage (BLITZKRIEG '85).
    Demolish,
    KeepDamage,
}

impl Section {
    /// How a player writes the section.
    pub fn written(self) -> &'static str {
        match self {
            Section::Decision => "[[decision]]",
            Section::Standing => "[standing]",
            Section::Placement => "placements",
            Section::Air => "[[air]]",
            Section::AirSupply => "[[air_supply]]",
            Section::BeachSupply => "[[beach_supply]]",
            Section::Move => "[[move]]",
            Section::Av => "[[av]]",
            Section::Sea => "[[sea]]",
            Section::Attack => "[[attack]]",
            Section::Breakdown => "[[breakdown]]",
            Section::Recombine => "[[recombine]]",
            Section::Mission => "[[mission]]",
            Section::Minor => "[[minor]]",
            Section::Replace => "[[replace]]",
            Section::Lake => "[[lake]]",
            Section::Barrage => "[[barrage]]",
            Section::Intercept => "[[intercept]]",
            Section::StandingIntercept => "[[standing_intercept]]",
            Section::Purchase => "[purchase]",
            Section::Strafe => "[[strafe]]",
            Section::WarStart => "[war_start]",
            Section::WaitOut => "[[wait_out]]",
            Section::Airfield => "[[airfield]]",
            Section::DestroyAirfield => "[[destroy_airfield]]",
            Section::Demolish => "[[demolish]]",
            Section::KeepDamage => "[[keep_damage]]",
        }
    }
}

/// What a stop asks of the other player: of which side, what, which order sections
/// the answer may hold, and whether it names a new seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The side whose order file answers.
    pub of: Side,
    pub what: Asked,
    /// The sections the answer may hold besides its header and `[seed]`.
    pub sections: &'static [Section],
    /// Whether rolls are still to come, drawn from a new seed the answer names.
    pub new_seed: bool,
}

impl Ask {
    /// What the state's stopped player-turn asks (`None` when none is stopped).
    pub fn of(ruleset: &Ruleset, state: &GameState) -> Option<Ask> {
        let (Phase::Turn { turn, side }, Some(t)) = (&state.phase, &state.resume) else {
            return None;
        };
        // 34: the last step of a player-turn whose seed rolls the weather names one too.
        // 51.1: and so does the game's last player-turn in BLITZKRIEG '85.
        let new_seed = state.battles_waiting()
            || crate::weather::rolls_after(ruleset, state)
            || crate::victory::rolls_die(ruleset, state);
        let what = match t.at {
            Step::BeforeOdds => Asked::BeforeOdds,
            _ if !new_seed
                && ruleset.ends_after(state.game.options.last_turn, *turn, *side)
                && !state.pending.is_empty()
                && t.deferred.is_empty() =>
            {
                Asked::FinalDecisions
            }
            _ => Asked::Decisions,
        };
        let sections: &'static [Section] = match what {
            Asked::Decisions | Asked::FinalDecisions => &[Section::Decision],
            // 32.3: the defender's interceptions (optional rule 32); without it the
            // answer names the seed and nothing else.
            Asked::BeforeOdds if ruleset.plays(OptionalRule::AirCombat) => {
                &[Section::Intercept, Section::Strafe, Section::WaitOut]
            }
            Asked::BeforeOdds => &[],
        };
        Some(Ask {
            of: t.asks,
            what,
            sections,
            new_seed,
        })
    }

    /// Whether the answer may hold `section`.
    pub fn allows(&self, section: Section) -> bool {
        self.sections.contains(&section)
    }

    /// The sections the answer may hold, as a player writes them: "[[decision]] and
    /// [seed]".
    pub fn holds(&self) -> String {
        let mut names: Vec<&str> = self.sections.iter().map(|s| s.written()).collect();
        names.push("[seed]");
        names.join(" and ")
    }

    /// The sections of `orders` the answer may not hold, each with where it is
    /// written. Every section of an order file is named here, so that a new one
    /// cannot be left out.
    pub fn refused(&self, orders: &Orders) -> Vec<(Section, std::ops::Range<usize>)> {
        use crate::orders::Replacement;
        let Orders {
            game: _,
            side: _,
            turn: _,
            state: _,
            seed: _,
            decisions,
            standing,
            setup,
            setup_at_sea,
            place,
            air,
            air_supply,
            air_supply85,
            beach_supply,
            moves,
            avs,
            sea,
            attacks,
            breakdowns,
            recombines,
            missions,
            barrages,
            minors,
            replace,
            lake,
            intercepts,
            standing_intercepts,
            purchase,
            strafes,
            // 32.3: checked on its own (`air_combat::no_answer::check`): it is the
            // mover's, never part of an answer.
            answer: _,
            war_start,
            wait_outs,
            airfields,
            destroy_airfields,
            demolish,
            keep_damage,
        } = orders;
        let mut out = Vec::new();
        let mut at = |s: Section, span: &std::ops::Range<usize>| out.push((s, span.clone()));
        for d in decisions {
            at(Section::Decision, &d.battle.span);
        }
        if let Some(s) = standing {
            at(Section::Standing, &s.span);
        }
        for p in setup.iter().chain(place) {
            if let Some(u) = p.units.first() {
                at(Section::Placement, &u.span);
            }
        }
        for p in setup_at_sea {
            at(Section::Placement, &p.zone.span);
        }
        for a in air {
            if let Some(u) = a.units.first() {
                at(Section::Air, &u.span);
            }
        }
        for u in air_supply {
            at(Section::AirSupply, &u.span);
        }
        for a in air_supply85 {
            at(Section::AirSupply, &a.aircraft.span);
        }
        for u in beach_supply {
            at(Section::BeachSupply, &u.span);
        }
        for m in moves {
            if let Some(u) = m.units.first() {
                at(Section::Move, &u.span);
            }
        }
        for a in avs {
            at(Section::Av, &a.hex.span);
        }
        for o in sea {
            at(Section::Sea, &o.span);
        }
        for a in attacks {
            at(Section::Attack, &a.id.span);
        }
        for b in breakdowns {
            at(Section::Breakdown, &b.unit.span);
        }
        for r in recombines {
            at(Section::Recombine, &r.span);
        }
        for m in missions {
            at(Section::Mission, &m.kind.span);
        }
        for m in minors {
            at(Section::Minor, &m.country.span);
        }
        for r in replace {
            let span = match r {
                Replacement::Unit { unit, .. } => &unit.span,
                Replacement::AirTransport(city) => &city.span,
            };
            at(Section::Replace, span);
        }
        for l in lake {
            let span = l.units.first().map_or(&l.invade.span, |u| &u.span);
            at(Section::Lake, span);
        }
        for b in barrages {
            at(Section::Barrage, &b.id.span);
        }
        for i in intercepts {
            at(Section::Intercept, &i.hex.span);
        }
        // 32.3: standing interception orders go in the side's own player-turn.
        for i in standing_intercepts {
            at(Section::StandingIntercept, &i.span);
        }
        // 32.3, 32.6: the defender's strafing.
        for i in strafes {
            at(Section::Strafe, &i.hex.span);
        }
        // 37.21: the purchase is made in the set-up, never in a later step.
        if let Some(p) = purchase {
            at(Section::Purchase, &p.span);
        }
        // 38.81: the war-start roll's files are the set-up's, never a later step's.
        if let Some(w) = war_start {
            at(Section::WarStart, &w.span);
        }
        // 32.3, 003 32.3: the wait-out.
        for w in wait_outs {
            at(Section::WaitOut, &w.hex.span);
        }
        // 49.1, 49.4: airfields are built and destroyed in the mover's own orders.
        for u in airfields {
            at(Section::Airfield, &u.span);
        }
        for h in destroy_airfields {
            at(Section::DestroyAirfield, &h.span);
        }
        // 52.6: a player's own damage is his own player-turn's.
        for d in demolish {
            at(Section::Demolish, &d.hex.span);
        }
        for k in keep_damage {
            at(Section::KeepDamage, &k.hex.span);
        }
        out.retain(|(s, _)| !self.allows(*s));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::RuleBook;
    use std::collections::BTreeSet;

    /// 4.2-4.5: the Basic Game's player-turn, movement before the battles, the end
    /// last; no stop before odds unless chosen.
    #[test]
    fn the_basic_game_plays_movement_then_battles_then_the_end() {
        let book = RuleBook::embedded().unwrap();
        let mut ruleset = Ruleset::basic(&book);
        let s = Sequence::of(&ruleset);
        assert_eq!(
            s.steps(),
            [
                Step::OwedDecisions,
                Step::Reinforcements,
                Step::Movement,
                Step::Announcement,
                Step::Battles,
                Step::FinalDecisions,
                Step::AfterCombat,
                Step::EndOfPlayerTurn
            ]
        );
        assert!(!s.plays(Step::BeforeOdds));
        ruleset.stops.insert(Stop::BeforeOdds);
        let s = Sequence::of(&ruleset);
        let at = |step| s.steps().iter().position(|x| *x == step);
        assert_eq!(at(Step::BeforeOdds), at(Step::Announcement).map(|i| i + 1));
        assert_eq!(at(Step::Battles), at(Step::BeforeOdds).map(|i| i + 1));
        assert!(s.steps().iter().all(|x| *x != Step::SetUp));
        assert!(s
            .steps()
            .iter()
            .filter(|x| x.may_stop())
            .all(|x| at(*x) > at(Step::Announcement)));
    }

    /// 34 with the PBEM sequences: "determine weather" comes right after the decisions
    /// owed from the last player-turn, before supply; a game without rule 34 has no
    /// such step.
    #[test]
    fn the_weather_step_comes_after_owed_decisions_and_before_supply_34() {
        let book = RuleBook::embedded().unwrap();
        let mut ruleset = Ruleset::basic(&book);
        ruleset.rules = crate::state::RuleSet::Tournament;
        ruleset.optional = Ruleset::optional_in_force(ruleset.rules, &[23].into());
        assert!(!Sequence::of(&ruleset).plays(Step::Weather));
        ruleset.optional = Ruleset::optional_in_force(ruleset.rules, &[23, 34].into());
        let s = Sequence::of(&ruleset);
        assert_eq!(
            s.steps()[..3],
            [Step::OwedDecisions, Step::Weather, Step::Supply]
        );
    }

    /// 000's and 003's PBEM sequences: the weather (34), then critical resources (36),
    /// then naval ascendancy (35), all after the decisions owed and before supply.
    #[test]
    fn weather_resources_and_ascendancy_come_in_the_pbem_sequence_s_order_34_35_36() {
        let book = RuleBook::embedded().unwrap();
        let mut ruleset = Ruleset::basic(&book);
        ruleset.rules = crate::state::RuleSet::Tournament;
        ruleset.optional = Ruleset::optional_in_force(ruleset.rules, &[23, 34, 35, 36].into());
        let s = Sequence::of(&ruleset);
        assert_eq!(
            s.steps()[..5],
            [
                Step::OwedDecisions,
                Step::Weather,
                Step::CriticalResources,
                Step::NavalAscendancy,
                Step::Supply
            ]
        );
    }

    /// 37.3, 37.32-37.34: a game of '85 moves its naval units, then its air and
    /// airborne units (the air missions among them), then its ground units, before the
    /// announcement of combat; a Tournament Game, and a game of '85 made before 37.33's
    /// order was built, flies its air missions after the one movement step.
    #[test]
    fn a_game_of_85_moves_naval_then_air_then_ground_37_32_37_34() {
        let book = RuleBook::embedded().unwrap();
        let mut ruleset = Ruleset::basic(&book);
        ruleset.rules = crate::state::RuleSet::Eighty5;
        ruleset.optional = Ruleset::optional_in_force(ruleset.rules, &BTreeSet::new());
        let before = Sequence::of(&ruleset);
        ruleset.rules85 = Ruleset::recorded85(ruleset.rules);
        let s = Sequence::of(&ruleset);
        let at = |s: &Sequence, step| s.steps().iter().position(|x| *x == step);
        assert_eq!(
            s.steps()[at(&s, Step::Reinforcements).unwrap()..][..5],
            [
                Step::Reinforcements,
                Step::NavalMovement,
                Step::AirMovement,
                Step::Movement,
                Step::Announcement
            ]
        );
        assert!(!s.plays(Step::AirMissions));
        assert_eq!(
            (Step::NavalMovement.rule(), Step::AirMovement.rule()),
            ("37.32", "37.33")
        );
        // Made before: the Tournament Game's order, air missions after the movement.
        assert!(!before.plays(Step::AirMovement) && !before.plays(Step::NavalMovement));
        assert_eq!(
            at(&before, Step::AirMissions),
            at(&before, Step::Movement).map(|i| i + 1)
        );
        ruleset.rules = crate::state::RuleSet::Tournament;
        assert!(!Sequence::of(&ruleset).plays(Step::AirMovement));
    }

    /// 37.21, 37.211: a game of '85 buys its forces before it sets up; other games
    /// set up at once.
    #[test]
    fn a_game_of_85_purchases_before_its_set_up_37_21() {
        let book = RuleBook::embedded().unwrap();
        let mut ruleset = Ruleset::basic(&book);
        assert_eq!(Sequence::before_turn_one(&ruleset, false), [Step::SetUp]);
        ruleset.rules = crate::state::RuleSet::Eighty5;
        assert_eq!(
            Sequence::before_turn_one(&ruleset, false),
            [Step::Purchase, Step::SetUp]
        );
        // 37.12, 38.81: a Cold War season ends with the war-start roll.
        assert_eq!(
            Sequence::before_turn_one(&ruleset, true),
            [Step::Purchase, Step::SetUp, Step::WarStart]
        );
        assert!(!Step::Purchase.may_stop());
    }
}
