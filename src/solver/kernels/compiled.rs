//! The compiled-moves kernel: a box whose every clause compiles
//! ([`crate::moves::compiled`]) is filled (Grundy values at 4 bytes a position, outcomes at
//! one bit, a P-follower ending a position's search) in an order where every follower comes
//! first: named heaps in rank order, a follower's rank the position's rank minus the amount
//! times the heap's stride; sorted positions in lex order (the largest heap fastest, so that
//! the followers lowering it, the most numerous, lie just before the position in memory, as in
//! a hand-written dense cube), a follower's index computed from the position's sorted tuple
//! (the heaps taken from lowered and moved left, then one table read a heap), and the values
//! put in the box's rank order (colex) by one pass at the end. Every compiled move takes at
//! least one token, and lowering a heap of a sorted tuple lowers no coordinate of the sorted
//! result, so every follower is already solved. Asked after the other kernels; a [`Fallback`]
//! from any clause (an expression the interpreter would report as an error) discards the work
//! and leaves the box to the interpreter's modes, which report it.

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::super::table::BoxSpec;
use super::super::{BoxValues, ModeUsed, Want};
use crate::moves::compiled::{compile_all, regs_for, CompiledMove, Fallback, Shown};
use crate::moves::{Generator, MoveError};

/// The kernel's name, as `solve` reports it.
pub(super) const NAME: &str = "compiled-moves";

/// Whether the kernel takes the ruleset on this box.
pub(super) fn matches(game: &Generator, spec: &BoxSpec) -> bool {
    shape_ok(spec) && compile_all(&game.shape, &game.moves).is_some()
}

/// Fixed counts of any shape; `heaps any` with no least size.
fn shape_ok(spec: &BoxSpec) -> bool {
    spec.shape.count.is_some() || spec.shape.lower == 0
}

/// The box, or `None` when a clause does not compile or falls back.
pub(super) fn try_solve(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    if !shape_ok(spec) {
        return None;
    }
    if budget.max_positions.is_some_and(|m| m < spec.len()) {
        return None;
    }
    let moves = compile_all(&game.shape, &game.moves)?;
    // A `Fallback` discards the work: the interpreter's modes solve the box.
    fill(&moves, spec, want, budget).ok()
}

/// Ranks of sorted tuples as a sum of one term per index: `tab[i * side + v]` is the term of
/// the value `v` above the box's base at index `i` of the padded tuple. Two orders: colex (the
/// box's rank order, the first heap fastest: the term is `C(v + i, i + 1)`) and lex (the last,
/// largest heap fastest), in which the fill runs, so that the followers that lower the largest
/// heap, the most in a box, lie next to the position in memory (see [`lex_terms`]).
struct Ranks {
    tab: Vec<usize>,
    side: usize,
}

impl Ranks {
    /// The colex terms.
    fn colex(spec: &BoxSpec, base: u32) -> Ranks {
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
        Ranks { tab, side }
    }

    /// The lex terms.
    fn lex(spec: &BoxSpec, base: u32) -> Ranks {
        let side = side_of(spec, base);
        Ranks {
            tab: lex_terms(spec.heaps, side),
            side,
        }
    }

    /// `C(v + i, i + 1)` for the size `v` (above the base) at index `i`.
    #[inline(always)]
    fn at(&self, i: usize, v: u32) -> usize {
        self.tab[i * self.side + v as usize]
    }

    /// The prefix sums of the position `t` that [`Ranks::lowered_one`] reads.
    fn prefixes(&self, t: &[u32], base: u32, pre: &mut Prefixes) {
        let k = t.len();
        pre.own.clear();
        pre.own.push(0);
        pre.shifted.clear();
        pre.shifted.push(0);
        #[allow(clippy::needless_range_loop)] // i reads own, shifted and t together
        for i in 0..k {
            let a = pre.own[i] + self.at(i, t[i] - base);
            pre.own.push(a);
            if i + 1 < k {
                let b = pre.shifted[i] + self.at(i + 1, t[i] - base);
                pre.shifted.push(b);
            }
        }
    }

