//! BLITZKRIEG through the play-by-e-mail machinery's `Game` trait: the demo game,
//! replayed state by state from its kept orders and seeds, gives the same events, the
//! same positions and the same reports as the game folder holds.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::state::GameState;
use blitzkrieg_desk::game::{RuleFiles, Umpire};
use pbem::game::{Game, OrderProblem};
use pbem::seed::{DrandChain, Seed};
use std::fs;

#[test]
fn the_demo_replays_through_the_trait() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    blitzkrieg_desk::demo::play(&u, &dir, false).unwrap();
    let chain = DrandChain::quicknet().unwrap();
    let stems = [
        "00-setup-blue",
        "01-setup-red",
        "02-1-blue",
        "03-1-red",
        "04-2-blue",
        "05-2-red",
    ];
    for (i, stem) in stems.iter().enumerate() {
        let text = fs::read_to_string(dir.join(format!("{stem}.state.ron"))).unwrap();
        let state: GameState = u.read_state(&text, stem).unwrap();
        assert_eq!(
            u.write_state(&state).unwrap(),
            text,
            "{stem}: written back as read"
        );
        let orders = fs::read_to_string(dir.join(format!("{stem}.orders.toml"))).unwrap();
        let orders = u.parse_orders(&orders).unwrap();
        assert!(u.check(&state, &orders).is_empty(), "{stem}: legal orders");
        let seed = fs::read_to_string(dir.join(format!("{stem}.seed.json")))
            .ok()
            .map(|json| Seed::from_beacon_json(&json, &chain, None).unwrap());
        let (next, events) = u.adjudicate(&state, &orders, seed.as_ref()).unwrap();
        let kept_stem = stems.get(i + 1).copied().unwrap_or("06-3-blue");
        let kept = fs::read_to_string(dir.join(format!("{kept_stem}.state.ron"))).unwrap();
        let kept: GameState = u.read_state(&kept, kept_stem).unwrap();
        assert_eq!(events, kept.last.events, "{stem}: the same events");
        assert_eq!(next.units, kept.units, "{stem}: the same position");
        assert_eq!(u.step(&next).label, u.step(&kept).label);
        // The header's hash lines name the chain, which the folder fills in.
        let body = |r: &str| r.split_once("\n\n").map(|(_, b)| b.to_string());
        let kept_report = fs::read_to_string(dir.join(format!("{stem}.report.txt"))).unwrap();
        assert_eq!(
            body(&u.report(&next, &events)),
            body(&kept_report),
            "{stem}: the report's body"
        );
    }
}

#[test]
fn an_order_problem_says_its_code_rule_place_and_unit_through_the_trait() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    blitzkrieg_desk::demo::play(&u, &dir, false).unwrap();
    let text = fs::read_to_string(dir.join("06-3-blue.state.ron")).unwrap();
    let state = u.read_state(&text, "s").unwrap();
    let header = fs::read_to_string(dir.join("06-3-blue.template.toml")).unwrap();
    let src = format!("{header}\n[[move]]\nunit = \"B-99IN\"\nto = \"A1\"\n");
    let problems = match u.parse_orders(&src) {
        Ok(orders) => u.check(&state, &orders),
        Err(problems) => problems,
    };
    let p = problems.first().expect("a problem");
    assert!(p.code().starts_with('B'), "{}", p.code());
    let (line, _) = p.place(&src).expect("a place");
    assert_eq!(src.lines().nth(line - 1), Some("unit = \"B-99IN\""));
}
