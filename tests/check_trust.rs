//! What makes a green `heapgame check` trustworthy, end to end through the real binary:
//!
//! - `and`/`or` short-circuit, and unbounded sets compare where the answer is known, so that
//!   `S = 1..` loads and commands that evaluate no claim answer;
//! - a claim that decides no position in any run fails ("vacuous"), unless it says
//!   `allow empty`; a claim about other parameter values is "n/a" in a run;
//! - a case of a case split that decides no position is reported, and fails under `--strict`;
//! - `fails at` marks a claim known to be false, and `check` holds the file to it.
//!
//! Each expectation is computed here from the rules, by a plain brute force where it is about
//! positions (which positions satisfy a guard, which P-positions a case covers).

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("check-trust", name, text)
}

/// The output with the fixture's directory dropped, for snapshots.
fn shown(out: &str) -> String {
    let dir = std::env::temp_dir().join(format!("heapgame-check-trust-{}", std::process::id()));
    out.replace(&format!("{}/", dir.to_string_lossy()), "")
}

/// Subtraction game with S = {1, 2} on one heap: the P-positions are the multiples of 3.
fn subtraction_12_is_p(h: u32) -> bool {
    let mut p = vec![false; h as usize + 1];
    for n in 0..=h as usize {
        p[n] = !((n >= 1 && p[n - 1]) || (n >= 2 && p[n - 2]));
    }
    p[h as usize]
}

