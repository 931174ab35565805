//! Branch coverage per value (issue "A green `check` that means what it says", item 2): every
//! branch of a claim that no run of the file took is reported (a warning; a failure with
//! `--strict`, code `heapgame::uncovered` in JSON): each truth value of each condition (a
//! parameter case included), each entry of a constant table, each member of a constant set
//! tested with `in`, each member of a constant list that decided an `any`. A false variant of
//! a claim changed inside such a branch passes the runs, and is flagged by them.
//!
//! The games are Nim and subtraction games, whose values are worked out here: a subtraction
//! game {1, 2} on one heap has Grundy value h mod 3; Nim's P-positions on two heaps are (a, a).

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("certify-branch", name, text)
}

/// One heap, subtraction set {1, 2} (Grundy value h mod 3), with a parameter `k` (unused by
/// the moves), the claims `claims` and the `check` lines `lines`.
fn sub12(claims: &str, lines: &str) -> String {
    format!(
        "ruleset \"s\" (k = 3) {{\n  heaps 1\n  move {{ take {{1, 2}} from one heap }}\n\
         {claims}\n{lines}\n}}\n"
    )
}

/// The JSON findings of `check` on `file` (the last report of the file carries them).
fn findings(file: &str, strict: bool) -> (i32, Vec<serde_json::Value>) {
    let mut args = vec!["check", file, "--format", "json"];
    if strict {
        args.push("--strict");
    }
    let (code, out, err) = run(&args);
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let runs = v.as_array().expect("an array of runs");
    let f = runs
        .iter()
        .rev()
        .find_map(|r| r.get("findings"))
        .and_then(|f| f.as_array().cloned())
        .unwrap_or_default();
    (code, f)
}

