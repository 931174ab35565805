//! Exact-where-possible real constants of the game language.
//!
//! A [`Real`] is either an exact quadratic surd / rational (decided with
//! big-integer arithmetic) or an expression tree (pi, e, mixed radicands,
//! nested roots) evaluated by rigorous interval arithmetic at doubling
//! precision until the requested integer answer is certain, up to
//! [`MAX_PRECISION_BITS`]; past that the answer is [`RealError::Undecidable`].

mod floor_mul;
mod show;

use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, Mutex};

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::constants;
use super::interval::Iv;
use super::surd::{Quad, QuadSqrt};

/// First working precision (fractional bits) of interval evaluation.
pub(crate) const START_PRECISION_BITS: u32 = 64;
/// Interval evaluation doubles the precision up to this many bits, then gives up.
pub const MAX_PRECISION_BITS: u32 = 4096;

/// Errors of real arithmetic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RealError {
    /// Division by an exact zero (or by a value proven to be 0).
    #[error("division by zero")]
    DivisionByZero,
    /// Square root of a negative number.
    #[error("square root of a negative number")]
    NegativeSqrt,
    /// Interval arithmetic could not decide `what` with `bits` bits of
    /// precision (typically the value is exactly on an integer or is 0).
    #[error(
        "cannot decide {what} with {bits} bits of precision \
         (the value may lie exactly on the boundary)"
    )]
    Undecidable {
        /// The operation, e.g. `floor(pi - pi)`.
        what: String,
        /// The highest precision tried.
        bits: u32,
    },
    /// The result does not fit the requested machine integer.
    #[error("the result does not fit in a 64-bit integer")]
    TooLarge,
}

/// A real constant: exact (rational or quadratic surd) or symbolic.
#[derive(Clone, Debug)]
pub struct Real {
    repr: Repr,
}

#[derive(Clone, Debug)]
enum Repr {
    Exact(Quad),
    Tree(Arc<Tree>),
}

struct Tree {
    node: Node,
    /// The best enclosure computed so far for this node (highest precision).
    cache: Mutex<Option<Iv>>,
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Tree").field(&self.node).finish()
    }
}

#[derive(Debug)]
enum Node {
    Pi,
    E,
    Add(Real, Real),
    Sub(Real, Real),
    Mul(Real, Real),
    Div(Real, Real),
    Neg(Real),
    /// The argument is proven positive when the node is built.
    Sqrt(Real),
}

impl From<i64> for Real {
    fn from(n: i64) -> Real {
        Real::from_int(n)
    }
}

impl From<BigInt> for Real {
    fn from(n: BigInt) -> Real {
        Real::from_bigint(n)
    }
}

impl Real {
    fn exact(q: Quad) -> Real {
        Real {
            repr: Repr::Exact(q),
        }
    }

    fn tree(node: Node) -> Real {
        Real {
            repr: Repr::Tree(Arc::new(Tree {
                node,
                cache: Mutex::new(None),
            })),
        }
    }

    fn as_quad(&self) -> Option<&Quad> {
        match &self.repr {
            Repr::Exact(q) => Some(q),
            Repr::Tree(_) => None,
        }
    }

    /// The integer `n` (exact).
    pub(crate) fn from_int(n: i64) -> Real {
        Real::exact(Quad::from_int(BigInt::from(n)))
    }

    /// The integer `n` (exact).
    pub(crate) fn from_bigint(n: BigInt) -> Real {
        Real::exact(Quad::from_int(n))
    }

    /// `num/den`; [`RealError::DivisionByZero`] when `den = 0`.
    pub(crate) fn from_ratio(num: BigInt, den: BigInt) -> Result<Real, RealError> {
        Quad::from_ratio(num, den)
            .map(Real::exact)
            .ok_or(RealError::DivisionByZero)
    }

    /// pi (symbolic; enclosed by Machin's formula).
    pub fn pi() -> Real {
        Real::tree(Node::Pi)
    }

    /// e (symbolic; enclosed by its factorial series).
    pub fn e() -> Real {
        Real::tree(Node::E)
    }

    /// The golden ratio `(1 + sqrt(5))/2`, exact.
    pub fn phi() -> Real {
        Real::exact(Quad::phi())
    }

