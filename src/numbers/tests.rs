//! Unit tests of the real numbers, each checked against an independent
//! source (published tables, embedded decimal digits, integer square roots
//! of the standard library of `num-integer`, machine-integer division, f64).

use std::cmp::Ordering;
use std::time::{Duration, Instant};

use num_bigint::BigInt;
use num_integer::{Integer, Roots};
use num_traits::{One, Pow, Zero};

use super::interval::{ceil_shr, floor_shr, Iv};
use super::{constants, Real, RealError, MAX_PRECISION_BITS};

/// pi and e to 62 decimals (independent of this module).
const PI_DIGITS: &str = "3.14159265358979323846264338327950288419716939937510582097494459";
const E_DIGITS: &str = "2.71828182845904523536028747135266249775724709369995957496696762";

/// `(P, 10^k)` with `P/10^k <= x < (P+1)/10^k`.
fn decimal(s: &str) -> (BigInt, BigInt) {
    let (int, frac) = s.split_once('.').unwrap();
    let p: BigInt = format!("{int}{frac}").parse().unwrap();
    (p, BigInt::from(10).pow(frac.len() as u32))
}

/// floor(n x) from decimal bounds; panics if the digits are not enough.
fn floor_from_digits(digits: &str, n: i64) -> BigInt {
    let (p, scale) = decimal(digits);
    let n = BigInt::from(n);
    let lo = (&n * &p).div_floor(&scale);
    let hi = (&n * (&p + 1u32)).div_floor(&scale);
    assert_eq!(lo, hi, "not enough digits for n = {n}");
    lo
}

fn int(n: i64) -> Real {
    Real::from_int(n)
}

fn big(n: i64) -> BigInt {
    BigInt::from(n)
}

fn ratio(a: i64, b: i64) -> Real {
    Real::from_ratio(big(a), big(b)).unwrap()
}

fn sqrt(n: i64) -> Real {
    int(n).sqrt().unwrap()
}

fn is_undecidable<T: std::fmt::Debug>(r: Result<T, RealError>) -> bool {
    matches!(r, Err(RealError::Undecidable { .. }))
}

/// Small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

#[test]
fn shifts_round_as_documented() {
    assert_eq!(floor_shr(&big(-5), 1), big(-3));
    assert_eq!(ceil_shr(&big(-5), 1), big(-2));
    assert_eq!(floor_shr(&big(5), 1), big(2));
    assert_eq!(ceil_shr(&big(5), 1), big(3));
    assert_eq!(ceil_shr(&big(-4), 1), big(-2));
}

#[test]
fn constants_enclose_the_digits() {
    for (digits, iv_at) in [
        (PI_DIGITS, constants::pi as fn(u32) -> Iv),
        (E_DIGITS, constants::e as fn(u32) -> Iv),
    ] {
        let (d, scale) = decimal(digits);
        for p in [1u32, 10, 64, 128, 200] {
            let iv = iv_at(p);
            let two_p = BigInt::one() << p as usize;
            // lo/2^p <= x < (d+1)/10^k and hi/2^p >= x >= d/10^k.
            assert!(&iv.lo * &scale < (&d + 1u32) * &two_p, "{digits} p={p}");
            assert!(&iv.hi * &scale >= &d * &two_p, "{digits} p={p}");
            assert!(&iv.hi - &iv.lo <= big(4), "{digits} p={p}");
        }
        // A high-precision request, then a low one served by the cache.
        let hi = iv_at(3000);
        assert!(&hi.hi - &hi.lo <= big(4));
        let low = iv_at(64);
        assert!(&low.lo * &scale < (&d + 1u32) * (BigInt::one() << 64));
    }
}

#[test]
fn fraenkel_larsson_table_1() {
    // A. S. Fraenkel and U. Larsson, Table 1 (beta = pi).
    let b_n = [
        0, 3, 6, 9, 12, 15, 18, 21, 25, 28, 31, 34, 37, 40, 43, 47, 50, 53, 56, 59, 62, 65, 69, 72,
        75, 78, 81, 84, 87, 91,
    ];
    let a_n = [
        0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 24, 26, 27, 29, 30, 32, 33,
        35, 36, 38, 39, 41, 42,
    ];
    let beta = Real::pi();
    let alpha = beta.div(&beta.sub(&int(1))).unwrap();
    assert_eq!(alpha.to_string(), "pi/(pi - 1)");
    for n in 0..30 {
        assert_eq!(beta.floor_mul(n as i64).unwrap(), big(b_n[n]), "B_{n}");
        assert_eq!(alpha.floor_mul(n as i64).unwrap(), big(a_n[n]), "A_{n}");
        // Same through a fresh product tree.
        assert_eq!(int(n as i64).mul(&beta).floor().unwrap(), big(b_n[n]));
        assert_eq!(int(n as i64).mul(&alpha).floor().unwrap(), big(a_n[n]));
    }
}

