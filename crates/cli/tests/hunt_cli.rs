//! Optional rule 32's hunt (32.5-32.52) through the real binary, in the exchange by
//! mail. A Tournament Game with `--optional 32` from a position at Blue's turn 5: Blue's
//! infantry moves next to Red's stack in Azure (P30), where a Red FTR is based, and
//! attacks it with the support of Blue's TAC from Hallam (J28); Blue's FTR, also at
//! Hallam, hunts from P29, next to P30, its file saying to strafe P30 if it attacks no
//! interceptor. Red's reaction template lists the hunters as a flight he may meet at
//! normal strength; Red intercepts the TAC instead, and the hunter, pre-decided in
//! Blue's one file, attacks the surviving interceptor before the battle (32.51): no
//! third mail. The folder verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::air_combat_cli::BLUE_ATTACKS_P30;
use crate::support::{answer, mover_stops, new_at_position, only_state, TEXT_SEED as SEED};
use assert_cmd::Command;
use std::fs;

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

const POSITION: &str = r#"turn = 5
side = "blue"

[held]
P30 = "red"

[[stack]]
hex = "P28"
units = ["B-12IN"]

[[stack]]
hex = "J28"
units = ["B-1TAC", "B-1FTR"]

[[stack]]
hex = "P30"
units = ["R-1IN", "R-1FTR"]
"#;

/// 32.5, 32.51: the mover's hunt with its conditional follow-up -> stop before odds ->
/// the defender's template lists the hunters; he intercepts the bomber -> the hunter
/// attacks the interceptor that survives, before the battle; `verify` replays it.
#[test]
fn a_hunt_pre_decided_in_the_movers_file_needs_no_third_mail_32_5() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ["--rules", "tournament", "--optional", "32"];
    let g = new_at_position(tmp.path(), "g", POSITION, &rules);
    let stem = only_state(&g);
    let hunt = format!(
        "{BLUE_ATTACKS_P30}\n[[mission]]\nunits = [\"B-1FTR\"]\nkind = \"hunt\"\nto = \"P29\"\nstrafe = \"P30\"\n"
    );
    let step = mover_stops(&g, &stem, &hunt, &[]);
    let reaction = fs::read_to_string(g.join(format!("{step}.template.toml"))).unwrap();
    assert!(
        reaction.contains("# P29: hunters B-1FTR (32.5); intercept range"),
        "{reaction}"
    );
    assert!(
        reaction.contains(
            "your fighters fire at 1 times their factors, the hunters fire back 1 for 1 (32.52)"
        ),
        "{reaction}"
    );
    let body = format!("{reaction}\n{SEED}\n[[intercept]]\nunits = [\"R-1FTR\"]\nhex = \"P30\"\n");
    let fought = answer(&g, &step, &body, &[]);
    let intercept =
        fought.find("Air combat over P30: R-1FTR intercepting at triple strength with 12 factors");
    let hunt = fought.find(
        "Air combat over P30: hunters B-1FTR attacking the interceptors R-1FTR at normal strength with 4 factors",
    );
    let battle = fought.find("Battle a1 against P30");
    assert!(
        matches!((intercept, hunt, battle), (Some(i), Some(h), Some(b)) if i < h && h < b),
        "{fought}"
    );
    // It attacked an interceptor: it does not strafe (32.6).
    assert!(!fought.contains("strafing"), "{fought}");
    blitz()
        .arg("verify")
        .arg(&g)
        .assert()
        .success()
        .stdout(predicates::str::contains("2 player-turns replayed"));
}
