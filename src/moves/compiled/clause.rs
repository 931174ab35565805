//! The steps of a clause the compiler takes, and why it does not take the others: one `take`
//! step, or `keep one heap` and then a `take` among the other heaps ([`Keep`]); a `where`
//! whose leading conjuncts `s in C` (a finite constant set) become the amounts themselves
//! ([`members_as_amounts`]); conjuncts that read only the position, evaluated once a position
//! ([`position_conjuncts`]); a last `split` of the `take`'s heap, or a `split` alone
//! ([`peel`], [`super::split`]). A clause not taken is explained by [`NotCompiled`]: the part
//! of the source that stopped the compiler, in words, for `heapgame moves --explain`.

use std::sync::{Arc, LazyLock};

use super::bounds::conjuncts;
use super::expr::{boolean, reads_only, BoolFn, Regs};
use super::not_compiled::NotCompiled;
use super::split::{SplitTail, Tail};
use super::{fold, tried, Amounts, Fallback, Sel, Shown};
use crate::moves::family::{Split, Take};
use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::BinOp;

/// The word of step `st` of `m`, for messages: `move ... to` for the `add` that ends a
/// `move A from ... to ...` (lowered into a `take` and an `add` of one span).
fn word(m: &MoveProgram, st: &LStep) -> &'static str {
    let shares_span = |o: &LStep| !std::ptr::eq(o, st) && o.span == st.span;
    if matches!(st.kind, LStepKind::Add(..)) && m.steps.iter().any(shares_span) {
        return "move ... to";
    }
    match st.kind {
        LStepKind::Take(..) => "take",
        LStepKind::Delete => "delete",
        LStepKind::Split { .. } | LStepKind::SplitEqual(_) => "split",
        LStepKind::Lower(_) => "lower",
        LStepKind::Keep(_) => "keep",
        LStepKind::Add(..) => "add",
    }
}

/// A clause's steps as the compiler takes them: a `keep` before the `take`, the `take`, a
/// `keep` after it, the `take` steps from named heaps after it ([`super::then`]), and the
/// split of the `take`'s heap ([`super::split`]).
type Steps<'m> = (
    Option<&'m LStep>,
    Take<'m>,
    Option<&'m LStep>,
    &'m [LStep],
    Option<Tail>,
);

/// The clause's `keep` step, if it starts with one, its `take`, the `keep` after it, and the
/// steps after the `take` otherwise. A clause whose `set` step may keep its heap's size
/// ([`MoveProgram::must_change`]) is taken: every compiled clause takes at least one token
/// and adds none, so none of its followers equals the position.
pub(super) fn steps_of<'m>(
    shape: &ShapeSpec,
    m: &'m MoveProgram,
) -> Result<Steps<'m>, NotCompiled> {
    if shape.drops_zeros() && shape.lower > 0 {
        return Err(NotCompiled::at(
            "a shape of any number of heaps with a least size",
            &m.span,
        ));
    }
    if let Some(a) = &m.after {
        let span = a.conds.first().map_or(&m.span, |c| &c.span);
        return Err(NotCompiled::at("a condition that reads `after`", span));
    }
    let is_keep = |st: &LStep| matches!(st.kind, LStepKind::Keep(_));
    let (keep, rest) = match m.steps.as_slice() {
        [k, rest @ ..] if is_keep(k) && !rest.is_empty() => (Some(k), rest),
        steps => (None, steps),
    };
    let (lone, rest, tail) = peel(shape, m, keep.is_some(), rest)?;
    if let Some(t) = lone {
        return Ok((None, t, None, rest, tail));
    }
    let Some((take, rest)) = rest.split_first() else {
        return Err(NotCompiled::at("a move of no step", &m.span));
    };
    let (after, then) = match rest {
        [k] if is_keep(k) => (Some(k), &[][..]),
        rest => (None, rest),
    };
    let Some(t) = Take::of(m, take) else {
        return Err(NotCompiled::at(
            &format!("the step `{}` (compiled: `take`)", word(m, take)),
            &take.span,
        ));
    };
    let stopped = keep.is_some() && !then.is_empty();
    if let Some(st) = then
        .iter()
        .find(|st| stopped || !matches!(st.kind, LStepKind::Take(..)))
    {
        let what = format!(
            "the step `{}` (compiled: one `take`, with `keep one heap` before it, or `keep the \
             other heaps`, `take`s from named heaps or a `split` of its heap after it; `move \
             ... to heap y` or `to one other heap`)",
            word(m, st)
        );
        return Err(NotCompiled::at(&what, &st.span));
    }
    Ok((keep, t, after, then, tail))
}

