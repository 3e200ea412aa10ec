//! The pure engine: `adjudicate(rules, state, orders, turn input)` returns the next state
//! and the events of the player-turn, or every order error. No clock, no randomness,
//! no I/O: every roll comes from the published seed through [`TurnDice`].
//!
//! The sequence of a player-turn (4.2-4.5): reinforcements and movement (6-11), battle
//! declaration checks (12-14), 14.9 removals, battles in the order written (15), then
//! the end of the player-turn: cities (5), victory (16), the next phase, and the
//! reinforcements due to the next player (6.2).

use crate::air;
use crate::ascendancy;
use crate::automatic;
use crate::automatic::AvPath;
use crate::cite::{Ref, Rule};
use crate::combat::{self, BattleSetup, Outcome, Resolved};
use crate::control;
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::Pools;
use crate::minor;
use crate::minor::position_of;
use crate::model::flight::{Interception, Return};
use crate::movement::{self, strategic, MoveContext};
use crate::odds;
use crate::orders::{Attack, AvAdvance, Barrage, Located, OrderError, Orders, Problem};
use crate::position::Position;
use crate::replacements;
use crate::rules::Rules;
use crate::sequence::{Ask, Asked, Section, Sequence, Step};
use crate::state::{
    DecisionMode, GameState, Pending, Phase, Place, SeedSource, StandingOrders, TableChoice,
    TurnInProgress, WaitingBarrage, WaitingBattle,
};
use crate::substitutes;
use crate::supply;
use crate::tables::{CombatTables, TableMode};
use crate::units::{Counter, Side, UnitId};
use crate::victory;
use pbem::dice::Roll;
use pbem::seed::spec::{self, Accepted, SpecProblem};
use pbem::seed::TurnRolls;
use std::collections::{BTreeMap, BTreeSet};

/// The rolls of one player-turn, derived from the published seed (`docs/dice.md`).
pub trait TurnDice {
    /// The roll a table in `mode` needs for `roll_id`, and how it was drawn (for the
    /// report). `stock` is the battle's stock symbol in stock-sales games.
    fn roll(
        &mut self,
        mode: TableMode,
        roll_id: &str,
        stock: Option<&str>,
    ) -> Result<(Roll, String), String>;
}

impl TurnDice for TurnRolls<'_> {
    fn roll(
        &mut self,
        mode: TableMode,
        roll_id: &str,
        stock: Option<&str>,
    ) -> Result<(Roll, String), String> {
        let drawn = TurnRolls::roll(self, mode, roll_id, stock).map_err(|e| e.to_string())?;
        Ok((drawn.roll, drawn.to_string()))
    }
}

/// What the engine needs besides the rules, the state and the orders.
pub struct TurnInput<'a> {
    /// SHA-256 (hex) of the state file the orders apply to.
    pub state_hash: &'a str,
    /// SHA-256 (hex) of the order file's bytes.
    pub orders_hash: &'a str,
    /// The commitment mailed before the seed was published, if one was checked.
    pub commitment: Option<&'a str>,
    /// How the seed was published ("drand quicknet round 123") and its value.
    pub seed_source: &'a str,
    pub seed_value: &'a str,
    /// The seed's hash (`docs/dice.md`).
    pub seed_hash: &'a str,
    pub dice: &'a mut dyn TurnDice,
    /// The combat tables (`tables/`).
    pub tables: &'a dyn CombatTables,
}

/// Checks a player's orders against the state without rolling anything: every problem
/// `adjudicate` would report, for `blitz check`.
pub fn check(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
) -> Vec<OrderError> {
    check_orders(rules, state, orders, state_hash)
        .err()
        .unwrap_or_default()
}

/// Orders found legal by [`check_orders`], with the work checking them did (the units
/// moved, the battles declared), for [`adjudicate_checked`] to carry on from.
pub struct Checked(Stage);

impl Checked {
    /// The position the declared battles will be fought on: the state after the
    /// orders' reinforcements and movement, as checking them produced it (`None` for a
    /// set-up or a later step of a player-turn). For a preview of the battles' odds.
    pub fn position_for_battles(&self) -> Option<&Position> {
        match &self.0 {
            Stage::Planned(Planned::Turn(moved)) => Some(&moved.live.pos),
            Stage::Planned(Planned::SetUp(..) | Planned::WarStart(..)) | Stage::Resume => None,
        }
    }
}

enum Stage {
    /// Header, names, movement and battle declarations done: what `plan` made.
    Planned(Planned),
    /// A later step of a player-turn, its orders checked: carried out from the start.
    Resume,
}

/// [`check`], keeping the work: the checked orders to adjudicate without checking
/// them again, or every problem.
pub fn check_orders(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
) -> Result<Checked, Vec<OrderError>> {
    if state.resume.is_some() {
        let errors = check_step(rules, state, orders, state_hash);
        return if errors.is_empty() {
            Ok(Checked(Stage::Resume))
        } else {
            Err(errors)
        };
    }
    plan(rules, state, orders, state_hash).map(|p| Checked(Stage::Planned(p)))
}

/// The problems of the order file of a later step: its header, the sections its
/// [`Ask`] does not allow, the decisions asked (carried out on a copy of the
/// position) and its seed.
fn check_step(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
) -> Vec<OrderError> {
    answer(rules, state, orders, state_hash)
        .err()
        .unwrap_or_default()
}

/// Checks a player's orders against the state and plays them out.
pub fn adjudicate(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    input: &mut TurnInput,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let checked = if state.resume.is_some() {
        Checked(Stage::Resume)
    } else {
        Checked(Stage::Planned(plan(
            rules,
            state,
            orders,
            input.state_hash,
        )?))
    };
    adjudicate_checked(rules, state, orders, checked, input)
}

/// [`adjudicate`] carried on from [`check_orders`]: `checked` must come from the same
/// rules, state, orders and state hash.
pub fn adjudicate_checked(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    checked: Checked,
    input: &mut TurnInput,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let next = adjudicate_checked_state(rules, state, orders, checked, input)?;
    let events = next.last.events.clone();
    Ok((next, events))
}

/// [`adjudicate_checked`] giving the next state alone: its events are those it holds
/// (`last.events`), not copied to be handed back beside it.
pub fn adjudicate_checked_state(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    checked: Checked,
    input: &mut TurnInput,
) -> Result<GameState, Vec<OrderError>> {
    let (mut next, events) = match checked.0 {
        Stage::Resume => resume(rules, state, orders, input)?,
        Stage::Planned(Planned::SetUp(next, events)) => (*next, events),
        Stage::Planned(Planned::Turn(moved)) => play(rules, state, *moved, input)?,
        Stage::Planned(Planned::WarStart(next, events)) => {
            let dice = &mut *input.dice;
            let mut draw = |mode: TableMode, id: &str| dice.roll(mode, id, None);
            crate::eighty5::war_start::roll(*next, events, &mut draw)?
        }
    };
    next.chain.previous_state = Some(input.state_hash.to_string());
    next.chain.orders = Some(input.orders_hash.to_string());
    next.chain.seed = Some(input.seed_hash.to_string());
    next.chain.commitment = input.commitment.map(str::to_string);
    next.last.label = state.label();
    next.last.seed_source = input.seed_source.to_string();
    next.last.seed_value = input.seed_value.to_string();
    next.last.events = events;
    Ok(next)
}

/// The working values of a player-turn while it is played, beside its carry
/// ([`TurnInProgress`]): the position and the events (what the state holds of them
/// when the player-turn stops), and 16 (B)'s record as it goes.
struct Live {
    turn: u32,
    side: Side,
    pos: Position,
    /// The events of the player-turn: those of its earlier steps first, then this
    /// step's, from `reported_from`.
    events: Vec<Event>,
    reported_from: usize,
    throughout: victory::Throughout,
}

impl Live {
    /// The events this step reports (those of earlier steps were reported there).
    fn reported(mut self) -> Vec<Event> {
        self.events
            .split_off(self.reported_from.min(self.events.len()))
    }
}

/// A player-turn checked and moved up to [`Step::BeforeOdds`]: its working values, its
/// carry, and the state with what the mover's orders changed in it (standing orders,
/// the beach invaded, beachheads, minor countries, aircraft to land, pools).
struct Moved {
    live: Live,
    carry: TurnInProgress,
    next: Box<GameState>,
}

enum Planned {
    SetUp(Box<GameState>, Vec<Event>),
    Turn(Box<Moved>),
    /// 38.81: a Cold War season's last die shift revealed: the war-start roll follows.
    WarStart(Box<GameState>, Vec<Event>),
}

/// Everything up to the first roll: header, names, movement, battle declarations.
fn plan(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
) -> Result<Planned, Vec<OrderError>> {
    let mut errors = check_header(rules, state, orders, state_hash);
    if errors.iter().any(header_blocks) {
        return Err(errors);
    }
    errors.extend(check_unit_names(rules, state, orders));
    // 32.3: `[answer] none` resolves a stopped player-turn only.
    errors.extend(crate::air_combat::no_answer::check(rules, state, orders));
    let result = match state.phase {
        // 37.21: the purchase files of a game of '85, before its placements.
        Phase::SetUp { .. } if crate::eighty5::setup::purchasing(state) => {
            crate::eighty5::setup::purchase_file(rules, state, orders, orders.side.value)
                .map(|(n, e)| Planned::SetUp(Box::new(n), e))
        }
        // 38.81: the war-start roll's files of a Cold War season, after its placements.
        Phase::SetUp { .. } if crate::eighty5::war_start::shifting(state) => {
            errors.extend(check_seed(state, orders));
            crate::eighty5::war_start::shift_file(state, orders, orders.side.value).map(
                |(n, e, rolls)| match rolls {
                    true => Planned::WarStart(Box::new(n), e),
                    false => Planned::SetUp(Box::new(n), e),
                },
            )
        }
        Phase::SetUp { side } => {
            set_up(rules, state, orders, side).map(|(n, e)| Planned::SetUp(Box::new(n), e))
        }
        // 37.31: the production phase of a player-turn of '85's Hot War, then the turn.
        Phase::Turn { turn, side } if crate::eighty5::production::plays(rules, state) => {
            crate::eighty5::production::begin(rules, state, orders, turn, side).and_then(
                |(produced, events)| {
                    let mut m = move_units(rules, &produced, orders, turn, side)?;
                    let at = m.live.events.len().min(1);
                    m.live.events.splice(at..at, events);
                    Ok(Planned::Turn(Box::new(m)))
                },
            )
        }
        Phase::Turn { turn, side } => {
            move_units(rules, state, orders, turn, side).map(|m| Planned::Turn(Box::new(m)))
        }
        Phase::Over { .. } => Err(Vec::new()),
    };
    match result {
        Ok(p) if errors.is_empty() => Ok(p),
        Ok(_) => Err(finish_errors(errors)),
        Err(more) => {
            errors.extend(more);
            Err(finish_errors(errors))
        }
    }
}

/// The problems of an order file that could only be read in part (`unreadable`, a hex
/// or unit name that is no name at all): those, with every problem of its header and of
/// the unit names it does give (unknown, the other side's, ordered twice). Movement and
/// combat are not checked: with an order missing they would report what is not wrong.
pub fn check_partial(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
    unreadable: Vec<OrderError>,
) -> Vec<OrderError> {
    let mut errors = unreadable;
    let header = check_header(rules, state, orders, state_hash);
    if !header.iter().any(header_blocks) {
        errors.extend(check_unit_names(rules, state, orders));
    }
    errors.extend(header);
    finish_errors(errors)
}

/// Whether a problem of the header leaves nothing else worth checking: orders for the
/// other side (every unit would be "not yours") or for a game that is over. A wrong
/// game, turn or state, or a missing seed, is listed with every other problem: each
/// order is still checked against the state given, so one pass shows all there is to
/// fix.
fn header_blocks(e: &OrderError) -> bool {
    matches!(e.problem, Problem::WrongSide { .. } | Problem::GameOver(_))
}

