//! Ranks of the compiled-moves kernel's followers in a sorted box: ranks of sorted tuples as a
//! sum of one term per index ([`Ranks`], in colex order, the box's, or in lex order, the
//! fill's), a follower's rank from its sorted tuple, and a [`Walk`] that follows a run of amounts taken from the same heaps, updating
//! the sorted tuple and its rank as the amount grows instead of ranking each follower anew.

use super::super::table::BoxSpec;

/// Ranks of sorted tuples as a sum of one term per index: `tab[i * side + v]` is the term of
/// the value `v` above the box's base at index `i` of the padded tuple. Two orders: colex (the
/// box's rank order, the first heap fastest: the term is `C(v + i, i + 1)`) and lex (the last,
/// largest heap fastest), in which the fill runs, so that the followers that lower the largest
/// heap, the most in a box, lie next to the position in memory (see [`lex_terms`]).
pub(super) struct Ranks {
    tab: Vec<usize>,
    /// `diff[i * side + v] = tab[i * side + v] - tab[i * side + v - 1]` (0 at `v = 0`): what
    /// a rank loses when the size at index `i` drops from `v` to `v - 1`.
    diff: Vec<usize>,
    side: usize,
}

impl Ranks {
    /// The colex terms.
    pub(super) fn colex(spec: &BoxSpec, base: u32) -> Ranks {
        let side = side_of(spec, base);
        let k = spec.heaps;
        let mut tab = vec![0usize; k * side];
        // C(v + i, i + 1) <= the box's length for every cell a position reads (the box fits).
        for i in 0..k {
            for v in 0..side {
                let mut c: u128 = 1;
                for j in 0..=i as u128 {
                    c = c * (v as u128 + i as u128 - j) / (j + 1);
                }
                tab[i * side + v] = usize::try_from(c).unwrap_or(usize::MAX);
            }
        }
        Ranks::new(tab, side)
    }

    /// The ranks of the terms `tab`, `side` sizes an index (terms non-decreasing in the size).
    pub(super) fn new(tab: Vec<usize>, side: usize) -> Ranks {
        let diff = (0..tab.len())
            .map(|c| {
                if c % side == 0 {
                    0
                } else {
                    tab[c].saturating_sub(tab[c - 1])
                }
            })
            .collect();
        Ranks { tab, diff, side }
    }

    /// The lex terms.
    pub(super) fn lex(spec: &BoxSpec, base: u32) -> Ranks {
        let side = side_of(spec, base);
        Ranks::new(lex_terms(spec.heaps, side), side)
    }

    /// The terms of index `i`, by size above the base.
    pub(super) fn row(&self, i: usize) -> &[usize] {
        &self.tab[i * self.side..(i + 1) * self.side]
    }

    /// The term of the size `v` (above the base) at index `i`.
    #[inline(always)]
    pub(super) fn at(&self, i: usize, v: u32) -> usize {
        self.tab[i * self.side + v as usize]
    }

    /// The rank of the padded tuple `t` (sizes above the base).
    #[inline(always)]
    pub(super) fn of(&self, t: &[u32], base: u32) -> usize {
        t.iter()
            .enumerate()
            .map(|(i, &v)| self.at(i, v - base))
            .sum()
    }

    /// Shows `g` the ranks of the followers of the sorted tuple `t` of rank `r` that lower
    /// the heap at index `j` by `first`, `first + 1`, .. up to `last` (at most `t[j] - base`);
    /// stops, answering true, when `g` does. The first follower's rank is `r` with the heap's
    /// term moved to its new index `p` and the terms of the heaps `p..j` moved one index
    /// right; each next one lowers, as a multiset, the leftmost heap of the lowered heap's
    /// size, so that one term of the rank drops by one [`Ranks::diff`] read. Heaps left of
    /// that index are those of `t`: the loop reads nothing else.
    #[inline(always)]
    pub(super) fn run_one(
        &self,
        (t, r, j): (&[u32], usize, usize),
        (first, last): (u32, u32),
        base: u32,
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let mut v = t[j] - first;
        // The lowered heap's index: after every heap of `t[..j]` at most its size.
        let mut p = t[..j].iter().take_while(|&&h| h <= v).count();
        // Every term subtracted is one of those summed in the rank so far.
        let mut rank = r - self.at(j, t[j] - base) + self.at(p, v - base);
        for (i, &h) in (p..j).zip(&t[p..j]) {
            rank = rank - self.at(i, h - base) + self.at(i + 1, h - base);
        }
        if g(rank) {
            return true;
        }
        let mut left = last - first;
        while left > 0 {
            while p > 0 && t[p - 1] == v {
                p -= 1;
            }
            let floor = if p > 0 { t[p - 1] } else { base };
            let n = left.min(v - floor);
            // Sizes v, v - 1, .., v - n + 1 drop by one each, at index p.
            let row = &self.diff[p * self.side..(p + 1) * self.side];
            let top = (v - base) as usize;
            for &d in row[top + 1 - n as usize..=top].iter().rev() {
                rank -= d;
                if g(rank) {
                    return true;
                }
            }
            v -= n;
            left -= n;
        }
        false
    }

