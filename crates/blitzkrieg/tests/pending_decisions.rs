//! Pending-decision games (`blitz new --decisions pending`): the defender's part of a
//! battle result is held in the state and completed at the top of his next order file,
//! as the PBEM turn sequence of seed 000 has it ("complete losses, retreats, and
//! advances from prior player-turn"). Played on the demo's own orders.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::hex::Hex;
use blitzkrieg::orders::Problem;
use blitzkrieg::state::{DecisionMode, GameState, Place};
use blitzkrieg::units::UnitId;
use blitzkrieg_desk::demo::{self, STEPS};
use blitzkrieg_desk::game::{self, GameError, OrderText, Resolution, RuleFiles, SeedInput, Umpire};

fn umpire() -> Umpire {
    Umpire::load(&RuleFiles::default()).unwrap()
}

/// A game state and its file bytes.
struct Game {
    state: GameState,
    bytes: Vec<u8>,
}

fn new_game(u: &Umpire, decisions: DecisionMode) -> Game {
    let mut spec = demo::new_game_spec();
    spec.decisions = decisions;
    let state = game::new_game(u, &spec).unwrap();
    let bytes = state.to_ron().unwrap().into_bytes();
    Game { state, bytes }
}

/// Resolves the demo step `i` with `extra` orders put before the step's own.
fn play(u: &Umpire, g: &Game, i: usize, extra: &str) -> Result<Resolution, GameError> {
    let step = STEPS[i];
    let body = format!("{extra}\n{}", step.orders);
    let orders = OrderText {
        toml: demo::order_file(&g.state, &g.bytes, &body),
        name: step.file.to_string(),
        source_lines: Vec::new(),
    };
    let seed = step.beacon.map(|b| SeedInput::Beacon(b.to_string()));
    game::resolve(
        u,
        &g.bytes,
        "state.ron",
        &orders,
        seed.as_ref(),
        None,
        false,
    )
}

fn next(r: Resolution) -> Game {
    Game {
        state: r.state,
        bytes: r.state_ron.into_bytes(),
    }
}

/// The pending game after set-up, 1-Blue and 1-Red (where Red wins battle A1 at 2-1
/// with a D elim, as in the demo).
fn after_1_red(u: &Umpire) -> (Game, Resolution) {
    let mut g = new_game(u, DecisionMode::Pending);
    for i in 0..3 {
        g = next(play(u, &g, i, "").unwrap());
    }
    let r = play(u, &g, 3, "").unwrap();
    (next(r.clone()), r)
}

