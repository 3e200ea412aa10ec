//! `blitz html`: the replay page of the demo game, loaded in a real browser. Headless
//! Chromium is driven over the DevTools protocol (a websocket on 127.0.0.1): the test
//! loads the page, steps through it with the keyboard and the URL, points the mouse
//! at a battle, reads what the page shows and takes screenshots (kept in the target
//! folder's test scratch, `html_replay/`).
//!
//! Without a browser the browser test fails and says so, unless
//! `BLITZ_SKIP_BROWSER_TESTS=1` is set. `BLITZ_CHROMIUM` names the browser to use.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// The demo game and its replay page.
fn page() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    blitz().arg("demo").arg(&game).assert().success();
    let page = dir.path().join("replay.html");
    blitz()
        .arg("html")
        .arg(&game)
        .arg("--out")
        .arg(&page)
        .assert()
        .success();
    (dir, page)
}

/// A page that is one HTML file and loads nothing: no link, script source, style
/// import, request or address other than SVG's namespace.
fn loads_nothing(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    for bad in [
        "<link",
        " src=",
        "url(",
        "@import",
        "fetch(",
        "XMLHttpRequest",
    ] {
        assert!(!html.contains(bad), "the page has `{bad}`");
    }
    let outside: Vec<&str> = html
        .match_indices("http")
        .map(|(i, _)| &html[i..(i + 40).min(html.len())])
        .filter(|s| !s.starts_with("http://www.w3.org/2000/svg"))
        .collect();
    assert!(outside.is_empty(), "addresses in the page: {outside:?}");
}

#[test]
fn the_page_is_one_file_that_loads_nothing() {
    let (_dir, page) = page();
    let html = std::fs::read_to_string(&page).unwrap();
    loads_nothing(&html);
    for part in [
        "2-Blue",
        "B-18AR",
        "WW28",
        "DB2",
        "digit 5",
        "id=\"report\"",
    ] {
        assert!(html.contains(part), "{part}");
    }
}

#[test]
fn a_folder_without_a_game_is_refused_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("replay.html");
    blitz()
        .arg("html")
        .arg(dir.path())
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("holds no state file"));
    assert!(!out.exists());
}

/// The browser, if there is one.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("BLITZ_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| {
            ["chromium", "chromium-browser", "google-chrome"]
                .into_iter()
                .map(move |n| d.join(n))
        })
        .find(|p| p.is_file())
}

/// The browser process, ended when the test ends.
struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts headless Chromium with a DevTools port of its own choosing; returns the
/// browser and its websocket address.
fn launch(exe: &Path) -> (Browser, String) {
    let profile = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(exe)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            "--window-size=1500,950",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(i) = line.find("ws://") {
                let _ = tx.send(line[i..].trim().to_string());
            }
        }
    });
    let browser = Browser {
        child,
        _profile: profile,
    };
    let ws = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("Chromium did not say where its DevTools listen within 60 s");
    (browser, ws)
}

/// A DevTools session on one page.
struct Page {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
}

impl Page {
    fn open(ws: &str) -> Page {
        let (mut socket, _) = tungstenite::connect(ws).unwrap();
        if let MaybeTlsStream::Plain(s) = socket.get_mut() {
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        }
        let mut page = Page {
            socket,
            session: String::new(),
            next_id: 0,
        };
        let target = page.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = page.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        page.session = attached["sessionId"].as_str().unwrap().to_string();
        page.call("Page.enable", json!({}));
        page.size(1500, 950);
        page
    }

