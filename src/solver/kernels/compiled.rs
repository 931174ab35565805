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
//! at the end; a `positions where` rule that orders every named heap is the box's shape, its
//! allowed tuples only (`chain.rs`). Every compiled move takes at
//! least one token, and lowering a heap of a sorted tuple lowers no coordinate of the sorted
//! result, so every follower is already solved. Asked after the other kernels; a [`Fallback`]
//! from any clause (an expression the interpreter would report as an error) discards the work
//! and leaves the box to the interpreter's modes, which report it.

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::super::table::BoxSpec;
use super::super::{BoxValues, ModeUsed, Want};
use super::chain::Chain;
use super::compiled_order::{next_tuple, to_colex, Order};
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
    /// Named heaps that the `positions where` rule orders: the allowed tuples only.
    Chain(Chain),
}

impl Layout {
    /// The layout of the box whose heaps start at `base`, and the part of the rule it leaves
    /// to be evaluated a position (all of it but an order of every named heap, which becomes
    /// the box's shape).
    fn new<'r>(
        spec: &BoxSpec,
        base: u32,
        rule: Option<&'r CompiledRule>,
        rest: &'r mut Option<CompiledRule>,
    ) -> (Layout, Option<&'r CompiledRule>) {
        let chain =
            (rule.filter(|_| !spec.shape.symmetric())).and_then(|rule| rule.chain(spec.heaps));
        if let Some((rc, left)) = chain {
            *rest = left;
            return (Layout::Chain(Chain::new(&rc, spec, base)), rest.as_ref());
        }
        (Layout::plain(spec, base), rule)
    }

    /// The layout of the whole box.
    fn plain(spec: &BoxSpec, base: u32) -> Layout {
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
    /// The chain's tuple ([`Layout::Chain`]; empty otherwise).
    y: Vec<u32>,
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
    /// The rank of the follower that takes `take[i]` from heap `combo[i]` of the position
    /// (`None` when it breaks the chain of [`Layout::Chain`]).
    #[inline(always)]
    fn rank(
        &self,
        layout: &Layout,
        base: u32,
        (combo, take): (&[usize], &[u32]),
        y: &mut [u32],
    ) -> Option<usize> {
        Some(match layout {
            Layout::Ordered(strides) => {
                self.r
                    - combo
                        .iter()
                        .zip(take)
                        .map(|(&j, &s)| strides[j] * s as usize)
                        .sum::<usize>()
            }
            Layout::Sorted(ranks) => ranks.lowered(&self.tuple, self.start, combo, take, base, y),
            Layout::Chain(chain) => return chain.lowered((&self.y, self.r), (combo, take)),
        })
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
            Shown::One(take) => {
                let q = self.rank(layout, base, (combo, take), &mut work.y);
                return q.is_some_and(&mut *g);
            }
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
            Layout::Chain(chain) if combo.len() == 1 => {
                chain.run((&self.y, self.r, combo[0]), (first, last, step), g)
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
                self.walk_run(ranks, base, (combo, (first, last, step)), &mut work.walk, g)
            }
            Layout::Sorted(_) | Layout::Chain(_) => {
                let Work { y, take, .. } = work;
                each_amount(first, last, step, |s| {
                    take.clear();
                    take.resize(combo.len(), s as u32);
                    let q = self.rank(layout, base, (combo, take), y);
                    q.is_some_and(&mut *g)
                })
            }
        }
    }

    /// A run of amounts from several heaps of a sorted tuple, followed by a [`Walk`].
    #[inline(always)]
    fn walk_run(
        &self,
        ranks: &Ranks,
        base: u32,
        (combo, (first, last, step)): (&[usize], (u64, u64, u64)),
        walk: &mut Walk,
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        // The amounts are at most the heaps chosen (<= u32::MAX).
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
    let base = if spec.shape.count.is_some() {
        spec.shape.lower
    } else {
        0
    };
    let mut rest = None;
    let (layout, rule) = Layout::new(spec, base, rule, &mut rest);
    let (len, k) = match &layout {
        Layout::Chain(chain) => (chain.len(), spec.heaps),
        _ => (spec.len(), 0),
    };
    let mut table = Table::new(len, want, rule.is_some());
    let mut rule_regs = rule.map(CompiledRule::regs);
    let mut regs = regs_for(moves);
    let mut here = Here {
        tuple: vec![base; spec.heaps],
        y: vec![0; k],
        start: 0,
        r: 0,
    };
    if let Layout::Chain(chain) = &layout {
        chain.heaps(&here.y, &mut here.tuple);
    }
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
        advance(&layout, spec, base, &mut here);
    }
    Ok(Ok(finish(&layout, (spec, base, want), table)))
}

/// Steps the position to the next in the layout's order.
fn advance(layout: &Layout, spec: &BoxSpec, base: u32, here: &mut Here) {
    match layout {
        Layout::Sorted(_) => next_tuple(&mut here.tuple, base, spec.max, Order::Lex),
        Layout::Ordered(_) => next_tuple(&mut here.tuple, base, spec.max, Order::Mixed),
        Layout::Chain(chain) => {
            if let Some(top) = chain.top() {
                next_tuple(&mut here.y, 0, top, Order::Lex);
                chain.heaps(&here.y, &mut here.tuple);
            }
        }
    }
}

/// The box's values from the table filled in the layout's order.
fn finish(layout: &Layout, (spec, base, want): (&BoxSpec, u32, Want), table: Table) -> BoxValues {
    let Table {
        mut values,
        mut p_bits,
        ..
    } = table;
    match layout {
        Layout::Sorted(_) => to_colex(spec, base, &mut values, &mut p_bits),
        Layout::Chain(chain) => (values, p_bits) = chain.scatter(spec, want, (&values, &p_bits)),
        Layout::Ordered(_) => {}
    }
    match want {
        Want::Grundy => BoxValues::from_grundy(spec.clone(), values, ModeUsed::Table, Some(NAME)),
        Want::Outcome => BoxValues::from_p_bits(spec.clone(), p_bits, ModeUsed::Table, Some(NAME)),
    }
}
