//! The summary `check` gives of each file (issue "A green `check` that means what it says",
//! item 5): the positions its runs compared, the largest heap, the most heaps and the largest
//! total they reached, the claims by result, the cases decided (k of n), the exceptions the
//! file names and the runs found, and "not compared: ..." for what no run reached; the same in
//! `--format json`. A claim that says `allow empty` and decides no position in any run is
//! never a silent pass: a warning, a failure under `--strict`.
//!
//! The counts are worked out here from the definitions: sorted pairs of heaps <= n number
//! (n + 1)(n + 2) / 2; Nim's P-positions on two heaps are the pairs (a, a).

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("certify-sum", name, text)
}

/// Nim on two heaps with the claims `claims` and the `check` lines `lines`.
fn nim2(claims: &str, lines: &str) -> String {
    format!(
        "ruleset \"n\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n{claims}\n{lines}\n}}\n"
    )
}

fn pairs(n: u64) -> u64 {
    (n + 1) * (n + 2) / 2
}

#[test]
fn the_summary_says_what_the_runs_compared() {
    let f = fixture(
        "sum_two_runs",
        &nim2(
            "  claim P: a == b where (a, b) = heaps",
            "  check max 5\n  check max 7",
        ),
    );
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}{err}");
    let want = format!(
        "summary of 2 runs: {} positions compared (largest heap 7, most heaps 2, largest total 14); \
         claims: 1 ok; branches taken: 2 of 2\n",
        pairs(5) + pairs(7)
    );
    assert!(out.contains(&want), "{out}");
    assert!(!out.contains("not compared"), "{out}");
    let (_, json, _) = run(&["check", &f, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let s = &v[1]["summary"];
    assert_eq!(s["positions"], pairs(5) + pairs(7), "{s}");
    assert_eq!(s["runs"], 2, "{s}");
    assert_eq!(s["largest_heap"], 7, "{s}");
    assert_eq!(s["largest_total"], 14, "{s}");
    assert_eq!(s["claims"]["ok"], 1, "{s}");
}

#[test]
fn named_positions_no_run_reached_are_not_compared() {
    // Nim's rule with (3, 3) left out: false at (3, 3) only (a P-position); the file names
    // it and (9, 9), which the box of heaps <= 5 does not hold.
    let f = fixture(
        "sum_named",
        &nim2(
            "  claim P: a == b and a != 3 and a != 9 where (a, b) = heaps fails at {(3, 3), (9, 9)}",
            "  check max 5",
        ),
    );
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}{err}");
    // `a != 9` is never false within heaps <= 5: a branch no run took.
    assert!(
        out.contains("; claims: 1 known; branches taken: 9 of 10\n"),
        "{out}"
    );
    assert!(
        out.contains("known exceptions (`fails at`), compared: (3, 3)"),
        "{out}"
    );
    assert!(
        out.contains("not compared: (9, 9) (named by `fails at`)"),
        "{out}"
    );
    let (_, json, _) = run(&["check", &f, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let s = &v[0]["summary"];
    assert_eq!(s["known_exceptions"], serde_json::json!([[3, 3]]), "{s}");
    assert_eq!(
        s["not_compared"]["named"],
        serde_json::json!([[9, 9]]),
        "{s}"
    );
}

#[test]
fn a_claim_allowed_empty_and_empty_in_every_run_is_no_pass() {
    // `a + b == 100` over heaps <= 10 (and <= 12): no position of either run is in its scope.
    let claims = "  claim P: a == b where (a, b) = heaps\n  \
                  claim P: a == b where (a, b) = heaps when a + b == 100 allow empty";
    let f = fixture("sum_empty", &nim2(claims, "  check max 10\n  check max 12"));
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("; claims: 1 ok, 1 empty; branches taken: 2 of 2\n"),
        "{out}"
    );
    assert!(
        out.contains("not compared: the claim of line 5 (no position in its scope)"),
        "{out}"
    );
    assert!(out.contains("warn  line   5: empty in every run"), "{out}");
    let (code, out, _) = run(&["check", &f, "--strict"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  line   5: empty in every run"), "{out}");
    // In one run of two, it is in scope (heaps <= 50 reach a + b == 100 at (50, 50)): no
    // finding of it as empty. (Its one position is P: `a == b` is never false there, a branch
    // no run took, which --strict fails.)
    let g = fixture(
        "sum_empty_once",
        &nim2(claims, "  check max 10\n  check max 50"),
    );
    let (code, out, _) = run(&["check", &g]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("empty in every run"), "{out}");
    assert!(
        out.contains("branch `a == b` (line 5) was never false"),
        "{out}"
    );
}

#[test]
fn time_says_which_dimensions_it_grew() {
    // Nim on any number of heaps, P iff the XOR is 0, a claim about at most 3 heaps: `--time`
    // grows the heap sizes from the `check` line's box, and the number of heaps not past what
    // the claim covers, and says so (what is asserted is the report, not how far the time
    // reached). Growing the heap count: tests/certify_deepen.rs.
    let f = fixture(
        "sum_time_any",
        "ruleset \"n\" {\n  heaps any\n  move { take 1.. from one heap }\n  \
         claim P: xor(heaps) == 0 when len(heaps) <= 3\n  check max 3 heaps 3\n}\n",
    );
    let (code, out, err) = run(&["check", &f, "--time", "1s", "--seed", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "the number of heaps stayed at most 3 (stopped at 3 heaps, the bound it started from"
        ),
        "{out}"
    );
    let (_, json, _) = run(&[
        "check", &f, "--time", "1s", "--seed", "1", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v[0]["dimensions"]["heap_count"]["grown"], false, "{v}");
    assert_eq!(v[0]["dimensions"]["heap_count"]["most"], 3, "{v}");
}
