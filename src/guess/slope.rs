//! The slope of a Beatty sequence `v_i = floor(i x)` from its observed terms: the interval of
//! every `x` that fits them, the continued fraction that every point of the interval shares,
//! and `x` as an exact quadratic surd only when that continued fraction is eventually periodic
//! over enough terms (the period seen at least three times after at most two leading terms);
//! otherwise the slope is only an interval, never a guessed surd.

use crate::numbers::Real;

/// A rational `n / d`, `d > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Q {
    /// Numerator.
    pub n: i128,
    /// Denominator, positive.
    pub d: i128,
}

impl Q {
    fn lt(self, o: Q) -> bool {
        self.n * o.d < o.n * self.d
    }

    fn to_f64(self) -> f64 {
        self.n as f64 / self.d as f64
    }
}

/// The slopes `x` with `floor(i x) == v` for every `(i, v)` of `points` (`i >= 1`): the
/// interval `[lo, hi)`, or `None` when no slope fits them all.
pub fn interval(points: &[(u64, u64)]) -> Option<(Q, Q)> {
    let mut lo = Q { n: 0, d: 1 };
    let mut hi: Option<Q> = None;
    for &(i, v) in points.iter().filter(|p| p.0 >= 1) {
        let (i, v) = (i128::from(i), i128::from(v));
        let (l, h) = (Q { n: v, d: i }, Q { n: v + 1, d: i });
        if lo.lt(l) {
            lo = l;
        }
        if hi.is_none_or(|x| h.lt(x)) {
            hi = Some(h);
        }
    }
    let hi = hi?;
    lo.lt(hi).then_some((lo, hi))
}

/// The interval in words: "3.14159 (in [3.14155, 3.14163))".
pub(crate) fn show_interval(lo: Q, hi: Q) -> String {
    format!(
        "{:.6} (in [{}/{}, {}/{}) = [{:.8}, {:.8}))",
        (lo.to_f64() + hi.to_f64()) / 2.0,
        lo.n,
        lo.d,
        hi.n,
        hi.d,
        lo.to_f64(),
        hi.to_f64()
    )
}

/// The terms of the continued fraction shared by every point of `[lo, hi)`.
pub(crate) fn common_terms(lo: Q, hi: Q) -> Vec<i128> {
    let (mut a, mut b) = (lo, hi);
    let mut terms = Vec::new();
    while terms.len() < 64 {
        let fa = a.n.div_euclid(a.d);
        // An integer upper end, or ends on two sides of an integer, share no further term.
        if b.n.rem_euclid(b.d) == 0 || b.n.div_euclid(b.d) != fa {
            break;
        }
        terms.push(fa);
        let (ra, rb) = (a.n - fa * a.d, b.n - fa * b.d);
        if ra == 0 {
            break;
        }
        (a, b) = (Q { n: b.d, d: rb }, Q { n: a.d, d: ra });
    }
    terms
}

/// The eventual period of `terms`: the least `(preperiod, period)`, preperiod at most 2,
/// whose period is seen at least three times (and in three terms at least) to the end.
pub(crate) fn eventual_period(terms: &[i128]) -> Option<(usize, usize)> {
    for pre in 0..=2usize.min(terms.len()) {
        let rest = &terms[pre..];
        for per in 1..=rest.len() / 3 {
            if rest.len() >= 3 * per.max(1) && (per..rest.len()).all(|i| rest[i] == rest[i - per]) {
                return Some((pre, per));
            }
        }
    }
    None
}

/// A quadratic surd `(a + b sqrt(d)) / c`, `d` square-free and > 1, `c > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Surd {
    /// The rational part's numerator.
    pub a: i128,
    /// The root's coefficient.
    pub b: i128,
    /// Under the root.
    pub d: i128,
    /// The denominator.
    pub c: i128,
}

impl Surd {
    /// `(a + b sqrt(n)) / c` in lowest terms, `None` when `n` is a square or `c` is 0.
    pub fn new(a: i128, b: i128, n: i128, c: i128) -> Option<Surd> {
        let (f, d) = square_part(n);
        normalise(a, b.checked_mul(f)?, d, c)
    }

