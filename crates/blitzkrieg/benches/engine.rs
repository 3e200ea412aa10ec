//! Benchmark of one player-turn on the embedded board: a Basic Game turn with every
//! Basic Game counter of both sides on the map (71 a side, 142 in all) and twelve
//! battles declared, and a Tournament Game turn (24-30) with every counter of both
//! sides in play, substitutes, rangers and bombers included (all but one substitute of
//! each denomination, kept inactive to make change), and forty battles on the TGAT,
//! six of them barraged by artillery on the BBT first (25.2), four supported by
//! tactical bombing (30.41) and two bombed strategically (30.42). Aircraft are based
//! in their side's home cities, three to a city (30.2).
//!
//! The position is built in code: the battles (the Basic Game's in the minor
//! countries, the Tournament Game's anywhere on open ground), each a Blue
//! stack of three attacking a Red hex of one to three units; two of each three
//! attackers move up this turn (half with a full `path`, half with only `to`, so the
//! umpire searches the path), a few Blue reserve stacks move at home, and every other
//! counter stands at home, three to a hex, out of reach of the enemy. The orders are
//! checked to be legal before anything is timed, so what is measured is adjudication,
//! never an error path. The dice come from a fixed agreed text: every run is the same.
//!
//! A third group, `tournament-optional`, times the same Tournament turn in a game
//! playing the optional rules 33-36 (bombing missions, weather, naval ascendancy,
//! critical resources): each sea zone's naval points and state, each side's resource
//! cities and the turn's weather are worked out around the same moves and battles.
//!
//! Measured:
//! - `check`: `engine::check`, the orders against the state, no dice;
//! - `adjudicate`: `engine::adjudicate`, the whole player-turn (movement, battle
//!   checks, combat, cities, victory);
//! - `resolve`: `game::resolve` from bytes to bytes: reading and verifying the state
//!   file, parsing the orders, hashing, adjudicating, writing the next state, the report
//!   and the next order template.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::builder::StateBuilder;

use blitzkrieg::board::{Board, Terrain};
use blitzkrieg::control;
use blitzkrieg::engine::{self, TurnInput};
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders::{self, Diagnostics, Orders};
use blitzkrieg::rules::Rules;
use blitzkrieg::state::{sha256_hex, GameState, Place, Player, RuleSet, StandingOrders};
use blitzkrieg::units::{Counter, Counters, Side, UnitId, UnitKind};
use blitzkrieg_desk::game::{self, OrderText, RuleFiles, SeedInput, Umpire};
use criterion::{criterion_group, criterion_main, Criterion};
use pbem::seed::Seed;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

const GAME: &str = "bench";
const TURN: u32 = 5;
const SEED_TEXT: &str = "the agreed text that decides the benchmark turn";
const STATE_FILE: &str = "bench.state.ron";
const ORDERS_FILE: &str = "bench.orders.toml";

/// A clear, city-free hex of a minor country: ground for a battle.
fn open_minor(board: &Board, h: Hex) -> bool {
    board.terrain(h) == Some(Terrain::Clear)
        && !board.is_city(h)
        && board.country(h).is_some_and(|c| c.home_of().is_none())
}

/// A clear hex anywhere, neither a city nor next to one (a minor country's unreduced
/// city has a ZOC, 29.4): ground for a Tournament battle.
fn open_ground(board: &Board, h: Hex) -> bool {
    board.terrain(h) == Some(Terrain::Clear)
        && !board.is_city(h)
        && !board.neighbours(h).any(|n| board.is_city(n))
}

/// The turn benchmarked: which game, how many battles, where they may be fought.
#[derive(Clone, Copy)]
struct Plan {
    rules: RuleSet,
    /// The optional rules the game plays, by number.
    optional: &'static [u32],
    battles: usize,
    ground: fn(&Board, Hex) -> bool,
}

const BASIC: Plan = Plan {
    rules: RuleSet::Basic,
    optional: &[],
    battles: 12,
    ground: open_minor,
};

const TOURNAMENT: Plan = Plan {
    rules: RuleSet::Tournament,
    optional: &[],
    battles: 40,
    ground: open_ground,
};

