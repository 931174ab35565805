//! `check --time` and `diff --time` compare the small positions first, whatever the bounds,
//! and never call a run that compared nothing "ok" or "identical"; a position `fails at`
//! names that cannot be solved leaves the deepening its time; a time limit reached while a
//! claim's named position is being solved is the time limit, never Ctrl-C.
//!
//! The expected counterexample is computed here: Wythoff's P-positions by a plain brute force
//! over its rules, against Bouton's rule for Nim (xor == 0).

use crate::common::run::heapgame;

const WYTHOFF_XOR: &str = "tests/inputs/check_time/wythoff-xor.game";
const NIM_NAMED_HUGE: &str = "tests/inputs/check_time/nim-named-huge.game";
const SAME_FAR: &str = "tests/inputs/check_time/same-far.game";

/// Wythoff's P-positions (a <= b <= n) by the definition: P when no move reaches a P-position.
fn wythoff_p(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let one = (0..a).any(|x| p[x][b]) || (0..b).any(|y| p[a][y]);
            let both = (1..=a.min(b)).any(|s| p[a - s][b - s]);
            p[a][b] = !(one || both);
        }
    }
    p
}

/// The first two-heap position (sorted) in the order tokens, then lexicographic, where
/// Wythoff's outcome and "P iff xor == 0" differ.
fn first_difference() -> Vec<u64> {
    let p = wythoff_p(10);
    let mut all: Vec<(usize, usize)> = (0..=10)
        .flat_map(|a| (a..=10).map(move |b| (a, b)))
        .collect();
    all.sort_by_key(|&(a, b)| (a + b, a, b));
    let (a, b) = all
        .into_iter()
        .find(|&(a, b)| p[a][b] != (a ^ b == 0))
        .expect("Wythoff is not Nim");
    vec![a as u64, b as u64]
}

fn position(v: &serde_json::Value) -> Vec<u64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a position: {v}"))
        .iter()
        .map(|h| h.as_u64().expect("a heap"))
        .collect()
}

/// A box too large to list in one run (`--max 20000`, 2 * 10^8 positions) or in a second
/// (`--max 3000`) used to be skipped for samples, or listed until the time was up: the claim,
/// false at (1, 1), was "ok" over 3 samples, or over 0 positions. The run now starts from a
/// small box and finds (1, 1); it ends there, as every claim has failed, long before the
/// time given.
#[test]
fn a_large_max_still_compares_the_small_positions_first() {
    let want = first_difference();
    assert_eq!(want, vec![1, 1]);
    for max in ["20000", "3000"] {
        let r = heapgame()
            .args(["check", WYTHOFF_XOR, "--max", max, "--time", "60s"])
            .args(["--format", "json"])
            .run();
        r.assert_code(1);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
        let claim = &v[0]["claims"][0];
        assert_eq!(claim["holds"], false, "--max {max}: {}", r.stdout);
        assert_eq!(position(&claim["counterexample"]["position"]), want);
        assert!(
            v[0]["ended"]
                .as_str()
                .unwrap()
                .contains("every claim failed"),
            "--max {max}: {}",
            r.stdout
        );
    }
}

/// `diff` of Wythoff and Nim on two heaps with `--max 3000 --time 1s` said "identical over 0
/// positions", exit 0 (the second went on listing the box of 4.5 * 10^6 positions): it now
/// compares from the small positions up and finds (1, 1), the third position it compares.
#[test]
fn diff_with_a_large_max_finds_the_first_difference() {
    let r = heapgame()
        .args([
            "diff",
            "rulesets/classic/wythoff.game",
            "rulesets/classic/nim.game",
        ])
        .args(["--heaps", "2", "--max", "3000", "--time", "1s"])
        .args(["--format", "json"])
        .run();
    r.assert_code(1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["identical"], false, "{}", r.stdout);
    assert_eq!(position(&v["first"][0]["position"]), first_difference());
}

/// However short the time, a diff that did not compare its first region in full is not
/// "identical" (exit 2, or exit 1 when it got as far as (1, 1)); a check cut so short says
/// its claims hold only so far (exit 2), never that they are vacuous.
#[test]
fn nothing_compared_is_never_identical_nor_ok() {
    for time in ["1ms", "20ms", "1s"] {
        let r = heapgame()
            .args([
                "diff",
                "rulesets/classic/wythoff.game",
                "rulesets/classic/nim.game",
            ])
            .args(["--heaps", "2", "--max", "3000", "--time", time])
            .run();
        assert!(r.code == 1 || r.code == 2, "--time {time}: {r:?}");
        assert!(
            !r.stdout.contains("identical"),
            "--time {time}: {}",
            r.stdout
        );
        if r.code == 2 {
            let said = ["compared at no position", "no difference over the"];
            assert!(said.iter().any(|w| r.stdout.contains(w)), "{}", r.stdout);
        }
        let r = heapgame()
            .args(["check", WYTHOFF_XOR, "--max", "3000", "--time", time])
            .run();
        assert!(r.code == 1 || r.code == 2, "--time {time}: {r:?}");
        assert!(!r.stdout.contains("vacuous"), "--time {time}: {}", r.stdout);
        if r.code == 2 && r.stdout.contains("  ok ") {
            let said = "stopped before the first region was compared in full";
            assert!(r.stdout.contains(said), "--time {time}: {}", r.stdout);
        }
        if r.code == 1 {
            assert!(r.stdout.contains("at (1, 1)"), "{}", r.stdout);
        }
    }
}

/// A true claim that names an unsolvable position with `fails at`: the position limit hit
/// there used to end the run before any region ("holds over 0 positions", then "vacuous",
/// exit 1). The named position is now left out, said so, and the regions are compared.
#[test]
fn a_named_position_too_large_to_solve_leaves_the_deepening_its_time() {
    let r = heapgame()
        .args([
            "check",
            NIM_NAMED_HUGE,
            "--time",
            "4s",
            "--max-positions",
            "1000000",
        ])
        .run();
    r.assert_code(0);
    assert!(r.stdout.contains("  ok    line"), "{}", r.stdout);
    assert!(r.stdout.contains("holds over all"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("1 not solved within the time and position limits: (4294967295, 4294967295)"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("vacuous"), "{}", r.stdout);
}

/// A same-type claim names a position that takes minutes to solve: the time limit reached in
/// that solve used to be reported as Ctrl-C ("cancelled", exit 130). It is the time limit,
/// with how far the run got, over a region and deepening alike.
#[test]
fn the_time_limit_in_a_named_position_is_not_ctrl_c() {
    for extra in [&["--total", "6"][..], &[][..]] {
        let r = heapgame()
            .args(["check", SAME_FAR, "--time", "1s"])
            .args(extra)
            .run();
        assert_eq!(r.code, 2, "{extra:?}: {r:?}");
        assert!(!r.stderr.contains("cancelled"), "{extra:?}: {}", r.stderr);
        assert!(!r.stdout.contains("  ok "), "{extra:?}: {}", r.stdout);
        assert!(
            r.stdout.contains("stopped at the time limit")
                || r.stdout.contains("compared at no position"),
            "{extra:?}: {}",
            r.stdout
        );
    }
}
