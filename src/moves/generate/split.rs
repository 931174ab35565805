//! The `split` step: each chosen heap is replaced by `parts` heaps (non-decreasing, each at
//! least the minimum part, strictly increasing with `unequal`), every partition in turn.

use super::{real_error, MoveError, Run, R};
use crate::moves::program::{LStep, LStepKind};
use crate::ruleset::expr::{CExpr, EvalError, EvalErrorKind};
use crate::ruleset::lower_split::MAX_EQUAL_PARTS;
use crate::ruleset::value::Value;

impl Run<'_, '_> {
    /// `split ... into N equal parts`: for each number `k >= 2` of parts in `N` (evaluated
    /// now, the heaps chosen) that divides every chosen heap, each becomes `k` heaps of a
    /// `k`-th of it; then step `i + 1`.
    pub(super) fn split_equal(
        &mut self,
        i: usize,
        st: &LStep,
        parts: &CExpr,
        combo: &[usize],
    ) -> R {
        // The numbers of parts that divide every chosen heap: the divisors of their gcd.
        let g = combo.iter().fold(0u64, |g, &h| gcd(g, self.s.vals[h]));
        let mut ks = std::mem::take(&mut self.s.equal[i]);
        ks.clear();
        let r = self.equal_counts(parts, g, &mut ks, st);
        let r = r.and_then(|()| {
            for &k in &ks {
                let k = k as u64;
                if k > MAX_EQUAL_PARTS {
                    return Err(MoveError::Eval(EvalError {
                        kind: EvalErrorKind::Domain(format!(
                            "a heap split into {k} equal parts (at most {MAX_EQUAL_PARTS})"
                        )),
                        span: st.span.clone(),
                    })
                    .into());
                }
                self.split_each_equal(i, combo, k)?;
            }
            Ok(())
        });
        self.s.equal[i] = ks;
        r
    }

    /// The divisors `k >= 2` of `g` that `parts` gives, in increasing order, into `ks`.
    fn equal_counts(&mut self, parts: &CExpr, g: u64, ks: &mut Vec<i64>, st: &LStep) -> R {
        let value = parts.eval(&mut self.env())?;
        let mut d = 1u64;
        while d * d <= g {
            self.s.watch.tick()?;
            if g.is_multiple_of(d) {
                ks.push(d as i64);
                if d * d != g {
                    ks.push((g / d) as i64);
                }
            }
            d += 1;
        }
        ks.sort_unstable();
        let mut keep = Ok(());
        ks.retain(|&k| {
            let member = match &value {
                Value::Int(n) => Ok(*n == k),
                Value::Set(set) => set.contains(k),
                v => unreachable!("{v:?} (a number of parts, checked when lowered)"),
            };
            match member {
                Ok(m) => k >= 2 && m,
                Err(e) => {
                    keep = Err(real_error(e, &st.span));
                    false
                }
            }
        });
        Ok(keep?)
    }

    /// Each chosen heap replaced by `k` heaps of a `k`-th of it (every heap divisible), then
    /// step `i + 1`.
    fn split_each_equal(&mut self, i: usize, combo: &[usize], k: u64) -> R {
        let base = self.s.vals.len();
        for &h in combo {
            let part = self.s.vals[h] / k;
            self.s.alive[h] = false;
            for _ in 0..k {
                self.s.vals.push(part);
                self.s.alive.push(true);
                self.s.touched.push(true);
            }
        }
        let r = self.step(i + 1);
        self.s.vals.truncate(base);
        self.s.alive.truncate(base);
        self.s.touched.truncate(base);
        for &h in combo {
            self.s.alive[h] = true;
        }
        r
    }

    /// Splits `combo[j..]` one heap at a time, then goes on with step `i + 1`.
    pub(super) fn split_heap(
        &mut self,
        i: usize,
        combo: &[usize],
        j: usize,
        parts: usize,
        min: u64,
    ) -> R {
        if j == combo.len() {
            return self.step(i + 1);
        }
        let h = combo[j];
        let v = self.s.vals[h];
        let need = min.saturating_mul(parts as u64);
        if v < need || parts == 0 {
            return Ok(());
        }
        self.s.alive[h] = false;
        let base = self.s.vals.len();
        for _ in 0..parts {
            self.s.vals.push(0);
            self.s.alive.push(true);
            self.s.touched.push(true);
        }
        let r = self.partitions(i, combo, j, base, 0, parts, v, min);
        self.s.vals.truncate(base);
        self.s.alive.truncate(base);
        self.s.touched.truncate(base);
        self.s.alive[h] = true;
        r
    }

    /// Writes the non-decreasing parts `k..parts` (each >= `least`) summing to `rest` at
    /// `vals[base + k..]`, and for each partition goes on with the next heap.
    #[allow(clippy::too_many_arguments)]
    fn partitions(
        &mut self,
        i: usize,
        combo: &[usize],
        j: usize,
        base: usize,
        k: usize,
        parts: usize,
        rest: u64,
        least: u64,
    ) -> R {
        let left = (parts - k) as u64;
        if left == 1 {
            if rest < least {
                // Only with `unequal` (the last part must exceed the one before).
                return Ok(());
            }
            self.s.vals[base + k] = rest;
            return self.split_heap(i, combo, j + 1, parts, self.min_part_of(i));
        }
        // This part p satisfies least <= p and p * left <= rest.
        let mut p = least;
        while p.saturating_mul(left) <= rest {
            self.s.vals[base + k] = p;
            let next = p + u64::from(self.unequal(i));
            self.partitions(i, combo, j, base, k + 1, parts, rest - p, next)?;
            p += 1;
        }
        Ok(())
    }

    /// Whether the split of step `i` wants unequal parts.
    fn unequal(&self, i: usize) -> bool {
        matches!(self.m.steps[i].kind, LStepKind::Split { unequal: true, .. })
    }

    fn min_part_of(&self, i: usize) -> u64 {
        match self.m.steps[i].kind {
            LStepKind::Split { min_part, .. } => u64::from(min_part),
            _ => 0,
        }
    }
}

/// The greatest common divisor (`gcd(0, n) = n`).
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
