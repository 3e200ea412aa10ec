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

#[test]
fn the_page_is_one_file_that_loads_nothing() {
    let (_dir, page) = page();
    let html = std::fs::read_to_string(&page).unwrap();
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
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1500, "height": 950, "deviceScaleFactor": 1, "mobile": false}),
        );
        page
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
    let Some(exe) = chromium() else {
        if std::env::var("BLITZ_SKIP_BROWSER_TESTS").as_deref() == Ok("1") {
            eprintln!("SKIPPED: no Chromium installed and BLITZ_SKIP_BROWSER_TESTS=1");
            return;
        }
        panic!(
            "no browser for the replay test: install Chromium (`apt-get install chromium`), \
             name it in BLITZ_CHROMIUM, or set BLITZ_SKIP_BROWSER_TESTS=1 to skip this test"
        );
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
