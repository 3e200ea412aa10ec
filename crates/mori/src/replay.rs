//! Mori's replay page: one self-contained HTML file (no network, no other file) to
//! step through a game of BLITZKRIEG! state by state. Each step shows the board as
//! the turn mail's picture draws it ([`crate::picture::svg`]), the report of the step
//! that led to it, and the hidden-bag operations of that step as they became public
//! (how many tokens each player drew, which research tokens he took, what he played);
//! when both secrets are revealed at the end of the war, a last step says which token
//! every hidden draw and discard took, replayed from the secrets
//! ([`crate::hidden::sync`]) once they are checked against the commitments
//! ([`crate::hidden::verify_hidden`]). Public only: no reserve is shown before the
//! reveal.
//!
//! Pure: the folder's file bytes in, the page out.

use std::collections::BTreeMap;
use std::fmt::Write;

use pbem::envelope::sha256_hex;

use crate::draw::{parse_secret, Secret};
use crate::folder::{self, produced_by, secret_file, stem, FolderError};
use crate::hidden::{self, Learned, PrivateState};
use crate::picture;
use crate::ruleset::{Ruleset, Side};
use crate::state::{HiddenOp, State};
use crate::summary::{game_name, whose_turn};

/// One step of the page.
struct Step {
    label: String,
    file: String,
    title: String,
    board: String,
    report: String,
    /// What became public of the hidden bags in this step, a line each.
    draws: Vec<String>,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What the public learns of one ledger entry of `side`: a hidden draw or discard is
/// known by its count only; a research token and a play by name.
fn public_line(side: Side, op: &HiddenOp) -> Option<String> {
    Some(match op {
        HiddenOp::Draw { label, index, .. } => format!(
            "{label}: the {side} player drew token {} from his bag into his reserve (hidden until his secret is revealed)",
            index + 1
        ),
        HiddenOp::Discard { label, index, .. } => format!(
            "{label}: the {side} player lost token {} of his reserve to his bag, at random (hidden until his secret is revealed)",
            index + 1
        ),
        HiddenOp::Play { token } => format!("the {side} player played {token} from his reserve"),
        HiddenOp::ToBag { token } => {
            format!("the {side} player took research token {token} into his bag")
        }
        HiddenOp::ToReserve { token } => {
            format!("the {side} player took research token {token} into his reserve")
        }
        HiddenOp::Commit { .. } => return None,
    })
}

/// The ledger entries each side added between two states.
fn new_entries(rs: &Ruleset, before: Option<&State>, after: &State) -> Vec<String> {
    let mut lines = Vec::new();
    for side in rs.sides() {
        let Some(p) = after.player(side) else {
            continue;
        };
        let from = before
            .and_then(|b| b.player(side))
            .map_or(0, |b| b.ledger.len());
        lines.extend(
            p.ledger
                .iter()
                .skip(from)
                .filter_map(|op| public_line(side, op)),
        );
    }
    lines
}

/// The last step, when both secrets are in the folder: every hidden draw and discard
/// named, or why the secrets do not replay them.
fn reveal_step(
    files: &BTreeMap<String, Vec<u8>>,
    rs: &Ruleset,
    last: &State,
    board: &str,
) -> Option<Step> {
    let mut secrets: BTreeMap<Side, Secret> = BTreeMap::new();
    for side in rs.sides() {
        let text = files.get(&secret_file(side))?;
        let secret = parse_secret(&String::from_utf8_lossy(text));
        let Some(secret) = secret else {
            return Some(reveal_refused(
                board,
                &[format!("{}: not 64 hex digits", secret_file(side))],
            ));
        };
        secrets.insert(side, secret);
    }
    if let Err(errors) = hidden::verify_hidden(rs, last, &secrets) {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        return Some(reveal_refused(board, &lines));
    }
    let mut draws = Vec::new();
    for (side, secret) in &secrets {
        let mut private = PrivateState::new(rs, &last.game_id, *side, secret);
        match hidden::sync(last, &mut private) {
            Ok(learned) => draws.extend(learned.iter().map(|l| match l {
                Learned::Drew { token, label } => {
                    format!("{label}: the {side} player drew {token}")
                }
                Learned::Discarded { token, label } => {
                    format!("{label}: the {side} player lost {token} to his bag")
                }
            })),
            Err(e) => draws.push(e.to_string()),
        }
    }
    Some(Step {
        label: "secrets revealed".to_string(),
        file: rs
            .sides()
            .iter()
            .map(|s| secret_file(*s))
            .collect::<Vec<_>>()
            .join(", "),
        title: "The secrets revealed: every hidden draw".to_string(),
        board: board.to_string(),
        report: "Both secrets are revealed and match the commitments made before the war; \
                 every hidden draw, discard and play replays from them, and each draw took \
                 the token named below."
            .to_string(),
        draws,
    })
}

fn reveal_refused(board: &str, problems: &[String]) -> Step {
    Step {
        label: "secrets revealed".to_string(),
        file: String::new(),
        title: "The secrets revealed do not replay the hidden draws".to_string(),
        board: board.to_string(),
        report: format!(
            "The revealed secrets do not hold (`blitz verify` says the same):\n{}",
            problems.join("\n")
        ),
        draws: Vec::new(),
    }
}

/// The replay page of a Mori game folder (`files`: file name to bytes, as
/// [`folder::verify`] takes them), and the steps it shows (the first and last state
/// file, how many). Its states must follow one another by their hashes.
pub fn render(files: &BTreeMap<String, Vec<u8>>) -> Result<(String, Shown), FolderError> {
    let mut steps: Vec<Step> = Vec::new();
    let mut previous: Option<(String, Vec<u8>, State)> = None;
    let mut ruleset = None;
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".state.ron")) {
        let (sf, rs) = folder::read(bytes, name)?;
        if let Some((prev_name, prev_bytes, _)) = &previous {
            if sf.chain.previous_state.as_deref() != Some(sha256_hex(prev_bytes).as_str()) {
                return Err(FolderError::Other(format!(
                    "{name} does not follow from {prev_name}: the game folder holds states of another game or a gap; `blitz verify` says where"
                )));
            }
        }
        let report = match &previous {
            None => {
                "A new game: both players' commitments to their secrets, no draw yet.".to_string()
            }
            Some((prev_name, _, prev)) => {
                let kept = format!("{}.report.txt", stem(prev));
                files.get(&kept).map_or_else(
                    || format!("(no report is kept beside {prev_name})"),
                    |b| String::from_utf8_lossy(b).into_owned(),
                )
            }
        };
        let draws = new_entries(&rs, previous.as_ref().map(|p| &p.2), &sf.state);
        steps.push(Step {
            label: produced_by(&sf).unwrap_or_else(|| "new game".to_string()),
            file: name.clone(),
            title: format!("{}: {}", game_name(&rs), whose_turn(&sf.state)),
            board: picture::svg(&rs, &sf.state),
            report,
            draws,
        });
        previous = Some((name.clone(), bytes.clone(), sf.state));
        ruleset = Some(rs);
    }
    let (Some((last_name, _, last)), Some(rs)) = (previous, ruleset) else {
        return Err(FolderError::Incomplete(
            "the folder holds no state file (*.state.ron): give the folder of a game".into(),
        ));
    };
    if let Some(board) = steps.last().map(|s| s.board.clone()) {
        if let Some(reveal) = reveal_step(files, &rs, &last, &board) {
            steps.push(reveal);
        }
    }
    let shown = Shown {
        steps: steps.len(),
        first: steps.first().map(|s| s.file.clone()).unwrap_or_default(),
        last: last_name,
    };
    Ok((page(&rs, &last, &steps), shown))
}

