//! The cases of a claim that is a case split: every operand of an `or` reached from the
//! claim's truth value through `and`, `or` and `any`/`all` (never through `not` or a
//! comparison). `check` counts, for each case, the positions where the claim came out true
//! through it ([`hits`]: the cases on the path that made the value true), so that a case no
//! position ever reached is reported rather than passing unseen.

use super::expr::{members, CExpr, CKind, Env, EvalError};
use super::value::Value;
use crate::syntax::ast::{BinOp, Expr, ExprKind, QuantKind, Span};

/// The operands of the `or`s of `e` (flattened: `a or b or c` gives three), in the order
/// written, found along `and`, `or` and `any`/`all`. Empty when `e` has no `or`.
pub(crate) fn cases_of(e: &Expr) -> Vec<Span> {
    let mut out = Vec::new();
    collect(e, &mut out);
    out
}

fn collect(e: &Expr, out: &mut Vec<Span>) {
    match &e.kind {
        ExprKind::Binary(BinOp::Or, ..) => {
            let mut ops = Vec::new();
            flatten(e, &mut ops);
            for o in ops {
                out.push(o.span.clone());
                collect(o, out);
            }
        }
        ExprKind::Binary(BinOp::And, a, b) => {
            collect(a, out);
            collect(b, out);
        }
        ExprKind::Quant(QuantKind::Any | QuantKind::All, _, _, c) => collect(c, out),
        _ => {}
    }
}

fn flatten<'e>(e: &'e Expr, ops: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinOp::Or, a, b) => {
            flatten(a, ops);
            flatten(b, ops);
        }
        _ => ops.push(e),
    }
}

/// Which of `cases` can decide a position in the compiled `e`: those still there after
/// constant folding and not folded to `false` (a case guarded by a parameter value that this
/// run does not have is not).
pub(crate) fn applicable(e: &CExpr, cases: &[Span]) -> Vec<bool> {
    let mut out = vec![false; cases.len()];
    mark(e, cases, &mut out);
    out
}

fn mark(e: &CExpr, cases: &[Span], out: &mut [bool]) {
    match e.kind {
        CKind::Const(Value::Bool(false)) => return,
        CKind::Const(_) => {
            // Folded to `true` by the parameters: every case written inside takes part.
            for i in inside(&e.span, cases) {
                out[i] = true;
            }
            return;
        }
        _ => {}
    }
    if let Some(i) = cases.iter().position(|s| *s == e.span) {
        out[i] = true;
    }
    match &e.kind {
        CKind::Bin(BinOp::And | BinOp::Or, a, b) => {
            mark(a, cases, out);
            mark(b, cases, out);
        }
        CKind::Quant(QuantKind::Any | QuantKind::All, _, _, c) => mark(c, cases, out),
        _ => {}
    }
}

/// Evaluates the truth value `e` and, when it is true, adds to `hit` the index in `cases`
/// of every case on the path that made it true: for `a or b`, the first operand that is
/// true; for `any`, the first member that satisfies it; for `and` and `all`, every part.
/// Evaluates as [`CExpr::eval_bool`] does, in the same order, so it fails where that fails.
pub(crate) fn hits(
    e: &CExpr,
    env: &mut Env<'_>,
    cases: &[Span],
    hit: &mut Vec<usize>,
) -> Result<bool, EvalError> {
    let mark = hit.len();
    let v = walk(e, env, cases, hit)?;
    if !v {
        hit.truncate(mark);
    }
    Ok(v)
}

fn walk(
    e: &CExpr,
    env: &mut Env<'_>,
    cases: &[Span],
    hit: &mut Vec<usize>,
) -> Result<bool, EvalError> {
    let v = match &e.kind {
        CKind::Bin(BinOp::And, a, b) => hits(a, env, cases, hit)? && hits(b, env, cases, hit)?,
        CKind::Bin(BinOp::Or, a, b) => hits(a, env, cases, hit)? || hits(b, env, cases, hit)?,
        CKind::Quant(kind @ (QuantKind::Any | QuantKind::All), slot, list, cond) => {
            let list = members(list, env)?;
            let any = *kind == QuantKind::Any;
            let mut v = !any;
            for &x in list.iter() {
                env.ints[*slot] = x;
                if hits(cond, env, cases, hit)? == any {
                    v = any;
                    break;
                }
            }
            v
        }
        CKind::Const(Value::Bool(true)) => {
            // Folded by the parameters: the cases written inside decide together.
            hit.extend(inside(&e.span, cases));
            true
        }
        _ => e.eval_bool(env)?,
    };
    if v {
        if let Some(i) = cases.iter().position(|s| *s == e.span) {
            hit.push(i);
        }
    }
    Ok(v)
}

/// The indices of the cases written within `span`.
fn inside<'c>(span: &'c Span, cases: &'c [Span]) -> impl Iterator<Item = usize> + 'c {
    cases
        .iter()
        .enumerate()
        .filter(|(_, s)| span.start <= s.start && s.end <= span.end)
        .map(|(i, _)| i)
}
