//! The quick path of a clause that keeps one heap of two: `keep one heap o [where K]; take s
//! in A from the other heap [h] [where C]` on a position of two heaps, with `K` comparisons
//! of forms affine in `o` (`o >= 1`, `2 * o <= 9`), `A` a range and `C` bounds whose parts
//! read `h` or `o` ([`super::least`]) with at most one step `s mod E == R` (`E` and `R` of
//! the same forms, `s mod o == 0` in row 10a): each heap kept, its condition and the other
//! heap's window of amounts are computed inline, with no closure, no register, no
//! sub-position, and shown as one run ([`Shown::Run`]).
//!
//! Exactness: the general path ([`super::clause`]) evaluates the same conjuncts in the same
//! order; every part is within the limits of [`super::least`], so none fails where the
//! interpreter would not, and the values compared are the interpreter's. The one check that
//! can fail, a modulus outside `1..=2^40` (the interpreter's `mod 0` error), falls back as
//! the general bound does ([`super::bounds::PartStep::cut`]).

use super::bounds::{PartStep, Window};
use super::least::{LeastBounds, Part, Var};
use super::quick::run;
use super::{Amounts, CompiledMove, Fallback, Sel, Shown};
use crate::ruleset::expr::{CExpr, CKind};
use crate::syntax::ast::BinOp;

/// A conjunct of the kept heap's condition: `a op b`, both sides [`Part`]s of `o`.
#[derive(Clone)]
pub(super) struct KeptTest {
    a: Part,
    op: BinOp,
    b: Part,
}

impl KeptTest {
    /// Whether the test holds for the kept heap `o` (`0 <= o < 2^32`).
    #[inline(always)]
    fn holds(&self, o: i64) -> bool {
        let (a, b) = (self.a.at((0, 0, o)), self.b.at((0, 0, o)));
        match self.op {
            BinOp::Le => a <= b,
            BinOp::Lt => a < b,
            BinOp::Ge => a >= b,
            BinOp::Gt => a > b,
            BinOp::Eq => a == b,
            _ => a != b,
        }
    }
}

/// The conjuncts `cs` of a `keep`'s condition as [`KeptTest`]s of the heap kept, whose name
/// is in `slot`; `None` when one is of another form.
pub(super) fn tests_of(cs: &[&CExpr], slot: Option<usize>) -> Option<Vec<KeptTest>> {
    let vars = |e: &CExpr| match e.kind {
        CKind::IntSlot(i) if Some(i) == slot => Some(Var::Kept),
        _ => None,
    };
    cs.iter()
        .map(|c| {
            let CKind::Bin(op, a, b) = &c.kind else {
                return None;
            };
            let cmp = [
                BinOp::Le,
                BinOp::Lt,
                BinOp::Ge,
                BinOp::Gt,
                BinOp::Eq,
                BinOp::Ne,
            ];
            cmp.contains(op).then_some(())?;
            Some(KeptTest {
                a: Part::of(a, &vars)?,
                op: *op,
                b: Part::of(b, &vars)?,
            })
        })
        .collect()
}

/// A clause of the quick shape: the kept heap's tests, the range of amounts, the bounds and
/// the step.
pub(super) struct KeptPair {
    tests: Vec<KeptTest>,
    lo: i64,
    hi: i64,
    bounds: LeastBounds,
    step: Option<PartStep>,
}

impl CompiledMove {
    /// The quick shape of the clause, when it has one: a `keep` whose condition is
    /// [`KeptTest`]s, then a `take` from the other heap of a range of amounts, no filter, no
    /// excluded amounts, no later step, bounds and step of [`Part`]s.
    pub(super) fn kept_pair_of(&self) -> Option<KeptPair> {
        let tests = self.keep.as_ref()?.quick_tests()?;
        let simple = self.filter.is_empty() && self.exclude.is_none() && self.then.is_empty();
        if !simple || self.each_heap || !matches!(self.sel, Sel::TheOther) {
            return None;
        }
        let Amounts::Range(lo, hi) = self.amounts else {
            return None;
        };
        let (bounds, step) = self.bounds.on_parts()?;
        Some(KeptPair {
            tests,
            lo,
            hi: hi.unwrap_or(i64::MAX),
            bounds,
            step,
        })
    }

    /// The moves of the clause of the quick shape `q` on the position `pos` of two heaps (the
    /// guards and the position's conjuncts already passed), as the general path shows them:
    /// each heap kept (each size once on a symmetric shape), the other heap's run.
    #[inline(always)]
    pub(super) fn kept_pair_each(
        &self,
        q: &KeptPair,
        pos: &[u32],
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        for j in 0..2 {
            if j == 1 && self.symmetric && pos[0] == pos[1] {
                continue;
            }
            let (o, x) = (i64::from(pos[j]), i64::from(pos[1 - j]));
            if !q.tests.iter().all(|t| t.holds(o)) {
                continue;
            }
            let w = Window {
                lo: q.lo,
                hi: q.hi.min(x - i64::from(self.lower)),
                step: 1,
                res: 0,
            };
            let w = q.bounds.cut((x, 0, o), w);
            let w = match &q.step {
                Some(st) => st.cut((x, 0, o), w).ok_or(Fallback)?,
                None => w,
            };
            if run(w, &[1 - j], f) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
