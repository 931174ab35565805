//! Exact quadratic surds: numbers `(a + b*sqrt(r))/c` of one field Q(sqrt(r)),
//! plain rationals included (`b = 0`, stored with `r = 1`).
//!
//! Everything here is exact big-integer arithmetic: signs are decided by
//! comparing `a^2` with `b^2 r`, floors with an integer square root.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::interval::Iv;

/// `(a + b*sqrt(r))/c`.
///
/// Invariants: `c > 0`; `gcd(a, b, c) = 1`; `b = 0` exactly when `r = 1`;
/// otherwise `r >= 2` is not a perfect square (it is square-free whenever
/// the trial division of [`split_square`] could prove it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Quad {
    a: BigInt,
    b: BigInt,
    c: BigInt,
    r: BigInt,
}

/// Result of taking the square root of a [`Quad`].
pub(crate) enum QuadSqrt {
    /// The argument is negative.
    Negative,
    /// The root is exact.
    One(Quad),
    /// The root denests into the sum of two exact roots (maybe of different fields).
    Two(Quad, Quad),
    /// The root is not a quadratic surd.
    Nested,
}

/// Display precedences shared with the expression printer.
pub(crate) const PREC_ADD: u8 = 1;
pub(crate) const PREC_MUL: u8 = 2;
pub(crate) const PREC_NEG: u8 = 3;
pub(crate) const PREC_ATOM: u8 = 4;

impl Quad {
    /// Builds and normalises `(a + b sqrt(r))/c`. The caller guarantees
    /// `c != 0` and that `r` is 1 or a non-square `>= 2`.
    fn new(a: BigInt, b: BigInt, c: BigInt, r: BigInt) -> Quad {
        let (mut a, mut b, mut c) = if c.is_negative() {
            (-a, -b, -c)
        } else {
            (a, b, c)
        };
        let g = a.gcd(&b).gcd(&c);
        if !g.is_zero() && !g.is_one() {
            a /= &g;
            b /= &g;
            c /= &g;
        }
        let r = if b.is_zero() { BigInt::one() } else { r };
        Quad { a, b, c, r }
    }

    pub(crate) fn from_int(n: BigInt) -> Quad {
        Quad {
            a: n,
            b: BigInt::zero(),
            c: BigInt::one(),
            r: BigInt::one(),
        }
    }

    /// `num/den`, or `None` when `den = 0`.
    pub(crate) fn from_ratio(num: BigInt, den: BigInt) -> Option<Quad> {
        if den.is_zero() {
            return None;
        }
        Some(Quad::new(num, BigInt::zero(), den, BigInt::one()))
    }

    /// `(1 + sqrt(5))/2`.
    pub(crate) fn phi() -> Quad {
        Quad::new(
            BigInt::one(),
            BigInt::one(),
            BigInt::from(2),
            BigInt::from(5),
        )
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.a.is_zero() && self.b.is_zero()
    }

    pub(crate) fn is_one(&self) -> bool {
        self.b.is_zero() && self.c.is_one() && self.a.is_one()
    }

    /// Whether the value is rational (no square root part).
    pub(crate) fn is_rational(&self) -> bool {
        self.b.is_zero()
    }

    /// `b*sqrt(r)/c` with `b != 0`.
    fn is_pure_surd(&self) -> bool {
        self.a.is_zero() && !self.b.is_zero()
    }

    pub(crate) fn as_integer(&self) -> Option<BigInt> {
        (self.b.is_zero() && self.c.is_one()).then(|| self.a.clone())
    }

    /// Sign of the value.
    pub(crate) fn sign(&self) -> Ordering {
        sign_of(&self.a, &self.b, &self.r)
    }

    pub(crate) fn neg(&self) -> Quad {
        Quad {
            a: -&self.a,
            b: -&self.b,
            c: self.c.clone(),
            r: self.r.clone(),
        }
    }

