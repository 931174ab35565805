//! One step of a move lowered: its choice of heaps ([`LSel`], with the slots a named choice
//! fills) and its action (`take`, `add`, `delete`, `split`, `lower`, `keep`) into [`LStep`].
//! `set` and `move ... to ...` steps are lowered by `lower_set.rs` and `lower_add.rs`, which
//! call [`lower_step`] for the steps they are written as.

use super::compile::{type_error, Binding, Compiler, Scope, Slots};
use super::diag::{suggest, Code, Diag};
use super::lower_amount::lower_amount;
use super::lower_ctx::{nonneg_u32, not_with_names, SelState};
use super::lower_place::{lower_place, next_to, Layout};
use super::lower_split::lower_split_equal;
use super::program::{LAmount, LSel, LSelKind, LStep, LStepKind, ShapeSpec};
use super::value::{SetValue, Type, Value};
use crate::syntax::ast::{Expr, Ident, SelKind, Selector, Span, Step, StepKind};

/// The number of heaps a selection picks, when fixed.
fn fixed_count(kind: &LSelKind, sels: &[Option<usize>]) -> Option<usize> {
    match kind {
        LSelKind::Count(SetValue::Ints(v)) if v.len() == 1 => usize::try_from(v[0]).ok(),
        LSelKind::Count(SetValue::Range(a, Some(b))) if a == b => usize::try_from(*a).ok(),
        LSelKind::TheOther | LSelKind::Named(_) => Some(1),
        LSelKind::NextTo { each: true, .. } => Some(1),
        LSelKind::Ref(slot) => sels.get(*slot).copied().flatten(),
        _ => None,
    }
}

/// Lowers one step of a move (not `octal`, `set` or `move ... to ...`: `None` for those).
pub(super) fn lower_step(
    st: &Step,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    sels: &mut SelState,
) -> Option<LStep> {
    let sel_ast = match &st.kind {
        StepKind::Take { sel, .. }
        | StepKind::Add { sel, .. }
        | StepKind::Delete { sel }
        | StepKind::Split { sel, .. }
        | StepKind::Lower { sel, .. }
        | StepKind::Keep { sel, .. } => sel,
        // A move with an `octal` step is written out by `octal::expand` before lowering; a
        // `move ... to ...` by `lower_add::lower_shift`, a `set` by `lower_set::lower_set`.
        StepKind::Octal { .. } | StepKind::Shift { .. } | StepKind::Set { .. } => return None,
    };
    let (sel, count) = lower_selection(sel_ast, shape, scope, diags, slots, sels)?;
    let mut c = Compiler::at_position(diags, slots);
    let kind = lower_action(st, shape, scope, &mut c, count, &mut sels.net)?;
    Some(LStep {
        kind,
        sel,
        span: st.span.clone(),
    })
}

/// The choice of heaps of a step, recorded in `sels`, and the number of heaps it picks when
/// fixed; a named choice binds its name to the slots of its sizes.
fn lower_selection(
    sel_ast: &Selector,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    sels: &mut SelState,
) -> Option<(LSel, Option<usize>)> {
    let kind = match &sel_ast.kind {
        SelKind::At(_) | SelKind::Consecutive(_) => {
            lower_place(sel_ast, shape, sels.layout, scope, diags)?
        }
        SelKind::NextTo { of, each } => {
            let slot = match scope.get(&of.name) {
                Some(Binding::Sel { sel, .. }) => Some(*sel),
                _ => None,
            };
            let count = slot.and_then(|s| sels.counts.get(s).copied().flatten());
            next_to(of, *each, slot, count, sels.layout, diags)?
        }
        SelKind::Named(id)
            if sels.layout != Layout::Plain
                && !shape.names.as_ref().is_some_and(|n| n.contains(&id.name)) =>
        {
            lower_place(sel_ast, shape, sels.layout, scope, diags)?
        }
        _ => lower_sel_kind(sel_ast, shape, scope, diags, slots, sels.last)?,
    };
    let count = fixed_count(&kind, &sels.counts);
    let single = count == Some(1);
    let record = slots.sel();
    // Only a named selection's sizes can be read by expressions; fill slots only then.
    let (mut int_slot, mut list_slot) = (None, None);
    if let Some(name) = &sel_ast.name {
        let value = if single {
            let s = slots.int();
            int_slot = Some(s);
            Binding::Int(s)
        } else {
            let s = slots.list();
            list_slot = Some(s);
            Binding::List(s)
        };
        let binding = Binding::Sel {
            sel: record,
            value: Box::new(value),
        };
        scope.push(&name.name, binding);
    }
    sels.last = Some(record);
    if sels.counts.len() <= record {
        sels.counts.resize(record + 1, None);
    }
    sels.counts[record] = count;
    let sel = LSel {
        kind,
        record: Some(record),
        int_slot,
        list_slot,
    };
    Some((sel, count))
}

