//! Sets compared as wholes (`==`, `!=`, subset `<=`/`<`, superset `>=`/`>`), `remove(L, x)`,
//! and the encoding of the set of positions a claim's `winning` stands for (the positions
//! the winning moves reach), passed to the evaluator in a list slot.

use std::sync::Arc;

use super::eval_error::{EvalError, EvalErrorKind};
use super::value::{SetValue, Value};
use crate::syntax::ast::{BinOp, Span};

/// The most members a set compared as a whole may have (a finite range is counted first).
const MAX_MEMBERS: i128 = 10_000_000;

/// The members of a finite set: integers or tuples, sorted, without repeats.
enum Members {
    Ints(Vec<i64>),
    Tuples(Vec<Arc<[i64]>>),
}

impl Members {
    fn is_empty(&self) -> bool {
        match self {
            Members::Ints(v) => v.is_empty(),
            Members::Tuples(v) => v.is_empty(),
        }
    }
}

fn members(s: &SetValue, sp: &Span) -> Result<Members, EvalError> {
    let domain = |msg: String| EvalError {
        kind: EvalErrorKind::Domain(msg),
        span: sp.clone(),
    };
    Ok(match s {
        SetValue::Tuples(v) => Members::Tuples(v.to_vec()),
        SetValue::Ints(v) => Members::Ints(v.to_vec()),
        SetValue::Range(a, Some(b)) => {
            let n = i128::from(*b) - i128::from(*a) + 1;
            if n > MAX_MEMBERS {
                return Err(domain(format!(
                    "a set of {n} members is too large to compare as a whole (at most \
                     {MAX_MEMBERS})"
                )));
            }
            Members::Ints(if n > 0 {
                (*a..=*b).collect()
            } else {
                Vec::new()
            })
        }
        _ => {
            return Err(domain(
                "an unbounded set cannot be compared as a whole; compare members with `in`".into(),
            ))
        }
    })
}

/// Whether every member of `a` is in `b` (both sorted, without repeats).
fn subset<T: Ord>(a: &[T], b: &[T]) -> bool {
    let mut j = 0;
    for x in a {
        while j < b.len() && b[j] < *x {
            j += 1;
        }
        if j == b.len() || b[j] != *x {
            return false;
        }
        j += 1;
    }
    true
}

/// `a OP b` for two sets: `==`, `!=`, `<=` (subset), `<` (proper subset), `>=`, `>`.
pub(crate) fn compare_sets(
    op: BinOp,
    a: &SetValue,
    b: &SetValue,
    sp: &Span,
) -> Result<bool, EvalError> {
    let (xy, yx) = if a.is_finite() && b.is_finite() {
        let (x, y) = (members(a, sp)?, members(b, sp)?);
        // (x subset of y, y subset of x); sets of integers and of tuples share only the empty
        // set.
        match (&x, &y) {
            (Members::Ints(p), Members::Ints(q)) => (subset(p, q), subset(q, p)),
            (Members::Tuples(p), Members::Tuples(q)) => (subset(p, q), subset(q, p)),
            _ => (x.is_empty(), y.is_empty()),
        }
    } else {
        return super::unbounded::compare(op, a, b, sp);
    };
    Ok(match op {
        BinOp::Eq => xy && yx,
        BinOp::Ne => !(xy && yx),
        BinOp::Le => xy,
        BinOp::Lt => xy && !yx,
        BinOp::Ge => yx,
        BinOp::Gt => yx && !xy,
        _ => unreachable!("{op:?} on sets (compare_sets)"),
    })
}

/// `remove(L, x)`: the list `L` without its first member equal to `x`.
pub fn remove(list: &[i64], x: i64, sp: &Span) -> Result<Value, EvalError> {
    match list.iter().position(|&y| y == x) {
        Some(i) => {
            let mut v = list.to_vec();
            v.remove(i);
            Ok(Value::List(v.into()))
        }
        None => Err(EvalError {
            kind: EvalErrorKind::Domain(format!("`remove`: {x} is not a member of the list")),
            span: sp.clone(),
        }),
    }
}

/// Positions written into one list (each as its length, then its heaps), for a list slot.
pub(crate) fn encode_positions(ps: &[Vec<u32>]) -> Vec<i64> {
    let mut out = Vec::new();
    for p in ps {
        out.push(p.len() as i64);
        out.extend(p.iter().map(|&h| i64::from(h)));
    }
    out
}

/// The set of positions [`encode_positions`] wrote.
pub(crate) fn decode_positions(code: &[i64]) -> Value {
    let mut v: Vec<Arc<[i64]>> = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let n = usize::try_from(code[i]).unwrap_or(0);
        let end = (i + 1 + n).min(code.len());
        v.push(code[i + 1..end].into());
        i = end;
    }
    Value::Set(SetValue::tuples(v))
}