    /// The rank of `t` with the heap at index `j` lowered by `s` (`s <= t[j] - base`): the
    /// lowered heap moves left to index `p` past the larger heaps, which move one index right.
    #[inline(always)]
    fn lowered_one(&self, t: &[u32], pre: &Prefixes, j: usize, s: u32, base: u32) -> usize {
        let v = t[j] - s;
        let mut p = j;
        while p > 0 && t[p - 1] > v {
            p -= 1;
        }
        let k = t.len();
        pre.own[p] + self.at(p, v - base) + (pre.shifted[j] - pre.shifted[p]) + pre.own[k]
            - pre.own[j + 1]
    }

    /// The rank of `t` with the heaps at `start + combo` lowered by `take`, sorted in `y`.
    fn lowered(
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
        y.iter()
            .enumerate()
            .map(|(i, &v)| self.at(i, v - base))
            .sum()
    }
}

/// The terms of the lex rank of sorted `k`-tuples over `0..side`: with `F_i(v)` the number of
/// sorted tuples that share a prefix `t_0..t_(i-1)` and have `t_i < v` given `t_(i-1) = 0`
/// (`F_i(v) = sum over u < v of C(side - 1 - u + m, m)`, `m = k - 1 - i` coordinates after
/// `i`), the rank `sum_i F_i(t_i) - F_i(t_(i-1))` regroups as `sum_i F_i(t_i) - F_(i+1)(t_i)`
/// (`F_k = 0`): one term per index, as colex ranks are.
fn lex_terms(k: usize, side: usize) -> Vec<usize> {
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

/// Per position of a sorted box: `own[i]` the sum of the ranks' terms of its first `i` heaps,
/// `shifted[i]` the sum of the terms of heaps `1..=i` had each held its left neighbour's size.
#[derive(Default)]
struct Prefixes {
    own: Vec<usize>,
    shifted: Vec<usize>,
}

/// The sizes a heap of the box takes: none when every heap must exceed the box (`each >= 1`
/// with `--max 0`).
fn side_of(spec: &BoxSpec, base: u32) -> usize {
    (spec.max as usize + 1).saturating_sub(base as usize)
}

/// How a follower's rank is found.
enum Layout {
    /// Sorted tuples (padded with zeros for `heaps any`): the table of ranks.
    Sorted(Ranks),
    /// Named heaps: the stride of each heap.
    Ordered(Vec<usize>),
}

impl Layout {
    /// The layout of the box whose heaps start at `base`.
    fn new(spec: &BoxSpec, base: u32) -> Layout {
        if spec.shape.symmetric() {
            return Layout::Sorted(Ranks::lex(spec, base));
        }
        let side = side_of(spec, base);
        let k = spec.heaps;
        let mut strides = vec![1usize; k];
        for i in (0..k.saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * side;
        }
        Layout::Ordered(strides)
    }
}

/// The position being filled: what a follower's rank is computed from.
struct Here {
    /// The padded tuple (sorted, or in heap order for named heaps).
    tuple: Vec<u32>,
    /// Padding zeros before the position (`heaps any`).
    start: usize,
    /// The position's rank.
    r: usize,
    /// Prefix sums of the rank's terms (sorted layouts).
    pre: Prefixes,
}

impl Here {
    /// The rank of the follower that takes `take[i]` from heap `combo[i]` of the position
    /// (`y`: working memory of the heaps' count).
    #[inline(always)]
    fn rank(
        &self,
        layout: &Layout,
        base: u32,
        (combo, take): (&[usize], &[u32]),
        y: &mut [u32],
    ) -> usize {
        match layout {
            Layout::Ordered(strides) => {
                self.r
                    - combo
                        .iter()
                        .zip(take)
                        .map(|(&j, &s)| strides[j] * s as usize)
                        .sum::<usize>()
            }
            Layout::Sorted(ranks) => match (combo, take) {
                ([j], [s]) => ranks.lowered_one(&self.tuple, &self.pre, self.start + j, *s, base),
                _ => ranks.lowered(&self.tuple, self.start, combo, take, base, y),
            },
        }
    }
    /// Shows `g` the rank of each follower of a [`Shown`] choice, a run of amounts on one heap
    /// in one tight loop; stops, answering true, when `g` does.
    #[inline(always)]
    fn ranks(
        &self,
        layout: &Layout,
        base: u32,
        (combo, shown): (&[usize], Shown<'_>),
        y: &mut [u32],
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let (first, last, step) = match shown {
            Shown::One(take) => return g(self.rank(layout, base, (combo, take), y)),
            Shown::Run { first, last, step } => (first, last, step),
        };
        // A run has one heap; its amounts are at most that heap (<= u32::MAX).
        let j = combo[0];
        let mut s = first;
        match layout {
            Layout::Ordered(strides) => loop {
                if g(self.r - strides[j] * s as usize) {
                    return true;
                }
                if last - s < step {
                    return false;
                }
                s += step;
            },
            Layout::Sorted(ranks) => loop {
                let q = ranks.lowered_one(&self.tuple, &self.pre, self.start + j, s as u32, base);
                if g(q) {
                    return true;
                }
                if last - s < step {
                    return false;
                }
                s += step;
            },
        }
    }
}

/// Fills the table in rank order: each follower's value read as it is found (Grundy values:
/// marked for the mex; outcomes: up to the first P-position).
fn fill(
    moves: &[CompiledMove],
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<Result<BoxValues, SolveError<MoveError>>, Fallback> {
    let len = spec.len();
    let k = spec.heaps;
    let base = if spec.shape.count.is_some() {
        spec.shape.lower
    } else {
        0
    };
    let layout = Layout::new(spec, base);
    let order = match layout {
        Layout::Sorted(_) => Order::Lex,
        Layout::Ordered(_) => Order::Mixed,
    };
    // Grundy values by rank (pushed as they are found), or the P-positions' bits.
    let mut values: Vec<u32> = Vec::new();
    let mut p_bits: Vec<u64> = Vec::new();
    match want {
        Want::Grundy => values.reserve_exact(len),
        Want::Outcome => p_bits = vec![0; len.div_ceil(64)],
    }
    let mut regs = regs_for(moves);
    let mut here = Here {
        tuple: vec![base; k],
        start: 0,
        r: 0,
        pre: Prefixes::default(),
    };
    let mut y = vec![0u32; k];
    // Grundy values: `mark[v] == stamp` when a follower has value v.
    let mut mark: Vec<usize> = Vec::new();
    for r in 0..len {
        if r % 4096 == 0 {
            if let Err(stop) = budget.check_now(r) {
                return Ok(Err(SolveError::from_stop(stop, r)));
            }
        }
        here.r = r;
        here.start = if spec.shape.drops_zeros() {
            here.tuple.iter().take_while(|&&h| h == 0).count()
        } else {
            0
        };
        if let Layout::Sorted(ranks) = &layout {
            ranks.prefixes(&here.tuple, base, &mut here.pre);
        }
        let pos = &here.tuple[here.start..];
        regs.heaps.clear();
        regs.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        match want {
            Want::Outcome => {
                let mut found = false;
                for m in moves {
                    found = m.each_shown(pos, &mut regs, &mut |combo, shown| {
                        here.ranks(&layout, base, (combo, shown), &mut y, &mut |q| {
                            debug_assert!(q < r, "a follower of rank {q} >= {r}");
                            p_bits[q / 64] >> (q % 64) & 1 == 1
                        })
                    })?;
                    if found {
                        break;
                    }
                }
                if !found {
                    p_bits[r / 64] |= 1 << (r % 64);
                }
            }
            Want::Grundy => {
                let stamp = r + 1;
                for m in moves {
                    m.each_shown(pos, &mut regs, &mut |combo, shown| {
                        here.ranks(&layout, base, (combo, shown), &mut y, &mut |q| {
                            debug_assert!(q < r, "a follower of rank {q} >= {r}");
                            let v = values[q] as usize;
                            if v >= mark.len() {
                                mark.resize(v + 1, 0);
                            }
                            mark[v] = stamp;
                            false
                        })
                    })?;
                }
                let mex = mark.iter().take_while(|&&m| m == stamp).count();
                values.push(u32::try_from(mex).expect("a mex is at most the followers"));
            }
        }
        next_tuple(&mut here.tuple, base, spec.max, order);
    }
    if let Layout::Sorted(_) = &layout {
        to_colex(spec, base, &mut values, &mut p_bits);
    }
    Ok(Ok(match want {
        Want::Grundy => BoxValues::from_grundy(spec.clone(), values, ModeUsed::Table, Some(NAME)),
        Want::Outcome => BoxValues::from_p_bits(spec.clone(), p_bits, ModeUsed::Table, Some(NAME)),
    }))
}

/// Reorders the values (or P bits) of a sorted box from lex order, in which the fill ran, to
/// the box's rank order (colex): one pass over the tuples in lex order, each tuple's colex
/// rank a sum of table reads.
fn to_colex(spec: &BoxSpec, base: u32, values: &mut Vec<u32>, p_bits: &mut Vec<u64>) {
    let colex = Ranks::colex(spec, base);
    let k = spec.heaps;
    let mut t = vec![base; k];
    let mut out_values = vec![0u32; values.len()];
    let mut out_bits = vec![0u64; p_bits.len()];
    for r in 0..spec.len() {
        let q: usize = t
            .iter()
            .enumerate()
            .map(|(i, &v)| colex.at(i, v - base))
            .sum();
        #[cfg(debug_assertions)]
        {
            let zeros = t.iter().take_while(|&&h| h == 0).count();
            let zeros = if spec.shape.drops_zeros() { zeros } else { 0 };
            debug_assert_eq!(spec.rank(&t[zeros..]), Some(q));
        }
        if let Some(&v) = values.get(r) {
            out_values[q] = v;
        }
        if p_bits.get(r / 64).is_some_and(|w| w >> (r % 64) & 1 == 1) {
            out_bits[q / 64] |= 1 << (q % 64);
        }
        next_tuple(&mut t, base, spec.max, Order::Lex);
    }
    *values = out_values;
    *p_bits = out_bits;
}

/// The order in which [`next_tuple`] walks a box.
#[derive(Clone, Copy)]
enum Order {
    /// Non-decreasing tuples, the last (largest) heap fastest.
    Lex,
    /// Named heaps: the mixed-radix successor (the last heap fastest), which is rank order.
    Mixed,
}

/// Steps the tuple to the next one in `order`.
fn next_tuple(t: &mut [u32], base: u32, max: u32, order: Order) {
    let k = t.len();
    match order {
        Order::Lex => {
            for i in (0..k).rev() {
                if t[i] < max {
                    let v = t[i] + 1;
                    for x in &mut t[i..] {
                        *x = v;
                    }
                    return;
                }
            }
        }
        Order::Mixed => {
            for i in (0..k).rev() {
                if t[i] < max {
                    t[i] += 1;
                    return;
                }
                t[i] = base;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::lex_terms;

    /// Every non-decreasing tuple of `k` values in `0..side`, listed plainly and sorted
    /// lexicographically.
    fn sorted_tuples(k: usize, side: u32) -> Vec<Vec<u32>> {
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

    #[test]
    fn next_tuple_walks_lexicographic_order() {
        for k in 1..=4 {
            let all = sorted_tuples(k, 5);
            let mut t = vec![0u32; k];
            for want in &all {
                assert_eq!(&t, want);
                super::next_tuple(&mut t, 0, 4, super::Order::Lex);
            }
        }
    }
}
