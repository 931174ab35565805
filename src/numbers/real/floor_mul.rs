//! `floor(n * c)` for a constant real `c` at machine speed, for the claims swept over millions
//! of positions (a Beatty floor at each): one proven enclosure `[lo, hi]` of `c` at
//! [`BITS`] fractional bits, taken once as `i128`; then `n * lo` and `n * hi` bound `n * c`,
//! and when their floors agree, and the lower bound is not itself an integer (the value could
//! lie on it), that floor is `floor(n * c)` exactly: the value lies strictly between two
//! integers and at least `2^-BITS` from each, where every finer enclosure the interpreter
//! computes decides the same floor. Otherwise (or on an overflow) the answer is `None`, and the
//! caller decides it as the interpreter does ([`super::Real::floor_mul`]).

use num_traits::ToPrimitive;

use super::super::interval::Iv;

/// Fractional bits of the enclosure.
pub(crate) const BITS: u32 = 64;

/// The enclosure computed at this many bits, then rounded outward to [`BITS`] (a tight one).
pub(crate) const EVAL_BITS: u32 = 2 * BITS;

/// An enclosure `[lo / 2^BITS, hi / 2^BITS]` of a constant real.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Enclosure {
    lo: i128,
    hi: i128,
}

impl Enclosure {
    /// The enclosure `iv` at [`BITS`] bits (rounded outward), when its ends fit `i128`.
    pub(crate) fn of(iv: &Iv) -> Option<Enclosure> {
        let iv = iv.to_prec(BITS);
        let (lo, hi) = (iv.lo.to_i128()?, iv.hi.to_i128()?);
        (lo <= hi).then_some(Enclosure { lo, hi })
    }

