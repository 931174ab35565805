//! The one place where a lowered move clause is recognised as a family of moves: [`classify`]
//! reads one clause (parameters bound) into a [`Family`], a small typed description (which
//! heaps it chooses, how much it takes, what it reads, what follows), and the narrowing
//! methods pick the forms a consumer runs: [`Family::plain`] the `take`s whose followers need
//! no expression ([`Plain`]), [`Delete::cookie`] the cookie game's move, [`Family::take_steps`]
//! the clauses of `take` steps only. [`local::one_heap`] decides whether a clause acts on one
//! heap and reads only it (a sum's moves). Every consumer asks here rather than matching the
//! lowered program itself: the generator's fast paths (`generate/fast.rs`), the estimate's
//! follower count (`estimate/lower.rs`), the move compiler (`compiled/`), the cube kernel's
//! amount pieces and the multiset kernel (`solver/kernels/`), the sum mode's test and its
//! take-and-break kernel (`solver/sum/`).

pub mod local;

use super::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::CExpr;
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

/// What one move clause is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Family<'m> {
    /// One `take` step.
    Take(Take<'m>),
    /// Two steps or more, every one a `take` (each step read by [`Take::of`]).
    Takes(&'m [LStep]),
    /// `delete SEL; split SEL into P parts` or `delete SEL; lower SEL by B`, no guard, no
    /// named heap.
    Delete(Delete<'m>),
    /// One `split` step.
    Split(Split<'m>),
    /// `take ... from one heap h; split h into P parts`: a `take` (no guard) whose heap the
    /// second step splits.
    TakeSplit(Take<'m>, Split<'m>),
    /// Anything else: the interpreter's alone.
    Other,
}

/// A `split` step: into `parts` parts, each at least `min_part`, pairwise different when
/// `unequal`.
#[derive(Clone, Copy, Debug)]
pub struct Split<'m> {
    /// The step.
    pub step: &'m LStep,
    /// Into how many parts.
    pub parts: usize,
    /// 1 for non-empty parts, 0 with `allowing empty`.
    pub min_part: u32,
    /// The parts have pairwise different sizes.
    pub unequal: bool,
}

/// What follows the `delete` of a [`Family::Delete`] clause.
#[derive(Clone, Copy, Debug)]
pub enum Then<'m> {
    /// `split SEL into P parts`.
    Split(Split<'m>),
    /// `lower SEL by B`.
    Lower(u64),
}

/// `delete SEL; split SEL ...` or `delete SEL; lower SEL by B`.
#[derive(Clone, Copy, Debug)]
pub struct Delete<'m> {
    /// The `delete` step.
    pub del: &'m LStep,
    /// The second step.
    pub second: &'m LStep,
    /// What the second step does.
    pub then: Then<'m>,
}

/// A clause of one `take` step.
#[derive(Clone, Copy, Debug)]
pub struct Take<'m> {
    /// The step.
    pub step: &'m LStep,
    /// How it chooses its heaps.
    pub sel: &'m LSelKind,
    /// How much it takes.
    pub amount: &'m LAmount,
    /// Its `where`.
    pub cond: Option<&'m CExpr>,
    /// Whether the clause has guards.
    pub guarded: bool,
    /// Whether it reads named heaps of an ordered shape.
    pub reads_names: bool,
    /// Whether the selection names its heaps (an integer or list slot).
    pub names_heaps: bool,
}

/// The `take` forms whose followers need no expression evaluated: no guard, no `where`, no
/// name, on a symmetric shape (the generator's fast paths, the estimate's exact count).
#[derive(Clone, Copy, Debug)]
pub enum Plain<'m> {
    /// `take S from one heap`.
    OneHeap(&'m SetValue),
    /// `take S from each of C heaps`: independent amounts.
    Each(&'m SetValue, &'m SetValue),
    /// `take same S from all heaps` (or from `n heaps` on a position of n heaps); the amount's
    /// slot, if it is named.
    AllSame(&'m SetValue, Option<usize>),
}

/// The family of clause `m` (none when its followers are checked against the position,
/// [`MoveProgram::must_change`], or read in a condition, [`MoveProgram::after`]: the
/// interpreter's alone).
pub(crate) fn classify(m: &MoveProgram) -> Family<'_> {
    if m.must_change || m.after.is_some() {
        return Family::Other;
    }
    match m.steps.as_slice() {
        [] => Family::Other,
        [st] => match &st.kind {
            LStepKind::Take(..) => Take::of(m, st).map_or(Family::Other, Family::Take),
            LStepKind::Split { .. } => Split::of(st).map_or(Family::Other, Family::Split),
            _ => Family::Other,
        },
        [del, second] if matches!(del.kind, LStepKind::Delete) => delete(m, del, second),
        [first, second] if matches!(second.kind, LStepKind::Split { .. }) => {
            take_split(m, first, second)
        }
        steps
            if steps
                .iter()
                .all(|st| matches!(st.kind, LStepKind::Take(..))) =>
        {
            Family::Takes(steps)
        }
        _ => Family::Other,
    }
}

