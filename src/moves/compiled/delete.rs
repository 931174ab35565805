//! `delete` compiled: a clause `delete SEL` alone, or followed by `lower SEL2 by d` or `split
//! SEL2 into P parts [each]` on the heaps left (`delete one heap; split the other heap into 2
//! parts`, the cookie game's `delete one heap; lower every other heap by 1`), or a lone
//! `lower SEL by d`, or a lone `split` that [`super::split`] does not take (`split 2 heaps
//! into 2 parts each`, or on a fixed number of heaps); each selection `C heaps` (counts from
//! a constant set), `every other heap` / `the other heaps`, or `the
//! other heap`, with compiled guards. Its followers are written whole here
//! ([`CompiledMove::each_follower`], [`Tail::Deletes`]): for each choice of heaps deleted,
//! each choice of heaps among the rest, the heaps lowered or split into every product of
//! partitions, the follower put in canonical form. The compiled-moves kernel declines it.
//!
//! Exactness: the interpreter chooses the heaps of each step among those no earlier step
//! touched (one choice per multiset of sizes on a multiset shape: the canonical
//! combinations, as here), a `split` of no heap is no move while a `lower` of none is, each
//! heap split into its non-decreasing partitions (each at least the least part, increasing
//! with `unequal`); then, writing the follower, it writes none with a heap below the least
//! size, drops empty heaps on `heaps any`, and reports an error for a follower of another
//! number of heaps on a fixed number, where this falls back to it ([`Fallback`]).

