//! The move compiler: a lowered move clause, parameters bound, compiled once into a
//! [`CompiledMove`] that enumerates exactly its moves on a canonical position, as the heaps
//! chosen and the amount taken from each, with no expression tree walked per candidate. The
//! interpreter ([`super::generate`]) stays the reference, and the path for every clause this
//! does not compile.
//!
//! Technique: closure compilation ([`expr`]): every expression node becomes a boxed closure
//! built once per ruleset, which runs on every target including wasm32 (no JIT); the leading
//! conjuncts of a `where` that are linear in the amount become the amount loop's bounds and
//! step ([`bounds`]), so that a candidate is generated only when they hold; the rest of the
//! condition is a compiled filter.
//!
//! Compiled: a clause of one `take` step that removes at least one token (every amount >= 1),
//! with guards, on `one heap`, `C heaps` (`both heaps`, counts from a set), `all heaps`, `the
//! other heap` or `heap x`; the amount from a range or a finite set, one per heap for a single
//! heap (named or not) or `same` for several, or from a finite set chosen for each heap
//! independently (`take S from each of C heaps`, no `where`); a `where` and guards of integer
//! arithmetic,
//! comparisons, logic, constant-set membership and `min`/`max`/`sum`/`xor`/`len`/indexing of
//! `heaps` or a named selection. Everything else answers `None` from [`compile`].
//! [`CompiledMove::each`] answers `Err(Fallback)` wherever the interpreter would report an
//! error, so that the caller leaves the work to it.

pub mod bounds;
pub mod expr;

use super::family::{classify, Family};
use super::program::{LAmount, LSelKind, MoveProgram, ShapeSpec};
use crate::ruleset::value::SetValue;
use bounds::{conjuncts, Bounds, Window};
pub use expr::Regs;
use expr::{boolean, BoolFn, IntSet};

/// A compiled clause could not decide without the interpreter (an expression error, a value
/// beyond its checked range): the caller falls back to the interpreter for the whole task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fallback;

/// Moves shown to [`CompiledMove::each_shown`]'s callback for one choice of heaps.
#[derive(Clone, Copy, Debug)]
pub enum Shown<'a> {
    /// One move: the amount taken from each heap chosen.
    One(&'a [u32]),
    /// One heap chosen, every amount `first, first + step, ..` up to `last`, each a move
    /// (`1 <= first <= last <= u32::MAX`, `step >= 1`): a whole amount loop at once.
    Run {
        /// The least amount.
        first: u64,
        /// The largest amount (`last - first` a multiple of `step`).
        last: u64,
        /// The step.
        step: u64,
    },
}

/// How a compiled clause chooses its heaps.
enum Sel {
    /// `C heaps` for every count in the set (at least 1).
    Counts(IntSet),
    /// Every heap.
    Rest,
    /// The single heap, when there is exactly one.
    TheOther,
    /// The heap at this index of an ordered shape.
    Named(usize),
}

/// The amounts of a compiled clause.
enum Amounts {
    /// `lo..=hi` (`hi` absent: up to the heap).
    Range(i64, Option<i64>),
    /// Finite members, increasing.
    Ints(Vec<i64>),
}

/// Most members of a finite range that `take S from each of C heaps` lists.
const MAX_EACH_MEMBERS: i64 = 4096;

/// One move clause, compiled.
pub struct CompiledMove {
    guards: Vec<(BoolFn, bool)>,
    heap_names: Vec<(usize, usize)>,
    sel: Sel,
    int_slot: Option<usize>,
    list_slot: Option<usize>,
    amount_slot: Option<usize>,
    amounts: Amounts,
    /// The amount chosen for each heap independently (`each`; `amounts` is `Ints`).
    each_heap: bool,
    bounds: Bounds,
    filter: Vec<BoolFn>,
    lower: u32,
    symmetric: bool,
    /// Slots the registers need.
    int_slots: usize,
    list_slots: usize,
}

/// Compiles every clause of a ruleset, or `None` when one does not compile.
pub fn compile_all(shape: &ShapeSpec, moves: &[MoveProgram]) -> Option<Vec<CompiledMove>> {
    moves.iter().map(|m| compile(shape, m)).collect()
}