/// 33-36: the Tournament turn in a game playing the optional rules without air combat.
const TOURNAMENT_OPTIONAL: Plan = Plan {
    optional: &[33, 34, 35, 36],
    ..TOURNAMENT
};

/// The plan's battle sites, west to east, each four open hexes in a row `[start, mid,
/// line, target]`: Blue attacks `target` from `line`, reinforced from `start` through
/// `mid`. Sites keep four hexes apart, so no unit of one site touches the enemy of
/// another.
fn battle_sites(board: &Board, plan: Plan) -> Vec<[Hex; 4]> {
    let mut sites: Vec<[Hex; 4]> = Vec::new();
    for (h, _) in board.hexes() {
        let row = [-2, -1, 0, 1].map(|dc| Hex::new(h.col() + dc, h.num()));
        let Some(site) = row.into_iter().collect::<Option<Vec<Hex>>>() else {
            continue;
        };
        let apart = sites
            .iter()
            .flatten()
            .all(|s| site.iter().all(|x| x.distance(*s) >= 4));
        if apart && site.iter().all(|x| (plan.ground)(board, *x)) {
            sites.push([site[0], site[1], site[2], site[3]]);
        }
    }
    assert!(
        sites.len() >= plan.battles,
        "the board has room for {} battle sites, not {}",
        sites.len(),
        plan.battles
    );
    sites.truncate(plan.battles);
    sites
}

/// The counters of a side the plan puts in play: the Basic Game's; in the Tournament
/// Game every counter but the fighters (30.1: only with optional rule 32) and the first
/// substitute of each type and denomination, which stays inactive (26.2, to make change).
fn in_play(counters: &Counters, side: Side, plan: Plan) -> Vec<&Counter> {
    if plan.rules == RuleSet::Basic {
        return counters.basic_game(side).collect();
    }
    let mut spare = BTreeSet::new();
    counters
        .of_side(side)
        .filter(|c| c.kind != UnitKind::Ftr)
        .filter(|c| !c.is_substitute() || !spare.insert((c.kind, c.attack, c.defence)))
        .collect()
}

/// 30.2: a side's aircraft based in its home cities, at most three to a city hex, each
/// city hex at least `clear` hexes from every hex in `keep_away`; the cities in board
/// order.
fn bases<'a>(
    board: &Board,
    side: Side,
    aircraft: &[&'a Counter],
    keep_away: &BTreeSet<Hex>,
    clear: u32,
) -> Vec<(Hex, Vec<&'a Counter>)> {
    let cities: Vec<Hex> = board
        .city_hexes()
        .filter(|h| board.home_of(*h) == Some(side))
        .filter(|h| keep_away.iter().all(|k| k.distance(*h) >= clear))
        .collect();
    let based: Vec<(Hex, Vec<&Counter>)> = aircraft
        .chunks(3)
        .zip(cities)
        .map(|(chunk, h)| (h, chunk.to_vec()))
        .collect();
    assert_eq!(
        based.iter().map(|(_, a)| a.len()).sum::<usize>(),
        aircraft.len(),
        "not enough cities to base {side}'s aircraft"
    );
    based
}

/// A side's counters of one kind, full units first, in id order.
fn of_kind<'a>(all: &[&'a Counter], kind: UnitKind) -> Vec<&'a Counter> {
    let mut v: Vec<&Counter> = all.iter().copied().filter(|c| c.kind == kind).collect();
    v.sort_by_key(|c| c.is_substitute());
    v
}

fn quoted(units: &[&UnitId]) -> String {
    let names: Vec<String> = units.iter().map(|u| format!("\"{u}\"")).collect();
    format!("[{}]", names.join(", "))
}

/// Everything the benchmark needs, built once.
struct Fixture {
    umpire: Umpire,
    rules: Rules,
    state: GameState,
    state_ron: String,
    state_hash: String,
    orders_text: String,
    orders: Orders,
    seed: Seed,
    on_map: usize,
    battles: usize,
}

