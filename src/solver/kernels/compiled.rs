//! The compiled-moves kernel: a box whose every clause compiles
//! ([`crate::moves::compiled`]) is filled in rank order (Grundy values at 4 bytes a
//! position, outcomes at one bit, a P-follower ending a position's search), each follower's
//! rank computed from the position's sorted tuple (the heaps taken from lowered and moved
//! left, then one table read a heap) or, for named heaps, by subtracting the amount times the
//! heaps' strides from the position's rank. Every compiled move takes at least one token, so
//! every follower has a smaller rank and is already solved. Asked after the other kernels; a
//! [`Fallback`] from any clause (an expression the interpreter would report as an error)
//! discards the work and leaves the box to the interpreter's modes, which report it.

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::super::table::BoxSpec;
use super::super::{BoxValues, ModeUsed, Want};
use crate::moves::compiled::{compile_all, regs_for, CompiledMove, Fallback};
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

/// Ranks of sorted tuples: `tab[i * side + v] = C(v + i, i + 1)` for the value `v` above the
/// box's base at index `i` of the padded tuple.
struct Ranks {
    tab: Vec<usize>,
    side: usize,
}

impl Ranks {
    fn new(spec: &BoxSpec, base: u32) -> Ranks {
        let side = (spec.max - base) as usize + 1;
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

/// Per position of a sorted box: `own[i]` the sum of the ranks' terms of its first `i` heaps,
/// `shifted[i]` the sum of the terms of heaps `1..=i` had each held its left neighbour's size.
#[derive(Default)]
struct Prefixes {
    own: Vec<usize>,
    shifted: Vec<usize>,
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
            return Layout::Sorted(Ranks::new(spec, base));
        }
        let side = (spec.max - base) as usize + 1;
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
        debug_assert_eq!(spec.rank(pos), Some(r));
        regs.heaps.clear();
        regs.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        match want {
            Want::Outcome => {
                let mut found = false;
                for m in moves {
                    found = m.each(pos, &mut regs, &mut |combo, take| {
                        let q = here.rank(&layout, base, (combo, take), &mut y);
                        debug_assert!(q < r, "a follower of rank {q} >= {r}");
                        p_bits[q / 64] >> (q % 64) & 1 == 1
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
                    m.each(pos, &mut regs, &mut |combo, take| {
                        let q = here.rank(&layout, base, (combo, take), &mut y);
                        debug_assert!(q < r, "a follower of rank {q} >= {r}");
                        let v = values[q] as usize;
                        if v >= mark.len() {
                            mark.resize(v + 1, 0);
                        }
                        mark[v] = stamp;
                        false
                    })?;
                }
                let mex = mark.iter().take_while(|&&m| m == stamp).count();
                values.push(u32::try_from(mex).expect("a mex is at most the followers"));
            }
        }
        next_tuple(&mut here.tuple, base, spec.max, spec.shape.symmetric());
    }
    Ok(Ok(match want {
        Want::Grundy => BoxValues::from_grundy(spec.clone(), values, ModeUsed::Table, Some(NAME)),
        Want::Outcome => BoxValues::from_p_bits(spec.clone(), p_bits, ModeUsed::Table, Some(NAME)),
    }))
}

/// Steps the tuple to the next rank: colex over non-decreasing tuples, or the mixed-radix
/// successor (the last heap fastest) for named heaps.
fn next_tuple(t: &mut [u32], base: u32, max: u32, sorted: bool) {
    let k = t.len();
    if sorted {
        for i in 0..k {
            let cap = if i + 1 < k { t[i + 1] } else { max };
            if t[i] < cap {
                t[i] += 1;
                for x in &mut t[..i] {
                    *x = base;
                }
                return;
            }
        }
    } else {
        for i in (0..k).rev() {
            if t[i] < max {
                t[i] += 1;
                return;
            }
            t[i] = base;
        }
    }
}