    /// The size of the window the page is laid out in, in CSS pixels.
    fn size(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// The box of the element `selector` in the window: [left, top, right, bottom].
    fn rect(&mut self, selector: &str) -> [f64; 4] {
        let r = self.eval(&format!(
            "(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }})()"
        ));
        [0, 1, 2, 3].map(|i| r[i].as_f64().unwrap())
    }

    /// Whether the element `selector` holds more than it shows across (a horizontal
    /// scrollbar, or lines cut at its edge).
    fn overflows_across(&mut self, selector: &str) -> bool {
        self.eval(&format!(
            "(() => {{ const e = document.querySelector('{selector}'); return e.scrollWidth > e.clientWidth + 1; }})()"
        )) == json!(true)
    }

    /// The battle the page shows beside the map, and the step it is in.
    fn battle(&mut self) -> (String, String) {
        let b = self.eval("document.getElementById('battle-info').dataset.battle || ''");
        (self.status().0, b.as_str().unwrap_or_default().to_string())
    }

    /// Whether the label of battle `id` lies inside the map pane as the window shows
    /// it, and inside the overview's frame of what the pane shows.
    fn battle_in_view(&mut self, id: &str) -> bool {
        let pane = self.rect("#map-pane");
        let label = self.rect(&format!(".battle[data-battle=\"{id}\"] rect"));
        let inside = label[0] >= pane[0]
            && label[2] <= pane[2]
            && label[1] >= pane[1]
            && label[3] <= pane[3];
        let framed = self.eval(&format!(
            "(() => {{ const s = JSON.parse(document.getElementById('replay-data').textContent)[+document.getElementById('status').dataset.step]; const b = s.battles.find(x => x.id === '{id}'); const v = document.getElementById('view'); const x = +v.getAttribute('x'), y = +v.getAttribute('y'), w = +v.getAttribute('width'), h = +v.getAttribute('height'); return b.at[0] >= x && b.at[0] <= x + w && b.at[1] >= y && b.at[1] <= y + h; }})()"
        ));
        inside && framed == json!(true)
    }

    /// Sends one command and waits for its answer (events in between are skipped).
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(msg.to_string()))
            .unwrap_or_else(|e| panic!("{method}: {e}"));
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            let Message::Text(text) = self.socket.read().unwrap() else {
                continue;
            };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["id"] == json!(id) {
                assert!(v.get("error").is_none(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
        }
        panic!("{method}: no answer within 60 s");
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expr: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(
            r.get("exceptionDetails").is_none(),
            "{expr}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// Loads `url` and waits until the page's script shows step `step`.
    fn goto(&mut self, url: &str, step: usize) {
        self.call("Page.navigate", json!({"url": url}));
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let ready = self.eval(&format!(
                "document.readyState === 'complete' && document.body !== null && document.body.dataset.ready === 'true' && document.getElementById('status').dataset.step === '{step}'"
            ));
            if ready == json!(true) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{url} did not show step {step} in 60 s"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn key(&mut self, key: &str, code: &str, vk: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk}),
            );
        }
    }

    /// Moves the mouse onto the middle of the element `selector` and clicks it.
    fn click(&mut self, selector: &str) {
        let r = self.eval(&format!(
            "(() => {{ const e = document.querySelector('{selector}'); e.scrollIntoView({{block: 'center', inline: 'center'}}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        let (x, y) = (r[0].as_f64().unwrap(), r[1].as_f64().unwrap());
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// What the page says it shows: step, label, units, battles.
    fn status(&mut self) -> (String, String, String, String) {
        let v = self.eval("JSON.stringify(document.getElementById('status').dataset)");
        let d: Value = serde_json::from_str(v.as_str().unwrap()).unwrap();
        let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
        (s("step"), s("label"), s("units"), s("battles"))
    }

    fn text(&mut self, selector: &str) -> String {
        self.eval(&format!("document.querySelector('{selector}').textContent"))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn screenshot(&mut self, name: &str) -> PathBuf {
        use base64::Engine as _;
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{name} is not a PNG");
        assert!(bytes.len() > 50_000, "{name} is nearly empty");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html_replay");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

#[test]
fn the_replay_steps_through_the_demo_game_in_chromium() {
    let Some(exe) = browser_or_skip() else {
        return;
    };
    let (_dir, html) = page();
    let url = format!("file://{}", html.display());
    let (_browser, ws) = launch(&exe);
    let mut page = Page::open(&ws);

    // The first step: the new game, no counter on the map.
    page.goto(&url, 0);
    assert_eq!(
        page.status(),
        ("0".into(), "new game".into(), "0".into(), "".into())
    );
    assert_eq!(page.eval("location.hash"), json!("#step=0"));

    // Keys: j and the right arrow step on, End goes to the last step.
    page.key("j", "KeyJ", 74);
    assert_eq!(page.status().1, "setup-Blue");
    page.key("ArrowRight", "ArrowRight", 39);
    assert_eq!(page.status().1, "setup-Red");
    page.key("End", "End", 35);
    assert_eq!(page.status().1, "2-Red");
    page.screenshot("step-6-2-red");

    // One back: Blue's player-turn 2 with its two battles.
    page.key("ArrowLeft", "ArrowLeft", 37);
    let (step, label, units, battles) = page.status();
    assert_eq!((step.as_str(), label.as_str()), ("5", "2-Blue"));
    assert_eq!(battles, "A1 A2");
    assert!(units.parse::<u32>().unwrap() > 40, "{units} units");
    assert_eq!(page.eval("location.hash"), json!("#step=5"));
    assert!(page.text("#report").contains("Battle A1 against WW28"));
    let ww28 = page.eval("document.querySelector('.stack[data-hex=\"WW28\"]').dataset.units");
    assert_eq!(ww28, json!("B-18AR B-4AR B-5AR"));
    assert_eq!(
        page.eval("document.querySelectorAll('#overlay .path').length"),
        json!(8)
    );

    // The mouse on battle A1's label: its odds, roll and result beside the map.
    page.click(".battle[data-battle=\"A1\"] rect");
    let info = page.text("#battle-info");
    for part in ["Battle A1 on WW28", "2-1", "digit 5", "DB2", "40 to 20"] {
        assert!(info.contains(part), "`{part}` not in: {info}");
    }
    page.screenshot("step-5-2-blue-battle-a1");

    // Home, and a step named in the address.
    page.key("Home", "Home", 36);
    assert_eq!(page.status().1, "new game");
    page.goto(&format!("{url}#step=3"), 3);
    let (step, label, _, battles) = page.status();
    assert_eq!((step.as_str(), label.as_str()), ("3", "1-Blue"));
    assert_eq!(battles, "");
    page.screenshot("step-3-1-blue");
}

/// The browser for a test, or None when it is to be skipped (`BLITZ_SKIP_BROWSER_TESTS=1`).
fn browser_or_skip() -> Option<PathBuf> {
    let exe = chromium();
    if exe.is_none() && std::env::var("BLITZ_SKIP_BROWSER_TESTS").as_deref() == Ok("1") {
        eprintln!("SKIPPED: no Chromium installed and BLITZ_SKIP_BROWSER_TESTS=1");
        return None;
    }
    Some(exe.expect(
        "no browser for the replay test: install Chromium (`apt-get install chromium`), \
         name it in BLITZ_CHROMIUM, or set BLITZ_SKIP_BROWSER_TESTS=1 to skip this test",
    ))
}

/// Issue 30, item 6: `b` goes to the next battle of the game, whatever step it is in,
/// and pans the map to it (the label in the pane, the overview's frame around it);
/// `B` goes back. The report is wrapped, never cut behind a scrollbar; beside the map
/// an overview of the whole board; below 1000 px the report goes under the map.
#[test]
fn b_goes_to_every_battle_of_the_game_and_the_page_fits_two_widths() {
    let Some(exe) = browser_or_skip() else {
        return;
    };
    let (_dir, html) = page();
    let url = format!("file://{}", html.display());
    let (_browser, ws) = launch(&exe);
    let mut page = Page::open(&ws);
    page.goto(&url, 0);

    // From the new game, b visits every battle of the game in order, then the first
    // again; each time the map shows it.
    let mut seen = Vec::new();
    for _ in 0..5 {
        page.key("b", "KeyB", 66);
        let (step, id) = page.battle();
        assert!(
            page.battle_in_view(&id),
            "battle {id} of step {step} not in view"
        );
        seen.push(format!("{step}:{id}"));
    }
    assert_eq!(seen, ["4:A1", "5:A1", "5:A2", "6:A1", "4:A1"]);
    assert!(page.text("#battle-info").contains("Battle A1"));
    page.key("B", "KeyB", 66);
    assert_eq!(page.battle(), ("6".to_string(), "A1".to_string()));
    assert!(page.battle_in_view("A1"));

    // A click on the overview pans the map there: the frame is centred on the click.
    let o = page.rect("#overview");
    let (x, y) = (o[0] + (o[2] - o[0]) * 0.25, o[1] + (o[3] - o[1]) * 0.6);
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        page.call(
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
        );
    }
    let v = page.rect("#view");
    let (cx, cy) = ((v[0] + v[2]) / 2.0, (v[1] + v[3]) / 2.0);
    assert!(
        (cx - x).abs() < 3.0 && (cy - y).abs() < 3.0,
        "the frame is centred on ({cx}, {cy}), not on the click at ({x}, {y})"
    );

    // Wide: the overview and the report beside the map; no step's report is cut.
    let (map, aside) = (page.rect("#map-pane"), page.rect("aside"));
    assert!(
        aside[0] >= map[2] - 1.0,
        "the report is not beside the map: {map:?} {aside:?}"
    );
    let o = page.rect("#overview");
    assert!(
        o[0] >= aside[0] && o[2] <= aside[2] && o[2] - o[0] > 300.0,
        "{o:?}"
    );
    let steps = page.eval("JSON.parse(document.getElementById('replay-data').textContent).length");
    let steps = steps.as_u64().unwrap();
    for i in 0..steps {
        page.goto(&format!("{url}#step={i}"), i as usize);
        assert!(
            !page.overflows_across("#report"),
            "step {i}: the report is cut"
        );
        assert!(
            !page.overflows_across("aside"),
            "step {i}: the pane scrolls across"
        );
    }
    page.goto(&format!("{url}#step=5"), 5);
    page.key("b", "KeyB", 66);
    page.screenshot("wide-1500-step-5-battle-a1");

    // Narrow: the report under the map, nothing wider than the window.
    page.size(900, 1000);
    page.goto(&format!("{url}#step=4"), 4);
    page.key("ArrowRight", "ArrowRight", 39);
    let (map, aside) = (page.rect("#map-pane"), page.rect("aside"));
    assert!(
        aside[1] >= map[3] - 1.0,
        "not stacked at 900 px: {map:?} {aside:?}"
    );
    assert!(aside[2] <= 900.5, "{aside:?}");
    assert!(
        !page.overflows_across("body"),
        "the page scrolls across at 900 px"
    );
    assert!(!page.overflows_across("#report"));
    page.key("b", "KeyB", 66);
    assert_eq!(page.battle(), ("5".to_string(), "A1".to_string()));
    assert!(page.battle_in_view("A1"));
    page.screenshot("narrow-900-step-5-battle-a1");
}

/// The Mori sample game (`blitz demo --sample mori`) and its replay page.
fn mori_page() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("mori");
    blitz()
        .args(["demo", "--sample", "mori"])
        .arg(&game)
        .assert()
        .success();
    let page = dir.path().join("mori.html");
    blitz()
        .arg("html")
        .arg(&game)
        .arg("--out")
        .arg(&page)
        .assert()
        .success()
        .stderr(predicates::str::contains("steps, 00-setup.state.ron to "));
    (dir, game, page)
}

/// Issue 30, item 13: a Mori game has its replay page, one file that loads nothing:
/// the board after every step, the draws as they became public (counted, never named
/// before the reveal), and at the end the token each hidden draw took.
#[test]
fn a_mori_game_has_its_replay_page() {
    let (_dir, game, page) = mori_page();
    let html = std::fs::read_to_string(&page).unwrap();
    loads_nothing(&html);
    let states = std::fs::read_dir(&game)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".state.ron")
        })
        .count();
    // One step per state, and the reveal.
    assert_eq!(html.matches("<section class=\"step\"").count(), states + 1);
    assert_eq!(html.matches("<svg").count(), states + 1);
    let before_reveal = html
        .split("data-label=\"secrets revealed\"")
        .next()
        .unwrap();
    assert!(before_reveal.contains(
        "drew token 1 from his bag into his reserve (hidden until his secret is revealed)"
    ));
    for (i, _) in before_reveal.match_indices("player drew ") {
        let after = &before_reveal[i + "player drew ".len()..];
        assert!(
            after.starts_with("token ") && after.contains("(hidden until his secret is revealed)"),
            "a hidden draw named before the reveal: {:.80}",
            after
        );
    }
    let reveal = html
        .split("data-label=\"secrets revealed\"")
        .nth(1)
        .unwrap();
    assert!(
        reveal.contains("setup: the Axis player drew "),
        "{reveal:.2000}"
    );
    assert!(reveal.contains("every hidden draw, discard and play replays"));

    // Without the secrets there is no reveal step, and the page says nothing hidden.
    for side in ["axis", "allied"] {
        std::fs::remove_file(game.join(format!("{side}.secret.txt"))).unwrap();
    }
    let out = blitz()
        .arg("html")
        .arg(&game)
        .args(["--out", "-"])
        .assert()
        .success();
    let html = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(html.matches("<section class=\"step\"").count(), states);
    assert!(!html.contains("secrets revealed"));
}

/// A Mori folder whose states do not follow one another is refused, nothing written.
#[test]
fn a_mori_folder_with_a_gap_is_refused() {
    let (dir, game, _) = mori_page();
    let second = std::fs::read_dir(&game)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("02-") && n.ends_with(".state.ron"))
        .unwrap();
    std::fs::remove_file(game.join(&second)).unwrap();
    let out = dir.path().join("gap.html");
    blitz()
        .arg("html")
        .arg(&game)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("does not follow from"));
    assert!(!out.exists());
}

