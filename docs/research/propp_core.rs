//! Propp's cookie game (A New Take-Away Game) solved by lengths, for the research runs of
//! `docs/research/propp_cookie.rs` and checked against a plain brute force by
//! `tests/research_propp.rs` (which includes this file with `#[path]`).
//!
//! A move removes one non-empty heap and lowers every other heap by one; empty heaps vanish.
//! Positions are stored *depleted*: a position with n heaps has every heap clamped to n. This
//! is Propp's Depletion Theorem (stated as `claim same: [min(h, len(heaps)) for h in heaps]` in
//! `rulesets/propp/cookie.game`, checked by `heapgame check`), and for the Grundy value it is
//! plain: a heap of size >= n among n heaps can never reach 0 before the game ends (after j moves
//! it has size >= n - j and n - j heaps remain), so clamping it to n gives the same game tree,
//! follower for follower. Deletion (which keeps only the type) is not used.
//!
//! Strict positions (Propp, Section 4: proper, all components distinct except copies of n)
//! are closed under moves once depleted: a strict position of length n is a subset S of
//! {1, ..., n-1} (bit v-1 for the value v) plus n - |S| >= 1 copies of n, 2^(n-1) of them.
//! General positions of length n are the multisets of n values in 1..=n, ranked by the
//! combinatorial number system.

/// Grundy values of the strict positions of length `n`, given those of lengths n-1 and n-2,
/// and per position the mask of winning component values (bit v-1 for v; bit n-1 for n).
/// Calls `visit(s, g, winning)` for every subset `s` in increasing order.
pub fn strict_length(
    n: u32,
    prev1: &[u8],
    prev2: &[u8],
    mut visit: impl FnMut(u64, u8, u64),
) -> Vec<u8> {
    assert!((1..=40).contains(&n));
    let size = 1u64 << (n - 1);
    let mut out = vec![0u8; size as usize];
    for s in 0..size {
        let present = s | (1u64 << (n - 1));
        let (mut seen, mut winning) = (0u64, 0u64);
        let mut rest = present;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let g = strict_follower(n, s & !bit, prev1, prev2);
            seen |= 1 << g;
            if g == 0 {
                winning |= bit;
            }
        }
        let g = (!seen).trailing_zeros() as u8;
        out[s as usize] = g;
        visit(s, g, winning);
    }
    out
}

/// The Grundy value of the follower left when the components `t` (a subset of 1..n-1, the
/// removed component already taken out) and the copies of n are lowered by one.
fn strict_follower(n: u32, t: u64, prev1: &[u8], prev2: &[u8]) -> u8 {
    let lowered = t >> 1;
    if t & 1 == 0 {
        // n - 1 heaps remain: values t - 1 in 1..n-2, copies of n-1.
        if n == 1 {
            0
        } else {
            prev1[lowered as usize]
        }
    } else {
        // The 1 became 0 and vanished: n - 2 heaps; a value n-2 joins the copies of n-2.
        if n == 2 {
            0
        } else {
            prev2[(lowered & !(1u64 << (n - 3))) as usize]
        }
    }
}

/// The components of the strict position `s` of length `n`, ascending.
pub fn strict_components(n: u32, s: u64) -> Vec<u32> {
    let mut v: Vec<u32> = (1..n).filter(|&x| s >> (x - 1) & 1 == 1).collect();
    let copies = n as usize - v.len();
    v.extend(std::iter::repeat_n(n, copies));
    v
}

/// Whether the winning component values (mask over the present values `present`) form one
/// uninterrupted run of the present values (Propp's Winning Interval Conjecture).
pub fn is_interval(present: u64, winning: u64) -> bool {
    if winning == 0 {
        return true;
    }
    let lo = winning.trailing_zeros();
    let hi = 63 - winning.leading_zeros();
    let span = if hi == 63 {
        u64::MAX
    } else {
        (1u64 << (hi + 1)) - 1
    } & !((1u64 << lo) - 1);
    present & span == winning
}

/// The AP-position a, a+1, ..., a+n-1 depleted to length n, as a strict subset.
pub fn ap_subset(a: u32, n: u32) -> u64 {
    (a..a + n)
        .filter(|&v| v < n)
        .fold(0, |s, v| s | 1 << (v - 1))
}

