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

use super::expr::{int, reads_slot, IntFn, Regs};
use super::lines::Lines;
use crate::ruleset::eval_error::floor_div;
use crate::ruleset::expr::{Builtin, CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// The largest magnitude of a part that reads no amount.
pub(super) const FREE: i64 = 1 << 40;
/// The most nodes of one compiled form.
const MAX_NODES: usize = 64;
/// The most pieces of a value, or intervals of a condition.
pub(super) const CAP: usize = 4;

/// An integer expression, linear in `s` but for `min` and `max`.
pub(super) enum Pl {
    /// Reads no amount: evaluated once a run.
    Free(IntFn),
    /// A constant.
    Const(i64),
    /// The amount.
    S,
    /// `k * e`.
    Scale(i64, Box<Pl>),
    /// `a + b`.
    Add(Box<Pl>, Box<Pl>),
    /// `min(args)` (`max` when the flag is set).
    MinMax(bool, Vec<Pl>),
}

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

/// `a * s + b` on `s <= to` (from the previous piece's end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Piece {
    pub(super) to: i64,
    pub(super) a: i64,
    pub(super) b: i64,
}

/// A piecewise-linear value of `s` over `lo..=` the last piece's end.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pw {
    pub(super) lo: i64,
    pub(super) n: usize,
    pub(super) p: [Piece; CAP],
}

impl Pw {
    fn empty(lo: i64) -> Pw {
        Pw {
            lo,
            n: 0,
            p: [Piece::default(); CAP],
        }
    }

    pub(super) fn line(lo: i64, hi: i64, a: i64, b: i64) -> Pw {
        let mut w = Pw::empty(lo);
        w.p[0] = Piece { to: hi, a, b };
        w.n = 1;
        w
    }

    /// Appends `a * s + b` up to `to` (merged with the last piece when it is the same line).
    fn push(&mut self, to: i64, a: i64, b: i64) -> Option<()> {
        if self.n > 0 {
            let last = &mut self.p[self.n - 1];
            if (last.a, last.b) == (a, b) {
                last.to = to;
                return Some(());
            }
        }
        *self.p.get_mut(self.n)? = Piece { to, a, b };
        self.n += 1;
        Some(())
    }

    /// The pieces with their first `s`.
    pub(super) fn pieces(&self) -> impl Iterator<Item = (i64, Piece)> + '_ {
        let mut from = self.lo;
        self.p[..self.n].iter().map(move |&q| {
            let f = from;
            from = q.to.saturating_add(1);
            (f, q)
        })
    }

    /// `g` on each stretch where both `self` and `y` are one line each, building a value.
    pub(super) fn merge(
        &self,
        y: &Pw,
        mut g: impl FnMut(&mut Pw, (i64, i64), Piece, Piece) -> Option<()>,
    ) -> Option<Pw> {
        let mut out = Pw::empty(self.lo);
        let (mut i, mut j, mut from) = (0, 0, self.lo);
        while i < self.n && j < y.n {
            let (p, q) = (self.p[i], y.p[j]);
            let to = p.to.min(q.to);
            g(&mut out, (from, to), p, q)?;
            from = to.checked_add(1)?;
            i += usize::from(p.to == to);
            j += usize::from(q.to == to);
        }
        Some(out)
    }
}

/// Pushes the least (greatest when `max`) of lines `p` and `q` over `from..=to`.
pub(super) fn least(
    out: &mut Pw,
    (from, to): (i64, i64),
    p: Piece,
    q: Piece,
    max: bool,
) -> Option<()> {
    // p <= q where (p.a - q.a) s + (p.b - q.b) <= 0: there the least is p, the greatest q.
    let (da, db) = (p.a.checked_sub(q.a)?, p.b.checked_sub(q.b)?);
    let (inside, outside) = if max { (q, p) } else { (p, q) };
    match le_zero(da, db, (from, to))? {
        None => out.push(to, outside.a, outside.b),
        Some((f, t)) => {
            if f > from {
                out.push(f - 1, outside.a, outside.b)?;
            }
            out.push(t, inside.a, inside.b)?;
            if t < to {
                out.push(to, outside.a, outside.b)?;
            }
            Some(())
        }
    }
}

/// The stretch of `from..=to` where `a * s + b <= 0` (one, since the form is linear), or
/// `Some(None)` when there is none.
pub(super) fn le_zero(a: i64, b: i64, (from, to): (i64, i64)) -> Option<Option<(i64, i64)>> {
    let (f, t) = match a {
        0 if b <= 0 => (from, to),
        0 => return Some(None),
        // s <= floor(-b / a).
        a if a > 0 => (from, to.min(floor_div(b.checked_neg()?, a)?)),
        // s >= ceil(b / -a) = -floor(-b / -a).
        a => (
            from.max(floor_div(b.checked_neg()?, a.checked_neg()?)?.checked_neg()?),
            to,
        ),
    };
    Some((f <= t).then_some((f, t)))
}

