//! Piecewise-linear values of an amount `s` over a run of amounts ([`Pw`]: a few lines, each
//! on a stretch of `s`) and sets of stretches ([`Iv`]), with the operations the later steps'
//! forms need ([`super::lines`], [`super::piecewise`]): the least or greatest of two lines,
//! the stretch where a line is at most 0, the stretches where a comparison with 0 holds. Every
//! computation is checked: an overflow answers `None`, and the caller takes the per-amount
//! path. At most [`CAP`] pieces or stretches; more answer `None` too.

use crate::ruleset::eval_error::floor_div;
use crate::syntax::ast::BinOp;

/// The largest magnitude of a part that reads no amount.
pub(super) const FREE: i64 = 1 << 40;
/// The most pieces of a value, or intervals of a condition.
pub(super) const CAP: usize = 4;

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
    pub(super) fn empty(lo: i64) -> Pw {
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

/// Pushes the stretches of `from..=to` where `q op 0` holds (`q` the difference).
pub(super) fn compare(op: BinOp, q: Piece, span: (i64, i64), out: &mut Iv) -> Option<()> {
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
