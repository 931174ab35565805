//! The rare pairs of a block of [`B`] heaps at once (the rare/common engine, `rare.rs`, while
//! every value is below [`MAX_ROW`]). A heap `m` pairs each rare heap `r` with
//! `m - r`; for the heaps `n0 .. n0 + B` of a block and a rare heap `r >= B`, the partners
//! `g(n0 - j - r .. n0 - j - r + B)` are one run of consecutive bytes, all known when the
//! block starts. Read once a block (not once a heap: the partners of ~1,300 rare heaps span
//! the last 83 KB of Grundy's game, out of the first-level cache), they mark the options of
//! the block's heaps in rows of marks (a byte a value), one row a heap; each heap then starts from its
//! row and pairs only the rare heaps the block leaves out ([`Cover`]): those below `B`, those
//! too close to the heap for the partner to be known at the block's start, and (when the
//! parts must differ) those near half the heap, where the pair of equal parts is left out.
//!
//! A block is dropped and built again when a group lists its rare heaps again (a new mask):
//! heaps found rare inside the block are above it and so paired heap by heap.

use std::ops::Range;

use super::classes::Classes;
use super::rules::{Clause, Leave};
use super::values::Val;

/// Heaps a block.
pub const B: usize = 64;
/// The most marks a heap: a row holds every pair of values below its width (the power of
/// two above every value, 256 at least); the candidate past it is not marked by a pair.
pub(crate) const MAX_ROW: usize = 2048;

/// The rare heaps a block pairs for one split clause and amount `j`: `lo ..= hi`, except
/// `skip` (the rare heaps near half the heaps of the block, when the parts must differ).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cover {
    lo: usize,
    hi: usize,
    skip: Option<(usize, usize)>,
}

impl Cover {
    /// What a block starting at `n0` pairs for amount `j`, parts of at least `min`.
    pub fn of(n0: usize, j: usize, min: usize, distinct: bool) -> Option<Cover> {
        // The partner `n0 + k - j - r` is below `n0` for every `k < B` when `r >= B`, and at
        // least `min` when `r <= n0 - j - min`.
        let hi = n0.checked_sub(j + min)?;
        let lo = B.max(min);
        // r = m / 2 for some m = n0 + k - j: n0 - j <= 2 r <= n0 - j + B - 1.
        let skip = distinct.then(|| ((n0 - j).div_ceil(2), (n0 - j + B - 1) / 2));
        (lo <= hi).then_some(Cover { lo, hi, skip })
    }

    /// The indices in `rare` (sorted) of the rare heaps covered, as up to two ranges.
    pub fn inside(&self, rare: &[u32]) -> [Range<usize>; 2] {
        let at = |x: usize| rare.partition_point(|&r| (r as usize) < x);
        let (a, b) = (at(self.lo), at(self.hi + 1));
        match self.skip {
            Some((s, t)) => {
                let (c, d) = (at(s).clamp(a, b), at(t + 1).clamp(a, b));
                [a..c, d..b]
            }
            None => [a..b, b..b],
        }
    }

    /// The indices of `lo..hi` (a range of indices in `rare`) a heap pairs itself: all of
    /// them but those the block covers (`inside`, as [`Cover::inside`] gives them), as up to
    /// three ranges.
    pub fn outside(inside: Option<&[Range<usize>; 2]>, lo: usize, hi: usize) -> [Range<usize>; 3] {
        let Some([x, y]) = inside else {
            return [lo..hi, hi..hi, hi..hi];
        };
        // `x` then `y`, both sorted; the covered indices are `x` and `y`.
        let cut = |r: &Range<usize>| r.start.clamp(lo, hi)..r.end.clamp(lo, hi);
        let (x, y) = (cut(x), cut(y));
        [
            lo..x.start.max(lo),
            x.end..y.start.max(x.end),
            y.end.max(x.end)..hi,
        ]
    }
}

/// The marks of a block's heaps.
#[derive(Clone, Debug, Default)]
pub struct Block {
    /// The first heap.
    pub start: usize,
    /// The groups' listings when it was built.
    pub generation: u64,
    /// One row of marks a heap, `width` bytes each.
    pub rows: Vec<u8>,
    /// The marks a row: a power of two above every value.
    pub width: usize,
    /// The rare pairs each heap had from its row.
    pub pairs: u64,
    /// Whether the rows are those of `start`.
    pub built: bool,
    /// By clause and by index in its amounts, the indices of the rare heaps the block covers
    /// (found once a block, not once a heap).
    inside: Vec<Vec<Option<[Range<usize>; 2]>>>,
}

impl Block {
    /// The marks of heap `n0 + k`.
    #[inline]
    pub fn row(&self, k: usize) -> &[u8] {
        &self.rows[k * self.width..(k + 1) * self.width]
    }

    /// The indices of the rare heaps the block covers for clause `c`'s `k`-th amount.
    #[inline]
    pub fn inside(&self, c: usize, k: usize) -> Option<&[Range<usize>; 2]> {
        self.inside.get(c)?.get(k)?.as_ref()
    }

    /// Marks the rare pairs of heaps `n0 .. n0 + B` the block covers (`seq` holds the
    /// values of heaps `0..n0`, each below `width`, a power of two).
    pub fn build<T: Val>(
        &mut self,
        seq: &[T],
        (n0, width): (usize, usize),
        (clauses, takes, group_of): (&[Clause], &[Vec<u32>], &[Option<usize>]),
        groups: &[Classes],
    ) {
        self.width = width;
        self.rows.clear();
        self.rows.resize(B * width, 0);
        let mut pairs = 0;
        self.inside.clear();
        for ((c, takes), g) in clauses.iter().zip(takes).zip(group_of) {
            let mut inside = Vec::new();
            if let (Leave::Two { min_part, distinct }, Some(g)) = (c.leave, g) {
                let g = &groups[*g];
                for &j in takes.iter().take_while(|&&j| j as usize <= n0) {
                    let cover = Cover::of(n0, j as usize, min_part as usize, distinct);
                    let ranges = cover.map(|c| c.inside(&g.rare));
                    for range in ranges.iter().flatten() {
                        pairs += range.len() as u64;
                        for (&r, &gr) in g.rare[range.clone()].iter().zip(&g.rare_g[range.clone()])
                        {
                            let t = n0 - j as usize - r as usize;
                            mark_run(&mut self.rows, width, &seq[t..t + B], gr);
                        }
                    }
                    inside.push(ranges);
                }
            }
            self.inside.push(inside);
        }
        self.start = n0;
        self.pairs = pairs;
        self.built = true;
    }
}

/// Marks `gr ^ run[k]` in row `k` (every value below `width`, a power of two up to
/// [`MAX_ROW`]), the width a constant of the loop.
#[inline]
fn mark_run<T: Val>(rows: &mut [u8], width: usize, run: &[T], gr: u32) {
    match width {
        256 => mark_rows::<T, 256>(rows, run, gr),
        512 => mark_rows::<T, 512>(rows, run, gr),
        1024 => mark_rows::<T, 1024>(rows, run, gr),
        _ => mark_rows::<T, MAX_ROW>(rows, run, gr),
    }
}

#[inline]
fn mark_rows<T: Val, const W: usize>(rows: &mut [u8], run: &[T], gr: u32) {
    for (row, &x) in rows.chunks_exact_mut(W).zip(run) {
        row[(gr ^ x.into()) as usize & (W - 1)] = 1;
    }
}
