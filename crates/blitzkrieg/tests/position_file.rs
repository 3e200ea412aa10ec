//! Position files (`docs/position.md`): every problem of a bad file at once, with its
//! line and column; and every state of the sample game written as a position and read
//! back is the same position.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::{Country, Terrain};
use blitzkrieg::builder::StateBuilder;
use blitzkrieg::hex::Hex;
use blitzkrieg::position_file;
use blitzkrieg::rules::Rules;
use blitzkrieg::ruleset::RuleBook;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::{Phase, Place};
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use blitzkrieg_desk::demo;
use blitzkrieg_desk::game::{self, RuleFiles, Umpire};

fn counter(id: &str, kind: UnitKind) -> Counter {
    Counter {
        id: UnitId::new(id).unwrap(),
        side: if id.starts_with('B') {
            Side::Blue
        } else {
            Side::Red
        },
        kind,
        size: Size::Division,
        attack: 4,
        defence: 4,
        movement: 3,
        name: id.to_string().into(),
        enters: 1,
    }
}

/// A 10 x 10 board: Great Blue west of column F, Big Red from F; a lake at C5, forest
/// at C6, a minor country with the city Minorton at H9.
fn small_rules() -> Rules {
    let red: Vec<String> = (6..=10)
        .flat_map(|c| (1..=10).filter_map(move |n| Hex::new(c, n)))
        .map(|h| h.to_string())
        .collect();
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    let board = Sketch::land(1..=10, 1..=10, Country::GreatBlue)
        .country(Country::BigRed, &red)
        .country(Country::Calaedia, &["H9", "H10"])
        .terrain(Terrain::Lake, &["C5"])
        .terrain(Terrain::Forest, &["C6"])
        .city("Azure", &["B3"])
        .city("Minorton", &["H9"])
        .build();
    let mut list: Vec<Counter> = (1..=5)
        .map(|n| counter(&format!("B-{n}IN"), UnitKind::Infantry))
        .collect();
    list.push(counter("B-1AR", UnitKind::Armor));
    list.push(counter("R-1IN", UnitKind::Infantry));
    list.push(counter("R-2IN", UnitKind::Infantry));
    Rules::new(
        board,
        Counters::from_list(list),
        RuleBook::embedded().unwrap(),
    )
}

fn read(text: &str) -> Result<blitzkrieg::state::GameState, position_file::PositionErrors> {
    position_file::read(text, "pos.toml", &small_rules(), StateBuilder::new("t"))
}

#[test]
fn a_good_position_gives_its_state() {
    let state = read(
        r#"
turn = 3
side = "red"

[held]
H9 = "blue"

[victory_b]
blue = 1

[[stack]]
hex = "B3"
units = ["B-1IN", { id = "B-2IN", strength = 4 }]

[[stack]]
hex = "G4"
units = ["R-1IN"]

[[eliminated]]
turn = 2
side = "blue"
units = ["R-2IN"]

[standing.blue]
lose_first = ["B-2IN"]
retreat_toward = "A1"
"#,
    )
    .unwrap();
    let h = |s: &str| s.parse::<Hex>().unwrap();
    let id = |s: &str| UnitId::new(s).unwrap();
    assert_eq!(
        state.phase,
        Phase::Turn {
            turn: 3,
            side: Side::Red
        }
    );
    assert_eq!(state.units[&id("B-1IN")], Place::Map(h("B3")));
    assert_eq!(state.units[&id("B-2IN")], Place::Map(h("B3")));
    assert_eq!(state.units[&id("R-1IN")], Place::Map(h("G4")));
    assert_eq!(
        state.units[&id("R-2IN")],
        Place::Eliminated {
            turn: 2,
            by: Side::Blue
        }
    );
    assert_eq!(
        state.units[&id("B-3IN")],
        Place::Waiting,
        "not named: to come"
    );
    assert_eq!(state.held.get(&h("H9")), Some(&Side::Blue));
    assert_eq!(state.condition_b.get(&Side::Blue), Some(&1));
    assert_eq!(state.standing[&Side::Blue].lose_first, vec![id("B-2IN")]);
    assert_eq!(state.standing[&Side::Blue].retreat_toward, Some(h("A1")));
}

