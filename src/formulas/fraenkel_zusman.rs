//! Fraenkel and Zusman, *A New Heap Game*: the k-heap game (Theorem 1), and the games of its
//! epilogue: Moore's Nim_l and Wyt_a.

use std::sync::Mutex;

use super::classic::two;
use super::{int_arg, ClosedForm, FormulaDef, FormulaError};
use crate::ruleset::value::Type;

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] = &[&FRAENKEL_ZUSMAN, &MOORE, &WYT];

static FRAENKEL_ZUSMAN: FormulaDef = FormulaDef {
    name: "fraenkel_zusman",
    params: &[("k", Type::Int)],
    summary: "k >= 3 heaps: P iff the smallest heap is T_n = n(n+1)/2 and the other k-1 heaps \
              sum to (k-1) T_n + n",
    source: "Fraenkel and Zusman, A New Heap Game, Theorem 1",
    grundy: false,
    build: |args| {
        let k = int_arg(args, 0)?;
        if k < 3 {
            return Err(format!("Theorem 1 is for k >= 3 heaps, not k = {k}"));
        }
        Ok(Box::new(FraenkelZusman { k: k as usize }))
    },
};

struct FraenkelZusman {
    k: usize,
}

/// The n with T_n = t, if t is triangular.
fn triangular_index(t: u64) -> Option<u64> {
    // n(n+1)/2 = t  <=>  (2n + 1)^2 = 8t + 1: n = (isqrt(8t + 1) - 1) / 2, exactly (integer
    // square root, no float); the caller's t is a heap size, so 8t + 1 fits in u64.
    let root = t.checked_mul(8)?.checked_add(1)?.isqrt();
    let n = (root - 1) / 2;
    (n.checked_mul(n + 1)? / 2 == t).then_some(n)
}

impl ClosedForm for FraenkelZusman {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        if pos.len() != self.k {
            return Err(FormulaError::Shape("k heaps"));
        }
        let m0 = pos.iter().copied().min().map_or(0, u64::from);
        let rest: u64 = pos.iter().map(|&h| u64::from(h)).sum::<u64>() - m0;
        Ok(Some(match triangular_index(m0) {
            // (k - 1) T_n + n, with T_n = m0 < 2^32 and k small: no overflow in u64... unless k
            // is huge, so it is computed checked.
            Some(n) => (self.k as u64 - 1)
                .checked_mul(m0)
                .and_then(|x| x.checked_add(n))
                .is_some_and(|want| want == rest),
            None => false,
        }))
    }
}

static MOORE: FormulaDef = FormulaDef {
    name: "moore",
    params: &[("l", Type::Int)],
    summary: "Moore's Nim_l (take from up to l heaps): P iff, for every binary digit, the number \
              of heaps with that digit 1 is a multiple of l + 1",
    source: "Moore (1910), cited in Fraenkel and Zusman, Section 4; Bhowmik et al., Section 1 \
             (Moore's Nim)",
    grundy: false,
    build: |args| {
        let l = int_arg(args, 0)?;
        if l < 1 {
            return Err(format!("Moore's Nim_l needs l >= 1, not l = {l}"));
        }
        Ok(Box::new(Moore { l: l as u64 }))
    },
};

struct Moore {
    l: u64,
}

impl ClosedForm for Moore {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        Ok(Some((0..32).all(|bit| {
            let ones = pos.iter().filter(|&&h| (h >> bit) & 1 == 1).count() as u64;
            ones.is_multiple_of(self.l + 1)
        })))
    }
}

static WYT: FormulaDef = FormulaDef {
    name: "wyt",
    params: &[("a", Type::Int)],
    summary: "Wyt_a (take from one heap, or k > 0 and l > 0 from both with |k - l| < a): P iff \
              (x, y), x <= y, is (A_n, B_n) with A_n = mex{A_i, B_i : i < n}, B_n = A_n + a n",
    source: "Fraenkel (1982), How to beat your Wythoff games' opponent on three fronts; cited in \
             Fraenkel and Zusman, Section 4",
    grundy: false,
    build: |args| {
        let a = int_arg(args, 0)?;
        if a < 1 {
            return Err(format!("Wyt_a needs a >= 1, not a = {a}"));
        }
        Ok(Box::new(Wyt {
            a: a as u64,
            pairs: Mutex::new(vec![(0, 0)]),
        }))
    },
};

/// The largest heap Wyt_a's pairs are tabulated for.
const MAX_WYT: u64 = 10_000_000;

struct Wyt {
    a: u64,
    /// (A_n, B_n) for n = 0, 1, ... as far as asked.
    pairs: Mutex<Vec<(u64, u64)>>,
}

impl ClosedForm for Wyt {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let [x, y] = two(pos)?;
        let (x, y) = (u64::from(x), u64::from(y));
        if x > MAX_WYT {
            return Err(FormulaError::Overflow(format!(
                "the pairs (A_n, B_n) are tabulated up to A_n = {MAX_WYT}, and a heap is {x}"
            )));
        }
        let mut pairs = self
            .pairs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // A_n increases with n, so extend the table until A_n passes x. The B's are all
        // > A_n for n >= 1, so A_n = the least number not among earlier A's and B's.
        while pairs.last().is_some_and(|&(an, _)| an < x) {
            let n = pairs.len() as u64;
            let prev = pairs[pairs.len() - 1].0;
            let mut cand = prev + 1;
            // The B's increase with n: look cand up by binary search.
            while pairs.binary_search_by_key(&cand, |p| p.1).is_ok() {
                cand += 1;
            }
            let b = cand
                .checked_add(self.a.checked_mul(n).ok_or_else(overflow)?)
                .ok_or_else(overflow)?;
            pairs.push((cand, b));
        }
        Ok(Some(
            pairs
                .binary_search_by_key(&x, |p| p.0)
                .is_ok_and(|i| pairs[i].1 == y),
        ))
    }
}

fn overflow() -> FormulaError {
    FormulaError::Overflow("B_n = A_n + a n does not fit in 64 bits".into())
}

#[cfg(test)]
mod tests {
    use super::triangular_index;

    #[test]
    fn triangular_index_is_exact() {
        // Every triangular number T_n = n(n+1)/2 by plain addition, up to past 2^32; each
        // T_n maps to n, and the numbers just around it are not triangular.
        let (mut t, mut n) = (0u64, 0u64);
        while t < 1 << 33 {
            assert_eq!(triangular_index(t), Some(n), "T_{n} = {t}");
            if n > 1 {
                assert_eq!(triangular_index(t - 1), None, "T_{n} - 1");
                assert_eq!(triangular_index(t + 1), None, "T_{n} + 1");
            }
            n += 1;
            t += n;
        }
        assert_eq!(triangular_index(u64::MAX), None);
    }
}
