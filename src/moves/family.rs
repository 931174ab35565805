//! The one place where a lowered move clause is recognised as a family of moves: [`classify`]
//! reads one clause (parameters bound) into a [`Family`], a small typed description (which
//! heaps it chooses, how much it takes, what it reads), and [`Family::plain`] narrows a `take`
//! to the three forms whose followers need no expression at all ([`Plain`]). The generator's
//! fast paths (`generate/fast.rs`), the estimate's follower count (`estimate/lower.rs`) and the
//! move compiler (`compiled/`) consult it rather than matching the lowered program themselves. The kernels that
//! read whole multi-step programs (the cube's amount pieces, the multiset kernel's
//! `delete ...; split ...`, the sum mode's one-heap test) still match the steps they fill.

use super::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::CExpr;
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

/// What one move clause is.
#[derive(Clone, Copy, Debug)]
pub enum Family<'m> {
    /// One `take` step.
    Take(Take<'m>),
    /// `delete C heaps; lower every other heap by d`, nothing named or recorded, no guard (the
    /// cookie game's move).
    DeleteLower {
        /// C.
        count: &'m SetValue,
        /// d.
        by: u64,
        /// The `delete` step in the source.
        span: &'m Span,
    },
    /// Anything else: the interpreter's alone.
    Other,
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

/// The family of clause `m`.
pub fn classify(m: &MoveProgram) -> Family<'_> {
    match m.steps.as_slice() {
        [st] => match &st.kind {
            LStepKind::Take(amount, cond) => Family::Take(Take {
                step: st,
                sel: &st.sel.kind,
                amount,
                cond: cond.as_ref(),
                guarded: !m.guards.is_empty(),
                reads_names: !m.heap_names.is_empty(),
                names_heaps: st.sel.int_slot.is_some() || st.sel.list_slot.is_some(),
            }),
            _ => Family::Other,
        },
        [del, low] => delete_lower(m, del, low),
        _ => Family::Other,
    }
}

/// `delete COUNT heaps; lower every other heap by BY` with nothing named or recorded (record
/// slots are read only by later steps that refer to a selection, and the second step is
/// `Rest`) and no guard.
fn delete_lower<'m>(m: &'m MoveProgram, del: &'m LStep, low: &'m LStep) -> Family<'m> {
    let unnamed = |st: &LStep| st.sel.int_slot.is_none() && st.sel.list_slot.is_none();
    if !m.guards.is_empty() || !m.heap_names.is_empty() || !unnamed(del) || !unnamed(low) {
        return Family::Other;
    }
    match (&del.sel.kind, &del.kind, &low.sel.kind, &low.kind) {
        (LSelKind::Count(count), LStepKind::Delete, LSelKind::Rest, LStepKind::Lower(by)) => {
            Family::DeleteLower {
                count,
                by: *by,
                span: &del.span,
            }
        }
        _ => Family::Other,
    }
}

impl<'m> Family<'m> {
    /// The [`Plain`] form of a one-step `take` on the canonical position `pos` of a symmetric
    /// shape (non-empty, every heap at least the least size), or `None`. `names` admits a
    /// selection that names its heaps and `take same s in S` (with no guard and no `where`,
    /// nothing reads the names).
    pub fn plain(&self, shape: &ShapeSpec, pos: &[u32], names: bool) -> Option<Plain<'m>> {
        let Family::Take(t) = self else {
            return None;
        };
        if !shape.symmetric()
            || t.guarded
            || t.reads_names
            || t.cond.is_some()
            || (t.names_heaps && !names)
            || pos.is_empty()
            || pos.iter().any(|&h| h < shape.lower)
        {
            return None;
        }
        let all = |c: &SetValue| matches!(c, SetValue::Ints(c) if c[..] == [pos.len() as i64]);
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
