//! `blitz demo DIR --sample 85` through the real binary: a game of BLITZKRIEG '85 made
//! in Cold War plays its season (both purchase lists sealed then revealed, both
//! placements, both war-start die shifts sealed then revealed, the roll) and turns 1-4
//! of the Hot War, and `verify` accepts the folder. The reports show each feature: the
//! ledger of points, production, the helicopter assault, the airfield, the port's
//! damage and its wearing off, the air supply drop on the cut-off armor in New Endor. A reveal changed after its commitment is refused
//! naming its side, with nothing written, and a folder whose reveal was changed
//! afterwards does not verify. One play of the sample serves every assertion.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::sample;

use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use sample::{blitz, report};
use std::fs;
use std::path::Path;

/// The report `stem`, its words joined by single spaces (report lines wrap).
fn flat(dir: &Path, stem: &str) -> String {
    report(dir, stem)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every one of `lines` is in the report `stem` (its words joined).
fn report_has(dir: &Path, stem: &str, lines: &[&str]) {
    let text = flat(dir, stem);
    for line in lines {
        assert!(text.contains(line), "{stem}: `{line}` not in\n{text}");
    }
}

fn sha(path: &Path) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(fs::read(path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The turn map of the state `stem`, as an SVG document, and the board's layout.
fn picture(dir: &Path, stem: &str) -> (String, blitzkrieg_desk::svg::Geo) {
    let text = fs::read_to_string(dir.join(format!("{stem}.state.ron"))).unwrap();
    let state = blitzkrieg::state::GameState::from_ron(&text, stem).unwrap();
    let umpire =
        blitzkrieg_desk::game::Umpire::load(&blitzkrieg_desk::game::RuleFiles::default()).unwrap();
    let rules = umpire.rules_for(&state).unwrap();
    let svg = blitzkrieg_desk::map::state_svg(&rules, &state, 1.0);
    (svg, blitzkrieg_desk::svg::Geo::of(&rules.board))
}

/// The point of the board at `hex`'s centre, as the SVG writes it: "x y".
fn centre(geo: &blitzkrieg_desk::svg::Geo, hex: &str) -> String {
    let (x, y) = geo.centre(hex.parse().unwrap());
    format!(
        "{} {}",
        blitzkrieg_desk::svg::f(x),
        blitzkrieg_desk::svg::f(y)
    )
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Blue's reveal of the sample (`examples/demo-85/02-setup-blue-reveal.toml`), its
/// list changed to one more infantry, on the state that waits for it: refused, naming
/// Blue, nothing written.
fn a_doctored_reveal_is_refused(dir: &Path, drafts: &Path) {
    let state = dir.join("00-setup-blue.step2.state.ron");
    let kept = fs::read_to_string(dir.join("00-setup-blue.step2.orders.toml")).unwrap();
    assert!(kept.contains("\"infantry 4-4\" = 6"), "{kept}");
    assert!(kept.contains(&sha(&state)), "{kept}");
    let doctored = kept.replace("\"infantry 4-4\" = 6", "\"infantry 4-4\" = 7");
    let orders = drafts.join("doctored.toml");
    fs::write(&orders, doctored).unwrap();
    let before = files(dir);
    blitz()
        .args(["resolve", "-q", "--force"])
        .arg(&state)
        .arg(&orders)
        .assert()
        .code(1)
        .stderr(contains("Blue's reveal does not open Blue's commitment"));
    assert_eq!(files(dir), before, "nothing written");
    assert_eq!(
        fs::read_to_string(dir.join("00-setup-blue.step2.orders.toml")).unwrap(),
        kept,
        "the reveal kept is untouched"
    );
}

#[test]
fn the_85_sample_plays_a_cold_war_season_and_four_turns_and_verifies_33() {
    let (_tmp, dir) = sample::play("85", "4-Red", "a Cold War season and turns 1-4");
    assert!(dir.join("10-5-blue.template.toml").exists());
    blitz()
        .arg("verify")
        .arg(&dir)
        .assert()
        .success()
        .stdout(contains(
            "21 player-turns replayed, all of them: every one of its 22 states follows",
        ));
    // Every file a game holds: commitments, seeds, the mails of every step.
    for name in [
        "00-setup-blue.commitment.txt",
        "01-setup-red.step4.seed.txt",
        "04-2-blue.step1.seed.txt",
        "outbox/blitz-demo-85-new.eml",
        "outbox/blitz-demo-85-setup-red_step4.eml",
        "outbox/blitz-demo-85-4-red.eml",
    ] {
        assert!(dir.join(name).exists(), "{name}");
    }

    // 37.21, 38.7: the sealed lists, then the reveals and the ledger.
    report_has(
        &dir,
        "00-setup-blue",
        &[
            "Blue commits to its purchase list",
            "Next Red commits to its purchase list (37.21)",
        ],
    );
    report_has(
        &dir,
        "00-setup-blue.step2",
        &[
            "Blue reveals its purchase, which opens its commitment: 3 armor 6-6, 6 infantry 4-4, 1 sac 4-20, 1 tac 4-8, 2 transport-helicopter 2-8 for 632 points; 393 points left (38.7)",
            "Points Blue 393, Red 1000 points (38.7)",
        ],
    );
    report_has(
        &dir,
        "00-setup-blue.step3",
        &["Red reveals its purchase, which opens its commitment: 3 armor 6-6, 1 ftr 4-12, 6 infantry 4-4 for 488 points; 512 points left"],
    );
    // 37.12, 38.81: the shifts revealed, the roll on Red's seed.
    report_has(
        &dir,
        "01-setup-red.step4",
        &[
            "Red reveals its war-start die shift, which opens its commitment: +1 for 10 points",
            "war-start: die 4 (dice recipe v1), Blue's shift -2, Red's +1: 3; war starts on 3 or less: the war starts",
            "Points Blue 373, Red 502 points (38.7)",
        ],
    );
    // 37.31, 38.71: production each player-turn; 200 points from turn 4.
    report_has(
        &dir,
        "02-1-blue",
        &[
            "Blue's production: 400 points for turn 1 (38.71); 773 points to spend",
            // 41.11, 50.1: the transport aircraft bought and placed at Vesper.
            "Blue buys 1 infantry 4-4, 1 transport-aircraft (2) for 64 points; 709 points left (38.7)",
            "B-9TA enters at V33 (6.3)",
            // 46.41: the helicopter assault, the infantry flown next to Endmark.
            "B-4IN, B-1TH, B-2TH KK22-LL23-MM24-NN25-OO26 (4 of 4 MF",
            "the player-turn stops before odds: Red answers",
        ],
    );
    report_has(
        &dir,
        "02-1-blue.step1",
        &[
            "B-4IN (2) from OO26, B-1TH (1) from OO26, B-2TH (1) from OO26 attack the city PP27 of New Endor with 13 factors (MCRT 3*, 29.4)",
            "the city is reduced",
        ],
    );
    report_has(
        &dir,
        "03-1-red",
        &[
            "Red's production: 400 points for turn 1 (38.71)",
            "the player-turn stops before odds: Blue answers",
        ],
    );
    // 49.1: the airfield appears at the end of the game turn, paid then.
    report_has(
        &dir,
        "03-1-red.step1",
        &[
            "Battle A1 against OO27",
            "B-5IN builds an airfield at W28, paid with 10 points (41.9; 699 left, 38.7)",
        ],
    );
    // 49.3: used; 52.41-52.44: the port's damage and its wearing off.
    report_has(
        &dir,
        "04-2-blue",
        &[
            "B-3TH enters at J28",
            "B-1TAC changes base V33-W28 (30.7)",
            "B-9TA changes base V33-W28 (30.7)",
            "B-1SAC flies a port mission from V33 over NN48 (33.3)",
        ],
    );
    report_has(
        &dir,
        "04-2-blue.step1",
        &[
            "aa-sac-port-NN48",
            "heavy damage to the port facility (PX), now 1 heavy (33.3, 52.41)",
        ],
    );
    report_has(
        &dir,
        "05-2-red",
        &["Red's port facility at NN48: a heavy damage marker turned to light; damage left 1 light (52.44)"],
    );
    report_has(
        &dir,
        "06-3-blue",
        &[
            "B-1TAC changes base W28-V33 (30.7)",
            "Red's port facility at NN48 is inoperative (PX): damage 1 light",
        ],
    );
    // 50.71-50.75: the armor at OO27, cut off since turn 1, is supplied by air from the
    // airfield 19 hexes away (a drop, 50.74) through Red's next player-turn and Blue's
    // own, then supplied no more.
    report_has(
        &dir,
        "06-3-blue",
        &[
            "cut off from supply: B-1AR, B-1IN, B-2AR,",
            "transport aircraft B-9TA drops supplies on OO27: B-1AR, B-2AR supplied by air through the enemy's next player-turn and Blue's own (50.74)",
        ],
    );
    for stem in ["07-3-red", "08-4-blue"] {
        let state = fs::read_to_string(dir.join(format!("{stem}.state.ron"))).unwrap();
        assert!(state.contains("air_supplied"), "{stem}: {state}");
    }
    // 29.6: the report words a count of 1 in the singular, the guerrillas' loss kept
    // in the state as it was worded when played (its bytes never change).
    report_has(
        &dir,
        "06-3-blue",
        &["B-2TH reduced in OO26: guerrillas in New Endor: takes 1 of the 1 factor lost (29.6)"],
    );
    assert!(!flat(&dir, "06-3-blue").contains(" 1 factors"));
    let kept = fs::read_to_string(dir.join("07-3-red.state.ron")).unwrap();
    assert!(kept.contains("takes 1 of the 1 factors lost"), "{kept}");
    // 52.5: the state records `525` among its rules of '85; the report and `blitz
    // show` name it as the rule it is.
    assert!(kept.contains("525"), "{kept}");
    report_has(
        &dir,
        "06-3-blue",
        &[
            "'85 rules 37.32-37.33 (air movement first), 38.21 (aircraft upgrades counted), 46",
            "47.33 (transport aircraft lost), 48, 48.31 (airfield A-A), 49, 50, 52, 52.5 (capture damage)",
        ],
    );
    blitz()
        .arg("show")
        .arg(dir.join("07-3-red.state.ron"))
        .assert()
        .success()
        .stdout(contains(
            "Rules of '85: 37.32-37.33 (air movement first), 38.21 (aircraft upgrades counted), 46",
        ))
        .stdout(contains("52.5 (capture damage)"))
        .stdout(contains("525").not());
    // 50.74: the turn map of 3-Blue (the state 07-3-red) draws B-9TA's flight from its
    // base, the airfield at W28, to OO27, rings OO27 labelled a drop, and says both in
    // its key; 2-Blue's (05-2-red), with no air supply, has none of them.
    let (svg, geo) = picture(&dir, "07-3-red");
    let flight = svg
        .split(r#"data-track="air supply" data-units="B-9TA""#)
        .nth(1)
        .and_then(|g| g.split("</g>").next())
        .unwrap_or_else(|| panic!("no air supply flight of B-9TA: {svg}"));
    assert!(
        flight.contains(&format!(r#"d="M{} L"#, centre(&geo, "W28"))),
        "{flight}"
    );
    assert!(
        svg.contains(r#"class="air-supply" data-hex="OO27" data-side="Blue" data-unit="B-9TA" data-lands="false""#),
        "{svg}"
    );
    for text in [
        ">supply drop<",
        ">air supply dropped (50.74), from base<",
        ">Green dashed ring: supplied by air (50.7); label: drop or landed<",
    ] {
        assert!(svg.contains(text), "{text}: {svg}");
    }
    let (before, _) = picture(&dir, "05-2-red");
    assert!(!before.contains("air-supply"), "{before}");
    assert!(!before.contains("air supply"), "{before}");
    // 30.7: 3-Blue's change of base of B-1TAC from W28 back to V33, five hexes, ends
    // in V33: its line runs from W28 to just inside V33, not six tenths of the way.
    let base = svg
        .split(r#"data-track="air mission" data-units="B-1TAC""#)
        .nth(1)
        .and_then(|g| g.split("</g>").next())
        .unwrap_or_else(|| panic!("no change of base of B-1TAC: {svg}"));
    let end: Vec<f64> = base
        .split(" L")
        .nth(1)
        .and_then(|t| t.split('"').next())
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let (vx, vy) = geo.centre("V33".parse().unwrap());
    let off = ((end[0] - vx).powi(2) + (end[1] - vy).powi(2)).sqrt();
    assert!(
        off < blitzkrieg_desk::svg::HEX_HALF_HEIGHT,
        "the arrow ends {off} from V33's centre: {base}"
    );
    let after = fs::read_to_string(dir.join("09-4-red.state.ron")).unwrap();
    assert!(!after.contains("air_supplied"), "{after}");
    report_has(
        &dir,
        "08-4-blue",
        &[
            "B-1AR, B-2AR supplied by air, delivered in Blue's last player-turn (50.75)",
            "cut off from supply: B-1IN, B-2IN, B-3IN, B-4IN, B-5TH:",
        ],
    );
    report_has(
        &dir,
        "07-3-red",
        &["Red's port facility at NN48: its last light damage marker comes off; it works again, its PX marker off (52.44)"],
    );
    report_has(
        &dir,
        "08-4-blue",
        &["Blue's production: 200 points for turn 4 (38.71)"],
    );

    let drafts = tempfile::tempdir().unwrap();
    a_doctored_reveal_is_refused(&dir, drafts.path());

    // A reveal changed in the folder after it was played: `verify` refuses the folder.
    let kept = dir.join("00-setup-blue.step2.orders.toml");
    let text = fs::read_to_string(&kept).unwrap();
    fs::write(&kept, text.replace("\"sac 4-20\" = 1", "\"sac 4-20\" = 2")).unwrap();
    blitz().arg("verify").arg(&dir).assert().failure();
}
