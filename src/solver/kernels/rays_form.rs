//! The amounts of the ray kernel's linear clauses (`rays_match.rs`'s `Affine`): the least or
//! the greatest of a few linear forms in the two heaps and the first amount `s`, read from an
//! expression of integer constants, named heaps, `s`, sums, differences, constant multiples,
//! `min` and `max` (`max(0, top - (bottom - s))`, two-row Chomp's); sums are distributed into
//! `min` and `max` and a negative factor turns one into the other, as the move compiler's
//! `lines.rs` does. Exact: coefficients within `2^16`, constants within `2^40`, heaps below
//! `2^32`, so every value fits an `i64` as the interpreter's checked arithmetic computes it.

use crate::ruleset::expr::{Builtin, CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// Most linear forms in one least or greatest.
const CAP: usize = 8;

/// Largest constant of a linear form, and largest coefficient.
const MAX_CONST: i64 = 1 << 40;
const MAX_COEF: i64 = 1 << 16;

/// `h[0] x + h[1] y + s * s + k` over the heaps `x`, `y` and the first amount `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Aff {
    pub h: [i64; 2],
    pub s: i64,
    pub k: i64,
}

impl Aff {
    fn konst(k: i64) -> Aff {
        Aff { h: [0, 0], s: 0, k }
    }

    fn plus(self, o: Aff) -> Option<Aff> {
        bounded(Aff {
            h: [self.h[0] + o.h[0], self.h[1] + o.h[1]],
            s: self.s + o.s,
            k: self.k + o.k,
        })
    }

    fn scaled(self, f: i64) -> Option<Aff> {
        bounded(Aff {
            h: [self.h[0] * f, self.h[1] * f],
            s: self.s * f,
            k: self.k.checked_mul(f)?,
        })
    }

    /// The part that does not read `s`, at the heaps `c` (exact: |coefficients| <= 2^16,
    /// heaps < 2^32, constant <= 2^40).
    #[inline]
    pub fn at(&self, c: [i64; 2]) -> i64 {
        self.h[0] * c[0] + self.h[1] * c[1] + self.k
    }
}

fn bounded(a: Aff) -> Option<Aff> {
    let ok = |x: i64| x.abs() <= MAX_COEF;
    (ok(a.h[0]) && ok(a.h[1]) && ok(a.s) && a.k.abs() <= MAX_CONST).then_some(a)
}

/// The least (`max`: greatest) of a few linear forms.
#[derive(Clone, Debug)]
pub(super) struct Form {
    pub max: bool,
    pub lines: Vec<Aff>,
}

impl Form {
    fn one(a: Aff) -> Form {
        Form {
            max: false,
            lines: vec![a],
        }
    }

    fn scaled(self, f: i64) -> Option<Form> {
        let lines = self.lines.into_iter().map(|l| l.scaled(f));
        Some(Form {
            max: self.max != (f < 0),
            lines: lines.collect::<Option<_>>()?,
        })
    }

    fn plus(self, o: Form) -> Option<Form> {
        let max = match (self.lines.len(), o.lines.len()) {
            (1, _) => o.max,
            (_, 1) => self.max,
            _ if self.max == o.max => self.max,
            _ => return None,
        };
        let mut lines = Vec::new();
        for x in &self.lines {
            for y in &o.lines {
                lines.push(x.plus(*y)?);
            }
        }
        (lines.len() <= CAP).then_some(Form { max, lines })
    }

    /// The value at the heaps `c`, for a form that does not read `s`.
    pub fn value(&self, c: [i64; 2]) -> i64 {
        let v = self.lines.iter().map(|l| l.at(c));
        if self.max {
            v.max().unwrap_or(0)
        } else {
            v.min().unwrap_or(0)
        }
    }
}

/// The form of `e`: integer constants, the named heaps (`heaps`: slot and index), the amount
/// `s`, sums, differences, constant multiples, `min` and `max`.
pub(super) fn form_of(
    e: &CExpr,
    heaps: &[(usize, usize)],
    s: Option<usize>,
    depth: usize,
) -> Option<Form> {
    if depth > 32 {
        return None;
    }
    let sub = |x: &CExpr| form_of(x, heaps, s, depth + 1);
    match &e.kind {
        CKind::Const(Value::Int(n)) => bounded(Aff::konst(*n)).map(Form::one),
        CKind::IntSlot(x) if Some(*x) == s => Some(Form::one(Aff {
            s: 1,
            ..Aff::konst(0)
        })),
        CKind::IntSlot(x) => {
            let &(_, i) = heaps.iter().find(|(slot, i)| slot == x && *i < 2)?;
            let mut a = Aff::konst(0);
            a.h[i] = 1;
            Some(Form::one(a))
        }
        CKind::Neg(a) => sub(a)?.scaled(-1),
        CKind::Bin(BinOp::Add, a, b) => sub(a)?.plus(sub(b)?),
        CKind::Bin(BinOp::Sub, a, b) => sub(a)?.plus(sub(b)?.scaled(-1)?),
        CKind::Bin(BinOp::Mul, a, b) => match (&a.kind, &b.kind) {
            (CKind::Const(Value::Int(k)), _) | (_, CKind::Const(Value::Int(k)))
                if k.abs() <= 1 << 8 =>
            {
                let other = if matches!(a.kind, CKind::Const(_)) {
                    b
                } else {
                    a
                };
                sub(other)?.scaled(*k)
            }
            _ => None,
        },
        CKind::Call(f @ (Builtin::Min | Builtin::Max), args) if args.len() >= 2 => {
            let max = *f == Builtin::Max;
            let mut lines = Vec::new();
            for a in args {
                let a = sub(a)?;
                if a.lines.len() > 1 && a.max != max {
                    return None;
                }
                lines.extend(a.lines);
            }
            (lines.len() <= CAP).then_some(Form { max, lines })
        }
        _ => None,
    }
}
