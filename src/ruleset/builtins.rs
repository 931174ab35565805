//! The operators and built-in functions of the language on values: what a compiled
//! expression ([`super::expr::CExpr`]) applies once its operands are evaluated. Split from
//! `expr.rs`. Integer arithmetic is checked: an overflow is an [`super::expr::EvalError`], never a wrapped
//! value; the `unreachable!` below state types the checker (`compile.rs`) ensured.

use std::cmp::Ordering;
use std::sync::Arc;

use num_traits::ToPrimitive;

use super::eval_error::{err, floor_div, floor_mod, real_err, EvalErrorKind, R};
use super::value::{Beatty, SetValue, Value};
use crate::numbers::Real;
use crate::syntax::ast::{BinOp, Span};

/// The built-in functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `floor(x)`.
    Floor,
    /// `ceil(x)`.
    Ceil,
    /// `min(a, b, ...)` or `min(list)`.
    Min,
    /// `max(a, b, ...)` or `max(list)`.
    Max,
    /// `sum(list)` or `sum(a, b, ...)`.
    Sum,
    /// `xor(list)` or `xor(a, b, ...)`: bitwise exclusive or.
    Xor,
    /// `bitor(...)`: bitwise or.
    BitOr,
    /// `bitand(...)`: bitwise and.
    BitAnd,
    /// `v2(n)`: the exponent of the largest power of 2 dividing `n > 0`.
    V2,
    /// `isqrt(n)`: the integer square root of `n >= 0`.
    Isqrt,
    /// `sqrt(x)`: the exact real square root.
    Sqrt,
    /// `abs(x)`.
    Abs,
    /// `len(list)`.
    Len,
    /// `sorted(list)`.
    Sorted,
    /// `beatty(beta)`: `{ floor(n beta) : n >= 1 }`.
    Beatty,
    /// `remove(list, x)`: the list without its first member equal to `x`.
    Remove,
    /// `binomial(n, k)`: the binomial coefficient (0 unless 0 <= k <= n).
    Binomial,
    /// `partitions(m, k)`: the number of partitions of `m` into exactly `k` positive parts.
    Partitions,
    /// `winning` in a claim: the set of positions the winning moves reach, decoded from a list
    /// slot (`sets::encode_positions`); not callable by name.
    Winning,
}

impl Builtin {
    /// Every built-in with its name.
    pub const ALL: &'static [(&'static str, Builtin)] = &[
        ("floor", Builtin::Floor),
        ("ceil", Builtin::Ceil),
        ("min", Builtin::Min),
        ("max", Builtin::Max),
        ("sum", Builtin::Sum),
        ("xor", Builtin::Xor),
        ("bitor", Builtin::BitOr),
        ("bitand", Builtin::BitAnd),
        ("v2", Builtin::V2),
        ("isqrt", Builtin::Isqrt),
        ("sqrt", Builtin::Sqrt),
        ("abs", Builtin::Abs),
        ("len", Builtin::Len),
        ("sorted", Builtin::Sorted),
        ("beatty", Builtin::Beatty),
        ("remove", Builtin::Remove),
        ("binomial", Builtin::Binomial),
        ("partitions", Builtin::Partitions),
    ];

    /// The built-in called `name`.
    pub(crate) fn lookup(name: &str) -> Option<Builtin> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        if self == Builtin::Winning {
            return "winning";
        }
        Self::ALL
            .iter()
            .find(|(_, b)| *b == self)
            .map_or("?", |(n, _)| n)
    }
}

/// Applies an infix operator to two values (the checker has ensured the types).
pub fn binary(op: BinOp, x: Value, y: Value, sp: &Span) -> R<Value> {
    match op {
        BinOp::In | BinOp::NotIn => membership(op, &x, &y, sp),
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
            compare(op, &x, &y, sp)
        }
        _ => match (&x, &y) {
            (Value::Int(m), Value::Int(n)) => int_arith(op, *m, *n, sp),
            _ => real_arith(op, &x, &y, sp),
        },
    }
}

/// `x in y` or `x not in y`.
fn membership(op: BinOp, x: &Value, y: &Value, sp: &Span) -> R<Value> {
    let inside = match (x, y) {
        (Value::Int(n), Value::Set(s)) => s.contains(*n).map_err(|e| real_err(e, sp))?,
        (Value::List(t), Value::Set(s)) => s.contains_tuple(t),
        _ => unreachable!("{x:?} in {y:?} (binary)"),
    };
    Ok(Value::Bool(inside == (op == BinOp::In)))
}

