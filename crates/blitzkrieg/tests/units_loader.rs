//! The counter/OAC loader: a small good pair of files loads; each problem is found in
//! a small bad one, with its kind, file, line and column, and all problems at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::units::{
    make_change, Counters, Factors, Side, Size, UnitKind, UnitsError, UnitsErrors,
};

const COUNTERS: &str = r#"[game]
title = "test set"
reconstructed = true

[blue]
units = [
  { id = "B-1IN", type = "infantry", factors = "4-4", name = "1st Infantry" },
  { id = "B-1AT", type = "artillery", factors = "8-4-4", name = "1st Artillery" },
  { id = "B-1TAC", type = "tac", factors = "4-8", name = "1st TAC" },
]
[blue.mix]
infantry = { 2-4 = 2, 1-4 = 1 }
artillery = { 4-2-4 = 2 }
tac = { 2-8 = 2 }

[red]
units = [
  { id = "R-1IN", type = "infantry", factors = "4-4", name = "1st Infantry" },
]
[red.mix]
infantry = { 2-4 = 2 }
"#;

const OAC: &str = r#"[blue]
1 = ["B-1IN", "B-1TAC"]
2 = ["B-1AT"]

[red]
1 = ["R-1IN"]
"#;

fn load(counters: &str, oac: &str) -> Result<Counters, UnitsErrors> {
    Counters::from_toml(counters, oac, "test")
}

fn errors(counters: &str, oac: &str) -> UnitsErrors {
    match load(counters, oac) {
        Ok(_) => panic!("bad data loaded"),
        Err(e) => e,
    }
}

/// Replaces exactly one occurrence of `from`, so a test cannot silently change nothing.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once");
    text.replacen(from, to, 1)
}

/// (file, line, column) of an error.
fn place(e: &UnitsError) -> (String, usize, usize) {
    let at = e.at().expect("error has a place");
    (at.file.clone(), at.line, at.column)
}

fn counters_at(line: usize, column: usize) -> (String, usize, usize) {
    ("test/counters.toml".to_string(), line, column)
}

fn oac_at(line: usize, column: usize) -> (String, usize, usize) {
    ("test/oac.toml".to_string(), line, column)
}

#[test]
fn good_small_files_load() {
    let c = load(COUNTERS, OAC).unwrap();
    assert_eq!(c.title(), "test set");
    assert!(c.is_reconstructed());
    // 4 full units, 7 Blue and 2 Red substitutes.
    assert_eq!(c.len(), 4 + 7 + 2);
    let setup: Vec<&str> = c.setup_units(Side::Blue).map(|u| u.id.as_str()).collect();
    assert_eq!(setup, ["B-1IN", "B-1TAC"]);
    assert_eq!(c.lookup("b-1at").unwrap().enters, 2);
    let sub = c.lookup("B-AT4B").unwrap();
    assert_eq!(
        (sub.size, sub.kind, sub.attack, sub.defence, sub.movement),
        (Size::Substitute, UnitKind::Artillery, 4, 2, 4)
    );
    assert_eq!(sub.name, "Artillery substitute 4-2-4");
    assert_eq!(c.lookup("B-IN1A").unwrap().attack, 1);
    assert!(c.lookup("B-IN1B").is_none());
    assert_eq!(c.substitutes_for(UnitKind::Infantry, Side::Red).len(), 1);
    assert!(c.substitutes_for(UnitKind::Artillery, Side::Red).is_empty());
    assert_eq!(c.half_range(UnitKind::Tac), Some(3));
}

#[test]
fn load_reads_files_and_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let (cp, op) = (dir.path().join("c.toml"), dir.path().join("o.toml"));
    std::fs::write(&cp, COUNTERS).unwrap();
    std::fs::write(&op, edit(OAC, "\"B-1AT\"", "\"B-1AT\", \"B-7IN\"")).unwrap();
    let e = Counters::load(&cp, &op).unwrap_err();
    assert_eq!(e.codes(), ["unknown-oac-unit"]);
    assert_eq!(e.errors[0].at().unwrap().file, op.display().to_string());
    assert_eq!(Counters::load(&cp, &cp).unwrap_err().codes()[0], "syntax");
}

#[test]
fn unreadable_files_are_both_reported() {
    let e = Counters::load("/no/such/counters.toml", "/no/such/oac.toml").unwrap_err();
    assert_eq!(e.codes(), ["read", "read"]);
    assert_eq!(e.to_string(), "2 problems in the counter data");
    assert!(
        e.to_text().contains("cannot read /no/such/counters.toml"),
        "{}",
        e.to_text()
    );
}

