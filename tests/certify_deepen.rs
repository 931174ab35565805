//! `check --time` deepens in every direction it can (issue "A green `check` that means what
//! it says", item 3): the heap sizes, and for `heaps any` the number of heaps, up to the most
//! a claim's `when` covers (then one more at a time when a claim covers any number), each
//! dimension's stop said in words. What is asserted is what the report says, never how soon
//! it came: the runs end when every claim has failed, long before their time.

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("certify-deepen", name, text)
}

/// Nim on any number of heaps with `claims`, checked on at most 3 heaps.
fn nim_any(claims: &str) -> String {
    format!(
        "ruleset \"n\" {{\n  heaps any\n  move {{ take 1.. from one heap }}\n{claims}\n  \
         check max 3 heaps 3\n}}\n"
    )
}

#[test]
fn a_claim_false_only_on_more_heaps_than_the_check_line_fails() {
    // Nim's P-positions are those of XOR 0 (Bouton). The claim adds "or 4 heaps", false at
    // every 4-heap position of XOR != 0, the first in the fixed order (fewest tokens) being
    // (1, 1, 1, 2): no position of the `check` line's 3 heaps shows it; the claim covers 4.
    let f = fixture(
        "four",
        &nim_any("  claim P: xor(heaps) == 0 or len(heaps) == 4 when len(heaps) <= 4"),
    );
    let (code, out, err) = run(&["check", &f, "--time", "60s", "--seed", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("FAIL"), "{out}");
    assert!(out.contains("at (1, 1, 1, 2)"), "{out}");
    assert!(
        out.contains("the number of heaps grew from 3 to 4 (stopped at 4 heaps, the most a claim's `when` covers)"),
        "{out}"
    );
    // Without `--time`, the `check` line's box alone: it holds there.
    let (code, out, _) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn the_json_says_how_far_the_heap_count_grew() {
    let f = fixture(
        "four_json",
        &nim_any("  claim P: xor(heaps) == 0 or len(heaps) == 4 when len(heaps) <= 4"),
    );
    let (code, json, err) = run(&[
        "check", &f, "--time", "60s", "--seed", "1", "--format", "json",
    ]);
    assert_eq!(code, 1, "{json}{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let count = &v[0]["dimensions"]["heap_count"];
    assert_eq!(count["grown"], true, "{v}");
    assert_eq!(count["from"], 3, "{v}");
    assert_eq!(count["most"], 4, "{v}");
}
