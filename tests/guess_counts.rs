//! `heapgame guess` on counting claims ("P iff the number of heaps with a property is even",
//! issue item 3), for a generated family: the subtraction game whose set is `k` times a set of
//! odd numbers including 1, on any number of heaps. Every move changes one heap's
//! `floor(h / k)` by an odd number, and `k` is always a move from a heap of at least `k`, so a
//! heap alone is N exactly when `floor(h / k)` is odd and the position is P
//! exactly when an even number of heaps are: `count(h in heaps: h mod 2k in k..2k - 1) mod 2
//! == 0`. The brute force below computes the P-positions plainly and compares them with that
//! rule; the guess must state it (and `guess` keeps it only once `check` verified it).

use std::path::Path;

use crate::common::{Brute, Shape};
use crate::guess::{claim_lines, guess_json};

/// The followers of the subtraction game `set` on any number of heaps.
fn subtraction(set: Vec<u32>) -> impl Fn(&[u32]) -> Vec<Vec<u32>> {
    move |p: &[u32]| {
        let mut f = Vec::new();
        for i in 0..p.len() {
            for &s in &set {
                if s <= p[i] {
                    let mut q = p.to_vec();
                    q[i] -= s;
                    f.push(q);
                }
            }
        }
        f
    }
}

#[test]
fn an_even_number_of_heaps_n_alone_for_odd_multiples_of_k() {
    for (k, odd) in [(2u32, vec![1u32, 5]), (3, vec![1, 3]), (4, vec![1, 3])] {
        let set: Vec<u32> = odd.iter().map(|o| o * k).collect();
        let text: Vec<String> = set.iter().map(ToString::to_string).collect();
        let param = format!("S={{{}}}", text.join(","));
        // The brute force against the counting rule, up to three heaps of at most 14.
        let mut brute = Brute::new("sub", Shape::Any, subtraction(set.clone()));
        for a in 0..=14u32 {
            for b in a..=14 {
                for c in b..=14 {
                    let odd_count = [a, b, c].iter().filter(|&&h| (h / k) % 2 == 1).count();
                    assert_eq!(brute.is_p(&[a, b, c]), odd_count % 2 == 0, "{param}");
                }
            }
        }
        let r = guess_json(
            Path::new("rulesets/classic/subtraction.game"),
            &["-p", &param, "--heaps", "3", "--max", "40"],
        );
        let want = format!(
            "claim P: count(h in heaps: h mod {} in {k}..{}) mod 2 == 0",
            2 * k,
            2 * k - 1
        );
        assert!(
            claim_lines(&r).iter().any(|c| c.starts_with(&want)),
            "{param}: no `{want}`: {r:#}"
        );
    }
}