    /// [`Ranks::run_one`] for the amounts `first, first + step, ..` up to `last` (at most
    /// `t[j] - base`): the lowered heap's new index moves left as the amount grows, and the
    /// terms of the heaps it passes, each moved one index right, are kept as one sum, so
    /// that each follower's rank costs a table read or two. Wrapping sums: the terms moved
    /// may decrease, but every rank shown is a true rank.
    #[inline(always)]
    pub(super) fn run_stepped(
        &self,
        (t, r, j): (&[u32], usize, usize),
        (first, last, step): (u64, u64, u64),
        base: u32,
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let rest = r.wrapping_sub(self.at(j, t[j] - base));
        let mut p = j;
        let mut moved = 0usize;
        let mut s = first;
        loop {
            // s <= last <= t[j] - base.
            let v = t[j] - s as u32;
            while p > 0 && t[p - 1] > v {
                p -= 1;
                let h = t[p] - base;
                moved = moved
                    .wrapping_add(self.at(p + 1, h))
                    .wrapping_sub(self.at(p, h));
            }
            if g(rest.wrapping_add(moved).wrapping_add(self.at(p, v - base))) {
                return true;
            }
            if last - s < step {
                return false;
            }
            s += step;
        }
    }

    /// The rank of `t` with the heaps at `start + combo` lowered by `take`, sorted in `y`.
    pub(super) fn lowered(
        &self,
        t: &[u32],
        start: usize,
        combo: &[usize],
        take: &[u32],
        base: u32,
        y: &mut [u32],
    ) -> usize {
        y.copy_from_slice(t);
        // Heaps are lowered from the left: one moving left never moves a heap to its right.
        for (&j, &s) in combo.iter().zip(take) {
            let mut p = start + j;
            y[p] -= s;
            while p > 0 && y[p - 1] > y[p] {
                y.swap(p - 1, p);
                p -= 1;
            }
        }
        self.of(y, base)
    }
}

/// The terms of the lex rank of sorted `k`-tuples over `0..side`: with `F_i(v)` the number of
/// sorted tuples that share a prefix `t_0..t_(i-1)` and have `t_i < v` given `t_(i-1) = 0`
/// (`F_i(v) = sum over u < v of C(side - 1 - u + m, m)`, `m = k - 1 - i` coordinates after
/// `i`), the rank `sum_i F_i(t_i) - F_i(t_(i-1))` regroups as `sum_i F_i(t_i) - F_(i+1)(t_i)`
/// (`F_k = 0`): one term per index, as colex ranks are.
pub(super) fn lex_terms(k: usize, side: usize) -> Vec<usize> {
    // f[i][v] = F_i(v), in u128 (every term of a box that fits is at most its length).
    let binom = |n: u128, m: u128| (0..m).fold(1u128, |c, j| c * (n - j) / (j + 1));
    let mut f = vec![vec![0u128; side]; k + 1];
    for (i, fi) in f.iter_mut().enumerate().take(k) {
        let m = (k - 1 - i) as u128;
        for v in 1..side {
            fi[v] = fi[v - 1] + binom((side - v) as u128 + m, m);
        }
    }
    let mut tab = vec![0usize; k * side];
    for i in 0..k {
        for v in 0..side {
            let t = f[i][v] - f[i + 1][v];
            tab[i * side + v] = usize::try_from(t).unwrap_or(usize::MAX);
        }
    }
    tab
}

