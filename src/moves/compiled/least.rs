//! Bounds that read nothing but the least heap chosen or the least heap of the position (`s <=
//! h / 2`, `2 * s <= h`, `s <= min(p) / 2`, `2 * s <= x + 1` with `x` the heap chosen, `s <=
//! min(heaps)`), recognised at compile time so that a choice of heaps computes its window
//! inline, with no closure, no register written and no check that can fail.
//!
//! Exactness: each amount-free part of such a bound is `floor((a * x + b) / d)` or a constant,
//! `x` the least heap chosen (the single heap's slot, or `min` of the selection's list) or
//! `min(heaps)` (evaluated only where a heap is chosen, so never of an empty position), with
//! `|a| <= 2^7`, `|b| <= 2^38`, `d >= 1`, and every subexpression the interpreter evaluates on
//! the way is itself of the form `a * x + b` within those limits. With `x < 2^32`, every such
//! value lies within `±2^40`: the interpreter's checked arithmetic never fails on it and the
//! general bound's range check ([`super::bounds`], `±2^40` a part) never falls back, so the
//! window is the general path's.

use super::expr::Window;
use crate::ruleset::expr::{Builtin, CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// The largest factor of the least heap in a part.
const A_MAX: i64 = 1 << 7;
/// The largest magnitude of a part's constant.
const B_MAX: i64 = 1 << 38;

/// What a part reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// The least heap chosen (the single heap's slot, `min` of the heaps chosen).
    Least,
    /// `min(heaps)`, the least heap of the position.
    MinHeaps,
    /// The heap that `keep one heap o` kept, on a position of two heaps (`super::kept`).
    Kept,
}

/// An amount-free part of a bound: `floor((a * x + b) / d)` with `x` the value `var` names
/// (`d >= 1`; a constant when `a == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    a: i64,
    b: i64,
    d: i64,
    var: Var,
}

/// Tells the expressions that are a [`Var`].
pub(crate) type Vars<'a> = &'a dyn Fn(&CExpr) -> Option<Var>;

impl Part {
    /// The constant part `n`.
    pub fn constant(n: i64) -> Option<Part> {
        (n.abs() <= B_MAX).then_some(Part {
            a: 0,
            b: n,
            d: 1,
            var: Var::Least,
        })
    }

    /// The part `e`, when it is of the recognised forms.
    pub fn of(e: &CExpr, vars: Vars<'_>) -> Option<Part> {
        if let CKind::Bin(BinOp::Div, p, q) = &e.kind {
            let CKind::Const(Value::Int(d)) = q.kind else {
                return None;
            };
            let (a, b, var) = affine(p, vars)?;
            return (d >= 1).then_some(Part { a, b, d, var });
        }
        let (a, b, var) = affine(e, vars)?;
        Some(Part { a, b, d: 1, var })
    }

    /// Whether the part reads `min(heaps)`.
    pub(crate) fn reads_min(self) -> bool {
        self.a != 0 && self.var == Var::MinHeaps
    }

    /// The part's value with the least heap chosen `x`, the least heap of the position `m`
    /// and the heap kept `o` (0 where no heap is kept: no part reads it there).
    #[inline(always)]
    pub(super) fn at(self, (x, m, o): (i64, i64, i64)) -> i64 {
        let v = match self.var {
            Var::Least => x,
            Var::MinHeaps => m,
            Var::Kept => o,
        };
        // |a * v + b| < 2^40 (the module's limits); d >= 1.
        match self.d {
            1 => self.a * v + self.b,
            d => (self.a * v + self.b).div_euclid(d),
        }
    }
}

/// `e` as `a * v + b` within the limits, every subexpression too, `v` the variable read (any
/// when `a == 0`).
fn affine(e: &CExpr, vars: Vars<'_>) -> Option<(i64, i64, Var)> {
    let (a, b, var) = if let Some(var) = vars(e) {
        (1, 0, var)
    } else {
        match &e.kind {
            CKind::Const(Value::Int(n)) => (0, *n, Var::Least),
            CKind::Neg(p) => {
                let (a, b, var) = affine(p, vars)?;
                (-a, -b, var)
            }
            CKind::Bin(op @ (BinOp::Add | BinOp::Sub), p, q) => {
                let (a, b, u) = affine(p, vars)?;
                let (c, d, w) = affine(q, vars)?;
                // One variable at most.
                let var = match (a, c) {
                    (0, _) => w,
                    (_, 0) => u,
                    _ if u == w => u,
                    _ => return None,
                };
                match op {
                    BinOp::Add => (a + c, b + d, var),
                    _ => (a - c, b - d, var),
                }
            }
            CKind::Bin(BinOp::Mul, p, q) => {
                let (a, b, u) = affine(p, vars)?;
                let (c, d, w) = affine(q, vars)?;
                // One factor constant; the other's limits keep the product in i64 here.
                match (a, c) {
                    (0, _) => (b.checked_mul(c)?, b.checked_mul(d)?, w),
                    (_, 0) => (a.checked_mul(d)?, b.checked_mul(d)?, u),
                    _ => return None,
                }
            }
            _ => return None,
        }
    };
    (a.abs() <= A_MAX && b.abs() <= B_MAX).then_some((a, b, var))
}