/// Places `units` at home, three to a hex, on clear hexes at least three hexes from
/// every hex in `keep_away`; returns the stacks in placement order.
fn place_at_home<'a>(
    board: &Board,
    side: Side,
    units: &[&'a Counter],
    keep_away: &BTreeSet<Hex>,
    taken: &mut BTreeSet<Hex>,
) -> Vec<(Hex, Vec<&'a Counter>)> {
    let spots: Vec<Hex> = board
        .hexes()
        .map(|(h, _)| h)
        .filter(|h| {
            h.col() % 2 == 0
                && h.num() % 2 == 0
                && board.home_of(*h) == Some(side)
                && board.terrain(*h) == Some(Terrain::Clear)
                && !board.is_city(*h)
                && !taken.contains(h)
                && keep_away.iter().all(|k| k.distance(*h) >= 3)
        })
        .collect();
    let stacks: Vec<(Hex, Vec<&Counter>)> = units
        .chunks(3)
        .zip(spots)
        .map(|(chunk, h)| (h, chunk.to_vec()))
        .collect();
    assert_eq!(
        stacks.iter().map(|(_, s)| s.len()).sum::<usize>(),
        units.len(),
        "not enough room at home for {side}"
    );
    taken.extend(stacks.iter().map(|(h, _)| *h));
    stacks
}

/// Blue's player-turn `TURN` of the plan's game resolved by an agreed text, with the
/// counters at `units`; Red retreats toward `red_retreat` when it must.
fn new_state(plan: Plan, units: BTreeMap<UnitId, Place>, red_retreat: Option<Hex>) -> GameState {
    StateBuilder::new(GAME)
        .sender("umpire@example.org")
        .player(
            Side::Blue,
            Player {
                name: "Blue".to_string(),
                email: "blue@example.org".to_string(),
            },
        )
        .player(
            Side::Red,
            Player {
                name: "Red".to_string(),
                email: "red@example.org".to_string(),
            },
        )
        .turn(TURN, Side::Blue)
        .units(units)
        .standing(
            Side::Red,
            StandingOrders {
                lose_first: Vec::new(),
                retreat_toward: red_retreat,
                retreat_prefer: Vec::new(),
                advance: true,
                intercepts: Vec::new(),
            },
        )
        .build_with(|s| {
            s.game.options.rules = plan.rules;
            s.game.options.optional = plan.optional.iter().copied().collect();
        })
}

