//! Aborts, runaways and damage through the real binary (issue 31): a misère quotient whose
//! table would not fit is refused before it is allocated, not an abort; a named pipe given as
//! the ruleset is refused, not waited on forever; `--output` never replaces a read-only file
//! nor turns a dangling symbolic link or a loop of links into a regular file; `--max-memory`
//! takes fractions of a unit; help written to a full disk is a failure; a REPL session goes on
//! after Ctrl-C stops a long output; a Wythoff position whose box's Grundy values take minutes
//! still gives its outcome and winning moves when `--time` stops them.
//!
//! No test here asserts how long anything took: a run that must stop is bounded by a generous
//! watchdog (the run helper's time bound), and what is asserted is what the run reported.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::run::{heapgame, Output};
use crate::robust::{assert_clean_failure, flat};

/// A generous bound against a hang: far above what the runs take on a loaded machine.
const WATCHDOG: Duration = Duration::from_secs(120);

/// The exit code, stdout and stderr of a run; a death by signal (an abort) fails the test.
fn finished(out: Output) -> (i32, String, String) {
    assert!(
        out.code != -1,
        "{} died by a signal ({:?}): {}",
        out.cmdline,
        out.status,
        out.stderr
    );
    (out.code, out.stdout, out.stderr)
}

/// Runs heapgame within the watchdog; (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    finished(heapgame().args(args).time_bound(WATCHDOG).run())
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heapgame-runaways-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

// ---------------------------------------------------------------------------------------------
// Misère quotients: a table predicted too large is refused, not allocated
// ---------------------------------------------------------------------------------------------

