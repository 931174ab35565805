//! The compiled-moves kernel: a box whose every clause compiles
//! ([`crate::moves::compiled`]) is filled (Grundy values at 4 bytes a position, outcomes at
//! one bit, a P-follower ending a position's search) in an order where every follower comes
//! first: named heaps in rank order, a follower's rank the position's rank minus the amount
//! times the heap's stride; sorted positions in lex order (the largest heap fastest, so that
//! the followers lowering it, the most numerous, lie just before the position in memory, as in
//! a hand-written dense cube), the followers of a run of amounts ranked as the amount grows
//! (`compiled_rank.rs`: one table read a follower for one heap, a [`Walk`] for several), a
//! single follower's index from its sorted tuple (the heaps taken from lowered and moved left,
//! then one table read a heap), and the values put in the box's rank order (colex) by one pass
//! at the end. Every compiled move takes at
//! least one token, and lowering a heap of a sorted tuple lowers no coordinate of the sorted
//! result, so every follower is already solved. Asked after the other kernels; a [`Fallback`]
//! from any clause (an expression the interpreter would report as an error) discards the work
//! and leaves the box to the interpreter's modes, which report it.

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::super::table::BoxSpec;
use super::super::{BoxValues, ModeUsed, Want};
use super::compiled_rank::{side_of, Ranks, Walk};
use crate::moves::compiled::{
    compile_all, regs_for, CompiledMove, CompiledRule, Fallback, Regs, Shown,
};
use crate::moves::{Generator, MoveError};

/// The kernel's name, as `solve` reports it.
pub(super) const NAME: &str = "compiled-moves";

/// Whether the kernel takes the ruleset on this box.
pub(super) fn matches(game: &Generator, spec: &BoxSpec) -> bool {
    shape_ok(spec) && rule_of(game).is_some() && compile_all(&game.shape, &game.moves).is_some()
}

/// The ruleset's `positions where` rule compiled: `Some(None)` when it has none, `None`
/// when it has one that does not compile (the kernel then declines).
fn rule_of(game: &Generator) -> Option<Option<CompiledRule>> {
    match &game.positions {
        None => Some(None),
        Some(rule) => CompiledRule::of(rule).map(Some),
    }
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
    let rule = rule_of(game)?;
    let moves = compile_all(&game.shape, &game.moves)?;
    // A `Fallback` discards the work: the interpreter's modes solve the box.
    fill((&moves, rule.as_ref()), spec, want, budget).ok()
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
    /// The position's rank (in the fill's order).
    r: usize,
}

/// Working memory of the followers' ranks.
#[derive(Default)]
struct Work {
    /// A follower's tuple, of the heaps' count.
    y: Vec<u32>,
    /// A run of amounts on a sorted tuple.
    walk: Walk,
    /// The amounts of one follower of a run, of the heaps chosen.
    take: Vec<u32>,
}

/// The largest step of a run that [`Walk`] follows token by token on a sorted box; a run
/// with a larger step ranks each follower anew.
const WALK_STEP: u64 = 4;

/// The largest first amount of a run whose [`Walk`] starts from the position's rank, lowered
/// token by token, rather than from the first follower ranked anew.
const WALK_FROM_POSITION: u64 = 2;

impl Here {
    /// The rank of the follower that takes `take[i]` from heap `combo[i]` of the position.
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
            Layout::Sorted(ranks) => ranks.lowered(&self.tuple, self.start, combo, take, base, y),
        }
    }

    /// Shows `g` the rank of each follower of a [`Shown`] choice, a run of amounts in one
    /// tight loop; stops, answering true, when `g` does.
    #[inline(always)]
    fn ranks(
        &self,
        layout: &Layout,
        base: u32,
        (combo, shown): (&[usize], Shown<'_>),
        work: &mut Work,
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let (first, last, step) = match shown {
            Shown::One(take) => return g(self.rank(layout, base, (combo, take), &mut work.y)),
            Shown::Run { first, last, step } => (first, last, step),
            // The box's budget is asked once a position.
            Shown::Tick => return false,
        };
        match layout {
            Layout::Ordered(strides) => {
                // One stride a token taken from every heap chosen.
                let d: usize = combo.iter().map(|&j| strides[j]).sum();
                each_amount(first, last, step, |s| g(self.r - d * s as usize))
            }
            Layout::Sorted(ranks) if combo.len() == 1 => {
                // The amounts are at most the heap (<= u32::MAX).
                let here = (&self.tuple[..], self.r, self.start + combo[0]);
                match step {
                    1 => ranks.run_one(here, (first as u32, last as u32), base, g),
                    _ => ranks.run_stepped(here, (first, last, step), base, g),
                }
            }
            Layout::Sorted(ranks) if combo.len() == self.tuple.len() - self.start => {
                // Every heap lowered by the same amount: the order is kept (a heap that
                // empties is the least, with the padding zeros, whose terms are 0), so each
                // heap's term is read at its own index.
                let heaps = &self.tuple[self.start..];
                each_amount(first, last, step, |s| {
                    // s <= last <= the least heap chosen above the base (<= u32::MAX).
                    let s = s as u32;
                    let rank = (heaps.iter().enumerate())
                        .map(|(i, &h)| ranks.at(self.start + i, h - base - s))
                        .sum();
                    g(rank)
                })
            }
            Layout::Sorted(ranks) if step <= WALK_STEP => {
                // The amounts are at most the heaps chosen (<= u32::MAX).
                let walk = &mut work.walk;
                let tuple = &self.tuple;
                if first <= WALK_FROM_POSITION {
                    walk.start_from(
                        ranks,
                        base,
                        (tuple, self.start, self.r),
                        combo,
                        first as u32,
                    );
                } else {
                    walk.start(ranks, base, (tuple, self.start), combo, first as u32);
                }
                let mut s = first;
                loop {
                    if g(walk.rank()) {
                        return true;
                    }
                    if last - s < step {
                        return false;
                    }
                    s += step;
                    walk.advance(ranks, base, step as u32);
                }
            }
            Layout::Sorted(_) => {
                let Work { y, take, .. } = work;
                each_amount(first, last, step, |s| {
                    take.clear();
                    take.resize(combo.len(), s as u32);
                    g(self.rank(layout, base, (combo, take), y))
                })
            }
        }
    }
}