    /// Square root: exact for rationals and denestable surds, symbolic
    /// otherwise. Negative arguments give [`RealError::NegativeSqrt`]; a
    /// symbolic argument whose sign cannot be decided gives `Undecidable`.
    pub fn sqrt(&self) -> Result<Real, RealError> {
        match &self.repr {
            Repr::Exact(q) => match q.sqrt() {
                QuadSqrt::Negative => Err(RealError::NegativeSqrt),
                QuadSqrt::One(r) => Ok(Real::exact(r)),
                QuadSqrt::Two(x, y) if y.sign() == Ordering::Less => {
                    Ok(Real::exact(x).sub(&Real::exact(y.neg())))
                }
                QuadSqrt::Two(x, y) => Ok(Real::exact(x).add(&Real::exact(y))),
                QuadSqrt::Nested => Ok(Real::tree(Node::Sqrt(self.clone()))),
            },
            Repr::Tree(_) => {
                match self.sign(&|| format!("the sign of {self} (argument of sqrt)"))? {
                    Ordering::Less => Err(RealError::NegativeSqrt),
                    // A tree is never decided equal to zero; keep the arm total.
                    Ordering::Equal => Ok(Real::from_int(0)),
                    Ordering::Greater => Ok(Real::tree(Node::Sqrt(self.clone()))),
                }
            }
        }
    }

    /// `self + o` (exact when both are in one field Q(sqrt r)).
    pub fn add(&self, o: &Real) -> Real {
        if let (Some(x), Some(y)) = (self.as_quad(), o.as_quad()) {
            if let Some(s) = x.add(y) {
                return Real::exact(s);
            }
        }
        if self.as_quad().is_some_and(Quad::is_zero) {
            return o.clone();
        }
        if o.as_quad().is_some_and(Quad::is_zero) {
            return self.clone();
        }
        Real::tree(Node::Add(self.clone(), o.clone()))
    }

    /// `self - o` (exact when both are in one field Q(sqrt r)).
    pub fn sub(&self, o: &Real) -> Real {
        if let (Some(x), Some(y)) = (self.as_quad(), o.as_quad()) {
            if let Some(s) = x.add(&y.neg()) {
                return Real::exact(s);
            }
        }
        if self.as_quad().is_some_and(Quad::is_zero) {
            return o.neg();
        }
        if o.as_quad().is_some_and(Quad::is_zero) {
            return self.clone();
        }
        Real::tree(Node::Sub(self.clone(), o.clone()))
    }

    /// `self * o` (exact when both are in one field Q(sqrt r), or both are
    /// rational multiples of square roots).
    pub fn mul(&self, o: &Real) -> Real {
        if let (Some(x), Some(y)) = (self.as_quad(), o.as_quad()) {
            if let Some(s) = x.mul(y) {
                return Real::exact(s);
            }
        }
        for (a, b) in [(self, o), (o, self)] {
            if let Some(q) = a.as_quad() {
                if q.is_zero() {
                    return Real::from_int(0);
                }
                if q.is_one() {
                    return b.clone();
                }
            }
        }
        Real::tree(Node::Mul(self.clone(), o.clone()))
    }

    /// Quotient. An exact zero divisor gives [`RealError::DivisionByZero`];
    /// a symbolic divisor whose sign cannot be decided gives `Undecidable`.
    pub fn div(&self, o: &Real) -> Result<Real, RealError> {
        match &o.repr {
            Repr::Exact(y) => {
                let inv = y.inv().ok_or(RealError::DivisionByZero)?;
                if let Some(x) = self.as_quad() {
                    if let Some(q) = x.mul(&inv) {
                        return Ok(Real::exact(q));
                    }
                }
                if y.is_one() {
                    return Ok(self.clone());
                }
                Ok(Real::tree(Node::Div(self.clone(), o.clone())))
            }
            Repr::Tree(_) => {
                if o.sign(&|| format!("the sign of the divisor {o}"))? == Ordering::Equal {
                    return Err(RealError::DivisionByZero);
                }
                if self.as_quad().is_some_and(Quad::is_zero) {
                    return Ok(Real::from_int(0));
                }
                Ok(Real::tree(Node::Div(self.clone(), o.clone())))
            }
        }
    }