/// One bound `k * s + sum f * part <= 0` (`k != 0`), the parts read from the least heap.
#[derive(Clone, Debug)]
pub(crate) struct LeastBound {
    /// The amount's factor.
    pub k: i64,
    /// The parts with their factors (at most 64, each factor at most `2^16`).
    pub parts: Vec<(i64, Part)>,
}

/// The bounds of a clause, every one a [`LeastBound`].
#[derive(Clone, Debug)]
pub(crate) struct LeastBounds {
    bounds: Vec<LeastBound>,
    /// Whether a part reads `min(heaps)`.
    reads_min: bool,
    /// The one bound when it is `k * s <= part` (`k > 0`, `s <= h / 2`, `2 * s <= h`, `s <=
    /// min(heaps)`): the greatest amount is `floor(part / k)`, with no loop.
    upper: Option<(Part, i64)>,
}

impl LeastBounds {
    /// The bounds `bounds`.
    pub fn new(bounds: Vec<LeastBound>) -> LeastBounds {
        let reads_min = (bounds.iter()).any(|b| b.parts.iter().any(|&(_, p)| p.reads_min()));
        let upper = match &bounds[..] {
            [b] if b.k > 0 => match b.parts[..] {
                // k * s - part <= 0.
                [(-1, p)] => Some((p, b.k)),
                _ => None,
            },
            _ => None,
        };
        LeastBounds {
            bounds,
            reads_min,
            upper,
        }
    }

    /// Whether a bound reads `min(heaps)`.
    pub(crate) fn reads_min(&self) -> bool {
        self.reads_min
    }

    /// Cuts `w` by the bounds at the least heap chosen `x`, the least heap of the position
    /// `m` and the heap kept `o` (each `0 <= v < 2^32`; `m` is read only when
    /// [`LeastBounds::reads_min`], `o` only by the bounds of [`super::kept`]).
    #[inline(always)]
    pub fn cut(&self, xm: (i64, i64, i64), mut w: Window) -> Window {
        if let Some((p, k)) = self.upper {
            // The loop below with one bound, one part and its factor -1.
            w.hi = w.hi.min(p.at(xm).div_euclid(k));
            return w;
        }
        for b in &self.bounds {
            // At most 64 parts within ±2^40 times factors at most 2^16: within i64.
            let e: i64 = -b.parts.iter().map(|&(f, p)| f * p.at(xm)).sum::<i64>();
            if b.k > 0 {
                w.hi = w.hi.min(e.div_euclid(b.k));
            } else {
                // s >= e / k rounded up, which is -floor(e / -k) (k < 0).
                w.lo = w.lo.max(-e.div_euclid(-b.k));
            }
        }
        w
    }
}

/// The variable of the quick paths that `e` is, if any: the single heap chosen
/// (whose slot is `single`) or `min` of the heaps chosen (the list in `list`), `min(heaps)`
/// with no heap kept, the heap kept (`kept`: `Some` of its slot's name when a heap is kept).
pub(super) fn var_of(
    e: &CExpr,
    (single, list): (Option<usize>, Option<usize>),
    kept: Option<Option<usize>>,
) -> Option<Var> {
    match &e.kind {
        CKind::IntSlot(i) if single == Some(*i) => Some(Var::Least),
        CKind::IntSlot(i) if kept.flatten() == Some(*i) => Some(Var::Kept),
        CKind::Call(Builtin::Min, args) => match &args[..] {
            [a] if matches!(a.kind, CKind::ListSlot(i) if Some(i) == list) => Some(Var::Least),
            [a] if matches!(a.kind, CKind::Heaps) && kept.is_none() => Some(Var::MinHeaps),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{LeastBound, LeastBounds, Part, Var, Window};

    /// The one-bound shortcut `k * s <= part` gives the window of the general loop.
    #[test]
    fn the_upper_shortcut_cuts_as_the_general_loop() {
        let w = Window {
            lo: 1,
            hi: 100,
            step: 1,
            res: 0,
        };
        for (k, a, b, d) in (1..4).flat_map(|k| {
            (-2..3).flat_map(move |a| (-5..6).flat_map(move |b| (1..4).map(move |d| (k, a, b, d))))
        }) {
            let var = if a < 0 { Var::MinHeaps } else { Var::Least };
            let part = Part { a, b, d, var };
            let bounds = vec![LeastBound {
                k,
                parts: vec![(-1, part)],
            }];
            let quick = LeastBounds::new(bounds.clone());
            assert!(quick.upper.is_some());
            let general = LeastBounds {
                upper: None,
                ..LeastBounds::new(bounds)
            };
            for xm in (0..20).flat_map(|x| (0..20).map(move |m| (x, m, 0))) {
                assert_eq!(quick.cut(xm, w), general.cut(xm, w), "{k} {part:?} {xm:?}");
            }
        }
    }
}