/// Errors in file order, one per place in the file (the first found wins): a unit the
/// name check refused is not refused again by every rule that meets it.
fn finish_errors(mut errors: Vec<OrderError>) -> Vec<OrderError> {
    let mut seen = BTreeSet::new();
    errors.retain(|e| match &e.span {
        Some(s) => seen.insert((s.start, s.end)),
        None => true,
    });
    errors.sort_by_key(|e| e.span.as_ref().map_or(0, |s| s.start));
    errors
}

/// 4.2: decisions owed from the last player-turn (pending-decision games), then
/// reinforcements and movement, then the battle declarations (12-14), checked.
fn move_units(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    turn: u32,
    side: Side,
) -> Result<Moved, Vec<OrderError>> {
    let mut pos = position_of(rules, state);
    // 003 32.35: the defender's fighters at a base in enemy ZOC at the start intercept
    // nothing this player-turn (optional rule 32).
    let scramble_barred = crate::air_combat::intercept::barred_at_start(rules, &pos, side);
    // 003 32.35, reading `fighter-scramble=scramble`: the others rise as he moves.
    let risen = crate::air_combat::scramble::rise(rules, &mut pos, side, &scramble_barred);
    let mut friendly_at_start = control::friendly_cities(
        &rules.board,
        &pos,
        &state.held,
        rules.ruleset.readings.city_friendly,
        side,
    );
    // 49.3: the side's airfields at the start are its bases since then (30.7).
    friendly_at_start.extend(state.airfields.owned_by(side));
    let cities_before = friendly_map(rules, &pos, &state.held);
    let garrisons = minor::garrisons(&rules.board, &pos);
    let (mut owed_events, owed_errors) = complete_owed(rules, state, orders, &mut pos);
    // 34: the weather of the complete-turn, after the owed decisions and before supply.
    owed_events.extend(crate::weather::in_force(rules, state));
    pos.clear_barrages();
    // 36.1: the critical resources of the player-turn (optional rule 36).
    let resources =
        crate::resources::determine(rules, &mut pos, &state.held, side, &state.resources);
    let resources = resources.map(|(uses, events)| {
        owed_events.extend(events);
        uses
    });
    // 003 32.75, 003 36.22-36.24: the opponent's patrols this player-turn.
    owed_events.extend(crate::air_combat::patrol::at_start(rules, &mut pos, side));
    let none = BTreeSet::new();
    // 35: the naval ascendancy of every sea zone, marked before supply (003 35.1).
    let ascendancy = naval_ascendancy(rules, state, &pos, turn, side);
    let beachheads = supply::Beachheads {
        all: state.beachheads.get(&side).unwrap_or(&none),
        rangers: state.ranger_beachheads.get(&side).unwrap_or(&none),
        ascendancy: ascendancy.as_ref().map(|(a, _)| a),
    };
    let mut minors = state.minors.clone();
    let minor_errors = minor_orders_played(rules, orders);
    let ctx = minor::supply::SupplyContext {
        held: &state.held,
        beachheads: beachheads.all,
    };
    owed_events.extend(minor::supply::before_tracing(
        rules,
        &mut pos,
        &mut minors,
        side,
        &ctx,
        &orders.minors,
    ));
    if let Some((_, marked)) = &ascendancy {
        owed_events.extend(marked.iter().cloned());
    }
    let supply::Started {
        event: supplied,
        kept: kept_by_air,
        errors: air_errors,
        unsupplied_air,
    } = supply::trace_start(
        rules,
        &mut pos,
        &state.held,
        beachheads,
        side,
        (&orders.air_supply, &orders.beach_supply),
        &supply::by_air85(&state.air_supplied, side, turn),
    );
    owed_events.extend(kept_by_air);
    owed_events.extend(supplied);
    // 003 23.1: the defender's fighters trace supply in this player-turn too, once his
    // own player-turn traced it in this game.
    let mut fighters_cut = supply::fighters_cut_off(
        &state.fighter_supply,
        rules,
        &pos,
        &state.held,
        supply::Beachheads {
            all: state.beachheads.get(&side.other()).unwrap_or(&none),
            rangers: &none,
            ascendancy: ascendancy.as_ref().map(|(a, _)| a),
        },
        side.other(),
    );
    // 50.75: supplied by air in their own last player-turn.
    fighters_cut.retain(|id| !state.air_supplied.contains_key(id));
    owed_events.extend(supply::fighters_line(side.other(), side, &fighters_cut));
    // 35.31: units beginning the player-turn at sea under enemy superiority.
    if let Some((marked, _)) = &ascendancy {
        owed_events.extend(ascendancy::unsupplied_at_sea(&mut pos, marked, side));
    }
    let waiting = waiting(state);
    let placing: BTreeSet<UnitId> = orders
        .place
        .iter()
        .flat_map(|p| p.units.iter().map(|u| u.value.clone()))
        .collect();
    let (broken, breakdown_errors) = substitutes::break_down(
        rules,
        &mut pos,
        side,
        &orders.breakdowns,
        (&waiting, &placing),
    );
    let taker = replacements::Taker {
        rules,
        side,
        turn,
        held: &state.held,
        saved: saved_replacements(state, side),
    };
    let replaced = replacements::take(&taker, &mut pos, &orders.replace);
    let air_transport = air_transport_after(rules, state, side, replaced.air_transport_halves);
    let pools = pools_after(state, side, air_transport, replaced.saved);
    let throughout = victory::Throughout::begin(rules, &pos);
    let ctx = MoveContext {
        rules,
        side,
        turn,
        held: &state.held,
        waiting: &waiting,
        invaded_last: state.invaded.as_deref(),
        air_transport_halves: air_transport.unwrap_or_else(|| pools_air_transport(state, side)),
        air_transport_lost_halves: state
            .pools
            .get(&side)
            .map_or(0, |p| p.air_transport_lost_halves),
        weather: crate::weather::going::Going::of(rules, state),
        ascendancy: ascendancy.as_ref().map(|(a, _)| a),
    };
    // 37.33 (BLITZKRIEG '85): the air units move before any ground unit (37.34).
    let air_first = Sequence::of(&rules.ruleset).plays(Step::AirMovement);
    let before_ground = air_first.then(|| pos.clone());
    let moved = movement::run_movement(&ctx, &mut pos, orders);
    // 49.5, 49.1-49.4: the airfields taken by the movement; those ordered built or
    // destroyed (BLITZKRIEG '85).
    let (airfields, airfield_events, airfield_errors) =
        airfield_orders(rules, state, &mut pos, orders, (side, turn), &moved.log);
    // 36.22-36.24, 36.42-36.44: units at sea at the end of movement.
    let at_sea_errors = crate::resources::orders::check_at_sea(
        rules,
        &pos,
        &state.held,
        side,
        (orders, &moved.events),
    );
    // 29.2, 29.6: the countries violated by the movement, and 003's loss for moving
    // through one.
    let mut minor_events = minor::aggression(rules, &mut minors, &moved.events);
    minor_events.extend(minor::guerrilla::end_of_movement(
        rules,
        &mut pos,
        &minors,
        side,
        &moved.events,
        &minor::guerrilla::first_losses(&orders.minors),
    ));
    let (recombined, recombine_errors) = substitutes::recombine(
        rules,
        &mut pos,
        side,
        &orders.recombines,
        (&orders.attacks, &waiting),
    );
    let barraged = air::strategic::barraged(orders);
    let changed_last: BTreeSet<Hex> = state
        .last
        .events
        .iter()
        .filter_map(|e| match e {
            Event::CityChanged { hex, .. } | Event::CityFromNextPlayerTurn { hex, .. } => {
                Some(*hex)
            }
            _ => None,
        })
        .collect();
    // 30.3: aircraft at sea that changed zones fly no mission this player-turn.
    let sailed: BTreeSet<UnitId> = moved
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Sailed { unit, .. } => Some(unit.clone()),
            _ => None,
        })
        .collect();
    let air_ctx = air::mission::Context {
        sailed: &sailed,
        rules,
        side,
        held: &state.held,
        friendly_at_start: &friendly_at_start,
        changed_last: &changed_last,
        engaged_at_start: &moved.log.engaged_at_start,
        unsupplied: &unsupplied_air,
        attacks: &orders.attacks,
        barraged: &barraged,
        minors: &minors,
        // 32.4, 003 32.4: escorts over the air transports.
        airlifted: &crate::air_combat::escort::airlifted(&moved.events, &moved.log.carrier_flights),
        before_ground: before_ground.as_ref(),
    };
    let mut flights = air::mission::fly(&air_ctx, &mut pos, &orders.missions);
    // 003 29.2, 29.6: the countries the aircraft flew to, from or over.
    let legs = minor::overflight::mission_legs(rules, &flights.events);
    let mut air_minor = minor::overflight::overflights(rules, &legs);
    let flown: Vec<Event> = flights.events.iter().chain(&air_minor).cloned().collect();
    air_minor.extend(minor::aggression(rules, &mut minors, &flown));
    let mut overrun = air::base::overrun(&mut pos);
    // 003 32.35: the fighters risen come down, but those whose base the enemy reached.
    overrun.extend(crate::air_combat::scramble::settle(
        rules,
        &mut pos,
        &state.held,
        &risen,
    ));
    let log = &moved.log;
    let mut barrage_errors = combat::check_barrages(
        rules,
        &pos,
        side,
        &orders.barrages,
        (&orders.attacks, &minors),
    );
    barrage_errors.extend(combat::interleave::check_after(
        &orders.barrages,
        &orders.attacks,
    ));
    // 36.22-36.24, 36.32-36.34: what a shortage of critical resources refuses.
    barrage_errors.extend(crate::resources::orders::check_barrages(
        rules,
        &pos,
        side,
        &orders.barrages,
    ));
    barrage_errors.extend(crate::resources::orders::check_advances(
        rules,
        &pos,
        side,
        &orders.attacks,
    ));
    barrage_errors.extend(crate::resources::orders::check_avs(
        rules,
        &pos,
        side,
        &orders.avs,
    ));
    barrage_errors.extend(crate::resources::orders::check_attacks(
        rules,
        &pos,
        side,
        &orders.attacks,
    ));
    barrage_errors.extend(crate::resources::orders::check_air(
        rules,
        &pos,
        side,
        (&orders.missions, &orders.air),
    ));
    // 52.2-52.3 ('85): the facilities bombarded by artillery and attack helicopters.
    barrage_errors.extend(crate::bombing::barrage::check(
        (rules, &pos, &state.held, side),
        &orders.barrages,
        &flights.raids,
    ));
    // 52.6 ('85): the damage the mover applies to his own facilities, or keeps.
    let (own_damage, own_errors) = crate::bombing::own::check(rules, &pos, side, orders);
    barrage_errors.extend(own_errors);
    let (attacks, city_attacks) = minor::reduce::split(rules, &minors, &pos, side, &orders.attacks);
    // 29.4: units attacking a city fight no other battle (as units that made an AV).
    let mut fought: BTreeSet<UnitId> = log.av.clone();
    fought.extend(
        city_attacks
            .iter()
            .flat_map(|a| a.units.iter().map(|u| u.value.clone())),
    );
    let check = combat::check_battles(rules, &pos, side, &log.moved, &log.start, &fought, &attacks);
    // One problem, one message: the units whose own orders were refused.
    let refused = movement::refused(
        rules,
        &log.engaged_at_start,
        moved.errors.iter().chain(&replaced.errors),
    );
    let mut errors = owed_errors;
    errors.extend(minor_errors);
    errors.extend(minor::guerrilla::check_named_losses(rules, orders));
    errors.extend(minor::reduce::check(
        rules,
        &minors,
        &pos,
        side,
        (&city_attacks, &orders.attacks),
        &log.av,
    ));
    errors.extend(air_errors);
    errors.extend(breakdown_errors);
    errors.extend(replaced.errors);
    errors.extend(moved.errors);
    errors.extend(recombine_errors);
    errors.extend(airfield_errors);
    errors.extend(at_sea_errors);
    errors.extend(std::mem::take(&mut flights.errors));
    errors.extend(air::base::check_placements(
        rules,
        &pos,
        side,
        &orders.place,
    ));
    // 22 before the battles' own problems: one error per place in the file, and a unit
    // that moved strategically is never next to the enemy it is named to attack.
    let mut fighters = strategic::fighters(&orders.attacks, &orders.avs);
    // 25.2: a barrage is an attack ("a barrage attack on the BBT").
    fighters.extend(orders.barrages.iter().flat_map(|b| {
        let what = format!("barrage {}", b.id.value);
        b.units.iter().map(move |u| (u, what.clone()))
    }));
    errors.extend(strategic::check_no_attacks(&log.strategic, &fighters));
    // A unit in a city attack and another battle is refused by 29.4's check, not as
    // one that made an automatic victory.
    let city_only = |u: &UnitId| fought.contains(u) && !log.av.contains(u);
    errors.extend(
        check
            .errors
            .into_iter()
            .filter(|e| !air::mission::may_name_in_lose(&flights.support, e))
            .filter(|e| {
                !air::mission::odds_made_with_bombers(
                    rules,
                    &pos,
                    &orders.attacks,
                    &orders.missions,
                    e,
                )
            })
            .filter(|e| !(e.rule == cite!("21.1") && e.unit.as_ref().is_some_and(city_only)))
            .filter(|e| !combat::follows_from_refusal(e, &refused)),
    );
    errors.extend(barrage_errors);
    errors.extend(check_seed(state, orders));
    // 32: air combat (optional rule).
    errors.extend(crate::air_combat::intercept::not_the_movers(orders));
    // 32.6: `[[strafe]]` is the defender's.
    errors.extend(crate::air_combat::strafe::not_the_movers(orders));
    // 32.3: `[[wait_out]]` is the defender's.
    errors.extend(crate::air_combat::wait_out::not_the_movers(orders));
    // 32.3: the mover's standing interception orders, for the enemy's player-turns.
    errors.extend(crate::air_combat::standing::check(rules, orders, side));
    // 50.76: an aircraft flying air supply flies no mission.
    errors.extend(crate::eighty5::transport::suppliers_on_missions(
        rules, orders,
    ));
    // 38.21: the Hot War's upgrades of helicopters and air units, in aircraft cities.
    errors.extend(crate::eighty5::production::upgrades_placed(
        rules,
        state,
        orders,
        &recombined,
        (turn, side),
    ));
    if !errors.is_empty() {
        return Err(errors);
    }
    // 32.3: the flights the defender may intercept at the stop before odds.
    let mut air_flights = crate::air_combat::intercept::announced(rules, &pos, side, &flights);
    // 32.33: and the air transports and airdrops.
    crate::air_combat::transport::add(
        rules,
        &pos,
        side,
        (&moved.events, &moved.log.carrier_flights),
        &mut air_flights,
    );
    // 35.1: the factors the mover invaded with, counted in his next player-turn.
    let invading = ascendancy::invaded_with(rules, &moved.events);
    let mut events = vec![Event::TurnBegan { turn, side }];
    events.extend(owed_events);
    events.extend(broken);
    events.extend(replaced.events);
    let mut moved_events = moved.events;
    // 37.33-37.34: in '85 the air missions are reported with the air movement, before
    // the ground movement.
    let ground = match air_first {
        true => moved_events.split_off(moved.log.ground_from.min(moved_events.len())),
        false => Vec::new(),
    };
    events.extend(moved_events);
    if air_first {
        events.extend(std::mem::take(&mut flights.events));
    }
    events.extend(ground);
    events.extend(airfield_events);
    events.extend(minor_events);
    events.extend(recombined);
    events.extend(flights.events);
    events.extend(air_minor);
    events.extend(overrun);
    let mut battles: Vec<WaitingBattle> = orders
        .attacks
        .iter()
        .map(|a| with_bombers(waiting_battle(a), &flights.support))
        .collect();
    combat::interleave::attach(&mut battles, &orders.barrages);
    let mut next = state.clone();
    if let Some((marked, _)) = ascendancy {
        next.ascendancy = marked;
        if invading.is_empty() {
            next.invading.remove(&side);
        } else {
            next.invading.insert(side, invading);
        }
    }
    if let Some(uses) = resources {
        next.resources = uses;
    }
    next.air_landing = flights.landing;
    next.airfields = airfields;
    // 003 23.1: the mover's own player-turn traced supply, after an earlier
    // player-turn of the game (`supply::fighters_cut_off` says why).
    let played_before = state.seeds_used.as_ref().is_some_and(|s| !s.is_empty());
    if supply::fighters_trace(rules) && played_before {
        next.fighter_supply.insert(side);
    }
    store_standing(&mut next, orders, side);
    crate::supply::keep_air_supplied(&mut next.air_supplied, &moved.log.air_supplied, side, turn);
    next.invaded = moved.log.invaded;
    next.minors = minors;
    match pools {
        Some(p) if p.is_empty() => {
            next.pools.remove(&side);
        }
        Some(p) => {
            next.pools.insert(side, p);
        }
        None => {}
    }
    // 23.5: the mover's beachheads are those of this player-turn; the other side's
    // stay until its own next one.
    for (all, now) in [
        (&mut next.beachheads, moved.log.beachheads),
        (&mut next.ranger_beachheads, moved.log.ranger_beachheads),
    ] {
        if now.is_empty() {
            all.remove(&side);
        } else {
            all.insert(side, now);
        }
    }
    Ok(Moved {
        live: Live {
            turn,
            side,
            pos,
            events,
            reported_from: 0,
            throughout,
        },
        carry: TurnInProgress {
            at: Step::BeforeOdds,
            asks: side.other(),
            battles,
            deferred: Vec::new(),
            kept: BTreeMap::new(),
            cities_before,
            avs: moved.log.avs,
            ashore: moved.log.ashore,
            barrages: combat::interleave::first_waiting(&orders.barrages),
            removals: check.removals,
            raids: flights.raids,
            minor_first: minor::guerrilla::first_losses(&orders.minors),
            garrisons: Some(garrisons),
            events: Vec::new(),
            flights: air_flights,
            barred: scramble_barred,
            unsupplied: fighters_cut,
            // 003 32.34: the bases the defender's returning fighters may not land at.
            new_bases: crate::air_combat::landing::new_bases(
                rules,
                &state.last.events,
                side.other(),
            ),
            returns: Vec::new(),
            own_damage,
        },
        next: Box::new(next),
    })
}

