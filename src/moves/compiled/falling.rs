//! Falling conditions: a filter conjunct that, once false as the amount grows, stays false
//! (`s * s <= h`, `2 ^ s <= h`, `s * (s + 1) / 2 < max(heaps)`), so that the amount loop ends
//! at the first amount that fails it instead of trying every amount up to the heap. The
//! conjunct is `a <= b` or `a < b` with `a` non-decreasing and `b` non-increasing in the
//! amount (or `>=`/`>` the other way round), each side built from the amount, amount-free
//! parts, `+`, `-`, products and powers whose factors are known to be non-negative or are
//! constants, floor division by a positive constant, and `min`/`max` of sides moving the
//! same way.
//!
//! Over a range of amounts, the last amount that passes is found by a binary search
//! ([`CompiledMove::last_passing`]) and becomes the window's end; over a finite set, the loop
//! stops at the first member that fails.
//!
//! Exactness: the conjunct must be the filter's first (the interpreter evaluates it at every
//! amount of the window, the bounds before it holding there). Every subexpression of such a
//! side is monotone in the amount, so its values between two amounts lie between its values
//! at those amounts: when the conjunct evaluates without error at the window's first and last
//! amounts (checked once a choice, an error making the caller fall back), it evaluates without
//! error at every amount of the window, and the amounts the search or the loop skips are those
//! where the interpreter would find it false.

use super::expr::{Regs, Window};
use super::quick::first_from;
use super::{CompiledMove, Fallback};
use crate::ruleset::expr::{Builtin, CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// How an expression moves as the amount grows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    /// It does not read the amount.
    Fixed,
    /// Non-decreasing.
    Up,
    /// Non-increasing.
    Down,
}

