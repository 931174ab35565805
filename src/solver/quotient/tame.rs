//! Tame or wild: a game is tame when its heaps add, in misère play, exactly as misère Nim
//! heaps do (Conway). Each heap is matched with the misère Nim position its values call for
//! (normal-play value `g >= 2`: `*g`; `g` of 0 or 1: `0` or `*1` when its misère outcome is
//! theirs, else `*2+*2` or `*2+*3`), and the match is proven over every sum by the same check
//! as a quotient ([`super::verify`]): then every sum has the outcome of the misère Nim sum it
//! matches, and the game's quotient is that of misère Nim restricted to those positions.

use super::{compute, verify, Computed, Quotient, QuotientError};
use crate::solver::Budget;

/// The normal-play Grundy value of each heap, from its options (sums of smaller heaps).
pub(crate) fn normal_values(options: &[Vec<Vec<u32>>]) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(options.len());
    for opts in options {
        let mut seen: Vec<bool> = vec![false; opts.len() + 1];
        for o in opts {
            let x = o.iter().fold(0u32, |x, &h| x ^ g[h as usize]) as usize;
            if x < seen.len() {
                seen[x] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

/// The options of misère Nim heaps `0..=max`.
pub(crate) fn nim_options(max: u32) -> Vec<Vec<Vec<u32>>> {
    (0..=max)
        .map(|n| {
            (0..n)
                .map(|m| if m == 0 { vec![] } else { vec![m] })
                .collect()
        })
        .collect()
}

/// Whether the game of `c` is tame over its heaps.
pub fn is_tame(c: &Computed, budget: &Budget) -> Result<bool, QuotientError> {
    let g = normal_values(&c.options);
    let top = g.iter().copied().max().unwrap_or(0).max(3);
    // Nim heaps up to 2^k - 1 > every value: their sums hold every `*g` and `*2+*3`.
    let nim_max = top
        .checked_add(1)
        .and_then(u32::checked_next_power_of_two)
        .map_or(top, |p| p - 1);
    let nim = compute(&nim_options(nim_max), budget)?.quotient;
    let star = |v: u32| nim.images[v as usize];
    let q = &c.quotient;
    let images: Vec<u32> = (0..c.options.len())
        .map(|n| {
            if n == 0 {
                return 0;
            }
            let p = q.is_p(&[n as u32]).unwrap_or(false);
            match (g[n], p) {
                (0, false) => 0,
                (0, true) => nim.times(star(2), star(2)),
                (1, true) => star(1),
                (1, false) => nim.times(star(2), star(3)),
                (v, _) => star(v),
            }
        })
        .collect();
    let matched = Quotient {
        images,
        ..nim.clone()
    };
    verify(&matched, &c.options, budget)
}