#[test]
fn every_problem_is_reported_at_once_with_its_place() {
    let text = r#"turn = 2
side = "blue"

[held]
B3 = "blue"

[[stack]]
hex = "B2"
units = ["B-1IN", "B-2IN", "B-3IN", "B-4IN"]

[[stack]]
hex = "C5"
units = ["B-5IN", "B-9IN"]

[[stack]]
hex = "C6"
units = ["B-1AR", "R-1IN", "B-1IN"]

[[stack]]
hex = "Z99"
units = [{ id = "R-2IN", strength = 2 }]

[[eliminated]]
turn = 4
side = "red"
units = []

[standing.blue]
lose_first = ["R-1IN"]
"#;
    let errs = read(text).unwrap_err();
    let got: Vec<(usize, usize, &str)> = errs
        .problems
        .iter()
        .map(|p| (p.line, p.column, p.problem.code()))
        .collect();
    assert_eq!(
        got,
        vec![
            (5, 1, "P016"),   // B3 is a Blue home city: friendly to Blue by 5.1, not held
            (8, 7, "P010"),   // four full units in B2
            (13, 10, "P006"), // B-5IN in the lake
            (13, 19, "P007"), // no B-9IN
            (16, 7, "P011"),  // both sides in C6
            (17, 10, "P006"), // armor in forest
            (17, 28, "P009"), // B-1IN again
            (20, 7, "P005"),  // Z99 off the board
            (21, 10, "P013"), // strength 2
            (24, 8, "P017"),  // eliminated in 4-Red, the position is at 2-Blue
            (29, 15, "P018"), // Red's unit in Blue's standing orders
        ],
        "{errs}"
    );
    let shown = errs.to_string();
    assert!(shown.contains("pos.toml:17:28: P009 B-1IN is named twice (first at line 9)"));
    assert!(shown.contains("not yet: factor losses come with the Tournament Game (25)"));
}

#[test]
fn header_and_syntax_problems() {
    let e = read("side = \"blue\"\n").unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P003");
    let e = read("setup = true\nturn = 1\nside = \"blue\"\n").unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P003");
    let e = read("turn = 1\nside = \"green\"\n").unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P014");
    let e = read("turn = 1\nside = \"blue\"\n[[stacks]]\nhex = \"A1\"\n").unwrap_err();
    assert_eq!(
        (e.problems[0].problem.code(), e.problems[0].line),
        ("P001", 3)
    );
    let e = read("format = 2\nturn = 1\nside = \"blue\"\n").unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P002");
    // 16: the game ends after its last turn (15 unless told).
    let e = read("turn = 16\nside = \"blue\"\n").unwrap_err();
    assert!(
        e.to_string().contains("after the game's last turn (15)"),
        "{e}"
    );
    assert!(read("turn = 15\nside = \"red\"\n").is_ok());
    // Any turn number is read safely.
    let e = read(&format!(
        "turn = 3\nside = \"blue\"\n[[eliminated]]\nturn = {}\nside = \"red\"\nunits = []\n",
        u32::MAX
    ))
    .unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P017");
    let e = read(&format!("turn = {}\nside = \"blue\"\n", u32::MAX)).unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P003");
    // 4.1: Blue's half of a turn comes before Red's.
    let ok = "turn = 3\nside = \"red\"\n[[eliminated]]\nturn = 3\nside = \"blue\"\nunits = []\n";
    assert!(read(ok).is_ok());
    let e = read(&ok.replace("side = \"red\"\n[[", "side = \"blue\"\n[[")).unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P017");
    // A unit is an id or `{ id, strength }`, nothing else.
    for bad in [
        "4",
        "{ id = \"B-1IN\", hp = 4 }",
        "{ strength = 4 }",
        "{ id = \"B-1IN\", strength = \"full\" }",
    ] {
        let e = read(&format!(
            "turn = 1\nside = \"blue\"\n[[stack]]\nhex = \"B2\"\nunits = [{bad}]\n"
        ))
        .unwrap_err();
        assert_eq!(
            (
                e.problems[0].problem.code(),
                e.problems[0].line,
                e.problems[0].column
            ),
            ("P001", 5, 10),
            "{bad}"
        );
    }
    // One city, two entries.
    let e = read("turn = 3\nside = \"red\"\n[held]\nH9 = \"blue\"\nh9 = \"red\"\n").unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P015");
}

