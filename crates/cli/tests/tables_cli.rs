#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `blitz tables NAME [--die|--pbm]` prints the tables as players know them.

use assert_cmd::Command;
use predicates::str::contains;

fn blitz() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("blitz"))
}

#[test]
fn pbm_bgat_is_the_default_and_shows_its_reconstructions() {
    blitz()
        .args(["tables", "bgat"])
        .assert()
        .success()
        .stdout(contains("BASIC GAME ATTRITION TABLE (play-by-mail)"))
        .stdout(contains(
            "    3      AB2     AB2     AB2     AB2     DB2     DB2  D elim  D elim  D elim  D elim  D elim\n",
        ))
        .stdout(contains("row 3, columns 3-1, 4-1, 5-1, 6-1"));
}

#[test]
fn face_to_face_tgat_prints_attacker_and_defender_lines() {
    blitz()
        .args(["tables", "TGAT", "--die"])
        .assert()
        .success()
        .stdout(contains(
            "    5 ATTACKER    2 2  2 2  2 2  2 2  2 2  1 1  1 -  1 -  1 2  - 1  - 3",
        ))
        .stdout(contains(
            "      DEFENDER    - -  - -  - -  - -  - -  - -  1 -  1 -  3 3  2 2  2 4",
        ));
}

#[test]
fn every_table_prints() {
    for name in ["bgat", "tgat", "bbt", "act", "mcrt"] {
        for mode in ["--die", "--pbm"] {
            blitz().args(["tables", name, mode]).assert().success();
        }
    }
    blitz()
        .args(["tables", "weather"])
        .assert()
        .success()
        .stdout(contains("(16-18)"));
}

#[test]
fn the_table_file_itself_can_be_printed() {
    blitz()
        .args(["tables", "tgat", "--pbm", "--source"])
        .assert()
        .success()
        .stdout(contains("[[reconstructed]]"));
}

#[test]
fn unknown_tables_and_versions_are_refused() {
    blitz()
        .args(["tables", "crt"])
        .assert()
        .code(2)
        .stderr(contains("there is no table \"crt\""));
    blitz()
        .args(["tables", "weather", "--pbm"])
        .assert()
        .code(2)
        .stderr(contains("no play-by-mail version"));
}
