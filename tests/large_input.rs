//! Large rulesets through the real binary (issue 31): a decimal of 300,000 digits is refused
//! with its own code instead of running for minutes of exact arithmetic, while one of 1,000
//! digits (all of them counted, before and after the point) is read exactly; an octal code of more than 1,000 digits is refused the same way; a
//! file of 50,000 `let`s and one of 20,000 move clauses load and give the right values, and a
//! ruleset that takes more memory once read than `--max-memory` allows is refused.
//!
//! The expected values come from the games' rules, written here: a subtraction game with
//! subtraction set {1, ..., m} has Grundy value n mod (m + 1).

use std::path::PathBuf;

use crate::common::run::{heapgame, Output};
use crate::robust::assert_clean_failure;

/// Writes `text` to a fresh file `NAME.game` and returns its path.
fn write(name: &str, text: &str) -> PathBuf {
    PathBuf::from(crate::common::fixture("large", name, text))
}

/// `heapgame eval FILE 10`: (exit code, stdout, stderr); a death by signal fails the test.
fn eval_ten(path: &std::path::Path) -> (i32, String, String) {
    let out: Output = heapgame()
        .args(["eval", path.to_str().expect("UTF-8 path"), "10"])
        .run();
    assert!(out.code != -1, "{} died by a signal", out.cmdline);
    (out.code, out.stdout, out.stderr)
}

/// The Grundy value `eval` printed.
fn grundy(out: &str) -> Option<u32> {
    out.lines()
        .find_map(|l| l.strip_prefix("grundy:"))
        .and_then(|v| v.trim().parse().ok())
}

/// A one-heap ruleset whose move takes `s` in 1..9 where `s < 10 * x`, `x` a decimal of
/// `digits` threes after the point (just under 1/3, so `s` is at most 3).
fn decimal_game(digits: usize) -> String {
    format!(
        "ruleset \"Long decimal\" {{\n  heaps 1\n  let x = 0.{}\n  \
         move {{ take s in 1..9 from one heap where s < 10 * x }}\n}}\n",
        "3".repeat(digits)
    )
}

#[test]
fn a_decimal_of_300000_digits_is_refused_with_its_code() {
    let path = write("long", &decimal_game(300_000));
    let (code, out, err) = eval_ten(&path);
    assert_clean_failure(code, &err, "heapgame::decimal_too_long");
    assert!(out.is_empty(), "{out}");
    // The message quotes the literal shortened, not 300,000 digits.
    assert!(err.len() < 20_000, "{} bytes of error", err.len());
}

#[test]
fn a_decimal_of_1000_digits_is_read_exactly() {
    // 0.333...3, 1,000 digits in all (the 0 and 999 threes): s < 10 * x holds for s <= 3
    // only, the subtraction set {1, 2, 3}, so g(10) = 10 mod 4 = 2.
    let path = write("thousand", &decimal_game(999));
    let (code, out, err) = eval_ten(&path);
    assert_eq!(code, 0, "{err}");
    assert_eq!(grundy(&out), Some(2), "{out}");
}

#[test]
fn an_octal_code_of_more_than_1000_digits_is_refused() {
    let text = format!(
        "ruleset \"Long code\" {{\n  heaps any\n  move {{ octal 0.{} }}\n}}\n",
        "3".repeat(1001)
    );
    let path = write("code", &text);
    let (code, _, err) = eval_ten(&path);
    assert_clean_failure(code, &err, "heapgame::decimal_too_long");
}

#[test]
fn fifty_thousand_lets_load_and_answer() {
    // Each `let` names the one before it; the last is 50,000 - 1 + 1 = 50,000 and the move
    // takes 1..(a49999 - 49997), that is 1..3: g(10) = 2.
    let mut text = String::from("ruleset \"Many lets\" {\n  heaps 1\n  let a0 = 1\n");
    for i in 1..50_000 {
        text.push_str(&format!("  let a{i} = a{} + 1\n", i - 1));
    }
    text.push_str("  move { take 1..(a49999 - 49997) from one heap }\n}\n");
    let path = write("lets", &text);
    let (code, out, err) = eval_ten(&path);
    assert_eq!(code, 0, "{err}");
    assert_eq!(grundy(&out), Some(2), "{out}");
}

#[test]
fn twenty_thousand_move_clauses_load_and_answer() {
    // Clause i takes i mod 7 + 1: the subtraction set {1, ..., 7}, so g(10) = 10 mod 8 = 2.
    let mut text = String::from("ruleset \"Many clauses\" {\n  heaps 1\n");
    for i in 0..20_000 {
        text.push_str(&format!("  move {{ take {} from one heap }}\n", i % 7 + 1));
    }
    text.push_str("}\n");
    let path = write("clauses", &text);
    let (code, out, err) = eval_ten(&path);
    assert_eq!(code, 0, "{err}");
    assert_eq!(grundy(&out), Some(2), "{out}");
}

#[test]
fn a_ruleset_larger_than_the_memory_limit_is_refused_once_read() {
    // 20,000 clauses take tens of megabytes once read: under a limit of 8 MB the run is
    // refused with the limit's code and words about the ruleset, not about a search.
    let mut text = String::from("ruleset \"Many clauses\" {\n  heaps 1\n");
    for i in 0..20_000 {
        text.push_str(&format!("  move {{ take {} from one heap }}\n", i % 7 + 1));
    }
    text.push_str("}\n");
    let path = write("clauses-limit", &text);
    let out: Output = heapgame()
        .args(["eval", path.to_str().expect("UTF-8 path"), "10"])
        .args(["--max-memory", "8MB"])
        .run();
    assert!(out.code != -1, "{} died by a signal", out.cmdline);
    assert_clean_failure(out.code, &out.stderr, "heapgame::limit");
    assert!(
        crate::robust::flat(&out.stderr).contains("the ruleset alone takes"),
        "{}",
        out.stderr
    );
}

/// `check over` of 250,000 positions (125,250 once canonical) fits in 48 MB: the positions are
/// kept end to end, not a vector each, and sorted without a copy of each (it took 80 MB and was
/// refused under `--max-memory 40MB`). Nim's P-positions, x = y, are compared over all of them.
#[test]
fn a_check_over_a_quarter_million_positions_fits_in_48_mb() {
    let path = write(
        "check-over-big",
        "ruleset \"Over\" {\n  heaps 2\n  move { take 1.. from one heap }\n  \
         claim P: heaps[0] == heaps[1]\n  check over [a, b] for a in 0..499, b in 0..499\n}\n",
    );
    let out = heapgame()
        .args(["check", path.to_str().expect("a UTF-8 path")])
        .args(["--max-memory", "48MB"])
        .run();
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("holds over 125250 positions"),
        "{}",
        out.stdout
    );
}