fn fixture(plan: Plan) -> Fixture {
    let umpire = Umpire::load(&RuleFiles::default()).expect("the embedded rule data");
    let board = &umpire.rules.board;
    let counters = &umpire.rules.counters;
    let (blue_air, blue): (Vec<&Counter>, Vec<&Counter>) = in_play(counters, Side::Blue, plan)
        .into_iter()
        .partition(|c| c.kind.is_air());
    let (red_air, red): (Vec<&Counter>, Vec<&Counter>) = in_play(counters, Side::Red, plan)
        .into_iter()
        .partition(|c| c.kind.is_air());
    let sites = battle_sites(board, plan);
    let battles = plan.battles;

    let mut places: BTreeMap<UnitId, Place> = BTreeMap::new();
    let mut put = |c: &Counter, h: Hex| {
        assert!(places.insert(c.id.clone(), Place::Map(h)).is_none());
    };

    // Each battle site: Blue holds `line` with one infantry, two more units (armor, then
    // infantry, then airborne, air-assault and rangers) wait two hexes back and move up;
    // Red holds `target` with one, two or three units (infantry first).
    let blue_inf = of_kind(&blue, UnitKind::Infantry);
    let holders = &blue_inf[..battles];
    let mut movers: Vec<&Counter> = of_kind(&blue, UnitKind::Armor);
    movers.extend(&blue_inf[battles..]);
    for kind in [UnitKind::Airborne, UnitKind::AirAssault, UnitKind::Rangers] {
        movers.extend(of_kind(&blue, kind));
    }
    assert!(movers.len() >= 2 * battles, "enough Blue units to move up");
    let mut red_line = of_kind(&red, UnitKind::Infantry);
    for kind in [UnitKind::Armor, UnitKind::Airborne, UnitKind::AirAssault] {
        red_line.extend(of_kind(&red, kind));
    }
    let mut red_front = red_line.iter().copied();
    let mut front_used: BTreeSet<&UnitId> = BTreeSet::new();
    let mut keep_away = BTreeSet::new();
    let mut moves = String::new();
    let mut attacks = String::new();
    for (k, &[from, mid, line, target]) in sites.iter().enumerate() {
        let holder = holders[k];
        let (m1, m2) = (movers[2 * k], movers[2 * k + 1]);
        put(holder, line);
        put(m1, from);
        put(m2, from);
        for _ in 0..=(k % 3) {
            let r = red_front.next().expect("enough Red units");
            put(r, target);
            front_used.insert(&r.id);
        }
        front_used.extend([&holder.id, &m1.id, &m2.id]);
        keep_away.extend([from, mid, line, target]);
        let stack = quoted(&[&m1.id, &m2.id]);
        if k % 2 == 0 {
            writeln!(
                moves,
                "[[move]]\nunits = {stack}\npath = [\"{from}\", \"{mid}\", \"{line}\"]\n"
            )
        } else {
            writeln!(moves, "[[move]]\nunits = {stack}\nto = \"{line}\"\n")
        }
        .expect("write");
        let units = quoted(&[&holder.id, &m1.id, &m2.id]);
        writeln!(
            attacks,
            "[[attack]]\nid = \"A{}\"\nunits = {units}\ntarget = \"{target}\"\nadvance = [\"{}\"]\nlose = [\"{}\"]\nretreat = [\"{from}\"]\n",
            k + 1,
            m1.id,
            holder.id,
        )
        .expect("write");
    }

    // 25.2: six battles in Great Blue are barraged first by a full artillery unit
    // standing on the site's `mid` hex, two hexes from the target.
    let mut barrages = String::new();
    let mut barraged = BTreeSet::new();
    let artillery: Vec<&Counter> = of_kind(&blue, UnitKind::Artillery)
        .into_iter()
        .filter(|c| !c.is_substitute())
        .collect();
    let home_sites = sites
        .iter()
        .enumerate()
        .filter(|(_, s)| s.iter().all(|h| board.home_of(*h) == Some(Side::Blue)));
    for (gun, (k, &[_, mid, _, target])) in artillery.iter().zip(home_sites) {
        put(gun, mid);
        front_used.insert(&gun.id);
        barraged.insert(target);
        writeln!(
            barrages,
            "[[barrage]]\nid = \"B{}\"\nunits = [\"{}\"]\ntarget = \"{target}\"\n",
            k + 1,
            gun.id
        )
        .expect("write");
    }

    // 30.2: the aircraft based in home cities clear of the battles; 30.41: each full
    // TAC and MDM supports the nearest battle in range not barraged (one each); 30.42:
    // each full SAC bombs the target of the nearest battle in range not barraged.
    let targets: BTreeSet<Hex> = sites.iter().map(|s| s[3]).collect();
    let blue_bases = bases(board, Side::Blue, &blue_air, &targets, 2);
    let red_bases = bases(board, Side::Red, &red_air, &keep_away, 3);
    let mut missions = String::new();
    let mut supported = BTreeSet::new();
    for (base, aircraft) in &blue_bases {
        for a in aircraft {
            put(a, *base);
            if a.is_substitute() {
                continue;
            }
            let tactical = matches!(a.kind, UnitKind::Tac | UnitKind::Mdm);
            let nearest = sites
                .iter()
                .enumerate()
                .filter(|(k, s)| !barraged.contains(&s[3]) && !supported.contains(k))
                .map(|(k, s)| (base.distance(s[3]), k, s[3]))
                .filter(|(d, _, _)| *d <= a.movement)
                .min();
            let Some((_, k, target)) = nearest else {
                continue;
            };
            supported.insert(k);
            let (kind, battle) = if tactical {
                ("tactical", format!("battle = \"A{}\"\n", k + 1))
            } else {
                ("strategic", String::new())
            };
            writeln!(
                missions,
                "[[mission]]\nunits = [\"{}\"]\nkind = \"{kind}\"\nto = \"{target}\"\n{battle}",
                a.id
            )
            .expect("write");
        }
    }
    for (base, aircraft) in &red_bases {
        for a in aircraft {
            put(a, *base);
        }
    }

    // Everyone else at home, and four Blue reserve stacks march.
    let mut taken = BTreeSet::new();
    let blue_rest: Vec<&Counter> = blue
        .iter()
        .copied()
        .filter(|c| !front_used.contains(&c.id))
        .collect();
    let red_rest: Vec<&Counter> = red
        .iter()
        .copied()
        .filter(|c| !front_used.contains(&c.id))
        .collect();
    let blue_stacks = place_at_home(board, Side::Blue, &blue_rest, &keep_away, &mut taken);
    let red_stacks = place_at_home(board, Side::Red, &red_rest, &keep_away, &mut taken);
    for (h, stack) in blue_stacks.iter().chain(&red_stacks) {
        for c in stack {
            put(c, *h);
        }
    }
    let mut reserved = taken.clone();
    // Four stacks that have room three (or two) hexes away march there.
    let mut marching = 0;
    for (h, stack) in blue_stacks.iter().filter(|(_, s)| !s.is_empty()) {
        let room = h.ring(3).into_iter().chain(h.ring(2)).find(|d| {
            board.home_of(*d) == Some(Side::Blue)
                && board.terrain(*d) == Some(Terrain::Clear)
                && !reserved.contains(d)
                && keep_away.iter().all(|k| k.distance(*d) >= 3)
        });
        let Some(dest) = room else { continue };
        reserved.insert(dest);
        let ids: Vec<&UnitId> = stack.iter().map(|c| &c.id).collect();
        writeln!(
            moves,
            "[[move]]\nunits = {}\nto = \"{dest}\"\n",
            quoted(&ids)
        )
        .expect("write");
        marching += 1;
        if marching == 4 {
            break;
        }
    }
    assert_eq!(marching, 4, "room for four reserves to march");
    let on_map = places.len();
    assert_eq!(
        on_map,
        blue.len() + red.len() + blue_air.len() + red_air.len(),
        "every counter in play placed"
    );

    // Substitutes kept to make change are inactive (26.2).
    for side in Side::BOTH {
        for c in counters.of_side(side).filter(|c| c.is_substitute()) {
            places.entry(c.id.clone()).or_insert(Place::Inactive);
        }
    }
    let mut state = new_state(plan, places, red_stacks.first().map(|(h, _)| *h));
    state.held = control::held_at_start(board, &state.position(counters));

    // The state as the umpire would have written it, and orders bound to its hash.
    let state_ron = state.to_ron().expect("the state writes");
    let state = GameState::from_ron(&state_ron, STATE_FILE).expect("the state reads back");
    let state_hash = sha256_hex(state_ron.as_bytes());
    let orders_text = format!(
        "game = \"{GAME}\"\nside = \"blue\"\nturn = {TURN}\nstate = \"{state_hash}\"\n\n\
         [seed]\nsource = \"text\"\ndate = \"2026-01-05\"\ndescription = \"the benchmark text\"\n\n\
         {moves}{attacks}{barrages}{missions}"
    );
    let orders = orders::parse(&orders_text).unwrap_or_else(|e| {
        panic!(
            "{}",
            Diagnostics::new(ORDERS_FILE, &orders_text, e).render(false)
        )
    });
    // The rules of the game the state records (the umpire's own are the Basic Game's).
    let rules = umpire.rules_for(&state).expect("the state's rules");
    let errors = engine::check(&rules, &state, &orders, &state_hash);
    assert!(
        errors.is_empty(),
        "the benchmark orders must be legal:\n{}",
        Diagnostics::new(ORDERS_FILE, &orders_text, errors).render(false)
    );
    assert_eq!(orders.attacks.len(), battles);
    Fixture {
        umpire,
        rules,
        state,
        state_ron,
        state_hash,
        orders_text,
        orders,
        seed: Seed::from_text(SEED_TEXT).expect("a seed text"),
        on_map,
        battles,
    }
}

