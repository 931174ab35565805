//! The move compiler: a lowered move clause, parameters bound, compiled once into a
//! [`CompiledMove`] that enumerates exactly its moves on a canonical position, as the heaps
//! chosen and the amount taken from each, with no expression tree walked per candidate. The
//! interpreter ([`super::generate`]) stays the reference, and the path for every clause this
//! does not compile.
//!
//! Technique: closure compilation ([`expr`]): every expression node becomes a boxed closure
//! built once per ruleset, which runs on every target including wasm32 (no JIT); the leading
//! conjuncts of a `where` that are linear in the amount become the amount loop's bounds and
//! step ([`bounds`]), so that a candidate is generated only when they hold; the rest of the
//! condition is a compiled filter.
//!
//! Compiled: a clause of one `take` step that removes at least one token (every amount >= 1),
//! with guards, on `one heap`, `C heaps` (`both heaps`, counts from a set), `all heaps`, `the
//! other heap` or `heap x`; the amount from a range or a finite set, one per heap for a single
//! heap (named or not) or `same` for several, or from a finite set chosen for each heap
//! independently (`take S from each of C heaps`, no `where`); a `where` and guards of integer
//! arithmetic, comparisons, logic, constant-set membership and `min`/`max`/`sum`/`xor`/`len`/
//! indexing of `heaps` or a named selection. Around that `take` ([`clause`]): a `keep one heap
//! o [where C]` before it (the `take` chooses among the other heaps; `s mod o == r` with `o`
//! named there becomes the loop's step), or a `keep the other heaps o where all(z in o: z !=
//! E)` after a one-heap `take` ([`exclude`]: a few excluded amounts). In the `where`: leading
//! conjuncts `s in C` (C finite and constant) become the amounts, leading conjuncts that read
//! only the position are evaluated once a position, and every part that reads no position,
//! heap or amount (`{p for p in 2..B if ...}`) is computed once when the clause is compiled
//! ([`fold`]). After the `take`, `take` steps from named heaps whose amounts are computed from
//! the move (so a `set` that never raises its heap, `set heap c to min(c, b - s)`), worked out
//! once a run of amounts as linear pieces of the first amount where they are sums, constant
//! multiples, `min` and `max` (`then`, `piecewise`, `lines`, `pieces`); amounts `c..E`
//! computed in play; a `positions where` rule of the same forms (`rule`; one that orders
//! every named heap, `a < b and b <= c`, is read as a [`RuleChain`], which the compiled-moves
//! kernel makes its box's shape). A `split` of the heap a one-heap `take` lowered, or a
//! `split one heap` alone, on `heaps any` ([`split`]: the generator writes the partitions; the
//! compiled-moves kernel declines it); `move A from SEL to heap y` on a fixed number of heaps
//! (the amount taken added to `y` by the generator, [`Tail::To`]; the kernel declines it too);
//! `move A from one heap to one other heap g [where C]` ([`moved`], [`Tail::ToChosen`]); a
//! lone `add S to SEL [where C]`, read as a `take` whose amounts are added ([`add`],
//! [`Tail::Add`]); `delete SEL` alone or followed by `lower` or `split` of heaps left, and a
//! lone `lower` or `split` of several heaps, whose followers are written whole ([`delete`],
//! [`Tail::Deletes`]).
//! Not compiled: `split ... equal parts`, `add` of an amount for each of several heaps, a
//! `move ... to` with a `where` on heaps of a least size, steps after a `delete` other than
//! one `lower` or `split`, a `set` that may raise its heap,
//! several-step moves on unnamed heaps, quantifiers that read the move, `after`.
//! For a clause not compiled, [`explain`] says which part stopped it
//! (`heapgame moves --explain`), and [`compile`] answers `None`.
//! [`CompiledMove::each`] answers `Err(Fallback)` wherever the interpreter would report an
//! error, so that the caller leaves the work to it.

#[macro_use]
mod sink;
mod add;
mod amounts;
pub mod bounds;
mod clause;
mod delete;
mod describe;
mod enumerate;
mod exclude;
pub mod expr;
mod falling;
mod fold;
mod kept;
pub mod least;
mod lines;
mod moved;
mod not_compiled;
mod pieces;
mod piecewise;
mod quick;
mod rule;
mod split;
mod then;

