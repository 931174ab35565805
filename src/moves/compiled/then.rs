//! `take` steps after the clause's `take`, each on a named heap of an ordered shape, with an
//! amount computed from what the move chose so far: the lowered form of `set heap c to
//! min(c, b - s)` after `take s in 1.. from heap b` (three-row Chomp), which is a `take` of
//! `{c - v for v in {min(c, b - s)} if v < c}` from heap `c` (or `... if v == c`, the heap
//! kept as it is). For each move of the first `take`, each later step's amounts are computed
//! from the registers (an integer, a one-member comprehension as above, or a fixed finite
//! set) and each amount from 0 up to its heap is a move; the move shows every heap it takes
//! from, the later heaps after the first `take`'s.
//!
//! Exactness: the interpreter selects a named heap only when no earlier step touched it (here:
//! a first `take` that chose it has no move), sets the selection's name to the heap's size,
//! evaluates the amount once the heap is chosen and skips members below 0 or above the heap,
//! then checks the step's `where`, which reads no amount of its own (the amount is not named):
//! the same here (and, as it writes a follower, drops one with a heap below the shape's least
//! size, `each >= L`), every expression compiled to a closure that answers `None` (then
//! [`Fallback`]) wherever the interpreter would report an error. Every compiled clause takes
//! at least one token in its first `take` and adds none, so no follower equals the position,
//! and a clause whose `set` keeps its heap ([`crate::moves::program::MoveProgram::must_change`])
//! has no follower to drop.

use super::expr::{boolean, int, BoolFn, IntFn, Regs, ThenRegs};
use super::not_compiled::NotCompiled;
use super::{fold, CompiledMove, Fallback, Shown};
use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::SetValue;
use crate::syntax::ast::QuantKind;
use linear::Linear;

mod linear;

/// Most members of a fixed range of amounts a later step lists.
const MAX_FIXED: i64 = 4096;

/// What a later step takes from its heap.
enum Amount {
    /// Fixed members, increasing, each >= 0.
    Fixed(Vec<i64>),
    /// One integer, computed.
    One(IntFn),
    /// `{body for v in {member} if cond}`: `v` (in `slot`) is `member`; when `cond` holds,
    /// `body` is the amount.
    Comp {
        slot: usize,
        member: IntFn,
        cond: Option<BoolFn>,
        body: IntFn,
    },
}

/// A `take` step after the clause's `take`, compiled.
pub(super) struct Then {
    /// The heap's index in the position.
    heap: usize,
    /// The integer slot of the heap's size (its name), if it has one.
    int_slot: Option<usize>,
    amount: Amount,
    /// The step's `where`.
    cond: Option<BoolFn>,
    /// The amount and the conditions as piecewise-linear forms of the first `take`'s amount,
    /// when they are of those forms ([`super::piecewise`]).
    linear: Option<Linear>,
}

impl Then {
    /// The later steps `steps`, each a `take` from a named heap that no earlier step names;
    /// `first` the heap the first `take` names, `s` the slot of its amount.
    pub(super) fn of(
        steps: &[LStep],
        first: Option<usize>,
        s: Option<usize>,
    ) -> Result<Vec<Then>, NotCompiled> {
        let mut heaps: Vec<usize> = first.into_iter().collect();
        steps
            .iter()
            .map(|st| {
                let t = Then::one(st, s)?;
                if heaps.contains(&t.heap) {
                    return Err(NotCompiled::at("a second step on the same heap", &st.span));
                }
                heaps.push(t.heap);
                Ok(t)
            })
            .collect()
    }

