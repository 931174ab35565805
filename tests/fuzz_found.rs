//! Regressions of what the fuzzing harnesses (`tests/fuzz_commands.rs`, `tests/fuzz_cli.rs`)
//! found, and of issue 25's last bugs, each driven through the real binary: every run is
//! killed after a generous bound, so that a regression fails instead of hanging.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than any of these runs needs, even on a loaded machine.
const KILL_AFTER: Duration = Duration::from_secs(60);

/// What a run produced, and how long it took.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// Runs the binary with `args`, killing it after [`KILL_AFTER`].
fn run(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "200")
        .env("HOME", env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run heapgame");
    let t0 = Instant::now();
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = r.read_to_string(&mut s);
            s
        })
    };
    let out = read(Box::new(child.stdout.take().expect("piped stdout")));
    let err = read(Box::new(child.stderr.take().expect("piped stderr")));
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if t0.elapsed() > KILL_AFTER {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = t0.elapsed();
    Run {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        took,
    }
}

/// A ruleset file under the test's temporary directory.
fn ruleset_file(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write the ruleset");
    path.display().to_string()
}

/// `solve --max 2147483647 --heaps 2` on a ruleset of any number of heaps built an index of
/// ranks of 2^31 entries a row before any limit was looked at, and ran on past `--time`: now
/// refused at once. The same box of a fixed count of heaps was refused already.
#[test]
fn a_huge_box_of_any_heaps_is_refused_at_once() {
    let file = ruleset_file(
        "huge-any-box.game",
        "ruleset \"G\" {\n  heaps any\n  move { take 1.. from one heap }\n}\n",
    );
    for max in ["2147483647", "4294967295"] {
        let r = run(&["solve", &file, "--max", max, "--heaps", "2", "--time", "1s"]);
        assert_eq!(r.code, Some(2), "{r:?}");
        assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
        assert!(r.took < Duration::from_secs(20), "{r:?}");
        assert!(r.stdout.is_empty(), "{r:?}");
    }
    // A box that fits is still solved: Nim: the P-positions of at most two heaps are () and the pairs (n, n).
    let r = run(&[
        "solve", &file, "--max", "3", "--heaps", "2", "--format", "csv",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let p: Vec<&str> = r.stdout.lines().filter(|l| l.ends_with(",P")).collect();
    assert_eq!(p, [",,P", "1,1,P", "2,2,P", "3,3,P"], "{}", r.stdout);
}
