//! Misère quotients (`heapgame::solver::quotient`) against what does not depend on them: a
//! brute force of misère outcomes written here (a position with no move is N, the player to
//! move having won; otherwise P exactly when every move reaches N), with the moves of Kayles,
//! Dawson's Kayles and Nim written out from their rules; Bouton's misère rule for Nim; the
//! published quotients T2 of misère Nim on heaps up to 3 and R8 of the octal game 0.75
//! (Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) G05;
//! Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008); and Plambeck and
//! Siegel's theorem that a misère quotient of a game other than 0 has even order.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use heapgame::game::Game;
use heapgame::solver::quotient::present::Presentation;
use heapgame::solver::quotient::tame::is_tame;
use heapgame::solver::quotient::{compute, heap_options, Computed};
use heapgame::solver::Budget;

fn quotient(file: &str, params: &[(&str, &str)], max: u32) -> Computed {
    let game = Game::load_file(Path::new(file), params).expect("the ruleset loads");
    let budget = Budget::default();
    let options = heap_options(game.generator(), max, &budget).expect("take-and-break");
    compute(&options, &budget).expect("the quotient")
}

/// The followers of a sum in a game whose heap `n` has the options `heap(n)` (each a list of
/// heaps), written as sorted lists without empty heaps.
fn followers(pos: &[u32], heap: fn(u32) -> Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..pos.len() {
        for o in heap(pos[i]) {
            let mut f: Vec<u32> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
            f.extend(o);
            f.retain(|&h| h > 0);
            f.sort_unstable();
            out.push(f);
        }
    }
    out
}

/// Kayles: knock down one pin or two adjacent ones from a row of `n`: what is left is two rows
/// (either may be empty) of `n - 1` or `n - 2` pins in all.
fn kayles(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for t in [1, 2] {
        if n >= t {
            for a in 0..=(n - t) {
                out.push(vec![a, n - t - a]);
            }
        }
    }
    out
}

/// Dawson's Kayles: knock down two adjacent pins.
fn dawson(n: u32) -> Vec<Vec<u32>> {
    if n < 2 {
        return Vec::new();
    }
    (0..=(n - 2)).map(|a| vec![a, n - 2 - a]).collect()
}

/// Nim: take any number of tokens from one heap.
fn nim(n: u32) -> Vec<Vec<u32>> {
    (0..n).map(|m| vec![m]).collect()
}

/// Whether a sum is a misère P-position, by plain recursion (memoized on the sorted sum).
fn misere_p(
    pos: &[u32],
    heap: fn(u32) -> Vec<Vec<u32>>,
    memo: &mut HashMap<Vec<u32>, bool>,
) -> bool {
    if let Some(&p) = memo.get(pos) {
        return p;
    }
    let fs = followers(pos, heap);
    // No move: the player to move has won (misère), so N.
    let p = !fs.is_empty() && fs.iter().all(|f| !misere_p(f, heap, memo));
    memo.insert(pos.to_vec(), p);
    p
}