#[test]
fn a_quotient_table_beyond_the_memory_limit_is_refused_not_allocated() {
    // The step that adds heap 22 of 0.36 asks for a table of about 108 GB (the abort);
    // under a memory limit of 512 MB some step is refused with the limit's code, and the run
    // neither aborts nor answers.
    let (code, out, err) = run(&[
        "quotient",
        "rulesets/classic/octal.game",
        "-p",
        "code=0.36",
        "--max",
        "22",
        "--max-memory",
        "512M",
    ]);
    assert_clean_failure(code, &err, "heapgame::limit");
    assert!(out.is_empty(), "{out}");
    let e = flat(&err);
    assert!(
        e.contains("needs a table of") && e.contains("--max-memory 512"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------------
// Reading the ruleset: a named pipe is refused, not waited on
// ---------------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_named_pipe_as_the_ruleset_is_refused() {
    let dir = scratch("fifo");
    let fifo = dir.join("rules.game");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|st| st.success());
    if !made {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    for cmd in [
        vec!["eval", s(&fifo), "3"],
        vec!["check", s(&fifo), "--time", "2s"],
    ] {
        // Before the fix the open waited for a writer forever: the watchdog would fail this.
        let (code, out, err) = run(&cmd);
        assert_clean_failure(code, &err, "heapgame::io");
        assert!(
            flat(&err).contains("a named pipe, not a regular file"),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// --output: no damage
// ---------------------------------------------------------------------------------------------

/// `solve wythoff --max 3 --output PATH`: (exit code, stderr).
fn solve_to(path: &Path) -> (i32, String) {
    let (code, _, err) = run(&[
        "solve",
        "rulesets/classic/wythoff.game",
        "--max",
        "3",
        "--output",
        s(path),
    ]);
    (code, err)
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[cfg(unix)]
#[test]
fn output_never_replaces_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("readonly");
    let file = dir.join("kept.txt");
    std::fs::write(&file, "old").expect("write");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let (code, err) = solve_to(&file);
    assert_clean_failure(code, &err, "heapgame::io");
    assert!(flat(&err).contains("read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "old");
    let mode = std::fs::metadata(&file).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
    assert_eq!(names(&dir), ["kept.txt"], "no temporary file is left");
    // Through a symbolic link too.
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&file, &link).expect("symlink");
    let (code, err) = solve_to(&link);
    assert_clean_failure(code, &err, "heapgame::io");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "old");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn output_keeps_a_replaced_files_permissions() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("mode");
    let file = dir.join("shared.txt");
    std::fs::write(&file, "old").expect("write");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let (code, err) = solve_to(&file);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).expect("read");
    assert!(text.contains("(0, 0)"), "{text}");
    let mode = std::fs::metadata(&file).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "the file keeps its permissions");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn output_leaves_dangling_links_and_loops_as_links() {
    let dir = scratch("links");
    let dangling = dir.join("dangling.txt");
    std::os::unix::fs::symlink(dir.join("nowhere").join("x.txt"), &dangling).expect("symlink");
    let a = dir.join("a.txt");
    let b = dir.join("b.txt");
    std::os::unix::fs::symlink(&b, &a).expect("symlink");
    std::os::unix::fs::symlink(&a, &b).expect("symlink");
    for link in [&dangling, &a] {
        let (code, err) = solve_to(link);
        assert_clean_failure(code, &err, "heapgame::io");
        assert!(flat(&err).contains("nothing was written"), "{err}");
        let meta = std::fs::symlink_metadata(link).expect("still there");
        assert!(
            meta.file_type().is_symlink(),
            "{} was replaced",
            link.display()
        );
    }
    // A plot too (written whole, through the same path).
    let (code, _, err) = run(&[
        "plot",
        "rulesets/classic/wythoff.game",
        "--max",
        "5",
        "--output",
        s(&dir.join("dangling.txt")),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(std::fs::symlink_metadata(&dangling)
        .expect("link")
        .file_type()
        .is_symlink());
    assert_eq!(names(&dir), ["a.txt", "b.txt", "dangling.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Arguments and standard output
// ---------------------------------------------------------------------------------------------

#[test]
fn max_memory_takes_a_fraction_of_a_unit() {
    let (code, out, err) = run(&[
        "eval",
        "rulesets/classic/nim.game",
        "3",
        "5",
        "--max-memory",
        "0.5G",
    ]);
    assert_eq!(code, 0, "{err}");
    // 3 xor 5 = 6.
    assert!(out.contains('6'), "{out}");
    let (code, _, err) = run(&[
        "eval",
        "rulesets/classic/nim.game",
        "3",
        "--max-memory",
        "0.1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a positive size"), "{err}");
}

#[test]
fn help_written_to_a_full_disk_fails() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [&["--help"][..], &["eval", "--help"], &["--version"]] {
        let out = heapgame()
            .args(args)
            .stdout_to("/dev/full")
            .time_bound(WATCHDOG)
            .run();
        let (code, _, err) = finished(out);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("heapgame::io"), "{args:?}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// The REPL: Ctrl-C stops a long output, not the session
// ---------------------------------------------------------------------------------------------

#[test]
fn ctrl_c_during_a_long_sequence_stops_it_not_the_session() {
    use std::io::{Read, Write};
    // Lines read from a pipe (no terminal): Kayles' 30,000,000 values are found at once (its
    // period is proven) and then written out, 85 MB; a Ctrl-C during that used to end the
    // session with exit code 130. Now it stops the output and the next line runs. The Ctrl-C
    // is sent once the output has begun (the pipe, unread, holds the rest back), so that it
    // lands during the output however busy the machine is.
    let mut child = heapgame()
        .args(["repl", "rulesets/classic/kayles.game"])
        .stdin("")
        .spawn();
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    stdin
        .write_all(b":sequence 30000000\n")
        .expect("write the first line");
    stdin.flush().expect("flush");
    let mut stdout = child.stdout.take().expect("a stdout pipe");
    let mut first = [0u8; 4096];
    let n = stdout
        .read(&mut first)
        .expect("read the output's beginning");
    assert!(n > 0, "the sequence's output began");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    // The next line, then the end of input.
    stdin
        .write_all(b":eval 7\n")
        .expect("write the second line");
    drop(stdin);
    let reader = std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = stdout.read_to_end(&mut rest);
        rest
    });
    let mut stderr = child.stderr.take().expect("a stderr pipe");
    let err_reader = std::thread::spawn(move || {
        let mut err = String::new();
        let _ = stderr.read_to_string(&mut err);
        err
    });
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for heapgame") {
            break s;
        }
        if start.elapsed() > WATCHDOG {
            let _ = child.kill();
            panic!("the REPL still ran {WATCHDOG:?} after the Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let rest = reader.join().expect("the stdout reader");
    let err = err_reader.join().expect("the stderr reader");
    let out = String::from_utf8_lossy(&rest);
    assert_ne!(
        status.code(),
        Some(130),
        "the session ended at Ctrl-C: {err}"
    );
    assert!(err.contains("(Ctrl-C)"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        first.len() + rest.len() < 85_000_000,
        "the output was not cut short"
    );
    // Kayles: G(7) = 2 (Winning Ways: 0 1 2 3 1 4 3 2 ...).
    assert!(
        out.contains("grundy:   2"),
        "the line after the stop did not run: {err}"
    );
}

// ---------------------------------------------------------------------------------------------
// --time and Ctrl-C inside nested quantifiers
// ---------------------------------------------------------------------------------------------

/// A ruleset of three heaps whose move guard (or claim) nests thirty quantifiers over the
/// heaps: 3^30 members, which only the clock can stop.
fn nested(in_claim: bool) -> String {
    let names: Vec<String> = (0..30).map(|i| format!("x{i}")).collect();
    let mut cond = format!("{} >= 0", names.join(" + "));
    for n in names.iter().rev() {
        cond = format!("all({n} in heaps: {cond})");
    }
    if in_claim {
        format!(
            "ruleset \"Q\" {{\n  heaps 3\n  move {{ take 1.. from one heap }}\n  claim P: {cond} \
             and xor(heaps) == 0\n  check max 4\n}}\n"
        )
    } else {
        format!(
            "ruleset \"Q\" {{\n  heaps 3\n  move {{ take 1.. from one heap h where {cond} }}\n}}\n"
        )
    }
}

#[test]
fn time_stops_thirty_nested_quantifiers() {
    let dir = scratch("nested");
    let guard = dir.join("guard.game");
    std::fs::write(&guard, nested(false)).expect("write");
    let (code, out, err) = run(&["eval", s(&guard), "3", "4", "5", "--time", "2s"]);
    assert_clean_failure(code, &err, "heapgame::limit");
    assert!(flat(&err).contains("time limit"), "{err}");
    assert!(out.is_empty(), "{out}");
    let claim = dir.join("claim.game");
    std::fs::write(&claim, nested(true)).expect("write");
    // `check` reports a run cut by the time on its own lines (what it then says of the claim
    // is `check`'s business); what matters here is that the run stops and says so.
    let (code, out, err) = run(&["check", s(&claim), "--time", "2s"]);
    assert!(matches!(code, 0..=2), "{out}{err}");
    assert!(flat(&format!("{out}{err}")).contains("time"), "{out}{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// An allocation larger than the address space: refused, not an abort
// ---------------------------------------------------------------------------------------------

#[cfg(target_os = "linux")]
#[test]
fn staircase_nim_of_a_thousand_huge_heaps_stops_at_the_memory_limit() {
    // The search keeps every follower of the position: 1,000 heaps of 4294967295 ask for a
    // block of 4 GB, which under `ulimit -v 4000000` failed with SIGABRT.
    let mut args = vec![
        "eval".to_string(),
        "rulesets/classic/staircase-nim.game".to_string(),
        "-p".to_string(),
        "k=1000".to_string(),
    ];
    args.extend(std::iter::repeat_n("4294967295".to_string(), 1000));
    let out = heapgame()
        .args(&args)
        .address_space_kib(4_000_000)
        .time_bound(WATCHDOG)
        .run();
    let (code, _, err) = finished(out);
    assert_clean_failure(code, &err, "heapgame::limit");
    assert!(flat(&err).contains("memory"), "{err}");
}

/// Wythoff's P-positions below `top`, by Beatty's formula in integers: a_n = floor(n phi) =
/// floor((n + isqrt(5 n^2)) / 2), b_n = a_n + n.
fn wythoff_p(top: u64) -> std::collections::BTreeSet<(u64, u64)> {
    let isqrt = |v: u64| {
        let mut r = (v as f64).sqrt() as u64;
        while r * r > v {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= v {
            r += 1;
        }
        r
    };
    (0..top)
        .map(|n| {
            let a = (n + isqrt(5 * n * n)) / 2;
            (a, a + n)
        })
        .take_while(|&(a, _)| a <= top)
        .collect()
}

#[test]
fn a_huge_wythoff_position_gives_its_outcome_when_time_stops_the_grundy_values() {
    // The box of heaps <= 6472 holds 4.2 * 10^7 cells: its outcomes take about a second, its
    // Grundy values minutes (a mex over a row, a column and a diagonal at every cell). Before,
    // `--time` stopped the run with nothing printed.
    let (a, b) = (4000u64, 6472u64);
    let out = heapgame()
        .args([
            "eval",
            "rulesets/classic/wythoff.game",
            "4000",
            "6472",
            "--time",
            "20s",
        ])
        .time_bound(WATCHDOG)
        .run();
    let (code, stdout, stderr) = finished(out);
    if code == 2 && stderr.contains("time limit") {
        eprintln!("the outcomes themselves took more than 20 s here: {stderr}");
        return;
    }
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("outcome:  N"), "{stdout}");
    if !stdout.contains("grundy:   not computed within the time limit") {
        assert!(stdout.contains("grundy:   "), "{stdout}");
    }
    let p = wythoff_p(b);
    let mut wins = std::collections::BTreeSet::new();
    let followers = (0..a)
        .map(|x| (x, b))
        .chain((0..b).map(|y| (a, y)))
        .chain((1..=a).map(|t| (a - t, b - t)));
    for (x, y) in followers {
        let f = (x.min(y), x.max(y));
        if p.contains(&f) {
            wins.insert(format!("  -> ({}, {})", f.0, f.1));
        }
    }
    let shown: std::collections::BTreeSet<String> = stdout
        .lines()
        .filter(|l| l.starts_with("  -> "))
        .map(str::to_string)
        .collect();
    assert!(!wins.is_empty());
    assert_eq!(shown, wins, "{stdout}");
}
