//! Steps that put tokens on heaps: `add A to SEL [where C]`, and `move A from SEL to SEL
//! [where C]`, lowered as a `take` from the first selection (its amounts named) followed by
//! an `add` of their total to the second, a single heap. A heap can then grow: the generator
//! writes no follower with a heap beyond `u32::MAX`, and the solver's loop detection reports a
//! game that can return to a position.

use super::compile::{Scope, Slots};
use super::diag::{Code, Diag};
use super::lower_ctx::SelState;
use super::lower_step::lower_step;
use super::program::{LAmount, LStep, LStepKind, ShapeSpec};
use crate::syntax::ast::{
    Amount, BinOp, Expr, ExprKind, Ident, SelKind, Selector, Span, Step, StepKind,
};

/// The name the lowering gives an amount moved that the file leaves unnamed (it cannot be
/// written in a file, so it hides nothing).
const MOVED: &str = "moved amount";

/// Lowers `move A from SEL to SEL [where C]` into its `take` and its `add`.
pub(super) fn lower_shift(
    st: &Step,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    sels: &mut SelState,
) -> Option<Vec<LStep>> {
    let StepKind::Shift {
        amount,
        from,
        to,
        cond,
    } = &st.kind
    else {
        return None;
    };
    let (named, total) = named_amounts(amount, from, &st.span, diags)?;
    if !one_target(to, diags) {
        return None;
    }
    let take = Step {
        kind: StepKind::Take {
            amount: named,
            sel: from.clone(),
            cond: None,
        },
        span: st.span.clone(),
    };
    let first = lower_step(&take, shape, scope, diags, slots, sels)?;
    // One name for the amounts of several heaps is their list: the total is its sum.
    let total = match &first.kind {
        LStepKind::Take(LAmount::List(..), _) => sum_of(total),
        LStepKind::Take(LAmount::Computed(form, _), _) if matches!(**form, LAmount::List(..)) => {
            sum_of(total)
        }
        _ => total,
    };
    let add = Step {
        kind: StepKind::Add {
            amount: Amount::Each(total),
            sel: to.clone(),
            cond: cond.clone(),
        },
        span: st.span.clone(),
    };
    let second = lower_step(&add, shape, scope, diags, slots, sels)?;
    Some(vec![first, second])
}

/// The take's amount with every amount named, and the total of the amounts as an expression;
/// `None` (reported) for `move same` from several heaps.
fn named_amounts(
    amount: &Amount,
    from: &Selector,
    at: &Span,
    diags: &mut Vec<Diag>,
) -> Option<(Amount, Expr)> {
    let hidden = |e: &Expr| Ident {
        name: MOVED.to_string(),
        span: e.span.clone(),
    };
    Some(match amount {
        Amount::Each(e) => {
            let id = hidden(e);
            let t = name(&id);
            (Amount::Named(vec![(id, e.clone())]), t)
        }
        Amount::Same(n, e) => {
            if !matches!(from.kind, SelKind::One | SelKind::At(_) | SelKind::Named(_)) {
                diags.push(one_source(at));
                return None;
            }
            let id = n.clone().unwrap_or_else(|| hidden(e));
            let t = name(&id);
            (Amount::Same(Some(id), e.clone()), t)
        }
        Amount::Named(bs) => {
            let mut total = name(&bs[0].0);
            for (id, _) in &bs[1..] {
                total = Expr {
                    span: total.span.start..id.span.end,
                    kind: ExprKind::Binary(BinOp::Add, Box::new(total), Box::new(name(id))),
                };
            }
            (Amount::Named(bs.clone()), total)
        }
    })
}

/// The expression that reads the name `id`.
fn name(id: &Ident) -> Expr {
    Expr {
        kind: ExprKind::Name(id.name.clone()),
        span: id.span.clone(),
    }
}

/// `sum(e)`.
fn sum_of(e: Expr) -> Expr {
    Expr {
        span: e.span.clone(),
        kind: ExprKind::Call(
            Ident {
                name: "sum".to_string(),
                span: e.span.clone(),
            },
            vec![e],
        ),
    }
}

/// Whether `to` selects one heap; reported when not.
fn one_target(to: &Selector, diags: &mut Vec<Diag>) -> bool {
    let one = matches!(
        to.kind,
        SelKind::One
            | SelKind::TheOther
            | SelKind::Named(_)
            | SelKind::At(_)
            | SelKind::Ref(_)
            | SelKind::NextTo { each: true, .. }
    );
    if !one {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                to.span.clone(),
                "tokens are moved to one heap",
                "several heaps",
            )
            .help("move to `one other heap`, `the other heap`, `heap i`, `one heap next to h`, or a heap named earlier"),
        );
    }
    one
}

fn one_source(at: &Span) -> Diag {
    Diag::new(
        Code::NotAllowed,
        at.clone(),
        "`move same` takes from one heap",
        "several heaps",
    )
    .help("move from one heap (`move 1.. from one heap to ...`), or name the amounts (`move l in 1.. from 2 heaps to ...`)")
}