/// What a step does to the heaps it chose; `net` follows the change in the number of heaps.
fn lower_action(
    st: &Step,
    shape: &ShapeSpec,
    scope: &mut Scope,
    c: &mut Compiler<'_>,
    count: Option<usize>,
    net: &mut Option<i64>,
) -> Option<LStepKind> {
    let single = count == Some(1);
    Some(match &st.kind {
        StepKind::Octal { .. } | StepKind::Shift { .. } | StepKind::Set { .. } => return None,
        StepKind::Add { amount, cond, .. } => {
            let amount = lower_amount(c, amount, scope, single, count, &st.span)?;
            check_added(c.diags, &amount, &st.span)?;
            let cond = match cond {
                Some(e) => Some(c.expect(e, scope, Type::Bool, "`where`")?),
                None => None,
            };
            LStepKind::Add(amount, cond)
        }
        StepKind::Delete { .. } => {
            if shape.names.is_some() {
                c.diags.push(not_with_names(&st.span, "delete"));
                return None;
            }
            *net = match (*net, count) {
                // Counts come from the ruleset and may be huge: an overflow leaves the net
                // change unknown (the generator still checks every follower's heap count).
                (Some(n), Some(k)) => i64::try_from(k).ok().and_then(|k| n.checked_sub(k)),
                _ => None,
            };
            LStepKind::Delete
        }
        StepKind::Split { .. } => return lower_split_step(st, shape, scope, c, count, net),
        StepKind::Lower { by, .. } => {
            let v = c.constant(by, scope);
            let b = nonneg_u32(c.diags, v, &by.span, "an amount")?;
            LStepKind::Lower(u64::from(b))
        }
        StepKind::Keep { cond, .. } => {
            let cond = match cond {
                Some(e) => Some(c.expect(e, scope, Type::Bool, "`where`")?),
                None => None,
            };
            LStepKind::Keep(cond)
        }
        StepKind::Take { amount, cond, .. } => {
            let amount = lower_amount(c, amount, scope, single, count, &st.span)?;
            let cond = match cond {
                Some(e) => Some(c.expect(e, scope, Type::Bool, "`where`")?),
                None => None,
            };
            LStepKind::Take(amount, cond)
        }
    })
}

