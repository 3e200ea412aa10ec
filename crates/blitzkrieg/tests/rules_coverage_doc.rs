//! `docs/rules-coverage.md` stays true: every row has a known status, no paragraph is
//! `done` or `partial` without a test, and every test a row cites exists (a test
//! function `crates/<crate>/tests/<file>.rs::<name>`, or a corpus case folder
//! `crates/blitzkrieg/tests/cases/<name>`), paths from the workspace root.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

const DOC: &str = "docs/rules-coverage.md";

/// The workspace root, where the page's paths start.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}
const STATUSES: [&str; 4] = ["done", "partial", "not yet", "n/a"];

/// The rows of the coverage tables: (paragraph, status, test cell), with the line.
fn rows() -> Vec<(usize, String, String, String)> {
    let text = fs::read_to_string(root().join(DOC)).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("| ") && !l.starts_with("|---"))
        .filter_map(|(i, l)| {
            let cells: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split(" | ")
                .map(str::trim)
                .collect();
            match cells.as_slice() {
                [para, _title, status, test] if *status != "status" => Some((
                    i + 1,
                    para.to_string(),
                    status.to_string(),
                    test.to_string(),
                )),
                _ => None,
            }
        })
        .collect()
}

/// The tests a cell cites.
fn citations(cell: &str) -> Vec<String> {
    cell.split(|c: char| c.is_whitespace() || c == ',')
        .map(|t| t.trim_end_matches(['.', ';', ')']))
        .filter(|t| t.starts_with("crates/") && t.contains("/tests/"))
        .map(str::to_string)
        .collect()
}

/// Whether a citation names something that exists.
fn exists(cite: &str) -> bool {
    match cite.split_once("::") {
        Some((file, name)) => fs::read_to_string(root().join(file)).is_ok_and(|src| {
            src.lines().any(|l| {
                let l = l.trim_start();
                l.strip_prefix("fn ")
                    .or_else(|| l.strip_prefix("pub fn "))
                    .is_some_and(|rest| {
                        rest.strip_prefix(name)
                            .is_some_and(|after| after.starts_with('('))
                    })
            })
        }),
        None => root().join(cite).exists(),
    }
}

#[test]
fn every_row_has_a_known_status_and_every_done_row_a_test_that_exists() {
    let rows = rows();
    assert!(rows.len() > 500, "only {} rows read from {DOC}", rows.len());
    let mut problems = Vec::new();
    for (line, para, status, test) in &rows {
        if !STATUSES.contains(&status.as_str()) {
            problems.push(format!("{DOC}:{line}: {para}: unknown status `{status}`"));
            continue;
        }
        let cites = citations(test);
        if (status == "done" || status == "partial") && cites.is_empty() {
            problems.push(format!(
                "{DOC}:{line}: {para} is {status} but cites no test"
            ));
        }
        for c in cites.iter().filter(|c| !exists(c)) {
            problems.push(format!(
                "{DOC}:{line}: {para} cites {c}, which does not exist"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check above can fail: a made-up test is found missing, a real one found.
#[test]
fn a_citation_of_a_test_that_does_not_exist_is_caught() {
    let me = "crates/blitzkrieg/tests/rules_coverage_doc.rs";
    assert!(!exists(&format!("{me}::no_such_test")));
    assert!(!exists("crates/blitzkrieg/tests/cases/no-such-case"));
    assert!(exists(&format!(
        "{me}::a_citation_of_a_test_that_does_not_exist_is_caught"
    )));
    assert_eq!(
        citations("crates/a/tests/a.rs::x, crates/a/tests/cases/c. Also tests/b.rs::y"),
        ["crates/a/tests/a.rs::x", "crates/a/tests/cases/c"]
    );
}

/// Rules 1-17 of the Basic Game are all accounted for: no `not yet` among them.
#[test]
fn every_basic_game_paragraph_is_done_or_not_applicable() {
    let open: Vec<String> = rows()
        .into_iter()
        .filter(|(_, para, status, _)| {
            // 000's paragraphs are bare numbers ("14.31"); other sources' rows start
            // with the source ("003 14.9").
            let rule = para.split(['.', ' ']).next().unwrap_or("");
            !rule.starts_with('0')
                && rule.parse::<u32>().is_ok_and(|n| (1..=17).contains(&n))
                && status == "not yet"
        })
        .map(|(line, para, _, _)| format!("{DOC}:{line}: {para}"))
        .collect();
    assert!(open.is_empty(), "{}", open.join("\n"));
}
