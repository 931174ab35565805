//! The move generator: runs the lowered move programs on a position and writes every
//! canonical follower into a reusable [`Followers`] buffer.
//!
//! Each move is a sequence of steps; a step chooses heaps among those no earlier step touched
//! (or refers to heaps named earlier), then acts on them. Choices are enumerated depth-first
//! with undo, in a [`Scratch`] whose buffers are reused, so no allocation happens per follower.
//! For symmetric shapes, heaps of equal size are interchangeable and a choice of heaps is made
//! once per multiset of sizes.

use super::followers::Followers;
use super::program::{LAmount, LSel, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::CKind;
use crate::ruleset::expr::{CExpr, Env, EvalError};
use crate::ruleset::value::{SetIter, SetValue, Value};
use crate::syntax::ast::BinOp;
use crate::syntax::ast::Span;

/// Why generating the followers of a position failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// An expression of the move could not be evaluated.
    Eval(EvalError),
    /// A move left a number of heaps the shape does not allow.
    WrongCount {
        /// The move clause.
        span: Span,
        /// Heaps left by the move.
        got: usize,
        /// Heaps the shape requires.
        want: usize,
    },
}

impl From<EvalError> for MoveError {
    fn from(e: EvalError) -> MoveError {
        MoveError::Eval(e)
    }
}

/// Why the enumeration of a move stopped early: an error, or a probe that has seen enough.
#[derive(Debug)]
enum Halt {
    Error(MoveError),
    Found,
}

impl From<MoveError> for Halt {
    fn from(e: MoveError) -> Halt {
        Halt::Error(e)
    }
}

impl From<EvalError> for Halt {
    fn from(e: EvalError) -> Halt {
        Halt::Error(MoveError::Eval(e))
    }
}

type R = Result<(), Halt>;

/// A function shown each follower as it is generated; returning true stops the generation.
pub type Probe<'p> = &'p mut dyn FnMut(&[u32]) -> bool;

/// A [`Probe`] borrowed for `'a` from a closure that lives for `'p`.
type ProbeRef<'a, 'p> = &'a mut (dyn FnMut(&[u32]) -> bool + 'p);

/// Working state of one move being enumerated; reused between calls.
#[derive(Default, Debug)]
pub struct Scratch {
    /// Heap sizes being changed. They start as the position's (u32) and only shrink or split,
    /// so every value fits in u32: the `as i64` / `as u64` casts below are lossless, and
    /// amounts are cast only after a check that they are >= 0.
    vals: Vec<u64>,
    alive: Vec<bool>,
    touched: Vec<bool>,
    sels: Vec<Vec<usize>>,
    ints: Vec<i64>,
    lists: Vec<Vec<i64>>,
    cands: Vec<Vec<usize>>,
    combos: Vec<Vec<usize>>,
    counts: Vec<Vec<i64>>,
    amounts: Vec<Vec<i64>>,
    perm: Vec<Vec<usize>>,
    newly: Vec<Vec<usize>>,
    saved: Vec<Vec<u64>>,
    /// Per step: the current combination (positions into the candidates).
    idxs: Vec<Vec<usize>>,
    out: Vec<u32>,
    /// Working memory of the fast paths.
    fast: FastScratch,
}

/// Working memory of the fast paths ([`run_fast`]).
#[derive(Default, Debug)]
struct FastScratch {
    counts: Vec<i64>,
    idx: Vec<usize>,
    cur: Vec<u32>,
}

/// The compiled moves of a ruleset, with the shape they keep.
#[derive(Clone, Debug)]
pub struct Generator {
    /// The shape of positions.
    pub shape: ShapeSpec,
    /// The move programs, in source order.
    pub moves: Vec<MoveProgram>,
}

struct Run<'a, 'p> {
    shape: &'a ShapeSpec,
    m: &'a MoveProgram,
    pos: &'a [u32],
    s: &'a mut Scratch,
    out: &'a mut Followers,
    probe: Option<ProbeRef<'a, 'p>>,
}

impl Generator {
    /// Writes every follower of the canonical position `pos` into `out` (cleared first).
    /// Followers are canonical; the same follower may appear more than once.
    pub fn followers(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
    ) -> Result<(), MoveError> {
        self.generate(pos, s, out, None).map(|_| ())
    }