/// Propp's patterns for the AP-position a .. a+n-1 (Tables 3 and 4 and the text around them),
/// as (Grundy value, winning components as an inclusive range of sizes, None when P).
/// Regime n <= 2a - 2 (first infinite regime; proved in the paper for n <= 2a - 1): P iff n is
/// even, otherwise every component wins and the value is 1. Regime n >= 2a - 2, (a, n) != (1, 1):
/// with L = a + n - 1, L = 0 (mod 3) is P, L = 1 wins with a ..= 2(L-1)/3, L = 2 wins with
/// 2(L+1)/3 ..= L; the Grundy value is 3, 0, 1, 2, 0, 1 for a + n = 0, 1, ..., 5 (mod 6).
pub fn ap_prediction(a: u32, n: u32) -> (u8, Option<(u32, u32)>) {
    let l = a + n - 1;
    if (a, n) == (1, 1) {
        return (1, Some((1, 1)));
    }
    if n + 2 <= 2 * a {
        return if n.is_multiple_of(2) {
            (0, None)
        } else {
            (1, Some((a, l)))
        };
    }
    let g = [3, 0, 1, 2, 0, 1][((a + n) % 6) as usize];
    let wins = match l % 3 {
        0 => None,
        1 => Some((a, 2 * (l - 1) / 3)),
        _ => Some((2 * (l + 1) / 3, l)),
    };
    (g, wins)
}

/// The winning components of the AP-position a .. a+n-1 as sizes, from the winning mask of its
/// depleted form (every size >= n is the component n).
pub fn ap_winning(a: u32, n: u32, winning: u64) -> Vec<u32> {
    (a..a + n)
        .filter(|&v| winning >> (v.min(n) - 1) & 1 == 1)
        .collect()
}

/// Binomial coefficients C(i, j) for i, j < 2 * max.
pub fn binomials(max: usize) -> Vec<Vec<u64>> {
    let size = 2 * max + 2;
    let mut c = vec![vec![0u64; size]; size];
    for i in 0..size {
        c[i][0] = 1;
        for j in 1..=i {
            c[i][j] = c[i - 1][j - 1]
                .checked_add(c[i - 1][j])
                .expect("binomial overflow");
        }
    }
    c
}

/// The rank of a nondecreasing list of values in 1..=m (m = its length) among all such lists:
/// c_i = a_i + i (0-based i) is a strictly increasing list in 0..2m-1, ranked colexicographically.
pub fn multiset_rank(a: &[u32], c: &[Vec<u64>]) -> u64 {
    a.iter()
        .enumerate()
        .map(|(i, &v)| c[v as usize - 1 + i][i + 1])
        .sum()
}

/// Grundy values of all general positions of length `m` (indexed by `multiset_rank`), given the
/// tables of every shorter length. Calls `visit(position, g)` for each, in rank order.
pub fn general_length(
    m: usize,
    shorter: &[Vec<u8>],
    c: &[Vec<u64>],
    mut visit: impl FnMut(&[u32], u8),
) -> Vec<u8> {
    let count = c[2 * m - 1][m] as usize;
    let mut out = vec![0u8; count];
    // Colex order of c_i = a_i + i: the first list is 1, 1, ..., 1.
    let mut a = vec![1u32; m];
    let mut follower = Vec::with_capacity(m);
    for (rank, slot) in out.iter_mut().enumerate() {
        debug_assert_eq!(multiset_rank(&a, c) as usize, rank);
        let mut seen = 0u64;
        let mut i = 0;
        while i < m {
            // Remove one heap of size a[i] (equal heaps give the same follower).
            follower.clear();
            for (j, &v) in a.iter().enumerate() {
                if j != i && v > 1 {
                    follower.push(v - 1);
                }
            }
            let len = follower.len();
            for v in &mut follower {
                *v = (*v).min(len as u32);
            }
            let g = if len == 0 {
                0
            } else {
                shorter[len][multiset_rank(&follower, c) as usize]
            };
            seen |= 1 << g;
            let v = a[i];
            while i < m && a[i] == v {
                i += 1;
            }
        }
        let g = (!seen).trailing_zeros() as u8;
        *slot = g;
        visit(&a, g);
        if rank + 1 < count {
            next_colex(&mut a, m as u32);
        }
    }
    out
}

/// The next nondecreasing list in colex order of c_i = a_i + i (values 1..=max).
fn next_colex(a: &mut [u32], max: u32) {
    // Find the first i whose a_i can grow while staying <= a_{i+1} (or <= max for the last).
    let m = a.len();
    for i in 0..m {
        let limit = if i + 1 < m { a[i + 1] } else { max };
        if a[i] < limit {
            a[i] += 1;
            for x in a.iter_mut().take(i) {
                *x = 1;
            }
            return;
        }
    }
    unreachable!("next_colex past the last list");
}
