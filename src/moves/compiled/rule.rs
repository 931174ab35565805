//! `positions where C` compiled ([`CompiledRule`]): the rule's condition as a closure over the
//! [`Regs`], for the box solvers that read the box's positions in their own order (the
//! compiled-moves kernel marks the positions the rule allows once, and solves only those).
//!
//! A rule that only compares named heaps with each other and with constants (`a < b and b <
//! c and c < d`) is read from the position directly, with no closure.
//!
//! Exactness: the rule is evaluated as [`crate::moves::program::PositionRule::allows`] does,
//! on the canonical position, with the named heaps' slots filled from it (0 for a heap the
//! position lacks); the closure answers `None` (then [`Fallback`]) wherever the interpreter
//! would report an error.

use super::expr::{boolean, BoolFn, Regs};
use super::{fold, Fallback};
use crate::moves::program::PositionRule;
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// One side of a comparison of a rule read directly from the position.
#[derive(Clone, Copy)]
enum Side {
    /// The heap at this index (0 when the position has none).
    Heap(usize),
    /// A constant.
    Const(i64),
}

impl Side {
    #[inline(always)]
    fn of(self, pos: &[u32]) -> i64 {
        match self {
            Side::Heap(i) => pos.get(i).map_or(0, |&h| i64::from(h)),
            Side::Const(c) => c,
        }
    }
}

/// A `positions where` rule, compiled.
pub struct CompiledRule {
    /// A rule that is a conjunction of comparisons between named heaps and constants (`a < b
    /// and b < c`, `a >= 1`): the comparisons, read from the position with no register.
    compares: Option<Vec<(Side, BinOp, Side)>>,
    cond: BoolFn,
    heap_names: Vec<(usize, usize)>,
    int_slots: usize,
    list_slots: usize,
}

impl CompiledRule {
    /// The rule compiled, or `None` when its condition is not of the compiled forms.
    pub fn of(rule: &PositionRule) -> Option<CompiledRule> {
        let cond = fold::fold(&rule.cond);
        Some(CompiledRule {
            compares: compares(&cond, &rule.heap_names),
            cond: boolean(&cond)?,
            heap_names: rule.heap_names.clone(),
            int_slots: rule.int_slots,
            list_slots: rule.list_slots,
        })
    }

    /// Registers for [`CompiledRule::allows`].
    pub fn regs(&self) -> Regs {
        Regs {
            ints: vec![0; self.int_slots],
            lists: vec![Vec::new(); self.list_slots],
            ..Regs::default()
        }
    }

    /// Whether the canonical position `pos` is a position of the game; `r` from
    /// [`CompiledRule::regs`].
    pub fn allows(&self, pos: &[u32], r: &mut Regs) -> Result<bool, Fallback> {
        if let Some(cs) = &self.compares {
            return Ok(cs.iter().all(|&(a, op, b)| {
                let (a, b) = (a.of(pos), b.of(pos));
                match op {
                    BinOp::Lt => a < b,
                    BinOp::Le => a <= b,
                    BinOp::Gt => a > b,
                    BinOp::Ge => a >= b,
                    BinOp::Eq => a == b,
                    _ => a != b,
                }
            }));
        }
        r.heaps.clear();
        r.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        for &(slot, i) in &self.heap_names {
            r.ints[slot] = pos.get(i).map_or(0, |&h| i64::from(h));
        }
        (self.cond)(r).ok_or(Fallback)
    }
}

/// The comparisons of `cond` when it is a conjunction of comparisons (`<`, `<=`, `>`, `>=`,
/// `==`, `!=`) between named heaps (`heap_names`: slot, index) and integer constants.
/// Exact: such a comparison never fails, so the conjunction's value is that of every
/// comparison evaluated, in any order.
fn compares(cond: &CExpr, heap_names: &[(usize, usize)]) -> Option<Vec<(Side, BinOp, Side)>> {
    let side = |e: &CExpr| match &e.kind {
        CKind::IntSlot(s) => {
            let &(_, i) = heap_names.iter().find(|&&(slot, _)| slot == *s)?;
            Some(Side::Heap(i))
        }
        CKind::Const(Value::Int(c)) => Some(Side::Const(*c)),
        _ => None,
    };
    let mut out = Vec::new();
    let mut stack = vec![cond];
    while let Some(c) = stack.pop() {
        match &c.kind {
            CKind::Bin(BinOp::And, a, b) => {
                stack.push(b);
                stack.push(a);
            }
            CKind::Bin(
                op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne),
                a,
                b,
            ) => out.push((side(a)?, *op, side(b)?)),
            _ => return None,
        }
    }
    Some(out)
}