    /// `-self`.
    pub fn neg(&self) -> Real {
        match &self.repr {
            Repr::Exact(q) => Real::exact(q.neg()),
            Repr::Tree(t) => match &t.node {
                Node::Neg(x) => x.clone(),
                _ => Real::tree(Node::Neg(self.clone())),
            },
        }
    }

    /// Exact floor (decided by intervals for symbolic values).
    pub fn floor(&self) -> Result<BigInt, RealError> {
        match &self.repr {
            Repr::Exact(q) => Ok(q.floor()),
            Repr::Tree(_) => self.decide(
                START_PRECISION_BITS,
                &|| format!("floor({self})"),
                &Iv::floor,
            ),
        }
    }

    /// Exact ceiling (decided by intervals for symbolic values).
    pub fn ceil(&self) -> Result<BigInt, RealError> {
        match &self.repr {
            Repr::Exact(q) => Ok(q.ceil()),
            Repr::Tree(_) => {
                self.decide(START_PRECISION_BITS, &|| format!("ceil({self})"), &Iv::ceil)
            }
        }
    }

    /// `floor(n * self)`, fast for Beatty sequences: exact integer
    /// arithmetic for surds, and for symbolic values one cached enclosure of
    /// `self` scaled by `n` (refined only when it does not decide).
    pub(crate) fn floor_mul(&self, n: i64) -> Result<BigInt, RealError> {
        match &self.repr {
            Repr::Exact(q) => Ok(q.floor_mul(n)),
            Repr::Tree(_) => {
                let nb = BigInt::from(n);
                self.decide(
                    START_PRECISION_BITS,
                    &|| format!("floor({n} * ({self}))"),
                    &|iv: &Iv| iv.scale(&nb).floor(),
                )
            }
        }
    }

    /// `n -> floor(n * self)` as [`Real::floor_mul_i64`] computes it, with the parts of an
    /// exact value taken out once (a claim swept over millions of positions calls it at each).
    /// An irrational value is first bounded by one enclosure in machine integers
    /// ([`floor_mul::Enclosure`]), which decides almost every `n`; the rest as before.
    pub(crate) fn floor_mul_fn(&self) -> impl Fn(i64) -> Result<i64, RealError> + Send + Sync {
        let (small, rational) = match &self.repr {
            Repr::Exact(q) => (q.small_parts(), q.is_rational()),
            Repr::Tree(_) => (None, false),
        };
        // A rational's small parts are a division: faster than the enclosure, always decided.
        let enclosure = (!rational)
            .then(|| self.interval(floor_mul::EVAL_BITS))
            .flatten()
            .and_then(|iv| floor_mul::Enclosure::of(&iv));
        let this = self.clone();
        move |n| {
            if let Some(v) = enclosure.and_then(|c| c.floor_mul(n)) {
                return Ok(v);
            }
            match small.and_then(|p| super::surd::small_floor_mul(p, n)) {
                Some(v) => i64::try_from(v).map_err(|_| RealError::TooLarge),
                None => this.floor_mul_i64(n),
            }
        }
    }

    /// [`Real::floor_mul`] converted to `i64` ([`RealError::TooLarge`] if it does not fit).
    pub(crate) fn floor_mul_i64(&self, n: i64) -> Result<i64, RealError> {
        self.floor_mul(n)?.to_i64().ok_or(RealError::TooLarge)
    }

    /// Exact comparison; `Undecidable` when intervals cannot separate the
    /// values (for instance when they are equal but not both exact).
    pub fn compare(&self, o: &Real) -> Result<Ordering, RealError> {
        if let (Some(x), Some(y)) = (self.as_quad(), o.as_quad()) {
            if let Some(d) = x.add(&y.neg()) {
                return Ok(d.sign());
            }
        }
        let diff = Real::tree(Node::Sub(self.clone(), o.clone()));
        diff.sign(&|| format!("the comparison of {self} with {o}"))
    }

    /// Rational or quadratic surd (all arithmetic and tests are exact).
    pub fn is_exact(&self) -> bool {
        matches!(self.repr, Repr::Exact(_))
    }

    /// The value, when it is exactly an integer (exact numbers only).
    pub(crate) fn as_integer(&self) -> Option<BigInt> {
        self.as_quad().and_then(Quad::as_integer)
    }