#[test]
fn wythoff_pairs() {
    let phi = Real::phi();
    let phi2 = phi.mul(&phi);
    assert!(phi2.is_exact());
    let lower = [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16];
    let upper = [0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26];
    for n in 0..=10 {
        assert_eq!(phi.floor_mul(n as i64).unwrap(), big(lower[n]));
        assert_eq!(phi2.floor_mul(n as i64).unwrap(), big(upper[n]));
    }
}

#[test]
fn beatty_two_plus_sqrt2_against_isqrt() {
    let beta = int(2).add(&sqrt(2));
    assert_eq!(beta.to_string(), "2 + sqrt(2)");
    for n in 0..=10_000u64 {
        let expected = 2 * n + (2 * n * n).sqrt();
        assert_eq!(
            beta.floor_mul_i64(n as i64).unwrap(),
            expected as i64,
            "n={n}"
        );
    }
    // Negative n: floor(-x) = -floor(x) - 1 for irrational x.
    for n in 1..=1000u64 {
        let expected = -((2 * n + (2 * n * n).sqrt()) as i64) - 1;
        assert_eq!(beta.floor_mul_i64(-(n as i64)).unwrap(), expected);
    }
}

#[test]
fn beatty_phi_against_isqrt() {
    let phi = int(1).add(&sqrt(5)).div(&int(2)).unwrap();
    assert_eq!(phi.to_string(), "(1 + sqrt(5))/2");
    assert_eq!(phi.compare(&Real::phi()).unwrap(), Ordering::Equal);
    for n in 0..=100_000u64 {
        let expected = (n + (5 * n * n).sqrt()) / 2;
        assert_eq!(
            phi.floor_mul_i64(n as i64).unwrap(),
            expected as i64,
            "n={n}"
        );
    }
    // Extremes take the big-integer path.
    for n in [i64::MAX, i64::MIN, 1 << 40, -(1 << 40) - 7] {
        let nb = big(n);
        let s = (&nb * &nb * 5u32).sqrt();
        let expected = if n > 0 {
            (&nb + s).div_floor(&big(2))
        } else {
            (&nb - s - 1u32).div_floor(&big(2))
        };
        assert_eq!(phi.floor_mul(n).unwrap(), expected, "n={n}");
    }
}

#[test]
fn beatty_pi_and_e_against_digits() {
    let pi = Real::pi();
    let e = Real::e();
    for n in 0..=10_000i64 {
        assert_eq!(
            pi.floor_mul(n).unwrap(),
            floor_from_digits(PI_DIGITS, n),
            "pi n={n}"
        );
        assert_eq!(
            e.floor_mul(n).unwrap(),
            floor_from_digits(E_DIGITS, n),
            "e n={n}"
        );
    }
    for n in [-1i64, -2, -1000, -9999] {
        assert_eq!(pi.floor_mul(n).unwrap(), floor_from_digits(PI_DIGITS, n));
    }
    // Large n need more than 64 bits of pi.
    for n in [1i64 << 40, 1 << 62, i64::MAX, i64::MIN] {
        assert_eq!(
            pi.floor_mul(n).unwrap(),
            floor_from_digits(PI_DIGITS, n),
            "n={n}"
        );
        assert_eq!(
            e.floor_mul(n).unwrap(),
            floor_from_digits(E_DIGITS, n),
            "n={n}"
        );
    }
}

