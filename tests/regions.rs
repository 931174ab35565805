//! `check` and `diff` over regions other than the box, the deepening `--time`, the time
//! budget of every command, and `diff`'s per-side parameters, through the real binary.
//!
//! - A claim wrong only at a large heap (tests/inputs/regions/large-heap.game: 3-heap Nim, but
//!   "P" also whenever a heap is 40 or more) passes the file's box, and is caught with its
//!   smallest counterexample by `--total` and by `--time`. The expected counterexample is
//!   computed here by brute force over positions in the fixed order, from Bouton's rule.
//! - Samples are the same for the same seed.
//! - `--time 1s` stops runs that would take many minutes (with or without a compiled kernel)
//!   with the time-limit error; the wall bound is generous (a loaded machine may be slow to
//!   start and to schedule the run), and a run that ignores `--time` is killed at a bound far
//!   below its length and fails the test.
//! - `diff -p` applies to each side that declares the parameter; d-Wythoff with d = 1 is
//!   Wythoff (same rules), and with d = 2 (1, 2) is no longer P: the diagonal move may take
//!   1 and 2 (they differ by less than d), reaching (0, 0).

use std::time::{Duration, Instant};

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

const LARGE: &str = "tests/inputs/regions/large-heap.game";

/// The smallest 3-heap position (sorted) in the order tokens, heaps, lexicographic where the
/// claim "xor == 0 or a heap >= 40" is wrong about Nim (Bouton: P iff xor == 0).
fn smallest_counterexample() -> Vec<u64> {
    let mut all = Vec::new();
    for a in 0..=60u64 {
        for b in a..=60 {
            for c in b..=60 {
                let claim_p = a ^ b ^ c == 0 || c >= 40;
                let is_p = a ^ b ^ c == 0;
                if claim_p != is_p {
                    all.push(vec![a, b, c]);
                }
            }
        }
    }
    all.sort_by_key(|p| (p.iter().sum::<u64>(), p.clone()));
    all[0].clone()
}

fn first_counterexample(json: &str) -> Vec<u64> {
    let v: serde_json::Value = serde_json::from_str(json).expect("JSON");
    v[0]["claims"][0]["counterexample"]["position"]
        .as_array()
        .expect("a counterexample")
        .iter()
        .map(|h| h.as_u64().expect("a heap"))
        .collect()
}

#[test]
fn a_claim_wrong_only_at_a_large_heap_is_missed_by_the_box() {
    let (code, out, err) = run(&["check", LARGE]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("every heap <= 12"), "{out}");
}

