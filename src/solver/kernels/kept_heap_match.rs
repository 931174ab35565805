//! The kept-heap kernel's matcher: reads each lowered move clause (parameters bound) as
//! [`Kept`], a move that keeps one heap `h` (with a condition on `h` alone, or none), deletes
//! every other heap and turns `h` alone into a new position (`take S from h`, then `split h
//! into n parts`), or answers `None`. The two forms it reads, on `heaps n` (`n >= 2`):
//!
//! - `keep one heap h [where C(h)]; delete the other heap(s); [take S from h;] split h into n
//!   parts [each] [allowing empty] [unequal]` (Delete Nim);
//! - `delete n - 1 heaps; [take S from the other heap;] split the other heap into n parts`
//!   (VDN, All-but-one-delete Nim), the second step choosing the one heap left (`the other`,
//!   `the other heaps`, `one other heap`).
//!
//! Anything else is refused: a guard or condition that reads another heap or the position, a
//! `take` with its own condition or a computed amount, a selection that may choose a number
//! of heaps other than the one the form needs, a split into a number of parts other than `n`
//! (the interpreter reports the wrong count), named heaps, `set` steps, `after`, and moves that
//! may not end (a part as large as the kept heap: no `take` of at least 1 before a split that
//! allows empty parts).

use crate::moves::family::local::reads_only;
use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::moves::Generator;
use crate::ruleset::expr::CExpr;
use crate::ruleset::value::SetValue;

/// One matched clause: what it does to the kept heap.
#[derive(Clone, Debug)]
pub(super) struct Kept<'g> {
    /// The condition on the kept heap (`keep one heap h where C`), if any.
    pub(super) cond: Option<&'g CExpr>,
    /// The integer slot that holds the kept heap's size while `cond` is evaluated.
    pub(super) slot: Option<usize>,
    /// How many integer slots the clause's expressions use.
    pub(super) int_slots: usize,
    /// The amounts taken from the kept heap before the split (`None`: nothing taken).
    pub(super) take: Option<&'g SetValue>,
    /// Into how many parts the rest is split (the position's number of heaps).
    pub(super) parts: usize,
    /// The least part a follower keeps: the split's own (0 with `allowing empty`) or the
    /// shape's least heap, whichever is larger (a part below the shape's is no move).
    pub(super) least: u32,
    /// Parts pairwise different (`unequal`).
    pub(super) unequal: bool,
}

/// The clauses of `game`, when the shape is `heaps n` (n >= 2, unordered, no `positions
/// where`) and every clause is of the kernel's forms (see the module doc).
pub(super) fn match_clauses(game: &Generator) -> Option<Vec<Kept<'_>>> {
    let shape = &game.shape;
    let n = shape.count?;
    if n < 2 || !shape.symmetric() || game.positions.is_some() || game.moves.is_empty() {
        return None;
    }
    game.moves.iter().map(|m| clause(m, shape, n)).collect()
}

/// One clause of the kernel's forms on `n` heaps, or `None`.
fn clause<'g>(m: &'g MoveProgram, shape: &ShapeSpec, n: usize) -> Option<Kept<'g>> {
    if !m.guards.is_empty() || !m.heap_names.is_empty() || m.must_change || m.after.is_some() {
        return None;
    }
    let mut kept = Kept {
        cond: None,
        slot: None,
        int_slots: m.int_slots,
        take: None,
        parts: 0,
        least: 0,
        unequal: false,
    };
    // The selection slots that record the kept heap, and whether a step has chosen it yet.
    let mut recorded: Vec<usize> = Vec::new();
    // The keep form has chosen (touched) the kept heap; the delete form leaves it untouched.
    let (tail, chosen) = match m.steps.as_slice() {
        [keep, del, tail @ ..] if matches!(keep.kind, LStepKind::Keep(_)) => {
            let LStepKind::Keep(cond) = &keep.kind else {
                return None;
            };
            if !picks_exactly(&keep.sel.kind, n, 1) || keep.sel.list_slot.is_some() {
                return None;
            }
            let slot = keep.sel.int_slot;
            if let Some(c) = cond {
                if !reads_only(c, &mut slot.into_iter().collect(), &[]) {
                    return None;
                }
            }
            if !matches!(del.kind, LStepKind::Delete) || !picks_exactly(&del.sel.kind, n - 1, n - 1)
            {
                return None;
            }
            kept.cond = cond.as_ref();
            kept.slot = slot;
            recorded.extend(keep.sel.record);
            (tail, true)
        }
        [del, tail @ ..] if matches!(del.kind, LStepKind::Delete) => {
            if !picks_exactly(&del.sel.kind, n, n - 1) {
                return None;
            }
            (tail, false)
        }
        _ => return None,
    };
    let split = read_tail(tail, &mut kept, recorded, chosen)?;
    let LStepKind::Split {
        parts,
        min_part,
        unequal,
    } = split.kind
    else {
        return None;
    };
    if parts != n {
        return None;
    }
    kept.parts = parts;
    kept.least = min_part.max(shape.lower);
    kept.unequal = unequal;
    ends(&kept).then_some(kept)
}

