//! The classics: Nim (Bouton), subtraction games (Sprague-Grundy), Wythoff's game.

use std::sync::Mutex;

use super::{mex, set_arg, ClosedForm, FormulaDef, FormulaError};
use crate::numbers::Real;
use crate::ruleset::value::{SetValue, Type, Value};

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] = &[&NIM, &SUBTRACTION, &WYTHOFF];

static NIM: FormulaDef = FormulaDef {
    name: "nim",
    params: &[],
    summary: "Nim: P iff the nim-sum (XOR) of the heaps is 0; the Grundy value is the nim-sum",
    source: "Bouton (1901); Bhowmik et al., Section 1 (Nim)",
    grundy: true,
    build: |_| Ok(Box::new(Nim)),
};

struct Nim;

impl ClosedForm for Nim {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        Ok(Some(pos.iter().fold(0, |x, &h| x ^ h) == 0))
    }
    fn grundy(&self, pos: &[u32]) -> Result<Option<u32>, FormulaError> {
        Ok(Some(pos.iter().fold(0, |x, &h| x ^ h)))
    }
}

static SUBTRACTION: FormulaDef = FormulaDef {
    name: "subtraction",
    params: &[("S", Type::IntSet)],
    summary: "take s in S from one heap: the Grundy value is the XOR of the one-heap values \
              g(n) = mex{ g(n - s) : s in S, s <= n }",
    source: "Sprague-Grundy theorem; Bhowmik et al., Section 1 (Subtraction Games)",
    grundy: true,
    build: |args| {
        let s = positive_set(args)?;
        Ok(Box::new(Subtraction::new(s)))
    },
};

/// The first argument as a set of positive numbers (a subtraction set).
pub(super) fn positive_set(args: &[Value]) -> Result<SetValue, String> {
    {
        let s = set_arg(args, 0)?;
        if s.min().map_err(|e| e.to_string())?.is_some_and(|m| m < 1) {
            return Err("the subtraction set S must hold positive numbers only".into());
        }
        Ok(s)
    }
}

/// The largest heap whose one-heap Grundy value the subtraction formula tabulates.
const MAX_TABLE: u32 = 10_000_000;

pub(super) struct Subtraction {
    s: SetValue,
    /// g(0), g(1), ... as far as asked.
    g: Mutex<Vec<u32>>,
}

impl Subtraction {
    /// A subtraction game's one-heap values, tabulated as asked.
    pub(super) fn new(s: SetValue) -> Subtraction {
        Subtraction {
            s,
            g: Mutex::new(vec![0]),
        }
    }

    /// g_S(n).
    pub(super) fn value(&self, n: u32) -> Result<u32, FormulaError> {
        if n > MAX_TABLE {
            return Err(FormulaError::Overflow(format!(
                "the one-heap values are tabulated up to {MAX_TABLE}, and a heap is {n}"
            )));
        }
        let mut g = self
            .g
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut members = Vec::new();
        let mut vals = Vec::new();
        while g.len() <= n as usize {
            let m = g.len();
            members.clear();
            self.s.members_upto(m as i64, &mut members)?;
            vals.clear();
            vals.extend(members.iter().map(|&s| g[m - s as usize]));
            g.push(mex(&mut vals));
        }
        Ok(g[n as usize])
    }
}

impl ClosedForm for Subtraction {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        Ok(self.grundy(pos)?.map(|g| g == 0))
    }
    fn grundy(&self, pos: &[u32]) -> Result<Option<u32>, FormulaError> {
        let mut x = 0;
        for &h in pos {
            x ^= self.value(h)?;
        }
        Ok(Some(x))
    }
}

static WYTHOFF: FormulaDef = FormulaDef {
    name: "wythoff",
    params: &[],
    summary: "Wythoff's game: P iff (x, y), x <= y, is (A_n, B_n) = (floor(n phi), floor(n phi^2))",
    source: "Wythoff (1907); Fraenkel and Zusman, Section 4 and Table 1",
    grundy: false,
    build: |_| Ok(Box::new(Wythoff)),
};

struct Wythoff;

impl ClosedForm for Wythoff {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let [x, y] = two(pos)?;
        // With n = y - x (B_n - A_n = n): P iff x = floor(n phi).
        let n = i64::from(y - x);
        Ok(Some(Real::phi().floor_mul_i64(n)? == i64::from(x)))
    }
}

/// The two heaps of a position, smaller first; `None` (no answer) for other heap counts.
pub(super) fn two(pos: &[u32]) -> Result<[u32; 2], FormulaError> {
    match *pos {
        [a, b] => Ok([a.min(b), a.max(b)]),
        _ => Err(FormulaError::Shape("two heaps")),
    }
}
