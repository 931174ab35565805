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
    let e = |kind: ExprKind| Expr {
        kind,
        span: span.clone(),
    };
    let h = Ident {
        name: "h".into(),
        span: span.clone(),
    };
    let one = |name: Option<Ident>| Selector {
        kind: SelKind::One,
        name,
        span: span.clone(),
    };
    let step = |kind: StepKind| Step {
        kind,
        span: span.clone(),
    };
    let split = |sel: Selector, parts: i64| {
        step(StepKind::Split {
            sel,
            parts: e(ExprKind::Int(parts)),
            allow_empty: false,
            unequal: false,
        })
    };
    let mv = |steps: Vec<Step>| MoveDef {
        fors: Vec::new(),
        guards: Vec::new(),
        steps,
        span: span.clone(),
    };
    let mut out = Vec::new();
    for (j, &d) in digits.iter().enumerate() {
        let j = j as i64;
        if j == 0 {
            for (bit, parts) in [(4, 2), (8, 3)] {
                if d & bit != 0 {
                    out.push(mv(vec![split(one(None), parts)]));
                }
            }
            continue;
        }
        let take = |cond: Option<Expr>| {
            step(StepKind::Take {
                amount: Amount::Each(e(ExprKind::Int(j))),
                sel: one(Some(h.clone())),
                cond,
            })
        };
        let heap_vs_j = |op: BinOp| {
            Some(e(ExprKind::Binary(
                op,
                Box::new(e(ExprKind::Name("h".into()))),
                Box::new(e(ExprKind::Int(j))),
            )))
        };
        match d & 3 {
            3 => out.push(mv(vec![take(None)])),
            1 => out.push(mv(vec![take(heap_vs_j(BinOp::Eq))])),
            2 => out.push(mv(vec![take(heap_vs_j(BinOp::Gt))])),
            _ => {}
        }
        for (bit, parts) in [(4, 2), (8, 3)] {
            if d & bit != 0 {
                let r = Selector {
                    kind: SelKind::Ref(h.clone()),
                    name: None,
                    span: span.clone(),
                };
                out.push(mv(vec![take(None), split(r, parts)]));
            }
        }
    }
    Ok(out)
}

/// For a move that is an `octal`/`hex` code, its moves written out (`Some(vec![])` after a
/// problem, reported in `diags`); `None` for any other move. An `octal` step must be the
/// whole move.
pub fn expand(m: &MoveDef, scope: &mut Scope, diags: &mut Vec<Diag>) -> Option<Vec<MoveDef>> {
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