/// The steps after the kept heap is alone: an optional `take` (no condition, a constant set
/// of amounts) and a `split`, each choosing the kept heap; the split step.
fn read_tail<'g>(
    tail: &'g [LStep],
    kept: &mut Kept<'g>,
    mut recorded: Vec<usize>,
    mut chosen: bool,
) -> Option<&'g LStep> {
    let (split, before) = tail.split_last()?;
    if before.len() > 1 {
        return None;
    }
    for st in tail {
        let picks_kept = match &st.sel.kind {
            LSelKind::Ref(slot) => recorded.contains(slot),
            // The kept heap is the one heap left untouched.
            other => !chosen && picks_exactly(other, 1, 1),
        };
        if !picks_kept || st.sel.list_slot.is_some() {
            return None;
        }
        chosen = true;
        recorded.extend(st.sel.record);
    }
    if let Some(take) = before.first() {
        let LStepKind::Take(amount, None) = &take.kind else {
            return None;
        };
        kept.take = Some(amount_set(amount)?);
    }
    matches!(split.kind, LStepKind::Split { .. }).then_some(split)
}

/// The set of amounts of a `take` from one heap: `take S`, `take same S`, `take s in S`,
/// with `S` a constant set of integers (a computed amount is refused).
fn amount_set(amount: &LAmount) -> Option<&SetValue> {
    let set = match amount {
        LAmount::Each(s) | LAmount::Same(s, _) => s,
        LAmount::Named(names) if names.len() == 1 => &names[0].1,
        _ => return None,
    };
    matches!(set, SetValue::Ints(_) | SetValue::Range(..)).then_some(set)
}

/// Whether a selection among `cands` untouched heaps always chooses exactly `k` of them, as
/// the generator chooses ([`crate::moves::generate`]): a count whose only member up to
/// `cands` is `k`, `the other` when one heap is left, or every heap left.
fn picks_exactly(kind: &LSelKind, cands: usize, k: usize) -> bool {
    match kind {
        LSelKind::Count(set @ (SetValue::Ints(_) | SetValue::Range(..))) => {
            let mut members = Vec::new();
            let Ok(top) = i64::try_from(cands) else {
                return false;
            };
            set.members_upto(top, &mut members).is_ok()
                && members.iter().filter(|&&x| x >= 0).eq([k as i64].iter())
        }
        LSelKind::TheOther => cands == 1 && k == 1,
        LSelKind::Rest => k == cands,
        _ => false,
    }
}

/// Whether every part of every follower is smaller than the kept heap, so that the values
/// of a heap read only those of smaller heaps: the least amount taken plus the least of the
/// other parts is at least 1.
fn ends(kept: &Kept<'_>) -> bool {
    let taken = match kept.take {
        None => 0,
        Some(set) => match least_amount(set) {
            Some(a) => a,
            // Nothing can be taken: the clause never moves.
            None => return true,
        },
    };
    let others = (kept.parts as u64 - 1) * u64::from(kept.least);
    taken.saturating_add(others) >= 1
}

/// The least amount of `set` that a `take` can remove (amounts below 0 are no move).
fn least_amount(set: &SetValue) -> Option<u64> {
    match set {
        SetValue::Ints(v) => v.iter().find(|&&x| x >= 0).map(|&x| x as u64),
        SetValue::Range(lo, hi) => {
            let lo = (*lo).max(0);
            hi.is_none_or(|h| h >= lo).then_some(lo as u64)
        }
        _ => None,
    }
}
