//! Rigorous interval arithmetic on fixed-point dyadic bounds.
//!
//! An [`Iv`] at precision `p` is the closed interval `[lo/2^p, hi/2^p]`.
//! Every operation rounds its lower bound down and its upper bound up to
//! `p` fractional bits, so the result always contains the true value and
//! the integers stay about `p` bits plus the magnitude of the value.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Iv {
    pub(crate) lo: BigInt,
    pub(crate) hi: BigInt,
    /// Number of fractional bits.
    pub(crate) p: u32,
}

/// `floor(x / 2^k)`.
pub(crate) fn floor_shr(x: &BigInt, k: u32) -> BigInt {
    // `>>` on BigInt rounds toward negative infinity.
    x >> (k as usize)
}

/// `ceil(x / 2^k)`.
pub(crate) fn ceil_shr(x: &BigInt, k: u32) -> BigInt {
    -((-x) >> (k as usize))
}

impl Iv {
    /// The same enclosure at `p` fractional bits (rounded outward if `p` is lower).
    pub(crate) fn to_prec(&self, p: u32) -> Iv {
        if p >= self.p {
            let k = (p - self.p) as usize;
            Iv {
                lo: &self.lo << k,
                hi: &self.hi << k,
                p,
            }
        } else {
            let k = self.p - p;
            Iv {
                lo: floor_shr(&self.lo, k),
                hi: ceil_shr(&self.hi, k),
                p,
            }
        }
    }

    pub(crate) fn add(&self, o: &Iv) -> Iv {
        debug_assert_eq!(self.p, o.p);
        Iv {
            lo: &self.lo + &o.lo,
            hi: &self.hi + &o.hi,
            p: self.p,
        }
    }

    pub(crate) fn sub(&self, o: &Iv) -> Iv {
        debug_assert_eq!(self.p, o.p);
        Iv {
            lo: &self.lo - &o.hi,
            hi: &self.hi - &o.lo,
            p: self.p,
        }
    }

    pub(crate) fn neg(&self) -> Iv {
        Iv {
            lo: -&self.hi,
            hi: -&self.lo,
            p: self.p,
        }
    }

    pub(crate) fn mul(&self, o: &Iv) -> Iv {
        debug_assert_eq!(self.p, o.p);
        let p = self.p;
        let (lo, hi) = if !self.lo.is_negative() && !o.lo.is_negative() {
            (&self.lo * &o.lo, &self.hi * &o.hi)
        } else if !self.hi.is_positive() && !o.hi.is_positive() {
            (&self.hi * &o.hi, &self.lo * &o.lo)
        } else {
            let c = [
                &self.lo * &o.lo,
                &self.lo * &o.hi,
                &self.hi * &o.lo,
                &self.hi * &o.hi,
            ];
            let mut lo = &c[0];
            let mut hi = &c[0];
            for v in &c[1..] {
                if v < lo {
                    lo = v;
                }
                if v > hi {
                    hi = v;
                }
            }
            (lo.clone(), hi.clone())
        };
        Iv {
            lo: floor_shr(&lo, p),
            hi: ceil_shr(&hi, p),
            p,
        }
    }

    /// Quotient, or `None` when the divisor interval contains zero.
    pub(crate) fn div(&self, o: &Iv) -> Option<Iv> {
        debug_assert_eq!(self.p, o.p);
        if !(o.lo.is_positive() || o.hi.is_negative()) {
            return None;
        }
        let p = self.p as usize;
        // x/y = (X/2^p)/(Y/2^p) = (X 2^p / Y) / 2^p; the extremes are among
        // the four endpoint quotients, floor for the lower, ceil for the upper.
        let mut lo: Option<BigInt> = None;
        let mut hi: Option<BigInt> = None;
        for x in [&self.lo, &self.hi] {
            let xs = x << p;
            for y in [&o.lo, &o.hi] {
                // Make the divisor positive for the floor/ceil helpers.
                let (n, d) = if y.is_negative() {
                    (-&xs, -y)
                } else {
                    (xs.clone(), y.clone())
                };
                let (q, r) = n.div_mod_floor(&d);
                let up = if r.is_zero() { q.clone() } else { &q + 1u32 };
                if lo.as_ref().is_none_or(|l| q < *l) {
                    lo = Some(q);
                }
                if hi.as_ref().is_none_or(|h| up > *h) {
                    hi = Some(up);
                }
            }
        }
        Some(Iv {
            lo: lo?,
            hi: hi?,
            p: self.p,
        })
    }

