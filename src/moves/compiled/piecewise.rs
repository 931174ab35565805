//! Piecewise-linear forms of a later step's amount in the first `take`'s amount `s`
//! ([`super::then`]): `{c - v for v in {min(c, b - s)} if v < c}`, the lowered `set heap c to
//! min(c, b - s)` of three-row Chomp, is `s - (b - c)` for `s > b - c` and no move below. For a
//! run of amounts of the first `take` (one choice of heaps), the parts that do not read `s` are
//! evaluated once, the amount becomes a few linear pieces, and its conditions a few intervals
//! of `s`, so that each move of the run costs a few integer operations instead of the
//! closures of every expression.
//!
//! Compiled: sums, differences, negations, products by a constant of `s`, of the
//! comprehension's variable (the member substituted) and of parts that read neither (each a
//! closure, [`super::expr::int`]); `min` and `max` of such; comparisons of such, and `and`.
//!
//! Exactness: an `s`-free part is evaluated once a run, before any move of it; where it fails
//! (the interpreter's error) or leaves `±2^40`, or a form would need more than [`CAP`]
//! pieces, or a value computed here leaves `i64`, the caller takes the per-amount path, which
//! is the interpreter's order of evaluation. Otherwise no evaluation of the interpreter can
//! fail: with constant factors at most `2^8` each and `2^16` along a path, at most
//! [`MAX_NODES`] nodes, parts within `±2^40` and amounts below `2^32`, every intermediate
//! value lies within `±2^62`; so the interpreter's value at each `s` is the linear piece's.

use super::expr::{int, reads_slot, Regs};
use super::lines::{Lines, Pl};
use super::pieces::{compare, Iv, FREE};
use crate::ruleset::expr::{Builtin, CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// The most nodes of one compiled form.
const MAX_NODES: usize = 64;

/// A condition on `s`: comparisons and `and`.
pub(super) enum PlCond {
    /// `a op b`, as `a - b op 0`.
    Cmp(BinOp, Lines),
    /// `a and b`.
    And(Box<PlCond>, Box<PlCond>),
}

/// What a form is compiled against: the amount's slot, the comprehension's variable and its
/// member, and the nodes so far.
pub(super) struct Cx<'a> {
    pub(super) s: Option<usize>,
    pub(super) var: Option<(usize, &'a CExpr)>,
    nodes: usize,
}

impl<'a> Cx<'a> {
    /// A context for the amount in `s` (none when the amount has no name) and the variable
    /// `var` standing for its member.
    pub(super) fn new(s: Option<usize>, var: Option<(usize, &'a CExpr)>) -> Cx<'a> {
        Cx { s, var, nodes: 0 }
    }

    fn reads(&self, e: &CExpr) -> bool {
        self.s.is_some_and(|s| reads_slot(e, s)) || self.var.is_some_and(|(v, _)| reads_slot(e, v))
    }

    /// `e` compiled, with the constant factors along the path so far `scale`.
    pub(super) fn int(&mut self, e: &CExpr, scale: i64) -> Option<Pl> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        if !self.reads(e) {
            return match e.kind {
                CKind::Const(Value::Int(n)) => (n.abs() <= FREE).then_some(Pl::Const(n)),
                _ => Some(Pl::Free(int(e)?)),
            };
        }
        Some(match &e.kind {
            CKind::IntSlot(i) if Some(*i) == self.s => Pl::S,
            CKind::IntSlot(i) if self.var.is_some_and(|(v, _)| v == *i) => {
                let (_, member) = self.var?;
                // The member is outside the comprehension: it reads no variable of it.
                let var = self.var.take();
                let m = self.int(member, scale);
                self.var = var;
                m?
            }
            CKind::Neg(a) => Pl::Scale(-1, Box::new(self.int(a, scale)?)),
            CKind::Bin(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let b = self.int(b, scale)?;
                let b = match op {
                    BinOp::Sub => Pl::Scale(-1, Box::new(b)),
                    _ => b,
                };
                Pl::Add(Box::new(self.int(a, scale)?), Box::new(b))
            }
            CKind::Bin(BinOp::Mul, a, b) => {
                let (k, other) = match (&a.kind, &b.kind) {
                    (CKind::Const(Value::Int(k)), _) => (*k, b),
                    (_, CKind::Const(Value::Int(k))) => (*k, a),
                    _ => return None,
                };
                let scale = scale.checked_mul(k.checked_abs()?)?;
                if k.abs() > 1 << 8 || scale > 1 << 16 {
                    return None;
                }
                Pl::Scale(k, Box::new(self.int(other, scale)?))
            }
            CKind::Call(f @ (Builtin::Min | Builtin::Max), args) if args.len() >= 2 => {
                let args = args.iter().map(|a| self.int(a, scale));
                Pl::MinMax(*f == Builtin::Max, args.collect::<Option<_>>()?)
            }
            _ => return None,
        })
    }

    /// A condition compiled.
    pub(super) fn cond(&mut self, e: &CExpr) -> Option<PlCond> {
        Some(match &e.kind {
            CKind::Bin(BinOp::And, a, b) => {
                PlCond::And(Box::new(self.cond(a)?), Box::new(self.cond(b)?))
            }
            CKind::Bin(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => PlCond::Cmp(*op, Lines::minus(self.int(a, 1)?, self.int(b, 1)?)?),
            _ => return None,
        })
    }
}

/// The stretches of `lo..=hi` where `c` holds.
pub(super) fn holds(c: &PlCond, r: &Regs, (lo, hi): (i64, i64)) -> Option<Iv> {
    match c {
        PlCond::And(a, b) => holds(a, r, (lo, hi))?.and(&holds(b, r, (lo, hi))?),
        PlCond::Cmp(op, d) => {
            let d = d.value(r, (lo, hi))?;
            let mut out = Iv::all(1, 0);
            for (from, q) in d.pieces() {
                compare(*op, q, (from, q.to), &mut out)?;
            }
            Some(out)
        }
    }
}
