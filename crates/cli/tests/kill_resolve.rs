//! `blitz resolve` killed (SIGKILL) at many moments: the game folder then holds either
//! every file of the resolution or none of them, once `blitz repair` has finished or
//! discarded the interrupted write; no visible file is ever half
//! written, and no temporary file or staging folder stays.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What resolving the demo's player-turn 2-Red writes.
const OUTPUTS: [&str; 6] = [
    "05-2-red.orders.toml",
    "05-2-red.report.txt",
    "05-2-red.seed.json",
    "05-2-red.commitment.txt",
    "06-3-blue.state.ron",
    "06-3-blue.template.toml",
];

fn blitz() -> Command {
    Command::cargo_bin("blitz").unwrap()
}

/// Files and folders that only an unfinished write leaves.
fn leftovers(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n.starts_with(pbem::files::STAGING_PREFIX))
        .collect()
}

fn present(dir: &Path) -> Vec<&'static str> {
    OUTPUTS
        .iter()
        .copied()
        .filter(|n| dir.join(n).exists())
        .collect()
}

struct Setup {
    _tmp: tempfile::TempDir,
    /// The demo as played: the reference bytes of every output.
    demo: PathBuf,
    /// The demo without the outputs, where resolve is run and killed.
    game: PathBuf,
    /// The inputs, outside the game folder.
    orders: PathBuf,
    seed: PathBuf,
    commitment: String,
}

fn setup() -> Setup {
    let tmp = tempfile::tempdir().unwrap();
    let demo = tmp.path().join("demo");
    blitz().arg("demo").arg(&demo).assert().success();
    let game = tmp.path().join("game");
    fs::create_dir(&game).unwrap();
    for e in fs::read_dir(&demo).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_file() && !OUTPUTS.contains(&name.as_str()) {
            fs::copy(&p, game.join(&name)).unwrap();
        }
    }
    let orders = tmp.path().join("orders.toml");
    fs::copy(demo.join("05-2-red.orders.toml"), &orders).unwrap();
    let seed = tmp.path().join("beacon.json");
    fs::copy(demo.join("05-2-red.seed.json"), &seed).unwrap();
    let commitment = fs::read_to_string(demo.join("05-2-red.commitment.txt"))
        .unwrap()
        .trim()
        .to_string();
    Setup {
        _tmp: tmp,
        demo,
        game,
        orders,
        seed,
        commitment,
    }
}

fn resolve_command(s: &Setup) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("blitz"));
    c.arg("resolve")
        .arg(s.game.join("05-2-red.state.ron"))
        .arg(&s.orders)
        .arg("--beacon")
        .arg(&s.seed)
        .arg("--commitment")
        .arg(&s.commitment)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    c
}

#[test]
fn resolve_killed_at_many_moments_leaves_the_folder_whole_or_untouched() {
    let s = setup();
    // How long a whole run takes here, to spread the kills over it.
    let start = Instant::now();
    assert!(resolve_command(&s).status().unwrap().success());
    let whole = start.elapsed();
    assert_eq!(present(&s.game).len(), OUTPUTS.len());
    for n in OUTPUTS {
        fs::remove_file(s.game.join(n)).unwrap();
    }

    let runs = 60u32;
    let (mut none, mut all, mut interrupted) = (0, 0, 0);
    for i in 0..runs {
        // From the start of the run to well past its end (a loaded machine runs some
        // resolves slower than the one timed), so some kills come after the write.
        let delay = whole.mul_f64(0.3 + 2.7 * f64::from(i) / f64::from(runs));
        let mut child = resolve_command(&s).spawn().unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();

        // Whatever is visible is whole: no file in place is half written.
        for n in present(&s.game) {
            assert_eq!(
                fs::read(s.game.join(n)).unwrap(),
                fs::read(s.demo.join(n)).unwrap(),
                "run {i}: {n} is not the file resolve writes"
            );
        }
        if !leftovers(&s.game).is_empty() {
            interrupted += 1;
        }
        // `blitz repair` finishes or discards the interrupted write (`verify` never
        // writes: it refuses a folder holding one).
        blitz().arg("repair").arg(&s.game).assert().success();
        blitz().arg("verify").arg(&s.game).assert().success();
        assert_eq!(leftovers(&s.game), Vec::<String>::new(), "run {i}");
        match present(&s.game).len() {
            0 => none += 1,
            6 => {
                all += 1;
                for n in OUTPUTS {
                    fs::remove_file(s.game.join(n)).unwrap();
                }
            }
            _ => panic!("run {i}: a partial set {:?}", present(&s.game)),
        }
    }
    eprintln!(
        "{runs} kills over {whole:?}: {none} left nothing, {all} left every file, \
         {interrupted} interrupted a write the next run completed or discarded"
    );
    assert!(
        none > 0 && all > 0,
        "the kills span the run: {none} none, {all} all"
    );
    assert!(whole < Duration::from_secs(60));
}