use super::bounds::Bounds;
use super::expr::{IntSet, Regs};
use super::not_compiled::NotCompiled;
use super::split::{SplitTail, Tail};
use super::{Amounts, CompiledMove, Fallback, Sel, TICK_EVERY};
use crate::moves::combination::{next_canonical_combination, next_combination};
use crate::moves::program::{LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::value::SetValue;

/// How a step of a `delete` clause chooses its heaps.
enum Pick {
    /// `C heaps`, for every count of the set (0 included: no heap).
    Counts(IntSet),
    /// Every heap left.
    Rest,
    /// The heap left, when exactly one is.
    TheOther,
}

/// What follows the `delete`.
#[derive(Clone, Copy)]
enum After {
    /// Nothing: the heaps deleted are the move.
    Nothing,
    /// The heaps chosen lowered by this much (stopping at 0).
    Lower(u64),
    /// The heaps chosen each split.
    Split(SplitTail),
}

/// A `delete` clause, compiled.
pub(super) struct Deletes {
    first: Pick,
    second: Option<Pick>,
    after: After,
    /// `Some(k)`: positions have exactly `k` heaps; `None`: empty heaps vanish.
    count: Option<usize>,
    /// A lone `lower` or `split` (no `delete` before it).
    lone: bool,
}

/// The selection `st` chooses, when compiled.
fn pick(st: &LStep) -> Option<Pick> {
    Some(match &st.sel.kind {
        LSelKind::Count(c) => Pick::Counts(IntSet::of(c)?),
        LSelKind::Rest => Pick::Rest,
        LSelKind::TheOther => Pick::TheOther,
        _ => return None,
    })
}

/// Clause `m` when it starts with `delete`, or is one `lower` step, or one `split` step that
/// [`super::split`] does not take (of several heaps, or on a fixed number of heaps): compiled,
/// or what stops the compiler; `None` for other clauses. A lone step is read as a `delete`
/// of no heap before it.
pub(super) fn of(shape: &ShapeSpec, m: &MoveProgram) -> Option<Result<Deletes, NotCompiled>> {
    let (head, rest) = m.steps.split_first()?;
    let one = matches!(&head.sel.kind, LSelKind::Count(SetValue::Ints(c)) if c[..] == [1]);
    let (first, rest) = match head.kind {
        LStepKind::Delete => (pick(head), rest),
        LStepKind::Lower(_) if rest.is_empty() => (Some(NONE), &m.steps[..]),
        LStepKind::Split { .. } if rest.is_empty() && !(one && shape.count.is_none()) => {
            (Some(NONE), &m.steps[..])
        }
        _ => return None,
    };
    let refuse = |what: &str, st: &LStep| Some(Err(NotCompiled::at(what, &st.span)));
    if m.must_change || m.after.is_some() {
        return refuse(
            "a `delete`, `lower` or `split` with a `set` or a condition on `after`",
            head,
        );
    }
    let Some(first) = first else {
        return refuse("this selection", head);
    };
    let (second, after) = match rest {
        [] => (None, After::Nothing),
        [st] => match second_of(st) {
            Ok((p, after)) => (Some(p), after),
            Err(e) => return Some(Err(e)),
        },
        [_, st, ..] => return refuse(STEPS, st),
    };
    let lone = !matches!(head.kind, LStepKind::Delete);
    Some(Ok(Deletes {
        first,
        second,
        after,
        count: shape.count,
        lone,
    }))
}

/// No heap deleted: the choice before a lone `lower` or `split`.
const NONE: Pick = Pick::Counts(IntSet::Range(0, Some(0)));

/// The step after a `delete` (or a lone one): its choice of heaps and what it does to them.
fn second_of(st: &LStep) -> Result<(Pick, After), NotCompiled> {
    let after = match st.kind {
        LStepKind::Lower(by) => After::Lower(by),
        LStepKind::Split {
            parts,
            min_part,
            unequal,
        } => After::Split(SplitTail {
            parts,
            min_part,
            unequal,
        }),
        _ => return Err(NotCompiled::at(STEPS, &st.span)),
    };
    match pick(st) {
        Some(p) => Ok((p, after)),
        None => Err(NotCompiled::at("this selection", &st.span)),
    }
}

/// What a `delete` clause that is not compiled is told.
const STEPS: &str = "this step after a `delete` (compiled: `delete SEL` alone, or followed by \
                     `lower SEL by d` or `split SEL into P parts`)";

impl CompiledMove {
    /// The compiled form of a `delete` clause `m` (guards compiled): nothing of a `take`.
    pub(super) fn deleting(
        d: Deletes,
        shape: &ShapeSpec,
        m: &MoveProgram,
        guards: Vec<(super::expr::BoolFn, bool)>,
    ) -> CompiledMove {
        CompiledMove {
            guards,
            position_filter: Vec::new(),
            keep: None,
            exclude: None,
            then: Vec::new(),
            tail: Some(Tail::Deletes),
            to: None,
            deletes: Some(d),
            heap_names: m.heap_names.clone(),
            sel: Sel::Rest,
            int_slot: None,
            list_slot: None,
            amount_slot: None,
            amounts: Amounts::Ints(Vec::new()),
            each_heap: false,
            bounds: Bounds::none(),
            bounds_on_position: false,
            quick: None,
            quick_sel: None,
            kept_pair: None,
            filter: Vec::new(),
            falling: false,
            lower: shape.lower,
            symmetric: shape.symmetric(),
            int_slots: m.int_slots,
            list_slots: m.list_slots,
        }
    }
}

impl Deletes {
    /// The clause in words, for `heapgame moves --explain`.
    pub(super) fn describe(&self) -> String {
        let then = match (self.after, self.lone) {
            (After::Lower(_), true) => "`lower` of heaps",
            (After::Split(_), true) => "`split` of heaps",
            (After::Nothing, _) => "delete heaps",
            (After::Lower(_), false) => "delete heaps, then `lower` of heaps left",
            (After::Split(_), false) => "delete heaps, then `split` of heaps left",
        };
        format!("{then}; followers written whole")
    }
}

/// The buffers of one enumeration.
struct Bufs<'a> {
    /// The heaps left after the `delete`.
    rest: &'a mut Vec<u32>,
    /// The follower being built.
    out: &'a mut Vec<u32>,
    /// The follower in canonical form.
    canon: &'a mut Vec<u32>,
}