    /// Both operands written over one radicand, or `None` when they lie in
    /// different fields. Returns `(r, (a1, b1, c1), (a2, b2, c2))`.
    #[allow(clippy::type_complexity)]
    fn unify(&self, o: &Quad) -> Option<(BigInt, [BigInt; 3], [BigInt; 3])> {
        let parts = |q: &Quad| [q.a.clone(), q.b.clone(), q.c.clone()];
        if self.b.is_zero() || o.b.is_zero() || self.r == o.r {
            let r = if self.b.is_zero() {
                o.r.clone()
            } else {
                self.r.clone()
            };
            return Some((r, parts(self), parts(o)));
        }
        // Q(sqrt r1) = Q(sqrt r2) exactly when r1*r2 is a square s^2; then
        // sqrt(R) = s*sqrt(r)/r, with r the smaller radicand.
        let prod = &self.r * &o.r;
        let s = prod.sqrt();
        if &s * &s != prod {
            return None;
        }
        let convert = |q: &Quad, r: &BigInt| [&q.a * r, &q.b * &s, &q.c * r];
        if self.r < o.r {
            Some((self.r.clone(), parts(self), convert(o, &self.r)))
        } else {
            Some((o.r.clone(), convert(self, &o.r), parts(o)))
        }
    }

    /// Sum, or `None` when the operands lie in different fields.
    pub(crate) fn add(&self, o: &Quad) -> Option<Quad> {
        let (r, [a1, b1, c1], [a2, b2, c2]) = self.unify(o)?;
        Some(Quad::new(
            &a1 * &c2 + &a2 * &c1,
            &b1 * &c2 + &b2 * &c1,
            &c1 * &c2,
            r,
        ))
    }

    /// Product, or `None` when the operands lie in different fields (except
    /// for two pure surds, whose product `sqrt(r1 r2)` is always exact).
    pub(crate) fn mul(&self, o: &Quad) -> Option<Quad> {
        if let Some((r, [a1, b1, c1], [a2, b2, c2])) = self.unify(o) {
            return Some(Quad::new(
                &a1 * &a2 + &b1 * &b2 * &r,
                &a1 * &b2 + &a2 * &b1,
                &c1 * &c2,
                r,
            ));
        }
        if self.is_pure_surd() && o.is_pure_surd() {
            let (f, r) = split_square(&(&self.r * &o.r));
            let coef = &self.b * &o.b * f;
            let den = &self.c * &o.c;
            return Some(if r.is_one() {
                Quad::new(coef, BigInt::zero(), den, r)
            } else {
                Quad::new(BigInt::zero(), coef, den, r)
            });
        }
        None
    }

    /// Reciprocal, or `None` for zero. Always in the same field.
    pub(crate) fn inv(&self) -> Option<Quad> {
        if self.is_zero() {
            return None;
        }
        // c/(a + b sqrt r) = c (a - b sqrt r) / (a^2 - b^2 r); the denominator
        // is nonzero because r is not a square.
        let den = &self.a * &self.a - &self.b * &self.b * &self.r;
        Some(Quad::new(
            &self.c * &self.a,
            -(&self.c * &self.b),
            den,
            self.r.clone(),
        ))
    }

    /// Exact floor.
    pub(crate) fn floor(&self) -> BigInt {
        floor_parts(&self.a, &self.b, &self.c, &self.r)
    }

    /// Exact ceiling.
    pub(crate) fn ceil(&self) -> BigInt {
        -self.neg().floor()
    }

    /// Exact `floor(n * self)`; machine integers when everything fits.
    pub(crate) fn floor_mul(&self, n: i64) -> BigInt {
        if let Some(v) = self.floor_mul_small(n) {
            return BigInt::from(v);
        }
        let n = BigInt::from(n);
        floor_parts(&(&self.a * &n), &(&self.b * &n), &self.c, &self.r)
    }

    fn floor_mul_small(&self, n: i64) -> Option<i128> {
        small_floor_mul(self.small_parts()?, n)
    }

    /// `(a, b, c, r)` as machine integers, when they fit ([`small_floor_mul`]).
    pub(crate) fn small_parts(&self) -> Option<(i128, i128, i128, u128)> {
        Some((
            i128::from(self.a.to_i64()?),
            i128::from(self.b.to_i64()?),
            i128::from(self.c.to_i64()?),
            u128::from(self.r.to_u64()?),
        ))
    }

