//! Claims at the solver's speed (2b): what a claim's expressions need beyond the move
//! compiler's closures ([`crate::moves::compiled::expr`]), compiled here for claims: an integer
//! times or over constant reals, however chained, under `floor` or `ceil` (beta-Wynim's
//! `floor(ceil(b / beta) * beta / (beta - 1))`: `ceil(b * (1/beta))`, then `floor(n * (beta /
//! (beta - 1)))`, each constant computed once by the interpreter's own exact reals), such a
//! product compared with an integer (Euclid's `a < phi * b`, by its floor and ceiling), membership
//! in a Beatty set (`b in beatty(beta)`, by the set's own test), `v2` and `bitor`/`bitand` of
//! integers (Delete Nim's `v2(bitor(x, y) + 1)`). Everything else is the move compiler's.
//!
//! Exact as the interpreter: no float; `floor(n * c)` is decided by [`Real::floor_mul_fn`], as
//! the interpreter decides `floor` of the same real number. A value the closures cannot give
//! (a real the intervals cannot decide, `v2` of a number <= 0, an overflow) is `None`, and the
//! caller asks the interpreter, which reports it.

use std::sync::Arc;

use crate::moves::compiled::expr::{boolean, int, BoolFn, IntFn};
use crate::numbers::Real;
use crate::ruleset::expr::{floor_div, floor_mod, Builtin, CExpr, CKind};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::BinOp;

/// Compiles a truth-valued claim expression: `and`, `or` and `not` (short-circuit, as the
/// interpreter), comparisons of [`claim_int`]s, membership in a Beatty set; else the move
/// compiler's [`boolean`].
pub(crate) fn claim_bool(e: &CExpr) -> Option<BoolFn> {
    Some(match &e.kind {
        CKind::Not(a) => {
            let a = claim_bool(a)?;
            Box::new(move |r| Some(!a(r)?))
        }
        CKind::Bin(BinOp::And, a, b) => {
            let (a, b) = (claim_bool(a)?, claim_bool(b)?);
            Box::new(move |r| Some(a(r)? && b(r)?))
        }
        CKind::Bin(BinOp::Or, a, b) => {
            let (a, b) = (claim_bool(a)?, claim_bool(b)?);
            Box::new(move |r| Some(a(r)? || b(r)?))
        }
        CKind::Bin(op @ (BinOp::In | BinOp::NotIn), a, set) => {
            let CKind::Const(Value::Set(SetValue::Beatty(beatty))) = &set.kind else {
                return boolean(e);
            };
            let (x, beatty, want) = (claim_int(a)?, Arc::clone(beatty), *op == BinOp::In);
            Box::new(move |r| Some(beatty.contains(x(r)?).ok()? == want))
        }
        CKind::Bin(
            op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
            a,
            b,
        ) => {
            if let Some(f) = real_compare(*op, a, b) {
                return Some(f);
            }
            let (op, a, b) = (*op, claim_int(a)?, claim_int(b)?);
            Box::new(move |r| Some(compare(op, a(r)?, b(r)?)))
        }
        _ => return boolean(e),
    })
}

/// `x op n c` (or `n c op x`) for an integer `x` and an integer `n` times a constant real `c`
/// (Euclid's `a < phi * b`), decided exactly by `floor(n c)` and `ceil(n c)` as
/// [`Real::floor_mul_fn`] gives them: `x < n c` iff `x < ceil(n c)`, `x <= n c` iff `x <=
/// floor(n c)`, equal iff both are `x`. `None` when neither side (or both) is such a product.
fn real_compare(op: BinOp, a: &CExpr, b: &CExpr) -> Option<BoolFn> {
    let (op, x, (n, c)) = match (scaled(a), scaled(b)) {
        (None, Some(p)) => (op, claim_int(a)?, p),
        (Some(p), None) => {
            let flipped = match op {
                BinOp::Lt => BinOp::Gt,
                BinOp::Le => BinOp::Ge,
                BinOp::Gt => BinOp::Lt,
                BinOp::Ge => BinOp::Le,
                other => other,
            };
            (flipped, claim_int(b)?, p)
        }
        _ => return None,
    };
    let fm = c.floor_mul_fn();
    Some(Box::new(move |r| {
        let (x, n) = (x(r)?, n(r)?);
        let lo = fm(n).ok()?;
        let hi = fm(n.checked_neg()?).ok()?.checked_neg()?;
        let equal = lo == hi && x == lo;
        Some(match op {
            BinOp::Lt => x < hi,
            BinOp::Le => x <= lo,
            BinOp::Gt => x > lo,
            BinOp::Ge => x >= hi,
            BinOp::Eq => equal,
            _ => !equal,
        })
    }))
}