/// A comparison: sets as wholes, integers, lists and booleans in their order, reals exactly.
fn compare(op: BinOp, x: &Value, y: &Value, sp: &Span) -> R<Value> {
    if let (Value::Set(a), Value::Set(b)) = (x, y) {
        return Ok(Value::Bool(super::sets::compare_sets(op, a, b, sp)?));
    }
    let ord = match (x, y) {
        (Value::Int(m), Value::Int(n)) => m.cmp(n),
        (Value::List(m), Value::List(n)) => m.cmp(n),
        (Value::Bool(m), Value::Bool(n)) => m.cmp(n),
        _ => match (x.to_real(), y.to_real()) {
            (Some(r), Some(s)) => r.compare(&s).map_err(|e| real_err(e, sp))?,
            _ => unreachable!("{x:?} cmp {y:?} (binary)"),
        },
    };
    Ok(Value::Bool(match op {
        BinOp::Eq => ord == Ordering::Equal,
        BinOp::Ne => ord != Ordering::Equal,
        BinOp::Lt => ord == Ordering::Less,
        BinOp::Le => ord != Ordering::Greater,
        BinOp::Gt => ord == Ordering::Greater,
        _ => ord != Ordering::Less,
    }))
}

/// Checked integer arithmetic: an overflow is an error, never a wrapped value.
fn int_arith(op: BinOp, m: i64, n: i64, sp: &Span) -> R<Value> {
    let r = match op {
        BinOp::Add => m.checked_add(n),
        BinOp::Sub => m.checked_sub(n),
        BinOp::Mul => m.checked_mul(n),
        BinOp::Div | BinOp::Mod if n == 0 => return err(EvalErrorKind::DivisionByZero, sp),
        BinOp::Div => floor_div(m, n),
        BinOp::Mod => floor_mod(m, n),
        BinOp::Pow => {
            if n < 0 {
                return err(
                    EvalErrorKind::Domain(format!(
                        "a negative exponent `{n}`: integer powers need an exponent >= 0"
                    )),
                    sp,
                );
            }
            int_pow(m, n)
        }
        _ => unreachable!("{op:?} (binary int)"),
    };
    match r {
        Some(v) => Ok(Value::Int(v)),
        None => err(EvalErrorKind::Overflow(format!("`{}`", op.symbol())), sp),
    }
}

/// Real arithmetic (one side at least is real).
fn real_arith(op: BinOp, x: &Value, y: &Value, sp: &Span) -> R<Value> {
    let (r, s) = match (x.to_real(), y.to_real()) {
        (Some(r), Some(s)) => (r, s),
        _ => unreachable!("{x:?} {op:?} {y:?} (binary real)"),
    };
    Ok(Value::Real(match op {
        BinOp::Add => r.add(&s),
        BinOp::Sub => r.sub(&s),
        BinOp::Mul => r.mul(&s),
        BinOp::Div => r.div(&s).map_err(|e| real_err(e, sp))?,
        BinOp::Pow => real_pow(&r, y, sp)?,
        _ => {
            return err(
                EvalErrorKind::Domain(format!("`{}` needs integers", op.symbol())),
                sp,
            )
        }
    }))
}

/// `r ^ y` for a real `r` and an integer `0 <= y <= 4096`.
fn real_pow(r: &Real, y: &Value, sp: &Span) -> R<Real> {
    let n = match *y {
        Value::Int(n) if n >= 0 => n,
        _ => {
            return err(
                EvalErrorKind::Domain("a real power needs an integer exponent >= 0".into()),
                sp,
            )
        }
    };
    if n > 4096 {
        return err(
            EvalErrorKind::Domain(format!("the exponent {n} is too large for a real power")),
            sp,
        );
    }
    let mut acc = Real::from_int(1);
    for _ in 0..n {
        acc = acc.mul(r);
    }
    Ok(acc)
}

pub(super) fn abs(v: Value, sp: &Span) -> R<Value> {
    Ok(match v {
        Value::Int(n) => match n.checked_abs() {
            Some(m) => Value::Int(m),
            None => return err(EvalErrorKind::Overflow("`|...|`".into()), sp),
        },
        Value::Real(r) => {
            let neg = r.compare(&Real::from_int(0)).map_err(|e| real_err(e, sp))? == Ordering::Less;
            Value::Real(if neg { r.neg() } else { r })
        }
        v => unreachable!("{v:?} (abs)"),
    })
}

