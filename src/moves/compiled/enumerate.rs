//! The moves of a compiled clause on one position: the guards, the choices of heaps (each
//! multiset of sizes once, as the interpreter chooses), and for each choice the amounts, as
//! single moves ([`Shown::One`]) or, where every amount of the loop's window is a move, as one
//! run ([`Shown::Run`]) whose loop the caller runs on its own representation.

use super::bounds::Window;
use super::expr::{IntSet, Regs};
use super::quick::{first_from, run, QUICK_HEAPS};
use super::{tried, Amounts, CompiledMove, Fallback, Quick, Sel, Shown};
use crate::moves::combination::next_canonical_combination;

impl CompiledMove {
    /// Whether the amount's loop ends at the first amount that fails the filter's first
    /// conjunct, which falls ([`super::falling`]).
    pub fn ends_where_the_filter_falls(&self) -> bool {
        self.falling
    }

    /// How many conjuncts of the condition are evaluated per candidate amount (a filter).
    pub fn filter_len(&self) -> usize {
        self.filter.len()
    }

    /// How many conjuncts of the condition became bounds of the amount's loop.
    pub fn bound_count(&self) -> usize {
        self.bounds.len()
    }

    /// Shows `f` every move of the clause on the canonical position `pos` (whose sizes the
    /// caller has put in `r.heaps`): the indices into `pos` of the heaps it takes from (in
    /// increasing order for one `take`; the heaps of later steps after the first's), and the
    /// amount taken from each (in the same order). Stops, answering
    /// true, when `f` does. The same follower may be shown more than once (heaps of equal size
    /// are chosen once per multiset of sizes, as the interpreter does).
    pub fn each(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut impl FnMut(&[usize], &[u32]) -> bool,
    ) -> Result<bool, Fallback> {
        let mut one: Vec<u32> = Vec::new();
        self.each_shown(pos, r, &mut |combo, shown| match shown {
            Shown::One(take) => f(combo, take),
            Shown::Tick => false,
            Shown::Run { first, last, step } => {
                let mut s = first;
                loop {
                    // s <= last <= u32::MAX.
                    one.clear();
                    one.resize(combo.len(), s as u32);
                    if f(combo, &one) {
                        return true;
                    }
                    if last - s < step {
                        return false;
                    }
                    s += step;
                }
            }
        })
    }

    /// [`CompiledMove::each`], with the amounts of a choice of heaps shown as one
    /// [`Shown::Run`] where every amount of the loop is a move and the same amount is taken
    /// from every heap chosen (one heap, `same`, or `each` from a one-member set), so that the
    /// caller runs the loop itself.
    pub(crate) fn each_shown(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        if let Some(to) = &self.to {
            return self.each_moved(to, pos, r, f);
        }
        if self.deletes.is_some() {
            // Its followers are written whole ([`CompiledMove::each_follower`]).
            return Err(Fallback);
        }
        match self.then.is_empty() {
            true => self.each_first(pos, r, f),
            false => self.each_then(pos, r, f),
        }
    }

    /// The moves of the clause's (first) `take`, as [`CompiledMove::each_shown`] shows them.
    pub(super) fn each_first(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        for &(slot, i) in &self.heap_names {
            r.ints[slot] = i64::from(pos[i]);
        }
        for (g, negated) in &self.guards {
            if g(r).ok_or(Fallback)? == *negated {
                return Ok(false);
            }
        }
        for c in &self.position_filter {
            if !c(r).ok_or(Fallback)? {
                return Ok(false);
            }
        }
        if let (Some(sel), Some(Quick::Least(bounds))) = (self.quick_sel, &self.quick) {
            if pos.len() <= QUICK_HEAPS {
                return Ok(self.quick_each(sel, bounds, pos, f));
            }
        }
        if let (Some(q), 2) = (&self.kept_pair, pos.len()) {
            return self.kept_pair_each(q, pos, f);
        }
        r.window = None;
        match &self.keep {
            Some(k) => self.each_kept(k, pos, r, f),
            None => self.choose(pos, r, f),
        }
    }

    /// The choices of heaps of `pos` (all of them untouched), each with its amounts.
    pub(super) fn choose(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let n = pos.len();
        let mut combo = std::mem::take(&mut r.combo);
        let mut take = std::mem::take(&mut r.take);
        combo.clear();
        let found = match &self.sel {
            Sel::Rest => {
                combo.extend(0..n);
                self.amounts_of(pos, &combo, &mut take, r, f)
            }
            Sel::TheOther if n == 1 => {
                combo.push(0);
                self.amounts_of(pos, &combo, &mut take, r, f)
            }
            Sel::TheOther => Ok(false),
            Sel::Named(i) => {
                combo.push(*i);
                self.amounts_of(pos, &combo, &mut take, r, f)
            }
            Sel::Counts(set) => self.counts(pos, set, &mut combo, &mut take, r, f),
        };
        r.combo = combo;
        r.take = take;
        found
    }

