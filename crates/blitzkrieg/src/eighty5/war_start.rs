//! 37.12-37.13, 38.81: the war-start roll that ends each Cold War season of BLITZKRIEG
//! '85, with the secret die shifts both sides buy for it, and what follows a roll that
//! does not start the war (another season).
//!
//! "War starts on a die roll of 3 or less. Players may secretly choose to modify die,
//! spending no more than thirty points per pre-game turn. For each 10 points spent die
//! may be modified +1 or -1" (38.81). By mail each side first seals its shift, as the
//! purchase lists are sealed (`eighty5::purchase`): the SHA-256 of the shift with a salt
//! only he knows (`pbem::commit::sealed_choice`, tag [`SHIFT_TAG`], bound to the game,
//! the side and the season). After Red's placement (37.112) come four files of the
//! set-up: Blue's commitment, Red's, Blue's reveal, Red's; the last names the seed the
//! die (roll id [`ROLL_ID`], the dice recipe) is drawn from, a seed named after both
//! commitments. The shifts revealed are added to the die; war starts on 3 or less, and
//! the points spent come off the ledger (38.7). Otherwise "return to 37.11" (37.13):
//! another season, read as another 1025 and 1000 points added to the points saved,
//! another secret purchase, placement and roll (`docs/85.md`).

use super::purchase::{accept_commitment, next_owed, reveal_refused, Owed, Refused};
use super::Figures85;
use crate::cite::Rule;
use crate::event::Event;
use crate::orders::{OrderError, Orders, Problem};
use crate::state::{GameState, Phase};
use crate::tables::TableMode;
use crate::units::Side;
use pbem::commit::{opens, sealed_choice, Commitment};
use pbem::dice::Roll;

pub use crate::model::purchase::{RevealedShift, Shifts};

/// The domain tag of a die shift's commitment.
pub const SHIFT_TAG: &str = "blitzkrieg-pbem/war-start-85/v1";

/// The roll id of the war-start die (`docs/dice.md`).
pub const ROLL_ID: &str = "war-start";

/// The set-up files of a Cold War season in each side's phase: Blue's four purchase
/// files and his placement; Red's placement and the four files of the die shifts. A
/// later season's files go on numbering from there (`00-setup-blue.step5` is the
/// second season's first), so no file of the game is named twice.
pub const STEPS_A_SEASON: u32 = 5;

/// The text a shift's commitment is made on.
pub fn canonical(shift: i64) -> String {
    format!("shift={shift}\n")
}

/// The commitment to `side`'s die shift in season `season` (1 the first) of a game.
pub fn commitment(game: &str, side: Side, season: u32, salt: &str, shift: i64) -> Commitment {
    let side = side.to_string();
    let season = season.to_string();
    sealed_choice(
        SHIFT_TAG,
        &[game.as_bytes(), side.as_bytes(), season.as_bytes()],
        salt.as_bytes(),
        canonical(shift).as_bytes(),
    )
}

/// Why a war-start file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShiftProblem {
    /// A reveal that does not open the side's commitment.
    Mismatch { side: Side },
    /// More than 38.81's thirty points.
    BeyondLimit { side: Side, shift: i64, most: u32 },
    /// More points than the side has saved.
    OverBudget { side: Side, spent: u32, budget: u32 },
    /// A reveal while the other side's commitment is still to come.
    TooEarly { side: Side, waiting: Side },
    /// The file holds something else than what is owed.
    Owed { side: Side, owed: Owed },
    /// A commitment that is not 64 hex digits.
    Malformed { given: String },
    /// The last reveal names no seed for the die.
    NoSeed,
}

/// What a side owes, as a player reads it.
fn owed_text(owed: Owed) -> &'static str {
    match owed {
        Owed::Commitment => "the commitment to its war-start die shift ([war_start] commitment)",
        Owed::Reveal => "its war-start die shift and salt ([war_start] salt and shift)",
    }
}

/// 38.81: the points a shift of `shift` costs, or `None` beyond "thirty points".
pub fn cost(figures: &Figures85, shift: i64) -> Option<u32> {
    let points = u32::try_from(shift.unsigned_abs())
        .ok()?
        .checked_mul(figures.war_start.points_per_shift)?;
    (points <= figures.war_start.most_points).then_some(points)
}