/// A `split` step: into `N equal parts`, or into parts (unequal, or allowing empty ones);
/// the net change of the heap count kept (lower_action).
fn lower_split_step(
    st: &Step,
    shape: &ShapeSpec,
    scope: &mut Scope,
    c: &mut Compiler<'_>,
    count: Option<usize>,
    net: &mut Option<i64>,
) -> Option<LStepKind> {
    Some(match &st.kind {
        StepKind::Split {
            parts,
            allow_empty,
            equal: true,
            ..
        } => {
            if shape.names.is_some() {
                c.diags.push(not_with_names(&st.span, "split"));
                return None;
            }
            let empty = *allow_empty;
            return lower_split_equal(c, parts, empty, shape, scope, count, net, &st.span);
        }
        StepKind::Split {
            parts,
            allow_empty,
            unequal,
            ..
        } => {
            if shape.names.is_some() {
                c.diags.push(not_with_names(&st.span, "split"));
                return None;
            }
            let p = split_parts(c, parts, scope)?;
            *net = match (*net, count) {
                (Some(n), Some(k)) => i64::try_from(k)
                    .ok()
                    .and_then(|k| k.checked_mul(i64::from(p) - 1))
                    .and_then(|added| n.checked_add(added)),
                _ => None,
            };
            LStepKind::Split {
                parts: p as usize,
                min_part: u32::from(!*allow_empty),
                unequal: *unequal,
            }
        }
        _ => unreachable!("a split step (lower_split_step)"),
    })
}

/// The number of parts of a `split`, between 2 and 64.
fn split_parts(c: &mut Compiler<'_>, parts: &Expr, scope: &mut Scope) -> Option<u32> {
    let v = c.constant(parts, scope);
    let p = nonneg_u32(c.diags, v, &parts.span, "a number of parts")?;
    if p < 2 {
        c.diags.push(
            Diag::new(
                Code::Range,
                parts.span.clone(),
                format!("a heap cannot be split into {p} parts"),
                "too few parts",
            )
            .help("split into 2 parts or more"),
        );
        return None;
    }
    if p > 64 {
        c.diags.push(
            Diag::new(
                Code::Range,
                parts.span.clone(),
                format!("splitting into {p} parts is not supported"),
                "too many parts",
            )
            .help("split into at most 64 parts"),
        );
        return None;
    }
    Some(p)
}

/// Checks an added amount: fixed sets must be finite (a heap cannot gain without bound).
fn check_added(diags: &mut Vec<Diag>, amount: &LAmount, at: &Span) -> Option<()> {
    let sets: Vec<&SetValue> = match amount {
        LAmount::Each(s) | LAmount::Same(s, _) | LAmount::List(_, s) => vec![s],
        LAmount::Named(v) => v.iter().map(|(_, s)| s).collect(),
        LAmount::Computed(..) => Vec::new(),
    };
    let form = match amount {
        LAmount::Computed(form, _) => &**form,
        other => other,
    };
    if matches!(form, LAmount::List(..)) || matches!(form, LAmount::Named(v) if v.len() > 1) {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                at.clone(),
                "`add` names one amount, for one heap",
                "several named amounts",
            )
            .help("add to one heap (`add s in S to one heap`), or the same amount to every heap (`add same S to ...`)"),
        );
        return None;
    }
    if sets.iter().any(|s| !s.is_finite()) {
        diags.push(
            Diag::new(
                Code::Unbounded,
                at.clone(),
                "an amount added must come from a finite set",
                "no upper end",
            )
            .help("give the amounts an upper end, such as `1..3`"),
        );
        return None;
    }
    Some(())
}

/// The kind of a choice of heaps that is not placed (`heap i`, `k consecutive heaps` and
/// `the heaps next to h` are lowered by `lower_place.rs`, before this is called).
fn lower_sel_kind(
    sel: &Selector,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    last_sel: Option<usize>,
) -> Option<LSelKind> {
    Some(match &sel.kind {
        SelKind::One => LSelKind::Count(SetValue::ints(vec![1])),
        SelKind::Both => LSelKind::Count(SetValue::ints(vec![2])),
        SelKind::Rest => LSelKind::Rest,
        SelKind::TheOther => LSelKind::TheOther,
        SelKind::Count(e) => count_kind(e, scope, diags, slots)?,
        SelKind::Named(id) => named_kind(id, shape, diags)?,
        // Lowered by `lower_place`, before this is called.
        SelKind::At(_) | SelKind::Consecutive(_) | SelKind::NextTo { .. } => return None,
        SelKind::Ref(id) => ref_kind(id, scope, diags, last_sel)?,
    })
}