/// The sizes a heap of the box takes: none when every heap must exceed the box (`each >= 1`
/// with `--max 0`).
pub(super) fn side_of(spec: &BoxSpec, base: u32) -> usize {
    (spec.max as usize + 1).saturating_sub(base as usize)
}

/// A run of followers of a sorted tuple, the same amount taken from several of its heaps and
/// growing: the lowered tuple `y`, sorted, where `ix[m]` is the index of the `m`-th heap taken
/// from, and the tuple's rank.
#[derive(Default)]
pub(super) struct Walk {
    y: Vec<u32>,
    ix: Vec<usize>,
    rank: usize,
}

impl Walk {
    /// Starts at the tuple `t` with the heaps at `start + combo` lowered by `first`.
    pub(super) fn start(
        &mut self,
        ranks: &Ranks,
        base: u32,
        (t, start): (&[u32], usize),
        combo: &[usize],
        first: u32,
    ) {
        self.reset(t, start, combo);
        for m in 0..self.ix.len() {
            self.lower_by(m, first);
        }
        self.rank = ranks.of(&self.y, base);
    }

    /// [`Walk::start`] from the position itself: `t` (of rank `r`) with every heap taken from
    /// lowered by one token `first` times ([`Walk::advance`]), one difference read a heap and
    /// a token, no tuple ranked anew; for a small `first` (the least amount of a run, most
    /// often 1).
    pub(super) fn start_from(
        &mut self,
        ranks: &Ranks,
        base: u32,
        (t, start, r): (&[u32], usize, usize),
        combo: &[usize],
        first: u32,
    ) {
        self.reset(t, start, combo);
        self.rank = r;
        for _ in 0..first {
            self.advance(ranks, base, 1);
        }
    }

    /// The tuple `t` itself, the heaps at `start + combo` to be taken from.
    fn reset(&mut self, t: &[u32], start: usize, combo: &[usize]) {
        self.y.clear();
        self.y.extend_from_slice(t);
        self.ix.clear();
        self.ix.extend(combo.iter().map(|&j| start + j));
    }

    /// The rank of the current follower.
    #[inline(always)]
    pub(super) fn rank(&self) -> usize {
        self.rank
    }

    /// Every heap taken from lowered by `d` more.
    #[inline(always)]
    pub(super) fn advance(&mut self, ranks: &Ranks, base: u32, d: u32) {
        if d == 1 {
            for m in 0..self.ix.len() {
                self.lower_one(ranks, base, m);
            }
        } else {
            for m in 0..self.ix.len() {
                self.lower_by(m, d);
            }
            self.rank = ranks.of(&self.y, base);
        }
    }

    /// The `m`-th heap taken from lowered by `d` (at most its size above the base), moved left
    /// past the larger heaps, which move one index right; the rank is not updated.
    fn lower_by(&mut self, m: usize, d: u32) {
        let p = self.ix[m];
        let nv = self.y[p] - d;
        let mut q = p;
        while q > 0 && self.y[q - 1] > nv {
            q -= 1;
        }
        if q < p {
            self.y.copy_within(q..p, q + 1);
            for (o, x) in self.ix.iter_mut().enumerate() {
                if o != m && (q..p).contains(x) {
                    *x += 1;
                }
            }
        }
        self.y[q] = nv;
        self.ix[m] = q;
    }

