//! The moves of a clause of the commonest shapes, `take s in A.. from one heap h where s <= h
//! / 2`, `take same s in A.. from both heaps p where s <= min(p) / 2` or `take same A.. from
//! all heaps`: one heap chosen, two or all, every amount of a range a move (no filter), and
//! bounds that read only the least heap chosen or `min(heaps)` ([`super::least`]). Each
//! choice of heaps computes its window inline and is shown as one [`Shown::Run`], with no
//! register written, no closure called and no bound list walked; the choices are those of the
//! general loop ([`super::enumerate`]), each multiset of sizes once on a symmetric shape. A
//! window of amounts is shown as one run by [`run`], for every path.

use super::expr::{IntSet, Window};
use super::least::LeastBounds;
use super::{Amounts, CompiledMove, Quick, Sel, Shown};

/// The choices of heaps of a clause of the quick shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum QuickSel {
    /// One heap.
    One,
    /// Two heaps.
    Two,
    /// Every heap.
    All,
}

/// The most heaps of a position whose choices [`CompiledMove::quick_each`] enumerates; larger
/// positions take the general loop, which shows a [`Shown::Tick`] every
/// [`super::TICK_EVERY`] choices.
pub(super) const QUICK_HEAPS: usize = 64;

/// `0, 1, .., 63`: the heaps chosen by `all heaps`.
const ALL: [usize; QUICK_HEAPS] = {
    let mut a = [0; QUICK_HEAPS];
    let mut i = 0;
    while i < QUICK_HEAPS {
        a[i] = i;
        i += 1;
    }
    a
};

impl CompiledMove {
    /// Which quick path the clause takes, for tests and diagnostics: `"choice"` when its
    /// choices of heaps (one heap, two, or all) are enumerated by
    /// [`CompiledMove::quick_each`], `"window"` when only
    /// each choice's window is computed without the registers, `"kept pair"` for a `keep one
    /// heap` on two heaps read inline ([`super::kept`]), `None` for the general loop.
    pub fn quick_path(&self) -> Option<&'static str> {
        match (&self.quick, self.quick_sel) {
            (Some(_), Some(_)) => Some("choice"),
            (Some(_), None) => Some("window"),
            (None, _) if self.kept_pair.is_some() => Some("kept pair"),
            (None, _) => None,
        }
    }

    /// The choices of the clause when it has the quick shape.
    pub(super) fn quick_sel_of(&self) -> Option<QuickSel> {
        let Some(Quick::Least(_)) = &self.quick else {
            return None;
        };
        let count = match &self.sel {
            Sel::Rest => return Some(QuickSel::All),
            Sel::Counts(IntSet::Ints(v)) if v.len() == 1 => v[0],
            Sel::Counts(IntSet::Range(lo, Some(hi))) if lo == hi => *lo,
            _ => return None,
        };
        match count {
            1 => Some(QuickSel::One),
            2 => Some(QuickSel::Two),
            _ => None,
        }
    }

    /// Shows `f` every choice of heaps of `pos` that `sel` makes with its run of amounts;
    /// stops, answering true, when `f` does. For positions of at most [`QUICK_HEAPS`] heaps
    /// (at most 2016 pairs: no [`Shown::Tick`] needed).
    #[inline(always)]
    pub(super) fn quick_each(
        &self,
        sel: QuickSel,
        bounds: &LeastBounds,
        pos: &[u32],
        f: &mut sink!(),
    ) -> bool {
        let Amounts::Range(lo, hi) = self.amounts else {
            unreachable!("a quick clause has a range of amounts")
        };
        let (hi, lower) = (hi.unwrap_or(i64::MAX), i64::from(self.lower));
        // `min(heaps)`: the first heap of a sorted position.
        let m = match (bounds.reads_min(), self.symmetric) {
            (true, true) => pos.first().map_or(0, |&h| i64::from(h)),
            (true, false) => pos.iter().copied().min().map_or(0, i64::from),
            (false, _) => 0,
        };
        // The run of amounts from heaps whose least is `x`, shown to `f`.
        let mut show = |combo: &[usize], x: u32| {
            let x = i64::from(x);
            let w = Window {
                lo,
                hi: hi.min(x - lower),
                step: 1,
                res: 0,
            };
            let w = bounds.cut((x, m, 0), w);
            // 1 <= lo <= hi <= x <= u32::MAX: every amount a move.
            w.lo <= w.hi
                && f(
                    combo,
                    Shown::Run {
                        first: w.lo as u64,
                        last: w.hi as u64,
                        step: 1,
                    },
                )
        };
        // On a symmetric shape, a heap of the size of the one before it is chosen only with it.
        let same = |j: usize| self.symmetric && j > 0 && pos[j - 1] == pos[j];
        let n = pos.len();
        match sel {
            QuickSel::One => return (0..n).any(|j| !same(j) && show(&[j], pos[j])),
            QuickSel::All => {
                // No heap: no move.
                return pos.iter().min().is_some_and(|&x| show(&ALL[..n], x));
            }
            QuickSel::Two => {}
        }
        for i in 0..n {
            if same(i) {
                continue;
            }
            for j in i + 1..n {
                if (j - 1 == i || !same(j)) && show(&[i, j], pos[i].min(pos[j])) {
                    return true;
                }
            }
        }
        false
    }
}

/// Every amount of the window `w`, each a move, as one run (none when the window is empty).
#[inline(always)]
pub(super) fn run(w: Window, combo: &[usize], f: &mut sink!()) -> bool {
    // Every amount of the window is a move: 1 <= lo, hi <= least <= u32::MAX.
    let first = first_from(w.lo, w.step, w.res);
    if first > w.hi {
        return false;
    }
    let last = match w.step {
        1 => w.hi,
        step => first + (w.hi - first) / step * step,
    };
    let run = Shown::Run {
        first: first as u64,
        last: last as u64,
        step: w.step as u64,
    };
    f(combo, run)
}

/// The least `s >= lo` with `s mod step == res`.
pub(super) fn first_from(lo: i64, step: i64, res: i64) -> i64 {
    if step == 1 {
        return lo;
    }
    lo + (res - lo).rem_euclid(step)
}