/// `N heaps`, `each of S heaps`: the counts, never negative.
fn count_kind(
    e: &Expr,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
) -> Option<LSelKind> {
    let mut c = Compiler::new(diags, slots);
    Some(match c.constant(e, scope)? {
        Value::Int(n) if n >= 0 => LSelKind::Count(SetValue::ints(vec![n])),
        Value::Set(s @ (SetValue::Ints(_) | SetValue::Range(..) | SetValue::Beatty(_))) => {
            if let Ok(Some(m)) = s.min() {
                if m < 0 {
                    c.diags.push(
                        Diag::new(
                            Code::Range,
                            e.span.clone(),
                            "a number of heaps cannot be negative",
                            "negative",
                        )
                        .help("use counts >= 0"),
                    );
                    return None;
                }
            }
            LSelKind::Count(s)
        }
        Value::Int(n) => {
            c.diags.push(
                Diag::new(
                    Code::Range,
                    e.span.clone(),
                    format!("a number of heaps cannot be negative ({n})"),
                    "negative",
                )
                .help("use counts >= 0"),
            );
            return None;
        }
        other => {
            c.diags.push(type_error(
                &e.span,
                "a number of heaps",
                other.ty(),
                "a choice of heaps",
            ));
            return None;
        }
    })
}

/// `heap x` in a ruleset with named heaps.
fn named_kind(id: &Ident, shape: &ShapeSpec, diags: &mut Vec<Diag>) -> Option<LSelKind> {
    let Some(names) = &shape.names else {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                id.span.clone(),
                format!("`heap {}`: the heaps have no names", id.name),
                "no named heaps",
            )
            .help("name the heaps in the shape, `heaps (x, y)`, or write `one heap`"),
        );
        return None;
    };
    match names.iter().position(|n| *n == id.name) {
        Some(i) => Some(LSelKind::Named(i)),
        None => {
            let mut d = Diag::new(
                Code::UnknownName,
                id.span.clone(),
                format!("no heap is named `{}`", id.name),
                "unknown heap",
            );
            d = match suggest(&id.name, names.iter().map(String::as_str)) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None => d.help(format!("the heaps are {}", names.join(", "))),
            };
            diags.push(d);
            None
        }
    }
}

/// `it`, `them` (the choice of the step before) or a name given to heaps chosen earlier.
fn ref_kind(
    id: &Ident,
    scope: &Scope,
    diags: &mut Vec<Diag>,
    last_sel: Option<usize>,
) -> Option<LSelKind> {
    if id.name == "it" || id.name == "them" {
        if let Some(slot) = last_sel {
            return Some(LSelKind::Ref(slot));
        }
        diags.push(
            Diag::new(
                Code::UnknownName,
                id.span.clone(),
                format!("`{}` refers to no earlier choice of heaps", id.name),
                "nothing chosen before",
            )
            .help("`it` and `them` name the heaps chosen by the step before"),
        );
        return None;
    }
    match scope.get(&id.name) {
        Some(Binding::Sel { sel, .. }) => Some(LSelKind::Ref(*sel)),
        Some(_) => {
            diags.push(
                Diag::new(
                    Code::Type,
                    id.span.clone(),
                    format!("`{}` does not name heaps", id.name),
                    "not a choice of heaps",
                )
                .help("name heaps when you choose them: `one heap h`, then refer to `h`"),
            );
            None
        }
        None => {
            diags.push(
                Diag::new(
                    Code::UnknownName,
                    id.span.clone(),
                    format!("unknown name `{}`", id.name),
                    "expected a choice of heaps",
                )
                .help("choose heaps with `one heap`, `2 heaps`, `all heaps`, `the other heap`, ... or refer to heaps named earlier (`one heap h` ... `h`)"),
            );
            None
        }
    }
}
