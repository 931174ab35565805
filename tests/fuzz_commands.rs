//! Hostile command lines run in process, fast enough for 10^6 cases: every case goes through
//! the library's `cli::run_from`, the function `heapgame`'s `main` calls, with the cases of
//! `tests/fuzz_cases` (every command but the REPL, which reads the process's stdin; bundled,
//! mutated and generated rulesets; `-p` values, positions and numeric arguments at their
//! extremes) and small limits (`--max-positions 500` unless one was drawn, `--time 10ms` or an
//! extreme one). The property, per case: no panic (`catch_unwind`), the result is an exit code
//! of 0, 1 or 2, clap's own usage error, or a report whose rendering names codes that
//! `Code::ALL` lists, and the case ends within [`SLOW`].
//!
//! A tenth of the cases instead cross-check answers: a random small ruleset (subtraction,
//! take-and-split, Grundy's splits, at most half, `take same`, two heaps with `|s - t| < d`,
//! moves of several steps with `set`, which may keep a heap's size) is solved by `eval`'s path (`through_kernel`, else the memoized search) and `solve`'s
//! (`solve_box_play`) and compared with a plain recursive mex written here.
//!
//! The cases run in a child process (this test binary again), its stdout to /dev/null, so that
//! an abort or a hang is seen and its case named (`target/tmp/fuzz-commands-SEED-current.txt`;
//! every file of a run is named by its seed, so runs with distinct seeds can go on at once).
//! `cargo test` runs the same 300 cases each time; a long run, with new cases:
//!
//! ```sh
//! HEAPGAME_FUZZ_CASES=1000000 cargo test --release --test all fuzz_commands:: -- --nocapture
//! ```
//!
//! (`HEAPGAME_FUZZ_SEED=S` repeats a run, or starts several shards at once, each with its own
//! seed.) It prints the cases, seconds, exit codes, the slowest case and the failures.

#[path = "fuzz_commands/brute.rs"]
mod brute;
use crate::fuzz_cases;

use heapgame::{cli, repl};
use std::io::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fuzz_cases::{case_strategy, root, Case, Mode};
use miette::{GraphicalReportHandler, GraphicalTheme};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// A case that takes longer is a failure: every case is given `--time` (10 ms unless an extreme
/// was drawn) and a position limit; the margin is for a loaded machine.
const SLOW: Duration = Duration::from_secs(10);

/// A case still running after this is a hang: the child ends itself, naming the case.
const HANG: Duration = Duration::from_secs(120);

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// The files of one run, named by its seed.
struct Files {
    current: PathBuf,
    failures: PathBuf,
    summary: PathBuf,
    game: PathBuf,
}

impl Files {
    fn of(seed: u64) -> Self {
        let at = |name: &str| tmp(&format!("fuzz-commands-{seed}-{name}"));
        Files {
            current: at("current.txt"),
            failures: at("failures.txt"),
            summary: at("summary.txt"),
            game: at("ruleset.game"),
        }
    }
}