fn adjudicate(f: &Fixture) -> (GameState, Vec<Event>) {
    let label = f.state.label();
    let mut rolls = f.seed.rolls(GAME, &label);
    let orders_hash = sha256_hex(f.orders_text.as_bytes());
    let seed_hash = f.seed.hash_hex();
    let source = f.seed.source_display();
    let value = f.seed.value_display();
    let mut input = TurnInput {
        state_hash: &f.state_hash,
        orders_hash: &orders_hash,
        commitment: None,
        seed_source: &source,
        seed_value: &value,
        seed_hash: &seed_hash,
        dice: &mut rolls,
        tables: f.umpire.tables(),
    };
    engine::adjudicate(&f.rules, &f.state, &f.orders, &mut input)
        .unwrap_or_else(|e| panic!("the turn must adjudicate: {e:?}"))
}

fn resolve(f: &Fixture, orders: &OrderText, seed: &SeedInput) -> game::Resolution {
    game::resolve(
        &f.umpire,
        f.state_ron.as_bytes(),
        STATE_FILE,
        orders,
        Some(seed),
        None,
        false,
    )
    .unwrap_or_else(|e| panic!("the turn must resolve: {e}"))
}

/// What the benchmarked turn does, printed once so a reader knows what was timed.
fn describe(f: &Fixture) {
    let (next, events) = adjudicate(f);
    let fought: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Battle(b) => Some(format!("{} {} {}", b.id, b.odds, b.result)),
            _ => None,
        })
        .collect();
    let moved = events
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. }))
        .count();
    let barrages = events
        .iter()
        .filter(|e| matches!(e, Event::Barraged { .. }))
        .count();
    let air = events.iter().filter(|e| matches!(e, Event::Air(_))).count();
    let eliminated = next
        .units
        .values()
        .filter(|p| matches!(p, Place::Eliminated { .. }))
        .count();
    eprintln!(
        "benchmark turn {}: {} units on the map, {} battles declared, {} move events, \
         {} battles fought, {} barrages, {} air events, {} units eliminated, {} events; \
         state file {} bytes",
        f.state.label(),
        f.on_map,
        f.battles,
        moved,
        fought.len(),
        barrages,
        air,
        eliminated,
        events.len(),
        f.state_ron.len(),
    );
    for line in &fought {
        eprintln!("  {line}");
    }
}

