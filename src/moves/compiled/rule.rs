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

/// A comparison of a rule read directly from the position.
type Compare = (Side, BinOp, Side);

/// How a compiled rule is evaluated.
enum Form {
    /// A conjunction of comparisons between named heaps and constants (`a < b and b < c`,
    /// `a >= 1`), read from the position with no register.
    Compares(Vec<Compare>),
    /// The condition's closure over the registers.
    Cond(BoolFn),
}

/// A `positions where` rule, compiled.
pub struct CompiledRule {
    form: Form,
    heap_names: Vec<(usize, usize)>,
    int_slots: usize,
    list_slots: usize,
}

/// The order of every heap that a rule's comparisons set (`a < b and b <= c`): the heap at
/// index `order[0]` is at most the one at `order[1]`, and so on, strictly where `strict[i]`
/// (between `order[i]` and `order[i + 1]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleChain {
    /// The heaps' indices, from the least to the greatest.
    pub order: Vec<usize>,
    /// Whether each link of the chain is strict (`<`).
    pub strict: Vec<bool>,
}

impl CompiledRule {
    /// The rule compiled, or `None` when its condition is not of the compiled forms.
    pub fn of(rule: &PositionRule) -> Option<CompiledRule> {
        let cond = fold::fold(&rule.cond);
        let form = match compares(&cond, &rule.heap_names) {
            Some(cs) => Form::Compares(cs),
            None => Form::Cond(boolean(&cond)?),
        };
        Some(CompiledRule {
            form,
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
        let cond = match &self.form {
            Form::Compares(cs) => return Ok(cs.iter().all(|&c| holds(c, pos))),
            Form::Cond(cond) => cond,
        };
        r.heaps.clear();
        r.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        for &(slot, i) in &self.heap_names {
            r.ints[slot] = pos.get(i).map_or(0, |&h| i64::from(h));
        }
        cond(r).ok_or(Fallback)
    }

    /// The rule as an order of all `heaps` heaps (a chain of comparisons between two heaps,
    /// `<`, `<=`, `>` or `>=`, that links every heap) and the rule's other comparisons (`None`
    /// when there are none); `None` when the rule sets no such order. Exact: the rule is the
    /// conjunction of the chain's comparisons and the others.
    pub fn chain(&self, heaps: usize) -> Option<(RuleChain, Option<CompiledRule>)> {
        let Form::Compares(cs) = &self.form else {
            return None;
        };
        if heaps < 2 {
            return None;
        }
        // The link chosen after and before each heap.
        let mut next: Vec<Option<(usize, bool)>> = vec![None; heaps];
        let mut prev = vec![false; heaps];
        let mut rest = Vec::new();
        for &c in cs {
            let Some((lo, hi, strict)) = link(c).filter(|&(lo, hi, _)| lo < heaps && hi < heaps)
            else {
                rest.push(c);
                continue;
            };
            // Following the links from `hi` must not come back to `lo` (a circle).
            let mut at = Some(hi);
            while let Some(h) = at.filter(|&h| h != lo) {
                at = next[h].map(|(n, _)| n);
            }
            if next[lo].is_some() || prev[hi] || at == Some(lo) {
                rest.push(c);
                continue;
            }
            next[lo] = Some((hi, strict));
            prev[hi] = true;
        }
        let first = (0..heaps).find(|&h| !prev[h])?;
        let (mut order, mut strict) = (vec![first], Vec::new());
        while let Some((h, s)) = next[*order.last()?] {
            order.push(h);
            strict.push(s);
        }
        if order.len() != heaps {
            return None;
        }
        let rest = (!rest.is_empty()).then(|| CompiledRule {
            form: Form::Compares(rest),
            heap_names: Vec::new(),
            int_slots: 0,
            list_slots: 0,
        });
        Some((RuleChain { order, strict }, rest))
    }
}

/// Whether the comparison holds on `pos`.
#[inline(always)]
fn holds((a, op, b): Compare, pos: &[u32]) -> bool {
    let (a, b) = (a.of(pos), b.of(pos));
    match op {
        BinOp::Lt => a < b,
        BinOp::Le => a <= b,
        BinOp::Gt => a > b,
        BinOp::Ge => a >= b,
        BinOp::Eq => a == b,
        _ => a != b,
    }
}

/// A comparison between two different heaps as an order: `(lo, hi, strict)` for `lo < hi`
/// (`<=` when not strict).
fn link((a, op, b): Compare) -> Option<(usize, usize, bool)> {
    let (Side::Heap(a), Side::Heap(b)) = (a, b) else {
        return None;
    };
    let (lo, hi, strict) = match op {
        BinOp::Lt => (a, b, true),
        BinOp::Le => (a, b, false),
        BinOp::Gt => (b, a, true),
        BinOp::Ge => (b, a, false),
        _ => return None,
    };
    (lo != hi).then_some((lo, hi, strict))
}

/// The comparisons of `cond` when it is a conjunction of comparisons (`<`, `<=`, `>`, `>=`,
/// `==`, `!=`) between named heaps (`heap_names`: slot, index) and integer constants.
/// Exact: such a comparison never fails, so the conjunction's value is that of every
/// comparison evaluated, in any order.
fn compares(cond: &CExpr, heap_names: &[(usize, usize)]) -> Option<Vec<Compare>> {
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

#[cfg(test)]
mod tests {
    use super::CompiledRule;

    /// The chain `rule` sets on `heaps (a, b, c, d)`: its order, its strict links, and
    /// whether other comparisons are left.
    fn chain_of(rule: &str) -> Option<(Vec<usize>, Vec<bool>, bool)> {
        let text = format!(
            "ruleset \"t\" {{ heaps (a, b, c, d) positions where {rule} \
             move {{ take 1 from one heap }} }}"
        );
        let game = crate::Game::from_source("t", &text, &[]).expect("a valid ruleset");
        let rule = game.generator().positions.as_ref().expect("a rule");
        let (chain, rest) = CompiledRule::of(rule).expect("compiled").chain(4)?;
        Some((chain.order, chain.strict, rest.is_some()))
    }

    #[test]
    fn an_order_of_every_heap_is_read_as_a_chain() {
        let t = true;
        let f = false;
        let got = chain_of("a < b and b < c and c < d");
        assert_eq!(got, Some((vec![0, 1, 2, 3], vec![t, t, t], f)));
        let got = chain_of("d <= c and c <= b and b <= a and a >= 1");
        assert_eq!(got, Some((vec![3, 2, 1, 0], vec![f, f, f], t)));
        let got = chain_of("b > a and c >= b and d > c and a != 2");
        assert_eq!(got, Some((vec![0, 1, 2, 3], vec![t, f, t], t)));
        let got = chain_of("c < a and a <= d and d < b and c < b");
        assert_eq!(got, Some((vec![2, 0, 3, 1], vec![t, f, t], t)));
        // A circle: the link that closes it is left as a comparison.
        let got = chain_of("a < b and b < c and c < a and c < d");
        assert_eq!(got, Some((vec![0, 1, 2, 3], vec![t, t, t], t)));
    }

    #[test]
    fn a_rule_that_orders_not_every_heap_is_no_chain() {
        for rule in [
            "a < b and b < c",
            "a < b and a < c and a < d",
            "a == b and b == c and c == d",
            "a < b and b < c and c < d or a == 0",
            "a < b and b < c and c < d + 1",
        ] {
            assert_eq!(chain_of(rule), None, "{rule}");
        }
    }
}