/// What a replay page shows: how many steps, from which state file to which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub steps: usize,
    pub first: String,
    pub last: String,
}

fn page(rs: &Ruleset, last: &State, steps: &[Step]) -> String {
    let mut body = String::new();
    for (i, s) in steps.iter().enumerate() {
        let draws = if s.draws.is_empty() {
            "<p class=\"none\">Nothing was drawn from a bag in this step.</p>".to_string()
        } else {
            let items: String = s
                .draws
                .iter()
                .map(|d| format!("<li>{}</li>", esc(d)))
                .collect();
            format!("<ul>{items}</ul>")
        };
        let _ = write!(
            body,
            r#"<section class="step" id="step-{i}" data-label="{label}" data-file="{file}" data-title="{title}" data-draws="{n}" hidden>
<div class="board">{board}</div>
<aside><section class="draws"><h2>Draws and reveals</h2>{draws}</section><section class="report-box"><h2>Report</h2><pre class="report">{report}</pre></section></aside>
</section>
"#,
            label = esc(&s.label),
            file = esc(&s.file),
            title = esc(&s.title),
            n = s.draws.len(),
            board = s.board,
            report = esc(&s.report),
        );
    }
    let options: String = steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            format!(
                "<option value=\"{i}\">{}. {}</option>",
                i + 1,
                esc(&s.label)
            )
        })
        .collect();
    TEMPLATE
        .replace(
            "{{TITLE}}",
            &esc(&format!("{} game {}: replay", game_name(rs), last.game_id)),
        )
        .replace("{{STYLE}}", STYLE)
        .replace("{{SCRIPT}}", SCRIPT)
        .replace("{{OPTIONS}}", &options)
        .replace("{{STEPS}}", &body)
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
{{STYLE}}
</style>
</head>
<body>
<header>
  <h1>{{TITLE}}</h1>
  <p id="subtitle"></p>
  <nav aria-label="steps">
    <button id="first" title="first step (Home)">|&#x25C0;</button>
    <button id="prev" title="previous step (Left arrow, k)">&#x25C0;</button>
    <select id="steps" aria-label="step">{{OPTIONS}}</select>
    <button id="next" title="next step (Right arrow, j)">&#x25B6;</button>
    <button id="last" title="last step (End)">&#x25B6;|</button>
    <span id="status" data-step="" data-label="" data-draws=""></span>
    <span class="keys">Keys: &larr; &rarr; (or j k) step, Home End</span>
  </nav>