impl Shifts {
    /// Who owes what next: Blue's commitment, Red's, Blue's reveal, Red's; `None` once
    /// both shifts are revealed.
    pub fn owes(&self) -> Option<(Side, Owed)> {
        next_owed(&self.committed, &self.revealed)
    }

    /// 38.81: `side` mails its commitment.
    pub fn commit(&mut self, side: Side, given: &str) -> Result<(), ShiftProblem> {
        let c = accept_commitment(self.owes(), side, given).map_err(|r| match r {
            Refused::Owed(owed) => ShiftProblem::Owed { side, owed },
            Refused::Malformed(given) => ShiftProblem::Malformed { given },
        })?;
        self.committed.insert(side, c);
        Ok(())
    }

    /// 38.81: `side` reveals its shift and salt. Refused, each saying whose: before both
    /// commitments are in; a shift that does not open the side's commitment; more than
    /// thirty points; more points than the side has. Accepted: the points it costs.
    pub fn reveal(
        &mut self,
        game: &str,
        season: u32,
        side: Side,
        salt: &str,
        shift: i64,
        points: u32,
    ) -> Result<u32, ShiftProblem> {
        match reveal_refused(&self.committed, self.owes(), side) {
            Some(Err(waiting)) => return Err(ShiftProblem::TooEarly { side, waiting }),
            Some(Ok(owed)) => return Err(ShiftProblem::Owed { side, owed }),
            None => {}
        }
        let sealed = self.committed.get(&side).and_then(|c| c.parse().ok());
        let side_name = side.to_string();
        let season_name = season.to_string();
        let context: [&[u8]; 3] = [
            game.as_bytes(),
            side_name.as_bytes(),
            season_name.as_bytes(),
        ];
        let opened = sealed.is_some_and(|c: Commitment| {
            opens(
                &c,
                SHIFT_TAG,
                &context,
                salt.as_bytes(),
                canonical(shift).as_bytes(),
            )
        });
        if !opened {
            return Err(ShiftProblem::Mismatch { side });
        }
        let figures = Figures85::embedded().ok_or(ShiftProblem::NoSeed)?;
        let Some(spent) = cost(figures, shift) else {
            return Err(ShiftProblem::BeyondLimit {
                side,
                shift,
                most: figures.war_start.most_points,
            });
        };
        if spent > points {
            return Err(ShiftProblem::OverBudget {
                side,
                spent,
                budget: points,
            });
        }
        let shift = i32::try_from(shift).unwrap_or(0);
        self.revealed.insert(
            side,
            RevealedShift {
                salt: salt.to_string(),
                shift,
            },
        );
        Ok(spent)
    }

    /// Every revealed shift re-checked against its commitment: the sides whose shift
    /// does not open it.
    pub fn unopened(&self, game: &str, season: u32) -> Vec<Side> {
        self.revealed
            .iter()
            .filter(|(side, r)| {
                let sealed = self
                    .committed
                    .get(side)
                    .and_then(|c| c.parse::<Commitment>().ok());
                sealed.is_none_or(|c| {
                    c != commitment(game, **side, season, &r.salt, i64::from(r.shift))
                })
            })
            .map(|(side, _)| *side)
            .collect()
    }
}

/// Whether the state waits for a war-start file (a Cold War season after Red's
/// placement, before the roll).
pub fn shifting(state: &GameState) -> bool {
    state
        .purchase
        .as_ref()
        .and_then(|p| p.shifts.as_ref())
        .is_some_and(|s| s.owes().is_some())
}

/// Whether the state's next file rolls the war-start die: Red's reveal of its shift,
/// the last of a Cold War season's files, which names the die's seed.
pub fn rolls_next(state: &GameState) -> bool {
    state
        .purchase
        .as_ref()
        .and_then(|p| p.shifts.as_ref())
        .and_then(Shifts::owes)
        == Some((Side::Red, Owed::Reveal))
}

/// The Cold War season now played, 1 the first.
pub fn season(state: &GameState) -> u32 {
    state.purchase.as_ref().map_or(0, |p| p.season) + 1
}