/// 49: in a game of '85, the airfields taken by the movement (49.5) and the
/// `[[airfield]]` and `[[destroy_airfield]]` orders checked (49.1-49.4): the
/// airfields the state keeps, the events, the problems. Another game has none, and
/// its orders naming them are refused.
fn airfield_orders(
    rules: &Rules,
    state: &GameState,
    pos: &mut Position,
    orders: &Orders,
    (side, turn): (Side, u32),
    log: &movement::MoveLog,
) -> (
    crate::eighty5::airfield::Airfields,
    Vec<Event>,
    Vec<OrderError>,
) {
    use crate::eighty5::airfield;
    let mut airfields = state.airfields.clone();
    let events = if airfield::plays(rules) {
        airfield::settle(pos, &mut airfields)
    } else {
        Vec::new()
    };
    let busy = airfield::Busy {
        moved: log
            .moved
            .iter()
            .chain(&log.placed)
            .chain(&log.flown)
            .cloned()
            .collect(),
        start: &log.start,
    };
    let (airfields, errors) = airfield::order(
        rules,
        (&airfields, state.purchase.as_ref()),
        pos,
        orders,
        (side, turn),
        &busy,
    );
    (airfields, events, errors)
}

/// 35.1: the naval ascendancy of every sea zone at the start of the player-turn, with
/// the events that report it, in a game that plays rule 35 (`None` otherwise).
fn naval_ascendancy(
    rules: &Rules,
    state: &GameState,
    pos: &Position,
    turn: u32,
    side: Side,
) -> Option<(ascendancy::Ascendancy, Vec<Event>)> {
    if !Sequence::of(&rules.ruleset).plays(Step::NavalAscendancy) {
        return None;
    }
    let counting = ascendancy::Counting {
        turn,
        mover: side,
        held: (&state.held, rules.ruleset.readings.city_friendly),
        invading: &state.invading,
    };
    Some(ascendancy::mark(rules, pos, &counting, &state.ascendancy))
}

/// 29: `[[minor]]` orders are the Tournament Game's.
fn minor_orders_played(rules: &Rules, orders: &Orders) -> Vec<OrderError> {
    if minor::in_play(rules) {
        return Vec::new();
    }
    orders
        .minors
        .iter()
        .map(|m| {
            OrderError::new(
                Problem::MinorNotPlayed,
                Some(m.country.span.clone()),
                cite!("29.1"),
            )
        })
        .collect()
}

/// 9.3, 28.4: the side's air transport capacity in half units kept in its pools (0:
/// the rule set's figure).
fn pools_air_transport(state: &GameState, side: Side) -> u32 {
    state.pools.get(&side).map_or(0, |p| p.air_transport_halves)
}

/// 28.1, 003 28.4: the replacements the side saved in earlier turns (reading
/// `replacements-28-1=accumulated`).
fn saved_replacements(state: &GameState, side: Side) -> replacements::Saved {
    state
        .pools
        .get(&side)
        .map_or_else(replacements::Saved::default, |p| replacements::Saved {
            ground: p.replacements,
            aircraft: p.aircraft_replacements,
        })
}

/// 28.1, 28.4: the side's pools after this player-turn's replacements: `None` when
/// they did not change them (no air transport capacity taken, nothing saved under
/// `replacements-28-1=accumulated`).
fn pools_after(
    state: &GameState,
    side: Side,
    air_transport: Option<u32>,
    saved: Option<replacements::Saved>,
) -> Option<Pools> {
    if air_transport.is_none() && saved.is_none() {
        return None;
    }
    let mut p = state.pools.get(&side).copied().unwrap_or_default();
    if let Some(halves) = air_transport {
        p.air_transport_halves = halves;
    }
    if let Some(saved) = saved {
        p.replacements = saved.ground;
        p.aircraft_replacements = saved.aircraft;
    }
    Some(p)
}

/// 28.4: the side's air transport capacity in half units after `added` half units of
/// replacements this player-turn, or `None` when none were added.
fn air_transport_after(rules: &Rules, state: &GameState, side: Side, added: u32) -> Option<u32> {
    if added == 0 {
        return None;
    }
    let figure = u32::try_from(rules.ruleset.figures.air_transport_units)
        .unwrap_or(u32::MAX)
        .saturating_mul(2);
    let now = match pools_air_transport(state, side) {
        0 => figure,
        halves => halves,
    };
    Some(now.saturating_add(added))
}

/// PBEM turn sequence: "complete losses, retreats, and advances from prior
/// player-turn" before anything else. Only games created with pending decisions owe
/// any; in the others a `[[decision]]` is an error.
fn complete_owed(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    pos: &mut Position,
) -> (Vec<Event>, Vec<OrderError>) {
    match state.game.options.decisions {
        DecisionMode::Pending => combat::complete_pending(
            rules,
            pos,
            &state.pending,
            &orders.decisions,
            &orders.game.span,
        ),
        DecisionMode::StandingOrders => (
            Vec::new(),
            orders
                .decisions
                .iter()
                .map(|d| {
                    OrderError::new(
                        Problem::DecisionsNotUsed,
                        Some(d.battle.span.clone()),
                        cite!("PBEM"),
                    )
                })
                .collect(),
        ),
    }
}

