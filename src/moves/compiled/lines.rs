//! The normal form of a piecewise-linear expression of the amount `s` ([`super::piecewise`]):
//! the least (or greatest) of a few lines `a * s + c + sum(k * part)`, each `part` a closure
//! that reads no amount. Sums are distributed into `min` and `max` (`c - min(c, b - s)` is
//! `max(c - c, c - b + s)`), a negative factor turns one into the other, and nested ones of
//! the same kind are flattened, when the clause is compiled; so a run evaluates each line's
//! parts once and builds one envelope, with no tree walked. Forms with more than
//! [`super::piecewise::CAP`] lines, or a `min` inside a `max`, are not taken (the caller keeps
//! the per-amount path).
//!
//! Exactness: the normal form is the same function of `s` as the expression (sums and
//! constant factors distribute over `min` and `max`); every value is computed with checked
//! arithmetic, a part outside `±2^40` or an overflow answering `None`.

use std::sync::Arc;

use super::expr::{IntFn, Regs};
use super::pieces::{least, Pw, CAP, FREE};

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

/// A part that reads no amount, shared by the lines a sum was distributed into.
type Part = Arc<IntFn>;

/// `a * s + c + sum(k * part)`.
#[derive(Clone)]
struct Line {
    a: i64,
    c: i64,
    parts: Vec<(i64, Part)>,
}

impl Line {
    fn constant(c: i64) -> Line {
        Line {
            a: 0,
            c,
            parts: Vec::new(),
        }
    }

    fn scaled(mut self, k: i64) -> Option<Line> {
        self.a = self.a.checked_mul(k)?;
        self.c = self.c.checked_mul(k)?;
        for (f, _) in &mut self.parts {
            *f = f.checked_mul(k)?;
        }
        Some(self)
    }

    fn plus(&self, o: &Line) -> Option<Line> {
        let mut parts = self.parts.clone();
        parts.extend(o.parts.iter().cloned());
        Some(Line {
            a: self.a.checked_add(o.a)?,
            c: self.c.checked_add(o.c)?,
            parts,
        })
    }

    /// `(a, b)`: the line as `a * s + b` for the registers `r`.
    #[inline]
    fn at(&self, r: &Regs) -> Option<(i64, i64)> {
        let mut b = self.c;
        for (k, part) in &self.parts {
            let v = part(r).filter(|v| v.abs() <= FREE)?;
            b = b.checked_add(k.checked_mul(v)?)?;
        }
        Some((self.a, b))
    }
}

/// The least of the lines (the greatest when `max`); one line: either.
#[derive(Clone)]
pub(super) struct Lines {
    max: bool,
    lines: Vec<Line>,
}

impl Lines {
    /// The normal form of `p`, or `None` when it has none within [`CAP`] lines.
    pub(super) fn of(p: Pl) -> Option<Lines> {
        let one = |l: Line| {
            Some(Lines {
                max: false,
                lines: vec![l],
            })
        };
        match p {
            Pl::Free(f) => one(Line {
                a: 0,
                c: 0,
                parts: vec![(1, Arc::new(f))],
            }),
            Pl::Const(c) => one(Line::constant(c)),
            Pl::S => one(Line {
                a: 1,
                ..Line::constant(0)
            }),
            Pl::Scale(k, x) => {
                let x = Lines::of(*x)?;
                let lines = x.lines.into_iter().map(|l| l.scaled(k));
                Some(Lines {
                    max: x.max != (k < 0),
                    lines: lines.collect::<Option<_>>()?,
                })
            }
            Pl::Add(x, y) => Lines::of(*x)?.plus(&Lines::of(*y)?),
            Pl::MinMax(max, args) => {
                let mut lines = Vec::new();
                for a in args {
                    let a = Lines::of(a)?;
                    if a.lines.len() > 1 && a.max != max {
                        return None;
                    }
                    lines.extend(a.lines);
                }
                (lines.len() <= CAP).then_some(Lines { max, lines })
            }
        }
    }

    /// `self + o`: each line of one plus each of the other (of one kind, or one line).
    fn plus(&self, o: &Lines) -> Option<Lines> {
        let max = match (self.lines.len(), o.lines.len()) {
            (1, _) => o.max,
            (_, 1) => self.max,
            _ if self.max == o.max => self.max,
            _ => return None,
        };
        if self.lines.len() * o.lines.len() > CAP {
            return None;
        }
        let mut lines = Vec::new();
        for x in &self.lines {
            for y in &o.lines {
                lines.push(x.plus(y)?);
            }
        }
        Some(Lines { max, lines })
    }

    /// `x - y`.
    pub(super) fn minus(x: Pl, y: Pl) -> Option<Lines> {
        Lines::of(Pl::Add(Box::new(x), Box::new(Pl::Scale(-1, Box::new(y)))))
    }

    /// The value for `s` in `lo..=hi`, the registers set for the run.
    pub(super) fn value(&self, r: &Regs, (lo, hi): (i64, i64)) -> Option<Pw> {
        let (first, rest) = self.lines.split_first()?;
        let (a, b) = first.at(r)?;
        let mut w = Pw::line(lo, hi, a, b);
        for l in rest {
            let (a, b) = l.at(r)?;
            let y = Pw::line(lo, hi, a, b);
            w = w.merge(&y, |out, span, p, q| least(out, span, p, q, self.max))?;
        }
        Some(w)
    }
}