fn cases() -> u64 {
    std::env::var("HEAPGAME_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// The seed: `HEAPGAME_FUZZ_SEED`, else fixed for the short run and from the clock for a long
/// one. The parent chooses it and passes it to the child in `HEAPGAME_FUZZ_SEED`.
fn seed() -> u64 {
    if let Some(s) = std::env::var("HEAPGAME_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return s;
    }
    if std::env::var_os("HEAPGAME_FUZZ_CASES").is_none() {
        return 25;
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

#[test]
fn hostile_commands_in_process() {
    if std::env::var_os("HEAPGAME_FUZZ_CHILD").is_some() {
        return child();
    }
    let seed = seed();
    let files = Files::of(seed);
    let _ = std::fs::remove_file(&files.failures);
    let _ = std::fs::remove_file(&files.summary);
    let t0 = Instant::now();
    let mut child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            "fuzz_commands::hostile_commands_in_process",
            "--nocapture",
            "--test-threads=1",
        ])
        .current_dir(root())
        .env("HEAPGAME_FUZZ_CHILD", "1")
        .env("HEAPGAME_FUZZ_SEED", seed.to_string())
        .env("NO_COLOR", "1")
        .env("HOME", env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the test binary runs again");
    // Keep the end of the child's stderr (reports of commands that print warnings, a panic
    // of the harness itself).
    let mut err = child.stderr.take().expect("a piped stderr");
    let reader = std::thread::spawn(move || {
        let mut tail: Vec<u8> = Vec::new();
        let mut buf = [0u8; 1 << 16];
        while let Ok(n) = std::io::Read::read(&mut err, &mut buf) {
            if n == 0 {
                break;
            }
            tail.extend_from_slice(&buf[..n]);
            if tail.len() > 1 << 16 {
                tail.drain(..tail.len() - (1 << 15));
            }
        }
        String::from_utf8_lossy(&tail).into_owned()
    });
    let status = child.wait().expect("the child ends");
    let stderr = reader.join().unwrap_or_default();
    let summary = std::fs::read_to_string(&files.summary).unwrap_or_default();
    eprintln!("{summary}(child ran {:.1} s)", t0.elapsed().as_secs_f64());
    let failures = std::fs::read_to_string(&files.failures).unwrap_or_default();
    let current = std::fs::read_to_string(&files.current).unwrap_or_default();
    assert!(
        status.success() && summary.contains("cases") && failures.is_empty(),
        "the child ended with {status:?}\nlast case:\n{current}\nfailures:\n{failures}\nstderr \
         (end):\n{stderr}"
    );
}

/// What one run counted.
#[derive(Default)]
struct Tally {
    cases: u64,
    codes: [u64; 4],
    usage: u64,
    brute: u64,
    brute_positions: u64,
    slowest: (Duration, String),
    over_100ms: u64,
    failures: u64,
    /// Where failures are written.
    failures_file: PathBuf,
}

/// The child: runs the cases, writes failures and a summary to files.
fn child() {
    let panic = Arc::new(Mutex::new(String::new()));
    let p = panic.clone();
    std::panic::set_hook(Box::new(move |info| {
        let bt = std::backtrace::Backtrace::force_capture();
        if let Ok(mut s) = p.lock() {
            *s = format!("{info}\n{bt}");
        }
    }));
    let seed = seed();
    let files = Files::of(seed);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = case_strategy(Mode::InProcess);
    let small = brute::strategy();
    let mut tally = Tally {
        failures_file: files.failures.clone(),
        ..Tally::default()
    };
    let t0 = Instant::now();
    let n = cases();
    let current = Arc::new(Mutex::new((Instant::now(), String::new())));
    watch_for_hangs(current.clone(), files.failures.clone());
    for i in 0..n {
        if i % 10 == 9 {
            let r = small
                .new_tree(&mut runner)
                .expect("a small ruleset")
                .current();
            set_current(&current, &files.current, &format!("brute force: {r:?}"));
            tally.brute += 1;
            match catch_unwind(AssertUnwindSafe(|| brute::cross_check(&r))) {
                Ok(Ok(k)) => tally.brute_positions += k,
                Ok(Err(e)) => fail(&mut tally, &format!("brute force: {r:?}"), &e),
                Err(_) => {
                    let msg = panic.lock().map(|s| s.clone()).unwrap_or_default();
                    fail(
                        &mut tally,
                        &format!("brute force: {r:?}"),
                        &format!("panic: {msg}"),
                    );
                }
            }
            continue;
        }
        let case = strategy.new_tree(&mut runner).expect("a case").current();
        run_case(&case, &files, &current, &panic, &mut tally);
        if i % 1_000 == 0 && i > 0 {
            write_summary(&tally, t0, seed, &files.summary, false);
        }
    }
    write_summary(&tally, t0, seed, &files.summary, true);
}

fn set_current(current: &Mutex<(Instant, String)>, file: &Path, what: &str) {
    let _ = std::fs::write(file, what);
    if let Ok(mut c) = current.lock() {
        *c = (Instant::now(), what.to_string());
    }
}

/// Ends the child, naming the case, when one case runs past [`HANG`].
fn watch_for_hangs(current: Arc<Mutex<(Instant, String)>>, failures: PathBuf) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(1));
        let Ok(c) = current.lock() else { return };
        if c.0.elapsed() > HANG {
            let _ = std::fs::write(
                &failures,
                format!("still running after {HANG:?}: {}\n", c.1),
            );
            std::process::exit(3);
        }
    });
}