/// The seed named in the orders must be of the game's kind and name what will decide
/// the turn before it exists; in a stock-sales game every battle names its stock.
fn check_seed(state: &GameState, orders: &Orders) -> Vec<OrderError> {
    let Some(seed) = &orders.seed else {
        return Vec::new();
    };
    let span = Some(seed.span.clone());
    let bad = |p: SpecProblem| {
        OrderError::new(Problem::BadSeed(p.to_string()), span.clone(), cite!("PBEM"))
    };
    let accepted = [match &state.game.options.seed {
        SeedSource::Drand {
            genesis, period, ..
        } => Accepted::Drand {
            genesis: *genesis,
            period: *period,
        },
        SeedSource::StockSales => Accepted::Stock,
        SeedSource::AgreedText => Accepted::Text,
    }];
    let mut errs: Vec<OrderError> = spec::source_problems(&seed.value, &accepted)
        .into_iter()
        .map(bad)
        .collect();
    if matches!(state.game.options.seed, SeedSource::StockSales)
        && seed.value.source_key() == "stock"
    {
        for a in orders.attacks.iter().filter(|a| a.stock.is_none()) {
            errs.push(OrderError::new(
                Problem::BadSeed(format!("battle {} names no stock", a.id.value)),
                Some(a.id.span.clone()),
                cite!("PBM"),
            ));
        }
        for b in orders.barrages.iter().filter(|b| b.stock.is_none()) {
            errs.push(OrderError::new(
                Problem::BadSeed(format!("barrage {} names no stock", b.id.value)),
                Some(b.id.span.clone()),
                cite!("PBM"),
            ));
        }
        let strategic = orders
            .missions
            .iter()
            .filter(|m| m.kind.value.target().is_some() && m.stock.is_none());
        for m in strategic {
            errs.push(OrderError::new(
                Problem::BadSeed(format!(
                    "the {} bombing of {} names no stock",
                    m.kind.value, m.to.value
                )),
                Some(m.kind.span.clone()),
                cite!("PBM"),
            ));
        }
    }
    errs.extend(
        spec::moment_problems(&seed.value, &accepted)
            .into_iter()
            .map(bad),
    );
    // PBM ¶2: a seed that decided an earlier player-turn or step is known to everyone.
    if let Some(already) = &state.seeds_used {
        let names = crate::seed_names::spec_names(state, orders);
        if let Err(e) = pbem::seed::used::check_unused(already, &names) {
            errs.push(OrderError::new(
                Problem::SeedUsed(e.to_string()),
                span.clone(),
                cite!("PBM"),
            ));
        }
    }
    errs
}

/// The player-turn after its announcement, as the game's [`Sequence`] goes on: the
/// stop before odds when the game plays it and something was announced, otherwise the
/// combat at once.
fn play(
    rules: &Rules,
    state: &GameState,
    moved: Moved,
    input: &mut TurnInput,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let Moved { live, carry, next } = moved;
    if Sequence::of(&rules.ruleset).plays(Step::BeforeOdds) && announced(&carry) {
        let side = live.side;
        let (next, mut events) = stop_before_odds(state, *next, live, carry);
        // 32.3: what the mover may do if the defender does not answer in time.
        events.extend(crate::air_combat::no_answer::stop_note(rules, side));
        return Ok((next, events));
    }
    let mut live = live;
    let fought = standing_air_combat(rules, state, &carry, &mut live.pos, input)?;
    let (mut next, mut carry) = (*next, carry);
    after_air_combat(rules, fought, (&mut live, &mut carry), &mut next);
    open_combat(rules, state, next, live, carry, input)
}

/// 32.33, 32.74, 50.76: what the air combat fought before any odds leaves, with its
/// events: the air transport capacity the interceptions cost the mover for good, the
/// air supply '85's aircraft shot down did not deliver, and the automatic victories
/// they undid.
fn after_air_combat(
    rules: &Rules,
    fought: Vec<Event>,
    (live, carry): (&mut Live, &mut TurnInProgress),
    next: &mut GameState,
) {
    let lost = crate::air_combat::transport::capacity_lost(
        rules,
        &carry.flights,
        &fought,
        live.side,
        &mut next.pools,
    );
    // 50.76: an air supply flight shot down delivers nothing.
    for u in crate::air_combat::shot_down::unsupplied(&carry.flights, &fought) {
        next.air_supplied.remove(&u);
    }
    live.events.extend(fought);
    live.events.extend(lost);
    let undone = crate::air_combat::nullify::after_air_combat(
        rules,
        &mut live.pos,
        (live.side, &live.events),
        &mut carry.avs,
        &mut carry.battles,
    );
    live.events.extend(undone);
}

/// 32.3: in a game of standing interception orders, the defender's orders kept in the
/// state meet the mover's flights, and the air combat is fought on the mover's seed
/// before any odds (none in any other game).
fn standing_air_combat(
    rules: &Rules,
    state: &GameState,
    carry: &TurnInProgress,
    pos: &mut Position,
    input: &mut TurnInput,
) -> Result<Vec<Event>, Vec<OrderError>> {
    if !crate::air_combat::standing::in_play(rules) || carry.flights.is_empty() {
        return Ok(Vec::new());
    }
    let defender = carry.asks;
    // 36.34: no interception without basic industry.
    if crate::air_combat::industry::grounded(rules, pos, defender) {
        return Ok(Vec::new());
    }
    let standing = state
        .standing
        .get(&defender)
        .map(|s| s.intercepts.as_slice())
        .unwrap_or_default();
    let interceptions = crate::air_combat::standing::apply(
        rules,
        (pos, &carry.grounded_fighters()),
        defender,
        &carry.flights,
        standing,
    );
    air_combat(
        rules,
        state,
        &carry.flights,
        (&interceptions, &[]),
        pos,
        input,
    )
}

/// Whether the player-turn announced anything for the stop before odds to answer: a
/// battle, a barrage or a strategic bombing (every roll still to come).
fn announced(carry: &TurnInProgress) -> bool {
    !carry.battles.is_empty()
        || !carry.barrages.is_empty()
        || !carry.raids.is_empty()
        // 32.5: hunters the defender may intercept.
        || carry.flights.iter().any(|f| !f.hunts.is_empty())
        // 32.33: an air transport the defender may intercept.
        || carry.flights.iter().any(|f| !f.transported.is_empty())
        // 32.72, 33.7: patrollers the defender may intercept.
        || carry.flights.iter().any(|f| !f.patrollers.is_empty())
        // 50.76: '85's air supply flights the defender may intercept.
        || carry.flights.iter().any(|f| !f.carriers.is_empty())
}

/// [`Step::BeforeOdds`]: after all movement and the announcement of battles, barrages
/// and air missions, before any odds are worked out or any die is rolled, the
/// player-turn stops; the state carries what the combat needs, and the other player's
/// file resumes it with the seed every later roll is drawn from.
fn stop_before_odds(
    state: &GameState,
    mut next: GameState,
    mut live: Live,
    mut carry: TurnInProgress,
) -> (GameState, Vec<Event>) {
    carry.events = live.events.clone();
    let mut what: Vec<String> = carry
        .battles
        .iter()
        .map(|b| format!("battle {}", b.id))
        .collect();
    what.extend(carry.barrages.iter().map(|b| format!("barrage {}", b.id)));
    what.extend(
        carry
            .battles
            .iter()
            .flat_map(|b| &b.barrages)
            .map(|b| format!("barrage {}", b.id)),
    );
    what.extend(
        carry
            .raids
            .iter()
            .map(|r| format!("the strategic bombing of {}", r.hex)),
    );
    // 32.33, 32.72: the air combat over an air transport or patrols alone, when
    // nothing else is rolled.
    if what.is_empty() {
        what.push("the air combat".into());
    }
    // 32.3: the flights he may intercept (optional rule 32).
    let over: Vec<String> = carry.flights.iter().map(|f| f.hex.to_string()).collect();
    let meets = if over.is_empty() {
        String::new()
    } else {
        format!(
            ", after the interceptions he chooses over {} (32.3)",
            crate::orders::and_list(&over, "")
        )
    };
    live.events.push(Event::Note {
        text: format!(
            "the player-turn stops before odds: {} answers in a step of its own before any odds are worked out or any die is rolled, and names the seed of {}{meets}",
            live.side.other(),
            what.join(", ")
        ),
        rule: Rule::of(Ref::Procedure),
    });
    next.store_position(&live.pos, live.turn, live.side);
    next.step = state.step + 1;
    // The decisions the mover owed are carried out in the position stored.
    next.pending = Vec::new();
    carry.at = Step::BeforeOdds;
    carry.asks = live.side.other();
    carry.kept = live.throughout.kept().clone();
    next.resume = Some(carry);
    (next, live.reported())
}

/// 14.9 removals, the barrages without `after` (25.2) and the strategic bombings
/// (30.42) on the BBT, then every battle in the order written (15) with the barrages
/// that follow it (003 25.3), then the end of the player-turn.
fn open_combat(
    rules: &Rules,
    state: &GameState,
    mut next: GameState,
    mut live: Live,
    mut carry: TurnInProgress,
    input: &mut TurnInput,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    for (unit, hex) in std::mem::take(&mut carry.removals) {
        live.pos.remove(&unit);
        live.events.push(Event::RemovedBeforeCombat {
            unit,
            hex,
            rule: Rule::para(para!("14.9")),
        });
    }
    let first: Vec<Barrage> = std::mem::take(&mut carry.barrages)
        .iter()
        .map(combat::interleave::barrage_of)
        .collect();
    let turn_side = (live.turn, live.side);
    let off = crate::bombing::markers_off_before_combat(rules, &mut live.pos, live.turn, live.side);
    live.events.extend(off);
    let mut bbt = barrage(rules, state, &first, turn_side, &mut live.pos, input)?;
    let raids = std::mem::take(&mut carry.raids);
    if !raids.is_empty() {
        bbt.extend(bomb(state, &mut live.pos, rules, &raids, turn_side, input)?);
    }
    // 003 29.4, 29.2: the BBT on a minor country city reduces nothing, and is aggression.
    let bbt = minor::bombard::with_city_notes(rules, &next.minors, live.side, bbt);
    let invaded_now = minor::aggression(rules, &mut next.minors, &bbt);
    live.events.extend(bbt);
    live.events.extend(invaded_now);
    carry.at = Step::Battles;
    fight(rules, state, next, live, carry, input)
}

/// 25.2-25.5: the barrages given, resolved on the BBT before the first battle or
/// after the battle they follow (003 25.3 leaves the order to the attacker), the
/// defender's losses by his standing orders.
fn barrage(
    rules: &Rules,
    state: &GameState,
    barrages: &[Barrage],
    turn_side: (u32, Side),
    pos: &mut Position,
    input: &mut TurnInput,
) -> Result<Vec<Event>, Vec<OrderError>> {
    if barrages.is_empty() {
        return Ok(Vec::new());
    }
    let standing = state
        .standing
        .get(&turn_side.1.other())
        .cloned()
        .unwrap_or_default();
    let mode = match state.game.options.tables {
        TableChoice::PlayByMail => TableMode::Pbm,
        TableChoice::Die => TableMode::Die,
    };
    let mut roll = |setup: &combat::BarrageSetup| {
        let (roll, drawn) = input.dice.roll(mode, setup.id, setup.stock)?;
        let l = input
            .tables
            .bbt(setup.factors, roll)
            .map_err(|e| e.to_string())?;
        Ok(combat::BarrageRolled {
            losses: l.result,
            roll: drawn,
            table: format!("{}: {}", l.cite, l.printed),
        })
    };
    combat::resolve_barrages(rules, pos, turn_side, barrages, &standing, &mut roll)
        .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("15.2"))])
}