/// The amount of a `split` alone: 0, the heap split whole.
static NOTHING: LazyLock<LAmount> =
    LazyLock::new(|| LAmount::Each(SetValue::Ints(Arc::from([0i64]))));

/// What a clause's `split` leaves to the compiler: a `take` to compile, the steps after it,
/// and the split of its heap.
pub(super) type Peeled<'m> = (Option<Take<'m>>, &'m [LStep], Option<Tail>);

/// The steps `rest` of `m` (after a `keep`, when `kept`) with a last `split` taken apart: the
/// `split` alone as a `take` of nothing from its heap, `take ...; split h` as the `take`, or
/// the steps as they are when none ends with a `split`.
pub(super) fn peel<'m>(
    shape: &ShapeSpec,
    m: &'m MoveProgram,
    kept: bool,
    rest: &'m [LStep],
) -> Result<Peeled<'m>, NotCompiled> {
    let Some((last, before)) = rest.split_last() else {
        return Ok((None, rest, None));
    };
    if let Some(t) = super::add::lone_add(m, kept, rest) {
        return Ok((Some(t), &[], Some(Tail::Add)));
    }
    if let Some(to) = super::moved::to_chosen(shape, m, kept, rest) {
        return to.map(|_| (None, before, Some(Tail::ToChosen)));
    }
    let Some(split) = Split::of(last) else {
        return Ok(match moved_to(shape, m, kept, rest) {
            Some(t) => (None, before, Some(t)),
            None => (None, rest, None),
        });
    };
    let refuse = |what: &str| Err(NotCompiled::at(what, &last.span));
    let one = |sel: &LSelKind| matches!(sel, LSelKind::Count(SetValue::Ints(c)) if c[..] == [1]);
    let lone = match before {
        [] if one(&last.sel.kind) => Some(Take {
            step: last,
            sel: &last.sel.kind,
            amount: &NOTHING,
            cond: None,
            guarded: !m.guards.is_empty(),
            reads_names: !m.heap_names.is_empty(),
            names_heaps: last.sel.int_slot.is_some(),
        }),
        [take] => match (Take::of(m, take), &last.sel.kind) {
            (Some(t), LSelKind::Ref(slot)) if one(t.sel) && Some(*slot) == take.sel.record => None,
            // The first step stops the compiler: [`super::clause::steps_of`] names it.
            (None, _) => return Ok((None, rest, None)),
            (Some(_), _) => return refuse(SPLIT),
        },
        [] => return refuse(SPLIT),
        _ => return Ok((None, rest, None)),
    };
    if shape.count.is_some() {
        return refuse("a `split` on a shape of a fixed number of heaps (compiled: `heaps any`)");
    }
    if kept || m.must_change {
        return refuse("a `split` after a `keep` or with a `set`");
    }
    let tail = SplitTail {
        parts: split.parts,
        min_part: split.min_part,
        unequal: split.unequal,
    };
    match lone {
        Some(t) => Ok((Some(t), before, Some(Tail::Split(tail)))),
        None => Ok((None, before, Some(Tail::Split(tail)))),
    }
}

