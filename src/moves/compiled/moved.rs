//! `move A from SEL to one other heap [g] [where C]` compiled (and `to the other heap`): the
//! `take` from one heap as compiled, then, for each of its moves, each other heap that the
//! amount may go to ([`MoveTo`]): its name bound, the condition `C` evaluated (it reads the
//! heap taken from, the amount, the heap chosen and the position), and the move shown as the
//! two heaps with the amount twice, which the caller writes as [`Tail::ToChosen`]: taken from
//! the first, added to the second.
//!
//! Exactness: the interpreter lowers the clause into a `take` of the named amount and an `add`
//! of it to a heap the `take` did not touch, chosen as the add's selection chooses (on a
//! multiset shape, one heap of each size among the others: a heap is skipped when the heap
//! before it, the one taken from aside, has its size), skips an amount beyond the room left
//! below `u32::MAX` in that heap, then checks `C` (before it writes the follower and drops one
//! with a heap below the least size: a clause with a condition is compiled only on a shape
//! whose least size is 0, where the compiled `take` shows every amount the interpreter's
//! condition sees). An error in `C` falls back to the interpreter.

use super::expr::{boolean, BoolFn, Regs, ThenRegs};
use super::not_compiled::NotCompiled;
use super::split::Tail;
use super::{tried, CompiledMove, Fallback, Shown};
use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::CKind;
use crate::ruleset::value::SetValue;

/// Where a `move ... to` puts its amount: one other heap, or the other heap.
pub(super) struct MoveTo {
    /// Exactly one other heap left (`the other heap`), rather than each in turn.
    the_other: bool,
    /// The integer slot of the heap's name, if it has one.
    int_slot: Option<usize>,
    /// The conjuncts of the `where`, compiled.
    cond: Vec<BoolFn>,
}

/// The register of the one amount a `take` names (`take s ...`, `take same s ...`), which a
/// later `add` of a `move ... to` reads.
pub(super) fn named_slot(taken: &LAmount) -> Option<usize> {
    match taken {
        LAmount::Named(names) if names.len() == 1 => Some(names[0].0),
        LAmount::Same(_, Some(slot)) => Some(*slot),
        _ => None,
    }
}

/// `move A from SEL to one other heap [g] [where C]` (steps `rest`, the `take` and the `add`
/// of the amount it took, named in `slot`), with no `keep` before it and no `set`: the
/// [`Tail::ToChosen`] and the target compiled, `None` for other steps (which the caller reads
/// as they are), or what stops the compiler in the target.
pub(super) fn to_chosen(
    shape: &ShapeSpec,
    m: &MoveProgram,
    kept: bool,
    rest: &[LStep],
) -> Option<Result<MoveTo, NotCompiled>> {
    let [take, add] = rest else { return None };
    let (LStepKind::Take(taken, None), LStepKind::Add(amount, cond)) = (&take.kind, &add.kind)
    else {
        return None;
    };
    let slot = named_slot(taken)?;
    let one = |k: &LSelKind| matches!(k, LSelKind::Count(SetValue::Ints(c)) if c[..] == [1]);
    if !one(&take.sel.kind) && !matches!(take.sel.kind, LSelKind::Named(_) | LSelKind::TheOther) {
        return None;
    }
    let the_other = match &add.sel.kind {
        LSelKind::TheOther => true,
        k if one(k) => false,
        _ => return None,
    };
    let LAmount::Computed(form, sets) = amount else {
        return None;
    };
    let reads = matches!(**form, LAmount::Each(_))
        && matches!(&sets[..], [e] if matches!(e.kind, CKind::IntSlot(i) if i == slot));
    if !reads || kept || m.must_change || add.sel.list_slot.is_some() {
        return None;
    }
    let cond = cond.as_ref().map(super::fold::fold);
    if cond.is_some() && shape.lower > 0 {
        return Some(Err(NotCompiled::at(
            "a `move ... to` with a `where` on heaps of a least size",
            &add.span,
        )));
    }
    let cs = cond
        .as_ref()
        .map(super::bounds::conjuncts)
        .unwrap_or_default();
    let cond = cs
        .into_iter()
        .map(|c| boolean(c).ok_or_else(|| NotCompiled::condition(c)))
        .collect::<Result<Vec<_>, _>>();
    Some(cond.map(|cond| MoveTo {
        the_other,
        int_slot: add.sel.int_slot,
        cond,
    }))
}

/// The target of clause `m` when its tail is [`Tail::ToChosen`] (then no `keep` comes
/// first: its steps are the `take` and the `add`).
pub(super) fn target_of(
    shape: &ShapeSpec,
    m: &MoveProgram,
    tail: Option<&Tail>,
) -> Result<Option<MoveTo>, NotCompiled> {
    match tail {
        Some(Tail::ToChosen) => to_chosen(shape, m, false, &m.steps)
            .expect("a tail read from these steps")
            .map(Some),
        _ => Ok(None),
    }
}

impl MoveTo {
    /// Whether the move has a condition on the heap it puts its amount on.
    pub(super) fn conditions(&self) -> usize {
        self.cond.len()
    }
}

impl CompiledMove {
    /// The moves of a `move ... to` a heap chosen ([`MoveTo`]): each move of the `take` from
    /// one heap, then each heap its amount may go to, shown as the two heaps (taken from,
    /// added to) with the amount for each.
    pub(super) fn each_moved(
        &self,
        to: &MoveTo,
        pos: &[u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        self.each_first_then(pos, r, |combo, shown, t| {
            let run = match shown {
                Shown::Tick => return Ok(f(combo, Shown::Tick)),
                Shown::One(take) => (u64::from(take[0]), u64::from(take[0]), 1),
                Shown::Run { first, last, step } => (first, last, step),
            };
            self.bind_choice(pos, combo, &mut t.regs);
            self.targets(to, pos, combo[0], run, t, f)
        })
    }

    /// Each amount of the run taken from heap `x`, put on each other heap the interpreter
    /// chooses where the condition holds.
    fn targets(
        &self,
        to: &MoveTo,
        pos: &[u32],
        x: usize,
        (first, last, step): (u64, u64, u64),
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        if to.the_other && pos.len() != 2 {
            return Ok(false);
        }
        let mut s = first;
        loop {
            if let Some(slot) = self.amount_slot {
                t.regs.ints[slot] = s as i64;
            }
            let mut prev: Option<usize> = None;
            for y in (0..pos.len()).filter(|&y| y != x) {
                let same = prev.is_some_and(|p| self.symmetric && pos[p] == pos[y]);
                prev = Some(y);
                // A heap of the size of the candidate before it is the same choice; an amount
                // beyond the room left in the heap is skipped.
                if same || u64::from(u32::MAX - pos[y]) < s {
                    continue;
                }
                if let Some(slot) = to.int_slot {
                    t.regs.ints[slot] = i64::from(pos[y]);
                }
                let mut holds = true;
                for c in &to.cond {
                    holds = c(&t.regs).ok_or(Fallback)?;
                    if !holds {
                        break;
                    }
                }
                // s <= last <= the heap taken from <= u32::MAX.
                let found = match holds {
                    true => f(&[x, y], Shown::One(&[s as u32, s as u32])),
                    false => tried(&mut t.regs.tried, f),
                };
                if found {
                    return Ok(true);
                }
            }
            if last - s < step {
                return Ok(false);
            }
            s += step;
        }
    }
}