/// A later step of a player-turn (`state.resume`): the answer of the side asked is
/// carried out (the decisions asked), then the player-turn goes on from the step it
/// stopped in, rolled on the new seed that file names, to its end.
fn resume(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    input: &mut TurnInput,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let (Phase::Turn { turn, side }, Some(carry)) = (&state.phase, &state.resume) else {
        return Err(Vec::new());
    };
    let errors = check_header(rules, state, orders, input.state_hash);
    if !errors.is_empty() {
        return Err(errors);
    }
    let (pos, done, (interceptions, strafes, returns)) =
        answer(rules, state, orders, input.state_hash)?;
    let mut next = state.clone();
    next.pending = Vec::new();
    let mut carry = carry.clone();
    let mut events = std::mem::take(&mut carry.events);
    let reported_from = events.len();
    events.extend(done);
    let mut live = Live {
        turn: *turn,
        side: *side,
        pos,
        events,
        reported_from,
        throughout: victory::Throughout::resume(rules, carry.kept.clone()),
    };
    match carry.at {
        Step::BeforeOdds => {
            // 32.3, 003 32.3: the fighters that wait out leave their base first.
            let waited = crate::air_combat::wait_out::take_off(&mut live.pos, &returns);
            live.events.extend(waited);
            carry.returns = returns;
            // 32.3-32.4: the air combat of the interceptions, before any odds.
            let fought = air_combat(
                rules,
                state,
                &carry.flights,
                (&interceptions, &strafes),
                &mut live.pos,
                input,
            )?;
            after_air_combat(rules, fought, (&mut live, &mut carry), &mut next);
            open_combat(rules, state, next, live, carry, input)
        }
        // A stop in the battles, or after them with none left (20.35, the final
        // decisions), is written as a stop in the battles: they go on from there.
        Step::Battles | Step::FinalDecisions | Step::AfterCombat => {
            // 003 25.3: the barrages following the battle the last step stopped after.
            let waiting = std::mem::take(&mut carry.barrages);
            let after =
                barrages_after(rules, state, (&mut live, &mut next.minors), &waiting, input)?;
            live.events.extend(after);
            fight(rules, state, next, live, carry, input)
        }
        // No player-turn stops in these steps (`Step::may_stop`).
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
        | Step::AirMovement => Err(Vec::new()),
    }
}

/// The answer's position, the decisions carried out, and the interceptions and the
/// strafing it orders (32.3, 32.6).
type Answered = (
    Position,
    Vec<Event>,
    (Vec<Interception>, Vec<Interception>, Vec<Return>),
);

/// The answer of a later step, checked and carried out on a copy of the position: its
/// header, the sections the [`Ask`] allows, the decisions asked, the interceptions
/// (32.3) and its seed. The position after the decisions, their events and the
/// interceptions, or every problem.
fn answer(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
) -> Result<Answered, Vec<OrderError>> {
    let mut errors = check_header(rules, state, orders, state_hash);
    if errors.iter().any(header_blocks) {
        return Err(errors);
    }
    if let Some(ask) = Ask::of(&rules.ruleset, state) {
        errors.extend(refuse_unasked(&ask, orders));
    }
    let mut pos = position_of(rules, state);
    let (mut done, owed) = combat::complete_pending(
        rules,
        &mut pos,
        &state.pending,
        &orders.decisions,
        &orders.game.span,
    );
    errors.extend(owed);
    // 32.3: the interceptions, against the flights the stopped player-turn announced.
    let (flights, barred) = state.resume.as_ref().map_or((&[][..], &[][..]), |c| {
        (c.flights.as_slice(), c.barred.as_slice())
    });
    let interceptions = crate::air_combat::intercept::check(
        rules,
        (&pos, barred),
        orders.side.value,
        flights,
        &orders.intercepts,
    )
    .unwrap_or_else(|e| {
        errors.extend(e);
        Vec::new()
    });
    // 003 23.1: no fighter cut off from supply intercepts, strafes or waits out ("even
    // interception of a vacant hex").
    if let Some(c) = &state.resume {
        let named = orders.intercepts.iter().chain(&orders.strafes);
        let waiting = orders.wait_outs.iter().flat_map(|w| &w.units);
        errors.extend(supply::fighters_refused(
            &c.unsupplied,
            named.flat_map(|i| &i.units).chain(waiting),
        ));
    }
    // 32.3, 32.6: the defender's strafing.
    let strafes = crate::air_combat::strafe::check(
        rules,
        &pos,
        orders.side.value,
        &orders.strafes,
        &interceptions,
    )
    .unwrap_or_else(|e| {
        errors.extend(e);
        Vec::new()
    });
    // 32.3, 003 32.3: the wait-outs, by fighters in no other order.
    let used: BTreeSet<UnitId> = interceptions
        .iter()
        .chain(&strafes)
        .flat_map(|i| i.fighters.iter().cloned())
        .collect();
    let no_bases = BTreeSet::new();
    let bases = crate::air_combat::landing::Bases {
        held: &state.held,
        new: state.resume.as_ref().map_or(&no_bases, |c| &c.new_bases),
    };
    let mut returns = crate::air_combat::wait_out::check(
        rules,
        (&pos, barred, bases),
        orders.side.value,
        flights,
        (&orders.wait_outs, &used),
    )
    .unwrap_or_else(|e| {
        errors.extend(e);
        Vec::new()
    });
    // 003 32.34: where the interceptors and strafers land (`land`, or their base).
    // 47.32: an interceptor comes back from the hex of an air transport's way it met.
    for (written, done, over) in [
        (&orders.intercepts, &interceptions, flights),
        (&orders.strafes, &strafes, &[][..]),
    ] {
        match crate::air_combat::landing::returns_of(
            rules,
            (&pos, bases, over),
            orders.side.value,
            written,
            done,
        ) {
            Ok(r) => returns.extend(r),
            Err(e) => errors.extend(e),
        }
    }
    errors.extend(check_seed(state, orders));
    // 32.3: resolved without the defender's answer: his fallback standing orders.
    errors.extend(crate::air_combat::no_answer::check(rules, state, orders));
    if crate::air_combat::no_answer::written(orders) && errors.is_empty() {
        let (met, note) = crate::air_combat::no_answer::fallback(rules, state, &pos);
        done.push(note);
        return Ok((pos, done, (met, Vec::new(), Vec::new())));
    }
    if errors.is_empty() {
        Ok((pos, done, (interceptions, strafes, returns)))
    } else {
        Err(finish_errors(errors))
    }
}

/// PBEM: the order file of a later step holds the sections its [`Ask`] allows and
/// names the seed of the rolls still to come; every other section is refused where it
/// is written (a step carries out no `[standing]`).
fn refuse_unasked(ask: &Ask, orders: &Orders) -> Vec<OrderError> {
    ask.refused(orders)
        .into_iter()
        .map(|(section, span)| match (section, ask.what) {
            // 003 25.2: "Artillery may not conduct a defensive barrage in the
            // opponent's player-turn."
            (Section::Barrage, _) => {
                OrderError::new(Problem::DefensiveBarrage, Some(span), cite!("003 25.2"))
            }
            (_, Asked::Decisions | Asked::FinalDecisions) => OrderError::new(
                Problem::DecisionsOnly {
                    what: section.written().to_string(),
                },
                Some(span),
                cite!("PBEM"),
            ),
            (_, Asked::BeforeOdds) => OrderError::new(
                Problem::AnswerOnly {
                    what: section.written().to_string(),
                    holds: ask.holds(),
                },
                Some(span),
                cite!("PBEM"),
            ),
        })
        .collect()
}

/// 15: the battles in the order written, each followed by the barrages written to
/// follow it (003 25.3, `after`). In a pending-decision game under
/// `pending-consult = ask`, resolution stops after a battle whose owed decisions can
/// affect a battle still to be fought, and the defender is asked in a step of its own
/// (so too, after the last battle, for a retreat that may open a beach hex to units
/// still on assault hexes, 20.35);
/// in the game's last player-turn, the decisions still owed are asked in a final step
/// before victory is judged. Otherwise the end of the player-turn.
fn fight(
    rules: &Rules,
    state: &GameState,
    mut next: GameState,
    mut f: Live,
    mut carry: TurnInProgress,
    input: &mut TurnInput,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let battles = std::mem::take(&mut carry.battles);
    let sequence = Sequence::of(&rules.ruleset);
    let standing = state
        .standing
        .get(&f.side.other())
        .cloned()
        .unwrap_or_default();
    let label = state.label();
    let pending_mode = state.game.options.decisions == DecisionMode::Pending;
    let defer = pending_mode.then_some(label.as_str());
    let ask = pending_mode && sequence.asks_in_battles();
    for (i, battle) in battles.iter().enumerate() {
        // 48.21 ('85): the A-A of the hexes attacked, half its losses before the battle.
        let aa_owed = battle_aa(rules, state, &mut f, battle, input)?;
        let city = minor::reduce::city_of(
            rules,
            &next.minors,
            &f.pos,
            f.side,
            (&battle.targets, battle.city),
        );
        if let Some((country, hex)) = city {
            let mode = table_mode(state.game.options.tables);
            let mut roll = |id: &str, stock: Option<&str>| input.dice.roll(mode, id, stock);
            let mut dice = minor::reduce::CityDice {
                roll: &mut roll,
                tables: input.tables,
            };
            let fought = minor::reduce::resolve(
                rules,
                &mut f.pos,
                (&state.minors, &mut next.minors),
                (f.side, country, hex),
                battle,
                &mut dice,
            )
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("29.4"))])?;
            let after = crate::bombing::aa::after_strike(rules, &mut f.pos, aa_owed, &fought);
            f.events.extend(fought);
            f.events.extend(after);
            // 52.51 ('85): a resource city reduced takes heavy damage on its resources.
            let was = state
                .minors
                .get(&country)
                .is_some_and(|m| m.reduced.contains(&hex));
            let now = next
                .minors
                .get(&country)
                .is_some_and(|m| m.reduced.contains(&hex));
            if now && !was {
                let now = (f.turn, f.side);
                f.events
                    .extend(crate::bombing::damage::reduced(rules, &mut f.pos, hex, now));
            }
            f.throughout.after_battle(rules, &f.pos);
        } else {
            // 36.32-36.34: the odds capped for want of basic industry.
            let cap = crate::resources::odds::cap(rules, &f.pos, f.side, &f.events);
            let mut roll = battle_roller(
                state.game.options.tables,
                (rules.ruleset.tournament(), cap),
                input,
            );
            let attack = attack_of(battle);
            let (battle_events, owed) = combat::resolve_battles(
                rules,
                &mut f.pos,
                f.side,
                std::slice::from_ref(&attack),
                &standing,
                defer,
                &mut roll,
            )
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("15.2"))])?;
            drop(roll);
            let after =
                crate::bombing::aa::after_strike(rules, &mut f.pos, aa_owed, &battle_events);
            f.events.extend(battle_events);
            f.events.extend(after);
            f.events.extend(air::base::overrun(&mut f.pos));
            // 52.52 ('85): a resource city fallen through combat.
            f.events.extend(crate::bombing::damage::fallen(
                rules,
                &mut f.pos,
                &battle.targets,
                &state.held,
                (f.turn, f.side),
            ));
            f.throughout.after_battle(rules, &f.pos);
            let rest = battles.get(i + 1..).unwrap_or_default();
            let waiting = combat::interleave::targets_waiting(&battle.barrages, rest);
            let (asked, later): (Vec<Pending>, Vec<Pending>) = owed.into_iter().partition(|p| {
                ask && (can_affect(&f.pos, p, rest) || can_affect_hexes(p, &waiting))
            });
            carry.deferred.extend(later);
            if !asked.is_empty() {
                let rest = Rest {
                    barrages: &battle.barrages,
                    battles: rest,
                };
                let note = format!(
                    "resolution stops after battle {}: {} decides what battle {} owes before {}, in a step of its own with a new seed",
                    battle.id,
                    f.side.other(),
                    battle.id,
                    rest.still_to_come()
                );
                return Ok(stop(state, next, f, carry, asked, rest, note));
            }
        }
        let after = barrages_after(
            rules,
            state,
            (&mut f, &mut next.minors),
            &battle.barrages,
            input,
        )?;
        f.events.extend(after);
    }
    if ask && !rules.ruleset.format_one {
        // 20.35: units still on assault hexes go ashore after all combat, onto beach
        // hexes an owed retreat may vacate: those decisions are asked first.
        let (asked, later): (Vec<Pending>, Vec<Pending>) = std::mem::take(&mut carry.deferred)
            .into_iter()
            .partition(|p| can_open_the_beach(&f.pos, p));
        carry.deferred = later;
        if !asked.is_empty() {
            let note = format!(
                "resolution stops after combat: {} decides what it owes before the invading units go ashore (20.35), in a step of its own",
                f.side.other()
            );
            return Ok(stop(state, next, f, carry, asked, Rest::NONE, note));
        }
    }
    if pending_mode
        && sequence.plays(Step::FinalDecisions)
        && !carry.deferred.is_empty()
        && ends_game(rules, state, f.turn, f.side)
    {
        let asked = std::mem::take(&mut carry.deferred);
        let note = format!(
            "the game's last player-turn ends when {} has made the decisions it owes, in a final step before victory is judged",
            f.side.other()
        );
        return Ok(stop(state, next, f, carry, asked, Rest::NONE, note));
    }
    let played = (f.turn, f.side);
    let dice = &mut *input.dice;
    // 51.1: the die of condition C, from the seed of the game's last player-turn.
    let die = if victory::rolls_die(&rules.ruleset, state) {
        let (rolled, drawn) = dice
            .roll(TableMode::Die, victory::DIE_ROLL_ID, None)
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("51.1"))])?;
        match rolled {
            Roll::Die(die) => Some(victory::DieOfC {
                die: u32::from(die.value()),
                drawn,
            }),
            _ => None,
        }
    } else {
        None
    };
    let (mut next, mut events) = finish(rules, state, next, f, (carry, die.as_ref()));
    // 34: the weather of the next complete-turn, from this player-turn's seed.
    let mut roll = |mode: TableMode, id: &str| dice.roll(mode, id, None);
    let rolled = crate::weather::roll_ahead(rules, &mut next, played, &mut roll, input.tables)
        .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("34"))])?;
    events.extend(rolled);
    Ok((next, events))
}