/// Builds a set from member values (all integers or all tuples).
pub fn set_of(vals: Vec<Value>) -> Value {
    if vals.iter().all(|v| matches!(v, Value::Int(_))) {
        Value::Set(SetValue::ints(
            vals.into_iter()
                .map(|v| match v {
                    Value::Int(n) => n,
                    _ => unreachable!("(set_of)"),
                })
                .collect(),
        ))
    } else {
        Value::Set(SetValue::tuples(
            vals.into_iter()
                .map(|v| match v {
                    Value::List(l) => l,
                    v => unreachable!("{v:?} (set_of)"),
                })
                .collect(),
        ))
    }
}

fn ints_of(vals: &[Value]) -> Vec<i64> {
    // A single list argument, or integer arguments.
    match vals {
        [Value::List(l)] => l.to_vec(),
        _ => vals
            .iter()
            .map(|v| match v {
                Value::Int(n) => *n,
                v => unreachable!("{v:?} (ints_of)"),
            })
            .collect(),
    }
}

fn bigint_to_int(b: num_bigint::BigInt, what: &str, sp: &Span) -> R<Value> {
    match b.to_i64() {
        Some(n) => Ok(Value::Int(n)),
        None => err(EvalErrorKind::Overflow(format!("`{what}`")), sp),
    }
}

/// Applies a built-in function (the checker has ensured the argument types and count).
pub fn call(f: Builtin, vals: Vec<Value>, sp: &Span) -> R<Value> {
    match f {
        Builtin::Floor | Builtin::Ceil => floor_ceil(f, &vals[0], sp),
        Builtin::Min | Builtin::Max => min_max(f, &vals, sp),
        Builtin::Sum | Builtin::Xor | Builtin::BitOr | Builtin::BitAnd => fold_ints(f, &vals, sp),
        Builtin::V2 | Builtin::Isqrt => int_function(f, &vals[0], sp),
        Builtin::Binomial | Builtin::Partitions => counting(f, &vals, sp),
        Builtin::Sqrt | Builtin::Beatty => real_function(f, &vals[0], sp),
        Builtin::Abs => abs(vals.into_iter().next().expect("one argument (abs)"), sp),
        Builtin::Len | Builtin::Sorted | Builtin::Remove | Builtin::Winning => {
            list_function(f, &vals, sp)
        }
    }
}

/// `floor(x)`, `ceil(x)`.
fn floor_ceil(f: Builtin, v: &Value, sp: &Span) -> R<Value> {
    match v {
        Value::Int(n) => Ok(Value::Int(*n)),
        Value::Real(r) => {
            let b = if f == Builtin::Floor {
                r.floor()
            } else {
                r.ceil()
            }
            .map_err(|e| real_err(e, sp))?;
            bigint_to_int(b, f.name(), sp)
        }
        v => unreachable!("{v:?} (floor)"),
    }
}

/// `min(...)`, `max(...)`: exactly on reals when any argument is real.
fn min_max(f: Builtin, vals: &[Value], sp: &Span) -> R<Value> {
    if vals.iter().any(|v| matches!(v, Value::Real(_))) {
        let mut best = vals[0].to_real().expect("number (min)");
        for v in &vals[1..] {
            let r = v.to_real().expect("number (min)");
            let ord = r.compare(&best).map_err(|e| real_err(e, sp))?;
            if (f == Builtin::Min && ord == Ordering::Less)
                || (f == Builtin::Max && ord == Ordering::Greater)
            {
                best = r;
            }
        }
        return Ok(Value::Real(best));
    }
    let xs = ints_of(vals);
    let r = if f == Builtin::Min {
        xs.iter().min()
    } else {
        xs.iter().max()
    };
    match r {
        Some(&n) => Ok(Value::Int(n)),
        None => err(
            EvalErrorKind::Domain(format!("`{}` of an empty list", f.name())),
            sp,
        ),
    }
}

