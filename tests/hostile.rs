//! Regressions of issue 25 (hostile input and extreme arguments), each driven through the real
//! binary: runs that hung ignoring `--time` and Ctrl-C, a parser that backtracked
//! exponentially, false refusals and errors, silently accepted input, unclear messages. Every
//! run is bounded by a generous kill time, so that a regression fails instead of hanging and a
//! loaded machine does not make the tests flake.

use std::time::Duration;

use crate::common;

/// Far more than any of these runs needs, even on a loaded machine: it only tells a hang
/// from a run; what a run reported (its exit code, its message) is what the tests assert.
const KILL_AFTER: Duration = Duration::from_secs(300);

const FZ: &str = "rulesets/fraenkel-zusman/fraenkel-zusman.game";
const KAYLES: &str = "rulesets/classic/kayles.game";
const WYTHOFF: &str = "rulesets/classic/wythoff.game";
const NIM: &str = "rulesets/classic/nim.game";

/// What a run produced.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The diagnostics as one line (miette wraps them).
    fn err(&self) -> String {
        self.stderr
            .split_whitespace()
            .filter(|w| *w != "│")
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Runs the binary with `args` and `stdin` (through [`common::run`]'s builder, at 200
/// columns and with its own `HOME`), killing it after `KILL_AFTER`; sends SIGINT after
/// `interrupt` when given.
fn run_with(args: &[&str], stdin: Option<&str>, interrupt: Option<Duration>) -> Run {
    let mut h = common::run::heapgame()
        .args(args)
        .env("COLUMNS", "200")
        .env("HOME", env!("CARGO_TARGET_TMPDIR"))
        .time_bound(KILL_AFTER);
    if let Some(text) = stdin {
        h = h.stdin(text);
    }
    if let Some(after) = interrupt {
        h = h.interrupt_after(after);
    }
    let out = h
        .run_bounded()
        .unwrap_or_else(|| panic!("heapgame {args:?} still running after {KILL_AFTER:?}"));
    Run {
        code: (out.code != -1).then_some(out.code),
        stdout: out.stdout,
        stderr: out.stderr,
    }
}

fn run(args: &[&str]) -> Run {
    run_with(args, None, None)
}

/// A ruleset file in the test's temporary directory.
fn ruleset_file(name: &str, text: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&p, text).expect("write a ruleset");
    p.display().to_string()
}

// ------------------------------------------------------------------------------------ hangs

/// Fraenkel and Zusman's game on k heaps of 1 (`take 1.. from each of 1..k-1 heaps`): the
/// generator once tried all 2^k choices of heaps, one per multiset of sizes surviving, and ran
/// for minutes at k = 30, ignoring `--time` and Ctrl-C. By hand: taking 1 from all k heaps
/// reaches the terminal (all 0), a P-position; any other follower has j ones (1 <= j < k),
/// from which taking 1 from those j heaps reaches the terminal, so it is N. Hence the position
/// is N with exactly one winning move, to all zeros.
#[test]
fn many_equal_heaps_are_chosen_once_per_multiset() {
    for k in [30usize, 100] {
        let mut args = vec![
            "eval".to_string(),
            FZ.into(),
            "-p".into(),
            format!("k={k}"),
            "--time".into(),
            "1s".into(),
        ];
        args.extend(std::iter::repeat_n("1".to_string(), k));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args);
        assert_eq!(r.code, Some(0), "k = {k}: {}", r.stderr);
        let zeros = format!("({})", vec!["0"; k].join(", "));
        assert!(r.stdout.contains("outcome:  N"), "{}", r.stdout);
        let wins: Vec<&str> = r.stdout.lines().filter(|l| l.contains("->")).collect();
        assert_eq!(wins, [format!("  -> {zeros}")], "k = {k}");
    }
}

/// On 1000 heaps of 1 each position costs about 10^6 steps to generate and the search goes
/// 1000 positions deep before it stores one: `--time 1s` stops it in the middle of a position.
#[test]
fn a_thousand_equal_heaps_stop_at_the_time_limit() {
    let mut args = vec!["eval", FZ, "-p", "k=1000", "--time", "1s"];
    args.extend(std::iter::repeat_n("1", 1000));
    let r = run(&args);
    assert!(matches!(r.code, Some(0 | 2)), "{}", r.stderr);
    assert!(
        r.code == Some(0) || r.err().contains("time limit"),
        "{}",
        r.stderr
    );
}

