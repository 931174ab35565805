//! `check with NAME in R`: a `check` line declares a range for a parameter, one run a value
//! (issue "A green `check` that means what it says", item 3, the parameters' dimension). The
//! runs are those of the values written; a bad range is an error at the range, never a panic;
//! a claim false for one value of the range fails there, where the earlier lines (one value
//! each) passed it. What is asserted is what the report says, never how soon it came.

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("certify-ranges", name, text)
}

/// The subtraction game {1, ..., k} on one heap, with `claim` and the `check` line `check`.
fn take_k(claim: &str, check: &str) -> String {
    format!(
        "ruleset \"s\" (k = 2, n = 1) {{\n  heaps 1\n  move {{ take 1..k from one heap }}\n  \
         {claim}\n  {check}\n}}\n"
    )
}

/// One heap of the subtraction game {1..k}: P exactly when no move reaches a P-position.
fn take_k_p(k: usize, h: usize) -> bool {
    let mut p = vec![false; h + 1];
    for x in 0..=h {
        p[x] = !(1..=k.min(x)).any(|t| p[x - t]);
    }
    p[h]
}

#[test]
fn a_range_makes_one_run_a_value() {
    // The claim is the brute force's: P exactly at the multiples of k + 1 (asserted below to
    // heap 30 for k = 1..4, from the moves).
    for k in 1..=4 {
        for h in 0..=30 {
            assert_eq!(take_k_p(k, h), h % (k + 1) == 0, "k = {k}, h = {h}");
        }
    }
    let f = fixture(
        "runs",
        &take_k(
            "claim P: heaps[0] mod (k + 1) == 0",
            "check with k in 1..4, n = 2 * k max 3 * n",
        ),
    );
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}{err}");
    for k in 1..=4 {
        // `n = 2 * k` computed with the value, and the bound `3 * n` with it.
        let head = format!(
            "with k = {k}, n = {} (normal play, every heap <= {}",
            2 * k,
            6 * k
        );
        assert!(out.contains(&head), "{head}\n{out}");
    }
    assert!(
        out.contains("`check with k in 1..4` (line 5): 4 of its 4 values compared over its bounds (the parameters stopped by the declared range's end)"),
        "{out}"
    );
    // A set written out: each member its own run.
    let f = fixture(
        "set",
        &take_k(
            "claim P: heaps[0] mod (k + 1) == 0",
            "check with k in {2, 5} max 9",
        ),
    );
    let (code, out, err) = run(&["check", &f, "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let runs = v.as_array().expect("one report a run");
    assert_eq!(runs.len(), 2, "{v}");
    let range = &runs[1]["parameter_range"];
    assert_eq!(range["declared"], "k in {2, 5}", "{v}");
    assert_eq!(range["values"][1]["value"], "k = 5", "{v}");
    assert_eq!(range["stopped_by"], "the declared range's end", "{v}");
}

#[test]
fn bad_ranges_are_errors_at_the_range() {
    let cases: &[(&str, &str)] = &[
        ("5..3", "heapgame::range"),
        ("{}", "heapgame::range"),
        ("1..100", "heapgame::limit"),
        ("1..9223372036854775807", "heapgame::limit"),
        (
            "-9223372036854775807..9223372036854775807",
            "heapgame::limit",
        ),
        ("1..2^70", "heapgame::eval"),
        ("{true, false}", "heapgame::type"),
        ("beatty(pi)", "heapgame::type"),
    ];
    for (i, (range, want)) in cases.iter().enumerate() {
        let f = fixture(
            &format!("bad{i}"),
            &take_k("claim P: true", &format!("check with k in {range} max 5")),
        );
        let (code, out, err) = run(&["check", &f]);
        assert_eq!(code, 2, "{range}: {out}{err}");
        assert!(err.contains(want), "{range}: {err}");
        // Located at the range: line 5, column 19 (or inside it, for an overflow).
        assert!(err.contains(&format!("bad{i}.game:5:")), "{range}: {err}");
        assert!(!err.contains("panicked"), "{range}: {err}");
    }
    // Two ranges whose product passes the limit; a name that is no parameter; one named twice.
    for (line, want) in [
        ("check with k in 1..10, n in 1..10 max 5", "heapgame::limit"),
        ("check with kk in 1..3 max 5", "heapgame::unknown_name"),
        ("check with k in 1..3, k = 2 max 5", "heapgame::duplicate"),
    ] {
        let f = fixture("two", &take_k("claim P: true", line));
        let (code, _, err) = run(&["check", &f]);
        assert_eq!(code, 2, "{line}: {err}");
        assert!(err.contains(want), "{line}: {err}");
    }
}

#[test]
fn a_claim_false_for_one_value_of_a_range_fails() {
    // (k-1)/k n-delete Nim's Theorem 5.6 with condition (a)'s residues `1..k - 1` cut to
    // `1..min(k - 1, 3)`: the same for k <= 4, the file's values before its ranges, false for
    // k = 5 at (1, 1, 1, 1, 4): n = k = 5 heaps, m = 1, a move splits one heap into 5 parts
    // of at least 1, and no heap is 5 or more, so there is no move (P); the claim says N (4
    // is not in 1..3, and 4 < 5^1).
    let (k, at) = (5u32, [1u32, 1, 1, 1, 4]);
    assert!(
        at.iter().all(|&h| h < k),
        "no heap can be split into {k} parts"
    );
    let text = std::fs::read_to_string("rulesets/abuku/k-delete.game").expect("k-delete.game");
    let (a, b) = ("in 1..k - 1)   ", "in 1..min(k - 1, 3))");
    assert!(text.contains(a), "condition (a) as the file writes it");
    assert!(
        text.contains("check with k in 2..6, n = k max 10"),
        "the range line"
    );
    let f = fixture("k_delete", &text.replacen(a, b, 1));
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 1, "{out}{err}");
    let k5 = out
        .split("n-delete Nim with ")
        .find(|r| r.starts_with("k = 5, n = 5 (normal play"))
        .expect("the run of k = 5");
    assert!(k5.contains("FAIL"), "{k5}");
    assert!(
        k5.contains("at (1, 1, 1, 1, 4): the claim says N, but there is no move from here"),
        "{k5}"
    );
    // The runs of the values the file had before (k <= 4) hold it.
    for r in out.split("n-delete Nim with ").skip(1) {
        if ["k = 2,", "k = 3,", "k = 4,"]
            .iter()
            .any(|p| r.starts_with(p))
        {
            assert!(!r.contains("FAIL"), "{r}");
        }
    }
}

