//! Hostile command lines, generated and run through the real binary: every command (`eval`,
//! `moves`, `solve`, `check`, `diff`, `sequence`, `plot`, `formulas`, a piped `repl`) on the
//! bundled rulesets, a mutated copy or a ruleset generated from the grammar's constructs, with
//! `-p` values, positions and every numeric argument at its extremes (0, 1, 2^31, 2^32 - 1,
//! 2^63 - 1, negative, huge, not a number; the cases of `tests/fuzz_cases`). The
//! property: the process exits with 0, 1, 2 or 130 (never a panic's 101, never killed by a
//! signal such as an abort), prints no panic message, and ends within a time bound, since every
//! run is given `--time 1s` where the command takes one.
//!
//! `cargo test` runs the same 24 cases each time. A longer run, with new random cases:
//!
//! ```sh
//! HEAPGAME_FUZZ_CLI_CASES=100000 cargo test --release --test all fuzz_cli:: -- --nocapture
//! ```
//!
//! Each case is written to `target/tmp/fuzz-cli-current.txt` before it runs, so that a case
//! that fails the property can be read back (proptest also prints it, shrunk); a long run
//! keeps its count of cases and seconds in `target/tmp/fuzz-cli-progress.txt`.

use std::path::Path;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRng, TestRunner};

use crate::common::run::heapgame;
use crate::fuzz_cases;
use fuzz_cases::{case_strategy, root, Case, Mode};

/// A run that takes longer than this is a hang (`--time 1s` is given; the machine may be
/// loaded, and a run may spend its second on each of a few phases).
const KILL_AFTER: Duration = Duration::from_secs(60);

/// Runs one case; the property holds when it ends in time with an allowed exit code and
/// without a panic message.
fn run(
    case: &Case,
    file: &Path,
    codes: &std::cell::RefCell<[u64; 4]>,
) -> Result<(), TestCaseError> {
    // `@OUT:KIND`: an output target that must be left as it is (issue 31).
    #[cfg(unix)]
    let special = case
        .args
        .iter()
        .find_map(|a| a.strip_prefix("@OUT:"))
        .and_then(|kind| {
            let dir = file.with_extension("outputs");
            crate::fuzz_cases::special_output(kind, &dir).map(|p| (kind.to_string(), p))
        });
    #[cfg(not(unix))]
    let special: Option<(String, std::path::PathBuf)> = None;
    if special.is_none() && case.args.iter().any(|a| a.starts_with("@OUT:")) {
        return Ok(());
    }
    let args: Vec<String> = case
        .args
        .iter()
        .map(|a| {
            if a == "@FILE" {
                file.display().to_string()
            } else if let (true, Some((_, p))) = (a.starts_with("@OUT:"), &special) {
                p.display().to_string()
            } else {
                a.clone()
            }
        })
        .collect();
    if let Some(text) = &case.text {
        std::fs::write(file, text).expect("the mutated ruleset is written");
    }
    let current = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cli-current.txt");
    let _ = std::fs::write(&current, format!("{case:?}\n"));
    let mut h = heapgame()
        .args(&args)
        .dir(root())
        .env("HOME", env!("CARGO_TARGET_TMPDIR"))
        .stdout_to("/dev/null")
        .time_bound(KILL_AFTER);
    if let Some(script) = &case.stdin {
        h = h.stdin(script);
    }
    let Some(out) = h.run_bounded() else {
        return Err(TestCaseError::fail(format!(
            "still running after {KILL_AFTER:?}: heapgame {args:?}"
        )));
    };
    let (status, stderr) = (out.status, out.stderr);
    prop_assert!(
        matches!(status.code(), Some(0 | 1 | 2 | 130)),
        "heapgame {:?} ended with {status:?}\n{stderr}",
        args
    );
    if let Some(i) = [0, 1, 2, 130]
        .iter()
        .position(|&c| status.code() == Some(c))
    {
        codes.borrow_mut()[i] += 1;
    }
    prop_assert!(
        !stderr.contains("panicked"),
        "heapgame {:?} panicked\n{stderr}",
        args
    );
    #[cfg(unix)]
    if let Some((kind, p)) = &special {
        if let Err(e) = crate::fuzz_cases::special_intact(kind, p) {
            return Err(TestCaseError::fail(format!("heapgame {args:?}: {e}")));
        }
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("HEAPGAME_FUZZ_CLI_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24)
}

#[test]
fn hostile_command_lines_end_cleanly() {
    let long = std::env::var_os("HEAPGAME_FUZZ_CLI_CASES").is_some();
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 64,
        ..Config::default()
    };
    // `cargo test` runs the same cases every time; a long run explores new ones.
    let mut runner = if long {
        TestRunner::new(config)
    } else {
        let rng = TestRng::deterministic_rng(config.rng_algorithm);
        TestRunner::new_with_rng(config, rng)
    };
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cli.game");
    let t0 = Instant::now();
    let n = std::cell::Cell::new(0u64);
    let codes = std::cell::RefCell::new([0u64; 4]);
    let progress = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cli-progress.txt");
    let result = runner.run(&case_strategy(Mode::Process), |case| {
        n.set(n.get() + 1);
        if long {
            let (k, secs) = (n.get(), t0.elapsed().as_secs());
            let _ = std::fs::write(
                &progress,
                format!("{k} cases passed or running, {secs} s\n"),
            );
        }
        run(&case, &file, &codes)
    });
    eprintln!(
        "fuzz_cli: {} command lines in {:.1} s; exit 0: {}, 1: {}, 2: {}, 130: {}",
        n.get(),
        t0.elapsed().as_secs_f64(),
        codes.borrow()[0],
        codes.borrow()[1],
        codes.borrow()[2],
        codes.borrow()[3]
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