fn unit(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

fn hex(s: &str) -> Hex {
    s.parse().unwrap()
}

fn place(g: &Game, u: &str) -> Place {
    g.state.units.get(&unit(u)).cloned().unwrap()
}

const DECISION_A1: &str = r#"
[[decision]]
battle = "1-Red/A1"
lose = ["B-1AR"]
retreat = ["UU28"]
"#;

#[test]
fn pbem_sequence_defender_result_is_held_as_pending_not_applied() {
    let u = umpire();
    let (g, r) = after_1_red(&u);
    // The DE of battle A1 is owed by Blue: nothing of Blue's moved or died yet, and
    // Red's conditional advance waits for the hex to be vacated.
    assert_eq!(g.state.pending.len(), 1);
    let p = &g.state.pending[0];
    assert_eq!(p.battle, "1-Red/A1");
    assert_eq!(p.result.code(), "DE");
    assert_eq!(p.units, vec![unit("B-1AR"), unit("B-2AR"), unit("B-3AR")]);
    assert_eq!(
        p.foe_advance,
        vec![unit("R-1AR"), unit("R-2AR"), unit("R-GDAR")]
    );
    assert_eq!(place(&g, "B-1AR"), Place::Map(hex("WW28")));
    assert_eq!(place(&g, "R-1AR"), Place::Map(hex("XX29")));
    assert!(
        r.report
            .contains("Blue owes for battle 1-Red/A1: eliminate one of B-1AR, B-2AR, B-3AR"),
        "{}",
        r.report
    );
    // Blue's template asks for it first.
    assert!(
        r.template.contains("[[decision]]\nbattle = \"1-Red/A1\""),
        "{}",
        r.template
    );
}

#[test]
fn pbem_sequence_owed_decision_must_be_given() {
    let u = umpire();
    let (g, _) = after_1_red(&u);
    let Err(GameError::Orders { errors, .. }) = play(&u, &g, 4, "") else {
        panic!("orders without the owed decision were accepted");
    };
    assert!(
        errors.iter().any(
            |e| matches!(&e.problem, Problem::DecisionOwed { battle, .. } if battle == "1-Red/A1")
        ),
        "{errors:?}"
    );
}

#[test]
fn pbem_sequence_decision_completes_loss_retreat_and_the_attackers_advance_first() {
    let u = umpire();
    let (g, _) = after_1_red(&u);
    let r = play(&u, &g, 4, DECISION_A1).unwrap();
    // The same choices as the standing-order demo made: B-1AR lost, the other two back
    // to UU28, Red's armor into WW28 -- before Blue's movement and battles.
    let owed_section = r
        .report
        .split("OWED DECISIONS CARRIED OUT (PBEM)")
        .nth(1)
        .unwrap()
        .split("MOVEMENT")
        .next()
        .unwrap()
        .to_string();
    assert!(
        owed_section.contains("B-1AR eliminated in WW28"),
        "{}",
        r.report
    );
    assert!(
        owed_section.contains("B-2AR retreats WW28-VV28-UU28"),
        "{}",
        r.report
    );
    assert!(
        owed_section.contains("R-1AR advances XX29-WW28"),
        "{}",
        r.report
    );
    let g = next(r);
    assert!(matches!(place(&g, "B-1AR"), Place::Eliminated { .. }));
    // Blue's own battles of 2-Blue are now owed by Red in turn.
    assert!(g.state.pending.iter().all(|p| p.side.name() == "Red"));
    assert!(!g.state.pending.is_empty());
}

#[test]
fn pbem_sequence_every_bad_decision_is_reported_at_once() {
    let u = umpire();
    let (g, _) = after_1_red(&u);
    let bad = r#"
[[decision]]
battle = "1-Red/A1"
lose = ["B-4AR"]
retreat = ["TT27"]

[[decision]]
battle = "1-Red/A9"
"#;
    let Err(GameError::Orders { errors, .. }) = play(&u, &g, 4, bad) else {
        panic!("bad decisions were accepted");
    };
    let has = |f: &dyn Fn(&Problem) -> bool| errors.iter().any(|e| f(&e.problem));
    assert!(
        has(&|p| matches!(p, Problem::NotALoser { .. })),
        "{errors:?}"
    );
    assert!(
        has(&|p| matches!(p, Problem::NoLegalRetreatNamed { .. })),
        "{errors:?}"
    );
    assert!(
        has(&|p| matches!(p, Problem::NoDecisionOwed(b) if b == "1-Red/A9")),
        "{errors:?}"
    );
}

#[test]
fn standing_order_games_take_no_decisions() {
    let u = umpire();
    let mut g = new_game(&u, DecisionMode::StandingOrders);
    for i in 0..4 {
        g = next(play(&u, &g, i, "").unwrap());
    }
    assert!(g.state.pending.is_empty());
    let Err(GameError::Orders { errors, .. }) = play(&u, &g, 4, DECISION_A1) else {
        panic!("a decision was accepted in a standing-order game");
    };
    assert!(
        errors
            .iter()
            .any(|e| matches!(e.problem, Problem::DecisionsNotUsed)),
        "{errors:?}"
    );
}

/// BGAT DE: the loser eliminates one unit; a decision naming two is refused at the
/// second name, not carried out.
#[test]
fn pbem_sequence_a_de_costs_one_unit_not_two() {
    let u = umpire();
    let (g, _) = after_1_red(&u);
    let two = r#"
[[decision]]
battle = "1-Red/A1"
lose = ["B-1AR", "B-2AR"]
retreat = ["UU28"]
"#;
    let Err(GameError::Orders { errors, .. }) = play(&u, &g, 4, two) else {
        panic!("a decision losing two units was accepted");
    };
    assert!(
        errors.iter().any(|e| matches!(
            &e.problem,
            Problem::OneLossOnly { battle } if battle == "1-Red/A1"
        ) && e.unit.as_ref() == Some(&unit("B-2AR"))),
        "{errors:?}"
    );
}

/// PBEM sequence, the game's last player-turn: in a one-turn pending game, the loss and
/// retreat Blue owes for Red's battle A1 are asked in a final step, `03-1-red.step1`,
/// before victory is judged; the folder, step included, verifies.
#[test]
fn pbem_sequence_last_player_turn_final_step_is_a_file_of_its_own_and_verifies() {
    let u = umpire();
    let mut spec = demo::new_game_spec();
    spec.decisions = DecisionMode::Pending;
    spec.last_turn = 1;
    let first = game::new_game(&u, &spec).unwrap();
    let mut g = Game {
        bytes: first.to_ron().unwrap().into_bytes(),
        state: first,
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let write_state = |g: &Game| {
        let path = dir.join(format!("{}.state.ron", g.state.file_stem()));
        std::fs::write(path, &g.bytes).unwrap();
    };
    write_state(&g);
    for (i, step) in STEPS.iter().enumerate().take(4) {
        let stem = g.state.file_stem();
        let body = format!("\n{}", step.orders);
        let toml = demo::order_file(&g.state, &g.bytes, &body);
        std::fs::write(dir.join(format!("{stem}.orders.toml")), &toml).unwrap();
        if let Some(b) = step.beacon {
            std::fs::write(dir.join(format!("{stem}.seed.json")), b).unwrap();
        }
        g = next(play(&u, &g, i, "").unwrap());
        write_state(&g);
    }
    // Red's player-turn 1 was the last: Blue is asked in a final step.
    assert_eq!(g.state.file_stem(), "03-1-red.step1");
    assert_eq!(g.state.mover(), Some(blitzkrieg::units::Side::Blue));
    assert!(matches!(
        g.state.phase,
        blitzkrieg::state::Phase::Turn { .. }
    ));
    assert_eq!(place(&g, "B-1AR"), Place::Map(hex("WW28")));
    let toml = demo::order_file(&g.state, &g.bytes, DECISION_A1);
    std::fs::write(dir.join("03-1-red.step1.orders.toml"), &toml).unwrap();
    let orders = OrderText {
        toml,
        name: "03-1-red.step1.orders.toml".to_string(),
        source_lines: Vec::new(),
    };
    let r = game::resolve(&u, &g.bytes, "state.ron", &orders, None, None, false).unwrap();
    assert!(
        matches!(r.state.phase, blitzkrieg::state::Phase::Over { .. }),
        "{}",
        r.report
    );
    assert!(r.report.contains("B-1AR"), "{}", r.report);
    let over = next(r);
    assert!(matches!(place(&over, "B-1AR"), Place::Eliminated { .. }));
    write_state(&over);
    let v = game::verify_dir(&u, dir).unwrap();
    assert_eq!(v.turns.len(), 5, "{:?}", v.turns);
}