    /// Square root of an interval whose true value is known to be `>= 0`
    /// (a negative lower bound is clamped to zero). `None` if `hi < 0`.
    pub(crate) fn sqrt_nonneg(&self) -> Option<Iv> {
        if self.hi.is_negative() {
            return None;
        }
        let p = self.p as usize;
        let lo = if self.lo.is_negative() {
            BigInt::zero()
        } else {
            (&self.lo << p).sqrt()
        };
        let h = &self.hi << p;
        let s = h.sqrt();
        let hi = if &s * &s == h { s } else { s + 1u32 };
        Some(Iv { lo, hi, p: self.p })
    }

    /// Multiplies by an exact integer.
    pub(crate) fn scale(&self, n: &BigInt) -> Iv {
        let (lo, hi) = if n.is_negative() {
            (&self.hi * n, &self.lo * n)
        } else {
            (&self.lo * n, &self.hi * n)
        };
        Iv { lo, hi, p: self.p }
    }

    /// `floor` of the value, if the interval decides it.
    pub(crate) fn floor(&self) -> Option<BigInt> {
        let a = floor_shr(&self.lo, self.p);
        (a == floor_shr(&self.hi, self.p)).then_some(a)
    }

    /// `ceil` of the value, if the interval decides it.
    pub(crate) fn ceil(&self) -> Option<BigInt> {
        let a = ceil_shr(&self.lo, self.p);
        (a == ceil_shr(&self.hi, self.p)).then_some(a)
    }

    /// Sign of the value, if the interval decides it (never `Equal` unless
    /// the interval is the single point 0).
    pub(crate) fn sign(&self) -> Option<std::cmp::Ordering> {
        use std::cmp::Ordering::*;
        if self.lo.is_positive() {
            Some(Greater)
        } else if self.hi.is_negative() {
            Some(Less)
        } else if self.lo.is_zero() && self.hi.is_zero() {
            Some(Equal)
        } else {
            None
        }
    }

    /// Midpoint as an `f64` (for display only).
    pub(crate) fn mid_f64(&self) -> f64 {
        let m: BigInt = &self.lo + &self.hi;
        scaled_to_f64(&m, i64::from(self.p) + 1)
    }

    /// Whether the width is below `2^-53` of the magnitude (or zero).
    pub(crate) fn f64_accurate(&self) -> bool {
        let w: BigInt = &self.hi - &self.lo;
        if w.is_zero() {
            return true;
        }
        let mag = if self.lo.is_negative() {
            -&self.hi
        } else {
            self.lo.clone()
        };
        mag.is_positive() && (w << 54usize) <= mag
    }
}

/// `m / 2^shift` as an `f64`, without intermediate overflow.
fn scaled_to_f64(m: &BigInt, shift: i64) -> f64 {
    let bits = m.bits();
    let (top, mut e) = if bits > 64 {
        let s = bits - 64;
        (
            (m >> (s as usize)).to_f64().unwrap_or(f64::NAN),
            i64::try_from(s).unwrap_or(i64::MAX) - shift,
        )
    } else {
        (m.to_f64().unwrap_or(f64::NAN), -shift)
    };
    let mut x = top;
    while e > 0 && x.is_finite() && x != 0.0 {
        let k = e.min(1000);
        x *= 2f64.powi(k as i32);
        e -= k;
    }
    while e < 0 && x != 0.0 && x.is_finite() {
        let k = (-e).min(1000);
        x /= 2f64.powi(k as i32);
        e += k;
    }
    x
}