/// 3.3, 3.4: during set-up every unit on the map stands in its own home country.
#[test]
fn set_up_positions_keep_units_at_home() {
    let e = read("setup = true\nside = \"red\"\n[[stack]]\nhex = \"G2\"\nunits = [\"B-1IN\"]\n")
        .unwrap_err();
    assert_eq!(e.problems[0].problem.code(), "P012");
    let s = read("setup = true\nside = \"red\"\n[[stack]]\nhex = \"B2\"\nunits = [\"B-1IN\"]\n")
        .unwrap();
    assert_eq!(s.phase, Phase::SetUp { side: Side::Red });
}

/// The full example of `docs/position.md` is a position the umpire accepts with the
/// embedded rule data, and it says what the page says it does.
#[test]
fn the_documented_example_is_accepted() {
    let doc = include_str!("../../../docs/position.md");
    let example = doc
        .split("## A full example")
        .nth(1)
        .and_then(|s| s.split("```toml\n").nth(1))
        .and_then(|s| s.split("```").next())
        .unwrap();
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let state = game::new_game_at(&u, &demo::new_game_spec(), example, "example.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    let h = |s: &str| s.parse::<Hex>().unwrap();
    assert_eq!(
        state.phase,
        Phase::Turn {
            turn: 4,
            side: Side::Red
        }
    );
    assert_eq!(state.held.get(&h("Z22")), Some(&Side::Blue));
    assert_eq!(state.held.get(&h("VV25")), Some(&Side::Red));
    assert_eq!(
        state.units[&UnitId::new("R-5IN").unwrap()],
        Place::Eliminated {
            turn: 3,
            by: Side::Blue
        }
    );
    assert_eq!(state.units[&UnitId::new("B-1IN").unwrap()], Place::Waiting);
}

/// Every state of the sample game, written as a position and read back, is the same
/// position: counters, cities held, player-turn, standing orders, victory B count.
#[test]
fn the_sample_game_round_trips_through_positions() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    demo::play(&u, dir.path(), false).unwrap();
    let mut seen = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        if !path.to_string_lossy().ends_with(".state.ron") {
            continue;
        }
        let state = game::read_state(&std::fs::read(&path).unwrap(), "s").unwrap();
        let text = position_file::write(&state).unwrap();
        let back = game::new_game_at(&u, &demo::new_game_spec(), &text, "p.toml")
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.phase, state.phase);
        assert_eq!(back.step, state.step);
        assert_eq!(back.units, state.units, "{text}");
        assert_eq!(back.held, state.held);
        assert_eq!(back.standing, state.standing);
        assert_eq!(back.condition_b, state.condition_b);
        assert_eq!(back.game.data, state.game.data);
        assert_eq!(position_file::write(&back).unwrap(), text);
        seen += 1;
    }
    assert!(seen >= 6, "{seen} states");
}

