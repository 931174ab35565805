//! Hostile command lines, generated and run through the real binary: every command (`eval`,
//! `moves`, `solve`, `check`, `diff`, `sequence`, `plot`, `formulas`, a piped `repl`) on the
//! bundled rulesets or a mutated copy, with `-p` values, positions and every numeric argument
//! at its extremes (0, 1, 2^31, 2^32 - 1, 2^63 - 1, negative, huge, not a number). The
//! property: the process exits with 0, 1, 2 or 130 (never a panic's 101, never killed by a
//! signal such as an abort), prints no panic message, and ends within a time bound, since every
//! run is given `--time 1s` where the command takes one.
//!
//! `cargo test` runs the same 24 cases each time. A longer run, with new random cases:
//!
//! ```sh
//! HEAPGAME_FUZZ_CLI_CASES=100000 cargo test --release --test fuzz_cli -- --nocapture
//! ```
//!
//! Each case is written to `target/tmp/fuzz-cli-current.txt` before it runs, so that a case
//! that fails the property can be read back (proptest also prints it, shrunk); a long run
//! keeps its count of cases and seconds in `target/tmp/fuzz-cli-progress.txt`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRng, TestRunner};

/// A run that takes longer than this is a hang (`--time 1s` is given; the machine may be
/// loaded, and a run may spend its second on each of a few phases).
const KILL_AFTER: Duration = Duration::from_secs(60);

/// Rulesets to run on: small and large moves, sums, kernels, loops, parameters.
const RULESETS: &[&str] = &[
    "rulesets/classic/nim.game",
    "rulesets/classic/wythoff.game",
    "rulesets/classic/kayles.game",
    "rulesets/classic/subtraction.game",
    "rulesets/classic/grundy-game.game",
    "rulesets/classic/d-wythoff.game",
    "rulesets/fraenkel-zusman/fraenkel-zusman.game",
    "rulesets/fraenkel-larsson/beta-wynim.game",
    "rulesets/propp/cookie.game",
    "rulesets/abuku/delete-nim.game",
    "rulesets/bhowmik/st-game.game",
];

/// Numbers at their extremes, and things that are not numbers.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "30",
    "1000",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551616",
    "99999999999999999999999999",
    "-1",
    "-9223372036854775808",
    "1e9",
    "1.5",
    "x",
    "",
];

/// Values for `-p NAME=VALUE`: extremes, reals, sets, deep nesting, broken text.
const VALUES: &[&str] = &[
    "0",
    "1",
    "3",
    "4",
    "-1",
    "2^62",
    "2^63",
    "10^18",
    "1^(10^18)",
    "0^(10^18)",
    "(-1)^(10^18+1)",
    "9223372036854775807",
    "99999999999999999999",
    "1/0",
    "phi",
    "pi",
    "2+sqrt(2)",
    "sqrt(-1)",
    "beatty(phi)",
    "beatty(pi)",
    "1..",
    "1..10^12",
    "0..0",
    "{}",
    "{1}",
    "{2}",
    "{1, 2, 3}",
    "{-1}",
    "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{1}}}}}}}}}}}}}}}}}}}}}}}}}}}}}",
    "((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))",
    "1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..2))))))))))))))",
    "{x for x in 1..10}",
    "{",
    "(1, 2",
    "\u{feff}1",
    "é",
];

/// Names for `-p`: the bundled rulesets' parameters, a side of a diff, and unknown ones.
const PARAM_NAMES: &[&str] = &["k", "S", "T", "d", "beta", "A.k", "B.S", "C.zz", "zz", ""];

/// Position words: numbers at their extremes and broken punctuation.
const POSITION_WORDS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "30",
    "1000",
    "40000",
    "2147483648",
    "4294967295",
    "4294967296",
    "-1",
    "(1, 2",
    "1,,2",
    "((1",
    ")(",
    "(3, 5)",
    "#1",
    "x",
];

/// Flags that take a number, by command.
fn numeric_flags(cmd: &str) -> &'static [&'static str] {
    match cmd {
        "solve" => &["--max", "--heaps", "--max-positions"],
        "check" => &[
            "--max",
            "--heaps",
            "--total",
            "--samples",
            "--sample-max",
            "--seed",
            "--max-positions",
        ],
        "diff" => &[
            "--max",
            "--heaps",
            "--total",
            "--samples",
            "--sample-max",
            "--show",
            "--max-positions",
        ],
        "sequence" => &["--max", "--max-positions"],
        "plot" => &["--max", "--heaps", "--max-positions"],
        "eval" | "moves" => &["--max-positions"],
        _ => &[],
    }
}

