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
//! allowed tuples only (`chain.rs`); two heaps of a symmetric shape fill the whole square
//! (`compiled_here.rs`: each sorted position's value written at `(x, y)` and `(y, x)`, every
//! follower a stride away, as in a hand-written solver). Every compiled move takes at
//! least one token, and lowering a heap of a sorted tuple lowers no coordinate of the sorted
//! result, so every follower is already solved. Asked after the other kernels; a [`Fallback`]
//! from any clause (an expression the interpreter would report as an error) discards the work
//! and leaves the box to the interpreter's modes, which report it.

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::super::table::BoxSpec;
use super::super::{BoxValues, ModeUsed, Want};
use super::compiled_here::{Here, Layout, Work};
use super::compiled_order::{next_tuple, to_colex, Order};
use crate::moves::compiled::{compile_all, regs_for, CompiledMove, CompiledRule, Fallback, Regs};
use crate::moves::{Generator, MoveError};

/// The kernel's name, as `solve` reports it.
pub(super) const NAME: &str = "compiled-moves";

/// Whether the kernel takes the ruleset on this box.
pub(super) fn matches(game: &Generator, spec: &BoxSpec, _: Want) -> bool {
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
    let rule = rule_of(game)?;
    let moves = compile_all(&game.shape, &game.moves)?;
    // The kernel holds the whole box: past the position limit it stops at once, as the
    // search would at the limit.
    if let Some(limit) = budget.max_positions.filter(|&m| m < spec.len()) {
        return Some(Err(SolveError::Limit { limit }));
    }
    // A `Fallback` discards the work: the interpreter's modes solve the box.
    fill((&moves, rule.as_ref()), spec, want, budget).ok()
}

/// The P-positions and Grundy values found so far.
struct Table {
    /// Grundy values by the layout's entries (0 until found).
    values: Vec<u32>,
    /// The P-positions' bits, by the layout's entries.
    p_bits: Vec<u64>,
    /// Grundy values: `mark[v] == stamp` when a follower of the position has value `v`.
    mark: Vec<usize>,
    /// Bit `r` set when the `positions where` rule allows rank `r` (empty with no rule).
    allowed: Vec<u64>,
}

impl Table {
    /// An empty table of `len` entries; `ruled`: with a `positions where` rule.
    fn new(len: usize, want: Want, ruled: bool) -> Table {
        let bits = || vec![0; len.div_ceil(64)];
        let mut table = Table {
            values: Vec::new(),
            p_bits: Vec::new(),
            mark: Vec::new(),
            allowed: if ruled { bits() } else { Vec::new() },
        };
        match want {
            Want::Grundy => table.values = vec![0; len],
            Want::Outcome => table.p_bits = bits(),
        }
        table
    }

    /// The position of entry `r` (and `twin`, the same position in a square), which the
    /// `positions where` rule excludes: no position of the game, so not solved; its entry is
    /// 0 (a P-position in outcomes), which no reader of the box takes for a value (they skip
    /// the positions the rule excludes).
    fn excluded(&mut self, (r, twin): (usize, Option<usize>), want: Want) {
        if want == Want::Outcome {
            set_bit(&mut self.p_bits, r, twin);
        }
    }

    /// Fills in the position `here` (whose sizes are in `regs.heaps`): Grundy values by the
    /// mex of its followers' values, outcomes up to its first P-follower.
    fn position(
        &mut self,
        moves: &[CompiledMove],
        (layout, base, want): (&Layout, u32, Want),
        (here, twin): (&Here, Option<usize>),
        regs: &mut Regs,
        work: &mut Work,
    ) -> Result<(), Fallback> {
        let pos = &here.tuple[here.start..];
        let r = here.r;
        let allowed = &self.allowed[..];
        let ruled = !allowed.is_empty();
        // A follower the rule excludes is no move.
        let excluded = move |q: usize| ruled && allowed[q / 64] >> (q % 64) & 1 == 0;
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
                set_bit(p_bits, r, twin);
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
                let mex = u32::try_from(mex).expect("a mex is at most the followers");
                self.values[r] = mex;
                if let Some(t) = twin {
                    self.values[t] = mex;
                }
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
    let k = match &layout {
        Layout::Chain(_) => spec.heaps,
        _ => 0,
    };
    let mut table = Table::new(layout.entries(spec), want, rule.is_some());
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
    let mut work = Work::new(spec.heaps);
    for i in 0..layout.visits(spec) {
        if i % 4096 == 0 {
            if let Err(stop) = budget.check_now(i) {
                return Ok(Err(SolveError::from_stop(stop, i)));
            }
        }
        let r = layout.entry(&here.tuple, base, i);
        let twin = layout.twin(&here.tuple, base);
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
                set_bit(&mut table.allowed, r, twin);
            }
            regs.heaps.resize(heaps.len(), 0);
            for (d, &h) in regs.heaps.iter_mut().zip(heaps) {
                *d = i64::from(h);
            }
            let here = (&here, twin);
            table.position(moves, (&layout, base, want), here, &mut regs, &mut work)?;
        } else {
            table.excluded((r, twin), want);
        }
        advance(&layout, spec, base, &mut here);
    }
    Ok(Ok(finish(&layout, (spec, base, want), table)))
}

/// Steps the position to the next in the layout's order.
fn advance(layout: &Layout, spec: &BoxSpec, base: u32, here: &mut Here) {
    match layout {
        Layout::Sorted(_) | Layout::Mirror(_) => {
            next_tuple(&mut here.tuple, base, spec.max, Order::Lex);
        }
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
        Layout::Mirror(strides) => {
            (values, p_bits) = square_to_colex(spec, strides[0], want, (&values, &p_bits));
        }
        Layout::Ordered(_) => {}
    }
    match want {
        Want::Grundy => BoxValues::from_grundy(spec.clone(), values, ModeUsed::Table, Some(NAME)),
        Want::Outcome => BoxValues::from_p_bits(spec.clone(), p_bits, ModeUsed::Table, Some(NAME)),
    }
}

/// Sets bit `r` of `bits`, and bit `twin` when there is one.
fn set_bit(bits: &mut [u64], r: usize, twin: Option<usize>) {
    bits[r / 64] |= 1 << (r % 64);
    if let Some(t) = twin {
        bits[t / 64] |= 1 << (t % 64);
    }
}

/// The values (or P bits) of a box of two sorted heaps, in its rank order (colex: `(x, y)`,
/// `x <= y`, at `x + y * (y + 1) / 2`), from the square of `side` (entry `x * side + y`,
/// sizes above the base) that [`Layout::Mirror`] filled.
fn square_to_colex(
    spec: &BoxSpec,
    side: usize,
    want: Want,
    (values, p_bits): (&[u32], &[u64]),
) -> (Vec<u32>, Vec<u64>) {
    let mut out_values = Vec::new();
    let mut out_bits = Vec::new();
    match want {
        Want::Grundy => out_values.reserve_exact(spec.len()),
        Want::Outcome => out_bits = vec![0u64; spec.len().div_ceil(64)],
    }
    let mut q = 0;
    for y in 0..side {
        for x in 0..=y {
            debug_assert_eq!(
                spec.rank(&[x as u32 + spec.shape.lower, y as u32 + spec.shape.lower]),
                Some(q)
            );
            let e = x * side + y;
            match want {
                Want::Grundy => out_values.push(values[e]),
                Want::Outcome => out_bits[q / 64] |= (p_bits[e / 64] >> (e % 64) & 1) << (q % 64),
            }
            q += 1;
        }
    }
    (out_values, out_bits)
}