/// 19.1: units in a zone's At Sea Box are written as `[[at_sea]]` and read back into
/// the same places; a zone the board does not have is refused (P019).
#[test]
fn units_at_sea_survive_a_round_trip_through_a_position_file() {
    let text =
        "side = \"blue\"\nturn = 3\n\n[[at_sea]]\nzone = \"b\"\nunits = [\"B-2IN\", \"B-3IN\"]\n";
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let id = |s: &str| UnitId::new(s).unwrap();
    let state = game::new_game_at(&u, &demo::new_game_spec(), text, "sea.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state.units[&id("B-2IN")], Place::AtSea('B'));
    let pos = state.position(&u.rules.counters);
    assert_eq!(pos.sea_halves(Side::Blue), 4);
    assert_eq!(pos.hex_of(&id("B-2IN")), None);
    let written = position_file::write(&state).unwrap();
    assert!(
        written.contains("[[at_sea]]\nzone = \"B\"\nunits = [\"B-2IN\", \"B-3IN\"]"),
        "{written}"
    );
    let again = game::new_game_at(&u, &demo::new_game_spec(), &written, "again.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.units, state.units);
    let bad = text.replace("zone = \"b\"", "zone = \"Q\"");
    let err = game::new_game_at(&u, &demo::new_game_spec(), &bad, "bad.toml").unwrap_err();
    assert!(
        err.to_string().contains("P019") || format!("{err:?}").contains("BadZone"),
        "{err:?}"
    );
}

/// 23.1, 23.6: with combat supply chosen, the template and `show` say which of the
/// mover's units trace no route as the position stands, and what that costs them.
#[test]
fn the_template_and_show_say_who_is_cut_off_23() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let board = &u.rules.board;
    // A Blue unit deep in Big Red, far from any Blue road or home city.
    let deep = board
        .hexes()
        .map(|(h, _)| h)
        .filter(|&h| board.home_of(h) == Some(Side::Red) && board.is_land(h) && !board.is_city(h))
        .max_by_key(|h| (h.col(), h.num()))
        .unwrap();
    let text =
        format!("side = \"blue\"\nturn = 3\n\n[[stack]]\nhex = \"{deep}\"\nunits = [\"B-1IN\"]\n");
    let mut spec = demo::new_game_spec();
    spec.optional = [23].into_iter().collect();
    let state = game::new_game_at(&u, &spec, &text, "cut.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = u.rules_for(&state).unwrap();
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(
        template.contains("# Supply, traced as the position stands: cut off from supply: B-1IN"),
        "{template}"
    );
    assert!(
        template.contains("may move 2 MF: cut off from supply (23.6)"),
        "{template}"
    );
    let shown = blitzkrieg::summary::render(&rules, &state);
    assert!(
        shown.contains("Supply: cut off from supply: B-1IN"),
        "{shown}"
    );
}

/// 23.5: the template and `show` name the units supplied through the beach hex the
/// side invaded in its last player-turn.
#[test]
fn the_template_and_show_say_who_is_supplied_through_a_beach_23_5() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let text = "side = \"blue\"\nturn = 3\n\n[[stack]]\nhex = \"FFF55\"\nunits = [\"B-1IN\"]\n";
    let mut spec = demo::new_game_spec();
    spec.optional = [19, 20, 23].into_iter().collect();
    let mut state =
        game::new_game_at(&u, &spec, text, "beach.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = u.rules_for(&state).unwrap();
    let cut = blitzkrieg::summary::render(&rules, &state);
    assert!(cut.contains("Supply: cut off from supply: B-1IN"), "{cut}");
    state
        .beachheads
        .insert(Side::Blue, ["FFF55".parse().unwrap()].into_iter().collect());
    let line = "supplied by sea through beach hex FFF55: B-1IN (23.5)";
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(template.contains(&format!("# {line}")), "{template}");
    assert!(
        template.contains("every Blue unit traces a supply route"),
        "{template}"
    );
    let shown = blitzkrieg::summary::render(&rules, &state);
    assert!(shown.contains(line), "{shown}");
}

/// 23.5: with more units cut off in reach of a beach hex than the 10 it serves, the
/// template lists them all and shows the `[[beach_supply]]` order that chooses.
#[test]
fn the_template_lists_the_units_beach_supply_may_choose_from_23_5() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let mut text = String::from("side = \"blue\"\nturn = 3\n");
    let stacks = [
        ("FFF55", 1..=3),
        ("EEE54", 4..=6),
        ("GGG55", 7..=9),
        ("DDD54", 10..=11),
    ];
    for (hex, ids) in stacks {
        let units: Vec<String> = ids.map(|i| format!("\"B-{i}IN\"")).collect();
        text.push_str(&format!(
            "\n[[stack]]\nhex = \"{hex}\"\nunits = [{}]\n",
            units.join(", ")
        ));
    }
    let mut spec = demo::new_game_spec();
    spec.optional = [19, 20, 23].into_iter().collect();
    let mut state =
        game::new_game_at(&u, &spec, &text, "beach.toml").unwrap_or_else(|e| panic!("{e}"));
    state
        .beachheads
        .insert(Side::Blue, ["FFF55".parse().unwrap()].into_iter().collect());
    let rules = u.rules_for(&state).unwrap();
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(
        template.contains("# Beach supply reaches more units than the 10 it serves (23.5;"),
        "{template}"
    );
    assert!(
        template.contains("#   B-10IN, B-11IN, B-1IN, B-2IN, B-3IN, B-4IN, B-5IN, B-6IN, B-7IN, B-8IN, B-9IN\n# [[beach_supply]]\n# units = [\"UNIT\"]"),
        "{template}"
    );
    assert!(
        template.contains("cut off from supply: B-9IN"),
        "{template}"
    );
}

/// 22: the template gives a unit clear of the enemy both allowances, its own and the
/// one strategic movement gives on a clear path; 21: it shows the `[[av]]` order.
/// Neither without its rule.
#[test]
fn the_template_says_the_strategic_allowance_22() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let board = &u.rules.board;
    let home = board
        .hexes()
        .map(|(h, _)| h)
        .filter(|&h| board.home_of(h) == Some(Side::Blue) && board.is_land(h) && !board.is_city(h))
        .min_by_key(|h| (h.col(), h.num()))
        .unwrap();
    let text =
        format!("side = \"blue\"\nturn = 3\n\n[[stack]]\nhex = \"{home}\"\nunits = [\"B-1IN\"]\n");
    let mut spec = demo::new_game_spec();
    spec.optional = [22].into_iter().collect();
    let state = game::new_game_at(&u, &spec, &text, "clear.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = u.rules_for(&state).unwrap();
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(
        template.contains("may move 4 MF, 8 on a path clear of the enemy (22)"),
        "{template}"
    );
    assert!(!template.contains("[[av]]"), "{template}");
    spec.optional = [21].into_iter().collect();
    let state = game::new_game_at(&u, &spec, &text, "clear.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = u.rules_for(&state).unwrap();
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(template.contains("\n# [[av]] "), "{template}");
    assert!(!template.contains("(22)"), "{template}");
    spec.optional.clear();
    let state = game::new_game_at(&u, &spec, &text, "clear.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = u.rules_for(&state).unwrap();
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    assert!(!template.contains("(22)"), "{template}");
    assert!(!template.contains("[[av]]"), "{template}");
}

/// 19.1-19.4: with sea movement chosen, the template says what each unit at sea may do
/// and which ports may be used, `show` (text and JSON) lists the units at sea zone by
/// zone with the room left, and the pictures draw each At Sea Box.
#[test]
fn the_template_show_and_pictures_tell_units_at_sea_19() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let text = "side = \"blue\"\nturn = 3\n\n[[stack]]\nhex = \"C20\"\nunits = [\"B-1IN\"]\n\n[[at_sea]]\nzone = \"b\"\nunits = [\"B-2IN\", \"B-3IN\"]\n";
    let mut spec = demo::new_game_spec();
    spec.optional = [19].into_iter().collect();
    let state = game::new_game_at(&u, &spec, text, "sea.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = u.rules_for(&state).unwrap();
    let template = blitzkrieg_desk::template::render(&rules, &state, "h");
    for line in [
        "# Sea movement (optional rule 19): 2 of 10 units at sea",
        "#   zone B: sail to A, C and F; land at one of:",
        "#     B-2IN ",
        "# Friendly ports you may use now",
        "C20 Carrow",
        "# to_sea = \"ZONE\"",
        "# land = \"PORT HEX\"",
    ] {
        assert!(template.contains(line), "{line}\n{template}");
    }
    let shown = blitzkrieg::summary::render(&rules, &state);
    assert!(shown.contains("  at sea: 2 of 10 units at sea"), "{shown}");
    assert!(shown.contains("    zone B: B-2IN "), "{shown}");
    assert!(
        !shown.contains("eliminated: 2"),
        "units at sea are not lost: {shown}"
    );
    let json =
        blitzkrieg_desk::json::render(&blitzkrieg_desk::json::show(&rules, &state, "s")).unwrap();
    assert!(
        json.contains("\"at_sea\": [") && json.contains("\"zone\": \"B\""),
        "{json}"
    );
    let boxes = blitzkrieg::sea::boxes(&rules, &state);
    let svg = blitzkrieg_desk::svg::render_with_sea(&rules.board, &[], &boxes);
    assert!(
        svg.contains("AT SEA, ZONE B") && svg.contains("B-2IN"),
        "{svg}"
    );
    let picture = blitzkrieg_desk::map::state_svg(&rules, &state, 1.0);
    assert!(picture.contains("At sea (19.1)") && picture.contains("Zone B: B-2IN, B-3IN"));
}

/// 19.1, 19.3: a position with more than 10 units of a side at sea is refused (P020).
#[test]
fn a_position_with_eleven_units_at_sea_is_refused_19() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let units: Vec<String> = (1..=11).map(|i| format!("\"B-{i}IN\"")).collect();
    let text = format!(
        "side = \"blue\"\nturn = 3\n\n[[at_sea]]\nzone = \"A\"\nunits = [{}]\n",
        units.join(", ")
    );
    let mut spec = demo::new_game_spec();
    spec.optional = [19].into_iter().collect();
    let err = game::new_game_at(&u, &spec, &text, "sea.toml").unwrap_err();
    assert!(
        err.to_string()
            .contains("Blue has 11 units at sea; 10 at most"),
        "{err}"
    );
    let ten = text.replace(", \"B-11IN\"", "");
    assert!(game::new_game_at(&u, &spec, &ten, "sea.toml").is_ok());
}

/// 24, 25.1, 26.2 (Tournament Game): a position holds substitutes, and a unit written
/// at a reduced strength stands as substitutes of its type totalling that strength, the
/// full unit among the inactive counters; without the change to make it up it is
/// refused (P025). The Basic Game refuses both (P013, P008).
#[test]
fn a_tournament_position_holds_substitutes_and_reduced_units() {
    let mut rules = small_rules();
    let mut list: Vec<Counter> = rules.counters.iter().cloned().collect();
    for (id, factor) in [("B-IN2A", 2), ("B-IN1A", 1), ("B-IN1B", 1)] {
        let mut c = counter(id, UnitKind::Infantry);
        (c.size, c.attack, c.defence, c.enters) = (Size::Substitute, factor, factor, 0);
        list.push(c);
    }
    rules.counters = std::sync::Arc::new(Counters::from_list(list));
    let text = r#"turn = 2
side = "blue"

[[stack]]
hex = "B2"
units = [{ id = "B-1IN", strength = 3 }, "B-IN1B"]
"#;
    let codes = |rules: &Rules, text: &str| -> Vec<&'static str> {
        position_file::read(text, "pos.toml", rules, StateBuilder::new("t"))
            .unwrap_err()
            .problems
            .iter()
            .map(|p| p.problem.code())
            .collect()
    };
    assert_eq!(codes(&rules, text), vec!["P013", "P008"]);
    rules.ruleset.rules = blitzkrieg::state::RuleSet::Tournament;
    let state = position_file::read(text, "pos.toml", &rules, StateBuilder::new("t")).unwrap();
    let id = |s: &str| UnitId::new(s).unwrap();
    let b2 = Place::Map("B2".parse().unwrap());
    assert_eq!(state.units[&id("B-1IN")], Place::Inactive);
    assert_eq!(state.units[&id("B-IN2A")], b2);
    assert_eq!(state.units[&id("B-IN1A")], b2);
    assert_eq!(state.units[&id("B-IN1B")], b2);
    // With both 1-factor substitutes in play, 3 cannot be made up.
    let short = text.replace("\"B-IN1B\"", "\"B-IN1B\", \"B-IN1A\"");
    assert_eq!(codes(&rules, &short), vec!["P025"]);
}

/// 30.2 (Tournament Game): aircraft stand in cities, at most 3 full air units a city
/// besides its 3 ground units; one on open ground is refused (P031), a fourth in a city
/// too (P032).
#[test]
fn a_tournament_position_bases_aircraft_in_cities_30_2() {
    let mut rules = small_rules();
    let mut list: Vec<Counter> = rules.counters.iter().cloned().collect();
    for id in ["B-1TAC", "B-2TAC", "B-3TAC", "B-4TAC"] {
        let mut c = counter(id, UnitKind::Tac);
        c.movement = 8;
        list.push(c);
    }
    rules.counters = std::sync::Arc::new(Counters::from_list(list));
    rules.ruleset.rules = blitzkrieg::state::RuleSet::Tournament;
    let read = |text: &str| position_file::read(text, "pos.toml", &rules, StateBuilder::new("t"));
    let good = r#"turn = 2
side = "blue"

[[stack]]
hex = "B3"
units = ["B-1IN", "B-2IN", "B-3IN", "B-1TAC", "B-2TAC", "B-3TAC"]
"#;
    let state = read(good).unwrap();
    assert_eq!(
        state.units[&UnitId::new("B-3TAC").unwrap()],
        Place::Map("B3".parse().unwrap())
    );
    let codes = |text: &str| -> Vec<&'static str> {
        read(text)
            .unwrap_err()
            .problems
            .iter()
            .map(|p| p.problem.code())
            .collect()
    };
    let four = good.replace("\"B-3TAC\"]", "\"B-3TAC\", \"B-4TAC\"]");
    assert_eq!(codes(&four), vec!["P032"]);
    let open = format!("{good}\n[[stack]]\nhex = \"D4\"\nunits = [\"B-4TAC\"]\n");
    assert_eq!(codes(&open), vec!["P031"]);
}