/// `move A from SEL to heap y` (steps `rest`, the `take` and the `add` of the amount it took),
/// on a fixed number of heaps, with no `keep` before it, no `set`, and no `where` on the
/// `add`: the index of `y` ([`Tail::To`]); `None` for other steps, which
/// [`steps_of`] reads as they are (and names the `add` that stops it).
fn moved_to(shape: &ShapeSpec, m: &MoveProgram, kept: bool, rest: &[LStep]) -> Option<Tail> {
    let [take, add] = rest else { return None };
    let (LStepKind::Take(taken, None), LStepKind::Add(amount, None)) = (&take.kind, &add.kind)
    else {
        return None;
    };
    let slot = super::moved::named_slot(taken)?;
    let (LSelKind::Named(y), LAmount::Computed(form, sets)) = (&add.sel.kind, amount) else {
        return None;
    };
    let [e] = &sets[..] else {
        return None;
    };
    let fixed = shape.count.is_some() && !kept && !m.must_change;
    let reads =
        matches!(**form, LAmount::Each(_)) && matches!(e.kind, CKind::IntSlot(i) if i == slot);
    (fixed && reads).then_some(Tail::To(*y))
}

/// What a `split` the compiler does not take is told.
const SPLIT: &str =
    "this `split` (compiled: `split one heap`, or `split h` after a `take` from one heap h)";

/// `keep one heap o where C` before the `take`: the heap kept is named (or not) and set
/// apart, and the `take` chooses among the others.
pub(super) struct Keep {
    /// The integer slot of the heap's name.
    pub(super) slot: Option<usize>,
    /// The conjuncts of `C`, compiled.
    pub(super) cond: Vec<BoolFn>,
    /// The conjuncts of `C` read inline on two heaps ([`super::kept`]), when they can be.
    quick: Option<Vec<super::kept::KeptTest>>,
}

impl Keep {
    /// The `keep` step `st`, when it keeps one heap with a condition that compiles.
    pub(super) fn of(st: &LStep) -> Result<Keep, NotCompiled> {
        let LStepKind::Keep(cond) = &st.kind else {
            unreachable!("steps_of answers a `keep` step")
        };
        let one = matches!(&st.sel.kind, LSelKind::Count(SetValue::Ints(c)) if c[..] == [1]);
        if !one || st.sel.list_slot.is_some() {
            return Err(NotCompiled::at(
                "this `keep` (compiled: `keep one heap`)",
                &st.span,
            ));
        }
        let cond = cond.as_ref().map(fold::fold);
        let cs = cond.as_ref().map(conjuncts).unwrap_or_default();
        let quick = super::kept::tests_of(&cs, st.sel.int_slot);
        let cond = cs
            .into_iter()
            .map(|c| boolean(c).ok_or_else(|| NotCompiled::condition(c)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Keep {
            slot: st.sel.int_slot,
            cond,
            quick,
        })
    }

    /// A copy of the condition's conjuncts as [`super::kept::KeptTest`]s, when they can be
    /// read inline.
    pub(super) fn quick_tests(&self) -> Option<Vec<super::kept::KeptTest>> {
        self.quick.clone()
    }
}

/// The leading conjuncts `s in C` of `cs` (`s` the amount, `C` a finite constant set, after
/// [`fold::fold`]) taken into the amounts: the amounts become the members of `C` among them.
/// Exact: membership in a constant set reads nothing else and never fails, so the amounts
/// outside `C` are exactly those at which the interpreter stops at that conjunct.
pub(super) fn members_as_amounts(
    mut cs: Vec<&CExpr>,
    amount_slot: Option<usize>,
    mut amounts: Amounts,
) -> (Vec<&CExpr>, Amounts) {
    let Some(slot) = amount_slot else {
        return (cs, amounts);
    };
    while let Some(c) = cs.first() {
        let CKind::Bin(BinOp::In, a, b) = &c.kind else {
            break;
        };
        let (CKind::IntSlot(i), CKind::Const(Value::Set(SetValue::Ints(v)))) = (&a.kind, &b.kind)
        else {
            break;
        };
        let kept: Vec<i64> = match &amounts {
            _ if *i != slot => break,
            Amounts::Range(lo, hi) => v
                .iter()
                .copied()
                .filter(|&x| x >= *lo && hi.is_none_or(|h| x <= h))
                .collect(),
            Amounts::Ints(w) => w.iter().copied().filter(|x| v.contains(x)).collect(),
        };
        // No amount at all: left as a filter (a window needs a member).
        if kept.is_empty() {
            break;
        }
        amounts = Amounts::Ints(kept);
        cs.remove(0);
    }
    (cs, amounts)
}

/// The leading conjuncts of `cs` that read only the position (`heaps`, the named heaps of
/// `heap_names`, constants), compiled, and the others in order. Exact: such a conjunct has
/// one value for every choice and amount, so the clause has no move where it is false (and
/// the interpreter evaluates nothing after it, so meets no error there); where it fails, the
/// compiled clause falls back to the interpreter. A later one stays in place: a conjunct
/// before it may fail where it is false.
pub(super) fn position_conjuncts<'c>(
    mut cs: Vec<&'c CExpr>,
    heap_names: &[(usize, usize)],
) -> Result<(Vec<&'c CExpr>, Vec<BoolFn>), NotCompiled> {
    let named = |i: usize| heap_names.iter().any(|&(s, _)| s == i);
    let n = cs.iter().take_while(|c| reads_only(c, &named)).count();
    let compiled = cs[..n]
        .iter()
        .map(|c| boolean(c).ok_or_else(|| NotCompiled::condition(c)))
        .collect::<Result<Vec<_>, _>>()?;
    cs.drain(..n);
    Ok((cs, compiled))
}