#[test]
fn exact_surd_identities() {
    let s2 = sqrt(2);
    let prod = s2.mul(&s2);
    assert_eq!(prod.floor().unwrap(), big(2));
    assert_eq!(prod.compare(&int(2)).unwrap(), Ordering::Equal);
    assert_eq!(prod.as_integer(), Some(big(2)));
    let phi = Real::phi();
    let one = phi.mul(&phi).sub(&phi);
    assert!(one.is_exact());
    assert_eq!(one.as_integer(), Some(big(1)));
    let ten20 = Real::from_bigint(big(10).pow(20u32));
    assert_eq!(ten20.sqrt().unwrap().floor().unwrap(), big(10).pow(10u32));
    let ten31 = Real::from_bigint(big(10).pow(31u32));
    let r = ten31.sqrt().unwrap();
    assert!(r.is_exact());
    // 10^15.5 = 3162277660168379.33...
    assert_eq!(r.floor().unwrap(), big(3162277660168379));
    assert_eq!(r.ceil().unwrap(), big(3162277660168380));
    assert_eq!(sqrt(8).to_string(), "2*sqrt(2)");
    assert_eq!(ratio(1, 2).sqrt().unwrap().to_string(), "sqrt(2)/2");
    assert_eq!(ratio(9, 4).sqrt().unwrap().to_string(), "3/2");
    assert_eq!(sqrt(12).mul(&sqrt(3)).as_integer(), Some(big(6)));
    assert_eq!(sqrt(6).mul(&sqrt(10)).to_string(), "2*sqrt(15)");
    assert_eq!(sqrt(2).mul(&sqrt(3)).to_string(), "sqrt(6)");
    assert_eq!(sqrt(6).div(&sqrt(2)).unwrap().to_string(), "sqrt(3)");
    assert_eq!(sqrt(50).add(&sqrt(2)).to_string(), "6*sqrt(2)");
    assert_eq!(
        sqrt(8).sub(&int(2).mul(&sqrt(2))).compare(&int(0)).unwrap(),
        Ordering::Equal
    );
    // Denesting: sqrt(3 + 2 sqrt 2) = 1 + sqrt 2.
    let nested = int(3).add(&int(2).mul(&s2)).sqrt().unwrap();
    assert!(nested.is_exact());
    assert_eq!(nested.to_string(), "1 + sqrt(2)");
    // sqrt(5 - 2 sqrt 6) = sqrt 3 - sqrt 2 (two fields: symbolic, still right).
    let mixed = int(5).sub(&int(2).mul(&sqrt(6))).sqrt().unwrap();
    assert_eq!(mixed.floor_mul(1000).unwrap(), big(317)); // 0.31783724...
                                                          // 1/phi = phi - 1.
    let inv = int(1).div(&phi).unwrap();
    assert_eq!(inv.compare(&phi.sub(&int(1))).unwrap(), Ordering::Equal);
    // A radicand with a square factor beyond the trial division still unifies.
    let p = big(1_000_003);
    let q = big(1_000_033);
    let a = Real::from_bigint(&p * &p * &q).sqrt().unwrap();
    let b = Real::from_bigint(p.clone()).mul(&Real::from_bigint(q.clone()).sqrt().unwrap());
    assert!(a.is_exact() && b.is_exact());
    assert_eq!(a.compare(&b).unwrap(), Ordering::Equal);
    assert_eq!(a.sub(&b).as_integer(), Some(BigInt::zero()));
    assert_eq!(a.div(&b).unwrap().as_integer(), Some(BigInt::one()));
}

#[test]
fn exact_comparisons_and_floors() {
    let s2 = sqrt(2);
    assert_eq!(
        s2.compare(&ratio(1414213562, 1000000000)).unwrap(),
        Ordering::Greater
    );
    assert_eq!(
        s2.compare(&ratio(1414213563, 1000000000)).unwrap(),
        Ordering::Less
    );
    assert_eq!(s2.neg().floor().unwrap(), big(-2));
    assert_eq!(s2.neg().ceil().unwrap(), big(-1));
    assert_eq!(int(7).floor().unwrap(), big(7));
    assert_eq!(int(7).ceil().unwrap(), big(7));
    assert_eq!(ratio(-7, 2).floor().unwrap(), big(-4));
    assert_eq!(ratio(-7, 2).ceil().unwrap(), big(-3));
    // Different radicands are compared by intervals (never equal).
    assert_eq!(sqrt(2).compare(&sqrt(3)).unwrap(), Ordering::Less);
    assert_eq!(sqrt(3).compare(&sqrt(2)).unwrap(), Ordering::Greater);
}

