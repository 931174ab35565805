//! The `split` step: each chosen heap is replaced by `parts` heaps (non-decreasing, each at
//! least the minimum part, strictly increasing with `unequal`), every partition in turn.

use super::{Run, R};
use crate::moves::program::LStepKind;

impl Run<'_, '_> {
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