    fn one(st: &LStep, s: Option<usize>) -> Result<Then, NotCompiled> {
        let no = |what: &str| Err(NotCompiled::at(what, &st.span));
        let LStepKind::Take(amount, cond) = &st.kind else {
            return no("a step after the `take` other than a `take` from a named heap");
        };
        let (LSelKind::Named(heap), None) = (&st.sel.kind, st.sel.list_slot) else {
            return no("a `take` after the first from a heap that is not named (`heap x`)");
        };
        let mut computed = None;
        let amount = match amount {
            LAmount::Each(SetValue::Ints(v)) => Some(Amount::Fixed(v.to_vec())),
            LAmount::Each(SetValue::Range(lo, Some(hi))) if hi - lo < MAX_FIXED => {
                Some(Amount::Fixed((*lo..=*hi).collect()))
            }
            LAmount::Computed(form, sets) if matches!(**form, LAmount::Each(_)) => {
                match sets.as_slice() {
                    [e] => Amount::of(computed.insert(fold::fold(e))),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(amount) = amount else {
            return no(
                "the amounts of this `take` after the first (compiled: an integer, a \
                 finite set, `{E for v in {F} if C}`)",
            );
        };
        let cond_folded = cond.as_ref().map(fold::fold);
        let cond = match (&cond_folded, cond) {
            (Some(f), Some(c)) => match boolean(f) {
                Some(b) => Some(b),
                None => return Err(NotCompiled::condition(c)),
            },
            _ => None,
        };
        let linear = computed
            .as_ref()
            .and_then(|e| Linear::of(e, cond_folded.as_ref(), s));
        Ok(Then {
            heap: *heap,
            int_slot: st.sel.int_slot,
            amount,
            cond,
            linear,
        })
    }
}

/// How a later step's amount is written: a comprehension over a one-member set (how `set heap
/// c to E` is lowered: `{body for slot in {member} if cond}`), or a plain expression.
pub(super) enum Written<'a> {
    OneMember {
        slot: usize,
        member: &'a CExpr,
        cond: Option<&'a CExpr>,
        body: &'a CExpr,
    },
    Plain(&'a CExpr),
}

impl<'a> Written<'a> {
    /// The form of `e`; `None` for a comprehension over anything but a one-member set.
    pub(super) fn of(e: &'a CExpr) -> Option<Written<'a>> {
        let CKind::Quant(QuantKind::Collect, slot, list, body) = &e.kind else {
            return Some(Written::Plain(e));
        };
        let (list, cond) = match &list.kind {
            CKind::Quant(QuantKind::Filter, s, l, c) if s == slot => (&**l, Some(&**c)),
            _ => (&**list, None),
        };
        let CKind::SetLit(members) = &list.kind else {
            return None;
        };
        let [member] = members.as_slice() else {
            return None;
        };
        Some(Written::OneMember {
            slot: *slot,
            member,
            cond,
            body,
        })
    }
}

impl Amount {
    /// An amount expression: an integer, or a comprehension over a one-member set.
    fn of(e: &CExpr) -> Option<Amount> {
        match Written::of(e)? {
            Written::OneMember {
                slot,
                member,
                cond,
                body,
            } => Some(Amount::Comp {
                slot,
                member: int(member)?,
                cond: match cond {
                    Some(c) => Some(boolean(c)?),
                    None => None,
                },
                body: int(body)?,
            }),
            Written::Plain(e) => int(e).map(Amount::One),
        }
    }
}

impl CompiledMove {
    /// [`CompiledMove::each_shown`] for a clause with later steps: each move of the first
    /// `take`, one amount at a time, followed by each choice of the later steps' amounts.
    pub(super) fn each_then(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        self.each_first_then(pos, r, |combo, shown, t| match shown {
            Shown::Tick => Ok(f(combo, Shown::Tick)),
            Shown::One(take) => self.then_move(pos, (combo, take), t, f),
            Shown::Run { first, last, step } => {
                let run = (first, last, step);
                match self.then_linear(pos, combo, run, t, f) {
                    Some(r) => Ok(r),
                    None => self.then_each(pos, combo, run, t, f),
                }
            }
        })
    }

    /// Each move of the first `take` given to `each` with the later steps' registers: those
    /// of `r`, with the heaps' names bound to their sizes in `pos`. A [`Fallback`] from any
    /// call of `each` makes the whole enumeration one (the interpreter then answers).
    pub(super) fn each_first_then(
        &self,
        pos: &[u32],
        r: &mut Regs,
        mut each: impl FnMut(&[usize], Shown<'_>, &mut ThenRegs) -> Result<bool, Fallback>,
    ) -> Result<bool, Fallback> {
        let mut t = r.then.take().unwrap_or_default();
        t.regs.ints.clone_from(&r.ints);
        t.regs.lists.clone_from(&r.lists);
        t.regs.heaps.clone_from(&r.heaps);
        for &(slot, i) in &self.heap_names {
            t.regs.ints[slot] = i64::from(pos[i]);
        }
        let mut failed = false;
        let found = self.each_first(pos, r, &mut |combo, shown| {
            each(combo, shown, &mut t).unwrap_or_else(|Fallback| {
                failed = true;
                true
            })
        });
        r.then = Some(t);
        match (found, failed) {
            (_, true) | (Err(Fallback), _) => Err(Fallback),
            (Ok(b), false) => Ok(b),
        }
    }

    /// Each amount of the run `first, first + step, ..` up to `last` taken from every heap of
    /// `combo`, one at a time, then the later steps.
    fn then_each(
        &self,
        pos: &[u32],
        combo: &[usize],
        (first, last, step): (u64, u64, u64),
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let mut s = first;
        loop {
            // s <= last <= u32::MAX.
            let r = self.then_same(pos, combo, s as u32, t, f);
            if !matches!(r, Ok(false)) || last - s < step {
                break r;
            }
            s += step;
        }
    }

    /// The amount `s` taken from every heap of `combo` (a run's member), then the later steps.
    fn then_same(
        &self,
        pos: &[u32],
        combo: &[usize],
        s: u32,
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let mut take = std::mem::take(&mut t.regs.take);
        take.clear();
        take.resize(combo.len(), s);
        let r = self.then_move(pos, (combo, &take), t, f);
        t.regs.take = take;
        r
    }

    /// The move of the first `take` that takes `take[i]` from heap `combo[i]`, then the later
    /// steps.
    fn then_move(
        &self,
        pos: &[u32],
        (combo, take): (&[usize], &[u32]),
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        // A named heap that the first `take` touched: the later step selects nothing.
        if combo.iter().any(|j| self.then.iter().any(|x| x.heap == *j)) {
            return Ok(false);
        }
        let r = &mut t.regs;
        self.bind_choice(pos, combo, r);
        if let (Some(slot), Some(&s)) = (self.amount_slot, take.first()) {
            r.ints[slot] = i64::from(s);
        }
        t.combo.clear();
        t.combo.extend_from_slice(combo);
        t.take.clear();
        t.take.extend_from_slice(take);
        self.then_step(0, pos, t, f)
    }

    /// Later step `k` and those after it.
    fn then_step(
        &self,
        k: usize,
        pos: &[u32],
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let Some(x) = self.then.get(k) else {
            // As the interpreter writes a follower: none with a heap below the least size.
            let later = &t.take[t.take.len() - self.then.len()..];
            if (self.then.iter().zip(later)).any(|(x, &a)| pos[x.heap] - a < self.lower) {
                return Ok(false);
            }
            return Ok(f(&t.combo, Shown::One(&t.take)));
        };
        let h = i64::from(pos[x.heap]);
        let r = &mut t.regs;
        if let Some(slot) = x.int_slot {
            r.ints[slot] = h;
        }
        let amount = match &x.amount {
            Amount::Fixed(v) => {
                if let Some(c) = &x.cond {
                    if !c(r).ok_or(Fallback)? {
                        return Ok(false);
                    }
                }
                for &a in v.iter().take_while(|&&a| a <= h) {
                    if self.then_amount(k, (x.heap, a), pos, t, f)? {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
            Amount::One(e) => e(r).ok_or(Fallback)?,
            Amount::Comp {
                slot,
                member,
                cond,
                body,
            } => {
                r.ints[*slot] = member(r).ok_or(Fallback)?;
                if let Some(c) = cond {
                    if !c(r).ok_or(Fallback)? {
                        return Ok(false);
                    }
                }
                body(r).ok_or(Fallback)?
            }
        };
        if amount < 0 || amount > h {
            return Ok(false);
        }
        if let Some(c) = &x.cond {
            if !c(r).ok_or(Fallback)? {
                return Ok(false);
            }
        }
        self.then_amount(k, (x.heap, amount), pos, t, f)
    }

    /// `a` (0 <= a <= the heap) taken from `heap` by later step `k`, then the steps after it.
    fn then_amount(
        &self,
        k: usize,
        (heap, a): (usize, i64),
        pos: &[u32],
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        t.combo.push(heap);
        // 0 <= a <= the heap <= u32::MAX.
        t.take.push(a as u32);
        let found = self.then_step(k + 1, pos, t, f);
        t.combo.pop();
        t.take.pop();
        found
    }
}