/// `a op b` for a comparison.
fn compare(op: BinOp, a: i64, b: i64) -> bool {
    match op {
        BinOp::Eq => a == b,
        BinOp::Ne => a != b,
        BinOp::Lt => a < b,
        BinOp::Le => a <= b,
        BinOp::Gt => a > b,
        _ => a >= b,
    }
}

/// Compiles an integer claim expression: `floor`/`ceil` of an integer scaled by constant reals
/// ([`scaled`]), `v2`, `bitor`/`bitand` of integers, integer arithmetic over such parts (checked
/// as the interpreter checks it); else the move compiler's [`int`].
pub(crate) fn claim_int(e: &CExpr) -> Option<IntFn> {
    Some(match &e.kind {
        CKind::Call(f @ (Builtin::Floor | Builtin::Ceil), args) => {
            let [arg] = &args[..] else { return int(e) };
            let Some((n, c)) = scaled(arg) else {
                return int(e);
            };
            let fm = c.floor_mul_fn();
            if *f == Builtin::Floor {
                Box::new(move |r| fm(n(r)?).ok())
            } else {
                // ceil(n c) = -floor(-n c).
                Box::new(move |r| fm(n(r)?.checked_neg()?).ok()?.checked_neg())
            }
        }
        CKind::Call(Builtin::V2, args) => {
            let [arg] = &args[..] else { return int(e) };
            let x = claim_int(arg)?;
            Box::new(move |r| {
                let n = x(r)?;
                (n > 0).then(|| i64::from(n.trailing_zeros()))
            })
        }
        CKind::Call(f @ (Builtin::BitOr | Builtin::BitAnd), args)
            if args.len() >= 2 && args.iter().all(|a| !is_list(a)) =>
        {
            let xs: Vec<IntFn> = args.iter().map(claim_int).collect::<Option<_>>()?;
            if *f == Builtin::BitOr {
                Box::new(move |r| xs.iter().try_fold(0i64, |acc, x| Some(acc | x(r)?)))
            } else {
                Box::new(move |r| xs.iter().try_fold(-1i64, |acc, x| Some(acc & x(r)?)))
            }
        }
        CKind::Neg(a) => {
            let a = claim_int(a)?;
            Box::new(move |r| a(r)?.checked_neg())
        }
        // Integer operands only: a real operand (`x / beta`) compiles to no integer closure.
        CKind::Bin(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod), a, b) => {
            let (op, a, b) = (*op, claim_int(a)?, claim_int(b)?);
            Box::new(move |r| {
                let (x, y) = (a(r)?, b(r)?);
                match op {
                    BinOp::Add => x.checked_add(y),
                    BinOp::Sub => x.checked_sub(y),
                    BinOp::Mul => x.checked_mul(y),
                    BinOp::Div => floor_div(x, y),
                    _ => floor_mod(x, y),
                }
            })
        }
        _ => return int(e),
    })
}

/// Whether `e` is a list (`heaps`, a list slot, a list literal): `bitor(heaps)` is left to the
/// move compiler.
fn is_list(e: &CExpr) -> bool {
    matches!(
        e.kind,
        CKind::Heaps | CKind::ListSlot(_) | CKind::Const(Value::List(_)) | CKind::ListComp(..)
    )
}

/// `e` as an integer times a constant real, `n * c`: `E * c`, `c * E`, `E / c` (`c` a real
/// constant, `E` an integer or itself such a product), the real constants multiplied and
/// divided once here, exactly.
fn scaled(e: &CExpr) -> Option<(IntFn, Real)> {
    let CKind::Bin(op @ (BinOp::Mul | BinOp::Div), x, y) = &e.kind else {
        return None;
    };
    let (inner, c) = match (&x.kind, &y.kind) {
        (_, CKind::Const(Value::Real(c))) => (x, c),
        (CKind::Const(Value::Real(c)), _) if *op == BinOp::Mul => (y, c),
        _ => return None,
    };
    // An inner product folds its constant in; else an integer (a real one compiles to none).
    let (n, c0) = match scaled(inner) {
        Some(p) => p,
        None => (claim_int(inner)?, Real::from_int(1)),
    };
    let c = match op {
        BinOp::Mul => c0.mul(c),
        _ => c0.div(c).ok()?,
    };
    Some((n, c))
}
