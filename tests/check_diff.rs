//! `heapgame check`, `diff` and `formulas` end to end through the real binary.
//!
//! - Every bundled ruleset passes `check --quick` at its own bounds (the test walks `rulesets/`, so a
//!   new file is covered without editing this test), and each claim is compared at some
//!   position of some run.
//! - Fraenkel and Larsson's Theorem 1: beta-Nim, beta-Wynim and beta^T-Wynim have the same
//!   P-positions, for beta = pi and beta = 2 + sqrt(2); `diff` says "identical".
//! - A deliberately altered Wythoff (the diagonal move takes at least 2) differs first at
//!   (1, 1): Wythoff moves to (0, 0), the altered game cannot. That expectation comes from the
//!   rules, not from heapgame's output.
//! - A claim that is false is caught with its first counterexample and an explanation.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

fn rulesets(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("rulesets/ is readable") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            rulesets(&p, out);
        } else if p.extension().is_some_and(|x| x == "game") {
            out.push(p);
        }
    }
}

#[test]
fn every_bundled_ruleset_passes_check() {
    let mut files = Vec::new();
    rulesets(&root().join("rulesets"), &mut files);
    files.sort();
    assert!(files.len() >= 20, "found only {} rulesets", files.len());
    for f in &files {
        let rel = f
            .strip_prefix(root())
            .expect("under the crate")
            .to_string_lossy()
            .to_string();
        // `--quick`: each `check` line's small bounds (`quick max N`), as they were before the
        // bundled bounds were raised to exercise every case.
        let (code, stdout, stderr) = run(&["check", &rel, "--quick", "--format", "json"]);
        assert_eq!(code, 0, "{rel}: check failed\n{stdout}\n{stderr}");
        let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        let runs = v.as_array().expect("an array of runs");
        assert!(!runs.is_empty(), "{rel}: no check run");
        // Each claim is compared somewhere: in every run, or (a claim with `when` restricted to
        // some parameter values, a table for one parameter) in some run of the file.
        let mut compared: std::collections::BTreeMap<u64, u64> = Default::default();
        for r in runs {
            assert_eq!(r["holds"], true, "{rel}: {r}");
            assert!(r["positions"].as_u64().unwrap_or(0) > 0, "{rel}: empty box");
            for c in r["claims"].as_array().expect("claims") {
                let line = c["line"].as_u64().expect("a line");
                *compared.entry(line).or_default() += c["checked"].as_u64().unwrap_or(0);
            }
        }
        for (line, n) in compared {
            assert!(
                n > 0,
                "{rel}: the claim of line {line} was compared nowhere"
            );
        }
    }
}

#[test]
fn beta_games_have_the_same_p_positions() {
    let dir = "rulesets/fraenkel-larsson";
    for beta in ["pi", "2+sqrt(2)"] {
        let p = format!("beta={beta}");
        for other in ["beta-wynim", "beta-t-wynim"] {
            let (code, stdout, stderr) = run(&[
                "diff",
                &format!("{dir}/beta-nim.game"),
                &format!("{dir}/{other}.game"),
                "-p",
                &p,
                "--max",
                "40",
            ]);
            assert_eq!(code, 0, "{other} with {p}:\n{stdout}\n{stderr}");
            // Every heap <= 40, two heaps, unordered: C(42, 2) = 861 positions.
            assert!(stdout.contains("identical over 861 positions"), "{stdout}");
        }
    }
}

const ALTERED: &str = r#"ruleset "Wythoff, diagonal 2.." {
  heaps 2
  move { take 1.. from one heap }
  move { take same 2.. from both heaps }
  claim P: a == floor((b - a) * phi) where (a, b) = heaps
  check max 20
}
"#;

fn altered_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heapgame-check-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let p = dir.join(name);
    std::fs::write(&p, ALTERED).expect("write the altered ruleset");
    p
}

#[test]
fn diff_of_an_altered_wythoff_names_the_first_difference() {
    let alt = altered_file("altered-diff.game");
    let (code, stdout, stderr) = run(&[
        "diff",
        "rulesets/classic/wythoff.game",
        alt.to_str().expect("a UTF-8 path"),
        "--max",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let first = &v["first"][0];
    // (1, 1): in Wythoff the diagonal move reaches (0, 0), a P-position, so (1, 1) is N; in
    // the altered game the only move is to (0, 1), an N-position, so (1, 1) is P.
    assert_eq!(first["position"], serde_json::json!([1, 1]));
    assert_eq!(first["a"], "N");
    assert_eq!(first["b"], "P");
    let why_a = first["why_a"].as_str().expect("why_a");
    assert!(why_a.contains("take same 1.. from both heaps"), "{why_a}");
    assert!(why_a.contains("(0, 0), which is P"), "{why_a}");
    let why_b = first["why_b"].as_str().expect("why_b");
    assert!(why_b.contains("(0, 1)"), "{why_b}");
    // No position with fewer tokens differs: (0, 0), (0, 1), (0, 2) lie before (1, 1).
    assert!(v["differences"].as_u64().expect("a count") > 1);
}

#[test]
fn check_finds_the_first_counterexample_and_explains_it() {
    let alt = altered_file("altered-check.game");
    let (code, stdout, _) = run(&["check", alt.to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1, "{stdout}");
    // Wythoff's claim says (1, 1) is N (1 != floor(0 * phi)); in this game it is P.
    assert!(stdout.contains("FAIL"), "{stdout}");
    assert!(
        stdout.contains("at (1, 1): the claim says N, but the only move from here reaches (0, 1), an N-position"),
        "{stdout}"
    );
}

#[test]
fn diff_against_formulas() {
    let (code, stdout, stderr) = run(&[
        "diff",
        "rulesets/fraenkel-larsson/beta-t-wynim.game",
        "--formula",
        "beatty(2 + sqrt(2))",
        "-p",
        "beta=2+sqrt(2)",
        "--max",
        "40",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("identical over 861 positions"), "{stdout}");
    // beta-Nim with beta = pi against the Beatty pair of another beta differs.
    let (code, stdout, _) = run(&[
        "diff",
        "rulesets/fraenkel-larsson/beta-nim.game",
        "--formula",
        "beatty(e)",
        "--max",
        "20",
    ]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("the formula says so"), "{stdout}");
}

#[test]
fn bad_formulas_are_located_errors() {
    let (code, stdout, stderr) = run(&[
        "diff",
        "rulesets/classic/wythoff.game",
        "--formula",
        "wythof",
        "--max",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("heapgame::formula"), "{stderr}");
    assert!(stderr.contains("did you mean `wythoff`"), "{stderr}");
    let (code, _, stderr) = run(&[
        "diff",
        "rulesets/classic/wythoff.game",
        "--formula",
        "moore(1, 2)",
        "--max",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("the formula is `moore(l)`, but 2 arguments were given"),
        "{stderr}"
    );
}

#[test]
fn formulas_lists_every_formula_with_its_source() {
    let (code, stdout, _) = run(&["formulas", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let names: Vec<&str> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f["name"].as_str().expect("a name"))
        .collect();
    for want in [
        "nim",
        "subtraction",
        "wythoff",
        "wyt",
        "fraenkel_zusman",
        "moore",
        "beatty",
        "st_one_t",
        "st_equal_grundy",
        "st_z_two",
        "princess_roses",
        "propp_cookie",
        "delete_nim",
        "vdn",
        "abo_delete",
        "nmth_delete",
        "half_delete",
        "k_delete",
        "single_delete",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    for f in v.as_array().expect("a list") {
        assert!(!f["source"].as_str().unwrap_or("").is_empty(), "{f}");
    }
}
