//! The counting functions of the language: `binomial(n, k)` and `partitions(m, k)` (the number
//! of partitions of m into exactly k positive parts, Fraenkel and Zusman's p_k(m)), in checked
//! 64-bit arithmetic: `None` when the result does not fit.

/// The binomial coefficient C(n, k); 0 unless 0 <= k <= n.
pub fn binomial(n: i64, k: i64) -> Option<i64> {
    if k < 0 || n < 0 || k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: i128 = 1;
    for i in 0..k {
        // acc * (n - i) / (i + 1) is exact: acc is C(n, i) times i!/i! ... = C(n, i+1) * (i+1).
        acc = acc.checked_mul(i128::from(n - i))? / i128::from(i + 1);
        if acc > i128::from(i64::MAX) {
            return None;
        }
    }
    i64::try_from(acc).ok()
}

/// The most parts times the sum `partitions` works through (its table has that many cells).
const MAX_CELLS: i64 = 10_000_000;

/// The number of partitions of `m` into exactly `k` positive parts (0 when there is none, as
/// for m < k or k < 0; 1 for m = k = 0), by p(m, k) = p(m - 1, k - 1) + p(m - k, k). `None`
/// when the count overflows 64 bits or the table would exceed ten million cells.
pub fn partitions(m: i64, k: i64) -> Option<i64> {
    if m < 0 || k < 0 || k > m {
        return Some(i64::from(m == 0 && k == 0));
    }
    if k == 0 {
        return Some(i64::from(m == 0));
    }
    if m.checked_mul(k)? > MAX_CELLS {
        return None;
    }
    let (m, k) = (m as usize, k as usize);
    // p[j][s]: partitions of s into exactly j parts.
    let mut p = vec![vec![0i64; m + 1]; k + 1];
    p[0][0] = 1;
    for j in 1..=k {
        for s in j..=m {
            p[j][s] = p[j - 1][s - 1].checked_add(p[j][s - j])?;
        }
    }
    Some(p[k][m])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Partitions of m into exactly k parts, by listing non-increasing parts.
    fn listed(m: i64, k: i64, largest: i64) -> i64 {
        if k == 0 {
            return i64::from(m == 0);
        }
        (1..=largest.min(m)).map(|p| listed(m - p, k - 1, p)).sum()
    }

    #[test]
    fn partitions_agree_with_a_listing() {
        for m in 0..=20 {
            for k in 0..=8 {
                assert_eq!(partitions(m, k), Some(listed(m, k, m)), "p({m}, {k})");
            }
        }
        assert_eq!(partitions(-1, 0), Some(0));
    }

    #[test]
    fn binomials_agree_with_pascal() {
        let mut row = vec![1i64];
        for n in 0..=40i64 {
            for (k, &c) in row.iter().enumerate() {
                assert_eq!(binomial(n, k as i64), Some(c));
            }
            assert_eq!(binomial(n, n + 1), Some(0));
            let mut next = vec![1i64; row.len() + 1];
            for k in 1..row.len() {
                next[k] = row[k - 1] + row[k];
            }
            row = next;
        }
        assert_eq!(binomial(200, 100), None);
        assert_eq!(binomial(62, 31), Some(465428353255261088));
    }
}
