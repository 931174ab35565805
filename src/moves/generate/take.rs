//! The `take` step: amounts from a set taken from each chosen heap independently, the same
//! amount from all chosen heaps, or named amounts (with their `|s - t| < d` window) from the
//! chosen heaps in every arrangement.

use super::{real_error, Halt, Run, R};
use crate::moves::program::{LAmount, LStep};
use crate::ruleset::expr::CExpr;
use crate::ruleset::lower_amount::computed_set;
use crate::ruleset::value::{SetIter, SetValue};
use crate::syntax::ast::Span;

impl Run<'_, '_> {
    pub(super) fn take(
        &mut self,
        i: usize,
        st: &LStep,
        amount: &LAmount,
        cond: &Option<CExpr>,
        combo: &[usize],
    ) -> R {
        let span = &st.span;
        match amount {
            LAmount::Each(set) => self.take_each(i, set, None, cond, combo, 0, span),
            LAmount::List(slot, set) => {
                self.s.lists[*slot].clear();
                self.take_each(i, set, Some(*slot), cond, combo, 0, span)
            }
            LAmount::Same(set, slot) => {
                let least = combo.iter().map(|&h| self.s.vals[h]).min().unwrap_or(0);
                self.same(i, set, *slot, cond, combo, least, span)
            }
            LAmount::Named(names) => {
                let mut perm = std::mem::take(&mut self.s.perm[i]);
                perm.clear();
                perm.extend_from_slice(combo);
                let symmetric = self.shape.symmetric();
                if symmetric {
                    let vals = &self.s.vals;
                    perm.sort_by_key(|&h| (vals[h], h));
                } else {
                    perm.sort_unstable();
                }
                let mut r = Ok(());
                loop {
                    r = r.and(self.take_named(i, names, cond, &perm, 0, span));
                    if r.is_err() {
                        break;
                    }
                    let more = if symmetric {
                        let vals = &self.s.vals;
                        next_permutation_by(&mut perm, |a, b| vals[*a].cmp(&vals[*b]))
                    } else {
                        next_permutation_by(&mut perm, std::cmp::Ord::cmp)
                    };
                    if !more {
                        break;
                    }
                }
                self.s.perm[i] = perm;
                r
            }
            LAmount::Computed(form, sets) => {
                let concrete = self.computed(form, sets)?;
                self.take(i, st, &concrete, cond, combo)
            }
        }
    }

    /// The amount `form` with its sets evaluated now (the step's heaps are chosen and named).
    pub(super) fn computed(&mut self, form: &LAmount, sets: &[CExpr]) -> Result<LAmount, Halt> {
        let mut vals = Vec::with_capacity(sets.len());
        for e in sets {
            vals.push(computed_set(e.eval(&mut self.env())?));
        }
        let mut vals = vals.into_iter();
        let mut next = || vals.next().unwrap_or_else(|| SetValue::ints(Vec::new()));
        Ok(match form {
            LAmount::Each(_) => LAmount::Each(next()),
            LAmount::Same(_, slot) => LAmount::Same(next(), *slot),
            LAmount::List(slot, _) => LAmount::List(*slot, next()),
            LAmount::Named(names) => {
                LAmount::Named(names.iter().map(|(s, _)| (*s, next())).collect())
            }
            // The lowering never nests computed amounts.
            LAmount::Computed(..) => LAmount::Each(SetValue::ints(Vec::new())),
        })
    }