/// Runs one command line through `cli::run_from` and checks the property.
fn run_case(
    case: &Case,
    files: &Files,
    current: &Mutex<(Instant, String)>,
    panic: &Mutex<String>,
    tally: &mut Tally,
) {
    if let Some(text) = &case.text {
        std::fs::write(&files.game, text).expect("the ruleset is written");
    }
    // `@OUT:KIND`: an output target that must be left as it is (issue 31).
    let special = special_target(case, files);
    if special.as_ref().is_some_and(Option::is_none) {
        return;
    }
    let args: Vec<String> = std::iter::once("heapgame".to_string())
        .chain(case.args.iter().map(|a| {
            if a == "@FILE" {
                files.game.display().to_string()
            } else if let (true, Some(Some((_, p)))) = (a.starts_with("@OUT:"), &special) {
                p.display().to_string()
            } else {
                a.clone()
            }
        }))
        .collect();
    let what = format!(
        "heapgame {args:?}\n{}",
        case.text.clone().unwrap_or_default()
    );
    set_current(current, &files.current, &what);
    // A Ctrl-C flag set by a memory guard in an earlier case must not stop this one.
    cli::cancel_flag().store(false, Ordering::SeqCst);
    tally.cases += 1;
    let t = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| cli::run_from(&args, repl::run)));
    let took = t.elapsed();
    if took > tally.slowest.0 {
        tally.slowest = (took, what.clone());
    }
    if took > Duration::from_millis(100) {
        tally.over_100ms += 1;
    }
    if took > SLOW {
        fail(tally, &what, &format!("took {took:?}"));
    }
    if let Some(Some((kind, p))) = &special {
        if let Err(e) = fuzz_cases::special_intact(kind, p) {
            fail(tally, &what, &e);
        }
    }
    match result {
        Err(_) => {
            let msg = panic.lock().map(|s| s.clone()).unwrap_or_default();
            fail(tally, &what, &format!("panic: {msg}"));
        }
        Ok(Err(_usage)) => tally.usage += 1,
        Ok(Ok(Ok(code))) => match code {
            0..=2 => tally.codes[usize::from(code)] += 1,
            c => fail(tally, &what, &format!("exit code {c}")),
        },
        Ok(Ok(Err(report))) => {
            let code = cli::exit_code(&report);
            tally.codes[if code == 130 { 3 } else { 2 }] += 1;
            if let Err(e) = check_report(&report) {
                fail(tally, &what, &e);
            }
        }
    }
}

/// The `@OUT:KIND` target of a case: `None` when it has none, `Some(None)` when it cannot be
/// made here (no `mkfifo`; the case is skipped).
#[allow(clippy::option_option)]
fn special_target(case: &Case, files: &Files) -> Option<Option<(String, PathBuf)>> {
    let kind = case.args.iter().find_map(|a| a.strip_prefix("@OUT:"))?;
    let dir = files.game.with_extension("outputs");
    #[cfg(unix)]
    {
        Some(fuzz_cases::special_output(kind, &dir).map(|p| (kind.to_string(), p)))
    }
    #[cfg(not(unix))]
    {
        let _ = (kind, dir);
        Some(None)
    }
}

/// A report renders, and names at least one code, each of `Code::ALL`.
fn check_report(report: &miette::Report) -> Result<(), String> {
    let mut shown = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut shown, report.as_ref())
        .map_err(|e| format!("rendering failed: {e}"))?;
    let known: Vec<&str> = heapgame::ruleset::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .collect();
    let mut found = 0;
    for (i, _) in shown.match_indices("heapgame::") {
        let code: String = shown[i..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == ':' || *c == '_')
            .collect();
        if !known.contains(&code.as_str()) {
            return Err(format!("a code not in Code::ALL: {code}\n{shown}"));
        }
        found += 1;
    }
    if found == 0 {
        return Err(format!("a report without a code:\n{shown}"));
    }
    Ok(())
}

fn fail(tally: &mut Tally, what: &str, why: &str) {
    tally.failures += 1;
    if tally.failures <= 20 {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&tally.failures_file)
            .expect("the failures file opens");
        let _ = writeln!(f, "--- {why}\n{what}\n");
    }
}

fn write_summary(t: &Tally, t0: Instant, seed: u64, file: &Path, done: bool) {
    let s = format!(
        "fuzz_commands: {} cases{} (seed {seed}) in {:.1} s: {} command lines (exit 0: {}, \
         1: {}, 2: {}, 130: {}; usage errors: {}), {} rulesets against the brute force ({} \
         positions compared); {} over 100 ms, slowest {:.3} s: {}; {} failures\n",
        t.cases + t.brute,
        if done { "" } else { " so far" },
        t0.elapsed().as_secs_f64(),
        t.cases,
        t.codes[0],
        t.codes[1],
        t.codes[2],
        t.codes[3],
        t.usage,
        t.brute,
        t.brute_positions,
        t.over_100ms,
        t.slowest.0.as_secs_f64(),
        t.slowest.1.lines().next().unwrap_or(""),
        t.failures,
    );
    let _ = std::fs::write(file, s);
}
