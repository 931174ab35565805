//! A fast path for the conditions the generator evaluates once per candidate move: integer
//! comparisons, `and`/`or`/`not`, checked `+ - *`, `|x|`, and membership of an integer or a
//! tuple of integers in a constant set, read straight from the integer slots with no
//! allocation. Anything else, and any overflow, answers `None`, and the caller evaluates the
//! expression in full ([`CExpr::eval_bool`]), so results and errors are exactly those of the
//! full evaluator.

use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::BinOp;

/// The value of a boolean expression, when the fast path can tell.
pub(crate) fn quick_bool(e: &CExpr, ints: &[i64]) -> Option<bool> {
    match &e.kind {
        CKind::Const(Value::Bool(b)) => Some(*b),
        CKind::Not(a) => quick_bool(a, ints).map(|b| !b),
        CKind::Bin(BinOp::And, a, b) => {
            if quick_bool(a, ints)? {
                quick_bool(b, ints)
            } else {
                Some(false)
            }
        }
        CKind::Bin(BinOp::Or, a, b) => {
            if quick_bool(a, ints)? {
                Some(true)
            } else {
                quick_bool(b, ints)
            }
        }
        CKind::Bin(op @ (BinOp::In | BinOp::NotIn), a, b) => {
            let CKind::Const(Value::Set(set)) = &b.kind else {
                return None;
            };
            let inside = match (&a.kind, set) {
                (CKind::Tuple(items), SetValue::Tuples(_)) if items.len() <= 8 => {
                    let mut t = [0i64; 8];
                    for (slot, item) in t.iter_mut().zip(items) {
                        *slot = quick_int(item, ints)?;
                    }
                    set.contains_tuple(&t[..items.len()])
                }
                (CKind::Tuple(_), _) => return None,
                (_, SetValue::Ints(_) | SetValue::Range(..)) => {
                    set.contains(quick_int(a, ints)?).ok()?
                }
                _ => return None,
            };
            Some(inside == (*op == BinOp::In))
        }
        CKind::Bin(
            op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
            a,
            b,
        ) => {
            let (x, y) = (quick_int(a, ints)?, quick_int(b, ints)?);
            Some(match op {
                BinOp::Eq => x == y,
                BinOp::Ne => x != y,
                BinOp::Lt => x < y,
                BinOp::Le => x <= y,
                BinOp::Gt => x > y,
                _ => x >= y,
            })
        }
        _ => None,
    }
}

/// The value of an integer expression, when the fast path can tell (no overflow).
fn quick_int(e: &CExpr, ints: &[i64]) -> Option<i64> {
    match &e.kind {
        CKind::Const(Value::Int(n)) => Some(*n),
        CKind::IntSlot(s) => ints.get(*s).copied(),
        CKind::Neg(a) => quick_int(a, ints)?.checked_neg(),
        CKind::Abs(a) => quick_int(a, ints)?.checked_abs(),
        CKind::Bin(BinOp::Add, a, b) => quick_int(a, ints)?.checked_add(quick_int(b, ints)?),
        CKind::Bin(BinOp::Sub, a, b) => quick_int(a, ints)?.checked_sub(quick_int(b, ints)?),
        CKind::Bin(BinOp::Mul, a, b) => quick_int(a, ints)?.checked_mul(quick_int(b, ints)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::quick_bool;
    use crate::game::Game;
    use crate::moves::program::{LAmount, LStepKind};
    use crate::ruleset::expr::Env;

    /// The conditions of a ruleset's moves, quick and full, on a grid of slot values.
    #[test]
    fn quick_answers_agree_with_the_full_evaluator() {
        let text = "ruleset \"Q\" { heaps 2
            let T = {(1, 3), (2, 3), (3, 1)}
            move { take s in 1.., t in 1.. from both heaps where |s - t| < 3 and (s, t) not in T }
            move { take s in 1.., t in 1.. from both heaps where s * t - 4 >= 2 or not (s in {2, 5}) }
            move { take s in 1.., t in 1.. from both heaps where -s + t == 1 and s != 4 }
            move { take s in 1.., t in 1.. from both heaps where s / 2 == t }
        }";
        let game = Game::from_source("q", text, &[]).expect("valid");
        let mut answered = 0;
        for m in &game.generator().moves {
            let LStepKind::Take(LAmount::Named(names), Some(cond)) = &m.steps[0].kind else {
                panic!("a named take with a condition");
            };
            let mut ints = vec![0i64; m.int_slots];
            for s in -3..7 {
                for t in -3..7 {
                    ints[names[0].0] = s;
                    ints[names[1].0] = t;
                    let quick = quick_bool(cond, &ints);
                    let full = cond
                        .eval_bool(&mut Env {
                            heaps: &[9, 9],
                            ints: &mut ints,
                            lists: &[],
                            stop: None,
                        })
                        .expect("evaluates");
                    if let Some(q) = quick {
                        assert_eq!(q, full, "{s} {t}");
                        answered += 1;
                    }
                }
            }
        }
        // The first three conditions are within the fast path; `/` is not.
        assert_eq!(answered, 300);
        let m = &game.generator().moves[1];
        let LStepKind::Take(LAmount::Named(names), Some(cond)) = &m.steps[0].kind else {
            unreachable!("checked above")
        };
        let mut ints = vec![0i64; m.int_slots];
        ints[names[0].0] = i64::MAX;
        ints[names[1].0] = 2;
        assert_eq!(
            quick_bool(cond, &ints),
            None,
            "overflow goes to the full evaluator"
        );
    }
}