#[test]
fn the_deepened_runs_of_a_range_say_their_value_and_fail_where_false() {
    // The subtraction game {1..k} claimed with min(k, 3): the multiples of 4 for k >= 3, true
    // for k = 3 only; for k = 4 the P-positions are the multiples of 5 (the brute force), and
    // heap 4 is the first where they differ (the claim says P, a move to 0 wins).
    let first_wrong = |k: usize| (0..=40).find(|&h| take_k_p(k, h) != (h % (k.min(3) + 1) == 0));
    assert_eq!(first_wrong(3), None);
    let w4 = first_wrong(4).expect("false for k = 4");
    let f = fixture(
        "deep",
        &take_k(
            "claim P: heaps[0] mod (min(k, 3) + 1) == 0",
            "check with k in 1..5 max 40",
        ),
    );
    let (code, out, err) = run(&["check", &f, "--time", "6s", "--seed", "1"]);
    let k4 = out
        .split("s with ")
        .find(|r| r.starts_with("k = 4, n = 1 (deepening"))
        .expect("the run of k = 4");
    assert!(
        k4.contains("the parameters: value 4 of the 5 of `k in 1..5` (line 5)"),
        "{k4}"
    );
    if k4.contains("stopped before the first region") {
        // The time came first (a loaded machine): the run says so, and nothing more is known.
        assert_eq!(code, 2, "{out}{err}");
        return;
    }
    assert_eq!(code, 1, "{out}{err}");
    assert!(k4.contains("FAIL"), "{k4}");
    assert!(k4.contains(&format!("at ({w4})")), "{w4}: {k4}");
    assert!(
        out.contains("`check with k in 1..5` (line 5): 5 of its 5 values deepened"),
        "{out}"
    );
}

#[test]
fn a_require_a_range_value_breaks_names_the_check_line_that_set_it() {
    let f = fixture(
        "require",
        "ruleset \"s\" (k = 2) {\n  require k >= 1 else \"k must be positive\"\n  heaps 1\n  \
         move { take 1..k from one heap }\n  claim P: heaps[0] mod (k + 1) == 0\n  \
         check with k in 0..3 max 10\n}\n",
    );
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("heapgame::require"), "{err}");
    assert!(err.contains("k must be positive"), "{err}");
    // The `require` is labelled, and the line whose value broke it, with the value.
    assert!(err.contains("false for these parameters"), "{err}");
    assert!(err.contains("this `check` line sets k = 0"), "{err}");
    assert!(err.contains("check with k in 0..3 max 10"), "{err}");
    // The value is the line's: the help says to change it there, not with -p.
    assert!(err.contains("change its values"), "{err}");
    assert!(!err.contains("-p NAME=VALUE"), "{err}");
}