    /// Every canonical choice of `c` heaps for the counts `c` of the set.
    fn counts(
        &self,
        pos: &[u32],
        set: &IntSet,
        idx: &mut Vec<usize>,
        take: &mut Vec<u32>,
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let n = pos.len();
        for c in 1..=n {
            if !set.has(c as i64) {
                continue;
            }
            if c == 1 {
                // One heap: a heap of the size of the one before it is the same choice.
                for j in 0..n {
                    if self.symmetric && j > 0 && pos[j - 1] == pos[j] {
                        continue;
                    }
                    idx.clear();
                    idx.push(j);
                    if self.amounts_of(pos, idx, take, r, f)? {
                        return Ok(true);
                    }
                }
                continue;
            }
            idx.clear();
            idx.extend(0..c);
            // Each multiset of sizes once: only canonical choices are visited, never all
            // `C(n, c)` of them.
            let same = |j: usize| self.symmetric && pos[j - 1] == pos[j];
            loop {
                if tried(&mut r.tried, f) || self.amounts_of(pos, idx, take, r, f)? {
                    return Ok(true);
                }
                if !next_canonical_combination(idx, n, same) {
                    break;
                }
            }
        }
        Ok(false)
    }

    /// The registers of a choice of heaps: the chosen heap's size and the chosen heaps' sizes,
    /// where the clause reads them.
    #[inline]
    pub(super) fn bind_choice(&self, pos: &[u32], combo: &[usize], r: &mut Regs) {
        if let Some(slot) = self.int_slot {
            r.ints[slot] = i64::from(pos[combo[0]]);
        }
        if let Some(slot) = self.list_slot {
            let l = &mut r.lists[slot];
            l.clear();
            l.extend(combo.iter().map(|&h| i64::from(pos[h])));
        }
    }

    /// The amounts taken from the heaps `combo` of `pos`.
    #[inline]
    pub(super) fn amounts_of(
        &self,
        pos: &[u32],
        combo: &[usize],
        take: &mut Vec<u32>,
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let Some(least) = combo.iter().map(|&h| pos[h]).min() else {
            return Ok(false);
        };
        if let Some(q) = &self.quick {
            // Nothing reads the registers of the choice: no filter, bounds that read the
            // position or the least heap alone.
            let w = self.quick_window(q, (least, pos), r)?;
            return Ok(run(w, combo, f));
        }
        self.bind_choice(pos, combo, r);
        take.clear();
        let least = self.cap(pos, combo, least);
        if self.each_heap {
            take.resize(combo.len(), 0);
            return Ok(self.per_heap(pos, combo, take, f));
        }
        let mut w = self.window(least, r)?;
        if matches!(self.amounts, Amounts::Range(..)) && self.filter.is_empty() {
            if let Some(x) = &self.exclude {
                return self.run_excluding(x, w, (pos, combo), r, f).ok_or(Fallback);
            }
            return Ok(run(w, combo, f));
        }
        take.resize(combo.len(), 0);
        // The filter's conjuncts evaluated per amount from `from` on: a falling first one
        // over a range of amounts is cut from the window by a binary search.
        let mut from = 0;
        if self.falling && w.lo <= w.hi {
            if let Amounts::Range(..) = self.amounts {
                match self.last_passing(w, r)? {
                    Some(last) => w.hi = last,
                    None => return Ok(false),
                }
                from = 1;
                if self.filter.len() == 1 {
                    // Every amount left is a move but those leaving a heap below the least
                    // size, which the filter's conjuncts all passed for.
                    w.hi = w.hi.min(least - i64::from(self.lower));
                    return Ok(run(w, combo, f));
                }
            } else {
                self.falls_safely(w.hi, r)?;
            }
        }
        self.filtered(w, (least, from), combo, take, r, f)
    }