    /// Like [`Generator::followers`], but shows each follower to `probe` as soon as it is
    /// generated (instead of writing it into `out`, which is left empty), and stops (returning
    /// `Ok(true)`) the first time the probe returns true.
    pub fn followers_until(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
        probe: Probe<'_>,
    ) -> Result<bool, MoveError> {
        self.generate(pos, s, out, Some(probe))
    }

    fn generate(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
        mut probe: Option<Probe<'_>>,
    ) -> Result<bool, MoveError> {
        out.clear();
        for m in &self.moves {
            let levels = m.steps.len() + 1;
            grow(&mut s.cands, levels);
            grow(&mut s.combos, levels);
            grow(&mut s.counts, levels);
            grow(&mut s.amounts, levels);
            grow(&mut s.perm, levels);
            grow(&mut s.newly, levels);
            grow(&mut s.saved, levels);
            grow(&mut s.idxs, levels);
            grow(&mut s.sels, m.sel_slots);
            grow(&mut s.lists, m.list_slots);
            if s.ints.len() < m.int_slots {
                s.ints.resize(m.int_slots, 0);
            }
            if let Some(fast) = fast_kind(&self.shape, m, pos) {
                match run_fast(
                    &self.shape,
                    fast,
                    pos,
                    (&mut s.out, &mut s.fast),
                    out,
                    probe.as_deref_mut(),
                ) {
                    Ok(()) => continue,
                    Err(Halt::Found) => return Ok(true),
                    Err(Halt::Error(e)) => return Err(e),
                }
            }
            let mut run = Run {
                shape: &self.shape,
                m,
                pos,
                s: &mut *s,
                out: &mut *out,
                probe: probe.as_deref_mut(),
            };
            match run.run() {
                Ok(()) => {}
                Err(Halt::Found) => return Ok(true),
                Err(Halt::Error(e)) => return Err(e),
            }
        }
        Ok(false)
    }
}

fn grow<T: Default>(v: &mut Vec<T>, n: usize) {
    if v.len() < n {
        v.resize_with(n, T::default);
    }
}

