//! Optional rules 32 and 33 on the players' desk, through the real binary: a Tournament
//! Game with `--optional 32,33` starts from a position at Red's turn 4. Red sends the
//! fighter of Azure (P30) on patrol/interdiction over P29 (33.7); Blue answers with his
//! seed alone. In Blue's turn 5 the fighter of Hallam (J28) hunts from O30 along the
//! route K29-L29-M30-N30 (32.31, 32.5): the player-turn stops before odds, and Red's
//! reaction template lists what his patrol/interdictor can strafe under the reading
//! `pi-strafe-33-7` (whole-zoc: B-12IN at P28, in the ZOC of P29) as a ready
//! `[[strafe]]`; Red's answer strafes it. The turn map of the stopped player-turn draws
//! the hunt along its route, the search hex and the P/I zone.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample::blitz;
use crate::support::new_at_position;
use blitzkrieg::state::GameState;
use std::fs;
use std::path::Path;

/// Turn 4, Red to move, in the air combat test's position (Red holds P30 with an
/// infantry and a fighter; Blue's infantry stands next to P29 at P28), with Blue's
/// fighter at Hallam (J28) beside the TAC.
fn position() -> String {
    crate::air_combat_cli::POSITION
        .replace("turn = 5\nside = \"blue\"", "turn = 4\nside = \"red\"")
        .replace("units = [\"B-1TAC\"]", "units = [\"B-1TAC\", \"B-1FTR\"]")
}

/// A `[seed]` of the agreed text published at `time`.
fn seed(time: &str) -> String {
    format!(
        "\n[seed]\nsource = \"text\"\ndescription = \"the winning numbers\"\ntime = \"{time}\"\n"
    )
}

/// Resolves the template of `stem` in `g` followed by `orders` (with the agreed text
/// `text` as seed, if any), and returns the report's words joined by single spaces.
fn resolve(g: &Path, stem: &str, orders: &str, text: Option<&str>) -> String {
    let template = fs::read_to_string(g.join(format!("{stem}.template.toml"))).unwrap();
    let file = g.join("orders.toml");
    fs::write(&file, format!("{template}\n{orders}")).unwrap();
    let mut cmd = blitz();
    cmd.arg("resolve")
        .arg(g.join(format!("{stem}.state.ron")))
        .arg(&file);
    if let Some(t) = text {
        cmd.args(["--seed-text", t]);
    }
    cmd.arg("--out").arg(g).assert().success();
    let report = fs::read_to_string(g.join(format!("{stem}.report.txt"))).unwrap();
    report.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The game stopped in Blue's turn 5 for Red's answer, with Red's P/I over P29.
fn stopped(tmp: &Path) -> std::path::PathBuf {
    let rules = ["--rules", "tournament", "--optional", "32,33"];
    let g = new_at_position(tmp, "g", &position(), &rules);
    let red = "[[mission]]\nunits = [\"R-1FTR\"]\nkind = \"interdiction\"\nto = \"P29\"\n";
    resolve(&g, "09-4-red", red, None);
    resolve(
        &g,
        "09-4-red.step1",
        &seed("2026-01-02T20:45:00Z"),
        Some("7 12 19 23 31 40"),
    );
    let blue = "[[mission]]\nunits = [\"B-1FTR\"]\nkind = \"hunt\"\nto = \"O30\"\n\
                route = [\"K29\", \"L29\", \"M30\", \"N30\", \"O30\"]\n";
    let report = resolve(&g, "10-5-blue", blue, None);
    assert!(
        report.contains("after the interceptions he chooses over O30 (32.3)"),
        "{report}"
    );
    g
}

/// 33.7 under `pi-strafe-33-7` (whole-zoc): the defender's reaction template names the
/// enemy ground units in the ZOC of his patrol/interdictor's hex with a ready
/// `[[strafe]]`; uncommented, the strafe is fought on his seed, and the folder verifies.
#[test]
fn the_reaction_template_offers_the_p_i_strafe_of_the_ground_units_in_its_zoc_33_7() {
    let tmp = tempfile::tempdir().unwrap();
    let g = stopped(tmp.path());
    let reaction = fs::read_to_string(g.join("10-5-blue.step1.template.toml")).unwrap();
    let offered = "# P29: ground units in P29 or the hexes around it: B-12IN (P28)\n\
                   # [[strafe]]\n# units = [\"R-1FTR\"]\n# hex = \"P29\"\n";
    assert!(reaction.contains(offered), "{reaction}");
    assert!(
        reaction.contains("(33.7, reading pi-strafe-33-7 = whole-zoc)"),
        "{reaction}"
    );
    // Red's answer: the lines offered, uncommented, and his seed.
    let strafe = offered
        .lines()
        .skip(1)
        .map(|l| l.trim_start_matches("# "))
        .collect::<Vec<_>>()
        .join("\n");
    let answer = format!("{}\n{strafe}\n", seed("2026-01-09T20:45:00Z"));
    let report = resolve(&g, "10-5-blue.step1", &answer, Some("3 8 15 22 36 41"));
    assert!(
        report.contains("Air combat over P29: R-1FTR strafing the ground units B-12IN at double strength with 8 factors"),
        "{report}"
    );
    blitz().arg("verify").arg(&g).assert().success();
}

/// 32.31, 32.5, 33.7: the turn map of the stopped player-turn draws the hunt along the
/// route written for it, through each of its hexes, in Blue's colour, circles the
/// search hex and outlines Red's P/I zone round P29, with the key's lines.
#[test]
fn the_turn_map_draws_a_flight_along_its_route_and_the_p_i_zone_32() {
    let tmp = tempfile::tempdir().unwrap();
    let g = stopped(tmp.path());
    let text = fs::read_to_string(g.join("10-5-blue.step1.state.ron")).unwrap();
    let state = GameState::from_ron(&text, "s").unwrap();
    let umpire =
        blitzkrieg_desk::game::Umpire::load(&blitzkrieg_desk::game::RuleFiles::default()).unwrap();
    let rules = umpire.rules_for(&state).unwrap();
    let svg = blitzkrieg_desk::map::state_svg(&rules, &state, 1.0);
    let flight = svg
        .split("data-track=\"air mission\" data-units=\"B-1FTR\"")
        .nth(1)
        .and_then(|g| g.split("</g>").next())
        .unwrap_or_else(|| panic!("no flight of B-1FTR: {svg}"));
    let geo = blitzkrieg_desk::svg::Geo::of(&rules.board);
    for hex in ["J28", "K29", "L29", "M30", "N30"] {
        let (x, y) = geo.centre(hex.parse().unwrap());
        let at = format!(
            "{} {}",
            blitzkrieg_desk::svg::f(x),
            blitzkrieg_desk::svg::f(y)
        );
        assert!(
            flight.contains(&at),
            "{hex} ({at}) not on the route: {flight}"
        );
    }
    assert!(
        flight.contains(blitzkrieg_desk::map::draw::ink(
            blitzkrieg::units::Side::Blue
        )),
        "{flight}"
    );
    assert!(
        svg.contains("class=\"hunt\" data-hex=\"O30\" data-side=\"Blue\""),
        "{svg}"
    );
    assert!(
        svg.contains("class=\"patrol-zone\" data-hex=\"P29\" data-side=\"Red\" data-kind=\"P/I\""),
        "{svg}"
    );
    assert!(svg.contains("hunters' search hex (32.5)"), "{svg}");
    assert!(svg.contains("P/I zone (33.7, solid)"), "{svg}");
}