/// Calls `g` on `first, first + step, ..` up to `last`, stopping, answering true, when `g`
/// does.
#[inline(always)]
fn each_amount(first: u64, last: u64, step: u64, mut g: impl FnMut(u64) -> bool) -> bool {
    let mut s = first;
    loop {
        if g(s) {
            return true;
        }
        if last - s < step {
            return false;
        }
        s += step;
    }
}

/// The P-positions and Grundy values found so far.
struct Table {
    /// Grundy values in the fill's order, pushed as they are found.
    values: Vec<u32>,
    /// The P-positions' bits, by the fill's order.
    p_bits: Vec<u64>,
    /// Grundy values: `mark[v] == stamp` when a follower of the position has value `v`.
    mark: Vec<usize>,
    /// Bit `r` set when the `positions where` rule allows rank `r` (empty with no rule).
    allowed: Vec<u64>,
}

impl Table {
    /// An empty table for a box of `len` positions; `ruled`: with a `positions where` rule.
    fn new(len: usize, want: Want, ruled: bool) -> Table {
        let bits = || vec![0; len.div_ceil(64)];
        let mut table = Table {
            values: Vec::new(),
            p_bits: Vec::new(),
            mark: Vec::new(),
            allowed: if ruled { bits() } else { Vec::new() },
        };
        match want {
            Want::Grundy => table.values.reserve_exact(len),
            Want::Outcome => table.p_bits = bits(),
        }
        table
    }

    /// The position of rank `r`, which the `positions where` rule excludes: no position of
    /// the game, so not solved; its entry is 0 (a P-position in outcomes), which no reader of
    /// the box takes for a value (they skip the positions the rule excludes).
    fn excluded(&mut self, r: usize, want: Want) {
        match want {
            Want::Grundy => self.values.push(0),
            Want::Outcome => self.p_bits[r / 64] |= 1 << (r % 64),
        }
    }

    /// Fills in the position `here` (whose sizes are in `regs.heaps`): Grundy values by the
    /// mex of its followers' values, outcomes up to its first P-follower.
    fn position(
        &mut self,
        moves: &[CompiledMove],
        (layout, base, want): (&Layout, u32, Want),
        here: &Here,
        regs: &mut Regs,
        work: &mut Work,
    ) -> Result<(), Fallback> {
        let pos = &here.tuple[here.start..];
        let r = here.r;
        let allowed = &self.allowed;
        // A follower the rule excludes is no move.
        let excluded = |q: usize| !allowed.is_empty() && allowed[q / 64] >> (q % 64) & 1 == 0;
        match want {
            Want::Outcome => {
                let p_bits = &mut self.p_bits;
                for m in moves {
                    let found = m.each_shown(pos, regs, &mut |combo, shown| {
                        here.ranks(layout, base, (combo, shown), work, &mut |q| {
                            debug_assert!(q < r, "a follower of rank {q} >= {r}");
                            !excluded(q) && p_bits[q / 64] >> (q % 64) & 1 == 1
                        })
                    })?;
                    if found {
                        return Ok(());
                    }
                }
                p_bits[r / 64] |= 1 << (r % 64);
            }
            Want::Grundy => {
                let stamp = r + 1;
                let (values, mark) = (&self.values, &mut self.mark);
                for m in moves {
                    m.each_shown(pos, regs, &mut |combo, shown| {
                        here.ranks(layout, base, (combo, shown), work, &mut |q| {
                            debug_assert!(q < r, "a follower of rank {q} >= {r}");
                            if excluded(q) {
                                return false;
                            }
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
                self.values
                    .push(u32::try_from(mex).expect("a mex is at most the followers"));
            }
        }
        Ok(())
    }
}

/// Fills the table in the layout's order: each follower's value read as it is found.
fn fill(
    (moves, rule): (&[CompiledMove], Option<&CompiledRule>),
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<Result<BoxValues, SolveError<MoveError>>, Fallback> {
    let len = spec.len();
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
    let mut table = Table::new(len, want, rule.is_some());
    let mut rule_regs = rule.map(CompiledRule::regs);
    let mut regs = regs_for(moves);
    let mut here = Here {
        tuple: vec![base; spec.heaps],
        start: 0,
        r: 0,
    };
    let mut work = Work {
        y: vec![0u32; spec.heaps],
        ..Work::default()
    };
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
        let heaps = &here.tuple[here.start..];
        let solve = match (rule, rule_regs.as_mut()) {
            (Some(rule), Some(rr)) => rule.allows(heaps, rr)?,
            _ => true,
        };
        if solve {
            if rule.is_some() {
                table.allowed[r / 64] |= 1 << (r % 64);
            }
            regs.heaps.resize(heaps.len(), 0);
            for (d, &h) in regs.heaps.iter_mut().zip(heaps) {
                *d = i64::from(h);
            }
            table.position(moves, (&layout, base, want), &here, &mut regs, &mut work)?;
        } else {
            table.excluded(r, want);
        }
        next_tuple(&mut here.tuple, base, spec.max, order);
    }
    let Table {
        mut values,
        mut p_bits,
        ..
    } = table;
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
        let q = colex.of(&t, base);
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
    use super::super::compiled_rank::tests::sorted_tuples;

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