</header>
<main>
{{STEPS}}
</main>
<script>
{{SCRIPT}}
</script>
</body>
</html>
"##;

const STYLE: &str = r##"* { box-sizing: border-box; }
html, body { margin: 0; font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #111; background: #f4f2ea; }
header { padding: 8px 14px 6px; background: #fff; border-bottom: 1px solid #ccc; position: sticky; top: 0; }
h1 { font-size: 19px; margin: 0; }
#subtitle { margin: 2px 0 6px; font-size: 13px; color: #333; }
nav { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; font-size: 13px; }
nav button { font-size: 15px; min-width: 34px; padding: 3px 8px; cursor: pointer; }
nav select { font-size: 14px; padding: 3px; max-width: 100%; }
#status { font-weight: bold; margin-left: 8px; }
.keys { color: #555; margin-left: 12px; }
.step { display: flex; align-items: flex-start; gap: 12px; padding: 10px 14px; }
.step[hidden] { display: none; }
.board { flex: 0 1 1000px; min-width: 0; }
.board svg { display: block; width: 100%; height: auto; background: #fff; border: 1px solid #ccc; }
.step aside { flex: 1 1 380px; min-width: 0; background: #fff; border: 1px solid #ccc; padding: 8px 12px; }
.step aside h2 { font-size: 15px; margin: 4px 0; }
.draws ul { margin: 2px 0 8px 18px; padding: 0; font-size: 13px; }
.draws .none { color: #555; font-size: 13px; }
.report { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
@media (max-width: 1000px) {
  .step { flex-direction: column; }
  .board, .step aside { flex: none; width: 100%; }
}
"##;

const SCRIPT: &str = r##""use strict";
// Shows one step at a time and says which in #status (data-step, data-label,
// data-draws) and in the URL (#step=N).
(function () {
  const steps = Array.from(document.querySelectorAll("section.step"));
  const select = document.getElementById("steps");
  const status = document.getElementById("status");
  let current = -1;
  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    if (current >= 0) { steps[current].hidden = true; }
    current = i;
    const s = steps[i];
    s.hidden = false;
    select.value = String(i);
    document.getElementById("subtitle").textContent =
      s.dataset.title + ". Step " + (i + 1) + " of " + steps.length + (s.dataset.file ? " (" + s.dataset.file + ")." : ".");
    status.textContent = "Step " + (i + 1) + "/" + steps.length + ": " + s.dataset.label;
    status.dataset.step = String(i);
    status.dataset.label = s.dataset.label;
    status.dataset.draws = s.dataset.draws;
    if (location.hash !== "#step=" + i) { history.replaceState(null, "", "#step=" + i); }
  }
  function fromHash() {
    const m = /step=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(steps.length - 1); });
  select.addEventListener("change", function () { show(parseInt(select.value, 10)); });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  document.addEventListener("keydown", function (e) {
    if (e.target === select || e.altKey || e.ctrlKey || e.metaKey) { return; }
    switch (e.key) {
      case "ArrowRight": case "j": case "n": show(current + 1); break;
      case "ArrowLeft": case "k": case "p": show(current - 1); break;
      case "Home": show(0); break;
      case "End": show(steps.length - 1); break;
      default: return;
    }
    e.preventDefault();
  });
  show(fromHash());
  document.body.dataset.ready = "true";
}());
"##;
