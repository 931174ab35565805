//! Bhowmik, Brown, Juhn, Song, *Investigations in Combinatorial Game Theory*: the (S, T)_k games
//! with a closed form: ({1}, T)_3 (Section 2, Theorems 4-7), (S, {1..k})_{k+1} (Theorem 8),
//! (Z+, {2})_4 (Theorem 9) and Princess and Roses (Section 1).

use super::classic::{positive_set, Subtraction};
use super::{set_arg, ClosedForm, FormulaDef, FormulaError};
use crate::ruleset::value::Type;

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] =
    &[&ST_ONE_T, &ST_EQUAL_GRUNDY, &ST_Z_TWO, &PRINCESS_ROSES];

static ST_ONE_T: FormulaDef = FormulaDef {
    name: "st_one_t",
    params: &[("T", Type::IntSet)],
    summary: "({1}, T)_3, three heaps a <= b <= c, one token from each of t in T heaps: the \
              seven cases of Section 2 by T n {1, 2, 3} (Theorems 4-7 for {2} and {2, 3})",
    source: "Bhowmik et al., Section 2 (Three pile generalizations of Princess and Roses), \
             Theorems 4, 5, 6, 7",
    grundy: false,
    build: |args| {
        let t = set_arg(args, 0)?;
        let has = |n: i64| t.contains(n).map_err(|e| e.to_string());
        let (t1, t2, t3) = (has(1)?, has(2)?, has(3)?);
        if !(t1 || t2 || t3) {
            return Err("T must hold 1, 2 or 3: otherwise no move is possible on 3 heaps".into());
        }
        Ok(Box::new(StOneT { t1, t2, t3 }))
    },
};

struct StOneT {
    t1: bool,
    t2: bool,
    t3: bool,
}

impl ClosedForm for StOneT {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let [a, b, c] = match *pos {
            [a, b, c] => {
                let mut v = [u64::from(a), u64::from(b), u64::from(c)];
                v.sort_unstable();
                v
            }
            _ => return Err(FormulaError::Shape("3 heaps")),
        };
        let even = |x: u64| x.is_multiple_of(2);
        Ok(Some(match (self.t1, self.t2, self.t3) {
            // One pile at a time; one or three piles at a time: the sum is even.
            (true, false, false) | (true, false, true) => even(a + b + c),
            // Two piles at a time: Theorem 4 (c >= a + b) and Theorem 5 (c < a + b).
            (false, true, false) => {
                if c >= a + b {
                    even(a) && even(b)
                } else {
                    // a + c - b >= 0 since c >= b.
                    let r = (a + c - b) % 4;
                    (even(a) && even(b) && even(c)) || (r == 1 && even(b)) || (r == 3 && !even(b))
                }
            }
            // Three piles at a time: the smallest pile is even.
            (false, false, true) => even(a),
            // One or two piles at a time: all of the same parity.
            (true, true, false) => a % 2 == b % 2 && b % 2 == c % 2,
            // Two or three piles at a time: Theorem 6 (c >= a + b) and Theorem 7.
            (false, true, true) => {
                if c >= a + b {
                    even(a) && even(b)
                } else {
                    (even(a) && even(b) && (a + b + c) % 4 != 3)
                        || (!even(a + b) && (a + b + c) % 4 == 1)
                }
            }
            // Any number of piles at a time: every pile is even.
            (true, true, true) => even(a) && even(b) && even(c),
            (false, false, false) => unreachable!("refused when built (st_one_t)"),
        }))
    }
}

static ST_EQUAL_GRUNDY: FormulaDef = FormulaDef {
    name: "st_equal_grundy",
    params: &[("S", Type::IntSet)],
    summary: "(S, {1..k})_{k+1}, s in S from each of up to k of the k + 1 heaps: P iff every \
              heap has the same Grundy value in the subtraction game S",
    source: "Bhowmik et al., Section 3, Theorem 8",
    grundy: false,
    build: |args| {
        Ok(Box::new(StEqualGrundy(Subtraction::new(positive_set(
            args,
        )?))))
    },
};

struct StEqualGrundy(Subtraction);

impl ClosedForm for StEqualGrundy {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let mut first = None;
        for &h in pos {
            let g = self.0.value(h)?;
            if *first.get_or_insert(g) != g {
                return Ok(Some(false));
            }
        }
        Ok(Some(true))
    }
}

static ST_Z_TWO: FormulaDef = FormulaDef {
    name: "st_z_two",
    params: &[],
    summary: "(Z+, {2})_4, any positive amounts from each of exactly 2 of 4 heaps: P iff the \
              three smallest heaps are equal",
    source: "Bhowmik et al., Section 4, Theorem 9",
    grundy: false,
    build: |_| Ok(Box::new(StZTwo)),
};

struct StZTwo;

impl ClosedForm for StZTwo {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let mut v: [u32; 4] = pos.try_into().map_err(|_| FormulaError::Shape("4 heaps"))?;
        v.sort_unstable();
        Ok(Some(v[0] == v[2]))
    }
}

static PRINCESS_ROSES: FormulaDef = FormulaDef {
    name: "princess_roses",
    params: &[],
    summary: "Princess and Roses ({1}, {1, 2})_k, k <= 4 (heaps padded with 0 to four, \
              a <= b <= c <= d): P iff all even, or exactly three odd and a even",
    source: "Bhowmik et al., Section 1 (Princess and Roses)",
    grundy: false,
    build: |_| Ok(Box::new(PrincessRoses)),
};

struct PrincessRoses;

impl ClosedForm for PrincessRoses {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        if pos.len() > 4 {
            // "We found the solution for up to four piles."
            return Ok(None);
        }
        let mut v = [0u32; 4];
        v[..pos.len()].copy_from_slice(pos);
        v.sort_unstable();
        let odd = v.iter().filter(|&&h| h % 2 == 1).count();
        Ok(Some(odd == 0 || (odd == 3 && v[0] % 2 == 0)))
    }
}
