//! Periodicity of a finite sequence: the least period `p`, the least preperiod `e` from which
//! `g(n + p) = g(n) + s` holds, and the saltus `s` (0 for a periodic sequence, non-zero for an
//! arithmetic-periodic one).

use super::values::Val;

/// `g(n + period) = g(n) + saltus` for every `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least `e` from which the sequence repeats.
    pub preperiod: usize,
    /// The least `p`.
    pub period: usize,
    /// What one period adds (0: periodic).
    pub saltus: i64,
}

/// The last `i` (with `i + p < seq.len()`) where `seq[i + p] != seq[i]`.
pub(crate) fn last_mismatch<T: Val>(seq: &[T], p: usize) -> Option<usize> {
    last_mismatch_by(seq, p, 0)
}

/// The last `i` (with `i + p < seq.len()`) where `seq[i + p] != seq[i] + saltus`.
fn last_mismatch_by<T: Val>(seq: &[T], p: usize, saltus: i64) -> Option<usize> {
    let n = seq.len();
    if p >= n {
        return None;
    }
    (0..n - p)
        .rev()
        .find(|&i| i64::from(seq[i + p].into()) != i64::from(seq[i].into()) + saltus)
}

/// The periodicity the values show: the least `p` for which the values from some `e` on
/// repeat (with a saltus) at least `repeats` full periods; for that `p`, the least `e`.
/// `None` when no period shows that often.
pub fn find_period<T: Val>(seq: &[T], repeats: usize) -> Option<Period> {
    find_period_over(seq, repeats, 0)
}

/// As [`find_period`], for periods whose repeating part is also at least `min_tail` values
/// long: a shorter coincidence at the end of the values does not hide a longer period.
pub(crate) fn find_period_over<T: Val>(
    seq: &[T],
    repeats: usize,
    min_tail: usize,
) -> Option<Period> {
    let n = seq.len();
    let repeats = repeats.max(1);
    for p in 1..=n / (repeats + 1) {
        let saltus = i64::from(seq[n - 1].into()) - i64::from(seq[n - 1 - p].into());
        // Values never go below 0: a sequence that loses `-saltus` every period cannot go on.
        if saltus < 0 {
            continue;
        }
        let e = last_mismatch_by(seq, p, saltus).map_or(0, |i| i + 1);
        if n - e >= (repeats + 1) * p && n - e >= min_tail {
            return Some(Period {
                preperiod: e,
                period: p,
                saltus,
            });
        }
    }
    None
}

/// The index up to which `g(n + p) = g(n)` must be checked, `n` from `e`, for the
/// periodicity theorem to prove the period, in a game whose moves leave at most `parts`
/// heaps of one. A subtraction game (`parts` 1) with largest take `t`: `n <= e + t` (each
/// value depends on the `t` before it; one further, so that a take allowed only when it
/// leaves nothing is behind the checked range). An octal game (2) with largest take `t`:
/// `n <= 2e + p + t` (Winning Ways, ch. 4, the periodicity theorem; checked one further than
/// its strict bound). A hexadecimal game (3): `n <= 3e + 2p + t`, the same theorem for three
/// parts: a heap of `m + p >= 3e + 3p` split in three has a part of at least `e + p`, which
/// the period lowers by `p` to a split of `m` with the same value, and back. For a game that
/// splits, `e` counts as at least 1, so that the part lowered by `p` is never emptied (an
/// empty part would be a move of another kind).
pub fn theorem_bound(parts: u32, t: u64, e: u64, p: u64) -> u64 {
    let e1 = e.max(1);
    match parts {
        0 | 1 => e + t,
        2 => 2 * e1 + p + t,
        _ => 3 * e1 + 2 * p + t,
    }
}

/// The name and the bound of the theorem [`theorem_bound`] uses, in words.
pub fn theorem_words(parts: u32) -> (&'static str, &'static str) {
    match parts {
        0 | 1 => (
            "the periodicity of subtraction games with a finite set",
            "e + t",
        ),
        2 => (
            "the periodicity theorem for octal games (Winning Ways, ch. 4)",
            "2e + p + t",
        ),
        _ => (
            "the periodicity theorem for octal games (Winning Ways, ch. 4) extended to splits \
             into three heaps (hexadecimal games)",
            "3e + 2p + t",
        ),
    }
}

/// The least period `p` (with its least preperiod) that the theorem proves from the values
/// `seq` computed so far, if any.
pub fn proven_period<T: Val>(seq: &[T], parts: u32, t: u32) -> Option<Period> {
    let n = seq.len();
    for p in 1..n {
        // The equalities g(i + p) = g(i) hold for every i >= e (i + p < n).
        let e = last_mismatch(seq, p).map_or(0, |i| i + 1);
        let need = theorem_bound(parts, u64::from(t), e as u64, p as u64);
        if need.saturating_add(p as u64) < n as u64 {
            return Some(Period {
                preperiod: e,
                period: p,
                saltus: 0,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_reports_a_negative_saltus() {
        // Kayles to 20 ends 7 1 4 3 2 1: "period 1 from 17, saltus -1" would reach -1 at 22.
        let kayles: [u32; 21] = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
        ];
        assert!(find_period(&kayles, 3).is_none_or(|p| p.saltus >= 0));
        let falling: Vec<u32> = (0..40).rev().collect();
        assert_eq!(find_period(&falling, 3), None);
    }

    #[test]
    fn finds_least_period_and_preperiod() {
        // 5, 7 then 0 1 2 repeating.
        let mut s: Vec<u32> = vec![5, 7];
        for i in 0..30 {
            s.push(i % 3);
        }
        let p = find_period(&s, 3).expect("periodic");
        assert_eq!((p.preperiod, p.period, p.saltus), (2, 3, 0));
        // The preperiod is the least: 2 0 1 2 0 1 ... from index 1 when s[1] == 2.
        s[1] = 2;
        assert_eq!(find_period(&s, 3).map(|p| p.preperiod), Some(1));
        // Constant: period 1 from 0.
        let c = vec![4u32; 20];
        assert_eq!(
            find_period(&c, 3),
            Some(Period {
                preperiod: 0,
                period: 1,
                saltus: 0
            })
        );
    }

    #[test]
    fn arithmetic_periodic_and_aperiodic() {
        // Lasker's Nim: 0, then 4k+1, 4k+2, 4k+4, 4k+3.
        let mut s = vec![0u32];
        for k in 0..20u32 {
            s.extend([4 * k + 1, 4 * k + 2, 4 * k + 4, 4 * k + 3]);
        }
        let p = find_period(&s, 3).expect("arithmetic-periodic");
        assert_eq!((p.preperiod, p.period, p.saltus), (1, 4, 4));
        // Nim: n, period 1 saltus 1.
        let nim: Vec<u32> = (0..40).collect();
        assert_eq!(
            find_period(&nim, 3).map(|p| (p.period, p.saltus)),
            Some((1, 1))
        );
        // The squares' last digits grow no pattern that repeats 3 times in 10 values.
        let sq: Vec<u32> = (0..10u32).map(|i| i * i).collect();
        assert_eq!(find_period(&sq, 3), None);
    }
}
