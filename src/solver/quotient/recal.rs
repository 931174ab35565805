//! Recalibration of a candidate quotient that failed the proof (after the idea of Plambeck and
//! Siegel's MisereSolver). The least-birthday sum `w` whose pair (element, options' elements)
//! breaks the misère rule names the heaps to follow more closely: the candidate is rebuilt as
//! the submonoid its other heaps generate times a free cyclic monoid (index, period 2) for each
//! heap of a chosen set `S` of the heaps in `w`, the P-portion is marked element by element
//! from each element's least-birthday sum (whose options are born earlier, so already marked),
//! and the monoid is reduced. A rebuild that answers `w` rightly becomes the next candidate;
//! [`super::verify`] decides whether it is the quotient. Nothing here is assumed: a candidate
//! is only ever kept after the proof.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::reduce::{build, refine};
use super::{Quotient, QuotientError};
use crate::solver::Budget;

/// The most elements a rebuilt monoid may have before it is given up.
const MAX_ELEMENTS: usize = 1 << 20;

/// A finite commutative monoid given by the action of each heap `1..=n` (element 0 the
/// identity): `act[e * n + h - 1]` is `e` plus heap `h`.
struct Actions {
    size: usize,
    n: usize,
    act: Vec<u32>,
}

impl Actions {
    fn step(&self, e: u32, h: u32) -> u32 {
        self.act[e as usize * self.n + h as usize - 1]
    }

    fn of_word(&self, from: u32, word: &[u32]) -> u32 {
        word.iter().fold(from, |x, &h| self.step(x, h))
    }
}

/// The index and period of the powers of `x` in `q`.
fn powers(q: &Quotient, x: u32) -> (u32, u32) {
    let mut seen: FxHashMap<u32, u32> = FxHashMap::default();
    let mut y = 0u32;
    let mut k = 0u32;
    loop {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = q.times(y, x);
        k += 1;
    }
}

/// `base` with the heaps of `free` (sorted, each with its cyclic index and period) taken out
/// of it and followed as free cyclic components: the elements reachable from the identity.
fn product(
    base: &Quotient,
    free: &[(u32, u32, u32)],
    budget: &Budget,
) -> Result<Option<Actions>, QuotientError> {
    let n = base.images.len() - 1;
    let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
    let mut tuples: Vec<Vec<u32>> = vec![vec![0; free.len() + 1]];
    ids.insert(tuples[0].clone(), 0);
    let mut act: Vec<u32> = Vec::new();
    let mut i = 0;
    while i < tuples.len() {
        budget.interrupted().map_err(QuotientError::Stopped)?;
        for h in 1..=n as u32 {
            let mut t = tuples[i].clone();
            match free.iter().position(|f| f.0 == h) {
                Some(j) => {
                    let (_, index, period) = free[j];
                    let e = t[j + 1] + 1;
                    t[j + 1] = if e < index + period { e } else { index };
                }
                None => t[0] = base.times(t[0], base.images[h as usize]),
            }
            let next = ids.len() as u32;
            let id = *ids.entry(t.clone()).or_insert(next);
            if id == next {
                if tuples.len() >= MAX_ELEMENTS {
                    return Ok(None);
                }
                tuples.push(t);
            }
            act.push(id);
        }
        i += 1;
    }
    Ok(Some(Actions {
        size: tuples.len(),
        n,
        act,
    }))
}

/// Each element's P-ness, from its least-birthday sum: P iff that sum has a move and none of
/// its options' elements is P.
fn mark(
    m: &Actions,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    budget: &Budget,
) -> Result<Vec<bool>, QuotientError> {
    let mut best = vec![u64::MAX; m.size];
    let mut parent = vec![(0u32, 0u32); m.size];
    let mut done = vec![false; m.size];
    let mut p = vec![false; m.size];
    best[0] = 0;
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0u32)));
    while let Some(Reverse((b, e))) = queue.pop() {
        if done[e as usize] {
            continue;
        }
        budget.interrupted().map_err(QuotientError::Stopped)?;
        let mut word = Vec::new();
        let mut x = e;
        while x != 0 {
            let (from, h) = parent[x as usize];
            word.push(h);
            x = from;
        }
        word.sort_unstable();
        let mut has_move = false;
        let mut to_p = false;
        let mut last = 0;
        for (i, &h) in word.iter().enumerate() {
            if h == last || options[h as usize].is_empty() {
                continue;
            }
            last = h;
            let mut rest = word.clone();
            rest.remove(i);
            let r = m.of_word(0, &rest);
            for o in &options[h as usize] {
                has_move = true;
                let t = m.of_word(r, o) as usize;
                debug_assert!(done[t], "an option is born earlier");
                to_p |= p[t];
            }
        }
        p[e as usize] = has_move && !to_p;
        done[e as usize] = true;
        for h in 1..=m.n as u32 {
            let t = m.step(e, h) as usize;
            let nb = b.saturating_add(birth[h as usize]);
            if nb < best[t] {
                best[t] = nb;
                parent[t] = (e, h);
                queue.push(Reverse((nb, t as u32)));
            }
        }
    }
    Ok(p)
}

/// A candidate that answers `w` (a sum of heaps `1..=n`) as `truth`, rebuilt from `base` by
/// following some heaps of `w` freely (fewest heaps first), or `None`.
pub(crate) fn recalibrate(
    base: &Quotient,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    w: &[u32],
    truth: bool,
    budget: &Budget,
) -> Result<Option<Quotient>, QuotientError> {
    let mut heaps: Vec<u32> = w.to_vec();
    heaps.dedup();
    // Subsets of at most 2^10 choices, smallest first.
    let k = heaps.len().min(10);
    let mut subsets: Vec<u32> = (1u32..(1 << k)).collect();
    subsets.sort_by_key(|s| (s.count_ones(), *s));
    for set in subsets {
        let mut free = Vec::new();
        for (j, &h) in heaps.iter().enumerate().take(k) {
            if set & (1 << j) != 0 {
                let (index, period) = powers(base, base.images[h as usize]);
                let exp = w.iter().filter(|&&x| x == h).count() as u32;
                let period = if period % 2 == 0 { period } else { 2 * period };
                free.push((h, index.max(exp), period.max(2)));
            }
        }
        let Some(m) = product(base, &free, budget)? else {
            continue;
        };
        let p = mark(&m, options, birth, budget)?;
        let class = refine(&p, &m.act, m.n, m.n, budget)?;
        let q = build(&class, &p, &m.act, m.n, 0, m.n, budget)?;
        if q.is_p(w) == Some(truth) {
            return Ok(Some(q));
        }
    }
    Ok(None)
}