/// 29.2, 29.4: a Tournament Game position names each minor country's aggressor and
/// reduced cities, and a state's are written back the same; a name that is no minor
/// country, or a reduced hex that is not one of its cities, is refused.
#[test]
fn a_tournament_position_keeps_the_minor_countries_29() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let mut rules = u.rules.clone();
    rules.ruleset.rules = blitzkrieg::state::RuleSet::Tournament;
    let text = "turn = 2\nside = \"red\"\n\n[minor.calaedia]\naggressor = \"blue\"\nreduced = [\"OO30\"]\n";
    let read = |text: &str| position_file::read(text, "pos.toml", &rules, StateBuilder::new("t"));
    let state = read(text).unwrap_or_else(|e| panic!("{e}"));
    let calaedia = &state.minors[&blitzkrieg::board::Country::Calaedia];
    assert_eq!(calaedia.aggressor, Some(Side::Blue));
    assert!(calaedia.reduced.contains(&"OO30".parse().unwrap()));
    let written = position_file::write(&state).unwrap();
    assert!(
        written.contains("[minor.calaedia]\naggressor = \"blue\"\nreduced = [\"OO30\"]"),
        "{written}"
    );
    assert_eq!(read(&written).unwrap().minors, state.minors);
    let bad = text.replace("calaedia", "walkure").replace(
        "side = \"red\"",
        "side = \"red\"\n\n[minor.sud-walkure]\nreduced = [\"OO30\"]",
    );
    let codes: Vec<&str> = read(&bad)
        .unwrap_err()
        .problems
        .iter()
        .map(|p| p.problem.code())
        .collect();
    assert_eq!(codes, vec!["P030", "P029"]);
}

