//! Fraenkel and Larsson, *Take-away games on Beatty's theorem*: beta-Nim, beta-Wynim,
//! beta^T-Wynim and d-Wythoff all have the P-positions of a Beatty pair (Theorem 1 and its
//! companions).

use super::classic::two;
use super::{ClosedForm, FormulaDef, FormulaError};
use crate::numbers::Real;
use crate::ruleset::value::Type;

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] = &[&BEATTY];

static BEATTY: FormulaDef = FormulaDef {
    name: "beatty",
    params: &[("beta", Type::Real)],
    summary: "two heaps: P iff {x, y} = {A_n, B_n}, n >= 0, with B_n = floor(n beta), \
              A_n = floor(n alpha), 1/alpha + 1/beta = 1 (beta > 1 irrational; the games of \
              Theorem 1 need beta > 2, and beta^T-Wynim beta > 3, see docs/papers.md)",
    source: "Fraenkel and Larsson, Take-away games on Beatty's Theorem, Theorem 1 (beta-Nim, \
             beta-Wynim, beta^T-Wynim) and Section 1 (d-Wythoff)",
    grundy: false,
    build: |args| {
        let beta = match args.first() {
            Some(v) => v.to_real().ok_or("beta must be a number")?,
            None => return Err("beatty needs beta".into()),
        };
        let one = Real::from_int(1);
        if beta.compare(&one).map_err(|e| e.to_string())? != std::cmp::Ordering::Greater {
            return Err("the Beatty pair needs beta > 1".into());
        }
        if beta.as_integer().is_some() {
            return Err("the Beatty pair needs an irrational beta".into());
        }
        // alpha = beta / (beta - 1).
        let alpha = beta.div(&beta.sub(&one)).map_err(|e| e.to_string())?;
        Ok(Box::new(Beatty { beta, alpha }))
    },
};

struct Beatty {
    beta: Real,
    alpha: Real,
}

impl Beatty {
    /// Whether (a, b) is (A_n, B_n) for some n >= 0.
    fn is_pair(&self, a: u32, b: u32) -> Result<bool, FormulaError> {
        if a == 0 && b == 0 {
            return Ok(true);
        }
        if b == 0 {
            return Ok(false);
        }
        // b = floor(n beta) means n beta - 1 < b <= n beta, so n = ceil(b / beta).
        let n = Real::from_int(i64::from(b)).div(&self.beta)?.ceil()?;
        let n = i64::try_from(n).map_err(|_| FormulaError::Overflow("n".into()))?;
        Ok(self.beta.floor_mul_i64(n)? == i64::from(b)
            && self.alpha.floor_mul_i64(n)? == i64::from(a))
    }
}

impl ClosedForm for Beatty {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        // Ordered positions (named heaps) may hold the pair either way round; `two` sorts.
        let [x, y] = two(pos)?;
        Ok(Some(self.is_pair(x, y)? || self.is_pair(y, x)?))
    }
}