    /// The surd as the language writes it: `phi`, `sqrt(2)`, `(1 + sqrt(13)) / 2`.
    pub fn text(&self) -> String {
        if (self.a, self.b, self.d, self.c) == (1, 1, 5, 2) {
            return "phi".into();
        }
        let root = match self.b {
            1 => format!("sqrt({})", self.d),
            b => format!("{} * sqrt({})", b.abs(), self.d),
        };
        let top = match (self.a, self.b < 0) {
            (0, false) => root,
            (0, true) => format!("0 - {root}"),
            (a, false) => format!("{a} + {root}"),
            (a, true) => format!("{a} - {root}"),
        };
        if self.c == 1 {
            top
        } else {
            format!("({top}) / {}", self.c)
        }
    }

    /// Its Beatty complement `x / (x - 1)`: the slope of the integers `floor(n x)` leaves out.
    pub fn complement(&self) -> Option<Surd> {
        let (a, b, d, c) = (self.a, self.b, self.d, self.c);
        let num_a = a
            .checked_mul(a - c)?
            .checked_sub(b.checked_mul(b)?.checked_mul(d)?)?;
        let num_b = b.checked_mul(c)?.checked_neg()?;
        let den = (a - c)
            .checked_mul(a - c)?
            .checked_sub(b.checked_mul(b)?.checked_mul(d)?)?;
        normalise(num_a, num_b, d, den)
    }

    /// The surd as an exact real.
    pub fn real(&self) -> Option<Real> {
        let root = Real::from_int(i64::try_from(self.d).ok()?).sqrt().ok()?;
        let top = root
            .mul(&Real::from_int(i64::try_from(self.b).ok()?))
            .add(&Real::from_int(i64::try_from(self.a).ok()?));
        top.div(&Real::from_int(i64::try_from(self.c).ok()?)).ok()
    }
}

/// The value of the continued fraction `terms[..pre]` followed by `terms[pre..pre + per]`
/// repeated forever, as a surd (`None` when the arithmetic leaves 128 bits).
pub(crate) fn periodic_value(terms: &[i128], pre: usize, per: usize) -> Option<Surd> {
    // Convergents (p, p', q, q') of a block of terms.
    let conv = |block: &[i128]| -> Option<(i128, i128, i128, i128)> {
        let (mut p, mut p1, mut q, mut q1) = (1i128, 0i128, 0i128, 1i128);
        for &t in block {
            (p, p1) = (t.checked_mul(p)?.checked_add(p1)?, p);
            (q, q1) = (t.checked_mul(q)?.checked_add(q1)?, q);
        }
        Some((p, p1, q, q1))
    };
    // y = [period, y]: q y^2 + (q' - p) y - p' = 0, y = (u + sqrt(dd)) / v.
    let (p, p1, q, q1) = conv(&terms[pre..pre + per])?;
    let u = p - q1;
    let dd = u
        .checked_mul(u)?
        .checked_add(4i128.checked_mul(q)?.checked_mul(p1)?)?;
    let v = 2 * q;
    // x = (P y + P') / (Q y + Q') = (n0 + n1 s) / (m0 + m1 s), s = sqrt(dd).
    let (pp, pp1, qq, qq1) = conv(&terms[..pre])?;
    let n0 = pp.checked_mul(u)?.checked_add(pp1.checked_mul(v)?)?;
    let m0 = qq.checked_mul(u)?.checked_add(qq1.checked_mul(v)?)?;
    let (n1, m1) = (pp, qq);
    let a = n0
        .checked_mul(m0)?
        .checked_sub(n1.checked_mul(m1)?.checked_mul(dd)?)?;
    let b = n1.checked_mul(m0)?.checked_sub(n0.checked_mul(m1)?)?;
    let c = m0
        .checked_mul(m0)?
        .checked_sub(m1.checked_mul(m1)?.checked_mul(dd)?)?;
    let (f, d) = square_part(dd);
    normalise(a, b.checked_mul(f)?, d, c)
}