/// Issue 26 item 5: a position file beyond the limit (20,000 `[[stack]]` blocks, 1.2
/// MB; 5 MB of `=` or `[`) is refused unread with G040; within the limit, one hex given
/// thousands of times is read, each repeat reported once (P015) at its own line and
/// column, and every unit named again once (P009) with the line it was first named on.
#[test]
fn positions_beyond_the_limit_are_refused_and_repeats_within_it_are_each_reported() {
    let u = Umpire::load(&RuleFiles::default()).unwrap();
    let block = "[[stack]]\nhex = \"P30\"\nunits = [\"B-1IN\"]\n\n";
    for huge in [
        format!("turn = 1\nside = \"blue\"\n\n{}", block.repeat(20_000)),
        "=".repeat(5_000_000),
        format!("x = {}", "[".repeat(5_000_000)),
    ] {
        let err = game::new_game_at(&u, &demo::new_game_spec(), &huge, "pos.toml").unwrap_err();
        assert_eq!(err.error_code(), "G040", "{err}");
        assert!(
            err.to_string().starts_with(&format!(
                "pos.toml holds {} bytes; a position file is at most 262144 bytes",
                huge.len()
            )),
            "{err}"
        );
    }
    let header = "turn = 1\nside = \"blue\"\n\n";
    let n = (position_file::MAX_POSITION_BYTES - header.len()) / block.len();
    let text = format!("{header}{}", block.repeat(n));
    let err = game::new_game_at(&u, &demo::new_game_spec(), &text, "pos.toml").unwrap_err();
    let game::GameError::Position(errors) = err else {
        panic!("refused as a position: {err}");
    };
    let of = |code: &str| {
        errors
            .problems
            .iter()
            .filter(|p| p.problem.code() == code)
            .collect::<Vec<_>>()
    };
    assert_eq!(of("P015").len(), n - 1, "{n} blocks");
    assert_eq!(of("P009").len(), n - 1);
    for (i, p) in of("P015").iter().enumerate() {
        assert_eq!((p.line, p.column), (4 + 4 * (i + 1) + 1, 7), "{i}");
    }
    assert!(of("P009")
        .iter()
        .all(|p| p.problem.to_string().ends_with("(first at line 6)")));
    assert_eq!(
        errors.problems.len(),
        2 * (n - 1),
        "{}",
        errors.problems.len()
    );
}