/// One generated case: the command line and, for the REPL, its script.
#[derive(Clone, Debug)]
struct Case {
    args: Vec<String>,
    stdin: Option<String>,
    /// A mutated ruleset text, written to a file that `args` names as `@FILE`.
    text: Option<String>,
}

const COMMANDS: &[&str] = &[
    "eval", "moves", "solve", "check", "diff", "sequence", "plot", "formulas", "repl",
];

fn pick<'a>(list: &[&'a str], i: prop::sample::Index) -> &'a str {
    list[i.index(list.len())]
}

fn case_strategy() -> impl Strategy<Value = Case> {
    let idx = any::<prop::sample::Index>;
    (
        (idx(), idx(), idx()),
        prop::collection::vec((idx(), idx()), 0..3),
        prop::collection::vec(idx(), 0..4),
        prop::collection::vec((idx(), idx()), 0..3),
        (any::<bool>(), any::<bool>(), idx(), idx(), idx()),
    )
        .prop_map(
            |((c, r, r2), params, words, flags, (grundy, mutate, at, tok, fmt))| {
                let cmd = pick(COMMANDS, c);
                let file = pick(RULESETS, r).to_string();
                let mut text = None;
                let file = if mutate {
                    let src =
                        std::fs::read_to_string(root().join(&file)).expect("a bundled ruleset");
                    let mut i = at.index(src.len() + 1);
                    while !src.is_char_boundary(i) {
                        i -= 1;
                    }
                    let insert = if tok.index(2) == 0 {
                        pick(VALUES, tok)
                    } else {
                        pick(NUMBERS, tok)
                    };
                    text = Some(format!("{} {insert} {}", &src[..i], &src[i..]));
                    "@FILE".to_string()
                } else {
                    file
                };
                let mut args = vec![cmd.to_string()];
                let mut stdin = None;
                if cmd != "formulas" {
                    args.push(file);
                }
                if cmd == "diff" {
                    args.push(pick(RULESETS, r2).to_string());
                }
                for (n, v) in params {
                    if cmd != "formulas" {
                        args.push("-p".into());
                        args.push(format!("{}={}", pick(PARAM_NAMES, n), pick(VALUES, v)));
                    }
                }
                let words: Vec<String> = words
                    .into_iter()
                    .map(|w| pick(POSITION_WORDS, w).to_string())
                    .collect();
                match cmd {
                    "eval" | "moves" => {
                        args.extend(words.iter().cloned());
                        if fmt.index(2) == 0 {
                            args.extend(["--format".into(), "json".into()]);
                        }
                    }
                    "repl" => {
                        let pos = words.join(" ");
                        stdin = Some(format!(
                        "{pos}\n:moves {pos}\n:eval {pos}\n:table --max {}\n:set k {}\n:check\n",
                        pick(NUMBERS, at),
                        pick(VALUES, tok)
                    ));
                    }
                    _ => {}
                }
                for (f, n) in flags {
                    let flags = numeric_flags(cmd);
                    if !flags.is_empty() {
                        args.push(pick(flags, f).to_string());
                        args.push(pick(NUMBERS, n).to_string());
                    }
                }
                // The box needs a bound; give a small one unless one was drawn.
                if matches!(cmd, "solve" | "sequence" | "plot" | "diff")
                    && !args.iter().any(|a| a == "--max")
                {
                    args.extend(["--max".into(), "5".into()]);
                }
                if matches!(cmd, "solve" | "plot" | "check" | "diff") && grundy {
                    args.push("--grundy".into());
                }
                if cmd != "formulas" && cmd != "repl" {
                    args.extend(["--time".into(), "1s".into()]);
                }
                Case { args, stdin, text }
            },
        )
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs one case; the property holds when it ends in time with an allowed exit code and
/// without a panic message.
fn run(
    case: &Case,
    file: &Path,
    codes: &std::cell::RefCell<[u64; 4]>,
) -> Result<(), TestCaseError> {
    let args: Vec<String> = case
        .args
        .iter()
        .map(|a| {
            if a == "@FILE" {
                file.display().to_string()
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
    let mut child = Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .args(&args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("HOME", env!("CARGO_TARGET_TMPDIR"))
        .stdin(if case.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(script) = &case.stdin {
        let mut input = child.stdin.take().expect("a piped stdin");
        let _ = input.write_all(script.as_bytes());
    }
    // Read stderr on a thread so that a chatty run cannot block on a full pipe.
    let mut err = child.stderr.take().expect("a piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("the child can be waited for") {
            break Some(s);
        }
        if t0.elapsed() > KILL_AFTER {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stderr = reader.join().unwrap_or_default();
    let Some(status) = status else {
        return Err(TestCaseError::fail(format!(
            "still running after {KILL_AFTER:?}: heapgame {args:?}"
        )));
    };
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
    let result = runner.run(&case_strategy(), |case| {
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