/// PBEM: the player-turn stops; the state of its next step asks the defender for the
/// decisions `asked` and keeps what is needed to go on.
fn stop(
    state: &GameState,
    mut next: GameState,
    mut f: Live,
    carry: TurnInProgress,
    asked: Vec<Pending>,
    rest: Rest,
    note: String,
) -> (GameState, Vec<Event>) {
    f.events.push(Event::Note {
        text: note,
        rule: Rule::of(Ref::Procedure),
    });
    next.store_position(&f.pos, f.turn, f.side);
    next.step = state.step + 1;
    next.pending = asked;
    // Written as such a stop was before steps were named: what the battles still to
    // come and the end of the player-turn need, no more.
    next.resume = Some(TurnInProgress {
        at: Step::Battles,
        asks: f.side.other(),
        battles: rest.battles.to_vec(),
        barrages: rest.barrages.to_vec(),
        deferred: carry.deferred,
        kept: f.throughout.kept().clone(),
        cities_before: carry.cities_before,
        avs: carry.avs,
        ashore: carry.ashore,
        removals: Vec::new(),
        raids: Vec::new(),
        minor_first: BTreeMap::new(),
        garrisons: None,
        events: Vec::new(),
        flights: Vec::new(),
        barred: Vec::new(),
        unsupplied: Vec::new(),
        // 003 32.34: where the defender's fighters land at the end.
        new_bases: carry.new_bases,
        returns: carry.returns,
        own_damage: carry.own_damage,
    });
    (next, f.reported())
}

/// What a stopped player-turn still has to resolve: the barrages following the battle
/// it stopped after (003 25.3), then the battles still to be fought.
#[derive(Clone, Copy)]
struct Rest<'a> {
    barrages: &'a [WaitingBarrage],
    battles: &'a [WaitingBattle],
}

impl Rest<'_> {
    const NONE: Rest<'static> = Rest {
        barrages: &[],
        battles: &[],
    };

    /// For the note of a stop: "battles A2, A3 are fought", or with barrages waiting
    /// (003 25.3) "barrage b1, battle A2 are resolved", in the order they come.
    fn still_to_come(&self) -> String {
        if self.barrages.is_empty() && self.battles.iter().all(|b| b.barrages.is_empty()) {
            let ids: Vec<&str> = self.battles.iter().map(|b| b.id.as_str()).collect();
            return format!("battles {} are fought", ids.join(", "));
        }
        let barrages = |w: &[WaitingBarrage]| {
            w.iter()
                .map(|b| format!("barrage {}", b.id))
                .collect::<Vec<_>>()
        };
        let mut names = barrages(self.barrages);
        for b in self.battles {
            names.push(format!("battle {}", b.id));
            names.extend(barrages(&b.barrages));
        }
        let verb = if names.len() == 1 { "is" } else { "are" };
        format!("{} {verb} resolved", names.join(", "))
    }
}

/// 003 25.3: the barrages written to follow a battle, resolved right after it, the
/// defender's losses by his standing orders; on a minor country city, as those before
/// the first battle (003 29.4, 29.2).
fn barrages_after(
    rules: &Rules,
    state: &GameState,
    (f, minors): (&mut Live, &mut crate::minor::Minors),
    waiting: &[WaitingBarrage],
    input: &mut TurnInput,
) -> Result<Vec<Event>, Vec<OrderError>> {
    if waiting.is_empty() {
        return Ok(Vec::new());
    }
    let barrages: Vec<Barrage> = waiting.iter().map(combat::interleave::barrage_of).collect();
    let bbt = barrage(rules, state, &barrages, (f.turn, f.side), &mut f.pos, input)?;
    let mut bbt = minor::bombard::with_city_notes(rules, minors, f.side, bbt);
    let invaded_now = minor::aggression(rules, minors, &bbt);
    bbt.extend(invaded_now);
    Ok(bbt)
}

/// 20.35 with the PBEM sequence: whether an owed decision makes the defender leave a
/// hex next to a unit still on an assault hex (a retreat, with or without a loss), so
/// that the unit could go ashore there after combat.
fn can_open_the_beach(pos: &Position, owed: &Pending) -> bool {
    owed.result.effects(0).defender.retreat > 0
        && pos
            .on_assault_hexes()
            .any(|p| owed.hexes.iter().any(|h| h.is_adjacent(p.hex)))
}

/// 16: whether the game ends after this player-turn, whatever the victory check finds.
fn ends_game(rules: &Rules, state: &GameState, turn: u32, side: Side) -> bool {
    rules
        .ruleset
        .ends_after(state.game.options.last_turn, turn, side)
}

/// PBEM sequence ("the opponent only needs to be consulted when loss, retreat, or
/// advance results of combat can affect unresolved battles"): which unit is lost never
/// changes a later Basic Game battle, so only an owed retreat or advance can (DE, DB2
/// and the attacker's advance waiting on it; AE, AB2: the defender's own advance), and
/// only a battle with a unit or target within 5 hexes of a hex the units concerned
/// stand in now: a retreat ends at most 2 hexes away and a ZOC reaches 1 further, so
/// 3 hexes from any hex they may end in (docs/readings.md, pending-consult).
fn can_affect(pos: &Position, owed: &Pending, rest: &[WaitingBattle]) -> bool {
    let fx = owed.result.effects(0);
    if fx.defender.retreat == 0 && fx.defender.advance == 0 {
        return false;
    }
    let near: Vec<Hex> = owed.hexes.iter().chain(&owed.foe_hexes).copied().collect();
    let close = |h: Hex| near.iter().any(|n| n.distance(h) <= 5);
    rest.iter().any(|b| {
        b.targets.iter().copied().any(close)
            || b.units.iter().filter_map(|u| pos.hex_of(u)).any(close)
    })
}

/// PBEM sequence with 003 25.3: whether an owed retreat or advance can affect a
/// barrage still to be resolved on one of `targets` (within 5 hexes, as for a battle,
/// [`can_affect`]).
fn can_affect_hexes(owed: &Pending, targets: &[Hex]) -> bool {
    let fx = owed.result.effects(0);
    if fx.defender.retreat == 0 && fx.defender.advance == 0 {
        return false;
    }
    owed.hexes
        .iter()
        .chain(&owed.foe_hexes)
        .any(|n| targets.iter().any(|t| n.distance(*t) <= 5))
}

/// The end of the player-turn: the automatic victories concluded (21.3), invading
/// units ashore (20.35), cities (5), victory (16), the next phase and the
/// reinforcements due to the next player (6.2).
fn finish(
    rules: &Rules,
    state: &GameState,
    mut next: GameState,
    f: Live,
    (carry, die): (TurnInProgress, Option<&victory::DieOfC>),
) -> (GameState, Vec<Event>) {
    let Live {
        turn,
        side,
        mut pos,
        mut events,
        reported_from,
        mut throughout,
    } = f;
    let TurnInProgress {
        deferred,
        cities_before,
        avs,
        ashore,
        minor_first,
        garrisons,
        // Resolved or asked by now: the battles, barrages, raids and removals; the
        // record of 16 (B) and the events are in `Live`.
        at: _,
        asks: _,
        battles: _,
        kept: _,
        barrages: _,
        removals: _,
        raids: _,
        events: _,
        flights: _,
        barred: _,
        unsupplied: _,
        new_bases,
        returns,
        own_damage,
    } = carry;
    next.step = 0;
    next.resume = None;
    next.pending = deferred;
    if !avs.is_empty() {
        events.extend(automatic::conclude(rules, &mut pos, side, &avs));
        throughout.after_battle(rules, &pos);
    }
    // 003 sequence of play: invading units move ashore after the AV advances (20.35).
    let landed = combat::go_ashore(rules, &mut pos, side, next.invaded.as_deref(), &ashore);
    if !landed.is_empty() {
        events.extend(landed);
        throughout.after_battle(rules, &pos);
    }
    // 49.5: airfields taken by an advance after combat, before the aircraft land.
    if crate::eighty5::airfield::plays(rules) {
        events.extend(crate::eighty5::airfield::settle(
            &mut pos,
            &mut next.airfields,
        ));
    }
    let landing = std::mem::take(&mut next.air_landing);
    let landed = air::mission::land_all(rules, &mut pos, &state.held, side, &landing);
    // 003 29.2, 29.6: the countries the aircraft flew over to land.
    let legs = minor::overflight::landing_legs(&landed, &landing);
    events.extend(landed);
    // 32.34, 32.75, 003 32.34: the defender's patrollers, interceptors and fighters that
    // waited out land after every aircraft of the mover, where 003 32.34 allows.
    let bases = crate::air_combat::landing::Bases {
        held: &state.held,
        new: &new_bases,
    };
    events.extend(crate::air_combat::landing::at_end(
        rules,
        &mut pos,
        bases,
        side.other(),
        &returns,
    ));
    events.extend(minor::overflight::overflights(rules, &legs));
    events.extend(air::base::overrun(&mut pos));
    // 29.2, 29.6: countries violated in combat, then the guerrillas.
    events.extend(minor::aggression(rules, &mut next.minors, &events));
    let losses = minor::guerrilla::end_of_player_turn(
        rules,
        &mut pos,
        &next.minors,
        side,
        &events,
        &minor_first,
    );
    if !losses.is_empty() {
        events.extend(losses);
        throughout.after_battle(rules, &pos);
    }
    // 003 29.7: the aggressor's supply through each country in the next player-turn.
    let start =
        garrisons.unwrap_or_else(|| minor::garrisons(&rules.board, &position_of(rules, state)));
    events.extend(minor::supply::carry_to_opponent(
        rules,
        (&start, &pos),
        &mut next.minors,
        side,
    ));
    // 29: where each minor country stands, for both players.
    events.extend(
        minor::status_lines(&rules.board, &pos, &next.minors)
            .into_iter()
            .map(|text| Event::Note {
                text,
                rule: Rule::para(para!("29")),
            }),
    );
    supply::clear(&mut pos);
    events.extend(crate::bombing::end_of_player_turn(
        &mut pos,
        (turn, side),
        &own_damage,
    ));
    // 25.3-25.4: the hexes barraged stay marked while a decision owed may still let the
    // attacker advance into them; they come off once none is (or at the top of the next
    // player-turn, when the owed decisions are done).
    if next.pending.is_empty() {
        pos.clear_barrages();
    }
    // 49.4, 49.1, 49.5: airfields destroyed, built and taken (BLITZKRIEG '85).
    if crate::eighty5::airfield::plays(rules) {
        events.extend(crate::eighty5::airfield::end_of_player_turn(
            &mut pos,
            &mut next.airfields,
            next.purchase.as_mut(),
            (turn, side),
        ));
    }
    next.store_position(&pos, turn, side);
    let (friendly_after, coming) =
        end_of_turn_cities(rules, state, &pos, &mut next, &cities_before);
    events.extend(coming.now);
    let outcome = victory::check(
        rules,
        &pos,
        &next,
        turn,
        side,
        &friendly_after,
        (throughout.kept(), die),
    );
    next.condition_b = outcome.condition_b.clone();
    if outcome.over.is_none() {
        events.extend(coming.next);
    }
    events.extend(outcome.events);
    next.phase = match outcome.over {
        Some((winner, reason)) => Phase::Over { winner, reason },
        None => next_phase(rules, state, turn, side),
    };
    events.extend(reinforcements_due(rules, &next));
    // The events of earlier steps were reported there; the rules above read them all.
    let reported = events.split_off(reported_from.min(events.len()));
    (next, reported)
}