    /// Every amount of the window `w` through the filter's conjuncts from `from` on, each
    /// passing amount a move.
    fn filtered(
        &self,
        w: Window,
        (least, from): (i64, usize),
        combo: &[usize],
        take: &mut [u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        match &self.amounts {
            Amounts::Range(..) => {
                let mut s = first_from(w.lo, w.step, w.res);
                while s <= w.hi {
                    match self.emit(s, (least, from), combo, take, r, f)? {
                        Some(true) => return Ok(true),
                        Some(false) => {}
                        None => break,
                    }
                    s += w.step;
                }
                Ok(false)
            }
            Amounts::Ints(v) => {
                for &s in v {
                    if s > w.hi {
                        break;
                    }
                    if s >= w.lo && s.rem_euclid(w.step) == w.res {
                        match self.emit(s, (least, from), combo, take, r, f)? {
                            Some(true) => return Ok(true),
                            Some(false) => {}
                            None => break,
                        }
                    }
                }
                Ok(false)
            }
        }
    }

    /// The window of amounts for heaps whose least is `least`: the amount set cut at the
    /// heap, then the bounds from the condition. Bounds that read only the position are
    /// applied once a position, to the amount set uncut (kept in `r.window`), and the window
    /// cut at the heap afterwards: each bound only raises the least amount or lowers the
    /// greatest (or sets the step), so the order does not change the amounts it leaves.
    fn window(&self, least: i64, r: &mut Regs) -> Result<Window, Fallback> {
        let lower = i64::from(self.lower);
        // With no filter, nothing is evaluated per amount, and amounts that would leave a heap
        // below the shape's least size are cut here; with one, the interpreter evaluates the
        // filter on them first (it may fail there), and so does this.
        let top = if self.filter.is_empty() {
            least - lower
        } else {
            least
        };
        let (lo, hi) = match &self.amounts {
            Amounts::Range(lo, hi) => (*lo, hi.unwrap_or(i64::MAX)),
            Amounts::Ints(v) => (v[0], v[v.len() - 1]),
        };
        let w = Window {
            lo,
            hi,
            step: 1,
            res: 0,
        };
        if !self.bounds_on_position {
            let w = Window {
                hi: hi.min(top),
                ..w
            };
            return self.bounds.apply(r, w).ok_or(Fallback);
        }
        let w = match r.window {
            Some(w) => w,
            None => {
                let w = self.bounds.apply(r, w).ok_or(Fallback)?;
                r.window = Some(w);
                w
            }
        };
        Ok(Window {
            hi: w.hi.min(top),
            ..w
        })
    }

    /// [`CompiledMove::window`] for a clause with a [`Quick`] window.
    #[inline(always)]
    fn quick_window(
        &self,
        q: &Quick,
        (least, pos): (u32, &[u32]),
        r: &mut Regs,
    ) -> Result<Window, Fallback> {
        let x = i64::from(least);
        match q {
            Quick::Position => self.window(x, r),
            Quick::Least(bounds) => {
                let Amounts::Range(lo, hi) = self.amounts else {
                    unreachable!("a quick window has a range of amounts")
                };
                let w = Window {
                    lo,
                    hi: hi.unwrap_or(i64::MAX).min(x - i64::from(self.lower)),
                    step: 1,
                    res: 0,
                };
                // A heap is chosen: the position has one.
                let m = match bounds.reads_min() {
                    true => pos.iter().copied().min().map_or(0, i64::from),
                    false => 0,
                };
                Ok(bounds.cut((x, m, 0), w))
            }
        }
    }

    /// The candidate amount `s`, through the filter's conjuncts from `from` on: `Some(true)`
    /// when `f` stopped the enumeration, `Some(false)` to go on, `None` when a falling first
    /// conjunct failed (no larger amount is a move).
    #[inline(always)]
    fn emit(
        &self,
        s: i64,
        (least, from): (i64, usize),
        combo: &[usize],
        take: &mut [u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<Option<bool>, Fallback> {
        if self.filter.len() > from {
            if let Some(slot) = self.amount_slot {
                r.ints[slot] = s;
            }
            for (k, c) in self.filter.iter().enumerate().skip(from) {
                if !c(r).ok_or(Fallback)? {
                    // A falling first conjunct fails at every larger amount too.
                    if k == 0 && self.falling {
                        return Ok(None);
                    }
                    return Ok(Some(tried(&mut r.tried, f)));
                }
            }
            if least - s < i64::from(self.lower) {
                return Ok(Some(tried(&mut r.tried, f)));
            }
        }
        // 1 <= s <= least <= u32::MAX.
        take.fill(s as u32);
        Ok(Some(f(combo, Shown::One(take))))
    }

    /// `each`: every choice of an amount for each heap of `combo` from the finite set, none
    /// leaving its heap below the shape's least size, the last heap's amount fastest.
    fn per_heap(&self, pos: &[u32], combo: &[usize], take: &mut [u32], f: &mut sink!()) -> bool {
        let Amounts::Ints(v) = &self.amounts else {
            unreachable!("`each` amounts are listed at compile time")
        };
        // The amounts that fit heap `h`: `v[..fit(h)]`.
        let fit = |h: usize| {
            let cap = i64::from(pos[combo[h]]) - i64::from(self.lower);
            v.partition_point(|&a| a <= cap)
        };
        if (0..combo.len()).any(|h| fit(h) == 0) {
            return false;
        }
        if let [a] = v[..] {
            // One member: the same amount from every heap, a run of one.
            let a = a as u64;
            return f(
                combo,
                Shown::Run {
                    first: a,
                    last: a,
                    step: 1,
                },
            );
        }
        // Odometer over the members: take[h] runs through v[..fit(h)], the last heap fastest.
        for t in take.iter_mut() {
            // v's members are >= 1 and at most a heap's size <= u32::MAX.
            *t = v[0] as u32;
        }
        loop {
            if f(combo, Shown::One(take)) {
                return true;
            }
            let mut h = take.len();
            loop {
                if h == 0 {
                    return false;
                }
                h -= 1;
                let next = v.partition_point(|&a| a <= i64::from(take[h]));
                if next < fit(h) {
                    take[h] = v[next] as u32;
                    break;
                }
                take[h] = v[0] as u32;
            }
        }
    }
}
