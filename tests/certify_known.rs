//! `fails at` names exceptions; it never shortens a run (issue "A green `check` that means
//! what it says", item 1). A claim the file says is false at some positions is compared over
//! the whole region: every counterexample the file names is `known`, any other one is a
//! FAIL, however far after the named ones it comes; every counterexample is counted.
//!
//! The expectations come from the rules: Wythoff's P-positions by a plain brute force here,
//! and Theorem 6.3 of Abuku et al. (Single-delete Nim) with its case (5A) changed from
//! `{0, 3, 4}` to `{0, 3}`, which the issue reports false at (24, 28, 30, 31), a position of
//! total 113, beyond the first counterexample the file names, (12, 14, 15, 40) of total 81.

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("certify", name, text)
}

/// Wythoff's P-positions `p[a][b]` for heaps <= n, by the definition.
fn wythoff_p(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let any_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|k| p[a - k][b - k]);
            p[a][b] = !any_p;
        }
    }
    p
}

/// The sorted pairs of heaps <= `n`, in check's order (fewest tokens, then lexicographic).
fn in_order(n: usize) -> Vec<(usize, usize)> {
    let mut order: Vec<(usize, usize)> =
        (0..=n).flat_map(|a| (a..=n).map(move |b| (a, b))).collect();
    order.sort_by_key(|&(a, b)| (a + b, a, b));
    order
}

/// Where Nim's rule "P iff a == b" is wrong for Wythoff, over the sorted pairs of heaps
/// <= `n`, in check's order.
fn nim_rule_wrong(n: usize) -> Vec<(usize, usize)> {
    let p = wythoff_p(n);
    in_order(n)
        .into_iter()
        .filter(|&(a, b)| p[a][b] != (a == b))
        .collect()
}

/// Wythoff on two heaps with Nim's rule as its claim, `fails at` the positions given.
fn wythoff_with_nim_rule(named: &[(usize, usize)]) -> String {
    wythoff_with(named, "")
}

/// [`wythoff_with_nim_rule`], with `more` claims after it.
fn wythoff_with(named: &[(usize, usize)], more: &str) -> String {
    let fails = if named.is_empty() {
        String::new()
    } else {
        let ps: Vec<String> = named.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        format!(" fails at {{{}}}", ps.join(", "))
    };
    format!(
        "ruleset \"w\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  \
         move {{ take same 1.. from all heaps }}\n  \
         claim P: a == b where (a, b) = heaps{fails}\n{more}  check max 10\n}}\n"
    )
}

