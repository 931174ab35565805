//! Decimal literals (`0.137`) as exact reals.

use num_bigint::BigInt;

use super::Real;

/// The exact value of a decimal literal such as `0.137` (`None` with hexadecimal letters).
pub fn decimal_value(text: &str) -> Option<Real> {
    let (int, frac) = text.split_once('.')?;
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let num: BigInt = format!("{int}{frac}").parse().ok()?;
    let den = BigInt::from(10u32).pow(u32::try_from(frac.len()).ok()?);
    Real::from_ratio(num, den).ok()
}