/// 30.42, 33.2-33.6: the bombings of the player-turn on the BBT, before any battle.
fn bomb(
    state: &GameState,
    pos: &mut Position,
    rules: &Rules,
    raids: &[air::strategic::Raid],
    (turn, side): (u32, Side),
    input: &mut TurnInput,
) -> Result<Vec<Event>, Vec<OrderError>> {
    let mode = match state.game.options.tables {
        TableChoice::PlayByMail => TableMode::Pbm,
        TableChoice::Die => TableMode::Die,
    };
    let lose_first = state
        .standing
        .get(&side.other())
        .map(|s| s.lose_first.clone())
        .unwrap_or_default();
    let tables = input.tables;
    let dice = &mut *input.dice;
    let mut roll = |id: &str, stock: Option<&str>| dice.roll(mode, id, stock);
    // 33: the sequences resolve night losses and airbase attacks before the rest of
    // the BBT.
    let mut events = crate::bombing::resolve(
        rules,
        pos,
        raids,
        (turn, side),
        &lose_first,
        tables,
        &mut roll,
    )
    .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("33"))])?;
    events.extend(
        air::strategic::resolve(rules, pos, raids, &lose_first, tables, &mut roll)
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("30.42"))])?,
    );
    Ok(events)
}

/// 48.21-48.22 ('85): the A-A of the hexes `battle` attacks fired at its bombers, the
/// first half of the losses taken; the rest owed until the battle is fought.
fn battle_aa(
    rules: &Rules,
    state: &GameState,
    f: &mut Live,
    battle: &WaitingBattle,
    input: &mut TurnInput,
) -> Result<crate::bombing::aa::Owed, Vec<OrderError>> {
    let mode = table_mode(state.game.options.tables);
    let tables = input.tables;
    let dice = &mut *input.dice;
    let mut roll = |id: &str, stock: Option<&str>| dice.roll(mode, id, stock);
    let (fired, owed) = crate::bombing::aa::at_battle(
        rules,
        &mut f.pos,
        (f.side.other(), &battle.id, battle.stock.as_deref()),
        (&battle.units, &battle.targets),
        tables,
        &mut roll,
    )
    .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("48.21"))])?;
    f.events.extend(fired);
    Ok(owed)
}

/// 32.32, 32.4: the air combat of the defender's interceptions on the ACT, drawn from
/// the answer's seed (optional rule 32).
fn air_combat(
    rules: &Rules,
    state: &GameState,
    flights: &[crate::model::flight::Flight],
    (interceptions, strafes): (&[Interception], &[Interception]),
    pos: &mut Position,
    input: &mut TurnInput,
) -> Result<Vec<Event>, Vec<OrderError>> {
    // 32.5: hunters hunt even when nothing met them.
    let hunters = flights.iter().any(|f| !f.hunts.is_empty());
    if interceptions.is_empty() && strafes.is_empty() && !hunters {
        return Ok(Vec::new());
    }
    let mode = table_mode(state.game.options.tables);
    let tables = input.tables;
    let dice = &mut *input.dice;
    let mut roll = |id: &str, stock: Option<&str>| dice.roll(mode, id, stock);
    // 32.3, 32.6: the defender's strafing first (003's sequence).
    let mut events = crate::air_combat::strafe::by_defender(rules, pos, strafes, tables, &mut roll)
        .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("32.6"))])?;
    events.extend(
        crate::air_combat::intercept::fight(rules, pos, flights, interceptions, tables, &mut roll)
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("32.32"))])?,
    );
    // 32.72, 33.7: the patrollers met alone.
    let patrols = (flights, interceptions);
    events.extend(
        crate::air_combat::patrol::fight_all(rules, pos, patrols, tables, &mut roll)
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("32.72"))])?,
    );
    // 32.51, 32.6: 003's "Hunting", after the interceptions.
    let met = (flights, interceptions, strafes);
    events.extend(
        crate::air_combat::hunt::hunting(rules, pos, met, tables, &mut roll)
            .map_err(|e| vec![OrderError::new(Problem::NoRoll(e), None, cite!("32.51"))])?,
    );
    Ok(events)
}

/// 30.41: a battle with the bombers flying in its support among its units.
fn with_bombers(mut b: WaitingBattle, support: &BTreeMap<String, Vec<UnitId>>) -> WaitingBattle {
    if let Some(bombers) = support.get(&b.id) {
        b.units.extend(bombers.iter().cloned());
    }
    b
}

/// A battle kept for a later step, as the resolution reads it (no place in a file).
fn attack_of(b: &WaitingBattle) -> Attack {
    let unit = |u: &UnitId| Located::new(u.clone(), 0..0);
    Attack {
        id: Located::new(b.id.clone(), 0..0),
        units: b.units.iter().map(unit).collect(),
        targets: b.targets.iter().map(|h| Located::new(*h, 0..0)).collect(),
        advance: b.advance.iter().map(unit).collect(),
        advance_path: b
            .advance_path
            .iter()
            .map(|g| AvAdvance {
                units: g.units.iter().map(unit).collect(),
                path: g.path.iter().map(|h| Located::new(*h, 0..0)).collect(),
                span: 0..0,
            })
            .collect(),
        lose: b.lose.iter().map(unit).collect(),
        retreat: b.retreat.iter().map(|h| Located::new(*h, 0..0)).collect(),
        stock: b.stock.clone().map(|s| Located::new(s, 0..0)),
        city: b.city,
    }
}

/// A declared battle as plain data, to be fought now or in a later step.
fn waiting_battle(a: &Attack) -> WaitingBattle {
    WaitingBattle {
        id: a.id.value.clone(),
        units: a.units.iter().map(|u| u.value.clone()).collect(),
        targets: a.targets.iter().map(|h| h.value).collect(),
        advance: a.advance.iter().map(|u| u.value.clone()).collect(),
        advance_path: a.advance_path.iter().map(AvPath::of).collect(),
        lose: a.lose.iter().map(|u| u.value.clone()).collect(),
        retreat: a.retreat.iter().map(|h| h.value).collect(),
        stock: a.stock.as_ref().map(|s| s.value.clone()),
        city: a.city,
        barrages: Vec::new(),
    }
}

/// 15.1-15.3, 25.1: the odds reduced exactly, the roll drawn for the battle's id, the
/// cell of the game's Basic Game Attrition Table, or in the Tournament Game (`tgat`)
/// of its Tournament Game Attrition Table.
fn battle_roller<'i, 'a>(
    tables: TableChoice,
    (tgat, cap): (bool, Option<crate::resources::odds::OddsCap>),
    input: &'i mut TurnInput<'a>,
) -> impl FnMut(&BattleSetup) -> Result<Resolved, String> + use<'i, 'a> {
    let mode = table_mode(tables);
    move |setup: &BattleSetup| {
        let (roll, drawn) = input.dice.roll(mode, setup.id, setup.stock)?;
        let reduced = odds::reduce(setup.attack, setup.defence);
        let (odds, shown) = match cap.and_then(|c| c.apply(&reduced)) {
            Some((capped, note)) => (capped, format!("{reduced}; {note}")),
            None => (reduced, reduced.to_string()),
        };
        let (result, cite, printed) = if tgat {
            let l = input.tables.tgat(&odds, roll).map_err(|e| e.to_string())?;
            (Outcome::Tgat(l.result), l.cite, l.printed)
        } else {
            let l = input.tables.bgat(&odds, roll).map_err(|e| e.to_string())?;
            (Outcome::Bgat(l.result.into()), l.cite, l.printed)
        };
        Ok(Resolved {
            result,
            odds: shown,
            roll: drawn,
            table: format!("{cite}: {printed}"),
        })
    }
}

/// The table mode of the game's tables.
fn table_mode(tables: TableChoice) -> TableMode {
    match tables {
        TableChoice::PlayByMail => TableMode::Pbm,
        TableChoice::Die => TableMode::Die,
    }
}

/// The order file's header must name this game, side, turn and state (4.1).
fn check_header(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    state_hash: &str,
) -> Vec<OrderError> {
    let mut errs = Vec::new();
    if let Phase::Over { reason, .. } = &state.phase {
        errs.push(OrderError::new(
            Problem::GameOver(reason.clone()),
            Some(orders.game.span.clone()),
            cite!("16"),
        ));
        return errs;
    }
    if orders.game.value != state.game.id {
        errs.push(OrderError::new(
            Problem::WrongGame {
                expected: state.game.id.clone(),
                found: orders.game.value.clone(),
            },
            Some(orders.game.span.clone()),
            cite!("4.1"),
        ));
    }
    // 32.3: a file resolving a step without the defender's answer is the mover's.
    let expected = crate::air_combat::no_answer::writer(state, orders).or(state.mover());
    if let Some(side) = expected {
        if orders.side.value != side {
            errs.push(OrderError::new(
                Problem::WrongSide {
                    expected: side,
                    found: orders.side.value,
                },
                Some(orders.side.span.clone()),
                cite!("4.1"),
            ));
        }
    }
    if orders.turn.value != state.turn() {
        errs.push(OrderError::new(
            Problem::WrongTurn {
                expected: state.turn(),
                found: orders.turn.value,
            },
            Some(orders.turn.span.clone()),
            cite!("4.1"),
        ));
    }
    if orders.state.value != state_hash {
        errs.push(OrderError::new(
            Problem::WrongState {
                expected: state_hash.to_string(),
                found: orders.state.value.clone(),
            },
            Some(orders.state.span.clone()),
            cite!("PBEM"),
        ));
    }
    // 15.2: the die decides battles only, so orders without attacks need no seed; nor
    // do the mover's when the player-turn stops before odds (the answer names it).
    // 34: the player-turn whose seed rolls the next complete-turn's weather names one,
    // unless the answer to its stop before odds does.
    let announces = !orders.attacks.is_empty()
        || !orders.barrages.is_empty()
        || state.battles_waiting()
        || orders
            .missions
            .iter()
            .any(|m| m.kind.value.target().is_some())
        // 32.33: an air transport may be intercepted, on the ACT.
        || (crate::air_combat::in_play(&rules.ruleset) && !orders.air.is_empty());
    let answered = rolls_in_answer(rules, state) && announces;
    let needs = matches!(state.phase, Phase::Turn { .. }) && orders.seed.is_none() && !answered;
    if needs && announces {
        errs.push(OrderError::new(
            Problem::NoSeed,
            Some(orders.game.span.clone()),
            cite!("PBEM"),
        ));
    } else if needs && victory::rolls_die(&rules.ruleset, state) {
        errs.push(OrderError::new(
            Problem::VictoryNoSeed { turn: state.turn() },
            Some(orders.game.span.clone()),
            cite!("51.1"),
        ));
    } else if needs && crate::weather::rolls_after(&rules.ruleset, state) {
        let problem = Problem::WeatherNoSeed {
            turn: state.turn() + 1,
        };
        errs.push(OrderError::new(
            problem,
            Some(orders.game.span.clone()),
            cite!("34"),
        ));
    }
    errs
}