/// The Mori page in Chromium at two widths: the keys step through it, the last step
/// names every hidden draw, the board and the report side by side when wide and
/// stacked when narrow.
#[test]
fn the_mori_replay_steps_through_the_sample_in_chromium() {
    let Some(exe) = browser_or_skip() else {
        return;
    };
    let (_dir, _game, html) = mori_page();
    let url = format!("file://{}", html.display());
    let (_browser, ws) = launch(&exe);
    let mut page = Page::open(&ws);
    page.goto(&url, 0);
    let status = |page: &mut Page| {
        let v = page.eval("JSON.stringify(document.getElementById('status').dataset)");
        let d: Value = serde_json::from_str(v.as_str().unwrap()).unwrap();
        (
            d["step"].as_str().unwrap().to_string(),
            d["label"].as_str().unwrap().to_string(),
            d["draws"].as_str().unwrap().parse::<usize>().unwrap(),
        )
    };
    assert_eq!(status(&mut page), ("0".into(), "new game".into(), 0));
    page.key("j", "KeyJ", 74);
    let (_, label, draws) = status(&mut page);
    assert_eq!(label, "setup");
    assert!(draws >= 2, "the opening draws: {draws}");
    let shown = page.text("section.step:not([hidden]) .draws");
    assert!(
        shown.contains("(hidden until his secret is revealed)"),
        "{shown}"
    );
    assert_eq!(
        page.eval("document.querySelectorAll('section.step:not([hidden]) svg').length"),
        json!(1)
    );
    page.key("ArrowRight", "ArrowRight", 39);
    assert_eq!(status(&mut page).1, "t001");
    page.screenshot("mori-wide-step-2-t001");
    let board = page.rect("section.step:not([hidden]) .board");
    let aside = page.rect("section.step:not([hidden]) aside");
    assert!(aside[0] >= board[2] - 1.0, "{board:?} {aside:?}");

    page.key("End", "End", 35);
    let (_, label, draws) = status(&mut page);
    assert_eq!(label, "secrets revealed");
    assert!(draws > 6, "{draws} draws revealed");
    let shown = page.text("section.step:not([hidden]) .draws");
    assert!(shown.contains("setup: the Axis player drew "), "{shown}");
    assert!(!page.overflows_across("section.step:not([hidden]) .report"));
    page.screenshot("mori-wide-reveal");

    page.size(820, 1000);
    page.goto(&format!("{url}#step=2"), 2);
    let board = page.rect("section.step:not([hidden]) .board");
    let aside = page.rect("section.step:not([hidden]) aside");
    assert!(
        aside[1] >= board[3] - 1.0,
        "not stacked: {board:?} {aside:?}"
    );
    assert!(!page.overflows_across("body"));
    page.screenshot("mori-narrow-step-2");
}
