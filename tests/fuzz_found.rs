//! Regressions of what the fuzzing harnesses (`tests/fuzz_commands.rs`, `tests/fuzz_cli.rs`)
//! found, and of issue 25's last bugs, each driven through the real binary: every run is
//! killed after a generous bound, so that a regression fails instead of hanging.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than any of these runs needs, even on a loaded machine.
const KILL_AFTER: Duration = Duration::from_secs(300);

/// What a run produced.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the binary with `args`, killing it after [`KILL_AFTER`].
fn run(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_heapgame"));
    child.args(args);
    run_command(child)
}

/// Runs `command` with the tests' environment (nothing on stdin), killing it after
/// [`KILL_AFTER`].
fn run_command(mut command: Command) -> Run {
    command.stdin(Stdio::null());
    run_command_with(command, &|_| {})
}

/// [`run_command`] with the standard input `command` was given.
fn run_command_with_stdin(command: Command) -> Run {
    run_command_with(command, &|_| {})
}

/// [`run_command`], telling `started` the process id once it runs.
fn run_command_with(mut command: Command, started: &dyn Fn(u32)) -> Run {
    let mut child = command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "200")
        .env("HOME", env!("CARGO_TARGET_TMPDIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run heapgame");
    started(child.id());
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
    Run {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// A report's text on one line: miette's wrapping and its margin bars removed.
fn flat(s: &str) -> String {
    s.split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
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

/// Runs the binary under an address-space limit of about 2 GB (`ulimit -v`), so that a run
/// that tries to list billions of amounts fails (aborts) instead of swapping.
fn run_limited(args: &[&str]) -> Run {
    let mut all = vec![
        "-c",
        "ulimit -v 2000000 && exec \"$0\" \"$@\"",
        env!("CARGO_BIN_EXE_heapgame"),
    ];
    all.extend_from_slice(args);
    let mut child = Command::new("sh");
    child.args(&all);
    run_command(child)
}

/// `take same S from all heaps` listed every amount up to the smallest heap before trying the
/// first (34 GB for two heaps of 2^32 - 1); a Beatty set of amounts listed its members up to
/// the heap (2.6 * 10^9 of them, ignoring `--time`). Both are now iterated: `--time` stops
/// them in small memory.
#[test]
fn amounts_up_to_a_huge_heap_are_iterated_not_listed() {
    let same = ruleset_file(
        "same-huge.game",
        "ruleset \"S\" {\n  heaps 2\n  move { take same 1.. from all heaps where 2 > 1 }\n}\n",
    );
    let beatty = ruleset_file(
        "beatty-huge.game",
        "ruleset \"B\" {\n  heaps 1\n  move { take beatty(phi) from one heap }\n}\n",
    );
    let top = "4294967295";
    for args in [
        vec!["moves", same.as_str(), top, top, "--time", "1s"],
        vec!["moves", beatty.as_str(), top, "--time", "1s"],
    ] {
        let r = run_limited(&args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.contains("heapgame::limit"), "{args:?}: {r:?}");
        assert!(flat(&r.stderr).contains("time limit"), "{args:?}: {r:?}");
    }
    // Small heaps still get every follower: the amounts of beatty(phi) up to 20 are the
    // lower Wythoff numbers floor(n * phi) = floor((n + sqrt(5 n^2)) / 2) = (n + isqrt(5 n^2)) / 2
    // in integers.
    let isqrt = |x: u64| (0..=x).take_while(|r| r * r <= x).last().unwrap_or(0);
    let want: Vec<String> = (1..=12u64)
        .map(|n| (n + isqrt(5 * n * n)) / 2)
        .filter(|&a| a <= 20)
        .map(|a| format!("({})", 20 - a))
        .collect();
    let r = run(&["moves", &beatty, "20"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let mut got: Vec<&str> = r.stdout.lines().collect();
    let mut want: Vec<&str> = want.iter().map(String::as_str).collect();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    // And the same amount from both heaps: (3, 5) reaches (2, 4), (1, 3), (0, 2).
    let r = run(&["moves", &same, "3", "5"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout.lines().collect::<Vec<_>>(),
        ["(0, 2)", "(1, 3)", "(2, 4)"]
    );
}

/// `diff` and `check --samples` on a ruleset of `heaps 4294967295` drew samples of 2^32 - 1
/// heaps each (16 GB a sample), past `--time`: now refused at once.
#[test]
fn samples_of_billions_of_heaps_are_refused() {
    let file = ruleset_file(
        "billion-heaps.game",
        "ruleset \"G\" {\n  heaps 4294967295\n  move { take 1 from one heap }\n  claim P: 1 == 1\n}\n",
    );
    for args in [
        vec![
            "diff",
            file.as_str(),
            "rulesets/classic/nim.game",
            "--max",
            "5",
            "--time",
            "1s",
        ],
        vec![
            "check",
            file.as_str(),
            "--max",
            "3",
            "--samples",
            "10",
            "--time",
            "1s",
        ],
    ] {
        let r = run_limited(&args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.contains("heapgame::too_large"), "{args:?}: {r:?}");
    }
}

/// Ctrl-C while `check`/`diff --samples` draws its samples ended with exit code 2 (reported as
/// a region too large); it is a cancellation: `heapgame::cancelled`, exit code 130.
#[test]
fn ctrl_c_while_drawing_samples_exits_130() {
    for cmd in ["check", "diff"] {
        let mut args = vec![cmd, "rulesets/classic/wythoff.game"];
        if cmd == "diff" {
            args.extend(["--formula", "wythoff"]);
        }
        args.extend(["--samples", "20000000", "--seed", "1"]);
        let mut command = Command::new(env!("CARGO_BIN_EXE_heapgame"));
        command.args(&args).stdin(Stdio::null());
        let r = run_interrupted(command, Duration::from_millis(700));
        assert_eq!(r.code, Some(130), "{cmd}: {r:?}");
        assert!(r.stderr.contains("heapgame::cancelled"), "{cmd}: {r:?}");
        assert!(r.stderr.contains("Ctrl-C"), "{cmd}: {r:?}");
        assert!(r.stderr.contains("drawing"), "{cmd}: {r:?}");
    }
}

/// Runs `command` and sends it SIGINT (as Ctrl-C does) after `after`.
fn run_interrupted(command: Command, after: Duration) -> Run {
    let pid = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let p = pid.clone();
    let sender = std::thread::spawn(move || {
        std::thread::sleep(after);
        let id = p.load(std::sync::atomic::Ordering::SeqCst);
        if id != 0 {
            let _ = Command::new("kill")
                .args(["-INT", &id.to_string()])
                .status();
        }
    });
    let r = run_command_with(command, &|id| {
        pid.store(id, std::sync::atomic::Ordering::SeqCst);
    });
    let _ = sender.join();
    r
}

/// The partitions of `v` into `parts` parts of at least `least` and at most `below`, counted
/// plainly: the largest part first, the rest no larger (smaller when `unequal`).
fn partitions(v: u32, parts: u32, least: u32, unequal: bool, below: u32) -> u64 {
    if parts == 0 {
        return u64::from(v == 0);
    }
    let mut n = 0;
    for p in least..=v.min(below) {
        if unequal && p == 0 {
            continue;
        }
        let next = if unequal { p - 1 } else { p };
        n += partitions(v - p, parts - 1, least, unequal, next);
    }
    n
}

/// The follower estimate counted no follower of a `split` move, so `moves` on a heap of 10^6
/// split into 3 parts (8.3 * 10^10 followers) started and ran on; now refused at once. The
/// count it uses is a lower bound: at most the partitions counted here, for small heaps.
#[test]
fn the_estimate_counts_the_followers_of_splits() {
    let file = ruleset_file(
        "split3.game",
        "ruleset \"Sp\" {\n  heaps any\n  move { split one heap into 3 parts }\n}\n",
    );
    let r = run(&["moves", &file, "1000000"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("cannot fit in memory"), "{r:?}");
    for (clause, parts, least, unequal) in [
        ("into 2 parts", 2, 1, false),
        ("into 3 parts", 3, 1, false),
        ("into 4 unequal parts", 4, 1, true),
        ("into 3 parts allowing empty", 3, 0, false),
    ] {
        let text =
            format!("ruleset \"Sp\" {{\n  heaps any\n  move {{ split one heap {clause} }}\n}}\n");
        let game = heapgame::Game::from_source("split.game", &text, &[]).expect("loads");
        for v in 0..40u32 {
            let exact = partitions(v, parts, least, unequal, v);
            let listed = game.followers(&[v]).map_or(0, |f| f.len()) as u64;
            let bound = heapgame::estimate::followers_at_least(game.generator(), &[v]);
            assert!(bound <= exact as f64, "{clause} at {v}: {bound} > {exact}");
            if least > 0 {
                assert_eq!(listed, exact, "{clause} at {v}");
            }
        }
        // And the bound is not vacuous for a large heap.
        let bound = heapgame::estimate::followers_at_least(game.generator(), &[1000]);
        assert!(bound > 1.0, "{clause}: {bound}");
    }
}

/// `plot --heaps 2147483648` named every heap (`h1`, `h2`, ...) before anything else and
/// aborted on a 51 GB allocation: refused at once.
#[test]
fn a_picture_of_billions_of_heaps_is_refused() {
    let r = run_limited(&[
        "plot",
        "rulesets/classic/nim.game",
        "--heaps",
        "2147483648",
        "--max",
        "5",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
    assert!(r.stdout.is_empty(), "{r:?}");
}

/// `sequence` on a sum of `heaps 4294967295` built single-heap positions of 2^32 - 1 heaps
/// (17 GB each) and aborted: refused at once.
#[test]
fn a_sequence_of_billions_of_heaps_is_refused() {
    let file = ruleset_file(
        "billion-sum.game",
        "ruleset \"G\" {\n  heaps 4294967295\n  move { take 0.. from one heap h where h mod 2 == 0 }\n}\n",
    );
    let r = run_limited(&["sequence", &file, "--max", "5", "--time", "1s"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
}

/// `diff --heaps 2147483648 --total 3` walked every heap count up to 2^31, allocating a
/// vector of each, past `--time`: the counts stop where the total's tokens run out.
#[test]
fn a_total_with_billions_of_heaps_ends_at_once() {
    let r = run(&[
        "diff",
        "rulesets/classic/subtraction.game",
        "rulesets/classic/nim.game",
        "--heaps",
        "2147483648",
        "--total",
        "3",
        "--time",
        "1s",
    ]);
    assert!(matches!(r.code, Some(0..=2)), "{r:?}");
    // Small totals still list every position: with at most 3 heaps and 4 tokens, Nim's
    // positions are the partitions of 0..=4 into at most 3 parts, 1 + 1 + 2 + 3 + 4 = 11.
    let r = run(&[
        "check",
        "rulesets/classic/nim.game",
        "--total",
        "4",
        "--heaps",
        "3",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("11 positions"), "{}", r.stdout);
}

/// `check nim.game --heaps 0 --time 10ms` took 27-47 s: with no heaps every region holds the
/// one empty position, and the deepening searched for a larger total one token at a time up
/// to 2^31. Now the search doubles and halves, and a region that cannot grow ends the
/// growth. The one position there is, (), is P with Grundy value 0, as Nim's claims say.
#[test]
fn deepening_with_no_heaps_ends_at_once() {
    let r = run(&[
        "check",
        "rulesets/classic/nim.game",
        "--heaps",
        "0",
        "--time",
        "10ms",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout.matches("holds over all 1 positions").count(),
        2,
        "{r:?}"
    );
    // `diff` deepens through the same steps.
    let r = run(&[
        "diff",
        "rulesets/classic/subtraction.game",
        "rulesets/classic/nim.game",
        "--heaps",
        "0",
        "--max",
        "3",
        "--time",
        "10ms",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("identical over 1 position\n"), "{r:?}");
}

/// `sequence nim.game --max 2147483647 --max-positions 18446744073709551615 --time 10ms`
/// listed all 2^31 amounts of `take 1..` (16 GB) before any limit or the time was looked at.
/// Now a huge --max-positions still stops at what fits in the default memory limit (refused at
/// once), and the amounts are listed as the heaps reach them, so `--time` stops a run whose
/// memory limit allows it (under an address-space limit of about 2 GB, which a 16 GB listing
/// would not pass).
#[test]
fn a_huge_sequence_is_bounded_by_memory_and_time() {
    let nim = "rulesets/classic/nim.game";
    let top = "2147483647";
    let r = run_limited(&[
        "sequence",
        nim,
        "--max",
        top,
        "--max-positions",
        "18446744073709551615",
        "--time",
        "10ms",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::limit"), "{r:?}");
    assert!(
        flat(&r.stderr).contains("the default, three quarters"),
        "{r:?}"
    );
    let r = run_limited(&[
        "sequence",
        nim,
        "--max",
        top,
        "--max-memory",
        "1T",
        "--time",
        "200ms",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(flat(&r.stderr).contains("time limit"), "{r:?}");
    // Small sequences are unchanged: a Nim heap of n has Grundy value n; Kayles's values from
    // 0 (Winning Ways, chapter 4) are 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7.
    let r = run(&["sequence", nim, "--max", "200", "--format", "csv"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let want: Vec<String> = (0..=200).map(|n| format!("{n},{n}")).collect();
    assert_eq!(r.stdout.lines().skip(1).collect::<Vec<_>>(), want);
    let r = run(&[
        "sequence",
        "rulesets/classic/kayles.game",
        "--max",
        "15",
        "--format",
        "csv",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let got: Vec<&str> = r
        .stdout
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').nth(1))
        .collect();
    assert_eq!(got.join(" "), "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7");
}

/// The REPL line `2147483648 0` on beta-Wynim generated the 2^31 followers of the position
/// into one vector (19.8 GB): refused at once, as `eval` refuses it, and within an
/// address-space limit of about 2 GB.
#[test]
fn a_repl_position_with_billions_of_followers_is_refused() {
    let mut child = Command::new("sh");
    child.args([
        "-c",
        "ulimit -v 2000000 && exec \"$0\" \"$@\"",
        env!("CARGO_BIN_EXE_heapgame"),
        "repl",
        "rulesets/fraenkel-larsson/beta-wynim.game",
    ]);
    let r = run_command_input(child, "2147483648 0\n1 3\n");
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
    assert!(flat(&r.stderr).contains("2.1e9 followers"), "{r:?}");
    // The session goes on: (1, 3) = (A_1, B_1) is a P-position (Fraenkel and Larsson,
    // Table 1, beta = pi).
    assert!(r.stdout.contains("outcome:  P "), "{r:?}");
}

/// [`run_command`] with `input` on the standard input.
fn run_command_input(mut command: Command, input: &str) -> Run {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz-found-input-{}.txt", std::process::id()));
    std::fs::write(&path, input).expect("write the input");
    command.stdin(std::fs::File::open(&path).expect("open the input"));
    run_command_with_stdin(command)
}

/// `diff --heaps 2147483648 --total 3` said "this needs more than 1 positions stored": the
/// cost of a position was reckoned at 2^31 heaps (17 GB), though a total of 3 tokens holds 3
/// heaps at most. Now counted at the heaps a position of the region can have, it compares the
/// 7 positions of total <= 3 (the partitions of 0, 1, 2, 3: 1 + 1 + 2 + 3).
#[test]
fn a_total_is_priced_at_the_heaps_it_can_hold() {
    for cmd in ["check", "diff"] {
        let mut args = vec![cmd];
        if cmd == "diff" {
            args.push("rulesets/classic/subtraction.game");
        }
        args.extend([
            "rulesets/classic/nim.game",
            "--heaps",
            "2147483648",
            "--total",
            "3",
        ]);
        let r = run(&args);
        assert!(matches!(r.code, Some(0 | 1)), "{args:?}: {r:?}");
        assert!(r.stdout.contains("7 positions"), "{args:?}: {r:?}");
        assert!(!r.stderr.contains("1 positions"), "{args:?}: {r:?}");
    }
    // A limit of one position is said in the singular.
    let r = run(&[
        "eval",
        "rulesets/classic/wythoff.game",
        "3",
        "5",
        "--max-positions",
        "1",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        flat(&r.stderr).contains("more than 1 position stored"),
        "{r:?}"
    );
}

/// `--max-memory 100MB` let the process reach about 109 MB: the limit counted only memory
/// taken after the start. It now counts the whole resident memory, which stays within it
/// (peak measured by GNU time's `%M` where present, else by polling `VmHWM`).
#[test]
fn max_memory_bounds_the_whole_process() {
    let args = [
        "check",
        "rulesets/classic/wythoff.game",
        "--max",
        "2000",
        "--max-memory",
        "100MB",
    ];
    let (r, peak_kib) = run_measured(&args);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::limit"), "{r:?}");
    assert!(flat(&r.stderr).contains("100 MB"), "{r:?}");
    // 100MB is 100 MiB = 102400 KiB. The guard looks every 5 ms and ends the process at
    // fifteen sixteenths (96 MiB); on a loaded machine a look can come late, so 5% over is
    // allowed (the old accounting reached 112 MiB on an idle one).
    assert!(
        peak_kib > 0 && peak_kib <= 107_520,
        "peak {peak_kib} KiB: {r:?}"
    );
}

/// Runs the binary with `args` and measures its peak resident memory in KiB: GNU time's `%M`
/// where `/usr/bin/time` is, else the last `VmHWM` of /proc/PID/status read while it runs (a
/// lower bound of the peak, within a millisecond of the end).
fn run_measured(args: &[&str]) -> (Run, u64) {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz-found-peak-{}.txt", std::process::id()));
    let gnu_time = std::path::Path::new("/usr/bin/time");
    if gnu_time.exists() {
        let mut command = Command::new(gnu_time);
        command
            .args(["-f", "%M", "-o"])
            .arg(&out)
            .arg(env!("CARGO_BIN_EXE_heapgame"))
            .args(args);
        let r = run_command(command);
        let peak = std::fs::read_to_string(&out).unwrap_or_default();
        let peak = peak.lines().last().and_then(|l| l.trim().parse().ok());
        return (r, peak.unwrap_or(0));
    }
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let pid = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (p, id, d) = (peak.clone(), pid.clone(), done.clone());
    let poller = std::thread::spawn(move || {
        use std::sync::atomic::Ordering::SeqCst;
        while !d.load(SeqCst) {
            let status = std::fs::read_to_string(format!("/proc/{}/status", id.load(SeqCst)));
            let hwm = status.ok().and_then(|s| {
                let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
                line.split_whitespace().nth(1)?.parse::<u64>().ok()
            });
            if let Some(kib) = hwm {
                p.fetch_max(kib, SeqCst);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    });
    let mut command = Command::new(env!("CARGO_BIN_EXE_heapgame"));
    command.args(args).stdin(Stdio::null());
    let r = run_command_with(command, &|i| {
        pid.store(i, std::sync::atomic::Ordering::SeqCst);
    });
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let _ = poller.join();
    (r, peak.load(std::sync::atomic::Ordering::SeqCst))
}

/// `plot --slice h3=0..1000000000` listed the billion values (4 GB, 39 s under an
/// address-space limit of 4 GB) before it counted them against the 16 panels a picture has:
/// now counted first, refused at once.
#[test]
fn a_slice_of_a_billion_values_is_refused_at_once() {
    let r = run_limited(&[
        "plot",
        "rulesets/classic/nim.game",
        "--heaps",
        "3",
        "--max",
        "5",
        "--slice",
        "h3=0..1000000000",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::usage"), "{r:?}");
    assert!(flat(&r.stderr).contains("more than 16 slices"), "{r:?}");
}

/// `check --samples 10 --sample-max 4294967295` on Wythoff's game: a sample's search outgrows
/// the memory limit (here under an address-space limit of about 1 GB). The memory guard's stop
/// was reported as Ctrl-C (`heapgame::cancelled`, exit 130), and left the cancel flag up for
/// the file's next run: now the memory limit (`heapgame::limit`, exit 2), and the runs after
/// it go on (the family claims are checked).
#[test]
fn a_memory_stop_in_check_is_the_limit_not_ctrl_c() {
    let mut child = Command::new("sh");
    child.args([
        "-c",
        "ulimit -v 1000000 && exec \"$0\" \"$@\"",
        env!("CARGO_BIN_EXE_heapgame"),
        "check",
        "rulesets/classic/wythoff.game",
        "--samples",
        "10",
        "--sample-max",
        "4294967295",
        "--seed",
        "1",
    ]);
    let r = run_command(child);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::limit"), "{r:?}");
    assert!(flat(&r.stderr).contains("memory in use neared"), "{r:?}");
    assert!(!r.stderr.contains("heapgame::cancelled"), "{r:?}");
    assert!(r.stdout.contains("family claims"), "{r:?}");
}

/// Two overflows the 10^6-case run found (panics in a build with overflow checks, a wrapped
/// value without): `plot --max 4294967295` counted the cells of a side in u32, and a heap
/// count near 2^63 overflowed the bytes a position costs. Both are refused now, exit 2.
#[test]
fn extreme_heaps_and_maxima_do_not_overflow() {
    let r = run(&[
        "plot",
        "rulesets/abuku/delete-nim.game",
        "--max",
        "4294967295",
        "--grundy",
        "--time",
        "10ms",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
    assert!(
        flat(&r.stderr).contains("4294967296 cells per side"),
        "{r:?}"
    );
    let r = run_limited(&[
        "diff",
        "rulesets/propp/cookie.game",
        "rulesets/propp/cookie.game",
        "--samples",
        "2",
        "--heaps",
        "9223372036854775807",
        "--max",
        "5",
        "--time",
        "10ms",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(!r.stderr.contains("panicked"), "{r:?}");
    assert!(r.stderr.contains("heapgame::"), "{r:?}");
}

/// The 10^6-case run hung on a ruleset whose move adds `1..4294967295` to a heap: `eval`
/// listed the followers of its position without the budget (the compiled-kernel path), and the
/// `add` loops never looked at the stop flag, so `--time 10ms` ran on for minutes. Both look
/// now. The same moves with `add 1..2` still list every follower: from (2, 1), take 1 from the
/// first heap (the second cannot go below 1) and add 1 or 2 to the second.
#[test]
fn adding_billions_of_amounts_stops_at_the_time() {
    let file = ruleset_file(
        "add-huge.game",
        "ruleset \"G\" {\n  heaps 2, each >= 1\n  move { take 1.. from one heap; add 1..4294967295 to one other heap }\n}\n",
    );
    let r = run(&["eval", &file, "1", "1", "--time", "10ms"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(flat(&r.stderr).contains("time limit"), "{r:?}");
    let r = run(&[
        "diff",
        &file,
        "rulesets/propp/cookie.game",
        "--max",
        "5",
        "--time",
        "10ms",
    ]);
    assert!(matches!(r.code, Some(0..=2)), "{r:?}");
    let small = ruleset_file(
        "add-small.game",
        "ruleset \"G\" {\n  heaps 2, each >= 1\n  move { take 1.. from one heap; add 1..2 to one other heap }\n}\n",
    );
    let r = run(&["moves", &small, "2", "1"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout.lines().collect::<Vec<_>>(), ["(1, 2)", "(1, 3)"]);
}

/// `-p "S=beatty(pi)"` on a file whose claims compare `S` was refused. Now solved: with
/// S = {floor(n pi)} = {3, 6, 9, 12, ...}, a heap of n <= 10 has the moves 3, 6, 9, so its
/// Grundy value is floor(n / 3) (mex over the values 3, 6, 9 below); and `check` runs.
#[test]
fn a_beatty_set_as_a_parameter_is_not_refused() {
    let file = "rulesets/classic/subtraction.game";
    let r = run(&[
        "sequence",
        file,
        "-p",
        "S=beatty(pi)",
        "--max",
        "10",
        "--format",
        "csv",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let want: Vec<String> = (0..=10).map(|n| format!("{n},{}", n / 3)).collect();
    assert_eq!(r.stdout.lines().skip(1).collect::<Vec<_>>(), want);
    let r = run(&[
        "check",
        file,
        "-p",
        "S=beatty(pi)",
        "--max",
        "10",
        "--heaps",
        "3",
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("holds over 286 positions"), "{r:?}");
}

/// The second long run ended on `diff` of a ruleset of `heaps 4294967295` with `--max 0`: the
/// box's one position, 2^32 - 1 empty heaps, took 16 GB before the memory guard ended the
/// process. Boxes and totals of such positions are refused at once, as samples were.
#[test]
fn a_box_of_positions_of_billions_of_heaps_is_refused() {
    let file = ruleset_file(
        "billion-box.game",
        "ruleset \"G\" {\n  heaps 4294967295\n  move { take 1 from one heap }\n  claim P: 1 == 1\n}\n",
    );
    for args in [
        vec![
            "diff",
            file.as_str(),
            "rulesets/abuku/delete-nim.game",
            "--max",
            "0",
            "--time",
            "10ms",
        ],
        vec!["check", file.as_str(), "--max", "0"],
        vec![
            "diff",
            file.as_str(),
            "rulesets/abuku/delete-nim.game",
            "--total",
            "2",
        ],
    ] {
        let r = run_limited(&args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.contains("heapgame::too_large"), "{args:?}: {r:?}");
        assert!(
            flat(&r.stderr).contains("a position of 4294967295 heaps"),
            "{args:?}: {r:?}"
        );
    }
}

/// The third long run ended on `plot --heaps 1` of a sum of `heaps 4294967295`: the sequence
/// picture built single-heap positions of 2^32 - 1 heaps (a 16 GB allocation, an abort under
/// an address-space limit). Refused at once, as `sequence` refuses it.
#[test]
fn a_sequence_picture_of_billions_of_heaps_is_refused() {
    let file = ruleset_file(
        "billion-plot.game",
        "ruleset \"G\" {\n  heaps 4294967295\n  move { take 1..3 from one heap }\n}\n",
    );
    let r = run_limited(&[
        "plot", &file, "--heaps", "1", "--max", "5", "--grundy", "--time", "10ms",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
    assert!(flat(&r.stderr).contains("4294967295 heaps"), "{r:?}");
}

/// The fourth long run found `solve --max 0` on a ruleset of `heaps 2, each >= 1` subtracting
/// the least heap from `--max` in u32 (a panic with overflow checks, a huge table without).
/// The box is empty; a box that holds positions is still solved: with `take 1.. from one heap
/// h where h > 1` and heaps of at least 1, (1, 1) has no move (P), (1, 2) moves to it (N),
/// and (2, 2) moves only to (1, 2) (P).
#[test]
fn a_box_below_the_least_heap_is_empty() {
    let file = ruleset_file(
        "each-at-least-1.game",
        "ruleset \"G\" {\n  heaps 2, each >= 1\n  move { take 1.. from one heap h where h > 1 }\n}\n",
    );
    let r = run(&["solve", &file, "--max", "0"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("0 P-positions among 0 positions"),
        "{r:?}"
    );
    let r = run(&["solve", &file, "--max", "2", "--format", "csv"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout.lines().collect::<Vec<_>>(),
        ["h1,h2,outcome", "1,1,P", "1,2,N", "2,2,P"]
    );
}

/// `check rulesets/propp/cookie.game --heaps 30 --time 10ms` ran 10 to 28 s and took 1.6 GB:
/// the deepening listed its second box (30 heaps <= 7: C(37, 7) = 10295472 positions) before
/// it looked at the clock, and the family claims (`count(reduced() ...)`, which solve nothing)
/// never looked at it, nor had any part of the time. The listing and the family claims look
/// now, and the family claims have their part of `--time`: the run stops within moments,
/// saying which family claim the time cut (exit 2), without claiming the rest hold.
#[test]
fn check_time_bounds_the_listing_and_the_family_claims() {
    let args = [
        "check",
        "rulesets/propp/cookie.game",
        "--heaps",
        "30",
        "--time",
        "10ms",
    ];
    let (r, peak_kib) = run_measured(&args);
    assert_eq!(r.code, Some(2), "{r:?}");
    let out = flat(&r.stdout);
    assert!(
        out.contains("stopped at the time limit in the family claim at line"),
        "{r:?}"
    );
    assert!(out.contains("the rest were not checked"), "{r:?}");
    assert!(!r.stderr.contains("panicked"), "{r:?}");
    // The 10^7 positions took 1.6 GB; nothing is listed now beyond what 10 ms allows.
    assert!(peak_kib < 200 * 1024, "peak {peak_kib} KiB: {r:?}");
}

/// The 10^6-case run (seed 2511250002): `check ... --total 2147483647 --time 10ms` took 10 s
/// to refuse, walking 2 * 10^7 positions to find that the total holds more than one run
/// visits, and then called the refusal a time limit. A total is refused at once now when the
/// positions of a box within it already pass the limit (three heaps of at most 715827882
/// each here), as too large; the count that remains looks at the clock.
#[test]
fn a_huge_total_is_refused_at_once_as_too_large() {
    for (file, total) in [
        ("rulesets/bhowmik/st-game.game", "2147483647"),
        ("rulesets/fraenkel-larsson/beta-wynim.game", "4294967295"),
        ("rulesets/propp/cookie.game", "4294967295"),
    ] {
        let r = run(&[
            "check",
            file,
            "--total",
            total,
            "--time",
            "10ms",
            "--max-positions",
            "500",
        ]);
        assert_eq!(r.code, Some(2), "{r:?}");
        assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
        // Not called a time limit (a run of the file may meet the position limit).
        assert!(!r.stderr.contains("give more time"), "{r:?}");
        assert!(
            flat(&r.stderr).contains("are more than the 20000000"),
            "{r:?}"
        );
    }
}

/// The 10^6-case run (seed 2511250003): `diff` of Nim (any number of heaps) and the (S, T)_k
/// game with `--max 30 --heaps 7 --time 10ms` took 29 s: the deepening listed the box of 7
/// heaps <= 30 (C(37, 7) = 10295472 positions) before it looked at the clock. The listing
/// looks at it now: the run stops within the time, saying how far it got.
#[test]
fn diff_time_bounds_the_listing_of_a_box() {
    let args = [
        "diff",
        "rulesets/classic/nim.game",
        "rulesets/bhowmik/st-game.game",
        "--max",
        "30",
        "--heaps",
        "7",
        "--time",
        "10ms",
        "--max-positions",
        "500",
    ];
    let (r, peak_kib) = run_measured(&args);
    assert!(matches!(r.code, Some(0..=2)), "{r:?}");
    assert!(!r.stderr.contains("panicked"), "{r:?}");
    if r.code == Some(2) {
        assert!(r.stderr.contains("heapgame::"), "{r:?}");
    }
    assert!(peak_kib < 200 * 1024, "peak {peak_kib} KiB: {r:?}");
}

/// The 10^6-case run (seed 2511250003): `check ... --total 1000 --time 10ms` took 11 s,
/// counting the positions of the total (more than 2 * 10^7 of three heaps, no box within it
/// proving so) without looking at the clock. The count looked at it (stopped by the time
/// limit within moments, and said so); now the positions of a fixed number of heaps up to a
/// total are counted by formula, not walked: k = 3's sorted heaps to 1000 tokens are
/// 28,070,362 (the partitions of each m <= 1000 into at most 3 parts), past the 2 * 10^7 of
/// one run, refused at once as too large (no longer cut by the time).
#[test]
fn counting_a_total_stops_at_the_time() {
    let r = run(&[
        "check",
        "rulesets/bhowmik/st-game.game",
        "--total",
        "1000",
        "--time",
        "10ms",
        "--max-positions",
        "500",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::too_large"), "{r:?}");
    assert!(
        flat(&r.stderr)
            .contains("the positions of total <= 1000 are more than the 20000000 one run visits"),
        "{r:?}"
    );
}

/// The 10^6-case run (seed 2511250001): `diff ... --heaps 4294967295 --max 0 --time 10ms`
/// took 20 s: the box's positions were walked count by count, 2^32 counts none of which holds
/// a position of heaps <= 0 but the empty one. The walk ends at the first such count now.
#[test]
fn a_box_of_billions_of_heap_counts_below_the_least_heap_ends_at_once() {
    let r = run(&[
        "diff",
        "rulesets/classic/subtraction.game",
        "rulesets/fraenkel-larsson/beta-wynim.game",
        "--heaps",
        "4294967295",
        "--max",
        "0",
        "--time",
        "10ms",
        "--max-positions",
        "500",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::"), "{r:?}");
    assert!(!r.stderr.contains("panicked"), "{r:?}");
}

/// The 10^6-case run (seed 2511253110): `solve nim.game --heaps 30 --max 7 --time 10ms` took
/// 27 s. The sum mode solves the 10295472 positions at once, and the table then lists the
/// 1287648 P-positions from their ranks, sorted, without looking at the clock. The listing
/// looks at it now: stopped within the time, saying that nothing was written.
#[test]
fn listing_the_p_positions_of_a_large_box_stops_at_the_time() {
    let r = run(&[
        "solve",
        "rulesets/classic/nim.game",
        "--heaps",
        "30",
        "--max",
        "7",
        "--time",
        "10ms",
        "--max-positions",
        "500",
    ]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::limit"), "{r:?}");
    assert!(
        flat(&r.stderr).contains("while writing the 10295472 positions of the box"),
        "{r:?}"
    );
}