/// A search whose every position has about a million followers stops at `--time 1s`.
#[test]
fn fast_path_search_stops_at_the_time_limit() {
    let r = run(&[
        "eval", FZ, "-p", "k=4", "100", "100", "100", "101", "--time", "1s",
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.err().contains("time limit"), "{}", r.stderr);
}

/// Ctrl-C in a REPL stops a long computation; the session goes on with the next line.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_repl_computation() {
    let script = "100 100 100 101\n1 1 1 1\n";
    let r = run_with(
        &["repl", FZ, "-p", "k=4"],
        Some(script),
        Some(Duration::from_millis(1500)),
    );
    assert!(r.err().contains("cancel"), "{}", r.stderr);
    // (1, 1, 1, 1): taking 1 from all four heaps reaches the terminal position, so N.
    assert!(r.stdout.contains("position: (1, 1, 1, 1)"), "{}", r.stdout);
}

/// The REPL's `:moves` on a position with billions of followers is refused at once, as
/// `heapgame eval` refuses it (the query floor's refusal: its code and its words).
#[test]
fn repl_moves_of_a_huge_position_is_refused() {
    let r = run_with(
        &["repl", WYTHOFF],
        Some(":moves 4294967295 4294967295\n:moves 1 2\n"),
        None,
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let eval = run_with(&["eval", WYTHOFF, "4294967295", "4294967295"], None, None);
    assert_eq!(eval.code, Some(2), "{}", eval.stderr);
    let said = "solving (4294967295, 4294967295) cannot";
    for err in [r.err(), eval.err()] {
        assert!(
            err.contains("heapgame::too_large") && err.contains(said),
            "{err}"
        );
    }
    // Wythoff (1, 2): take from one heap or the same from both: (0, 1), (0, 2), (1, 1), (0, 1).
    for f in ["(0, 1)", "(0, 2)", "(1, 1)"] {
        assert!(r.stdout.contains(f), "{f} missing: {}", r.stdout);
    }
}

/// A piped REPL without `--max-positions` still has a limit (what the available memory holds):
/// one heap of 2^31 of Kayles stops with the limit error instead of running on.
#[test]
fn repl_without_a_limit_stops_at_the_memory_default() {
    let r = run_with(&["repl", KAYLES], Some("2147483648\n3\n"), None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.err().contains("heapgame::limit"), "{}", r.stderr);
    // The session goes on after the error: Kayles' heap of 3 has Grundy value 3 (OEIS A002186).
    assert!(r.stdout.contains("grundy:   3"), "{}", r.stdout);
}

/// `--samples N` draws its positions up front: a count no run can visit is refused at once, and
/// a large one stops at `--time`.
#[test]
fn samples_are_bounded_and_stop_at_the_time_limit() {
    let r = run(&["check", WYTHOFF, "--samples", "1000000000", "--time", "1s"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.err().contains("more than the 20000000"), "{}", r.stderr);
    for cmd in ["check", "diff"] {
        let mut args = vec![cmd, WYTHOFF];
        if cmd == "diff" {
            args.extend(["--formula", "wythoff"]);
        }
        args.extend(["--samples", "20000000", "--time", "1s"]);
        let r = run(&args);
        assert_eq!(r.code, Some(2), "{cmd}: {}", r.stderr);
        assert!(r.err().contains("time limit"), "{cmd}: {}", r.stderr);
    }
}

/// Samples with heaps up to 2^32 - 1 are checked within `--time`.
#[test]
fn samples_with_huge_heaps_stop_at_the_time_limit() {
    for file in [WYTHOFF, KAYLES, NIM] {
        let r = run(&[
            "check",
            file,
            "--samples",
            "10",
            "--sample-max",
            "4294967295",
            "--heaps",
            "2",
            "--time",
            "1s",
        ]);
        assert!(matches!(r.code, Some(0..=2)), "{file}: {}", r.stderr);
    }
}

/// The size of a box of up to 100000 heaps is counted at once (it was a double loop).
#[test]
fn a_box_of_many_heaps_is_sized_at_once() {
    let r = run(&["check", KAYLES, "--heaps", "100000", "--max", "2"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    // C(100002, 2) multisets of 1s and 2s with at most 100000 members.
    assert!(r.err().contains("5000150001 positions"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------------- parsing

/// `{{...{1}...}}`, `((...))` and `1..(1..(...))` parse in linear time, however they come in.
#[test]
fn nested_values_parse_at_once() {
    for depth in [30usize, 200] {
        let braces = format!("{}1{}", "{".repeat(depth), "}".repeat(depth));
        let ranges = format!("{}2{}", "1..(".repeat(depth), ")".repeat(depth));
        let parens = format!("{}1{}", "(1 + ".repeat(depth), ")".repeat(depth));
        // In a file, as a `let`: the sums are a value; ranges of ranges and sets of sets are
        // not (type errors, reported after parsing).
        for (value, code) in [(&parens, 0), (&ranges, 2), (&braces, 2)] {
            let f = ruleset_file(
                "nested.game",
                &format!(
                    "ruleset \"N\" {{\n  heaps 1\n  let x = {value}\n  move {{ take 1 from one heap }}\n}}\n"
                ),
            );
            let r = run(&["eval", &f, "3"]);
            assert_eq!(r.code, Some(code), "depth {depth}: {}", r.stderr);
            assert!(
                code == 0 || r.stderr.contains("heapgame::type"),
                "{}",
                r.stderr
            );
        }
        // As a -p value (a set of sets is not a set of integers: refused by the type check).
        let p = format!("S={braces}");
        let r = run(&["eval", "rulesets/classic/subtraction.game", "-p", &p, "3"]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        // In the REPL, by :set, and by diff --formula.
        let script = format!(":set S {braces}\n");
        let r = run_with(
            &["repl", "rulesets/classic/subtraction.game"],
            Some(&script),
            None,
        );
        assert!(r.stderr.contains("heapgame::type"), "repl: {}", r.stderr);
        let r = run(&["diff", NIM, "--formula", &braces, "--max", "3"]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
    }
}

/// 499 nested parentheses are refused in the user's terms: the brackets, and the limit.
#[test]
fn too_deep_says_how_deep_in_brackets() {
    let value = format!("{}1{}", "(".repeat(499), ")".repeat(499));
    let f = ruleset_file(
        "deep.game",
        &format!("ruleset \"D\" {{\n  heaps 1\n  let x = {value}\n  move {{ take 1 from one heap }}\n}}\n"),
    );
    let r = run(&["eval", &f, "3"]);
    assert_eq!(r.code, Some(2));
    let err = r.err();
    assert!(err.contains("499 pairs of brackets deep"), "{err}");
    assert!(err.contains("about 495 nested pairs of brackets"), "{err}");
    assert!(!err.contains("more than 1000 levels"), "{err}");
}

// ------------------------------------------------------------------- false refusals, errors

/// Kayles is a sum: one heap of 40000 needs the single-heap sequence only. Its values are
/// OEIS A002186 for n < 83, then periodic with period 12 (Guy and Smith).
#[test]
fn one_big_heap_of_a_sum_is_answered() {
    const K: [u32; 83] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2,
    ];
    for n in [40000usize, 100000] {
        let want = K[71 + (n - 71) % 12];
        let r = run(&["eval", KAYLES, &n.to_string()]);
        assert_eq!(r.code, Some(0), "{n}: {}", r.stderr);
        assert!(
            r.stdout.contains(&format!("grundy:   {want}\n")),
            "{n}: want {want}\n{}",
            r.stdout
        );
    }
}

/// A position limit that a solve needs to pass, whether found up front or on the way, is
/// worded without claiming positions were stored.
#[test]
fn limit_refusals_say_what_is_needed() {
    let r = run(&["eval", KAYLES, "1000", "--max-positions", "10"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.err().contains("needs more than 10 positions stored"),
        "{}",
        r.stderr
    );
    assert!(!r.err().contains("after storing"), "{}", r.stderr);
}

/// Powers of 0, 1 and -1 exist for every exponent; larger bases still overflow.
#[test]
fn powers_of_small_bases_never_overflow() {
    let f = ruleset_file(
        "powers.game",
        "ruleset \"P\" {\n  heaps 1\n  require 1^(10^18) == 1\n  require 0^(10^18) == 0\n  \
         require (-1)^(10^18+1) == -1\n  require (-1)^(10^18) == 1\n  require 0^0 == 1\n  \
         move { take 1 from one heap }\n}\n",
    );
    let r = run(&["eval", &f, "3"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let f = ruleset_file(
        "overflow.game",
        "ruleset \"O\" {\n  heaps 1\n  require 2^(10^18) > 0\n  move { take 1 from one heap }\n}\n",
    );
    let r = run(&["eval", &f, "3"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.err().contains("overflow"), "{}", r.stderr);
}

// ---------------------------------------------------------------- silently accepted input

/// `-p C.zz=1` names no side of a diff: an error, as the help says.
#[test]
fn diff_refuses_an_unknown_side() {
    let r = run(&["diff", WYTHOFF, NIM, "-p", "C.zz=1", "--max", "3"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.err().contains("`C` is not a side of the diff"),
        "{}",
        r.stderr
    );
}

/// The REPL refuses broken punctuation in a position, pointing at it.
#[test]
fn repl_refuses_broken_positions() {
    for (typed, at) in [("(1, 2", 0), ("1,,2", 2), ("((1 2", 1), ("1 2 )(", 4)] {
        let r = run_with(&["repl", WYTHOFF], Some(&format!("{typed}\n")), None);
        assert_eq!(r.code, Some(2), "{typed}: {}", r.stderr);
        assert!(
            !r.stdout.contains("position:"),
            "{typed} was read: {}",
            r.stdout
        );
        assert!(
            r.stderr.contains("heapgame::position"),
            "{typed}: {}",
            r.stderr
        );
        // The label points at the byte: the source line, then the marker under column `at`.
        let lines: Vec<&str> = r.stderr.lines().collect();
        let src = lines
            .iter()
            .position(|l| l.ends_with(typed))
            .unwrap_or_else(|| panic!("{typed}: no source line in {}", r.stderr));
        let col = lines[src].chars().count() - typed.chars().count() + at;
        let mark = lines[src + 1];
        assert!(
            mark.chars()
                .nth(col)
                .is_some_and(|c| matches!(c, '┬' | '─' | '^')),
            "{typed}: no marker at column {col}:\n{}",
            r.stderr
        );
    }
    let r = run_with(&["repl", WYTHOFF], Some("(1, 2)\n1,2\n"), None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout.matches("position: (1, 2)").count(),
        2,
        "{}",
        r.stdout
    );
}

// ------------------------------------------------------------------------- clear messages

/// A byte-order mark at the start of a file is skipped; one elsewhere is named.
#[test]
fn byte_order_marks_are_skipped_or_named() {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(NIM))
        .expect("nim");
    let f = ruleset_file("bom.game", &format!("\u{feff}{text}"));
    let r = run(&["eval", &f, "1", "2"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("grundy:   3"), "{}", r.stdout);
    let f = ruleset_file("bom2.game", &format!("\n\u{feff}{text}"));
    let r = run(&["eval", &f, "1", "2"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.err().contains("byte-order mark"), "{}", r.stderr);
}

/// After `claim`, a mistake lists the kinds of claim once each (they were listed twice).
#[test]
fn a_bad_claim_lists_each_kind_once() {
    let f = ruleset_file(
        "claim.game",
        "ruleset \"C\" {\n  heaps 1\n  move { take 1 from one heap }\n  claim ruleset P: true\n}\n",
    );
    let r = run(&["eval", &f, "1"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let err = r.err();
    assert!(err.contains("what the claim says"), "{err}");
    let message = err.split(", found").next().unwrap_or("");
    assert_eq!(message.matches("`same").count(), 1, "{err}");
    assert_eq!(message.matches("`P").count(), 1, "{err}");
}

/// `moves` of one heap of 2^31 in Grundy's game (about 2^30 splits, which the estimate
/// refuses unless `--force`) stops at `--time`.
#[test]
fn listing_followers_stops_at_the_time_limit() {
    let r = run(&[
        "moves",
        "rulesets/classic/grundy-game.game",
        "2147483648",
        "--time",
        "1s",
        "--force",
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.err().contains("time limit"), "{}", r.stderr);
    assert!(r.stdout.is_empty());
}

/// `quotient` of Kayles to heap 2^32 - 1 with `--time 2s` ran on 1-1.5 s past its time: the
/// heaps' options were listed looking at the clock once every 1024 heaps, and a heap's options
/// grow with the heap. The clock is now read by followers generated, so the run stops at its
/// time and says so (how soon after depends on the machine's load, so it is not asserted; the
/// kill time bounds a run that would not stop).
#[test]
fn quotient_listing_heap_options_stops_at_its_time() {
    let r = run(&["quotient", KAYLES, "--max", "4294967295", "--time", "2s"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("heapgame::limit"), "{r:?}");
    assert!(r.stderr.contains("--time 2s"), "{r:?}");
    assert!(r.stdout.is_empty(), "{r:?}");
}

/// A heap split into 20 parts has followers by the trillion (3.4 * 10^13 for a heap of 300):
/// the single-heap values of a sum held them all at once, growing past 300 MB in four seconds
/// until the memory limit stopped it. They stream now, one bit a value: the run meets its time,
/// not the memory limit.
#[test]
fn a_heaps_many_splits_are_not_held_at_once() {
    let file = ruleset_file(
        "twenty-parts.game",
        "ruleset \"Twenty parts\" { heaps any\n move { split one heap into 20 parts } }\n",
    );
    let r = run(&["eval", &file, "300", "--time", "2s", "--max-memory", "64MB"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr.contains("--time 2s"),
        "stopped by the clock: {r:?}"
    );
}

/// Quantifiers in a `where`, a guard or a claim ran over millions of values at every candidate,
/// position or cell without looking at the clock: `--time 2s` ran on for minutes (killed at
/// 30 s when found). Each now stops at its time: a move's generation (with its `positions
/// where`, for followers), the cube kernel's guard and a claim's evaluation ask the run's stop
/// check every few thousand values.
#[test]
fn long_quantifiers_stop_at_the_time() {
    let inner = "count(t in 1..9000000: any(u in 1..9000000: t * u == 3))";
    let cond = ruleset_file(
        "quantified-where.game",
        "ruleset \"Q\" { heaps 3\n move { take s in 1.. from one heap h \
         where count(t in 1..h * h * h: t mod 7 == 0) > s } }\n",
    );
    let guard = ruleset_file(
        "quantified-guard.game",
        &format!(
            "ruleset \"G\" {{ heaps 3\n move unless {inner} < 0 {{ take 1.. from one heap }} }}\n"
        ),
    );
    let claim = ruleset_file(
        "quantified-claim.game",
        &format!(
            "ruleset \"C\" {{ heaps 2\n move {{ take 1.. from one heap }}\n \
             claim P: a == b or {inner} < 0 where (a, b) = heaps }}\n"
        ),
    );
    let runs: [&[&str]; 5] = [
        &["eval", &cond, "3000", "3000", "3000"],
        &["solve", &cond, "--max", "100"],
        &["eval", &guard, "3", "4", "5"],
        &["solve", &guard, "--max", "5"],
        &["check", &claim, "--max", "3"],
    ];
    for args in runs {
        let mut args = args.to_vec();
        args.extend(["--time", "2s"]);
        let r = run(&args);
        if args[0] == "check" {
            // Stopped while its first box was being compared: it holds only so far (exit 2),
            // never "ok" over less than its first region.
            assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
            assert!(r.stdout.contains("time is up"), "{args:?}: {r:?}");
        } else {
            assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
            assert!(r.stderr.contains("--time 2s"), "{args:?}: {r:?}");
        }
    }
}

/// A `positions where` whose evaluation takes hours, on a position typed on the command line:
/// the check runs before any solve, and `--time` (counted from the start) stops it with an
/// error that says so, not a hang.
#[test]
fn a_long_positions_rule_on_a_typed_position_stops_at_the_time() {
    let inner = "count(t in 1..9000000: any(u in 1..9000000: t * u == 3)) >= 0";
    let file = ruleset_file(
        "long-positions-rule.game",
        &format!("ruleset \"P\" {{ heaps 2\n positions where {inner}\n move {{ take 1.. from one heap }} }}\n"),
    );
    for cmd in ["eval", "moves"] {
        let args = [cmd, &file, "3", "4", "--time", "2s"];
        let r = run(&args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.contains("positions where"), "{args:?}: {r:?}");
        assert!(r.stderr.contains("--time"), "{args:?}: {r:?}");
    }
}