    /// Square root, exact when possible.
    pub(crate) fn sqrt(&self) -> QuadSqrt {
        match self.sign() {
            Ordering::Less => return QuadSqrt::Negative,
            Ordering::Equal => return QuadSqrt::One(Quad::from_int(BigInt::zero())),
            Ordering::Greater => {}
        }
        if self.b.is_zero() {
            return QuadSqrt::One(sqrt_ratio(&self.a, &self.c));
        }
        // sqrt(A + B sqrt r) with A = a/c, B = b/c denests when A^2 - B^2 r is
        // the square of a rational d: it is sqrt((A+d)/2) + sgn(B) sqrt((A-d)/2).
        let disc = &self.a * &self.a - &self.b * &self.b * &self.r;
        if disc.is_negative() {
            return QuadSqrt::Nested;
        }
        let d = disc.sqrt();
        if &d * &d != disc {
            return QuadSqrt::Nested;
        }
        let two_c = &self.c * 2;
        let first = sqrt_ratio(&(&self.a + &d), &two_c);
        let second = sqrt_ratio(&(&self.a - &d), &two_c);
        let second = if self.b.is_negative() {
            second.neg()
        } else {
            second
        };
        QuadSqrt::Two(first, second)
    }

    /// Rigorous enclosure at `p` fractional bits.
    pub(crate) fn interval(&self, p: u32) -> Iv {
        let a = &self.a << p;
        let (lo, hi) = match self.b.sign() {
            Sign::NoSign => (a.clone(), a),
            s => {
                let k = ((&self.b * &self.b * &self.r) << (2 * p as usize)).sqrt();
                if s == Sign::Plus {
                    (&a + &k, a + k + 1u32)
                } else {
                    (&a - &k - 1u32, a - k)
                }
            }
        };
        Iv {
            lo: lo.div_floor(&self.c),
            hi: ceil_div(&hi, &self.c),
            p,
        }
    }

    /// `(precedence, starts with a minus sign)` of the printed form.
    pub(crate) fn display_prec(&self) -> (u8, bool) {
        if self.b.is_zero() {
            let prec = if self.c.is_one() {
                if self.a.is_negative() {
                    PREC_NEG
                } else {
                    PREC_ATOM
                }
            } else {
                PREC_MUL
            };
            return (prec, self.a.is_negative());
        }
        if !self.c.is_one() {
            return (PREC_MUL, self.a.is_zero() && self.b.is_negative());
        }
        if !self.a.is_zero() {
            return (PREC_ADD, self.a.is_negative());
        }
        let prec = if self.b.is_negative() {
            PREC_NEG
        } else if self.b.is_one() {
            PREC_ATOM
        } else {
            PREC_MUL
        };
        (prec, self.b.is_negative())
    }
}

impl fmt::Display for Quad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.b.is_zero() {
            return if self.c.is_one() {
                write!(f, "{}", self.a)
            } else {
                write!(f, "{}/{}", self.a, self.c)
            };
        }
        let mag = self.b.abs();
        let surd = if mag.is_one() {
            format!("sqrt({})", self.r)
        } else {
            format!("{}*sqrt({})", mag, self.r)
        };
        let minus = self.b.is_negative();
        let num = if self.a.is_zero() {
            format!("{}{}", if minus { "-" } else { "" }, surd)
        } else {
            format!("{} {} {}", self.a, if minus { "-" } else { "+" }, surd)
        };
        if self.c.is_one() {
            write!(f, "{num}")
        } else if self.a.is_zero() {
            write!(f, "{num}/{}", self.c)
        } else {
            write!(f, "({num})/{}", self.c)
        }
    }
}

/// Sign of `a + b sqrt(r)` (`r` not a square when `b != 0`).
fn sign_of(a: &BigInt, b: &BigInt, r: &BigInt) -> Ordering {
    let sa = a.sign();
    let sb = b.sign();
    let ord = |s: Sign| match s {
        Sign::Minus => Ordering::Less,
        Sign::NoSign => Ordering::Equal,
        Sign::Plus => Ordering::Greater,
    };
    if sb == Sign::NoSign || sa == sb {
        return ord(sa);
    }
    if sa == Sign::NoSign {
        return ord(sb);
    }
    // Opposite signs: the larger of a^2 and b^2 r wins (never equal).
    if a * a > b * b * r {
        ord(sa)
    } else {
        ord(sb)
    }
}