impl Dir {
    fn flip(self) -> Dir {
        match self {
            Dir::Fixed => Dir::Fixed,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// The direction of a sum of two terms moving `self` and `o`, if monotone.
    fn add(self, o: Dir) -> Option<Dir> {
        match (self, o) {
            (Dir::Fixed, d) | (d, Dir::Fixed) => Some(d),
            (a, b) if a == b => Some(a),
            _ => None,
        }
    }
}

/// What is known of an expression: its direction, and whether it is never negative.
#[derive(Clone, Copy)]
struct Shape {
    dir: Dir,
    nonneg: bool,
}

/// What reads the position in a compiled clause: the amount's slot, and whether an integer
/// slot holds a heap's size (never negative).
pub(crate) type Slots<'a> = (usize, &'a dyn Fn(usize) -> bool);

/// Whether the conjunct `c` falls: once false as the amount (at least 1) grows, it stays
/// false.
pub fn falls(c: &CExpr, slots: Slots<'_>) -> bool {
    let CKind::Bin(op, a, b) = &c.kind else {
        return false;
    };
    let (small, large) = match op {
        BinOp::Le | BinOp::Lt => (a, b),
        BinOp::Ge | BinOp::Gt => (b, a),
        _ => return false,
    };
    match (shape(small, slots), shape(large, slots)) {
        (Some(s), Some(l)) => {
            let up =
                matches!(s.dir, Dir::Up | Dir::Fixed) && matches!(l.dir, Dir::Down | Dir::Fixed);
            up && (s.dir, l.dir) != (Dir::Fixed, Dir::Fixed)
        }
        _ => false,
    }
}

/// The [`Shape`] of an integer expression, or `None` when it is not known to be monotone.
fn shape(e: &CExpr, slots: Slots<'_>) -> Option<Shape> {
    let (amount, heap) = slots;
    let fixed = |nonneg| {
        Some(Shape {
            dir: Dir::Fixed,
            nonneg,
        })
    };
    match &e.kind {
        CKind::Const(Value::Int(n)) => fixed(*n >= 0),
        // The amount is at least 1.
        CKind::IntSlot(i) if *i == amount => Some(Shape {
            dir: Dir::Up,
            nonneg: true,
        }),
        CKind::IntSlot(i) => fixed(heap(*i)),
        CKind::Call(Builtin::Min | Builtin::Max | Builtin::Sum | Builtin::Len, args) if matches!(&args[..], [l] if matches!(l.kind, CKind::Heaps | CKind::ListSlot(_))) => {
            fixed(true)
        }
        CKind::Call(f @ (Builtin::Min | Builtin::Max), args) if args.len() == 2 => {
            let (x, y) = (shape(&args[0], slots)?, shape(&args[1], slots)?);
            let nonneg = match f {
                Builtin::Min => x.nonneg && y.nonneg,
                _ => x.nonneg || y.nonneg,
            };
            Some(Shape {
                dir: x.dir.add(y.dir)?,
                nonneg,
            })
        }
        CKind::Neg(a) => {
            let x = shape(a, slots)?;
            Some(Shape {
                dir: x.dir.flip(),
                nonneg: false,
            })
        }
        CKind::Bin(op, a, b) => bin(*op, (a, b), slots),
        _ => None,
    }
}

/// The [`Shape`] of `a op b`.
fn bin(op: BinOp, (a, b): (&CExpr, &CExpr), slots: Slots<'_>) -> Option<Shape> {
    let (x, y) = (shape(a, slots)?, shape(b, slots)?);
    let constant = |e: &CExpr| match e.kind {
        CKind::Const(Value::Int(n)) => Some(n),
        _ => None,
    };
    match op {
        BinOp::Add => Some(Shape {
            dir: x.dir.add(y.dir)?,
            nonneg: x.nonneg && y.nonneg,
        }),
        BinOp::Sub => Some(Shape {
            dir: x.dir.add(y.dir.flip())?,
            nonneg: false,
        }),
        BinOp::Mul => {
            // A constant factor keeps or flips the other's direction.
            if let Some(c) = constant(a).or(constant(b)) {
                let other = if constant(a).is_some() { y } else { x };
                return Some(Shape {
                    dir: if c >= 0 { other.dir } else { other.dir.flip() },
                    nonneg: c >= 0 && other.nonneg,
                });
            }
            // Non-negative factors that do not fall: the product does not fall.
            let rises = |s: Shape| s.nonneg && s.dir != Dir::Down;
            (rises(x) && rises(y)).then_some(Shape {
                dir: x.dir.add(y.dir)?,
                nonneg: true,
            })
        }
        // Floor division by a positive constant keeps the direction and the sign.
        BinOp::Div => constant(b).is_some_and(|d| d > 0).then_some(x),
        BinOp::Pow => {
            // `base ^ e` with a non-negative base that does not fall and an exponent that
            // does not fall (a base of at least 1 when the exponent moves).
            let base_ok = x.nonneg && x.dir != Dir::Down;
            let exp_ok = y.nonneg && y.dir != Dir::Down;
            let moves_exp = y.dir == Dir::Up;
            let base_at_least_one = constant(a).is_some_and(|n| n >= 1);
            (base_ok && exp_ok && (!moves_exp || base_at_least_one)).then_some(Shape {
                dir: x.dir.add(y.dir)?,
                nonneg: true,
            })
        }
        _ => None,
    }
}

impl CompiledMove {
    /// A falling first conjunct evaluated at the window's last amount `hi`, before a loop
    /// over a finite set of amounts that stops at the first member failing it: an error
    /// there makes the caller fall back; none there means none at any member the loop skips.
    pub(super) fn falls_safely(&self, hi: i64, r: &mut Regs) -> Result<(), Fallback> {
        if let Some(slot) = self.amount_slot {
            r.ints[slot] = hi;
        }
        self.filter[0](r).map(|_| ()).ok_or(Fallback)
    }

    /// The last amount of the window `w` (not empty) that passes the falling first conjunct
    /// of the filter, found by a binary search, or `None` when none does. The conjunct is
    /// evaluated first at the window's first and last amounts: an error at either makes the
    /// caller fall back, and none at either means none in between.
    pub(super) fn last_passing(&self, w: Window, r: &mut Regs) -> Result<Option<i64>, Fallback> {
        let first = first_from(w.lo, w.step, w.res);
        if first > w.hi {
            return Ok(None);
        }
        let last = first + (w.hi - first) / w.step * w.step;
        let mut passes = |s: i64| {
            if let Some(slot) = self.amount_slot {
                r.ints[slot] = s;
            }
            self.filter[0](r).ok_or(Fallback)
        };
        let at_last = passes(last)?;
        if !passes(first)? {
            return Ok(None);
        }
        if at_last {
            return Ok(Some(last));
        }
        // passes(first + lo * step), fails at first + hi * step.
        let (mut lo, mut hi) = (0, (last - first) / w.step);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if passes(first + mid * w.step)? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Ok(Some(first + lo * w.step))
    }
}