/// Disjoint stretches of `s`, increasing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Iv {
    pub(super) n: usize,
    pub(super) s: [(i64, i64); CAP],
}

impl Iv {
    /// The stretch `lo..=hi` (none when `lo > hi`).
    pub(super) fn all(lo: i64, hi: i64) -> Iv {
        let mut v = Iv {
            n: 0,
            s: [(0, 0); CAP],
        };
        if lo <= hi {
            v.s[0] = (lo, hi);
            v.n = 1;
        }
        v
    }

    pub(super) fn push(&mut self, (f, t): (i64, i64)) -> Option<()> {
        if f > t {
            return Some(());
        }
        if self.n > 0 && self.s[self.n - 1].1.checked_add(1)? == f {
            self.s[self.n - 1].1 = t;
            return Some(());
        }
        *self.s.get_mut(self.n)? = (f, t);
        self.n += 1;
        Some(())
    }

    /// The stretches.
    pub(super) fn spans(&self) -> &[(i64, i64)] {
        &self.s[..self.n]
    }

    /// The stretches in both `self` and `o`.
    pub(super) fn and(&self, o: &Iv) -> Option<Iv> {
        let mut out = Iv::all(1, 0);
        let (mut i, mut j) = (0, 0);
        while i < self.n && j < o.n {
            let ((a, b), (c, d)) = (self.s[i], o.s[j]);
            out.push((a.max(c), b.min(d)))?;
            if b < d {
                i += 1;
            } else {
                j += 1;
            }
        }
        Some(out)
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

/// Pushes the stretches of `from..=to` where `q op 0` holds (`q` the difference).
fn compare(op: BinOp, q: Piece, span: (i64, i64), out: &mut Iv) -> Option<()> {
    let (a, b) = (q.a, q.b);
    let (na, nb) = (a.checked_neg()?, b.checked_neg()?);
    let lt = || le_zero(a, b.checked_add(1)?, span);
    let gt = || le_zero(na, nb.checked_add(1)?, span);
    let mut put = |x: Option<(i64, i64)>| x.map_or(Some(()), |x| out.push(x));
    match op {
        BinOp::Le => put(le_zero(a, b, span)?),
        BinOp::Lt => put(lt()?),
        BinOp::Ge => put(le_zero(na, nb, span)?),
        BinOp::Gt => put(gt()?),
        BinOp::Eq => {
            let (x, y) = (le_zero(a, b, span)?, le_zero(na, nb, span)?);
            put(x.zip(y).map(|((f, t), (g, u))| (f.max(g), t.min(u))))
        }
        _ => {
            // Ne: below and above, in the order of `s`.
            let (x, y) = (lt()?, gt()?);
            let (first, second) = match (x, y) {
                (Some(p), Some(q)) if q.0 < p.0 => (Some(q), Some(p)),
                _ => (x, y),
            };
            put(first)?;
            put(second)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of each piece against the lines it came from, on every `s`.
    #[test]
    fn min_and_max_of_lines_agree_with_each_amount() {
        let lines = [(1, -5), (-1, 7), (0, 2), (2, -9), (-3, 20)];
        for &(a1, b1) in &lines {
            for &(a2, b2) in &lines {
                for max in [false, true] {
                    let x = Pw::line(0, 12, a1, b1);
                    let y = Pw::line(0, 12, a2, b2);
                    let w = x.merge(&y, |o, sp, p, q| least(o, sp, p, q, max)).unwrap();
                    let mut s = 0;
                    for (from, q) in w.pieces() {
                        assert_eq!(from, s);
                        for t in from..=q.to {
                            let (u, v) = (a1 * t + b1, a2 * t + b2);
                            assert_eq!(q.a * t + q.b, if max { u.max(v) } else { u.min(v) });
                        }
                        s = q.to + 1;
                    }
                    assert_eq!(s, 13);
                }
            }
        }
    }

    /// The stretches of a comparison against the comparison at every `s`.
    #[test]
    fn comparisons_agree_with_each_amount() {
        for op in [
            BinOp::Lt,
            BinOp::Le,
            BinOp::Gt,
            BinOp::Ge,
            BinOp::Eq,
            BinOp::Ne,
        ] {
            for (a, b) in [
                (1, -5),
                (-1, 7),
                (0, 0),
                (0, 3),
                (2, -9),
                (-3, 20),
                (3, -10),
            ] {
                let mut out = Iv::all(1, 0);
                compare(op, Piece { to: 12, a, b }, (0, 12), &mut out).unwrap();
                for t in 0..=12i64 {
                    let v = a * t + b;
                    let want = match op {
                        BinOp::Lt => v < 0,
                        BinOp::Le => v <= 0,
                        BinOp::Gt => v > 0,
                        BinOp::Ge => v >= 0,
                        BinOp::Eq => v == 0,
                        _ => v != 0,
                    };
                    let got = out.spans().iter().any(|&(f, u)| f <= t && t <= u);
                    assert_eq!(got, want, "{op:?} {a} s + {b} at {t}");
                }
            }
        }
    }
}