#[test]
fn total_finds_the_smallest_counterexample() {
    let want = smallest_counterexample();
    assert_eq!(want, vec![0, 0, 40]);
    let (code, out, err) = run(&["check", LARGE, "--total", "45", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(first_counterexample(&out), want);
    // Just below it, the total region holds.
    let (code, out, err) = run(&["check", LARGE, "--total", "39"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("total <= 39"), "{out}");
}

#[test]
fn time_deepens_until_it_finds_the_counterexample() {
    let (code, out, err) = run(&["check", LARGE, "--time", "60s", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(first_counterexample(&out), smallest_counterexample());
    // Every claim failed, so the run ended there, not at the deadline (`ended`, below).
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(
        v[0]["ended"]
            .as_str()
            .unwrap()
            .contains("every claim failed"),
        "{out}"
    );
}

/// What `check --time` reports of each claim is what it reached: the regions its reach names
/// are those of the steps, and a run cut short says so. How far it gets in 2 s depends on the
/// machine (a loaded one may not finish the family claims, exit 2, saying so): only what was
/// reported is asserted.
#[test]
fn time_reports_how_far_each_claim_got() {
    let (code, out, err) = run(&[
        "check",
        "rulesets/classic/wythoff.game",
        "--time",
        "2s",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let run = &v[0];
    assert_eq!(run["seed"], 3, "{out}");
    let stopped = run["families_stopped"].as_str();
    match code {
        0 => assert!(stopped.is_none(), "{out}"),
        // The time ran out in the family claims: said so.
        2 => assert!(
            stopped.is_some_and(|s| s.contains("stopped at the time limit")),
            "{out}{err}"
        ),
        _ => panic!("exit {code}: {out}{err}"),
    }
    let steps: Vec<&str> = (run["steps"].as_array().unwrap().iter())
        .map(|s| s.as_str().unwrap())
        .collect();
    for c in run["claims"].as_array().unwrap() {
        assert_eq!(c["holds"], true, "{c}");
        let reach = &c["reach"];
        let text = reach["text"].as_str().unwrap();
        for (key, words) in [("max", "every heap <= "), ("total", "total <= ")] {
            match reach[key].as_u64() {
                Some(n) => {
                    let said = format!("{words}{n}");
                    assert!(text.contains(&said), "{text}");
                    assert!(text.starts_with("all "), "{text}");
                    assert!(steps.iter().any(|s| s.starts_with(&said)), "{steps:?}");
                }
                None => assert!(!text.contains(words), "{text}"),
            }
        }
        let compared = c["checked"].as_u64().unwrap() + c["outside_scope"].as_u64().unwrap();
        if compared == 0 {
            assert_eq!(run["compared"], 0, "{out}");
        }
    }
}

#[test]
fn samples_are_reproducible_from_the_seed() {
    let args = [
        "check",
        "rulesets/classic/nim.game",
        "--samples",
        "40",
        "--sample-max",
        "20",
        "--seed",
        "11",
    ];
    let (code, a, err) = run(&args);
    assert_eq!(code, 0, "{a}{err}");
    assert!(a.contains("40 samples with heaps <= 20"), "{a}");
    assert!(a.contains("seed 11"), "{a}");
    let (_, b, _) = run(&args);
    assert_eq!(a, b);
    // Without a seed, the one chosen is printed.
    let (code, c, err) = run(&["check", "rulesets/classic/nim.game", "--samples", "5"]);
    assert_eq!(code, 0, "{c}{err}");
    assert!(c.contains("(seed "), "{c}");
}

/// Runs heapgame with `args`, killing it after `limit`: (exit code, or `None` when killed;
/// stdout; stderr).
fn run_at_most(args: &[&str], limit: Duration) -> (Option<i32>, String, String) {
    let mut child = crate::common::run::heapgame()
        .args(args)
        .env("RAYON_NUM_THREADS", "1")
        .spawn();
    let t0 = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait for heapgame") {
            break status.code();
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().expect("heapgame's output");
    (
        code,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether (a, b) is a P-position of Wythoff's game, from the pairs' definition (Wythoff,
/// 1907): a_n the least number in no earlier pair, b_n = a_n + n.
fn wythoff_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    // The pairs by their definition: a_n the least number not yet used, b_n = a_n + n.
    let mut used = vec![false; (b + 2) as usize * 2];
    let mut next = 0u64;
    for n in 0.. {
        while used[next as usize] {
            next += 1;
        }
        let (an, bn) = (next, next + n);
        if an > a {
            return false;
        }
        if an == a {
            return bn == b;
        }
        used[an as usize] = true;
        used[bn as usize] = true;
    }
    unreachable!()
}

/// Far more than `--time 1s` needs on any machine, far less than the runs below take.
const GENEROUS: Duration = Duration::from_secs(60);

#[test]
fn the_time_budget_stops_runs_of_many_minutes() {
    for args in [
        // Wythoff's Grundy value at (12000, 15000): the memoized search visits some 10^8
        // positions of up to 27000 followers each; a Grundy kernel over the box of heaps up
        // to 15000 fills 2.25 * 10^8 cells (4 minutes at the speed of the kernel today).
        &[
            "eval",
            "rulesets/classic/wythoff.game",
            "12000",
            "15000",
            "--force",
        ][..],
        // Grundy values of the box of heaps up to 30000: 4.5 * 10^8 positions (some 20
        // minutes for the cube kernel today).
        &[
            "solve",
            "rulesets/classic/wythoff.game",
            "--max",
            "30000",
            "--grundy",
            "--force",
        ][..],
    ] {
        let mut all = args.to_vec();
        all.extend(["--time", "1s"]);
        let (code, out, err) = run_at_most(&all, GENEROUS);
        // The position's outcome alone takes a fraction of its Grundy value's time (the P/N
        // fill visits a row up to its P-position): a fast machine may have it within the
        // second, and then `eval` answers it, saying the Grundy value was not computed.
        if code == Some(0) && args[0] == "eval" {
            assert!(
                out.contains("grundy:   not computed within the time limit"),
                "{out}"
            );
            let outcome = if wythoff_p(12000, 15000) { "P" } else { "N" };
            assert!(out.contains(&format!("outcome:  {outcome} ")), "{out}");
            continue;
        }
        assert_eq!(
            code,
            Some(2),
            "{args:?} (None: killed after {GENEROUS:?}): {out}{err}"
        );
        assert!(err.contains("heapgame::limit"), "{err}");
        assert!(err.contains("stopped at the time limit"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    // `check --time` deepens the regions until the time is up, then reports what held. The
    // file's family claims get their part of the time (half here): about 0.3 s of work, which
    // a loaded machine may not finish; then it says so, exit 2. Either way the run ends.
    let (code, out, err) = run_at_most(
        &["check", "rulesets/classic/wythoff.game", "--time", "3s"],
        GENEROUS,
    );
    match code {
        Some(0) => assert!(!out.contains("stopped at the time limit"), "{out}"),
        Some(2) => assert!(
            out.contains("stopped at the time limit in the family claim"),
            "{out}{err}"
        ),
        _ => panic!("{code:?} (None: killed after {GENEROUS:?}): {out}{err}"),
    }
    assert!(out.contains("time is up"), "{out}");
}

#[test]
fn diff_applies_a_parameter_to_each_side_that_declares_it() {
    let w = "rulesets/classic/wythoff.game";
    let d = "rulesets/classic/d-wythoff.game";
    let (code, out, err) = run(&["diff", w, d, "-p", "d=1", "--max", "30"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("identical"), "{out}");
    let (code, out, err) = run(&["diff", w, d, "-p", "d=2", "--max", "30"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("(1, 2): P vs N"), "{out}");
    // One side only.
    let (code, out, err) = run(&["diff", d, d, "-p", "A.d=1", "-p", "B.d=2", "--max", "30"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("(1, 2): P vs N"), "{out}");
    // A name neither side declares is still an error.
    let (code, _, err) = run(&["diff", w, d, "-p", "k=2", "--max", "30"]);
    assert_eq!(code, 2);
    assert!(err.contains("`k` is not a parameter"), "{err}");
}

#[test]
fn diff_over_totals_and_with_time() {
    let w = "rulesets/classic/wythoff.game";
    let d = "rulesets/classic/d-wythoff.game";
    let (code, out, err) = run(&["diff", w, d, "-p", "d=2", "--total", "20"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("total <= 20"), "{out}");
    assert!(out.contains("(1, 2): P vs N"), "{out}");
    let (code, out, err) = run(&["diff", w, d, "-p", "d=1", "--max", "10", "--time", "1s"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("identical over"), "{out}");
    assert!(out.contains("every heap <= "), "{out}");
}
