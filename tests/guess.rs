//! `heapgame guess`, through the binary: for the bundled rulesets whose files state a closed
//! form, the claims are stripped, `guess` is run, and its claims are put back next to the
//! paper's (`--write`), where `heapgame check` proves both agree with the solver over a box
//! larger than the one guessed from (so they give the same P-positions there). Generated
//! families are compared with a plain brute force written here: random subtraction sets (the
//! Grundy values of one heap by the mex over the set), d-Wythoff for random d and beta-Nim for
//! a quadratic beta written as a `let` (the P-positions by brute force, the guessed form
//! evaluated here). Games with no form of the library must give no claim that `check` refutes.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

use crate::common::run::heapgame;
use crate::common::{mex, Brute, Shape};

/// A fresh file in the temporary directory holding `text`.
pub(crate) fn temp_file(text: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let p = std::env::temp_dir().join(format!("heapgame-guess-{}-{n}.game", std::process::id()));
    std::fs::write(&p, text).expect("temp file written");
    p
}

/// The text of a ruleset without its claims (each `claim` line and its deeper continuation
/// lines) and without its `check` lines.
pub(crate) fn strip_claims(text: &str) -> String {
    let mut out = String::new();
    let mut skipping: Option<usize> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim_start();
        if let Some(level) = skipping {
            if !t.is_empty() && indent > level {
                continue;
            }
            skipping = None;
        }
        if t.starts_with("claim") || t.starts_with("check") {
            skipping = Some(indent);
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `heapgame guess FILE ARGS --format json`: the exit code and the JSON report.
pub(crate) fn guess_run(file: &std::path::Path, args: &[&str]) -> (i32, Value) {
    let out = heapgame()
        .arg("guess")
        .arg(file.display().to_string())
        .args(args)
        .args(["--format", "json"])
        .run();
    let v = serde_json::from_str(&out.stdout)
        .unwrap_or_else(|_| panic!("guess {args:?} prints JSON: {}", out.stderr));
    (out.code, v)
}

/// [`guess_run`] when a form is found: exit code 0.
pub(crate) fn guess_json(file: &std::path::Path, args: &[&str]) -> Value {
    let (code, v) = guess_run(file, args);
    assert_eq!(code, 0, "guess {args:?}: {v:#}");
    v
}

/// The claim lines of every verified guess.
pub(crate) fn claim_lines(report: &Value) -> Vec<String> {
    report["guesses"]
        .as_array()
        .expect("guesses")
        .iter()
        .flat_map(|g| g["lines"].as_array().expect("lines").iter())
        .filter_map(|l| l.as_str())
        .filter(|l| l.starts_with("claim"))
        .map(String::from)
        .collect()
}

/// Strips `rel`'s claims, guesses from the stripped file, requires a `claim P` (or `claim
/// grundy`) among the verified guesses, writes the guesses into a copy of the original file
/// (with the paper's claims), and has `check` verify them all together on `--max check_max`.
pub(crate) fn recovers(rel: &str, params: &[&str], args: &[&str], check_max: u32) -> Value {
    let report = recovers_claims(rel, params, args, check_max);
    assert!(
        claim_lines(&report)
            .iter()
            .any(|c| c.starts_with("claim P") || c.starts_with("claim grundy")),
        "{rel} {params:?}: no form recovered: {report:#}"
    );
    report
}

/// [`recovers`] for any claims (`claim same` too): the guesses, verified, written next to the
/// file's own claims and checked together on `--max check_max`.
pub(crate) fn recovers_claims(rel: &str, params: &[&str], args: &[&str], check_max: u32) -> Value {
    recovers_on(rel, params, args, &["--max", &check_max.to_string()])
}

/// [`recovers_claims`] with the check's bounds given as arguments (`--max M --heaps K`).
pub(crate) fn recovers_on(rel: &str, params: &[&str], args: &[&str], check: &[&str]) -> Value {
    let original = std::fs::read_to_string(rel).expect("bundled ruleset");
    let stripped = temp_file(&strip_claims(&original));
    let mut all: Vec<&str> = params.iter().flat_map(|p| ["-p", p]).collect();
    all.extend(args);
    let report = guess_json(&stripped, &all);
    let claims = claim_lines(&report);
    assert!(!claims.is_empty(), "{rel} {params:?}: no claim: {report:#}");
    // The region verified is larger than the one guessed from.
    let from = report["guessed_from"]["max"].as_u64().unwrap();
    assert!(report["verified_on"]["max"].as_u64().unwrap() > from);
    // The paper's claims and the guessed ones, checked together by `check` on a larger box.
    let copy = temp_file(&original);
    let mut write: Vec<&str> = all.clone();
    let copy_text = copy.display().to_string();
    write.extend(["--write", &copy_text]);
    guess_json(&stripped, &write);
    let written = std::fs::read_to_string(&copy).unwrap();
    assert!(written.contains("# source \"guessed by heapgame guess from heaps <= "));
    for c in &claims {
        assert!(written.contains(c.as_str()), "{c} not written");
    }
    let out = heapgame()
        .arg("check")
        .arg(&copy_text)
        .args(params.iter().flat_map(|p| ["-p", p]))
        .args(check)
        .run();
    assert_eq!(
        out.code, 0,
        "check of {rel} with the guesses: {}{}",
        out.stdout, out.stderr
    );
    report
}

#[test]
fn wythoff_is_recovered_with_phi() {
    let r = recovers("rulesets/classic/wythoff.game", &[], &["--max", "60"], 90);
    let claims = claim_lines(&r);
    assert!(claims.contains(&"claim P: a == floor((b - a) * phi) where (a, b) = heaps".into()));
    // Beatty pairs with both slopes identified exactly from their continued fractions.
    assert!(claims
        .iter()
        .any(|c| c.contains("beatty(((3 + sqrt(5)) / 2))") && c.contains("* phi")));
}

#[test]
fn nim_and_subtraction_games_are_recovered() {
    let r = recovers(
        "rulesets/classic/nim.game",
        &[],
        &["--heaps", "3", "--max", "12"],
        16,
    );
    assert!(claim_lines(&r).contains(&"claim grundy: xor(heaps)".into()));
    recovers(
        "rulesets/classic/subtraction.game",
        &[],
        &["--heaps", "3", "--max", "12"],
        16,
    );
    recovers(
        "rulesets/classic/subtraction.game",
        &["S={2,3}"],
        &["--heaps", "3", "--max", "12"],
        16,
    );
}

#[test]
fn d_wythoff_and_the_beta_games_are_recovered() {
    for d in ["d=1", "d=2", "d=3"] {
        recovers(
            "rulesets/classic/d-wythoff.game",
            &[d],
            &["--max", "50"],
            80,
        );
    }
    for f in ["beta-nim", "beta-wynim", "beta-t-wynim"] {
        let rel = format!("rulesets/fraenkel-larsson/{f}.game");
        let r = recovers(&rel, &[], &["--max", "60"], 91);
        assert!(
            claim_lines(&r).iter().any(|c| c.contains("beatty(beta)")),
            "{f}"
        );
    }
    recovers(
        "rulesets/fraenkel-larsson/beta-nim.game",
        &["beta=2+sqrt(2)"],
        &["--max", "50"],
        70,
    );
}

#[test]
fn moore_nim_and_delete_nim_are_recovered() {
    let r = recovers(
        "rulesets/fraenkel-zusman/moore-nim.game",
        &[],
        &["--heaps", "3", "--max", "10"],
        12,
    );
    assert!(claim_lines(&r)
        .iter()
        .any(|c| c.contains("mod 3 == 0") && c.contains("h / 2^i mod 2 == 1")));
    let r = recovers("rulesets/abuku/delete-nim.game", &[], &["--max", "40"], 60);
    assert!(claim_lines(&r).contains(&"claim P: all(h in heaps: h mod 2 == 0)".into()));
}

#[test]
fn fraenkel_zusman_is_recovered_for_k_3_and_4() {
    for (k, max, check) in [("k=3", "20", 26), ("k=4", "10", 12)] {
        let r = recovers(
            "rulesets/fraenkel-zusman/fraenkel-zusman.game",
            &[k],
            &["--max", max],
            check,
        );
        assert!(
            claim_lines(&r)
                .iter()
                .any(|c| c.contains("isqrt(8 * min(heaps) + 1)^2")),
            "{k}: {r:#}"
        );
    }
}

/// A small generator of pseudo-random numbers (a fixed seed: the same sets every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Reads `fn g_heap(h) = (t0, t1, ...)[h mod p]` (or `xor(heaps)`'s identity) as a function.
fn read_g(lines: &[String]) -> impl Fn(usize) -> u32 {
    let def = lines
        .iter()
        .find(|l| l.starts_with("fn g_heap(h) = ("))
        .expect("fn g_heap");
    let open = def.find('(').unwrap() + "(h) = (".len();
    let inner = &def[open..def.find(")[").unwrap()];
    let table: Vec<u32> = inner.split(", ").map(|t| t.parse().unwrap()).collect();
    let rest = &def[def.find(")[").unwrap() + 2..];
    assert!(rest.starts_with("h mod "), "a purely periodic table: {def}");
    let p: usize = rest["h mod ".len()..rest.find(']').unwrap()]
        .parse()
        .unwrap();
    assert!(
        !def.contains(" + "),
        "no saltus in a subtraction game: {def}"
    );
    move |h| table[h % p]
}

#[test]
fn random_subtraction_sets_give_their_periods() {
    let mut rng = Lcg(35);
    for _ in 0..6 {
        let mut s: Vec<u32> = (1..=9).filter(|_| rng.next(3) == 0).collect();
        if s.is_empty() {
            s.push(1 + rng.next(9) as u32);
        }
        let set: Vec<String> = s.iter().map(ToString::to_string).collect();
        let param = format!("S={{{}}}", set.join(","));
        let file = PathBuf::from("rulesets/classic/subtraction.game");
        let r = guess_json(
            &file,
            &[
                "-p",
                &param,
                "--heaps",
                "2",
                "--max",
                "30",
                "--check-max",
                "40",
            ],
        );
        let guesses = r["guesses"].as_array().unwrap();
        let sum = guesses
            .iter()
            .find(|g| g["shape"] == "sum of single heaps (Grundy values)");
        let sum = sum.unwrap_or_else(|| panic!("{param}: no sum form: {r:#}"));
        let lines: Vec<String> = sum["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect();
        // The brute force: g(n) = mex{g(n - s) : s in S, s <= n}, far past the guessed region.
        let mut g = Vec::new();
        for n in 0..1000usize {
            let v = mex(s
                .iter()
                .filter(|&&x| x as usize <= n)
                .map(|&x| g[n - x as usize]));
            g.push(v);
        }
        let f = read_g(&lines);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(f(n), v, "{param}: g({n})");
        }
        assert!(
            sum["note"].as_str().unwrap().contains("(proven:"),
            "{param}: {sum:#}"
        );
    }
}

/// The P-positions `(a, b)`, `a <= b <= max`, of a two-heap game by brute force.
fn p_pairs(moves: impl Fn(&[u32]) -> Vec<Vec<u32>> + 'static, max: u32) -> Vec<(u32, u32)> {
    let mut b = Brute::new("pairs", Shape::Fixed, moves);
    let mut out = Vec::new();
    for y in 0..=max {
        for x in 0..=y {
            if b.is_p(&[x, y]) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The followers of d-Wythoff: take from one heap, or `s, t >= 1` from both with `|s - t| < d`.
fn d_wythoff(d: u32) -> impl Fn(&[u32]) -> Vec<Vec<u32>> {
    move |p: &[u32]| {
        let (x, y) = (p[0], p[1]);
        let mut f = Vec::new();
        for s in 1..=x {
            f.push(vec![x - s, y]);
        }
        for t in 1..=y {
            f.push(vec![x, y - t]);
        }
        for s in 1..=x {
            for t in 1..=y {
                if s.abs_diff(t) < d {
                    f.push(vec![x - s, y - t]);
                }
            }
        }
        f
    }
}

#[test]
fn d_wythoff_for_random_d_is_the_mex_form() {
    let mut rng = Lcg(7);
    for _ in 0..3 {
        let d = 1 + rng.next(6) as u32;
        let param = format!("d={d}");
        let file = PathBuf::from("rulesets/classic/d-wythoff.game");
        let r = guess_json(&file, &["-p", &param, "--max", "60"]);
        let want = p_pairs(d_wythoff(d), 60);
        // a_n = mex of the earlier heaps, b_n = a_n + d n: the pairs written independently.
        let (mut a_n, mut used, mut mine) = (0u32, std::collections::BTreeSet::new(), Vec::new());
        for n in 0.. {
            while used.contains(&a_n) {
                a_n += 1;
            }
            let b_n = a_n + d * n;
            if b_n > 60 {
                break;
            }
            used.extend([a_n, b_n]);
            mine.push((a_n, b_n));
        }
        assert_eq!(want, mine, "d = {d}: the brute force and the mex rule");
        let claims = claim_lines(&r);
        let mex = claims.iter().find(|c| {
            c.contains(&format!("(b - a) mod {d} == 0")) || (d == 1 && c.contains("* phi)"))
        });
        assert!(mex.is_some(), "d = {d}: {r:#}");
    }
}

/// The P-positions `(A_n, B_n)`, `B_n <= max`, of Fraenkel and Larsson's Theorem 1:
/// `B_n = floor(n beta)`, `A_n = floor(n beta / (beta - 1))`.
fn beatty_pairs(beta: f64, max: u32) -> Vec<(u32, u32)> {
    let alpha = beta / (beta - 1.0);
    (0..)
        .map(|n: u32| {
            (
                (f64::from(n) * alpha).floor() as u32,
                (f64::from(n) * beta).floor() as u32,
            )
        })
        .take_while(|p| p.1 <= max)
        .collect()
}

/// The followers of beta-Nim: take from one heap, and when neither heap is in
/// `{floor(n beta) : n >= 1}` also `1..=floor(beta)` from the other in the same move.
fn beta_nim(beta: f64) -> impl Fn(&[u32]) -> Vec<Vec<u32>> {
    move |p: &[u32]| {
        let in_b = |h: u32| h > 0 && ((f64::from(h) / beta).ceil() * beta).floor() as u32 == h;
        let d = beta.floor() as u32;
        let mut f = Vec::new();
        for (i, j) in [(0usize, 1usize), (1, 0)] {
            for t in 1..=p[i] {
                let mut q = p.to_vec();
                q[i] -= t;
                f.push(q.clone());
                if !in_b(p[0]) && !in_b(p[1]) {
                    for s in 1..=d.min(p[j]) {
                        let mut r = q.clone();
                        r[j] -= s;
                        f.push(r);
                    }
                }
            }
        }
        f
    }
}

#[test]
fn beta_nim_for_random_quadratic_beta() {
    // beta = (p + sqrt(q)) / r, q not a square, 2 < beta < 8, given as the parameter: the
    // guess must state the Beatty pairs of beta, and `check` proves it with the file's own
    // Theorem 1 on a larger box; the brute force here confirms the theorem for this beta.
    let mut rng = Lcg(1935);
    let mut done = 0;
    while done < 3 {
        let (p, q, r) = (1 + rng.next(6), 2 + rng.next(39), 1 + rng.next(2));
        let beta = (p as f64 + (q as f64).sqrt()) / r as f64;
        let root = (q as f64).sqrt().round() as u64;
        if root * root == q || beta <= 2.0 || beta >= 8.0 {
            continue;
        }
        done += 1;
        let param = format!("beta=({p}+sqrt({q}))/{r}");
        let rel = "rulesets/fraenkel-larsson/beta-nim.game";
        let report = recovers(rel, &[&param], &["--max", "60"], 90);
        assert!(
            claim_lines(&report)
                .iter()
                .any(|c| c.contains("b in beatty(beta)")),
            "{param}: {report:#}"
        );
        assert_eq!(
            p_pairs(beta_nim(beta), 40),
            beatty_pairs(beta, 40),
            "{param}"
        );
    }
}

#[test]
fn beta_nim_with_a_quadratic_beta_as_a_let_gets_its_surd() {
    // beta = 2 + sqrt(k): not a parameter, so the slopes come from the continued fractions.
    for (k, beta) in [(2u32, 2.0 + 2f64.sqrt()), (5, 2.0 + 5f64.sqrt())] {
        let text = std::fs::read_to_string("rulesets/fraenkel-larsson/beta-nim.game").unwrap();
        // `require` reads parameters only: beta is now a `let` in its place.
        let text: Vec<String> = strip_claims(&text)
            .replace("(beta = pi) {", "{")
            .lines()
            .map(|l| match l.starts_with("  require") {
                true => format!("  let beta = 2 + sqrt({k})"),
                false => l.to_string(),
            })
            .collect();
        let text = text.join("\n");
        let file = temp_file(&text);
        let r = guess_json(&file, &["--max", "200"]);
        let claims = claim_lines(&r);
        let beatty = claims
            .iter()
            .find(|c| c.contains("beatty("))
            .unwrap_or_else(|| panic!("k = {k}: {r:#}"));
        assert!(beatty.contains(&format!("sqrt({k})")), "k = {k}: {beatty}");
        // The P-positions of beta-Nim by brute force: floor(n beta) and its complement.
        assert_eq!(
            p_pairs(beta_nim(beta), 30),
            beatty_pairs(beta, 30),
            "k = {k}"
        );
    }
}

#[test]
fn three_heap_wythoff_gives_no_false_claim() {
    // Taking the same s from all three heaps flips the lowest set bit of s in each heap, so the
    // nim-sum changes: the game has Nim's values, and nothing else may be claimed.
    let text = "ruleset \"Three-heap Wythoff\" {\n  heaps 3\n  move { take 1.. from one heap }\n  move { take same 1.. from all heaps }\n}\n";
    let file = temp_file(text);
    let r = guess_json(&file, &["--max", "14"]);
    let mut brute = Brute::new("w3", Shape::Fixed, |p: &[u32]| {
        let mut f = Vec::new();
        for i in 0..3 {
            for t in 1..=p[i] {
                let mut q = p.to_vec();
                q[i] -= t;
                f.push(q);
            }
        }
        for s in 1..=*p.iter().min().unwrap() {
            f.push(p.iter().map(|h| h - s).collect());
        }
        f
    });
    for a in 0..=14u32 {
        for b in a..=14 {
            for c in b..=14 {
                assert_eq!(brute.grundy(&[a, b, c]), a ^ b ^ c);
            }
        }
    }
    for c in claim_lines(&r) {
        assert!(
            c == "claim grundy: xor(heaps)" || c == "claim P: xor(heaps) == 0",
            "{c}"
        );
    }
    // With the same amount from two heaps instead, no form of the library holds: every form
    // printed must survive `check` on a larger box, and none is P by a parity or XOR rule.
    let text = "ruleset \"Wythoff on three heaps\" {\n  heaps 3\n  move { take 1.. from one heap }\n  move { take same 1.. from 2 heaps }\n}\n";
    let file = temp_file(text);
    let (code, r) = guess_run(&file, &["--max", "14"]);
    // Nothing found is exit code 1 (0 is kept for a form found).
    assert_eq!(code, 1, "{r:#}");
    assert_eq!(r["guesses"].as_array().unwrap().len(), 0, "{r:#}");
    assert!(
        r["nearest"]
            .as_str()
            .is_some_and(|n| n.contains("first wrong at")),
        "{r:#}"
    );
    // Fraenkel's nim-sum generalization on three heaps: "the actual computation of the
    // P-values seems to be difficult" (Fraenkel and Zusman, Section 4); nothing is claimed.
    let (code, r) = guess_run(
        std::path::Path::new("rulesets/fraenkel-zusman/wythoff-xor.game"),
        &["--max", "9"],
    );
    assert_eq!(code, 1, "{r:#}");
    assert_eq!(r["guesses"].as_array().unwrap().len(), 0, "{r:#}");
}
