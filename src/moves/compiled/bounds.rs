//! Bounds from conditions: the leading conjuncts of a `where` that are linear in the step's
//! amount (`s <= h / 2`, `2 * s <= min(p)`, `s + t < x` with `t` fixed, `s mod 3 == 1`)
//! become the bounds and the step of the amount's loop, so that no candidate is generated
//! only to be rejected. The conjuncts after the first that is not such a bound stay a filter.
//!
//! Exactness: `and` evaluates left to right and stops at the first false conjunct, so an
//! amount outside the bounds of the leading conjuncts is one for which the interpreter stops at
//! a false bound conjunct. A bound conjunct must also never be an error where the interpreter
//! evaluates it: its parts free of the amount are evaluated here with the interpreter's checks
//! (an error makes the caller fall back), each must lie within `±2^40` (else the caller falls
//! back too), constant factors are at most `2^8` each and `2^16` together, at most 64 such
//! parts: with amounts below `2^32`, no sum or product the interpreter forms on the way can then
//! leave `i64`, and the value compared is the one computed here.

pub use super::expr::Window;
use super::expr::{int, reads_slot, IntFn, Regs};
use super::least::{LeastBound, LeastBounds, Part, Vars};
use crate::ruleset::expr::{floor_div, CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// The largest magnitude of an amount-free part of a bound.
const PART: i64 = 1 << 40;

/// `coef * s + rest`, with the amount-free parts of `rest` summed by closures.
pub(super) struct Linear {
    pub(super) coef: i64,
    /// Amount-free parts with their factor, and each part's form when it reads only the
    /// least heap chosen ([`Part`]).
    parts: Vec<(i64, IntFn, Option<Part>)>,
}

fn linear(e: &CExpr, (slot, least): (usize, Vars<'_>), scale: i64) -> Option<Linear> {
    if !reads_slot(e, slot) {
        return Some(Linear {
            coef: 0,
            parts: vec![(scale, int(e)?, Part::of(e, least))],
        });
    }
    match &e.kind {
        CKind::IntSlot(i) if *i == slot => Some(Linear {
            coef: scale,
            parts: Vec::new(),
        }),
        CKind::Bin(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let mut x = linear(a, (slot, least), scale)?;
            let sb = if *op == BinOp::Sub { -scale } else { scale };
            let y = linear(b, (slot, least), sb)?;
            x.coef += y.coef;
            x.parts.extend(y.parts);
            (x.parts.len() <= 64).then_some(x)
        }
        CKind::Neg(a) => linear(a, (slot, least), -scale),
        CKind::Bin(BinOp::Mul, a, b) => {
            let (c, other) = match (&a.kind, &b.kind) {
                (CKind::Const(Value::Int(c)), _) => (*c, b),
                (_, CKind::Const(Value::Int(c))) => (*c, a),
                _ => return None,
            };
            if c.unsigned_abs() > 1 << 8 {
                return None;
            }
            let s = scale.checked_mul(c)?;
            if s.unsigned_abs() > 1 << 16 {
                return None;
            }
            linear(other, (slot, least), s)
        }
        _ => None,
    }
}

/// `e` as `coef * s + rest`, `s` the amount in `slot` (the checks of a bound's parts).
pub(super) fn linear_in(e: &CExpr, slot: usize) -> Option<Linear> {
    linear(e, (slot, &|_| None), 1)
}

impl Linear {
    /// The amount-free part's value, or `None` (the caller falls back).
    pub(super) fn rest(&self, r: &Regs) -> Option<i64> {
        let mut sum = 0i64;
        for (f, part, _) in &self.parts {
            let v = part(r)?;
            if v.unsigned_abs() > PART as u64 {
                return None;
            }
            sum = sum.checked_add(f.checked_mul(v)?)?;
        }
        Some(sum)
    }
}

/// One bound on the amount `s`.
enum Bound {
    /// `k * s + rest <= 0`, `k != 0`.
    Le(Linear),
    /// `k * s + rest == 0`.
    Eq(Linear),
    /// `(s + rest) mod m == res`, `m > 0` (`res` amount-free, within `±2^40`); `m` a constant
    /// or an amount-free expression (`s mod o == 0`, `o` a heap named before), evaluated per
    /// choice (the caller falls back unless `0 < m <= 2^40`).
    Mod(Linear, Modulus, Linear),
}

/// The modulus of a [`Bound::Mod`].
enum Modulus {
    /// A constant, `0 < m <= 2^40`.
    Const(i64),
    /// An amount-free expression, and its form when it is a [`Part`].
    Expr(IntFn, Option<Part>),
}

impl Modulus {
    /// The modulus for the registers `r`; `None` (fall back) when it is not in `1..=2^40`.
    fn get(&self, r: &Regs) -> Option<i64> {
        match self {
            Modulus::Const(m) => Some(*m),
            Modulus::Expr(f, _) => f(r).filter(|m| (1..=PART).contains(m)),
        }
    }
}

/// The bounds on the amount in `slot` stated by the leading conjuncts of `cond`, and the
/// conjuncts left (in order) as a filter.
pub struct Bounds {
    bounds: Vec<Bound>,
}

/// Splits `cond` into its conjuncts, left to right.
pub fn conjuncts(cond: &CExpr) -> Vec<&CExpr> {
    match &cond.kind {
        CKind::Bin(BinOp::And, a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        _ => vec![cond],
    }
}

impl Bounds {
    /// The bounds from the leading conjuncts of `cs` on `slot`, and how many conjuncts they
    /// took.
    pub fn derive(cs: &[&CExpr], slot: usize, least: Vars<'_>) -> (Bounds, usize) {
        let mut bounds = Vec::new();
        let mut stepped = false;
        for c in cs {
            match bound(c, (slot, least)) {
                // One step only: a second `mod` stays a filter.
                Some(Bound::Mod(..)) if stepped => break,
                Some(b) => {
                    stepped |= matches!(b, Bound::Mod(..));
                    bounds.push(b);
                }
                None => break,
            }
        }
        let n = bounds.len();
        (Bounds { bounds }, n)
    }

    /// How many conjuncts became bounds.
    pub fn len(&self) -> usize {
        self.bounds.len()
    }

    /// Whether no conjunct became a bound.
    pub fn is_empty(&self) -> bool {
        self.bounds.is_empty()
    }

    /// No bounds.
    pub fn none() -> Bounds {
        Bounds { bounds: Vec::new() }
    }

    /// The bounds as [`LeastBound`]s, when every one is `<=`-like and every part reads
    /// nothing but the least heap chosen ([`super::least`]).
    pub(crate) fn on_least(&self) -> Option<LeastBounds> {
        let bounds = self
            .bounds
            .iter()
            .map(|b| match b {
                Bound::Le(l) => Some(LeastBound {
                    k: l.coef,
                    parts: (l.parts.iter())
                        .map(|&(f, _, p)| Some((f, p?)))
                        .collect::<Option<_>>()?,
                }),
                Bound::Eq(_) | Bound::Mod(..) => None,
            })
            .collect::<Option<_>>()?;
        Some(LeastBounds::new(bounds))
    }

    /// The bounds as the `<=`-like ones ([`LeastBounds`]) and the step ([`PartStep`]), when
    /// every part of each is a [`Part`] (which reads the heaps inline: [`super::kept`]).
    pub(crate) fn on_parts(&self) -> Option<(LeastBounds, Option<PartStep>)> {
        let parts = |l: &Linear| -> Option<Vec<(i64, Part)>> {
            l.parts.iter().map(|&(f, _, p)| Some((f, p?))).collect()
        };
        let mut le = Vec::new();
        let mut step = None;
        for b in &self.bounds {
            match b {
                Bound::Le(l) => le.push(LeastBound {
                    k: l.coef,
                    parts: parts(l)?,
                }),
                Bound::Eq(_) => return None,
                Bound::Mod(l, m, res) => {
                    let m = match m {
                        Modulus::Const(c) => Part::constant(*c)?,
                        Modulus::Expr(_, p) => (*p)?,
                    };
                    step = Some(PartStep {
                        l: parts(l)?,
                        m,
                        res: parts(res)?,
                    });
                }
            }
        }
        Some((LeastBounds::new(le), step))
    }

    /// Cuts `w` by the bounds for the registers `r`; `None` when a part could not be
    /// evaluated (the caller falls back to the interpreter).
    pub(crate) fn apply(&self, r: &Regs, mut w: Window) -> Option<Window> {
        for b in &self.bounds {
            match b {
                Bound::Le(l) => {
                    let (k, e) = (l.coef, -l.rest(r)?);
                    // k * s <= e.
                    if k > 0 {
                        w.hi = w.hi.min(floor_div(e, k)?);
                    } else {
                        // s >= e / k, rounded up.
                        w.lo = w.lo.max(ceil_div(e, k)?);
                    }
                }
                Bound::Eq(l) => {
                    let (k, e) = (l.coef, -l.rest(r)?);
                    if e % k != 0 {
                        w.hi = w.lo - 1;
                    } else {
                        w.lo = w.lo.max(e / k);
                        w.hi = w.hi.min(e / k);
                    }
                }
                Bound::Mod(l, m, res) => {
                    let m = m.get(r)?;
                    let res = res.rest(r)?;
                    if !(0..m).contains(&res) {
                        w.hi = w.lo - 1;
                        continue;
                    }
                    // s + rest == res (mod m).
                    let want = (res - l.rest(r)?).rem_euclid(m);
                    w = merge_step(w, m, want)?;
                }
            }
        }
        Some(w)
    }
}

/// A bound `(s + sum f * l) mod m == sum f * res` whose parts are [`Part`]s: the step of the
/// amount's loop, read inline.
pub struct PartStep {
    l: Vec<(i64, Part)>,
    m: Part,
    res: Vec<(i64, Part)>,
}

impl PartStep {
    /// Restricts `w` (of step 1) to the step at the values `v` of the parts' variables
    /// ([`Part::at`]): `None` (the caller falls back) when the modulus is not in `1..=2^40`,
    /// where the interpreter fails and the general bound falls back.
    #[inline(always)]
    pub fn cut(&self, v: (i64, i64, i64), w: Window) -> Option<Window> {
        let m = self.m.at(v);
        if !(1..=PART).contains(&m) {
            return None;
        }
        // At most 64 parts within ±2^40 times factors at most 2^16: within i64.
        let sum = |ps: &[(i64, Part)]| ps.iter().map(|&(f, p)| f * p.at(v)).sum::<i64>();
        let res = sum(&self.res);
        if !(0..m).contains(&res) {
            return Some(Window { hi: w.lo - 1, ..w });
        }
        merge_step(w, m, (res - sum(&self.l)).rem_euclid(m))
    }
}

/// `ceil(a / b)` for `b != 0`.
fn ceil_div(a: i64, b: i64) -> Option<i64> {
    floor_div(a.checked_neg()?, b)?.checked_neg()
}

/// `w` restricted to `s mod m == want` (`w` has step 1: one `mod` bound at most).
fn merge_step(w: Window, m: i64, want: i64) -> Option<Window> {
    (w.step == 1).then_some(Window {
        step: m,
        res: want,
        ..w
    })
}

fn bound(c: &CExpr, (slot, least): (usize, Vars<'_>)) -> Option<Bound> {
    let CKind::Bin(op, a, b) = &c.kind else {
        return None;
    };
    // `(s + x) mod m == r`, either side.
    if *op == BinOp::Eq {
        for (m, other) in [(a, b), (b, a)] {
            if let CKind::Bin(BinOp::Mod, inner, md) = &m.kind {
                let md = match md.kind {
                    CKind::Const(Value::Int(md)) if md > 0 && md <= PART => Modulus::Const(md),
                    CKind::Const(_) => continue,
                    _ if !reads_slot(md, slot) => Modulus::Expr(int(md)?, Part::of(md, least)),
                    _ => continue,
                };
                if reads_slot(other, slot) {
                    continue;
                }
                let l = linear(inner, (slot, least), 1)?;
                if l.coef != 1 {
                    return None;
                }
                return Some(Bound::Mod(l, md, linear(other, (slot, least), 1)?));
            }
        }
    }
    let sign = match op {
        BinOp::Le | BinOp::Lt | BinOp::Eq => 1,
        BinOp::Ge | BinOp::Gt => -1,
        _ => return None,
    };
    // a - b (op) 0, as sign * (a - b) <= 0 (or < 0, or == 0).
    let mut l = linear(a, (slot, least), sign)?;
    let r = linear(b, (slot, least), -sign)?;
    l.coef += r.coef;
    l.parts.extend(r.parts);
    if l.coef == 0 || l.parts.len() > 64 {
        return None;
    }
    Some(match op {
        BinOp::Eq => Bound::Eq(l),
        BinOp::Lt | BinOp::Gt => {
            // x < 0 <=> x + 1 <= 0.
            l.parts.push((1, Box::new(|_| Some(1)), Part::constant(1)));
            Bound::Le(l)
        }
        _ => Bound::Le(l),
    })
}