/// `sum`, `xor`, `bitor`, `bitand` of a list or of integer arguments (`sum` checked).
fn fold_ints(f: Builtin, vals: &[Value], sp: &Span) -> R<Value> {
    let xs = ints_of(vals).into_iter();
    Ok(Value::Int(match f {
        Builtin::Sum => {
            let mut acc: i64 = 0;
            for x in xs {
                acc = match acc.checked_add(x) {
                    Some(a) => a,
                    None => return err(EvalErrorKind::Overflow("`sum`".into()), sp),
                };
            }
            acc
        }
        Builtin::Xor => xs.fold(0, |a, b| a ^ b),
        Builtin::BitOr => xs.fold(0, |a, b| a | b),
        Builtin::BitAnd => xs.fold(-1, |a, b| a & b),
        _ => unreachable!("{f:?} (fold_ints)"),
    }))
}

/// `v2(n)`, `isqrt(n)`.
fn int_function(f: Builtin, v: &Value, sp: &Span) -> R<Value> {
    let Value::Int(n) = *v else {
        unreachable!("{v:?} ({})", f.name())
    };
    match f {
        Builtin::V2 if n > 0 => Ok(Value::Int(i64::from(n.trailing_zeros()))),
        Builtin::V2 => err(
            EvalErrorKind::Domain(format!("`v2({n})`: the 2-adic valuation needs n > 0")),
            sp,
        ),
        _ if n >= 0 => Ok(Value::Int(num_integer::Roots::sqrt(&n))),
        _ => err(
            EvalErrorKind::Domain(format!("`isqrt({n})` of a negative number")),
            sp,
        ),
    }
}

/// `binomial(n, k)`, `partitions(m, k)`.
fn counting(f: Builtin, vals: &[Value], sp: &Span) -> R<Value> {
    let (Value::Int(a), Value::Int(b)) = (&vals[0], &vals[1]) else {
        unreachable!("{vals:?} (binomial, partitions)")
    };
    let r = if f == Builtin::Binomial {
        super::counting::binomial(*a, *b)
    } else {
        super::counting::partitions(*a, *b)
    };
    match r {
        Some(v) => Ok(Value::Int(v)),
        None => err(
            EvalErrorKind::Overflow(format!("`{}({a}, {b})`", f.name())),
            sp,
        ),
    }
}

/// `sqrt(x)`, `beatty(beta)`.
fn real_function(f: Builtin, v: &Value, sp: &Span) -> R<Value> {
    let r = v.to_real().expect("number (sqrt, beatty)");
    if f == Builtin::Sqrt {
        return Ok(Value::Real(r.sqrt().map_err(|e| real_err(e, sp))?));
    }
    let ok = r.compare(&Real::from_int(1)).map_err(|e| real_err(e, sp))? != Ordering::Less;
    if !ok {
        return err(
            EvalErrorKind::Domain(format!("`beatty({r})` needs a real number >= 1")),
            sp,
        );
    }
    Ok(Value::Set(SetValue::Beatty(Arc::new(Beatty::new(r)))))
}

/// `len`, `sorted`, `remove` and the decoding of `winning`.
fn list_function(f: Builtin, vals: &[Value], sp: &Span) -> R<Value> {
    Ok(match (f, &vals[0]) {
        (Builtin::Len, Value::List(l)) => Value::Int(l.len() as i64),
        (Builtin::Sorted, Value::List(l)) => {
            let mut v = l.to_vec();
            v.sort_unstable();
            Value::List(v.into())
        }
        (Builtin::Remove, Value::List(l)) => match &vals[1] {
            Value::Int(x) => super::sets::remove(l, *x, sp)?,
            x => unreachable!("{l:?}, {x:?} (remove)"),
        },
        (Builtin::Winning, Value::List(code)) => super::sets::decode_positions(code),
        (f, v) => unreachable!("{v:?} ({})", f.name()),
    })
}

/// `m ^ n` for `n >= 0`, or `None` when it does not fit in an `i64`. The bases 0, 1 and -1
/// have powers for every exponent (`1 ^ (10 ^ 18)` is 1), so only larger bases can overflow,
/// and those do before the exponent leaves `u32`.
fn int_pow(m: i64, n: i64) -> Option<i64> {
    match m {
        0 => Some(i64::from(n == 0)),
        1 => Some(1),
        -1 => Some(if n % 2 == 0 { 1 } else { -1 }),
        _ => u32::try_from(n).ok().and_then(|e| m.checked_pow(e)),
    }
}
