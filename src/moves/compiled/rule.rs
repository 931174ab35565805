//! `positions where C` compiled ([`CompiledRule`]): the rule's condition as a closure over the
//! [`Regs`], for the box solvers that read the box's positions in their own order (the
//! compiled-moves kernel marks the positions the rule allows once, and solves only those).
//!
//! Exactness: the rule is evaluated as [`crate::moves::program::PositionRule::allows`] does,
//! on the canonical position, with the named heaps' slots filled from it (0 for a heap the
//! position lacks); the closure answers `None` (then [`Fallback`]) wherever the interpreter
//! would report an error.

use super::expr::{boolean, BoolFn, Regs};
use super::{fold, Fallback};
use crate::moves::program::PositionRule;

/// A `positions where` rule, compiled.
pub struct CompiledRule {
    cond: BoolFn,
    heap_names: Vec<(usize, usize)>,
    int_slots: usize,
    list_slots: usize,
}

impl CompiledRule {
    /// The rule compiled, or `None` when its condition is not of the compiled forms.
    pub fn of(rule: &PositionRule) -> Option<CompiledRule> {
        Some(CompiledRule {
            cond: boolean(&fold::fold(&rule.cond))?,
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
        r.heaps.clear();
        r.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        for &(slot, i) in &self.heap_names {
            r.ints[slot] = pos.get(i).map_or(0, |&h| i64::from(h));
        }
        (self.cond)(r).ok_or(Fallback)
    }
}