/// Whether the rolls of this state's order file are drawn in the answer to its stop
/// before odds instead ([`Step::BeforeOdds`]): the mover's file needs no seed then.
pub fn rolls_in_answer(rules: &Rules, state: &GameState) -> bool {
    state.resume.is_none()
        && matches!(state.phase, Phase::Turn { .. })
        && Sequence::of(&rules.ruleset).plays(Step::BeforeOdds)
}

/// Every unit named anywhere must exist and belong to the side giving orders (except
/// in standing orders, which name the writer's own units too).
fn check_unit_names(rules: &Rules, state: &GameState, orders: &Orders) -> Vec<OrderError> {
    let side = orders.side.value;
    let mut named: Vec<&crate::orders::Located<UnitId>> = Vec::new();
    for p in orders.setup.iter().chain(&orders.place) {
        named.extend(&p.units);
    }
    for p in &orders.setup_at_sea {
        named.extend(&p.units);
    }
    for a in &orders.air {
        named.extend(&a.units);
    }
    for m in &orders.moves {
        named.extend(m.units.iter().chain(&m.by));
    }
    for a in &orders.avs {
        named.extend(
            a.units
                .iter()
                .chain(a.advance.iter().flat_map(|g| &g.units)),
        );
    }
    for o in &orders.sea {
        named.extend(&o.units);
    }
    for a in &orders.attacks {
        named.extend(a.units.iter().chain(&a.advance).chain(&a.lose));
        named.extend(a.advance_path.iter().flat_map(|g| &g.units));
    }
    for b in &orders.breakdowns {
        named.extend(std::iter::once(&b.unit).chain(&b.into));
    }
    for b in &orders.barrages {
        named.extend(&b.units);
    }
    for m in &orders.minors {
        named.extend(&m.lose);
    }
    // 39.2: in '85 a trade's new unit is any counter of the mix not in play.
    let mix = rules.ruleset.rules == crate::state::RuleSet::Eighty5;
    for r in &orders.recombines {
        named.extend(r.units.iter().chain((!mix).then_some(&r.into)));
    }
    for m in &orders.missions {
        named.extend(&m.units);
    }
    // 49.1: the builders of airfields.
    named.extend(&orders.airfields);
    if let Some(s) = &orders.standing {
        named.extend(&s.lose_first);
    }
    // 26: in the Tournament Game every substitute counter is in the game, in play or
    // among the inactive counters.
    let in_game = |c: &Counter| {
        state.units.contains_key(&c.id) || (c.is_substitute() && rules.ruleset.tournament())
    };
    let mut errs = Vec::new();
    for u in named {
        match rules.counters.get(&u.value) {
            Some(c) if !in_game(c) => errs.push(
                OrderError::new(
                    Problem::NotInThisGame(c.id.clone()),
                    Some(u.span.clone()),
                    cite!("2.2"),
                )
                .unit(&u.value),
            ),
            Some(c) if c.side != side => errs.push(
                OrderError::new(
                    Problem::NotYourUnit {
                        unit: u.value.clone(),
                        owner: c.side,
                        side,
                    },
                    Some(u.span.clone()),
                    cite!("4.2"),
                )
                .unit(&u.value),
            ),
            Some(_) => {}
            // 42 ('85): a naval counter's name waits for the naval rules.
            None => errs.push(crate::eighty5::naval::unknown_unit(rules, u)),
        }
    }
    errs
}

fn waiting(state: &GameState) -> BTreeSet<UnitId> {
    state
        .units
        .iter()
        .filter(|(_, p)| matches!(p, Place::Waiting))
        .map(|(id, _)| id.clone())
        .collect()
}

/// 3.3-3.4: a side places its turn-1 units in its home country.
fn set_up(
    rules: &Rules,
    state: &GameState,
    orders: &Orders,
    side: Side,
) -> Result<(GameState, Vec<Event>), Vec<OrderError>> {
    let mut pos = position_of(rules, state);
    // 37.211-37.212: in a game of '85, the units the side bought.
    let waiting = crate::eighty5::setup::may_place(state, side).unwrap_or_else(|| waiting(state));
    let held = BTreeMap::new();
    let ctx = MoveContext {
        rules,
        side,
        turn: 0,
        held: &held,
        waiting: &waiting,
        invaded_last: None,
        air_transport_halves: 0,
        air_transport_lost_halves: 0,
        weather: crate::weather::going::Going::default(),
        ascendancy: None,
    };
    let mut out = movement::run_setup_orders(&ctx, &mut pos, orders);
    out.errors.extend(air::base::check_placements(
        rules,
        &pos,
        side,
        &orders.setup,
    ));
    // 003 32.7: no patrol in the air before turn 1.
    out.errors
        .extend(crate::air_combat::patrol::at_set_up(orders));
    if !out.errors.is_empty() {
        return Err(out.errors);
    }
    let mut next = state.clone();
    next.store_position(&pos, 0, side);
    store_standing(&mut next, orders, side);
    let mut events = vec![Event::Note {
        text: format!("{} sets up", side.country_name()),
        rule: Rule::para(if side == Side::Blue {
            para!("3.3")
        } else {
            para!("3.4")
        }),
    }];
    events.extend(out.events);
    next.phase = match side {
        Side::Blue => Phase::SetUp { side: Side::Red },
        Side::Red => Phase::Turn {
            turn: 1,
            side: Side::Blue,
        },
    };
    next.held = control::held_at_start(&rules.board, &pos);
    events.extend(reinforcements_due(rules, &next));
    // 37.211-37.212.
    if next.purchase.is_some() {
        crate::eighty5::setup::placed(&mut next, side);
    }
    Ok((next, events))
}

fn store_standing(next: &mut GameState, orders: &Orders, side: Side) {
    // 32.3: the standing interception orders stay until the side writes new ones.
    let kept = next
        .standing
        .get(&side)
        .map(|s| s.intercepts.clone())
        .unwrap_or_default();
    if let Some(s) = &orders.standing {
        next.standing.insert(
            side,
            StandingOrders {
                lose_first: s.lose_first.iter().map(|u| u.value.clone()).collect(),
                retreat_toward: s.retreat_toward.as_ref().map(|h| h.value),
                retreat_prefer: s.retreat_prefer.iter().map(|h| h.value).collect(),
                advance: s.advance,
                intercepts: kept,
            },
        );
    }
    if let Some(intercepts) = crate::air_combat::standing::kept(orders) {
        next.standing.entry(side).or_default().intercepts = intercepts;
    }
}

/// 4.6: Blue then Red make a turn; the game runs to the last turn (16).
fn next_phase(rules: &Rules, state: &GameState, turn: u32, side: Side) -> Phase {
    match side {
        Side::Blue => Phase::Turn {
            turn,
            side: Side::Red,
        },
        Side::Red if ends_game(rules, state, turn, side) => Phase::Over {
            winner: None,
            reason: "the last turn is over".to_string(),
        },
        Side::Red => Phase::Turn {
            turn: turn + 1,
            side: Side::Blue,
        },
    }
}

/// The cities of the end of a player-turn, for the report.
struct CityEvents {
    /// Changes in this player-turn (`CityChanged`).
    now: Vec<Event>,
    /// Changes from the start of the next one (`CityFromNextPlayerTurn`), reported
    /// only if the game goes on.
    next: Vec<Event>,
}

/// 5.1, 5.2 (003 5) at the end of a player-turn: which side each city hex is friendly
/// to now, judged with the record of what was held at the start of this player-turn
/// (a city entered in it is not friendly yet, 5.1; a city in enemy ZOC at its start is
/// not friendly to its holder, 003 5 (1)); then the record the next player-turn starts
/// with, stored in `next`, and the cities that change hands with it. Returns the map
/// victory C is judged with. A format-1 game judged and reported with the new record.
fn end_of_turn_cities(
    rules: &Rules,
    state: &GameState,
    pos: &Position,
    next: &mut GameState,
    before: &BTreeMap<Hex, Option<Side>>,
) -> (BTreeMap<Hex, Option<Side>>, CityEvents) {
    let now = friendly_map(rules, pos, &state.held);
    next.held = control::held_at_start(&rules.board, pos);
    let coming = friendly_map(rules, pos, &next.held);
    if rules.ruleset.format_one {
        let events = CityEvents {
            now: city_changes(before, &coming),
            next: Vec::new(),
        };
        return (coming, events);
    }
    let later = city_changes(&now, &coming)
        .into_iter()
        .filter_map(|e| match e {
            Event::CityChanged { hex, from, to, .. } => Some(Event::CityFromNextPlayerTurn {
                hex,
                from,
                to,
                rule: Rule::para(para!("5.1-5.2")).and(Ref::Reading("5".into())),
            }),
            _ => None,
        })
        .collect();
    let events = CityEvents {
        now: city_changes(before, &now),
        next: later,
    };
    (now, events)
}

/// Which side each city hex is friendly to (5.1-5.2), `None` for neither.
fn friendly_map(
    rules: &Rules,
    pos: &Position,
    held: &BTreeMap<Hex, Side>,
) -> BTreeMap<Hex, Option<Side>> {
    control::friendly_map(
        &rules.board,
        pos,
        held,
        rules.ruleset.readings.city_friendly,
    )
}

fn city_changes(
    before: &BTreeMap<Hex, Option<Side>>,
    after: &BTreeMap<Hex, Option<Side>>,
) -> Vec<Event> {
    after
        .iter()
        .filter_map(|(h, to)| {
            let from = before.get(h).copied().flatten();
            (from != *to).then(|| Event::CityChanged {
                hex: *h,
                from,
                to: *to,
                rule: Rule::para(para!("5.1-5.2")),
            })
        })
        .collect()
}

/// 6.2: what the side to move next may bring on.
fn reinforcements_due(rules: &Rules, next: &GameState) -> Vec<Event> {
    let Phase::Turn { turn, side } = next.phase else {
        return Vec::new();
    };
    let mut due: Vec<&Counter> = next
        .units
        .iter()
        .filter(|(_, p)| matches!(p, Place::Waiting))
        .filter_map(|(id, _)| rules.counters.get(id))
        .filter(|c| c.side == side && u32::from(c.enters) <= turn)
        .collect();
    due.sort_by_cached_key(|c| c.counting_key());
    let units: Vec<UnitId> = due.iter().map(|c| c.id.clone()).collect();
    if units.is_empty() {
        Vec::new()
    } else {
        vec![Event::ReinforcementsDue { side, turn, units }]
    }
}