    /// The same amount, up to the smallest chosen heap `least`, from every heap of `combo`:
    /// the amounts are iterated, never listed, so a range up to a heap of 2^32 - 1 costs
    /// memory for none of them and stops at the budget's checks.
    #[allow(clippy::too_many_arguments)]
    fn same(
        &mut self,
        i: usize,
        set: &SetValue,
        slot: Option<usize>,
        cond: &Option<CExpr>,
        combo: &[usize],
        least: u64,
        span: &Span,
    ) -> R {
        let mut iter = set
            .iter_upto(least as i64)
            .map_err(|e| real_error(e, span))?;
        while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
            self.s.watch.tick()?;
            if a < 0 {
                continue;
            }
            let a = a as u64;
            for &h in combo {
                self.s.vals[h] -= a;
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
                self.s.vals[h] += a;
            }
            r?;
        }
        Ok(())
    }

    /// Independent amounts for `combo[j..]`, recorded in a list slot if given.
    #[allow(clippy::too_many_arguments)]
    fn take_each(
        &mut self,
        i: usize,
        set: &SetValue,
        list: Option<usize>,
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
        let mut iter = set.iter_upto(v as i64).map_err(|e| real_error(e, span))?;
        while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
            self.s.watch.tick()?;
            if a < 0 {
                continue;
            }
            let a = a as u64;
            self.s.vals[h] = v - a;
            if let Some(sl) = list {
                self.s.lists[sl].push(a as i64);
            }
            let r = self.take_each(i, set, list, cond, combo, j + 1, span);
            if let Some(sl) = list {
                self.s.lists[sl].pop();
            }
            self.s.vals[h] = v;
            r?;
        }
        Ok(())
    }

    /// Named amounts: `names[j]` is taken from heap `perm[j]`.
    fn take_named(
        &mut self,
        i: usize,
        names: &[(usize, SetValue)],
        cond: &Option<CExpr>,
        perm: &[usize],
        j: usize,
        span: &Span,
    ) -> R {
        if j == names.len() {
            if self.check(cond)? {
                self.step(i + 1)?;
            }
            return Ok(());
        }
        let (slot, set) = &names[j];
        let h = perm[j];
        let v = self.s.vals[h];
        // Amounts outside the window fail the condition's first conjunct (and, `and` being
        // evaluated left to right, nothing else of the condition would be evaluated for them).
        let (lo, hi) =
            window(cond.as_ref(), *slot, &names[..j], &self.s.ints).unwrap_or((i64::MIN, i64::MAX));
        let top = hi.min(v as i64);
        let mut iter = match set {
            SetValue::Range(a, b) => SetIter::Range((*a).max(lo), b.map_or(top, |b| b.min(top))),
            _ => set.iter_upto(top).map_err(|e| real_error(e, span))?,
        };
        while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
            self.s.watch.tick()?;
            if a < 0 || a < lo {
                continue;
            }
            self.s.vals[h] = v - a as u64;
            self.s.ints[*slot] = a;
            let r = self.take_named(i, names, cond, perm, j + 1, span);
            self.s.vals[h] = v;
            r?;
        }
        Ok(())
    }
}

/// The amounts `lo..=hi` that the first conjunct of `cond` allows for the named amount in
/// `slot`, when that conjunct reads `|x - y| < c` or `|x - y| <= c` with `c` a constant and one
/// of x, y the slot and the other an amount named before it (`earlier`, already set).
fn window(
    cond: Option<&CExpr>,
    slot: usize,
    earlier: &[(usize, SetValue)],
    ints: &[i64],
) -> Option<(i64, i64)> {
    let (x, y, reach) = crate::moves::program::leading_window(cond?)?;
    let other = match (x == slot, y == slot) {
        (true, false) => y,
        (false, true) => x,
        _ => return None,
    };
    if !earlier.iter().any(|(s, _)| *s == other) {
        return None;
    }
    let o = ints[other];
    // |a - o| <= reach  <=>  o - reach <= a <= o + reach.
    if reach < 0 {
        return Some((1, 0));
    }
    Some((o.checked_sub(reach)?, o.checked_add(reach)?))
}

/// The next permutation in the order `cmp` (skipping equal arrangements); false at the last.
fn next_permutation_by<T, F: Fn(&T, &T) -> std::cmp::Ordering>(v: &mut [T], cmp: F) -> bool {
    use std::cmp::Ordering::Less;
    if v.len() < 2 {
        return false;
    }
    let mut i = v.len() - 1;
    while i > 0 && cmp(&v[i - 1], &v[i]) != Less {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = v.len() - 1;
    while cmp(&v[i - 1], &v[j]) != Less {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}