impl<'m> Take<'m> {
    /// Step `st` of clause `m`, when it is a `take`.
    pub fn of(m: &'m MoveProgram, st: &'m LStep) -> Option<Take<'m>> {
        let LStepKind::Take(amount, cond) = &st.kind else {
            return None;
        };
        Some(Take::with(m, st, amount, cond.as_ref()))
    }

    /// Step `st` of clause `m` read as a `take` of `amount` where `cond` (a `take`'s own, or
    /// an `add` the move compiler reads as one).
    pub fn with(
        m: &'m MoveProgram,
        st: &'m LStep,
        amount: &'m LAmount,
        cond: Option<&'m CExpr>,
    ) -> Take<'m> {
        Take {
            step: st,
            sel: &st.sel.kind,
            amount,
            cond,
            guarded: !m.guards.is_empty(),
            reads_names: !m.heap_names.is_empty(),
            names_heaps: st.sel.int_slot.is_some() || st.sel.list_slot.is_some(),
        }
    }
}

impl<'m> Split<'m> {
    /// Step `st`, when it is a `split`.
    pub fn of(st: &'m LStep) -> Option<Split<'m>> {
        match st.kind {
            LStepKind::Split {
                parts,
                min_part,
                unequal,
            } => Some(Split {
                step: st,
                parts,
                min_part,
                unequal,
            }),
            _ => None,
        }
    }
}

/// `delete SEL; split SEL ...` / `delete SEL; lower SEL by B` with no guard and no named heap.
fn delete<'m>(m: &'m MoveProgram, del: &'m LStep, second: &'m LStep) -> Family<'m> {
    if !m.guards.is_empty() || !m.heap_names.is_empty() {
        return Family::Other;
    }
    let then = match second.kind {
        LStepKind::Lower(by) => Then::Lower(by),
        _ => match Split::of(second) {
            Some(split) => Then::Split(split),
            None => return Family::Other,
        },
    };
    Family::Delete(Delete { del, second, then })
}

/// `take ... from SEL h; split h into P parts`: the split selects the heap the `take` recorded.
fn take_split<'m>(m: &'m MoveProgram, first: &'m LStep, second: &'m LStep) -> Family<'m> {
    let (Some(take), Some(split)) = (Take::of(m, first), Split::of(second)) else {
        return Family::Other;
    };
    match second.sel.kind {
        LSelKind::Ref(slot) if Some(slot) == first.sel.record => Family::TakeSplit(take, split),
        _ => Family::Other,
    }
}

impl<'m> Delete<'m> {
    /// `delete C heaps; lower every other heap by d` with nothing named or recorded (record
    /// slots are read only by later steps that refer to a selection, and the second step is
    /// `Rest`): the cookie game's move, as (C, d, the `delete` step's span).
    pub fn cookie(&self) -> Option<(&'m SetValue, u64, &'m Span)> {
        let unnamed = |st: &LStep| st.sel.int_slot.is_none() && st.sel.list_slot.is_none();
        if !unnamed(self.del) || !unnamed(self.second) {
            return None;
        }
        match (&self.del.sel.kind, &self.second.sel.kind, self.then) {
            (LSelKind::Count(count), LSelKind::Rest, Then::Lower(by)) => {
                Some((count, by, &self.del.span))
            }
            _ => None,
        }
    }
}

impl<'m> Family<'m> {
    /// The cookie game's move ([`Delete::cookie`]).
    pub fn cookie(&self) -> Option<(&'m SetValue, u64, &'m Span)> {
        match self {
            Family::Delete(d) => d.cookie(),
            _ => None,
        }
    }

    /// The steps of a clause whose every step is a `take` (one or several), each read by
    /// [`Take::of`].
    pub(crate) fn take_steps(&self) -> Option<&'m [LStep]> {
        match self {
            Family::Take(t) => Some(std::slice::from_ref(t.step)),
            Family::Takes(steps) => Some(steps),
            _ => None,
        }
    }

    /// The [`Plain`] form of a one-step `take` on the canonical position `pos` of a symmetric
    /// shape (non-empty, every heap at least the least size), or `None`. `names` admits a
    /// selection that names its heaps and `take same s in S` (with no guard and no `where`,
    /// nothing reads the names).
    pub fn plain(&self, shape: &ShapeSpec, pos: &[u32], names: bool) -> Option<Plain<'m>> {
        if pos.is_empty() || pos.iter().any(|&h| h < shape.lower) {
            return None;
        }
        self.plain_on(shape, Some(pos.len()), names)
    }

    /// The [`Plain`] form of a one-step `take` on every valid non-empty position of `n` heaps
    /// (`None`: of any number of heaps, so that `take same S from C heaps`, plain only on `C`
    /// heaps, is not).
    pub fn plain_on(&self, shape: &ShapeSpec, n: Option<usize>, names: bool) -> Option<Plain<'m>> {
        let Family::Take(t) = self else {
            return None;
        };
        if !shape.symmetric()
            || t.guarded
            || t.reads_names
            || t.cond.is_some()
            || (t.names_heaps && !names)
        {
            return None;
        }
        let all =
            |c: &SetValue| matches!((c, n), (SetValue::Ints(c), Some(n)) if c[..] == [n as i64]);
        match (t.sel, t.amount) {
            (LSelKind::Count(SetValue::Ints(c)), LAmount::Each(set)) if c[..] == [1] => {
                Some(Plain::OneHeap(set))
            }
            (LSelKind::Count(count), LAmount::Each(set)) => Some(Plain::Each(count, set)),
            (LSelKind::Rest, LAmount::Same(set, slot)) if names || slot.is_none() => {
                Some(Plain::AllSame(set, *slot))
            }
            (LSelKind::Count(c), LAmount::Same(set, slot))
                if all(c) && (names || slot.is_none()) =>
            {
                Some(Plain::AllSame(set, *slot))
            }
            _ => None,
        }
    }
}
