//! The `add` step (and the second half of `move ... from ... to ...`): amounts from a finite
//! set added to each chosen heap independently, or the same amount to all. A heap would grow
//! past `u32::MAX` only with amounts beyond it, which are skipped (no move).

use super::{real_error, Halt, Run, R};
use crate::moves::program::{LAmount, LStep};
use crate::ruleset::expr::{CExpr, EvalError, EvalErrorKind};
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

/// The most a heap holds.
const MOST: u64 = u32::MAX as u64;

impl Run<'_, '_> {
    pub(super) fn add(
        &mut self,
        i: usize,
        st: &LStep,
        amount: &LAmount,
        cond: &Option<CExpr>,
        combo: &[usize],
    ) -> R {
        let span = &st.span;
        match amount {
            LAmount::Computed(form, sets) => {
                let concrete = self.computed(form, sets)?;
                if let LAmount::Each(s) | LAmount::Same(s, _) = &concrete {
                    if !s.is_finite() {
                        return Err(Halt::Error(
                            EvalError {
                                kind: EvalErrorKind::Domain(
                                    "an amount added must come from a finite set".to_string(),
                                ),
                                span: span.clone(),
                            }
                            .into(),
                        ));
                    }
                }
                self.add(i, st, &concrete, cond, combo)
            }
            LAmount::Each(set) => self.add_each(i, set, cond, combo, 0, span),
            LAmount::Same(set, slot) => self.add_same(i, set, *slot, cond, combo, span),
            LAmount::Named(names) if names.len() == 1 => {
                self.add_same(i, &names[0].1, Some(names[0].0), cond, combo, span)
            }
            // The lowering refuses several named amounts and lists for `add`.
            LAmount::Named(_) | LAmount::List(..) => Ok(()),
        }
    }

    /// Independent amounts added to `combo[j..]`.
    fn add_each(
        &mut self,
        i: usize,
        set: &SetValue,
        cond: &Option<CExpr>,
        combo: &[usize],
        j: usize,
        span: &Span,
    ) -> R {
        if j == combo.len() {
            if self.check(cond)? {
                self.step(i + 1)?;
            }
            return Ok(());
        }
        let h = combo[j];
        let v = self.s.vals[h];
        let room = MOST.saturating_sub(v) as i64;
        let mut iter = set.iter_upto(room).map_err(|e| real_error(e, span))?;
        while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
            self.s.watch.tick()?;
            if a < 0 {
                continue;
            }
            self.s.vals[h] = v + a as u64;
            let r = self.add_each(i, set, cond, combo, j + 1, span);
            self.s.vals[h] = v;
            r?;
        }
        Ok(())
    }

    /// One amount added to every heap of `combo`, recorded in `slot` if named.
    fn add_same(
        &mut self,
        i: usize,
        set: &SetValue,
        slot: Option<usize>,
        cond: &Option<CExpr>,
        combo: &[usize],
        span: &Span,
    ) -> R {
        let most = combo.iter().map(|&h| self.s.vals[h]).max().unwrap_or(0);
        let room = MOST.saturating_sub(most) as i64;
        let mut iter = set.iter_upto(room).map_err(|e| real_error(e, span))?;
        while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
            self.s.watch.tick()?;
            if a < 0 {
                continue;
            }
            let a = a as u64;
            for &h in combo {
                self.s.vals[h] += a;
            }
            if let Some(sl) = slot {
                self.s.ints[sl] = a as i64;
            }
            let r = match self.check(cond) {
                Ok(true) => self.step(i + 1),
                Ok(false) => Ok(()),
                Err(e) => Err(e.into()),
            };
            for &h in combo {
                self.s.vals[h] -= a;
            }
            r?;
        }
        Ok(())
    }
}
