//! Octal and hexadecimal codes (Winning Ways, ch. 4): `move { octal 0.137 }` is the moves of
//! the code written out in the language. Digit `d_j` (digit 0 before the point) says what may
//! be left after taking `j` tokens from one heap: bit 1 no heap, bit 2 one non-empty heap,
//! bit 4 two non-empty heaps, and for hexadecimal codes bit 8 three. A code is read from the
//! digits as written (`octal 0.137`), or from the value of an expression, an exact decimal such
//! as the parameter `code = 0.137` (its digits are those of the exact rational; trailing zeros
//! mean no move, so nothing is lost).

use super::compile::{Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::value::Value;
use crate::numbers::Real;
use crate::syntax::ast::{
    Amount, BinOp, Expr, ExprKind, Ident, MoveDef, SelKind, Selector, Span, Step, StepKind,
};

/// The digits of a code as written (`0.137` -> [0, 1, 3, 7]); `None` if not a code.
fn digits_of_text(text: &str) -> Option<Vec<u8>> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let d0 = u8::from_str_radix(int, 16).ok().filter(|&d| d < 16)?;
    let mut v = vec![d0];
    for c in frac.chars() {
        v.push(c.to_digit(16)? as u8);
    }
    Some(v)
}

/// The digits of a code given as a value: an integer, or an exact decimal.
fn digits_of_value(v: &Value) -> Option<Vec<u8>> {
    match v {
        Value::Int(n) => digits_of_text(&n.to_string()),
        Value::Real(r) => {
            for k in 0..=18u32 {
                let scale = Real::from_int(10i64.pow(k));
                if let Some(n) = r.mul(&scale).as_integer() {
                    let s = n.to_string();
                    if s.starts_with('-') {
                        return None;
                    }
                    let s = format!("{s:0>width$}", width = k as usize + 1);
                    let (int, frac) = s.split_at(s.len() - k as usize);
                    return digits_of_text(&format!("{int}.{frac}"));
                }
            }
            None
        }
        _ => None,
    }
}

/// The moves of a code, or a problem with it.
fn moves_of(digits: &[u8], hex: bool, span: &Span) -> Result<Vec<MoveDef>, String> {
    let limit = if hex { 16 } else { 8 };
    if let Some(&d) = digits.iter().find(|&&d| d >= limit) {
        return Err(format!(
            "the digit {d:X} is not {} (at most {})",
            if hex { "hexadecimal" } else { "octal" },
            limit - 1
        ));
    }
    if digits[0] & 3 != 0 {
        return Err(format!(
            "the digit before the point is {}: taking nothing can only split a heap (0 or 4{})",
            digits[0],
            if hex { ", 8 or C" } else { "" }
        ));
    }
    let w = Writer { span };
    let mut out = Vec::new();
    for (bit, parts) in [(4, 2), (8, 3)] {
        if digits[0] & bit != 0 {
            out.push(w.mv(vec![w.split(w.one(None), parts)]));
        }
    }
    for (j, &d) in digits.iter().enumerate().skip(1) {
        w.digit_moves(j as i64, d, &mut out);
    }
    Ok(out)
}

/// Writes the moves of a code, every node at the code's span.
struct Writer<'a> {
    span: &'a Span,
}

impl Writer<'_> {
    /// The moves of digit `d` at place `j >= 1`: take `j` from one heap `h` and leave nothing
    /// (bit 1: `h == j`), one heap (bit 2: `h > j`), or split what is left in two (bit 4) or
    /// three (bit 8).
    fn digit_moves(&self, j: i64, d: u8, out: &mut Vec<MoveDef>) {
        let h = Ident {
            name: "h".into(),
            span: self.span.clone(),
        };
        let take = |cond: Option<Expr>| {
            self.step(StepKind::Take {
                amount: Amount::Each(self.e(ExprKind::Int(j))),
                sel: self.one(Some(h.clone())),
                cond,
            })
        };
        let heap_vs_j = |op: BinOp| {
            Some(self.e(ExprKind::Binary(
                op,
                Box::new(self.e(ExprKind::Name("h".into()))),
                Box::new(self.e(ExprKind::Int(j))),
            )))
        };
        match d & 3 {
            3 => out.push(self.mv(vec![take(None)])),
            1 => out.push(self.mv(vec![take(heap_vs_j(BinOp::Eq))])),
            2 => out.push(self.mv(vec![take(heap_vs_j(BinOp::Gt))])),
            _ => {}
        }
        for (bit, parts) in [(4, 2), (8, 3)] {
            if d & bit != 0 {
                let r = Selector {
                    kind: SelKind::Ref(h.clone()),
                    name: None,
                    span: self.span.clone(),
                };
                out.push(self.mv(vec![take(None), self.split(r, parts)]));
            }
        }
    }

    fn e(&self, kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: self.span.clone(),
        }
    }

    /// `one heap [name]`.
    fn one(&self, name: Option<Ident>) -> Selector {
        Selector {
            kind: SelKind::One,
            name,
            span: self.span.clone(),
        }
    }

    fn step(&self, kind: StepKind) -> Step {
        Step {
            kind,
            span: self.span.clone(),
        }
    }

    /// `split SEL into PARTS` (non-empty parts).
    fn split(&self, sel: Selector, parts: i64) -> Step {
        self.step(StepKind::Split {
            sel,
            parts: self.e(ExprKind::Int(parts)),
            allow_empty: false,
            unequal: false,
            equal: false,
        })
    }

    /// A move of these steps alone.
    fn mv(&self, steps: Vec<Step>) -> MoveDef {
        MoveDef {
            fors: Vec::new(),
            guards: Vec::new(),
            steps,
            span: self.span.clone(),
        }
    }
}

/// For a move that is an `octal`/`hex` code, its moves written out (`Some(vec![])` after a
/// problem, reported in `diags`); `None` for any other move. An `octal` step must be the
/// whole move.
pub(crate) fn expand(
    m: &MoveDef,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<Vec<MoveDef>> {
    let (i, step) = m
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| matches!(s.kind, StepKind::Octal { .. }))?;
    let StepKind::Octal { hex, code } = &step.kind else {
        return None;
    };
    if m.steps.len() != 1 || !m.fors.is_empty() || !m.guards.is_empty() || i != 0 {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                step.span.clone(),
                "an `octal` code is a whole move",
                "with other steps or clauses",
            )
            .help("write it alone: `move { octal 0.137 }`"),
        );
        return Some(Vec::new());
    }
    let digits = match &code.kind {
        ExprKind::Decimal(text) => digits_of_text(text),
        _ => {
            let mut slots = Slots::default();
            let mut c = Compiler::new(diags, &mut slots);
            let Some(v) = c.constant(code, scope) else {
                return Some(Vec::new());
            };
            digits_of_value(&v)
        }
    };
    let result = digits
        .ok_or_else(|| "a code is written like `0.137`, digits after a point".to_string())
        .and_then(|d| moves_of(&d, *hex, &step.span));
    match result {
        Ok(moves) => Some(moves),
        Err(msg) => {
            diags.push(
                Diag::new(
                    Code::Range,
                    code.span.clone(),
                    format!("not a valid {} code: {msg}", if *hex { "hex" } else { "octal" }),
                    "this code",
                )
                .help("digit j (after the point) says what may be left after taking j tokens: bit 1 no heap, 2 one heap, 4 two heaps (8 three, in hex)"),
            );
            Some(Vec::new())
        }
    }
}