/// Compiles one clause, or `None` when it is not of the compiled forms.
pub fn compile(shape: &ShapeSpec, m: &MoveProgram) -> Option<CompiledMove> {
    let Family::Take(take) = classify(m) else {
        return None;
    };
    let (st, amount, cond) = (take.step, take.amount, take.cond);
    let sel = match take.sel {
        LSelKind::Count(c) => {
            let set = IntSet::of(c)?;
            // Counts beyond the heaps never apply; a count of 0 takes nothing (no move).
            Sel::Counts(set)
        }
        LSelKind::Rest => Sel::Rest,
        LSelKind::TheOther => Sel::TheOther,
        LSelKind::Named(i) => Sel::Named(*i),
        LSelKind::Ref(_) | LSelKind::Consecutive { .. } | LSelKind::NextTo { .. } => return None,
    };
    let single = match &sel {
        Sel::Counts(IntSet::Ints(v)) => v.iter().all(|&c| c <= 1),
        Sel::Counts(IntSet::Range(_, hi)) => hi.is_some_and(|h| h <= 1),
        Sel::Rest => false,
        Sel::TheOther | Sel::Named(_) => true,
    };
    let (set, amount_slot) = match amount {
        LAmount::Each(s) => (s, None),
        LAmount::Named(v) if single && v.len() == 1 => (&v[0].1, Some(v[0].0)),
        LAmount::Same(s, slot) => (s, *slot),
        _ => return None,
    };
    let amounts = match set {
        SetValue::Range(lo, hi) if *lo >= 1 => Amounts::Range(*lo, *hi),
        SetValue::Ints(v) if v.first().is_some_and(|&a| a >= 1) => Amounts::Ints(v.to_vec()),
        _ => return None,
    };
    // Amounts chosen per heap on several heaps: a finite set and no condition.
    let each_heap = matches!(amount, LAmount::Each(_)) && !single;
    let amounts = match amounts {
        Amounts::Range(lo, Some(hi)) if each_heap && hi - lo < MAX_EACH_MEMBERS => {
            Amounts::Ints((lo..=hi).collect())
        }
        Amounts::Range(..) if each_heap => return None,
        a => a,
    };
    if each_heap && cond.is_some() {
        return None;
    }
    let guards = m
        .guards
        .iter()
        .map(|(g, neg)| Some((boolean(g)?, *neg)))
        .collect::<Option<Vec<_>>>()?;
    let (bounds, filter) = match cond {
        None => (Bounds::none(), Vec::new()),
        Some(c) => {
            let cs = conjuncts(c);
            let (b, n) = match amount_slot {
                Some(slot) => Bounds::derive(&cs, slot),
                None => (Bounds::none(), 0),
            };
            let filter = cs[n..]
                .iter()
                .map(|c| boolean(c))
                .collect::<Option<Vec<_>>>()?;
            (b, filter)
        }
    };
    if shape.drops_zeros() && shape.lower > 0 {
        return None;
    }
    Some(CompiledMove {
        guards,
        heap_names: m.heap_names.clone(),
        sel,
        int_slot: st.sel.int_slot,
        list_slot: st.sel.list_slot,
        amount_slot,
        amounts,
        each_heap,
        bounds,
        filter,
        lower: shape.lower,
        symmetric: shape.symmetric(),
        int_slots: m.int_slots,
        list_slots: m.list_slots,
    })
}

/// The registers for a set of compiled clauses (every slot any of them uses).
pub fn regs_for(moves: &[CompiledMove]) -> Regs {
    Regs {
        ints: vec![0; moves.iter().map(|m| m.int_slots).max().unwrap_or(0)],
        lists: vec![Vec::new(); moves.iter().map(|m| m.list_slots).max().unwrap_or(0)],
        heaps: Vec::new(),
        combo: Vec::new(),
        take: Vec::new(),
    }
}

impl CompiledMove {
    /// How many conjuncts of the condition became bounds of the amount's loop.
    pub fn bound_count(&self) -> usize {
        self.bounds.len()
    }

