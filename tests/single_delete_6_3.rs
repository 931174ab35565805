//! Abuku, Sakai, Shinoda and Suetsugu, *Some extensions of Delete Nim*, Theorem 6.3
//! (Single-delete Nim, n = 4) is false as printed. Two independent computations, written here
//! from the paper's definitions:
//!
//! - a brute force: Single-delete Nim on four heaps >= 1 (delete one heap and split one of the
//!   other three into two non-empty heaps), P/N by plain induction on the total over sorted
//!   4-tuples;
//! - the theorem's conditions (1)-(5) as printed, with I_k(z) the k-th binary digit from the
//!   bottom and the heaps ordered by their 2-adic valuations.
//!
//! Over every position of total <= 81 they disagree exactly at (8, 12, 14, 47), (8, 12, 15, 46),
//! (8, 14, 15, 44) and (12, 14, 15, 40): P-positions where the theorem says N. heapgame, from
//! the bundled `rulesets/abuku/single-delete.game`, agrees with the brute force there, and the
//! file's claim (the theorem written out) says N, as the theorem does.

use crate::common;

use common::{load, must};
use heapgame::solver::Outcome;
use heapgame::verify::claim::{eval_claim, ClaimValue, Known};

/// The largest total searched.
const TOTAL: usize = 81;

/// The four counterexamples of least total, as documented in docs/papers.md.
const COUNTEREXAMPLES: [[u32; 4]; 4] = [
    [8, 12, 14, 47],
    [8, 12, 15, 46],
    [8, 14, 15, 44],
    [12, 14, 15, 40],
];

/// P/N of every sorted 4-tuple of heaps >= 1 with total <= TOTAL, indexed by [`index`].
struct Brute {
    p: Vec<bool>,
}

fn index(s: &[u32; 4]) -> usize {
    let n = TOTAL + 1;
    ((s[0] as usize * n + s[1] as usize) * n + s[2] as usize) * n + s[3] as usize
}

/// Every sorted 4-tuple of heaps >= 1 with the given total.
fn with_total(t: u32) -> Vec<[u32; 4]> {
    let mut out = Vec::new();
    for a in 1..=t {
        for b in a..=t {
            for c in b..=t {
                if a + b + c >= t {
                    break;
                }
                let d = t - a - b - c;
                if d >= c {
                    out.push([a, b, c, d]);
                }
            }
        }
    }
    out
}

impl Brute {
    fn new() -> Brute {
        let n = TOTAL + 1;
        let mut b = Brute {
            p: vec![false; n * n * n * n],
        };
        for t in 4..=TOTAL as u32 {
            for s in with_total(t) {
                let p = !b.any_p_follower(&s);
                b.p[index(&s)] = p;
            }
        }
        b
    }

    /// Whether some move from `s` reaches a P-position: delete heap i, split heap j != i into
    /// q and s[j] - q (both >= 1).
    fn any_p_follower(&self, s: &[u32; 4]) -> bool {
        for i in 0..4 {
            for j in 0..4 {
                if i == j {
                    continue;
                }
                for q in 1..s[j] {
                    let mut f = Vec::with_capacity(4);
                    for (k, &h) in s.iter().enumerate() {
                        if k != i && k != j {
                            f.push(h);
                        }
                    }
                    f.push(q);
                    f.push(s[j] - q);
                    f.sort_unstable();
                    if self.p[index(&[f[0], f[1], f[2], f[3]])] {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn is_p(&self, s: &[u32; 4]) -> bool {
        self.p[index(s)]
    }
}

/// The 2-adic valuation of z >= 1.
fn v2(z: u32) -> u32 {
    z.trailing_zeros()
}

/// I_k(z): the k-th binary digit of z from the bottom (k >= 1).
fn digit(k: u32, z: u32) -> u32 {
    if k > 32 {
        0
    } else {
        (z >> (k - 1)) & 1
    }
}

/// Theorem 6.3 as printed: whether <w, x, y, z> is P, the heaps ordered so that
/// a = v2(w) <= b = v2(x) <= c = v2(y) <= d = v2(z).
fn theorem(s: &[u32; 4]) -> bool {
    let mut h = *s;
    h.sort_by_key(|&z| v2(z));
    let [w, x, y, z] = h;
    let (a, b, c, d) = (v2(w), v2(x), v2(y), v2(z));
    let i = |k: u32, v: u32| digit(k, v);
    let c1 = a == b && b == c && c == d;
    let c2 = a < b && b == c && c == d && i(d + 1, w) == 0;
    let c3 = a < b
        && b < c
        && c == d
        && i(d + 1, w) == 0
        && i(d + 1, x) == 0
        && (b + 2..=d).all(|k| i(k, w) + i(k, x) >= 1)
        && i(b + 1, w) == 1;
    let strict = a < b && b < c && c < d;
    let c4 = strict
        && i(d + 1, w) == 0
        && i(d + 1, x) == 0
        && i(d + 1, y) == 0
        && (c + 2..=d).all(|j| i(j, w) + i(j, x) + i(j, y) >= 2)
        && i(c + 1, w) == 1
        && i(c + 1, x) == 1
        && (b + 2..=c).all(|k| i(k, w) + i(k, x) >= 1)
        && i(b + 1, w) == 1;
    let c5 = strict
        && (d + 2..=33).all(|k| [0, 3, 4].contains(&(i(k, w) + i(k, x) + i(k, y) + i(k, z))))
        && i(d + 1, w) == 1
        && i(d + 1, x) == 1
        && i(d + 1, y) == 1
        && (c + 2..=d).all(|j| i(j, w) + i(j, x) + i(j, y) >= 2)
        && i(c + 1, w) == 1
        && i(c + 1, x) == 1
        && (b + 2..=c).all(|k| i(k, w) + i(k, x) >= 1)
        && i(b + 1, w) == 1;
    c1 || c2 || c3 || c4 || c5
}

#[test]
fn theorem_6_3_fails_first_at_total_81() {
    let brute = Brute::new();
    let mut wrong = Vec::new();
    let mut agree = 0u64;
    for t in 4..=TOTAL as u32 {
        for s in with_total(t) {
            if brute.is_p(&s) == theorem(&s) {
                agree += 1;
            } else {
                wrong.push((s, brute.is_p(&s)));
            }
        }
    }
    let expected: Vec<([u32; 4], bool)> = COUNTEREXAMPLES.iter().map(|&s| (s, true)).collect();
    assert_eq!(
        wrong, expected,
        "the positions (total <= {TOTAL}) where Theorem 6.3 and the brute force disagree"
    );
    // The theorem is not vacuous here: it is right about many P-positions of every case.
    assert!(agree > 70_000, "only {agree} positions compared");
}

#[test]
fn heapgame_finds_the_counterexamples_p_and_the_claim_says_n() {
    let game = load("rulesets/abuku/single-delete.game", &[]);
    let mut solver = game.solver();
    for s in COUNTEREXAMPLES {
        let o = must(solver.outcome(&s), || format!("the outcome of {s:?}"));
        assert_eq!(o, Outcome::P, "heapgame's outcome of {s:?}");
        let v = must(
            eval_claim(&game, 0, &s, &Known::default(), None).map_err(|e| format!("{e:?}")),
            || format!("the claim at {s:?}"),
        );
        assert_eq!(
            v,
            Some(ClaimValue::IsP(false)),
            "the file's Theorem 6.3 claim at {s:?}"
        );
    }
}
