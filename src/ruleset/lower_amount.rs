//! Lowering of a `take`'s amount: fixed sets (known once the parameters are bound) become
//! [`LAmount::Each`], [`LAmount::Same`], [`LAmount::Named`] or [`LAmount::List`]; amounts that
//! read the position, the heaps the step chose or other names of the move
//! (`take h - h / 2 from one heap h`, `take s in 1..h / 2 from one heap h`) become
//! [`LAmount::Computed`], evaluated by the generator once the step's heaps are chosen.

use super::compile::{type_error, Binding, Compiler, Scope};
use super::diag::{Code, Diag};
use super::expr::{CExpr, CKind};
use super::program::LAmount;
use super::value::{SetValue, Type, Value};
use crate::syntax::ast::{Amount, Expr, Span};

/// An amount set as lowered: fixed, or an expression evaluated during play.
enum Src {
    Fixed(SetValue),
    Computed(CExpr),
}

/// Lowers the amount of a `take` whose selection picks `count` heaps (`single`: exactly one),
/// binding its names in `scope`. Every set is compiled before any of the amount's names is
/// bound, so a set cannot read an amount of the same step.
pub(super) fn lower_amount(
    c: &mut Compiler<'_>,
    amount: &Amount,
    scope: &mut Scope,
    single: bool,
    count: Option<usize>,
    step: &Span,
) -> Option<LAmount> {
    let (form, srcs) = match amount {
        Amount::Each(e) => (
            LAmount::Each(SetValue::ints(Vec::new())),
            vec![src(c, e, scope)?],
        ),
        Amount::Same(name, e) => {
            let s = src(c, e, scope)?;
            let slot = name.as_ref().map(|n| {
                let s = c.slots.int();
                scope.push(&n.name, Binding::Int(s));
                s
            });
            (LAmount::Same(SetValue::ints(Vec::new()), slot), vec![s])
        }
        Amount::Named(bs) if bs.len() == 1 && !single => {
            let s = src(c, &bs[0].1, scope)?;
            let slot = c.slots.list();
            scope.push(&bs[0].0.name, Binding::List(slot));
            (LAmount::List(slot, SetValue::ints(Vec::new())), vec![s])
        }
        Amount::Named(bs) => {
            if count != Some(bs.len()) {
                let heaps = match count {
                    Some(k) => format!("{k} heap{}", if k == 1 { "" } else { "s" }),
                    None => "a varying number of heaps".to_string(),
                };
                c.diags.push(
                    Diag::new(
                        Code::HeapCount,
                        step.clone(),
                        format!("{} named amounts for {heaps}", bs.len()),
                        "names and heaps do not match",
                    )
                    .help("give one name per heap (`take s in S, t in T from both heaps`), or one name for the list of amounts"),
                );
                return None;
            }
            let mut srcs = Vec::new();
            for (_, e) in bs {
                srcs.push(src(c, e, scope)?);
            }
            let mut named = Vec::new();
            for (n, _) in bs {
                let s = c.slots.int();
                scope.push(&n.name, Binding::Int(s));
                named.push((s, SetValue::ints(Vec::new())));
            }
            (LAmount::Named(named), srcs)
        }
    };
    Some(assemble(form, srcs, amount_exprs(amount)))
}

/// The expressions of an amount's sets, in the order [`lower_amount`] compiles them.
fn amount_exprs(amount: &Amount) -> Vec<&Expr> {
    match amount {
        Amount::Each(e) | Amount::Same(_, e) => vec![e],
        Amount::Named(bs) => bs.iter().map(|(_, e)| e).collect(),
    }
}

/// Fills the sets of `form`: with the fixed sets when all are fixed, else as
/// [`LAmount::Computed`] (fixed sets then become constant expressions).
fn assemble(form: LAmount, srcs: Vec<Src>, exprs: Vec<&Expr>) -> LAmount {
    if srcs.iter().all(|s| matches!(s, Src::Fixed(_))) {
        let mut sets = srcs.into_iter().map(|s| match s {
            Src::Fixed(set) => set,
            Src::Computed(_) => SetValue::ints(Vec::new()),
        });
        let mut next = || sets.next().unwrap_or_else(|| SetValue::ints(Vec::new()));
        return match form {
            LAmount::Each(_) => LAmount::Each(next()),
            LAmount::Same(_, slot) => LAmount::Same(next(), slot),
            LAmount::List(slot, _) => LAmount::List(slot, next()),
            LAmount::Named(names) => {
                LAmount::Named(names.into_iter().map(|(s, _)| (s, next())).collect())
            }
            computed @ LAmount::Computed(..) => computed,
        };
    }
    let sets = srcs
        .into_iter()
        .zip(exprs)
        .map(|(s, e)| match s {
            Src::Fixed(set) => CExpr::constant(Value::Set(set), e.span.clone()),
            Src::Computed(x) => x,
        })
        .collect();
    LAmount::Computed(Box::new(form), sets)
}

/// Compiles one amount set: fixed when it is a constant, else an expression of type integer
/// or set of integers.
fn src(c: &mut Compiler<'_>, e: &Expr, scope: &mut Scope) -> Option<Src> {
    let (x, t) = c.compile(e, scope)?;
    if let CKind::Const(v) = x.kind {
        return fixed_set(c, v, e).map(Src::Fixed);
    }
    if t != Type::Int && t != Type::IntSet {
        c.diags.push(type_error(
            &e.span,
            "an amount or a set of amounts",
            t,
            "`take`",
        ));
        return None;
    }
    Some(Src::Computed(x))
}

/// A constant amount as a set: an integer is a set of one; amounts must not be negative.
fn fixed_set(c: &mut Compiler<'_>, v: Value, e: &Expr) -> Option<SetValue> {
    let set = match v {
        Value::Set(s @ (SetValue::Ints(_) | SetValue::Range(..) | SetValue::Beatty(_))) => s,
        Value::Int(n) => SetValue::ints(vec![n]),
        other => {
            c.diags.push(type_error(
                &e.span,
                "an amount or a set of amounts",
                other.ty(),
                "`take`",
            ));
            return None;
        }
    };
    match set.min() {
        Ok(Some(m)) if m < 0 => {
            c.diags.push(
                Diag::new(
                    Code::Range,
                    e.span.clone(),
                    format!("amounts must not be negative, but {m} is in this set"),
                    "a negative amount",
                )
                .help("a move takes tokens away; use amounts >= 0"),
            );
            None
        }
        _ => Some(set),
    }
}

/// The set a computed amount evaluated to, as the generator iterates it: an integer is a set
/// of one; a range starts at 0 at the lowest (negative amounts are no move, and need not be
/// walked through).
pub(crate) fn computed_set(v: Value) -> SetValue {
    match v {
        Value::Int(n) => SetValue::Ints(std::sync::Arc::from([n])),
        Value::Set(SetValue::Range(lo, hi)) => SetValue::Range(lo.max(0), hi),
        Value::Set(s @ (SetValue::Ints(_) | SetValue::Beatty(_))) => s,
        // The compiler gave the expression the type integer or set of integers.
        _ => SetValue::ints(Vec::new()),
    }
}