#[test]
fn transcendental_values() {
    let pi = Real::pi();
    let e = Real::e();
    assert_eq!(pi.neg().floor().unwrap(), big(-4));
    assert_eq!(pi.neg().ceil().unwrap(), big(-3));
    assert_eq!(pi.ceil().unwrap(), big(4));
    assert_eq!(pi.floor().unwrap(), big(3));
    assert_eq!(e.mul(&pi).floor().unwrap(), big(8));
    assert_eq!(pi.mul(&pi).mul(&int(1000)).floor().unwrap(), big(9869));
    let mixed = sqrt(2).add(&sqrt(3));
    assert!(!mixed.is_exact());
    assert_eq!(int(1000).mul(&mixed).floor().unwrap(), big(3146));
    assert_eq!(mixed.floor_mul(1000).unwrap(), big(3146));
    assert_eq!(mixed.mul(&mixed).floor().unwrap(), big(9)); // 5 + 2 sqrt 6 = 9.89...
    let root = sqrt(2).sqrt().unwrap();
    assert!(!root.is_exact());
    assert_eq!(root.floor_mul(1000).unwrap(), big(1189)); // 2^(1/4) = 1.18920...
    assert_eq!(pi.compare(&ratio(355, 113)).unwrap(), Ordering::Less);
    assert_eq!(pi.compare(&ratio(22, 7)).unwrap(), Ordering::Less);
    assert_eq!(pi.compare(&ratio(333, 106)).unwrap(), Ordering::Greater);
    assert_eq!(e.compare(&pi).unwrap(), Ordering::Less);
    assert_eq!(pi.sqrt().unwrap().floor_mul(1000).unwrap(), big(1772)); // 1.77245...
                                                                        // (pi - 3) * 10^6 = 141592.65...
    let frac = pi.sub(&int(3)).mul(&Real::from_bigint(big(1_000_000)));
    assert_eq!(frac.floor().unwrap(), big(141592));
    // Tiny divisor: 1/(pi - 355/113) = -3748629.8...
    let tiny = int(1).div(&pi.sub(&ratio(355, 113))).unwrap();
    assert_eq!(tiny.floor().unwrap(), big(-3748630));
    assert_eq!(pi.mul(&int(0)).as_integer(), Some(BigInt::zero()));
}

#[test]
fn undecidable_and_errors() {
    let start = Instant::now();
    let zero = Real::pi().sub(&Real::pi());
    assert!(is_undecidable(zero.compare(&int(0))));
    assert!(is_undecidable(zero.floor()));
    assert!(is_undecidable(zero.ceil()));
    assert!(is_undecidable(zero.floor_mul(3)));
    match zero.floor() {
        Err(RealError::Undecidable { what, bits }) => {
            assert_eq!(what, "floor(pi - pi)");
            assert_eq!(bits, MAX_PRECISION_BITS);
        }
        other => panic!("{other:?}"),
    }
    assert!(is_undecidable(int(1).div(&zero)));
    assert!(is_undecidable(zero.sqrt()));
    // sqrt(2)^2 through two fields... not possible; e*e compared with e^2 is.
    let e = Real::e();
    assert!(is_undecidable(e.mul(&e).compare(&e.mul(&e))));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );

    assert_eq!(int(-1).sqrt().unwrap_err(), RealError::NegativeSqrt);
    assert_eq!(ratio(-1, 9).sqrt().unwrap_err(), RealError::NegativeSqrt);
    assert_eq!(
        sqrt(2).sub(&int(2)).sqrt().unwrap_err(),
        RealError::NegativeSqrt
    );
    assert_eq!(
        Real::pi().sub(&int(4)).sqrt().unwrap_err(),
        RealError::NegativeSqrt
    );
    let zero_surd = sqrt(2).sub(&sqrt(2));
    assert_eq!(
        int(1).div(&zero_surd).unwrap_err(),
        RealError::DivisionByZero
    );
    assert_eq!(
        Real::pi().div(&int(0)).unwrap_err(),
        RealError::DivisionByZero
    );
    assert_eq!(
        Real::from_ratio(big(1), big(0)).unwrap_err(),
        RealError::DivisionByZero
    );
    let huge = Real::from_bigint(big(10).pow(30u32));
    assert_eq!(huge.floor_mul_i64(1).unwrap_err(), RealError::TooLarge);
    assert_eq!(sqrt(0).as_integer(), Some(BigInt::zero()));
    assert!(RealError::Undecidable {
        what: "floor(pi - pi)".into(),
        bits: 4096
    }
    .to_string()
    .contains("floor(pi - pi)"));
}