/// `n = f^2 d` with `d` square-free.
fn square_part(n: i128) -> (i128, i128) {
    let (mut f, mut d) = (1i128, n);
    let mut k = 2i128;
    while k * k <= d {
        while d % (k * k) == 0 {
            d /= k * k;
            f *= k;
        }
        k += 1;
    }
    (f, d)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

fn normalise(a: i128, b: i128, d: i128, c: i128) -> Option<Surd> {
    if c == 0 || d <= 1 || b == 0 {
        return None;
    }
    let s = c.signum();
    let g = gcd(gcd(a, b), c);
    Some(Surd {
        a: s * a / g,
        b: s * b / g,
        d,
        c: s * c / g,
    })
}

/// How a slope was identified.
pub(crate) enum Identified {
    /// An exact surd from the periodic continued fraction (the terms seen, preperiod, period).
    Surd(Surd, Vec<i128>, usize, usize),
    /// Only an interval.
    Interval(Q, Q, Vec<i128>),
}

/// The slope of `points` (`floor(i x) == v`): an exact surd when the shared continued
/// fraction is eventually periodic and the surd fits every point, else the interval; `None`
/// when no slope fits.
pub(crate) fn identify(points: &[(u64, u64)]) -> Option<Identified> {
    let (lo, hi) = interval(points)?;
    let terms = common_terms(lo, hi);
    if let Some((pre, per)) = eventual_period(&terms) {
        if let Some(s) = periodic_value(&terms, pre, per) {
            if s.real().is_some_and(|r| fits(&r, points)) {
                return Some(Identified::Surd(s, terms, pre, per));
            }
        }
    }
    Some(Identified::Interval(lo, hi, terms))
}

/// Whether `floor(i x) == v` at every point, computed exactly.
pub fn fits(x: &Real, points: &[(u64, u64)]) -> bool {
    points.iter().all(|&(i, v)| {
        i64::try_from(i)
            .ok()
            .and_then(|i| x.floor_mul_i64(i).ok())
            .is_some_and(|f| u64::try_from(f).ok() == Some(v))
    })
}

/// The continued fraction as written: `[1; 2, 2, 2]`.
pub(crate) fn show_terms(terms: &[i128]) -> String {
    match terms.split_first() {
        None => "[]".into(),
        Some((t0, rest)) => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("[{t0}; {}]", rest.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Beatty points of a slope given by floating point (plainly, for small i).
    fn points(x: f64, n: u64) -> Vec<(u64, u64)> {
        (1..=n)
            .map(|i| (i, (i as f64 * x).floor() as u64))
            .collect()
    }

    #[test]
    fn golden_ratio_and_square_roots_are_identified() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        match identify(&points(phi, 80)) {
            Some(Identified::Surd(s, ..)) => assert_eq!(s.text(), "phi"),
            _ => panic!("phi not identified"),
        }
        match identify(&points(2f64.sqrt(), 80)) {
            Some(Identified::Surd(s, ..)) => assert_eq!(s.text(), "sqrt(2)"),
            _ => panic!("sqrt(2) not identified"),
        }
        // sqrt(2) / (sqrt(2) - 1) = 2 + sqrt(2); phi / (phi - 1) = phi^2.
        let s2 = Surd::new(0, 1, 2, 1).unwrap();
        assert_eq!(s2.complement().unwrap().text(), "2 + sqrt(2)");
        let phi = Surd::new(1, 1, 5, 2).unwrap();
        assert_eq!(phi.complement().unwrap().text(), "(3 + sqrt(5)) / 2");
        // (sqrt(13) - 1) / 2 = [1; 3, 3, 3, ...]
        let x = (13f64.sqrt() - 1.0) / 2.0;
        match identify(&points(x, 120)) {
            Some(Identified::Surd(s, ..)) => assert_eq!(s.text(), "(-1 + sqrt(13)) / 2"),
            _ => panic!("not identified"),
        }
    }

    #[test]
    fn pi_is_only_an_interval() {
        let pts = points(std::f64::consts::PI, 100);
        assert!(matches!(identify(&pts), Some(Identified::Interval(..))));
    }

    #[test]
    fn the_interval_holds_the_slope() {
        let (lo, hi) = interval(&points(2f64.sqrt(), 50)).unwrap();
        assert!(lo.to_f64() <= 2f64.sqrt() && 2f64.sqrt() < hi.to_f64());
        assert_eq!(interval(&[(1, 1), (2, 5)]), None);
    }
}