impl super::CompiledMove {
    /// The moves of a clause that keeps one heap first: for each heap kept (each size once on
    /// a symmetric shape) whose condition holds, the `take`'s choices among the other heaps,
    /// shown with their indices into `pos`.
    pub(super) fn each_kept(
        &self,
        k: &Keep,
        pos: &[u32],
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let mut rest = std::mem::take(&mut r.kept);
        let mut mapped = std::mem::take(&mut r.mapped);
        let found = self.kept_loop(k, pos, (&mut rest, &mut mapped), r, f);
        r.kept = rest;
        r.mapped = mapped;
        found
    }

    fn kept_loop(
        &self,
        k: &Keep,
        pos: &[u32],
        (rest, mapped): (&mut Vec<u32>, &mut Vec<usize>),
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        'heap: for j in 0..pos.len() {
            if self.symmetric && j > 0 && pos[j - 1] == pos[j] {
                continue;
            }
            if let Some(slot) = k.slot {
                r.ints[slot] = i64::from(pos[j]);
            }
            for c in &k.cond {
                if !c(r).ok_or(Fallback)? {
                    if tried(&mut r.tried, f) {
                        return Ok(true);
                    }
                    continue 'heap;
                }
            }
            if pos.len() == 2 && matches!(self.sel, Sel::TheOther) {
                // The other heap of two, chosen in place: no sub-position, no mapping.
                if self.the_other_of_two(pos, 1 - j, r, f)? {
                    return Ok(true);
                }
                continue;
            }
            rest.clear();
            rest.extend_from_slice(&pos[..j]);
            rest.extend_from_slice(&pos[j + 1..]);
            let stop = self.choose(rest, r, &mut |combo, shown| {
                mapped.clear();
                mapped.extend(combo.iter().map(|&i| if i < j { i } else { i + 1 }));
                f(mapped, shown)
            })?;
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The moves of the `take` from heap `other` of the two heaps of `pos` (the other one
    /// kept): the choice that the general loop makes on the one heap left, with its index in
    /// `pos`.
    fn the_other_of_two(
        &self,
        pos: &[u32],
        other: usize,
        r: &mut Regs,
        f: &mut sink!(),
    ) -> Result<bool, Fallback> {
        let mut combo = std::mem::take(&mut r.combo);
        let mut take = std::mem::take(&mut r.take);
        combo.clear();
        combo.push(other);
        let found = self.amounts_of(pos, &combo, &mut take, r, f);
        r.combo = combo;
        r.take = take;
        found
    }
}