    /// Shows `f` every move of the clause on the canonical position `pos` (whose sizes the
    /// caller has put in `r.heaps`): the indices into `pos` of the heaps it takes from, in
    /// increasing order, and the amount taken from each (in the same order). Stops, answering
    /// true, when `f` does. The same follower may be shown more than once (heaps of equal size
    /// are chosen once per multiset of sizes, as the interpreter does).
    pub fn each(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut impl FnMut(&[usize], &[u32]) -> bool,
    ) -> Result<bool, Fallback> {
        let mut one = [0u32];
        self.each_shown(pos, r, &mut |combo, shown| match shown {
            Shown::One(take) => f(combo, take),
            Shown::Run { first, last, step } => {
                let mut s = first;
                loop {
                    // s <= last <= u32::MAX.
                    one[0] = s as u32;
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

    /// [`CompiledMove::each`], with the amounts of one heap shown as one [`Shown::Run`] where
    /// every amount of the loop is a move (no filter), so that the caller runs the loop itself.
    pub fn each_shown(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut impl FnMut(&[usize], Shown<'_>) -> bool,
    ) -> Result<bool, Fallback> {
        for &(slot, i) in &self.heap_names {
            r.ints[slot] = i64::from(pos[i]);
        }
        for (g, negated) in &self.guards {
            if g(r).ok_or(Fallback)? == *negated {
                return Ok(false);
            }
        }
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

    fn counts(
        &self,
        pos: &[u32],
        set: &IntSet,
        idx: &mut Vec<usize>,
        take: &mut Vec<u32>,
        r: &mut Regs,
        f: &mut impl FnMut(&[usize], Shown<'_>) -> bool,
    ) -> Result<bool, Fallback> {
        let n = pos.len();
        for c in 1..=n {
            if !set.has(c as i64) {
                continue;
            }
            idx.clear();
            idx.extend(0..c);
            loop {
                if (!self.symmetric || canonical(pos, idx))
                    && self.amounts_of(pos, idx, take, r, f)?
                {
                    return Ok(true);
                }
                if !next_combination(idx, n) {
                    break;
                }
            }
        }
        Ok(false)
    }

    /// The amounts taken from the heaps `combo` of `pos`.
    #[inline]
    fn amounts_of(
        &self,
        pos: &[u32],
        combo: &[usize],
        take: &mut Vec<u32>,
        r: &mut Regs,
        f: &mut impl FnMut(&[usize], Shown<'_>) -> bool,
    ) -> Result<bool, Fallback> {
        let Some(least) = combo.iter().map(|&h| pos[h]).min() else {
            return Ok(false);
        };
        if let Some(slot) = self.int_slot {
            r.ints[slot] = i64::from(pos[combo[0]]);
        }
        if let Some(slot) = self.list_slot {
            let l = &mut r.lists[slot];
            l.clear();
            l.extend(combo.iter().map(|&h| i64::from(pos[h])));
        }
        take.clear();
        take.resize(combo.len(), 0);
        if self.each_heap {
            return Ok(self.per_heap(pos, combo, take, f));
        }
        let least = i64::from(least);
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
            Amounts::Range(lo, hi) => (*lo, hi.map_or(top, |h| h.min(top))),
            Amounts::Ints(v) => (v[0], v[v.len() - 1].min(top)),
        };
        let w = Window {
            lo,
            hi,
            step: 1,
            res: 0,
        };
        let w = self.bounds.apply(r, w).ok_or(Fallback)?;
        match &self.amounts {
            Amounts::Range(..) if self.filter.is_empty() && combo.len() == 1 => {
                // Every amount of the window is a move: 1 <= lo, hi <= least <= u32::MAX.
                let first = first_from(w.lo, w.step, w.res);
                if first <= w.hi {
                    let last = first + (w.hi - first) / w.step * w.step;
                    let run = Shown::Run {
                        first: first as u64,
                        last: last as u64,
                        step: w.step as u64,
                    };
                    return Ok(f(combo, run));
                }
            }
            Amounts::Range(..) => {
                let mut s = first_from(w.lo, w.step, w.res);
                while s <= w.hi {
                    if self.emit(s, least, combo, take, r, f)? {
                        return Ok(true);
                    }
                    s += w.step;
                }
            }
            Amounts::Ints(v) => {
                for &s in v {
                    if s > w.hi {
                        break;
                    }
                    if s >= w.lo
                        && s.rem_euclid(w.step) == w.res
                        && self.emit(s, least, combo, take, r, f)?
                    {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    #[inline(always)]
    fn emit(
        &self,
        s: i64,
        least: i64,
        combo: &[usize],
        take: &mut [u32],
        r: &mut Regs,
        f: &mut impl FnMut(&[usize], Shown<'_>) -> bool,
    ) -> Result<bool, Fallback> {
        if !self.filter.is_empty() {
            if let Some(slot) = self.amount_slot {
                r.ints[slot] = s;
            }
            for c in &self.filter {
                if !c(r).ok_or(Fallback)? {
                    return Ok(false);
                }
            }
            if least - s < i64::from(self.lower) {
                return Ok(false);
            }
        }
        // 1 <= s <= least <= u32::MAX.
        take.fill(s as u32);
        Ok(f(combo, Shown::One(take)))
    }

    /// `each`: every choice of an amount for each heap of `combo` from the finite set, none
    /// leaving its heap below the shape's least size, the last heap's amount fastest.
    fn per_heap(
        &self,
        pos: &[u32],
        combo: &[usize],
        take: &mut [u32],
        f: &mut impl FnMut(&[usize], Shown<'_>) -> bool,
    ) -> bool {
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

/// The least `s >= lo` with `s mod step == res`.
fn first_from(lo: i64, step: i64, res: i64) -> i64 {
    if step == 1 {
        return lo;
    }
    lo + (res - lo).rem_euclid(step)
}

/// With heaps of equal size interchangeable, a choice is made once: a heap is chosen only if
/// the heap before it, when of the same size, is chosen too.
fn canonical(pos: &[u32], idx: &[usize]) -> bool {
    for (k, &j) in idx.iter().enumerate() {
        if j > 0 && pos[j - 1] == pos[j] && !(k > 0 && idx[k - 1] == j - 1) {
            return false;
        }
    }
    true
}

/// Advances `idx` (increasing positions into `0..n`) to the next combination.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let c = idx.len();
    let mut k = c;
    while k > 0 {
        k -= 1;
        if idx[k] < n - c + k {
            idx[k] += 1;
            for m in k + 1..c {
                idx[m] = idx[m - 1] + 1;
            }
            return true;
        }
    }
    false
}
