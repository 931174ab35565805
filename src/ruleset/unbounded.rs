//! Sets compared as wholes when one of them is unbounded (`1..`, `beatty(beta)`): decided
//! from what is known of such sets without listing them. An infinite set is never equal to,
//! nor a subset of, a finite one; `a..` is a subset of `b..` when `a >= b`; `beatty(beta)`
//! (`beta >= 1`) starts at `floor(beta)` and, for `beta > 1`, misses infinitely many
//! integers. What cannot be decided so (two different Beatty sets) is an error.

use super::eval_error::{EvalError, EvalErrorKind};
use super::value::SetValue;
use crate::numbers::Real;
use crate::syntax::ast::{BinOp, Span};
use std::cmp::Ordering;

/// The most members of a finite set looked up one by one in a Beatty set.
const MAX_LOOKUPS: i128 = 10_000_000;

fn domain(msg: String, sp: &Span) -> EvalError {
    EvalError {
        kind: EvalErrorKind::Domain(msg),
        span: sp.clone(),
    }
}

/// `a OP b` where `a` or `b` is unbounded (`==`, `!=`, `<=`, `<`, `>=`, `>` as for sets:
/// equality, subset, superset). Only what `op` needs is decided.
pub fn compare(op: BinOp, a: &SetValue, b: &SetValue, sp: &Span) -> Result<bool, EvalError> {
    Ok(match op {
        BinOp::Eq => subset(a, b, sp)? && subset(b, a, sp)?,
        BinOp::Ne => !(subset(a, b, sp)? && subset(b, a, sp)?),
        BinOp::Le => subset(a, b, sp)?,
        BinOp::Lt => subset(a, b, sp)? && !subset(b, a, sp)?,
        BinOp::Ge => subset(b, a, sp)?,
        BinOp::Gt => subset(b, a, sp)? && !subset(a, b, sp)?,
        _ => unreachable!("{op:?} on sets (unbounded::compare)"),
    })
}

/// Whether `beta` is exactly 1.
fn is_one(beta: &Real, sp: &Span) -> Result<bool, EvalError> {
    beta.compare(&Real::from_int(1))
        .map(|o| o == Ordering::Equal)
        .map_err(|e| domain(format!("cannot compare a Beatty set as a whole: {e}"), sp))
}

/// Whether every member of `a` is in `b`, where at least one of them may be unbounded.
pub fn subset(a: &SetValue, b: &SetValue, sp: &Span) -> Result<bool, EvalError> {
    let real = |e: crate::numbers::RealError| domain(e.to_string(), sp);
    if !a.is_finite() && b.is_finite() {
        // Finitely many members cannot hold infinitely many.
        return Ok(false);
    }
    match (a, b) {
        (SetValue::Tuples(t), _) => Ok(t.is_empty()),
        (SetValue::Range(lo, Some(hi)), _) if hi < lo => Ok(true),
        (_, SetValue::Range(l, None)) => Ok(a.min().map_err(real)?.is_none_or(|m| m >= *l)),
        (SetValue::Range(l, None), SetValue::Beatty(bb)) => {
            // beatty(1) is 1..; for beta > 1 the gaps between members exceed 1 infinitely often.
            Ok(is_one(&bb.beta, sp)? && *l >= 1)
        }
        (SetValue::Beatty(x), SetValue::Beatty(y)) => {
            if is_one(&y.beta, sp)? {
                return Ok(true);
            }
            match x.beta.compare(&y.beta) {
                Ok(Ordering::Equal) => Ok(true),
                _ => Err(domain(
                    format!(
                        "cannot decide whether {a} is a subset of {b}; compare members with `in`"
                    ),
                    sp,
                )),
            }
        }
        (_, SetValue::Beatty(bb)) => {
            // `a` is finite here: look each member up.
            if let SetValue::Range(lo, Some(hi)) = a {
                if i128::from(*hi) - i128::from(*lo) + 1 > MAX_LOOKUPS {
                    return Err(domain(
                        format!("{a} is too large to compare with {b} as a whole"),
                        sp,
                    ));
                }
            }
            let mut xs = Vec::new();
            a.members_upto(i64::MAX, &mut xs).map_err(real)?;
            for x in xs {
                if !bb.contains(x).map_err(real)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        // `b` is finite and `a` is too: the caller compares those by their members.
        _ => unreachable!("two finite sets (unbounded::subset)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::value::Beatty;
    use std::sync::Arc;

    fn ints(v: &[i64]) -> SetValue {
        SetValue::ints(v.to_vec())
    }

    fn beatty(n: i64) -> SetValue {
        SetValue::Beatty(Arc::new(Beatty::new(Real::from_int(n))))
    }

    fn cmp(op: BinOp, a: &SetValue, b: &SetValue) -> bool {
        compare(op, a, b, &(0..0)).expect("decidable")
    }

    #[test]
    fn infinite_never_equals_finite() {
        let all = SetValue::Range(1, None);
        assert!(!cmp(BinOp::Eq, &all, &ints(&[1])));
        assert!(cmp(BinOp::Ne, &ints(&[1]), &all));
        assert!(cmp(BinOp::Le, &ints(&[1, 5]), &all));
        assert!(!cmp(BinOp::Le, &ints(&[0, 5]), &all));
        assert!(cmp(BinOp::Lt, &ints(&[]), &all));
        assert!(!cmp(BinOp::Ge, &ints(&[1, 2, 3]), &all));
    }

    #[test]
    fn ranges_and_beatty_sets() {
        let (r1, r2) = (SetValue::Range(1, None), SetValue::Range(2, None));
        assert!(cmp(BinOp::Gt, &r1, &r2));
        assert!(!cmp(BinOp::Eq, &r1, &r2));
        assert!(cmp(BinOp::Eq, &r1, &beatty(1)));
        assert!(cmp(BinOp::Lt, &beatty(2), &r1));
        // beatty(2) = {2, 4, 6, ...}
        assert!(cmp(BinOp::Le, &ints(&[2, 4, 8]), &beatty(2)));
        assert!(!cmp(BinOp::Le, &ints(&[2, 3]), &beatty(2)));
        assert!(cmp(BinOp::Le, &beatty(2), &r2));
        assert!(!cmp(BinOp::Le, &beatty(2), &SetValue::Range(3, None)));
        assert!(cmp(BinOp::Eq, &beatty(3), &beatty(3)));
        assert!(compare(BinOp::Le, &beatty(2), &beatty(3), &(0..0)).is_err());
    }
}