/// Every sorted sum of heaps `1..=max` with at most `total` tokens.
fn sums(max: u32, total: u32) -> Vec<Vec<u32>> {
    fn go(start: u32, max: u32, left: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.push(cur.clone());
        for h in start..=max.min(left) {
            cur.push(h);
            go(h, max, left - h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(1, max, total, &mut Vec::new(), &mut out);
    out
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % u64::from(n)) as u32
    }
}

/// The quotient's outcome of every sum up to `total` tokens, and of random sums of up to five
/// heaps `<= max` and at most `random_total` tokens, against the brute force.
fn agrees(c: &Computed, heap: fn(u32) -> Vec<Vec<u32>>, total: u32, random_total: u32) -> usize {
    let q = &c.quotient;
    let max = q.max_heap();
    let mut memo = HashMap::new();
    let mut tried = BTreeSet::new();
    for s in sums(max, total) {
        tried.insert(s);
    }
    let mut rng = Rng(22);
    while tried.len() < 1500 + sums(max, total).len() {
        let k = 2 + rng.below(4);
        let mut s: Vec<u32> = (0..k).map(|_| 1 + rng.below(max)).collect();
        s.sort_unstable();
        if s.iter().sum::<u32>() <= random_total {
            tried.insert(s);
        }
    }
    for s in &tried {
        let want = misere_p(s, heap, &mut memo);
        assert_eq!(q.is_p(s), Some(want), "misère outcome of {s:?}");
    }
    tried.len()
}

#[test]
fn kayles_quotient_predicts_every_sum_tried() {
    let c = quotient("rulesets/classic/kayles.game", &[], 20);
    let n = agrees(&c, kayles, 20, 27);
    assert!(n > 2000, "{n}");
}

#[test]
fn dawsons_kayles_quotient_predicts_every_sum_tried() {
    let c = quotient("rulesets/classic/dawson-kayles.game", &[], 20);
    let n = agrees(&c, dawson, 22, 34);
    assert!(n > 2000, "{n}");
}

#[test]
fn dawsons_kayles_quotient_past_heap_24_predicts_every_sum_tried() {
    // From heap 25 on, the new heap separates sums of smaller heaps that the first
    // construction does not tell apart, and the quotient is recalibrated on the least sum
    // that breaks the misère rule.
    let c = quotient("rulesets/classic/dawson-kayles.game", &[], 26);
    assert_eq!(c.orders[24], 24);
    let q = &c.quotient;
    let mut memo = HashMap::new();
    let mut tried = 0;
    for s in sums(24, 14) {
        for big in [25, 26] {
            let mut t = s.clone();
            t.push(big);
            t.sort_unstable();
            let want = misere_p(&t, dawson, &mut memo);
            assert_eq!(q.is_p(&t), Some(want), "misère outcome of {t:?}");
            tried += 1;
        }
    }
    assert!(tried > 1000, "{tried}");
    let n = agrees(&c, dawson, 20, 36);
    assert!(n > 2000, "{n}");
}

#[test]
fn dawsons_kayles_quotient_of_heaps_to_30_has_order_360() {
    // Siegel's order for Dawson's Kayles (0.07) on heaps 1..30, computed with MisereSolver.
    let c = quotient("rulesets/classic/dawson-kayles.game", &[], 30);
    assert_eq!(c.quotient.size, 360);
}

#[test]
fn misere_nim_quotient_is_bouton_and_tame() {
    let c = quotient("rulesets/classic/nim.game", &[], 7);
    let q = &c.quotient;
    for s in sums(7, 16) {
        let x = s.iter().fold(0, |a, &h| a ^ h);
        // Bouton: with every heap at most 1, P iff an odd number of ones; else P iff XOR 0.
        let want = if s.iter().all(|&h| h <= 1) {
            s.len() % 2 == 1
        } else {
            x == 0
        };
        assert_eq!(q.is_p(&s), Some(want), "{s:?}");
    }
    let mut memo = HashMap::new();
    for s in sums(7, 12) {
        assert_eq!(q.is_p(&s), Some(misere_p(&s, nim, &mut memo)), "{s:?}");
    }
    assert!(is_tame(&c, &Budget::default()).unwrap());
}

/// The relations of a presentation, as a set of texts.
fn relations(c: &Computed) -> BTreeSet<String> {
    Presentation::of(&c.quotient)
        .relation_texts()
        .into_iter()
        .collect()
}

#[test]
fn published_quotients_t2_and_r8() {
    // T2 = <a, b | a^2 = 1, b^3 = b>, order 6, P-portion {a, b^2}: misère Nim on heaps 0..3.
    let t2 = quotient("rulesets/classic/nim.game", &[], 3);
    assert_eq!(t2.quotient.size, 6);
    let want: BTreeSet<String> = ["a^2 = 1", "b^3 = b"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(relations(&t2), want);
    let pr = Presentation::of(&t2.quotient);
    let p: BTreeSet<String> = t2
        .quotient
        .p_portion()
        .iter()
        .map(|&e| pr.name(e))
        .collect();
    assert_eq!(
        p,
        ["a", "b^2"]
            .iter()
            .map(std::string::ToString::to_string)
            .collect()
    );
    // R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, order 8, P-portion {a, b^2}: the
    // octal game 0.75, the smallest wild quotient.
    let r8 = quotient("rulesets/classic/octal.game", &[("code", "0.75")], 20);
    assert_eq!(r8.quotient.size, 8);
    let want: BTreeSet<String> = ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(relations(&r8), want);
    let pr = Presentation::of(&r8.quotient);
    let p: BTreeSet<String> = r8
        .quotient
        .p_portion()
        .iter()
        .map(|&e| pr.name(e))
        .collect();
    assert_eq!(
        p,
        ["a", "b^2"]
            .iter()
            .map(std::string::ToString::to_string)
            .collect()
    );
    assert!(!is_tame(&r8, &Budget::default()).unwrap());
}

#[test]
fn orders_are_even_once_a_heap_is_not_zero() {
    for (file, max) in [
        ("rulesets/classic/kayles.game", 24),
        ("rulesets/classic/dawson-kayles.game", 24),
        ("rulesets/classic/nim.game", 9),
    ] {
        let c = quotient(file, &[], max);
        for (n, &order) in c.orders.iter().enumerate() {
            assert!(
                order == 1 || order % 2 == 0,
                "{file}: order {order} at heap {n}"
            );
        }
        assert!(c.orders.last().is_some_and(|&o| o > 1), "{file}");
    }
}

#[test]
fn the_quotient_is_reduced() {
    // Any two elements are told apart by some third (else they would be one element).
    let c = quotient("rulesets/classic/kayles.game", &[], 20);
    let q = &c.quotient;
    for x in 0..q.size as u32 {
        for y in 0..x {
            let apart = (0..q.size as u32)
                .any(|z| q.p[q.times(x, z) as usize] != q.p[q.times(y, z) as usize]);
            assert!(apart, "elements {x} and {y}");
        }
    }
}

/// Runs the binary; (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

#[test]
fn the_quotient_command_prints_what_the_library_computes() {
    let (code, out, err) = run(&[
        "quotient",
        "rulesets/classic/nim.game",
        "--max",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["play"], "misere");
    assert_eq!(v["order"], 6);
    assert_eq!(v["tame"], true);
    assert_eq!(v["heaps"], serde_json::json!(["1", "a", "b", "ab"]));
    let (code, out, _) = run(&[
        "quotient",
        "rulesets/classic/octal.game",
        "-p",
        "code=0.75",
        "--max",
        "10",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("order:      8"), "{out}");
    assert!(out.contains("misère play"), "{out}");
    assert!(out.contains("tame:       no (wild)"), "{out}");
}

#[test]
fn a_game_that_is_not_take_and_break_is_refused() {
    let (code, _, err) = run(&["quotient", "rulesets/classic/wythoff.game", "--max", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("heapgame::not_sum"), "{err}");
    assert!(err.contains("not a take-and-break game"), "{err}");
}

#[test]
fn eval_answers_a_large_misere_sum_from_the_quotient() {
    // Past the search's first 20,000 positions: the quotient of heaps 1..30, whose outcome of
    // this sum the brute-force tests above vouch for on smaller sums; here the answer must agree
    // with its own winning moves (a P-position has none, an N-position some).
    let (code, out, err) = run(&[
        "eval",
        "rulesets/classic/kayles.game",
        "--play",
        "misere",
        "4",
        "7",
        "12",
        "30",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["method"], "quotient");
    assert_eq!(v["play"], "misere");
    let wins = v["winning_moves"].as_array().expect("a list").len();
    assert_eq!(v["outcome"] == "P", wins == 0, "{v}");
    // A sum the brute force here can still reach: the same outcome, whichever way eval went.
    let sum = [6u32, 7, 9, 10];
    let mut args = vec![
        "eval",
        "rulesets/classic/kayles.game",
        "--play",
        "misere",
        "--format",
        "json",
    ];
    let words: Vec<String> = sum.iter().map(u32::to_string).collect();
    args.extend(words.iter().map(String::as_str));
    let (_, out, _) = run(&args);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let want = misere_p(&sum, kayles, &mut HashMap::new());
    assert_eq!(v["outcome"] == "P", want, "{v}");
    // A small sum is still the search's, with g^- and the genus.
    let (_, out, _) = run(&[
        "eval",
        "rulesets/classic/kayles.game",
        "--play",
        "misere",
        "4",
        "7",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(v["grundy"].is_u64() && v["genus"].is_string(), "{v}");
}

#[test]
fn a_huge_max_meets_the_limits() {
    // Nothing is sized by --max up front: the time limit stops it, with its code.
    let (code, _, err) = run(&[
        "quotient",
        "rulesets/classic/kayles.game",
        "--max",
        "4000000000",
        "--time",
        "2s",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("heapgame::limit"), "{err}");
}
