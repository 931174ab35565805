//! Why an evaluation failed ([`EvalError`]: the kind and the expression's span), and the
//! checked integer division both the evaluator and the built-ins use: the leaf below
//! `expr.rs`, `builtins.rs`, `sets.rs` and `unbounded.rs`.

use crate::numbers::RealError;
use crate::syntax::ast::Span;

/// Why an evaluation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalErrorKind {
    /// An integer result beyond 64 bits.
    Overflow(String),
    /// Division or `mod` by zero.
    DivisionByZero,
    /// A function applied outside its domain (`v2(0)`, `isqrt(-1)`).
    Domain(String),
    /// Exact real arithmetic could not decide, or failed.
    Real(RealError),
    /// The evaluation's stop check ([`super::expr::Env::stop`]) said to stop: the run's time
    /// is up or Ctrl-C was pressed. Not a fault of the expression.
    Interrupted,
}

impl std::fmt::Display for EvalErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalErrorKind::Overflow(what) => write!(f, "integer overflow in {what}"),
            EvalErrorKind::DivisionByZero => write!(f, "division by zero"),
            EvalErrorKind::Domain(msg) => write!(f, "{msg}"),
            EvalErrorKind::Real(e) => write!(f, "{e}"),
            EvalErrorKind::Interrupted => write!(f, "stopped while evaluating"),
        }
    }
}

/// An evaluation error and the expression where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// What went wrong.
    pub kind: EvalErrorKind,
    /// Where.
    pub span: Span,
}

pub(crate) type R<T> = Result<T, EvalError>;

pub(crate) fn err<T>(kind: EvalErrorKind, span: &Span) -> R<T> {
    Err(EvalError {
        kind,
        span: span.clone(),
    })
}

pub(crate) fn real_err(e: RealError, span: &Span) -> EvalError {
    EvalError {
        kind: EvalErrorKind::Real(e),
        span: span.clone(),
    }
}

/// Floor division, checked.
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// The remainder with the sign of the divisor (never negative for `b > 0`), checked.
pub fn floor_mod(a: i64, b: i64) -> Option<i64> {
    let q = floor_div(a, b)?;
    a.checked_sub(q.checked_mul(b)?)
}