#[test]
fn every_counterexample_is_named_or_a_failure() {
    let wrong = nim_rule_wrong(10);
    // (0, 0) is P; (k, k) is N for k >= 1 and the pairs (1, 2), (3, 5), (4, 7), (6, 10) are P:
    // 10 + 4 positions of the box where the rule is wrong.
    assert_eq!(wrong.len(), 14, "{wrong:?}");
    // Every one named: known, and the run goes through the whole box (66 sorted pairs).
    let all = fixture("known_all", &wythoff_with_nim_rule(&wrong));
    let (code, out, err) = run(&["check", &all]);
    assert_eq!(code, 0, "{out}{err}");
    let (a, b) = wrong[0];
    assert!(out.contains("known line   5: claim P: a == b"), "{out}");
    assert!(
        out.contains(&format!("at ({a}, {b}), as the file says (`fails at`)")),
        "{out}"
    );
    assert!(
        out.contains("compared over 66 positions: no counterexample the file does not name"),
        "{out}"
    );
    // All but the last in check's order named: the first counterexample of the run is named
    // (a run that ended there would pass), the last one is a failure.
    let (last, named) = wrong.split_last().expect("counterexamples");
    let some = fixture("known_but_last", &wythoff_with_nim_rule(named));
    let (code, out, _) = run(&["check", &some]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  line   5: claim P: a == b"), "{out}");
    assert!(
        out.contains(&format!("at ({}, {}): the claim says", last.0, last.1)),
        "{out}"
    );
    assert!(
        out.contains("and, as the file says (`fails at`), at"),
        "{out}"
    );
}

#[test]
fn every_counterexample_is_counted() {
    let wrong = nim_rule_wrong(10);
    // Alone, the claim ends the run at its first counterexample: nothing is left to compare.
    let alone = fixture("known_alone", &wythoff_with_nim_rule(&[]));
    let (code, out, _) = run(&["check", &alone]);
    assert_eq!(code, 1, "{out}");
    let at = in_order(10)
        .iter()
        .position(|&p| p == wrong[0])
        .expect("in the box")
        + 1;
    assert!(
        out.contains(&format!(
            "every claim had failed after {at} of 66 positions: the run ended there"
        )),
        "{out}"
    );
    // With a claim that holds (Wythoff's own rule), the run goes through the box, and the
    // false one is compared at every position.
    let wythoff = "  claim P: a == floor((b - a) * phi) where (a, b) = heaps\n";
    let none = fixture("known_none", &wythoff_with(&[], wythoff));
    let (code, out, _) = run(&["check", &none, "--format", "json"]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let c = &v[0]["claims"][0];
    assert_eq!(c["failures"], wrong.len() as u64, "{c}");
    assert_eq!(c["checked"], 66, "{c}");
    let (a, b) = wrong[0];
    assert_eq!(c["counterexample"]["position"], serde_json::json!([a, b]));
    // The positions after the first, as many as the report keeps (10), in check's order.
    let more: Vec<serde_json::Value> = wrong[1..11]
        .iter()
        .map(|&(a, b)| serde_json::json!([a, b]))
        .collect();
    assert_eq!(c["more_failures"], serde_json::Value::Array(more), "{c}");
    let (_, text, _) = run(&["check", &none]);
    assert!(
        text.contains(&format!(
            "and at {} more position(s) the file does not name",
            wrong.len() - 1
        )),
        "{text}"
    );
}

/// The bundled Single-delete Nim, with the `check` lines replaced by `lines`, and Theorem
/// 6.3's case (5A) `{0, 3, 4}` made `{0, 3}` when `mutated`.
fn single_delete(mutated: bool, lines: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/abuku/single-delete.game"
    );
    let text = std::fs::read_to_string(path).expect("the bundled Single-delete Nim");
    // The condition, not its comment: the set closes the claim's parentheses.
    let case = "in {0, 3, 4}))";
    assert_eq!(text.matches(case).count(), 1, "case (5A) is written once");
    let text = if mutated {
        text.replace(case, "in {0, 3}))")
    } else {
        text
    };
    let at = text.find("\n  check ").expect("the file's check lines");
    format!("{}\n{lines}\n}}\n", &text[..at])
}

#[test]
fn theorem_6_3_with_a_case_changed_fails_after_its_named_counterexample() {
    // Both positions in check's order: (12, 14, 15, 40) (total 81, named by the file) first.
    let over = "  check over {(12, 14, 15, 40), (24, 28, 30, 31)}";
    let mutant = fixture("sd_mutant", &single_delete(true, over));
    let (code, out, err) = run(&["check", &mutant]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("FAIL  line  21"), "{out}");
    assert!(
        out.contains("at (24, 28, 30, 31): the claim says N"),
        "{out}"
    );
    assert!(
        out.contains("and, as the file says (`fails at`), at (12, 14, 15, 40)"),
        "{out}"
    );
    // The theorem as printed holds at (24, 28, 30, 31) and fails where the file says.
    let bundled = fixture("sd_bundled", &single_delete(false, over));
    let (code, out, err) = run(&["check", &bundled]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("at (12, 14, 15, 40), as the file says (`fails at`)"),
        "{out}"
    );
}

/// The same through the file's own bounds (every heap <= 40: 123,410 positions); in release:
/// `cargo test --release --test all certify_known -- --ignored`.
#[test]
#[ignore]
fn theorem_6_3_over_the_files_box() {
    let lines = "  check max 40";
    let mutant = fixture("sd_mutant_box", &single_delete(true, lines));
    let (code, out, err) = run(&["check", &mutant]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("at (24, 28, 30, 31): the claim says N"),
        "{out}"
    );
    let (code, out, err) = run(&["check", "rulesets/abuku/single-delete.game"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("compared over 123410 positions"), "{out}");
}
