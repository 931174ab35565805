//! A `keep` of the other heaps after a one-heap `take`, whose condition excludes a few
//! amounts: `take s in 1.. from one heap h; keep the other heaps o where all(z in o: z != h -
//! s)` ("lower a heap to a size no other heap has"). The condition fails exactly at the
//! amounts `s` with `E(s) == z` for a heap `z` of `o`, `E` affine in `s` with coefficient ±1:
//! one amount a heap. The amount loop's window is cut into runs between those amounts, so no
//! candidate is tried only to be rejected.
//!
//! Exactness: `all` over the other heaps evaluates `z != E` for each until one fails; `E`'s
//! amount-free part is evaluated once a choice with the checks of a bound's parts (a value
//! beyond `±2^40` or an error falls back), so `E` never fails where this computes it, and
//! `E(s) == z` holds at exactly the amount computed here.

use super::bounds::{linear_in, Linear, Window};
use super::expr::Regs;
use super::not_compiled::NotCompiled;
use super::quick::first_from;
use super::{Amounts, CompiledMove, Shown};
use crate::moves::program::{LSelKind, LStep, LStepKind};
use crate::ruleset::expr::CKind;
use crate::syntax::ast::{BinOp, QuantKind};

/// The amounts a trailing `keep the other heaps o where all(z in o: z != E)` excludes.
pub(super) struct Exclude {
    /// `E` as `coef * s + rest`, `coef` ±1.
    e: Linear,
}

impl Exclude {
    /// The trailing `keep` step `after`, if the clause has one: compiled when the `take`
    /// before it `fits` (one heap, no `keep` before it, no filter left) and its amounts are a
    /// range.
    pub(super) fn after(
        after: Option<&LStep>,
        fits: bool,
        amounts: &Amounts,
        amount_slot: Option<usize>,
    ) -> Result<Option<Exclude>, NotCompiled> {
        let Some(st) = after else {
            return Ok(None);
        };
        if !fits {
            return Err(NotCompiled::at(
                "this `keep` after a `take` of several heaps, a condition or a `keep`",
                &st.span,
            ));
        }
        let x = Exclude::of(st, amount_slot)?;
        match amounts {
            Amounts::Range(..) => Ok(Some(x)),
            Amounts::Ints(_) => Err(NotCompiled::at(
                "a finite set of amounts before this `keep`",
                &st.span,
            )),
        }
    }

    /// The trailing `keep` step `st` of a clause whose amount is in `amount_slot`.
    pub(super) fn of(st: &LStep, amount_slot: Option<usize>) -> Result<Exclude, NotCompiled> {
        let no = || {
            NotCompiled::at(
                "this `keep` (compiled after a `take`: `keep the other heaps o where all(z in \
                 o: z != E)`, E the amount plus or minus what is known before it)",
                &st.span,
            )
        };
        let (LStepKind::Keep(Some(cond)), LSelKind::Rest, Some(o), Some(s)) =
            (&st.kind, &st.sel.kind, st.sel.list_slot, amount_slot)
        else {
            return Err(no());
        };
        let CKind::Quant(QuantKind::All, z, list, body) = &cond.kind else {
            return Err(no());
        };
        let (CKind::ListSlot(l), CKind::Bin(BinOp::Ne, a, b)) = (&list.kind, &body.kind) else {
            return Err(no());
        };
        let e = match (&a.kind, &b.kind) {
            (CKind::IntSlot(i), _) if i == z => b,
            (_, CKind::IntSlot(i)) if i == z => a,
            _ => return Err(no()),
        };
        // `E` reads neither `z` nor the list `o` (nor any list but `heaps`).
        if *l != o || !super::expr::reads_only(e, &|i| i != *z) {
            return Err(no());
        }
        match linear_in(e, s) {
            Some(e) if e.coef.abs() == 1 => Ok(Exclude { e }),
            _ => Err(no()),
        }
    }
}

impl CompiledMove {
    /// Every amount of the window `w` taken from the single heap `combo[0]` of `pos` but those
    /// the [`Exclude`] rules out, as runs between them; `None` when `E` cannot be evaluated.
    pub(super) fn run_excluding(
        &self,
        x: &Exclude,
        w: Window,
        (pos, combo): (&[u32], &[usize]),
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Option<bool> {
        let rest = x.e.rest(r)?;
        let mut cut = std::mem::take(&mut r.excluded);
        cut.clear();
        for (j, &z) in pos.iter().enumerate() {
            if j == combo[0] {
                continue;
            }
            // coef * s + rest == z, coef ±1; |rest| <= 2^40 * 64 and z < 2^32: no overflow.
            let s = x.e.coef * (i64::from(z) - rest);
            if s >= w.lo && s <= w.hi && s.rem_euclid(w.step) == w.res {
                cut.push(s);
            }
        }
        cut.sort_unstable();
        let mut from = first_from(w.lo, w.step, w.res);
        let mut stop = false;
        for &s in cut.iter().chain(std::iter::once(&(w.hi + w.step))) {
            let end = (s - w.step).min(w.hi);
            if end >= from && !stop {
                let last = from + (end - from) / w.step * w.step;
                stop = f(
                    combo,
                    Shown::Run {
                        // 1 <= lo <= from <= last <= hi <= the heap.
                        first: from as u64,
                        last: last as u64,
                        step: w.step as u64,
                    },
                );
            }
            from = from.max(s + w.step);
        }
        r.excluded = cut;
        Some(stop)
    }
}
