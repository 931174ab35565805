//! The transcendental constants pi and e as rigorous intervals, cached
//! process-wide at the highest precision computed so far.
//!
//! Both are summed in fixed point with `GUARD` extra bits; every truncated
//! term and the series tail are accounted for in the error bound.

use std::sync::Mutex;

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::interval::{ceil_shr, floor_shr, Iv};

/// Extra working bits: the accumulated error is a few thousand units at most.
const GUARD: u32 = 32;

static PI: Mutex<Option<Iv>> = Mutex::new(None);
static E: Mutex<Option<Iv>> = Mutex::new(None);

/// An enclosure of pi at `p` fractional bits.
pub(crate) fn pi(p: u32) -> Iv {
    cached(&PI, p, compute_pi)
}

/// An enclosure of e at `p` fractional bits.
pub(crate) fn e(p: u32) -> Iv {
    cached(&E, p, compute_e)
}

fn cached(cell: &Mutex<Option<Iv>>, p: u32, compute: fn(u32) -> Iv) -> Iv {
    let mut guard = cell
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(iv) = guard.as_ref() {
        if iv.p >= p {
            return iv.to_prec(p);
        }
    }
    let iv = compute(p);
    *guard = Some(iv.clone());
    iv
}

/// `arctan(1/m) * 2^w` as `(sum, err)`: the true value lies within `err` of `sum`.
fn arctan_inv(m: u32, w: u32) -> (BigInt, BigInt) {
    // t_k = floor(2^w / m^(2k+1)) exactly (nested floors of integer
    // divisions), term_k = floor(t_k / (2k+1)) is below the exact term by
    // less than 1. The alternating tail after the last nonzero t_k is below
    // t_K's exact value < 1. So |true - sum| < K + 1.
    let m2 = BigInt::from(m) * m;
    let mut t: BigInt = (BigInt::one() << (w as usize)) / m;
    let mut sum = BigInt::zero();
    let mut k: u64 = 0;
    while !t.is_zero() {
        let term = &t / (2 * k + 1);
        if k.is_multiple_of(2) {
            sum += term;
        } else {
            sum -= term;
        }
        t /= &m2;
        k += 1;
    }
    (sum, BigInt::from(k + 1))
}

/// Machin: pi = 16 arctan(1/5) - 4 arctan(1/239).
fn compute_pi(p: u32) -> Iv {
    let w = p + GUARD;
    let (s5, e5) = arctan_inv(5, w);
    let (s239, e239) = arctan_inv(239, w);
    let mid = s5 * 16 - s239 * 4;
    let err = e5 * 16 + e239 * 4;
    Iv {
        lo: floor_shr(&(&mid - &err), GUARD),
        hi: ceil_shr(&(&mid + &err), GUARD),
        p,
    }
}

/// e = sum 1/k!.
fn compute_e(p: u32) -> Iv {
    // t_k = floor(2^w / k!) exactly; each t_k (k >= 1) is below the exact
    // term by less than 1, t_0 is exact, and the tail after the first zero
    // t_K is sum_{k>=K} 2^w/k! <= (2^w/K!)(K+1)/K < 2. So the true value
    // lies in [sum, sum + K + 2].
    let w = p + GUARD;
    let mut t: BigInt = BigInt::one() << (w as usize);
    let mut sum = t.clone();
    let mut k: u64 = 1;
    loop {
        t /= k;
        if t.is_zero() {
            break;
        }
        sum += &t;
        k += 1;
    }
    let hi = &sum + (k + 2);
    Iv {
        lo: floor_shr(&sum, GUARD),
        hi: ceil_shr(&hi, GUARD),
        p,
    }
}