/// Exact floor of `(a + b sqrt r)/c`, `c > 0`.
fn floor_parts(a: &BigInt, b: &BigInt, c: &BigInt, r: &BigInt) -> BigInt {
    // For irrational x and a positive integer c, floor(x/c) = floor(floor(x)/c);
    // floor(a + b sqrt r) = a + k (b > 0) or a - k - 1 (b < 0), k = isqrt(b^2 r).
    match b.sign() {
        Sign::NoSign => a.div_floor(c),
        s => {
            let k = (b * b * r).sqrt();
            let num = if s == Sign::Plus { a + k } else { a - k - 1u32 };
            num.div_floor(c)
        }
    }
}

/// `ceil(x / d)` for `d > 0`.
pub(crate) fn ceil_div(x: &BigInt, d: &BigInt) -> BigInt {
    let (q, r) = x.div_mod_floor(d);
    if r.is_zero() {
        q
    } else {
        q + 1u32
    }
}

/// `sqrt(p/q)` for `p >= 0`, `q > 0`: `sqrt(p q)/q`, square part extracted.
fn sqrt_ratio(p: &BigInt, q: &BigInt) -> Quad {
    if p.is_zero() {
        return Quad::from_int(BigInt::zero());
    }
    let (f, r) = split_square(&(p * q));
    if r.is_one() {
        Quad::new(f, BigInt::zero(), q.clone(), r)
    } else {
        Quad::new(BigInt::zero(), f, q.clone(), r)
    }
}

/// Trial divisors are tried up to this bound (and up to the cube root of
/// what is left, past which the rest is square-free unless a square).
const TRIAL_LIMIT: u64 = 1 << 16;

/// Writes `m > 0` as `f^2 * r` with `r = 1` exactly when `m` is a perfect
/// square. `r` is square-free when `m < 2^48` (and often beyond); otherwise
/// it may keep a square factor of two primes above [`TRIAL_LIMIT`].
pub(crate) fn split_square(m: &BigInt) -> (BigInt, BigInt) {
    let s = m.sqrt();
    if &s * &s == *m {
        return (s, BigInt::one());
    }
    let mut rest = m.clone();
    let mut f = BigInt::one();
    let mut r = BigInt::one();
    let mut p: u64 = 2;
    while p <= TRIAL_LIMIT {
        // Stop once p^3 > rest: then rest has at most two prime factors > p.
        if let Some(small) = rest.to_u64() {
            if u128::from(p).pow(3) > u128::from(small) {
                break;
            }
            if small % p != 0 {
                p += if p == 2 { 1 } else { 2 };
                continue;
            }
        }
        let mut e = 0u32;
        loop {
            let (q, rem) = rest.div_rem(&BigInt::from(p));
            if !rem.is_zero() {
                break;
            }
            rest = q;
            e += 1;
        }
        if e > 0 {
            f *= BigInt::from(p).pow(e / 2);
            if e % 2 == 1 {
                r *= p;
            }
        }
        p += if p == 2 { 1 } else { 2 };
    }
    let s = rest.sqrt();
    if &s * &s == rest {
        f *= s;
    } else {
        r *= rest;
    }
    (f, r)
}

/// Integer square root of a `u128` (exact, by the standard library's integer method).
/// Exact `floor(n * (a + b sqrt r) / c)` for the parts of a surd as machine integers
/// ([`Quad::small_parts`]); `None` when a product leaves `i128`.
pub(crate) fn small_floor_mul((a, b, c, r): (i128, i128, i128, u128), n: i64) -> Option<i128> {
    let n = i128::from(n);
    let na = n.checked_mul(a)?;
    let nb = n.checked_mul(b)?;
    if nb == 0 {
        return Some(na.div_euclid(c));
    }
    let m = nb.unsigned_abs();
    let t = m.checked_mul(m)?.checked_mul(r)?;
    // t is not a perfect square, so floor(sqrt t) < sqrt t < floor + 1.
    let k = i128::try_from(isqrt_u128(t)).ok()?;
    let num = if nb > 0 {
        na.checked_add(k)?
    } else {
        na.checked_sub(k)?.checked_sub(1)?
    };
    // c > 0, so Euclidean division is floor division.
    Some(num.div_euclid(c))
}

pub(crate) fn isqrt_u128(t: u128) -> u128 {
    t.isqrt()
}