fn bench_turn(c: &mut Criterion) {
    bench_plan(c, "turn", BASIC);
}

/// 24-26: a Tournament Game turn, TGAT battles with factor losses and substitutes.
fn bench_tournament(c: &mut Criterion) {
    bench_plan(c, "tournament", TOURNAMENT);
}

/// 33-36: the Tournament Game turn with bombing missions, weather, naval ascendancy and
/// critical resources played.
fn bench_tournament_optional(c: &mut Criterion) {
    bench_plan(c, "tournament-optional", TOURNAMENT_OPTIONAL);
}

fn bench_plan(c: &mut Criterion, name: &str, plan: Plan) {
    let f = fixture(plan);
    describe(&f);
    let orders = OrderText {
        toml: f.orders_text.clone(),
        name: ORDERS_FILE.to_string(),
        source_lines: Vec::new(),
    };
    let seed = SeedInput::Text(SEED_TEXT.to_string());
    // The bytes-to-bytes path must agree with the engine called directly (which leaves
    // the envelope's release stamp to the file layer).
    let mut from_files = resolve(&f, &orders, &seed).state;
    from_files.umpire.clear();
    assert_eq!(from_files, adjudicate(&f).0);

    let mut group = c.benchmark_group(name);
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    group.bench_function("check", |b| {
        b.iter(|| {
            engine::check(
                black_box(&f.rules),
                black_box(&f.state),
                black_box(&f.orders),
                black_box(&f.state_hash),
            )
        });
    });
    group.bench_function("adjudicate", |b| b.iter(|| adjudicate(black_box(&f))));
    group.bench_function("resolve", |b| {
        b.iter(|| resolve(black_box(&f), black_box(&orders), black_box(&seed)));
    });
    // 23.1-23.3: every unit of both sides on the full board traces its supply.
    let pos = f.state.position(&f.rules.counters);
    group.bench_function("supply-both-sides", |b| {
        b.iter(|| {
            Side::BOTH.map(|side| {
                blitzkrieg::supply::cut_off(
                    black_box(&f.rules),
                    black_box(&pos),
                    black_box(&f.state.held),
                    &f.state.beachheads.get(&side).cloned().unwrap_or_default(),
                    side,
                )
            })
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_turn,
    bench_tournament,
    bench_tournament_optional
);
criterion_main!(benches);