    /// `floor(n * c)` when this enclosure decides it; `None` when it does not (or a product
    /// leaves `i128`, or the floor leaves `i64`).
    #[inline]
    pub(crate) fn floor_mul(&self, n: i64) -> Option<i64> {
        let n = i128::from(n);
        let (a, b) = (n.checked_mul(self.lo)?, n.checked_mul(self.hi)?);
        let (low, high) = if n < 0 { (b, a) } else { (a, b) };
        // `>>` on i128 rounds toward negative infinity: the floor of a fixed-point value.
        let f = low >> BITS;
        let on_integer = low & ((1i128 << BITS) - 1) == 0;
        if on_integer || f != high >> BITS {
            return None;
        }
        i64::try_from(f).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::Enclosure;
    use crate::numbers::interval::Iv;
    use crate::numbers::Real;
    use num_bigint::BigInt;
    use num_integer::Integer;

    /// `floor(n * num / den)` for rational bounds, exactly.
    fn floor_ratio(n: i64, (num, den): (&BigInt, &BigInt)) -> BigInt {
        (BigInt::from(n) * num).div_floor(den)
    }

    /// `floor(n * x)` for `x` in `[lo, hi]` (rationals `(num, den)`), when both bounds give the
    /// same floor (asserted: the bounds are tight enough for the `n` tested).
    fn floor_between(n: i64, lo: (&BigInt, &BigInt), hi: (&BigInt, &BigInt)) -> i64 {
        let (a, b) = (floor_ratio(n, lo), floor_ratio(n, hi));
        let (a, b) = if n < 0 { (b, a) } else { (a, b) };
        assert_eq!(a, b, "the test's bounds decide floor({n} x)");
        i64::try_from(a).expect("fits")
    }

    /// e = sum 1/k!, k = 0..=N, plus a tail below 1/(N! N): with D = N!, S = sum D/k!,
    /// S/D < e < (S + 1)/D.
    fn e_bounds() -> (BigInt, BigInt) {
        const N: u32 = 40;
        let d: BigInt = (1..=N).map(BigInt::from).product();
        let mut s = BigInt::from(0);
        let mut term = d.clone();
        for k in 0..=N {
            if k > 0 {
                term /= BigInt::from(k);
            }
            s += &term;
        }
        (s, d)
    }

    /// `floor(n e)`, `ceil(n / e)` and `floor(n e / (e - 1))` (beta-Wynim's and beta-Nim's
    /// Theorem 1 at beta = e, as the claims compile them) by the claims' fast function, against
    /// the series' rational bounds, for every n up to 3 * 10^5.
    #[test]
    fn beatty_floors_of_e_agree_with_its_series() {
        let (s, d) = e_bounds();
        let s1 = &s + 1;
        let e = Real::e();
        let inv = Real::from_int(1).div(&e).unwrap();
        let ratio = e.div(&e.sub(&Real::from_int(1))).unwrap();
        let (fe, finv, fratio) = (e.floor_mul_fn(), inv.floor_mul_fn(), ratio.floor_mul_fn());
        // 1/e in [D/(S+1), D/S]; e/(e-1) = 1 + 1/(e-1) in [(S+1)/(S+1-D), S/(S-D)].
        let (r_lo, r_hi) = ((&s1, &(&s1 - &d)), (&s, &(&s - &d)));
        for n in 1..=300_000i64 {
            assert_eq!(
                fe(n).unwrap(),
                floor_between(n, (&s, &d), (&s1, &d)),
                "floor({n} e)"
            );
            // ceil(n / e) = -floor(-n / e), as the claims compute it.
            let ceil = -finv(-n).unwrap();
            assert_eq!(
                ceil,
                -floor_between(-n, (&d, &s1), (&d, &s)),
                "ceil({n} / e)"
            );
            assert_eq!(fratio(n).unwrap(), floor_between(n, r_lo, r_hi), "at {n}");
        }
    }

    /// `floor(n sqrt(29))` and `floor(n (2 + sqrt(2)))` against integer square roots.
    #[test]
    fn beatty_floors_of_surds_agree_with_integer_square_roots() {
        let s29 = Real::from_int(29).sqrt().unwrap();
        let s2 = Real::from_int(2).add(&Real::from_int(2).sqrt().unwrap());
        let (f29, f2) = (s29.floor_mul_fn(), s2.floor_mul_fn());
        for n in 1..=300_000u64 {
            let i = i64::try_from(n).unwrap();
            assert_eq!(f29(i).unwrap(), (29 * n * n).isqrt() as i64, "{n} sqrt(29)");
            assert_eq!(
                f2(i).unwrap(),
                (2 * n + (2 * n * n).isqrt()) as i64,
                "{n} (2 + sqrt 2)"
            );
            // floor(-n sqrt 29) = -floor(n sqrt 29) - 1 (never an integer).
            assert_eq!(f29(-i).unwrap(), -((29 * n * n).isqrt() as i64) - 1);
        }
    }

    fn enclosure(lo: i128, hi: i128) -> Enclosure {
        let iv = Iv {
            lo: BigInt::from(lo),
            hi: BigInt::from(hi),
            p: super::BITS,
        };
        Enclosure::of(&iv).expect("fits")
    }

    #[test]
    fn decides_only_strictly_between_two_integers() {
        let one = 1i128 << 64;
        // c in [2.5 - 2^-64, 2.5 + 2^-64].
        let c = enclosure(5 * one / 2 - 1, 5 * one / 2 + 1);
        assert_eq!(c.floor_mul(1), Some(2));
        assert_eq!(c.floor_mul(3), Some(7));
        assert_eq!(c.floor_mul(-3), Some(-8));
        // 2 * c may be exactly 5, or just below: the enclosure straddles 5.
        assert_eq!(c.floor_mul(2), None);
        assert_eq!(c.floor_mul(0), None);
        // c in [3, 3 + 2^-64]: 1 * c may be exactly 3; the interpreter is asked.
        let three = enclosure(3 * one, 3 * one + 1);
        assert_eq!(three.floor_mul(1), None);
        assert_eq!(three.floor_mul(-1), None);
        assert_eq!(three.floor_mul(2), None);
        // Just above 3: decided both ways.
        let above = enclosure(3 * one + 1, 3 * one + 2);
        assert_eq!(above.floor_mul(2), Some(6));
        assert_eq!(above.floor_mul(-2), Some(-7));
        // Overflow of the product: not decided here.
        assert_eq!(c.floor_mul(i64::MAX), None);
    }
}