/// The messages of the findings of kind "branch".
fn branch_messages(f: &[serde_json::Value]) -> Vec<String> {
    f.iter()
        .filter(|x| x["kind"] == "branch")
        .map(|x| x["message"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a_case_no_run_reaches_is_warned_and_fails_under_strict() {
    // h mod 3 == 0 is P; the claim splits it at 20, and the check line stops at 15.
    let claim =
        "  claim P: (h <= 20 and h mod 3 == 0) or (h > 20 and h mod 3 == 0) where h = heaps[0]";
    let f = fixture("unreached", &sub12(claim, "  check max 15"));
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 0, "a warning only: {out}{err}");
    assert!(
        out.contains("warn  line   4: branch `h > 20` (line 4) was never true in this run"),
        "{out}"
    );
    let (code, found) = findings(&f, true);
    assert_eq!(code, 1, "{found:?}");
    let b: Vec<_> = found.iter().filter(|x| x["kind"] == "branch").collect();
    assert!(!b.is_empty(), "{found:?}");
    assert!(
        b.iter()
            .all(|x| x["fails"] == true && x["code"] == "heapgame::uncovered"),
        "{b:?}"
    );
    // A run reaching heap 21 takes it: nothing left.
    let f = fixture("reached", &sub12(claim, "  check max 30"));
    let (code, found) = findings(&f, true);
    assert_eq!(code, 0, "{found:?}");
    assert!(branch_messages(&found).is_empty(), "{found:?}");
}

#[test]
fn a_false_variant_inside_an_untaken_branch_is_flagged() {
    // The variant says h mod 3 == 1 is P past 20: false at 21 (a P-position, 21 mod 3 == 0,
    // that it calls N). Over heaps <= 15 it passes every position, and its branch is reported.
    let variant =
        "  claim P: (h <= 20 and h mod 3 == 0) or (h > 20 and h mod 3 == 1) where h = heaps[0]";
    let f = fixture("variant", &sub12(variant, "  check max 15"));
    let (code, found) = findings(&f, false);
    assert_eq!(code, 0, "{found:?}");
    let m = branch_messages(&found);
    assert!(m.iter().any(|s| s.contains("`h > 20`")), "{m:?}");
    let (code, _) = findings(&f, true);
    assert_eq!(code, 1);
    // Where the branch is taken, the variant fails.
    let f = fixture("variant_deep", &sub12(variant, "  check max 30"));
    let (code, out, _) = run(&["check", &f]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("at (21): the claim says N"), "{out}");
}

#[test]
fn a_parameter_case_needs_a_run_of_each_value() {
    // `when k >= 3`: every run has k >= 3, so the claim's other parameter case is never seen.
    let claim = "  claim P: heaps[0] mod 3 == 0 when k >= 3";
    let f = fixture(
        "param",
        &sub12(claim, "  check max 9\n  check with k = 4 max 9"),
    );
    let (_, found) = findings(&f, false);
    let m = branch_messages(&found);
    assert!(
        m.iter()
            .any(|s| s.contains("`k >= 3`") && s.contains("never false")),
        "{m:?}"
    );
    let f = fixture(
        "param_both",
        &sub12(claim, "  check max 9\n  check with k = 2 max 9"),
    );
    let (code, found) = findings(&f, true);
    assert_eq!(code, 0, "{found:?}");
    assert!(branch_messages(&found).is_empty(), "{found:?}");
}

#[test]
fn a_case_its_parameters_fold_away_counts_in_the_run_that_has_it() {
    // `k == 3 and C` and `k == 4 and C`: in each run one of them folds to `false` before any
    // position; `k == 3` is then false in the k = 4 run, though it stands as no node there.
    let claim = "  claim P: (k == 3 and heaps[0] mod 3 == 0) or (k == 4 and heaps[0] mod 3 == 0)";
    let f = fixture(
        "folded",
        &sub12(claim, "  check max 9\n  check with k = 4 max 9"),
    );
    let (code, found) = findings(&f, true);
    assert_eq!(code, 0, "{found:?}");
    assert!(branch_messages(&found).is_empty(), "{found:?}");
    let f = fixture("folded_one", &sub12(claim, "  check max 9"));
    let (_, found) = findings(&f, false);
    let m = branch_messages(&found);
    assert!(
        m.iter()
            .any(|s| s.contains("`k == 3`") && s.contains("never false")),
        "{m:?}"
    );
}

#[test]
fn table_entries_set_members_and_deciding_members_are_branches() {
    // A table of h mod 3 for h = 0..11, read at heaps <= 8: entries 9..11 are never read.
    // A set {0, 3, 6, 9, 30}: 9 and 30 never match h <= 8. `any(t in 0..5: h == 3 * t)`:
    // t = 3..5 never make it true below 9.
    let claims = "  claim grundy: (0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2)[heaps[0]]\n\
                  \x20 claim P: heaps[0] in {0, 3, 6, 9, 30}\n\
                  \x20 claim P: any(t in 0..5: heaps[0] == 3 * t)";
    let f = fixture("members", &sub12(claims, "  check max 8"));
    let (code, found) = findings(&f, false);
    assert_eq!(code, 0, "{found:?}");
    let m = branch_messages(&found);
    assert!(
        m.iter().any(|s| s.contains("entries 9..11 never read")),
        "{m:?}"
    );
    assert!(
        m.iter().any(|s| s.contains("member 9, 30 never matched")),
        "{m:?}"
    );
    assert!(
        m.iter().any(|s| s.contains("3..5 never decided it")),
        "{m:?}"
    );
    // Heaps to 11 read every entry; the set's 30 and the quantifier's 4 and 5 are still
    // unmatched.
    let f = fixture("members_more", &sub12(claims, "  check max 11"));
    let (_, found) = findings(&f, false);
    let m = branch_messages(&found);
    assert!(!m.iter().any(|s| s.contains("never read")), "{m:?}");
    assert!(
        m.iter().any(|s| s.contains("member 30 never matched")),
        "{m:?}"
    );
    assert!(
        m.iter()
            .any(|s| s.contains("4..5 never decided it") || s.contains("4, 5 never decided it")),
        "{m:?}"
    );
}

#[test]
fn the_value_a_condition_claim_needs_is_its_only_branch() {
    // `claim: C` holds at every position: its `and`'s parts being false, or the body of its
    // `all` being false, would be counterexamples, not branches. `winning == {}` in `A or B`
    // is free to be either; B is then needed.
    let claim = "  claim: heaps[0] >= 0 and all(x in heaps: x < 100)\n\
                 \x20 claim: winning == {} or heaps[0] mod 3 != 0";
    let f = fixture("needed", &sub12(claim, "  check max 9"));
    let (code, found) = findings(&f, true);
    assert_eq!(code, 0, "{found:?}");
    assert!(branch_messages(&found).is_empty(), "{found:?}");
}

#[test]
fn the_summary_counts_the_branches_taken() {
    let claim =
        "  claim P: (h <= 20 and h mod 3 == 0) or (h > 20 and h mod 3 == 0) where h = heaps[0]";
    let f = fixture("summary", &sub12(claim, "  check max 15"));
    let (_, out, _) = run(&["check", &f]);
    // The claim, its two operands and their four conditions, true and false each (14); heaps
    // <= 15 never take `h <= 20` false, `h > 20` true, the right operand true, nor the right
    // `h mod 3 == 0` (either value: it is never evaluated).
    assert!(out.contains("branches taken: 9 of 14"), "{out}");
    assert!(out.contains("; 5 branch(es) (below)"), "{out}");
}