#[test]
fn duplicate_id_names_both_places() {
    let bad = edit(
        COUNTERS,
        "  { id = \"R-1IN\", type = \"infantry\", factors = \"4-4\", name = \"1st Infantry\" },\n",
        "  { id = \"R-1IN\", type = \"infantry\", factors = \"4-4\", name = \"1st Infantry\" },\n  { id = \"r-1in\", type = \"armor\", factors = \"6-6\", name = \"1st Armor\" },\n",
    );
    let e = errors(&bad, OAC);
    assert_eq!(e.codes(), ["duplicate-id"]);
    assert_eq!(place(&e.errors[0]), counters_at(19, 10));
    match &e.errors[0] {
        UnitsError::DuplicateId { id, first, .. } => {
            assert_eq!(id, "R-1IN");
            assert_eq!((first.line, first.column), (18, 10));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn substitute_id_clashing_with_a_unit_is_a_duplicate() {
    let bad = edit(COUNTERS, "\"B-1TAC\", type", "\"B-TAC2B\", type");
    let bad_oac = edit(OAC, "\"B-1TAC\"", "\"B-TAC2B\"");
    let e = errors(&bad, &bad_oac);
    assert_eq!(e.codes(), ["duplicate-id"]);
    assert_eq!(place(&e.errors[0]), counters_at(14, 9));
}

#[test]
fn unknown_type() {
    let e = errors(
        &edit(
            COUNTERS,
            "\"infantry\", factors = \"4-4\", name = \"1st Infantry\" },\n  { id = \"B-1AT\"",
            "\"infantery\", factors = \"4-4\", name = \"1st Infantry\" },\n  { id = \"B-1AT\"",
        ),
        OAC,
    );
    assert_eq!(e.codes(), ["unknown-type"]);
    assert_eq!(place(&e.errors[0]), counters_at(7, 26));
    let e = errors(
        &edit(COUNTERS, "tac = { 2-8 = 2 }", "jet = { 2-8 = 2 }"),
        OAC,
    );
    assert_eq!(e.codes(), ["unknown-type", "cannot-make-up"]);
    assert_eq!(place(&e.errors[0]), counters_at(14, 1));
}

/// 2.4: artillery needs attack-defence-movement.
#[test]
fn artillery_without_separate_defence() {
    let e = errors(&edit(COUNTERS, "\"8-4-4\"", "\"8-4\""), OAC);
    assert_eq!(e.codes(), ["artillery-without-defence"]);
    assert_eq!(place(&e.errors[0]), counters_at(8, 49));
    assert!(e.errors[0].to_string().contains("B-1AT"));
    // In the mix too; the broken mix is not checked again for making up B-1AT.
    let e = errors(&edit(COUNTERS, "4-2-4 = 2", "4-4 = 2"), OAC);
    assert_eq!(e.codes(), ["artillery-without-defence"]);
    assert_eq!(place(&e.errors[0]), counters_at(13, 15));
}

/// 2.4: only artillery has a separate defence factor.
#[test]
fn separate_defence_on_a_non_artillery_unit() {
    let e = errors(
        &edit(
            COUNTERS,
            "\"infantry\", factors = \"4-4\", name = \"1st Infantry\" },\n  { id = \"B-1AT\"",
            "\"infantry\", factors = \"4-2-4\", name = \"1st Infantry\" },\n  { id = \"B-1AT\"",
        ),
        OAC,
    );
    assert_eq!(e.codes(), ["defence-not-artillery"]);
    assert_eq!(place(&e.errors[0]), counters_at(7, 48));
}

#[test]
fn factors_that_are_not_numbers() {
    for bad in ["four-4", "4", "0-4", "4-4-4-4", "4-"] {
        let text = edit(COUNTERS, "\"4-8\"", &format!("\"{bad}\""));
        let e = errors(&text, OAC);
        assert_eq!(e.codes(), ["bad-factors"], "{bad}");
        assert_eq!(place(&e.errors[0]), counters_at(9, 44), "{bad}");
    }
}

/// 26.2: the mix must be able to change every full unit exactly.
#[test]
fn substitutes_that_cannot_make_up_a_full_unit() {
    let e = errors(
        &edit(
            COUNTERS,
            "infantry = { 2-4 = 2, 1-4 = 1 }",
            "infantry = { 1-4 = 3 }",
        ),
        OAC,
    );
    assert_eq!(e.codes(), ["cannot-make-up"]);
    assert_eq!(place(&e.errors[0]), counters_at(7, 10));
    let msg = e.errors[0].to_string();
    assert!(msg.contains("B-1IN") && msg.contains("(3 x 1-4)"), "{msg}");

    // Right total attack, wrong defence: 2 x 4-1 is 8-2, not 8-4.
    let e = errors(&edit(COUNTERS, "4-2-4 = 2", "4-1-4 = 2"), OAC);
    assert_eq!(e.codes(), ["cannot-make-up"]);
    assert_eq!(place(&e.errors[0]), counters_at(8, 10));

    // No mix at all for the type.
    let e = errors(&edit(COUNTERS, "artillery = { 4-2-4 = 2 }\n", ""), OAC);
    assert_eq!(e.codes(), ["cannot-make-up"]);
    assert!(
        e.errors[0].to_string().contains("(none)"),
        "{}",
        e.errors[0]
    );
}

#[test]
fn too_many_substitutes_of_one_denomination() {
    let e = errors(
        &edit(COUNTERS, "2-4 = 2, 1-4 = 1", "2-4 = 27, 1-4 = 1"),
        OAC,
    );
    assert_eq!(e.codes(), ["too-many-substitutes"]);
    assert_eq!(place(&e.errors[0]), counters_at(12, 20));
}

/// 30.8 counts half "the" range of a type: one type of aircraft has one range.
#[test]
fn aircraft_of_one_type_with_two_ranges() {
    let e = errors(
        &edit(COUNTERS, "tac = { 2-8 = 2 }", "tac = { 2-9 = 2 }"),
        OAC,
    );
    assert_eq!(e.codes(), ["range-mismatch"]);
    assert_eq!(place(&e.errors[0]), counters_at(14, 9));
}

#[test]
fn side_prefix_must_match_the_side() {
    let bad = edit(
        COUNTERS,
        "[red]\nunits = [\n",
        "[red]\nunits = [\n  { id = \"B-2IN\", type = \"infantry\", factors = \"4-4\", name = \"2nd Infantry\" },\n",
    );
    let e = errors(&bad, OAC);
    assert_eq!(e.codes(), ["side-prefix"]);
    assert_eq!(place(&e.errors[0]), counters_at(18, 10));
    assert!(e.errors[0].to_string().contains("`R-`"));
}

#[test]
fn bad_unit_id() {
    let e = errors(
        &edit(COUNTERS, "\"B-1TAC\", type", "\"B 1 TAC\", type"),
        OAC,
    );
    assert_eq!(e.codes(), ["bad-id", "unknown-oac-unit"]);
    assert_eq!(place(&e.errors[0]), counters_at(9, 10));
    assert_eq!(place(&e.errors[1]), oac_at(2, 15));
}

#[test]
fn oac_entry_for_an_unknown_unit() {
    let e = errors(
        COUNTERS,
        &edit(OAC, "2 = [\"B-1AT\"]", "2 = [\"B-1AT\", \"B-9IN\"]"),
    );
    assert_eq!(e.codes(), ["unknown-oac-unit"]);
    assert_eq!(place(&e.errors[0]), oac_at(3, 15));
}

/// 6.2: every full unit has a turn on the OAC; the error points at the unit's row.
#[test]
fn unit_missing_from_the_oac() {
    let e = errors(COUNTERS, &edit(OAC, "2 = [\"B-1AT\"]", "2 = []"));
    assert_eq!(e.codes(), ["missing-from-oac"]);
    assert_eq!(place(&e.errors[0]), counters_at(8, 10));
}

#[test]
fn oac_lists_a_unit_twice() {
    let e = errors(
        COUNTERS,
        &edit(OAC, "2 = [\"B-1AT\"]", "2 = [\"B-1AT\", \"b-1in\"]"),
    );
    assert_eq!(e.codes(), ["oac-twice"]);
    assert_eq!(place(&e.errors[0]), oac_at(3, 15));
    match &e.errors[0] {
        UnitsError::OacTwice { first, .. } => assert_eq!((first.line, first.column), (2, 6)),
        other => panic!("{other:?}"),
    }
}

/// 26.5: substitutes are inactive counters, not reinforcements on the OAC.
#[test]
fn oac_lists_a_substitute() {
    let e = errors(
        COUNTERS,
        &edit(OAC, "2 = [\"B-1AT\"]", "2 = [\"B-1AT\", \"B-IN2A\"]"),
    );
    assert_eq!(e.codes(), ["oac-substitute"]);
    assert_eq!(place(&e.errors[0]), oac_at(3, 15));
}

#[test]
fn oac_lists_the_other_sides_unit() {
    let bad = edit(
        &edit(OAC, "2 = [\"B-1AT\"]\n", ""),
        "1 = [\"R-1IN\"]",
        "1 = [\"R-1IN\", \"B-1AT\"]",
    );
    let e = errors(COUNTERS, &bad);
    assert_eq!(e.codes(), ["oac-wrong-side", "missing-from-oac"]);
    assert_eq!(place(&e.errors[0]), oac_at(5, 15));
    assert_eq!(place(&e.errors[1]), counters_at(8, 10));
}

#[test]
fn oac_turn_that_is_not_a_turn() {
    for bad in ["16", "0", "x"] {
        let e = errors(
            COUNTERS,
            &edit(OAC, "2 = [\"B-1AT\"]", &format!("{bad} = [\"B-1AT\"]")),
        );
        assert_eq!(e.codes(), ["bad-turn", "missing-from-oac"], "{bad}");
        assert_eq!(place(&e.errors[0]), oac_at(3, 1), "{bad}");
    }
}

#[test]
fn toml_syntax_errors_have_a_line() {
    let e = errors(
        &edit(
            COUNTERS,
            "factors = \"4-8\", name",
            "factors = \"4-8\" name",
        ),
        OAC,
    );
    assert_eq!(e.codes(), ["syntax"]);
    assert_eq!(place(&e.errors[0]).1, 9);
    // A misspelt field is refused, not ignored.
    let e = errors(
        &edit(COUNTERS, "name = \"1st TAC\"", "nmae = \"1st TAC\""),
        OAC,
    );
    assert_eq!(e.codes(), ["syntax"]);
    assert_eq!(place(&e.errors[0]).1, 9);
    assert!(e.errors[0].to_string().contains("nmae"), "{}", e.errors[0]);
    // Both files' syntax errors are reported together.
    let e = errors("[blue", "[red");
    assert_eq!(e.codes(), ["syntax", "syntax"]);
    assert_eq!(place(&e.errors[1]).0, "test/oac.toml");
}

#[test]
fn a_side_missing_from_either_file() {
    let no_red = &COUNTERS[..COUNTERS.find("[red]").unwrap()];
    let no_red_card = &OAC[..OAC.find("[red]").unwrap()];
    let e = errors(no_red, no_red_card);
    assert_eq!(e.codes(), ["missing-side", "missing-side"]);
    assert_eq!(place(&e.errors[0]), counters_at(1, 1));
    assert_eq!(place(&e.errors[1]), oac_at(1, 1));
    assert!(e.errors[0].to_string().contains("[red]"));
}

/// Every problem is reported at once, counters file first, in file order.
#[test]
fn all_problems_at_once() {
    let c = edit(
        &edit(COUNTERS, "\"8-4-4\"", "\"8-4\""),
        "tac = { 2-8 = 2 }",
        "tac = { 2-8 = 1 }",
    );
    let c = edit(
        &c,
        "\"R-1IN\", type = \"infantry\"",
        "\"R-1IN\", type = \"infantery\"",
    );
    let o = edit(OAC, "2 = [\"B-1AT\"]", "2 = [\"B-1AT\", \"B-5IN\"]");
    let e = errors(&c, &o);
    assert_eq!(
        e.codes(),
        [
            "artillery-without-defence",
            "unknown-type",
            "cannot-make-up",
            "unknown-oac-unit"
        ]
    );
    let lines: Vec<usize> = e.errors.iter().map(|x| place(x).1).collect();
    assert_eq!(lines, [8, 18, 9, 3]);
    assert!(
        e.to_string().starts_with("4 problems in the counter data"),
        "{e}"
    );
}

/// miette renders each problem with its file name, the labelled span and a hint.
#[test]
fn diagnostics_render_with_labels() {
    use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
    let e = errors(
        COUNTERS,
        &edit(OAC, "2 = [\"B-1AT\"]", "2 = [\"B-1AT\", \"b-1in\"]"),
    );
    let d = &e.errors[0];
    assert_eq!(d.code().unwrap().to_string(), "blitz::units::oac-twice");
    assert_eq!(d.labels().unwrap().count(), 2);
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, &e)
        .unwrap();
    for needle in ["test/oac.toml", "used again here", "first here", "b-1in"] {
        assert!(out.contains(needle), "`{needle}` not in:\n{out}");
    }
}

/// 26.2 "like changing money": exact change, backtracking when the biggest coin fails.
#[test]
fn make_change_finds_exact_combinations() {
    let f = Factors::same;
    assert_eq!(make_change(f(6), &[(f(2), 3)]), Some(vec![f(2); 3]));
    assert_eq!(make_change(f(6), &[(f(2), 2)]), None);
    assert_eq!(
        make_change(f(6), &[(f(4), 1), (f(3), 2)]),
        Some(vec![f(3), f(3)])
    );
    assert_eq!(make_change(f(5), &[(f(4), 1), (f(2), 2)]), None);
    assert_eq!(
        make_change(f(5), &[(f(1), 1), (f(2), 2)]),
        Some(vec![f(2), f(2), f(1)])
    );
    let art = |a, d| Factors {
        attack: a,
        defence: d,
    };
    assert_eq!(
        make_change(art(8, 4), &[(art(2, 1), 4)]),
        Some(vec![art(2, 1); 4])
    );
    assert_eq!(make_change(art(8, 4), &[(art(4, 1), 2)]), None);
    assert_eq!(make_change(f(0), &[]), Some(vec![]));
}