/// A callback shown each follower (`Some`) or a tick (`None`); true stops.
type Each<'f> = &'f mut dyn FnMut(Option<&[u32]>) -> bool;

/// A callback shown each choice of heaps, with the follower's callback and the count of
/// tries; true stops.
type Choice<'c> = &'c mut dyn FnMut(&[usize], Each<'_>, &mut u32) -> Result<bool, Fallback>;

impl CompiledMove {
    /// Shows `f` every follower of the `delete` clause on the canonical position `pos` (in
    /// canonical form), and `None` every [`TICK_EVERY`] choices of heaps tried; stops,
    /// answering true, when `f` does. `Ok(false)` at once for a clause that is not a
    /// `delete` ([`Tail::Deletes`]).
    pub fn each_follower(
        &self,
        pos: &[u32],
        r: &mut Regs,
        f: &mut impl FnMut(Option<&[u32]>) -> bool,
    ) -> Result<bool, Fallback> {
        let Some(d) = &self.deletes else {
            return Ok(false);
        };
        for &(slot, i) in &self.heap_names {
            r.ints[slot] = i64::from(pos[i]);
        }
        for (g, negated) in &self.guards {
            if g(r).ok_or(Fallback)? == *negated {
                return Ok(false);
            }
        }
        let mut t = r.then.take().unwrap_or_default();
        let (mut idx, mut rest) = (std::mem::take(&mut r.combo), std::mem::take(&mut r.kept));
        let mut bufs = Bufs {
            rest: &mut rest,
            out: &mut t.take,
            canon: &mut t.regs.take,
        };
        let idx2 = &mut t.combo;
        let found = self.deleted(d, pos, (&mut idx, idx2), (&mut bufs, &mut r.tried), f);
        (r.combo, r.kept) = (idx, rest);
        r.then = Some(t);
        found
    }

    /// Each choice of heaps deleted, then the second step on the heaps left.
    fn deleted(
        &self,
        d: &Deletes,
        pos: &[u32],
        (idx, idx2): (&mut Vec<usize>, &mut Vec<usize>),
        (b, tried): (&mut Bufs<'_>, &mut u32),
        f: Each<'_>,
    ) -> Result<bool, Fallback> {
        self.choices(&d.first, pos, idx, tried, f, &mut |gone, f, tried| {
            b.rest.clear();
            let mut k = 0;
            for (j, &h) in pos.iter().enumerate() {
                if k < gone.len() && gone[k] == j {
                    k += 1;
                } else {
                    b.rest.push(h);
                }
            }
            let Some(second) = &d.second else {
                b.out.clone_from(b.rest);
                return self.finish(d, b.out, b.canon, f);
            };
            let rest = std::mem::take(b.rest);
            let found = self.choices(second, &rest, idx2, tried, f, &mut |chosen, f, _| {
                self.second(d, &rest, chosen, (b.out, b.canon), f)
            });
            *b.rest = rest;
            found
        })
    }

    /// The heaps `chosen` of `rest` lowered or split, every follower shown.
    fn second(
        &self,
        d: &Deletes,
        rest: &[u32],
        chosen: &[usize],
        (out, canon): (&mut Vec<u32>, &mut Vec<u32>),
        f: Each<'_>,
    ) -> Result<bool, Fallback> {
        out.clear();
        let mut k = 0;
        for (j, &h) in rest.iter().enumerate() {
            if k < chosen.len() && chosen[k] == j {
                k += 1;
                if let After::Lower(by) = d.after {
                    // At most the heap: it fits u32.
                    out.push(u64::from(h).saturating_sub(by) as u32);
                }
            } else {
                out.push(h);
            }
        }
        match d.after {
            After::Split(t) if !chosen.is_empty() => {
                self.split_from(d, t, (rest, chosen), (out, canon), f)
            }
            After::Split(_) => Ok(false),
            _ => self.finish(d, out, canon, f),
        }
    }

    /// Every partition of the first heap of `rest` that `chosen` names added to `out`, then
    /// those of the others it names.
    fn split_from(
        &self,
        d: &Deletes,
        t: SplitTail,
        (rest, chosen): (&[u32], &[usize]),
        (out, canon): (&mut Vec<u32>, &mut Vec<u32>),
        f: Each<'_>,
    ) -> Result<bool, Fallback> {
        let Some((&j, more)) = chosen.split_first() else {
            return self.finish(d, out, canon, f);
        };
        let v = rest[j];
        let least = u64::from(t.min_part);
        if u64::from(v) < least.saturating_mul(t.parts as u64) || t.parts == 0 {
            return Ok(false);
        }
        let more = (rest, more);
        self.parts(d, t, (u64::from(v), least, t.parts), more, (out, canon), f)
    }

    /// The parts of a heap still to write: `left` parts summing to `rest`, each at least
    /// `least`, non-decreasing (increasing with `unequal`); then the heaps `more` names.
    fn parts(
        &self,
        d: &Deletes,
        t: SplitTail,
        (rest, least, left): (u64, u64, usize),
        more: (&[u32], &[usize]),
        (out, canon): (&mut Vec<u32>, &mut Vec<u32>),
        f: Each<'_>,
    ) -> Result<bool, Fallback> {
        if left == 1 {
            if rest < least {
                return Ok(false);
            }
            // At most the heap split.
            out.push(rest as u32);
            let found = self.split_from(d, t, more, (out, canon), f);
            out.pop();
            return found;
        }
        let mut p = least;
        while p.saturating_mul(left as u64) <= rest {
            out.push(p as u32);
            let next = (rest - p, p + u64::from(t.unequal), left - 1);
            let found = self.parts(d, t, next, more, (out, canon), f);
            out.pop();
            if found? {
                return Ok(true);
            }
            p += 1;
        }
        Ok(false)
    }

    /// The follower `out` as the interpreter writes it: none with a heap below the least
    /// size, empty heaps dropped where they vanish, an error ([`Fallback`]) for another number
    /// of heaps, sorted on a multiset shape.
    fn finish(
        &self,
        d: &Deletes,
        out: &[u32],
        canon: &mut Vec<u32>,
        f: Each<'_>,
    ) -> Result<bool, Fallback> {
        if out.iter().any(|&h| h < self.lower) {
            return Ok(false);
        }
        canon.clear();
        canon.extend(out.iter().copied().filter(|&h| d.count.is_some() || h > 0));
        if d.count.is_some_and(|k| k != canon.len()) {
            return Err(Fallback);
        }
        if self.symmetric {
            canon.sort_unstable();
        }
        Ok(f(Some(canon)))
    }

    /// Each choice of heaps of `vals` that `p` makes (one per multiset of sizes on a
    /// multiset shape), shown to `each` with the follower's callback and the count of tries.
    fn choices(
        &self,
        p: &Pick,
        vals: &[u32],
        idx: &mut Vec<usize>,
        tried: &mut u32,
        f: Each<'_>,
        each: Choice<'_>,
    ) -> Result<bool, Fallback> {
        let n = vals.len();
        for c in 0..=n {
            let applies = match p {
                Pick::Counts(set) => set.has(c as i64),
                Pick::Rest => c == n,
                Pick::TheOther => n == 1 && c == 1,
            };
            if !applies {
                continue;
            }
            idx.clear();
            idx.extend(0..c);
            loop {
                *tried = tried.wrapping_add(1);
                if tried.is_multiple_of(TICK_EVERY) && f(None) {
                    return Ok(true);
                }
                if each(idx, f, tried)? {
                    return Ok(true);
                }
                let more = match self.symmetric {
                    true => next_canonical_combination(idx, n, |j| vals[j - 1] == vals[j]),
                    false => next_combination(idx, n),
                };
                if !more {
                    break;
                }
            }
        }
        Ok(false)
    }
}
