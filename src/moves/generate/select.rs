//! Choosing the heaps of each step (`one heap`, `k heaps`, `the rest`, named and recorded
//! selections), dispatching the step's action, and writing the finished follower.

use super::{deliver, Halt, MoveError, Run, R};
use crate::moves::combination::{next_canonical_combination, next_combination};
use crate::moves::program::{LSel, LSelKind, LStep, LStepKind};
use crate::ruleset::expr::{CExpr, Env, EvalError};

impl Run<'_, '_> {
    pub(super) fn env(&mut self) -> Env<'_> {
        Env {
            heaps: self.pos,
            ints: &mut self.s.ints,
            lists: &self.s.lists,
            stop: self.s.watch.interrupt.as_deref(),
        }
    }

    pub(super) fn check(&mut self, cond: &Option<CExpr>) -> Result<bool, MoveError> {
        match cond {
            None => Ok(true),
            Some(c) => match crate::moves::quick_eval::quick_bool(c, &self.s.ints) {
                Some(b) => Ok(b),
                None => Ok(c.eval_bool(&mut self.env())?),
            },
        }
    }

    pub(super) fn run(&mut self) -> R {
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
    pub(super) fn step(&mut self, i: usize) -> R {
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
            LSelKind::Consecutive { len, circle } => self.consecutive(i, st, *len, *circle, combo),
            LSelKind::NextTo { slot, circle, each } => {
                self.next_to(i, st, *slot, *circle, *each, combo)
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

    /// Every run of `len` untouched heaps next to each other (wrapping around in a circle).
    fn consecutive(
        &mut self,
        i: usize,
        st: &LStep,
        len: usize,
        circle: bool,
        combo: &mut Vec<usize>,
    ) -> R {
        let n = self.s.vals.len();
        if len == 0 || len > n {
            return Ok(());
        }
        let starts = match (circle, len == n) {
            (true, true) => 1,
            (true, false) => n,
            (false, _) => n - len + 1,
        };
        for start in 0..starts {
            combo.clear();
            combo.extend((start..start + len).map(|h| h % n));
            if combo.iter().all(|&h| self.s.alive[h] && !self.s.touched[h]) {
                self.act(i, st, combo)?;
            }
        }
        Ok(())
    }

    /// The neighbours of the single heap recorded in `slot`: each untouched one in turn
    /// (`each`), or all of them when none is touched (a lone heap has none, and a step on no
    /// heap makes no move).
    fn next_to(
        &mut self,
        i: usize,
        st: &LStep,
        slot: usize,
        circle: bool,
        each: bool,
        combo: &mut Vec<usize>,
    ) -> R {
        let n = self.s.vals.len();
        let &[h] = &self.s.sels[slot][..] else {
            return Ok(());
        };
        let before = if h > 0 {
            Some(h - 1)
        } else {
            circle.then(|| n - 1)
        };
        let after = if h + 1 < n {
            Some(h + 1)
        } else {
            circle.then_some(0)
        };
        let mut near: Vec<usize> = before
            .into_iter()
            .chain(after)
            .filter(|&g| g != h)
            .collect();
        near.dedup();
        if near.len() == 2 && near[0] == near[1] {
            near.pop();
        }
        let free = |s: &Self, g: usize| s.s.alive[g] && !s.s.touched[g];
        if each {
            for g in near {
                if free(self, g) {
                    combo.clear();
                    combo.push(g);
                    self.act(i, st, combo)?;
                }
            }
            return Ok(());
        }
        if !near.iter().all(|&g| free(self, g)) {
            return Ok(());
        }
        near.sort_unstable();
        combo.clear();
        combo.extend(near);
        self.act(i, st, combo)
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
                if let Err(e) = self.s.watch.tick() {
                    break Err(e.into());
                }
                debug_assert!(!symmetric || self.canonical_choice(cands, &idx));
                combo.clear();
                combo.extend(idx.iter().map(|&j| cands[j]));
                if let Err(e) = self.act(i, st, combo) {
                    break Err(e);
                }
                // With heaps of equal size interchangeable, only canonical choices are visited
                // (30 equal heaps have one choice of 15 heaps, not C(30, 15)).
                let more = if symmetric {
                    let vals = &self.s.vals;
                    next_canonical_combination(&mut idx, cands.len(), |j| {
                        vals[cands[j - 1]] == vals[cands[j]]
                    })
                } else {
                    next_combination(&mut idx, cands.len())
                };
                if !more {
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
            LStepKind::SplitEqual(parts) => {
                if combo.is_empty() {
                    return Ok(());
                }
                self.split_equal(i, st, parts, combo)
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
            LStepKind::Add(amount, cond) => {
                if combo.is_empty() {
                    return Ok(());
                }
                self.add(i, st, amount, cond, combo)
            }
        }
    }

    /// Writes the follower the move has built, in canonical form.
    fn emit(&mut self) -> R {
        let s = &mut *self.s;
        s.out.clear();
        for h in 0..s.vals.len() {
            if !s.alive[h] {
                continue;
            }
            // `add` never goes past u32::MAX; every other step only lowers or splits heaps.
            let Ok(v) = u32::try_from(s.vals[h]) else {
                return Ok(());
            };
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
        // A `set` of this clause kept its heap: a move only if the position changed.
        if self.m.must_change && s.out[..] == self.pos[..] {
            return Ok(());
        }
        // The conditions on the position after the move, with `after` the follower.
        if let Some(after) = &self.m.after {
            let list = &mut s.lists[after.slot];
            list.clear();
            list.extend(s.out.iter().map(|&h| i64::from(h)));
            for c in &after.conds {
                let mut env = Env {
                    heaps: self.pos,
                    ints: &mut s.ints,
                    lists: &s.lists,
                    stop: s.watch.interrupt.as_deref(),
                };
                if !c.eval_bool(&mut env)? {
                    return Ok(());
                }
            }
        }
        deliver(
            &s.out,
            self.rule,
            (&mut s.rule_ints, &mut s.rule_lists, &mut s.watch),
            self.out,
            self.probe.as_deref_mut(),
        )
    }
}