#[test]
fn eval_answers_with_an_unbounded_set_parameter() {
    // (S, T)_k with S = 1.., T = {2}, k = 4: from (1, 1, 1, 1) every move takes one token from
    // each of two heaps, to (0, 0, 1, 1), which is N (one more such move ends the game); so
    // (1, 1, 1, 1) is P. The file's claims compare S with {1}: they must not stop `eval`.
    let (code, out, err) = run(&[
        "eval",
        "rulesets/bhowmik/st-game.game",
        "-p",
        "k=4",
        "-p",
        "S=1..",
        "-p",
        "T={2}",
        "1",
        "1",
        "1",
        "1",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("outcome:  P"), "{out}");
}

#[test]
fn the_documented_not_all_piles_run_checks() {
    let (code, out, err) = run(&[
        "check",
        "rulesets/bhowmik/not-all-piles.game",
        "-p",
        "S=1..",
        "-p",
        "k=3",
        "--max",
        "8",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // Theorem 8's formula claim holds over the whole box of 4 heaps <= 8: C(12, 4) = 495.
    assert!(out.contains("holds over 495 positions"), "{out}");
    // The example for S = {2, 3}, k = 2 is not about this run.
    assert!(out.contains("n/a   line  22"), "{out}");
}

#[test]
fn and_short_circuits_and_unbounded_sets_compare() {
    let f = fixture(
        "short_circuit",
        "ruleset \"sc\" (S = {1, 2}) {\n  heaps 1\n  move { take S from one heap }\n  \
         claim P: true when false and S == {1}\n  \
         claim P: h mod 3 == 0 where h = heaps[0] when S != {1} or S == {1}\n  \
         claim: S == {1, 2} or not (S >= {7}) or S == 1..\n  check max 30\n}\n",
    );
    // With S = 1.. every heap but 0 is N (take it all): the second claim (the multiples of 3)
    // first fails where a multiple of 3 is not 0.
    let (code, out, _) = run(&["check", &f, "-p", "S=1.."]);
    assert_eq!(code, 1, "{out}");
    let first = (0..=30u32)
        .find(|&h| (h % 3 == 0) != (h == 0))
        .expect("a counterexample");
    assert!(out.contains(&format!("at ({first})")), "{out}");
    assert!(out.contains("n/a   line   4"), "{out}");
    // The third claim: S = 1.. is not {1, 2}, is a superset of {7}, and is 1..: it holds.
    assert!(out.contains("ok    line   6"), "{out}");
    // With the default S = {1, 2}, the P-positions are the multiples of 3.
    assert!((0..=30).all(|h| subtraction_12_is_p(h) == (h % 3 == 0)));
    let (code, out, err) = run(&["check", &f]);
    assert_eq!(code, 1, "{out}{err}");
    // ... but the first claim never applies in the file's only run: vacuous.
    assert!(
        out.contains("FAIL  line   4: vacuous: `when false and S == {1}` is false for the parameters of this run"),
        "{out}"
    );
    assert!(out.contains("ok    line   5"), "{out}");
}

/// Wythoff's game, P-positions by brute force over [0, n]^2.
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

#[test]
fn a_guard_that_matches_no_position_is_vacuous() {
    // A one-digit slip in a table's guard: `a + b == 100` over heaps <= 30 matches nothing.
    let text = |extra: &str| {
        format!(
            "ruleset \"w\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  \
             move {{ take same 1.. from all heaps }}\n  \
             claim P: (a, b) in {{(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)}} where (a, b) = heaps \
             when a + b {extra}\n  check max 30\n}}\n"
        )
    };
    let p = wythoff_p(30);
    // The intended guard `a + b <= 8`: the table lists exactly the P-positions there.
    let table = [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)];
    for (a, row) in p.iter().enumerate().take(9) {
        for (b, &is_p) in row.iter().enumerate().take(9 - a) {
            assert_eq!(is_p, table.contains(&(a, b)), "({a}, {b})");
        }
    }
    let good = fixture("guard_good", &text("<= 8"));
    let (code, out, err) = run(&["check", &good]);
    assert_eq!(code, 0, "{out}{err}");
    // In scope: the positions a <= b (check sorts the heaps) with a + b <= 8.
    let scope = (0..=30u32)
        .flat_map(|a| (a..=30).map(move |b| a + b))
        .filter(|&t| t <= 8)
        .count();
    assert!(
        out.contains(&format!("holds over {scope} positions")),
        "{out}"
    );
    // The slip: no (a, b) with a, b <= 30 has a + b == 100.
    assert!((0..=30).all(|a| (0..=30).all(|b| a + b != 100)));
    let bad = fixture("guard_bad", &text("== 100"));
    let (code, out, err) = run(&["check", &bad]);
    assert_eq!(code, 1, "{out}{err}");
    insta::assert_snapshot!("vacuous_guard", shown(&out));
    // Unless the file says it is meant.
    let meant = fixture("guard_meant", &text("== 100 allow empty"));
    let (code, out, err) = run(&["check", &meant]);
    assert_eq!(code, 0, "{out}{err}");
}

/// A Wythoff claim written as three cases, the last of which (4, 7) lies beyond heap 6.
fn wythoff_cases(max: u32, extra: &str) -> String {
    format!(
        "ruleset \"w\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  \
         move {{ take same 1.. from all heaps }}\n  \
         claim P: (a, b) in {{(0, 0), (1, 2), (2, 1)}}\n        \
         or (a, b) in {{(3, 5), (5, 3)}}\n        \
         or (a, b) in {{(4, 7), (7, 4)}}\n        \
         where (a, b) = heaps when a <= 7 and b <= 7 {extra}\n  check max {max}\n}}\n"
    )
}

#[test]
fn a_case_that_decides_nothing_is_reported_and_strict_fails() {
    // The brute force, over positions a <= b (check sorts the heaps): in [0, 6]^2 the
    // P-positions are those of the first two cases only, so the third decides nothing there;
    // in [0, 7]^2 it decides (4, 7).
    let p = wythoff_p(7);
    let in_box = |m: usize| -> Vec<(usize, usize)> {
        (0..=m)
            .flat_map(|a| (a..=m).map(move |b| (a, b)))
            .filter(|&(a, b)| p[a][b])
            .collect()
    };
    assert_eq!(in_box(6), vec![(0, 0), (1, 2), (3, 5)]);
    assert_eq!(in_box(7), vec![(0, 0), (1, 2), (3, 5), (4, 7)]);

    let small = fixture("cases_small", &wythoff_cases(6, ""));
    let (code, out, err) = run(&["check", &small]);
    assert_eq!(
        code, 0,
        "a case that decided nothing only warns\n{out}{err}"
    );
    insta::assert_snapshot!("unexercised_case", shown(&out));
    let (code, out, _) = run(&["check", &small, "--strict"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  line   5: case at line 7"), "{out}");
    // Each case's count is the brute force's: 2 positions, 1, and none.
    assert!(out.contains("line 5: 2, line 6: 1, line 7: 0"), "{out}");

    // Every case decides a position within heaps <= 7. (Other branches stay untaken: the
    // mirrored pairs (2, 1), (5, 3), (7, 4), as heaps are sorted, and `a <= 7` false, which
    // `--strict` fails on: tests/certify_branches.rs.)
    let big = fixture("cases_big", &wythoff_cases(7, ""));
    let (code, out, err) = run(&["check", &big]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("case at line"), "{out}");
    assert!(out.contains("line 5: 2, line 6: 1, line 7: 1"), "{out}");
}

#[test]
fn quick_uses_the_smaller_bounds() {
    let f = fixture(
        "quick",
        "ruleset \"n\" {\n  heaps 2\n  move { take 1.. from one heap }\n  \
         claim P: a == b where (a, b) = heaps\n  check max 20 quick max 5\n}\n",
    );
    // Sorted pairs with heaps <= 20: 21 * 22 / 2 = 231; <= 5: 6 * 7 / 2 = 21.
    let (code, out, _) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("231 positions"), "{out}");
    let (code, out, _) = run(&["check", &f, "--quick"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("21 positions"), "{out}");
}

#[test]
fn a_claim_known_to_be_false_is_held_to_its_counterexample() {
    // "P iff a == b" is Nim's rule, false for Wythoff: the first position, in check's order
    // (fewest tokens, then lexicographic), where it disagrees with Wythoff's brute force.
    let p = wythoff_p(10);
    let mut order: Vec<(usize, usize)> = (0..=10)
        .flat_map(|a| (a..=10).map(move |b| (a, b)))
        .collect();
    order.sort_by_key(|&(a, b)| (a + b, a, b));
    let wrong: Vec<(usize, usize)> = order
        .into_iter()
        .filter(|&(a, b)| p[a][b] != (a == b))
        .collect();
    let first = wrong[0];
    let file = |fails: String| {
        format!(
            "ruleset \"w\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  \
             move {{ take same 1.. from all heaps }}\n  \
             claim P: a == b where (a, b) = heaps {fails}\n  check max 10\n}}\n"
        )
    };
    let (a, b) = first;
    // Every counterexample named: the first is shown in full (a named one never ends the run).
    let named: Vec<String> = wrong.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    let known = fixture("known", &file(format!("fails at {{{}}}", named.join(", "))));
    let (code, out, err) = run(&["check", &known]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("known line   5: claim P: a == b"), "{out}");
    assert!(
        out.contains(&format!("at ({a}, {b}), as the file says")),
        "{out}"
    );
    // Naming another position: it fails at `first`, which the file did not say.
    let wrong = fixture("known_wrong", &file("fails at (10, 10)".into()));
    let (code, out, _) = run(&["check", &wrong]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  line   5: claim P: a == b"), "{out}");
    // A position where the claim holds: (0, 0) is P and a == b there.
    assert!(p[0][0]);
    let holds = fixture(
        "known_holds",
        "ruleset \"n\" {\n  heaps 2\n  move { take 1.. from one heap }\n  \
         claim P: a == b where (a, b) = heaps fails at (0, 0)\n  check max 5\n}\n",
    );
    let (code, out, _) = run(&["check", &holds]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the file says the claim fails at (0, 0), but it holds there"),
        "{out}"
    );
}

#[test]
fn a_move_that_is_not_a_take_is_named_by_its_clause() {
    // Delete one heap and split another into two non-empty parts. From (2, 2) the only move
    // deletes a 2 and splits the other into 1 + 1, reaching (1, 1), where no move is left (no
    // heap of 1 splits into two non-empty parts): (1, 1) is P, so (2, 2) is N. The sizes alone
    // read like "taking 1 from each of 2 heaps of 2", which the rules never do.
    let file = fixture(
        "delete-split",
        r#"ruleset "Delete and split" {
  heaps any
  move { delete one heap; split one other heap into 2 parts }
  claim P: true when heaps == (2, 2)
  check max 2 heaps 2
}
"#,
    );
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(
            "the move `delete one heap; split one other heap into 2 parts` (line 3) reaches (1, 1), which is P"
        ),
        "{out}"
    );
    assert!(!out.contains("taking"), "{out}");
    insta::assert_snapshot!("delete_split_move_named", shown(&out));
    // A take is still told as one: Nim, where (1, 2) -> (1, 1) takes 1 from the heap of 2.
    let file = fixture(
        "nim-take",
        r#"ruleset "Nim" {
  heaps 2
  move { take 1.. from one heap }
  claim P: true when heaps == (1, 2)
  check max 2
}
"#,
    );
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("`take 1.. from one heap` (line 3), taking 1 from a heap of 2, reaches (1, 1), which is P"),
        "{out}"
    );
}

#[test]
fn time_visits_the_positions_fails_at_names_first() {
    // Nim on two heaps: P iff a == b (a ^ b == 0). The claim leaves out a == 5000, so it is
    // false at (5000, 5000) only; a second of deepening never reaches that position, but the
    // file names it, and `--time` visits it first, then goes on checking the claim elsewhere.
    let nim_p = |a: u32, b: u32| a ^ b == 0;
    assert!(nim_p(5000, 5000) && (0..5000).all(|a| nim_p(a, a)));
    let file = |extra: &str| {
        format!(
            "ruleset \"n\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  \
             claim P: a == b and a != 5000{extra} where (a, b) = heaps fails at (5000, 5000)\n  \
             check max 4\n}}\n"
        )
    };
    let named = fixture("named_first", &file(""));
    let (code, out, err) = run(&["check", &named, "--time", "1s"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("known line   4"), "{out}");
    assert!(out.contains("at (5000, 5000), as the file says"), "{out}");
    assert!(out.contains("compared over all"), "{out}");
    assert!(out.contains("the 1 position(s) `fails at` names"), "{out}");
    // Also false at (3, 3), which the file does not name: the deepening still finds it.
    assert!(nim_p(3, 3));
    let other = fixture("named_first_other", &file(" and a != 3"));
    let (code, out, _) = run(&["check", &other, "--time", "1s"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  line   4"), "{out}");
    assert!(out.contains("at (3, 3)"), "{out}");
}