    /// An approximation for display (NaN if it cannot be evaluated).
    pub fn to_f64(&self) -> f64 {
        let mut p = START_PRECISION_BITS;
        let mut last = f64::NAN;
        loop {
            if let Some(iv) = self.interval(p) {
                last = iv.mid_f64();
                if iv.f64_accurate() {
                    return last;
                }
            }
            if p >= MAX_PRECISION_BITS {
                return last;
            }
            p = (2 * p).min(MAX_PRECISION_BITS);
        }
    }

    /// Sign, decided by intervals for trees.
    fn sign(&self, what: &dyn Fn() -> String) -> Result<Ordering, RealError> {
        match &self.repr {
            Repr::Exact(q) => Ok(q.sign()),
            Repr::Tree(_) => self.decide(START_PRECISION_BITS, what, &Iv::sign),
        }
    }

    /// Runs `test` on enclosures of increasing precision (starting with the
    /// cached one) until it answers; `Undecidable` past the cap.
    fn decide<T>(
        &self,
        start: u32,
        what: &dyn Fn() -> String,
        test: &dyn Fn(&Iv) -> Option<T>,
    ) -> Result<T, RealError> {
        let mut p = start;
        if let Repr::Tree(t) = &self.repr {
            let guard = lock(&t.cache);
            if let Some(iv) = guard.as_ref() {
                if let Some(ans) = test(iv) {
                    return Ok(ans);
                }
                p = p.max(iv.p.saturating_mul(2));
            }
        }
        while p <= MAX_PRECISION_BITS {
            if let Some(iv) = self.fresh_interval(p) {
                if let Some(ans) = test(&iv) {
                    return Ok(ans);
                }
            }
            if p == MAX_PRECISION_BITS {
                break;
            }
            p = (2 * p).min(MAX_PRECISION_BITS);
        }
        Err(RealError::Undecidable {
            what: what(),
            bits: MAX_PRECISION_BITS,
        })
    }

    /// Evaluates at `p` bits ignoring this node's own cache, then stores the
    /// result in the cache if it is more precise than what is there.
    fn fresh_interval(&self, p: u32) -> Option<Iv> {
        match &self.repr {
            Repr::Exact(q) => Some(q.interval(p)),
            Repr::Tree(t) => {
                let iv = t.node.eval(p)?;
                let mut guard = lock(&t.cache);
                if guard.as_ref().is_none_or(|c| c.p < p) {
                    *guard = Some(iv.clone());
                }
                Some(iv)
            }
        }
    }

    /// An enclosure at `p` bits (from the cache when it is at least as precise).
    fn interval(&self, p: u32) -> Option<Iv> {
        match &self.repr {
            Repr::Exact(q) => Some(q.interval(p)),
            Repr::Tree(t) => {
                if let Some(iv) = lock(&t.cache).as_ref() {
                    if iv.p >= p {
                        return Some(iv.to_prec(p));
                    }
                }
                t.node.eval(p)
            }
        }
    }
}

fn lock(m: &Mutex<Option<Iv>>) -> std::sync::MutexGuard<'_, Option<Iv>> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Node {
    /// Enclosure at `p` bits; `None` when a divisor's enclosure contains 0.
    fn eval(&self, p: u32) -> Option<Iv> {
        Some(match self {
            Node::Pi => constants::pi(p),
            Node::E => constants::e(p),
            Node::Add(x, y) => x.interval(p)?.add(&y.interval(p)?),
            Node::Sub(x, y) => x.interval(p)?.sub(&y.interval(p)?),
            Node::Mul(x, y) => match (
                x.as_quad().and_then(Quad::as_integer),
                y.as_quad().and_then(Quad::as_integer),
            ) {
                (Some(n), _) => y.interval(p)?.scale(&n),
                (_, Some(n)) => x.interval(p)?.scale(&n),
                _ => x.interval(p)?.mul(&y.interval(p)?),
            },
            Node::Div(x, y) => x.interval(p)?.div(&y.interval(p)?)?,
            Node::Neg(x) => x.interval(p)?.neg(),
            Node::Sqrt(x) => x.interval(p)?.sqrt_nonneg()?,
        })
    }
}