impl Run<'_, '_> {
    fn env(&mut self) -> Env<'_> {
        Env {
            heaps: self.pos,
            ints: &mut self.s.ints,
            lists: &self.s.lists,
        }
    }

    fn check(&mut self, cond: &Option<CExpr>) -> Result<bool, MoveError> {
        match cond {
            None => Ok(true),
            Some(c) => match super::quick_eval::quick_bool(c, &self.s.ints) {
                Some(b) => Ok(b),
                None => Ok(c.eval_bool(&mut self.env())?),
            },
        }
    }

    fn run(&mut self) -> R {
        let m = self.m;
        for &(slot, i) in &m.heap_names {
            self.s.ints[slot] = i64::from(self.pos[i]);
        }
        for (g, negated) in &m.guards {
            if g.eval_bool(&mut self.env())? == *negated {
                return Ok(());
            }
        }
        self.s.vals.clear();
        self.s.vals.extend(self.pos.iter().map(|&h| u64::from(h)));
        self.s.alive.clear();
        self.s.alive.resize(self.pos.len(), true);
        self.s.touched.clear();
        self.s.touched.resize(self.pos.len(), false);
        self.step(0)
    }

    /// Chooses the heaps of step `i`, then acts.
    fn step(&mut self, i: usize) -> R {
        let m = self.m;
        if i == m.steps.len() {
            return self.emit();
        }
        let st = &m.steps[i];
        let mut cands = std::mem::take(&mut self.s.cands[i]);
        cands.clear();
        for h in 0..self.s.vals.len() {
            if self.s.alive[h] && !self.s.touched[h] {
                cands.push(h);
            }
        }
        let mut combo = std::mem::take(&mut self.s.combos[i]);
        let result = self.choose(i, st, &cands, &mut combo);
        self.s.cands[i] = cands;
        self.s.combos[i] = combo;
        result
    }

    fn choose(&mut self, i: usize, st: &LStep, cands: &[usize], combo: &mut Vec<usize>) -> R {
        match &st.sel.kind {
            LSelKind::Rest => {
                combo.clear();
                combo.extend_from_slice(cands);
                self.act(i, st, combo)
            }
            LSelKind::TheOther => {
                if cands.len() != 1 {
                    return Ok(());
                }
                combo.clear();
                combo.push(cands[0]);
                self.act(i, st, combo)
            }
            LSelKind::Named(idx) => {
                if !cands.contains(idx) {
                    return Ok(());
                }
                combo.clear();
                combo.push(*idx);
                self.act(i, st, combo)
            }
            LSelKind::Ref(slot) => {
                combo.clear();
                combo.extend_from_slice(&self.s.sels[*slot]);
                if combo.iter().any(|&h| !self.s.alive[h]) {
                    return Ok(());
                }
                self.act(i, st, combo)
            }
            LSelKind::Count(set) => {
                let mut counts = std::mem::take(&mut self.s.counts[i]);
                let r = set.members_upto(cands.len() as i64, &mut counts);
                let result = match r {
                    Ok(()) => self.choose_counts(i, st, cands, combo, &counts),
                    Err(e) => Err(Halt::Error(MoveError::Eval(EvalError {
                        kind: crate::ruleset::expr::EvalErrorKind::Real(e),
                        span: st.span.clone(),
                    }))),
                };
                self.s.counts[i] = counts;
                result
            }
        }
    }

    fn choose_counts(
        &mut self,
        i: usize,
        st: &LStep,
        cands: &[usize],
        combo: &mut Vec<usize>,
        counts: &[i64],
    ) -> R {
        let symmetric = self.shape.symmetric();
        for &c in counts {
            let Ok(c) = usize::try_from(c) else { continue };
            if c > cands.len() {
                break;
            }
            // Positions into `cands`, in increasing order: the next combination each round.
            let mut idx = std::mem::take(&mut self.s.idxs[i]);
            idx.clear();
            idx.extend(0..c);
            let r = loop {
                if !symmetric || self.canonical_choice(cands, &idx) {
                    combo.clear();
                    combo.extend(idx.iter().map(|&j| cands[j]));
                    if let Err(e) = self.act(i, st, combo) {
                        break Err(e);
                    }
                }
                if !next_combination(&mut idx, cands.len()) {
                    break Ok(());
                }
            };
            self.s.idxs[i] = idx;
            r?;
        }
        Ok(())
    }

    /// With heaps of equal size interchangeable, a choice is made once: a heap is chosen
    /// only if the candidate before it, when of the same size, is chosen too.
    fn canonical_choice(&self, cands: &[usize], idx: &[usize]) -> bool {
        let mut k = 0;
        for j in 0..cands.len() {
            let chosen = k < idx.len() && idx[k] == j;
            if chosen {
                if j > 0
                    && self.s.vals[cands[j - 1]] == self.s.vals[cands[j]]
                    && !(k > 0 && idx[k - 1] == j - 1)
                {
                    return false;
                }
                k += 1;
            }
        }
        true
    }

    /// Records and marks the chosen heaps of step `i`, then performs the step's action.
    fn act(&mut self, i: usize, st: &LStep, combo: &[usize]) -> R {
        let sel: &LSel = &st.sel;
        if let Some(slot) = sel.record {
            let rec = &mut self.s.sels[slot];
            rec.clear();
            rec.extend_from_slice(combo);
        }
        if let Some(slot) = sel.int_slot {
            self.s.ints[slot] = combo.first().map_or(0, |&h| self.s.vals[h] as i64);
        }
        if let Some(slot) = sel.list_slot {
            let list = &mut self.s.lists[slot];
            list.clear();
            list.extend(combo.iter().map(|&h| self.s.vals[h] as i64));
        }
        let mut newly = std::mem::take(&mut self.s.newly[i]);
        newly.clear();
        for &h in combo {
            if !self.s.touched[h] {
                self.s.touched[h] = true;
                newly.push(h);
            }
        }
        let result = self.perform(i, st, combo);
        for &h in &newly {
            self.s.touched[h] = false;
        }
        self.s.newly[i] = newly;
        result
    }

    fn perform(&mut self, i: usize, st: &LStep, combo: &[usize]) -> R {
        match &st.kind {
            LStepKind::Keep(cond) => {
                if self.check(cond)? {
                    self.step(i + 1)?;
                }
                Ok(())
            }
            LStepKind::Delete => {
                for &h in combo {
                    self.s.alive[h] = false;
                }
                let r = self.step(i + 1);
                for &h in combo {
                    self.s.alive[h] = true;
                }
                r
            }
            LStepKind::Lower(by) => {
                let mut saved = std::mem::take(&mut self.s.saved[i]);
                saved.clear();
                for &h in combo {
                    saved.push(self.s.vals[h]);
                    self.s.vals[h] = self.s.vals[h].saturating_sub(*by);
                }
                let r = self.step(i + 1);
                for (k, &h) in combo.iter().enumerate() {
                    self.s.vals[h] = saved[k];
                }
                self.s.saved[i] = saved;
                r
            }
            LStepKind::Split {
                parts, min_part, ..
            } => {
                if combo.is_empty() {
                    return Ok(());
                }
                self.split_heap(i, combo, 0, *parts, u64::from(*min_part))
            }
            LStepKind::Take(amount, cond) => {
                if combo.is_empty() {
                    return Ok(());
                }
                self.take(i, st, amount, cond, combo)
            }
        }
    }

    /// Splits `combo[j..]` one heap at a time, then goes on with step `i + 1`.
    fn split_heap(&mut self, i: usize, combo: &[usize], j: usize, parts: usize, min: u64) -> R {
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

    fn take(
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
                let mut amounts = std::mem::take(&mut self.s.amounts[i]);
                let r = self.same(i, set, *slot, cond, combo, least, &mut amounts, span);
                self.s.amounts[i] = amounts;
                r
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
                        next_permutation_by(&mut perm, |a, b| a.cmp(b))
                    };
                    if !more {
                        break;
                    }
                }
                self.s.perm[i] = perm;
                r
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn same(
        &mut self,
        i: usize,
        set: &SetValue,
        slot: Option<usize>,
        cond: &Option<CExpr>,
        combo: &[usize],
        least: u64,
        amounts: &mut Vec<i64>,
        span: &Span,
    ) -> R {
        set.members_upto(least as i64, amounts)
            .map_err(|e| real_error(e, span))?;
        for &a in amounts.iter() {
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
        while let Some(a) = iter.next_member() {
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
        while let Some(a) = iter.next_member() {
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

    /// Writes the follower the move has built, in canonical form.
    fn emit(&mut self) -> R {
        let s = &mut *self.s;
        s.out.clear();
        for h in 0..s.vals.len() {
            if !s.alive[h] {
                continue;
            }
            // Every step only lowers or splits heaps of the position, and heap sizes of the
            // position fit in u32, so every value here does too.
            let v = u32::try_from(s.vals[h]).expect("heap sizes never grow (emit)");
            if v < self.shape.lower {
                return Ok(());
            }
            if v == 0 && self.shape.drops_zeros() {
                continue;
            }
            s.out.push(v);
        }
        if let Some(want) = self.shape.count {
            if s.out.len() != want {
                return Err(Halt::Error(MoveError::WrongCount {
                    span: self.m.span.clone(),
                    got: s.out.len(),
                    want,
                }));
            }
        }
        if self.shape.symmetric() {
            s.out.sort_unstable();
        }
        match self.probe.as_deref_mut() {
            Some(p) => {
                if p(&s.out) {
                    return Err(Halt::Found);
                }
            }
            None => self.out.push(&s.out),
        }
        Ok(())
    }
}

/// A move simple enough to run without the interpreter (same followers, same order).
#[derive(Clone, Copy)]
enum Fast<'m> {
    /// `take SET from one heap`.
    OneHeap(&'m SetValue, &'m Span),
    /// `take SET from each of COUNT heaps`: the chosen heaps lose independent amounts.
    Each(&'m SetValue, &'m SetValue, &'m Span),
    /// `take same SET from all heaps` (or from `k heaps` when the position has k).
    AllSame(&'m SetValue, &'m Span),
}

/// Whether move `m` is one of the [`Fast`] forms on the canonical position `pos`.
fn fast_kind<'m>(shape: &ShapeSpec, m: &'m MoveProgram, pos: &[u32]) -> Option<Fast<'m>> {
    if !shape.symmetric()
        || !m.guards.is_empty()
        || !m.heap_names.is_empty()
        || m.steps.len() != 1
        || pos.is_empty()
        || pos.iter().any(|&h| h < shape.lower)
    {
        return None;
    }
    let st = &m.steps[0];
    // The record slot of a lone step is never read (only later steps refer to selections).
    if st.sel.int_slot.is_some() || st.sel.list_slot.is_some() {
        return None;
    }
    match (&st.sel.kind, &st.kind) {
        (LSelKind::Count(SetValue::Ints(c)), LStepKind::Take(LAmount::Each(set), None))
            if c[..] == [1] =>
        {
            Some(Fast::OneHeap(set, &st.span))
        }
        (LSelKind::Count(SetValue::Ints(c)), LStepKind::Take(LAmount::Same(set, None), None))
            if c[..] == [pos.len() as i64] =>
        {
            Some(Fast::AllSame(set, &st.span))
        }
        (LSelKind::Rest, LStepKind::Take(LAmount::Same(set, None), None)) => {
            Some(Fast::AllSame(set, &st.span))
        }
        (LSelKind::Count(count), LStepKind::Take(LAmount::Each(set), None)) => {
            Some(Fast::Each(count, set, &st.span))
        }
        _ => None,
    }
}

/// Runs a [`Fast`] move: the followers the interpreter would write, in the same order.
fn run_fast(
    shape: &ShapeSpec,
    fast: Fast<'_>,
    pos: &[u32],
    (buf, work): (&mut Vec<u32>, &mut FastScratch),
    out: &mut Followers,
    mut probe: Option<ProbeRef<'_, '_>>,
) -> R {
    let mut emit = |f: &[u32]| -> R {
        match probe.as_deref_mut() {
            Some(p) => {
                if p(f) {
                    return Err(Halt::Found);
                }
            }
            None => out.push(f),
        }
        Ok(())
    };
    match fast {
        Fast::OneHeap(set, span) => {
            for i in 0..pos.len() {
                // Heaps of equal size are interchangeable: the interpreter chooses the first.
                if i > 0 && pos[i] == pos[i - 1] {
                    continue;
                }
                let v = pos[i];
                let mut iter = set
                    .iter_upto(i64::from(v))
                    .map_err(|e| real_error(e, span))?;
                // `buf` is `pos` with heap i lowered to `w` at index j, kept sorted as the
                // amounts grow (w only decreases, so it only moves left).
                buf.clear();
                buf.extend_from_slice(pos);
                let mut j = i;
                while let Some(a) = iter.next_member() {
                    if a < 0 {
                        continue;
                    }
                    // 0 <= a <= v.
                    let w = v - a as u32;
                    if w < shape.lower {
                        continue;
                    }
                    while j > 0 && buf[j - 1] > w {
                        buf[j] = buf[j - 1];
                        j -= 1;
                    }
                    buf[j] = w;
                    if w == 0 && shape.drops_zeros() {
                        // The empty heap is first (sorted); it vanishes.
                        emit(&buf[1..])?;
                    } else {
                        emit(buf)?;
                    }
                }
            }
            Ok(())
        }
        Fast::Each(count, set, span) => {
            let FastScratch { counts, idx, cur } = work;
            count
                .members_upto(pos.len() as i64, counts)
                .map_err(|e| real_error(e, span))?;
            cur.clear();
            cur.extend_from_slice(pos);
            for &c in counts.iter() {
                let Ok(c) = usize::try_from(c) else { continue };
                if c > pos.len() {
                    break;
                }
                if c == 0 {
                    continue;
                }
                idx.clear();
                idx.extend(0..c);
                loop {
                    // Heaps of equal size are interchangeable: a heap is chosen only if the
                    // one before it, when of the same size, is chosen too.
                    let canonical = idx.iter().enumerate().all(|(k, &j)| {
                        j == 0 || pos[j - 1] != pos[j] || (k > 0 && idx[k - 1] == j - 1)
                    });
                    if canonical {
                        each_amounts(shape, pos, set, span, idx, 0, cur, buf, &mut emit)?;
                    }
                    if !next_combination(idx, pos.len()) {
                        break;
                    }
                }
            }
            Ok(())
        }
        Fast::AllSame(set, span) => {
            let least = pos.iter().copied().min().unwrap_or(0);
            let mut iter = set
                .iter_upto(i64::from(least))
                .map_err(|e| real_error(e, span))?;
            while let Some(a) = iter.next_member() {
                if a < 0 {
                    continue;
                }
                let a = a as u32;
                if least - a < shape.lower {
                    continue;
                }
                buf.clear();
                for &h in pos {
                    let w = h - a;
                    if w == 0 && shape.drops_zeros() {
                        continue;
                    }
                    buf.push(w);
                }
                emit(buf)?;
            }
            Ok(())
        }
    }
}

/// Independent amounts for the heaps `idx[j..]` of `cur` (a copy of `pos`), first heap
/// outermost; each result is written sorted into `buf` and emitted.
#[allow(clippy::too_many_arguments)]
fn each_amounts(
    shape: &ShapeSpec,
    pos: &[u32],
    set: &SetValue,
    span: &Span,
    idx: &[usize],
    j: usize,
    cur: &mut [u32],
    buf: &mut Vec<u32>,
    emit: &mut dyn FnMut(&[u32]) -> R,
) -> R {
    if j == idx.len() {
        buf.clear();
        for &h in cur.iter() {
            if h < shape.lower {
                return Ok(());
            }
            if h == 0 && shape.drops_zeros() {
                continue;
            }
            // Insertion into the sorted prefix.
            let mut k = buf.len();
            buf.push(h);
            while k > 0 && buf[k - 1] > h {
                buf[k] = buf[k - 1];
                k -= 1;
            }
            buf[k] = h;
        }
        return emit(buf);
    }
    let h = idx[j];
    let v = pos[h];
    let mut iter = set
        .iter_upto(i64::from(v))
        .map_err(|e| real_error(e, span))?;
    let mut r = Ok(());
    while let Some(a) = iter.next_member() {
        if a < 0 {
            continue;
        }
        // 0 <= a <= v.
        cur[h] = v - a as u32;
        r = each_amounts(shape, pos, set, span, idx, j + 1, cur, buf, emit);
        if r.is_err() {
            break;
        }
    }
    cur[h] = v;
    r
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
    let mut c = cond?;
    while let CKind::Bin(BinOp::And, a, _) = &c.kind {
        c = a;
    }
    let CKind::Bin(op @ (BinOp::Lt | BinOp::Le), lhs, rhs) = &c.kind else {
        return None;
    };
    let CKind::Const(Value::Int(bound)) = rhs.kind else {
        return None;
    };
    let CKind::Abs(diff) = &lhs.kind else {
        return None;
    };
    let CKind::Bin(BinOp::Sub, x, y) = &diff.kind else {
        return None;
    };
    let (CKind::IntSlot(x), CKind::IntSlot(y)) = (&x.kind, &y.kind) else {
        return None;
    };
    let other = match (*x == slot, *y == slot) {
        (true, false) => *y,
        (false, true) => *x,
        _ => return None,
    };
    if !earlier.iter().any(|(s, _)| *s == other) {
        return None;
    }
    let o = ints[other];
    // |a - o| < bound  <=>  o - bound < a < o + bound (and <= for Le).
    let reach = if *op == BinOp::Lt {
        bound.checked_sub(1)?
    } else {
        bound
    };
    if reach < 0 {
        return Some((1, 0));
    }
    Some((o.checked_sub(reach)?, o.checked_add(reach)?))
}

fn real_error(e: crate::numbers::RealError, span: &Span) -> MoveError {
    MoveError::Eval(EvalError {
        kind: crate::ruleset::expr::EvalErrorKind::Real(e),
        span: span.clone(),
    })
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

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Eval(e) => write!(f, "a move could not be evaluated: {}", e.kind),
            MoveError::WrongCount { got, want, .. } => {
                write!(
                    f,
                    "a move left {got} heaps, but positions have exactly {want}"
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}