use super::program::{LSelKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::CExpr;
use amounts::{amounts_checked, one_member_as_range};
use bounds::{conjuncts, Bounds};
pub use expr::Regs;
use expr::{boolean, reads_only, BoolFn, IntSet};
use least::{var_of, LeastBounds};
pub use not_compiled::NotCompiled;
pub use rule::{CompiledRule, RuleChain};
pub use split::{SplitTail, Tail};

/// A compiled clause could not decide without the interpreter (an expression error, a value
/// beyond its checked range): the caller falls back to the interpreter for the whole task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fallback;

/// Moves shown to [`CompiledMove::each_shown`]'s callback for one choice of heaps.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Shown<'a> {
    /// One move: the amount taken from each heap chosen.
    One(&'a [u32]),
    /// Every amount `first, first + step, ..` up to `last` taken from each heap chosen, each
    /// amount a move (`1 <= first <= last <= u32::MAX`, `step >= 1`, `last` at most every
    /// heap chosen): a whole amount loop at once.
    Run {
        /// The least amount.
        first: u64,
        /// The largest amount (`last - first` a multiple of `step`).
        last: u64,
        /// The step.
        step: u64,
    },
    /// No move: [`TICK_EVERY`] choices of heaps or amounts were tried since the last tick
    /// (most of them perhaps leading to no move), for a caller that may stop a long
    /// enumeration. Answering true stops it.
    Tick,
}

/// Choices of heaps or candidate amounts tried between two [`Shown::Tick`]s.
pub(crate) const TICK_EVERY: u32 = 1 << 12;

/// Counts one choice or candidate tried in `count`; every [`TICK_EVERY`] of them, shows `f` a
/// [`Shown::Tick`] and answers what it answers.
#[inline(always)]
fn tried(count: &mut u32, f: &mut sink!()) -> bool {
    *count = count.wrapping_add(1);
    count.is_multiple_of(TICK_EVERY) && tick(f)
}

/// Shows `f` a [`Shown::Tick`]: out of line, so that the caller's whole handling of a move,
/// inlined where `f` is called for one, is not copied into every loop that counts.
#[cold]
#[inline(never)]
fn tick(f: &mut sink!()) -> bool {
    f(&[], Shown::Tick)
}

/// How a compiled clause chooses its heaps.
enum Sel {
    /// `C heaps` for every count in the set (at least 1).
    Counts(IntSet),
    /// Every heap.
    Rest,
    /// The single heap, when there is exactly one.
    TheOther,
    /// The heap at this index of an ordered shape.
    Named(usize),
}

/// The amounts of a compiled clause.
enum Amounts {
    /// `lo..=hi` (`hi` absent: up to the heap).
    Range(i64, Option<i64>),
    /// Finite members, increasing.
    Ints(Vec<i64>),
}

/// How a choice of heaps whose amounts are a range with no filter finds its window.
enum Quick {
    /// Every bound reads only the position: the window kept for the position, cut at the
    /// least heap chosen.
    Position,
    /// Every bound reads only the least heap chosen ([`least`]): computed inline.
    Least(LeastBounds),
}

/// Most members of a finite range that `take S from each of C heaps` lists.
const MAX_EACH_MEMBERS: i64 = 4096;

/// One move clause, compiled.
pub struct CompiledMove {
    guards: Vec<(BoolFn, bool)>,
    /// Conjuncts of the `where` that read only the position: evaluated once a position, after
    /// the guards.
    position_filter: Vec<BoolFn>,
    /// A `keep` of one heap before the `take` ([`clause::Keep`]).
    keep: Option<clause::Keep>,
    /// A `keep` of the other heaps after it, which excludes a few amounts ([`exclude`]).
    exclude: Option<exclude::Exclude>,
    /// The `take` steps from named heaps after it ([`then`]).
    then: Vec<then::Then>,
    /// The split of the heap the `take` lowered, or the heap its amount goes to ([`split`]).
    tail: Option<Tail>,
    /// The heaps a `move ... to one other heap` may put its amount on ([`moved`]).
    to: Option<moved::MoveTo>,
    /// A `delete` clause, whose followers are written whole ([`delete`]; then nothing else
    /// here is read but the guards).
    deletes: Option<delete::Deletes>,
    heap_names: Vec<(usize, usize)>,
    sel: Sel,
    int_slot: Option<usize>,
    list_slot: Option<usize>,
    amount_slot: Option<usize>,
    amounts: Amounts,
    /// The amount chosen for each heap independently (`each`; `amounts` is `Ints`).
    each_heap: bool,
    bounds: Bounds,
    /// The bounds read only the position (not the heaps chosen): applied once a position.
    bounds_on_position: bool,
    /// A range of amounts, no filter, one amount for all the heaps chosen, and bounds that
    /// read only the position or only the least heap chosen: a choice's window without the
    /// registers ([`Quick`]).
    quick: Option<Quick>,
    /// The choices of heaps when the clause's moves are found by
    /// [`CompiledMove::quick_each`].
    quick_sel: Option<quick::QuickSel>,
    /// The quick shape of a `keep one heap` on two heaps ([`kept`]).
    kept_pair: Option<kept::KeptPair>,
    filter: Vec<BoolFn>,
    /// The filter's first conjunct falls ([`falling`]): the amount loop ends where it fails.
    falling: bool,
    lower: u32,
    symmetric: bool,
    /// Slots the registers need.
    int_slots: usize,
    list_slots: usize,
}

/// Compiles every clause of a ruleset into moves that only take tokens (the compiled-moves
/// kernel's), or `None` when one does not compile or splits a heap.
pub(crate) fn compile_all(shape: &ShapeSpec, moves: &[MoveProgram]) -> Option<Vec<CompiledMove>> {
    (moves.iter())
        .map(|m| compile(shape, m).filter(|c| c.tail.is_none()))
        .collect()
}

/// Compiles one clause, or `None` when it is not of the compiled forms.
pub fn compile(shape: &ShapeSpec, m: &MoveProgram) -> Option<CompiledMove> {
    explain(shape, m).ok()
}

/// Compiles one clause, or says which part of it stopped the compiler ([`NotCompiled`]).
pub fn explain(shape: &ShapeSpec, m: &MoveProgram) -> Result<CompiledMove, NotCompiled> {
    if let Some(d) = delete::of(shape, m) {
        return Ok(CompiledMove::deleting(d?, shape, m, guards_of(m)?));
    }
    let mut c = explain_take(shape, m)?;
    c.quick = c.quick_of();
    c.quick_sel = c.quick_sel_of();
    c.kept_pair = c.kept_pair_of();
    Ok(c)
}

/// [`explain`] for a clause around a `take` (or an `add` read as one), its quick forms not
/// yet chosen.
fn explain_take(shape: &ShapeSpec, m: &MoveProgram) -> Result<CompiledMove, NotCompiled> {
    let (keep_step, take, after, then_steps, tail) = clause::steps_of(shape, m)?;
    let step = take.step;
    let sel = sel_of(take.sel).ok_or_else(|| NotCompiled::at("this selection", &step.span))?;
    let cond = take.cond.map(fold::fold);
    let mut int_slots = m.int_slots;
    let (amounts, amount_slot, each_heap, upper) = amounts_checked(
        take.amount,
        (&sel, cond.is_some(), matches!(tail, Some(Tail::Split(_)))),
        &mut int_slots,
        step,
    )?;
    add::check(tail.as_ref(), each_heap, step)?;
    let guards = guards_of(m)?;
    let keep = keep_step.map(clause::Keep::of).transpose()?;
    if keep.is_some() && matches!(sel, Sel::Named(_)) {
        return Err(NotCompiled::at("a named heap after a `keep`", &step.span));
    }
    let is_single = single(&sel);
    let (int_slot, list_slot) = (step.sel.int_slot, step.sel.list_slot);
    // The least heap chosen (the single heap's slot, `min` of those chosen), `min(heaps)`.
    let kept = keep.as_ref().map(|k| k.slot);
    let one_slot = is_single.then_some(int_slot).flatten();
    let least = |e: &CExpr| var_of(e, (one_slot, list_slot), kept);
    // The slots that hold a heap's size: the heap chosen, the named heaps.
    let heap_slot = |i: usize| Some(i) == int_slot || m.heap_names.iter().any(|&(s, _)| s == i);
    let cs = cond.as_ref().map(conjuncts).unwrap_or_default();
    let (cs, amounts) = clause::members_as_amounts(cs, amount_slot, amounts);
    let amounts = one_member_as_range(amounts, each_heap);
    let (mut cs, on_position) = clause::position_conjuncts(cs, &m.heap_names)?;
    // `s in c..E` computed in play: the amounts from c, and `s <= E` a leading conjunct.
    if let Some(u) = &upper {
        cs.insert(0, u);
    }
    let (bounds, filter, bounds_on_position, falling) =
        condition(&cs, (amount_slot, &least, &heap_slot), &m.heap_names)?;
    let fits = is_single && keep.is_none() && filter.is_empty();
    let exclude = exclude::Exclude::after(after, fits, &amounts, amount_slot)?;
    let first = match sel {
        Sel::Named(i) => Some(i),
        _ => None,
    };
    let then = then::Then::of(then_steps, first, amount_slot)?;
    let to = moved::target_of(shape, m, tail.as_ref())?;
    Ok(CompiledMove {
        guards,
        position_filter: on_position,
        keep,
        exclude,
        then,
        tail,
        to,
        deletes: None,
        heap_names: m.heap_names.clone(),
        sel,
        int_slot,
        list_slot,
        amount_slot,
        amounts,
        each_heap,
        bounds,
        bounds_on_position,
        quick: None,
        quick_sel: None,
        kept_pair: None,
        filter,
        falling,
        lower: shape.lower,
        symmetric: shape.symmetric(),
        int_slots,
        list_slots: m.list_slots,
    })
}

/// The guards of `m`, compiled.
fn guards_of(m: &MoveProgram) -> Result<Vec<(BoolFn, bool)>, NotCompiled> {
    m.guards
        .iter()
        .map(|(g, neg)| match boolean(&fold::fold(g)) {
            Some(b) => Ok((b, *neg)),
            None => Err(NotCompiled::at("this guard (`when`)", &g.span)),
        })
        .collect()
}

/// The compiled choice of heaps, or `None` for the selections not compiled.
fn sel_of(sel: &LSelKind) -> Option<Sel> {
    Some(match sel {
        // Counts beyond the heaps never apply; a count of 0 takes nothing (no move).
        LSelKind::Count(c) => Sel::Counts(IntSet::of(c)?),
        LSelKind::Rest => Sel::Rest,
        LSelKind::TheOther => Sel::TheOther,
        LSelKind::Named(i) => Sel::Named(*i),
        LSelKind::Ref(_) | LSelKind::Consecutive { .. } | LSelKind::NextTo { .. } => return None,
    })
}

/// Whether the selection chooses one heap at most.
fn single(sel: &Sel) -> bool {
    match sel {
        Sel::Counts(IntSet::Ints(v)) => v.iter().all(|&c| c <= 1),
        Sel::Counts(IntSet::Range(_, hi)) => hi.is_some_and(|h| h <= 1),
        Sel::Rest => false,
        Sel::TheOther | Sel::Named(_) => true,
    }
}

/// The `where` condition's conjuncts `cs`: the leading ones linear in the amount as bounds,
/// the rest as a compiled filter, whether the bounds read only the position (the amount aside:
/// no heap chosen, `heaps` and the named heaps of `heap_names` only), and whether the filter's
/// first conjunct falls ([`falling`]); the conjunct that does not compile, if one does not.
fn condition(
    cs: &[&CExpr],
    (amount_slot, least, heap_slot): (Option<usize>, least::Vars<'_>, &dyn Fn(usize) -> bool),
    heap_names: &[(usize, usize)],
) -> Result<(Bounds, Vec<BoolFn>, bool, bool), NotCompiled> {
    let (b, n) = match amount_slot {
        Some(slot) => Bounds::derive(cs, slot, least),
        None => (Bounds::none(), 0),
    };
    let position = |i: usize| Some(i) == amount_slot || heap_names.iter().any(|&(s, _)| s == i);
    let on_position = cs[..n].iter().all(|c| reads_only(c, &position));
    let filter = cs[n..]
        .iter()
        .map(|c| boolean(c).ok_or_else(|| NotCompiled::condition(c)))
        .collect::<Result<Vec<_>, _>>()?;
    let falling = match (amount_slot, cs.get(n)) {
        (Some(slot), Some(first)) => falling::falls(first, (slot, heap_slot)),
        _ => false,
    };
    Ok((b, filter, on_position, falling))
}

impl CompiledMove {
    /// The quick window of a clause with a range of amounts, no filter, one amount for every
    /// heap chosen and no `keep`: bounds that read only the least heap chosen (none at all
    /// included), else bounds that read only the position.
    fn quick_of(&self) -> Option<Quick> {
        let plain = self.filter.is_empty() && !self.each_heap && self.keep.is_none();
        // An `add`'s cap is not its least heap ([`add`]).
        let plain = plain && !self.adds();
        if !matches!(self.amounts, Amounts::Range(..)) || !plain || self.exclude.is_some() {
            return None;
        }
        if let Some(b) = self.bounds.on_least() {
            return Some(Quick::Least(b));
        }
        self.bounds_on_position.then_some(Quick::Position)
    }

    /// Grows the slots of `r` to those the clause uses.
    pub fn fit(&self, r: &mut Regs) {
        if r.ints.len() < self.int_slots {
            r.ints.resize(self.int_slots, 0);
        }
        if r.lists.len() < self.list_slots {
            r.lists.resize_with(self.list_slots, Vec::new);
        }
    }
}

/// The registers for a set of compiled clauses (every slot any of them uses).
pub fn regs_for(moves: &[CompiledMove]) -> Regs {
    Regs {
        ints: vec![0; moves.iter().map(|m| m.int_slots).max().unwrap_or(0)],
        lists: vec![Vec::new(); moves.iter().map(|m| m.list_slots).max().unwrap_or(0)],
        heaps: Vec::new(),
        combo: Vec::new(),
        take: Vec::new(),
        window: None,
        tried: 0,
        kept: Vec::new(),
        mapped: Vec::new(),
        excluded: Vec::new(),
        then: None,
    }
}
