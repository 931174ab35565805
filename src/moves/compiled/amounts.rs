//! The amounts of a compiled clause's `take` (or `add`) step: a range or finite members,
//! one amount for the heaps chosen or one for each, named or not, or `c..E` computed in play
//! (the conjunct `s <= E` then bounds the loop); what stops the compiler otherwise.

use super::not_compiled::NotCompiled;
use super::{single, Amounts, Sel, MAX_EACH_MEMBERS};
use crate::moves::program::{LAmount, LStep};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::BinOp;

/// One amount, not chosen for each heap, as the range of one member (`take 1 from one heap`),
/// which the quick paths take; other amounts as they are.
pub(super) fn one_member_as_range(amounts: Amounts, each_heap: bool) -> Amounts {
    match amounts {
        Amounts::Ints(v) if v.len() == 1 && !each_heap => Amounts::Range(v[0], Some(v[0])),
        a => a,
    }
}

/// [`amounts_of`] for a `take` step `step` whose selection is `sel` (with a `where` when
/// `cond`), or what stops the compiler.
pub(super) fn amounts_checked(
    amount: &LAmount,
    (sel, cond, zero): (&Sel, bool, bool),
    int_slots: &mut usize,
    step: &LStep,
) -> Result<(Amounts, Option<usize>, bool, Option<CExpr>), NotCompiled> {
    let a = amounts_of(amount, (single(sel), zero), int_slots).ok_or_else(|| {
        NotCompiled::at(
            "these amounts (one may be 0, several names, or a set computed in play other than \
             `c..E`)",
            &step.span,
        )
    })?;
    if a.2 && cond {
        return Err(NotCompiled::at(
            "amounts chosen for each heap with a `where`",
            &step.span,
        ));
    }
    Ok(a)
}

/// The amounts, the slot of a named amount, whether an amount is chosen for each heap
/// independently (`take S from each of C heaps` on several heaps: a finite set), and for
/// amounts `c..E` computed in play, the conjunct `s <= E` that bounds them (`s` the amount's
/// slot, a new one of `int_slots` when the amount has no name); `None` for amounts not
/// compiled (one may be 0 unless `zero`, the clause splitting its heap and a list of amounts;
/// several named amounts; other sets computed in play).
fn amounts_of(
    amount: &LAmount,
    (single, zero): (bool, bool),
    int_slots: &mut usize,
) -> Option<(Amounts, Option<usize>, bool, Option<CExpr>)> {
    if let LAmount::Computed(form, sets) = amount {
        let (lo, slot, hi) = computed_range(form, sets, single)?;
        let slot = slot.unwrap_or_else(|| {
            *int_slots += 1;
            *int_slots - 1
        });
        let s = CExpr {
            kind: CKind::IntSlot(slot),
            span: hi.span.clone(),
        };
        let upper = CExpr {
            kind: CKind::Bin(BinOp::Le, Box::new(s), Box::new(hi.clone())),
            span: hi.span.clone(),
        };
        return Some((Amounts::Range(lo, None), Some(slot), false, Some(upper)));
    }
    let (set, amount_slot) = match amount {
        LAmount::Each(s) => (s, None),
        LAmount::Named(v) if single && v.len() == 1 => (&v[0].1, Some(v[0].0)),
        LAmount::Same(s, slot) => (s, *slot),
        _ => return None,
    };
    let amounts = match set {
        SetValue::Range(lo, hi) if *lo >= 1 => Amounts::Range(*lo, *hi),
        SetValue::Ints(v) if v.first().is_some_and(|&a| a >= 1 || zero && a == 0) => {
            Amounts::Ints(v.to_vec())
        }
        _ => return None,
    };
    let each_heap = matches!(amount, LAmount::Each(_)) && !single;
    let amounts = match amounts {
        Amounts::Range(lo, Some(hi)) if each_heap && hi - lo < MAX_EACH_MEMBERS => {
            Amounts::Ints((lo..=hi).collect())
        }
        Amounts::Range(..) if each_heap => return None,
        a => a,
    };
    Some((amounts, amount_slot, each_heap, None))
}

/// A computed amount `c..E` (`take s in 1..a - 1 from heap a`), `c >= 1` a constant, one
/// amount for the heaps chosen (one heap, or `same`): `c`, the amount's slot if it has a name,
/// and `E`. Exact: the interpreter evaluates `c..E` once the heaps are chosen and takes each
/// member from `c` to the heap (none when `E < c`), which are the amounts `s >= c` with `s <=
/// E`; `E` is evaluated first there and, here, in the first conjunct (an error falls back).
fn computed_range<'a>(
    form: &LAmount,
    sets: &'a [CExpr],
    single: bool,
) -> Option<(i64, Option<usize>, &'a CExpr)> {
    let slot = match form {
        LAmount::Each(_) if single => None,
        LAmount::Named(v) if single && v.len() == 1 => Some(v[0].0),
        LAmount::Same(_, slot) => *slot,
        _ => return None,
    };
    let [e] = sets else { return None };
    let CKind::Range(lo, Some(hi)) = &e.kind else {
        return None;
    };
    match lo.kind {
        CKind::Const(Value::Int(lo)) if lo >= 1 => Some((lo, slot, hi)),
        _ => None,
    }
}