    /// The `m`-th heap taken from lowered by one: as a multiset, this lowers the leftmost
    /// heap of its size, whose index takes the heap's place (the heap there, if taken from
    /// too, moves to the heap's old index); the rank changes by one term.
    #[inline(always)]
    fn lower_one(&mut self, ranks: &Ranks, base: u32, m: usize) {
        let p = self.ix[m];
        let v = self.y[p];
        let mut q = p;
        while q > 0 && self.y[q - 1] == v {
            q -= 1;
        }
        if q < p {
            for x in &mut self.ix {
                if *x == q {
                    *x = p;
                }
            }
            self.ix[m] = q;
        }
        self.y[q] = v - 1;
        self.rank -= ranks.diff[q * ranks.side + (v - base) as usize];
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::{lex_terms, Ranks, Walk};

    /// Every non-decreasing tuple of `k` values in `0..side`, listed plainly and sorted
    /// lexicographically (also the compiled kernel's tests' reference).
    pub(in crate::solver::kernels) fn sorted_tuples(k: usize, side: u32) -> Vec<Vec<u32>> {
        let mut all: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..k {
            all = all
                .into_iter()
                .flat_map(|t| {
                    let from = t.last().copied().unwrap_or(0);
                    (from..side).map(move |v| {
                        let mut u = t.clone();
                        u.push(v);
                        u
                    })
                })
                .collect();
        }
        all.sort();
        all
    }

    #[test]
    fn lex_terms_rank_sorted_tuples_in_lexicographic_order() {
        for k in 1..=5 {
            for side in 1..=7u32 {
                let tab = lex_terms(k, side as usize);
                for (index, t) in sorted_tuples(k, side).iter().enumerate() {
                    let rank: usize = t
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| tab[i * side as usize + v as usize])
                        .sum();
                    assert_eq!(rank, index, "k = {k}, side = {side}, {t:?}");
                }
            }
        }
    }

    /// Every heap, first and last amount on every sorted tuple of a small box: the ranks a
    /// single-heap run shows are the lex indices of the tuples lowered plainly and sorted.
    #[test]
    fn a_single_heap_run_ranks_each_follower_as_the_sorted_follower() {
        for k in 1..=4usize {
            let side = 7u32;
            let all = sorted_tuples(k, side);
            let ranks = Ranks::new(lex_terms(k, side as usize), side as usize);
            for t in &all {
                for j in 0..k {
                    for first in 1..=t[j] {
                        for last in first..=t[j] {
                            let mut shown = Vec::new();
                            let r = all.iter().position(|u| u == t).unwrap();
                            ranks.run_one((t, r, j), (first, last), 0, &mut |q| {
                                shown.push(q);
                                false
                            });
                            let want: Vec<usize> = (first..=last)
                                .map(|s| {
                                    let mut f = t.clone();
                                    f[j] -= s;
                                    f.sort_unstable();
                                    all.iter().position(|u| *u == f).unwrap()
                                })
                                .collect();
                            assert_eq!(shown, want, "{t:?} heap {j} by {first}..={last}");
                        }
                    }
                }
            }
        }
    }

    /// Every choice of heaps, first amount and step on every sorted tuple of a small box, the
    /// walk started from the lowered tuple or from the position's rank: the walk's rank at
    /// each amount is the lex index of the tuple lowered plainly and sorted.
    #[test]
    fn a_walk_ranks_each_follower_of_a_run_as_the_sorted_follower() {
        for k in 1..=4usize {
            let side = 6u32;
            let all = sorted_tuples(k, side);
            let ranks = Ranks::new(lex_terms(k, side as usize), side as usize);
            let mut walk = Walk::default();
            for t in &all {
                for mask in 1u32..1 << k {
                    let combo: Vec<usize> = (0..k).filter(|&j| mask >> j & 1 == 1).collect();
                    let least = combo.iter().map(|&j| t[j]).min().unwrap();
                    let starts = [(1, 1), (1, 2), (2, 1), (3, 3)];
                    let both = starts.into_iter().flat_map(|s| [(s, true), (s, false)]);
                    for ((first, step), from_position) in both {
                        if first > least {
                            continue;
                        }
                        let r = all.iter().position(|u| u == t).unwrap();
                        if from_position {
                            walk.start_from(&ranks, 0, (t, 0, r), &combo, first);
                        } else {
                            walk.start(&ranks, 0, (t, 0), &combo, first);
                        }
                        let mut s = first;
                        loop {
                            let mut f = t.clone();
                            for &j in &combo {
                                f[j] -= s;
                            }
                            f.sort_unstable();
                            let want = all.iter().position(|u| *u == f).unwrap();
                            assert_eq!(walk.rank(), want, "{t:?} {combo:?} minus {s}");
                            if s + step > least {
                                break;
                            }
                            s += step;
                            walk.advance(&ranks, 0, step);
                        }
                    }
                }
            }
        }
    }
}