/// 37.12: after Red's placement in a Cold War season, the war-start roll's files come
/// next, in Red's set-up phase: the state waits for Blue's commitment.
pub fn open(next: &mut GameState) {
    if let Some(p) = next.purchase.as_mut() {
        p.shifts = Some(Shifts::default());
        next.step = STEPS_A_SEASON * p.season + 1;
    }
    next.phase = Phase::SetUp { side: Side::Red };
}

/// 38.81: one war-start file: the commitment or the reveal `side` owes. The next state,
/// its events, and whether the die is to be rolled now (after Red's reveal, on the seed
/// that file names); or every problem, each naming whose file it is.
pub fn shift_file(
    state: &GameState,
    orders: &Orders,
    side: Side,
) -> Result<(GameState, Vec<Event>, bool), Vec<OrderError>> {
    let Some(mut purchase) = state.purchase.clone() else {
        return Err(Vec::new());
    };
    let Some(mut shifts) = purchase.shifts.clone() else {
        return Err(Vec::new());
    };
    let Some((owing, owed)) = shifts.owes() else {
        return Err(Vec::new());
    };
    if owing != side {
        return Err(Vec::new());
    }
    let at = orders
        .war_start
        .as_ref()
        .map(|w| w.span.clone())
        .or(Some(orders.side.span.clone()));
    let err = |p: ShiftProblem| OrderError::new(problem(p), at.clone(), cite!("38.81"));
    let mut errors: Vec<OrderError> = Vec::new();
    let elsewhere = orders.purchase.is_some() || !orders.setup.is_empty();
    let Some(order) = orders.war_start.as_ref().filter(|_| !elsewhere) else {
        errors.push(err(ShiftProblem::Owed { side, owed }));
        return Err(errors);
    };
    let reveals = order.salt.is_some() || order.shift.is_some();
    let season = season(state);
    let mut events = Vec::new();
    match (owed, &order.commitment, reveals) {
        (Owed::Commitment, Some(c), false) => match shifts.commit(side, &c.value) {
            Ok(()) => events.push(note(format!(
                "{side} commits to its war-start die shift: {}",
                c.value
            ))),
            Err(p) => errors.push(err(p)),
        },
        (Owed::Commitment, _, true) => {
            let waiting = Side::BOTH
                .into_iter()
                .find(|s| !shifts.committed.contains_key(s))
                .unwrap_or(side);
            errors.push(err(ShiftProblem::TooEarly { side, waiting }));
        }
        (Owed::Reveal, None, true) => {
            let salt = order.salt.as_ref().map_or("", |s| s.value.as_str());
            let shift = order.shift.as_ref().map_or(0, |s| s.value);
            let points = purchase.points.get(&side).copied().unwrap_or(0);
            match shifts.reveal(&state.game.id, season, side, salt, shift, points) {
                Ok(spent) => {
                    purchase.points.insert(side, points - spent);
                    events.push(note(format!(
                        "{side} reveals its war-start die shift, which opens its commitment: {} for {spent} points; {} points left (38.7)",
                        shift_text(shift),
                        points - spent
                    )));
                }
                Err(p) => errors.push(err(p)),
            }
        }
        _ => errors.push(err(ShiftProblem::Owed { side, owed })),
    }
    let rolls = shifts.owes().is_none();
    if rolls && orders.seed.is_none() {
        errors.push(OrderError::new(
            problem(ShiftProblem::NoSeed),
            Some(orders.game.span.clone()),
            cite!("38.81"),
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    purchase.shifts = Some(shifts);
    let mut next = state.clone();
    next.purchase = Some(purchase);
    next.step = state.step + 1;
    Ok((next, events, rolls))
}

/// "+2", "-1", "0".
fn shift_text(shift: i64) -> String {
    if shift > 0 {
        format!("+{shift}")
    } else {
        shift.to_string()
    }
}

/// 37.12-37.13, 38.81: the war-start roll, once both shifts are revealed: one die from
/// the seed the last reveal named, plus both shifts. On 3 or less the war starts:
/// turn 1, Blue to move (37.3). Otherwise another Cold War season (37.13 "return to
/// 37.11"): each side's season points added to its points saved (38.7), then another
/// purchase by commitment and reveal, placements and roll.
pub fn roll(
    mut next: GameState,
    mut events: Vec<Event>,
    draw: &mut crate::weather::Draw,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let no_roll = |e: String| vec![OrderError::new(Problem::NoRoll(e), None, cite!("38.81"))];
    let (rolled, drawn) = draw(TableMode::Die, ROLL_ID).map_err(no_roll)?;
    let Roll::Die(die) = rolled else {
        return Err(no_roll(format!("{ROLL_ID}: 38.81 rolls a die")));
    };
    let Some(figures) = Figures85::embedded() else {
        return Err(no_roll("the figures of rules/blitzkrieg/85.toml".into()));
    };
    let Some(purchase) = next.purchase.as_mut() else {
        return Err(Vec::new());
    };
    let shifts = purchase.shifts.take().unwrap_or_default();
    let shift_of = |s: Side| shifts.revealed.get(&s).map_or(0, |r| r.shift);
    let total = i32::from(die.value()) + shift_of(Side::Blue) + shift_of(Side::Red);
    let war = total <= figures.war_start.war_on;
    let head = format!(
        "the war-start roll (37.12): {drawn}, Blue's shift {}, Red's {}: {total}; war starts on {} or less",
        shift_text(i64::from(shift_of(Side::Blue))),
        shift_text(i64::from(shift_of(Side::Red))),
        figures.war_start.war_on
    );
    if war {
        events.push(note(format!(
            "{head}: the war starts; the Hot War begins, turn 1, Blue to move (37.12, 37.3)"
        )));
        next.phase = Phase::Turn {
            turn: 1,
            side: Side::Blue,
        };
        next.step = 0;
        return Ok((next, events));
    }
    purchase.season += 1;
    purchase.committed.clear();
    purchase.revealed.clear();
    purchase.to_place.clear();
    for side in Side::BOTH {
        let saved = purchase.points.entry(side).or_default();
        *saved = saved.saturating_add(figures.cold_war.of(side));
    }
    let step = STEPS_A_SEASON * purchase.season;
    events.push(Event::Note {
        text: format!(
            "{head}: no war; another Cold War season (37.13), its points added to the points saved: {}",
            purchase.ledger()
        ),
        rule: Rule::para(para!("37.13")),
    });
    next.phase = Phase::SetUp { side: Side::Blue };
    next.step = step;
    Ok((next, events))
}

/// Who owes which war-start file next, for the report's header.
pub fn next_line(state: &GameState) -> Option<String> {
    let shifts = state.purchase.as_ref()?.shifts.as_ref()?;
    Some(match shifts.owes()? {
        (side, Owed::Commitment) => {
            format!("{side} commits to its war-start die shift (38.81)")
        }
        (side, Owed::Reveal) => format!("{side} reveals its war-start die shift (38.81)"),
    })
}

/// 38.81: what the template of a war-start file says: what the side owes, its points,
/// and what a shift costs.
pub fn template_help(state: &GameState, side: Side) -> Option<String> {
    let p = state.purchase.as_ref()?;
    let (owing, owed) = p.shifts.as_ref()?.owes()?;
    if owing != side {
        return None;
    }
    let season = season(state);
    let what = match owed {
        Owed::Commitment => format!(
            "# First mail only the commitment to your shift. Write the shift (-3 to +3; 10 points\n\
             # each, 30 at most) and a salt in a file of your own, with this header and:\n\
             #   [war_start]\n\
             #   salt = \"SALT\"\n\
             #   shift = -2\n\
             # Its commitment is SHA-256 of the shift with the salt, bound to the game, the side\n\
             # and the season ({season}), as docs/85.md says; keep the file: you reveal it once\n\
             # both commitments are in. Here write:\n\
             # [war_start]\n\
             # commitment = \"64 HEX DIGITS\""
        ),
        Owed::Reveal => {
            let last = side == Side::Red;
            format!(
                "# Both commitments are in: reveal the shift and salt you sealed, exactly:\n\
                 # [war_start]\n\
                 # salt = \"SALT\"\n\
                 # shift = 0{}",
                if last {
                    "\n# Your reveal rolls the die: name its seed in [seed], as a player-turn does."
                } else {
                    ""
                }
            )
        }
    };
    Some(format!(
        "\n# BLITZKRIEG '85, Cold War season {season}: does war start? (37.12, 38.81)\n\
         # One die, war on 3 or less. Each side secretly buys a shift of the die, +1 or -1\n\
         # for each 10 points, 30 points at most; {}.\n{what}\n",
        p.ledger()
    ))
}

fn note(text: String) -> Event {
    Event::Note {
        text,
        rule: Rule::para(para!("38.81")),
    }
}

/// The order problem of a war-start problem.
fn problem(p: ShiftProblem) -> Problem {
    match p {
        ShiftProblem::Mismatch { side } => Problem::ShiftMismatch { side },
        ShiftProblem::BeyondLimit { side, shift, most } => {
            Problem::ShiftBeyondLimit { side, shift, most }
        }
        ShiftProblem::OverBudget {
            side,
            spent,
            budget,
        } => Problem::ShiftOverBudget {
            side,
            spent,
            budget,
        },
        ShiftProblem::TooEarly { side, waiting } => Problem::ShiftTooEarly { side, waiting },
        ShiftProblem::Owed { side, owed } => Problem::ShiftOwed {
            side,
            owed: owed_text(owed).to_string(),
        },
        ShiftProblem::Malformed { given } => Problem::PurchaseCommitmentMalformed(given),
        ShiftProblem::NoSeed => Problem::WarStartNoSeed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn committed(blue: i64, red: i64) -> Shifts {
        let mut s = Shifts::default();
        s.commit(
            Side::Blue,
            &commitment("g", Side::Blue, 1, "b-salt", blue).to_string(),
        )
        .unwrap();
        s.commit(
            Side::Red,
            &commitment("g", Side::Red, 1, "r-salt", red).to_string(),
        )
        .unwrap();
        s
    }

    /// 38.81: 10 points a step of the die, thirty at most.
    #[test]
    fn a_shift_costs_ten_points_a_step_thirty_at_most_38_81() {
        let f = Figures85::embedded().unwrap();
        assert_eq!(cost(f, 0), Some(0));
        assert_eq!(cost(f, -3), Some(30));
        assert_eq!(cost(f, 2), Some(20));
        assert_eq!(cost(f, 4), None);
        assert_eq!(cost(f, i64::MIN), None);
    }

    /// 38.81: commit, commit, reveal, reveal; a doctored reveal names its side, a shift
    /// beyond thirty points and one over the points saved are refused.
    #[test]
    fn shifts_are_sealed_then_revealed_38_81() {
        let mut s = committed(-2, 3);
        let before = s.clone();
        assert_eq!(
            s.reveal("g", 1, Side::Blue, "b-salt", -1, 500),
            Err(ShiftProblem::Mismatch { side: Side::Blue })
        );
        // The same shift sealed for another season does not open this one's.
        assert_eq!(
            s.reveal("g", 2, Side::Blue, "b-salt", -2, 500),
            Err(ShiftProblem::Mismatch { side: Side::Blue })
        );
        assert_eq!(
            s.reveal("g", 1, Side::Blue, "b-salt", -2, 15),
            Err(ShiftProblem::OverBudget {
                side: Side::Blue,
                spent: 20,
                budget: 15
            })
        );
        assert_eq!(s, before);
        assert_eq!(s.reveal("g", 1, Side::Blue, "b-salt", -2, 500), Ok(20));
        assert_eq!(s.reveal("g", 1, Side::Red, "r-salt", 3, 500), Ok(30));
        assert!(s.owes().is_none());
        assert!(s.unopened("g", 1).is_empty());
        let mut far = Shifts::default();
        for (side, salt) in [(Side::Blue, "b"), (Side::Red, "r")] {
            far.commit(side, &commitment("g", side, 1, salt, 4).to_string())
                .unwrap();
        }
        assert_eq!(
            far.reveal("g", 1, Side::Blue, "b", 4, 500),
            Err(ShiftProblem::BeyondLimit {
                side: Side::Blue,
                shift: 4,
                most: 30
            })
        );
    }

    /// A reveal before both commitments is refused, naming the side awaited.
    #[test]
    fn a_shift_revealed_before_both_commitments_is_refused() {
        let mut s = Shifts::default();
        s.commit(
            Side::Blue,
            &commitment("g", Side::Blue, 1, "b", 0).to_string(),
        )
        .unwrap();
        assert_eq!(
            s.reveal("g", 1, Side::Blue, "b", 0, 100),
            Err(ShiftProblem::TooEarly {
                side: Side::Blue,
                waiting: Side::Red
            })
        );
    }
}