#[test]
fn to_f64_values() {
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-15 * y.abs().max(1e-300);
    assert!(close(Real::pi().to_f64(), std::f64::consts::PI));
    assert!(close(Real::e().to_f64(), std::f64::consts::E));
    assert!(close(Real::phi().to_f64(), 1.618033988749895));
    assert!(close(sqrt(2).neg().to_f64(), -std::f64::consts::SQRT_2));
    assert!(close(ratio(1, 3).to_f64(), 1.0 / 3.0));
    let tiny = Real::from_ratio(big(1), big(10).pow(30u32)).unwrap();
    assert!(close(tiny.to_f64(), 1e-30));
    let huge = Real::from_bigint(big(10).pow(300u32)).mul(&Real::pi());
    assert!(close(huge.to_f64(), std::f64::consts::PI * 1e300));
    let overflow = Real::from_bigint(big(10).pow(400u32));
    assert_eq!(overflow.to_f64(), f64::INFINITY);
    assert_eq!(int(0).to_f64(), 0.0);
    let zero = Real::pi().sub(&Real::pi());
    assert!(zero.to_f64().abs() < 1e-300);
}

#[test]
fn random_rationals_against_integer_division() {
    let mut rng = Lcg(12345);
    for _ in 0..5000 {
        let a = rng.range(-1000, 1000);
        let b = rng.range(1, 1000);
        let n = rng.range(-1_000_000, 1_000_000);
        let x = ratio(a, b);
        assert_eq!(x.floor_mul_i64(n).unwrap(), (n * a).div_euclid(b));
        assert_eq!(x.floor().unwrap(), big(a.div_euclid(b)));
        assert_eq!(x.ceil().unwrap(), big(-(-a).div_euclid(b)));
        let c = rng.range(-1000, 1000);
        let d = rng.range(1, 1000);
        let y = ratio(c, d);
        assert_eq!(x.compare(&y).unwrap(), (a * d).cmp(&(c * b)));
        // Through the symbolic path too: (x + pi) - pi is a tree.
        let t = x.add(&Real::pi()).sub(&Real::pi());
        if (n * a) % b != 0 {
            assert_eq!(t.floor_mul(n).unwrap(), big((n * a).div_euclid(b)));
        }
    }
}

#[test]
fn random_surds_against_f64() {
    let mut rng = Lcg(987654321);
    let radicands = [2i64, 3, 5, 6, 7, 10, 11, 13, 15, 17, 19, 21, 8, 12, 18, 50];
    let mut checked = 0;
    for _ in 0..3000 {
        let a = rng.range(-50, 50);
        let b = rng.range(-50, 50);
        let c = rng.range(1, 50);
        let r = radicands[rng.range(0, radicands.len() as i64 - 1) as usize];
        let n = rng.range(-10_000, 10_000);
        let x = int(a).add(&int(b).mul(&sqrt(r))).div(&int(c)).unwrap();
        assert!(x.is_exact());
        let f = n as f64 * (a as f64 + b as f64 * (r as f64).sqrt()) / c as f64;
        let frac = f - f.floor();
        if frac > 1e-6 && frac < 1.0 - 1e-6 {
            assert_eq!(x.floor_mul(n).unwrap(), big(f.floor() as i64), "{x} n={n}");
            checked += 1;
        }
        // Mixed with pi, decided by intervals.
        let y = x.add(&Real::pi());
        let g = (a as f64 + b as f64 * (r as f64).sqrt()) / c as f64 + std::f64::consts::PI;
        let frac = g - g.floor();
        if frac > 1e-9 && frac < 1.0 - 1e-9 {
            assert_eq!(y.floor().unwrap(), big(g.floor() as i64), "{y}");
        }
    }
    assert!(checked > 2500);
}

#[test]
fn concurrent_use_is_safe() {
    let pi = Real::pi();
    let handles: Vec<_> = (0..4)
        .map(|k| {
            let pi = pi.clone();
            std::thread::spawn(move || {
                (0..2000i64)
                    .map(|n| pi.floor_mul(n + k).unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for (k, h) in handles.into_iter().enumerate() {
        let v = h.join().unwrap();
        for (n, x) in v.iter().enumerate() {
            assert_eq!(*x, floor_from_digits(PI_DIGITS, n as i64 + k as i64));
        }
    }
}
